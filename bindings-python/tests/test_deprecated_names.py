"""One name per thing: each second name of a thing still works, warns with
a ``DeprecationWarning`` that names the one name kept, and answers as that
name does."""

import re

import numpy as np
import pytest

import shogi_variants as sv
from shogi_variants import BLACK, CardGame, TsuitateGame


def warns(replacement):
    return pytest.warns(DeprecationWarning, match="use " + re.escape(replacement))


def test_every_game_is_a_game():
    for g in (sv.Board(), sv.Board(variant="minishogi"), CardGame(seed=1), TsuitateGame()):
        assert isinstance(g, sv.Game)
    assert issubclass(sv.Board, sv.Game) and issubclass(CardGame, sv.Game)
    assert issubclass(TsuitateGame, sv.Game)
    assert isinstance(sv.load(sv.Board().to_json()), sv.Game)


def test_a_python_subclass_of_a_game_is_a_game():
    class Mine(sv.Board):
        def opening(self):
            return self.push_usi("7g7f")

    b = Mine(variant="minishogi")
    assert isinstance(b, sv.Game) and b.variant == "minishogi"
    with pytest.raises(sv.InvalidMoveError):  # 7g is off the 5x5 board
        b.opening()
    b = Mine()
    assert b.opening().usi() == "7g7f" and b.ply() == 1


def test_tsuitate_attempt_is_push():
    a, b = TsuitateGame(), TsuitateGame()
    with warns("push"):
        ruling = a.attempt("7g7f")
    assert ruling == b.push("7g7f")
    assert a.history() == b.history()


def test_tsuitate_true_sfen_is_sfen():
    t = TsuitateGame()
    t.push("7g7f")
    with warns("sfen"):
        assert t.true_sfen() == t.sfen()


def test_tsuitate_view_is_seen():
    t = TsuitateGame()
    with warns("seen"):
        assert t.view(BLACK) == t.seen(BLACK)


def test_card_draw_is_chance_step():
    a, b = CardGame(seed=9), CardGame(seed=9)
    with warns("chance_step"):
        assert a.draw() == b.chance_step()
    assert a.to_json() == b.to_json()


def test_card_apply_draw_is_apply_chance():
    a, b = CardGame(seed=2), CardGame(seed=2)
    with warns("apply_chance"):
        a.apply_draw(4)
    b.apply_chance(4)
    assert a.to_json() == b.to_json()


def test_card_allowed_moves_is_legal_moves():
    c = CardGame(seed=2)
    c.apply_chance(4)
    with warns("list(legal_moves)"):
        allowed = c.allowed_moves()
    assert allowed == list(c.legal_moves) and allowed


def test_view_candidate_moves_is_legal_moves():
    v = TsuitateGame().seen(BLACK)
    with warns("list(legal_moves)"):
        assert v.candidate_moves() == list(v.legal_moves)


@pytest.mark.parametrize(
    "make",
    [lambda: sv.Board(), lambda: CardGame(seed=3), lambda: TsuitateGame().seen(BLACK)],
    ids=["Board", "CardGame", "PlayerView"],
)
def test_observation_is_observation_tensor(make):
    obj = make()
    with warns("observation_tensor"):
        old = obj.observation()
    assert np.array_equal(old, obj.observation_tensor())
    assert old.shape == obj.observation_shape
