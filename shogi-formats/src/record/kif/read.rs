//! Reading a KIF record: its lines, each move line (the move, its origin
//! and time) checked in its position.

use super::super::{bod, MoveTime, Record, RecordError, RecordErrorKind};
use super::family::{classify, move_line, notation_error, Line, Preamble, Replay, END_NAMES};
use super::tree::{finish_record, open_variation, place_comment, TreeReader};
use shogi_core::notation::japanese::{self, digit_value};
use shogi_core::{Excerpt, Move, Square};

/// Reads `( m:ss/h:mm:ss)` and what may follow it (`+`, the mark of a
/// variation), or nothing.
fn parse_time_tail(n: usize, s: &str) -> Result<Option<MoveTime>, RecordError> {
    let s = s.trim();
    if s.is_empty() || s == "+" {
        return Ok(None);
    }
    let bad = || {
        RecordError::malformed(
            n,
            format!("'{}' is not a time like ( 0:01/00:00:01)", Excerpt(s)),
        )
    };
    let inner = s.strip_prefix('(').ok_or_else(bad)?;
    let (inner, after) = inner.split_once(')').ok_or_else(bad)?;
    if !matches!(after.trim(), "" | "+") {
        return Err(bad());
    }
    let (this, total) = match inner.split_once('/') {
        Some((a, b)) => (a, Some(b.trim())),
        None => (inner, None),
    };
    let seconds = clock(this).ok_or_else(bad)?;
    let total_seconds = match total {
        None | Some("") => None,
        Some(t) => Some(clock(t).ok_or_else(bad)?),
    };
    Ok(Some(MoveTime {
        seconds,
        total_seconds,
    }))
}

/// `m:ss` or `h:mm:ss` in seconds.
fn clock(s: &str) -> Option<u32> {
    let parts: Vec<&str> = s.trim().split(':').collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    parts.iter().try_fold(0u32, |acc, p| {
        acc.checked_mul(60)?.checked_add(bod::decimal(p.trim())?)
    })
}

/// Reads one move line (the text after the move number).
fn read_move(n: usize, text: &str, replay: &mut Replay) -> Result<(), RecordError> {
    if let Some((name, kind)) = END_NAMES.iter().find(|(name, _)| text.starts_with(name)) {
        let time = parse_time_tail(n, text.get(name.len()..).unwrap_or(""))?;
        return replay.end_with(*kind, time);
    }
    if replay.end.is_some() {
        return Err(RecordError::malformed(
            n,
            "a move after the end of the game",
        ));
    }
    if let Some(e) = replay.take_foul_error() {
        return Err(e);
    }
    let pos = &replay.pos;
    let word: String = text
        .split(|c: char| c.is_ascii_whitespace())
        .next()
        .unwrap_or(text)
        .to_owned();
    let illegal = || {
        RecordError::new(
            n,
            RecordErrorKind::IllegalMove {
                text: word.clone(),
                sfen: pos.to_sfen(),
            },
        )
    };
    let (parsed, rest) =
        japanese::parse_prefix(text, replay.last_to).map_err(|e| notation_error(n, e, pos))?;
    let (origin, rest) = match rest.strip_prefix('(') {
        Some(r) => {
            let mut chars = r.chars();
            let (Some(f), Some(k), Some(')')) = (chars.next(), chars.next(), chars.next()) else {
                return Err(RecordError::malformed(
                    n,
                    format!("'{}' has a malformed origin", Excerpt(&word)),
                ));
            };
            let from = digit_value(f)
                .zip(digit_value(k))
                .and_then(|(f, k)| Square::new(f, k))
                .ok_or_else(|| {
                    RecordError::malformed(
                        n,
                        format!("'{}' has a bad origin square", Excerpt(&word)),
                    )
                })?;
            (Some(from), chars.as_str())
        }
        None => (None, rest),
    };
    if !pos.geometry().contains(parsed.to) || origin.is_some_and(|f| !pos.geometry().contains(f)) {
        return Err(RecordError::malformed(
            n,
            format!("'{}' names a square off the board", Excerpt(&word)),
        ));
    }
    let mv = if parsed.drop {
        if origin.is_some() {
            return Err(RecordError::malformed(
                n,
                format!("'{}' is a drop with an origin", Excerpt(&word)),
            ));
        }
        Move::drop(parsed.kind, parsed.to).ok_or_else(illegal)?
    } else if let Some(from) = origin {
        // `成` is read; `不成` and nothing both decline.
        if pos.piece_at(from).map(|p| p.kind) != Some(parsed.kind)
            || parsed.side.is_some_and(|s| s != pos.side_to_move())
        {
            return Err(illegal());
        }
        Move::normal(from, parsed.to, parsed.promote == Some(true))
    } else {
        japanese::resolve(pos, &parsed, text.trim()).map_err(|e| notation_error(n, e, pos))?
    };
    let time = parse_time_tail(n, rest)?;
    if !pos.is_legal(mv) {
        let e = illegal();
        return replay.hold_foul(mv, time, e);
    }
    replay.play(mv, time);
    Ok(())
}

