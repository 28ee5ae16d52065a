//! The conversions every game class and the research layer share: a move's
//! action and an action's move on a board's fixed action space, the legal
//! actions and their mask, and the observation arrays (numpy's, made by
//! Rust in place; numpy is imported only when one is made).

use crate::convert;
use crate::errors::InvalidMoveError;
use crate::moves::{a_move, move_object, PyMove};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use shogi_core::{Color, Move};
use shogi_research::action::ActionSpace;
use shogi_research::observation::ObservationShape;

/// The action of `mv` on `geometry`'s board, or `InvalidMoveError`.
pub fn action_of(space: ActionSpace, mv: &Bound<'_, PyAny>) -> PyResult<u32> {
    let mv = a_move(mv)?;
    space
        .encode(mv)
        .ok_or_else(|| InvalidMoveError::new_err(format!("{mv} does not fit this board")))
}

/// The move of `action` on `geometry`'s board, or `InvalidMoveError`
/// giving the range (any integer `operator.index` takes is read).
pub fn move_of_action(
    py: Python<'_>,
    space: ActionSpace,
    shape: convert::Shape,
    action: &Bound<'_, PyAny>,
) -> PyResult<Py<PyMove>> {
    let what = match convert::index(action) {
        Ok(n) => match n.within(&(0..=space.size().saturating_sub(1))) {
            Some(a) => match space.decode(a) {
                Some(mv) => return move_object(py, mv, shape),
                None => {
                    return Err(InvalidMoveError::new_err(format!(
                        "action {a} is no move on this board"
                    )))
                }
            },
            None => n.to_string(),
        },
        Err(_) => format!("a {}", convert::type_name(action)),
    };
    Err(InvalidMoveError::new_err(format!(
        "an action of this board is an integer 0..={}, not {what}",
        space.size().saturating_sub(1)
    )))
}

/// The actions of `moves`, ascending.
pub fn legal_actions(space: ActionSpace, moves: &[Move]) -> Vec<u32> {
    space.legal_actions(moves)
}

/// The action mask of `moves`: a numpy ``bool`` array of ``(num_actions,)``,
/// true where the action is one of `moves` (the dtype and layout of a row of
/// `SelfPlay.action_masks`). Without numpy: `MissingExtraError`.
pub fn mask_array<'py>(
    py: Python<'py>,
    space: ActionSpace,
    moves: &[Move],
) -> PyResult<Bound<'py, PyAny>> {
    require_numpy(py)?;
    Ok(PyArray1::from_vec(py, space.mask(moves)).into_any())
}

/// Whether numpy was found importable once already (it stays imported).
static NUMPY_FOUND: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Checks that numpy can be imported before an array is made: without it,
/// rust-numpy would panic; this raises `MissingExtraError` instead.
pub fn require_numpy(py: Python<'_>) -> PyResult<()> {
    use std::sync::atomic::Ordering;
    if NUMPY_FOUND.load(Ordering::Relaxed) {
        return Ok(());
    }
    match py.import("numpy") {
        Ok(_) => {
            NUMPY_FOUND.store(true, Ordering::Relaxed);
            Ok(())
        }
        Err(e) => Err(crate::errors::MissingExtraError::new_err(format!(
            "numpy is needed for observation arrays, action masks and SelfPlay ({}): pip install shogi-variants[numpy]",
            e.value(py)
        ))),
    }
}

/// A `float32` array of `shape`, filled by `write`.
pub fn observation_array<'py>(
    py: Python<'py>,
    shape: ObservationShape,
    write: impl FnOnce(&mut [f32]),
) -> PyResult<Bound<'py, PyAny>> {
    require_numpy(py)?;
    let mut data = vec![0.0f32; shape.len()];
    write(&mut data);
    let array = PyArray1::from_vec(py, data);
    Ok(array
        .reshape([shape.planes, shape.ranks, shape.files])?
        .into_any())
}

/// The colour an observation is seen by: `color` if given, else `to_move`.
pub fn viewer(color: Option<&Bound<'_, PyAny>>, to_move: Color) -> PyResult<Color> {
    color.map_or(Ok(to_move), convert::color)
}

/// The shape as a Python tuple's parts.
pub fn shape_tuple(shape: ObservationShape) -> (usize, usize, usize) {
    (shape.planes, shape.ranks, shape.files)
}
