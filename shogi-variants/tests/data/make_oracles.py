#!/usr/bin/env python3
"""Generate independent oracle fixtures for the shogi-variants Rust tests.

This script is NOT used by the test suite: its outputs are committed as plain
text files next to it, and the Rust tests only read those files.

Outputs (written into the directory of this script, or --out DIR):
  minishogi_oracle.txt   SFEN | d1 d2 d3 [d4] | description | agreement
  minishogi_moves.txt    SFEN | sorted legal USI moves
  standard_cshogi.txt    SFEN | d1 d2 d3 | cshogi

Re-running (needs network access to PyPI only):
  python3 -m venv /tmp/oracle-venv
  /tmp/oracle-venv/bin/pip install minishogilib==0.6.17 pyffish==0.0.90 cshogi==1.1.0
  /tmp/oracle-venv/bin/python make_oracles.py            # ~10-20 min on 2 cores
  /tmp/oracle-venv/bin/python make_oracles.py --out /tmp/x   # write elsewhere

Everything is seeded and the header date is a constant (DATE below), so a re-run
with the same library and Python versions reproduces the files byte for byte.
The script runs its own self-tests first (start-position perft of all three
libraries, converter round trips, pawn-drop-mate behaviour) and asserts that every
hand-crafted position is legal.

Oracles
-------
* minishogilib (nyashiki, Rust/PyO3): `Position.set_sfen` takes a standard
  USI SFEN (internally it calls the side to move "White" when the SFEN says
  `b`, but the SFEN text is standard), moves come out in USI (`2b2a+`, `P*3c`).
  `generate_moves()` INCLUDES pawn-drop mate (documented in its docstring).
* pyffish (Fairy-Stockfish binding), variant "minishogi": its FEN is
  `<board>[<hand>] <w|b> - - 0 1`: the board part equals the SFEN board, the
  hand goes in brackets with every piece repeated (no counts: `[PPg]`, a digit
  is rejected as "Invalid pocket piece"), and the side letter is swapped: FSF
  `w` (first player, uppercase pieces) is our Black `b`.  Moves are in FSF
  coordinates: file letters a..e from Black's left (a = USI file 5), rank
  numbers 1..5 from Black's side (1 = USI rank e); drops `P@c3`; promotion a
  trailing `+`.  `legal_moves()` also INCLUDES pawn-drop mate: FSF treats
  uchifuzume as a game-ending move (game_result() after it scores a win for the
  mated side), not as an illegal move.
* cshogi (standard 9x9): SFEN and USI are standard; `legal_moves` already
  EXCLUDES pawn-drop mate and generates optional non-promotions.

Since both minishogi oracles generate pawn-drop mates, every minishogi count is
computed twice per library: raw, and with pawn-drop mates removed (a pawn drop
on the square in front of the enemy king after which the opponent has no legal
move; a pawn in front of the king always gives check, and a pawn check can
never be answered by a drop, so "no legal reply" from the library is exactly
checkmate).  The removal is done inside the search, so the subtree below such a
drop is removed as well.  Only the filtered values are written as expected
values; a depth is written only when both libraries' filtered counts agree.
"""
import argparse
import importlib.metadata as md
import multiprocessing as mp
import os
import random
import sys
import time

import cshogi
import minishogilib as msl
import pyffish as sf

DATE = "2026-11-29"
D4_LIMIT = 20000          # compute depth 4 when the filtered d3 is at most this
MINI = "minishogi"
START5 = "rbsgk/4p/5/P4/KGSBR b - 1"
START9 = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

# ---------------------------------------------------------------------------
# SFEN helpers (ours = standard USI SFEN)
# ---------------------------------------------------------------------------
HAND_ORDER = "RBGSNLP"


def parse_sfen(sfen, n=5):
    """-> (board dict 'file rank' -> piece str like 'K', '+p'), side, hand dict."""
    board_s, side, hand_s = sfen.split()[:3]
    board = {}
    for ri, row in enumerate(board_s.split("/")):
        f = n
        i = 0
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
            board[f"{f}{chr(ord('a') + ri)}"] = p
            f -= 1
            i += 1
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


def make_sfen(board, side, hand, n=5, moveno=1):
    rows = []
    for ri in range(n):
        r = chr(ord("a") + ri)
        s, empty = "", 0
        for f in range(n, 0, -1):
            p = board.get(f"{f}{r}")
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


