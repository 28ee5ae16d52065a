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

use crate::diagram::family::Faces;
use shogi_core::{
    Bitboard, Color, EndReason, Hand, Move, Outcome, OwnBoard, Piece, PieceKind, Position, Square,
};
use std::fmt::Write;

/// What a diagram shows. Build it with [`Diagram::of_position`] or
/// [`Diagram::of_own_board`], adjust the fields, then render it with
/// [`Diagram::to_svg`].
///
/// The SVG is self-contained (no stylesheet, no ids, no external fonts) and
/// deterministic. Its elements carry class attributes that say what they are:
/// `piece black` / `piece white` for the tiles on the board, `hand black` /
/// `hand white` for a shown hand, `hand-item` for each kind in hand (text
/// like `歩×3`, with `data-color="black"` and `data-kind="P"`: the letters a
/// drop of it writes) or `hand-empty` (`なし`) for an empty one, `board`
/// for the playing area (with `data-files`, `data-ranks` and
/// `data-flipped`, so that a page maps a click to its square), `player black` /
/// `player white` for the players' names (always shown), `to-move` for the
/// ▲/△ marker, `last-move`, `check`, `highlight`, `selected`, `legal`,
/// `arrow`, `mark`, `capture`, `capture-cross`, `card`, `card-file` (with
/// `data-file`), `result`, `caption`, `file-label` and `rank-label`. Tiles
/// and square marks also carry `data-square="7g"`.
///
/// Fonts: the text asks for a list of Japanese fonts (Noto CJK, Hiragino,
/// Yu, IPA, Meiryo, MS Mincho) and falls back to the viewer's `serif`. A
/// machine with none of them draws the kanji as empty boxes; there,
/// [`PieceStyle::Latin`] with [`Lang::English`] gives a diagram of Latin
/// letters only (`P`, `+R`, ranks `a`..`i`), which any font has.
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
    /// How the game ended: shown as a line under the board (`result`
    /// class, "Black wins by checkmate" / "先手の勝ち（詰み）"), and no
    /// side is marked to move.
    ///
    /// ```
    /// use shogi_core::{Color, EndReason, Outcome, Variant};
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&shogi_variants::Standard::default().start_position());
    /// d.outcome = Some(Outcome::win(Color::Black, EndReason::Checkmate));
    /// let svg = d.to_svg();
    /// assert!(svg.contains("先手の勝ち（詰み）"));
    /// assert!(!svg.contains("class=\"to-move\""));
    /// ```
    pub outcome: Option<Outcome>,
    /// The language of the words the diagram writes itself: the players'
    /// names, an empty hand, the result. The caption is written as given.
    ///
    /// ```
    /// use shogi_core::Variant;
    /// use shogi_formats::diagram::{Diagram, Lang};
    /// let mut d = Diagram::of_position(&shogi_variants::Standard::default().start_position());
    /// d.lang = Lang::English;
    /// assert!(d.to_svg().contains(">Black</text>"));
    /// ```
    pub lang: Lang,
    /// How pieces are written: kanji (the default) or Latin letters, which
    /// read on a machine without CJK fonts (the ranks are then lettered
    /// `a`..`i` as in USI; pair it with [`Lang::English`] for a picture
    /// without any CJK character).
    ///
    /// ```
    /// use shogi_core::Variant;
    /// use shogi_formats::diagram::{Diagram, PieceStyle};
    /// let mut d = Diagram::of_position(&shogi_variants::Standard::default().start_position());
    /// d.pieces = PieceStyle::Latin;
    /// let svg = d.to_svg();
    /// assert!(svg.contains(">K</text>") && !svg.contains("玉"));
    /// ```
    pub pieces: PieceStyle,
    /// The picture's width in pixels (the height follows); `None` draws at
    /// the natural size, 40 pixels a file.
    ///
    /// ```
    /// use shogi_core::Variant;
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&shogi_variants::Standard::default().start_position());
    /// d.size = Some(300);
    /// assert!(d.to_svg().contains(" width=\"300\""));
    /// ```
    pub size: Option<u32>,
    /// A selected square, framed in blue (`selected` class); its legal
    /// squares go in [`Diagram::targets`].
    ///
    /// ```
    /// use shogi_core::Variant;
    /// let pos = shogi_variants::Standard::default().start_position();
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&pos);
    /// d.selected = Some("7g".parse().unwrap());
    /// d.targets = pos.legal_destinations("7g".parse().unwrap());
    /// let svg = d.to_svg();
    /// assert!(svg.contains("class=\"selected\" data-square=\"7g\""));
    /// assert!(svg.contains("class=\"legal\" data-square=\"7f\""));
    /// ```
    pub selected: Option<Square>,
    /// The selected piece's legal squares: a blue ring (`legal` class),
    /// unlike the green dots and frames of [`Diagram::highlights`].
    ///
    /// ```
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&shogi_core::Variant::start_position(&shogi_variants::Standard::default()));
    /// d.targets = d.targets.with("5e".parse().unwrap());
    /// assert_eq!(d.to_svg().matches("class=\"legal\"").count(), 1);
    /// ```
    pub targets: Bitboard,
    /// Arrows from square to square (`arrow` class); a drop (`None` origin)
    /// is drawn as a ring on its destination.
    ///
    /// ```
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&shogi_core::Variant::start_position(&shogi_variants::Standard::default()));
    /// d.arrows.push((Some("7g".parse().unwrap()), "7f".parse().unwrap()));
    /// assert_eq!(d.to_svg().matches("class=\"arrow\"").count(), 1);
    /// ```
    pub arrows: Vec<(Option<Square>, Square)>,
    /// Short notes on squares (`mark` class), such as the "?" a Tsuitate
    /// player puts where they think an enemy piece stands.
    ///
    /// ```
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&shogi_core::Variant::start_position(&shogi_variants::Standard::default()));
    /// d.marks.push(("5e".parse().unwrap(), "?".to_owned()));
    /// assert!(d.to_svg().contains("class=\"mark\" data-square=\"5e\""));
    /// ```
    pub marks: Vec<(Square, String)>,
    /// A drawn card, drawn as a card under the board (`card` class) with
    /// this label on it ("7", "J").
    ///
    /// ```
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&shogi_core::Variant::start_position(&shogi_variants::Standard::default()));
    /// d.card = Some("7".to_owned());
    /// assert!(d.to_svg().contains("class=\"card\""));
    /// ```
    pub card: Option<String>,
    /// A file tinted on the board (`card-file` class): the drawn card's file.
    ///
    /// ```
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&shogi_core::Variant::start_position(&shogi_variants::Standard::default()));
    /// d.card_file = Some(7);
    /// assert!(d.to_svg().contains("class=\"card-file\" data-file=\"7\""));
    /// ```
    pub card_file: Option<u8>,
    /// A square where a piece was captured, as a Tsuitate player is told it
    /// (`capture` class: a tint and a cross).
    ///
    /// ```
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&shogi_core::Variant::start_position(&shogi_variants::Standard::default()));
    /// d.capture = Some("5e".parse().unwrap());
    /// assert!(d.to_svg().contains("class=\"capture\" data-square=\"5e\""));
    /// ```
    pub capture: Option<Square>,
    /// Font families asked for before the built-in list of Japanese fonts
    /// (set them with [`font_families`], which checks them). A renderer
    /// that takes only the first family it is given (cairosvg) then uses
    /// the first of these; a browser falls back along the whole list.
    ///
    /// ```
    /// use shogi_formats::diagram::font_families;
    /// let mut d = shogi_formats::diagram::Diagram::of_position(&shogi_core::Variant::start_position(&shogi_variants::Standard::default()));
    /// d.fonts = font_families("IPAexGothic, Noto Sans JP")?;
    /// assert!(d.to_svg().contains("font-family=\"'IPAexGothic','Noto Sans JP','Noto Serif CJK JP',"));
    /// # Ok::<(), shogi_formats::diagram::FontError>(())
    /// ```
    pub fonts: Vec<String>,
    /// Pieces of a variant's own kinds (the shogi family), drawn by their
    /// labels in place of [`Diagram::cells`] and [`Diagram::hands`], which
    /// are then ignored. [`Diagram::of_family`] fills it.
    ///
    /// ```
    /// use shogi_formats::diagram::Diagram;
    /// let game = shogi_variants::FamilyGame::builtin("dobutsu")?;
    /// let d = Diagram::of_family(game.position(), &game.definition().labels);
    /// assert!(d.faces.is_some());
    /// assert!(d.to_svg().contains(">ら</text>"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub faces: Option<Faces>,
}

