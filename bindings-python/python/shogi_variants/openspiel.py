"""OpenSpiel games backed by shogi_variants (``import shogi_variants.openspiel``).

Importing this module registers five Python games with ``pyspiel`` (OpenSpiel
must be installed; numpy is used for the tensors), and ``load(name)``
registers any other game of the library (``"judkins"``...) on first use::

    shogi_variants_standard       perfect information, deterministic
    shogi_variants_minishogi      perfect information, deterministic
    shogi_variants_must_capture   perfect information, deterministic (base=)
    shogi_variants_card           perfect information, explicit chance nodes
    shogi_variants_tsuitate       imperfect information, deterministic

All are two-player, sequential, zero-sum, with terminal rewards taken from
``Outcome.returns()`` (+1 win, -1 loss, 0 draw; zeros until the end). Player 0
is Black (moves first), player 1 White.

One state for every game: ``ShogiState`` drives the wrapped game only
through the protocol that ``Board``, ``CardGame`` and ``TsuitateGame``
share (``to_move()`` for the current player, ``legal_actions()``,
``chance_outcomes()`` / ``apply_chance``, ``push``, ``outcome()``,
``seen(color)``). What differs between games is asked of the game, not of
its name: it is explicitly stochastic if it starts at a chance node, it has
imperfect information if ``seen(color)`` is a seat's view rather than a copy
of the game, and then its observer reads the views' events. Only names,
parameters and texts are per game. ``game_from(factory, name,
max_game_length=...)`` makes an OpenSpiel game of any object answering the
protocol, for example a rule modifier written in Python (see its docstring).

Mapping:

- Actions are the library's fixed action space (``num_actions``; a board move
  is ``(from * n + to) * 2 + promote``, then drops), so
  ``num_distinct_actions`` is 13,689 on 9x9 and 1,425 on 5x5, and the legal
  actions are ``legal_actions()`` of the wrapped ``Board`` / ``CardGame`` /
  Tsuitate ``PlayerView``. Action strings are USI moves.
- Card shogi: a chance node is each card draw; its outcome id is the card id
  (0 = joker, ``1..files`` = the file named), with the exact probabilities of
  ``CardGame.chance_outcomes()``; ``max_chance_outcomes`` is ``num_cards``.
  Draws are public, so the game stays perfect-information.
- Tsuitate: the state is the referee's ``TsuitateGame``; the player to move
  chooses among their ``view(player).legal_actions()`` (moves their own pieces
  allow). A foul changes nothing on the board and the same player moves again.
  The information state of a player is their perfect-recall record
  (``information_state_string()``: everything they attempted and were told);
  its tensor is ``view(player).information_state_tensor()``: the observation
  followed by one row per announcement, in order, sized for the longest
  game the limits allow, so different information states give different
  tensors. The observation tensor is ``view(player).observation()``: what the
  player knows now. The observation string renders only that player's knowledge.
- Observation tensors are ``observation(player)`` of the wrapped game,
  shape ``(planes, ranks, files)`` from the player's side. The perfect-information
  games' information-state string is the action history (as OpenSpiel's
  ``IIGObserverForPublicInfoGame``); their information-state tensor is the
  seat, one-hot (``seat``, 2: Black, White), then that seat's observation
  tensor (``observation``): the public state as the seat sees it, so the two
  players' information states never coincide (OpenSpiel's ``api_test``
  checks it of the tensor as of the string). It is not a record of the
  history: the string is.
- Observation types (``make_py_observer(pyspiel.IIGObservationType(...))``,
  ``open_spiel.python.observation.make_observation``). Perfect-information
  games, as OpenSpiel's own (tic-tac-toe): everything is public, so any type
  with ``public_info`` and without ``perfect_recall`` is the board
  observation, a public-info information state is the action history (with
  a single player's private part, OpenSpiel's information state: the tensor
  above, seat and observation), and the private part is empty (string
  ``""``, no tensor). Tsuitate splits what
  a player knows into:

  * public, what both players are told alike (Rust's ``PlayerView::facts``
    says which facts are): who is to move, the number of
    played moves, each announced foul (with ``announce_fouls_to_both``; else
    fouls are private), every played move's capture (square, kind as it
    stood) and check, the end. Public observation tensor pieces:
    ``to_move`` (2: Black, White), ``counts`` (3: played moves / move
    limit, Black's and White's announced fouls / foul limit),
    ``last_capture`` (ranks x files, Black's orientation: rank a first, the
    highest file first, as in SFEN) and ``last_capture_kind`` (14) of the
    last played move, ``last_check`` (1), ``material`` (2 x 7: each side's
    pieces of each hand kind, board and hand, over the kind's total in the
    game: 0.5 each at the start, 0 for a kind the board lacks, changed only
    by captures), ``outcome`` (3: Black won, White won, draw). The same for
    both players. Its
    perfect-recall form ``public_history`` has one row of 9 per public event
    (kind one-hot: played, foul, capture, check, game over; side one-hot;
    two values: a foul count over the limit, or a capture's square + 1 over
    the squares and kind + 1 over 14, or the result for Black).
  * private, what only the player knows: the private parts of
    ``view(player).observation()`` as Rust's ``TsuitatePart`` names and
    splits them: their own pieces and hand (planes 0-20), their attempts
    refused this turn (planes 32-33), their own foul count when fouls are
    not announced (plane 34), and their colour (plane 37): ``private`` of
    shape ``(k, ranks, files)``. Its perfect-recall form ``private_history`` has
    one row of 3 per own attempt: the action + 1 over the action count, the
    number of public events before it + 1 over their capacity + 1 (so public
    and private histories interleave back into the whole), and, when fouls
    are not announced, whether it was a foul.

  ``PrivateInfoType.SINGLE_PLAYER`` is the observing player's private part,
  ``ALL_PLAYERS`` both players' stacked (Black first), ``NONE`` none. Public
  and private together for a single player are the whole view: the default
  observation (``observation``, the 39 planes) and information state
  (``info_state``) described above, unchanged. Every type gives a tensor of
  one shape whatever the state, and a string. A public piece depends only on
  what both players were told, a player's private piece only on that
  player's view (so only ``ALL_PLAYERS`` shows hidden pieces: the
  opponent's private part).
- Parameters and game length are the game's own, asked of it, never of
  its name (so ``load`` plays any name the library knows: a shipped
  definition such as ``"judkins"``, a registered script). A game's
  parameters are its settings with their defaults
  (``shogi_variants.game_settings(name)``) that OpenSpiel can carry (a
  bool, int, float or str). ``max_game_length`` is the game's
  ``max_length()`` and ``max_chance_nodes_in_history`` its
  ``max_chance_steps()``: the bounds its rules set (Tsuitate: the played
  moves of ``move_limit``, default 150, and each player's fouls short of
  ``foul_limit``, default 10, plus one; Card shogi: one draw per turn, a
  whole deck per turn with ``no_move="draw_again"``). A game whose rules
  bound no length (standard, minishogi, must-capture and Card shogi have
  no move limit by default) takes the parameter ``max_plies`` (default 0:
  512 plies on a board of more than 25 squares, 256 on 5x5), passed to the
  rules as ``move_limit``: a game still on after that many plies is a draw
  (reason ``move_limit``; a mate on the last ply still wins): truncation
  scored as a draw.

- Tsuitate states implement ``resample_from_infostate(player,
  probability_sampler)`` (OpenSpiel's ISMCTS calls it): a new state reached
  by a real history, from the same start, in which ``player``'s information
  state (string and tensor), legal actions and observations are exactly the
  original's; the opponent's moves are sampled by ``TsuitateGame.resample``
  (seeded by one call of ``probability_sampler``). It raises ``ShogiError``
  when the bounded search finds no such history (long 9x9 games can outrun
  it; 5x5 games practically never do).
- Parameters are checked when the game is loaded: a bad value raises
  ``shogi_variants.SettingError`` (a ``ValueError``) naming the parameter and
  the values allowed.

States pickle (OpenSpiel serializes a Python state by pickling its attributes)
and clone through ``copy.deepcopy`` of the wrapped game, history included.

>>> import shogi_variants.openspiel as sos
>>> game = sos.load("minishogi")
>>> state = game.new_initial_state()
>>> state.action_to_string(state.legal_actions()[0])
'1e1b'
"""

