//! Reading the variation tree of a KIF or KI2 record: the `変化：N手`
//! blocks, each hung on the move (or end) it replaces.

use super::super::{bod, Record, RecordError};
use super::family::{Preamble, Replay};
use shogi_core::{Excerpt, Move, Position, Square};

/// The side of the reader that follows the tree: where the line being read
/// branches off, the moves and positions from the start to where it is,
/// and the record once its main line is read.
pub(crate) struct TreeReader {
    /// The record, once the main line is read (the first `変化：`).
    record: Option<Record>,
    /// The line being read.
    line: Branch,
    /// The moves from the start to the end of the line being read.
    path: Vec<Move>,
    /// The position and the last move's destination after each move of
    /// `path`, the start first.
    trail: Vec<(Position, Option<Square>)>,
    /// The number the first move has (the start's move number).
    first_number: u64,
}

/// Where the line being read branches off.
struct Branch {
    /// How many moves of the path come before the line's first move (0
    /// for the main line).
    at: usize,
    /// The `変化：` line that opens it (0 for the main line).
    opened_at: usize,
}

/// A `変化：N手` line (line `n`, trimmed `text`) of a KIF or KI2 record:
/// the line being read (`replay`, the main line if none was started) ends,
/// and `replay` becomes the reader of the variation.
pub(crate) fn open_variation(
    tree: &mut Option<TreeReader>,
    replay: &mut Option<Replay>,
    pre: &Preamble,
    n: usize,
    text: &str,
) -> Result<(), RecordError> {
    let r = match replay.take() {
        Some(r) => r,
        None => Replay::new(pre)?,
    };
    let t = tree.get_or_insert_with(|| TreeReader::new(&r));
    *replay = Some(t.branch(n, text, r)?);
    Ok(())
}

/// Where a comment line (line `n`) goes: after the move just read, before
/// the first move (the record's `comments`), and in a side line that has no
/// move yet, nowhere (an error).
pub(crate) fn place_comment(
    tree: &Option<TreeReader>,
    replay: &mut Option<Replay>,
    comments: &mut Vec<String>,
    n: usize,
    comment: &str,
) -> Result<(), RecordError> {
    match replay.as_mut().and_then(Replay::comments) {
        Some(list) => list.push(comment.to_owned()),
        None if tree.as_ref().is_some_and(TreeReader::in_side_line) => {
            return Err(RecordError::malformed(
                n,
                "a comment in a variation before its first move",
            ))
        }
        None => comments.push(comment.to_owned()),
    }
    Ok(())
}

/// The record a KIF or KI2 file read to: its main line, or (with `変化`
/// blocks) the tree with `replay`, the last line read, hung on it.
pub(crate) fn finish_record(
    tree: Option<TreeReader>,
    replay: Replay,
    headers: Vec<(String, String)>,
    remarks: Vec<String>,
    comments: Vec<String>,
) -> Result<Record, RecordError> {
    match tree.and_then(TreeReader::into_record) {
        None => replay.into_record(headers, remarks, comments),
        Some((mut record, branch)) => {
            branch.finish(&mut record, replay)?;
            record.headers = headers;
            record.remarks = remarks;
            record.comments = comments;
            Ok(record)
        }
    }
}

impl TreeReader {
    pub(crate) fn new(replay: &Replay) -> TreeReader {
        TreeReader {
            record: None,
            line: Branch {
                at: 0,
                opened_at: 0,
            },
            path: Vec::new(),
            trail: vec![(replay.pos.clone(), None)],
            first_number: u64::from(replay.start.move_number.max(1)),
        }
    }

    /// Whether the line being read is a side line.
    pub(crate) fn in_side_line(&self) -> bool {
        self.record.is_some()
    }

    /// Where a bookmark before the first move of the side line being read
    /// goes: on the move it branches after; `None` when it branches at the
    /// start (the start's bookmark) or no side line is read.
    pub(crate) fn branch_bookmark(&mut self) -> Option<&mut Option<String>> {
        let at = self.line.at.min(self.path.len());
        let record = self.record.as_mut()?;
        record.node_mut(&self.path[..at]).map(|m| &mut m.bookmark)
    }

    /// Follows the move just read, if one was played.
    pub(crate) fn read(&mut self, replay: &Replay, before: usize) {
        if replay.moves.len() > before {
            if let Some(m) = replay.moves.last() {
                self.path.push(m.mv);
                self.trail.push((replay.pos.clone(), replay.last_to));
            }
        }
    }

    /// Follows the moves `replay` played after its first `before` (KI2
    /// reads several moves at once).
    pub(crate) fn read_many(&mut self, replay: &Replay, before: usize) {
        for m in replay.moves.iter().skip(before) {
            let Some((mut pos, _)) = self.trail.last().cloned() else {
                break;
            };
            pos.play_unchecked(m.mv);
            self.path.push(m.mv);
            self.trail.push((pos, Some(m.mv.to())));
        }
    }

