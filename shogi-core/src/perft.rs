//! Perft: counting the leaves of the legal move tree, the standard test and
//! benchmark of a move generator.

use crate::{Move, MoveList, Position};

/// The number of legal move sequences of length `depth` from `pos`; the last
/// ply is counted in bulk (the number of legal moves, without playing them).
///
/// ```
/// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
/// use shogi_core::{perft, Geometry, PieceSet, Position};
/// let mut pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
/// assert_eq!(perft(&mut pos, 3), 2512);
/// ```
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut moves = MoveList::new();
            pos.legal_moves_into(&mut moves);
            let mut n = 0;
            for &mv in moves.iter() {
                let undo = pos.play_unchecked(mv);
                n += perft(pos, depth - 1);
                pos.undo(mv, undo);
            }
            n
        }
    }
}

/// Like [`perft`], but every move of the last ply is played and taken back too:
/// measures making moves as well as generating them.
///
/// ```
/// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
/// use shogi_core::{perft_without_bulk, Geometry, PieceSet, Position};
/// let mut pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
/// assert_eq!(perft_without_bulk(&mut pos, 3), 2512);
/// ```
pub fn perft_without_bulk(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    pos.legal_moves_into(&mut moves);
    let mut n = 0;
    for &mv in moves.iter() {
        let undo = pos.play_unchecked(mv);
        n += perft_without_bulk(pos, depth - 1);
        pos.undo(mv, undo);
    }
    n
}

/// Perft split by root move: each legal move with the count below it, in
/// move order. Handy for finding where two generators disagree.
///
/// ```
/// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
/// use shogi_core::{divide, Geometry, PieceSet, Position};
/// let mut pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
/// let split = divide(&mut pos, 2);
/// assert_eq!(split.len(), 14);
/// assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 181);
/// ```
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let depth = depth.max(1);
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let undo = pos.play_unchecked(mv);
            let n = perft(pos, depth - 1);
            pos.undo(mv, undo);
            (mv, n)
        })
        .collect()
}
