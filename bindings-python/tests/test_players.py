"""Computer players and matches from Python."""

import pytest

import shogi_variants as sv


def test_each_player_chooses_an_allowed_move():
    board = sv.Board(variant="minishogi")
    for player in (sv.RandomPlayer(1), sv.SearchPlayer(depth=2), sv.SearchPlayer(nodes=500), sv.SearchPlayer(time_ms=20, seed=3)):
        assert player.choose(board) in board.legal_moves
        assert isinstance(player.name, str) and player.name in repr(player)
    cards = sv.CardGame(seed=2)
    cards.chance_step()
    assert sv.CardPlayer().choose(cards) in list(cards.legal_moves)
    game = sv.TsuitateGame()
    view = game.seen(sv.BLACK)
    for player in (sv.BeliefPlayer(seed=1, particles=8), sv.NaivePlayer(2)):
        assert player.choose(view) in list(view.legal_moves)
        player.new_game()


def test_search_finds_mate_in_one():
    board = sv.Board("8k/9/8P/9/9/9/9/9/K8 b G 1")
    assert sv.SearchPlayer(depth=2).choose(board).usi() == "G*1b"


def test_bad_player_arguments():
    with pytest.raises(sv.SettingError):
        sv.SearchPlayer(depth=2, nodes=10)
    with pytest.raises(sv.SettingError):
        sv.SearchPlayer(depth=0)
    with pytest.raises(sv.SettingError):
        sv.BeliefPlayer(particles=0)
    with pytest.raises(sv.ShogiError):
        sv.RandomPlayer().choose("not a game")


def test_native_match():
    result = sv.play_match("minishogi", sv.SearchPlayer(depth=2), sv.RandomPlayer(3), games=6, seed=1)
    assert result.wins + result.draws + result.losses == 6
    assert result.score >= 0.8, result.summary()
    assert [g[0] for g in result.games] == [sv.BLACK, sv.WHITE] * 3
    assert sum(result.reasons.values()) == 6
    elo, margin = result.elo()
    assert elo > 0 and margin > 0
    assert (result.a, result.b) == ("search(depth 2)", "random")
    assert "vs" in result.summary() and "MatchResult" in repr(result)
    assert result.fouls_per_game == (0.0, 0.0)


def test_tsuitate_and_card_matches():
    r = sv.play_match("tsuitate", sv.BeliefPlayer(1, particles=8), sv.RandomPlayer(2), games=2, max_plies=120)
    assert len(r.games) == 2 and sum(r.reasons.values()) == 2
    # The random player attempts moves blind to the hidden pieces: it fouls.
    assert r.fouls_per_game[1] > 0, r.fouls_per_game
    r = sv.play_match("card", sv.CardPlayer(), sv.RandomPlayer(2), games=4, base="minishogi")
    assert len(r.games) == 4


class FirstMove:
    """A Python player: the first allowed move."""

    name = "first"

    def __init__(self):
        self.seen = set()
        self.games = 0

    def new_game(self):
        self.games += 1

    def choose(self, observation):
        self.seen.add(type(observation).__name__)
        if isinstance(observation, sv.Board):
            return next(iter(observation.legal_moves), None)
        if isinstance(observation, sv.CardGame):
            return list(observation.legal_moves)[0].usi()  # USI text works too
        return list(observation.legal_moves)[0]


def test_python_players_take_seats():
    me = FirstMove()
    r = sv.play_match("minishogi", me, sv.RandomPlayer(1), games=2, max_plies=40)
    assert r.a == "first" and me.games == 2 and me.seen == {"Board"}
    card = FirstMove()
    sv.play_match("card", card, sv.RandomPlayer(1), games=1, max_plies=40)
    assert card.seen == {"CardGame"}
    hidden = FirstMove()
    sv.play_match("tsuitate", hidden, sv.RandomPlayer(1), games=1, max_plies=40)
    assert hidden.seen == {"PlayerView"}  # never the referee


def test_player_errors_and_misuse():
    class Broken:
        def choose(self, observation):
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        sv.play_match("minishogi", Broken(), sv.RandomPlayer(1), games=1)
    p = sv.RandomPlayer(1)
    with pytest.raises(sv.ShogiError, match="two player objects"):
        sv.play_match("minishogi", p, p, games=1)
    with pytest.raises(sv.SettingError):
        sv.play_match("minishogi", sv.RandomPlayer(1), sv.RandomPlayer(2), over_time="never")
    with pytest.raises(sv.SettingError):
        sv.play_match("minishogi", sv.RandomPlayer(1), sv.RandomPlayer(2), move_time=-1)
    with pytest.raises(sv.SettingError):
        sv.play_match("chess", sv.RandomPlayer(1), sv.RandomPlayer(2))
    # The native player still works after a failed match.
    assert p.choose(sv.Board()) in sv.Board().legal_moves


def test_time_limit():
    class Slow:
        def choose(self, observation):
            import time
            time.sleep(0.01)
            return next(iter(observation.legal_moves))

    r = sv.play_match("minishogi", Slow(), sv.RandomPlayer(1), games=2, move_time=0.002)
    assert r.reasons == {"timeout": 2} and r.losses == 2
    r = sv.play_match("minishogi", Slow(), sv.RandomPlayer(1), games=1, move_time=0.002, over_time="cpu", max_plies=10)
    assert "timeout" not in r.reasons


def test_match_reasons_are_outcome_reason_names_and_the_cap_is_max_plies():
    capped = sv.play_match("minishogi", sv.RandomPlayer(1), sv.RandomPlayer(2), games=2, max_plies=4)
    assert capped.reasons == {"max_plies": 2}
    assert [g[2] for g in capped.games] == ["max_plies", "max_plies"]
    limited = sv.play_match("minishogi", sv.RandomPlayer(1), sv.RandomPlayer(2), games=2, max_plies=4, move_limit=2)
    assert limited.reasons == {"move_limit": 2}
    b = sv.Board(variant="minishogi", move_limit=1)
    b.push_usi("1e1d")
    assert b.outcome().reason in limited.reasons


def test_one_won_game_is_a_positive_elo():
    r = sv.play_match("minishogi", sv.SearchPlayer(depth=2), sv.RandomPlayer(2), games=1, max_plies=200)
    assert (r.wins, r.draws, r.losses) == (1, 0, 0), r.summary()
    assert r.summary().endswith("score 1.000, Elo +191 ± 191"), r.summary()