from __future__ import annotations

from typing import Any, Callable, Optional

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ImportError as _missing:  # say which extra brings what is missing
    raise ImportError(
        f"shogi_variants.openspiel needs OpenSpiel and numpy ({_missing}): "
        "pip install shogi-variants[openspiel]",
        name=_missing.name,
    ) from _missing

import shogi_variants as sv

__all__ = ["GAMES", "ShogiGame", "ShogiState", "game_from", "load", "register"]

_PREFIX = "shogi_variants_"
# A Tsuitate view is told at most five things per attempt: the rows its
# information-state tensor is sized for, per ply of the longest game.
_TOLD_PER_ATTEMPT = 5


def _short(name: str) -> str:
    """The short OpenSpiel name of a game name: ``must-capture`` -> ``must_capture``."""
    return name.removeprefix(_PREFIX).replace("-", "_")


def _is_parameter(value: Any) -> bool:
    """Whether OpenSpiel can carry a setting's default as a game parameter:
    a bool, int, float or str (not ``None``, "none", nor a nested table)."""
    return isinstance(value, (bool, int, float, str))


def _default_cap(game) -> int:
    """The adapter's own cap on a game whose rules bound no length
    (``max_plies=0``): 512 plies on a board of more than 25 squares, 256 on
    5x5 and smaller. A truncation the adapter adds, asked of the board's
    size, never of the game's name."""
    return 512 if game.files * game.ranks > 25 else 256


