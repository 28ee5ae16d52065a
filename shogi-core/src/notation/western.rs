//! Western notation, as English shogi books (after George Hodges) and
//! lishogi's Western options write moves: `P-7f`, `Bx2b+`, `S*5e`, `G6i-5h`.
//!
//! A move is written as
//!
//! 1. the moving piece: `P L N S G B R K`, or a promoted piece `+P +L +N +S
//!    +B +R` (the piece as it stands *before* the move);
//! 2. its origin square, only when another piece of the same kind could
//!    legally go to the same square (`G6i-5h` in the start position, where
//!    the gold on 4i could go to 5h as well);
//! 3. `-` for a move, `x` for a capture, `*` for a drop;
//! 4. the destination square;
//! 5. `+` if the piece promotes, `=` if it could promote and does not;
//!    nothing when promotion is not possible (or is a drop).
//!
//! # Coordinates
//!
//! Squares are written file digit then rank letter, `7f`, as USI, SFEN and
//! lishogi's "Western engine" option (and most recent English material) do.
//! Hodges' original books, and lishogi's "Western" option, number the rank
//! as well: `P-76`. [`read`] accepts both (`P-7f`, `P-76`, `G69-58`,
//! `G6i-5h`); [`write`] always writes `7f`.
//!
//! # Reading
//!
//! [`read`] resolves the text against the legal moves of the position, so
//! whatever is written must name exactly one of them:
//!
//! - the origin may be given even when it is not needed;
//! - `x` requires a capture; `-` is accepted for a capture as well (some
//!   writers never use `x`);
//! - `=` and no suffix both mean "does not promote"; when nothing is written
//!   and the piece can only move there by promoting (a pawn reaching the last
//!   rank), the promotion is taken;
//! - `T`, `H` and `D` are accepted for the tokin (`+P`), horse (`+B`) and
//!   dragon (`+R`), as some books write them;
//! - trailing `!` and `?` annotations and surrounding spaces are ignored.
//!
//! ```
//! use shogi_core::notation::western;
//! use shogi_core::{Geometry, Move, PieceSet, Position};
//!
//! let board = Geometry::new(9, 9, 3)?.leak();
//! let pieces = PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] };
//! let pos = Position::from_sfen(
//!     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
//!     board,
//!     &pieces,
//! )?;
//! let mv: Move = "7g7f".parse()?;
//! assert_eq!(western::write(&pos, mv), "P-7f");
//! assert_eq!(western::read(&pos, "P-7f")?, mv);
//! assert_eq!(western::read(&pos, "P-76")?, mv);
//! assert_eq!(western::write(&pos, "6i5h".parse()?), "G6i-5h");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`read`]: crate::notation::western::read
//! [`write`]: crate::notation::western::write

use crate::{Move, PieceKind, Position, Square};

/// Why a text could not be read as a Western move in a position.
///
/// ```
/// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
/// use shogi_core::notation::western::{self, WesternError};
/// use shogi_core::{Geometry, PieceSet, Position};
///
/// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces)?;
/// assert!(matches!(western::read(&pos, "P-5z"), Err(WesternError::Syntax(_))));
/// assert!(matches!(western::read(&pos, "R-1a"), Err(WesternError::NoMatch { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WesternError {
    /// The text is not Western notation at all.
    #[error("'{}' is not Western notation (expected a piece, an optional origin, '-', 'x' or '*', a square and an optional '+' or '=', like P-7f or Bx2b+)", crate::Excerpt(.0))]
    Syntax(String),
    /// The text is well formed but no legal move of the position matches it.
    #[error("no legal move matches '{}' in position {sfen}", crate::Excerpt(.text))]
    NoMatch {
        /// The text as given.
        text: String,
        /// The position, as SFEN.
        sfen: String,
    },
    /// More than one legal move matches: the origin square is missing.
    #[error("'{}' is ambiguous: it could be any of {}", crate::Excerpt(.text), join_moves(.candidates))]
    Ambiguous {
        /// The text as given.
        text: String,
        /// The legal moves it could mean (USI).
        candidates: Vec<Move>,
    },
}

fn join_moves(moves: &[Move]) -> String {
    let names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    names.join(", ")
}

/// The Western letter of a piece kind: `P`, `+R`, ...
fn piece_text(kind: PieceKind) -> String {
    kind.to_string()
}

/// Writes `mv`, a legal move of `pos`, in Western notation (`P-7f`,
/// `Bx2b+`, `S*5e`, `+Rx2b`, `N-2c=`, `G6i-5h`). See the [module
/// documentation](self) for the exact form.
///
/// A move that is not legal in `pos` is written as well as can be (with `?`
/// for a missing piece) and never panics, but [`read`] may not read it back.
///
/// ```
/// # let (nine, nine_pieces) = (shogi_core::Geometry::shared(9, 9, 3).unwrap(), shogi_core::PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] });
/// use shogi_core::notation::western;
/// use shogi_core::{Geometry, PieceSet, Position};
///
/// let pos = Position::from_sfen(
///     "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
///     nine,
///     &nine_pieces,
/// )?;
/// assert_eq!(western::write(&pos, "8h2b+".parse()?), "Bx2b+");
/// assert_eq!(western::write(&pos, "8h2b".parse()?), "Bx2b=");
/// assert_eq!(western::write(&pos, "2g2f".parse()?), "P-2f");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(pos: &Position, mv: Move) -> String {
    let Some(from) = mv.from() else {
        let kind = mv.drop_kind().unwrap_or(PieceKind::Pawn);
        return format!("{}*{}", piece_text(kind), mv.to());
    };
    let to = mv.to();
    let Some(piece) = pos.piece_at(from) else {
        return format!("?{from}-{to}");
    };
    let mut text = piece_text(piece.kind);
    let ambiguous = pos.legal_moves().iter().any(|m| match m.from() {
        Some(f) => f != from && m.to() == to && pos.piece_at(f).map(|p| p.kind) == Some(piece.kind),
        None => false,
    });
    if ambiguous {
        text.push_str(&from.to_string());
    }
    let capture = pos.piece_at(to).is_some();
    text.push(if capture { 'x' } else { '-' });
    text.push_str(&to.to_string());
    if mv.is_promotion() {
        text.push('+');
    } else if pos.is_legal(Move::normal(from, to, true)) {
        text.push('=');
    }
    text
}

