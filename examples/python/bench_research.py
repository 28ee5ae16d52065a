"""Random self-play throughput: shogi_variants.SelfPlay against OpenSpiel's shogi.

    python examples/python/bench_research.py [--seconds S] [--games N] [--repeat R] [--quick]

Build the extension in release mode first (``maturin develop --release``).

Every row counts *steps per second*: one action applied in one game, the
restart of a finished game included. The rows run interleaved (a, b, c, ...
then again), each for ``--seconds`` per run, and the best of ``--repeat``
runs is kept, so machine noise hits every row alike.

* (a) **OpenSpiel, minimal** -- ``pyspiel.load_game("shogi")`` driven from a
  Python loop: ``state.legal_actions()``, ``random.choice``,
  ``state.apply_action(a)``, a new initial state at a terminal one. The
  rules run in OpenSpiel's C++ core; the loop, the choice and one call per
  step cross into Python.
* (b) **OpenSpiel, with observation and mask** -- (a) plus, every step, the
  ``observation_tensor()`` and ``legal_actions_mask()`` turned into numpy
  arrays (float32 ``45x9x9`` and bool ``13689``, with ``np.fromiter``, the
  quickest plain conversion): what a learner would read. OpenSpiel's Python
  API returns both as Python lists (3,645 floats, 13,689 ints), and building
  and converting those lists is most of this row's cost.
* (b2) a kinder variant of (b): the observation as in (b), but the mask
  built in numpy from ``legal_actions()`` (``mask[legal] = True``), which
  avoids the 13,689-element list.
* (c) **ours, observations, 1 thread** -- ``SelfPlay("standard",
  num_games=N, threads=1, max_plies=512)`` and ``step_random()`` from a Python
  loop: every step plays a random legal action in each of the N games and
  writes each game's observation (float32 ``48x9x9``), action mask, rewards
  and end flags into numpy arrays. N steps per call.
* (d) as (c) with ``threads=2`` (the games are split over two native threads).
* (e) as (c) with ``observations=False``: masks, rewards and flags only.
* (f) the same rows for minishogi (``5x5``, 1,425 actions); OpenSpiel has no
  minishogi, so these are compared with OpenSpiel's shogi rows only as a
  matter of scale.
* (g) ``run_random(k)``: k random steps inside Rust with no Python between
  them (observations still written): the ceiling the Python loop of (c)
  approaches as N grows.

Both libraries use the same 13,689-action space size for shogi, but the game
lengths differ: our games are cut at ``max_plies=512`` (truncation), while
OpenSpiel's shogi runs to mate or repetition (its ``max_game_length`` is
17,695). The "avg game length" column (steps per finished game over the
timed runs) lets the reader see what a step mix contains; a restart costs a
little, so shorter games are slightly slower per step.

``vs (a)`` / ``vs (b)``: the row's steps/s divided by OpenSpiel's minimal
loop / OpenSpiel's loop with observation and mask (> 1 is faster).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import platform
import random
import sys
import time

# numpy's OpenBLAS starts one spinning worker thread per core at import; on a
# two-core machine they take CPU from whichever loop is being timed (OpenSpiel's
# and ours alike), about a fifth of a core measured here. Nothing here uses BLAS.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import shogi_variants as sv

try:
    import pyspiel
except ImportError:  # pragma: no cover
    pyspiel = None

MAX_PLIES = 512


class OpenSpielLoop:
    """OpenSpiel's shogi stepped from Python, one game at a time."""

    def __init__(self, with_observation: bool, seed: int, mask_from_legal: bool = False):
        self.game = pyspiel.load_game("shogi")
        self.state = self.game.new_initial_state()
        self.rng = random.Random(seed)
        self.with_observation = with_observation
        self.mask_from_legal = mask_from_legal
        self.shape = tuple(self.game.observation_tensor_shape())
        self.steps = 0
        self.finished = 0
        self.checksum = 0.0

    def run(self, seconds: float) -> tuple[int, float]:
        state, game, rng, choice = self.state, self.game, self.rng, self.rng.choice
        observe, from_legal = self.with_observation, self.mask_from_legal
        size = self.game.num_distinct_actions()
        obs_len = int(np.prod(self.shape))
        steps = 0
        deadline = time.perf_counter() + seconds
        t0 = time.perf_counter()
        while True:
            for _ in range(64):
                if state.is_terminal():
                    state = game.new_initial_state()
                    self.finished += 1
                legal = state.legal_actions()
                if observe:
                    obs = np.fromiter(state.observation_tensor(), dtype=np.float32, count=obs_len).reshape(self.shape)
                    if from_legal:
                        mask = np.zeros(size, dtype=bool)
                        mask[legal] = True
                    else:
                        mask = np.fromiter(state.legal_actions_mask(), dtype=np.int8, count=size).view(np.bool_)
                    self.checksum += obs[0, 0, 0] + mask[legal[0]]
                state.apply_action(choice(legal))
                steps += 1
            if time.perf_counter() >= deadline:
                break
        dt = time.perf_counter() - t0
        self.state = state
        self.steps += steps
        return steps, dt


