"""OpenSpiel games backed by shogi_variants (``import shogi_variants.openspiel``).

Importing this module registers five Python games with ``pyspiel`` (OpenSpiel
must be installed; numpy is used for the tensors)::

    shogi_variants_standard       perfect information, deterministic
    shogi_variants_minishogi      perfect information, deterministic
    shogi_variants_must_capture   perfect information, deterministic (base=)
    shogi_variants_card           perfect information, explicit chance nodes
    shogi_variants_tsuitate       imperfect information, deterministic

All are two-player, sequential, zero-sum, with terminal rewards taken from
``Outcome.returns()`` (+1 win, -1 loss, 0 draw; zeros until the end). Player 0
is Black (moves first), player 1 White.

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
  games' information-state string is the action history (OpenSpiel's
  ``IIGObserverForPublicInfoGame``); they provide no information-state tensor.
- Game length. Standard, minishogi, must-capture and Card shogi have no move
  limit by default, so their ``max_plies`` parameter (default 0: 512 plies on
  9x9, 256 on 5x5) is passed to the rules as ``move_limit``: a game still on
  after that many plies is a draw (reason ``move_limit``; a mate on the last
  ply still wins): truncation scored as a draw. Tsuitate uses its own rule limits: ``move_limit`` played
  moves (default 150) and ``foul_limit`` fouls per player (default 10), so at
  most ``move_limit + 2 * foul_limit - 1`` attempts are made.

States pickle (OpenSpiel serializes a Python state by pickling its attributes)
and clone through ``copy.deepcopy`` of the wrapped game, history included.

>>> import shogi_variants.openspiel as sos
>>> game = sos.load("minishogi")
>>> state = game.new_initial_state()
>>> state.action_to_string(state.legal_actions()[0])
'1e1b'
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

import shogi_variants as sv

__all__ = ["GAMES", "load", "register"]

_PREFIX = "shogi_variants_"
_FILES = {"standard": 9, "minishogi": 5}
_DEFAULT_MAX_PLIES = {"standard": 512, "minishogi": 256}


def _max_plies(params: dict, base: str) -> int:
    plies = int(params["max_plies"])
    if plies < 0:
        raise ValueError(f"max_plies must be >= 0 (0: the default), got {plies}")
    return plies or _DEFAULT_MAX_PLIES[base]


def _game_type(name: str, long_name: str, params: dict, *, chance: bool = False,
               imperfect: bool = False) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=_PREFIX + name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if imperfect
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=imperfect,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class _Observer:
    """PyObserver over a state's own methods: a tensor of ``shape`` and a string,
    either the observation (``perfect_recall=False``) or the information state."""

    def __init__(self, shape, perfect_recall: bool, params=None):
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        self._recall = perfect_recall
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        """Writes ``player``'s tensor of ``state`` into ``tensor``."""
        array = state._info_tensor(player) if self._recall else state._observation(player)
        self.dict["observation"][...] = array

    def string_from(self, state, player):
        """``player``'s string of ``state``."""
        return state._info_string(player) if self._recall else state._observation_string(player)


