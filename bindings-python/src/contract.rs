//! The game contract (`shogi_variants::GameState`) for the Python classes:
//! each helper calls the Rust trait on the wrapped game and converts the
//! answer, so that `Board`, `CardGame` and `TsuitateGame` answer the same
//! questions the same way and decide nothing themselves.

use crate::actions;
use crate::convert::{self, Selected, Shape};
use crate::errors::{play_error, ChanceError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use shogi_research::action::ActionSpace;
use shogi_variants::{AnyGame, GameState, ToMove};

/// `to_move()`: the `Color` member (``Color.BLACK``/``Color.WHITE``) of the
/// player to move, the string ``"chance"`` at a chance step, ``None`` once
/// the game is over. The two special values are no colours and stay what
/// they were (a `str` and `None`): code comparing with ``"chance"`` or
/// testing ``is None`` keeps working, and a colour is never `None` nor
/// false.
pub fn to_move<'py>(py: Python<'py>, game: &impl GameState) -> PyResult<Bound<'py, PyAny>> {
    to_move_object(py, game.to_move())
}

/// Who acts, as `to_move()` answers it (also a table's, `Session.to_move`).
pub fn to_move_object(py: Python<'_>, to_move: ToMove) -> PyResult<Bound<'_, PyAny>> {
    Ok(match to_move {
        ToMove::Player(c) => crate::enums::color_object(py, c)?,
        ToMove::Chance => PyString::new(py, "chance").into_any(),
        ToMove::Over(_) => py.None().into_bound(py),
    })
}

/// `chance_outcomes()`: ``(id, fractions.Fraction)`` pairs, empty unless a
/// chance step is due.
pub fn chance_outcomes<'py>(
    py: Python<'py>,
    game: &impl GameState,
) -> PyResult<Vec<(u16, Bound<'py, PyAny>)>> {
    let fraction = py.import("fractions")?.getattr("Fraction")?;
    game.chance_outcomes()
        .into_iter()
        .map(|(id, p)| Ok((id, fraction.call1((p.numerator(), p.denominator()))?)))
        .collect()
}

/// A chance outcome's id from Python: an integer 0..=65535 (anything
/// `operator.index` takes). Anything else raises `ChanceError` saying what
/// was given (a card game's card ids come from `chance_outcomes()`).
fn chance_id(id: &Bound<'_, PyAny>) -> PyResult<u16> {
    let what = match crate::convert::index(id) {
        Ok(n) => match n.get::<u16>() {
            Some(id) => return Ok(id),
            None => n.to_string(),
        },
        Err(_) => match id.cast::<pyo3::types::PyString>() {
            Ok(s) => format!("the str '{}'", shogi_core::Excerpt(&s.to_string_lossy())),
            Err(_) => format!("a {}", crate::convert::type_name(id)),
        },
    };
    Err(ChanceError::new_err(format!(
        "a chance outcome is an id from chance_outcomes(), an integer 0..=65535, not {what}"
    )))
}

/// `apply_chance(id)`.
pub fn apply_chance(game: &mut impl GameState, id: &Bound<'_, PyAny>) -> PyResult<()> {
    let id = chance_id(id)?;
    game.apply_chance(id).map_err(play_error)
}

/// `resign(color=None)`: `color` resigns, on either side's turn or at a
/// chance step (a player may resign at any time; a site also ends so the
/// game of a player who left); without `color`, the side to move. The
/// resignation is the game's own, so `to_json()` keeps it.
pub fn resign(
    game: &mut impl GameState,
    color: Option<&Bound<'_, PyAny>>,
) -> PyResult<crate::moves::PyOutcome> {
    let seat = match color {
        Some(c) => crate::convert::color(c)?,
        None => game.side_to_move(),
    };
    game.resign(seat)
        .map(crate::moves::PyOutcome)
        .map_err(play_error)
}

/// `chance_step()`: the game's own generator resolves the chance step.
pub fn chance_step(game: &mut impl GameState) -> PyResult<u16> {
    game.chance_step().map_err(play_error)
}

/// `history()`: every action so far as text (USI moves, ``chance:ID``).
pub fn history(game: &impl GameState) -> Vec<String> {
    game.history().iter().map(ToString::to_string).collect()
}

/// What `apply_action` returns to Python: the verdict's name (`None` for a
/// chance outcome) and what Black and White were told, as text.
pub type Report = (Option<&'static str>, (Vec<String>, Vec<String>));

/// `apply_action(action)`: one action as `history()` writes it (a USI
/// move, or ``"chance:ID"``) played or applied; returns ``(verdict,
/// (told_black, told_white))``: the move's verdict (``"played"`` or
/// ``"foul"``; ``None`` for a chance outcome) and what each seat was told,
/// as text (``"opponent_moved"``, ``"capture:2b:+B"``, ``"card:5"``):
/// nothing in the open games. Refused with nothing changed as ``push`` or
/// ``apply_chance`` would refuse it.
pub fn apply_action(game: &mut impl GameState, action: &str) -> PyResult<Report> {
    let action: shogi_variants::Action = action.parse().map_err(play_error)?;
    let report = game.apply_action(action).map_err(play_error)?;
    let [black, white] = report
        .told
        .map(|told| told.iter().map(ToString::to_string).collect());
    Ok((
        report.verdict.map(shogi_variants::Verdict::name),
        (black, white),
    ))
}

/// The game's fixed action space: its board's, and a family game's with a
/// drop slot per kind of its definition (asked of the family game alone:
/// `ActionSpace::of_game` reads the game's view, which Tsuitate makes anew).
pub fn space(game: &AnyGame) -> ActionSpace {
    match game {
        AnyGame::Family(_) => ActionSpace::of_game(game),
        other => ActionSpace::of(other.geometry()),
    }
}

/// `legal_actions()`: the legal moves as actions, ascending.
pub fn legal_actions(game: &AnyGame) -> Vec<u32> {
    actions::legal_actions(space(game), &game.legal_moves())
}

/// `action_mask()`: a numpy `bool` array, one entry per action, true where
/// it is legal now (`MissingExtraError` without numpy).
pub fn action_mask<'py>(py: Python<'py>, game: &AnyGame) -> PyResult<Bound<'py, PyAny>> {
    actions::mask_array(py, space(game), &game.legal_moves())
}

/// `legal_squares(square or "P*")`: the game's own "show legal squares".
pub fn legal_squares(game: &impl GameState, selected: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    let shape = Shape::of(game.geometry());
    Ok(convert::squares(
        match Selected::read(selected, shape)? {
            Selected::Square(from) => game.legal_destinations(from),
            Selected::Hand(kind) => game.legal_drop_squares(kind),
        },
        shape,
    ))
}
