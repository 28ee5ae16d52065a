//! Computer players and matches from Python. The built-in players are
//! native; any Python object with a `choose(observation)` method can take a
//! seat in a match too.

use crate::busy::InUse;
use crate::convert::{self, Int, Seed, SettingText, Shape, Text};
use crate::enums::{ColorObj, ReasonObj};
use crate::errors::{SettingError, ShogiError};
use crate::game::PyGame;
use crate::interrupt::Interrupt;
use crate::moves::{move_object, PyMove};
use crate::tsuitate::PyPlayerView;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use shogi_core::{Color, Game, Move};
use shogi_players::{
    play_match_until as run_match, BeliefPlayer, Budget, CardExpectimaxPlayer, GameRecord,
    MatchResult, MatchSettings, NaivePlayer, Observation, Player, RandomPlayer, SearchPlayer,
};
use shogi_variants::{AnyGame, AnyVariant, CardGame, FamilyGame, GameState, PlayerView};
use std::sync::{Arc, MutexGuard};
use std::time::Duration;

/// A native player behind a Python class.
type Native = Box<dyn Player + Send>;

/// A native player, used by one call at a time: `choose`, `new_game` and a
/// match lock it; a call that finds it locked raises `BusyError` (another
/// thread, or a Python player's callback reaching a player seated in the
/// match it is playing).
pub type Seat = InUse<Native>;

/// What a busy player's message suggests instead.
const OWN_PLAYER: &str = "copy.copy(player) (a player with the same settings)";

/// A copy of what a Python observation shows, so that a native player can
/// think with the GIL released while the game object stays free.
#[allow(clippy::large_enum_variant)] // one short-lived value per `choose`
enum Snapshot {
    Board(Game<AnyVariant>),
    Card(CardGame),
    View(PlayerView),
    Family(FamilyGame),
}

impl Snapshot {
    fn of(observation: &Bound<'_, PyAny>) -> PyResult<Snapshot> {
        if observation.cast::<PyGame>().is_ok() {
            let g = crate::legal::read::<PyGame>(observation)?;
            match &g.game {
                AnyGame::Board(b) => return Ok(Snapshot::Board((**b).clone())),
                AnyGame::Card(c) => return Ok(Snapshot::Card((**c).clone())),
                AnyGame::Family(f) => return Ok(Snapshot::Family((**f).clone())),
                AnyGame::Tsuitate(_) => {}
            }
        }
        if let Ok(v) = observation.cast::<PyPlayerView>() {
            return Ok(Snapshot::View(v.get().view.clone()));
        }
        Err(ShogiError::new_err(format!(
            "a player observes a Board, a CardGame at its move step, a FamilyGame or a PlayerView, not {}",
            observation.get_type().name()?
        )))
    }

    /// The observed board's square numbering.
    fn shape(&self) -> Shape {
        match self {
            Snapshot::Board(g) => Shape::of(g.position().geometry()),
            Snapshot::Card(c) => Shape::of(c.position().geometry()),
            Snapshot::View(v) => Shape::of(v.board.geometry()),
            Snapshot::Family(f) => Shape::of(GameState::geometry(f)),
        }
    }

    fn observation(&self) -> Observation<'_> {
        match self {
            Snapshot::Board(g) => Observation::board(g),
            Snapshot::Card(c) => Observation::card(c),
            Snapshot::View(v) => Observation::tsuitate(v),
            Snapshot::Family(f) => GameState::observation(f, f.side_to_move()),
        }
    }

    /// The `Move` object of `mv`, chosen in this snapshot's position (a
    /// family game's: written with its definition's letters).
    fn move_object(&self, py: Python<'_>, mv: Move) -> PyResult<Py<PyMove>> {
        match self {
            Snapshot::Family(f) => crate::moves::family_move_object(py, f, mv, self.shape()),
            _ => move_object(py, mv, self.shape()),
        }
    }
}

