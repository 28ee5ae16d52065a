//! Dead squares (行き所のない駒), `RULES.md` section 1 (Standard shogi):
//!
//! > it must promote when it would otherwise have no further move (pawn or
//! > lance on the last rank, knight on the last two).
//!
//! and, for drops:
//!
//! > Illegal: [...] a pawn or lance on the last rank, a knight on the last two
//!
//! So an unpromoted pawn, lance or knight never stands on such a square: it
//! may not be dropped there, a move that ends there must promote
//! ([`crate::rules::promotion`]), and a position with one there is invalid.

use crate::{Bitboard, Color, Geometry, PieceKind, Square};

/// The squares where an unpromoted piece of `kind` and `color` would have no
/// further move: the last rank for a pawn or lance, the last two for a knight,
/// none for any other kind (promoted kinds included).
///
/// ```
/// use shogi_core::rules::dead_squares;
/// use shogi_core::{Color, Geometry, PieceKind};
/// let g = Geometry::shared(9, 9, 3).unwrap();
/// assert_eq!(dead_squares::squares(g, Color::Black, PieceKind::Knight).count(), 18);
/// assert_eq!(dead_squares::squares(g, Color::White, PieceKind::Pawn).count(), 9);
/// assert!(dead_squares::squares(g, Color::Black, PieceKind::Silver).is_empty());
/// ```
#[inline(always)]
pub const fn squares(g: &Geometry, color: Color, kind: PieceKind) -> Bitboard {
    match kind {
        PieceKind::Pawn | PieceKind::Lance => g.last_rank(color),
        PieceKind::Knight => g.last_two_ranks(color),
        _ => Bitboard::EMPTY,
    }
}

/// Whether a piece of `kind` (as it stands: unpromoted or promoted) and
/// `color` may stand on `sq` as far as dead squares go: be dropped there,
/// arrive there without promoting, or stand there in a position.
///
/// ```
/// use shogi_core::rules::dead_squares;
/// use shogi_core::{Color, Geometry, PieceKind};
/// let g = Geometry::shared(9, 9, 3).unwrap();
/// let sq = |s: &str| s.parse().unwrap();
/// assert!(!dead_squares::may_stand(g, Color::Black, PieceKind::Pawn, sq("5a")));
/// assert!(dead_squares::may_stand(g, Color::White, PieceKind::Pawn, sq("5a")));
/// assert!(dead_squares::may_stand(g, Color::Black, PieceKind::ProPawn, sq("5a")));
/// ```
#[inline(always)]
pub const fn may_stand(g: &Geometry, color: Color, kind: PieceKind, sq: Square) -> bool {
    !squares(g, color, kind).contains(sq)
}
