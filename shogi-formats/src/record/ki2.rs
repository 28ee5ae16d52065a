//! KI2 records: the headers of KIF, then the moves in Japanese notation
//! ([`japanese`](shogi_core::notation::japanese)), several to a line:
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
//! remarks and `&` lines are read as in [`kif`](crate::record::kif). Each move starts with
//! `▲`/`△` (or `☗`/`☖`) and is resolved against the legal moves. KI2 has
//! no special moves: the end of the game is the `まで` summary line
//! (`まで64手で後手の勝ち` is a resignation, `まで10手で中断`, `封じ手` (read
//! as 中断), `入玉宣言` (the side to move declared), `千日手`, `持将棋`,
//! `詰み`, `不詰`, `時間切れにより先手の勝ち`,
//! `後手の反則勝ち`, `後手の反則負け`, `先手の入玉勝ち`, `先手の不戦勝`,
//! `先手の不戦敗`); its winner must fit the moves. The last move may be a
//! foul: an illegal move that names a piece its player has (a drop from
//! the hand, or a board move that the one piece of that kind able to reach
//! the square makes), followed by `…の反則負け` naming its player,
//! `…の反則勝ち` naming the other, or by nothing; it is kept as the
//! [`foul`](crate::record::RecordEnd::foul) of an
//! [`EndKind::IllegalMove`](crate::record::EndKind::IllegalMove) end. KI2
//! has no times: they are not written and read as `None`. Variations
//! (`変化：N手` blocks, each with its moves and `まで` line, as Kifu for
//! Windows writes them) are read into the tree as in KIF
//! ([`RecordMove::variations`](crate::record::RecordMove::variations)); the
//! writer writes the main line only: side lines and bookmarks are dropped
//! (KIF keeps them).

use super::kif::{
    classify, display_width, finish_record, notation_error, open_variation, parse_summary,
    place_comment, summary, write_comments, write_preamble, Line, Preamble, Replay, TreeReader,
};
use super::{Record, RecordError, WriteError};
use shogi_core::notation::japanese::{self, mark_side, parse_prefix};
use shogi_core::{Excerpt, Move, Position};

/// How many moves the writer puts on a line.
const MOVES_PER_LINE: usize = 6;

/// Reads a KI2 record. Every move is checked against the rules; errors
/// carry the 1-based line number.
///
/// ```
/// use shogi_formats::record::{ki2, EndKind};
/// let record = ki2::read("先手：Sente\n▲７六歩    △３四歩    ▲２二角成  △同　銀\nまで4手で後手の勝ち\n")?;
/// assert_eq!(record.moves.len(), 4);
/// assert_eq!(record.moves[2].mv.to_string(), "8h2b+");
/// assert_eq!(record.end.map(|e| e.kind), Some(EndKind::Resign));
/// let err = ki2::read("▲７六歩    △３四歩\n▲２二飛\n").unwrap_err();
/// assert_eq!(err.line, 2); // the rook cannot go there
/// # Ok::<(), shogi_formats::record::RecordError>(())
/// ```
pub fn read(text: &str) -> Result<Record, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut pre = Preamble::default();
    let mut remarks = Vec::new();
    let mut comments = Vec::new();
    let mut replay: Option<Replay> = None;
    let mut tree: Option<TreeReader> = None;
    for (i, line) in super::lines(text).enumerate() {
        let n = i + 1;
        let t = match classify(line) {
            Line::Skip | Line::Bookmark(_) | Line::TableHead => continue,
            Line::Remark(r) => {
                remarks.push(r.to_owned());
                continue;
            }
            Line::Variation => {
                open_variation(&mut tree, &mut replay, &pre, n, line.trim())?;
                continue;
            }
            Line::Comment(c) => {
                place_comment(&tree, &mut replay, &mut comments, n, c)?;
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
                let kind = parse_summary(n, rest, r.pos.side_to_move(), r.foul.is_some())?;
                r.end_with(kind, None)?;
                continue;
            }
            Line::Other(t) => t,
        };
        if t.starts_with(|c| mark_side(c).is_some()) {
            let r = match replay.as_mut() {
                Some(r) => r,
                None => replay.insert(Replay::new(&pre)?),
            };
            let tr = tree.get_or_insert_with(|| TreeReader::new(r));
            let before = r.moves.len();
            read_moves(n, t, r)?;
            tr.read_many(r, before);
            continue;
        }
        if replay.is_none() && (pre.take_diagram(n, line)? || pre.take_header(n, line)) {
            continue;
        }
        return Err(RecordError::malformed(
            n,
            format!("'{}' is not a line of a KI2 record", Excerpt(t)),
        ));
    }
    let replay = match replay {
        Some(r) => r,
        None => Replay::new(&pre)?,
    };
    finish_record(tree, replay, pre.headers, remarks, comments)
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
        if let Some(e) = replay.take_foul_error() {
            return Err(e);
        }
        match japanese::read(&replay.pos, token, replay.last_to) {
            Ok(mv) => replay.play(mv, None),
            Err(e) => {
                let error = notation_error(n, e, &replay.pos);
                match foul_move(&replay.pos, token, replay.last_to) {
                    Some(mv) => replay.hold_foul(mv, None, error)?,
                    None => return Err(error),
                }
            }
        }
    }
    Ok(())
}

