use shogi_core::*;

fn std_pos(sfen: &str) -> Position {
    Position::from_sfen(sfen, &Geometry::STANDARD, &PieceSet::STANDARD).unwrap()
}

#[test]
fn quick() {
    let mut p = std_pos("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    for (d, n) in [(1, 30), (2, 900), (3, 25470), (4, 719731)] {
        assert_eq!(perft(&mut p, d), n, "depth {d}");
    }
    let mut p = Position::from_sfen(
        "rbsgk/4p/5/P4/KGSBR b - 1",
        &Geometry::MINISHOGI,
        &PieceSet::MINISHOGI,
    )
    .unwrap();
    for (d, n) in [(1, 14), (2, 181), (3, 2512), (4, 35401), (5, 533203)] {
        assert_eq!(perft(&mut p, d), n, "mini depth {d}");
    }
    let mut p = std_pos("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1");
    assert_eq!(perft(&mut p, 1), 593);
    assert_eq!(perft(&mut p, 2), 105677);
}
