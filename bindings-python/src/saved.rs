//! Loading games saved as versioned JSON (`shogi_variants::SavedGame`);
//! saving is `Game.to_json`, pickling `pickle::reduce`.

use crate::errors::InvalidSfenError;
use pyo3::prelude::*;
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
    crate::game::game_object(py, game)
}
