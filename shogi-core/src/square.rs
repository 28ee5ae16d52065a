//! Squares, files and ranks in USI notation.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A square of a board of at most 9×9, named as in USI: file digit then rank
/// letter, `7g`. File 1 is on Black's right; rank `a` is White's back rank.
///
/// Squares of every board size share one index space (0..81, file-major:
/// `(file - 1) * 9 + (rank - 1)`), so a 5×5 board uses files 1–5 and ranks a–e
/// of the same numbering.
///
/// ```
/// use shogi_core::Square;
/// let sq: Square = "7g".parse().unwrap();
/// assert_eq!((sq.file(), sq.rank()), (7, 7));
/// assert_eq!(sq.to_string(), "7g");
/// assert!("0a".parse::<Square>().is_err());
/// ```
///
/// A square's name does not depend on the board: every board names its
/// squares by the same file digits and rank letters, so `Debug` prints the
/// USI name too (`7g`, not an index), and so do the errors and derived
/// `Debug`s that hold a square.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Square(u8);

/// A malformed square name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a square (expected a file digit 1-9 and a rank letter a-i, like 7g)", crate::Excerpt(.0))]
pub struct ParseSquareError(pub String);

impl Square {
    /// Number of squares in the shared index space (9×9).
    pub const COUNT: usize = 81;

    /// The square on `file` (1..=9) and `rank` (1..=9, where 1 is `a`).
    ///
    /// ```
    /// use shogi_core::Square;
    /// assert_eq!(Square::new(5, 5).unwrap().to_string(), "5e");
    /// assert_eq!(Square::new(10, 1), None);
    /// ```
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square((file - 1) * 9 + (rank - 1)))
        } else {
            None
        }
    }

    /// The square with index `i` (0..81).
    ///
    /// ```
    /// use shogi_core::Square;
    /// assert_eq!(Square::from_index(0).unwrap().to_string(), "1a");
    /// assert_eq!(Square::from_index(81), None);
    /// ```
    #[inline]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < 81 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// The square with index `i`, which the caller knows to be below 81.
    #[inline(always)]
    pub(crate) const fn from_index_unchecked(i: usize) -> Square {
        debug_assert!(i < 81);
        Square(i as u8)
    }

    /// The index 0..81.
    ///
    /// ```
    /// assert_eq!("9i".parse::<shogi_core::Square>().unwrap().index(), 80);
    /// ```
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 1..=9 (1 on Black's right).
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 / 9 + 1
    }

    /// The rank, 1..=9 (1 is `a`, White's back rank).
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// The rank letter, `a`..=`i`.
    ///
    /// ```
    /// assert_eq!("3c".parse::<shogi_core::Square>().unwrap().rank_letter(), 'c');
    /// ```
    pub const fn rank_letter(self) -> char {
        (b'a' + self.0 % 9) as char
    }

    /// This square seen from the other side of a board with `files` × `ranks`
    /// squares (rotated 180°), if it is on that board.
    ///
    /// ```
    /// use shogi_core::Square;
    /// let sq: Square = "7g".parse().unwrap();
    /// assert_eq!(sq.rotate(9, 9).unwrap().to_string(), "3c");
    /// ```
    pub const fn rotate(self, files: u8, ranks: u8) -> Option<Square> {
        if self.file() > files || self.rank() > ranks {
            return None;
        }
        Square::new(files + 1 - self.file(), ranks + 1 - self.rank())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank_letter())
    }
}

impl fmt::Debug for Square {
    /// The USI name, as [`Display`](fmt::Display): `7g` on every board.
    ///
    /// ```
    /// use shogi_core::{Illegality, Square};
    /// let sq: Square = "7g".parse().unwrap();
    /// assert_eq!(format!("{sq:?}"), "7g");
    /// let why = Illegality::NoSuchPiece { square: sq };
    /// assert_eq!(format!("{why:?}"), "NoSuchPiece { square: 7g }");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return Err(ParseSquareError(s.to_owned()));
        }
        let file = b[0].wrapping_sub(b'0');
        let rank = b[1].wrapping_sub(b'a').wrapping_add(1);
        Square::new(file, rank).ok_or_else(|| ParseSquareError(s.to_owned()))
    }
}

impl TryFrom<String> for Square {
    type Error = ParseSquareError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Square> for String {
    fn from(sq: Square) -> String {
        sq.to_string()
    }
}
