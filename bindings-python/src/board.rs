//! `Board`'s own methods: a game of a perfect-information variant
//! (standard, minishogi, must-capture, a definition or a scripted variant).
//! What every game answers is `Game`'s (`game.rs`); `Board.push` and
//! `Board.pop` are C methods (`direct.rs`).

use crate::actions;
use crate::convert::{self, Int, MoveText, SettingText, SfenText, Text};
use crate::errors::{game_error, ArgumentError, InvalidSfenError};
use crate::game::{board_game, variant_named, GameMut, GameRef, PyBoard, PyGame};
use crate::interrupt::Interrupt;
use crate::moves::{a_move, a_move_on, move_object, move_objects, PyMove, PyOutcome};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use pyo3::PyClassInitializer;
use shogi_core::{Game, Move, Position, Variant};
use shogi_research::observation::{board_observation, ObservationShape};
use shogi_variants::{AnyGame, AnySettings, AnyVariant};

/// The observation's shape on `pos`'s board.
fn observation_shape(pos: &Position) -> ObservationShape {
    let g = pos.geometry();
    ObservationShape::board(g.files(), g.ranks())
}

/// The settings of `game`'s variant as it has them by default.
fn default_settings(game: &Game<AnyVariant>) -> AnySettings {
    AnyVariant::from_name(game.variant().name())
        .map(|v| v.settings())
        .unwrap_or_default()
}

/// A move argument that must be legal now (for notation and the
/// questions about a move): off this board -> `InvalidMoveError`.
fn legal_move(game: &Game<AnyVariant>, obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    let mv = a_move_on(obj, game.position().geometry())?;
    let legal = game.variant().is_legal(game.position(), mv);
    crate::pending::raise_pending()?;
    if !legal {
        let rule = game.variant().illegality(game.position(), mv);
        return Err(crate::errors::illegal_move(
            format!("{mv}: {rule}"),
            rule.name(),
        ));
    }
    Ok(mv)
}

/// The legal move of Japanese notation `text` here.
fn read_japanese(game: &Game<AnyVariant>, text: &str) -> PyResult<Move> {
    let last = game.moves().last().map(|m| m.to());
    shogi_core::notation::japanese::read(game.position(), text, last)
        .map_err(crate::errors::japanese_error)
}

