//! Python bindings of shogi-variants, imported as `shogi_variants`.
//!
//! Every game is a `Game` over `shogi_variants::AnyGame` (`game.rs`):
//! `Board` (a `shogi_core::Game<AnyVariant>`), `CardGame`,
//! `TsuitateGame` (the `Referee`) and `FamilyGame` (a game of the shogi
//! family) are its subclasses, adding their own words. Every error becomes an exception that
//! subclasses `ValueError` (see `errors`); nothing panics on user input.
//!
//! `unsafe` is denied but in two places, each with its soundness argument:
//! `direct` (`Board.push` and `Board.pop` as C methods) and `convert::index`.

#![deny(unsafe_code)]

mod actions;
mod board;
mod busy;
mod card;
mod contract;
mod convert;
mod dialect;
#[allow(unsafe_code)]
mod direct;
mod enums;
mod episodes;
mod errors;
mod facts;
mod family_game;
mod game;
mod inspect;
mod interrupt;
mod legal;
mod mate;
mod moves;
mod pending;
mod pickle;
mod pictures;
mod players;
mod record;
mod research;
mod saved;
mod scripted;
mod session;
mod training;
mod tsuitate;
mod tsuitate_game;

use pyo3::prelude::*;
use shogi_variants::GameKind;

// The square functions take the board whose numbering they use as
// ``board=`` (a ``Board``, ``CardGame``, ``TsuitateGame``, ``PlayerView``) or
// ``files=``/``ranks=`` (one alone: a square board), 9×9 by default; a
// square is numbered ``(file - 1) * ranks + (rank - 1)`` on its board.

/// USI name of a square: ``square_name(60) == "7g"``, ``square_name(24,
/// ranks=5) == "5e"``. Raises ``InvalidSquareError`` for a square off the board.
#[pyfunction]
#[pyo3(signature = (square, *, files = None, ranks = None, board = None))]
fn square_name(
    square: &Bound<'_, PyAny>,
    files: Option<&Bound<'_, PyAny>>,
    ranks: Option<&Bound<'_, PyAny>>,
    board: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    convert::square_name(square, convert::shape_arg(files, ranks, board)?)
}

/// Square number of a USI name (``"7g"`` -> 60; ``"5e"`` -> 24 with
/// ``ranks=5``); a number is checked and returned. Raises ``InvalidSquareError``.
#[pyfunction]
#[pyo3(signature = (name, *, files = None, ranks = None, board = None))]
fn parse_square(
    name: &Bound<'_, PyAny>,
    files: Option<&Bound<'_, PyAny>>,
    ranks: Option<&Bound<'_, PyAny>>,
    board: Option<&Bound<'_, PyAny>>,
) -> PyResult<usize> {
    convert::parse_square(name, convert::shape_arg(files, ranks, board)?)
}

/// The square on ``file`` and ``rank`` (1-based, rank 1 is ``a``):
/// ``(file - 1) * ranks + (rank - 1)``, ``square(7, 7) == 60``, ``square(5,
/// 5, ranks=5) == 24``. Raises ``InvalidSquareError`` off the board.
#[pyfunction]
#[pyo3(name = "square", signature = (file, rank, *, files = None, ranks = None, board = None))]
fn square_at(
    file: &Bound<'_, PyAny>,
    rank: &Bound<'_, PyAny>,
    files: Option<&Bound<'_, PyAny>>,
    ranks: Option<&Bound<'_, PyAny>>,
    board: Option<&Bound<'_, PyAny>>,
) -> PyResult<usize> {
    convert::shape_arg(files, ranks, board)?.at(file, rank)
}

/// The file (1..) of a square (number or USI name): ``square_file(60) == 7``.
#[pyfunction]
#[pyo3(signature = (square, *, files = None, ranks = None, board = None))]
fn square_file(
    square: &Bound<'_, PyAny>,
    files: Option<&Bound<'_, PyAny>>,
    ranks: Option<&Bound<'_, PyAny>>,
    board: Option<&Bound<'_, PyAny>>,
) -> PyResult<u8> {
    convert::square_file(square, convert::shape_arg(files, ranks, board)?)
}

