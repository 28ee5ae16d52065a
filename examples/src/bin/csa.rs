//! Plays games on a CSA protocol server (floodgate's protocol, v1.2.1)
//! with the library's search player: logs in, agrees to the game the server
//! offers, plays it to the server's result (declaring `%KACHI` when the
//! summary's 27-point rule makes it a win), prints the result and logs out
//! ([`shogi_players::csa_client`]).
//!
//! ```text
//! cargo run --release -p shogi-examples --bin csa -- HOST PORT NAME PASSWORD [--nodes N] [--games K]
//! ```
//!
//! On floodgate the password is `<game_name>,<secret>`, for example
//! `floodgate-300-10F,mysecret`. Each game prints one line:
//! `game <id> as black: win (RESIGN) after 87 moves`. The exit status is 0
//! when every game was played to its result, 1 when one could not be (a
//! refused login, a rejected game, a lost connection: the reason is
//! printed), 2 for bad arguments.

use shogi_players::csa_client::play_game;
use shogi_players::{Budget, SearchPlayer};
use std::net::TcpStream;
use std::time::Duration;

fn usage(message: &str) -> ! {
    eprintln!("{message}");
    eprintln!("usage: csa HOST PORT NAME PASSWORD [--nodes N] [--games K]");
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [host, port, name, password, ..] = args.as_slice() else {
        usage("expected a host, a port, a name and a password");
    };
    let port: u16 = port.parse().unwrap_or_else(|_| {
        usage(&format!(
            "the port must be a number from 0 to 65535, not '{port}'"
        ))
    });
    let flag = |flag: &str, default: u64| -> u64 {
        match args.iter().position(|a| a == flag) {
            None => default,
            Some(i) => match args.get(i + 1).map(|v| v.parse::<u64>()) {
                Some(Ok(n)) if n > 0 => n,
                _ => usage(&format!("{flag} wants a whole number of at least 1")),
            },
        }
    };
    let nodes = flag("--nodes", 20_000);
    let games = flag("--games", 1);
    let mut player = SearchPlayer::new(Budget::Nodes(nodes));
    for _ in 0..games {
        let stream = TcpStream::connect((host.as_str(), port)).unwrap_or_else(|e| {
            eprintln!("cannot connect to {host}:{port}: {e}");
            std::process::exit(1)
        });
        // Short lines, each waiting for its answer: no Nagle delay; and no
        // read waits for ever on a server that went silent.
        let _ = stream.set_nodelay(true);
        let _ = stream.set_read_timeout(Some(Duration::from_secs(600)));
        match play_game(stream, name, password, &mut player) {
            Ok((game, _)) => {
                let color = if game.summary.color == shogi_core::Color::Black {
                    "black"
                } else {
                    "white"
                };
                println!(
                    "game {} as {color}: {:?}{} after {} moves",
                    game.summary.game_id,
                    game.result,
                    game.reason.map(|r| format!(" ({r})")).unwrap_or_default(),
                    game.moves.len()
                );
            }
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1)
            }
        }
    }
}
