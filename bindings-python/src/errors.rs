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
    AmbiguousMoveError,
    InvalidMoveError,
    "Move notation that fits several legal moves (\"G-5h\" with two golds that can go there): say which piece, e.g. \"G6i-5h\" or \"５八金右\"."
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
    "A well-formed move that the rules forbid here. The message says why in words (\"P*5e: two pawns on file 5 (nifu)\"); ``reason`` names the rule, a short stable string: ``\"nifu\"``, ``\"dead_square\"`` (a piece dropped or moved unpromoted where it could never move), ``\"pawn_drop_mate\"``, ``\"own_king_in_check\"`` (the move leaves or puts the mover's king in check; Tsuitate's foul of that rule has the same name), ``\"must_capture\"`` (a capture is available and compulsory: must-capture shogi, Card shogi's capture duty), ``\"off_card_file\"`` (Card shogi: not on the drawn card's file), ``\"no_such_piece\"``, ``\"not_your_piece\"``, ``\"own_piece_there\"``, ``\"cannot_move_there\"``, ``\"none_in_hand\"``, ``\"occupied\"`` (a drop onto a piece), ``\"promotion_not_allowed\"``, ``\"off_board\"``, ``\"chance_due\"`` (a move while a card is to be drawn), ``\"not_allowed\"`` (any other refusal, and the default of an ``IllegalMoveError`` raised without a reason)."
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
    ChanceError,
    ShogiError,
    "A chance outcome that cannot happen now, or a chance step asked for while a player is to move."
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

create_exception!(
    shogi_variants,
    ArgumentError,
    ShogiError,
    "An argument out of its range (an integer past the parameter's bounds, text that is not valid Unicode) where no more specific class applies; the message gives the range."
);

create_exception!(
    shogi_variants,
    BusyError,
    ShogiError,
    "The object is in use by another call (another thread, or a callback of the call using it); nothing was changed: give each thread its own object (board.copy(), a new player)."
);

create_exception!(
    shogi_variants,
    ScriptError,
    ShogiError,
    "A scripted variant's hook answered what it may not (a move it was not offered, not an Outcome), or its hooks are missing."
);

create_exception!(
    shogi_variants,
    TrainingDataError,
    ShogiError,
    "Training data (HCPE, PSV) that cannot be written (not standard shogi, a handicap game's missing pieces) or read (a length that is not whole entries, an entry that is no position, move or result)."
);

create_exception!(
    shogi_variants,
    CsaProtocolError,
    ShogiError,
    "A game on a CSA protocol server that could not be played to its end: a refused login, a rejected game, a closed connection, a line the protocol does not allow."
);

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ShogiError", py.get_type::<ShogiError>())?;
    m.add("InvalidSfenError", py.get_type::<InvalidSfenError>())?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("InvalidSquareError", py.get_type::<InvalidSquareError>())?;
    m.add("AmbiguousMoveError", py.get_type::<AmbiguousMoveError>())?;
    let illegal = py.get_type::<IllegalMoveError>();
    // The reason of an IllegalMoveError raised without one (by Python code).
    illegal.setattr("reason", NOT_ALLOWED)?;
    m.add("IllegalMoveError", illegal)?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("SettingError", py.get_type::<SettingError>())?;
    m.add("ChanceError", py.get_type::<ChanceError>())?;
    m.add("MissingExtraError", py.get_type::<MissingExtraError>())?;
    m.add("RecordWriteError", py.get_type::<RecordWriteError>())?;
    m.add("ArgumentError", py.get_type::<ArgumentError>())?;
    m.add("BusyError", py.get_type::<BusyError>())?;
    m.add("ScriptError", py.get_type::<ScriptError>())?;
    m.add("TrainingDataError", py.get_type::<TrainingDataError>())?;
    m.add("CsaProtocolError", py.get_type::<CsaProtocolError>())?;
    Ok(())
}

/// Maps a refusal of Japanese notation: several legal moves fitting it ->
/// `AmbiguousMoveError`, any other -> `InvalidMoveError`.
pub fn japanese_error(e: shogi_core::notation::japanese::JapaneseError) -> PyErr {
    use shogi_core::notation::japanese::JapaneseError as E;
    match e {
        E::Ambiguous(_) => AmbiguousMoveError::new_err(format!(
            "{e}: add the word that says which piece (右, 左, 直, 上, 引, 寄, 打)"
        )),
        other => InvalidMoveError::new_err(other.to_string()),
    }
}