def _named(name: str) -> tuple[dict, Callable]:
    """``(parameters, build)`` of the library's game ``name`` (any name
    ``shogi_variants.new_game`` takes: a kind, a shipped definition, a
    registered script). The parameters are the game's own settings with
    their defaults (``shogi_variants.game_settings``), those OpenSpiel can
    carry; a game whose rules bound no length (``max_length()`` is None, no
    move limit) takes ``max_plies`` too, passed to it as its ``move_limit``.
    ``build(params)`` returns the game at its start and its length bound,
    the game's own ``max_length()``; a bad value raises the game's
    ``SettingError``, which names the setting."""
    short = _short(name)
    params = {k: v for k, v in sv.game_settings(name).items() if _is_parameter(v)}
    if sv.new_game(name).max_length() is None:
        params["max_plies"] = 0

    def build(p):
        settings = {k: v for k, v in p.items() if k != "max_plies"}
        game = sv.new_game(name, **settings)
        if "max_plies" in p:
            plies = int(p["max_plies"])
            if plies < 0:
                raise sv.SettingError(
                    f"bad value for parameter 'max_plies' of {_PREFIX}{short}: {plies}; "
                    "allowed: an integer >= 0 (0: the default)")
            game = sv.new_game(name, move_limit=plies or _default_cap(game), **settings)
        length = game.max_length()
        if length is None:
            raise sv.SettingError(f"{_PREFIX}{short}: these settings bound no length of the game "
                                  "(OpenSpiel needs a bound); give it a move limit")
        return game, length

    return params, build


# -- what a game is, asked of the game itself ------------------------------------


class _Facts:
    """What the adapter needs to know about a game, from the game's own
    answers at its start: whether ``seen(color)`` is the whole game (a copy
    of the same class: perfect information) or a seat's view; whether it
    starts at a chance node and the largest chance outcome id; the
    observation shape (of the game, or of a view)."""

    def __init__(self, proto, max_chance_outcomes: Optional[int] = None):
        seat = proto.seen(sv.BLACK)
        self.perfect = type(seat) is type(proto)
        outcomes = proto.chance_outcomes() if proto.is_chance_node() else []
        if max_chance_outcomes is None:
            max_chance_outcomes = max((int(i) for i, _ in outcomes), default=-1) + 1
        self.max_chance_outcomes = int(max_chance_outcomes)
        self.chance = self.max_chance_outcomes > 0
        self.observation_shape = tuple((proto if self.perfect else seat).observation_shape)


def _tensor(obj, *color):
    """The observation tensor of a game (``observation_tensor(color)``) or
    of a seat's view (``observation_tensor()``); a protocol object that
    answers only the older name ``observation`` is read by it."""
    read = getattr(obj, "observation_tensor", None) or obj.observation
    return read(*color)


def _text(core) -> str:
    """A state's text by default: the position and the game's own text."""
    return f"{core.sfen()}\n{core}"


class _Spec:
    """One OpenSpiel game over the protocol: its name, its parameters with
    their defaults, and ``build(params) -> (game at the start, max_game_length)``
    (which checks the parameters). Everything else (chance mode,
    information, sizes, the chance bound) is asked of the built game; the
    hooks are only names and texts."""

    def __init__(self, short_name: str, long_name: str, params: dict, build: Callable,
                 *, chance_text: Optional[Callable[[int], str]] = None,
                 text: Callable[[Any], str] = _text,
                 max_chance_outcomes: Optional[int] = None):
        self.short_name, self.params, self.build = short_name, dict(params), build
        self.chance_text = chance_text or (lambda action: f"chance:{action}")
        self.text = text
        self.max_chance_outcomes = max_chance_outcomes
        facts = _Facts(build(dict(self.params))[0], max_chance_outcomes)
        mode, info = pyspiel.GameType.ChanceMode, pyspiel.GameType.Information
        self.type = pyspiel.GameType(
            short_name=short_name,
            long_name=long_name,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=mode.EXPLICIT_STOCHASTIC if facts.chance else mode.DETERMINISTIC,
            information=info.PERFECT_INFORMATION if facts.perfect else info.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=2,
            min_num_players=2,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=self.params,
        )


