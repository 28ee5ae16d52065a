//! Japanese move notation, as the Japan Shogi Association writes it
//! (日本将棋連盟「棋譜の表記方法」): `▲７六歩`, `△同　歩`, `▲５二金左上`,
//! `▲２二角成`, `▲５五角打`.
//!
//! A move is written as the side's mark (`▲` Black, `△` White), the
//! destination (full-width file digit, kanji rank numeral; `同` when it is
//! the square of the previous move), the piece, then only what is needed to
//! tell it from the other moves of the position:
//!
//! - the relative position (`右` right, `左` left, `直` straight forward)
//!   and the motion (`上` up, `引` back, `寄` sideways) of the piece, when
//!   several pieces of the same kind can reach the square. The motion comes
//!   first: it alone is written when it is enough; then the position alone;
//!   then both (`左上`, `右引`). `右` and `左` are seen from the player who
//!   moves. For golds, silvers and the promoted minor pieces they say where
//!   the piece stands relative to the destination, and `直` marks the piece
//!   that goes straight forward; for the other pieces (rooks, bishops,
//!   dragons, horses, knights) they say which of the two pieces moves, the
//!   one on the right or the one on the left, and `直` is never used;
//! - `成` or `不成` when the move could promote;
//! - `打` for a drop when a piece of the same kind on the board could also
//!   go to that square.
//!
//! Promoted pieces are written と 成香 成桂 成銀 馬 龍, the king 玉. Reading
//! also accepts `☗`/`☖` or no mark, ASCII digits, kanji files, `同` with or
//! without a space (or after the square, `７六同歩`), 竜, 王, 杏 圭 全, `生`
//! for `不成` and `行` for `上`.
//!
//! ```
//! use shogi_core::notation::japanese;
//! use shogi_core::{Geometry, Move, PieceSet, Position};
//!
//! let board = Geometry::new(9, 9, 3)?.leak();
//! let pieces = PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] };
//! let mut pos = Position::from_sfen(
//!     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
//!     board,
//!     &pieces,
//! )?;
//! let mv: Move = "7g7f".parse()?;
//! assert_eq!(japanese::write(&pos, mv, None), "▲７六歩");
//! assert_eq!(japanese::read(&pos, "▲７六歩", None)?, mv);
//! pos.play(mv)?;
//! assert_eq!(japanese::read(&pos, "3四歩", Some(mv.to()))?, "3c3d".parse()?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{Color, Move, PieceKind, Position, Square};

/// Why a text cannot be read as a Japanese move in a position.
///
/// ```
/// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
/// use shogi_core::notation::japanese::{self, JapaneseError};
/// use shogi_core::{Geometry, PieceSet, Position};
/// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces)?;
/// assert!(matches!(japanese::read(&pos, "７六歩", None), Err(JapaneseError::NoMatch(_))));
/// assert!(matches!(japanese::read(&pos, "☖４四歩", None), Err(JapaneseError::WrongSide(_))));
/// assert!(matches!(japanese::read(&pos, "歩", None), Err(JapaneseError::Syntax(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JapaneseError {
    /// The text does not have the form of a move.
    #[error("'{}' is not Japanese move notation (expected like ▲７六歩)", crate::Excerpt(.0))]
    Syntax(String),
    /// The mark (▲ or △) names the side that is not to move.
    #[error("'{}' is marked for the side that is not to move", crate::Excerpt(.0))]
    WrongSide(String),
    /// `同` with no previous move to refer to (or a square that is not it).
    #[error("'{}' refers with 同 to a previous move that is not there", crate::Excerpt(.0))]
    NoPreviousMove(String),
    /// No legal move fits the text.
    #[error("no legal move is '{}'", crate::Excerpt(.0))]
    NoMatch(String),
    /// Several legal moves fit the text.
    #[error("'{}' fits several legal moves", crate::Excerpt(.0))]
    Ambiguous(String),
}

/// Where a piece stands compared with the others that could make the move:
/// the `右`/`左`/`直` word of a [`Parsed`] move.
///
/// ```
/// use shogi_core::notation::japanese::{parse_prefix, Horizontal};
/// let (parsed, _) = parse_prefix("５二金直", None)?;
/// assert_eq!(parsed.horizontal, Some(Horizontal::Straight));
/// # Ok::<(), shogi_core::notation::japanese::JapaneseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Horizontal {
    /// 右: the piece on the right (of the mover).
    Right,
    /// 左: the piece on the left.
    Left,
    /// 直: straight forward (golds, silvers, promoted minors).
    Straight,
}

