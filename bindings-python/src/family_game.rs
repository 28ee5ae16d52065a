//! `FamilyGame`'s own methods: a game of the shogi family, a definition
//! with pieces of its own (Rust's `shogi_variants::FamilyGame`). What every
//! game answers is `Game`'s (`game.rs`), which reads a family game's moves
//! with its definition's letters; here are the questions whose answers
//! name its pieces (`piece_at`, `hand`, `kinds`), its move stack, its
//! observation and its refusal of the records.

use crate::actions;
use crate::convert::{self, Int, SfenText, Text};
use crate::errors::{InvalidSfenError, SettingError};
use crate::game::{family_cannot, GameMut, GameRef, PyFamilyGame};
use crate::inspect;
use crate::mate::{self, PyMateReport};
use crate::moves::{family_move, family_move_object, family_move_objects, PyMove};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use pyo3::PyClassInitializer;
use shogi_core::family::FamilyPosition;
use shogi_core::Color;
use shogi_research::observation::{family_observation, ObservationShape};
use shogi_variants::{AnyGame, FamilyDefinition, FamilyGame, GameState};

/// A definition given to Python as text (a shipped name or TOML) or as a
/// dict of its fields (the TOML file's, `[[piece]]` as a list `piece` of
/// dicts): its text, which `FamilySettings.definition` holds.
fn definition_text(definition: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = definition.cast::<PyString>() {
        return convert::text_of::<convert::SettingText>(text);
    }
    if definition.cast::<PyDict>().is_err() {
        return Err(SettingError::new_err(format!(
            "definition is a shipped name, a definition's TOML text or a dict of its fields, not {}",
            convert::type_name(definition)
        )));
    }
    let json: String = definition
        .py()
        .import("json")?
        .call_method1("dumps", (definition,))
        .and_then(|s| s.extract())
        .map_err(|e| SettingError::new_err(format!("definition: {e}")))?;
    let parsed: FamilyDefinition = serde_json::from_str(&json).map_err(|e| {
        SettingError::new_err(format!(
            "bad value for setting 'definition': {}",
            shogi_core::Excerpt(&e.to_string())
        ))
    })?;
    Ok(parsed.to_toml().to_owned())
}

/// The family game of `definition` with the house rules `settings`.
fn family_game(
    definition: &Bound<'_, PyAny>,
    settings: Option<&Bound<'_, PyDict>>,
) -> PyResult<FamilyGame> {
    let text = definition_text(definition)?;
    let mut pairs = convert::overrides(settings)?;
    pairs.retain(|(key, _)| key != "definition");
    // A shipped definition by its name (its house rules alone), else the
    // kind `defined` with the text (given bare: the kind tells a family
    // definition by reading it).
    let name = match FamilyDefinition::builtin_text(&text) {
        Some(_) => text.as_str(),
        None if !text.contains('=') => return Err(not_family(&text)),
        None => {
            // Read here first: its errors are the family reader's (the
            // field and the reason), whatever the kind would make of it.
            FamilyDefinition::from_toml(&text).map_err(|e| {
                SettingError::new_err(format!("bad value for setting 'definition': {e}"))
            })?;
            pairs.push(("definition".to_owned(), text.clone()));
            shogi_variants::GameKind::Defined.name()
        }
    };
    let game = AnyGame::new(name, &convert::borrowed(&pairs), 0)
        .map_err(|e| SettingError::new_err(e.to_string()))?;
    match game {
        AnyGame::Family(g) => Ok(*g),
        _ => Err(not_family(&text)),
    }
}

/// `SettingError` for a definition that is not of the shogi family.
fn not_family(text: &str) -> PyErr {
    SettingError::new_err(format!(
        "'{}' is no definition of the shogi family (a shipped name: {}; or a definition's text \
         with pieces of its own): Board(variant=\"defined\", definition=...) plays a definition of \
         shogi's pieces",
        shogi_core::Excerpt(text),
        FamilyGame::builtin_names().join(", ")
    ))
}

/// `(kind name, count)` of `color`'s hand, only the kinds held.
fn hand_of(pos: &FamilyPosition, color: Color) -> Vec<(String, u8)> {
    let table = pos.table();
    (0..table.kind_count())
        .filter_map(|k| {
            let n = pos.hand_count(color, k);
            (n > 0).then(|| (table.name(k).unwrap_or_default().to_owned(), n))
        })
        .collect()
}

