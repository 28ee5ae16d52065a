//! Sennichite (千日手, repetition) and perpetual check.
//!
//! RULES.md 1: "The same position (board, hands, side to move) for the 4th
//! time ends the game: a draw, except that if every move of one side in the
//! repeated cycle gave check, that side loses (perpetual check)." and
//! "Repetition is counted over positions after each move, the starting
//! position included; the game ends when one position occurs for the 4th
//! time. Perpetual check: every move of one side from the 1st to the 4th
//! occurrence gave check; if both sides checked throughout, it is a plain
//! repetition."
//!
//! This file decides *that* a repetition happened and *who checked
//! throughout*; what it means (a draw, a loss for the checker, minishogi's
//! loss for the first player) is each variant's
//! [`Variant::repetition_outcome`](crate::Variant::repetition_outcome).

use crate::Color;

/// How many occurrences of one position end the game.
pub const OCCURRENCES: usize = 4;

/// What the repetition rule needs to know about a fourfold repetition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// The side that made the first move of the game (the side to move in its start position).
    pub first_player: Color,
    /// The side every one of whose moves in the cycle gave check, if exactly one did.
    pub perpetual_checker: Option<Color>,
}

impl Repetition {
    /// The repetition of a cycle of moves, given for each move from the first
    /// occurrence to the fourth who made it and whether it gave check: the
    /// perpetual checker is the one side that moved and checked every time.
    ///
    /// ```
    /// use shogi_core::{Color, Repetition};
    /// let cycle = [(Color::Black, true), (Color::White, false), (Color::Black, true), (Color::White, false)];
    /// let r = Repetition::of_cycle(Color::Black, cycle);
    /// assert_eq!(r.perpetual_checker, Some(Color::Black));
    /// let both = [(Color::Black, true), (Color::White, true)];
    /// assert_eq!(Repetition::of_cycle(Color::Black, both).perpetual_checker, None);
    /// ```
    pub fn of_cycle(
        first_player: Color,
        moves: impl IntoIterator<Item = (Color, bool)>,
    ) -> Repetition {
        let mut checked_throughout = [true, true];
        let mut moved = [false, false];
        for (mover, gave_check) in moves {
            moved[mover.index()] = true;
            if !gave_check {
                checked_throughout[mover.index()] = false;
            }
        }
        let checker = |c: Color| moved[c.index()] && checked_throughout[c.index()];
        let perpetual_checker = match (checker(Color::Black), checker(Color::White)) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        };
        Repetition {
            first_player,
            perpetual_checker,
        }
    }
}

/// The repetition, if the position reached by the game's last move has now
/// occurred [`OCCURRENCES`] times.
///
/// `occurrences` are the indices of the current position's occurrences in
/// the game's list of positions (0 the start, `i` the position after move
/// `i − 1`), latest first; `gave_check(i)` says whether the move that led to
/// position `i` gave check; `first_player` is the start position's side to
/// move (sides alternate from it).
///
/// ```
/// use shogi_core::rules::sennichite::repetition;
/// use shogi_core::Color;
/// // Positions 0, 4, 8, 12 are equal; only Black's moves (to 1, 3, ...) gave check.
/// let rep = repetition(Color::Black, [12, 8, 4, 0].into_iter(), |i| i % 2 == 1).unwrap();
/// assert_eq!(rep.perpetual_checker, Some(Color::Black));
/// assert!(repetition(Color::Black, [8, 4, 0].into_iter(), |_| false).is_none());
/// ```
pub fn repetition(
    first_player: Color,
    occurrences: impl Iterator<Item = usize>,
    gave_check: impl Fn(usize) -> bool,
) -> Option<Repetition> {
    repetition_of(OCCURRENCES, first_player, occurrences, gave_check)
}

/// [`repetition`] for a rule that ends the game at `count` occurrences
/// instead of [`OCCURRENCES`] (a variant's own count: yari shogi's 3);
/// `None` for a count below 2.
///
/// ```
/// use shogi_core::rules::sennichite::repetition_of;
/// use shogi_core::Color;
/// assert!(repetition_of(3, Color::Black, [8, 4, 0].into_iter(), |_| false).is_some());
/// assert!(repetition_of(3, Color::Black, [4, 0].into_iter(), |_| false).is_none());
/// ```
pub fn repetition_of(
    count: usize,
    first_player: Color,
    mut occurrences: impl Iterator<Item = usize>,
    gave_check: impl Fn(usize) -> bool,
) -> Option<Repetition> {
    let now = occurrences.next()?;
    // The count-th latest occurrence is the first of the cycle.
    let first = occurrences.nth(count.checked_sub(2)?)?;
    // Position i (i ≥ 1) follows move i − 1, made by the side to move in
    // position i − 1; sides alternate from the start position's.
    let mover = |i: usize| {
        if (i - 1) % 2 == 0 {
            first_player
        } else {
            first_player.opponent()
        }
    };
    Some(Repetition::of_cycle(
        first_player,
        (first + 1..=now).map(|i| (mover(i), gave_check(i))),
    ))
}
