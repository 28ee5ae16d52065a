"""Type stubs of shogi_variants: shogi and its variants, exact rules, from Rust.

Squares are integers numbered on the board they belong to:
``(file - 1) * ranks + (rank - 1)``, so 0..80 on 9×9 (7g is
``(7 - 1) * 9 + 6 = 60``) and 0..24 on 5×5 (5e is ``4 * 5 + 4 = 24``), the
numbering of the action space. Every function that takes a square also takes
its USI name (``"7g"``); ``square(file, rank)``, ``square_file`` and
``square_rank`` convert (module functions: 9×9 unless given ``board=`` or
``files=``/``ranks=``; methods of every game and view: its own board). A
``Move`` compares by the move alone but numbers its squares as the board that
made it. Colors are the ``Color`` members ``BLACK`` (0, sente,
moves first) and ``WHITE`` (1); an argument taking a colour also takes 0/1.
Why a game ended is an ``EndReason``. Pieces are SFEN letters: uppercase for Black, lowercase for White, ``+``
for promoted (``"P"``, ``"+r"``). Cards are ``1``..``9`` (the file they name)
and ``JOKER`` (0).
"""

import enum
from fractions import Fraction
from typing import Any, Callable, Iterable, Iterator, Literal, NoReturn, Optional, Sequence, TypedDict, Union

from typing_extensions import Self, disjoint_base, final

import numpy as np
import numpy.typing as npt

__version__: str

class Color(enum.IntEnum):
    """A side, an ``int``: ``BLACK`` (0, moves first) or ``WHITE`` (1).

    Always true (``if outcome.winner:`` is false only for a draw's ``None``);
    ``str()`` gives the digit as for an int; ``~color`` is the other side."""

    BLACK = 0
    WHITE = 1
    def __bool__(self) -> Literal[True]: ...
    def __invert__(self) -> Color: ...
    @property
    def opponent(self) -> Color:
        """The other side."""

class EndReason(str, enum.Enum):
    """Why a game ended (Rust's ``EndReason::name``), equal to its text."""

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
    def __new__(cls, value: str) -> Self: ...

BLACK: Literal[Color.BLACK]
WHITE: Literal[Color.WHITE]
JOKER: int
VARIANTS: list[str]
"""The perfect-information variants ``Board`` plays: standard, minishogi, must-capture,
and ``"defined"`` (rules from a definition file: ``Board(variant="defined",
definition=toml_text)``)."""
DEFINITIONS: list[str]
"""The definition files shipped with the library, each also a ``variant`` name:
standard, minishogi, judkins, gorogoro, checkshogi."""
GAMES: list[str]
"""Every game: the variants (``"defined"`` among them) plus ``"card"`` and ``"tsuitate"``."""

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
    "Capture",
    "CardPlayer",
    "CardGame",
    "ChanceError",
    "CsaProtocolError",
    "Color",
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

Square = Union[int, str]
MoveLike = Union["Move", str]
# A notation dialect by name (Rust's ``Dialect``); ``"fsf"`` and
# ``"shogiops"`` are read as well, in any case.
Dialect = Literal["usi", "lishogi", "fairy-stockfish"]

def square_name(
    square: Square, *, files: Optional[int] = None, ranks: Optional[int] = None, board: Optional[Any] = None
) -> str:
    """USI name of a square: ``square_name(60) == "7g"``, ``square_name(24,
    ranks=5) == "5e"``. Raises ``InvalidSquareError`` for a square off the board.

    The square functions number on ``board`` (a ``Board``, ``CardGame``,
    ``TsuitateGame`` or ``PlayerView``), else on ``files`` × ``ranks`` (one alone:
    a square board), else 9×9; ``ArgumentError`` for a size outside 3..=9."""

def parse_square(
    name: Square, *, files: Optional[int] = None, ranks: Optional[int] = None, board: Optional[Any] = None
) -> int:
    """Square number of a USI name (``"7g"`` -> 60; ``"5e"`` -> 24 with ``ranks=5``);
    a number is checked and returned. Raises ``InvalidSquareError``."""

def square(
    file: int, rank: int, *, files: Optional[int] = None, ranks: Optional[int] = None, board: Optional[Any] = None
) -> int:
    """The square on ``file`` and ``rank`` (1-based, rank 1 is ``a``):
    ``(file - 1) * ranks + (rank - 1)``; ``square(7, 7) == 60``, ``square(5, 5,
    ranks=5) == 24``. Raises ``InvalidSquareError`` off the board."""

def square_file(
    square: Square, *, files: Optional[int] = None, ranks: Optional[int] = None, board: Optional[Any] = None
) -> int:
    """The file (1..) of a square (number or USI name): ``square_file(60) == 7``."""

def square_rank(
    square: Square, *, files: Optional[int] = None, ranks: Optional[int] = None, board: Optional[Any] = None
) -> int:
    """The rank (1.., 1 is ``a``) of a square: ``square_rank(60) == 7``."""

# What diagram_defaults() returns (a type for the stubs only, as Square is).
_DiagramDefaults = TypedDict(
    "_DiagramDefaults",
    {"lang": Literal["ja", "en"], "pieces": Literal["kanji", "latin"], "font": list[str]},
)

def set_diagram_defaults(
    *,
    lang: Optional[Literal["ja", "en"]] = None,
    pieces: Optional[Literal["kanji", "latin"]] = None,
    font: Union[str, Sequence[str], None] = None,
) -> _DiagramDefaults:
    """Set the defaults of the picture options a call leaves out, for every game
    and view and the whole process (``svg()``, ``_repr_svg_`` in a notebook):
    ``lang``, ``pieces`` and ``font`` as ``svg`` takes them (``font=[]``: back to
    the built-in list). A keyword left out or ``None`` keeps its default; an
    argument given to ``svg(...)`` still wins. Returns the defaults as they
    were (``set_diagram_defaults(**old)`` puts them back). A bad value raises
    ``SettingError`` and changes nothing. Without a CJK font:
    ``set_diagram_defaults(pieces="latin", lang="en")``."""

def diagram_defaults() -> _DiagramDefaults:
    """The defaults ``svg()`` uses for what a call leaves out:
    ``{"lang": "ja", "pieces": "kanji", "font": []}`` until
    ``set_diagram_defaults`` changes them."""

def load(json: str) -> Union["Board", "CardGame", "TsuitateGame"]:
    """Read a saved game (any game's ``to_json()``) back into a game that continues
    where it was saved. Raises ``InvalidSfenError`` naming the first move, card or
    attempt that cannot be replayed, or the field that is wrong. One leading byte
    order mark is skipped. The format (versioned JSON) is documented in the Rust
    crate: ``shogi_variants::SavedGame``."""

def game_settings(name: str) -> dict[str, Any]:
    """The settings a game of ``name`` takes as keywords, each with its default
    (``None``: "none", as no move limit): a kind's own settings, a definition's
    house rules, a registered script's base and that base's settings. Any name
    the constructors take. Raises ``SettingError`` for an unknown name."""

def new_game(
    name: str, sfen: Optional[str] = None, *, seed: Optional[int] = None, **settings: Any
) -> Union["Board", "CardGame", "TsuitateGame"]:
    """A new game of any name at its start (or at ``sfen``): a ``CardGame`` for
    Card shogi (``seed`` seeds its deck; None: a fresh one), a ``TsuitateGame``
    for Tsuitate shogi, else a ``Board`` of that variant (a definition, a
    script...). The games without chance ignore ``seed``. Raises
    ``SettingError`` for an unknown name or setting."""

class ShogiError(ValueError):
    """Base class of every error this module raises."""

class InvalidSfenError(ShogiError):
    """The SFEN is malformed or describes an impossible position."""

class InvalidMoveError(ShogiError):
    """The text is not a move in USI notation."""

class AmbiguousMoveError(InvalidMoveError):
    """Move notation that fits several legal moves ("G-5h" with two golds that
    can go there): say which piece, e.g. "G6i-5h" or "５八金右"."""

class InvalidSquareError(ShogiError):
    """Not a square name or index (or off this board)."""

class IllegalMoveError(ShogiError):
    """A well-formed move that the rules forbid here. The message says why in
    words (``"P*5e: two pawns on file 5 (nifu)"``); ``reason`` names the rule,
    a short stable string:

    - ``"nifu"``: a second unpromoted pawn on a file;
    - ``"dead_square"``: a piece dropped, or moved unpromoted, where it could never move;
    - ``"pawn_drop_mate"``: a pawn drop that checkmates;
    - ``"own_king_in_check"``: the move leaves or puts the mover's king in check
      (Tsuitate's foul of that rule has the same name in ``attempts()``);
    - ``"must_capture"``: a capture is available and compulsory (must-capture
      shogi, Card shogi's ``capture_duty``);
    - ``"off_card_file"``: Card shogi, not on the drawn card's file;
    - ``"no_such_piece"``, ``"not_your_piece"``, ``"own_piece_there"``,
      ``"cannot_move_there"``, ``"none_in_hand"``, ``"occupied"`` (a drop onto
      a piece), ``"promotion_not_allowed"``, ``"off_board"``;
    - ``"chance_due"``: a move while a card is to be drawn;
    - ``"not_allowed"``: any other refusal, and the default of an
      ``IllegalMoveError`` raised without a reason.
    """

    reason: str

class GameOverError(ShogiError):
    """The game has ended; no move is accepted."""

