//! Variants scripted by a program: a base variant's rules, narrowed or
//! extended by hooks the program supplies (Rust code here, a Python class
//! through the bindings). The base's native move generator does the rest.
//!
//! A program registers its hooks under a name ([`Scripted::register`]);
//! from then on the name is a variant like any other:
//! [`AnyVariant::from_name`] knows it, every consumer of the game contract
//! (boards, players, self-play, adapters, diagrams) plays it, and a saved
//! game names it with its base's settings (`{"variant": "scripted", "name":
//! ..., "base": ...}`). Loading such a game needs the hooks registered under
//! that name first: the rules are code, and code is not saved.
//!
//! ```
//! use std::sync::Arc;
//! use shogi_core::{Color, EndReason, Game, MoveList, Outcome, Position, Variant};
//! use shogi_variants::modifier::BaseFilter;
//! use shogi_variants::{AnyVariant, Hooks, Scripted};
//!
//! /// Standard shogi without drops, in which the first check wins.
//! #[derive(Debug)]
//! struct NoDropsFirstCheck;
//!
//! impl BaseFilter for NoDropsFirstCheck {
//!     fn filter(&self, _base: &AnyVariant, _pos: &Position, moves: &mut MoveList) {
//!         moves.retain(|m| !m.is_drop());
//!     }
//! }
//!
//! impl Hooks for NoDropsFirstCheck {
//!     fn move_filter(&self) -> Option<&dyn BaseFilter> { Some(self) }
//!     fn extra_outcome(&self, _base: &AnyVariant, pos: &Position) -> Option<Outcome> {
//!         pos.is_check().then(|| Outcome::loss(pos.side_to_move(), EndReason::Checkmate))
//!     }
//! }
//!
//! Scripted::register("no-drops-check", AnyVariant::from_name("standard")?, Arc::new(NoDropsFirstCheck))?;
//! let mut game = Game::new(AnyVariant::from_name("no-drops-check")?);
//! for usi in ["7g7f", "3c3d", "8h3c+"] {
//!     game.play_usi(usi)?;
//! }
//! assert_eq!(game.outcome().unwrap().winner, Some(Color::Black)); // the horse on 3c gave check
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::modifier::{BaseFilter, Modifier, Over};
use crate::{AnySettings, AnyVariant};
use serde::{Deserialize, Serialize};
use shogi_core::{Outcome, Position, Repetition, Variant};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, PoisonError};

/// The rules a program adds to a base variant. Every hook defaults to "as
/// the base has it"; override those the variant changes.
///
/// The hooks are called from whichever thread plays the game (self-play
/// workers too), hence `Send + Sync`.
pub trait Hooks: Send + Sync + fmt::Debug {
    /// The script's narrowing of the legal moves under the base (the
    /// variant whose rules the hooks change), or `None` (the default): the
    /// base's moves, counted by the fast count-only generator.
    fn move_filter(&self) -> Option<&dyn BaseFilter> {
        None
    }

    /// The variant's own end: `Some` ends the game in `pos`. It is asked
    /// after the base's own extra ends and before the standard ones (no
    /// move, repetition, move limit), so a win the last move achieved
    /// outranks what the position would otherwise be judged.
    fn extra_outcome(&self, _base: &AnyVariant, _pos: &Position) -> Option<Outcome> {
        None
    }

    /// The outcome of a fourfold repetition, or `None` for the base's.
    fn repetition_outcome(&self, _repetition: Repetition) -> Option<Outcome> {
        None
    }
}

/// The hooks of the default [`ScriptedSettings`]: none (the base's rules).
#[derive(Debug)]
struct NoHooks;

impl Hooks for NoHooks {}

/// Why a script cannot be registered or played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScriptError {
    /// The name is not a scripted variant's name.
    #[error("'{}' cannot name a scripted variant: {why}", shogi_core::Excerpt(.name))]
    BadName {
        /// The name given.
        name: String,
        /// Why not.
        why: &'static str,
    },
    /// No hooks are registered under this name in this program.
    #[error("no scripted variant '{}' is registered in this program (registered: {known}); register its hooks under that name first: the rules of a scripted variant are code, which a saved game cannot hold", shogi_core::Excerpt(.0), known = registered_list())]
    NotRegistered(String),
}

/// One registration: a name, its default base and its hooks.
#[derive(Clone)]
struct Registration {
    name: &'static str,
    base: AnyVariant,
    hooks: Arc<dyn Hooks>,
}

/// The registered scripts, newest registration of a name last.
static REGISTERED: Mutex<Vec<Registration>> = Mutex::new(Vec::new());

fn registered() -> std::sync::MutexGuard<'static, Vec<Registration>> {
    // The list is only ever pushed to or replaced in, entry by entry, so a
    // panic elsewhere while it was locked leaves it whole.
    REGISTERED.lock().unwrap_or_else(PoisonError::into_inner)
}

