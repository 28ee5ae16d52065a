//! CSA records: hand-written files for every feature of the format (`PI`
//! handicaps, `P1`-`P9` rows, `P+`/`P-` lines with `00AL`, multi-statement
//! lines, times, every `%` special move, comments, V3.0 decimal times,
//! several games in one file, CRLF and a byte-order mark); malformed files
//! and their line numbers; round trips of seeded random records; and a loop
//! of random and mutated inputs that must never panic.

use shogi_core::{PositionError, Setup, Square};
use shogi_formats::record::{
    csa, header, EndKind, MoveTime, Record, RecordEnd, RecordErrorKind, RecordMove, WriteError,
};

mod common;
use common::{mv, play_random, standard, XorShift, STANDARD_START};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/csa/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn read_data(name: &str) -> Record {
    csa::read(&data(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn usi_moves(record: &Record) -> Vec<String> {
    record.moves.iter().map(|m| m.mv.to_string()).collect()
}

fn times(record: &Record) -> Vec<Option<u32>> {
    record
        .moves
        .iter()
        .map(|m| m.time.map(|t| t.seconds))
        .collect()
}

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Writes `record`, reads it back, and checks that nothing changed (and that
/// writing again gives the same text).
fn assert_round_trip(record: &Record) -> String {
    let text = csa::write(record).unwrap_or_else(|e| panic!("write: {e}\n{record:?}"));
    let back = csa::read(&text).unwrap_or_else(|e| panic!("read back: {e}\n{text}"));
    assert_eq!(&back, record, "{text}");
    assert_eq!(csa::write(&back).unwrap(), text);
    text
}

// ---------------------------------------------------------------------------
// Hand-written files.

#[test]
fn a_full_game_with_every_header() {
    let record = read_data("hirate_full.csa");
    assert_eq!(
        record.headers,
        pairs(&[
            (header::BLACK, "Black Player"),
            (header::WHITE, "White Player"),
            (header::EVENT, "Test Event, round 1"),
            (header::SITE, "Tokyo"),
            (header::START_TIME, "2024/01/15 10:00:00"),
            (header::END_TIME, "2024/01/15 12:34:56"),
            (header::TIME_CONTROL, "01:00+30"),
            (header::OPENING, "Kakugawari"),
            ("NOTE", "a custom key: with a colon"),
        ])
    );
    assert_eq!(record.start, Setup::from_sfen(STANDARD_START).unwrap());
    assert_eq!(
        record.comments,
        [
            "a comment before the position",
            "a comment before the first move"
        ]
    );
    assert_eq!(
        usi_moves(&record),
        [
            "7g7f", "3c3d", "2g2f", "8c8d", "6i7h", "4a3b", "2f2e", "2b3c", "3i4h", "3a2b", "8h7g",
            "3c7g+", "8i7g", "B*3c", "B*5e", "3c5e"
        ]
    );
    assert_eq!(
        times(&record),
        [
            Some(12),
            Some(3),
            Some(0),
            None,
            Some(7),
            Some(2),
            None,
            None,
            Some(1),
            None,
            Some(10),
            Some(4),
            None,
            None,
            None,
            Some(30)
        ]
    );
    assert_eq!(record.moves[0].comments, ["after move 1"]);
    // `'*text` is the comment `text`, as KIF's `*text`.
    assert_eq!(record.moves[11].comments, ["the bishop exchange"]);
    assert!(record.moves[1].comments.is_empty());
    assert_eq!(
        record.end,
        Some(RecordEnd {
            kind: EndKind::Resign,
            time: Some(MoveTime {
                seconds: 1,
                total_seconds: None
            }),
            comments: vec!["after resignation".into()],
            foul: None,
            variations: Vec::new(),
        })
    );
    assert_eq!(record.end_side(), shogi_core::Color::Black);
    assert_eq!(record.positions().unwrap().len(), 17);
    let text = assert_round_trip(&record);
    assert!(text.starts_with("V2.2\nN+Black Player\nN-White Player\n$EVENT:Test Event, round 1\n"));
    assert!(text.contains(
        "\n$TIME_LIMIT:01:00+30\n$OPENING:Kakugawari\n$NOTE:a custom key: with a colon\n"
    ));
    assert!(text.contains("\nPI\n+\n"));
    assert!(text.contains("\n-3377UM\nT4\n'*the bishop exchange\n+8977KE\n"));
    assert!(text.ends_with("\n%TORYO\nT1\n'*after resignation\n"));
}

#[test]
fn pi_with_removed_pieces_is_a_handicap() {
    let record = read_data("handicap_two_pieces.csa");
    assert_eq!(
        record.start.to_sfen(),
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    assert_eq!(usi_moves(&record), ["5a4b", "7g7f", "6a5b"]);
    assert_eq!(record.end.as_ref().unwrap().kind, EndKind::Resign);
    assert_eq!(record.end_side(), shogi_core::Color::Black);
    let text = assert_round_trip(&record);
    // Not the standard start: written square by square.
    assert!(text.contains("\nP2 *  *  *  *  *  *  *  *  * \n"), "{text}");
    assert!(!text.contains("PI"));

    let record = read_data("handicap_lance.csa");
    assert_eq!(
        record.start.to_sfen(),
        "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    assert_eq!(usi_moves(&record), ["3c3d", "7g7f"]);
    assert_eq!(record.end, None);
    assert_round_trip(&record);
}

#[test]
fn rows_and_hands_with_all_the_rest() {
    let record = read_data("board_rows_hands_al.csa");
    assert_eq!(
        record.start.to_sfen(),
        "6gnk/7p1/6p1p/9/9/9/9/9/5K3 b GS2r2b2g3s3n4l15p 1"
    );
    assert_eq!(usi_moves(&record), ["G*1b", "1a1b"]);
    // A `'` line without `*` is a remark about the file, not a comment.
    assert!(record.comments.is_empty());
    assert_eq!(
        record.remarks,
        ["a problem with both kings: Black holds a gold and a silver, White the rest"]
    );
    let text = assert_round_trip(&record);
    assert!(text.contains("\nP1 *  *  *  *  *  * -KI-KE-OU\n"), "{text}");
    assert!(text.contains("\nP+00KI00GI\n"), "{text}");
    assert!(
        text.contains("\nP-00HI00HI00KA00KA00KI00KI00GI00GI00GI00KE00KE00KE00KY00KY00KY00KY00FU")
    );
}

#[test]
fn single_pieces_on_squares_and_in_hand() {
    let record = read_data("individual_pieces.csa");
    assert_eq!(
        record.start.to_sfen(),
        "4k4/9/4p4/9/9/9/4P4/9/4K4 w RBrb4g4s4n4l16p 1"
    );
    assert_eq!(usi_moves(&record), ["5a5b", "5i5h"]);
    assert_round_trip(&record);
}

#[test]
fn several_statements_on_one_line() {
    let record = read_data("multi_statement.csa");
    assert_eq!(record.headers, pairs(&[(header::BLACK, "Comma, Esq.")]));
    assert_eq!(
        usi_moves(&record),
        ["7g7f", "3c3d", "8h2b+", "3a2b", "B*5e"]
    );
    assert_eq!(times(&record), [Some(12), Some(3), Some(1), None, Some(2)]);
    assert_eq!(record.moves[3].comments, ["capture back, with a comma"]);
    let end = record.end.as_ref().unwrap();
    assert_eq!(end.kind, EndKind::Resign);
    assert_eq!(end.time.map(|t| t.seconds), Some(5));
    assert_eq!(record.end_side(), shogi_core::Color::White);
    assert_round_trip(&record);
}

#[test]
fn version_3_decimal_times_and_program_comments() {
    let record = read_data("v30_decimal_times.csa");
    assert_eq!(
        record.headers,
        pairs(&[
            (header::BLACK, "先手"),
            (header::WHITE, "後手"),
            (header::EVENT, "第1回テスト"),
            (header::START_TIME, "2024/05/05 15:05:40"),
            ("TIME", "600+10+0"),
            ("MAX_MOVES", "256"),
        ])
    );
    // The encoding line is not a comment of the record.
    assert!(record.comments.is_empty());
    assert_eq!(usi_moves(&record), ["2g2f", "3c3d", "7g7f"]);
    // Rounded down.
    assert_eq!(times(&record), [Some(0), Some(6), Some(12)]);
    assert!(record.remarks.is_empty());
    assert_eq!(record.moves[0].comments, ["* 30 -3334FU"]);
    assert_eq!(record.moves[1].comments, ["評価値 -45"]);
    let end = record.end.as_ref().unwrap();
    assert_eq!(end.kind, EndKind::Timeout);
    assert_eq!(end.time.map(|t| t.seconds), Some(600));
    assert_round_trip(&record);
}

#[test]
fn comments_go_where_they_stand() {
    let record = read_data("comments.csa");
    assert_eq!(
        record.remarks,
        [
            " a comment before the version",
            "between headers",
            "between rows"
        ]
    );
    assert_eq!(
        record.comments,
        ["*program comment in the header", "before the first move"]
    );
    assert_eq!(
        record.moves[0].comments,
        ["after 1", "after 1, again", "after the time of 1"]
    );
    assert_eq!(times(&record), [Some(5), None]);
    assert_eq!(record.moves[1].comments, ["inline after 2"]);
    let end = record.end.as_ref().unwrap();
    assert_eq!(end.kind, EndKind::Interrupted);
    assert_eq!(end.comments, ["after the end", ""]);
    assert_eq!(record.start, Setup::from_sfen(STANDARD_START).unwrap());
    assert_round_trip(&record);
}

#[test]
fn only_the_first_of_several_games_is_read() {
    let record = read_data("multiple_games.csa");
    assert_eq!(
        record.headers,
        pairs(&[(header::BLACK, "First"), (header::WHITE, "Game")])
    );
    assert_eq!(usi_moves(&record), ["7g7f"]);
    assert_eq!(record.end.as_ref().unwrap().kind, EndKind::Resign);
}

#[test]
fn crlf_byte_order_mark_and_loosely_spaced_rows() {
    let text = data("crlf_bom_loose_rows.csa");
    assert!(text.starts_with('\u{feff}') && text.contains("\r\n"));
    let record = csa::read(&text).unwrap();
    assert_eq!(record.headers, pairs(&[(header::BLACK, "CRLF")]));
    assert_eq!(record.start, Setup::from_sfen(STANDARD_START).unwrap());
    assert_eq!(usi_moves(&record), ["7g7f", "3c3d"]);
    assert_eq!(times(&record), [Some(3), None]);
    let text = assert_round_trip(&record);
    assert!(text.contains("\nPI\n"));
}

#[test]
fn every_special_move() {
    use EndKind::*;
    // (file, kind read, word written back). The end side is Black after
    // two moves, White after one.
    let table = [
        ("toryo", Resign, "%TORYO"),
        ("chudan", Interrupted, "%CHUDAN"),
        ("sennichite", Repetition, "%SENNICHITE"),
        ("time_up", Timeout, "%TIME_UP"),
        ("illegal_move", IllegalMove, "%ILLEGAL_MOVE"),
        // Black (to move) fouled: Black loses, as %ILLEGAL_MOVE says.
        ("plus_illegal_action", IllegalMove, "%ILLEGAL_MOVE"),
        // White fouled, Black (to move) wins.
        ("minus_illegal_action", IllegalMoveWin, "%-ILLEGAL_ACTION"),
        // Black fouled, White (to move) wins.
        (
            "plus_illegal_action_white_to_move",
            IllegalMoveWin,
            "%+ILLEGAL_ACTION",
        ),
        // White (to move) fouled and loses.
        (
            "minus_illegal_action_white_to_move",
            IllegalMove,
            "%ILLEGAL_MOVE",
        ),
        ("jishogi", Jishogi, "%JISHOGI"),
        ("kachi", ImpasseDeclaration, "%KACHI"),
        ("hikiwake", Draw, "%HIKIWAKE"),
        ("max_moves", MaxMoves, "%MAX_MOVES"),
        ("tsumi", Checkmate, "%TSUMI"),
        ("fuzumi", NoMate, "%FUZUMI"),
        ("error", Interrupted, "%CHUDAN"),
    ];
    for (name, kind, word) in table {
        let record = read_data(&format!("special/{name}.csa"));
        assert_eq!(record.end.as_ref().map(|e| e.kind), Some(kind), "{name}");
        let text = assert_round_trip(&record);
        assert!(text.ends_with(&format!("\n{word}\n")), "{name}: {text}");
        assert_eq!(
            text.starts_with("'CSA encoding=UTF-8\nV3.0\n"),
            kind == MaxMoves
        );
    }
}

/// (file, line, what kind of error).
const BAD: &[(&str, usize, &str)] = &[
    ("illegal_move", 6, "illegal"),
    ("wrong_side", 5, "illegal"),
    ("piece_mismatch", 3, "illegal"),
    ("piece_after_move_wrong", 5, "illegal"),
    ("drop_without_piece", 3, "illegal"),
    ("illegal_in_multi_statement", 3, "illegal"),
    ("pawn_drop_mate", 7, "illegal"),
    ("short_row", 4, "malformed"),
    ("pi_removal", 2, "malformed"),
    ("bad_time", 4, "malformed"),
    ("time_before_move", 3, "malformed"),
    ("second_time", 5, "malformed"),
    ("unknown_special", 3, "malformed"),
    ("no_side", 3, "malformed"),
    ("move_after_end", 5, "malformed"),
    ("header_after_side", 3, "malformed"),
    ("unknown_statement", 4, "malformed"),
    ("empty", 1, "malformed"),
    ("only_headers", 2, "malformed"),
    ("occupied_square", 2, "malformed"),
    ("missing_colon", 1, "malformed"),
    ("truncated_move", 3, "malformed"),
    ("bad_square", 3, "malformed"),
    ("second_side", 4, "malformed"),
    ("two_kings", 4, "position"),
    ("nifu", 4, "position"),
    ("too_many_pieces", 3, "position"),
    ("matta", 4, "unsupported"),
    ("version", 1, "unsupported"),
];

#[test]
fn malformed_files_give_a_typed_error_at_the_right_line() {
    for &(name, line, kind) in BAD {
        let err = csa::read(&data(&format!("bad/{name}.csa")))
            .err()
            .unwrap_or_else(|| panic!("{name} was read"));
        assert_eq!(err.line, line, "{name}: {err}");
        let got = match err.kind {
            RecordErrorKind::Malformed(_) => "malformed",
            RecordErrorKind::IllegalMove { .. } => "illegal",
            RecordErrorKind::Position(_) => "position",
            RecordErrorKind::Unsupported(_) => "unsupported",
            _ => "other",
        };
        assert_eq!(got, kind, "{name}: {err}");
    }
    // The exact position errors.
    let err = csa::read(&data("bad/two_kings.csa")).unwrap_err();
    assert_eq!(
        err.kind,
        RecordErrorKind::Position(PositionError::TooManyKings(shogi_core::Color::Black))
    );
    let err = csa::read(&data("bad/nifu.csa")).unwrap_err();
    assert_eq!(
        err.kind,
        RecordErrorKind::Position(PositionError::Nifu {
            color: shogi_core::Color::Black,
            file: 5
        })
    );
    // An illegal move says what and where.
    let err = csa::read(&data("bad/illegal_move.csa")).unwrap_err();
    assert_eq!(
        err.kind,
        RecordErrorKind::IllegalMove {
            text: "+7674FU".into(),
            sfen: "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3".into()
        }
    );
    assert!(err.to_string().starts_with("line 6: "), "{err}");
}

// ---------------------------------------------------------------------------
// The writer.

#[test]
fn the_writer_lays_out_a_non_standard_start() {
    let mut record = Record::new(Setup::from_sfen("4k4/9/4p4/9/9/9/4P4/9/4K4 w R2P 1").unwrap());
    record.moves.push(RecordMove::new(mv("5a4b")));
    record.moves.push(RecordMove {
        mv: mv("P*4d"),
        time: Some(MoveTime {
            seconds: 9,
            total_seconds: None,
        }),
        comments: vec!["a drop".into()],
        ..RecordMove::new(mv("P*4d"))
    });
    let text = csa::write(&record).unwrap();
    assert_eq!(
        text,
        "V2.2\n\
         P1 *  *  *  * -OU *  *  *  * \n\
         P2 *  *  *  *  *  *  *  *  * \n\
         P3 *  *  *  * -FU *  *  *  * \n\
         P4 *  *  *  *  *  *  *  *  * \n\
         P5 *  *  *  *  *  *  *  *  * \n\
         P6 *  *  *  *  *  *  *  *  * \n\
         P7 *  *  *  * +FU *  *  *  * \n\
         P8 *  *  *  *  *  *  *  *  * \n\
         P9 *  *  *  * +OU *  *  *  * \n\
         P+00HI00FU00FU\n\
         -\n\
         -5142OU\n\
         +0044FU\n\
         T9\n\
         '*a drop\n"
    );
    assert_eq!(csa::read(&text).unwrap(), record);
}

#[test]
fn the_writer_refuses_what_csa_cannot_hold() {
    let unsupported = |r: Result<String, WriteError>| match r {
        Err(WriteError::Unsupported { format: "CSA", .. }) => {}
        other => panic!("{other:?}"),
    };
    // Minishogi: CSA is 9x9 only.
    unsupported(csa::write(&Record::new(
        Setup::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1").unwrap(),
    )));
    let standard = Record::new(Setup::from_sfen(STANDARD_START).unwrap());
    for (key, value) in [
        ("", "empty key"),
        ("a:b", "colon in the key"),
        ("EVENT", "would read back as `event`"),
        ("TIME_LIMIT", "would read back as `time_control`"),
    ] {
        let mut record = standard.clone();
        record.headers.push((key.into(), value.into()));
        unsupported(csa::write(&record));
    }
    // A record that does not replay.
    let mut record = standard.clone();
    record.moves.push(RecordMove::new(mv("7g7e")));
    assert!(matches!(
        csa::write(&record).unwrap_err(),
        WriteError::IllegalMove { index: 0, .. }
    ));
}

#[test]
fn any_header_value_is_written() {
    // ShogiHome writes `$START_TIME: 13:28:35`: the value keeps its space.
    let record = csa::read("V2.2\n$START_TIME: 13:28:35\nPI\n+\n+2726FU\n%TORYO\n").unwrap();
    assert_eq!(record.header(header::START_TIME), Some(" 13:28:35"));
    assert_round_trip(&record);
    // Line breaks become spaces: the value stays on its line.
    let mut record = Record::new(Setup::from_sfen(STANDARD_START).unwrap());
    record
        .headers
        .push((header::EVENT.into(), "two\nlines".into()));
    record
        .headers
        .push((header::BLACK.into(), "carriage\rreturn".into()));
    let text = csa::write(&record).unwrap();
    assert!(
        text.contains("\n$EVENT:two lines\nN+carriage return\n"),
        "{text}"
    );
}

#[test]
fn what_the_writer_loses_is_documented() {
    let mut record = Record::new(
        Setup::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 7")
            .unwrap(),
    );
    record.comments.push("two\nlines".into());
    record.moves.push(RecordMove {
        mv: mv("7g7f"),
        time: Some(MoveTime {
            seconds: 5,
            total_seconds: Some(65),
        }),
        comments: vec![],
        ..RecordMove::new(mv("7g7f"))
    });
    let back = csa::read(&csa::write(&record).unwrap()).unwrap();
    assert_eq!(back.start.move_number, 1);
    assert_eq!(back.comments, ["two", "lines"]);
    assert_eq!(
        back.moves[0].time,
        Some(MoveTime {
            seconds: 5,
            total_seconds: None
        })
    );
}

#[test]
fn the_side_to_move_of_the_standard_start_is_kept() {
    let mut record = Record::new(
        Setup::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
            .unwrap(),
    );
    record.moves.push(RecordMove::new(mv("3c3d")));
    let text = assert_round_trip(&record);
    assert_eq!(text, "V2.2\nPI\n-\n-3334FU\n");
}

// ---------------------------------------------------------------------------
// Random records.

const COMMENTS: &[&str] = &[
    "good move",
    "*eval 123",
    "** 30 -3334FU +2726FU",
    " leading space",
    "trailing space ",
    "",
    "コメント, with a comma",
    "'quote",
    "CSA encoding=UTF-8",
    "%TORYO",
    "+7776FU",
    "T12",
    "N+not a name",
    "$EVENT:not a header",
    "/",
    "PI",
];

const HEADERS: &[(&str, &[&str])] = &[
    (
        header::BLACK,
        &["Habu Yoshiharu", "羽生善治", "", " spaced ", "a, b"],
    ),
    (header::WHITE, &["Fujii Sota", "藤井聡太", "x:y"]),
    (header::EVENT, &["Ryuo", "竜王戦, 第1局"]),
    (header::SITE, &["Tokyo"]),
    (header::START_TIME, &["2024/01/15 10:00:00"]),
    (header::END_TIME, &["2024/01/16 18:30:00"]),
    (header::TIME_CONTROL, &["08:00+60", "00:10+00"]),
    (header::OPENING, &["Yagura"]),
    (header::HANDICAP, &["平手"]),
    ("NOTE", &["a note"]),
    ("TIME", &["600+10+0"]),
    ("MAX_MOVES", &["256"]),
    ("my key", &["my value", ""]),
];

const END_KINDS: [EndKind; 12] = [
    EndKind::Resign,
    EndKind::Repetition,
    EndKind::Checkmate,
    EndKind::ImpasseDeclaration,
    EndKind::Jishogi,
    EndKind::Timeout,
    EndKind::IllegalMoveWin,
    EndKind::IllegalMove,
    EndKind::Interrupted,
    EndKind::MaxMoves,
    EndKind::Draw,
    EndKind::NoMate,
];

fn random_comments(rng: &mut XorShift) -> Vec<String> {
    if rng.chance(75) {
        return Vec::new();
    }
    (0..1 + rng.below(3))
        .map(|_| rng.pick(COMMENTS).to_string())
        .collect()
}

fn random_time(rng: &mut XorShift) -> Option<MoveTime> {
    rng.chance(60).then(|| MoveTime {
        seconds: match rng.below(3) {
            0 => rng.below(60) as u32,
            1 => rng.below(100_000) as u32,
            _ => rng.next() as u32,
        },
        total_seconds: None,
    })
}

/// A start position: the standard one (either side to move), a handicap
/// (some of White's pieces removed), or a position reached by random play
/// (with pieces in hand and promoted pieces).
fn random_start(rng: &mut XorShift) -> Setup {
    match rng.below(5) {
        0 => Setup::from_sfen(STANDARD_START).unwrap(),
        1 => {
            let mut setup = Setup::from_sfen(STANDARD_START).unwrap();
            setup.side_to_move = shogi_core::Color::White;
            setup
        }
        2 => {
            let mut setup = Setup::from_sfen(STANDARD_START).unwrap();
            for sq in ["1a", "9a", "2b", "8b", "2a", "8a", "3a", "7a"] {
                if rng.chance(40) {
                    setup.set_piece(sq.parse::<Square>().unwrap(), None);
                }
            }
            setup.side_to_move = shogi_core::Color::White;
            setup
        }
        _ => {
            let mut pos = standard(STANDARD_START);
            let plies = 1 + rng.below(120);
            play_random(rng, &mut pos, plies, |_, _| {});
            let mut setup = pos.to_setup();
            setup.move_number = 1;
            setup
        }
    }
}

fn random_record(rng: &mut XorShift) -> Record {
    let mut record = Record::new(random_start(rng));
    for _ in 0..rng.below(6) {
        let (key, values) = rng.pick(HEADERS);
        record
            .headers
            .push((key.to_string(), rng.pick(values).to_string()));
    }
    record.comments = random_comments(rng);
    let mut pos = record.start_position().unwrap();
    let plies = rng.below(150);
    play_random(rng, &mut pos, plies, |rng, m| {
        record.moves.push(RecordMove {
            mv: m,
            time: random_time(rng),
            comments: random_comments(rng),
            ..RecordMove::new(m)
        })
    });
    if rng.chance(75) {
        record.end = Some(RecordEnd {
            kind: *rng.pick(&END_KINDS),
            time: random_time(rng),
            comments: random_comments(rng),
            foul: None,
            variations: Vec::new(),
        });
    }
    record
}

#[test]
fn random_records_round_trip() {
    let mut rng = XorShift(2024_0115);
    let (mut moves, mut promotions, mut drops, mut hands, mut pi) = (0, 0, 0, 0, 0);
    for _ in 0..500 {
        let record = random_record(&mut rng);
        let text = assert_round_trip(&record);
        moves += record.moves.len();
        promotions += record.moves.iter().filter(|m| m.mv.is_promotion()).count();
        drops += record.moves.iter().filter(|m| m.mv.is_drop()).count();
        hands += record.start.hands.iter().any(|h| !h.is_empty()) as usize;
        pi += text.contains("\nPI\n") as usize;
    }
    assert!(moves > 20_000, "{moves}");
    assert!(promotions > 100, "{promotions}");
    assert!(drops > 1000, "{drops}");
    assert!(hands > 100, "{hands}");
    assert!(pi > 100 && pi < 300, "{pi}");
}

// ---------------------------------------------------------------------------
// Never panic.

/// Reads `text`; when it is accepted the record must replay and round-trip.
fn read_safely(text: &str) -> bool {
    match csa::read(text) {
        Ok(record) => {
            assert!(record.positions().is_ok(), "{text}");
            assert_round_trip(&record);
            true
        }
        Err(e) => {
            let lines = text.split(['\n', '\r']).count().max(1);
            assert!(e.line >= 1 && e.line <= lines, "{e} for {text:?}");
            false
        }
    }
}

const TOKENS: &[&str] = &[
    "PI",
    "P1",
    "P2",
    "P9",
    "P+",
    "P-",
    "+",
    "-",
    "+7776FU",
    "-3334FU",
    "+2726FU",
    "-8384FU",
    "+8822UM",
    "-0055KA",
    "T12",
    "T1.5",
    "T",
    "T99999999999",
    "%TORYO",
    "%KACHI",
    "%+ILLEGAL_ACTION",
    "%MATTA",
    "%",
    "'",
    "'*",
    "N+",
    "N-",
    "$EVENT:",
    "$:",
    "$X",
    ",",
    "00AL",
    "00FU",
    "82HI",
    "22KA",
    "55OU",
    " * ",
    "*",
    "-FU",
    "+OU",
    "-OU",
    "+TO",
    "UM",
    "RY",
    "V2.2",
    "V3.0",
    "V",
    "/",
    "\n",
    "\n",
    "\n",
    "\r\n",
    " ",
    "9",
    "0",
    "歩",
    "\u{feff}",
    "é",
];

#[test]
fn random_token_soup_never_panics() {
    let mut rng = XorShift(9_876_543);
    let mut accepted = 0;
    for _ in 0..20_000 {
        let mut text = String::new();
        if rng.chance(50) {
            text.push_str("V2.2\nPI\n+\n");
        }
        for _ in 0..rng.below(30) {
            let token: &str = rng.pick::<&str>(TOKENS);
            text.push_str(token);
        }
        accepted += read_safely(&text) as usize;
    }
    assert!(accepted > 100, "{accepted}");
}

#[test]
fn mutated_files_never_panic() {
    let mut sources: Vec<String> = [
        "hirate_full.csa",
        "handicap_two_pieces.csa",
        "board_rows_hands_al.csa",
        "individual_pieces.csa",
        "multi_statement.csa",
        "v30_decimal_times.csa",
        "comments.csa",
        "crlf_bom_loose_rows.csa",
    ]
    .iter()
    .map(|n| data(n))
    .collect();
    let mut rng = XorShift(31_170_245);
    for _ in 0..20 {
        sources.push(csa::write(&random_record(&mut rng)).unwrap());
    }
    let alphabet: Vec<char> = "+-*%'$,/:0123456789PITVNAFUKYEGHRLMO \n\r歩"
        .chars()
        .collect();
    let (mut accepted, mut rejected) = (0, 0);
    for i in 0..30_000 {
        let source = &sources[i % sources.len()];
        let mut chars: Vec<char> = source.chars().collect();
        for _ in 0..1 + rng.below(4) {
            if chars.is_empty() {
                break;
            }
            let at = rng.below(chars.len());
            match rng.below(6) {
                0 => {
                    chars.remove(at);
                }
                1 => chars.insert(at, *rng.pick(&alphabet)),
                2 => chars[at] = *rng.pick(&alphabet),
                3 => chars.truncate(at),
                4 => {
                    // Swap two characters.
                    let other = rng.below(chars.len());
                    chars.swap(at, other);
                }
                _ => {
                    // Duplicate a stretch.
                    let end = (at + rng.below(12)).min(chars.len());
                    let stretch: Vec<char> = chars[at..end].to_vec();
                    let to = rng.below(chars.len());
                    chars.splice(to..to, stretch);
                }
            }
        }
        let text: String = chars.into_iter().collect();
        if read_safely(&text) {
            accepted += 1;
        } else {
            rejected += 1;
        }
    }
    assert!(accepted > 1000 && rejected > 1000, "{accepted} {rejected}");
}

#[test]
fn a_foul_move_before_its_players_illegal_action_is_kept() {
    // Black, with a pawn in hand, drops it on the 7th file (二歩).
    let moves = "+2726FU\n-8384FU\n+2625FU\n-8485FU\n+2524FU\n-2324FU\n+2824HI\n-8586FU\n";
    for end in ["%+ILLEGAL_ACTION", "%ILLEGAL_MOVE"] {
        let text = format!("V2.2\nPI\n+\n{moves}+0075FU\nT3\n'*二歩\n{end}\n");
        let record = csa::read(&text).unwrap_or_else(|e| panic!("{end}: {e}"));
        assert_eq!(record.moves.len(), 8);
        let end_ = record.end.clone().unwrap();
        assert_eq!(end_.kind, EndKind::IllegalMove);
        let foul = end_.foul.clone().unwrap();
        assert_eq!(foul.mv, mv("P*7e"));
        assert_eq!(foul.time.map(|t| t.seconds), Some(3));
        assert_eq!(foul.comments, ["二歩"]);
        let written = assert_round_trip(&record);
        assert!(
            written.ends_with("+0075FU\nT3\n'*二歩\n%+ILLEGAL_ACTION\n"),
            "{written}"
        );
    }
    // The other side's illegal action after it, or no end, is an error at the move.
    for tail in [
        "%-ILLEGAL_ACTION\n",
        "%TORYO\n",
        "",
        "T2\n'*a comment\n",
        "-8687FU\n",
    ] {
        let text = format!("V2.2\nPI\n+\n{moves}+0075FU\n{tail}");
        let err = csa::read(&text).unwrap_err();
        assert_eq!(err.line, 12, "{tail}");
        assert!(matches!(err.kind, RecordErrorKind::IllegalMove { .. }));
    }
}

#[test]
fn a_repeated_special_move_is_ignored() {
    let record = csa::read("PI\n+\n+7776FU\n-3334FU\n%KACHI\n%KACHI\n'*after\n").unwrap();
    let end = record.end.unwrap();
    assert_eq!(end.kind, EndKind::ImpasseDeclaration);
    assert_eq!(end.comments, ["after"]);
    let record = csa::read("PI\n+\n+7776FU\n%TORYO\nT3\n%CHUDAN\n").unwrap();
    assert_eq!(
        record.end.map(|e| (e.kind, e.time.map(|t| t.seconds))),
        Some((EndKind::Resign, Some(3)))
    );
    // A move after the end is still an error.
    assert_eq!(csa::read("PI\n+\n%TORYO\n+7776FU\n").unwrap_err().line, 4);
}

#[test]
fn csa_comments_are_kif_comments_and_remarks_stay_remarks() {
    use shogi_formats::record::kif;
    let text = "'encoding=Shift_JIS\n' ---- Kifu for Windows V7 V7.08 CSA形式棋譜ファイル ----\nV2.2\n'Max_Moves:256\nPI\n+\n'*before\n+7776FU\n'*a comment\n'**30 -3334FU\n";
    let record = csa::read(text).unwrap();
    assert_eq!(
        record.remarks,
        [
            " ---- Kifu for Windows V7 V7.08 CSA形式棋譜ファイル ----",
            "Max_Moves:256"
        ]
    );
    assert_eq!(record.comments, ["before"]);
    assert_eq!(record.moves[0].comments, ["a comment", "*30 -3334FU"]);
    // The same comments in KIF: `*a comment`, `**30 -3334FU`; remarks as `#` lines.
    let kif_text = kif::write(&record).unwrap();
    assert!(
        kif_text.contains("\n*a comment\n**30 -3334FU\n"),
        "{kif_text}"
    );
    assert!(kif_text.contains("\n#Max_Moves:256\n"), "{kif_text}");
    let back = kif::read(&kif_text).unwrap();
    assert_eq!(back.moves[0].comments, record.moves[0].comments);
    assert_eq!(back.remarks, record.remarks);
    let csa_text = csa::write(&back).unwrap();
    assert!(
        csa_text.contains("\n'*a comment\n'**30 -3334FU\n"),
        "{csa_text}"
    );
    assert_eq!(csa::read(&csa_text).unwrap(), record);
}

#[test]
fn ends_csa_cannot_say_are_refused() {
    for kind in [EndKind::WinByDefault, EndKind::LossByDefault] {
        let mut record = Record::new(Setup::from_sfen(STANDARD_START).unwrap());
        record.end = Some(RecordEnd::new(kind));
        assert!(matches!(
            csa::write(&record),
            Err(WriteError::Unsupported { format: "CSA", .. })
        ));
    }
}

/// A game drawn by agreement (`%HIKIWAKE`) is written as KIF and KI2 the
/// way ShogiHome and cshogi write it, `持将棋` (KIF has no other draw than
/// 千日手 and 持将棋), and read back as that: the moves, times and
/// comments are the same, the end a draw of the same moves.
#[test]
fn a_draw_by_agreement_is_written_as_kif_and_ki2_and_read_back() {
    use shogi_formats::record::{ki2, kif};
    let text = "V2.2\nPI\n+\n+7776FU\nT3\n-3334FU\nT5\n%HIKIWAKE\nT1\n'*agreed\n";
    let record = csa::read(text).unwrap();
    assert_eq!(record.end.as_ref().map(|e| e.kind), Some(EndKind::Draw));
    let kif_text = kif::write(&record).unwrap();
    assert!(
        kif_text.contains("   3 持将棋       ( 0:01/)\n*agreed\nまで2手で持将棋\n"),
        "{kif_text}"
    );
    let ki2_text = ki2::write(&record).unwrap();
    assert!(
        ki2_text.ends_with("▲７六歩    △３四歩\nまで2手で持将棋\n*agreed\n"),
        "{ki2_text}"
    );
    let mut jishogi = record.clone();
    if let Some(end) = jishogi.end.as_mut() {
        end.kind = EndKind::Jishogi;
    }
    assert_eq!(kif::read(&kif_text).unwrap(), jishogi);
    let back = ki2::read(&ki2_text).unwrap();
    assert_eq!(
        back.moves.iter().map(|m| m.mv).collect::<Vec<_>>(),
        [mv("7g7f"), mv("3c3d")]
    );
    assert_eq!(
        back.end.map(|e| (e.kind, e.comments)),
        Some((EndKind::Jishogi, vec!["agreed".to_owned()]))
    );
    // CSA keeps the draw by agreement as it is.
    assert_eq!(csa::read(&csa::write(&record).unwrap()).unwrap(), record);
}
