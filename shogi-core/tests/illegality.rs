//! `Position::illegality`: one position per reason, in which exactly that
//! rule refuses the move, with the words of the refusal (`Position::play`'s
//! error). That a reason is given exactly for the refused moves is checked
//! against the legal move list in `is_legal.rs`.

use shogi_core::{Illegality, Move, OwnBoard, Position};

mod common;
use common::{minishogi, standard, MINISHOGI_START, STANDARD_START};

fn mv(s: &str) -> Move {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// `m` is refused in `pos` for `reason`, with `words`; the position is unchanged.
fn refused(pos: &Position, m: &str, name: &str, words: &str) {
    let mut after = pos.clone();
    let err = after.play(mv(m)).expect_err(m);
    assert_eq!(&after, pos, "{m} changed the position");
    assert_eq!(err.reason.name(), name, "{m} in {pos}: {err}");
    assert_eq!(err.to_string(), format!("{m}: {words}"), "{m} in {pos}");
    assert_eq!(pos.illegality(mv(m)), Some(err.reason));
}

#[test]
fn every_reason_of_plain_shogi_in_its_own_position() {
    let start = standard(STANDARD_START);
    refused(&start, "5e5d", "no_such_piece", "there is no piece on 5e");
    refused(
        &start,
        "3c3d",
        "not_your_piece",
        "the piece on 3c is your opponent's",
    );
    refused(
        &start,
        "9i9g",
        "own_piece_there",
        "your own piece stands on 9g",
    );
    refused(
        &start,
        "7g7e",
        "cannot_move_there",
        "the pawn on 7g cannot move to 7e",
    );
    refused(
        &start,
        "8h2b",
        "cannot_move_there",
        "the bishop on 8h cannot move to 2b",
    );
    refused(&start, "P*5e", "none_in_hand", "you have no pawn in hand");
    refused(
        &start,
        "7g7f+",
        "promotion_not_allowed",
        "a pawn promotes only on a move that starts or ends in the promotion zone",
    );
    let mini = minishogi(MINISHOGI_START);
    refused(&mini, "9i9h", "off_board", "9i is not on this board");
    refused(
        &mini,
        "4e3d+",
        "promotion_not_allowed",
        "a gold cannot promote",
    );

    // A pawn dropped on the last rank, and one moved there unpromoted.
    let pos = standard("4k4/9/9/9/9/9/9/9/4K4 b P 1");
    refused(
        &pos,
        "P*1a",
        "dead_square",
        "a pawn on 1a could never move (dead square)",
    );
    let pos = standard("4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    refused(
        &pos,
        "9b9a",
        "dead_square",
        "a pawn on 9a could never move (dead square)",
    );
    let pos = standard("4k4/9/9/9/9/9/9/9/4K4 b N 1");
    refused(
        &pos,
        "N*2b",
        "dead_square",
        "a knight on 2b could never move (dead square)",
    );
    // A drop onto a piece.
    let pos = standard("4k4/9/9/9/9/9/4P4/9/4K4 b G 1");
    refused(
        &pos,
        "G*5g",
        "occupied",
        "5g is occupied: a drop needs an empty square",
    );
    // A second pawn on file 5.
    let pos = standard("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    refused(&pos, "P*5e", "nifu", "two pawns on file 5 (nifu)");
    // The knight on 2d guards 1b, the gold on 3b covers 2a and 2b: mate.
    let pos = standard("8k/6G2/9/7N1/9/9/9/9/K8 b P 1");
    refused(
        &pos,
        "P*1b",
        "pawn_drop_mate",
        "a pawn drop may not give checkmate (pawn-drop mate)",
    );
    // A pinned bishop, a king stepping into the rook's file, a drop that
    // does not block a check.
    let pos = standard("4k4/9/9/9/4r4/9/9/4B4/4K4 b P 1");
    refused(
        &pos,
        "5h4g",
        "own_king_in_check",
        "leaves your king in check",
    );
    let pos = standard("4k4/9/9/9/3r5/9/9/9/4K4 b P 1");
    refused(
        &pos,
        "5i6i",
        "own_king_in_check",
        "leaves your king in check",
    );
    let pos = standard("4k4/9/9/9/4r4/9/9/9/4K4 b G 1");
    refused(
        &pos,
        "G*4h",
        "own_king_in_check",
        "leaves your king in check",
    );
    assert!(pos.is_legal(mv("G*5h")));
}

#[test]
fn the_piece_rules_are_asked_before_the_king() {
    // In check from the rook, a pawn drop on the king's file would also be
    // nifu: the pawn's own rule is named.
    let pos = standard("4k4/9/9/9/4r4/9/9/P8/4K4 b P 1");
    assert_eq!(
        pos.illegality(mv("P*9f")),
        Some(Illegality::Nifu { file: 9 })
    );
    assert_eq!(
        pos.illegality(mv("P*4f")),
        Some(Illegality::LeavesKingInCheck)
    );
    assert_eq!(pos.illegality(mv("P*5f")), None);
}

#[test]
fn an_own_board_names_only_what_the_own_pieces_decide() {
    let pos = standard("4k4/9/9/9/4r4/9/9/4B4/4K4 b P 1");
    let own = OwnBoard::of(&pos, pos.side_to_move());
    // Pinned on the real board, but nothing on the own board says so.
    assert_eq!(own.illegality(mv("5h4g")), None);
    // The rook is unseen: the pawn may be dropped "on" it as a candidate.
    assert_eq!(own.illegality(mv("P*5e")), None);
    assert_eq!(
        own.illegality(mv("P*1a")).map(Illegality::name),
        Some("dead_square")
    );
    assert_eq!(
        own.illegality(mv("5e5d")).map(Illegality::name),
        Some("no_such_piece")
    );
    assert_eq!(
        own.illegality(mv("5i5h")).map(Illegality::name),
        Some("own_piece_there")
    );
}

/// What a user sees of a refusal, its message and its `Debug` (what `?` in
/// `main` prints), names squares as the game does (`7g`), never by index
/// (`Square(38)`), on 9×9 and 5×5 alike.
#[test]
fn refusals_name_squares_as_the_game_does_in_their_message_and_debug() {
    let cases = [
        (standard(STANDARD_START), "5e5d", "5e"),
        (standard(STANDARD_START), "7g7e", "7g"),
        (standard(STANDARD_START), "3c3d", "3c"),
        (minishogi(MINISHOGI_START), "5e5d", "5d"),
        (minishogi(MINISHOGI_START), "3c3b", "3c"),
    ];
    for (pos, m, square) in cases {
        let err = pos.clone().play(mv(m)).expect_err(m);
        let (text, debug) = (err.to_string(), format!("{err:?}"));
        assert!(text.contains(square), "{m}: {text}");
        assert!(debug.contains(&format!(": {square}")), "{m}: {debug}");
        for shown in [&text, &debug] {
            assert!(!shown.contains("Square("), "{m}: {shown}");
        }
    }
    let sq: shogi_core::Square = "7g".parse().unwrap();
    assert_eq!(format!("{sq:?}"), "7g");
    assert_eq!(format!("{:?}", Some(sq)), "Some(7g)");
}
