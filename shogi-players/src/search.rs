//! An alpha-beta search player for the perfect-information games (standard
//! shogi, minishogi, must-capture over either board).
//!
//! Negamax with principal-variation search, iterative deepening, a
//! transposition table keyed by [`Position::hash`], move ordering (table
//! move, captures by MVV-LVA, promotions, killer moves, history), late-move
//! reductions, a check extension, and a bounded quiescence search over
//! captures. The static evaluation is [`evaluate`].
//!
//! The variant's rules are followed inside the tree: moves come from the
//! variant's [`Variant::legal_moves`] (so must-capture's duty applies at
//! every node, and its forced captures are searched without "standing pat"
//! in the quiescence search), a node without moves scores the variant's
//! [`Variant::no_move_outcome`] (minishogi's and must-capture's stalemate
//! settings included), and a position that repeats one earlier in the game
//! or the search path scores the variant's [`Variant::repetition_outcome`]
//! (perpetual check included) as if the repetition went on to the fourth
//! occurrence. The move limit is not seen by the search, nor is the
//! entering-king declaration.
//!
//! ```
//! use shogi_core::Game;
//! use shogi_players::{Budget, Observation, Player, SearchPlayer};
//! use shogi_variants::{AnyVariant, Minishogi};
//! let game = Game::new(AnyVariant::Minishogi(Minishogi::default()));
//! let mut player = SearchPlayer::new(Budget::Depth(3));
//! let mv = player.choose(Observation::board(&game)).unwrap();
//! assert!(game.legal_moves().contains(&mv));
//! ```

use super::eval::{evaluate, is_mate_score, DRAW_SCORE, MATE_BOUND, MATE_SCORE, PIECE_VALUES};
use super::{Observation, Player, Seen};
use crate::mate::{MateLimits, MateResult, MateSolver};
use crate::node_budget::NodeBudget;
use shogi_core::rng::SplitMix;
use shogi_core::{
    Color, Game, Move, MoveList, Outcome, Position, Repetition, Variant, MOVE_LIST_CAPACITY,
};
use shogi_variants::AnyVariant;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The deepest iteration the search starts (and the longest line it follows).
///
/// ```
/// assert!(shogi_players::MAX_SEARCH_DEPTH >= 32);
/// ```
pub const MAX_SEARCH_DEPTH: u32 = 64;

/// The score of a repetition that the variant's rules decide (minishogi's
/// first-player-loses rule, perpetual check), before the distance from the
/// root is subtracted: decisive but below the mate scores, since the search
/// sees the second occurrence, not the fourth.
///
/// ```
/// use shogi_players::{eval::MATE_BOUND, REPETITION_WIN};
/// assert!(REPETITION_WIN < MATE_BOUND);
/// ```
pub const REPETITION_WIN: i32 = 20_000;

/// Plies the search may go past the nominal depth (extensions, quiescence).
const MAX_PLY: usize = MAX_SEARCH_DEPTH as usize + 32;
/// Quiescence plies beyond the horizon.
const QS_MAX_PLIES: u32 = 8;
const INFINITY: i32 = MATE_SCORE + 1;
/// Default transposition table size: 2^18 entries of 16 bytes (4 MiB).
const DEFAULT_TT_ENTRIES: usize = 1 << 18;

/// A question a search asks every 1024 nodes, with the stop flag: `true`
/// stops it (the search then returns the best move found so far). The
/// Python binding's answers Ctrl-C through it.
pub type StopCheck = Arc<dyn Fn() -> bool + Send + Sync>;

/// A [`StopCheck`] held by a player (a closure has no `Debug`).
#[derive(Clone)]
struct CheckHook(StopCheck);

impl std::fmt::Debug for CheckHook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StopCheck")
    }
}

/// How much a search may do.
///
/// ```
/// use std::time::Duration;
/// use shogi_players::Budget;
/// let budgets = [Budget::Depth(4), Budget::Nodes(20_000), Budget::Time(Duration::from_millis(50))];
/// assert_eq!(budgets[1], Budget::Nodes(20_000));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Complete iterations up to this depth in plies (at least 1), however
    /// long it takes.
    Depth(u32),
    /// Stop once this many nodes (interior and quiescence) are searched;
    /// never more.
    Nodes(u64),
    /// Stop after this much wall-clock time (read every 1024 nodes); an
    /// iteration is not started after half of it is spent.
    Time(Duration),
}

/// The result of [`SearchPlayer::search`]: the move, its score, how deep
/// the last completed iteration went, the work done and the expected line.
///
/// ```
/// use shogi_core::Game;
/// use shogi_players::{Budget, SearchPlayer};
/// use shogi_variants::{AnyVariant, Minishogi};
/// let game = Game::new(AnyVariant::Minishogi(Minishogi::default()));
/// let result = SearchPlayer::new(Budget::Depth(2)).search(&game);
/// assert_eq!(result.depth, 2);
/// assert_eq!(result.pv.first().copied(), result.best);
/// assert!(result.nodes > 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The chosen move, `None` if the game is over (or offers no move).
    pub best: Option<Move>,
    /// Its score for the side to move in centipawns; a mate in `n` plies
    /// is `MATE_SCORE - n` (negative when being mated; see
    /// [`eval::MATE_SCORE`](super::eval::MATE_SCORE)).
    pub score: i32,
    /// The depth of the last completed iteration (0 if none completed).
    pub depth: u32,
    /// Nodes searched (interior and quiescence), all iterations.
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

