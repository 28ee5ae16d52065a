//! `Record`: game records in KIF, KI2 and CSA, and the Japanese and Western
//! move notations on `Board`. The class's value is in `data`, its tree of
//! variations (`RecordNode`) in `tree`.

pub mod data;
pub mod tree;

pub use data::PyRecord;

use crate::busy::Read;
use crate::convert::{HeaderText, RecordText, SettingText, Text};
use crate::enums::ColorObj;
use crate::errors::{InvalidSfenError, RecordWriteError, SettingError};
use crate::game::PyBoard;
use crate::moves::{move_objects, PyMove};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use shogi_core::{Game, Move};
use shogi_formats::record::{EndKind, Format, MoveTime, Record, RecordEnd, WriteError};
use shogi_variants::AnyVariant;

/// The Python name of a record's end: Rust's [`EndKind::name`].
fn end_name(kind: EndKind) -> &'static str {
    kind.name()
}

fn end_of(name: &str) -> PyResult<EndKind> {
    EndKind::from_name(name).ok_or_else(|| {
        SettingError::new_err(format!(
            "'{}' is not a record end ({})",
            shogi_core::Excerpt(name),
            EndKind::ALL.map(EndKind::name).join(", ")
        ))
    })
}

fn read_as(text: &str, format: Option<&str>) -> PyResult<Record> {
    let format = match format {
        None => Format::detect(text),
        Some("kif") => Format::Kif,
        Some("ki2") => Format::Ki2,
        Some("csa") => Format::Csa,
        Some("jkf") => Format::Jkf,
        Some("usen") => Format::Usen,
        Some(other) => {
            return Err(SettingError::new_err(format!(
                "unknown record format '{}' (kif, ki2, csa, jkf, usen)",
                shogi_core::Excerpt(other)
            )))
        }
    };
    format
        .read(text)
        .map_err(|e| InvalidSfenError::new_err(format!("{}: {e}", format.name().to_lowercase())))
}

fn write_error(e: WriteError) -> PyErr {
    RecordWriteError::new_err(e.to_string())
}

/// How many half-width katakana a text has: a Shift_JIS reading of EUC-JP
/// bytes is full of them, a real record has next to none.
fn half_width_kana(s: &str) -> usize {
    s.chars()
        .filter(|c| ('\u{ff61}'..='\u{ff9f}').contains(c))
        .count()
}

/// The text of a record's bytes: UTF-8 (with or without BOM), else
/// Shift_JIS (cp932) or EUC-JP, whichever decodes without error; when both
/// do, the one with fewer half-width katakana (EUC-JP bytes read as
/// Shift_JIS come out as half-width katakana).
fn decode(bytes: &Bound<'_, PyBytes>) -> PyResult<String> {
    if let Ok(s) = std::str::from_utf8(bytes.as_bytes()) {
        return Ok(s.to_owned());
    }
    let strict = |codec: &str| -> Option<String> {
        bytes
            .call_method1("decode", (codec, "strict"))
            .and_then(|s| s.extract())
            .ok()
    };
    match (strict("cp932"), strict("euc_jp")) {
        (Some(sjis), Some(euc)) if half_width_kana(&euc) < half_width_kana(&sjis) => Ok(euc),
        (Some(sjis), _) => Ok(sjis),
        (None, Some(euc)) => Ok(euc),
        (None, None) => Err(InvalidSfenError::new_err(
            "the record is neither UTF-8, Shift_JIS nor EUC-JP text",
        )),
    }
}

#[pymethods]
impl PyRecord {
    /// Reads a record; ``format`` is ``"kif"``, ``"ki2"``, ``"csa"``, ``"jkf"``,
    /// ``"usen"`` or ``None`` to detect it from the text's structure (JKF's
    /// opening brace, USEN's ``~`` in one word, CSA statements, the KIF move
    /// table or numbered moves, else KI2). Raises ``InvalidSfenError`` with
    /// the line number.
    ///
    /// ``text`` may be ``bytes``: UTF-8 (with or without BOM) is tried first,
    /// then Shift_JIS (cp932), the traditional encoding of KIF and CSA files,
    /// and EUC-JP (old CSA archives), whichever decodes; when both do, the
    /// one that does not read as half-width katakana.
    #[staticmethod]
    #[pyo3(signature = (text, format = None))]
    fn read(text: &Bound<'_, PyAny>, format: Option<Text<SettingText>>) -> PyResult<Self> {
        let text: String = if let Ok(bytes) = text.cast::<PyBytes>() {
            decode(bytes)?
        } else {
            Text::<RecordText>::read(text)?
        };
        Ok(PyRecord {
            record: read_as(&text, format.as_deref())?,
        })
    }

    /// Remarks about the file, not about a move: KIF ``#`` lines and CSA
    /// ``'`` lines that are not ``'*`` comments.
    #[getter]
    fn remarks(this: Read<'_, Self>) -> Vec<String> {
        this.record.remarks.clone()
    }