/// Which way a piece moves: the `上`/`引`/`寄` word of a [`Parsed`] move.
///
/// ```
/// use shogi_core::notation::japanese::{parse_prefix, Vertical};
/// let (parsed, _) = parse_prefix("５二金寄", None)?;
/// assert_eq!(parsed.vertical, Some(Vertical::Sideways));
/// # Ok::<(), shogi_core::notation::japanese::JapaneseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vertical {
    /// 上: forward.
    Up,
    /// 引: backward.
    Back,
    /// 寄: sideways.
    Sideways,
}

impl Horizontal {
    fn text(self) -> &'static str {
        match self {
            Horizontal::Right => "右",
            Horizontal::Left => "左",
            Horizontal::Straight => "直",
        }
    }
}

impl Vertical {
    fn text(self) -> &'static str {
        match self {
            Vertical::Up => "上",
            Vertical::Back => "引",
            Vertical::Sideways => "寄",
        }
    }
}

const FULL_WIDTH_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const KANJI_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The name a record writes for a piece kind: 歩 香 桂 銀 金 角 飛 玉 と 成香
/// 成桂 成銀 馬 龍.
pub(crate) fn kind_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "歩",
        PieceKind::Lance => "香",
        PieceKind::Knight => "桂",
        PieceKind::Silver => "銀",
        PieceKind::Gold => "金",
        PieceKind::Bishop => "角",
        PieceKind::Rook => "飛",
        PieceKind::King => "玉",
        PieceKind::ProPawn => "と",
        PieceKind::ProLance => "成香",
        PieceKind::ProKnight => "成桂",
        PieceKind::ProSilver => "成銀",
        PieceKind::Horse => "馬",
        PieceKind::Dragon => "龍",
    }
}

/// Every spelling of every kind, the two-character ones first.
const KIND_SPELLINGS: [(&str, PieceKind); 18] = [
    ("成香", PieceKind::ProLance),
    ("成桂", PieceKind::ProKnight),
    ("成銀", PieceKind::ProSilver),
    ("歩", PieceKind::Pawn),
    ("香", PieceKind::Lance),
    ("桂", PieceKind::Knight),
    ("銀", PieceKind::Silver),
    ("金", PieceKind::Gold),
    ("角", PieceKind::Bishop),
    ("飛", PieceKind::Rook),
    ("玉", PieceKind::King),
    ("王", PieceKind::King),
    ("と", PieceKind::ProPawn),
    ("杏", PieceKind::ProLance),
    ("圭", PieceKind::ProKnight),
    ("全", PieceKind::ProSilver),
    ("馬", PieceKind::Horse),
    ("龍", PieceKind::Dragon),
];

/// The kind a piece spelling at the start of `s` names, and the rest of `s`.
pub(crate) fn parse_kind(s: &str) -> Option<(PieceKind, &str)> {
    if let Some(rest) = s.strip_prefix('竜') {
        return Some((PieceKind::Dragon, rest));
    }
    KIND_SPELLINGS
        .iter()
        .find_map(|&(name, kind)| s.strip_prefix(name).map(|rest| (kind, rest)))
}

/// The one-character spelling of a kind, as board diagrams (BOD) use: 歩 香
/// 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍 (杏 圭 全 for the promoted minors,
/// which moves write 成香 成桂 成銀).
///
/// ```
/// use shogi_core::notation::japanese::kind_char;
/// use shogi_core::PieceKind;
/// assert_eq!(kind_char(PieceKind::ProSilver), '全');
/// assert_eq!(kind_char(PieceKind::Dragon), '龍');
/// ```
pub fn kind_char(kind: PieceKind) -> char {
    match kind {
        PieceKind::ProLance => '杏',
        PieceKind::ProKnight => '圭',
        PieceKind::ProSilver => '全',
        PieceKind::Dragon => '龍',
        other => kind_name(other).chars().next().unwrap_or('？'),
    }
}

