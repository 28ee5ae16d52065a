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
//! | `ended` | all | how the game ended by an act: `"resign"` (the side to move resigned), `"resign:black"` / `"resign:white"` (that side resigned on the other's turn), `"declare"` (board games: the side to move declared) |
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
    Action, AnyGame, AnySettings, AnyVariant, Card, CardGame, CardSettings, FamilyGame,
    FamilySettings, GameKind, GameState, Referee, TsuitateSettings,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shogi_core::{Color, EndReason, Game, Move, Variant};

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
    /// The game's name, one of [`GameKind::names`](crate::GameKind::names).
    pub game: String,
    /// The settings, by their serde names.
    pub settings: Value,
    /// The start position (SFEN).
    pub start: String,
    /// Board games: the moves in USI.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// How the game ended by an act: `"resign"` (the side to move),
    /// `"resign:black"` or `"resign:white"` (on the other side's turn), or
    /// `"declare"` (board games).
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
    /// A `version` that is no version number at all (a fraction, a negative
    /// or huge number, a string...), as the document writes it (bounded).
    #[error("the saved game's version must be {SAVE_VERSION}, not {0}")]
    BadVersion(String),
    /// The game's name is unknown.
    #[error("unknown game '{}'", shogi_core::Excerpt(.0))]
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
    #[error("{what} {index} ('{}') cannot be replayed: {reason}", shogi_core::Excerpt(.text))]
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

/// How many positions Card shogi's generator has (ChaCha8: 2^64 blocks of
/// 16 words); a saved `generator_position` must be below it.
const GENERATOR_POSITIONS: u128 = 1 << 68;

/// A JSON value as a message names what was found: "the number 7", "the
/// string 'x'" (bounded), "a list", "an object", "true", "null".
fn found(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the string '{}'", shogi_core::Excerpt(s)),
        Value::Array(_) => "a list".to_owned(),
        Value::Object(_) => "an object".to_owned(),
    }
}

/// What each field of a saved game holds, for messages.
fn field_shape(name: &str) -> &'static str {
    match name {
        "game" | "start" | "ended" | "generator_position" => "a string",
        "seed" => "a whole number 0..=18446744073709551615",
        "moves" | "attempts" | "actions" => "a list of strings",
        "turns" => {
            "a list of objects with 'cards' (a list of strings) and optionally 'move' (a string)"
        }
        _ => "a value of another kind",
    }
}

fn missing_field(name: &str) -> SaveError {
    SaveError::Json(format!("no '{name}' field"))
}

/// A required field of the document, read with this library's words.
fn need<T: serde::de::DeserializeOwned>(
    value: Option<Value>,
    name: &'static str,
) -> Result<T, SaveError> {
    optional(value, name)?.ok_or_else(|| missing_field(name))
}

/// An optional field of the document: absent or `null` is `None`.
fn optional<T: serde::de::DeserializeOwned>(
    value: Option<Value>,
    name: &'static str,
) -> Result<Option<T>, SaveError> {
    let Some(value) = value else { return Ok(None) };
    let shape_ok = match name {
        // Check the shape first, to say what the field should be.
        "turns" => value.as_array().is_some_and(|turns| {
            turns.iter().all(|t| {
                t.as_object().is_some_and(|o| {
                    o.get("cards")
                        .and_then(Value::as_array)
                        .is_some_and(|c| c.iter().all(Value::is_string))
                        && o.get("move").is_none_or(|m| m.is_string() || m.is_null())
                })
            })
        }),
        "moves" | "attempts" | "actions" => value
            .as_array()
            .is_some_and(|items| items.iter().all(Value::is_string)),
        "seed" => value.as_u64().is_some(),
        _ => value.is_string(),
    };
    if !shape_ok {
        let what = match (&value, name) {
            (Value::Array(items), "moves" | "attempts" | "actions") => items
                .iter()
                .enumerate()
                .find(|(_, v)| !v.is_string())
                .map(|(i, v)| format!("item {i} is {}", found(v)))
                .unwrap_or_default(),
            (Value::Array(_), "turns") => "a turn does not have that shape".to_owned(),
            _ => found(&value),
        };
        return Err(SaveError::Json(
            format!("'{name}' must be {}, not {what}", field_shape(name))
                .replace(", not item", ": item"),
        ));
    }
    serde_json::from_value(value).map(Some).map_err(|e| {
        SaveError::Json(format!(
            "'{name}': {}",
            crate::serde_words::plain_words(&e.to_string())
        ))
    })
}

