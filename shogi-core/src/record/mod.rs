//! Game records: what the record formats (KIF, KI2, CSA) share, and the
//! replay that turns a record into a game.
//!
//! A [`Record`] keeps what a file says: headers in file order, the start
//! position, the moves with their times and comments, and the special move
//! that ended the game. Readers check every move against the rules while
//! reading, so a `Record` that was read always replays; errors carry the line
//! number ([`RecordError`]).

/// CSA records (CSA標準棋譜ファイル形式 V2.2 and V3.0).
pub mod csa;

/// KIF records (柿木形式): headers, `   1 ７六歩(77)   ( 0:01/00:00:01)` move lines.
pub mod kif;

/// KI2 records: headers and moves in Japanese notation, `▲７六歩    △３四歩`.
pub mod ki2;

/// BOD board diagrams (KIF 局面図), for start positions.
pub mod bod;

use crate::{Color, Game, Geometry, Move, PieceSet, Position, PositionError, Setup, Variant};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The lines of a text, ended by `\n`, `\r\n` or a lone `\r` (old Mac
/// files), as `str::lines` counts them otherwise: line numbers in errors
/// match what an editor shows, and no line keeps a carriage return.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let s = rest?;
        match s.find(['\n', '\r']) {
            None => {
                rest = None;
                (!s.is_empty()).then_some(s)
            }
            Some(i) => {
                let skip = if s[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&s[i + skip..]);
                Some(&s[..i])
            }
        }
    })
}

/// A game record.
///
/// ```
/// use shogi_core::record::{Record, RecordMove};
/// use shogi_core::{Move, Setup};
/// let mut record = Record::new(Setup::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").unwrap());
/// record.moves.push(RecordMove::new("7g7f".parse::<Move>().unwrap()));
/// let positions = record.positions().unwrap();
/// assert_eq!(positions.len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Headers in file order, `(key, value)`. Known fields use the canonical
    /// keys of [`header`] (`black`, `white`, `event`, ...); others keep the
    /// name the file gave them.
    pub headers: Vec<(String, String)>,
    /// The start position.
    pub start: Setup,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The moves played.
    pub moves: Vec<RecordMove>,
    /// How the record ends, if it says (resignation, repetition...).
    pub end: Option<RecordEnd>,
}

/// The canonical header keys, shared by every format.
pub mod header {
    /// Black's player (sente; 下手 in handicap games). KIF `先手`/`下手`, CSA `N+`.
    pub const BLACK: &str = "black";
    /// White's player (gote; 上手 in handicap games). KIF `後手`/`上手`, CSA `N-`.
    pub const WHITE: &str = "white";
    /// The event. KIF `棋戦`, CSA `$EVENT`.
    pub const EVENT: &str = "event";
    /// Where the game was played. KIF `場所`, CSA `$SITE`.
    pub const SITE: &str = "site";
    /// When it started, as written. KIF `開始日時`, CSA `$START_TIME`.
    pub const START_TIME: &str = "start_time";
    /// When it ended, as written. KIF `終了日時`, CSA `$END_TIME`.
    pub const END_TIME: &str = "end_time";
    /// The time control, as written. KIF `持ち時間`, CSA `$TIME_LIMIT`.
    pub const TIME_CONTROL: &str = "time_control";
    /// The handicap or starting setup's name, as written. KIF `手合割`.
    pub const HANDICAP: &str = "handicap";
    /// The opening. KIF `戦型`, CSA `$OPENING`.
    pub const OPENING: &str = "opening";
}

/// A move of a record with what the file says about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordMove {
    /// The move.
    pub mv: Move,
    /// Time spent, if recorded.
    pub time: Option<MoveTime>,
    /// Comments after the move.
    pub comments: Vec<String>,
}

impl RecordMove {
    /// A move with no time and no comment.
    pub fn new(mv: Move) -> RecordMove {
        RecordMove {
            mv,
            time: None,
            comments: Vec::new(),
        }
    }
}

/// Time spent on a move, in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveTime {
    /// On this move.
    pub seconds: u32,
    /// By this player so far, this move included, if the file says.
    pub total_seconds: Option<u32>,
}

/// The special move that ends a record, made by the side to move after the
/// last move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordEnd {
    /// What happened.
    pub kind: EndKind,
    /// Time spent, if recorded.
    pub time: Option<MoveTime>,
    /// Comments after it.
    pub comments: Vec<String>,
}

/// How a record ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum EndKind {
    /// The side to move resigned. KIF `投了`, CSA `%TORYO`.
    Resign,
    /// Fourfold repetition (sennichite). KIF `千日手`, CSA `%SENNICHITE`.
    Repetition,
    /// The side to move is checkmated (recorded, not a move). KIF `詰み`, CSA `%TSUMI`.
    Checkmate,
    /// The side to move declared a win by entering king. KIF `入玉勝ち`, CSA `%KACHI`.
    ImpasseDeclaration,
    /// Impasse draw by agreement or points (jishogi). KIF `持将棋`, CSA `%JISHOGI`.
    Jishogi,
    /// The side to move lost on time. KIF `切れ負け`, CSA `%TIME_UP`.
    Timeout,
    /// The side to move's opponent acted illegally (the side to move wins).
    /// KIF `反則勝ち`; CSA `%+ILLEGAL_ACTION`/`%-ILLEGAL_ACTION` when the
    /// offender is not the side to move.
    IllegalMoveWin,
    /// The side to move made an illegal move and loses. KIF `反則負け`, CSA
    /// `%ILLEGAL_MOVE` (and `%±ILLEGAL_ACTION` by the side to move).
    IllegalMove,
    /// The game was interrupted. KIF `中断`, CSA `%CHUDAN`.
    Interrupted,
    /// The move limit was reached. CSA `%MAX_MOVES`.
    MaxMoves,
    /// A draw by agreement. CSA `%HIKIWAKE`.
    Draw,
    /// A tsume problem with no mate. KIF `不詰`.
    NoMate,
}