/// The kind a single diagram character names (every one-character spelling
/// the reader accepts: [`kind_char`]'s, and 王 竜).
///
/// ```
/// use shogi_core::notation::japanese::kind_from_char;
/// use shogi_core::PieceKind;
/// assert_eq!(kind_from_char('竜'), Some(PieceKind::Dragon));
/// assert_eq!(kind_from_char('王'), Some(PieceKind::King));
/// assert_eq!(kind_from_char('x'), None);
/// ```
pub fn kind_from_char(c: char) -> Option<PieceKind> {
    let mut buf = [0u8; 4];
    match parse_kind(c.encode_utf8(&mut buf)) {
        Some((kind, "")) => Some(kind),
        _ => None,
    }
}

/// A digit 1..=9 written in ASCII, full width or kanji (the files and
/// ranks of Japanese notation); `None` for anything else, 0 included.
///
/// ```
/// use shogi_core::notation::japanese::digit_value;
/// assert_eq!(digit_value('７'), Some(7));
/// assert_eq!(digit_value('六'), Some(6));
/// assert_eq!(digit_value('3'), Some(3));
/// assert_eq!(digit_value('0'), None);
/// ```
pub fn digit_value(c: char) -> Option<u8> {
    if let Some(d) = c.to_digit(10).filter(|&d| d >= 1) {
        return Some(d as u8);
    }
    FULL_WIDTH_DIGITS
        .iter()
        .chain(KANJI_DIGITS.iter())
        .position(|&k| k == c)
        .map(|i| (i % 9) as u8 + 1)
}

/// `７六`: the full-width file digit and the kanji rank numeral.
pub(crate) fn square_name(sq: Square) -> String {
    let file = FULL_WIDTH_DIGITS
        .get(usize::from(sq.file()).wrapping_sub(1))
        .copied()
        .unwrap_or('？');
    let rank = KANJI_DIGITS
        .get(usize::from(sq.rank()).wrapping_sub(1))
        .copied()
        .unwrap_or('？');
    [file, rank].iter().collect()
}

/// The side mark: `▲` for Black, `△` for White.
pub(crate) fn side_mark(color: Color) -> char {
    match color {
        Color::Black => '▲',
        Color::White => '△',
    }
}

/// The side a mark names: `▲`, `☗` (and `▼`, which some KI2 writers use)
/// for Black; `△`, `☖`, `▽` for White.
///
/// ```
/// use shogi_core::notation::japanese::mark_side;
/// use shogi_core::Color;
/// assert_eq!(mark_side('☖'), Some(Color::White));
/// assert_eq!(mark_side('7'), None);
/// ```
pub fn mark_side(c: char) -> Option<Color> {
    match c {
        '▲' | '☗' | '▼' => Some(Color::Black),
        '△' | '☖' | '▽' => Some(Color::White),
        _ => None,
    }
}

fn is_space(c: char) -> bool {
    c == ' ' || c == '\u{3000}' || c == '\t'
}

/// A move as written, before it is matched against the legal moves
/// ([`parse_prefix`] reads it, [`resolve`] finds its move).
///
/// ```
/// use shogi_core::notation::japanese::parse_prefix;
/// use shogi_core::{Color, PieceKind};
/// let (parsed, rest) = parse_prefix("△２二角成(88)", None)?;
/// assert_eq!(parsed.side, Some(Color::White));
/// assert_eq!((parsed.to.to_string(), parsed.kind), ("2b".to_owned(), PieceKind::Bishop));
/// assert_eq!((parsed.promote, parsed.drop, rest), (Some(true), false, "(88)"));
/// # Ok::<(), shogi_core::notation::japanese::JapaneseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The side the mark names, if any.
    pub side: Option<Color>,
    /// The destination (`同` resolved).
    pub to: Square,
    /// Whether the destination was written `同`.
    pub same: bool,
    /// The kind of the moving piece before it moves.
    pub kind: PieceKind,
    /// `成` (Some(true)), `不成`/`生` (Some(false)) or nothing.
    pub promote: Option<bool>,
    /// `打`.
    pub drop: bool,
    /// `右`, `左`, `直`.
    pub horizontal: Option<Horizontal>,
    /// `上`, `引`, `寄`.
    pub vertical: Option<Vertical>,
}

