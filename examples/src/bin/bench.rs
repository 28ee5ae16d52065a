//! Perft speed against the peer crates rsshogi and haitaka, measured in the
//! same run (the machines are noisy: each row is the best of several
//! interleaved repetitions).
//!
//! ```text
//! cargo run --release -p shogi-examples --bin bench [-- --reps N]
//! ```

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shogi_core::{perft, perft_without_bulk, Move, Position, Variant};
use shogi_variants::{
    Base, CardGame, CardSettings, Minishogi, MustCapture, MustCaptureSettings, Phase, Referee,
    Standard, TsuitateSettings, STANDARD_START,
};
use std::hint::black_box;
use std::time::Instant;

const POS_593: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

struct Row {
    name: &'static str,
    sfen: &'static str,
    depth: u32,
    bulk: bool,
}

type Runner = fn(&str, u32, bool) -> Result<u64, String>;

fn ours(sfen: &str, depth: u32, bulk: bool) -> Result<u64, String> {
    let mut pos = Standard::default()
        .position_from_sfen(sfen)
        .map_err(|e| e.to_string())?;
    Ok(if bulk {
        perft(&mut pos, depth)
    } else {
        perft_without_bulk(&mut pos, depth)
    })
}

fn time(run: Runner, row: &Row) -> Result<(u64, f64), String> {
    let start = Instant::now();
    let n = run(row.sfen, row.depth, row.bulk)?;
    Ok((n, start.elapsed().as_secs_f64()))
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let reps: usize = match args.iter().position(|a| a == "--reps") {
        Some(i) => args
            .get(i + 1)
            .and_then(|s| s.parse().ok())
            .ok_or("--reps needs a number")?,
        None => 3,
    };
    let rows = [
        Row {
            name: "start, depth 5, bulk",
            sfen: STANDARD_START,
            depth: 5,
            bulk: true,
        },
        Row {
            name: "start, depth 5, every leaf made",
            sfen: STANDARD_START,
            depth: 5,
            bulk: false,
        },
        Row {
            name: "593 position, depth 3, bulk",
            sfen: POS_593,
            depth: 3,
            bulk: true,
        },
    ];
    let engines: [(&str, Runner); 3] = [
        ("shogi-variants", ours),
        ("rsshogi", shogi_peers::rsshogi_perft),
        ("haitaka", shogi_peers::haitaka_perft),
    ];
    println!("perft speed, M nodes/s (best of {reps}; higher is better)\n");
    println!("| row | nodes | shogi-variants | rsshogi | haitaka | ratio to fastest peer |");
    println!("|---|---:|---:|---:|---:|---:|");
    for row in &rows {
        let mut best = [f64::INFINITY; 3];
        let mut nodes = [0u64; 3];
        for _ in 0..reps {
            for (i, (_, run)) in engines.iter().enumerate() {
                let (n, secs) = time(*run, row)?;
                nodes[i] = n;
                best[i] = best[i].min(secs);
            }
        }
        if nodes.iter().any(|&n| n != nodes[0]) {
            return Err(format!("{}: node counts differ: {nodes:?}", row.name));
        }
        let mnps = best.map(|s| nodes[0] as f64 / s / 1e6);
        let ratio = mnps[0] / mnps[1].max(mnps[2]);
        println!(
            "| {} | {} | {:.1} | {:.1} | {:.1} | {:.2}x |",
            row.name, nodes[0], mnps[0], mnps[1], mnps[2], ratio
        );
    }
    let mini = Minishogi::default();
    let mut best = f64::INFINITY;
    let mut n = 0;
    for _ in 0..reps {
        let mut pos = mini.start_position();
        let start = Instant::now();
        n = perft(&mut pos, 6);
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!("\nminishogi start, depth 6, bulk: {n} nodes, {:.1} M nodes/s (no peer implements minishogi)", n as f64 / best / 1e6);
    must_capture_rows(reps);
    hidden_and_chance_costs(reps)
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
