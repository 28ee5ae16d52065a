//! Conversions between Python values and the library's types: integers
//! ([`Int`], [`index`]) and text ([`Text`]) as every parameter takes them,
//! squares (index or USI name), colors, moves (a `Move` or USI text), piece
//! letters, and settings (keyword arguments in, dictionaries out).

use crate::errors::{ArgumentError, InvalidMoveError, InvalidSquareError, SettingError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString};
use serde_json::Value;
use shogi_core::{Color, Excerpt, Geometry, Hand, Square};
use std::fmt;
use std::marker::PhantomData;

/// A Python integer as `operator.index` reads it: an `int`, a `bool` or any
/// object with `__index__` (numpy integers). Small enough ones are kept
/// exactly; a larger one only by its size, which is all a message needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Num {
    /// An integer that fits in an `i128`.
    Exact(i128),
    /// A larger one: its sign and its number of bits.
    Huge {
        /// Whether it is below zero.
        negative: bool,
        /// `int.bit_length()`.
        bits: u64,
    },
}

impl Num {
    /// The value as `T`, if it is in `T`'s range.
    pub fn get<T: TryFrom<i128>>(self) -> Option<T> {
        match self {
            Num::Exact(n) => T::try_from(n).ok(),
            Num::Huge { .. } => None,
        }
    }

    /// The value, if it is in `range`.
    pub fn within<T>(self, range: &std::ops::RangeInclusive<T>) -> Option<T>
    where
        T: TryFrom<i128> + PartialOrd,
    {
        self.get::<T>().filter(|n| range.contains(n))
    }
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Num::Exact(n) => write!(f, "{n}"),
            Num::Huge { negative, bits } => write!(
                f,
                "{}an integer of {bits} bits",
                if *negative { "minus " } else { "" }
            ),
        }
    }
}

/// Reads `obj` as `operator.index` does: ints and bools as they are, other
/// objects through `__index__` (numpy integers). Anything else raises
/// Python's own `TypeError` ("'float' object cannot be interpreted as an
/// integer").
#[allow(unsafe_code)]
pub fn index(obj: &Bound<'_, PyAny>) -> PyResult<Num> {
    let int = if obj.is_instance_of::<PyInt>() {
        obj.clone()
    } else {
        let py = obj.py();
        // SAFETY: `PyNumber_Index` takes a borrowed object and returns a new
        // reference, or null with the exception set.
        unsafe { Bound::from_owned_ptr_or_err(py, pyo3::ffi::PyNumber_Index(obj.as_ptr()))? }
    };
    if let Ok(n) = int.extract::<i128>() {
        return Ok(Num::Exact(n));
    }
    let bits: u64 = int.call_method0("bit_length")?.extract()?;
    let negative = int.lt(0)?;
    Ok(Num::Huge { negative, bits })
}

/// The integer types a parameter can have, with their ranges for messages.
pub trait IntType: TryFrom<i128> + Copy {
    /// The smallest value.
    const MIN: i128;
    /// The largest value.
    const MAX: i128;
}

macro_rules! int_type {
    ($($t:ty),*) => {$(
        impl IntType for $t {
            const MIN: i128 = <$t>::MIN as i128;
            const MAX: i128 = <$t>::MAX as i128;
        }
    )*};
}
int_type!(u8, u16, u32, u64, usize, i64);

/// The name of a parameter, for messages: a marker type per name (Rust has
/// no `&str` const generics), declared with [`param_names!`].
pub trait ParamName {
    /// The parameter's Python name; empty where none is given.
    const NAME: &'static str;
}

/// No name: the message starts "must be ..." (Python still adds the name as
/// a note, "while processing 'x'").
pub struct Unnamed;
impl ParamName for Unnamed {
    const NAME: &'static str = "";
}

macro_rules! param_names {
    ($($marker:ident => $name:literal),* $(,)?) => {$(
        #[doc = concat!("The parameter `", $name, "`.")]
        pub struct $marker;
        impl ParamName for $marker {
            const NAME: &'static str = $name;
        }
    )*};
}
param_names! {
    Seed => "seed",
    Depth => "depth",
    Nodes => "nodes",
    TimeMs => "time_ms",
    Particles => "particles",
    Games => "games",
    MaxPlies => "max_plies",
    Steps => "steps",
    Capacity => "capacity",
    Times => "times",
    MoveTime => "move_time",
    TurnTime => "turn_time",
    Elapsed => "elapsed",
    TableMb => "table_mb",
}