class ShogiGame(pyspiel.Game):
    """A ``pyspiel.Game`` over any game of the protocol (see the module
    docstring); each registered game is a subclass naming its ``_spec``.
    ``self._proto`` is the game at the start, which each new state copies."""

    _spec: _Spec

    def __init__(self, params=None):
        spec = self._spec
        full = dict(spec.params, **(params or {}))
        proto, length = spec.build(full)
        facts = _Facts(proto, spec.max_chance_outcomes)
        info = pyspiel.GameInfo(
            num_distinct_actions=proto.num_actions,
            max_chance_outcomes=facts.max_chance_outcomes,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(spec.type, info, full)
        self._proto, self._perfect = proto, facts.perfect
        self._chance = facts.chance
        self._capacity = _TOLD_PER_ATTEMPT * length

    def new_initial_state(self):
        """The start of a game."""
        return ShogiState(self, self._proto.copy())

    def max_chance_nodes_in_history(self):
        """An upper bound on the chance steps in one game: the game's own
        ``max_chance_steps()`` (Card shogi: one draw per turn, or up to a
        whole deck per turn when an unplayable card is drawn again), else,
        for a game of the protocol that does not say, one per ply."""
        if not self._chance:
            return 0
        steps = getattr(self._proto, "max_chance_steps", None)
        bound = steps() if callable(steps) else None
        return self.max_game_length() if bound is None else int(bound)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer of an observation type. Perfect information: the
        whole game is public, so with ``public_info`` the observation, or for
        ``perfect_recall`` the action history (a seat's information state:
        with its seat and observation as the tensor); without, the empty
        private part (as OpenSpiel's own perfect-information games). Imperfect
        information: the views' public and private parts (module docstring)."""
        if not self._perfect:
            return _ViewObserver(self, iig_obs_type, params)
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _Observer(self._proto.observation_shape, params)
        if (iig_obs_type.public_info and iig_obs_type.perfect_recall
                and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER):
            return _InfoStateObserver(self._proto.observation_shape, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class ShogiState(pyspiel.State):
    """The one state of every game: ``_core`` is the wrapped game, driven
    only through the protocol. It is the only attribute, so OpenSpiel's
    clone (deepcopy) and serialization (pickle) of the attributes copy the
    whole game, history included."""

    def __init__(self, game, core):
        super().__init__(game)
        self._core = core

    def _seat(self, player):
        """What ``player`` decodes actions and observes with: the game itself
        when it has perfect information (its ``seen`` is a copy of it, so the
        copy is skipped), else the seat's view ``seen(player)``."""
        return self._core if self.get_game()._perfect else self._core.seen(player)

    def current_player(self):
        """``to_move()``: Black 0, White 1, CHANCE or TERMINAL."""
        who = self._core.to_move()
        if who is None:
            return pyspiel.PlayerId.TERMINAL
        if who == "chance":
            return pyspiel.PlayerId.CHANCE
        return int(who)

    def is_terminal(self):
        """Whether the game is over (a move cap included)."""
        return self._core.is_game_over()

    def _legal_actions(self, player):
        return self._core.legal_actions()

    def chance_outcomes(self):
        """``[(id, probability)]`` of the chance step: the game's exact
        fractions, as floats (OpenSpiel's type)."""
        return [(int(i), float(p)) for i, p in self._core.chance_outcomes()]

    def _apply_action(self, action):
        core = self._core
        who = core.to_move()
        if who == "chance":
            core.apply_chance(action)
        else:
            core.push(self._seat(who).move_of(action))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return self.get_game()._spec.chance_text(action)
        return self._seat(player).move_of(action).usi()

    def returns(self):
        """``[black, white]``: +1 win, -1 loss, 0 draw; zeros before the end."""
        outcome = self._core.outcome()
        return [0.0, 0.0] if outcome is None else list(outcome.returns())

    def _observation(self, player):
        core = self._core
        return _tensor(core, player) if self.get_game()._perfect else _tensor(core.seen(player))

    def _observation_string(self, player):
        return str(self) if self.get_game()._perfect else _view_text(self._core.seen(player))

    def _info_string(self, player):
        return self._core.seen(player).information_state_string()

    def _info_tensor(self, player):
        return self._core.seen(player).information_state_tensor(self.get_game()._capacity)

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state ``player_id`` cannot tell from this one, reached by a real
        history (see the module docstring): the same information state,
        legal actions and observations for ``player_id``; the hidden moves
        sampled by the game's ``resample`` (seeded by one call of
        ``probability_sampler()``, a number in [0, 1)), its history replayed
        here. With perfect information nothing is hidden: a clone."""
        if self.get_game()._perfect:
            return self.clone()
        seed = int(float(probability_sampler()) * 2**53)
        core = self._core.resample(player_id, seed)
        state = self.get_game().new_initial_state()
        for step in core.history():
            if step.startswith("chance:"):
                state.apply_action(int(step.removeprefix("chance:")))
            else:
                state.apply_action(state._seat(state.current_player()).action(step))
        return state

    def __str__(self):
        return self.get_game()._spec.text(self._core)


class _Observer:
    """PyObserver of a perfect-information game's observation: a tensor of
    ``shape`` (``observation(player)`` of the game) and a string."""

    def __init__(self, shape, params=None):
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        """Writes ``player``'s tensor of ``state`` into ``tensor``."""
        self.dict["observation"][...] = state._observation(player)

    def string_from(self, state, player):
        """``player``'s string of ``state``."""
        return state._observation_string(player)


class _InfoStateObserver:
    """PyObserver of a seat's information state in a perfect-information
    game. The string is the action history (as OpenSpiel's own
    perfect-information games); the tensor is the seat, one-hot (2: Black,
    White), then that seat's observation (``observation(player)``). So the
    two players' information states never coincide (OpenSpiel's
    ``api_test`` asks it of the tensor too), whatever the game's
    observation says of the viewer."""

    def __init__(self, shape, params=None):
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        self.tensor = np.zeros(2 + int(np.prod(shape)), np.float32)
        self.dict = {"seat": self.tensor[:2], "observation": self.tensor[2:].reshape(shape)}

    def set_from(self, state, player):
        """Writes ``player``'s seat and observation of ``state`` into ``tensor``."""
        self.dict["seat"][...] = 0.0
        self.dict["seat"][player] = 1.0
        self.dict["observation"][...] = state._observation(player)

    def string_from(self, state, player):
        """The action history (the same for both players: the state is public)."""
        del player
        return state.history_str()


# -- imperfect information: what each seat's view was told -------------------------

_KINDS = ("P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R")
_HAND_KINDS = ("P", "L", "N", "S", "G", "B", "R")
_PUBLIC_KINDS = ("played", "foul", "capture", "check", "game_over")
_SIDES = ("black", "white")


def _public_events(state):
    """The public events so far, ``(kind, side, a, b)``: what both players
    were told alike (read off Black's view; Rust's ``PlayerView::facts``
    says which facts are public)."""
    return [e for e, _ in state._core.seen(sv.BLACK)._facts() if e is not None]


def _event_text(e, board) -> str:
    """An event's text; a capture's square (numbered on ``board``) by its name."""
    kind, side, a, b = e
    if kind == "played":
        return f"{_SIDES[side]}:played"
    if kind == "foul":
        return f"{_SIDES[side]}:foul:{a}"
    if kind == "capture":
        return f"capture:{sv.square_name(a, board=board)}:{b}"
    if kind == "game_over":
        return f"game_over:{'draw' if side is None else _SIDES[side]}:{a}"
    return kind


def _own_board_text(view) -> tuple[list[str], str]:
    """A player's own board, one text row per rank (``.`` where nothing of
    theirs stands), and their hand: what their observation strings show."""
    rows = []
    for rank in "abcdefghi"[:view.ranks]:
        cells = (view.piece_at(f"{file}{rank}") or "." for file in range(view.files, 0, -1))
        rows.append(" ".join(f"{c:>2}" for c in cells))
    hand = " ".join(f"{k}{n}" for k, n in sorted(view.hand().items())) or "-"
    return rows, hand


def _told(e, view) -> list[str]:
    """What ``view``'s player was told of the attempt ``e`` (one of its
    ``events``), after their own attempt, in the words of the
    announcements: the verdict, the capture, check, the end."""
    words = []
    if e.verdict is not None:
        own = e.by == view.color
        if e.verdict == "played":
            words.append("played" if own else "opponent_moved")
        else:
            words.append(f"{'foul' if own else 'opponent_foul'}:{e.fouls}")
    if e.capture is not None:
        words.append(f"capture:{e.capture.kind}@{sv.square_name(e.capture.square, board=view)}")
    if e.check:
        words.append("check")
    if e.game_over is not None:
        words.append(f"game_over:{e.game_over.reason}")
    return words


def _view_text(view) -> str:
    """A seat's observation string: its own pieces, hand, counts and what it
    was told since its last attempt; nothing hidden."""
    rows, hand = _own_board_text(view)
    events = view.events
    last = max((i for i, e in enumerate(events) if e.attempted is not None), default=0)
    news = " ".join(w for e in events[last:] for w in _told(e, view)) or "-"
    return (f"{_SIDES[view.color]} to_move={view.to_move} "
            f"played={view.moves_played} fouls={view.fouls} "
            f"opponent_fouls={view.opponent_fouls_known}\n"
            + "\n".join(rows) + f"\nhand {hand}\ntold {news}")


def _private_text(view, recall: bool, announced: bool) -> str:
    """What only ``view``'s player knows: their attempts (``recall``: all,
    with the number of public events before each), or their pieces, hand,
    refused attempts this turn and unannounced fouls."""
    side = _SIDES[view.color]
    if recall:
        items, public = [], 0
        for event, item in view._facts():
            if event is not None:
                public += 1
            elif item[0] == "attempted":
                items.append(f"attempted:{item[1].usi()}@{public}")
            else:
                items.append(f"foul:{item[1]}")
        return f"{side}|" + ";".join(items)
    rows, hand = _own_board_text(view)
    events = view.events
    last = max((i for i, e in enumerate(events) if e.verdict == "played"), default=-1)
    refused = [e.attempted.usi() for e in events[last + 1:]
               if e.attempted is not None and e.verdict == "foul"]
    fouls = "" if announced else f" fouls={view.fouls}"
    return (f"{side}{fouls}\n" + "\n".join(rows) + f"\nhand {hand}\nrefused "
            + (" ".join(refused) or "-"))


class _ViewObserver:
    """A PyObserver of any ``IIGObservationType`` for a game whose seats see
    Tsuitate views (the split of public and private facts is in the module
    docstring). The default and the info-state types are the view's own
    tensors and strings. Its constants (limits, board size, the pieces of
    each kind) are read off the game at the start."""

    def __init__(self, game, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        t = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self._game = game
        self._recall = t.perfect_recall
        self._public = t.public_info
        single = pyspiel.PrivateInfoType.SINGLE_PLAYER
        self._private = {pyspiel.PrivateInfoType.NONE: 0, single: 1}.get(t.private_info, 2)
        self._whole = self._public and t.private_info == single
        proto = game._proto
        settings = proto.settings
        self._move_limit, self._foul_limit = settings["move_limit"], settings["foul_limit"]
        self._announced = settings["announce_fouls_to_both"]
        self._capacity = game._capacity
        planes, ranks, files = proto.seen(sv.BLACK).observation_shape
        self._ranks, self._files = ranks, files
        # Each side's pieces of a hand kind at the start (promoted ones counted as their base).
        board = proto.sfen().split()[0]
        self._totals = {k: sum(1 for c in board if c.upper() == k) // 2 for k in _HAND_KINDS}
        # The observation's private planes, named and chosen in Rust
        # (``TsuitatePart``: which facts are public is a rule).
        self._planes = proto.seen(sv.BLACK)._private_planes()
        if self._whole:
            if self._recall:
                shape = (proto.seen(sv.BLACK).information_state_tensor(self._capacity).size,)
            else:
                shape = (planes, ranks, files)
            pieces = [("info_state" if self._recall else "observation", shape)]
        else:
            pieces = []
            if self._public and self._recall:
                pieces.append(("public_history", (self._capacity, 9)))
            elif self._public:
                pieces += [("to_move", (2,)), ("counts", (3,)), ("last_capture", (ranks, files)),
                           ("last_capture_kind", (len(_KINDS),)), ("last_check", (1,)),
                           ("material", (2, len(_HAND_KINDS))), ("outcome", (3,))]
            lead = () if self._private == 1 else (2,)
            if self._private and self._recall:
                pieces.append(("private_history", lead + (game.max_game_length(), 3)))
            elif self._private:
                pieces.append(("private", lead + (len(self._planes), ranks, files)))
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in pieces), np.float32)
        self.dict = {}
        at = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[at:at + size].reshape(shape)
            at += size

    def _owners(self, player):
        return [player] if self._private == 1 else [sv.BLACK, sv.WHITE]

    def set_from(self, state, player):
        """Writes ``player``'s tensor of ``state``."""
        if self._whole:
            array = state._info_tensor(player) if self._recall else state._observation(player)
            out = next(iter(self.dict.values()))
            out[...] = np.asarray(array).reshape(out.shape)
            return
        self.tensor.fill(0)
        if self._public:
            events = _public_events(state)
            if self._recall:
                self._public_history(events, self.dict["public_history"])
            else:
                self._public_now(state, events)
        if self._private:
            out = self.dict["private_history" if self._recall else "private"]
            for i, owner in enumerate(self._owners(player)):
                row = out if self._private == 1 else out[i]
                if self._recall:
                    self._private_history(state._core.seen(owner), row)
                else:
                    row[...] = state._observation(owner)[self._planes]

    def _public_history(self, events, rows):
        squares = self._ranks * self._files
        limit = max(self._foul_limit, 1)
        for row, (kind, side, a, b) in zip(rows, events):
            row[_PUBLIC_KINDS.index(kind)] = 1.0
            if side is not None and kind != "game_over":
                row[5 + side] = 1.0
            if kind == "foul":
                row[7] = a / limit
            elif kind == "capture":
                row[7] = (a + 1) / squares
                row[8] = (_KINDS.index(b) + 1) / 14
            elif kind == "game_over":
                row[7] = 0.0 if side is None else (1.0 if side == sv.BLACK else -1.0)

    def _public_now(self, state, events):
        d = self.dict
        who = state._core.to_move()
        if who in (sv.BLACK, sv.WHITE):
            d["to_move"][who] = 1.0
        played = sum(1 for e in events if e[0] == "played")
        d["counts"][0] = played / self._move_limit
        for kind, side, a, _ in events:
            if kind == "foul":
                d["counts"][1 + side] = a / max(self._foul_limit, 1)
        last = max((i for i, e in enumerate(events) if e[0] == "played"), default=-1)
        for k, kind in enumerate(_HAND_KINDS):
            d["material"][:, k] = 0.5 if self._totals[kind] else 0.0
        mover = None
        for i, (kind, side, a, b) in enumerate(events):
            if kind == "played":
                mover = side
            elif kind == "capture":
                k = _HAND_KINDS.index(b.lstrip("+"))
                share = 0.5 / self._totals[_HAND_KINDS[k]]
                d["material"][mover, k] += share
                d["material"][1 - mover, k] -= share
                if i > last:
                    file, rank = a // self._ranks + 1, a % self._ranks
                    d["last_capture"][rank, self._files - file] = 1.0
                    d["last_capture_kind"][_KINDS.index(b)] = 1.0
            elif kind == "check" and i > last:
                d["last_check"][0] = 1.0
            elif kind == "game_over":
                d["outcome"][2 if side is None else side] = 1.0

    def _private_history(self, view, rows):
        cap = self._capacity
        actions = self._game.num_distinct_actions()
        public = 0
        i = -1
        for event, item in view._facts():
            if event is not None:
                public += 1
            elif item[0] == "attempted":
                i += 1
                rows[i, 0] = (view.action(item[1]) + 1) / actions
                rows[i, 1] = (public + 1) / (cap + 1)
            else:  # a foul the opponent is not told of
                rows[i, 2] = 1.0

    def string_from(self, state, player):
        """``player``'s string of ``state``."""
        if self._whole:
            return state._info_string(player) if self._recall else state._observation_string(player)
        parts = []
        if self._public:
            events = _public_events(state)
            if self._recall:
                parts.append(";".join(_event_text(e, state._core) for e in events))
            else:
                who = state._core.to_move()
                played = sum(1 for e in events if e[0] == "played")
                last = max((i for i, e in enumerate(events) if e[0] == "played"), default=-1)
                fouls = {side: a for kind, side, a, _ in events if kind == "foul"}
                turn = _SIDES[who] if who in (sv.BLACK, sv.WHITE) else "over"
                news = ";".join(_event_text(e, state._core) for e in events[last + 1:] if e[0] != "foul") or "-"
                parts.append(f"to_move={turn} played={played} fouls={fouls.get(0, 0)}/{fouls.get(1, 0)}"
                             f" last={news}")
        for owner in self._owners(player) if self._private else []:
            parts.append(_private_text(state._core.seen(owner), self._recall, self._announced))
        return "\n".join(parts)


# -- the five games ------------------------------------------------------------------


def _game_class(spec: _Spec, doc: str, name: Optional[str] = None) -> Any:
    """The ``ShogiGame`` subclass of ``spec``: what pyspiel registers (it
    builds a game from parameters)."""
    cls_name = name or "".join(p.title() for p in spec.short_name.split("_")) + "Game"
    return type(cls_name, (ShogiGame,), {"_spec": spec, "__doc__": doc, "__module__": __name__})


def _card_text(core) -> str:
    deck = " ".join(f"{card}:{n}" for card, n in sorted(core.deck().items()))
    return f"{core.sfen()}\nphase {core.phase} card {core.current_card} deck {deck}"


def _tsuitate_text(core) -> str:
    return f"{core.sfen()} fouls {core.fouls(sv.BLACK)}/{core.fouls(sv.WHITE)}"


def _spec_of(name: str, **hooks) -> _Spec:
    """The spec of the library's game ``name`` (see ``_named``)."""
    params, build = _named(name)
    return _Spec(_PREFIX + _short(name), f"shogi_variants {name}", params, build, **hooks)


StandardGame = _game_class(
    _spec_of("standard"),
    "Standard shogi (``shogi_variants_standard``; params: its settings and ``max_plies``).")
MinishogiGame = _game_class(
    _spec_of("minishogi"),
    "Minishogi, 5x5 (``shogi_variants_minishogi``; params: its settings and ``max_plies``).")
MustCaptureGame = _game_class(
    _spec_of("must-capture"),
    "Must-capture shogi (``shogi_variants_must_capture``; params ``base``, its settings, "
    "``max_plies``).")
CardShogiGame = _game_class(
    _spec_of("card", chance_text=lambda card: "joker" if card == sv.JOKER else f"card {card}",
             text=_card_text),
    "Card shogi (``shogi_variants_card``; params ``base``, ``jokers``, ``copies_per_rank``, "
    "``file_rule``, ``no_move``, ``check_exempt``, ``max_plies``).", "CardShogiGame")
TsuitateShogiGame = _game_class(
    _spec_of("tsuitate", text=_tsuitate_text),
    "Tsuitate shogi (``shogi_variants_tsuitate``; params ``base``, ``foul_limit``, "
    "``move_limit``, ``announce_fouls_to_both``).", "TsuitateShogiGame")

GAMES = {
    "standard": StandardGame,
    "minishogi": MinishogiGame,
    "must_capture": MustCaptureGame,
    "card": CardShogiGame,
    "tsuitate": TsuitateShogiGame,
}
"""Short name -> game class; the OpenSpiel name is ``shogi_variants_<short>``."""

# OpenSpiel name -> the class pyspiel builds it with (the five, and game_from's).
# (Any: the classes carry a `_spec` attribute that `type` does not declare.)
_CLASSES: dict[str, Any] = {}


def _register(spec: _Spec, cls: Optional[type] = None) -> None:
    """Registers ``spec`` under its name; a name registered before keeps its
    class (pyspiel holds it), which builds the new spec from now on."""
    name = spec.short_name
    if name in _CLASSES:
        before = _CLASSES[name]._spec.type
        if (before.chance_mode, before.information) != (spec.type.chance_mode, spec.type.information):
            raise ValueError(f"game {name!r} is registered with pyspiel as another kind of game "
                             "(chance mode or information); register this one under a new name")
        _CLASSES[name]._spec = spec
    else:
        _CLASSES[name] = cls or _game_class(spec, f"``{name}``: a game built by ``game_from``.", "CustomGame")
    if name not in pyspiel.registered_names():
        pyspiel.register_game(spec.type, _CLASSES[name])


def register() -> None:
    """Registers the five games with pyspiel (done on import; calling again is a no-op)."""
    for cls in GAMES.values():
        _register(cls._spec, cls)


def load(name: str, **params) -> pyspiel.Game:
    """``pyspiel.load_game`` of any game of the library: ``name`` is the
    OpenSpiel name or the short one (``"minishogi"``, ``"must-capture"``,
    ``"card"``...), or any other name ``shogi_variants.new_game`` takes (a
    shipped definition such as ``"judkins"``, a registered script), which
    is registered as ``shogi_variants_<name>`` on first use. Its parameters
    are the game's settings (``shogi_variants.game_settings(name)``), and
    ``max_plies`` when the rules bound no length. An unknown name raises
    ``SettingError`` (a ``ValueError``).

    >>> load("card", base="minishogi", jokers=True).max_chance_outcomes()
    6
    >>> load("judkins", max_plies=60).max_game_length()
    60
    """
    short = _short(name)
    register()
    if _PREFIX + short not in _CLASSES:
        game = name.removeprefix(_PREFIX)
        try:
            spec = _spec_of(game)
        except sv.SettingError as e:
            raise sv.SettingError(f"no OpenSpiel game of {name!r}: {e}") from None
        _register(spec)
    return pyspiel.load_game(_PREFIX + short, params)


def game_from(factory: Callable[..., Any], name: str, *, max_game_length, params: Optional[dict] = None,
              long_name: Optional[str] = None, max_chance_outcomes: Optional[int] = None,
              chance_text: Optional[Callable[[int], str]] = None) -> pyspiel.Game:
    """A ``pyspiel.Game`` (registered as ``name``) over any game object that
    answers the protocol, built fresh by ``factory(**params)``.

    The object needs what the module's own games answer: ``to_move()``,
    ``is_game_over()``, ``chance_outcomes()`` / ``is_chance_node()`` /
    ``apply_chance(id)``, ``legal_actions()``, ``num_actions``,
    ``push(move)``, ``outcome()``, ``seen(color)``, ``copy()``, ``sfen()``,
    and the action encoding ``move_of(action)`` (and ``action(move)``) with
    ``observation(color)`` / ``observation_shape``, on the game itself when
    ``seen`` returns a copy of the same class (perfect information), or on
    the seat's view otherwise (a Tsuitate ``PlayerView``'s shape: the
    observer reads its events). The state must pickle (OpenSpiel
    serializes states so). The game's kind is asked of it at the start:
    perfect information or not from ``seen``, explicit chance if it starts
    at a chance node (``max_chance_outcomes`` is then the largest outcome id
    + 1; pass it for a game whose chance comes later).

    ``max_game_length`` is an int or ``params -> int``: the longest game
    (OpenSpiel needs the bound; the game should end by then). ``params``
    are the parameters with their defaults (``pyspiel.load_game(name,
    {...})`` overrides them). Registering ``name`` again replaces its game
    (if it is of the same kind: pyspiel keeps the first registration's
    chance mode and information); a name pyspiel already has from elsewhere
    is refused with ``ValueError``.

    >>> import shogi_variants as sv
    >>> g = game_from(lambda: sv.Board(variant="minishogi", move_limit=20), "doc_minishogi",
    ...               max_game_length=20)
    >>> g.num_distinct_actions(), g.get_type().short_name
    (1425, 'doc_minishogi')
    """
    if name in pyspiel.registered_names() and name not in _CLASSES:
        raise ValueError(f"game name {name!r} is taken by another OpenSpiel game")
    if name in (cls._spec.short_name for cls in GAMES.values()):
        raise ValueError(f"game name {name!r} is one of the module's own games")

    def build(p):
        length = max_game_length(p) if callable(max_game_length) else max_game_length
        if int(length) < 1:
            raise sv.SettingError(f"max_game_length of {name} must be >= 1, not {length}")
        return factory(**p), int(length)

    spec = _Spec(name, long_name or name, params or {}, build, chance_text=chance_text,
                 max_chance_outcomes=max_chance_outcomes)
    _register(spec)
    return pyspiel.load_game(name, params or {})


register()
