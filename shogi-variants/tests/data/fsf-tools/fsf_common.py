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


def fsf_square_to_usi(square, files, ranks):
    """FSF square ('a1' = first player's left corner) -> USI ('<file><rank>')."""
    file_index = ord(square[0]) - ord("a")
    rank = int(square[1:])
    return f"{files - file_index}{chr(ord('a') + ranks - rank)}"


def fsf_move_to_usi(move, files, ranks):
    """FSF move text -> USI: 'b1a2' -> '2d3c', 'G@b2' -> 'G*2c', promotion '+' kept.

    FSF's kyoto demotion suffix '-' and '+X@' drops are kept as they are
    (our USI for flipped drops is the definition's to decide).
    """
    import re

    m = re.fullmatch(r"(\+?[A-Za-z])@([a-z]\d+)", move)
    if m:
        return f"{m.group(1)}*{fsf_square_to_usi(m.group(2), files, ranks)}"
    m = re.fullmatch(r"([a-z]\d+)([a-z]\d+)([+-]?)", move)
    if not m:
        raise ValueError(f"not an FSF move: {move!r}")
    return (
        fsf_square_to_usi(m.group(1), files, ranks)
        + fsf_square_to_usi(m.group(2), files, ranks)
        + m.group(3)
    )


def fsf_fen_to_sfen(fen):
    """FSF FEN -> SFEN in our convention (see ../fsf-findings or README.md).

    Board: unchanged (same letters, '+' for promoted, digits for empties).
    Hand: FSF '[GEc]' lists every piece once per copy; SFEN gives counts
    ('2P'), uppercase (first player) before lowercase, '-' when empty.
    Side: FSF 'w' is the first player (uppercase, moves up the board) = SFEN
    'b'; FSF 'b' = SFEN 'w'.  Move number: FSF counts full moves N, SFEN
    counts plies: 2N-1 with the first player to move, 2N otherwise.
    FSF's other fields (castling/en passant '-', half-move clock, and
    checkshogi's check counter '1+1') have no SFEN counterpart and are dropped.
    """
    head, _, rest = fen.partition(" ")
    board, hand = head, ""
    if "[" in head:
        board, hand = head.split("[", 1)
        hand = hand.rstrip("]")
    if hand == "-":
        hand = ""
    fields = rest.split()
    side = fields[0]
    fullmove = int(fields[-1]) if fields[-1].isdigit() else 1
    counts = {}
    order = []
    i = 0
    while i < len(hand):
        piece = hand[i]
        if piece == "+":
            piece = hand[i : i + 2]
            i += 1
        i += 1
        if piece not in counts:
            order.append(piece)
            counts[piece] = 0
        counts[piece] += 1
    order = sorted(order, key=lambda p: (p.lstrip("+").islower(), order.index(p)))
    sfen_hand = "".join((str(counts[p]) if counts[p] > 1 else "") + p for p in order) or "-"
    sfen_side = "b" if side == "w" else "w"
    ply = 2 * fullmove - (1 if side == "w" else 0)
    return f"{board} {sfen_side} {sfen_hand} {ply}"