/// `"name must be"`, or `"must be"` without a name.
fn must_be<N: ParamName>() -> String {
    if N::NAME.is_empty() {
        "must be".to_owned()
    } else {
        format!("{} must be", N::NAME)
    }
}

/// An integer parameter of type `T` named by `N`: anything `operator.index`
/// takes (int, bool, numpy integers); a value outside `T` raises
/// `ArgumentError` with the range ("seed must be an integer
/// 0..=18446744073709551615, not -1"), a non-integer `TypeError`. Every
/// integer parameter of the module is read through this (or [`index`] where
/// the domain has its own exception or range: squares, chance ids, depths).
#[derive(Clone, Copy, Debug)]
pub struct Int<T, N = Unnamed>(pub T, pub PhantomData<N>);

impl<T, N> Int<T, N> {
    /// A default value (for a signature's `x = Int::of(0)`).
    pub const fn of(value: T) -> Self {
        Int(value, PhantomData)
    }

    /// The value.
    pub fn get(self) -> T {
        self.0
    }
}

impl<T: IntType, N: ParamName> Int<T, N> {
    /// The value if it fits `T`, else the `ArgumentError` saying the range.
    pub fn read(obj: &Bound<'_, PyAny>) -> PyResult<T> {
        let n = index(obj)?;
        n.get::<T>().ok_or_else(|| {
            ArgumentError::new_err(format!(
                "{} an integer {}..={}, not {n}",
                must_be::<N>(),
                T::MIN,
                T::MAX
            ))
        })
    }
}

impl<'a, 'py, T: IntType, N: ParamName> FromPyObject<'a, 'py> for Int<T, N> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Int::<T, N>::read(&obj.to_owned()).map(Int::of)
    }
}

/// A float parameter (seconds): anything `float()` takes without a loss of
/// sense (a float, an int, a numpy number). An int too large for a float
/// raises `ArgumentError` rather than Python's `OverflowError`; a non-number
/// raises `TypeError`.
#[derive(Clone, Copy, Debug)]
pub struct Float<N = Unnamed>(pub f64, pub PhantomData<N>);

impl<N> Float<N> {
    /// The value.
    pub fn get(self) -> f64 {
        self.0
    }
}

impl<'a, 'py, N: ParamName> FromPyObject<'a, 'py> for Float<N> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let py = obj.py();
        match obj.extract::<f64>() {
            Ok(f) => Ok(Float(f, PhantomData)),
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(py) => {
                Err(ArgumentError::new_err(format!(
                    "{} a number of seconds a float can hold, not {}",
                    must_be::<N>(),
                    index(&obj.to_owned()).map_or_else(|_| "this".to_owned(), |n| n.to_string())
                )))
            }
            Err(e) => Err(e),
        }
    }
}

/// Which exception a text parameter raises when it is not valid Unicode (a
/// lone surrogate such as `"\ud800"` cannot be UTF-8).
pub trait TextKind {
    /// What the text is, for the message ("an SFEN", "a move").
    const WHAT: &'static str;
    /// The exception with `message`.
    fn error(message: String) -> PyErr;
}

macro_rules! text_kind {
    ($($name:ident => $what:literal, $exc:ty;)*) => {$(
        #[doc = concat!("Text that is ", $what, ".")]
        pub struct $name;
        impl TextKind for $name {
            const WHAT: &'static str = $what;
            fn error(message: String) -> PyErr {
                <$exc>::new_err(message)
            }
        }
    )*};
}
text_kind! {
    AnyText => "text", ArgumentError;
    SfenText => "an SFEN", crate::errors::InvalidSfenError;
    MoveText => "a move", InvalidMoveError;
    SettingText => "a setting", SettingError;
    SquareText => "a square name", InvalidSquareError;
    RecordText => "a record", crate::errors::InvalidSfenError;
    HeaderText => "a record header", ArgumentError;
    SavedText => "a saved game", crate::errors::InvalidSfenError;
}

/// A text parameter: a `str` that is valid Unicode. A lone surrogate
/// (`"\ud800"`, which no UTF-8 can hold) raises the kind's exception
/// (`InvalidSfenError` for an SFEN, ...; `ArgumentError` by default) saying
/// so, with an excerpt; a non-`str` raises `TypeError`.
pub struct Text<K = AnyText>(pub String, PhantomData<K>);

