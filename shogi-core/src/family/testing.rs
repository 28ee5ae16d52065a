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

/// Dobutsu shogi (3×4) as Fairy-Stockfish plays it: the lion's capture
/// ends the game, and so does the try.
pub(crate) fn dobutsu_spec() -> FamilySpec {
    let kinds = vec![
        KindSpec {
            promotes_to: Some(1),
            promotion: Promotion::Forced,
            hand_kind: Some(0),
            droppable: true,
            ..KindSpec::new("chick", "C", steps(&[(0, 1)]))
        },
        promoted("hen", "+C", gold_legs(), 0),
        KindSpec {
            hand_kind: Some(2),
            droppable: true,
            ..KindSpec::new("elephant", "E", steps(&DIAGONAL))
        },
        KindSpec {
            hand_kind: Some(3),
            droppable: true,
            ..KindSpec::new("giraffe", "G", steps(&ORTHOGONAL))
        },
        KindSpec {
            royal: true,
            ..KindSpec::new("lion", "L", king_legs())
        },
    ];
    FamilySpec {
        kinds,
        royal_rule: super::spec::RoyalRule::Capture,
        forbid_dead_drops: false,
        try_rule: true,
        ..FamilySpec::new(3, 4, 1)
    }
}

/// A two-faced piece: name, token and legs of the face held in hand, then
/// the name and legs of its other face.
type Faces<'a> = (&'a str, &'a str, Vec<Leg>, &'a str, Vec<Leg>);

