//! The exhaustive mate search: mate in N.
//!
//! [`find_mate`] runs an iterative-deepening AND/OR search: the attacker
//! (the side to move) tries only its checking moves, the defender every
//! legal reply, for mates of 1, 3, 5, … plies. It is small and exact rather
//! than fast; the proof-number [`MateSolver`](super::MateSolver) reaches
//! further. It is also the independent search [`verify_mate`](super::verify_mate) checks
//! the solver's lines with.
//!
//! - Moves are the variant's [`Variant::legal_moves`], so the pawn-drop
//!   mate is never played, and must-capture's duty to capture binds both
//!   sides.
//! - A line ends in mate when the defender, in check, has no legal move and
//!   the variant's [`Variant::no_move_outcome`] makes the attacker the
//!   winner.
//! - A position that occurs twice on the line being searched counts as a
//!   failure for the attacker (in shogi a perpetual check loses). The
//!   shortest mate never repeats a position, so no mate is lost by this,
//!   and "no mate" is still a proof. Positions of the game before the
//!   searched one, the move limit and the entering-king declaration are not
//!   considered.
//! - The mate found is the shortest; along it the defender plays the reply
//!   that holds out longest (the first in move order among equals), and the
//!   attacker the quickest mate.
//!
//! ```
//! use shogi_core::Variant;
//! use shogi_players::{find_mate, MateLimits, MateResult};
//! use shogi_variants::Standard;
//! let v = Standard::default();
//! // Black drops the gold on 5b, guarded by the pawn on 5c.
//! let pos = v.position_from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")?;
//! let MateResult::Mate(line) = find_mate(&v, &pos, &MateLimits::default()) else {
//!     panic!("a mate in one");
//! };
//! assert_eq!(line.len(), 1);
//! assert_eq!(line[0].to_string(), "G*5b");
//! // A lone king gives no check at all: proved, no mate.
//! let bare = v.position_from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1")?;
//! assert_eq!(find_mate(&v, &bare, &MateLimits::default()), MateResult::NoMate);
//! # Ok::<(), shogi_core::PositionError>(())
//! ```

use super::{MateLimits, MAX_MATE_PLIES};
use crate::node_budget::NodeBudget;
use shogi_core::{Color, Move, Position, Variant};
use std::time::Instant;

/// The answer of [`find_mate`].
///
/// ```
/// use shogi_players::MateResult;
/// let r = MateResult::Timeout;
/// assert!(r.mate().is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateResult {
    /// A forced mate: the attacker's checks and the defender's replies,
    /// ending with the attacker's mating move (an odd number of moves).
    Mate(Vec<Move>),
    /// Proved: no sequence of checks mates, of any length. Every line of
    /// checks was followed until it ran out of checks or the defender
    /// escaped.
    NoMate,
    /// A limit ([`MateLimits`]: time, nodes, length, stop flag) ran out
    /// before a mate was found or disproved.
    Timeout,
}

impl MateResult {
    /// The mating line, if a mate was found.
    ///
    /// ```
    /// use shogi_players::MateResult;
    /// assert_eq!(MateResult::NoMate.mate(), None);
    /// ```
    pub fn mate(&self) -> Option<&[Move]> {
        match self {
            MateResult::Mate(line) => Some(line),
            _ => None,
        }
    }
}

/// Searches for a forced mate by the side to move of `position`, under the
/// rules of `variant`, within `limits`. See the [mate search notes](crate::mate) for the
/// method and what it proves.
///
/// ```
/// use shogi_core::Variant;
/// use shogi_players::{find_mate, MateLimits, MateResult};
/// use shogi_variants::Minishogi;
/// let v = Minishogi::default();
/// // Minishogi: the gold drop on 1b, guarded by the silver, mates.
/// let pos = v.position_from_sfen("4k/5/3S1/5/K4 b G 1")?;
/// let line = find_mate(&v, &pos, &MateLimits::default());
/// assert_eq!(line.mate().map(|l| l.len()), Some(1));
/// # Ok::<(), shogi_core::PositionError>(())
/// ```
pub fn find_mate<V: Variant>(variant: &V, position: &Position, limits: &MateLimits) -> MateResult {
    let start = Instant::now();
    let max_plies = limits.max_plies.min(MAX_MATE_PLIES);
    let mut search = MateSearch {
        variant,
        attacker: position.side_to_move(),
        path: vec![position.hash()],
        lines: vec![Vec::new(); max_plies as usize + 2],
        budget: limits.budget(start),
    };
    let mut pos = position.clone();
    let mut plies = 1;
    while plies <= max_plies {
        match search.attack(&mut pos, plies, 0) {
            Value::Mate(_) => return MateResult::Mate(std::mem::take(&mut search.lines[0])),
            Value::NoMate => return MateResult::NoMate,
            Value::Stopped => return MateResult::Timeout,
            Value::Unknown => plies += 2,
        }
    }
    MateResult::Timeout
}

