"""The rules, seen from Python (RULES.md sections 1-3). Positions and move
sequences are those of the Rust tests (rules.rs, game.rs, must_capture.rs)."""

from __future__ import annotations


import pytest

from shogi_variants import (
    BLACK,
    WHITE,
    Board,
    CardGame,
    TsuitateGame,
    GameOverError,
    IllegalMoveError,
    Move,
    SettingError,
)

from conftest import (
    BLACK_27,
    BLACK_28,
    BLACK_CHECKS,
    BLACK_CHECKS_MOVES,
    MATE_IN_ONE,
    MINI_SHUFFLE_BLACK_FIRST,
    SHUFFLE,
    play,
    play_until_last,
    raises_unchanged,
    sq,
    usis,
)


def assert_legal(board: Board, usi: str):
    assert board.is_legal(usi), usi
    assert usi in board.legal_moves, usi
    assert Move.from_usi(usi) in list(board.legal_moves), usi


def assert_illegal(board: Board, usi: str):
    assert not board.is_legal(usi), usi
    assert usi not in board.legal_moves, usi
    assert Move.from_usi(usi) not in list(board.legal_moves), usi
    with raises_unchanged(IllegalMoveError, board):
        board.push_usi(usi)
    with raises_unchanged(IllegalMoveError, board):
        board.push(Move.from_usi(usi))


# ---------------------------------------------------------------------------
# drops
# ---------------------------------------------------------------------------


