//! Plays one seeded game of every kind of game the library has, the
//! library's computer player for the game (Black) against a random player
//! (White), and prints its moves and outcome: in Japanese notation for the
//! board games, the cards drawn for Card shogi, what each player was told
//! for Tsuitate shogi. The user-defined kinds are played like the others: a
//! shipped definition (Judkins shogi, 6×6) and a variant scripted by this
//! program (minishogi without drops). Then games of the shogi family, whose
//! definitions give pieces of their own (dobutsu, kyoto shogi), moves in
//! USI with their letters. Then a short match of each computer player
//! against random.
//!
//! ```text
//! cargo run --release -p shogi-examples --bin demo [-- --seed N]
//! ```

use shogi_core::notation::japanese;
use shogi_core::{Color, Move, MoveList, Position};
use shogi_players::{
    play_match, BeliefPlayer, Budget, CardExpectimaxPlayer, MatchSettings, Observation, Player,
    RandomPlayer, SearchPlayer,
};
use shogi_variants::modifier::BaseFilter;
use shogi_variants::{AnyGame, AnyVariant, GameKind, GameState, Hooks, Phase, Scripted};
use std::sync::Arc;

/// Random games can wander; the demo caps the perfect-information and card
/// games at this many plies (the `move_limit` setting, a draw when reached).
const DEMO_MOVE_LIMIT: &str = "300";

/// The shipped family definitions the demo plays (pieces of their own).
const FAMILY: [&str; 2] = ["dobutsu", "kyotoshogi"];

/// The scripted variant the demo registers and plays.
const SCRIPT: &str = "minishogi-no-drops";

/// Minishogi in which captured pieces stay off the board: the hooks of the
/// demo's scripted variant.
#[derive(Debug)]
struct NoDrops;

impl BaseFilter for NoDrops {
    fn filter(&self, _base: &AnyVariant, _pos: &Position, moves: &mut MoveList) {
        moves.retain(|m| !m.is_drop());
    }
}

impl Hooks for NoDrops {
    fn move_filter(&self) -> Option<&dyn BaseFilter> {
        Some(self)
    }
}

/// What makes a game of `kind` the one the demo plays (a definition, a
/// script), without any limit. Every kind is named here, so a new kind
/// cannot be added without the demo saying what it plays.
fn game_of(kind: GameKind) -> Vec<(&'static str, &'static str)> {
    match kind {
        GameKind::Defined => vec![("definition", "judkins")],
        GameKind::Scripted => vec![("name", SCRIPT)],
        GameKind::Standard
        | GameKind::Minishogi
        | GameKind::MustCapture
        | GameKind::Card
        | GameKind::Tsuitate => vec![],
    }
}

/// [`game_of`] with the demo's move limit, for the kinds that take one here
/// (Tsuitate keeps its own: 150 played moves by the rules).
fn game_with_limit(kind: GameKind) -> Vec<(&'static str, &'static str)> {
    let mut settings = game_of(kind);
    if kind != GameKind::Tsuitate {
        settings.push(("move_limit", DEMO_MOVE_LIMIT));
    }
    settings
}

/// How the demo names a game: the kind, and the definition or script played.
fn title(kind: GameKind) -> String {
    match game_of(kind).first() {
        Some((_, what)) => format!("{} ({what})", kind.name()),
        None => kind.name().to_owned(),
    }
}

fn print_moves(moves: &[String]) {
    for (i, chunk) in moves.chunks(12).enumerate() {
        println!("{:>4}. {}", i * 12 + 1, chunk.join(" "));
    }
}

/// The library's computer player for a game.
fn computer(kind: GameKind, seed: u64) -> Box<dyn Player> {
    match kind {
        GameKind::Card => Box::new(CardExpectimaxPlayer::new()),
        GameKind::Tsuitate => Box::new(BeliefPlayer::new(seed)),
        GameKind::Standard
        | GameKind::Minishogi
        | GameKind::MustCapture
        | GameKind::Defined
        | GameKind::Scripted => Box::new(SearchPlayer::new(Budget::Nodes(20_000))),
    }
}

