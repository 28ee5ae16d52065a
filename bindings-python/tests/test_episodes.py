"""Episodes: whole games by chosen seats, every decision recorded."""

import pickle

import numpy as np
import pytest

import shogi_variants as sv


def seeds(run, n):
    return [sv.episode_seed(run, i) for i in range(n)]


def test_episode_seed_mixes_run_and_index():
    assert sv.episode_seed(1, 5) == sv.episode_seed(1, 5)
    assert len({sv.episode_seed(r, i) for r in range(3) for i in range(50)}) == 150


def test_rows_replay_on_a_board_and_outcomes_are_the_movers():
    batch = sv.Episodes("minishogi", seeds=seeds(2, 6), black="random", white="search:depth=1", max_plies=120)
    assert batch.run() is None and batch.is_done()
    d = batch.decisions()
    rows = len(d["actions"])
    assert d["observations"].shape == (rows, *batch.observation_shape)
    assert d["masks"].shape == (rows, batch.mask_bytes) and d["masks"].dtype == np.uint8
    masks = np.unpackbits(d["masks"], axis=1, count=batch.num_actions, bitorder="little").astype(bool)
    results = batch.results()
    assert [r.seed for r in results] == seeds(2, 6)
    for g, result in enumerate(results):
        board = sv.Board(variant="minishogi")
        idx = np.flatnonzero(d["games"] == g)
        assert len(idx) == result.plies and list(d["plies"][idx]) == list(range(result.plies))
        for k in idx:
            assert d["players"][k] == int(board.turn)
            np.testing.assert_array_equal(d["observations"][k], board.observation_tensor())
            assert sorted(np.flatnonzero(masks[k])) == board.legal_actions()
            assert d["outcomes"][k] == result.value_for(board.turn)
            board.push(board.move_of(int(d["actions"][k])))
        assert board.sfen() == batch.game_at(g).sfen()
        assert result.is_over()
        if result.outcome is not None:
            assert board.outcome() == result.outcome
    assert "Episodes(game='minishogi'" in repr(batch) and "EpisodeResult(seed=" in repr(results[0])


def test_a_game_is_the_same_in_any_batch_and_on_any_thread_count():
    a = sv.Episodes("card", seeds=seeds(4, 6), black="card", white="random", max_plies=60, threads=2, base="minishogi")
    b = sv.Episodes("card", seeds=seeds(4, 6)[3:], black="card", white="random", max_plies=60, base="minishogi")
    a.run()
    b.run()
    da, db = a.decisions(), b.decisions()
    for g in range(3):
        ia, ib = np.flatnonzero(da["games"] == g + 3), np.flatnonzero(db["games"] == g)
        for key in ("actions", "observations", "masks", "outcomes"):
            np.testing.assert_array_equal(da[key][ia], db[key][ib])
    assert [r.plies for r in a.results()[3:]] == [r.plies for r in b.results()]
    assert a.game_at(3).to_json() == b.game_at(0).to_json()


def test_a_policy_seat_is_played_by_a_callable_and_checked():
    batch = sv.Episodes("minishogi", seeds=range(5), black="policy", white="random", max_plies=40)
    assert batch.seats == ("policy", "random")
    assert batch.advance() == 5 and batch.waiting() == [0, 1, 2, 3, 4]
    obs, masks = batch.observe_waiting()
    assert obs.shape == (5, *batch.observation_shape) and masks.shape == (5, batch.num_actions)
    bad = masks.argmax(1)
    bad[1] = int(np.flatnonzero(~masks[1])[0])
    with pytest.raises(sv.IllegalMoveError, match="game 1"):
        batch.act(bad)
    with pytest.raises(sv.ShogiError, match="5 games wait"):
        batch.act([0])
    assert len(batch.decisions()["actions"]) == 0, "nothing played on an error"
    with pytest.raises(sv.SettingError, match="policy"):
        batch.run()
    calls = []

    def first_legal(o, m):
        calls.append(len(o))
        return m.argmax(1)

    batch.run(first_legal)
    assert batch.is_done() and calls
    d = batch.decisions()
    assert set(d["players"][d["plies"] % 2 == 0]) == {0}


@pytest.mark.parametrize(
    "args, match",
    [
        (dict(black="alphazero"), "no player"),
        (dict(black="search:nodes=0"), "at least 1"),
        (dict(black="search:nodes=1,depth=2"), "not both"),
        (dict(black="belief"), "Tsuitate only"),
        (dict(seeds=[]), "seeds must be at least 1"),
        (dict(seeds=[1, -1]), "a seed is an integer"),
        (dict(seeds=5), "iterable"),
        (dict(threads=0), "threads must be at least 1"),
        (dict(threads=-2), "threads must be at least 1"),
        (dict(max_plies=-1), "max_plies must be"),
        (dict(max_plies=0), "max_plies"),
        (dict(game="chess"), "chess"),
    ],
)
def test_bad_settings_say_what(args, match):
    with pytest.raises(sv.SettingError, match=match):
        sv.Episodes(**{"game": "standard", **args})


def test_tsuitate_without_observations_and_not_picklable():
    batch = sv.Episodes("tsuitate", seeds=range(2), black="belief:particles=8", white="naive", max_plies=30, observations=False, base="minishogi")
    batch.run()
    d = batch.decisions()
    assert "observations" not in d and len(d["actions"]) == sum(r.plies for r in batch.results())
    assert isinstance(batch.game_at(-1), sv.TsuitateGame)
    with pytest.raises(IndexError):
        batch.game_at(2)
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(batch)
    assert len(batch) == batch.num_games == 2 and batch.threads == 1 and batch.max_plies == 30
    assert batch.game == "tsuitate"


def test_defined_and_scripted_variants_play_in_episodes():
    judkins = sv.Episodes("defined", seeds=range(3), black="random", white="search:nodes=50", max_plies=40, definition="judkins")
    judkins.run()
    assert judkins.observation_shape == (48, 6, 6) and judkins.game_at(0).variant == "judkins"
    assert all(r.is_over() for r in judkins.results())

    class FirstCheckWins:
        def extra_outcome(self, board):
            if board.is_check():
                return sv.Outcome(board.turn.opponent, "first_check")
            return None

    sv.register_variant("episodes-first-check", FirstCheckWins, base="minishogi")
    batch = sv.Episodes("episodes-first-check", seeds=range(4), black="random", white="random", max_plies=60, threads=2)
    batch.run()
    # The hooks run on the batch's threads (they take the GIL to call Python).
    assert {r.outcome.reason for r in batch.results() if r.outcome is not None} == {"first_check"}
