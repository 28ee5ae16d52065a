//! CSA records (CSA標準棋譜ファイル形式, versions 2.2 and 3.0), the format of
//! the Computer Shogi Association used by engines and servers (floodgate).
//!
//! ```
//! use shogi_formats::record::{csa, header, EndKind};
//!
//! let text = "V2.2\nN+Sente\nN-Gote\n$EVENT:Example\nPI\n+\n+7776FU\nT12\n-3334FU\nT3\n%TORYO\n";
//! let record = csa::read(text)?;
//! assert_eq!(record.header(header::BLACK), Some("Sente"));
//! assert_eq!(record.header(header::EVENT), Some("Example"));
//! assert_eq!(record.moves.len(), 2);
//! assert_eq!(record.moves[0].time.map(|t| t.seconds), Some(12));
//! assert_eq!(record.end.as_ref().map(|e| e.kind), Some(EndKind::Resign));
//! assert_eq!(csa::read(&csa::write(&record)?)?, record);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is read
//!
//! - An optional `'CSA encoding=...` first line (V3.0), skipped; the version
//!   line `V2`, `V2.1`, `V2.2` or `V3.0` (optional; any `V1`–`V3` is
//!   accepted).
//! - `N+` and `N-` names, as the [`header::BLACK`] and [`header::WHITE`]
//!   headers; `$EVENT`, `$SITE`, `$START_TIME`, `$END_TIME`, `$TIME_LIMIT`
//!   and `$OPENING` as [`header::EVENT`], [`header::SITE`],
//!   [`header::START_TIME`], [`header::END_TIME`], [`header::TIME_CONTROL`]
//!   and [`header::OPENING`]; any other `$KEY:value` as the header `KEY`.
//!   Values are kept exactly as written (split at the first `:`). Headers
//!   may come in any order before the side-to-move line.
//! - The start position: `PI` (the standard start) with optional removals
//!   for handicaps (`PI82HI22KA`, each removed piece must stand there);
//!   `P1`..`P9` rows (`-KY`, `+FU`, ` * `; the spacing of empty squares is
//!   not checked, so rows with trailing spaces trimmed read as well);
//!   `P+`/`P-` lines putting pieces on squares or in hand (`00`), with
//!   `00AL` giving that side every piece left over (applied last, as the
//!   format requires); then the side to move, `+` or `-`, which must be
//!   there. Pieces start in the box: a record with no position line has an
//!   empty board, which fails validation. The position is checked
//!   ([`PositionError`], at the side-to-move line).
//!   Positions without both kings (some tsume files) are refused, as
//!   everywhere in the library. The move number is 1.
//! - Moves `+7776FU`: sign, origin (`00` for a drop), destination and the
//!   piece *after* the move, so `+8822UM` promotes a bishop. The sign must be
//!   the side to move's, the piece must be the one on the origin (or its
//!   promoted form) and the move must be legal; otherwise
//!   [`RecordErrorKind::IllegalMove`] with the line.
//! - `T12` times (seconds on the move; V3.0's `T12.345` is rounded down) for
//!   the move or special move just before. [`MoveTime::total_seconds`] is
//!   never set: CSA does not record totals.
//! - Special moves, mapped to [`EndKind`] (the end side is the side to move):
//!
//!   | CSA | [`EndKind`] |
//!   |---|---|
//!   | `%TORYO` | `Resign` |
//!   | `%CHUDAN` | `Interrupted` |
//!   | `%SENNICHITE` | `Repetition` |
//!   | `%TIME_UP` | `Timeout` |
//!   | `%ILLEGAL_MOVE` (the side to move loses by a foul) | `IllegalMove` |
//!   | `%+ILLEGAL_ACTION` (Black's foul, White wins) | `IllegalMoveWin` if White is to move, else `IllegalMove` |
//!   | `%-ILLEGAL_ACTION` (White's foul, Black wins) | `IllegalMoveWin` if Black is to move, else `IllegalMove` |
//!   | `%JISHOGI` | `Jishogi` |
//!   | `%KACHI` | `ImpasseDeclaration` |
//!   | `%HIKIWAKE` | `Draw` |
//!   | `%MAX_MOVES` | `MaxMoves` |
//!   | `%TSUMI` | `Checkmate` |
//!   | `%FUZUMI` | `NoMate` |
//!   | `%ERROR` | `Interrupted` (no closer kind; written back as `%CHUDAN`) |
//!
//!   `%MATTA` (V2.2's take-back) is refused as
//!   [`RecordErrorKind::Unsupported`]; other `%` words are malformed. Nothing
//!   but times, comments and further special moves may follow the special
//!   move; a further special move (a server writing `%KACHI` twice, `%TORYO`
//!   then `%CHUDAN`) is ignored: the first one ended the game.
//! - A foul: an illegal move directly followed (times and comments aside)
//!   by `%ILLEGAL_MOVE` or by the `%+ILLEGAL_ACTION`/`%-ILLEGAL_ACTION` of
//!   its player is kept as the [`foul`] of an [`EndKind::IllegalMove`] end
//!   (unlike KIF, an illegal last move with no special move after it is an
//!   error: CSA programs and servers name the foul).
//!   The move must name a piece its player has; any other illegal move is
//!   an error.
//! - Comments, by the convention of CSA programs: a line `'*text` is the
//!   comment `text` (the same comment as KIF's `*text`; `'**30 7776FU`, an
//!   engine's evaluation, is the comment `*30 7776FU`). Comments before the
//!   first move go to [`Record::comments`], then to the move (or special
//!   move) they follow. Any other `'` line is a remark
//!   ([`Record::remarks`]: `' ---- Kifu for Windows ...`, `'Max_Moves:256`),
//!   except one that only declares the encoding (`'encoding=Shift_JIS`).
//! - Several statements on one line separated by `,` (`+7776FU,T12`), except
//!   in `N+`, `N-` and `$` lines, whose values may contain commas; a `'` in
//!   such a list starts a comment running to the end of the line.
//! - A line `/` separates games: only the first game is read, the rest of
//!   the text is ignored.
//! - Blank lines, a byte-order mark and `\r\n` or `\r` line ends are accepted.
//!
//! Every error carries the 1-based line; no input makes the reader panic.
//!
//! # What is written
//!
//! `V2.2` (or `'CSA encoding=UTF-8` and `V3.0` when the record ends in
//! [`EndKind::MaxMoves`], whose `%MAX_MOVES` is a V3.0 word), the remarks as
//! `'` lines, the headers in
//! record order (`N+`/`N-` for the players, the `$` names above for the known
//! keys, `$KEY:value` for the others), `PI` when the board and hands are the
//! standard start's or else `P1`..`P9` rows and `P+`/`P-` hand lines, the
//! side to move, the comments before the first move (as `'*` lines), then
//! each move with a `T` line when it has a time and its comments, a foul
//! move followed by its player's `%±ILLEGAL_ACTION`, and the special move.
//! CSA has no variations: the main line is written, side lines
//! ([`RecordMove::variations`](crate::record::RecordMove::variations)) and
//! bookmarks are dropped (KIF keeps them; [`Record::line_count`] tells
//! whether there are any).
//!
//! [`read`] gives back an equal [`Record`] for everything CSA can hold.
//! What it cannot hold, [`write`] loses: the start's move number (read
//! back as 1), [`MoveTime::total_seconds`], `%ERROR` (read as
//! `Interrupted`), line breaks in comments (each line becomes a comment)
//! and in header values (written as spaces).
//! [`write`] refuses, with [`WriteError::Unsupported`]: a
//! board that is not 9×9 (CSA has no other size: minishogi records cannot
//! be written), a header key that would not read back as itself (empty, with
//! `:` or a line break, or spelled like one of the `$` names above), the
//! ends CSA has no word for ([`EndKind::WinByDefault`],
//! [`EndKind::LossByDefault`]). A record whose moves do not replay is
//! refused with [`WriteError::IllegalMove`].
//!
//! [`WriteError::Unsupported`]: crate::record::WriteError::Unsupported
//! [`WriteError::IllegalMove`]: crate::record::WriteError::IllegalMove
//! [`EndKind::WinByDefault`]: crate::record::EndKind::WinByDefault
//! [`EndKind::LossByDefault`]: crate::record::EndKind::LossByDefault
//!
//! [`foul`]: crate::record::RecordEnd::foul
//! [`Record::remarks`]: crate::record::Record::remarks
//! [`EndKind::IllegalMove`]: crate::record::EndKind::IllegalMove
//! [`read`]: crate::record::csa::read
//! [`write`]: crate::record::csa::write
//! [`Record`]: crate::record::Record
//! [`Record::comments`]: crate::record::Record::comments
//! [`Record::positions`]: crate::record::Record::positions
//! [`EndKind`]: crate::record::EndKind
//! [`EndKind::MaxMoves`]: crate::record::EndKind::MaxMoves
//! [`RecordErrorKind::IllegalMove`]: crate::record::RecordErrorKind::IllegalMove
//! [`RecordErrorKind::Unsupported`]: crate::record::RecordErrorKind::Unsupported
//! [`MoveTime::total_seconds`]: crate::record::MoveTime::total_seconds
//! [`PositionError`]: shogi_core::PositionError
//! [`header::BLACK`]: crate::record::header::BLACK
//! [`header::WHITE`]: crate::record::header::WHITE
//! [`header::EVENT`]: crate::record::header::EVENT
//! [`header::SITE`]: crate::record::header::SITE
//! [`header::START_TIME`]: crate::record::header::START_TIME
//! [`header::END_TIME`]: crate::record::header::END_TIME
//! [`header::TIME_CONTROL`]: crate::record::header::TIME_CONTROL
//! [`header::OPENING`]: crate::record::header::OPENING

