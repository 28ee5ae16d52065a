//! `Move` and `Outcome`: small immutable values.

use crate::convert::{self, Shape};
use crate::enums::{ColorObj, ReasonObj};
use crate::errors::InvalidMoveError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use shogi_core::{Color, EndReason, Geometry, Move, Outcome, PieceKind};
use shogi_variants::FamilyGame;
use std::sync::OnceLock;

/// A move: immutable, hashable, ordered by ``code``.
///
/// ``Move(from_square, to_square, promotion=False, *, board=None)`` for a
/// board move, ``Move.drop(piece, to_square, *, board=None)`` for a drop,
/// ``Move.from_usi("7g7f", *, board=None)``.
///
/// A move is the same value on every board: equality, hashing and order go
/// by the move itself (its USI, its ``code``), so ``Move.from_usi("5e4d")``
/// equals the minishogi move ``5e4d``. It remembers the square numbering of
/// the board that made it (``legal_moves``, ``pop``, ``peek``, players,
/// ...; ``board=`` for one built by hand, 9×9 without), and
/// ``from_square``/``to_square`` answer in that numbering.
///
/// A move of a ``FamilyGame`` writes itself with its definition's letters
/// (``"C*2b"`` in dobutsu, ``"2b3c-"`` for kyoto's flip back): the text it
/// had in the position it was listed or played in.
#[pyclass(module = "shogi_variants", name = "Move", frozen, eq, ord)]
#[derive(Clone, Copy)]
pub struct PyMove(pub Move, pub Shape, pub Option<Letters>);

/// A family move's USI with its definition's letters, kept inline (a move
/// object stays `Copy`): at most a two-character token, `*` and a square
/// (`+S*3c`), or two squares and a mark (`2b3c-`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Letters {
    bytes: [u8; Letters::MAX],
    len: u8,
}

impl Letters {
    /// The longest text kept; longer text is not kept (never met: see the type).
    const MAX: usize = 8;

    /// The letters of `text`, if it fits.
    pub fn of(text: &str) -> Option<Letters> {
        let mut bytes = [0; Letters::MAX];
        bytes
            .get_mut(..text.len())?
            .copy_from_slice(text.as_bytes());
        Some(Letters {
            bytes,
            len: text.len() as u8,
        })
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Made from a `&str` whole: always UTF-8.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

impl PartialEq for PyMove {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl Eq for PyMove {}

impl PartialOrd for PyMove {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PyMove {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.cmp(&other.0)
    }
}

/// `mv` checked to be on `shape`'s board (`InvalidMoveError` otherwise).
fn on_board(mv: Move, shape: Shape) -> PyResult<PyMove> {
    for sq in mv.from().into_iter().chain([mv.to()]) {
        if !shape.contains(sq) {
            return Err(InvalidMoveError::new_err(format!(
                "{mv}: {sq} is off this {}x{} board",
                shape.files(),
                shape.ranks()
            )));
        }
    }
    Ok(PyMove(mv, shape, None))
}

impl PyMove {
    /// The 9×9 move of `mv` (a move built without a board).
    pub fn nine(mv: Move) -> PyMove {
        PyMove(mv, Shape::NINE, None)
    }

    /// The move's USI: its family letters if it has them.
    fn text(&self) -> String {
        match &self.2 {
            Some(letters) => letters.as_str().to_owned(),
            None => self.0.to_string(),
        }
    }
}

#[pymethods]
impl PyMove {
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = false, *, board = None))]
    fn new(
        from_square: &Bound<'_, PyAny>,
        to_square: &Bound<'_, PyAny>,
        promotion: bool,
        board: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let shape = convert::shape_arg(None, None, board)?;
        let from = convert::square(from_square, shape)?;
        let to = convert::square(to_square, shape)?;
        if from == to {
            return Err(InvalidMoveError::new_err(format!(
                "a move goes somewhere: {from} to {to}"
            )));
        }
        Ok(PyMove(Move::normal(from, to, promotion), shape, None))
    }

