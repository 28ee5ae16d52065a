//! Differential tests against oracle data computed once by independent Python
//! libraries (see the header of each file in `tests/data/` for the exact
//! versions and method; `tests/data/make_oracles.py` regenerates them):
//!
//! - `minishogi_oracle.txt`: minishogi perft counts from minishogilib 0.6.17 and
//!   pyffish 0.0.90 (Fairy-Stockfish), which agree with each other everywhere.
//!   Both generate pawn-drop mates, which RULES.md forbids; their counts were
//!   taken with those drops removed inside the search (the file says where that
//!   changed a count).
//! - `minishogi_moves.txt`: the sorted legal moves of the same positions.
//! - `standard_cshogi.txt`: standard-shogi perft counts from cshogi 1.1.0.

use shogi_core::{perft, Variant};
use shogi_variants::{Minishogi, Standard};

fn data_lines(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split('|').map(str::trim).collect())
}

fn check_counts<V: Variant>(variant: &V, text: &str, min_positions: usize) {
    let mut positions = 0;
    for fields in data_lines(text) {
        let sfen = fields[0];
        let mut pos = variant
            .position_from_sfen(sfen)
            .unwrap_or_else(|e| panic!("{sfen}: {e}"));
        for (depth, expected) in (1..).zip(fields[1].split_whitespace()) {
            let expected: u64 = expected.parse().expect("a count");
            assert_eq!(
                perft(variant, &mut pos, depth, true),
                expected,
                "{sfen} depth {depth} ({})",
                fields.get(2).unwrap_or(&"")
            );
        }
        positions += 1;
    }
    assert!(positions >= min_positions, "only {positions} positions");
}

#[test]
fn minishogi_perft_matches_minishogilib_and_pyffish() {
    check_counts(
        &Minishogi::default(),
        include_str!("data/minishogi_oracle.txt"),
        50,
    );
}

#[test]
fn minishogi_legal_moves_match_minishogilib_and_pyffish() {
    let variant = Minishogi::default();
    let mut positions = 0;
    for fields in data_lines(include_str!("data/minishogi_moves.txt")) {
        let pos = variant.position_from_sfen(fields[0]).expect("valid SFEN");
        let mut ours: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        ours.sort();
        let theirs: Vec<&str> = fields
            .get(1)
            .map(|m| m.split_whitespace().collect())
            .unwrap_or_default();
        assert_eq!(ours, theirs, "{}", fields[0]);
        positions += 1;
    }
    assert!(positions >= 50, "only {positions} positions");
}

#[test]
fn standard_perft_matches_cshogi() {
    check_counts(
        &Standard::default(),
        include_str!("data/standard_cshogi.txt"),
        25,
    );
}
