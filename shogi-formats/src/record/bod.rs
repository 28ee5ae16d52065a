//! BOD board diagrams (局面図), the way KIF and KI2 files give a start
//! position that no `手合割` names:
//!
//! ```text
//! 後手の持駒：なし
//!   ５ ４ ３ ２ １
//! +---------------+
//! |v飛v角v銀v金v玉|一
//! | ・ ・ ・ ・v歩|二
//! | ・ ・ ・ ・ ・|三
//! | 歩 ・ ・ ・ ・|四
//! | 玉 金 銀 角 飛|五
//! +---------------+
//! 先手の持駒：なし
//! ```
//!
//! Each square is two characters: a space for Black's piece or `v` for
//! White's, then the piece (`・` for an empty square). The hands list the
//! pieces with their counts in kanji (`飛　角　金二　歩十八`, or `なし`).
//! `残りの駒` (the rest), as tsume problems give the defender's hand, is
//! every piece of the board's material (that of the variant played on a board
//! of that size, [`Base::of_board`](shogi_variants::Base::of_board)) that is
//! neither on the board nor in the other hand.
//! `手数＝N` says N moves were played before the position (the move number
//! is N + 1), and `後手番` (or `上手番`) that White is to move; without it
//! Black is. `上手の持駒`/`下手の持駒` are read as White's and Black's hands.
//! Boards of 3 to 9 files and ranks are read; the records use 9×9 and 5×5.

use super::{RecordError, RecordErrorKind};
use shogi_core::notation::japanese::{digit_value, kind_char, kind_from_char};
use shogi_core::{Color, Excerpt, Hand, Piece, PieceKind, Setup, Variant, MAX_MOVE_NUMBER};
use shogi_variants::Base;

const FULL_WIDTH_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const KANJI_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// Reads a BOD diagram. Lines that are not part of a diagram (a title,
/// `先手：name`, a caption) are skipped; errors carry the 1-based line.
///
/// ```
/// use shogi_formats::record::bod;
/// let text = "後手の持駒：なし
///   ５ ４ ３ ２ １
/// +---------------+
/// |v飛v角v銀v金v玉|一
/// | ・ ・ ・ ・v歩|二
/// | ・ ・ ・ ・ ・|三
/// | 歩 ・ ・ ・ ・|四
/// | 玉 金 銀 角 飛|五
/// +---------------+
/// 先手の持駒：なし
/// ";
/// let setup = bod::read(text)?;
/// assert_eq!(setup.to_sfen(), "rbsgk/4p/5/P4/KGSBR b - 1");
/// assert_eq!(bod::read(&text.replace("v歩", "v象")).unwrap_err().line, 5);
/// # Ok::<(), shogi_formats::record::RecordError>(())
/// ```
pub fn read(text: &str) -> Result<Setup, RecordError> {
    let mut reader = BodReader::default();
    let mut last = 1;
    for (i, line) in super::lines(text).enumerate() {
        last = i + 1;
        reader.feed(i + 1, line)?;
    }
    reader
        .finish()?
        .ok_or_else(|| RecordError::malformed(last, "no board diagram"))
}

/// Writes `setup` as a BOD diagram, ending with a newline: White's hand, the
/// board, Black's hand, then `手数＝N` if the move number is above 1 and
/// `後手番` if White is to move.
///
/// ```
/// use shogi_formats::record::bod;
/// use shogi_core::Setup;
/// let setup = Setup::from_sfen("4k/5/5/5/K4 w 2Pg 3")?;
/// let text = bod::write(&setup);
/// assert!(text.starts_with("後手の持駒：金\n"));
/// assert!(text.contains(" ・v玉|一\n"));
/// assert!(text.contains("先手の持駒：歩二\n手数＝2\n後手番\n"));
/// assert_eq!(bod::read(&text)?, setup);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(setup: &Setup) -> String {
    let files = setup.files.min(9);
    let ranks = setup.ranks.min(9);
    let mut out = String::new();
    out.push_str(&format!("後手の持駒：{}\n", hand_text(setup.hands[1])));
    out.push(' ');
    for file in (1..=files).rev() {
        out.push(' ');
        out.push(FULL_WIDTH_DIGITS[usize::from(file) - 1]);
    }
    out.push('\n');
    let frame = format!("+{}+\n", "-".repeat(3 * usize::from(files)));
    out.push_str(&frame);
    for rank in 1..=ranks {
        out.push('|');
        for file in (1..=files).rev() {
            match shogi_core::Square::new(file, rank).and_then(|sq| setup.piece_at(sq)) {
                Some(piece) => {
                    out.push(if piece.color == Color::White {
                        'v'
                    } else {
                        ' '
                    });
                    out.push(kind_char(piece.kind));
                }
                None => out.push_str(" ・"),
            }
        }
        out.push('|');
        out.push(KANJI_DIGITS[usize::from(rank) - 1]);
        out.push('\n');
    }
    out.push_str(&frame);
    out.push_str(&format!("先手の持駒：{}\n", hand_text(setup.hands[0])));
    if setup.move_number > 1 {
        out.push_str(&format!("手数＝{}\n", setup.move_number - 1));
    }
    if setup.side_to_move == Color::White {
        out.push_str("後手番\n");
    }
    out
}

