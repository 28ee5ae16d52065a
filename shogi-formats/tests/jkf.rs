//! JKF: what the writer says of moves (Kifu for JS's fields), the start
//! presets and boards, and bad input refused with a message naming the entry
//! and the record left unmade (the corpus round trips are in corpus.rs, the
//! other programs' readings in the Python tests).

mod common;

use serde_json::Value;
use shogi_core::{Move, Setup};
use shogi_formats::record::{jkf, EndKind, Line, Record, RecordEnd, RecordMove, MAX_NESTING};
use shogi_variants::STANDARD_START;

fn record(moves: &[&str]) -> Record {
    let mut r = Record::new(Setup::from_sfen(STANDARD_START).unwrap());
    r.moves = moves
        .iter()
        .map(|m| RecordMove::new(m.parse::<Move>().unwrap()))
        .collect();
    r
}

/// The `move` object of entry `i` of `moves` in a written record.
fn move_of(text: &str, i: usize) -> Value {
    let v: Value = serde_json::from_str(text).unwrap();
    v["moves"][i]["move"].clone()
}

#[test]
fn moves_carry_kifu_for_js_fields() {
    // 1. 7g7f 2. 3c3d 3. 8h2b+ (captures the bishop, promotes) 4. 3a2b (same square)
    // 5. B*4e (drop)  6. 4a5b? no: 6. 6a5b  7. 4i5h (two golds could go: 右)
    let r = record(&["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "6a5b", "4i5h"]);
    let text = jkf::write(&r).unwrap();
    let first = move_of(&text, 1);
    assert_eq!(first["from"], serde_json::json!({"x": 7, "y": 7}));
    assert_eq!(first["to"], serde_json::json!({"x": 7, "y": 6}));
    assert_eq!(first["piece"], "FU");
    assert_eq!(first["color"], 0);
    assert!(first.get("promote").is_none() && first.get("same").is_none());
    let capture = move_of(&text, 3);
    assert_eq!(capture["capture"], "KA");
    assert_eq!(capture["promote"], true);
    let recapture = move_of(&text, 4);
    assert_eq!(recapture["same"], true);
    assert_eq!(recapture["color"], 1);
    let drop = move_of(&text, 5);
    assert!(drop.get("from").is_none());
    assert_eq!(drop["piece"], "KA");
    let gold = move_of(&text, 7);
    assert_eq!(gold["relative"], "R");
    assert_eq!(jkf::read(&text).unwrap(), r);
}

#[test]
fn a_promotion_declined_says_so() {
    // The bishop's exchange, then 2b3a... simpler: a knight or silver in the zone.
    let r = record(&["7g7f", "3c3d", "8h2b"]);
    let text = jkf::write(&r).unwrap();
    assert_eq!(move_of(&text, 3)["promote"], false);
    assert_eq!(jkf::read(&text).unwrap(), r);
}

#[test]
fn starts_are_presets_or_boards() {
    let handicap = Record::new(
        Setup::from_sfen("lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1").unwrap(),
    );
    let text = jkf::write(&handicap).unwrap();
    assert!(text.contains(r#""initial":{"preset":"2"}"#), "{text}");
    assert_eq!(jkf::read(&text).unwrap(), handicap);
    let problem = Record::new(Setup::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G2r 1").unwrap());
    let text = jkf::write(&problem).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["initial"]["preset"], "OTHER");
    assert_eq!(
        v["initial"]["data"]["board"][4][0],
        serde_json::json!({"color": 1, "kind": "OU"})
    );
    assert_eq!(v["initial"]["data"]["hands"][0]["KI"], 1);
    assert_eq!(v["initial"]["data"]["hands"][1]["HI"], 2);
    assert_eq!(jkf::read(&text).unwrap(), problem);
    // No initial: standard shogi's start.
    assert_eq!(jkf::read(r#"{"moves":[{}]}"#).unwrap(), record(&[]));
}

#[test]
fn ends_side_lines_and_fouls_round_trip() {
    let mut r = record(&["7g7f", "3c3d"]);
    r.moves[1].variations.push(Line {
        moves: vec![RecordMove::new("8c8d".parse().unwrap())],
        end: Some(RecordEnd::new(EndKind::Resign)),
    });
    let mut end = RecordEnd::new(EndKind::IllegalMove);
    // Black's rook jumps its own pawn: a foul of the right shape.
    end.foul = Some(RecordMove::new("2h2c".parse().unwrap()));
    end.comments.push("二歩ではなく".to_owned());
    r.end = Some(end);
    let text = jkf::write(&r).unwrap();
    assert!(text.contains(r#""special":"+ILLEGAL_ACTION""#), "{text}");
    assert!(text.contains(r#""special":"TORYO""#), "{text}");
    assert_eq!(jkf::read(&text).unwrap(), r);
    // The side to move's opponent's illegal action: a win.
    let mut win = record(&["7g7f"]);
    win.end = Some(RecordEnd::new(EndKind::IllegalMoveWin));
    let text = jkf::write(&win).unwrap();
    assert!(text.contains(r#""special":"+ILLEGAL_ACTION""#), "{text}");
    assert_eq!(jkf::read(&text).unwrap(), win);
}

#[test]
fn what_jkf_cannot_hold_is_refused() {
    let mut r = record(&["7g7f"]);
    r.end = Some(RecordEnd::new(EndKind::MaxMoves));
    assert_eq!(
        jkf::write(&r).unwrap_err().to_string(),
        "JKF cannot hold the end max_moves"
    );
    let mut twice = record(&[]);
    twice.headers.push(("black".into(), "A".into()));
    twice.headers.push(("black".into(), "B".into()));
    assert!(jkf::write(&twice)
        .unwrap_err()
        .to_string()
        .contains("twice"));
    let mini = Record::new(Setup::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1").unwrap());
    assert_eq!(
        jkf::write(&mini).unwrap_err().to_string(),
        "JKF cannot hold a 5 × 5 board"
    );
}

#[test]
fn bad_input_is_refused_naming_where() {
    let m = |mv: &str| format!(r#"{{"moves":[{{}},{{"move":{mv}}}]}}"#);
    let cases: Vec<(String, &str)> = vec![
        ("not json".to_owned(), "line 1"),
        ("[1, 2]".to_owned(), "JKF"),
        (r#"{"header":{"先手":3}}"#.to_owned(), "JKF"),
        (r#"{"initial":{"preset":"NINEPIECES"}}"#.to_owned(), "initial.preset"),
        (r#"{"initial":{"preset":"OTHER"}}"#.to_owned(), "needs data"),
        (r#"{"initial":{"preset":"OTHER","data":{"board":[]}}}"#.to_owned(), "9 files"),
        (r#"{"moves":[{"move":{}}]}"#.to_owned(), "moves[0]"),
        (m(r#"{"to":{"x":7,"y":6}}"#), "a drop needs its piece"),
        (m(r#"{"from":{"x":7,"y":7},"to":{"x":7,"y":10}}"#), "moves[1].move.to.y"),
        (m(r#"{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":1}"#), "black's turn"),
        (m(r#"{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"HI"}"#), "moves[1].move.piece is HI"),
        (
            r#"{"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":5}}},{"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4}}}]}"#.to_owned(),
            "illegal move 7g7e (moves[1])",
        ),
        (m(r#"{"to":{"x":5,"y":5},"piece":"OU"}"#), "OU cannot be dropped"),
        (r#"{"moves":[{},{"special":"MATTA"}]}"#.to_owned(), "MATTA"),
        (
            r#"{"moves":[{},{"special":"TORYO"},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6}}}]}"#.to_owned(),
            "but moves[2] goes on",
        ),
        (r#"{"moves":[{},{"comments":["x"]}]}"#.to_owned(), "neither a move nor a special"),
        (
            r#"{"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6}},"forks":[[]]}]}"#.to_owned(),
            "moves[1].forks[0] has no move",
        ),
        (
            r#"{"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6}},"forks":[[{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6}}}]]}]}"#.to_owned(),
            "as another line from that position does",
        ),
    ];
    for (text, says) in cases {
        let e = jkf::read(&text).unwrap_err().to_string();
        assert!(e.contains(says), "{text}: {e}");
    }
}

#[test]
fn side_lines_nest_only_so_deep() {
    // White's second move replaced by 3c3d, that by 8c8d, that by 3c3d...
    let white = |x: u8| format!(r#""move":{{"from":{{"x":{x},"y":3}},"to":{{"x":{x},"y":4}}}}"#);
    let nested = |levels: usize| {
        let mut fork = format!("[{{{}}}]", white(3));
        for level in 0..levels {
            let x = if level % 2 == 0 { 8 } else { 3 };
            fork = format!(r#"[{{{},"forks":[{fork}]}}]"#, white(x));
        }
        format!(
            r#"{{"moves":[{{}},{{"move":{{"from":{{"x":7,"y":7}},"to":{{"x":7,"y":6}}}}}},{{{},"forks":[{fork}]}}]}}"#,
            white(if levels % 2 == 0 { 8 } else { 3 })
        )
    };
    let deep = jkf::read(&nested(MAX_NESTING - 2)).unwrap();
    assert_eq!(deep.moves.len(), 2);
    let e = jkf::read(&nested(MAX_NESTING + 1)).unwrap_err().to_string();
    assert!(
        e.contains(&format!("nest more than {MAX_NESTING} deep")),
        "{e}"
    );
}

/// The shape of a record's tree: each line's moves, with the side lines
/// that replace each move, and how the line ends (kind and foul move).
#[derive(Debug, PartialEq)]
struct Shape {
    moves: Vec<(Move, Vec<Shape>)>,
    end: Option<(EndKind, Option<Move>, Vec<Shape>)>,
}

fn shape(moves: &[RecordMove], end: Option<&RecordEnd>) -> Shape {
    let lines = |ls: &[Line]| ls.iter().map(|l| shape(&l.moves, l.end.as_ref())).collect();
    Shape {
        moves: moves.iter().map(|m| (m.mv, lines(&m.variations))).collect(),
        end: end.map(|e| (e.kind, e.foul.as_ref().map(|f| f.mv), lines(&e.variations))),
    }
}

/// Kifu for JS (json-kifu-format 5.5.0, the format's reference parser) read
/// each record of its own test files to the JKF in `tests/data/jkf/`: we read
/// that JKF to the same start, moves, side lines and ends as we read the
/// record itself, and write JKF that reads back the same.
#[test]
fn kifu_for_js_jkf_reads_as_its_source_record() {
    use shogi_formats::record::Format;
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut fixtures: Vec<_> = std::fs::read_dir(data.join("jkf"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jkf"))
        .collect();
    fixtures.sort();
    assert_eq!(fixtures.len(), 31);
    let mut failures = Vec::new();
    for path in fixtures {
        let file = path.file_stem().unwrap().to_string_lossy().into_owned();
        let source = data.join("corpus/kifu-for-js").join(&file);
        let ours =
            Format::detect(&common::corpus_text(&source)).read(&common::corpus_text(&source));
        let theirs = jkf::read(&std::fs::read_to_string(&path).unwrap());
        match (ours, theirs) {
            (Ok(ours), Ok(theirs)) => {
                let (a, b) = (
                    shape(&ours.moves, ours.end.as_ref()),
                    shape(&theirs.moves, theirs.end.as_ref()),
                );
                let again = jkf::read(&jkf::write(&theirs).unwrap()).unwrap();
                assert_eq!(shape(&again.moves, again.end.as_ref()), b, "{file}");
                if ours.start != theirs.start || a != b {
                    failures.push(format!("{file}: ours {a:?}\n theirs {b:?}"));
                }
            }
            (a, b) => failures.push(format!("{file}: {:?} / {:?}", a.err(), b.err())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_fork_that_is_only_another_end_is_not_kept() {
    let text = r#"{"header":{},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6}}},
        {"special":"TORYO","forks":[[{"special":"CHUDAN"}]]}]}"#;
    let r = jkf::read(text).unwrap();
    let end = r.end.unwrap();
    assert_eq!(end.kind, EndKind::Resign);
    assert!(end.variations.is_empty());
}

#[test]
fn an_illegal_last_move_is_a_foul() {
    // Black's rook jumps its own pawn, and nothing follows (as tsshogi writes
    // a KIF that ends with a foul and a comment).
    let text = r#"{"header":{},"moves":[{},{"move":{"from":{"x":2,"y":8},"to":{"x":2,"y":3}},"comments":["反則"]}]}"#;
    let r = jkf::read(text).unwrap();
    let end = r.end.unwrap();
    assert_eq!(end.kind, EndKind::IllegalMove);
    assert_eq!(
        end.foul.as_ref().map(|f| f.mv.to_string()),
        Some("2h2c".to_owned())
    );
    assert_eq!(end.foul.unwrap().comments, ["反則"]);
    // Not last: refused.
    let text = r#"{"header":{},"moves":[{},{"move":{"from":{"x":2,"y":8},"to":{"x":2,"y":3}}},{"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4}}}]}"#;
    assert!(jkf::read(text)
        .unwrap_err()
        .to_string()
        .contains("illegal move 2h2c"));
}