/// The legal move of Western notation `text` here.
fn read_western(game: &Game<AnyVariant>, text: &str) -> PyResult<Move> {
    shogi_core::notation::western::read(game.position(), text).map_err(crate::errors::western_error)
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(
        signature = (sfen = None, variant = None, *, dialect = None, **settings),
        text_signature = "(sfen=None, variant='standard', *, dialect=None, **settings)"
    )]
    fn new(
        sfen: Option<Text<SfenText>>,
        variant: Option<Text<SettingText>>,
        dialect: Option<&str>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyClassInitializer<Self>> {
        let dialect = crate::dialect::dialect(dialect)?;
        let v = variant_named(variant, settings)?;
        Ok(PyBoard::init(board_from(v, sfen.as_deref(), dialect)?))
    }

    /// A new ``Board`` of the same variant and settings from a position
    /// written in ``dialect`` (ours by default; ``"fairy-stockfish"``,
    /// ``"lishogi"``). Raises ``InvalidSfenError``.
    #[pyo3(signature = (sfen, dialect = None))]
    fn from_sfen(
        this: GameRef<'_>,
        py: Python<'_>,
        sfen: Text<SfenText>,
        dialect: Option<&str>,
    ) -> PyResult<Py<PyAny>> {
        let dialect = crate::dialect::dialect(dialect)?;
        let game = board_from(this.board()?.variant().clone(), Some(&sfen), dialect)?;
        crate::game::game_object(py, AnyGame::Board(Box::new(game)))
    }

    /// The variant's name.
    #[getter]
    fn variant(this: GameRef<'_>) -> PyResult<&'static str> {
        Ok(this.board()?.variant().name())
    }

    /// The SFEN move number (1 at the start, +1 per move).
    #[getter]
    fn move_number(this: GameRef<'_>) -> PyResult<u32> {
        Ok(this.board()?.position().move_number())
    }

    /// The legal move of USI text here, as python-chess's ``parse_uci``:
    /// a ``Move`` numbered on this board. Raises ``InvalidMoveError`` for
    /// text that is no move of this board, ``IllegalMoveError`` (with its
    /// ``reason``) for a move the rules forbid now.
    #[pyo3(signature = (usi, dialect = None))]
    fn parse_usi(
        this: GameRef<'_>,
        py: Python<'_>,
        usi: &Bound<'_, PyString>,
        dialect: Option<&str>,
    ) -> PyResult<Py<PyMove>> {
        let usi = &crate::dialect::usi_from(&this.game, usi, crate::dialect::dialect(dialect)?)?;
        let mv = legal_move(this.board()?, usi.as_any())?;
        move_object(py, mv, this.shape())
    }

    /// The legal moves (none once the game is over), generated when used.
    /// (`Game.legal_moves`, on `Board` itself for the speed of the loops
    /// that ask at every node: the receiver is checked by its exact type.)
    #[getter]
    fn legal_moves(slf: Bound<'_, Self>) -> crate::legal::PyLegalMoves {
        crate::game::legal_moves_of(slf.into_any())
    }

    /// Whether the game is over: it allows no move (`Game.is_game_over`,
    /// declared again on `Board` for the playout loop's speed: CPython 3.11
    /// on specializes a method call only when the object's type is the
    /// method's own class; inherited, each call took the generic path,
    /// about 460 instructions more a ply of a random playout by callgrind).
    fn is_game_over(slf: &Bound<'_, Self>) -> PyResult<bool> {
        crate::game::board_is_over(slf.as_super())
    }

    /// The moves played since the start, oldest first.
    #[getter]
    fn move_stack(this: GameRef<'_>, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        move_objects(py, this.board()?.moves(), this.shape())
    }

    /// The last move. Raises ``IndexError`` at the start.
    fn peek(this: GameRef<'_>, py: Python<'_>) -> PyResult<Py<PyMove>> {
        match this.board()?.moves().last() {
            Some(&mv) => move_object(py, mv, this.shape()),
            None => Err(PyIndexError::new_err("peek at a board with no moves")),
        }
    }

    /// Whether a move (``Move`` or USI) is legal now; malformed text is not.
    fn is_legal(this: GameRef<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let board = this.board()?;
        Ok(match a_move(r#move) {
            Ok(mv) => board.is_legal(mv),
            Err(_) => false,
        })
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
        py: Python<'_>,
        sfen: Text<SfenText>,
        variant: Option<Text<SettingText>>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<Self>> {
        let v = variant_named(variant, settings)?;
        let pos = v
            .problem_from_sfen(&sfen)
            .map_err(|e| InvalidSfenError::new_err(e.to_string()))?;
        Py::new(py, PyBoard::init(Game::from_position(v, pos)))
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
            slf.as_any(),
            &mut solver,
            limits,
            progress,
            crate::mate::Side::Attacker,
        )
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(this: GameRef<'_>) -> PyResult<bool> {
        let board = this.board()?;
        Ok(board.position().is_check() && board.variant().count_legal_moves(board.position()) == 0)
    }

    /// How many times the current position has occurred (1 the first time).
    fn repetition_count(this: GameRef<'_>) -> PyResult<usize> {
        Ok(this.board()?.repetition_count())
    }

    /// Declare a win by entering king (``SettingError`` if the variant's settings have no declaration rule).
    fn declare(mut this: GameMut<'_>) -> PyResult<PyOutcome> {
        this.forget_listing();
        this.board_mut()?
            .declare()
            .map(PyOutcome)
            .map_err(game_error)
    }

    /// The piece on a square as its SFEN letter (``"P"``, ``"+r"``), or ``None``.
    fn piece_at(this: GameRef<'_>, square: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let sq = convert::square(square, this.shape())?;
        Ok(this.board()?.position().piece_at(sq).map(|p| p.to_string()))
    }

    /// Pieces in hand by uppercase letter, only those held.
    fn hand<'py>(
        this: GameRef<'_>,
        py: Python<'py>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        convert::hand(py, this.board()?.position().hand(convert::color(color)?))
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
            let me = crate::legal::read::<PyGame>(slf.as_any())?;
            let board = me.board()?;
            (board.variant().clone(), board.position().clone())
        };
        let stop = Interrupt::new();
        let n = slf.py().detach(|| {
            shogi_core::perft_until(&variant, &mut pos, depth, bulk, &mut || stop.poll())
        });
        crate::pending::raise_pending()?;
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
            let me = crate::legal::read::<PyGame>(slf.as_any())?;
            let board = me.board()?;
            (board.variant().clone(), board.position().clone())
        };
        let stop = Interrupt::new();
        let counts = py.detach(|| {
            shogi_core::divide_until(&variant, &mut pos, depth, true, &mut || stop.poll())
        });
        crate::pending::raise_pending()?;
        let counts = stop.finish(counts)?.unwrap_or_default();
        let d = PyDict::new(py);
        for (mv, n) in counts {
            d.set_item(mv.to_string(), n)?;
        }
        Ok(d)
    }

    /// A copy; with ``stack=False`` the copy starts at the current position.
    #[pyo3(signature = (stack = true))]
    fn copy(this: GameRef<'_>, stack: bool) -> PyResult<Py<Self>> {
        let board = this.board()?;
        Py::new(
            this.py(),
            PyBoard::init(if stack {
                board.clone()
            } else {
                Game::from_position(board.variant().clone(), board.position().clone())
            }),
        )
    }

    /// A board at the start position with the same variant and settings.
    fn root(this: GameRef<'_>) -> PyResult<Py<Self>> {
        let board = this.board()?;
        Py::new(
            this.py(),
            PyBoard::init(Game::from_position(
                board.variant().clone(),
                board.start_position().clone(),
            )),
        )
    }

    /// Same variant and settings, same position (history aside).
    /// Raises ``BusyError`` if either board is being changed by another call.
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if other.cast::<PyBoard>().is_err() {
            return Ok(false);
        }
        let (this, o) = (
            GameRef::try_from(slf)?,
            GameRef::try_from(other.cast::<PyGame>()?)?,
        );
        let (this, o) = (this.board()?, o.board()?);
        Ok(o.variant() == this.variant() && o.position() == this.position())
    }

    fn __repr__(this: GameRef<'_>) -> PyResult<String> {
        let board = this.board()?;
        let kwargs =
            convert::non_default_kwargs(&board.variant().settings(), &default_settings(board));
        let variant = match board.variant() {
            AnyVariant::Standard(_) => String::new(),
            v => format!(", variant={}", convert::py_str(v.name())),
        };
        Ok(format!(
            "Board({}{variant}{kwargs})",
            convert::py_str(&board.position().to_sfen())
        ))
    }

    /// The game's record (``Record``): its moves from the start, the
    /// resignation or declaration that ended it, headers from keyword
    /// arguments (``black="Habu", event="Meijin"``), optionally each move's
    /// time in seconds and an end (``"resign"``, ``"timeout"``, ...).
    #[pyo3(signature = (times = None, end = None, **headers))]
    fn record(
        this: GameRef<'_>,
        times: Option<Vec<Option<Int<u32, convert::Times>>>>,
        end: Option<Text>,
        headers: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<crate::record::PyRecord> {
        let times = times.map(|t| t.into_iter().map(|s| s.map(Int::get)).collect());
        crate::record::board_record(this.board()?, headers, times, end.as_deref())
    }

    /// The game as cshogi's HCPE training data: each position before a
    /// move, that move, the winner (none while the game goes on or when
    /// drawn), 38 bytes a position (``np.frombuffer(data,
    /// cshogi.HuffmanCodedPosAndEval)`` reads it). Standard shogi with all
    /// forty pieces only; raises ``TrainingDataError``.
    fn hcpe<'py>(this: GameRef<'_>, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        let entries = crate::training::game_entries(this.board()?);
        crate::training::write(py, &entries, crate::training::TrainingFormat::Hcpe)
    }

    /// The game as YaneuraOu's PSV training data (``PackedSfenValue``, 40
    /// bytes a position). Raises ``TrainingDataError``.
    fn psv<'py>(this: GameRef<'_>, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        let entries = crate::training::game_entries(this.board()?);
        crate::training::write(py, &entries, crate::training::TrainingFormat::Psv)
    }

    /// A legal move in Japanese notation (``▲７六歩``, ``△同　歩``, ``▲５八金右``).
    fn japanese(this: GameRef<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let mv = legal_move(this.board()?, r#move)?;
        let last = this.board()?.moves().last().map(|m| m.to());
        Ok(shogi_core::notation::japanese::write(
            this.board()?.position(),
            mv,
            last,
        ))
    }

    /// A legal move in Western notation (``P-7f``, ``Bx2b+``, ``S*5e``).
    fn western(this: GameRef<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let mv = legal_move(this.board()?, r#move)?;
        Ok(shogi_core::notation::western::write(
            this.board()?.position(),
            mv,
        ))
    }

    /// The legal move written in Japanese notation. Raises
    /// ``AmbiguousMoveError`` when several legal moves fit it (``５八金``
    /// with two golds that can go there), ``InvalidMoveError`` otherwise.
    fn parse_japanese(
        this: GameRef<'_>,
        py: Python<'_>,
        text: Text<MoveText>,
    ) -> PyResult<Py<PyMove>> {
        move_object(py, read_japanese(this.board()?, &text)?, this.shape())
    }

    /// The legal move written in Western notation. Raises
    /// ``AmbiguousMoveError`` when several legal moves fit it (``G-5h``
    /// with two golds that can go there), ``InvalidMoveError`` otherwise.
    fn parse_western(
        this: GameRef<'_>,
        py: Python<'_>,
        text: Text<MoveText>,
    ) -> PyResult<Py<PyMove>> {
        move_object(py, read_western(this.board()?, &text)?, this.shape())
    }

    /// Parse a move in Japanese notation (``"▲７六歩"``, ``"同　歩"``,
    /// ``"５八金右"``) and play it; returns the move. Raises what
    /// ``parse_japanese`` raises (``AmbiguousMoveError`` for "which gold?"),
    /// and ``GameOverError`` once the game is over; the board is then unchanged.
    fn push_japanese(
        mut this: GameMut<'_>,
        py: Python<'_>,
        text: Text<MoveText>,
    ) -> PyResult<Py<PyMove>> {
        let mv = read_japanese(this.board()?, &text)?;
        this.play(mv)?;
        move_object(py, mv, this.shape())
    }

    /// Parse a move in Western notation (``"P-7f"``, ``"Bx2b+"``,
    /// ``"S*5e"``) and play it; returns the move. Raises what
    /// ``parse_western`` raises (``AmbiguousMoveError`` for "which gold?"),
    /// and ``GameOverError`` once the game is over; the board is then unchanged.
    fn push_western(
        mut this: GameMut<'_>,
        py: Python<'_>,
        text: Text<MoveText>,
    ) -> PyResult<Py<PyMove>> {
        let mv = read_western(this.board()?, &text)?;
        this.play(mv)?;
        move_object(py, mv, this.shape())
    }

    /// Whether a legal move would give check. Raises ``IllegalMoveError``
    /// for a move that is not legal here (``InvalidMoveError`` for text
    /// that is no move); the board is never changed.
    fn gives_check(this: GameRef<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = legal_move(this.board()?, r#move)?;
        let mut pos = this.board()?.position().clone();
        pos.play_unchecked(mv);
        Ok(pos.is_check())
    }

    /// Whether a legal move captures (a drop never does). Raises
    /// ``IllegalMoveError`` for a move that is not legal here.
    fn is_capture(this: GameRef<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = legal_move(this.board()?, r#move)?;
        Ok(mv.from().is_some() && this.board()?.position().piece_at(mv.to()).is_some())
    }

    /// The moves played since the game's start (``len(move_stack)``); the
    /// SFEN ``move_number`` is ``ply() + 1`` when the game started at move 1.
    fn ply(this: GameRef<'_>) -> PyResult<usize> {
        Ok(this.board()?.moves().len())
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
    fn is_repetition(this: GameRef<'_>, n: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
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
        Ok(this.board()?.repetition_count() >= n as usize)
    }

    /// The position as a ``float32`` array ``(planes, ranks, files)`` seen by
    /// ``color`` (default: the side to move), the board turned for White.
    /// The planes are listed in docs/research.md. A plane is a
    /// picture: for Black, square ``sq`` is at row ``square_rank(sq) - 1``,
    /// column ``files - square_file(sq)``, so
    /// ``planes[:, :, ::-1].transpose(0, 2, 1).reshape(len(planes), -1)``
    /// has one column per square, in this board's square numbering.
    #[pyo3(signature = (color = None))]
    fn observation_tensor<'py>(
        this: GameRef<'_>,
        py: Python<'py>,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let board = this.board()?;
        let viewer = actions::viewer(color, board.position().side_to_move())?;
        actions::observation_array(py, observation_shape(board.position()), |out| {
            board_observation(board, viewer, out)
        })
    }

    /// Deprecated: ``observation_tensor(color)`` (``observation`` is a
    /// seat's view in Rust; the tensor is OpenSpiel's ``observation_tensor``).
    #[pyo3(signature = (color = None))]
    fn observation<'py>(
        this: GameRef<'_>,
        py: Python<'py>,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        crate::errors::deprecated(py, "Board.observation()", "observation_tensor()")?;
        Self::observation_tensor(this, py, color)
    }

    /// ``(planes, ranks, files)`` of ``observation_tensor()``.
    #[getter]
    fn observation_shape(this: GameRef<'_>) -> PyResult<(usize, usize, usize)> {
        Ok(actions::shape_tuple(observation_shape(
            this.board()?.position(),
        )))
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

/// A board game of `variant` from a position written in `dialect`
/// (`None` or `"startpos"`: its start). Raises `InvalidSfenError`.
fn board_from(
    variant: AnyVariant,
    sfen: Option<&str>,
    dialect: shogi_variants::Dialect,
) -> PyResult<Game<AnyVariant>> {
    match sfen {
        Some(text) if text != "startpos" && dialect != shogi_variants::Dialect::Usi => {
            let start = AnyGame::Board(Box::new(Game::new(variant.clone())));
            let ours = crate::dialect::sfen_from(&start, text, dialect)?;
            board_game(variant, Some(&ours))
        }
        _ => board_game(variant, sfen),
    }
}