/// `飛　角　金二　歩十八`, or `なし`.
fn hand_text(hand: Hand) -> String {
    if hand.is_empty() {
        return "なし".to_owned();
    }
    hand.iter()
        .map(|(kind, n)| {
            let mut item = kind_char(kind).to_string();
            if n > 1 {
                item.push_str(&kanji_number(u32::from(n)));
            }
            item
        })
        .collect::<Vec<_>>()
        .join("\u{3000}")
}

/// A count in kanji (二, 十, 十八, 二十三) up to 99, in digits above.
fn kanji_number(n: u32) -> String {
    let digit = |d: u32| KANJI_DIGITS[(d as usize).saturating_sub(1).min(8)];
    match n {
        1..=9 => digit(n).to_string(),
        10..=99 => {
            let mut s = String::new();
            if n / 10 > 1 {
                s.push(digit(n / 10));
            }
            s.push('十');
            if n % 10 > 0 {
                s.push(digit(n % 10));
            }
            s
        }
        _ => n.to_string(),
    }
}

/// A number in ASCII or full-width digits.
pub(crate) fn decimal(s: &str) -> Option<u32> {
    if s.is_empty() {
        return None;
    }
    s.chars().try_fold(0u32, |acc, c| {
        let d = match c {
            '0' | '０' => 0,
            _ => u32::from(digit_value(c).filter(|_| !KANJI_DIGITS.contains(&c))?),
        };
        acc.checked_mul(10)?.checked_add(d)
    })
}

/// A count in kanji (`二`, `十`, `十八`, `二十`) or digits.
fn parse_count(s: &str) -> Option<u32> {
    if let Some(n) = decimal(s) {
        return Some(n);
    }
    let kanji = |s: &str| -> Option<u32> {
        let mut chars = s.chars();
        let c = chars.next()?;
        if chars.next().is_some() || !KANJI_DIGITS.contains(&c) {
            return None;
        }
        digit_value(c).map(u32::from)
    };
    match s.split_once('十') {
        Some((tens, units)) => {
            let tens = if tens.is_empty() { 1 } else { kanji(tens)? };
            let units = if units.is_empty() { 0 } else { kanji(units)? };
            Some(tens * 10 + units)
        }
        None => kanji(s),
    }
}

fn parse_hand(line: usize, value: &str) -> Result<Hand, RecordError> {
    let mut hand = Hand::EMPTY;
    let value = value.trim();
    if value.is_empty() || value == "なし" {
        return Ok(hand);
    }
    for item in value
        .split(|c: char| c.is_whitespace() || c == '、')
        .filter(|item| !item.is_empty())
    {
        let bad =
            || RecordError::malformed(line, format!("'{}' is not a piece in hand", Excerpt(item)));
        let mut chars = item.chars();
        let kind = chars
            .next()
            .and_then(kind_from_char)
            .filter(|k| k.is_hand_kind())
            .ok_or_else(bad)?;
        let count = match chars.as_str() {
            "" => 1,
            rest => parse_count(rest).ok_or_else(bad)?,
        };
        let total = u32::from(hand.count(kind))
            .checked_add(count)
            .and_then(|t| u8::try_from(t).ok())
            .ok_or_else(bad)?;
        hand.set(kind, total);
    }
    Ok(hand)
}

