//! `Board`: a game of a perfect-information variant (standard, minishogi,
//! must-capture), with its lazy `LegalMoves` view.

use crate::busy::{Read, Write};
use crate::contract;
use crate::convert::{self, Int, MoveText, SettingText, SfenText, Shape, Text};
use crate::enums::ColorObj;
use crate::errors::{game_error, ArgumentError, GameOverError, InvalidSfenError, SettingError};
use crate::inspect;
use crate::interrupt::Interrupt;
use crate::legal::{MoveSource, PyLegalMoves};
use crate::moves::{move_object, move_objects, PyMove, PyOutcome};
use crate::research;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use shogi_core::{Game, GameError, Move, MoveList, Position, Variant};
use shogi_formats::diagram::{text, Diagram};
use shogi_research::action::ActionSpace;
use shogi_research::observation::{board_observation, ObservationShape};
use shogi_variants::{AnySettings, AnyVariant, GameKind, GameState, SavedGame};

/// A game of a perfect-information variant: position, history, outcome.
///
/// ``Board(sfen=None, variant="standard", **settings)``. ``sfen`` is an SFEN
/// or ``"startpos"``/``None`` for the variant's start; settings are keyword
/// arguments with the Rust names and defaults.
#[pyclass(module = "shogi_variants", name = "Board")]
pub struct PyBoard {
    pub game: Game<AnyVariant>,
    /// The legal moves of the current position, found once for the calls
    /// that ask about them.
    listing: Listing,
    /// Per move of the game, the `Move` object it was pushed as (if it was
    /// pushed as one, numbered on this board): `pop` hands back that
    /// object, touched a moment ago, instead of looking the move up in the
    /// shared table of move objects (a cache miss per pop in a replay).
    pushed: Vec<Option<Py<PyMove>>>,
}

impl Clone for PyBoard {
    /// A copy of the game; the copy looks its moves up when popping them.
    fn clone(&self) -> PyBoard {
        PyBoard::from_game(self.game.clone())
    }
}

/// The legal moves of one position of the game, kept while the game stays
/// there: listing them, counting them, `is_game_over` and pushing one of
/// them share one generation (the loops research code writes:
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

/// The variant of this name with these keyword settings.
pub fn variant(name: &str, settings: Option<&Bound<'_, PyDict>>) -> PyResult<AnyVariant> {
    let pairs = convert::overrides(settings)?;
    AnyVariant::with_named_settings(name, &convert::borrowed(&pairs))
        .map_err(|e| SettingError::new_err(e.to_string()))
}

/// A game of `variant` from an SFEN (`None` or `"startpos"`: the start).
pub fn game(variant: AnyVariant, sfen: Option<&str>) -> PyResult<Game<AnyVariant>> {
    Game::from_sfen(variant, sfen.unwrap_or("startpos")).map_err(|e| match e {
        GameError::Position(p) => InvalidSfenError::new_err(p.to_string()),
        other => game_error(other),
    })
}

impl PyBoard {
    fn position(&self) -> &Position {
        self.game.position()
    }

    /// The board's square numbering.
    #[inline]
    pub fn shape(&self) -> Shape {
        Shape::of(self.position().geometry())
    }

    fn observation_shape_of(&self) -> ObservationShape {
        let g = self.position().geometry();
        ObservationShape::board(g.files(), g.ranks())
    }

    fn default_settings(&self) -> AnySettings {
        AnyVariant::from_name(self.game.variant().name())
            .map(|v| v.settings())
            .unwrap_or_default()
    }

    /// A board over `game`.
    pub fn from_game(game: Game<AnyVariant>) -> PyBoard {
        PyBoard {
            pushed: (0..game.moves().len()).map(|_| None).collect(),
            game,
            listing: Listing::default(),
        }
    }

    /// Plays `mv`, keeping the board unchanged on refusal.
    pub fn play(&mut self, mv: Move) -> PyResult<()> {
        if self.listing.of == Some(self.here()) && self.listing.find(mv) {
            self.game.play_unchecked(mv);
        } else {
            let played = self.game.play(mv).map_err(game_error);
            // A scripted variant's hook that raised: its exception, and
            // the board as it was (the hooks ran before the move was made).
            if crate::scripted::is_pending() {
                if played.is_ok() {
                    self.game.undo();
                }
                crate::scripted::raise_pending()?;
            }
            played?;
        }
        self.pushed.push(None);
        Ok(())
    }