/// Asks a native player for a move on a Python observation: on a copy of
/// it, with the GIL released, Ctrl-C checked every 50 ms by a player that
/// thinks long (a search: every 1024 nodes).
/// The move comes as a `Move` object numbered on the observed board.
fn choose_native(seat: &Seat, observation: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyMove>>> {
    let snapshot = Snapshot::of(observation)?;
    let mut guard = seat.lock("choose")?;
    let player: &mut Native = &mut guard;
    let stop = Arc::new(Interrupt::new());
    let check = Arc::clone(&stop);
    let mv = observation.py().detach(|| {
        player.set_stop_check(Some(Arc::new(move || check.poll())));
        let mv = player.choose(snapshot.observation());
        player.set_stop_check(None);
        mv
    });
    crate::pending::raise_pending()?;
    match stop.finish(mv)? {
        Some(mv) => snapshot.move_object(observation.py(), mv).map(Some),
        None => Ok(None),
    }
}

/// The positional arguments that make a player with the same settings.
fn settings_tuple<'py>(py: Python<'py>, args: &[Option<u64>]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, args.iter().copied())
}

macro_rules! native_player {
    ($rust:ident, $py:literal, $doc:literal, { $($ctor:tt)* }) => {
        #[doc = $doc]
        #[pyclass(module = "shogi_variants", name = $py, frozen)]
        pub struct $rust {
            seat: Seat,
            /// Its name (fixed by its settings).
            name: String,
            /// Its constructor's arguments, for pickling.
            args: Vec<Option<u64>>,
        }

        impl $rust {
            fn of(player: impl Player + Send + 'static, args: Vec<Option<u64>>) -> Self {
                let name = player.name();
                $rust {
                    seat: Seat::new(Box::new(player), concat!("this ", $py), OWN_PLAYER),
                    name,
                    args,
                }
            }
        }

        #[pymethods]
        impl $rust {
            $($ctor)*

            /// The player's name, as match tables print it.
            #[getter]
            fn name(&self) -> String {
                self.name.clone()
            }

            /// The move to play: ``observation`` is a ``Board``, a
            /// ``CardGame`` at its move step, a ``FamilyGame`` (its move
            /// written with the definition's letters) or a Tsuitate
            /// ``PlayerView``.
            /// ``None`` if there is no move. The player thinks on a copy
            /// of the observation with the GIL released; Ctrl-C stops a
            /// long search within about 50 ms (``KeyboardInterrupt``; the
            /// player stays usable, its search tables keeping what the
            /// stopped search learnt: ``new_game()`` forgets). A player in
            /// use by another call (a match in another thread) raises
            /// ``BusyError``.
            fn choose(
                &self,
                observation: &Bound<'_, PyAny>,
            ) -> PyResult<Option<Py<PyMove>>> {
                choose_native(&self.seat, observation)
            }

            /// Forget the last game (matches call this before each game).
            fn new_game(&self) -> PyResult<()> {
                self.seat.lock("new_game")?.new_game();
                Ok(())
            }

            /// Pickles (and copies) as its settings: a fresh player with the
            /// same settings. What it learnt (search tables, random state,
            /// beliefs) is not carried.
            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
                let py = slf.py();
                Ok((slf.get_type().into_any(), settings_tuple(py, &slf.get().args)?))
            }

            fn __repr__(&self) -> String {
                format!("<{} {}>", $py, self.name)
            }
        }
    };
}

