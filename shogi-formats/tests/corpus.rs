//! Real records from public repositories (`tests/data/corpus/`, each
//! file's source in `SOURCES.md` there), written by Kifu for Windows,
//! ShogiHome, Shogidokoro, Kifu for iPhone, shogidb2, CSA servers
//! (floodgate) and others, in UTF-8, Shift_JIS and EUC-JP.
//!
//! Each file must be told apart by [`Format::detect`] (its extension says
//! the format), read, written back in its format and read again to an equal
//! record, and written in the two other formats and read again with the
//! same moves, end and comments (what each format can hold).

mod common;

use shogi_formats::record::{EndKind, Format, Record};
use std::path::Path;

use common::{corpus, format_of, name, read};

/// Runs `check` on every file, and fails with every file it failed on.
fn for_every_file(check: impl Fn(&Path)) {
    let failures: Vec<String> = corpus()
        .iter()
        .filter_map(|path| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(path)))
                .err()
                .map(|e| {
                    e.downcast_ref::<String>()
                        .cloned()
                        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_else(|| name(path))
                })
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_corpus_is_a_few_dozen_varied_small_files() {
    let files = corpus();
    assert!(files.len() >= 36, "{} files", files.len());
    let total: u64 = files
        .iter()
        .map(|p| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0))
        .sum();
    assert!(total < 2_000_000, "{total} bytes");
    let sources = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus/SOURCES.md"),
    )
    .unwrap_or_default();
    for path in &files {
        let file = path.file_name().and_then(|f| f.to_str()).unwrap_or("");
        assert!(sources.contains(file), "{file} has no source in SOURCES.md");
    }
}

#[test]
fn every_file_is_told_apart_by_its_structure() {
    for_every_file(|path| {
        let text = common::corpus_text(path);
        assert_eq!(
            Some(Format::detect(&text)),
            format_of(path),
            "{}",
            name(path)
        );
    });
}

#[test]
fn every_file_reads_and_writes_back_to_an_equal_record() {
    for_every_file(|path| {
        let path = path.to_path_buf();
        let record = read(&path);
        let format = format_of(&path).unwrap_or(Format::Kif);
        let text = format
            .write(&record)
            .unwrap_or_else(|e| panic!("{}: {e}", name(&path)));
        let back = format
            .read(&text)
            .unwrap_or_else(|e| panic!("{}: {e}\n{text}", name(&path)));
        // KI2's writer writes the main line (its reader reads 変化 too).
        let expected = if format == Format::Ki2 {
            main_line_only(&record)
        } else {
            record
        };
        assert_eq!(back, expected, "{}\n{text}", name(&path));
    });
}

/// `record` without its side lines.
fn main_line_only(record: &Record) -> Record {
    let mut r = record.clone();
    for m in &mut r.moves {
        m.variations.clear();
    }
    if let Some(end) = &mut r.end {
        end.variations.clear();
    }
    r
}

/// Kifu for Windows' KI2 with 変化 blocks reads to the same tree as its KIF
/// of the same game (kifu-for-js/fork.ki2 and fork.kif).
#[test]
fn ki2_variations_read_as_kif_ones() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus/kifu-for-js");
    let ki2 = read(&dir.join("fork.ki2"));
    let kif = read(&dir.join("fork.kif"));
    let moves = |r: &Record| r.leaves();
    assert_eq!(moves(&ki2), moves(&kif));
    assert!(moves(&ki2).len() > 5);
}

/// What every format keeps of a record: the start, the moves, the end (KI2
/// has no words for some ends and CSA has no 不詰 in V2), the foul and the
/// comments.
fn essence(record: &Record) -> impl PartialEq + std::fmt::Debug {
    (
        record.start.to_sfen(),
        record
            .moves
            .iter()
            .map(|m| (m.mv, m.comments.clone()))
            .collect::<Vec<_>>(),
        record.comments.clone(),
        record.end.as_ref().map(|e| {
            (
                e.kind,
                e.comments.clone(),
                e.foul.as_ref().map(|f| (f.mv, f.comments.clone())),
            )
        }),
    )
}

#[test]
fn every_file_converts_to_the_other_formats() {
    for_every_file(|path| {
        let path = path.to_path_buf();
        let record = read(&path);
        for to in [Format::Kif, Format::Ki2, Format::Csa] {
            if to == Format::Csa && record.start.files != 9 {
                continue;
            }
            let text = to
                .write(&record)
                .unwrap_or_else(|e| panic!("{} as {to:?}: {e}", name(&path)));
            let back = to
                .read(&text)
                .unwrap_or_else(|e| panic!("{} as {to:?}: {e}\n{text}", name(&path)));
            let mut expected = record.clone();
            if to == Format::Ki2 {
                // KI2's summary line has no comments before it: the end's
                // comments stay, the moves' stay.
                for m in &mut expected.moves {
                    m.time = None;
                }
            }
            assert_eq!(
                essence(&back),
                essence(&expected),
                "{} as {to:?}\n{text}",
                name(&path)
            );
            assert_eq!(back.remarks, record.remarks, "{} as {to:?}", name(&path));
        }
    });
}

