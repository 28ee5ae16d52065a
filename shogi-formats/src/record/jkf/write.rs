//! Writing a record as JKF.

use super::super::csa::kind_code;
use super::super::{kif, EndKind, Line, MoveTime, Record, RecordEnd, RecordMove, WriteError};
use super::{color_number, illegal_action, PRESETS, RELATIVE, SPECIALS};
use serde_json::{json, Map, Value};
use shogi_core::notation::japanese::{self, Style};
use shogi_core::{Color, Move, Position, Setup, Square};

/// Writes a record as JKF, on one line: the headers by their KIF names in
/// the record's order, the start as a `preset` or as `OTHER` with its
/// board, the main line's moves with their times, comments and side lines
/// (`forks`), and its end as a `special` (see the [module](super)).
///
/// Fails ([`WriteError`]) if a move is illegal (of a side line:
/// [`WriteError::IllegalSideMove`]), if the board is not 9 × 9, if two
/// headers have one name, or if a line ends in a way JKF has no name for
/// ([`EndKind::MaxMoves`], [`EndKind::WinByDefault`],
/// [`EndKind::LossByDefault`]).
///
/// ```
/// use shogi_formats::record::{jkf, Record, RecordMove, MoveTime};
/// use shogi_core::Setup;
/// let mut record = Record::new(Setup::from_sfen(shogi_variants::STANDARD_START)?);
/// record.headers.push(("black".into(), "Habu".into()));
/// let mut first = RecordMove::new("7g7f".parse()?);
/// first.time = Some(MoveTime { seconds: 3, total_seconds: Some(3) });
/// record.moves.push(first);
/// let text = jkf::write(&record)?;
/// assert!(text.starts_with(r#"{"header":{"先手":"Habu"},"initial":{"preset":"HIRATE"},"moves":[{},"#));
/// assert!(text.contains(r#""from":{"x":7,"y":7}"#));
/// assert_eq!(jkf::read(&text)?, record);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(record: &Record) -> Result<String, WriteError> {
    if (record.start.files, record.start.ranks) != (9, 9) {
        return Err(unsupported(format!(
            "a {} × {} board",
            record.start.files, record.start.ranks
        )));
    }
    let positions = record.positions_to_write()?;
    let start = positions
        .first()
        .cloned()
        .ok_or_else(|| unsupported("a record without a start".to_owned()))?;
    let mut out = String::from("{\"header\":{");
    let handicap = kif::is_handicap(&record.start);
    let mut names: Vec<&str> = Vec::new();
    for (key, value) in &record.headers {
        let name = kif::kif_name(key, handicap);
        if names.contains(&name) {
            return Err(unsupported(format!(
                "the header {} twice (its keys are the names of an object)",
                super::super::quoted(name)
            )));
        }
        if !names.is_empty() {
            out.push(',');
        }
        names.push(name);
        out.push_str(&Value::from(name).to_string());
        out.push(':');
        out.push_str(&Value::from(value.as_str()).to_string());
    }
    out.push_str("},\"initial\":");
    out.push_str(&initial(&record.start).to_string());
    let mut first = Map::new();
    put_comments(&mut first, &record.comments);
    let mut entries = vec![Value::Object(first)];
    let main = LineAt {
        moves: &record.moves,
        end: record.end.as_ref(),
        pos: start,
        path: Vec::new(),
        last_to: None,
        spent: [0, 0],
    };
    main.entries(&mut entries, true)?;
    out.push_str(",\"moves\":");
    out.push_str(&Value::Array(entries).to_string());
    out.push('}');
    Ok(out)
}

/// The error of a shape JKF cannot write.
fn unsupported(what: String) -> WriteError {
    WriteError::Unsupported {
        format: "JKF",
        what,
    }
}

