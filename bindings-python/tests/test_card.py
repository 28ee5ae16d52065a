"""Card shogi (RULES.md section 5) through CardGame."""

from __future__ import annotations

import math
from fractions import Fraction
import random

import pytest

from shogi_variants import (
    BLACK,
    JOKER,
    WHITE,
    Board,
    CardGame,
    GameOverError,
    IllegalMoveError,
    Move,
    ShogiError,
)

from shogi_variants import parse_square as sv_square

from conftest import STANDARD_START, assert_svg, card_snapshot, raises_unchanged, usis

LONE_KINGS = "4k4/9/9/9/9/9/9/9/4K4 b - 1"
IN_CHECK = "4r3k/9/9/9/9/9/9/9/4K4 b - 1"


def play_random(game: CardGame, rng: random.Random, max_turns=400):
    while not game.is_game_over() and max_turns:
        if game.phase == "draw":
            game.chance_step()
        else:
            moves = list(game.legal_moves)
            game.push(moves[rng.randrange(len(moves))])
            max_turns -= 1
    return game


def test_start_of_a_game():
    g = CardGame(seed=1)
    assert g.sfen() == STANDARD_START
    assert g.phase == "draw"
    assert g.is_chance_node()
    assert g.current_card is None
    assert g.turn == BLACK
    assert g.cards_left() == 72
    deck = g.deck()
    assert {c: deck[c] for c in range(1, 10)} == {c: 8 for c in range(1, 10)}
    assert deck.get(JOKER, 0) == 0
    assert sum(deck.values()) == 72
    # The turn in progress is listed too, with the cards drawn so far.
    assert g.turns() == [([], None)]
    assert g.outcome() is None and not g.is_game_over()
    assert list(g.legal_moves) == []  # nothing may be played before a draw
    assert CardGame().sfen() == STANDARD_START  # seed defaults to 0


def test_settings_defaults_and_round_trip():
    s = CardGame(seed=1).settings
    assert set(s) == {"copies_per_rank", "jokers", "file_rule", "no_move", "check_exempt", "capture_duty", "move_limit", "base"}
    assert s["copies_per_rank"] == 8
    assert s["jokers"] is False
    assert s["check_exempt"] is True
    assert s["move_limit"] is None
    assert CardGame(seed=1, **s).settings == s
    t = CardGame(seed=1, jokers=True, file_rule="Origin", no_move="DrawAgain", move_limit=50).settings
    assert t["jokers"] is True and t["move_limit"] == 50
    assert CardGame(seed=1, **t).settings == t


def test_chance_outcomes_sum_to_one_and_match_the_deck():
    g = CardGame(seed=1, jokers=True)
    odds = g.chance_outcomes()
    # Exact, as fractions: they sum to exactly one.
    assert sum(p for _, p in odds) == 1
    assert {c for c, _ in odds} == set(range(10))
    assert dict(odds)[JOKER] == Fraction(2, 74)
    assert dict(odds)[5] == Fraction(8, 74)
    g.apply_chance(7)
    g.push("7g7f")
    g.apply_chance(7)
    g.push("7c7d")
    odds = dict(g.chance_outcomes())
    assert odds[7] == Fraction(6, 72)
    assert odds[1] == Fraction(8, 72)
    assert sum(odds.values()) == 1
    assert g.cards_left() == 72
    assert g.deck()[7] == 6


def test_random_games_keep_chance_outcomes_a_distribution():
    rng = random.Random(3)
    g = CardGame(seed=5, jokers=True, move_limit=120)
    while not g.is_game_over():
        if g.is_chance_node():
            odds = g.chance_outcomes()
            assert odds and math.isclose(sum(p for _, p in odds), 1.0, abs_tol=1e-9)
            assert all(p > 0 for _, p in odds)
            deck = g.deck()
            left = g.cards_left()
            if left:
                for card, p in odds:
                    assert p == pytest.approx(deck[card] / left)
            g.chance_step()
        else:
            assert g.chance_outcomes() == []
            g.push(rng.choice(list(g.legal_moves)))


def test_the_card_file_constrains_the_destination():
    g = CardGame(seed=1)
    g.apply_chance(7)
    assert g.turns() == [([7], None)]
    assert g.phase == "move"
    assert not g.is_chance_node()
    assert g.current_card == 7
    assert g.cards_left() == 71
    assert usis(list(g.legal_moves)) == ["2h7h", "6i7h", "7g7f", "7i7h"]
    with raises_unchanged(IllegalMoveError, g, card_snapshot):
        g.push("2g2f")
    with raises_unchanged(IllegalMoveError, g, card_snapshot):
        g.push(Move.from_usi("7g7e"))
    g.push("7g7f")
    assert g.turn == WHITE
    assert g.phase == "draw"
    assert g.turns() == [([7], Move.from_usi("7g7f")), ([], None)]
    cards, move = g.turns()[0]
    assert isinstance(cards, list) and all(isinstance(c, int) for c in cards)


