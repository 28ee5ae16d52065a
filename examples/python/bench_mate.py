"""Mate search against cshogi's df-pn (``cshogi.DfPn``), problem by problem.

    python examples/python/bench_mate.py [--nodes N] [--max-length L] [--quick]

The problems are ``shogi-players/tests/data/tsume.tsv``: tsume positions
collected from public repositories (each line names its source), from mate
in 1 to Microcosmos (1,525 plies), and some that are not mate. Each is read
as problems are written (``Board.problem_from_sfen``: the attacker may have
no king, the defender holds the rest of the pieces), and both solvers are
given that same full position, one after the other (so machine noise hits
both alike), with the same node budget:

* ours, twice: ``MateSolver(table_mb=64).solve(board, nodes=N)``, which
  proves a mate and then shortens it until it is proved shortest (while the
  budget lasts; its nodes and time include that), or proves there is no
  mate; and ``solve(..., shortest=False)``, the first mate it proves, which
  is what cshogi gives;
* cshogi: ``DfPn(nodes=N).search(board)`` (``search_andnode`` for a problem
  given at the defender's turn), whose PV is a mate, not always the
  shortest. cshogi answers ``False`` both when it runs out of nodes and
  when it believes there is no mate; a ``False`` before the budget is spent
  on a problem whose source states a mate is counted as a false "no mate".

Every mate either side reports is replayed here: legal, every attacker move
a check, the defender mated at the end. Rows are bands of the stated length
(``?``: the source states none). Times are wall-clock seconds over the band.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import platform
import sys
import time

import shogi_variants as sv

HERE = os.path.dirname(os.path.abspath(__file__))
PROBLEMS = os.path.join(HERE, "..", "..", "shogi-players", "tests", "data", "tsume.tsv")

BANDS = [(1, 3), (5, 11), (13, 39), (41, 199), (200, 2000)]


def band_of(stated: str) -> str:
    if stated.isdigit():
        n = int(stated)
        for lo, hi in BANDS:
            if lo <= n <= hi:
                return f"{lo}-{hi}"
    if stated.startswith("nomate"):
        return "no mate"
    return "?"


def read_problems(path: str) -> list[tuple[str, str, str]]:
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or line.startswith("sfen\t"):
                continue
            fields = line.rstrip("\n").split("\t")
            out.append((fields[0], fields[1], fields[2]))
    return out


def mates(board: sv.Board, usi_moves: list[str]) -> bool:
    """The line is legal, every attacker move checks, and it ends in mate."""
    b = board.copy()
    attacker = b.turn if not b.is_check() else b.turn.opponent()
    for usi in usi_moves:
        if not b.is_legal(usi):
            return False
        mover = b.turn
        b.push_usi(usi)
        if mover == attacker and not b.is_check():
            return False
    return b.is_checkmate() and b.turn != attacker


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nodes", type=int, default=1_000_000)
    parser.add_argument("--max-length", type=int, default=None,
                        help="only problems whose stated length is at most this")
    parser.add_argument("--quick", action="store_true",
                        help="the first 30 problems up to 11 plies, 100,000 nodes (a smoke test)")
    args = parser.parse_args()
    try:
        import cshogi
    except ImportError:
        sys.exit("cshogi is not installed: pip install cshogi")

    nodes = 100_000 if args.quick else args.nodes
    problems = read_problems(PROBLEMS)
    if args.quick:
        problems = [p for p in problems if p[1].isdigit() and int(p[1]) <= 11][:30]
    elif args.max_length is not None:
        problems = [p for p in problems if not p[1].isdigit() or int(p[1]) <= args.max_length]

    print(f"python {platform.python_version()}, shogi_variants {sv.__version__}, "
          f"cshogi {importlib.metadata.version('cshogi')}; {len(problems)} problems, "
          f"{nodes:,} nodes each")
    solver = sv.MateSolver(table_mb=64)
    sides = ["shortest", "first", "cshogi"]
    rows: dict[str, dict[str, dict[str, float]]] = {}
    false_no_mate = dict.fromkeys(sides, 0)
    wrong_line = dict.fromkeys(sides, 0)
    skipped = 0
    for sfen, stated, source in problems:
        try:
            board = sv.Board.problem_from_sfen(sfen)
        except sv.InvalidSfenError as e:
            print(f"  skipped, not a position of standard shogi: {sfen} ({source}): {e}")
            skipped += 1
            continue
        band = rows.setdefault(band_of(stated), {
            side: dict.fromkeys(["problems", "solved", "seconds", "nodes", "no_mate"], 0)
            for side in sides})
        defence = board.is_check()
        for side in sides:
            row = band[side]
            row["problems"] += 1
            if side == "cshogi":
                cboard = cshogi.Board(board.sfen())
                dfpn = cshogi.DfPn(nodes=nodes)
                t = time.perf_counter()
                found = dfpn.search_andnode(cboard) if defence else dfpn.search(cboard)
                row["seconds"] += time.perf_counter() - t
                row["nodes"] += dfpn.searched_node
                line = [cshogi.move_to_usi(m) for m in dfpn.get_pv(cboard)] if found else None
                claims_no_mate = not found and dfpn.searched_node < nodes
            else:
                solve = solver.solve_defence if defence else solver.solve
                t = time.perf_counter()
                report = solve(board, nodes=nodes, shortest=side == "shortest")
                row["seconds"] += time.perf_counter() - t
                row["nodes"] += report.nodes
                line = [m.usi() for m in report.moves] if report else None
                claims_no_mate = report.result == "no_mate"
            if line is not None:
                if mates(board, line):
                    row["solved"] += 1
                else:
                    wrong_line[side] += 1
            elif claims_no_mate:
                row["no_mate"] += 1
                if stated.isdigit():
                    false_no_mate[side] += 1
                    if side != "cshogi":
                        print(f"  {side} claims no mate: {sfen} ({source}, stated {stated})")

    print()
    print(f"{'stated length':>14} {'problems':>8} | {'solved: shortest':>16} {'first':>5} {'cshogi':>6} | "
          f"{'seconds: shortest':>17} {'first':>6} {'cshogi':>6} | {'cshogi/first':>12} "
          f"{'cshogi/shortest':>15} | {'Mnodes: first':>13} {'cshogi':>6} | "
          f"{'no mate: ours':>13} {'cshogi':>6}")
    order = [f"{lo}-{hi}" for lo, hi in BANDS] + ["?", "no mate"]
    total = {side: dict.fromkeys(["problems", "solved", "seconds", "nodes", "no_mate"], 0)
             for side in sides}
    for name in order + ["all"]:
        band = total if name == "all" else rows.get(name)
        if band is None:
            continue
        if name != "all":
            for side in sides:
                for k, v in band[side].items():
                    total[side][k] += v
        ours, first, theirs = band["shortest"], band["first"], band["cshogi"]

        def ratio(a: float, b: float) -> str:
            return f"{a / b:.2f}x" if b > 0 else "-"

        print(f"{name:>14} {ours['problems']:>8} | {ours['solved']:>16} {first['solved']:>5} "
              f"{theirs['solved']:>6} | {ours['seconds']:>17.2f} {first['seconds']:>6.2f} "
              f"{theirs['seconds']:>6.2f} | {ratio(theirs['seconds'], first['seconds']):>12} "
              f"{ratio(theirs['seconds'], ours['seconds']):>15} | {first['nodes'] / 1e6:>13.2f} "
              f"{theirs['nodes'] / 1e6:>6.2f} | {ours['no_mate']:>13} {theirs['no_mate']:>6}")
    print()
    print("shortest: MateSolver.solve (the mate proved shortest while the budget lasts); first:")
    print("solve(shortest=False), the first mate proved, as cshogi's DfPn gives it. solved: mates")
    print("found and replayed. cshogi/x: cshogi's time over ours (above 1: we are faster).")
    print("no mate: claimed before the budget ran out (ours is a proof; cshogi's False also means")
    print("it gave up).")
    print(f"false 'no mate' on a stated mate: {false_no_mate}; lines that do not mate: {wrong_line}; "
          f"skipped: {skipped}")
    if false_no_mate["shortest"] or false_no_mate["first"] or wrong_line["shortest"] or wrong_line["first"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
