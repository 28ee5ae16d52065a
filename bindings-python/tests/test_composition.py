"""Compositions from Python: each modifier over a base with the base's own
settings, checked against the un-composed game where the two must agree
(perft, or the same random games replayed in both)."""

from __future__ import annotations

import random

import pytest

from shogi_variants import Board, CardGame, SettingError, TsuitateGame


def test_must_capture_minishogi_drawn_by_repetition_counts_like_must_capture_minishogi():
    plain = Board(variant="must-capture", base="minishogi")
    drawn = Board(variant="must-capture", base="minishogi", repetition="Draw")
    assert drawn.settings["base"]["repetition"] == "Draw"
    for depth in range(1, 5):
        assert drawn.perft(depth) == plain.perft(depth)


def test_must_capture_minishogi_with_repetition_draw_draws_a_repetition():
    cycle = ["4d4c", "2b2c", "4c4d", "2c2b"]
    winners = []
    for repetition in ("FirstPlayerLoses", "Draw"):
        b = Board("4k/3g1/5/1G3/K4 b - 1", variant="must-capture", base="minishogi", repetition=repetition)
        while not b.is_game_over():
            b.push_usi(cycle[len(b.move_stack) % 4])
        assert b.outcome().reason == "repetition"
        winners.append(b.outcome().winner)
    assert winners[1] is None and winners[0] is not None


def _play_alongside(g: CardGame, plain: Board, rng: random.Random, plies: int) -> None:
    """Plays the same random moves in a jokers-only Card game and in its
    base, checking at each move that both allow the same moves."""
    while not g.is_game_over() and len(plain.move_stack) < plies:
        if g.is_chance_node():
            g.chance_step()
            continue
        assert sorted(m.usi() for m in g.legal_moves) == sorted(m.usi() for m in plain.legal_moves)
        move = rng.choice(list(g.legal_moves))
        g.push(move)
        plain.push(move)


def _card_game_of_jokers(**settings) -> CardGame:
    return CardGame(seed=3, base="minishogi", copies_per_rank=0, jokers=True, **settings)


def test_card_shogi_with_only_jokers_plays_exactly_its_base():
    rng = random.Random(1)
    for _ in range(10):
        g = _card_game_of_jokers(check_exempt=False)
        plain = Board(variant="minishogi")
        _play_alongside(g, plain, rng, 200)
        assert (g.outcome() is None) == (plain.outcome() is None)
        if g.outcome() is not None:
            assert g.outcome().reason == plain.outcome().reason


def test_card_shogi_with_the_capture_duty_and_only_jokers_is_must_capture():
    rng = random.Random(2)
    compared = 0
    for _ in range(10):
        g = _card_game_of_jokers(capture_duty=True)
        while not g.is_game_over() and compared < 2000:
            if g.is_chance_node():
                g.chance_step()
                continue
            must = Board(g.sfen(), variant="must-capture", base="minishogi")
            assert sorted(m.usi() for m in g.legal_moves) == sorted(m.usi() for m in must.legal_moves)
            compared += 1
            g.push(rng.choice(list(g.legal_moves)))
    assert compared > 200


def test_tsuitate_over_minishogi_plays_what_minishogi_allows():
    rng = random.Random(3)
    for _ in range(5):
        t = TsuitateGame(base="minishogi", move_limit=200)
        while not t.is_game_over():
            t.push(rng.choice(list(t.legal_moves)))
        plain = Board(variant="minishogi", move_limit=200)
        for _by, move, foul in t.attempts():
            if foul is None:
                plain.push(move)
        assert plain.sfen() == t.sfen()
        if t.outcome().reason != "foul_limit":
            assert plain.outcome() == t.outcome()


def test_tsuitate_with_the_capture_duty_is_refused_with_its_reason():
    with pytest.raises(SettingError, match="cannot see which captures exist"):
        TsuitateGame(capture_duty=True)


# ---------------------------------------------------------------------------
# The modifiers and games over a defined variant (issue 17): a shipped
# definition, or a handicap, is a base like the built-in games.
# ---------------------------------------------------------------------------

DEFINED_BASES = ["judkins", "gorogoro", "香落ち"]


