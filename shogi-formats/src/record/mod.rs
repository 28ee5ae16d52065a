//! Game records: what the record formats (KIF, KI2, CSA, JKF, USEN) share, and the
//! replay that turns a record into a game.
//!
//! A [`Record`] keeps what a file says: headers in file order, the start
//! position, the moves with their times, comments and bookmarks, the
//! special move that ended the game, and the variations as a tree (side
//! lines hang on the move they replace, [`RecordMove::variations`], or on
//! the end they replace, [`RecordEnd::variations`]; see
//! [`Line`] and [`Record::children`]). KIF reads and writes the whole
//! tree, KI2 reads it and writes the main line, CSA has no variations;
//! JKF reads and writes the whole tree, USEN its moves. Readers check
//! every move against the rules while reading, so a `Record` that was read always replays; errors carry the line
//! number ([`RecordError`]). Writers refuse with a [`WriteError`] what their
//! format cannot hold.
//!
//! One illegal move is kept: a record that ends with a foul (an illegal
//! move followed by `反則勝ち`/`反則負け`, `%ILLEGAL_MOVE` or
//! `%±ILLEGAL_ACTION`, or in KIF and KI2 by nothing but comments, as GUIs,
//! game archives and 81Dojo record 二歩, 王手放置 and the like) has that
//! move, with its time and comments, in [`RecordEnd::foul`], not in
//! [`Record::moves`], so the moves still replay and the foul is typed: the
//! end is [`EndKind::IllegalMove`], a loss of [`Record::end_side`], the
//! player of the foul. This is the record as written, as cshogi (the move
//! last among its moves, unplayed) and ShogiHome (a node played without
//! validation) keep it; the writers write it back (KIF: the move, then
//! `反則勝ち`; KI2: the move, then `まで…の反則勝ち`; CSA: the move, then
//! `%±ILLEGAL_ACTION` naming its player) and read back the same foul.

/// CSA records (CSA標準棋譜ファイル形式 V2.2 and V3.0).
pub mod csa;

/// KIF records (柿木形式): headers, `   1 ７六歩(77)   ( 0:01/00:00:01)` move lines.
pub mod kif;

/// KI2 records: headers and moves in Japanese notation, `▲７六歩    △３四歩`.
pub mod ki2;

/// BOD board diagrams (KIF 局面図), for start positions.
pub mod bod;

/// JKF records (JSON Kifu Format): the record as one JSON object, side lines included.
pub mod jkf;

/// USEN, Shogi Playground's compact notation of a record's moves and side lines (URLs).
pub mod usen;

mod tree;
pub use tree::{Line, TreeError, MAX_NESTING};

mod lines;
pub(crate) use lines::lines;

use serde::{Deserialize, Serialize};
use shogi_core::{Color, Game, Move, Outcome, Position, PositionError, Setup, Variant};
use shogi_variants::{Base, Definition};
use std::fmt;

/// Whether a remark line's text (after its `#` or `'`) only declares the
/// file's encoding or format version, which a writer declares anew.
pub(crate) fn is_encoding_remark(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with("encoding=")
        || t.starts_with("CSA encoding=")
        || t.starts_with("KIF version=")
        || t.starts_with("KI2 version=")
}

/// A bounded quote of `text` ([`shogi_core::Excerpt`]) with its line breaks
/// and other control characters escaped, in double quotes: a header key
/// with a line break is shown as `"a\nb"`, on one line.
pub(crate) fn quoted(text: &str) -> String {
    format!("{:?}", shogi_core::excerpt(text))
}

/// A text written on one line: line breaks become spaces.
pub(crate) fn one_line(text: &str) -> String {
    text.replace("\r\n", " ").replace(['\r', '\n'], " ")
}

