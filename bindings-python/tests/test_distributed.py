"""Self-play datasets on Ray: a small local-cluster run, resuming, a worker
killed mid-run, and the command line."""

import json
import os

import numpy as np
import pytest

import shogi_variants as sv

ray = pytest.importorskip("ray")
dist = pytest.importorskip("shogi_variants.distributed")


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def shard_arrays(out, k):
    with np.load(os.path.join(out, "shards", f"shard-{k:05d}.npz")) as z:
        return {name: z[name] for name in z.files}


def assert_every_game_once(out, games, seed):
    recs = dist.records(out)
    assert [r["index"] for r in recs] == list(range(games))
    assert [r["seed"] for r in recs] == [sv.episode_seed(seed, i) for i in range(games)]
    data = dist.load(out)
    assert sorted(set(data["games"].tolist())) == list(range(games))
    assert len(data["actions"]) == sum(r["plies"] for r in recs)
    return data, recs


SETTINGS = dict(game="minishogi", black="random", white="search:nodes=100", seed=3, max_plies=100, shard_games=8)


def test_a_local_run_writes_every_game_once_reproducibly(tmp_path):
    out = str(tmp_path / "run")
    summary = dist.generate(out, games=40, workers=2, progress=False, **SETTINGS)
    assert (summary.games, summary.shards, summary.shards_played, summary.workers) == (40, 5, 5, 2)
    assert summary.worker_failures == 0 and summary.positions_per_second > 0
    data, recs = assert_every_game_once(out, 40, 3)
    rows = len(data["actions"])
    assert data["observations"].shape == (rows, 48, 5, 5)
    assert data["masks"].shape == (rows, 1425) and data["masks"].dtype == bool
    assert data["masks"][np.arange(rows), data["actions"]].all(), "every action is legal"
    # The records: saved games that load, and KIF for minishogi.
    board = sv.load(json.dumps(recs[0]["game"]))
    assert len(board.move_stack) == recs[0]["plies"]
    assert all(r["kif"].startswith("#KIF") for r in recs)
    manifest = json.load(open(os.path.join(out, "manifest.json")))
    assert manifest["totals"]["games"] == 40 and manifest["run"]["white"] == "search:nodes=100"
    assert sum(manifest["totals"]["results"].values()) == 40
    # Shard 2 played in this process, without Ray, is the same shard.
    run = manifest["run"]
    again = dist.play_shard(run, list(range(16, 24)))
    for name, array in shard_arrays(out, 2).items():
        np.testing.assert_array_equal(array, again["arrays"][name])
    assert str(summary).startswith("40 games")


def test_a_run_resumes_from_what_is_on_disk_and_refuses_other_settings(tmp_path):
    out = str(tmp_path / "run")
    dist.generate(out, games=24, workers=1, progress=False, **SETTINGS)
    before = shard_arrays(out, 1)
    os.remove(os.path.join(out, "shards", "shard-00001.npz"))
    summary = dist.generate(out, games=24, workers=2, progress=False, **SETTINGS)
    assert (summary.shards_played, summary.shards_resumed, summary.games) == (1, 2, 24)
    for name, array in shard_arrays(out, 1).items():
        np.testing.assert_array_equal(array, before[name])
    assert_every_game_once(out, 24, 3)
    done = dist.generate(out, games=24, workers=2, progress=False, **SETTINGS)
    assert (done.shards_played, done.shards_resumed, done.workers, done.games) == (0, 3, 0, 24)
    with pytest.raises(sv.SettingError, match="other settings"):
        dist.generate(out, games=24, progress=False, **{**SETTINGS, "seed": 4})


def test_a_worker_killed_mid_run_loses_and_duplicates_no_game(tmp_path):
    out = str(tmp_path / "run")
    settings = {**SETTINGS, "black": "search:nodes=300", "white": "search:nodes=300"}
    killed = []

    def kill_one(k, busy):
        # The actor given a shard last has just started it: kill it mid-shard.
        if not killed and busy:
            killed.append(busy[-1])
            ray.kill(busy[-1], no_restart=True)

    summary = dist.generate(out, games=40, workers=2, progress=False, on_shard=kill_one, **settings)
    assert killed and summary.worker_failures >= 1
    data, recs = assert_every_game_once(out, 40, 3)
    # Every shard is what an undisturbed run gives.
    for k in range(5):
        again = dist.play_shard(json.load(open(os.path.join(out, "manifest.json")))["run"], list(range(8 * k, 8 * k + 8)))
        np.testing.assert_array_equal(shard_arrays(out, k)["actions"], again["arrays"]["actions"])


