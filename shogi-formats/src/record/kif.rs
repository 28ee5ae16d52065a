//! KIF records (柿木形式), the format of Kifu for Windows and most Japanese
//! shogi software:
//!
//! ```text
//! 開始日時：2024/01/01 10:00
//! 手合割：平手
//! 先手：Sente
//! 後手：Gote
//! 手数----指手---------消費時間--
//!    1 ７六歩(77)   ( 0:01/00:00:01)
//!    2 ３四歩(33)   ( 0:02/00:00:02)
//! *a comment on move 2
//!    3 ２二角成(88) ( 0:03/00:00:04)
//!    4 同　銀(31)   ( 0:04/00:00:06)
//!    5 投了         ( 0:05/00:00:09)
//! まで4手で後手の勝ち
//! ```
//!
//! Reading:
//!
//! - headers `key：value` (or `key:value`) before the moves. `先手`/`下手`,
//!   `後手`/`上手`, `棋戦`, `場所`, `開始日時` (or `対局日`), `終了日時`,
//!   `持ち時間`, `手合割` and `戦型` get the keys of [`header`](crate::record::header);
//!   other headers keep their name;
//! - the start position: a BOD diagram ([`bod`](crate::record::bod)) if there is
//!   one, else the `手合割` ([`handicap_setup`](crate::record::kif::handicap_setup): 平手, the handicaps, in which
//!   上手 (White) moves first, and `5五将棋` for minishogi), else 平手;
//! - move lines `number move(origin) (m:ss/h:mm:ss)`: the destination
//!   (`７六`, `同　`), the piece, `成`, `不成` or neither (a declined
//!   promotion is written plainly by Kifu for Windows, Shogidokoro and
//!   ShogiHome, `２二角(88)`; `２二角不成(88)` is read as well), `打` for
//!   drops and the origin square in parentheses. Each move is checked
//!   against the rules. A move without its origin is resolved like
//!   Japanese notation. The move numbers are not checked. The time is the
//!   time of the move and the player's total so far;
//! - special moves ending the game: 投了 千日手 詰み 持将棋 切れ負け 反則勝ち
//!   反則負け 中断 入玉勝ち 不詰 不戦勝 不戦敗, and as others write them
//!   `封じ手` (read as 中断), `Time-up` (81Dojo; read as 切れ負け) and `入玉宣言`
//!   (read as 入玉勝ち) ([`EndKind`](crate::record::EndKind)). A second special
//!   move right after the first (`投了` then `中断`) is ignored: the first
//!   one ended the game;
//! - a foul: an illegal move directly followed by `反則勝ち` or `反則負け`,
//!   or that is the last move of the record (as 81Dojo writes it, with a
//!   comment `反則手にて終局`), is kept as the
//!   [`foul`](crate::record::RecordEnd::foul) of an
//!   [`EndKind::IllegalMove`](crate::record::EndKind::IllegalMove) end (the
//!   player of the illegal move loses, whichever of the two words follows).
//!   The move must name a piece its player has; any other illegal move is
//!   an error;
//! - `*comment` lines: before the first move they go to
//!   [`Record::comments`](crate::record::Record::comments), then to the move (or end) they follow;
//! - `#` lines are [`Record::remarks`](crate::record::Record::remarks)
//!   (but `#KIF version=…`);
//! - `&name` lines are the bookmark of the move they follow
//!   ([`RecordMove::bookmark`](crate::record::RecordMove::bookmark); one per
//!   move); one before the first move is the start position's
//!   ([`Record::bookmark`](crate::record::Record::bookmark)), one before
//!   the first move of a side line that of the position it branches from
//!   (the move before it, or the start); one after a line's end is
//!   skipped;
//! - blank lines and `まで…` summary lines are skipped; a leading
//!   byte-order mark too;
//! - variations, as Kifu for Windows and ShogiHome write them: after a line,
//!   blocks `変化：N手` (also read: `変化：N手目`, as ShogiBoardQ writes
//!   it) whose moves replace move N of the line read just
//!   before (the path from the start to the end of the last block read, and
//!   on along the main continuation of what is there), so that a block
//!   branches from the main line or from a variation read before it. Each
//!   block is a [`Line`](crate::record::Line) hung on the move it replaces
//!   ([`RecordMove::variations`](crate::record::RecordMove::variations)),
//!   with its comments, bookmarks, times and its own end. Every move is
//!   checked in its position. A block may also replace the end of the line
//!   before (`変化：5手` where move 5 is `投了`, as commentaries show how the
//!   game could have gone on after the resignation): it hangs on that end
//!   ([`RecordEnd::variations`](crate::record::RecordEnd::variations)). The
//!   `+` a move or end line may end with (a variation branches there) is not
//!   needed. A block that names a move the line before does not have, a
//!   block without a move or a comment before its first move is an error at
//!   its line. A block that
//!   starts with moves already played there (some files repeat the move
//!   replaced) is merged into them, as ShogiHome does.
//!
//! Anything else is an error, with its line number.
//!
//! Writing gives the layout above, then the variations: a move that has
//! a variation after it (a later sibling) ends with `+`, as does an end
//! with side lines played instead of it (the foul move, for a foul end), and
//! after each line come the `変化：N手` blocks of its variations, from its
//! end and last move back to its first, each block followed by its own
//! variations, the order Kifu for Windows writes. Every line's end gets its `まで` line.
//! [`read`](crate::record::kif::read) reads the result back to an equal
//! record (headers are written as they are, so a record with no `handicap`
//! header gets no `手合割` line; a BOD diagram is written whenever the start
//! position is not the one the `手合割`, or its absence, implies), except
//! that header values are read back trimmed and with line breaks as spaces,
//! and that a draw by agreement ([`EndKind::Draw`](crate::record::EndKind::Draw),
//! CSA `%HIKIWAKE`), for which KIF has no word, is written `持将棋` (with
//! `まで…手で持将棋`), as ShogiHome and cshogi write it, and read back as
//! [`EndKind::Jishogi`](crate::record::EndKind::Jishogi).

