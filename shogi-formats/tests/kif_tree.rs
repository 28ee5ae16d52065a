//! Records as trees: KIF variations (`変化：N手`) read from real files of
//! the corpus (`tests/data/corpus/`, sources in `SOURCES.md`: Kifu for
//! Windows' `fork.kif` and `henka.kif` from na2hiro/Kifu-for-JS, ShogiHome's
//! conversion output, mog-core-scala's test records), every line replayed,
//! written back and read again, and the tree edited by path.

mod common;

use common::mv;
use shogi_core::{Move, Setup};
use shogi_formats::record::{
    kif, EndKind, Line, MoveTime, Record, RecordEnd, RecordMove, TreeError, WriteError,
};
use std::path::Path;

/// A corpus file's text (UTF-8 or Shift_JIS).
fn corpus(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/corpus")
        .join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match String::from_utf8(bytes.clone()) {
        Ok(s) => s,
        Err(_) => encoding_rs::SHIFT_JIS
            .decode_without_bom_handling_and_without_replacement(&bytes)
            .unwrap_or_else(|| panic!("{name}: neither UTF-8 nor Shift_JIS"))
            .into_owned(),
    }
}

fn usi(path: &[Move]) -> String {
    path.iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn path(text: &str) -> Vec<Move> {
    text.split_whitespace().map(mv).collect()
}

/// The numbers of the `変化：N手` lines of a KIF text, in order.
fn blocks(text: &str) -> Vec<u32> {
    text.lines()
        .filter_map(|l| l.strip_prefix("変化："))
        .filter_map(|l| l.strip_suffix('手'))
        .map(|n| n.parse().unwrap())
        .collect()
}

const WITH_VARIATIONS: [(&str, usize); 6] = [
    ("kifu-for-js/fork.kif", 8),
    ("kifu-for-js/henka.kif", 6),
    ("shogihome/output_ki2u-to-kifu_overwrite_ki2u-utf8.kifu", 2),
    ("mog-core-scala/kif_005.kif", 4),
    // Its variations at moves 1, 3, 5 and 7 only repeat the main line's
    // move: merged into it, they leave the main line alone.
    ("mog-core-scala/kif_006.kif", 1),
    ("mog-core-scala/kif_007.kif", 5),
];

#[test]
fn real_files_keep_every_line_and_every_line_replays() {
    for (name, lines) in WITH_VARIATIONS {
        let record = kif::read(&corpus(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(record.line_count(), lines, "{name}");
        let leaves = record.leaves();
        assert_eq!(leaves.len(), lines, "{name}");
        for leaf in &leaves {
            record
                .position_at(leaf)
                .unwrap_or_else(|e| panic!("{name}: {}: {e}", usi(leaf)));
            // Each line is a record of its own that replays.
            let line = record.line_to(leaf).unwrap();
            assert_eq!(line.positions().unwrap().len(), leaf.len() + 1, "{name}");
        }
    }
}

#[test]
fn real_files_write_back_to_the_same_tree() {
    for (name, _) in WITH_VARIATIONS {
        let record = kif::read(&corpus(name)).unwrap();
        let text = kif::write(&record).unwrap();
        let back = kif::read(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(back, record, "{name}\n{text}");
        // Writing is stable: the text written reads and writes to itself.
        assert_eq!(kif::write(&back).unwrap(), text, "{name}");
    }
}

#[test]
fn kifu_for_windows_fork_is_read_as_its_tree_and_written_in_its_order() {
    let text = corpus("kifu-for-js/fork.kif");
    let record = kif::read(&text).unwrap();
    // The main line: 7g7f 3c3d 2g2f, resigned.
    assert_eq!(
        usi(&record.moves.iter().map(|m| m.mv).collect::<Vec<_>>()),
        "7g7f 3c3d 2g2f"
    );
    assert_eq!(record.end.as_ref().map(|e| e.kind), Some(EndKind::Resign));
    // At the start: 7g7f (main) or 2g2f.
    let first: Vec<Move> = record.children(&[]).unwrap().iter().map(|m| m.mv).collect();
    assert_eq!(first, path("7g7f 2g2f"));
    // After 7g7f 8c8d 7i6h comes 持将棋, and 2g2f instead of 7i6h ends on time.
    let p = path("7g7f 8c8d 7i6h");
    assert_eq!(
        record.line_end(&p).unwrap().as_ref().map(|e| e.kind),
        Some(EndKind::Jishogi)
    );
    let p = path("7g7f 8c8d 2g2f");
    let end = record.line_end(&p).unwrap().as_ref().unwrap();
    assert_eq!(end.kind, EndKind::Timeout);
    assert_eq!(
        end.time,
        Some(MoveTime {
            seconds: 0,
            total_seconds: Some(7)
        })
    );
    assert_eq!(
        record.node(&p).unwrap().time,
        Some(MoveTime {
            seconds: 8,
            total_seconds: Some(10)
        })
    );
    // Every side line's end is kept: 中断, 持将棋, 切れ負け, 反則勝ち, 千日手, 詰み, 不詰.
    let ends: Vec<Option<EndKind>> = record
        .leaves()
        .iter()
        .map(|l| record.line_end(l).unwrap().as_ref().map(|e| e.kind))
        .collect();
    assert_eq!(
        ends,
        [
            EndKind::Resign,
            EndKind::Interrupted,
            EndKind::Jishogi,
            EndKind::Timeout,
            EndKind::IllegalMoveWin,
            EndKind::Repetition,
            EndKind::Checkmate,
            EndKind::NoMate,
        ]
        .map(Some)
    );
    // Written, the blocks come in the file's order, with its + marks.
    let ours = kif::write(&record).unwrap();
    assert_eq!(blocks(&ours), blocks(&text));
    let plus = |t: &str| t.lines().filter(|l| l.ends_with('+')).count();
    assert_eq!(plus(&ours), plus(&text));
    assert!(ours.contains("   3 ６八銀(79)   ( 0:02/00:00:04)+\n"));
    assert!(ours.contains("\n変化：3手\n   3 ７五歩(76)   ( 0:01/00:00:03)\n   4 中断         ( 0:00/00:00:01)\nまで3手で中断\n"));
}

#[test]
fn nested_variations_bookmarks_comments_and_times_per_node() {
    // Main: vars at 10 and 5; the one at 5 has its own at 9 (Kifu for
    // Windows writes 10, 5, 9).
    let text = "手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:01/00:00:01)
   2 ８四歩(83)   ( 0:02/00:00:02)
   3 ６八銀(79)   ( 0:03/00:00:04)
   4 ３二金(41)   ( 0:04/00:00:06)
   5 ２六歩(27)   ( 0:05/00:00:09)+
*main 5
&bookmark five
   6 ８五歩(84)   ( 0:06/00:00:12)
   7 ７七角(88)   ( 0:07/00:00:16)
   8 ３四歩(33)   ( 0:08/00:00:20)
   9 ７八金(69)   ( 0:09/00:00:25)
  10 ７七角成(22) ( 0:10/00:00:30)+
  11 同　銀(68)   ( 0:11/00:00:36)
  12 ２二銀(31)   ( 0:12/00:00:42)

変化：10手
  10 ３三角(22)   ( 0:20/00:00:40)
  11 ６九玉(59)   ( 0:21/00:00:46)
  12 投了         ( 0:22/00:01:02)
*resigned in the side line

変化：5手
   5 ７七角(88)   ( 0:30/00:00:34)
*side 5
&side bookmark
   6 ３四歩(33)   ( 0:31/00:00:37)
   7 ４八銀(39)   ( 0:32/00:01:06)
   8 ６二銀(71)   ( 0:33/00:01:10)
   9 ３六歩(37)   ( 0:34/00:01:40)+
  10 ８五歩(84)   ( 0:35/00:01:45)

変化：9手
   9 １六歩(17)   ( 0:40/00:01:46)
  10 １四歩(13)   ( 0:41/00:01:51)
";
    let record = kif::read(text).unwrap();
    assert_eq!(record.line_count(), 4);
    let five = path("7g7f 8c8d 7i6h 4a3b");
    let children: Vec<Move> = record
        .children(&five)
        .unwrap()
        .iter()
        .map(|m| m.mv)
        .collect();
    assert_eq!(children, path("2g2f 8h7g"));
    let main5 = record.node(&path("7g7f 8c8d 7i6h 4a3b 2g2f")).unwrap();
    assert_eq!(main5.comments, ["main 5"]);
    assert_eq!(main5.bookmark.as_deref(), Some("bookmark five"));
    let side5 = record.node(&path("7g7f 8c8d 7i6h 4a3b 8h7g")).unwrap();
    assert_eq!(side5.comments, ["side 5"]);
    assert_eq!(side5.bookmark.as_deref(), Some("side bookmark"));
    assert_eq!(side5.time.map(|t| t.seconds), Some(30));
    // The variation at 9 hangs inside the variation at 5 (nested).
    let nine = path("7g7f 8c8d 7i6h 4a3b 8h7g 3c3d 3i4h 7a6b");
    let children: Vec<Move> = record
        .children(&nine)
        .unwrap()
        .iter()
        .map(|m| m.mv)
        .collect();
    assert_eq!(children, path("3g3f 1g1f"));
    // The side line at 10 ends in resignation, with its time and comment.
    let ten = path("7g7f 8c8d 7i6h 4a3b 2g2f 8d8e 8h7g 3c3d 6i7h 2b3c 5i6i");
    let end = record.line_end(&ten).unwrap().as_ref().unwrap();
    assert_eq!(end.kind, EndKind::Resign);
    assert_eq!(end.comments, ["resigned in the side line"]);
    assert_eq!(end.time.map(|t| t.seconds), Some(22));
    // Written in the same order, and read back to the same tree.
    let written = kif::write(&record).unwrap();
    assert_eq!(blocks(&written), [10, 5, 9]);
    assert!(written.contains("   5 ２六歩(27)   ( 0:05/00:00:09)+\n*main 5\n&bookmark five\n"));
    assert!(written.contains(
        "  12 投了         ( 0:22/00:01:02)\n*resigned in the side line\nまで11手で先手の勝ち\n"
    ));
    assert_eq!(kif::read(&written).unwrap(), record);
}

/// ShogiBoardQ (and others) write the variation header `変化：3手目`: the
/// same block as `変化：3手`, nested ones too, and a bad number is still an
/// error at its line.
#[test]
fn a_variation_header_ending_in_te_me_is_read() {
    let text = "   1 ７六歩(77)
   2 ３四歩(33)
   3 ２六歩(27)+
   4 ８四歩(83)
   5 投了

変化：3手目
   3 ６六歩(67)
   4 ８四歩(83)+
*side

変化：4手目
   4 ４二飛(82)
";
    let record = kif::read(text).unwrap();
    assert_eq!(record.line_count(), 3);
    assert_eq!(kif::read(&text.replace("手目\n", "手\n")).unwrap(), record);
    let third = &record.moves[2].variations[0];
    assert_eq!(third.moves[1].comments, ["side"]);
    assert_eq!(third.moves[1].variations[0].moves[0].mv, mv("8b4b"));
    // The writer keeps Kifu for Windows' spelling, which reads back the same.
    let written = kif::write(&record).unwrap();
    assert!(written.contains("変化：3手\n") && !written.contains("手目"));
    assert_eq!(kif::read(&written).unwrap(), record);
    let e = kif::read(&text.replace("変化：4手目", "変化：4目")).unwrap_err();
    assert_eq!(e.line, 12, "{e}");
    let e = kif::read(&text.replace("変化：4手目", "変化：4手目目")).unwrap_err();
    assert_eq!(e.line, 12, "{e}");
}

#[test]
fn the_end_keeps_its_time_and_comment() {
    let text = "   1 ２六歩(27)\n   2 ８四歩(83)\n   3 ２五歩(26)\n   4 ８五歩(84)
   5 ２四歩(25)\n   6 同　歩(23)\n   7 同　飛(28)\n   8 ８六歩(85)
   9 ７五歩打   ( 0:02/00:00:05)\n  10 反則負け   ( 0:01/00:00:09)\n*反則手にて終局\n";
    let record = kif::read(text).unwrap();
    let end = record.end.as_ref().unwrap();
    assert_eq!(end.kind, EndKind::IllegalMove);
    assert_eq!(end.comments, ["反則手にて終局"]);
    assert_eq!(
        end.time,
        Some(MoveTime {
            seconds: 1,
            total_seconds: Some(9)
        })
    );
    assert_eq!(
        end.foul.as_ref().and_then(|f| f.time).map(|t| t.seconds),
        Some(2)
    );
    assert_eq!(kif::read(&kif::write(&record).unwrap()).unwrap(), record);
}

#[test]
fn a_bad_variation_is_an_error_at_its_line() {
    let main = "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n";
    for (text, line, words) in [
        // A move no line before has.
        (
            format!("{main}\n変化：4手\n   4 ２六歩(27)\n"),
            5,
            "names move 4",
        ),
        // Move 0, before the first.
        (
            format!("{main}\n変化：0手\n   1 ２六歩(27)\n"),
            5,
            "names move 0",
        ),
        // An illegal move in a variation, at its line.
        (
            format!("{main}\n変化：2手\n   2 ８四歩(83)\n   3 ２二角成(88)\n"),
            7,
            "illegal move",
        ),
        // 同 in a variation refers to its own previous move.
        (
            format!("{main}\n変化：2手\n   2 ８四歩(83)\n   3 同　歩(77)\n"),
            7,
            "illegal move",
        ),
        (format!("{main}\n変化：2手\n"), 5, "without a move"),
        (
            format!("{main}\n変化：2手\n*early\n   2 ８四歩(83)\n"),
            6,
            "before its first move",
        ),
        (
            format!("{main}\n変化：二手\n   2 ８四歩(83)\n"),
            5,
            "not a variation line",
        ),
        (
            format!("{main}\n変化：2手\n   2 ８四歩(83)\n   3 投了\n   4 ２六歩(27)\n"),
            8,
            "after the end",
        ),
        ("   1 ７六歩(77)\n&a\n&b\n".to_owned(), 3, "second bookmark"),
        (
            "変化：1手\n   1 ７六歩(77)\n".to_owned(),
            1,
            "no move comes before",
        ),
    ] {
        let e = kif::read(&text).unwrap_err();
        assert_eq!(e.line, line, "{text}: {e}");
        assert!(e.to_string().contains(words), "{text}: {e}");
    }
    // A block may branch from a variation read before it, not from one
    // the path left: after the block at 2 (8c8d, 2 moves), move 3 is on it.
    let text = format!(
        "{main}\n変化：2手\n   2 ８四歩(83)\n   3 ２六歩(27)\n\n変化：3手\n   3 ６八銀(79)\n"
    );
    let record = kif::read(&text).unwrap();
    let children: Vec<Move> = record
        .children(&path("7g7f 8c8d"))
        .unwrap()
        .iter()
        .map(|m| m.mv)
        .collect();
    assert_eq!(children, path("2g2f 7i6h"));
}

#[test]
fn the_tree_is_edited_by_path() {
    let mut record = kif::read("   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n").unwrap();
    let first = path("7g7f");
    // Illegal, duplicate, after an end, on no node: refused, record unchanged.
    let before = record.clone();
    let e = record
        .add_child(&first, RecordMove::new(mv("3c3e")))
        .unwrap_err();
    assert!(
        matches!(&e, TreeError::Illegal(i) if i.reason.name() == "cannot_move_there"),
        "{e}"
    );
    assert!(matches!(
        record.add_child(&first, RecordMove::new(mv("3c3d"))),
        Err(TreeError::Duplicate { index: 0, .. })
    ));
    assert!(matches!(
        record.add_child(&path("2g2f"), RecordMove::new(mv("3c3d"))),
        Err(TreeError::NoSuchNode(_))
    ));
    assert!(matches!(
        record.reorder_child(&first, 0, 1),
        Err(TreeError::NoSuchChild { index: 1, count: 1 })
    ));
    assert_eq!(record, before);
    // Two variations, then the second becomes the main line.
    assert_eq!(
        record
            .add_child(&first, RecordMove::new(mv("8c8d")))
            .unwrap(),
        1
    );
    assert_eq!(
        record
            .add_child(&first, RecordMove::new(mv("4a3b")))
            .unwrap(),
        2
    );
    record.reorder_child(&first, 2, 0).unwrap();
    let order =
        |r: &Record| -> Vec<Move> { r.children(&first).unwrap().iter().map(|m| m.mv).collect() };
    assert_eq!(order(&record), path("4a3b 3c3d 8c8d"));
    assert_eq!(record.moves.len(), 2);
    assert_eq!(record.end, None, "the end went with its line");
    assert_eq!(
        record
            .line_end(&path("7g7f 3c3d"))
            .unwrap()
            .as_ref()
            .map(|e| e.kind),
        Some(EndKind::Resign)
    );
    // Continue the new main line; write and read back.
    assert_eq!(
        record
            .add_child(&path("7g7f 4a3b"), RecordMove::new(mv("2g2f")))
            .unwrap(),
        0
    );
    record
        .node_mut(&path("7g7f 4a3b"))
        .unwrap()
        .comments
        .push("new main".into());
    let text = kif::write(&record).unwrap();
    assert_eq!(kif::read(&text).unwrap(), record, "{text}");
    // Remove the main continuation: the next variation becomes main.
    let gone = record.remove_child(&first, 0).unwrap();
    assert_eq!(gone.moves.len(), 2);
    assert_eq!(order(&record), path("3c3d 8c8d"));
    assert_eq!(record.end.as_ref().map(|e| e.kind), Some(EndKind::Resign));
    // Remove everything after the first move.
    record.remove_child(&first, 1).unwrap();
    record.remove_child(&first, 0).unwrap();
    assert_eq!(record.moves.len(), 1);
    assert_eq!(record.end, None);
    assert_eq!(record.line_count(), 1);
}

#[test]
fn the_writer_refuses_a_tree_it_cannot_write_back() {
    let mut record = Record::new(Setup::from_sfen(common::STANDARD_START).unwrap());
    record.moves.push(RecordMove::new(mv("7g7f")));
    // A side line with an illegal move.
    record.moves[0].variations.push(Line {
        moves: vec![RecordMove::new(mv("2g2f")), RecordMove::new(mv("2f2e"))],
        end: None,
    });
    let e = kif::write(&record).unwrap_err();
    assert!(
        matches!(&e, WriteError::IllegalSideMove { path, .. } if usi(path) == "2g2f 2f2e"),
        "{e}"
    );
    assert!(
        e.to_string()
            .starts_with("move 2 of a side line (2f2e) is illegal"),
        "{e}"
    );
    // The same move twice at one position.
    record.moves[0].variations[0].moves.truncate(1);
    record.moves[0].variations.push(Line {
        moves: vec![RecordMove::new(mv("2g2f"))],
        end: Some(RecordEnd::new(EndKind::Resign)),
    });
    assert!(matches!(
        kif::write(&record),
        Err(WriteError::Unsupported { .. })
    ));
    // An empty side line.
    record.moves[0].variations[1].moves.clear();
    assert!(matches!(
        kif::write(&record),
        Err(WriteError::Unsupported { .. })
    ));
    record.moves[0].variations.pop();
    assert!(kif::write(&record).is_ok());
}

/// A legal move at `path` that does not follow it yet.
fn new_move(record: &Record, path: &[Move]) -> Move {
    let pos = record.position_at(path).unwrap();
    let taken: Vec<Move> = record
        .children(path)
        .unwrap()
        .iter()
        .map(|m| m.mv)
        .collect();
    pos.legal_moves()
        .iter()
        .copied()
        .find(|m| !taken.contains(m))
        .unwrap()
}

#[test]
fn variations_nested_too_deep_are_refused_not_a_crash() {
    // Each new side line hangs inside the one before: a main continuation,
    // then a variation of it, one level deeper each time.
    let mut record = Record::new(Setup::from_sfen(common::STANDARD_START).unwrap());
    let mut path = Vec::new();
    let mut depth = 0;
    let refused = loop {
        let main = new_move(&record, &path);
        record.add_child(&path, RecordMove::new(main)).unwrap();
        let side = new_move(&record, &path);
        match record.add_child(&path, RecordMove::new(side)) {
            Ok(index) => assert_eq!(index, 1),
            Err(e) => break e,
        }
        depth += 1;
        path.push(side);
    };
    assert_eq!(refused, TreeError::TooDeep);
    assert_eq!(depth, shogi_formats::record::MAX_NESTING);
    // That deep, the record writes and reads back.
    let text = kif::write(&record).unwrap();
    assert_eq!(kif::read(&text).unwrap(), record);
    // One level more, written by hand: the reader refuses it at its line.
    let pos = record.position_at(&path).unwrap();
    let extra = new_move(&record, &path);
    let number = path.len() + 1;
    let line = shogi_core::notation::japanese::format_move(
        &pos,
        extra,
        path.last().map(|m| m.to()),
        shogi_core::notation::japanese::Style::Kif,
    );
    // The last block of the text is the deepest line: branch inside it.
    let deeper = format!("{text}\n変化：{number}手\n{number:>4} {line}\n");
    let main_here = record.children(&path).unwrap()[0].mv;
    assert_ne!(main_here, extra);
    let e = kif::read(&deeper).unwrap_err();
    assert_eq!(e.line, deeper.lines().count() - 1, "{e}");
    assert!(e.to_string().contains("nest more than"), "{e}");
}

#[test]
fn a_variation_that_repeats_moves_is_merged_into_them() {
    let text = "   1 ７六歩(77)
   2 ３四歩(33)
   3 ２六歩(27)

変化：1手
   1 ７六歩(77)   ( 0:05/00:00:05)
*merged comment
&merged bookmark

変化：3手
   3 ６八銀(79)

変化：2手
   2 ３四歩(33)
   3 ２六歩(27)
   4 ８四歩(83)
";
    let record = kif::read(text).unwrap();
    // The first block only repeats move 1: its comment, time and bookmark
    // go to that move, and the path goes on along the main line, so the
    // next block branches at move 3 of the main line.
    let first = &record.moves[0];
    assert_eq!(first.comments, ["merged comment"]);
    assert_eq!(first.bookmark.as_deref(), Some("merged bookmark"));
    assert_eq!(first.time.map(|t| t.seconds), Some(5));
    let at3: Vec<Move> = record
        .children(&path("7g7f 3c3d"))
        .unwrap()
        .iter()
        .map(|m| m.mv)
        .collect();
    assert_eq!(at3, path("2g2f 7i6h"));
    // The last repeats moves 2 and 3 and goes on: the main line goes on.
    assert_eq!(record.moves.len(), 4);
    assert_eq!(record.line_count(), 2);
    assert_eq!(kif::read(&kif::write(&record).unwrap()).unwrap(), record);
}

/// A random tree: random legal moves, side lines hung on random nodes,
/// comments, bookmarks, times and ends on the lines.
fn random_tree(rng: &mut common::XorShift, mini: bool) -> Record {
    let start = if mini {
        common::MINISHOGI_START
    } else {
        common::STANDARD_START
    };
    let mut record = Record::new(Setup::from_sfen(start).unwrap());
    let words = [
        "",
        "a note",
        "*star",
        "&amp",
        "変化：3手",
        "  spaced  ",
        "まで",
    ];
    let ends = [
        EndKind::Resign,
        EndKind::Interrupted,
        EndKind::Checkmate,
        EndKind::Jishogi,
    ];
    if rng.chance(20) {
        record.bookmark = Some(rng.pick(&words).trim().to_string());
    }
    for _ in 0..1 + rng.below(6) {
        // A node of the tree to grow from: a leaf's path cut somewhere.
        let leaves = record.leaves();
        let leaf = rng.pick(&leaves).clone();
        let mut path = leaf[..rng.below(leaf.len() + 1)].to_vec();
        for _ in 0..1 + rng.below(8) {
            let pos = record.position_at(&path).unwrap();
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut m = RecordMove::new(moves[rng.below(moves.len())]);
            if rng.chance(50) {
                m.time = Some(MoveTime {
                    seconds: rng.below(600) as u32,
                    total_seconds: rng.chance(70).then(|| rng.below(9000) as u32),
                });
            }
            if rng.chance(30) {
                m.comments.push(rng.pick(&words).to_string());
            }
            if rng.chance(20) {
                m.bookmark = Some(rng.pick(&words).trim().to_string());
            }
            let mv = m.mv;
            match record.add_child(&path, m) {
                Ok(_) => path.push(mv),
                Err(TreeError::Duplicate { .. }) => break,
                Err(e) => panic!("{e}"),
            }
        }
        if rng.chance(40) {
            if let Some(slot) = record.line_end_mut(&path) {
                let mut end = RecordEnd::new(*rng.pick(&ends));
                if rng.chance(50) {
                    end.comments.push("end note".into());
                }
                *slot = Some(end);
            }
        }
    }
    record
}

#[test]
fn random_trees_write_and_read_back_the_same() {
    let mut rng = common::XorShift(0x16_7ee);
    let (mut side_lines, mut ends, mut after_ends) = (0, 0, 0);
    for round in 0..300 {
        let record = random_tree(&mut rng, round % 4 == 0);
        side_lines += record.line_count() - 1;
        assert_eq!(record.leaves().len(), record.line_count());
        // Ends with side lines played instead of them (a move added after
        // an end).
        after_ends += record
            .leaves()
            .iter()
            .filter_map(|l| record.line_end(l).cloned().flatten())
            .filter(|e| !e.variations.is_empty())
            .count();
        ends += record
            .leaves()
            .iter()
            .filter(|l| matches!(record.line_end(l), Some(Some(_))))
            .count();
        let text = kif::write(&record).unwrap_or_else(|e| panic!("{e}: {record:?}"));
        let back = kif::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, record, "{text}");
        for leaf in record.leaves() {
            assert!(record.position_at(&leaf).is_ok());
        }
    }
    // The trees are trees: many side lines, many of them ended.
    assert!(
        side_lines > 400 && ends > 200 && after_ends > 20,
        "{side_lines} side lines, {ends} ends, {after_ends} ends with side lines"
    );
}

#[test]
fn mangled_files_with_variations_never_panic_and_what_reads_writes_back() {
    let mut rng = common::XorShift(0xf0_4c);
    let sources: Vec<Vec<String>> = WITH_VARIATIONS
        .iter()
        .map(|(name, _)| corpus(name).lines().map(str::to_owned).collect())
        .collect();
    let (mut read, mut refused) = (0, 0);
    for _ in 0..1500 {
        let mut lines = rng.pick(&sources).clone();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(lines.len());
            let j = rng.below(lines.len());
            match rng.below(5) {
                0 => {
                    lines.remove(i);
                }
                1 => {
                    let l = lines[i].clone();
                    lines.insert(j, l);
                }
                2 => lines.swap(i, j),
                3 => lines.insert(i, format!("変化：{}手", rng.below(12))),
                _ => lines.insert(i, format!("&b{}", rng.below(3))),
            }
            if lines.is_empty() {
                break;
            }
        }
        let text = lines.join("\n");
        match kif::read(&text) {
            Ok(record) => {
                read += 1;
                let written = kif::write(&record).unwrap_or_else(|e| panic!("{e}\n{text}"));
                let back = kif::read(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
                assert_eq!(back, record, "{text}\n----\n{written}");
            }
            Err(e) => {
                refused += 1;
                assert!(e.line <= lines.len(), "{e}");
            }
        }
    }
    assert!(
        read > 100 && refused > 100,
        "{read} read, {refused} refused"
    );
}

/// A commentary's "投了図以下": blocks that replace the end of the line
/// before, on the main line and nested under a side line's end.
const AFTER_THE_END: &str = "手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:01/00:00:01)
   2 ３四歩(33)   ( 0:02/00:00:02)
   3 投了         ( 0:03/00:00:04)+
*投了図以下
まで2手で後手の勝ち

変化：3手
   3 ２六歩(27)+
   4 ８四歩(83)+
   5 投了
*then this

変化：5手
   5 ２五歩(26)
   6 ８五歩(84)

変化：4手
   4 ４四歩(43)

変化：3手
   3 ６六歩(67)
";

#[test]
fn a_block_after_the_end_reads_replays_and_writes_back() {
    let record = kif::read(AFTER_THE_END).unwrap();
    // The main line keeps its two moves and its end, time and comment.
    assert_eq!(record.moves.len(), 2);
    let end = record.end.as_ref().unwrap();
    assert_eq!(end.kind, EndKind::Resign);
    assert_eq!(end.time.map(|t| t.seconds), Some(3));
    assert_eq!(end.comments, ["投了図以下"]);
    // The end has two side lines, children of the last node; none is the
    // main continuation (the end is).
    let last = path("7g7f 3c3d");
    assert!(matches!(record.line_end(&last), Some(Some(_))));
    let children: Vec<Move> = record
        .children(&last)
        .unwrap()
        .iter()
        .map(|m| m.mv)
        .collect();
    assert_eq!(children, path("2g2f 6g6f"));
    assert!(record.mainline_from(&last).unwrap().is_empty());
    // Nested: the first side line ends too, and a block replaces its end.
    let side_end = path("7g7f 3c3d 2g2f 8c8d");
    let end = record.line_end(&side_end).unwrap().as_ref().unwrap();
    assert_eq!(end.comments, ["then this"]);
    assert_eq!(end.variations.len(), 1);
    assert_eq!(
        record
            .mainline_from(&path("7g7f 3c3d 2g2f 8c8d 2f2e"))
            .unwrap()
            .len(),
        1
    );
    // Its move 4 has a variation too.
    assert_eq!(record.children(&path("7g7f 3c3d 2g2f")).unwrap().len(), 2);
    assert_eq!(record.nesting(&path("7g7f 3c3d 2g2f 8c8d 2f2e")), Some(2));
    // Every line replays, and there are as many leaves as lines.
    let leaves: Vec<String> = record.leaves().iter().map(|l| usi(l)).collect();
    assert_eq!(
        leaves,
        [
            "7g7f 3c3d",
            "7g7f 3c3d 2g2f 8c8d",
            "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e",
            "7g7f 3c3d 2g2f 4c4d",
            "7g7f 3c3d 6g6f",
        ]
    );
    assert_eq!(record.line_count(), 5);
    for leaf in record.leaves() {
        let line = record.line_to(&leaf).unwrap();
        assert_eq!(line.positions().unwrap().len(), leaf.len() + 1);
        assert!(line.end.as_ref().is_none_or(|e| e.variations.is_empty()));
    }
    assert!(record
        .to_game(shogi_variants::Standard::default())
        .unwrap()
        .is_over());
    // Written back in Kifu for Windows' order, the `+` on the end lines
    // with side lines, and read back the same.
    let text = kif::write(&record).unwrap();
    assert_eq!(blocks(&text), [3, 5, 4, 3], "{text}");
    assert!(
        text.contains("   3 投了         ( 0:03/00:00:04)+\n"),
        "{text}"
    );
    assert!(text.contains("   5 投了+\n"), "{text}");
    assert!(text.contains("   3 ２六歩(27)+\n"), "{text}");
    assert_eq!(kif::read(&text).unwrap(), record);
    // The block after the body of the file as it stands reads the same.
    let body = &text[text.find("手数----").unwrap()..];
    let as_written = AFTER_THE_END.replace(
        "   5 投了\n*then this\n",
        "   5 投了+\n*then this\nまで4手で後手の勝ち\n",
    );
    assert_eq!(body, as_written);
}

#[test]
fn side_lines_after_an_end_are_edited_by_path() {
    let mut record = kif::read("   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n").unwrap();
    let last = path("7g7f 3c3d");
    // Adding after the end: a side line played instead of it, the end
    // stays the main continuation.
    assert_eq!(
        record
            .add_child(&last, RecordMove::new(mv("2g2f")))
            .unwrap(),
        0
    );
    assert_eq!(
        record
            .add_child(&last, RecordMove::new(mv("6g6f")))
            .unwrap(),
        1
    );
    assert!(matches!(
        record.add_child(&last, RecordMove::new(mv("6g6f"))),
        Err(TreeError::Duplicate { index: 1, .. })
    ));
    let before = record.clone();
    assert!(matches!(
        record.add_child(&last, RecordMove::new(mv("6g6e"))),
        Err(TreeError::Illegal(_))
    ));
    assert_eq!(record, before);
    assert_eq!(record.moves.len(), 2);
    assert_eq!(record.end.as_ref().unwrap().variations.len(), 2);
    // Deeper in the side line.
    record
        .add_child(&path("7g7f 3c3d 6g6f"), RecordMove::new(mv("8c8d")))
        .unwrap();
    assert_eq!(
        record.node(&path("7g7f 3c3d 6g6f 8c8d")).unwrap().mv,
        mv("8c8d")
    );
    // Reordered among themselves; out of range is refused.
    record.reorder_child(&last, 1, 0).unwrap();
    let children: Vec<Move> = record
        .children(&last)
        .unwrap()
        .iter()
        .map(|m| m.mv)
        .collect();
    assert_eq!(children, path("6g6f 2g2f"));
    let before = record.clone();
    assert!(matches!(
        record.reorder_child(&last, 2, 0),
        Err(TreeError::NoSuchChild { index: 2, count: 2 })
    ));
    assert_eq!(record, before);
    // Removed: the end stays.
    let gone = record.remove_child(&last, 0).unwrap();
    assert_eq!(gone.moves.len(), 2);
    assert!(!record.has_node(&path("7g7f 3c3d 6g6f")));
    assert_eq!(record.end.as_ref().unwrap().kind, EndKind::Resign);
    assert_eq!(record.line_count(), 2);
    assert_eq!(kif::read(&kif::write(&record).unwrap()).unwrap(), record);
    // A side line removed with its line's end: the whole main
    // continuation of the start goes, with its end's side lines.
    let gone = record.remove_child(&[], 0).unwrap();
    assert_eq!(gone.end.unwrap().variations.len(), 1);
    assert_eq!(record.line_count(), 1);
}

#[test]
fn a_block_after_a_foul_replaces_the_foul_move() {
    // Black drops a pawn on the 7th file where its own pawn stands (二歩)
    // and loses; the block shows the move that should have been played.
    let text = "   1 ２六歩(27)\n   2 ８四歩(83)\n   3 ２五歩(26)\n   4 ８五歩(84)
   5 ２四歩(25)\n   6 同　歩(23)\n   7 同　飛(28)\n   8 ８六歩(85)
   9 ７五歩打\n  10 反則勝ち\n\n変化：9手\n   9 ８六歩(87)\n";
    let record = kif::read(text).unwrap();
    let end = record.end.as_ref().unwrap();
    assert_eq!(end.kind, EndKind::IllegalMove);
    assert_eq!(end.foul.as_ref().map(|f| f.mv), Some(mv("P*7e")));
    assert_eq!(end.variations.len(), 1);
    assert_eq!(
        record.children(&record.leaves()[0]).unwrap()[0].mv,
        mv("8g8f")
    );
    // The `+` goes on the foul move, the one the block replaces.
    let written = kif::write(&record).unwrap();
    assert!(written.contains("   9 ７五歩打+\n"), "{written}");
    assert!(written.contains("\n変化：9手\n"), "{written}");
    assert_eq!(kif::read(&written).unwrap(), record);
}

#[test]
fn a_bookmark_before_a_lines_first_move_is_kept_on_the_position_it_names() {
    // Before the main line's first move: the start's (ShogiHome writes
    // `&開始局面`); before a side line's first move: the position it
    // branches from, the move before it.
    let text = "手数----指手---------消費時間--
*before
&開始局面
   1 ７六歩(77)
   2 ３四歩(33)

変化：2手
&after 7g7f
   2 ８四歩(83)

変化：1手
&開始局面
   1 ２六歩(27)
";
    let record = kif::read(text).unwrap();
    assert_eq!(record.bookmark.as_deref(), Some("開始局面"));
    assert_eq!(record.comments, ["before"]);
    assert_eq!(record.moves[0].bookmark.as_deref(), Some("after 7g7f"));
    assert_eq!(record.line_count(), 3);
    let written = kif::write(&record).unwrap();
    assert!(
        written.contains("*before\n&開始局面\n   1 ７六歩(77)+\n"),
        "{written}"
    );
    assert_eq!(kif::read(&written).unwrap(), record);
    // Naming another bookmark for a position that has one is an error at
    // its line.
    for (changed, line) in [
        (
            text.replace("   1 ７六歩(77)\n   2", "   1 ７六歩(77)\n&main mark\n   2"),
            9,
        ),
        (
            text.replace("変化：1手\n&開始局面", "変化：1手\n&another"),
            12,
        ),
    ] {
        let e = kif::read(&changed).unwrap_err();
        assert!(e.to_string().contains("second bookmark"), "{changed}: {e}");
        assert_eq!(e.line, line, "{changed}: {e}");
    }
}

/// ShogiHome's test data (sunfish-shogi/tsshogi, `src/tests/jkf.spec.ts`,
/// "特殊な指し手のテスト"): blocks after the end `中断`. ShogiHome writes an
/// end line with `+` when a block follows it, as for a move (its
/// `exportKIF`, "Kifu for Windows にならい").
const SHOGIHOME_SPECIAL: &str = "手合割：平手
*特殊な指し手のテスト
   1 ２六歩(27)
   2 ３四歩(33)
   3 ７六歩(77)
   4 中断
変化：4手
   4 投了
変化：4手
   4 持将棋
変化：4手
   4 千日手
変化：4手
   4 反則勝ち
変化：4手
   4 ５四歩(53)
   5 持将棋
変化：5手
   5 反則負け";

#[test]
fn shogihome_blocks_after_an_end() {
    // The block of a move after the end reads, as ShogiHome's does.
    let lines: Vec<&str> = SHOGIHOME_SPECIAL.lines().collect();
    let with_moves = [&lines[..6], &lines[14..17]].concat().join("\n");
    let record = kif::read(&with_moves).unwrap();
    assert_eq!(
        record.end.as_ref().map(|e| e.kind),
        Some(EndKind::Interrupted)
    );
    let side = &record.end.as_ref().unwrap().variations[0];
    assert_eq!(side.moves[0].mv, mv("5c5d"));
    assert_eq!(side.end.as_ref().map(|e| e.kind), Some(EndKind::Jishogi));
    let text = kif::write(&record).unwrap();
    assert!(text.contains("   4 中断+\n"), "{text}");
    assert_eq!(kif::read(&text).unwrap(), record);
    // A block that is only another end (no move) has no node in the tree:
    // an error at its line, not a silent drop.
    let e = kif::read(SHOGIHOME_SPECIAL).unwrap_err();
    assert_eq!(e.line, 7, "{e}");
    assert!(e.to_string().contains("without a move"), "{e}");
}
