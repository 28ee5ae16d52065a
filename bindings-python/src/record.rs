//! `Record`: game records in KIF, KI2 and CSA, and the Japanese and Western
//! move notations on `Board`.

use crate::board::PyBoard;
use crate::errors::{InvalidMoveError, InvalidSfenError, SettingError};
use crate::moves::{move_objects, PyMove};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use shogi_core::record::{self, EndKind, MoveTime, Record, RecordEnd};
use shogi_core::{Game, Move};
use shogi_variants::AnyVariant;

/// The Python name of a record's end.
fn end_name(kind: EndKind) -> &'static str {
    match kind {
        EndKind::Resign => "resign",
        EndKind::Repetition => "repetition",
        EndKind::Checkmate => "checkmate",
        EndKind::ImpasseDeclaration => "impasse_declaration",
        EndKind::Jishogi => "jishogi",
        EndKind::Timeout => "timeout",
        EndKind::IllegalMoveWin => "illegal_move_win",
        EndKind::IllegalMove => "illegal_move",
        EndKind::Interrupted => "interrupted",
        EndKind::MaxMoves => "max_moves",
        EndKind::Draw => "draw",
        EndKind::NoMate => "no_mate",
        _ => "other",
    }
}

fn end_of(name: &str) -> PyResult<EndKind> {
    Ok(match name {
        "resign" => EndKind::Resign,
        "repetition" => EndKind::Repetition,
        "checkmate" => EndKind::Checkmate,
        "impasse_declaration" => EndKind::ImpasseDeclaration,
        "jishogi" => EndKind::Jishogi,
        "timeout" => EndKind::Timeout,
        "illegal_move_win" => EndKind::IllegalMoveWin,
        "illegal_move" => EndKind::IllegalMove,
        "interrupted" => EndKind::Interrupted,
        "max_moves" => EndKind::MaxMoves,
        "draw" => EndKind::Draw,
        "no_mate" => EndKind::NoMate,
        other => {
            return Err(SettingError::new_err(format!(
                "'{other}' is not a record end"
            )))
        }
    })
}

/// Which format a text is in: CSA by its statements, KIF by its move
/// table or `(77)` origins, KI2 otherwise.
fn detect(text: &str) -> &'static str {
    let csa = text.lines().map(str::trim).any(|l| {
        l.starts_with("V2")
            || l.starts_with("V3")
            || l.starts_with("PI")
            || l.starts_with("P1")
            || l.starts_with("N+")
            || l.starts_with("N-")
            || ((l.starts_with('+') || l.starts_with('-'))
                && l.len() >= 7
                && l[1..].chars().take(4).all(|c| c.is_ascii_digit()))
    });
    if csa {
        "csa"
    } else if text.contains("手数")
        || text.lines().any(|l| {
            l.contains(')')
                && l.contains('(')
                && l.trim_start().starts_with(|c: char| c.is_ascii_digit())
        })
    {
        "kif"
    } else {
        "ki2"
    }
}

fn read_as(text: &str, format: &str) -> PyResult<Record> {
    let result = match format {
        "kif" => record::kif::read(text),
        "ki2" => record::ki2::read(text),
        "csa" => record::csa::read(text),
        other => {
            return Err(SettingError::new_err(format!(
                "unknown record format '{other}' (kif, ki2, csa)"
            )))
        }
    };
    result.map_err(|e| InvalidSfenError::new_err(format!("{format}: {e}")))
}

/// A game record: headers, start position, moves with times and comments,
/// and how it ended. Read with ``Record.read(text)`` (KIF, KI2 or CSA,
/// detected) and written with ``kif()``, ``ki2()``, ``csa()``.
#[pyclass(module = "shogi_variants", name = "Record")]
#[derive(Clone)]
pub struct PyRecord {
    pub record: Record,
}

#[pymethods]
impl PyRecord {
    /// Reads a record; ``format`` is ``"kif"``, ``"ki2"``, ``"csa"`` or ``None``
    /// to detect it. Raises ``InvalidSfenError`` with the line number.
    ///
    /// ``text`` may be ``bytes``: UTF-8 (with or without BOM) is tried first,
    /// then Shift_JIS (cp932), the traditional encoding of KIF and CSA files.
    #[staticmethod]
    #[pyo3(signature = (text, format = None))]
    fn read(text: &Bound<'_, PyAny>, format: Option<&str>) -> PyResult<Self> {
        let text: String = if let Ok(bytes) = text.cast::<PyBytes>() {
            match std::str::from_utf8(bytes.as_bytes()) {
                Ok(s) => s.to_owned(),
                Err(_) => bytes
                    .call_method1("decode", ("cp932",))
                    .and_then(|s| s.extract())
                    .map_err(|_| {
                        InvalidSfenError::new_err("the record is neither UTF-8 nor Shift_JIS text")
                    })?,
            }
        } else {
            text.extract()?
        };
        let format = format.unwrap_or_else(|| detect(&text));
        Ok(PyRecord {
            record: read_as(&text, format)?,
        })
    }

