//! Solves a file of mate problems with the df-pn solver and prints what it
//! found, problem by problem and by length band.
//!
//! ```text
//! cargo run --release --bin tsume -- PROBLEMS.tsv [--nodes N] [--table-mb M] [--first]
//! ```
//!
//! `--first` stops at the first mate proved instead of shortening it until
//! it is proved shortest (`MateLimits::shortest = false`).
//!
//! The file (e.g. `shogi-players/tests/data/tsume.tsv`) has `#` comment
//! lines and a header line, then one problem per line: an SFEN
//! (standard shogi, read by the problem conventions: the attacker may have
//! no king, the defender holds the rest of the pieces), a tab, the stated
//! length in plies (or `nomate`, or `?`), and anything after another tab.
//! Every mate found is checked with `verify_mate`.

use shogi_core::Variant;
use shogi_players::{verify_defence, verify_mate, MateLimits, MateResult, MateSolver};
use shogi_variants::Standard;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: tsume PROBLEMS.tsv [--nodes N] [--table-mb M] [--first]");
        std::process::exit(2);
    };
    let flag = |name: &str, default: u64| -> u64 {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(|v| {
                v.parse().unwrap_or_else(|_| {
                    eprintln!("{name} wants a whole number, not '{v}'");
                    std::process::exit(2)
                })
            })
            .unwrap_or(default)
    };
    let nodes = flag("--nodes", 1_000_000);
    let table_mb = flag("--table-mb", 64) as usize;
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1)
    });
    let v = Standard::default();
    let mut solver = MateSolver::with_table_bytes(table_mb << 20);
    let limits = MateLimits {
        nodes: Some(nodes),
        shortest: !args.iter().any(|a| a == "--first"),
        ..MateLimits::default()
    };
    let (mut solved, mut total_nodes, mut wrong) = (0, 0u64, 0);
    let start = Instant::now();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("sfen\t") {
            continue;
        }
        let mut fields = line.split('\t');
        let (Some(sfen), Some(stated)) = (fields.next(), fields.next()) else {
            continue;
        };
        let pos = match v.problem_from_sfen(sfen) {
            Ok(p) => p,
            Err(e) => {
                println!("{n}\t{stated}\terror\t{e}");
                continue;
            }
        };
        let t = Instant::now();
        // A problem given at the defender's turn, in check: is it mated?
        let report = if pos.is_check() {
            solver.solve_defence(&v, &pos, &limits)
        } else {
            solver.solve(&v, &pos, &limits)
        };
        let secs = t.elapsed().as_secs_f64();
        total_nodes += report.nodes;
        let (what, plies) = match &report.result {
            MateResult::Mate(l) => {
                solved += 1;
                let verified = if pos.is_check() {
                    verify_defence(&v, &pos, l, 2_000)
                } else {
                    verify_mate(&v, &pos, l, 2_000)
                };
                if let Err(e) = verified {
                    wrong += 1;
                    println!("{n}\tWRONG LINE: {e}");
                }
                ("mate", l.len().to_string())
            }
            MateResult::NoMate => {
                if stated.parse::<u32>().is_ok() {
                    wrong += 1;
                }
                ("nomate", String::new())
            }
            MateResult::Timeout => ("unknown", String::new()),
        };
        println!(
            "{n}\t{stated}\t{what}\t{plies}\t{}\t{}\t{secs:.3}",
            if report.shortest { "shortest" } else { "" },
            report.nodes
        );
    }
    println!(
        "solved {solved}, wrong {wrong}, nodes {total_nodes}, {:.2} s",
        start.elapsed().as_secs_f64()
    );
}
