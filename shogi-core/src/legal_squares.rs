//! "Show legal squares" (the seeds' site feature): where a selected piece, or
//! a piece in hand, may go, read off a list of the moves the rules allow.
//!
//! Every game answers from its own list of allowed moves (a variant's filtered
//! legal moves, the moves a drawn card allows, a Tsuitate player's candidate
//! attempts), so the answer is always the game's, never plain shogi's.

use crate::{Bitboard, Move, PieceKind, Square};

/// The squares the piece on `from` may move to, among `moves`.
///
/// ```
/// use shogi_core::{legal_squares, Move};
/// let moves: Vec<Move> = ["7g7f", "2g2f", "8h2b+", "8h2b"].iter().map(|m| m.parse().unwrap()).collect();
/// let to = legal_squares::destinations(&moves, "8h".parse().unwrap());
/// assert_eq!(to.into_iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["2b"]);
/// ```
pub fn destinations(moves: &[Move], from: Square) -> Bitboard {
    moves
        .iter()
        .filter(|m| m.from() == Some(from))
        .map(|m| m.to())
        .collect()
}

/// The squares a piece of `kind` in hand may be dropped on, among `moves`.
///
/// ```
/// use shogi_core::{legal_squares, Move, PieceKind};
/// let moves: Vec<Move> = ["P*5e", "P*4e", "G*5e"].iter().map(|m| m.parse().unwrap()).collect();
/// assert_eq!(legal_squares::drops(&moves, PieceKind::Pawn).count(), 2);
/// assert!(legal_squares::drops(&moves, PieceKind::Rook).is_empty());
/// ```
pub fn drops(moves: &[Move], kind: PieceKind) -> Bitboard {
    drops_of_index(moves, kind.index() as u8)
}

/// The squares a piece of the kind with index `index` in hand may be
/// dropped on, among `moves`: a [`PieceKind`]'s index, or a family
/// definition's kind index ([`Move::dropped_index`]).
///
/// ```
/// use shogi_core::{legal_squares, Move};
/// let to = "2b".parse().unwrap();
/// let moves = [Move::drop_index(20, to).unwrap(), "P*5e".parse().unwrap()];
/// assert_eq!(legal_squares::drops_of_index(&moves, 20).count(), 1);
/// assert_eq!(legal_squares::drops_of_index(&moves, 0).count(), 1); // the pawn's index
/// ```
pub fn drops_of_index(moves: &[Move], index: u8) -> Bitboard {
    moves
        .iter()
        .filter(|m| m.dropped_index() == Some(index))
        .map(|m| m.to())
        .collect()
}
