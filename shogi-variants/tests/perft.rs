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

/// The stoppable count agrees with the plain one, for a variant that
/// filters moves (must-capture) and one that does not, and a stop partway
/// leaves the position as it was.
#[test]
fn perft_until_agrees_and_stops_cleanly() {
    use shogi_core::{divide, divide_until, perft_until};
    use shogi_variants::AnyVariant;
    for name in ["must-capture", "minishogi"] {
        let variant = AnyVariant::from_name(name).expect("a variant");
        let mut pos = variant.start_position();
        let start = pos.clone();
        for bulk in [true, false] {
            let plain = variant.perft(&mut pos, 4, bulk);
            assert_eq!(
                perft_until(&variant, &mut pos, 4, bulk, &mut || false),
                Some(plain)
            );
            let mut asked = 0;
            let stopped = perft_until(&variant, &mut pos, 4, bulk, &mut || {
                asked += 1;
                asked > 5
            });
            assert_eq!(stopped, None, "{name}");
            assert_eq!(pos, start);
        }
        assert_eq!(
            divide_until(&variant, &mut pos, 3, true, &mut || false),
            Some(divide(&variant, &mut pos, 3, true))
        );
        let mut asked = 0;
        let stopped = divide_until(&variant, &mut pos, 3, true, &mut || {
            asked += 1;
            asked > 3
        });
        assert_eq!(stopped, None);
        assert_eq!(pos, start);
    }
}
