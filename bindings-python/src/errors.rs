//! The exception classes: every error raised is a `ShogiError`, itself a
//! `ValueError`, with a message a person can act on.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    shogi_variants,
    ShogiError,
    PyValueError,
    "Base class of every error this module raises."
);
create_exception!(
    shogi_variants,
    InvalidSfenError,
    ShogiError,
    "The SFEN is malformed or describes an impossible position."
);
create_exception!(
    shogi_variants,
    InvalidMoveError,
    ShogiError,
    "The text is not a move in USI notation."
);
create_exception!(
    shogi_variants,
    InvalidSquareError,
    ShogiError,
    "Not a square name or index (or off this board)."
);
create_exception!(
    shogi_variants,
    IllegalMoveError,
    ShogiError,
    "A well-formed move that the rules forbid here."
);
create_exception!(
    shogi_variants,
    GameOverError,
    ShogiError,
    "The game has ended; no move is accepted."
);
create_exception!(
    shogi_variants,
    SettingError,
    ShogiError,
    "An unknown variant, unknown setting or bad setting value."
);

create_exception!(
    shogi_variants,
    MissingExtraError,
    ShogiError,
    "An optional dependency is not installed; the message names the extra to install (pip install shogi-variants[numpy])."
);

create_exception!(
    shogi_variants,
    RecordWriteError,
    ShogiError,
    "A record that cannot be written in the format asked for: a move that does not replay, an end or header key the format has no words for."
);

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ShogiError", py.get_type::<ShogiError>())?;
    m.add("InvalidSfenError", py.get_type::<InvalidSfenError>())?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("InvalidSquareError", py.get_type::<InvalidSquareError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("SettingError", py.get_type::<SettingError>())?;
    m.add("MissingExtraError", py.get_type::<MissingExtraError>())?;
    m.add("RecordWriteError", py.get_type::<RecordWriteError>())?;
    Ok(())
}

/// Maps a game action's refusal to its exception.
pub fn game_error(e: shogi_core::GameError) -> PyErr {
    use shogi_core::GameError as E;
    match e {
        E::IllegalMove(_) => IllegalMoveError::new_err(e.to_string()),
        E::GameOver(_) => GameOverError::new_err(e.to_string()),
        E::NoDeclaration => SettingError::new_err(e.to_string()),
        E::Position(_) => InvalidSfenError::new_err(e.to_string()),
    }
}
