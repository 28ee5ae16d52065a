//! USEN (URL Safe sfen-Extended Notation), the compact record notation of
//! Shogi Playground that ShogiHome (tsshogi) reads and writes to share games
//! in URLs: `~0.7ku2jm6y2.r` is 7六歩 3四歩 2六歩 and a resignation.
//!
//! The text is sections split by `~`:
//!
//! - the start: its SFEN without the move number, `/` written `_`, spaces
//!   `.` and `+` `z`; empty for standard shogi's start;
//! - then one section per line of the tree, `<ply>.<moves>.<end>`: the
//!   number of moves before the line's first, the moves as three base-36
//!   digits each (`(from × 81 + to) × 2 + promotion`, squares numbered
//!   `(rank − 1) × 9 + (file − 1)`, a drop's origin `81 +` 10 pawn, 11 lance,
//!   12 knight, 13 silver, 9 gold, 14 bishop, 15 rook), and the end: `r`
//!   resignation, `t` time out, `j` jishogi (and a draw), `p` interruption,
//!   or nothing.
//!
//! The first line is the main line, from ply 0; each later line branches
//! from the line written just before it, at its ply, as tsshogi reads it:
//! the writer writes the main line, then the side lines deepest branch
//! first (ShogiHome's order), each followed by its own.
//!
//! USEN holds the moves, the variations and those four ends, nothing else:
//! no headers, times, comments or move number, and no other end (a
//! checkmate or repetition is written as no end, not as `p` as tsshogi
//! writes it). 9 × 9 only. A foul move cannot be written (USEN's moves are
//! read as legal ones).

use super::{
    EndKind, Record, RecordEnd, RecordError, RecordErrorKind, RecordMove, TreeError, WriteError,
};
use shogi_core::{Move, PieceKind, Position, Setup, Square};
use shogi_variants::STANDARD_START;

/// The drop origins: 81 plus these codes.
const DROPS: [(PieceKind, u32); 7] = [
    (PieceKind::Gold, 9),
    (PieceKind::Pawn, 10),
    (PieceKind::Lance, 11),
    (PieceKind::Knight, 12),
    (PieceKind::Silver, 13),
    (PieceKind::Bishop, 14),
    (PieceKind::Rook, 15),
];

/// The ends USEN names.
const ENDS: [(char, EndKind); 4] = [
    ('r', EndKind::Resign),
    ('t', EndKind::Timeout),
    ('j', EndKind::Jishogi),
    ('p', EndKind::Interrupted),
];

/// USEN's number of a square: rank by rank.
fn square_code(sq: Square) -> u32 {
    u32::from(sq.rank() - 1) * 9 + u32::from(sq.file() - 1)
}

fn code_square(code: u32) -> Option<Square> {
    Square::new((code % 9 + 1) as u8, (code / 9 + 1) as u8)
}

/// The three base-36 digits of a move.
fn move_code(mv: Move) -> Option<String> {
    let from = match (mv.from(), mv.drop_kind()) {
        (Some(from), _) => square_code(from),
        (None, Some(kind)) => 81 + DROPS.iter().find(|(k, _)| *k == kind)?.1,
        (None, None) => return None,
    };
    let m = (from * 81 + square_code(mv.to())) * 2 + u32::from(mv.is_promotion());
    let digit = |d: u32| char::from_digit(d, 36).unwrap_or('0');
    Some(
        [digit(m / 1296), digit(m / 36 % 36), digit(m % 36)]
            .iter()
            .collect(),
    )
}

/// The move of three base-36 digits, if they name one.
fn code_move(code: &str) -> Option<Move> {
    let m = u32::from_str_radix(code, 36).ok()?;
    let (from, to, promote) = (m / 162, m / 2 % 81, m % 2 == 1);
    let to = code_square(to)?;
    if from < 81 {
        Some(Move::normal(code_square(from)?, to, promote))
    } else {
        let kind = DROPS.iter().find(|(_, c)| 81 + c == from)?.0;
        if promote {
            return None;
        }
        Move::drop(kind, to)
    }
}

/// One node of the tree in the order USEN writes them: a move at its ply
/// (1 for the first move), or a line's end after `ply` moves.
enum Node {
    Move(usize, String),
    End(usize, char),
}

