//! Mate search (tsume shogi, 詰将棋): can the side to move force checkmate
//! by giving check with every one of its moves?
//!
//! Two searches answer it, under the rules of any perfect-information
//! variant (standard, minishogi, must-capture, the definitions):
//!
//! - [`MateSolver`] (and [`solve_mate`]): a proof-number search (df-pn)
//!   with a transposition table, for problems of any length. It proves a
//!   mate or proves there is none, within a node and time budget, then
//!   shortens the mate it found until no shorter one exists
//!   ([`MateReport::shortest`]).
//! - [`find_mate`]: an exhaustive iterative-deepening search, exact and
//!   small, for short mates (mate in N).
//!
//! Both follow the rules of the game, not the composers' conventions:
//!
//! - Moves are the variant's legal moves, so a pawn drop never mates and
//!   must-capture's duty to capture binds both sides. The attacker plays
//!   only checks; the line ends when the defender, in check, has no legal
//!   move and the variant's `no_move_outcome` makes the attacker the winner.
//! - Lengths are in plies under the game's rules: every legal
//!   interposition is a defence, so a problem whose published length
//!   leaves out futile interpositions (無駄合) may read longer here. The
//!   defender plays the reply that holds out longest, the attacker the
//!   quickest mate.
//! - A position that comes back on the line searched fails for the
//!   attacker (every move of the attacker checks, so the repetition would
//!   be a perpetual check, which loses). Positions of the game before the
//!   searched one, the move limit and the entering-king declaration are
//!   not considered.
//! - "No mate" ([`MateResult::NoMate`]) is a proof: every line of checks
//!   fails, for ever. A search that runs out of budget says
//!   [`MateResult::Timeout`].
//!
//! ```
//! use shogi_core::Variant;
//! use shogi_players::{solve_mate, MateLimits, MateResult};
//! use shogi_variants::Standard;
//! let v = Standard::default();
//! // A tsume problem: Black has no king, White holds the rest of the pieces.
//! let pos = v.problem_from_sfen("3sks3/9/4S4/9/9/8B/9/9/9 b S 1")?;
//! let report = solve_mate(&v, &pos, &MateLimits::default());
//! let MateResult::Mate(line) = &report.result else { panic!("{report:?}") };
//! assert!(report.shortest && line.len() == 3);
//! # Ok::<(), shogi_core::PositionError>(())
//! ```

mod dfpn;
mod exhaustive;
mod table;
mod verify;

pub use exhaustive::{find_mate, MateResult};
pub(crate) use exhaustive::{keep_line, Value};
use verify::verify_line;
pub use verify::{verify_defence, verify_mate, MateLineError, MateVerdict};

use crate::node_budget::NodeBudget;
use dfpn::Dfpn;
use shogi_core::{Color, Move, MoveList, Position, Variant};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use table::{Known, Table, FOREVER};

/// The longest mate looked for, in plies (2048 moves of the attacker; the
/// longest composed problem is 1525 plies): the default of
/// [`MateLimits::max_plies`], and its ceiling (a larger value counts as this).
///
/// ```
/// use shogi_players::{MateLimits, MAX_MATE_PLIES};
/// assert_eq!(MateLimits::default().max_plies, MAX_MATE_PLIES);
/// assert_eq!(MAX_MATE_PLIES % 2, 1);
/// ```
pub const MAX_MATE_PLIES: u32 = 4095;

