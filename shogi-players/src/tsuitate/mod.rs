//! Players for Tsuitate shogi (RULES.md section 4), where each side sees only
//! its own pieces and a referee tells it what it may learn.
//!
//! * [`BeliefPlayer`] keeps a *belief* about the hidden enemy pieces: a
//!   bounded set of sampled hypothetical true positions ("particles"), each
//!   consistent with everything it was told, updated by a particle filter, and
//!   plans over them, weighing the chance that a move is a foul.
//! * [`NaivePlayer`] is the baseline that ignores what it was told: it
//!   assumes the enemy pieces still stand where they started and plans on that
//!   single imagined position.
//!
//! Both take only the player's [`PlayerView`] (through
//! [`Observation::tsuitate`](shogi_variants::Observation::tsuitate)) and their seed: the same view, the same move.
//!
//! ```
//! use shogi_core::Color;
//! use shogi_players::{BeliefPlayer, NaivePlayer, Observation, Player};
//! use shogi_variants::{Referee, TsuitateSettings};
//!
//! let mut referee = Referee::new(TsuitateSettings::default());
//! let mut black = BeliefPlayer::new(1);
//! let mut white = NaivePlayer::new(2);
//! for _ in 0..6 {
//!     let view = referee.view(referee.side_to_move());
//!     let player: &mut dyn Player = if view.color == Color::Black { &mut black } else { &mut white };
//!     let mv = player.choose(Observation::tsuitate(&view)).unwrap();
//!     assert!(view.candidate_moves().contains(&mv));
//!     referee.attempt(mv).unwrap();
//! }
//! ```

mod filter;
mod planning;
mod players;
mod reading;
mod worlds;

pub use players::{BeliefPlayer, NaivePlayer};
