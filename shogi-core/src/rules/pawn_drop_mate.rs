//! Pawn-drop mate (打ち歩詰め, uchifuzume), `RULES.md` section 1 (Standard
//! shogi), Drops:
//!
//! > Illegal: [...] a pawn drop that gives checkmate (uchifuzume; a pawn drop
//! > that gives check is fine, and so is mate by a pawn *move*)
//!
//! Only a pawn dropped on the one square in front of the enemy king gives
//! check, so the rule is decided for that square alone, without playing the
//! drop: it is mate unless an enemy piece other than the king can take the
//! pawn without exposing its king, or the king can step to a square that is
//! not attacked.

use crate::{attacks, Bitboard, PieceKind, Position, Square};

/// Whether dropping a pawn of the side to move on the empty square `sq` gives
/// checkmate, which the rule forbids. False when the drop gives no check. The
/// rest of the drop's legality (a pawn in hand, nifu, the dropping side's own
/// king) is not looked at.
///
/// ```
/// use shogi_core::rules::pawn_drop_mate;
/// use shogi_core::{Geometry, PieceSet, Position};
/// // White's king on 1a is boxed in by its own knight and silver; Black's
/// // knight on 2d guards 1b: a pawn dropped on 1b would mate, and is illegal.
/// let pos = Position::from_sfen("7nk/7s1/9/7N1/9/9/9/9/K8 b P 1", Geometry::shared(9, 9, 3).unwrap(), &PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] }).unwrap();
/// assert!(pawn_drop_mate::is_pawn_drop_mate(&pos, "1b".parse().unwrap()));
/// assert!(!pos.is_legal("P*1b".parse().unwrap()));
/// // A pawn that gives no check is never a pawn-drop mate.
/// assert!(!pawn_drop_mate::is_pawn_drop_mate(&pos, "3b".parse().unwrap()));
/// assert!(pos.is_legal("P*3b".parse().unwrap()));
/// ```
pub fn is_pawn_drop_mate(pos: &Position, sq: Square) -> bool {
    let them = pos.side_to_move().opponent();
    match pos.king(them) {
        Some(king) if attacks::step_attacks(them, PieceKind::Pawn, king).contains(sq) => {
            mates(pos, sq)
        }
        _ => false,
    }
}

/// `dests` (pawn-drop squares of the side to move) without the one square,
/// if any, from which a dropped pawn would check the enemy king and mate it.
#[inline(always)]
pub(crate) fn without_mating_drop(pos: &Position, dests: Bitboard) -> Bitboard {
    let them = pos.side_to_move().opponent();
    if let Some(their_king) = pos.king(them) {
        // The one square from which a dropped pawn checks the enemy king.
        if let Some(check_sq) =
            (attacks::step_attacks(them, PieceKind::Pawn, their_king) & dests).first()
        {
            if mates(pos, check_sq) {
                return dests.without(check_sq);
            }
        }
    }
    dests
}

/// Whether a pawn of the side to move dropped on `sq`, which gives check to
/// the enemy king, is checkmate.
fn mates(pos: &Position, sq: Square) -> bool {
    let us = pos.side_to_move();
    let them = us.opponent();
    let Some(their_king) = pos.king(them) else {
        return false;
    };
    let occ = pos.occupied().with(sq);
    let king_bb = Bitboard::from_square(their_king);
    let defenders = pos.attackers_to(sq, them, occ) & !king_bb;
    for defender in defenders {
        // The defender leaves its square and stands on the pawn's: only a
        // sliding attack through the vacated square can newly reach the king.
        let after = occ.without(defender);
        if pos.slider_attackers_to(their_king, us, after).is_empty() {
            return false;
        }
    }
    let g = pos.geometry();
    let escapes =
        attacks::step_attacks(them, PieceKind::King, their_king) & g.board() & !pos.pieces(them);
    let without_king = occ ^ king_bb;
    for to in escapes {
        if !pos.is_attacked(to, us, without_king) {
            return false;
        }
    }
    true
}
