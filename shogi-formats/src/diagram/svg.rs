//! SVG diagrams of positions, in the classic shogi look: a wooden board,
//! pentagonal pieces with their kanji, both hands beside the board.
//!
//! ```
//! use shogi_core::Variant;
//! use shogi_formats::diagram::Diagram;
//! use shogi_variants::Standard;
//!
//! let svg = Diagram::of_position(&Standard::default().start_position()).to_svg();
//! assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert_eq!(svg.matches("class=\"piece ").count(), 40);
//! ```

use shogi_core::{Bitboard, Color, Hand, Move, OwnBoard, Piece, PieceKind, Position, Square};
use std::fmt::Write;

/// What a diagram shows. Build it with [`Diagram::of_position`] or
/// [`Diagram::of_own_board`], adjust the fields, then render it with
/// [`Diagram::to_svg`].
///
/// The SVG is self-contained (no stylesheet, no ids, no external fonts) and
/// deterministic. Its elements carry class attributes that say what they are:
/// `piece black` / `piece white` for the tiles on the board, `hand black` /
/// `hand white` for a shown hand, `hand-item` for each kind in hand (text
/// like `歩×3`) or `hand-empty` (`なし`) for an empty one, `player black` /
/// `player white` for the players' names (always shown), `to-move` for the
/// ▲/△ marker, `last-move`, `check`, `highlight`, `caption`, `file-label` and
/// `rank-label`. Tiles and square marks also carry `data-square="7g"`.
///
/// ```
/// use shogi_core::{Move, Position};
/// use shogi_formats::diagram::Diagram;
/// use shogi_variants::Standard;
///
/// let pos = Position::from_sfen(
///     "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
///     &Standard::GEOMETRY,
///     &Standard::PIECES,
/// )?;
/// let mut diagram = Diagram::of_position(&pos);
/// diagram.last_move = Some("7g7f".parse::<Move>()?);
/// diagram.caption = Some("1. ▲7六歩".to_owned());
/// let svg = diagram.to_svg();
/// assert_eq!(svg.matches("class=\"last-move\"").count(), 2);
/// assert!(svg.contains("1. ▲7六歩"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagram {
    /// Number of files (columns), 1..=9; 9 for standard shogi, 5 for minishogi.
    ///
    /// ```
    /// use shogi_core::Variant;
    /// let d = shogi_formats::diagram::Diagram::of_position(&shogi_variants::Minishogi::default().start_position());
    /// assert_eq!((d.files, d.ranks), (5, 5));
    /// ```
    pub files: u8,
    /// Number of ranks (rows), 1..=9.
    ///
    /// ```
    /// use shogi_core::Variant;
    /// let d = shogi_formats::diagram::Diagram::of_position(&shogi_variants::Standard::default().start_position());
    /// assert_eq!(d.ranks, 9);
    /// ```
    pub ranks: u8,
    /// The piece on each square, indexed by [`Square::index`]; squares off the
    /// `files` × `ranks` board are ignored.
    ///
    /// ```
    /// use shogi_core::{Color, Piece, PieceKind, Square, Variant};
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&shogi_variants::Standard::default().start_position());
    /// d.cells[Square::new(5, 5).unwrap().index()] = Some(Piece::new(Color::Black, PieceKind::Dragon));
    /// assert!(d.to_svg().contains("龍"));
    /// ```
    pub cells: [Option<Piece>; 81],
    /// Each player's hand, indexed by [`Color::index`]; `None` hides it
    /// entirely (for example the opponent's hand in a hidden-information view).
    ///
    /// ```
    /// use shogi_core::{Color, PieceKind, Variant};
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&shogi_variants::Standard::default().start_position());
    /// d.hands[Color::Black.index()].as_mut().unwrap().set(PieceKind::Pawn, 3);
    /// d.hands[Color::White.index()] = None;
    /// let svg = d.to_svg();
    /// assert!(svg.contains("歩×3"));
    /// assert!(!svg.contains("class=\"hand white\""));
    /// ```
    pub hands: [Option<Hand>; 2],
    /// The side to move, marked ▲ (Black) or △ (White) by its name; `None` marks neither.
    ///
    /// ```
    /// use shogi_core::Variant;
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&shogi_variants::Standard::default().start_position());
    /// assert!(d.to_svg().contains("class=\"to-move\""));
    /// d.side_to_move = None;
    /// assert!(!d.to_svg().contains("class=\"to-move\""));
    /// ```
    pub side_to_move: Option<Color>,
    /// The last move, whose origin and destination are tinted (a drop's destination only).
    ///
    /// ```
    /// use shogi_core::Variant;
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&shogi_variants::Standard::default().start_position());
    /// d.last_move = Some("P*5e".parse().unwrap());
    /// assert_eq!(d.to_svg().matches("class=\"last-move\"").count(), 1);
    /// ```
    pub last_move: Option<Move>,
    /// The square of a king in check, tinted red.
    ///
    /// ```
    /// use shogi_core::Variant;
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&shogi_variants::Standard::default().start_position());
    /// assert_eq!(d.check, None);
    /// d.check = Some("5i".parse().unwrap());
    /// assert!(d.to_svg().contains("class=\"check\" data-square=\"5i\""));
    /// ```
    pub check: Option<Square>,
    /// Extra marked squares (for example a piece's legal destinations): a dot
    /// on an empty square, a frame around an occupied one.
    ///
    /// ```
    /// use shogi_core::Variant;
    /// let pos = shogi_variants::Standard::default().start_position();
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&pos);
    /// d.highlights = pos.legal_destinations("7g".parse().unwrap());
    /// assert_eq!(d.to_svg().matches("class=\"highlight\"").count(), 1);
    /// ```
    pub highlights: Bitboard,
    /// Text under the board, escaped for XML.
    ///
    /// ```
    /// use shogi_core::Variant;
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&shogi_variants::Standard::default().start_position());
    /// d.caption = Some("Card: 7 <&>".to_owned());
    /// assert!(d.to_svg().contains("Card: 7 &lt;&amp;&gt;"));
    /// ```
    pub caption: Option<String>,
    /// Whether White sits at the bottom (the board turned 180°).
    ///
    /// ```
    /// use shogi_core::Variant;
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&shogi_variants::Standard::default().start_position());
    /// d.flipped = true;
    /// let svg = d.to_svg();
    /// assert!(svg.find(">1</text>").unwrap() < svg.find(">9</text>").unwrap());
    /// ```
    pub flipped: bool,
}