/// A game record.
///
/// ```
/// use shogi_formats::record::{Record, RecordMove};
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
    /// Remarks about the file, in file order, wherever they stand: KIF and
    /// KI2 `#` lines, CSA `'` lines that are not `'*` comments (`' ---- Kifu
    /// for Windows ...`, `'Max_Moves:256`). They are not about a move; the
    /// writers put them before the headers. A line that only declares the
    /// encoding or version (`#KIF version=2.0 encoding=UTF-8`, `'CSA
    /// encoding=UTF-8`, `'encoding=Shift_JIS`) is not kept: a writer
    /// declares its own.
    #[serde(default)]
    pub remarks: Vec<String>,
    /// Comments before the first move: KIF and KI2 `*text`, CSA `'*text`
    /// (the same comment in each: the text after the `*`).
    pub comments: Vec<String>,
    /// The bookmark (KIF `&name` line before the first move, しおり, as
    /// ShogiHome writes `&開始局面`) on the start position, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bookmark: Option<String>,
    /// The moves played: the main line. Side lines hang on the moves they
    /// replace ([`RecordMove::variations`]; the tree is walked and edited
    /// by path with [`Record::children`], [`Record::add_child`] and the
    /// like).
    pub moves: Vec<RecordMove>,
    /// How the record (its main line) ends, if it says (resignation,
    /// repetition...).
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
    /// The bookmark (KIF `&name` line, しおり) on the position after the
    /// move, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bookmark: Option<String>,
    /// The side lines played instead of this move, from the position
    /// before it, in order ([`Line`]; KIF `変化：N手`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Line>,
}

