"""Perft against the published counts, natively and through the Python API."""

from __future__ import annotations

import threading

import pytest

from shogi_variants import Board

POS_593 = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"


@pytest.mark.parametrize("depth,count", [(1, 30), (2, 900), (3, 25470), (4, 719731)])
def test_standard_start(depth, count):
    b = Board()
    assert b.perft(depth) == count
    if count < 100_000:
        assert b.perft(depth, bulk=False) == count
    assert b.move_stack == []


@pytest.mark.parametrize("depth,count", [(1, 14), (2, 181), (3, 2512), (4, 35401)])
def test_minishogi_start(depth, count):
    b = Board(variant="minishogi")
    assert b.perft(depth) == count
    assert b.perft(depth, bulk=False) == count


def test_position_593():
    b = Board(POS_593)
    assert len(b.legal_moves) == 593
    assert b.perft(1) == 593
    assert b.perft(2) == 105677


def test_divide_sums_to_perft():
    b = Board()
    b.push_usi("7g7f")
    d = b.divide(3)
    assert sum(d.values()) == b.perft(3)
    mini = Board(variant="minishogi")
    assert sum(mini.divide(3).values()) == 2512


def test_divide_and_perft_count_the_same_tree_once_the_game_is_over():
    """divide is the core's divide: like perft it counts the move tree of the
    position, not the game's end (it once listed no move after a move limit)."""
    b = Board(move_limit=1)
    b.push_usi("7g7f")
    assert b.outcome() is not None and len(b.legal_moves) == 0
    d = b.divide(2)
    assert len(d) == 30 and sum(d.values()) == b.perft(2) == 1110
    mc = Board(variant="must-capture", base="minishogi")
    assert sum(mc.divide(4).values()) == mc.perft(4) == mc.perft(4, bulk=False)


def test_python_level_perft_matches_native():
    def walk(board, depth):
        if depth == 0:
            return 1
        n = 0
        for m in board.legal_moves:
            board.push(m)
            n += walk(board, depth - 1)
            board.pop()
        return n

    assert walk(Board(), 2) == 900
    assert walk(Board(variant="minishogi"), 3) == 2512


def test_perft_from_threads():
    """perft releases the GIL: threads run it concurrently with correct results."""
    results = {}

    def run(i):
        results[i] = Board(variant="minishogi").perft(4) if i % 2 else Board().perft(3)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {0: 25470, 1: 35401, 2: 25470, 3: 35401}