    /// The body of `Board.push` (called by `direct`, which holds its
    /// docstring): plays `move`, a `Move` or USI text, if it is legal.
    pub fn push_object(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(obj) = r#move.cast::<PyMove>() {
            let PyMove(mv, shape) = *obj.get();
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
        let mv = convert::a_move_on(r#move, self.position().geometry())?;
        self.play(mv)
    }

    /// The body of `Board.pop` (called by `direct`, which holds its
    /// docstring): takes back the last move and returns it.
    pub fn pop_object(&mut self, py: Python<'_>) -> PyResult<Py<PyMove>> {
        if self.game.ended_by_act() {
            let why = self
                .game
                .outcome()
                .map_or_else(String::new, |o| format!(" ({o})"));
            return Err(GameOverError::new_err(format!(
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

    /// Where the game stands: the ply and the position's hash.
    fn here(&self) -> (usize, u64) {
        (self.game.moves().len(), self.position().hash())
    }

    /// The kept legal moves, if they are the current position's.
    fn listed(&self) -> Option<&MoveList> {
        (self.listing.of == Some(self.here())).then_some(&self.listing.moves)
    }

    /// The legal moves now (none once the game is over), kept for the
    /// calls that follow.
    fn listing(&mut self) -> &MoveList {
        let here = self.here();
        if self.listing.of != Some(here) {
            self.game.legal_moves_into(&mut self.listing.moves);
            self.listing.of = Some(here);
            self.listing.next = 0;
        }
        &self.listing.moves
    }

    /// A move argument that must be legal now (for notation and the
    /// questions about a move): off this board -> `InvalidMoveError`.
    fn legal_move(&self, obj: &Bound<'_, PyAny>) -> PyResult<Move> {
        let mv = convert::a_move_on(obj, self.position().geometry())?;
        let legal = self.game.variant().is_legal(self.position(), mv);
        crate::scripted::raise_pending()?;
        if !legal {
            let rule = self.game.variant().illegality(self.position(), mv);
            return Err(crate::errors::illegal_move(
                format!("{mv}: {rule}"),
                rule.name(),
            ));
        }
        Ok(mv)
    }

    /// The legal move of Japanese notation `text` here.
    fn read_japanese(&self, text: &str) -> PyResult<Move> {
        let last = self.game.moves().last().map(|m| m.to());
        shogi_core::notation::japanese::read(self.position(), text, last)
            .map_err(crate::errors::japanese_error)
    }

    /// The legal move of Western notation `text` here.
    fn read_western(&self, text: &str) -> PyResult<Move> {
        shogi_core::notation::western::read(self.position(), text)
            .map_err(crate::errors::western_error)
    }

    /// The picture of `svg(...)` with these options (`_repr_svg_`: none).
    fn picture(&self, opts: crate::pictures::SvgOptions<'_>) -> PyResult<String> {
        let mut d = self.diagram();
        opts.apply(&mut d, self.position().geometry(), |sel| {
            crate::pictures::legal(&self.game, sel)
        })?;
        Ok(d.to_svg())
    }

    /// The position with its last move marked.
    fn diagram(&self) -> Diagram {
        let mut d = Diagram::of_position(self.position());
        d.last_move = self.game.moves().last().copied();
        d.outcome = self.game.outcome();
        d
    }
}

/// `f` of `board`'s legal moves now (none once the game is over) and its
/// square numbering: the kept listing, made if stale; while another call
/// reads the board (a `perft` running on another thread), a fresh list that
/// is not kept.
fn with_legal_moves<R>(
    board: &Bound<'_, PyBoard>,
    f: impl FnOnce(&MoveList, Shape) -> R,
) -> PyResult<R> {
    if let Ok(mut b) = board.try_borrow_mut() {
        let shape = b.shape();
        b.listing();
        if crate::scripted::is_pending() {
            // A scripted variant's hook raised: the list is not kept.
            b.listing.of = None;
            crate::scripted::raise_pending()?;
        }
        return Ok(f(&b.listing.moves, shape));
    }
    let b = crate::legal::read::<PyBoard>(board.as_any())?;
    Ok(match b.listed() {
        Some(moves) => f(moves, b.shape()),
        None => {
            let moves = b.game.legal_moves();
            crate::scripted::raise_pending()?;
            f(&moves, b.shape())
        }
    })
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(
        signature = (sfen = None, variant = None, **settings),
        text_signature = "(sfen=None, variant='standard', **settings)"
    )]
    fn new(
        sfen: Option<Text<SfenText>>,
        variant: Option<Text<SettingText>>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let variant = variant.as_deref().unwrap_or(GameKind::Standard.name());
        let v = self::variant(variant, settings)?;
        Ok(PyBoard::from_game(game(v, sfen.as_deref())?))
    }

    /// The variant's name.
    #[getter]
    fn variant(this: Read<'_, Self>) -> &'static str {
        this.game.variant().name()
    }

    /// The variant's full settings, defaults included.
    #[getter]
    fn settings<'py>(this: Read<'_, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::settings_dict(py, &this.game.variant().settings())
    }

    /// The side to move: ``Color.BLACK`` (== 0) or ``Color.WHITE`` (== 1).
    #[getter]
    fn turn(this: Read<'_, Self>) -> ColorObj {
        ColorObj(this.position().side_to_move())
    }

    /// The SFEN move number (1 at the start, +1 per move).
    #[getter]
    fn move_number(this: Read<'_, Self>) -> u32 {
        this.position().move_number()
    }

    /// Files of the board (9 or 5).
    #[getter]
    fn files(this: Read<'_, Self>) -> u8 {
        this.position().geometry().files()
    }

    /// Ranks of the board (9 or 5).
    #[getter]
    fn ranks(this: Read<'_, Self>) -> u8 {
        this.position().geometry().ranks()
    }

    /// The square on ``file`` and ``rank`` (1-based) of this board:
    /// ``(file - 1) * ranks + (rank - 1)``. Raises ``InvalidSquareError`` off the board.
    fn square(
        this: Read<'_, Self>,
        file: &Bound<'_, PyAny>,
        rank: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        this.shape().at(file, rank)
    }

    /// The file (1..) of a square of this board (number or USI name).
    fn square_file(this: Read<'_, Self>, square: &Bound<'_, PyAny>) -> PyResult<u8> {
        convert::square_file(square, this.shape())
    }

    /// The rank (1.., 1 is ``a``) of a square of this board (number or USI name).
    fn square_rank(this: Read<'_, Self>, square: &Bound<'_, PyAny>) -> PyResult<u8> {
        convert::square_rank(square, this.shape())
    }

    /// The USI name of a square of this board (``"5e"``).
    fn square_name(this: Read<'_, Self>, square: &Bound<'_, PyAny>) -> PyResult<String> {
        convert::square_name(square, this.shape())
    }

    /// The number on this board of a square's USI name (a number is checked and returned).
    fn parse_square(this: Read<'_, Self>, name: &Bound<'_, PyAny>) -> PyResult<usize> {
        convert::parse_square(name, this.shape())
    }

    /// The legal move of USI text here, as python-chess's ``parse_uci``:
    /// a ``Move`` numbered on this board. Raises ``InvalidMoveError`` for
    /// text that is no move of this board, ``IllegalMoveError`` (with its
    /// ``reason``) for a move the rules forbid now.
    fn parse_usi(
        this: Read<'_, Self>,
        py: Python<'_>,
        usi: &Bound<'_, PyString>,
    ) -> PyResult<Py<PyMove>> {
        let mv = this.legal_move(usi.as_any())?;
        move_object(py, mv, this.shape())
    }

    /// The legal moves (none once the game is over), generated when used.
    #[getter]
    fn legal_moves(slf: Bound<'_, Self>) -> PyLegalMoves {
        PyLegalMoves::new(slf.into_any().unbind(), &BoardMoves)
    }

    /// The moves played since the start, oldest first.
    #[getter]
    fn move_stack(this: Read<'_, Self>, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        move_objects(py, this.game.moves(), this.shape())
    }

    /// Parse and play a USI move; returns it.
    fn push_usi(
        mut this: Write<'_, Self>,
        py: Python<'_>,
        usi: &Bound<'_, PyString>,
    ) -> PyResult<Py<PyMove>> {
        let mv = convert::a_move_on(usi.as_any(), this.position().geometry())?;
        this.play(mv)?;
        move_object(py, mv, this.shape())
    }

    /// The last move. Raises ``IndexError`` at the start.
    fn peek(this: Read<'_, Self>, py: Python<'_>) -> PyResult<Py<PyMove>> {
        match this.game.moves().last() {
            Some(&mv) => move_object(py, mv, this.shape()),
            None => Err(PyIndexError::new_err("peek at a board with no moves")),
        }
    }

    /// Whether a move (``Move`` or USI) is legal now; malformed text is not.
    fn is_legal(this: Read<'_, Self>, r#move: &Bound<'_, PyAny>) -> bool {
        match convert::a_move(r#move) {
            Ok(mv) => this.game.is_legal(mv),
            Err(_) => false,
        }
    }

    /// Whether the side to move is in check.
    fn is_check(this: Read<'_, Self>) -> bool {
        this.position().is_check()
    }

    /// A board from a mate problem (tsume) as problems are written: the
    /// attacker may have no king, and the defender holds every piece that
    /// is on neither the board nor a hand (a problem may write the
    /// defender's hand out or leave it off; both read the same). The
    /// defender is the side with the only king; with two kings, the side
    /// not to move. ``Board(sfen)`` stays strict and refuses a side with no
    /// king (``InvalidSfenError``, naming this constructor).
    #[staticmethod]
    #[pyo3(
        signature = (sfen, variant = None, **settings),
        text_signature = "(sfen, variant='standard', **settings)"
    )]
    fn problem_from_sfen(
        sfen: Text<SfenText>,
        variant: Option<Text<SettingText>>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let variant = variant.as_deref().unwrap_or(GameKind::Standard.name());
        let v = self::variant(variant, settings)?;
        let pos = v
            .problem_from_sfen(&sfen)
            .map_err(|e| InvalidSfenError::new_err(e.to_string()))?;
        Ok(PyBoard::from_game(Game::from_position(v, pos)))
    }

    /// Mate search (df-pn with a transposition table): can the side to move
    /// force checkmate, checking with every move? Returns a ``MateReport``:
    /// ``"mate"`` with the line (the attacker's quickest mate against the
    /// defender's longest defence, shortened until proved shortest while
    /// the budget lasts), ``"no_mate"`` (a proof: every line of checks
    /// fails, repetitions included) or ``"timeout"``.
    ///
    /// The rules are the board's variant's: a pawn drop never mates, every
    /// legal interposition is a defence (lengths count futile
    /// interpositions, which composers leave out), must-capture's duty binds
    /// both sides. A repeated position on the line fails for the attacker;
    /// the game's earlier positions are not looked at. Limits: ``nodes``,
    /// ``time_ms``, ``max_plies`` (mates longer are not looked for; mate in
    /// N); ``progress`` is called with a ``MateProgress`` about five times a
    /// second. Runs on a copy with the GIL released; Ctrl-C raises
    /// ``KeyboardInterrupt`` within about 50 ms. To solve many problems,
    /// keep a ``MateSolver`` (its table is allocated once). With
    /// ``shortest=False`` the first mate proved is given as it is (faster;
    /// cshogi's ``DfPn`` does so), not shortened.
    #[pyo3(
        signature = (nodes = None, time_ms = None, max_plies = None, progress = None, table_mb = Int::of(64), shortest = true),
        text_signature = "($self, nodes=None, time_ms=None, max_plies=None, progress=None, table_mb=64, shortest=True)"
    )]
    fn mate(
        slf: &Bound<'_, Self>,
        nodes: Option<Int<u64, convert::Nodes>>,
        time_ms: Option<Int<u64, convert::TimeMs>>,
        max_plies: Option<Int<u32, convert::MaxPlies>>,
        progress: Option<Bound<'_, PyAny>>,
        table_mb: Int<u64, convert::TableMb>,
        shortest: bool,
    ) -> PyResult<crate::mate::PyMateReport> {
        let limits = crate::mate::Limits::read(nodes, time_ms, max_plies, shortest)?;
        let mut solver = crate::mate::fresh_solver(table_mb.get())?;
        crate::mate::run(
            slf,
            &mut solver,
            limits,
            progress,
            crate::mate::Side::Attacker,
        )
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(this: Read<'_, Self>) -> bool {
        this.position().is_check() && this.game.variant().count_legal_moves(this.position()) == 0
    }

    /// Whether the game is over.
    fn is_game_over(slf: &Bound<'_, Self>) -> PyResult<bool> {
        // The game is over exactly when it allows no move.
        with_legal_moves(slf, |moves, _| moves.is_empty())
    }

    /// The outcome under the variant's rules, or ``None`` while the game goes on.
    fn outcome(slf: &Bound<'_, Self>) -> PyResult<Option<PyOutcome>> {
        if with_legal_moves(slf, |moves, _| !moves.is_empty())? {
            return Ok(None);
        }
        Ok(crate::legal::read::<PyBoard>(slf.as_any())?
            .game
            .outcome()
            .map(PyOutcome))
    }

    /// How many times the current position has occurred (1 the first time).
    fn repetition_count(this: Read<'_, Self>) -> usize {
        this.game.repetition_count()
    }

    /// ``color`` resigns (the side to move if ``None``), on either side's
    /// turn: a player may resign at any time. ``GameOverError`` once over;
    /// ``to_json()`` keeps the resignation.
    #[pyo3(signature = (color = None))]
    fn resign(mut this: Write<'_, Self>, color: Option<&Bound<'_, PyAny>>) -> PyResult<PyOutcome> {
        this.listing.of = None;
        contract::resign(&mut this.game, color)
    }

    /// Declare a win by entering king (``SettingError`` if the variant's settings have no declaration rule).
    fn declare(mut this: Write<'_, Self>) -> PyResult<PyOutcome> {
        this.listing.of = None;
        this.game.declare().map(PyOutcome).map_err(game_error)
    }

    /// The current position as SFEN.
    fn sfen(this: Read<'_, Self>) -> String {
        this.position().to_sfen()
    }

    /// The piece on a square as its SFEN letter (``"P"``, ``"+r"``), or ``None``.
    fn piece_at(this: Read<'_, Self>, square: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let sq = convert::square(square, this.shape())?;
        Ok(this.position().piece_at(sq).map(|p| p.to_string()))
    }

    /// Pieces in hand by uppercase letter, only those held.
    fn hand<'py>(
        this: Read<'_, Self>,
        py: Python<'py>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        convert::hand(py, this.position().hand(convert::color(color)?))
    }

    /// Where the piece on a square may legally go; ``"P*"`` (etc.) for where a piece in hand may be dropped.
    fn legal_squares(
        this: Read<'_, Self>,
        square_or_drop: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<usize>> {
        contract::legal_squares(&this.game, square_or_drop)
    }

    /// Leaf count of the legal move tree, computed natively with the GIL
    /// released on a copy of the position: the board stays free for other
    /// threads meanwhile (pushing on it does not change the count). Ctrl-C
    /// is noticed within about 50 ms and raises ``KeyboardInterrupt``; the
    /// board is unchanged. ``depth`` is ``0..=64`` (``perft(0) == 1``);
    /// outside it ``ArgumentError``.
    #[pyo3(signature = (depth, bulk = true))]
    fn perft(slf: &Bound<'_, Self>, depth: &Bound<'_, PyAny>, bulk: bool) -> PyResult<u64> {
        let depth = perft_depth(depth)?;
        let (variant, mut pos) = {
            let me = crate::legal::read::<PyBoard>(slf.as_any())?;
            (me.game.variant().clone(), me.position().clone())
        };
        let stop = Interrupt::new();
        let n = slf.py().detach(|| {
            shogi_core::perft_until(&variant, &mut pos, depth, bulk, &mut || stop.poll())
        });
        crate::scripted::raise_pending()?;
        stop.finish(n).map(|n| n.unwrap_or_default())
    }

    /// Perft per legal move (USI -> count of depth ``depth - 1`` below it, bulk), summing
    /// to ``perft(depth)``; like ``perft`` it counts the move tree, whether or not the game has ended.
    /// ``depth`` is ``1..=64``: depth 0 has no first move, so ``divide(0)`` raises
    /// ``ArgumentError`` (the sum rule holds for every depth accepted).
    /// Like ``perft``, it runs on a copy with the GIL released, and Ctrl-C
    /// is noticed within about 50 ms (``KeyboardInterrupt``).
    fn divide<'py>(
        slf: &Bound<'py, Self>,
        depth: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let depth = divide_depth(depth)?;
        let (variant, mut pos) = {
            let me = crate::legal::read::<PyBoard>(slf.as_any())?;
            (me.game.variant().clone(), me.position().clone())
        };
        let stop = Interrupt::new();
        let counts = py.detach(|| {
            shogi_core::divide_until(&variant, &mut pos, depth, true, &mut || stop.poll())
        });
        crate::scripted::raise_pending()?;
        let counts = stop.finish(counts)?.unwrap_or_default();
        let d = PyDict::new(py);
        for (mv, n) in counts {
            d.set_item(mv.to_string(), n)?;
        }
        Ok(d)
    }

    /// A copy; with ``stack=False`` the copy starts at the current position.
    #[pyo3(signature = (stack = true))]
    fn copy(this: Read<'_, Self>, stack: bool) -> Self {
        if stack {
            this.clone()
        } else {
            PyBoard::from_game(Game::from_position(
                this.game.variant().clone(),
                this.position().clone(),
            ))
        }
    }

    /// A board at the start position with the same variant and settings.
    fn root(this: Read<'_, Self>) -> Self {
        PyBoard::from_game(Game::from_position(
            this.game.variant().clone(),
            this.game.start_position().clone(),
        ))
    }

    /// The board as SVG for Jupyter: ``svg()``, with the module's defaults
    /// (``set_diagram_defaults``).
    fn _repr_svg_(this: Read<'_, Self>) -> PyResult<String> {
        this.picture(crate::pictures::SvgOptions::default())
    }

    /// The board as SVG: both hands, the last move, check, and the result
    /// once the game is over (then no side is marked to move).
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
        this: Read<'_, Self>,
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
        let opts = crate::pictures::SvgOptions {
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
        this.picture(opts)
    }

    fn __copy__(this: Read<'_, Self>) -> Self {
        this.clone()
    }

    fn __deepcopy__(this: Read<'_, Self>, _memo: &Bound<'_, PyAny>) -> Self {
        this.clone()
    }

    /// Same variant and settings, same position (history aside).
    /// Raises ``BusyError`` if either board is being changed by another call.
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<PyBoard>() else {
            return Ok(false);
        };
        let (this, o) = (crate::busy::read(slf)?, crate::busy::read(other)?);
        Ok(o.game.variant() == this.game.variant() && o.position() == this.position())
    }

