//! USEN: bad input refused with a message naming the section, and what it
//! cannot hold (the corpus round trip is in corpus.rs, tsshogi's readings in
//! the Python tests).

use shogi_core::Setup;
use shogi_formats::record::{usen, EndKind, Format, Record, RecordEnd, RecordMove};

#[test]
fn bad_usen_is_refused_naming_the_section() {
    for (text, says) in [
        ("zzz~0.", "USEN start"),
        (
            "rbsgk_4p_5_P4_KGSBR.b.-~0.",
            "a 5 × 5 board (USEN is 9 × 9)",
        ),
        ("~x.7ku.", "section 1: \"x\" is not a ply"),
        ("~0.7k.", "three base-36 digits"),
        ("~0.7ku.q", "\"q\" is not an end"),
        (
            "~0.7ku~5.2jm.",
            "branches at ply 5, but the line before has 1 moves",
        ),
        ("~0.7ku7ku.", "illegal move 7g7f (USEN section 1, move 2)"),
        ("~0.zzz.", "\"zzz\" is not a move"),
        ("~0.7ku.r.x", "more than three parts"),
    ] {
        let e = usen::read(text).unwrap_err().to_string();
        assert!(e.contains(says), "{text}: {e}");
    }
}

#[test]
fn usen_is_told_apart_and_keeps_other_starts() {
    let text = "~0.7ku2jm.r";
    assert_eq!(Format::detect(text), Format::Usen);
    let r = Format::Usen.read(text).unwrap();
    assert_eq!(r.end.map(|e| e.kind), Some(EndKind::Resign));
    // A handicap start (White first), as tsshogi writes it.
    let mut two = Record::new(
        Setup::from_sfen("lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1").unwrap(),
    );
    two.moves.push(RecordMove::new("5c5d".parse().unwrap()));
    let text = usen::write(&two).unwrap();
    assert!(
        text.starts_with("lnsgkgsnl_9_ppppppppp_9_9_9_PPPPPPPPP_1B5R1_LNSGKGSNL.w.-~0."),
        "{text}"
    );
    assert_eq!(usen::read(&text).unwrap().moves, two.moves);
}

#[test]
fn what_usen_cannot_hold_is_left_out_or_refused() {
    let mut r = Record::new(Setup::from_sfen(shogi_variants::STANDARD_START).unwrap());
    r.moves.push(RecordMove::new("7g7f".parse().unwrap()));
    r.end = Some(RecordEnd::new(EndKind::Checkmate));
    // No letter for a checkmate: no end rather than a wrong one.
    assert_eq!(usen::write(&r).unwrap(), "~0.7ku.");
    let mut foul = RecordEnd::new(EndKind::IllegalMove);
    foul.foul = Some(RecordMove::new("8b8g".parse().unwrap())); // White's rook jumps its pawn
    r.end = Some(foul);
    assert!(usen::write(&r)
        .unwrap_err()
        .to_string()
        .contains("USEN cannot hold a foul move"));
    let mini = Record::new(Setup::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1").unwrap());
    assert!(usen::write(&mini).is_err());
}

/// A side line played instead of an end gets a section of its own (found by
/// the fuzz target `records`: it was written after the end, in the main
/// line's section, and read back as the main line's moves).
#[test]
fn a_side_line_instead_of_an_end_is_its_own_section() {
    let text = "~0.7ku.p~1.36e9us.";
    let r = usen::read(text).unwrap();
    assert_eq!(r.moves.len(), 1);
    let end = r.end.as_ref().unwrap();
    assert_eq!(end.kind, EndKind::Interrupted);
    assert_eq!(end.variations[0].moves.len(), 2);
    assert_eq!(usen::write(&r).unwrap(), text);
}

#[test]
fn illegal_moves_are_refused_naming_where() {
    use shogi_formats::record::{Line, WriteError};
    let mut r = Record::new(Setup::from_sfen(shogi_variants::STANDARD_START).unwrap());
    r.moves.push(RecordMove::new("7g7f".parse().unwrap()));
    r.moves.push(RecordMove::new("3c3d".parse().unwrap()));
    // A side line of the second move whose second move is illegal.
    r.moves[1].variations.push(Line {
        moves: vec![
            RecordMove::new("8c8d".parse().unwrap()),
            RecordMove::new("7f7c".parse().unwrap()),
        ],
        end: None,
    });
    match usen::write(&r).unwrap_err() {
        WriteError::IllegalSideMove { path, .. } => {
            assert_eq!(
                path.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
                ["7g7f", "8c8d", "7f7c"]
            )
        }
        e => panic!("{e}"),
    }
    r.moves[1].variations.clear();
    r.moves.push(RecordMove::new("3c3d".parse().unwrap()));
    assert!(matches!(
        usen::write(&r).unwrap_err(),
        WriteError::IllegalMove { index: 2, .. }
    ));
}
