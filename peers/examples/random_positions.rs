//! Prints positions reached by seeded uniform-random playouts with rsshogi, in the
//! `SFEN | description` format of `positions.txt`:
//! `random_positions <first-seed> <count> [max-perft3]`.
//!
//! Each playout starts from the initial position and plays 20..=120 uniformly random
//! legal moves (the length is drawn from the same seed). A playout that ends early
//! (no legal move) or whose perft(3) exceeds `max-perft3` (default 3,000,000, to keep
//! the agreement test fast) is skipped. The generator is deterministic.

use rsshogi::board::{generate_legal_all_move32, perft, Move32List, Position};

const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// SplitMix64: a tiny, well-known seeded generator (no dependency needed).
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn playout(seed: u64) -> Option<(String, u64)> {
    let mut rng = SplitMix64(seed);
    let plies = 20 + rng.below(101);
    let mut pos = Position::from_sfen(STARTPOS).ok()?;
    pos.init_stack();
    let mut moves = Move32List::new();
    for _ in 0..plies {
        moves.clear();
        generate_legal_all_move32(&pos, &mut moves);
        if moves.is_empty() {
            return None;
        }
        let mv = moves.as_slice()[rng.below(moves.len() as u64) as usize];
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
