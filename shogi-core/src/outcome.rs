//! How a game ended: [`Outcome`], its [`EndReason`], and the [`CustomEnd`]s
//! that games and match runners above the core define.

use crate::Color;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum EndReason {
    /// The side to move is in check and has no legal move (tsumi).
    Checkmate,
    /// The side to move is not in check but has no legal move.
    NoLegalMove,
    /// The same position occurred for the fourth time (sennichite, 千日手).
    Repetition,
    /// Repetition in which every move of one side gave check (連続王手の千日手): that side loses.
    PerpetualCheck,
    /// The move limit of the settings was reached.
    MoveLimit,
    /// A player declared a win by entering king (nyūgyoku, 入玉宣言).
    ImpasseDeclaration,
    /// A player resigned.
    Resignation,
    /// An end that one game, or a match runner, defines above the core
    /// (python-chess's `VARIANT_WIN`/`VARIANT_LOSS`): Tsuitate's foul limit,
    /// Card shogi's card without a move, a match's time limit.
    Custom(CustomEnd),
}

impl EndReason {
    /// The reason as an identifier, the same in Rust, Python, saved games and
    /// match reports: `"checkmate"`, `"move_limit"`, `"foul_limit"`...
    ///
    /// ```
    /// use shogi_core::EndReason;
    /// assert_eq!(EndReason::MoveLimit.name(), "move_limit");
    /// assert_eq!(EndReason::MoveLimit.to_string(), "move limit"); // the words, for people
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::NoLegalMove => "no_legal_move",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual_check",
            EndReason::MoveLimit => "move_limit",
            EndReason::ImpasseDeclaration => "impasse_declaration",
            EndReason::Resignation => "resignation",
            EndReason::Custom(end) => end.name,
        }
    }

    /// The reason of this [name](EndReason::name): one of the core's, or
    /// else a custom end of that name ([`CustomEnd::named`]).
    ///
    /// ```
    /// use shogi_core::EndReason;
    /// assert_eq!(EndReason::from_name("move_limit"), Ok(EndReason::MoveLimit));
    /// assert_eq!(EndReason::from_name("first_check").unwrap().to_string(), "first check");
    /// assert!(EndReason::from_name("").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<EndReason, String> {
        const CORE: [EndReason; 7] = [
            EndReason::Checkmate,
            EndReason::NoLegalMove,
            EndReason::Repetition,
            EndReason::PerpetualCheck,
            EndReason::MoveLimit,
            EndReason::ImpasseDeclaration,
            EndReason::Resignation,
        ];
        match CORE.into_iter().find(|r| r.name() == name) {
            Some(r) => Ok(r),
            None => CustomEnd::named(name).map(EndReason::Custom),
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Checkmate => "checkmate",
            EndReason::NoLegalMove => "no legal move",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::MoveLimit => "move limit",
            EndReason::ImpasseDeclaration => "impasse declaration",
            EndReason::Resignation => "resignation",
            EndReason::Custom(end) => end.words,
        })
    }
}

/// How a game ended: the winner (none for a draw) and why.
///
/// ```
/// use shogi_core::{Color, EndReason, Outcome};
/// let o = Outcome::win(Color::Black, EndReason::Checkmate);
/// assert_eq!(o.score(Color::Black), 1.0);
/// assert_eq!(Outcome::draw(EndReason::Repetition).score(Color::White), 0.5);
/// assert_eq!(o.to_string(), "Black wins by checkmate");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// A win for `winner`.
    pub const fn win(winner: Color, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }

    /// A loss for `loser` (a win for the other side).
    pub const fn loss(loser: Color, reason: EndReason) -> Outcome {
        Outcome::win(loser.opponent(), reason)
    }

    /// A draw.
    pub const fn draw(reason: EndReason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }

    /// The result for `color` as a score: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn score(&self, color: Color) -> f64 {
        match self.winner {
            None => 0.5,
            Some(w) if w == color => 1.0,
            Some(_) => 0.0,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(w) => write!(f, "{w:?} wins by {}", self.reason),
            None => write!(f, "draw by {}", self.reason),
        }
    }
}