/// What may end a [`find_mate`] search before it decides.
///
/// ```
/// use std::time::Duration;
/// use shogi_players::MateLimits;
/// let limits = MateLimits { time: Some(Duration::from_millis(500)), ..MateLimits::default() };
/// assert_eq!(limits.nodes, None);
/// ```
#[derive(Clone, Debug)]
pub struct MateLimits {
    /// The longest mate looked for, in plies (attacker's and defender's
    /// moves; a mate is always an odd number of plies), at most
    /// [`MAX_MATE_PLIES`].
    pub max_plies: u32,
    /// Wall-clock time, read every 1024 nodes.
    pub time: Option<Duration>,
    /// Positions visited, at most.
    pub nodes: Option<u64>,
    /// A flag that ends the search when set (read every 1024 nodes).
    pub stop: Option<Arc<AtomicBool>>,
    /// Whether [`MateSolver`] proves its mate the
    /// shortest (after the first mate it finds, it searches for shorter
    /// ones, and makes each defender reply on the line the longest) or
    /// gives the first mate it proves, as cshogi's `DfPn` does: faster,
    /// and a mate all the same. [`find_mate`]'s mates are always the
    /// shortest.
    pub shortest: bool,
}

impl Default for MateLimits {
    /// Mates up to [`MAX_MATE_PLIES`], no other limit, the shortest.
    fn default() -> MateLimits {
        MateLimits {
            max_plies: MAX_MATE_PLIES,
            time: None,
            nodes: None,
            stop: None,
            shortest: true,
        }
    }
}

impl MateLimits {
    /// The node budget of a search under these limits, started at `start`.
    pub(crate) fn budget(&self, start: Instant) -> NodeBudget<'_> {
        NodeBudget::new(
            self.nodes.unwrap_or(u64::MAX),
            self.time.and_then(|t| start.checked_add(t)),
            self.stop.as_deref(),
        )
    }
}

/// The default size of a [`MateSolver`]'s transposition table: 64 MiB.
///
/// ```
/// assert_eq!(shogi_players::DEFAULT_MATE_TABLE_BYTES, 64 << 20);
/// ```
pub const DEFAULT_MATE_TABLE_BYTES: usize = 64 << 20;

/// What a [`MateSolver`] found, and what it cost.
///
/// ```
/// use shogi_core::Variant;
/// use shogi_players::{solve_mate, MateLimits};
/// use shogi_variants::Standard;
/// let v = Standard::default();
/// let pos = v.position_from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")?;
/// let report = solve_mate(&v, &pos, &MateLimits::default());
/// assert_eq!(report.result.mate().map(|l| l.len()), Some(1));
/// assert!(report.nodes >= 1);
/// # Ok::<(), shogi_core::PositionError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateReport {
    /// A mate and its line, a proof of no mate, or a budget run out.
    pub result: MateResult,
    /// Whether the mate's length is proved the shortest under the game's
    /// rules (the budget may run out while shortening it; then the line is
    /// a mate, possibly not the shortest). False unless a mate was found.
    pub shortest: bool,
    /// Positions searched, over every phase.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// A progress report, given to [`MateSolver::solve_with_progress`]'s
/// callback about every 1024 nodes.
///
/// ```
/// let p = shogi_players::MateProgress { nodes: 1024, elapsed: std::time::Duration::ZERO, mate_plies: None };
/// assert_eq!(p.nodes, 1024);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MateProgress {
    /// Positions searched so far.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The length of the mate found so far, while it is being shortened.
    pub mate_plies: Option<u16>,
}

/// A df-pn mate solver: its transposition table is kept from one problem
/// to the next (and forgotten at each new one), so a solver reused over
/// many problems allocates once.
///
/// ```
/// use shogi_core::Variant;
/// use shogi_players::{MateLimits, MateResult, MateSolver};
/// use shogi_variants::Minishogi;
/// let v = Minishogi::default();
/// let mut solver = MateSolver::with_table_bytes(1 << 20);
/// let pos = v.position_from_sfen("4k/5/3S1/5/K4 b G 1")?;
/// assert_eq!(solver.solve(&v, &pos, &MateLimits::default()).result.mate().map(|l| l.len()), Some(1));
/// let bare = v.position_from_sfen("4k/5/5/5/K4 b - 1")?;
/// assert_eq!(solver.solve(&v, &bare, &MateLimits::default()).result, MateResult::NoMate);
/// # Ok::<(), shogi_core::PositionError>(())
/// ```
pub struct MateSolver {
    table: Table,
}