/// Reads a KIF record, with its variations. Every move of every line is
/// checked against the rules; errors carry the 1-based line number.
///
/// ```
/// use shogi_formats::record::{kif, header, EndKind, MoveTime};
/// let text = "先手：Habu
/// 後手：Tanigawa
/// 手数----指手---------消費時間--
///    1 ７六歩(77)   ( 0:16/00:00:16)
/// *a classic
///    2 ３四歩(33)   ( 0:02/00:00:02)
///    3 ２二角成(88) ( 0:03/00:00:19)
///    4 同　銀(31)   ( 0:01/00:00:03)
///    5 投了         ( 0:10/00:00:29)
/// まで4手で後手の勝ち
/// ";
/// let record = kif::read(text)?;
/// assert_eq!(record.header(header::BLACK), Some("Habu"));
/// assert_eq!(record.moves.len(), 4);
/// assert_eq!(record.moves[0].time, Some(MoveTime { seconds: 16, total_seconds: Some(16) }));
/// assert_eq!(record.moves[0].comments, ["a classic"]);
/// assert_eq!(record.moves[3].mv.to_string(), "3a2b");
/// assert_eq!(record.end.as_ref().map(|e| e.kind), Some(EndKind::Resign));
///
/// let err = kif::read(&text.replace("３四歩(33)", "３五歩(33)")).unwrap_err();
/// assert_eq!(err.line, 6);
/// # Ok::<(), shogi_formats::record::RecordError>(())
/// ```
pub fn read(text: &str) -> Result<Record, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut pre = Preamble::default();
    let mut remarks = Vec::new();
    let mut comments = Vec::new();
    let mut replay: Option<Replay> = None;
    let mut tree: Option<TreeReader> = None;
    let mut start_bookmark: Option<String> = None;
    let mut table = false;
    for (i, line) in super::super::lines(text).enumerate() {
        let n = i + 1;
        let t = match classify(line) {
            Line::Skip | Line::Summary(_) => continue,
            Line::Remark(r) => {
                remarks.push(r.to_owned());
                continue;
            }
            Line::Variation => {
                open_variation(&mut tree, &mut replay, &pre, n, line.trim())?;
                continue;
            }
            Line::TableHead => {
                table = true;
                continue;
            }
            Line::Bookmark(name) => {
                let second = || RecordError::malformed(n, "a second bookmark (&) on one move");
                // Before a line's first move: the position it starts from.
                let at_start = replay
                    .as_ref()
                    .is_none_or(|r| r.moves.is_empty() && r.foul.is_none() && r.end.is_none());
                if let Some(slot) = replay.as_mut().and_then(Replay::bookmark) {
                    if slot.is_some() {
                        return Err(second());
                    }
                    *slot = Some(name.to_owned());
                } else if at_start {
                    let slot = match tree.as_mut().and_then(TreeReader::branch_bookmark) {
                        Some(slot) => slot,
                        None => &mut start_bookmark,
                    };
                    match slot {
                        Some(b) if b != name => return Err(second()),
                        _ => *slot = Some(name.to_owned()),
                    }
                }
                continue;
            }
            Line::Comment(c) => {
                place_comment(&tree, &mut replay, &mut comments, n, c)?;
                continue;
            }
            Line::Other(t) => t,
        };
        let in_preamble = replay.is_none() && !table;
        if in_preamble && pre.take_diagram(n, line)? {
            continue;
        }
        if let Some(text) = move_line(t) {
            let r = match replay.as_mut() {
                Some(r) => r,
                None => replay.insert(Replay::new(&pre)?),
            };
            let t = tree.get_or_insert_with(|| TreeReader::new(r));
            let before = r.moves.len();
            read_move(n, text, r)?;
            t.read(r, before);
            continue;
        }
        if in_preamble && pre.take_header(n, line) {
            continue;
        }
        return Err(RecordError::malformed(
            n,
            format!("'{}' is not a line of a KIF record", Excerpt(t)),
        ));
    }
    let replay = match replay {
        Some(r) => r,
        None => Replay::new(&pre)?,
    };
    let mut record = finish_record(tree, replay, pre.headers, remarks, comments)?;
    record.bookmark = start_bookmark;
    Ok(record)
}