impl<K> std::ops::Deref for Text<K> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl<K: TextKind> Text<K> {
    /// The text of `obj`, a `str`.
    pub fn read(obj: &Bound<'_, PyAny>) -> PyResult<String> {
        let s = obj.cast::<PyString>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "expected str ({}), not {}",
                K::WHAT,
                type_name(obj)
            ))
        })?;
        text_of::<K>(s)
    }
}

/// The text of a `str`, refused with `K`'s exception when it is not valid
/// Unicode.
pub fn text_of<K: TextKind>(s: &Bound<'_, PyString>) -> PyResult<String> {
    match s.to_cow() {
        Ok(t) => Ok(t.into_owned()),
        Err(_) => Err(K::error(format!(
            "{} must be valid Unicode: '{}' holds a lone surrogate (no UTF-8 can hold it)",
            capitalized(K::WHAT),
            Excerpt(&escaped(s))
        ))),
    }
}

/// The text of a `str` that may hold lone surrogates, with them written as
/// Python writes them (`\\ud800`).
pub fn escaped(s: &Bound<'_, PyString>) -> String {
    s.call_method1("encode", ("utf-8", "backslashreplace"))
        .and_then(|b| b.extract::<Vec<u8>>())
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_else(|_| s.to_string_lossy().into_owned())
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

impl<'a, 'py, K: TextKind> FromPyObject<'a, 'py> for Text<K> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Text::<K>::read(&obj.to_owned()).map(|s| Text(s, PhantomData))
    }
}

/// The Python type name of `obj`, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".to_owned())
}

/// How a board numbers its squares: `(file - 1) * ranks + (rank - 1)`, so
/// `0..files * ranks`, the numbering of the action space
/// (`shogi_research::action`). On 9×9 it is the square index itself
/// (`Square::index`); on 5×5 it runs 0..=24 ("5e" is 24). Every square a
/// Python call takes as an integer or gives back is in the numbering of the
/// board it is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    files: u8,
    ranks: u8,
}

impl Shape {
    /// The 9×9 board: the numbering of module functions and of moves built
    /// without a board.
    pub const NINE: Shape = Shape { files: 9, ranks: 9 };

    /// A board of `files` × `ranks` (each 1..=9).
    pub const fn new(files: u8, ranks: u8) -> Option<Shape> {
        if files >= 1 && files <= 9 && ranks >= 1 && ranks <= 9 {
            Some(Shape { files, ranks })
        } else {
            None
        }
    }

    /// The shape of `geometry`'s board.
    #[inline]
    pub fn of(geometry: &Geometry) -> Shape {
        Shape {
            files: geometry.files(),
            ranks: geometry.ranks(),
        }
    }

    /// Number of files.
    pub const fn files(self) -> u8 {
        self.files
    }

    /// Number of ranks.
    pub const fn ranks(self) -> u8 {
        self.ranks
    }

    /// How many squares the board has.
    #[inline]
    pub const fn len(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Whether `sq` is on this board.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        sq.file() <= self.files && sq.rank() <= self.ranks
    }

    /// The number of `sq` on this board (`sq` is on it; see
    /// [`Shape::contains`]).
    #[inline]
    pub const fn index(self, sq: Square) -> usize {
        if self.ranks == 9 {
            // (file - 1) * 9 + (rank - 1): the shared index itself.
            sq.index()
        } else {
            (sq.file() as usize - 1) * self.ranks as usize + (sq.rank() as usize - 1)
        }
    }

    /// The square numbered `i` on this board, if there is one.
    #[inline]
    pub const fn square(self, i: usize) -> Option<Square> {
        if i >= self.len() {
            return None;
        }
        let ranks = self.ranks as usize;
        Square::new((i / ranks + 1) as u8, (i % ranks + 1) as u8)
    }

    /// The message of an integer that is no square of this board.
    fn not_a_square(self, n: impl fmt::Display) -> PyErr {
        InvalidSquareError::new_err(format!(
            "{n} is not a square of this {}x{} board (0..={})",
            self.files,
            self.ranks,
            self.len() - 1
        ))
    }

    /// The message of a square that is off this board.
    fn off_board(self, sq: Square) -> PyErr {
        InvalidSquareError::new_err(format!(
            "{sq} is off this {}x{} board",
            self.files, self.ranks
        ))
    }

