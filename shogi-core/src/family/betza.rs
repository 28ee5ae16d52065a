//! A piece's movement as Betza notation writes it, taken apart into legs.
//!
//! The parser is being written (issue 34); this file holds the data it produces,
//! which the family's move generator compiles into tables.

/// How a leg may be used: to move to an empty square, to capture, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mode {
    /// Moves and captures (no modifier).
    Both,
    /// Moves to an empty square only (`m`).
    MoveOnly,
    /// Captures only (`c`).
    CaptureOnly,
}

/// One direction of movement, seen from the mover's side of the board.
///
/// ```
/// use shogi_core::family::betza::{Leg, Mode};
/// // A lance: forward, any distance.
/// let lance = Leg { dx: 0, dy: 1, range: 0, mode: Mode::Both, hop: false };
/// assert!(lance.is_slider());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Leg {
    /// Files toward the mover's right (positive) or left (negative).
    pub dx: i8,
    /// Ranks forward, toward the opponent (positive), or backward (negative).
    pub dy: i8,
    /// 1: one leap of `(dx, dy)`; `n > 1`: slides up to `n` steps; 0: any distance.
    pub range: u8,
    /// Whether the leg moves, captures or both.
    pub mode: Mode,
    /// `p`: the leg must jump exactly one piece (a screen) on its way.
    pub hop: bool,
}

impl Leg {
    /// Whether the leg slides (more than one step of its vector).
    pub const fn is_slider(&self) -> bool {
        self.range != 1
    }
}
