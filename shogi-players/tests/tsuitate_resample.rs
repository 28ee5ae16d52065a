//! A measurement of Tsuitate's `Referee::resample` on belief-player games
//! (it needs the players, so it lives with them).

use shogi_core::Color;
use shogi_variants::{Base, Referee, TsuitateSettings};

/// Measures [`Referee::resample`] on belief-player games: seeded
/// BeliefPlayer-vs-BeliefPlayer games, resampled for both colours at
/// attempts 40, 80, 120, …; prints each failure and the time per call.
/// `RESAMPLE_GAMES` (default 12) games, `RESAMPLE_BASE=minishogi` for 5x5.
/// Run with `cargo test -p shogi-players --test tsuitate_resample -- --ignored
/// --nocapture resample_on_belief_player_games`.
#[test]
#[ignore = "a measurement, slow"]
fn resample_on_belief_player_games() {
    use shogi_players::{BeliefPlayer, Observation, Player};
    use std::time::{Duration, Instant};
    let games: u64 = std::env::var("RESAMPLE_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12);
    let base = match std::env::var("RESAMPLE_BASE").as_deref() {
        Ok("minishogi") => Base::MINISHOGI,
        _ => Base::STANDARD,
    };
    let settings = TsuitateSettings {
        base,
        ..TsuitateSettings::default()
    };
    let (mut checks, mut failures) = (0, 0);
    let mut times: Vec<(usize, Duration)> = Vec::new();
    let mut ok_times: Vec<(usize, Duration)> = Vec::new();
    for g in 0..games {
        let mut referee = Referee::new(settings.clone());
        let mut players = [BeliefPlayer::new(2 * g), BeliefPlayer::new(2 * g + 1)];
        let mut attempts = 0;
        while referee.outcome().is_none() {
            let side = referee.side_to_move();
            let view = referee.view(side);
            let mv = players[side.index()]
                .choose(Observation::tsuitate(&view))
                .expect("a move");
            referee.attempt(mv).expect("a candidate");
            attempts += 1;
            if attempts % 40 != 0 && referee.outcome().is_none() {
                continue;
            }
            if attempts % 40 != 0 {
                break;
            }
            for color in [Color::Black, Color::White] {
                let start = Instant::now();
                let result = referee.resample(color, g * 1000 + attempts as u64);
                let took = start.elapsed();
                checks += 1;
                times.push((attempts, took));
                match result {
                    Ok(sample) => {
                        assert_eq!(sample.view(color), referee.view(color));
                        ok_times.push((attempts, took));
                    }
                    Err(e) => {
                        failures += 1;
                        println!("game {g} attempt {attempts} {color:?}: {e} ({took:?})");
                    }
                }
            }
        }
    }
    println!("{base:?}: {failures}/{checks} failures");
    for (at, what, times) in [40, 80, 120]
        .into_iter()
        .flat_map(|at| [(at, "all", &times), (at, "found", &ok_times)])
    {
        let mut t: Vec<Duration> = times
            .iter()
            .filter(|&&(a, _)| a == at)
            .map(|&(_, d)| d)
            .collect();
        t.sort();
        if let (Some(median), Some(worst)) = (t.get(t.len() / 2), t.last()) {
            println!(
                "attempt {at} ({what}): {} calls, median {median:?}, worst {worst:?}",
                t.len()
            );
        }
    }
}
