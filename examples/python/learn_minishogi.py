"""A learning loop on minishogi: data from Ray workers, a small
policy-value network (PyTorch, CPU), and the network back at the board.

    pip install -r examples/python/requirements-learn.txt   # torch, matplotlib, ray
    python examples/python/learn_minishogi.py                # ~3 minutes on 2 cores
    python examples/python/learn_minishogi.py --long         # 20 iterations, more games
    python examples/python/learn_minishogi.py --quick        # a smoke test (seconds)

Each iteration:

1. **Data.** ``shogi_variants.distributed.generate`` plays games on Ray
   workers between the current network (a ``"policy"`` seat: the network,
   shipped to each worker, sampling from its policy) and the search player
   (``"search:nodes=N"``), the network taking each colour in turn. Every
   decision is a row: observation, legal mask, action, mover, outcome.
2. **Training.** The network learns the search player's moves (its policy
   head, cross-entropy over the legal actions) and every position's final
   result for the player to move (its value head), from the rows of the last
   few iterations: expert iteration in its lightest form.
3. **Evaluation.** The network plays the search player through the player
   interface (``play_match`` with an object whose ``choose(board)`` returns a
   move), colours alternating; its score (a win 1, a draw ½) is printed and
   plotted to ``learn-minishogi.png``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("RAY_AUTH_MODE", "disabled")

import numpy as np  # noqa: E402

import shogi_variants as sv  # noqa: E402
from shogi_variants import distributed as dist  # noqa: E402

try:
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
except ImportError as e:  # pragma: no cover - depends on the environment
    raise SystemExit(f"this example needs PyTorch ({e}): pip install -r examples/python/requirements-learn.txt")

PLANES, RANKS, FILES = sv.Board(variant="minishogi").observation_tensor().shape
ACTIONS = sv.Board(variant="minishogi").num_actions


def _turned_actions() -> np.ndarray:
    """The action of each action with the board turned half round: the
    observation is seen from the player to move (turned for White) while
    actions name squares as they are, so the network reads and writes its
    actions turned for White too. With ``n`` squares numbered from 0, a move
    is ``(from * n + to) * 2 + promote`` and a drop ``2n² + kind * n + to``;
    turning maps square ``s`` to ``n - 1 - s``."""
    n = RANKS * FILES
    a = np.arange(ACTIONS)
    moves = a < 2 * n * n
    frm, to, promote = a // 2 // n, a // 2 % n, a % 2
    drop_kind, drop_to = (a - 2 * n * n) // n, (a - 2 * n * n) % n
    return np.where(moves, ((n - 1 - frm) * n + (n - 1 - to)) * 2 + promote, 2 * n * n + drop_kind * n + (n - 1 - drop_to))


TURN = _turned_actions()
SIDE_PLANE = 45  # "the observing player is White" (shogi_research::observation)
assert (TURN[TURN] == np.arange(ACTIONS)).all() and sorted(TURN) == list(range(ACTIONS))


def from_mover(actions: np.ndarray, players: np.ndarray) -> np.ndarray:
    """Actions (or mask columns' order) as the mover sees them: turned for White."""
    return np.where(players == 1, TURN[actions], actions)


class PolicyValueNet(nn.Module):
    """Three 3×3 convolutions, then a policy head (one logit per action)
    and a value head (the expected result for the player to move, −1..1)."""

    def __init__(self, width: int = 64) -> None:
        super().__init__()
        self.trunk = nn.Sequential(
            nn.Conv2d(PLANES, width, 3, padding=1), nn.ReLU(),
            nn.Conv2d(width, width, 3, padding=1), nn.ReLU(),
            nn.Conv2d(width, width, 3, padding=1), nn.ReLU(),
        )
        self.policy_conv = nn.Conv2d(width, 32, 1)
        self.policy = nn.Linear(32 * RANKS * FILES, ACTIONS)
        self.value_conv = nn.Conv2d(width, 8, 1)
        self.value = nn.Sequential(nn.Linear(8 * RANKS * FILES, 64), nn.ReLU(), nn.Linear(64, 1), nn.Tanh())

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.trunk(x)
        logits = self.policy(F.relu(self.policy_conv(h)).flatten(1))
        value = self.value(F.relu(self.value_conv(h)).flatten(1)).squeeze(1)
        return logits, value


def masked_logits(logits: torch.Tensor, masks: torch.Tensor) -> torch.Tensor:
    return logits.masked_fill(~masks, float("-inf"))


class NetPolicy:
    """The network as a ``"policy"`` seat: ``(observations, masks) -> actions``,
    sampling at ``temperature``. Picklable (weights as tensors): Ray ships it
    to every worker, which rebuilds the network once."""

    def __init__(self, state: dict, temperature: float = 1.0, seed: int = 0) -> None:
        self.state, self.temperature, self.seed = state, temperature, seed
        self.net = None

    def __getstate__(self) -> dict:
        return {"state": self.state, "temperature": self.temperature, "seed": self.seed}

    def __setstate__(self, d: dict) -> None:
        self.__init__(d["state"], d["temperature"], d["seed"])

    def __call__(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        # Who moves is in the observation (the side-to-move plane); the
        # network works in the mover's frame, the games in the board's.
        white = observations[:, SIDE_PLANE, 0, 0] > 0.5
        masks = np.where(white[:, None], masks[:, TURN], masks)
        if self.net is None:
            torch.set_num_threads(1)  # one core per Ray worker
            self.net = PolicyValueNet()
            self.net.load_state_dict(self.state)
            self.net.eval()
            self.rng = torch.Generator().manual_seed(self.seed)
        with torch.no_grad():
            logits, _ = self.net(torch.from_numpy(observations))
            logits = masked_logits(logits, torch.from_numpy(masks)) / self.temperature
            chosen = torch.multinomial(torch.softmax(logits, 1), 1, generator=self.rng).squeeze(1).numpy()
        return from_mover(chosen, white.astype(np.int64))


class NetPlayer:
    """The network through the player interface: ``choose(board)`` returns a
    move (``play_match`` asks it). It looks one move ahead: each legal move
    is scored by the value the network gives the position it leads to (from
    the mover's side) plus its policy's log-probability, and the best is
    played, with a little seeded noise so that evaluation games differ."""

    name = "network"

    def __init__(self, net: PolicyValueNet, noise: float = 0.2, seed: int = 0) -> None:
        self.net, self.noise = net, noise
        self.rng = np.random.default_rng(seed)

    def choose(self, board: sv.Board):
        actions = np.asarray(board.legal_actions())
        if not len(actions):
            return None
        turned = from_mover(actions, np.full(len(actions), int(board.turn)))
        children = []
        for a in actions:
            board.push(board.move_of(int(a)))
            children.append(board.observation_tensor())
            board.pop()
        with torch.no_grad():
            logits, _ = self.net(torch.from_numpy(board.observation_tensor()[None]))
            log_prior = torch.log_softmax(logits[0, turned], 0).numpy()
            _, values = self.net(torch.from_numpy(np.stack(children)))
        scores = -values.numpy() + 0.3 * log_prior + self.rng.normal(0, self.noise, len(actions))
        # A move that ends the game is worth its result, which the rules tell.
        for i, a in enumerate(actions):
            board.push(board.move_of(int(a)))
            outcome = board.outcome()
            board.pop()
            if outcome is not None and outcome.winner is not None:
                scores[i] = 10.0 if int(outcome.winner) == int(board.turn) else -10.0
        return board.move_of(int(actions[int(np.argmax(scores))]))

    def new_game(self) -> None:
        pass


def generate_data(net, iteration, args, workdir):
    """Games on the Ray workers: half between two search players (seeded
    apart, so every game differs), half between the network and the search
    player, the network on each side for a quarter. The rows the network
    learns from, with ``teacher`` marking the search player's decisions."""
    policy = NetPolicy({k: v.detach().clone() for k, v in net.state_dict().items()}, temperature=1.0, seed=iteration)
    parts = []
    runs = [(args.teacher, args.teacher, args.games // 2), ("policy", args.teacher, args.games // 4),
            (args.teacher, "policy", args.games // 4)]
    for side, (black, white, games) in enumerate(runs):
        out = os.path.join(workdir, f"iter{iteration}-{side}")
        dist.generate(out, game="minishogi", games=games, black=black, white=white,
                      seed=1000 * iteration + side, max_plies=args.max_plies, shard_games=args.shard_games,
                      workers=args.workers, policy=policy if "policy" in (black, white) else None, progress=False)
        data = dist.load(out)
        white = data["players"] == 1
        data["masks"] = np.where(white[:, None], data["masks"][:, TURN], data["masks"])
        data["actions"] = from_mover(data["actions"], data["players"])
        data["teacher"] = np.where(data["players"] == 0, black != "policy", white != "policy")
        parts.append(data)
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def train(net, opt, buffer, epochs, batch=256):
    obs = torch.from_numpy(np.concatenate([b["observations"] for b in buffer]))
    masks = torch.from_numpy(np.concatenate([b["masks"] for b in buffer]))
    actions = torch.from_numpy(np.concatenate([b["actions"] for b in buffer]).astype(np.int64))
    outcomes = torch.from_numpy(np.concatenate([b["outcomes"] for b in buffer]))
    teacher = torch.from_numpy(np.concatenate([b["teacher"] for b in buffer]))
    net.train()
    losses = []
    for _ in range(epochs):
        order = torch.randperm(len(actions))
        for s in range(0, len(order), batch):
            i = order[s:s + batch]
            logits, value = net(obs[i])
            log_probs = torch.log_softmax(masked_logits(logits, masks[i]), 1)
            chosen = log_probs.gather(1, actions[i][:, None]).squeeze(1)
            t = teacher[i]
            policy_loss = -(chosen[t]).mean() if t.any() else torch.zeros(())
            value_loss = F.mse_loss(value, outcomes[i])
            loss = policy_loss + value_loss
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append((policy_loss.item(), value_loss.item()))
    net.eval()
    return np.mean(losses, axis=0)


def evaluate(net, args, iteration):
    """The network's score against the search player and against the random
    player (a win 1, a draw ½), colours alternating, through ``play_match``."""
    torch.set_num_threads(2)
    scores = {}
    for name, opponent in [(f"search:nodes={args.eval_nodes}", sv.SearchPlayer(nodes=args.eval_nodes, seed=iteration)),
                           ("random", sv.RandomPlayer(iteration))]:
        result = sv.play_match("minishogi", NetPlayer(net, seed=iteration), opponent,
                               games=args.eval_games, max_plies=args.max_plies, seed=iteration)
        scores[name] = (result.score, f"{result.wins}-{result.draws}-{result.losses}")
    return scores


def describe(scores):
    return "; ".join(f"score {s:.2f} against {name} ({wdl})" for name, (s, wdl) in scores.items())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iterations", type=int, default=5)
    ap.add_argument("--games", type=int, default=1024, help="games per iteration")
    ap.add_argument("--eval-games", type=int, default=20)
    ap.add_argument("--teacher-nodes", type=int, default=300, help="the search player whose games and moves the network learns from")
    ap.add_argument("--eval-nodes", type=int, default=100, help="the search player the network is scored against")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--window", type=int, default=4, help="iterations of data kept for training")
    ap.add_argument("--max-plies", type=int, default=160)
    ap.add_argument("--shard-games", type=int, default=16)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--long", action="store_true", help="20 iterations of 2,048 games, 100 evaluation games")
    ap.add_argument("--quick", action="store_true", help="one tiny iteration: checks the loop runs")
    ap.add_argument("--png", default="learn-minishogi.png")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    if args.long:
        args.iterations, args.games, args.eval_games = 20, 2048, 100
    if args.quick:
        args.iterations, args.games, args.eval_games, args.epochs = 1, 32, 2, 1
    args.teacher = f"search:nodes={args.teacher_nodes}"
    torch.manual_seed(args.seed)
    import ray

    ray.init(include_dashboard=False, log_to_driver=False)
    net = PolicyValueNet()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3, weight_decay=1e-4)
    workdir = tempfile.mkdtemp(prefix="learn-minishogi-")
    scores: list = []
    buffer: list = []
    started = time.perf_counter()
    try:
        scores.append(evaluate(net, args, 0))
        print(f"iteration 0 (untrained): {describe(scores[-1])}", flush=True)
        for it in range(1, args.iterations + 1):
            t = time.perf_counter()
            data = generate_data(net, it, args, workdir)
            t_data = time.perf_counter() - t
            buffer = (buffer + [data])[-args.window:]
            t = time.perf_counter()
            policy_loss, value_loss = train(net, opt, buffer, args.epochs)
            t_train = time.perf_counter() - t
            scores.append(evaluate(net, args, it))
            print(f"iteration {it}: {len(data['actions']):,} positions from {args.games} games ({t_data:.1f} s), "
                  f"trained on {sum(len(b['actions']) for b in buffer):,} ({t_train:.1f} s; policy loss "
                  f"{policy_loss:.2f}, value loss {value_loss:.2f}); {describe(scores[-1])}", flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
        ray.shutdown()
    plot(scores, args)
    first, last = scores[0], scores[-1]
    print(f"done in {time.perf_counter() - started:.0f} s; "
          + "; ".join(f"against {k}: {first[k][0]:.2f} -> {last[k][0]:.2f}" for k in first)
          + f"; plot: {args.png}")


def plot(scores, args):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=100)
    for name in scores[0]:
        ax.plot(range(len(scores)), [s[name][0] for s in scores], marker="o", label=f"against {name}")
    ax.set_xlabel("iteration")
    ax.set_ylabel(f"score ({args.eval_games} games)")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title(f"minishogi: policy-value network, {args.games} games per iteration")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.png)


if __name__ == "__main__":
    main()
