"""Illegal moves say why: ``IllegalMoveError.reason`` (a short stable name)
and the message in words, on every game class; one position per rule, in
which exactly that rule refuses the move, and the game is unchanged."""

from __future__ import annotations

import pytest

import shogi_variants as sv
from shogi_variants import Board, CardGame, IllegalMoveError, TsuitateGame

from conftest import card_snapshot, raises_unchanged, tsuitate_snapshot

# After 7g7f 3c3d the bishop on 8h may take the bishop on 2b.
BISHOPS_FACE = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"

BOARD_CASES = [
    # (sfen, variant, move, reason, words)
    (None, "standard", "5e5d", "no_such_piece", "there is no piece on 5e"),
    (None, "standard", "3c3d", "not_your_piece", "the piece on 3c is your opponent's"),
    (None, "standard", "9i9g", "own_piece_there", "your own piece stands on 9g"),
    (None, "standard", "7g7e", "cannot_move_there", "the pawn on 7g cannot move to 7e"),
    (None, "standard", "P*5e", "none_in_hand", "you have no pawn in hand"),
    (None, "standard", "7g7f+", "promotion_not_allowed",
     "a pawn promotes only on a move that starts or ends in the promotion zone"),
    (None, "minishogi", "4e3d+", "promotion_not_allowed", "a gold cannot promote"),
    ("4k4/9/9/9/9/9/4P4/9/4K4 b G 1", "standard", "G*5g", "occupied",
     "5g is occupied: a drop needs an empty square"),
    ("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "standard", "P*5e", "nifu", "two pawns on file 5 (nifu)"),
    ("4k4/9/9/9/9/9/9/9/4K4 b P 1", "standard", "P*1a", "dead_square",
     "a pawn on 1a could never move (dead square)"),
    ("4k4/P8/9/9/9/9/9/9/4K4 b - 1", "standard", "9b9a", "dead_square",
     "a pawn on 9a could never move (dead square)"),
    ("8k/6G2/9/7N1/9/9/9/9/K8 b P 1", "standard", "P*1b", "pawn_drop_mate",
     "a pawn drop may not give checkmate (pawn-drop mate)"),
    ("4k4/9/9/9/4r4/9/9/4B4/4K4 b P 1", "standard", "5h4g", "own_king_in_check",
     "leaves your king in check"),
    ("4k4/9/9/9/3r5/9/9/9/4K4 b P 1", "standard", "5i6i", "own_king_in_check",
     "leaves your king in check"),
    (BISHOPS_FACE, "must-capture", "2g2f", "must_capture",
     "a capture is available and capturing is compulsory"),
    # Refused by plain shogi's rules in must-capture: their reason, not the duty.
    (BISHOPS_FACE, "must-capture", "2g2e", "cannot_move_there", "the pawn on 2g cannot move to 2e"),
]


@pytest.mark.parametrize("sfen,variant,usi,reason,words", BOARD_CASES)
def test_board_says_why(sfen, variant, usi, reason, words):
    board = Board(sfen, variant=variant)
    with raises_unchanged(IllegalMoveError, board) as info:
        board.push_usi(usi)
    assert info.value.reason == reason
    assert str(info.value) == f"{usi}: {words}"
    # push of a Move object: the same reason.
    with raises_unchanged(IllegalMoveError, board) as info:
        board.push(sv.Move.from_usi(usi))
    assert info.value.reason == reason


def test_notation_of_an_illegal_move_says_why():
    board = Board("4k4/9/9/9/9/9/4P4/9/4K4 b P 1")
    with raises_unchanged(IllegalMoveError, board) as info:
        board.japanese("P*5e")
    assert info.value.reason == "nifu"
    assert str(info.value) == "P*5e: two pawns on file 5 (nifu)"


def test_card_game_says_why():
    g = CardGame(seed=1)
    g.apply_chance(3)
    with raises_unchanged(IllegalMoveError, g, card_snapshot) as info:
        g.push_usi("7g7f")
    assert info.value.reason == "off_card_file"
    assert str(info.value) == "7g7f: the card drawn is file 3; this move is on file 7"
    # On the card's file, but the pawn cannot go there: the base's rule.
    with raises_unchanged(IllegalMoveError, g, card_snapshot) as info:
        g.push_usi("3g3e")
    assert info.value.reason == "cannot_move_there"
    g.push_usi("3g3f")
    # A move while a card is due.
    with raises_unchanged(IllegalMoveError, g, card_snapshot) as info:
        g.push_usi("3c3d")
    assert info.value.reason == "chance_due"


def test_card_game_origin_rule_and_capture_duty_say_why():
    g = CardGame(seed=1, file_rule="Origin")
    g.apply_chance(6)
    with raises_unchanged(IllegalMoveError, g, card_snapshot) as info:
        g.push_usi("7i6h")
    assert info.value.reason == "off_card_file"
    assert str(info.value) == "7i6h: the card drawn is file 6; this move is on file 7"
    d = CardGame(BISHOPS_FACE, seed=1, capture_duty=True)
    d.apply_chance(2)
    with raises_unchanged(IllegalMoveError, d, card_snapshot) as info:
        d.push_usi("2g2f")
    assert info.value.reason == "must_capture"
    assert str(info.value) == "2g2f: a capture is available and capturing is compulsory"
    d.push_usi("8h2b+")


@pytest.mark.parametrize(
    "usi,reason,words",
    [
        ("P*9c", "nifu", "two pawns on file 9 (nifu)"),
        ("P*5a", "dead_square", "a pawn on 5a could never move (dead square)"),
        ("5e5d", "no_such_piece", "there is no piece on 5e"),
        ("5i5g", "cannot_move_there", "the king on 5i cannot move to 5g"),
    ],
)
def test_tsuitate_input_errors_say_why(usi, reason, words):
    g = TsuitateGame("4k4/9/9/9/9/9/P8/9/4K4 b P 1")
    with raises_unchanged(IllegalMoveError, g, tsuitate_snapshot) as info:
        g.push_usi(usi)
    assert info.value.reason == reason
    assert str(info.value) == f"{usi}: {words} (not a candidate move on the player's own board)"


def test_tsuitate_fouls_use_the_same_reason_names():
    # The white rook on 5e, unseen by Black, pins the bishop on 5h: moving
    # it is a foul (a ruling, not an exception), revealed at the end under
    # the name IllegalMoveError gives the same rule.
    g = TsuitateGame("4k4/9/9/9/4r4/9/9/4B4/4K4 b P 1")
    ruling = g.push_usi("5h4g")
    assert ruling.verdict == "foul"
    assert g.attempts()[-1][2] == "own_king_in_check"
    board = Board("4k4/9/9/9/4r4/9/9/4B4/4K4 b P 1")
    with pytest.raises(IllegalMoveError) as info:
        board.push_usi("5h4g")
    assert info.value.reason == g.attempts()[-1][2]


def test_an_illegal_move_error_raised_by_python_code_has_the_default_reason():
    with pytest.raises(IllegalMoveError) as info:
        raise IllegalMoveError("no drops in this game")
    assert info.value.reason == "not_allowed"