def test_allowed_moves_are_on_the_card_file_in_random_games():
    rng = random.Random(11)
    for seed in range(4):
        g = CardGame(seed=seed, move_limit=100)
        while not g.is_game_over():
            if g.phase == "draw":
                card = g.chance_step()
                assert 1 <= card <= 9
                if g.phase == "move" and g.current_card is not None:
                    assert g.current_card == card
                    moves = list(g.legal_moves)
                    assert moves
                    assert all(m.to_square // 9 + 1 == card for m in moves), (card, usis(moves))
                    legal = g.board().legal_moves
                    assert all(m in legal for m in moves)
                    assert set(moves) == {m for m in legal if m.to_square // 9 + 1 == card}
            else:
                g.push(rng.choice(list(g.legal_moves)))


def test_file_rule_origin():
    g = CardGame(seed=1, file_rule="Origin")
    g.apply_chance(7)
    assert usis(list(g.legal_moves)) == ["7g7f", "7i6h", "7i7h"]
    d = CardGame("4k4/9/9/9/9/9/9/9/4K4 b G 1", seed=1, file_rule="Origin")
    d.apply_chance(2)
    moves = usis(list(d.legal_moves))
    assert len(moves) == 9 and all(m.startswith("G*2") for m in moves)


def test_in_check_no_card_is_drawn():
    g = CardGame(IN_CHECK, seed=1)
    assert g.phase == "move"
    assert g.current_card is None
    assert not g.is_chance_node()
    assert g.chance_outcomes() == []
    assert usis(list(g.legal_moves)) == ["5i4h", "5i4i", "5i6h", "5i6i"]
    with raises_unchanged(ShogiError, g, card_snapshot):
        g.apply_chance(4)  # not a draw phase


def test_check_exempt_off():
    g = CardGame(IN_CHECK, seed=1, check_exempt=False)
    assert g.phase == "draw"
    g.apply_chance(4)
    assert usis(list(g.legal_moves)) == ["5i4h", "5i4i"]


def test_no_move_on_the_card_file_loses_by_default():
    g = CardGame(LONE_KINGS, seed=1)
    g.apply_chance(1)
    o = g.outcome()
    assert o.winner == WHITE and o.reason == "no_move_on_card_file"
    assert g.phase == "over" and g.is_game_over()
    assert list(g.legal_moves) == []
    with raises_unchanged(ShogiError, g, card_snapshot):
        g.apply_chance(5)
    with raises_unchanged(ShogiError, g, card_snapshot):
        g.chance_step()
    with raises_unchanged(GameOverError, g, card_snapshot):
        g.push("5i5h")


def test_no_move_draw_again():
    g = CardGame(LONE_KINGS, seed=1, no_move="DrawAgain")
    g.apply_chance(1)
    assert g.phase == "draw"
    g.apply_chance(9)
    assert g.phase == "draw"
    g.apply_chance(6)
    assert g.phase == "move"
    assert usis(list(g.legal_moves)) == ["5i6h", "5i6i"]
    g.push("5i6h")
    assert g.turns()[0] == ([1, 9, 6], Move.from_usi("5i6h"))


def test_no_move_free_move():
    g = CardGame(LONE_KINGS, seed=1, no_move="FreeMove")
    g.apply_chance(1)
    assert g.phase == "move"
    assert g.current_card is None
    assert len(list(g.legal_moves)) == 5
    assert g.cards_left() == 71


def test_jokers():
    g = CardGame(seed=1, jokers=True)
    assert g.cards_left() == 74
    assert g.deck()[JOKER] == 2
    g.apply_chance(JOKER)
    assert g.phase == "move"
    # A joker constrains nothing: current_card is "the card constraining the move, if any".
    assert g.current_card in (None, JOKER)
    assert len(list(g.legal_moves)) == 30
    assert g.turns()[-1][0] == [JOKER]
    plain = CardGame(seed=1)
    with raises_unchanged(ShogiError, plain, card_snapshot):
        plain.apply_chance(JOKER)


@pytest.mark.parametrize("bad", [10, -1, 255, 2**40])
def test_bad_cards(bad):
    g = CardGame(seed=1, jokers=True)
    with raises_unchanged(ShogiError, g, card_snapshot):
        g.apply_chance(bad)


def test_a_card_no_longer_in_the_deck():
    g = CardGame(seed=1, copies_per_rank=1)
    assert g.cards_left() == 9
    g.apply_chance(7)
    g.push("7g7f")
    with raises_unchanged(ShogiError, g, card_snapshot):
        g.apply_chance(7)
    g.apply_chance(3)


def test_minishogi_base():
    g = CardGame(seed=1, base="minishogi")
    assert g.cards_left() == 40
    assert {c for c, _ in g.chance_outcomes()} == {1, 2, 3, 4, 5}
    with raises_unchanged(ShogiError, g, card_snapshot):
        g.apply_chance(6)
    assert g.board().files == 5
    assert_svg(g._repr_svg_())


def test_push_before_drawing_is_refused():
    g = CardGame(seed=1)
    with raises_unchanged(ShogiError, g, card_snapshot):
        g.push("7g7f")
    with raises_unchanged(ShogiError, g, card_snapshot):
        g.push("garbage")
    assert g.turns() == [([], None)]


def test_checkmate_ends_the_game():
    g = CardGame("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", seed=1)
    g.apply_chance(5)
    g.push("G*5b")
    o = g.outcome()
    assert o.winner == BLACK and o.reason == "checkmate"
    assert g.phase == "over"


def test_fourfold_repetition_draws():
    g = CardGame(seed=1)
    for _ in range(3):
        for usi, file in zip(["2h3h", "8b7b", "3h2h", "7b8b"], [3, 7, 2, 8]):
            g.apply_chance(file)
            g.push(usi)
    o = g.outcome()
    assert o.winner is None and o.reason == "repetition"


def test_move_limit():
    g = CardGame(seed=1, move_limit=2)
    g.apply_chance(7)
    g.push("7g7f")
    g.apply_chance(3)
    g.push("3c3d")
    assert g.outcome().reason == "move_limit"
    assert g.outcome().winner is None


def test_seeded_replay_gives_the_same_cards():
    a = play_random(CardGame(seed=42, move_limit=200), random.Random(9))
    b = play_random(CardGame(seed=42, move_limit=200), random.Random(9))
    assert a.turns() == b.turns()
    assert a.sfen() == b.sfen()
    assert a.outcome() == b.outcome()
    assert a.outcome() is not None
    # Replaying the moves with the same seed draws the same cards.
    c = CardGame(seed=42, move_limit=200)
    for cards, move in a.turns():
        while c.phase == "draw":
            c.chance_step()
        if move is not None:
            c.push(move)
    assert c.turns() == a.turns()
    # Another seed gives other cards.
    d = play_random(CardGame(seed=43, move_limit=200), random.Random(9))
    assert [t[0] for t in d.turns()] != [t[0] for t in a.turns()]


def test_seeded_draws_follow_the_deck():
    seen = {}
    for seed in range(300):
        g = CardGame(seed=seed)
        card = g.chance_step()
        seen[card] = seen.get(card, 0) + 1
    assert set(seen) == set(range(1, 10))
    assert all(12 <= n <= 58 for n in seen.values()), seen


def test_board_and_copy_are_independent():
    g = CardGame(seed=1)
    g.apply_chance(7)
    g.push("7g7f")
    b = g.board()
    assert isinstance(b, Board)
    assert b.sfen() == g.sfen()
    b.push_usi("3c3d")
    assert g.sfen() != b.sfen()
    c = g.copy()
    assert c.sfen() == g.sfen() and c.turns() == g.turns() and c.deck() == g.deck()
    c.apply_chance(3)
    c.push("3c3d")
    assert g.phase == "draw" and len(g.turns()) == 2
    assert len(c.turns()) == 3
    # A copy draws the same cards as the original from here on.
    x, y = g.copy(), g.copy()
    assert [x.chance_step() for _ in range(1)] == [y.chance_step() for _ in range(1)]


def test_svg():
    g = CardGame(seed=1)
    assert_svg(g._repr_svg_())
    g.apply_chance(7)
    assert_svg(g._repr_svg_())


def test_no_seed_means_fresh_randomness_and_a_seed_replays():
    seeds = {CardGame().seed for _ in range(6)}
    assert len(seeds) > 1, "casual games must not all deal the same deck"
    firsts = set()
    for _ in range(12):
        g = CardGame()
        firsts.add(g.chance_step())
    assert len(firsts) > 1
    a, b = CardGame(seed=42), CardGame(seed=42)
    assert [a.chance_step() for _ in range(1)] == [b.chance_step() for _ in range(1)]
    c = CardGame(seed=CardGame().seed)
    assert isinstance(c.seed, int)


def test_legal_squares_follow_the_card():
    g = CardGame(seed=3)
    assert g.legal_squares("7g") == []  # a card must be drawn first
    g.apply_chance(2)
    assert g.legal_squares("7g") == []
    assert g.legal_squares("2g") == [sv_square("2f")]
    assert g.legal_squares("2h") == []