use super::{
    bod, header, EndKind, MoveTime, Record, RecordEnd, RecordError, RecordErrorKind, RecordMove,
    WriteError,
};
use shogi_core::notation::japanese::{self, digit_value, JapaneseError, Style};
use shogi_core::{Color, Excerpt, Move, Position, Setup, Square};
use shogi_variants::{Minishogi, Standard, MINISHOGI_START, STANDARD_START};

/// The 手合割 names and their start positions: standard shogi's
/// ([`Standard::HANDICAPS`], 平手 first) and minishogi's
/// ([`Minishogi::START_NAME`]).
fn named_starts() -> impl Iterator<Item = (&'static str, &'static str)> {
    Standard::HANDICAPS
        .into_iter()
        .chain([(Minishogi::START_NAME, MINISHOGI_START)])
}

/// The start position a `手合割` name stands for ([`Standard::HANDICAPS`]
/// and [`Minishogi::START_NAME`]): `平手`, the handicaps
/// `香落ち` `右香落ち` `角落ち` `飛車落ち` `飛香落ち` `二枚落ち` `三枚落ち`
/// `四枚落ち` `五枚落ち` `左五枚落ち` `六枚落ち` `左七枚落ち` `右七枚落ち`
/// `八枚落ち` `十枚落ち` (上手, the handicapped player, is White and moves
/// first: the setups have White to move), and `5五将棋` (also `５五将棋`,
/// `五五将棋`) for minishogi.
///
/// ```
/// use shogi_formats::record::kif::handicap_setup;
/// assert_eq!(
///     handicap_setup("香落ち").unwrap().to_sfen(),
///     "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
/// );
/// assert_eq!(handicap_setup("５五将棋").unwrap().to_sfen(), "rbsgk/4p/5/P4/KGSBR b - 1");
/// assert!(handicap_setup("その他").is_none());
/// ```
pub fn handicap_setup(name: &str) -> Option<Setup> {
    let name = name.trim();
    // Other programs write the 5 full width or in kanji.
    let name = match name {
        "５五将棋" | "五五将棋" => Minishogi::START_NAME,
        other => other,
    };
    named_starts()
        .find(|&(n, _)| n == name)
        .and_then(|(_, sfen)| Setup::from_sfen(sfen).ok())
}

/// The `手合割` name of a start position, if it has one (the inverse of
/// [`handicap_setup`]).
///
/// ```
/// use shogi_formats::record::kif::handicap_name;
/// use shogi_core::Setup;
/// let setup = Setup::from_sfen("lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1").unwrap();
/// assert_eq!(handicap_name(&setup), Some("二枚落ち"));
/// let black_first = Setup::from_sfen("lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").unwrap();
/// assert_eq!(handicap_name(&black_first), None);
/// ```
pub fn handicap_name(setup: &Setup) -> Option<&'static str> {
    named_starts()
        .find(|(_, sfen)| Setup::from_sfen(sfen).ok().as_ref() == Some(setup))
        .map(|(name, _)| name)
}

/// Whether `setup` is a handicap (駒落ち) start, where the players are
/// 下手 and 上手: one of [`Standard::HANDICAPS`] but the first (平手).
fn is_handicap(setup: &Setup) -> bool {
    handicap_named(None, setup).is_some()
}

/// The handicap (駒落ち: one of [`Standard::HANDICAPS`] but 平手) whose
/// start is `setup`, if its name is `name` (any name when `None`).
pub(crate) fn handicap_named(name: Option<&str>, setup: &Setup) -> Option<&'static str> {
    Standard::HANDICAPS[1..]
        .iter()
        .find(|(n, sfen)| {
            name.is_none_or(|name| name == *n)
                && Setup::from_sfen(sfen).ok().as_ref() == Some(setup)
        })
        .map(|(n, _)| *n)
}

/// KIF header names and the canonical keys they read as; the first name of
/// a key is the one written.
const HEADER_NAMES: [(&str, &str); 12] = [
    ("先手", header::BLACK),
    ("下手", header::BLACK),
    ("後手", header::WHITE),
    ("上手", header::WHITE),
    ("棋戦", header::EVENT),
    ("場所", header::SITE),
    ("開始日時", header::START_TIME),
    ("対局日", header::START_TIME),
    ("終了日時", header::END_TIME),
    ("持ち時間", header::TIME_CONTROL),
    ("手合割", header::HANDICAP),
    ("戦型", header::OPENING),
];

