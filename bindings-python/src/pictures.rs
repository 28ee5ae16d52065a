//! The options every `svg(...)` method takes, read once for all games and
//! views: `flipped`, `highlight`, `size`, `selected`, `arrows`, `marks`,
//! `lang`, `pieces`, `font`; and the module's defaults for the last three
//! (`set_diagram_defaults`, `diagram_defaults`), used by every picture a
//! caller draws without naming them (`svg()`, `_repr_svg_` in a notebook);
//! and the diagram of each game (a board, a card game, the referee's board).

use crate::convert::{self, Selected, SettingText, Shape, Text};
use crate::errors::SettingError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use shogi_core::{Bitboard, Color, Excerpt, Geometry, Square};
use shogi_formats::diagram::{Diagram, Lang, PieceStyle};
use shogi_variants::{Card, CardGame, GameState, Phase, Referee};
use std::sync::RwLock;

/// The widths `size=` takes, in pixels.
pub const SIZES: std::ops::RangeInclusive<u32> = 64..=4096;
/// The most characters of one mark (`marks=[("5e", "?")]`).
pub const MARK_CHARS: usize = 4;

/// The options of an `svg(...)` call as Python passed them (all left out:
/// `SvgOptions::default()`, the picture `_repr_svg_` shows).
#[derive(Default)]
pub struct SvgOptions<'py> {
    pub flipped: Option<bool>,
    pub highlight: Vec<Bound<'py, PyAny>>,
    pub size: Option<Bound<'py, PyAny>>,
    pub selected: Option<Bound<'py, PyAny>>,
    pub arrows: Vec<Bound<'py, PyAny>>,
    pub marks: Vec<Bound<'py, PyAny>>,
    pub lang: Option<Bound<'py, PyAny>>,
    pub pieces: Option<Bound<'py, PyAny>>,
    pub font: Option<Bound<'py, PyAny>>,
}

/// What a picture uses for the options a call leaves out: the module's
/// defaults, which `set_diagram_defaults` changes for the whole process
/// (every thread, every game and view).
#[derive(Clone)]
struct Defaults {
    lang: Lang,
    pieces: PieceStyle,
    /// Font families put before the built-in list; empty: the built-in list.
    fonts: Vec<String>,
}

/// The defaults until `set_diagram_defaults` changes them: Japanese
/// captions, kanji pieces, the built-in font list.
static DEFAULTS: RwLock<Defaults> = RwLock::new(Defaults {
    lang: Lang::Japanese,
    pieces: PieceStyle::Kanji,
    fonts: Vec::new(),
});

/// The defaults now. A lock poisoned by a panic is read anyway: the
/// defaults are replaced whole, never left half-written.
fn defaults() -> Defaults {
    DEFAULTS.read().unwrap_or_else(|e| e.into_inner()).clone()
}

const LANGS: [(&str, Lang); 2] = [("ja", Lang::Japanese), ("en", Lang::English)];
const STYLES: [(&str, PieceStyle); 2] =
    [("kanji", PieceStyle::Kanji), ("latin", PieceStyle::Latin)];

