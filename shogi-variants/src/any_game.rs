//! Every game of the library by name, including those that are not a plain
//! [`Variant`](shogi_core::Variant): Card shogi has chance steps and Tsuitate
//! shogi a referee.

use crate::{
    settings_with, AnyVariant, CardGame, CardSettings, Referee, TsuitateSettings, VariantError,
};
use shogi_core::{Game, Outcome};

/// The names [`AnyGame::new`] knows: the perfect-information variants of
/// [`AnyVariant`] and the two games with hidden or random elements.
pub const GAME_NAMES: [&str; 5] = ["standard", "minishogi", "must-capture", "card", "tsuitate"];

/// A game of any kind, chosen at run time.
///
/// ```
/// use shogi_variants::AnyGame;
/// let g = AnyGame::new("card", &[("jokers", "true")], 7).unwrap();
/// assert!(matches!(g, AnyGame::Card(_)));
/// assert!(AnyGame::new("tsuitate", &[("foul_limit", "20")], 0).is_ok());
/// assert!(AnyGame::new("go", &[], 0).is_err());
/// ```
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// Standard, minishogi or must-capture: a perfect-information game.
    Board(Box<Game<AnyVariant>>),
    /// Card shogi (its seed is given to [`AnyGame::new`]).
    Card(Box<CardGame>),
    /// Tsuitate shogi, run by its referee.
    Tsuitate(Box<Referee>),
}

impl AnyGame {
    /// A new game of the named kind with settings overridden by name; `seed`
    /// feeds Card shogi's deck (the others have no randomness).
    pub fn new(name: &str, overrides: &[(&str, &str)], seed: u64) -> Result<AnyGame, VariantError> {
        match name {
            "card" => {
                let settings: CardSettings = settings_with(name, overrides)?;
                CardGame::new(settings, seed)
                    .map(|g| AnyGame::Card(Box::new(g)))
                    .map_err(|e| VariantError::BadValue {
                        variant: name.to_owned(),
                        key: "copies_per_rank".to_owned(),
                        message: e.to_string(),
                    })
            }
            "tsuitate" => {
                let settings: TsuitateSettings = settings_with(name, overrides)?;
                Ok(AnyGame::Tsuitate(Box::new(Referee::new(settings))))
            }
            _ => AnyVariant::with_named_settings(name, overrides)
                .map(|v| AnyGame::Board(Box::new(Game::new(v))))
                .map_err(|e| match e {
                    VariantError::UnknownVariant { name, .. } => VariantError::UnknownVariant {
                        name,
                        known: GAME_NAMES.join(", "),
                    },
                    other => other,
                }),
        }
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            AnyGame::Board(g) => g.outcome(),
            AnyGame::Card(g) => g.outcome(),
            AnyGame::Tsuitate(r) => r.outcome(),
        }
    }
}