use super::{
    header, EndKind, MoveTime, Record, RecordEnd, RecordError, RecordErrorKind, RecordMove,
    WriteError,
};
use shogi_core::{Color, Excerpt, Move, Piece, PieceKind, Position, Setup, Square, Variant};
use shogi_variants::{Standard, STANDARD_START};

/// The `$` names CSA gives the canonical header keys.
const DOLLAR_KEYS: [(&str, &str); 6] = [
    ("EVENT", header::EVENT),
    ("SITE", header::SITE),
    ("START_TIME", header::START_TIME),
    ("END_TIME", header::END_TIME),
    ("TIME_LIMIT", header::TIME_CONTROL),
    ("OPENING", header::OPENING),
];

/// The rules a CSA record is read by: standard shogi's (CSA has no form for
/// another board). `PI` means its start, [`STANDARD_START`].
fn standard() -> Standard {
    Standard::default()
}

/// The CSA name of a piece kind.
pub(crate) fn kind_code(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "FU",
        PieceKind::Lance => "KY",
        PieceKind::Knight => "KE",
        PieceKind::Silver => "GI",
        PieceKind::Gold => "KI",
        PieceKind::Bishop => "KA",
        PieceKind::Rook => "HI",
        PieceKind::King => "OU",
        PieceKind::ProPawn => "TO",
        PieceKind::ProLance => "NY",
        PieceKind::ProKnight => "NK",
        PieceKind::ProSilver => "NG",
        PieceKind::Horse => "UM",
        PieceKind::Dragon => "RY",
    }
}