    /// The square of `file` and `rank` (each 1-based), or
    /// `InvalidSquareError` saying the board's size.
    pub fn at(self, file: &Bound<'_, PyAny>, rank: &Bound<'_, PyAny>) -> PyResult<usize> {
        let (f, r) = (index(file)?, index(rank)?);
        match (f.within(&(1..=self.files)), r.within(&(1..=self.ranks))) {
            (Some(f), Some(r)) => Ok((usize::from(f) - 1) * usize::from(self.ranks)
                + usize::from(r - 1)),
            _ => Err(InvalidSquareError::new_err(format!(
                "file {f}, rank {r} is not a square of this {}x{} board (files 1..={}, ranks 1..={})",
                self.files, self.ranks, self.files, self.ranks
            ))),
        }
    }
}

/// The board a module function or a hand-built `Move` numbers its squares
/// on: `board` (a `Board`, `CardGame`, `TsuitateGame`, `PlayerView`: anything
/// with integer `files` and `ranks`), else `files` × `ranks` (either alone
/// gives a square board: `ranks=5` is 5×5), else 9×9. Giving both `board` and
/// a size, or a size outside 3..=9, raises `ArgumentError`.
pub fn shape_arg(
    files: Option<&Bound<'_, PyAny>>,
    ranks: Option<&Bound<'_, PyAny>>,
    board: Option<&Bound<'_, PyAny>>,
) -> PyResult<Shape> {
    if let Some(b) = board {
        if files.is_some() || ranks.is_some() {
            return Err(ArgumentError::new_err(
                "give board= or files=/ranks=, not both",
            ));
        }
        let dims = (|| -> PyResult<(u8, u8)> {
            Ok((
                b.getattr("files")?.extract()?,
                b.getattr("ranks")?.extract()?,
            ))
        })();
        return dims
            .ok()
            .and_then(|(f, r)| Shape::new(f, r))
            .ok_or_else(|| {
                ArgumentError::new_err(format!(
                    "board must be a Board, CardGame, TsuitateGame or PlayerView (something with files and ranks), not {}",
                    type_name(b)
                ))
            });
    }
    let size = |obj: Option<&Bound<'_, PyAny>>, what: &str| -> PyResult<Option<u8>> {
        let Some(obj) = obj else { return Ok(None) };
        let n = index(obj)?;
        n.within(&(3..=9)).map(Some).ok_or_else(|| {
            ArgumentError::new_err(format!("{what} must be 3..=9 (a board's size), not {n}"))
        })
    };
    let (f, r) = (size(files, "files")?, size(ranks, "ranks")?);
    let (f, r) = match (f, r) {
        (None, None) => (9, 9),
        (Some(f), None) => (f, f),
        (None, Some(r)) => (r, r),
        (Some(f), Some(r)) => (f, r),
    };
    Ok(Shape { files: f, ranks: r })
}

/// A square of the board of `shape`: its number there (an int, a bool or
/// anything with `__index__`) or its USI name (`"5e"`). A number past the
/// board raises `InvalidSquareError` "25 is not a square of this 5x5 board
/// (0..=24)"; a name off the board "6a is off this 5x5 board".
pub fn square(obj: &Bound<'_, PyAny>, shape: Shape) -> PyResult<Square> {
    if let Ok(name) = obj.cast::<PyString>() {
        let name = text_of::<SquareText>(name)?;
        let sq = name.parse::<Square>().map_err(|_| {
            InvalidSquareError::new_err(format!(
                "'{}' is not a square (USI squares look like '7g')",
                Excerpt(&name)
            ))
        })?;
        if shape.contains(sq) {
            Ok(sq)
        } else {
            Err(shape.off_board(sq))
        }
    } else if let Ok(n) = index(obj) {
        // An int, a bool or a numpy integer, as Python indexes with them.
        n.get::<usize>()
            .and_then(|i| shape.square(i))
            .ok_or_else(|| shape.not_a_square(n))
    } else {
        Err(InvalidSquareError::new_err(format!(
            "a square is an index 0..={} or a name like '7g', not {}",
            shape.len() - 1,
            type_name(obj)
        )))
    }
}

/// The file (1..) of a square (number or USI name) on `shape`'s board.
pub fn square_file(obj: &Bound<'_, PyAny>, shape: Shape) -> PyResult<u8> {
    square(obj, shape).map(|s| s.file())
}

/// The rank (1.., 1 is `a`) of a square (number or USI name) on `shape`'s
/// board.
pub fn square_rank(obj: &Bound<'_, PyAny>, shape: Shape) -> PyResult<u8> {
    square(obj, shape).map(|s| s.rank())
}

