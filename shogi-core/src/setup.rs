//! Unvalidated position descriptions and SFEN.

use crate::{Color, Hand, Piece, PieceKind, Square};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A plain, unvalidated description of a position: what stands where, what is
/// in each hand, whose turn it is and the move number. Turn it into a
/// [`Position`](crate::Position) with [`Position::from_setup`](crate::Position::from_setup),
/// which checks that it is possible.
///
/// ```
/// use shogi_core::{Color, Setup};
/// let setup = Setup::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1").unwrap();
/// assert_eq!((setup.files, setup.ranks), (5, 5));
/// assert_eq!(setup.side_to_move, Color::Black);
/// assert_eq!(setup.to_sfen(), "rbsgk/4p/5/P4/KGSBR b - 1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Setup {
    /// Number of files of the board described.
    pub files: u8,
    /// Number of ranks of the board described.
    pub ranks: u8,
    /// The piece on each square of the shared 9×9 index space
    /// (see [`Square::index`]); squares off this board are `None`.
    #[serde(with = "board_serde")]
    pub board: [Option<Piece>; 81],
    /// Black's and White's hands.
    pub hands: [Hand; 2],
    /// Whose turn it is.
    pub side_to_move: Color,
    /// The move number as SFEN counts it (1 for the first move of the game).
    pub move_number: u32,
}

mod board_serde {
    use crate::Piece;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(b: &[Option<Piece>; 81], s: S) -> Result<S::Ok, S::Error> {
        b.as_slice().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Option<Piece>; 81], D::Error> {
        let v: Vec<Option<Piece>> = Vec::deserialize(d)?;
        v.try_into()
            .map_err(|v: Vec<_>| serde::de::Error::invalid_length(v.len(), &"81 squares"))
    }
}

/// The largest move number an SFEN may carry: far beyond any game, and far
/// enough below `u32::MAX` that playing on never wraps it.
pub const MAX_MOVE_NUMBER: u32 = 1_000_000_000;

/// Why a string is not a well-formed SFEN.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SfenError {
    /// Fewer than three space-separated fields.
    #[error("an SFEN needs at least 3 fields (board, side to move, hands), found {0}")]
    MissingFields(usize),
    /// More than four fields.
    #[error("an SFEN has at most 4 fields (board, side to move, hands, move number), found {0}")]
    TooManyFields(usize),
    /// The board has a number of ranks outside 3..=9.
    #[error("the board has {0} ranks; 3 to 9 are supported")]
    BadRankCount(usize),
    /// A rank is wider or narrower than the first one, or the board is too wide.
    #[error("rank {rank} of the board is {width} squares wide, expected {expected}")]
    BadRankWidth {
        /// The 1-based rank (1 = `a`).
        rank: usize,
        /// Its width.
        width: usize,
        /// The width of rank `a` (or 9 at most).
        expected: usize,
    },
    /// A character that is no piece letter, digit, `+` or `/`.
    #[error("'{}' in the board field is not a piece, a digit or '+'", crate::Excerpt(.0))]
    BadBoardChar(String),
    /// The side to move is not `b` or `w`.
    #[error("side to move must be 'b' or 'w', not '{}'", crate::Excerpt(.0))]
    BadSide(String),
    /// The hands field is malformed.
    #[error("hands field '{}' is malformed (expected '-' or counts and letters like 2Pb)", crate::Excerpt(.0))]
    BadHands(String),
    /// The move number is not an integer from 1 to [`MAX_MOVE_NUMBER`].
    #[error("move number '{}' is not a whole number from 1 to 1000000000", crate::Excerpt(.0))]
    BadMoveNumber(String),
}

impl Setup {
    /// An empty board of the given size with Black to move at move 1.
    ///
    /// ```
    /// let s = shogi_core::Setup::empty(9, 9);
    /// assert_eq!(s.to_sfen(), "9/9/9/9/9/9/9/9/9 b - 1");
    /// ```
    pub fn empty(files: u8, ranks: u8) -> Setup {
        Setup {
            files,
            ranks,
            board: [None; 81],
            hands: [Hand::EMPTY; 2],
            side_to_move: Color::Black,
            move_number: 1,
        }
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Puts `piece` (or nothing) on `sq`.
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }

