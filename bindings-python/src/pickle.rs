//! How every game pickles: `(load, (json,))`, through the saved-game JSON.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use shogi_variants::SavedGame;

/// `(load, (json,))`: how every game pickles.
pub fn reduce<'py>(
    py: Python<'py>,
    saved: SavedGame,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
    let load = py.import("shogi_variants._core")?.getattr("load")?;
    Ok((load, PyTuple::new(py, [saved.to_json()])?))
}
