"""shogi_variants: shogi and its variants with exact rules, implemented in Rust.

Squares are integers 0..80, ``(file - 1) * 9 + (rank - 1)`` (7g is 60), and
every function taking a square also takes its USI name. Colors are ``BLACK``
(0, moves first) and ``WHITE`` (1). Pieces are SFEN letters.

>>> import shogi_variants as sv
>>> board = sv.Board()
>>> len(board.legal_moves)
30
>>> board.push_usi("7g7f")
Move.from_usi('7g7f')
>>> board.perft(2)
900
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
    RecordNode,
    RecordWriteError,
    Ruling,
    SearchPlayer,
    SelfPlay,
    SettingError,
    ShogiError,
    StaleNodeError,
    TsuitateGame,
    __version__,
    load,
    parse_square,
    play_match,
    square_name,
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
    "RecordNode",
    "RecordWriteError",
    "Ruling",
    "SearchPlayer",
    "SelfPlay",
    "SettingError",
    "ShogiError",
    "StaleNodeError",
    "TsuitateGame",
    "__version__",
    "load",
    "parse_square",
    "play_match",
    "square_name",
]
