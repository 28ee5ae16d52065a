//! A table saved: a [`Session`] over an [`AnyGame`] as a versioned JSON
//! document, so that a game server that stops puts every table back as it
//! was. The game's own saved form ([`SavedGame`]) keeps what the rules
//! decided and a resignation; the house's ends (a loss on time, a forfeit,
//! a match's stop), its rules and its counts are the house's, and are kept
//! here beside it.
//!
//! The format (`"format": "shogi-variants/session"`, `"version": 1`):
//!
//! | field | meaning |
//! |---|---|
//! | `game` | the game, a [`SavedGame`] document |
//! | `turn_time_ms` | the turn time limit in milliseconds, or `null` |
//! | `over_time` | `"lose"` or `"cpu"` ([`OverTime`]) |
//! | `house_end` | `null`, `"timeout:black"`/`"timeout:white"` (that side lost on time), `"forfeit:black"`/`"forfeit:white"`, or `"stop"` (a draw by the match's move limit) |
//! | `plies`, `fouls`, `stand_ins` | the counts ([`Session::plies`], [`Session::fouls`], [`Session::stand_ins`]) |
//! | `stand_in_seed`, `stand_in_position` | the CPU stand-in's seed and how far its generator has run (a decimal string) |
//!
//! What each seat was told by the last move ([`Session::told`]) is not kept:
//! a restored table has told nobody anything yet.
//!
//! ```
//! use shogi_core::Color;
//! use shogi_players::{HouseRules, OverTime, Session, SessionSaveError};
//! use shogi_variants::AnyGame;
//! use std::time::Duration;
//!
//! let rules = HouseRules { turn_time: Some(Duration::from_secs(60)), over_time: OverTime::Lose };
//! let mut table = Session::new(AnyGame::new("tsuitate", &[("base", "minishogi")], 0)?, rules, 7);
//! table.submit(Color::Black, "1e1d".parse()?, Duration::from_secs(3))?;
//! table.time_up()?; // White's time ran out
//! let kept = table.to_json();
//! let again = Session::from_json(&kept)?;
//! assert_eq!(again.outcome(), table.outcome());
//! assert_eq!((again.plies(), again.rules()), (1, rules));
//! assert!(matches!(Session::from_json("{}"), Err(SessionSaveError::Json(_))));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{HouseRules, OverTime, RandomPlayer, Session, ILLEGAL_MOVE, TIMEOUT};
use serde::{Deserialize, Serialize};
use shogi_core::{Color, EndReason, Outcome};
use shogi_variants::{AnyGame, SaveError, SavedGame};
use std::time::Duration;

/// This document kind's name.
pub const SESSION_FORMAT: &str = "shogi-variants/session";
/// The version this library writes and reads.
pub const SESSION_VERSION: u32 = 1;

