//! The options every `svg(...)` method takes, read once for all games and
//! views: `flipped`, `highlight`, `size`, `selected`, `arrows`, `marks`,
//! `lang`, `pieces`, `font`.

use crate::convert::{self, Selected, SettingText, Shape, Text};
use crate::errors::SettingError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use shogi_core::{Bitboard, Excerpt, Geometry, Square};
use shogi_formats::diagram::{Diagram, Lang, PieceStyle};
use shogi_variants::GameState;

/// The widths `size=` takes, in pixels.
pub const SIZES: std::ops::RangeInclusive<u32> = 64..=4096;
/// The most characters of one mark (`marks=[("5e", "?")]`).
pub const MARK_CHARS: usize = 4;

/// The options of an `svg(...)` call as Python passed them.
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

/// The language `lang=` names: `"ja"` (the default) or `"en"`.
pub fn lang(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Lang> {
    one_of(
        obj,
        "lang",
        "caption language",
        [("ja", Lang::Japanese), ("en", Lang::English)],
    )
}

/// The piece style `pieces=` names: `"kanji"` (the default) or `"latin"`.
fn pieces(obj: Option<&Bound<'_, PyAny>>) -> PyResult<PieceStyle> {
    one_of(
        obj,
        "pieces",
        "piece style",
        [("kanji", PieceStyle::Kanji), ("latin", PieceStyle::Latin)],
    )
}

/// The value of a word option: one of two `choices`, the first by default;
/// any other word is a `SettingError` naming both.
fn one_of<T: Copy>(
    obj: Option<&Bound<'_, PyAny>>,
    param: &str,
    what: &str,
    choices: [(&str, T); 2],
) -> PyResult<T> {
    let Some(obj) = obj else {
        return Ok(choices[0].1);
    };
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
/// the SVG attribute or the font list. `None` (or an empty list) keeps the
/// built-in list.
fn font(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(obj) = obj else {
        return Ok(Vec::new());
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
    let mv = convert::a_move_on(obj, g)?;
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
