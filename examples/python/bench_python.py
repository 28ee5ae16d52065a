"""Benchmark of shogi_variants from Python against cshogi and python-shogi.

    python examples/python/bench_python.py [--repeat N] [--quick]

Build the extension in release mode first
(``cd bindings-python && maturin develop --release``); a debug build is
several times slower.

What is measured (each row is the best of N runs; the libraries' runs are
interleaved so that machine noise hits them alike):

* ``flat push/pop``: ``for m in board.legal_moves: board.push(m); board.pop()``
  over the standard start position, repeated; the cost of one push + pop
  from Python, move generation included once per pass.
* ``python perft d4``: the same loop recursively to depth 4 from the start
  (719,731 leaves), pushing and popping every leaf.
* ``python perft d5 bulk``: the fastest way to count from Python: recursion
  to depth 4 and ``len(board.legal_moves)`` at the last ply (19,861,490
  leaves). cshogi has no native perft, so this is its fastest count.
* ``random playouts``: ``list(board.legal_moves)``, a random pick, ``push``
  and ``is_game_over()``, from the start to the end of the game (or 256
  plies), the loop of Monte Carlo code; moves played per second. The two
  libraries list moves in different orders, so the games differ; their
  number and the generator's seed are the same.
* ``replay push/pop``: the moves of 200 recorded games (random games of ours,
  as USI), each game pushed move by move from the start and then popped
  back: a ``push`` of a move that did not come from ``legal_moves`` (checked
  for legality by us; cshogi's ``push`` takes it unchecked), as replaying a
  record or a search's principal variation does.
* ``native perft(5)``: ``Board.perft(5)`` in Rust, compared with cshogi's
  fastest count of the same tree (``python perft d5 bulk``); and
  ``Board.perft(5, bulk=False)``, which makes every leaf (a push and a pop
  each, in Rust), compared with cshogi's fastest way to make every leaf:
  its push/pop loop (``python perft d4``).
* ``read KIF`` / ``read CSA``: parsing 200 game records (written by us),
  moves read per second, against cshogi's parsers.
* python-shogi (pure Python) runs the same loop at depth 3 only: it is about
  three orders of magnitude slower.

Node counts are checked to agree between libraries.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import platform
import sys
import time

import shogi_variants as sv

try:
    import cshogi
    import cshogi.CSA
    import cshogi.KIF
except ImportError:  # pragma: no cover
    cshogi = None
try:
    import shogi as python_shogi
except ImportError:  # pragma: no cover
    python_shogi = None


def perft_loop(board, depth):
    """Perft by push/pop at every node, generic over the three libraries."""
    if depth == 0:
        return 1
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += perft_loop(board, depth - 1)
        board.pop()
    return n


def perft_bulk(board, depth):
    """Perft counting the last ply with ``len(legal_moves)``."""
    if depth == 1:
        return len(board.legal_moves)
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += perft_bulk(board, depth - 1)
        board.pop()
    return n


def flat_loop(board, passes):
    n = 0
    for _ in range(passes):
        for m in board.legal_moves:
            board.push(m)
            board.pop()
            n += 1
    return n


def playouts(board_class, games, seed=11):
    """Random playouts from the start: moves played."""
    import random

    rng = random.Random(seed)
    played = 0
    for _ in range(games):
        board = board_class()
        for _ in range(256):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            played += 1
            if board.is_game_over():
                break
    return played


def replay_games(games, seed=5):
    """USI moves of seeded random games (ours), for the replay row."""
    import random

    rng = random.Random(seed)
    out = []
    for _ in range(games):
        board, usis = sv.Board(), []
        for _ in range(rng.randrange(60, 160)):
            legal = list(board.legal_moves)
            if not legal:
                break
            m = rng.choice(legal)
            board.push(m)
            usis.append(m.usi())
        out.append(usis)
    return out


def replay(board, games):
    """Pushes each game's moves from the start, then pops them: pairs done."""
    n = 0
    for moves in games:
        for m in moves:
            board.push(m)
        for _ in moves:
            board.pop()
        n += len(moves)
    return n