native_player!(
    PyRandomPlayer,
    "RandomPlayer",
    "Chooses uniformly among the allowed moves. ``RandomPlayer(seed=0)``.",
    {
        #[new]
        #[pyo3(signature = (seed = Int::of(0)), text_signature = "(seed=0)")]
        fn new(seed: Int<u64, Seed>) -> Self {
            let seed = seed.get();
            PyRandomPlayer::of(RandomPlayer::new(seed), vec![Some(seed)])
        }
    }
);
native_player!(
    PySearchPlayer,
    "SearchPlayer",
    "Alpha-beta search (iterative deepening, transposition table, quiescence) for standard, minishogi and must-capture. ``SearchPlayer(depth=None, nodes=None, time_ms=None, seed=None)``: one budget (default 20,000 nodes); a seed adds tie-breaking noise.",
    {
    #[new]
    #[pyo3(signature = (depth = None, nodes = None, time_ms = None, seed = None))]
    fn new(
        depth: Option<Int<u32, convert::Depth>>,
        nodes: Option<Int<u64, convert::Nodes>>,
        time_ms: Option<Int<u64, convert::TimeMs>>,
        seed: Option<Int<u64, Seed>>,
    ) -> PyResult<Self> {
        let (depth, nodes) = (depth.map(Int::get), nodes.map(Int::get));
        let (time_ms, seed) = (time_ms.map(Int::get), seed.map(Int::get));
        let budget = match (depth, nodes, time_ms) {
            (None, None, None) => Budget::Nodes(20_000),
            (Some(d), None, None) if d >= 1 => Budget::Depth(d),
            (None, Some(n), None) if n >= 1 => Budget::Nodes(n),
            (None, None, Some(t)) if t >= 1 => Budget::Time(Duration::from_millis(t)),
            _ => {
                return Err(SettingError::new_err(
                    "give one budget: depth (>= 1), nodes (>= 1) or time_ms (>= 1)",
                ))
            }
        };
        let mut player = SearchPlayer::new(budget);
        if let Some(seed) = seed {
            player = player.with_seed(seed);
        }
        Ok(PySearchPlayer::of(player, vec![depth.map(u64::from), nodes, time_ms, seed]))
    }
    }
);
native_player!(
    PyCardPlayer,
    "CardPlayer",
    "Card shogi: expectimax over the opponent's next card. ``CardPlayer()``.",
    {
        #[new]
        fn new() -> Self {
            PyCardPlayer::of(CardExpectimaxPlayer::new(), Vec::new())
        }
    }
);
native_player!(
    PyBeliefPlayer,
    "BeliefPlayer",
    "Tsuitate shogi: keeps sampled positions consistent with everything announced and plans over them. ``BeliefPlayer(seed=0, particles=None)``.",
    {
    #[new]
    #[pyo3(signature = (seed = Int::of(0), particles = None), text_signature = "(seed=0, particles=None)")]
    fn new(seed: Int<u64, Seed>, particles: Option<Int<usize, convert::Particles>>) -> PyResult<Self> {
        let (seed, particles) = (seed.get(), particles.map(Int::get));
        let mut player = BeliefPlayer::new(seed);
        if let Some(n) = particles {
            if n == 0 {
                return Err(SettingError::new_err("particles must be at least 1"));
            }
            player = player.with_particles(n);
        }
        Ok(PyBeliefPlayer::of(player, vec![Some(seed), particles.map(|n| n as u64)]))
    }
    }
);
native_player!(
    PyNaivePlayer,
    "NaivePlayer",
    "Tsuitate baseline that ignores what it was told. ``NaivePlayer(seed=0)``.",
    {
        #[new]
        #[pyo3(signature = (seed = Int::of(0)), text_signature = "(seed=0)")]
        fn new(seed: Int<u64, Seed>) -> Self {
            let seed = seed.get();
            PyNaivePlayer::of(NaivePlayer::new(seed), vec![Some(seed)])
        }
    }
);

/// A Python object with `choose(observation)` in a native match. A Python
/// error or a non-move answer counts as offering no move (a forfeit); the
/// error is kept and raised when the match ends. A `KeyboardInterrupt`,
/// `SystemExit` or any other exception that is not an `Exception` stops the
/// match at once instead (it is raised as soon as the match has stopped).
struct PythonPlayer {
    obj: Py<PyAny>,
    error: Option<PyErr>,
    stop: Arc<Interrupt>,
}

impl PythonPlayer {
    /// Keeps an error of the player's: an ordinary one for after the
    /// match, one that is not an `Exception` (Ctrl-C) to stop it now.
    fn failed(&mut self, py: Python<'_>, e: PyErr) {
        if e.is_instance_of::<PyException>(py) {
            self.error.get_or_insert(e);
        } else {
            self.stop.stop_with(e);
        }
    }
}