    /// Headers in file order, ``(key, value)``; known fields have the keys
    /// ``black``, ``white``, ``event``, ``site``, ``start_time``, ``end_time``,
    /// ``time_control``, ``handicap``, ``opening``.
    #[getter]
    fn headers(&self) -> Vec<(String, String)> {
        self.record.headers.clone()
    }

    /// The value of a header, or ``None``.
    fn header(&self, key: &str) -> Option<String> {
        self.record.header(key).map(str::to_owned)
    }

    /// The start position (SFEN).
    #[getter]
    fn start_sfen(&self) -> String {
        self.record.start.to_sfen()
    }

    /// The moves.
    #[getter]
    fn moves(&self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        let moves: Vec<Move> = self.record.moves.iter().map(|m| m.mv).collect();
        move_objects(py, &moves)
    }

    /// Per move: ``(seconds, total_seconds or None)``, or ``None`` if not recorded.
    #[getter]
    fn times(&self) -> Vec<Option<(u32, Option<u32>)>> {
        self.record
            .moves
            .iter()
            .map(|m| m.time.map(|t| (t.seconds, t.total_seconds)))
            .collect()
    }

    /// Per move: its comments.
    #[getter]
    fn move_comments(&self) -> Vec<Vec<String>> {
        self.record
            .moves
            .iter()
            .map(|m| m.comments.clone())
            .collect()
    }

    /// Comments before the first move.
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.record.comments.clone()
    }

    /// How the record ends (``"resign"``, ``"repetition"``, ``"timeout"``, ...), or ``None``.
    #[getter]
    fn end(&self) -> Option<&'static str> {
        self.record.end.as_ref().map(|e| end_name(e.kind))
    }

    /// The record replayed as a ``Board`` that can continue (minishogi for a
    /// 5×5 start unless ``variant`` says otherwise).
    #[pyo3(signature = (variant = None, **settings))]
    fn board(
        &self,
        variant: Option<&str>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyBoard> {
        let name = variant.unwrap_or(if self.record.start.files == 5 {
            "minishogi"
        } else {
            "standard"
        });
        let v: AnyVariant = crate::board::variant(name, settings)?;
        self.record
            .to_game(v)
            .map(PyBoard::from_game)
            .map_err(|e| InvalidSfenError::new_err(e.to_string()))
    }

    /// The record as KIF.
    fn kif(&self) -> PyResult<String> {
        record::kif::write(&self.record).map_err(|e| InvalidSfenError::new_err(e.to_string()))
    }

    /// The record as KI2.
    fn ki2(&self) -> PyResult<String> {
        record::ki2::write(&self.record).map_err(|e| InvalidSfenError::new_err(e.to_string()))
    }

    /// The record as CSA (9×9 only).
    fn csa(&self) -> PyResult<String> {
        record::csa::write(&self.record).map_err(|e| InvalidSfenError::new_err(e.to_string()))
    }

    fn __len__(&self) -> usize {
        self.record.moves.len()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyRecord>()
            .is_ok_and(|o| o.borrow().record == self.record)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Record {} moves from '{}'{}>",
            self.record.moves.len(),
            self.record.start.to_sfen(),
            self.end().map(|e| format!(", end={e}")).unwrap_or_default()
        )
    }
}

/// The record of a board's game, with headers and optionally times.
pub fn board_record(
    game: &Game<AnyVariant>,
    headers: Option<&Bound<'_, PyDict>>,
    times: Option<Vec<Option<u32>>>,
    end: Option<&str>,
) -> PyResult<PyRecord> {
    let mut record = Record::from_game(game);
    if let Some(h) = headers {
        for (k, v) in h.iter() {
            record.headers.push((k.extract()?, v.str()?.to_string()));
        }
    }
    if let Some(times) = times {
        if times.len() != record.moves.len() {
            return Err(SettingError::new_err(format!(
                "{} times for {} moves",
                times.len(),
                record.moves.len()
            )));
        }
        let mut totals = [0u32; 2];
        for (i, (m, t)) in record.moves.iter_mut().zip(times).enumerate() {
            m.time = t.map(|seconds| {
                totals[i % 2] = totals[i % 2].saturating_add(seconds);
                MoveTime {
                    seconds,
                    total_seconds: Some(totals[i % 2]),
                }
            });
        }
    }
    if let Some(name) = end {
        record.end = Some(RecordEnd {
            kind: end_of(name)?,
            time: None,
            comments: Vec::new(),
        });
    }
    Ok(PyRecord { record })
}

/// A notation error as an exception.
pub fn notation_error(e: impl std::fmt::Display) -> PyErr {
    InvalidMoveError::new_err(e.to_string())
}
