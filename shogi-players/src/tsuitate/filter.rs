//! The particle filter: hypothetical true positions advanced through the
//! information state, keeping those that agree with what was told.

use super::reading::{OwnPieces, Report, Step};
use super::worlds::WorldBuilder;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shogi_core::rng::SplitMix;
use shogi_core::{Color, Move, MoveKind, MoveList, Piece, Position};

/// The most particles a player may keep.
pub(super) const MAX_PARTICLES: usize = 1024;

/// Whether the player's `mv` in `p` is legal and announces what `report` says.
pub(super) fn agrees_with_own(p: &Position, mv: Move, report: Report) -> bool {
    if !p.is_legal(mv) {
        return false;
    }
    let taken = match mv.kind() {
        MoveKind::Normal { to, .. } => p.piece_at(to).map(|pc| (to, pc.kind)),
        MoveKind::Drop { .. } => None,
    };
    if taken != report.capture {
        return false;
    }
    let mut after = p.clone();
    after.play_unchecked(mv);
    after.is_check() == report.check
}

/// Whether every refused move is illegal in `p`.
pub(super) fn agrees_with_fouls(p: &Position, fouls: &[Move]) -> bool {
    fouls.iter().all(|&f| !p.is_legal(f))
}

/// What the player knows of the position it is to move in: the moves refused
/// there, and whether it is in check (when it was told: after an enemy move).
pub(super) struct TurnFacts<'a> {
    pub(super) fouls: &'a [Move],
    pub(super) check: Option<bool>,
}

impl TurnFacts<'_> {
    /// How many of the known facts `p` contradicts.
    pub(super) fn violations(&self, p: &Position) -> usize {
        let wrong_check = self.check.is_some_and(|c| c != p.is_check());
        usize::from(wrong_check) + self.fouls.iter().filter(|&&f| p.is_legal(f)).count()
    }
}

/// A deterministic generator for one use, from the seed and labels.
pub(super) fn rng_for(seed: u64, a: u64, b: u64) -> ChaCha8Rng {
    let splitmix = |z: u64| SplitMix::step(z).1;
    ChaCha8Rng::seed_from_u64(splitmix(seed ^ splitmix(a ^ splitmix(b))))
}

/// Fills `chosen` up to `n` particles by drawing among them at random.
pub(super) fn resample(mut chosen: Vec<Position>, n: usize, rng: &mut ChaCha8Rng) -> Vec<Position> {
    let len = chosen.len();
    while len > 0 && chosen.len() < n {
        let p = chosen[rng.random_range(0..len)].clone();
        chosen.push(p);
    }
    chosen
}

/// The particles after the player's own step: those where its refused moves
/// are illegal and its played move is legal and announces what was announced
/// (or, if none is, those that agree on the played move alone, or else all
/// of them forced to agree), each advanced by the played move.
pub(super) fn advance_ours(
    worlds: &WorldBuilder,
    parents: &[Position],
    facts: &TurnFacts,
    played: (Move, Report),
    after: &OwnPieces,
    n: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<Position> {
    let (mv, report) = played;
    let agree: Vec<&Position> = parents
        .iter()
        .filter(|p| agrees_with_own(p, mv, report))
        .collect();
    let full: Vec<&Position> = agree
        .iter()
        .copied()
        .filter(|p| facts.violations(p) == 0)
        .collect();
    let forced: Vec<Position>;
    let chosen = if !full.is_empty() || agree.is_empty() {
        if full.is_empty() {
            agree
        } else {
            full
        }
    } else {
        forced = agree
            .iter()
            .filter_map(|p| worlds.make_agree(p, facts, rng))
            .filter(|p| agrees_with_own(p, mv, report))
            .collect();
        if forced.is_empty() {
            agree
        } else {
            forced.iter().collect()
        }
    };
    let children: Vec<Position> = if chosen.is_empty() {
        parents
            .iter()
            .filter_map(|p| worlds.play_own_move_forced(p, mv, report, after, rng))
            .collect()
    } else {
        chosen
            .into_iter()
            .map(|p| {
                let mut c = p.clone();
                c.play_unchecked(mv);
                c
            })
            .collect()
    };
    resample(children, n, rng)
}

/// How strictly an enemy move must agree with what is known.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Strictness {
    /// The capture and check announced, and the player's next step (its
    /// refused and played moves) as seen from the position after.
    All,
    /// As `All`, without the player's refused moves.
    NoFouls,
    /// The capture and check announced only.
    Announced,
    /// The capture only.
    Capture,
}