/// The canonical key of a KIF header name (the name itself if unknown).
fn canonical_key(name: &str) -> String {
    HEADER_NAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(name, |(_, key)| key)
        .to_owned()
}

/// The KIF name to write for a key.
fn kif_name(key: &str, handicap: bool) -> &str {
    match key {
        header::BLACK if handicap => "下手",
        header::WHITE if handicap => "上手",
        _ => HEADER_NAMES
            .iter()
            .find(|(_, k)| *k == key)
            .map_or(key, |(n, _)| n),
    }
}

/// The KIF names of the special moves; the first name of a kind is the one
/// written.
const END_NAMES: [(&str, EndKind); 15] = [
    ("投了", EndKind::Resign),
    ("千日手", EndKind::Repetition),
    ("詰み", EndKind::Checkmate),
    ("持将棋", EndKind::Jishogi),
    ("切れ負け", EndKind::Timeout),
    ("反則勝ち", EndKind::IllegalMoveWin),
    ("反則負け", EndKind::IllegalMove),
    ("中断", EndKind::Interrupted),
    ("入玉勝ち", EndKind::ImpasseDeclaration),
    ("不詰", EndKind::NoMate),
    ("不戦勝", EndKind::WinByDefault),
    ("不戦敗", EndKind::LossByDefault),
    ("封じ手", EndKind::Interrupted),
    ("Time-up", EndKind::Timeout),
    ("入玉宣言", EndKind::ImpasseDeclaration),
];

/// The KIF special move of an end, if KIF has one. A draw by agreement
/// (CSA `%HIKIWAKE`) is written `持将棋`, as ShogiHome and cshogi write it:
/// KIF's special moves have no other draw than 千日手 and 持将棋. It reads
/// back as [`EndKind::Jishogi`].
fn end_name(kind: EndKind) -> Option<&'static str> {
    let kind = match kind {
        EndKind::Draw => EndKind::Jishogi,
        other => other,
    };
    END_NAMES.iter().find(|(_, k)| *k == kind).map(|(n, _)| *n)
}

/// `key：value` (or `key:value`) split at the first colon, both trimmed.
fn split_header(line: &str) -> Option<(&str, &str)> {
    let (i, c) = line.char_indices().find(|&(_, c)| c == '：' || c == ':')?;
    let key = line.get(..i)?.trim();
    let value = line.get(i + c.len_utf8()..)?.trim();
    (!key.is_empty()).then_some((key, value))
}

