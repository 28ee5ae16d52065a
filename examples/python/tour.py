# %% [markdown]
# # A tour of `shogi_variants` from Python
#
# Run it as a script (`python examples/python/tour.py`) or open it as a
# notebook (VS Code / Jupytext read the `# %%` cells). In a notebook, a board,
# a player's view or a game as the last expression of a cell draws itself
# (`_repr_svg_`); as a script, the SVGs are written to files and their paths
# printed.
#
# Build the extension first: `cd bindings-python && maturin develop --release`.

# %%
import os
import pickle
import random
import tempfile
import time

import shogi_variants as sv
from shogi_variants import BLACK, WHITE, Board, CardGame, TsuitateGame

OUT = os.environ.get("SHOGI_TOUR_OUT") or os.path.join(tempfile.gettempdir(), "shogi_variants_tour")
os.makedirs(OUT, exist_ok=True)
T0 = time.perf_counter()


def show(obj, name):
    """Write ``obj``'s SVG to a file and print its path (a notebook would draw it)."""
    path = os.path.join(OUT, f"{name}.svg")
    with open(path, "w", encoding="utf-8") as f:
        f.write(obj._repr_svg_())
    print(f"  [svg] {path}")


print(f"shogi_variants {sv.__version__}: variants {sv.VARIANTS}, games {sv.GAMES}")

# %% [markdown]
# ## 1. A short standard game
# Moves are USI strings or `Move` objects; an illegal move raises
# `IllegalMoveError` and leaves the board untouched. The message says why,
# and `e.reason` names the rule ("promotion_not_allowed", "nifu", ...).

# %%
board = Board()  # the standard start position
for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"]:  # a bishop exchange
    board.push_usi(usi)
print("after 7g7f 3c3d 8h2b+ 3a2b:", board.sfen())
print("  Black holds", board.hand(BLACK), "- White holds", board.hand(WHITE))
print("  legal moves:", len(board.legal_moves), "- B*5e legal?", "B*5e" in board.legal_moves)
print("  where can the rook on 2h go?", [sv.square_name(s) for s in board.legal_squares("2h")])

try:
    board.push_usi("7f7e+")  # a pawn cannot promote outside the zone
except sv.IllegalMoveError as e:
    print("  refused:", e, f"(reason {e.reason!r})")
print("  the board is unchanged:", board.peek().usi(), "was the last move")
show(board, "1_standard")
board  # noqa: B018 - in a notebook this cell draws the board

# %% [markdown]
# ### Looking at a position as python-chess users do
# Squares are indices (`sv.parse_square("5i")`), colours `BLACK`/`WHITE`;
# `str(board)` is a labelled text diagram and `board.bod()` the kanji one.

# %%
print(board)  # files on top, ranks on the right, named hands, side to move
print(board.bod(), end="")  # the BOD diagram KIF files carry
names = sv.square_name
print("  Black's golds:", [names(s) for s in board.pieces("G", BLACK)], "- White's king:", names(board.king(WHITE)))
print("  who guards 5h?", [names(s) for s in board.attackers(BLACK, "5h")],
      "- is 5e attacked by White?", board.is_attacked_by(WHITE, "5e"))
print("  B*4b gives check?", board.gives_check("B*4b"), "- 2g2f captures?", board.is_capture("2g2f"))
print(f"  ply {board.ply()} (move number {board.move_number}) - hash", hex(board.zobrist_hash()),
      "- piece on 2b:", board.piece_map()[sv.parse_square("2b")])
double = Board("4k4/9/5N3/9/4R4/9/9/9/4K4 w - 1")
print("  double check from", [names(s) for s in double.checkers()])

# Notation both ways: push Japanese or Western text; "which gold?" is its own error.
notation = Board()
print("  pushed", notation.push_japanese("▲７六歩").usi(), "and", notation.push_western("P-3d").usi(),
      "- next in Japanese:", notation.japanese("8h2b+"), "- in Western:", notation.western("8h2b+"))
try:
    notation.push_western("G-5h")
except sv.AmbiguousMoveError as e:
    print("  ambiguous:", e)
print("  drop?", sv.Move.from_usi("P*5e").is_drop, "- promotion?", sv.Move.from_usi("8h2b+").is_promotion)

