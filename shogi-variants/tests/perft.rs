//! Perft against known counts. The shallow ones run in the normal test run;
//! the deep ones are behind `--ignored` (run them with
//! `cargo test --release -p shogi-variants --test perft -- --ignored`).
//!
//! Sources: standard start counts are the published values (also reproduced by
//! rsshogi, haitaka and YaneuraOu); minishogi start counts are the published
//! values used by Fairy-Stockfish and lishogi's test suites; the "593 moves"
//! position is the known maximum-moves position, with its published perft.

use shogi_core::Variant;
use shogi_variants::{Minishogi, Standard};

const POS_593: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

fn check<V: Variant>(variant: V, sfen: &str, expected: &[u64]) {
    let mut pos = variant.position_from_sfen(sfen).expect("valid SFEN");
    for (depth, &n) in (1..).zip(expected) {
        assert_eq!(
            variant.perft(&mut pos, depth, true),
            n,
            "{sfen} depth {depth} (bulk)"
        );
        if n < 1_000_000 {
            assert_eq!(
                variant.perft(&mut pos, depth, false),
                n,
                "{sfen} depth {depth} (no bulk)"
            );
        }
    }
}

#[test]
fn standard_start_to_depth_4() {
    check(Standard::default(), "startpos", &[30, 900, 25470, 719731]);
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn standard_start_depth_5() {
    check(
        Standard::default(),
        "startpos",
        &[30, 900, 25470, 719731, 19861490],
    );
}

#[test]
fn minishogi_start_to_depth_4() {
    check(Minishogi::default(), "startpos", &[14, 181, 2512, 35401]);
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn minishogi_start_depth_5() {
    check(
        Minishogi::default(),
        "startpos",
        &[14, 181, 2512, 35401, 533203],
    );
}

#[test]
fn position_593_to_depth_2() {
    check(Standard::default(), POS_593, &[593, 105677]);
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn position_593_depth_3() {
    check(Standard::default(), POS_593, &[593, 105677, 53393368]);
}
