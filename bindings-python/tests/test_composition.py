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


def _card_game_of_jokers(**settings) -> CardGame:
    return CardGame(seed=3, base="minishogi", copies_per_rank=0, jokers=True, **settings)


def test_card_shogi_with_only_jokers_plays_exactly_its_base():
    rng = random.Random(1)
    for _ in range(10):
        g = _card_game_of_jokers(check_exempt=False)
        plain = Board(variant="minishogi")
        while not g.is_game_over() and len(plain.move_stack) < 200:
            if g.is_chance_node():
                g.chance_step()
                continue
            assert sorted(m.usi() for m in g.legal_moves) == sorted(m.usi() for m in plain.legal_moves)
            move = rng.choice(list(g.legal_moves))
            g.push(move)
            plain.push(move)
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
