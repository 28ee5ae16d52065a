//! `Game`: the one Python game type, over `shogi_variants::AnyGame`.
//!
//! Every game object is a `Game`: `Board`, `CardGame`, `TsuitateGame` and
//! `FamilyGame` are its subclasses (declared here, their own methods in
//! `board.rs`, `card.rs`, `tsuitate_game.rs` and `family_game.rs`), as python-chess's variant boards are
//! `chess.Board`s. The state lives here, once: the wrapped `AnyGame`, plus
//! the two things a `Board` keeps between calls for its research loops (the
//! listing of the legal moves and the `Move` objects pushed). A subclass
//! holds nothing; its methods borrow the game through [`GameRef`] and
//! [`GameMut`].
//!
//! The methods every game answers alike (the contract, inspection, squares,
//! SVG, saving) are written once below; a subclass overrides one only where
//! it differs by design (`push` returns a `Ruling` in Tsuitate, a board's
//! `copy` may drop the history, each class has its own `__repr__`).
//!
//! Layering: this module sits above the leaf helpers (conversion, actions,
//! pickling, pictures, the Tsuitate values and views) and below the
//! subclasses' modules and the features (records, mate, research, players,
//! saved games), which all import it and none of which it imports.

use crate::busy::{read, write};
use crate::contract;
use crate::convert::{self, SettingText, Shape, Text};
use crate::enums::ColorObj;
use crate::errors::{game_error, InvalidSfenError, SettingError, ShogiError};
use crate::inspect;
use crate::legal::{MoveSource, PyLegalMoves};
use crate::moves::{
    a_move_on, family_history, family_move, family_move_object, family_move_objects, move_object,
    PyMove, PyOutcome,
};
use crate::pickle;
use crate::pictures::{self, SvgOptions};
use crate::tsuitate::PyPlayerView;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use pyo3::PyClassInitializer;
use shogi_core::{Color, Game, GameError, Move, MoveList, Position, Variant};
use shogi_formats::diagram::Diagram;
use shogi_variants::{AnyGame, AnyVariant, CardGame, GameState, Referee, SavedGame, Seen};

/// A game: the base class of ``Board``, ``CardGame``, ``TsuitateGame`` and
/// ``FamilyGame``.
///
/// It holds the methods every game answers alike: the contract
/// (``to_move``, ``legal_moves``, ``chance_outcomes``, ``apply_chance``,
/// ``apply_action``, ``history``, ``seen``...), the questions about the
/// position (``piece_map``, ``attackers``, ``sfen``...), squares, actions,
/// saving (``to_json``, pickling, ``copy``) and pictures (``svg``).
/// ``isinstance(g, Game)`` holds for every game; games are made by their
/// own class (``Board(...)``) or by ``load``, not by ``Game`` itself.
#[pyclass(module = "shogi_variants", name = "Game", subclass)]
pub struct PyGame {
    /// The game.
    pub game: AnyGame,
    /// A board's legal moves of its current position, found once for the
    /// calls that ask about them (empty for the other games).
    listing: Listing,
    /// Per move of a board's game, the `Move` object it was pushed as (if
    /// it was pushed as one, numbered on this board): `pop` hands back that
    /// object, touched a moment ago, instead of looking the move up in the
    /// shared table of move objects (a cache miss per pop in a replay).
    pushed: Vec<Option<Py<PyMove>>>,
}

/// A game of a perfect-information variant: position, history, outcome.
///
/// ``Board(sfen=None, variant="standard", **settings)``. ``sfen`` is an SFEN
/// or ``"startpos"``/``None`` for the variant's start; settings are keyword
/// arguments with the Rust names and defaults.
#[pyclass(module = "shogi_variants", name = "Board", extends = PyGame, subclass)]
pub struct PyBoard;

/// Card shogi: a drawn card names the file to play on.
///
/// ``CardGame(sfen=None, *, seed=None, **settings)``: the arguments in the
/// order of ``Board`` and ``TsuitateGame`` (the SFEN first), the seed by
/// keyword only (no seed: a fresh one from the OS, kept in ``seed``), with
/// the settings ``copies_per_rank``, ``jokers``, ``file_rule``, ``no_move``,
/// ``check_exempt``, ``capture_duty``, ``move_limit``, ``base``.
#[pyclass(module = "shogi_variants", name = "CardGame", extends = PyGame, subclass)]
pub struct PyCardGame;

/// Tsuitate shogi: the referee's game. ``TsuitateGame(sfen=None, **settings)``
/// with ``foul_limit``, ``announce_fouls_to_both``, ``move_limit``, ``base``.
#[pyclass(module = "shogi_variants", name = "TsuitateGame", extends = PyGame, subclass)]
pub struct PyTsuitateGame;

/// A game of the shogi family: a definition with pieces of its own
/// (dobutsu, kyoto shogi... or a definition's TOML text), Rust's
/// ``shogi_variants::FamilyGame``.
///
/// ``FamilyGame(sfen=None, *, definition, **settings)``: the SFEN first as
/// in the other games (with the definition's letters; ``None`` or
/// ``"startpos"`` for its start), ``definition`` a shipped name or alias
/// (``FamilyGame.builtin_names()``), a definition's TOML text or a dict of
/// its fields, and the house rules ``move_limit``, ``repetition``,
/// ``stalemate``. Pieces are named as the definition names them
/// (``"lion"``, ``"chick"``), moves written with its letters (``"C*2b"``).
#[pyclass(module = "shogi_variants", name = "FamilyGame", extends = PyGame, subclass)]
pub struct PyFamilyGame;

impl Clone for PyGame {
    /// A copy of the game; a board's copy looks its moves up when popping them.
    fn clone(&self) -> PyGame {
        PyGame::new(self.game.clone())
    }
}

/// A game object borrowed to read for one call, whatever its class: the
/// receiver of the methods of `Game` and its subclasses
/// (`fn sfen(this: GameRef<'_>)`). As [`crate::busy::Read`]: a call that
/// finds the game being changed raises `BusyError`.
pub struct GameRef<'py>(PyRef<'py, PyGame>);

/// As [`GameRef`], borrowed to change.
pub struct GameMut<'py>(PyRefMut<'py, PyGame>);

impl<'py> TryFrom<&Bound<'py, PyGame>> for GameRef<'py> {
    type Error = PyErr;

    #[inline]
    fn try_from(obj: &Bound<'py, PyGame>) -> PyResult<Self> {
        read(obj).map(GameRef)
    }
}

impl<'py> TryFrom<&Bound<'py, PyGame>> for GameMut<'py> {
    type Error = PyErr;

    #[inline]
    fn try_from(obj: &Bound<'py, PyGame>) -> PyResult<Self> {
        write(obj).map(GameMut)
    }
}

