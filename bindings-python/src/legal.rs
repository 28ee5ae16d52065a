//! `LegalMoves`: the moves a game allows now as a lazy collection (``len``,
//! ``in``, iteration), the same class for every game (`Board`, `CardGame`,
//! `TsuitateGame`, `PlayerView`). Each game says how its moves are found
//! through [`MoveSource`]; this module knows no game class.

use crate::convert::Shape;
use crate::moves::move_objects;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use shogi_core::{Move, MoveList};

/// `obj` borrowed to read, or `BusyError` if a call is changing it (a
/// callback of that call, or another thread while it runs without the
/// GIL): the threads model's refusal, instead of pyo3's panic.
pub fn read<'py, T: pyo3::PyClass>(obj: &Bound<'py, PyAny>) -> PyResult<PyRef<'py, T>> {
    crate::busy::read(obj.cast::<T>()?)
}

/// The most moves `repr(legal_moves)` writes out.
pub const REPR_MOVES: usize = 10;

/// How a game object lists, counts and tests the moves it allows now.
pub trait MoveSource: Send + Sync {
    /// The moves now (for iteration: a board remembers them for its push).
    fn list(&self, owner: &Bound<'_, PyAny>) -> PyResult<MoveList>;

    /// The board's square numbering, for the `Move` objects handed out.
    fn shape(&self, owner: &Bound<'_, PyAny>) -> PyResult<Shape>;

    /// The moves now as a list of `Move` objects numbered on the game's
    /// board (for iteration; a source may answer from one borrow).
    fn objects<'py>(&self, owner: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let shape = self.shape(owner)?;
        let moves = self.list(owner)?;
        PyList::new(owner.py(), move_objects(owner.py(), &moves, shape)?)
    }

    /// How many moves there are now.
    fn count(&self, owner: &Bound<'_, PyAny>) -> PyResult<usize> {
        Ok(self.list(owner)?.len())
    }

    /// A move argument (``Move`` or USI text) read as this game writes
    /// its moves.
    fn read_move(&self, _owner: &Bound<'_, PyAny>, obj: &Bound<'_, PyAny>) -> PyResult<Move> {
        crate::moves::a_move(obj)
    }

    /// The USI of `moves` as this game writes them.
    fn usi(&self, _owner: &Bound<'_, PyAny>, moves: &[Move]) -> PyResult<Vec<String>> {
        Ok(moves.iter().map(ToString::to_string).collect())
    }

    /// Whether `mv` is among them.
    fn contains(&self, owner: &Bound<'_, PyAny>, mv: Move) -> PyResult<bool> {
        Ok(self.list(owner)?.contains(&mv))
    }
}

/// The moves a game allows now, generated when used (``len``, ``in``,
/// iteration): a board's legal moves, the moves a drawn card allows, a
/// Tsuitate player's candidate attempts. It follows its game: after a push
/// it lists the new position's moves.
#[pyclass(module = "shogi_variants", name = "LegalMoves", frozen)]
pub struct PyLegalMoves {
    owner: Py<PyAny>,
    source: &'static dyn MoveSource,
}

impl PyLegalMoves {
    /// The moves of `owner`, found by `source`.
    pub fn new(owner: Py<PyAny>, source: &'static dyn MoveSource) -> PyLegalMoves {
        PyLegalMoves { owner, source }
    }
}

#[pymethods]
impl PyLegalMoves {
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.source.count(self.owner.bind(py))
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.__len__(py)? > 0)
    }

    /// The number of moves.
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        self.__len__(py)
    }

    /// Whether a move (``Move`` or USI) is among them; malformed text is not.
    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        match self.source.read_move(self.owner.bind(py), r#move) {
            Ok(mv) => self.source.contains(self.owner.bind(py), mv),
            Err(_) => Ok(false),
        }
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list = self.source.objects(self.owner.bind(py))?;
        list.try_iter().map(|it| it.into_any())
    }

    /// Pickles as its game and the game's ``legal_moves``: it unpickles to
    /// the same view of the unpickled game (a copy, not this game).
    /// ``copy.copy`` gives the same view of the same game,
    /// ``copy.deepcopy`` the view of a copy of the game.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let getattr = py.import("builtins")?.getattr("getattr")?;
        let args = PyTuple::new(
            py,
            [
                self.owner.bind(py).clone(),
                pyo3::types::PyString::new(py, "legal_moves").into_any(),
            ],
        )?;
        Ok((getattr, args))
    }

    /// The count and the first 10 moves in USI, then how many more (a
    /// standard position can have 593 moves, too many to print):
    /// ``<LegalMoves (30): 5i4h, 5i5h, ..., 7g7f, ... and 20 more>``;
    /// ``list(moves)`` gives them all.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let moves = self.source.list(self.owner.bind(py))?;
        let shown = self
            .source
            .usi(self.owner.bind(py), &moves[..moves.len().min(REPR_MOVES)])?;
        let more = match moves.len().saturating_sub(REPR_MOVES) {
            0 => String::new(),
            n => format!(", ... and {n} more"),
        };
        Ok(format!(
            "<LegalMoves ({}): {}{more}>",
            moves.len(),
            shown.join(", ")
        ))
    }
}
