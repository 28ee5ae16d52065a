//! The questions about a position that every game answers alike
//! (`piece_map`, `pieces`, `attackers`, `checkers`, `king`, `bod`): one
//! reading of the arguments (squares on the position's board, colours,
//! piece letters) for `Board`, `CardGame` and the Tsuitate referee.

use crate::convert::{self, Shape};
use crate::errors::ArgumentError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use shogi_core::{PieceKind, Position};

/// Every piece: `{square: SFEN piece}`, squares (numbered on the
/// position's board) ascending.
pub fn piece_map<'py>(py: Python<'py>, pos: &Position) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let shape = Shape::of(pos.geometry());
    for sq in pos.occupied() {
        if let Some(p) = pos.piece_at(sq) {
            d.set_item(shape.index(sq), p.to_string())?;
        }
    }
    Ok(d)
}

/// The squares of `color`'s pieces of exactly `kind` (a piece letter).
pub fn pieces(pos: &Position, kind: &str, color: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    let kind = piece_kind(kind)?;
    let color = convert::color(color)?;
    Ok(convert::squares(
        pos.pieces_of(color, kind),
        Shape::of(pos.geometry()),
    ))
}

/// The squares of `color`'s pieces attacking `square` (pinned ones too).
pub fn attackers(
    pos: &Position,
    color: &Bound<'_, PyAny>,
    square: &Bound<'_, PyAny>,
) -> PyResult<Vec<usize>> {
    let color = convert::color(color)?;
    let sq = convert::square(square, Shape::of(pos.geometry()))?;
    Ok(convert::squares(
        pos.attackers_to(sq, color, pos.occupied()),
        Shape::of(pos.geometry()),
    ))
}

/// Whether any of `color`'s pieces attacks `square`.
pub fn is_attacked_by(
    pos: &Position,
    color: &Bound<'_, PyAny>,
    square: &Bound<'_, PyAny>,
) -> PyResult<bool> {
    let color = convert::color(color)?;
    let sq = convert::square(square, Shape::of(pos.geometry()))?;
    Ok(pos.is_attacked(sq, color, pos.occupied()))
}

/// The squares of the pieces checking the side to move.
pub fn checkers(pos: &Position) -> Vec<usize> {
    convert::squares(pos.checkers(), Shape::of(pos.geometry()))
}

/// The square of `color`'s king, if it has one.
pub fn king(pos: &Position, color: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    let shape = Shape::of(pos.geometry());
    Ok(pos.king(convert::color(color)?).map(|s| shape.index(s)))
}

/// The BOD diagram (局面図) of `pos`.
pub fn bod(pos: &Position) -> String {
    shogi_formats::record::bod::write(&pos.to_setup())
}

/// A piece kind from its SFEN letter (`"P"`, `"+r"`: case ignored), else
/// `ArgumentError` naming the letters.
fn piece_kind(text: &str) -> PyResult<PieceKind> {
    text.parse::<PieceKind>().map_err(|_| {
        ArgumentError::new_err(format!(
            "'{}' is not a piece kind (SFEN letters: P L N S G B R K, promoted +P +L +N +S +B +R)",
            shogi_core::Excerpt(text)
        ))
    })
}
