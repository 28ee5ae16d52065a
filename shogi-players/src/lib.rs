//! Computer players: anything that can take a seat in any game.
//!
//! A player is asked for a move with an [`Observation`]: exactly what that
//! seat may know. For a perfect-information game it is the game itself; for
//! Card shogi the card game at its move step (position, history, the drawn
//! card, the deck counts); for Tsuitate shogi only the player's
//! [`PlayerView`](shogi_variants::PlayerView) — own pieces and information state — so a Tsuitate player
//! cannot read the referee's hidden position: the type does not hold it.
//!
//! # Where to start
//!
//! - **A game server**: [`Session`] and [`HouseRules`] (below, with a
//!   server's loop); [`Session::time_up`] when a turn's clock runs out;
//!   [`Session::to_json`] and [`Session::from_json`] to keep a table
//!   across a restart, its loss on time included; [`RandomPlayer`] or
//!   [`SearchPlayer`] for the CPU seat.
//! - **An engine author**: [`SearchPlayer`] with its [`Budget`]; the mate
//!   solver [`solve_mate`] ([`MateLimits`], [`MateReport`]) and
//!   [`find_family_mate`] for variants with pieces of their own; the
//!   [`Player`] trait to plug an engine in; [`play_match`] to measure it;
//!   and [`csa_client`] to play on a CSA server (floodgate).
//! - **A researcher**: [`play_match`] and [`play_game`] for baselines; the
//!   belief players of Tsuitate ([`BeliefPlayer`]) and Card shogi's
//!   expectimax ([`CardExpectimaxPlayer`]) as opponents.
//!
//! # A game server
//!
//! The path for a server author: a table is a [`Session`] (the site's
//! [`HouseRules`]: turn time, the CPU standing in, resignation) over an
//! [`AnyGame`](shogi_variants::AnyGame) made by name with its settings
//! (every game, definitions and scripts included), driven only through the
//! contract [`GameState`](shogi_variants::GameState). Each connection is a
//! seat. What it sends is a move ([`Session::submit`]: refused with nothing
//! changed when it is not that seat's turn or not legal, so the server asks
//! again) or a resignation ([`Session::resign`], on either turn). What it is
//! sent is what its seat was told by the move ([`Session::told`]: Tsuitate's
//! announcements; nothing to hide in the open games, whose whole position
//! each seat may be sent) and the end. A table is kept as a
//! [`SavedGame`](shogi_variants::SavedGame) (its `to_json`), resignation
//! included, and restored to continue.
//!
//! ```
//! use shogi_core::Color;
//! use shogi_players::{HouseRules, Session};
//! use shogi_variants::{AnyGame, SavedGame};
//! use std::time::Duration;
//!
//! /// What a seat's connection sends.
//! enum Message {
//!     Move(&'static str),
//!     Resign,
//! }
//!
//! let game = AnyGame::new("tsuitate", &[("base", "minishogi")], 7)?;
//! let mut table = Session::new(game, HouseRules::default(), 7);
//! // What arrives, from either connection, in order (in-process: no network).
//! let arrivals = [
//!     (Color::White, Message::Move("1b1c")), // not White's turn: refused, nothing changes
//!     (Color::Black, Message::Move("1e1d")),
//!     (Color::White, Message::Move("5a5b")),
//!     (Color::Black, Message::Resign), // on White's turn: a player may resign at any time
//! ];
//! let mut sent: [Vec<String>; 2] = Default::default(); // what each connection was sent
//! for (seat, message) in arrivals {
//!     let done = match message {
//!         Message::Move(usi) => table.submit(seat, usi.parse()?, Duration::from_secs(2)).map(|_| ()),
//!         Message::Resign => table.resign(seat).map(|_| ()),
//!     };
//!     match done {
//!         Err(refusal) => sent[seat.index()].push(format!("refused: {refusal}")),
//!         Ok(()) => {
//!             for to in Color::ALL {
//!                 sent[to.index()].extend(table.told(to).iter().map(ToString::to_string));
//!             }
//!         }
//!     }
//!     if let Some(end) = table.outcome() {
//!         for s in &mut sent {
//!             s.push(format!("game over: {end}"));
//!         }
//!         break;
//!     }
//! }
//! let white = &sent[Color::White.index()];
//! assert!(white[0].starts_with("refused:"));
//! assert_eq!(white[1], "opponent_moved"); // never which move
//! assert!(white.last().unwrap().starts_with("game over:"));
//!
//! // Saved (a database row, a file), restored: still over, by Black's resignation.
//! let kept = SavedGame::of(table.game()).to_json();
//! let again = SavedGame::from_json(&kept)?.restore()?;
//! assert_eq!(shogi_variants::GameState::outcome(&again), table.outcome());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(unsafe_code)]
#![warn(missing_docs)]

