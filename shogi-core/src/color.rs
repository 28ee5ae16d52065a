//! The two players.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Not;

/// One of the two players. Black (*sente*) moves first in every variant.
///
/// ```
/// use shogi_core::Color;
/// assert_eq!(!Color::Black, Color::White);
/// assert_eq!(Color::White.to_string(), "w");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Color {
    /// Sente, the first player; its pieces start on ranks g–i and move toward rank a.
    Black,
    /// Gote, the second player; its pieces start on ranks a–c and move toward the last rank.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// 0 for Black, 1 for White: an index into per-colour tables.
    ///
    /// ```
    /// assert_eq!(shogi_core::Color::White.index(), 1);
    /// ```
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other colour.
    ///
    /// ```
    /// assert_eq!(shogi_core::Color::Black.opponent(), shogi_core::Color::White);
    /// ```
    #[inline(always)]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The colour as a lowercase word, as saved games and announcements'
    /// texts write it: `"black"` or `"white"`.
    ///
    /// ```
    /// use shogi_core::Color;
    /// assert_eq!(Color::White.name(), "white");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// The SFEN letter of the side to move: `b` or `w`.
    ///
    /// ```
    /// assert_eq!(shogi_core::Color::Black.sfen_char(), 'b');
    /// ```
    pub const fn sfen_char(self) -> char {
        match self {
            Color::Black => 'b',
            Color::White => 'w',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.opponent()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.sfen_char())
    }
}
