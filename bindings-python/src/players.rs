//! Computer players and matches from Python. The built-in players are
//! native; any Python object with a `choose(observation)` method can take a
//! seat in a match too.

use crate::board::PyBoard;
use crate::card::PyCardGame;
use crate::convert::{self, Int, Seed, SettingText, Text};
use crate::errors::{SettingError, ShogiError};
use crate::moves::{move_object, PyMove};
use crate::tsuitate::PyPlayerView;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use shogi_core::{Color, Move};
use shogi_players::{
    play_match as run_match, BeliefPlayer, Budget, CardExpectimaxPlayer, MatchResult,
    MatchSettings, NaivePlayer, Observation, OverTime, Player, RandomPlayer, SearchPlayer,
};
use std::time::Duration;

/// A native player behind a Python class.
type Native = Box<dyn Player + Send + Sync>;

/// Asks a native player for a move on a Python observation.
fn choose_native(player: &mut Native, observation: &Bound<'_, PyAny>) -> PyResult<Option<Move>> {
    if let Ok(b) = observation.cast::<PyBoard>() {
        return Ok(player.choose(Observation::board(&b.borrow().game)));
    }
    if let Ok(c) = observation.cast::<PyCardGame>() {
        return Ok(player.choose(Observation::card(&c.borrow().game)));
    }
    if let Ok(v) = observation.cast::<PyPlayerView>() {
        return Ok(player.choose(Observation::tsuitate(&v.get().view)));
    }
    Err(ShogiError::new_err(format!(
        "a player observes a Board, a CardGame at its move step, or a PlayerView, not {}",
        observation.get_type().name()?
    )))
}

macro_rules! native_player {
    ($rust:ident, $py:literal, $doc:literal, { $($ctor:tt)* }) => {
        #[doc = $doc]
        #[pyclass(module = "shogi_variants", name = $py)]
        pub struct $rust {
            pub player: Native,
        }

        #[pymethods]
        impl $rust {
            $($ctor)*

            /// The player's name, as match tables print it.
            #[getter]
            fn name(&self) -> String {
                self.player.name()
            }

            /// The move to play: ``observation`` is a ``Board``, a
            /// ``CardGame`` at its move step, or a Tsuitate ``PlayerView``.
            /// ``None`` if there is no move.
            fn choose(
                &mut self,
                py: Python<'_>,
                observation: &Bound<'_, PyAny>,
            ) -> PyResult<Option<Py<PyMove>>> {
                match choose_native(&mut self.player, observation)? {
                    Some(mv) => Ok(Some(move_object(py, mv)?)),
                    None => Ok(None),
                }
            }

            /// Forget the last game (matches call this before each game).
            fn new_game(&mut self) {
                self.player.new_game();
            }

            fn __repr__(&self) -> String {
                format!("<{} {}>", $py, self.player.name())
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
            PyRandomPlayer {
                player: Box::new(RandomPlayer::new(seed)),
            }
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
        Ok(PySearchPlayer {
            player: Box::new(player),
        })
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
            PyCardPlayer {
                player: Box::new(CardExpectimaxPlayer::new()),
            }
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
        Ok(PyBeliefPlayer {
            player: Box::new(player),
        })
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
            PyNaivePlayer {
                player: Box::new(NaivePlayer::new(seed)),
            }
        }
    }
);

/// A Python object with `choose(observation)` in a native match. A Python
/// error or a non-move answer counts as offering no move (a forfeit); the
/// error is kept and raised when the match ends.
struct PythonPlayer {
    obj: Py<PyAny>,
    error: Option<PyErr>,
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
            let arg = crate::games::seen_object(py, observation.seen().clone());
            let answer = arg.and_then(|a| self.obj.bind(py).call_method1("choose", (a,)));
            match answer {
                Ok(m) if m.is_none() => None,
                Ok(m) => match convert::a_move(&m) {
                    Ok(mv) => Some(mv),
                    Err(e) => {
                        self.error.get_or_insert(e);
                        None
                    }
                },
                Err(e) => {
                    self.error.get_or_insert(e);
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
                    self.error.get_or_insert(e);
                }
            }
        });
    }
}