use shogi_core::Move;
pub use shogi_variants::{Observation, Seen};

mod card;
pub mod csa_client;
pub mod eval;
mod family_mate;
mod family_search;
mod house;
mod matches;
pub mod mate;
mod node_budget;
mod prefetch;
mod random;
mod saved_session;
mod search;
mod tsuitate;

pub use card::CardExpectimaxPlayer;
pub use house::{HouseRules, HouseVerdict, OverTime, Session, ILLEGAL_MOVE, TIMEOUT};

/// The old name of [`HouseVerdict`], the house's verdict on a submitted turn.
#[deprecated(note = "renamed HouseVerdict: shogi_variants has a Turn of its own (now CardTurn)")]
pub type Turn = HouseVerdict;
pub use family_mate::{find_family_mate, find_family_mate_with_progress, FamilyMateError};
pub use matches::{
    play_game, play_game_of, play_game_until, play_match, play_match_until, GameRecord,
    MatchResult, MatchSettings,
};
pub use mate::{
    find_mate, solve_mate, verify_defence, verify_mate, MateLimits, MateLineError, MateProgress,
    MateReport, MateResult, MateSolver, MateVerdict, DEFAULT_MATE_TABLE_BYTES, MAX_MATE_PLIES,
};
pub use random::RandomPlayer;
pub use saved_session::{SessionSaveError, SESSION_FORMAT, SESSION_VERSION};
pub use search::{Budget, SearchPlayer, SearchResult, StopCheck, MAX_SEARCH_DEPTH, REPETITION_WIN};
pub use tsuitate::{BeliefPlayer, NaivePlayer};

/// A computer player.
///
/// ```
/// use shogi_core::Game;
/// use shogi_players::{Observation, Player, RandomPlayer};
/// use shogi_variants::{AnyVariant, Minishogi};
/// let game = Game::new(AnyVariant::Minishogi(Minishogi::default()));
/// let mut player = RandomPlayer::new(7);
/// let mv = player.choose(Observation::board(&game)).unwrap();
/// assert!(game.legal_moves().contains(&mv));
/// ```
pub trait Player {
    /// A short name for match tables.
    fn name(&self) -> String;

    /// The move to play, or `None` if there is none (the game is over, or
    /// the card allows nothing).
    fn choose(&mut self, observation: Observation<'_>) -> Option<Move>;

    /// Called when a new game starts, so a player can forget the last one.
    fn new_game(&mut self) {}

    /// A question a player that thinks long asks now and then while it
    /// chooses: `true` means stop and answer with the best move found so far
    /// ([`SearchPlayer`] asks it every 1024 nodes; a player that answers
    /// quickly ignores it, the default). `None` removes it.
    fn set_stop_check(&mut self, _check: Option<StopCheck>) {}
}

impl<P: Player + ?Sized> Player for Box<P> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn choose(&mut self, observation: Observation<'_>) -> Option<Move> {
        (**self).choose(observation)
    }
    fn new_game(&mut self) {
        (**self).new_game()
    }
    fn set_stop_check(&mut self, check: Option<StopCheck>) {
        (**self).set_stop_check(check)
    }
}

/// The crate's README (its crates.io page): its example runs as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