/// The piece kind of a CSA name.
pub(crate) fn code_kind(code: &[u8]) -> Option<PieceKind> {
    PieceKind::ALL
        .into_iter()
        .find(|&k| kind_code(k).as_bytes() == code)
}

fn color_sign(color: Color) -> char {
    match color {
        Color::Black => '+',
        Color::White => '-',
    }
}

fn sign_color(c: u8) -> Option<Color> {
    match c {
        b'+' => Some(Color::Black),
        b'-' => Some(Color::White),
        _ => None,
    }
}

/// A CSA square `77` (file, rank); `None` for anything else (`00` included).
fn csa_square(b: &[u8]) -> Option<Square> {
    match b {
        [f @ b'1'..=b'9', r @ b'1'..=b'9'] => Square::new(f - b'0', r - b'0'),
        _ => None,
    }
}

/// A pointer into the record being read, for comments and times.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Headers and the start position.
    Start,
    /// After the side-to-move line.
    Moves,
    /// After the special move.
    Ended,
}

/// The reader's state.
struct Reader {
    record: Record,
    phase: Phase,
    /// The board and hands being described (before the side line).
    setup: Setup,
    /// Colours that asked for `00AL`.
    all_rest: Vec<Color>,
    /// The position after the moves read so far (after the side line).
    pos: Option<Position>,
    /// An illegal move just read, that stands if a foul end follows it,
    /// with the error to give if none does.
    foul: Option<(RecordMove, RecordError)>,
}

/// Whether a trimmed line is a CSA statement (for telling formats apart):
/// a version, name, `$` information, position, side, move, time or
/// special-move line.
/// Why CSA move text names no move of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CsaMoveError {
    /// Not the shape of a move: a sign, four digits and a piece's two
    /// letters (`+7776FU`).
    #[error("not a CSA move (expected a sign, 4 digits and a piece, like +7776FU)")]
    Malformed,
    /// A move of the wrong side, from an empty square, or with a piece
    /// that is not the one there (nor its promoted face).
    #[error("no piece of the side to move makes this move here")]
    NotHere,
}

/// `mv` as CSA move text in `pos` (the position before it): the mover's
/// sign, origin (`00` for a drop), destination and the piece it is after
/// the move, `+7776FU`, `+8822UM`, `-0055KA`.
///
/// ```
/// use shogi_core::Position;
/// use shogi_formats::record::csa::{move_text, parse_move};
/// let pos = Position::from_sfen(shogi_variants::STANDARD_START, &shogi_variants::Standard::GEOMETRY, &shogi_variants::Standard::PIECES)?;
/// let mv = parse_move(&pos, "+7776FU")?;
/// assert_eq!((mv.to_string(), move_text(&pos, mv)), ("7g7f".to_owned(), "+7776FU".to_owned()));
/// assert!(parse_move(&pos, "-3334FU").is_err()); // not White's turn
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn move_text(pos: &Position, mv: Move) -> String {
    let (from, kind) = match mv.from() {
        Some(from) => {
            let piece = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
            let kind = if mv.is_promotion() {
                piece.promote().unwrap_or(piece)
            } else {
                piece
            };
            (format!("{}{}", from.file(), from.rank()), kind)
        }
        None => ("00".to_owned(), mv.drop_kind().unwrap_or(PieceKind::Pawn)),
    };
    format!(
        "{}{from}{}{}{}",
        color_sign(pos.side_to_move()),
        mv.to().file(),
        mv.to().rank(),
        kind_code(kind)
    )
}

/// The move CSA text names in `pos` (`+7776FU`; a promotion names the
/// promoted piece), not checked for legality beyond the piece that moves.
///
/// # Errors
/// [`CsaMoveError`]: malformed text, or no such piece of the side to move.
pub fn parse_move(pos: &Position, s: &str) -> Result<Move, CsaMoveError> {
    let &[sign, f1, r1, f2, r2, c1, c2] = s.as_bytes() else {
        return Err(CsaMoveError::Malformed);
    };
    let color = sign_color(sign).ok_or(CsaMoveError::Malformed)?;
    let to = csa_square(&[f2, r2]);
    let kind = code_kind(&[c1, c2]);
    let from = csa_square(&[f1, r1]);
    let is_drop = f1 == b'0' && r1 == b'0';
    let (Some(to), Some(kind)) = (to, kind) else {
        return Err(CsaMoveError::Malformed);
    };
    if from.is_none() && !is_drop {
        return Err(CsaMoveError::Malformed);
    }
    if color != pos.side_to_move() {
        return Err(CsaMoveError::NotHere);
    }
    match from {
        None => Move::drop(kind, to).ok_or(CsaMoveError::NotHere),
        Some(from) => {
            // (a piece of the other side is caught by the legality check)
            let piece = pos.piece_at(from).ok_or(CsaMoveError::NotHere)?;
            if piece.kind == kind {
                Ok(Move::normal(from, to, false))
            } else if piece.kind.promote() == Some(kind) {
                Ok(Move::normal(from, to, true))
            } else {
                Err(CsaMoveError::NotHere)
            }
        }
    }
}

