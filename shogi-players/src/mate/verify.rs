//! Checking a mating line independently of the search that found it.

use super::exhaustive::{find_mate, MateResult};
use super::MateLimits;
use shogi_core::{Move, Position, Variant};

/// Why a line is not a forced mate.
///
/// ```
/// use shogi_players::MateLineError;
/// assert_eq!(MateLineError::Empty.to_string(), "the line has no moves");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MateLineError {
    /// No moves at all.
    #[error("the line has no moves")]
    Empty,
    /// A move that is not legal where it stands.
    #[error("move {ply} ({mv}) is not legal there")]
    Illegal {
        /// Its index in the line, from 0.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// An attacker's move that gives no check.
    #[error("move {ply} ({mv}) is the attacker's and gives no check")]
    NoCheck {
        /// Its index in the line, from 0.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// The line ends and the defender is not mated.
    #[error("the line ends but the defender is not mated")]
    NotMate,
    /// Another defence than the line's escapes mate: an independent
    /// exhaustive search proved it.
    #[error("at move {ply}, the defence {mv} escapes mate")]
    Escape {
        /// The index of the defender's move it replaces, from 0.
        ply: usize,
        /// The defence.
        mv: Move,
    },
}

/// What [`verify_mate`] checked.
///
/// ```
/// let v = shogi_players::MateVerdict { defences: 3, verified: 3 };
/// assert!(v.complete());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MateVerdict {
    /// The defender's moves off the line, over every defender turn.
    pub defences: usize,
    /// Those an independent search saw mated within the line's length.
    pub verified: usize,
}

impl MateVerdict {
    /// Whether every defence off the line was seen mated.
    pub fn complete(&self) -> bool {
        self.defences == self.verified
    }
}

/// Checks that `line` is a forced mate from `position` under `variant`:
/// every move legal, every attacker move (even index) a check, the
/// defender mated at the end; and that no other defence escapes: each is
/// searched by the exhaustive [`find_mate`] (a different search from the
/// solver's) for a mate within what the line leaves, within
/// `per_defence` nodes (a defence the budget leaves undecided is counted
/// unverified; one proved to escape is an error).
///
/// ```
/// use shogi_core::Variant;
/// use shogi_players::{verify_mate, MateLineError};
/// use shogi_variants::Standard;
/// let v = Standard::default();
/// let pos = v.position_from_sfen("9/8k/6S2/9/9/9/9/9/K8 b 2G 1")?;
/// let line: Vec<_> = ["G*1a", "1b1a", "G*2b"].iter().map(|m| m.parse().unwrap()).collect();
/// let verdict = verify_mate(&v, &pos, &line, 10_000).unwrap();
/// assert!(verdict.complete() && verdict.defences >= 1);
/// let short = &line[..2];
/// assert_eq!(verify_mate(&v, &pos, short, 10_000).unwrap_err(), MateLineError::NotMate);
/// # Ok::<(), shogi_core::PositionError>(())
/// ```
pub fn verify_mate<V: Variant>(
    variant: &V,
    position: &Position,
    line: &[Move],
    per_defence: u64,
) -> Result<MateVerdict, MateLineError> {
    if line.is_empty() {
        return Err(MateLineError::Empty);
    }
    verify_line(
        variant,
        position,
        line,
        position.side_to_move(),
        Some(per_defence),
    )
}

/// [`verify_mate`] for a line that starts with the defender's reply (a
/// problem at the defender's turn, [`MateSolver::solve_defence`](super::MateSolver::solve_defence)):
/// its defender's moves are at even indices. An empty line says the
/// defender is mated already.
///
/// ```
/// use shogi_core::Variant;
/// use shogi_players::verify_defence;
/// use shogi_variants::Standard;
/// let v = Standard::default();
/// // White is mated already: the empty line is the whole defence.
/// let pos = v.problem_from_sfen("8k/8G/8P/9/9/9/9/9/9 w - 1")?;
/// assert!(verify_defence(&v, &pos, &[], 10_000).unwrap().complete());
/// # Ok::<(), shogi_core::PositionError>(())
/// ```
pub fn verify_defence<V: Variant>(
    variant: &V,
    position: &Position,
    line: &[Move],
    per_defence: u64,
) -> Result<MateVerdict, MateLineError> {
    verify_line(
        variant,
        position,
        line,
        position.side_to_move().opponent(),
        Some(per_defence),
    )
}

/// The checks of [`verify_mate`], for `attacker`; with `per_defence`
/// `None`, the line alone (legal, checking, ending in mate), the other
/// defences unsearched.
pub(crate) fn verify_line<V: Variant>(
    variant: &V,
    position: &Position,
    line: &[Move],
    attacker: shogi_core::Color,
    per_defence: Option<u64>,
) -> Result<MateVerdict, MateLineError> {
    let mut pos = position.clone();
    let mut verdict = MateVerdict {
        defences: 0,
        verified: 0,
    };
    for (ply, &mv) in line.iter().enumerate() {
        let legal = variant.legal_moves(&pos);
        if !legal.contains(&mv) {
            return Err(MateLineError::Illegal { ply, mv });
        }
        let attacking = pos.side_to_move() == attacker;
        if let (false, Some(per_defence)) = (attacking, per_defence) {
            let left = (line.len() - ply - 1) as u32;
            for &other in legal.iter().filter(|&&m| m != mv) {
                verdict.defences += 1;
                let mut after = pos.clone();
                after.play_unchecked(other);
                let limits = MateLimits {
                    max_plies: left,
                    nodes: Some(per_defence),
                    ..MateLimits::default()
                };
                match find_mate(variant, &after, &limits) {
                    MateResult::Mate(_) => verdict.verified += 1,
                    MateResult::NoMate => return Err(MateLineError::Escape { ply, mv: other }),
                    MateResult::Timeout => {}
                }
            }
        }
        pos.play_unchecked(mv);
        if attacking && !pos.is_check() {
            return Err(MateLineError::NoCheck { ply, mv });
        }
    }
    let mated = pos.side_to_move() != attacker
        && variant.legal_moves(&pos).is_empty()
        && variant.no_move_outcome(&pos).winner == Some(attacker);
    if !mated {
        return Err(MateLineError::NotMate);
    }
    Ok(verdict)
}
