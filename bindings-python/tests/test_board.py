"""Board: construction, queries, push/pop, LegalMoves, Outcome, copy/root."""

from __future__ import annotations

import pytest

import shogi_variants as sv
from shogi_variants import BLACK, WHITE, Board, LegalMoves, Move, Outcome

from conftest import (
    MATE_IN_ONE,
    MINISHOGI_START,
    STANDARD_START,
    play,
    raises_unchanged,
    sq,
    sqs,
    usis,
)


def test_default_board_is_the_standard_start():
    b = Board()
    assert b.sfen() == STANDARD_START
    assert Board(None).sfen() == STANDARD_START
    assert Board("startpos").sfen() == STANDARD_START
    assert Board(STANDARD_START).sfen() == STANDARD_START
    assert b.variant == "standard"
    assert b.turn == BLACK
    assert b.move_number == 1
    assert (b.files, b.ranks) == (9, 9)
    assert b.move_stack == []
    assert not b.is_check()
    assert not b.is_checkmate()
    assert not b.is_game_over()
    assert b.outcome() is None
    assert b.repetition_count() == 1


def test_minishogi_start():
    b = Board(variant="minishogi")
    assert b.sfen() == MINISHOGI_START
    assert Board("startpos", variant="minishogi").sfen() == MINISHOGI_START
    assert b.variant == "minishogi"
    assert (b.files, b.ranks) == (5, 5)
    assert usis(b.legal_moves) == sorted(
        ["5d5c", "5e4d", "4e4d", "4e3d", "3e4d", "3e3d", "3e2d",
         "2e5b", "2e4c", "2e3d", "2e1d", "1e1b", "1e1c", "1e1d"]
    )
    assert b.piece_at("5e") == "K"
    assert b.piece_at("1a") == "k"
    assert b.piece_at("5a") == "r"


def test_must_capture_board():
    b = Board(variant="must-capture")
    assert b.variant == "must-capture"
    assert b.sfen() == STANDARD_START
    assert len(b.legal_moves) == 30
    mini = Board(variant="must-capture", base="minishogi")
    assert (mini.files, mini.ranks) == (5, 5)
    assert mini.sfen() == MINISHOGI_START
    assert usis(mini.legal_moves) == ["1e1b"]


def test_settings_defaults_and_round_trip():
    expected_keys = {
        "standard": {"move_limit", "impasse"},
        "minishogi": {"move_limit", "repetition", "stalemate"},
        "must-capture": {"may_flee_from_check", "king_captures_first", "move_limit", "base"},
        # A defined variant's settings are its definition's fields.
        "defined": {"name", "files", "ranks", "promotion_ranks", "start", "drops", "end", "dialects"},
    }
    for variant in sv.VARIANTS:
        if variant == "scripted":
            # A scripted variant is named by its registered name
            # (test_scripted.py round-trips its settings).
            with pytest.raises(sv.SettingError, match="name the registered script"):
                Board(variant=variant)
            continue
        b = Board(variant=variant)
        s = b.settings
        assert isinstance(s, dict)
        assert set(s) == expected_keys[variant], variant
        limits = s["end"] if variant == "defined" else s
        assert limits.get("move_limit") is None
        # The settings dict is accepted back as keyword arguments.
        again = Board(variant=variant, **s)
        assert again.settings == s
        # The dict is a copy: mutating it does not change the board.
        limits["move_limit"] = 3
        again_limits = b.settings["end"] if variant == "defined" else b.settings
        assert again_limits.get("move_limit") is None
    mc = Board(variant="must-capture").settings
    assert mc["may_flee_from_check"] is True
    assert mc["king_captures_first"] is False


