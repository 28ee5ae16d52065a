"""Tsuitate shogi (RULES.md section 4): the referee, fouls, announcements,
views that never see hidden pieces, and the reveal at the end."""

from __future__ import annotations

import random

import pytest

from shogi_variants import (
    BLACK,
    WHITE,
    Announcement,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidSquareError,
    Move,
    Outcome,
    PlayerView,
    Ruling,
    ShogiError,
    TsuitateGame,
)

from conftest import STANDARD_START, assert_svg, raises_unchanged, sq, tsuitate_snapshot, usis

HIDDEN_PAWN = "4k4/9/9/9/8p/9/9/9/4K3R b - 1"
ROOK_ON_5A = "3r4k/9/9/9/9/9/9/9/4K4 b - 1"


def kinds(announcements):
    return [a.kind for a in announcements]


def mv(usi):
    return Move.from_usi(usi)


def test_start():
    g = TsuitateGame()
    assert g.sfen() == STANDARD_START
    assert g.turn == BLACK
    assert g.outcome() is None and not g.is_game_over()
    assert g.reveal() is None
    assert g.fouls(BLACK) == g.fouls(WHITE) == 0
    s = g.settings
    assert set(s) == {"foul_limit", "announce_fouls_to_both", "move_limit", "base"}
    assert s["foul_limit"] == 10
    assert s["announce_fouls_to_both"] is True
    assert s["move_limit"] == 150
    assert TsuitateGame(**s).settings == s
    v = g.seen(BLACK)
    assert isinstance(v, PlayerView)
    assert v.color == BLACK and v.to_move
    assert v.moves_played == 0 and v.fouls == 0 and v.opponent_fouls_known == 0
    assert v.information_state == []
    assert len(list(v.legal_moves)) == 30
    w = g.seen(WHITE)
    assert w.color == WHITE and not w.to_move
    assert list(w.legal_moves) == []


def test_sliding_through_a_hidden_piece_is_a_foul():
    g = TsuitateGame(HIDDEN_PAWN)
    before = g.sfen()
    r = g.push("1i1c+")
    assert isinstance(r, Ruling)
    assert r.verdict == "foul" and r.played is False
    assert g.sfen() == before
    assert g.turn == BLACK
    assert g.fouls(BLACK) == 1
    to_black, to_white = r.told
    assert kinds(to_black) == ["attempted", "foul"]
    assert to_black[0].move == mv("1i1c+")
    assert to_black[1].count == 1
    assert kinds(to_white) == ["opponent_foul"]
    assert to_white[0].count == 1
    assert to_white[0].move is None and to_white[0].square is None  # never where or why
    r2 = g.push(mv("5i5h"))
    assert r2.verdict == "played" and r2.played
    assert kinds(g.seen(WHITE).information_state) == ["opponent_foul", "opponent_moved"]
    assert g.seen(WHITE).opponent_fouls_known == 1
    assert g.seen(BLACK).fouls == 1
    assert g.seen(BLACK).moves_played == 1 == g.seen(WHITE).moves_played


def test_moving_onto_a_hidden_piece_captures_it():
    g = TsuitateGame(HIDDEN_PAWN)
    r = g.push("1i1e")
    assert r.verdict == "played"
    to_black, to_white = r.told
    assert kinds(to_black) == ["attempted", "played", "capture"]
    assert kinds(to_white) == ["opponent_moved", "capture"]
    cap = to_white[1]
    assert cap.square == sq("1e") and cap.piece == "P"
    assert cap == to_black[2] and hash(cap) == hash(to_black[2])
    assert cap.move is None and cap.count is None and cap.outcome is None
    assert g.seen(BLACK).hand() == {"P": 1}
    assert g.seen(WHITE).hand() == {}


def test_a_capture_names_the_piece_as_it_stood():
    g = TsuitateGame("4k4/9/9/9/8+r/9/9/9/4K3R b - 1")
    r = g.push("1i1e")
    cap = [a for a in r.told[1] if a.kind == "capture"][0]
    assert cap.piece == "+R"


