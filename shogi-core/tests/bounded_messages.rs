//! Error messages quote a bounded excerpt of what they refuse (issue 15): a
//! 10 MB SFEN, move, square or command gives a message of a line, which says
//! how long the input was.

use shogi_core::notation::{japanese, western};
use shogi_core::{Move, PieceKind, PositionCommand, Setup, Square};

mod common;
use common::{standard, STANDARD_START};

const BIG: usize = 10_000_000;

fn check(what: &str, message: String) {
    assert!(
        message.len() < 400,
        "{what}: {} bytes: {}",
        message.len(),
        &message[..200]
    );
    assert!(message.contains("bytes)"), "{what}: {message}");
}

#[test]
fn sfen_errors_quote_an_excerpt() {
    let big = |c: &str| c.repeat(BIG);
    let cases = [
        ("board character", format!("{} b - 1", big("?"))),
        (
            "side",
            STANDARD_START.replace(" b ", &format!(" {} ", big("q"))),
        ),
        (
            "hands",
            STANDARD_START.replace(" - ", &format!(" {}P ", big("2"))),
        ),
        (
            "move number",
            format!(
                "{}{}",
                &STANDARD_START[..STANDARD_START.len() - 1],
                big("9")
            ),
        ),
    ];
    for (what, sfen) in cases {
        let message = Setup::from_sfen(&sfen).unwrap_err().to_string();
        if what == "board character" {
            // Refused by its shape (one rank) before any character is quoted.
            assert!(message.len() < 400, "{message}");
        } else {
            check(what, message);
        }
    }
}

#[test]
fn move_square_and_piece_errors_quote_an_excerpt() {
    let big = "7".repeat(BIG);
    check("move", Move::from_usi(&big).unwrap_err().to_string());
    check("square", big.parse::<Square>().unwrap_err().to_string());
    check("piece", big.parse::<PieceKind>().unwrap_err().to_string());
}

#[test]
fn position_command_errors_quote_an_excerpt() {
    let big = "x".repeat(BIG);
    check(
        "command",
        format!("position {big}")
            .parse::<PositionCommand>()
            .unwrap_err()
            .to_string(),
    );
    let e = format!("position startpos moves {big}")
        .parse::<PositionCommand>()
        .unwrap_err();
    check("command move", e.to_string());
}

#[test]
fn notation_errors_quote_an_excerpt() {
    let pos = standard(STANDARD_START);
    check(
        "japanese",
        japanese::read(&pos, &"七".repeat(BIG), None)
            .unwrap_err()
            .to_string(),
    );
    check(
        "western",
        western::read(&pos, &"P".repeat(BIG))
            .unwrap_err()
            .to_string(),
    );
    // Well formed, matching no move: the text is quoted bounded too.
    let long = format!("P-7f{}", " ".repeat(BIG));
    if let Err(e) = western::read(&pos, &long) {
        assert!(e.to_string().len() < 400);
    }
}
