//! Speed of our perft and of the variants' operations, each row the best of
//! several repetitions (the machines are noisy). The race against the peer
//! crates rsshogi and haitaka on the same rows is in the peers crate
//! (`cargo bench -p shogi-peers --bench race`), so that this program builds no
//! peer.
//!
//! ```text
//! cargo run --release -p shogi-examples --bin bench [-- --reps N] [--family]
//! ```
//!
//! `--family` runs only the random playouts of family games (definitions
//! with pieces of their own, played through the `GameState` contract).

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shogi_core::{Move, Position, Variant};
use shogi_variants::{
    Base, CardGame, CardSettings, Defined, FamilyGame, GameState, Minishogi, MustCapture,
    MustCaptureSettings, Phase, Referee, Standard, TsuitateSettings, STANDARD_START,
};
use std::hint::black_box;
use std::time::Instant;

/// The maximum-moves position (593 legal moves).
const POS_593: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let reps: usize = match args.iter().position(|a| a == "--reps") {
        Some(i) => args
            .get(i + 1)
            .and_then(|s| s.parse().ok())
            .ok_or("--reps needs a number")?,
        None => 3,
    };
    if args.iter().any(|a| a == "--family") {
        return family_playout_rows(reps);
    }
    perft_rows(reps)?;
    defined_rows(reps)?;
    must_capture_rows(reps);
    hidden_and_chance_costs(reps)?;
    family_playout_rows(reps)
}

/// Seeded random games of family definitions played through the
/// `GameState` contract as a caller plays them (the legal moves listed,
/// one picked and played, which checks it and tests the end): games and
/// plies per second, best of `reps`.
fn family_playout_rows(reps: usize) -> Result<(), String> {
    const GAMES: u64 = 2000;
    const MOVE_LIMIT: usize = 200;
    println!("
random playouts of family games through GameState ({GAMES} games of at most {MOVE_LIMIT} plies, best of {reps})\n");
    println!("| game | plies | games/s | plies/s |");
    println!("|---|---:|---:|---:|");
    for name in ["dobutsu", "kyotoshogi"] {
        let start = FamilyGame::builtin(name).map_err(|e| e.to_string())?;
        let (mut best, mut plies) = (f64::INFINITY, 0);
        for _ in 0..reps {
            let timer = Instant::now();
            plies = 0;
            for seed in 0..GAMES {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut game = start.clone();
                for _ in 0..MOVE_LIMIT {
                    let moves = game.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.random_range(0..moves.len())];
                    game.play(mv).map_err(|e| e.to_string())?;
                    plies += 1;
                }
                black_box(game.outcome());
            }
            best = best.min(timer.elapsed().as_secs_f64());
        }
        println!(
            "| {name} | {plies} | {:.0} | {:.0} |",
            GAMES as f64 / best,
            plies as f64 / best
        );
    }
    Ok(())
}

/// Our perft on the rows the race against the peers uses, and minishogi.
fn perft_rows(reps: usize) -> Result<(), String> {
    let standard = Standard::default();
    let rows: [(&str, &str, u32, bool); 3] = [
        ("start, depth 5, bulk", STANDARD_START, 5, true),
        ("start, depth 5, every leaf made", STANDARD_START, 5, false),
        ("593 position, depth 3, bulk", POS_593, 3, true),
    ];
    println!("perft speed, M nodes/s (best of {reps}; higher is better)\n");
    println!("| row | nodes | shogi-variants |");
    println!("|---|---:|---:|");
    for (name, sfen, depth, bulk) in rows {
        let start_pos = standard
            .position_from_sfen(sfen)
            .map_err(|e| e.to_string())?;
        let (mut best, mut n) = (f64::INFINITY, 0);
        for _ in 0..reps {
            let mut pos = start_pos.clone();
            let start = Instant::now();
            n = standard.perft(&mut pos, depth, bulk);
            best = best.min(start.elapsed().as_secs_f64());
        }
        println!("| {name} | {n} | {:.1} |", n as f64 / best / 1e6);
    }
    let mini = Minishogi::default();
    let mut best = f64::INFINITY;
    let mut n = 0;
    for _ in 0..reps {
        let (nodes, secs) = timed_perft(&mini, 6);
        n = nodes;
        best = best.min(secs);
    }
    println!("\nminishogi start, depth 6, bulk: {n} nodes, {:.1} M nodes/s (no peer implements minishogi)", n as f64 / best / 1e6);
    Ok(())
}

/// A built-in game against the same game from its shipped definition file,
/// interleaved: the definition compiles to the same data the core uses, so
/// the ratio should be 1 within noise.
fn defined_rows(reps: usize) -> Result<(), String> {
    println!("\nbuilt-in games against their definition files, perft from the start, bulk, interleaved\n");
    println!("| row | nodes | built-in M nodes/s | defined M nodes/s | ratio |");
    println!("|---|---:|---:|---:|---:|");
    let defined = |name: &str| Defined::builtin(name).ok_or(format!("{name}.toml is shipped"));
    against_file(
        "standard, depth 5",
        &Standard::default(),
        &defined("standard")?,
        5,
        reps,
    )?;
    against_file(
        "minishogi, depth 6",
        &Minishogi::default(),
        &defined("minishogi")?,
        6,
        reps,
    )
}