/// A JSON syntax error in this library's words, with where it is.
fn json_words(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let at = format!("line {}, column {}", e.line(), e.column());
    match e.classify() {
        Category::Eof => format!("the JSON text ends too early ({at})"),
        Category::Syntax => format!("the text is not valid JSON ({at})"),
        Category::Data | Category::Io => crate::serde_words::plain_words(&e.to_string()),
    }
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

/// How a game ended by an act rather than by the rules (the `ended` field).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EndedBy {
    /// A resignation: `None` for the side to move (`"resign"`), or the
    /// colour that resigned on the other's turn (`"resign:white"`).
    Resignation(Option<Color>),
    /// The side to move declared (`"declare"`, board games).
    Declaration,
}

impl EndedBy {
    /// How `game` ended, if by an act: the field's text.
    fn of<G: GameState>(game: &G) -> Option<String> {
        let o = game.outcome()?;
        match o.reason {
            EndReason::Resignation => {
                let loser = o.winner.map(Color::opponent)?;
                Some(if loser == game.side_to_move() {
                    "resign".to_owned()
                } else {
                    format!("resign:{}", loser.name())
                })
            }
            EndReason::ImpasseDeclaration => Some("declare".to_owned()),
            _ => None,
        }
    }

    fn parse(text: &str) -> Option<EndedBy> {
        match text {
            "resign" => Some(EndedBy::Resignation(None)),
            "resign:black" => Some(EndedBy::Resignation(Some(Color::Black))),
            "resign:white" => Some(EndedBy::Resignation(Some(Color::White))),
            "declare" => Some(EndedBy::Declaration),
            _ => None,
        }
    }

    /// Ends `game` as the saved `ended` field says (after its `index`
    /// replayed steps); `declare` ends it with `declare`, for the games
    /// that have a declaration.
    fn apply<G: GameState>(
        ended: Option<&str>,
        game: &mut G,
        index: usize,
        declare: impl FnOnce(&mut G) -> Result<(), String>,
    ) -> Result<(), SaveError> {
        let Some(text) = ended else {
            return Ok(());
        };
        let by = EndedBy::parse(text).ok_or_else(|| {
            replay_error(
                "end",
                index,
                text,
                "expected 'resign', 'resign:black', 'resign:white' or 'declare'",
            )
        })?;
        match by {
            EndedBy::Resignation(who) => {
                let seat = who.unwrap_or_else(|| game.side_to_move());
                game.resign(seat)
                    .map(|_| ())
                    .map_err(|e| replay_error("end", index, text, e))
            }
            EndedBy::Declaration => declare(game).map_err(|e| replay_error("end", index, text, e)),
        }
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
        saved.ended = EndedBy::of(game);
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
        EndedBy::apply(self.ended.as_deref(), &mut fresh, actions.len(), |_| {
            Err("this game has no declaration".to_owned())
        })?;
        Ok(fresh)
    }

    /// The saved form of any game.
    pub fn of(game: &AnyGame) -> SavedGame {
        match game {
            AnyGame::Board(g) => SavedGame::of_board(g),
            AnyGame::Card(g) => SavedGame::of_card(g),
            AnyGame::Tsuitate(r) => SavedGame::of_tsuitate(r),
            AnyGame::Family(g) => SavedGame::of_family(g),
        }
    }

