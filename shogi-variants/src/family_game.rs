//! A game of the shogi family: a [`FamilyDefinition`] played from its start
//! to its end, through the one contract every game of the library keeps
//! ([`GameState`]).
//!
//! The move generator ([`FamilyPosition`]) knows the ends that leave a
//! position without moves: a royal piece captured, a try. The game adds the
//! ends that need the history or the definition's end rules: checkmate and
//! no move (the stalemate rule), the first check (`check_wins`), repetition
//! (counted `repetitions` times, perpetual check apart), the move limit and
//! resignation. They are tested in this order after every move, as
//! [`Game`](shogi_core::Game) tests a standard game's.
//!
//! ```
//! use shogi_core::{Color, EndReason};
//! use shogi_variants::{FamilyGame, GameState};
//! let mut game = FamilyGame::builtin("dobutsu")?;
//! // The chicks face each other: Black takes White's, White's lion takes back.
//! for usi in ["2c2b", "2a2b"] {
//!     game.play_usi(usi)?;
//! }
//! assert_eq!(game.sfen(), "g1e/1l1/3/ELG b Cc 3"); // a chick in each hand
//! assert_eq!(game.outcome(), None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::defined::{PerpetualCheckRule, RepetitionRule, StalemateRule, CHECK_GIVEN};
use crate::family_defined::FamilyDefinition;
use crate::state::{illegal, Action, PlayError, Seen, ToMove, Verdict};
use crate::{GameState, VariantError};
use serde_json::Value;
#[cfg(doc)]
use shogi_core::family::PieceTable;
use shogi_core::family::{notation, FamilyMoveList, FamilyPosition, FamilyUndo};
use shogi_core::rules::sennichite::repetition_of;
use shogi_core::{
    Bitboard, Color, CustomEnd, EndReason, Geometry, Illegality, Move, MoveList, Outcome, PieceKind,
};
use std::sync::{Arc, OnceLock};

/// The end of a game whose royal piece (all of them) was captured.
pub const ROYAL_CAPTURED: CustomEnd = CustomEnd::new("royal_captured", "royal piece captured");

/// The end of a game won by a try: a royal piece reached its far rank and
/// no enemy piece attacks it (dobutsu).
pub const TRY: CustomEnd = CustomEnd::new("try", "try");

/// A game of a [`FamilyDefinition`]: the position, the moves so far, and
/// what the definition's end rules need of the history.
///
/// ```
/// use shogi_variants::{FamilyGame, GameState};
/// let game = FamilyGame::builtin("kyotoshogi")?;
/// assert_eq!(game.name(), "kyotoshogi");
/// assert!(!game.legal_moves().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct FamilyGame {
    definition: Arc<FamilyDefinition>,
    /// The settings this game was made with, by name (what a saved game records).
    settings: FamilySettings,
    geometry: &'static Geometry,
    start: FamilyPosition,
    position: FamilyPosition,
    moves: Vec<Move>,
    undos: Vec<FamilyUndo>,
    /// The hash of every position from the start's on.
    hashes: Vec<u64>,
    /// For every position from the start's on: whether its side to move is
    /// in check (so whether the move that led to it gave check).
    checks: Vec<bool>,
    /// The end, once there is one (kept so it is not tested again).
    ended: Option<Outcome>,
    /// Whether the end was a resignation (final: it cannot be taken back).
    resigned: bool,
    /// The legal moves of the position now (the game's end aside), listed
    /// once on first need and forgotten at every move and take-back: the
    /// end test, `legal_moves` and `play` share one listing.
    legal: OnceLock<Vec<Move>>,
}