# %% [markdown]
# ## 2. The end of a game: checkmate, and an outcome object
# Colours are `sv.Color` members (`BLACK`/`WHITE` are `Color.BLACK`/`Color.WHITE`,
# equal to 0 and 1), and a colour is always true: `if outcome.winner:` is false
# only for a draw, whose winner is `None` (a Black win, 0, is not missed).
# Reasons are `sv.EndReason` members, equal to their text ("checkmate").

# %%
mate = Board()
for usi in ["2g2f", "5a4b", "2f2e", "4b3b", "2e2d", "8b4b", "2d2c+"]:  # a helpmate
    mate.push_usi(usi)
outcome = mate.outcome()
assert outcome.winner is sv.Color.BLACK and outcome.reason is sv.EndReason.CHECKMATE
if outcome.winner:  # true for Black too
    print("helpmate:", "checkmate" if mate.is_checkmate() else "?", "-> winner", outcome.winner.name,
          f"({outcome.reason}), loser {(~outcome.winner).name}, returns {outcome.returns()}")
show(mate, "2_checkmate")

# Fourfold repetition (sennichite) is a draw.
rep = Board()
for usi in ["2h3h", "8b7b", "3h2h", "7b8b"] * 3:
    rep.push_usi(usi)
end = rep.outcome()
print("sennichite:", end.reason, "- a draw?", end.winner is None,
      "- is_repetition(4)?", rep.is_repetition(4), "- reason is EndReason.REPETITION?",
      end.reason is sv.EndReason.REPETITION)

# %% [markdown]
# ## 3. Perft: counting the legal move tree natively (GIL released)

# %%
start = Board()
for depth in range(1, 5):
    t = time.perf_counter()
    n = start.perft(depth)
    print(f"  perft({depth}) = {n:>7}  ({time.perf_counter() - t:.3f} s)")
print("  divide(2), first three moves:", dict(list(start.divide(2).items())[:3]), "...")

# %% [markdown]
# ## 4. Minishogi: 5x5, and the first player loses a plain repetition

# %%
mini = Board(variant="minishogi")
print("minishogi start:", mini.sfen(), "-", len(mini.legal_moves), "legal moves,",
      "perft(3) =", mini.perft(3))
rng = random.Random(7)
while not mini.is_game_over() and len(mini.move_stack) < 12:
    mini.push(rng.choice(list(mini.legal_moves)))
print("  after 12 random moves:", " ".join(m.usi() for m in mini.move_stack))
# Squares are numbered on their own board: 0..24 here, as the action space.
king = mini.square(5, 5)  # 5e: (5 - 1) * 5 + (5 - 1)
print("  5e is square", king, "on 5x5 (", sv.square(5, 5), "on 9x9 ) - file/rank of 22:",
      mini.square_file(22), mini.square_rank(22), "- last move lands on",
      mini.square_name(mini.peek().to_square))
show(mini, "4_minishogi")
shuffle = Board(variant="minishogi")
for usi in ["1e1d", "5a5b", "1d1e", "5b5a"] * 3:
    shuffle.push_usi(usi)
print("  repetition:", shuffle.outcome().reason, "- winner is White:", shuffle.outcome().winner == WHITE)

# Settings are keyword arguments; a board pickles, copies and prints as code.
draw_rule = Board(variant="minishogi", repetition="Draw")
print("  settings:", draw_rule.settings)
print("  repr:", repr(draw_rule))
assert pickle.loads(pickle.dumps(draw_rule)).settings == draw_rule.settings

# %% [markdown]
# ## 5. Card shogi: a seeded deck names the file to play on
# The seed fixes every draw; `chance_outcomes()` lists the cards that can come
# with their probabilities, for search.

# %%
cards = CardGame(seed=42)
chooser = random.Random(1)
for _ in range(6):
    if cards.is_game_over():
        break
    if cards.is_chance_node():
        odds = cards.chance_outcomes()
        card = cards.chance_step()
        print(f"  {'Black' if cards.turn == BLACK else 'White'} draws {card} "
              f"(p = {dict(odds)[card]}, exactly); allowed:", [m.usi() for m in list(cards.legal_moves)])
    if cards.phase == "move":
        move = chooser.choice(list(cards.legal_moves))
        cards.push(move)
        print("    plays", move.usi())