    /// Parse USI (``"7g7f"``, ``"8h2b+"``, ``"P*5e"``); ``board`` gives the
    /// square numbering (and refuses squares off it). Raises ``InvalidMoveError``.
    #[staticmethod]
    #[pyo3(signature = (usi, *, board = None))]
    fn from_usi(
        usi: convert::Text<convert::MoveText>,
        board: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let shape = convert::shape_arg(None, None, board)?;
        let mv = usi
            .parse::<Move>()
            .map_err(|e| InvalidMoveError::new_err(e.to_string()))?;
        on_board(mv, shape)
    }

    /// A drop of ``piece`` (``"P"``, ``"L"``, ``"N"``, ``"S"``, ``"G"``, ``"B"``, ``"R"``) on ``to_square``
    /// (numbered as on ``board``, 9×9 without).
    #[staticmethod]
    #[pyo3(signature = (piece, to_square, *, board = None))]
    fn drop(
        piece: convert::Text<convert::MoveText>,
        to_square: &Bound<'_, PyAny>,
        board: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let shape = convert::shape_arg(None, None, board)?;
        let to = convert::square(to_square, shape)?;
        let kind: PieceKind = piece.parse().map_err(|_| {
            InvalidMoveError::new_err(format!(
                "'{}' is not a piece letter",
                shogi_core::Excerpt(&piece)
            ))
        })?;
        Move::drop(kind, to)
            .map(|m| PyMove(m, shape, None))
            .ok_or_else(|| {
                InvalidMoveError::new_err(format!("a {} cannot be dropped", kind.name()))
            })
    }

    /// The move of a 16-bit ``code`` (see ``Move.code``), in 9×9 numbering. Raises ``InvalidMoveError``.
    #[staticmethod]
    fn from_code(code: &Bound<'_, PyAny>) -> PyResult<Self> {
        let obj = code;
        let what = match convert::index(obj) {
            Ok(n) => n.to_string(),
            Err(_) => format!("a {}", convert::type_name(obj)),
        };
        convert::index(obj)
            .ok()
            .and_then(|n| n.get::<u16>())
            .and_then(Move::from_u16)
            // A board move goes somewhere (USI cannot write `1a1a`).
            .filter(|m| m.from() != Some(m.to()))
            .map(PyMove::nine)
            .ok_or_else(|| {
                InvalidMoveError::new_err(format!("{what} is not a move code (0..=65535)"))
            })
    }

    /// The numbering ``from_square``/``to_square`` use: ``(files, ranks)``
    /// of the board that made the move (``(9, 9)`` for one built without a
    /// board).
    #[getter]
    fn board_shape(&self) -> (u8, u8) {
        (self.1.files(), self.1.ranks())
    }

    /// USI notation (a family game's move: with its definition's letters).
    fn usi(&self) -> String {
        self.text()
    }

    /// Origin square, ``None`` for a drop, numbered as on the board that
    /// made the move (``board_shape``).
    #[getter]
    #[allow(clippy::wrong_self_convention)] // the Python name, as in python-chess
    fn from_square(&self) -> Option<usize> {
        self.0.from().map(|s| self.1.index(s))
    }

    /// Destination square, numbered as on the board that made the move
    /// (``board_shape``).
    #[getter]
    #[allow(clippy::wrong_self_convention)] // the Python name, as in python-chess
    fn to_square(&self) -> usize {
        self.1.index(self.0.to())
    }

    /// The dropped piece's uppercase letter (a family game's: its
    /// definition's token, ``"C"``, ``"+S"``), ``None`` for a board move.
    #[getter]
    fn drop_piece(&self) -> Option<String> {
        match (&self.2, self.0.is_drop()) {
            (Some(letters), true) => letters.as_str().split_once('*').map(|(t, _)| t.to_owned()),
            _ => self.0.drop_kind().map(|k| k.base_letter().to_string()),
        }
    }

    /// Whether the move promotes.
    #[getter]
    fn promotion(&self) -> bool {
        self.0.is_promotion()
    }

