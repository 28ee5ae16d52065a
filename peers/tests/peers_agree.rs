//! Both peers reproduce the published perft counts, bulk and non-bulk, and reject
//! bad input with an error instead of panicking.

use shogi_peers::{
    haitaka_divide, haitaka_legal_moves, haitaka_perft, rsshogi_divide, rsshogi_legal_moves,
    rsshogi_perft,
};

const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
/// The position with the largest known number of legal moves (593).
const MAX_MOVES: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

type Perft = fn(&str, u32, bool) -> Result<u64, String>;
const PEERS: [(&str, Perft); 2] = [("rsshogi", rsshogi_perft), ("haitaka", haitaka_perft)];

fn check(sfen: &str, expected: &[(u32, u64)], bulk_modes: &[bool]) {
    for (name, perft) in PEERS {
        for &(depth, nodes) in expected {
            for &bulk in bulk_modes {
                assert_eq!(
                    perft(sfen, depth, bulk),
                    Ok(nodes),
                    "{name} perft({depth}, bulk={bulk}) of {sfen}"
                );
            }
        }
    }
}

#[test]
fn startpos_depth_0_to_4() {
    check(
        STARTPOS,
        &[(0, 1), (1, 30), (2, 900), (3, 25_470), (4, 719_731)],
        &[true, false],
    );
}

#[test]
#[ignore = "slow: ~20M nodes per peer and mode"]
fn startpos_depth_5() {
    check(STARTPOS, &[(5, 19_861_490)], &[true, false]);
}

#[test]
fn max_moves_depth_1_and_2() {
    check(MAX_MOVES, &[(1, 593), (2, 105_677)], &[true, false]);
}

#[test]
#[ignore = "slow: ~53M nodes per peer"]
fn max_moves_depth_3() {
    check(MAX_MOVES, &[(3, 53_393_368)], &[true]);
}

#[test]
fn move_number_is_optional_and_whitespace_is_normalised() {
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL  b  - ";
    check(sfen, &[(2, 900)], &[true]);
}

#[test]
fn legal_moves_are_usi_sorted_and_equal() {
    let rs = rsshogi_legal_moves(STARTPOS).unwrap();
    let hk = haitaka_legal_moves(STARTPOS).unwrap();
    assert_eq!(rs, hk);
    assert_eq!(rs.len(), 30);
    assert!(rs.windows(2).all(|w| w[0] < w[1]), "sorted, no duplicates");
    assert!(rs.contains(&"7g7f".to_string()));
    assert!(rs.contains(&"5i4h".to_string()));

    // Promotions, non-promotions and drops in USI notation.
    let sfen = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";
    let drop = "4k4/9/9/9/9/9/9/9/4K4 b P 1";
    for (sfen, expect) in [
        (sfen, &["8h2b+", "8h2b", "8h3c+", "8h3c"][..]),
        (drop, &["P*5e"]),
    ] {
        for moves in [
            rsshogi_legal_moves(sfen).unwrap(),
            haitaka_legal_moves(sfen).unwrap(),
        ] {
            for mv in expect {
                assert!(moves.contains(&mv.to_string()), "{mv} missing in {sfen}");
            }
        }
    }
}

#[test]
fn max_moves_legal_moves_agree() {
    let rs = rsshogi_legal_moves(MAX_MOVES).unwrap();
    assert_eq!(rs.len(), 593);
    assert_eq!(rs, haitaka_legal_moves(MAX_MOVES).unwrap());
}

#[test]
fn divide_sums_to_perft_and_agrees() {
    let rs = rsshogi_divide(STARTPOS, 3).unwrap();
    let hk = haitaka_divide(STARTPOS, 3).unwrap();
    assert_eq!(rs, hk);
    assert_eq!(rs.len(), 30);
    assert_eq!(rs.iter().map(|(_, n)| n).sum::<u64>(), 25_470);
    assert!(rs.windows(2).all(|w| w[0].0 < w[1].0));
    assert_eq!(rsshogi_divide(STARTPOS, 1).unwrap()[0].1, 1);
    assert!(rsshogi_divide(STARTPOS, 0).is_err());
    assert!(haitaka_divide(STARTPOS, 0).is_err());
}

#[test]
fn bad_sfens_are_errors_not_panics() {
    let bad = [
        "",
        "startpos",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 extra",
        // bad piece letter, bad row length, too many rows
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL/9 b - 1",
        // missing king, two black kings
        "lnsg1gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/4K4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        // side not to move is in check
        "4k4/9/4R4/9/9/9/9/9/4K4 b - 1",
        // nifu on the board, pawn on its last rank, knight on its last two ranks
        "4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1",
        "P3k4/9/9/9/9/9/9/9/4K4 b - 1",
        "4k4/N8/9/9/9/9/9/9/4K4 b - 1",
        // too many pieces in total, garbage hand
        "4k4/9/9/9/9/9/9/9/4K4 b 3R 1",
        "4k4/9/9/9/9/9/9/9/4K4 b 99P 1",
        "4k4/9/9/9/9/9/9/9/4K4 b Q 1",
        "4k4/9/9/9/9/9/9/9/4K4 b K 1",
        "4k4/9/9/9/9/9/9/9/4K4 b 0P 1",
        "4k4/9/9/9/9/9/9/9/4K4 b 2 1",
        "4k4/9/9/9/9/9/9/9/4K4 b P- 1",
        "4k4/9/9/9/9/9/9/9/4K4 b GG 1",
        "4k4/9/9/9/9/9/9/9/4K4 b 99999999999P 1",
        // promoted gold / king, dangling '+', zero-width rank, bad move numbers
        "4k4/9/9/9/9/9/9/4+G4/4K4 b - 1",
        "4k4/9/9/9/9/9/9/9/3+K5 b - 1",
        "4k4/9/9/9/9/9/9/8+/4K4 b - 1",
        "4k4/9/9/0/9/9/9/9/4K4 b - 1",
        "4k4/9/9/9/9/9/9/9/4K4 b - 0",
        "4k4/9/9/9/9/9/9/9/4K4 b - -3",
        "4k4/9/9/9/9/9/9/9/4K4 b - x",
    ];
    for sfen in bad {
        let results = [
            rsshogi_perft(sfen, 2, true).map(|_| ()),
            haitaka_perft(sfen, 2, false).map(|_| ()),
            rsshogi_legal_moves(sfen).map(|_| ()),
            haitaka_legal_moves(sfen).map(|_| ()),
            rsshogi_divide(sfen, 1).map(|_| ()),
            haitaka_divide(sfen, 1).map(|_| ()),
        ];
        for result in results {
            let err = result.expect_err(sfen);
            // Rejected by validation, not by catching a panic inside a peer.
            assert!(!err.contains("panicked"), "{sfen:?}: {err}");
        }
    }
    let err = rsshogi_perft("nonsense", 1, true).unwrap_err();
    assert!(err.contains("invalid SFEN"), "{err}");
    assert!(haitaka_perft(STARTPOS, 1000, true).is_err());
}
