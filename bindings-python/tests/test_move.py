"""Module constants, squares and the Move value type."""

from __future__ import annotations

import pytest

import shogi_variants as sv
from shogi_variants import (
    BLACK,
    GAMES,
    JOKER,
    VARIANTS,
    WHITE,
    InvalidMoveError,
    InvalidSquareError,
    Move,
    ShogiError,
    parse_square,
    square_name,
)

from conftest import sq


def test_constants():
    assert BLACK == 0 and WHITE == 1
    assert JOKER == 0
    assert isinstance(sv.__version__, str) and sv.__version__
    assert sv.__version__[0].isdigit()
    assert set(VARIANTS) == {"standard", "minishogi", "must-capture", "defined", "scripted"}
    assert set(GAMES) == set(VARIANTS) | {"card", "tsuitate"}
    assert len(GAMES) == len(set(GAMES)) == 7


# ---------------------------------------------------------------------------
# squares
# ---------------------------------------------------------------------------


def test_square_numbering():
    assert square_name(60) == "7g"
    assert parse_square("7g") == 60
    assert square_name(0) == "1a"
    assert square_name(8) == "1i"
    assert square_name(9) == "2a"
    assert square_name(80) == "9i"
    for i in range(81):
        name = square_name(i)
        assert name == f"{i // 9 + 1}{chr(ord('a') + i % 9)}"
        assert parse_square(name) == i
        assert parse_square(i) == i  # an int is checked and returned
        assert sq(name) == i


@pytest.mark.parametrize("bad", [-1, 81, 100, 2**40, -(2**40)])
def test_square_name_rejects_out_of_range(bad):
    with pytest.raises(InvalidSquareError):
        square_name(bad)
    with pytest.raises(InvalidSquareError):
        parse_square(bad)


@pytest.mark.parametrize("bad", ["", "7", "0a", "7j", "10a", "a7", "7G", "77", "7g ", " 7g", "７g", "7gg", "P*"])
def test_parse_square_rejects_bad_names(bad):
    with pytest.raises(InvalidSquareError) as info:
        parse_square(bad)
    assert isinstance(info.value, ValueError)


# ---------------------------------------------------------------------------
# Move
# ---------------------------------------------------------------------------


def test_board_move_constructors_agree():
    m = Move.from_usi("7g7f")
    assert m == Move(60, 59) == Move("7g", "7f") == Move("7g", 59, False)
    assert m.usi() == "7g7f"
    assert m.from_square == 60
    assert m.to_square == 59
    assert m.drop_piece is None
    assert m.promotion is False
    assert not m.is_drop
    assert str(m) == "7g7f" or "7g7f" in repr(m)
    assert "7g7f" in repr(m)


def test_promotion_move():
    m = Move.from_usi("8h2b+")
    assert m == Move("8h", "2b", True) == Move(sq("8h"), sq("2b"), promotion=True)
    assert m.promotion is True
    assert m.usi() == "8h2b+"
    assert m != Move("8h", "2b")


def test_drop_move():
    m = Move.drop("P", "5e")
    assert m == Move.from_usi("P*5e") == Move.drop("P", sq("5e"))
    assert m.is_drop
    assert m.drop_piece == "P"
    assert m.from_square is None
    assert m.to_square == sq("5e")
    assert m.promotion is False
    assert m.usi() == "P*5e"
    for piece in "PLNSGBR":
        d = Move.drop(piece, "1b")
        assert d.usi() == f"{piece}*1b"
        assert d.drop_piece == piece


@pytest.mark.parametrize(
    "usi", ["R*1a", "B*9i", "G*5e", "S*2c", "N*3c", "L*4b", "P*1b", "1a9i+", "9i1a", "5e5d+"]
)
def test_usi_round_trip(usi):
    m = Move.from_usi(usi)
    assert m.usi() == usi
    assert Move.from_code(m.code) == m