    /// A stable 16-bit integer for the move (an action id for learning code).
    #[getter]
    fn code(&self) -> u16 {
        self.0.to_u16()
    }

    /// The hash of a move is its code.
    fn __hash__(&self) -> u64 {
        u64::from(self.0.to_u16())
    }

    /// Whether the move is a drop (a property, as ``promotion`` is).
    #[getter]
    fn is_drop(&self) -> bool {
        self.0.is_drop()
    }

    /// Whether the move promotes (the same as ``promotion``, named as
    /// ``is_drop`` is).
    #[getter]
    fn is_promotion(&self) -> bool {
        self.0.is_promotion()
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        if self.1 == Shape::NINE && self.2.is_none() {
            format!("Move.from_usi('{}')", self.0)
        } else {
            format!(
                "<Move {} on a {}x{} board>",
                self.text(),
                self.1.files(),
                self.1.ranks()
            )
        }
    }

    /// Pickles as its USI text and its numbering (``(files, ranks)``),
    /// read back by `Move._from_state`: the copy numbers its squares as the
    /// original does. A family game's move adds its ``code`` (its letters
    /// are its definition's, which standard USI cannot read back).
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let f = py.get_type::<PyMove>().getattr("_from_state")?;
        let (files, ranks) = (self.1.files(), self.1.ranks());
        let args = match self.2 {
            Some(_) => (self.text(), files, ranks, self.0.to_u16()).into_pyobject(py)?,
            None => (self.text(), files, ranks).into_pyobject(py)?,
        };
        Ok((f, args))
    }

    /// Reads back what `__reduce__` wrote.
    #[staticmethod]
    #[pyo3(signature = (usi, files, ranks, code = None))]
    fn _from_state(
        usi: convert::Text<convert::MoveText>,
        files: u8,
        ranks: u8,
        code: Option<u16>,
    ) -> PyResult<Self> {
        let shape = Shape::new(files, ranks).ok_or_else(|| {
            InvalidMoveError::new_err(format!("not a pickled Move: no {files}x{ranks} board"))
        })?;
        if let Some(code) = code {
            let mv = Move::from_u16(code)
                .ok_or_else(|| InvalidMoveError::new_err(format!("{code} is not a move code")))?;
            let letters = Letters::of(&usi).ok_or_else(|| {
                InvalidMoveError::new_err("not a pickled Move: its text is too long")
            })?;
            return on_board(mv, shape).map(|m| PyMove(m.0, m.1, Some(letters)));
        }
        let mv = usi
            .parse::<Move>()
            .map_err(|e| InvalidMoveError::new_err(e.to_string()))?;
        on_board(mv, shape)
    }
}

/// A table of shared move objects, one slot per move of a board shape.
type Table = Box<[OnceLock<Py<PyMove>>]>;

/// One shared, immutable `Move` object per move and board shape, made on
/// first use: handing out a reference is much cheaper than allocating an
/// object for every generated move. The 9×9 table (almost every move met)
/// is reached directly; another shape's table is made when the shape is
/// first met. A table has one slot per action of its shape's action space
/// (`2n² + 7n` for `n` squares: 13,689 on 9×9, 1,425 on 5×5).
static NINE_OBJECTS: OnceLock<Table> = OnceLock::new();

/// The tables of the other shapes, by `(files - 1) * 9 + (ranks - 1)`.
static OTHER_OBJECTS: [OnceLock<Table>; 81] = [const { OnceLock::new() }; 81];

/// A table of `n` squares' moves.
fn new_table(n: usize) -> Table {
    (0..2 * n * n + 7 * n).map(|_| OnceLock::new()).collect()
}

/// The table of `shape`.
#[inline]
fn table(shape: Shape) -> &'static [OnceLock<Py<PyMove>>] {
    if shape == Shape::NINE {
        return NINE_OBJECTS.get_or_init(|| new_table(81));
    }
    let slot = usize::from(shape.files() - 1) * 9 + usize::from(shape.ranks() - 1);
    OTHER_OBJECTS
        .get(slot)
        .map_or(&[], |t| t.get_or_init(|| new_table(shape.len())))
}