fn parse_row(line: usize, s: &str) -> Result<Vec<Option<Piece>>, RecordError> {
    let inner = s.strip_prefix('|').unwrap_or(s);
    let (cells, _rank_label) = inner
        .split_once('|')
        .ok_or_else(|| RecordError::malformed(line, "a board row without its closing '|'"))?;
    let chars: Vec<char> = cells.chars().collect();
    if chars.len() % 2 != 0 {
        return Err(RecordError::malformed(
            line,
            "a board row whose squares are not two characters each",
        ));
    }
    chars
        .chunks(2)
        .map(|pair| match *pair {
            [' ', '・'] => Ok(None),
            [mark, c] => {
                let color = match mark {
                    ' ' => Color::Black,
                    'v' | 'V' => Color::White,
                    _ => {
                        return Err(RecordError::malformed(
                            line,
                            format!("'{mark}{c}' is not a square of a board diagram"),
                        ))
                    }
                };
                let kind = kind_from_char(c)
                    .ok_or_else(|| RecordError::malformed(line, format!("'{c}' is not a piece")))?;
                Ok(Some(Piece::new(color, kind)))
            }
            _ => Err(RecordError::malformed(line, "a broken board row")),
        })
        .collect()
}

/// A hand as a diagram gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HandSpec {
    /// The pieces listed.
    Given(Hand),
    /// `残りの駒`: whatever the board and the other hand leave.
    Rest,
}

/// The pieces of the board's material (that of the variant played on a
/// board of this size, [`Base::of_board`]; standard shogi's for a size no
/// variant has, which the start position's check then refuses) that are
/// neither on the board of `setup` nor in the other hand than `color`'s.
fn rest_of_material(setup: &Setup, color: Color) -> Hand {
    let material = Base::of_board(setup.files, setup.ranks)
        .unwrap_or(Base::STANDARD)
        .variant()
        .piece_set();
    let mut hand = Hand::EMPTY;
    for kind in PieceKind::HAND {
        let on_board = setup
            .board
            .iter()
            .flatten()
            .filter(|p| p.kind.unpromote() == kind)
            .count();
        let other = usize::from(setup.hands[color.opponent().index()].count(kind));
        let rest = usize::from(material.max(kind)).saturating_sub(on_board + other);
        hand.set(kind, u8::try_from(rest).unwrap_or(u8::MAX));
    }
    hand
}

/// Reads a diagram line by line, for the record readers.
#[derive(Debug, Default)]
pub(crate) struct BodReader {
    first_line: Option<usize>,
    hands: [Option<HandSpec>; 2],
    rows: Vec<(usize, Vec<Option<Piece>>)>,
    frames: usize,
    files_header: Option<(usize, usize)>,
    side: Option<Color>,
    moves_played: Option<(usize, u32)>,
}

impl BodReader {
    /// Takes `line` (number `n`) if it belongs to a diagram: `Ok(true)`;
    /// `Ok(false)` for a line of another kind.
    pub(crate) fn feed(&mut self, n: usize, line: &str) -> Result<bool, RecordError> {
        let s = line.trim();
        let taken = self.take(n, s)?;
        if taken && self.first_line.is_none() {
            self.first_line = Some(n);
        }
        Ok(taken)
    }