/// Two-faced kinds of kyoto and micro shogi: kind `2i` is the face that
/// goes to hand, `2i + 1` the other, changing by `promotion`.
fn two_faced(faces: &[Faces<'_>], promotion: Promotion) -> Vec<KindSpec> {
    let mut kinds = Vec::new();
    for (i, (name, sfen, legs, other, other_legs)) in faces.iter().enumerate() {
        let me = 2 * i;
        kinds.push(KindSpec {
            promotes_to: Some(me + 1),
            promotion,
            hand_kind: Some(me),
            droppable: true,
            ..KindSpec::new(name, sfen, legs.clone())
        });
        kinds.push(promoted(other, &format!("+{sfen}"), other_legs.clone(), me));
    }
    kinds.push(king());
    kinds
}

fn knight_legs() -> Vec<Leg> {
    steps(&[(1, 2), (-1, 2)])
}

/// Kyoto shogi in Fairy-Stockfish's letters: every move flips a piece,
/// drops as either face, anywhere.
pub(crate) fn kyoto_spec() -> FamilySpec {
    let faces = [
        ("lance", "L", vec![leg(0, 1, 0)], "tokin", gold_legs()),
        ("knight", "N", knight_legs(), "gold", gold_legs()),
        ("silver", "S", silver_legs(), "bishop", bishop_legs()),
        ("pawn", "P", steps(&[(0, 1)]), "rook", rook_legs()),
    ];
    FamilySpec {
        kinds: two_faced(&faces, Promotion::FlipEveryMove),
        drop_as_either_face: true,
        forbid_dead_moves: false,
        forbid_dead_drops: false,
        ..FamilySpec::new(5, 5, 0)
    }
}

/// Micro shogi (4×5) as Fairy-Stockfish plays it: a piece changes face on
/// every capture, both ways; drops as either face, anywhere.
pub(crate) fn micro_spec() -> FamilySpec {
    let faces = [
        ("lance", "L", vec![leg(0, 1, 0)], "silver", silver_legs()),
        ("rook", "R", rook_legs(), "gold (rook)", gold_legs()),
        ("bishop", "B", bishop_legs(), "gold (bishop)", gold_legs()),
        ("pawn", "P", steps(&[(0, 1)]), "knight", knight_legs()),
    ];
    FamilySpec {
        kinds: two_faced(&faces, Promotion::OnCapture),
        drop_as_either_face: true,
        forbid_dead_moves: false,
        forbid_dead_drops: false,
        ..FamilySpec::new(4, 5, 0)
    }
}

/// A leg with every field given.
pub(crate) fn ray(dx: i8, dy: i8, range: u8, mode: Mode, hop: bool) -> Leg {
    Leg {
        dx,
        dy,
        range,
        mode,
        hop,
    }
}

/// The same leg along each of `vectors`.
fn along(vectors: &[(i8, i8)], range: u8, mode: Mode, hop: bool) -> Vec<Leg> {
    vectors
        .iter()
        .map(|&(dx, dy)| ray(dx, dy, range, mode, hop))
        .collect()
}

/// Legs joined.
fn join(parts: Vec<Vec<Leg>>) -> Vec<Leg> {
    parts.into_iter().flatten().collect()
}

/// A droppable kind with a forced promotion to kind `to`.
fn forced(name: &str, sfen: &str, legs: Vec<Leg>, me: usize, to: usize) -> KindSpec {
    KindSpec {
        promotion: Promotion::Forced,
        ..base(name, sfen, legs, me, to)
    }
}

/// A droppable kind that never promotes.
fn plain(name: &str, sfen: &str, legs: Vec<Leg>, me: usize) -> KindSpec {
    KindSpec {
        hand_kind: Some(me),
        droppable: true,
        ..KindSpec::new(name, sfen, legs)
    }
}

/// Tori shogi (7×7) as Fairy-Stockfish plays it.
pub(crate) fn tori_spec() -> FamilySpec {
    let kinds = vec![
        // swallow fW -> goose fAbD
        KindSpec {
            max_per_file: Some(2),
            ..forced("swallow", "S", steps(&[(0, 1)]), 0, 1)
        },
        promoted("goose", "+S", steps(&[(2, 2), (-2, 2), (0, -2)]), 0),
        // falcon FsfW -> eagle KbRfBbF2
        forced(
            "falcon",
            "F",
            steps(&[(1, 1), (-1, 1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1)]),
            2,
            3,
        ),
        promoted(
            "eagle",
            "+F",
            join(vec![
                king_legs(),
                vec![
                    leg(0, -1, 0),
                    leg(1, 1, 0),
                    leg(-1, 1, 0),
                    leg(1, -1, 2),
                    leg(-1, -1, 2),
                ],
            ]),
            2,
        ),
        plain(
            "crane",
            "C",
            steps(&[(1, 1), (-1, 1), (1, -1), (-1, -1), (0, 1), (0, -1)]),
            4,
        ),
        plain("pheasant", "P", steps(&[(1, -1), (-1, -1), (0, 2)]), 5),
        plain(
            "left quail",
            "L",
            vec![leg(0, 1, 0), leg(1, -1, 0), leg(-1, -1, 1)],
            6,
        ),
        plain(
            "right quail",
            "R",
            vec![leg(0, 1, 0), leg(-1, -1, 0), leg(1, -1, 1)],
            7,
        ),
        king(),
    ];
    FamilySpec {
        kinds,
        pawn_drop_mate_illegal_for: Some(0),
        ..FamilySpec::new(7, 7, 2)
    }
}

/// EuroShogi (8×8): promotion forced in a three-rank zone.
pub(crate) fn euro_spec() -> FamilySpec {
    let kinds = vec![
        forced("rook", "R", rook_legs(), 0, 6),
        forced("bishop", "B", bishop_legs(), 1, 7),
        plain("gold", "G", gold_legs(), 2),
        forced(
            "knight",
            "N",
            steps(&[(1, 2), (-1, 2), (1, 0), (-1, 0)]),
            3,
            8,
        ),
        KindSpec {
            max_per_file: Some(1),
            ..forced("pawn", "P", steps(&[(0, 1)]), 4, 9)
        },
        king(),
        promoted("dragon", "+R", dragon_legs(), 0),
        promoted("horse", "+B", horse_legs(), 1),
        promoted("promoted knight", "+N", gold_legs(), 3),
        promoted("tokin", "+P", gold_legs(), 4),
    ];
    FamilySpec {
        kinds,
        pawn_drop_mate_illegal_for: Some(4),
        ..FamilySpec::new(8, 8, 3)
    }
}

/// Yari shogi (7×9).
pub(crate) fn yari_spec() -> FamilySpec {
    let yari_gold = || {
        join(vec![
            steps(&ORTHOGONAL),
            steps(&[(1, 1), (-1, 1)]),
            vec![leg(0, -1, 0)],
        ])
    };
    let kinds = vec![
        base(
            "yari rook",
            "R",
            vec![leg(0, 1, 0), leg(1, 0, 0), leg(-1, 0, 0)],
            0,
            4,
        ),
        base(
            "yari bishop",
            "B",
            vec![leg(1, 1, 1), leg(-1, 1, 1), leg(0, 1, 0)],
            1,
            5,
        ),
        base(
            "yari knight",
            "N",
            vec![leg(0, 1, 0), leg(1, 2, 1), leg(-1, 2, 1)],
            2,
            6,
        ),
        KindSpec {
            max_per_file: Some(1),
            ..base("pawn", "P", steps(&[(0, 1)]), 3, 7)
        },
        promoted("rook", "+R", rook_legs(), 0),
        promoted("yari gold (bishop)", "+B", yari_gold(), 1),
        promoted("yari gold (knight)", "+N", yari_gold(), 2),
        promoted(
            "yari silver",
            "+P",
            join(vec![steps(&[(0, 1), (1, 1), (-1, 1)]), vec![leg(0, -1, 0)]]),
            3,
        ),
        king(),
    ];
    FamilySpec {
        kinds,
        ..FamilySpec::new(7, 9, 3)
    }
}

/// Sho shogi: standard pieces and the drunk elephant, whose promotion (the
/// prince) is a second royal piece; no drops, captures leave the game.
pub(crate) fn sho_spec() -> FamilySpec {
    let mut spec = standard_spec();
    for kind in &mut spec.kinds {
        kind.hand_kind = None;
        kind.droppable = false;
    }
    spec.kinds.push(KindSpec {
        promotes_to: Some(15),
        promotion: Promotion::Optional,
        ..KindSpec::new(
            "drunk elephant",
            "E",
            steps(&[(1, 1), (-1, 1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1)]),
        )
    });
    spec.kinds.push(KindSpec {
        royal: true,
        ..KindSpec::new("prince", "+E", king_legs())
    });
    spec.pawn_drop_mate_illegal_for = None;
    spec
}

/// Cannon shogi (Fairy-Stockfish's `variants.ini`): shogi with the soldier
/// for the pawn and four cannons, no nifu, pawn-drop mate allowed.
pub(crate) fn cannon_spec() -> FamilySpec {
    let mut spec = standard_spec();
    spec.kinds[6] = KindSpec {
        max_per_file: None,
        ..base("soldier", "P", steps(&[(0, 1), (1, 0), (-1, 0)]), 6, 13)
    };
    spec.pawn_drop_mate_illegal_for = None;
    let rook_lines = ORTHOGONAL;
    let bishop_lines = DIAGONAL;
    let w = || {
        join(vec![
            along(&rook_lines, 0, Mode::MoveOnly, false),
            along(&rook_lines, 0, Mode::Both, true),
            along(&bishop_lines, 1, Mode::MoveOnly, false),
            along(&bishop_lines, 2, Mode::Both, true),
        ])
    };
    let f = || {
        join(vec![
            along(&bishop_lines, 0, Mode::MoveOnly, false),
            along(&bishop_lines, 0, Mode::Both, true),
            along(&rook_lines, 1, Mode::MoveOnly, false),
            along(&rook_lines, 2, Mode::Both, true),
        ])
    };
    let cannons = [
        (
            "cannon",
            "U",
            join(vec![
                along(&rook_lines, 0, Mode::MoveOnly, false),
                along(&rook_lines, 0, Mode::CaptureOnly, true),
            ]),
            w(),
        ),
        (
            "janggi cannon",
            "A",
            along(&rook_lines, 0, Mode::Both, true),
            w(),
        ),
        (
            "diagonal cannon",
            "C",
            join(vec![
                along(&bishop_lines, 0, Mode::MoveOnly, false),
                along(&bishop_lines, 0, Mode::CaptureOnly, true),
            ]),
            f(),
        ),
        (
            "diagonal janggi cannon",
            "I",
            along(&bishop_lines, 0, Mode::Both, true),
            f(),
        ),
    ];
    for (name, sfen, legs, promoted_legs) in cannons {
        let me = spec.kinds.len();
        spec.kinds.push(base(name, sfen, legs, me, me + 1));
        spec.kinds.push(promoted(
            &format!("promoted {name}"),
            &format!("+{sfen}"),
            promoted_legs,
            me,
        ));
    }
    spec
}

/// Gorogoro plus (5×6): gorogoro with a lance and a knight in each hand.
pub(crate) fn gorogoroplus_spec() -> FamilySpec {
    let kinds = vec![
        plain("gold", "G", gold_legs(), 0),
        base("silver", "S", silver_legs(), 1, 6),
        base("knight", "N", steps(&[(1, 2), (-1, 2)]), 2, 7),
        base("lance", "L", vec![leg(0, 1, 0)], 3, 8),
        KindSpec {
            max_per_file: Some(1),
            ..base("pawn", "P", steps(&[(0, 1)]), 4, 9)
        },
        king(),
        promoted("promoted silver", "+S", gold_legs(), 1),
        promoted("promoted knight", "+N", gold_legs(), 2),
        promoted("promoted lance", "+L", gold_legs(), 3),
        promoted("tokin", "+P", gold_legs(), 4),
    ];
    FamilySpec {
        kinds,
        pawn_drop_mate_illegal_for: Some(4),
        ..FamilySpec::new(5, 6, 2)
    }
}

/// Annan shogi as lishogi (shogiops) plays it: a piece moves as the
/// friendly piece directly behind it; promotion never forced, drops
/// anywhere empty.
pub(crate) fn annan_spec() -> FamilySpec {
    FamilySpec {
        borrowed_movement: true,
        forbid_dead_moves: false,
        forbid_dead_drops: false,
        ..standard_spec()
    }
}