@pytest.mark.parametrize(
    "bad",
    [
        "", "7g", "7g7", "7g7f+x", "7g7f=", "7g7g", "0a1a", "7j7f", "7g7f-", "p*5e", "K*5e",
        "+P*5e", "P*5e+", "P*5j", "P*0e", "P-5e", "７g7f", "7G7F", "7g7f ", " 7g7f", "resign",
        "7g7f\x00", "P*", "*5e",
    ],
)
def test_malformed_usi_is_rejected(bad):
    with pytest.raises(InvalidMoveError) as info:
        Move.from_usi(bad)
    assert isinstance(info.value, ShogiError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("piece", ["K", "k", "+P", "X", "", "PP", "Pawn", "*"])
def test_drop_of_a_non_droppable_piece_is_rejected(piece):
    with pytest.raises(ShogiError):
        Move.drop(piece, "5e")


def test_drop_piece_letter_case():
    """The .pyi names uppercase letters; a lowercase one is either refused or
    read as the same piece (never a different move)."""
    for piece in "plnsgbr":
        try:
            m = Move.drop(piece, "5e")
        except ShogiError:
            continue
        assert m == Move.drop(piece.upper(), "5e")


def test_bad_squares_in_move_constructors():
    with pytest.raises(InvalidSquareError):
        Move(81, 0)
    with pytest.raises(InvalidSquareError):
        Move(0, -1)
    with pytest.raises(InvalidSquareError):
        Move("7j", "7f")
    with pytest.raises(InvalidSquareError):
        Move.drop("P", "5j")
    with pytest.raises(InvalidSquareError):
        Move.drop("P", 81)


def test_move_to_its_own_square_is_rejected():
    with pytest.raises(ShogiError):
        Move(60, 60)
    with pytest.raises(ShogiError):
        Move("7g", "7g", True)


def test_code_is_16_bit_stable_and_invertible():
    moves = [Move.from_usi(u) for u in ["7g7f", "8h2b+", "8h2b", "P*5e", "R*1a", "1a9i+", "9i1a"]]
    codes = [m.code for m in moves]
    assert all(isinstance(c, int) and 0 <= c < 1 << 16 for c in codes)
    assert len(set(codes)) == len(codes)
    for m in moves:
        assert Move.from_code(m.code) == m
        assert Move.from_code(m.code).code == m.code
        assert Move.from_usi(m.usi()).code == m.code  # stable across constructions


def test_every_code_either_round_trips_or_is_rejected():
    ok = 0
    for code in range(1 << 16):
        try:
            m = Move.from_code(code)
        except InvalidMoveError:
            continue
        ok += 1
        assert m.code == code, (code, m.usi())
        assert Move.from_usi(m.usi()) == m
    # every board move (81*80*2 minus impossible promotions at most) and drop (7*81)
    assert ok >= 81 * 80 + 7 * 81


@pytest.mark.parametrize("bad", [-1, 1 << 16, 1 << 40])
def test_from_code_out_of_range(bad):
    with pytest.raises(InvalidMoveError):
        Move.from_code(bad)


def test_equality_hash_and_order():
    a = Move.from_usi("7g7f")
    b = Move(60, 59)
    c = Move.from_usi("2g2f")
    assert a == b and hash(a) == hash(b)
    assert a != c
    assert len({a, b, c}) == 2
    assert {a: 1}[b] == 1
    assert (a == 5) is False
    ms = [Move.from_usi(u) for u in ["7g7f", "P*5e", "8h2b+", "1a9i", "2g2f"]]
    assert sorted(ms) == sorted(ms, key=lambda m: m.code)
    for x in ms:
        for y in ms:
            assert (x < y) == (x.code < y.code)
            assert (x <= y) == (x.code <= y.code)
            assert (x > y) == (x.code > y.code)
            assert (x >= y) == (x.code >= y.code)


def test_move_is_immutable():
    m = Move.from_usi("7g7f")
    for attr, value in [("to_square", 0), ("from_square", 0), ("promotion", True)]:
        with pytest.raises((AttributeError, TypeError)):
            setattr(m, attr, value)
    assert m.usi() == "7g7f"