impl SearchResult {
    /// The number of plies to mate if the score is a mate score: positive
    /// when the side to move mates, negative when it is mated.
    ///
    /// ```
    /// use shogi_players::SearchResult;
    /// use shogi_players::eval::MATE_SCORE;
    /// let r = SearchResult { best: None, score: MATE_SCORE - 3, depth: 3, nodes: 1, pv: vec![] };
    /// assert_eq!(r.mate_in(), Some(3));
    /// let r = SearchResult { score: 120, ..r };
    /// assert_eq!(r.mate_in(), None);
    /// ```
    pub fn mate_in(&self) -> Option<i32> {
        if !is_mate_score(self.score) {
            None
        } else if self.score > 0 {
            Some(MATE_SCORE - self.score)
        } else {
            Some(-(MATE_SCORE + self.score))
        }
    }
}

const BOUND_EXACT: u8 = 1;
const BOUND_LOWER: u8 = 2;
const BOUND_UPPER: u8 = 3;

/// One transposition table slot.
#[derive(Clone, Copy, Debug, Default)]
struct TtEntry {
    key: u64,
    /// The best move's [`Move::to_u16`], or `u16::MAX` for none.
    mv: u16,
    score: i16,
    depth: u8,
    /// 0: empty slot.
    bound: u8,
    generation: u8,
}

/// A search player: alpha-beta with iterative deepening under a [`Budget`].
///
/// It always plays one of the observation's choices. For [`Seen::Board`] it
/// searches the game (the root restricted to the choices when a game built
/// over this one allows fewer). For [`Seen::Card`] it searches the card
/// game's position with the root restricted to the card's allowed moves (the
/// tree below ignores future cards: every reply is considered). For
/// [`Seen::Position`] (a game whose rules it does not know) it picks the
/// choice the evaluation likes best one ply deep. For [`Seen::Tsuitate`],
/// where the position is hidden, it plays the first candidate move.
///
/// Deterministic by default: the same calls on a new player give the same
/// moves (the transposition table, killer moves and history persist between
/// calls until [`Player::new_game`]). With a [`Budget::Time`] the result
/// depends on the machine's speed. [`SearchPlayer::with_seed`] shuffles the
/// root moves before ordering, which breaks ties between equal moves
/// differently per seed.
///
/// ```
/// use shogi_core::{Game, Variant};
/// use shogi_players::{Budget, SearchPlayer};
/// use shogi_variants::{AnyVariant, Standard};
/// // Black to move mates with G*5b.
/// let v = AnyVariant::Standard(Standard::default());
/// let game = Game::from_sfen(v, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
/// let result = SearchPlayer::new(Budget::Depth(3)).search(&game);
/// assert_eq!(result.best.unwrap().to_string(), "G*5b");
/// assert_eq!(result.mate_in(), Some(1));
/// ```
#[derive(Debug)]
pub struct SearchPlayer {
    budget: Budget,
    seed: Option<u64>,
    tt: Vec<TtEntry>,
    generation: u8,
    killers: Vec<[Option<Move>; 2]>,
    /// `[colour][origin (square, or 81 + drop kind)][destination]`.
    history: Vec<i32>,
    stop: Option<Arc<AtomicBool>>,
    check: Option<CheckHook>,
    /// The mate search run before and after the alpha-beta search.
    mate: MateSolver,
    /// Whether the mate search runs.
    mate_search: bool,
}

/// The share of a node or time budget given to mate search (one part in
/// this many): first a mate for the side to move, then, for the move
/// chosen, a mate for the opponent.
const MATE_SHARE: u64 = 8;

/// Mate-search nodes per ply of a [`Budget::Depth`].
const MATE_NODES_PER_PLY: u64 = 1_000;

/// The most root moves tried in turn when the chosen one lets the opponent
/// mate.
const MATE_DEFENCES: usize = 8;

