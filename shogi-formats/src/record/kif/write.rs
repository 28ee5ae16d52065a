//! Writing a record as KIF: the main line, then every side line as a
//! `変化：N手` block, in the order Kifu for Windows writes them.

use super::super::{EndKind, MoveTime, Record, RecordEnd, RecordErrorKind, RecordMove, WriteError};
use super::family::{display_width, end_name, summary_after, write_comments, write_preamble};
use shogi_core::notation::japanese::{self, Style};
use shogi_core::{Move, Position, Square};

/// Writes a record as KIF: a `#KIF` line, the remarks as `#` lines, the
/// headers, a BOD diagram if the start position is not the one the headers
/// imply, the table head, the moves with their origins, times and comments,
/// the special move that ends the game and a `まで` summary line, then every
/// side line as a `変化：N手` block (see the [module](crate::record::kif)). A declined
/// promotion is written as Kifu for Windows writes it, without `不成`
/// (`２二角(88)`). A foul move is written as a move, followed by `反則勝ち`
/// (the side to move after it wins).
///
/// Any header value and comment is written (a value with line breaks on
/// one line, a comment with line breaks as several comment lines). Fails
/// ([`WriteError`]) if a move is illegal (of a side line:
/// [`WriteError::IllegalSideMove`]), if a node has two children with the same
/// move, a side line no move or a variation hangs on a side line's first
/// move (the tree cannot be written so that it reads back), if the record ends in a way KIF
/// cannot say ([`EndKind::MaxMoves`]; a draw by agreement, [`EndKind::Draw`],
/// is written `持将棋`, see the [module](crate::record::kif)) or if a header key
/// cannot be written so that it reads back (a name that is a line of
/// another kind).
///
/// ```
/// use shogi_formats::record::{kif, Record, RecordMove, MoveTime};
/// use shogi_core::Setup;
/// let mut record = Record::new(Setup::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1")?);
/// record.headers.push(("handicap".into(), "5五将棋".into()));
/// let mut first = RecordMove::new("5d5c".parse()?);
/// first.time = Some(MoveTime { seconds: 3, total_seconds: Some(3) });
/// record.moves.push(first);
/// let text = kif::write(&record)?;
/// assert!(text.contains("手合割：5五将棋\n"));
/// assert!(text.contains("   1 ５三歩(54)   ( 0:03/00:00:03)\n"));
/// assert_eq!(kif::read(&text)?, record);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(record: &Record) -> Result<String, WriteError> {
    let positions = record.positions_to_write()?;
    let mut out = String::from("#KIF version=2.0 encoding=UTF-8\n");
    write_preamble(record, "KIF", &mut out)?;
    out.push_str("手数----指手---------消費時間--\n");
    write_comments(&record.comments, &mut out);
    write_bookmark(record.bookmark.as_ref(), &mut out);
    let start = positions
        .first()
        .cloned()
        .ok_or_else(|| WriteError::Start(RecordErrorKind::Malformed("no start".into())))?;
    let writer = LineWriter {
        record,
        first_number: u64::from(record.start.move_number.max(1)),
    };
    let main = LineAt {
        moves: &record.moves,
        end: record.end.as_ref(),
        ply: 0,
        pos: start,
        last_to: None,
        path: Vec::new(),
        sibling_follows: false,
    };
    writer.line(&mut out, main, true)?;
    Ok(out)
}

/// A line to write and where it starts.
struct LineAt<'a> {
    moves: &'a [RecordMove],
    end: Option<&'a RecordEnd>,
    /// How many moves come before its first.
    ply: usize,
    /// The position before its first move, and the last move's destination.
    pos: Position,
    last_to: Option<Square>,
    /// The moves from the start to `pos`.
    path: Vec<Move>,
    /// Whether another variation at the same move comes after it (its
    /// first move gets the `+` mark).
    sibling_follows: bool,
}

/// Writes the lines of a record, each followed by the variations that
/// branch from it, latest move first, as Kifu for Windows orders them.
struct LineWriter<'a> {
    record: &'a Record,
    first_number: u64,
}

