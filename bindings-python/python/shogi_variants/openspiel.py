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
- Observation types (``make_py_observer(pyspiel.IIGObservationType(...))``,
  ``open_spiel.python.observation.make_observation``). Perfect-information
  games, as OpenSpiel's own (tic-tac-toe): everything is public, so any type
  with ``public_info`` and without ``perfect_recall`` is the board
  observation, a public-info information state is the action history, and
  the private part is empty (string ``""``, no tensor). Tsuitate splits what
  a player knows into:

  * public, what both players are told alike: who is to move, the number of
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
  * private, what only the player knows: their own pieces and hand (planes
    0-20 of ``view(player).observation()``), their attempts refused this
    turn (planes 32-33), their own foul count when fouls are not announced
    (plane 34), and their colour (plane 37): ``private`` of shape
    ``(k, ranks, files)``. Its perfect-recall form ``private_history`` has
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
- Game length. Standard, minishogi, must-capture and Card shogi have no move
  limit by default, so their ``max_plies`` parameter (default 0: 512 plies on
  9x9, 256 on 5x5) is passed to the rules as ``move_limit``: a game still on
  after that many plies is a draw (reason ``move_limit``; a mate on the last
  ply still wins): truncation scored as a draw. Tsuitate uses its own rule limits: ``move_limit`` played
  moves (default 150) and ``foul_limit`` fouls per player (default 10), so at
  most ``move_limit + 2 * foul_limit - 1`` attempts are made.

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

__all__ = ["GAMES", "load", "register"]

_PREFIX = "shogi_variants_"
_FILES = {"standard": 9, "minishogi": 5}
_DEFAULT_MAX_PLIES = {"standard": 512, "minishogi": 256}


def _base(params: dict, game: str) -> str:
    """The ``base`` parameter, checked."""
    base = params["base"]
    if base not in _FILES:
        raise sv.SettingError(
            f"bad value for parameter 'base' of {_PREFIX}{game}: {base!r}; "
            f"allowed: {', '.join(repr(b) for b in _FILES)}"
        )
    return base


def _max_plies(params: dict, base: str, game: str) -> int:
    plies = int(params["max_plies"])
    if plies < 0:
        raise sv.SettingError(
            f"bad value for parameter 'max_plies' of {_PREFIX}{game}: {plies}; "
            "allowed: an integer >= 0 (0: the default)"
        )
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
        self._key = "info_state" if perfect_recall else "observation"
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {self._key: self.tensor.reshape(shape)}

    def set_from(self, state, player):
        """Writes ``player``'s tensor of ``state`` into ``tensor``."""
        array = state._info_tensor(player) if self._recall else state._observation(player)
        self.dict[self._key][...] = array

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
        """The observer of an observation type. The whole board is public:
        with ``public_info`` the board observation, or for ``perfect_recall``
        the action history; without, the empty private part (as OpenSpiel's
        own perfect-information games)."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
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
        name = self._TYPE.short_name.removeprefix(_PREFIX)
        base = _base(params, name) if "base" in params else self._VARIANT
        settings = {"base": base} if "base" in params else {}
        plies = _max_plies(params, base, name)
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
        # Exact in the library (fractions.Fraction); OpenSpiel takes floats.
        return [(card, float(p)) for card, p in self._core.chance_outcomes()]

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
        plies = _max_plies(params, _base(params, "card"), "card")
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

    def _private_string(self, player, recall, announced):
        """What only ``player`` knows: their attempts (``recall``: all, with
        the number of public events before each), or their pieces, hand,
        refused attempts this turn and unannounced fouls."""
        view = self._core.view(player)
        side = _SIDES[player]
        if recall:
            items, public = [], 0
            for event, item in _split(view.information_state, player, announced):
                if event is not None:
                    public += 1
                elif item[0] == "attempted":
                    items.append(f"attempted:{item[1].usi()}@{public}")
                else:
                    items.append(f"foul:{item[1]}")
            return f"{side}|" + ";".join(items)
        rows, hand = _own_board_text(view, _FILES[self._core.settings["base"]])
        told = view.information_state
        last = max((i for i, a in enumerate(told) if a.kind == "played"
                    or a.kind == "opponent_moved"), default=-1)
        refused = [told[i].move.usi() for i in range(last + 1, len(told) - 1)
                   if told[i].kind == "attempted" and told[i + 1].kind == "foul"]
        fouls = "" if announced else f" fouls={view.fouls}"
        return (f"{side}{fouls}\n" + "\n".join(rows) + f"\nhand {hand}\nrefused "
                + (" ".join(refused) or "-"))

    def _observation(self, player):
        return self._core.view(player).observation()

    def _info_tensor(self, player):
        return self._core.view(player).information_state_tensor(self.get_game()._capacity)

    def _observation_string(self, player):
        """The player's own pieces, hand, counts and what they were told since
        their last attempt; nothing hidden."""
        view = self._core.view(player)
        rows, hand = _own_board_text(view, _FILES[self._core.settings["base"]])
        told = view.information_state
        last = max((i for i, a in enumerate(told) if a.kind == "attempted"), default=-1)
        news = " ".join(_announcement(a) for a in told[last + 1:]) or "-"
        return (f"{('black', 'white')[view.color]} to_move={view.to_move} "
                f"played={view.moves_played} fouls={view.fouls} "
                f"opponent_fouls={view.opponent_fouls_known}\n"
                + "\n".join(rows) + f"\nhand {hand}\ntold {news}")

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state ``player_id`` cannot tell from this one, reached by a real
        history (see the module docstring): the same information state,
        legal actions and observations for ``player_id``; the opponent's
        moves sampled. ``probability_sampler()`` (a number in [0, 1)) seeds
        the sample."""
        seed = int(float(probability_sampler()) * 2**53)
        core = self._core.resample(player_id, seed)
        state = self.get_game().new_initial_state()
        for by, move, _ in core.attempts():
            state.apply_action(state._core.view(by).action(move))
        return state

    def _public_events(self):
        """The public events so far, ``(kind, side, a, b)``: what both
        players were told alike (read off Black's information state)."""
        announced = self._core.settings["announce_fouls_to_both"]
        return [e for e, _ in _split(self._core.view(sv.BLACK).information_state, sv.BLACK, announced)
                if e is not None]

    def __str__(self):
        core = self._core
        return f"{core.true_sfen()} fouls {core.fouls(0)}/{core.fouls(1)}"


