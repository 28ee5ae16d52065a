//! Reading a JKF record.

use super::super::csa::code_kind;
use super::super::{
    kif, EndKind, Line, MoveTime, Record, RecordEnd, RecordError, RecordErrorKind, RecordMove,
    MAX_NESTING,
};
use super::{illegal_action, PRESETS, SPECIALS};
use serde::de::{Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::{Map, Value};
use shogi_core::{Color, Move, Piece, PieceKind, Position, Setup, Square};
use std::fmt;

/// The top level of a JKF text (other keys are ignored).
#[derive(Deserialize)]
struct Document {
    #[serde(default)]
    header: Headers,
    #[serde(default)]
    initial: Option<Value>,
    #[serde(default)]
    moves: Vec<Value>,
}

/// The `header` object, its entries in the order of the text.
#[derive(Default)]
struct Headers(Vec<(String, String)>);

impl<'de> Deserialize<'de> for Headers {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Headers, D::Error> {
        struct Entries;
        impl<'de> Visitor<'de> for Entries {
            type Value = Headers;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of header names and text values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Headers, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, String>()? {
                    out.push((k, v));
                }
                Ok(Headers(out))
            }
        }
        d.deserialize_map(Entries)
    }
}

/// Reads a JKF record (see the [module](super)): headers, start, moves
/// with times and comments, side lines (`forks`) and the end, every move
/// checked against the rules. Errors name the entry (`moves[3].move.to`);
/// a text that is not JSON, or not a JKF object, gets the line of the
/// problem.
///
/// ```
/// use shogi_formats::record::{jkf, EndKind};
/// let text = r#"{"header":{"先手":"Habu"},"moves":[{},
///   {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"}},
///   {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"color":1,"piece":"FU"},
///    "forks":[[{"move":{"from":{"x":8,"y":3},"to":{"x":8,"y":4},"color":1,"piece":"FU"}}]]},
///   {"special":"TORYO"}]}"#;
/// let record = jkf::read(text)?;
/// assert_eq!(record.header("black"), Some("Habu"));
/// assert_eq!(record.moves[1].mv.to_string(), "3c3d");
/// assert_eq!(record.moves[1].variations[0].moves[0].mv.to_string(), "8c8d");
/// assert_eq!(record.end.unwrap().kind, EndKind::Resign);
/// // A move against the rules is refused, naming the entry (but last, where
/// // it is the foul that ended the game).
/// let bad = r#"{"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":5}}},
///   {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4}}}]}"#;
/// assert!(jkf::read(bad).unwrap_err().to_string().contains("moves[1]"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read(text: &str) -> Result<Record, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let doc: Document = serde_json::from_str(text)
        .map_err(|e| RecordError::malformed(e.line(), format!("JKF: {e}")))?;
    let start = match &doc.initial {
        None => kif::handicap_setup("平手").ok_or_else(|| malformed("no start"))?,
        Some(initial) => initial_setup(initial)?,
    };
    let mut record = Record::new(start);
    record.headers = doc
        .header
        .0
        .into_iter()
        .map(|(name, value)| (kif::canonical_key(&name), value))
        .collect();
    let pos = record.start_position()?;
    let Some((first, rest)) = doc.moves.split_first() else {
        return Ok(record);
    };
    let first = object(first, "moves[0]")?;
    if first.contains_key("move") || first.contains_key("special") {
        return Err(malformed(
            "moves[0] holds the comments before the first move, not a move",
        ));
    }
    record.comments = comments(first, "moves[0]")?;
    let (moves, end) = read_line(rest, pos, None, 1, "moves", 1)?;
    record.moves = moves;
    record.end = end;
    Ok(record)
}

/// A malformed-text error not tied to a line.
fn malformed(message: impl fmt::Display) -> RecordError {
    RecordError::malformed(0, message)
}

