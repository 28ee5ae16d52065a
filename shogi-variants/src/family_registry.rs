//! The definitions with pieces of their own that the library ships, by
//! name, and [`AnyDefinition`], which reads a definition and tells which
//! engine it needs.

use crate::defined::{Definition, DefinitionError};
use crate::family_defined::FamilyDefinition;
use crate::family_text::{uses_family_fields, FamilyText};

/// The shipped family definitions: name and text (the files are in
/// `shogi-variants/definitions/`).
const BUILTIN: [(&str, &str); 10] = [
    ("dobutsu", include_str!("../definitions/dobutsu.toml")),
    ("kyotoshogi", include_str!("../definitions/kyotoshogi.toml")),
    ("torishogi", include_str!("../definitions/torishogi.toml")),
    ("euroshogi", include_str!("../definitions/euroshogi.toml")),
    ("yarishogi", include_str!("../definitions/yarishogi.toml")),
    (
        "gorogoroplus",
        include_str!("../definitions/gorogoroplus.toml"),
    ),
    (
        "cannonshogi",
        include_str!("../definitions/cannonshogi.toml"),
    ),
    ("annanshogi", include_str!("../definitions/annanshogi.toml")),
    ("shoshogi", include_str!("../definitions/shoshogi.toml")),
    ("microshogi", include_str!("../definitions/microshogi.toml")),
];

impl FamilyDefinition {
    /// The names of the shipped family definitions (each also has aliases:
    /// [`FamilyDefinition::builtin`] knows them).
    ///
    /// ```
    /// assert!(shogi_variants::FamilyDefinition::BUILTIN_NAMES.contains(&"dobutsu"));
    /// ```
    pub const BUILTIN_NAMES: [&'static str; 10] = {
        let mut names = [""; 10];
        let mut i = 0;
        while i < 10 {
            names[i] = BUILTIN[i].0;
            i += 1;
        }
        names
    };

    /// The TOML text of a shipped family definition, by name or alias.
    ///
    /// ```
    /// let text = shogi_variants::FamilyDefinition::builtin_text("animal").unwrap();
    /// assert!(text.contains("name = \"dobutsu\""));
    /// ```
    pub fn builtin_text(name: &str) -> Option<&'static str> {
        BUILTIN
            .iter()
            .find(|(n, text)| {
                *n == name
                    || toml::from_str::<FamilyText>(text)
                        .is_ok_and(|t| t.aliases.iter().any(|a| a == name))
            })
            .map(|(_, text)| *text)
    }

    /// A shipped family definition, by name or alias, compiled.
    ///
    /// ```
    /// use shogi_variants::FamilyDefinition;
    /// let d = FamilyDefinition::builtin("dobutsu").unwrap();
    /// assert_eq!(d.position().unwrap().perft(2), 17);
    /// assert!(FamilyDefinition::builtin("chess").is_none());
    /// ```
    pub fn builtin(name: &str) -> Option<FamilyDefinition> {
        FamilyDefinition::from_toml(FamilyDefinition::builtin_text(name)?).ok()
    }
}

/// A definition read without knowing which engine it needs: the standard
/// kinds' fast [`Definition`], or a [`FamilyDefinition`] when it declares
/// pieces (`[[piece]]`) or uses a field or value only the family engine
/// plays (`[rules]`, `aliases`, `promotion_ranks = 0`, and in `[end]`
/// `royal`, `try`, `repetitions`, `repetition = "completer-loses"`).
///
/// ```
/// use shogi_variants::AnyDefinition;
/// let mini = AnyDefinition::from_toml(r#"
/// name = "mini"
/// files = 5
/// ranks = 5
/// promotion_ranks = 1
/// start = "rbsgk/4p/5/P4/KGSBR b - 1"
/// "#)?;
/// assert!(matches!(mini, AnyDefinition::Standard(_)));
/// let dobutsu = AnyDefinition::builtin("dobutsu").unwrap();
/// assert!(matches!(dobutsu, AnyDefinition::Family(_)));
/// assert_eq!(dobutsu.name(), "dobutsu");
/// # Ok::<(), shogi_variants::DefinitionError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)]
pub enum AnyDefinition {
    /// Shogi's kinds and the standard engine.
    Standard(Definition),
    /// Pieces of its own, or the family's rules: the family engine.
    Family(FamilyDefinition),
}

impl AnyDefinition {
    /// Reads a definition and compiles it for the engine it needs.
    ///
    /// # Errors
    /// As [`Definition::from_toml`] or [`FamilyDefinition::from_toml`].
    pub fn from_toml(text: &str) -> Result<AnyDefinition, DefinitionError> {
        let table: toml::Table =
            toml::from_str(text).map_err(|e| DefinitionError::Syntax(e.message().to_string()))?;
        if uses_family_fields(&table) {
            FamilyDefinition::from_toml(text).map(AnyDefinition::Family)
        } else {
            Definition::from_toml(text).map(AnyDefinition::Standard)
        }
    }

    /// Reads a definition written as JSON (the same fields: what a Python
    /// dict gives), for the engine it needs.
    ///
    /// # Errors
    /// [`DefinitionError::Syntax`] for JSON that is not a table of fields
    /// TOML can hold, else as [`AnyDefinition::from_toml`].
    ///
    /// ```
    /// use shogi_variants::AnyDefinition;
    /// let d = AnyDefinition::from_json(r#"{"name": "duck", "files": 3, "ranks": 3,
    ///     "promotion_ranks": 1, "start": "1k1/3/1K1 b D 1",
    ///     "piece": [{"name": "duck", "letter": "D", "betza": "W"}]}"#)?;
    /// assert!(matches!(d, AnyDefinition::Family(_)));
    /// # Ok::<(), shogi_variants::DefinitionError>(())
    /// ```
    pub fn from_json(json: &str) -> Result<AnyDefinition, DefinitionError> {
        let value: serde_json::Value =
            serde_json::from_str(json).map_err(|e| DefinitionError::Syntax(e.to_string()))?;
        let table = toml::Table::try_from(value)
            .map_err(|e| DefinitionError::Syntax(format!("not a table of fields: {e}")))?;
        let text = toml::to_string(&table)
            .map_err(|e| DefinitionError::Syntax(format!("not a table of fields: {e}")))?;
        AnyDefinition::from_toml(&text)
    }

    /// A shipped definition by name: the standard ones
    /// ([`Definition::builtin`], handicaps too), then the family ones by
    /// name or alias. A family file that needs no family field (gorogoro
    /// plus) comes back as a standard definition, played by the fast engine.
    pub fn builtin(name: &str) -> Option<AnyDefinition> {
        if let Some(d) = Definition::builtin(name) {
            return Some(AnyDefinition::Standard(d));
        }
        AnyDefinition::from_toml(FamilyDefinition::builtin_text(name)?).ok()
    }

    /// The definition's name.
    pub fn name(&self) -> &str {
        match self {
            AnyDefinition::Standard(d) => d.name(),
            AnyDefinition::Family(d) => &d.name,
        }
    }
}
