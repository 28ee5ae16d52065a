//! Issue 15: playing past the largest move number an SFEN carries wrote an
//! SFEN the reader refused (a wrapping add). The move number now saturates at
//! `MAX_MOVE_NUMBER`: reported and written as that, read back, and taking
//! the moves back returns to the numbers played.

mod common;

use common::{minishogi, mv};
use shogi_core::{Position, MAX_MOVE_NUMBER};

#[test]
fn the_move_number_saturates_and_every_written_sfen_reads_back() {
    let start = format!("rbsgk/4p/5/P4/KGSBR b - {}", MAX_MOVE_NUMBER - 1);
    let mut pos = minishogi(&start);
    let mut played = Vec::new();
    for usi in ["5d5c", "1b1c", "4e5d", "2a1b"] {
        let m = mv(usi);
        let undo = pos.play_unchecked(m);
        played.push((m, undo));
        assert!(pos.move_number() <= MAX_MOVE_NUMBER);
        let sfen = pos.to_sfen();
        let back = Position::from_sfen(&sfen, pos.geometry(), &minishogi_pieces())
            .unwrap_or_else(|e| panic!("{sfen} does not read back: {e}"));
        assert_eq!(back.move_number(), pos.move_number());
        assert_eq!(back, pos);
    }
    assert_eq!(pos.move_number(), MAX_MOVE_NUMBER);
    assert!(pos.to_sfen().ends_with(&format!(" {MAX_MOVE_NUMBER}")));
    // Taking all back returns to the start exactly.
    while let Some((m, undo)) = played.pop() {
        pos.undo(m, undo);
    }
    assert_eq!(pos.to_sfen(), start);
}

fn minishogi_pieces() -> shogi_core::PieceSet {
    shogi_core::PieceSet {
        max: [2, 0, 0, 2, 2, 2, 2, 2],
    }
}