impl SearchPlayer {
    /// A search player with this budget and a 4 MiB transposition table.
    ///
    /// ```
    /// use shogi_players::{Budget, Player, SearchPlayer};
    /// let p = SearchPlayer::new(Budget::Nodes(20_000));
    /// assert_eq!(p.budget(), Budget::Nodes(20_000));
    /// assert_eq!(p.name(), "search(nodes 20000)");
    /// ```
    pub fn new(budget: Budget) -> SearchPlayer {
        SearchPlayer {
            budget,
            seed: None,
            tt: vec![TtEntry::default(); DEFAULT_TT_ENTRIES],
            generation: 0,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * 88 * 81],
            stop: None,
            check: None,
            mate: MateSolver::with_table_bytes(4 << 20),
            mate_search: true,
        }
    }

    /// The same player with the mate search on (the default) or off. On,
    /// each search first looks for a forced mate by checks with the mate
    /// solver ([`MateSolver`], df-pn), an eighth of a node or time budget
    /// (1,000 nodes a ply of a depth budget): its mate is played unless the
    /// alpha-beta search finds a shorter one. Then, unless the move chosen
    /// mates, it checks with another eighth that the opponent cannot force
    /// mate by checks after it, and if it can, plays the best-ordered of
    /// the next 8 moves after which no mate is found. Off, the player is
    /// the plain alpha-beta search.
    ///
    /// ```
    /// use shogi_core::Game;
    /// use shogi_players::{Budget, SearchPlayer};
    /// use shogi_variants::{AnyVariant, Standard};
    /// // A mate in 13 by checks: beyond a depth-3 alpha-beta search.
    /// let game = Game::from_sfen(AnyVariant::Standard(Standard::default()),
    ///     "6k2/9/9/8R/9/9/9/9/4K4 b GR 1").unwrap();
    /// let r = SearchPlayer::new(Budget::Depth(3)).search(&game);
    /// assert!(r.mate_in().is_some_and(|n| n > 0));
    /// let plain = SearchPlayer::new(Budget::Depth(3)).with_mate_search(false).search(&game);
    /// assert!(plain.mate_in().is_none_or(|n| n > 0));
    /// ```
    pub fn with_mate_search(mut self, on: bool) -> SearchPlayer {
        self.mate_search = on;
        self
    }

    /// The same player with seeded tie-breaking: the root moves are shuffled
    /// by the seed before ordering, so equal moves are chosen differently per
    /// seed (and identically for the same seed).
    ///
    /// ```
    /// use shogi_players::{Budget, SearchPlayer};
    /// let p = SearchPlayer::new(Budget::Depth(2)).with_seed(7);
    /// assert_eq!(p.seed(), Some(7));
    /// ```
    pub fn with_seed(mut self, seed: u64) -> SearchPlayer {
        self.seed = Some(seed);
        self
    }

    /// The same player with a transposition table of about `mebibytes` MiB
    /// (rounded down to a power of two entries, at least 1024 entries).
    ///
    /// ```
    /// use shogi_players::{Budget, SearchPlayer};
    /// let p = SearchPlayer::new(Budget::Depth(2)).with_hash_mb(16);
    /// assert_eq!(p.hash_entries(), 1 << 20);
    /// ```
    pub fn with_hash_mb(mut self, mebibytes: usize) -> SearchPlayer {
        let wanted = mebibytes.saturating_mul(1 << 20) / std::mem::size_of::<TtEntry>();
        let mut entries = 1024usize;
        while entries.saturating_mul(2) <= wanted && entries < (1 << 30) {
            entries *= 2;
        }
        self.tt = vec![TtEntry::default(); entries];
        self
    }

    /// The number of transposition table entries.
    ///
    /// ```
    /// use shogi_players::{Budget, SearchPlayer};
    /// assert!(SearchPlayer::new(Budget::Depth(1)).hash_entries().is_power_of_two());
    /// ```
    pub fn hash_entries(&self) -> usize {
        self.tt.len()
    }

    /// The budget of each search.
    ///
    /// ```
    /// use shogi_players::{Budget, SearchPlayer};
    /// assert_eq!(SearchPlayer::new(Budget::Depth(3)).budget(), Budget::Depth(3));
    /// ```
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Changes the budget of the following searches.
    ///
    /// ```
    /// use shogi_players::{Budget, SearchPlayer};
    /// let mut p = SearchPlayer::new(Budget::Depth(3));
    /// p.set_budget(Budget::Nodes(500));
    /// assert_eq!(p.budget(), Budget::Nodes(500));
    /// ```
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The tie-breaking seed, if any.
    ///
    /// ```
    /// use shogi_players::{Budget, SearchPlayer};
    /// assert_eq!(SearchPlayer::new(Budget::Depth(3)).seed(), None);
    /// ```
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// A flag that stops the searches when set (read every 1024 nodes): the
    /// search returns the best move found so far. The flag is never cleared
    /// by the player; set a fresh one (or clear it) before the next search.
    ///
    /// ```
    /// use std::sync::{Arc, atomic::AtomicBool};
    /// use shogi_core::Game;
    /// use shogi_players::{Budget, SearchPlayer};
    /// use shogi_variants::{AnyVariant, Minishogi};
    /// let game = Game::new(AnyVariant::Minishogi(Minishogi::default()));
    /// let mut p = SearchPlayer::new(Budget::Depth(60));
    /// p.set_stop_flag(Some(Arc::new(AtomicBool::new(true)))); // stopped at once
    /// let r = p.search(&game);
    /// assert!(game.legal_moves().contains(&r.best.unwrap()));
    /// ```
    pub fn set_stop_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.stop = flag;
    }

    /// A question asked with the stop flag (every 1024 nodes): once it
    /// answers `true` the search stops and returns the best move found so
    /// far. Unlike the flag it can poll something else (the Python binding
    /// checks for Ctrl-C in it); `None` removes it.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use shogi_core::Game;
    /// use shogi_players::{Budget, SearchPlayer};
    /// use shogi_variants::{AnyVariant, Minishogi};
    /// let game = Game::new(AnyVariant::Minishogi(Minishogi::default()));
    /// let mut p = SearchPlayer::new(Budget::Depth(60));
    /// p.set_stop_check(Some(Arc::new(|| true))); // stops at the first question
    /// let r = p.search(&game);
    /// assert!(r.nodes < 2048);
    /// assert!(game.legal_moves().contains(&r.best.unwrap()));
    /// ```
    pub fn set_stop_check(&mut self, check: Option<StopCheck>) {
        self.check = check.map(CheckHook);
    }

    /// Forgets the transposition table, killer moves and history.
    ///
    /// ```
    /// use shogi_players::{Budget, SearchPlayer};
    /// let mut p = SearchPlayer::new(Budget::Depth(1));
    /// p.clear();
    /// ```
    pub fn clear(&mut self) {
        self.tt.fill(TtEntry::default());
        self.generation = 0;
        self.killers.fill([None; 2]);
        self.history.fill(0);
    }

    /// Searches the game's current position under the budget.
    ///
    /// ```
    /// use shogi_core::Game;
    /// use shogi_players::{Budget, SearchPlayer};
    /// use shogi_variants::{AnyVariant, Minishogi};
    /// let game = Game::new(AnyVariant::Minishogi(Minishogi::default()));
    /// let r = SearchPlayer::new(Budget::Nodes(5_000)).search(&game);
    /// assert!(r.nodes <= 5_000);
    /// assert!(game.legal_moves().contains(&r.best.unwrap()));
    /// ```
    pub fn search(&mut self, game: &Game<AnyVariant>) -> SearchResult {
        self.search_with_info(game, |_| {})
    }

    /// Like [`SearchPlayer::search`], calling `info` after each completed
    /// iteration with the result so far (for a USI engine's `info` lines).
    ///
    /// ```
    /// use shogi_core::Game;
    /// use shogi_players::{Budget, SearchPlayer};
    /// use shogi_variants::{AnyVariant, Minishogi};
    /// let game = Game::new(AnyVariant::Minishogi(Minishogi::default()));
    /// let mut depths = Vec::new();
    /// SearchPlayer::new(Budget::Depth(3)).search_with_info(&game, |r| depths.push(r.depth));
    /// assert_eq!(depths, [1, 2, 3]);
    /// ```
    pub fn search_with_info(
        &mut self,
        game: &Game<AnyVariant>,
        info: impl FnMut(&SearchResult),
    ) -> SearchResult {
        let moves = game.legal_moves();
        self.search_root(game, &moves, info)
    }

    /// Searches the game's current position considering only `moves` at the
    /// root (for instance the moves a drawn card allows); moves that are not
    /// legal are ignored. Replies below the root are unrestricted.
    ///
    /// ```
    /// use shogi_core::{Game, Move};
    /// use shogi_players::{Budget, SearchPlayer};
    /// use shogi_variants::{AnyVariant, Minishogi};
    /// let game = Game::new(AnyVariant::Minishogi(Minishogi::default()));
    /// let only: Move = "5e4d".parse().unwrap();
    /// let r = SearchPlayer::new(Budget::Depth(2)).search_among(&game, &[only]);
    /// assert_eq!(r.best, Some(only));
    /// ```
    pub fn search_among(&mut self, game: &Game<AnyVariant>, moves: &[Move]) -> SearchResult {
        let legal = game.legal_moves();
        let root: MoveList = legal
            .iter()
            .copied()
            .filter(|m| moves.contains(m))
            .collect();
        self.search_root(game, &root, |_| {})
    }

    /// Searches the root: the mate probe, then iterative deepening under
    /// the budget's limits, then a mate by checks the deepening missed is
    /// preferred and a move into a mate avoided.
    fn search_root(
        &mut self,
        game: &Game<AnyVariant>,
        root_moves: &MoveList,
        mut info: impl FnMut(&SearchResult),
    ) -> SearchResult {
        let start = Instant::now();
        self.generation = self.generation.wrapping_add(1);
        let variant = game.variant();
        let mut pos = game.position().clone();
        if root_moves.is_empty() {
            let score = match game.outcome() {
                Some(o) => outcome_score(o, pos.side_to_move(), 0),
                None => DRAW_SCORE,
            };
            return SearchResult {
                best: None,
                score,
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
            };
        }

        // The game's positions so far, for repetitions.
        let mut path = Vec::with_capacity(game.moves().len() + MAX_PLY + 2);
        let mut replay = game.start_position().clone();
        path.push((replay.hash(), replay.is_check()));
        for &mv in game.moves() {
            replay.play_unchecked(mv);
            path.push((replay.hash(), replay.is_check()));
        }
        let capture_duty = match variant {
            AnyVariant::MustCapture(mc) => Some(!mc.settings().may_flee_from_check),
            _ => None,
        };

        let full_root = self.mate_search && root_moves.len() == variant.count_legal_moves(&pos);
        let (mate_nodes, checks_mate) = match full_root {
            true => self.probe_mate(variant, &pos, root_moves, start),
            false => (0, None),
        };
        let (max_depth, node_limit, time_limit) = self.root_limits(full_root, mate_nodes);

        let mut root: Vec<(Move, i64)> = root_moves.iter().map(|&m| (m, 0)).collect();
        if let Some(seed) = self.seed {
            let mut rng = SplitMix(seed ^ pos.hash());
            for i in (1..root.len()).rev() {
                let j = rng.below(i + 1);
                root.swap(i, j);
            }
        }

        let mut s = Search {
            variant,
            capture_duty,
            first_player: game.start_position().side_to_move(),
            path,
            tt: &mut self.tt,
            generation: self.generation,
            killers: &mut self.killers,
            history: &mut self.history,
            budget: NodeBudget {
                check: self.check.as_ref().map(|c| &*c.0),
                ..NodeBudget::new(
                    node_limit,
                    time_limit.and_then(|t| start.checked_add(t)),
                    self.stop.as_deref(),
                )
            },
            pv: vec![Vec::new(); MAX_PLY + 2],
        };
        let mut result = s.deepen(&mut pos, &mut root, max_depth, time_limit, start, &mut info);
        result.nodes = s.budget.nodes + mate_nodes;
        if let Some(line) = checks_mate {
            let plies = line.len() as i32;
            if result.mate_in().is_none_or(|n| n <= 0 || n > plies) {
                result.best = line.first().copied();
                result.score = MATE_SCORE - plies;
                result.pv = line;
                info(&result);
            }
        }
        let flagged = self
            .stop
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed));
        if full_root && !flagged {
            let order: Vec<Move> = root.iter().map(|&(m, _)| m).collect();
            self.avoid_mate(variant, &pos, &order, &mut result, start);
        }
        result
    }

    /// The mate probe, on a full root: a forced mate by checks, however
    /// long, is looked for first by the mate solver (the alpha-beta search
    /// may still find a shorter mate, one that starts with a quiet move, or
    /// none within its depth). The nodes it took, and its mate if that
    /// starts with a root move.
    fn probe_mate(
        &mut self,
        variant: &AnyVariant,
        pos: &Position,
        root_moves: &MoveList,
        start: Instant,
    ) -> (u64, Option<Vec<Move>>) {
        let limits = self.mate_limits(start, MATE_SHARE as u32, 1);
        let report = self.mate.solve(variant, pos, &limits);
        let line = match report.result {
            MateResult::Mate(line) if line.first().is_some_and(|m| root_moves.contains(m)) => {
                Some(line)
            }
            _ => None,
        };
        (report.nodes, line)
    }

    /// The time control of the alpha-beta search: its deepest iteration,
    /// its node limit (less the `mate_nodes` the probe took, and a share
    /// kept for the mate check after it) and its time limit (a quarter kept
    /// for the mate searches, when they run: `full_root`).
    fn root_limits(&self, full_root: bool, mate_nodes: u64) -> (u32, u64, Option<Duration>) {
        let (max_depth, node_limit, time_limit) = match self.budget {
            Budget::Depth(d) => (d.clamp(1, MAX_SEARCH_DEPTH), u64::MAX, None),
            Budget::Nodes(n) => (MAX_SEARCH_DEPTH, n, None),
            Budget::Time(t) if full_root => (MAX_SEARCH_DEPTH, u64::MAX, Some(t - t / 4)),
            Budget::Time(t) => (MAX_SEARCH_DEPTH, u64::MAX, Some(t)),
        };
        let reserved = match self.budget {
            Budget::Nodes(n) if full_root => n / MATE_SHARE,
            _ => 0,
        };
        let node_limit = node_limit.saturating_sub(mate_nodes + reserved);
        (max_depth, node_limit, time_limit)
    }

    /// The mate search's limits for one call: a share of the budget (of a
    /// node or depth budget, an eighth divided by `checks`), and the
    /// player's stop flag.
    ///
    /// A time budget `t`: the first search takes at most `t / 8`, the
    /// alpha-beta search ends by `3t / 4`, and the checks after it share
    /// what is left (`parts`: how many are still to come, this one
    /// included).
    fn mate_limits(&self, start: Instant, parts: u32, checks: u64) -> MateLimits {
        let (nodes, time) = match self.budget {
            Budget::Depth(d) => (u64::from(d) * MATE_NODES_PER_PLY / checks, None),
            Budget::Nodes(n) => (n / MATE_SHARE / checks, None),
            Budget::Time(t) => (
                u64::MAX,
                Some(t.saturating_sub(start.elapsed()) / parts.max(1)),
            ),
        };
        MateLimits {
            nodes: Some(nodes),
            time,
            stop: self.stop.clone(),
            ..MateLimits::default()
        }
    }

    /// If the opponent can force mate after `result`'s move (and the
    /// search did not already expect to lose), the first move of `order`
    /// (best first) after which the mate search finds no mate for the
    /// opponent, among the first [`MATE_DEFENCES`].
    fn avoid_mate(
        &mut self,
        variant: &AnyVariant,
        pos: &Position,
        order: &[Move],
        result: &mut SearchResult,
        start: Instant,
    ) {
        let Some(best) = result.best else { return };
        if result.mate_in().is_some() {
            return;
        }
        let lets_mate = |me: &mut SearchPlayer, mv: Move, limits: &MateLimits, nodes: &mut u64| {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            let report = me.mate.solve(variant, &after, limits);
            *nodes += report.nodes;
            report.result.mate().map(<[Move]>::len)
        };
        // The chosen move's check takes half the share (it is the one
        // nearly always made); the others split the rest.
        let first = self.mate_limits(start, 2, 2);
        let Some(plies) = lets_mate(self, best, &first, &mut result.nodes) else {
            return;
        };
        let others = order.iter().filter(|&&m| m != best).take(MATE_DEFENCES);
        for (tried, &mv) in others.enumerate() {
            let limits = self.mate_limits(
                start,
                (MATE_DEFENCES - tried) as u32,
                2 * MATE_DEFENCES as u64,
            );
            if lets_mate(self, mv, &limits, &mut result.nodes).is_none() {
                result.best = Some(mv);
                result.pv = vec![mv];
                return;
            }
        }
        // Every move tried is mated: the search's choice stands, scored as
        // the mate it allows.
        result.score = -(MATE_SCORE - 1 - plies as i32);
    }
}