impl Player for PythonPlayer {
    fn name(&self) -> String {
        Python::attach(|py| {
            let obj = self.obj.bind(py);
            obj.getattr("name")
                .and_then(|n| n.extract::<String>())
                .or_else(|_| obj.get_type().name().map(|n| n.to_string()))
                .unwrap_or_else(|_| "python".to_owned())
        })
    }

    fn choose(&mut self, observation: Observation<'_>) -> Option<Move> {
        Python::attach(|py| {
            // What the seat sees, as the Python class a Python player knows.
            let arg = crate::game::seen_object(py, observation.seen().clone());
            let answer = arg.and_then(|a| self.obj.bind(py).call_method1("choose", (a,)));
            match answer {
                Ok(m) if m.is_none() => None,
                Ok(m) => match crate::moves::a_move(&m) {
                    Ok(mv) => Some(mv),
                    Err(e) => {
                        self.failed(py, e);
                        None
                    }
                },
                Err(e) => {
                    self.failed(py, e);
                    None
                }
            }
        })
    }

    fn new_game(&mut self) {
        Python::attach(|py| {
            let obj = self.obj.bind(py);
            if obj.hasattr("new_game").unwrap_or(false) {
                if let Err(e) = obj.call_method0("new_game") {
                    self.failed(py, e);
                }
            }
        });
    }
}

/// The native player of `obj`, if it is one of ours.
fn seat_of<'a>(obj: &'a Bound<'_, PyAny>) -> Option<&'a Seat> {
    macro_rules! seat {
        ($($t:ty),*) => {$(
            if let Ok(p) = obj.cast::<$t>() {
                return Some(&p.get().seat);
            }
        )*};
    }
    seat!(
        PyRandomPlayer,
        PySearchPlayer,
        PyCardPlayer,
        PyBeliefPlayer,
        PyNaivePlayer
    );
    None
}

/// The result of a match, from player A's side.
#[pyclass(module = "shogi_variants", name = "MatchResult", frozen)]
pub struct PyMatchResult {
    result: MatchResult,
}

