//! Python bindings of shogi-variants, imported as `shogi_variants`.
//!
//! The Rust types are wrapped one to one: `Board` over
//! `shogi_core::Game<AnyVariant>`, `CardGame` over `shogi_variants::CardGame`,
//! `TsuitateGame` over the `Referee`. Every error becomes an exception that
//! subclasses `ValueError` (see `errors`); nothing panics on user input.

mod board;
mod busy;
mod card;
mod contract;
mod convert;
mod enums;
mod errors;
mod games;
mod inspect;
mod interrupt;
mod legal;
mod moves;
mod pictures;
mod players;
mod record;
mod record_tree;
mod research;
mod saved;
mod tsuitate;

use pyo3::prelude::*;
use shogi_core::Square;

/// USI name of a square index: ``square_name(60) == "7g"``. Raises ``InvalidSquareError``.
#[pyfunction]
fn square_name(square: &Bound<'_, PyAny>) -> PyResult<String> {
    convert::square(square, None).map(|s| s.to_string())
}

/// Square index of a USI name (``"7g"`` -> 60); an int is checked and returned. Raises ``InvalidSquareError``.
#[pyfunction]
fn parse_square(name: &Bound<'_, PyAny>) -> PyResult<usize> {
    convert::square(name, None).map(Square::index)
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // BLACK and WHITE are the `Color` members, defined in `__init__.py`.
    m.add("JOKER", 0)?;
    m.add("VARIANTS", shogi_variants::VARIANT_NAMES.to_vec())?;
    m.add("GAMES", shogi_variants::GAME_NAMES.to_vec())?;
    errors::register(m)?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<moves::PyOutcome>()?;
    m.add_class::<board::PyBoard>()?;
    m.add_class::<legal::PyLegalMoves>()?;
    m.add_class::<card::PyCardGame>()?;
    m.add_class::<tsuitate::PyTsuitateGame>()?;
    m.add_class::<tsuitate::PyPlayerView>()?;
    m.add_class::<tsuitate::PyAnnouncement>()?;
    m.add_class::<tsuitate::PyRuling>()?;
    m.add_class::<tsuitate::PyEvent>()?;
    m.add_class::<tsuitate::PyCapture>()?;
    m.add_class::<record::PyRecord>()?;
    record_tree::register(m)?;
    m.add_class::<players::PyRandomPlayer>()?;
    m.add_class::<players::PySearchPlayer>()?;
    m.add_class::<players::PyCardPlayer>()?;
    m.add_class::<players::PyBeliefPlayer>()?;
    m.add_class::<players::PyNaivePlayer>()?;
    m.add_class::<players::PyMatchResult>()?;
    m.add_class::<research::PySelfPlay>()?;
    m.add_function(wrap_pyfunction!(players::play_match, m)?)?;
    m.add_function(wrap_pyfunction!(square_name, m)?)?;
    m.add_function(wrap_pyfunction!(parse_square, m)?)?;
    m.add_function(wrap_pyfunction!(saved::load, m)?)?;
    Ok(())
}