/// Takes the native player out of `obj` (leaving a stand-in), if it is one of ours.
fn take_native(obj: &Bound<'_, PyAny>) -> Option<Native> {
    let placeholder = || -> Native { Box::new(RandomPlayer::new(0)) };
    macro_rules! take {
        ($($t:ty),*) => {$(
            if let Ok(p) = obj.cast::<$t>() {
                return Some(std::mem::replace(&mut p.borrow_mut().player, placeholder()));
            }
        )*};
    }
    take!(
        PyRandomPlayer,
        PySearchPlayer,
        PyCardPlayer,
        PyBeliefPlayer,
        PyNaivePlayer
    );
    None
}

fn put_back(obj: &Bound<'_, PyAny>, player: Native) {
    macro_rules! put {
        ($($t:ty),*) => {$(
            if let Ok(p) = obj.cast::<$t>() {
                p.borrow_mut().player = player;
                return;
            }
        )*};
    }
    put!(
        PyRandomPlayer,
        PySearchPlayer,
        PyCardPlayer,
        PyBeliefPlayer,
        PyNaivePlayer
    );
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
    /// How the games ended: reason → count.
    #[getter]
    fn reasons(&self) -> std::collections::BTreeMap<String, u32> {
        self.result.reasons()
    }
    /// Average fouls per game of A and B (Tsuitate).
    #[getter]
    fn fouls_per_game(&self) -> (f64, f64) {
        let f = self.result.fouls_per_game();
        (f[0], f[1])
    }
    /// Every game: ``(a_color, winner or None, reason, plies)``.
    #[getter]
    fn games(&self) -> Vec<(usize, Option<usize>, &'static str, u32)> {
        self.result
            .games
            .iter()
            .map(|g| {
                (
                    g.a_color.index(),
                    g.outcome.winner.map(Color::index),
                    g.reason_name(),
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
}

/// Plays ``games`` games of ``game`` (``"standard"``, ``"minishogi"``,
/// ``"must-capture"``, ``"card"``, ``"tsuitate"``; settings as keyword
/// arguments) between ``a`` and ``b``, colours swapped each game unless
/// ``swap_colors=False``. ``move_time`` (seconds) limits each move; over it
/// the player loses (``over_time="lose"``) or the CPU moves in its place
/// (``"cpu"``). A player is a native one or any object with
/// ``choose(observation)`` returning a ``Move``, USI text or ``None``.
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
    let over_time = match over_time {
        "lose" => OverTime::Lose,
        "cpu" => OverTime::CpuMoves,
        other => {
            return Err(SettingError::new_err(format!(
                "over_time is 'lose' or 'cpu', not '{}'",
                shogi_core::Excerpt(other)
            )))
        }
    };
    let move_time = match move_time {
        Some(t) if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(SettingError::new_err(format!(
                "move_time must be positive seconds, not {t}"
            )))
        }
        None => None,
    };
    let pairs = convert::overrides(settings)?;
    let match_settings = MatchSettings {
        games,
        swap_colors,
        move_time,
        over_time,
        max_plies,
        seed,
    };
    let (mut sa, mut sb) = (make_seat(a), make_seat(b));
    let result = {
        let pa: &mut dyn Player = match &mut sa {
            SeatRef::Native(p) => p.as_mut(),
            SeatRef::Python(p) => p,
        };
        let pb: &mut dyn Player = match &mut sb {
            SeatRef::Native(p) => p.as_mut(),
            SeatRef::Python(p) => p,
        };
        run_match(game, &convert::borrowed(&pairs), pa, pb, &match_settings)
    };
    // Native players go back into their Python objects, whatever happened.
    let mut errors = Vec::new();
    for (obj, s) in [(a, sa), (b, sb)] {
        match s {
            SeatRef::Native(p) => put_back(obj, p),
            SeatRef::Python(p) => errors.extend(p.error),
        }
    }
    if let Some(e) = errors.into_iter().next() {
        return Err(e);
    }
    let result = result.map_err(|e| SettingError::new_err(e.to_string()))?;
    Ok(PyMatchResult { result })
}

enum SeatRef {
    Native(Native),
    Python(PythonPlayer),
}

fn make_seat(obj: &Bound<'_, PyAny>) -> SeatRef {
    match take_native(obj) {
        Some(p) => SeatRef::Native(p),
        None => SeatRef::Python(PythonPlayer {
            obj: obj.clone().unbind(),
            error: None,
        }),
    }
}