    /// A `変化：N手` line (line `n`, trimmed `text`): finishes the line
    /// `replay` was reading, and returns the reader of the variation, which
    /// replaces move N of the path read so far.
    pub(crate) fn branch(
        &mut self,
        n: usize,
        text: &str,
        replay: Replay,
    ) -> Result<Replay, RecordError> {
        let start = replay.start.clone();
        match self.record.as_mut() {
            None => {
                let line = replay.into_line()?;
                let mut record = Record::new(start.clone());
                record.moves = line.moves;
                record.end = line.end;
                self.record = Some(record);
            }
            Some(record) => {
                let line = std::mem::replace(
                    &mut self.line,
                    Branch {
                        at: 0,
                        opened_at: 0,
                    },
                );
                line.finish_into(record, &self.path, replay)?;
                // A variation merged into moves already there ends at a
                // node that may go on: the path goes on along its main
                // continuation, as the next `変化：` may name a move there.
                let after: Vec<Move> = record
                    .mainline_from(&self.path)
                    .unwrap_or_default()
                    .iter()
                    .map(|m| m.mv)
                    .collect();
                for next in after {
                    let Some((mut pos, _)) = self.trail.last().cloned() else {
                        break;
                    };
                    pos.play_unchecked(next);
                    self.path.push(next);
                    self.trail.push((pos, Some(next.to())));
                }
            }
        }
        let bad = |what: String| RecordError::malformed(n, format!("'{}' {what}", Excerpt(text)));
        let number = text
            .strip_prefix("変化")
            .map(|r| r.trim_start())
            .and_then(|r| r.strip_prefix('：').or_else(|| r.strip_prefix(':')))
            .map(str::trim)
            // ShogiBoardQ and others write `変化：3手目`.
            .map(|r| r.strip_suffix('目').unwrap_or(r))
            .and_then(|r| r.strip_suffix('手'))
            .and_then(|d| bod::decimal(d.trim()))
            .ok_or_else(|| bad("is not a variation line like 変化：5手".to_owned()))?;
        let read = self.path.len() as u64;
        let last = self.first_number + read;
        // The block may replace the end of the line read before (投了...).
        let ends = self
            .record
            .as_ref()
            .and_then(|r| r.line_end(&self.path))
            .is_some_and(Option::is_some);
        let at = u64::from(number)
            .checked_sub(self.first_number)
            .filter(|&at| at < read || (at == read && ends))
            .ok_or_else(|| {
                if read == 0 {
                    bad("names a move, but no move comes before it".to_owned())
                } else {
                    bad(format!(
                        "names move {number}, which the line before does not have (it has moves {}–{})",
                        self.first_number,
                        last - 1
                    ))
                }
            })?;
        let at = usize::try_from(at).unwrap_or(usize::MAX);
        self.path.truncate(at);
        self.trail.truncate(at + 1);
        let (pos, last_to) = self
            .trail
            .last()
            .cloned()
            .ok_or_else(|| bad("names no move".to_owned()))?;
        self.line = Branch { at, opened_at: n };
        Ok(Replay {
            start,
            pos,
            moves: Vec::new(),
            end: None,
            last_to,
            foul: None,
        })
    }

    /// The record (its main line read) and the line being read, once a
    /// variation was seen; `None` when the file has none.
    pub(crate) fn into_record(self) -> Option<(Record, BranchAt)> {
        let record = self.record?;
        Some((
            record,
            BranchAt {
                line: self.line,
                path: self.path,
            },
        ))
    }
}

/// The last line of a file with variations, with the path to its end.
pub(crate) struct BranchAt {
    line: Branch,
    path: Vec<Move>,
}

impl BranchAt {
    pub(crate) fn finish(self, record: &mut Record, replay: Replay) -> Result<(), RecordError> {
        self.line.finish_into(record, &self.path, replay)
    }
}

impl Branch {
    /// Hangs the side line `replay` read on the record. `path` runs from
    /// the start to its end.
    fn finish_into(
        self,
        record: &mut Record,
        path: &[Move],
        replay: Replay,
    ) -> Result<(), RecordError> {
        // In a side line an illegal last move is an error (a typo in an
        // analysis), not a foul, unless 反則勝ち/反則負け says so.
        let mut replay = replay;
        if replay.end.is_none() {
            if let Some(e) = replay.take_foul_error() {
                return Err(e);
            }
        }
        let line = replay.into_line()?;
        if line.moves.is_empty() {
            return Err(RecordError::malformed(
                self.opened_at,
                "a variation without a move",
            ));
        }
        let at = self.at.min(path.len());
        record
            .attach_line(&path[..at], line)
            .map_err(|e| RecordError::malformed(self.opened_at, e))
    }
}