#[pymethods]
impl PyMatchResult {
    /// Player A's name.
    #[getter]
    fn a(&self) -> String {
        self.result.a.clone()
    }
    /// Player B's name.
    #[getter]
    fn b(&self) -> String {
        self.result.b.clone()
    }
    /// A's wins.
    #[getter]
    fn wins(&self) -> u32 {
        self.result.wins_draws_losses().0
    }
    /// Draws.
    #[getter]
    fn draws(&self) -> u32 {
        self.result.wins_draws_losses().1
    }
    /// A's losses.
    #[getter]
    fn losses(&self) -> u32 {
        self.result.wins_draws_losses().2
    }
    /// A's score as a fraction (a draw is half a point).
    #[getter]
    fn score(&self) -> f64 {
        self.result.score()
    }
    /// The Elo difference of A over B and the half-width of its 95% interval.
    fn elo(&self) -> (f64, f64) {
        self.result.elo()
    }
    /// How the games ended: reason (an ``EndReason`` member, or a plain
    /// ``str`` such as ``"max_plies"`` for what the enum does not list) →
    /// count.
    #[getter]
    fn reasons<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let d = pyo3::types::PyDict::new(py);
        for (reason, n) in self.result.reasons() {
            d.set_item(crate::enums::reason_object(py, &reason)?, n)?;
        }
        Ok(d)
    }
    /// Average fouls per game of A and B (Tsuitate).
    #[getter]
    fn fouls_per_game(&self) -> (f64, f64) {
        let f = self.result.fouls_per_game();
        (f[0], f[1])
    }
    /// Every game: ``(a_color, winner or None, reason, plies)``, the colours
    /// ``Color`` members, the reason an ``EndReason`` member (``"max_plies"``,
    /// the match's cap, a plain ``str``).
    #[getter]
    fn games(&self) -> Vec<(ColorObj, Option<ColorObj>, ReasonObj, u32)> {
        self.result
            .games
            .iter()
            .map(|g| {
                (
                    ColorObj(g.a_color),
                    g.outcome.winner.map(ColorObj),
                    ReasonObj(g.reason_name()),
                    g.plies,
                )
            })
            .collect()
    }
    /// ``A vs B: +W =D -L, score S, Elo E ± M``.
    fn summary(&self) -> String {
        self.result.summary()
    }
    fn __repr__(&self) -> String {
        format!("<MatchResult {}>", self.result.summary())
    }

    /// Pickles (and copies) as its data: the names and every game's record.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let r = &slf.get().result;
        let games = r
            .games
            .iter()
            .map(|g| {
                let outcome = serde_json::to_string(&g.outcome)
                    .map_err(|e| ShogiError::new_err(e.to_string()))?;
                Ok((
                    g.a_color.index(),
                    outcome,
                    g.plies,
                    (g.fouls[0], g.fouls[1]),
                    (g.stand_ins[0], g.stand_ins[1]),
                    g.truncated,
                ))
            })
            .collect::<PyResult<Vec<_>>>()?;
        let restore = slf.get_type().getattr("_restore")?;
        let args = (r.a.clone(), r.b.clone(), games).into_pyobject(py)?;
        Ok((restore, args))
    }

    /// Rebuilds a pickled result (``__reduce__``'s data).
    #[staticmethod]
    #[allow(clippy::type_complexity)] // the pickled tuple's shape
    fn _restore(
        a: String,
        b: String,
        games: Vec<(usize, String, u32, (u32, u32), (u32, u32), bool)>,
    ) -> PyResult<PyMatchResult> {
        let games = games
            .into_iter()
            .map(|(color, outcome, plies, fouls, stand_ins, truncated)| {
                let a_color = match color {
                    0 => Color::Black,
                    1 => Color::White,
                    _ => {
                        return Err(ShogiError::new_err(
                            "not a pickled MatchResult: a colour is 0 or 1",
                        ))
                    }
                };
                let mut outcome: shogi_core::Outcome = serde_json::from_str(&outcome)
                    .map_err(|e| ShogiError::new_err(format!("not a pickled MatchResult: {e}")))?;
                // The house's own ends, with their words.
                for end in [shogi_players::TIMEOUT, shogi_players::ILLEGAL_MOVE] {
                    if outcome.reason == shogi_core::EndReason::Custom(end) {
                        outcome.reason = shogi_core::EndReason::Custom(end);
                    }
                }
                Ok(GameRecord {
                    a_color,
                    outcome,
                    plies,
                    fouls: [fouls.0, fouls.1],
                    stand_ins: [stand_ins.0, stand_ins.1],
                    truncated,
                })
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyMatchResult {
            result: MatchResult { a, b, games },
        })
    }
}

