"""A smoke test of an installed shogi_variants, run in fresh virtual
environments of the oldest and the newest CPython that CI has, with only the
wheel and its ``numpy`` extra installed (scripts/test-all.sh, packaging step).

    python scripts/wheel-smoke.py

It imports the module, plays a whole game, counts perft, draws an SVG and
reads an observation and its action mask: one call of each layer, so that a
wheel that does not load, or loads on one Python and not another (the
abi3 build), fails here. Written for Python 3.9 (no newer syntax).
"""

import random
import sys

import numpy as np

import shogi_variants as sv

board = sv.Board(variant="minishogi")
assert board.perft(3) == 2512, "minishogi perft(3)"
assert sv.Board().perft(3) == 25470, "standard perft(3)"

rng = random.Random(7)
while not board.is_game_over() and board.ply() < 300:
    board.push(rng.choice(list(board.legal_moves)))
assert board.is_game_over() or board.ply() == 300

svg = sv.Board().svg()
assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>"), "an SVG document"

start = sv.Board()
planes = start.observation_tensor()
mask = start.action_mask()
assert planes.dtype == np.float32 and planes.shape == start.observation_shape
assert int(mask.sum()) == len(start.legal_moves) == 30

card = sv.CardGame(seed=7)
assert card.is_chance_node() or card.legal_moves

print(
    f"shogi_variants smoke test passed on Python {sys.version.split()[0]}: "
    f"a {board.ply()}-ply minishogi game, perft, SVG, observation {planes.shape}"
)
