//! Saved games: a versioned JSON document that restores any game exactly,
//! ready to continue.
//!
//! The format (`"format": "shogi-variants/game"`, `"version": 1`):
//!
//! | field | games | meaning |
//! |---|---|---|
//! | `format`, `version` | all | this document's kind and version; readers refuse other versions |
//! | `game` | all | `standard`, `minishogi`, `must-capture`, `card` or `tsuitate` |
//! | `settings` | all | the game's settings by their serde names, defaults included |
//! | `start` | all | the start position as SFEN |
//! | `moves` | board games | the moves played, in USI |
//! | `ended` | board games | `"resign"` or `"declare"` if the game ended by that action |
//! | `seed`, `generator_position`, `turns` | card | the deck's seed, how far its generator has run (a decimal string: a 128-bit count), and each turn's cards (`"1"`..`"9"`, `"J"`) and move |
//! | `attempts` | tsuitate | every attempted move in order, fouls included |
//! | `actions` | any other [`GameState`] | its [`GameState::history`]: moves in USI, chance outcomes as `chance:ID` ([`SavedGame::of_state`], [`SavedGame::replay_onto`]) |
//!
//! Everything else (outcomes, the deck's counts, what Tsuitate players were
//! told) follows from these by replaying, and is checked while replaying: a
//! document whose moves or cards are impossible is refused with the index of
//! the first bad one. A Tsuitate save holds hidden information: it is the
//! referee's file, not a player's.
//!
//! ```
//! use shogi_variants::{AnyGame, SavedGame};
//! let mut game = AnyGame::new("card", &[], 42).unwrap();
//! if let AnyGame::Card(card) = &mut game {
//!     card.draw().unwrap();
//!     let mv = card.allowed_moves()[0];
//!     card.play(mv).unwrap();
//! }
//! let json = SavedGame::of(&game).to_json();
//! let restored = SavedGame::from_json(&json)?.restore()?;
//! match (&game, &restored) {
//!     (AnyGame::Card(a), AnyGame::Card(b)) => {
//!         assert_eq!(a.turns(), b.turns());
//!         assert_eq!(a.generator_position(), b.generator_position());
//!     }
//!     _ => unreachable!(),
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{
    Action, AnyGame, AnySettings, AnyVariant, Card, CardGame, CardSettings, GameKind, GameState,
    Referee, TsuitateSettings,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shogi_core::{EndReason, Game, Move, Variant};

/// This document kind's name.
pub const SAVE_FORMAT: &str = "shogi-variants/game";
/// The version this library writes and reads.
pub const SAVE_VERSION: u32 = 1;

/// A saved game (see the module documentation for the format).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Always [`SAVE_FORMAT`].
    pub format: String,
    /// [`SAVE_VERSION`] when written by this library.
    pub version: u32,
    /// The game's name, one of [`GAME_NAMES`](crate::GAME_NAMES).
    pub game: String,
    /// The settings, by their serde names.
    pub settings: Value,
    /// The start position (SFEN).
    pub start: String,
    /// Board games: the moves in USI.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// Board games: `"resign"` or `"declare"` when the game ended by that action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<String>,
    /// Card shogi: the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Card shogi: the generator's position, a decimal string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generator_position: Option<String>,
    /// Card shogi: each turn's cards and move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<Vec<SavedTurn>>,
    /// Tsuitate: every attempt in USI, fouls included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attempts: Option<Vec<String>>,
    /// Any other game: its history ([`crate::Action`]s as text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actions: Option<Vec<String>>,
}

/// One Card shogi turn of a saved game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedTurn {
    /// Cards drawn, `"1"`..`"9"` or `"J"`.
    pub cards: Vec<String>,
    /// The move, in USI, if the turn got that far.
    #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
    pub mv: Option<String>,
}

