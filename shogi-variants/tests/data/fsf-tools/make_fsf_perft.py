#!/usr/bin/env python3
"""Perft reference counts from Fairy-Stockfish for the shogi family (issue 34).

Writes ../fsf-perft.tsv (variant, fen, depth, nodes, source): the start
position of every variant FSF has, and 3 middle-game positions per variant
reached by seeded random games (pyffish), each counted

* by Fairy-Stockfish's own `go perft N` over UCI (a binary built from its
  source, see README.md), as deep as a time budget allows (iterative
  deepening; the next depth is tried only when the last one, times the
  branching factor, fits in --budget seconds), at least 4 plies (6 on boards
  of 20 squares or fewer);
* and, as a cross-check of the binary against the published wheel, by
  recursion over pyffish.legal_moves (fsf_common.perft) to the depth that
  fits in --py-budget seconds. Where both counted the same depth they must
  agree (asserted).

Usage (nice it; the machine is shared):
  nice /work/fsf-venv/bin/python make_fsf_perft.py --fsf /work/fsf/src/stockfish \
      [--budget 100] [--py-budget 20] [--only dobutsu,...] > ../fsf-perft.tsv
"""

import argparse
import subprocess
import sys
import time

import pyffish as sf

import fsf_common as c

MID_SEEDS = (1, 2, 3)


def mid_plies(variant):
    """Random-game length: about one move per file and side."""
    files, _ = c.BOARD[variant]
    return 2 * files + 2


class Engine:
    """A Fairy-Stockfish process spoken to over UCI."""

    def __init__(self, path, fsf_variant):
        self.proc = subprocess.Popen(
            ["nice", path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name VariantPath value {c.INI}")
        self.send(f"setoption name UCI_Variant value {fsf_variant}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, prefix):
        for line in self.proc.stdout:
            if line.startswith(prefix):
                return line.strip()
        raise RuntimeError(f"engine closed before {prefix!r}")

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        line = self.wait_for("Nodes searched:")
        return int(line.split(":")[1])

    def close(self):
        self.send("quit")
        self.proc.wait()


def deepen(count, min_depth, max_depth, budget):
    """[(depth, nodes)] from depth 1 while the next depth fits the budget."""
    rows = []
    prev_nodes = 1
    for depth in range(1, max_depth + 1):
        t = time.time()
        nodes = count(depth)
        spent = time.time() - t
        rows.append((depth, nodes))
        branching = max(nodes / max(prev_nodes, 1), 1.0)
        prev_nodes = nodes
        if nodes == 0:
            break
        if depth >= min_depth and spent * branching > budget:
            break
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fsf", required=True, help="Fairy-Stockfish binary")
    ap.add_argument("--fsf-source", default="Fairy-Stockfish c19b5f6c go perft")
    ap.add_argument("--budget", type=float, default=100.0)
    ap.add_argument("--py-budget", type=float, default=20.0)
    ap.add_argument("--max-depth", type=int, default=8)
    ap.add_argument("--only", default="")
    ap.add_argument("--no-header", action="store_true")
    args = ap.parse_args()

    c.load()
    py_source = c.source()
    only = set(filter(None, args.only.split(",")))
    if not args.no_header:
        print("variant\tfen\tdepth\tnodes\tsource")
    for ours, fsf in c.FSF_NAME.items():
        if fsf is None or (only and ours not in only):
            continue
        files, ranks = c.BOARD[ours]
        min_depth = 6 if files * ranks <= 20 else 4
        engine = Engine(args.fsf, fsf)
        start = sf.start_fen(fsf)
        positions = [(start, min_depth, args.budget)]
        for seed in MID_SEEDS:
            fen, _ = c.random_position(fsf, seed, mid_plies(ours))
            positions.append((fen, 3, args.budget / 4))
        for fen, need, budget in positions:
            fsf_rows = deepen(lambda d: engine.perft(fen, d), need, args.max_depth, budget)
            for depth, nodes in fsf_rows:
                print(f"{ours}\t{fen}\t{depth}\t{nodes}\t{args.fsf_source}", flush=True)
            by_depth = dict(fsf_rows)
            py_rows = deepen(lambda d: c.perft(fsf, fen, d), 1, args.max_depth, args.py_budget)
            for depth, nodes in py_rows:
                if depth in by_depth and by_depth[depth] != nodes:
                    sys.exit(f"{ours} {fen} depth {depth}: binary {by_depth[depth]} != pyffish {nodes}")
                print(f"{ours}\t{fen}\t{depth}\t{nodes}\t{py_source}", flush=True)
            print(f"# {ours}: fsf to {fsf_rows[-1][0]}, pyffish to {py_rows[-1][0]}", file=sys.stderr, flush=True)
        engine.close()


if __name__ == "__main__":
    main()
