//! The base variant a modifier or a game of chance plays over, with all of
//! that base's own settings.
//!
//! RULES.md 3 and 5: a modifier keeps its base's end rules, and so its
//! settings: must-capture minishogi with `repetition = Draw` is the
//! must-capture duty over minishogi drawn by repetition.

use crate::{
    AnyVariant, Defined, Definition, GameKind, Minishogi, MinishogiSettings, Standard,
    StandardSettings, VariantError,
};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use shogi_core::Variant;

/// The board and end rules a modifier plays over, with that base's settings.
///
/// In saved games and settings maps a base with default settings is written
/// by its name (`"minishogi"`); one with other settings as an object tagged
/// by its name (`{"variant": "minishogi", "repetition": "Draw"}`). Both are
/// read back. A defined variant is a base too: a shipped definition by its
/// name (`"judkins"`, a handicap's KIF name), any other as its fields
/// tagged `"defined"` (`{"variant": "defined", "name": ..., "files": ...}`).
///
/// ```
/// use shogi_core::Variant;
/// use shogi_variants::{Base, MinishogiRepetition, MinishogiSettings};
/// assert_eq!(Base::MINISHOGI.variant().geometry().files(), 5);
/// assert_eq!(Base::STANDARD.with_move_limit(Some(99)).move_limit(), Some(99));
/// let drawn = Base::Minishogi(MinishogiSettings { repetition: MinishogiRepetition::Draw, ..Default::default() });
/// assert_eq!(serde_json::to_string(&drawn).unwrap(), r#"{"variant":"minishogi","move_limit":null,"repetition":"Draw","stalemate":"Loss"}"#);
/// assert_eq!(serde_json::from_str::<Base>(r#""minishogi""#).unwrap(), Base::MINISHOGI);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Base {
    /// Standard shogi (9×9) with its settings.
    Standard(StandardSettings),
    /// Minishogi (5×5) with its settings (its own repetition rule among them).
    Minishogi(MinishogiSettings),
    /// A variant played by a definition file: the modifiers and the games
    /// of chance and hidden pieces play over it as over a built-in base.
    Defined(Defined),
}

impl Default for Base {
    fn default() -> Self {
        Base::STANDARD
    }
}