def test_hidden_information_chance_and_a_policy_seat(tmp_path):
    out = str(tmp_path / "card")
    summary = dist.generate(
        out, game="card", games=6, black="policy", white="card", shard_games=3, max_plies=60,
        settings={"base": "minishogi"}, policy=lambda obs, masks: masks.argmax(1), progress=False,
    )
    assert summary.games == 6
    recs = dist.records(out)
    assert all("kif" not in r and r["game"]["game"] == "card" for r in recs)
    out = str(tmp_path / "tsuitate")
    dist.generate(out, game="tsuitate", games=4, black="belief:particles=8", white="naive", shard_games=2,
                  max_plies=40, settings={"base": "minishogi"}, observations=False, progress=False)
    data = dist.load(out, unpack_masks=False)
    assert "observations" not in data and data["masks"].dtype == np.uint8


def test_the_command_line(tmp_path, capsys):
    out = str(tmp_path / "cli")
    code = dist.main(["generate", "--out", out, "--game", "minishogi", "--games", "6", "--shard-games", "3",
                      "--workers", "1", "--max-plies", "40", "--set", "move_limit=300", "--quiet"])
    assert code == 0 and "6 games" in capsys.readouterr().out
    assert_every_game_once(out, 6, 0)
    assert json.load(open(os.path.join(out, "manifest.json")))["run"]["settings"] == {"move_limit": 300}
    # The same run from Python resumes it (the command line read 300 as a number).
    s = dist.generate(out, game="minishogi", games=6, shard_games=3, max_plies=40, settings={"move_limit": 300},
                      progress=False)
    assert s.shards_played == 0
    assert dist.main(["generate", "--out", str(tmp_path / "bad"), "--black", "alphazero", "--quiet"]) == 2
    assert "no player" in capsys.readouterr().err
    with pytest.raises(sv.SettingError, match="manifest"):
        dist.load(str(tmp_path / "bad"))


def test_workers_are_kept_between_calls_and_renewed_with_a_new_ray(tmp_path):
    small = {**SETTINGS, "shard_games": 4}
    dist.generate(str(tmp_path / "a"), games=8, workers=2, progress=False, **small)
    kept = [a for pool in dist._ACTORS.values() for a in pool]
    dist.generate(str(tmp_path / "b"), games=8, workers=2, progress=False, **small)
    assert [a for pool in dist._ACTORS.values() for a in pool] == kept, "the same actors played"
    ray.shutdown()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    summary = dist.generate(str(tmp_path / "c"), games=8, workers=2, progress=False, **small)
    assert summary.games == 8 and summary.worker_failures == 0
    assert_every_game_once(str(tmp_path / "c"), 8, 3)


def test_a_shard_that_fails_stops_the_run_with_the_worker_s_exception(tmp_path):
    with pytest.raises(sv.IllegalMoveError, match="not legal") as bad:
        dist.generate(str(tmp_path / "bad"), game="minishogi", games=4, black="policy", white="random",
                      shard_games=2, workers=1, policy=lambda obs, masks: (~masks).argmax(1), progress=False)
    assert type(bad.value) is sv.IllegalMoveError and "ray::" not in str(bad.value), "the worker's own exception"
    # A variant registered in this process only: the workers refuse it by name.
    class NoDrops:
        def filter_moves(self, board, moves):
            return [m for m in moves if not m.is_drop]

    sv.register_variant("distributed-nodrops", NoDrops, base="minishogi")
    with pytest.raises(sv.SettingError, match="distributed-nodrops"):
        dist.generate(str(tmp_path / "scripted"), game="distributed-nodrops", games=2, shard_games=2,
                      workers=1, progress=False)


def test_settings_are_checked_before_ray_and_workers_fit_the_cpus(tmp_path):
    with pytest.raises(sv.SettingError, match="policy=..."):
        dist.generate(str(tmp_path / "p"), game="minishogi", games=2, black="policy", progress=False)
    with pytest.raises(sv.SettingError, match="workers must be at least 1"):
        dist.generate(str(tmp_path / "w"), game="minishogi", games=2, workers=0, progress=False)
    with pytest.raises(sv.SettingError, match="hash_mb is at most"):
        dist.generate(str(tmp_path / "h"), game="minishogi", games=2, black="search:hash_mb=5000", progress=False)
    # More workers than CPUs, then actors of another size: capped and replaced, not waited for.
    small = {**SETTINGS, "shard_games": 2}
    s = dist.generate(str(tmp_path / "a"), games=6, workers=3, progress=False, **small)
    assert s.workers == 2 and s.games == 6
    s = dist.generate(str(tmp_path / "b"), games=4, threads_per_worker=2, progress=False, **small)
    assert s.workers == 1 and s.games == 4
    with pytest.raises(sv.SettingError, match="has 2 CPUs"):
        dist.generate(str(tmp_path / "c"), games=4, threads_per_worker=3, progress=False, **small)


