//! Perft from the command line.
//!
//! ```text
//! cargo run --release -p shogi-examples --bin perft -- [--variant NAME] [--sfen SFEN]
//!     [--set KEY=VALUE]... [--no-bulk] [--divide] DEPTH
//! ```
//!
//! `NAME` may be a shipped family definition (`dobutsu`, `kyotoshogi`, ...:
//! pieces of their own), played by the family engine; `--no-bulk` and
//! `--set` are then refused (it counts in bulk, and house rules do not
//! change moves).
//!
//! The last line on stdout is the node count as a bare integer; `--divide`
//! first prints `USI: count` for each root move. Timing goes to stderr. Bad
//! arguments or a bad SFEN: a message on stderr and exit code 2.

use shogi_core::family::notation;
use shogi_core::Variant;
use shogi_variants::{AnyVariant, FamilyDefinition, GameKind};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str =
    "usage: perft [--variant NAME] [--sfen SFEN] [--set KEY=VALUE]... [--no-bulk] [--divide] DEPTH";

struct Args {
    variant: String,
    sfen: Option<String>,
    settings: Vec<String>,
    bulk: bool,
    divide: bool,
    depth: u32,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut parsed = Args {
        variant: GameKind::Standard.name().into(),
        sfen: None,
        settings: Vec::new(),
        bulk: true,
        divide: false,
        depth: 0,
    };
    let mut depth = None;
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--variant" => parsed.variant = value("--variant")?,
            "--sfen" => parsed.sfen = Some(value("--sfen")?),
            "--set" => parsed.settings.push(value("--set")?),
            "--no-bulk" => parsed.bulk = false,
            "--divide" => parsed.divide = true,
            "-h" | "--help" => return Err(String::new()),
            other if other.starts_with("--") => return Err(format!("unknown option {other}")),
            other => {
                if depth.is_some() {
                    return Err(format!("unexpected argument '{other}'"));
                }
                depth = Some(
                    other
                        .parse::<u32>()
                        .map_err(|_| format!("DEPTH must be a whole number, not '{other}'"))?,
                );
            }
        }
    }
    parsed.depth = depth.ok_or("missing DEPTH")?;
    Ok(parsed)
}

/// Perft of a shipped family definition.
fn run_family(args: &Args, definition: &FamilyDefinition) -> Result<(), String> {
    if !args.bulk || !args.settings.is_empty() {
        return Err(format!(
            "{} is a family definition: its perft counts in bulk, without --set",
            definition.name
        ));
    }
    let mut pos = match &args.sfen {
        Some(sfen) => definition.position_from_sfen(sfen),
        None => definition.position(),
    }
    .map_err(|e| e.to_string())?;
    let start = Instant::now();
    let total = if args.divide && args.depth > 0 {
        let before = pos.clone();
        let mut lines: Vec<(String, u64)> = pos
            .divide(args.depth)
            .into_iter()
            .map(|(mv, n)| (notation::to_usi(&before, mv), n))
            .collect();
        lines.sort();
        for (usi, n) in &lines {
            println!("{usi}: {n}");
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft(args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{} depth {} (bulk, family engine): {total} nodes in {secs:.3} s, {:.1} M nodes/s",
        definition.name,
        args.depth,
        total as f64 / secs.max(1e-9) / 1e6
    );
    println!("{total}");
    Ok(())
}

fn run(args: Args) -> Result<(), String> {
    if let Some(definition) = FamilyDefinition::builtin(&args.variant) {
        return run_family(&args, &definition);
    }
    let pairs = AnyVariant::parse_key_values(&args.settings).map_err(|e| e.to_string())?;
    let refs: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let variant =
        AnyVariant::with_named_settings(&args.variant, &refs).map_err(|e| e.to_string())?;
    let mut pos = match &args.sfen {
        Some(sfen) => variant
            .position_from_sfen(sfen)
            .map_err(|e| e.to_string())?,
        None => variant.start_position(),
    };
    let start = Instant::now();
    let total = if args.divide && args.depth > 0 {
        let mut lines: Vec<(String, u64)> = variant
            .divide(&mut pos, args.depth, args.bulk)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect();
        lines.sort();
        let total = lines.iter().map(|(_, n)| n).sum();
        for (usi, n) in lines {
            println!("{usi}: {n}");
        }
        total
    } else {
        variant.perft(&mut pos, args.depth, args.bulk)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{} depth {} ({}): {total} nodes in {secs:.3} s, {:.1} M nodes/s",
        variant.name(),
        args.depth,
        if args.bulk { "bulk" } else { "no bulk" },
        total as f64 / secs.max(1e-9) / 1e6
    );
    println!("{total}");
    Ok(())
}

fn main() -> ExitCode {
    match parse_args(std::env::args().skip(1)) {
        Err(msg) => {
            if !msg.is_empty() {
                eprintln!("perft: {msg}");
            }
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
        Ok(args) => match run(args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(msg) => {
                eprintln!("perft: {msg}");
                ExitCode::from(2)
            }
        },
    }
}