/// Why a saved game cannot be read or restored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SaveError {
    /// Not JSON, or not this document's shape.
    #[error("not a saved game: {0}")]
    Json(String),
    /// Another document kind.
    #[error("not a saved game: format is '{0}', expected '{SAVE_FORMAT}'")]
    Format(String),
    /// A version this library does not read.
    #[error("saved game version {0} is not supported (this library reads version {SAVE_VERSION})")]
    Version(u32),
    /// The game's name is unknown.
    #[error("unknown game '{0}'")]
    UnknownGame(String),
    /// A field the game needs is missing.
    #[error("the saved {game} game has no '{field}' field")]
    Missing {
        /// The game.
        game: String,
        /// The field.
        field: &'static str,
    },
    /// The settings do not fit the game.
    #[error("bad settings: {0}")]
    Settings(String),
    /// The start position is invalid.
    #[error("bad start position: {0}")]
    Start(String),
    /// A move, card or attempt that cannot be replayed.
    #[error("{what} {index} ('{text}') cannot be replayed: {reason}")]
    Replay {
        /// `move`, `card`, `attempt` or `action`.
        what: &'static str,
        /// Its index, from 0.
        index: usize,
        /// As written.
        text: String,
        /// Why.
        reason: String,
    },
}

fn card_text(card: Card) -> String {
    card.to_string()
}

fn card_of(text: &str) -> Option<Card> {
    match text {
        "J" | "j" => Some(Card::Joker),
        _ => text
            .parse::<u8>()
            .ok()
            .filter(|r| (1..=9).contains(r))
            .map(Card::Rank),
    }
}

fn replay_error(what: &'static str, index: usize, text: &str, reason: impl ToString) -> SaveError {
    SaveError::Replay {
        what,
        index,
        text: text.to_owned(),
        reason: reason.to_string(),
    }
}

/// Settings by their serde names, without the variant tag (the document's
/// `game` field names it).
pub(crate) fn settings_value<S: Serialize>(settings: &S) -> Value {
    let mut v = serde_json::to_value(settings).unwrap_or(Value::Null);
    if let Value::Object(o) = &mut v {
        o.remove("variant");
    }
    v
}

impl SavedGame {
    fn blank(game: &str, settings: Value, start: String) -> SavedGame {
        SavedGame {
            format: SAVE_FORMAT.to_owned(),
            version: SAVE_VERSION,
            game: game.to_owned(),
            settings,
            start,
            moves: None,
            ended: None,
            seed: None,
            generator_position: None,
            turns: None,
            attempts: None,
            actions: None,
        }
    }

