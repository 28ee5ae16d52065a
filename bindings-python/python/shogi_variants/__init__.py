"""shogi_variants: shogi and its variants with exact rules, implemented in Rust.

Squares are integers numbered on the board they belong to,
``(file - 1) * ranks + (rank - 1)``: 0..80 on 9×9 (7g is 60), 0..24 on 5×5
(5e is 24), as the action space numbers them. Every function taking a square
also takes its USI name; ``square(file, rank)``, ``square_file(sq)`` and
``square_rank(sq)`` convert (9×9 unless given ``board=`` or
``files=``/``ranks=``; the same methods of a board or game use its own
board). A ``Move`` equals the same move on any board but answers
``from_square``/``to_square`` in the numbering of the board that made it.
Colors are the ``Color`` members ``BLACK`` (0, moves first) and ``WHITE`` (1);
why a game ended is an ``EndReason``. Pieces are SFEN letters.

Where to start, by what you build:

- a game server: ``new_game(name, **settings)`` (any game), its
  ``to_move()``, ``legal_moves``, ``push``/``apply_action``, ``resign`` and
  ``outcome()``; ``seen(color)`` for what a seat may see; ``to_json()`` and
  ``load`` to keep a game; ``Session`` for a table's house rules (turn
  time, the CPU over time, saved with its ends); the players for the CPU
  seat;
- an engine: ``Board`` (python-chess's shape: ``push``, ``pop``,
  ``legal_moves``), ``perft``, ``SearchPlayer``, ``Board.mate()`` on a
  ``Board.problem_from_sfen(...)`` (tsume), ``Record`` (KIF, KI2, CSA, JKF,
  USEN);
- research: ``observation_tensor()`` and ``action_mask()``, ``SelfPlay``
  (batched, into numpy), ``Episodes`` (dataset rows),
  ``shogi_variants.openspiel``/``pettingzoo`` and ``distributed`` (Ray);
- a variant of your own: ``Board(variant="defined", definition=...)``
  (TOML), ``FamilyGame`` (pieces in Betza notation, ``DEFINITIONS``) and
  ``register_variant`` (rules as Python hooks).

The notebooks in ``examples/notebooks`` walk through each; ``help()`` on any
name gives its contract.

>>> import shogi_variants as sv
>>> board = sv.Board()
>>> len(board.legal_moves)
30
>>> board.push_usi("7g7f")
Move.from_usi('7g7f')
>>> board.perft(2)
1110
>>> mini = sv.Board(variant="minishogi")
>>> mini.square(5, 5), sv.square(5, 5, ranks=5), sv.square(5, 5)
(24, 24, 40)
>>> mini.push_usi("5d5c").to_square == mini.parse_square("5c") == 22
True
"""

import enum as _enum

from . import _cpu

_cpu.check()  # before the extension loads: a clear error, not SIGILL, on an older CPU


class Color(_enum.IntEnum):
    """A side: ``BLACK`` (sente, 0, moves first) or ``WHITE`` (gote, 1).

    Every colour the API returns is a member (``board.turn``, ``to_move()``,
    ``Outcome.winner``...), and every argument taking a colour also takes
    ``0``/``1`` and numpy integers. A member is an ``int``: it equals 0 or 1,
    indexes lists and arrays, hashes as its number, and ``str()``/``format()``
    give the digit as for an int (``f"{Color.BLACK}" == "0"``); ``.name`` is
    ``"BLACK"``.

    Unlike an int, a member is always true: ``if outcome.winner:`` reads a
    Black win as a win (``winner`` is ``None`` only for a draw), where the
    int 0 would read it as false. ``~color`` and ``color.opponent`` give the
    other side (``~`` of an int would be ``-1``).

    >>> Color.BLACK == 0, bool(Color.BLACK), ~Color.BLACK
    (True, True, <Color.WHITE: 1>)
    >>> [10, 20][Color.WHITE]
    20
    """

    BLACK = 0
    WHITE = 1

    def __bool__(self) -> bool:
        # A colour is never "false": `if winner:` must not read Black as a draw.
        return True

    def __invert__(self) -> "Color":
        return Color(1 - self._value_)

    @property
    def opponent(self) -> "Color":
        """The other side."""
        return Color(1 - self._value_)

    def __str__(self) -> str:
        # As an int (the same on every Python; IntEnum's str changed in 3.11).
        return str(self._value_)

    def __format__(self, spec: str) -> str:
        return format(self._value_, spec)