fn registered_list() -> String {
    let names = Scripted::registered_names();
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

fn lookup(name: &str) -> Option<Registration> {
    registered().iter().find(|r| r.name == name).cloned()
}

/// A variant played by a base variant's rules and a program's [`Hooks`].
///
/// Two scripted variants are equal when they have the same name, base and
/// registration (the same hooks object).
pub type Scripted = Over<Script>;

/// A registered script: its name and its [`Hooks`], the [`Modifier`] of
/// [`Scripted`]. Two are equal when they are the same registration (the same
/// name and hooks object).
#[derive(Clone)]
pub struct Script {
    name: &'static str,
    hooks: Arc<dyn Hooks>,
}

impl fmt::Debug for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Script")
            .field("name", &self.name)
            .field("hooks", &self.hooks)
            .finish()
    }
}

impl PartialEq for Script {
    fn eq(&self, other: &Script) -> bool {
        self.name == other.name && Arc::ptr_eq(&self.hooks, &other.hooks)
    }
}

impl Eq for Script {}

impl Hash for Script {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl Over<Script> {
    /// Registers `hooks` under `name`, played over `base` unless a game's
    /// settings name another base. Registering a name again replaces its
    /// hooks for the games made from then on (a notebook cell run twice);
    /// games already made keep theirs.
    ///
    /// The name is 1 to 40 lowercase letters, digits, `-` and `_`, and not
    /// the name of a built-in game or shipped definition.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use shogi_variants::{AnyVariant, Hooks, Scripted, ScriptError};
    /// #[derive(Debug)] struct Plain;
    /// impl Hooks for Plain {}
    /// let mini = AnyVariant::from_name("minishogi").unwrap();
    /// assert!(Scripted::register("plain-mini", mini.clone(), Arc::new(Plain)).is_ok());
    /// assert!(matches!(Scripted::register("judkins", mini, Arc::new(Plain)), Err(ScriptError::BadName { .. })));
    /// ```
    pub fn register(
        name: &str,
        base: AnyVariant,
        hooks: Arc<dyn Hooks>,
    ) -> Result<(), ScriptError> {
        let bad = |why| ScriptError::BadName {
            name: name.to_owned(),
            why,
        };
        let name_ok = (1..=40).contains(&name.chars().count())
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
        if !name_ok {
            return Err(bad(
                "a name is 1 to 40 lowercase letters, digits, '-' and '_'",
            ));
        }
        if crate::GameKind::from_name(name).is_some() || crate::Definition::builtin(name).is_some()
        {
            return Err(bad("a built-in game or shipped definition has that name"));
        }
        let mut all = registered();
        match all.iter_mut().find(|r| r.name == name) {
            Some(r) => {
                r.base = base;
                r.hooks = hooks;
            }
            None => all.push(Registration {
                // Names are registered once each, so this leaks a few bytes
                // per scripted variant a program defines.
                name: Box::leak(name.to_owned().into_boxed_str()),
                base,
                hooks,
            }),
        }
        Ok(())
    }

    /// The names registered so far, in order of first registration.
    pub fn registered_names() -> Vec<&'static str> {
        registered().iter().map(|r| r.name).collect()
    }

    /// The variant registered under `name`, over its registered base.
    pub fn new(name: &str) -> Result<Scripted, ScriptError> {
        let r = lookup(name).ok_or_else(|| ScriptError::NotRegistered(name.to_owned()))?;
        Ok(Over::of(
            Script {
                name: r.name,
                hooks: r.hooks,
            },
            r.base,
        ))
    }

    /// The variant registered under `name`, over `base` instead of its
    /// registered one.
    // `Scripted::over` predates the generic `Over` it now is an instance of,
    // and says what it does (a script over another base).
    #[allow(clippy::self_named_constructors)]
    pub fn over(name: &str, base: AnyVariant) -> Result<Scripted, ScriptError> {
        let r = lookup(name).ok_or_else(|| ScriptError::NotRegistered(name.to_owned()))?;
        Ok(Over::of(
            Script {
                name: r.name,
                hooks: r.hooks,
            },
            base,
        ))
    }
}

/// A scripted variant's settings: its registered name and its base with the
/// base's settings. Reading them (a saved game, a settings map) checks the
/// name is registered in this program.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ScriptedText", into = "ScriptedText")]
pub struct ScriptedSettings {
    name: String,
    base: Box<AnySettings>,
}

impl Default for ScriptedSettings {
    /// No hooks over standard shogi (the name is empty: nothing is registered).
    fn default() -> Self {
        ScriptedSettings {
            name: String::new(),
            base: Box::default(),
        }
    }
}

impl ScriptedSettings {
    /// The registered name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The base's settings.
    pub fn base(&self) -> &AnySettings {
        &self.base
    }
}

/// [`ScriptedSettings`] as written.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ScriptedText {
    name: String,
    base: Box<AnySettings>,
}

impl From<ScriptedSettings> for ScriptedText {
    fn from(s: ScriptedSettings) -> ScriptedText {
        ScriptedText {
            name: s.name,
            base: s.base,
        }
    }
}

impl TryFrom<ScriptedText> for ScriptedSettings {
    type Error = ScriptError;