/// A subclass's object borrowed as its `Game` part (`as_super`: no second
/// type check after the one PyO3 made for the method's receiver).
macro_rules! game_receiver {
    ($($class:ty),*) => {$(
        impl<'py> TryFrom<&Bound<'py, $class>> for GameRef<'py> {
            type Error = PyErr;

            #[inline]
            fn try_from(obj: &Bound<'py, $class>) -> PyResult<Self> {
                read(obj.as_super()).map(GameRef)
            }
        }

        impl<'py> TryFrom<&Bound<'py, $class>> for GameMut<'py> {
            type Error = PyErr;

            #[inline]
            fn try_from(obj: &Bound<'py, $class>) -> PyResult<Self> {
                write(obj.as_super()).map(GameMut)
            }
        }
    )*};
}

game_receiver!(PyBoard, PyCardGame, PyTsuitateGame, PyFamilyGame);

impl<'py> GameRef<'py> {
    /// The Python token of the call.
    #[inline]
    pub fn py(&self) -> Python<'py> {
        self.0.py()
    }
}

impl std::ops::Deref for GameRef<'_> {
    type Target = PyGame;

    #[inline]
    fn deref(&self) -> &PyGame {
        &self.0
    }
}

impl std::ops::Deref for GameMut<'_> {
    type Target = PyGame;

    #[inline]
    fn deref(&self) -> &PyGame {
        &self.0
    }
}

impl std::ops::DerefMut for GameMut<'_> {
    #[inline]
    fn deref_mut(&mut self) -> &mut PyGame {
        &mut self.0
    }
}

/// The variant of this name with these keyword settings.
pub fn variant(name: &str, settings: Option<&Bound<'_, PyDict>>) -> PyResult<AnyVariant> {
    let pairs = convert::overrides(settings)?;
    AnyVariant::with_named_settings(name, &convert::borrowed(&pairs)).map_err(|e| {
        // A board plays shogi's pieces: a shipped family definition, by
        // name or as `definition=`, is FamilyGame's.
        let definition: Option<String> = settings
            .and_then(|s| s.get_item("definition").ok().flatten())
            .and_then(|d| d.extract().ok());
        let family = [Some(name.to_owned()), definition]
            .into_iter()
            .flatten()
            .find(|n| shogi_variants::FamilyDefinition::builtin_text(n).is_some());
        SettingError::new_err(match family {
            Some(n) => format!(
                "{n} is a game of the shogi family (pieces of its own), which a Board does not \
                 play: new_game({q}) or FamilyGame(definition={q}) plays it",
                q = convert::py_str(&n)
            ),
            None => e.to_string(),
        })
    })
}

/// A game of `variant` from an SFEN (`None` or `"startpos"`: the start).
pub fn board_game(variant: AnyVariant, sfen: Option<&str>) -> PyResult<Game<AnyVariant>> {
    Game::from_sfen(variant, sfen.unwrap_or("startpos")).map_err(|e| match e {
        GameError::Position(p) => InvalidSfenError::new_err(p.to_string()),
        other => game_error(other),
    })
}

/// The Python object of a game: a `Board`, `CardGame`, `TsuitateGame` or
/// `FamilyGame`.
pub fn game_object(py: Python<'_>, game: AnyGame) -> PyResult<Py<PyAny>> {
    let init = |game| PyClassInitializer::from(PyGame::new(game));
    Ok(match game {
        g @ AnyGame::Board(_) => Py::new(py, init(g).add_subclass(PyBoard))?.into_any(),
        g @ AnyGame::Card(_) => Py::new(py, init(g).add_subclass(PyCardGame))?.into_any(),
        g @ AnyGame::Tsuitate(_) => Py::new(py, init(g).add_subclass(PyTsuitateGame))?.into_any(),
        g @ AnyGame::Family(_) => Py::new(py, init(g).add_subclass(PyFamilyGame))?.into_any(),
    })
}

/// `ShogiError` for what a game of the shogi family cannot do: `what` (a
/// question of shogi's own pieces, "an SVG picture") is named with the
/// variant, and `instead` says what to use.
#[cold]
pub fn family_cannot(name: &str, what: &str, instead: &str) -> PyErr {
    ShogiError::new_err(format!(
        "{name} is a game of the shogi family (pieces of its own): {what} is not available for it; {instead}"
    ))
}