impl RecordMove {
    /// A move with no time, no comment, no bookmark and no variation.
    ///
    /// ```
    /// use shogi_formats::record::RecordMove;
    /// let m = RecordMove::new("7g7f".parse()?);
    /// assert!(m.comments.is_empty() && m.bookmark.is_none() && m.variations.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(mv: Move) -> RecordMove {
        RecordMove {
            mv,
            time: None,
            comments: Vec::new(),
            bookmark: None,
            variations: Vec::new(),
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
///
/// A game lost by an illegal move keeps that move in [`foul`](Self::foul),
/// with [`EndKind::IllegalMove`]: the side to move after
/// [`Record::moves`] played it and lost.
///
/// ```
/// use shogi_formats::record::{kif, EndKind};
/// // Black, with a pawn in hand, drops it on the 7th file where its own
/// // pawn stands (二歩) and loses.
/// let text = "   1 ２六歩(27)\n   2 ８四歩(83)\n   3 ２五歩(26)\n   4 ８五歩(84)
///    5 ２四歩(25)\n   6 同　歩(23)\n   7 同　飛(28)\n   8 ８六歩(85)
///    9 ７五歩打\n  10 反則勝ち\n";
/// let record = kif::read(text)?;
/// assert_eq!(record.moves.len(), 8);
/// let end = record.end.as_ref().unwrap();
/// assert_eq!(end.kind, EndKind::IllegalMove);
/// assert_eq!(end.foul.as_ref().map(|m| m.mv.to_string()), Some("P*7e".to_owned()));
/// # Ok::<(), shogi_formats::record::RecordError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordEnd {
    /// What happened.
    pub kind: EndKind,
    /// Time spent, if recorded.
    pub time: Option<MoveTime>,
    /// Comments after it.
    pub comments: Vec<String>,
    /// The illegal move that ended the game, with its time and comments,
    /// when the record has it (only with [`EndKind::IllegalMove`]). It is
    /// played by the side to move after [`Record::moves`]; it names a
    /// piece that side has (on the origin square, or in hand for a drop),
    /// but the rules forbid it.
    #[serde(default)]
    pub foul: Option<RecordMove>,
    /// The side lines played *instead of* this end, from the position it
    /// was made in, in order ([`Line`]; in KIF a `変化：N手` block whose move
    /// N is this end, as commentaries show how a game could have gone on
    /// after 投了). The end stays its line's main continuation: in the tree
    /// these lines are the children of the line's last node, none of them
    /// main ([`Record::children`]). With a foul end they replace the foul
    /// move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Line>,
}

impl RecordEnd {
    /// An end of `kind` with no time, no comment, no foul move and no side
    /// line.
    ///
    /// ```
    /// use shogi_formats::record::{EndKind, RecordEnd};
    /// let end = RecordEnd::new(EndKind::Resign);
    /// assert!(end.foul.is_none() && end.variations.is_empty());
    /// ```
    pub fn new(kind: EndKind) -> RecordEnd {
        RecordEnd {
            kind,
            time: None,
            comments: Vec::new(),
            foul: None,
            variations: Vec::new(),
        }
    }
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
    /// The side to move declared a win by entering king. KIF `入玉勝ち` (also
    /// read: `入玉宣言`), CSA `%KACHI`.
    ImpasseDeclaration,
    /// Impasse draw by agreement or points (jishogi). KIF `持将棋`, CSA `%JISHOGI`.
    Jishogi,
    /// The side to move lost on time. KIF `切れ負け` (also read: `Time-up`,
    /// as 81Dojo writes it), CSA `%TIME_UP`.
    Timeout,
    /// The side to move's opponent acted illegally (the side to move wins).
    /// KIF `反則勝ち`; CSA `%+ILLEGAL_ACTION`/`%-ILLEGAL_ACTION` when the
    /// offender is not the side to move.
    IllegalMoveWin,
    /// The side to move made an illegal move and loses. KIF `反則負け`, CSA
    /// `%ILLEGAL_MOVE` (and `%±ILLEGAL_ACTION` by the side to move).
    IllegalMove,
    /// The game was interrupted. KIF `中断` (also read: `封じ手`, the sealed
    /// move of an adjourned game), CSA `%CHUDAN`.
    Interrupted,
    /// The move limit was reached. CSA `%MAX_MOVES`.
    MaxMoves,
    /// A draw by agreement. CSA `%HIKIWAKE`. KIF and KI2 have no word for
    /// it: their writers write `持将棋` (KI2 `まで…手で持将棋`), as ShogiHome
    /// and cshogi do, which reads back as [`EndKind::Jishogi`].
    Draw,
    /// A tsume problem with no mate. KIF `不詰`.
    NoMate,
    /// The side to move wins by default (the opponent did not play). KIF
    /// `不戦勝`; CSA has no word for it.
    WinByDefault,
    /// The side to move loses by default (did not play). KIF `不戦敗`; CSA
    /// has no word for it.
    LossByDefault,
}

impl EndKind {
    /// Every end, in declaration order.
    pub const ALL: [EndKind; 14] = [
        EndKind::Resign,
        EndKind::Repetition,
        EndKind::Checkmate,
        EndKind::ImpasseDeclaration,
        EndKind::Jishogi,
        EndKind::Timeout,
        EndKind::IllegalMoveWin,
        EndKind::IllegalMove,
        EndKind::Interrupted,
        EndKind::MaxMoves,
        EndKind::Draw,
        EndKind::NoMate,
        EndKind::WinByDefault,
        EndKind::LossByDefault,
    ];