impl Player for SearchPlayer {
    fn name(&self) -> String {
        match self.budget {
            Budget::Depth(d) => format!("search(depth {d})"),
            Budget::Nodes(n) => format!("search(nodes {n})"),
            Budget::Time(t) => format!("search({} ms)", t.as_millis()),
        }
    }

    fn choose(&mut self, observation: Observation<'_>) -> Option<Move> {
        let choices = observation.choices();
        let first = choices.first().copied()?;
        match observation.seen() {
            // The contract's choices are the game's own; a game built over
            // this one (a modifier the search does not know) may allow fewer.
            Seen::Board(game) if game.legal_moves().len() == choices.len() => {
                self.search(game).best
            }
            Seen::Board(game) => self.search_among(game, choices).best.or(Some(first)),
            Seen::Card(card) => self.search_among(card.game(), choices).best.or(Some(first)),
            // Another perfect-information game: its rules are unknown here,
            // so the choices are judged one ply deep by the evaluation.
            Seen::Position(pos) => {
                let mut pos = (*pos).clone();
                choices
                    .iter()
                    .map(|&mv| {
                        let undo = pos.play_unchecked(mv);
                        // The evaluation is the opponent's, who moves next.
                        let score = -evaluate(&pos);
                        pos.undo(mv, undo);
                        (score, mv)
                    })
                    .max_by_key(|&(score, _)| score)
                    .map(|(_, mv)| mv)
            }
            Seen::Tsuitate(_) => Some(first),
            Seen::Family(game) => {
                crate::family_search::choose(game, choices, self.budget, self.stop.as_deref())
            }
        }
    }