/// The rank (1.., 1 is ``a``) of a square (number or USI name):
/// ``square_rank(60) == 7``.
#[pyfunction]
#[pyo3(signature = (square, *, files = None, ranks = None, board = None))]
fn square_rank(
    square: &Bound<'_, PyAny>,
    files: Option<&Bound<'_, PyAny>>,
    ranks: Option<&Bound<'_, PyAny>>,
    board: Option<&Bound<'_, PyAny>>,
) -> PyResult<u8> {
    convert::square_rank(square, convert::shape_arg(files, ranks, board)?)
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // BLACK and WHITE are the `Color` members, defined in `__init__.py`.
    m.add("JOKER", 0)?;
    m.add("VARIANTS", GameKind::VARIANTS.map(GameKind::name).to_vec())?;
    m.add("GAMES", GameKind::names().to_vec())?;
    m.add(
        "DEFINITIONS",
        shogi_variants::Definition::BUILTIN_NAMES.to_vec(),
    )?;
    errors::register(m)?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<moves::PyOutcome>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::PyBoard>()?;
    direct::install(&m.py().get_type::<game::PyBoard>())?;
    m.add_class::<legal::PyLegalMoves>()?;
    m.add_class::<game::PyCardGame>()?;
    m.add_class::<game::PyTsuitateGame>()?;
    m.add_class::<game::PyFamilyGame>()?;
    m.add_class::<tsuitate::PyPlayerView>()?;
    m.add_class::<tsuitate::PyAnnouncement>()?;
    m.add_class::<tsuitate::PyRuling>()?;
    m.add_class::<tsuitate::PyEvent>()?;
    m.add_class::<tsuitate::PyCapture>()?;
    m.add_class::<record::PyRecord>()?;
    m.add_class::<training::PyTrainingEntry>()?;
    m.add_function(wrap_pyfunction!(training::read_hcpe, m)?)?;
    m.add_function(wrap_pyfunction!(training::read_psv, m)?)?;
    record::tree::register(m)?;
    m.add_class::<players::PyRandomPlayer>()?;
    m.add_class::<players::PySearchPlayer>()?;
    m.add_class::<players::PyCardPlayer>()?;
    m.add_class::<players::PyBeliefPlayer>()?;
    m.add_class::<players::PyNaivePlayer>()?;
    m.add_class::<players::PyMatchResult>()?;
    m.add_class::<session::PySession>()?;
    m.add_class::<research::PySelfPlay>()?;
    m.add_class::<episodes::PyEpisodes>()?;
    m.add_class::<episodes::PyEpisodeResult>()?;
    m.add_function(wrap_pyfunction!(episodes::episode_seed, m)?)?;
    m.add_class::<mate::PyMateSolver>()?;
    m.add_class::<mate::PyMateReport>()?;
    m.add_class::<mate::PyMateProgress>()?;
    m.add_function(wrap_pyfunction!(players::play_match, m)?)?;
    m.add_function(wrap_pyfunction!(players::play_csa_game, m)?)?;
    m.add_function(wrap_pyfunction!(scripted::register_variant, m)?)?;
    m.add_function(wrap_pyfunction!(scripted::scripted_variants, m)?)?;
    m.add_function(wrap_pyfunction!(square_name, m)?)?;
    m.add_function(wrap_pyfunction!(parse_square, m)?)?;
    m.add_function(wrap_pyfunction!(square_at, m)?)?;
    m.add_function(wrap_pyfunction!(square_file, m)?)?;
    m.add_function(wrap_pyfunction!(square_rank, m)?)?;
    m.add_function(wrap_pyfunction!(saved::load, m)?)?;
    m.add_function(wrap_pyfunction!(facts::game_settings, m)?)?;
    m.add_function(wrap_pyfunction!(facts::new_game, m)?)?;
    m.add_function(wrap_pyfunction!(pictures::set_diagram_defaults, m)?)?;
    m.add_function(wrap_pyfunction!(pictures::diagram_defaults, m)?)?;
    Ok(())
}