    /// The end as an identifier, the same in Rust and Python: `"resign"`,
    /// `"illegal_move"`, `"win_by_default"`...
    ///
    /// ```
    /// use shogi_formats::record::EndKind;
    /// assert_eq!(EndKind::MaxMoves.name(), "max_moves");
    /// assert!(EndKind::ALL.iter().all(|&k| EndKind::from_name(k.name()) == Some(k)));
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            EndKind::Resign => "resign",
            EndKind::Repetition => "repetition",
            EndKind::Checkmate => "checkmate",
            EndKind::ImpasseDeclaration => "impasse_declaration",
            EndKind::Jishogi => "jishogi",
            EndKind::Timeout => "timeout",
            EndKind::IllegalMoveWin => "illegal_move_win",
            EndKind::IllegalMove => "illegal_move",
            EndKind::Interrupted => "interrupted",
            EndKind::MaxMoves => "max_moves",
            EndKind::Draw => "draw",
            EndKind::NoMate => "no_mate",
            EndKind::WinByDefault => "win_by_default",
            EndKind::LossByDefault => "loss_by_default",
        }
    }

    /// The end of this [`EndKind::name`], if any.
    pub fn from_name(name: &str) -> Option<EndKind> {
        EndKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// A record that cannot be read or replayed: where, and why.
///
/// Its message starts with `line N: ` when it is tied to a line of a file;
/// an error of replaying ([`Record::to_game`], line 0) has no such prefix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The 1-based line of the file (0 when the error is not tied to a line,
    /// e.g. replaying a record built in code).
    pub line: usize,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => write!(f, "{}", self.kind),
            line => write!(f, "line {line}: {}", self.kind),
        }
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.kind)
    }
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The text does not follow the format.
    #[error("{0}")]
    Malformed(String),
    /// A move that the rules forbid in its position.
    #[error("illegal move {} in position {sfen}", shogi_core::Excerpt(.text))]
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
    /// Replayed under the rules given ([`Record::to_game`]), the game ends
    /// (checkmate, repetition, the move limit...) before the record's moves
    /// do: the record goes on past the end of the game.
    #[error("{}; the record goes on with {text}", ended_at(*.at, .outcome))]
    PastTheEnd {
        /// How many moves were played when the game ended.
        at: usize,
        /// How it ended.
        outcome: Outcome,
        /// The first move after the end, in USI.
        text: String,
    },
}

fn ended_at(at: usize, outcome: &Outcome) -> String {
    match at {
        0 => format!("the game is over at the start ({outcome})"),
        _ => format!("the game ended at move {at} ({outcome})"),
    }
}

/// A record that a writer cannot write in its format. Writers accept any
/// header text (a value is written as it is, line breaks excepted) and any
/// comment; they refuse a record that does not replay or that says what the
/// format has no words for.
///
/// ```
/// use shogi_formats::record::{kif, EndKind, Record, RecordEnd, WriteError};
/// use shogi_core::Setup;
/// let mut record = Record::new(Setup::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").unwrap());
/// record.end = Some(RecordEnd::new(EndKind::MaxMoves));
/// assert!(matches!(kif::write(&record), Err(WriteError::Unsupported { format: "KIF", .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// The start position is impossible or on a board the library has no
    /// rules for.
    #[error("the start position: {0}")]
    Start(RecordErrorKind),
    /// Move `index` (0-based) is illegal in its position: the record does
    /// not replay.
    #[error("move {} ({}) is illegal in position {sfen}", index + 1, shogi_core::Excerpt(.text))]
    IllegalMove {
        /// The 0-based index of the move in [`Record::moves`].
        index: usize,
        /// The move, in USI.
        text: String,
        /// The position it is played in.
        sfen: String,
    },
    /// The foul move of the end does not name a piece of the side to move
    /// (or, for a drop, one in its hand), or the end with it is not
    /// [`EndKind::IllegalMove`].
    #[error("the foul move {text} cannot be written: {reason}")]
    Foul {
        /// The move, in USI.
        text: String,
        /// Why.
        reason: &'static str,
    },
    /// A move of a side line is illegal in its position; `path` is the
    /// line's moves from the start up to and with that move.
    #[error("move {} of a side line ({}) is illegal in position {sfen}", .path.len(), shogi_core::Excerpt(&.path.last().map(Move::to_string).unwrap_or_default()))]
    IllegalSideMove {
        /// The moves from the start, the illegal one last.
        path: Vec<Move>,
        /// The position it is played in.
        sfen: String,
    },
    /// The format has no way to say this.
    #[error("{format} cannot hold {what}")]
    Unsupported {
        /// `"KIF"`, `"KI2"`, `"CSA"`, `"JKF"` or `"USEN"`.
        format: &'static str,
        /// What it cannot hold.
        what: String,
    },
}

