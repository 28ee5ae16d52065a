#!/usr/bin/env python3
"""Generate independent perft oracles for must-capture shogi (Toru-itte).

This script is NOT used by the test suite: its output, must_capture_oracle.txt
(same directory), is committed as plain text and the Rust tests only read that.

Rules (shared/RULES.md s.3).  L = the legal moves of the base game (standard
shogi or minishogi; pawn-drop mate illegal), C = the captures in L (board moves
onto a square holding an enemy piece; a drop is never a capture).
  * not in check:                         C if C is non-empty, else L
  * in check, may_flee_from_check = true:  L                    ("flee")
  * in check, may_flee_from_check = false: C if non-empty, else L ("noflee")
(king_captures_first = false.)  Promoting and non-promoting versions of a capture
are separate moves.  Perft counts the leaves of the tree in which every node uses
the must-capture moves above.  Pawn-drop mate is decided with base legality (the
opponent has no move in L); since the must-capture set is empty exactly when L is
empty, this is the same as "no must-capture move", but the code uses L anyway.

Output line format:
    BASE | SETTING | SFEN | d1 d2 d3 [d4 [d5]] | description | source
BASE = standard | minishogi, SETTING = flee | noflee.

Methods
-------
1. Python filter (all depths, both settings): the rule above applied on top of
   the legal-move list of a library:
     * standard: cshogi (legal_moves already excludes pawn-drop mate and includes
       optional non-promotions; capture = not a drop and Board.piece(to) != 0).
     * minishogi: minishogilib (generate_moves INCLUDES pawn-drop mate; such drops
       are removed inside the search: a pawn drop after which the opponent is in
       check and has no generated move; capture = target square occupied in the
       position's SFEN).
2. Fairy-Stockfish (pyffish) cross-check, counted by an independent search that
   keeps only a root FEN plus the move history (see make_oracles.py for the FEN /
   square / drop converters):
     * noflee: custom variants loaded with pyffish.load_variant_config
           [mustcapshogi:shogi]          mustCapture = true
           [mustcapminishogi:minishogi]  mustCapture = true
       FSF's mustCapture keeps only captures whenever one exists, also in check,
       and does not count drops as captures (self-tested below), i.e. it is
       exactly the "noflee" setting.
     * flee: at each node pyffish.gives_check on the base variant decides: in check
       -> base variant's legal_moves, otherwise -> the mustCapture variant's.  Each
       node is re-rooted at its own FEN (get_fen on the base variant): a fleeing move
       is illegal in the mustCapture variant, so a history holding one cannot be
       replayed there.
   pyffish generates pawn-drop mates (as a game-losing move); they are removed
   inside the search (pawn drop on the square in front of the enemy king after
   which the base variant gives the opponent no legal move).
   A pyffish call costs ~2-4 ms, so the FSF search is run only to the depth k for
   which the number of calls stays within FSF_BUDGET (always at least d1-d3).

Source column: "python-filter+fsf-mustCapture" (noflee) or "python-filter+fsf-flee"
(flee) when FSF agreed at every written depth; when FSF was run only on the first
depths this is followed by "(fsf d1-dK)".  A disagreement would be written as
"python-filter; FSF DISAGREES ..." and reported in the header.

Positions: the start positions, one hand-crafted pawn-drop-mate position per
base, plus seeded random playouts of 6-60 plies from
the start under the NORMAL base rules (captures preferred with probability 0.6 so
hands fill up); each playout is drawn (seed incremented by 100 until it fits) to
land in a requested category: in check with captures, in check without captures,
captures available, no capture but pieces in hand.  The SFEN move number is
plies + 1.

Re-running (~10-20 min on 2 cores; venv as in make_oracles.py):
    /tmp/oracle-venv/bin/python make_must_capture_oracle.py [--out DIR] [--jobs N]
Everything is seeded and the date is a constant, so re-runs reproduce the file.
"""
import argparse
import importlib.metadata as md
import multiprocessing as mp
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True     # importing make_oracles must not leave __pycache__ here

import cshogi  # noqa: E402
import minishogilib as msl  # noqa: E402
import pyffish as sf  # noqa: E402

from make_oracles import (  # noqa: E402  (shared converters, already tested there)
    DATE, START5, START9, canon, fs_front, fs_kings, fs_move_to_usi, msl_is_uchifuzume,
    msl_position, parse_sfen, sfen_to_fs)

