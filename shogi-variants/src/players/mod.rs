//! Computer players: anything that can take a seat in any game.
//!
//! A player is asked for a move with an [`Observation`]: exactly what that
//! seat may know. For a perfect-information game it is the game itself; for
//! Card shogi the card game at its move step (position, history, the drawn
//! card, the deck counts); for Tsuitate shogi only the player's
//! [`PlayerView`] — own pieces and information state — so a Tsuitate player
//! cannot read the referee's hidden position: the type does not hold it.

use crate::{AnyVariant, CardGame, PlayerView};
use shogi_core::{Game, Move};

mod card;
pub mod eval;
mod matches;
pub mod mate;
mod random;
mod search;
mod tsuitate;

pub use card::CardExpectimaxPlayer;
pub use matches::{play_game, play_match, GameRecord, MatchResult, MatchSettings, OverTime};
pub use mate::{find_mate, MateLimits, MateResult, MAX_MATE_PLIES};
pub use random::RandomPlayer;
pub use search::{Budget, SearchPlayer, SearchResult, MAX_SEARCH_DEPTH, REPETITION_WIN};
pub use tsuitate::{BeliefPlayer, NaivePlayer};

/// What a player may know when it must move.
#[derive(Clone, Copy, Debug)]
pub enum Observation<'a> {
    /// Standard, minishogi, must-capture: the whole game.
    Board(&'a Game<AnyVariant>),
    /// Card shogi at a move step: the card is drawn ([`CardGame::current_card`]).
    Card(&'a CardGame),
    /// Tsuitate shogi: the player's own view, nothing of the referee's.
    Tsuitate(&'a PlayerView),
}

impl Observation<'_> {
    /// The moves the player may choose from: the legal moves, the card's
    /// allowed moves, or the own board's candidates (Tsuitate).
    pub fn choices(&self) -> shogi_core::MoveList {
        match self {
            Observation::Board(g) => g.legal_moves(),
            Observation::Card(g) => g.allowed_moves(),
            Observation::Tsuitate(v) => v.candidate_moves(),
        }
    }
}

/// A computer player.
///
/// ```
/// use shogi_core::Game;
/// use shogi_variants::players::{Observation, Player, RandomPlayer};
/// use shogi_variants::{AnyVariant, Minishogi};
/// let game = Game::new(AnyVariant::Minishogi(Minishogi::default()));
/// let mut player = RandomPlayer::new(7);
/// let mv = player.choose(Observation::Board(&game)).unwrap();
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
}
