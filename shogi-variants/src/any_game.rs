//! Every game of the library by name, including those that are not a plain
//! [`Variant`](shogi_core::Variant): Card shogi has chance steps and Tsuitate
//! shogi a referee. [`AnyGame`] drives them all through [`GameState`].

use crate::state::{
    illegal, Action, ActionReport, Observation, PlayError, Probability, Seen, ToMove, Told, Verdict,
};
use crate::{
    settings_with, AnyVariant, CardGame, CardSettings, FamilyDefinition, FamilyGame,
    FamilySettings, GameKind, GameState, Referee, TsuitateSettings, VariantError,
};
use rand::Rng;
use serde_json::Value;
use shogi_core::{
    Bitboard, Color, Game, GameError, Geometry, Move, MoveList, Outcome, PieceKind, Square, Variant,
};

/// `error`, with the games listed when it is `name` itself that is unknown
/// (an unknown name inside the settings, a script's base, keeps its own
/// error).
fn unknown_game(name: &str, error: VariantError) -> VariantError {
    match error {
        VariantError::UnknownVariant { name: n, .. } if n == name => VariantError::UnknownVariant {
            name: name.to_owned(),
            known: GameKind::names().join(", "),
        },
        other => other,
    }
}

/// A game of any kind, chosen at run time; it implements [`GameState`] by
/// dispatch (the only `match` on the kind of game).
///
/// ```
/// use shogi_variants::{AnyGame, GameKind, GameState, ToMove};
/// let g = AnyGame::new("card", &[("jokers", "true")], 7).unwrap();
/// assert_eq!(g.kind(), GameKind::Card);
/// assert_eq!(g.to_move(), ToMove::Chance);
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
    /// A game of the shogi family: a definition with pieces of its own
    /// (dobutsu, kyoto shogi...), of kind [`GameKind::Defined`].
    Family(Box<FamilyGame>),
}

/// Calls `$body` with `$g` bound to the game inside, whatever its kind.
macro_rules! dispatch {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::Board($g) => $body,
            AnyGame::Card($g) => $body,
            AnyGame::Tsuitate($g) => $body,
            AnyGame::Family($g) => $body,
        }
    };
}

impl AnyGame {
    /// A new game of the named kind with settings overridden by name; `seed`
    /// feeds Card shogi's deck (the others have no randomness).
    ///
    /// A name no kind has may be a variant's own: a shipped definition's
    /// (`"judkins"`) or a registered script's.
    ///
    /// ```
    /// use shogi_variants::{AnyGame, GameKind};
    /// assert_eq!(AnyGame::new("judkins", &[], 0).unwrap().kind(), GameKind::Defined);
    /// assert!(AnyGame::new("chess", &[], 0).is_err());
    /// ```
    pub fn new(name: &str, overrides: &[(&str, &str)], seed: u64) -> Result<AnyGame, VariantError> {
        match GameKind::from_name(name) {
            Some(kind) => AnyGame::of_kind(kind, overrides, seed),
            // A shipped family definition by its name or an alias.
            None if FamilyDefinition::builtin_text(name).is_some() => {
                AnyGame::family(name, overrides)
            }
            None => AnyVariant::with_named_settings(name, overrides)
                .map(|v| AnyGame::Board(Box::new(Game::new(v))))
                .map_err(|e| unknown_game(name, e)),
        }
    }

    /// The settings a game of this name takes by keyword ([`AnyGame::new`]),
    /// each with its default, by their serde names: Card and Tsuitate
    /// shogi's own settings, else [`AnyVariant::default_settings`] (a
    /// definition's house rules, a registered script's base...). A setting
    /// without a default value is `null` (no move limit, no capture duty).
    ///
    /// ```
    /// use serde_json::json;
    /// use shogi_variants::AnyGame;
    /// let tsuitate = AnyGame::default_settings("tsuitate")?;
    /// assert_eq!((&tsuitate["foul_limit"], &tsuitate["move_limit"]), (&json!(10), &json!(150)));
    /// assert_eq!(AnyGame::default_settings("card")?["copies_per_rank"], json!(8));
    /// assert_eq!(AnyGame::default_settings("judkins")?["move_limit"], json!(null));
    /// assert!(AnyGame::default_settings("go").unwrap_err().to_string().contains("known: standard"));
    /// # Ok::<(), shogi_variants::VariantError>(())
    /// ```
    pub fn default_settings(name: &str) -> Result<serde_json::Map<String, Value>, VariantError> {
        let fields = |value: Result<Value, serde_json::Error>| match value {
            Ok(Value::Object(map)) => map,
            _ => serde_json::Map::new(),
        };
        match GameKind::from_name(name) {
            Some(GameKind::Card) => Ok(fields(serde_json::to_value(CardSettings::default()))),
            Some(GameKind::Tsuitate) => {
                Ok(fields(serde_json::to_value(TsuitateSettings::default())))
            }
            None if FamilyDefinition::builtin_text(name).is_some() => {
                Ok(fields(serde_json::to_value(FamilySettings::of(name))))
            }
            _ => AnyVariant::default_settings(name).map_err(|e| unknown_game(name, e)),
        }
    }