MAX_COUNT = 3_000_000      # no count above this is written
EST_LIMIT = 2_500_000      # try depth k+1 when the estimate c_k^2/c_(k-1) is below
MAX_DEPTH = {"standard": 4, "minishogi": 5}
FSF_BUDGET = 30_000        # max pyffish calls for one FSF perft depth
VARIANT_INI = ("[mustcapshogi:shogi]\nmustCapture = true\n\n"
               "[mustcapminishogi:minishogi]\nmustCapture = true\n")
FS = {"standard": ("shogi", "mustcapshogi", 9), "minishogi": ("minishogi", "mustcapminishogi", 5)}


def load_fsf():
    if "mustcapshogi" not in sf.variants():      # forked workers inherit the variants
        sf.load_variant_config(VARIANT_INI)
    assert "mustcapshogi" in sf.variants() and "mustcapminishogi" in sf.variants()


# ---------------------------------------------------------------------------
# Python filter over cshogi (standard)
# ---------------------------------------------------------------------------
def c_captures(b, L):
    return [m for m in L if not cshogi.move_is_drop(m) and b.piece(cshogi.move_to(m)) != 0]


def c_allowed(b, setting):
    L = list(b.legal_moves)
    if setting == "base" or (setting == "flee" and b.is_check()):
        return L
    return c_captures(b, L) or L


def c_perft(sfen, setting, depth):
    b = cshogi.Board(sfen)
    cnt = [0] * (depth + 1)

    def rec(k):
        ms = c_allowed(b, setting)
        cnt[k + 1] += len(ms)
        if k + 1 < depth:
            for m in ms:
                b.push(m)
                rec(k + 1)
                b.pop()

    rec(0)
    return cnt[1:]


# ---------------------------------------------------------------------------
# Python filter over minishogilib (minishogi)
# ---------------------------------------------------------------------------
def m_allowed(p, setting, removed=None):
    raw = p.generate_moves()
    if setting != "base" and not (setting == "flee" and p.is_in_check()):
        board = parse_sfen(p.sfen(False), 5)[0]
        C = [m for m in raw if m.sfen()[1] != "*" and m.sfen()[2:4] in board]
        if C:
            return C          # captures are never pawn drops: no uchifuzume test needed
    ms = [m for m in raw if not msl_is_uchifuzume(p, m)]
    if removed is not None:
        removed[0] += len(raw) - len(ms)
    return ms


def m_perft(sfen, setting, depth, uchi=None):
    """uchi: optional list of depth+1 ints, gets the pawn-drop mates removed per ply."""
    p = msl_position(sfen)
    cnt = [0] * (depth + 1)

    def rec(k):
        r = [0]
        ms = m_allowed(p, setting, r)
        if uchi is not None:
            uchi[k + 1] += r[0]
        cnt[k + 1] += len(ms)
        if k + 1 < depth:
            for m in ms:
                p.do_move(m)
                rec(k + 1)
                p.undo_move()

    rec(0)
    return cnt[1:]


def py_perft(base, sfen, setting, depth):
    return (c_perft if base == "standard" else m_perft)(sfen, setting, depth)


# ---------------------------------------------------------------------------
# Fairy-Stockfish search (root FEN + move history; kings tracked for uchifuzume)
# ---------------------------------------------------------------------------
def sf_perft(base, sfen, setting, depth):
    bv, mv, n = FS[base]
    fen = sfen_to_fs(sfen, n)
    kings, _ = fs_kings(fen)
    white0 = fen.split()[1] == "w"
    cnt = [0] * (depth + 1)
    uchi = [0] * (depth + 1)
    calls = [0]

    # A node is (fen, history).  noflee: the root FEN plus the move history.  flee: a
    # fleeing move (non-capture while a capture exists) is illegal in the mustCapture
    # variant, so a history containing one cannot be replayed there; instead every
    # node is re-rooted at its own FEN (pyffish get_fen on the base variant).
    def gen(node):
        f, hist = node
        calls[0] += 1
        if setting == "noflee":
            return sf.legal_moves(mv, f, hist)
        calls[0] += 1
        return sf.legal_moves(bv if sf.gives_check(bv, f, hist) else mv, f, hist)

    def child(node, m):
        f, hist = node
        if setting == "noflee":
            return (f, hist + [m])
        calls[0] += 1
        return (sf.get_fen(bv, f, hist + [m]), [])

    def rec(node, k, kings, moves):
        white = white0 if k % 2 == 0 else not white0
        front = fs_front(kings[not white], white)
        for m in moves:
            if m == "P@" + front:
                calls[0] += 1
                if not sf.legal_moves(bv, node[0], node[1] + [m]):   # base legality
                    uchi[k + 1] += 1                                 # pawn-drop mate
                    continue
            cnt[k + 1] += 1
            if k + 1 < depth:
                nk = dict(kings)
                if "@" not in m and m[:2] == kings[white]:
                    nk[white] = m.rstrip("+")[2:]
                c = child(node, m)
                rec(c, k + 1, nk, gen(c))

    root = (fen, [])
    rec(root, 0, kings, gen(root))
    return cnt[1:], calls[0], uchi[1:]