/// The USI name of a square (number or USI name) on `shape`'s board.
pub fn square_name(obj: &Bound<'_, PyAny>, shape: Shape) -> PyResult<String> {
    square(obj, shape).map(|s| s.to_string())
}

/// The number on `shape`'s board of a square (USI name, or a number,
/// checked and returned).
pub fn parse_square(obj: &Bound<'_, PyAny>, shape: Shape) -> PyResult<usize> {
    square(obj, shape).map(|s| shape.index(s))
}

/// The squares a diagram marks (`svg(highlight=...)`): each an index or a
/// USI name on `shape`'s board.
pub fn highlights(objs: &[Bound<'_, PyAny>], shape: Shape) -> PyResult<shogi_core::Bitboard> {
    objs.iter()
        .try_fold(shogi_core::Bitboard::EMPTY, |set, obj| {
            Ok(set.with(square(obj, shape)?))
        })
}

/// What "show legal squares" is asked about: a piece on a square, or a
/// piece in hand (`"P*"`).
#[derive(Clone, Copy)]
pub enum Selected {
    /// The piece on this square.
    Square(Square),
    /// A piece in hand of this kind.
    Hand(shogi_core::PieceKind),
}

impl Selected {
    /// Reads a square (index or USI name) on `shape`'s board, or a piece
    /// in hand (`"P*"`).
    pub fn read(obj: &Bound<'_, PyAny>, shape: Shape) -> PyResult<Selected> {
        if let Ok(text) = obj.cast::<PyString>() {
            let text = text_of::<SquareText>(text)?;
            let text = text.as_str();
            if let Some(letter) = text.strip_suffix('*') {
                return letter
                    .parse::<shogi_core::PieceKind>()
                    .ok()
                    .filter(|k| k.is_hand_kind())
                    .map(Selected::Hand)
                    .ok_or_else(|| {
                        InvalidSquareError::new_err(format!(
                            "'{text}' is no piece in hand (drops are written 'P*', 'L*', 'N*', 'S*', 'G*', 'B*', 'R*')"
                        ))
                    });
            }
        }
        square(obj, shape).map(Selected::Square).map_err(|e| {
            InvalidSquareError::new_err(format!(
                "{} (or a piece in hand like 'P*')",
                e.value(obj.py())
            ))
        })
    }
}

/// A color from `BLACK` (0) or `WHITE` (1) (any integer `operator.index`
/// takes).
pub fn color(obj: &Bound<'_, PyAny>) -> PyResult<Color> {
    let what = match index(obj) {
        Ok(Num::Exact(0)) => return Ok(Color::Black),
        Ok(Num::Exact(1)) => return Ok(Color::White),
        Ok(n) => n.to_string(),
        Err(_) => format!("a {}", type_name(obj)),
    };
    Err(ArgumentError::new_err(format!(
        "a color is BLACK (0) or WHITE (1), not {what}"
    )))
}

/// A hand as `{letter: count}`, only the kinds held.
pub fn hand<'py>(py: Python<'py>, hand: Hand) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (kind, n) in hand.iter() {
        if n > 0 {
            d.set_item(kind.base_letter().to_string(), n)?;
        }
    }
    Ok(d)
}

/// Squares of a bitboard as a sorted list of their numbers on `shape`'s
/// board (the bitboard's squares are on it).
pub fn squares(bb: shogi_core::Bitboard, shape: Shape) -> Vec<usize> {
    bb.into_iter().map(|s| shape.index(s)).collect()
}

/// Keyword settings as `(key, JSON text)` pairs for `settings_with`: each
/// value is written as JSON so that its Python type is kept (a string stays a
/// string, `None` is `null`).
pub fn overrides(settings: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let mut out = Vec::new();
    let Some(d) = settings else {
        return Ok(out);
    };
    for (k, v) in d.iter() {
        let key = Text::<SettingText>::read(&k)?;
        let value =
            to_json(&v).map_err(|msg| SettingError::new_err(format!("setting '{key}': {msg}")))?;
        out.push((key, value.to_string()));
    }
    Ok(out)
}