/// `value` as an object, or an error naming `at`.
fn object<'a>(value: &'a Value, at: &str) -> Result<&'a Map<String, Value>, RecordError> {
    value
        .as_object()
        .ok_or_else(|| malformed(format!("{at} is not an object")))
}

/// The number at `key` of `obj`, in `0..=max`, or an error naming `at`
/// (`None` when absent).
fn number(
    obj: &Map<String, Value>,
    key: &str,
    max: u64,
    at: &str,
) -> Result<Option<u64>, RecordError> {
    match obj.get(key) {
        None => Ok(None),
        Some(v) => match v.as_u64() {
            Some(n) if n <= max => Ok(Some(n)),
            _ => Err(malformed(format!(
                "{at}.{key} is not a whole number from 0 to {max}: {}",
                super::super::quoted(&v.to_string())
            ))),
        },
    }
}

/// A colour as JKF writes it (0 Black, 1 White).
fn color(obj: &Map<String, Value>, at: &str) -> Result<Option<Color>, RecordError> {
    Ok(number(obj, "color", 1, at)?.map(|n| if n == 0 { Color::Black } else { Color::White }))
}

/// The piece kind named at `key` (a CSA kind code: `FU`, `TO`...).
fn kind(obj: &Map<String, Value>, key: &str, at: &str) -> Result<Option<PieceKind>, RecordError> {
    match obj.get(key) {
        None => Ok(None),
        Some(v) => v
            .as_str()
            .and_then(|s| code_kind(s.as_bytes()))
            .map(Some)
            .ok_or_else(|| {
                malformed(format!(
                    "{at}.{key} is not a piece kind (FU, KY, KE, GI, KI, KA, HI, OU, TO, NY, NK, NG, UM, RY): {}",
                    super::super::quoted(&v.to_string())
                ))
            }),
    }
}

/// The square at `key` (`{"x": file, "y": rank}`), if present.
fn square(obj: &Map<String, Value>, key: &str, at: &str) -> Result<Option<Square>, RecordError> {
    let Some(v) = obj.get(key) else {
        return Ok(None);
    };
    let at = format!("{at}.{key}");
    let o = object(v, &at)?;
    let x = number(o, "x", 9, &at)?;
    let y = number(o, "y", 9, &at)?;
    match (x, y) {
        (Some(x), Some(y)) => Square::new(x as u8, y as u8)
            .map(Some)
            .ok_or_else(|| malformed(format!("{at} is not a square: x and y run from 1 to 9"))),
        _ => Err(malformed(format!("{at} needs x and y"))),
    }
}

/// The comments of an entry (none without the key).
fn comments(obj: &Map<String, Value>, at: &str) -> Result<Vec<String>, RecordError> {
    match obj.get("comments") {
        None => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|c| {
                c.as_str()
                    .map(str::to_owned)
                    .ok_or_else(|| malformed(format!("{at}.comments holds something not text")))
            })
            .collect(),
        Some(_) => Err(malformed(format!("{at}.comments is not a list of texts"))),
    }
}

/// The time of an entry: `now` in minutes and seconds, `total` in hours,
/// minutes and seconds.
fn time(obj: &Map<String, Value>, at: &str) -> Result<Option<MoveTime>, RecordError> {
    let Some(v) = obj.get("time") else {
        return Ok(None);
    };
    let at = format!("{at}.time");
    let t = object(v, &at)?;
    let seconds = |key: &str| -> Result<Option<u32>, RecordError> {
        let Some(v) = t.get(key) else {
            return Ok(None);
        };
        let at = format!("{at}.{key}");
        let o = object(v, &at)?;
        let big = u64::from(u32::MAX);
        let h = number(o, "h", big, &at)?.unwrap_or(0);
        let m = number(o, "m", big, &at)?.unwrap_or(0);
        let s = number(o, "s", big, &at)?.unwrap_or(0);
        u32::try_from(h * 3600 + m * 60 + s)
            .map(Some)
            .map_err(|_| malformed(format!("{at} is too long a time")))
    };
    let now = seconds("now")?;
    let total = seconds("total")?;
    Ok(now.map(|seconds| MoveTime {
        seconds,
        total_seconds: total,
    }))
}