class _Game(pyspiel.Game):
    """Base of the five games: ``self._proto`` is a fresh wrapped game that
    each new initial state copies."""

    _TYPE: pyspiel.GameType
    _PARAMS: dict

    def __init__(self, params=None):
        full = dict(self._PARAMS, **(params or {}))
        proto, info = self._build(full)
        super().__init__(self._TYPE, info, full)
        self._proto = proto

    def _build(self, params):
        raise NotImplementedError

    @staticmethod
    def _info(proto, max_game_length, max_chance_outcomes=0):
        return pyspiel.GameInfo(
            num_distinct_actions=proto.num_actions,
            max_chance_outcomes=max_chance_outcomes,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_game_length,
        )

    def new_initial_state(self):
        """The start of a game."""
        return self._STATE(self, self._proto.copy())

    def make_py_observer(self, iig_obs_type=None, params=None):
        """Observation (default) or, for ``perfect_recall``, information state:
        the action history for the perfect-information games."""
        if iig_obs_type is None or not iig_obs_type.perfect_recall:
            return _Observer(self._proto.observation_shape, False, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class _State(pyspiel.State):
    """Base state: ``_core`` is the wrapped shogi_variants game. Its only
    attribute, so OpenSpiel's clone (deepcopy) and serialization (pickle) of
    the attributes copy the whole game, history included."""

    def __init__(self, game, core):
        super().__init__(game)
        self._core = core

    def current_player(self):
        """Black 0, White 1, or TERMINAL."""
        return pyspiel.PlayerId.TERMINAL if self._core.is_game_over() else self._core.turn

    def _legal_actions(self, player):
        return self._core.legal_actions()

    def _apply_action(self, action):
        self._core.push(self._core.move_of(action))

    def _action_to_string(self, player, action):
        return self._core.move_of(action).usi()

    def is_terminal(self):
        """Whether the game is over (the move cap included)."""
        return self._core.is_game_over()

    def returns(self):
        """``[black, white]``: +1 win, -1 loss, 0 draw; zeros before the end."""
        outcome = self._core.outcome()
        return [0.0, 0.0] if outcome is None else list(outcome.returns())

    def _observation(self, player):
        return self._core.observation(player)

    def _observation_string(self, player):
        return str(self)


class BoardState(_State):
    """A ``Board`` (standard, minishogi, must-capture)."""

    def __str__(self):
        return f"{self._core.sfen()}\n{self._core}"


class _BoardGame(_Game):
    _STATE = BoardState
    _VARIANT: str

    def _build(self, params):
        base = params.get("base", self._VARIANT)
        settings = {"base": base} if "base" in params else {}
        plies = _max_plies(params, base)
        proto = sv.Board(variant=self._VARIANT, move_limit=plies, **settings)
        return proto, self._info(proto, plies)


class StandardGame(_BoardGame):
    """Standard shogi (``shogi_variants_standard``; param ``max_plies``)."""

    _VARIANT = "standard"
    _PARAMS = {"max_plies": 0}
    _TYPE = _game_type("standard", "shogi_variants standard shogi", _PARAMS)


class MinishogiGame(_BoardGame):
    """Minishogi, 5x5 (``shogi_variants_minishogi``; param ``max_plies``)."""

    _VARIANT = "minishogi"
    _PARAMS = {"max_plies": 0}
    _TYPE = _game_type("minishogi", "shogi_variants minishogi", _PARAMS)


class MustCaptureGame(_BoardGame):
    """Must-capture shogi (``shogi_variants_must_capture``; params ``base``,
    ``max_plies``)."""

    _VARIANT = "must-capture"
    _PARAMS = {"base": "standard", "max_plies": 0}
    _TYPE = _game_type("must_capture", "shogi_variants must-capture shogi", _PARAMS)


class CardState(_State):
    """A ``CardGame``: a chance node at each draw, its outcome the card id."""

    def current_player(self):
        """CHANCE at a draw, else the side to move or TERMINAL."""
        if self._core.is_chance_node():
            return pyspiel.PlayerId.CHANCE
        return super().current_player()

    def chance_outcomes(self):
        """``[(card, probability)]`` of the next draw, exactly the deck's odds."""
        return self._core.chance_outcomes()

    def _apply_action(self, action):
        if self._core.is_chance_node():
            self._core.apply_draw(action)
        else:
            super()._apply_action(action)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return "joker" if action == sv.JOKER else f"card {action}"
        return super()._action_to_string(player, action)

    def __str__(self):
        core = self._core
        deck = " ".join(f"{card}:{n}" for card, n in sorted(core.deck().items()))
        return (f"{core.sfen()}\nphase {core.phase} card {core.current_card} "
                f"deck {deck}")


class CardShogiGame(_Game):
    """Card shogi (``shogi_variants_card``; params ``base``, ``jokers``,
    ``copies_per_rank``, ``file_rule``, ``no_move``, ``check_exempt``,
    ``max_plies``)."""

    _STATE = CardState
    _PARAMS = {"base": "standard", "jokers": False, "copies_per_rank": 8,
               "file_rule": "destination", "no_move": "lose", "check_exempt": True,
               "max_plies": 0}
    _TYPE = _game_type("card", "shogi_variants card shogi", _PARAMS, chance=True)

    def _build(self, params):
        plies = _max_plies(params, params["base"])
        settings = {k: params[k] for k in self._PARAMS if k != "max_plies"}
        proto = sv.CardGame(move_limit=plies, **settings)
        return proto, self._info(proto, plies, proto.num_cards)

    def max_chance_nodes_in_history(self):
        """An upper bound on the draws in one game: one per turn, or up to a
        whole deck per turn when an unplayable card is drawn again."""
        s = self._proto.settings
        deck = s["copies_per_rank"] * (self._proto.num_cards - 1) + 2 * s["jokers"]
        return (s["move_limit"] + 1) * (deck if s["no_move"] == "DrawAgain" else 1)


class TsuitateState(_State):
    """The referee's ``TsuitateGame``; each player sees only their ``view``."""

    def _legal_actions(self, player):
        return self._core.view(player).legal_actions()

    def _apply_action(self, action):
        self._core.attempt(self._core.view(self._core.turn).move_of(action))

    def _action_to_string(self, player, action):
        return self._core.view(player).move_of(action).usi()

    def _info_string(self, player):
        return self._core.view(player).information_state_string()

    def _observation(self, player):
        return self._core.view(player).observation()

    def _info_tensor(self, player):
        return self._core.view(player).information_state_tensor(self.get_game()._capacity)

    def _observation_string(self, player):
        """The player's own pieces, hand, counts and what they were told since
        their last attempt; nothing hidden."""
        view = self._core.view(player)
        files = _FILES[self._core.settings["base"]]
        rows = []
        for rank in "abcdefghi"[:files]:
            cells = (view.piece_at(f"{file}{rank}") or "." for file in range(files, 0, -1))
            rows.append(" ".join(f"{c:>2}" for c in cells))
        hand = " ".join(f"{k}{n}" for k, n in sorted(view.hand().items())) or "-"
        told = view.information_state
        last = max((i for i, a in enumerate(told) if a.kind == "attempted"), default=-1)
        news = " ".join(_announcement(a) for a in told[last + 1:]) or "-"
        return (f"{('black', 'white')[view.color]} to_move={view.to_move} "
                f"played={view.moves_played} fouls={view.fouls} "
                f"opponent_fouls={view.opponent_fouls_known}\n"
                + "\n".join(rows) + f"\nhand {hand}\ntold {news}")

    def __str__(self):
        core = self._core
        return f"{core.true_sfen()} fouls {core.fouls(0)}/{core.fouls(1)}"


def _announcement(a) -> str:
    detail = {"capture": lambda: f"{a.piece}@{sv.square_name(a.square)}",
              "foul": lambda: str(a.count), "opponent_foul": lambda: str(a.count),
              "game_over": lambda: a.outcome.reason}.get(a.kind)
    return f"{a.kind}:{detail()}" if detail else a.kind


class TsuitateShogiGame(_Game):
    """Tsuitate shogi (``shogi_variants_tsuitate``; params ``base``,
    ``foul_limit``, ``move_limit``, ``announce_fouls_to_both``)."""

    _STATE = TsuitateState
    _PARAMS = {"base": "standard", "foul_limit": 10, "move_limit": 150,
               "announce_fouls_to_both": True}
    _TYPE = _game_type("tsuitate", "shogi_variants tsuitate shogi", _PARAMS, imperfect=True)

    def _build(self, params):
        if params["move_limit"] < 1:
            raise ValueError("move_limit must be >= 1: it bounds the game's length")
        proto = sv.TsuitateGame(**params)
        # Played moves, plus each player's fouls short of the limit, plus the losing foul.
        length = params["move_limit"] + 2 * max(params["foul_limit"], 1) - 1
        # Each attempt tells a player at most five things.
        self._capacity = 5 * length
        return proto, self._info(proto, length)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """A player's observation, or their information state (``perfect_recall``)."""
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        if iig_obs_type is not None and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError(f"unsupported observation type: {iig_obs_type}")
        view = self._proto.view(sv.BLACK)
        shape = (view.information_state_tensor(self._capacity).size,) if recall else view.observation_shape
        return _Observer(shape, recall, params)


GAMES = {
    "standard": StandardGame,
    "minishogi": MinishogiGame,
    "must_capture": MustCaptureGame,
    "card": CardShogiGame,
    "tsuitate": TsuitateShogiGame,
}
"""Short name -> game class; the OpenSpiel name is ``shogi_variants_<short>``."""


def register() -> None:
    """Registers the five games with pyspiel (done on import; calling again is a no-op)."""
    known = set(pyspiel.registered_names())
    for cls in GAMES.values():
        if cls._TYPE.short_name not in known:
            pyspiel.register_game(cls._TYPE, cls)


def load(name: str, **params) -> pyspiel.Game:
    """``pyspiel.load_game`` of one of the games: ``name`` is the OpenSpiel
    name or the short one (``"minishogi"``, ``"must-capture"``, ``"card"``...).

    >>> load("card", base="minishogi", jokers=True).max_chance_outcomes()
    6
    """
    short = name.removeprefix(_PREFIX).replace("-", "_")
    if short not in GAMES:
        raise ValueError(f"unknown game {name!r}; one of {sorted(GAMES)}")
    register()
    return pyspiel.load_game(_PREFIX + short, params)


register()