impl Record {
    /// What a writer writes, each move with the position it is played from:
    /// the moves, then the foul that ended the game, if any (played from the
    /// last position). `positions` is [`Record::positions_to_write`].
    pub(crate) fn moves_to_write<'a>(
        &'a self,
        positions: &'a [Position],
    ) -> impl Iterator<Item = (&'a RecordMove, &'a Position)> + 'a {
        let foul = self.end.as_ref().and_then(|e| e.foul.as_ref());
        self.moves
            .iter()
            .zip(positions)
            .chain(foul.zip(positions.last()))
    }

    /// The positions a writer goes through: the start, then after each
    /// move, every move checked; and the foul move, checked to be one the
    /// formats can name.
    pub(crate) fn positions_to_write(&self) -> Result<Vec<Position>, WriteError> {
        let start = self
            .start_position()
            .map_err(|e| WriteError::Start(e.kind))?;
        let (all, pos, illegal) = self.replay(start);
        if let Some(index) = illegal {
            return Err(WriteError::IllegalMove {
                index,
                text: self.moves[index].mv.to_string(),
                sfen: pos.to_sfen(),
            });
        }
        if let Some(end) = &self.end {
            if let Some(foul) = &end.foul {
                let reason = if end.kind != EndKind::IllegalMove {
                    Some("a foul move ends the game as EndKind::IllegalMove")
                } else {
                    foul_shape_error(&pos, foul.mv)
                };
                if let Some(reason) = reason {
                    return Err(WriteError::Foul {
                        text: foul.mv.to_string(),
                        reason,
                    });
                }
            }
        }
        Ok(all)
    }
}

/// Why `mv` cannot stand as a foul move in `pos` (`None` if it can): it
/// must name a piece of the side to move, on its origin square (on the
/// board) or in its hand (a drop), and go to a square of the board that
/// does not hold a piece of that side. Whether the rules allow it is not
/// asked: a foul is a move they forbid.
pub(crate) fn foul_shape_error(pos: &Position, mv: Move) -> Option<&'static str> {
    let us = pos.side_to_move();
    if !pos.geometry().contains(mv.to()) {
        return Some("its destination is off the board");
    }
    if pos.piece_at(mv.to()).is_some_and(|p| p.color == us) {
        return Some("its destination holds a piece of the side that moves");
    }
    match (mv.from(), mv.drop_kind()) {
        (Some(from), _) => match pos.piece_at(from) {
            Some(p) if p.color == us && pos.geometry().contains(from) => {
                if mv.is_promotion() && !p.kind.is_promotable() {
                    Some("it promotes a piece that does not promote")
                } else {
                    None
                }
            }
            _ => Some("its origin holds no piece of the side that moves"),
        },
        (None, Some(kind)) => (pos.hand(us).count(kind) == 0)
            .then_some("the side that moves has no such piece in hand"),
        (None, None) => Some("it is not a move"),
    }
}

/// The formats a record can be read from and written to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// [`kif`]: numbered move lines with origins.
    Kif,
    /// [`ki2`]: Japanese notation, several moves to a line.
    Ki2,
    /// [`csa`]: the Computer Shogi Association's format.
    Csa,
    /// [`jkf`]: JSON Kifu Format.
    Jkf,
    /// [`usen`]: Shogi Playground's URL notation.
    Usen,
}

