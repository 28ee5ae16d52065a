//! Reader errors quote a bounded excerpt of the line they refuse (issue 15):
//! a 10 MB line gives a message of a line, which says how long it was; and
//! the writers' refusals of header keys are on one line.

use shogi_core::Setup;
use shogi_formats::record::{csa, ki2, kif, Format, Record, WriteError};

const BIG: usize = 10_000_000;
const STANDARD_START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

fn check(what: &str, message: String) {
    assert!(
        message.len() < 400,
        "{what}: {} bytes: {}",
        message.len(),
        message.chars().take(100).collect::<String>()
    );
    assert!(message.contains("bytes)"), "{what}: {message}");
}

#[test]
fn every_reader_quotes_an_excerpt_of_a_huge_line() {
    let big = |c: &str| c.repeat(BIG);
    let table = "手合割：平手\n手数----指手---------消費時間--\n";
    let cases: Vec<(&str, Format, String)> = vec![
        ("kif line", Format::Kif, format!("{table}{}\n", big("歩"))),
        (
            "kif move",
            Format::Kif,
            format!("{table}   1 {}\n", big("７")),
        ),
        (
            "kif time",
            Format::Kif,
            format!("{table}   1 ７六歩(77) ({})\n", big("1")),
        ),
        (
            "ki2 line",
            Format::Ki2,
            format!("手合割：平手\n\n{}\n", big("歩")),
        ),
        (
            "ki2 move",
            Format::Ki2,
            format!("手合割：平手\n\n▲{}\n", big("７")),
        ),
        (
            "csa statement",
            Format::Csa,
            format!("V2.2\nPI\n+\n{}\n", big("Q")),
        ),
        (
            "csa move",
            Format::Csa,
            format!("V2.2\nPI\n+\n+{}\n", big("7")),
        ),
        (
            "csa special",
            Format::Csa,
            format!("V2.2\nPI\n+\n%{}\n", big("X")),
        ),
        ("csa version", Format::Csa, format!("V{}\n", big("9"))),
        (
            "csa version minor",
            Format::Csa,
            format!("V4.{}\n", big("9")),
        ),
        (
            "csa time",
            Format::Csa,
            format!("V2.2\nPI\n+\n+7776FU\nT{}\n", big("x")),
        ),
    ];
    for (what, format, text) in cases {
        let e = format.read(&text).unwrap_err();
        check(what, e.to_string());
    }
}

#[test]
fn a_refused_header_key_is_quoted_on_one_line() {
    let mut record = Record::new(Setup::from_sfen(STANDARD_START).unwrap());
    record.headers.push(("two\nlines".into(), "x".into()));
    let errors: [Result<String, WriteError>; 3] = [
        kif::write(&record),
        ki2::write(&record),
        csa::write(&record),
    ];
    for e in errors {
        let message = e.unwrap_err().to_string();
        assert!(!message.contains('\n'), "{message:?}");
        assert!(message.contains(r#""two\nlines""#), "{message}");
    }
    let mut record = Record::new(Setup::from_sfen(STANDARD_START).unwrap());
    record.headers.push(("\n".repeat(BIG), "x".into()));
    for e in [
        kif::write(&record),
        ki2::write(&record),
        csa::write(&record),
    ] {
        let message = e.unwrap_err().to_string();
        assert!(message.len() < 800, "{} bytes", message.len());
    }
}