class EndReason(str, _enum.Enum):
    """Why a game ended, named as Rust's ``EndReason::name`` (a ``str``).

    ``Outcome.reason`` is a member, equal to its text
    (``EndReason.CHECKMATE == "checkmate"``) and printed as it
    (``str()``/``format()`` give the value). The core's ends, then those the
    games and the match runner define: Tsuitate's ``FOUL_LIMIT``, Card
    shogi's ``NO_MOVE_ON_CARD_FILE``, ``play_match``'s ``TIMEOUT`` and
    ``ILLEGAL_MOVE``. A reason this enum does not list (an end a variant
    defines outside the built-in games) is returned as a plain ``str``; so is
    ``MatchResult.games``' ``"max_plies"``, the match's own cap (no end of the
    game).

    >>> EndReason("checkmate") is EndReason.CHECKMATE, f"{EndReason.MOVE_LIMIT}"
    (True, 'move_limit')
    """

    CHECKMATE = "checkmate"
    NO_LEGAL_MOVE = "no_legal_move"
    REPETITION = "repetition"
    PERPETUAL_CHECK = "perpetual_check"
    MOVE_LIMIT = "move_limit"
    IMPASSE_DECLARATION = "impasse_declaration"
    RESIGNATION = "resignation"
    FOUL_LIMIT = "foul_limit"
    NO_MOVE_ON_CARD_FILE = "no_move_on_card_file"
    TIMEOUT = "timeout"
    ILLEGAL_MOVE = "illegal_move"

    def __str__(self) -> str:
        return self._value_

    def __format__(self, spec: str) -> str:
        return format(self._value_, spec)


BLACK = Color.BLACK
WHITE = Color.WHITE

from ._core import (  # noqa: E402  (the enums come first: _core looks them up)
    DEFINITIONS,
    GAMES,
    JOKER,
    VARIANTS,
    AmbiguousMoveError,
    Announcement,
    ArgumentError,
    BeliefPlayer,
    BusyError,
    Board,
    Capture,
    CardPlayer,
    CardGame,
    ChanceError,
    CsaProtocolError,
    EpisodeResult,
    Episodes,
    Event,
    FamilyGame,
    Game,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidSfenError,
    InvalidSquareError,
    LegalMoves,
    MatchResult,
    MateProgress,
    MateReport,
    MateSolver,
    MissingExtraError,
    Move,
    NaivePlayer,
    Outcome,
    PlayerView,
    RandomPlayer,
    Record,
    RecordNode,
    RecordWriteError,
    Ruling,
    ScriptError,
    SearchPlayer,
    SelfPlay,
    Session,
    SettingError,
    ShogiError,
    StaleNodeError,
    TrainingDataError,
    TrainingEntry,
    TsuitateGame,
    __version__,
    diagram_defaults,
    episode_seed,
    game_settings,
    load,
    new_game,
    parse_square,
    play_csa_game,
    play_match,
    read_hcpe,
    read_psv,
    register_variant,
    scripted_variants,
    set_diagram_defaults,
    square,
    square_file,
    square_name,
    square_rank,
)

__all__ = [
    "BLACK",
    "DEFINITIONS",
    "GAMES",
    "JOKER",
    "VARIANTS",
    "WHITE",
    "AmbiguousMoveError",
    "Announcement",
    "ArgumentError",
    "BeliefPlayer",
    "BusyError",
    "Board",
    "Color",
    "Capture",
    "CardPlayer",
    "CardGame",
    "ChanceError",
    "CsaProtocolError",
    "EndReason",
    "EpisodeResult",
    "Episodes",
    "Event",
    "FamilyGame",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidSfenError",
    "InvalidSquareError",
    "LegalMoves",
    "MatchResult",
    "MateProgress",
    "MateReport",
    "MateSolver",
    "MissingExtraError",
    "Move",
    "NaivePlayer",
    "Outcome",
    "PlayerView",
    "RandomPlayer",
    "Record",
    "RecordNode",
    "RecordWriteError",
    "Ruling",
    "ScriptError",
    "SearchPlayer",
    "SelfPlay",
    "Session",
    "SettingError",
    "ShogiError",
    "StaleNodeError",
    "TrainingDataError",
    "TrainingEntry",
    "TsuitateGame",
    "__version__",
    "diagram_defaults",
    "episode_seed",
    "game_settings",
    "load",
    "new_game",
    "parse_square",
    "play_csa_game",
    "play_match",
    "read_hcpe",
    "read_psv",
    "register_variant",
    "scripted_variants",
    "set_diagram_defaults",
    "square",
    "square_file",
    "square_name",
    "square_rank",
]