/// The `initial` object of a start: its preset, or `OTHER` with the board.
fn initial(start: &Setup) -> Value {
    let preset = kif::handicap_name(start)
        .and_then(|name| PRESETS.iter().find(|(_, n)| *n == name))
        .map(|(preset, _)| *preset);
    if let Some(preset) = preset {
        return json!({ "preset": preset });
    }
    let board: Vec<Value> = (1..=9)
        .map(|x| {
            Value::Array(
                (1..=9)
                    .map(|y| {
                        let piece = Square::new(x, y).and_then(|sq| start.board[sq.index()]);
                        match piece {
                            Some(p) => {
                                json!({ "color": color_number(p.color), "kind": kind_code(p.kind) })
                            }
                            None => json!({}),
                        }
                    })
                    .collect(),
            )
        })
        .collect();
    let hands: Vec<Value> = Color::ALL
        .iter()
        .map(|&c| {
            let hand = start.hands[c.index()];
            let mut m = Map::new();
            for kind in shogi_core::PieceKind::ALL
                .into_iter()
                .filter(|k| k.is_hand_kind())
            {
                m.insert(kind_code(kind).to_owned(), hand.count(kind).into());
            }
            Value::Object(m)
        })
        .collect();
    json!({
        "preset": "OTHER",
        "data": { "color": color_number(start.side_to_move), "board": board, "hands": hands },
    })
}

/// Puts `comments` in an entry (none: no key).
fn put_comments(entry: &mut Map<String, Value>, comments: &[String]) {
    if !comments.is_empty() {
        entry.insert("comments".to_owned(), json!(comments));
    }
}

/// Puts a time in an entry: `now` as minutes and seconds, `total` as
/// hours, minutes and seconds. JKF needs both; a record without the total
/// gets `spent`, the mover's times along the line so far, this one's
/// included (what a clock would show).
fn put_time(entry: &mut Map<String, Value>, time: Option<MoveTime>, spent: u32) {
    if let Some(t) = time {
        let total = t.total_seconds.unwrap_or(spent);
        entry.insert(
            "time".to_owned(),
            json!({
                "now": { "m": t.seconds / 60, "s": t.seconds % 60 },
                "total": { "h": total / 3600, "m": total / 60 % 60, "s": total % 60 },
            }),
        );
    }
}

/// `spent` with the time of `time` added to `mover`'s.
fn add_time(spent: [u32; 2], mover: Color, time: Option<MoveTime>) -> [u32; 2] {
    let mut spent = spent;
    let s = &mut spent[mover.index()];
    *s = s.saturating_add(time.map_or(0, |t| t.seconds));
    spent
}

/// The `move` object of `mv` (legal, or a foul of the right shape) in
/// `pos`, after a move to `last_to`.
fn move_object(pos: &Position, mv: Move, last_to: Option<Square>) -> Value {
    let color = pos.side_to_move();
    let to = mv.to();
    let mut m = Map::new();
    match mv.from() {
        Some(from) => {
            m.insert(
                "from".to_owned(),
                json!({ "x": from.file(), "y": from.rank() }),
            );
            if let Some(piece) = pos.piece_at(from) {
                m.insert("piece".to_owned(), kind_code(piece.kind).into());
            }
            if let Some(captured) = pos.piece_at(to) {
                m.insert("capture".to_owned(), kind_code(captured.kind).into());
            }
            if mv.is_promotion() {
                m.insert("promote".to_owned(), true.into());
            } else if pos.is_legal(Move::normal(from, to, true)) {
                m.insert("promote".to_owned(), false.into());
            }
        }
        None => {
            if let Some(kind) = mv.drop_kind() {
                m.insert("piece".to_owned(), kind_code(kind).into());
            }
        }
    }
    m.insert("to".to_owned(), json!({ "x": to.file(), "y": to.rank() }));
    m.insert("color".to_owned(), color_number(color).into());
    if last_to == Some(to) {
        m.insert("same".to_owned(), true.into());
    }
    let relative = relative(pos, mv, last_to);
    if !relative.is_empty() {
        m.insert("relative".to_owned(), relative.into());
    }
    Value::Object(m)
}

/// The letters of `relative`: the words Japanese notation (JSA) needs to
/// tell `mv` from the other moves of its kind to its square, `打` included.
fn relative(pos: &Position, mv: Move, last_to: Option<Square>) -> String {
    let text = japanese::format_move(pos, mv, last_to, Style::Jsa);
    let text = text
        .strip_suffix("不成")
        .or_else(|| mv.is_promotion().then(|| text.strip_suffix('成')).flatten())
        .unwrap_or(&text);
    let mut letters: Vec<char> = text
        .chars()
        .rev()
        .map_while(|c| RELATIVE.iter().find(|(w, _)| *w == c).map(|(_, l)| *l))
        .collect();
    letters.reverse();
    letters.into_iter().collect()
}