_KINDS = ("P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R")
_HAND_KINDS = ("P", "L", "N", "S", "G", "B", "R")
_PUBLIC_KINDS = ("played", "foul", "capture", "check", "game_over")
_SIDES = ("black", "white")


def _split(told, color, announced):
    """Each announcement of ``color``'s information state ``told`` as
    ``(public event or None, private item or None)``. A public event is
    ``(kind, side, a, b)`` in absolute terms (the same for both players); a
    private item is ``("attempted", move)`` or ``("foul", count)`` (a foul
    the opponent is not told of)."""
    other = 1 - color
    out = []
    for a in told:
        kind = a.kind
        if kind == "attempted":
            out.append((None, ("attempted", a.move)))
        elif kind == "foul":
            out.append((("foul", color, a.count, None), None) if announced
                       else (None, ("foul", a.count)))
        elif kind == "opponent_foul":
            out.append((("foul", other, a.count, None), None))
        elif kind == "played":
            out.append((("played", color, None, None), None))
        elif kind == "opponent_moved":
            out.append((("played", other, None, None), None))
        elif kind == "capture":
            out.append((("capture", None, a.square, a.piece), None))
        elif kind == "check":
            out.append((("check", None, None, None), None))
        else:  # game_over
            out.append((("game_over", a.outcome.winner, a.outcome.reason, None), None))
    return out


def _event_text(e) -> str:
    kind, side, a, b = e
    if kind == "played":
        return f"{_SIDES[side]}:played"
    if kind == "foul":
        return f"{_SIDES[side]}:foul:{a}"
    if kind == "capture":
        return f"capture:{sv.square_name(a)}:{b}"
    if kind == "game_over":
        return f"game_over:{'draw' if side is None else _SIDES[side]}:{a}"
    return kind


