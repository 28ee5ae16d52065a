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
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod action;
pub mod episodes;
pub mod observation;
pub mod selfplay;
