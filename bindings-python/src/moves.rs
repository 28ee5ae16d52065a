//! `Move` and `Outcome`: small immutable values.

use crate::convert;
use crate::enums::{ColorObj, ReasonObj};
use crate::errors::InvalidMoveError;
use pyo3::prelude::*;
use shogi_core::{Color, EndReason, Move, Outcome, PieceKind};
use std::sync::OnceLock;

/// A move: immutable, hashable, ordered by ``code``.
///
/// ``Move(from_square, to_square, promotion=False)`` for a board move,
/// ``Move.drop(piece, to_square)`` for a drop, ``Move.from_usi("7g7f")``.
#[pyclass(module = "shogi_variants", name = "Move", frozen, eq, ord)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PyMove(pub Move);

#[pymethods]
impl PyMove {
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = false))]
    fn new(
        from_square: &Bound<'_, PyAny>,
        to_square: &Bound<'_, PyAny>,
        promotion: bool,
    ) -> PyResult<Self> {
        let from = convert::square(from_square, None)?;
        let to = convert::square(to_square, None)?;
        if from == to {
            return Err(InvalidMoveError::new_err(format!(
                "a move goes somewhere: {from} to {to}"
            )));
        }
        Ok(PyMove(Move::normal(from, to, promotion)))
    }

    /// Parse USI (``"7g7f"``, ``"8h2b+"``, ``"P*5e"``). Raises ``InvalidMoveError``.
    #[staticmethod]
    fn from_usi(usi: convert::Text<convert::MoveText>) -> PyResult<Self> {
        usi.parse::<Move>()
            .map(PyMove)
            .map_err(|e| InvalidMoveError::new_err(e.to_string()))
    }

    /// A drop of ``piece`` (``"P"``, ``"L"``, ``"N"``, ``"S"``, ``"G"``, ``"B"``, ``"R"``) on ``to_square``.
    #[staticmethod]
    fn drop(
        piece: convert::Text<convert::MoveText>,
        to_square: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let to = convert::square(to_square, None)?;
        let kind: PieceKind = piece.parse().map_err(|_| {
            InvalidMoveError::new_err(format!(
                "'{}' is not a piece letter",
                shogi_core::Excerpt(&piece)
            ))
        })?;
        Move::drop(kind, to).map(PyMove).ok_or_else(|| {
            InvalidMoveError::new_err(format!("a {} cannot be dropped", kind.name()))
        })
    }

    /// The move of a 16-bit ``code`` (see ``Move.code``). Raises ``InvalidMoveError``.
    #[staticmethod]
    fn from_code(code: &Bound<'_, PyAny>) -> PyResult<Self> {
        let obj = code;
        let what = match convert::index(obj) {
            Ok(n) => n.to_string(),
            Err(_) => format!("a {}", convert::type_name(obj)),
        };
        convert::index(obj)
            .ok()
            .and_then(|n| n.get::<u16>())
            .and_then(Move::from_u16)
            // A board move goes somewhere (USI cannot write `1a1a`).
            .filter(|m| m.from() != Some(m.to()))
            .map(PyMove)
            .ok_or_else(|| {
                InvalidMoveError::new_err(format!("{what} is not a move code (0..=65535)"))
            })
    }

    /// USI notation.
    fn usi(&self) -> String {
        self.0.to_string()
    }

    /// Origin square, ``None`` for a drop.
    #[getter]
    #[allow(clippy::wrong_self_convention)] // the Python name, as in python-chess
    fn from_square(&self) -> Option<usize> {
        self.0.from().map(|s| s.index())
    }

    /// Destination square.
    #[getter]
    #[allow(clippy::wrong_self_convention)] // the Python name, as in python-chess
    fn to_square(&self) -> usize {
        self.0.to().index()
    }

    /// The dropped piece's uppercase letter, ``None`` for a board move.
    #[getter]
    fn drop_piece(&self) -> Option<String> {
        self.0.drop_kind().map(|k| k.base_letter().to_string())
    }

    /// Whether the move promotes.
    #[getter]
    fn promotion(&self) -> bool {
        self.0.is_promotion()
    }

    /// A stable 16-bit integer for the move (an action id for learning code).
    #[getter]
    fn code(&self) -> u16 {
        self.0.to_u16()
    }

    /// The hash of a move is its code.
    fn __hash__(&self) -> u64 {
        u64::from(self.0.to_u16())
    }

    /// Whether the move is a drop (a property, as ``promotion`` is).
    #[getter]
    fn is_drop(&self) -> bool {
        self.0.is_drop()
    }

    /// Whether the move promotes (the same as ``promotion``, named as
    /// ``is_drop`` is).
    #[getter]
    fn is_promotion(&self) -> bool {
        self.0.is_promotion()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_usi('{}')", self.0)
    }

    /// Pickles as its USI text, read back by `Move.from_usi`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((
            py.get_type::<PyMove>().getattr("from_usi")?,
            (self.0.to_string(),),
        ))
    }
}