    fn new_game(&mut self) {
        self.clear();
    }

    fn set_stop_check(&mut self, check: Option<StopCheck>) {
        SearchPlayer::set_stop_check(self, check);
    }
}

fn decode_move(bits: u16) -> Option<Move> {
    if bits == u16::MAX {
        None
    } else {
        Move::from_u16(bits)
    }
}

/// The score of a game end for `side` (the side to move), `ply` plies from
/// the root.
fn outcome_score(outcome: Outcome, side: Color, ply: usize) -> i32 {
    match outcome.winner {
        None => DRAW_SCORE,
        Some(w) if w == side => MATE_SCORE - ply as i32,
        Some(_) => -(MATE_SCORE - ply as i32),
    }
}

/// The state of one search.
struct Search<'a> {
    variant: &'a AnyVariant,
    /// `Some(in_check_too)` for must-capture: captures are forced when there
    /// are any (in check as well if `in_check_too`).
    capture_duty: Option<bool>,
    first_player: Color,
    /// (hash, side to move in check) of every position of the game and the
    /// current search line.
    path: Vec<(u64, bool)>,
    tt: &'a mut [TtEntry],
    generation: u8,
    killers: &'a mut [[Option<Move>; 2]],
    history: &'a mut [i32],
    budget: NodeBudget<'a>,
    /// Triangular principal-variation table: `pv[ply]` is the line from `ply`.
    pv: Vec<Vec<Move>>,
}