def test_settings_are_applied():
    b = Board(move_limit=4, impasse="Points27")
    assert b.settings["move_limit"] == 4
    assert Board(**b.settings).settings == b.settings
    assert Board(impasse="Points27").settings != Board().settings
    m = Board(variant="minishogi", repetition="Draw", stalemate="Draw", move_limit=100)
    assert m.settings["move_limit"] == 100
    assert m.settings != Board(variant="minishogi").settings
    assert Board(variant="minishogi", **m.settings).settings == m.settings
    mc = Board(variant="must-capture", may_flee_from_check=False, king_captures_first=True)
    assert mc.settings["may_flee_from_check"] is False
    assert mc.settings["king_captures_first"] is True


def test_push_pop_peek():
    b = Board()
    b.push(Move.from_usi("7g7f"))
    assert b.turn == WHITE
    assert b.move_number == 2
    m = b.push_usi("3c3d")
    assert m == Move.from_usi("3c3d")
    b.push("8h2b+")  # a str is a MoveLike
    assert b.peek() == Move.from_usi("8h2b+")
    assert b.move_stack == [Move.from_usi(u) for u in ["7g7f", "3c3d", "8h2b+"]]
    assert b.sfen() == "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"
    assert b.hand(BLACK) == {"B": 1}
    assert b.hand(WHITE) == {}
    assert b.pop() == Move.from_usi("8h2b+")
    assert b.pop() == Move.from_usi("3c3d")
    assert b.pop() == Move.from_usi("7g7f")
    assert b.sfen() == STANDARD_START
    assert b.move_stack == []
    with pytest.raises(IndexError):
        b.pop()
    with pytest.raises(IndexError):
        b.peek()
    assert b.sfen() == STANDARD_START


def test_move_stack_is_a_copy():
    b = play(Board(), ["7g7f"])
    stack = b.move_stack
    stack.append(Move.from_usi("3c3d"))
    assert b.move_stack == [Move.from_usi("7g7f")]


def test_piece_at_and_hand():
    b = Board()
    assert b.piece_at("5i") == "K"
    assert b.piece_at(sq("5a")) == "k"
    assert b.piece_at("8h") == "B"
    assert b.piece_at("2b") == "b"
    assert b.piece_at("5e") is None
    assert b.hand(BLACK) == {} and b.hand(WHITE) == {}
    b = Board("k8/7+R1/4+P4/9/9/9/9/9/4K4 b 2Pr 1")
    assert b.piece_at("2b") == "+R"
    assert b.piece_at("5c") == "+P"
    assert b.hand(BLACK) == {"P": 2}
    assert b.hand(WHITE) == {"R": 1}  # uppercase letters for either color
    w = Board("4k4/9/9/9/9/9/9/9/4K4 w 2R2B4G4S4N4L9P9p 1")
    assert w.hand(WHITE) == {"P": 9}
    assert w.hand(BLACK) == {"R": 2, "B": 2, "G": 4, "S": 4, "N": 4, "L": 4, "P": 9}


def test_legal_moves_collection():
    b = Board()
    lm = b.legal_moves
    assert isinstance(lm, LegalMoves)
    assert len(lm) == 30 == lm.count()
    assert bool(lm)
    moves = list(lm)
    assert len(moves) == 30 and all(isinstance(m, Move) for m in moves)
    assert len(set(moves)) == 30
    assert Move.from_usi("7g7f") in lm
    assert "7g7f" in lm
    assert "7g7e" not in lm
    assert Move.from_usi("3c3d") not in lm  # White's move
    assert "P*5e" not in lm
    assert b.is_legal("7g7f") and b.is_legal(Move.from_usi("2g2f"))
    assert not b.is_legal("7g7e")
    assert not b.is_legal("8h2b+")
    # Iterating twice gives the same moves.
    assert usis(lm) == usis(lm)


def test_legal_moves_is_live_or_snapshot_but_consistent():
    b = Board()
    lm = b.legal_moves
    b.push_usi("7g7f")
    # Whatever the view semantics, a fresh one reflects White's moves.
    assert "3c3d" in b.legal_moves
    assert "7g7f" not in b.legal_moves
    assert len(b.legal_moves) == 30