/// A dense index of `mv` in `shape`'s table (its action number there):
/// moves from one square sit together, as a position's moves are met.
/// `None` for a move off the board (never cached).
#[inline]
fn move_slot(mv: Move, shape: Shape) -> Option<usize> {
    let to = mv.to();
    if shape == Shape::NINE {
        // The 9x9 numbering is the square index: no conversion.
        let to = to.index();
        return match (mv.from(), mv.drop_kind()) {
            (Some(from), _) => Some((from.index() * 81 + to) * 2 + usize::from(mv.is_promotion())),
            (None, Some(kind)) => Some(81 * 81 * 2 + kind.index() * 81 + to),
            (None, None) => None, // not a move: no slot
        };
    }
    if !(shape.contains(to) && mv.from().is_none_or(|f| shape.contains(f))) {
        return None;
    }
    let n = shape.len();
    let to = shape.index(to);
    match (mv.from(), mv.drop_kind()) {
        (Some(from), _) => Some((shape.index(from) * n + to) * 2 + usize::from(mv.is_promotion())),
        (None, Some(kind)) => Some(2 * n * n + kind.index() * n + to),
        (None, None) => None,
    }
}

/// The object in `table` of `mv`, made the first time it is asked for.
#[inline(always)]
fn cached(
    py: Python<'_>,
    table: &[OnceLock<Py<PyMove>>],
    mv: Move,
    shape: Shape,
) -> PyResult<Py<PyMove>> {
    let cell = move_slot(mv, shape).and_then(|i| table.get(i));
    match cell.and_then(OnceLock::get) {
        Some(obj) => Ok(obj.clone_ref(py)),
        None => made(py, cell, mv, shape),
    }
}

/// The first object of `mv` (kept in `cell` if it has one): out of the
/// lookup's loop, which almost never comes here.
#[cold]
#[inline(never)]
fn made(
    py: Python<'_>,
    cell: Option<&OnceLock<Py<PyMove>>>,
    mv: Move,
    shape: Shape,
) -> PyResult<Py<PyMove>> {
    let obj = Py::new(py, PyMove(mv, shape, None))?;
    match cell {
        Some(cell) => Ok(cell.get_or_init(|| obj).clone_ref(py)),
        None => Ok(obj),
    }
}

/// The shared Python object of `mv` numbered as on `shape`'s board, made
/// the first time the move is seen: moves met together (a position's list)
/// get neighbouring objects, which keeps the working set of a search in the
/// cache.
#[inline]
pub fn move_object(py: Python<'_>, mv: Move, shape: Shape) -> PyResult<Py<PyMove>> {
    cached(py, table(shape), mv, shape)
}

/// Shared objects of a list of moves on `shape`'s board.
pub fn move_objects(py: Python<'_>, moves: &[Move], shape: Shape) -> PyResult<Vec<Py<PyMove>>> {
    let table = table(shape);
    // Sized once: collecting through `PyResult` would grow the vector
    // step by step (its size is not known to `collect`).
    let objects_on = |shape: Shape| -> PyResult<Vec<Py<PyMove>>> {
        let mut objects = Vec::with_capacity(moves.len());
        for &m in moves {
            objects.push(cached(py, table, m, shape)?);
        }
        Ok(objects)
    };
    if shape == Shape::NINE {
        // The common case, with the shape known to the compiler.
        objects_on(Shape::NINE)
    } else {
        objects_on(shape)
    }
}

/// The Python name of an end reason: Rust's [`EndReason::name`].
pub fn reason_name(r: EndReason) -> &'static str {
    r.name()
}

/// How a game ended.
#[pyclass(module = "shogi_variants", name = "Outcome", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyOutcome(pub Outcome);

