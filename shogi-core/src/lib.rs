//! # shogi-core
//!
//! Boards, pieces, moves and rules of shogi on any board of at most 9×9
//! squares, knowing nothing of any particular variant: a variant supplies a
//! [`Geometry`], a start position, its [`PieceSet`] and a few hooks through the
//! [`Variant`] trait, and gets exact legal moves, perft, notation and a
//! [`Game`] with repetition and outcomes.
//!
//! ```
//! use shogi_core::{Geometry, Move, PieceSet, Position};
//!
//! // The board and the material are data: 9×9 with a three-rank promotion
//! // zone, and how many pieces of each kind there are (both sides together).
//! let board = Geometry::new(9, 9, 3)?.leak();
//! let pieces = PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] };
//! let mut pos = Position::from_sfen(
//!     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
//!     board,
//!     &pieces,
//! )?;
//! assert_eq!(pos.legal_moves().len(), 30);
//! assert!(pos.is_legal("7g7f".parse::<Move>()?));
//! pos.play("7g7f".parse::<Move>()?)?;
//! assert_eq!(pos.side_to_move(), shogi_core::Color::White);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Where to start
//!
//! An engine author's first five things: [`Position`] (legal moves, `play`
//! and `undo`, the Zobrist `hash`, SFEN); [`perft`] (bulk or every leaf
//! made), to check a move generator against known counts; the [`Variant`]
//! trait, whose hooks (drops, promotion, ends) make a game of a position;
//! [`Game`], a variant's game with its history, repetition and outcome; and
//! [`family`], the generic engine of variants with pieces of their own.
//! Most users start one crate up, in `shogi-variants`, where the games are
//! ready by name.
//!
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod checks;
mod color;
mod excerpt;
pub mod family;
mod game;
mod geometry;
mod hand;
mod illegality;
pub mod legal_squares;
mod movegen;
mod moves;
pub mod notation;
mod outcome;
mod own_board;
mod perft;
mod piece;
mod position;
mod problem;
pub mod rng;
pub mod rules;
mod setup;
mod square;
mod usi;
mod variant;
mod zobrist;

pub use bitboard::{Bitboard, BitboardIter};
pub use color::Color;
pub use excerpt::{excerpt, Excerpt, EXCERPT_CHARS};
pub use game::{Game, GameError, GameUsiError};
pub use geometry::{DropRules, Geometry, GeometryError};
pub use hand::Hand;
pub use illegality::{CustomRule, Illegality};
pub use moves::{Move, MoveKind, MoveList, ParseMoveError, MAX_LEGAL_MOVES, MOVE_LIST_CAPACITY};
pub use outcome::{CustomEnd, EndReason, Outcome};
pub use own_board::OwnBoard;
pub use perft::{divide, divide_until, perft, perft_until, STOP_CHECK_DEPTH};
pub use piece::{ParsePieceError, Piece, PieceKind};
pub use position::{IllegalMoveError, PieceSet, Position, PositionError, Undo};
pub use problem::Waivers;
pub use rules::sennichite::Repetition;
pub use setup::{Setup, SfenError, MAX_MOVE_NUMBER};
pub use square::{ParseSquareError, Square};
pub use usi::{PositionCommand, PositionCommandError};
pub use variant::{MoveFilter, Variant};

/// The crate's README (its crates.io page): its example runs as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