/// Plays ``games`` games of ``game`` (``"standard"``, ``"minishogi"``,
/// ``"must-capture"``, ``"card"``, ``"tsuitate"``; settings as keyword
/// arguments) between ``a`` and ``b``, colours swapped each game unless
/// ``swap_colors=False``. ``move_time`` (seconds) limits each move; over it
/// the player loses (``over_time="lose"``) or the CPU moves in its place
/// (``"cpu"``). A player is a native one or any object with
/// ``choose(observation)`` returning a ``Move``, USI text or ``None``.
///
/// The match runs with the GIL released; a Python player gets it for its
/// own calls only. A native player plays as itself and is locked for the
/// match: any other use of it meanwhile (another thread, a Python player's
/// callback) raises ``BusyError``, as does a match with a player already in
/// use. An ordinary exception of a Python player is a forfeit of that game,
/// and the first one is raised when the match ends; a ``KeyboardInterrupt``,
/// ``SystemExit`` (any exception that is not an ``Exception``) ends the
/// match at once and is raised. Ctrl-C is noticed between moves within
/// about 50 ms, and inside a native search every 1024 nodes (a Python
/// player gets it in its own code): ``KeyboardInterrupt``, the games played
/// so far are dropped and the players are free again.
#[pyfunction]
#[pyo3(
    signature = (game, a, b, games = Int::of(100), swap_colors = true, move_time = None, over_time = None, max_plies = Int::of(1000), seed = Int::of(0), **settings),
    text_signature = "(game, a, b, games=100, swap_colors=True, move_time=None, over_time='lose', max_plies=1000, seed=0, **settings)"
)]
#[allow(clippy::too_many_arguments)]
pub fn play_match(
    game: Text<SettingText>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    games: Int<u32, convert::Games>,
    swap_colors: bool,
    move_time: Option<convert::Float<convert::MoveTime>>,
    over_time: Option<Text<SettingText>>,
    max_plies: Int<u32, convert::MaxPlies>,
    seed: Int<u64, Seed>,
    settings: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyMatchResult> {
    let (games, max_plies, seed) = (games.get(), max_plies.get(), seed.get());
    let (game, move_time) = (&*game, move_time.map(convert::Float::get));
    let over_time: &str = over_time.as_deref().unwrap_or("lose");
    if a.is(b) {
        return Err(ShogiError::new_err(
            "a match needs two player objects (give each seat its own)",
        ));
    }
    let over_time = convert::over_time_of(over_time)?;
    let move_time = convert::positive_seconds("move_time", move_time)?;
    let pairs = convert::overrides(settings)?;
    let match_settings = MatchSettings {
        games,
        swap_colors,
        move_time,
        over_time,
        max_plies,
        seed,
    };
    let stop = Arc::new(Interrupt::new());
    // Native players are locked for the whole match (BusyError for any
    // other use meanwhile) and play as themselves.
    let (mut ga, mut gb) = (lock_seat(a)?, lock_seat(b)?);
    let mut sa = Seated::of(a, &mut ga, &stop);
    let mut sb = Seated::of(b, &mut gb, &stop);
    let overrides = convert::borrowed(&pairs);
    let result = a.py().detach(|| {
        sa.install(&stop);
        sb.install(&stop);
        let result = run_match(
            game,
            &overrides,
            sa.player(),
            sb.player(),
            &match_settings,
            &mut || stop.poll(),
        );
        sa.uninstall();
        sb.uninstall();
        result
    });
    crate::pending::raise_pending()?;
    // Ctrl-C (or a Python player's KeyboardInterrupt) first, then the
    // first Python player's error, then the match's own refusal.
    if let Some(e) = stop.take_error() {
        return Err(e);
    }
    if let Some(e) = [sa, sb].into_iter().find_map(Seated::into_error) {
        return Err(e);
    }
    match result.map_err(|e| SettingError::new_err(e.to_string()))? {
        Some(result) => Ok(PyMatchResult { result }),
        None => Err(ShogiError::new_err("the match was stopped")),
    }
}

/// A native seat's lock, held for the match.
fn lock_seat<'a>(obj: &'a Bound<'_, PyAny>) -> PyResult<Option<MutexGuard<'a, Native>>> {
    seat_of(obj).map(|s| s.lock("play_match")).transpose()
}

/// A seat of a match: a locked native player or a Python object.
enum Seated<'a> {
    Native(&'a mut Native),
    Python(PythonPlayer),
}

impl<'a> Seated<'a> {
    fn of(
        obj: &Bound<'_, PyAny>,
        guard: &'a mut Option<MutexGuard<'_, Native>>,
        stop: &Arc<Interrupt>,
    ) -> Seated<'a> {
        match guard {
            Some(g) => Seated::Native(&mut *g),
            None => Seated::Python(PythonPlayer {
                obj: obj.clone().unbind(),
                error: None,
                stop: Arc::clone(stop),
            }),
        }
    }

    fn player(&mut self) -> &mut dyn Player {
        match self {
            Seated::Native(p) => &mut **p,
            Seated::Python(p) => p,
        }
    }

    /// A native player that thinks long checks for Ctrl-C too.
    fn install(&mut self, stop: &Arc<Interrupt>) {
        if let Seated::Native(p) = self {
            let check = Arc::clone(stop);
            p.set_stop_check(Some(Arc::new(move || check.poll())));
        }
    }

    fn uninstall(&mut self) {
        if let Seated::Native(p) = self {
            p.set_stop_check(None);
        }
    }

    fn into_error(self) -> Option<PyErr> {
        match self {
            Seated::Native(_) => None,
            Seated::Python(p) => p.error,
        }
    }
}

