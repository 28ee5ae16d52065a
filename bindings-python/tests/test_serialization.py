"""Pickle, repr, copy and SVG rendering."""

from __future__ import annotations

import copy
import pickle

import pytest

import shogi_variants as sv
from shogi_variants import BLACK, WHITE, Board, CardGame, Move, TsuitateGame

from conftest import BLACK_CHECKS, MATE_IN_ONE, SHUFFLE, assert_svg, play

BOARDS = {
    "start": lambda: Board(),
    "played": lambda: play(Board(), ["7g7f", "3c3d", "8h2b+", "3a2b"]),
    "from_sfen": lambda: play(Board("4k4/9/9/9/9/9/4P4/9/4K4 b P 1"), ["P*4e"]),
    "settings": lambda: play(Board(move_limit=40, impasse="Points24"), ["2g2f"]),
    "minishogi": lambda: play(Board(variant="minishogi", repetition="Draw", stalemate="Draw"), ["5d5c", "1b1c"]),
    "must_capture": lambda: Board(variant="must-capture", base="minishogi", king_captures_first=True),
    "mated": lambda: play(Board(MATE_IN_ONE), ["G*1b"]),
    "repetition": lambda: play(Board(), SHUFFLE * 3),
}


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_pickle_round_trip(name):
    b = BOARDS[name]()
    for proto in range(2, pickle.HIGHEST_PROTOCOL + 1):
        c = pickle.loads(pickle.dumps(b, protocol=proto))
        assert isinstance(c, Board)
        assert c.sfen() == b.sfen()
        assert c.move_stack == b.move_stack
        assert c.settings == b.settings
        assert c.variant == b.variant
        assert c.outcome() == b.outcome()
        assert c.repetition_count() == b.repetition_count()
        assert c == b
        assert c.root().sfen() == b.root().sfen()


def test_pickle_keeps_the_repetition_history():
    b = play(Board(), SHUFFLE * 3)
    b.pop()
    c = pickle.loads(pickle.dumps(b))
    assert c.repetition_count() == 3
    c.push_usi(SHUFFLE[-1])
    assert c.outcome().reason == "repetition"
    p = play(Board(BLACK_CHECKS), ["3b3a", "1a1b", "3a3b", "1b1a"] * 3)
    q = pickle.loads(pickle.dumps(p))
    assert q.outcome() == p.outcome()
    assert q.outcome().reason == "perpetual_check"


def test_pickle_of_a_resigned_board():
    b = play(Board(), ["7g7f"])
    b.resign()
    c = pickle.loads(pickle.dumps(b))
    assert c.outcome() == b.outcome()


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_repr_evaluates_back(name):
    b = BOARDS[name]()
    text = repr(b)
    assert isinstance(text, str)
    c = eval(text, vars(sv))  # noqa: S307 - the documented contract
    assert isinstance(c, Board)
    assert c.sfen() == b.sfen()
    assert c.variant == b.variant
    assert c.settings == b.settings


def test_repr_shows_the_sfen():
    b = play(Board(), ["7g7f"])
    assert b.sfen() in repr(b)


def test_copy_module_and_method():
    b = BOARDS["played"]()
    for c in (b.copy(), copy.copy(b), copy.deepcopy(b)):
        assert c == b and c is not b
        c.pop()
        assert len(b.move_stack) == 4


def test_move_repr_and_pickle():
    m = Move.from_usi("8h2b+")
    assert "8h2b+" in repr(m)
    assert pickle.loads(pickle.dumps(m)) == m
    assert copy.copy(m) == m


# ---------------------------------------------------------------------------
# SVG
# ---------------------------------------------------------------------------


def test_board_svg_standard_and_minishogi():
    std = Board()
    mini = Board(variant="minishogi")
    a = assert_svg(std._repr_svg_())
    b = assert_svg(mini._repr_svg_())
    assert std._repr_svg_() != mini._repr_svg_()
    assert std._repr_svg_() == std.svg()
    assert a is not None and b is not None


def test_svg_options():
    b = play(Board(), ["7g7f"])
    plain = b.svg()
    flipped = b.svg(flipped=True)
    lit = b.svg(highlight=["7f", 60])
    for text in (plain, flipped, lit):
        assert_svg(text)
    assert flipped != plain
    assert lit != plain
    assert b.svg(highlight=["7f", 60]) == b.svg(highlight=[59, "7g"])  # names and indices
    assert b.svg(highlight=()) == plain


def test_svg_of_games_and_views():
    for g in (TsuitateGame(), TsuitateGame(base="minishogi")):
        assert_svg(g._repr_svg_())
        for color in (BLACK, WHITE):
            assert_svg(g.seen(color)._repr_svg_())
    for c in (CardGame(seed=1), CardGame(seed=1, base="minishogi")):
        assert_svg(c._repr_svg_())
    m = play(Board(MATE_IN_ONE), ["G*1b"])  # a finished game still draws
    assert_svg(m._repr_svg_())
    h = Board("k8/7+R1/4+P4/9/9/9/9/9/4K4 b 2Pr 1")  # promoted pieces and hands
    assert_svg(h._repr_svg_())


def test_svg_renders_with_cairosvg():
    cairosvg = pytest.importorskip("cairosvg")
    for text in (Board()._repr_svg_(), Board(variant="minishogi").svg(flipped=True), TsuitateGame().seen(WHITE)._repr_svg_()):
        try:
            png = cairosvg.svg2png(bytestring=text.encode())
        except OSError as e:  # no libcairo on this machine
            pytest.skip(str(e))
        assert png.startswith(b"\x89PNG")