/// The player of `color`: the computer for Black, random for White.
fn seat<'a>(
    color: Color,
    black: &'a mut dyn Player,
    white: &'a mut RandomPlayer,
) -> &'a mut dyn Player {
    match color {
        Color::Black => black,
        Color::White => white,
    }
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
    // Registered once, the script is a variant like any other.
    Scripted::register(
        SCRIPT,
        AnyVariant::from_name("minishogi")?,
        Arc::new(NoDrops),
    )?;
    let family = FAMILY.map(|name| (GameKind::Defined, Some(name)));
    for (kind, family_name) in GameKind::ALL.map(|k| (k, None)).into_iter().chain(family) {
        let name = family_name.map_or_else(|| title(kind), |f| format!("defined ({f})"));
        let mut black = computer(kind, seed);
        let mut white = RandomPlayer::new(seed);
        println!(
            "== {name} (seed {seed}): {} (Black) vs random (White) ==",
            black.name()
        );
        let game = match family_name {
            Some(f) => AnyGame::new(f, &[("move_limit", DEMO_MOVE_LIMIT)], seed)?,
            None => AnyGame::of_kind(kind, &game_with_limit(kind), seed)?,
        };
        let outcome = match game {
            AnyGame::Board(mut game) => {
                let mut written = Vec::new();
                while !game.is_over() {
                    let mover = game.position().side_to_move();
                    let player = seat(mover, black.as_mut(), &mut white);
                    let mv: Move = player.choose(Observation::board(&game)).ok_or("no move")?;
                    let last = game.moves().last().map(|m| m.to());
                    written.push(japanese::write(game.position(), mv, last));
                    game.play(mv)?;
                }
                print_moves(&written);
                println!("final: {}", game.position().to_sfen());
                game.outcome()
            }
            AnyGame::Card(mut game) => {
                while !game.is_over() {
                    if game.phase() == Phase::Draw {
                        game.draw()?;
                    } else {
                        let mover = game.position().side_to_move();
                        let player = seat(mover, black.as_mut(), &mut white);
                        let mv = player.choose(Observation::card(&game)).ok_or("no move")?;
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
                    // Each player sees only its own view, never the referee.
                    let mover = referee.side_to_move();
                    let view = referee.view(mover);
                    let player = seat(mover, black.as_mut(), &mut white);
                    let mv = player
                        .choose(Observation::tsuitate(&view))
                        .ok_or("no move")?;
                    referee.attempt(mv)?;
                }
                for color in Color::ALL {
                    let view = referee.view(color);
                    let lines: Vec<String> = view
                        .information_state
                        .iter()
                        .map(ToString::to_string)
                        .collect();
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
            AnyGame::Family(mut game) => {
                let mut written = Vec::new();
                while game.outcome().is_none() {
                    let mover = game.side_to_move();
                    let player = seat(mover, black.as_mut(), &mut white);
                    let mv = player.choose(game.observation(mover)).ok_or("no move")?;
                    written.push(game.usi(mv));
                    game.play(mv)?;
                }
                print_moves(&written);
                println!("final: {}", game.sfen());
                game.outcome()
            }
        };
        match outcome {
            Some(o) => println!("outcome: {o}\n"),
            None => println!("unfinished\n"),
        }
    }

    println!("== short matches against random (colours alternate) ==");
    for kind in GameKind::ALL {
        let settings = MatchSettings {
            games: 10,
            max_plies: 600,
            seed,
            ..MatchSettings::default()
        };
        let mut computer = computer(kind, seed);
        let result = play_match(
            kind.name(),
            &game_of(kind),
            computer.as_mut(),
            &mut RandomPlayer::new(seed + 1),
            &settings,
        )?;
        println!("{:>32}: {}", title(kind), result.summary());
    }
    for name in FAMILY {
        let settings = MatchSettings {
            games: 10,
            max_plies: 600,
            seed,
            ..MatchSettings::default()
        };
        let mut computer = computer(GameKind::Defined, seed);
        let result = play_match(
            name,
            &[],
            computer.as_mut(),
            &mut RandomPlayer::new(seed + 1),
            &settings,
        )?;
        println!("{:>32}: {}", format!("defined ({name})"), result.summary());
    }
    Ok(())
}