#[test]
fn the_ends_of_the_corpus_are_read() {
    let end = |file: &str| {
        let path = corpus()
            .into_iter()
            .find(|p| p.ends_with(file))
            .unwrap_or_else(|| panic!("{file} is not in the corpus"));
        read(&path)
            .end
            .map(|e| (e.kind, e.foul.map(|f| f.mv.to_string())))
    };
    assert_eq!(
        end("kifu-for-js/illegal.kif"),
        Some((EndKind::IllegalMove, None))
    );
    assert_eq!(
        end("kifu-for-js/illegal_win.csa"),
        Some((EndKind::IllegalMoveWin, None))
    );
    assert_eq!(
        end("kifu-for-js/fuujite.ki2u"),
        Some((EndKind::Interrupted, None))
    );
    // 81Dojo: `Time-up`; an illegal last move with `*反則手にて終局`.
    assert_eq!(
        end("mog-core-scala/kif_002.kif"),
        Some((EndKind::Timeout, None))
    );
    assert_eq!(
        end("mog-core-scala/kif_014.kif"),
        Some((EndKind::IllegalMove, Some("B*5c".to_owned())))
    );
    assert_eq!(
        end("mog-core-scala/kif_015.kif"),
        Some((EndKind::IllegalMove, Some("2h1g".to_owned())))
    );
    // 王手放置 (leaving the king in check), then 反則勝ち.
    assert!(matches!(
        end("mog-core-scala/kif_017.kif"),
        Some((EndKind::IllegalMove, Some(_)))
    ));
    // 投了 then 中断: the first ended the game.
    assert_eq!(
        end("mog-core-scala/kif_012.kif"),
        Some((EndKind::Resign, None))
    );
    assert_eq!(
        end("mog-core-scala/csa_002.csa"),
        Some((EndKind::Jishogi, None))
    );
}

/// `record` without what JKF has no place for: remarks, bookmarks (on the
/// start and on every move of every line) and the start's move number.
fn without_remarks_and_bookmarks(record: &Record) -> Record {
    fn strip(moves: &mut [shogi_formats::record::RecordMove]) {
        for m in moves {
            m.bookmark = None;
            for line in &mut m.variations {
                strip(&mut line.moves);
                if let Some(end) = &mut line.end {
                    strip_end(end);
                }
            }
        }
    }
    fn strip_end(end: &mut shogi_formats::record::RecordEnd) {
        for line in &mut end.variations {
            strip(&mut line.moves);
            if let Some(end) = &mut line.end {
                strip_end(end);
            }
        }
    }
    let mut r = record.clone();
    r.remarks.clear();
    r.bookmark = None;
    r.start.move_number = 1;
    strip(&mut r.moves);
    if let Some(end) = &mut r.end {
        strip_end(end);
    }
    r
}

/// `record` with every time that has no total given one: the mover's
/// times along its line so far, this one's included (JKF needs a total).
fn with_totals(record: &Record) -> Record {
    use shogi_core::Color;
    use shogi_formats::record::{MoveTime, RecordEnd, RecordMove};
    fn fill(time: &mut Option<MoveTime>, spent: &mut [u32; 2], mover: Color) {
        let s = &mut spent[mover.index()];
        *s += time.map_or(0, |t| t.seconds);
        if let Some(t) = time {
            t.total_seconds = t.total_seconds.or(Some(*s));
        }
    }
    fn line(moves: &mut [RecordMove], end: &mut Option<RecordEnd>, side: Color, spent: [u32; 2]) {
        let (mut side, mut spent) = (side, spent);
        for m in moves {
            for v in &mut m.variations {
                line(&mut v.moves, &mut v.end, side, spent);
            }
            fill(&mut m.time, &mut spent, side);
            side = side.opponent();
        }
        if let Some(end) = end {
            for v in &mut end.variations {
                line(&mut v.moves, &mut v.end, side, spent);
            }
            if let Some(foul) = &mut end.foul {
                fill(&mut foul.time, &mut spent, side);
                side = side.opponent();
            }
            fill(&mut end.time, &mut spent, side);
        }
    }
    let mut r = record.clone();
    let side = r.start.side_to_move;
    line(&mut r.moves, &mut r.end, side, [0, 0]);
    r
}

