//! Mate search from Python: `Board.mate`, `MateSolver`, `MateReport`.
//! The search runs on a copy of the board with the GIL released; Ctrl-C
//! stops it within about 50 ms (`KeyboardInterrupt`), and a progress
//! callback is called from the calling thread a few times a second.

use crate::busy::InUse;
use crate::convert::{self, Int};
use crate::errors::GameOverError;
use crate::game::{PyBoard, PyGame};
use crate::interrupt::Interrupt;
use crate::moves::{family_move_object, move_objects, PyMove};
use pyo3::prelude::*;
use shogi_core::{Move, Position};
use shogi_players::{
    find_family_mate_with_progress, MateLimits, MateProgress, MateReport, MateResult, MateSolver,
};
use shogi_variants::{AnyVariant, FamilyGame, GameState};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often a Python progress callback is called, at most.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// The largest table a solver takes, in MiB (the machine's memory is the
/// real bound; this one keeps a typo from asking for a terabyte).
const MAX_TABLE_MB: u64 = 1 << 16;

/// What a mate search found: ``result`` is ``"mate"``, ``"no_mate"`` (a
/// proof: every line of checks fails) or ``"timeout"`` (the budget ran out
/// undecided); ``moves`` the mating line (empty unless a mate), ``plies``
/// its length, ``shortest`` whether that length is proved the shortest
/// under the game's rules, ``nodes`` the positions searched and
/// ``elapsed`` the seconds taken. True when it is a mate.
#[pyclass(module = "shogi_variants", name = "MateReport", frozen)]
pub struct PyMateReport {
    report: MateReport,
    moves: Vec<Py<PyMove>>,
}

#[pymethods]
impl PyMateReport {
    /// ``"mate"``, ``"no_mate"`` or ``"timeout"``.
    #[getter]
    fn result(&self) -> &'static str {
        match self.report.result {
            MateResult::Mate(_) => "mate",
            MateResult::NoMate => "no_mate",
            MateResult::Timeout => "timeout",
        }
    }

    /// The mating line: the attacker's moves and the defender's longest
    /// replies, alternately; empty unless ``result == "mate"``.
    #[getter]
    fn moves(&self, py: Python<'_>) -> Vec<Py<PyMove>> {
        self.moves.iter().map(|m| m.clone_ref(py)).collect()
    }

    /// The mate's length in plies under the game's rules (every legal
    /// interposition counted), or ``None`` unless a mate.
    #[getter]
    fn plies(&self) -> Option<usize> {
        self.report.result.mate().map(<[Move]>::len)
    }

    /// Whether the mate's length is proved the shortest.
    #[getter]
    fn shortest(&self) -> bool {
        self.report.shortest
    }

    /// Positions searched.
    #[getter]
    fn nodes(&self) -> u64 {
        self.report.nodes
    }

    /// Seconds taken.
    #[getter]
    fn elapsed(&self) -> f64 {
        self.report.elapsed.as_secs_f64()
    }

    fn __bool__(&self) -> bool {
        matches!(self.report.result, MateResult::Mate(_))
    }

    fn __repr__(&self) -> String {
        let line: Vec<String> = self
            .report
            .result
            .mate()
            .unwrap_or_default()
            .iter()
            .map(Move::to_string)
            .collect();
        match &self.report.result {
            MateResult::Mate(_) => format!(
                "<MateReport mate in {}{}: {} ({} nodes, {:.3} s)>",
                line.len(),
                if self.report.shortest {
                    ""
                } else {
                    " (maybe not shortest)"
                },
                line.join(" "),
                self.report.nodes,
                self.elapsed()
            ),
            _ => format!(
                "<MateReport {} ({} nodes, {:.3} s)>",
                self.result(),
                self.report.nodes,
                self.elapsed()
            ),
        }
    }
}

/// A progress report given to a mate search's ``progress`` callback:
/// ``nodes`` searched so far, ``elapsed`` seconds, and ``mate_plies``, the
/// length of the mate found so far while it is being shortened (else
/// ``None``).
#[pyclass(module = "shogi_variants", name = "MateProgress", frozen)]
pub struct PyMateProgress(MateProgress);

#[pymethods]
impl PyMateProgress {
    /// Positions searched so far.
    #[getter]
    fn nodes(&self) -> u64 {
        self.0.nodes
    }

    /// Seconds since the search began.
    #[getter]
    fn elapsed(&self) -> f64 {
        self.0.elapsed.as_secs_f64()
    }