/// A new `Board` over `game`.
pub fn board_object(py: Python<'_>, game: Game<AnyVariant>) -> PyResult<Bound<'_, PyBoard>> {
    Bound::new(py, PyBoard::init(game))
}

/// What a seat sees as a Python object: a `Board` copy (perfect
/// information), a `CardGame` copy, or the seat's `PlayerView` (Tsuitate).
pub fn seen_object(py: Python<'_>, seen: Seen<'_>) -> PyResult<Py<PyAny>> {
    Ok(match seen {
        Seen::Board(g) => game_object(py, AnyGame::Board(Box::new(g.clone())))?,
        Seen::Card(c) => game_object(py, AnyGame::Card(Box::new(c.clone())))?,
        Seen::Tsuitate(v) => Py::new(
            py,
            PyPlayerView {
                view: v.into_owned(),
            },
        )?
        .into_any(),
        Seen::Family(g) => game_object(py, AnyGame::Family(Box::new(g.clone())))?,
        // No game of this module sees a bare position; a game that did would
        // need a class for it.
        Seen::Position(_) => {
            return Err(ShogiError::new_err("this game's view has no Python class"))
        }
    })
}

impl PyBoard {
    /// The initializer of a `Board` over `game` (for `#[new]` and `Py::new`).
    pub fn init(game: Game<AnyVariant>) -> PyClassInitializer<PyBoard> {
        PyClassInitializer::from(PyGame::new(AnyGame::Board(Box::new(game)))).add_subclass(PyBoard)
    }
}

impl PyCardGame {
    /// The initializer of a `CardGame` over `game`.
    pub fn init(game: CardGame) -> PyClassInitializer<PyCardGame> {
        PyClassInitializer::from(PyGame::new(AnyGame::Card(Box::new(game))))
            .add_subclass(PyCardGame)
    }
}

impl PyFamilyGame {
    /// The initializer of a `FamilyGame` over `game`.
    pub fn init(game: shogi_variants::FamilyGame) -> PyClassInitializer<PyFamilyGame> {
        PyClassInitializer::from(PyGame::new(AnyGame::Family(Box::new(game))))
            .add_subclass(PyFamilyGame)
    }
}

impl PyTsuitateGame {
    /// The initializer of a `TsuitateGame` over `referee`.
    pub fn init(referee: Referee) -> PyClassInitializer<PyTsuitateGame> {
        PyClassInitializer::from(PyGame::new(AnyGame::Tsuitate(Box::new(referee))))
            .add_subclass(PyTsuitateGame)
    }
}

/// `ShogiError` for a method of one kind of game called on another (which
/// the classes prevent: a `Board` always holds a board's game).
#[cold]
fn not_a(kind: &str) -> PyErr {
    ShogiError::new_err(format!("this game is not a {kind}"))
}

impl PyGame {
    /// A game object's state over `game`.
    pub fn new(game: AnyGame) -> PyGame {
        let pushed = match &game {
            AnyGame::Board(g) => (0..g.moves().len()).map(|_| None).collect(),
            _ => Vec::new(),
        };
        PyGame {
            game,
            listing: Listing::default(),
            pushed,
        }
    }

    /// The board's game (`Board`'s own methods).
    #[inline]
    pub fn board(&self) -> PyResult<&Game<AnyVariant>> {
        match &self.game {
            AnyGame::Board(g) => Ok(g),
            _ => Err(not_a("Board")),
        }
    }

    /// The board's game, to change.
    #[inline]
    pub fn board_mut(&mut self) -> PyResult<&mut Game<AnyVariant>> {
        match &mut self.game {
            AnyGame::Board(g) => Ok(g),
            _ => Err(not_a("Board")),
        }
    }

    /// The card game (`CardGame`'s own methods).
    #[inline]
    pub fn card(&self) -> PyResult<&CardGame> {
        match &self.game {
            AnyGame::Card(g) => Ok(g),
            _ => Err(not_a("CardGame")),
        }
    }

    /// The card game, to change.
    #[inline]
    pub fn card_mut(&mut self) -> PyResult<&mut CardGame> {
        match &mut self.game {
            AnyGame::Card(g) => Ok(g),
            _ => Err(not_a("CardGame")),
        }
    }

    /// The referee (`TsuitateGame`'s own methods).
    #[inline]
    pub fn referee(&self) -> PyResult<&Referee> {
        match &self.game {
            AnyGame::Tsuitate(r) => Ok(r),
            _ => Err(not_a("TsuitateGame")),
        }
    }

    /// The referee, to change.
    #[inline]
    pub fn referee_mut(&mut self) -> PyResult<&mut Referee> {
        match &mut self.game {
            AnyGame::Tsuitate(r) => Ok(r),
            _ => Err(not_a("TsuitateGame")),
        }
    }

    /// The family game (`FamilyGame`'s own methods).
    #[inline]
    pub fn family(&self) -> PyResult<&shogi_variants::FamilyGame> {
        match &self.game {
            AnyGame::Family(g) => Ok(g),
            _ => Err(not_a("FamilyGame")),
        }
    }

    /// The family game, to change.
    #[inline]
    pub fn family_mut(&mut self) -> PyResult<&mut shogi_variants::FamilyGame> {
        match &mut self.game {
            AnyGame::Family(g) => Ok(g),
            _ => Err(not_a("FamilyGame")),
        }
    }

    /// The true position of shogi's pieces: the board's, the card game's,
    /// the referee's (hidden from Tsuitate's players). A family game's
    /// pieces are its definition's, which this type cannot hold: the
    /// questions asked of it raise `ShogiError` naming `what` was asked.
    #[inline]
    pub fn position_for(&self, what: &str) -> PyResult<&Position> {
        match &self.game {
            AnyGame::Board(g) => Ok(g.position()),
            AnyGame::Card(g) => Ok(g.position()),
            AnyGame::Tsuitate(r) => Ok(r.true_position()),
            AnyGame::Family(g) => Err(family_cannot(
                g.name(),
                what,
                "FamilyGame's piece_at, hand and piece_map name its pieces",
            )),
        }
    }

    /// The board's square numbering.
    #[inline]
    pub fn shape(&self) -> Shape {
        Shape::of(GameState::geometry(&self.game))
    }

    /// The game's fixed action space (a family game's: a drop slot per
    /// kind of its definition).
    #[inline]
    pub fn space(&self) -> shogi_research::action::ActionSpace {
        contract::space(&self.game)
    }

    /// Plays `mv`, keeping the game unchanged on refusal (a board: a move
    /// pushed from the kept listing needs no second legality test).
    #[inline]
    pub fn play(&mut self, mv: Move) -> PyResult<()> {
        match self.parts() {
            Ok(mut board) => board.play(mv),
            Err(game) => GameState::play(game, mv)
                .map(|_| ())
                .map_err(crate::errors::play_error),
        }
    }

    /// A board's game with its two caches, borrowed apart; the other games
    /// as they are.
    #[inline(always)]
    fn parts(&mut self) -> Result<BoardParts<'_>, &mut AnyGame> {
        match &mut self.game {
            AnyGame::Board(game) => Ok(BoardParts {
                game,
                listing: &mut self.listing,
                pushed: &mut self.pushed,
            }),
            other => Err(other),
        }
    }

    /// The body of `push`: plays `move`, a `Move` or USI text, if it is
    /// legal (`Board.push` is `direct`'s C method, over
    /// [`BoardParts::push_object`]).
    #[inline]
    pub fn push_object(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        match self.parts() {
            Ok(mut board) => board.push_object(r#move),
            Err(game) => {
                let mv = match &*game {
                    AnyGame::Family(g) => family_move(g, r#move)?,
                    other => a_move_on(r#move, GameState::geometry(other))?,
                };
                GameState::play(game, mv)
                    .map(|_| ())
                    .map_err(crate::errors::play_error)
            }
        }
    }

    /// A board's game with its two caches, for `Board.push` and
    /// `Board.pop` (`direct`): `ShogiError` for another game.
    #[inline(always)]
    pub fn board_parts(&mut self) -> PyResult<BoardParts<'_>> {
        match &mut self.game {
            AnyGame::Board(game) => Ok(BoardParts {
                game,
                listing: &mut self.listing,
                pushed: &mut self.pushed,
            }),
            _ => Err(not_a("Board")),
        }
    }

    /// Where a board's game stands: the ply and the position's hash
    /// (`None` for the other games, which keep no listing).
    #[inline]
    fn here(&self) -> Option<(usize, u64)> {
        match &self.game {
            AnyGame::Board(g) => Some((g.moves().len(), g.position().hash())),
            _ => None,
        }
    }

    /// The kept legal moves of a board, if they are the current position's.
    fn listed(&self) -> Option<&MoveList> {
        let here = self.here()?;
        (self.listing.of == Some(here)).then_some(&self.listing.moves)
    }

    /// A board's legal moves now (none once the game is over), kept for
    /// the calls that follow.
    fn listing(&mut self) -> PyResult<&MoveList> {
        let here = self.here();
        if self.listing.of != here {
            // Written in place: a move list is a large inline array, which
            // moving would copy.
            let AnyGame::Board(game) = &self.game else {
                return Err(not_a("Board"));
            };
            game.legal_moves_into(&mut self.listing.moves);
            self.listing.of = here;
            self.listing.next = 0;
        }
        Ok(&self.listing.moves)
    }

    /// Forgets a board's listing (an act that ends the game, an action).
    pub fn forget_listing(&mut self) {
        self.listing.of = None;
    }

    /// The picture of `svg(...)` with these options (`_repr_svg_`: none);
    /// `opened` is Tsuitate's (both players' boards).
    pub fn picture(&self, opts: SvgOptions<'_>, opened: Option<bool>) -> PyResult<String> {
        let lang = pictures::lang(opts.lang.as_ref())?;
        let g = GameState::geometry(&self.game);
        let legal = |sel| pictures::legal(&self.game, sel);
        let mut d = match &self.game {
            AnyGame::Board(game) => pictures::board_diagram(game),
            AnyGame::Card(game) => pictures::card_diagram(game, lang),
            AnyGame::Tsuitate(r) => {
                if opened.unwrap_or(r.outcome().is_some()) {
                    let mut boards = Vec::with_capacity(2);
                    for color in Color::ALL {
                        let mut d = Diagram::of_view(&r.view(color), lang);
                        let own_side = d.flipped;
                        opts.apply(&mut d, g, legal)?;
                        d.flipped = own_side;
                        boards.push(d);
                    }
                    return Ok(Diagram::side_by_side(&boards));
                }
                pictures::referee_diagram(r, lang)
            }
            AnyGame::Family(f) => pictures::family_diagram(f),
        };
        opts.apply(&mut d, g, legal)?;
        Ok(d.to_svg())
    }

    /// The outcome, or `None` while the game goes on.
    fn outcome_now(&self) -> Option<shogi_core::Outcome> {
        GameState::outcome(&self.game)
    }
}

/// A board's game and what the `Board` keeps between calls, borrowed
/// apart for its hot paths (push, pop): the code of a board of its own, one
/// match away from the `AnyGame`.
pub struct BoardParts<'a> {
    game: &'a mut Game<AnyVariant>,
    listing: &'a mut Listing,
    pushed: &'a mut Vec<Option<Py<PyMove>>>,
}

impl BoardParts<'_> {
    /// The board's square numbering.
    #[inline(always)]
    fn shape(&self) -> Shape {
        Shape::of(self.game.position().geometry())
    }

    /// Plays `mv`, keeping the board unchanged on refusal.
    #[inline]
    fn play(&mut self, mv: Move) -> PyResult<()> {
        let here = (self.game.moves().len(), self.game.position().hash());
        if self.listing.of == Some(here) && self.listing.find(mv) {
            self.game.play_unchecked(mv);
        } else {
            let played = self.game.play(mv).map_err(game_error);
            // A scripted variant's hook that raised: its exception, and
            // the board as it was (the hooks ran before the move was made).
            if crate::pending::is_pending() {
                if played.is_ok() {
                    self.game.undo();
                }
                crate::pending::raise_pending()?;
            }
            played?;
        }
        self.pushed.push(None);
        Ok(())
    }

    /// The body of `Board.push` (called by `direct`, which holds its
    /// docstring): plays `move`, a `Move` or USI text, if it is legal; a
    /// `Move` object is kept for `pop` to hand back.
    #[inline(always)]
    pub fn push_object(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(obj) = r#move.cast::<PyMove>() {
            let PyMove(mv, shape, _) = *obj.get();
            // A move numbered on this board's shape has its squares on it
            // (`Move` checks them when it is built with `board=`).
            if shape == self.shape() {
                self.play(mv)?;
                if let Some(last) = self.pushed.last_mut() {
                    *last = Some(obj.clone().unbind());
                }
                return Ok(());
            }
        }
        let mv = a_move_on(r#move, self.game.position().geometry())?;
        self.play(mv)
    }

    /// The body of `Board.pop` (called by `direct`, which holds its
    /// docstring): takes back the last move and returns it.
    #[inline(always)]
    pub fn pop_object(&mut self, py: Python<'_>) -> PyResult<Py<PyMove>> {
        if self.game.ended_by_act() {
            let why = self
                .game
                .outcome()
                .map_or_else(String::new, |o| format!(" ({o})"));
            return Err(crate::errors::GameOverError::new_err(format!(
                "the game was ended by a player{why}, which is final: pop() takes back moves only in a game still on; replay the moves into a new Board to explore"
            )));
        }
        match self.game.undo() {
            Some(mv) => {
                // A listing stays valid only while the history up to it is unchanged.
                if self
                    .listing
                    .of
                    .is_some_and(|(ply, _)| ply > self.game.moves().len())
                {
                    self.listing.of = None;
                }
                match self.pushed.pop().flatten() {
                    Some(obj) => Ok(obj),
                    None => move_object(py, mv, self.shape()),
                }
            }
            None => Err(PyIndexError::new_err("pop from a board with no moves")),
        }
    }
}