def test_check_and_checkmate_queries():
    b = Board(MATE_IN_ONE)
    assert not b.is_check()
    b.push_usi("G*1b")
    assert b.is_check()
    assert b.is_checkmate()
    assert b.is_game_over()
    assert len(b.legal_moves) == 0
    assert not b.legal_moves
    assert list(b.legal_moves) == []


def test_legal_squares_of_pieces_and_drops():
    b = Board()
    assert sorted(b.legal_squares("7g")) == sqs("7f")
    assert sorted(b.legal_squares(sq("2h"))) == sqs("1h", "3h", "4h", "5h", "6h", "7h")
    assert b.legal_squares("8h") == []  # boxed in
    assert sorted(b.legal_squares("5i")) == sqs("4h", "5h", "6h")
    assert b.legal_squares("3c") == []  # White's pawn
    assert b.legal_squares("5e") == []  # empty
    assert b.legal_squares("P*") == []  # nothing in hand
    # Uchifuzume on 1b, dead rank a.
    b = Board("7nk/9/7G1/9/9/9/9/9/4K4 b P 1")
    pawn = b.legal_squares("P*")
    assert sq("1b") not in pawn
    assert sq("1c") in pawn
    assert len(pawn) == 69
    assert b.legal_squares("G*") == []
    # Every destination corresponds to a legal move.
    b = Board("ln1g5/1r2S1k2/p2pppn2/2ps2p2/1p7/2P6/PPSPPPPLP/2G2K1pr/LN4G1+b w BGSLPnp 62")
    for s in range(81):
        expected = sorted({m.to_square for m in b.legal_moves if m.from_square == s})
        assert sorted(set(b.legal_squares(s))) == expected, s
    for piece in "NP":
        expected = sorted({m.to_square for m in b.legal_moves if m.drop_piece == piece})
        assert sorted(b.legal_squares(piece + "*")) == expected


def test_perft_and_divide():
    b = Board()
    assert b.perft(1) == 30
    assert b.perft(2) == 900
    assert b.perft(2, bulk=False) == 900
    d = b.divide(2)
    assert isinstance(d, dict) and len(d) == 30
    assert sum(d.values()) == 900
    assert set(d) == set(usis(b.legal_moves))
    assert all(v == 30 for v in d.values())
    assert b.divide(1) == {u: 1 for u in usis(b.legal_moves)}
    assert b.sfen() == STANDARD_START and b.move_stack == []
    assert b.perft(0) == 1


def test_copy_is_independent():
    b = play(Board(), ["7g7f", "3c3d"])
    c = b.copy()
    assert c == b
    assert c is not b
    assert c.sfen() == b.sfen() and c.move_stack == b.move_stack
    assert c.settings == b.settings and c.variant == b.variant
    c.push_usi("8h2b+")
    assert b.sfen() != c.sfen()
    assert len(b.move_stack) == 2 and len(c.move_stack) == 3
    assert c != b
    c.pop()
    c.pop()
    assert len(b.move_stack) == 2
    # stack=False: starts at the current position
    d = b.copy(stack=False)
    assert d.sfen() == b.sfen()
    assert d.move_stack == []
    with pytest.raises(IndexError):
        d.pop()
    assert d.settings == b.settings


def test_copy_keeps_settings_and_variant():
    b = Board(variant="minishogi", repetition="Draw")
    c = b.copy()
    assert c.variant == "minishogi"
    assert c.settings == b.settings


def test_root():
    b = play(Board(move_limit=50), ["7g7f", "3c3d"])
    r = b.root()
    assert r.sfen() == STANDARD_START
    assert r.move_stack == []
    assert r.settings == b.settings and r.variant == b.variant
    assert len(b.move_stack) == 2  # the original is untouched
    m = play(Board(variant="minishogi"), ["5d5c"]).root()
    assert m.sfen() == MINISHOGI_START and m.variant == "minishogi"