def canon(sfen, n=5):
    parts = sfen.split()
    mv = int(parts[3]) if len(parts) > 3 else 1
    b, s, h = parse_sfen(sfen, n)
    return make_sfen(b, s, h, n, mv)


def rotate(sfen, n=5):
    """Rotate the board 180 degrees and swap colours (same position seen by the
    other player)."""
    b, s, h = parse_sfen(sfen, n)
    nb = {}
    for sq, p in b.items():
        f, r = int(sq[0]), sq[1]
        nsq = f"{n + 1 - f}{chr(ord('a') + n - 1 - (ord(r) - ord('a')))}"
        nb[nsq] = p.swapcase()
    nh = {k.swapcase(): v for k, v in h.items()}
    return make_sfen(nb, "w" if s == "b" else "b", nh, n)


# ---------------------------------------------------------------------------
# Fairy-Stockfish converters (n = board size, 5 for minishogi, 9 for shogi)
# ---------------------------------------------------------------------------
def usi_sq_to_fs(s, n=5):
    f, r = int(s[0]), s[1]
    return chr(ord("a") + n - f) + str(n - (ord(r) - ord("a")))


def fs_sq_to_usi(s, n=5):
    return str(n - (ord(s[0]) - ord("a"))) + chr(ord("a") + n - int(s[1:]))


def fs_move_to_usi(m, n=5):
    if "@" in m:
        p, sq = m.split("@")
        return p.upper() + "*" + fs_sq_to_usi(sq, n)
    promo = m.endswith("+")
    core = m.rstrip("+")
    # squares are letter + 1 digit for n <= 9
    return fs_sq_to_usi(core[:2], n) + fs_sq_to_usi(core[2:4], n) + ("+" if promo else "")


def usi_move_to_fs(m, n=5):
    if m[1] == "*":
        return m[0].upper() + "@" + usi_sq_to_fs(m[2:4], n)
    return usi_sq_to_fs(m[:2], n) + usi_sq_to_fs(m[2:4], n) + ("+" if m.endswith("+") else "")


def sfen_to_fs(sfen, n=5):
    board_s, side, hand_s = sfen.split()[:3]
    _, _, hand = parse_sfen(sfen, n)
    pocket = "".join(c * k for c, k in sorted(hand.items(), key=lambda kv: (kv[0].islower(), kv[0])))
    return f"{board_s}[{pocket}] {'w' if side == 'b' else 'b'} - - 0 1"


# ---------------------------------------------------------------------------
# minishogilib perft (raw and pawn-drop-mate filtered in one traversal)
# ---------------------------------------------------------------------------
def msl_position(sfen):
    p = msl.Position()
    p.set_sfen(sfen)
    return p


def msl_is_uchifuzume(p, m):
    s = m.sfen()
    if not s.startswith("P*"):
        return False
    p.do_move(m)
    mate = p.is_in_check() and len(p.generate_moves()) == 0
    p.undo_move()
    return mate


def msl_perft(sfen, depth):
    raw = [0] * (depth + 1)
    filt = [0] * (depth + 1)
    p = msl_position(sfen)

    def rec(k, ok):
        for m in p.generate_moves():
            uchi = msl_is_uchifuzume(p, m)
            raw[k + 1] += 1
            if ok and not uchi:
                filt[k + 1] += 1
            if k + 1 < depth:
                p.do_move(m)
                rec(k + 1, ok and not uchi)
                p.undo_move()

    rec(0, True)
    return raw[1:], filt[1:]


def msl_moves(sfen):
    p = msl_position(sfen)
    raw = sorted(m.sfen() for m in p.generate_moves())
    filt = sorted(m.sfen() for m in p.generate_moves() if not msl_is_uchifuzume(p, m))
    return raw, filt


# ---------------------------------------------------------------------------
# pyffish perft.  Each pyffish call costs ~3.5 ms whatever it does, so the
# search keeps the root FEN plus a move list, and tracks the kings itself so
# that only the one pawn drop in front of the enemy king needs a mate test.
# ---------------------------------------------------------------------------
def fs_kings(fen):
    board = fen.split("[")[0].split()[0]
    kings = {}
    rows = board.split("/")
    n = len(rows)
    for ri, row in enumerate(rows):
        rank = n - ri
        fi = 0
        i = 0
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
                kings[c == "K"] = chr(ord("a") + fi) + str(rank)
            fi += 1
            i += 1
    return kings, n  # kings[True] = FSF white (= our Black) king