/// An end reason defined above the core: its identifier (the same in Rust,
/// Python, saved games and match reports) and its words for people.
///
/// Two ends are equal when their names are. In serde it is its name; a name
/// read back that no constant defines gets words made from the name (the
/// names read this way are kept for the life of the program, at most
/// [`CustomEnd::MAX_READ`] of them; beyond that reading fails).
///
/// ```
/// use shogi_core::{CustomEnd, EndReason, Outcome, Color};
/// const FLAG_FELL: CustomEnd = CustomEnd::new("flag_fell", "the flag falling");
/// let o = Outcome::loss(Color::Black, EndReason::Custom(FLAG_FELL));
/// assert_eq!(o.reason.name(), "flag_fell");
/// assert_eq!(o.to_string(), "White wins by the flag falling");
/// let json = serde_json::to_string(&o.reason).unwrap();
/// assert_eq!(json, r#"{"Custom":"flag_fell"}"#);
/// assert_eq!(serde_json::from_str::<EndReason>(&json).unwrap(), o.reason);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct CustomEnd {
    name: &'static str,
    words: &'static str,
}

impl CustomEnd {
    /// How many distinct unknown names deserialization keeps (see the type's docs).
    pub const MAX_READ: usize = 64;

    /// An end named `name` (an identifier: lowercase ASCII and `_`), said as `words`.
    pub const fn new(name: &'static str, words: &'static str) -> CustomEnd {
        CustomEnd { name, words }
    }

    /// The identifier.
    pub const fn name(self) -> &'static str {
        self.name
    }

    /// The words, for people.
    pub const fn words(self) -> &'static str {
        self.words
    }
}

impl PartialEq for CustomEnd {
    fn eq(&self, other: &CustomEnd) -> bool {
        self.name == other.name
    }
}

impl Eq for CustomEnd {}

impl Hash for CustomEnd {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl Serialize for CustomEnd {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name)
    }
}

/// The names deserialization has read, kept for the program's life.
static READ: Mutex<Vec<CustomEnd>> = Mutex::new(Vec::new());

impl<'de> Deserialize<'de> for CustomEnd {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CustomEnd, D::Error> {
        use serde::de::Error;
        let name = String::deserialize(deserializer)?;
        CustomEnd::named(&name).map_err(D::Error::custom)
    }
}

impl CustomEnd {
    /// The end of this name, made at run time (a name read from a saved
    /// game, or given by a script): its words are the name with `_` read as
    /// spaces. The names made this way are kept for the program's life, at
    /// most [`CustomEnd::MAX_READ`] distinct ones; the same name gives the
    /// same end.
    ///
    /// ```
    /// use shogi_core::CustomEnd;
    /// let end = CustomEnd::named("first_check").unwrap();
    /// assert_eq!((end.name(), end.words()), ("first_check", "first check"));
    /// assert!(CustomEnd::named("First check!").is_err());
    /// ```
    pub fn named(name: &str) -> Result<CustomEnd, String> {
        if name.is_empty()
            || name.len() > 40
            || !name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
        {
            return Err(format!(
                "'{}' is not an end reason's name (lowercase letters and '_', at most 40)",
                crate::Excerpt(name)
            ));
        }
        let mut read = READ.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&end) = read.iter().find(|e| e.name == name) {
            return Ok(end);
        }
        if read.len() >= CustomEnd::MAX_READ {
            return Err("too many distinct end reasons read".to_owned());
        }
        let words: &'static str = Box::leak(name.replace('_', " ").into_boxed_str());
        let end = CustomEnd::new(Box::leak(name.to_owned().into_boxed_str()), words);
        read.push(end);
        Ok(end)
    }
}