impl Format {
    /// The format of a record's text, told from its structure, not from a
    /// word anywhere: CSA by a line that is a CSA statement (`V2.2`, `PI`,
    /// `P1…`, `N+…`, `+7776FU`, `%TORYO`) before any KIF or KI2 move; KIF by
    /// its move table head (`手数----指手--`) or a numbered move line
    /// (`   1 ７六歩(77)`, `   5 投了`); KI2 otherwise (moves with `▲`/`△`).
    /// Comment lines (`*…`, `'…`, `#…`) are not looked at. JKF by its
    /// opening brace (`{`), USEN by its `~` in one word.
    ///
    /// ```
    /// use shogi_formats::record::Format;
    /// assert_eq!(Format::detect("V2.2\nPI\n+\n+7776FU\n"), Format::Csa);
    /// assert_eq!(Format::detect("手数----指手---------消費時間--\n   1 ７六歩(77)\n"), Format::Kif);
    /// // A KI2 whose comment speaks of 手数 is still KI2.
    /// assert_eq!(Format::detect("▲７六歩    △３四歩\n*手数は少ない\n"), Format::Ki2);
    /// ```
    pub fn detect(text: &str) -> Format {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim_start().starts_with('{') {
            return Format::Jkf;
        }
        let t = text.trim();
        if t.contains('~') && !t.contains(char::is_whitespace) {
            return Format::Usen;
        }
        for line in lines(text) {
            let t = line.trim();
            if t.is_empty() || t.starts_with(['*', '#', '&', '\'']) {
                continue;
            }
            if t.starts_with(|c| shogi_core::notation::japanese::mark_side(c).is_some()) {
                return Format::Ki2;
            }
            if kif::is_table_head(t) || kif::is_numbered_move(t) {
                return Format::Kif;
            }
            if csa::is_statement(t) {
                return Format::Csa;
            }
        }
        Format::Ki2
    }

    /// Reads `text` in this format.
    ///
    /// ```
    /// use shogi_formats::record::Format;
    /// let text = "V2.2\nPI\n+\n+7776FU\n";
    /// assert_eq!(Format::detect(text).read(text)?.moves.len(), 1);
    /// # Ok::<(), shogi_formats::record::RecordError>(())
    /// ```
    pub fn read(self, text: &str) -> Result<Record, RecordError> {
        match self {
            Format::Kif => kif::read(text),
            Format::Ki2 => ki2::read(text),
            Format::Csa => csa::read(text),
            Format::Jkf => jkf::read(text),
            Format::Usen => usen::read(text),
        }
    }

    /// Writes `record` in this format.
    ///
    /// ```
    /// use shogi_formats::record::{Format, Record};
    /// use shogi_core::Setup;
    /// let record = Record::new(Setup::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").unwrap());
    /// assert_eq!(Format::Csa.write(&record)?, "V2.2\nPI\n+\n");
    /// # Ok::<(), shogi_formats::record::WriteError>(())
    /// ```
    pub fn write(self, record: &Record) -> Result<String, WriteError> {
        match self {
            Format::Kif => kif::write(record),
            Format::Ki2 => ki2::write(record),
            Format::Csa => csa::write(record),
            Format::Jkf => jkf::write(record),
            Format::Usen => usen::write(record),
        }
    }

