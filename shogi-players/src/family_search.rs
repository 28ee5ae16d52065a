//! The search player's way with a game of the shogi family: alpha-beta over
//! the family engine, with piece values derived from the kinds' mobility
//! (a definition gives none), the engine's own ends (a royal captured, a
//! try) and the definition's stalemate rule. Repetition is not searched.

use crate::search::Budget;
use shogi_core::family::{FamilyMoveList, FamilyPosition};
use shogi_core::{Move, MoveList};
use shogi_variants::{FamilyGame, StalemateRule};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

const WIN: i32 = 1_000_000;

/// Material values per kind, for the board and for the hand.
struct Values {
    board: Vec<i32>,
    hand: Vec<i32>,
    stalemate: StalemateRule,
}

impl Values {
    fn of(game: &FamilyGame) -> Values {
        let table = &game.definition().table;
        let board: Vec<i32> = (0..table.kind_count())
            .map(|k| {
                if table.is_royal(k) {
                    0
                } else {
                    100 + (25.0 * table.mobility(k)) as i32
                }
            })
            .collect();
        Values {
            hand: board.iter().map(|v| v + v / 10).collect(),
            board,
            stalemate: game.definition().ends.stalemate,
        }
    }

    /// The material balance for the side to move.
    fn evaluate(&self, pos: &FamilyPosition) -> i32 {
        let us = pos.side_to_move();
        let mut score = 0;
        for (k, (&on_board, &in_hand)) in self.board.iter().zip(&self.hand).enumerate() {
            for (c, sign) in [(us, 1), (us.opponent(), -1)] {
                score += sign * on_board * pos.pieces_of(c, k).count() as i32;
                score += sign * in_hand * i32::from(pos.hand_count(c, k));
            }
        }
        score
    }
}

struct Search<'a> {
    values: Values,
    nodes: u64,
    budget: Budget,
    start: Instant,
    stop: Option<&'a AtomicBool>,
    stopped: bool,
}

impl Search<'_> {
    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let over = match self.budget {
            Budget::Depth(_) => false,
            Budget::Nodes(n) => self.nodes >= n,
            Budget::Time(t) => self.nodes % 1024 == 0 && self.start.elapsed() >= t,
        } || self.stop.is_some_and(|s| s.load(Ordering::Relaxed));
        self.stopped = over;
        over
    }

    /// The score of an ended position for its side to move, if it ended.
    fn end(&self, pos: &FamilyPosition, ply: i32) -> Option<i32> {
        let us = pos.side_to_move();
        if pos.royal_lost() {
            return Some(-WIN + ply);
        }
        match (pos.try_reached(us.opponent()), pos.try_reached(us)) {
            (true, true) => Some(0),
            (true, false) => Some(-WIN + ply),
            (false, true) => Some(WIN - ply),
            (false, false) => None,
        }
    }

    fn negamax(
        &mut self,
        pos: &mut FamilyPosition,
        depth: u32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if let Some(score) = self.end(pos, ply) {
            return score;
        }
        let mut moves = FamilyMoveList::new();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return if pos.is_check() {
                -WIN + ply
            } else {
                match self.values.stalemate {
                    StalemateRule::Loss => -WIN + ply,
                    StalemateRule::Draw => 0,
                    StalemateRule::Win => WIN - ply,
                }
            };
        }
        if depth == 0 || self.out_of_budget() {
            return self.values.evaluate(pos);
        }
        order(pos, &mut moves);
        let mut best = -WIN - 1;
        for &mv in moves.iter() {
            let undo = pos.make(mv);
            let score = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha);
            pos.undo(mv, undo);
            if score > best {
                best = score;
            }
            alpha = alpha.max(score);
            if alpha >= beta || self.stopped {
                break;
            }
        }
        best
    }
}

/// Captures first, by the value of the piece taken (the cheapest way to
/// make alpha-beta cut).
fn order(pos: &FamilyPosition, moves: &mut FamilyMoveList) {
    moves.sort_by_key(|m| match pos.piece_at(m.to()) {
        Some((k, _)) => -(k as i32) - 1000,
        None => 0,
    });
}

/// The move the search chooses among `choices` (the game's legal moves),
/// by iterative deepening within `budget`; the deepest completed
/// iteration's best move. `None` only when there are no choices.
pub(crate) fn choose(
    game: &FamilyGame,
    choices: &MoveList,
    budget: Budget,
    stop: Option<&AtomicBool>,
) -> Option<Move> {
    let first = *choices.first()?;
    let mut search = Search {
        values: Values::of(game),
        nodes: 0,
        budget,
        start: Instant::now(),
        stop,
        stopped: false,
    };
    let max_depth = match budget {
        Budget::Depth(d) => d.max(1),
        _ => 64,
    };
    let mut pos = game.position().clone();
    let mut best = first;
    let mut ordered: Vec<Move> = choices.to_vec();
    for depth in 1..=max_depth {
        let mut alpha = -WIN - 1;
        let mut iteration_best = None;
        let mut scored = Vec::with_capacity(ordered.len());
        for &mv in &ordered {
            let undo = pos.make(mv);
            let score = -search.negamax(&mut pos, depth - 1, 1, -WIN - 1, -alpha);
            pos.undo(mv, undo);
            if search.stopped && depth > 1 {
                break;
            }
            scored.push((score, mv));
            if score > alpha {
                alpha = score;
                iteration_best = Some(mv);
            }
        }
        if search.stopped && depth > 1 {
            break;
        }
        if let Some(mv) = iteration_best {
            best = mv;
        }
        // The next iteration tries the best moves first.
        scored.sort_by_key(|&(score, _)| -score);
        ordered = scored.into_iter().map(|(_, mv)| mv).collect();
        if alpha.abs() >= WIN - 1000 || search.stopped {
            break;
        }
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_variants::GameState;

    #[test]
    fn it_takes_the_lion_when_it_can() {
        // Dobutsu: Black's giraffe on 2c can take White's lion on 2b.
        let game = FamilyGame::builtin("dobutsu")
            .unwrap()
            .from_sfen("3/1l1/1G1/L2 b - 1")
            .unwrap();
        let mv = choose(&game, &game.legal_moves(), Budget::Depth(2), None).unwrap();
        assert_eq!(game.usi(mv), "2c2b");
    }

    #[test]
    fn it_wins_material_and_keeps_within_a_node_budget() {
        // Tori shogi from the start with a small node budget: a legal move.
        let game = FamilyGame::builtin("torishogi").unwrap();
        let moves = game.legal_moves();
        let mv = choose(&game, &moves, Budget::Nodes(2_000), None).unwrap();
        assert!(moves.contains(&mv));
        // A hanging swallow is taken: White's swallow on 4d stands alone in
        // front of Black's swallow on 4e.
        let game = game.from_sfen("3k3/7/7/3s3/3S3/7/3K3 b - 1").unwrap();
        let mv = choose(&game, &game.legal_moves(), Budget::Depth(2), None).unwrap();
        assert_eq!(game.usi(mv), "4e4d");
    }
}
