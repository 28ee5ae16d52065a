//! Variants scripted in Python: `register_variant(name, hooks, base=...)`
//! registers a Python object's hook methods as a Rust [`Hooks`] (the
//! library's [`Scripted`] variant), so every consumer of the contract plays
//! it. The rules stay in the native generator; Python only narrows the moves
//! and adds ends.
//!
//! A hook's exception cannot cross the Rust rules code it is called from, so
//! it is kept (`pending::stash`) and raised by the next call of the board that
//! asked (`pending::raise_pending`); meanwhile a failing filter allows no move and
//! a failing end test ends nothing, and a push during which a hook failed
//! is taken back, so the board is as it was.

use crate::convert::{self, Shape};
use crate::errors::{ScriptError, SettingError};
use crate::game::{board_object, PyBoard};
use crate::moves::{move_objects, PyOutcome};
use crate::pending::stash;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyType};
use shogi_core::{Color, Game, Move, MoveList, Outcome, Position, Repetition};
use shogi_variants::modifier::BaseFilter;
use shogi_variants::{AnyVariant, Hooks, Scripted};
use std::sync::Arc;

/// A Python object's hook methods, as the library's [`Hooks`].
struct PyHooks {
    object: Py<PyAny>,
    filter: bool,
    extra: bool,
    repetition: bool,
}

impl std::fmt::Debug for PyHooks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Python::attach(|py| {
            let shown = self
                .object
                .bind(py)
                .repr()
                .map(|r| r.to_string())
                .unwrap_or_else(|_| "<hooks>".to_owned());
            write!(f, "PyHooks({shown})")
        })
    }
}

impl PyHooks {
    /// The position as a `Board` of the base's rules, with no history.
    fn board<'py>(
        py: Python<'py>,
        base: &AnyVariant,
        pos: &Position,
    ) -> PyResult<Bound<'py, PyBoard>> {
        let game = Game::from_position(base.clone(), pos.clone());
        board_object(py, game)
    }

    fn call_filter(
        &self,
        py: Python<'_>,
        base: &AnyVariant,
        pos: &Position,
        moves: &mut MoveList,
    ) -> PyResult<()> {
        let shape = Shape::of(pos.geometry());
        let offered = PyList::new(py, move_objects(py, moves, shape)?)?;
        let board = PyHooks::board(py, base, pos)?;
        let returned = self
            .object
            .bind(py)
            .call_method1("filter_moves", (board, offered))?;
        let mut kept: Vec<Move> = Vec::with_capacity(moves.len());
        for item in returned.try_iter().map_err(|_| {
            ScriptError::new_err(format!(
                "filter_moves must return the moves it keeps (an iterable of Move), not {}",
                convert::type_name(&returned)
            ))
        })? {
            let item = item?;
            let mv = crate::moves::a_move_on(&item, pos.geometry())?;
            if !moves.contains(&mv) {
                return Err(ScriptError::new_err(format!(
                    "filter_moves returned {mv}, which is not among the legal moves it was given: a filter only removes moves"
                )));
            }
            kept.push(mv);
        }
        kept.sort_unstable();
        moves.retain(|m| kept.binary_search(m).is_ok());
        Ok(())
    }

    /// A hook's answer: `None`, or an `Outcome`.
    fn outcome_of(hook: &str, answer: &Bound<'_, PyAny>) -> PyResult<Option<Outcome>> {
        if answer.is_none() {
            return Ok(None);
        }
        match answer.cast::<PyOutcome>() {
            Ok(o) => Ok(Some(o.get().0)),
            Err(_) => Err(ScriptError::new_err(format!(
                "{hook} must return an Outcome or None, not {}",
                convert::type_name(answer)
            ))),
        }
    }

    fn call_extra(
        &self,
        py: Python<'_>,
        base: &AnyVariant,
        pos: &Position,
    ) -> PyResult<Option<Outcome>> {
        let board = PyHooks::board(py, base, pos)?;
        let answer = self
            .object
            .bind(py)
            .call_method1("extra_outcome", (board,))?;
        PyHooks::outcome_of("extra_outcome", &answer)
    }

    fn call_repetition(&self, py: Python<'_>, r: Repetition) -> PyResult<Option<Outcome>> {
        let color = |c: Color| crate::enums::ColorObj(c);
        let answer = self.object.bind(py).call_method1(
            "repetition_outcome",
            (color(r.first_player), r.perpetual_checker.map(color)),
        )?;
        PyHooks::outcome_of("repetition_outcome", &answer)
    }
}