def fs_front(ksq, mover_is_fs_white):
    """Square from which a pawn of the mover attacks the enemy king at ksq."""
    r = int(ksq[1:]) + (-1 if mover_is_fs_white else 1)
    return f"{ksq[0]}{r}"


def sf_perft(variant, sfen, depth, n=5):
    fen = sfen_to_fs(sfen, n)
    kings, _ = fs_kings(fen)
    white0 = fen.split()[1] == "w"
    raw = [0] * (depth + 1)
    filt = [0] * (depth + 1)

    def rec(hist, k, kings, ok, moves):
        white = white0 if k % 2 == 0 else not white0
        ksq = kings[not white]
        front = fs_front(ksq, white)
        for m in moves:
            pawn_front = m == "P@" + front
            child = None
            if k + 1 < depth or pawn_front:
                child = sf.legal_moves(variant, fen, hist + [m])
            uchi = pawn_front and not child
            raw[k + 1] += 1
            if ok and not uchi:
                filt[k + 1] += 1
            if k + 1 < depth:
                nk = dict(kings)
                if "@" not in m and m[:2] == kings[white]:
                    nk[white] = m.rstrip("+")[2:]
                rec(hist + [m], k + 1, nk, ok and not uchi, child)

    rec([], 0, kings, True, sf.legal_moves(variant, fen, []))
    return raw[1:], filt[1:]


def sf_moves(variant, sfen, n=5):
    fen = sfen_to_fs(sfen, n)
    kings, _ = fs_kings(fen)
    white = fen.split()[1] == "w"
    front = fs_front(kings[not white], white)
    raw, filt = [], []
    for m in sf.legal_moves(variant, fen, []):
        u = fs_move_to_usi(m, n)
        raw.append(u)
        if m == "P@" + front and not sf.legal_moves(variant, fen, [m]):
            continue
        filt.append(u)
    return sorted(raw), sorted(filt)


# ---------------------------------------------------------------------------
# Position legality (our rules)
# ---------------------------------------------------------------------------
MAXCOUNT5 = {"K": 2, "G": 2, "S": 2, "B": 2, "R": 2, "P": 2}


def check_legal5(sfen):
    b, side, hand = parse_sfen(sfen, 5)
    cnt = {}
    for p in list(b.values()):
        base = p.lstrip("+").upper()
        cnt[base] = cnt.get(base, 0) + 1
    for c, k in hand.items():
        assert c.upper() != "K"
        cnt[c.upper()] = cnt.get(c.upper(), 0) + k
    for k, v in cnt.items():
        assert v <= MAXCOUNT5.get(k, 0), (sfen, k, v)
    assert list(b.values()).count("K") == 1 and list(b.values()).count("k") == 1, sfen
    for sq, p in b.items():
        if p == "P":
            assert sq[1] != "a", sfen
        if p == "p":
            assert sq[1] != "e", sfen
    for col in ("P", "p"):
        files = [sq[0] for sq, p in b.items() if p == col]
        assert len(files) == len(set(files)), ("nifu on board", sfen)
    # side not to move must not be in check: minishogilib and an independent
    # attack test below must both say so
    flipped = sfen.split()
    flipped[1] = "w" if side == "b" else "b"
    flipped = " ".join(flipped)
    assert not msl_position(flipped).is_in_check(), ("opponent in check", sfen)
    assert not attacked5(b, "k" if side == "b" else "K"), ("opponent in check", sfen)
    assert sf.validate_fen(sfen_to_fs(sfen), MINI) == 1, sfen
    return True


STEP = {  # (dfile, drank) for Black; drank -1 = towards rank a
    "K": [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)],
    "G": [(0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0), (0, 1)],
    "S": [(0, -1), (-1, -1), (1, -1), (-1, 1), (1, 1)],
    "P": [(0, -1)],
    "+B": [(0, -1), (0, 1), (-1, 0), (1, 0)],
    "+R": [(-1, -1), (1, -1), (-1, 1), (1, 1)],
}
STEP["+P"] = STEP["+S"] = STEP["G"]
SLIDE = {"B": [(-1, -1), (1, -1), (-1, 1), (1, 1)], "R": [(0, -1), (0, 1), (-1, 0), (1, 0)]}
SLIDE["+B"], SLIDE["+R"] = SLIDE["B"], SLIDE["R"]


