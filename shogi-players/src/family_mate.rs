//! Mate search in a game of the shogi family: [`find_family_mate`].

use crate::mate::{
    keep_line, MateLimits, MateProgress, MateReport, MateResult, Value, MAX_MATE_PLIES,
};
use crate::node_budget::NodeBudget;
use shogi_core::{Color, Move, Outcome};
use shogi_variants::{FamilyGame, GameState};
use std::time::Instant;

/// Why [`find_family_mate`] searched nothing.
///
/// ```
/// use shogi_players::FamilyMateError;
/// use shogi_variants::{FamilyGame, GameState};
/// use shogi_players::{find_family_mate, MateLimits};
/// let mut game = FamilyGame::builtin("dobutsu")?;
/// game.resign(shogi_core::Color::Black)?;
/// let e = find_family_mate(&game, &MateLimits::default()).unwrap_err();
/// assert!(matches!(e, FamilyMateError::GameOver(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FamilyMateError {
    /// The game is already over.
    #[error("the game is over ({0}): there is no mate to search for")]
    GameOver(Outcome),
}

/// Mate search in a game of the shogi family: can
/// the side to move force a win by giving check with every one of its
/// moves?
///
/// The same exhaustive iterative-deepening AND/OR search as
/// [`find_mate`](crate::find_mate), over a [`FamilyGame`] and its ends,
/// so that a "mate" means what the definition's rules make of it:
///
/// - Under checkmate ([`RoyalRule::Checkmate`](shogi_core::family::RoyalRule::Checkmate)): the defender, in check,
///   has no legal move. The line ends with the mating move.
/// - Where the royal piece is captured ([`RoyalRule::Capture`](shogi_core::family::RoyalRule::Capture), as in
///   dobutsu): the royal piece cannot escape capture. A defender's move
///   that leaves it attacked is legal there, so the line goes on to the
///   capture, its last ply (a lion that cannot escape is "mated in 3": the
///   check, any reply, the capture).
/// - Any move of the attacker that ends the game in its favour (a capture
///   of the royal, a try, a check that wins where the definition says so)
///   ends a line; every other move of the attacker must give check. A
///   reply of the defender that ends the game in the defender's favour, or
///   drawn, refutes the line; one that loses it (a repetition that the
///   definition makes a loss for its completer) ends the line as a mate.
/// - A position met twice on the line fails for the attacker, as in
///   [`find_mate`](crate::find_mate); the game's moves before the searched
///   position count as the [`FamilyGame`] counts them (its repetition
///   rule).
///
/// Every family definition has a royal kind, so a mate can be searched
/// in every game that is not over ([`FamilyMateError::GameOver`]).
///
/// ```
/// use shogi_players::{find_family_mate, MateLimits, MateResult};
/// use shogi_variants::FamilyGame;
/// let game = FamilyGame::builtin("dobutsu")?;
/// // White left its lion on 2a attacked by Black's giraffe on 2b (legal
/// // where the royal piece is captured): Black takes it, a mate in one.
/// let game = game.from_sfen("1l1/1G1/1L1/3 b - 1")?;
/// let report = find_family_mate(&game, &MateLimits::default())?;
/// assert!(matches!(report.result, MateResult::Mate(ref line) if line.len() == 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The line found is the shortest ([`MateReport::shortest`]); along it
/// the defender holds out longest.
///
/// # Errors
/// [`FamilyMateError::GameOver`] when the game is over.
///
/// ```
/// use shogi_players::{find_family_mate, MateLimits, MateResult};
/// use shogi_variants::FamilyGame;
/// // Kyoto shogi (checkmate rule): a lone king gives no check: no mate.
/// let game = FamilyGame::builtin("kyotoshogi")?.from_sfen("2k2/5/5/5/2K2 b - 1")?;
/// let report = find_family_mate(&game, &MateLimits::default())?;
/// assert_eq!(report.result, MateResult::NoMate);
/// assert!(report.nodes >= 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn find_family_mate(
    game: &FamilyGame,
    limits: &MateLimits,
) -> Result<MateReport, FamilyMateError> {
    find_family_mate_with_progress(game, limits, &mut |_| {})
}