pub(crate) fn is_statement(t: &str) -> bool {
    let b = t.as_bytes();
    match b {
        [b'+' | b'-'] => true,
        [b'+' | b'-', rest @ ..] => rest.len() >= 6 && rest[..4].iter().all(u8::is_ascii_digit),
        [b'V', d, ..] | [b'T', d, ..] => d.is_ascii_digit(),
        [b'N', b'+' | b'-', ..] => true,
        [b'P', b'I' | b'1'..=b'9' | b'+' | b'-', ..] => true,
        [b'$' | b'%', c, ..] => c.is_ascii_uppercase() || *c == b'+' || *c == b'-',
        _ => false,
    }
}

fn malformed(line: usize, message: impl std::fmt::Display) -> RecordError {
    RecordError::malformed(line, message)
}

impl Reader {
    fn new() -> Reader {
        Reader {
            record: Record::new(Setup::empty(9, 9)),
            phase: Phase::Start,
            setup: Setup::empty(9, 9),
            all_rest: Vec::new(),
            pos: None,
            foul: None,
        }
    }

    /// A `'` line's text (after the `'`): a `'*` comment or a remark.
    fn comment(&mut self, text: &str) {
        let Some(text) = text.strip_prefix('*') else {
            if !super::is_encoding_remark(text) {
                self.record.remarks.push(text.to_owned());
            }
            return;
        };
        let text = text.to_owned();
        if let Some((m, _)) = self.foul.as_mut() {
            m.comments.push(text);
            return;
        }
        match self.phase {
            Phase::Ended => {
                if let Some(end) = self.record.end.as_mut() {
                    end.comments.push(text);
                }
            }
            _ => match self.record.moves.last_mut() {
                Some(m) => m.comments.push(text),
                None => self.record.comments.push(text),
            },
        }
    }

    fn before_side(&self, line: usize, what: &str) -> Result<(), RecordError> {
        if self.phase == Phase::Start {
            Ok(())
        } else {
            Err(malformed(
                line,
                format!("{what} must come before the side to move"),
            ))
        }
    }

    /// `N+name`, `N-name`, `$KEY:value`: the whole line.
    fn info(&mut self, line: usize, text: &str) -> Result<(), RecordError> {
        self.before_side(line, "game information")?;
        if let Some(name) = text.strip_prefix("N+") {
            self.record
                .headers
                .push((header::BLACK.to_owned(), name.to_owned()));
        } else if let Some(name) = text.strip_prefix("N-") {
            self.record
                .headers
                .push((header::WHITE.to_owned(), name.to_owned()));
        } else if let Some(rest) = text.strip_prefix('$') {
            let (key, value) = rest.split_once(':').ok_or_else(|| {
                malformed(
                    line,
                    format!("'{}' has no ':' after the key", Excerpt(text)),
                )
            })?;
            if key.is_empty() {
                return Err(malformed(
                    line,
                    format!("'{}' has an empty key", Excerpt(text)),
                ));
            }
            let key = DOLLAR_KEYS
                .iter()
                .find(|(k, _)| *k == key)
                .map_or(key, |(_, canonical)| canonical);
            self.record.headers.push((key.to_owned(), value.to_owned()));
        } else {
            return Err(malformed(
                line,
                format!("'{}' is not a player name", Excerpt(text)),
            ));
        }
        Ok(())
    }

    fn statement(&mut self, line: usize, s: &str) -> Result<(), RecordError> {
        let b = s.as_bytes();
        if self.foul.is_some() && !matches!(b, [] | [b'T', ..] | [b'%', ..]) {
            if let Some((_, e)) = self.foul.take() {
                return Err(e);
            }
        }
        match b {
            [] => Ok(()),
            [b'N', b'+' | b'-', ..] | [b'$', ..] => self.info(line, s),
            [b'V', ..] => self.version(line, s),
            [b'P', b'I', rest @ ..] => self.pi(line, rest),
            [b'P', r @ b'1'..=b'9', rest @ ..] => self.row(line, r - b'0', rest),
            [b'P', sign @ (b'+' | b'-'), rest @ ..] => self.pieces(line, *sign, rest),
            [sign @ (b'+' | b'-')] => self.side(line, *sign),
            [b'+' | b'-', ..] => self.mv(line, s),
            [b'T', rest @ ..] => self.time(line, rest),
            [b'%', ..] => self.special(line, s),
            _ => Err(malformed(
                line,
                format!("'{}' is not a CSA statement", Excerpt(s)),
            )),
        }
    }

