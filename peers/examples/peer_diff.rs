//! Compares the two peers on one position:
//! `peer_diff [--moves] <depth> <SFEN> [moves <usi>...]`.
//!
//! Plays the optional USI moves first (with haitaka, printing the resulting SFEN),
//! then prints the legal-move counts (and, with `--moves`, the moves), any move only
//! one peer generates, and the root moves whose subtree counts differ at `depth`.
//! Run with `cargo run --release -p shogi-peers --example peer_diff -- 3 "<sfen>"`.

use shogi_peers::{haitaka_divide, haitaka_legal_moves, rsshogi_divide, rsshogi_legal_moves};
use std::collections::BTreeMap;

fn main() -> Result<(), String> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let show = args.iter().any(|a| a == "--moves");
    args.retain(|a| a != "--moves");
    let usage = "usage: peer_diff [--moves] <depth> <SFEN>";
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).ok_or(usage)?;
    let rest = args.get(1..).ok_or(usage)?;
    let split = rest.iter().position(|a| a == "moves").unwrap_or(rest.len());
    let mut sfen = rest[..split].join(" ");
    if split < rest.len() {
        let mut board = haitaka::Board::from_sfen(&sfen).map_err(|e| e.to_string())?;
        for usi in &rest[split + 1..] {
            let mv: haitaka::Move = usi.parse().map_err(|_| format!("bad move {usi}"))?;
            board
                .try_play(mv)
                .map_err(|_| format!("illegal move {usi}"))?;
        }
        sfen = board.to_string();
        println!("after moves: {sfen}");
    }

    let rs = rsshogi_legal_moves(&sfen)?;
    let hk = haitaka_legal_moves(&sfen)?;
    println!("legal moves: rsshogi {}  haitaka {}", rs.len(), hk.len());
    if show {
        println!("{}", rs.join(" "));
    }
    for mv in rs.iter().filter(|m| !hk.contains(m)) {
        println!("  only rsshogi: {mv}");
    }
    for mv in hk.iter().filter(|m| !rs.contains(m)) {
        println!("  only haitaka: {mv}");
    }
    if depth == 0 {
        return Ok(());
    }
    let rs: BTreeMap<_, _> = rsshogi_divide(&sfen, depth)?.into_iter().collect();
    let hk: BTreeMap<_, _> = haitaka_divide(&sfen, depth)?.into_iter().collect();
    let (rs_total, hk_total): (u64, u64) = (rs.values().sum(), hk.values().sum());
    println!("perft({depth}): rsshogi {rs_total}  haitaka {hk_total}");
    for (mv, n) in &rs {
        if hk.get(mv) != Some(n) {
            println!("  {mv}: rsshogi {n}  haitaka {:?}", hk.get(mv));
        }
    }
    Ok(())
}