#[pymethods]
impl PyOutcome {
    /// ``Outcome(winner, reason)``: a win of ``winner`` (``Color.BLACK`` or
    /// ``Color.WHITE``), or a draw for ``None``, for ``reason``: an
    /// ``EndReason`` member or its name, or a name of your own (lowercase
    /// letters and ``_``, as a scripted variant's ``extra_outcome`` gives
    /// its end: ``Outcome(Color.BLACK, "first_check")``).
    #[new]
    fn new(winner: Option<&Bound<'_, PyAny>>, reason: &str) -> PyResult<Self> {
        let reason = shogi_core::EndReason::from_name(reason)
            .map_err(crate::errors::ArgumentError::new_err)?;
        Ok(PyOutcome(match winner {
            Some(w) => Outcome::win(convert::color(w)?, reason),
            None => Outcome::draw(reason),
        }))
    }

    /// Pickles as its serde form (see `reduce_json`).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        reduce_json(py.get_type::<PyOutcome>(), &self.0)
    }

    /// Reads back what `__reduce__` wrote.
    #[staticmethod]
    fn _from_json(json: &str) -> PyResult<Self> {
        from_json("Outcome", json).map(PyOutcome)
    }

    /// ``Color.BLACK``, ``Color.WHITE`` or ``None`` for a draw. A colour
    /// is always true, so ``if outcome.winner:`` is false only for a draw.
    #[getter]
    fn winner(&self) -> Option<ColorObj> {
        self.0.winner.map(ColorObj)
    }

    /// Why the game ended: an ``EndReason`` member (``== "checkmate"``), or
    /// a plain ``str`` for an end the enum does not list.
    #[getter]
    fn reason(&self) -> ReasonObj {
        ReasonObj::from(self.0.reason)
    }

    /// 1.0 for a win of ``color``, 0.5 for a draw, 0.0 for a loss.
    fn score(&self, color: &Bound<'_, PyAny>) -> PyResult<f64> {
        Ok(self.0.score(convert::color(color)?))
    }

    /// Per-player returns ``[black, white]``: +1 win, -1 loss, 0 draw.
    fn returns(&self) -> Vec<f64> {
        [Color::Black, Color::White]
            .iter()
            .map(|&c| 2.0 * self.0.score(c) - 1.0)
            .collect()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        let winner = match self.0.winner {
            Some(Color::Black) => "BLACK",
            Some(Color::White) => "WHITE",
            None => "None",
        };
        format!(
            "<Outcome winner={winner} reason='{}'>",
            reason_name(self.0.reason)
        )
    }
}

/// How the value classes pickle (`Outcome`, `Record`, `Announcement`,
/// `Ruling`, `PlayerView`, `Event`, `Capture`): `(cls._from_json, (json,))`,
/// the Rust value's serde form. `copy.copy` and `copy.deepcopy` go through
/// the same `__reduce__`; the copy equals the original.
pub fn reduce_json<'py, T: serde::Serialize>(
    class: Bound<'py, pyo3::types::PyType>,
    value: &T,
) -> PyResult<(Bound<'py, PyAny>, (String,))> {
    let json = serde_json::to_string(value)
        .map_err(|e| crate::errors::ShogiError::new_err(format!("cannot pickle: {e}")))?;
    Ok((class.getattr("_from_json")?, (json,)))
}

/// [`reduce_json`] for a value whose squares are numbered on a board of
/// `shape`: `(cls._from_json, (json, files, ranks))`, read back by a
/// `_from_json(json, files=9, ranks=9)` (an older pickle, without the
/// shape, was 9×9).
pub fn reduce_json_on<'py, T: serde::Serialize>(
    class: Bound<'py, pyo3::types::PyType>,
    value: &T,
    shape: Shape,
) -> PyResult<(Bound<'py, PyAny>, (String, u8, u8))> {
    let (f, (json,)) = reduce_json(class, value)?;
    Ok((f, (json, shape.files(), shape.ranks())))
}

/// The shape a [`reduce_json_on`] pickle holds.
pub fn pickled_shape(what: &str, files: u8, ranks: u8) -> PyResult<Shape> {
    Shape::new(files, ranks).ok_or_else(|| {
        crate::errors::ShogiError::new_err(format!(
            "not a pickled {what}: no {files}x{ranks} board"
        ))
    })
}