    fn version(&mut self, line: usize, s: &str) -> Result<(), RecordError> {
        self.before_side(line, "the version")?;
        let number = &s[1..];
        let mut parts = number.split('.');
        let major = parts.next().and_then(|m| m.parse::<u32>().ok());
        let minor_ok = parts.all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit()));
        match major {
            Some(1..=3) if minor_ok => Ok(()),
            Some(_) if minor_ok => Err(RecordError::new(
                line,
                RecordErrorKind::Unsupported(format!("CSA version {}", Excerpt(s))),
            )),
            _ => Err(malformed(
                line,
                format!("'{}' is not a version line", Excerpt(s)),
            )),
        }
    }

    fn pi(&mut self, line: usize, rest: &[u8]) -> Result<(), RecordError> {
        self.before_side(line, "the start position")?;
        let start = Setup::from_sfen(STANDARD_START).map_err(|e| malformed(line, e))?;
        self.setup.board = start.board;
        if rest.len() % 4 != 0 {
            return Err(malformed(
                line,
                "PI must be followed by removed pieces of 4 characters each (82HI)",
            ));
        }
        for chunk in rest.chunks(4) {
            let sq = csa_square(&chunk[..2]);
            let kind = code_kind(&chunk[2..]);
            let (Some(sq), Some(kind)) = (sq, kind) else {
                return Err(malformed(
                    line,
                    format!(
                        "'{}' is not a square and a piece",
                        String::from_utf8_lossy(chunk)
                    ),
                ));
            };
            match self.setup.piece_at(sq) {
                Some(p) if p.kind == kind => self.setup.set_piece(sq, None),
                _ => {
                    return Err(malformed(
                        line,
                        format!(
                            "PI removes {} from {sq}, which does not hold one",
                            kind_code(kind)
                        ),
                    ))
                }
            }
        }
        Ok(())
    }

    fn row(&mut self, line: usize, rank: u8, rest: &[u8]) -> Result<(), RecordError> {
        self.before_side(line, "the start position")?;
        let mut cells: Vec<Option<Piece>> = Vec::with_capacity(9);
        let mut i = 0;
        while i < rest.len() {
            match rest[i] {
                b' ' | b'\t' => i += 1,
                b'*' => {
                    cells.push(None);
                    i += 1;
                }
                c @ (b'+' | b'-') => {
                    let kind = rest.get(i + 1..i + 3).and_then(code_kind).ok_or_else(|| {
                        malformed(
                            line,
                            format!("row P{rank} has a bad piece at column {}", i + 3),
                        )
                    })?;
                    let color = sign_color(c).unwrap_or(Color::Black);
                    cells.push(Some(Piece::new(color, kind)));
                    i += 3;
                }
                _ => {
                    return Err(malformed(
                        line,
                        format!("row P{rank} has a bad square at column {}", i + 3),
                    ))
                }
            }
        }
        if cells.len() != 9 {
            return Err(malformed(
                line,
                format!("row P{rank} has {} squares, expected 9", cells.len()),
            ));
        }
        for (i, cell) in cells.into_iter().enumerate() {
            if let Some(sq) = Square::new(9 - i as u8, rank) {
                self.setup.set_piece(sq, cell);
            }
        }
        Ok(())
    }

    fn pieces(&mut self, line: usize, sign: u8, rest: &[u8]) -> Result<(), RecordError> {
        self.before_side(line, "the start position")?;
        let color = sign_color(sign).unwrap_or(Color::Black);
        if rest.len() % 4 != 0 {
            return Err(malformed(
                line,
                "P+ and P- must be followed by pieces of 4 characters each (00KI, 22KA)",
            ));
        }
        for chunk in rest.chunks(4) {
            let bad = || {
                malformed(
                    line,
                    format!(
                        "'{}' is not a square and a piece",
                        String::from_utf8_lossy(chunk)
                    ),
                )
            };
            if &chunk[..2] == b"00" {
                if &chunk[2..] == b"AL" {
                    if !self.all_rest.contains(&color) {
                        self.all_rest.push(color);
                    }
                    continue;
                }
                let kind = code_kind(&chunk[2..])
                    .filter(|k| k.is_hand_kind())
                    .ok_or_else(bad)?;
                let hand = &mut self.setup.hands[color.index()];
                if hand.count(kind) == u8::MAX {
                    return Err(malformed(line, "too many pieces in hand"));
                }
                hand.add(kind);
            } else {
                let sq = csa_square(&chunk[..2]).ok_or_else(bad)?;
                let kind = code_kind(&chunk[2..]).ok_or_else(bad)?;
                if self.setup.piece_at(sq).is_some() {
                    return Err(malformed(line, format!("{sq} already holds a piece")));
                }
                self.setup.set_piece(sq, Some(Piece::new(color, kind)));
            }
        }
        Ok(())
    }

    /// Gives the `00AL` colours every piece left in the box.
    fn deal_rest(&mut self) {
        let Some(&color) = self.all_rest.first() else {
            return;
        };
        let mut used = [0u32; 8];
        for p in self.setup.board.iter().flatten() {
            used[p.kind.unpromote().index()] += 1;
        }
        for hand in self.setup.hands {
            for kind in PieceKind::HAND {
                used[kind.index()] += hand.count(kind) as u32;
            }
        }
        for kind in PieceKind::HAND {
            let left = (standard().piece_set().max(kind) as u32).saturating_sub(used[kind.index()]);
            let hand = &mut self.setup.hands[color.index()];
            let total = hand.count(kind) as u32 + left;
            hand.set(kind, total.min(u8::MAX as u32) as u8);
        }
    }

    fn side(&mut self, line: usize, sign: u8) -> Result<(), RecordError> {
        if self.phase != Phase::Start {
            return Err(malformed(line, "a second side-to-move line"));
        }
        self.deal_rest();
        self.setup.side_to_move = sign_color(sign).unwrap_or(Color::Black);
        self.setup.move_number = 1;
        let pos = super::start_of(&standard(), &self.setup, line)?;
        self.record.start = pos.to_setup();
        self.pos = Some(pos);
        self.phase = Phase::Moves;
        Ok(())
    }

    fn mv(&mut self, line: usize, s: &str) -> Result<(), RecordError> {
        match self.phase {
            Phase::Start => {
                return Err(malformed(
                    line,
                    format!(
                        "move '{}' before the side to move line (+ or -)",
                        Excerpt(s)
                    ),
                ))
            }
            Phase::Ended => {
                return Err(malformed(
                    line,
                    format!("move '{}' after the end of the game", Excerpt(s)),
                ))
            }
            Phase::Moves => {}
        }
        let Some(pos) = self.pos.as_mut() else {
            return Err(malformed(line, "no start position"));
        };
        let illegal = |pos: &Position| {
            RecordError::new(
                line,
                RecordErrorKind::IllegalMove {
                    text: s.to_owned(),
                    sfen: pos.to_sfen(),
                },
            )
        };
        let mv = match parse_move(pos, s) {
            Ok(mv) => mv,
            Err(CsaMoveError::Malformed) => {
                return Err(malformed(
                    line,
                    format!(
                        "'{}' is not a move (expected a sign, 4 digits and a piece, like +7776FU)",
                        Excerpt(s)
                    ),
                ))
            }
            Err(CsaMoveError::NotHere) => return Err(illegal(pos)),
        };
        if !pos.is_legal(mv) {
            let error = illegal(pos);
            if super::foul_shape_error(pos, mv).is_some() {
                return Err(error);
            }
            self.foul = Some((RecordMove::new(mv), error));
            return Ok(());
        }
        pos.play_unchecked(mv);
        self.record.moves.push(RecordMove::new(mv));
        Ok(())
    }

    fn time(&mut self, line: usize, rest: &[u8]) -> Result<(), RecordError> {
        let text = String::from_utf8_lossy(rest);
        let bad = || {
            malformed(
                line,
                format!(
                    "'T{}' is not a time (expected seconds, like T12 or T12.345)",
                    Excerpt(&text)
                ),
            )
        };
        let (whole, fraction) = match rest.iter().position(|&c| c == b'.') {
            Some(i) => (&rest[..i], Some(&rest[i + 1..])),
            None => (rest, None),
        };
        if whole.is_empty() || !whole.iter().all(u8::is_ascii_digit) {
            return Err(bad());
        }
        if let Some(f) = fraction {
            if f.is_empty() || !f.iter().all(u8::is_ascii_digit) {
                return Err(bad());
            }
        }
        let mut seconds: u32 = 0;
        for &d in whole {
            seconds = seconds
                .checked_mul(10)
                .and_then(|s| s.checked_add((d - b'0') as u32))
                .ok_or_else(bad)?;
        }
        let time = Some(MoveTime {
            seconds,
            total_seconds: None,
        });
        let slot = match (self.phase, self.foul.as_mut()) {
            (_, Some((m, _))) => Some(&mut m.time),
            (Phase::Ended, None) => self.record.end.as_mut().map(|e| &mut e.time),
            (_, None) => self.record.moves.last_mut().map(|m| &mut m.time),
        };
        match slot {
            None => Err(malformed(line, "a time before any move")),
            Some(t) if t.is_some() => Err(malformed(line, "a second time for one move")),
            Some(t) => {
                *t = time;
                Ok(())
            }
        }
    }

    fn special(&mut self, line: usize, s: &str) -> Result<(), RecordError> {
        match self.phase {
            Phase::Start => {
                return Err(malformed(
                    line,
                    format!("'{}' before the side to move line (+ or -)", Excerpt(s)),
                ))
            }
            // The first special move ended the game; servers and programs
            // sometimes write another (%KACHI twice, %TORYO then %CHUDAN).
            Phase::Ended => return Ok(()),
            Phase::Moves => {}
        }
        let side = self.pos.as_ref().map_or(Color::Black, |p| p.side_to_move());
        let foul = |offender: Color| {
            if offender == side {
                EndKind::IllegalMove
            } else {
                EndKind::IllegalMoveWin
            }
        };
        let kind = match s {
            "%TORYO" => EndKind::Resign,
            "%CHUDAN" => EndKind::Interrupted,
            "%SENNICHITE" => EndKind::Repetition,
            "%TIME_UP" => EndKind::Timeout,
            "%ILLEGAL_MOVE" => EndKind::IllegalMove,
            "%+ILLEGAL_ACTION" => foul(Color::Black),
            "%-ILLEGAL_ACTION" => foul(Color::White),
            "%JISHOGI" => EndKind::Jishogi,
            "%KACHI" => EndKind::ImpasseDeclaration,
            "%HIKIWAKE" => EndKind::Draw,
            "%MAX_MOVES" => EndKind::MaxMoves,
            "%TSUMI" => EndKind::Checkmate,
            "%FUZUMI" => EndKind::NoMate,
            "%ERROR" => EndKind::Interrupted,
            "%MATTA" => {
                return Err(RecordError::new(
                    line,
                    RecordErrorKind::Unsupported("%MATTA (take-back)".into()),
                ))
            }
            _ => {
                return Err(malformed(
                    line,
                    format!("'{}' is not a CSA special move", Excerpt(s)),
                ))
            }
        };
        let foul = match self.foul.take() {
            None => None,
            Some((m, _)) if kind == EndKind::IllegalMove => Some(m),
            Some((_, e)) => return Err(e),
        };
        self.record.end = Some(RecordEnd {
            kind,
            time: None,
            comments: Vec::new(),
            foul,
            variations: Vec::new(),
        });
        self.phase = Phase::Ended;
        Ok(())
    }

    /// One line, already without its line end. Returns false at a `/`.
    fn line(&mut self, line: usize, raw: &str) -> Result<bool, RecordError> {
        let text = raw.trim_start();
        if let Some(comment) = text.strip_prefix('\'') {
            self.comment(comment);
            return Ok(true);
        }
        if text.starts_with("N+") || text.starts_with("N-") || text.starts_with('$') {
            self.info(line, text)?;
            return Ok(true);
        }
        let mut rest = text;
        loop {
            let trimmed = rest.trim_start();
            if let Some(comment) = trimmed.strip_prefix('\'') {
                self.comment(comment);
                return Ok(true);
            }
            let (statement, next) = match trimmed.split_once(',') {
                Some((a, b)) => (a, Some(b)),
                None => (trimmed, None),
            };
            let statement = statement.trim();
            if statement == "/" {
                return Ok(false);
            }
            self.statement(line, statement)?;
            match next {
                Some(n) => rest = n,
                None => return Ok(true),
            }
        }
    }
}