/// A Python value as JSON (None, bool, int, float, str, list, dict).
fn to_json(v: &Bound<'_, PyAny>) -> Result<Value, String> {
    if v.is_none() {
        Ok(Value::Null)
    } else if let Ok(b) = v.cast::<PyBool>() {
        Ok(Value::Bool(b.is_true()))
    } else if let Ok(n) = index(v) {
        // An int or a numpy integer.
        match n {
            Num::Exact(n) => i64::try_from(n)
                .map(Value::from)
                .or_else(|_| u64::try_from(n).map(Value::from))
                .map_err(|_| format!("{n} is out of any setting's range")),
            n => Err(format!("{n} is out of any setting's range")),
        }
    } else if let Ok(f) = v.cast::<PyFloat>() {
        Ok(Value::from(f.value()))
    } else if let Ok(s) = v.cast::<PyString>() {
        s.to_cow()
            .map(|t| Value::String(t.into_owned()))
            .map_err(|_| {
                format!(
                    "the value must be valid Unicode: '{}' holds a lone surrogate",
                    Excerpt(&escaped(s))
                )
            })
    } else if let Ok(d) = v.cast::<PyDict>() {
        // A nested setting (Card shogi's `capture_duty` as `settings` gives it back).
        let mut map = serde_json::Map::new();
        for (k, item) in d.iter() {
            let key = k
                .cast::<PyString>()
                .map_err(|_| "the keys of a nested setting are str".to_owned())?
                .to_string();
            map.insert(key, to_json(&item)?);
        }
        Ok(Value::Object(map))
    } else {
        Err(format!(
            "values are None, bool, int, float, str or a dict of them, not {}",
            v.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    }
}

/// JSON as Python objects.
pub fn from_json<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.into_pyobject(py)?.into_any(),
            None => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(a) => {
            let items = a
                .iter()
                .map(|x| from_json(py, x))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        Value::Object(o) => {
            let d = PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, from_json(py, x)?)?;
            }
            d.into_any()
        }
    })
}

/// A settings struct as a Python dict (the `variant` tag dropped).
pub fn settings_dict<'py, S: serde::Serialize>(
    py: Python<'py>,
    s: &S,
) -> PyResult<Bound<'py, PyAny>> {
    let mut v = serde_json::to_value(s).map_err(|e| SettingError::new_err(e.to_string()))?;
    if let Value::Object(o) = &mut v {
        o.remove("variant");
    }
    from_json(py, &v)
}

/// Keyword arguments, as Python source, for the settings that differ from
/// the defaults (for a `repr` that can be pasted back).
pub fn non_default_kwargs<S: serde::Serialize>(s: &S, default: &S) -> String {
    let (Ok(Value::Object(now)), Ok(Value::Object(base))) =
        (serde_json::to_value(s), serde_json::to_value(default))
    else {
        return String::new();
    };
    now.iter()
        .filter(|(k, v)| *k != "variant" && base.get(*k) != Some(*v))
        .map(|(k, v)| format!(", {k}={}", py_literal(v)))
        .collect()
}

/// A JSON value as a Python literal.
fn py_literal(v: &Value) -> String {
    match v {
        Value::Null => "None".to_owned(),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => py_str(s),
        Value::Array(a) => format!(
            "[{}]",
            a.iter().map(py_literal).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(o) => format!(
            "{{{}}}",
            o.iter()
                .map(|(k, v)| format!("{}: {}", py_str(k), py_literal(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A string as a single-quoted Python literal.
pub fn py_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// Pairs of owned strings as borrowed pairs.
pub fn borrowed(pairs: &[(String, String)]) -> Vec<(&str, &str)> {
    pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

/// An optional number of seconds, which must be positive and finite (and
/// within a `Duration`). Raises `SettingError` naming `what`.
pub fn positive_seconds(what: &str, seconds: Option<f64>) -> PyResult<Option<std::time::Duration>> {
    match seconds {
        Some(t) if t.is_finite() && t > 0.0 => std::time::Duration::try_from_secs_f64(t)
            .map(Some)
            .map_err(|_| {
                crate::errors::SettingError::new_err(format!(
                    "{what} must be positive seconds a clock can hold, not {t}"
                ))
            }),
        Some(t) => Err(crate::errors::SettingError::new_err(format!(
            "{what} must be positive seconds, not {t}"
        ))),
        None => Ok(None),
    }
}

/// `"lose"` or `"cpu"`, else `SettingError`.
pub fn over_time_of(text: &str) -> PyResult<shogi_players::OverTime> {
    match text {
        "lose" => Ok(shogi_players::OverTime::Lose),
        "cpu" => Ok(shogi_players::OverTime::CpuMoves),
        other => Err(crate::errors::SettingError::new_err(format!(
            "over_time is 'lose' or 'cpu', not '{}'",
            shogi_core::Excerpt(other)
        ))),
    }
}