/// Why a saved table was refused.
#[derive(Debug, thiserror::Error)]
pub enum SessionSaveError {
    /// Not JSON, or not this document's shape.
    #[error("not a saved table: {0}")]
    Json(String),
    /// Another document kind or version.
    #[error("not a saved table this library reads: format '{format}' version {version} (expected '{SESSION_FORMAT}' version {SESSION_VERSION})")]
    Format {
        /// The document's format.
        format: String,
        /// The document's version.
        version: u32,
    },
    /// A field that holds no value this format allows.
    #[error("the saved table's '{field}' is {value}: {why}")]
    Field {
        /// The field.
        field: &'static str,
        /// Its value, as written (bounded).
        value: String,
        /// What it should be.
        why: &'static str,
    },
    /// The game inside cannot be restored.
    #[error(transparent)]
    Game(#[from] SaveError),
}

#[derive(Serialize, Deserialize)]
struct SavedSession {
    format: String,
    version: u32,
    /// A [`SavedGame`] document, read by [`SavedGame::from_json`] (which
    /// checks its own format and version).
    game: serde_json::Value,
    turn_time_ms: Option<u64>,
    over_time: String,
    house_end: Option<String>,
    plies: u32,
    fouls: [u32; 2],
    stand_ins: [u32; 2],
    stand_in_seed: u64,
    stand_in_position: String,
}

fn color_word(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The house's end as the document writes it; `None` when the game ended
/// by its rules or a resignation (the game keeps those) or is not over.
fn house_end_word(end: Option<Outcome>) -> Option<String> {
    let end = end?;
    match end.reason {
        EndReason::Custom(c) if c == TIMEOUT => {
            Some(format!("timeout:{}", color_word(end.winner?.opponent())))
        }
        EndReason::Custom(c) if c == ILLEGAL_MOVE => {
            Some(format!("forfeit:{}", color_word(end.winner?.opponent())))
        }
        EndReason::MoveLimit => Some("stop".to_owned()),
        _ => None,
    }
}

fn house_end_of(word: &str) -> Option<Outcome> {
    let loser = |c: &str| match c {
        "black" => Some(Color::Black),
        "white" => Some(Color::White),
        _ => None,
    };
    match word.split_once(':') {
        Some(("timeout", c)) => Some(Outcome::loss(loser(c)?, EndReason::Custom(TIMEOUT))),
        Some(("forfeit", c)) => Some(Outcome::loss(loser(c)?, EndReason::Custom(ILLEGAL_MOVE))),
        None if word == "stop" => Some(Outcome::draw(EndReason::MoveLimit)),
        _ => None,
    }
}

impl Session<AnyGame> {
    /// The table as a JSON document (see the module documentation).
    pub fn to_json(&self) -> String {
        let saved = SavedSession {
            format: SESSION_FORMAT.to_owned(),
            version: SESSION_VERSION,
            game: serde_json::to_value(SavedGame::of(&self.game)).unwrap_or_default(),
            turn_time_ms: self
                .rules
                .turn_time
                .map(|d| d.as_millis().min(u64::MAX as u128) as u64),
            over_time: match self.rules.over_time {
                OverTime::Lose => "lose",
                OverTime::CpuMoves => "cpu",
            }
            .to_owned(),
            house_end: house_end_word(self.ended),
            plies: self.plies,
            fouls: self.fouls,
            stand_ins: self.stand_ins,
            stand_in_seed: self.stand_in.seed(),
            stand_in_position: self.stand_in.position().to_string(),
        };
        // A struct of strings, numbers and a SavedGame (itself JSON): it
        // always serialises.
        serde_json::to_string(&saved).unwrap_or_default()
    }

    /// Restores a table saved by [`Session::to_json`], ready to go on.
    pub fn from_json(text: &str) -> Result<Session<AnyGame>, SessionSaveError> {
        let saved: SavedSession =
            serde_json::from_str(text).map_err(|e| SessionSaveError::Json(e.to_string()))?;
        if saved.format != SESSION_FORMAT || saved.version != SESSION_VERSION {
            return Err(SessionSaveError::Format {
                format: saved.format,
                version: saved.version,
            });
        }
        let field = |field, value: &str, why| SessionSaveError::Field {
            field,
            value: format!("'{}'", shogi_core::Excerpt(value)),
            why,
        };
        let over_time = match saved.over_time.as_str() {
            "lose" => OverTime::Lose,
            "cpu" => OverTime::CpuMoves,
            other => return Err(field("over_time", other, "one of 'lose', 'cpu'")),
        };
        let ended = match &saved.house_end {
            None => None,
            Some(word) => Some(house_end_of(word).ok_or_else(|| {
                field("house_end", word, "one of 'timeout:black', 'timeout:white', 'forfeit:black', 'forfeit:white', 'stop'")
            })?),
        };
        let position: u128 = saved.stand_in_position.parse().map_err(|_| {
            field(
                "stand_in_position",
                &saved.stand_in_position,
                "a count (decimal digits)",
            )
        })?;
        let game = SavedGame::from_json(&saved.game.to_string())?.restore()?;
        if ended.is_some() && shogi_variants::GameState::outcome(&game).is_some() {
            return Err(field(
                "house_end",
                saved.house_end.as_deref().unwrap_or_default(),
                "the game inside is already over by its rules",
            ));
        }
        Ok(Session {
            game,
            rules: HouseRules {
                turn_time: saved.turn_time_ms.map(Duration::from_millis),
                over_time,
            },
            stand_in: RandomPlayer::at(saved.stand_in_seed, position),
            ended,
            plies: saved.plies,
            fouls: saved.fouls,
            stand_ins: saved.stand_ins,
            told: [Vec::new(), Vec::new()],
        })
    }
}