/// The most font families [`font_families`] takes.
pub const MAX_FONTS: usize = 8;
/// The most characters of one font family name.
pub const MAX_FONT_CHARS: usize = 64;

/// Why a font list was refused by [`font_families`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FontError {
    /// No family at all, or an empty one between commas.
    #[error("a font family name is empty (write names separated by commas, like 'IPAexGothic, Noto Sans JP')")]
    Empty,
    /// More than [`MAX_FONTS`] families.
    #[error("{0} font families is too many (at most {MAX_FONTS})")]
    TooMany(usize),
    /// A name longer than [`MAX_FONT_CHARS`] characters.
    #[error("the font family name '{0}' is too long (at most {MAX_FONT_CHARS} characters)")]
    TooLong(String),
    /// A character no font name needs and that could end the SVG attribute
    /// or the CSS list (quotes, `<`, `;`, `\\`...).
    #[error("the font family name '{name}' holds {bad:?}: a name is letters, digits, spaces and - _ . + only")]
    BadChar {
        /// The name as given (control characters shown escaped).
        name: String,
        /// The character refused.
        bad: char,
    },
}

/// Font family names for [`Diagram::fonts`] from a comma-separated list
/// (`"IPAexGothic, Noto Sans JP"`), each trimmed. A name is 1..=64 letters
/// (any script), digits, spaces and `- _ . +`; anything else (quotes, `<`,
/// `;`, `\\`, control characters) is refused, so a name can never end the
/// attribute or the CSS list it is written into. At most [`MAX_FONTS`]
/// names.
///
/// ```
/// use shogi_formats::diagram::{font_families, FontError};
/// assert_eq!(font_families(" IPAexGothic ,Noto Sans JP")?, ["IPAexGothic", "Noto Sans JP"]);
/// assert_eq!(font_families("游明朝")?, ["游明朝"]);
/// assert!(matches!(font_families("x'/><script>"), Err(FontError::BadChar { bad: '\'', .. })));
/// assert_eq!(font_families("A,,B"), Err(FontError::Empty));
/// # Ok::<(), FontError>(())
/// ```
pub fn font_families(list: &str) -> Result<Vec<String>, FontError> {
    let names: Vec<&str> = list.split(',').map(str::trim).collect();
    if names.len() > MAX_FONTS {
        return Err(FontError::TooMany(names.len()));
    }
    names.into_iter().map(font_family).collect()
}

