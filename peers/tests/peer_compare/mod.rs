//! Helpers shared by the differential tests against peer libraries.

// Each test file uses its own part of these helpers.
#![allow(dead_code)]

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

/// Compares our moves with a peer's (`theirs`, sorted USI); returns how many
/// peer moves were pawn-drop mates we rightly exclude, and fails on anything
/// else (a move we have and the peer lacks, or any other extra move).
pub fn compare(pos: &Position, peer: &str, theirs: &[String]) -> usize {
    let ours = our_moves(pos);
    if ours == theirs {
        return 0;
    }
    let sfen = pos.to_sfen();
    let missing: Vec<&String> = ours.iter().filter(|m| !theirs.contains(m)).collect();
    let extra: Vec<&String> = theirs.iter().filter(|m| !ours.contains(m)).collect();
    assert!(
        missing.is_empty(),
        "{peer} lacks our moves {missing:?} in {sfen}"
    );
    for m in &extra {
        assert!(
            is_pawn_drop_mate(pos, m),
            "{peer} has extra move {m} in {sfen}"
        );
    }
    extra.len()
}