    /// A family game of the shipped definition `name` (or of the
    /// definition the overrides give), with house rules.
    fn family(name: &str, overrides: &[(&str, &str)]) -> Result<AnyGame, VariantError> {
        let settings: FamilySettings =
            crate::any::settings_from(name, FamilySettings::of(name), overrides)?;
        FamilyGame::with_settings(settings).map(|g| AnyGame::Family(Box::new(g)))
    }

    /// Whether the overrides of the kind `defined` name a definition that
    /// needs the family engine (pieces of its own, or its rules). A value
    /// is read as the settings read it: a JSON string (`"\"dobutsu\""`, as
    /// Python and saved games send it) is its text, anything else the bare
    /// text.
    ///
    /// ```
    /// use shogi_variants::AnyGame;
    /// for value in ["dobutsu", "\"dobutsu\""] {
    ///     let game = AnyGame::new("defined", &[("definition", value)], 0)?;
    ///     assert!(matches!(game, AnyGame::Family(_)), "{value}");
    /// }
    /// # Ok::<(), shogi_variants::VariantError>(())
    /// ```
    fn names_family(overrides: &[(&str, &str)]) -> bool {
        overrides.iter().any(|&(key, value)| {
            let text = serde_json::from_str::<String>(value).unwrap_or_else(|_| value.to_owned());
            key == "definition"
                && (FamilyDefinition::builtin_text(&text).is_some()
                    || matches!(
                        crate::AnyDefinition::from_toml(&text),
                        Ok(crate::AnyDefinition::Family(_))
                    ))
        })
    }

    /// A new game of `kind` with settings overridden by name.
    pub fn of_kind(
        kind: GameKind,
        overrides: &[(&str, &str)],
        seed: u64,
    ) -> Result<AnyGame, VariantError> {
        let name = kind.name();
        match kind {
            GameKind::Card => {
                let settings: CardSettings = settings_with(name, overrides)?;
                CardGame::new(settings, seed)
                    .map(|g| AnyGame::Card(Box::new(g)))
                    .map_err(|e| VariantError::BadValue {
                        variant: name.to_owned(),
                        key: "copies_per_rank".to_owned(),
                        message: e.to_string(),
                    })
            }
            GameKind::Tsuitate => {
                let settings: TsuitateSettings = settings_with(name, overrides)?;
                Ok(AnyGame::Tsuitate(Box::new(Referee::new(settings))))
            }
            GameKind::Defined if AnyGame::names_family(overrides) => {
                AnyGame::family(name, overrides)
            }
            GameKind::Standard
            | GameKind::Minishogi
            | GameKind::MustCapture
            | GameKind::Defined
            | GameKind::Scripted => AnyVariant::with_named_settings(name, overrides)
                .map(|v| AnyGame::Board(Box::new(Game::new(v)))),
        }
    }

    /// The kind of game.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Board(g) => g.variant().kind(),
            AnyGame::Card(_) => GameKind::Card,
            AnyGame::Tsuitate(_) => GameKind::Tsuitate,
            AnyGame::Family(_) => GameKind::Defined,
        }
    }
}

