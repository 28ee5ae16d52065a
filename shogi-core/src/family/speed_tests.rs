//! Speed of the family engine, for orientation (ignored; run with
//! `cargo test --release -p shogi-variants-core --lib family::speed -- --ignored --nocapture`).

use super::testing::{dobutsu_spec, minishogi_spec, standard_spec};
use super::{FamilyPosition, FamilySpec, PieceTable};
use std::sync::Arc;
use std::time::Instant;

/// Bulk perft of `depth` from `sfen`, printed with its speed.
fn measure(name: &str, spec: &FamilySpec, sfen: &str, depth: u32) -> u64 {
    let table = Arc::new(PieceTable::new(spec).unwrap());
    let mut pos = FamilyPosition::from_sfen(sfen, table.clone()).unwrap();
    let start = Instant::now();
    let nodes = pos.perft(depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{name:<10} depth {depth}: {nodes:>10} nodes in {secs:.3} s = {:.1} M nodes/s (table {} bytes)",
        nodes as f64 / secs / 1e6,
        table.bytes()
    );
    nodes
}

#[test]
#[ignore = "a measurement: run in release with --nocapture"]
fn family_perft_speed() {
    let standard = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    assert_eq!(measure("standard", &standard_spec(), standard, 5), 19861490);
    assert_eq!(
        measure(
            "minishogi",
            &minishogi_spec(),
            "rbsgk/4p/5/P4/KGSBR b - 1",
            6
        ),
        8276188
    );
    // Fairy-Stockfish c19b5f6c `go perft 8`: 5866031.
    assert_eq!(
        measure("dobutsu", &dobutsu_spec(), "gle/1c1/1C1/ELG b - 1", 8),
        5866031
    );
}
