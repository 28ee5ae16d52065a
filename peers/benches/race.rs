//! Perft speed against the peer crates rsshogi and haitaka, measured in the
//! same run (the machines are noisy: each row is the best of several
//! interleaved repetitions). The rows that measure only us (minishogi,
//! must-capture, Tsuitate and Card shogi costs) are in
//! `cargo run --release -p shogi-examples --bin bench`.
//!
//! ```text
//! cargo bench -p shogi-peers --bench race [-- --reps N]
//! ```

use shogi_core::Variant;
use shogi_variants::{Standard, STANDARD_START};
use std::time::Instant;

/// The maximum-moves position (593 legal moves).
const POS_593: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

struct Row {
    name: &'static str,
    sfen: &'static str,
    depth: u32,
    bulk: bool,
}

type Runner = fn(&str, u32, bool) -> Result<u64, String>;

fn ours(sfen: &str, depth: u32, bulk: bool) -> Result<u64, String> {
    let variant = Standard::default();
    let mut pos = variant
        .position_from_sfen(sfen)
        .map_err(|e| e.to_string())?;
    Ok(variant.perft(&mut pos, depth, bulk))
}

fn time(run: Runner, row: &Row) -> Result<(u64, f64), String> {
    let start = Instant::now();
    let n = run(row.sfen, row.depth, row.bulk)?;
    Ok((n, start.elapsed().as_secs_f64()))
}

fn main() -> Result<(), String> {
    // `cargo bench` passes `--bench`; only `--reps N` is ours.
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
    Ok(())
}
