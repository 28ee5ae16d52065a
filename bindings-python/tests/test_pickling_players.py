"""Pickling and copying the players, ``MatchResult``, ``LegalMoves`` and
``SelfPlay``: players as their settings (a fresh player with the same
settings), a result as its data, a ``LegalMoves`` as its game's view; a
``SelfPlay`` refuses with a ``TypeError`` that says what to pickle instead."""

import copy
import pickle

import pytest

import shogi_variants as sv

PLAYERS = [
    (sv.RandomPlayer, (7,), {}),
    (sv.SearchPlayer, (), {"depth": 2, "seed": 3}),
    (sv.SearchPlayer, (), {"nodes": 500}),
    (sv.SearchPlayer, (), {"time_ms": 20}),
    (sv.SearchPlayer, (), {}),
    (sv.CardPlayer, (), {}),
    (sv.BeliefPlayer, (), {"seed": 4, "particles": 8}),
    (sv.BeliefPlayer, (2,), {}),
    (sv.NaivePlayer, (5,), {}),
]


def roundtrips(obj):
    yield pickle.loads(pickle.dumps(obj))
    yield pickle.loads(pickle.dumps(obj, protocol=0))
    yield copy.copy(obj)
    yield copy.deepcopy(obj)


def observation_for(player):
    if isinstance(player, sv.CardPlayer):
        game = sv.CardGame(seed=2)
        game.chance_step()
        return game
    if isinstance(player, (sv.BeliefPlayer, sv.NaivePlayer)):
        return sv.TsuitateGame().seen(sv.BLACK)
    return sv.Board(variant="minishogi")


@pytest.mark.parametrize("cls,args,kwargs", PLAYERS)
def test_players_pickle_as_their_settings(cls, args, kwargs):
    player = cls(*args, **kwargs)
    obs = observation_for(player)
    for other in roundtrips(player):
        assert type(other) is cls and other is not player
        assert other.name == player.name and repr(other) == repr(player)
        # A fresh player with the same settings: a new one chooses alike
        # (time-budget searches depend on the machine's speed).
        if "time_ms" not in kwargs:
            assert other.choose(obs) == cls(*args, **kwargs).choose(obs)


def test_a_copy_is_its_own_player():
    a = sv.RandomPlayer(3)
    b = copy.copy(a)
    # Independent: both can play one match together.
    result = sv.play_match("minishogi", a, b, games=2, max_plies=20)
    assert result.a == result.b == a.name


def test_match_result_pickles_as_its_data():
    class Forfeiter:
        name = "forfeiter"

        def choose(self, view):
            return None

    results = [
        sv.play_match("minishogi", sv.SearchPlayer(depth=1), sv.RandomPlayer(3), games=5, max_plies=30, seed=2),
        sv.play_match("minishogi", Forfeiter(), sv.RandomPlayer(3), games=2),
        sv.play_match("tsuitate", sv.NaivePlayer(1), sv.BeliefPlayer(2, particles=4), games=2, max_plies=40, base="minishogi"),
        sv.play_match("minishogi", sv.RandomPlayer(1), sv.RandomPlayer(2), games=0),
    ]
    for result in results:
        for other in roundtrips(result):
            assert isinstance(other, sv.MatchResult)
            for field in ("a", "b", "wins", "draws", "losses", "score", "reasons", "fouls_per_game", "games"):
                assert getattr(other, field) == getattr(result, field), field
            assert other.summary() == result.summary() and repr(other) == repr(result)
            assert other.elo() == result.elo() or result.games == []


def test_legal_moves_pickle_as_their_games_view():
    board = sv.Board(variant="minishogi")
    board.push_usi("1e1d")
    cards = sv.CardGame(seed=1)
    cards.chance_step()
    tsuitate = sv.TsuitateGame()
    for owner in (board, cards, tsuitate):
        moves = owner.legal_moves
        for other in (pickle.loads(pickle.dumps(moves)), copy.deepcopy(moves)):
            assert isinstance(other, sv.LegalMoves)
            assert [m.usi() for m in other] == [m.usi() for m in moves]
            assert len(other) == len(moves)
        # copy.copy: the same view of the same game.
        shallow = copy.copy(moves)
        assert list(shallow) == list(moves)
    # The unpickled view follows its own (unpickled) game, not the original.
    other = pickle.loads(pickle.dumps(board.legal_moves))
    board.push(next(iter(board.legal_moves)))
    assert list(other) != list(board.legal_moves)


def test_legal_moves_of_a_player_view_pickle_with_their_view():
    view = sv.TsuitateGame().seen(sv.BLACK)
    try:
        pickle.dumps(view)
    except TypeError:
        pytest.skip("PlayerView pickling comes with the value classes' pickling (issue 15)")
    moves = view.legal_moves
    other = pickle.loads(pickle.dumps(moves))
    assert [m.usi() for m in other] == [m.usi() for m in moves]


def test_selfplay_refuses_with_a_clear_type_error():
    pytest.importorskip("numpy")
    sp = sv.SelfPlay("minishogi", num_games=2)
    for attempt in (pickle.dumps, copy.copy, copy.deepcopy):
        with pytest.raises(TypeError, match="SelfPlay cannot be pickled.*game_at"):
            attempt(sp)