# ---------------------------------------------------------------------------
# Position features and playouts (normal base rules)
# ---------------------------------------------------------------------------
def features(base, sfen):
    if base == "standard":
        b = cshogi.Board(sfen)
        L = list(b.legal_moves)
        chk = b.is_check()
        nC = len(c_captures(b, L))
        nL = len(L)
    else:
        p = msl_position(sfen)
        L = m_allowed(p, "base")
        board = parse_sfen(p.sfen(False), 5)[0]
        nC = sum(1 for m in L if m.sfen()[1] != "*" and m.sfen()[2:4] in board)
        nL = len(L)
        chk = p.is_in_check()
    hand = parse_sfen(sfen, 9 if base == "standard" else 5)[2]
    return dict(check=chk, nC=nC, nL=nL, hand=sum(hand.values()))


CATS = {
    "check_cap": lambda f: f["check"] and f["nC"] > 0 and f["nC"] < f["nL"],
    "check_nocap": lambda f: f["check"] and f["nC"] == 0 and f["nL"] > 0,
    "capture": lambda f: not f["check"] and f["nC"] > 0,
    "capture_hand": lambda f: not f["check"] and f["nC"] > 0 and f["hand"] > 0,
    "quiet_hand": lambda f: not f["check"] and f["nC"] == 0 and f["hand"] > 0 and f["nL"] > 0,
}
CAT_TEXT = {
    "check_cap": "in check, captures among the evasions (flee and noflee differ at the root)",
    "check_nocap": "in check, no capturing evasion",
    "capture": "not in check, captures available",
    "capture_hand": "not in check, captures available, pieces in hand",
    "quiet_hand": "not in check, no capture available, pieces in hand",
}
# (plies, category) for the random positions of each base
PLAN = [(6, "capture"), (8, "quiet_hand"), (10, "check_cap"), (13, "capture_hand"),
        (16, "check_nocap"), (20, "quiet_hand"), (24, "check_cap"), (28, "capture_hand"),
        (32, "check_nocap"), (36, "capture_hand"), (40, "check_cap"), (45, "quiet_hand"),
        (50, "check_cap"), (55, "capture_hand"), (60, "check_nocap")]


def playout(base, plies, seed):
    rng = random.Random(seed)
    if base == "standard":
        b = cshogi.Board()
        for _ in range(plies):
            ms = sorted(cshogi.move_to_usi(m) for m in b.legal_moves)
            if not ms:
                return None
            caps = sorted(cshogi.move_to_usi(m) for m in c_captures(b, list(b.legal_moves)))
            if caps and rng.random() < 0.6:
                ms = caps
            b.push_usi(rng.choice(ms))
        return canon(" ".join(b.sfen().split()[:3]) + f" {plies + 1}", 9)
    p = msl.Position()
    p.set_start_position()
    for _ in range(plies):
        ms = sorted(m_allowed(p, "base"), key=lambda m: m.sfen())
        if not ms:
            return None
        board = parse_sfen(p.sfen(False), 5)[0]
        caps = [m for m in ms if m.sfen()[1] != "*" and m.sfen()[2:4] in board]
        if caps and rng.random() < 0.6:
            ms = caps
        p.do_move(rng.choice(ms))
    return canon(" ".join(p.sfen(False).split()[:3]) + f" {plies + 1}", 5)