impl Default for MateSolver {
    /// A solver with a [`DEFAULT_MATE_TABLE_BYTES`] table.
    fn default() -> MateSolver {
        MateSolver::with_table_bytes(DEFAULT_MATE_TABLE_BYTES)
    }
}

impl std::fmt::Debug for MateSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MateSolver")
            .field("table_bytes", &self.table.bytes())
            .finish()
    }
}

impl MateSolver {
    /// A solver with a default-sized table.
    ///
    /// ```
    /// let solver = shogi_players::MateSolver::new();
    /// assert!(solver.table_bytes() <= shogi_players::DEFAULT_MATE_TABLE_BYTES);
    /// ```
    pub fn new() -> MateSolver {
        MateSolver::default()
    }

    /// A solver whose table takes at most about `bytes` (rounded down to a
    /// power of two of entries; at least a few entries). The table starts
    /// at about 1 MiB and doubles while a problem needs more, so a short
    /// problem costs little whatever the most.
    ///
    /// ```
    /// let solver = shogi_players::MateSolver::with_table_bytes(1 << 20);
    /// assert!(solver.table_bytes() <= 1 << 20);
    /// ```
    pub fn with_table_bytes(bytes: usize) -> MateSolver {
        MateSolver {
            table: Table::with_bytes(bytes),
        }
    }

    /// The most the table takes, in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Solves the mate problem of `position` under `variant`'s rules within
    /// `limits`: can the side to move mate? See the [module](self).
    pub fn solve<V: Variant>(
        &mut self,
        variant: &V,
        position: &Position,
        limits: &MateLimits,
    ) -> MateReport {
        self.solve_with_progress(variant, position, limits, &mut |_| {})
    }

    /// Whether the side to move of `position`, in check, is mated by force
    /// (a problem given at the defender's turn, as some collections write
    /// the middle of a long mate): the line starts with the defender's
    /// longest reply and has an even number of moves (none if it is mated
    /// already). [`MateResult::NoMate`] means it escapes.
    ///
    /// ```
    /// use shogi_core::Variant;
    /// use shogi_players::{MateLimits, MateResult, MateSolver};
    /// use shogi_variants::Standard;
    /// let v = Standard::default();
    /// let mut solver = MateSolver::with_table_bytes(1 << 20);
    /// // The gold on 1b, guarded by the pawn, mates already: the line is empty.
    /// let mated = v.problem_from_sfen("8k/8G/8P/9/9/9/9/9/9 w - 1")?;
    /// let report = solver.solve_defence(&v, &mated, &MateLimits::default());
    /// assert_eq!(report.result.mate().map(|l| l.len()), Some(0));
    /// // Unguarded, the gold is taken: no mate.
    /// let free = v.problem_from_sfen("8k/8G/9/9/9/9/9/9/9 w - 1")?;
    /// assert_eq!(solver.solve_defence(&v, &free, &MateLimits::default()).result, MateResult::NoMate);
    /// # Ok::<(), shogi_core::PositionError>(())
    /// ```
    pub fn solve_defence<V: Variant>(
        &mut self,
        variant: &V,
        position: &Position,
        limits: &MateLimits,
    ) -> MateReport {
        self.solve_defence_with_progress(variant, position, limits, &mut |_| {})
    }

    /// [`MateSolver::solve_defence`], calling `progress` about every 1024
    /// nodes.
    ///
    /// ```
    /// use shogi_core::Variant;
    /// use shogi_players::{MateLimits, MateSolver};
    /// use shogi_variants::Standard;
    /// let v = Standard::default();
    /// let mated = v.problem_from_sfen("8k/8G/8P/9/9/9/9/9/9 w - 1")?;
    /// let mut calls = 0;
    /// let report = MateSolver::with_table_bytes(1 << 20)
    ///     .solve_defence_with_progress(&v, &mated, &MateLimits::default(), &mut |_| calls += 1);
    /// assert!(report.result.mate().is_some() && calls == 0); // decided within 1024 nodes
    /// # Ok::<(), shogi_core::PositionError>(())
    /// ```
    pub fn solve_defence_with_progress<V: Variant>(
        &mut self,
        variant: &V,
        position: &Position,
        limits: &MateLimits,
        progress: &mut dyn FnMut(MateProgress),
    ) -> MateReport {
        let attacker = position.side_to_move().opponent();
        self.run(variant, position, attacker, limits, progress)
    }

