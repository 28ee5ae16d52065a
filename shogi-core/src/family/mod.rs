//! The shogi family: variants whose pieces are given as data (movement in
//! Betza notation, promotion, drops) rather than drawn from shogi's fourteen kinds.
//!
//! A [`FamilySpec`] (plain data) is compiled once into a [`PieceTable`];
//! [`FamilyPosition`]s of it generate moves from the table's precomputed
//! leaps and rays. Moves are shogi-core's [`crate::Move`]: a board move's
//! flag means "the piece changes face"; a drop names its kind by index
//! ([`crate::Move::drop_index`]); [`notation`] writes them with the kinds'
//! letters.

pub mod betza;
#[cfg(test)]
mod fuzz_tests;
mod geometry;
mod keys;
#[cfg(test)]
mod legality_tests;
mod movegen;
pub mod notation;
mod position;
#[cfg(test)]
mod rule_tests;
mod sfen;
mod spec;
#[cfg(test)]
mod speed_tests;
mod table;
#[cfg(test)]
pub(crate) mod testing;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod variant_tests;

pub use movegen::{FamilyMoveList, FAMILY_MOVE_CAPACITY};
pub use position::{FamilyPosition, FamilyUndo};
pub use sfen::FamilySfenError;
pub use spec::{FamilySpec, KindSpec, Promotion, RoyalRule};
pub use table::{FamilyError, PieceTable, MAX_KINDS, MAX_RAYS};
