//! Real tsume (mate problem) records from public repositories
//! (`tests/data/tsume/`, sources in `SOURCES.md` there): KIF, KI2 and CSA
//! files whose attacker has no king. Each reads, its start is a problem
//! position (no Black king, the defender holding the rest of the pieces),
//! its solution replays legally and ends in checkmate, and it writes back
//! and reads again to the same game. The defender's hand written out,
//! given as `残り全部`, or left out reads the same.

use shogi_core::{Color, PieceKind, Position, Variant};
use shogi_formats::record::{Format, Record};
use shogi_variants::Standard;
use std::path::{Path, PathBuf};

fn files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tsume");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| format_of(p).is_some())
        .collect();
    out.sort();
    out
}

fn format_of(path: &Path) -> Option<Format> {
    match path.extension()?.to_str()? {
        "kif" | "kifu" => Some(Format::Kif),
        "ki2" => Some(Format::Ki2),
        "csa" => Some(Format::Csa),
        _ => None,
    }
}

/// UTF-8, else Shift_JIS.
fn text_of(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match String::from_utf8(bytes.clone()) {
        Ok(s) => s,
        Err(_) => encoding_rs::SHIFT_JIS
            .decode_without_bom_handling_and_without_replacement(&bytes)
            .unwrap_or_else(|| panic!("{}: neither UTF-8 nor Shift_JIS", path.display()))
            .into_owned(),
    }
}

fn read(path: &Path, text: &str) -> Record {
    let format = format_of(path).unwrap_or(Format::Kif);
    format
        .read(text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The problem's start: no attacker king, and every piece of the set on
/// the board or in a hand.
fn assert_problem_start(path: &Path, start: &Position) {
    assert_eq!(start.king(Color::Black), None, "{}", path.display());
    assert!(start.king(Color::White).is_some(), "{}", path.display());
    let pieces = Standard::default().piece_set();
    for kind in PieceKind::HAND {
        let on_board = start
            .to_setup()
            .board
            .iter()
            .flatten()
            .filter(|p| p.kind.unpromote() == kind)
            .count();
        let in_hands: usize = Color::ALL
            .iter()
            .map(|&c| usize::from(start.hand(c).count(kind)))
            .sum();
        assert_eq!(
            on_board + in_hands,
            usize::from(pieces.max(kind)),
            "{}: {kind:?}",
            path.display()
        );
    }
}

/// Whether the defender, to move in check at `pos`, is mated but for
/// futile interpositions (無駄合): every reply it has (in the file, a
/// piece put between) is met by a mate at once. Composers end their
/// solutions there and do not count those moves (the mate in 49 of the KI2
/// file ends so); under the game's rules each is a move.
fn only_futile_interpositions(pos: &Position) -> bool {
    pos.is_check()
        && pos.legal_moves().iter().all(|&reply| {
            let mut after = pos.clone();
            after.play_unchecked(reply);
            after.legal_moves().iter().any(|&mate| {
                let mut end = after.clone();
                end.play_unchecked(mate);
                end.is_checkmate()
            })
        })
}

#[test]
fn real_tsume_records_read_as_problems_and_their_solutions_mate() {
    let files = files();
    assert!(files.len() >= 7, "{files:?}");
    for path in &files {
        let record = read(path, &text_of(path));
        let start = record
            .start_position()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_problem_start(path, &start);
        // The solution: legal, every attacker move a check, mate at the end.
        let positions = record
            .positions()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(record.moves.len() % 2 == 1, "{}", path.display());
        for (i, pos) in positions.iter().enumerate().skip(1) {
            if i % 2 == 1 {
                assert!(
                    pos.is_check(),
                    "{}: move {i} gives no check",
                    path.display()
                );
            }
        }
        let end = positions.last().expect("the start at least");
        assert!(
            end.is_checkmate() || only_futile_interpositions(end),
            "{}: {}",
            path.display(),
            end.to_sfen()
        );
        // A game of the rules, and back to every format.
        let game = record
            .to_game(Standard::default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(game.position(), end);
        for format in [Format::Kif, Format::Ki2, Format::Csa] {
            let text = format
                .write(&record)
                .unwrap_or_else(|e| panic!("{} as {format:?}: {e}", path.display()));
            let again = format
                .read(&text)
                .unwrap_or_else(|e| panic!("{} as {format:?}: {e}\n{text}", path.display()));
            assert_eq!(
                again.start_position().ok(),
                Some(start.clone()),
                "{}",
                path.display()
            );
            assert_eq!(
                again.moves.iter().map(|m| m.mv).collect::<Vec<_>>(),
                record.moves.iter().map(|m| m.mv).collect::<Vec<_>>(),
                "{} as {format:?}",
                path.display()
            );
        }
    }
}

/// The KIF problems with their defender's hand given as `残り全部`, or
/// with the line left out, read to the same start.
#[test]
fn the_defenders_hand_written_out_as_the_rest_or_left_out_reads_the_same() {
    let mut checked = 0;
    for path in files().iter().filter(|p| format_of(p) == Some(Format::Kif)) {
        let text = text_of(path);
        let Some(line) = text.lines().find(|l| l.starts_with("後手の持駒")) else {
            continue;
        };
        let start = read(path, &text).start_position().expect("the file reads");
        let rest = text.replace(line, "後手の持駒：残り全部");
        let gone = text
            .replace(&format!("{line}\n"), "")
            .replace(&format!("{line}\r\n"), "");
        assert_ne!(gone, text, "{}", path.display());
        for variant in [rest, gone] {
            let again = read(path, &variant).start_position();
            assert_eq!(again.ok(), Some(start.clone()), "{}", path.display());
        }
        checked += 1;
    }
    assert!(checked >= 4, "{checked}");
}