/// One checked family name (see [`font_families`]).
fn font_family(name: &str) -> Result<String, FontError> {
    if name.is_empty() {
        return Err(FontError::Empty);
    }
    let shown = || {
        name.escape_debug()
            .take(MAX_FONT_CHARS + 8)
            .collect::<String>()
    };
    if let Some(bad) = name
        .chars()
        .find(|&c| !(c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.' | '+')))
    {
        return Err(FontError::BadChar { name: shown(), bad });
    }
    if name.chars().count() > MAX_FONT_CHARS {
        return Err(FontError::TooLong(shown()));
    }
    Ok(name.to_owned())
}

/// The language of a diagram's own words (players, empty hand, result).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// 先手, 後手, なし, 先手の勝ち（詰み）.
    #[default]
    Japanese,
    /// Black, White, none, Black wins by checkmate.
    English,
}

/// How pieces are written on a diagram.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PieceStyle {
    /// 歩 香 桂 銀 金 角 飛 玉/王, promoted と 杏 圭 全 馬 龍 (in red).
    #[default]
    Kanji,
    /// P L N S G B R K, promoted +P +L +N +S +B +R (in red): the letters of
    /// USI and western notation, readable without any CJK font.
    Latin,
}

/// The result of a game in words: "Black wins by checkmate", "先手の勝ち（詰み）".
///
/// ```
/// use shogi_core::{Color, EndReason, Outcome};
/// use shogi_formats::diagram::{result_words, Lang};
/// let o = Outcome::draw(EndReason::Repetition);
/// assert_eq!(result_words(&o, Lang::English), "Draw by repetition");
/// assert_eq!(result_words(&o, Lang::Japanese), "引き分け（千日手）");
/// ```
pub fn result_words(outcome: &Outcome, lang: Lang) -> String {
    match lang {
        Lang::English => {
            let s = outcome.to_string();
            let mut c = s.chars();
            match c.next() {
                Some(first) => first.to_uppercase().chain(c).collect(),
                None => s,
            }
        }
        Lang::Japanese => {
            let reason = match outcome.reason {
                EndReason::Checkmate => "詰み",
                EndReason::NoLegalMove => "指し手なし",
                EndReason::Repetition => "千日手",
                EndReason::PerpetualCheck => "連続王手の千日手",
                EndReason::MoveLimit => "手数制限",
                EndReason::ImpasseDeclaration => "入玉宣言",
                EndReason::Resignation => "投了",
                EndReason::Custom(end) => match end.name() {
                    "foul_limit" => "反則の上限",
                    "no_move_on_card_file" => "札の筋に指し手なし",
                    _ => end.words(),
                },
                _ => "終局",
            };
            match outcome.winner {
                Some(Color::Black) => format!("先手の勝ち（{reason}）"),
                Some(Color::White) => format!("後手の勝ち（{reason}）"),
                None => format!("引き分け（{reason}）"),
            }
        }
    }
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
const CARD_H: f32 = 64.0;

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
/// USI's rank letters, for diagrams drawn without CJK glyphs.
const RANK_LETTERS: [&str; 9] = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];

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
            ..Diagram::blank(g.files(), g.ranks())
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
            ..Diagram::blank(files, ranks)
        }
    }

    /// An empty board of `files` × `ranks` with no hands shown and nothing marked.
    pub(crate) fn blank(files: u8, ranks: u8) -> Diagram {
        Diagram {
            files,
            ranks,
            cells: [None; 81],
            hands: [None; 2],
            side_to_move: None,
            last_move: None,
            check: None,
            highlights: Bitboard::EMPTY,
            caption: None,
            flipped: false,
            outcome: None,
            lang: Lang::Japanese,
            pieces: PieceStyle::Kanji,
            size: None,
            selected: None,
            targets: Bitboard::EMPTY,
            arrows: Vec::new(),
            marks: Vec::new(),
            card: None,
            card_file: None,
            capture: None,
            fonts: Vec::new(),
            faces: None,
        }
    }

    /// Several diagrams side by side in one SVG document (`panel` class for
    /// each), for example both Tsuitate boards opened at the end. Each keeps
    /// its own size; the document's width is their sum.
    ///
    /// ```
    /// use shogi_core::{Color, OwnBoard, Variant};
    /// use shogi_formats::diagram::Diagram;
    /// let pos = shogi_variants::Standard::default().start_position();
    /// let both = [Color::Black, Color::White].map(|c| Diagram::of_own_board(&OwnBoard::of(&pos, c)));
    /// let svg = Diagram::side_by_side(&both);
    /// assert_eq!(svg.matches("class=\"panel\"").count(), 2);
    /// assert!(svg.ends_with("</svg>"));
    /// ```
    pub fn side_by_side(diagrams: &[Diagram]) -> String {
        let mut body = String::new();
        let (mut x, mut h) = (0.0f32, 0.0f32);
        for d in diagrams {
            let layout = Layout::new(d);
            let (w, dh) = layout.shown_size(d);
            let inner = layout.render(d);
            // The inner document's own opening tag, placed at x.
            let inner = inner.replacen(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" ",
                &format!("<svg class=\"panel\" x=\"{}\" y=\"0\" ", num(x)),
                1,
            );
            body.push_str(&inner);
            x += w;
            h = h.max(dh);
        }
        let (w, h) = (num(x.max(1.0)), num(h.max(1.0)));
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\">{body}</svg>"
        )
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