def positions(base):
    start = START9 if base == "standard" else START5
    out = [(start, "start position", features(base, start))]
    # hand-crafted: no capture for Black, so L applies, and P*1b would be a pawn-drop
    # mate (king 1a: 2a covered by bishop 4c, 2b and 1b by gold 1c) -> illegal
    hc = "5r2k/9/5B2G/9/9/9/9/9/K8 b Ps 1" if base == "standard" else "1r2k/5/1B2G/5/K4 b Ps 1"
    out.append((hc, "hand-crafted: no capture available, P*1b would be a pawn-drop mate "
                "(illegal); deeper plies mix captures and drops", features(base, hc)))
    seen = {" ".join(x[0].split()[:3]) for x in out}
    for i, (plies, cat) in enumerate(PLAN):
        seed = (7000 if base == "standard" else 8000) + i
        while True:
            s = playout(base, plies, seed)
            if s is not None:
                key = " ".join(s.split()[:3])
                f = features(base, s)
                if key not in seen and CATS[cat](f):
                    break
            seed += 100
        seen.add(key)
        desc = (f"random playout, {plies} plies, seed {seed}; {CAT_TEXT[cat]}; "
                f"{f['nL']} base-legal moves of which {f['nC']} captures; {f['hand']} pieces in hand")
        out.append((s, desc, f))
    return out


# ---------------------------------------------------------------------------
# Work per (base, setting, position) -- runs in a worker process
# ---------------------------------------------------------------------------
def work(item):
    base, setting, sfen, desc = item
    t = time.time()
    counts = py_perft(base, sfen, setting, 3)
    while len(counts) < MAX_DEPTH[base]:
        c1, c2 = counts[-2], counts[-1]
        est = c2 * c2 / max(c1, 1)
        if est > EST_LIMIT:
            break
        nxt = py_perft(base, sfen, setting, len(counts) + 1)
        assert nxt[:-1] == counts
        if nxt[-1] > MAX_COUNT:
            break
        counts = nxt
    assert counts[2] <= MAX_COUNT, (sfen, counts)
    tpy = time.time() - t
    # FSF: depth k costs about (nodes at depth k-1) calls (x3 for flee)
    per = 1 if setting == "noflee" else 3
    fd = 3
    while fd < len(counts) and counts[fd - 1] * per <= FSF_BUDGET:
        fd += 1
    fs_counts, calls, fs_uchi = sf_perft(base, sfen, setting, fd)
    py_uchi = None
    if base == "minishogi":
        py_uchi = [0] * (len(counts) + 1)
        m_perft(sfen, setting, len(counts), py_uchi)
        py_uchi = py_uchi[1:]
    return dict(base=base, setting=setting, sfen=sfen, desc=desc, counts=counts, fsf=fs_counts,
                fsf_depth=fd, calls=calls, fs_uchi=fs_uchi, py_uchi=py_uchi,
                tpy=tpy, tfs=time.time() - t - tpy)


