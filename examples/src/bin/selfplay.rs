//! Batched random self-play speed, in Rust: steps per second for each game
//! on 1 and 2 threads, with observations and masks written every step.
//!
//! `cargo run --release -p shogi-examples --bin selfplay -- [--games N] [--seconds S] [--no-observations] [--only GAME]`

use shogi_research::selfplay::{Outputs, SelfPlay};
use shogi_variants::GameKind;
use std::time::{Duration, Instant};

fn value(args: &[String], key: &str, default: f64) -> Result<f64, String> {
    match args.iter().position(|a| a == key) {
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{key} needs a number")),
        None => Ok(default),
    }
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let games = value(&args, "--games", 256.0)? as usize;
    let seconds = value(&args, "--seconds", 1.0)?;
    let observe = !args.iter().any(|a| a == "--no-observations");
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1));
    let only = match only {
        Some(o) => {
            Some(GameKind::from_name(o).ok_or_else(|| format!("--only: unknown game '{o}'"))?)
        }
        None => None,
    };
    println!(
        "random self-play, {games} games per batch, observations {}",
        if observe { "on" } else { "off" }
    );
    println!("{:<28} {:>14} {:>14}", "game", "1 thread", "2 threads");
    const OVER_MINISHOGI: &[(&str, &str)] = &[("base", GameKind::Minishogi.name())];
    let kinds: [(GameKind, &[(&str, &str)]); 7] = [
        (GameKind::Standard, &[]),
        (GameKind::Minishogi, &[]),
        (GameKind::MustCapture, &[]),
        (GameKind::Card, &[]),
        (GameKind::Card, OVER_MINISHOGI),
        (GameKind::Tsuitate, &[]),
        (GameKind::Tsuitate, OVER_MINISHOGI),
    ];
    for (kind, settings) in kinds {
        let name = kind.name();
        if only.is_some_and(|o| o != kind) {
            continue;
        }
        let mut row = Vec::new();
        for threads in [1, 2] {
            let mut batch = SelfPlay::new(name, settings, games, threads, 1, Some(512))
                .map_err(|e| e.to_string())?;
            let mut out =
                Outputs::buffers(games, batch.shape().len(), batch.actions().size() as usize);
            let mut view = out.view();
            if !observe {
                view.observations = None;
            }
            batch.reset(&mut view).map_err(|e| e.to_string())?;
            let (start, mut steps) = (Instant::now(), 0u64);
            while start.elapsed() < Duration::from_secs_f64(seconds) {
                batch.step_random(&mut view).map_err(|e| e.to_string())?;
                steps += games as u64;
            }
            row.push(steps as f64 / start.elapsed().as_secs_f64());
        }
        let label = if settings.is_empty() {
            name.to_owned()
        } else {
            format!("{name} (5×5)")
        };
        println!("{label:<28} {:>12.0}/s {:>12.0}/s", row[0], row[1]);
    }
    Ok(())
}