/// Reads a CSA record (V2.2 or V3.0; see the [module documentation](self)
/// for every statement understood and the [`EndKind`] mapping). Every move
/// is checked against the rules; an error carries the 1-based line.
///
/// ```
/// use shogi_formats::record::{csa, RecordErrorKind};
/// use shogi_core::PieceKind;
///
/// // A two-piece (rook and bishop) handicap: White moves first.
/// let record = csa::read("V2.2\nPI82HI22KA\n-\n-5142OU\n+7776FU\n")?;
/// assert_eq!(record.start.to_sfen(), "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
/// assert_eq!(record.moves.len(), 2);
///
/// // A bishop promoting: the piece after the move is UM.
/// let record = csa::read("PI\n+\n+7776FU\n-3334FU\n+8822UM\n")?;
/// assert!(record.moves[2].mv.is_promotion());
///
/// let err = csa::read("PI\n+\n+7776FU\n+3334FU\n").unwrap_err();
/// assert_eq!(err.line, 4);
/// assert!(matches!(err.kind, RecordErrorKind::IllegalMove { .. }));
/// # Ok::<(), shogi_formats::record::RecordError>(())
/// ```
pub fn read(text: &str) -> Result<Record, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader::new();
    let mut last = 0;
    for (i, raw) in super::lines(text).enumerate() {
        let line = i + 1;
        last = line;
        if line == 1 && raw.starts_with("'CSA encoding=") {
            continue;
        }
        if !reader.line(line, raw)? {
            break;
        }
    }
    if let Some((_, e)) = reader.foul.take() {
        // CSA programs name the foul (%ILLEGAL_MOVE, %±ILLEGAL_ACTION): an
        // illegal last move without it is an error, not a foul.
        return Err(e);
    }
    if reader.phase == Phase::Start {
        return Err(malformed(
            last.max(1),
            "no start position with its side to move (+ or -)",
        ));
    }
    Ok(reader.record)
}

