//! The family engine against the built-in one: standard shogi and
//! minishogi written out as data must give the same moves and perft.

use super::notation;
use super::testing::{minishogi, standard};
use super::{FamilyMoveList, FamilyPosition, PieceTable};
use crate::rng::SplitMix;
use crate::{Geometry, PieceSet, Position};
use std::collections::BTreeSet;
use std::sync::Arc;

const STANDARD_START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const MINISHOGI_START: &str = "rbsgk/4p/5/P4/KGSBR b - 1";
const STANDARD_SET: PieceSet = PieceSet {
    max: [18, 4, 4, 4, 2, 2, 4, 2],
};
const MINISHOGI_SET: PieceSet = PieceSet {
    max: [2, 0, 0, 2, 2, 2, 2, 2],
};

fn family(sfen: &str, table: &Arc<PieceTable>) -> FamilyPosition {
    FamilyPosition::from_sfen(sfen, table.clone()).unwrap()
}

/// The built-in engine's perft, by playing every move.
fn builtin_perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for mv in moves {
        let undo = pos.play_unchecked(mv);
        n += builtin_perft(pos, depth - 1);
        pos.undo(mv, undo);
    }
    n
}

fn family_moves(pos: &FamilyPosition) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .map(|&m| notation::to_usi(pos, m))
        .collect()
}

fn builtin_moves(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| m.to_string()).collect()
}

#[test]
fn standard_perft_from_the_start() {
    let table = Arc::new(standard());
    let mut pos = family(STANDARD_START, &table);
    let counts: Vec<u64> = (1..=4).map(|d| pos.perft(d)).collect();
    assert_eq!(counts, [30, 900, 25470, 719731]);
    assert_eq!(pos.to_sfen(), STANDARD_START);
}

#[test]
#[ignore = "slow in debug; run with --release"]
fn standard_perft_depth_5() {
    let table = Arc::new(standard());
    assert_eq!(family(STANDARD_START, &table).perft(5), 19861490);
}

#[test]
fn minishogi_perft_from_the_start() {
    let table = Arc::new(minishogi());
    let mut pos = family(MINISHOGI_START, &table);
    let counts: Vec<u64> = (1..=5).map(|d| pos.perft(d)).collect();
    assert_eq!(counts, [14, 181, 2512, 35401, 533203]);
}

/// Random games played by the built-in engine; at every ply both engines
/// must list the same legal moves and agree on the SFEN; every few plies
/// their perft must agree too.
fn agree_along_random_games(
    table: &Arc<PieceTable>,
    start: &str,
    geometry: &'static Geometry,
    set: &PieceSet,
    games: u64,
    perft_depth: u32,
) {
    for seed in 0..games {
        let mut rng = SplitMix(seed);
        let mut builtin = Position::from_sfen(start, geometry, set).unwrap();
        let mut fam = family(start, table);
        for ply in 0..120 {
            let expected = builtin_moves(&builtin);
            assert_eq!(family_moves(&fam), expected, "{}", builtin.to_sfen());
            assert_eq!(fam.is_check(), builtin.is_check(), "{}", builtin.to_sfen());
            if ply % 15 == 7 {
                let again = family(&builtin.to_sfen(), table);
                assert_eq!(again.hash(), again.compute_hash());
                let mut copy = again.clone();
                assert_eq!(
                    copy.perft(perft_depth),
                    builtin_perft(&mut builtin.clone(), perft_depth),
                    "{}",
                    builtin.to_sfen()
                );
                assert_eq!(copy, again);
            }
            let moves = builtin.legal_moves();
            let Some(mv) = rng.pick(&moves) else { break };
            let text = mv.to_string();
            let fmv = notation::from_usi(&fam, &text).unwrap();
            // The built-in notation names drops by the standard letters, which
            // these definitions share.
            assert_eq!(notation::to_usi(&fam, fmv), text);
            assert!(fam.play(fmv), "{text} in {}", fam.to_sfen());
            builtin.play_unchecked(mv);
            assert_eq!(fam.to_sfen(), builtin.to_sfen());
            assert_eq!(fam.hash(), fam.compute_hash());
        }
    }
}

#[test]
fn standard_agrees_with_the_builtin_engine_along_random_games() {
    let table = Arc::new(standard());
    let g = Geometry::shared(9, 9, 3).unwrap();
    agree_along_random_games(&table, STANDARD_START, g, &STANDARD_SET, 6, 2);
}

#[test]
fn minishogi_agrees_with_the_builtin_engine_along_random_games() {
    let table = Arc::new(minishogi());
    let g = Geometry::shared(5, 5, 1).unwrap();
    agree_along_random_games(&table, MINISHOGI_START, g, &MINISHOGI_SET, 20, 3);
}

#[test]
fn middle_game_perft_matches_the_builtin_engine() {
    let table = Arc::new(standard());
    let g = Geometry::shared(9, 9, 3).unwrap();
    for sfen in [
        // Drops for both sides, promoted pieces, a king in the middle.
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        // A pawn drop that would mate is refused (uchifuzume).
        "kl7/1n7/9/1P7/9/9/9/9/8K b Pr 1",
    ] {
        let mut builtin = Position::from_sfen(sfen, g, &STANDARD_SET).unwrap();
        let mut fam = family(sfen, &table);
        assert_eq!(family_moves(&fam), builtin_moves(&builtin), "{sfen}");
        assert_eq!(fam.perft(3), builtin_perft(&mut builtin, 3), "{sfen}");
    }
}

#[test]
fn make_and_undo_restore_everything() {
    let table = Arc::new(standard());
    let pos = family(
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        &table,
    );
    let mut work = pos.clone();
    let mut list = FamilyMoveList::new();
    work.legal_moves_into(&mut list);
    assert!(!list.is_empty());
    for &mv in &list {
        let undo = work.make(mv);
        assert_eq!(work.hash(), work.compute_hash());
        work.undo(mv, undo);
        assert_eq!(work, pos);
        assert_eq!(work.by_kind, pos.by_kind);
        assert_eq!(work.royals, pos.royals);
    }
}