def record_texts(games, seed=7):
    """KIF and CSA texts of seeded random games (written by us; 不成 left out
    of the KIF, which cshogi's reader would skip): what the record rows read."""
    import random

    rng = random.Random(seed)
    kifs, csas, moves = [], [], 0
    for _ in range(games):
        board = sv.Board()
        for _ in range(rng.randrange(60, 160)):
            legal = list(board.legal_moves)
            if not legal:
                break
            board.push(rng.choice(legal))
        record = board.record(black="A", white="B", times=[1] * len(board.move_stack))
        kifs.append(record.kif().replace("不成", ""))
        csas.append(record.csa())
        moves += len(board.move_stack)
    return kifs, csas, moves


def read_all(parse, texts, moves):
    for t in texts:
        parse(t)
    return moves


def best_of(tasks, repeat):
    """``tasks``: {key: thunk returning a node count}. Runs them interleaved
    ``repeat`` times; returns {key: (nodes, best seconds)}."""
    best = {k: float("inf") for k in tasks}
    nodes = {}
    for _ in range(repeat):
        for key, thunk in tasks.items():
            t = time.perf_counter()
            n = thunk()
            dt = time.perf_counter() - t
            best[key] = min(best[key], dt)
            if key in nodes and nodes[key] != n:
                raise SystemExit(f"{key}: node count changed between runs ({nodes[key]} vs {n})")
            nodes[key] = n
    return {k: (nodes[k], best[k]) for k in tasks}