    /// The illegal move that ended the game (``end`` is then
    /// ``"illegal_move"``: its player, ``end_side``, lost), or ``None``: the
    /// move as the file has it, kept beside ``moves`` and not among them,
    /// so that ``moves`` always replay (Rust's ``RecordEnd::foul``).
    #[getter]
    fn foul(this: Read<'_, Self>, py: Python<'_>) -> PyResult<Option<Py<PyMove>>> {
        match this.foul_move() {
            Some(f) => Ok(move_objects(py, &[f.mv], this.shape())?.into_iter().next()),
            None => Ok(None),
        }
    }

    /// The time of the illegal move that ended the game (``foul``):
    /// ``(seconds, total seconds or None)``, or ``None`` if not recorded or
    /// there is no foul.
    #[getter]
    fn foul_time(this: Read<'_, Self>) -> Option<(u32, Option<u32>)> {
        this.foul_move()
            .and_then(|f| f.time)
            .map(|t| (t.seconds, t.total_seconds))
    }

    /// The comments after the illegal move that ended the game (``foul``;
    /// 81Dojo writes ``反則手にて終局`` there), ``[]`` without a foul.
    #[getter]
    fn foul_comments(this: Read<'_, Self>) -> Vec<String> {
        this.foul_move()
            .map(|f| f.comments.clone())
            .unwrap_or_default()
    }

    /// The side that makes the end (the side to move after ``moves``): the
    /// player who resigned, and with ``foul`` the player of the illegal
    /// move, who lost. ``Color.BLACK`` or ``Color.WHITE``, also for a record
    /// that says no end.
    #[getter]
    fn end_side(this: Read<'_, Self>) -> ColorObj {
        ColorObj(this.record.end_side())
    }

    /// The tree of the record: its start, as a ``RecordNode`` (the main
    /// line and every variation KIF keeps, python-chess's ``GameNode``
    /// style).
    #[getter]
    fn root(slf: &Bound<'_, Self>) -> tree::PyRecordNode {
        tree::PyRecordNode::new(slf.clone().unbind(), Vec::new())
    }

    /// The time of the end (the special move): ``(seconds, total seconds
    /// or None)``, or ``None`` if not recorded.
    #[getter]
    fn end_time(this: Read<'_, Self>) -> Option<(u32, Option<u32>)> {
        this.record
            .end
            .as_ref()
            .and_then(|e| e.time)
            .map(|t| (t.seconds, t.total_seconds))
    }

    /// Comments after the end (the special move), if any.
    #[getter]
    fn end_comments(this: Read<'_, Self>) -> Vec<String> {
        this.record
            .end
            .as_ref()
            .map(|e| e.comments.clone())
            .unwrap_or_default()
    }

    /// Headers in file order, ``(key, value)``; known fields have the keys
    /// ``black``, ``white``, ``event``, ``site``, ``start_time``, ``end_time``,
    /// ``time_control``, ``handicap``, ``opening``.
    #[getter]
    fn headers(this: Read<'_, Self>) -> Vec<(String, String)> {
        this.record.headers.clone()
    }

    /// The value of a header, or ``None``.
    fn header(this: Read<'_, Self>, key: Text) -> Option<String> {
        this.record.header(&key).map(str::to_owned)
    }

    /// The start position (SFEN).
    #[getter]
    fn start_sfen(this: Read<'_, Self>) -> String {
        this.record.start.to_sfen()
    }

    /// The moves.
    #[getter]
    fn moves(this: Read<'_, Self>, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        let moves: Vec<Move> = this.record.moves.iter().map(|m| m.mv).collect();
        move_objects(py, &moves, this.shape())
    }

    /// Per move: ``(seconds, total_seconds or None)``, or ``None`` if not recorded.
    #[getter]
    fn times(this: Read<'_, Self>) -> Vec<Option<(u32, Option<u32>)>> {
        this.record
            .moves
            .iter()
            .map(|m| m.time.map(|t| (t.seconds, t.total_seconds)))
            .collect()
    }

    /// Per move: its comments.
    #[getter]
    fn move_comments(this: Read<'_, Self>) -> Vec<Vec<String>> {
        this.record
            .moves
            .iter()
            .map(|m| m.comments.clone())
            .collect()
    }

    /// Comments before the first move.
    #[getter]
    fn comments(this: Read<'_, Self>) -> Vec<String> {
        this.record.comments.clone()
    }