/// A record that cannot be read or replayed: where, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct RecordError {
    /// The 1-based line of the file (0 when the error is not tied to a line,
    /// e.g. replaying a record built in code).
    pub line: usize,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The text does not follow the format.
    #[error("{0}")]
    Malformed(String),
    /// A move that the rules forbid in its position.
    #[error("illegal move {text} in position {sfen}")]
    IllegalMove {
        /// The move as written.
        text: String,
        /// The position it was read in.
        sfen: String,
    },
    /// The start position is impossible.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The format feature is understood but not supported.
    #[error("not supported: {0}")]
    Unsupported(String),
}

impl RecordError {
    /// An error at `line`.
    pub fn new(line: usize, kind: RecordErrorKind) -> RecordError {
        RecordError { line, kind }
    }

    /// A malformed-text error at `line`.
    pub fn malformed(line: usize, message: impl fmt::Display) -> RecordError {
        RecordError::new(line, RecordErrorKind::Malformed(message.to_string()))
    }
}

impl Record {
    /// An empty record from `start`.
    pub fn new(start: Setup) -> Record {
        Record {
            headers: Vec::new(),
            start,
            comments: Vec::new(),
            moves: Vec::new(),
            end: None,
        }
    }

    /// The value of the first header with this key.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The board and material the start position implies: 9×9 standard or
    /// 5×5 minishogi.
    pub fn board(&self) -> Result<(&'static Geometry, PieceSet), RecordError> {
        match (self.start.files, self.start.ranks) {
            (9, 9) => Ok((&Geometry::STANDARD, PieceSet::STANDARD)),
            (5, 5) => Ok((&Geometry::MINISHOGI, PieceSet::MINISHOGI)),
            (f, r) => Err(RecordError::new(
                0,
                RecordErrorKind::Unsupported(format!("a {f}x{r} board")),
            )),
        }
    }

    /// The start position, validated.
    pub fn start_position(&self) -> Result<Position, RecordError> {
        let (geometry, pieces) = self.board()?;
        Position::from_setup(&self.start, geometry, &pieces)
            .map_err(|e| RecordError::new(0, e.into()))
    }

    /// Every position of the record, the start first, each move checked
    /// against the rules (of the board's standard rules).
    pub fn positions(&self) -> Result<Vec<Position>, RecordError> {
        let mut pos = self.start_position()?;
        let mut all = vec![pos.clone()];
        for m in &self.moves {
            if !pos.is_legal(m.mv) {
                return Err(RecordError::new(
                    0,
                    RecordErrorKind::IllegalMove {
                        text: m.mv.to_string(),
                        sfen: pos.to_sfen(),
                    },
                ));
            }
            pos.play_unchecked(m.mv);
            all.push(pos.clone());
        }
        Ok(all)
    }

    /// The record as a game of `variant` that can be continued. The special
    /// end move is applied where the game layer knows it (resignation,
    /// declaration); the others are left to the caller.
    pub fn to_game<V: Variant>(&self, variant: V) -> Result<Game<V>, RecordError> {
        let start = variant
            .position_from_sfen(&self.start.to_sfen())
            .map_err(|e| RecordError::new(0, e.into()))?;
        let mut game = Game::from_position(variant, start);
        for m in &self.moves {
            game.play(m.mv).map_err(|_| {
                RecordError::new(
                    0,
                    RecordErrorKind::IllegalMove {
                        text: m.mv.to_string(),
                        sfen: game.position().to_sfen(),
                    },
                )
            })?;
        }
        match self.end.as_ref().map(|e| e.kind) {
            Some(EndKind::Resign) if !game.is_over() => {
                let _ = game.resign();
            }
            Some(EndKind::ImpasseDeclaration) if !game.is_over() => {
                let _ = game.declare();
            }
            _ => {}
        }
        Ok(game)
    }

    /// A record of `game`'s moves from its start (resignation and
    /// declaration become the end).
    pub fn from_game<V: Variant>(game: &Game<V>) -> Record {
        let mut record = Record::new(game.start_position().to_setup());
        record.moves = game.moves().iter().map(|&m| RecordMove::new(m)).collect();
        record.end = game.outcome().and_then(|o| {
            let kind = match o.reason {
                crate::EndReason::Resignation => EndKind::Resign,
                crate::EndReason::ImpasseDeclaration => EndKind::ImpasseDeclaration,
                crate::EndReason::Repetition | crate::EndReason::PerpetualCheck => {
                    EndKind::Repetition
                }
                crate::EndReason::Checkmate => EndKind::Checkmate,
                crate::EndReason::MoveLimit => EndKind::MaxMoves,
                crate::EndReason::Timeout => EndKind::Timeout,
                crate::EndReason::IllegalMove => EndKind::IllegalMove,
                _ => return None,
            };
            Some(RecordEnd {
                kind,
                time: None,
                comments: Vec::new(),
            })
        });
        record
    }

    /// The side that makes the end move (the side to move after the last move).
    pub fn end_side(&self) -> Color {
        if self.moves.len() % 2 == 0 {
            self.start.side_to_move
        } else {
            self.start.side_to_move.opponent()
        }
    }
}