def test_dropping_onto_a_hidden_piece_is_a_foul():
    g = TsuitateGame("4k4/9/9/9/8p/9/9/9/4K4 b G 1")
    assert g.push("G*1e").verdict == "foul"
    assert g.push("G*2e").verdict == "played"


def test_check_is_announced_to_both_and_ignoring_it_is_a_foul():
    g = TsuitateGame("4k4/9/9/9/9/9/9/9/3K4R b - 1")
    r = g.push("1i1a+")
    assert r.played
    assert "check" in kinds(r.told[0]) and "check" in kinds(r.told[1])
    assert g.push("5a4a").verdict == "foul"
    assert g.push("5a4b").verdict == "played"


def test_stepping_into_check_and_pawn_drop_mate_are_fouls():
    g = TsuitateGame(ROOK_ON_5A)
    assert g.push("5i6h").verdict == "foul"
    assert g.push("5i4h").verdict == "played"
    assert TsuitateGame("7nk/7l1/8G/9/9/9/9/9/4K4 b P 1").push("P*1b").verdict == "foul"
    assert TsuitateGame("8k/9/8G/9/9/9/9/9/4K4 b P 1").push("P*1b").verdict == "played"


def test_a_non_candidate_is_an_input_error_not_a_foul():
    g = TsuitateGame("4k4/9/9/9/9/9/9/9/4K3R b - 1")
    with raises_unchanged(IllegalMoveError, g, tsuitate_snapshot):
        g.push("5i5g")
    with raises_unchanged(InvalidMoveError, g, tsuitate_snapshot):
        g.push("5i5")
    with raises_unchanged(IllegalMoveError, g, tsuitate_snapshot):
        g.push("5a5b")  # White's king: not Black's piece
    assert g.fouls(BLACK) == 0
    assert g.seen(BLACK).information_state == []
    n = TsuitateGame("4k4/9/9/9/9/9/P8/9/4K4 b P 1")
    for usi in ["P*9c", "P*5a"]:  # nifu and a dead square are visible on the own board
        with raises_unchanged(IllegalMoveError, n, tsuitate_snapshot):
            n.push(usi)


def test_fouls_are_not_told_when_the_setting_is_off():
    g = TsuitateGame(ROOK_ON_5A, announce_fouls_to_both=False)
    r = g.push("5i6h")
    assert r.told[1] == []
    assert g.seen(WHITE).opponent_fouls_known == 0
    assert g.seen(WHITE).information_state == []


def test_the_foul_limit_loses_and_reveal_comes_only_at_the_end():
    g = TsuitateGame(ROOK_ON_5A, foul_limit=3)
    for _ in range(2):
        assert g.push("5i6h").verdict == "foul"
        assert g.reveal() is None
    assert g.outcome() is None
    r = g.push("5i6h")
    last_b, last_w = r.told[0][-1], r.told[1][-1]
    assert last_b.kind == "game_over" == last_w.kind
    assert last_b == last_w
    o = g.outcome()
    assert isinstance(o, Outcome)
    assert o.winner == WHITE and o.reason == "foul_limit"
    assert last_b.outcome == o
    assert g.fouls(BLACK) == 3
    assert g.is_game_over()
    with raises_unchanged(GameOverError, g, tsuitate_snapshot):
        g.push("5i4h")
    start, end, attempts = g.reveal()
    assert start == end == ROOK_ON_5A
    assert len(attempts) == 3
    for by, move, reason in attempts:
        assert by == BLACK and move == mv("5i6h")
        assert isinstance(reason, str) and reason


def test_reveal_lists_every_attempt_with_its_foul_reason():
    g = TsuitateGame("7nk/7l1/8G/9/9/9/9/8p/4K3R b GP 1", foul_limit=3)
    for usi in ["1i1d", "G*1h", "P*1b"]:
        assert g.push(usi).verdict == "foul"
    _, _, attempts = g.reveal()
    reasons = [r for _, _, r in attempts]
    assert len(set(reasons)) == 3, reasons  # three different fouls
    assert all(r is not None for r in reasons)


