//! Nifu (二歩), `RULES.md` section 1 (Standard shogi), Drops:
//!
//! > Illegal: a second unpromoted pawn on a file (nifu)
//!
//! A file is a column of the 9×9 index space ([`Bitboard::FILES`]); only
//! unpromoted pawns count (a tokin is another kind). A drop is the only way to
//! add a pawn to a file (a pawn move stays on its file, a capture of a pawn
//! sends it to the hand), so the rule is checked on drops, and on validating a
//! position given as a whole.

use crate::{Bitboard, Geometry, Square};

/// The squares of every file that holds one of `pawns` (one side's unpromoted
/// pawns): a pawn of that side may not be dropped there.
///
/// ```
/// use shogi_core::rules::nifu;
/// use shogi_core::{Bitboard, Square};
/// let pawns: Bitboard = ["7g", "3c"].iter().map(|s| s.parse::<Square>().unwrap()).collect();
/// let banned = nifu::pawn_files(pawns);
/// assert_eq!(banned.count(), 18);
/// assert!(banned.contains("7a".parse().unwrap()));
/// assert!(!banned.contains("5e".parse().unwrap()));
/// ```
#[inline(always)]
pub fn pawn_files(pawns: Bitboard) -> Bitboard {
    let mut files = Bitboard::EMPTY;
    for sq in pawns {
        files |= Bitboard::file_of(sq);
    }
    files
}

/// Whether a side whose unpromoted pawns are `own_pawns` may drop a pawn on
/// `to` as far as nifu goes (its file holds none of them).
///
/// ```
/// use shogi_core::rules::nifu;
/// use shogi_core::{Bitboard, Square};
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// let pawns = Bitboard::from_square(sq("5g"));
/// assert!(!nifu::may_drop_pawn(pawns, sq("5b")));
/// assert!(nifu::may_drop_pawn(pawns, sq("4b")));
/// ```
#[inline(always)]
pub const fn may_drop_pawn(own_pawns: Bitboard, to: Square) -> bool {
    own_pawns.intersect(Bitboard::file_of(to)).is_empty()
}

/// The first file (1-based) of `geometry` on which `pawns` (one side's
/// unpromoted pawns) stand two or more: a position with one breaks nifu.
///
/// ```
/// use shogi_core::rules::nifu;
/// use shogi_core::{Bitboard, Geometry, Square};
/// let pawns: Bitboard = ["2g", "2c", "9g"].iter().map(|s| s.parse::<Square>().unwrap()).collect();
/// assert_eq!(nifu::doubled_file(pawns, Geometry::shared(9, 9, 3).unwrap()), Some(2));
/// assert_eq!(nifu::doubled_file(pawns.without("2c".parse().unwrap()), Geometry::shared(9, 9, 3).unwrap()), None);
/// ```
pub fn doubled_file(pawns: Bitboard, geometry: &Geometry) -> Option<u8> {
    (1..=geometry.files()).find(|&file| (pawns & geometry.file_mask(file)).has_more_than_one())
}