    /// [`MateSolver::solve`], calling `progress` about every 1024 nodes.
    ///
    /// ```
    /// use shogi_core::Variant;
    /// use shogi_players::{MateLimits, MateSolver};
    /// use shogi_variants::Standard;
    /// let v = Standard::default();
    /// let pos = v.position_from_sfen("4k4/9/9/9/9/9/9/9/4K4 b RB 1")?;
    /// let mut seen = 0;
    /// let limits = MateLimits { nodes: Some(5_000), ..MateLimits::default() };
    /// MateSolver::with_table_bytes(1 << 20).solve_with_progress(&v, &pos, &limits, &mut |p| seen = p.nodes);
    /// assert!(seen >= 1024);
    /// # Ok::<(), shogi_core::PositionError>(())
    /// ```
    pub fn solve_with_progress<V: Variant>(
        &mut self,
        variant: &V,
        position: &Position,
        limits: &MateLimits,
        progress: &mut dyn FnMut(MateProgress),
    ) -> MateReport {
        self.run(variant, position, position.side_to_move(), limits, progress)
    }

    /// The search, for `attacker`.
    fn run<V: Variant>(
        &mut self,
        variant: &V,
        position: &Position,
        attacker: Color,
        limits: &MateLimits,
        progress: &mut dyn FnMut(MateProgress),
    ) -> MateReport {
        let start = Instant::now();
        self.table.new_generation();
        let max_plies = limits.max_plies.min(MAX_MATE_PLIES) as u16;
        let mate_plies = std::cell::Cell::new(None);
        let mut tick = |nodes: u64| {
            progress(MateProgress {
                nodes,
                elapsed: start.elapsed(),
                mate_plies: mate_plies.get(),
            })
        };
        let mut budget = NodeBudget {
            tick: Some(&mut tick),
            ..limits.budget(start)
        };
        let mut pos = position.clone();
        let mut search = Dfpn::new(variant, &mut self.table, &mut budget, attacker);
        let (result, shortest) = match decide(&mut search, &mut pos, max_plies) {
            Known::NoMate(_, FOREVER) => (MateResult::NoMate, false),
            Known::NoMate(..) | Known::Open(..) => (MateResult::Timeout, false),
            Known::Mate(plies) => {
                mate_plies.set(Some(plies));
                let (plies, exact) = if limits.shortest {
                    shorten(&mut search, &mut pos, plies, &mate_plies)
                } else {
                    (plies, plies <= 1)
                };
                let (line, exact) = principal_variation(&mut search, &mut pos, plies, exact);
                // The line is replayed before it is given: a table that
                // lost entries on the way could leave it short.
                if verify_line(variant, position, &line, attacker, None).is_ok() {
                    (MateResult::Mate(line), exact)
                } else {
                    (MateResult::Timeout, false)
                }
            }
        };
        MateReport {
            result,
            shortest,
            nodes: budget.nodes,
            elapsed: start.elapsed(),
        }
    }
}

/// Searches `pos` for a mate within `plies`: first taking the table's
/// disproofs wherever found, then, if "no mate" rests on repetitions, by
/// checking that the defence closes ([`Dfpn::disproof_closes`]), else
/// searching again taking them only where they hold. A "no mate" returned
/// rests on nothing.
fn decide<V: Variant>(search: &mut Dfpn<'_, '_, V>, pos: &mut Position, plies: u16) -> Known {
    search.strict = false;
    let known = search.solve(pos, plies);
    if let Known::NoMate(reliance, depth) = known {
        if reliance.is_none() || (depth == FOREVER && search.disproof_closes(pos)) {
            return Known::NoMate(table::Reliance::NONE, depth);
        }
        search.strict = true;
        let known = search.solve(pos, plies);
        search.strict = false;
        return known;
    }
    known
}