/// Collects a line's nodes, then the side lines deepest branch first (the
/// side lines of its end, then of its last move, ...), each followed by its
/// own; `before` is the number of moves before the line, `pos` the position
/// there and `path` the moves to it; `main` whether it is the main line.
/// Every move is checked in its position.
fn collect(
    moves: &[RecordMove],
    end: Option<&RecordEnd>,
    (before, pos, path): (usize, &Position, &[Move]),
    main: bool,
    out: &mut Vec<Node>,
) -> Result<(), WriteError> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut here = pos.clone();
    let mut path = path.to_vec();
    for (i, m) in moves.iter().enumerate() {
        path.push(m.mv);
        if !here.is_legal(m.mv) {
            return Err(if main {
                WriteError::IllegalMove {
                    index: i,
                    text: m.mv.to_string(),
                    sfen: here.to_sfen(),
                }
            } else {
                WriteError::IllegalSideMove {
                    path,
                    sfen: here.to_sfen(),
                }
            });
        }
        let code = move_code(m.mv).ok_or_else(|| unsupported(format!("the move {}", m.mv)))?;
        out.push(Node::Move(before + i + 1, code));
        positions.push(here.clone());
        here.play_unchecked(m.mv);
    }
    let line_path = &path[..];
    if let Some(end) = end {
        if end.foul.is_some() {
            return Err(unsupported("a foul move".to_owned()));
        }
        if let Some((letter, _)) = ENDS
            .iter()
            .find(|(_, k)| *k == end.kind || (end.kind == EndKind::Draw && *k == EndKind::Jishogi))
        {
            out.push(Node::End(before + moves.len(), *letter));
        }
        for line in &end.variations {
            let from = (before + moves.len(), &here, line_path);
            collect(&line.moves, line.end.as_ref(), from, false, out)?;
        }
    }
    for (i, m) in moves.iter().enumerate().rev() {
        for line in &m.variations {
            let from = (before + i, &positions[i], &line_path[..before + i]);
            collect(&line.moves, line.end.as_ref(), from, false, out)?;
        }
    }
    Ok(())
}

fn unsupported(what: String) -> WriteError {
    WriteError::Unsupported {
        format: "USEN",
        what,
    }
}

/// Writes a record as USEN: the start, then the main line and every side
/// line (see the [module](self)). Headers, times and comments are left out,
/// and ends USEN has no letter for; fails ([`WriteError`]) on an illegal
/// move, a foul or a board other than 9 × 9.
///
/// ```
/// use shogi_formats::record::{usen, kif};
/// let record = kif::read("   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n\n変化：2手\n   2 ８四歩(83)\n")?;
/// let text = usen::write(&record)?;
/// // The main line and its end, then the side line from ply 1 (tsshogi
/// // writes `~1.36e.r` there, giving the side line the main line's end).
/// assert_eq!(text, "~0.7ku2jm.r~1.36e.");
/// let back = usen::read(&text)?;
/// assert_eq!(back.moves, record.moves);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(record: &Record) -> Result<String, WriteError> {
    if (record.start.files, record.start.ranks) != (9, 9) {
        return Err(unsupported(format!(
            "a {} × {} board",
            record.start.files, record.start.ranks
        )));
    }
    let start_position = record
        .start_position()
        .map_err(|e| WriteError::Start(e.kind))?;
    let mut start = record.start.clone();
    start.move_number = 1;
    let mut out = if start.to_sfen() == STANDARD_START {
        String::new()
    } else {
        let sfen = start.to_sfen();
        let sfen = sfen.strip_suffix(" 1").unwrap_or(&sfen);
        sfen.replace('/', "_").replace(' ', ".").replace('+', "z")
    };
    let mut nodes = Vec::new();
    collect(
        &record.moves,
        record.end.as_ref(),
        (0, &start_position, &[]),
        true,
        &mut nodes,
    )?;
    let mut last = 0;
    let mut section: Option<(usize, String, Option<char>)> = None;
    let close = |s: Option<(usize, String, Option<char>)>, out: &mut String| {
        if let Some((ply, moves, end)) = s {
            out.push_str(&format!(
                "~{ply}.{moves}.{}",
                end.map(String::from).unwrap_or_default()
            ));
        }
    };
    for node in nodes {
        // A node opens a section when it does not follow the last move, or
        // when a move follows an end (a side line played instead of it).
        let ended = matches!(&section, Some((_, _, Some(_))));
        let (ply, first_of_line) = match &node {
            Node::Move(ply, _) => (*ply, section.is_none() || *ply != last + 1 || ended),
            Node::End(after, _) => (*after + 1, section.is_none() || *after != last),
        };
        if first_of_line {
            close(section.take(), &mut out);
            section = Some((ply - 1, String::new(), None));
        }
        if let Some((_, moves, end)) = &mut section {
            match node {
                Node::Move(ply, code) => {
                    moves.push_str(&code);
                    last = ply;
                }
                Node::End(_, letter) => *end = Some(letter),
            }
        }
    }
    if section.is_none() {
        section = Some((0, String::new(), None));
    }
    close(section, &mut out);
    Ok(out)
}

