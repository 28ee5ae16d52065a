//! USI text of family moves, with the definition's letters: `7g7f`, `8h2b+`
//! (promotes), `2b3c-` (a promoted face flips back, kyoto), `P*5e`, and
//! `+P*5e` (a drop as the promoted face).

use super::position::{kind_of, FamilyPosition};
use crate::{Excerpt, Move, Square};

/// Family USI text that names no move of the position's definition.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FamilyUsiError {
    /// Not the shape of a USI move.
    #[error("'{}' is not a USI move (expected like 7g7f, 8h2b+, 2b3c- or P*5e)", Excerpt(.0))]
    Malformed(String),
    /// A square off this definition's board.
    #[error("'{}' names a square off the {files}x{ranks} board", Excerpt(.text))]
    OffBoard {
        /// The move text.
        text: String,
        /// Files of the board.
        files: u8,
        /// Ranks of the board.
        ranks: u8,
    },
    /// A drop of a letter no kind uses.
    #[error("'{}' drops '{token}', which is no piece of this definition", Excerpt(.text))]
    UnknownPiece {
        /// The move text.
        text: String,
        /// The token.
        token: String,
    },
}

/// `mv` in USI with the definition's letters, as played from `pos` (the
/// position before it: whether a face change is a promotion `+` or a flip
/// back `-` depends on the piece that moves).
///
/// ```
/// # use shogi_core::family::betza::{Leg, Mode};
/// # use shogi_core::family::{notation, FamilyPosition, FamilySpec, KindSpec, PieceTable, Promotion};
/// # use std::sync::Arc;
/// # let step = vec![Leg { dx: 0, dy: 1, range: 1, mode: Mode::Both, hop: false }];
/// # let spec = FamilySpec { kinds: vec![
/// #     KindSpec { droppable: true, promotes_to: Some(1), hand_kind: Some(0),
/// #         promotion: Promotion::Forced, ..KindSpec::new("chick", "C", step.clone()) },
/// #     KindSpec { hand_kind: Some(0), ..KindSpec::new("hen", "H", vec![Leg { dy: -1, ..step[0] }]) },
/// # ], ..FamilySpec::new(3, 4, 1) };
/// let table = Arc::new(PieceTable::new(&spec)?);
/// let pos = FamilyPosition::from_sfen("3/1C1/3/3 b C", table)?;
/// let texts: Vec<String> = pos.legal_moves().iter().map(|&m| notation::to_usi(&pos, m)).collect();
/// assert!(texts.contains(&"2b2a+".to_string()));
/// assert!(texts.contains(&"C*1b".to_string()));
/// assert!(!texts.contains(&"C*1a".to_string())); // a chick could never move from rank a
/// let drop = notation::from_usi(&pos, "C*1a")?;
/// assert_eq!(notation::to_usi(&pos, drop), "C*1a");
/// assert!(notation::from_usi(&pos, "C*4a").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_usi(pos: &FamilyPosition, mv: Move) -> String {
    let table = pos.table();
    match (mv.from(), mv.dropped_index()) {
        (Some(from), _) => {
            let mark = if !mv.is_promotion() {
                ""
            } else {
                match pos.board[from.index()] {
                    0 => "+",
                    c if table.kinds[kind_of(c)].promoted => "-",
                    _ => "+",
                }
            };
            format!("{from}{}{mark}", mv.to())
        }
        (None, Some(k)) => format!("{}*{}", table.token(k as usize).unwrap_or("?"), mv.to()),
        (None, None) => format!("?*{}", mv.to()),
    }
}

/// Reads a family USI move for `pos`'s definition (the letters of its
/// kinds; `+` or `-` for a change of face). The move is read, not checked
/// for legality ([`FamilyPosition::is_legal`]).
///
/// # Errors
/// A [`FamilyUsiError`]: malformed text, a square off the board, a letter
/// no kind uses.
pub fn from_usi(pos: &FamilyPosition, text: &str) -> Result<Move, FamilyUsiError> {
    let malformed = || FamilyUsiError::Malformed(text.to_owned());
    let (files, ranks) = pos.table().size();
    let square = |s: &str| -> Result<Square, FamilyUsiError> {
        let sq: Square = s.parse().map_err(|_| malformed())?;
        if sq.file() > files || sq.rank() > ranks {
            return Err(FamilyUsiError::OffBoard {
                text: text.to_owned(),
                files,
                ranks,
            });
        }
        Ok(sq)
    };
    if !text.is_ascii() {
        return Err(malformed());
    }
    if let Some((token, to)) = text.split_once('*') {
        let to = square(to)?;
        let kind =
            pos.table()
                .kind_of_token(token)
                .ok_or_else(|| FamilyUsiError::UnknownPiece {
                    text: text.to_owned(),
                    token: token.to_owned(),
                })?;
        return Move::drop_index(kind as u8, to).ok_or_else(malformed);
    }
    if text.len() < 4 || text.len() > 5 {
        return Err(malformed());
    }
    let from = square(&text[0..2])?;
    let to = square(&text[2..4])?;
    let change = match &text[4..] {
        "" => false,
        "+" | "-" => true,
        _ => return Err(malformed()),
    };
    if from == to {
        return Err(malformed());
    }
    Ok(Move::normal(from, to, change))
}
