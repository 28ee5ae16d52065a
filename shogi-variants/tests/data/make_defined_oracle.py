#!/usr/bin/env python3
"""Generate pyffish (Fairy-Stockfish) oracle fixtures for the variants that the
library defines from TOML files (shogi-variants/definitions/*.toml): judkins
(6x6), gorogoro (5 files x 6 ranks), minishogi (5x5), standard (9x9) and
checkshogi (9x9, the first check wins).

This script is NOT used by the test suite: its outputs are committed next to it.

Outputs (into this script's directory, or --out DIR):
  defined_oracle.txt    variant | SFEN | d1 d2 d3 [d4] | note
  defined_moves.txt     variant | SFEN | sorted legal USI moves | note
  checkshogi_ends.txt   SFEN | USI move | gives check (pyffish) | game over after (pyffish)
                        | result for the mover | kind of move
  pyffish_rules.txt     what pyffish does in the rule corner cases, each with SFEN + move

Re-running (needs pyffish 0.0.90 from PyPI only):
  python3 -m venv /tmp/v && /tmp/v/bin/pip install pyffish==0.0.90
  nice /tmp/v/bin/python make_defined_oracle.py       # ~5-10 min on 2 cores

Everything is seeded and the header date is a constant (DATE), so a re-run with
the same pyffish and Python versions reproduces the files byte for byte.

pyffish is used as a black box (its Python API only).  Conventions, as found in
make_oracles.py and generalised here to F files x R ranks:
* FEN = '<board>[<hand, each piece repeated>] <w|b> - - 0 1'.  The board text is
  the SFEN board text (both list the top row, our rank a = White's side, first,
  and each row from our file F down to file 1, i.e. left to right for Black).
  The side letter is swapped: pyffish 'w' (uppercase pieces, moves first) is our
  Black 'b'.
* Squares: pyffish file letter a.. from Black's left (a = our file F), rank
  number 1.. from Black's side (1 = our last rank letter, R = our rank a).  So
  USI (file f, rank letter index i from 0) <-> pyffish (chr(a + F - f), R - i).
  On 5 files x 6 ranks: USI 5f = a1, 1f = e1, 5a = a6, 1a = e6 (self-tested, and
  every playout move is replayed on our own board and compared with pyffish's
  get_fen, so a coordinate slip would stop the script).
* Drops 'P@c3', promotion a trailing '+'.
* pyffish GENERATES pawn-drop mates (it scores them as a loss for the dropper in
  shogi-like variants, and as a WIN for the dropper in checkshogi).  Our rules
  forbid them, so every count and move list here has them removed, inside the
  search (the subtree below is removed too).  A pawn-drop mate = a pawn drop on
  the square in front of the enemy king after which the opponent has no legal
  move (for checkshogi, where pyffish gives no legal move after any check, the
  "no legal reply" test is asked of pyffish variant 'shogi', same rules without
  the check-wins end).
"""
import argparse
import importlib.metadata as md
import multiprocessing as mp
import os
import random
import sys
import time

import pyffish as sf

DATE = "2026-12-01"