impl Search<'_> {
    /// Iterative deepening over the root moves (`root`, with their scores
    /// for ordering), one full-width iteration a depth up to `max_depth`,
    /// until the budget stops it, a mate within the depth is found or (with
    /// a `time_limit`) half the time is gone; `info` hears each completed
    /// iteration. The root is left ordered best first.
    fn deepen(
        &mut self,
        pos: &mut Position,
        root: &mut [(Move, i64)],
        max_depth: u32,
        time_limit: Option<Duration>,
        start: Instant,
        info: &mut impl FnMut(&SearchResult),
    ) -> SearchResult {
        // Initial order: table move, then captures and promotions.
        let tt_move = self.probe(pos.hash()).and_then(|e| decode_move(e.mv));
        for entry in root.iter_mut() {
            entry.1 = i64::from(self.order_score(pos, entry.0, tt_move, 0));
        }
        root.sort_by_key(|&(_, score)| std::cmp::Reverse(score));

        let mut result = SearchResult {
            best: Some(root[0].0),
            score: evaluate(pos),
            depth: 0,
            nodes: 0,
            pv: vec![root[0].0],
        };

        for depth in 1..=max_depth {
            let mut alpha = -INFINITY;
            let beta = INFINITY;
            let mut best: Option<(Move, i32)> = None;
            let mut best_pv = Vec::new();
            for (i, entry) in root.iter_mut().enumerate() {
                let mv = entry.0;
                let undo = pos.play_unchecked(mv);
                self.path.push((pos.hash(), pos.is_check()));
                let child_depth = depth as i32 - 1;
                let score = if i == 0 {
                    -self.negamax(pos, child_depth, 1, -beta, -alpha, true)
                } else {
                    let mut sc = -self.negamax(pos, child_depth, 1, -alpha - 1, -alpha, false);
                    if sc > alpha && sc < beta && !self.budget.stopped {
                        sc = -self.negamax(pos, child_depth, 1, -beta, -alpha, true);
                    }
                    sc
                };
                self.path.pop();
                pos.undo(mv, undo);
                if self.budget.stopped {
                    break;
                }
                entry.1 = i64::from(score);
                if score > alpha {
                    alpha = score;
                    best = Some((mv, score));
                    best_pv.clear();
                    best_pv.push(mv);
                    best_pv.extend_from_slice(&self.pv[1]);
                }
            }
            if let Some((mv, score)) = best {
                // A completed iteration, or a partial one whose best move
                // beat the previous iteration's first move in full.
                result.best = Some(mv);
                result.score = score;
                result.pv = best_pv;
                if !self.budget.stopped {
                    result.depth = depth;
                }
                self.store(pos.hash(), depth as i32, score, BOUND_EXACT, Some(mv), 0);
            }
            result.nodes = self.budget.nodes;
            if self.budget.stopped {
                break;
            }
            info(&result);
            // Previous best first, the rest by this iteration's scores.
            if let Some((mv, _)) = best {
                for entry in root.iter_mut() {
                    if entry.0 == mv {
                        entry.1 = i64::MAX;
                    }
                }
            }
            root.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
            if is_mate_score(result.score) && (MATE_SCORE - result.score.abs()) <= depth as i32 {
                break; // a mate within the full-width depth is exact
            }
            if let Some(t) = time_limit {
                if start.elapsed() * 2 > t {
                    break;
                }
            }
        }
        result
    }

    /// If the current position (last in `path`) occurred earlier with the
    /// same side to move: its score for the side to move, as the variant's
    /// repetition rule would end it.
    fn repetition_score(&self, pos: &Position, ply: usize) -> Option<i32> {
        let now = self.path.len() - 1;
        let key = self.path[now].0;
        let mut i = now;
        while i >= 2 {
            i -= 2;
            if self.path[i].0 == key {
                return Some(self.score_repetition(i, now, pos.side_to_move(), ply));
            }
        }
        None
    }

    fn score_repetition(&self, first: usize, now: usize, side: Color, ply: usize) -> i32 {
        // Position k (k ≥ 1) follows a move by the side to move at k − 1;
        // `side` is to move at `now`.
        let mover = |k: usize| {
            if (now - (k - 1)) % 2 == 0 {
                side
            } else {
                side.opponent()
            }
        };
        let outcome = self.variant.repetition_outcome(Repetition::of_cycle(
            self.first_player,
            (first + 1..=now).map(|k| (mover(k), self.path[k].1)),
        ));
        match outcome.winner {
            None => DRAW_SCORE,
            Some(w) if w == side => REPETITION_WIN - ply as i32,
            Some(_) => -(REPETITION_WIN - ply as i32),
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.tt.len() - 1)
    }

    fn probe(&self, key: u64) -> Option<TtEntry> {
        let e = self.tt[self.slot(key)];
        (e.bound != 0 && e.key == key).then_some(e)
    }

    fn store(&mut self, key: u64, depth: i32, score: i32, bound: u8, mv: Option<Move>, ply: usize) {
        let i = self.slot(key);
        let old = self.tt[i];
        let depth = depth.clamp(0, 255) as u8;
        if old.bound != 0
            && old.key != key
            && old.generation == self.generation
            && old.depth > depth
        {
            return; // keep the deeper entry of this search
        }
        let mv = match (mv, old.key == key) {
            (Some(m), _) => m.to_u16(),
            (None, true) => old.mv, // keep the old best move of the same position
            (None, false) => u16::MAX,
        };
        let stored = if score >= MATE_BOUND {
            score + ply as i32
        } else if score <= -MATE_BOUND {
            score - ply as i32
        } else {
            score
        };
        self.tt[i] = TtEntry {
            key,
            mv,
            score: stored.clamp(-i16::MAX as i32, i16::MAX as i32) as i16,
            depth,
            bound,
            generation: self.generation,
        };
    }

    fn history_index(side: Color, mv: Move) -> usize {
        let origin = match (mv.from(), mv.drop_kind()) {
            (Some(from), _) => from.index(),
            (None, Some(kind)) => 81 + kind.index(),
            (None, None) => 0,
        };
        (side.index() * 88 + origin) * 81 + mv.to().index()
    }

    /// The ordering score of `mv` in `pos`: bigger first.
    fn order_score(&self, pos: &Position, mv: Move, tt_move: Option<Move>, ply: usize) -> i32 {
        if Some(mv) == tt_move {
            return 10_000_000;
        }
        let mut score: i32 = 0;
        let mut tactical = false;
        if let Some(from) = mv.from() {
            let attacker = pos.piece_at(from).map(|p| p.kind);
            if let Some(victim) = pos.piece_at(mv.to()) {
                let victim_value = PIECE_VALUES[victim.kind.index()];
                let attacker_value = attacker.map_or(0, |k| PIECE_VALUES[k.index()]);
                score += 1_000_000 + victim_value * 16 - attacker_value / 16;
                tactical = true;
            }
            if mv.is_promotion() {
                if let Some(kind) = attacker {
                    let promoted = kind.promote().unwrap_or(kind);
                    score += 500_000 + PIECE_VALUES[promoted.index()] - PIECE_VALUES[kind.index()];
                    tactical = true;
                }
            }
        }
        if tactical {
            return score;
        }
        let killers = self.killers[ply.min(MAX_PLY)];
        if killers[0] == Some(mv) {
            return 400_000;
        }
        if killers[1] == Some(mv) {
            return 399_000;
        }
        self.history[Self::history_index(pos.side_to_move(), mv)]
    }

    /// Remembers a quiet move that caused a cutoff.
    fn reward(&mut self, pos: &Position, mv: Move, depth: i32, ply: usize) {
        let ply = ply.min(MAX_PLY);
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        let h = &mut self.history[Self::history_index(pos.side_to_move(), mv)];
        *h += depth * depth;
        if *h > 200_000 {
            for v in self.history.iter_mut() {
                *v /= 2;
            }
        }
    }

    fn is_capture(pos: &Position, mv: Move) -> bool {
        mv.from().is_some() && pos.piece_at(mv.to()).is_some()
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if let Some(score) = self.repetition_score(pos, ply) {
            return score;
        }
        let in_check = pos.is_check();
        let mut depth = depth;
        if in_check && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - QS_MAX_PLIES as usize - 1 {
            return self.quiescence(pos, ply, alpha, beta, 0);
        }
        if !self.budget.enter() {
            return 0;
        }

        // Mate distance pruning.
        alpha = alpha.max(-(MATE_SCORE - ply as i32));
        beta = beta.min(MATE_SCORE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        let key = pos.hash();
        let entry = self.probe(key);
        let mut tt_move = None;
        if let Some(e) = entry {
            tt_move = decode_move(e.mv);
            if !pv_node && i32::from(e.depth) >= depth {
                let mut score = i32::from(e.score);
                if score >= MATE_BOUND {
                    score -= ply as i32;
                } else if score <= -MATE_BOUND {
                    score += ply as i32;
                }
                let cut = match e.bound {
                    BOUND_EXACT => true,
                    BOUND_LOWER => score >= beta,
                    BOUND_UPPER => score <= alpha,
                    _ => false,
                };
                if cut {
                    return score;
                }
            }
        }

        let mut moves = self.variant.legal_moves(pos);
        if moves.is_empty() {
            return outcome_score(self.variant.no_move_outcome(pos), pos.side_to_move(), ply);
        }
        let mut scores: MoveScores = [0; MOVE_LIST_CAPACITY];
        for (slot, &mv) in scores.iter_mut().zip(moves.iter()) {
            *slot = self.order_score(pos, mv, tt_move, ply);
        }

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            pick_next(&mut moves, &mut scores, i);
            let mv = moves[i];
            let quiet = !Self::is_capture(pos, mv) && !mv.is_promotion();
            let undo = pos.play_unchecked(mv);
            let gives_check = pos.is_check();
            self.path.push((pos.hash(), gives_check));
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, pv_node)
            } else {
                // Late quiet moves are searched shallower first.
                let reduction = if depth >= 3 && i >= 4 && quiet && !in_check && !gives_check {
                    if i >= 12 && depth >= 5 {
                        2
                    } else {
                        1
                    }
                } else {
                    0
                };
                let mut sc = -self.negamax(
                    pos,
                    depth - 1 - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    false,
                );
                if sc > alpha && reduction > 0 && !self.budget.stopped {
                    sc = -self.negamax(pos, depth - 1, ply + 1, -alpha - 1, -alpha, false);
                }
                if sc > alpha && sc < beta && pv_node && !self.budget.stopped {
                    sc = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, true);
                }
                sc
            };
            self.path.pop();
            pos.undo(mv, undo);
            if self.budget.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(mv);
                    line.extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        if quiet {
                            self.reward(pos, mv, depth, ply);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best_score >= beta {
            BOUND_LOWER
        } else if best_score > original_alpha {
            BOUND_EXACT
        } else {
            BOUND_UPPER
        };
        self.store(key, depth, best_score, bound, best_move, ply);
        best_score
    }

    /// Captures only (all evasions in check; all forced captures in
    /// must-capture, without standing pat), at most [`QS_MAX_PLIES`] deep.
    fn quiescence(
        &mut self,
        pos: &mut Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        qply: u32,
    ) -> i32 {
        self.pv[ply].clear();
        if !self.budget.enter() {
            return 0;
        }
        if qply > 0 {
            if let Some(score) = self.repetition_score(pos, ply) {
                return score;
            }
        }
        if qply >= QS_MAX_PLIES || ply >= MAX_PLY - 1 {
            return evaluate(pos);
        }
        let in_check = pos.is_check();
        let (mut moves, stand_pat) = if in_check {
            // In check every evasion the variant allows is searched;
            // standing pat is not an option.
            let moves = self.variant.legal_moves(pos);
            if moves.is_empty() {
                return outcome_score(self.variant.no_move_outcome(pos), pos.side_to_move(), ply);
            }
            (moves, None)
        } else {
            let mut captures = pos.legal_captures();
            if let Some(filter) = self.variant.move_filter() {
                // The variant's legal captures (its filter keeps a list of
                // captures a list of captures).
                filter.filter(pos, &mut captures);
            }
            let forced = self.capture_duty.is_some() && !captures.is_empty();
            if forced {
                (captures, None)
            } else {
                (captures, Some(evaluate(pos)))
            }
        };
        let mut best = -INFINITY;
        if let Some(sp) = stand_pat {
            if sp >= beta {
                return sp;
            }
            alpha = alpha.max(sp);
            best = sp;
            if moves.is_empty() {
                return sp;
            }
        }
        let mut scores: MoveScores = [0; MOVE_LIST_CAPACITY];
        for (slot, &mv) in scores.iter_mut().zip(moves.iter()) {
            *slot = self.order_score(pos, mv, None, MAX_PLY);
        }
        for i in 0..moves.len() {
            pick_next(&mut moves, &mut scores, i);
            let mv = moves[i];
            // Skipping a non-promoting capture when promoting is possible
            // and free would be a refinement; all captures are tried.
            let undo = pos.play_unchecked(mv);
            self.path.push((pos.hash(), pos.is_check()));
            let score = -self.quiescence(pos, ply + 1, -beta, -alpha, qply + 1);
            self.path.pop();
            pos.undo(mv, undo);
            if self.budget.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Ordering scores parallel to a [`MoveList`].
type MoveScores = [i32; MOVE_LIST_CAPACITY];

/// Moves the best-scored remaining move to index `i`.
#[inline]
fn pick_next(moves: &mut MoveList, scores: &mut MoveScores, i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
}
