"""OpenSpiel's MCTS against our random player, in minishogi, end to end.

The game is ``shogi_variants_minishogi`` registered with OpenSpiel by
``shogi_variants.openspiel``; OpenSpiel's own ``MCTSBot`` (random rollouts)
plays one side and ``shogi_variants.RandomPlayer`` the other, colours
alternating. Every move passes through both libraries: the bot chooses an
action in OpenSpiel's state, our player chooses a ``Move`` on a ``Board``
kept in step with it, and the action space converts between them.

    python examples/python/openspiel_mcts.py --games 6 --simulations 60

``--quick`` plays one short game (the test suite runs it).
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from open_spiel.python.algorithms import mcts

import shogi_variants as sv
import shogi_variants.openspiel as sos


def play(game, bot, random_player, bot_color: int):
    """One game: returns (winner or None, reason, plies)."""
    state = game.new_initial_state()
    board = sv.Board(variant="minishogi")
    while not state.is_terminal():
        if state.current_player() == bot_color:
            action = bot.step(state)
        else:
            move = random_player.choose(board)
            action = board.action(move)
        board.push(board.move_of(action))
        state.apply_action(action)
    returns = state.returns()
    outcome = board.outcome()
    # Our board has no move limit: a game OpenSpiel cut at max_plies is open here.
    reason = outcome.reason if outcome else "max_plies"
    winner = None if returns[0] == returns[1] else (0 if returns[0] > 0 else 1)
    return winner, reason, len(board.move_stack)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--simulations", type=int, default=60)
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="one short game")
    args = parser.parse_args()
    if args.quick:
        args.games, args.simulations, args.max_plies = 1, 8, 40

    game = sos.load("minishogi", max_plies=args.max_plies)
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=args.simulations,
                       evaluator=evaluator, random_state=rng, solve=True)
    random_player = sv.RandomPlayer(seed=args.seed)

    wins = draws = losses = 0
    start = time.perf_counter()
    for g in range(args.games):
        bot_color = g % 2
        winner, reason, plies = play(game, bot, random_player, bot_color)
        side = "Black" if bot_color == sv.BLACK else "White"
        if winner is None:
            draws += 1
            result = "draw"
        elif winner == bot_color:
            wins += 1
            result = "MCTS wins"
        else:
            losses += 1
            result = "random wins"
        print(f"game {g + 1}: MCTS as {side}: {result} ({reason}, {plies} plies)")
    seconds = time.perf_counter() - start
    score = (wins + 0.5 * draws) / max(args.games, 1)
    print(f"MCTS ({args.simulations} simulations) vs random: "
          f"+{wins} ={draws} -{losses}, score {score:.2f}, {seconds:.1f} s")


if __name__ == "__main__":
    main()