/// One piece tile to draw: whose it is, its text, whether in promoted ink,
/// and its size relative to a king's.
struct Tile {
    color: Color,
    text: String,
    promoted: bool,
    scale: f32,
}

/// The tiles on the board: from [`Diagram::faces`] when set, else from
/// [`Diagram::cells`].
fn tiles(d: &Diagram) -> Vec<(Square, Tile)> {
    if let Some(faces) = &d.faces {
        return faces
            .cells
            .iter()
            .enumerate()
            .filter_map(|(i, face)| {
                let (face, sq) = (face.as_ref()?, Square::from_index(i)?);
                let tile = Tile {
                    color: face.color,
                    text: face.text(d.pieces).to_owned(),
                    promoted: face.promoted,
                    scale: if face.royal { 1.0 } else { 0.91 },
                };
                Some((sq, tile))
            })
            .collect();
    }
    d.cells
        .iter()
        .enumerate()
        .filter_map(|(i, piece)| {
            let (piece, sq) = (piece.as_ref()?, Square::from_index(i)?);
            let tile = Tile {
                color: piece.color,
                text: piece_name(*piece, d.pieces).to_owned(),
                promoted: piece.kind.is_promoted(),
                scale: scale(piece.kind),
            };
            Some((sq, tile))
        })
        .collect()
}

/// A piece's Latin letters (USI's, `+` for promoted).
fn latin(piece: Piece) -> &'static str {
    match piece.kind {
        PieceKind::Pawn => "P",
        PieceKind::Lance => "L",
        PieceKind::Knight => "N",
        PieceKind::Silver => "S",
        PieceKind::Gold => "G",
        PieceKind::Bishop => "B",
        PieceKind::Rook => "R",
        PieceKind::King => "K",
        PieceKind::ProPawn => "+P",
        PieceKind::ProLance => "+L",
        PieceKind::ProKnight => "+N",
        PieceKind::ProSilver => "+S",
        PieceKind::Horse => "+B",
        PieceKind::Dragon => "+R",
    }
}

