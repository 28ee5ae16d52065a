#!/usr/bin/env python3
"""The dobutsu perfect game (78 plies, second player wins) in FSF and USI moves.

Input: dobutsu_pv_tanaka_coords.txt (same folder): the principal variation
from the start, in Tanaka (2009)'s coordinates (files A-C from the first
player's left, rows 1-4 from the SECOND player's side; piece letter,
from, '-' or 'x', to, '+'; drops 'X*sq'). Taken from the public repository
brianhliou/dobutsu-shogi (data/perfect-game.txt, commit bbdeac4c), which
generated it from its own tablebase and checked it against Tanaka's 78 plies.

Checks with pyffish that every move is legal, that no game end comes before
ply 78, and that ply 78 (second player's lion takes the first player's lion)
ends the game as a loss for the side to move. Writes ../dobutsu_perfect_line.txt.
Usage: /work/fsf-venv/bin/python make_dobutsu_line.py
"""
import os
import re

import pyffish as sf

import fsf_common as c

V = "dobutsu"
FILES, RANKS = 3, 4


def tanaka_to_fsf(move):
    square = lambda s: s[0] + str(5 - int(s[1]))  # row 1 = FSF rank 4
    if "*" in move:
        piece, to = move.split("*")
        return f"{piece}@{square(to)}"
    m = re.fullmatch(r"[A-Z]([a-c][1-4])[-x]([a-c][1-4])(\+?)", move)
    return square(m.group(1)) + square(m.group(2)) + m.group(3)


def main():
    with open(os.path.join(c.HERE, "dobutsu_pv_tanaka_coords.txt"), encoding="utf-8") as f:
        pv = f.read().split()
    start = sf.start_fen(V)
    played = []
    for ply, move in enumerate(pv, 1):
        fsf_move = tanaka_to_fsf(move)
        legal = sf.legal_moves(V, start, played)
        assert fsf_move in legal, (ply, move, fsf_move, legal)
        played.append(fsf_move)
        end, value = sf.is_immediate_game_end(V, start, played)
        assert end == (ply == len(pv)), (ply, end)
    assert len(played) == 78 and value == -sf.VALUE_MATE
    out = os.path.join(c.HERE, "..", "dobutsu_perfect_line.txt")
    with open(out, "w", encoding="utf-8") as f:
        f.write(
            "# Dobutsu shogi: the second player wins with perfect play in 78 plies\n"
            "# (Tanaka, Tetsuro, 'An Analysis of a Board Game \"Doubutsu Shogi\"'\n"
            "# [dobutsu shogi no kanzen kaiseki], IPSJ SIG Technical Report, SIG-GI, 2009:\n"
            "# retrograde analysis of all 246,803,167 reachable positions; start = loss\n"
            "# for the first player in 78 plies). The line below is one principal\n"
            "# variation (winner fastest, loser longest), from the public tablebase of\n"
            "# brianhliou/dobutsu-shogi (data/perfect-game.txt); regenerated and checked\n"
            "# by fsf-tools/make_dobutsu_line.py with " + c.source() + ":\n"
            "# every move legal, no game end before ply 78, ply 78 captures the lion.\n"
            "# Start (FSF): " + start + "   (SFEN: " + c.fsf_fen_to_sfen(start) + ")\n"
            "# FSF letters: L lion (K-mover, not royal: may step into attack), G giraffe (W),\n"
            "# E elephant (F), C chick (fW), +C hen (gold). USI: file 3..1 from the first\n"
            "# player's left, rank a..d from the second player's side.\n"
            "# columns: ply | Tanaka notation | FSF move | USI move\n"
        )
        for ply, (t, m) in enumerate(zip(pv, played), 1):
            f.write(f"{ply}\t{t}\t{m}\t{c.fsf_move_to_usi(m, FILES, RANKS)}\n")
        f.write(
            "#\n# Endgames on the line with a known result (side to move loses in exactly N\n"
            "# plies against best play, as the line is distance-optimal for both sides):\n"
            "# after_ply | N | FSF FEN | SFEN\n"
        )
        for n in (2, 4, 6, 8, 10, 12):
            after = 78 - n
            fen = sf.get_fen(V, start, played[:after])
            f.write(f"#E\t{after}\t{n}\t{fen}\t{c.fsf_fen_to_sfen(fen)}\n")
    print("wrote", out)


if __name__ == "__main__":
    main()