/// Reads a move from the start of `text` and returns it with the rest of the
/// text (what follows the last modifier), without looking at a position:
/// `last_to` is the destination of the previous move, for `同`. Record
/// formats read what follows (KIF's origin `(77)` and time) themselves.
///
/// ```
/// use shogi_core::notation::japanese::{parse_prefix, JapaneseError};
/// let (parsed, rest) = parse_prefix("同　銀(31)   ( 0:04/00:00:06)", Some("2b".parse()?))?;
/// assert!(parsed.same);
/// assert_eq!(rest, "(31)   ( 0:04/00:00:06)");
/// assert!(matches!(parse_prefix("同　銀", None), Err(JapaneseError::NoPreviousMove(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_prefix(text: &str, last_to: Option<Square>) -> Result<(Parsed, &str), JapaneseError> {
    let syntax = || JapaneseError::Syntax(text.to_owned());
    let mut s = text.trim_start_matches(is_space);
    let mut side = None;
    if let Some(c) = s.chars().next() {
        if let Some(color) = mark_side(c) {
            side = Some(color);
            s = s[c.len_utf8()..].trim_start_matches(is_space);
        }
    }
    let (to, same) = if let Some(rest) = s.strip_prefix('同') {
        s = rest.trim_start_matches(is_space);
        let to = last_to.ok_or_else(|| JapaneseError::NoPreviousMove(text.to_owned()))?;
        (to, true)
    } else {
        let mut chars = s.chars();
        let (Some(f), Some(r)) = (chars.next(), chars.next()) else {
            return Err(syntax());
        };
        let (Some(file), Some(rank)) = (digit_value(f), digit_value(r)) else {
            return Err(syntax());
        };
        let to = Square::new(file, rank).ok_or_else(syntax)?;
        s = chars.as_str();
        let same = if let Some(rest) = s.strip_prefix('同') {
            if last_to != Some(to) {
                return Err(JapaneseError::NoPreviousMove(text.to_owned()));
            }
            s = rest.trim_start_matches(is_space);
            true
        } else {
            false
        };
        (to, same)
    };
    let (kind, rest) = parse_kind(s).ok_or_else(syntax)?;
    s = rest;
    let mut parsed = Parsed {
        side,
        to,
        same,
        kind,
        promote: None,
        drop: false,
        horizontal: None,
        vertical: None,
    };
    loop {
        let before = s;
        if let Some(rest) = s.strip_prefix("不成").or_else(|| s.strip_prefix('生')) {
            set_once(&mut parsed.promote, false).ok_or_else(syntax)?;
            s = rest;
        } else if let Some(rest) = s.strip_prefix('成') {
            set_once(&mut parsed.promote, true).ok_or_else(syntax)?;
            s = rest;
        } else if let Some(rest) = s.strip_prefix('打') {
            if parsed.drop {
                return Err(syntax());
            }
            parsed.drop = true;
            s = rest;
        } else if let Some(c) = s.chars().next() {
            let h = match c {
                '右' => Some(Horizontal::Right),
                '左' => Some(Horizontal::Left),
                '直' => Some(Horizontal::Straight),
                _ => None,
            };
            let v = match c {
                '上' | '行' => Some(Vertical::Up),
                '引' => Some(Vertical::Back),
                '寄' => Some(Vertical::Sideways),
                _ => None,
            };
            if let Some(h) = h {
                set_once(&mut parsed.horizontal, h).ok_or_else(syntax)?;
            } else if let Some(v) = v {
                set_once(&mut parsed.vertical, v).ok_or_else(syntax)?;
            } else {
                break;
            }
            s = &s[c.len_utf8()..];
        }
        if s.len() == before.len() {
            break;
        }
    }
    if parsed.drop
        && (parsed.promote.is_some() || parsed.horizontal.is_some() || parsed.vertical.is_some())
    {
        return Err(syntax());
    }
    Ok((parsed, s))
}

/// Sets `slot` to `value` if it is empty; `None` if it was already set.
fn set_once<T>(slot: &mut Option<T>, value: T) -> Option<()> {
    if slot.is_some() {
        return None;
    }
    *slot = Some(value);
    Some(())
}

/// Whether `kind` moves like a gold or a silver, for which `右`/`左` are
/// relative to the destination and `直` exists.
fn is_gold_like(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::Gold
            | PieceKind::Silver
            | PieceKind::ProPawn
            | PieceKind::ProLance
            | PieceKind::ProKnight
            | PieceKind::ProSilver
    )
}