/// Whether the enemy move `mv` in `p` agrees with what is known, at `tier`;
/// the position after it if so.
pub(super) fn enemy_move_agrees(
    p: &mut Position,
    mv: Move,
    report: Report,
    next: Option<&Step>,
    tier: Strictness,
) -> Option<Position> {
    let us = p.side_to_move().opponent();
    let target = match mv.kind() {
        MoveKind::Normal { to, .. } => p.piece_at(to),
        MoveKind::Drop { .. } => None,
    };
    match report.capture {
        Some((sq, kind)) => {
            if mv.to() != sq || target != Some(Piece::new(us, kind)) {
                return None;
            }
        }
        None => {
            if target.is_some() {
                return None;
            }
        }
    }
    let undo = p.play_unchecked(mv);
    let mut ok = tier > Strictness::Announced || p.is_check() == report.check;
    if ok && tier <= Strictness::NoFouls {
        if let Some(Step::Ours { fouls, played }) = next {
            if let Some((own, own_report)) = played {
                ok = agrees_with_own(p, *own, *own_report);
            }
            if ok && tier == Strictness::All {
                ok = agrees_with_fouls(p, fouls);
            }
        }
    }
    let child = ok.then(|| p.clone());
    p.undo(mv, undo);
    child
}

/// The particles after an enemy move: each child is a parent (taken in turn)
/// advanced by a random legal enemy move that agrees with what was announced
/// and with the player's next step. The agreement asked for is relaxed when
/// no parent has such a move, and at the last resort the capture is forced.
pub(super) fn advance_theirs(
    worlds: &WorldBuilder,
    parents: &[Position],
    report: Report,
    next: Option<&Step>,
    n: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<Position> {
    let legal: Vec<MoveList> = parents.iter().map(|p| p.legal_moves()).collect();
    for tier in [
        Strictness::All,
        Strictness::NoFouls,
        Strictness::Announced,
        Strictness::Capture,
    ] {
        let mut dead = vec![false; parents.len()];
        let mut alive = parents.len();
        let mut children = Vec::with_capacity(n);
        let mut i = 0;
        while children.len() < n && alive > 0 && i < MAX_PARTICLES * 4 {
            let pi = i % parents.len();
            i += 1;
            if dead[pi] {
                continue;
            }
            let mut p = parents[pi].clone();
            let mut pool: MoveList = legal[pi].clone();
            let mut child = None;
            while !pool.is_empty() {
                let mv = pool.swap_remove(rng.random_range(0..pool.len()));
                child = enemy_move_agrees(&mut p, mv, report, next, tier);
                if child.is_some() {
                    break;
                }
            }
            match child {
                Some(c) => children.push(c),
                None => {
                    dead[pi] = true;
                    alive -= 1;
                }
            }
        }
        if !children.is_empty() {
            if tier >= Strictness::Announced {
                // What the relaxed children got wrong, mended where possible.
                let fouls: &[Move] = match next {
                    Some(Step::Ours { fouls, .. }) => fouls,
                    _ => &[],
                };
                let facts = TurnFacts {
                    fouls,
                    check: Some(report.check),
                };
                for c in children.iter_mut() {
                    if let Some(fixed) = worlds.make_agree(c, &facts, rng) {
                        *c = fixed;
                    }
                }
            }
            return children;
        }
    }
    let forced: Vec<Position> = parents
        .iter()
        .filter_map(|p| worlds.play_enemy_move_forced(p, report, rng))
        .collect();
    resample(forced, n, rng)
}

/// Whether the player is in check at step `j`, when it was told: after an
/// enemy move (`None` at the start of the game).
pub(super) fn check_at(steps: &[Step], j: usize) -> Option<bool> {
    match j.checked_sub(1).and_then(|i| steps.get(i)) {
        Some(Step::Theirs {
            played: Some(report),
        }) => Some(report.check),
        _ => None,
    }
}

/// Particles worked out up to a step whose particles will not change.
#[derive(Clone, Debug)]
pub(super) struct Checkpoint {
    pub(super) color: Color,
    pub(super) files: u8,
    /// The steps that decided the particles (a prefix of every later state).
    pub(super) key: Vec<Step>,
    /// The own pieces at the checkpoint's step.
    pub(super) mine: OwnPieces,
    /// The step the particles are for.
    pub(super) step: usize,
    pub(super) particles: Vec<Position>,
}
