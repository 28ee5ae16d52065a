//! The `dialect=` argument of `sfen`, `usi`, `parse_usi`, `push_usi`,
//! `from_sfen` and the constructors: Rust's `shogi_variants::Dialect`,
//! named by a string (`"usi"`, `"lishogi"`, `"fairy-stockfish"`).

use crate::errors::{ArgumentError, InvalidSfenError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use shogi_variants::{AnyGame, Dialect};

/// The dialect named (`None`: ours, USI). Raises `ArgumentError`.
pub fn dialect(name: Option<&str>) -> PyResult<Dialect> {
    match name {
        None => Ok(Dialect::Usi),
        Some(n) => Dialect::from_name(n).map_err(|e| ArgumentError::new_err(e.to_string())),
    }
}

/// A position of `game` written in `dialect`, as our SFEN. Raises
/// `InvalidSfenError`.
pub fn sfen_from(game: &AnyGame, text: &str, dialect: Dialect) -> PyResult<String> {
    game.sfen_from(text, dialect)
        .map_err(|e| InvalidSfenError::new_err(e.to_string()))
}

/// Move text in `dialect` as our USI, a Python string for the parsers
/// that read one (the same object when the dialect is ours).
pub fn usi_from<'py>(
    game: &AnyGame,
    text: &Bound<'py, PyString>,
    dialect: Dialect,
) -> PyResult<Bound<'py, PyString>> {
    if dialect == Dialect::Usi {
        return Ok(text.clone());
    }
    let ours = game
        .usi_from(&text.to_cow()?, dialect)
        .map_err(|e| crate::errors::InvalidMoveError::new_err(e.to_string()))?;
    Ok(PyString::new(text.py(), &ours))
}
