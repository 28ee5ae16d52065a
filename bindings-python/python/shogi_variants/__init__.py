"""shogi_variants: shogi and its variants with exact rules, implemented in Rust.

Squares are integers numbered on the board they belong to,
``(file - 1) * ranks + (rank - 1)``: 0..80 on 9×9 (7g is 60), 0..24 on 5×5
(5e is 24), as the action space numbers them. Every function taking a square
also takes its USI name; ``square(file, rank)``, ``square_file(sq)`` and
``square_rank(sq)`` convert (9×9 unless given ``board=`` or
``files=``/``ranks=``; the same methods of a board or game use its own
board). A ``Move`` equals the same move on any board but answers
``from_square``/``to_square`` in the numbering of the board that made it.
Colors are ``BLACK`` (0, moves first) and ``WHITE`` (1). Pieces are SFEN
letters.

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

from ._core import (
    BLACK,
    GAMES,
    JOKER,
    VARIANTS,
    WHITE,
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
    Event,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidSfenError,
    InvalidSquareError,
    LegalMoves,
    MatchResult,
    MissingExtraError,
    Move,
    NaivePlayer,
    Outcome,
    PlayerView,
    RandomPlayer,
    Record,
    RecordWriteError,
    Ruling,
    SearchPlayer,
    SelfPlay,
    SettingError,
    ShogiError,
    TsuitateGame,
    __version__,
    load,
    parse_square,
    play_match,
    square,
    square_file,
    square_name,
    square_rank,
)

__all__ = [
    "BLACK",
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
    "Event",
    "GameOverError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidSfenError",
    "InvalidSquareError",
    "LegalMoves",
    "MatchResult",
    "MissingExtraError",
    "Move",
    "NaivePlayer",
    "Outcome",
    "PlayerView",
    "RandomPlayer",
    "Record",
    "RecordWriteError",
    "Ruling",
    "SearchPlayer",
    "SelfPlay",
    "SettingError",
    "ShogiError",
    "TsuitateGame",
    "__version__",
    "load",
    "parse_square",
    "play_match",
    "square",
    "square_file",
    "square_name",
    "square_rank",
]
