//! Choosing a variant at run time, by name, with settings by their serde names.

use crate::defined::HouseRules;
use crate::{
    Base, Defined, Definition, Minishogi, MinishogiSettings, MustCapture, MustCaptureSettings,
    Scripted, ScriptedSettings, Standard, StandardSettings,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use shogi_core::{
    Geometry, MoveFilter, MoveList, Outcome, PieceSet, Position, Repetition, Variant,
};

/// A bad variant name or setting. The messages quote what was given as an
/// excerpt ([`shogi_core::Excerpt`]), however long it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// No variant has this name.
    #[error("unknown variant '{}' (known: {known})", shogi_core::Excerpt(.name))]
    UnknownVariant {
        /// The name given.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// The variant has no setting of this name.
    #[error("variant '{variant}' has no setting '{}' (its settings: {known})", shogi_core::Excerpt(.key))]
    UnknownSetting {
        /// The variant.
        variant: String,
        /// The key given.
        key: String,
        /// The variant's setting names, comma-separated.
        known: String,
    },
    /// The value does not fit the setting.
    #[error("bad value for setting '{key}' of variant '{variant}': {message}")]
    BadValue {
        /// The variant.
        variant: String,
        /// The key.
        key: String,
        /// What serde said.
        message: String,
    },
    /// A combination the library refuses on purpose, with the reason.
    #[error("variant '{variant}' has no '{}': {why}", shogi_core::Excerpt(.key))]
    Refused {
        /// The variant.
        variant: String,
        /// The setting asked for.
        key: String,
        /// Why the combination has no sensible meaning.
        why: &'static str,
    },
    /// A `KEY=VALUE` pair without `=`.
    #[error("'{}' is not KEY=VALUE", shogi_core::Excerpt(.0))]
    NotKeyValue(String),
}

/// Every variant, chosen at run time.
///
/// ```
/// use shogi_core::Variant;
/// use shogi_variants::AnyVariant;
/// let v = AnyVariant::from_name("minishogi").unwrap();
/// assert_eq!(v.start_sfen(), "rbsgk/4p/5/P4/KGSBR b - 1");
/// let v = AnyVariant::with_named_settings("standard", &[("move_limit", "256"), ("impasse", "Points27")]).unwrap();
/// assert_eq!(v.move_limit(), Some(256));
/// assert!(AnyVariant::from_name("chess").is_err());
/// assert!(AnyVariant::with_named_settings("standard", &[("colour", "red")]).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyVariant {
    /// Standard shogi.
    Standard(Standard),
    /// Minishogi.
    Minishogi(Minishogi),
    /// Must-capture shogi over a base variant.
    MustCapture(MustCapture),
    /// A variant played by a definition file.
    Defined(Defined),
    /// A variant scripted by the program: a base's rules and registered hooks.
    Scripted(Scripted),
}

/// The settings of an [`AnyVariant`], tagged by variant name.
///
/// The tags are [`GameKind::name`](crate::GameKind::name)'s; serde's
/// attributes need literals, so they are written here too, and a test
/// (`settings_tags_are_the_table_names`) checks they agree with the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "variant", rename_all = "lowercase")]
pub enum AnySettings {
    /// Standard shogi's settings.
    Standard(StandardSettings),
    /// Minishogi's settings.
    Minishogi(MinishogiSettings),
    /// Must-capture shogi's settings.
    #[serde(rename = "must-capture")]
    MustCapture(MustCaptureSettings),
    /// A defined variant's definition (its whole file: a saved game names
    /// the rules it was played under).
    Defined(Definition),
    /// A scripted variant's registered name and its base's settings.
    Scripted(ScriptedSettings),
}

impl Default for AnySettings {
    fn default() -> Self {
        AnySettings::Standard(StandardSettings::default())
    }
}

/// Parses `value` as JSON (numbers, `null`, `true`, quoted strings...) or, if
/// that fails, takes it as a bare string.
fn setting_value(value: &str) -> Value {
    serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_owned()))
}

