//! Saving and loading games as versioned JSON (`shogi_variants::SavedGame`),
//! and pickling through it.

use crate::errors::InvalidSfenError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use shogi_variants::SavedGame;

/// Reads a saved game (``Board.to_json()``, ``CardGame.to_json()``,
/// ``TsuitateGame.to_json()``) back into a game that continues where it was
/// saved. Raises ``InvalidSfenError`` (a ``ShogiError``) for a bad document,
/// naming the first move, card or attempt that cannot be replayed, or the
/// field that is wrong, in the library's words (never serde's); one leading
/// byte order mark is skipped; quoted input is bounded.
#[pyfunction]
pub fn load(
    py: Python<'_>,
    json: crate::convert::Text<crate::convert::SavedText>,
) -> PyResult<Py<PyAny>> {
    let game = SavedGame::from_json(&json)
        .and_then(|s| s.restore())
        .map_err(|e| InvalidSfenError::new_err(e.to_string()))?;
    crate::games::game_object(py, game)
}

/// `(load, (json,))`: how every game pickles.
pub fn reduce<'py>(
    py: Python<'py>,
    saved: SavedGame,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
    let load = py.import("shogi_variants._core")?.getattr("load")?;
    Ok((load, PyTuple::new(py, [saved.to_json()])?))
}