/// The language `lang=` names: `"ja"` or `"en"`; left out, the module's
/// default (`"ja"` unless `set_diagram_defaults` changed it).
pub fn lang(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Lang> {
    match obj {
        Some(obj) => one_of(obj, "lang", "caption language", LANGS),
        None => Ok(defaults().lang),
    }
}

/// The piece style `pieces=` names: `"kanji"` or `"latin"`; left out, the
/// module's default (`"kanji"` unless `set_diagram_defaults` changed it).
fn pieces(obj: Option<&Bound<'_, PyAny>>) -> PyResult<PieceStyle> {
    match obj {
        Some(obj) => one_of(obj, "pieces", "piece style", STYLES),
        None => Ok(defaults().pieces),
    }
}

/// The name of `value` among `choices`.
fn name_of<T: PartialEq>(value: &T, choices: &[(&'static str, T); 2]) -> &'static str {
    choices
        .iter()
        .find(|(_, v)| v == value)
        .map_or(choices[0].0, |(name, _)| name)
}

/// The value of a word option: one of two `choices`; any other word is a
/// `SettingError` naming both.
fn one_of<T: Copy>(
    obj: &Bound<'_, PyAny>,
    param: &str,
    what: &str,
    choices: [(&str, T); 2],
) -> PyResult<T> {
    let word = Text::<SettingText>::read(obj)?;
    match choices.iter().find(|(name, _)| *name == word.as_str()) {
        Some(&(_, value)) => Ok(value),
        None => Err(SettingError::new_err(format!(
            "{param}='{}' is no {what} (expected '{}' or '{}')",
            Excerpt(word.as_str()),
            choices[0].0,
            choices[1].0
        ))),
    }
}

fn size(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u32>> {
    let Some(obj) = obj else {
        return Ok(None);
    };
    let n = convert::index(obj)?;
    n.within(&SIZES).map(Some).ok_or_else(|| {
        SettingError::new_err(format!(
            "size={n} is out of range: the width is {}..={} pixels",
            SIZES.start(),
            SIZES.end()
        ))
    })
}

/// The font families `font=` names, put before the built-in Japanese
/// fonts: a `str` of comma-separated names (`"IPAexGothic, Noto Sans JP"`)
/// or a list or tuple of names. Each name is 1..=64 letters, digits, spaces
/// and `- _ . +` (at most 8 names): a quote, `<`, `;` or any other character
/// is refused with a `SettingError` saying which, so nothing given can end
/// the SVG attribute or the font list. An empty list keeps the built-in
/// list; `None` (left out) is the module's default (the built-in list unless
/// `set_diagram_defaults` named fonts).
fn font(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(obj) = obj else {
        return Ok(defaults().fonts);
    };
    let list = if obj.is_instance_of::<PyString>() {
        Text::<SettingText>::read(obj)?
    } else if obj.is_instance_of::<pyo3::types::PyList>() || obj.is_instance_of::<PyTuple>() {
        let mut names = Vec::new();
        for item in obj.try_iter()? {
            let item = item?;
            if !item.is_instance_of::<PyString>() {
                return Err(SettingError::new_err(format!(
                    "font= names font families as str, not {}",
                    convert::type_name(&item)
                )));
            }
            names.push(Text::<SettingText>::read(&item)?);
        }
        if names.is_empty() {
            // No family named: the built-in list, as with `None`.
            return Ok(Vec::new());
        }
        names.join(",")
    } else {
        return Err(SettingError::new_err(format!(
            "font= is a font family name, a comma-separated list of them or a list of names, not {}",
            convert::type_name(obj)
        )));
    };
    shogi_formats::diagram::font_families(&list)
        .map_err(|e| SettingError::new_err(format!("font=: {e}")))
}

/// One arrow: a `(from, to)` pair of squares, or a move (a `Move` or USI
/// text; a drop is drawn as a ring on its square).
fn arrow(obj: &Bound<'_, PyAny>, g: &Geometry) -> PyResult<(Option<Square>, Square)> {
    if let Ok(pair) = obj.cast::<PyTuple>() {
        if pair.len() != 2 {
            return Err(SettingError::new_err(format!(
                "an arrow is a (from, to) pair of squares or a move, not a tuple of {}",
                pair.len()
            )));
        }
        let from = convert::square(&pair.get_item(0)?, Shape::of(g))?;
        let to = convert::square(&pair.get_item(1)?, Shape::of(g))?;
        return Ok((Some(from), to));
    }
    let mv = crate::moves::a_move_on(obj, g)?;
    Ok((mv.from(), mv.to()))
}

/// One mark: a `(square, text)` pair, the text 1..=4 characters.
fn mark(obj: &Bound<'_, PyAny>, g: &Geometry) -> PyResult<(Square, String)> {
    let pair = obj
        .cast::<PyTuple>()
        .ok()
        .filter(|t| t.len() == 2)
        .ok_or_else(|| {
            SettingError::new_err(format!(
                "a mark is a (square, text) pair like ('5e', '?'), not {}",
                convert::type_name(obj)
            ))
        })?;
    let sq = convert::square(&pair.get_item(0)?, Shape::of(g))?;
    let text_obj = pair.get_item(1)?;
    let text = text_obj
        .cast::<PyString>()
        .map_err(|_| {
            SettingError::new_err(format!(
                "a mark's text is a str, not {}",
                convert::type_name(&text_obj)
            ))
        })
        .and_then(|s| convert::text_of::<SettingText>(s))?;
    let n = text.chars().count();
    if n == 0 || n > MARK_CHARS || text.chars().any(char::is_control) {
        return Err(SettingError::new_err(format!(
            "a mark's text is 1..={MARK_CHARS} printable characters, not '{}'",
            Excerpt(&text)
        )));
    }
    Ok((sq, text))
}

impl SvgOptions<'_> {
    /// Applies the options to `d`, a diagram of a board of geometry `g`;
    /// `legal` gives a selected piece's (or piece in hand's) legal squares.
    /// On a bad option nothing is drawn: the error is returned.
    pub fn apply(
        &self,
        d: &mut Diagram,
        g: &Geometry,
        legal: impl Fn(Selected) -> Bitboard,
    ) -> PyResult<()> {
        if let Some(flipped) = self.flipped {
            d.flipped = flipped;
        }
        d.highlights |= convert::highlights(&self.highlight, Shape::of(g))?;
        d.size = size(self.size.as_ref())?;
        if let Some(sel) = &self.selected {
            let sel = Selected::read(sel, Shape::of(g))?;
            if let Selected::Square(sq) = sel {
                d.selected = Some(sq);
            }
            d.targets = legal(sel);
        }
        d.arrows = self
            .arrows
            .iter()
            .map(|a| arrow(a, g))
            .collect::<PyResult<_>>()?;
        d.marks = self
            .marks
            .iter()
            .map(|m| mark(m, g))
            .collect::<PyResult<_>>()?;
        d.lang = lang(self.lang.as_ref())?;
        d.pieces = pieces(self.pieces.as_ref())?;
        d.fonts = font(self.font.as_ref())?;
        Ok(())
    }
}

/// A selected piece's (or piece in hand's) legal squares in `game`, for
/// [`SvgOptions::apply`].
pub fn legal(game: &impl GameState, sel: Selected) -> Bitboard {
    match sel {
        Selected::Square(from) => game.legal_destinations(from),
        Selected::Hand(kind) => game.legal_drop_squares(kind),
    }
}

/// Sets the module's defaults for the picture options a call leaves out,
/// for every game and view (``svg()``, ``_repr_svg_`` in a notebook):
/// ``lang`` (``"ja"``/``"en"``), ``pieces`` (``"kanji"``/``"latin"``) and
/// ``font`` (as ``svg``'s ``font``; ``[]`` goes back to the built-in list).
/// A keyword left out (or ``None``) keeps its default. An argument given to
/// ``svg(...)`` still wins. Returns the defaults as they were, a dict that
/// ``set_diagram_defaults(**old)`` puts back. A bad value raises
/// ``SettingError`` and changes nothing.
///
/// On a machine without a CJK font, ``set_diagram_defaults(pieces="latin",
/// lang="en")`` makes every picture, the notebook's too, readable.
#[pyfunction]
#[pyo3(signature = (*, lang = None, pieces = None, font = None))]
pub fn set_diagram_defaults<'py>(
    py: Python<'py>,
    lang: Option<Bound<'py, PyAny>>,
    pieces: Option<Bound<'py, PyAny>>,
    font: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    // Every value is read before any is set: a bad one changes nothing.
    let lang = lang
        .filter(|o| !o.is_none())
        .map(|o| one_of(&o, "lang", "caption language", LANGS))
        .transpose()?;
    let pieces = pieces
        .filter(|o| !o.is_none())
        .map(|o| one_of(&o, "pieces", "piece style", STYLES))
        .transpose()?;
    let fonts = match font.filter(|o| !o.is_none()) {
        Some(f) => Some(self::font(Some(&f))?),
        None => None,
    };
    let old = {
        let mut d = DEFAULTS.write().unwrap_or_else(|e| e.into_inner());
        let old = d.clone();
        if let Some(lang) = lang {
            d.lang = lang;
        }
        if let Some(pieces) = pieces {
            d.pieces = pieces;
        }
        if let Some(fonts) = fonts {
            d.fonts = fonts;
        }
        old
    };
    defaults_dict(py, &old)
}

/// The module's defaults for the picture options a call leaves out:
/// ``{"lang": "ja", "pieces": "kanji", "font": []}`` until
/// ``set_diagram_defaults`` changes them (``font``: the families put before
/// the built-in list, ``[]`` for none).
#[pyfunction]
pub fn diagram_defaults(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    defaults_dict(py, &defaults())
}

fn defaults_dict<'py>(py: Python<'py>, d: &Defaults) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("lang", name_of(&d.lang, &LANGS))?;
    dict.set_item("pieces", name_of(&d.pieces, &STYLES))?;
    dict.set_item("font", PyList::new(py, &d.fonts)?)?;
    Ok(dict)
}

/// A board's game: the position with its last move marked and the result
/// once over.
pub fn board_diagram(game: &shogi_core::Game<shogi_variants::AnyVariant>) -> Diagram {
    let mut d = Diagram::of_position(game.position());
    d.last_move = game.moves().last().copied();
    d.outcome = game.outcome();
    d
}

/// A game of the shogi family: its pieces by the definition's labels (the
/// SFEN letters in Latin style), the last move marked, the result once over.
pub fn family_diagram(game: &shogi_variants::FamilyGame) -> Diagram {
    let mut d = Diagram::of_family(game.position(), &game.definition().labels);
    d.last_move = game.moves().last().copied();
    d.outcome = shogi_variants::GameState::outcome(game);
    d
}

/// The card on the table: the one drawn for the move to be played now,
/// or, once over, the last card of a turn that got no move (the card
/// that allowed none).
pub fn shown_card(game: &CardGame) -> Option<Card> {
    game.current_card().or_else(|| {
        let last = game.turns().last()?;
        match (game.is_over(), last.mv) {
            (true, None) => last.cards.last().copied(),
            _ => None,
        }
    })
}

/// A card game: the position with its last move marked, the card drawn as
/// a card with its file tinted, what to do in the caption, and the result
/// once over.
pub fn card_diagram(game: &CardGame, lang: Lang) -> Diagram {
    let mut d = Diagram::of_position(game.position());
    d.lang = lang;
    d.last_move = game.game().moves().last().copied();
    d.outcome = game.outcome();
    let card = shown_card(game);
    d.card = card.map(|c| c.to_string());
    d.card_file = match card {
        Some(Card::Rank(file)) => Some(file),
        _ => None,
    };
    let ja = lang == Lang::Japanese;
    d.caption = match (game.phase(), game.outcome()) {
        (_, Some(_)) => None,
        (Phase::Draw, None) => Some(if ja { "札を引く" } else { "Draw a card" }.to_owned()),
        (
            Phase::Move {
                card: Some(Card::Joker),
            },
            None,
        ) => Some(
            if ja {
                "ジョーカー：どの手でもよい"
            } else {
                "Joker: any move"
            }
            .to_owned(),
        ),
        (Phase::Move { card: Some(c) }, None) => Some(if ja {
            format!("{c}筋に指す")
        } else {
            format!("Play on file {c}")
        }),
        (Phase::Move { card: None }, None) => Some(
            if ja {
                "札なし：どの合法手でもよい"
            } else {
                "No card: any legal move"
            }
            .to_owned(),
        ),
        (Phase::Over, None) => None,
    };
    d
}

/// Tsuitate's referee: the true board with the foul counts in the caption
/// and the result once over.
pub fn referee_diagram(referee: &Referee, lang: Lang) -> Diagram {
    let mut d = Diagram::of_position(referee.true_position());
    d.lang = lang;
    d.outcome = referee.outcome();
    let (b, w) = (referee.fouls(Color::Black), referee.fouls(Color::White));
    d.caption = Some(match lang {
        Lang::Japanese => format!("審判の盤 · 反則：先手 {b}、後手 {w}"),
        Lang::English => format!("Referee's board · fouls: Black {b}, White {w}"),
    });
    d
}