/// The CSA word for `kind`, the end made by `side` (the side to move), if
/// CSA has one (it has none for a win or loss by default).
fn end_word(kind: EndKind, side: Color) -> Option<&'static str> {
    Some(match kind {
        EndKind::Resign => "%TORYO",
        EndKind::Repetition => "%SENNICHITE",
        EndKind::Checkmate => "%TSUMI",
        EndKind::ImpasseDeclaration => "%KACHI",
        EndKind::Jishogi => "%JISHOGI",
        EndKind::Timeout => "%TIME_UP",
        EndKind::IllegalMoveWin => match side {
            // The other side fouled.
            Color::Black => "%-ILLEGAL_ACTION",
            Color::White => "%+ILLEGAL_ACTION",
        },
        EndKind::IllegalMove => "%ILLEGAL_MOVE",
        EndKind::Interrupted => "%CHUDAN",
        EndKind::MaxMoves => "%MAX_MOVES",
        EndKind::Draw => "%HIKIWAKE",
        EndKind::NoMate => "%FUZUMI",
        EndKind::WinByDefault | EndKind::LossByDefault => return None,
    })
}

fn unsupported(message: impl Into<String>) -> WriteError {
    WriteError::Unsupported {
        format: "CSA",
        what: message.into(),
    }
}

fn has_line_break(s: &str) -> bool {
    s.contains(['\n', '\r'])
}

