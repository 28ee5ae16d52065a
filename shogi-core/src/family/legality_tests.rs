//! The fast legality of the move generator (pins, check evasions, hopper
//! screens, counting without listing) against the plain definition: a
//! pseudo-legal move is legal when, made, it leaves the mover with no lone
//! royal piece attacked (under the checkmate rule; a move that gives it a
//! second royal, as the drunk elephant's promotion to prince, leaves it
//! free to leave either attacked, as in Fairy-Stockfish's pseudo-royal
//! rule) and is not a forbidden drop mate. Checked at every ply of random
//! games of every tested definition.

use super::spec::{FamilySpec, RoyalRule};
use super::testing::{
    annan_spec, cannon_spec, dobutsu_spec, euro_spec, gorogoroplus_spec, kyoto_spec, micro_spec,
    minishogi_spec, sho_spec, standard_spec, tori_spec, yari_spec,
};
use super::{FamilyMoveList, FamilyPosition, PieceTable};
use crate::rng::SplitMix;
use crate::Move;
use std::collections::BTreeSet;
use std::sync::Arc;

/// The legal moves by the definition, each pseudo-legal move made and
/// looked at.
fn reference_moves(pos: &FamilyPosition) -> BTreeSet<Move> {
    let mut work = pos.clone();
    if work.is_over() {
        return BTreeSet::new();
    }
    let t = pos.table().clone();
    let us = pos.side_to_move();
    let checkmate = t.royal_rule == RoyalRule::Checkmate;
    let mut list = FamilyMoveList::new();
    pos.pseudo_legal_moves_into(&mut list);
    let mut legal = BTreeSet::new();
    for &mv in &list {
        let undo = work.make(mv);
        let lone_royal = checkmate && work.royals(us).count() == 1;
        let mut ok = !(lone_royal && work.royal_attacked(us));
        let mate_kind =
            checkmate && t.pawn_drop_mate.is_some() && t.pawn_drop_mate == mv.dropped_index();
        if ok && mate_kind && work.is_check() && reference_moves(&work).is_empty() {
            ok = false;
        }
        work.undo(mv, undo);
        if ok {
            legal.insert(mv);
        }
    }
    legal
}

/// Plays `games` random games of up to `plies` plies from `start`, and at
/// every ply compares the generator's moves and count with the reference.
fn agree(spec: &FamilySpec, start: &str, games: u64, plies: u32) {
    let table = Arc::new(PieceTable::new(spec).unwrap());
    let mut checks = 0;
    for seed in 0..games {
        let mut rng = SplitMix(seed);
        let mut pos = FamilyPosition::from_sfen(start, table.clone()).unwrap();
        for _ in 0..plies {
            let expected = reference_moves(&pos);
            let listed = pos.legal_moves();
            let got: BTreeSet<Move> = listed.iter().copied().collect();
            assert_eq!(got, expected, "{}", pos.to_sfen());
            assert_eq!(listed.len(), expected.len(), "{}", pos.to_sfen());
            assert_eq!(
                pos.clone().count_legal_moves(),
                expected.len(),
                "{}",
                pos.to_sfen()
            );
            assert_eq!(pos.clone().has_legal_move(), !expected.is_empty());
            checks += usize::from(pos.is_check());
            let moves: Vec<Move> = expected.into_iter().collect();
            let Some(mv) = rng.pick(&moves) else { break };
            pos.make(mv);
        }
    }
    // The games must have met checks for the evasions to be tested.
    assert!(checks > 0, "{start}: no check in {games} games");
}

#[test]
fn standard_pieces_agree_with_the_reference() {
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    agree(&standard_spec(), start, 12, 150);
    agree(&minishogi_spec(), "rbsgk/4p/5/P4/KGSBR b - 1", 30, 120);
}

#[test]
fn small_variants_agree_with_the_reference() {
    agree(&dobutsu_spec(), "gle/1c1/1C1/ELG b - 1", 40, 100);
    agree(&kyoto_spec(), "p+nks+l/5/5/5/+LSK+NP b - 1", 40, 100);
    agree(&micro_spec(), "kb+r+l/p3/4/3P/+L+RBK b - 1", 40, 100);
    agree(
        &gorogoroplus_spec(),
        "sgkgs/5/1ppp1/1PPP1/5/SGKGS b LNln 1",
        30,
        120,
    );
}

#[test]
fn pieces_of_their_own_agree_with_the_reference() {
    agree(
        &tori_spec(),
        "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1",
        20,
        150,
    );
    let euro = "1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1 b - 1";
    agree(&euro_spec(), euro, 20, 150);
    agree(
        &yari_spec(),
        "rnnkbbr/7/ppppppp/7/7/7/PPPPPPP/7/RBBKNNR b - 1",
        20,
        150,
    );
    let sho = "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1";
    agree(&sho_spec(), sho, 12, 150);
}

#[test]
fn hoppers_and_borrowed_movement_agree_with_the_reference() {
    let cannon = "lnsgkgsnl/1rci1uab1/p1p1p1p1p/9/9/9/P1P1P1P1P/1BAU1ICR1/LNSGKGSNL b - 1";
    agree(&cannon_spec(), cannon, 16, 150);
    let annan = "lnsgkgsnl/1r5b1/p1ppppp1p/1p5p1/9/1P5P1/P1PPPPP1P/1B5R1/LNSGKGSNL b - 1";
    agree(&annan_spec(), annan, 12, 150);
}