/// One shared, immutable `Move` object per move code, made on first use:
/// handing out a reference is much cheaper than allocating an object for
/// every generated move.
static MOVE_OBJECTS: OnceLock<Box<[OnceLock<Py<PyMove>>]>> = OnceLock::new();

/// Board moves (from, to, promotion) then drops (kind, to), each on the
/// 81-square index space.
const MOVE_SLOTS: usize = 81 * 81 * 2 + 7 * 81;

/// A dense index of `mv` below [`MOVE_SLOTS`]: moves from one square sit
/// together, as a position's moves are met.
#[inline]
fn move_slot(mv: Move) -> usize {
    let to = mv.to().index();
    match (mv.from(), mv.drop_kind()) {
        (Some(from), _) => (from.index() * 81 + to) * 2 + usize::from(mv.is_promotion()),
        (None, Some(kind)) => 81 * 81 * 2 + kind.index() * 81 + to,
        (None, None) => MOVE_SLOTS, // not a move: no slot
    }
}

/// The shared Python object of `mv`, made the first time the move is seen:
/// moves met together (a position's list) get neighbouring objects, which
/// keeps the working set of a search in the cache.
#[inline]
pub fn move_object(py: Python<'_>, mv: Move) -> PyResult<Py<PyMove>> {
    let table = MOVE_OBJECTS.get_or_init(|| (0..MOVE_SLOTS).map(|_| OnceLock::new()).collect());
    let Some(cell) = table.get(move_slot(mv)) else {
        return Py::new(py, PyMove(mv));
    };
    if let Some(obj) = cell.get() {
        return Ok(obj.clone_ref(py));
    }
    let obj = Py::new(py, PyMove(mv))?;
    Ok(cell.get_or_init(|| obj).clone_ref(py))
}

/// Shared objects of a list of moves.
pub fn move_objects(py: Python<'_>, moves: &[Move]) -> PyResult<Vec<Py<PyMove>>> {
    moves.iter().map(|&m| move_object(py, m)).collect()
}

/// The Python name of an end reason: Rust's [`EndReason::name`].
pub fn reason_name(r: EndReason) -> &'static str {
    r.name()
}

/// How a game ended.
#[pyclass(module = "shogi_variants", name = "Outcome", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyOutcome(pub Outcome);

#[pymethods]
impl PyOutcome {
    /// Pickles as its serde form (see `reduce_json`).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        reduce_json(py.get_type::<PyOutcome>(), &self.0)
    }

    /// Reads back what `__reduce__` wrote.
    #[staticmethod]
    fn _from_json(json: &str) -> PyResult<Self> {
        from_json("Outcome", json).map(PyOutcome)
    }

    /// ``Color.BLACK``, ``Color.WHITE`` or ``None`` for a draw. A colour
    /// is always true, so ``if outcome.winner:`` is false only for a draw.
    #[getter]
    fn winner(&self) -> Option<ColorObj> {
        self.0.winner.map(ColorObj)
    }

    /// Why the game ended: an ``EndReason`` member (``== "checkmate"``), or
    /// a plain ``str`` for an end the enum does not list.
    #[getter]
    fn reason(&self) -> ReasonObj {
        ReasonObj::from(self.0.reason)
    }

    /// 1.0 for a win of ``color``, 0.5 for a draw, 0.0 for a loss.
    fn score(&self, color: &Bound<'_, PyAny>) -> PyResult<f64> {
        Ok(self.0.score(convert::color(color)?))
    }

    /// Per-player returns ``[black, white]``: +1 win, -1 loss, 0 draw.
    fn returns(&self) -> Vec<f64> {
        [Color::Black, Color::White]
            .iter()
            .map(|&c| 2.0 * self.0.score(c) - 1.0)
            .collect()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        let winner = match self.0.winner {
            Some(Color::Black) => "BLACK",
            Some(Color::White) => "WHITE",
            None => "None",
        };
        format!(
            "<Outcome winner={winner} reason='{}'>",
            reason_name(self.0.reason)
        )
    }
}

/// How the value classes pickle (`Outcome`, `Record`, `Announcement`,
/// `Ruling`, `PlayerView`, `Event`, `Capture`): `(cls._from_json, (json,))`,
/// the Rust value's serde form. `copy.copy` and `copy.deepcopy` go through
/// the same `__reduce__`; the copy equals the original.
pub fn reduce_json<'py, T: serde::Serialize>(
    class: Bound<'py, pyo3::types::PyType>,
    value: &T,
) -> PyResult<(Bound<'py, PyAny>, (String,))> {
    let json = serde_json::to_string(value)
        .map_err(|e| crate::errors::ShogiError::new_err(format!("cannot pickle: {e}")))?;
    Ok((class.getattr("_from_json")?, (json,)))
}

/// The value a [`reduce_json`] pickle holds; `what` names it in the error.
pub fn from_json<T: serde::de::DeserializeOwned>(what: &str, json: &str) -> PyResult<T> {
    serde_json::from_str(json).map_err(|e| {
        crate::errors::ShogiError::new_err(format!(
            "not a pickled {what}: {}",
            shogi_core::Excerpt(&e.to_string())
        ))
    })
}
