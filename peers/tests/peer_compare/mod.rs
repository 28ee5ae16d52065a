//! Helpers shared by the differential tests against peer libraries.

use shogi_core::{Move, MoveKind, PieceKind, Position};

/// Our legal moves in USI, sorted like the peers' lists.
pub fn our_moves(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

/// Whether `usi` is a pawn drop that checkmates in `pos` (so that a peer
/// listing it breaks the uchifuzume rule).
pub fn is_pawn_drop_mate(pos: &Position, usi: &str) -> bool {
    let Ok(mv) = usi.parse::<Move>() else {
        return false;
    };
    let MoveKind::Drop {
        kind: PieceKind::Pawn,
        to,
    } = mv.kind()
    else {
        return false;
    };
    if pos.piece_at(to).is_some() || !pos.hand(pos.side_to_move()).has(PieceKind::Pawn) {
        return false;
    }
    let mut after = pos.clone();
    after.play_unchecked(mv);
    after.is_checkmate()
}