/// A setting that is text: a quoted JSON string (as the Python module
/// passes every setting) is its contents; anything else is taken as it is.
fn setting_text(value: &str) -> String {
    match setting_value(value) {
        Value::String(s) => s,
        _ => value.to_owned(),
    }
}

/// Applies `KEY=VALUE` overrides to the default settings of type `S`.
///
/// For a game played over a base variant (its settings have a `base` field:
/// must-capture, Card and Tsuitate shogi), a key that is not the game's own
/// is a setting of the base: `base=minishogi, repetition=Draw` is minishogi
/// drawn by repetition under the game's rules (RULES.md 3 and 5: a modifier
/// keeps its base's end rules, settings included). A key that neither has is
/// refused with both lists of names.
///
/// ```
/// use shogi_variants::{settings_with, Base, MinishogiRepetition, MustCaptureSettings};
/// let s: MustCaptureSettings = settings_with("must-capture", &[("base", "minishogi"), ("repetition", "Draw")]).unwrap();
/// assert!(matches!(s.base, Base::Minishogi(m) if m.repetition == MinishogiRepetition::Draw));
/// assert!(settings_with::<MustCaptureSettings>("must-capture", &[("impasse", "Points27"), ("base", "minishogi")]).is_err());
/// ```
pub fn settings_with<S: Serialize + DeserializeOwned + Default>(
    variant: &str,
    overrides: &[(&str, &str)],
) -> Result<S, VariantError> {
    settings_from(variant, S::default(), overrides)
}

/// Settings a game refuses on purpose, with the reason (docs/rules-and-settings.md,
/// "Compositions").
const REFUSED: [(&str, &str, &str); 1] = [(
    "tsuitate",
    "capture_duty",
    "a Tsuitate player cannot see which captures exist, so a capture duty would make fouls of honest moves and reveal hidden pieces",
)];

/// [`settings_with`] starting from `start` instead of the defaults.
pub(crate) fn settings_from<S: Serialize + DeserializeOwned>(
    variant: &str,
    start: S,
    overrides: &[(&str, &str)],
) -> Result<S, VariantError> {
    let mut map = match serde_json::to_value(start) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    };
    let over_a_base = map.contains_key("base");
    let (own, for_base): (Vec<_>, Vec<_>) = overrides
        .iter()
        .partition(|(key, _)| map.contains_key(*key) || !over_a_base);
    for &(key, _) in overrides {
        if let Some(&(_, _, why)) = REFUSED.iter().find(|(v, k, _)| *v == variant && *k == key) {
            return Err(VariantError::Refused {
                variant: variant.to_owned(),
                key: key.to_owned(),
                why,
            });
        }
    }
    for &&(key, value) in &own {
        if !map.contains_key(key) {
            return Err(VariantError::UnknownSetting {
                variant: variant.to_owned(),
                key: key.to_owned(),
                known: map.keys().cloned().collect::<Vec<_>>().join(", "),
            });
        }
        // Read the value as JSON (`256`, `null`, `true`); if the setting does not
        // take that, try the bare text as a string (so `impasse=27` means "27").
        let attempt = |v: Value| {
            let mut single = map.clone();
            single.insert(key.to_owned(), v);
            serde_json::from_value::<S>(Value::Object(single.clone())).map(|_| single)
        };
        map = match attempt(setting_value(value)) {
            Ok(single) => single,
            Err(first) => {
                attempt(Value::String(value.to_owned())).map_err(|_| VariantError::BadValue {
                    variant: variant.to_owned(),
                    key: key.to_owned(),
                    message: bad_value_message(key, &setting_value(value), &first),
                })?
            }
        };
    }
    if !for_base.is_empty() {
        let base: Base = serde_json::from_value(map.get("base").cloned().unwrap_or(Value::Null))
            .unwrap_or_default();
        let pairs: Vec<(&str, &str)> = for_base.iter().map(|&&pair| pair).collect();
        let own_keys = || map.keys().cloned().collect::<Vec<_>>().join(", ");
        // The base's own settings so far (an object given for `base`), with these on top.
        let with_base = match base {
            Base::Standard(s) => settings_from(base.name(), s, &pairs).map(Base::Standard),
            Base::Minishogi(s) => settings_from(base.name(), s, &pairs).map(Base::Minishogi),
            // A definition's rules are its file's fields, but for the house rules.
            Base::Defined(d) => {
                with_house_rules(base.name(), d.settings(), &pairs).map(Base::Defined)
            }
        }
        .map_err(|e| match e {
            VariantError::UnknownSetting { key, known, .. } => VariantError::UnknownSetting {
                variant: format!("{variant}' over base '{}", base.name()),
                key,
                known: format!("{}; of the base: {known}", own_keys()),
            },
            other => other,
        })?;
        let written = serde_json::to_value(with_base).map_err(|e| VariantError::BadValue {
            variant: variant.to_owned(),
            key: "base".to_owned(),
            message: e.to_string(),
        })?;
        map.insert("base".to_owned(), written);
    }
    serde_json::from_value(Value::Object(map)).map_err(|e| VariantError::BadValue {
        variant: variant.to_owned(),
        key: String::new(),
        message: e.to_string(),
    })
}

