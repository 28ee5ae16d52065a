"""PettingZoo AEC environments for every game of ``shogi_variants``.

Usage (needs ``pettingzoo``, ``gymnasium`` and ``numpy``, which the core
package does not depend on)::

    from shogi_variants.pettingzoo import env

    e = env(game="minishogi")             # or "standard", "must-capture",
    e.reset(seed=0)                       #    "card", "tsuitate", "judkins", ...
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            action = e.action_space(agent).sample(obs["action_mask"])
        e.step(action)
    e.close()

``env(**kwargs)`` is ``raw_env(**kwargs)`` wrapped exactly like PettingZoo's
classic board games (chess, connect four, go): ``TerminateIllegalWrapper``
(illegal_reward=-1), ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``.

``raw_env(game="standard", render_mode=None, max_plies=None, sfen=None,
legal_moves_info=False, **settings)``: ``settings`` go to the game's
constructor unchanged (``move_limit``, ``base="minishogi"`` for Card and
Tsuitate shogi, ``foul_limit``, ``jokers``, ...); ``sfen`` sets the start.
``game`` may instead be a factory of any game object of the protocol
(``env_from``), named by ``name=``.

One environment for every game: ``raw_env`` drives the game only through
the protocol that ``Board``, ``CardGame`` and ``TsuitateGame`` share
(``to_move()``, ``chance_outcomes()`` / ``apply_chance``, ``action_mask()``,
``push``, ``outcome()``, ``seen(color)``); whether an agent observes the game
itself or its seat's view is asked of ``seen``. ``env_from(factory,
name=...)`` is the same environment over any object answering the protocol,
for example a rule modifier written in Python (see its docstring).

Conventions, and why
--------------------
Agents
    ``["black", "white"]``: the game's own colour names (Black, sente, moves
    first), so ``possible_agents.index(agent)`` is the library's colour
    (``BLACK == 0``, ``WHITE == 1``). PettingZoo recommends ``player_0``-style
    names; ``api_test`` only warns about that, and colour names avoid an
    off-by-one mapping in user code.
Actions
    ``Discrete(num_actions)``: the library's fixed action encoding
    (``Board.num_actions``: 13,689 on 9x9, 1,425 on 5x5; see
    ``Board.action``/``move_of``). The same encoding for every game on the
    same board, so a policy network can be shared across variants.
Observations
    ``Dict(observation=Box(0, hi, (planes, ranks, files), float32),
    action_mask=Box(0, 1, (num_actions,), int8))``, PettingZoo's classic
    layout (the key ``action_mask`` is what ``TerminateIllegalWrapper`` and
    the API tests use). ``observation`` is the library's own encoder, from the
    observing agent's perspective (board turned for White):
    ``Board.observation_tensor(color)``, ``CardGame.observation_tensor(color)``
    (the card to play with is in it) and, for Tsuitate, ``TsuitateGame.seen(color)
    .observation_tensor()`` only: that agent's pieces, hand and announcements, never
    the referee's position. Every value lies in [0, 1] (the Box's bounds).
    ``action_mask`` is the legal (Card: allowed by the card; Tsuitate:
    candidate) actions of the agent to move, all zeros for the other agent
    and after the end.
Chance (Card shogi)
    Card draws are chance events that the environment resolves itself, with a
    ``numpy`` generator seeded by ``reset(seed=...)``: a card is sampled from
    ``CardGame.chance_outcomes()`` and applied with ``apply_chance``. Agents
    only ever see decision steps, and a seeded reset replays the same deck
    order given the same actions (``seed_test`` holds). ``reset()`` without a
    seed keeps the generator going; the very first reset without a seed
    seeds it from entropy. If the drawn card allows no move the game follows
    the ``no_move`` setting (by default the player to move loses).
Fouls (Tsuitate shogi)
    An action is any candidate move of the agent's own view. If the referee
    rules it a foul the same agent stays selected and acts again (its
    observation now shows the foul); rewards come only at the end. Playing a
    non-candidate action is an illegal action, handled by the wrapper.
Rewards
    0 during play; at the end ``Outcome.returns()``: +1 win, -1 loss, 0 draw.
    Illegal action (wrapped env): the offender gets -1, the other agent 0,
    and both are terminated and truncated (``TerminateIllegalWrapper``'s
    behaviour, as in every classic environment).
Termination / truncation
    Every rule end (checkmate, repetition, impasse, the games' own
    ``move_limit`` draw, foul limit, no move on the card's file...) is a
    termination. ``max_plies`` is the environment's own cap: after that many
    agent decisions (a Tsuitate foul counts as one: it is a decision, and
    counting it bounds the episode) a game still going is truncated with
    rewards 0.
Infos
    ``{}`` by default (cheap). ``legal_moves_info=True`` adds
    ``"legal_moves"``: the USI of the agent to move's legal actions. Card
    shogi adds ``"card"`` (the card in play: 1..files, ``0`` for a joker,
    ``None`` for a free move); Tsuitate adds the agent's own ``"fouls"``
    count and, for the agent that last attempted, ``"verdict"`` (any game
    whose ``push`` returns a ruling gets it). Nothing in
    ``infos`` reveals hidden information.
Render
    ``render_mode="ansi"``: ``render()`` returns the board as text
    (``str(Board)``). For Card shogi the card in play follows; for Tsuitate
    it is the referee's board (the full position), for a spectator:
    observations stay private. ``render_mode="human"``: the same text is
    printed to stdout, by ``render()`` (which then returns ``None``) and, as
    PettingZoo's board games do for their human mode, after every ``reset``
    and ``step``. No ``rgb_array``: the package draws no images (the games'
    ``_repr_svg_`` is there for notebooks).
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Optional

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import EzPickle, seeding

    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as _missing:  # say which extra brings what is missing
    raise ImportError(
        f"shogi_variants.pettingzoo needs PettingZoo, Gymnasium and numpy ({_missing}): "
        "pip install shogi-variants[pettingzoo]",
        name=_missing.name,
    ) from _missing

import shogi_variants as sv

__all__ = ["env", "env_from", "raw_env", "GAMES", "OBS_HIGH"]

GAMES = tuple(sv.GAMES)
"""The library's game kinds (``shogi_variants.GAMES``); ``game=`` also takes
any other name ``shogi_variants.new_game`` does (a shipped definition such
as ``"judkins"``, a registered script)."""

# Upper bound of the observation Box, measured and checked against the
# encoders (shogi-variants/src/research/observation.rs): 0/1 indicators, or
# counts over a maximum that a game cannot exceed (hands and the opponent's
# pieces over the kind's total, cards left over a full deck, fouls and moves
# over the limits that end the game when reached). So [0, 1] bounds them.
OBS_HIGH = 1.0


def env(**kwargs):
    """``raw_env(**kwargs)`` with the classic games' wrappers."""
    e = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