/// How the text says the piece moves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Action {
    Move,
    Capture,
    Drop,
}

/// What the text says about promotion.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Promotion {
    Promote,
    Decline,
    Unsaid,
}

/// A parsed Western move, before it is matched against the position.
struct Parsed {
    kind: PieceKind,
    origin: Option<Square>,
    action: Action,
    to: Square,
    promotion: Promotion,
}

/// A square `7f` or `76` at the start of `s`; returns it and the rest.
fn parse_square(s: &[u8]) -> Option<(Square, &[u8])> {
    let (&f, rest) = s.split_first()?;
    let (&r, rest) = rest.split_first()?;
    let file = match f {
        b'1'..=b'9' => f - b'0',
        _ => return None,
    };
    let rank = match r {
        b'a'..=b'i' => r - b'a' + 1,
        b'1'..=b'9' => r - b'0',
        _ => return None,
    };
    Some((Square::new(file, rank)?, rest))
}

fn parse(text: &str) -> Option<Parsed> {
    let s = text.trim().trim_end_matches(['!', '?']).trim_end();
    let b = s.as_bytes();
    let (promoted, b) = match b.split_first() {
        Some((b'+', rest)) => (true, rest),
        _ => (false, b),
    };
    let (&letter, mut b) = b.split_first()?;
    let kind = match letter {
        b'T' if !promoted => PieceKind::ProPawn,
        b'H' if !promoted => PieceKind::Horse,
        b'D' if !promoted => PieceKind::Dragon,
        b'P' | b'L' | b'N' | b'S' | b'G' | b'B' | b'R' | b'K' => {
            let base = PieceKind::from_letter(letter as char)?;
            if promoted {
                base.promote()?
            } else {
                base
            }
        }
        _ => return None,
    };
    let mut origin = None;
    if let Some((sq, rest)) = parse_square(b) {
        origin = Some(sq);
        b = rest;
    }
    let (&sep, b) = b.split_first()?;
    let action = match sep {
        b'-' => Action::Move,
        b'x' => Action::Capture,
        b'*' if origin.is_none() && kind.is_hand_kind() => Action::Drop,
        _ => return None,
    };
    let (to, b) = parse_square(b)?;
    let promotion = match b {
        [] => Promotion::Unsaid,
        [b'+'] if action != Action::Drop => Promotion::Promote,
        [b'='] if action != Action::Drop => Promotion::Decline,
        _ => return None,
    };
    Some(Parsed {
        kind,
        origin,
        action,
        to,
        promotion,
    })
}

/// Reads a move in Western notation and finds it among the legal moves of
/// `pos`. Both `7f` and `76` coordinates are accepted; see the [module
/// documentation](self) for what else is.
///
/// ```
/// # let (nine, nine_pieces) = (shogi_core::Geometry::shared(9, 9, 3).unwrap(), shogi_core::PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] });
/// use shogi_core::notation::western::{self, WesternError};
/// use shogi_core::{Geometry, Move, PieceSet, Position};
///
/// let pos = Position::from_sfen(
///     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
///     nine,
///     &nine_pieces,
/// )?;
/// assert_eq!(western::read(&pos, "G6i-5h")?, "6i5h".parse::<Move>()?);
/// assert_eq!(western::read(&pos, "G69-58")?, "6i5h".parse::<Move>()?);
/// // Two golds can go to 5h.
/// assert!(matches!(western::read(&pos, "G-5h"), Err(WesternError::Ambiguous { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read(pos: &Position, text: &str) -> Result<Move, WesternError> {
    let parsed = parse(text).ok_or_else(|| WesternError::Syntax(text.to_owned()))?;
    let legal = pos.legal_moves();
    let matches_piece = |m: &Move| -> bool {
        if m.to() != parsed.to {
            return false;
        }
        match m.from() {
            None => parsed.action == Action::Drop && m.drop_kind() == Some(parsed.kind),
            Some(from) => {
                parsed.action != Action::Drop
                    && pos.piece_at(from).map(|p| p.kind) == Some(parsed.kind)
                    && parsed.origin.is_none_or(|o| o == from)
                    && (parsed.action != Action::Capture || pos.piece_at(m.to()).is_some())
            }
        }
    };
    let candidates: Vec<Move> = legal.iter().copied().filter(matches_piece).collect();
    let wanted: Vec<Move> = match parsed.promotion {
        Promotion::Promote => candidates
            .iter()
            .copied()
            .filter(|m| m.is_promotion())
            .collect(),
        Promotion::Decline => candidates
            .iter()
            .copied()
            .filter(|m| !m.is_promotion())
            .collect(),
        Promotion::Unsaid => {
            let plain: Vec<Move> = candidates
                .iter()
                .copied()
                .filter(|m| !m.is_promotion())
                .collect();
            if plain.is_empty() {
                candidates
            } else {
                plain
            }
        }
    };
    match wanted.as_slice() {
        [] => Err(WesternError::NoMatch {
            text: text.to_owned(),
            sfen: pos.to_sfen(),
        }),
        [m] => Ok(*m),
        _ => Err(WesternError::Ambiguous {
            text: text.to_owned(),
            candidates: wanted,
        }),
    }
}