def test_root_of_a_board_from_an_sfen_is_that_sfen():
    sfen = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1"
    b = play(Board(sfen), ["P*4e"])
    assert b.root().sfen() == sfen


def test_equality():
    assert Board() == Board()
    assert Board() == Board("startpos")
    assert Board() != play(Board(), ["7g7f"])
    assert play(Board(), ["7g7f"]) == play(Board(), ["7g7f"])
    assert (Board() == "not a board") is False


# ---------------------------------------------------------------------------
# Outcome
# ---------------------------------------------------------------------------


def test_outcome_of_checkmate():
    b = Board(MATE_IN_ONE)
    assert b.outcome() is None
    b.push_usi("G*1b")
    o = b.outcome()
    assert isinstance(o, Outcome)
    assert o.winner == BLACK
    assert o.reason == "checkmate"
    assert o.score(BLACK) == 1.0 and o.score(WHITE) == 0.0
    assert o.returns() == [1.0, -1.0]
    assert o == b.outcome()
    assert hash(o) == hash(b.outcome())
    resigned = Board().resign()
    assert resigned.winner == WHITE and resigned.reason == "resignation"
    assert o != resigned


def test_outcome_of_a_draw_and_of_white_winning():
    b = play(Board(move_limit=2), ["7g7f", "3c3d"])
    o = b.outcome()
    assert o.winner is None
    assert o.reason == "move_limit"
    assert o.score(BLACK) == o.score(WHITE) == 0.5
    assert o.returns() == [0.0, 0.0]
    w = Board("8k/9/9/9/9/9/p8/9/K8 w g 1")
    w.push_usi("G*9h")
    ow = w.outcome()
    assert ow.winner == WHITE and ow.reason == "checkmate"
    assert ow.returns() == [-1.0, 1.0]
    assert ow.score(WHITE) == 1.0
    assert ow != o
    assert len({o, ow, b.outcome()}) == 2
    assert repr(ow) == "<Outcome winner=WHITE reason='checkmate'>"


def test_resign():
    b = play(Board(), ["7g7f"])
    o = b.resign()
    assert o.winner == BLACK and o.reason == "resignation"
    assert b.outcome() == o
    assert b.is_game_over()
    assert len(b.move_stack) == 1
    assert len(b.legal_moves) == 0
    m = Board(variant="minishogi")
    o = m.resign()
    assert o.winner == WHITE and o.score(WHITE) == 1.0


def test_a_resignation_is_final_pop_refuses():
    b = play(Board(), ["7g7f"])
    o = b.resign()
    with raises_unchanged(sv.GameOverError, b, match="final"):
        b.pop()
    assert b.outcome() == o and len(b.move_stack) == 1
    d = play(Board(variant="standard", impasse="Points27"), ["7g7f"])
    d.declare()
    with raises_unchanged(sv.GameOverError, d):
        d.pop()
    # An end by a rule is taken back with its move.
    m = play(Board(move_limit=1), ["7g7f"])
    assert m.is_game_over()
    assert m.pop().usi() == "7g7f" and m.outcome() is None


def test_legal_squares_follow_the_variant():
    # Minishogi's start under the capture duty: only the rook may move, to 1b.
    b = Board(variant="must-capture", base="minishogi")
    assert b.legal_squares("2e") == []
    assert b.legal_squares("1e") == [sv.parse_square("1b")]
    assert b.legal_squares("5e") == []
    plain = Board(variant="minishogi")
    assert len(plain.legal_squares("2e")) == 4
    with pytest.raises(sv.InvalidSquareError, match="piece in hand"):
        b.legal_squares("K*")


def test_turn_and_move_number_from_sfen():
    b = Board("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 7")
    assert b.turn == WHITE
    assert b.move_number == 7
    b.push_usi("3c3d")
    assert b.move_number == 8 and b.turn == BLACK
