//! The one table of the library's games: names, aliases and facts.

use std::fmt;
use std::str::FromStr;

/// A kind of game the library plays, chosen at run time by name.
///
/// This is the one place a game's name is written: [`AnyGame::new`](crate::AnyGame::new),
/// saved games, settings maps, the Python module, the USI engine and the
/// adapters read names through it.
///
/// ```
/// use shogi_variants::GameKind;
/// let kind: GameKind = "Card".parse().unwrap();
/// assert_eq!(kind, GameKind::Card);
/// assert_eq!(kind.name(), "card");
/// assert!(kind.has_chance() && !kind.hidden_information());
/// assert!(GameKind::Tsuitate.hidden_information());
/// assert_eq!("toru-itte".parse::<GameKind>().unwrap(), GameKind::MustCapture);
/// assert!("standard ".parse::<GameKind>().is_err());
/// assert!("go".parse::<GameKind>().unwrap_err().to_string().contains("standard, minishogi"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GameKind {
    /// Standard shogi (本将棋), 9×9.
    Standard,
    /// Minishogi (5五将棋), 5×5.
    Minishogi,
    /// Must-capture shogi (取る一手, Toru-itte) over a base.
    MustCapture,
    /// Card shogi over a base: a card drawn each turn names the file to play on.
    Card,
    /// Tsuitate shogi (衝立将棋) over a base: hidden pieces, a referee.
    Tsuitate,
    /// A variant played by a definition file ([`Definition`](crate::Definition)):
    /// its setting `definition` is the file's text or a shipped definition's name.
    Defined,
    /// A variant scripted by the program: a base variant's rules changed by
    /// hooks registered under a name ([`Scripted`](crate::Scripted)).
    Scripted,
}

/// A name [`GameKind`] does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game '{}' (known: {known})", shogi_core::Excerpt(&self.0), known = GameKind::names().join(", "))]
pub struct UnknownGame(pub String);

impl GameKind {
    /// Every kind, in this order: standard, minishogi, must-capture, card,
    /// tsuitate, defined, scripted.
    pub const ALL: [GameKind; 7] = [
        GameKind::Standard,
        GameKind::Minishogi,
        GameKind::MustCapture,
        GameKind::Card,
        GameKind::Tsuitate,
        GameKind::Defined,
        GameKind::Scripted,
    ];

    /// The kinds that are a plain [`Variant`](shogi_core::Variant) (what a
    /// modifier or a chance game may play over, with must-capture's duty
    /// as a setting of those that have one).
    pub const VARIANTS: [GameKind; 5] = [
        GameKind::Standard,
        GameKind::Minishogi,
        GameKind::MustCapture,
        GameKind::Defined,
        GameKind::Scripted,
    ];

    /// The name, as settings, saved games and the Python module write it.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Standard => "standard",
            GameKind::Minishogi => "minishogi",
            GameKind::MustCapture => "must-capture",
            GameKind::Card => "card",
            GameKind::Tsuitate => "tsuitate",
            GameKind::Defined => "defined",
            GameKind::Scripted => "scripted",
        }
    }

    /// The value USI GUIs send for this kind in `UCI_Variant` (the
    /// convention of Fairy-Stockfish and the shogi GUIs: `shogi` for
    /// standard shogi; the [name](GameKind::name) otherwise). Reading it
    /// back goes through [`GameKind::from_name`], which knows it.
    ///
    /// ```
    /// use shogi_variants::GameKind;
    /// assert_eq!(GameKind::Standard.usi_name(), "shogi");
    /// assert_eq!(GameKind::Minishogi.usi_name(), "minishogi");
    /// for kind in GameKind::ALL {
    ///     assert_eq!(GameKind::from_name(kind.usi_name()), Some(kind));
    /// }
    /// ```
    pub const fn usi_name(self) -> &'static str {
        match self {
            GameKind::Standard => "shogi",
            other => other.name(),
        }
    }

    /// Other names accepted when reading (case-insensitive, like the name).
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            GameKind::Standard => &["shogi", "hon-shogi"],
            GameKind::Minishogi => &["mini", "5x5"],
            GameKind::MustCapture => &["toru-itte", "toruitte", "must_capture", "mustcapture"],
            GameKind::Card => &["card-shogi"],
            GameKind::Tsuitate => &["tsuitate-shogi"],
            GameKind::Defined => &["custom"],
            GameKind::Scripted => &[],
        }
    }

    /// Every name, in [`GameKind::ALL`] order.
    pub fn names() -> [&'static str; 7] {
        GameKind::ALL.map(GameKind::name)
    }

    /// The kind of this name or alias (ASCII case ignored; surrounding
    /// spaces are not: `"standard "` is refused, as a likely typo).
    pub fn from_name(name: &str) -> Option<GameKind> {
        let name = name.to_ascii_lowercase();
        GameKind::ALL
            .into_iter()
            .find(|k| k.name() == name || k.aliases().contains(&name.as_str()))
    }

    /// Whether the game has chance steps (Card shogi's draws).
    pub const fn has_chance(self) -> bool {
        matches!(self, GameKind::Card)
    }

    /// Whether players see only part of the state (Tsuitate's hidden pieces).
    pub const fn hidden_information(self) -> bool {
        matches!(self, GameKind::Tsuitate)
    }

    /// Whether the game plays over a base variant with that base's settings.
    pub const fn has_base(self) -> bool {
        matches!(
            self,
            GameKind::MustCapture | GameKind::Card | GameKind::Tsuitate
        )
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<GameKind, UnknownGame> {
        GameKind::from_name(s).ok_or_else(|| UnknownGame(s.to_owned()))
    }
}

/// The names `AnyGame::new` knows. Deprecated: it restated
/// [`GameKind::names`], which a new kind extends by itself.
///
/// ```
/// #![allow(deprecated)]
/// use shogi_variants::{GameKind, GAME_NAMES};
/// assert_eq!(GAME_NAMES, GameKind::names());
/// ```
#[deprecated(note = "use GameKind::names()")]
pub const GAME_NAMES: [&str; 7] = [
    GameKind::Standard.name(),
    GameKind::Minishogi.name(),
    GameKind::MustCapture.name(),
    GameKind::Card.name(),
    GameKind::Tsuitate.name(),
    GameKind::Defined.name(),
    GameKind::Scripted.name(),
];

/// The names `AnyVariant` knows. Deprecated: it restated
/// [`GameKind::VARIANTS`].
///
/// ```
/// #![allow(deprecated)]
/// use shogi_variants::{GameKind, VARIANT_NAMES};
/// assert_eq!(VARIANT_NAMES, GameKind::VARIANTS.map(GameKind::name));
/// ```
#[deprecated(note = "use GameKind::VARIANTS.map(GameKind::name)")]
pub const VARIANT_NAMES: [&str; 5] = [
    GameKind::Standard.name(),
    GameKind::Minishogi.name(),
    GameKind::MustCapture.name(),
    GameKind::Defined.name(),
    GameKind::Scripted.name(),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_game_is_quoted_as_a_bounded_excerpt() {
        let long = "x".repeat(1_000_000);
        let message = long.parse::<GameKind>().unwrap_err().to_string();
        assert!(message.len() < 300, "{} bytes", message.len());
        assert!(message.contains("known: standard"), "{message}");
    }
}