/// The start position of `initial`: a preset, or `OTHER` with its data.
fn initial_setup(initial: &Value) -> Result<Setup, RecordError> {
    let o = object(initial, "initial")?;
    let preset = o.get("preset").and_then(Value::as_str).unwrap_or("OTHER");
    if preset != "OTHER" {
        return PRESETS
            .iter()
            .find(|(p, _)| *p == preset)
            .and_then(|(_, name)| kif::handicap_setup(name))
            .ok_or_else(|| {
                malformed(format!(
                    "initial.preset {} is none of JKF's presets",
                    super::super::quoted(preset)
                ))
            });
    }
    let data = object(
        o.get("data")
            .ok_or_else(|| malformed("initial: an OTHER start needs data"))?,
        "initial.data",
    )?;
    let mut setup = Setup::empty(9, 9);
    setup.side_to_move = color(data, "initial.data")?.unwrap_or(Color::Black);
    let files = data
        .get("board")
        .and_then(Value::as_array)
        .filter(|f| f.len() == 9)
        .ok_or_else(|| malformed("initial.data.board is not 9 files"))?;
    for (x, file) in files.iter().enumerate() {
        let cells = file
            .as_array()
            .filter(|c| c.len() == 9)
            .ok_or_else(|| malformed(format!("initial.data.board[{x}] is not 9 squares")))?;
        for (y, cell) in cells.iter().enumerate() {
            let at = format!("initial.data.board[{x}][{y}]");
            let c = object(cell, &at)?;
            if let (Some(color), Some(kind)) = (color(c, &at)?, kind(c, "kind", &at)?) {
                if let Some(sq) = Square::new(x as u8 + 1, y as u8 + 1) {
                    setup.board[sq.index()] = Some(Piece { color, kind });
                }
            } else if !c.is_empty() {
                return Err(malformed(format!(
                    "{at} needs both color and kind, or neither"
                )));
            }
        }
    }
    if let Some(hands) = data.get("hands") {
        let hands = hands
            .as_array()
            .filter(|h| h.len() == 2)
            .ok_or_else(|| malformed("initial.data.hands is not two hands"))?;
        for (c, hand) in Color::ALL.into_iter().zip(hands) {
            let at = format!("initial.data.hands[{}]", c.index());
            for (code, count) in object(hand, &at)? {
                let kind = code_kind(code.as_bytes())
                    .filter(|k| k.is_hand_kind())
                    .ok_or_else(|| {
                        malformed(format!(
                            "{at}: {} is not a kind held in hand",
                            super::super::quoted(code)
                        ))
                    })?;
                let n = count
                    .as_u64()
                    .and_then(|n| u8::try_from(n).ok())
                    .filter(|&n| n <= 18)
                    .ok_or_else(|| malformed(format!("{at}.{code} is not a count from 0 to 18")))?;
                setup.hands[c.index()].set(kind, n);
            }
        }
    }
    Ok(setup)
}

/// The end a `special` names, made by `mover` (the side to move).
fn end_kind(name: &str, mover: Color, at: &str) -> Result<EndKind, RecordError> {
    if name == illegal_action(mover) {
        return Ok(EndKind::IllegalMove);
    }
    if name == illegal_action(mover.opponent()) {
        return Ok(EndKind::IllegalMoveWin);
    }
    SPECIALS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, k)| *k)
        .ok_or_else(|| {
            RecordError::new(
                0,
                RecordErrorKind::Unsupported(format!(
                    "{at}.special {} (no end of a record)",
                    super::super::quoted(name)
                )),
            )
        })
}