class OursLoop:
    """SelfPlay.step_random from a Python loop (or run_random in chunks)."""

    def __init__(self, game: str, games: int, threads: int, observations: bool, native: bool, seed: int):
        self.batch = sv.SelfPlay(game, num_games=games, threads=threads, seed=seed,
                                 max_plies=MAX_PLIES, observations=observations)
        self.native = native
        self.steps = 0
        self.finished_at_start = sum(self.batch.games_finished())
        self.chunk = 64

    @property
    def finished(self) -> int:
        return sum(self.batch.games_finished()) - self.finished_at_start

    def run(self, seconds: float) -> tuple[int, float]:
        batch, n = self.batch, self.batch.num_games
        steps = 0
        deadline = time.perf_counter() + seconds
        t0 = time.perf_counter()
        if self.native:
            while time.perf_counter() < deadline:
                batch.run_random(self.chunk)
                steps += self.chunk * n
        else:
            step = batch.step_random
            while True:
                for _ in range(4):
                    step()
                steps += 4 * n
                if time.perf_counter() >= deadline:
                    break
        dt = time.perf_counter() - t0
        self.steps += steps
        return steps, dt


def version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "n/a"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.5, help="seconds per row per run (default 1.5)")
    ap.add_argument("--games", type=int, default=64, help="games per SelfPlay batch (default 64)")
    ap.add_argument("--repeat", type=int, default=3, help="interleaved runs; the best is kept (default 3)")
    ap.add_argument("--quick", action="store_true", help="a ~3 s smoke test (0.2 s per row, one run)")
    args = ap.parse_args(argv)
    seconds, repeat = (0.2, 1) if args.quick else (args.seconds, args.repeat)
    if seconds <= 0 or repeat < 1 or args.games < 1:
        ap.error("--seconds, --repeat and --games must be positive")
    n = args.games

    rows: list[tuple[str, str, str, object]] = []  # (key, library, description, loop)
    if pyspiel is not None:
        rows.append(("a", "OpenSpiel", "shogi, Python loop, minimal", OpenSpielLoop(False, seed=1)))
        rows.append(("b", "OpenSpiel", "shogi, Python loop, + observation + mask", OpenSpielLoop(True, seed=1)))
        rows.append(("b2", "OpenSpiel", "shogi, Python loop, + observation + mask from legal_actions",
                     OpenSpielLoop(True, seed=1, mask_from_legal=True)))
    rows += [
        ("c", "ours", f"shogi, SelfPlay({n}), observations, 1 thread", OursLoop("standard", n, 1, True, False, 1)),
        ("d", "ours", f"shogi, SelfPlay({n}), observations, 2 threads", OursLoop("standard", n, 2, True, False, 1)),
        ("e", "ours", f"shogi, SelfPlay({n}), no observations, 1 thread", OursLoop("standard", n, 1, False, False, 1)),
        ("f1", "ours", f"minishogi, SelfPlay({n}), observations, 1 thread", OursLoop("minishogi", n, 1, True, False, 1)),
        ("f2", "ours", f"minishogi, SelfPlay({n}), observations, 2 threads", OursLoop("minishogi", n, 2, True, False, 1)),
        ("f3", "ours", f"minishogi, SelfPlay({n}), no observations, 1 thread", OursLoop("minishogi", n, 1, False, False, 1)),
        ("g", "ours", f"shogi, SelfPlay({n}).run_random, observations, 1 thread", OursLoop("standard", n, 1, True, True, 1)),
    ]

    # A short warm-up (caches, the thread pools), then interleaved timed runs.
    for _, _, _, loop in rows:
        loop.run(min(0.05, seconds / 5))
    for _, _, _, loop in rows:  # the warm-up does not count towards game lengths
        loop.steps = 0
        if isinstance(loop, OursLoop):
            loop.finished_at_start = sum(loop.batch.games_finished())
        else:
            loop.finished = 0
    best: dict[str, float] = {}
    for _ in range(repeat):
        for key, _, _, loop in rows:
            steps, dt = loop.run(seconds)
            best[key] = max(best.get(key, 0.0), steps / dt)

    ref_a, ref_b = best.get("a"), best.get("b")

    def ratio(rate: float, ref: float | None) -> str:
        return f"{rate / ref:.2f}x" if ref else "n/a"

    print(f"shogi_variants {sv.__version__}, open_spiel {version('open_spiel')}, numpy {np.__version__}; "
          f"Python {platform.python_version()} on {platform.machine()} ({os.cpu_count()} CPUs); "
          f"best of {repeat} x {seconds:g} s per row; our games capped at max_plies={MAX_PLIES}")
    print()
    print("| row | library | what | steps/s | vs (a) | vs (b) | avg game length |")
    print("|---|---|---|---:|---:|---:|---:|")
    for key, lib, what, loop in rows:
        rate = best[key]
        length = f"{loop.steps / loop.finished:,.0f}" if loop.finished else "n/a (no game ended)"
        print(f"| ({key}) | {lib} | {what} | {rate:,.0f} | {ratio(rate, ref_a)} | {ratio(rate, ref_b)} | {length} |")
    print()
    print("steps/s: actions applied per second over all games (a SelfPlay call steps every game once).")
    print("avg game length: steps per finished game over the timed runs (ours: truncated at "
          f"{MAX_PLIES} plies counts as finished).")
    print("Minishogi rows are compared with OpenSpiel's *shogi* loops only for scale: OpenSpiel has no minishogi.")
    if pyspiel is None:
        print("pyspiel is not installed: the OpenSpiel rows (a), (b) and the ratios are missing.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