// Layout, in SVG user units (pixels at the default size).
const CELL_W: f32 = 40.0;
const CELL_H: f32 = 44.0;
const MARGIN: f32 = 10.0;
const GAP: f32 = 10.0;
const HAND_W: f32 = 62.0;
const FILE_LABEL_H: f32 = 22.0;
const RANK_LABEL_W: f32 = 22.0;
const ROW_H: f32 = 26.0;
const CAPTION_H: f32 = 30.0;

const FONTS: &str = "'Noto Serif CJK JP','Hiragino Mincho ProN','Yu Mincho','YuMincho',\
'IPAexMincho','IPAMincho','Noto Sans CJK JP','Hiragino Sans','Yu Gothic','Meiryo',\
'MS Mincho',serif";
const INK: &str = "#2b1d0e";
const WOOD: &str = "#e6c27a";
const PIECE_FILL: &str = "#f8e3b4";
const PIECE_EDGE: &str = "#6e4b20";
const PROMOTED_INK: &str = "#c3161c";
const BLACK_INK: &str = "#1b1209";
const RANK_NUMERALS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

impl Diagram {
    /// A diagram of `pos`: all pieces and both hands, the side to move, and
    /// the checked king's square when the side to move is in check. Not
    /// flipped, no last move, no highlights, no caption.
    ///
    /// ```
    /// use shogi_core::{Color, Position};
    /// use shogi_formats::diagram::Diagram;
    /// use shogi_variants::Minishogi;
    ///
    /// // White's rook on 1a gives check to Black's king on 1e.
    /// let pos = Position::from_sfen("k3r/5/5/5/4K b - 1", &Minishogi::GEOMETRY, &Minishogi::PIECES)?;
    /// let d = Diagram::of_position(&pos);
    /// assert_eq!(d.check, Some("1e".parse()?));
    /// assert_eq!(d.side_to_move, Some(Color::Black));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of_position(pos: &Position) -> Diagram {
        let g = pos.geometry();
        let mut cells = [None; 81];
        for sq in pos.occupied() {
            cells[sq.index()] = pos.piece_at(sq);
        }
        let us = pos.side_to_move();
        Diagram {
            files: g.files(),
            ranks: g.ranks(),
            cells,
            hands: [Some(pos.hand(Color::Black)), Some(pos.hand(Color::White))],
            side_to_move: Some(us),
            last_move: None,
            check: if pos.is_check() { pos.king(us) } else { None },
            highlights: Bitboard::EMPTY,
            caption: None,
            flipped: false,
        }
    }

    /// A diagram of one player's own board: their pieces and hand only (the
    /// opponent's hand is `None`, so not shown), seen from their side
    /// (flipped for White). No side to move, no check.
    ///
    /// ```
    /// use shogi_core::{Color, OwnBoard, Variant};
    /// use shogi_formats::diagram::Diagram;
    /// use shogi_variants::Standard;
    ///
    /// let pos = Standard::default().start_position();
    /// let d = Diagram::of_own_board(&OwnBoard::of(&pos, Color::White));
    /// assert!(d.flipped);
    /// assert_eq!(d.hands[Color::Black.index()], None);
    /// let svg = d.to_svg();
    /// assert_eq!(svg.matches("class=\"piece white\"").count(), 20);
    /// assert_eq!(svg.matches("class=\"piece black\"").count(), 0);
    /// ```
    pub fn of_own_board(board: &OwnBoard) -> Diagram {
        let color = board.color();
        let mut cells = [None; 81];
        for sq in board.pieces() {
            cells[sq.index()] = board.piece_at(sq);
        }
        let (files, ranks) = (board.files(), board.ranks());
        let mut hands = [None; 2];
        hands[color.index()] = Some(board.hand());
        Diagram {
            files,
            ranks,
            cells,
            hands,
            side_to_move: None,
            last_move: None,
            check: None,
            highlights: Bitboard::EMPTY,
            caption: None,
            flipped: color == Color::White,
        }
    }

    /// The diagram as a self-contained SVG document (`<svg xmlns=... viewBox=...
    /// width=... height=...>...</svg>`), the same for the same diagram.
    ///
    /// ```
    /// use shogi_core::Variant;
    /// use shogi_formats::diagram::Diagram;
    /// use shogi_variants::Minishogi;
    ///
    /// let svg = Diagram::of_position(&Minishogi::default().start_position()).to_svg();
    /// assert!(svg.contains("viewBox=\"0 0 "));
    /// assert!(svg.ends_with("</svg>"));
    /// assert_eq!(svg.matches("class=\"piece black\"").count(), 6);
    /// assert_eq!(svg.matches("class=\"file-label\"").count(), 5);
    /// ```
    pub fn to_svg(&self) -> String {
        Layout::new(self).render(self)
    }
}