/// The value a [`reduce_json`] pickle holds; `what` names it in the error.
pub fn from_json<T: serde::de::DeserializeOwned>(what: &str, json: &str) -> PyResult<T> {
    serde_json::from_str(json).map_err(|e| {
        crate::errors::ShogiError::new_err(format!(
            "not a pickled {what}: {}",
            shogi_core::Excerpt(&e.to_string())
        ))
    })
}

/// A move from a `Move` or USI text.
pub fn a_move(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(m) = obj.cast::<PyMove>() {
        return Ok(m.get().0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let s = convert::text_of::<convert::MoveText>(s)?;
        return s
            .parse::<Move>()
            .map_err(|e| InvalidMoveError::new_err(e.to_string()));
    }
    Err(InvalidMoveError::new_err(format!(
        "expected a Move or USI text, not {}",
        convert::type_name(obj)
    )))
}

/// A move from a `Move` or USI text whose squares are on `geometry`: a
/// square off the board ("7g7f" on 5x5) is no move of this game at all, so it
/// raises `InvalidMoveError` ("7g is off this 5x5 board"), not the
/// `IllegalMoveError` of a move the rules forbid (nor a Tsuitate foul).
pub fn a_move_on(obj: &Bound<'_, PyAny>, geometry: &Geometry) -> PyResult<Move> {
    let mv = a_move(obj)?;
    for sq in mv.from().into_iter().chain([mv.to()]) {
        if !geometry.contains(sq) {
            return Err(InvalidMoveError::new_err(format!(
                "{mv}: {sq} is off this {}x{} board",
                geometry.files(),
                geometry.ranks()
            )));
        }
    }
    Ok(mv)
}

/// The move `obj` names in `game`'s position now: a `Move` (a drop made
/// without the definition's letters, ``Move.from_usi("L*2b")``, is read by
/// its letter as this definition's), or USI text with the definition's
/// letters (``"C*2b"``, ``"2b3c-"``). Text that names no move of this board
/// raises `InvalidMoveError` with the reason; legality is the game's to judge.
pub fn family_move(game: &FamilyGame, obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    let text = if let Ok(m) = obj.cast::<PyMove>() {
        let PyMove(mv, _, letters) = *m.get();
        if letters.is_some() || !mv.is_drop() {
            return a_move_on(obj, shogi_variants::GameState::geometry(game));
        }
        mv.to_string()
    } else if let Ok(s) = obj.cast::<PyString>() {
        convert::text_of::<convert::MoveText>(s)?.to_string()
    } else {
        return Err(InvalidMoveError::new_err(format!(
            "expected a Move or USI text, not {}",
            convert::type_name(obj)
        )));
    };
    shogi_core::family::notation::from_usi(game.position(), &text).map_err(|e| {
        InvalidMoveError::new_err(format!(
            "{e} (in {})",
            shogi_variants::GameState::name(game)
        ))
    })
}

/// The `Move` object of `mv` as played from `game`'s position now, written
/// with the definition's letters (a new object: the same move is written
/// `+` or `-` by the face it changes from).
pub fn family_move_object(
    py: Python<'_>,
    game: &FamilyGame,
    mv: Move,
    shape: Shape,
) -> PyResult<Py<PyMove>> {
    Py::new(py, PyMove(mv, shape, Letters::of(&game.usi(mv))))
}

/// [`family_move_object`] of each of `moves`.
pub fn family_move_objects(
    py: Python<'_>,
    game: &FamilyGame,
    moves: &[Move],
    shape: Shape,
) -> PyResult<Vec<Py<PyMove>>> {
    moves
        .iter()
        .map(|&mv| family_move_object(py, game, mv, shape))
        .collect()
}

/// The moves of a family game since its start, written as each was played
/// (its history's USI with the definition's letters).
pub fn family_history(game: &FamilyGame) -> Vec<String> {
    let mut pos = game.start_position().clone();
    game.moves()
        .iter()
        .map(|&mv| {
            let text = shogi_core::family::notation::to_usi(&pos, mv);
            pos.make(mv);
            text
        })
        .collect()
}