impl BaseFilter for PyHooks {
    fn filter(&self, base: &AnyVariant, pos: &Position, moves: &mut MoveList) {
        Python::attach(|py| {
            if let Err(e) = self.call_filter(py, base, pos, moves) {
                moves.clear();
                stash(e);
            }
        })
    }
}

impl Hooks for PyHooks {
    fn move_filter(&self) -> Option<&dyn BaseFilter> {
        if self.filter {
            Some(self)
        } else {
            None
        }
    }

    fn extra_outcome(&self, base: &AnyVariant, pos: &Position) -> Option<Outcome> {
        self.extra
            .then(|| ask_for_outcome(|py| self.call_extra(py, base, pos)))
            .flatten()
    }

    fn repetition_outcome(&self, repetition: Repetition) -> Option<Outcome> {
        self.repetition
            .then(|| ask_for_outcome(|py| self.call_repetition(py, repetition)))
            .flatten()
    }
}

/// An outcome hook's answer, with the GIL held; a hook that raised ends
/// nothing, and its exception is kept for the board that asked.
fn ask_for_outcome(hook: impl FnOnce(Python<'_>) -> PyResult<Option<Outcome>>) -> Option<Outcome> {
    Python::attach(|py| {
        hook(py).unwrap_or_else(|e| {
            stash(e);
            None
        })
    })
}

/// Registers a variant scripted in Python under ``name``: ``base``'s rules
/// (a variant name, with ``settings`` as that variant's) changed by the
/// hook methods ``hooks`` has. ``hooks`` is an object, or a class made with
/// no arguments; each method is optional:
///
/// * ``filter_moves(board, moves)``: the moves to keep, of ``moves`` (the
///   base's legal moves in ``board``'s position);
/// * ``extra_outcome(board)``: an ``Outcome`` that ends the game in
///   ``board``'s position, or ``None``; asked after the base's own extra
///   ends and before no-move, repetition and the move limit (a win the
///   last move achieved outranks them);
/// * ``repetition_outcome(first_player, perpetual_checker)``: the
///   ``Outcome`` of a fourfold repetition, or ``None`` for the base's.
///
/// ``board`` is a ``Board`` of the base's rules at the position (no
/// history). From then on ``name`` is a variant: ``Board(variant=name)``,
/// players, matches, self-play, the adapters and saved games take it (a
/// saved game names it; loading one needs it registered again). Registering
/// a name again replaces its hooks for boards made from then on. Returns
/// ``name``.
///
/// An exception in a hook is raised by the board call that asked; the
/// board is unchanged.
#[pyfunction]
#[pyo3(signature = (name, hooks, base = "standard", **settings))]
pub fn register_variant(
    name: &str,
    hooks: &Bound<'_, PyAny>,
    base: &str,
    settings: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let object = if hooks.is_instance_of::<PyType>() {
        hooks.call0()?
    } else {
        hooks.clone()
    };
    let base = crate::game::variant(base, settings)?;
    let has = |method: &str| object.hasattr(method);
    let py_hooks = PyHooks {
        filter: has("filter_moves")?,
        extra: has("extra_outcome")?,
        repetition: has("repetition_outcome")?,
        object: object.clone().unbind(),
    };
    if !(py_hooks.filter || py_hooks.extra || py_hooks.repetition) {
        return Err(ScriptError::new_err(format!(
            "{} has none of the hooks filter_moves, extra_outcome, repetition_outcome",
            object.repr()?
        )));
    }
    Scripted::register(name, base, Arc::new(py_hooks))
        .map_err(|e| SettingError::new_err(e.to_string()))?;
    Ok(name.to_owned())
}

/// The names of the variants registered with ``register_variant`` so far.
#[pyfunction]
pub fn scripted_variants() -> Vec<&'static str> {
    Scripted::registered_names()
}