    fn try_from(t: ScriptedText) -> Result<ScriptedSettings, ScriptError> {
        if lookup(&t.name).is_none() {
            return Err(ScriptError::NotRegistered(t.name));
        }
        Ok(ScriptedSettings {
            name: t.name,
            base: t.base,
        })
    }
}

impl Modifier for Script {
    type Settings = ScriptedSettings;

    fn name(&self) -> &'static str {
        if self.name.is_empty() {
            crate::GameKind::Scripted.name()
        } else {
            self.name
        }
    }

    fn settings(&self, base: &AnyVariant) -> ScriptedSettings {
        ScriptedSettings {
            name: self.name.to_owned(),
            base: Box::new(base.settings()),
        }
    }

    /// The registered hooks of the settings' name over their base; a name
    /// not registered (only the default settings have one: reading settings
    /// checks it) plays the base's rules unchanged.
    fn with_settings(settings: ScriptedSettings) -> (Script, AnyVariant) {
        let base = AnyVariant::with_settings(*settings.base);
        let script = match lookup(&settings.name) {
            Some(r) => Script {
                name: r.name,
                hooks: r.hooks,
            },
            None => Script {
                name: "",
                hooks: Arc::new(NoHooks),
            },
        };
        (script, base)
    }

    fn move_filter(&self) -> Option<&dyn BaseFilter> {
        self.hooks.move_filter()
    }

    /// The hooks' outcome, or the base's when they give none.
    fn repetition_outcome(&self, base: &AnyVariant, repetition: Repetition) -> Outcome {
        self.hooks
            .repetition_outcome(repetition)
            .unwrap_or_else(|| base.repetition_outcome(repetition))
    }

    /// The base's own end first, then the hooks'.
    fn extra_outcome(&self, base: &AnyVariant, pos: &Position) -> Option<Outcome> {
        base.extra_outcome(pos)
            .or_else(|| self.hooks.extra_outcome(base, pos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_core::{Color, EndReason, Game, Illegality, MoveList};

    /// No move to the fourth rank; a repetition is Black's win.
    #[derive(Debug)]
    struct Odd;

    impl Hooks for Odd {
        fn move_filter(&self) -> Option<&dyn BaseFilter> {
            Some(self)
        }
        fn repetition_outcome(&self, _r: Repetition) -> Option<Outcome> {
            Some(Outcome::win(Color::Black, EndReason::Repetition))
        }
    }

    impl BaseFilter for Odd {
        fn filter(&self, _base: &AnyVariant, _pos: &Position, moves: &mut MoveList) {
            moves.retain(|m| m.to().rank() != 4);
        }
    }

    #[test]
    fn hooks_narrow_the_base_and_decide_repetition() {
        let mini = AnyVariant::from_name("minishogi").unwrap();
        Scripted::register("test-odd", mini, Arc::new(Odd)).unwrap();
        let v = Scripted::new("test-odd").unwrap();
        let pos = v.start_position();
        let plain = v.base().legal_moves(&pos);
        let ours = v.legal_moves(&pos);
        assert!(ours.len() < plain.len());
        assert!(ours.iter().all(|m| m.to().rank() != 4));
        let refused = plain.iter().find(|m| !ours.contains(m)).copied().unwrap();
        assert!(!v.is_legal(&pos, refused));
        assert_eq!(v.illegality(&pos, refused), Illegality::NotAllowed);
        let rep = Repetition {
            first_player: Color::Black,
            perpetual_checker: None,
        };
        assert_eq!(v.repetition_outcome(rep).winner, Some(Color::Black));
        // Settings name the script and carry the base's; reading them back
        // finds the same hooks.
        let json = serde_json::to_string(&AnyVariant::Scripted(v.clone()).settings()).unwrap();
        assert!(json.contains(r#""name":"test-odd""#), "{json}");
        let back: AnySettings = serde_json::from_str(&json).unwrap();
        assert_eq!(
            AnyVariant::with_settings(back),
            AnyVariant::Scripted(v.clone())
        );
        // Perft with the hook agrees with the filtered list.
        let mut p = pos.clone();
        assert_eq!(v.perft(&mut p, 1, true), ours.len() as u64);
        let mut game = Game::new(v);
        assert!(game.play(refused).is_err());
        assert_eq!(game.moves().len(), 0);
    }

    #[test]
    fn unregistered_names_are_refused_when_read() {
        let err = serde_json::from_str::<AnySettings>(
            r#"{"variant":"scripted","name":"nobody-registered-me","base":{"variant":"standard"}}"#,
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("no scripted variant 'nobody-registered-me'"),
            "{err}"
        );
        assert!(Scripted::new("nobody-registered-me").is_err());
        for bad in ["", "Caps", "standard", "checkshogi", &"x".repeat(41)] {
            assert!(
                Scripted::register(
                    bad,
                    AnyVariant::from_name("standard").unwrap(),
                    Arc::new(NoHooks)
                )
                .is_err(),
                "{bad}"
            );
        }
    }
}