/// Searches `pos` for mates shorter than `plies` until there is none (the
/// length is then exact: true) or the budget runs out (false).
fn shorten<V: Variant>(
    search: &mut Dfpn<'_, '_, V>,
    pos: &mut Position,
    mut plies: u16,
    found: &std::cell::Cell<Option<u16>>,
) -> (u16, bool) {
    search.strict = true;
    while plies >= 2 {
        match search.solve(pos, plies - 2) {
            Known::Mate(shorter) => {
                plies = shorter;
                found.set(Some(plies));
            }
            Known::NoMate(..) => return (plies, true),
            Known::Open(..) => return (plies, false),
        }
    }
    (plies, true)
}

/// The mating line of `pos`, a mate in `plies`: the attacker's quickest
/// mate, the defender's longest reply (each reply's length made exact
/// while the budget lasts). Returns the line and whether every length
/// along it was exact.
fn principal_variation<V: Variant>(
    search: &mut Dfpn<'_, '_, V>,
    pos: &mut Position,
    plies: u16,
    exact: bool,
) -> (Vec<Move>, bool) {
    let mut exact = exact;
    let mut line = Vec::new();
    let mut left = plies;
    let mut at = pos.clone();
    let mut list = MoveList::new();
    let mut retried = false;
    while left > 0 {
        let attacking = at.side_to_move() == search.attacker;
        search.moves(&at, &mut list);
        let mut pick: Option<(Move, u16)> = None;
        for &mv in &list {
            let mut child = at.clone();
            child.play_unchecked(mv);
            let Known::Mate(mut n) = search.look(&child, left - 1) else {
                continue;
            };
            if !attacking && exact && n >= 2 {
                // The defender's reply is worth its shortest mate.
                let (m, e) = shorten(search, &mut child, n, &std::cell::Cell::new(None));
                n = m;
                exact = e;
            }
            let better = match pick {
                None => true,
                Some((_, best)) => {
                    if attacking {
                        n < best
                    } else {
                        n > best
                    }
                }
            };
            if better {
                pick = Some((mv, n));
            }
        }
        if pick.is_none() && !attacking && left == 2 {
            // A check proved by its test for a mate in two plies: the table
            // has no entry below it; every reply is mated at once.
            let mut checks = MoveList::new();
            pick = list
                .iter()
                .find(|&&mv| {
                    let mut child = at.clone();
                    child.play_unchecked(mv);
                    search.mated_in_one(&mut child, &mut checks)
                })
                .map(|&mv| (mv, 1));
        }
        let Some((mv, n)) = pick else {
            // The table lost an entry on the way: search it again, once.
            if retried || !matches!(search.solve(&mut at, left), Known::Mate(_)) {
                break;
            }
            retried = true;
            continue;
        };
        retried = false;
        line.push(mv);
        at.play_unchecked(mv);
        left = n;
    }
    (line, exact)
}

/// Solves the mate problem of `position` with a fresh [`MateSolver`] (a
/// [`DEFAULT_MATE_TABLE_BYTES`] table). To solve many, keep a solver.
///
/// ```
/// use shogi_core::Variant;
/// use shogi_players::{solve_mate, MateLimits, MateResult};
/// use shogi_variants::Standard;
/// let v = Standard::default();
/// let pos = v.position_from_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1")?;
/// assert_eq!(solve_mate(&v, &pos, &MateLimits::default()).result, MateResult::NoMate);
/// # Ok::<(), shogi_core::PositionError>(())
/// ```
pub fn solve_mate<V: Variant>(variant: &V, position: &Position, limits: &MateLimits) -> MateReport {
    MateSolver::default().solve(variant, position, limits)
}
