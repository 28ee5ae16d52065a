//! Computer players: anything that can take a seat in any game.
//!
//! A player is asked for a move with an [`Observation`]: exactly what that
//! seat may know. For a perfect-information game it is the game itself; for
//! Card shogi the card game at its move step (position, history, the drawn
//! card, the deck counts); for Tsuitate shogi only the player's
//! [`PlayerView`](shogi_variants::PlayerView) — own pieces and information state — so a Tsuitate player
//! cannot read the referee's hidden position: the type does not hold it.

#![deny(unsafe_code)]
#![warn(missing_docs)]

use shogi_core::Move;
pub use shogi_variants::{Observation, Seen};

mod card;
pub mod eval;
mod house;
mod matches;
pub mod mate;
mod node_budget;
mod prefetch;
mod random;
mod search;
mod tsuitate;

pub use card::CardExpectimaxPlayer;
pub use house::{HouseRules, OverTime, Session, Turn, ILLEGAL_MOVE, TIMEOUT};
pub use matches::{
    play_game, play_game_of, play_game_until, play_match, play_match_until, GameRecord,
    MatchResult, MatchSettings,
};
pub use mate::{
    find_mate, solve_mate, verify_defence, verify_mate, MateLimits, MateLineError, MateProgress,
    MateReport, MateResult, MateSolver, MateVerdict, DEFAULT_MATE_TABLE_BYTES, MAX_MATE_PLIES,
};
pub use random::RandomPlayer;
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