class SettingError(ShogiError):
    """An unknown variant, unknown setting or bad setting value."""

class ChanceError(ShogiError):
    """A chance outcome that cannot happen now, or a chance step asked for while a player is to move."""

class ArgumentError(ShogiError):
    """An argument out of its range (an integer past the parameter's bounds,
    text that is not valid Unicode) where no more specific class applies; the
    message gives the range."""

class MissingExtraError(ShogiError):
    """An optional dependency is not installed; the message names the extra to
    install (``pip install shogi-variants[numpy]``)."""

class CsaProtocolError(ShogiError):
    """A game on a CSA protocol server that could not be played to its end: a
    refused login, a rejected game, a closed connection, a line the protocol
    does not allow."""

def play_csa_game(
    host: str, port: int, name: str, password: str, player: Any, timeout: Optional[float] = None
) -> dict[str, Any]:
    """Plays one game on a CSA protocol server (floodgate's, v1.2.1) with
    ``player`` (a library player or any object with ``choose(board)``): logs in,
    agrees, plays to the server's result (declaring ``%KACHI`` when the summary's
    27-point rule makes it a win), logs out. Returns ``game_id``, ``color``,
    ``black``, ``white``, ``moves`` (USI), ``reason``, ``result`` (``"win"``,
    ``"lose"``, ``"draw"``, ``"censored"``, ``"interrupted"``), ``summary`` and
    ``transcript``. Raises ``CsaProtocolError``."""

class TrainingDataError(ShogiError):
    """Training data (HCPE, PSV) that cannot be written (not standard shogi, a
    handicap game's missing pieces) or read (not whole entries, an entry that is no
    position, move or result)."""

@final
class TrainingEntry:
    """One position of a game as training data (Rust's ``TrainingEntry``)."""

    @property
    def sfen(self) -> str: ...
    @property
    def position(self) -> "Board":
        """A new standard ``Board`` at the position."""
    @property
    def best_move(self) -> Optional["Move"]:
        """The move played there (or the best move found), if any."""
    @property
    def score(self) -> int:
        """The side to move's evaluation in centipawns (0: unknown)."""
    @property
    def winner(self) -> Optional[Color]:
        """The game's winner; ``None`` for a draw or no result."""

def read_hcpe(data: bytes) -> list[TrainingEntry]:
    """The entries of cshogi's HCPE bytes (38 bytes an entry), each move checked
    legal in its position. Raises ``TrainingDataError``."""

def read_psv(data: bytes) -> list[TrainingEntry]:
    """The entries of YaneuraOu's PSV bytes (40 bytes an entry). Raises ``TrainingDataError``."""

class RecordWriteError(ShogiError):
    """A record that cannot be written in the format asked for: a move that does
    not replay, an end or header key the format has no words for."""

class ScriptError(ShogiError):
    """A scripted variant's hook answered what it may not (a move it was not
    offered, not an ``Outcome``), or its hooks are missing."""

class BusyError(ShogiError):
    """The object is in use by another call (another thread, or a callback of
    the call using it); nothing was changed: give each thread its own object
    (``board.copy()``, a new player)."""

@final
class Move:
    """A move: immutable, hashable, ordered by ``code``.

    ``Move(from_square, to_square, promotion=False, *, board=None)`` for a board
    move, ``Move.drop(piece, to_square, *, board=None)`` for a drop,
    ``Move.from_usi("7g7f", *, board=None)``.

    A move is the same value on every board: equality, hashing and order go by
    the move itself, so ``Move.from_usi("5e4d")`` equals the minishogi move
    ``5e4d``. It remembers the square numbering of the board that made it
    (``legal_moves``, ``pop``, ``peek``, players, ...; ``board=`` for one built
    by hand, 9×9 without), and ``from_square``/``to_square`` answer in it.
    ``board.push`` plays a move by what it is, whatever numbering it remembers.
    """

    def __new__(
        cls, from_square: Square, to_square: Square, promotion: bool = False, *, board: Optional[Any] = None
    ) -> Self: ...
    @staticmethod
    def from_usi(usi: str, *, board: Optional[Any] = None) -> "Move":
        """Parse USI (``"7g7f"``, ``"8h2b+"``, ``"P*5e"``); ``board`` gives the square
        numbering (and refuses squares off it). Raises ``InvalidMoveError``."""
    @staticmethod
    def drop(piece: str, to_square: Square, *, board: Optional[Any] = None) -> "Move":
        """A drop of ``piece`` (``"P"``, ``"L"``, ``"N"``, ``"S"``, ``"G"``, ``"B"``, ``"R"``) on ``to_square``
        (numbered as on ``board``, 9×9 without)."""
    @staticmethod
    def from_code(code: int) -> "Move":
        """The move of a 16-bit ``code`` (see ``Move.code``), in 9×9 numbering. Raises ``InvalidMoveError``."""
    @property
    def board_shape(self) -> tuple[int, int]:
        """``(files, ranks)`` of the numbering ``from_square``/``to_square`` use: the
        board that made the move, ``(9, 9)`` for one built without a board."""
    def usi(self) -> str:
        """USI notation."""
    @property
    def from_square(self) -> Optional[int]:
        """Origin square, ``None`` for a drop, numbered as on the board that made the move."""
    @property
    def to_square(self) -> int:
        """Destination square, numbered as on the board that made the move."""
    @property
    def drop_piece(self) -> Optional[str]:
        """The dropped piece's uppercase letter, ``None`` for a board move."""
    @property
    def promotion(self) -> bool:
        """Whether the move promotes."""
    @property
    def code(self) -> int:
        """A stable 16-bit integer for the move (an action id for learning code)."""
    @property
    def is_drop(self) -> bool:
        """Whether the move is a drop (a property, as ``promotion`` is)."""
    @property
    def is_promotion(self) -> bool:
        """Whether the move promotes (the same as ``promotion``)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __lt__(self, other: "Move", /) -> bool: ...
    def __le__(self, other: "Move", /) -> bool: ...
    def __gt__(self, other: "Move", /) -> bool: ...
    def __ge__(self, other: "Move", /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Outcome:
    """How a game ended."""

    def __new__(cls, winner: Optional[int], reason: str) -> Self:
        """A win of ``winner`` (``Color.BLACK``/``Color.WHITE``), or a draw for
        ``None``, for ``reason``: an ``EndReason`` member or name, or a name of
        your own (lowercase letters and ``_``)."""

    @property
    def winner(self) -> Optional[Color]:
        """``Color.BLACK``, ``Color.WHITE`` or ``None`` for a draw (only a draw is false)."""
    @property
    def reason(self) -> Union[EndReason, str]:
        """Why the game ended: an ``EndReason`` member, or a plain ``str`` for
        an end the enum does not list."""
    def score(self, color: int) -> float:
        """1.0 for a win of ``color``, 0.5 for a draw, 0.0 for a loss."""
    def returns(self) -> list[float]:
        """Per-player returns ``[black, white]``: +1 win, -1 loss, 0 draw."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class LegalMoves:
    """The moves a game allows now, generated when used (``len``, ``in``,
    iteration): a board's legal moves, the moves a drawn card allows, a
    Tsuitate player's candidate attempts."""

    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __contains__(self, move: MoveLike, /) -> bool: ...
    def __iter__(self) -> Iterator[Move]: ...
    def count(self) -> int: ...