def attacked5(board, king):
    """Is the king piece `king` ('K' or 'k') attacked on this 5x5 board?"""
    ksq = [sq for sq, p in board.items() if p == king][0]
    kf, kr = int(ksq[0]), ord(ksq[1]) - ord("a")
    for sq, p in board.items():
        if p.isupper() == king.isupper():
            continue
        base = p.upper()
        sgn = 1 if p.isupper() else -1
        f, r = int(sq[0]), ord(sq[1]) - ord("a")
        for dx, dy in STEP.get(base, []):
            if (f + dx, r + dy * sgn) == (kf, kr):
                return True
        for dx, dy in SLIDE.get(base, []):
            x, y = f + dx, r + dy
            while 1 <= x <= 5 and 0 <= y <= 4:
                if (x, y) == (kf, kr):
                    return True
                if f"{x}{chr(ord('a') + y)}" in board:
                    break
                x, y = x + dx, y + dy
    return False


# ---------------------------------------------------------------------------
# Minishogi positions
# ---------------------------------------------------------------------------
def P(pieces, side, hand="-"):
    b = dict(pieces)
    h = parse_sfen(f"5/5/5/5/5 b {hand} 1")[2]
    return make_sfen(b, side, h)


def handcrafted5():
    H = []
    add = lambda s, d: H.append((canon(s), d))
    add(START5, "start position")
    add("rbsgk/4p/5/P4/KGSBR w - 1", "start position with White to move")
    add(P({"3e": "K", "3c": "S", "4e": "G", "3a": "r", "1a": "k", "2b": "g", "5b": "p"}, "b", "P"),
        "rook pin: Black silver 3c pinned on file 3, may only step along the file")
    add(P({"5e": "K", "4d": "G", "2b": "b", "1a": "k", "2e": "R", "3a": "s"}, "b"),
        "bishop pin: Black gold 4d pinned on the 2b-5e diagonal, only 4d3c along the line")
    add(P({"5e": "K", "5c": "B", "3d": "G", "5a": "+r", "1a": "k"}, "b", "P"),
        "dragon pin: Black bishop 5c pinned on file 5 has no legal move")
    add(P({"4e": "K", "3d": "G", "1d": "P", "1b": "+b", "5a": "k", "1e": "S"}, "b"),
        "horse pin: Black gold 3d pinned on the 1b-4e diagonal, only 3d2c along the line")
    add(P({"5e": "K", "5c": "R", "5a": "r", "1a": "k", "2e": "G"}, "b"),
        "pinned rook 5c may move along the pin and capture its pinner (5c5a, 5c5a+)")
    add(P({"3a": "k", "3d": "R", "5c": "B", "2a": "g", "4a": "s", "1e": "K"}, "w", "p"),
        "double check (rook 3d + bishop 5c): only king moves, drops and other pieces illegal")
    add(P({"3a": "k", "3e": "R", "1e": "K", "4a": "b"}, "w", "gsp"),
        "single rook check on file 3: drop interpositions 3b-3d incl. pawn")
    add(P({"5e": "K", "2b": "b", "4e": "G", "1a": "k", "2e": "R"}, "b", "SP"),
        "single bishop check: interpose by drop on 3c/4d or gold 4e4d, or capture 2e2b")
    add("3rk/3b1/4G/5/1K3 b P 1",
        "pawn-drop mate: P*1b would mate (rook 2a and bishop 2b block, gold 1c guards) -> illegal")
    add(P({"1a": "k", "2a": "r", "4c": "S", "4e": "K"}, "b", "P"),
        "pawn drop check that is not mate: P*1b, king can take the pawn or go to 2b")
    add(P({"1a": "k", "2a": "r", "2b": "g", "4d": "B", "2c": "S", "5e": "K"}, "b", "P"),
        "pawn-drop mate: only capturer of P*1b is gold 2b, pinned by bishop 4d -> illegal")
    add(P({"1a": "k", "2a": "r", "2b": "g", "2c": "S", "5e": "K"}, "b", "BP"),
        "as the pinned-gold case but bishop in hand: gold 2b may take P*1b, so the drop is legal")
    add(P({"1a": "k", "4a": "r", "1c": "G", "4c": "B", "5e": "K"}, "b", "Ps"),
        "pawn-drop mate: escapes 2a/2b attacked by bishop 4c and gold 1c -> P*1b illegal")
    add(P({"1a": "k", "2a": "s", "4a": "r", "1c": "G", "4c": "B", "5e": "K"}, "b", "P"),
        "P*1b checks but silver 2a can capture the pawn: legal drop")
    add(P({"1a": "k", "2a": "r", "2b": "b", "1c": "P", "2c": "G", "4e": "K"}, "b"),
        "mate by pawn MOVE 1c1b is legal (unlike a pawn-drop mate)")
    add(P({"1a": "k", "2a": "r", "2b": "b", "1b": "P", "2c": "G", "4e": "K"}, "w"),
        "White checkmated by a pawn (no legal move): perft 0")
    add(P({"1a": "k", "1c": "P", "4e": "K"}, "b", "G"),
        "mate by a gold drop (G*1b) is legal")
    add(P({"3a": "k", "3b": "G", "3c": "S", "5d": "b", "1e": "K"}, "w", "ps"),
        "adjacent gold check: drops cannot help, bishop 5d3b capture is the only move")
    add(P({"5e": "K", "3d": "P", "1a": "k", "2a": "g"}, "b", "P"),
        "nifu: Black pawn on file 3 and a pawn in hand, no drop on file 3 nor rank a")
    add(P({"1a": "k", "2b": "p", "5e": "K", "4e": "G"}, "w", "p"),
        "nifu for White: pawn on file 2 and in hand, no drop on file 2 nor rank e")
    add("k4/5/5/5/4K b P 1", "Black pawn in hand: no drop on rank a")
    add("k4/5/5/5/4K w p 1", "White pawn in hand: no drop on rank e")
    add(P({"5e": "K", "2b": "P", "2a": "s", "4a": "k"}, "b"),
        "forced promotion: pawn 2b only 2b2a+ (capturing silver), never unpromoted")
    add(P({"1a": "k", "4d": "p", "2e": "K"}, "w"),
        "White forced promotion: pawn 4d only 4d4e+")
    add(P({"5e": "K", "4a": "S", "2b": "S", "5b": "R", "3c": "B", "1d": "k"}, "b", "r"),
        "optional promotion: silvers entering/leaving the zone, rook and bishop entering")
    add("k4/5/5/5/4K b GSBRPgsbrp 1", "kings only, both hands full (one of each), Black to move")
    add("k4/5/5/5/4K w GSBRPgsbrp 1", "kings only, both hands full (one of each), White to move")
    add("k4/5/5/5/4K b 2G2S2B2R2P 1", "Black holds every piece in hand")
    add("k4/5/5/5/4K w 2g2s2b2r2p 1", "White holds every piece in hand, White to move")
    add(P({"5e": "K", "4c": "+R", "3d": "+B", "5b": "+P", "5d": "+S", "1a": "k", "1d": "+r",
           "2a": "+b", "3e": "+p"}, "b", "Ggs"),
        "promoted pieces of both sides (dragons, horses, tokins, promoted silver)")
    add(P({"5e": "K", "4c": "+R", "3d": "+B", "5b": "+P", "5d": "+S", "1a": "k", "1d": "+r",
           "2a": "+b", "3e": "+p"}, "w", "Ggs"),
        "promoted pieces of both sides, White to move")
    add(P({"3c": "K", "3a": "k", "5a": "r", "1e": "G", "5e": "g"}, "b", "Ss"),
        "kings facing at distance 2: 2b/3b/4b forbidden to both kings")
    # mirrored (rotated, colours swapped) versions of some drop cases
    add(rotate("3rk/3b1/4G/5/1K3 b P 1"),
        "rotated pawn-drop mate: White's P*5d would mate -> illegal")
    add(rotate(P({"1a": "k", "2a": "r", "2b": "g", "4d": "B", "2c": "S", "5e": "K"}, "b", "P")),
        "rotated pinned-defender pawn-drop mate: White's P*5d illegal")
    add(rotate(P({"1a": "k", "2a": "r", "4c": "S", "4e": "K"}, "b", "P")),
        "rotated: White's P*5d checks but is not mate (legal)")
    return H


