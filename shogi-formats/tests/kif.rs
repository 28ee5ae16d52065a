//! KIF, KI2 and BOD (Japanese move notation itself is tested in
//! shogi-core's `tests/japanese.rs`).
//!
//! - Hand-written records in `tests/data/kif/` for each feature of the
//!   formats, with what they must read as.
//! - Round trips of records from seeded random playouts on 9×9 and 5×5,
//!   from the start, from handicaps and from positions reached in play,
//!   with random headers, times, comments and ends.
//! - Malformed records: a typed error on the right line; random and
//!   mutated texts never make a reader panic.

use shogi_core::{Color, PieceKind, Position, PositionError, Setup};
use shogi_formats::record::{
    bod, header, ki2, kif, EndKind, MoveTime, Record, RecordEnd, RecordError, RecordErrorKind,
    RecordMove, WriteError,
};
use shogi_variants::Standard;

mod common;
use common::{minishogi, mv, play_random, standard, XorShift, MINISHOGI_START, STANDARD_START};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/kif/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn usis(record: &Record) -> Vec<String> {
    record.moves.iter().map(|m| m.mv.to_string()).collect()
}

fn end_kind(record: &Record) -> Option<EndKind> {
    record.end.as_ref().map(|e| e.kind)
}

// ---------------------------------------------------------------------------
// Hand-written KIF and KI2 files
// ---------------------------------------------------------------------------

const FULL_GAME: [&str; 16] = [
    "7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "B*3c", "4e3d", "3c4d", "3d4c+", "4a4b", "4c4d",
    "4b4c", "4d5d", "5a4b", "5d4c", "4b4c",
];

#[test]
fn kif_full_record_with_headers_times_comments_and_variation() {
    let record = kif::read(&data("hirate_full.kif")).unwrap();
    assert_eq!(
        record.headers,
        [
            (header::START_TIME, "2024/01/02(火) 10:00:00"),
            (header::END_TIME, "2024/01/02(火) 12:34:56"),
            (header::EVENT, "テスト棋戦"),
            (header::SITE, "東京・将棋会館"),
            (header::TIME_CONTROL, "各10分（秒読み30秒）"),
            (header::HANDICAP, "平手"),
            (header::BLACK, "先手太郎"),
            (header::WHITE, "後手花子"),
            (header::OPENING, "角換わり"),
            ("備考", "an unknown header: kept as it is"),
        ]
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
    );
    assert_eq!(record.start, Setup::from_sfen(STANDARD_START).unwrap());
    assert_eq!(
        record.comments,
        [
            "a comment before the table head",
            "a comment on the start position"
        ]
    );
    assert_eq!(usis(&record), FULL_GAME);
    assert_eq!(
        record.moves[1].comments,
        ["two comment lines", "  on move 2, spaces kept  "]
    );
    assert_eq!(
        record.moves[0].time,
        Some(MoveTime {
            seconds: 1,
            total_seconds: Some(1)
        })
    );
    assert_eq!(
        record.moves[4].time,
        Some(MoveTime {
            seconds: 90,
            total_seconds: Some(101)
        })
    );
    assert_eq!(
        record.moves[13].time,
        Some(MoveTime {
            seconds: 720,
            total_seconds: Some(765)
        })
    );
    let end = record.end.clone().unwrap();
    assert_eq!(end.kind, EndKind::Resign);
    assert_eq!(
        end.time,
        Some(MoveTime {
            seconds: 30,
            total_seconds: Some(156)
        })
    );
    assert_eq!(end.comments, ["the end"]);
    assert_eq!(record.end_side(), Color::Black);
    assert_eq!(record.moves.len(), 16);
    // The bookmark on move 4 and the variation after 変化： are read.
    assert_eq!(record.moves[3].bookmark.as_deref(), Some("角交換"));
    let side = &record.moves[2].variations;
    assert_eq!(side.len(), 1);
    assert_eq!(
        side[0]
            .moves
            .iter()
            .map(|m| m.mv.to_string())
            .collect::<Vec<_>>(),
        ["7i6h", "8c8d"]
    );
    assert_eq!(side[0].moves[1].comments, ["a comment in the variation"]);
    assert_eq!(side[0].end.as_ref().map(|e| e.kind), Some(EndKind::Resign));
    // Written again, it reads back the same.
    let text = kif::write(&record).unwrap();
    assert!(text.contains("手合割：平手\n"));
    assert!(text.contains("   4 同　銀(31)   ( 0:05/00:00:07)\n"));
    assert!(text.contains("   5 ４五角打     ( 1:30/00:01:41)\n"));
    assert!(text.contains("   9 ４三角成(34) ( 0:05/00:01:49)\n"));
    assert!(text.contains("  17 投了         ( 0:30/00:02:36)\n*the end\nまで16手で後手の勝ち\n"));
    assert!(!text.contains("後手の持駒"));
    assert_eq!(kif::read(&text).unwrap(), record);
}

#[test]
fn kif_variants_bom_crlf_ascii_digits_and_colon_no_promotion() {
    let record = kif::read(&data("variants.kif")).unwrap();
    assert_eq!(record.header(header::BLACK), Some("ASCII colon"));
    assert_eq!(
        record.header(header::WHITE),
        Some("full-width colon: with a colon inside")
    );
    assert_eq!(record.header(header::START_TIME), Some("2024/02/03"));
    assert_eq!(
        record
            .headers
            .iter()
            .filter(|(k, _)| k == header::WHITE)
            .count(),
        2
    );
    assert_eq!(
        usis(&record),
        ["7g7f", "3c3d", "8h2b", "3a2b", "2h3h", "5a4b", "B*4e"]
    );
    assert_eq!(record.moves[0].time, None);
    assert_eq!(
        record.moves[5].time,
        Some(MoveTime {
            seconds: 1,
            total_seconds: None
        })
    );
    assert_eq!(end_kind(&record), Some(EndKind::Interrupted));
    let text = kif::write(&record).unwrap();
    // Written as Kifu for Windows writes a declined promotion: no `不成`.
    assert!(
        text.contains("   3 ２二角(88)   ( 0:21/00:01:00)\n"),
        "{text}"
    );
    assert!(text.contains("   6 ４二玉(51)   ( 0:01/)\n"));
    assert_eq!(kif::read(&text).unwrap(), record);
}

