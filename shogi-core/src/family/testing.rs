//! Definitions of standard shogi and minishogi written out as family data,
//! for the tests: the family engine must play them exactly as the built-in
//! engine does.

use super::betza::{Leg, Mode};
use super::spec::{FamilySpec, KindSpec, Promotion};
use super::table::PieceTable;

/// A leg of `mode`.
pub(crate) fn leg_of(dx: i8, dy: i8, range: u8, mode: Mode) -> Leg {
    Leg {
        dx,
        dy,
        range,
        mode,
        hop: false,
    }
}

/// A leg that moves and captures.
pub(crate) fn leg(dx: i8, dy: i8, range: u8) -> Leg {
    leg_of(dx, dy, range, Mode::Both)
}

/// Steps of one square to each of `vectors`.
pub(crate) fn steps(vectors: &[(i8, i8)]) -> Vec<Leg> {
    vectors.iter().map(|&(dx, dy)| leg(dx, dy, 1)).collect()
}

pub(crate) const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
pub(crate) const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

pub(crate) fn king_legs() -> Vec<Leg> {
    let mut v = steps(&ORTHOGONAL);
    v.extend(steps(&DIAGONAL));
    v
}
pub(crate) fn gold_legs() -> Vec<Leg> {
    steps(&[(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1)])
}
pub(crate) fn silver_legs() -> Vec<Leg> {
    steps(&[(0, 1), (1, 1), (-1, 1), (1, -1), (-1, -1)])
}
pub(crate) fn rook_legs() -> Vec<Leg> {
    ORTHOGONAL.iter().map(|&(dx, dy)| leg(dx, dy, 0)).collect()
}
pub(crate) fn bishop_legs() -> Vec<Leg> {
    DIAGONAL.iter().map(|&(dx, dy)| leg(dx, dy, 0)).collect()
}

/// A droppable kind promoting (optionally, in the zone) to kind `to`.
fn base(name: &str, sfen: &str, legs: Vec<Leg>, me: usize, to: usize) -> KindSpec {
    KindSpec {
        promotes_to: Some(to),
        promotion: Promotion::Optional,
        hand_kind: Some(me),
        droppable: true,
        ..KindSpec::new(name, sfen, legs)
    }
}

/// A promoted kind, going back to hand as kind `from`.
fn promoted(name: &str, sfen: &str, legs: Vec<Leg>, from: usize) -> KindSpec {
    KindSpec {
        hand_kind: Some(from),
        ..KindSpec::new(name, sfen, legs)
    }
}

fn king() -> KindSpec {
    KindSpec {
        royal: true,
        ..KindSpec::new("king", "K", king_legs())
    }
}

fn dragon_legs() -> Vec<Leg> {
    let mut v = rook_legs();
    v.extend(steps(&DIAGONAL));
    v
}
fn horse_legs() -> Vec<Leg> {
    let mut v = bishop_legs();
    v.extend(steps(&ORTHOGONAL));
    v
}

/// Standard shogi: kinds in SFEN hand order (R B G S N L P), then the king
/// and the promoted kinds.
pub(crate) fn standard_spec() -> FamilySpec {
    let kinds = vec![
        base("rook", "R", rook_legs(), 0, 8),     // 0
        base("bishop", "B", bishop_legs(), 1, 9), // 1
        KindSpec {
            hand_kind: Some(2),
            droppable: true,
            ..KindSpec::new("gold", "G", gold_legs())
        }, // 2
        base("silver", "S", silver_legs(), 3, 10), // 3
        base("knight", "N", steps(&[(1, 2), (-1, 2)]), 4, 11), // 4
        base("lance", "L", vec![leg(0, 1, 0)], 5, 12), // 5
        KindSpec {
            max_per_file: Some(1),
            ..base("pawn", "P", steps(&[(0, 1)]), 6, 13)
        }, // 6
        king(),                                   // 7
        promoted("dragon", "+R", dragon_legs(), 0), // 8
        promoted("horse", "+B", horse_legs(), 1), // 9
        promoted("promoted silver", "+S", gold_legs(), 3), // 10
        promoted("promoted knight", "+N", gold_legs(), 4), // 11
        promoted("promoted lance", "+L", gold_legs(), 5), // 12
        promoted("tokin", "+P", gold_legs(), 6),  // 13
    ];
    FamilySpec {
        kinds,
        pawn_drop_mate_illegal_for: Some(6),
        ..FamilySpec::new(9, 9, 3)
    }
}

/// Minishogi: 5×5, one-rank zone, no lance or knight.
pub(crate) fn minishogi_spec() -> FamilySpec {
    let kinds = vec![
        base("rook", "R", rook_legs(), 0, 6),     // 0
        base("bishop", "B", bishop_legs(), 1, 7), // 1
        KindSpec {
            hand_kind: Some(2),
            droppable: true,
            ..KindSpec::new("gold", "G", gold_legs())
        }, // 2
        base("silver", "S", silver_legs(), 3, 8), // 3
        KindSpec {
            max_per_file: Some(1),
            ..base("pawn", "P", steps(&[(0, 1)]), 4, 9)
        }, // 4
        king(),                                   // 5
        promoted("dragon", "+R", dragon_legs(), 0), // 6
        promoted("horse", "+B", horse_legs(), 1), // 7
        promoted("promoted silver", "+S", gold_legs(), 3), // 8
        promoted("tokin", "+P", gold_legs(), 4),  // 9
    ];
    FamilySpec {
        kinds,
        pawn_drop_mate_illegal_for: Some(4),
        ..FamilySpec::new(5, 5, 1)
    }
}

pub(crate) fn standard() -> PieceTable {
    PieceTable::new(&standard_spec()).expect("standard shogi compiles")
}

pub(crate) fn minishogi() -> PieceTable {
    PieceTable::new(&minishogi_spec()).expect("minishogi compiles")
}