def legal_filtered_moves_msl(p):
    return [m for m in p.generate_moves() if not msl_is_uchifuzume(p, m)]


def playouts5():
    out = []
    lengths = [4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 25, 28, 31, 34, 37, 42, 45, 50, 55, 60]
    for i, L in enumerate(lengths):
        seed = 1000 + i
        capture_bias = i % 3 == 2
        while True:
            rng = random.Random(seed)
            p = msl.Position()
            p.set_start_position()
            ok = True
            for ply in range(L):
                ms = legal_filtered_moves_msl(p)
                if not ms:
                    ok = False
                    break
                if capture_bias:
                    caps = [m for m in ms if "*" not in m.sfen() and _msl_is_capture(p, m)]
                    if caps and rng.random() < 0.7:
                        ms = caps
                m = rng.choice(sorted(ms, key=lambda x: x.sfen()))
                p.do_move(m)
            if ok and legal_filtered_moves_msl(p):
                break
            seed += 100
        sfen = canon(p.sfen(False).rsplit(" ", 1)[0] + f" {L + 1}")
        desc = f"random playout, {L} plies, seed {seed}" + (", capture-biased" if capture_bias else "")
        out.append((sfen, desc))
    return out


def _msl_is_capture(p, m):
    b, _, _ = parse_sfen(p.sfen(False))
    return m.sfen()[2:4] in b