/// What serde said about `value` for the setting `key`, in a person's words
/// rather than serde's (issue 15: "unknown variant `bogus`", "expected u32"):
/// "impasse is one of 'Off', 'Points24', ..., not 'bogus'", "move_limit must
/// be a whole number 1..=4294967295, not '300' (a string)". The value is
/// quoted as an excerpt; anything else is [`crate::serde_words::plain_words`]
/// (messages the library wrote itself, such as a limit of 0, are kept whole).
fn bad_value_message(key: &str, value: &Value, error: &serde_json::Error) -> String {
    let said = error.to_string();
    let given = describe_value(value);
    if said.starts_with("unknown variant `") {
        // Every spelling accepted, aliases included.
        let names: Vec<String> = said
            .split_once(", expected ")
            .map(|(_, e)| {
                crate::serde_words::ticked(e)
                    .iter()
                    .map(|n| format!("'{n}'"))
                    .collect()
            })
            .unwrap_or_default();
        if !names.is_empty() {
            return format!("{key} is one of {}, not {given}", names.join(", "));
        }
    }
    if said.starts_with("invalid type: ") || said.starts_with("invalid value: ") {
        if let Some((_, expected)) = said.rsplit_once(", expected ") {
            return format!(
                "{key} must be {}, not {given}",
                crate::serde_words::expected_words(expected)
            );
        }
    }
    format!("{key}: {}", crate::serde_words::plain_words(&said))
}

/// A setting's value as a message quotes it: text in quotes (an excerpt),
/// with its type when it could be mistaken for a number.
fn describe_value(value: &Value) -> String {
    match value {
        Value::String(s) => format!("'{}' (a string)", shogi_core::Excerpt(s)),
        Value::Array(_) => "a list".to_owned(),
        Value::Object(_) => "an object".to_owned(),
        other => other.to_string(),
    }
}

/// Serde reader of a limit (`move_limit`, `foul_limit`): a count of at least 1.
/// `0` is refused wherever settings are read (by name, from JSON, from saved
/// games), so that no game gives it a meaning of its own.
pub(crate) fn positive_limit<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    /// A `u32` whose refusals say the range a limit has.
    struct Limit;
    impl serde::de::Visitor<'_> for Limit {
        type Value = u32;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            write!(f, "a whole number 1..={}", u32::MAX)
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<u32, E> {
            u32::try_from(v)
                .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(v), &self))
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<u32, E> {
            u32::try_from(v).map_err(|_| E::invalid_value(serde::de::Unexpected::Signed(v), &self))
        }
    }
    let n = d.deserialize_u32(Limit)?;
    if n == 0 {
        return Err(serde::de::Error::custom(
            "a limit must be at least 1 (a count >= 1; leave it out, or null where allowed, for no limit)",
        ));
    }
    Ok(n)
}