@disjoint_base
class Game:
    """A game: the base class of ``Board``, ``CardGame``, ``TsuitateGame`` and ``FamilyGame``
    (``isinstance(g, Game)`` holds for each), with the methods every game
    answers alike: the contract (``to_move``, ``legal_moves``,
    ``chance_outcomes``, ``apply_chance``, ``apply_action``, ``history``,
    ``seen``), the questions about the position (in Tsuitate, the referee's
    true position), squares, actions, saving and pictures. Games are made by
    their own class or by ``load``, not by ``Game`` itself."""

    @property
    def settings(self) -> dict[str, object]:
        """The settings, defaults included."""
    @property
    def turn(self) -> Color:
        """The side to move."""
    @property
    def files(self) -> int: ...
    @property
    def ranks(self) -> int: ...
    def square(self, file: int, rank: int) -> int:
        """The square on ``file`` and ``rank`` (1-based) of this board: ``(file - 1) * ranks + (rank - 1)``.
        Raises ``InvalidSquareError`` off the board."""
    def square_file(self, square: Square) -> int:
        """The file (1..) of a square of this board (number or USI name)."""
    def square_rank(self, square: Square) -> int:
        """The rank (1.., 1 is ``a``) of a square of this board (number or USI name)."""
    def square_name(self, square: Square) -> str:
        """The USI name of a square of this board (``"5e"``)."""
    def parse_square(self, name: Square) -> int:
        """The number on this board of a square's USI name (a number is checked and returned)."""
    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves (none once the game is over): a board's, the moves the
        drawn card allows (none at a draw), Tsuitate's candidate attempts."""
    def push(self, move: MoveLike) -> Optional["Ruling"]:
        """Play a legal move (a card game: one the card allows). Raises
        ``IllegalMoveError``/``GameOverError``; the game is then unchanged.
        Tsuitate returns the referee's ``Ruling``."""
    def push_usi(self, usi: str, dialect: Optional[Dialect] = None) -> Union[Move, "Ruling"]:
        """Parse and play a USI move (written in ``dialect``, ours by default);
        returns it (Tsuitate: the ``Ruling``)."""
    def is_check(self) -> bool: ...
    def is_game_over(self) -> bool: ...
    def outcome(self) -> Optional[Outcome]:
        """The outcome under the game's rules, or ``None`` while the game goes on."""
    def to_move(self) -> Union[Color, Literal["chance"], None]:
        """Who acts now (Rust's ``GameState::to_move``): ``BLACK``/``WHITE``,
        ``"chance"`` at a chance step, ``None`` once the game is over."""
    def is_chance_node(self) -> bool: ...
    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        """The chance step's outcomes ``(id, exact probability)``; empty unless ``to_move() == "chance"``."""
    def apply_chance(self, id: int) -> None:
        """Applies a chance outcome (a card game: chooses the card). Raises ``ChanceError`` if it cannot happen now."""
    def chance_step(self) -> int:
        """Resolves the chance step with the game's own seeded generator; returns the outcome's id. Raises ``ChanceError`` if none is due."""
    def apply_action(self, action: str) -> tuple[Optional[str], tuple[list[str], list[str]]]:
        """Plays one action written as ``history()`` writes it (a USI move, or
        ``"chance:ID"``); returns ``(verdict, (told_black, told_white))``: ``"played"``,
        ``"foul"`` or ``None`` for a chance outcome, and what each seat was told, as
        text (Tsuitate's announcements, ``"card:5"``; nothing in the open games)."""
    def history(self) -> list[str]:
        """Every action so far, oldest first: USI moves (Tsuitate: every attempt) and ``"chance:ID"``."""
    def max_length(self) -> Optional[int]:
        """The most player actions a whole game can hold under its rules, from its
        start (moves; Tsuitate: attempts, fouls included): OpenSpiel's
        ``max_game_length``. ``None`` when the rules set no bound (no ``move_limit``).
        Tsuitate: ``move_limit + 2 * foul_limit - 1``."""
    def max_chance_steps(self) -> Optional[int]:
        """The most chance steps a whole game can hold (Card shogi: a draw per turn
        of the move limit, a whole deck per turn with ``no_move="draw_again"``):
        OpenSpiel's ``max_chance_nodes_in_history``. ``0`` without chance, ``None``
        when nothing bounds them."""
    def resign(self, color: Optional[int] = None) -> Outcome:
        """``color`` resigns (the side to move if ``None``), on either side's turn:
        a player may resign at any time. ``GameOverError`` once over; ``to_json()``
        keeps the resignation."""
    def seen(self, color: int) -> Union["Game", "PlayerView"]:
        """What ``color`` sees: a copy of the game (``Board``, ``CardGame``), Tsuitate's ``PlayerView``."""
    def legal_squares(self, square_or_drop: Square) -> list[int]:
        """Where the piece on a square may legally go; ``"P*"`` (etc.) for where a piece in hand may be dropped."""
    @property
    def num_actions(self) -> int:
        """Size of the board's fixed action space: 13,689 on 9×9, 1,425 on 5×5.
        Board move ``(from * n + to) * 2 + promote``, then drops ``2n² + kind * n + to``
        (n squares numbered ``(file - 1) * ranks + rank - 1``; kinds P L N S B R G; a
        ``FamilyGame``: a drop slot per kind of its definition, in ``kinds``' order)."""
    def legal_actions(self) -> list[int]:
        """The legal moves as actions, ascending (none once the game is over)."""
    def action_mask(self) -> npt.NDArray[np.bool_]:
        """``(num_actions,)`` booleans, true where the action is legal now (the dtype
        and layout of a row of ``SelfPlay.action_masks``): ``mask.sum() ==
        len(legal_moves)``. Raises ``MissingExtraError`` without numpy."""
    def action(self, move: MoveLike) -> int: ...
    def move_of(self, action: int) -> Move: ...
    def piece_map(self) -> dict[int, str]:
        """Every piece on the board: ``{square index: piece}`` as ``piece_at`` writes it."""
    def pieces(self, kind: str, color: int) -> list[int]:
        """The squares of ``color``'s pieces of exactly ``kind`` (SFEN letter, case
        ignored: ``"P"``, ``"+R"``), ascending. Raises ``ArgumentError``."""
    def attackers(self, color: int, square: Square) -> list[int]:
        """The squares of ``color``'s pieces attacking ``square`` (pinned pieces included), ascending."""
    def is_attacked_by(self, color: int, square: Square) -> bool:
        """Whether any of ``color``'s pieces attacks ``square``."""
    def checkers(self) -> list[int]:
        """The squares of the pieces giving check to the side to move, ascending."""
    def king(self, color: int) -> Optional[int]:
        """The square of ``color``'s king, ``None`` without one."""
    def zobrist_hash(self) -> int:
        """The position's 64-bit Zobrist hash (board, hands, side to move; not the move number)."""
    def bod(self) -> str:
        """The position as a kanji BOD diagram (局面図), as KIF files and cshogi's ``to_bod()`` show it."""
    def sfen(self, dialect: Optional[Dialect] = None) -> str:
        """The position as SFEN (Tsuitate: the referee's true position), in
        ``dialect``: ``"usi"`` (ours, the default), ``"lishogi"`` (shogiops'
        letters: kyoto's ``T G B R``, dobutsu's shogi letters) or
        ``"fairy-stockfish"`` (its FEN: ``[hands]``, ``w`` for the first
        player, ``- -``, checkshogi's checks left, half-move clock, full moves).
        Raises ``ArgumentError`` for an unknown dialect.

        >>> import shogi_variants as sv
        >>> sv.new_game("kyotoshogi").sfen(dialect="lishogi")
        'pgkst/5/5/5/TSKGP b - 1'
        >>> sv.Board().sfen(dialect="fairy-stockfish")
        'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1'
        """
    def usi(self, move: MoveLike, dialect: Optional[Dialect] = None) -> str:
        """A move (``Move`` or USI text) written in ``dialect`` as played from the
        position now: ours by default (kyoto's flip back ``2b3c-``, with a
        definition's letters), lishogi's (every flip ``+``, ``T*3c``) or
        Fairy-Stockfish's USI (ours). Raises ``InvalidMoveError``."""
    def variant_name_in(self, dialect: Dialect) -> Optional[str]:
        """The variant's name in ``dialect``'s program (``"shogi"`` for standard
        shogi in ``"fairy-stockfish"``; its ``USI_Variant``), ``None`` where it
        has none."""
    def to_json(self) -> str:
        """The game as a saved-game document; ``load`` reads it back."""
    def copy(self) -> Self: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: dict[int, Any], /) -> Self: ...
    def _repr_svg_(self) -> str:
        """What Jupyter shows: ``svg()`` with no arguments (the module's defaults,
        ``set_diagram_defaults``)."""
    def svg(
        self,
        flipped: Optional[bool] = None,
        highlight: Sequence[Square] = ...,
        *,
        size: Optional[int] = None,
        selected: Optional[Square] = None,
        arrows: Sequence[Union[tuple[Square, Square], MoveLike]] = ...,
        marks: Sequence[tuple[Square, str]] = ...,
        lang: Optional[Literal["ja", "en"]] = None,
        pieces: Optional[Literal["kanji", "latin"]] = None,
        font: Union[str, Sequence[str], None] = None,
    ) -> str: ...