print("  cards left:", cards.cards_left(), "- position:", cards.sfen())
again = CardGame(seed=42)
print("  the same seed draws the same first card:", again.chance_step() == cards.turns()[0][0][0])
print("  repr:", repr(cards))
show(cards, "5_card")

# %% [markdown]
# ## 6. Tsuitate: a referee and two players who see only their own pieces
# An attempt through a hidden piece is a foul: nothing moves, the same player
# tries again, and the opponent hears only that a foul happened.

# %%
game = TsuitateGame()


def attempt(move):
    """The referee judges an attempt; print what each player was told."""
    mover = game.turn
    ruling = game.push(move)  # an attempt: the referee's ruling, one event per player

    def news(event):
        if event is None:
            return "nothing"
        parts = [event.verdict or "?"]
        if event.capture:
            parts.append(f"took {event.capture.piece} on {event.capture.square_name}")
        if event.check:
            parts.append("check")
        return " ".join(parts)

    usi = move if isinstance(move, str) else move.usi()
    print(f"  {'Black' if mover == BLACK else 'White'} tries {usi:6} -> {ruling.verdict:6}"
          f"  Black told {news(ruling.event(BLACK))}, White told {news(ruling.event(WHITE))}")


# Black's bishop runs for 1a through White's (hidden) bishop on 2b: a foul.
# Then it takes that bishop, and White recaptures.
for usi in ["7g7f", "3c3d", "8h1a+", "8h2b+", "3a2b"]:
    attempt(usi)
rng = random.Random(3)
for _ in range(6):  # a few random attempts
    attempt(rng.choice(list(game.legal_moves)))
black_view, white_view = game.seen(BLACK), game.seen(WHITE)
print("  Black sees White's king?", black_view.piece_at("5a"), "- White sees it:", white_view.piece_at("5a"))
print("  Black's information state key:", black_view.information_state_string()[:70], "...")
print("  Black's side of the board:", black_view.sfen())
print("  revealed before the end?", game.reveal())
print("  reprs:", repr(game), repr(black_view))
show(black_view, "6_tsuitate_black_view")
show(white_view, "6_tsuitate_white_view")
show(game, "6_tsuitate_referee")

# %% [markdown]
# ## 7. Pictures: the same `svg(...)` options on every game and view
# A selected piece with its legal squares, arrows, "?" marks, the size, the
# caption language, and Latin pieces for machines without CJK fonts; a
# finished game shows its result, and a finished Tsuitate game opens both boards.

# %%
def show_svg(svg, name):
    path = os.path.join(OUT, f"{name}.svg")
    with open(path, "w", encoding="utf-8") as f:
        f.write(svg)
    print(f"  [svg] {path}")


pictured = Board()
show_svg(pictured.svg(selected="7g", arrows=[("2g", "2f"), "7g7f"], marks=[("3c", "?")], size=360), "7_options")
show_svg(mate.svg(lang="en", pieces="latin"), "7_checkmate_latin")
show_svg(black_view.svg(marks=[("5a", "?")], lang="en"), "7_tsuitate_guess")
show_svg(game.svg(opened=True), "7_tsuitate_opened")

# %% [markdown]
# ## 8. Records keep their side lines, as python-chess keeps games
# A KIF's variations (`変化：N手`) are a tree of nodes: walk it, comment on a
# move, add a checked side line, promote it, and write the tree back.

# %%
kif = "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n\n変化：2手\n   2 ８四歩(83)\n"
record = sv.Record.read(kif)
first = record.root.next()
print("record:", record, "- after", first.move.usi(), "the lines are",
      [node.move.usi() for node in first.variations])
first.variations[1].comment = "the quieter move"
tried = first.add_variation("5c5d")  # an illegal move would raise IllegalMoveError
tried.promote_to_main()
print("  main line now", [m.usi() for m in record.root.mainline_moves()], "- the KIF keeps",
      record.kif().count("変化"), "side lines")
assert sv.Record.read(record.kif()) == record

# %%
print(f"tour done in {time.perf_counter() - T0:.2f} s; SVGs in {OUT}")
