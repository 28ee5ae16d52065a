//! Plays one seeded game of each of the five games between random players
//! and prints its moves and outcome; for Card shogi the cards drawn, for
//! Tsuitate shogi what each player was told.
//!
//! ```text
//! cargo run --release -p shogi-examples --bin demo [-- --seed N]
//! ```

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shogi_core::{Color, Move};
use shogi_variants::{Announcement, AnyGame, Phase, GAME_NAMES};

/// Random games can wander; the demo caps the perfect-information and card
/// games at this many plies (the `move_limit` setting, a draw when reached).
const DEMO_MOVE_LIMIT: &str = "300";

fn print_moves(moves: &[String]) {
    for (i, chunk) in moves.chunks(12).enumerate() {
        println!("{:>4}. {}", i * 12 + 1, chunk.join(" "));
    }
}

fn told(a: &Announcement) -> String {
    match a {
        Announcement::Attempted(m) => format!("tried {m}"),
        Announcement::Played => "played".into(),
        Announcement::Foul { count } => format!("FOUL({count})"),
        Announcement::OpponentMoved => "opponent moved".into(),
        Announcement::OpponentFoul { count } => format!("opponent foul({count})"),
        Announcement::Capture { square, kind } => format!("capture {kind} on {square}"),
        Announcement::Check => "check".into(),
        Announcement::GameOver(o) => format!("game over: {o}"),
    }
}

fn pick(rng: &mut ChaCha8Rng, moves: &[Move]) -> Move {
    moves[rng.random_range(0..moves.len())]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = match args.iter().position(|a| a == "--seed") {
        Some(i) => args
            .get(i + 1)
            .and_then(|s| s.parse().ok())
            .ok_or("--seed needs a whole number")?,
        None => 2026,
    };
    for name in GAME_NAMES {
        let limit = if name == "tsuitate" {
            vec![]
        } else {
            vec![("move_limit", DEMO_MOVE_LIMIT)]
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        println!("== {name} (seed {seed}, random vs random) ==");
        let outcome = match AnyGame::new(name, &limit, seed)? {
            AnyGame::Board(mut game) => {
                while !game.is_over() {
                    let mv = pick(&mut rng, &game.legal_moves());
                    game.play(mv)?;
                }
                print_moves(&game.moves().iter().map(Move::to_string).collect::<Vec<_>>());
                println!("final: {}", game.position().to_sfen());
                game.outcome()
            }
            AnyGame::Card(mut game) => {
                while !game.is_over() {
                    if game.phase() == Phase::Draw {
                        game.draw()?;
                    } else {
                        let mv = pick(&mut rng, &game.allowed_moves());
                        game.play(mv)?;
                    }
                }
                // Each turn as card(s):move; "-" when exempt in check; "!" when no move fitted.
                let turns: Vec<String> = game
                    .turns()
                    .iter()
                    .filter(|t| !t.cards.is_empty() || t.mv.is_some())
                    .map(|t| {
                        let cards: Vec<String> = t.cards.iter().map(|c| c.to_string()).collect();
                        let cards = if cards.is_empty() {
                            "-".to_string()
                        } else {
                            cards.join(",")
                        };
                        match t.mv {
                            Some(m) => format!("{cards}:{m}"),
                            None => format!("{cards}:!"),
                        }
                    })
                    .collect();
                print_moves(&turns);
                println!("final: {}", game.position().to_sfen());
                game.outcome()
            }
            AnyGame::Tsuitate(mut referee) => {
                while referee.outcome().is_none() {
                    let view = referee.view(referee.side_to_move());
                    let mv = pick(&mut rng, &view.candidate_moves());
                    referee.attempt(mv)?;
                }
                for color in Color::ALL {
                    let view = referee.view(color);
                    let lines: Vec<String> = view.information_state.iter().map(told).collect();
                    println!("{color:?} was told ({} items):", lines.len());
                    for chunk in lines.chunks(8) {
                        println!("    {}", chunk.join("; "));
                    }
                }
                if let Some((_, end, attempts)) = referee.reveal() {
                    let fouls = attempts.iter().filter(|a| a.foul.is_some()).count();
                    println!(
                        "revealed: {} attempts, {fouls} fouls; true position {}",
                        attempts.len(),
                        end.to_sfen()
                    );
                }
                referee.outcome()
            }
        };
        match outcome {
            Some(o) => println!("outcome: {o}\n"),
            None => println!("unfinished\n"),
        }
    }
    Ok(())
}