/// `上`, `引` or `寄` for a move of `us` from `from` to `to`.
fn vertical(us: Color, from: Square, to: Square) -> Vertical {
    let forward = match us {
        Color::Black => i32::from(from.rank()) - i32::from(to.rank()),
        Color::White => i32::from(to.rank()) - i32::from(from.rank()),
    };
    match forward.signum() {
        1 => Vertical::Up,
        -1 => Vertical::Back,
        _ => Vertical::Sideways,
    }
}

/// Whether file `a` is on the right of file `b` for player `us` (Black's
/// right is file 1).
fn is_right_of(us: Color, a: u8, b: u8) -> bool {
    match us {
        Color::Black => a < b,
        Color::White => a > b,
    }
}

/// `右`/`左`/`直` of a piece on `from` compared with the destination.
fn relative_to_destination(
    us: Color,
    from: Square,
    to: Square,
    straight: bool,
) -> Option<Horizontal> {
    if from.file() == to.file() {
        (straight && vertical(us, from, to) == Vertical::Up).then_some(Horizontal::Straight)
    } else if is_right_of(us, from.file(), to.file()) {
        Some(Horizontal::Right)
    } else {
        Some(Horizontal::Left)
    }
}

/// `右`/`左`/`直` of the piece on `from` among the pieces on `froms` (all of
/// `kind`, all able to reach `to`), as the JSA rules define it.
fn horizontal(
    us: Color,
    kind: PieceKind,
    from: Square,
    to: Square,
    froms: &[Square],
) -> Option<Horizontal> {
    if is_gold_like(kind) || froms.len() != 2 {
        return relative_to_destination(us, from, to, is_gold_like(kind));
    }
    let other = froms.iter().copied().find(|&f| f != from)?;
    if other.file() == from.file() {
        None
    } else if is_right_of(us, from.file(), other.file()) {
        Some(Horizontal::Right)
    } else {
        Some(Horizontal::Left)
    }
}

/// The squares the pieces of `kind` of the side to move that can legally go
/// to `to` stand on, each once.
fn candidate_origins(pos: &Position, kind: PieceKind, to: Square) -> Vec<Square> {
    let mut froms: Vec<Square> = Vec::new();
    for m in pos.legal_moves() {
        let Some(from) = m.from() else { continue };
        if m.to() == to
            && pos.piece_at(from).map(|p| p.kind) == Some(kind)
            && !froms.contains(&from)
        {
            froms.push(from);
        }
    }
    froms
}

/// The disambiguation words the JSA rules ask for the piece on `from`.
fn disambiguation(pos: &Position, kind: PieceKind, from: Square, to: Square) -> String {
    let froms = candidate_origins(pos, kind, to);
    if froms.len() < 2 || !froms.contains(&from) {
        return String::new();
    }
    let us = pos.side_to_move();
    let v = vertical(us, from, to);
    let h = horizontal(us, kind, from, to, &froms);
    let count = |f: &dyn Fn(Square) -> bool| froms.iter().filter(|&&c| f(c)).count();
    if count(&|c| vertical(us, c, to) == v) == 1 {
        return v.text().to_owned();
    }
    let Some(h) = h else {
        return v.text().to_owned();
    };
    if count(&|c| horizontal(us, kind, c, to, &froms) == Some(h)) == 1 {
        return h.text().to_owned();
    }
    format!("{}{}", h.text(), v.text())
}

/// How [`format_move`] writes.
///
/// ```
/// # let (nine, nine_pieces) = (shogi_core::Geometry::shared(9, 9, 3).unwrap(), shogi_core::PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] });
/// use shogi_core::notation::japanese::{format_move, Style};
/// use shogi_core::{Geometry, PieceSet, Position};
/// let pos = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", nine, &nine_pieces)?;
/// assert_eq!(format_move(&pos, "7g7f".parse()?, None, Style::Jsa), "７六歩");
/// assert_eq!(format_move(&pos, "7g7f".parse()?, None, Style::Kif), "７六歩(77)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// JSA notation: disambiguation words, `打` only when needed.
    Jsa,
    /// KIF: no words, no `不成`, `打` on every drop, the origin in
    /// parentheses `(77)`.
    Kif,
}

