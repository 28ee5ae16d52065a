"""Shared helpers for the Fairy-Stockfish (pyffish) reference scripts (issue 34).

Not used by the Rust tests: the scripts here regenerate the committed data
files (../fsf-perft.tsv and friends). pyffish is used as a black box.
"""

import os
import random

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
INI = os.path.join(HERE, "..", "fairy-stockfish", "variants.ini")

# Our variant name -> Fairy-Stockfish variant name (None: FSF lacks it).
FSF_NAME = {
    "dobutsu": "dobutsu",
    "microshogi": "micro",
    "minishogi": "minishogi",
    "kyotoshogi": "kyotoshogi",
    "gorogoro": "gorogoro",
    "gorogoroplus": "gorogoroplus",
    "judkins": "judkins",
    "torishogi": "torishogi",
    "yarishogi": "yarishogi",
    "euroshogi": "euroshogi",
    "shoshogi": "shoshogi",
    "cannonshogi": "cannonshogi",
    "checkshogi": "checkshogi",
    "annanshogi": None,
}

# Squares on the board (files x ranks), from FSF's definitions.
BOARD = {
    "dobutsu": (3, 4), "microshogi": (4, 5), "minishogi": (5, 5),
    "kyotoshogi": (5, 5), "gorogoro": (5, 6), "gorogoroplus": (5, 6),
    "judkins": (6, 6), "torishogi": (7, 7), "yarishogi": (7, 9),
    "euroshogi": (8, 8), "shoshogi": (9, 9), "cannonshogi": (9, 9),
    "checkshogi": (9, 9), "annanshogi": (9, 9),
}


def load():
    """Load the copied variants.ini sections (gorogoroplus, cannonshogi)."""
    with open(INI, encoding="utf-8") as f:
        sf.load_variant_config(f.read())


def source():
    """The 'how computed' column for pyffish rows."""
    major, minor, patch = sf.version()
    return f"pyffish {major}.{minor}.{patch}"


def perft(variant, fen, depth):
    """Leaf count to `depth` plies by recursion over pyffish.legal_moves.

    FSF's legal move list is empty once the game has ended (immediate game
    end: royal capture, try, first check ...), so ended games are leaves.
    """
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def random_position(variant, seed, plies):
    """FSF FEN after `plies` random legal moves from the start (seeded).

    Retries with the next sub-seed when the game ends early, so the position
    always has legal moves.
    """
    start = sf.start_fen(variant)
    for attempt in range(100):
        rng = random.Random(f"{variant}-{seed}-{attempt}")
        fen = start
        played = []
        for _ in range(plies):
            moves = sf.legal_moves(variant, fen, [])
            if not moves:
                break
            move = rng.choice(sorted(moves))
            played.append(move)
            fen = sf.get_fen(variant, fen, [move])
        else:
            if sf.legal_moves(variant, fen, []):
                return fen, played
    raise RuntimeError(f"{variant}: no random game of {plies} plies kept going")