    fn take(&mut self, n: usize, s: &str) -> Result<bool, RecordError> {
        for (prefix, color) in [
            ("後手の持駒", Color::White),
            ("上手の持駒", Color::White),
            ("先手の持駒", Color::Black),
            ("下手の持駒", Color::Black),
        ] {
            if let Some(rest) = s.strip_prefix(prefix) {
                let value = rest
                    .strip_prefix('：')
                    .or_else(|| rest.strip_prefix(':'))
                    .ok_or_else(|| RecordError::malformed(n, "expected '：' after 持駒"))?;
                if self.hands[color.index()].is_some() {
                    return Err(RecordError::malformed(n, "a hand given twice"));
                }
                let value = value.trim();
                let spec = if value == "残りの駒" || value == "残り全部" {
                    HandSpec::Rest
                } else {
                    HandSpec::Given(parse_hand(n, value)?)
                };
                self.hands[color.index()] = Some(spec);
                return Ok(true);
            }
        }
        if s.starts_with('+') && s.chars().all(|c| c == '+' || c == '-') {
            self.frames += 1;
            if self.frames > 2 {
                return Err(RecordError::malformed(n, "a second board diagram"));
            }
            return Ok(true);
        }
        if s.starts_with('|') {
            if self.rows.len() >= 9 {
                return Err(RecordError::malformed(n, "a board of more than 9 ranks"));
            }
            let row = parse_row(n, s)?;
            self.rows.push((n, row));
            return Ok(true);
        }
        let tokens: Vec<&str> = s.split_whitespace().collect();
        if tokens.len() >= 3
            && tokens.iter().all(|t| {
                t.chars().count() == 1 && t.chars().all(|c| decimal(&c.to_string()).is_some())
            })
        {
            self.files_header = Some((n, tokens.len()));
            return Ok(true);
        }
        let side = match s {
            "先手番" | "下手番" => Some(Color::Black),
            "後手番" | "上手番" => Some(Color::White),
            _ => None,
        };
        if let Some(side) = side {
            self.side = Some(side);
            return Ok(true);
        }
        if let Some(rest) = s.strip_prefix("手数＝").or_else(|| s.strip_prefix("手数=")) {
            let digits: String = rest
                .trim_start()
                .chars()
                .take_while(|&c| decimal(&c.to_string()).is_some())
                .collect();
            let count = decimal(&digits)
                .filter(|&c| c < MAX_MOVE_NUMBER)
                .ok_or_else(|| RecordError::malformed(n, "手数＝ needs a number of moves"))?;
            self.moves_played = Some((n, count));
            return Ok(true);
        }
        Ok(false)
    }

    /// The first line of the diagram, if any.
    pub(crate) fn first_line(&self) -> Option<usize> {
        self.first_line
    }

    /// The setup the diagram describes; `None` if there was none.
    pub(crate) fn finish(&self) -> Result<Option<Setup>, RecordError> {
        let Some(first) = self.first_line else {
            return Ok(None);
        };
        let Some((_, first_row)) = self.rows.first() else {
            return Err(RecordError::malformed(
                first,
                "a board diagram without its board",
            ));
        };
        let files = first_row.len();
        let ranks = self.rows.len();
        if !(3..=9).contains(&ranks) || !(3..=9).contains(&files) {
            return Err(RecordError::new(
                first,
                RecordErrorKind::Unsupported(format!("a {files}x{ranks} board")),
            ));
        }
        if let Some((n, width)) = self.files_header {
            if width != files {
                return Err(RecordError::malformed(
                    n,
                    format!("{width} file numbers over a board {files} squares wide"),
                ));
            }
        }
        let mut setup = Setup::empty(files as u8, ranks as u8);
        for (r, (n, row)) in self.rows.iter().enumerate() {
            if row.len() != files {
                return Err(RecordError::malformed(
                    *n,
                    format!("a board row of {} squares, expected {files}", row.len()),
                ));
            }
            for (c, cell) in row.iter().enumerate() {
                if let Some(sq) = shogi_core::Square::new((files - c) as u8, (r + 1) as u8) {
                    setup.set_piece(sq, *cell);
                }
            }
        }
        let given = |spec: Option<HandSpec>| match spec {
            Some(HandSpec::Given(hand)) => hand,
            _ => Hand::EMPTY,
        };
        setup.hands = [given(self.hands[0]), given(self.hands[1])];
        for color in Color::ALL {
            if self.hands[color.index()] == Some(HandSpec::Rest) {
                setup.hands[color.index()] = rest_of_material(&setup, color);
            }
        }
        setup.side_to_move = self.side.unwrap_or(Color::Black);
        setup.move_number = self.moves_played.map_or(1, |(_, m)| m + 1);
        Ok(Some(setup))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        for n in 1..=120 {
            assert_eq!(parse_count(&kanji_number(n)), Some(n), "{n}");
        }
        assert_eq!(parse_count("１８"), Some(18));
        assert_eq!(parse_count("十十"), None);
        assert_eq!(decimal("４２９４９６７２９６"), None);
    }

    #[test]
    fn standard_start_round_trip() {
        let setup =
            Setup::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
                .unwrap();
        let text = write(&setup);
        assert!(text.contains("|v香v桂v銀v金v玉v金v銀v桂v香|一\n"));
        assert!(text.contains("  ９ ８ ７ ６ ５ ４ ３ ２ １\n"));
        assert_eq!(read(&text).unwrap(), setup);
    }
}