# ---------------------------------------------------------------------------
# Work per minishogi position (runs in a worker process)
# ---------------------------------------------------------------------------
def work5(item):
    sfen, desc = item
    t = time.time()
    mr3, mf3 = msl_perft(sfen, 3)
    depth = 4 if mf3[2] <= D4_LIMIT else 3
    if depth == 4:
        mr, mf = msl_perft(sfen, 4)
    else:
        mr, mf = mr3, mf3
    sr, sfl = sf_perft(MINI, sfen, depth)
    mmr, mmf = msl_moves(sfen)
    smr, smf = sf_moves(MINI, sfen)
    return dict(sfen=sfen, desc=desc, depth=depth, msl_raw=mr, msl_filt=mf, sf_raw=sr,
                sf_filt=sfl, msl_moves_raw=mmr, msl_moves=mmf, sf_moves_raw=smr,
                sf_moves=smf, secs=time.time() - t)


# ---------------------------------------------------------------------------
# Standard shogi with cshogi
# ---------------------------------------------------------------------------
def cshogi_perft(sfen, depth):
    b = cshogi.Board(sfen)

    def rec(d):
        if d == 1:
            return len(b.legal_moves)
        n = 0
        for m in b.legal_moves:
            b.push(m)
            n += rec(d - 1)
            b.pop()
        return n

    return [rec(d) for d in range(1, depth + 1)]


def hand_size(sfen):
    return sum(parse_sfen(sfen, 9)[2].values())


def playouts9():
    out = []
    lengths = [10, 15, 21, 28, 33, 40, 45, 52, 57, 64, 69, 76, 81, 88, 93, 100, 105,
               112, 117, 124, 129, 136, 141, 146, 150]
    for i, L in enumerate(lengths):
        seed = 5000 + i
        capture_bias = i % 2 == 1
        while True:
            rng = random.Random(seed)
            b = cshogi.Board()
            ok = True
            for ply in range(L):
                ms = sorted(cshogi.move_to_usi(m) for m in b.legal_moves)
                if not ms:
                    ok = False
                    break
                if capture_bias:
                    caps = [u for u in ms if "*" not in u and b.piece(_c_sq(u[2:4])) != 0]
                    if caps and rng.random() < 0.9:
                        ms = caps
                b.push_usi(rng.choice(ms))
            if ok and len(b.legal_moves) > 0:
                break
            seed += 100
        sfen = canon(b.sfen(), 9)
        out.append((sfen, L, seed, capture_bias))
    return out


def _c_sq(s):
    # cshogi square index: (file-1)*9 + (rank)
    return (int(s[0]) - 1) * 9 + (ord(s[1]) - ord("a"))


def work9(item):
    sfen, L, seed, cb = item
    t = time.time()
    c = cshogi_perft(sfen, 3)
    # cross-check d1/d2 with pyffish "shogi" (pawn-drop mates removed)
    sr, sfl = sf_perft("shogi", sfen, 2, n=9)
    cm = sorted(cshogi.move_to_usi(m) for m in cshogi.Board(sfen).legal_moves)
    _, sm = sf_moves("shogi", sfen, n=9)
    return dict(sfen=sfen, L=L, seed=seed, cb=cb, cshogi=c, sf_raw=sr, sf_filt=sfl,
                moves_agree=(cm == sm), secs=time.time() - t)