impl GameState for AnyGame {
    #[inline]
    fn name(&self) -> &str {
        dispatch!(self, g => g.name())
    }
    #[inline]
    fn settings_value(&self) -> Value {
        dispatch!(self, g => g.settings_value())
    }
    #[inline]
    fn geometry(&self) -> &'static Geometry {
        dispatch!(self, g => GameState::geometry(&**g))
    }
    #[inline]
    fn start_sfen(&self) -> String {
        dispatch!(self, g => GameState::start_sfen(&**g))
    }
    #[inline]
    fn max_length(&self) -> Option<u32> {
        dispatch!(self, g => g.max_length())
    }
    #[inline]
    fn max_chance_steps(&self) -> Option<u32> {
        dispatch!(self, g => g.max_chance_steps())
    }
    #[inline]
    fn to_move(&self) -> ToMove {
        dispatch!(self, g => g.to_move())
    }
    #[inline]
    fn legal_moves(&self) -> MoveList {
        dispatch!(self, g => GameState::legal_moves(&**g))
    }
    #[inline]
    fn play(&mut self, mv: Move) -> Result<Verdict, PlayError> {
        dispatch!(self, g => GameState::play(&mut **g, mv))
    }
    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        dispatch!(self, g => GameState::play_unchecked(&mut **g, mv))
    }
    #[inline]
    fn is_chance_node(&self) -> bool {
        dispatch!(self, g => g.is_chance_node())
    }
    #[inline]
    fn chance_outcomes(&self) -> Vec<(u16, Probability)> {
        dispatch!(self, g => GameState::chance_outcomes(&**g))
    }
    #[inline]
    fn apply_chance(&mut self, id: u16) -> Result<(), PlayError> {
        dispatch!(self, g => g.apply_chance(id))
    }
    #[inline]
    fn sample_chance(&mut self, rng: &mut dyn Rng) -> Result<u16, PlayError> {
        dispatch!(self, g => g.sample_chance(rng))
    }
    #[inline]
    fn chance_step(&mut self) -> Result<u16, PlayError> {
        dispatch!(self, g => g.chance_step())
    }
    #[inline]
    fn apply_action(&mut self, action: Action) -> Result<ActionReport, PlayError> {
        dispatch!(self, g => g.apply_action(action))
    }
    #[inline]
    fn resign(&mut self, seat: Color) -> Result<Outcome, PlayError> {
        dispatch!(self, g => GameState::resign(&mut **g, seat))
    }
    #[inline]
    fn chance_told(&self, id: u16) -> Told {
        dispatch!(self, g => g.chance_told(id))
    }
    #[inline]
    fn undo(&mut self) -> Result<Move, PlayError> {
        dispatch!(self, g => GameState::undo(&mut **g))
    }
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, g => GameState::outcome(&**g))
    }
    #[inline]
    fn side_to_move(&self) -> Color {
        dispatch!(self, g => GameState::side_to_move(&**g))
    }
    #[inline]
    fn seen(&self, seat: Color) -> Seen<'_> {
        dispatch!(self, g => g.seen(seat))
    }
    #[inline]
    fn observation(&self, seat: Color) -> Observation<'_> {
        dispatch!(self, g => g.observation(seat))
    }
    #[inline]
    fn history(&self) -> Vec<Action> {
        dispatch!(self, g => g.history())
    }
    #[inline]
    fn legal_destinations(&self, from: Square) -> Bitboard {
        dispatch!(self, g => GameState::legal_destinations(&**g, from))
    }
    #[inline]
    fn legal_drop_squares(&self, kind: PieceKind) -> Bitboard {
        dispatch!(self, g => GameState::legal_drop_squares(&**g, kind))
    }
}

/// Standard shogi, minishogi and must-capture: perfect information, no chance.
impl GameState for Game<AnyVariant> {
    #[inline]
    fn name(&self) -> &str {
        self.variant().name()
    }
    #[inline]
    fn settings_value(&self) -> Value {
        crate::saved::settings_value(&self.variant().settings())
    }
    #[inline]
    fn geometry(&self) -> &'static Geometry {
        self.position().geometry()
    }
    #[inline]
    fn start_sfen(&self) -> String {
        self.start_position().to_sfen()
    }
    /// The variant's move limit: the game is drawn once that many plies
    /// are played (whatever the variant: a modifier's or a script's limit
    /// is its base's, a definition's is its file's).
    #[inline]
    fn max_length(&self) -> Option<u32> {
        self.variant().move_limit()
    }
    #[inline]
    fn max_chance_steps(&self) -> Option<u32> {
        Some(0)
    }
    #[inline]
    fn to_move(&self) -> ToMove {
        match self.outcome() {
            Some(o) => ToMove::Over(o),
            None => ToMove::Player(self.position().side_to_move()),
        }
    }
    #[inline]
    fn legal_moves(&self) -> MoveList {
        Game::legal_moves(self)
    }
    #[inline]
    fn play(&mut self, mv: Move) -> Result<Verdict, PlayError> {
        match Game::play(self, mv) {
            Ok(()) => Ok(Verdict::Played),
            Err(GameError::GameOver(o)) => Err(PlayError::GameOver(o)),
            Err(GameError::IllegalMove(e)) => Err(illegal(mv, e.reason)),
            Err(e) => Err(PlayError::Illegal {
                mv,
                rule: shogi_core::Illegality::NotAllowed,
                reason: e.to_string(),
            }),
        }
    }
    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        Game::play_unchecked(self, mv)
    }
    #[inline]
    fn is_chance_node(&self) -> bool {
        false
    }
    #[inline]
    fn resign(&mut self, seat: Color) -> Result<Outcome, PlayError> {
        self.resign_as(seat).map_err(|e| match e {
            GameError::GameOver(o) => PlayError::GameOver(o),
            // `resign_as` refuses nothing but a game that is over.
            other => PlayError::BadAction(other.to_string()),
        })
    }
    #[inline]
    fn undo(&mut self) -> Result<Move, PlayError> {
        if self.ended_by_act() {
            return Err(PlayError::NotUndoable(
                "a resignation or declaration is final",
            ));
        }
        Game::undo(self).ok_or(PlayError::NothingToUndo)
    }
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }
    #[inline]
    fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }
    #[inline]
    fn seen(&self, _seat: Color) -> Seen<'_> {
        Seen::Board(self)
    }
    #[inline]
    fn history(&self) -> Vec<Action> {
        self.moves().iter().map(|&m| Action::Move(m)).collect()
    }
    #[inline]
    fn legal_destinations(&self, from: Square) -> Bitboard {
        Game::legal_destinations(self, from)
    }
    #[inline]
    fn legal_drop_squares(&self, kind: PieceKind) -> Bitboard {
        Game::legal_drop_squares(self, kind)
    }
}
