//! The questions about a position that every game answers alike
//! (`piece_map`, `pieces`, `attackers`, `checkers`, `king`, `bod`): one
//! reading of the arguments (squares on the position's board, colours,
//! piece letters) for `Board`, `CardGame` and the Tsuitate referee; and
//! those a family game answers with its definition's names.

use crate::convert::{self, Shape};
use crate::errors::ArgumentError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use shogi_core::family::FamilyPosition;
use shogi_core::{PieceKind, Position, Square};

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

/// A family piece as Python sees it: its kind's name in the definition
/// (``"lion"``) and its colour.
pub fn family_piece<'py>(
    py: Python<'py>,
    pos: &FamilyPosition,
    sq: Square,
) -> PyResult<Option<(String, Bound<'py, PyAny>)>> {
    match pos.piece_at(sq) {
        Some((kind, color)) => {
            let name = pos.table().name(kind).unwrap_or_default().to_owned();
            Ok(Some((name, crate::enums::color_object(py, color)?)))
        }
        None => Ok(None),
    }
}

/// A family game's pieces: `{square: (kind name, colour)}`, squares
/// (numbered on `shape`'s board) ascending.
pub fn family_piece_map<'py>(
    py: Python<'py>,
    pos: &FamilyPosition,
    shape: Shape,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let mut squares: Vec<Square> = pos.occupied().into_iter().collect();
    squares.sort_by_key(|&sq| shape.index(sq));
    for sq in squares {
        if let Some(piece) = family_piece(py, pos, sq)? {
            d.set_item(shape.index(sq), piece)?;
        }
    }
    Ok(d)
}

/// The kind of a family definition named `text`: its name (``"chick"``) or
/// its SFEN letter (``"C"``, ``"+C"``), else `ArgumentError` listing the names.
pub fn family_kind(pos: &FamilyPosition, text: &str) -> PyResult<usize> {
    let table = pos.table();
    (0..table.kind_count())
        .find(|&k| table.name(k) == Some(text) || table.token(k) == Some(text))
        .ok_or_else(|| {
            let names: Vec<&str> = (0..table.kind_count())
                .filter_map(|k| table.name(k))
                .collect();
            ArgumentError::new_err(format!(
                "'{}' is no piece of this definition (its kinds: {})",
                shogi_core::Excerpt(text),
                names.join(", ")
            ))
        })
}

/// The squares of `color`'s family pieces of kind `kind` (a name or letter).
pub fn family_pieces(
    pos: &FamilyPosition,
    shape: Shape,
    kind: &str,
    color: &Bound<'_, PyAny>,
) -> PyResult<Vec<usize>> {
    let kind = family_kind(pos, kind)?;
    Ok(convert::squares(
        pos.pieces_of(convert::color(color)?, kind),
        shape,
    ))
}

/// The square of `color`'s royal piece in a family game (the lowest square
/// when it has several), if it has one.
pub fn family_king(
    pos: &FamilyPosition,
    shape: Shape,
    color: &Bound<'_, PyAny>,
) -> PyResult<Option<usize>> {
    let royals = convert::squares(pos.royals(convert::color(color)?), shape);
    Ok(royals.into_iter().min())
}