def env_from(factory: Callable[..., Any], name: str = "custom", **kwargs):
    """``env`` over any game object that answers the protocol:
    ``factory(**settings)`` builds a fresh one at each ``reset`` (``sfen=``,
    if given, is passed on too). ``name`` names the environment
    (``metadata["name"]`` is ``f"{name}_v0"``); the other keywords are
    ``raw_env``'s (``render_mode``, ``max_plies``, ``legal_moves_info``,
    settings for the factory).

    The object needs ``to_move()``, ``chance_outcomes()`` /
    ``apply_chance(id)``, ``legal_actions()``, ``num_actions``,
    ``push(move)``, ``outcome()``, ``is_game_over()``, ``seen(color)`` and
    the action encoding ``move_of(action)`` with ``action_mask()`` (0/1 per
    action: an array or list, as the built-in games' numpy arrays, or
    ``bytes``) and ``observation(color)`` / ``observation_shape``: on the game itself when
    ``seen`` returns a copy of the same class (perfect information), else on
    the seat's view (a Tsuitate ``PlayerView``'s shape, ``observation()``
    without a colour). ``render()`` shows ``str(game)``. The built-in
    players (``RandomPlayer``, ``SearchPlayer``, ...) cannot take a seat in
    such a game: they search the Rust rules, which a rule added in Python does
    not reach, so they refuse it with ``ShogiError``.

    >>> import shogi_variants as sv
    >>> e = env_from(lambda: sv.Board(variant="minishogi"), name="mini")
    >>> e.reset(seed=0)
    >>> e.agent_selection, e.unwrapped.metadata["name"]
    ('black', 'mini_v0')
    """
    return env(game=factory, name=name, **kwargs)


def _tensor(obj, *color):
    """The observation tensor of a game (``observation_tensor(color)``) or
    of a seat's view (``observation_tensor()``); a protocol object that
    answers only the older name ``observation`` is read by it."""
    read = getattr(obj, "observation_tensor", None) or obj.observation
    return read(*color)


def _returns(outcome) -> tuple[float, float]:
    r = outcome.returns
    if callable(r):
        r = r()
    return float(r[0]), float(r[1])


# -- a game by name: built, observed and shown through what the game answers --

_AGENTS = ("black", "white")