/// The move of a `move` object in `pos`, after a move to `last_to`: its
/// destination (or, with `same`, the last move's), origin or dropped
/// piece, and promotion; a `color` or `piece` that contradicts the board is
/// refused.
fn resolve(
    m: &Map<String, Value>,
    pos: &Position,
    last_to: Option<Square>,
    at: &str,
) -> Result<Move, RecordError> {
    let to = match square(m, "to", at)? {
        Some(to) => to,
        None if m.get("same").and_then(Value::as_bool) == Some(true) => {
            last_to.ok_or_else(|| malformed(format!("{at}: same, but no move before")))?
        }
        None => return Err(malformed(format!("{at} has no destination (to)"))),
    };
    let mover = pos.side_to_move();
    if let Some(c) = color(m, at)? {
        if c != mover {
            return Err(malformed(format!(
                "{at}.color says {} moves, but it is {}'s turn",
                c.name(),
                mover.name()
            )));
        }
    }
    let piece = kind(m, "piece", at)?;
    match square(m, "from", at)? {
        Some(from) => {
            if let (Some(kind), Some(on)) = (piece, pos.piece_at(from)) {
                if on.kind != kind {
                    return Err(malformed(format!(
                        "{at}.piece is {}, but {} stands on {from}",
                        super::super::csa::kind_code(kind),
                        super::super::csa::kind_code(on.kind)
                    )));
                }
            }
            let promote = m.get("promote").and_then(Value::as_bool) == Some(true);
            Ok(Move::normal(from, to, promote))
        }
        None => {
            let kind = piece.ok_or_else(|| malformed(format!("{at}: a drop needs its piece")))?;
            Move::drop(kind, to).ok_or_else(|| {
                malformed(format!(
                    "{at}: {} cannot be dropped",
                    super::super::csa::kind_code(kind)
                ))
            })
        }
    }
}

/// Reads a line's entries from `pos` (after a move to `last_to`): its
/// moves, each with its side lines (`forks`, read from the position before
/// it), and its end. `at` names the list, `base` the index of its first
/// entry in it, `depth` the nesting of side lines.
fn read_line(
    entries: &[Value],
    mut pos: Position,
    mut last_to: Option<Square>,
    depth: usize,
    at: &str,
    base: usize,
) -> Result<(Vec<RecordMove>, Option<RecordEnd>), RecordError> {
    if depth > MAX_NESTING + 1 {
        return Err(malformed(format!(
            "{at}: side lines nest more than {MAX_NESTING} deep"
        )));
    }
    let mut moves = Vec::new();
    let mut i = 0;
    while i < entries.len() {
        let here = format!("{at}[{}]", base + i);
        let entry = object(&entries[i], &here)?;
        let mover = pos.side_to_move();
        if let Some(special) = entry.get("special") {
            let name = special
                .as_str()
                .ok_or_else(|| malformed(format!("{here}.special is not text")))?;
            let mut end = RecordEnd::new(end_kind(name, mover, &here)?);
            end.time = time(entry, &here)?;
            end.comments = comments(entry, &here)?;
            // A special ends its line. Only specials may follow (a CSA file
            // may repeat its %KACHI, and Kifu for JS keeps both): their
            // comments join the end's.
            for (j, next) in entries.iter().enumerate().skip(i + 1) {
                let next_at = format!("{at}[{}]", base + j);
                let next = object(next, &next_at)?;
                if !next.contains_key("special")
                    || next.contains_key("move")
                    || next.contains_key("forks")
                {
                    return Err(malformed(format!(
                        "{here}: a special move ends its line, but {next_at} goes on"
                    )));
                }
                end.comments.extend(comments(next, &next_at)?);
            }
            end.variations = forks(entry, None, &pos, last_to, depth, &here)?;
            return Ok((moves, Some(end)));
        }
        let m = entry
            .get("move")
            .ok_or_else(|| malformed(format!("{here} has neither a move nor a special")))?;
        let mv = resolve(
            object(m, &format!("{here}.move"))?,
            &pos,
            last_to,
            &format!("{here}.move"),
        )?;
        let mut record_move = RecordMove::new(mv);
        record_move.time = time(entry, &here)?;
        record_move.comments = comments(entry, &here)?;
        if !pos.is_legal(mv) {
            // A foul: the illegal move, last, then nothing (as tsshogi
            // writes a KIF that ends so, with comments) or the end naming
            // its player.
            let next = entries.get(i + 1).and_then(Value::as_object);
            let special = next.and_then(|n| n.get("special")).and_then(Value::as_str);
            let foul_end = (i + 1 == entries.len())
                || (i + 2 == entries.len()
                    && special.is_some_and(|s| s == "ILLEGAL_MOVE" || s == illegal_action(mover)));
            if !foul_end || super::super::foul_shape_error(&pos, mv).is_some() {
                return Err(RecordError::new(
                    0,
                    RecordErrorKind::IllegalMove {
                        text: format!("{mv} ({here})"),
                        sfen: pos.to_sfen(),
                    },
                ));
            }
            let mut end = RecordEnd::new(EndKind::IllegalMove);
            if let Some(next) = next {
                let next_at = format!("{at}[{}]", base + i + 1);
                end.time = time(next, &next_at)?;
                end.comments = comments(next, &next_at)?;
            }
            end.variations = forks(entry, None, &pos, last_to, depth, &here)?;
            end.foul = Some(record_move);
            return Ok((moves, Some(end)));
        }
        record_move.variations = forks(entry, Some(mv), &pos, last_to, depth, &here)?;
        moves.push(record_move);
        pos.play_unchecked(mv);
        last_to = Some(mv.to());
        i += 1;
    }
    Ok((moves, None))
}

