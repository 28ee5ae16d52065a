//! Each rule mechanism on a hand-made position that shows it: with the rule
//! the move is there (or not), and without it the opposite.

use super::notation::{from_usi, to_usi};
use super::spec::FamilySpec;
use super::testing::{annan_spec, cannon_spec, euro_spec, sho_spec, standard_spec, tori_spec};
use super::{FamilyPosition, PieceTable};
use crate::Color;
use std::collections::BTreeSet;
use std::sync::Arc;

fn position(spec: &FamilySpec, sfen: &str) -> FamilyPosition {
    FamilyPosition::from_sfen(sfen, Arc::new(PieceTable::new(spec).unwrap())).unwrap()
}

fn moves(pos: &FamilyPosition) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|&m| to_usi(pos, m)).collect()
}

#[test]
fn at_most_two_swallows_on_a_file() {
    let spec = tori_spec();
    // Two Black swallows on file 7, one on file 6.
    let pos = position(&spec, "3k3/7/7/S6/S5S/7/3K3 b S 1");
    let m = moves(&pos);
    assert!(!m.contains("S*7c"), "a third swallow on file 7");
    assert!(m.contains("S*1c"), "a second swallow on file 1");
    let mut free = spec.clone();
    free.kinds[0].max_per_file = None;
    assert!(moves(&position(&free, "3k3/7/7/S6/S5S/7/3K3 b S 1")).contains("S*7c"));
}

#[test]
fn a_pawn_drop_that_mates_is_refused_only_where_the_rule_says() {
    // White's king on 9a boxed in by its lance and knight, 9b guarded by
    // Black's silver on 8c: P*9b mates.
    let sfen = "kl7/1n7/1S7/9/9/9/9/9/8K b P 1";
    assert!(!moves(&position(&standard_spec(), sfen)).contains("P*9b"));
    let allowed = FamilySpec {
        pawn_drop_mate_illegal_for: None,
        ..standard_spec()
    };
    assert!(moves(&position(&allowed, sfen)).contains("P*9b"));
    // Without the silver the king takes the pawn: the drop is legal.
    assert!(moves(&position(&standard_spec(), "kl7/1n7/9/9/9/9/9/9/8K b P 1")).contains("P*9b"));
}

#[test]
fn a_side_with_two_royals_may_leave_one_attacked() {
    // Black: king on 5i and prince on 1i; White's rook on 5a looks down file 5.
    let spec = sho_spec();
    let both = position(&spec, "4r3k/9/9/9/9/9/9/9/4K3+E b - 1");
    assert!(both.is_check());
    assert!(
        moves(&both).contains("1i1h"),
        "the prince may move while the king is attacked"
    );
    let alone = position(&spec, "4r3k/9/9/9/9/9/9/9/4K4 b - 1");
    assert!(
        !moves(&alone).contains("5i5h"),
        "a lone king may not stay on the rook's file"
    );
    assert!(moves(&alone).iter().all(|m| m.starts_with("5i")));
}

#[test]
fn promotion_is_forced_or_optional_by_the_kind() {
    // EuroShogi: a rook entering the zone must promote.
    let euro = moves(&position(&euro_spec(), "4k3/8/8/8/R7/8/8/4K3 b - 1"));
    assert!(euro.contains("8e8c+") && !euro.contains("8e8c"));
    // Shogi: it may.
    let shogi = moves(&position(&standard_spec(), "4k4/9/9/9/R8/9/9/9/4K4 b - 1"));
    assert!(shogi.contains("9e9c+") && shogi.contains("9e9c"));
    // A pawn onto the last rank must promote in shogi (dead square) but
    // need not in annan, where it may borrow a move later.
    let sfen = "4k4/P8/9/9/9/9/9/9/4K4 b - 1";
    assert!(!moves(&position(&standard_spec(), sfen)).contains("9b9a"));
    assert!(moves(&position(&annan_spec(), sfen)).contains("9b9a"));
}

#[test]
fn annan_pieces_move_and_attack_as_the_friend_behind() {
    let spec = annan_spec();
    // Black's pawn on 5e with Black's rook behind it on 5f moves like a rook.
    let pos = position(&spec, "k8/9/9/9/4P4/4R4/9/9/K8 b - 1");
    let m = moves(&pos);
    assert!(m.contains("5e1e") && m.contains("5e5a+"), "{m:?}");
    // ... and the rook behind, with nothing behind it, is a rook.
    assert!(m.contains("5f5i"));
    // White's pawn on 4c with White's bishop behind it (on 4b) attacks
    // along the bishop's diagonals: 7f among them.
    let sfen = "k8/5b3/5p3/9/9/9/9/9/K8 b - 1";
    let square = "7f".parse().unwrap();
    assert!(position(&spec, sfen).is_attacked(square, Color::White));
    assert!(!position(&standard_spec(), sfen).is_attacked(square, Color::White));
    let king_there = "k8/5b3/5p3/9/9/2K6/9/9/9 b - 1";
    assert!(position(&spec, king_there).is_check());
    assert!(!position(&standard_spec(), king_there).is_check());
}

#[test]
fn cannons_need_a_screen_to_capture() {
    let spec = cannon_spec();
    // Black's cannon (mRcpR) on 5i, a screen on 5f, White's gold on 5c.
    let pos = position(&spec, "k8/9/4g4/9/9/4p4/9/9/K3U4 b - 1");
    let m = moves(&pos);
    assert!(
        m.contains("5i5c+") || m.contains("5i5c"),
        "capture over the screen: {m:?}"
    );
    assert!(!m.contains("5i5f"), "no capture of the screen itself");
    assert!(
        m.contains("5i5g") && !m.contains("5i5d"),
        "moves only up to the screen"
    );
    // The same attack found in reverse: White's gold is attacked.
    assert!(pos.is_attacked("5c".parse().unwrap(), Color::Black));
    assert!(!pos.is_attacked("5b".parse().unwrap(), Color::Black));
}

#[test]
fn moves_read_back_from_their_text() {
    let pos = position(
        &standard_spec(),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    );
    for mv in pos.legal_moves() {
        assert_eq!(from_usi(&pos, &to_usi(&pos, mv)), Ok(mv));
    }
    for bad in ["", "7g", "7g7g", "7g7f*", "Z*5e", "P*5j", "7g7f=", "é7g7f"] {
        assert!(from_usi(&pos, bad).is_err(), "{bad}");
    }
}
