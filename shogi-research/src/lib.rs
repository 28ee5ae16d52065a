//! The research layer: what learning and search code needs beyond the rules.
//!
//! - [`observation`]: every game state as a fixed-shape tensor, from one
//!   player's side (for Tsuitate, from that player's knowledge only).
//! - [`selfplay`]: many games stepped at once on a thread pool, with
//!   observations, action masks, rewards and end flags written into
//!   caller-owned buffers.
//!
//! - [`episodes`]: whole games played by chosen seats (built-in players or
//!   the caller's policy), every decision recorded: dataset rows.
//! - [`action`]: moves as integers, [`action::ActionSpace`], the same for
//!   every game on a board size.
//!
//! ## Where to start
//!
//! A researcher's first five things: [`action::ActionSpace::of_game`] (the
//! integer of each move, and [`action::ActionSpace::mask`]);
//! [`observation::board_observation`] and its
//! [`observation::ObservationShape`] (planes × ranks × files, the board
//! turned for White); [`selfplay::SelfPlay`] (a batch stepped at once,
//! rewards and end flags included); [`episodes::Episodes`] (whole games by
//! chosen seats, as dataset rows); and, for files others read, HCPE and PSV
//! in `shogi_formats::training`. The Python package exposes the same, with
//! OpenSpiel and PettingZoo adapters and self-play datasets on Ray.
//!
//! One decision, from the rules to a network's input and back:
//!
//! ```
//! use shogi_core::{Color, Game};
//! use shogi_research::action::ActionSpace;
//! use shogi_research::observation::{board_observation, ObservationShape};
//! use shogi_variants::Minishogi;
//!
//! let game = Game::new(Minishogi::default());
//! let space = ActionSpace::of(game.position().geometry());
//! let shape = ObservationShape::board(5, 5);
//! let mut planes = vec![0.0f32; shape.len()];
//! board_observation(&game, Color::Black, &mut planes);
//! let mask = space.mask(&game.legal_moves());
//! assert_eq!(mask.iter().filter(|&&legal| legal).count(), game.legal_moves().len());
//! // A policy picks an action among the legal ones; it decodes to the move.
//! let chosen = mask.iter().position(|&legal| legal).unwrap() as u32;
//! assert!(game.legal_moves().contains(&space.decode(chosen).unwrap()));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod action;
pub mod episodes;
pub mod observation;
pub mod selfplay;

/// The crate's README (its crates.io page): its example runs as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
