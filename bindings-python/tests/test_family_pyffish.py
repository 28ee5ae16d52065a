"""The shogi family against Fairy-Stockfish (pyffish) along random games
(issue 34): for every shipped variant pyffish knows, seeded random games of
up to 150 plies, and at every ply the same set of legal moves and the same
answer to "is the game over, and who won".

Fairy-Stockfish's names, board sizes and notation are those of the
reference scripts (shogi-variants/tests/data/fsf-tools/fsf_common.py), its
conventions and the differences we know of are in
shogi-variants/tests/data/fsf-findings.md: each difference excluded below
cites its entry there, and nothing else is excluded.
"""

from __future__ import annotations

import importlib.util
import pathlib
import random

import pytest

import shogi_variants as sv

sf = pytest.importorskip("pyffish")

DATA = pathlib.Path(__file__).resolve().parents[2] / "shogi-variants" / "tests" / "data"
_spec = importlib.util.spec_from_file_location("fsf_common", DATA / "fsf-tools" / "fsf_common.py")
fsf_common = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fsf_common)
# gorogoroplus and cannonshogi are variants.ini sections, not built in.
fsf_common.load()

GAMES = 16
MAX_PLIES = 150

# Every shipped variant Fairy-Stockfish plays (annanshogi: it has none,
# fsf-findings.md "annanshogi: NOT in FSF").
VARIANTS = [n for n in sv.FamilyGame.builtin_names() if fsf_common.FSF_NAME.get(n)]

# Per variant, the letter of the piece the pawn-drop-mate rule is about (a
# shogi pawn; tori shogi's swallow), where the variant forbids that mate.
PAWN_DROP_MATE_ILLEGAL = {"torishogi": "S", "euroshogi": "P", "gorogoroplus": "P"}


def _fsf_fen(sfen: str, hand_brackets: bool) -> str:
    """Our SFEN as Fairy-Stockfish's FEN, fsf_common.fsf_fen_to_sfen read
    backwards (fsf-findings.md, "FSF conventions"): the same board, the hand
    with each piece repeated, the side letter swapped, full moves from plies.
    Fairy-Stockfish asked about a FEN reads one position, where asked about
    the start and the moves played it replays them all (twice the time)."""
    board, side, hand, ply = sfen.split()
    pieces, count = [], ""
    for c in "" if hand == "-" else hand:
        if c.isdigit():
            count += c
        else:
            pieces.append(c * int(count or 1))
            count = ""
    head = f"{board}[{''.join(pieces)}]" if hand_brackets else board
    return f"{head} {'w' if side == 'b' else 'b'} - - 0 {(int(ply) + 1) // 2}"


def _position(fen: str):
    """A FEN's position: board, hand (in any order), side, full moves."""
    fields = fen.split()
    board, _, hand = fields[0].partition("[")
    return board, sorted(hand.rstrip("]").replace("-", "")), fields[1], fields[-1]


def _fsf_moves(variant, fen, files, ranks):
    """Fairy-Stockfish's legal moves at ``fen``: ``{our USI: its text}``."""
    return {fsf_common.fsf_move_to_usi(m, files, ranks): m for m in sf.legal_moves(variant, fen, [])}


def _is_forbidden_pawn_drop_mate(name, variant, fen, usi, fsf_move):
    """fsf-findings.md, "Disagreements" 3 (and "FSF conventions": pawn-drop
    mate where FSF forbids it is still generated and scored as a loss for
    the dropper; pyffish_rules.txt shows it): Fairy-Stockfish lists a pawn
    drop that mates, which our rules remove from the move list. True for
    exactly such a move: a drop of the variant's pawn, after which the side
    to move is in check with no legal move."""
    pawn = PAWN_DROP_MATE_ILLEGAL.get(name)
    if pawn is None or not usi.startswith(pawn + "*"):
        return False
    return sf.gives_check(variant, fen, [fsf_move]) and not sf.legal_moves(variant, fen, [fsf_move])


def _fsf_winner(value, to_move):
    """The winner of a Fairy-Stockfish game value, which is the side to move's."""
    if value == 0:
        return None
    return to_move if value > 0 else to_move.opponent


@pytest.mark.parametrize("name", VARIANTS)
def test_random_games_agree_with_fairy_stockfish(name):
    variant = fsf_common.FSF_NAME[name]
    files, ranks = fsf_common.BOARD[name]
    start = sf.start_fen(variant)
    brackets = "[" in start.split()[0]
    plies_checked = 0
    for seed in range(GAMES):
        rng = random.Random(f"{name}-{seed}")
        game, played, seen, asked = sv.new_game(name), [], {}, []
        while True:
            ours = {m.usi() for m in game.legal_moves}
            fen = _fsf_fen(game.sfen(), brackets)
            asked.append(fen)
            theirs = _fsf_moves(variant, fen, files, ranks)
            only_theirs = {
                usi for usi in set(theirs) - ours
                if not _is_forbidden_pawn_drop_mate(name, variant, fen, usi, theirs[usi])
            }
            where = f"{name} seed {seed} ply {len(played)}: {game.sfen()} after {game.history()[-4:]}"
            assert ours - set(theirs) == set(), f"{where}: only ours {sorted(ours - set(theirs))}"
            assert only_theirs == set(), f"{where}: only Fairy-Stockfish's {sorted(only_theirs)}"
            plies_checked += 1

            # Is the game over? Fairy-Stockfish's immediate ends leave no
            # legal move (fsf-findings.md, "FSF conventions"); its optional
            # ends are n-fold repetitions (nFoldRule there), asked only where
            # the position has occurred before, which a repetition needs.
            position = game.sfen().rsplit(" ", 1)[0]
            seen[position] = seen.get(position, 0) + 1
            repeated, value = (sf.is_optional_game_end(variant, start, played)
                               if seen[position] > 1 else (False, 0))
            fsf_over = repeated or not theirs
            assert game.is_game_over() == fsf_over, f"{where}: over {game.is_game_over()}, {game.outcome()}"
            if fsf_over:
                if not repeated:
                    value = sf.game_result(variant, start, played)  # with the history
                winner = _fsf_winner(value, game.turn)
                assert game.outcome().winner == winner, f"{where}: {game.outcome()}, FSF value {value}"
                break
            if len(played) == MAX_PLIES:
                break
            usi = rng.choice(sorted(ours))
            played.append(theirs[usi])
            game.push(usi)
        # Fairy-Stockfish's own replay of the game reaches the FEN we asked
        # about before its last move (after a royal capture Fairy-Stockfish
        # holds the captured royal in hand, a game over in both).
        if len(played) > 1:
            assert _position(sf.get_fen(variant, start, played[:-1])) == _position(asked[-2])
    assert plies_checked > GAMES