/// The observation's shape of `game`.
fn observation_shape(game: &FamilyGame) -> ObservationShape {
    let g = game.geometry();
    ObservationShape::family(g.files(), g.ranks(), game.definition().table.kind_count())
}

/// A text diagram for people: White's hand, the files' numbers, each rank
/// with its letter (a White piece after `v`, an empty square `.`), Black's
/// hand and who is to move.
fn diagram(game: &FamilyGame) -> String {
    let pos = game.position();
    let table = pos.table();
    let (files, ranks) = table.size();
    let hand = |c: Color| {
        let held: Vec<String> = hand_of(pos, c)
            .into_iter()
            .map(|(name, n)| if n > 1 { format!("{name} x{n}") } else { name })
            .collect();
        if held.is_empty() {
            "-".to_owned()
        } else {
            held.join(", ")
        }
    };
    let mut out = format!("White's hand: {}\n", hand(Color::White));
    for file in (1..=files).rev() {
        out.push_str(&format!(" {file:>2}"));
    }
    out.push('\n');
    for rank in 1..=ranks {
        for file in (1..=files).rev() {
            let piece = shogi_core::Square::new(file, rank).and_then(|sq| pos.piece_at(sq));
            let cell = match piece {
                Some((k, c)) => {
                    let side = if c == Color::White { "v" } else { " " };
                    format!("{side}{:<2}", table.token(k).unwrap_or_default())
                }
                None => "  .".to_owned(),
            };
            out.push_str(&cell);
        }
        out.push_str(&format!("  {}\n", char::from(b'a' + rank - 1)));
    }
    let mover = match pos.side_to_move() {
        Color::Black => "Black",
        Color::White => "White",
    };
    out.push_str(&format!(
        "Black's hand: {}\n{mover} to move, move {}",
        hand(Color::Black),
        pos.move_number()
    ));
    out
}

