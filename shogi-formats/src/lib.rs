//! # shogi-formats
//!
//! The files people exchange about shogi games, above the rules: game
//! records in KIF, KI2 and CSA with BOD board diagrams ([`record`]), and
//! pictures of positions, SVG and text ([`diagram`]).
//!
//! A record's start position is found among the variants of
//! `shogi-variants` (standard shogi with its handicaps, minishogi), so the
//! rules crate `shogi-core` names no variant.
//!
//! ```
//! use shogi_core::Game;
//! use shogi_formats::diagram::{text, Diagram};
//! use shogi_formats::record::{kif, Record};
//! use shogi_variants::Standard;
//!
//! let mut game = Game::new(Standard::default());
//! game.play_usi("7g7f")?;
//! let record = Record::from_game(&game);
//! assert!(kif::write(&record)?.contains("７六歩(77)"));
//! assert!(Diagram::of_position(game.position()).to_svg().starts_with("<svg"));
//! assert!(text::of_position(game.position()).starts_with("White's hand: -\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Where to start
//!
//! [`record::Format::detect`] and [`record::Format::read`] for any record
//! file (KIF, KI2, CSA, JKF, USEN); [`record::Record::from_game`] and the
//! writers ([`record::kif::write`] and the others) to save a game;
//! [`record::Record::to_game`] to replay one; [`diagram::Diagram`] for SVG
//! and [`diagram::text`] for BOD-style pictures; and [`training`] for the
//! HCPE and PSV files that learning code reads.
//!
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod diagram;
pub mod record;
pub mod training;

/// The crate's README (its crates.io page): its example runs as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