def _must_capture_reference(board: Board, depth: int) -> int:
    """Perft of the capture duty over ``board``'s rules, counted here: out of
    check, a side that can capture must (RULES.md: may flee from check)."""
    if depth == 0:
        return 1
    moves = list(board.legal_moves)
    if not board.is_check():
        captures = [m for m in moves if board.is_capture(m)]
        moves = captures or moves
    n = 0
    for m in moves:
        board.push(m)
        n += _must_capture_reference(board, depth - 1)
        board.pop()
    return n


@pytest.mark.parametrize("base", DEFINED_BASES)
def test_must_capture_over_a_defined_base_counts_as_the_duty_over_its_moves(base):
    rng = random.Random(7)
    plain = Board(variant=base)
    for _ in range(8):
        plain.push(rng.choice(list(plain.legal_moves)))
    duty = Board(plain.sfen(), variant="must-capture", base=base)
    assert (duty.files, duty.ranks) == (plain.files, plain.ranks)
    assert duty.perft(3) == _must_capture_reference(Board(plain.sfen(), variant=base), 3)


def test_must_capture_over_the_shipped_minishogi_definition_is_must_capture_minishogi():
    built_in = Board(variant="must-capture", base="minishogi")
    defined = Board(variant="must-capture", base={"variant": "defined", **Board(variant="defined", definition="minishogi").settings})
    assert defined.settings["base"]["name"] == "minishogi"
    for depth in range(1, 5):
        assert defined.perft(depth) == built_in.perft(depth)


@pytest.mark.parametrize("base", DEFINED_BASES)
def test_card_shogi_with_only_jokers_plays_exactly_a_defined_base(base):
    rng = random.Random(3)
    for _ in range(3):
        g = CardGame(seed=5, base=base, copies_per_rank=0, jokers=True, check_exempt=False)
        plain = Board(variant=base)
        assert (g.files, g.ranks) == (plain.files, plain.ranks)
        _play_alongside(g, plain, rng, 120)


@pytest.mark.parametrize("base", DEFINED_BASES)
def test_card_shogi_over_a_defined_base_deals_a_card_per_file(base):
    g = CardGame(seed=2, base=base)
    assert g.num_cards == g.files + 1  # a card per file and the joker's id 0
    rng = random.Random(4)
    for _ in range(60):
        if g.is_game_over():
            break
        if g.is_chance_node():
            g.chance_step()
            continue
        plain = Board(g.sfen(), variant=base)
        legal = list(g.legal_moves)
        assert set(legal) <= set(plain.legal_moves)
        if not legal:
            break
        g.push(rng.choice(legal))


@pytest.mark.parametrize("base", DEFINED_BASES)
def test_tsuitate_over_a_defined_base_plays_what_the_base_allows(base):
    rng = random.Random(6)
    for _ in range(3):
        t = TsuitateGame(base=base, move_limit=150)
        while not t.is_game_over():
            t.push(rng.choice(list(t.legal_moves)))
        plain = Board(variant=base)
        for _by, move, foul in t.attempts():
            if foul is None:
                plain.push(move)
        assert plain.sfen() == t.sfen()
        if t.outcome().reason not in ("foul_limit", "move_limit"):
            assert plain.outcome() == t.outcome()


def test_a_defined_base_takes_the_house_rules_and_no_other_settings():
    Board(variant="must-capture", base="judkins", repetition="Draw")
    with pytest.raises(SettingError, match="the rest of a defined variant's rules are its file's fields"):
        Board(variant="must-capture", base="judkins", drops="false")


def test_games_over_a_defined_base_save_and_resume():
    import shogi_variants as sv

    rng = random.Random(9)
    games = [
        Board(variant="must-capture", base="judkins"),
        CardGame(seed=4, base="gorogoro"),
        TsuitateGame(base="香落ち"),
    ]
    for g in games:
        for _ in range(10):
            if g.is_game_over():
                break
            if g.is_chance_node():
                g.chance_step()
                continue
            g.push(rng.choice(list(g.legal_moves)))
        again = sv.load(g.to_json())
        assert type(again) is type(g) and again.sfen() == g.sfen()
        assert again.settings == g.settings
