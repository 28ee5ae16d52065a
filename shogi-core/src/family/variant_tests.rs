//! Perft of small variants written as family data against Fairy-Stockfish
//! (master c19b5f6c, `go perft`, counted by the fsf-data work of issue 34;
//! pyffish 0.0.90 agrees to the depths it was run). FSF FENs are converted
//! to SFEN: same board, side letter swapped (FSF `w` is our `b`).

use super::spec::{FamilySpec, Promotion};
use super::testing::{dobutsu_spec, kyoto_spec, micro_spec};
use super::{FamilyPosition, PieceTable};
use std::sync::Arc;

/// Checks perft from `sfen` against `expected[d - 1]` for each depth.
fn perft_matches(spec: &FamilySpec, sfen: &str, expected: &[u64]) {
    let table = Arc::new(PieceTable::new(spec).unwrap());
    let mut pos = FamilyPosition::from_sfen(sfen, table).unwrap();
    let counts: Vec<u64> = (1..=expected.len() as u32).map(|d| pos.perft(d)).collect();
    assert_eq!(counts, expected, "{sfen}");
    assert_eq!(pos.to_sfen().split(' ').next(), sfen.split(' ').next());
}

/// Which shipped definitions take the paths on machine words: all their
/// kinds leap, change face by square only, and fit in 64 square indices.
/// (The paths are checked against the general generator in fuzz_tests.rs.)
#[test]
fn small_leaper_definitions_are_counted_on_words() {
    use super::testing::{cannon_spec, minishogi_spec, tori_spec};
    let narrow = |spec: FamilySpec| PieceTable::new(&spec).unwrap().narrow_leapers;
    assert!(narrow(dobutsu_spec()));
    // Micro shogi promotes on capture: the face a move ends on depends on
    // the board, not on the squares alone.
    assert!(!narrow(micro_spec()));
    // Sliders: minishogi's rook and bishop, tori's lances and quails.
    assert!(!narrow(minishogi_spec()));
    assert!(!narrow(tori_spec()));
    // Nine files: square indices up to 80.
    assert!(!narrow(cannon_spec()));
}

#[test]
fn dobutsu_matches_fairy_stockfish() {
    let spec = dobutsu_spec();
    perft_matches(
        &spec,
        "gle/1c1/1C1/ELG b - 1",
        &[4, 17, 123, 976, 8122, 71677],
    );
    perft_matches(
        &spec,
        "g1e/1lC/1EG/cL1 b - 1",
        &[8, 65, 596, 4860, 48866, 446656],
    );
    perft_matches(
        &spec,
        "lce/g2/1c1/ELG b - 1",
        &[5, 28, 231, 1158, 9892, 66657],
    );
    perft_matches(
        &spec,
        "g1e/cL1/2l/E1G b c 1",
        &[11, 92, 749, 6085, 49181, 404226],
    );
}

#[test]
fn kyoto_matches_fairy_stockfish() {
    let spec = kyoto_spec();
    perft_matches(
        &spec,
        "p+nks+l/5/5/5/+LSK+NP b - 1",
        &[12, 137, 1636, 18268, 225903],
    );
    perft_matches(
        &spec,
        "+S2s+l/2n2/2Pk1/1L1N1/2K1P b - 1",
        &[10, 78, 1160, 11846, 198050],
    );
    perft_matches(
        &spec,
        "p2s1/2k1N/5/1n+S2/+L1K1P b L 1",
        &[45, 312, 7724, 93072],
    );
    perft_matches(
        &spec,
        "p2s+l/5/2k1+s/3N1/1n1KP b l 1",
        &[5, 189, 813, 19556, 261906],
    );
}

