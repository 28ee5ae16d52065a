//! Random games of lishogi's shogiops, replayed through our games: at every
//! position the same board and hands, the same legal moves, and the same
//! end. `data/shogiops-games.tsv` was written by shogiops 0.18.0
//! (`data/fsf-tools/shogiops_games.mjs`, its commands in the file's
//! header): minishogi and kyoto shogi, 10 games of up to 120 plies;
//! checkshogi and annan shogi, 6 games of up to 100 plies.
//!
//! Our games are built by name through `AnyGame::new`: minishogi is the
//! built-in game, checkshogi a definition of shogi's pieces, annan and kyoto
//! the shipped family definitions. Kyoto's letters are converted
//! (`support/shogiops.rs`), and since every kyoto move changes the piece's
//! face, its moves are compared without their `+`/`-`.
//!
//! What shogiops does not play: repetition (a property of the game, not of
//! its positions) and move limits. A game of ours that ends by one of those
//! stops the comparison of that game, and is counted.

#[path = "support/shogiops.rs"]
mod shogiops;

use shogi_core::{Color, EndReason, Move};
use shogi_variants::{AnyGame, GameState};
use std::collections::{BTreeMap, BTreeSet};

const TSV: &str = include_str!("data/shogiops-games.tsv");

/// One position of a shogiops game.
struct Row<'a> {
    rules: &'a str,
    game: &'a str,
    ply: usize,
    sfen: &'a str,
    outcome: &'a str,
    moves: Vec<&'a str>,
    played: &'a str,
}

fn rows() -> Vec<Row<'static>> {
    TSV.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("rules\t") && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 7, "{l}");
            Row {
                rules: f[0],
                game: f[1],
                ply: f[2].parse().expect("ply"),
                sfen: f[3],
                outcome: f[4],
                moves: f[5].split_whitespace().collect(),
                played: f[6],
            }
        })
        .collect()
}

/// A move as compared: our USI, or shogiops' converted; kyoto's without the
/// face change every move makes.
fn canonical(rules: &str, usi: &str) -> String {
    if rules == "kyotoshogi" {
        shogiops::kyoto_drop(usi.trim_end_matches(['+', '-']))
    } else {
        usi.to_owned()
    }
}

/// Our move's text: the family game's letters, else standard USI.
fn usi_of(game: &AnyGame, mv: Move) -> String {
    match game {
        AnyGame::Family(g) => g.usi(mv),
        _ => mv.to_string(),
    }
}

/// The hand field of an SFEN as counts per letter.
fn hand_counts(hand: &str) -> BTreeMap<String, u32> {
    let mut counts = BTreeMap::new();
    let mut n = 0u32;
    let mut plus = false;
    for c in hand.chars() {
        match c {
            '-' => {}
            '0'..='9' => n = n * 10 + c.to_digit(10).unwrap_or(0),
            '+' => plus = true,
            c => {
                let token = if plus { format!("+{c}") } else { c.to_string() };
                *counts.entry(token).or_default() += n.max(1);
                n = 0;
                plus = false;
            }
        }
    }
    counts
}

/// Board, side and hands of an SFEN (the move number left out).
fn position_of(sfen: &str) -> (String, String, BTreeMap<String, u32>) {
    let f: Vec<&str> = sfen.split_whitespace().collect();
    (
        f[0].to_owned(),
        f.get(1).copied().unwrap_or("b").to_owned(),
        hand_counts(f.get(2).copied().unwrap_or("-")),
    )
}

/// shogiops' `result:winner` as our winner (sente is Black).
fn winner_of(outcome: &str) -> Option<Color> {
    match outcome.split_once(':').map(|(_, w)| w) {
        Some("sente") => Some(Color::Black),
        Some("gote") => Some(Color::White),
        _ => None,
    }
}

#[test]
fn shogiops_random_games_agree_move_by_move() {
    let rows = rows();
    let mut games: BTreeMap<(&str, &str), Vec<&Row>> = BTreeMap::new();
    for row in &rows {
        games.entry((row.rules, row.game)).or_default().push(row);
    }
    assert!(games.len() >= 30, "{} games", games.len());
    let (mut positions, mut ends, mut stopped) = (0, 0, 0);
    for ((rules, number), line) in &games {
        let mut game = AnyGame::new(rules, &[], 0).unwrap_or_else(|e| panic!("{rules}: {e}"));
        for row in line {
            let at = format!("{rules} game {number} ply {}", row.ply);
            if let Some(o) = game.outcome() {
                if matches!(o.reason, EndReason::Repetition | EndReason::MoveLimit) {
                    stopped += 1;
                    break;
                }
            }
            let ours = match &game {
                AnyGame::Family(g) => g.sfen(),
                AnyGame::Board(b) => b.position().to_sfen(),
                _ => unreachable!("{rules} is a perfect-information game"),
            };
            let theirs = match *rules {
                "kyotoshogi" => shogiops::shogiops_kyoto(row.sfen),
                _ => row.sfen.to_owned(),
            };
            assert_eq!(position_of(&ours), position_of(&theirs), "{at}: position");
            // The same end, or none.
            assert_eq!(
                game.outcome().map(|o| o.winner),
                (row.outcome != "-").then(|| winner_of(row.outcome)),
                "{at}: end {:?} against shogiops' {}",
                game.outcome(),
                row.outcome
            );
            if row.outcome != "-" {
                ends += 1;
            }
            // The same legal moves.
            let legal = game.legal_moves();
            let by_text: BTreeMap<String, Move> = legal
                .iter()
                .map(|&mv| (canonical(rules, &usi_of(&game, mv)), mv))
                .collect();
            assert_eq!(by_text.len(), legal.len(), "{at}: two moves read alike");
            let ours: BTreeSet<&str> = by_text.keys().map(String::as_str).collect();
            let theirs: BTreeSet<String> = row.moves.iter().map(|m| canonical(rules, m)).collect();
            let theirs: BTreeSet<&str> = theirs.iter().map(String::as_str).collect();
            assert_eq!(
                ours.difference(&theirs).collect::<Vec<_>>(),
                theirs.difference(&ours).collect::<Vec<_>>(),
                "{at}: moves only ours (left) and only shogiops' (right) in {ours:?}"
            );
            positions += 1;
            if row.played == "-" {
                break;
            }
            let mv = by_text[&canonical(rules, row.played)];
            game.play(mv)
                .unwrap_or_else(|e| panic!("{at}: {}: {e}", row.played));
        }
    }
    eprintln!("{positions} positions agree, {ends} ends, {stopped} games stopped by repetition or move limit");
    assert!(positions > 2_500 && ends >= 10);
}