def test_checkmate_wins_at_once():
    g = TsuitateGame("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    r = g.push("G*5b")
    assert r.told[1][-1].kind == "game_over"
    assert g.outcome().winner == BLACK and g.outcome().reason == "checkmate"
    start, end, attempts = g.reveal()
    assert start == "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"
    assert end == g.sfen()
    assert attempts == [(BLACK, mv("G*5b"), None)]


def test_move_limit_counts_played_moves_only():
    g = TsuitateGame(ROOK_ON_5A, move_limit=2)
    g.push("5i6h")  # foul: not counted
    g.push("5i4h")
    assert g.seen(WHITE).moves_played == 1
    assert g.outcome() is None
    g.push("1a1b")
    assert g.outcome().reason == "move_limit" and g.outcome().winner is None


def test_view_has_no_enemy_pieces():
    g = TsuitateGame()
    g.push("7g7f")
    g.push("3c3d")
    black, white = g.seen(BLACK), g.seen(WHITE)
    for s in range(81):
        p = black.piece_at(s)
        assert p is None or p.lstrip("+").isupper(), (s, p)
        q = white.piece_at(s)
        assert q is None or q.lstrip("+").islower(), (s, q)
    assert black.piece_at("5a") is None  # White's king is hidden
    assert black.piece_at("5i") == "K"
    assert white.piece_at("5a") == "k"
    assert black.piece_at("7f") == "P"
    with pytest.raises(InvalidSquareError):
        black.piece_at("0a")
    with pytest.raises(InvalidSquareError):
        black.legal_squares(81)


def test_candidate_moves_and_legal_squares_ignore_enemy_pieces():
    g = TsuitateGame()
    g.push("7g7f")
    g.push("8c8d")
    v = g.seen(BLACK)
    cands = list(v.legal_moves)
    assert mv("8h1a+") in cands and mv("8h1a") in cands
    assert mv("8h4d+") not in cands
    assert sq("1a") in v.legal_squares("8h")
    assert sorted(set(v.legal_squares(sq("8h")))) == sorted({m.to_square for m in cands if m.from_square == sq("8h")})
    assert list(g.seen(WHITE).legal_moves) == []


def test_views_do_not_depend_on_hidden_pieces():
    a = TsuitateGame(STANDARD_START)
    b = TsuitateGame("lnsgk1snl/1r3g1b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")

    def same(va: PlayerView, vb: PlayerView):
        assert va.information_state == vb.information_state
        assert va.information_state_string() == vb.information_state_string()
        assert usis(list(va.legal_moves)) == usis(list(vb.legal_moves))
        assert [va.piece_at(s) for s in range(81)] == [vb.piece_at(s) for s in range(81)]
        assert va.hand() == vb.hand()
        assert (va.to_move, va.moves_played, va.fouls, va.opponent_fouls_known) == (
            vb.to_move, vb.moves_played, vb.fouls, vb.opponent_fouls_known)
        assert va._repr_svg_() == vb._repr_svg_()

    same(a.seen(BLACK), b.seen(BLACK))
    assert a.seen(WHITE)._repr_svg_() != b.seen(WHITE)._repr_svg_()
    for black, white_a, white_b in [("7g7f", "3c3d", "4b5b"), ("2g2f", "8c8d", "8c8d")]:
        a.push(black)
        b.push(black)
        a.push(white_a)
        b.push(white_b)
        same(a.seen(BLACK), b.seen(BLACK))


def test_information_state_string_is_a_key():
    g = TsuitateGame()
    keys = {g.seen(BLACK).information_state_string()}
    g.push("7g7f")
    keys.add(g.seen(BLACK).information_state_string())
    g.push("3c3d")
    keys.add(g.seen(BLACK).information_state_string())
    assert len(keys) == 3
    assert all(isinstance(k, str) for k in keys)
    other = TsuitateGame()
    other.push("2g2f")
    # Different own moves give different keys; the opponent's key does not show which.
    assert other.seen(BLACK).information_state_string() != TsuitateGame().seen(BLACK).information_state_string()
    x, y = TsuitateGame(), TsuitateGame()
    x.push("7g7f")
    y.push("2g2f")
    assert x.seen(WHITE).information_state_string() == y.seen(WHITE).information_state_string()
    assert x.seen(WHITE).information_state == y.seen(WHITE).information_state


def test_announcements_never_leak_the_opponents_move():
    """Seeded random games: a player never hears which move the opponent
    attempted, only what RULES.md allows (moved/foul/capture/check/end)."""
    opponent_kinds = {"opponent_moved", "opponent_foul", "capture", "check", "game_over"}
    for seed in range(12):
        rng = random.Random(seed)
        g = TsuitateGame(move_limit=60, foul_limit=8)
        own_attempts = {BLACK: [], WHITE: []}
        while not g.is_game_over():
            mover = g.turn
            assert g.reveal() is None
            cands = list(g.seen(mover).legal_moves)
            m = rng.choice(cands)
            r = g.push(m)
            own_attempts[mover].append(m)
            told_mover, told_other = r.told[mover], r.told[1 - mover]
            assert told_mover[0].kind == "attempted" and told_mover[0].move == m
            assert set(kinds(told_other)) <= opponent_kinds, kinds(told_other)
            for a in told_other:
                assert a.move is None
            for a in told_mover + told_other:
                if a.kind == "capture":
                    assert a.square == m.to_square and a.piece
        for color in (BLACK, WHITE):
            state = g.seen(color).information_state
            attempted = [a.move for a in state if a.kind == "attempted"]
            assert attempted == own_attempts[color]
            assert all(a.move is None for a in state if a.kind != "attempted")
        assert g.reveal() is not None


def test_copy_is_independent():
    g = TsuitateGame()
    g.push("7g7f")
    c = g.copy()
    assert c.sfen() == g.sfen()
    assert c.seen(BLACK).information_state == g.seen(BLACK).information_state
    c.push("3c3d")
    assert c.sfen() != g.sfen()
    assert g.turn == WHITE and c.turn == BLACK


def test_minishogi_base():
    g = TsuitateGame(base="minishogi")
    assert g.sfen() == "rbsgk/4p/5/P4/KGSBR b - 1"
    assert g.push("1e1a+").verdict == "foul"
    assert g.push("1e1b").verdict == "played"
    with raises_unchanged(ShogiError, g, tsuitate_snapshot):
        g.seen(WHITE).piece_at("9i")
    assert_svg(g._repr_svg_())
    assert_svg(g.seen(BLACK)._repr_svg_())


def test_announcement_equality_and_hash():
    a, b = TsuitateGame(HIDDEN_PAWN), TsuitateGame(HIDDEN_PAWN)
    ra, rb = a.push("1i1e"), b.push("1i1e")
    assert ra.told[0] == rb.told[0]
    assert all(isinstance(x, Announcement) for x in ra.told[0])
    assert len(set(ra.told[0]) | set(rb.told[0])) == 3
    assert ra.told[0][0] != ra.told[0][1]
    assert isinstance(ra.told, tuple) and len(ra.told) == 2


def test_svgs():
    g = TsuitateGame()
    assert_svg(g._repr_svg_())
    assert_svg(g.seen(BLACK)._repr_svg_())
    assert_svg(g.seen(WHITE)._repr_svg_())


def test_player_view_legal_squares_take_a_piece_in_hand():
    g = TsuitateGame("4k/5/5/5/K4 b P 1", base="minishogi")
    view = g.seen(BLACK)
    squares = view.legal_squares("P*")
    assert len(squares) == 19  # 23 empty squares, less the far rank's four
    assert view.legal_squares("5e") == sorted(m.to_square for m in list(view.legal_moves) if m.usi().startswith("5e"))
    assert g.seen(WHITE).legal_squares("P*") == []  # not White's turn, and no pawn in hand
    with pytest.raises(InvalidSquareError):
        view.legal_squares("X*")
