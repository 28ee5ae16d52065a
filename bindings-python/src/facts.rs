//! What a game is, asked by name without a game at hand: the settings a
//! name takes with their defaults, and a new game of any name. The
//! adapters (`openspiel.py`, `pettingzoo.py`) read games through these and
//! the game methods, so they name no game.

use crate::convert::{self, SettingText, Text};
use crate::errors::SettingError;
use crate::game::{PyBoard, PyCardGame, PyFamilyGame, PyTsuitateGame};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use shogi_variants::{AnyDefinition, AnyGame, FamilyDefinition, GameKind};

/// The settings a game of ``name`` takes as keywords, each with its
/// default: ``{"foul_limit": 10, ...}`` for ``"tsuitate"``, a definition's
/// house rules for ``"judkins"``, a registered script's base and that
/// base's settings. ``None`` is a setting whose default is "none" (no move
/// limit). ``name`` is any name the constructors take (a kind, an alias, a
/// shipped definition, a registered script). Raises ``SettingError`` for an
/// unknown name.
///
/// >>> import shogi_variants as sv
/// >>> sv.game_settings("card")["copies_per_rank"]
/// 8
#[pyfunction]
pub fn game_settings<'py>(
    py: Python<'py>,
    name: Text<SettingText>,
) -> PyResult<Bound<'py, PyDict>> {
    let settings =
        AnyGame::default_settings(&name).map_err(|e| SettingError::new_err(e.to_string()))?;
    let out = PyDict::new(py);
    for (key, value) in &settings {
        out.set_item(key, convert::from_json(py, value)?)?;
    }
    Ok(out)
}

/// A new game of any name at its start (or at ``sfen``), with settings as
/// keywords: a ``CardGame`` for Card shogi (``seed`` seeds its deck: None
/// draws a fresh one), a ``TsuitateGame`` for Tsuitate shogi, a
/// ``FamilyGame`` for a shipped family definition (``"dobutsu"``) or
/// ``"defined"`` with a ``definition`` of the family (pieces of its own),
/// else a ``Board`` of that variant (a definition, a script...). The games
/// without chance ignore ``seed``. Raises ``SettingError`` for an unknown
/// name or setting.
///
/// >>> import shogi_variants as sv
/// >>> sv.new_game("judkins", move_limit=40).max_length()
/// 40
#[pyfunction]
#[pyo3(signature = (name, sfen = None, *, seed = None, **settings))]
pub fn new_game<'py>(
    py: Python<'py>,
    name: Text<SettingText>,
    sfen: Option<Bound<'py, PyAny>>,
    seed: Option<Bound<'py, PyAny>>,
    settings: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let kwargs = match settings {
        Some(s) => s.copy()?,
        None => PyDict::new(py),
    };
    let class = match GameKind::from_name(&name) {
        Some(GameKind::Card) => {
            kwargs.set_item("seed", seed)?;
            py.get_type::<PyCardGame>()
        }
        Some(GameKind::Tsuitate) => py.get_type::<PyTsuitateGame>(),
        None if FamilyDefinition::builtin_text(&name).is_some() => {
            kwargs.set_item("definition", &*name)?;
            py.get_type::<PyFamilyGame>()
        }
        Some(GameKind::Defined) if names_family(&kwargs)? => py.get_type::<PyFamilyGame>(),
        _ => {
            // The name's own error (the games listed) before the board's.
            AnyGame::default_settings(&name).map_err(|e| SettingError::new_err(e.to_string()))?;
            kwargs.set_item("variant", &*name)?;
            py.get_type::<PyBoard>()
        }
    };
    class.call((sfen,), Some(&kwargs))
}

/// Whether the keyword ``definition`` names a definition of the shogi
/// family: a shipped one's name, TOML text with pieces of its own, or a
/// dict of its fields (a dict is always read as one: a definition of
/// shogi's pieces is given as its fields, ``Board(variant="defined", **fields)``).
fn names_family(kwargs: &Bound<'_, PyDict>) -> PyResult<bool> {
    let Some(definition) = kwargs.get_item("definition")? else {
        return Ok(false);
    };
    if definition.cast::<PyDict>().is_ok() {
        return Ok(true);
    }
    let Ok(text) = definition.cast::<pyo3::types::PyString>() else {
        return Ok(false);
    };
    let text = text.to_cow()?;
    // Pieces of its own: read by the family reader even when malformed
    // (its error then names the field, where shogi's reader would only say
    // that `piece` is no field of its).
    Ok(FamilyDefinition::builtin_text(&text).is_some()
        || text.contains("[[piece]]")
        || matches!(
            AnyDefinition::from_toml(&text),
            Ok(AnyDefinition::Family(_))
        ))
}
