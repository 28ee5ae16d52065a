"""One shape for every game: Board, CardGame and TsuitateGame answer the same
questions with the same names, on the Rust game contract (GameState), and
Tsuitate's announcements come grouped as events."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import shogi_variants as sv
from shogi_variants import (
    BLACK,
    WHITE,
    Board,
    Capture,
    CardGame,
    ChanceError,
    Event,
    GameOverError,
    IllegalMoveError,
    LegalMoves,
    PlayerView,
    ShogiError,
    TsuitateGame,
)

from conftest import card_snapshot, raises_unchanged, snapshot, sq, tsuitate_snapshot

# The questions every game answers, by the same names.
SHAPE = [
    "legal_moves", "push", "push_usi", "is_check", "outcome", "is_game_over", "turn",
    "sfen", "copy", "to_json", "svg", "_repr_svg_", "legal_squares",
    # The contract, Rust's GameState names.
    "to_move", "is_chance_node", "chance_outcomes", "apply_chance", "chance_step",
    "history", "seen", "legal_actions", "action_mask", "num_actions",
]

GAMES = {
    "board": lambda: Board(variant="minishogi"),
    "card": lambda: CardGame(seed=5, base="minishogi"),
    "tsuitate": lambda: TsuitateGame(base="minishogi"),
}


@pytest.fixture(params=sorted(GAMES))
def game(request):
    return GAMES[request.param]()


def test_every_game_has_the_same_shape(game):
    missing = [name for name in SHAPE if not hasattr(game, name)]
    assert not missing, f"{type(game).__name__} lacks {missing}"
    assert isinstance(game.legal_moves, LegalMoves)


def play_through_the_contract(game, plies, rng):
    """Plays `plies` steps by to_move / legal_moves / push / chance_step only."""
    actions = []
    for _ in range(plies):
        who = game.to_move()
        if who is None:
            assert game.is_game_over() and game.outcome() is not None
            assert len(game.legal_moves) == 0
            break
        if who == "chance":
            assert game.is_chance_node()
            outcomes = game.chance_outcomes()
            assert outcomes and sum(p for _, p in outcomes) == 1
            assert all(isinstance(p, Fraction) for _, p in outcomes)
            assert len(game.legal_moves) == 0 and game.legal_actions() == []
            card = game.chance_step()
            assert card in dict(outcomes)
            actions.append(f"chance:{card}")
            continue
        assert who in (BLACK, WHITE) and who == game.turn
        assert not game.is_chance_node() and game.chance_outcomes() == []
        moves = list(game.legal_moves)
        assert len(game.legal_moves) == len(moves) > 0
        assert all(m in game.legal_moves for m in moves)
        actions_now = game.legal_actions()
        assert actions_now == sorted(set(actions_now)) and len(actions_now) == len(moves)
        mask = game.action_mask()
        assert len(mask) == game.num_actions and sum(mask) == len(moves)
        assert all(mask[a] == 1 for a in actions_now)
        # "Show legal squares" agrees with the moves, for every piece that has one.
        for origin in {m.from_square for m in moves if m.from_square is not None}:
            assert game.legal_squares(origin) == sorted({m.to_square for m in moves if m.from_square == origin})
        mv = rng.choice(moves)
        game.push(mv)
        actions.append(mv.usi())
    return actions


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_same_loop_plays_every_game(game, seed):
    actions = play_through_the_contract(game, 40, random.Random(seed))
    assert game.history() == actions
    # The copy is independent; the saved game replays to the same state.
    twin = game.copy()
    assert twin.history() == game.history() and twin.sfen() == game.sfen()
    again = sv.load(game.to_json())
    assert type(again) is type(game) and again.history() == game.history()
    assert again.sfen() == game.sfen()
    assert game.svg().startswith("<svg") and game.svg(flipped=True, highlight=["3c"]).startswith("<svg")
    assert isinstance(game.is_check(), bool)


def test_history_writes_chance_steps_and_moves():
    g = CardGame(seed=3, base="minishogi")
    g.apply_chance(2)
    mv = next(iter(g.legal_moves))
    g.push(mv)
    assert g.history() == ["chance:2", mv.usi()]
    assert g.to_move() == "chance"


def test_a_game_plays_to_its_end_through_the_contract():
    for g in (Board(variant="minishogi", move_limit=12), CardGame(seed=4, base="minishogi", move_limit=12),
              TsuitateGame(base="minishogi", move_limit=12)):
        play_through_the_contract(g, 500, random.Random(8))
        assert g.to_move() is None and g.is_game_over()
        assert g.legal_actions() == [] and sum(g.action_mask()) == 0
        with pytest.raises(GameOverError):
            g.chance_step()


def test_seen_is_what_the_seat_sees():
    b = Board(variant="minishogi")
    b.push_usi("5d5c")
    seen = b.seen(WHITE)
    assert isinstance(seen, Board) and seen.sfen() == b.sfen() and seen.history() == b.history()
    c = CardGame(seed=1)
    assert isinstance(c.seen(BLACK), CardGame) and c.seen(BLACK).to_json() == c.to_json()
    t = TsuitateGame()
    t.push("7g7f")
    view = t.seen(WHITE)
    assert isinstance(view, PlayerView) and view.color == WHITE
    assert view.information_state == t.seen(WHITE).information_state
    for g in (b, c, t):
        with pytest.raises(ShogiError):
            g.seen(2)


def test_refusals_map_to_one_exception_each():
    b = Board()
    with raises_unchanged(ChanceError, b):
        b.apply_chance(1)
    with raises_unchanged(ChanceError, b):
        b.chance_step()
    c = CardGame(seed=1)
    with raises_unchanged(IllegalMoveError, c, card_snapshot):
        c.push("7g7f")  # a card is due first
    with raises_unchanged(ChanceError, c, card_snapshot):
        c.apply_chance(0)  # no jokers in this deck
    with raises_unchanged(ChanceError, c, card_snapshot):
        c.apply_chance(-3)
    c.apply_chance(7)
    with raises_unchanged(ChanceError, c, card_snapshot):
        c.chance_step()  # a move is due
    with raises_unchanged(IllegalMoveError, c, card_snapshot):
        c.push_usi("2g2f")  # not on the card's file
    c.push_usi("7g7f")
    t = TsuitateGame()
    with raises_unchanged(ChanceError, t, tsuitate_snapshot):
        t.apply_chance(0)
    with raises_unchanged(IllegalMoveError, t, tsuitate_snapshot):
        t.push("7g7e")
    assert issubclass(ChanceError, ShogiError)


def test_card_words_are_aliases_of_the_contract():
    a, b = CardGame(seed=9), CardGame(seed=9)
    assert a.chance_step() == b.chance_step()
    assert a.to_json() == b.to_json()
    c, d = CardGame(seed=2), CardGame(seed=2)
    c.apply_chance(4)
    d.apply_chance(4)
    assert c.to_json() == d.to_json()
    assert [m.usi() for m in c.legal_moves] == [m.usi() for m in c.seen(BLACK).legal_moves]


def test_cardgame_takes_the_sfen_first_and_the_seed_by_keyword():
    sfen = "4k4/9/9/9/9/9/9/9/4K4 b G 1"
    g = CardGame(sfen, seed=3)
    assert g.sfen() == sfen and g.seed == 3
    assert CardGame(sfen=sfen, seed=3).to_json() == g.to_json()
    assert CardGame(None, seed=3).sfen() == CardGame(seed=3).sfen()
    with pytest.raises(TypeError):
        CardGame(sfen, 3)  # the seed is keyword-only
    with pytest.raises(TypeError):
        CardGame(3)  # an int is no SFEN: the old seed-first order is refused


# Black's pawn on 5f may take on 5e; the king has quiet moves on file 5.
CAPTURE_ON_FILE_5 = "4k4/9/9/9/4p4/4P4/9/9/4K4 b - 1"


def test_capture_duty_passes_through_the_settings():
    assert CardGame(seed=1).settings["capture_duty"] is None
    duty = CardGame(CAPTURE_ON_FILE_5, seed=1, capture_duty=True)
    assert duty.settings["capture_duty"] is not None
    free = CardGame(CAPTURE_ON_FILE_5, seed=1)
    for g in (duty, free):
        g.apply_chance(5)
    assert {m.usi() for m in free.legal_moves} > {"5f5e"}
    assert [m.usi() for m in duty.legal_moves] == ["5f5e"]
    assert duty.legal_squares("5i") == [] and duty.legal_squares("5f") == [sq("5e")]
    # The setting round-trips like every other.
    assert CardGame(seed=1, **duty.settings).settings == duty.settings


def test_tsuitate_push_is_an_attempt_with_its_ruling():
    t = TsuitateGame()
    r = t.push_usi("7g7f")
    assert r.played and r.verdict == "played"
    assert t.sfen() != TsuitateGame().sfen()
    assert t.history() == ["7g7f"]
    r = t.push("3c3d")
    assert r.played and t.history() == ["7g7f", "3c3d"]
    assert t.is_check() is False


def test_tsuitate_legal_moves_are_the_movers_candidates():
    t = TsuitateGame()
    assert [m.usi() for m in t.legal_moves] == [m.usi() for m in list(t.seen(BLACK).legal_moves)]
    t.push("7g7f")
    assert len(t.legal_moves) == len(list(t.seen(WHITE).legal_moves)) == 30
    assert t.legal_squares("8c") == [sq("8d")]


# --- events -------------------------------------------------------------


def test_events_group_each_attempt_per_player():
    t = TsuitateGame()
    rulings = [t.push(m) for m in ("7g7f", "3c3d", "8h2b+")]
    for color in (BLACK, WHITE):
        events = t.seen(color).events
        assert len(events) == 3 and all(isinstance(e, Event) for e in events)
        assert [e.by for e in events] == [BLACK, WHITE, BLACK]
        assert [e.verdict for e in events] == ["played"] * 3
        # Own attempts carry the move; the opponent's do not.
        assert [e.attempted.usi() if e.attempted else None for e in events] == [
            m if by == color else None for m, by in (("7g7f", BLACK), ("3c3d", WHITE), ("8h2b+", BLACK))
        ]
        # A ruling's event for a player is that player's event of the attempt.
        assert [r.event(color) for r in rulings] == events
        assert [r.events[color] for r in rulings] == events
    capture = t.seen(WHITE).events[2].capture
    assert isinstance(capture, Capture)
    assert (capture.square, capture.square_name) == (sq("2b"), "2b")
    assert (capture.piece, capture.kind, capture.owner) == ("b", "B", WHITE)
    assert t.seen(BLACK).events[2].capture == capture
    assert t.seen(BLACK).events[0].capture is None


def test_a_promoted_capture_is_announced_as_it_stood():
    # White's dragon on 9a, unseen by Black, is taken by Black's rook.
    t = TsuitateGame("+r3k4/9/9/9/9/9/9/9/R3K4 b - 1")
    r = t.push("9i9a")
    for color in (BLACK, WHITE):
        c = r.event(color).capture
        assert (c.square_name, c.piece, c.kind, c.owner) == ("9a", "+r", "+R", WHITE)


def test_fouls_are_events_with_counts_and_the_end():
    t = TsuitateGame(foul_limit=2)
    for m in ("7g7f", "3c3d"):
        t.push(m)
    first = t.push("8h1a")  # slides through White's hidden bishop on 2b
    assert first.verdict == "foul"
    assert (first.event(BLACK).verdict, first.event(BLACK).fouls) == ("foul", 1)
    assert (first.event(WHITE).by, first.event(WHITE).verdict, first.event(WHITE).fouls) == (BLACK, "foul", 1)
    assert first.event(BLACK).attempted.usi() == "8h1a" and first.event(WHITE).attempted is None
    last = t.push("8h1a")
    assert last.event(BLACK).fouls == 2
    end = last.event(WHITE).game_over
    assert end is not None and end.winner == WHITE and end.reason == "foul_limit"
    assert last.event(BLACK).game_over == end

    silent = TsuitateGame(foul_limit=2, announce_fouls_to_both=False)
    for m in ("7g7f", "3c3d"):
        silent.push(m)
    r = silent.push("8h1a")
    assert r.event(WHITE) is None and r.events == (r.event(BLACK), None)
    r = silent.push("8h1a")
    told = r.event(WHITE)
    assert (told.by, told.verdict, told.fouls) == (BLACK, None, None)
    assert told.game_over == end
    assert len(silent.seen(WHITE).events) == 3


def test_a_check_is_in_the_event_and_known_to_the_view():
    t = TsuitateGame("4k4/9/9/9/9/9/9/5R3/4K4 b - 1")
    r = t.push("4h5h")
    assert r.event(BLACK).check and r.event(WHITE).check
    assert t.is_check()
    assert t.seen(WHITE).is_check() and not t.seen(BLACK).is_check()
    t.push("5a4b")  # the king steps out of the file
    assert not t.is_check() and not t.seen(WHITE).is_check()
    assert not t.seen(BLACK).events[-1].check


# --- PlayerView like a board --------------------------------------------


def test_player_view_sfen_hides_the_opponent():
    t = TsuitateGame()
    for m in ("7g7f", "3c3d", "8h2b+"):
        t.push(m)
    black, white = t.seen(BLACK), t.seen(WHITE)
    # Black's own pieces and hand (the bishop taken); nothing of White's.
    assert black.sfen() == "9/7+B1/9/9/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"
    assert white.sfen() == "lnsgkgsnl/1r7/pppppp1pp/6p2/9/9/9/9/9 w - 4"
    assert white.turn == white.color == WHITE and black.turn == WHITE
    # Each view is the true position with the other side's pieces taken away.
    true = Board(t.sfen())
    for view in (black, white):
        own = "B" if view.color == BLACK else "b"
        for i in range(81):
            piece = true.piece_at(i)
            mine = piece is not None and piece.lstrip("+").isupper() == own.isupper()
            assert view.piece_at(i) == (piece if mine else None)


def test_player_view_answers_like_a_board():
    t = TsuitateGame(base="minishogi")
    v = t.seen(BLACK)
    assert (v.files, v.ranks) == (5, 5)
    assert isinstance(v.legal_moves, LegalMoves)
    assert [m.usi() for m in v.legal_moves] == [m.usi() for m in list(v.legal_moves)]
    assert "5d5c" in v.legal_moves and "5d5b" not in v.legal_moves
    assert v.legal_squares("5d") == [v.parse_square("5c")] == [22]  # 5x5 numbering
    assert v.piece_at("5e") == "K" and v.piece_at("1a") is None
    assert v.svg().startswith("<svg")
    w = t.seen(WHITE)
    assert len(w.legal_moves) == 0 and w.legal_squares("4a") == []
    t.push("5d5c")
    t.push("4a3b")
    v = t.seen(BLACK)
    assert v.sfen().split()[1:] == ["b", "-", "3"]


def test_legal_moves_follow_their_game(game):
    """The collection is lazy: taken once, it lists the moves of the game as it is now."""
    moves = game.legal_moves
    while game.to_move() == "chance":
        game.chance_step()
    before = [m.usi() for m in moves]
    assert before and len(moves) == len(before)
    game.push(before[0])
    while game.to_move() == "chance":
        game.chance_step()
    assert [m.usi() for m in moves] == [m.usi() for m in game.legal_moves]
    assert repr(moves).startswith(f"<LegalMoves ({len(moves)})")
    assert "7z7z" not in moves and 42 not in moves  # malformed is simply not in it