def version(dist):
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "n/a"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs per measurement (best is kept)")
    ap.add_argument("--quick", action="store_true", help="tiny depths, one run: a smoke test")
    args = ap.parse_args(argv)
    repeat = 1 if args.quick else args.repeat
    d_loop, d_bulk, d_native, d_pyshogi, passes = (2, 3, 3, 2, 20) if args.quick else (4, 5, 5, 3, 20_000)

    if cshogi is None:
        raise SystemExit("cshogi is needed for the comparison: pip install cshogi")

    std = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
    ours, theirs = sv.Board(), cshogi.Board()
    rows = []  # (benchmark, library, nodes, seconds, reference key)

    # (a) Python-level loops, ours vs cshogi, interleaved.
    res = best_of(
        {
            ("flat", "ours"): lambda: flat_loop(ours, passes),
            ("flat", "cshogi"): lambda: flat_loop(theirs, passes),
            ("loop", "ours"): lambda: perft_loop(ours, d_loop),
            ("loop", "cshogi"): lambda: perft_loop(theirs, d_loop),
            ("bulk", "ours"): lambda: perft_bulk(ours, d_bulk),
            ("bulk", "cshogi"): lambda: perft_bulk(theirs, d_bulk),
        },
        repeat,
    )
    # (a2) random playouts and the replay of recorded moves.
    n_games = 5 if args.quick else 300
    usi_games = replay_games(5 if args.quick else 200)
    our_games = [[sv.Move.from_usi(u) for u in g] for g in usi_games]
    their_games = []
    for g in usi_games:
        b = cshogi.Board()
        moves = []
        for u in g:
            moves.append(b.move_from_usi(u))
            b.push(moves[-1])
        their_games.append(moves)
    res.update(
        best_of(
            {
                ("playout", "ours"): lambda: playouts(sv.Board, n_games),
                ("playout", "cshogi"): lambda: playouts(cshogi.Board, n_games),
                ("replay", "ours"): lambda: replay(ours, our_games),
                ("replay", "cshogi"): lambda: replay(theirs, their_games),
            },
            repeat,
        )
    )
    # (b) native perft, ours; cshogi has no native perft.
    res.update(
        best_of(
            {
                ("native", "ours"): lambda: ours.perft(d_native),
                ("native-nobulk", "ours"): lambda: ours.perft(d_native, bulk=False),
            },
            repeat,
        )
    )
    if python_shogi is not None:
        ps = python_shogi.Board()
        res.update(best_of({("pyshogi", "python-shogi"): lambda: perft_loop(ps, d_pyshogi)}, 1 if args.quick else 2))
        res[("pyshogi", "ours")] = best_of({0: lambda: perft_loop(ours, d_pyshogi)}, repeat)[0]
        res[("pyshogi", "cshogi")] = best_of({0: lambda: perft_loop(theirs, d_pyshogi)}, repeat)[0]

    # (c) reading game records: moves read per second.
    kifs, csas, n_moves = record_texts(5 if args.quick else 200)
    res.update(
        best_of(
            {
                ("kif", "ours"): lambda: read_all(lambda t: sv.Record.read(t, "kif"), kifs, n_moves),
                ("kif", "cshogi"): lambda: read_all(cshogi.KIF.Parser.parse_str, kifs, n_moves),
                ("csa", "ours"): lambda: read_all(lambda t: sv.Record.read(t, "csa"), csas, n_moves),
                ("csa", "cshogi"): lambda: read_all(lambda t: cshogi.CSA.Parser.parse_str(t), csas, n_moves),
            },
            repeat,
        )
    )

    assert ours.sfen() == std and cshogi.Board().sfen() == theirs.sfen()

    # Node counts agree.
    for bench in ("flat", "loop", "bulk", "replay", "pyshogi"):
        counts = {lib: res[(bench, lib)][0] for (b, lib) in res if b == bench}
        if len(set(counts.values())) > 1:
            raise SystemExit(f"node counts differ in {bench}: {counts}")
    if res[("native", "ours")][0] != res[("bulk", "cshogi")][0] and d_native == d_bulk:
        raise SystemExit("native perft and cshogi's count differ")
    if res[("native", "ours")][0] != res[("native-nobulk", "ours")][0]:
        raise SystemExit("bulk and non-bulk native perft differ")

    labels = {
        "flat": f"flat push/pop, start x{passes}",
        "loop": f"python perft d{d_loop} (push/pop leaves)",
        "bulk": f"python perft d{d_bulk} bulk (len at last ply)",
        "playout": f"random playouts, {n_games} games (moves/s)",
        "replay": f"replay push/pop, {len(usi_games)} games",
        "native": f"native Board.perft({d_native})",
        "native-nobulk": f"native Board.perft({d_native}, bulk=False)",
        "pyshogi": f"python perft d{d_pyshogi}",
        "kif": f"read KIF, {len(kifs)} games (moves/s)",
        "csa": f"read CSA, {len(csas)} games (moves/s)",
    }
    print(f"shogi_variants {sv.__version__}, cshogi {version('cshogi')}, python-shogi {version('python-shogi')}; "
          f"Python {platform.python_version()} on {platform.machine()}; best of {repeat}")
    print()
    header = f"{'benchmark':42} {'library':13} {'nodes':>11} {'best s':>9} {'positions/s':>13} {'vs cshogi':>10}"
    print(header)
    print("-" * len(header))
    order = [
        ("flat", ["ours", "cshogi"]),
        ("loop", ["ours", "cshogi"]),
        ("bulk", ["ours", "cshogi"]),
        ("playout", ["ours", "cshogi"]),
        ("replay", ["ours", "cshogi"]),
        ("native", ["ours"]),
        ("native-nobulk", ["ours"]),
        ("pyshogi", ["ours", "cshogi", "python-shogi"]),
        ("kif", ["ours", "cshogi"]),
        ("csa", ["ours", "cshogi"]),
    ]
    for bench, libs in order:
        for lib in libs:
            if (bench, lib) not in res:
                continue
            nodes, secs = res[(bench, lib)]
            rate = nodes / secs if secs else float("inf")
            if bench == "native":
                ref = res[("bulk", "cshogi")]  # cshogi's fastest count of the same tree
            elif bench == "native-nobulk":
                ref = res[("loop", "cshogi")]  # cshogi's fastest way to make every leaf
            else:
                ref = res.get((bench, "cshogi"))
            ratio = ""
            if ref and lib != "cshogi":
                r = rate / (ref[0] / ref[1])
                ratio = f"{r:.2f}x" if r >= 0.1 else f"{r:.4f}x"
            print(f"{labels[bench]:42} {lib:13} {nodes:>11,} {secs:>9.4f} {rate:>13,.0f} {ratio:>10}")
    print()
    print("positions/s: leaves (perft), push+pop pairs (flat loop, replay) or moves played")
    print("(playouts, records) per second.")
    print("vs cshogi: positions/s relative to cshogi's in the same group (> 1 is faster).")
    print("cshogi has no native perft: native perft is compared with cshogi's fastest")
    print(f"Python count of the same tree (python perft d{d_bulk} bulk), and native perft")
    print("making every leaf (bulk=False) with cshogi's fastest way to make every leaf,")
    print(f"push/pop from Python (python perft d{d_loop}).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