/// The illegal move `token` describes, if it can be told: a drop (`打`, or
/// no piece of that kind on the board can reach the square), or the move of
/// the one piece of that kind that attacks the square, without
/// disambiguation words.
fn foul_move(pos: &Position, token: &str, last_to: Option<shogi_core::Square>) -> Option<Move> {
    let (p, rest) = parse_prefix(token, last_to).ok()?;
    if !rest.trim().is_empty() || p.side.is_some_and(|s| s != pos.side_to_move()) {
        return None;
    }
    if !pos.geometry().contains(p.to) {
        return None;
    }
    let us = pos.side_to_move();
    let origins: Vec<_> = pos
        .attackers_to(p.to, us, pos.occupied())
        .into_iter()
        .filter(|&sq| pos.piece_at(sq).map(|q| q.kind) == Some(p.kind))
        .collect();
    if p.drop || (origins.is_empty() && p.promote.is_none()) {
        return Move::drop(p.kind, p.to);
    }
    if p.horizontal.is_some() || p.vertical.is_some() {
        return None;
    }
    match origins.as_slice() {
        [from] => Some(Move::normal(*from, p.to, p.promote == Some(true))),
        _ => None,
    }
}

/// Writes a record as KI2: a `#KI2` line, the remarks as `#` lines, the
/// headers, a BOD diagram if the start position is not the one the headers
/// imply, the moves in Japanese notation six to a line (a line ends after
/// a move with comments, which follow it; `不成` is written where the
/// notation needs it), a foul move last, then the `まで` summary line of
/// the end and its comments. Times are not written.
///
/// A draw by agreement ([`EndKind::Draw`](super::EndKind::Draw), CSA
/// `%HIKIWAKE`) is summed up `まで…手で持将棋`, as ShogiHome and cshogi write
/// it (KI2 has no other word for a draw), and reads back as
/// [`EndKind::Jishogi`](super::EndKind::Jishogi).
///
/// Fails ([`WriteError`]) if a move is illegal, if the end has no summary
/// in KI2 ([`EndKind::MaxMoves`](super::EndKind::MaxMoves)) or if a header
/// key cannot be written so that it reads back. Any header value is written.
///
/// ```
/// use shogi_formats::record::{ki2, Record, RecordMove, RecordEnd, EndKind};
/// use shogi_core::Setup;
/// let mut record = Record::new(Setup::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")?);
/// for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
///     record.moves.push(RecordMove::new(usi.parse()?));
/// }
/// record.end = Some(RecordEnd::new(EndKind::Resign));
/// let text = ki2::write(&record)?;
/// assert!(text.contains("▲７六歩    △３四歩    ▲２二角成  △同　銀\nまで4手で後手の勝ち\n"));
/// assert_eq!(ki2::read(&text)?, record);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(record: &Record) -> Result<String, WriteError> {
    let positions = record.positions_to_write()?;
    let summary_line = match &record.end {
        Some(end) => Some(summary(record, end).ok_or_else(|| WriteError::Unsupported {
            format: "KI2",
            what: format!("the end {:?}", end.kind),
        })?),
        None => None,
    };
    let mut out = String::from("#KI2 version=2.0 encoding=UTF-8\n");
    write_preamble(record, "KI2", &mut out)?;
    write_comments(&record.comments, &mut out);
    let mut last_to = None;
    let mut line = String::new();
    let mut on_line = 0;
    for (m, pos) in record.moves_to_write(&positions) {
        let text = japanese::write(pos, m.mv, last_to);
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
        last_to = Some(m.mv.to());
    }
    if on_line > 0 {
        out.push_str(&line);
        out.push('\n');
    }
    if let (Some(end), Some(text)) = (&record.end, summary_line) {
        out.push_str(&text);
        out.push('\n');
        write_comments(&end.comments, &mut out);
    }
    Ok(out)
}