/// Serde reader of an optional limit: `null` for none, else at least 1.
pub(crate) fn optional_positive_limit<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<u32>, D::Error> {
    #[derive(Deserialize)]
    struct Limit(#[serde(deserialize_with = "positive_limit")] u32);
    Ok(Option::<Limit>::deserialize(d)?.map(|Limit(n)| n))
}

impl AnyVariant {
    /// The variant of this name with default settings.
    pub fn from_name(name: &str) -> Result<AnyVariant, VariantError> {
        AnyVariant::with_named_settings(name, &[])
    }

    /// The variant of this name with settings overridden by `(key, value)`
    /// pairs; a value is read as JSON if it can be, else as a string. The
    /// name is read through [`GameKind::from_name`](crate::GameKind::from_name)
    /// (aliases accepted, ASCII case ignored); a game that is not a plain
    /// variant (Card, Tsuitate) is refused like an unknown name.
    ///
    /// ```
    /// use shogi_core::Variant;
    /// use shogi_variants::AnyVariant;
    /// let v = AnyVariant::with_named_settings("Toru-Itte", &[("base", "minishogi")]).unwrap();
    /// assert_eq!(v.name(), "must-capture");
    /// assert!(AnyVariant::with_named_settings("card", &[]).is_err());
    /// ```
    pub fn with_named_settings(
        name: &str,
        overrides: &[(&str, &str)],
    ) -> Result<AnyVariant, VariantError> {
        use crate::GameKind;
        let kind = GameKind::from_name(name);
        let name: &str = match kind {
            Some(k) => k.name(),
            None => name,
        };
        match kind {
            Some(GameKind::Standard) => Ok(AnyVariant::Standard(Standard::with_settings(
                settings_with(name, overrides)?,
            ))),
            Some(GameKind::Minishogi) => Ok(AnyVariant::Minishogi(Minishogi::with_settings(
                settings_with(name, overrides)?,
            ))),
            Some(GameKind::MustCapture) => Ok(AnyVariant::MustCapture(MustCapture::with_settings(
                settings_with(name, overrides)?,
            ))),
            Some(GameKind::Defined) => defined_from(overrides).map(AnyVariant::Defined),
            Some(GameKind::Scripted) => scripted_from(None, overrides).map(AnyVariant::Scripted),
            Some(GameKind::Card | GameKind::Tsuitate) => Err(unknown_variant(name)),
            // A registered script by its own name, with its base's settings.
            None if Scripted::registered_names().contains(&name) => {
                scripted_from(Some(name), overrides).map(AnyVariant::Scripted)
            }
            // A shipped definition by its own name ("judkins"), with the
            // house rules every game takes.
            None => {
                let definition = Definition::builtin(name).ok_or_else(|| unknown_variant(name))?;
                with_house_rules(name, definition, overrides).map(AnyVariant::Defined)
            }
        }
    }

    /// The kind of game this variant is (a defined variant is
    /// [`GameKind::Defined`](crate::GameKind::Defined) whatever its own name).
    ///
    /// ```
    /// use shogi_variants::{AnyVariant, GameKind};
    /// assert_eq!(AnyVariant::from_name("judkins").unwrap().kind(), GameKind::Defined);
    /// assert_eq!(AnyVariant::from_name("mini").unwrap().kind(), GameKind::Minishogi);
    /// ```
    pub fn kind(&self) -> crate::GameKind {
        use crate::GameKind;
        match self {
            AnyVariant::Standard(_) => GameKind::Standard,
            AnyVariant::Minishogi(_) => GameKind::Minishogi,
            AnyVariant::MustCapture(_) => GameKind::MustCapture,
            AnyVariant::Defined(_) => GameKind::Defined,
            AnyVariant::Scripted(_) => GameKind::Scripted,
        }
    }

    /// The settings a variant of this name takes by keyword
    /// ([`AnyVariant::with_named_settings`]), each with its default: the
    /// variant's own settings (a base, limits, rule switches), a
    /// definition's house rules ([`Definition::HOUSE_RULES`], as its file
    /// sets them; the kind `defined` also takes `definition`), a registered
    /// script's base and that base's settings. The kind `scripted` alone
    /// has no default game: its `name` and `base` are `null` (name the
    /// script). An unknown name is refused as by
    /// [`AnyVariant::with_named_settings`].
    ///
    /// ```
    /// use serde_json::json;
    /// use shogi_variants::AnyVariant;
    /// let mini = AnyVariant::default_settings("minishogi")?;
    /// assert_eq!(mini["repetition"], json!("FirstPlayerLoses"));
    /// assert_eq!(mini["move_limit"], json!(null));
    /// let judkins = AnyVariant::default_settings("judkins")?;
    /// assert_eq!(judkins.keys().collect::<Vec<_>>(), ["impasse", "move_limit", "repetition", "stalemate"]);
    /// assert!(AnyVariant::default_settings("chess").is_err());
    /// # Ok::<(), shogi_variants::VariantError>(())
    /// ```
    pub fn default_settings(name: &str) -> Result<Map<String, Value>, VariantError> {
        use crate::GameKind;
        match GameKind::from_name(name) {
            Some(GameKind::Scripted) => Ok(["name", "base"]
                .into_iter()
                .map(|k| (k.to_owned(), Value::Null))
                .collect()),
            Some(GameKind::Defined) => {
                let variant = AnyVariant::from_name(name)?;
                let mut map = Map::new();
                map.insert("definition".to_owned(), Value::from(variant.name()));
                map.extend(variant.keyword_settings());
                Ok(map)
            }
            _ => Ok(AnyVariant::from_name(name)?.keyword_settings()),
        }
    }

    /// This variant's settings as the keywords that build it by name
    /// ([`AnyVariant::default_settings`]).
    fn keyword_settings(&self) -> Map<String, Value> {
        let fields = |value: Result<Value, serde_json::Error>| match value {
            Ok(Value::Object(mut map)) => {
                map.remove("variant");
                map
            }
            _ => Map::new(),
        };
        match self {
            AnyVariant::Defined(d) => fields(serde_json::to_value(HouseRules::of(
                &d.settings().end_rules(),
            ))),
            AnyVariant::Scripted(s) => {
                let mut map = Map::new();
                map.insert("base".to_owned(), Value::from(s.base().name()));
                map.extend(s.base().keyword_settings());
                map
            }
            other => fields(serde_json::to_value(other.settings())),
        }
    }

    /// Parses `KEY=VALUE` strings into pairs for [`AnyVariant::with_named_settings`].
    ///
    /// ```
    /// let pairs = shogi_variants::AnyVariant::parse_key_values(&["move_limit=100".to_string()]).unwrap();
    /// assert_eq!(pairs, vec![("move_limit".to_string(), "100".to_string())]);
    /// ```
    pub fn parse_key_values(items: &[String]) -> Result<Vec<(String, String)>, VariantError> {
        items
            .iter()
            .map(|item| match item.split_once('=') {
                Some((k, v)) if !k.trim().is_empty() => {
                    Ok((k.trim().to_owned(), v.trim().to_owned()))
                }
                _ => Err(VariantError::NotKeyValue(item.clone())),
            })
            .collect()
    }
}

/// No variant of this name: the error lists the names that are.
fn unknown_variant(name: &str) -> VariantError {
    let scripts = Scripted::registered_names();
    let scripts = if scripts.is_empty() {
        String::new()
    } else {
        format!(", and the registered scripts {}", scripts.join(", "))
    };
    VariantError::UnknownVariant {
        name: name.to_owned(),
        known: format!(
            "{}, and the shipped definitions {}{scripts}",
            crate::GameKind::VARIANTS
                .map(crate::GameKind::name)
                .join(", "),
            Definition::BUILTIN_NAMES.join(", ")
        ),
    }
}

/// The scripted variant of `name` (or of the setting `name`) over its
/// registered base, or over the base the settings give: `base` names it
/// (any variant, a shipped definition or another script), and the other
/// settings are that base's (`move_limit=100` over standard shogi).
fn scripted_from(name: Option<&str>, overrides: &[(&str, &str)]) -> Result<Scripted, VariantError> {
    let variant = crate::GameKind::Scripted.name();
    let mut script = name.map(str::to_owned);
    let mut base = None;
    let mut rest = Vec::new();
    for &(key, value) in overrides {
        match key {
            "name" => {
                let given = setting_text(value);
                if name.is_some_and(|n| n != given) {
                    return Err(VariantError::BadValue {
                        variant: variant.to_owned(),
                        key: "name".to_owned(),
                        message: format!(
                            "the variant is '{}', not '{}'",
                            name.unwrap_or_default(),
                            shogi_core::Excerpt(&given)
                        ),
                    });
                }
                script = Some(given);
            }
            "base" => base = Some(value),
            _ => rest.push((key, value)),
        }
    }
    let Some(script) = script else {
        return Err(VariantError::BadValue {
            variant: variant.to_owned(),
            key: "name".to_owned(),
            message: format!(
                "name the registered script to play (registered: {})",
                match Scripted::registered_names() {
                    names if names.is_empty() => "none".to_owned(),
                    names => names.join(", "),
                }
            ),
        });
    };
    let not_registered = |e: crate::ScriptError| VariantError::BadValue {
        variant: variant.to_owned(),
        key: "name".to_owned(),
        message: e.to_string(),
    };
    let registered = Scripted::new(&script).map_err(not_registered)?;
    let base = match (base.map(setting_value), rest.is_empty()) {
        (None, true) => return Ok(registered),
        // The base's settings in full, as `settings()` gives them back
        // (`{"variant": "minishogi", "repetition": ...}`).
        (Some(Value::Object(full)), true) => AnyVariant::with_settings(
            serde_json::from_value::<AnySettings>(Value::Object(full)).map_err(|e| {
                VariantError::BadValue {
                    variant: variant.to_owned(),
                    key: "base".to_owned(),
                    message: crate::serde_words::plain_words(&e.to_string()),
                }
            })?,
        ),
        (Some(Value::Object(_)), false) => {
            return Err(VariantError::BadValue {
                variant: variant.to_owned(),
                key: "base".to_owned(),
                message: "give the base's settings either inside base or beside it, not both"
                    .to_owned(),
            })
        }
        (base, _) => {
            let base_name = match base {
                Some(Value::String(s)) => s,
                Some(other) => other.to_string(),
                None => registered.base().name().to_owned(),
            };
            AnyVariant::with_named_settings(&base_name, &rest)?
        }
    };
    Scripted::over(&script, base).map_err(not_registered)
}

/// The defined variant of its settings: `[("definition", text or name)]`,
/// the text of a definition file or the name of a shipped one, or the
/// definition's own fields as settings (`name`, `files`, ... as the file
/// spells them, values read as JSON: what [`Variant::settings`] gives back).
/// Without any, shipped `standard` (every kind has default settings).
fn defined_from(overrides: &[(&str, &str)]) -> Result<Defined, VariantError> {
    let variant = crate::GameKind::Defined.name();
    let bad = |message: String| VariantError::BadValue {
        variant: variant.to_owned(),
        key: "definition".to_owned(),
        message,
    };
    let mut text = None;
    let mut fields = Map::new();
    let mut house = Vec::new();
    for &(key, value) in overrides {
        if key == "definition" {
            text = Some(setting_text(value));
        } else if Definition::HOUSE_RULES.contains(&key) {
            house.push((key, value));
        } else {
            fields.insert(key.to_owned(), setting_value(value));
        }
    }
    let definition = match (text, fields.is_empty()) {
        (Some(_), false) => {
            return Err(bad(
                "give either a definition or its fields as settings, not both".to_owned(),
            ))
        }
        (None, false) => serde_json::from_value::<Definition>(Value::Object(fields))
            .map_err(|e| bad(crate::serde_words::plain_words(&e.to_string())))?,
        (text, true) => {
            let text = text.unwrap_or_else(|| "standard".to_owned());
            match Definition::builtin(&text) {
                Some(d) => d,
                None => Definition::from_toml(&text).map_err(|e| bad(e.to_string()))?,
            }
        }
    };
    with_house_rules(variant, definition, &house)
}

/// The variant of `definition` with the house rules of `pairs` (keys of
/// [`Definition::HOUSE_RULES`]) in its `[end]` table; any other key is
/// refused, naming the keys a defined variant takes.
fn with_house_rules(
    variant: &str,
    definition: Definition,
    pairs: &[(&str, &str)],
) -> Result<Defined, VariantError> {
    let bad = |key: &str, message: String| VariantError::BadValue {
        variant: variant.to_owned(),
        key: key.to_owned(),
        message,
    };
    if let Some(&(key, _)) = pairs
        .iter()
        .find(|(k, _)| !Definition::HOUSE_RULES.contains(k))
    {
        return Err(VariantError::UnknownSetting {
            variant: variant.to_owned(),
            key: key.to_owned(),
            known: format!(
                "{}; the rest of a defined variant's rules are its file's fields",
                Definition::HOUSE_RULES.join(", ")
            ),
        });
    }
    let definition = if pairs.is_empty() {
        definition
    } else {
        let rules = settings_from(variant, HouseRules::of(&definition.end_rules()), pairs)?;
        rules.over(definition).map_err(|e| {
            // The setting of the `[end]` field the file's check refused.
            let key = match &e {
                crate::DefinitionError::Field { field, .. } => {
                    field.strip_prefix("end.").unwrap_or(field)
                }
                crate::DefinitionError::Syntax(_) => "definition",
            };
            bad(key, e.to_string())
        })?
    };
    Defined::new(definition).map_err(|e| bad("definition", e.to_string()))
}

macro_rules! dispatch {
    ($self:ident, $v:ident => $e:expr) => {
        match $self {
            AnyVariant::Standard($v) => $e,
            AnyVariant::Minishogi($v) => $e,
            AnyVariant::MustCapture($v) => $e,
            AnyVariant::Defined($v) => $e,
            AnyVariant::Scripted($v) => $e,
        }
    };
}

impl Variant for AnyVariant {
    type Settings = AnySettings;

    fn name(&self) -> &'static str {
        dispatch!(self, v => v.name())
    }

    fn settings(&self) -> AnySettings {
        match self {
            AnyVariant::Standard(v) => AnySettings::Standard(v.settings()),
            AnyVariant::Minishogi(v) => AnySettings::Minishogi(v.settings()),
            AnyVariant::MustCapture(v) => AnySettings::MustCapture(v.settings()),
            AnyVariant::Defined(v) => AnySettings::Defined(v.settings()),
            AnyVariant::Scripted(v) => AnySettings::Scripted(v.settings()),
        }
    }

    fn with_settings(settings: AnySettings) -> AnyVariant {
        match settings {
            AnySettings::Standard(s) => AnyVariant::Standard(Standard::with_settings(s)),
            AnySettings::Minishogi(s) => AnyVariant::Minishogi(Minishogi::with_settings(s)),
            AnySettings::MustCapture(s) => AnyVariant::MustCapture(MustCapture::with_settings(s)),
            AnySettings::Defined(s) => AnyVariant::Defined(Defined::with_settings(s)),
            AnySettings::Scripted(s) => AnyVariant::Scripted(Scripted::with_settings(s)),
        }
    }

    fn geometry(&self) -> &'static Geometry {
        dispatch!(self, v => v.geometry())
    }

    fn piece_set(&self) -> PieceSet {
        dispatch!(self, v => v.piece_set())
    }

    fn start_sfen(&self) -> &'static str {
        dispatch!(self, v => v.start_sfen())
    }

    #[inline]
    fn move_filter(&self) -> Option<&dyn MoveFilter> {
        dispatch!(self, v => v.move_filter())
    }

    fn no_move_outcome(&self, pos: &Position) -> Outcome {
        dispatch!(self, v => v.no_move_outcome(pos))
    }

    fn repetition_outcome(&self, repetition: Repetition) -> Outcome {
        dispatch!(self, v => v.repetition_outcome(repetition))
    }

    fn move_limit(&self) -> Option<u32> {
        dispatch!(self, v => v.move_limit())
    }

    fn extra_outcome(&self, pos: &Position) -> Option<Outcome> {
        dispatch!(self, v => v.extra_outcome(pos))
    }

    fn declaration_outcome(&self, pos: &Position) -> Option<Outcome> {
        dispatch!(self, v => v.declaration_outcome(pos))
    }

    fn legal_moves(&self, pos: &Position) -> MoveList {
        dispatch!(self, v => v.legal_moves(pos))
    }

    fn legal_moves_into(&self, pos: &Position, list: &mut MoveList) {
        dispatch!(self, v => v.legal_moves_into(pos, list))
    }

    fn count_legal_moves(&self, pos: &Position) -> usize {
        dispatch!(self, v => v.count_legal_moves(pos))
    }

    fn is_legal(&self, pos: &Position, mv: shogi_core::Move) -> bool {
        dispatch!(self, v => v.is_legal(pos, mv))
    }

    fn illegality(&self, pos: &Position, mv: shogi_core::Move) -> shogi_core::Illegality {
        dispatch!(self, v => v.illegality(pos, mv))
    }

    /// Dispatched once at the root, so that the tree below is counted with
    /// the concrete variant's methods (no dispatch per node).
    fn perft(&self, pos: &mut Position, depth: u32, bulk: bool) -> u64 {
        dispatch!(self, v => v.perft(pos, depth, bulk))
    }

    fn divide(&self, pos: &mut Position, depth: u32, bulk: bool) -> Vec<(shogi_core::Move, u64)> {
        dispatch!(self, v => v.divide(pos, depth, bulk))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameKind;

    /// Issue 15: a bad setting value was described in serde's words
    /// ("unknown variant `bogus`", "expected u32").
    #[test]
    fn bad_setting_values_are_told_in_words() {
        let message = |variant: &str, key: &str, value: &str| match AnyVariant::with_named_settings(
            variant,
            &[(key, value)],
        ) {
            Err(e @ VariantError::BadValue { .. }) => e.to_string(),
            other => panic!("{key}={value}: {other:?}"),
        };
        let impasse = message("standard", "impasse", "bogus");
        assert!(
            impasse.contains("impasse is one of 'None', 'Off', 'none', 'off', '24', 'Points24'")
                && impasse.ends_with("not 'bogus' (a string)"),
            "{impasse}"
        );
        // A JSON string where a number is wanted (as Python's move_limit="300" sends it).
        let limit = message("standard", "move_limit", "\"300\"");
        assert!(
            limit.ends_with(
                "move_limit must be a whole number 1..=4294967295, not '300' (a string)"
            ),
            "{limit}"
        );
        let negative = message("standard", "move_limit", "-5");
        assert!(
            negative.ends_with("must be a whole number 1..=4294967295, not -5"),
            "{negative}"
        );
        for m in [impasse, limit, negative] {
            assert!(!m.contains('`') && !m.contains("u32"), "{m}");
        }
        let huge = message("minishogi", "repetition", &"x".repeat(100_000));
        assert!(huge.len() < 400, "{} bytes", huge.len());
    }

    /// Serde's literal tags of [`AnySettings`] agree with the table of names.
    #[test]
    fn settings_tags_are_the_table_names() {
        for kind in GameKind::VARIANTS {
            if kind == GameKind::Scripted {
                // Needs a registered name (scripted.rs tests its settings).
                assert!(AnyVariant::with_named_settings(kind.name(), &[]).is_err());
                continue;
            }
            let variant = AnyVariant::with_named_settings(kind.name(), &[]).unwrap();
            if kind != GameKind::Defined {
                // A defined variant goes by its definition's name ("standard" by default).
                assert_eq!(variant.name(), kind.name());
            }
            let value = serde_json::to_value(variant.settings()).unwrap();
            assert_eq!(value["variant"], kind.name(), "{value}");
            let read: AnySettings = serde_json::from_value(value).unwrap();
            assert_eq!(read, variant.settings());
        }
    }
}