#[test]
fn micro_matches_fairy_stockfish() {
    let spec = micro_spec();
    perft_matches(
        &spec,
        "kb+r+l/p3/4/3P/+L+RBK b - 1",
        &[9, 80, 767, 7256, 71328],
    );
    perft_matches(
        &spec,
        "1+P1+l/pk1+r/3+b/+L3/1+RbK b - 1",
        &[7, 78, 932, 11546, 145808],
    );
    perft_matches(
        &spec,
        "kb2/2+l1/p2P/+LB+r+R/3K b - 1",
        &[2, 16, 460, 5470, 114796],
    );
}

#[test]
fn a_chick_on_the_far_rank_must_promote_and_may_be_dropped_there() {
    let table = Arc::new(PieceTable::new(&dobutsu_spec()).unwrap());
    let pos = FamilyPosition::from_sfen("2l/C2/3/L2 b C 1", table).unwrap();
    let usi: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| super::notation::to_usi(&pos, m))
        .collect();
    assert!(usi.contains(&"3b3a+".to_string()), "{usi:?}");
    assert!(!usi.contains(&"3b3a".to_string()));
    assert!(
        usi.contains(&"C*2a".to_string()),
        "dobutsu allows a chick drop on the last rank"
    );
}

#[test]
fn the_try_and_the_lion_capture_end_the_game() {
    let table = Arc::new(PieceTable::new(&dobutsu_spec()).unwrap());
    // Black's lion on rank a, unattacked: over, whoever is to move.
    let tried = FamilyPosition::from_sfen("L2/3/2l/3 w - 1", table.clone()).unwrap();
    assert!(tried.try_reached(crate::Color::Black) && tried.is_over());
    assert!(tried.legal_moves().is_empty());
    // The same lion attacked by White's giraffe: play goes on.
    let attacked = FamilyPosition::from_sfen("Lg1/3/2l/3 w - 1", table.clone()).unwrap();
    assert!(!attacked.is_over());
    assert!(!attacked.legal_moves().is_empty());
    // No lion for the side to move: lost.
    let lost = FamilyPosition::from_sfen("1g1/3/3/2l b L 1", table).unwrap();
    assert!(lost.royal_lost() && lost.legal_moves().is_empty());
}

#[test]
fn royal_capture_lets_a_lion_step_into_attack() {
    let table = Arc::new(PieceTable::new(&dobutsu_spec()).unwrap());
    let pos = FamilyPosition::from_sfen("3/1g1/3/1L1 b - 1", table).unwrap();
    let usi: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| super::notation::to_usi(&pos, m))
        .collect();
    // 2c is attacked by the giraffe on 2b, but under royal capture it is a legal move.
    assert!(usi.contains(&"2d2c".to_string()), "{usi:?}");
}

#[test]
fn kyoto_pieces_flip_on_every_move_and_drop_as_either_face() {
    let table = Arc::new(PieceTable::new(&kyoto_spec()).unwrap());
    let mut pos = FamilyPosition::from_sfen("4k/5/5/5/K3P b S 1", table).unwrap();
    let usi: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| super::notation::to_usi(&pos, m))
        .collect();
    assert!(
        usi.contains(&"1e1d+".to_string()) && !usi.contains(&"1e1d".to_string()),
        "{usi:?}"
    );
    assert!(usi.contains(&"S*3c".to_string()) && usi.contains(&"+S*3c".to_string()));
    let flip = super::notation::from_usi(&pos, "1e1d+").unwrap();
    assert!(pos.play(flip));
    assert_eq!(pos.to_sfen(), "4k/5/5/4+P/K4 w S 2");
    let back = super::notation::from_usi(&pos, "1a2a").unwrap();
    assert!(pos.play(back));
    // The rook face flips back to the pawn: written with '-'.
    let usi: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| super::notation::to_usi(&pos, m))
        .collect();
    assert!(usi.contains(&"1d1a-".to_string()), "{usi:?}");
}