/// The move without the side mark, in `style` (see [`Style`] for an
/// example): what [`write()`] writes after the mark, or a KIF move line's
/// move. `last_to` is the destination of the previous move, for `同　`. For a
/// move that is not legal in `pos` the text is a best effort (no panic).
pub fn format_move(pos: &Position, mv: Move, last_to: Option<Square>, style: Style) -> String {
    let mut out = String::new();
    if last_to == Some(mv.to()) {
        out.push_str("同\u{3000}");
    } else {
        out.push_str(&square_name(mv.to()));
    }
    match (mv.from(), mv.drop_kind()) {
        (Some(from), _) => {
            let Some(piece) = pos.piece_at(from) else {
                out.push('？');
                return out;
            };
            out.push_str(kind_name(piece.kind));
            if style == Style::Jsa {
                out.push_str(&disambiguation(pos, piece.kind, from, mv.to()));
            }
            if mv.is_promotion() {
                out.push('成');
            } else if style == Style::Jsa
                && piece.kind.is_promotable()
                && pos.is_legal(Move::normal(from, mv.to(), true))
            {
                // KIF names the origin, so a plain move already declines
                // (Kifu for Windows writes no `不成`); JSA notation needs it.
                out.push_str("不成");
            }
            if style == Style::Kif {
                out.push_str(&format!("({}{})", from.file(), from.rank()));
            }
        }
        (None, Some(kind)) => {
            out.push_str(kind_name(kind));
            let needed = style == Style::Kif || !candidate_origins(pos, kind, mv.to()).is_empty();
            if needed {
                out.push('打');
            }
        }
        (None, None) => out.push('？'),
    }
    out
}

/// Writes `mv`, a legal move of `pos`, in JSA notation: `▲７六歩`, `△同　歩`
/// (when `mv` goes to `last_to`, the destination of the previous move),
/// `▲５五角打`, `▲２二角成`, `▲２二角不成`, `▲５二金左上`.
///
/// For a move that is not legal in `pos` the text is a best effort (no panic).
///
/// ```
/// # let (nine, nine_pieces) = (shogi_core::Geometry::shared(9, 9, 3).unwrap(), shogi_core::PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] });
/// use shogi_core::notation::japanese;
/// use shogi_core::{Geometry, Move, PieceSet, Position};
/// // Two golds can reach 5b: the one on 6c goes up from the left, the one on 4b sideways.
/// let pos = Position::from_sfen("k8/5G3/3G5/9/9/9/9/9/4K4 b - 1", nine, &nine_pieces)?;
/// assert_eq!(japanese::write(&pos, "6c5b".parse()?, None), "▲５二金上");
/// assert_eq!(japanese::write(&pos, "4b5b".parse()?, None), "▲５二金寄");
/// assert_eq!(japanese::write(&pos, "4b4a".parse()?, None), "▲４一金");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(pos: &Position, mv: Move, last_to: Option<Square>) -> String {
    let mut out = String::new();
    out.push(side_mark(pos.side_to_move()));
    out.push_str(&format_move(pos, mv, last_to, Style::Jsa));
    out
}

/// The legal moves of `pos` that fit `p`. With `lenient`, `右`/`左`/`直`
/// are also taken as relative to the destination for every kind.
fn matching(pos: &Position, p: &Parsed, lenient: bool) -> Vec<Move> {
    let us = pos.side_to_move();
    let froms = candidate_origins(pos, p.kind, p.to);
    let legal = pos.legal_moves();
    let no_words = p.promote.is_none() && p.horizontal.is_none() && p.vertical.is_none();
    if p.drop || (froms.is_empty() && no_words) {
        return legal
            .iter()
            .copied()
            .filter(|m| m.drop_kind() == Some(p.kind) && m.to() == p.to)
            .collect();
    }
    legal
        .iter()
        .copied()
        .filter(|m| {
            let Some(from) = m.from() else { return false };
            if m.to() != p.to || !froms.contains(&from) {
                return false;
            }
            if m.is_promotion() != p.promote.unwrap_or(false) {
                return false;
            }
            if p.vertical.is_some_and(|v| v != vertical(us, from, p.to)) {
                return false;
            }
            match p.horizontal {
                None => true,
                Some(h) if lenient => relative_to_destination(us, from, p.to, true) == Some(h),
                Some(h) => horizontal(us, p.kind, from, p.to, &froms) == Some(h),
            }
        })
        .collect()
}