def test_a_resume_compares_the_policy_by_digest(tmp_path):
    out = str(tmp_path / "run")
    first = lambda obs, masks: masks.argmax(1)  # noqa: E731
    args = dict(game="minishogi", games=4, black="policy", white="random", shard_games=2, max_plies=30,
                workers=1, progress=False)
    dist.generate(out, policy=first, settings={"move_limit": 300}, **args)
    os.remove(os.path.join(out, "shards", "shard-00001.npz"))
    assert [r["index"] for r in dist.records(out)] == [0, 1], "records of a shard without arrays are not the run's"
    again = dist.generate(out, policy=first, settings={"move_limit": 300}, **args)
    assert again.shards_played == 1
    with pytest.raises(sv.SettingError, match="policy"):
        dist.generate(out, policy=lambda obs, masks: masks.argmax(1) * 0 + masks.argmax(1), settings={"move_limit": 300}, **args)


def test_a_shard_that_keeps_killing_its_worker_stops_the_run(tmp_path):
    def crash(obs, masks):
        os._exit(1)

    with pytest.raises(sv.ShogiError, match="lost its worker 3 times"):
        dist.generate(str(tmp_path / "crash"), game="minishogi", games=2, black="policy", shard_games=2,
                      workers=1, policy=crash, progress=False)


def test_a_small_dobutsu_dataset(tmp_path):
    """A game of the shogi family on Ray: its observations and masks sized by
    its definition's kinds, its games saved (SFEN and USI moves with its
    letters) and its KIF refused by name, as KIF holds only shogi's pieces."""
    out = str(tmp_path / "dobutsu")
    summary = dist.generate(out, game="dobutsu", games=6, workers=1, black="random",
                            white="search:nodes=50", seed=2, max_plies=60, shard_games=3, progress=False)
    assert (summary.games, summary.shards) == (6, 2)
    data, recs = assert_every_game_once(out, 6, 2)
    proto = sv.new_game("dobutsu")
    rows = len(data["actions"])
    assert data["observations"].shape == (rows,) + proto.observation_shape
    assert data["masks"].shape == (rows, proto.num_actions)
    assert data["masks"][np.arange(rows), data["actions"]].all(), "every action is legal"
    for rec in recs:
        game = sv.load(json.dumps(rec["game"]))
        assert type(game) is sv.FamilyGame and len(game.history()) == rec["plies"]
        assert "?" not in " ".join(game.history())
        assert "kif" not in rec and "dobutsu" in rec["kif_error"] and "SFEN and USI moves" in rec["kif_error"]


def test_a_standard_run_writes_hcpe_and_psv_that_cshogi_reads(tmp_path):
    cshogi = pytest.importorskip("cshogi")
    out = str(tmp_path / "train")
    settings = dict(game="standard", black="random", white="random", seed=9, max_plies=60, shard_games=4)
    dist.generate(out, games=8, workers=2, progress=False, observations=False, training=True, **settings)
    _, recs = assert_every_game_once(out, 8, 9)
    for k in range(2):
        with open(os.path.join(out, "training", f"shard-{k:05d}.hcpe"), "rb") as f:
            hcpe = np.frombuffer(f.read(), dtype=cshogi.HuffmanCodedPosAndEval)
        with open(os.path.join(out, "training", f"shard-{k:05d}.psv"), "rb") as f:
            psv = f.read()
        shard = recs[4 * k : 4 * k + 4]
        assert len(hcpe) == sum(r["plies"] for r in shard)
        # the PSV holds the same positions and moves
        from_psv = sv.read_psv(psv)
        from_hcpe = sv.read_hcpe(hcpe.tobytes())
        assert [(e.sfen.rsplit(" ", 1)[0], e.best_move) for e in from_psv] == [
            (e.sfen.rsplit(" ", 1)[0], e.best_move) for e in from_hcpe
        ]
        # cshogi reads every position, and the first game's first move is its first
        board = cshogi.Board()
        board.set_hcp(hcpe[0]["hcp"])
        assert board.sfen() == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
        first = sv.load(json.dumps(shard[0]["game"])).move_stack[0].usi()
        assert cshogi.move_to_usi(board.move_from_move16(int(hcpe[0]["bestMove16"]) & 0xFFFF)) == first
    with pytest.raises(sv.SettingError, match="standard shogi"):
        dist.generate(str(tmp_path / "mini"), games=2, progress=False, training=True, game="minishogi")