/// KIF → JKF → KIF keeps the whole tree: every file of the 9 × 9 corpus
/// written as JKF reads back to the same record (headers, start, moves,
/// times, comments, variations, ends and fouls), but what JKF has no place
/// for, and with the totals JKF needs; and the KIF written from that reads
/// back to what KIF keeps of the file.
#[test]
fn every_file_converts_to_jkf_and_back() {
    let converted = std::sync::atomic::AtomicUsize::new(0);
    for_every_file(|path| {
        let record = read(path);
        if record.start.files != 9 {
            let e = Format::Jkf.write(&record).unwrap_err();
            assert!(
                e.to_string().contains("JKF cannot hold"),
                "{}: {e}",
                name(path)
            );
            return;
        }
        let expected = with_totals(&without_remarks_and_bookmarks(&record));
        let text = Format::Jkf
            .write(&record)
            .unwrap_or_else(|e| panic!("{} as JKF: {e}", name(path)));
        assert_eq!(Format::detect(&text), Format::Jkf, "{}", name(path));
        let back = Format::Jkf
            .read(&text)
            .unwrap_or_else(|e| panic!("{} as JKF: {e}\n{text}", name(path)));
        assert_eq!(back, expected, "{}\n{text}", name(path));
        let kif = Format::Kif
            .write(&back)
            .unwrap_or_else(|e| panic!("{} JKF -> KIF: {e}", name(path)));
        let again = Format::Kif
            .read(&kif)
            .unwrap_or_else(|e| panic!("{} JKF -> KIF: {e}\n{kif}", name(path)));
        // What KIF alone keeps of the file (a header value's edge spaces are
        // not among it).
        let kif_only = Format::Kif
            .write(&record)
            .and_then(|t| Format::Kif.read(&t).map_err(|e| panic!("{e}")))
            .unwrap_or_else(|e| panic!("{} as KIF: {e}", name(path)));
        assert_eq!(
            without_remarks_and_bookmarks(&again),
            with_totals(&without_remarks_and_bookmarks(&kif_only)),
            "{}",
            name(path)
        );
        converted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    });
    let n = converted.into_inner();
    assert!(n >= 60, "{n} files converted");
}

/// The moves of a record's tree and the ends USEN names (resignation, time
/// out, jishogi and a draw as jishogi, interruption), side lines included.
fn usen_shape(record: &Record) -> String {
    use shogi_formats::record::{Line, RecordEnd, RecordMove};
    fn line(moves: &[RecordMove], end: Option<&RecordEnd>, out: &mut String) {
        for m in moves {
            out.push_str(&format!(" {}", m.mv));
            for v in &m.variations {
                out.push_str(" (");
                side(v, out);
                out.push(')');
            }
        }
        if let Some(end) = end {
            let kind = match end.kind {
                EndKind::Draw => Some(EndKind::Jishogi),
                k @ (EndKind::Resign
                | EndKind::Timeout
                | EndKind::Jishogi
                | EndKind::Interrupted) => Some(k),
                _ => None,
            };
            if let Some(kind) = kind {
                out.push_str(&format!(" {}", kind.name()));
            }
            for v in &end.variations {
                out.push_str(" (");
                side(v, out);
                out.push(')');
            }
        }
    }
    fn side(l: &Line, out: &mut String) {
        line(&l.moves, l.end.as_ref(), out);
    }
    let mut out = String::new();
    line(&record.moves, record.end.as_ref(), &mut out);
    out
}

/// Every 9 × 9 record of the corpus without a foul converts to USEN and
/// back with its start, moves, side lines and the ends USEN names.
#[test]
fn every_file_converts_to_usen_and_back() {
    use shogi_formats::record::usen;
    let converted = std::sync::atomic::AtomicUsize::new(0);
    for_every_file(|path| {
        let record = read(path);
        let foul = record.end.as_ref().is_some_and(|e| e.foul.is_some());
        if record.start.files != 9 || foul {
            assert!(usen::write(&record).is_err(), "{}", name(path));
            return;
        }
        let text = usen::write(&record).unwrap_or_else(|e| panic!("{} as USEN: {e}", name(path)));
        let back =
            usen::read(&text).unwrap_or_else(|e| panic!("{} as USEN: {e}\n{text}", name(path)));
        let mut start = record.start.clone();
        start.move_number = 1;
        assert_eq!(back.start, start, "{}", name(path));
        assert_eq!(
            usen_shape(&back),
            usen_shape(&record),
            "{}\n{text}",
            name(path)
        );
        converted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    });
    let n = converted.into_inner();
    assert!(n >= 55, "{n} files converted");
}