    /// The length of the mate found so far, while it is being shortened.
    #[getter]
    fn mate_plies(&self) -> Option<u16> {
        self.0.mate_plies
    }

    fn __repr__(&self) -> String {
        format!(
            "<MateProgress {} nodes, {:.1} s{}>",
            self.0.nodes,
            self.0.elapsed.as_secs_f64(),
            self.0
                .mate_plies
                .map(|n| format!(", mate in {n} found"))
                .unwrap_or_default()
        )
    }
}

/// A df-pn mate solver that keeps its transposition table from one problem
/// to the next (allocated once). ``MateSolver(table_mb=64)``; one call at a
/// time (another thread gets ``BusyError``).
#[pyclass(module = "shogi_variants", name = "MateSolver", frozen)]
pub struct PyMateSolver {
    solver: InUse<MateSolver>,
    table_mb: u64,
}

#[pymethods]
impl PyMateSolver {
    #[new]
    #[pyo3(signature = (table_mb = Int::of(64)), text_signature = "(table_mb=64)")]
    fn new(table_mb: Int<u64, convert::TableMb>) -> PyResult<Self> {
        let table_mb = table_mb.get();
        Ok(PyMateSolver {
            solver: InUse::new(
                fresh_solver(table_mb)?,
                "this MateSolver",
                "a MateSolver of its own per thread",
            ),
            table_mb,
        })
    }

    /// The table's size in MiB, as asked for.
    #[getter]
    fn table_mb(&self) -> u64 {
        self.table_mb
    }

    /// Can the side to move of ``board`` force mate by checking with every
    /// move? See ``Board.mate``.
    #[pyo3(signature = (board, nodes = None, time_ms = None, max_plies = None, progress = None, shortest = true))]
    fn solve(
        &self,
        board: &Bound<'_, PyBoard>,
        nodes: Option<Int<u64, convert::Nodes>>,
        time_ms: Option<Int<u64, convert::TimeMs>>,
        max_plies: Option<Int<u32, convert::MaxPlies>>,
        progress: Option<Bound<'_, PyAny>>,
        shortest: bool,
    ) -> PyResult<PyMateReport> {
        let mut solver = self.solver.lock("solve")?;
        let limits = Limits::read(nodes, time_ms, max_plies, shortest)?;
        run(
            board.as_any(),
            &mut solver,
            limits,
            progress,
            Side::Attacker,
        )
    }

    /// Is the side to move of ``board``, in check, mated by force (a problem
    /// given at the defender's turn)? The line starts with the defender's
    /// longest reply and has an even length (0: mated already);
    /// ``"no_mate"`` means it escapes.
    #[pyo3(signature = (board, nodes = None, time_ms = None, max_plies = None, progress = None, shortest = true))]
    fn solve_defence(
        &self,
        board: &Bound<'_, PyBoard>,
        nodes: Option<Int<u64, convert::Nodes>>,
        time_ms: Option<Int<u64, convert::TimeMs>>,
        max_plies: Option<Int<u32, convert::MaxPlies>>,
        progress: Option<Bound<'_, PyAny>>,
        shortest: bool,
    ) -> PyResult<PyMateReport> {
        let mut solver = self.solver.lock("solve_defence")?;
        let limits = Limits::read(nodes, time_ms, max_plies, shortest)?;
        run(
            board.as_any(),
            &mut solver,
            limits,
            progress,
            Side::Defender,
        )
    }

    fn __repr__(&self) -> String {
        format!("<MateSolver table_mb={}>", self.table_mb)
    }
}

/// The limits of one call.
pub struct Limits {
    nodes: Option<u64>,
    time: Option<Duration>,
    max_plies: u32,
    shortest: bool,
}

impl Limits {
    /// The Python arguments; `max_plies` must be at least 1.
    pub fn read(
        nodes: Option<Int<u64, convert::Nodes>>,
        time_ms: Option<Int<u64, convert::TimeMs>>,
        max_plies: Option<Int<u32, convert::MaxPlies>>,
        shortest: bool,
    ) -> PyResult<Limits> {
        let max_plies = max_plies.map_or(shogi_players::MAX_MATE_PLIES, Int::get);
        if max_plies == 0 {
            return Err(crate::errors::ArgumentError::new_err(
                "max_plies must be at least 1 (a mate takes a move)",
            ));
        }
        Ok(Limits {
            nodes: nodes.map(Int::get),
            time: time_ms.map(|t| Duration::from_millis(t.get())),
            max_plies,
            shortest,
        })
    }