/// [`find_family_mate`], calling `progress` about every 1,024 nodes (from
/// the searching thread: a caller may stop the search through
/// [`MateLimits::stop`]).
///
/// # Errors
/// [`FamilyMateError::GameOver`] when the game is over.
///
/// ```
/// use shogi_players::{find_family_mate_with_progress, MateLimits};
/// use shogi_variants::FamilyGame;
/// let game = FamilyGame::builtin("kyotoshogi")?;
/// let limits = MateLimits { nodes: Some(5_000), ..MateLimits::default() };
/// let mut reports = 0;
/// let report = find_family_mate_with_progress(&game, &limits, &mut |_| reports += 1)?;
/// assert!(report.result.mate().is_none());
/// assert_eq!(reports, report.nodes / 1024); // one report per 1,024 nodes
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn find_family_mate_with_progress(
    game: &FamilyGame,
    limits: &MateLimits,
    progress: &mut dyn FnMut(MateProgress),
) -> Result<MateReport, FamilyMateError> {
    if let Some(o) = game.outcome() {
        return Err(FamilyMateError::GameOver(o));
    }
    let start = Instant::now();
    let max_plies = limits.max_plies.min(MAX_MATE_PLIES);
    let mut tick = |nodes: u64| {
        progress(MateProgress {
            nodes,
            elapsed: start.elapsed(),
            mate_plies: None,
        })
    };
    let mut search = Search {
        attacker: game.side_to_move(),
        path: vec![game.position().hash()],
        lines: vec![Vec::new(); max_plies as usize + 2],
        budget: NodeBudget {
            tick: Some(&mut tick),
            ..limits.budget(start)
        },
    };
    let mut game = game.clone();
    let mut plies = 1;
    let result = loop {
        if plies > max_plies {
            break MateResult::Timeout;
        }
        match search.attack(&mut game, plies, 0) {
            Value::Mate(_) => break MateResult::Mate(std::mem::take(&mut search.lines[0])),
            Value::NoMate => break MateResult::NoMate,
            Value::Stopped => break MateResult::Timeout,
            Value::Unknown => plies += 2,
        }
    };
    Ok(MateReport {
        shortest: result.mate().is_some(),
        result,
        nodes: search.budget.nodes,
        elapsed: start.elapsed(),
    })
}

struct Search<'a> {
    attacker: Color,
    /// Hashes of the positions from the root to the current one.
    path: Vec<u64>,
    /// `lines[ply]`: the mating line found from `ply`.
    lines: Vec<Vec<Move>>,
    budget: NodeBudget<'a>,
}

impl Search<'_> {
    /// The line `mv` followed by the line found one ply deeper.
    fn keep_line(&mut self, ply: usize, mv: Move) {
        keep_line(&mut self.lines, ply, mv);
    }

    /// The value of a game that has just ended: a mate now, or a refutation.
    fn ended(&self, o: Outcome) -> Value {
        if o.winner == Some(self.attacker) {
            Value::Mate(0)
        } else {
            Value::NoMate
        }
    }

    /// The attacker to move, with `plies` (odd) left: the shortest mate.
    fn attack(&mut self, game: &mut FamilyGame, plies: u32, ply: usize) -> Value {
        self.lines[ply].clear();
        if !self.budget.enter() {
            return Value::Stopped;
        }
        let mut best: Option<u32> = None;
        let mut unknown = false;
        // After a mate in n, only mates shorter than n are of interest.
        let mut budget = plies;
        for &mv in game.legal_moves().iter() {
            game.play_unchecked(mv);
            let value = if let Some(o) = game.outcome() {
                Some(self.ended(o))
            } else if !game.position().is_check() {
                None
            } else if budget < 3 {
                // A check beyond the plies searched may still mate.
                Some(Value::Unknown)
            } else if self.path.contains(&game.position().hash()) {
                Some(Value::NoMate)
            } else {
                self.path.push(game.position().hash());
                let v = self.defend(game, budget - 1, ply + 1);
                self.path.pop();
                Some(v)
            };
            // A move just played is always undoable.
            let _ = game.undo();
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
    fn defend(&mut self, game: &mut FamilyGame, plies: u32, ply: usize) -> Value {
        self.lines[ply].clear();
        if !self.budget.enter() {
            return Value::Stopped;
        }
        if plies == 0 {
            return Value::Unknown;
        }
        let mut longest: Option<u32> = None;
        let mut unknown = false;
        for &mv in game.legal_moves().iter() {
            game.play_unchecked(mv);
            let value = if let Some(o) = game.outcome() {
                self.ended(o)
            } else if self.path.contains(&game.position().hash()) {
                Value::NoMate
            } else {
                self.path.push(game.position().hash());
                let v = self.attack(game, plies - 1, ply + 1);
                self.path.pop();
                v
            };
            let _ = game.undo();
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
}