/// The legal moves of one position of a board's game, kept while the game
/// stays there: listing them, counting them, `is_game_over` and pushing one
/// of them share one generation (the loops research code writes:
/// `for m in board.legal_moves: push(m); ...; pop()`, and a playout's
/// `list(legal_moves)`, pick, `push`, `is_game_over()`), and a move pushed
/// from the list needs no second legality test.
#[derive(Clone, Default)]
struct Listing {
    /// The ply and position hash the moves belong to; `None` once stale.
    /// A listing is made with the history up to its ply: taking back a move
    /// before that ply, resigning or declaring makes it stale.
    of: Option<(usize, u64)>,
    moves: MoveList,
    /// Where the last move pushed from the list stood, plus one: the loop
    /// `for m in legal_moves: push(m); ...; pop()` pushes them in order, so
    /// the next one is found there without a search.
    next: usize,
}

impl Listing {
    /// Whether `mv` is among the moves (looked for first where the last
    /// push from the list left off).
    #[inline]
    fn find(&mut self, mv: Move) -> bool {
        let at = if self.moves.get(self.next) == Some(&mv) {
            Some(self.next)
        } else {
            self.moves.iter().position(|&m| m == mv)
        };
        if let Some(i) = at {
            self.next = i + 1;
        }
        at.is_some()
    }
}

/// `f` of `game`'s legal moves now (none once the game is over) and its
/// square numbering. A board's: the kept listing, made if stale; while
/// another call reads the board (a `perft` running on another thread), a
/// fresh list that is not kept. The other games': their contract's.
pub fn with_legal_moves<R>(
    game: &Bound<'_, PyGame>,
    f: impl FnOnce(&MoveList, Shape) -> R,
) -> PyResult<R> {
    if let Ok(mut g) = game.try_borrow_mut() {
        let shape = g.shape();
        if matches!(g.game, AnyGame::Board(_)) {
            g.listing()?;
            if crate::pending::is_pending() {
                // A scripted variant's hook raised: the list is not kept.
                g.listing.of = None;
                crate::pending::raise_pending()?;
            }
            return Ok(f(&g.listing.moves, shape));
        }
        return Ok(f(&GameState::legal_moves(&g.game), shape));
    }
    let g = read(game)?;
    Ok(match g.listed() {
        Some(moves) => f(moves, g.shape()),
        None => {
            let moves = GameState::legal_moves(&g.game);
            crate::pending::raise_pending()?;
            f(&moves, g.shape())
        }
    })
}