#[test]
fn micro_pieces_change_face_only_when_they_capture() {
    let table = Arc::new(PieceTable::new(&micro_spec()).unwrap());
    let pos = FamilyPosition::from_sfen("k3/4/1p2/1R2/3K b - 1", table).unwrap();
    let usi: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| super::notation::to_usi(&pos, m))
        .collect();
    assert!(
        usi.contains(&"3d3c+".to_string()) && !usi.contains(&"3d3c".to_string()),
        "{usi:?}"
    );
    assert!(usi.contains(&"3d2d".to_string()) && !usi.contains(&"3d2d+".to_string()));
}

#[test]
fn flip_kinds_must_not_share_or_chain_their_faces() {
    let mut spec = kyoto_spec();
    spec.kinds[1].promotes_to = Some(2);
    let err = PieceTable::new(&spec).unwrap_err().to_string();
    assert!(
        err.contains("'lance'") && err.contains("flips back"),
        "{err}"
    );
    let mut spec = micro_spec();
    spec.kinds[2].promotes_to = Some(1);
    spec.kinds[2].promotion = Promotion::OnCapture;
    let err = PieceTable::new(&spec).unwrap_err().to_string();
    assert!(err.contains("no other kind may promote to it"), "{err}");
}

#[test]
fn tori_matches_fairy_stockfish() {
    let spec = super::testing::tori_spec();
    let start = "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1";
    perft_matches(&spec, start, &[17, 288, 5430, 103857]);
    let middle = "1pk2pl/rc2c1F/sss2s1/2sS1SS/SSS1S2/3FC1R/LPCK1P1 b 3Ss 1";
    perft_matches(&spec, middle, &[42, 1231, 51284]);
    let other = "rpck1pl/3f2s/ss1cs1s/S1ssSsS/1SCSSSR/3FKS1/LP2CP1 b - 1";
    perft_matches(&spec, other, &[16, 334, 7669, 195949]);
}

#[test]
fn euro_matches_fairy_stockfish() {
    let start = "1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1 b - 1";
    perft_matches(
        &super::testing::euro_spec(),
        start,
        &[25, 625, 15424, 380499],
    );
}

#[test]
fn yari_matches_fairy_stockfish() {
    let spec = super::testing::yari_spec();
    perft_matches(
        &spec,
        "rnnkbbr/7/ppppppp/7/7/7/PPPPPPP/7/RBBKNNR b - 1",
        &[20, 400, 7960, 158404],
    );
    let middle = "r1n3r/2k1bb1/pp2ppp/2np3/2p4/PPPP1P1/4P1P/R2BN2/1B1K1NR b - 1";
    perft_matches(&spec, middle, &[21, 483, 10264, 241425]);
}

#[test]
fn sho_matches_fairy_stockfish() {
    let start = "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1";
    perft_matches(
        &super::testing::sho_spec(),
        start,
        &[26, 676, 17368, 445372],
    );
}

#[test]
fn cannon_matches_fairy_stockfish() {
    let start = "lnsgkgsnl/1rci1uab1/p1p1p1p1p/9/9/9/P1P1P1P1P/1BAU1ICR1/LNSGKGSNL b - 1";
    perft_matches(&super::testing::cannon_spec(), start, &[60, 3447, 216600]);
}

#[test]
fn gorogoroplus_matches_fairy_stockfish() {
    let spec = super::testing::gorogoroplus_spec();
    perft_matches(
        &spec,
        "sgkgs/5/1ppp1/1PPP1/5/SGKGS b LNln 1",
        &[39, 1438, 44436],
    );
    perft_matches(
        &spec,
        "sklgs/2g1L/1p1p1/1PpP1/G2GS/SK3 b Nnp 1",
        &[24, 619, 13163, 323619],
    );
}

#[test]
fn annan_matches_shogiops() {
    let start = "lnsgkgsnl/1r5b1/p1ppppp1p/1p5p1/9/1P5P1/P1PPPPP1P/1B5R1/LNSGKGSNL b - 1";
    perft_matches(&super::testing::annan_spec(), start, &[28, 784, 22726]);
}