def test_nifu():
    b = Board("4k4/9/9/9/9/9/4P4/9/4K4 b P 1")
    for rank in "bcdefh":
        assert_illegal(b, f"P*5{rank}")
    assert_legal(b, "P*4e")
    assert_legal(b, "P*6e")
    assert not any(s // 9 == 4 for s in b.legal_squares("P*"))
    w = Board("4k4/9/4p4/9/9/9/9/9/4K4 w p 1")
    assert_illegal(w, "P*5e")
    assert_illegal(w, "P*5h")
    assert_legal(w, "P*4e")


def test_tokin_and_enemy_pawn_do_not_count_for_nifu():
    assert_legal(Board("4k4/9/9/9/9/9/4+P4/9/4K4 b P 1"), "P*5e")
    assert_legal(Board("4k4/9/4p4/9/9/9/9/9/4K4 b P 1"), "P*5d")


def test_pawn_drop_mate_is_illegal():
    b = Board("7nk/9/7G1/9/9/9/9/9/4K4 b GP 1")
    assert_illegal(b, "P*1b")
    assert_legal(b, "P*1c")
    assert_legal(b, "G*1b")
    assert sq("1b") not in b.legal_squares("P*")
    after = b.copy()
    after.push_usi("G*1b")
    assert after.is_checkmate()
    # The pinned capturer does not save the drop.
    assert_illegal(Board("7nk/7g1/7S1/5B3/9/9/9/9/4K4 b P 1"), "P*1b")
    unpinned = Board("7nk/7g1/7S1/9/9/9/9/9/4K4 b P 1")
    assert_legal(unpinned, "P*1b")
    unpinned.push_usi("P*1b")
    assert unpinned.is_check() and not unpinned.is_checkmate()
    # White too.
    w = Board("4k4/9/9/9/9/9/1g7/9/KN7 w p 1")
    assert_illegal(w, "P*9h")
    assert_legal(w, "P*9g")


def test_pawn_drop_check_is_legal_and_pawn_move_mate_is_legal():
    b = Board("8k/9/7G1/9/9/9/9/9/4K4 b P 1")
    assert_legal(b, "P*1b")
    b.push_usi("P*1b")
    assert b.is_check() and not b.is_checkmate()
    assert b.legal_squares("1a") == [sq("2a")]
    m = Board("7nk/9/7GP/9/9/9/9/9/4K4 b - 1")
    assert_legal(m, "1c1b")
    assert_legal(m, "1c1b+")
    m.push_usi("1c1b+")
    assert m.is_checkmate()
    assert m.outcome().winner == BLACK and m.outcome().reason == "checkmate"


def test_dead_squares_for_drops():
    b = Board("4k4/9/9/9/9/9/9/9/4K4 b LP 1")
    for usi in ["P*1a", "P*9a", "L*1a", "L*4a"]:
        assert_illegal(b, usi)
    for usi in ["P*1b", "L*1b", "P*9i", "L*9i"]:
        assert_legal(b, usi)
    assert len(b.legal_squares("P*")) == 71
    assert len(b.legal_squares("L*")) == 71
    n = Board("4k4/9/9/9/9/9/9/9/4K4 b N 1")
    for usi in ["N*1a", "N*1b", "N*9b"]:
        assert_illegal(n, usi)
    assert_legal(n, "N*1c")
    assert len(n.legal_squares("N*")) == 62
    w = Board("4k4/9/9/9/9/9/9/9/4K4 w n 1")
    for usi in ["N*1i", "N*1h", "N*9h"]:
        assert_illegal(w, usi)
    assert_legal(w, "N*1g")


def test_drops_never_capture():
    b = Board("k8/9/9/9/4p4/9/4P4/9/4K4 b GP 1")
    assert_illegal(b, "G*5e")
    assert_illegal(b, "G*5g")
    assert_illegal(b, "G*9a")
    assert_legal(b, "G*5f")
    assert len(b.legal_squares("G*")) == 77
    # No piece in hand: no drop.
    assert_illegal(Board("4k4/9/9/9/9/9/9/9/4K4 w B 1"), "B*5e")


# ---------------------------------------------------------------------------
# promotion
# ---------------------------------------------------------------------------


def test_forced_promotion_pawn_and_lance():
    b = Board("k8/8P/7L1/9/9/9/9/9/4K4 b - 1")
    assert_illegal(b, "1b1a")
    assert_legal(b, "1b1a+")
    assert_illegal(b, "2c2a")
    assert_legal(b, "2c2a+")
    assert_legal(b, "2c2b")
    assert_legal(b, "2c2b+")
    w = Board("4k4/9/9/9/9/9/7l1/8p/K8 w - 1")
    assert_illegal(w, "1h1i")
    assert_legal(w, "1h1i+")
    assert_illegal(w, "2g2i")
    assert_legal(w, "2g2h")


def test_forced_promotion_knight():
    b = Board("k8/9/9/6N2/4N4/9/9/9/4K4 b - 1")
    for usi in ["3d2b", "3d4b"]:
        assert_illegal(b, usi)
        assert_legal(b, usi + "+")
    for usi in ["5e4c", "5e6c", "5e4c+", "5e6c+"]:
        assert_legal(b, usi)


def test_promotion_zone():
    b = Board("k8/9/9/9/4S4/9/9/7R1/4K4 b - 1")
    assert_legal(b, "5e5d")
    assert_illegal(b, "5e5d+")
    assert_illegal(b, "2h2d+")
    g = Board("k8/9/4KG3/9/9/9/9/9/9 b - 1")
    assert_illegal(g, "4c4b+")
    assert_illegal(g, "5c5b+")
    assert not any(m.promotion for m in g.legal_moves)
    p = Board("k8/7B1/4S4/9/9/9/9/9/4K4 b - 1")
    for usi in ["5c4d", "5c4d+", "2b6f+", "2b8h+"]:
        assert_legal(p, usi)


def test_pins_and_check_evasion():
    assert_illegal(Board("k8/4r4/9/9/9/4R4/9/9/4K4 b - 1"), "5f4f")
    b = Board("k3r4/9/9/9/8b/8G/9/9/4K4 b G 1")  # double check
    assert b.is_check()
    assert all(m.from_square == sq("5i") for m in b.legal_moves)
    assert_illegal(b, "G*5h")
    assert_illegal(Board("4k4/9/9/9/9/9/4g4/9/4K4 b - 1"), "5i5h")


def test_captured_piece_goes_to_hand_unpromoted():
    b = Board("k8/9/9/6+p2/4+r1P2/9/9/4R4/4K4 b - 1")
    b.push_usi("5h5e")
    assert b.sfen() == "k8/9/9/6+p2/4R1P2/9/9/9/4K4 w R 2"
    assert b.hand(BLACK) == {"R": 1}


# ---------------------------------------------------------------------------
# the end of the game
# ---------------------------------------------------------------------------


def test_checkmate_outcome():
    b = Board(MATE_IN_ONE)
    b.push_usi("G*1b")
    assert b.is_checkmate()
    assert b.outcome().winner == BLACK and b.outcome().reason == "checkmate"
    helpmate = Board()
    outcome = play_until_last(helpmate, ["2g2f", "5a4b", "2f2e", "4b3b", "2e2d", "8b4b", "2d2c+"])
    assert outcome.winner == BLACK and outcome.reason == "checkmate"
    mini = Board("3rk/5/3G1/5/K4 b G 1", variant="minishogi")
    mini.push_usi("G*1b")
    assert mini.outcome().winner == BLACK and mini.outcome().reason == "checkmate"


def test_no_legal_move_without_check_loses():
    b = Board("8k/9/7G1/9/5N3/9/9/9/K8 b - 1")
    b.push_usi("4e3c")
    assert not b.is_check()
    assert not b.is_checkmate()
    assert len(b.legal_moves) == 0
    o = b.outcome()
    assert o.winner == BLACK and o.reason == "no_legal_move"


def test_a_position_without_moves_is_over_from_the_start():
    o = Board("8k/9/6NG1/9/9/9/9/9/K8 w - 1").outcome()
    assert o.winner == BLACK and o.reason == "no_legal_move"
    b = Board("8k/8G/8P/9/9/9/9/9/K8 w - 2")
    assert b.is_checkmate()
    assert b.outcome().reason == "checkmate"


def test_minishogi_stalemate_setting():
    sfen = "4k/5/1S1G1/5/K4 b - 1"
    b = Board(sfen, variant="minishogi")
    b.push_usi("4c3b")
    assert b.outcome().winner == BLACK and b.outcome().reason == "no_legal_move"
    d = Board(sfen, variant="minishogi", stalemate="Draw")
    d.push_usi("4c3b")
    assert d.outcome().winner is None and d.outcome().reason == "no_legal_move"


def test_fourfold_repetition_is_a_draw():
    b = Board()
    moves = SHUFFLE * 3
    for i, usi in enumerate(moves[:-1]):
        b.push_usi(usi)
        assert b.outcome() is None, i
        if i + 1 == 8:
            assert b.repetition_count() == 3
    assert b.repetition_count() == 3
    b.push_usi(moves[-1])
    assert b.repetition_count() == 4
    o = b.outcome()
    assert o.winner is None and o.reason == "repetition"
    assert o.score(BLACK) == 0.5
    assert b.is_game_over()
    assert len(b.move_stack) == 12
    assert len(b.legal_moves) == 0
    # Taking the last move back removes the outcome.
    b.pop()
    assert b.outcome() is None and b.repetition_count() == 3
    b.push_usi(moves[-1])
    assert b.outcome().reason == "repetition"


def test_repetition_counts_positions_not_only_the_start():
    b = play(Board(), ["7g7f"])
    o = play_until_last(b, ["8b7b", "2h3h", "7b8b", "3h2h"] * 3)
    assert o.reason == "repetition" and o.winner is None
    assert len(b.move_stack) == 13


def test_repetition_through_captures_and_drops():
    b = Board("8k/9/4g4/4g4/4G4/9/9/9/K8 b - 1")
    play(b, ["5e5d", "5c5d", "G*5e", "G*5c"] * 3)
    assert b.repetition_count() == 4
    assert b.outcome().reason == "repetition"


def test_perpetual_check_loses_for_the_checker():
    b = Board(BLACK_CHECKS)
    o = play_until_last(b, BLACK_CHECKS_MOVES * 3)
    assert o.winner == WHITE and o.reason == "perpetual_check"
    w = Board("8k/9/9/9/9/9/9/2r6/K8 w - 1")
    o = play_until_last(w, ["7h7i", "9i9h", "7i7h", "9h9i"] * 3)
    assert o.winner == BLACK and o.reason == "perpetual_check"


def test_checks_on_some_moves_only_are_a_plain_repetition():
    b = Board("8k/9/6R2/9/9/9/9/9/K8 b - 1")
    o = play_until_last(b, ["3c3a", "1a1b", "3a3c", "1b1a"] * 3)
    assert o.winner is None and o.reason == "repetition"


def test_minishogi_repetition_first_player_loses():
    b = Board(variant="minishogi")
    o = play_until_last(b, MINI_SHUFFLE_BLACK_FIRST * 3)
    assert o.winner == WHITE and o.reason == "repetition"
    assert len(b.move_stack) == 12
    # The first player is the side to move in the start SFEN.
    w = Board("rbsgk/4p/5/P4/KGSBR w - 1", variant="minishogi")
    o = play_until_last(w, ["5a5b", "1e1d", "5b5a", "1d1e"] * 3)
    assert o.winner == BLACK and o.reason == "repetition"
    # ... fixed by the start, not by who begins the cycle.
    c = play(Board(variant="minishogi"), ["5d5c"])
    o = play_until_last(c, ["5a5b", "1e1d", "5b5a", "1d1e"] * 3)
    assert o.winner == WHITE and o.reason == "repetition"


def test_minishogi_repetition_setting_draw():
    b = Board(variant="minishogi", repetition="Draw")
    o = play_until_last(b, MINI_SHUFFLE_BLACK_FIRST * 3)
    assert o.winner is None and o.reason == "repetition"


def test_minishogi_perpetual_check():
    for settings in [{}, {"repetition": "Draw"}]:
        b = Board("4k/5/5/5/K1r2 b - 1", variant="minishogi", **settings)
        o = play_until_last(b, ["5e5d", "3e3d", "5d5e", "3d3e"] * 3)
        assert o.winner == BLACK and o.reason == "perpetual_check"


def test_move_limit():
    b = Board(move_limit=4)
    o = play_until_last(b, ["7g7f", "3c3d", "2g2f", "8c8d"])
    assert o.winner is None and o.reason == "move_limit"
    assert len(b.move_stack) == 4
    with raises_unchanged(GameOverError, b):
        b.push_usi("2f2e")
    m = Board(variant="minishogi", move_limit=2)
    assert play_until_last(m, ["1e1d", "5a5b"]).reason == "move_limit"
    # Counted from the game's start position, whatever the SFEN's move number.
    s = Board("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 60", move_limit=60)
    s.push_usi("7g7f")
    assert s.outcome() is None and len(s.legal_moves) > 0
    s = Board("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 11", move_limit=2)
    assert play_until_last(s, ["7g7f", "3c3d"]).reason == "move_limit"


def test_limits_of_zero_are_refused():
    for kwargs in ({"move_limit": 0}, {"variant": "minishogi", "move_limit": 0}):
        with pytest.raises(SettingError, match="at least 1"):
            Board(**kwargs)
    with pytest.raises(SettingError, match="at least 1"):
        TsuitateGame(foul_limit=0)
    with pytest.raises(SettingError, match="at least 1"):
        CardGame(move_limit=0)


def test_modifiers_take_every_setting_of_their_base():
    # Must-capture minishogi drawn by repetition: kings only, nothing to capture.
    kings = "4k/5/5/5/K4 b - 1"
    shuffle = ["5e5d", "1a1b", "5d5e", "1b1a"] * 3
    drawn = Board(kings, variant="must-capture", base="minishogi", repetition="Draw")
    assert play_until_last(drawn, shuffle).winner is None
    lost = Board(kings, variant="must-capture", base="minishogi")
    assert play_until_last(lost, shuffle).winner == WHITE  # the first player loses
    plain = Board(kings, variant="minishogi", repetition="Draw")
    assert play_until_last(plain, shuffle).winner is None
    # Card shogi and Tsuitate over minishogi keep the base's settings too.
    card = CardGame(seed=1, base="minishogi", repetition="Draw")
    assert card.settings["base"]["repetition"] == "Draw"
    stalemate = "4k/1r3/5/2r2/K4 b - 1"
    t = TsuitateGame(stalemate, base="minishogi", stalemate="Draw")
    assert t.outcome().winner is None and t.outcome().reason == "no_legal_move"
    # A setting the base does not have is refused, naming both lists.
    with pytest.raises(SettingError, match="impasse"):
        Board(variant="must-capture", base="minishogi", impasse="Points27")


def test_mate_on_the_last_allowed_ply_wins():
    b = Board(MATE_IN_ONE, move_limit=1)
    b.push_usi("G*1b")
    assert b.outcome().reason == "checkmate" and b.outcome().winner == BLACK
    d = Board(MATE_IN_ONE, move_limit=1)
    d.push_usi("G*5e")
    assert d.outcome().reason == "move_limit"


def test_repetition_takes_precedence_over_move_limit():
    b = Board(move_limit=12)
    assert play_until_last(b, SHUFFLE * 3).reason == "repetition"


def test_moves_after_the_game_is_over_are_refused():
    b = Board(MATE_IN_ONE, impasse="Points27")
    b.push_usi("G*1b")
    over = b.outcome()
    for attempt in [
        lambda: b.push_usi("1a2a"),
        lambda: b.push(Move.from_usi("1a2a")),
        lambda: b.push("1a2a"),
        lambda: b.resign(),
        lambda: b.declare(),
    ]:
        with raises_unchanged(GameOverError, b):
            attempt()
    assert b.outcome() == over
    assert len(b.legal_moves) == 0
    assert not b.is_legal("1a2a")


def test_resigned_game_refuses_moves():
    b = play(Board(), ["7g7f"])
    b.resign()
    with raises_unchanged(GameOverError, b):
        b.push_usi("3c3d")
    with raises_unchanged(GameOverError, b):
        b.resign()


# ---------------------------------------------------------------------------
# entering-king declaration
# ---------------------------------------------------------------------------


def test_impasse_declaration_27_points():
    b = Board(BLACK_28, impasse="Points27")
    o = b.declare()
    assert o.winner == BLACK and o.reason == "impasse_declaration"
    assert b.outcome() == o and b.is_game_over()
    with raises_unchanged(GameOverError, b):
        b.push_usi("5b4b")
    short = Board(BLACK_27, impasse="Points27")
    o = short.declare()
    assert o.winner == WHITE and o.reason == "impasse_declaration"
    w = Board("4K4/9/9/9/9/9/6ppp/4k4/1ggggbbrr w - 1", impasse="Points27")
    assert w.declare().winner == WHITE


def test_impasse_declaration_24_points():
    draw = Board(BLACK_28, impasse="Points24").declare()
    assert draw.winner is None and draw.reason == "impasse_declaration"
    win = Board("RRBBGGGG1/4K4/PPPP5/9/9/9/9/9/4k4 b 3P 1", impasse="Points24").declare()
    assert win.winner == BLACK


def test_declaration_without_the_rule_is_a_setting_error():
    for b in [Board(BLACK_28), Board(BLACK_28, impasse="Off"), Board(variant="minishogi")]:
        with raises_unchanged(SettingError, b):
            b.declare()
        assert b.outcome() is None
    b = Board(BLACK_28)
    with raises_unchanged(SettingError, b):
        b.declare()
    b.push_usi("5b4b")  # the game goes on


# ---------------------------------------------------------------------------
# must-capture
# ---------------------------------------------------------------------------


def test_capture_is_compulsory():
    b = Board("4k4/9/9/9/4p4/9/4R4/9/4K4 b P 1", variant="must-capture")
    assert usis(b.legal_moves) == ["5g5e"]
    assert b.perft(1) == 1
    with raises_unchanged(IllegalMoveError, b):
        b.push_usi("5i4h")
    with raises_unchanged(IllegalMoveError, b):
        b.push_usi("P*5f")
    b.push_usi("5g5e")
    # Without a capture every legal move is allowed.
    free = Board("4k4/9/9/9/9/9/3R5/9/4K4 b P 1", variant="must-capture")
    assert usis(free.legal_moves) == usis(Board("4k4/9/9/9/9/9/3R5/9/4K4 b P 1").legal_moves)


def test_must_capture_settings():
    sfen = "8k/9/4r4/9/9/9/9/5p3/4K4 b - 1"
    flee = Board(sfen, variant="must-capture")
    assert len(flee.legal_moves) == len(Board(sfen).legal_moves)
    assert usis(Board(sfen, variant="must-capture", may_flee_from_check=False).legal_moves) == ["5i4h"]
    choose = "8k/9/p8/9/R8/9/9/5l3/4K4 b - 1"
    assert usis(Board(choose, variant="must-capture").legal_moves) == ["5i4h", "9e9c", "9e9c+"]
    assert usis(Board(choose, variant="must-capture", king_captures_first=True).legal_moves) == ["5i4h"]


def test_must_capture_minishogi_keeps_the_minishogi_repetition_rule():
    b = Board(variant="must-capture", base="minishogi")
    assert b.files == 5
    assert b.perft(2) == b.perft(2, bulk=False)
    kings = Board("4k/5/5/5/K4 b - 1", variant="must-capture", base="minishogi")
    o = play_until_last(kings, ["5e5d", "1a1b", "5d5e", "1b1a"] * 3)
    assert o.winner == WHITE and o.reason == "repetition"
    std = Board("8k/9/9/9/9/9/9/9/K8 b - 1", variant="must-capture")
    o = play_until_last(std, ["9i9h", "1a1b", "9h9i", "1b1a"] * 3)
    assert o.winner is None and o.reason == "repetition"