/// Maps a refusal of Western notation: several legal moves fitting it ->
/// `AmbiguousMoveError` (the message lists them), any other -> `InvalidMoveError`.
pub fn western_error(e: shogi_core::notation::western::WesternError) -> PyErr {
    use shogi_core::notation::western::WesternError as E;
    match e {
        E::Ambiguous { .. } => {
            AmbiguousMoveError::new_err(format!("{e}: give the origin square (G6i-5h)"))
        }
        other => InvalidMoveError::new_err(other.to_string()),
    }
}

/// The `reason` of a refusal with no rule of its own.
const NOT_ALLOWED: &str = "not_allowed";

/// `IllegalMoveError(message)` with its `reason` attribute set to `reason`
/// (an [`Illegality::name`](shogi_core::Illegality::name), or one of the few
/// names of refusals that are no rule: `"chance_due"`, `"not_allowed"`).
///
/// The exception object is made here, normalized: pyo3 normalizes a lazy
/// error (to set an attribute on it) with the GIL released, and the caller
/// may hold its game borrowed (a refused `push`), which another thread
/// would then find in use.
pub fn illegal_move(message: String, reason: &'static str) -> PyErr {
    Python::attach(|py| {
        let made = py
            .get_type::<IllegalMoveError>()
            .call1((message,))
            .and_then(|e| e.setattr("reason", reason).map(|()| e));
        match made {
            Ok(e) => PyErr::from_value(e),
            Err(failed) => failed,
        }
    })
}

/// Maps a game action's refusal to its exception.
pub fn game_error(e: shogi_core::GameError) -> PyErr {
    use shogi_core::GameError as E;
    match e {
        E::IllegalMove(ref i) => illegal_move(e.to_string(), i.reason.name()),
        E::GameOver(_) => GameOverError::new_err(e.to_string()),
        E::NoDeclaration => SettingError::new_err(e.to_string()),
        E::Position(_) => InvalidSfenError::new_err(e.to_string()),
    }
}

/// Maps the game contract's refusal (`shogi_variants::PlayError`) to its
/// exception, the one place this is decided: the game is over ->
/// `GameOverError`; a move not allowed now (or a move while a chance step is
/// due) -> `IllegalMoveError`; a chance outcome that cannot happen, or a
/// chance step while a player is to move -> `ChanceError`; text that is no
/// action -> `InvalidMoveError`; nothing to undo -> `IndexError` (python-chess's
/// `pop`); a game that allows no undo -> `ShogiError`.
pub fn play_error(e: shogi_variants::PlayError) -> PyErr {
    use shogi_variants::PlayError as E;
    let text = e.to_string();
    match e {
        E::GameOver(_) => GameOverError::new_err(text),
        E::Illegal { rule, .. } => illegal_move(text, rule.name()),
        E::ChanceToMove => illegal_move(text, "chance_due"),
        E::NotChance(_) | E::BadChanceOutcome(_) => ChanceError::new_err(text),
        E::BadAction(_) => InvalidMoveError::new_err(text),
        E::NothingToUndo => pyo3::exceptions::PyIndexError::new_err(text),
        _ => ShogiError::new_err(text),
    }
}

/// `BusyError` for `what` (``"this Board"``) found in use by another call
/// (`doing`, when known): the one wording of the threads model (an object
/// is used by one call at a time; a call that finds it in use is refused at
/// once and changes nothing). `own` says how to give a thread its own object.
pub fn busy(what: &str, doing: Option<&str>, own: &str) -> PyErr {
    let doing = doing.map_or_else(String::new, |d| format!(" ({d} is running)"));
    BusyError::new_err(format!(
        "{what} is in use by another thread or call{doing}; nothing was changed: give each thread its own object, e.g. {own}"
    ))
}

/// Raised when a game refuses a move because it ended.
pub fn over(o: shogi_core::Outcome) -> PyErr {
    GameOverError::new_err(format!("the game is over: {o}"))
}

/// Warns that `old` is deprecated with a `DeprecationWarning` naming `new`,
/// its replacement (the one name the name table keeps); the old name still
/// works.
pub fn deprecated(py: Python<'_>, old: &str, new: &str) -> PyResult<()> {
    let message = std::ffi::CString::new(format!(
        "{old} is deprecated: use {new}, the same thing under its one name"
    ))
    .unwrap_or_default();
    PyErr::warn(
        py,
        &py.get_type::<pyo3::exceptions::PyDeprecationWarning>(),
        &message,
        1,
    )
}