/// The house rules a family game takes beside its definition, by name (the
/// same keys as a standard-kind definition's, see
/// [`Definition::HOUSE_RULES`](crate::Definition::HOUSE_RULES)).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FamilySettings {
    /// The definition: a shipped one's name, or a definition's TOML text.
    pub definition: String,
    /// Plies after which the game is drawn; `None`: the definition's.
    #[serde(default)]
    pub move_limit: Option<u32>,
    /// What a repetition means; `None`: the definition's.
    #[serde(default)]
    pub repetition: Option<RepetitionRule>,
    /// What having no move means; `None`: the definition's.
    #[serde(default)]
    pub stalemate: Option<StalemateRule>,
}

impl FamilySettings {
    /// The house-rule keys these settings take beside `definition`.
    pub const HOUSE_RULES: [&'static str; 3] = ["move_limit", "repetition", "stalemate"];

    /// The settings of a definition as shipped or written, no house rule changed.
    pub fn of(definition: &str) -> FamilySettings {
        FamilySettings {
            definition: definition.to_owned(),
            move_limit: None,
            repetition: None,
            stalemate: None,
        }
    }
}

fn bad(key: &str, message: impl Into<String>) -> VariantError {
    VariantError::BadValue {
        variant: crate::GameKind::Defined.name().to_owned(),
        key: key.to_owned(),
        message: message.into(),
    }
}

impl FamilyGame {
    /// The names of the shipped family definitions.
    pub fn builtin_names() -> &'static [&'static str] {
        &FamilyDefinition::BUILTIN_NAMES
    }

    /// A new game of a shipped family definition, by name or alias.
    ///
    /// # Errors
    /// [`VariantError::UnknownVariant`] for a name no shipped family
    /// definition has.
    pub fn builtin(name: &str) -> Result<FamilyGame, VariantError> {
        FamilyGame::with_settings(FamilySettings::of(name))
    }

    /// A new game of `settings`' definition (a shipped name, or TOML text)
    /// with its house rules.
    ///
    /// # Errors
    /// [`VariantError::BadValue`] naming `definition` for a text that is
    /// not a family definition (with the field and the reason), or the
    /// house rule whose value is out of range.
    ///
    /// ```
    /// use shogi_variants::{FamilyGame, FamilySettings, GameState};
    /// let settings = FamilySettings { move_limit: Some(20), ..FamilySettings::of("torishogi") };
    /// assert_eq!(FamilyGame::with_settings(settings)?.max_length(), Some(20));
    /// assert!(FamilyGame::with_settings(FamilySettings::of("name = 3")).is_err());
    /// # Ok::<(), shogi_variants::VariantError>(())
    /// ```
    pub fn with_settings(settings: FamilySettings) -> Result<FamilyGame, VariantError> {
        let definition = match FamilyDefinition::builtin(&settings.definition) {
            Some(d) => d,
            None if !settings.definition.contains('=') => {
                return Err(VariantError::UnknownVariant {
                    name: settings.definition.clone(),
                    known: crate::GameKind::names().join(", "),
                })
            }
            None => FamilyDefinition::from_toml(&settings.definition)
                .map_err(|e| bad("definition", e.to_string()))?,
        };
        if settings.move_limit == Some(0) {
            return Err(bad("move_limit", "a move limit must be at least 1"));
        }
        FamilyGame::of_definition(Arc::new(definition), settings)
    }

    /// A new game of a compiled definition, with house rules.
    fn of_definition(
        definition: Arc<FamilyDefinition>,
        settings: FamilySettings,
    ) -> Result<FamilyGame, VariantError> {
        let start = definition
            .position()
            .map_err(|e| bad("definition", e.to_string()))?;
        let (files, ranks) = definition.table.size();
        // The board's shape for the contract's consumers. Its zone is the
        // definition's where a standard board can have it (1 to half the
        // ranks); kyoto's (none) and micro's (the whole board) are the
        // table's alone ([`PieceTable::promotion_zone`]), and the geometry
        // keeps a one-rank zone there.
        let depth = definition.table.promotion_zone(Color::Black).count() / u32::from(files);
        let zone = (depth as u8).clamp(1, (ranks / 2).max(1));
        let geometry =
            Geometry::shared(files, ranks, zone).map_err(|e| bad("definition", e.to_string()))?;
        Ok(FamilyGame::from_start(
            definition, settings, geometry, start,
        ))
    }

