//! What the KIF family (KIF and KI2) shares: the 手合割 names, the
//! headers and start position before the moves (the preamble), the kinds
//! of line, the special moves and `まで` summary lines, and the replay of
//! the moves read.

use super::super::{
    bod, header, EndKind, MoveTime, Record, RecordEnd, RecordError, RecordErrorKind, RecordMove,
    WriteError,
};
use shogi_core::notation::japanese::{self, JapaneseError};
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
pub(crate) fn is_handicap(setup: &Setup) -> bool {
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
pub(crate) fn canonical_key(name: &str) -> String {
    HEADER_NAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(name, |(_, key)| key)
        .to_owned()
}

/// The KIF name to write for a key.
pub(crate) fn kif_name(key: &str, handicap: bool) -> &str {
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
pub(super) const END_NAMES: [(&str, EndKind); 15] = [
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
pub(super) fn end_name(kind: EndKind) -> Option<&'static str> {
    let kind = match kind {
        EndKind::Draw => EndKind::Jishogi,
        other => other,
    };
    END_NAMES.iter().find(|(_, k)| *k == kind).map(|(n, _)| *n)
}

/// `key：value` (or `key:value`) split at the first colon, both trimmed.
pub(super) fn split_header(line: &str) -> Option<(&str, &str)> {
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
        if super::super::is_encoding_remark(remark) {
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

pub(super) fn hirate() -> Setup {
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
        out.push_str(&super::super::one_line(remark));
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
                what: format!("the header key {}", super::super::quoted(key)),
            });
        }
        out.push_str(name);
        out.push('：');
        out.push_str(&super::super::one_line(value));
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
pub(super) fn summary_after(start: &Setup, plies: usize, end: &RecordEnd) -> Option<String> {
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
pub(super) fn move_line(line: &str) -> Option<&str> {
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
        if self.foul.is_some() || super::super::foul_shape_error(&self.pos, mv).is_some() {
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
    pub(crate) fn into_line(mut self) -> Result<super::super::Line, RecordError> {
        if self.foul.is_some() {
            self.end_with(EndKind::IllegalMove, None)?;
        }
        Ok(super::super::Line {
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

/// The width of `s` in a fixed-width font (full-width characters count 2).
pub(crate) fn display_width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}
