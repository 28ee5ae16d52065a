//! Times a peer's perft: `peer_perft <rsshogi|haitaka> <depth> [--no-bulk] [SFEN]`.
//!
//! Run with `cargo run --release -p shogi-peers --example peer_perft -- haitaka 5`.

use std::time::Instant;

const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let bulk = !args.iter().any(|a| a == "--no-bulk");
    args.retain(|a| a != "--no-bulk");
    let (Some(peer), Some(depth)) = (args.first(), args.get(1).and_then(|d| d.parse().ok())) else {
        eprintln!("usage: peer_perft <rsshogi|haitaka> <depth> [--no-bulk] [SFEN]");
        std::process::exit(2);
    };
    let sfen = if args.len() > 2 {
        args[2..].join(" ")
    } else {
        STARTPOS.to_string()
    };
    let perft = match peer.as_str() {
        "rsshogi" => shogi_peers::rsshogi_perft,
        "haitaka" => shogi_peers::haitaka_perft,
        other => {
            eprintln!("unknown peer {other:?}");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    match perft(&sfen, depth, bulk) {
        Ok(nodes) => {
            let secs = start.elapsed().as_secs_f64();
            println!(
                "{peer} perft({depth}) bulk={bulk}: {nodes} nodes in {secs:.3} s = {:.2} Mnodes/s",
                nodes as f64 / secs / 1e6
            );
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