class Board(Game):
    """A game of a perfect-information variant: position, history, outcome.

    ``Board(sfen=None, variant="standard", **settings)``. ``sfen`` is an SFEN
    or ``"startpos"``/``None`` for the variant's start; settings are the Rust
    names (standard: ``move_limit``, ``impasse``; minishogi: ``move_limit``,
    ``repetition``, ``stalemate``; must-capture: ``may_flee_from_check``,
    ``king_captures_first``, ``move_limit``, ``base``).
    """

    def __new__(
        cls, sfen: Optional[str] = None, variant: str = "standard", *, dialect: Optional[Dialect] = None, **settings: object
    ) -> Self: ...
    def from_sfen(self, sfen: str, dialect: Optional[Dialect] = None) -> "Board":
        """A new ``Board`` of the same variant and settings from a position
        written in ``dialect`` (ours by default). Raises ``InvalidSfenError``."""
    @property
    def variant(self) -> str: ...
    @property
    def move_number(self) -> int:
        """The SFEN move number (1 at the start, +1 per move)."""
    def parse_usi(self, usi: str, dialect: Optional[Dialect] = None) -> Move:
        """The legal move of USI text (in ``dialect``, ours by default) here
        (python-chess's ``parse_uci``), numbered on this board. Raises ``InvalidMoveError`` for text that is no move of this board,
        ``IllegalMoveError`` for a move the rules forbid now."""
    @property
    def move_stack(self) -> list[Move]:
        """The moves played since the start, oldest first."""
    def push(self, move: MoveLike, /) -> None:
        """Play a legal move. Raises ``IllegalMoveError``/``GameOverError``; the board is then unchanged."""
    def push_usi(self, usi: str, dialect: Optional[Dialect] = None) -> Move:
        """Parse and play a USI move; returns it."""
    def pop(self) -> Move:
        """Take back the last move. Raises ``IndexError`` at the start, and
        ``GameOverError`` once a player resigned or declared: that end is final
        (replay the moves into a new ``Board`` to explore)."""
    def peek(self) -> Move:
        """The last move. Raises ``IndexError`` at the start."""
    def is_legal(self, move: MoveLike) -> bool: ...
    def is_checkmate(self) -> bool: ...
    @staticmethod
    def problem_from_sfen(sfen: str, variant: str = "standard", **settings: object) -> "Board":
        """A board from a mate problem (tsume) as problems are written: the attacker
        may have no king, and the defender holds every piece on neither the board
        nor a hand (written out or left off, both read the same). The defender is
        the side with the only king; with two kings, the side not to move.
        ``Board(sfen)`` stays strict and refuses a side with no king."""
    def mate(
        self,
        nodes: Optional[int] = None,
        time_ms: Optional[int] = None,
        max_plies: Optional[int] = None,
        progress: Optional[Callable[[MateProgress], object]] = None,
        table_mb: int = 64,
        shortest: bool = True,
    ) -> MateReport:
        """Mate search (df-pn): can the side to move force checkmate, checking with
        every move? ``"mate"`` with the line (the attacker's quickest mate against the
        longest defence, proved shortest while the budget lasts), ``"no_mate"`` (a
        proof) or ``"timeout"``. Lengths follow the game's rules (every legal
        interposition is a defence). Runs with the GIL released; Ctrl-C raises
        ``KeyboardInterrupt``; ``progress`` is called about five times a second.
        ``shortest=False`` gives the first mate proved, not shortened (faster)."""
    def repetition_count(self) -> int:
        """How many times the current position has occurred (1 the first time)."""
    def declare(self) -> Outcome:
        """Declare a win by entering king (raises ``SettingError`` if the variant's settings have no declaration rule)."""
    def piece_at(self, square: Square) -> Optional[str]: ...
    def hand(self, color: int) -> dict[str, int]:
        """Pieces in hand by uppercase letter, only those held."""
    def perft(self, depth: int, bulk: bool = True) -> int:
        """Leaf count of the legal move tree, computed natively on a copy of the
        position with the GIL released (the board stays usable meanwhile).
        ``depth`` is ``0..=64`` (``perft(0) == 1``); outside it ``ArgumentError``.
        Ctrl-C is noticed within about 50 ms (``KeyboardInterrupt``)."""
    def divide(self, depth: int) -> dict[str, int]:
        """Perft per legal move (USI -> count of depth ``depth - 1`` below it, bulk), summing
        to ``perft(depth)``; like ``perft`` it counts the move tree, whether or not the game has ended.
        ``depth`` is ``1..=64``: depth 0 has no first move, so ``divide(0)`` raises
        ``ArgumentError`` (the sum rule holds for every depth accepted).
        Like ``perft`` it runs on a copy without the GIL; Ctrl-C is noticed within about 50 ms."""
    def copy(self, stack: bool = True) -> "Board":
        """A copy; with ``stack=False`` the copy starts at the current position."""
    def root(self) -> "Board":
        """A board at the start position with the same variant and settings."""
    def seen(self, color: int) -> "Board":
        """What ``color`` sees: the whole game (a copy)."""
    def record(self, times: Optional[Sequence[Optional[int]]] = None, end: Optional[str] = None, **headers: object) -> "Record":
        """The game's record: moves from the start, headers from keyword arguments
        (``black=``, ``white=``, ``event=``, ...), optionally each move's time in
        seconds and an end (``"resign"``, ``"timeout"``, ...)."""
    def observation_tensor(self, color: Optional[int] = None) -> npt.NDArray[np.float32]:
        """The position as ``float32`` planes ``(48, ranks, files)`` seen by ``color``
        (default: the side to move), the board turned for White: own and
        opponent pieces by kind, hands, repetitions, side, check (docs/research.md).
        A plane is a picture: for Black, square ``sq`` is at row ``square_rank(sq) - 1``,
        column ``files - square_file(sq)``; ``planes[:, :, ::-1].transpose(0, 2, 1)
        .reshape(len(planes), -1)`` has one column per square, in this board's numbering."""
    def observation(self, color: Optional[int] = None) -> npt.NDArray[np.float32]:
        """Deprecated (``DeprecationWarning``): ``observation_tensor``."""
    @property
    def observation_shape(self) -> tuple[int, int, int]: ...
    def hcpe(self) -> bytes:
        """The game as cshogi's HCPE training data: each position before a move,
        the move, the winner (none while it goes on or when drawn); 38 bytes a
        position, ``np.frombuffer(data, cshogi.HuffmanCodedPosAndEval)`` reads it.
        Standard shogi with all forty pieces; raises ``TrainingDataError``."""
    def psv(self) -> bytes:
        """The game as YaneuraOu's PSV training data (40 bytes a position). Raises
        ``TrainingDataError``."""
    def japanese(self, move: MoveLike) -> str:
        """A legal move in Japanese notation: ``▲７六歩``, ``△同　歩``, ``▲５八金右``, ``▲５五角打``."""
    def western(self, move: MoveLike) -> str:
        """A legal move in Western notation: ``P-7f``, ``Bx2b+``, ``S*5e``, ``N-2c=``."""
    def parse_japanese(self, text: str) -> Move:
        """The legal move a Japanese text names. Raises ``AmbiguousMoveError``
        when several legal moves fit it, ``InvalidMoveError`` otherwise."""
    def parse_western(self, text: str) -> Move:
        """The legal move a Western text names. Raises ``AmbiguousMoveError``
        when several legal moves fit it, ``InvalidMoveError`` otherwise."""
    def push_japanese(self, text: str) -> Move:
        """Parse a Japanese move (``"▲７六歩"``) and play it; returns the move.
        Raises like ``parse_japanese``, and ``GameOverError``; the board is then unchanged."""
    def push_western(self, text: str) -> Move:
        """Parse a Western move (``"P-7f"``) and play it; returns the move.
        Raises like ``parse_western``, and ``GameOverError``; the board is then unchanged."""
    def gives_check(self, move: MoveLike) -> bool:
        """Whether a legal move gives check. Raises ``IllegalMoveError`` for a move not legal here."""
    def is_capture(self, move: MoveLike) -> bool:
        """Whether a legal move captures. Raises ``IllegalMoveError`` for a move not legal here."""
    def ply(self) -> int:
        """The moves played since the game's start (``len(move_stack)``)."""
    def is_repetition(self, n: int = 3) -> bool:
        """Whether the current position occurred at least ``n`` times (this time
        included). Sennichite ends the game at the fourth: ``is_repetition(4)``.
        Raises ``ArgumentError`` for ``n`` outside 1..=4294967295."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class Record:
    """A game record: headers, start, moves with times and comments, and its end.
    Reads and writes KIF, KI2, CSA, JKF and USEN (CSA, JKF, USEN: 9×9 only); ``board()`` replays it."""

    @staticmethod
    def read(text: Union[str, bytes], format: Optional[Literal["kif", "ki2", "csa", "jkf", "usen"]] = None) -> "Record":
        """Read a record (format detected from the structure when ``None``; bytes as
        UTF-8, else Shift_JIS or EUC-JP). Raises ``InvalidSfenError`` with the line number."""
    @property
    def headers(self) -> list[tuple[str, str]]:
        """In file order; known keys: black, white, event, site, start_time, end_time, time_control, handicap, opening."""
    def header(self, key: str) -> Optional[str]: ...
    @property
    def start_sfen(self) -> str: ...
    @property
    def moves(self) -> list[Move]: ...
    @property
    def times(self) -> list[Optional[tuple[int, Optional[int]]]]:
        """Per move: (seconds, total seconds or None), or None."""
    @property
    def move_comments(self) -> list[list[str]]: ...
    @property
    def comments(self) -> list[str]:
        """Comments before the first move (KIF ``*text``, CSA ``'*text``)."""
    @property
    def remarks(self) -> list[str]:
        """Remarks about the file: KIF ``#`` lines, CSA ``'`` lines that are not ``'*`` comments."""
    @property
    def end(self) -> Optional[str]:
        """``"resign"``, ``"repetition"``, ``"checkmate"``, ``"impasse_declaration"``, ``"jishogi"``,
        ``"timeout"``, ``"illegal_move_win"``, ``"illegal_move"``, ``"interrupted"``, ``"max_moves"``,
        ``"draw"``, ``"no_mate"``, ``"win_by_default"``, ``"loss_by_default"`` or ``None``."""
    @property
    def foul(self) -> Optional[Move]:
        """The illegal move that ended the game (``end == "illegal_move"``: its player,
        ``end_side``, lost), kept beside ``moves``, not among them (they always replay)."""
    @property
    def foul_time(self) -> Optional[tuple[int, Optional[int]]]:
        """The foul's time: (seconds, total seconds or None), or None."""
    @property
    def foul_comments(self) -> list[str]:
        """Comments after the foul move (``[]`` without one)."""
    @property
    def end_side(self) -> Color:
        """The side that makes the end (to move after ``moves``); with a foul, its player."""
    @property
    def end_comments(self) -> list[str]:
        """Comments after the end."""
    @property
    def end_time(self) -> Optional[tuple[int, Optional[int]]]:
        """The end's time: (seconds, total seconds or None), or None."""
    @property
    def root(self) -> "RecordNode":
        """The start of the record's tree: walk the main line and the variations
        (KIF ``変化``) from it, python-chess's ``GameNode`` style; edits through
        nodes change the record."""
    def board(self, variant: Optional[str] = None, **settings: object) -> Board:
        """The record replayed as a Board that continues (minishogi for a 5×5 start).
        A record that goes on after the game ended under these rules raises
        ``GameOverError`` saying where it ended; an illegal move ``InvalidSfenError``."""
    def kif(self) -> str:
        """The record as KIF, every variation included. Raises ``RecordWriteError``."""
    def ki2(self) -> str:
        """The record's main line as KI2 (variations are dropped). Raises ``RecordWriteError``."""
    def csa(self) -> str:
        """The record's main line as CSA (9×9 only; variations are dropped). Raises ``RecordWriteError``."""
    def jkf(self) -> str:
        """The record as JKF (JSON Kifu Format, one line; 9×9 only), every variation
        included; remarks and bookmarks are left out. Raises ``RecordWriteError``."""
    def hcpe(self) -> bytes:
        """The main line as cshogi's HCPE training data (38 bytes a position: the
        position before each move, the move, the winner the end names; standard
        shogi with all forty pieces). Raises ``TrainingDataError``."""
    def psv(self) -> bytes:
        """The main line as YaneuraOu's PSV training data (40 bytes a position).
        Raises ``TrainingDataError``."""
    def usen(self) -> str:
        """The record as USEN (Shogi Playground's URL notation; 9×9 only): every line's
        moves and the ends it names (resign, timeout, jishogi, interrupted); no
        headers, times or comments. Raises ``RecordWriteError`` (a foul, another board)."""
    def __len__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class MateReport:
    """What a mate search found. True when it is a mate."""

    @property
    def result(self) -> Literal["mate", "no_mate", "timeout"]:
        """``"mate"``, ``"no_mate"`` (a proof: every line of checks fails) or
        ``"timeout"`` (the budget ran out undecided)."""
    @property
    def moves(self) -> list[Move]:
        """The mating line, attacker and defender alternately; empty unless a mate."""
    @property
    def plies(self) -> Optional[int]:
        """The mate's length in plies under the game's rules, or ``None``."""
    @property
    def shortest(self) -> bool:
        """Whether the mate's length is proved the shortest."""
    @property
    def nodes(self) -> int:
        """Positions searched."""
    @property
    def elapsed(self) -> float:
        """Seconds taken."""
    def __bool__(self) -> bool: ...

@final
class MateProgress:
    """A mate search's progress, given to its ``progress`` callback."""

    @property
    def nodes(self) -> int: ...
    @property
    def elapsed(self) -> float: ...
    @property
    def mate_plies(self) -> Optional[int]:
        """The length of the mate found so far, while it is being shortened."""

@final
class MateSolver:
    """A df-pn mate solver whose table (``table_mb`` MiB) is kept from one
    problem to the next. One call at a time (another thread: ``BusyError``)."""

    def __new__(cls, table_mb: int = 64) -> Self: ...
    @property
    def table_mb(self) -> int: ...
    def solve(
        self,
        board: Board,
        nodes: Optional[int] = None,
        time_ms: Optional[int] = None,
        max_plies: Optional[int] = None,
        progress: Optional[Callable[[MateProgress], object]] = None,
        shortest: bool = True,
    ) -> MateReport:
        """Can the side to move of ``board`` force mate? See ``Board.mate``."""
    def solve_defence(
        self,
        board: Board,
        nodes: Optional[int] = None,
        time_ms: Optional[int] = None,
        max_plies: Optional[int] = None,
        progress: Optional[Callable[[MateProgress], object]] = None,
        shortest: bool = True,
    ) -> MateReport:
        """Is the side to move of ``board``, in check, mated by force? The line
        starts with the defender's longest reply (empty: mated already)."""

class StaleNodeError(ShogiError):
    """A ``RecordNode`` whose position an edit of its record removed; walk from ``record.root`` again."""

@final
class RecordNode:
    """A position of a record's tree (python-chess's ``GameNode``): the root
    (``record.root``) or the position after ``move``. ``variations`` are the
    nodes that can follow, ``[0]`` the main continuation; on the last node of a
    line that ends (``end_reason``) the end is the main continuation and
    ``variations`` are side lines played instead of it. A node is a view into
    its record: it follows its moves through promote/demote, edits through it
    change the record, and a removed node raises ``StaleNodeError``."""

    @property
    def move(self) -> Optional[Move]:
        """The move that led here; ``None`` at the root."""
    @property
    def record(self) -> Record: ...
    @property
    def parent(self) -> Optional["RecordNode"]: ...
    @property
    def variations(self) -> list["RecordNode"]:
        """The nodes that can follow, the main continuation first (after an end:
        the side lines played instead of it, none main)."""
    def variation(self, move: Union[MoveLike, int]) -> "RecordNode":
        """The child reached by a move, or at an index. Raises ``KeyError``."""
    def next(self) -> Optional["RecordNode"]:
        """The main continuation, or ``None`` (also where the line ends)."""
    def mainline(self) -> list["RecordNode"]:
        """The nodes of the main line after this one."""
    def mainline_moves(self) -> list[Move]: ...
    def end(self) -> "RecordNode":
        """The last node of the main line from here."""
    def root(self) -> "RecordNode": ...
    def is_mainline(self) -> bool:
        """Whether the node is on the record's main line."""
    def is_main_variation(self) -> bool:
        """Whether the node is its parent's main continuation (the root is; a side
        line played instead of an end is not)."""
    def starts_variation(self) -> bool: ...
    def is_end(self) -> bool:
        """Whether ``next()`` is ``None``: nothing follows, or the line ends here."""
    def ply(self) -> int:
        """Moves from the record's start to here."""
    def board(self, variant: Optional[str] = None, **settings: object) -> Board:
        """The position after this node, as ``Record.board`` of the line leading here."""
    comments: list[str]
    """Comments after the move (at the root: before the first move)."""
    comment: str
    """The comments joined by newlines; set it to replace them."""
    bookmark: Optional[str]
    """The KIF ``&`` bookmark; at the root, the start position's (``&`` before the first move)."""
    @property
    def time(self) -> Optional[tuple[int, Optional[int]]]:
        """(seconds, total seconds or None), or None."""
    end_reason: Optional[str]
    """How the line ends at this node (``Record.end``'s names), if it is its last;
    settable (``None``: the first side line played instead of the end continues the line)."""
    @property
    def end_comments(self) -> list[str]: ...
    @property
    def end_time(self) -> Optional[tuple[int, Optional[int]]]: ...
    @property
    def foul(self) -> Optional[Move]:
        """The illegal move that ended this node's line here (``end_reason == "illegal_move"``), or None."""
    def add_variation(self, move: MoveLike, *, comment: Optional[str] = None) -> "RecordNode":
        """Add a move after this node (main if nothing follows; where the line
        ends, a side line played instead of the end). Raises
        ``IllegalMoveError`` (with ``reason``), ``ShogiError`` for a move already
        there."""
    def add_main_variation(self, move: MoveLike, *, comment: Optional[str] = None) -> "RecordNode": ...
    def promote_to_main(self) -> None: ...
    def promote(self) -> None: ...
    def demote(self) -> None: ...
    def remove_variation(self, node: Union["RecordNode", MoveLike, int]) -> None:
        """Remove a child and all after it; the next variation becomes main."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class PlayerView:
    """What one Tsuitate player knows: their own pieces and hand and what they were told.

    Pickles and copies as the view itself (never the referee's hidden position)."""

    def __eq__(self, other: object, /) -> bool: ...

    @property
    def color(self) -> Color: ...
    @property
    def to_move(self) -> bool: ...
    @property
    def moves_played(self) -> int: ...
    @property
    def fouls(self) -> int: ...
    @property
    def opponent_fouls_known(self) -> int: ...
    @property
    def information_state(self) -> list["Announcement"]:
        """Everything this player did and was told, in order (perfect recall)."""
    @property
    def events(self) -> list["Event"]:
        """The information state grouped: one ``Event`` per attempt this player learned of."""
    def sfen(self) -> str:
        """Own pieces and own hand only as SFEN; the opponent's pieces and hand are absent."""
    @property
    def files(self) -> int: ...
    @property
    def ranks(self) -> int: ...
    def square(self, file: int, rank: int) -> int:
        """The square on ``file`` and ``rank`` (1-based) of this board: ``(file - 1) * ranks + (rank - 1)``.
        Raises ``InvalidSquareError`` off the board."""
    def square_file(self, square: Square) -> int:
        """The file (1..) of a square of this board (number or USI name)."""
    def square_rank(self, square: Square) -> int:
        """The rank (1.., 1 is ``a``) of a square of this board (number or USI name)."""
    def square_name(self, square: Square) -> str:
        """The USI name of a square of this board (``"5e"``)."""
    def parse_square(self, name: Square) -> int:
        """The number on this board of a square's USI name (a number is checked and returned)."""
    @property
    def turn(self) -> Color:
        """The side to move as this player knows it (the opponent once the game is over)."""
    def is_check(self) -> bool:
        """In check as announced: the last played move was the opponent's and gave check."""
    @property
    def legal_moves(self) -> LegalMoves:
        """The candidate attempts; empty when it is not this player's turn."""
    def information_state_string(self) -> str:
        """The information state as one string (a key for tabular methods)."""
    @property
    def num_actions(self) -> int: ...
    def legal_actions(self) -> list[int]:
        """The candidate moves as actions, ascending (none when not to move)."""
    def action_mask(self) -> npt.NDArray[np.bool_]: ...
    def action(self, move: MoveLike) -> int: ...
    def move_of(self, action: int) -> Move: ...
    def observation_tensor(self) -> npt.NDArray[np.float32]:
        """What this player knows, ``float32`` ``(39, ranks, files)``: own pieces and
        hand, the opponent's pieces by kind (not where), the last announcements,
        this turn's fouled attempts, fouls and moves. Computed from this view alone."""
    def observation(self) -> npt.NDArray[np.float32]:
        """Deprecated (``DeprecationWarning``): ``observation_tensor``."""
    @property
    def observation_shape(self) -> tuple[int, int, int]: ...
    def information_state_tensor(self, capacity: Optional[int] = None) -> npt.NDArray[np.float32]:
        """Perfect recall, flat: ``observation_tensor()`` then ``capacity`` rows of 10
        numbers, one per announcement in order. ``capacity`` defaults to the
        most a game under these limits needs (required without a move limit).
        A larger ``capacity`` than that, or a tensor past 2**28 numbers, raises
        ``ShogiError``; memory that cannot be had, ``MemoryError``."""
    def candidate_moves(self) -> list[Move]:
        """Deprecated (``DeprecationWarning``): ``list(legal_moves)``."""
    def legal_squares(self, square_or_drop: Square) -> list[int]:
        """Where the own piece on a square, or a piece in hand (``"P*"``), may be attempted; empty when it is not this player's turn."""
    def piece_at(self, square: Square) -> Optional[str]: ...
    def hand(self) -> dict[str, int]: ...
    def _repr_svg_(self) -> str:
        """What Jupyter shows: ``svg()`` with no arguments (the module's defaults,
        ``set_diagram_defaults``)."""
    def svg(
        self,
        flipped: Optional[bool] = None,
        highlight: Sequence[Square] = ...,
        *,
        size: Optional[int] = None,
        selected: Optional[Square] = None,
        arrows: Sequence[Union[tuple[Square, Square], MoveLike]] = ...,
        marks: Sequence[tuple[Square, str]] = ...,
        lang: Optional[Literal["ja", "en"]] = None,
        pieces: Optional[Literal["kanji", "latin"]] = None,
        font: Union[str, Sequence[str], None] = None,
    ) -> str: ...

@final
class Capture:
    """A capture as both players are told of it."""

    @property
    def square(self) -> int:
        """The square, numbered on the game's board (``square_name`` gives its USI name)."""
    @property
    def square_name(self) -> str: ...
    @property
    def piece(self) -> str:
        """The captured piece as ``piece_at`` writes it: owner's case, ``+`` if promoted."""
    @property
    def kind(self) -> str:
        """The captured piece's kind as it stood, uppercase."""
    @property
    def owner(self) -> Color: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Event:
    """What one player learned of one attempt."""

    @property
    def by(self) -> Color: ...
    @property
    def attempted(self) -> Optional[Move]:
        """The move, for the player's own attempts only."""
    @property
    def verdict(self) -> Optional[Literal["played", "foul"]]:
        """``None`` for an unannounced opponent foul that ended the game."""
    @property
    def capture(self) -> Optional[Capture]: ...
    @property
    def check(self) -> bool: ...
    @property
    def game_over(self) -> Optional[Outcome]: ...
    @property
    def fouls(self) -> Optional[int]:
        """After a foul: the fouler's count now."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Announcement:
    """One thing a Tsuitate player is told, or did."""

    @property
    def kind(self) -> Literal[
        "attempted", "played", "foul", "opponent_moved", "opponent_foul", "capture", "check", "game_over"
    ]: ...
    @property
    def move(self) -> Optional[Move]:
        """For ``attempted``."""
    @property
    def count(self) -> Optional[int]:
        """For ``foul``/``opponent_foul``: the foul count now."""
    @property
    def square(self) -> Optional[int]:
        """For ``capture``."""
    @property
    def piece(self) -> Optional[str]:
        """For ``capture``: the captured piece's kind as it stood (uppercase, ``+`` if promoted)."""
    @property
    def outcome(self) -> Optional[Outcome]:
        """For ``game_over``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Ruling:
    """The referee's verdict on an attempt and what each player was told."""

    @property
    def verdict(self) -> Literal["played", "foul"]: ...
    @property
    def played(self) -> bool: ...
    @property
    def told(self) -> tuple[list[Announcement], list[Announcement]]:
        """Announcements to Black and to White."""
    @property
    def events(self) -> tuple[Optional[Event], Optional[Event]]:
        """What Black and White learned of this attempt (``None``: told nothing)."""
    def event(self, color: int) -> Optional[Event]: ...
    def __eq__(self, other: object, /) -> bool: ...

class TsuitateGame(Game):
    """Tsuitate shogi: the referee's game. ``TsuitateGame(sfen=None, **settings)``
    with ``foul_limit``, ``announce_fouls_to_both``, ``move_limit``, ``base``."""

    def __new__(cls, sfen: Optional[str] = None, **settings: object) -> Self: ...
    def push(self, move: MoveLike) -> Ruling:
        """Judge the side to move's attempt. Raises ``IllegalMoveError`` if the move is not even a candidate on the player's own board, ``GameOverError`` after the end."""
    def push_usi(self, usi: str, dialect: Optional[Dialect] = None) -> Ruling:
        """Parse a USI move and attempt it; returns the ``Ruling``."""
    def attempt(self, move: MoveLike) -> Ruling:
        """Deprecated (``DeprecationWarning``): ``push``."""
    def seen(self, color: int) -> PlayerView:
        """What ``color`` sees: their ``PlayerView``."""
    def view(self, color: int) -> PlayerView:
        """Deprecated (``DeprecationWarning``): ``seen``."""
    def fouls(self, color: int) -> int: ...
    def true_sfen(self) -> str:
        """Deprecated (``DeprecationWarning``): ``sfen()``, the referee's position."""
    def reveal(self) -> Optional[tuple[str, str, list[tuple[Color, Move, Optional[str]]]]]:
        """After the end: start SFEN, final SFEN, and every attempt (by, move, foul reason or None)."""
    def attempts(self) -> list[tuple[Color, Move, Optional[str]]]:
        """Every attempt so far (by, move, foul reason or None): hidden, like sfen()."""
    def resample(self, color: int, seed: int) -> "TsuitateGame":
        """A game ``color`` cannot tell from this one (same view), the opponent's moves sampled."""
    def svg(
        self,
        flipped: Optional[bool] = None,
        highlight: Sequence[Square] = ...,
        *,
        size: Optional[int] = None,
        selected: Optional[Square] = None,
        arrows: Sequence[Union[tuple[Square, Square], MoveLike]] = ...,
        marks: Sequence[tuple[Square, str]] = ...,
        lang: Optional[Literal["ja", "en"]] = None,
        pieces: Optional[Literal["kanji", "latin"]] = None,
        font: Union[str, Sequence[str], None] = None,
        opened: Optional[bool] = None,
    ) -> str: ...

class FamilyGame(Game):
    """A game of the shogi family: a definition with pieces of its own
    (dobutsu, kyoto shogi... ``FamilyGame.builtin_names()``, or a definition's
    TOML text or dict of fields), Rust's ``shogi_variants::FamilyGame``.

    ``FamilyGame(sfen=None, *, definition, **settings)``: the SFEN with the
    definition's letters (``None``/``"startpos"``: its start) and the house rules
    ``move_limit``, ``repetition``, ``stalemate``. ``new_game("dobutsu")`` and
    ``new_game("defined", definition=...)`` make one. Pieces are named as the
    definition names them (``"lion"``), moves are written with its letters
    (``"C*2b"``, kyoto's ``"+S*3c"`` and ``"2b3c-"``). Records (KIF, KI2, CSA)
    are refused: ``to_json()`` saves the game. ``svg()`` draws it, each piece by
    its definition's ``label`` (or its letter with ``pieces="latin"``).

    >>> import shogi_variants as sv
    >>> g = sv.new_game("dobutsu")
    >>> g.kinds
    ['chick', 'hen', 'elephant', 'giraffe', 'lion']
    >>> g.push_usi("2c2b"), g.push_usi("2a2b")
    (<Move 2c2b on a 3x4 board>, <Move 2a2b on a 3x4 board>)
    >>> g.hand(sv.BLACK), g.piece_at("2b")
    ({'chick': 1}, ('lion', <Color.WHITE: 1>))
    >>> "C*2c" in [m.usi() for m in g.legal_moves]
    True
    """

    def __new__(
        cls,
        sfen: Optional[str] = None,
        *,
        definition: Union[str, dict[str, object]],
        dialect: Optional[Dialect] = None,
        **settings: object,
    ) -> Self: ...
    @staticmethod
    def builtin_names() -> list[str]:
        """The names of the shipped family definitions."""
    @property
    def name(self) -> str:
        """The definition's name."""
    @property
    def definition(self) -> str:
        """The definition as TOML text."""
    @property
    def kinds(self) -> list[str]:
        """The definition's kinds by name, in index order (drop slots, observation planes)."""
    @property
    def move_number(self) -> int:
        """The SFEN move number (1 at the start, +1 per move)."""
    def start_sfen(self) -> str:
        """The start position as SFEN, with the definition's letters."""
    def from_sfen(self, sfen: str, dialect: Optional[Dialect] = None) -> "FamilyGame":
        """The same game (definition, house rules) from another start position,
        written in ``dialect`` (ours by default)."""
    def piece_at(self, square: Square) -> Optional[tuple[str, Color]]:
        """``(kind name, colour)`` of the piece on a square, or ``None``."""
    def hand(self, color: int) -> dict[str, int]:
        """``color``'s pieces in hand by kind name, only those held."""
    def piece_map(self) -> dict[int, tuple[str, Color]]:  # type: ignore[override]
        """Every piece: ``{square: (kind name, colour)}``."""
    def parse_usi(self, usi: str, dialect: Optional[Dialect] = None) -> Move:
        """The legal move of USI text here (the definition's letters; or in ``dialect``). Raises
        ``InvalidMoveError`` for text that is no move of this board,
        ``IllegalMoveError`` for a move the rules forbid now."""
    def push(self, move: MoveLike) -> None:
        """Play a legal move (a ``Move`` or USI text with the definition's letters)."""
    def push_usi(self, usi: str, dialect: Optional[Dialect] = None) -> Move:
        """Parse and play a USI move (the definition's letters); returns it."""
    @property
    def move_stack(self) -> list[Move]:
        """The moves played since the start, oldest first."""
    def pop(self) -> Move:
        """Take back the last move and return it. Raises ``IndexError`` at the start."""
    def peek(self) -> Move:
        """The last move. Raises ``IndexError`` at the start."""
    def observation_tensor(self, color: Optional[int] = None) -> npt.NDArray[np.float32]:
        """``float32`` planes ``(4 * len(kinds) + 3, ranks, files)`` seen by ``color``."""
    @property
    def observation_shape(self) -> tuple[int, int, int]: ...
    def record(self, *_args: object, **_kwargs: object) -> NoReturn:
        """Refused: KIF, KI2 and CSA hold only shogi's standard pieces (``ShogiError``
        naming the variant); ``to_json()`` saves the game as SFEN and USI moves."""
    def mate(
        self,
        nodes: Optional[int] = None,
        time_ms: Optional[int] = None,
        max_plies: Optional[int] = None,
    ) -> MateReport:
        """Can the side to move force a win by giving check with every move? The
        exhaustive search (mate in 1, 3, 5, ... plies, the shortest, the defender
        holding out longest) by the definition's rules: where the royal piece is
        captured (dobutsu) a mate is a royal piece that cannot escape capture, the
        line ending with its capture; a move that wins at once (a try) ends a line
        too. ``"timeout"`` when a bound runs out; Ctrl-C stops it; a game over raises
        ``GameOverError``."""
    def seen(self, color: int) -> "FamilyGame":
        """What ``color`` sees: a copy of the game."""
    def __eq__(self, other: object, /) -> bool: ...

class CardGame(Game):
    """Card shogi: a drawn card names the file to play on. ``CardGame(sfen=None, *, seed=None, **settings)``
    with ``copies_per_rank``, ``jokers``, ``file_rule``, ``no_move``, ``check_exempt``, ``capture_duty``, ``move_limit``, ``base``
    and the base's own settings (``repetition``, ``stalemate``, ``impasse``).

    Without a seed the deck is shuffled from the operating system's randomness
    (every casual game differs); the seed drawn is kept in ``seed`` and in saved
    games. A given seed replays the same cards."""

    def __new__(cls, sfen: Optional[str] = None, *, seed: Optional[int] = None, **settings: object) -> Self: ...
    @property
    def seed(self) -> int:
        """The seed of the card generator: the one given, or the fresh one drawn from the OS."""
    @property
    def phase(self) -> Literal["draw", "move", "over"]: ...
    @property
    def current_card(self) -> Optional[int]:
        """The card of the move to play: 1..9, ``JOKER`` (any legal move), or
        ``None`` when no card constrains it (in check and exempt, a free move)."""
    def seen(self, color: int) -> "CardGame":
        """What ``color`` sees: the whole card game (a copy)."""
    def push_usi(self, usi: str, dialect: Optional[Dialect] = None) -> Move: ...
    def deck(self) -> dict[int, int]:
        """Cards left in the draw pile by card (``JOKER`` = 0)."""
    def cards_left(self) -> int: ...
    def draw(self) -> int:
        """Deprecated (``DeprecationWarning``): ``chance_step()``."""
    def apply_draw(self, card: int) -> None:
        """Deprecated (``DeprecationWarning``): ``apply_chance(card)``."""
    @property
    def num_cards(self) -> int:
        """Card ids of the chance steps: ``JOKER`` (0) and ranks ``1..files``."""
    def observation_tensor(self, color: Optional[int] = None) -> npt.NDArray[np.float32]:
        """The board planes, then the chance step, the card's squares, the card
        one-hot and the deck counts: ``(48 + 2 + 2 * (files + 1), ranks, files)``."""
    def observation(self, color: Optional[int] = None) -> npt.NDArray[np.float32]:
        """Deprecated (``DeprecationWarning``): ``observation_tensor``."""
    @property
    def observation_shape(self) -> tuple[int, int, int]: ...
    def allowed_moves(self) -> list[Move]:
        """Deprecated (``DeprecationWarning``): ``list(legal_moves)``."""
    def turns(self) -> list[tuple[list[int], Optional[Move]]]:
        """Each turn's drawn cards and move."""
    def board(self) -> Board:
        """A ``Board`` at the current position (the card rule aside)."""

Observation = Union[Board, CardGame, FamilyGame, PlayerView]

@final
class SelfPlay:
    """Many games of one kind stepped together on native threads, GIL released.

    The arrays are owned by the batch and overwritten by every step (zero
    copies). A game that ends restarts in the same step. Rule ends set
    ``terminated``; ``max_plies`` (actions per game, fouls included) sets
    ``truncated``. ``rewards[i]`` is (Black's, White's). Results do not depend
    on ``threads``. The arrays are read-only views that cannot be made
    writeable. One call at a time: a call while another thread's call runs
    raises ``BusyError`` (the constants always answer). Not picklable
    (``TypeError``)."""
    def __new__(cls, game: str = "standard", num_games: int = 64, threads: int = 1, seed: int = 0, max_plies: Optional[int] = None, observations: bool = True, **settings: object) -> Self: ...
    def reset(self, seed: Optional[int] = None) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Restart every game: ``(observations, action_masks)``."""
    def step(self, actions: Union[Sequence[int], npt.NDArray[Any]]) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """Play ``actions[i]`` in game ``i``: ``(observations, rewards, terminated,
        truncated, action_masks)``. An illegal action raises ``IllegalMoveError``
        and nothing is played."""
    def step_random(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """A uniformly random legal action in every game (seeded per game)."""
    def run_random(self, steps: int) -> int:
        """``steps`` random steps in one call; the games finished meanwhile.
        Ctrl-C is noticed between steps within about 50 ms: ``KeyboardInterrupt``,
        the batch left after the last whole step."""
    @property
    def observations(self) -> npt.NDArray[np.float32]: ...
    @property
    def action_masks(self) -> npt.NDArray[np.bool_]: ...
    @property
    def rewards(self) -> npt.NDArray[np.float32]: ...
    @property
    def terminated(self) -> npt.NDArray[np.bool_]: ...
    @property
    def truncated(self) -> npt.NDArray[np.bool_]: ...
    @property
    def to_play(self) -> npt.NDArray[np.uint8]: ...
    @property
    def game(self) -> str: ...
    @property
    def num_games(self) -> int: ...
    @property
    def threads(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def observation_shape(self) -> tuple[int, int, int]: ...
    @property
    def max_plies(self) -> Optional[int]: ...
    def games_finished(self) -> tuple[int, int]:
        """Games ended since the batch was made: ``(terminated, truncated)``."""
    def legal_actions(self, i: int) -> list[int]:
        """Game ``i``'s legal actions now, ascending. ``i`` counts from the end when
        negative, as a list index does; out of range: ``IndexError``."""
    def plies(self, i: int) -> int:
        """Actions taken in game ``i`` since it started (``i`` as in ``legal_actions``)."""
    def game_at(self, i: int) -> Union["Board", "CardGame", "TsuitateGame"]:
        """A copy of game ``i`` (as in ``legal_actions``; Tsuitate: the referee's game, hidden pieces included)."""
    def __len__(self) -> int: ...

@final
class EpisodeResult:
    """How a game of an ``Episodes`` batch ended (or stands)."""
    @property
    def seed(self) -> int: ...
    @property
    def outcome(self) -> Optional[Outcome]:
        """The rules' outcome; ``None`` while the game is on or once ``max_plies`` cut it."""
    @property
    def truncated(self) -> bool: ...
    @property
    def plies(self) -> int:
        """Decisions taken (moves; Tsuitate attempts, fouls included)."""
    def is_over(self) -> bool: ...
    def value_for(self, color: Union[Color, int]) -> float:
        """``color``'s points: +1 won, -1 lost, 0 otherwise (drawn, cut, on)."""

@final
class Episodes:
    """Whole games played to their end by chosen seats, every decision recorded.

    Seats: ``"random"``, ``"search"`` (``nodes=N`` or ``depth=N``, ``hash_mb=N``),
    ``"card"``, ``"belief"`` (``particles=N``), ``"naive"`` or ``"policy"``
    (the caller's actions). A game depends only on its seed, its seats and the
    settings. Not picklable (``TypeError``); ``BusyError`` while another thread
    uses it."""
    def __new__(cls, game: str = "standard", seeds: Optional[Iterable[int]] = None, black: Optional[str] = None, white: Optional[str] = None, max_plies: Optional[int] = None, threads: int = 1, observations: bool = True, **settings: object) -> Self: ...
    def advance(self) -> int:
        """Play the built-in seats until every game is over or waits for the policy; how many wait."""
    def run(self, policy: Optional[Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], Any]] = None) -> None:
        """Play every game to its end; ``policy(observations, masks)`` answers for the policy seat."""
    def waiting(self) -> list[int]: ...
    def observe_waiting(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]: ...
    def act(self, actions: Union[Sequence[int], npt.NDArray[Any]]) -> int:
        """One action per waiting game, then the built-in seats; how many wait again."""
    def is_done(self) -> bool: ...
    def results(self) -> list[EpisodeResult]: ...
    def decisions(self) -> dict[str, npt.NDArray[Any]]:
        """Every decision so far: ``observations``, ``masks`` (packed bits), ``actions``,
        ``players``, ``outcomes``, ``games``, ``plies``."""
    def game_at(self, i: int) -> Union["Board", "CardGame", "TsuitateGame"]: ...
    @property
    def game(self) -> str: ...
    @property
    def seats(self) -> tuple[str, str]: ...
    @property
    def num_games(self) -> int: ...
    @property
    def threads(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def mask_bytes(self) -> int: ...
    @property
    def observation_shape(self) -> tuple[int, int, int]: ...
    @property
    def max_plies(self) -> Optional[int]: ...
    def __len__(self) -> int: ...

def episode_seed(run_seed: int, index: int) -> int:
    """Game ``index``'s seed in a run seeded ``run_seed``."""

@final
class RandomPlayer:
    """Uniformly random among the allowed moves; seeded."""
    def __new__(cls, seed: int = 0) -> Self: ...
    @property
    def name(self) -> str: ...
    def choose(self, observation: Observation) -> Optional[Move]:
        """The move to play: ``observation`` is a ``Board``, a ``CardGame`` at its
        move step, a ``FamilyGame``, or a Tsuitate ``PlayerView`` (never the referee). Thinks on a
        copy with the GIL released; Ctrl-C stops a long search within about 50 ms
        (``KeyboardInterrupt``). ``BusyError`` while the player is in use
        elsewhere (a match in another thread)."""
    def new_game(self) -> None: ...

@final
class SearchPlayer:
    """Alpha-beta with iterative deepening, a transposition table and quiescence
    (standard, minishogi, must-capture). One budget; default 20,000 nodes."""
    def __new__(cls, depth: Optional[int] = None, nodes: Optional[int] = None, time_ms: Optional[int] = None, seed: Optional[int] = None) -> Self: ...
    @property
    def name(self) -> str: ...
    def choose(self, observation: Observation) -> Optional[Move]:
        """The move to play: ``observation`` is a ``Board``, a ``CardGame`` at its
        move step, a ``FamilyGame``, or a Tsuitate ``PlayerView`` (never the referee). Thinks on a
        copy with the GIL released; Ctrl-C stops a long search within about 50 ms
        (``KeyboardInterrupt``). ``BusyError`` while the player is in use
        elsewhere (a match in another thread)."""
    def new_game(self) -> None: ...

@final
class CardPlayer:
    """Card shogi: expectimax over the opponent's next card."""
    def __new__(cls) -> Self: ...
    @property
    def name(self) -> str: ...
    def choose(self, observation: Observation) -> Optional[Move]:
        """The move to play: ``observation`` is a ``Board``, a ``CardGame`` at its
        move step, a ``FamilyGame``, or a Tsuitate ``PlayerView`` (never the referee). Thinks on a
        copy with the GIL released; Ctrl-C stops a long search within about 50 ms
        (``KeyboardInterrupt``). ``BusyError`` while the player is in use
        elsewhere (a match in another thread)."""
    def new_game(self) -> None: ...

@final
class BeliefPlayer:
    """Tsuitate: plans over sampled positions consistent with everything announced."""
    def __new__(cls, seed: int = 0, particles: Optional[int] = None) -> Self: ...
    @property
    def name(self) -> str: ...
    def choose(self, observation: Observation) -> Optional[Move]:
        """The move to play: ``observation`` is a ``Board``, a ``CardGame`` at its
        move step, a ``FamilyGame``, or a Tsuitate ``PlayerView`` (never the referee). Thinks on a
        copy with the GIL released; Ctrl-C stops a long search within about 50 ms
        (``KeyboardInterrupt``). ``BusyError`` while the player is in use
        elsewhere (a match in another thread)."""
    def new_game(self) -> None: ...

@final
class NaivePlayer:
    """Tsuitate baseline that ignores what it was told."""
    def __new__(cls, seed: int = 0) -> Self: ...
    @property
    def name(self) -> str: ...
    def choose(self, observation: Observation) -> Optional[Move]:
        """The move to play: ``observation`` is a ``Board``, a ``CardGame`` at its
        move step, a ``FamilyGame``, or a Tsuitate ``PlayerView`` (never the referee). Thinks on a
        copy with the GIL released; Ctrl-C stops a long search within about 50 ms
        (``KeyboardInterrupt``). ``BusyError`` while the player is in use
        elsewhere (a match in another thread)."""
    def new_game(self) -> None: ...

@final
class MatchResult:
    """A match from player A's side."""
    @property
    def a(self) -> str: ...
    @property
    def b(self) -> str: ...
    @property
    def wins(self) -> int: ...
    @property
    def draws(self) -> int: ...
    @property
    def losses(self) -> int: ...
    @property
    def score(self) -> float:
        """A's points per game (a draw is half a point)."""
    def elo(self) -> tuple[float, float]:
        """Elo difference of A over B and the half-width of its 95% interval."""
    @property
    def reasons(self) -> dict[Union[EndReason, str], int]: ...
    @property
    def fouls_per_game(self) -> tuple[float, float]: ...
    @property
    def games(self) -> list[tuple[Color, Optional[Color], Union[EndReason, str], int]]:
        """Per game: (A's colour, winner or None, reason, plies). The reason is
        ``Outcome.reason``'s name, or ``"max_plies"`` for a game the match's cap stopped."""
    def summary(self) -> str: ...

@final
class Session:
    """A game at a site's table, under its house rules: a copy of ``game``,
    a turn time limit in seconds (``None``, 30, 60) and what happens to a
    player over it (``"lose"`` on time, or ``"cpu"``: a seeded random player
    moves in that seat's place). A server keeps the clock: it passes each
    move's thinking time to ``submit`` and calls ``time_up()`` when a turn's
    time runs out. ``to_json()`` keeps the table with the house's ends (a
    loss on time), ``Session.from_json`` restores it."""
    def __new__(
        cls,
        game: Game,
        *,
        turn_time: Optional[float] = None,
        over_time: Literal["lose", "cpu"] = "lose",
        seed: int = 0,
    ) -> Self: ...
    def game(self) -> Game:
        """A copy of the game now (the table keeps its own)."""
    def to_move(self) -> Union[Color, Literal["chance"], None]: ...
    def outcome(self) -> Optional[Outcome]:
        """How the game ended, by its rules or by the house."""
    @property
    def turn_time(self) -> Optional[float]: ...
    @property
    def over_time(self) -> Literal["lose", "cpu"]: ...
    @property
    def plies(self) -> int: ...
    @property
    def fouls(self) -> tuple[int, int]: ...
    @property
    def stand_ins(self) -> tuple[int, int]: ...
    def told(self, color: int) -> list[str]:
        """What ``color`` was told by the last move (Tsuitate's announcements)."""
    def submit(
        self, color: int, move: MoveLike, elapsed: Optional[float] = None
    ) -> tuple[Literal["played", "foul", "stood_in", "lost_on_time", "forfeited"], Optional[str]]:
        """``color`` plays ``move`` after ``elapsed`` seconds; over the limit the
        house rule applies. Returns ``(verdict, usi)``. A refused move raises and
        changes nothing."""
    def time_up(
        self,
    ) -> tuple[Literal["played", "foul", "stood_in", "lost_on_time", "forfeited"], Optional[str]]:
        """The player to move ran out of time: the house rule applies at once."""
    def resign(self, color: int) -> Outcome: ...
    def chance_step(self) -> int: ...
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(json: str) -> "Session": ...

def register_variant(name: str, hooks: object, base: str = "standard", **settings: Any) -> str:
    """Register a variant scripted in Python under ``name``: ``base``'s rules
    (with ``settings``) changed by ``hooks``'s optional methods
    ``filter_moves(board, moves)``, ``extra_outcome(board)`` and
    ``repetition_outcome(first_player, perpetual_checker)``; ``hooks`` is an
    object or a class made with no arguments. Returns ``name``, from then on
    a variant every consumer takes."""

def scripted_variants() -> list[str]:
    """The names registered with ``register_variant`` so far."""

def play_match(
    game: str,
    a: object,
    b: object,
    games: int = 100,
    swap_colors: bool = True,
    move_time: Optional[float] = None,
    over_time: Literal["lose", "cpu"] = "lose",
    max_plies: int = 1000,
    seed: int = 0,
    **settings: object,
) -> MatchResult:
    """Play ``games`` games of ``game`` between ``a`` and ``b`` (native players, or
    any object with ``choose(observation)`` returning a Move, USI text or None),
    colours swapped each game. Over ``move_time`` seconds a player loses, or the
    CPU moves in its place (``over_time="cpu"``). Errors raised by a Python player
    are forfeits, re-raised when the match ends; a ``KeyboardInterrupt`` or
    ``SystemExit`` ends the match at once. Runs with the GIL released; native
    players are locked for the match (``BusyError`` for other uses meanwhile).
    Ctrl-C is noticed within about 50 ms (``KeyboardInterrupt``)."""
