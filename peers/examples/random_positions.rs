//! Prints positions reached by seeded uniform-random playouts with rsshogi, in the
//! `SFEN | description` format of `positions.txt`:
//! `random_positions <first-seed> <count> [max-perft3]`.
//!
//! Each playout starts from the initial position and plays 20..=120 uniformly random
//! legal moves (the length is drawn from the same seed). A playout that ends early
//! (no legal move) or whose perft(3) exceeds `max-perft3` (default 3,000,000, to keep
//! the agreement test fast) is skipped. The generator is deterministic.

use rsshogi::board::{generate_legal_all_move32, perft, Move32List, Position};
use shogi_core::rng::SplitMix;

const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

fn playout(seed: u64) -> Option<(String, u64)> {
    let mut rng = SplitMix(seed);
    let plies = 20 + rng.below(101) as u64;
    let mut pos = Position::from_sfen(STARTPOS).ok()?;
    pos.init_stack();
    let mut moves = Move32List::new();
    for _ in 0..plies {
        moves.clear();
        generate_legal_all_move32(&pos, &mut moves);
        if moves.is_empty() {
            return None;
        }
        let mv = moves.as_slice()[rng.below(moves.len())];
        pos.apply_move32(mv);
    }
    Some((pos.to_sfen(None), plies))
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (first, count) = (
        args.first().copied().unwrap_or(1),
        args.get(1).copied().unwrap_or(16),
    );
    let max_perft3 = args.get(2).copied().unwrap_or(3_000_000);
    let mut found = 0;
    let mut seed = first;
    while found < count {
        if let Some((sfen, plies)) = playout(seed) {
            let mut pos = Position::from_sfen(&sfen).expect("own SFEN parses");
            pos.init_stack();
            let nodes = perft::compute_perft(&mut pos, 3);
            if nodes <= max_perft3 {
                println!("{sfen} | random playout: seed {seed}, {plies} plies (rsshogi, uniform legal moves)");
                found += 1;
            }
        }
        seed += 1;
    }
}
