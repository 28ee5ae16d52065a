"""Shared helpers for the shogi_variants test suite.

The tests are written against the public contract in
``python/shogi_variants/__init__.pyi`` and the rules in RULES.md; the SFENs
come from the Rust tests in ``shogi-variants/tests``.
"""

from __future__ import annotations

import contextlib
import os
import random
import tempfile
import xml.etree.ElementTree as ET

import pytest
from hypothesis import settings as hypothesis_settings
from hypothesis.configuration import set_hypothesis_home_dir

import shogi_variants as sv

# No example database and hypothesis' caches in the temp dir: the suite
# writes nothing into the working tree.
set_hypothesis_home_dir(os.path.join(tempfile.gettempdir(), "shogi_variants_hypothesis"))
hypothesis_settings.register_profile("shogi", database=None, print_blob=True)
hypothesis_settings.load_profile("shogi")

STANDARD_START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
MINISHOGI_START = "rbsgk/4p/5/P4/KGSBR b - 1"

# Rook and king shuffles from the start (Black 2h-3h, White 8b-7b).
SHUFFLE = ["2h3h", "8b7b", "3h2h", "7b8b"]
# Black's rook on 3b checks the king on 1a with every move.
BLACK_CHECKS = "8k/6R2/9/9/9/9/9/9/K8 b - 1"
BLACK_CHECKS_MOVES = ["3b3a", "1a1b", "3a3b", "1b1a"]
MINI_SHUFFLE_BLACK_FIRST = ["1e1d", "5a5b", "1d1e", "5b5a"]

# Entering-king positions (Black: king on 5b, 28 / 27 points).
BLACK_28 = "RRBBGGGG1/4K4/PPPP5/9/9/9/9/9/4k4 b - 1"
BLACK_27 = "RRBBGGGG1/4K4/PPP6/9/9/9/9/9/4k4 b - 1"

# Black mates with G*1b (a pawn on 1c guards it).
MATE_IN_ONE = "8k/9/8P/9/9/9/9/9/K8 b G 1"

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(ROOT)


def cargo_binary(name: str, env: str) -> str:
    """The path of one of the examples' binaries: ``$env`` if set (CI builds
    them first), else built here with ``cargo build --release -p
    shogi-examples --bin name`` (quick when it is up to date) and taken from
    the cargo target directory."""
    import shutil
    import subprocess

    import pytest

    path = os.environ.get(env)
    if path:
        if not os.path.isfile(path):
            pytest.fail(f"{env}={path!r} is not a file")
        return path
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))
    built = os.path.join(target, "release", name)
    cargo = shutil.which("cargo")
    if cargo is None:
        if os.path.isfile(built):
            return built
        pytest.fail(f"no {name} binary: set {env}, or install cargo to build {built}")
    r = subprocess.run(
        [cargo, "build", "--release", "--quiet", "-p", "shogi-examples", "--bin", name],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=3600,
    )
    if r.returncode != 0 or not os.path.isfile(built):
        pytest.fail(f"cargo could not build {name}:\n{r.stderr[-4000:]}")
    return built


def played(board, plies, seed):
    """``board`` after up to ``plies`` random legal moves (seeded)."""
    import random

    rng = random.Random(seed)
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def sq(name: str) -> int:
    """Square index of a USI name, computed here (not by the library)."""
    return (int(name[0]) - 1) * 9 + (ord(name[1]) - ord("a"))


def sqs(*names: str) -> list[int]:
    return sorted(sq(n) for n in names)


def usis(moves) -> list[str]:
    return sorted(m.usi() for m in moves)


def snapshot(board: sv.Board):
    """Everything an error must leave untouched on a Board."""
    return (
        board.sfen(),
        [m.usi() for m in board.move_stack],
        board.outcome(),
        board.turn,
        board.move_number,
        board.is_game_over(),
    )


def card_snapshot(game: sv.CardGame):
    return (
        game.sfen(),
        game.phase,
        game.current_card,
        game.turn,
        game.deck(),
        game.cards_left(),
        [(list(cards), None if m is None else m.usi()) for cards, m in game.turns()],
        game.outcome(),
    )


def tsuitate_snapshot(game: sv.TsuitateGame):
    return (
        game.sfen(),
        game.turn,
        game.fouls(sv.BLACK),
        game.fouls(sv.WHITE),
        game.outcome(),
        game.seen(sv.BLACK).information_state_string(),
        game.seen(sv.WHITE).information_state_string(),
    )


@contextlib.contextmanager
def raises_unchanged(exc_type, obj, snap=snapshot, match=None):
    """``pytest.raises(exc_type)`` that also checks ``obj`` is unchanged and
    that the exception is a ShogiError (hence a ValueError), never a panic."""
    before = snap(obj)
    with pytest.raises(exc_type, match=match) as info:
        yield info
    assert isinstance(info.value, sv.ShogiError), repr(info.value)
    assert isinstance(info.value, ValueError), repr(info.value)
    assert snap(obj) == before, f"state changed after {info.value!r}"


def play(board: sv.Board, moves) -> sv.Board:
    for usi in moves:
        board.push_usi(usi)
    return board


def play_until_last(board: sv.Board, moves):
    """Plays every move, asserting the game is on until the last; returns the outcome."""
    *init, last = moves
    for i, usi in enumerate(init):
        board.push_usi(usi)
        assert board.outcome() is None, f"ended early at ply {i + 1} ({usi})"
    board.push_usi(last)
    return board.outcome()


def random_playout(board: sv.Board, rng: random.Random, max_plies: int):
    """Random legal moves until the game ends or ``max_plies``; yields the board before each move."""
    for _ in range(max_plies):
        if board.is_game_over():
            return
        moves = list(board.legal_moves)
        if not moves:
            return
        yield board
        board.push(rng.choice(moves))


def assert_svg(text: str) -> ET.Element:
    """A well-formed SVG document."""
    assert isinstance(text, str)
    assert "<svg" in text
    root = ET.fromstring(text)
    assert root.tag.endswith("svg"), root.tag
    return root
