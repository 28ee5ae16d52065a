"""The fixed action space from Python: every legal move round-trips, masks match."""

import random

import pytest

import shogi_variants as sv


@pytest.mark.parametrize("variant,size", [("standard", 13689), ("minishogi", 1425), ("must-capture", 13689)])
def test_actions_round_trip_and_masks_match(variant, size):
    rng = random.Random(variant)
    for _ in range(15):
        board = sv.Board(variant=variant)
        for _ in range(rng.randrange(0, 80)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        assert board.num_actions == size
        actions = board.legal_actions()
        assert actions == sorted(set(actions))
        assert sorted(board.move_of(a) for a in actions) == sorted(board.legal_moves)
        for m in board.legal_moves:
            assert board.move_of(board.action(m)) == m
        mask = board.action_mask()
        assert len(mask) == size
        assert [i for i, b in enumerate(mask) if b] == actions


def test_layout_and_errors():
    board = sv.Board()
    assert board.action("7g7f") == (60 * 81 + 59) * 2
    assert board.action("P*5e") == 2 * 81 * 81 + 40
    for bad in (-1, 13689, 2**70, "x"):
        with pytest.raises(sv.InvalidMoveError):
            board.move_of(bad)
    with pytest.raises(sv.InvalidMoveError):
        sv.Board(variant="minishogi").action("9i9h")  # off the 5x5 board