def _public_infos(game, color) -> dict:
    """What the game adds to an agent's infos: the public facts it answers
    (a card in play: ``current_card``; the agent's own fouls: ``fouls``),
    asked of the game, whatever its name."""
    info = {}
    if hasattr(game, "current_card"):
        info["card"] = game.current_card
    if callable(getattr(game, "fouls", None)):
        info["fouls"] = int(game.fouls(color))
    return info


def _known(name: str) -> bool:
    """Whether the library knows a game of this name (its settings can be asked)."""
    try:
        sv.game_settings(name)
    except sv.SettingError:
        return False
    return True


def _named_build(name: str) -> Callable:
    """``build(sfen, settings)`` of the library's game ``name``. A game with
    chance gets seed 0: its own generator is unused, the draws come from
    the env's ``np_random``."""
    return lambda sfen, settings: sv.new_game(name, sfen, seed=0, **settings)


class raw_env(AECEnv, EzPickle):
    """A game of ``shogi_variants`` (or any game object of the protocol, see
    ``env_from``) as a two-agent AEC environment (see the module docstring)."""

    RENDER_MODES = ("human", "ansi")
    metadata = {
        "render_modes": list(RENDER_MODES),
        "name": "shogi_variants_standard_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str | Callable[..., Any] = "standard",
        render_mode: str | None = None,
        max_plies: int | None = None,
        sfen: str | None = None,
        legal_moves_info: bool = False,
        name: str | None = None,
        **settings,
    ):
        EzPickle.__init__(self, game, render_mode, max_plies, sfen, legal_moves_info, name, **settings)
        super().__init__()
        if callable(game):
            self.game_name = name or getattr(game, "__name__", "custom")
            self._build = (lambda sfen, s: game(**s)) if sfen is None else (lambda sfen, s: game(sfen=sfen, **s))
            self._extra_infos: Optional[Callable] = None
        elif isinstance(game, str) and _known(game):
            # Any game of the library by name: a kind ("card"), a shipped
            # definition or handicap ("judkins", "香落ち"), a registered script.
            if name is not None:
                raise ValueError("name= is for a game factory (env_from); the module's games have their own")
            self.game_name = game
            self._build = _named_build(game)
            self._extra_infos = _public_infos
            name = f"shogi_variants_{game.replace('-', '_')}"
        else:
            raise ValueError(f"unknown game {game!r}; expected one of {GAMES}, a variant's name "
                             "(a definition, a script) or a game factory")
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of {self.RENDER_MODES}, not {render_mode!r}")
        if max_plies is not None and max_plies < 1:
            raise ValueError("max_plies must be a positive integer or None")
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.sfen = sfen
        self.legal_moves_info = legal_moves_info
        self.settings = dict(settings)
        # An instance attribute: the name depends on the game.
        self.metadata = dict(type(self).metadata, name=f"{name or self.game_name}_v0")

        self.possible_agents = list(_AGENTS)
        self.agents = self.possible_agents[:]

        # A game at the start, to size the spaces (and to validate settings now),
        # and to ask what kind of game it is: with perfect information
        # ``seen`` is a copy of the game itself, else a seat's view.
        self.game = self._new_game()
        seat = self.game.seen(sv.BLACK)
        self._perfect = type(seat) is type(self.game)
        self._num_actions = int(self.game.num_actions)
        self._obs_shape = tuple((self.game if self._perfect else seat).observation_shape)
        self._obs_high = np.full(self._obs_shape, OBS_HIGH, dtype=np.float32)

        self.np_random = None
        self.np_random_seed = None
        self.plies = 0
        self.agent_selection = self.possible_agents[0]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._last_verdict = None

    # -- spaces ---------------------------------------------------------------

    @functools.lru_cache(maxsize=None)
    def observation_space(self, agent):
        return spaces.Dict(
            {
                "observation": spaces.Box(low=0.0, high=self._obs_high, shape=self._obs_shape, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self._num_actions,), dtype=np.int8),
            }
        )

    @functools.lru_cache(maxsize=None)
    def action_space(self, agent):
        return spaces.Discrete(self._num_actions)

    # -- game plumbing: the protocol only ------------------------------------------

    def _new_game(self):
        return self._build(self.sfen, self.settings)

    def _color(self, agent) -> int:
        return self.possible_agents.index(agent)

    def _seat(self, color):
        """What ``color`` decodes actions and observes with: the game itself
        with perfect information (``seen`` would be a copy of it), else the
        seat's view."""
        return self.game if self._perfect else self.game.seen(color)

    def _resolve_chance(self):
        """Chance steps (Card shogi's draws), sampled from their exact odds
        with the env's generator, until a decision (or the end)."""
        game = self.game
        while game.to_move() == "chance":
            outcomes = game.chance_outcomes()
            ids = [int(c) for c, _ in outcomes]
            p = np.asarray([float(p) for _, p in outcomes], dtype=np.float64)
            p /= p.sum()
            game.apply_chance(ids[int(self.np_random.choice(len(ids), p=p))])

    def _mask(self, color) -> np.ndarray:
        mask = self._seat(color).action_mask()
        if isinstance(mask, (bytes, bytearray, memoryview)):
            # A game of the protocol written before masks were arrays.
            return np.frombuffer(mask, dtype=np.int8).copy()
        return np.array(mask, dtype=np.int8)

    def _mover(self):
        """The colour to move, or None (the end)."""
        who = self.game.to_move()
        return who if who in (sv.BLACK, sv.WHITE) else None

    def _update_infos(self):
        game = self.game
        mover = None if any(self.truncations.values()) else self._mover()
        for agent in self.agents:
            color = self._color(agent)
            info = self._extra_infos(game, color) if self._extra_infos else {}
            if self._last_verdict is not None and self._last_verdict[0] == color:
                info["verdict"] = self._last_verdict[1]
            if self.legal_moves_info:
                if color == mover:
                    seat = self._seat(color)
                    info["legal_moves"] = [seat.move_of(a).usi() for a in game.legal_actions()]
                else:
                    info["legal_moves"] = []
            self.infos[agent] = info

    # -- AEC API ------------------------------------------------------------------

    def reset(self, seed=None, options=None):
        if seed is not None or self.np_random is None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        self.agents = self.possible_agents[:]
        self.game = self._new_game()
        self.plies = 0
        self._last_verdict = None
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._resolve_chance()
        self.agent_selection = self.possible_agents[self.game.turn]
        # A start position that is already over (an sfen given) ends at once.
        self._check_end()
        self._accumulate_rewards()
        self._update_infos()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent):
        color = self._color(agent)
        obs = _tensor(self.game, color) if self._perfect else _tensor(self.game.seen(color))
        obs = np.asarray(obs, dtype=np.float32)
        if (
            agent == self.agent_selection
            and agent in self.terminations
            and not (self.terminations[agent] or self.truncations[agent])
        ):
            mask = self._mask(color)
        else:
            mask = np.zeros(self._num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def _check_end(self) -> bool:
        """Sets terminations/truncations and final rewards; True if the episode ended."""
        outcome = self.game.outcome()
        if outcome is not None:
            black, white = _returns(outcome)
            self.rewards = {"black": black, "white": white}
            self.terminations = dict.fromkeys(self.agents, True)
            return True
        if self.max_plies is not None and self.plies >= self.max_plies:
            self.truncations = dict.fromkeys(self.agents, True)
            return True
        return False

    def step(self, action):
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            return self._was_dead_step(action)
        agent = self.agent_selection
        color = self._color(agent)
        assert color == self.game.to_move(), "agent_selection is out of step with the game"
        action = int(action)
        self._cumulative_rewards[agent] = 0
        self.rewards = dict.fromkeys(self.agents, 0.0)

        ruling = self.game.push(self._seat(color).move_of(action))
        # A game whose push rules on the attempt (Tsuitate's foul or played).
        verdict = getattr(ruling, "verdict", None)
        self._last_verdict = None if verdict is None else (color, verdict)
        self._resolve_chance()
        self.plies += 1

        if self._check_end():
            # The agent that did not just act is asked first, as in the classic games.
            self.agent_selection = self.possible_agents[1 - color]
        else:
            # Tsuitate: a foul keeps the turn, hence the same agent.
            self.agent_selection = self.possible_agents[self._mover()]
        self._accumulate_rewards()
        self._update_infos()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        """The board as ``render`` shows it: the game's text (the referee's
        whole board in Tsuitate, for a spectator), then, for the library's
        games, whose turn it is and the public facts ``infos`` carry."""
        text = str(self.game)
        if self._extra_infos is not None:
            facts = [self._extra_infos(self.game, color) for color in (sv.BLACK, sv.WHITE)]
            text += f"\nturn: {_AGENTS[self.game.turn]}"
            for key in facts[0]:
                black, white = facts[0][key], facts[1][key]
                text += f", {key}: " + (f"{black}" if black == white else f"black {black}, white {white}")
        outcome = self.game.outcome()
        if outcome is not None:
            winner = "draw" if outcome.winner is None else self.possible_agents[outcome.winner]
            text += f"\nover: {winner} ({outcome.reason})"
        return text

    def close(self):
        pass