/// The header line for `(key, value)`; the value is written as it is, on
/// one line.
fn header_line(key: &str, value: &str) -> Result<String, WriteError> {
    let value = &super::one_line(value);
    if key == header::BLACK {
        return Ok(format!("N+{value}"));
    }
    if key == header::WHITE {
        return Ok(format!("N-{value}"));
    }
    if let Some((dollar, _)) = DOLLAR_KEYS.iter().find(|(_, k)| *k == key) {
        return Ok(format!("${dollar}:{value}"));
    }
    if key.is_empty()
        || key.contains(':')
        || has_line_break(key)
        || DOLLAR_KEYS.iter().any(|(dollar, _)| *dollar == key)
    {
        return Err(unsupported(format!(
            "the header key {} (not a CSA $ key)",
            super::quoted(key)
        )));
    }
    Ok(format!("${key}:{value}"))
}

/// Writes comments as `'*` lines, one per line of text.
fn push_comments(out: &mut String, comments: &[String]) {
    for comment in comments {
        let mut any = false;
        for part in comment.lines().flat_map(|l| l.split('\r')) {
            out.push_str("'*");
            out.push_str(part);
            out.push('\n');
            any = true;
        }
        if !any {
            out.push_str("'*\n");
        }
    }
}

fn push_time(out: &mut String, time: Option<MoveTime>) {
    if let Some(t) = time {
        out.push_str(&format!("T{}\n", t.seconds));
    }
}

/// Writes `record` as CSA V2.2 (V3.0 when it ends in `%MAX_MOVES`); see the
/// [module documentation](self) for the layout and what CSA cannot hold.
/// CSA is defined for 9×9 only: any other board is
/// [`WriteError::Unsupported`].
///
/// ```
/// use shogi_formats::record::{csa, header, Record, RecordMove, WriteError};
/// use shogi_core::Setup;
///
/// let mut record = Record::new(Setup::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").unwrap());
/// record.headers.push((header::BLACK.into(), "Habu".into()));
/// record.moves.push(RecordMove::new("7g7f".parse().unwrap()));
/// assert_eq!(csa::write(&record)?, "V2.2\nN+Habu\nPI\n+\n+7776FU\n");
///
/// let mini = Record::new(Setup::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1").unwrap());
/// assert!(matches!(csa::write(&mini), Err(WriteError::Unsupported { format: "CSA", .. })));
/// # Ok::<(), shogi_formats::record::WriteError>(())
/// ```
pub fn write(record: &Record) -> Result<String, WriteError> {
    if (record.start.files, record.start.ranks) != (9, 9) {
        return Err(unsupported(format!(
            "a {}x{} board: CSA records are 9x9 only",
            record.start.files, record.start.ranks
        )));
    }
    let positions = record.positions_to_write()?;
    let end_line = match &record.end {
        // The player of a foul move is named.
        Some(end) => Some((
            end,
            match (&end.foul, record.end_side()) {
                (Some(_), Color::Black) => "%+ILLEGAL_ACTION",
                (Some(_), Color::White) => "%-ILLEGAL_ACTION",
                (None, side) => end_word(end.kind, side)
                    .ok_or_else(|| unsupported(format!("the end {:?}", end.kind)))?,
            },
        )),
        None => None,
    };
    let mut out = String::with_capacity(256 + 16 * record.moves.len());
    if record.end.as_ref().map(|e| e.kind) == Some(EndKind::MaxMoves) {
        out.push_str("'CSA encoding=UTF-8\nV3.0\n");
    } else {
        out.push_str("V2.2\n");
    }
    for remark in &record.remarks {
        out.push('\'');
        out.push_str(&super::one_line(remark));
        out.push('\n');
    }
    for (key, value) in &record.headers {
        out.push_str(&header_line(key, value)?);
        out.push('\n');
    }
    let start = &record.start;
    let standard = Setup::from_sfen(STANDARD_START).ok();
    if standard.is_some_and(|st| start.board == st.board && start.hands == st.hands) {
        out.push_str("PI\n");
    } else {
        for rank in 1..=9u8 {
            out.push_str(&format!("P{rank}"));
            for file in (1..=9u8).rev() {
                match Square::new(file, rank).and_then(|sq| start.piece_at(sq)) {
                    Some(p) => {
                        out.push(color_sign(p.color));
                        out.push_str(kind_code(p.kind));
                    }
                    None => out.push_str(" * "),
                }
            }
            out.push('\n');
        }
        for color in Color::ALL {
            let hand = start.hands[color.index()];
            if hand.is_empty() {
                continue;
            }
            out.push('P');
            out.push(color_sign(color));
            for (kind, n) in hand.iter() {
                for _ in 0..n {
                    out.push_str("00");
                    out.push_str(kind_code(kind));
                }
            }
            out.push('\n');
        }
    }
    out.push(color_sign(start.side_to_move));
    out.push('\n');
    push_comments(&mut out, &record.comments);
    for (m, pos) in record.moves_to_write(&positions) {
        out.push_str(&move_text(pos, m.mv));
        out.push('\n');
        push_time(&mut out, m.time);
        push_comments(&mut out, &m.comments);
    }
    if let Some((end, word)) = end_line {
        out.push_str(word);
        out.push('\n');
        push_time(&mut out, end.time);
        push_comments(&mut out, &end.comments);
    }
    Ok(out)
}