    /// The saved form of a family game: kind `defined`, its settings (the
    /// definition's name when shipped, else its text, and the house rules),
    /// the moves in USI with the definition's letters.
    pub fn of_family(game: &FamilyGame) -> SavedGame {
        let mut saved = SavedGame::blank(
            GameKind::Defined.name(),
            settings_value(game.settings()),
            game.start_sfen(),
        );
        let mut pos = game.start_position().clone();
        let mut moves = Vec::with_capacity(game.moves().len());
        for &mv in game.moves() {
            moves.push(shogi_core::family::notation::to_usi(&pos, mv));
            pos.make(mv);
        }
        saved.moves = Some(moves);
        saved.ended = EndedBy::of(game);
        saved
    }

    /// The saved form of a perfect-information game.
    pub fn of_board(game: &Game<AnyVariant>) -> SavedGame {
        // Saved under its kind: a defined variant as `defined`, with its
        // whole definition as the settings (its own name among them).
        let mut saved = SavedGame::blank(
            game.variant().kind().name(),
            settings_value(&game.variant().settings()),
            game.start_position().to_sfen(),
        );
        saved.moves = Some(game.moves().iter().map(Move::to_string).collect());
        saved.ended = EndedBy::of(game);
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
        saved.ended = EndedBy::of(game);
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
        saved.ended = EndedBy::of(referee);
        saved
    }