impl Base {
    /// Standard shogi with its default settings.
    pub const STANDARD: Base = Base::Standard(StandardSettings::DEFAULT);
    /// Minishogi with its default settings.
    pub const MINISHOGI: Base = Base::Minishogi(MinishogiSettings::DEFAULT);
    /// The names a base can have: [`GameKind::name`] of its kind.
    pub const NAMES: [&'static str; 2] = [GameKind::Standard.name(), GameKind::Minishogi.name()];
    /// Every base, with its default settings, in the order of [`Base::NAMES`].
    ///
    /// ```
    /// use shogi_variants::Base;
    /// assert_eq!(Base::ALL.map(Base::name), Base::NAMES);
    /// ```
    pub const ALL: [Base; 2] = [Base::STANDARD, Base::MINISHOGI];

    /// The base played on a board of `files` × `ranks` squares, with its
    /// default settings: each base has its own board (standard shogi 9×9,
    /// minishogi 5×5), so the size of a position tells its base; `None` for
    /// a size no base plays on. Records use it to find the rules of their
    /// start position.
    ///
    /// ```
    /// use shogi_variants::Base;
    /// assert_eq!(Base::of_board(5, 5), Some(Base::MINISHOGI));
    /// assert_eq!(Base::of_board(9, 9), Some(Base::STANDARD));
    /// assert_eq!(Base::of_board(7, 7), None);
    /// ```
    pub fn of_board(files: u8, ranks: u8) -> Option<Base> {
        Base::ALL.into_iter().find(|b| {
            let g = b.variant().geometry();
            (g.files(), g.ranks()) == (files, ranks)
        })
    }

    /// The base's kind of game in the table of names.
    ///
    /// ```
    /// use shogi_variants::{Base, GameKind};
    /// assert_eq!(Base::MINISHOGI.kind(), GameKind::Minishogi);
    /// ```
    pub const fn kind(self) -> GameKind {
        match self {
            Base::Standard(_) => GameKind::Standard,
            Base::Minishogi(_) => GameKind::Minishogi,
            Base::Defined(_) => GameKind::Defined,
        }
    }

    /// The base's name: its kind's [`GameKind::name`] (`"standard"`,
    /// `"minishogi"`), or a defined base's own (`"judkins"`).
    ///
    /// ```
    /// use shogi_variants::{Base, Defined};
    /// assert_eq!(Base::MINISHOGI.name(), "minishogi");
    /// assert_eq!(Base::Defined(Defined::builtin("judkins").unwrap()).name(), "judkins");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Base::Defined(d) => d.definition().name(),
            other => other.kind().name(),
        }
    }

    /// The base of this name with settings overridden by `(key, value)` pairs,
    /// as [`AnyVariant::with_named_settings`] reads them.
    ///
    /// ```
    /// use shogi_variants::{Base, MinishogiRepetition};
    /// let b = Base::with_named_settings("minishogi", &[("repetition", "Draw")]).unwrap();
    /// assert!(matches!(b, Base::Minishogi(s) if s.repetition == MinishogiRepetition::Draw));
    /// assert!(Base::with_named_settings("chess", &[]).is_err());
    /// ```
    pub fn with_named_settings(
        name: &str,
        overrides: &[(&str, &str)],
    ) -> Result<Base, VariantError> {
        match AnyVariant::with_named_settings(name, overrides) {
            Ok(AnyVariant::Standard(v)) => Ok(Base::Standard(v.settings())),
            Ok(AnyVariant::Minishogi(v)) => Ok(Base::Minishogi(v.settings())),
            Ok(AnyVariant::Defined(v)) => Ok(Base::Defined(v)),
            Ok(_) | Err(VariantError::UnknownVariant { .. }) => Err(VariantError::UnknownVariant {
                name: name.to_owned(),
                known: Base::NAMES.join(", "),
            }),
            Err(e) => Err(e),
        }
    }

    /// The base variant with its settings.
    pub fn variant(self) -> AnyVariant {
        match self {
            Base::Standard(s) => AnyVariant::Standard(Standard::with_settings(s)),
            Base::Minishogi(s) => AnyVariant::Minishogi(Minishogi::with_settings(s)),
            Base::Defined(d) => AnyVariant::Defined(d),
        }
    }

    /// The base's own move limit.
    pub fn move_limit(self) -> Option<u32> {
        match self {
            Base::Standard(s) => s.move_limit,
            Base::Minishogi(s) => s.move_limit,
            Base::Defined(d) => d.definition().end_rules().move_limit,
        }
    }

    /// The base variant with its settings, the move limit replaced by
    /// `move_limit` when that is `Some` (a modifier's own limit comes first).
    pub fn with_move_limit(self, move_limit: Option<u32>) -> AnyVariant {
        let limit = move_limit.or(self.move_limit());
        match self {
            Base::Standard(s) => Base::Standard(StandardSettings {
                move_limit: limit,
                ..s
            }),
            Base::Minishogi(s) => Base::Minishogi(MinishogiSettings {
                move_limit: limit,
                ..s
            }),
            Base::Defined(d) => Base::Defined(d.with_move_limit(limit)),
        }
        .variant()
    }
}

/// The full form of a base in serde: tagged by name like [`crate::AnySettings`].
/// The tags are [`GameKind::name`]'s, written again because serde's
/// attributes need literals; the test `tags_are_the_table_names` checks
/// they agree.
#[derive(Serialize, Deserialize)]
#[serde(tag = "variant", rename_all = "lowercase")]
enum Tagged {
    Standard(StandardSettings),
    Minishogi(MinishogiSettings),
    Defined(Definition),
}

/// Either form of a base in serde: its name, or the tagged settings.
#[derive(Deserialize)]
#[serde(untagged)]
enum Written {
    Name(String),
    Full(Tagged),
}

