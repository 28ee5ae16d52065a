//! Conversions between Python values and the library's types: squares (index
//! or USI name), colors, moves (a `Move` or USI text), piece letters, and
//! settings (keyword arguments in, dictionaries out).

use crate::errors::{InvalidMoveError, InvalidSquareError, SettingError};
use crate::moves::PyMove;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString};
use serde_json::Value;
use shogi_core::{Color, Geometry, Hand, Move, Square};

/// A square from an index 0..80 or a USI name, on the given board if any.
pub fn square(obj: &Bound<'_, PyAny>, geometry: Option<&Geometry>) -> PyResult<Square> {
    let sq = if let Ok(name) = obj.cast::<PyString>() {
        let name = name.to_str()?;
        name.parse::<Square>().map_err(|_| {
            InvalidSquareError::new_err(format!(
                "'{}' is not a square (USI squares look like '7g')",
                shogi_core::Excerpt(name)
            ))
        })?
    } else if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        // Too large for i64 is no square either.
        let i: i64 = obj.extract().unwrap_or(-1);
        usize::try_from(i)
            .ok()
            .and_then(Square::from_index)
            .ok_or_else(|| {
                InvalidSquareError::new_err(format!("{i} is not a square index (0..=80)"))
            })?
    } else {
        return Err(InvalidSquareError::new_err(format!(
            "a square is an index 0..=80 or a name like '7g', not {}",
            obj.get_type().name()?
        )));
    };
    match geometry {
        Some(g) if !g.contains(sq) => Err(InvalidSquareError::new_err(format!(
            "{sq} is off this {}x{} board",
            g.files(),
            g.ranks()
        ))),
        _ => Ok(sq),
    }
}

/// The squares a diagram marks (`svg(highlight=...)`): each an index or a
/// USI name on `geometry`.
pub fn highlights(
    objs: &[Bound<'_, PyAny>],
    geometry: &Geometry,
) -> PyResult<shogi_core::Bitboard> {
    objs.iter()
        .try_fold(shogi_core::Bitboard::EMPTY, |set, obj| {
            Ok(set.with(square(obj, Some(geometry))?))
        })
}

/// A square on a board of `files` × `ranks` (an own board knows only its shape).
pub fn square_on(obj: &Bound<'_, PyAny>, files: u8, ranks: u8) -> PyResult<Square> {
    let sq = square(obj, None)?;
    if sq.file() > files || sq.rank() > ranks {
        return Err(InvalidSquareError::new_err(format!(
            "{sq} is off this {files}x{ranks} board"
        )));
    }
    Ok(sq)
}

/// What "show legal squares" is asked about: a piece on a square, or a
/// piece in hand (`"P*"`).
#[derive(Clone, Copy)]
pub enum Selected {
    /// The piece on this square.
    Square(Square),
    /// A piece in hand of this kind.
    Hand(shogi_core::PieceKind),
}

impl Selected {
    /// Reads a square (index or USI name) on a board of `files` × `ranks`,
    /// or a piece in hand (`"P*"`).
    pub fn read(obj: &Bound<'_, PyAny>, files: u8, ranks: u8) -> PyResult<Selected> {
        if let Ok(text) = obj.cast::<PyString>() {
            let text = text.to_str()?;
            if let Some(letter) = text.strip_suffix('*') {
                return letter
                    .parse::<shogi_core::PieceKind>()
                    .ok()
                    .filter(|k| k.is_hand_kind())
                    .map(Selected::Hand)
                    .ok_or_else(|| {
                        InvalidSquareError::new_err(format!(
                            "'{text}' is no piece in hand (drops are written 'P*', 'L*', 'N*', 'S*', 'G*', 'B*', 'R*')"
                        ))
                    });
            }
        }
        square_on(obj, files, ranks)
            .map(Selected::Square)
            .map_err(|e| {
                InvalidSquareError::new_err(format!(
                    "{} (or a piece in hand like 'P*')",
                    e.value(obj.py())
                ))
            })
    }
}

/// A color from `BLACK` (0) or `WHITE` (1).
pub fn color(obj: &Bound<'_, PyAny>) -> PyResult<Color> {
    let c: i64 = obj.extract().unwrap_or(-1);
    match c {
        0 => Ok(Color::Black),
        1 => Ok(Color::White),
        _ => Err(crate::errors::ShogiError::new_err(format!(
            "{obj} is not a color (BLACK = 0, WHITE = 1)"
        ))),
    }
}

/// A move from a `Move` or USI text.
pub fn a_move(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(m) = obj.cast::<PyMove>() {
        return Ok(m.get().0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s.to_str()?;
        return s
            .parse::<Move>()
            .map_err(|e| InvalidMoveError::new_err(e.to_string()));
    }
    Err(InvalidMoveError::new_err(format!(
        "expected a Move or USI text, not {}",
        obj.get_type().name()?
    )))
}

/// A hand as `{letter: count}`, only the kinds held.
pub fn hand<'py>(py: Python<'py>, hand: Hand) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (kind, n) in hand.iter() {
        if n > 0 {
            d.set_item(kind.base_letter().to_string(), n)?;
        }
    }
    Ok(d)
}

