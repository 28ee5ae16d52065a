//! The one conversion of Rust game values to the Python game classes: an
//! `AnyGame` (a loaded game) and a `Seen` (what one seat sees, the
//! contract's `seen`). It imports the game classes and only the layers
//! above them (saved games, self-play, players) import it: each game class
//! converts its own seat's view itself, so the modules import in one
//! direction.

use crate::board::PyBoard;
use crate::card::PyCardGame;
use crate::errors::ShogiError;
use crate::tsuitate::{PyPlayerView, PyTsuitateGame};
use pyo3::prelude::*;
use shogi_variants::{AnyGame, Seen};

/// The Python object of a game: `Board`, `CardGame` or `TsuitateGame`.
pub fn game_object(py: Python<'_>, game: AnyGame) -> PyResult<Py<PyAny>> {
    Ok(match game {
        AnyGame::Board(g) => Py::new(py, PyBoard::from_game(*g))?.into_any(),
        AnyGame::Card(g) => Py::new(py, PyCardGame { game: *g })?.into_any(),
        AnyGame::Tsuitate(r) => Py::new(py, PyTsuitateGame { referee: *r })?.into_any(),
    })
}

/// What a seat sees as a Python object: a `Board` copy (perfect
/// information), a `CardGame` copy, or the seat's `PlayerView` (Tsuitate).
pub fn seen_object(py: Python<'_>, seen: Seen<'_>) -> PyResult<Py<PyAny>> {
    Ok(match seen {
        Seen::Board(g) => Py::new(py, PyBoard::from_game(g.clone()))?.into_any(),
        Seen::Card(c) => Py::new(py, PyCardGame { game: c.clone() })?.into_any(),
        Seen::Tsuitate(v) => Py::new(
            py,
            PyPlayerView {
                view: v.into_owned(),
            },
        )?
        .into_any(),
        // No game of this module sees a bare position; a game that did would
        // need a class for it.
        Seen::Position(_) => {
            return Err(ShogiError::new_err("this game's view has no Python class"))
        }
    })
}