/// `board(moves)` of a board's legal moves now (its kept listing), or
/// `other(game)` for the other games: one borrow for the loop of a playout
/// (`is_game_over()` after every push).
fn game_over_by(
    game: &Bound<'_, PyGame>,
    board: impl FnOnce(&MoveList) -> bool,
    other: impl FnOnce(&PyGame) -> bool,
) -> PyResult<bool> {
    if let Ok(mut g) = game.try_borrow_mut() {
        if !matches!(g.game, AnyGame::Board(_)) {
            return Ok(other(&g));
        }
        g.listing()?;
        if crate::pending::is_pending() {
            // A scripted variant's hook raised: the list is not kept.
            g.listing.of = None;
            crate::pending::raise_pending()?;
        }
        return Ok(board(&g.listing.moves));
    }
    let g = read(game)?;
    if !matches!(g.game, AnyGame::Board(_)) {
        return Ok(other(&g));
    }
    Ok(match g.listed() {
        Some(moves) => board(moves),
        None => {
            let moves = GameState::legal_moves(&g.game);
            crate::pending::raise_pending()?;
            board(&moves)
        }
    })
}

/// `owner` as a `Game`: a `Board` by its exact type first (one pointer
/// comparison, where a check against the base class walks the MRO), for
/// the loops that ask a board for its moves at every node.
#[inline(always)]
fn game_of<'a, 'py>(owner: &'a Bound<'py, PyAny>) -> PyResult<&'a Bound<'py, PyGame>> {
    if let Ok(board) = owner.cast_exact::<PyBoard>() {
        return Ok(board.as_super());
    }
    Ok(owner.cast::<PyGame>()?)
}

/// The lazy `LegalMoves` of `game` (a `Game` object).
pub fn legal_moves_of(game: Bound<'_, PyAny>) -> PyLegalMoves {
    PyLegalMoves::new(game.unbind(), &GameMoves)
}

/// `is_game_over()`: a board's game is over exactly when it allows no
/// move; the others' when they have an outcome.
#[inline]
pub fn board_is_over(game: &Bound<'_, PyGame>) -> PyResult<bool> {
    game_over_by(
        game,
        |moves| moves.is_empty(),
        |g| g.outcome_now().is_some(),
    )
}

/// A game's moves for `LegalMoves`: a board's legal moves (iteration
/// remembers them for [`PyGame::play`]'s fast path), the moves a drawn card
/// allows, the Tsuitate side to move's candidate attempts.
struct GameMoves;

impl MoveSource for GameMoves {
    fn list(&self, owner: &Bound<'_, PyAny>) -> PyResult<MoveList> {
        with_legal_moves(game_of(owner)?, |moves, _| moves.clone())
    }

    fn objects<'py>(&self, owner: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let py = owner.py();
        let game = game_of(owner)?;
        if let Some(texts) = family_objects(py, game)? {
            return PyList::new(py, texts);
        }
        with_legal_moves(game, |moves, shape| {
            PyList::new(py, crate::moves::move_objects(py, moves, shape)?)
        })?
    }

    fn count(&self, owner: &Bound<'_, PyAny>) -> PyResult<usize> {
        // Counting alone is faster than listing (bulk counts at the last ply
        // of a search): the listing is used if it is there, not made.
        let g = read(game_of(owner)?)?;
        let n = match (g.listed(), &g.game) {
            (Some(moves), _) => moves.len(),
            (None, AnyGame::Board(game)) => game.count_legal_moves(),
            (None, other) => GameState::legal_moves(other).len(),
        };
        crate::pending::raise_pending()?;
        Ok(n)
    }

    fn read_move(&self, owner: &Bound<'_, PyAny>, obj: &Bound<'_, PyAny>) -> PyResult<Move> {
        let g = read(game_of(owner)?)?;
        match &g.game {
            AnyGame::Family(f) => family_move(f, obj),
            _ => crate::moves::a_move(obj),
        }
    }

    fn usi(&self, owner: &Bound<'_, PyAny>, moves: &[Move]) -> PyResult<Vec<String>> {
        let g = read(game_of(owner)?)?;
        Ok(match &g.game {
            AnyGame::Family(f) => moves.iter().map(|&m| f.usi(m)).collect(),
            _ => moves.iter().map(ToString::to_string).collect(),
        })
    }

    fn contains(&self, owner: &Bound<'_, PyAny>, mv: Move) -> PyResult<bool> {
        let g = read(game_of(owner)?)?;
        let legal = match &g.game {
            AnyGame::Board(game) => game.is_legal(mv),
            other => GameState::legal_moves(other).contains(&mv),
        };
        crate::pending::raise_pending()?;
        Ok(legal)
    }

    fn shape(&self, owner: &Bound<'_, PyAny>) -> PyResult<Shape> {
        Ok(read(game_of(owner)?)?.shape())
    }
}

/// A family game's legal moves as `Move` objects with its letters; `None`
/// for the other games.
fn family_objects(py: Python<'_>, game: &Bound<'_, PyGame>) -> PyResult<Option<Vec<Py<PyMove>>>> {
    let g = read(game)?;
    match &g.game {
        AnyGame::Family(f) => {
            let moves = GameState::legal_moves(&**f);
            Ok(Some(family_move_objects(py, f, &moves, g.shape())?))
        }
        _ => Ok(None),
    }
}