fn kanji(piece: Piece) -> &'static str {
    match piece.kind {
        PieceKind::Pawn => "歩",
        PieceKind::Lance => "香",
        PieceKind::Knight => "桂",
        PieceKind::Silver => "銀",
        PieceKind::Gold => "金",
        PieceKind::Bishop => "角",
        PieceKind::Rook => "飛",
        PieceKind::King => match piece.color {
            Color::Black => "玉",
            Color::White => "王",
        },
        PieceKind::ProPawn => "と",
        PieceKind::ProLance => "杏",
        PieceKind::ProKnight => "圭",
        PieceKind::ProSilver => "全",
        PieceKind::Horse => "馬",
        PieceKind::Dragon => "龍",
    }
}

/// Relative size of a piece tile: the king largest, the pawn smallest.
fn scale(kind: PieceKind) -> f32 {
    match kind.unpromote() {
        PieceKind::King => 1.0,
        PieceKind::Rook | PieceKind::Bishop => 0.97,
        PieceKind::Gold | PieceKind::Silver => 0.94,
        PieceKind::Knight => 0.91,
        PieceKind::Lance => 0.89,
        _ => 0.86,
    }
}

fn color_class(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A number with at most one decimal, without a trailing `.0`.
fn num(x: f32) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 does not allow at all.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

struct Layout {
    files: u8,
    ranks: u8,
    board_x: f32,
    board_y: f32,
    width: f32,
    height: f32,
    /// Height of the band that holds the board and the hands.
    content_h: f32,
    left_x: f32,
    right_x: f32,
}

impl Layout {
    fn new(d: &Diagram) -> Layout {
        let files = d.files.clamp(1, 9);
        let ranks = d.ranks.clamp(1, 9);
        let board_w = files as f32 * CELL_W;
        let board_h = ranks as f32 * CELL_H;
        let panel_h = |c: Color| {
            let rows = match d.hands[c.index()] {
                Some(h) => 1 + h.iter().count().max(1),
                None => 1,
            };
            rows as f32 * ROW_H
        };
        let content_h = board_h
            .max(panel_h(Color::Black))
            .max(panel_h(Color::White));
        let left_x = MARGIN;
        let board_x = left_x + HAND_W + GAP;
        let right_x = board_x + board_w + RANK_LABEL_W + GAP;
        let board_y = MARGIN + FILE_LABEL_H;
        let caption_h = if d.caption.is_some() { CAPTION_H } else { 0.0 };
        Layout {
            files,
            ranks,
            board_x,
            board_y,
            width: right_x + HAND_W + MARGIN,
            height: board_y + content_h + caption_h + MARGIN,
            content_h,
            left_x,
            right_x,
        }
    }

    /// The top-left corner of `sq`'s cell, if it is on the board.
    fn cell(&self, sq: Square, flipped: bool) -> Option<(f32, f32)> {
        let (f, r) = (sq.file(), sq.rank());
        if f > self.files || r > self.ranks {
            return None;
        }
        let (col, row) = if flipped {
            (f - 1, self.ranks - r)
        } else {
            (self.files - f, r - 1)
        };
        Some((
            self.board_x + col as f32 * CELL_W,
            self.board_y + row as f32 * CELL_H,
        ))
    }

    fn render(&self, d: &Diagram) -> String {
        let mut s = String::with_capacity(16 * 1024);
        let (w, h) = (num(self.width), num(self.height));
        let _ = write!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" \
font-family=\"{FONTS}\" fill=\"{INK}\">"
        );
        let _ = write!(
            s,
            "<rect width=\"{w}\" height=\"{h}\" rx=\"6\" fill=\"#fbf6ea\"/>"
        );
        self.board(d, &mut s);
        self.pieces(d, &mut s);
        self.highlights(d, &mut s);
        self.labels(d, &mut s);
        for c in Color::ALL {
            self.hand(d, c, &mut s);
        }
        if let Some(caption) = &d.caption {
            let _ = write!(
                s,
                "<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"15\" text-anchor=\"middle\">{}</text>",
                num(self.width / 2.0),
                num(self.board_y + self.content_h + CAPTION_H * 0.7),
                escape(caption)
            );
        }
        s.push_str("</svg>");
        s
    }

    fn tint(&self, d: &Diagram, sq: Square, class: &str, fill: &str, s: &mut String) {
        if let Some((x, y)) = self.cell(sq, d.flipped) {
            let _ = write!(
                s,
                "<rect class=\"{class}\" data-square=\"{sq}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"/>",
                num(x),
                num(y),
                num(CELL_W),
                num(CELL_H)
            );
        }
    }

    fn board(&self, d: &Diagram, s: &mut String) {
        let (x0, y0) = (self.board_x, self.board_y);
        let (bw, bh) = (self.files as f32 * CELL_W, self.ranks as f32 * CELL_H);
        // A slightly darker rim around the playing area, like a board's edge.
        let _ = write!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\" fill=\"#d4a95e\"/>",
            num(x0 - 5.0),
            num(y0 - 5.0),
            num(bw + 10.0),
            num(bh + 10.0)
        );
        let _ = write!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{WOOD}\"/>",
            num(x0),
            num(y0),
            num(bw),
            num(bh)
        );
        if let Some(mv) = d.last_move {
            if let Some(from) = mv.from() {
                self.tint(d, from, "last-move", "#f3dc8a", s);
            }
            self.tint(d, mv.to(), "last-move", "#f0cf5f", s);
        }
        if let Some(sq) = d.check {
            self.tint(d, sq, "check", "#e8605a", s);
        }
        // Inner grid lines, then the frame.
        let mut path = String::new();
        for i in 1..self.files {
            let x = x0 + i as f32 * CELL_W;
            let _ = write!(path, "M{} {}V{}", num(x), num(y0), num(y0 + bh));
        }
        for i in 1..self.ranks {
            let y = y0 + i as f32 * CELL_H;
            let _ = write!(path, "M{} {}H{}", num(x0), num(y), num(x0 + bw));
        }
        if !path.is_empty() {
            let _ = write!(
                s,
                "<path d=\"{path}\" stroke=\"{INK}\" stroke-width=\"1\" fill=\"none\"/>"
            );
        }
        let _ = write!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" stroke=\"{INK}\" stroke-width=\"2\" fill=\"none\"/>",
            num(x0),
            num(y0),
            num(bw),
            num(bh)
        );
        // The four star points of the 9x9 board.
        if self.files == 9 && self.ranks == 9 {
            for (i, j) in [(3, 3), (6, 3), (3, 6), (6, 6)] {
                let _ = write!(
                    s,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"2.5\" fill=\"{INK}\"/>",
                    num(x0 + i as f32 * CELL_W),
                    num(y0 + j as f32 * CELL_H)
                );
            }
        }
    }

    fn pieces(&self, d: &Diagram, s: &mut String) {
        let bottom = if d.flipped {
            Color::White
        } else {
            Color::Black
        };
        for (i, cell) in d.cells.iter().enumerate() {
            let (Some(piece), Some(sq)) = (cell, Square::from_index(i)) else {
                continue;
            };
            let Some((x, y)) = self.cell(sq, d.flipped) else {
                continue;
            };
            let k = scale(piece.kind);
            let (pw, ph) = (34.0 * k, 39.0 * k);
            let (cx, cy) = (x + CELL_W / 2.0, y + CELL_H / 2.0 + 0.5);
            let rotate = if piece.color == bottom {
                ""
            } else {
                " rotate(180)"
            };
            // A pentagon pointing up (toward the opponent once rotated).
            let points = [
                (0.0, -ph / 2.0),
                (pw * 0.37, -ph * 0.29),
                (pw * 0.5, ph / 2.0),
                (-pw * 0.5, ph / 2.0),
                (-pw * 0.37, -ph * 0.29),
            ]
            .iter()
            .map(|&(px, py)| format!("{},{}", num(px), num(py)))
            .collect::<Vec<_>>()
            .join(" ");
            let font = 23.0 * k;
            let ink = if piece.kind.is_promoted() {
                PROMOTED_INK
            } else {
                BLACK_INK
            };
            let _ = write!(
                s,
                "<g class=\"piece {}\" data-square=\"{sq}\" transform=\"translate({} {}){rotate}\">\
<polygon points=\"{points}\" fill=\"{PIECE_FILL}\" stroke=\"{PIECE_EDGE}\" stroke-width=\"1.2\" stroke-linejoin=\"round\"/>\
<text y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{}</text></g>",
                color_class(piece.color),
                num(cx),
                num(cy),
                num(ph * 0.06 + font * 0.36),
                num(font),
                kanji(*piece)
            );
        }
    }

    fn highlights(&self, d: &Diagram, s: &mut String) {
        for sq in d.highlights {
            let Some((x, y)) = self.cell(sq, d.flipped) else {
                continue;
            };
            if d.cells[sq.index()].is_some() {
                let _ = write!(
                    s,
                    "<rect class=\"highlight\" data-square=\"{sq}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
fill=\"none\" stroke=\"#2f7d3a\" stroke-width=\"2.5\" stroke-opacity=\"0.8\"/>",
                    num(x + 2.0),
                    num(y + 2.0),
                    num(CELL_W - 4.0),
                    num(CELL_H - 4.0)
                );
            } else {
                let _ = write!(
                    s,
                    "<circle class=\"highlight\" data-square=\"{sq}\" cx=\"{}\" cy=\"{}\" r=\"6\" fill=\"#2f7d3a\" fill-opacity=\"0.6\"/>",
                    num(x + CELL_W / 2.0),
                    num(y + CELL_H / 2.0)
                );
            }
        }
    }

    fn labels(&self, d: &Diagram, s: &mut String) {
        for col in 0..self.files {
            let file = if d.flipped { col + 1 } else { self.files - col };
            let _ = write!(
                s,
                "<text class=\"file-label\" x=\"{}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\">{file}</text>",
                num(self.board_x + (col as f32 + 0.5) * CELL_W),
                num(self.board_y - 9.0)
            );
        }
        for row in 0..self.ranks {
            let rank = if d.flipped { self.ranks - row } else { row + 1 };
            let _ = write!(
                s,
                "<text class=\"rank-label\" x=\"{}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\">{}</text>",
                num(self.board_x + self.files as f32 * CELL_W + RANK_LABEL_W / 2.0 + 3.0),
                num(self.board_y + (row as f32 + 0.5) * CELL_H + 5.0),
                RANK_NUMERALS[rank as usize - 1]
            );
        }
    }

    /// `color`'s name (with ▲/△ when to move) and, if shown, its hand: the
    /// bottom player's on the right from the bottom up, the top player's on
    /// the left from the top down.
    fn hand(&self, d: &Diagram, color: Color, s: &mut String) {
        let bottom = (color == Color::White) == d.flipped;
        let hand = d.hands[color.index()];
        let rows: Vec<String> = match hand {
            None => Vec::new(),
            Some(h) if h.is_empty() => vec!["なし".to_owned()],
            Some(h) => h
                .iter()
                .map(|(k, n)| format!("{}×{n}", kanji(Piece::new(color, k))))
                .collect(),
        };
        let total_h = (1 + rows.len()) as f32 * ROW_H;
        let (x, top) = if bottom {
            (self.right_x, self.board_y + self.content_h - total_h)
        } else {
            (self.left_x, self.board_y)
        };
        let cx = num(x + HAND_W / 2.0);
        let (name, mark) = match color {
            Color::Black => ("先手", "▲"),
            Color::White => ("後手", "△"),
        };
        let cls = color_class(color);
        let name_y = num(top + ROW_H * 0.68);
        let mut name_x = x + HAND_W / 2.0;
        if d.side_to_move == Some(color) {
            name_x += 7.0;
            let _ = write!(
                s,
                "<text class=\"to-move\" x=\"{}\" y=\"{name_y}\" font-size=\"13\" text-anchor=\"middle\" fill=\"#b3261e\">{mark}</text>",
                num(name_x - 23.0)
            );
        }
        let _ = write!(
            s,
            "<text class=\"player {cls}\" x=\"{}\" y=\"{name_y}\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\">{name}</text>",
            num(name_x)
        );
        if hand.is_none() {
            return;
        }
        let _ = write!(
            s,
            "<g class=\"hand {cls}\" font-size=\"17\" text-anchor=\"middle\">"
        );
        // A faint tray behind the hand's pieces.
        let _ = write!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"4\" fill=\"#efe0bd\" stroke=\"#d8bf8a\"/>",
            num(x + 2.0),
            num(top + ROW_H),
            num(HAND_W - 4.0),
            num(rows.len() as f32 * ROW_H)
        );
        for (i, row) in rows.iter().enumerate() {
            let class = if hand.is_some_and(|h| h.is_empty()) {
                "hand-empty"
            } else {
                "hand-item"
            };
            let _ = write!(
                s,
                "<text class=\"{class}\" x=\"{cx}\" y=\"{}\">{row}</text>",
                num(top + (i + 1) as f32 * ROW_H + ROW_H * 0.7)
            );
        }
        s.push_str("</g>");
    }
}