/// Plays one game on a CSA protocol server (floodgate's protocol, v1.2.1)
/// with ``player`` (a player of the library, or any object with
/// ``choose(board)``): logs in as ``name`` with ``password`` (floodgate's
/// ``<game_name>,<secret>``), agrees to the game the server offers, plays
/// it to the server's result, declares ``%KACHI`` when the summary's
/// 27-point rule makes it a win, and logs out. Rust's
/// ``shogi_players::csa_client::play_game``. Returns a dict: ``game_id``,
/// ``color`` (the side played), ``black``, ``white``, ``moves`` (USI),
/// ``reason`` (``"RESIGN"``, ``"JISHOGI"``... or ``None``), ``result``
/// (``"win"``, ``"lose"``, ``"draw"``, ``"censored"``, ``"interrupted"``),
/// ``summary`` (the summary's fields) and ``transcript`` (every line,
/// ``"C: "``/``"S: "`` before it). ``timeout`` bounds each read, in
/// seconds. Raises ``CsaProtocolError`` (refused login, a rejected game,
/// a closed connection, a line that cannot be read).
#[pyfunction]
#[pyo3(signature = (host, port, name, password, player, timeout = None))]
pub fn play_csa_game<'py>(
    py: Python<'py>,
    host: &str,
    port: u16,
    name: &str,
    password: &str,
    player: &Bound<'py, PyAny>,
    timeout: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    use crate::errors::CsaProtocolError;
    use shogi_players::csa_client::{play_game, CsaResult};
    let fail = |e: &dyn std::fmt::Display| CsaProtocolError::new_err(e.to_string());
    let timeout = convert::positive_seconds("timeout", timeout)?;
    let stream = std::net::TcpStream::connect((host, port))
        .map_err(|e| fail(&format!("cannot connect to {host}:{port}: {e}")))?;
    // Lines are short and each waits for an answer: no Nagle delay.
    stream.set_nodelay(true).map_err(|e| fail(&e))?;
    stream.set_read_timeout(timeout).map_err(|e| fail(&e))?;
    let stop = Arc::new(Interrupt::new());
    let mut guard = lock_seat(player)?;
    let mut seated = Seated::of(player, &mut guard, &stop);
    let (name, password) = (name.to_owned(), password.to_owned());
    let result = py.detach(|| {
        seated.install(&stop);
        let result = play_game(stream, &name, &password, seated.player());
        seated.uninstall();
        result
    });
    crate::pending::raise_pending()?;
    if let Some(e) = stop.take_error() {
        return Err(e);
    }
    if let Some(e) = seated.into_error() {
        return Err(e);
    }
    let (game, transcript) = result.map_err(|e| fail(&e))?;
    let d = PyDict::new(py);
    d.set_item("game_id", &game.summary.game_id)?;
    d.set_item("color", crate::enums::color_object(py, game.summary.color)?)?;
    d.set_item("black", &game.summary.black)?;
    d.set_item("white", &game.summary.white)?;
    let moves: Vec<String> = game.moves.iter().map(ToString::to_string).collect();
    d.set_item("moves", moves)?;
    d.set_item("reason", game.reason.as_deref())?;
    d.set_item(
        "result",
        match game.result {
            CsaResult::Win => "win",
            CsaResult::Lose => "lose",
            CsaResult::Draw => "draw",
            CsaResult::Censored => "censored",
            CsaResult::Interrupted => "interrupted",
        },
    )?;
    let summary = PyDict::new(py);
    for (k, v) in &game.summary.fields {
        summary.set_item(k, v)?;
    }
    d.set_item("summary", summary)?;
    d.set_item("transcript", transcript)?;
    Ok(d)
}