    /// `"KIF"`, `"KI2"`, `"CSA"`, `"JKF"` or `"USEN"`.
    ///
    /// ```
    /// use shogi_formats::record::Format;
    /// assert_eq!(Format::Ki2.name(), "KI2");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Format::Kif => "KIF",
            Format::Ki2 => "KI2",
            Format::Csa => "CSA",
            Format::Jkf => "JKF",
            Format::Usen => "USEN",
        }
    }
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
            remarks: Vec::new(),
            comments: Vec::new(),
            bookmark: None,
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

    /// The variant the start position is played in: the handicap the
    /// `handicap` header (KIF's `手合割`) names, as a definition
    /// ([`Definition::handicap`](shogi_variants::Definition::handicap)), when
    /// the start is that handicap's; otherwise the variant of its board,
    /// [`Base::of_board`] (9×9 standard shogi, 5×5 minishogi), with its
    /// default settings. Records say nothing of a variant's settings, and
    /// these are the only variants with a record form; a start on another
    /// board is [`RecordErrorKind::Unsupported`]. Its rules are the ones
    /// [`Record::positions`] and the readers check the moves by.
    ///
    /// ```
    /// use shogi_core::Setup;
    /// use shogi_formats::record::{header, Record};
    /// use shogi_variants::{Base, MINISHOGI_START};
    /// assert_eq!(Record::new(Setup::from_sfen(MINISHOGI_START)?).base()?, Base::MINISHOGI);
    /// assert!(Record::new(Setup::empty(7, 7)).base().is_err());
    /// let lance = shogi_formats::record::kif::handicap_setup("香落ち").unwrap();
    /// let mut record = Record::new(lance);
    /// record.headers.push((header::HANDICAP.to_owned(), "香落ち".to_owned()));
    /// assert_eq!(record.base()?.name(), "香落ち");
    /// // 平手 is standard shogi's start, played by the built-in game.
    /// let mut even = Record::new(Setup::from_sfen(shogi_variants::STANDARD_START)?);
    /// even.headers.push((header::HANDICAP.to_owned(), "平手".to_owned()));
    /// assert_eq!(even.base()?, Base::STANDARD);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn base(&self) -> Result<Base, RecordError> {
        // 平手 names standard shogi's own start: that is the board's variant.
        if let Some(handicap) = self
            .header(header::HANDICAP)
            .and_then(|name| kif::handicap_named(Some(name.trim()), &self.start))
            .and_then(Definition::handicap)
            .and_then(|d| shogi_variants::Defined::new(d).ok())
        {
            return Ok(Base::Defined(handicap));
        }
        let (files, ranks) = (self.start.files, self.start.ranks);
        Base::of_board(files, ranks).ok_or_else(|| {
            RecordError::new(
                0,
                RecordErrorKind::Unsupported(format!("a {files}x{ranks} board")),
            )
        })
    }

    /// The start position, validated. A start where a side has no king is
    /// read as a mate problem is written ([`Variant::problem_from_sfen`]):
    /// the attacker may have no king, and the defender holds the pieces on
    /// neither the board nor a hand.
    ///
    /// ```
    /// use shogi_core::{Color, Setup};
    /// use shogi_formats::record::Record;
    /// let problem = Record::new(Setup::from_sfen("3sks3/9/4S4/9/9/8B/9/9/9 b S 1")?);
    /// let pos = problem.start_position()?;
    /// assert_eq!(pos.king(Color::Black), None);
    /// assert_eq!(pos.hand(Color::White).count(shogi_core::PieceKind::Rook), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start_position(&self) -> Result<Position, RecordError> {
        start_of(&self.base()?.variant(), &self.start, 0)
    }

    /// Every position of the record, the start first, each move checked
    /// against the plain rules of the board (those of [`Position`]; the
    /// board and material are those of [`Record::base`]). A foul move
    /// ([`RecordEnd::foul`]) is not among the moves and has no position.
    pub fn positions(&self) -> Result<Vec<Position>, RecordError> {
        let (all, pos, illegal) = self.replay(self.start_position()?);
        match illegal {
            Some(index) => Err(RecordError::new(
                0,
                RecordErrorKind::IllegalMove {
                    text: self.moves[index].mv.to_string(),
                    sfen: pos.to_sfen(),
                },
            )),
            None => Ok(all),
        }
    }

    /// The moves played from `start`, each checked: `start` and the
    /// position after each legal move up to the first illegal one; the
    /// position reached (where that move was tried); and the illegal move's
    /// index (`None` when every move is legal).
    fn replay(&self, start: Position) -> (Vec<Position>, Position, Option<usize>) {
        let mut pos = start;
        let mut all = vec![pos.clone()];
        for (index, m) in self.moves.iter().enumerate() {
            if !pos.is_legal(m.mv) {
                return (all, pos, Some(index));
            }
            pos.play_unchecked(m.mv);
            all.push(pos.clone());
        }
        (all, pos, None)
    }

    /// The record as a game of `variant` that can be continued. The special
    /// end move is applied where the game layer knows it (resignation,
    /// declaration); the others are left to the caller. A foul move
    /// ([`RecordEnd::foul`]) is not played: the game layer refuses illegal
    /// moves, so the game stands before it.
    ///
    /// Replaying past the end: when the game ends under `variant`'s rules
    /// (checkmate, repetition, its move limit...) while the record has
    /// moves left, the record does not describe a game of these rules, and
    /// it is refused with [`RecordErrorKind::PastTheEnd`] ("the game ended
    /// at move 1 (draw by move limit); the record goes on with 3c3d"),
    /// rather than cut short without a word. An illegal move is
    /// [`RecordErrorKind::IllegalMove`].
    ///
    /// ```
    /// use shogi_core::{Move, Setup, Variant};
    /// use shogi_formats::record::{Record, RecordErrorKind, RecordMove};
    /// use shogi_variants::{Standard, StandardSettings, STANDARD_START};
    /// let mut record = Record::new(Setup::from_sfen(STANDARD_START)?);
    /// for mv in ["7g7f", "3c3d"] {
    ///     record.moves.push(RecordMove::new(mv.parse::<Move>()?));
    /// }
    /// assert!(record.to_game(Standard::default()).is_ok());
    /// let short = Standard::with_settings(StandardSettings { move_limit: Some(1), ..Default::default() });
    /// let e = record.to_game(short).unwrap_err();
    /// assert!(matches!(e.kind, RecordErrorKind::PastTheEnd { at: 1, .. }));
    /// assert_eq!(
    ///     e.to_string(),
    ///     "the game ended at move 1 (draw by move limit); the record goes on with 3c3d"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_game<V: Variant>(&self, variant: V) -> Result<Game<V>, RecordError> {
        let start = start_of(&variant, &self.start, 0)?;
        let mut game = Game::from_position(variant, start);
        for m in &self.moves {
            game.play(m.mv).map_err(|e| {
                let kind = match e {
                    shogi_core::GameError::GameOver(outcome) => RecordErrorKind::PastTheEnd {
                        at: game.moves().len(),
                        outcome,
                        text: m.mv.to_string(),
                    },
                    _ => RecordErrorKind::IllegalMove {
                        text: m.mv.to_string(),
                        sfen: game.position().to_sfen(),
                    },
                };
                RecordError::new(0, kind)
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
    ///
    /// A game of a handicap's definition ([`Definition::handicap`]) from its
    /// start gets the `handicap` header naming it, as KIF writes `手合割`.
    pub fn from_game<V: Variant>(game: &Game<V>) -> Record {
        let mut record = Record::new(game.start_position().to_setup());
        if let Some(name) = kif::handicap_named(Some(game.variant().name()), &record.start) {
            record
                .headers
                .push((header::HANDICAP.to_owned(), name.to_owned()));
        }
        record.moves = game.moves().iter().map(|&m| RecordMove::new(m)).collect();
        record.end = game.outcome().and_then(|o| {
            let kind = match o.reason {
                shogi_core::EndReason::Resignation => EndKind::Resign,
                shogi_core::EndReason::ImpasseDeclaration => EndKind::ImpasseDeclaration,
                shogi_core::EndReason::Repetition | shogi_core::EndReason::PerpetualCheck => {
                    EndKind::Repetition
                }
                shogi_core::EndReason::Checkmate => EndKind::Checkmate,
                shogi_core::EndReason::MoveLimit => EndKind::MaxMoves,
                // A match runner's ends, by their names (shogi-players).
                shogi_core::EndReason::Custom(end) if end.name() == "timeout" => EndKind::Timeout,
                shogi_core::EndReason::Custom(end) if end.name() == "illegal_move" => {
                    EndKind::IllegalMove
                }
                _ => return None,
            };
            Some(RecordEnd::new(kind))
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

/// The position of `setup` under `variant`, strictly, or, where a side has
/// no king, as a mate problem ([`Variant::problem_from_setup`]); an error
/// names `line`.
pub(crate) fn start_of<V: Variant>(
    variant: &V,
    setup: &Setup,
    line: usize,
) -> Result<Position, RecordError> {
    match Position::from_setup(setup, variant.geometry(), &variant.piece_set()) {
        Err(PositionError::MissingKing(_)) => variant.problem_from_setup(setup),
        other => other,
    }
    .map_err(|e| RecordError::new(line, e.into()))
}