# ---------------------------------------------------------------------------
def self_tests():
    # start positions
    assert msl_perft(START5, 4) == ([14, 181, 2512, 35401], [14, 181, 2512, 35401])
    assert sf_perft(MINI, START5, 3)[1] == [14, 181, 2512]
    assert cshogi_perft(START9, 4) == [30, 900, 25470, 719731]
    # converters round trip
    for f in range(1, 6):
        for r in "abcde":
            assert fs_sq_to_usi(usi_sq_to_fs(f"{f}{r}")) == f"{f}{r}"
    assert usi_sq_to_fs("5e") == "a1" and usi_sq_to_fs("1a") == "e5"
    assert usi_sq_to_fs("7g", 9) == "c3"
    assert sfen_to_fs("k4/5/5/5/4K b 2Pg 1") == "k4/5/5/5/4K[PPg] w - - 0 1"
    assert sfen_to_fs(START5) == "rbsgk/4p/5/P4/KGSBR[] w - - 0 1"
    assert sorted(fs_move_to_usi(m) for m in sf.legal_moves(MINI, sfen_to_fs(START5), [])) \
        == sorted(m.sfen() for m in msl_position(START5).generate_moves())
    # both minishogi libraries generate the pawn-drop mate P*1b here
    s = "3rk/3b1/4G/5/1K3 b P 1"
    assert "P*1b" in msl_moves(s)[0] and "P*1b" not in msl_moves(s)[1]
    assert "P*1b" in sf_moves(MINI, s)[0] and "P*1b" not in sf_moves(MINI, s)[1]
    # cshogi does not generate the 9x9 analogue
    b = cshogi.Board("7rk/7b1/8G/9/9/9/9/9/1K7 b P 1")
    assert "P*1b" not in [cshogi.move_to_usi(m) for m in b.legal_moves]
    assert "P@i8" in sf.legal_moves("shogi", sfen_to_fs("7rk/7b1/8G/9/9/9/9/9/1K7 b P 1", 9), [])