/// A line to write: its moves and end, the position before its first
/// move, the moves from the start to there and the last one's destination.
struct LineAt<'a> {
    moves: &'a [RecordMove],
    end: Option<&'a RecordEnd>,
    pos: Position,
    path: Vec<Move>,
    last_to: Option<Square>,
    /// Each side's time spent before the line's first move.
    spent: [u32; 2],
}

impl LineAt<'_> {
    /// Appends the line's entries (its moves, then its end) to `entries`,
    /// each move's side lines as its `forks`. The main line's moves were
    /// checked by `positions_to_write`; a side line's are checked here.
    fn entries(self, entries: &mut Vec<Value>, main: bool) -> Result<(), WriteError> {
        let LineAt {
            moves,
            end,
            mut pos,
            mut path,
            mut last_to,
            mut spent,
        } = self;
        for m in moves {
            if !main && !pos.is_legal(m.mv) {
                path.push(m.mv);
                return Err(WriteError::IllegalSideMove {
                    path,
                    sfen: pos.to_sfen(),
                });
            }
            let mut entry = Map::new();
            entry.insert("move".to_owned(), move_object(&pos, m.mv, last_to));
            let mover = pos.side_to_move();
            let after = add_time(spent, mover, m.time);
            put_time(&mut entry, m.time, after[mover.index()]);
            put_comments(&mut entry, &m.comments);
            forks(&mut entry, &m.variations, &pos, &path, last_to, spent)?;
            entries.push(Value::Object(entry));
            spent = after;
            pos.play_unchecked(m.mv);
            path.push(m.mv);
            last_to = Some(m.mv.to());
        }
        if let Some(end) = end {
            let mover = pos.side_to_move();
            if let Some(foul) = &end.foul {
                if end.kind != EndKind::IllegalMove
                    || super::super::foul_shape_error(&pos, foul.mv).is_some()
                {
                    return Err(WriteError::Foul {
                        text: foul.mv.to_string(),
                        reason: "a foul move ends the game as EndKind::IllegalMove and names a piece of the side to move",
                    });
                }
                let mut entry = Map::new();
                entry.insert("move".to_owned(), move_object(&pos, foul.mv, last_to));
                let after = add_time(spent, mover, foul.time);
                put_time(&mut entry, foul.time, after[mover.index()]);
                put_comments(&mut entry, &foul.comments);
                forks(&mut entry, &end.variations, &pos, &path, last_to, spent)?;
                entries.push(Value::Object(entry));
                // The end is made by the other side, to move after the foul.
                let other = mover.opponent();
                let mut special = Map::new();
                special.insert("special".to_owned(), illegal_action(mover).into());
                put_time(
                    &mut special,
                    end.time,
                    add_time(after, other, end.time)[other.index()],
                );
                put_comments(&mut special, &end.comments);
                entries.push(Value::Object(special));
                return Ok(());
            }
            let name = match end.kind {
                EndKind::IllegalMoveWin => illegal_action(mover.opponent()),
                kind => SPECIALS
                    .iter()
                    .find(|(_, k)| *k == kind)
                    .map(|(n, _)| *n)
                    .ok_or_else(|| unsupported(format!("the end {}", kind.name())))?,
            };
            let mut entry = Map::new();
            entry.insert("special".to_owned(), name.into());
            put_time(
                &mut entry,
                end.time,
                add_time(spent, mover, end.time)[mover.index()],
            );
            put_comments(&mut entry, &end.comments);
            forks(&mut entry, &end.variations, &pos, &path, last_to, spent)?;
            entries.push(Value::Object(entry));
        }
        Ok(())
    }
}

/// Puts the side lines played instead of an entry (from `pos`) as its
/// `forks`.
fn forks(
    entry: &mut Map<String, Value>,
    lines: &[Line],
    pos: &Position,
    path: &[Move],
    last_to: Option<Square>,
    spent: [u32; 2],
) -> Result<(), WriteError> {
    if lines.is_empty() {
        return Ok(());
    }
    let mut forks = Vec::with_capacity(lines.len());
    for line in lines {
        if line.moves.is_empty() {
            return Err(unsupported("a side line without a move".to_owned()));
        }
        let mut fork = Vec::new();
        LineAt {
            moves: &line.moves,
            end: line.end.as_ref(),
            pos: pos.clone(),
            path: path.to_vec(),
            last_to,
            spent,
        }
        .entries(&mut fork, false)?;
        forks.push(Value::Array(fork));
    }
    entry.insert("forks".to_owned(), Value::Array(forks));
    Ok(())
}
