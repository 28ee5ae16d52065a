//! Plays one seeded game of each variant between two random players and
//! prints its moves and outcome.
//!
//! ```text
//! cargo run --release -p shogi-examples --bin demo [-- --seed N]
//! ```

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shogi_core::Game;
use shogi_variants::{AnyVariant, VARIANT_NAMES};

/// Random games can wander; the demo caps each at this many plies (the
/// `move_limit` setting, a draw when reached).
const DEMO_MOVE_LIMIT: &str = "300";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = match args.iter().position(|a| a == "--seed") {
        Some(i) => args
            .get(i + 1)
            .and_then(|s| s.parse().ok())
            .ok_or("--seed needs a whole number")?,
        None => 2026,
    };
    for name in VARIANT_NAMES {
        let variant = AnyVariant::with_named_settings(name, &[("move_limit", DEMO_MOVE_LIMIT)])?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::new(variant);
        while !game.is_over() {
            let moves = game.legal_moves();
            let mv = moves[rng.random_range(0..moves.len())];
            game.play(mv)?;
        }
        println!("== {name} (seed {seed}, random vs random) ==");
        println!("start: {}", game.start_position().to_sfen());
        for (i, chunk) in game.moves().chunks(12).enumerate() {
            let line: Vec<String> = chunk.iter().map(|m| m.to_string()).collect();
            println!("{:>4}. {}", i * 12 + 1, line.join(" "));
        }
        println!("final: {}", game.position().to_sfen());
        match game.outcome() {
            Some(outcome) => println!("outcome after {} plies: {outcome}\n", game.moves().len()),
            None => println!("unfinished\n"),
        }
    }
    Ok(())
}