class _TsuitateObserver:
    """A PyObserver of any ``IIGObservationType`` for Tsuitate (the split of
    public and private facts is in the module docstring). The default and
    the info-state types are the view's own tensors and strings."""

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
        planes, ranks, files = proto.view(sv.BLACK).observation_shape
        self._ranks, self._files = ranks, files
        self._announced = proto.settings["announce_fouls_to_both"]
        self._planes = list(range(21)) + [32, 33] + ([] if self._announced else [34]) + [37]
        if self._whole:
            shape = (game._info_size,) if self._recall else (planes, ranks, files)
            pieces = [("info_state" if self._recall else "observation", shape)]
        else:
            pieces = []
            if self._public and self._recall:
                pieces.append(("public_history", (game._capacity, 9)))
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
            events = state._public_events()
            if self._recall:
                self._public_history(events, self.dict["public_history"])
            else:
                self._public_now(state, events)
        if self._private:
            out = self.dict["private_history" if self._recall else "private"]
            for i, owner in enumerate(self._owners(player)):
                row = out if self._private == 1 else out[i]
                if self._recall:
                    self._private_history(state, owner, row)
                else:
                    row[...] = state._observation(owner)[self._planes]

    def _public_history(self, events, rows):
        squares = self._ranks * self._files
        limit = max(self._game._foul_limit, 1)
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
        d, core = self.dict, state._core
        if not core.is_game_over():
            d["to_move"][core.turn] = 1.0
        game = self._game
        played = sum(1 for e in events if e[0] == "played")
        d["counts"][0] = played / game._move_limit
        for kind, side, a, _ in events:
            if kind == "foul":
                d["counts"][1 + side] = a / max(game._foul_limit, 1)
        last = max((i for i, e in enumerate(events) if e[0] == "played"), default=-1)
        for k, kind in enumerate(_HAND_KINDS):
            d["material"][:, k] = 0.5 if game._totals[kind] else 0.0
        mover = None
        for i, (kind, side, a, b) in enumerate(events):
            if kind == "played":
                mover = side
            elif kind == "capture":
                k = _HAND_KINDS.index(b.lstrip("+"))
                share = 0.5 / game._totals[_HAND_KINDS[k]]
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

    def _private_history(self, state, owner, rows):
        cap = self._game._capacity
        actions = self._game.num_distinct_actions()
        view = state._core.view(owner)
        public = 0
        i = -1
        for event, item in _split(view.information_state, owner, self._announced):
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
            events = state._public_events()
            if self._recall:
                parts.append(";".join(_event_text(e) for e in events))
            else:
                core = state._core
                played = sum(1 for e in events if e[0] == "played")
                last = max((i for i, e in enumerate(events) if e[0] == "played"), default=-1)
                fouls = {side: a for kind, side, a, _ in events if kind == "foul"}
                turn = "over" if core.is_game_over() else _SIDES[core.turn]
                news = ";".join(_event_text(e) for e in events[last + 1:] if e[0] != "foul") or "-"
                parts.append(f"to_move={turn} played={played} fouls={fouls.get(0, 0)}/{fouls.get(1, 0)}"
                             f" last={news}")
        for owner in self._owners(player) if self._private else []:
            parts.append(state._private_string(owner, self._recall, self._announced))
        return "\n".join(parts)


def _own_board_text(view, files: int) -> tuple[list[str], str]:
    """A player's own board, one text row per rank (``.`` where nothing of
    theirs stands), and their hand: what their observation strings show."""
    rows = []
    for rank in "abcdefghi"[:files]:
        cells = (view.piece_at(f"{file}{rank}") or "." for file in range(files, 0, -1))
        rows.append(" ".join(f"{c:>2}" for c in cells))
    hand = " ".join(f"{k}{n}" for k, n in sorted(view.hand().items())) or "-"
    return rows, hand


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
        _base(params, "tsuitate")
        for name in ("move_limit", "foul_limit"):
            if params[name] < 1:
                raise sv.SettingError(
                    f"bad value for parameter {name!r} of {_PREFIX}tsuitate: {params[name]}; "
                    "allowed: an integer >= 1" + (" (it bounds the game's length)"
                                                  if name == "move_limit" else ""))
        proto = sv.TsuitateGame(**params)
        # Played moves, plus each player's fouls short of the limit, plus the losing foul.
        length = params["move_limit"] + 2 * params["foul_limit"] - 1
        # Each attempt tells a player at most five things.
        self._capacity = 5 * length
        self._move_limit, self._foul_limit = params["move_limit"], params["foul_limit"]
        self._info_size = proto.view(sv.BLACK).information_state_tensor(self._capacity).size
        # Each side's pieces of a hand kind at the start (promoted ones counted as their base).
        board = proto.true_sfen().split()[0]
        self._totals = {k: sum(1 for c in board if c.upper() == k) // 2 for k in _HAND_KINDS}
        return proto, self._info(proto, length)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer of any observation type (see the module docstring)."""
        return _TsuitateObserver(self, iig_obs_type, params)


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
