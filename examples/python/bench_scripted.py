"""What a Python hook costs per move (issue 17): random playouts of
minishogi, the same games under scripted variants whose hooks change
nothing, and "no drops" written both ways (a definition file, a Python
filter).

    python examples/python/bench_scripted.py [--games N] [--repeat R]

Each row plays the same seeded random games (``list(legal_moves)``, pick,
``push`` until the game ends or 256 plies: ``bench_python``'s loop), best of ``--repeat`` runs,
interleaved so that machine noise hits every row alike. The cost of a hook
is its row's time per move minus plain minishogi's. Where moves are
generated (``legal_moves``) the filter is called once; where a move is
pushed that did not come from the current list, the legality test calls it
again; the end test (``extra_outcome``) is called once per position asked
about.
"""

from __future__ import annotations

import argparse
import time

import shogi_variants as sv
from bench_python import playouts  # the same loop as bench_python's playout row


class KeepAll:
    """A filter that keeps every move: the cost of calling one."""

    def filter_moves(self, board, moves):
        return moves


class NoEnd:
    """An end test that never ends the game: the cost of calling one."""

    def extra_outcome(self, board):
        return None


class NoDrops:
    def filter_moves(self, board, moves):
        return [m for m in moves if not m.is_drop]


NO_DROPS_FILE = """
name = "minishogi-no-drops"
files = 5
ranks = 5
promotion_ranks = 1
start = "rbsgk/4p/5/P4/KGSBR b - 1"
drops = false
[end]
repetition = "first-player-loses"
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    sv.register_variant("bench-keep-all", KeepAll, base="minishogi")
    sv.register_variant("bench-no-end", NoEnd, base="minishogi")
    sv.register_variant("bench-no-drops", NoDrops, base="minishogi")
    rows = {
        "minishogi (built in)": lambda: sv.Board(variant="minishogi"),
        "scripted: filter keeps all": lambda: sv.Board(variant="bench-keep-all"),
        "scripted: end test, never ends": lambda: sv.Board(variant="bench-no-end"),
        "no drops, definition file": lambda: sv.Board(variant="defined", definition=NO_DROPS_FILE),
        "no drops, Python filter": lambda: sv.Board(variant="bench-no-drops"),
    }
    best = {name: float("inf") for name in rows}
    moves = {}
    for _ in range(args.repeat):
        for name, make in rows.items():
            t = time.perf_counter()
            moves[name] = playouts(make, args.games)
            best[name] = min(best[name], time.perf_counter() - t)
    base = best["minishogi (built in)"] / moves["minishogi (built in)"]
    print(f"{'row':34} {'moves':>8} {'us/move':>9} {'hook cost us/move':>18}")
    for name in rows:
        per = best[name] / moves[name]
        cost = "" if name == "minishogi (built in)" else f"{(per - base) * 1e6:18.2f}"
        print(f"{name:34} {moves[name]:8} {per * 1e6:9.2f} {cost}")


if __name__ == "__main__":
    main()