#[pymethods]
impl PyFamilyGame {
    #[new]
    #[pyo3(
        signature = (sfen = None, *, definition, dialect = None, **settings),
        text_signature = "(sfen=None, *, definition, dialect=None, **settings)"
    )]
    fn new(
        sfen: Option<Text<SfenText>>,
        definition: &Bound<'_, PyAny>,
        dialect: Option<&str>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyClassInitializer<Self>> {
        let dialect = crate::dialect::dialect(dialect)?;
        let game = family_game(definition, settings)?;
        let game = match sfen.as_deref() {
            None | Some("startpos") => game,
            Some(sfen) => family_from(game, sfen, dialect)?,
        };
        Ok(PyFamilyGame::init(game))
    }

    /// The names of the shipped family definitions (each also plays by its
    /// aliases): what ``FamilyGame(definition=...)`` and ``new_game`` take.
    #[staticmethod]
    fn builtin_names() -> Vec<&'static str> {
        FamilyGame::builtin_names().to_vec()
    }

    /// The definition's name (``"dobutsu"``).
    #[getter]
    fn name(this: GameRef<'_>) -> PyResult<String> {
        Ok(GameState::name(this.family()?).to_owned())
    }

    /// The definition as TOML text (the text it was read from; a shipped
    /// one's file).
    #[getter]
    fn definition(this: GameRef<'_>) -> PyResult<String> {
        Ok(this.family()?.definition().to_toml().to_owned())
    }

    /// The definition's kinds by name, in its index order (the order of
    /// the drop slots of the action space and of the observation's planes).
    #[getter]
    fn kinds(this: GameRef<'_>) -> PyResult<Vec<String>> {
        let table = &this.family()?.definition().table;
        Ok((0..table.kind_count())
            .filter_map(|k| table.name(k).map(str::to_owned))
            .collect())
    }

    /// The SFEN move number (1 at the start, +1 per move).
    #[getter]
    fn move_number(this: GameRef<'_>) -> PyResult<u32> {
        Ok(this.family()?.position().move_number())
    }

    /// The start position as SFEN, with the definition's letters.
    fn start_sfen(this: GameRef<'_>) -> PyResult<String> {
        Ok(GameState::start_sfen(this.family()?))
    }

    /// The same game from another start position, in SFEN with the
    /// definition's letters (Rust's ``FamilyGame::from_sfen``): a new
    /// ``FamilyGame`` of the same definition and house rules. Raises
    /// ``InvalidSfenError`` naming the field and the reason.
    #[pyo3(signature = (sfen, dialect = None))]
    fn from_sfen(
        this: GameRef<'_>,
        sfen: Text<SfenText>,
        dialect: Option<&str>,
    ) -> PyResult<Py<PyAny>> {
        let dialect = crate::dialect::dialect(dialect)?;
        let game = family_from(this.family()?.clone(), &sfen, dialect)?;
        crate::game::game_object(this.py(), AnyGame::Family(Box::new(game)))
    }

    /// The piece on a square: ``(kind name, colour)`` (``("lion",
    /// Color.BLACK)``), or ``None``. Raises ``InvalidSquareError`` off the board.
    fn piece_at<'py>(
        this: GameRef<'_>,
        py: Python<'py>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<Option<(String, Bound<'py, PyAny>)>> {
        let sq = convert::square(square, this.shape())?;
        inspect::family_piece(py, this.family()?.position(), sq)
    }

    /// ``color``'s pieces in hand by kind name (``{"chick": 1}``), only those held.
    fn hand<'py>(
        this: GameRef<'_>,
        py: Python<'py>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (name, n) in hand_of(this.family()?.position(), convert::color(color)?) {
            d.set_item(name, n)?;
        }
        Ok(d)
    }

    /// The legal move of USI text here, with the definition's letters
    /// (``"C*2b"``; ``"+S*3c"`` for kyoto's drop as the other face): a
    /// ``Move``. Raises ``InvalidMoveError`` for text that is no move of
    /// this board, ``IllegalMoveError`` for a move the rules forbid now.
    #[pyo3(signature = (usi, dialect = None))]
    fn parse_usi(
        this: GameRef<'_>,
        py: Python<'_>,
        usi: &Bound<'_, PyString>,
        dialect: Option<&str>,
    ) -> PyResult<Py<PyMove>> {
        let usi = &crate::dialect::usi_from(&this.game, usi, crate::dialect::dialect(dialect)?)?;
        let game = this.family()?;
        let mv = family_move(game, usi.as_any())?;
        if !game.legal_moves().contains(&mv) {
            let reason = match game.outcome() {
                Some(o) => format!("the game is over: {o}"),
                None => "the rules do not allow it here".to_owned(),
            };
            return Err(crate::errors::illegal_move(
                format!("{}: {reason}", game.usi(mv)),
                "not_allowed",
            ));
        }
        family_move_object(py, game, mv, this.shape())
    }

    /// The moves played since the start, oldest first, each written as
    /// it was played.
    #[getter]
    fn move_stack(this: GameRef<'_>, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        let game = this.family()?;
        let mut pos = game.start_position().clone();
        let shape = this.shape();
        let mut out = Vec::with_capacity(game.moves().len());
        for &mv in game.moves() {
            let letters = shogi_core::family::notation::to_usi(&pos, mv);
            out.push(Py::new(
                py,
                PyMove(mv, shape, crate::moves::Letters::of(&letters)),
            )?);
            pos.make(mv);
        }
        Ok(out)
    }

    /// The last move. Raises ``IndexError`` at the start.
    fn peek(this: GameRef<'_>, py: Python<'_>) -> PyResult<Py<PyMove>> {
        let stack = Self::move_stack(this, py)?;
        stack
            .into_iter()
            .last()
            .ok_or_else(|| PyIndexError::new_err("peek at a game with no moves"))
    }

    /// Takes back the last move and returns it. Raises ``IndexError`` at
    /// the start, ``GameOverError`` after a resignation (which is final).
    fn pop(mut this: GameMut<'_>, py: Python<'_>) -> PyResult<Py<PyMove>> {
        let shape = this.shape();
        let game = this.family_mut()?;
        let mv = GameState::undo(game).map_err(crate::errors::play_error)?;
        family_move_objects(py, game, &[mv], shape)?
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from a game with no moves"))
    }

    /// The position as a ``float32`` array ``(planes, ranks, files)`` seen
    /// by ``color`` (default: the side to move), the board turned for
    /// White: per kind of the definition (``kinds``' order) the viewer's
    /// pieces, the opponent's, then each side's hand counts, then the
    /// side to move and the repetition planes
    /// (``shogi_research::observation::family_observation``).
    #[pyo3(signature = (color = None))]
    fn observation_tensor<'py>(
        this: GameRef<'_>,
        py: Python<'py>,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let game = this.family()?;
        let viewer = actions::viewer(color, game.side_to_move())?;
        actions::observation_array(py, observation_shape(game), |out| {
            family_observation(game, viewer, out)
        })
    }

    /// ``(planes, ranks, files)`` of ``observation_tensor()``: ``4 *
    /// len(kinds) + 3`` planes.
    #[getter]
    fn observation_shape(this: GameRef<'_>) -> PyResult<(usize, usize, usize)> {
        Ok(actions::shape_tuple(observation_shape(this.family()?)))
    }

    /// Refused: KIF, KI2 and CSA hold only shogi's standard pieces. Raises
    /// ``ShogiError`` naming the variant; ``to_json()`` saves the game (its
    /// definition, start SFEN and USI moves with its letters).
    #[pyo3(signature = (*_args, **_kwargs))]
    fn record(
        this: GameRef<'_>,
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<()> {
        Err(family_cannot(
            GameState::name(this.family()?),
            "a record (KIF, KI2 and CSA hold only shogi's standard pieces)",
            "save it as its SFEN and USI moves with to_json() (a saved game), read back by shogi_variants.load",
        ))
    }

    /// Can the side to move force a win by giving check with every move?
    /// The exhaustive search of the shogi family (mate in 1, 3, 5, ...
    /// plies, the shortest, the defender holding out longest), by the
    /// definition's rules: where the royal piece is captured (dobutsu) a
    /// mate is a royal piece that cannot escape capture, and the line ends
    /// with its capture; a move that wins at once (a try) ends a line too.
    /// ``nodes``, ``time_ms`` and ``max_plies`` bound it (``"timeout"``
    /// when they run out); Ctrl-C stops it. A game over raises
    /// ``GameOverError``.
    #[pyo3(signature = (nodes = None, time_ms = None, max_plies = None))]
    fn mate(
        this: GameRef<'_>,
        py: Python<'_>,
        nodes: Option<Int<u64, convert::Nodes>>,
        time_ms: Option<Int<u64, convert::TimeMs>>,
        max_plies: Option<Int<u32, convert::MaxPlies>>,
    ) -> PyResult<PyMateReport> {
        let limits = mate::Limits::read(nodes, time_ms, max_plies, true)?;
        mate::run_family(py, this.family()?, this.shape(), limits)
    }

    /// A text diagram for people: the hands by kind name, the board with
    /// the definition's letters (White's after ``v``), who is to move.
    fn __str__(this: GameRef<'_>) -> PyResult<String> {
        Ok(diagram(this.family()?))
    }

    /// ``FamilyGame('<sfen>', definition='dobutsu')`` for a shipped
    /// definition (pasteable back); a definition of one's own is named by
    /// its name (its text is ``definition``).
    fn __repr__(this: GameRef<'_>) -> PyResult<String> {
        let game = this.family()?;
        let sfen = convert::py_str(&game.sfen());
        let settings = game.settings();
        let mut rules = String::new();
        if let Some(limit) = settings.move_limit {
            rules.push_str(&format!(", move_limit={limit}"));
        }
        Ok(
            match FamilyDefinition::builtin(&settings.definition).is_some() {
                true => format!(
                    "FamilyGame({sfen}, definition={}{rules})",
                    convert::py_str(&settings.definition)
                ),
                false => format!(
                    "<FamilyGame {sfen} of the definition {}{rules}>",
                    convert::py_str(GameState::name(game))
                ),
            },
        )
    }

    /// Whether ``other`` is a ``FamilyGame`` of the same definition and
    /// house rules at the same position.
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<PyFamilyGame>() else {
            return Ok(false);
        };
        let (this, o) = (GameRef::try_from(slf)?, GameRef::try_from(other)?);
        let (this, o) = (this.family()?, o.family()?);
        Ok(this.definition() == o.definition()
            && this.settings() == o.settings()
            && this.position() == o.position())
    }
}

/// The same game (definition, house rules) from a position written in
/// `dialect`. Raises `InvalidSfenError`.
fn family_from(
    game: FamilyGame,
    sfen: &str,
    dialect: shogi_variants::Dialect,
) -> PyResult<FamilyGame> {
    let sfen = if dialect == shogi_variants::Dialect::Usi {
        sfen.to_owned()
    } else {
        crate::dialect::sfen_from(&AnyGame::Family(Box::new(game.clone())), sfen, dialect)?
    };
    game.from_sfen(&sfen)
        .map_err(|e| InvalidSfenError::new_err(e.to_string()))
}
