//! A set of squares, one bit per square.

use crate::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares of the shared 81-square index space, one bit each.
///
/// ```
/// use shogi_core::{Bitboard, Square};
/// let a: Square = "7g".parse().unwrap();
/// let b: Square = "2b".parse().unwrap();
/// let bb = Bitboard::from_square(a) | Bitboard::from_square(b);
/// assert_eq!(bb.count(), 2);
/// assert!(bb.contains(a));
/// assert_eq!(bb.into_iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["2b", "7g"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 81 squares of the index space.
    pub const FULL: Bitboard = Bitboard((1u128 << 81) - 1);

    /// The nine ranks of each file of the index space, `FILES[0]` being file 1
    /// (a file's squares are consecutive indices). On a smaller board a file
    /// also covers ranks off the board; [`crate::Geometry::file_mask`] clips it.
    ///
    /// ```
    /// use shogi_core::{Bitboard, Square};
    /// let sq: Square = "5e".parse().unwrap();
    /// assert_eq!(Bitboard::FILES[4].count(), 9);
    /// assert!(Bitboard::FILES[4].contains(sq));
    /// assert_eq!(Bitboard::file_of(sq), Bitboard::FILES[4]);
    /// ```
    pub const FILES: [Bitboard; 9] = {
        let mut files = [Bitboard::EMPTY; 9];
        let mut f = 0;
        while f < 9 {
            files[f] = Bitboard(Bitboard::ONE_FILE << (f * 9));
            f += 1;
        }
        files
    };

    /// The nine squares of file 1.
    const ONE_FILE: u128 = 0x1FF;

    /// The whole file (all nine ranks of the index space) of `sq`.
    ///
    /// ```
    /// use shogi_core::{Bitboard, Square};
    /// let file = Bitboard::file_of("3c".parse().unwrap());
    /// assert!(file.contains("3i".parse().unwrap()));
    /// assert!(!file.contains("4c".parse().unwrap()));
    /// ```
    #[inline(always)]
    pub const fn file_of(sq: Square) -> Bitboard {
        Bitboard::FILES[sq.index() / 9]
    }

    /// The set holding only `sq`.
    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        // Split by halves: a variable shift of a u128 costs several instructions.
        let i = sq.index();
        if i < 64 {
            Bitboard((1u64 << i) as u128)
        } else {
            Bitboard(((1u64 << (i - 64)) as u128) << 64)
        }
    }

    /// Whether `sq` is in the set.
    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        let i = sq.index();
        let word = if i < 64 {
            self.0 as u64
        } else {
            (self.0 >> 64) as u64
        };
        word >> (i & 63) & 1 != 0
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline(always)]
    pub const fn is_any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares in the set.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has two or more squares.
    #[inline(always)]
    pub const fn has_more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest-index square, if any.
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(
                self.0.trailing_zeros() as usize
            ))
        }
    }

    /// The set with `sq` added.
    #[inline(always)]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | Bitboard::from_square(sq).0)
    }

    /// The set with `sq` removed.
    #[inline(always)]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !Bitboard::from_square(sq).0)
    }

    /// The squares of both sets (a `const` form of `|`).
    #[inline(always)]
    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }

    /// The squares in both sets (a `const` form of `&`).
    #[inline(always)]
    pub const fn intersect(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}
impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}
impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ rhs.0)
    }
}
impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the 81-square index space.
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}
impl BitAndAssign for Bitboard {
    #[inline(always)]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}
impl BitOrAssign for Bitboard {
    #[inline(always)]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}
impl BitXorAssign for Bitboard {
    #[inline(always)]
    fn bitxor_assign(&mut self, rhs: Bitboard) {
        self.0 ^= rhs.0;
    }
}

/// Iterates over the squares of a [`Bitboard`] in index order.
#[derive(Clone, Debug)]
pub struct BitboardIter(u128);

impl Iterator for BitboardIter {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(Square::from_index_unchecked(i))
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;
    #[inline(always)]
    fn into_iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl fmt::Debug for Bitboard {
    /// A 9×9 diagram, rank a on top, file 9 on the left; `X` marks a member.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in 1..=9 {
            for file in (1..=9).rev() {
                let on = Square::new(file, rank).is_some_and(|sq| self.contains(sq));
                f.write_str(if on { "X" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