/// Refuses side lines that KIF could not read back: one without a move,
/// or two beginning with the same move at one position (`seen` holds the
/// moves already there: the main continuation, if any).
fn distinct_first_moves(
    mut seen: Vec<Move>,
    lines: &[super::super::Line],
) -> Result<(), WriteError> {
    for v in lines {
        let Some(first) = v.moves.first() else {
            return Err(unsupported("a variation without a move".to_owned()));
        };
        if seen.contains(&first.mv) {
            return Err(unsupported(format!(
                "the move {} twice at one position",
                first.mv
            )));
        }
        seen.push(first.mv);
    }
    Ok(())
}

/// A line's positions, each of its moves checked in its position.
struct Walked {
    /// The position before each move.
    before: Vec<Position>,
    /// The position after the last move.
    after: Position,
    /// The destination of the move played before each move, and after the
    /// last (one more than the moves).
    last_tos: Vec<Option<Square>>,
}

impl LineAt<'_> {
    /// Plays the line's moves from its start, refusing an illegal one with
    /// the path to it (the main line was checked by `positions_to_write`).
    fn walk(&self) -> Result<Walked, WriteError> {
        let mut before = Vec::with_capacity(self.moves.len());
        let mut pos = self.pos.clone();
        let mut path = self.path.clone();
        let mut last_tos = vec![self.last_to];
        for m in self.moves {
            path.push(m.mv);
            if !pos.is_legal(m.mv) {
                return Err(WriteError::IllegalSideMove {
                    path,
                    sfen: pos.to_sfen(),
                });
            }
            before.push(pos.clone());
            pos.play_unchecked(m.mv);
            last_tos.push(Some(m.mv.to()));
        }
        Ok(Walked {
            before,
            after: pos,
            last_tos,
        })
    }

    /// The side lines played instead of the line's end.
    fn end_sides(&self) -> &[super::super::Line] {
        self.end.map_or(&[][..], |e| &e.variations[..])
    }

    /// The number of the line's `i`-th move (or of its end, `i` = its length).
    fn number(&self, first_number: u64, i: usize) -> u64 {
        first_number + (self.ply + i) as u64
    }
}

/// A side line's foul end, refused unless KIF can write it: the foul ends
/// the game as [`EndKind::IllegalMove`] and its move has the shape of one
/// (`after` is the position it is played in).
fn check_side_foul(after: &Position, end: Option<&RecordEnd>) -> Result<(), WriteError> {
    let Some((end, foul)) = end.and_then(|e| e.foul.as_ref().map(|f| (e, f))) else {
        return Ok(());
    };
    let reason = if end.kind != EndKind::IllegalMove {
        Some("a foul move ends the game as EndKind::IllegalMove")
    } else {
        super::super::foul_shape_error(after, foul.mv)
    };
    match reason {
        Some(reason) => Err(WriteError::Foul {
            text: foul.mv.to_string(),
            reason,
        }),
        None => Ok(()),
    }
}

/// Writes a bookmark as its `&` line.
fn write_bookmark(bookmark: Option<&String>, out: &mut String) {
    if let Some(bookmark) = bookmark {
        out.push('&');
        out.push_str(&super::super::one_line(bookmark));
        out.push('\n');
    }
}

/// The error of a shape KIF cannot write.
fn unsupported(what: String) -> WriteError {
    WriteError::Unsupported {
        format: "KIF",
        what,
    }
}

