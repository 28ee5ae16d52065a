//! The peer half of the rule tests: every standard-shogi position written in
//! `shogi-variants/tests/rules.rs` and `shogi-variants/tests/game.rs` (their
//! SFEN string literals, and their `position ...` USI commands replayed) has
//! the same legal moves by rsshogi and haitaka as by us, and so has every
//! position one move further on.
//!
//! The rule tests keep their own expected answers; this file reads their
//! source, so a position added there is cross-checked here without being
//! listed twice. rsshogi must agree exactly. haitaka 0.3 may list a pawn drop
//! that mates (a known haitaka bug, `positions.txt`), which is accepted only
//! after checking that the drop really mates; it must lack nothing we list.

use shogi_core::{Position, PositionCommand, Variant};
use shogi_variants::Standard;

mod peer_compare;
use peer_compare::compare;

/// The rule-test sources whose positions are cross-checked.
const SOURCES: [(&str, &str); 2] = [
    (
        "rules.rs",
        include_str!("../../shogi-variants/tests/rules.rs"),
    ),
    (
        "game.rs",
        include_str!("../../shogi-variants/tests/game.rs"),
    ),
];

/// The contents of the string literals of Rust source `text` (escapes kept
/// as written: an SFEN or USI command has none).
fn string_literals(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for line in text.lines() {
        // Only code: a comment's quotes are not literals.
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(start) = rest.find('"') {
            let body = &rest[start + 1..];
            let mut end = None;
            let mut escaped = false;
            for (i, c) in body.char_indices() {
                match c {
                    '\\' if !escaped => escaped = true,
                    '"' if !escaped => {
                        end = Some(i);
                        break;
                    }
                    _ => escaped = false,
                }
            }
            let Some(end) = end else { break };
            out.push(&body[..end]);
            rest = &body[end + 1..];
        }
    }
    out
}

/// The standard positions a literal stands for: an SFEN we accept, or the
/// position a `position ...` command reaches (with its start).
fn positions_of(literal: &str) -> Vec<Position> {
    let variant = Standard::default();
    if literal.starts_with("position ") {
        let Ok(cmd) = literal.parse::<PositionCommand>() else {
            return Vec::new();
        };
        let Ok(game) = cmd.to_game(variant) else {
            return Vec::new();
        };
        return vec![game.start_position().clone(), game.position().clone()];
    }
    if literal.matches('/').count() != 8 {
        return Vec::new();
    }
    variant.position_from_sfen(literal).into_iter().collect()
}

/// Compares both peers with us at `pos` and, below it, to `depth` more plies;
/// returns the number of positions compared and of haitaka's mating pawn drops.
fn tree_agrees(pos: &mut Position, depth: u32) -> (usize, usize) {
    let sfen = pos.to_sfen();
    let rs = shogi_peers::rsshogi_legal_moves(&sfen)
        .unwrap_or_else(|e| panic!("rsshogi rejects {sfen}: {e}"));
    assert_eq!(compare(pos, "rsshogi", &rs), 0, "rsshogi, {sfen}");
    let hk = shogi_peers::haitaka_legal_moves(&sfen)
        .unwrap_or_else(|e| panic!("haitaka rejects {sfen}: {e}"));
    let mut counts = (1, compare(pos, "haitaka", &hk));
    if depth > 0 {
        for mv in pos.legal_moves() {
            let undo = pos.play_unchecked(mv);
            let (n, bad) = tree_agrees(pos, depth - 1);
            pos.undo(mv, undo);
            counts.0 += n;
            counts.1 += bad;
        }
    }
    counts
}

#[test]
fn rule_test_positions_agree_with_rsshogi_and_haitaka() {
    let mut roots: Vec<Position> = Vec::new();
    for (name, text) in SOURCES {
        let before = roots.len();
        for literal in string_literals(text) {
            for pos in positions_of(literal) {
                if !roots.contains(&pos) {
                    roots.push(pos);
                }
            }
        }
        // rules.rs calls `std_pos` on over fifty distinct SFENs.
        let min = if name == "rules.rs" { 50 } else { 5 };
        assert!(
            roots.len() - before >= min,
            "{name}: only {} positions found",
            roots.len() - before
        );
    }
    let (mut compared, mut haitaka_mates) = (0, 0);
    let root_count = roots.len();
    for mut pos in roots {
        let (n, bad) = tree_agrees(&mut pos, 1);
        compared += n;
        haitaka_mates += bad;
    }
    assert!(compared > 4000, "compared only {compared} positions");
    eprintln!(
        "{root_count} positions of the rule tests, {compared} with their children; \
         pawn-drop mates haitaka allowed: {haitaka_mates}"
    );
}

/// The literal scanner finds what it must and nothing in comments.
#[test]
fn string_literals_are_found_outside_comments() {
    let text = "let a = std_pos(\"4k4/9/9/9/9/9/9/9/4K4 b - 1\"); // \"not/this\"\n\
                let b = [\"x\\\"y\", \"z\"];";
    assert_eq!(
        string_literals(text),
        ["4k4/9/9/9/9/9/9/9/4K4 b - 1", "x\\\"y", "z"]
    );
    assert_eq!(positions_of("4k4/9/9/9/9/9/9/9/4K4 b - 1").len(), 1);
    assert_eq!(positions_of("position startpos moves 7g7f").len(), 2);
    assert!(positions_of("rbsgk/4p/5/P4/KGSBR b - 1").is_empty());
}