    /// How the record ends (``"resign"``, ``"repetition"``, ``"timeout"``, ...), or ``None``.
    #[getter]
    fn end(this: Read<'_, Self>) -> Option<&'static str> {
        this.record.end.as_ref().map(|e| end_name(e.kind))
    }

    /// The record replayed as a ``Board`` that can continue (minishogi for a
    /// 5×5 start unless ``variant`` says otherwise).
    ///
    /// When the game ends under these rules (checkmate, repetition, a
    /// ``move_limit``...) while the record has moves left, the record is not
    /// a game of these rules: ``GameOverError`` says where it ended and how
    /// the record goes on ("the game ended at move 1 (draw by move limit);
    /// the record goes on with 3c3d"). A move the rules forbid, or a start
    /// they refuse, raises ``InvalidSfenError``; a bad setting (``move_limit=0``
    /// among them: a limit is at least 1) ``SettingError``.
    #[pyo3(signature = (variant = None, **settings))]
    fn board(
        this: Read<'_, Self>,
        py: Python<'_>,
        variant: Option<Text<SettingText>>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyBoard>> {
        Py::new(py, this.replayed(variant, settings)?)
    }

    /// The record as KIF. Raises ``RecordWriteError`` for what KIF cannot say.
    fn kif(this: Read<'_, Self>) -> PyResult<String> {
        Format::Kif.write(&this.record).map_err(write_error)
    }

    /// The record as KI2. Raises ``RecordWriteError`` for what KI2 cannot say.
    fn ki2(this: Read<'_, Self>) -> PyResult<String> {
        Format::Ki2.write(&this.record).map_err(write_error)
    }

    /// The record as CSA (9×9 only). Raises ``RecordWriteError`` for what CSA
    /// cannot say.
    fn csa(this: Read<'_, Self>) -> PyResult<String> {
        Format::Csa.write(&this.record).map_err(write_error)
    }

    /// The record as JKF (JSON Kifu Format, one line; 9×9 only), every
    /// variation included. Remarks and bookmarks are left out (JKF has none).
    /// Raises ``RecordWriteError`` for what JKF cannot say.
    fn jkf(this: Read<'_, Self>) -> PyResult<String> {
        Format::Jkf.write(&this.record).map_err(write_error)
    }

    /// The record as USEN (Shogi Playground's URL notation, as ShogiHome
    /// shares games; 9×9 only): the start, every line's moves and the ends
    /// it names (resignation, time out, jishogi, interruption). Headers,
    /// times and comments are left out. Raises ``RecordWriteError`` for a
    /// foul move or another board.
    fn usen(this: Read<'_, Self>) -> PyResult<String> {
        Format::Usen.write(&this.record).map_err(write_error)
    }

    /// The main line as cshogi's HCPE training data (38 bytes a position:
    /// each position before a move, that move, the winner the record's end
    /// names; standard shogi with all forty pieces only). Raises
    /// ``TrainingDataError``.
    fn hcpe<'py>(this: Read<'_, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let entries = shogi_formats::training::record_entries(&this.record)
            .map_err(|e| crate::errors::TrainingDataError::new_err(e.to_string()))?;
        crate::training::write(py, &entries, crate::training::TrainingFormat::Hcpe)
    }

    /// The main line as YaneuraOu's PSV training data (40 bytes a
    /// position). Raises ``TrainingDataError``.
    fn psv<'py>(this: Read<'_, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let entries = shogi_formats::training::record_entries(&this.record)
            .map_err(|e| crate::errors::TrainingDataError::new_err(e.to_string()))?;
        crate::training::write(py, &entries, crate::training::TrainingFormat::Psv)
    }

    fn __len__(this: Read<'_, Self>) -> usize {
        this.record.moves.len()
    }

    /// Pickles as the record's serde form; `copy.copy` and `copy.deepcopy`
    /// give an equal record.
    fn __reduce__<'py>(
        this: Read<'_, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        crate::moves::reduce_json(py.get_type::<PyRecord>(), &this.record)
    }

    /// Reads back what `__reduce__` wrote.
    #[staticmethod]
    fn _from_json(json: &str) -> PyResult<Self> {
        crate::moves::from_json("Record", json).map(|record| PyRecord { record })
    }

    /// Raises ``BusyError`` if either record is being changed by another call.
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<PyRecord>() else {
            return Ok(false);
        };
        Ok(crate::busy::read(other)?.record == crate::busy::read(slf)?.record)
    }

    fn __repr__(this: Read<'_, Self>) -> String {
        let side = match this.record.line_count() - 1 {
            0 => String::new(),
            1 => ", 1 side line".to_owned(),
            n => format!(", {n} side lines"),
        };
        let n = this.record.moves.len();
        format!(
            "<Record {n} move{} from '{}'{side}{}>",
            if n == 1 { "" } else { "s" },
            this.record.start.to_sfen(),
            this.record
                .end
                .as_ref()
                .map(|e| format!(", end={}", end_name(e.kind)))
                .unwrap_or_default()
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
            record.headers.push((
                Text::<HeaderText>::read(&k)?,
                crate::convert::text_of::<HeaderText>(&v.str()?)?,
            ));
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
        record.end = Some(RecordEnd::new(end_of(name)?));
    }
    Ok(PyRecord { record })
}