    fn from_start(
        definition: Arc<FamilyDefinition>,
        settings: FamilySettings,
        geometry: &'static Geometry,
        start: FamilyPosition,
    ) -> FamilyGame {
        let mut game = FamilyGame {
            definition,
            settings,
            geometry,
            position: start.clone(),
            hashes: vec![start.hash()],
            checks: vec![start.is_check()],
            start,
            moves: Vec::new(),
            undos: Vec::new(),
            ended: None,
            resigned: false,
            legal: OnceLock::new(),
        };
        game.ended = game.end_now();
        game
    }

    /// The same game from another start position, given in SFEN with the
    /// definition's letters.
    ///
    /// # Errors
    /// [`PlayError::BadAction`] with the SFEN reader's reason.
    ///
    /// ```
    /// use shogi_variants::{FamilyGame, GameState};
    /// let game = FamilyGame::builtin("dobutsu")?.from_sfen("1l1/3/3/1L1 b - 1")?;
    /// assert_eq!(game.legal_moves().len(), 5);
    /// assert!(FamilyGame::builtin("dobutsu")?.from_sfen("9/9 b - 1").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_sfen(&self, sfen: &str) -> Result<FamilyGame, PlayError> {
        let start = self
            .definition
            .position_from_sfen(sfen)
            .map_err(|e| PlayError::BadAction(e.to_string()))?;
        Ok(FamilyGame::from_start(
            self.definition.clone(),
            self.settings.clone(),
            self.geometry,
            start,
        ))
    }

    /// The definition played.
    pub fn definition(&self) -> &FamilyDefinition {
        &self.definition
    }

    /// The settings the game was made with.
    pub fn settings(&self) -> &FamilySettings {
        &self.settings
    }

    /// The position now.
    pub fn position(&self) -> &FamilyPosition {
        &self.position
    }

    /// The start position.
    pub fn start_position(&self) -> &FamilyPosition {
        &self.start
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position now in SFEN, with the definition's letters.
    pub fn sfen(&self) -> String {
        self.position.to_sfen()
    }

    /// `mv` in USI with the definition's letters (`C*2b`, `2c2b+`; kyoto's
    /// demotion `-`).
    pub fn usi(&self, mv: Move) -> String {
        notation::to_usi(&self.position, mv)
    }

    /// Reads a move of the position now from USI with the definition's letters.
    ///
    /// # Errors
    /// [`PlayError::BadAction`] for text that names no move of this board.
    pub fn parse_usi(&self, text: &str) -> Result<Move, PlayError> {
        notation::from_usi(&self.position, text).map_err(|e| PlayError::BadAction(e.to_string()))
    }

    /// Reads `text` as USI and plays it.
    ///
    /// # Errors
    /// As [`FamilyGame::parse_usi`], then as [`GameState::play`].
    pub fn play_usi(&mut self, text: &str) -> Result<Verdict, PlayError> {
        let mv = self.parse_usi(text)?;
        self.play(mv)
    }

    fn ends(&self) -> EffectiveEnds {
        let e = &self.definition.ends;
        EffectiveEnds {
            stalemate: self.settings.stalemate.unwrap_or(e.stalemate),
            repetition: self.settings.repetition.unwrap_or(e.repetition),
            repetitions: e.repetitions.max(2) as usize,
            perpetual_check: e.perpetual_check,
            check_wins: e.check_wins,
            move_limit: self.settings.move_limit.or(e.move_limit),
        }
    }

    /// The end of the game at the position now, by every rule but
    /// resignation.
    fn end_now(&self) -> Option<Outcome> {
        let pos = &self.position;
        let us = pos.side_to_move();
        let them = us.opponent();
        if pos.royal_lost() {
            return Some(Outcome::loss(us, EndReason::Custom(ROYAL_CAPTURED)));
        }
        // The side that just moved is judged first (Fairy-Stockfish's
        // order): it wins by a try it completed, or that the side to move
        // failed to stop.
        match (pos.try_reached(them), pos.try_reached(us)) {
            (true, true) => return Some(Outcome::draw(EndReason::Custom(TRY))),
            (true, false) => return Some(Outcome::win(them, EndReason::Custom(TRY))),
            (false, true) => return Some(Outcome::win(us, EndReason::Custom(TRY))),
            (false, false) => {}
        }
        let ends = self.ends();
        let in_check = self.checks.last().copied().unwrap_or(false);
        if ends.check_wins && in_check && !self.moves.is_empty() {
            return Some(Outcome::win(them, EndReason::Custom(CHECK_GIVEN)));
        }
        if let Some(outcome) = self.repetition(&ends) {
            return Some(outcome);
        }
        if ends
            .move_limit
            .is_some_and(|l| self.moves.len() >= l as usize)
        {
            return Some(Outcome::draw(EndReason::MoveLimit));
        }
        if self.legal_now().is_empty() {
            return Some(if in_check {
                Outcome::loss(us, EndReason::Checkmate)
            } else {
                match ends.stalemate {
                    StalemateRule::Loss => Outcome::loss(us, EndReason::NoLegalMove),
                    StalemateRule::Draw => Outcome::draw(EndReason::NoLegalMove),
                    StalemateRule::Win => Outcome::win(us, EndReason::NoLegalMove),
                }
            });
        }
        None
    }

    /// The repetition that ends the game now, if the position now has
    /// occurred `repetitions` times (RULES.md 1's rule, with the count of
    /// the definition).
    fn repetition(&self, ends: &EffectiveEnds) -> Option<Outcome> {
        let hash = self.position.hash();
        let occurrences = (0..self.hashes.len())
            .rev()
            .filter(|&i| self.hashes[i] == hash);
        let first_player = self.start.side_to_move();
        let cycle = repetition_of(ends.repetitions, first_player, occurrences, |i| {
            self.checks[i]
        })?;
        if let (Some(checker), PerpetualCheckRule::CheckerLoses) =
            (cycle.perpetual_checker, ends.perpetual_check)
        {
            return Some(Outcome::loss(checker, EndReason::PerpetualCheck));
        }
        // The player who completed the repetition made the last move.
        let completer = self.position.side_to_move().opponent();
        Some(match ends.repetition {
            RepetitionRule::Draw => Outcome::draw(EndReason::Repetition),
            RepetitionRule::FirstPlayerLoses => Outcome::loss(first_player, EndReason::Repetition),
            RepetitionRule::CompleterLoses => Outcome::loss(completer, EndReason::Repetition),
        })
    }

    /// The legal moves of the position now, listed on first need.
    fn legal_now(&self) -> &[Move] {
        self.legal.get_or_init(|| {
            let mut scratch = self.position.clone();
            let mut list = FamilyMoveList::new();
            scratch.legal_moves_into(&mut list);
            list.to_vec()
        })
    }

    fn push(&mut self, mv: Move) {
        let undo = self.position.make(mv);
        self.legal = OnceLock::new();
        self.moves.push(mv);
        self.undos.push(undo);
        self.hashes.push(self.position.hash());
        self.checks.push(self.position.is_check());
        self.ended = self.end_now();
    }

    fn refuse(&self, mv: Move) -> PlayError {
        let reason = match mv.from() {
            Some(from) => match self.position.piece_at(from) {
                None => Illegality::NoSuchPiece { square: from },
                Some((_, c)) if c != self.position.side_to_move() => {
                    Illegality::NotYourPiece { square: from }
                }
                Some(_) => Illegality::NotAllowed,
            },
            None => Illegality::NotAllowed,
        };
        let mut error = illegal(mv, reason);
        if let PlayError::Illegal { reason, .. } = &mut error {
            *reason = format!("{} ({})", reason, self.usi(mv));
        }
        error
    }
}