/// The value of a node for the attacker (here and in the shogi family's
/// search, `crate::family_mate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Value {
    /// Mate in exactly this many plies (the shortest).
    Mate(u32),
    /// No mate, however long.
    NoMate,
    /// No mate within the plies searched, none disproved.
    Unknown,
    /// A limit ran out.
    Stopped,
}

/// `lines[ply]` becomes `mv` followed by `lines[ply + 1]`, the line found
/// one ply deeper (`lines[ply]` is the mating line found from `ply`).
pub(crate) fn keep_line(lines: &mut [Vec<Move>], ply: usize, mv: Move) {
    let (head, tail) = lines.split_at_mut(ply + 1);
    head[ply].clear();
    head[ply].push(mv);
    head[ply].extend_from_slice(&tail[0]);
}

struct MateSearch<'a, V> {
    variant: &'a V,
    attacker: Color,
    /// Hashes of the positions from the root to the current one.
    path: Vec<u64>,
    /// `lines[ply]`: the mating line found from `ply`.
    lines: Vec<Vec<Move>>,
    budget: NodeBudget<'a>,
}

impl<V: Variant> MateSearch<'_, V> {
    /// Counts a node; false once a limit has run out.
    fn enter(&mut self) -> bool {
        self.budget.enter()
    }

    /// The line `mv` followed by the line found one ply deeper.
    fn keep_line(&mut self, ply: usize, mv: Move) {
        keep_line(&mut self.lines, ply, mv);
    }

    /// The attacker to move, with `plies` (odd) left: the shortest mate.
    fn attack(&mut self, pos: &mut Position, plies: u32, ply: usize) -> Value {
        self.lines[ply].clear();
        if !self.enter() {
            return Value::Stopped;
        }
        let mut best: Option<u32> = None;
        let mut unknown = false;
        // After a mate in n, only mates shorter than n are of interest.
        let mut budget = plies;
        for &mv in self.variant.legal_moves(pos).iter() {
            let undo = pos.play_unchecked(mv);
            let value = if !pos.is_check() {
                None
            } else if self.path.contains(&pos.hash()) {
                Some(Value::NoMate)
            } else {
                self.path.push(pos.hash());
                let v = self.defend(pos, budget - 1, ply + 1);
                self.path.pop();
                Some(v)
            };
            pos.undo(mv, undo);
            match value {
                None | Some(Value::NoMate) => {}
                Some(Value::Stopped) => return Value::Stopped,
                Some(Value::Unknown) => unknown = true,
                Some(Value::Mate(n)) => {
                    best = Some(n + 1);
                    self.keep_line(ply, mv);
                    if n + 1 < 3 {
                        break;
                    }
                    budget = n - 1;
                }
            }
        }
        match best {
            Some(n) => Value::Mate(n),
            None if unknown => Value::Unknown,
            None => Value::NoMate,
        }
    }

    /// The defender to move (in check), with `plies` (even) left: mated
    /// within them whatever it plays?
    fn defend(&mut self, pos: &mut Position, plies: u32, ply: usize) -> Value {
        self.lines[ply].clear();
        if !self.enter() {
            return Value::Stopped;
        }
        if plies == 0 {
            // Only mate itself can be seen here; the count is cheaper.
            if self.variant.count_legal_moves(pos) > 0 {
                return Value::Unknown;
            }
            return self.no_move_value(pos);
        }
        let replies = self.variant.legal_moves(pos);
        if replies.is_empty() {
            return self.no_move_value(pos);
        }
        let mut longest: Option<u32> = None;
        let mut unknown = false;
        for &mv in replies.iter() {
            let undo = pos.play_unchecked(mv);
            let value = if self.path.contains(&pos.hash()) {
                Value::NoMate
            } else {
                self.path.push(pos.hash());
                let v = self.attack(pos, plies - 1, ply + 1);
                self.path.pop();
                v
            };
            pos.undo(mv, undo);
            match value {
                // One escape refutes the check; an unknown reply still
                // leaves the others to look for one.
                Value::NoMate => return Value::NoMate,
                Value::Stopped => return Value::Stopped,
                Value::Unknown => unknown = true,
                Value::Mate(n) => {
                    if longest.is_none_or(|l| n > l) {
                        longest = Some(n);
                        self.keep_line(ply, mv);
                    }
                }
            }
        }
        match longest {
            Some(n) if !unknown => Value::Mate(n + 1),
            _ => Value::Unknown,
        }
    }

    /// The defender has no legal move: mated if the variant says the
    /// attacker wins.
    fn no_move_value(&self, pos: &Position) -> Value {
        if self.variant.no_move_outcome(pos).winner == Some(self.attacker) {
            Value::Mate(0)
        } else {
            Value::NoMate
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_variants::{Minishogi, MustCapture, Standard};
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use std::time::Duration;

    /// `line` is a forced mate of `plies` from `sfen`: legal moves, every
    /// attacker move a check, the defender checkmated at the end, and no
    /// shorter mate.
    fn assert_mate<V: Variant>(v: &V, sfen: &str, plies: usize) -> Vec<String> {
        let pos = v.position_from_sfen(sfen).unwrap();
        let result = find_mate(v, &pos, &MateLimits::default());
        let Some(line) = result.mate() else {
            panic!("{sfen}: {result:?}");
        };
        assert_eq!(line.len(), plies, "{sfen}: {line:?}");
        let mut p = pos.clone();
        for (i, &mv) in line.iter().enumerate() {
            assert!(v.legal_moves(&p).contains(&mv), "{sfen}: {mv} illegal");
            p.play_unchecked(mv);
            if i % 2 == 0 {
                assert!(p.is_check(), "{sfen}: {mv} is no check");
            }
        }
        assert!(
            p.is_check() && v.legal_moves(&p).is_empty(),
            "{sfen}: not mated"
        );
        if plies > 2 {
            let shorter = MateLimits {
                max_plies: plies as u32 - 2,
                ..MateLimits::default()
            };
            assert_eq!(find_mate(v, &pos, &shorter), MateResult::Timeout, "{sfen}");
        }
        line.iter().map(Move::to_string).collect()
    }

    #[test]
    fn mates_in_one_three_five_and_seven() {
        let v = Standard::default();
        assert_eq!(
            assert_mate(&v, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 1),
            ["G*5b"]
        );
        // The gold sacrifice on 1a, then the second gold on 2b.
        assert_eq!(
            assert_mate(&v, "9/8k/6S2/9/9/9/9/9/K8 b 2G 1", 3),
            ["G*1a", "1b1a", "G*2b"]
        );
        assert_mate(&v, "8k/9/9/7+B1/9/9/9/9/K8 b R 1", 3);
        // Two rooks: drop, promote, drop.
        assert_eq!(
            assert_mate(&v, "8k/9/9/6S2/9/9/9/9/K8 b 2R 1", 5),
            ["R*3a", "1a1b", "3a3b+", "1b1a", "R*1b"]
        );
        assert_mate(&v, "6B1k/9/9/6G2/9/9/9/9/K8 b S 1", 5);
        assert_mate(&v, "6B1k/9/7g1/9/9/9/9/9/K8 b RS 1", 7);
    }

    #[test]
    fn minishogi_mates() {
        let v = Minishogi::default();
        assert_eq!(
            assert_mate(&v, "4k/5/1+B3/5/K4 b R 1", 3),
            ["4c3c", "1a1b", "R*1a"]
        );
        assert_mate(&v, "4k/2S2/5/5/K4 b R 1", 5);
        assert_mate(&v, "5/1Sk2/4B/5/K4 b R 1", 7);
    }

    #[test]
    fn must_capture_mates_under_its_own_rules() {
        let v = MustCapture::default();
        assert_mate(&v, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 1);
        assert_mate(&v, "8k/9/9/6S2/9/9/9/9/K8 b 2R 1", 5);
    }

    #[test]
    fn no_check_at_all_is_no_mate() {
        let v = Standard::default();
        let start = v.start_position();
        assert_eq!(
            find_mate(&v, &start, &MateLimits::default()),
            MateResult::NoMate
        );
    }

    #[test]
    fn checks_that_run_out_are_no_mate() {
        let v = Standard::default();
        for sfen in [
            // P*5b is taken.
            "4k4/9/9/9/9/9/9/9/4K4 b P 1",
            // A lone gold: every check is taken or walked away from.
            "4k4/9/9/9/9/9/9/9/4K4 b G 1",
        ] {
            let pos = v.position_from_sfen(sfen).unwrap();
            assert_eq!(
                find_mate(&v, &pos, &MateLimits::default()),
                MateResult::NoMate,
                "{sfen}"
            );
        }
    }

    #[test]
    fn the_pawn_drop_mate_is_no_mate() {
        // P*1b would mate (the gold guards 1b and 2b; the knight blocks
        // 2a), but a pawn drop may not mate, and nothing else does.
        let v = Standard::default();
        let pos = v
            .position_from_sfen("7nk/9/7G1/9/9/9/9/9/K8 b P 1")
            .unwrap();
        assert_eq!(
            find_mate(&v, &pos, &MateLimits::default()),
            MateResult::NoMate
        );
    }

    #[test]
    fn a_perpetual_check_is_no_mate() {
        // The rook can check for ever, but only by repeating positions.
        let v = Minishogi::default();
        let pos = v.position_from_sfen("2R2/4k/5/5/K4 b - 1").unwrap();
        assert_eq!(
            find_mate(&v, &pos, &MateLimits::default()),
            MateResult::NoMate
        );
    }

    #[test]
    fn limits_end_the_search_undecided() {
        let v = Standard::default();
        // Rook and bishop in hand give checks for a long time.
        let pos = v
            .position_from_sfen("4k4/9/9/9/9/9/9/9/4K4 b RB 1")
            .unwrap();
        let by_nodes = MateLimits {
            nodes: Some(5_000),
            ..MateLimits::default()
        };
        assert_eq!(find_mate(&v, &pos, &by_nodes), MateResult::Timeout);
        let start = Instant::now();
        let by_time = MateLimits {
            time: Some(Duration::from_millis(50)),
            ..MateLimits::default()
        };
        assert_eq!(find_mate(&v, &pos, &by_time), MateResult::Timeout);
        assert!(start.elapsed() < Duration::from_secs(5));
        let by_flag = MateLimits {
            stop: Some(Arc::new(AtomicBool::new(true))),
            ..MateLimits::default()
        };
        assert_eq!(find_mate(&v, &pos, &by_flag), MateResult::Timeout);
        // A mate longer than allowed is not found either.
        let pos = v
            .position_from_sfen("8k/9/9/6S2/9/9/9/9/K8 b 2R 1")
            .unwrap();
        let short = MateLimits {
            max_plies: 3,
            ..MateLimits::default()
        };
        assert_eq!(find_mate(&v, &pos, &short), MateResult::Timeout);
        let none = MateLimits {
            max_plies: 0,
            ..MateLimits::default()
        };
        assert_eq!(find_mate(&v, &pos, &none), MateResult::Timeout);
        let huge = MateLimits {
            max_plies: u32::MAX,
            ..MateLimits::default()
        };
        assert_eq!(
            find_mate(&v, &pos, &huge).mate().map(<[Move]>::len),
            Some(5)
        );
    }

    #[test]
    fn an_attacker_in_check_must_answer_it() {
        // G*5b would mate, but the rook on 1i checks Black's king: no
        // legal move of Black gives check, so there is no mate.
        let v = Standard::default();
        let pos = v
            .position_from_sfen("4k4/9/4P4/9/9/9/9/9/4K3r b G 1")
            .unwrap();
        assert!(pos.is_check());
        assert_eq!(
            find_mate(&v, &pos, &MateLimits::default()),
            MateResult::NoMate
        );
    }
}