/// Squares of a bitboard as a sorted list of indices.
pub fn squares(bb: shogi_core::Bitboard) -> Vec<usize> {
    bb.into_iter().map(|s| s.index()).collect()
}

/// Keyword settings as `(key, JSON text)` pairs for `settings_with`: each
/// value is written as JSON so that its Python type is kept (a string stays a
/// string, `None` is `null`).
pub fn overrides(settings: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let mut out = Vec::new();
    let Some(d) = settings else {
        return Ok(out);
    };
    for (k, v) in d.iter() {
        let key: String = k.extract()?;
        let value =
            to_json(&v).map_err(|msg| SettingError::new_err(format!("setting '{key}': {msg}")))?;
        out.push((key, value.to_string()));
    }
    Ok(out)
}

/// A Python value as JSON (None, bool, int, float, str, list, dict).
fn to_json(v: &Bound<'_, PyAny>) -> Result<Value, String> {
    if v.is_none() {
        Ok(Value::Null)
    } else if let Ok(b) = v.cast::<PyBool>() {
        Ok(Value::Bool(b.is_true()))
    } else if v.is_instance_of::<PyInt>() {
        v.extract::<i64>()
            .map(Value::from)
            .map_err(|_| "integer out of range".to_owned())
    } else if let Ok(f) = v.cast::<PyFloat>() {
        Ok(Value::from(f.value()))
    } else if let Ok(s) = v.cast::<PyString>() {
        Ok(Value::String(s.to_string()))
    } else if let Ok(d) = v.cast::<PyDict>() {
        // A nested setting (Card shogi's `capture_duty` as `settings` gives it back).
        let mut map = serde_json::Map::new();
        for (k, item) in d.iter() {
            let key = k
                .cast::<PyString>()
                .map_err(|_| "the keys of a nested setting are str".to_owned())?
                .to_string();
            map.insert(key, to_json(&item)?);
        }
        Ok(Value::Object(map))
    } else {
        Err(format!(
            "values are None, bool, int, float, str or a dict of them, not {}",
            v.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    }
}

/// JSON as Python objects.
pub fn from_json<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.into_pyobject(py)?.into_any(),
            None => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(a) => {
            let items = a
                .iter()
                .map(|x| from_json(py, x))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        Value::Object(o) => {
            let d = PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, from_json(py, x)?)?;
            }
            d.into_any()
        }
    })
}

/// A settings struct as a Python dict (the `variant` tag dropped).
pub fn settings_dict<'py, S: serde::Serialize>(
    py: Python<'py>,
    s: &S,
) -> PyResult<Bound<'py, PyAny>> {
    let mut v = serde_json::to_value(s).map_err(|e| SettingError::new_err(e.to_string()))?;
    if let Value::Object(o) = &mut v {
        o.remove("variant");
    }
    from_json(py, &v)
}

/// Keyword arguments, as Python source, for the settings that differ from
/// the defaults (for a `repr` that can be pasted back).
pub fn non_default_kwargs<S: serde::Serialize>(s: &S, default: &S) -> String {
    let (Ok(Value::Object(now)), Ok(Value::Object(base))) =
        (serde_json::to_value(s), serde_json::to_value(default))
    else {
        return String::new();
    };
    now.iter()
        .filter(|(k, v)| *k != "variant" && base.get(*k) != Some(*v))
        .map(|(k, v)| format!(", {k}={}", py_literal(v)))
        .collect()
}

/// A JSON value as a Python literal.
fn py_literal(v: &Value) -> String {
    match v {
        Value::Null => "None".to_owned(),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => py_str(s),
        Value::Array(a) => format!(
            "[{}]",
            a.iter().map(py_literal).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(o) => format!(
            "{{{}}}",
            o.iter()
                .map(|(k, v)| format!("{}: {}", py_str(k), py_literal(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A string as a single-quoted Python literal.
pub fn py_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// Pairs of owned strings as borrowed pairs.
pub fn borrowed(pairs: &[(String, String)]) -> Vec<(&str, &str)> {
    pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}
