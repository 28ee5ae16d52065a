//! KI2 records: the headers of KIF, then the moves in Japanese notation
//! ([`japanese`](crate::notation::japanese)), several to a line:
//!
//! ```text
//! 手合割：平手
//! 先手：Sente
//! 後手：Gote
//! ▲７六歩    △３四歩    ▲２二角成  △同　銀
//! *a comment on △同　銀
//! まで4手で後手の勝ち
//! ```
//!
//! Headers, the start position (BOD diagram or `手合割`), `*` comments, `#`
//! and `&` lines are read as in [`kif`](crate::record::kif). Each move starts with
//! `▲`/`△` (or `☗`/`☖`) and is resolved against the legal moves. KI2 has
//! no special moves: the end of the game is the `まで` summary line
//! (`まで64手で後手の勝ち` is a resignation, `まで10手で中断`, `千日手`,
//! `持将棋`, `詰み`, `不詰`, `時間切れにより先手の勝ち`, `後手の反則勝ち`,
//! `後手の反則負け`, `先手の入玉勝ち`); its winner must fit the moves. KI2
//! has no times: they are not written and read as `None`. Reading stops at
//! the first variation (`変化：`).

use super::kif::{
    classify, display_width, notation_error, parse_summary, summary, write_comments,
    write_preamble, Line, Preamble, Replay,
};
use super::{Record, RecordEnd, RecordError, RecordErrorKind};
use crate::notation::japanese::{self, mark_side};

/// How many moves the writer puts on a line.
const MOVES_PER_LINE: usize = 6;

/// Reads a KI2 record. Every move is checked against the rules; errors
/// carry the 1-based line number.
///
/// ```
/// use shogi_core::record::{ki2, EndKind};
/// let record = ki2::read("先手：Sente\n▲７六歩    △３四歩    ▲２二角成  △同　銀\nまで4手で後手の勝ち\n")?;
/// assert_eq!(record.moves.len(), 4);
/// assert_eq!(record.moves[2].mv.to_string(), "8h2b+");
/// assert_eq!(record.end.map(|e| e.kind), Some(EndKind::Resign));
/// let err = ki2::read("▲７六歩    △３四歩\n▲２二飛\n").unwrap_err();
/// assert_eq!(err.line, 2); // the rook cannot go there
/// # Ok::<(), shogi_core::record::RecordError>(())
/// ```
pub fn read(text: &str) -> Result<Record, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut pre = Preamble::default();
    let mut comments = Vec::new();
    let mut replay: Option<Replay> = None;
    for (i, line) in super::lines(text).enumerate() {
        let n = i + 1;
        let t = match classify(line) {
            Line::Skip | Line::TableHead => continue,
            Line::Variation => break,
            Line::Comment(c) => {
                match replay.as_mut().and_then(Replay::comments) {
                    Some(list) => list.push(c.to_owned()),
                    None => comments.push(c.to_owned()),
                }
                continue;
            }
            Line::Summary(rest) => {
                let r = match replay.as_mut() {
                    Some(r) => r,
                    None => replay.insert(Replay::new(&pre)?),
                };
                if r.end.is_some() {
                    return Err(RecordError::malformed(n, "a second まで line"));
                }
                let kind = parse_summary(n, rest, r.pos.side_to_move())?;
                r.end = Some(RecordEnd {
                    kind,
                    time: None,
                    comments: Vec::new(),
                });
                continue;
            }
            Line::Other(t) => t,
        };
        if t.starts_with(|c| mark_side(c).is_some()) {
            let r = match replay.as_mut() {
                Some(r) => r,
                None => replay.insert(Replay::new(&pre)?),
            };
            read_moves(n, t, r)?;
            continue;
        }
        if replay.is_none() && (pre.take_diagram(n, line)? || pre.take_header(n, line)) {
            continue;
        }
        return Err(RecordError::malformed(
            n,
            format!("'{t}' is not a line of a KI2 record"),
        ));
    }
    let replay = match replay {
        Some(r) => r,
        None => Replay::new(&pre)?,
    };
    Ok(replay.into_record(pre.headers, comments))
}

/// Reads the moves of one line, each starting with its side mark.
fn read_moves(n: usize, t: &str, replay: &mut Replay) -> Result<(), RecordError> {
    let starts: Vec<usize> = t
        .char_indices()
        .filter(|&(_, c)| mark_side(c).is_some())
        .map(|(i, _)| i)
        .collect();
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(t.len());
        let token = t.get(start..end).unwrap_or("").trim();
        if replay.end.is_some() {
            return Err(RecordError::malformed(
                n,
                "a move after the end of the game",
            ));
        }
        let mv = japanese::read(&replay.pos, token, replay.last_to)
            .map_err(|e| notation_error(n, e, &replay.pos))?;
        replay.play(mv, None);
    }
    Ok(())
}

/// Writes a record as KI2: a `#KI2` line, the headers, a BOD diagram if the
/// start position is not the one the headers imply, the moves in Japanese
/// notation six to a line (a line ends after a move with comments, which
/// follow it), then the `まで` summary line of the end and its comments.
/// Times are not written.
///
/// Fails if a move is illegal, if the end has no summary in KI2
/// ([`EndKind::MaxMoves`](super::EndKind::MaxMoves),
/// [`EndKind::Draw`](super::EndKind::Draw)) or if a header cannot be
/// written so that it reads back.
///
/// ```
/// use shogi_core::record::{ki2, Record, RecordMove, RecordEnd, EndKind};
/// use shogi_core::Setup;
/// let mut record = Record::new(Setup::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")?);
/// for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
///     record.moves.push(RecordMove::new(usi.parse()?));
/// }
/// record.end = Some(RecordEnd { kind: EndKind::Resign, time: None, comments: vec![] });
/// let text = ki2::write(&record)?;
/// assert!(text.contains("▲７六歩    △３四歩    ▲２二角成  △同　銀\nまで4手で後手の勝ち\n"));
/// assert_eq!(ki2::read(&text)?, record);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(record: &Record) -> Result<String, RecordError> {
    let mut out = String::from("#KI2 version=2.0 encoding=UTF-8\n");
    write_preamble(record, &mut out)?;
    write_comments(&record.comments, &mut out);
    let mut pos = record.start_position()?;
    let mut last_to = None;
    let mut line = String::new();
    let mut on_line = 0;
    for m in &record.moves {
        if !pos.is_legal(m.mv) {
            return Err(RecordError::new(
                0,
                RecordErrorKind::IllegalMove {
                    text: m.mv.to_string(),
                    sfen: pos.to_sfen(),
                },
            ));
        }
        let text = japanese::write(&pos, m.mv, last_to);
        if on_line > 0 {
            let pad = (12usize * on_line)
                .saturating_sub(display_width(&line))
                .max(1);
            line.push_str(&" ".repeat(pad));
        }
        line.push_str(&text);
        on_line += 1;
        if on_line == MOVES_PER_LINE || !m.comments.is_empty() {
            out.push_str(&line);
            out.push('\n');
            line.clear();
            on_line = 0;
            write_comments(&m.comments, &mut out);
        }
        pos.play_unchecked(m.mv);
        last_to = Some(m.mv.to());
    }
    if on_line > 0 {
        out.push_str(&line);
        out.push('\n');
    }
    if let Some(end) = &record.end {
        let text = summary(record, end.kind).ok_or_else(|| {
            RecordError::new(
                0,
                RecordErrorKind::Unsupported(format!("the end {:?} in KI2", end.kind)),
            )
        })?;
        out.push_str(&text);
        out.push('\n');
        write_comments(&end.comments, &mut out);
    }
    Ok(out)
}