# name -> (pyffish variant, files, ranks, zone ranks, start SFEN)
VARIANTS = {
    "judkins": ("judkins", 6, 6, 2, "rbnsgk/5p/6/6/P5/KGSNBR b - 1"),
    "gorogoro": ("gorogoro", 5, 6, 2, "sgkgs/5/1ppp1/1PPP1/5/SGKGS b - 1"),
    "minishogi": ("minishogi", 5, 5, 1, "rbsgk/4p/5/P4/KGSBR b - 1"),
    "standard": ("shogi", 9, 9, 3,
                 "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
    "checkshogi": ("checkshogi", 9, 9, 3,
                   "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
}
# variant asked "has the opponent a legal reply" for the pawn-drop-mate test
MATE_VARIANT = {"checkshogi": "shogi"}
# checkshogi's d3 equals standard's (the first check possible at ply 3, e.g. 7g7f 3c3d 8h3c,
# only ends a line at its leaf), so d4 is what tells them apart
START_DEPTH = {"judkins": 4, "gorogoro": 4, "minishogi": 4, "standard": 4, "checkshogi": 4}
SMALL = ["judkins", "gorogoro", "minishogi"]
N_PERFT_RANDOM = 15
N_MOVES = {"judkins": 60, "gorogoro": 60, "minishogi": 60, "checkshogi": 30}

HAND_ORDER = "RBGSNLP"


# ---------------------------------------------------------------------------
# Our SFEN (board dict (file, rank index 0 = rank a) -> 'K', '+p', ...)
# ---------------------------------------------------------------------------
def parse_sfen(sfen, F, R):
    board_s, side, hand_s = sfen.split()[:3]
    rows = board_s.split("/")
    assert len(rows) == R, (sfen, R)
    board = {}
    for ri, row in enumerate(rows):
        f, i = F, 0
        while i < len(row):
            c = row[i]
            if c.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                f -= int(row[i:j])
                i = j
                continue
            p = c
            if c == "+":
                p = row[i:i + 2]
                i += 1
            assert f >= 1, sfen
            board[(f, ri)] = p
            f -= 1
            i += 1
        assert f == 0, (sfen, row)
    hand = {}
    if hand_s != "-":
        cnt = ""
        for c in hand_s:
            if c.isdigit():
                cnt += c
            else:
                hand[c] = hand.get(c, 0) + (int(cnt) if cnt else 1)
                cnt = ""
    return board, side, hand


def make_sfen(board, side, hand, F, R, moveno=1):
    rows = []
    for ri in range(R):
        s, empty = "", 0
        for f in range(F, 0, -1):
            p = board.get((f, ri))
            if p is None:
                empty += 1
            else:
                if empty:
                    s += str(empty)
                empty = 0
                s += p
        if empty:
            s += str(empty)
        rows.append(s)
    hs = ""
    for up in (True, False):
        for c in HAND_ORDER:
            c = c if up else c.lower()
            k = hand.get(c, 0)
            if k:
                hs += (str(k) if k > 1 else "") + c
    return f"{'/'.join(rows)} {side} {hs or '-'} {moveno}"


def canon(sfen, F, R, moveno=None):
    parts = sfen.split()
    mv = moveno if moveno is not None else (int(parts[3]) if len(parts) > 3 else 1)
    b, s, h = parse_sfen(sfen, F, R)
    return make_sfen(b, s, h, F, R, mv)


def key3(sfen):
    return " ".join(sfen.split()[:3])


# ---------------------------------------------------------------------------
# Converters
# ---------------------------------------------------------------------------
def usi_sq(f, ri):
    return f"{f}{chr(ord('a') + ri)}"


def usi_fr(s):
    return int(s[0]), ord(s[1]) - ord("a")


def usi_sq_to_fs(s, F, R):
    f, ri = usi_fr(s)
    assert 1 <= f <= F and 0 <= ri < R, s
    return chr(ord("a") + F - f) + str(R - ri)


def fs_sq_to_usi(s, F, R):
    f, ri = F - (ord(s[0]) - ord("a")), R - int(s[1:])
    assert 1 <= f <= F and 0 <= ri < R, s
    return usi_sq(f, ri)


def fs_move_to_usi(m, F, R):
    if "@" in m:
        p, sq = m.split("@")
        return p.upper() + "*" + fs_sq_to_usi(sq, F, R)
    promo = m.endswith("+")
    core = m.rstrip("+")
    # squares are one letter + one digit (ranks <= 9)
    return fs_sq_to_usi(core[:2], F, R) + fs_sq_to_usi(core[2:4], F, R) + ("+" if promo else "")


def usi_move_to_fs(m, F, R):
    if m[1] == "*":
        return m[0].upper() + "@" + usi_sq_to_fs(m[2:4], F, R)
    return usi_sq_to_fs(m[:2], F, R) + usi_sq_to_fs(m[2:4], F, R) + ("+" if m.endswith("+") else "")


def sfen_to_fs(sfen, F, R):
    board_s, side, _ = sfen.split()[:3]
    _, _, hand = parse_sfen(sfen, F, R)
    pocket = "".join(c * k for c, k in sorted(hand.items(), key=lambda kv: (kv[0].islower(), kv[0])))
    return f"{board_s}[{pocket}] {'w' if side == 'b' else 'b'} - - 0 1"


def fs_to_sfen(fen, F, R, moveno=1):
    head = fen.split()[0]
    board_s, pocket = head.split("[")
    pocket = pocket.rstrip("]")
    side = fen.split()[1]
    hand = {}
    for c in pocket:
        if c != "-":
            hand[c] = hand.get(c, 0) + 1
    b, _, _ = parse_sfen(board_s + " b -", F, R)
    return make_sfen(b, "b" if side == "w" else "w", hand, F, R, moveno)


# ---------------------------------------------------------------------------
# Our own board: move application and attacks (independent of pyffish, used to
# cross-check pyffish's FENs and its gives_check)
# ---------------------------------------------------------------------------
KSTEP = [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)]
GSTEP = [(0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0), (0, 1)]
STEP = {  # (dfile, drank) for Black, drank -1 = towards rank a
    "K": KSTEP, "G": GSTEP, "+P": GSTEP, "+L": GSTEP, "+N": GSTEP, "+S": GSTEP,
    "S": [(0, -1), (-1, -1), (1, -1), (-1, 1), (1, 1)],
    "N": [(-1, -2), (1, -2)], "P": [(0, -1)],
    "+B": [(0, -1), (0, 1), (-1, 0), (1, 0)], "+R": [(-1, -1), (1, -1), (-1, 1), (1, 1)],
}
SLIDE = {"B": [(-1, -1), (1, -1), (-1, 1), (1, 1)], "R": [(0, -1), (0, 1), (-1, 0), (1, 0)],
         "L": [(0, -1)]}
SLIDE["+B"], SLIDE["+R"] = SLIDE["B"], SLIDE["R"]


def black(p):
    return p.lstrip("+")[0].isupper()


def attacks_from(board, sq, p, F, R):
    up = p.upper()
    sgn = 1 if black(p) else -1
    out = []
    for df, dr in STEP.get(up, []):
        t = (sq[0] + df * sgn, sq[1] + dr * sgn)
        if 1 <= t[0] <= F and 0 <= t[1] < R:
            out.append(t)
    for df, dr in SLIDE.get(up, []):
        t = (sq[0] + df * sgn, sq[1] + dr * sgn)
        while 1 <= t[0] <= F and 0 <= t[1] < R:
            out.append(t)
            if t in board:
                break
            t = (t[0] + df * sgn, t[1] + dr * sgn)
    return out


def checkers(board, king_black, F, R):
    """Squares of the pieces attacking the king of that colour."""
    k = "K" if king_black else "k"
    ksq = [s for s, p in board.items() if p == k][0]
    return [s for s, p in board.items() if black(p) != king_black and ksq in attacks_from(board, s, p, F, R)]


def apply_usi(board, side, hand, m):
    b, h = dict(board), dict(hand)
    bl = side == "b"
    if m[1] == "*":
        p = m[0] if bl else m[0].lower()
        assert h.get(p, 0) > 0 and usi_fr(m[2:4]) not in b, m
        h[p] -= 1
        if not h[p]:
            del h[p]
        b[usi_fr(m[2:4])] = p
    else:
        fr, to = usi_fr(m[:2]), usi_fr(m[2:4])
        p = b.pop(fr)
        assert black(p) == bl, m
        if to in b:
            c = b[to].lstrip("+")
            c = c.upper() if bl else c.lower()
            assert c.upper() != "K", m
            h[c] = h.get(c, 0) + 1
        b[to] = ("+" + p) if m.endswith("+") else p
    return b, ("w" if bl else "b"), h


# ---------------------------------------------------------------------------
# pyffish wrappers (each call costs ~3.5 ms whatever it does)
# ---------------------------------------------------------------------------
def fs_kings(fen):
    rows = fen.split("[")[0].split()[0].split("/")
    n = len(rows)
    kings = {}
    for ri, row in enumerate(rows):
        fi, i = 0, 0
        while i < len(row):
            c = row[i]
            if c.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                fi += int(row[i:j])
                i = j
                continue
            if c == "+":
                i += 1
                c = row[i]
            if c in "Kk":
                kings[c == "K"] = chr(ord("a") + fi) + str(n - ri)
            fi += 1
            i += 1
    return kings  # kings[True] = pyffish white (= our Black) king


def fs_front(ksq, mover_white):
    """Square from which a pawn of the mover would attack the king on ksq."""
    return f"{ksq[0]}{int(ksq[1:]) + (-1 if mover_white else 1)}"


def sf_perft(name, sfen, depth):
    V, F, R, _, _ = VARIANTS[name]
    MV = MATE_VARIANT.get(name, V)
    fen = sfen_to_fs(sfen, F, R)
    white0 = fen.split()[1] == "w"
    raw = [0] * (depth + 1)
    filt = [0] * (depth + 1)

    def rec(hist, k, kings, ok, moves):
        white = white0 if k % 2 == 0 else not white0
        front = fs_front(kings[not white], white)
        for m in moves:
            pawn_front = m == "P@" + front
            child = None
            if k + 1 < depth:
                child = sf.legal_moves(V, fen, hist + [m])
            uchi = False
            if pawn_front:
                reply = child if (child is not None and MV == V) else sf.legal_moves(MV, fen, hist + [m])
                uchi = not reply
            raw[k + 1] += 1
            if ok and not uchi:
                filt[k + 1] += 1
            if k + 1 < depth:
                nk = dict(kings)
                if "@" not in m and m[:2] == kings[white]:
                    nk[white] = m.rstrip("+")[2:]
                rec(hist + [m], k + 1, nk, ok and not uchi, child)

    rec([], 0, fs_kings(fen), True, sf.legal_moves(V, fen, []))
    return raw[1:], filt[1:]


def sf_moves(name, sfen):
    """-> (all pyffish moves in USI sorted, our legal moves sorted, removed pawn-drop mates)."""
    V, F, R, _, _ = VARIANTS[name]
    MV = MATE_VARIANT.get(name, V)
    fen = sfen_to_fs(sfen, F, R)
    white = fen.split()[1] == "w"
    front = fs_front(fs_kings(fen)[not white], white)
    raw, filt, uchi = [], [], []
    for m in sf.legal_moves(V, fen, []):
        u = fs_move_to_usi(m, F, R)
        raw.append(u)
        if m == "P@" + front and not sf.legal_moves(MV, fen, [m]):
            uchi.append(u)
            continue
        filt.append(u)
    return sorted(raw), sorted(filt), sorted(uchi)


def after(name, sfen, usi_moves):
    """(gives_check, n legal, immediate end, optional end) after the moves."""
    V, F, R, _, _ = VARIANTS[name]
    fen = sfen_to_fs(sfen, F, R)
    fm = [usi_move_to_fs(m, F, R) for m in usi_moves]
    return (sf.gives_check(V, fen, fm), len(sf.legal_moves(V, fen, fm)),
            sf.is_immediate_game_end(V, fen, fm), sf.is_optional_game_end(V, fen, fm))


def sf_next_sfen(name, sfen, m, moveno):
    V, F, R, _, _ = VARIANTS[name]
    return fs_to_sfen(sf.get_fen(V, sfen_to_fs(sfen, F, R), [usi_move_to_fs(m, F, R)]), F, R, moveno)


def own_next_sfen(name, sfen, m, moveno):
    _, F, R, _, _ = VARIANTS[name]
    b, s, h = parse_sfen(sfen, F, R)
    b, s, h = apply_usi(b, s, h, m)
    return make_sfen(b, s, h, F, R, moveno)


def in_check(name, sfen, of_side=None):
    _, F, R, _, _ = VARIANTS[name]
    b, s, _ = parse_sfen(sfen, F, R)
    side = of_side or s
    return bool(checkers(b, side == "b", F, R))


# ---------------------------------------------------------------------------
# Seeded playouts (favour drops, captures and checks; checkshogi avoids checks
# so that the game goes on)
# ---------------------------------------------------------------------------
def classify(name, sfen, moves):
    _, F, R, _, _ = VARIANTS[name]
    b, s, h = parse_sfen(sfen, F, R)
    drops, caps, chks = [], [], []
    for m in moves:
        if m[1] == "*":
            drops.append(m)
        elif usi_fr(m[2:4]) in b:
            caps.append(m)
        nb, ns, _ = apply_usi(b, s, h, m)
        if checkers(nb, ns == "b", F, R):
            chks.append(m)
    return drops, caps, chks


def playout(name, seed, plies, collect_uchi=None):
    """Returns the final SFEN or None.  Every move is replayed on our own board
    and compared with pyffish's get_fen (converter round trip)."""
    _, F, R, _, start = VARIANTS[name]
    rng = random.Random(seed)
    sfen = canon(start, F, R)
    for ply in range(plies):
        _, ms, uchi = sf_moves(name, sfen)
        if uchi and collect_uchi is not None:
            collect_uchi.append((sfen, seed, ply))
        if not ms:
            return None
        drops, caps, chks = classify(name, sfen, ms)
        if name == "checkshogi":
            quiet = [m for m in ms if m not in set(chks)]
            if not quiet:
                return None
            pref = [m for m in quiet if m in set(drops) | set(caps)]
            ms = pref if pref and rng.random() < 0.6 else quiet
        else:
            pref = sorted(set(drops) | set(caps) | set(chks))
            if pref and rng.random() < 0.6:
                ms = pref
        m = rng.choice(ms)
        nxt = own_next_sfen(name, sfen, m, ply + 2)
        chk = sf_next_sfen(name, sfen, m, ply + 2)
        assert nxt == chk, ("converter/own board mismatch", name, sfen, m, nxt, chk)
        sfen = nxt
    return sfen


def hand_count(name, sfen):
    _, F, R, _, _ = VARIANTS[name]
    return sum(parse_sfen(sfen, F, R)[2].values())


def random_positions(name, n, seed0, lengths, need_hand=True, collect_uchi=None):
    out = []
    seen = set()
    i = 0
    while len(out) < n:
        L = lengths[i % len(lengths)]
        seed = seed0 + i
        i += 1
        assert i < 50 * n, ("too few positions", name)
        s = playout(name, seed, L, collect_uchi)
        if s is None or key3(s) in seen:
            continue
        _, ms, _ = sf_moves(name, s)
        if not ms:
            continue
        if need_hand and hand_count(name, s) == 0:
            continue
        if name == "checkshogi" and in_check(name, s):
            continue
        seen.add(key3(s))
        out.append((s, f"random playout, {L} plies, seed {seed}"))
    return out


# ---------------------------------------------------------------------------
# Hand-crafted rule positions (SFEN, note); each is checked below
# ---------------------------------------------------------------------------
RULE_POSITIONS = {
    "judkins": [
        ("4rk/4b1/5G/6/6/1K4 b P 1", "pawn-drop mate P*1b generated by pyffish, removed"),
        ("4bk/4g1/5G/6/6/1K4 b P 1", "P*1b checks but the gold 2b can capture it: legal"),
        ("k5/6/6/6/6/5K b NP 1", "knight drops only on ranks c-f, pawn drops not on rank a"),
        ("5k/6/6/6/6/K5 w np 1", "White: knight drops only on ranks a-d, pawn not on rank f"),
        ("k5/6/6/3P2/6/5K b P 1", "nifu: no pawn drop on file 3"),
        ("k5/6/6/3N2/6/5K b - 1", "knight 3d to rank b must promote"),
        ("k5/3P2/6/6/6/5K b - 1", "pawn 3b must promote on rank a"),
        ("k5/6/3S2/6/6/5K b - 1", "silver entering the zone (rank b) may promote"),
        ("k5/6/6/3S2/6/5K b - 1", "silver 3d: rank c is outside the 2-rank zone"),
        ("5k/3S2/5G/6/6/K5 w - 1", "White stalemated (no legal move, not in check)"),
    ],
    "gorogoro": [
        ("4k/2S2/4G/5/5/K4 b P 1", "pawn-drop mate P*1b generated by pyffish, removed"),
        ("3sk/3g1/4G/5/5/K4 b P 1", "P*1b checks but the gold 2b can capture it: legal"),
        ("k4/5/5/5/5/4K b P 1", "pawn drops not on rank a"),
        ("k4/5/5/2P2/5/4K b P 1", "nifu: no pawn drop on file 3"),
        ("k4/2P2/5/5/5/4K b - 1", "pawn 3b must promote on rank a"),
        ("k4/5/2S2/5/5/4K b - 1", "silver entering the zone (rank b) may promote"),
        ("k4/5/5/2S2/5/4K b - 1", "silver 3d: rank c is outside the 2-rank zone"),
        ("4k/2S2/4G/5/5/K4 w - 1", "White stalemated (no legal move, not in check)"),
        ("4k/5/5/5/5/K4 w 3P 1", "White has no pawns: Black's 3 pawns in hand (kings only on board)"),
    ],
    "minishogi": [
        ("3rk/3b1/4G/5/1K3 b P 1", "pawn-drop mate P*1b generated by pyffish, removed"),
        ("k4/5/5/5/4K b P 1", "pawn drops not on rank a"),
    ],
    "checkshogi": [
        ("4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*5b gives check: legal, wins in pyffish"),
        ("7rk/7b1/8G/9/9/9/9/9/1K7 b P 1",
         "P*1b is a pawn-drop mate: pyffish generates it as a WIN for the dropper; removed"),
        ("9/4r4/9/9/9/5k3/9/4G4/4K4 b - 1",
         "pinned gold 5h cannot give check by 5h4g: illegal in pyffish too"),
    ],
}


# ---------------------------------------------------------------------------
# Work items (run in worker processes)
# ---------------------------------------------------------------------------
def work_perft(item):
    name, sfen, depth, desc = item
    t = time.time()
    raw, filt = sf_perft(name, sfen, depth)
    return dict(name=name, sfen=sfen, depth=depth, desc=desc, raw=raw, filt=filt,
                secs=time.time() - t)


# ---------------------------------------------------------------------------
def self_tests():
    shapes = {(v[1], v[2]) for v in VARIANTS.values()}
    for F, R in shapes:
        seen = set()
        for f in range(1, F + 1):
            for ri in range(R):
                u = usi_sq(f, ri)
                fsq = usi_sq_to_fs(u, F, R)
                assert fs_sq_to_usi(fsq, F, R) == u
                seen.add(fsq)
        assert len(seen) == F * R
        assert usi_sq_to_fs(usi_sq(F, R - 1), F, R) == "a1"       # Black's left corner
        assert usi_sq_to_fs(usi_sq(1, 0), F, R) == chr(ord("a") + F - 1) + str(R)
    # non-square 5 files x 6 ranks: the four corners
    assert [usi_sq_to_fs(s, 5, 6) for s in ("5f", "1f", "5a", "1a")] == ["a1", "e1", "a6", "e6"]
    assert usi_sq_to_fs("7g", 9, 9) == "c3" and usi_move_to_fs("P*5e", 9, 9) == "P@e5"
    assert usi_move_to_fs("4d4c", 5, 6) == "b3b4" and fs_move_to_usi("b3b4", 5, 6) == "4d4c"
    assert usi_move_to_fs("6e6d", 6, 6) == "a2a3"
    for name, (V, F, R, _, start) in VARIANTS.items():
        # start SFEN board = pyffish's start board; side swapped
        assert sf.start_fen(V).split("[")[0] == start.split()[0], name
        assert sf.validate_fen(sfen_to_fs(start, F, R), V) == 1, name
        assert fs_to_sfen(sfen_to_fs(start, F, R), F, R) == canon(start, F, R)
    assert sfen_to_fs("k4/5/5/5/5/4K b 2Pg 1", 5, 6) == "k4/5/5/5/5/4K[PPg] w - - 0 1"
    assert fs_to_sfen("k4/5/5/5/5/4K[PPg] b - - 0 1", 5, 6) == "k4/5/5/5/5/4K w 2Pg 1"
    # gorogoro's start moves: Black's pawns are on rank d, files 4 3 2
    ms = sf_moves("gorogoro", VARIANTS["gorogoro"][4])[1]
    assert {"4d4c", "3d3c", "2d2c"} <= set(ms) and len(ms) == 16, ms
    ms = sf_moves("judkins", VARIANTS["judkins"][4])[1]
    assert "6e6d" in ms and "2f6b" in ms and "2f6b+" in ms and len(ms) == 20, ms
    # the pawn-drop-mate filter
    for name, sfen, m in [("judkins", "4rk/4b1/5G/6/6/1K4 b P 1", "P*1b"),
                          ("gorogoro", "4k/2S2/4G/5/5/K4 b P 1", "P*1b"),
                          ("minishogi", "3rk/3b1/4G/5/1K3 b P 1", "P*1b"),
                          ("standard", "7rk/7b1/8G/9/9/9/9/9/1K7 b P 1", "P*1b"),
                          ("checkshogi", "7rk/7b1/8G/9/9/9/9/9/1K7 b P 1", "P*1b")]:
        raw, filt, uchi = sf_moves(name, sfen)
        assert m in raw and m not in filt and uchi == [m], (name, sfen)
    # White's side of the filter (rotated minishogi case)
    raw, filt, uchi = sf_moves("minishogi", "1k3/5/g4/1B3/KR3 w p 1")
    assert uchi == ["P*5d"], uchi


# ---------------------------------------------------------------------------
# pyffish rule probes (the report asked for in the brief), each asserted
# ---------------------------------------------------------------------------
def fmt_after(a):
    chk, n, imm, opt = a
    return f"gives_check={chk} legal_moves={n} is_immediate_game_end={imm} is_optional_game_end={opt}"


def rule_probes():
    L = []

    def probe(name, sfen, moves, text, expect=None):
        a = after(name, sfen, moves)
        if expect is not None:
            assert expect(a), (name, sfen, moves, a)
        L.append(f"{name} | {sfen} | {' '.join(moves) or '-'} | {fmt_after(a)} | {text}")
        return a

    def moves_of(name, sfen):
        return sf_moves(name, sfen)

    # --- checkshogi ---
    s = "4k4/9/9/9/9/9/9/9/4K4 b P 1"
    assert "P*5b" in moves_of("checkshogi", s)[1]
    probe("checkshogi", s, ["P*5b"], "pawn drop check (not mate) is legal; afterwards no legal "
          "move and an immediate end, -32000 = loss for the side to move (the checked side)",
          lambda a: a[0] and a[1] == 0 and a[2] == (True, -32000))
    s = "7rk/7b1/8G/9/9/9/9/9/1K7 b P 1"
    probe("checkshogi", s, ["P*1b"], "pawn-drop MATE: generated, and pyffish scores it as a win "
          "for the dropper (immediate end, -32000 for the checked side); our rules remove it",
          lambda a: a[0] and a[1] == 0 and a[2] == (True, -32000))
    probe("standard", s, ["P*1b"], "same pawn-drop mate in pyffish 'shogi': no legal reply, NOT an "
          "immediate end, game_result +32000 = the mated side wins (uchifuzume loses)",
          lambda a: a[0] and a[1] == 0 and a[2] == (False, 0))
    s = "9/4r4/9/9/9/5k3/9/4G4/4K4 b - 1"
    ms = moves_of("checkshogi", s)[1]
    assert "5h4g" not in ms and "5h5g" in ms
    L.append(f"checkshogi | {s} | 5h4g | not in legal_moves ({' '.join(ms)}) | a pinned gold may "
             "not give check: a check that leaves one's own king in check is illegal, as in shogi")
    # side to move already in check / checkmated given as a FEN
    probe("checkshogi", "4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1", [],
          "a FEN with the side to move already checkmated: no legal move but NOT an immediate "
          "end (game_result -32000 as plain checkmate): the check-wins end is only seen when "
          "the check is given by a move in the move list",
          lambda a: a[0] and a[1] == 0 and a[2] == (False, 0))
    probe("checkshogi", "4k4/9/4G4/9/9/9/9/9/4K4 w - 1", [],
          "control: White to move, gold 5c does not attack 5a: not in check, the game goes on",
          lambda a: a[1] > 0 and a[2] == (False, 0))
    probe("checkshogi", "4k4/4G4/9/9/9/9/9/9/4K4 w - 1", [],
          "a FEN with the side to move in check (not mate): pyffish generates the evasion 5a5b "
          "and does not end the game; the same check given by the move 5c5b (from "
          "4k4/9/4G4/9/9/9/9/9/4K4 b - 1) ends it at once, see the next line",
          lambda a: a[0] and a[1] == 1 and a[2] == (False, 0))
    probe("checkshogi", "4k4/9/4G4/9/9/9/9/9/4K4 b - 1", ["5c5b"],
          "check given by a move: no legal reply (not even 5a5b), immediate end, -32000 for "
          "the checked side: check and checkmate end the game alike",
          lambda a: a[0] and a[1] == 0 and a[2] == (True, -32000))
    probe("checkshogi", "8k/6S2/8G/9/9/9/9/9/K8 w - 1", [],
          "White stalemated (no move, not in check): not an immediate end; game_result is a loss",
          lambda a: a[1] == 0 and a[2] == (False, 0))
    # --- judkins / gorogoro ---
    s = "4rk/4b1/5G/6/6/1K4 b P 1"
    probe("judkins", s, ["P*1b"], "pawn-drop mate generated (no legal reply; not an immediate end, "
          "game_result +32000 = the mated side wins); our rules remove it",
          lambda a: a[0] and a[1] == 0 and a[2] == (False, 0))
    s = "4k/2S2/4G/5/5/K4 b P 1"
    probe("gorogoro", s, ["P*1b"], "same in gorogoro", lambda a: a[0] and a[1] == 0)
    for name, s, text, pred in [
        ("judkins", "k5/6/6/6/6/5K b NP 1", "Black knight drops on ranks c-f only, pawn drops b-f",
         lambda ms: {m[3] for m in ms if m[0] == "N"} == set("cdef") and
         {m[3] for m in ms if m[0] == "P"} == set("bcdef")),
        ("judkins", "5k/6/6/6/6/K5 w np 1", "White knight drops on ranks a-d only, pawn drops a-e",
         lambda ms: {m[3] for m in ms if m[0] == "N"} == set("abcd") and
         {m[3] for m in ms if m[0] == "P"} == set("abcde")),
        ("judkins", "k5/6/6/3P2/6/5K b P 1", "nifu: no P* on file 3",
         lambda ms: {m[2] for m in ms if m[0] == "P"} == set("12456")),
        ("gorogoro", "k4/5/5/2P2/5/4K b P 1", "nifu: no P* on file 3",
         lambda ms: {m[2] for m in ms if m[0] == "P"} == set("1245")),
        ("gorogoro", "k4/5/5/5/5/4K b P 1", "no pawn drop on rank a",
         lambda ms: {m[3] for m in ms if m[0] == "P"} == set("bcdef")),
        ("judkins", "k5/6/6/3N2/6/5K b - 1", "knight 3d->rank b: only promoting moves",
         lambda ms: [m for m in ms if m.startswith("3d")] == ["3d2b+", "3d4b+"]),
        ("judkins", "k5/6/6/6/3N2/5K b - 1", "knight 3e->rank c: outside zone, no promotion",
         lambda ms: [m for m in ms if m.startswith("3e")] == ["3e2c", "3e4c"]),
        ("judkins", "k5/3P2/6/6/6/5K b - 1", "pawn 3b->3a must promote",
         lambda ms: [m for m in ms if m.startswith("3b")] == ["3b3a+"]),
        ("judkins", "k5/6/3P2/6/6/5K b - 1", "pawn 3c->3b (zone rank b): optional",
         lambda ms: [m for m in ms if m.startswith("3c")] == ["3c3b", "3c3b+"]),
        ("judkins", "k5/6/6/3S2/6/5K b - 1", "silver 3d->rank c: no promotion (zone is a-b)",
         lambda ms: not any(m.endswith("+") for m in ms)),
        ("judkins", "k5/3S2/6/6/6/5K b - 1", "silver inside the zone and leaving it (3b4c+): "
         "promotion optional on every move that starts or ends in the zone",
         lambda ms: "3b4c+" in ms and "3b2c+" in ms and "3b2c" in ms),
        ("gorogoro", "k4/2P2/5/5/5/4K b - 1", "pawn 3b->3a must promote",
         lambda ms: [m for m in ms if m.startswith("3b")] == ["3b3a+"]),
        ("gorogoro", "k4/5/2P2/5/5/4K b - 1", "pawn 3c->3b optional promotion",
         lambda ms: [m for m in ms if m.startswith("3c")] == ["3c3b", "3c3b+"]),
        ("gorogoro", "k4/2S2/5/5/5/4K b - 1", "silver leaving the zone 3b->2c may promote",
         lambda ms: "3b2c+" in ms and "3b2c" in ms),
        ("gorogoro", "k4/5/5/2S2/5/4K b - 1", "silver 3d->rank c: no promotion",
         lambda ms: not any(m.endswith("+") for m in ms)),
    ]:
        ms = moves_of(name, s)[1]
        assert pred(ms), (name, s, ms)
        L.append(f"{name} | {s} | - | legal: {' '.join(ms)} | {text}")
    for name, s in [("judkins", "5k/3S2/5G/6/6/K5 w - 1"), ("gorogoro", "4k/2S2/4G/5/5/K4 w - 1")]:
        probe(name, s, [], "stalemate: no legal move, not in check, not an immediate end; "
              "game_result -32000 = the stalemated side loses",
              lambda a: a[1] == 0 and not a[0] and a[2] == (False, 0))
        V, F, R, _, _ = VARIANTS[name]
        assert sf.game_result(V, sfen_to_fs(s, F, R), []) == -32000
    # repetition: kings shuffle; fourfold = optional end, draw
    for name, s, cyc in [("judkins", "5k/6/6/6/6/K5 b - 1", ["6f5f", "1a2a", "5f6f", "2a1a"]),
                         ("gorogoro", "4k/5/5/5/5/K4 b - 1", ["5f4f", "1a2a", "4f5f", "2a1a"])]:
        a2 = after(name, s, cyc * 2)
        assert a2[3][0] is False
        probe(name, s, cyc * 3, "the start position's 4th occurrence: optional end, value 0 (draw); "
              "after 2 cycles (3rd occurrence) not yet",
              lambda a: a[3] == (True, 0) and a[1] > 0 and a[2] == (False, 0))
    # perpetual check: Black's rook checks every move
    for name, s in [("judkins", "5k/6/6/4R1/6/K5 b - 1"), ("standard", "8k/9/9/7R1/9/9/9/9/K8 b - 1")]:
        cyc = ["2d1d", "1a2a", "1d2d", "2a1a"]
        probe(name, s, cyc * 3, "perpetual check by Black, 4th occurrence with Black to move: "
              "optional end -32000 = the checker (side to move) loses",
              lambda a: a[3] == (True, -32000))
    return L


# ---------------------------------------------------------------------------
# checkshogi check-giving moves
# ---------------------------------------------------------------------------
def check_kind(sfen, m):
    F = R = 9
    b, s, h = parse_sfen(sfen, F, R)
    nb, ns, _ = apply_usi(b, s, h, m)
    ch = checkers(nb, ns == "b", F, R)
    if not ch:
        return None
    to = usi_fr(m[2:4])
    kinds = []
    if m[1] == "*":
        kinds.append(f"drop check ({m[0]})")
    elif to in ch:
        p = b[usi_fr(m[:2])]
        if m.endswith("+"):
            plain, pb, _ = apply_usi(b, s, h, m[:-1])
            if to in checkers(plain, ns == "b", F, R):
                kinds.append(f"promotion check (+{p.upper()}; the unpromoted move checks too)")
            else:
                kinds.append(f"promotion check (+{p.upper()}; only the promoted piece checks)")
        else:
            kinds.append(f"direct check ({p.upper()})")
    if any(c != to for c in ch):
        kinds.append("discovered check" if to not in ch else "double check (discovered)")
    return ", ".join(kinds)


def checkshogi_ends(positions):
    """Lines: SFEN | move | gives check | game over after | result for the mover | kind."""
    rng = random.Random(17)
    wanted = {"drop": 14, "promotion": 10, "discovered": 6, "direct": 8, "quiet": 4, "pdm": 1}
    got = {k: 0 for k in wanted}
    lines = []
    cands = []
    for sfen in positions:
        raw, filt, uchi = sf_moves("checkshogi", sfen)
        for m in raw:
            k = check_kind(sfen, m)
            cat = ("pdm" if m in uchi else "quiet" if k is None else "discovered" if "discovered" in k
                   else "promotion" if "promotion" in k else "drop" if "drop" in k else "direct")
            cands.append((cat, sfen, m, k))
    rng.shuffle(cands)
    # a discovered check by construction too (rook 5i behind the silver 5g, king 5a)
    cands.insert(0, ("discovered", "4k4/9/9/9/9/9/4S4/9/4RK3 b - 1", "5g4f", check_kind(
        "4k4/9/9/9/9/9/4S4/9/4RK3 b - 1", "5g4f")))
    cands.insert(0, ("pdm", "7rk/7b1/8G/9/9/9/9/9/1K7 b P 1", "P*1b", "drop check (P), pawn-drop mate"))
    # drop checks by every piece kind, both colours (kings only on the board)
    for s in ("4k4/9/9/9/9/9/9/9/4K4 b RBGSNLP 1", "4k4/9/9/9/9/9/9/9/4K4 w rbgsnlp 1"):
        drops = [m for m in sf_moves("checkshogi", s)[1] if check_kind(s, m)]
        firsts = {}
        for m in sorted(drops, key=lambda m: (m[0], m[3], m[2])):
            firsts.setdefault(m[0], m)
        for m in reversed(sorted(firsts.values())):
            cands.insert(0, ("drop", s, m, check_kind(s, m)))
    for s, m in [("4k4/9/2G6/9/B8/9/9/9/4K4 b - 1", "7c7b"),        # bishop behind a gold
                 ("4k4/9/9/9/9/9/9/4S4/4L3K b - 1", "5h4g"),       # lance behind a silver
                 ("9/9/4k4/9/9/9/4N4/9/4RK3 b - 1", "5g4e")]:      # knight + rook: double
        cands.insert(0, ("discovered", s, m, check_kind(s, m)))
    cands.insert(0, ("promotion", "4k4/2S6/9/9/9/9/9/9/4K4 b - 1", "7b6a+",
                     check_kind("4k4/2S6/9/9/9/9/9/9/4K4 b - 1", "7b6a+")))
    cands.insert(0, ("quiet", "4k4/2S6/9/9/9/9/9/9/4K4 b - 1", "7b6a", None))
    seen = set()
    for cat, sfen, m, k in cands:
        if got[cat] >= wanted[cat] or (sfen, m) in seen:
            continue
        seen.add((sfen, m))
        chk, n, imm, opt = after("checkshogi", sfen, [m])
        ours = k is not None
        assert chk == ours, ("gives_check disagrees with our attack test", sfen, m, chk)
        if ours:
            assert n == 0 and imm == (True, -32000), (sfen, m, n, imm)
        else:
            assert n > 0 and imm == (False, 0), (sfen, m, n, imm)
        res = "win" if imm[0] and imm[1] < 0 else ("loss" if imm[0] else "none")
        note = k or "no check"
        if cat == "pdm":
            note += " (pyffish: a win; our rules: illegal, not in defined_moves.txt)"
        lines.append(f"{sfen} | {m} | {'yes' if chk else 'no'} | {'yes' if imm[0] else 'no'} | {res} | {note}")
        got[cat] += 1
    assert all(got[k] >= 1 for k in wanted) and sum(got.values()) >= 36, got
    return lines, got


# ---------------------------------------------------------------------------
def header_common(script="make_defined_oracle.py"):
    return [
        f"# Generated {DATE} by {script} (same directory); not needed by the tests.",
        f"# Library: pyffish {md.version('pyffish')} ({sf.info()}), used as a black box;"
        f" Python {sys.version.split()[0]}.",
    ]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    t0 = time.time()
    self_tests()
    probes = rule_probes()
    print(f"self-tests and probes {time.time() - t0:.0f}s", flush=True)

    # ---- positions ----
    perft_items = []
    for name in VARIANTS:
        V, F, R, _, start = VARIANTS[name]
        perft_items.append((name, canon(start, F, R), START_DEPTH[name], "start position"))
    uchi_seen = {n: [] for n in VARIANTS}
    perft_pos = {}
    for vi, name in enumerate(SMALL):
        ps = random_positions(name, N_PERFT_RANDOM, 100 * (vi + 1),
                              [6, 9, 12, 15, 18, 21, 24, 27, 30, 35, 40], collect_uchi=uchi_seen[name])
        perft_pos[name] = ps
        for s, d in ps:
            perft_items.append((name, s, 3, d))
    print(f"perft positions {time.time() - t0:.0f}s", flush=True)

    move_pos = {}
    for vi, name in enumerate(list(SMALL) + ["checkshogi"]):
        _, F, R, _, _ = VARIANTS[name]
        lengths = [8, 12, 16, 20, 25, 30, 36, 44, 52, 60] if name != "checkshogi" else \
            [20, 31, 40, 51, 60, 71, 80, 91]
        hand = [(canon(s, F, R), "hand-crafted: " + d) for s, d in RULE_POSITIONS.get(name, [])]
        hand = [(s, d) for s, d in hand if sf_moves(name, s)[1]]  # stalemates are in probes only
        n_rand = N_MOVES[name] - len(hand)
        collected = []
        rnd = random_positions(name, n_rand, 1000 * (vi + 1), lengths, need_hand=False,
                               collect_uchi=collected)
        # positions met inside playouts where a pawn-drop mate was available
        keys = {key3(s) for s, _ in hand + rnd}
        extra = []
        def harvest(found):
            for s, seed, ply in found:
                if key3(s) not in keys and len(extra) < 6:
                    keys.add(key3(s))
                    extra.append((s, f"met in playout seed {seed} at ply {ply}: a pawn-drop mate "
                                     "was available"))
        harvest(collected + uchi_seen.get(name, []))
        # more playouts only to meet positions with a pawn-drop mate available
        seed = 50000 + 1000 * vi
        while name in SMALL and len(extra) < 4 and seed < 50000 + 1000 * vi + 150:
            found = []
            playout(name, seed, 45, found)
            harvest(found)
            seed += 1
        move_pos[name] = hand + extra + rnd[:max(0, n_rand - len(extra))]
    print(f"move positions {time.time() - t0:.0f}s", flush=True)

    # ---- perft (parallel) ----
    perft_items.sort(key=lambda it: -({"standard": 5, "checkshogi": 4, "judkins": 3, "gorogoro": 2,
                                       "minishogi": 1}.get(it[0], 0)
                                      if it[3] == "start position" else 0))
    with mp.Pool(args.jobs) as pool:
        res = pool.map(work_perft, perft_items, chunksize=1)
    print(f"perft done {time.time() - t0:.0f}s", flush=True)

    order = {n: i for i, n in enumerate(VARIANTS)}
    res.sort(key=lambda r: (order[r["name"]], r["desc"] != "start position"))
    known = {"standard": [30, 900, 25470, 719731], "minishogi": [14, 181, 2512, 35401]}
    for r in res:
        if r["desc"] == "start position" and r["name"] in known:
            assert r["filt"] == known[r["name"]], r
    olines = []
    n_changed = 0
    for r in res:
        note = r["desc"]
        if r["raw"] != r["filt"]:
            n_changed += 1
            note += ("; pawn-drop mates removed inside the search changed the counts "
                     f"(pyffish raw {' '.join(map(str, r['raw']))})")
        if r["name"] == "checkshogi":
            note += "; pyffish ends the game after every check (a checking move is a leaf)"
        olines.append(f"{r['name']} | {r['sfen']} | {' '.join(map(str, r['filt']))} | {note}")
    ohdr = header_common() + [
        "# Perft of the file-defined variants from pyffish: variant | SFEN | d1 d2 d3 [d4] | note",
        "# pyffish variants: judkins, gorogoro, minishogi, shogi (for 'standard'), checkshogi.",
        "# Counts are leaf counts with pawn-drop mates removed inside the search (pyffish",
        "#   generates them; see the script's docstring); the note gives pyffish's raw counts",
        "#   where that changed a number.  checkshogi: pyffish gives no legal move after a",
        "#   checking move, so checks are leaves (a check at ply k adds 1 at depth k, nothing",
        "#   deeper).",
        "# Random positions: seeded playouts from the start that prefer (60%) drops, captures",
        "#   and checks, kept only with pieces in hand and a legal move; move number = plies+1.",
        f"# {len(olines)} lines; {n_changed} of them have counts changed by the pawn-drop-mate rule.",
    ]
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "defined_oracle.txt"), "w") as f:
        f.write("\n".join(ohdr + olines) + "\n")

    # ---- moves ----
    mlines = []
    n_uchi = {}
    for name, ps in move_pos.items():
        n_uchi[name] = 0
        for s, d in ps:
            raw, filt, uchi = sf_moves(name, s)
            note = d
            if uchi:
                n_uchi[name] += 1
                note += f"; removed pawn-drop mate {' '.join(uchi)} (pyffish generates it)"
            if name == "checkshogi":
                assert not in_check(name, s) and not after(name, s, [])[0]
                nchk = sum(1 for m in filt if check_kind(s, m))
                note += f"; {nchk} of the moves give check (each wins at once in pyffish)"
            if in_check(name, s):
                note += "; side to move in check"
            mlines.append(f"{name} | {s} | {' '.join(filt)} | {note}")
    for name in SMALL:
        assert any("pawn-drop mate was available" in d for _, d in move_pos[name]), \
            ("no pawn-drop mate met in playouts", name)
    mhdr = header_common() + [
        "# Legal moves under our rules: variant | SFEN | sorted legal USI moves | note",
        "# From pyffish legal_moves, converted to USI, pawn-drop mates removed (the note names",
        "#   them), sorted by plain byte order.  Hand-crafted rule positions first, then",
        "#   positions met in playouts where a pawn-drop mate was available, then the end",
        "#   positions of seeded random playouts (60% drops/captures/checks; for checkshogi",
        "#   only non-checking moves are played, and every position has no check on the board).",
        "# " + ", ".join(f"{n}: {len(ps)} positions ({n_uchi[n]} with a removed pawn-drop mate)"
                         for n, ps in move_pos.items()),
    ]
    with open(os.path.join(args.out, "defined_moves.txt"), "w") as f:
        f.write("\n".join(mhdr + mlines) + "\n")

    # ---- checkshogi ends ----
    clines, got = checkshogi_ends([s for s, _ in move_pos["checkshogi"]])
    chdr = header_common() + [
        "# checkshogi in pyffish: SFEN | USI move | gives check (pyffish) | game over after (pyffish)"
        " | result for the mover | kind",
        "# 'gives check' = sf.gives_check after the move (also checked against this script's own",
        "#   attack test); 'game over' = sf.is_immediate_game_end after the move; result from its",
        "#   value (-32000 for the side to move = a win for the mover).  Every checking move ends",
        "#   the game at once with a win for the checker (legal_moves after it is empty); a",
        "#   non-checking move does not.  Kind is this script's classification.",
        "# " + ", ".join(f"{k}: {v}" for k, v in got.items()),
    ]
    with open(os.path.join(args.out, "checkshogi_ends.txt"), "w") as f:
        f.write("\n".join(chdr + clines) + "\n")

    phdr = header_common() + [
        "# What pyffish does in rule corner cases: variant | SFEN | USI moves played | pyffish"
        " after them | finding",
        "# Values are for the side to move after the moves (-32000 = it has lost).",
    ]
    with open(os.path.join(args.out, "pyffish_rules.txt"), "w") as f:
        f.write("\n".join(phdr + probes) + "\n")

    for r in res:
        print(f"{r['secs']:7.1f}s {r['name']} {r['filt']} raw {r['raw']} {r['desc']}")
    print(f"total {time.time() - t0:.0f}s; uchi {n_uchi}; ends {got}")


if __name__ == "__main__":
    main()