impl Serialize for Base {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            b if b == Base::STANDARD || b == Base::MINISHOGI => serializer.serialize_str(b.name()),
            Base::Standard(s) => Tagged::Standard(s).serialize(serializer),
            Base::Minishogi(s) => Tagged::Minishogi(s).serialize(serializer),
            // A shipped definition by its name, unless a built-in game has it
            // (shipped `standard` is written in full: it reads back as itself).
            Base::Defined(d)
                if GameKind::from_name(d.definition().name()).is_none()
                    && Definition::builtin(d.definition().name()).as_ref()
                        == Some(d.definition()) =>
            {
                serializer.serialize_str(d.definition().name())
            }
            Base::Defined(d) => Tagged::Defined(d.definition().clone()).serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Base {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Base, D::Error> {
        use serde::de::Error;
        match Written::deserialize(deserializer).map_err(|_| {
            D::Error::custom(format!(
                "a base is {}, or an object {{\"variant\": NAME, SETTING: VALUE, ...}} with that base's settings",
                Base::NAMES.map(|n| format!("\"{n}\"")).join(" or ")
            ))
        })? {
            Written::Name(name) => match GameKind::from_name(&name) {
                Some(GameKind::Standard) => Ok(Base::STANDARD),
                Some(GameKind::Minishogi) => Ok(Base::MINISHOGI),
                _ => match Defined::builtin(&name) {
                    Some(d) => Ok(Base::Defined(d)),
                    None => Err(D::Error::custom(format!(
                        "unknown base '{}' (known: {}, the shipped definitions {} and the handicaps by their KIF names)",
                        shogi_core::Excerpt(&name),
                        Base::NAMES.join(", "),
                        Definition::BUILTIN_NAMES.map(|n| format!("'{n}'")).join(", ")
                    ))),
                },
            },
            Written::Full(Tagged::Standard(s)) => Ok(Base::Standard(s)),
            Written::Full(Tagged::Minishogi(s)) => Ok(Base::Minishogi(s)),
            Written::Full(Tagged::Defined(d)) => Defined::new(d)
                .map(Base::Defined)
                .map_err(|e| D::Error::custom(e.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Serde's literal tags agree with the table of names.
    #[test]
    fn tags_are_the_table_names() {
        for base in Base::ALL {
            let tagged = match base {
                Base::Standard(s) => Tagged::Standard(s),
                Base::Minishogi(s) => Tagged::Minishogi(s),
                Base::Defined(d) => Tagged::Defined(d.definition().clone()),
            };
            let value = serde_json::to_value(&tagged).unwrap();
            assert_eq!(value["variant"], base.kind().name(), "{value}");
            assert_eq!(serde_json::to_value(base).unwrap(), base.kind().name());
            let read: Base = serde_json::from_value(value).unwrap();
            assert_eq!(read, base);
        }
        // Names are read through the table: aliases and case too.
        let read: Base = serde_json::from_str(r#""Mini""#).unwrap();
        assert_eq!(read, Base::MINISHOGI);
        // A defined base: a shipped one by name, any other in full.
        let judkins = Base::Defined(crate::Defined::builtin("judkins").unwrap());
        assert_eq!(serde_json::to_value(judkins).unwrap(), "judkins");
        assert_eq!(
            serde_json::from_str::<Base>(r#""judkins""#).unwrap(),
            judkins
        );
        let lance = serde_json::from_str::<Base>(r#""香落ち""#).unwrap();
        assert_eq!(lance.name(), "香落ち");
        let own = Base::Defined(
            crate::Defined::from_toml(
                "name = \"tiny\"\nfiles = 5\nranks = 5\npromotion_ranks = 1\nstart = \"rbsgk/4p/5/P4/KGSBR b - 1\"\ndrops = false\n",
            )
            .unwrap(),
        );
        let value = serde_json::to_value(own).unwrap();
        assert_eq!(
            (value["variant"].as_str(), value["name"].as_str()),
            (Some("defined"), Some("tiny"))
        );
        assert_eq!(serde_json::from_value::<Base>(value).unwrap(), own);
        // Shipped standard is written in full: its name reads as the built-in game.
        let standard = Base::Defined(crate::Defined::builtin("standard").unwrap());
        let value = serde_json::to_value(standard).unwrap();
        assert_eq!(serde_json::from_value::<Base>(value).unwrap(), standard);
        assert_eq!(judkins.with_move_limit(Some(60)).move_limit(), Some(60));
        let err = serde_json::from_str::<Base>(r#""card""#).unwrap_err();
        assert!(
            err.to_string().contains("known: standard, minishogi"),
            "{err}"
        );
    }
}
