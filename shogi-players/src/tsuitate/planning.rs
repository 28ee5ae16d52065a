//! Planning: each candidate scored over the believed worlds, a foul priced
//! by what it costs and what it teaches.

use crate::eval::{evaluate, MATE_SCORE};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use shogi_core::{Move, MoveList, Position};

/// What a foul costs at first, in the evaluation's centipawns.
pub(super) const FOUL_COST: i32 = 300;
/// How much more each foul already made adds to that.
pub(super) const FOUL_COST_STEP: i32 = 100;
/// What a mate found in one particle is worth: a lot, but not so much that
/// a mate believed in a few particles outweighs likely fouls in the others.
pub(super) const WIN_VALUE: i32 = 3_000;

/// The player's move `mv` in `p` (legal there), scored for the player: one
/// ply, then the enemy's best capture or nothing; a mate scores
/// [`WIN_VALUE`] (a believed mate may be a foul: no lottery tickets).
pub(super) fn shallow_value(p: &Position, mv: Move) -> i32 {
    let mut after = p.clone();
    after.play_unchecked(mv);
    if after.is_check() && !after.has_legal_moves() {
        return WIN_VALUE;
    }
    let mut best = evaluate(&after);
    for reply in after.legal_captures() {
        let undo = after.play_unchecked(reply);
        best = best.max(-evaluate(&after));
        after.undo(reply, undo);
    }
    -best
}

/// What a foul costs, in the evaluation's units, when the player has
/// `fouls` already and loses at `limit`.
pub(super) fn foul_penalty(fouls: u32, limit: u32) -> i32 {
    if fouls.saturating_add(1) >= limit {
        MATE_SCORE
    } else {
        // Below the limit, so a small number.
        let f = i32::try_from(fouls.min(1_000)).unwrap_or(1_000);
        let last_but_one = if fouls.saturating_add(2) >= limit {
            600
        } else {
            0
        };
        FOUL_COST + FOUL_COST_STEP * f + last_but_one
    }
}

/// The candidate with the best expected score over `worlds` (each with a
/// weight). Where a candidate is legal it scores its [`shallow_value`].
/// Where it is a foul, nothing happens and the player learns it: it scores
/// the best average a single other move gets over the worlds where the
/// candidate is a foul (a foul there scoring that world's worst legal move),
/// less the foul's cost. Moves in `avoid` are left out unless nothing else
/// remains.
pub(super) fn choose_over(
    worlds: &[(Position, u32)],
    candidates: &MoveList,
    avoid: &[Move],
    penalty: i32,
    rng: &mut ChaCha8Rng,
) -> Option<Move> {
    let mut allowed: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(|m| !avoid.contains(m))
        .collect();
    if allowed.is_empty() {
        allowed = candidates.to_vec();
    }
    if allowed.is_empty() {
        return None;
    }
    // values[w][m]: the move's value in world w, `None` for a foul.
    let mut values: Vec<Vec<Option<i32>>> = Vec::new();
    let mut weights: Vec<i64> = Vec::new();
    let mut floors: Vec<i64> = Vec::new();
    for (world, weight) in worlds {
        let row: Vec<Option<i32>> = allowed
            .iter()
            .map(|&m| world.is_legal(m).then(|| shallow_value(world, m)))
            .collect();
        // A world where the player has no legal move at all is no true one.
        let Some(worst) = row.iter().flatten().copied().min() else {
            continue;
        };
        values.push(row);
        weights.push(i64::from(*weight));
        floors.push(i64::from(worst) - i64::from(penalty));
    }
    if values.is_empty() {
        return Some(allowed[rng.random_range(0..allowed.len())]);
    }
    let penalty = i64::from(penalty);
    let mut totals = vec![0i64; allowed.len()];
    for (m, total) in totals.iter_mut().enumerate() {
        let mut fouled_weight = 0;
        for (w, row) in values.iter().enumerate() {
            match row[m] {
                Some(v) => *total += i64::from(v) * weights[w],
                None => fouled_weight += weights[w],
            }
        }
        if fouled_weight == 0 {
            continue;
        }
        // The best move once the player knows `m` is a foul.
        let after = (0..allowed.len())
            .filter(|&k| k != m)
            .map(|k| {
                values
                    .iter()
                    .enumerate()
                    .filter(|(_, row)| row[m].is_none())
                    .map(|(w, row)| row[k].map_or(floors[w], i64::from) * weights[w])
                    .sum::<i64>()
            })
            .max()
            .unwrap_or(fouled_weight * (floors.iter().copied().min().unwrap_or(0)));
        *total += after - penalty * fouled_weight;
    }
    let top = totals.iter().copied().max().unwrap_or(0);
    let best: Vec<Move> = allowed
        .iter()
        .zip(&totals)
        .filter(|(_, t)| **t == top)
        .map(|(m, _)| *m)
        .collect();
    Some(best[rng.random_range(0..best.len())])
}

/// Groups equal positions, with how many times each occurs.
pub(super) fn weigh(particles: &[Position]) -> Vec<(Position, u32)> {
    let mut worlds: Vec<(Position, u32)> = Vec::new();
    for p in particles {
        match worlds.iter_mut().find(|(w, _)| w.same_position(p)) {
            Some((_, n)) => *n += 1,
            None => worlds.push((p.clone(), 1)),
        }
    }
    worlds
}