    /// The saved form of any game on the contract, by its history: for a
    /// game this module does not know (the library's own games are saved by
    /// [`SavedGame::of`], whose fields keep more, e.g. Card shogi's
    /// generator).
    ///
    /// ```
    /// use shogi_variants::{AnyGame, GameState, SavedGame};
    /// let mut game = AnyGame::new("minishogi", &[], 0)?;
    /// game.play("2e3d".parse()?)?;
    /// let saved = SavedGame::of_state(&game);
    /// assert_eq!(saved.actions.as_deref(), Some(&["2e3d".to_owned()][..]));
    /// let again = saved.replay_onto(AnyGame::new("minishogi", &[], 0)?)?;
    /// assert_eq!(again.history(), game.history());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of_state<G: GameState>(game: &G) -> SavedGame {
        let mut saved = SavedGame::blank(game.name(), game.settings_value(), game.start_sfen());
        saved.actions = Some(game.history().iter().map(Action::to_string).collect());
        saved
    }

    /// Replays the saved `actions` onto `fresh`, a new game of the saved
    /// kind, settings and start (checked), and returns it.
    pub fn replay_onto<G: GameState>(&self, mut fresh: G) -> Result<G, SaveError> {
        if fresh.name() != self.game {
            return Err(SaveError::UnknownGame(format!(
                "{} (the game to replay onto is {})",
                self.game,
                fresh.name()
            )));
        }
        if fresh.settings_value() != self.settings {
            return Err(SaveError::Settings(
                "the game to replay onto has other settings".to_owned(),
            ));
        }
        if fresh.start_sfen() != self.start || !fresh.history().is_empty() {
            return Err(SaveError::Start(
                "the game to replay onto is not at the saved start".to_owned(),
            ));
        }
        let actions = self
            .actions
            .as_ref()
            .ok_or_else(|| self.missing("actions"))?;
        for (i, text) in actions.iter().enumerate() {
            let action: Action = text
                .parse()
                .map_err(|e| replay_error("action", i, text, e))?;
            match action {
                Action::Move(mv) => fresh.play(mv).map(|_| ()),
                Action::Chance(id) => fresh.apply_chance(id),
            }
            .map_err(|e| replay_error("action", i, text, e))?;
        }
        Ok(fresh)
    }

    /// The saved form of any game.
    pub fn of(game: &AnyGame) -> SavedGame {
        match game {
            AnyGame::Board(g) => SavedGame::of_board(g),
            AnyGame::Card(g) => SavedGame::of_card(g),
            AnyGame::Tsuitate(r) => SavedGame::of_tsuitate(r),
        }
    }

    /// The saved form of a perfect-information game.
    pub fn of_board(game: &Game<AnyVariant>) -> SavedGame {
        let mut saved = SavedGame::blank(
            game.variant().name(),
            settings_value(&game.variant().settings()),
            game.start_position().to_sfen(),
        );
        saved.moves = Some(game.moves().iter().map(Move::to_string).collect());
        saved.ended = match game.outcome().map(|o| o.reason) {
            Some(EndReason::Resignation) => Some("resign".to_owned()),
            Some(EndReason::ImpasseDeclaration) => Some("declare".to_owned()),
            _ => None,
        };
        saved
    }

    /// The saved form of a Card shogi game.
    pub fn of_card(game: &CardGame) -> SavedGame {
        let mut saved = SavedGame::blank(
            GameKind::Card.name(),
            settings_value(game.settings()),
            game.game().start_position().to_sfen(),
        );
        saved.seed = Some(game.seed());
        saved.generator_position = Some(game.generator_position().to_string());
        saved.turns = Some(
            game.turns()
                .iter()
                .map(|t| SavedTurn {
                    cards: t.cards.iter().map(|&c| card_text(c)).collect(),
                    mv: t.mv.map(|m| m.to_string()),
                })
                .collect(),
        );
        saved
    }

    /// The saved form of a Tsuitate game (the referee's: it shows every piece).
    pub fn of_tsuitate(referee: &Referee) -> SavedGame {
        let mut saved = SavedGame::blank(
            GameKind::Tsuitate.name(),
            settings_value(referee.settings()),
            referee.start_position().to_sfen(),
        );
        saved.attempts = Some(
            referee
                .attempts()
                .iter()
                .map(|a| a.mv.to_string())
                .collect(),
        );
        saved
    }

    /// The document as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads a document, checking its format and version.
    pub fn from_json(text: &str) -> Result<SavedGame, SaveError> {
        // Check the kind and version before the shape, for a clearer message.
        let value: Value =
            serde_json::from_str(text).map_err(|e| SaveError::Json(e.to_string()))?;
        match value.get("format").and_then(Value::as_str) {
            Some(SAVE_FORMAT) => {}
            Some(other) => return Err(SaveError::Format(other.to_owned())),
            None => return Err(SaveError::Json("no 'format' field".to_owned())),
        }
        match value.get("version").and_then(Value::as_u64) {
            Some(v) if v == u64::from(SAVE_VERSION) => {}
            Some(v) => return Err(SaveError::Version(u32::try_from(v).unwrap_or(u32::MAX))),
            None => return Err(SaveError::Json("no 'version' field".to_owned())),
        }
        serde_json::from_value(value).map_err(|e| SaveError::Json(e.to_string()))
    }

    fn missing(&self, field: &'static str) -> SaveError {
        SaveError::Missing {
            game: self.game.clone(),
            field,
        }
    }

    fn parse_move(what: &'static str, index: usize, text: &str) -> Result<Move, SaveError> {
        text.parse::<Move>()
            .map_err(|e| replay_error(what, index, text, e))
    }

    /// Replays the document into a game that continues where it was saved.
    /// The `game` field is read through [`GameKind::from_name`]: the
    /// table's names (which [`SavedGame`] writes) and its aliases, ASCII
    /// case ignored.
    pub fn restore(&self) -> Result<AnyGame, SaveError> {
        if self.version != SAVE_VERSION {
            return Err(SaveError::Version(self.version));
        }
        let kind = GameKind::from_name(&self.game)
            .ok_or_else(|| SaveError::UnknownGame(self.game.clone()))?;
        match kind {
            GameKind::Card => self.restore_card().map(|g| AnyGame::Card(Box::new(g))),
            GameKind::Tsuitate => self
                .restore_tsuitate()
                .map(|r| AnyGame::Tsuitate(Box::new(r))),
            GameKind::Standard | GameKind::Minishogi | GameKind::MustCapture => self
                .restore_board(kind)
                .map(|g| AnyGame::Board(Box::new(g))),
        }
    }

    fn restore_board(&self, kind: GameKind) -> Result<Game<AnyVariant>, SaveError> {
        let mut tagged = self.settings.clone();
        match &mut tagged {
            Value::Object(o) => {
                o.insert("variant".to_owned(), Value::String(kind.name().to_owned()));
            }
            _ => return Err(SaveError::Settings("settings must be an object".to_owned())),
        }
        let settings: AnySettings =
            serde_json::from_value(tagged).map_err(|e| SaveError::Settings(e.to_string()))?;
        let mut game = Game::from_sfen(AnyVariant::with_settings(settings), &self.start)
            .map_err(|e| SaveError::Start(e.to_string()))?;
        let moves = self.moves.as_ref().ok_or_else(|| self.missing("moves"))?;
        for (i, text) in moves.iter().enumerate() {
            let mv = SavedGame::parse_move("move", i, text)?;
            game.play(mv)
                .map_err(|e| replay_error("move", i, text, e))?;
        }
        match self.ended.as_deref() {
            None => {}
            Some("resign") => {
                game.resign()
                    .map_err(|e| replay_error("end", moves.len(), "resign", e))?;
            }
            Some("declare") => {
                game.declare()
                    .map_err(|e| replay_error("end", moves.len(), "declare", e))?;
            }
            Some(other) => {
                return Err(replay_error(
                    "end",
                    moves.len(),
                    other,
                    "expected 'resign' or 'declare'",
                ))
            }
        }
        Ok(game)
    }

    fn restore_card(&self) -> Result<CardGame, SaveError> {
        let settings: CardSettings = serde_json::from_value(self.settings.clone())
            .map_err(|e| SaveError::Settings(e.to_string()))?;
        let seed = self.seed.ok_or_else(|| self.missing("seed"))?;
        let mut game = CardGame::from_sfen(settings, seed, &self.start)
            .map_err(|e| SaveError::Start(e.to_string()))?;
        let turns = self.turns.as_ref().ok_or_else(|| self.missing("turns"))?;
        let mut card_index = 0;
        for (i, turn) in turns.iter().enumerate() {
            for text in &turn.cards {
                let card = card_of(text).ok_or_else(|| {
                    replay_error("card", card_index, text, "not a card (1..9 or J)")
                })?;
                game.apply_draw(card)
                    .map_err(|e| replay_error("card", card_index, text, e))?;
                card_index += 1;
            }
            if let Some(text) = &turn.mv {
                let mv = SavedGame::parse_move("move", i, text)?;
                game.play(mv)
                    .map_err(|e| replay_error("move", i, text, e))?;
            }
        }
        // Cards and moves may each be possible and still be grouped into
        // turns differently from the document: compare the whole record.
        let replayed = SavedGame::of_card(&game).turns.unwrap_or_default();
        if &replayed != turns {
            return Err(SaveError::Replay {
                what: "turn",
                index: replayed
                    .iter()
                    .zip(turns)
                    .take_while(|(a, b)| a == b)
                    .count(),
                text: String::new(),
                reason: "the cards and moves do not replay into the saved turns".to_owned(),
            });
        }
        let position = self
            .generator_position
            .as_deref()
            .ok_or_else(|| self.missing("generator_position"))?;
        let position: u128 = position.parse().map_err(|_| {
            SaveError::Json(format!("generator_position '{position}' is not a count"))
        })?;
        game.set_generator_position(position);
        Ok(game)
    }

    fn restore_tsuitate(&self) -> Result<Referee, SaveError> {
        let settings: TsuitateSettings = serde_json::from_value(self.settings.clone())
            .map_err(|e| SaveError::Settings(e.to_string()))?;
        let mut referee = Referee::from_sfen(settings, &self.start)
            .map_err(|e| SaveError::Start(e.to_string()))?;
        let attempts = self
            .attempts
            .as_ref()
            .ok_or_else(|| self.missing("attempts"))?;
        for (i, text) in attempts.iter().enumerate() {
            let mv = SavedGame::parse_move("attempt", i, text)?;
            referee
                .attempt(mv)
                .map_err(|e| replay_error("attempt", i, text, e))?;
        }
        Ok(referee)
    }
}