#[pymethods]
impl PyGame {
    /// The settings, defaults included.
    #[getter]
    fn settings<'py>(this: GameRef<'_>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &this.game {
            AnyGame::Board(g) => convert::settings_dict(py, &g.variant().settings()),
            AnyGame::Card(g) => convert::settings_dict(py, g.settings()),
            AnyGame::Tsuitate(r) => convert::settings_dict(py, r.settings()),
            AnyGame::Family(g) => convert::settings_dict(py, g.settings()),
        }
    }

    /// The side to move: ``Color.BLACK`` (== 0) or ``Color.WHITE`` (== 1).
    #[getter]
    fn turn(this: GameRef<'_>) -> ColorObj {
        ColorObj(GameState::side_to_move(&this.game))
    }

    /// Files of the board.
    #[getter]
    fn files(this: GameRef<'_>) -> u8 {
        this.shape().files()
    }

    /// Ranks of the board.
    #[getter]
    fn ranks(this: GameRef<'_>) -> u8 {
        this.shape().ranks()
    }

    /// The square on ``file`` and ``rank`` (1-based) of this board:
    /// ``(file - 1) * ranks + (rank - 1)``. Raises ``InvalidSquareError`` off the board.
    fn square(
        this: GameRef<'_>,
        file: &Bound<'_, PyAny>,
        rank: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        this.shape().at(file, rank)
    }

    /// The file (1..) of a square of this board (number or USI name).
    fn square_file(this: GameRef<'_>, square: &Bound<'_, PyAny>) -> PyResult<u8> {
        convert::square_file(square, this.shape())
    }

    /// The rank (1.., 1 is ``a``) of a square of this board (number or USI name).
    fn square_rank(this: GameRef<'_>, square: &Bound<'_, PyAny>) -> PyResult<u8> {
        convert::square_rank(square, this.shape())
    }

    /// The USI name of a square of this board (``"5e"``).
    fn square_name(this: GameRef<'_>, square: &Bound<'_, PyAny>) -> PyResult<String> {
        convert::square_name(square, this.shape())
    }

    /// The number on this board of a square's USI name (a number is checked and returned).
    fn parse_square(this: GameRef<'_>, name: &Bound<'_, PyAny>) -> PyResult<usize> {
        convert::parse_square(name, this.shape())
    }

    /// Whether the side to move is in check (on the referee's true board in Tsuitate).
    fn is_check(this: GameRef<'_>) -> PyResult<bool> {
        if let AnyGame::Family(g) = &this.game {
            return Ok(g.position().is_check());
        }
        Ok(this.position_for("is_check")?.is_check())
    }

    /// Every piece on the board: ``{square index: piece}``, the piece as
    /// ``piece_at`` writes it (``"P"``, ``"+r"``; a ``FamilyGame``'s
    /// ``(kind name, colour)``), squares ascending (the referee's true
    /// position in Tsuitate).
    fn piece_map<'py>(this: GameRef<'_>, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        if let AnyGame::Family(g) = &this.game {
            return inspect::family_piece_map(py, g.position(), this.shape());
        }
        inspect::piece_map(py, this.position_for("piece_map")?)
    }

    /// The squares of ``color``'s pieces of exactly ``kind``, ascending.
    /// ``kind`` is a piece letter as SFEN writes it (``"P"``, ``"+R"``; its
    /// case is ignored, the colour is the ``color`` argument); a promoted
    /// kind is its own (``pieces("P", BLACK)`` has no tokins). Raises
    /// ``ArgumentError`` for text that is no piece, or a bad colour.
    fn pieces(
        this: GameRef<'_>,
        kind: Text<convert::MoveText>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<usize>> {
        if let AnyGame::Family(g) = &this.game {
            return inspect::family_pieces(g.position(), this.shape(), &kind, color);
        }
        inspect::pieces(this.position_for("pieces")?, &kind, color)
    }

    /// The squares of ``color``'s pieces that attack ``square``, ascending,
    /// as python-chess counts them: every piece that could move there or
    /// capture there if an enemy stood on it, pinned pieces included, and
    /// whatever stands on ``square`` itself does not matter. Raises
    /// ``InvalidSquareError``/``ArgumentError`` for a bad square or colour.
    fn attackers(
        this: GameRef<'_>,
        color: &Bound<'_, PyAny>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<usize>> {
        inspect::attackers(this.position_for("attackers")?, color, square)
    }

    /// Whether any of ``color``'s pieces attacks ``square`` (see ``attackers``).
    fn is_attacked_by(
        this: GameRef<'_>,
        color: &Bound<'_, PyAny>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        inspect::is_attacked_by(this.position_for("is_attacked_by")?, color, square)
    }

    /// The squares of the enemy pieces giving check to the side to move,
    /// ascending (two in a double check, none when not in check).
    fn checkers(this: GameRef<'_>) -> PyResult<Vec<usize>> {
        Ok(inspect::checkers(this.position_for("checkers")?))
    }

    /// The square of ``color``'s king, or ``None`` when it has none (a
    /// position set up without one); in a ``FamilyGame``, its royal piece
    /// (the lowest square if it has several).
    fn king(this: GameRef<'_>, color: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        if let AnyGame::Family(g) = &this.game {
            return inspect::family_king(g.position(), this.shape(), color);
        }
        inspect::king(this.position_for("king")?, color)
    }

    /// The position's 64-bit Zobrist hash (board, both hands with their
    /// counts, side to move; not the move number): equal positions have
    /// equal hashes, and it is what repetition is detected by.
    fn zobrist_hash(this: GameRef<'_>) -> PyResult<u64> {
        if let AnyGame::Family(g) = &this.game {
            return Ok(g.position().hash());
        }
        Ok(this.position_for("zobrist_hash")?.hash())
    }

    /// The position as a BOD diagram (局面図), the kanji board KIF files
    /// and cshogi's ``to_bod()`` show: White's hand, the board with file
    /// numbers ``９``..``１`` on top and ranks ``一``..``九`` on the right
    /// (``v`` before White's pieces), Black's hand, then ``手数＝N`` after
    /// the first move and ``後手番`` when White is to move. Ends with a
    /// newline; ``Record.read`` of a KIF with it reads the position back.
    fn bod(this: GameRef<'_>) -> PyResult<String> {
        let pos = this.position_for("a BOD diagram (shogi's pieces only)")?;
        Ok(inspect::bod(pos))
    }

    /// A text diagram for people: White's hand, the file numbers on top,
    /// the ranks' letters on the right, Black's hand, who is to move and
    /// the move number (``shogi_formats::diagram::text::labelled``).
    fn __str__(this: GameRef<'_>) -> PyResult<String> {
        if let AnyGame::Family(g) = &this.game {
            return Ok(g.sfen());
        }
        Ok(shogi_formats::diagram::text::labelled(
            this.position_for("a text diagram")?,
        ))
    }

    /// The current position as SFEN (in Tsuitate the referee's true
    /// position, hidden from players during play; ``seen(color).sfen()`` is
    /// what a player sees). ``dialect``: ``"usi"`` (ours, the default),
    /// ``"lishogi"`` (shogiops' letters) or ``"fairy-stockfish"`` (its FEN:
    /// hands in brackets, ``w`` for the first player), Rust's
    /// ``AnyGame::sfen_in``.
    #[pyo3(signature = (dialect = None))]
    fn sfen(this: GameRef<'_>, dialect: Option<&str>) -> PyResult<String> {
        let dialect = crate::dialect::dialect(dialect)?;
        Ok(this.game.sfen_in(dialect))
    }

    /// A move (``Move`` or USI text) written in ``dialect`` as played from
    /// the position now (Rust's ``AnyGame::usi_in``): ours by default,
    /// kyoto's flip back ``-``; lishogi's ``+`` and kyoto letters ``T*3c``.
    /// Raises ``InvalidMoveError`` for text that is no move of this board.
    #[pyo3(signature = (r#move, dialect = None))]
    fn usi(
        this: GameRef<'_>,
        r#move: &Bound<'_, PyAny>,
        dialect: Option<&str>,
    ) -> PyResult<String> {
        let dialect = crate::dialect::dialect(dialect)?;
        let mv = match &this.game {
            AnyGame::Family(g) => crate::moves::family_move(g, r#move)?,
            game => a_move_on(r#move, GameState::geometry(game))?,
        };
        Ok(this.game.usi_in(mv, dialect))
    }

    /// The variant's name in ``dialect``'s program (``"shogi"`` for
    /// standard shogi in ``"fairy-stockfish"``), or ``None`` where it has
    /// none: Rust's ``AnyGame::variant_name_in``.
    fn variant_name_in(this: GameRef<'_>, dialect: &str) -> PyResult<Option<String>> {
        let dialect = crate::dialect::dialect(Some(dialect))?;
        Ok(this.game.variant_name_in(dialect))
    }

    /// Who acts now (the contract's ``to_move``): ``BLACK``/``WHITE``,
    /// ``"chance"`` at a chance step (a card to draw), ``None`` once the
    /// game is over.
    fn to_move<'py>(this: GameRef<'_>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        contract::to_move(py, &this.game)
    }

    /// Whether a chance step is due (a card to draw; never on a board nor in Tsuitate).
    fn is_chance_node(this: GameRef<'_>) -> bool {
        GameState::is_chance_node(&this.game)
    }

    /// At a chance step: each outcome's id (a card: ``JOKER`` = 0, ranks
    /// 1..9) and its exact probability, a ``fractions.Fraction``; empty
    /// otherwise.
    fn chance_outcomes<'py>(
        this: GameRef<'_>,
        py: Python<'py>,
    ) -> PyResult<Vec<(u16, Bound<'py, PyAny>)>> {
        contract::chance_outcomes(py, &this.game)
    }

    /// Chooses a chance step's outcome by its id (search over chance
    /// nodes). Raises ``ChanceError`` for one that cannot come now (in a
    /// game with no chance steps, any), ``GameOverError`` once over.
    fn apply_chance(mut this: GameMut<'_>, id: &Bound<'_, PyAny>) -> PyResult<()> {
        contract::apply_chance(&mut this.game, id)
    }

    /// Resolves a chance step with the game's own seeded generator (so a
    /// game replays, and a saved game resumes, with the same cards);
    /// returns the outcome's id. Raises ``ChanceError`` in a game with no
    /// chance steps (``GameOverError`` once over).
    fn chance_step(mut this: GameMut<'_>) -> PyResult<u16> {
        contract::chance_step(&mut this.game)
    }

    /// Plays one action written as ``history()`` writes it (a USI move, or
    /// ``"chance:ID"``) and returns ``(verdict, (told_black, told_white))``:
    /// the verdict (``"played"``, ``"foul"``; ``None`` for a chance outcome)
    /// and what each seat was told by it, as text (the referee's
    /// announcements in Tsuitate, ``"card:5"`` for a card drawn, nothing in
    /// the open games): what a server sends each seat's connection.
    fn apply_action(
        mut this: GameMut<'_>,
        action: Text<convert::MoveText>,
    ) -> PyResult<contract::Report> {
        this.forget_listing();
        if let AnyGame::Family(g) = &mut this.game {
            // Its moves are written with the definition's letters.
            g.play_usi(&action).map_err(crate::errors::play_error)?;
            return Ok((
                Some(shogi_variants::Verdict::Played.name()),
                (Vec::new(), Vec::new()),
            ));
        }
        let report = contract::apply_action(&mut this.game, &action)?;
        if let AnyGame::Board(g) = &this.game {
            let n = g.moves().len();
            this.pushed.resize_with(n, || None);
        }
        Ok(report)
    }

    /// The most player actions a whole game can hold under its rules,
    /// counted from its start (moves; in Tsuitate attempts, fouls
    /// included): OpenSpiel's ``max_game_length``. ``None`` when the rules
    /// set no bound (a board game without a ``move_limit``). Tsuitate:
    /// ``move_limit + 2 * foul_limit - 1``.
    fn max_length(this: GameRef<'_>) -> Option<u32> {
        GameState::max_length(&this.game)
    }

    /// The most chance steps a whole game can hold under its rules (Card
    /// shogi's draws: one per turn of the move limit, a whole deck per turn
    /// with ``no_move="draw_again"``): OpenSpiel's
    /// ``max_chance_nodes_in_history``. ``0`` for a game without chance,
    /// ``None`` when nothing bounds them (Card shogi without a move limit).
    fn max_chance_steps(this: GameRef<'_>) -> Option<u32> {
        GameState::max_chance_steps(&this.game)
    }

    /// Every action so far as text, oldest first: the moves in USI (in
    /// Tsuitate every attempt, fouls included) and ``"chance:ID"`` for each
    /// card drawn.
    fn history(this: GameRef<'_>) -> Vec<String> {
        match &this.game {
            AnyGame::Family(g) => family_history(g),
            other => contract::history(other),
        }
    }

    /// ``color`` resigns (the side to move if ``None``), on either side's
    /// turn or at a chance step: a player may resign at any time.
    /// ``GameOverError`` once over; ``to_json()`` keeps the resignation.
    #[pyo3(signature = (color = None))]
    fn resign(mut this: GameMut<'_>, color: Option<&Bound<'_, PyAny>>) -> PyResult<PyOutcome> {
        this.forget_listing();
        contract::resign(&mut this.game, color)
    }

    /// What ``color`` sees: a copy of the game in the open games (a
    /// ``Board``, a ``CardGame``), the seat's ``PlayerView`` in Tsuitate.
    fn seen(this: GameRef<'_>, py: Python<'_>, color: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let seat = convert::color(color)?;
        seen_object(py, GameState::seen(&this.game, seat))
    }

    /// The legal moves (none once the game is over), generated when used:
    /// a board's legal moves, the moves a drawn card allows (none at a
    /// draw), the Tsuitate side to move's candidate attempts (legal on
    /// their own board; the referee judges them).
    #[getter]
    fn legal_moves(slf: Bound<'_, Self>) -> PyLegalMoves {
        PyLegalMoves::new(slf.into_any().unbind(), &GameMoves)
    }

    /// Plays a USI move (written in ``dialect``, ours by default); returns
    /// it (Tsuitate: the ``Ruling``).
    #[pyo3(signature = (usi, dialect = None))]
    fn push_usi(
        mut this: GameMut<'_>,
        py: Python<'_>,
        usi: &Bound<'_, pyo3::types::PyString>,
        dialect: Option<&str>,
    ) -> PyResult<Py<PyMove>> {
        let usi = &crate::dialect::usi_from(&this.game, usi, crate::dialect::dialect(dialect)?)?;
        if let AnyGame::Family(g) = &this.game {
            let mv = family_move(g, usi.as_any())?;
            let obj = family_move_object(py, g, mv, this.shape())?;
            this.play(mv)?;
            return Ok(obj);
        }
        let mv = a_move_on(usi.as_any(), GameState::geometry(&this.game))?;
        this.play(mv)?;
        move_object(py, mv, this.shape())
    }

    /// Plays a legal move (in a card game, one the card allows). Raises
    /// ``IllegalMoveError`` (also at a draw) or ``GameOverError``; the
    /// game is then unchanged.
    fn push(mut this: GameMut<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        this.push_object(r#move)
    }

    /// The number of actions of this board's fixed action space (13,689 on
    /// 9×9, 1,425 on 5×5; layout in ``shogi_research::action``).
    #[getter]
    fn num_actions(this: GameRef<'_>) -> u32 {
        this.space().size()
    }

    /// The legal moves as actions, ascending.
    fn legal_actions(this: GameRef<'_>) -> Vec<u32> {
        contract::legal_actions(&this.game)
    }

    /// A numpy ``bool`` array of ``(num_actions,)``, true where the action
    /// is legal now: ``game.action_mask().sum() == len(game.legal_moves)``,
    /// the dtype and layout of a row of ``SelfPlay.action_masks``. Without
    /// numpy it raises ``MissingExtraError`` naming the extra.
    fn action_mask<'py>(this: GameRef<'_>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        contract::action_mask(py, &this.game)
    }

    /// The action of a move on this board. Raises ``InvalidMoveError`` if it does not fit the board.
    fn action(this: GameRef<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<u32> {
        if let AnyGame::Family(g) = &this.game {
            let mv = family_move(g, r#move)?;
            return this.space().encode(mv).ok_or_else(|| {
                crate::errors::InvalidMoveError::new_err(format!(
                    "{} does not fit this board",
                    g.usi(mv)
                ))
            });
        }
        crate::actions::action_of(this.space(), r#move)
    }

    /// The move of an action. Raises ``InvalidMoveError`` for a number outside the space.
    fn move_of(
        this: GameRef<'_>,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyMove>> {
        let mv = crate::actions::move_of_action(py, this.space(), this.shape(), action)?;
        match &this.game {
            AnyGame::Family(g) => family_move_object(py, g, mv.get().0, this.shape()),
            _ => Ok(mv),
        }
    }

    /// "Show legal squares": where the side to move's piece on a square may
    /// go, or (``"P*"``) where a piece in hand may be dropped; under a card,
    /// the squares it allows; in Tsuitate, the candidate destinations on
    /// the mover's own board.
    fn legal_squares(this: GameRef<'_>, square_or_drop: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        if let (AnyGame::Family(g), Ok(text)) = (&this.game, square_or_drop.cast::<PyString>()) {
            // A piece in hand by the definition's letter ("C*") or name ("chick*").
            if let Some(kind) = text.to_cow()?.strip_suffix('*') {
                let k = inspect::family_kind(g.position(), kind)?;
                return Ok(convert::squares(g.legal_drop_squares_of(k), this.shape()));
            }
        }
        contract::legal_squares(&this.game, square_or_drop)
    }

    /// Whether the game is over.
    fn is_game_over(slf: &Bound<'_, Self>) -> PyResult<bool> {
        board_is_over(slf)
    }

    /// The outcome under the game's rules, or ``None`` while the game goes on.
    fn outcome(slf: &Bound<'_, Self>) -> PyResult<Option<PyOutcome>> {
        let on = game_over_by(slf, |moves| !moves.is_empty(), |_| false)?;
        Ok(match on {
            true => None,
            false => read(slf)?.outcome_now().map(PyOutcome),
        })
    }

    /// The game as a saved-game JSON document (a card game's seed, cards
    /// and generator; the referee's every attempt): ``shogi_variants.load``
    /// reads it back.
    fn to_json(this: GameRef<'_>) -> String {
        SavedGame::of(&this.game).to_json()
    }

    /// Pickles through the saved-game JSON.
    fn __reduce__<'py>(
        this: GameRef<'_>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        pickle::reduce(py, SavedGame::of(&this.game))
    }

    /// An independent copy (a card game's generator included).
    fn copy(this: GameRef<'_>, py: Python<'_>) -> PyResult<Py<PyAny>> {
        game_object(py, this.game.clone())
    }

    fn __copy__(this: GameRef<'_>, py: Python<'_>) -> PyResult<Py<PyAny>> {
        game_object(py, this.game.clone())
    }

    fn __deepcopy__(
        this: GameRef<'_>,
        py: Python<'_>,
        _memo: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        game_object(py, this.game.clone())
    }

    /// The game as SVG for Jupyter: ``svg()``, with the module's defaults
    /// (``set_diagram_defaults``).
    fn _repr_svg_(this: GameRef<'_>) -> PyResult<String> {
        this.picture(SvgOptions::default(), None)
    }

    /// The board as SVG: both hands, the last move, check, and the result
    /// once the game is over (then no side is marked to move); a card
    /// game's drawn card under it, drawn as a card, and its file tinted.
    ///
    /// The options (every game and view takes the same): ``flipped`` (White
    /// at the bottom; by default a player's view is seen from its owner's
    /// side, everything else from Black's), ``highlight`` (squares: green dots
    /// and frames), ``size`` (width in pixels, 64..=4096), ``selected`` (a
    /// square, or ``"P*"`` for a piece in hand: framed in blue, its legal
    /// squares ringed in blue), ``arrows`` (``(from, to)`` squares or moves; a
    /// drop is a ring), ``marks`` (``(square, text)``, 1..=4 characters, such
    /// as ``"?"``), ``lang`` (``"ja"``, the default, or ``"en"``: players,
    /// empty hands, result, captions) and ``pieces`` (``"kanji"``, the
    /// default, or ``"latin"``: ``P``, ``+R``... for machines without CJK
    /// fonts) and ``font`` (a font family, a comma-separated list or a list
    /// of them, put before the built-in Japanese fonts: cairosvg, which
    /// takes only the first family, then draws with it; a name is letters,
    /// digits, spaces and ``- _ . +``, anything else, such as a quote, ``<``
    /// or ``;``, is refused). A bad square raises ``InvalidSquareError``, a
    /// bad move ``InvalidMoveError``, a bad value ``SettingError``.
    #[pyo3(signature = (flipped = None, highlight = Vec::new(), *, size = None, selected = None, arrows = Vec::new(), marks = Vec::new(), lang = None, pieces = None, font = None))]
    #[allow(clippy::too_many_arguments)]
    fn svg<'py>(
        this: GameRef<'_>,
        flipped: Option<bool>,
        highlight: Vec<Bound<'py, PyAny>>,
        size: Option<Bound<'py, PyAny>>,
        selected: Option<Bound<'py, PyAny>>,
        arrows: Vec<Bound<'py, PyAny>>,
        marks: Vec<Bound<'py, PyAny>>,
        lang: Option<Bound<'py, PyAny>>,
        pieces: Option<Bound<'py, PyAny>>,
        font: Option<Bound<'py, PyAny>>,
    ) -> PyResult<String> {
        let opts = SvgOptions {
            flipped,
            highlight,
            size,
            selected,
            arrows,
            marks,
            lang,
            pieces,
            font,
        };
        this.picture(opts, None)
    }
}

/// A variant's name and keyword settings read from Python: the text of
/// `variant=` (standard when left out).
pub fn variant_named(
    variant: Option<Text<SettingText>>,
    settings: Option<&Bound<'_, PyDict>>,
) -> PyResult<AnyVariant> {
    let name = variant
        .as_deref()
        .unwrap_or(shogi_variants::GameKind::Standard.name());
    self::variant(name, settings)
}