    /// Reads an SFEN: `board side hands [move-number]`. The board's size comes
    /// from the string (ranks are separated by `/`, from rank `a` down; each rank
    /// runs from the highest file to file 1). The move number defaults to 1.
    ///
    /// ```
    /// use shogi_core::{Setup, SfenError};
    /// assert!(Setup::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").is_ok());
    /// assert_eq!(Setup::from_sfen("9/9/9 x - 1"), Err(SfenError::BadSide("x".into())));
    /// ```
    pub fn from_sfen(sfen: &str) -> Result<Setup, SfenError> {
        let fields: Vec<&str> = sfen.split_ascii_whitespace().collect();
        if fields.len() < 3 {
            return Err(SfenError::MissingFields(fields.len()));
        }
        if fields.len() > 4 {
            return Err(SfenError::TooManyFields(fields.len()));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if !(3..=9).contains(&rows.len()) {
            return Err(SfenError::BadRankCount(rows.len()));
        }
        let mut setup = Setup::empty(0, rows.len() as u8);
        let mut expected = 0usize;
        for (r, row) in rows.iter().enumerate() {
            let mut cells: Vec<Option<Piece>> = Vec::with_capacity(9);
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(SfenError::BadBoardChar(c.to_string()));
                    }
                    cells.extend(std::iter::repeat_n(None, d as usize));
                } else {
                    let token = if c == '+' {
                        match chars.next() {
                            Some(n) => format!("+{n}"),
                            None => return Err(SfenError::BadBoardChar("+".into())),
                        }
                    } else {
                        c.to_string()
                    };
                    let piece = token
                        .parse::<Piece>()
                        .map_err(|_| SfenError::BadBoardChar(token))?;
                    cells.push(Some(piece));
                }
                if cells.len() > 9 {
                    break;
                }
            }
            if r == 0 {
                expected = cells.len().min(9);
                if !(3..=9).contains(&cells.len()) {
                    return Err(SfenError::BadRankWidth {
                        rank: 1,
                        width: cells.len(),
                        expected: 9,
                    });
                }
            }
            if cells.len() != expected {
                return Err(SfenError::BadRankWidth {
                    rank: r + 1,
                    width: cells.len(),
                    expected,
                });
            }
            for (i, cell) in cells.into_iter().enumerate() {
                let file = (expected - i) as u8;
                if let Some(sq) = Square::new(file, r as u8 + 1) {
                    setup.board[sq.index()] = cell;
                }
            }
        }
        setup.files = expected as u8;
        setup.side_to_move = match fields[1] {
            "b" => Color::Black,
            "w" => Color::White,
            other => return Err(SfenError::BadSide(other.to_owned())),
        };
        setup.hands = parse_hands(fields[2])?;
        if let Some(n) = fields.get(3) {
            setup.move_number = n
                .parse::<u32>()
                .ok()
                .filter(|&n| (1..=MAX_MOVE_NUMBER).contains(&n))
                .ok_or_else(|| SfenError::BadMoveNumber((*n).to_owned()))?;
        }
        Ok(setup)
    }

    /// Writes the SFEN of this setup.
    pub fn to_sfen(&self) -> String {
        let mut s = String::with_capacity(96);
        for rank in 1..=self.ranks {
            if rank > 1 {
                s.push('/');
            }
            let mut empty = 0;
            for file in (1..=self.files).rev() {
                let piece = Square::new(file, rank).and_then(|sq| self.board[sq.index()]);
                match piece {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push_str(&p.to_string());
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
        }
        s.push(' ');
        s.push(self.side_to_move.sfen_char());
        s.push(' ');
        let black = self.hands[0].to_string();
        let white = self.hands[1].to_string().to_ascii_lowercase();
        if black.is_empty() && white.is_empty() {
            s.push('-');
        } else {
            s.push_str(&black);
            s.push_str(&white);
        }
        s.push(' ');
        s.push_str(&self.move_number.to_string());
        s
    }
}

fn parse_hands(field: &str) -> Result<[Hand; 2], SfenError> {
    let mut hands = [Hand::EMPTY; 2];
    if field == "-" {
        return Ok(hands);
    }
    let err = || SfenError::BadHands(field.to_owned());
    let mut count: Option<u32> = None;
    for c in field.chars() {
        if let Some(d) = c.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d;
            // Counts saturate at 255 (`Hand`'s limit), so a written hand reads back.
            if n > 999 || (count.is_none() && d == 0) {
                return Err(err());
            }
            count = Some(n);
            continue;
        }
        let kind = PieceKind::from_letter(c)
            .filter(|k| k.is_hand_kind())
            .ok_or_else(err)?;
        let color = if c.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let n = count.take().unwrap_or(1);
        if n < 1 {
            return Err(err());
        }
        let hand = &mut hands[color.index()];
        let total = hand.count(kind) as u32 + n;
        hand.set(kind, total.min(u8::MAX as u32) as u8);
    }
    if count.is_some() {
        return Err(err());
    }
    Ok(hands)
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sfen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by fuzzing: a move number near `u32::MAX` wrapped to 0 after a
    /// move, and the SFEN written then could not be read back.
    #[test]
    fn absurd_move_numbers_are_refused() {
        assert!(Setup::from_sfen("rbsgk/4p/5/P4/KGSBR b - 4294967295").is_err());
        assert!(Setup::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1000000001").is_err());
        assert!(Setup::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1000000000").is_ok());
    }

    /// Found by fuzzing: `99PP` is 100 pawns, written back as `100P`, which
    /// the reader refused. Counts now read up to 999 and saturate at 255.
    #[test]
    fn large_hand_counts_round_trip() {
        let setup = Setup::from_sfen("3/3/3 b 99PP 1").unwrap();
        assert_eq!(setup.hands[0].count(PieceKind::Pawn), 100);
        assert_eq!(Setup::from_sfen(&setup.to_sfen()).unwrap(), setup);
        let many = Setup::from_sfen("3/3/3 b 999P 1").unwrap();
        assert_eq!(many.hands[0].count(PieceKind::Pawn), 255);
        assert_eq!(Setup::from_sfen(&many.to_sfen()).unwrap(), many);
        assert!(Setup::from_sfen("3/3/3 b 1000P 1").is_err());
    }
}