def header_common():
    return [
        f"# Generated {DATE} by make_oracles.py (same directory); not needed by the tests.",
        f"# Libraries: minishogilib {md.version('minishogilib')}, pyffish {md.version('pyffish')}"
        f" ({sf.info()}), cshogi {md.version('cshogi')}; Python {sys.version.split()[0]}.",
    ]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    self_tests()

    positions = handcrafted5() + playouts5()
    seen = set()
    uniq = []
    for s, d in positions:
        check_legal5(s)
        key = " ".join(s.split()[:3])
        assert key not in seen, s
        seen.add(key)
        uniq.append((s, d))

    with mp.Pool(args.jobs) as pool:
        res5 = pool.map(work5, uniq, chunksize=1)
        res9 = pool.map(work9, playouts9(), chunksize=1)

    # ---------------- minishogi files ----------------
    lines, mlines, notes = [], [], []
    n_raw_diff = 0
    for r in res5:
        mf, sfl = r["msl_filt"], r["sf_filt"]
        agree_depth = 0
        for a, b in zip(mf, sfl):
            if a != b:
                break
            agree_depth += 1
        if agree_depth < len(mf):
            notes.append(f"# DISAGREEMENT {r['sfen']}: minishogilib {mf} pyffish {sfl}; "
                         f"kept depths 1..{agree_depth}")
        if r["msl_moves"] != r["sf_moves"]:
            notes.append(f"# MOVE LIST DISAGREEMENT {r['sfen']}: "
                         f"{sorted(set(r['msl_moves']) ^ set(r['sf_moves']))}")
            continue
        if agree_depth < 1:
            continue
        vals = mf[:agree_depth]
        agreement = "minishogilib+pyffish"
        if r["msl_raw"] != mf or r["sf_raw"] != sfl:
            n_raw_diff += 1
            rawd = r["msl_raw"][:agree_depth]
            agreement += (" after removing pawn-drop mates (both libraries generate them; "
                          f"raw counts {' '.join(map(str, rawd))})")
            if r["msl_raw"][:agree_depth] != r["sf_raw"][:agree_depth]:
                agreement += f"; raw pyffish {' '.join(map(str, r['sf_raw'][:agree_depth]))}"
        lines.append(f"{r['sfen']} | {' '.join(map(str, vals))} | {r['desc']} | {agreement}")
        mlines.append(f"{r['sfen']} | {' '.join(r['msl_moves'])}".rstrip())

    hdr = header_common() + [
        "# Minishogi (5x5) perft oracle: SFEN | d1 d2 d3 [d4] | description | agreement",
        "# Our rules (shared/RULES.md s.2): pawn-drop mate (uchifuzume) is illegal.",
        "# How: every position was set in minishogilib (Position.set_sfen; do_move/undo_move",
        "#   perft over generate_moves) and in pyffish variant 'minishogi' (legal_moves from the",
        "#   root FEN plus the move history).  Converters: pyffish FEN is",
        "#   '<board>[<hand, each piece repeated>] <w|b> - - 0 1' with w = our Black (b);",
        "#   pyffish squares are file a..e = USI 5..1, rank 1..5 = USI e..a; drops 'P@c3'.",
        "# Both libraries GENERATE pawn-drop mates (minishogilib documents it; pyffish/",
        "#   Fairy-Stockfish treats it as a move that loses the game, not as illegal).",
        "#   So each count was taken with pawn-drop mates removed inside the search (a pawn drop",
        "#   in front of the enemy king after which the opponent has no legal move), the subtree",
        "#   below it included.  The agreement column shows the raw (unfiltered) counts where",
        "#   they differ.  Only depths where both libraries' filtered counts agree are written.",
        f"# Depth 4 is given where the filtered d3 is <= {D4_LIMIT}.",
        "# Playouts: seeded uniform random legal moves (every 3rd capture-biased) from the",
        "#   start; the SFEN move number is plies+1.  Hand-crafted positions have move number 1.",
        "# All positions were checked: one king each, <=2 of each piece kind, no nifu or dead",
        "#   pawn on the board, side not to move not in check.",
        f"# {len(lines)} positions; {n_raw_diff} of them have counts changed by the pawn-drop-mate rule.",
    ] + (notes or ["# No disagreement between the (filtered) libraries."]) + [
        "# Raw (unfiltered) counts of minishogilib and pyffish were " + (
            "identical for every position and depth." if all(
                r["msl_raw"] == r["sf_raw"] and r["msl_moves_raw"] == r["sf_moves_raw"]
                for r in res5) else "NOT always identical (see agreement column).")]
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "minishogi_oracle.txt"), "w") as f:
        f.write("\n".join(hdr + lines) + "\n")
    with open(os.path.join(args.out, "minishogi_moves.txt"), "w") as f:
        f.write("\n".join(header_common() + [
            "# Minishogi legal moves under our rules (pawn-drop mate removed): SFEN | moves",
            "# Moves in USI, sorted by plain byte order; identical in minishogilib and pyffish",
            "#   after removing pawn-drop mates.  Same positions as minishogi_oracle.txt.",
            "# A position with no legal move has nothing after the '|'.",
        ] + mlines) + "\n")

    # ---------------- standard file ----------------
    slines, snotes = [], []
    for r in res9:
        if r["sf_filt"] != r["cshogi"][:2] or not r["moves_agree"]:
            snotes.append(f"# pyffish d1/d2 cross-check differs for {r['sfen']}: "
                          f"cshogi {r['cshogi'][:2]} pyffish {r['sf_filt']}")
        slines.append(f"{r['sfen']} | {' '.join(map(str, r['cshogi']))} | cshogi")
    shdr = header_common() + [
        "# Standard shogi (9x9) perft: SFEN | d1 d2 d3 | cshogi",
        "# How: cshogi.Board(sfen); perft by legal_moves/push/pop loops (cshogi's legal_moves",
        "#   excludes pawn-drop mate and includes optional non-promotions, as our rules want;",
        "#   it gives 30 900 25470 719731 from the start position).",
        "# Positions: seeded random playouts of 10-150 plies from the start (odd-numbered ones",
        "#   prefer captures, 90%, to fill the hands); the SFEN move number is plies+1.",
        "# Cross-check: d1 move lists and d2 counts were also computed with pyffish variant",
        "#   'shogi' after removing pawn-drop mates (pyffish generates them).",
    ] + (snotes or ["# The pyffish cross-check agreed on every position (d1 move list and d2)."]) + [
        "# Hand sizes (pieces in hand, both sides): " + ", ".join(
            str(hand_size(r["sfen"])) for r in res9),
    ]
    with open(os.path.join(args.out, "standard_cshogi.txt"), "w") as f:
        f.write("\n".join(shdr + slines) + "\n")

    for r in res5:
        print(f"{r['secs']:7.1f}s d{r['depth']} msl {r['msl_raw']}/{r['msl_filt']} "
              f"sf {r['sf_raw']}/{r['sf_filt']}  {r['desc']}")
    for r in res9:
        print(f"{r['secs']:7.1f}s {r['cshogi']} sf{r['sf_filt']} hand {hand_size(r['sfen'])} "
              f"{r['moves_agree']}")


if __name__ == "__main__":
    main()