    fn __repr__(this: Read<'_, Self>) -> String {
        let kwargs =
            convert::non_default_kwargs(&this.game.variant().settings(), &this.default_settings());
        let variant = match this.game.variant() {
            AnyVariant::Standard(_) => String::new(),
            v => format!(", variant={}", convert::py_str(v.name())),
        };
        format!(
            "Board({}{variant}{kwargs})",
            convert::py_str(&this.position().to_sfen())
        )
    }

    /// A text diagram for people: White's hand, the file numbers on top,
    /// the ranks' letters on the right, Black's hand, who is to move and
    /// the move number (``shogi_formats::diagram::text::labelled``).
    fn __str__(this: Read<'_, Self>) -> String {
        text::labelled(this.position())
    }

    /// The game's record (``Record``): its moves from the start, the
    /// resignation or declaration that ended it, headers from keyword
    /// arguments (``black="Habu", event="Meijin"``), optionally each move's
    /// time in seconds and an end (``"resign"``, ``"timeout"``, ...).
    #[pyo3(signature = (times = None, end = None, **headers))]
    fn record(
        this: Read<'_, Self>,
        times: Option<Vec<Option<Int<u32, convert::Times>>>>,
        end: Option<Text>,
        headers: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<crate::record::PyRecord> {
        let times = times.map(|t| t.into_iter().map(|s| s.map(Int::get)).collect());
        crate::record::board_record(&this.game, headers, times, end.as_deref())
    }

    /// A legal move in Japanese notation (``▲７六歩``, ``△同　歩``, ``▲５八金右``).
    fn japanese(this: Read<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let mv = this.legal_move(r#move)?;
        let last = this.game.moves().last().map(|m| m.to());
        Ok(shogi_core::notation::japanese::write(
            this.position(),
            mv,
            last,
        ))
    }

    /// A legal move in Western notation (``P-7f``, ``Bx2b+``, ``S*5e``).
    fn western(this: Read<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let mv = this.legal_move(r#move)?;
        Ok(shogi_core::notation::western::write(this.position(), mv))
    }

    /// The legal move written in Japanese notation. Raises
    /// ``AmbiguousMoveError`` when several legal moves fit it (``５八金``
    /// with two golds that can go there), ``InvalidMoveError`` otherwise.
    fn parse_japanese(
        this: Read<'_, Self>,
        py: Python<'_>,
        text: Text<MoveText>,
    ) -> PyResult<Py<PyMove>> {
        move_object(py, this.read_japanese(&text)?, this.shape())
    }

    /// The legal move written in Western notation. Raises
    /// ``AmbiguousMoveError`` when several legal moves fit it (``G-5h``
    /// with two golds that can go there), ``InvalidMoveError`` otherwise.
    fn parse_western(
        this: Read<'_, Self>,
        py: Python<'_>,
        text: Text<MoveText>,
    ) -> PyResult<Py<PyMove>> {
        move_object(py, this.read_western(&text)?, this.shape())
    }

    /// Parse a move in Japanese notation (``"▲７六歩"``, ``"同　歩"``,
    /// ``"５八金右"``) and play it; returns the move. Raises what
    /// ``parse_japanese`` raises (``AmbiguousMoveError`` for "which gold?"),
    /// and ``GameOverError`` once the game is over; the board is then unchanged.
    fn push_japanese(
        mut this: Write<'_, Self>,
        py: Python<'_>,
        text: Text<MoveText>,
    ) -> PyResult<Py<PyMove>> {
        let mv = this.read_japanese(&text)?;
        this.play(mv)?;
        move_object(py, mv, this.shape())
    }

    /// Parse a move in Western notation (``"P-7f"``, ``"Bx2b+"``,
    /// ``"S*5e"``) and play it; returns the move. Raises what
    /// ``parse_western`` raises (``AmbiguousMoveError`` for "which gold?"),
    /// and ``GameOverError`` once the game is over; the board is then unchanged.
    fn push_western(
        mut this: Write<'_, Self>,
        py: Python<'_>,
        text: Text<MoveText>,
    ) -> PyResult<Py<PyMove>> {
        let mv = this.read_western(&text)?;
        this.play(mv)?;
        move_object(py, mv, this.shape())
    }

    /// Every piece on the board: ``{square index: piece}``, the piece as
    /// ``piece_at`` writes it (``"P"``, ``"+r"``), squares ascending.
    fn piece_map<'py>(this: Read<'_, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        inspect::piece_map(py, this.position())
    }

    /// The squares of ``color``'s pieces of exactly ``kind``, ascending.
    /// ``kind`` is a piece letter as SFEN writes it (``"P"``, ``"+R"``; its
    /// case is ignored, the colour is the ``color`` argument); a promoted
    /// kind is its own (``pieces("P", BLACK)`` has no tokins). Raises
    /// ``ArgumentError`` for text that is no piece, or a bad colour.
    fn pieces(
        this: Read<'_, Self>,
        kind: Text<MoveText>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<usize>> {
        inspect::pieces(this.position(), &kind, color)
    }

    /// The squares of ``color``'s pieces that attack ``square``, ascending,
    /// as python-chess counts them: every piece that could move there or
    /// capture there if an enemy stood on it, pinned pieces included, and
    /// whatever stands on ``square`` itself does not matter. Raises
    /// ``InvalidSquareError``/``ArgumentError`` for a bad square or colour.
    fn attackers(
        this: Read<'_, Self>,
        color: &Bound<'_, PyAny>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<usize>> {
        inspect::attackers(this.position(), color, square)
    }

    /// Whether any of ``color``'s pieces attacks ``square`` (see ``attackers``).
    fn is_attacked_by(
        this: Read<'_, Self>,
        color: &Bound<'_, PyAny>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        inspect::is_attacked_by(this.position(), color, square)
    }

    /// The squares of the enemy pieces giving check to the side to move,
    /// ascending (two in a double check, none when not in check).
    fn checkers(this: Read<'_, Self>) -> Vec<usize> {
        inspect::checkers(this.position())
    }

    /// The square of ``color``'s king, or ``None`` when it has none (a
    /// position set up without one).
    fn king(this: Read<'_, Self>, color: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        inspect::king(this.position(), color)
    }

    /// Whether a legal move would give check. Raises ``IllegalMoveError``
    /// for a move that is not legal here (``InvalidMoveError`` for text
    /// that is no move); the board is never changed.
    fn gives_check(this: Read<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = this.legal_move(r#move)?;
        let mut pos = this.position().clone();
        pos.play_unchecked(mv);
        Ok(pos.is_check())
    }

    /// Whether a legal move captures (a drop never does). Raises
    /// ``IllegalMoveError`` for a move that is not legal here.
    fn is_capture(this: Read<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = this.legal_move(r#move)?;
        Ok(mv.from().is_some() && this.position().piece_at(mv.to()).is_some())
    }

    /// The position's 64-bit Zobrist hash (board, both hands with their
    /// counts, side to move; not the move number): equal positions have
    /// equal hashes, and it is what repetition is detected by.
    fn zobrist_hash(this: Read<'_, Self>) -> u64 {
        this.position().hash()
    }

    /// The moves played since the game's start (``len(move_stack)``); the
    /// SFEN ``move_number`` is ``ply() + 1`` when the game started at move 1.
    fn ply(this: Read<'_, Self>) -> usize {
        this.game.moves().len()
    }

    /// Whether the current position has occurred at least ``n`` times in
    /// this game, this time included (python-chess's ``is_repetition``;
    /// ``n`` is ``1..``; see ``repetition_count``). Positions count as the
    /// same with the same board, hands and side to move. Sennichite is the
    /// fourth occurrence: ``is_repetition(4)`` is when the game ends by
    /// repetition (a draw, or a loss for the side that checked every move);
    /// ``is_repetition(3)`` warns one repetition before. Raises
    /// ``ArgumentError`` for ``n`` outside ``1..=4294967295``.
    #[pyo3(signature = (n = None), text_signature = "($self, n=3)")]
    fn is_repetition(this: Read<'_, Self>, n: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        let n = match n {
            None => 3,
            Some(obj) => {
                let n = convert::index(obj)?;
                n.within(&(1..=u32::MAX)).ok_or_else(|| {
                    ArgumentError::new_err(format!(
                        "n (how many occurrences) must be 1..={}, not {n}",
                        u32::MAX
                    ))
                })?
            }
        };
        Ok(this.game.repetition_count() >= n as usize)
    }

    /// The position as a BOD diagram (局面図), the kanji board KIF files
    /// and cshogi's ``to_bod()`` show: White's hand, the board with file
    /// numbers ``９``..``１`` on top and ranks ``一``..``九`` on the right
    /// (``v`` before White's pieces), Black's hand, then ``手数＝N`` after
    /// the first move and ``後手番`` when White is to move. Ends with a
    /// newline; ``Record.read`` of a KIF with it reads the position back.
    fn bod(this: Read<'_, Self>) -> String {
        inspect::bod(this.position())
    }

    /// The number of actions of this board's fixed action space (13,689 on
    /// 9×9, 1,425 on 5×5; layout in ``shogi_research::action``).
    #[getter]
    fn num_actions(this: Read<'_, Self>) -> u32 {
        contract::space(&this.game).size()
    }

    /// The legal moves as actions, ascending.
    fn legal_actions(this: Read<'_, Self>) -> Vec<u32> {
        contract::legal_actions(&this.game)
    }

    /// A numpy ``bool`` array of ``(num_actions,)``, true where the action
    /// is legal now: ``board.action_mask().sum() == len(board.legal_moves)``,
    /// the dtype and layout of a row of ``SelfPlay.action_masks``. Without
    /// numpy it raises ``MissingExtraError`` naming the extra.
    fn action_mask<'py>(this: Read<'_, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        contract::action_mask(py, &this.game)
    }

    /// The action of a move on this board. Raises ``InvalidMoveError`` if it does not fit the board.
    fn action(this: Read<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<u32> {
        research::action_of(ActionSpace::of(this.position().geometry()), r#move)
    }

    /// The move of an action. Raises ``InvalidMoveError`` for a number outside the space.
    fn move_of(
        this: Read<'_, Self>,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyMove>> {
        research::move_of_action(
            py,
            ActionSpace::of(this.position().geometry()),
            this.shape(),
            action,
        )
    }

    /// The position as a ``float32`` array ``(planes, ranks, files)`` seen by
    /// ``color`` (default: the side to move), the board turned for White.
    /// The planes are listed in the README's research section. A plane is a
    /// picture: for Black, square ``sq`` is at row ``square_rank(sq) - 1``,
    /// column ``files - square_file(sq)``, so
    /// ``planes[:, :, ::-1].transpose(0, 2, 1).reshape(len(planes), -1)``
    /// has one column per square, in this board's square numbering.
    #[pyo3(signature = (color = None))]
    fn observation<'py>(
        this: Read<'_, Self>,
        py: Python<'py>,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let viewer = research::viewer(color, this.position().side_to_move())?;
        research::observation_array(py, this.observation_shape_of(), |out| {
            board_observation(&this.game, viewer, out)
        })
    }

    /// ``(planes, ranks, files)`` of ``observation()``.
    #[getter]
    fn observation_shape(this: Read<'_, Self>) -> (usize, usize, usize) {
        research::shape_tuple(this.observation_shape_of())
    }

    /// The game as a saved-game JSON document (``shogi_variants.load`` reads it back).
    fn to_json(this: Read<'_, Self>) -> String {
        SavedGame::of_board(&this.game).to_json()
    }

    /// Who acts now (the contract's ``to_move``): ``BLACK``/``WHITE``, or
    /// ``None`` once the game is over (a board has no chance steps).
    fn to_move<'py>(this: Read<'_, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        contract::to_move(py, &this.game)
    }

    /// Whether a chance step is due: never on a board.
    fn is_chance_node(this: Read<'_, Self>) -> bool {
        GameState::is_chance_node(&this.game)
    }

    /// The chance step's outcomes ``(id, Fraction)``: none on a board.
    fn chance_outcomes<'py>(
        this: Read<'_, Self>,
        py: Python<'py>,
    ) -> PyResult<Vec<(u16, Bound<'py, PyAny>)>> {
        contract::chance_outcomes(py, &this.game)
    }

    /// Applies a chance outcome: a board has none, so this raises
    /// ``ChanceError`` (``GameOverError`` once the game is over).
    fn apply_chance(mut this: Write<'_, Self>, id: &Bound<'_, PyAny>) -> PyResult<()> {
        contract::apply_chance(&mut this.game, id)
    }

    /// Resolves a chance step with the game's own generator: a board has
    /// none, so this raises ``ChanceError`` (``GameOverError`` once over).
    fn chance_step(mut this: Write<'_, Self>) -> PyResult<u16> {
        contract::chance_step(&mut this.game)
    }

    /// Plays one action written as ``history()`` writes it (a USI move, or
    /// ``"chance:ID"``) and returns ``(verdict, (told_black, told_white))``:
    /// the verdict (``"played"``, ``"foul"``; ``None`` for a chance outcome)
    /// and what each seat was told by it, as text (the referee's
    /// announcements in Tsuitate, ``"card:5"`` for a card drawn, nothing in
    /// the open games): what a server sends each seat's connection.
    fn apply_action(
        mut this: Write<'_, Self>,
        action: Text<MoveText>,
    ) -> PyResult<contract::Report> {
        this.listing.of = None;
        contract::apply_action(&mut this.game, &action)
    }

    /// Every action so far as text, oldest first: the moves in USI.
    fn history(this: Read<'_, Self>) -> Vec<String> {
        contract::history(&this.game)
    }

    /// What ``color`` sees: the whole game (a copy of this board).
    fn seen(this: Read<'_, Self>, color: &Bound<'_, PyAny>) -> PyResult<PyBoard> {
        let seat = convert::color(color)?;
        // Converted here, not in `games` (which imports this module): the
        // modules import in one direction.
        match GameState::seen(&this.game, seat) {
            shogi_variants::Seen::Board(g) => Ok(PyBoard::from_game(g.clone())),
            _ => Err(crate::errors::ShogiError::new_err(
                "a board's seat sees the board",
            )),
        }
    }

    /// Pickles through the saved-game JSON.
    fn __reduce__<'py>(
        this: Read<'_, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        crate::saved::reduce(py, SavedGame::of_board(&this.game))
    }
}

/// The deepest `perft`/`divide` accepted: 64 plies. No count that deep could
/// finish (standard shogi's perft(10) is already ~10^15 nodes), but the
/// bound keeps the recursion's stack small and says the range in the refusal.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// A `perft` depth: an integer `0..=MAX_PERFT_DEPTH`, else `ArgumentError`
/// with the range (a non-integer: `TypeError`).
fn perft_depth(depth: &Bound<'_, PyAny>) -> PyResult<u32> {
    let n = convert::index(depth)?;
    n.within(&(0..=MAX_PERFT_DEPTH)).ok_or_else(|| {
        ArgumentError::new_err(format!("depth must be 0..={MAX_PERFT_DEPTH}, not {n}"))
    })
}

/// A `divide` depth: `1..=MAX_PERFT_DEPTH`. Depth 0 has no first move to
/// divide by (`perft(0)` is 1, the position itself, which no move's count
/// can sum to), so it is refused rather than given a meaning that breaks
/// `sum(divide(d).values()) == perft(d)`.
fn divide_depth(depth: &Bound<'_, PyAny>) -> PyResult<u32> {
    let n = convert::index(depth)?;
    n.within(&(1..=MAX_PERFT_DEPTH)).ok_or_else(|| {
        ArgumentError::new_err(format!(
            "depth must be 1..={MAX_PERFT_DEPTH} (depth 0 has no first move to divide by; perft(0) is 1), not {n}"
        ))
    })
}

/// A board's legal moves for `LegalMoves`: iteration remembers them for
/// [`PyBoard::play`]'s fast path.
struct BoardMoves;

impl MoveSource for BoardMoves {
    fn list(&self, owner: &Bound<'_, PyAny>) -> PyResult<MoveList> {
        with_legal_moves(owner.cast::<PyBoard>()?, |moves, _| moves.clone())
    }