# ---------------------------------------------------------------------------
def self_tests():
    # base rules reproduce the known perft values
    assert c_perft(START9, "base", 3) == [30, 900, 25470]
    assert m_perft(START5, "base", 4) == [14, 181, 2512, 35401]
    # bishop exchange: only the two captures 8h2b / 8h2b+ are must-capture moves
    s = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
    assert sorted(cshogi.move_to_usi(m) for m in c_allowed(cshogi.Board(s), "noflee")) == ["8h2b", "8h2b+"]
    fs = sfen_to_fs(s, 9)
    assert sorted(sf.legal_moves("mustcapshogi", fs, [])) == ["b2h8", "b2h8+"]
    # FSF mustCapture: a drop is not a capture (gold in hand, one pawn capture)
    s = "4k4/9/9/9/4p4/4P4/9/9/4K4 b G 1"
    assert sf.legal_moves("mustcapshogi", sfen_to_fs(s, 9), []) == ["e4e5"]
    assert [cshogi.move_to_usi(m) for m in c_allowed(cshogi.Board(s), "noflee")] == ["5f5e"]
    s = "4k4/9/9/9/9/4P4/9/9/4K4 b G 1"      # no capture: all 84 moves incl. drops
    assert len(sf.legal_moves("mustcapshogi", sfen_to_fs(s, 9), [])) == 84
    assert len(c_allowed(cshogi.Board(s), "noflee")) == 84
    # FSF mustCapture applies in check (= noflee): rook 5c checks, bishop 1g takes it
    s = "4k4/9/4r4/9/9/9/8B/9/4K4 b P 1"
    fs = sfen_to_fs(s, 9)
    assert sf.gives_check("shogi", fs, [])
    assert sorted(sf.legal_moves("mustcapshogi", fs, [])) == ["i3e7", "i3e7+"]
    assert len(sf.legal_moves("shogi", fs, [])) == 11
    b = cshogi.Board(s)
    assert sorted(cshogi.move_to_usi(m) for m in c_allowed(b, "noflee")) == ["1g5c", "1g5c+"]
    assert len(c_allowed(b, "flee")) == 11
    # same in minishogi: White rook 3a checks Black king 3e, Black bishop 5c can take it
    s = "2r1k/5/B4/5/2K2 b P 1"
    assert sorted(m.sfen() for m in m_allowed(msl_position(s), "noflee")) == ["5c3a", "5c3a+"]
    assert sorted(fs_move_to_usi(m) for m in sf.legal_moves("mustcapminishogi", sfen_to_fs(s), [])) \
        == ["5c3a", "5c3a+"]
    assert len(m_allowed(msl_position(s), "flee")) == len(m_allowed(msl_position(s), "base")) > 2
    # pawn-drop mate is removed from L (both python filters and the FSF search)
    s = "3rk/3b1/4G/5/1K3 b P 1"
    assert "P*1b" not in [m.sfen() for m in m_allowed(msl_position(s), "noflee")]
    assert sf_perft("minishogi", s, "noflee", 1)[0] == [len(m_allowed(msl_position(s), "noflee"))]
    # flee search must go through fleeing moves (d2 below a non-capturing evasion)
    s = "4k4/9/4r4/9/9/9/8B/9/4K4 b P 1"
    for setting in ("flee", "noflee"):
        assert sf_perft("standard", s, setting, 2)[0] == c_perft(s, setting, 2)
    # no capture available and P*1b would be a pawn-drop mate: removed, and counted
    s = "1r2k/5/1B2G/5/K4 b Ps 1"
    for setting in ("flee", "noflee"):
        u = [0, 0, 0]
        assert m_perft(s, setting, 2, u) == [30, 170] and u == [0, 1, 0]
        assert sf_perft("minishogi", s, setting, 2)[0::2] == ([30, 170], [1, 0])
    # FSF cross-check of both settings from the starts
    for base, st in (("standard", START9), ("minishogi", START5)):
        for setting in ("flee", "noflee"):
            assert sf_perft(base, st, setting, 2)[0] == py_perft(base, st, setting, 2)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=HERE)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    load_fsf()
    self_tests()
    t0 = time.time()
    pos = {b: positions(b) for b in ("standard", "minishogi")}
    print(f"positions chosen in {time.time() - t0:.0f}s", flush=True)
    items = [(b, st, s, d) for b in ("standard", "minishogi") for (s, d, _) in pos[b]
             for st in ("flee", "noflee")]
    with mp.Pool(args.jobs, initializer=load_fsf) as pool:
        res = []
        for r in pool.imap(work, items, chunksize=1):
            res.append(r)
            print(f"{len(res)}/{len(items)} {r['tpy']:6.1f}s {r['tfs']:6.1f}s {r['base'][:4]} "
                  f"{r['setting']:6} {r['counts']} fsf{r['fsf']} calls {r['calls']}", flush=True)

    lines, notes = [], []
    n_agree = {"flee": 0, "noflee": 0}
    n_full = {"flee": 0, "noflee": 0}
    n_uchi = {"standard": 0, "minishogi": 0}
    for r in res:
        k = r["fsf_depth"]
        tag = "python-filter+fsf-mustCapture" if r["setting"] == "noflee" else "python-filter+fsf-flee"
        if r["fsf"] == r["counts"][:k]:
            n_agree[r["setting"]] += 1
            src = tag if k == len(r["counts"]) else f"{tag} (fsf d1-d{k})"
            if k == len(r["counts"]):
                n_full[r["setting"]] += 1
        else:
            src = f"python-filter; FSF DISAGREES: {' '.join(map(str, r['fsf']))}"
            notes.append(f"# DISAGREEMENT {r['base']} {r['setting']} {r['sfen']}: python "
                         f"{r['counts'][:k]} fsf {r['fsf']}")
        desc = r["desc"]
        if r["counts"][1] == 0:
            desc += "; every allowed move leaves the opponent without a move"
        # pawn-drop mates excluded per ply (python for minishogi, all depths; FSF for
        # standard, FSF depths only -- cshogi never generates them)
        u = r["py_uchi"] if r["base"] == "minishogi" else r["fs_uchi"]
        if r["py_uchi"] is not None and r["py_uchi"][:k] != r["fs_uchi"]:
            notes.append(f"# pawn-drop-mate counts differ {r['sfen']}: {r['py_uchi']} {r['fs_uchi']}")
        if sum(u):
            n_uchi[r["base"]] += 1
            desc += (f"; pawn-drop mates excluded per ply d1..d{len(u)}: {' '.join(map(str, u))}"
                     + (" (FSF search)" if r["base"] == "standard" else ""))
        lines.append(f"{r['base']} | {r['setting']} | {r['sfen']} | "
                     f"{' '.join(map(str, r['counts']))} | {desc} | {src}")
    ndiff = sum(1 for a, b in zip(res[0::2], res[1::2]) if a["counts"] != b["counts"])
    npos = {b: len(pos[b]) for b in pos}
    hdr = [
        f"# Generated {DATE} by make_must_capture_oracle.py (same directory); not needed by the tests.",
        f"# Libraries: cshogi {md.version('cshogi')}, minishogilib {md.version('minishogilib')}, "
        f"pyffish {md.version('pyffish')} ({sf.info()}); Python {sys.version.split()[0]}.",
        "# Must-capture shogi (Toru-itte, shared/RULES.md s.3) perft, king_captures_first = false:",
        "#   BASE | SETTING | SFEN | d1 d2 d3 [d4 [d5]] | description | source",
        "# SETTING flee = may_flee_from_check true (in check: all legal moves L);",
        "#   noflee = false (in check too: captures C if any, else L).  Not in check: C if any, else L.",
        "#   C = board moves onto an enemy piece (never a drop); promote / non-promote captures",
        "#   are separate moves.  Pawn-drop mate is illegal (decided with base legality).",
        "# Method 1 (every count): a Python filter applying that rule at every node on top of",
        "#   cshogi's legal_moves (standard; excludes pawn-drop mate itself) or minishogilib's",
        "#   generate_moves (minishogi; pawn-drop mates removed inside the search).",
        "# Method 2 (cross-check): Fairy-Stockfish via pyffish, searching from the root FEN plus",
        "#   the move history, pawn-drop mates removed inside the search.  noflee: custom variants",
        "#   loaded with load_variant_config('[mustcapshogi:shogi]\\nmustCapture = true' and",
        "#   '[mustcapminishogi:minishogi]\\nmustCapture = true'); FSF's mustCapture also applies",
        "#   in check and does not count drops as captures, i.e. it IS the noflee setting.",
        "#   flee: at each node pyffish gives_check on the base variant picks the base variant's",
        "#   moves (in check) or the mustCapture variant's (not in check); each node is re-rooted",
        "#   at its own FEN (get_fen), as a fleeing move is illegal when replayed in mustCapture.",
        f"#   pyffish is slow (~2-4 ms a call), so FSF was run to the deepest depth needing at most",
        f"#   {FSF_BUDGET} calls (never less than d3); '(fsf d1-dK)' in the source marks lines where",
        "#   deeper counts are from method 1 only.",
        f"# Depths: d4 (d5 for minishogi) written when the estimate is below {EST_LIMIT} and the",
        f"#   count at most {MAX_COUNT}.",
        "# Positions: start positions, one hand-crafted pawn-drop-mate position per base, and",
        "#   seeded random playouts of 6-60 plies under the normal base rules (captures preferred",
        "#   with probability 0.6), drawn to hit the category in the description; SFEN move",
        "#   number = plies + 1.",
        f"# {npos['standard']} standard and {npos['minishogi']} minishogi positions, each with a flee",
        f"#   and a noflee line; flee and noflee counts differ for {ndiff} positions.",
        f"# FSF agreed with the Python filter on {n_agree['noflee']}/{len(res) // 2} noflee lines "
        f"({n_full['noflee']} at every written depth) and on",
        f"#   {n_agree['flee']}/{len(res) // 2} flee lines ({n_full['flee']} at every written depth).",
        f"# Lines whose tree contains pawn-drop mates (excluded; counted per ply in the",
        f"#   description): standard {n_uchi['standard']} (seen within the FSF depths), "
        f"minishogi {n_uchi['minishogi']}.",
    ] + (notes or ["# No disagreement."])
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "must_capture_oracle.txt"), "w") as f:
        f.write("\n".join(hdr + lines) + "\n")


if __name__ == "__main__":
    main()
