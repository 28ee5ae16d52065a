//! Promotion (成り), `RULES.md` section 1 (Standard shogi):
//!
//! > Promotion zone: the far three ranks. A promotable piece may promote when
//! > its move starts or ends in the zone; it must promote when it would
//! > otherwise have no further move (pawn or lance on the last rank, knight on
//! > the last two).
//!
//! and section 2 (Minishogi): "Promotion zone: the far rank only. Same
//! promotion, drop and legality rules as standard shogi". The zone's depth is
//! the [`Geometry`]'s; a drop never promotes (`RULES.md` section 1: "no
//! promotion on arrival").

use crate::rules::dead_squares;
use crate::{Bitboard, Color, Geometry, PieceKind, Square};

/// Whether a board move of a piece of `kind` and `color` from `from` to `to`
/// may promote: the kind is promotable and the move starts or ends in the
/// promotion zone.
///
/// ```
/// use shogi_core::rules::promotion;
/// use shogi_core::{Color, Geometry, PieceKind};
/// let g = Geometry::shared(9, 9, 3).unwrap();
/// let sq = |s: &str| s.parse().unwrap();
/// assert!(promotion::may_promote(g, Color::Black, PieceKind::Silver, sq("4d"), sq("4c")));
/// assert!(promotion::may_promote(g, Color::Black, PieceKind::Silver, sq("4c"), sq("5d")));
/// assert!(!promotion::may_promote(g, Color::Black, PieceKind::Silver, sq("4e"), sq("4d")));
/// assert!(!promotion::may_promote(g, Color::Black, PieceKind::Gold, sq("4d"), sq("4c")));
/// ```
#[inline(always)]
pub const fn may_promote(
    g: &Geometry,
    color: Color,
    kind: PieceKind,
    from: Square,
    to: Square,
) -> bool {
    let zone = g.promotion_zone(color);
    kind.is_promotable() && (zone.contains(from) || zone.contains(to))
}

/// Whether a board move of an unpromoted piece of `kind` and `color` that
/// ends on `to` must promote: unpromoted it would have no further move there
/// ([`dead_squares`]).
///
/// ```
/// use shogi_core::rules::promotion;
/// use shogi_core::{Color, Geometry, PieceKind};
/// let g = Geometry::shared(9, 9, 3).unwrap();
/// let sq = |s: &str| s.parse().unwrap();
/// assert!(promotion::must_promote(g, Color::Black, PieceKind::Knight, sq("2b")));
/// assert!(!promotion::must_promote(g, Color::Black, PieceKind::Knight, sq("2c")));
/// assert!(promotion::must_promote(g, Color::White, PieceKind::Pawn, sq("2i")));
/// ```
#[inline(always)]
pub const fn must_promote(g: &Geometry, color: Color, kind: PieceKind, to: Square) -> bool {
    !dead_squares::may_stand(g, color, kind, to)
}

/// Where the moves of one piece may end promoting, and where unpromoted: the
/// rule above as two sets of squares, so that a generator decides the choice
/// for all destinations at once.
///
/// ```
/// use shogi_core::rules::promotion::Choices;
/// use shogi_core::{Bitboard, Color, Geometry, PieceKind, Square};
/// let g = Geometry::shared(9, 9, 3).unwrap();
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// // A black knight on 3d jumps to 2b or 4b: it must promote on both.
/// let choices = Choices::new(g, Color::Black, PieceKind::Knight, sq("3d"));
/// let dests = Bitboard::from_square(sq("2b")).with(sq("4b"));
/// assert_eq!(choices.count(dests), 2);
/// // A silver leaving the zone may promote or not.
/// let choices = Choices::new(g, Color::Black, PieceKind::Silver, sq("3c"));
/// assert_eq!(choices.count(Bitboard::from_square(sq("3d"))), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choices {
    /// The destinations where the move may promote.
    pub promoting: Bitboard,
    /// The destinations where the move may stay unpromoted.
    pub unpromoted: Bitboard,
}

impl Choices {
    /// The choices of a piece of `kind` and `color` moving from `from`.
    ///
    /// ```
    /// use shogi_core::rules::promotion::Choices;
    /// use shogi_core::{Bitboard, Color, Geometry, PieceKind};
    /// let g = Geometry::shared(9, 9, 3).unwrap();
    /// // A gold never promotes; a bishop in the zone may promote anywhere it goes.
    /// let gold = Choices::new(g, Color::White, PieceKind::Gold, "5e".parse().unwrap());
    /// assert_eq!((gold.promoting, gold.unpromoted), (Bitboard::EMPTY, Bitboard::FULL));
    /// let bishop = Choices::new(g, Color::Black, PieceKind::Bishop, "2b".parse().unwrap());
    /// assert_eq!(bishop.promoting, Bitboard::FULL);
    /// ```
    #[inline(always)]
    pub const fn new(g: &Geometry, color: Color, kind: PieceKind, from: Square) -> Choices {
        if !kind.is_promotable() {
            return Choices {
                promoting: Bitboard::EMPTY,
                unpromoted: Bitboard::FULL,
            };
        }
        let zone = g.promotion_zone(color);
        Choices {
            promoting: if zone.contains(from) {
                Bitboard::FULL
            } else {
                zone
            },
            unpromoted: Bitboard(Bitboard::FULL.0 & !dead_squares::squares(g, color, kind).0),
        }
    }

    /// The choices of one-step pawn moves of `color`: a pawn only moves
    /// forward, so it may promote exactly when it arrives in the zone.
    ///
    /// ```
    /// use shogi_core::rules::promotion::Choices;
    /// use shogi_core::{Bitboard, Color, Geometry, PieceKind, Square};
    /// let g = Geometry::shared(9, 9, 3).unwrap();
    /// let push = Choices::pawn_pushes(g, Color::Black);
    /// let from: Square = "5d".parse().unwrap();
    /// assert_eq!(push, Choices::new(g, Color::Black, PieceKind::Pawn, from));
    /// ```
    #[inline(always)]
    pub const fn pawn_pushes(g: &Geometry, color: Color) -> Choices {
        Choices {
            promoting: g.promotion_zone(color),
            unpromoted: Bitboard(
                Bitboard::FULL.0 & !dead_squares::squares(g, color, PieceKind::Pawn).0,
            ),
        }
    }

    /// The number of moves to `dests`, a choice to promote or not counted as two.
    ///
    /// ```
    /// use shogi_core::rules::promotion::Choices;
    /// use shogi_core::{Bitboard, Color, Geometry, PieceKind, Square};
    /// let g = Geometry::shared(9, 9, 3).unwrap();
    /// // A white lance on 1f moving down its file to 1g, 1h, 1i: 1g and 1h are
    /// // in its zone (promote or not), 1i is its last rank (promote only).
    /// let choices = Choices::new(g, Color::White, PieceKind::Lance, "1f".parse().unwrap());
    /// let dests: Bitboard = ["1g", "1h", "1i"].iter().map(|s| s.parse::<Square>().unwrap()).collect();
    /// assert_eq!(choices.count(dests), 5);
    /// ```
    #[inline(always)]
    pub const fn count(self, dests: Bitboard) -> u32 {
        dests.intersect(self.promoting).count() + dests.intersect(self.unpromoted).count()
    }
}