    fn objects<'py>(&self, owner: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let py = owner.py();
        with_legal_moves(owner.cast::<PyBoard>()?, |moves, shape| {
            PyList::new(py, move_objects(py, moves, shape)?)
        })?
    }

    fn count(&self, owner: &Bound<'_, PyAny>) -> PyResult<usize> {
        // Counting alone is faster than listing (bulk counts at the last ply
        // of a search): the listing is used if it is there, not made.
        let board = crate::legal::read::<PyBoard>(owner)?;
        let n = match board.listed() {
            Some(moves) => moves.len(),
            None => board.game.count_legal_moves(),
        };
        crate::scripted::raise_pending()?;
        Ok(n)
    }

    fn contains(&self, owner: &Bound<'_, PyAny>, mv: Move) -> PyResult<bool> {
        let legal = crate::legal::read::<PyBoard>(owner)?.game.is_legal(mv);
        crate::scripted::raise_pending()?;
        Ok(legal)
    }

    fn shape(&self, owner: &Bound<'_, PyAny>) -> PyResult<Shape> {
        Ok(crate::legal::read::<PyBoard>(owner)?.shape())
    }
}

/// Raised when a game refuses a move because it ended (used by the card and
/// Tsuitate games too).
pub fn over(o: shogi_core::Outcome) -> PyErr {
    GameOverError::new_err(format!("the game is over: {o}"))
}