/// The end rules in force: the definition's, house rules applied.
struct EffectiveEnds {
    stalemate: StalemateRule,
    repetition: RepetitionRule,
    repetitions: usize,
    perpetual_check: PerpetualCheckRule,
    check_wins: bool,
    move_limit: Option<u32>,
}

impl GameState for FamilyGame {
    fn name(&self) -> &str {
        &self.definition.name
    }

    fn settings_value(&self) -> Value {
        crate::saved::settings_value(&self.settings)
    }

    fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    fn start_sfen(&self) -> String {
        self.start.to_sfen()
    }

    /// The move limit in force, if any.
    fn max_length(&self) -> Option<u32> {
        self.ends().move_limit
    }

    fn max_chance_steps(&self) -> Option<u32> {
        Some(0)
    }

    fn to_move(&self) -> ToMove {
        match self.ended {
            Some(o) => ToMove::Over(o),
            None => ToMove::Player(self.position.side_to_move()),
        }
    }

    fn side_to_move(&self) -> Color {
        self.position.side_to_move()
    }

    fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::new();
        if self.ended.is_none() {
            for &mv in self.legal_now() {
                if out.try_push(mv).is_err() {
                    break;
                }
            }
        }
        out
    }

    fn play(&mut self, mv: Move) -> Result<Verdict, PlayError> {
        if let Some(o) = self.ended {
            return Err(PlayError::GameOver(o));
        }
        if !self.legal_now().contains(&mv) {
            return Err(self.refuse(mv));
        }
        self.push(mv);
        Ok(Verdict::Played)
    }

    fn play_unchecked(&mut self, mv: Move) {
        if self.ended.is_none() {
            self.push(mv);
        }
    }

    fn is_chance_node(&self) -> bool {
        false
    }

    fn resign(&mut self, seat: Color) -> Result<Outcome, PlayError> {
        if let Some(o) = self.ended {
            return Err(PlayError::GameOver(o));
        }
        let o = Outcome::loss(seat, EndReason::Resignation);
        self.ended = Some(o);
        self.resigned = true;
        Ok(o)
    }

    fn undo(&mut self) -> Result<Move, PlayError> {
        if self.resigned {
            return Err(PlayError::NotUndoable("a resignation is final"));
        }
        let (Some(mv), Some(undo)) = (self.moves.pop(), self.undos.pop()) else {
            return Err(PlayError::NothingToUndo);
        };
        self.position.undo(mv, undo);
        self.legal = OnceLock::new();
        self.hashes.pop();
        self.checks.pop();
        self.ended = self.end_now();
        Ok(mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ended
    }

    fn seen(&self, _seat: Color) -> Seen<'_> {
        Seen::Family(self)
    }

    fn history(&self) -> Vec<Action> {
        self.moves.iter().map(|&m| Action::Move(m)).collect()
    }

    /// Where the kind with the index of `kind` in the definition may be
    /// dropped (a family game names its kinds by index: see
    /// [`FamilyGame::legal_drop_squares_of`]).
    fn legal_drop_squares(&self, kind: PieceKind) -> Bitboard {
        self.legal_drop_squares_of(kind.index())
    }
}

impl FamilyGame {
    /// "Show legal squares" for the definition's kind `kind` (by index) in
    /// the hand of the side to move.
    ///
    /// ```
    /// use shogi_variants::FamilyGame;
    /// let game = FamilyGame::builtin("dobutsu")?.from_sfen("1l1/3/3/1L1 b C 1")?;
    /// let chick = game.definition().table.kind_of_token("C").unwrap();
    /// assert_eq!(game.legal_drop_squares_of(chick).count(), 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_drop_squares_of(&self, kind: usize) -> Bitboard {
        match u8::try_from(kind) {
            Ok(index) => shogi_core::legal_squares::drops_of_index(&self.legal_moves(), index),
            Err(_) => Bitboard::EMPTY,
        }
    }
}