#[test]
fn kif_handicap_header_sets_the_start_and_white_moves_first() {
    let record = kif::read(&data("handicap.kif")).unwrap();
    assert_eq!(
        record.start,
        Setup::from_sfen("lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
            .unwrap()
    );
    assert_eq!(record.header(header::BLACK), Some("Shitate"));
    assert_eq!(record.header(header::WHITE), Some("Uwate"));
    assert_eq!(
        usis(&record),
        ["3c3d", "7g7f", "2b8h+", "7i8h", "B*4e", "1g1f", "4e2g+", "2h2g"]
    );
    let end = record.end.clone().unwrap();
    assert_eq!(end.kind, EndKind::IllegalMove);
    assert_eq!(end.comments, ["上手 made an illegal move"]);
    assert_eq!(record.end_side(), Color::White);
    let text = kif::write(&record).unwrap();
    assert!(text.contains("手合割：香落ち\n下手：Shitate\n上手：Uwate\n"));
    assert!(text.contains("まで8手で上手の反則負け"));
    assert_eq!(kif::read(&text).unwrap(), record);
}

#[test]
fn kif_every_handicap_name_sets_its_position() {
    for (name, sfen) in [
        ("平手", STANDARD_START),
        (
            "香落ち",
            "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "右香落ち",
            "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "角落ち",
            "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "飛車落ち",
            "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "飛香落ち",
            "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "二枚落ち",
            "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "四枚落ち",
            "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "六枚落ち",
            "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "八枚落ち",
            "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "十枚落ち",
            "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        ("5五将棋", MINISHOGI_START),
        ("５五将棋", MINISHOGI_START),
    ] {
        let record = kif::read(&format!("手合割：{name}\n")).unwrap();
        assert_eq!(record.start.to_sfen(), sfen, "{name}");
        assert_eq!(kif::handicap_setup(name), Some(record.start.clone()));
        record.start_position().unwrap();
    }
}

#[test]
fn kif_minishogi_from_the_handicap_name_and_from_a_diagram() {
    let record = kif::read(&data("minishogi.kif")).unwrap();
    assert_eq!(record.start.to_sfen(), MINISHOGI_START);
    assert_eq!(
        usis(&record),
        ["5d5c", "1b1c", "5c5b", "4a5b", "2e5b", "5a5b"]
    );
    let end = record.end.clone().unwrap();
    assert_eq!(end.kind, EndKind::Timeout);
    assert_eq!(
        end.time,
        Some(MoveTime {
            seconds: 561,
            total_seconds: Some(624)
        })
    );
    assert_eq!(kif::read(&kif::write(&record).unwrap()).unwrap(), record);

    let record = kif::read(&data("minishogi_bod.kif")).unwrap();
    assert_eq!(record.start.to_sfen(), "rbs1k/3g1/5/P2G1/KRSB1 w p 11");
    assert_eq!(usis(&record), ["P*2c", "2d2c", "2b2c"]);
    assert_eq!(end_kind(&record), Some(EndKind::IllegalMoveWin));
    assert_eq!(record.header(header::WHITE), Some("Gote"));
    assert_eq!(record.header(header::BLACK), Some("Sente"));
    let text = kif::write(&record).unwrap();
    assert!(text.contains("+---------------+\n|v飛v角v銀 ・v玉|一\n"));
    assert!(text.contains("手数＝10\n後手番\n"));
    assert!(text.contains("  11 ２三歩打\n"));
    assert_eq!(kif::read(&text).unwrap(), record);
}

#[test]
fn kif_board_diagram_start_with_large_hands_and_mate() {
    let record = kif::read(&data("bod_tsume.kif")).unwrap();
    assert_eq!(
        record.start.to_sfen(),
        "8k/9/8P/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1"
    );
    assert_eq!(record.header("作品名"), Some("一手詰"));
    assert_eq!(record.comments, ["頭金"]);
    assert_eq!(usis(&record), ["G*1b"]);
    assert_eq!(end_kind(&record), Some(EndKind::Checkmate));
    assert!(record.positions().unwrap()[1].is_checkmate());
    assert_eq!(kif::read(&kif::write(&record).unwrap()).unwrap(), record);

    // 残りの駒: the defender holds every piece not on the board or in the other hand.
    let record = kif::read(&data("nomate.kif")).unwrap();
    assert_eq!(
        record.start.to_sfen(),
        "8k/9/9/9/9/9/9/9/4K4 b P2r2b4g4s4n4l17p 1"
    );
    assert_eq!(end_kind(&record), Some(EndKind::NoMate));
    assert_eq!(
        record.end.as_ref().unwrap().comments,
        ["no mate with a lone pawn"]
    );
    assert_eq!(kif::read(&kif::write(&record).unwrap()).unwrap(), record);
}

#[test]
fn kif_every_special_move() {
    for (file, kind, moves) in [
        ("hirate_full.kif", EndKind::Resign, 16),
        ("repetition.kif", EndKind::Repetition, 12),
        ("bod_tsume.kif", EndKind::Checkmate, 1),
        ("jishogi.kif", EndKind::Jishogi, 2),
        ("minishogi.kif", EndKind::Timeout, 6),
        ("minishogi_bod.kif", EndKind::IllegalMoveWin, 3),
        ("handicap.kif", EndKind::IllegalMove, 8),
        ("variants.kif", EndKind::Interrupted, 7),
        ("impasse.kif", EndKind::ImpasseDeclaration, 2),
        ("nomate.kif", EndKind::NoMate, 0),
    ] {
        let record = kif::read(&data(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(end_kind(&record), Some(kind), "{file}");
        assert_eq!(record.moves.len(), moves, "{file}");
        // The KIF and KI2 writers both say it, and their readers read it back.
        assert_eq!(
            kif::read(&kif::write(&record).unwrap()).unwrap(),
            record,
            "{file}"
        );
        let back = ki2::read(&ki2::write(&record).unwrap()).unwrap();
        assert_eq!(end_kind(&back), Some(kind), "{file}");
    }
    // The repetition is real: the start position comes back for the 4th time.
    let record = kif::read(&data("repetition.kif")).unwrap();
    let positions = record.positions().unwrap();
    let last = positions.last().unwrap();
    assert_eq!(
        positions.iter().filter(|p| p.same_position(last)).count(),
        4
    );
}

#[test]
fn ki2_records_read_as_the_same_game_as_kif() {
    let record = ki2::read(&data("hirate.ki2")).unwrap();
    assert_eq!(usis(&record), FULL_GAME);
    assert_eq!(record.header(header::BLACK), Some("先手太郎"));
    assert_eq!(record.comments, ["a comment before the moves"]);
    assert_eq!(record.moves[3].comments, ["after △同　銀"]);
    assert!(record.moves.iter().all(|m| m.time.is_none()));
    let end = record.end.clone().unwrap();
    assert_eq!(end.kind, EndKind::Resign);
    assert_eq!(end.comments, ["the end"]);
    let kif_record = kif::read(&data("hirate_full.kif")).unwrap();
    assert_eq!(
        record.moves.iter().map(|m| m.mv).collect::<Vec<_>>(),
        kif_record.moves.iter().map(|m| m.mv).collect::<Vec<_>>()
    );
    let text = ki2::write(&record).unwrap();
    assert!(text.contains("▲７六歩    △３四歩    ▲２二角成  △同　銀\n*after △同　銀\n"));
    assert!(text.contains("▲４五角    △３三角    ▲３四角"));
    assert!(text.contains("△４二玉    ▲４三馬    △同　玉\nまで16手で後手の勝ち\n*the end\n"));
    assert_eq!(ki2::read(&text).unwrap(), record);
}

#[test]
fn ki2_disambiguation_words_in_a_game() {
    let record = ki2::read(&data("disambiguation.ki2")).unwrap();
    assert_eq!(
        usis(&record),
        ["6b5b", "6g5h", "6c6b", "4g4h", "4c3b", "5h4i", "5b5a", "5g5h", "5a5b", "4h3i"]
    );
    assert_eq!(end_kind(&record), Some(EndKind::Interrupted));
    let text = ki2::write(&record).unwrap();
    assert!(text
        .contains("▲５二金左寄 △５八銀右不成 ▲６二金上 △４八銀直不成 ▲３二金上 △４九銀右不成\n"));
    assert!(text.contains("▲５一金直  △５八銀上不成 ▲５二金引 △３九銀不成\n"));
    assert_eq!(ki2::read(&text).unwrap(), record);

    let record = ki2::read(&data("dragons.ki2")).unwrap();
    assert_eq!(
        usis(&record),
        ["5a4b", "9e9d", "G*5b", "9d9e", "7i6g", "9e9d", "3c3d", "9d9c", "4b5a"]
    );
    assert_eq!(ki2::read(&ki2::write(&record).unwrap()).unwrap(), record);
}

#[test]
fn ki2_handicap_white_first_and_the_winner_of_the_summary() {
    let record = ki2::read(&data("handicap.ki2")).unwrap();
    assert_eq!(record.start, kif::handicap_setup("二枚落ち").unwrap());
    assert_eq!(usis(&record), ["7a6b", "7g7f", "5c5d", "8h6f", "6b5c"]);
    assert_eq!(end_kind(&record), Some(EndKind::Resign));
    let text = ki2::write(&record).unwrap();
    assert!(text.contains("まで5手で上手の勝ち\n"));
    assert_eq!(ki2::read(&text).unwrap(), record);
    // The summary must name the side that can have won that way.
    let wrong = data("handicap.ki2").replace("上手の勝ち", "下手の勝ち");
    let err = ki2::read(&wrong).unwrap_err();
    assert_eq!(err.line, 5);
    assert!(matches!(err.kind, RecordErrorKind::Malformed(_)));
}

#[test]
fn ki2_summary_lines_of_every_end() {
    let base = "▲７六歩    △３四歩\n";
    for (summary, kind) in [
        ("まで2手で後手の勝ち", EndKind::Resign),
        ("まで2手で千日手", EndKind::Repetition),
        ("まで2手で詰み", EndKind::Checkmate),
        ("まで2手で持将棋", EndKind::Jishogi),
        ("まで2手で時間切れにより後手の勝ち", EndKind::Timeout),
        ("まで2手で先手の切れ負け", EndKind::Timeout),
        ("まで2手で先手の反則勝ち", EndKind::IllegalMoveWin),
        ("まで2手で先手の反則負け", EndKind::IllegalMove),
        ("まで2手で中断", EndKind::Interrupted),
        ("まで2手で先手の入玉勝ち", EndKind::ImpasseDeclaration),
        ("まで2手で不詰", EndKind::NoMate),
        ("まで２手で中断。", EndKind::Interrupted),
    ] {
        let record = ki2::read(&format!("{base}{summary}\n")).unwrap();
        assert_eq!(end_kind(&record), Some(kind), "{summary}");
    }
    for bad in [
        "まで",
        "まで手で中断",
        "まで2手で何か",
        "まで2手で先手の勝ち",
    ] {
        let err = ki2::read(&format!("{base}{bad}\n")).unwrap_err();
        assert_eq!(err.line, 2, "{bad}");
    }
}

#[test]
fn writers_refuse_what_the_format_cannot_say() {
    let mut record = Record::new(Setup::from_sfen(STANDARD_START).unwrap());
    record.end = Some(RecordEnd::new(EndKind::MaxMoves));
    for result in [kif::write(&record), ki2::write(&record)] {
        assert!(matches!(
            result.unwrap_err(),
            WriteError::Unsupported { .. }
        ));
    }
    // A header key that would read back as a board diagram line.
    let mut record = Record::new(Setup::from_sfen(STANDARD_START).unwrap());
    record.headers.push(("後手の持駒".into(), "なし".into()));
    assert!(matches!(
        kif::write(&record),
        Err(WriteError::Unsupported { format: "KIF", .. })
    ));
    let mut record = Record::new(Setup::from_sfen(STANDARD_START).unwrap());
    record.moves.push(RecordMove::new(mv("7g7e")));
    assert!(matches!(
        kif::write(&record).unwrap_err(),
        WriteError::IllegalMove { index: 0, .. }
    ));
    assert!(matches!(
        ki2::write(&record).unwrap_err(),
        WriteError::IllegalMove { index: 0, .. }
    ));
}

#[test]
fn writers_accept_any_header_value() {
    // ShogiHome's CSA has `$START_TIME: 13:28:35`; KIF and KI2 write it
    // (and read it back trimmed, as KIF values are read).
    let mut record = Record::new(Setup::from_sfen(STANDARD_START).unwrap());
    record
        .headers
        .push((header::START_TIME.into(), " 13:28:35".into()));
    record.headers.push(("key".into(), "two\nlines".into()));
    for (write, read) in [
        (kif::write as fn(&Record) -> _, kif::read as fn(&str) -> _),
        (ki2::write, ki2::read),
    ] {
        let text = write(&record).unwrap();
        assert!(
            text.contains("\n開始日時： 13:28:35\nkey：two lines\n"),
            "{text}"
        );
        let back: Record = read(&text).unwrap();
        assert_eq!(back.header(header::START_TIME), Some("13:28:35"));
        assert_eq!(back.header("key"), Some("two lines"));
    }
}

#[test]
fn bod_diagrams_round_trip_and_name_their_side_and_move_number() {
    let text = bod::write(&Setup::from_sfen("8k/9/9/9/9/9/9/9/4K4 w 2G18p 5").unwrap());
    assert!(text.contains("後手の持駒：歩十八\n"));
    assert!(text.contains("先手の持駒：金二\n"));
    assert!(text.contains("手数＝4\n後手番\n"));
    assert_eq!(
        bod::read(&text).unwrap().to_sfen(),
        "8k/9/9/9/9/9/9/9/4K4 w 2G18p 5"
    );
    let upper = text
        .replace("後手の持駒", "上手の持駒")
        .replace("先手の持駒", "下手の持駒")
        .replace("後手番", "上手番");
    assert_eq!(
        bod::read(&upper).unwrap().to_sfen(),
        "8k/9/9/9/9/9/9/9/4K4 w 2G18p 5"
    );
    assert_eq!(bod::read("nothing here").unwrap_err().line, 1);
}

// ---------------------------------------------------------------------------
// Round trips of random games
// ---------------------------------------------------------------------------

const HEADERS: [(&str, &str); 9] = [
    (header::BLACK, "羽生 善治"),
    (header::WHITE, "Player Two"),
    (header::EVENT, "第1期 テスト戦"),
    (header::SITE, "東京"),
    (header::START_TIME, "2024/05/06 10:00:00"),
    (header::END_TIME, "2024/05/06 18:00:00"),
    (header::TIME_CONTROL, "1時間+30秒"),
    (header::OPENING, "矢倉"),
    ("備考", "value: with a colon"),
];

const COMMENTS: [&str; 6] = [
    "好手",
    "a comment",
    "",
    "  indented comment with trailing space ",
    "*starts with a star",
    "▲７六歩 looks like a move",
];

const ENDS: [EndKind; 10] = [
    EndKind::Resign,
    EndKind::Repetition,
    EndKind::Checkmate,
    EndKind::Jishogi,
    EndKind::Timeout,
    EndKind::IllegalMoveWin,
    EndKind::IllegalMove,
    EndKind::Interrupted,
    EndKind::ImpasseDeclaration,
    EndKind::NoMate,
];

fn random_time(rng: &mut XorShift) -> Option<MoveTime> {
    rng.chance(80).then(|| MoveTime {
        seconds: rng.below(4000) as u32,
        total_seconds: rng.chance(90).then(|| rng.below(400_000) as u32),
    })
}

fn random_comments(rng: &mut XorShift) -> Vec<String> {
    let n = if rng.chance(20) { rng.below(3) + 1 } else { 0 };
    (0..n).map(|_| rng.pick(&COMMENTS).to_string()).collect()
}

/// A start: the position and the `手合割` header naming it, if any.
fn random_start(rng: &mut XorShift, mini: bool) -> (Position, Option<&'static str>) {
    if mini {
        return match rng.below(3) {
            0 => (minishogi(MINISHOGI_START), Some("5五将棋")),
            1 => (minishogi(MINISHOGI_START), None),
            _ => (random_position(rng, minishogi(MINISHOGI_START)), None),
        };
    }
    match rng.below(5) {
        0 => (standard(STANDARD_START), Some("平手")),
        1 => (standard(STANDARD_START), None),
        2 => {
            let name = *rng.pick(&[
                "香落ち",
                "右香落ち",
                "角落ち",
                "飛車落ち",
                "飛香落ち",
                "二枚落ち",
                "三枚落ち",
                "四枚落ち",
                "五枚落ち",
                "左五枚落ち",
                "六枚落ち",
                "左七枚落ち",
                "右七枚落ち",
                "八枚落ち",
                "十枚落ち",
            ]);
            let setup = kif::handicap_setup(name).unwrap();
            let pos = Position::from_setup(&setup, &Standard::GEOMETRY, &Standard::PIECES).unwrap();
            // Sometimes the handicap position without its name: a diagram is written.
            (pos, rng.chance(70).then_some(name))
        }
        _ => (random_position(rng, standard(STANDARD_START)), None),
    }
}

fn random_position(rng: &mut XorShift, mut pos: Position) -> Position {
    let plies = rng.below(60) + 1;
    play_random(rng, &mut pos, plies, |_, _| {});
    pos
}

fn random_record(rng: &mut XorShift, mini: bool) -> Record {
    let (mut pos, handicap) = random_start(rng, mini);
    let mut record = Record::new(pos.to_setup());
    for &(key, value) in &HEADERS {
        if rng.chance(40) {
            record.headers.push((key.to_owned(), value.to_owned()));
        }
    }
    if let Some(name) = handicap {
        let at = rng.below(record.headers.len() + 1);
        record
            .headers
            .insert(at, (header::HANDICAP.to_owned(), name.to_owned()));
    }
    record.comments = random_comments(rng);
    let plies = rng.below(if mini { 60 } else { 150 });
    play_random(rng, &mut pos, plies, |rng, m| {
        record.moves.push(RecordMove {
            mv: m,
            time: random_time(rng),
            comments: random_comments(rng),
            ..RecordMove::new(m)
        })
    });
    if rng.chance(70) {
        record.end = Some(RecordEnd {
            kind: *rng.pick(&ENDS),
            time: random_time(rng),
            comments: random_comments(rng),
            foul: None,
            variations: Vec::new(),
        });
    }
    record
}

/// What a KI2 file keeps of a record: no times.
fn without_times(mut record: Record) -> Record {
    for m in &mut record.moves {
        m.time = None;
    }
    if let Some(end) = &mut record.end {
        end.time = None;
    }
    record
}

#[test]
fn random_games_round_trip_through_kif_and_ki2() {
    let mut rng = XorShift(0x0123_4567_89ab_cdef);
    let mut moves = 0;
    let mut diagrams = 0;
    for game in 0..400 {
        let mini = game % 2 == 1;
        let record = random_record(&mut rng, mini);
        moves += record.moves.len();
        let text = kif::write(&record).unwrap_or_else(|e| panic!("game {game}: {e}"));
        if text.contains("先手の持駒") {
            diagrams += 1;
        }
        let back = kif::read(&text).unwrap_or_else(|e| panic!("game {game}: {e}\n{text}"));
        assert_eq!(back, record, "game {game}\n{text}");

        let text = ki2::write(&record).unwrap_or_else(|e| panic!("game {game}: {e}"));
        let back = ki2::read(&text).unwrap_or_else(|e| panic!("game {game}: {e}\n{text}"));
        assert_eq!(back, without_times(record), "game {game}\n{text}");
    }
    assert!(moves > 15_000, "{moves}");
    assert!(diagrams > 100, "{diagrams}");
}

// ---------------------------------------------------------------------------
// Malformed records
// ---------------------------------------------------------------------------

/// `hirate_full.kif` with line `line` (1-based) replaced.
fn full_with_line(line: usize, replacement: &str) -> String {
    let text = data("hirate_full.kif");
    let mut lines: Vec<&str> = text.lines().collect();
    lines[line - 1] = replacement;
    lines.join("\n")
}

#[test]
fn malformed_kif_lines_give_typed_errors_with_their_line_numbers() {
    // Line 16 is move 2, "   2 ３四歩(33)   ( 0:02/00:00:02)".
    let cases: [(&str, bool); 18] = [
        ("   2 ３", false),                       // truncated
        ("   2 ３四歩(3", false),                 // truncated origin
        ("   2 ３四歩(33)   ( 0:02/00:0", false), // truncated time
        ("   2 ０四歩(33)", false),               // bad square
        ("   2 ３四歩(30)", false),               // bad origin square
        ("   2 ３十歩(33)", false),               // bad rank
        ("   2 ３五歩(33)", true),                // pawn moves two squares
        ("   2 ３四歩(77)", true),                // nothing of White's on 7g
        ("   2 ３四金(33)", true),                // a pawn stands on 3c, not a gold
        ("   2 ３四歩成(33)", true),              // no promotion outside the zone
        ("   2 ５五角打", true),                  // nothing in hand
        ("   2 ３四象(33)", false),               // unknown piece
        ("   2 同　歩(33)", true),                // 7f cannot be reached by 3c
        ("   2 ３四歩(33)   garbage", false),
        ("   2 ３四歩(33)   ( 0:xx/00:00:02)", false),
        ("   2", false),
        ("こんにちは", false), // garbage line among the moves
        ("   2 ３四歩(33)\u{fffd}\u{fffd}", false),
    ];
    // `true`: an illegal move; `false`: malformed text.
    for (replacement, illegal) in cases {
        let err = kif::read(&full_with_line(16, replacement)).unwrap_err();
        assert_eq!(err.line, 16, "{replacement}: {err}");
        let kind_ok = if illegal {
            matches!(err.kind, RecordErrorKind::IllegalMove { .. })
        } else {
            matches!(err.kind, RecordErrorKind::Malformed(_))
        };
        assert!(kind_ok, "{replacement}: {err:?}");
    }
    // A move after the end of the game.
    let err = kif::read(&full_with_line(37, "  18 ７八銀(79)")).unwrap_err();
    assert_eq!(err.line, 37);
    assert!(matches!(err.kind, RecordErrorKind::Malformed(_)));
}

#[test]
fn malformed_headers_and_diagrams() {
    // A line that is no header in the header section.
    let err = kif::read(&full_with_line(3, "no colon here")).unwrap_err();
    assert_eq!(err.line, 3);
    // An unknown 手合割 without a diagram.
    let err = kif::read(&full_with_line(7, "手合割：その他")).unwrap_err();
    assert_eq!(err.line, 7);
    assert!(matches!(err.kind, RecordErrorKind::Unsupported(_)));

    let tsume = data("bod_tsume.kif");
    let with = |from: &str, to: &str| {
        assert!(tsume.contains(from), "{from}");
        kif::read(&tsume.replace(from, to)).unwrap_err()
    };
    // A square that is no piece, an odd row, a broken frame, a bad hand.
    assert_eq!(
        with(
            "| ・ ・ ・ ・ ・ ・ ・ ・ 歩|三",
            "| ・ ・ ・ ・ ・ ・ ・ ・ 象|三"
        )
        .line,
        8
    );
    assert_eq!(
        with(
            "| ・ ・ ・ ・ ・ ・ ・ ・ 歩|三",
            "| ・ ・ ・ ・ ・ ・ ・ ・歩|三"
        )
        .line,
        8
    );
    assert_eq!(
        with(
            "| ・ ・ ・ ・ ・ ・ ・ ・ 歩|三",
            "| ・ ・ ・ ・ ・ ・ ・ 歩|三"
        )
        .line,
        8
    );
    assert_eq!(
        with(
            "| ・ ・ ・ ・ ・ ・ ・ ・ 歩|三",
            "| ・ ・ ・ ・ ・ ・ ・ ・ 歩 三"
        )
        .line,
        8
    );
    assert_eq!(with("先手の持駒：金", "先手の持駒：金x").line, 16);
    assert_eq!(with("先手の持駒：金", "先手の持駒：玉").line, 16);
    assert_eq!(with("歩十七", "歩九九九").line, 3);
    // Without Black's king the diagram is a mate problem as problems are
    // written (the attacker has no king): it reads.
    let problem = tsume.replace(
        "| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九",
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|九",
    );
    let record = kif::read(&problem).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        record.start_position().map(|p| p.king(Color::Black)),
        Ok(None)
    );
    // Without either king it is no position: the diagram's first line.
    let err = kif::read(&problem.replace("v玉", " ・")).unwrap_err();
    assert_eq!(err.line, 3);
    assert_eq!(
        err.kind,
        RecordErrorKind::Position(PositionError::MissingKing(Color::White))
    );
    // Too many pawns.
    let err = with("歩十七", "歩十八");
    assert_eq!(err.line, 3);
    assert!(matches!(
        err.kind,
        RecordErrorKind::Position(PositionError::TooManyPieces {
            kind: PieceKind::Pawn,
            ..
        })
    ));
    // A board that is neither 9x9 nor 5x5.
    let seven = bod::write(&Setup::from_sfen("4k2/7/7/7/7/7/3K3 b - 1").unwrap());
    let err = kif::read(&seven).unwrap_err();
    assert_eq!(err.line, 1);
    assert!(matches!(err.kind, RecordErrorKind::Unsupported(_)));
}

#[test]
fn malformed_ki2_moves() {
    let base = "先手：a\n▲７六歩    △３四歩\n";
    for (bad, line) in [
        ("▲７四歩", 3),
        ("▲２二角成    ▲３三角", 3),
        ("△７八銀", 3),
        ("▲２二角成    △同　象", 3),
        ("▲２二角成    △同　銀    ▲", 3),
        ("ゴミ", 3),
    ] {
        let err = ki2::read(&format!("{base}{bad}\n")).unwrap_err();
        assert_eq!(err.line, line, "{bad}: {err}");
    }
    // Golds on 6c, 5c and 4c: 5b needs a word.
    let text = format!(
        "{}▲５二金\n",
        bod::write(&Setup::from_sfen("k8/9/3GGG3/9/9/9/9/9/4K4 b - 1").unwrap())
    );
    let err = ki2::read(&text).unwrap_err();
    assert_eq!(err.line, 15);
    assert!(matches!(err.kind, RecordErrorKind::Malformed(_)));
}

/// Every error names a line of the text.
fn check_error_line(text: &str, err: &RecordError) {
    // Lines as the readers count them: a lone carriage return ends one too.
    let lines = text
        .replace("\r\n", "\n")
        .replace('\r', "\n")
        .lines()
        .count()
        .max(1);
    assert!(
        err.line >= 1 && err.line <= lines,
        "{err} in a text of {lines} lines"
    );
}

/// Reads `text` with every reader: no panic, errors on a line of the text,
/// and what reads writes back to an equal record.
fn read_all(text: &str) {
    match kif::read(text) {
        Ok(record) => match kif::write(&record) {
            Ok(written) => assert_eq!(kif::read(&written).as_ref(), Ok(&record), "{written}"),
            Err(e) => assert!(matches!(e, WriteError::Unsupported { .. }), "{e}"),
        },
        Err(e) => check_error_line(text, &e),
    }
    match ki2::read(text) {
        Ok(record) => match ki2::write(&record) {
            Ok(written) => assert_eq!(ki2::read(&written).as_ref(), Ok(&record), "{written}"),
            Err(e) => assert!(matches!(e, WriteError::Unsupported { .. }), "{e}"),
        },
        Err(e) => check_error_line(text, &e),
    }
    if let Err(e) = bod::read(text) {
        check_error_line(text, &e);
    }
}

const ALPHABET: [&str; 48] = [
    "\n",
    "\n",
    "\n",
    " ",
    "\u{3000}",
    "：",
    ":",
    "(",
    ")",
    "/",
    "+",
    "-",
    "|",
    "v",
    "・",
    "*",
    "#",
    "&",
    "▲",
    "△",
    "同",
    "成",
    "不成",
    "打",
    "右",
    "左",
    "上",
    "引",
    "寄",
    "直",
    "歩",
    "金",
    "龍",
    "玉",
    "１",
    "５",
    "９",
    "一",
    "五",
    "九",
    "0",
    "7",
    "手数＝",
    "まで",
    "変化：",
    "投了",
    "先手の持駒：",
    "後手番",
];

#[test]
fn random_texts_never_panic() {
    let mut rng = XorShift(0xdead_beef_cafe_f00d);
    for _ in 0..3000 {
        let len = rng.below(200);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        read_all(&String::from_utf8_lossy(&bytes));
        let text: String = (0..rng.below(80)).map(|_| *rng.pick(&ALPHABET)).collect();
        read_all(&text);
    }
}

#[test]
fn mutated_records_never_panic() {
    let mut rng = XorShift(0x1357_9bdf_0246_8ace);
    let mut texts: Vec<String> = [
        "hirate_full.kif",
        "variants.kif",
        "handicap.kif",
        "minishogi_bod.kif",
        "bod_tsume.kif",
        "hirate.ki2",
        "disambiguation.ki2",
    ]
    .iter()
    .map(|f| data(f))
    .collect();
    for game in 0..20 {
        let record = random_record(&mut rng, game % 2 == 0);
        texts.push(kif::write(&record).unwrap());
        texts.push(ki2::write(&record).unwrap());
    }
    let mut read_ok = 0;
    for _ in 0..4000 {
        let mut chars: Vec<char> = rng.pick(&texts).chars().collect();
        for _ in 0..rng.below(4) + 1 {
            let at = rng.below(chars.len() + 1);
            match rng.below(4) {
                0 if at < chars.len() => {
                    chars.remove(at);
                }
                1 => {
                    for (i, c) in rng.pick(&ALPHABET).chars().enumerate() {
                        chars.insert(at + i, c);
                    }
                }
                2 if at < chars.len() => chars[at] = rng.pick(&ALPHABET).chars().next().unwrap(),
                _ => chars.truncate(at),
            }
        }
        let text: String = chars.into_iter().collect();
        read_all(&text);
        if kif::read(&text).is_ok() || ki2::read(&text).is_ok() {
            read_ok += 1;
        }
    }
    // Some mutations leave a readable record (a changed comment, a cut after a move).
    assert!(read_ok > 100, "{read_ok}");
}

// ---------------------------------------------------------------------------
// Interoperability: what other programs write
// ---------------------------------------------------------------------------

#[test]
fn a_declined_promotion_is_written_plainly_and_read_in_both_spellings() {
    // 7g7f 3c3d 8h2b: the bishop enters the zone and does not promote.
    let mut record = Record::new(Setup::from_sfen(STANDARD_START).unwrap());
    for usi in ["7g7f", "3c3d", "8h2b"] {
        record.moves.push(RecordMove::new(mv(usi)));
    }
    let text = kif::write(&record).unwrap();
    assert!(text.contains("   3 ２二角(88)\n"), "{text}");
    assert!(!text.contains("不成"), "{text}");
    assert_eq!(kif::read(&text).unwrap(), record);
    let spelled = text.replace("２二角(88)", "２二角不成(88)");
    assert_eq!(kif::read(&spelled).unwrap(), record);
    // KI2 names the declined promotion: it has no origin to tell it.
    assert!(ki2::write(&record).unwrap().contains("▲２二角不成"));
}

/// A game in which Black, with a pawn in hand, drops it on the 7th file
/// where its own pawn stands (二歩): the moves before the foul, as KIF.
const NIFU: &str = "手数----指手---------消費時間--
   1 ２六歩(27)
   2 ８四歩(83)
   3 ２五歩(26)
   4 ８五歩(84)
   5 ２四歩(25)
   6 同　歩(23)
   7 同　飛(28)
   8 ８六歩(85)
";

#[test]
fn a_foul_move_is_kept_and_ends_the_game() {
    let text = format!(
        "{NIFU}   9 ７五歩打     ( 0:05/00:00:05)\n*二歩\n  10 反則勝ち\nまで9手で後手の反則勝ち\n"
    );
    let record = kif::read(&text).unwrap();
    assert_eq!(record.moves.len(), 8);
    let end = record.end.clone().unwrap();
    assert_eq!(end.kind, EndKind::IllegalMove);
    assert_eq!(record.end_side(), Color::Black);
    let foul = end.foul.unwrap();
    assert_eq!(foul.mv, mv("P*7e"));
    assert_eq!(foul.time.map(|t| t.seconds), Some(5));
    assert_eq!(foul.comments, ["二歩"]);
    // 反則負け after the illegal move says the same.
    let lose = kif::read(&text.replace("反則勝ち\n", "反則負け\n")).unwrap();
    assert_eq!(lose, record);
    // Every format writes it and reads it back.
    let kif_text = kif::write(&record).unwrap();
    assert!(
        kif_text.contains(
            "   9 ７五歩打     ( 0:05/00:00:05)\n*二歩\n  10 反則勝ち\nまで9手で後手の反則勝ち\n"
        ),
        "{kif_text}"
    );
    assert_eq!(kif::read(&kif_text).unwrap(), record);
    let ki2_text = ki2::write(&record).unwrap();
    assert!(
        ki2_text.contains("▲７五歩\n*二歩\nまで9手で後手の反則勝ち\n"),
        "{ki2_text}"
    );
    let mut without_times = record.clone();
    for m in &mut without_times.moves {
        m.time = None;
    }
    if let Some(f) = without_times.end.as_mut().and_then(|e| e.foul.as_mut()) {
        f.time = None;
    }
    assert_eq!(ki2::read(&ki2_text).unwrap(), without_times);
    assert_eq!(
        ki2::read(&ki2_text.replace("後手の反則勝ち", "先手の反則負け")).unwrap(),
        without_times
    );
    // The winner must fit: the player of the foul cannot win by it.
    assert!(ki2::read(&ki2_text.replace("後手の反則勝ち", "先手の反則勝ち")).is_err());
}

#[test]
fn a_ki2_foul_names_its_piece() {
    // The one pawn that could reach 2d: a board move no rule allows here
    // is no foul KI2 can tell, but a drop is.
    let ki2_text = "▲２六歩    △８四歩    ▲２五歩    △８五歩    ▲２四歩    △同　歩\n▲同　飛    △８六歩    ▲７五歩\nまで9手で後手の反則勝ち\n";
    let record = ki2::read(ki2_text).unwrap();
    assert_eq!(
        record.end.and_then(|e| e.foul).map(|f| f.mv),
        Some(mv("P*7e"))
    );
}

#[test]
fn an_illegal_move_that_is_not_a_foul_is_an_error() {
    let base = format!("{NIFU}   9 ７五歩打\n");
    // Followed by another end or a move: the illegal move's line.
    for tail in ["  10 投了\n", "  10 ８四歩(83)\n"] {
        let err = kif::read(&format!("{base}{tail}")).unwrap_err();
        assert_eq!(err.line, 10, "{tail}");
        assert!(
            matches!(err.kind, RecordErrorKind::IllegalMove { .. }),
            "{tail}"
        );
    }
    // The last move of the record, comments aside, is the foul (81Dojo).
    let record = kif::read(&format!("{base}*反則手にて終局\n")).unwrap();
    let end = record.end.unwrap();
    assert_eq!(
        (end.kind, end.foul.map(|f| (f.mv, f.comments))),
        (
            EndKind::IllegalMove,
            Some((mv("P*7e"), vec!["反則手にて終局".to_owned()]))
        )
    );
    // A move of a piece that is not there is no foul.
    let err = kif::read("   1 ７五歩(75)\n   2 反則勝ち\n").unwrap_err();
    assert_eq!(err.line, 1);
    // Nor a drop of a piece not in hand.
    let err = kif::read("   1 ５五角打\n   2 反則勝ち\n").unwrap_err();
    assert_eq!(err.line, 1);
    // KI2 likewise.
    let err = ki2::read("▲７六歩    △３四歩    ▲７四歩\nまで3手で後手の反則勝ち\n").unwrap_err();
    assert_eq!(err.line, 1);
    // A writer refuses a foul that is not one.
    let mut record = kif::read(&format!("{base}  10 反則勝ち\n")).unwrap();
    if let Some(f) = record.end.as_mut().and_then(|e| e.foul.as_mut()) {
        f.mv = mv("B*5e");
    }
    assert!(matches!(kif::write(&record), Err(WriteError::Foul { .. })));
}

#[test]
fn the_special_moves_other_programs_write_are_read() {
    let base = "   1 ７六歩(77)\n   2 ３四歩(33)\n";
    for (special, kind) in [
        ("封じ手", EndKind::Interrupted),
        ("Time-up", EndKind::Timeout),
        ("入玉宣言", EndKind::ImpasseDeclaration),
        ("不戦勝", EndKind::WinByDefault),
        ("不戦敗", EndKind::LossByDefault),
    ] {
        let text = format!("{base}   3 {special}   ( 0:10/00:00:10)\n");
        let record = kif::read(&text).unwrap_or_else(|e| panic!("{special}: {e}"));
        assert_eq!(end_kind(&record), Some(kind), "{special}");
        assert_eq!(
            record.end.as_ref().and_then(|e| e.time).map(|t| t.seconds),
            Some(10)
        );
        assert_eq!(kif::read(&kif::write(&record).unwrap()).unwrap(), record);
        let ki2_back = ki2::read(&ki2::write(&record).unwrap()).unwrap();
        assert_eq!(end_kind(&ki2_back), Some(kind), "{special}");
    }
    // KI2 summaries.
    for (summary, kind) in [
        ("まで2手で封じ手", EndKind::Interrupted),
        ("まで2手で入玉宣言", EndKind::ImpasseDeclaration),
        ("まで2手で先手の不戦勝", EndKind::WinByDefault),
        ("まで2手で後手の不戦勝", EndKind::LossByDefault),
        ("まで2手で先手の不戦敗", EndKind::LossByDefault),
    ] {
        let record = ki2::read(&format!("▲７六歩    △３四歩\n{summary}\n")).unwrap();
        assert_eq!(end_kind(&record), Some(kind), "{summary}");
    }
}

#[test]
fn a_second_special_move_is_ignored() {
    let text = "   1 ７六歩(77)\n   2 投了\n*after\n   3 中断\n*after the second\n";
    let record = kif::read(text).unwrap();
    assert_eq!(usis(&record), ["7g7f"]);
    let end = record.end.unwrap();
    assert_eq!(end.kind, EndKind::Resign);
    assert_eq!(end.comments, ["after", "after the second"]);
    // A move after the end is still an error.
    assert_eq!(
        kif::read("   1 投了\n   2 ７六歩(77)\n").unwrap_err().line,
        2
    );
}

#[test]
fn remarks_are_kept_apart_from_comments() {
    let text = "#KIF version=2.0 encoding=Shift_JIS\n# ---- Kifu for Windows V7 V7.08 棋譜ファイル ----\n先手：A\n手数----指手---------消費時間--\n*before\n   1 ７六歩(77)\n*after 1\n";
    let record = kif::read(text).unwrap();
    assert_eq!(
        record.remarks,
        [" ---- Kifu for Windows V7 V7.08 棋譜ファイル ----"]
    );
    assert_eq!(record.comments, ["before"]);
    assert_eq!(record.moves[0].comments, ["after 1"]);
    let written = kif::write(&record).unwrap();
    assert!(written.starts_with("#KIF version=2.0 encoding=UTF-8\n# ---- Kifu for Windows V7 V7.08 棋譜ファイル ----\n先手：A\n"), "{written}");
    assert_eq!(kif::read(&written).unwrap(), record);
    assert_eq!(ki2::read(&ki2::write(&record).unwrap()).unwrap(), record);
}

#[test]
fn formats_are_told_apart_by_structure_not_by_words() {
    use shogi_formats::record::Format;
    // A KI2 whose comment says 手数 is KI2.
    let ki2_text = "先手：A\n*手数の少ない将棋\n▲７六歩    △３四歩\nまで2手で後手の勝ち\n";
    assert_eq!(Format::detect(ki2_text), Format::Ki2);
    assert_eq!(
        Format::detect(ki2_text).read(ki2_text).unwrap().moves.len(),
        2
    );
    // A header value with 手数 and a KI2 body.
    assert_eq!(Format::detect("備考：手数は2\n▲７六歩\n"), Format::Ki2);
    // KIF by its table head or numbered moves.
    assert_eq!(Format::detect("先手：A\n手数----指手--\n"), Format::Kif);
    assert_eq!(Format::detect("先手：A\n   1 ７六歩(77)\n"), Format::Kif);
    assert_eq!(Format::detect("   1 投了\n"), Format::Kif);
    // CSA by its statements, its comments not looked at.
    assert_eq!(
        Format::detect("'▲７六歩\n'   1 ７六歩(77)\nPI\n+\n"),
        Format::Csa
    );
    assert_eq!(Format::detect("N+A\n"), Format::Csa);
    // A KIF board diagram's frame is not a CSA move.
    let bod = bod::write(&Setup::from_sfen(STANDARD_START).unwrap());
    assert_eq!(
        Format::detect(&format!("{bod}手数----指手--\n")),
        Format::Kif
    );
    // Nor are its file numbers a KIF move: a KI2 with a diagram is KI2.
    let mini = bod::write(&Setup::from_sfen(MINISHOGI_START).unwrap());
    assert_eq!(Format::detect(&format!("{mini}▲５三歩\n")), Format::Ki2);
    assert_eq!(Format::detect(&format!("{bod}▲７六歩\n")), Format::Ki2);
}