impl LineWriter<'_> {
    /// Writes one move line (or an end line) with its time, and `+` when a
    /// variation branches there.
    fn move_line(out: &mut String, number: u64, text: &str, time: Option<MoveTime>, plus: bool) {
        out.push_str(&format!("{number:>4} {text}"));
        if let Some(time) = time {
            let pad = 13usize.saturating_sub(display_width(text)).max(1);
            out.push_str(&" ".repeat(pad));
            out.push_str(&time_text(time));
        }
        if plus {
            out.push('+');
        }
        out.push('\n');
    }

    /// Writes a line: its moves, its end, then the side lines that branch
    /// from it, each followed by its own.
    fn line(&self, out: &mut String, line: LineAt<'_>, main: bool) -> Result<(), WriteError> {
        let walked = line.walk()?;
        if !main {
            check_side_foul(&walked.after, line.end)?;
        }
        let end_line = match line.end {
            Some(end) => Some((
                end,
                end_name(end.kind).ok_or_else(|| unsupported(format!("the end {:?}", end.kind)))?,
            )),
            None => None,
        };
        distinct_first_moves(Vec::new(), line.end_sides())?;
        self.moves(out, &line, &walked, main)?;
        if let Some((end, name)) = end_line {
            self.end(out, &line, &walked, end, name);
        }
        self.side_lines(out, &line, &walked)
    }

    /// Writes the moves of a line, with their comments and bookmarks.
    fn moves(
        &self,
        out: &mut String,
        line: &LineAt<'_>,
        walked: &Walked,
        main: bool,
    ) -> Result<(), WriteError> {
        for (i, m) in line.moves.iter().enumerate() {
            if !main && i == 0 && !m.variations.is_empty() {
                return Err(unsupported(
                    "a variation on the first move of a side line (it belongs to the move that line replaces)".to_owned(),
                ));
            }
            distinct_first_moves(vec![m.mv], &m.variations)?;
            let text =
                japanese::format_move(&walked.before[i], m.mv, walked.last_tos[i], Style::Kif);
            let plus = !m.variations.is_empty() || (i == 0 && line.sibling_follows);
            Self::move_line(out, line.number(self.first_number, i), &text, m.time, plus);
            write_comments(&m.comments, out);
            write_bookmark(m.bookmark.as_ref(), out);
        }
        Ok(())
    }

    /// Writes a line's end: the foul move (then `反則勝ち`) or the special
    /// move named `name`, its comments and the `まで` summary.
    fn end(
        &self,
        out: &mut String,
        line: &LineAt<'_>,
        walked: &Walked,
        end: &RecordEnd,
        name: &str,
    ) {
        let branches = !end.variations.is_empty();
        let mut number = line.number(self.first_number, line.moves.len());
        let mut name = name;
        if let Some(foul) = &end.foul {
            let last_to = walked.last_tos.last().copied().flatten();
            let text = japanese::format_move(&walked.after, foul.mv, last_to, Style::Kif);
            Self::move_line(out, number, &text, foul.time, branches);
            write_comments(&foul.comments, out);
            write_bookmark(foul.bookmark.as_ref(), out);
            number += 1;
            name = "反則勝ち";
        }
        Self::move_line(out, number, name, end.time, end.foul.is_none() && branches);
        write_comments(&end.comments, out);
        let plies = line.ply + line.moves.len();
        if let Some(summary) = summary_after(&self.record.start, plies, end) {
            out.push_str(&summary);
            out.push('\n');
        }
    }

    /// Writes the side lines of a line as `変化：N手` blocks: those played
    /// instead of its end, then its moves' variations, from its last move
    /// back to its first.
    fn side_lines(
        &self,
        out: &mut String,
        line: &LineAt<'_>,
        walked: &Walked,
    ) -> Result<(), WriteError> {
        let at_end = (line.moves.len(), line.end_sides(), &walked.after);
        let at_moves = line
            .moves
            .iter()
            .enumerate()
            .rev()
            .map(|(i, m)| (i, &m.variations[..], &walked.before[i]));
        for (i, sides, pos) in std::iter::once(at_end).chain(at_moves) {
            let number = line.number(self.first_number, i);
            let mut path = line.path.clone();
            path.extend(line.moves[..i].iter().map(|m| m.mv));
            for (j, v) in sides.iter().enumerate() {
                out.push_str(&format!("\n変化：{number}手\n"));
                let side = LineAt {
                    moves: &v.moves,
                    end: v.end.as_ref(),
                    ply: line.ply + i,
                    pos: pos.clone(),
                    last_to: walked.last_tos[i],
                    path: path.clone(),
                    sibling_follows: j + 1 < sides.len(),
                };
                self.line(out, side, false)?;
            }
        }
        Ok(())
    }
}

/// `( m:ss/hh:mm:ss)`.
fn time_text(time: MoveTime) -> String {
    let this = format!("{:>2}:{:02}", time.seconds / 60, time.seconds % 60);
    let total = time.total_seconds.map_or(String::new(), |t| {
        format!("{:02}:{:02}:{:02}", t / 3600, t / 60 % 60, t % 60)
    });
    format!("({this}/{total})")
}
