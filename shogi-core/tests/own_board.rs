//! One side's own board: it keeps the geometry of the position it was seen
//! in (any board, not only the usual sizes), and its serde form names that
//! geometry by its shape, refusing shapes no board has.

use shogi_core::{Color, Geometry, OwnBoard, PieceSet, Position};

/// A 7×7 board with a two-rank zone and a few pieces: a shape no variant of
/// the project plays on.
fn seven_by_seven() -> Position {
    let geometry = Geometry::shared(7, 7, 2).unwrap();
    let pieces = PieceSet {
        max: [14, 2, 2, 4, 2, 2, 4, 2],
    };
    Position::from_sfen("3k3/7/7/7/7/2P4/3K3 b G 1", geometry, &pieces).unwrap()
}

#[test]
fn own_board_keeps_its_position_s_geometry() {
    let pos = seven_by_seven();
    let mine = OwnBoard::of(&pos, Color::Black);
    assert!(std::ptr::eq(mine.geometry(), pos.geometry()));
    assert_eq!((mine.files(), mine.ranks()), (7, 7));
    // The gold in hand drops anywhere on the 7×7 board but on the two own
    // pieces: 47 squares.
    let drops = mine
        .moves()
        .iter()
        .filter(|m| m.drop_kind().is_some())
        .count();
    assert_eq!(drops, 49 - 2);
}

#[test]
fn serde_writes_the_shape_and_reads_back_the_shared_geometry() {
    let mine = OwnBoard::of(&seven_by_seven(), Color::Black);
    let json = serde_json::to_value(&mine).unwrap();
    assert_eq!(json["files"], 7);
    assert_eq!(json["ranks"], 7);
    assert_eq!(json["promotion_ranks"], 2);
    let back: OwnBoard = serde_json::from_value(json).unwrap();
    assert_eq!(back, mine);
    assert!(std::ptr::eq(
        back.geometry(),
        Geometry::shared(7, 7, 2).unwrap()
    ));
    assert_eq!(back.moves(), mine.moves());
}

#[test]
fn serde_refuses_a_shape_no_board_has() {
    let mine = OwnBoard::of(&seven_by_seven(), Color::White);
    for (key, bad) in [
        ("files", 12),
        ("ranks", 2),
        ("promotion_ranks", 0),
        ("promotion_ranks", 4),
    ] {
        let mut json = serde_json::to_value(&mine).unwrap();
        json[key] = bad.into();
        let err = serde_json::from_value::<OwnBoard>(json).unwrap_err();
        assert!(
            err.to_string().contains("a board must have")
                || err.to_string().contains("promotion zone"),
            "{key} = {bad}: {err}"
        );
    }
}