    /// The document as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads a document, checking its format and version.
    ///
    /// One leading UTF-8 byte order mark is skipped (editors on Windows
    /// write one). Every refusal is in this library's words, naming the
    /// field: no serde wording ("expected u32", "invalid type") reaches the
    /// message, and quoted input is bounded ([`shogi_core::Excerpt`]).
    ///
    /// ```
    /// use shogi_variants::{SaveError, SavedGame};
    /// let bad = r#"{"format": "shogi-variants/game", "version": 1.0}"#;
    /// let e = SavedGame::from_json(bad).unwrap_err();
    /// assert_eq!(e.to_string(), "the saved game's version must be 1, not 1.0");
    /// let bad = r#"{"format": "shogi-variants/game", "version": 1, "game": "standard",
    ///               "settings": {}, "start": 7}"#;
    /// let e = SavedGame::from_json(bad).unwrap_err();
    /// assert_eq!(e.to_string(), "not a saved game: 'start' must be a string, not the number 7");
    /// ```
    pub fn from_json(text: &str) -> Result<SavedGame, SaveError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // Check the kind and version before the shape, for a clearer message.
        let value: Value =
            serde_json::from_str(text).map_err(|e| SaveError::Json(json_words(&e)))?;
        let Value::Object(mut fields) = value else {
            return Err(SaveError::Json(format!(
                "the document must be a JSON object, not {}",
                found(&value)
            )));
        };
        match fields.get("format") {
            Some(Value::String(f)) if f == SAVE_FORMAT => {}
            Some(Value::String(other)) => {
                return Err(SaveError::Format(shogi_core::excerpt(other)))
            }
            Some(other) => {
                return Err(SaveError::Json(format!(
                    "'format' must be the string '{SAVE_FORMAT}', not {}",
                    found(other)
                )))
            }
            None => return Err(SaveError::Json("no 'format' field".to_owned())),
        }
        let version = match fields.get("version") {
            None => return Err(SaveError::Json("no 'version' field".to_owned())),
            Some(v) => match v.as_u64() {
                Some(n) if n == u64::from(SAVE_VERSION) => SAVE_VERSION,
                Some(n) => {
                    return Err(match u32::try_from(n) {
                        Ok(n) => SaveError::Version(n),
                        Err(_) => SaveError::BadVersion(n.to_string()),
                    })
                }
                None => return Err(SaveError::BadVersion(shogi_core::excerpt(&v.to_string()))),
            },
        };
        let mut take = |name: &'static str| fields.remove(name).filter(|v| !v.is_null());
        let game = need(take("game"), "game")?;
        let settings = take("settings").ok_or_else(|| missing_field("settings"))?;
        let start = need(take("start"), "start")?;
        Ok(SavedGame {
            format: SAVE_FORMAT.to_owned(),
            version,
            game,
            settings,
            start,
            moves: optional(take("moves"), "moves")?,
            ended: optional(take("ended"), "ended")?,
            seed: optional(take("seed"), "seed")?,
            generator_position: optional(take("generator_position"), "generator_position")?,
            turns: optional(take("turns"), "turns")?,
            attempts: optional(take("attempts"), "attempts")?,
            actions: optional(take("actions"), "actions")?,
        })
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
            // A family game's settings name its definition; a standard-kind
            // definition's are the definition's own fields.
            GameKind::Defined if self.settings.get("definition").is_some() => {
                self.restore_family().map(|g| AnyGame::Family(Box::new(g)))
            }
            GameKind::Standard
            | GameKind::Minishogi
            | GameKind::MustCapture
            | GameKind::Defined
            | GameKind::Scripted => self
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
        let settings: AnySettings = serde_json::from_value(tagged)
            .map_err(|e| SaveError::Settings(crate::serde_words::plain_words(&e.to_string())))?;
        let mut game = Game::from_sfen(AnyVariant::with_settings(settings), &self.start)
            .map_err(|e| SaveError::Start(e.to_string()))?;
        let moves = self.moves.as_ref().ok_or_else(|| self.missing("moves"))?;
        for (i, text) in moves.iter().enumerate() {
            let mv = SavedGame::parse_move("move", i, text)?;
            game.play(mv)
                .map_err(|e| replay_error("move", i, text, e))?;
        }
        EndedBy::apply(self.ended.as_deref(), &mut game, moves.len(), |g| {
            g.declare().map(|_| ()).map_err(|e| e.to_string())
        })?;
        Ok(game)
    }

    fn restore_family(&self) -> Result<FamilyGame, SaveError> {
        let settings: FamilySettings = serde_json::from_value(self.settings.clone())
            .map_err(|e| SaveError::Settings(crate::serde_words::plain_words(&e.to_string())))?;
        let fresh =
            FamilyGame::with_settings(settings).map_err(|e| SaveError::Settings(e.to_string()))?;
        let mut game = fresh
            .from_sfen(&self.start)
            .map_err(|e| SaveError::Start(e.to_string()))?;
        let moves = self.moves.as_ref().ok_or_else(|| self.missing("moves"))?;
        for (i, text) in moves.iter().enumerate() {
            game.play_usi(text)
                .map_err(|e| replay_error("move", i, text, e))?;
        }
        EndedBy::apply(self.ended.as_deref(), &mut game, moves.len(), |_| {
            Err("this game has no declaration".to_owned())
        })?;
        Ok(game)
    }

    fn restore_card(&self) -> Result<CardGame, SaveError> {
        let settings: CardSettings = serde_json::from_value(self.settings.clone())
            .map_err(|e| SaveError::Settings(crate::serde_words::plain_words(&e.to_string())))?;
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
        let count = position
            .parse::<u128>()
            .ok()
            .filter(|p| *p < GENERATOR_POSITIONS)
            .ok_or_else(|| {
                SaveError::Json(format!(
                    "generator_position '{}' is not a count from 0 to {} (the card generator's positions)",
                    shogi_core::Excerpt(position),
                    GENERATOR_POSITIONS - 1
                ))
            })?;
        game.set_generator_position(count);
        EndedBy::apply(self.ended.as_deref(), &mut game, turns.len(), |_| {
            Err("Card shogi has no declaration".to_owned())
        })?;
        Ok(game)
    }

    fn restore_tsuitate(&self) -> Result<Referee, SaveError> {
        let settings: TsuitateSettings = serde_json::from_value(self.settings.clone())
            .map_err(|e| SaveError::Settings(crate::serde_words::plain_words(&e.to_string())))?;
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
        EndedBy::apply(self.ended.as_deref(), &mut referee, attempts.len(), |_| {
            Err("Tsuitate shogi has no declaration".to_owned())
        })?;
        Ok(referee)
    }
}
