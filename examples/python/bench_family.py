"""Perft of the shogi family against Fairy-Stockfish, same run, same machine.

    python examples/python/bench_family.py --fsf PATH/TO/stockfish [--repeat 3]

Fairy-Stockfish is not a dependency of the library: build its binary from
its public source (github.com/fairy-stockfish/Fairy-Stockfish,
``make -C src build ARCH=x86-64 largeboards=yes all=yes``) and give its path.
Its ``go perft N`` (UCI, ``UCI_Variant``; the variants it does not build in
are loaded from ``shogi-variants/tests/data/fairy-stockfish/variants.ini``)
is timed around the process, the binary started once per count with its
start-up measured apart and subtracted; ours is the release ``perft``
binary (``cargo build --release -p shogi-examples --bin perft``), which
times its own count. Both count the same tree from the start position:
the node counts are compared, and a row whose counts differ is marked.
Annan shogi is not in Fairy-Stockfish and has no row.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
INI = os.path.join(ROOT, "shogi-variants", "tests", "data", "fairy-stockfish", "variants.ini")

# (our name, Fairy-Stockfish's name, depth): depths that take a second or
# more for Fairy-Stockfish on this kind of machine. Its start-up (loading
# variants.ini) is timed apart and subtracted; on a run of a few tenths of a
# second that subtraction's noise moved its figure by 2-3x between runs, so
# no row is shorter than about a second.
ROWS = [
    ("dobutsu", "dobutsu", 9),
    ("microshogi", "micro", 7),
    ("kyotoshogi", "kyotoshogi", 7),
    ("minishogi", "minishogi", 6),
    ("gorogoroplus", "gorogoroplus", 5),
    ("torishogi", "torishogi", 6),
    ("yarishogi", "yarishogi", 6),
    ("euroshogi", "euroshogi", 5),
    ("shoshogi", "shoshogi", 5),
    ("cannonshogi", "cannonshogi", 4),
]


def fsf(binary: str, variant: str, depth: int) -> tuple[int, float]:
    """Fairy-Stockfish's count and seconds (start-up subtracted)."""

    def run(commands: str) -> tuple[str, float]:
        t = time.perf_counter()
        out = subprocess.run([binary], input=commands, capture_output=True, text=True, check=True).stdout
        return out, time.perf_counter() - t

    setup = f"uci\nload {INI}\nsetoption name UCI_Variant value {variant}\nposition startpos\n"
    _, idle = run(setup + "isready\nquit\n")
    out, total = run(setup + f"go perft {depth}\nquit\n")
    m = re.search(r"Nodes searched: (\d+)", out)
    if not m:
        raise RuntimeError(f"Fairy-Stockfish gave no count for {variant}: {out[-300:]}")
    return int(m.group(1)), max(total - idle, 1e-6)


def ours(binary: str, variant: str, depth: int) -> tuple[int, float]:
    """Our count and the seconds the perft binary reports."""
    p = subprocess.run([binary, "--variant", variant, str(depth)], capture_output=True, text=True, check=True)
    m = re.search(r"(\d+) nodes in ([0-9.]+) s", p.stderr)
    if not m:
        raise RuntimeError(f"perft printed no timing for {variant}: {p.stderr}")
    return int(m.group(1)), max(float(m.group(2)), 1e-6)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fsf", required=True, help="the Fairy-Stockfish binary")
    parser.add_argument("--perft", default=os.path.join(ROOT, "target", "release", "perft"))
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs each")
    parser.add_argument("--only", nargs="+", metavar="VARIANT", help="these rows only (our names)")
    args = parser.parse_args()
    rows = [r for r in ROWS if not args.only or r[0] in args.only]
    if args.only and len(rows) != len(set(args.only)):
        parser.error("unknown variant in --only; the rows are " + ", ".join(r[0] for r in ROWS))
    print("perft from the start, bulk; best of", args.repeat, "runs each, interleaved")
    print("| variant | depth | nodes | Fairy-Stockfish M nodes/s | ours M nodes/s | ratio |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, fsf_name, depth in rows:
        best_f, best_o, counts = 0.0, 0.0, set()
        for _ in range(args.repeat):
            n_f, s_f = fsf(args.fsf, fsf_name, depth)
            n_o, s_o = ours(args.perft, name, depth)
            counts |= {("fsf", n_f), ("ours", n_o)}
            best_f, best_o = max(best_f, n_f / s_f / 1e6), max(best_o, n_o / s_o / 1e6)
        agree = len({n for _, n in counts}) == 1
        mark = "" if agree else " (counts differ: " + ", ".join(f"{w} {n}" for w, n in sorted(counts)) + ")"
        print(f"| {name} | {depth} | {n_o:,} | {best_f:.1f} | {best_o:.1f} | {best_o / best_f:.1f}x{mark} |")


if __name__ == "__main__":
    main()
