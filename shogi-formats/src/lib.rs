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
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod diagram;
pub mod record;
pub mod training;