/// The legal move of `pos` that `p` (read from `text`, which the errors
/// quote) describes, as [`read`] finds it.
///
/// ```
/// # let (nine, nine_pieces) = (shogi_core::Geometry::shared(9, 9, 3).unwrap(), shogi_core::PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] });
/// use shogi_core::notation::japanese::{parse_prefix, resolve};
/// use shogi_core::{Geometry, PieceSet, Position};
/// let pos = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", nine, &nine_pieces)?;
/// let (parsed, _) = parse_prefix("７六歩", None)?;
/// assert_eq!(resolve(&pos, &parsed, "７六歩")?, "7g7f".parse()?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn resolve(pos: &Position, p: &Parsed, text: &str) -> Result<Move, JapaneseError> {
    if p.side.is_some_and(|s| s != pos.side_to_move()) {
        return Err(JapaneseError::WrongSide(text.to_owned()));
    }
    let mut found = matching(pos, p, false);
    if found.is_empty() && p.horizontal.is_some() {
        found = matching(pos, p, true);
    }
    match found.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(JapaneseError::NoMatch(text.to_owned())),
        _ => Err(JapaneseError::Ambiguous(text.to_owned())),
    }
}

/// Reads a move in Japanese notation and finds it among the legal moves of
/// `pos`. `last_to` is the destination of the previous move, for `同`.
///
/// Accepts `▲`/`△`/`☗`/`☖` or no mark, full-width, ASCII or kanji digits,
/// `同`, `同　`, the disambiguation words, `成`, `不成`, `生` and `打`. A move
/// with no `打` is a board move when a piece of that kind can make it,
/// otherwise a drop. Words that are not needed are accepted when they are
/// true of the move.
///
/// ```
/// # let (nine, nine_pieces) = (shogi_core::Geometry::shared(9, 9, 3).unwrap(), shogi_core::PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] });
/// use shogi_core::notation::japanese::{self, JapaneseError};
/// use shogi_core::{Geometry, PieceSet, Position};
/// // Golds on 6c, 5c and 4c can all go to 5b.
/// let pos = Position::from_sfen("4k4/9/3GGG3/9/9/9/9/9/4K4 b - 1", nine, &nine_pieces)?;
/// assert_eq!(japanese::read(&pos, "▲５二金直", None)?, "5c5b".parse()?);
/// assert_eq!(japanese::read(&pos, "５二金右", None)?, "4c5b".parse()?);
/// assert_eq!(japanese::read(&pos, "52金左", None)?, "6c5b".parse()?);
/// assert!(matches!(japanese::read(&pos, "５二金", None), Err(JapaneseError::Ambiguous(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read(pos: &Position, text: &str, last_to: Option<Square>) -> Result<Move, JapaneseError> {
    let (parsed, rest) = parse_prefix(text, last_to)?;
    if !rest.trim_matches(is_space).is_empty() {
        return Err(JapaneseError::Syntax(text.to_owned()));
    }
    resolve(pos, &parsed, text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Geometry, PieceSet};

    fn pos(sfen: &str) -> Position {
        let board = Geometry::shared(9, 9, 3).unwrap();
        let pieces = PieceSet {
            max: [18, 4, 4, 4, 2, 2, 4, 2],
        };
        Position::from_sfen(sfen, board, &pieces).unwrap()
    }

    #[test]
    fn digits_and_kinds() {
        assert_eq!(digit_value('７'), Some(7));
        assert_eq!(digit_value('七'), Some(7));
        assert_eq!(digit_value('7'), Some(7));
        assert_eq!(digit_value('0'), None);
        assert_eq!(kind_from_char('竜'), Some(PieceKind::Dragon));
        assert_eq!(kind_from_char('全'), Some(PieceKind::ProSilver));
        assert_eq!(kind_from_char('・'), None);
        for kind in PieceKind::ALL {
            assert_eq!(kind_from_char(kind_char(kind)), Some(kind));
            assert_eq!(parse_kind(kind_name(kind)), Some((kind, "")));
        }
    }

    #[test]
    fn every_legal_move_reads_back() {
        let p = pos("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        for mv in p.legal_moves() {
            let text = write(&p, mv, None);
            assert_eq!(read(&p, &text, None), Ok(mv), "{text}");
        }
    }
}
