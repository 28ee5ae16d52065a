//! The drop, promotion and repetition rules of shogi, one file per rule, each quoting the
//! sentence of the specification (`RULES.md`) it implements.
//!
//! Every caller that needs one of these rules asks the function here: the move
//! generator, [`Position::is_legal`](crate::Position::is_legal), position
//! validation, [`OwnBoard`](crate::OwnBoard) (Tsuitate candidates) and the
//! players and referees of the variants crate.
//!
//! - [`nifu`]: no second unpromoted pawn on a file.
//! - [`dead_squares`]: where an unpromoted piece could never move again.
//! - [`promotion`]: when a move may, and when it must, promote.
//! - [`pawn_drop_mate`]: a pawn drop must not give checkmate (uchifuzume).
//! - [`sennichite`]: the fourfold repetition and perpetual check.
//!
//! ```
//! use shogi_core::rules::{dead_squares, nifu, promotion};
//! use shogi_core::{Bitboard, Color, Geometry, PieceKind, Square};
//! let g = Geometry::shared(9, 9, 3).unwrap();
//! let sq = |s: &str| s.parse::<Square>().unwrap();
//! assert!(!nifu::may_drop_pawn(Bitboard::from_square(sq("5g")), sq("5c")));
//! assert!(!dead_squares::may_stand(g, Color::Black, PieceKind::Knight, sq("3b")));
//! assert!(promotion::must_promote(g, Color::Black, PieceKind::Lance, sq("1a")));
//! ```

pub mod dead_squares;
pub mod nifu;
pub mod pawn_drop_mate;
pub mod promotion;
pub mod sennichite;