fn piece_name(piece: Piece, style: PieceStyle) -> &'static str {
    match style {
        PieceStyle::Kanji => kanji(piece),
        PieceStyle::Latin => latin(piece),
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
        let caption_h = [
            (d.card.is_some(), CARD_H),
            (d.outcome.is_some(), CAPTION_H),
            (d.caption.is_some(), CAPTION_H),
        ]
        .iter()
        .filter(|(shown, _)| *shown)
        .map(|(_, h)| h)
        .sum::<f32>();
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

    /// The width and height the document says it is (`size` scales it).
    fn shown_size(&self, d: &Diagram) -> (f32, f32) {
        match d.size {
            Some(w) => {
                let w = w as f32;
                (w, (self.height * w / self.width).round())
            }
            None => (self.width, self.height),
        }
    }

    /// The centre of `sq`'s cell, if it is on the board.
    fn centre(&self, sq: Square, flipped: bool) -> Option<(f32, f32)> {
        self.cell(sq, flipped)
            .map(|(x, y)| (x + CELL_W / 2.0, y + CELL_H / 2.0))
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
        let (sw, sh) = self.shown_size(d);
        let (sw, sh) = (num(sw), num(sh));
        // The asked-for families first, each quoted; a name that would not
        // pass `font_families` (a field set by hand) is left out.
        let fonts: String = d
            .fonts
            .iter()
            .filter(|f| font_family(f).is_ok())
            .map(|f| format!("'{}',", escape(f)))
            .collect();
        let _ = write!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{sw}\" height=\"{sh}\" \
font-family=\"{fonts}{FONTS}\" fill=\"{INK}\">"
        );
        let _ = write!(
            s,
            "<rect width=\"{w}\" height=\"{h}\" rx=\"6\" fill=\"#fbf6ea\"/>"
        );
        self.board(d, &mut s);
        self.pieces(d, &mut s);
        self.highlights(d, &mut s);
        self.selection(d, &mut s);
        self.capture_cross(d, &mut s);
        self.arrows(d, &mut s);
        self.marks(d, &mut s);
        self.labels(d, &mut s);
        for c in Color::ALL {
            self.hand(d, c, &mut s);
        }
        let mut y = self.board_y + self.content_h;
        if let Some(card) = &d.card {
            self.card(d, card, y, &mut s);
            y += CARD_H;
        }
        if let Some(outcome) = &d.outcome {
            let _ = write!(
                s,
                "<text class=\"result\" x=\"{}\" y=\"{}\" font-size=\"17\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#8a1c14\">{}</text>",
                num(self.width / 2.0),
                num(y + CAPTION_H * 0.7),
                escape(&result_words(outcome, d.lang))
            );
            y += CAPTION_H;
        }
        if let Some(caption) = &d.caption {
            let _ = write!(
                s,
                "<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"15\" text-anchor=\"middle\">{}</text>",
                num(self.width / 2.0),
                num(y + CAPTION_H * 0.7),
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
        // The playing area, with what a page needs to map a click to a
        // square: the board's size and whether it is drawn turned.
        let _ = write!(
            s,
            "<rect class=\"board\" data-files=\"{}\" data-ranks=\"{}\" data-flipped=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{WOOD}\"/>",
            self.files,
            self.ranks,
            d.flipped,
            num(x0),
            num(y0),
            num(bw),
            num(bh)
        );
        if let Some(file) = d.card_file.filter(|f| (1..=self.files).contains(f)) {
            let col = if d.flipped {
                file - 1
            } else {
                self.files - file
            };
            let _ = write!(
                s,
                "<rect class=\"card-file\" data-file=\"{file}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#7aa6d8\" fill-opacity=\"0.35\"/>",
                num(x0 + col as f32 * CELL_W),
                num(y0),
                num(CELL_W),
                num(bh)
            );
        }
        if let Some(sq) = d.capture {
            self.tint(d, sq, "capture", "#e9a15c", s);
        }
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
        for (sq, tile) in tiles(d) {
            let Some((x, y)) = self.cell(sq, d.flipped) else {
                continue;
            };
            let k = tile.scale;
            let (pw, ph) = (34.0 * k, 39.0 * k);
            let (cx, cy) = (x + CELL_W / 2.0, y + CELL_H / 2.0 + 0.5);
            let rotate = if tile.color == bottom {
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
            let ink = if tile.promoted {
                PROMOTED_INK
            } else {
                BLACK_INK
            };
            let _ = write!(
                s,
                "<g class=\"piece {}\" data-square=\"{sq}\" transform=\"translate({} {}){rotate}\">\
<polygon points=\"{points}\" fill=\"{PIECE_FILL}\" stroke=\"{PIECE_EDGE}\" stroke-width=\"1.2\" stroke-linejoin=\"round\"/>\
<text y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{}</text></g>",
                tile.color.name(),
                num(cx),
                num(cy),
                num(ph * 0.06 + font * 0.36),
                // Labels of two characters or more (Latin `+R`) are written smaller.
                num(if tile.text.chars().count() > 1 {
                    font * 0.8
                } else {
                    font
                }),
                escape(&tile.text)
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

    /// The selected square's frame and its legal squares' rings, in blue.
    fn selection(&self, d: &Diagram, s: &mut String) {
        if let Some((x, y)) = d.selected.and_then(|sq| self.cell(sq, d.flipped)) {
            let _ = write!(
                s,
                "<rect class=\"selected\" data-square=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
fill=\"#2a62b8\" fill-opacity=\"0.18\" stroke=\"#2a62b8\" stroke-width=\"3\"/>",
                d.selected.map(|q| q.to_string()).unwrap_or_default(),
                num(x + 1.5),
                num(y + 1.5),
                num(CELL_W - 3.0),
                num(CELL_H - 3.0)
            );
        }
        for sq in d.targets {
            let Some((cx, cy)) = self.centre(sq, d.flipped) else {
                continue;
            };
            let r = if d.cells[sq.index()].is_some() {
                17.0
            } else {
                8.0
            };
            let _ = write!(
                s,
                "<circle class=\"legal\" data-square=\"{sq}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#2a62b8\" stroke-width=\"3\" stroke-opacity=\"0.85\"/>",
                num(cx),
                num(cy),
                num(r)
            );
        }
    }

    /// A cross over the square where a capture was announced.
    fn capture_cross(&self, d: &Diagram, s: &mut String) {
        let Some((cx, cy)) = d.capture.and_then(|sq| self.centre(sq, d.flipped)) else {
            return;
        };
        let k = 9.0;
        let _ = write!(
            s,
            "<path class=\"capture-cross\" d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#a4330f\" stroke-width=\"3\" stroke-linecap=\"round\"/>",
            num(cx - k),
            num(cy - k),
            num(cx + k),
            num(cy + k),
            num(cx + k),
            num(cy - k),
            num(cx - k),
            num(cy + k)
        );
    }

    /// Each arrow as a shaft and a head (one path each, no markers or ids);
    /// a drop as a ring on its destination.
    fn arrows(&self, d: &Diagram, s: &mut String) {
        const ARROW: &str = "#1f7a4a";
        for &(from, to) in &d.arrows {
            let Some((tx, ty)) = self.centre(to, d.flipped) else {
                continue;
            };
            let from = from.and_then(|f| self.centre(f, d.flipped));
            match from {
                Some((fx, fy)) if (fx, fy) != (tx, ty) => {
                    let (dx, dy) = (tx - fx, ty - fy);
                    let len = (dx * dx + dy * dy).sqrt();
                    let (ux, uy) = (dx / len, dy / len);
                    let head = 14.0f32.min(len * 0.6);
                    let (bx, by) = (tx - ux * head, ty - uy * head);
                    let (px, py) = (-uy * head * 0.55, ux * head * 0.55);
                    let _ = write!(
                        s,
                        "<path class=\"arrow\" d=\"M{} {}L{} {}M{} {}L{} {}L{} {}Z\" stroke=\"{ARROW}\" stroke-width=\"5\" stroke-linecap=\"round\" fill=\"{ARROW}\" opacity=\"0.7\"/>",
                        num(fx),
                        num(fy),
                        num(bx),
                        num(by),
                        num(tx),
                        num(ty),
                        num(bx + px),
                        num(by + py),
                        num(bx - px),
                        num(by - py)
                    );
                }
                _ => {
                    let _ = write!(
                        s,
                        "<circle class=\"arrow\" cx=\"{}\" cy=\"{}\" r=\"15\" fill=\"none\" stroke=\"{ARROW}\" stroke-width=\"4\" opacity=\"0.7\"/>",
                        num(tx),
                        num(ty)
                    );
                }
            }
        }
    }

    /// Notes on squares: bold purple text on a pale disc. On the square of
    /// the capture cross the disc would hide the cross, so the note is drawn
    /// smaller at the top of the square, clear of the cross's arms (they
    /// run corner to corner within 9 units of the centre; the small disc's
    /// centre is 13.5 units above it, 9.5 from either arm, its radius 7.5).
    fn marks(&self, d: &Diagram, s: &mut String) {
        for (sq, text) in &d.marks {
            let Some((cx, cy)) = self.centre(*sq, d.flipped) else {
                continue;
            };
            let (y, r, font, baseline) = if d.capture == Some(*sq) {
                (cy - CELL_H / 2.0 + 8.5, 7.5, 11.0, 4.0)
            } else {
                (cy, 12.0, 16.0, 5.5)
            };
            let _ = write!(
                s,
                "<g class=\"mark\" data-square=\"{sq}\"><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#f4ecff\" fill-opacity=\"0.85\" stroke=\"#6a3fb0\"/>\
<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#6a3fb0\">{}</text></g>",
                num(cx),
                num(y),
                num(r),
                num(cx),
                num(y + baseline),
                num(font),
                escape(text)
            );
        }
    }

    /// The drawn card: a white card with its label, under the board.
    fn card(&self, d: &Diagram, label: &str, y: f32, s: &mut String) {
        let (cw, ch) = (38.0, 52.0);
        let x = self.width / 2.0 - cw / 2.0;
        let words = match d.lang {
            Lang::Japanese => "札",
            Lang::English => "Card",
        };
        let _ = write!(
            s,
            "<g class=\"card\"><rect x=\"{}\" y=\"{}\" width=\"{cw}\" height=\"{ch}\" rx=\"4\" fill=\"#ffffff\" stroke=\"#2a62b8\" stroke-width=\"2\"/>\
<text x=\"{}\" y=\"{}\" font-size=\"22\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#2a62b8\">{}</text>\
<text x=\"{}\" y=\"{}\" font-size=\"14\" text-anchor=\"end\">{words}</text></g>",
            num(x),
            num(y + 6.0),
            num(x + cw / 2.0),
            num(y + 6.0 + ch / 2.0 + 8.0),
            escape(label),
            num(x - 8.0),
            num(y + 6.0 + ch / 2.0 + 5.0)
        );
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
                match d.pieces {
                    PieceStyle::Kanji => RANK_NUMERALS[rank as usize - 1],
                    PieceStyle::Latin => RANK_LETTERS[rank as usize - 1],
                }
            );
        }
    }

    /// `color`'s name (with ▲/△ when to move) and, if shown, its hand: the
    /// bottom player's on the right from the bottom up, the top player's on
    /// the left from the top down.
    fn hand(&self, d: &Diagram, color: Color, s: &mut String) {
        let bottom = (color == Color::White) == d.flipped;
        // The hand's rows (`kind×count`), or `None` when it is not shown.
        // Each row's text and the kind's letters, as a drop writes them.
        let items: Option<Vec<(String, String)>> = match &d.faces {
            Some(faces) => faces.hands[color.index()].as_ref().map(|h| {
                h.iter()
                    .filter(|(_, n)| *n > 0)
                    .map(|(f, n)| {
                        (
                            format!("{}×{n}", escape(f.text(d.pieces))),
                            escape(&f.letters),
                        )
                    })
                    .collect()
            }),
            None => d.hands[color.index()].map(|h| {
                h.iter()
                    .map(|(k, n)| {
                        let text = format!("{}×{n}", piece_name(Piece::new(color, k), d.pieces));
                        (text, k.to_string())
                    })
                    .collect()
            }),
        };
        let hidden = items.is_none();
        let empty = items.as_ref().is_some_and(Vec::is_empty);
        let rows: Vec<(String, String)> = match items {
            None => Vec::new(),
            Some(_) if empty => vec![(
                match d.lang {
                    Lang::Japanese => "なし".to_owned(),
                    Lang::English => "none".to_owned(),
                },
                String::new(),
            )],
            Some(rows) => rows,
        };
        let total_h = (1 + rows.len()) as f32 * ROW_H;
        let (x, top) = if bottom {
            (self.right_x, self.board_y + self.content_h - total_h)
        } else {
            (self.left_x, self.board_y)
        };
        let cx = num(x + HAND_W / 2.0);
        let (name, mark) = match (color, d.lang) {
            (Color::Black, Lang::Japanese) => ("先手", "▲"),
            (Color::White, Lang::Japanese) => ("後手", "△"),
            (Color::Black, Lang::English) => ("Black", "▲"),
            (Color::White, Lang::English) => ("White", "△"),
        };
        let cls = color.name();
        let name_y = num(top + ROW_H * 0.68);
        let mut name_x = x + HAND_W / 2.0;
        if d.outcome.is_none() && d.side_to_move == Some(color) {
            // Half the name's width at 15 px bold, and the marker left of it.
            let half = match d.lang {
                Lang::Japanese => 15.0,
                Lang::English => 21.0,
            };
            name_x += 7.0;
            let _ = write!(
                s,
                "<text class=\"to-move\" x=\"{}\" y=\"{name_y}\" font-size=\"13\" text-anchor=\"middle\" fill=\"#b3261e\">{mark}</text>",
                num(name_x - half - 8.0)
            );
        }
        let _ = write!(
            s,
            "<text class=\"player {cls}\" x=\"{}\" y=\"{name_y}\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\">{name}</text>",
            num(name_x)
        );
        if hidden {
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
        for (i, (row, kind)) in rows.iter().enumerate() {
            let y = num(top + (i + 1) as f32 * ROW_H + ROW_H * 0.7);
            if empty {
                let _ = write!(
                    s,
                    "<text class=\"hand-empty\" x=\"{cx}\" y=\"{y}\">{row}</text>"
                );
            } else {
                let _ = write!(
                    s,
                    "<text class=\"hand-item\" data-color=\"{cls}\" data-kind=\"{kind}\" x=\"{cx}\" y=\"{y}\">{row}</text>"
                );
            }
        }
        s.push_str("</g>");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_core::Variant;
    use shogi_variants::{Minishogi, Standard};

    fn start() -> Diagram {
        Diagram::of_position(&Standard::default().start_position())
    }

    #[test]
    fn a_result_replaces_the_to_move_marker() {
        let mut d = start();
        assert_eq!(d.to_svg().matches("class=\"to-move\"").count(), 1);
        d.outcome = Some(Outcome::loss(Color::Black, EndReason::Resignation));
        let svg = d.to_svg();
        assert!(!svg.contains("class=\"to-move\""));
        assert!(svg.contains(">後手の勝ち（投了）</text>"));
        d.lang = Lang::English;
        assert!(d.to_svg().contains(">White wins by resignation</text>"));
    }

    #[test]
    fn latin_english_diagram_has_no_cjk_character() {
        let mut d = start();
        d.pieces = PieceStyle::Latin;
        d.lang = Lang::English;
        let mut hand = Hand::EMPTY;
        hand.set(PieceKind::Pawn, 2);
        d.hands[0] = Some(hand);
        d.outcome = Some(Outcome::draw(EndReason::Repetition));
        let svg = d.to_svg();
        // Everything but the font list in the root element.
        let body = &svg[svg.find('>').unwrap()..];
        assert!(
            !body.chars().any(|c| ('\u{3040}'..='\u{9fff}').contains(&c)
                || ('\u{ff00}'..='\u{ffef}').contains(&c)),
            "{body}"
        );
        assert!(body.contains(">P×2</text>"));
        assert!(body.contains(">Draw by repetition</text>"));
    }

    #[test]
    fn promoted_latin_pieces_carry_a_plus() {
        let mut d = start();
        d.pieces = PieceStyle::Latin;
        d.cells[Square::new(5, 5).unwrap().index()] =
            Some(Piece::new(Color::White, PieceKind::Dragon));
        assert!(d.to_svg().contains(">+R</text>"));
    }

    #[test]
    fn size_scales_the_document_not_the_drawing() {
        let mut d = start();
        let natural = d.to_svg();
        d.size = Some(273);
        let scaled = d.to_svg();
        let view_box = |s: &str| {
            s[s.find("viewBox").unwrap()..]
                .split('"')
                .nth(1)
                .unwrap()
                .to_owned()
        };
        assert_eq!(view_box(&natural), view_box(&scaled));
        assert!(
            scaled.contains(" width=\"273\" height=\"219\""),
            "{}",
            &scaled[..200]
        );
    }

    #[test]
    fn card_file_off_the_board_and_marks_are_escaped() {
        let mut d = Diagram::of_position(&Minishogi::default().start_position());
        d.card_file = Some(7);
        d.marks.push(("3c".parse().unwrap(), "<&>".to_owned()));
        let svg = d.to_svg();
        assert!(!svg.contains("card-file"));
        assert!(svg.contains(">&lt;&amp;&gt;</text>"));
        d.card_file = Some(5);
        assert!(d.to_svg().contains("class=\"card-file\" data-file=\"5\""));
    }

    #[test]
    fn a_mark_on_the_capture_square_moves_off_the_cross() {
        let mut d = start();
        let sq: Square = "5e".parse().unwrap();
        d.marks.push((sq, "?".to_owned()));
        let centred = d.to_svg();
        d.capture = Some(sq);
        let beside_cross = d.to_svg();
        let circle = |svg: &str| {
            let at = svg.find("class=\"mark\"").unwrap();
            svg[at..].split("/>").next().unwrap().to_owned()
        };
        assert!(circle(&centred).contains("r=\"12\""));
        assert!(circle(&beside_cross).contains("r=\"7.5\""));
        assert_ne!(circle(&centred), circle(&beside_cross));
    }

    #[test]
    fn fonts_set_by_hand_that_would_not_pass_are_left_out() {
        let mut d = start();
        d.fonts = vec!["Good Font".to_owned(), "bad'\"><x".to_owned()];
        let svg = d.to_svg();
        assert!(svg.contains("font-family=\"'Good Font','Noto Serif CJK JP'"));
        assert!(!svg.contains("bad"));
    }

    #[test]
    fn arrows_and_drops_and_off_board_squares() {
        let mut d = Diagram::of_position(&Minishogi::default().start_position());
        d.arrows = vec![
            (Some("5e".parse().unwrap()), "5d".parse().unwrap()),
            (None, "3c".parse().unwrap()),
            (Some("9i".parse().unwrap()), "5d".parse().unwrap()), // origin off 5x5: a ring
            (Some("5e".parse().unwrap()), "9i".parse().unwrap()), // target off 5x5: nothing
        ];
        let svg = d.to_svg();
        assert_eq!(svg.matches("<path class=\"arrow\"").count(), 1);
        assert_eq!(svg.matches("<circle class=\"arrow\"").count(), 2);
    }

    #[test]
    fn side_by_side_places_panels_in_a_row() {
        let pos = Standard::default().start_position();
        let both =
            [Color::Black, Color::White].map(|c| Diagram::of_own_board(&OwnBoard::of(&pos, c)));
        let svg = Diagram::side_by_side(&both);
        assert!(svg.contains("<svg class=\"panel\" x=\"0\" y=\"0\""));
        let w = Layout::new(&both[0]).width;
        assert!(svg.contains(&format!("<svg class=\"panel\" x=\"{}\" y=\"0\"", num(w))));
        assert!(svg.contains(&format!("width=\"{}\"", num(2.0 * w))));
        assert_eq!(svg, Diagram::side_by_side(&both));
        assert!(Diagram::side_by_side(&[]).starts_with("<svg"));
    }
}