/// The side lines of an entry (`forks`), each read from `pos`, the
/// position before the entry; `own` is the entry's move, if it is one.
fn forks(
    entry: &Map<String, Value>,
    own: Option<Move>,
    pos: &Position,
    last_to: Option<Square>,
    depth: usize,
    at: &str,
) -> Result<Vec<Line>, RecordError> {
    let Some(forks) = entry.get("forks") else {
        return Ok(Vec::new());
    };
    let forks = forks
        .as_array()
        .ok_or_else(|| malformed(format!("{at}.forks is not a list")))?;
    let mut lines = Vec::with_capacity(forks.len());
    // Two children of a position never share a move (the tree's rule).
    let mut seen: Vec<Move> = own.into_iter().collect();
    for (f, fork) in forks.iter().enumerate() {
        let fork_at = format!("{at}.forks[{f}]");
        let entries = fork
            .as_array()
            .ok_or_else(|| malformed(format!("{fork_at} is not a list of entries")))?;
        let (moves, end) = read_line(entries, pos.clone(), last_to, depth + 1, &fork_at, 0)?;
        let Some(first) = moves.first() else {
            if end.is_some_and(|e| e.foul.is_none()) {
                // Another end for the same position (tsshogi writes a KIF's
                // `投了` then `中断` so): a position has one end here.
                continue;
            }
            return Err(malformed(format!("{fork_at} has no move")));
        };
        if seen.contains(&first.mv) {
            return Err(malformed(format!(
                "{fork_at} begins with {}, as another line from that position does",
                first.mv
            )));
        }
        seen.push(first.mv);
        lines.push(Line { moves, end });
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::super::super::header;
    use super::*;

    #[test]
    fn the_header_keeps_its_order_and_known_names_become_keys() {
        let r = read(r#"{"header":{"後手":"B","先手":"A","備考":"x"}}"#).unwrap();
        assert_eq!(
            r.headers,
            [
                (header::WHITE.to_owned(), "B".to_owned()),
                (header::BLACK.to_owned(), "A".to_owned()),
                ("備考".to_owned(), "x".to_owned())
            ]
        );
    }
}