    /// The search's limits, stopped also by `stop` (Ctrl-C, a progress
    /// callback's error).
    fn stopped_by(&self, stop: &Arc<AtomicBool>) -> MateLimits {
        MateLimits {
            max_plies: self.max_plies,
            time: self.time,
            nodes: self.nodes,
            stop: Some(stop.clone()),
            shortest: self.shortest,
        }
    }
}

/// Whose mate is asked about.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The side to move mates.
    Attacker,
    /// The side to move, in check, is mated.
    Defender,
}

/// Runs `solver` on a copy of `board` with the GIL released.
pub fn run(
    board: &Bound<'_, PyAny>,
    solver: &mut MateSolver,
    limits: Limits,
    progress: Option<Bound<'_, PyAny>>,
    side: Side,
) -> PyResult<PyMateReport> {
    let py = board.py();
    if let Some(p) = &progress {
        if !p.is_callable() {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "progress must be callable (it is given a MateProgress)",
            ));
        }
    }
    let (variant, pos, shape): (AnyVariant, Position, _) = {
        let me = crate::legal::read::<PyGame>(board)?;
        let game = me.board()?;
        (game.variant().clone(), game.position().clone(), me.shape())
    };
    let stop = Arc::new(AtomicBool::new(false));
    let mate_limits = limits.stopped_by(&stop);
    let interrupt = Interrupt::new();
    let progress = progress.map(Bound::unbind);
    let report = py.detach(|| {
        let mut next_report = Instant::now() + PROGRESS_EVERY;
        let mut tick = |p: MateProgress| {
            if interrupt.poll() {
                stop.store(true, Ordering::Relaxed);
                return;
            }
            let Some(callback) = &progress else { return };
            let now = Instant::now();
            if now < next_report {
                return;
            }
            next_report = now + PROGRESS_EVERY;
            Python::attach(|py| {
                if let Err(e) = callback.call1(py, (PyMateProgress(p),)) {
                    interrupt.stop_with(e);
                    stop.store(true, Ordering::Relaxed);
                }
            });
        };
        match side {
            Side::Attacker => solver.solve_with_progress(&variant, &pos, &mate_limits, &mut tick),
            Side::Defender => {
                solver.solve_defence_with_progress(&variant, &pos, &mate_limits, &mut tick)
            }
        }
    });
    crate::pending::raise_pending()?;
    let report = interrupt.finish(report)?;
    let moves = move_objects(py, report.result.mate().unwrap_or_default(), shape)?;
    Ok(PyMateReport { report, moves })
}

/// `FamilyGame.mate`: the exhaustive mate search of the shogi family on a
/// copy of `game`, with the GIL released (Ctrl-C stops it, as the solver's).
pub fn run_family(
    py: Python<'_>,
    game: &FamilyGame,
    shape: crate::convert::Shape,
    limits: Limits,
) -> PyResult<PyMateReport> {
    let game_copy = game.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let mate_limits = limits.stopped_by(&stop);
    let interrupt = Interrupt::new();
    let report = py.detach(|| {
        let mut tick = |_: MateProgress| {
            if interrupt.poll() {
                stop.store(true, Ordering::Relaxed);
            }
        };
        find_family_mate_with_progress(&game_copy, &mate_limits, &mut tick)
    });
    crate::pending::raise_pending()?;
    let report = interrupt
        .finish(report)?
        .map_err(|e| GameOverError::new_err(e.to_string()))?;
    // Each move's text is its position's (kyoto's + and - depend on the face).
    let mut along = game.clone();
    let mut moves = Vec::new();
    for &mv in report.result.mate().unwrap_or_default() {
        moves.push(family_move_object(py, &along, mv, shape)?);
        along.play_unchecked(mv);
    }
    Ok(PyMateReport { report, moves })
}

/// A solver for one call (`Board.mate`), its table as asked for.
pub fn fresh_solver(table_mb: u64) -> PyResult<MateSolver> {
    if !(1..=MAX_TABLE_MB).contains(&table_mb) {
        return Err(crate::errors::ArgumentError::new_err(format!(
            "table_mb must be 1..={MAX_TABLE_MB}, not {table_mb}"
        )));
    }
    Ok(MateSolver::with_table_bytes(
        usize::try_from(table_mb << 20).unwrap_or(usize::MAX),
    ))
}