/// What a line of a KIF or KI2 file is, before its content is read.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Line<'a> {
    /// Blank, a `#` line declaring the version: skipped.
    Skip,
    /// `&name`, a bookmark, with the text after the `&`.
    Bookmark(&'a str),
    /// `#remark`, with the text after the `#`.
    Remark(&'a str),
    /// `*comment`, with the text after the star.
    Comment(&'a str),
    /// `変化：`, where the variations begin.
    Variation,
    /// `まで…`, the summary.
    Summary(&'a str),
    /// `手数----指手--…`, the KIF table head.
    TableHead,
    /// Anything else, trimmed.
    Other(&'a str),
}

/// Classifies a line.
pub(crate) fn classify(line: &str) -> Line<'_> {
    let t = line.trim();
    if let Some(remark) = line.trim_start().strip_prefix('#') {
        if super::is_encoding_remark(remark) {
            return Line::Skip;
        }
        return Line::Remark(remark);
    }
    if t.is_empty() {
        return Line::Skip;
    }
    if let Some(name) = t.strip_prefix('&') {
        return Line::Bookmark(name);
    }
    if let Some(comment) = line.trim_start().strip_prefix('*') {
        return Line::Comment(comment.trim_end_matches('\r'));
    }
    if t.starts_with("変化") {
        return Line::Variation;
    }
    if let Some(rest) = t.strip_prefix("まで") {
        return Line::Summary(rest);
    }
    if is_table_head(t) {
        return Line::TableHead;
    }
    Line::Other(t)
}

/// Whether a trimmed line is the KIF move table head, `手数----指手--…`.
pub(crate) fn is_table_head(t: &str) -> bool {
    t.starts_with("手数-") || t.starts_with("手数－")
}

/// The headers and start position of a KIF or KI2 file, read line by line.
#[derive(Debug, Default)]
pub(crate) struct Preamble {
    /// Headers with canonical keys, in file order.
    pub(crate) headers: Vec<(String, String)>,
    handicap: Option<(usize, String)>,
    bod: bod::BodReader,
}

impl Preamble {
    /// Takes a line of a board diagram.
    pub(crate) fn take_diagram(&mut self, n: usize, line: &str) -> Result<bool, RecordError> {
        self.bod.feed(n, line)
    }

    /// Takes a header line.
    pub(crate) fn take_header(&mut self, n: usize, line: &str) -> bool {
        // A line that starts with a side mark is a move (KI2 style), whatever
        // colons it holds: not a header the writer could give back.
        if line
            .trim_start()
            .starts_with(|c| japanese::mark_side(c).is_some())
        {
            return false;
        }
        let Some((name, value)) = split_header(line) else {
            return false;
        };
        let key = canonical_key(name);
        if key == header::HANDICAP && self.handicap.is_none() {
            self.handicap = Some((n, value.to_owned()));
        }
        self.headers.push((key, value.to_owned()));
        true
    }

    /// The validated start position: the diagram, else the handicap, else 平手.
    pub(crate) fn start(&self) -> Result<(Setup, Position), RecordError> {
        let (setup, line) = if let Some(setup) = self.bod.finish()? {
            (setup, self.bod.first_line().unwrap_or(0))
        } else if let Some((n, name)) = &self.handicap {
            let setup = handicap_setup(name).ok_or_else(|| {
                RecordError::new(
                    *n,
                    RecordErrorKind::Unsupported(format!(
                        "手合割 '{}' without a board diagram",
                        Excerpt(name)
                    )),
                )
            })?;
            (setup, *n)
        } else {
            (hirate(), 0)
        };
        let pos = Record::new(setup.clone())
            .start_position()
            .map_err(|e| RecordError::new(line, e.kind))?;
        Ok((setup, pos))
    }
}

fn hirate() -> Setup {
    Setup::from_sfen(STANDARD_START).unwrap_or_else(|_| Setup::empty(9, 9))
}

/// Writes the remarks, the headers and, if the start position needs it, a
/// BOD diagram. Any header value is written (on one line); a header key is
/// refused when its line would read back as something else (a key with a
/// colon, a line break, or the shape of a move, comment or diagram line).
pub(crate) fn write_preamble(
    record: &Record,
    format: &'static str,
    out: &mut String,
) -> Result<(), WriteError> {
    for remark in &record.remarks {
        out.push('#');
        out.push_str(&super::one_line(remark));
        out.push('\n');
    }
    let handicap = is_handicap(&record.start);
    for (key, value) in &record.headers {
        let name = kif_name(key, handicap);
        // Whether the key reads back, tried with a plain value: what the
        // line is depends on the key only.
        let probe = format!("{name}：x");
        let key_round_trips = !name.contains(['\n', '\r'])
            && classify(&probe) == Line::Other(probe.trim())
            && !matches!(bod::BodReader::default().feed(0, &probe), Ok(true) | Err(_))
            && !is_move_line(&probe)
            && !probe.starts_with(|c| japanese::mark_side(c).is_some())
            && split_header(&probe).map(|(k, v)| (canonical_key(k), v)) == Some((key.clone(), "x"));
        if !key_round_trips {
            return Err(WriteError::Unsupported {
                format,
                what: format!("the header key {}", super::quoted(key)),
            });
        }
        out.push_str(name);
        out.push('：');
        out.push_str(&super::one_line(value));
        out.push('\n');
    }
    let implied = match record.header(header::HANDICAP) {
        Some(name) => handicap_setup(name),
        None => Some(hirate()),
    };
    if implied.as_ref() != Some(&record.start) {
        out.push_str(&bod::write(&record.start));
    }
    Ok(())
}

/// Writes comments as `*` lines, one per line of text (a comment is read
/// back without a trailing carriage return).
pub(crate) fn write_comments(comments: &[String], out: &mut String) {
    for comment in comments {
        for line in comment.split('\n') {
            out.push('*');
            out.push_str(line);
            out.push('\n');
        }
    }
}

/// The name of a side in a summary line.
fn side_name(color: Color, handicap: bool) -> &'static str {
    match (color, handicap) {
        (Color::Black, false) => "先手",
        (Color::White, false) => "後手",
        (Color::Black, true) => "下手",
        (Color::White, true) => "上手",
    }
}

/// The side a summary names.
fn named_side(s: &str) -> Option<(Color, &str)> {
    for (name, color) in [
        ("先手", Color::Black),
        ("下手", Color::Black),
        ("後手", Color::White),
        ("上手", Color::White),
    ] {
        if let Some(rest) = s.strip_prefix(name) {
            return Some((color, rest));
        }
    }
    None
}

/// The summary line `まで64手で後手の勝ち` of a record that ends with `end`,
/// if the end has one. After a foul move the count includes it and the
/// victim is named: `まで65手で後手の反則勝ち`.
pub(crate) fn summary(record: &Record, end: &RecordEnd) -> Option<String> {
    summary_after(&record.start, record.moves.len(), end)
}

/// The summary line of a line of `plies` moves from `start` that ends
/// with `end` (Kifu for Windows writes one after every line, side lines
/// too).
fn summary_after(start: &Setup, plies: usize, end: &RecordEnd) -> Option<String> {
    let to_move = if plies % 2 == 0 {
        start.side_to_move
    } else {
        start.side_to_move.opponent()
    };
    let handicap = is_handicap(start);
    let mover = side_name(to_move, handicap);
    let winner = side_name(to_move.opponent(), handicap);
    if end.foul.is_some() {
        return Some(format!("まで{}手で{winner}の反則勝ち", plies + 1));
    }
    let what = match end.kind {
        EndKind::Resign => format!("{winner}の勝ち"),
        EndKind::Repetition => "千日手".to_owned(),
        EndKind::Checkmate => "詰み".to_owned(),
        EndKind::ImpasseDeclaration => format!("{mover}の入玉勝ち"),
        // KIF and KI2 have no word for a draw by agreement: 持将棋, as
        // ShogiHome and cshogi write it.
        EndKind::Jishogi | EndKind::Draw => "持将棋".to_owned(),
        EndKind::Timeout => format!("時間切れにより{winner}の勝ち"),
        EndKind::IllegalMoveWin => format!("{mover}の反則勝ち"),
        EndKind::IllegalMove => format!("{mover}の反則負け"),
        EndKind::Interrupted => "中断".to_owned(),
        EndKind::NoMate => "不詰".to_owned(),
        EndKind::WinByDefault => format!("{mover}の不戦勝"),
        EndKind::LossByDefault => format!("{winner}の不戦勝"),
        _ => return None,
    };
    Some(format!("まで{plies}手で{what}"))
}

/// The end a summary line (the text after `まで`) describes, for a game
/// whose side to move is `to_move`. With `foul`, `to_move` has just made an
/// illegal move: `…の反則勝ち` must name the other side, `…の反則負け` the
/// side that moved, and both are [`EndKind::IllegalMove`].
pub(crate) fn parse_summary(
    n: usize,
    rest: &str,
    to_move: Color,
    foul: bool,
) -> Result<EndKind, RecordError> {
    let bad =
        || RecordError::malformed(n, format!("'まで{}' is not a summary line", Excerpt(rest)));
    let digits: String = rest
        .chars()
        .take_while(|&c| bod::decimal(&c.to_string()).is_some())
        .collect();
    let rest = rest
        .get(digits.len()..)
        .and_then(|r| r.strip_prefix('手'))
        .ok_or_else(bad)?;
    if digits.is_empty() {
        return Err(bad());
    }
    let rest = rest.strip_prefix('で').unwrap_or(rest).trim();
    let rest = rest.strip_suffix('。').unwrap_or(rest);
    let plain = [
        ("千日手", EndKind::Repetition),
        ("詰み", EndKind::Checkmate),
        // Mate problems: `まで49手詰` (a mate in 49).
        ("詰", EndKind::Checkmate),
        ("詰め", EndKind::Checkmate),
        ("持将棋", EndKind::Jishogi),
        ("中断", EndKind::Interrupted),
        ("封じ手", EndKind::Interrupted),
        ("不詰", EndKind::NoMate),
        // cshogi writes `まで…手で入玉宣言`: the side to move declared.
        ("入玉宣言", EndKind::ImpasseDeclaration),
    ];
    if let Some((_, kind)) = plain.iter().find(|(w, _)| *w == rest) {
        return Ok(*kind);
    }
    let (timeout, rest) = match rest.strip_prefix("時間切れにより") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let (side, what) = named_side(rest).ok_or_else(bad)?;
    let what = what.strip_prefix('の').ok_or_else(bad)?;
    let mover = side == to_move;
    let (kind, side_ok) = match what {
        "反則勝ち" if foul && !timeout => (EndKind::IllegalMove, !mover),
        "反則負け" if foul && !timeout => (EndKind::IllegalMove, mover),
        "不戦勝" if !timeout && mover => (EndKind::WinByDefault, true),
        "不戦勝" if !timeout => (EndKind::LossByDefault, true),
        "不戦敗" if !timeout && mover => (EndKind::LossByDefault, true),
        "不戦敗" if !timeout => (EndKind::WinByDefault, true),
        "勝ち" if timeout => (EndKind::Timeout, side == to_move.opponent()),
        "勝ち" => (EndKind::Resign, side == to_move.opponent()),
        "切れ負け" if !timeout => (EndKind::Timeout, side == to_move),
        "反則勝ち" if !timeout => (EndKind::IllegalMoveWin, side == to_move),
        "反則負け" if !timeout => (EndKind::IllegalMove, side == to_move),
        "入玉勝ち" if !timeout => (EndKind::ImpasseDeclaration, side == to_move),
        _ => return Err(bad()),
    };
    if !side_ok {
        return Err(RecordError::malformed(
            n,
            format!("'まで{}' names the wrong side for this game", Excerpt(rest)),
        ));
    }
    Ok(kind)
}

/// A Japanese-notation error as a record error at line `n`.
pub(crate) fn notation_error(n: usize, e: JapaneseError, pos: &Position) -> RecordError {
    match e {
        JapaneseError::Syntax(text) => {
            RecordError::malformed(n, format!("'{}' is not a move", Excerpt(&text)))
        }
        JapaneseError::NoPreviousMove(text) => RecordError::malformed(
            n,
            format!(
                "'{}' has 同 but no previous move on that square",
                Excerpt(&text)
            ),
        ),
        JapaneseError::Ambiguous(text) => {
            RecordError::malformed(n, format!("'{}' fits several legal moves", Excerpt(&text)))
        }
        JapaneseError::WrongSide(text) | JapaneseError::NoMatch(text) => RecordError::new(
            n,
            RecordErrorKind::IllegalMove {
                text,
                sfen: pos.to_sfen(),
            },
        ),
        // A kind of notation error added later: its own message.
        other => RecordError::malformed(n, other),
    }
}

/// Whether `line` is a KIF move line: a move number, then a space.
pub(crate) fn is_move_line(line: &str) -> bool {
    move_line(line).is_some()
}

/// Whether a trimmed line is a numbered KIF move (`1 ７六歩(77)`,
/// `5 投了`), not merely a line that starts with a number (a board
/// diagram's file numbers `５ ４ ３ ２ １`).
pub(crate) fn is_numbered_move(t: &str) -> bool {
    let Some(rest) = move_line(t) else {
        return false;
    };
    END_NAMES.iter().any(|(name, _)| rest.starts_with(name))
        || rest.starts_with('同')
        || japanese::parse_prefix(rest, None).is_ok()
}

/// The text after the move number of a move line.
fn move_line(line: &str) -> Option<&str> {
    let t = line.trim_start();
    let rest = t.trim_start_matches(|c: char| bod::decimal(&c.to_string()).is_some());
    if rest.len() == t.len() {
        return None;
    }
    if rest.is_empty() {
        return Some(rest);
    }
    rest.starts_with(char::is_whitespace)
        .then_some(rest.trim_start())
}

/// The moves read so far and the position they lead to.
pub(crate) struct Replay {
    pub(crate) start: Setup,
    pub(crate) pos: Position,
    pub(crate) moves: Vec<RecordMove>,
    pub(crate) end: Option<RecordEnd>,
    pub(crate) last_to: Option<Square>,
    /// An illegal move just read, that stands if a foul end follows it,
    /// with the error to give if none does.
    pub(crate) foul: Option<(RecordMove, RecordError)>,
}

impl Replay {
    pub(crate) fn new(pre: &Preamble) -> Result<Replay, RecordError> {
        let (start, pos) = pre.start()?;
        Ok(Replay {
            start,
            pos,
            moves: Vec::new(),
            end: None,
            last_to: None,
            foul: None,
        })
    }

    /// Keeps an illegal move that names a piece its player has, until the
    /// next line says whether it is the foul that ended the game; any
    /// other illegal move is the error `illegal`.
    pub(crate) fn hold_foul(
        &mut self,
        mv: Move,
        time: Option<MoveTime>,
        illegal: RecordError,
    ) -> Result<(), RecordError> {
        if self.foul.is_some() || super::foul_shape_error(&self.pos, mv).is_some() {
            return Err(self.take_foul_error().unwrap_or(illegal));
        }
        let mut m = RecordMove::new(mv);
        m.time = time;
        self.foul = Some((m, illegal));
        Ok(())
    }

    /// The error of an illegal move held that turned out not to be a foul.
    pub(crate) fn take_foul_error(&mut self) -> Option<RecordError> {
        self.foul.take().map(|(_, e)| e)
    }

    /// Ends the game with `kind`, or, when an illegal move is held and
    /// `kind` is a foul, with that move as the foul. A special move after
    /// the end is ignored.
    pub(crate) fn end_with(
        &mut self,
        kind: EndKind,
        time: Option<MoveTime>,
    ) -> Result<(), RecordError> {
        if self.end.is_some() {
            return Ok(());
        }
        let foul = match self.foul.take() {
            Some((m, _)) if matches!(kind, EndKind::IllegalMove | EndKind::IllegalMoveWin) => {
                Some(m)
            }
            Some((_, e)) => return Err(e),
            None => None,
        };
        let kind = if foul.is_some() {
            EndKind::IllegalMove
        } else {
            kind
        };
        self.end = Some(RecordEnd {
            kind,
            time,
            comments: Vec::new(),
            foul,
            variations: Vec::new(),
        });
        Ok(())
    }

    /// Plays a legal move.
    pub(crate) fn play(&mut self, mv: Move, time: Option<MoveTime>) {
        self.pos.play_unchecked(mv);
        self.last_to = Some(mv.to());
        let mut m = RecordMove::new(mv);
        m.time = time;
        self.moves.push(m);
    }

    /// Where a bookmark read now goes: the last move read (or the illegal
    /// move held); `None` before the first move or after the end.
    pub(crate) fn bookmark(&mut self) -> Option<&mut Option<String>> {
        if self.end.is_some() {
            return None;
        }
        if let Some((m, _)) = &mut self.foul {
            return Some(&mut m.bookmark);
        }
        self.moves.last_mut().map(|m| &mut m.bookmark)
    }

    /// The line read: its moves and its end. An illegal move still held
    /// is the foul that ended it (see [`Replay::into_record`]).
    pub(crate) fn into_line(mut self) -> Result<super::Line, RecordError> {
        if self.foul.is_some() {
            self.end_with(EndKind::IllegalMove, None)?;
        }
        Ok(super::Line {
            moves: self.moves,
            end: self.end,
        })
    }

    /// Where a comment read now goes.
    pub(crate) fn comments(&mut self) -> Option<&mut Vec<String>> {
        if let Some(end) = &mut self.end {
            return Some(&mut end.comments);
        }
        if let Some((m, _)) = &mut self.foul {
            return Some(&mut m.comments);
        }
        self.moves.last_mut().map(|m| &mut m.comments)
    }

    /// The record. An illegal move still held is the last thing of the
    /// record (81Dojo ends a game lost by an illegal move so, with a
    /// comment): the foul that ended the game.
    pub(crate) fn into_record(
        mut self,
        headers: Vec<(String, String)>,
        remarks: Vec<String>,
        comments: Vec<String>,
    ) -> Result<Record, RecordError> {
        if self.foul.is_some() {
            self.end_with(EndKind::IllegalMove, None)?;
        }
        Ok(Record {
            headers,
            start: self.start,
            remarks,
            comments,
            bookmark: None,
            moves: self.moves,
            end: self.end,
        })
    }
}

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

/// `( m:ss/hh:mm:ss)`.
fn time_text(time: MoveTime) -> String {
    let this = format!("{:>2}:{:02}", time.seconds / 60, time.seconds % 60);
    let total = time.total_seconds.map_or(String::new(), |t| {
        format!("{:02}:{:02}:{:02}", t / 3600, t / 60 % 60, t % 60)
    });
    format!("({this}/{total})")
}

/// The width of `s` in a fixed-width font (full-width characters count 2).
pub(crate) fn display_width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
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
    for (i, line) in super::lines(text).enumerate() {
        let n = i + 1;
        let t = match classify(line) {
            Line::Skip | Line::Summary(_) => continue,
            Line::Remark(r) => {
                remarks.push(r.to_owned());
                continue;
            }
            Line::Variation => {
                let r = match replay.take() {
                    Some(r) => r,
                    None => Replay::new(&pre)?,
                };
                let t = tree.get_or_insert_with(|| TreeReader::new(&r));
                replay = Some(t.branch(n, line.trim(), r)?);
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
                match replay.as_mut().and_then(Replay::comments) {
                    Some(list) => list.push(c.to_owned()),
                    None if tree.as_ref().is_some_and(TreeReader::in_side_line) => {
                        return Err(RecordError::malformed(
                            n,
                            "a comment in a variation before its first move",
                        ))
                    }
                    None => comments.push(c.to_owned()),
                }
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
    let mut record = match tree.and_then(TreeReader::into_record) {
        None => replay.into_record(pre.headers, remarks, comments)?,
        Some((mut record, branch)) => {
            branch.finish(&mut record, replay)?;
            record.headers = pre.headers;
            record.remarks = remarks;
            record.comments = comments;
            record
        }
    };
    record.bookmark = start_bookmark;
    Ok(record)
}

/// The side of the reader that follows the tree: where the line being read
/// branches off, the moves and positions from the start to where it is,
/// and the record once its main line is read.
struct TreeReader {
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

impl TreeReader {
    fn new(replay: &Replay) -> TreeReader {
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
    fn in_side_line(&self) -> bool {
        self.record.is_some()
    }

    /// Where a bookmark before the first move of the side line being read
    /// goes: on the move it branches after; `None` when it branches at the
    /// start (the start's bookmark) or no side line is read.
    fn branch_bookmark(&mut self) -> Option<&mut Option<String>> {
        let at = self.line.at.min(self.path.len());
        let record = self.record.as_mut()?;
        record.node_mut(&self.path[..at]).map(|m| &mut m.bookmark)
    }

    /// Follows the move just read, if one was played.
    fn read(&mut self, replay: &Replay, before: usize) {
        if replay.moves.len() > before {
            if let Some(m) = replay.moves.last() {
                self.path.push(m.mv);
                self.trail.push((replay.pos.clone(), replay.last_to));
            }
        }
    }

    /// A `変化：N手` line (line `n`, trimmed `text`): finishes the line
    /// `replay` was reading, and returns the reader of the variation, which
    /// replaces move N of the path read so far.
    fn branch(&mut self, n: usize, text: &str, replay: Replay) -> Result<Replay, RecordError> {
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
    fn into_record(self) -> Option<(Record, BranchAt)> {
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
struct BranchAt {
    line: Branch,
    path: Vec<Move>,
}

impl BranchAt {
    fn finish(self, record: &mut Record, replay: Replay) -> Result<(), RecordError> {
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

/// Writes a record as KIF: a `#KIF` line, the remarks as `#` lines, the
/// headers, a BOD diagram if the start position is not the one the headers
/// imply, the table head, the moves with their origins, times and comments,
/// the special move that ends the game and a `まで` summary line, then every
/// side line as a `変化：N手` block (see the [module](self)). A declined
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
/// is written `持将棋`, see the [module](self)) or if a header key
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
    if let Some(bookmark) = &record.bookmark {
        out.push('&');
        out.push_str(&super::one_line(bookmark));
        out.push('\n');
    }
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
    lines: &[crate::record::Line],
) -> Result<(), WriteError> {
    let unsupported = |what: String| WriteError::Unsupported {
        format: "KIF",
        what,
    };
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

    fn line(&self, out: &mut String, line: LineAt<'_>, main: bool) -> Result<(), WriteError> {
        let unsupported = |what: String| WriteError::Unsupported {
            format: "KIF",
            what,
        };
        let end_name_of = |end: &RecordEnd| {
            end_name(end.kind).ok_or_else(|| unsupported(format!("the end {:?}", end.kind)))
        };
        // Every position of the line, checked (the main line was checked
        // by `positions_to_write`).
        let mut positions = Vec::with_capacity(line.moves.len() + 1);
        let mut pos = line.pos.clone();
        let mut path = line.path.clone();
        let mut last_tos = vec![line.last_to];
        for m in line.moves {
            path.push(m.mv);
            if !pos.is_legal(m.mv) {
                return Err(WriteError::IllegalSideMove {
                    path,
                    sfen: pos.to_sfen(),
                });
            }
            positions.push(pos.clone());
            pos.play_unchecked(m.mv);
            last_tos.push(Some(m.mv.to()));
        }
        if !main {
            if let Some(end) = line.end {
                if let Some(foul) = &end.foul {
                    let reason = if end.kind != EndKind::IllegalMove {
                        Some("a foul move ends the game as EndKind::IllegalMove")
                    } else {
                        super::foul_shape_error(&pos, foul.mv)
                    };
                    if let Some(reason) = reason {
                        return Err(WriteError::Foul {
                            text: foul.mv.to_string(),
                            reason,
                        });
                    }
                }
            }
        }
        let end_line = line
            .end
            .map(|e| end_name_of(e).map(|n| (e, n)))
            .transpose()?;
        let end_sides = line.end.map_or(&[][..], |e| &e.variations[..]);
        distinct_first_moves(Vec::new(), end_sides)?;
        for (i, m) in line.moves.iter().enumerate() {
            if !main && i == 0 && !m.variations.is_empty() {
                return Err(unsupported(
                    "a variation on the first move of a side line (it belongs to the move that line replaces)".to_owned(),
                ));
            }
            distinct_first_moves(vec![m.mv], &m.variations)?;
            let text = japanese::format_move(&positions[i], m.mv, last_tos[i], Style::Kif);
            let plus = !m.variations.is_empty() || (i == 0 && line.sibling_follows);
            let number = self.first_number + (line.ply + i) as u64;
            Self::move_line(out, number, &text, m.time, plus);
            write_comments(&m.comments, out);
            if let Some(bookmark) = &m.bookmark {
                out.push('&');
                out.push_str(&super::one_line(bookmark));
                out.push('\n');
            }
        }
        if let Some((end, mut name)) = end_line {
            let mut number = self.first_number + (line.ply + line.moves.len()) as u64;
            if let Some(foul) = &end.foul {
                let text = japanese::format_move(
                    &pos,
                    foul.mv,
                    last_tos.last().copied().flatten(),
                    Style::Kif,
                );
                Self::move_line(out, number, &text, foul.time, !end_sides.is_empty());
                write_comments(&foul.comments, out);
                if let Some(bookmark) = &foul.bookmark {
                    out.push('&');
                    out.push_str(&super::one_line(bookmark));
                    out.push('\n');
                }
                number += 1;
                name = "反則勝ち";
            }
            let plus = end.foul.is_none() && !end_sides.is_empty();
            Self::move_line(out, number, name, end.time, plus);
            write_comments(&end.comments, out);
            let plies = line.ply + line.moves.len();
            if let Some(summary) = summary_after(&self.record.start, plies, end) {
                out.push_str(&summary);
                out.push('\n');
            }
        }
        // The side lines played instead of the end, then the variations,
        // from the line's last move back to its first.
        for (j, v) in end_sides.iter().enumerate() {
            let number = self.first_number + (line.ply + line.moves.len()) as u64;
            out.push_str(&format!("\n変化：{number}手\n"));
            let mut to = line.path.clone();
            to.extend(line.moves.iter().map(|m| m.mv));
            self.line(
                out,
                LineAt {
                    moves: &v.moves,
                    end: v.end.as_ref(),
                    ply: line.ply + line.moves.len(),
                    pos: pos.clone(),
                    last_to: last_tos.last().copied().flatten(),
                    path: to,
                    sibling_follows: j + 1 < end_sides.len(),
                },
                false,
            )?;
        }
        for (i, m) in line.moves.iter().enumerate().rev() {
            let count = m.variations.len();
            for (j, v) in m.variations.iter().enumerate() {
                let number = self.first_number + (line.ply + i) as u64;
                out.push_str(&format!("\n変化：{number}手\n"));
                let mut to = line.path.clone();
                to.extend(line.moves[..i].iter().map(|m| m.mv));
                self.line(
                    out,
                    LineAt {
                        moves: &v.moves,
                        end: v.end.as_ref(),
                        ply: line.ply + i,
                        pos: positions[i].clone(),
                        last_to: last_tos[i],
                        path: to,
                        sibling_follows: j + 1 < count,
                    },
                    false,
                )?;
            }
        }
        Ok(())
    }
}
