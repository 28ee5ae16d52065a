"""What a game server needs (issue 32, item 5), from Python: either seat
resigns at any time, in every game, and the resignation survives
``to_json()`` and ``load()``."""

from __future__ import annotations

import pytest

import shogi_variants as sv

GAMES = [
    lambda: sv.Board(),
    lambda: sv.Board(variant="judkins"),
    lambda: sv.CardGame(seed=3),
    lambda: sv.TsuitateGame(),
]


@pytest.mark.parametrize("make", GAMES)
@pytest.mark.parametrize("loser", [sv.Color.BLACK, sv.Color.WHITE])
def test_either_seat_resigns_and_the_saved_game_keeps_it(make, loser):
    game = make()
    outcome = game.resign(loser)  # Black's turn (or the draw before it) either way
    assert outcome.winner == loser.opponent()
    assert outcome.reason == sv.EndReason.RESIGNATION
    assert game.outcome() == outcome
    back = sv.load(game.to_json())
    assert back.outcome() == outcome
    assert type(back) is type(game)
    with pytest.raises(sv.GameOverError):
        back.resign()


def test_resign_without_a_colour_is_the_side_to_move_as_before():
    b = sv.Board()
    b.push_usi("7g7f")
    assert b.resign().winner == sv.Color.BLACK
    with pytest.raises(sv.GameOverError):
        b.resign(sv.Color.BLACK)
