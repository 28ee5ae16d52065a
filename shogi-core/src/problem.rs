//! How mate problems (tsume shogi, 詰将棋) are written, and the validation
//! waiver that reads them.
//!
//! A problem usually gives the attacker no king, and it often leaves the
//! defender's hand out: by convention the defender holds every piece that is
//! on neither the board nor the attacker's hand (玉方持駒：残り全部). The
//! strict constructors refuse a position without a king
//! ([`PositionError::MissingKing`](crate::PositionError::MissingKing));
//! [`Waivers::MISSING_KING`] accepts it, and [`Setup::give_rest_to`] fills in
//! the defender's hand.
//!
//! In a position whose side to move has no king, RULES.md §1's "any move or
//! drop that leaves one's own king attacked" forbids nothing: every move the
//! pieces can make is legal, the other rules (dead squares, nifu, pawn-drop
//! mate) as always.
//!
//! ```
//! use shogi_core::{Geometry, PieceSet, Position, Setup, Waivers};
//! let nine = Geometry::shared(9, 9, 3).unwrap();
//! let pieces = PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] };
//! // Mate in one: a gold dropped on 5b. Black has no king; White's hand is left out.
//! let setup = Setup::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
//! assert!(Position::from_setup(&setup, nine, &pieces).is_err()); // strict: Black has no king
//! let setup = setup.give_rest_to(shogi_core::Color::White, &pieces);
//! assert_eq!(setup.to_sfen(), "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
//! let pos = Position::from_setup_waiving(&setup, nine, &pieces, Waivers::MISSING_KING).unwrap();
//! assert!(pos.legal_moves().iter().any(|m| m.to_string() == "G*5b"));
//! ```

use crate::{Color, PieceKind, PieceSet, Setup};

/// Validation rules a caller may waive when building a position; the
/// default waives nothing (shakmaty's `CastlingMode`/`PositionErrorKinds`
/// play this part there).
///
/// ```
/// use shogi_core::Waivers;
/// assert_eq!(Waivers::default(), Waivers::NONE);
/// assert!(Waivers::MISSING_KING.missing_king);
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Waivers {
    /// A side may have no king (a mate problem's attacker). Such a side's
    /// moves never need to protect a king; the other side cannot be mated
    /// by it. The side *not* to move must still not be in check.
    pub missing_king: bool,
}

impl Waivers {
    /// Nothing waived: the strict rules.
    pub const NONE: Waivers = Waivers {
        missing_king: false,
    };
    /// A side may have no king, as in mate problems.
    pub const MISSING_KING: Waivers = Waivers { missing_king: true };
}

impl Setup {
    /// This setup with every piece of `pieces` that is on neither the board
    /// nor a hand added to `color`'s hand (kings excepted): a problem's
    /// defender holds the rest of the pieces. Pieces already in a hand stay
    /// there, so a problem that writes the defender's hand out reads the same.
    ///
    /// ```
    /// use shogi_core::{Color, PieceSet, Setup};
    /// let mini = PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] };
    /// let s = Setup::from_sfen("4k/5/5/5/5 b GS 1").unwrap().give_rest_to(Color::White, &mini);
    /// assert_eq!(s.to_sfen(), "4k/5/5/5/5 b GS2r2bgs2p 1");
    /// ```
    pub fn give_rest_to(&self, color: Color, pieces: &PieceSet) -> Setup {
        let mut counts = [0u32; 8];
        for piece in self.board.iter().flatten() {
            counts[piece.kind.unpromote().index()] += 1;
        }
        let mut out = self.clone();
        for kind in PieceKind::HAND {
            let held: u32 = self.hands.iter().map(|h| u32::from(h.count(kind))).sum();
            let rest = u32::from(pieces.max(kind)).saturating_sub(counts[kind.index()] + held);
            let hand = &mut out.hands[color.index()];
            let now = u32::from(hand.count(kind));
            hand.set(kind, u8::try_from(now + rest).unwrap_or(u8::MAX));
        }
        out
    }
}
