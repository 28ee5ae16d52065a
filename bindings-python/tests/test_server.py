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
    assert outcome.winner == loser.opponent
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


def test_apply_action_says_what_each_seat_was_told():
    b = sv.Board(variant="minishogi")
    assert b.apply_action("2e3d") == ("played", ([], []))
    assert b.history() == ["2e3d"]
    card = sv.CardGame(seed=4)
    cid = card.chance_outcomes()[0][0]
    verdict, (black, white) = card.apply_action(f"chance:{cid}")
    assert verdict is None and black == white and black[0].startswith("card:")
    t = sv.TsuitateGame(base="minishogi")
    verdict, (black, white) = t.apply_action("1e1d")
    assert verdict == "played"
    assert black == ["attempted:1e1d", "played"] and white == ["opponent_moved"]
    before = t.to_json()
    with pytest.raises(sv.ShogiError):
        t.apply_action("chance:0")
    with pytest.raises(sv.InvalidMoveError):
        t.apply_action("not an action")
    assert t.to_json() == before