/// Reads a USEN text (see the [module](self)): the start, the main line and
/// the side lines, every move checked against the rules. Errors name the
/// section (1 for the main line).
///
/// ```
/// use shogi_formats::record::{usen, EndKind};
/// let record = usen::read("~0.7ku2jm6y2.r")?;
/// assert_eq!(record.moves[2].mv.to_string(), "2g2f");
/// assert_eq!(record.end.unwrap().kind, EndKind::Resign);
/// assert!(usen::read("~0.7ku7ku").is_err()); // the pawn on 7f cannot move from 7g
/// # Ok::<(), shogi_formats::record::RecordError>(())
/// ```
pub fn read(text: &str) -> Result<Record, RecordError> {
    let text = text.trim();
    let mut sections = text.split('~');
    let start = sections.next().unwrap_or_default();
    let start = if start.is_empty() {
        Setup::from_sfen(STANDARD_START)
    } else {
        let sfen = format!(
            "{} 1",
            start.replace('_', "/").replace('.', " ").replace('z', "+")
        );
        Setup::from_sfen(&sfen)
    }
    .map_err(|e| RecordError::malformed(0, format!("USEN start: {e}")))?;
    if (start.files, start.ranks) != (9, 9) {
        return Err(RecordError::malformed(
            0,
            format!(
                "USEN start: a {} × {} board (USEN is 9 × 9)",
                start.files, start.ranks
            ),
        ));
    }
    let mut record = Record::new(start);
    record.start_position()?;
    let mut path: Vec<Move> = Vec::new();
    for (n, section) in sections.enumerate() {
        let at = n + 1;
        let bad = |what: String| RecordError::malformed(0, format!("USEN section {at}: {what}"));
        let mut parts = section.split('.');
        let (ply, moves, end) = (
            parts.next().unwrap_or(""),
            parts.next().unwrap_or(""),
            parts.next().unwrap_or(""),
        );
        if parts.next().is_some() {
            return Err(bad("more than three parts (ply.moves.end)".to_owned()));
        }
        let ply: usize = ply
            .parse()
            .map_err(|_| bad(format!("{} is not a ply", super::quoted(ply))))?;
        if ply > path.len() {
            return Err(bad(format!(
                "branches at ply {ply}, but the line before has {} moves",
                path.len()
            )));
        }
        path.truncate(ply);
        if moves.len() % 3 != 0 || !moves.is_ascii() {
            return Err(bad("moves are three base-36 digits each".to_owned()));
        }
        for (i, code) in moves.as_bytes().chunks(3).enumerate() {
            let code = std::str::from_utf8(code).unwrap_or("");
            let mv = code_move(code)
                .ok_or_else(|| bad(format!("{} is not a move", super::quoted(code))))?;
            match record.add_child(&path, RecordMove::new(mv)) {
                Ok(_) | Err(TreeError::Duplicate { .. }) => path.push(mv),
                Err(e) => {
                    return Err(RecordError::new(
                        0,
                        RecordErrorKind::IllegalMove {
                            text: format!("{mv} (USEN section {at}, move {})", i + 1),
                            sfen: record
                                .position_at(&path)
                                .map(|p| p.to_sfen())
                                .unwrap_or_else(|_| e.to_string()),
                        },
                    ))
                }
            }
        }
        if !end.is_empty() {
            let kind = end
                .chars()
                .next()
                .filter(|_| end.len() == 1)
                .and_then(|c| ENDS.iter().find(|(l, _)| *l == c))
                .map(|(_, k)| *k)
                .ok_or_else(|| bad(format!("{} is not an end (r, t, j, p)", super::quoted(end))))?;
            let slot = record
                .line_end_mut(&path)
                .ok_or_else(|| bad("the end of a line that does not end there".to_owned()))?;
            if slot.is_none() {
                *slot = Some(RecordEnd::new(kind));
            }
        }
    }
    Ok(record)
}
