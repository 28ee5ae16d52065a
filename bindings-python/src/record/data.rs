//! The `Record` class's value: the record it holds, replayed as a `Board`
//! and numbered on its board. Below both the class's methods (`record`)
//! and its tree of variations (`record::tree`), which both use it.

use crate::convert::{SettingText, Text};
use crate::errors::{GameOverError, InvalidSfenError};
use crate::game::PyBoard;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use pyo3::PyClassInitializer;
use shogi_formats::record::{Record, RecordErrorKind};
use shogi_variants::{AnyVariant, Base, GameKind};

/// A game record: headers, start position, moves with times and comments,
/// and how it ended. Read with ``Record.read(text)`` (KIF, KI2, CSA, JKF or
/// USEN, detected) and written with ``kif()``, ``ki2()``, ``csa()``, ``jkf()``,
/// ``usen()``.
/// ``moves`` is the main line; ``root`` walks and edits the tree of
/// variations KIF and JKF keep (``kif()`` and ``jkf()`` write them all;
/// ``ki2()`` and ``csa()`` write the main line, their formats having no
/// variations).
#[pyclass(module = "shogi_variants", name = "Record")]
#[derive(Clone)]
pub struct PyRecord {
    pub record: Record,
}

impl PyRecord {
    /// The illegal move that ended the game, with its time and comments.
    pub(crate) fn foul_move(&self) -> Option<&shogi_formats::record::RecordMove> {
        self.record.end.as_ref().and_then(|e| e.foul.as_ref())
    }

    /// The record replayed as a `Board` of `variant` (`Record.board`).
    pub(crate) fn replayed(
        &self,
        variant: Option<Text<SettingText>>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyClassInitializer<PyBoard>> {
        let variant = variant.as_deref();
        // The variant played on the start's board (a board no variant has
        // is refused below, by the standard rules' check of the start).
        let name = variant.unwrap_or_else(|| {
            self.record
                .base()
                .map_or(GameKind::Standard.name(), Base::name)
        });
        let v: AnyVariant = crate::game::variant(name, settings)?;
        self.record.to_game(v).map(PyBoard::init).map_err(|e| {
            if matches!(e.kind, RecordErrorKind::PastTheEnd { .. }) {
                GameOverError::new_err(e.to_string())
            } else {
                InvalidSfenError::new_err(e.to_string())
            }
        })
    }

    /// The square numbering of the record's board.
    pub fn shape(&self) -> crate::convert::Shape {
        shape_of(&self.record)
    }
}

/// The square numbering of `record`'s board.
pub fn shape_of(record: &Record) -> crate::convert::Shape {
    let start = &record.start;
    crate::convert::Shape::new(start.files, start.ranks).unwrap_or(crate::convert::Shape::NINE)
}
