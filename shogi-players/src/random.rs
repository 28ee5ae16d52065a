//! The uniformly random player: a baseline that any real player must beat.

use super::{Observation, Player};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shogi_core::Move;

/// Chooses uniformly among the moves it may choose from, with a seeded
/// generator (the same seed, the same choices).
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
    seed: u64,
}

impl RandomPlayer {
    /// A random player with this seed.
    ///
    /// ```
    /// use shogi_players::{Player, RandomPlayer};
    /// assert_eq!(RandomPlayer::new(1).name(), "random");
    /// ```
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
            seed,
        }
    }

    /// The seed it was made with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How far its generator has run (a count of 32-bit words), so that a
    /// saved table's stand-in goes on with the same choices
    /// ([`RandomPlayer::at`]).
    pub fn position(&self) -> u128 {
        self.rng.get_word_pos()
    }

    /// The player of `seed` whose generator has run to `position`.
    ///
    /// ```
    /// use shogi_players::RandomPlayer;
    /// let a = RandomPlayer::new(3);
    /// assert_eq!(RandomPlayer::at(3, a.position()).position(), a.position());
    /// ```
    pub fn at(seed: u64, position: u128) -> RandomPlayer {
        let mut player = RandomPlayer::new(seed);
        player.rng.set_word_pos(position);
        player
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn choose(&mut self, observation: Observation<'_>) -> Option<Move> {
        let moves = observation.choices();
        if moves.is_empty() {
            return None;
        }
        Some(moves[self.rng.random_range(0..moves.len())])
    }
}
