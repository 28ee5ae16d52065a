//! Training data from Python: `Board.hcpe()`/`psv()`, `Record.hcpe()`/
//! `psv()`, `read_hcpe`/`read_psv` and their `TrainingEntry`, over Rust's
//! `shogi_formats::training`.

use crate::convert::Shape;
use crate::errors::TrainingDataError;
use crate::game::PyBoard;
use crate::moves::{move_object, PyMove};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use shogi_core::Game;
use shogi_formats::training::{self, hcpe, psv, TrainingEntry, TrainingError};
use shogi_variants::{AnyVariant, Standard};

fn error(e: TrainingError) -> PyErr {
    TrainingDataError::new_err(e.to_string())
}

/// Which format.
#[derive(Clone, Copy)]
pub enum TrainingFormat {
    Hcpe,
    Psv,
}

/// `entries` in `format`, as Python bytes. Raises `TrainingDataError`.
pub fn write<'py>(
    py: Python<'py>,
    entries: &[TrainingEntry],
    format: TrainingFormat,
) -> PyResult<Bound<'py, PyBytes>> {
    let bytes = match format {
        TrainingFormat::Hcpe => hcpe::write(entries),
        TrainingFormat::Psv => psv::write(entries),
    }
    .map_err(error)?;
    Ok(PyBytes::new(py, &bytes))
}

/// A board game's entries: every position before a move, with that move
/// and the game's winner (none while it goes on, or drawn).
pub fn game_entries(game: &Game<AnyVariant>) -> Vec<TrainingEntry> {
    let winner = game.outcome().and_then(|o| o.winner);
    training::entries(game.start_position(), game.moves(), winner)
}

/// One position of a game as training data (Rust's
/// ``shogi_formats::training::TrainingEntry``): ``position`` (a ``Board``
/// at it), ``sfen``, ``best_move`` (the move played, or ``None``),
/// ``score`` (the side to move's evaluation; 0 when unknown) and
/// ``winner`` (``BLACK``, ``WHITE`` or ``None`` for a draw).
#[pyclass(name = "TrainingEntry", module = "shogi_variants", frozen)]
pub struct PyTrainingEntry {
    entry: TrainingEntry,
}

#[pymethods]
impl PyTrainingEntry {
    /// The position as SFEN.
    #[getter]
    fn sfen(&self) -> String {
        self.entry.position.to_sfen()
    }

    /// A new standard ``Board`` at the position.
    #[getter]
    fn position(&self, py: Python<'_>) -> PyResult<Py<PyBoard>> {
        let variant = AnyVariant::Standard(Standard::default());
        Py::new(
            py,
            PyBoard::init(Game::from_position(variant, self.entry.position.clone())),
        )
    }

    /// The move played there (or the best move found), if any.
    #[getter]
    fn best_move(&self, py: Python<'_>) -> PyResult<Option<Py<PyMove>>> {
        self.entry
            .best_move
            .map(|mv| move_object(py, mv, Shape::of(self.entry.position.geometry())))
            .transpose()
    }

    /// The side to move's evaluation in centipawns (0: unknown).
    #[getter]
    fn score(&self) -> i16 {
        self.entry.score
    }

    /// The game's winner, ``None`` for a draw (or no result).
    #[getter]
    fn winner<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.entry
            .winner
            .map(|c| crate::enums::color_object(py, c))
            .transpose()
    }

    fn __repr__(&self) -> String {
        format!(
            "TrainingEntry('{}', best_move={}, score={}, winner={})",
            self.entry.position.to_sfen(),
            self.entry
                .best_move
                .map_or("None".to_owned(), |m| format!("'{m}'")),
            self.entry.score,
            match self.entry.winner {
                None => "None",
                Some(shogi_core::Color::Black) => "BLACK",
                Some(shogi_core::Color::White) => "WHITE",
            }
        )
    }
}

fn entries_of(list: Vec<TrainingEntry>) -> Vec<PyTrainingEntry> {
    list.into_iter()
        .map(|entry| PyTrainingEntry { entry })
        .collect()
}

/// The entries of cshogi's HCPE bytes (``HuffmanCodedPosAndEval``, 38
/// bytes an entry): ``list[TrainingEntry]``, each move checked legal in
/// its position. Raises ``TrainingDataError`` naming the entry and why.
#[pyfunction]
pub fn read_hcpe(data: &[u8]) -> PyResult<Vec<PyTrainingEntry>> {
    hcpe::read(data).map(entries_of).map_err(error)
}

/// The entries of YaneuraOu's PSV bytes (``PackedSfenValue``, 40 bytes an
/// entry; the positions numbered by its ply). Raises ``TrainingDataError``.
#[pyfunction]
pub fn read_psv(data: &[u8]) -> PyResult<Vec<PyTrainingEntry>> {
    psv::read(data).map(entries_of).map_err(error)
}
