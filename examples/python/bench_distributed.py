"""Distributed self-play on Ray against the single-process batch, one run.

    python examples/python/bench_distributed.py [--games 4000] [--quick]

Rows (positions per second; a position is one decision with its
observation, mask, action, player and outcome):

* ``SelfPlay`` (one process, one thread): random steps of the batched
  environment, observations written; nothing kept. The ceiling.
* ``Episodes`` (one process): whole games recorded, rows copied out.
* a worker's job in one process: ``play_shard`` + ``pack_shard`` (records
  with KIF, arrays deflated): what each Ray actor does per shard.
* ``generate`` on Ray with 1 and 2 workers, end to end (actors started,
  shards shipped to the driver and written to disk).

Then the scaling efficiency of 2 workers over 1, the Ray overhead per shard
(1-worker run's time less the same shards played in process, per shard) and
what 64 cores would reach at that efficiency.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # idle BLAS threads spin on our cores
os.environ.setdefault("RAY_AUTH_MODE", "disabled")

import shogi_variants as sv  # noqa: E402
from shogi_variants import distributed as dist  # noqa: E402


def selfplay_rate(game, games, steps):
    batch = sv.SelfPlay(game, num_games=games, seed=0)
    batch.reset()
    t = time.perf_counter()
    batch.run_random(steps)
    return games * steps / (time.perf_counter() - t)


def episodes_rate(game, games, max_plies):
    batch = sv.Episodes(game, seeds=[sv.episode_seed(0, i) for i in range(games)], max_plies=max_plies)
    t = time.perf_counter()
    batch.run()
    rows = len(batch.decisions()["actions"])
    return rows / (time.perf_counter() - t)


def local_shards(run, shards, shard_games):
    t = time.perf_counter()
    rows = 0
    for k in range(shards):
        packed = dist.pack_shard(dist.play_shard(run, list(range(k * shard_games, (k + 1) * shard_games))))
        rows += packed["positions"]
    return rows, time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="minishogi")
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--shard-games", type=int, default=128)
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--quick", action="store_true", help="a smoke test: few games")
    args = ap.parse_args()
    if args.quick:
        args.games, args.shard_games = 64, 16
    game, n, shard = args.game, args.games, args.shard_games
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    sp = selfplay_rate(game, 128, 50 if args.quick else 400)
    ep = episodes_rate(game, shard, args.max_plies)
    run = {
        "game": game, "settings": {}, "black": "random", "white": "random", "seed": 0,
        "max_plies": args.max_plies, "observations": True, "records": True, "threads": 1,
    }
    shards = n // shard
    rows_local, t_local = local_shards(run, shards, shard)
    rates = {}
    seconds = {}
    for workers in (1, 2):
        out = tempfile.mkdtemp(prefix="bench-dist-")
        try:
            s = dist.generate(out, game=game, games=shards * shard, shard_games=shard, workers=workers,
                              max_plies=args.max_plies, progress=False)
            rates[workers], seconds[workers] = s.positions_per_second, s.seconds
        finally:
            shutil.rmtree(out, ignore_errors=True)
    ray.shutdown()
    worker = rows_local / t_local
    efficiency = rates[2] / (2 * rates[1])
    overhead_ms = (seconds[1] - t_local) / shards * 1000
    print(f"{game}, random seats, {shards * shard} games in shards of {shard}, {rows_local:,} positions")
    print(f"{'SelfPlay, one process (steps, nothing kept)':48s} {sp:>12,.0f} positions/s")
    print(f"{'Episodes, one process (games recorded)':48s} {ep:>12,.0f} positions/s")
    print(f"{'a worker job in process (+ KIF, deflate)':48s} {worker:>12,.0f} positions/s")
    print(f"{'generate on Ray, 1 worker':48s} {rates[1]:>12,.0f} positions/s")
    print(f"{'generate on Ray, 2 workers':48s} {rates[2]:>12,.0f} positions/s")
    print(f"scaling efficiency, 2 workers over 1: {efficiency:.2f}")
    print(f"Ray overhead per shard of {shard} games: {overhead_ms:.1f} ms "
          f"({overhead_ms / (t_local / shards * 1000) * 100:.0f}% of a shard's {t_local / shards * 1000:.0f} ms)")
    print(f"64 cores at this efficiency: about {rates[1] * 64 * efficiency:,.0f} positions/s")


if __name__ == "__main__":
    main()