/// One row of [`defined_rows`]: `builtin` and `from_file` timed in turn.
fn against_file<B: Variant>(
    name: &str,
    builtin: &B,
    from_file: &Defined,
    depth: u32,
    reps: usize,
) -> Result<(), String> {
    let (mut b, mut d, mut n) = (f64::INFINITY, f64::INFINITY, 0);
    for _ in 0..reps {
        let (bn, bs) = timed_perft(builtin, depth);
        let (dn, ds) = timed_perft(from_file, depth);
        if bn != dn {
            return Err(format!("{name}: {bn} nodes built in, {dn} from the file"));
        }
        (n, b, d) = (bn, b.min(bs), d.min(ds));
    }
    let rate = |s: f64| n as f64 / s / 1e6;
    println!(
        "| {name} | {n} | {:.1} | {:.1} | {:.2}x |",
        rate(b),
        rate(d),
        b / d
    );
    Ok(())
}

/// Nodes and seconds of `variant`'s perft from its start position.
fn timed_perft<V: Variant>(variant: &V, depth: u32) -> (u64, f64) {
    let mut pos = variant.start_position();
    let start = Instant::now();
    let n = variant.perft(&mut pos, depth, true);
    (n, start.elapsed().as_secs_f64())
}

fn must_capture_rows(reps: usize) {
    // The must-capture tree is narrower (captures are forced), so on minishogi
    // it is searched deeper (depth 9, about 11 M nodes) than the base (depth 6, 8 M).
    println!("\nmust-capture perft against the base's, same start position, interleaved (target: at least 0.8x)\n");
    println!("| row | base M nodes/s | must-capture nodes | must-capture M nodes/s | ratio |");
    println!("|---|---:|---:|---:|---:|");
    for (base, base_depth, depth) in [(Base::STANDARD, 5, 5), (Base::MINISHOGI, 6, 9)] {
        for flee in [true, false] {
            let mc = MustCapture::with_settings(MustCaptureSettings {
                base,
                may_flee_from_check: flee,
                ..Default::default()
            });
            let base_variant = base.variant();
            let (mut best_base, mut best_mc) = (0.0f64, 0.0f64);
            let mut n = 0;
            for _ in 0..reps.max(5) {
                let (bn, bs) = timed_perft(&base_variant, base_depth);
                best_base = best_base.max(bn as f64 / bs / 1e6);
                let (mn, ms) = timed_perft(&mc, depth);
                n = mn;
                best_mc = best_mc.max(mn as f64 / ms / 1e6);
            }
            println!(
                "| {} start, depth {depth}, may_flee_from_check={flee} | {best_base:.1} | {n} | {best_mc:.1} | {:.2}x |",
                base.name(),
                best_mc / best_base
            );
        }
    }
}

/// The cost of a Tsuitate attempt and of a Card shogi turn, next to one
/// legal move generation, measured over seeded random games.
fn hidden_and_chance_costs(reps: usize) -> Result<(), String> {
    // A random Tsuitate game: record the attempts and the true positions met.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut referee = Referee::new(TsuitateSettings {
        foul_limit: 1000,
        move_limit: Some(300),
        ..Default::default()
    });
    let mut attempts: Vec<Move> = Vec::new();
    let mut positions: Vec<Position> = Vec::new();
    while referee.outcome().is_none() {
        positions.push(referee.true_position().clone());
        let candidates = referee.view(referee.side_to_move()).candidate_moves();
        let mv = candidates[rng.random_range(0..candidates.len())];
        referee.attempt(mv).map_err(|e| e.to_string())?;
        attempts.push(mv);
    }
    let per_op = |f: &mut dyn FnMut() -> usize| {
        let mut best = f64::INFINITY;
        let mut ops = 0;
        for _ in 0..reps.max(3) {
            let start = Instant::now();
            ops = f();
            best = best.min(start.elapsed().as_secs_f64());
        }
        best / ops as f64 * 1e9
    };
    let gen_ns = per_op(&mut || {
        for _ in 0..20 {
            for p in &positions {
                black_box(p.legal_moves());
            }
        }
        20 * positions.len()
    });
    let attempt_ns = per_op(&mut || {
        let mut r = Referee::new(TsuitateSettings {
            foul_limit: 1000,
            move_limit: Some(300),
            ..Default::default()
        });
        for &mv in &attempts {
            black_box(r.attempt(mv).ok());
        }
        attempts.len()
    });
    // A random Card shogi game: record its moves, then time replays (draw + play per turn).
    let settings = CardSettings {
        move_limit: Some(300),
        ..Default::default()
    };
    let mut game = CardGame::new(settings.clone(), 11).map_err(|e| e.to_string())?;
    while !game.is_over() {
        if game.phase() == Phase::Draw {
            game.draw().map_err(|e| e.to_string())?;
        } else {
            let moves = game.allowed_moves();
            game.play(moves[rng.random_range(0..moves.len())])
                .map_err(|e| e.to_string())?;
        }
    }
    let moves: Vec<Move> = game.turns().iter().filter_map(|t| t.mv).collect();
    let turn_ns = per_op(&mut || {
        black_box(CardGame::replay(settings.clone(), 11, moves.iter().copied()).ok());
        moves.len()
    });
    println!("\nper-operation cost (standard board, positions from seeded random games)\n");
    println!("| operation | ns | relative to one legal move generation |");
    println!("|---|---:|---:|");
    println!("| legal move generation (list) | {gen_ns:.0} | 1.00x |");
    println!("| Tsuitate attempt (candidate check + judgement + announcements) | {attempt_ns:.0} | {:.2}x |", attempt_ns / gen_ns);
    println!(
        "| Card shogi turn (draw + allowed moves + play + end tests) | {turn_ns:.0} | {:.2}x |",
        turn_ns / gen_ns
    );
    Ok(())
}
