//! `SelfPlay`, the batched environment of the research layer (the action
//! and observation conversions it shares with the game classes are in
//! `actions`).
//!
//! Arrays are numpy's (rust-numpy); numpy is imported only when one is made,
//! so the rest of the module works without it.

use crate::actions::{require_numpy, shape_tuple};
use crate::busy::InUse;
use crate::convert::{self, Int, SettingText, Text};
use crate::errors::{illegal_move, InvalidMoveError, SettingError, ShogiError};
use crate::interrupt::Interrupt;
use numpy::{PyArray1, PyArray2, PyArray4, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use shogi_research::observation::ObservationShape;
use shogi_research::selfplay::{OutputsMut, SelfPlay, SelfPlayError};
use std::sync::MutexGuard;

fn selfplay_error(e: SelfPlayError) -> PyErr {
    match e {
        SelfPlayError::Game(_) | SelfPlayError::Zero { .. } | SelfPlayError::Threads(_) => {
            SettingError::new_err(e.to_string())
        }
        SelfPlayError::IllegalAction { .. } => illegal_move(e.to_string(), "not_allowed"),
        SelfPlayError::WrongLength { .. } | SelfPlayError::Start(_) => {
            ShogiError::new_err(e.to_string())
        }
        SelfPlayError::Memory { .. } => pyo3::exceptions::PyMemoryError::new_err(e.to_string()),
    }
}

/// Many games of one kind stepped together on native threads, with the GIL
/// released: one action per game in, observations, rewards, end flags and
/// action masks out, as numpy arrays.
///
/// ``SelfPlay(game="standard", num_games=64, threads=1, seed=0,
/// max_plies=None, observations=True, **settings)``
///
/// The arrays are owned by the batch, handed out as read-only views and
/// overwritten by every step (zero copies): copy what you keep. The views
/// cannot be made writeable (their base is a read-only buffer, so numpy
/// refuses ``flags.writeable = True``).
///
/// One call at a time: a call that finds the batch in use by another
/// (another thread, while a step runs with the GIL released) raises
/// ``BusyError`` at once and changes nothing; the constants (``game``,
/// ``num_games``, ``threads``, ``num_actions``, ``observation_shape``,
/// ``max_plies``, ``len``) always answer. A batch whose arrays do not fit
/// in memory raises ``MemoryError``. A game that ends restarts at once, so after
/// a step row ``i`` shows game ``i``'s next position (a new game's first
/// if it just ended). Ends by the rules set ``terminated``; the
/// ``max_plies`` cap (actions per game, Tsuitate fouls included) sets
/// ``truncated``. ``rewards[i]`` is (Black's, White's): +1 to the winner and
/// −1 to the loser on the step that ends a game by the rules; 0 otherwise
/// (draws, truncation, play going on). Card shogi's cards are drawn inside the
/// step from each game's seeded generator; Tsuitate observations are the
/// mover's own view only. Results do not depend on ``threads``. On a small
/// machine, set ``OPENBLAS_NUM_THREADS=1`` before importing numpy: its idle
/// BLAS threads spin on the cores the games run on.
#[pyclass(module = "shogi_variants", name = "SelfPlay", frozen)]
pub struct PySelfPlay {
    batch: InUse<SelfPlay>,
    game: String,
    observe: bool,
    num_games: usize,
    threads: usize,
    num_actions: u32,
    shape: ObservationShape,
    max_plies: Option<u32>,
    observations: Py<PyArray4<f32>>,
    masks: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    to_play: Py<PyArray1<u8>>,
    /// Read-only views of the arrays, as handed to Python: observations,
    /// rewards, terminated, truncated, masks, to_play. Only the batch
    /// writes the arrays (it clears mask entries it set itself).
    views: [Py<PyAny>; 6],
}

/// A zeroed numpy array of `shape` and `dtype`, made by numpy itself so
/// that an allocation that fails raises `MemoryError` (rust-numpy's
/// constructors panic instead).
pub(crate) fn zeros<'py, A: pyo3::PyTypeCheck>(
    py: Python<'py>,
    shape: &[usize],
    dtype: &str,
) -> PyResult<Bound<'py, A>> {
    let np = py.import("numpy")?;
    let array = np.call_method1("zeros", (shape.to_vec(), dtype))?;
    Ok(array.cast_into::<A>()?)
}

/// A read-only view of `array` over a read-only buffer: numpy refuses to
/// make it (or any view of it) writeable, since its base is that buffer and
/// not the array the batch writes (a view's base is; then the flag flips).
/// No copy: the view shares the array's memory.
fn read_only(array: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let py = array.py();
    let buffer = pyo3::types::PyMemoryView::from(array)?.call_method0("toreadonly")?;
    let np = py.import("numpy")?;
    let flat = np.call_method1("frombuffer", (buffer, array.getattr("dtype")?))?;
    Ok(flat
        .call_method1("reshape", (array.getattr("shape")?,))?
        .unbind())
}

impl PySelfPlay {
    /// The batch, for `doing`; `BusyError` if another call holds it.
    fn lock(&self, doing: &'static str) -> PyResult<MutexGuard<'_, SelfPlay>> {
        self.batch.lock(doing)
    }

    /// Runs `f` on the batch with the output arrays lent to it, GIL released.
    fn with_outputs<R, F>(&self, py: Python<'_>, doing: &'static str, f: F) -> PyResult<R>
    where
        R: Send,
        F: FnOnce(&mut SelfPlay, &mut OutputsMut<'_>) -> Result<R, SelfPlayError> + Send,
    {
        let mut guard = self.lock(doing)?;
        let batch: &mut SelfPlay = &mut guard;
        let mut observations = self.observations.bind(py).readwrite();
        let mut masks = self.masks.bind(py).readwrite();
        let mut rewards = self.rewards.bind(py).readwrite();
        let mut terminated = self.terminated.bind(py).readwrite();
        let mut truncated = self.truncated.bind(py).readwrite();
        let mut to_play = self.to_play.bind(py).readwrite();
        let mut out = OutputsMut {
            observations: if self.observe {
                Some(observations.as_slice_mut()?)
            } else {
                None
            },
            masks: masks.as_slice_mut()?,
            rewards: rewards.as_slice_mut()?,
            terminated: terminated.as_slice_mut()?,
            truncated: truncated.as_slice_mut()?,
            to_play: to_play.as_slice_mut()?,
        };
        let done = py.detach(|| f(batch, &mut out));
        crate::pending::raise_pending()?;
        done.map_err(selfplay_error)
    }

    fn outputs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pyo3::types::PyTuple::new(py, self.views[..5].iter().map(|v| v.bind(py)))
    }
}

/// The actions of a Python sequence or integer array, as `u32`.
pub(crate) fn actions_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    // Strided views (a column of a table, `a[::2]`) are read element-wise.
    let values: Vec<i64> = if let Ok(a) = obj.cast::<PyArray1<i64>>() {
        a.readonly().as_array().iter().copied().collect()
    } else if let Ok(a) = obj.cast::<PyArray1<i32>>() {
        a.readonly()
            .as_array()
            .iter()
            .map(|&v| i64::from(v))
            .collect()
    } else if let Ok(a) = obj.cast::<PyArray1<u32>>() {
        a.readonly()
            .as_array()
            .iter()
            .map(|&v| i64::from(v))
            .collect()
    } else {
        obj.extract::<Vec<i64>>().map_err(|_| {
            InvalidMoveError::new_err("actions must be a sequence or 1-d array of integers")
        })?
    };
    values
        .into_iter()
        .map(|v| {
            u32::try_from(v).map_err(|_| InvalidMoveError::new_err(format!("{v} is not an action")))
        })
        .collect()
}

#[pymethods]
impl PySelfPlay {
    #[new]
    #[allow(clippy::too_many_arguments)] // Python's keyword arguments
    #[pyo3(
        signature = (game = None, num_games = None, threads = None, seed = None, max_plies = None, observations = true, **settings),
        text_signature = "(game='standard', num_games=64, threads=1, seed=0, max_plies=None, observations=True, **settings)"
    )]
    fn new(
        py: Python<'_>,
        game: Option<Text<SettingText>>,
        num_games: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        max_plies: Option<&Bound<'_, PyAny>>,
        observations: bool,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let game: &str = game
            .as_deref()
            .unwrap_or(shogi_variants::GameKind::Standard.name());
        // An integer argument in `range`, or `default` when absent.
        let count = |obj: Option<&Bound<'_, PyAny>>,
                     what: &str,
                     range: (u64, u64),
                     default: u64|
         -> PyResult<u64> {
            let Some(obj) = obj.filter(|o| !o.is_none()) else {
                return Ok(default);
            };
            let (min, max) = range;
            // A setting of the batch: a non-integer is a bad setting too.
            let given = match convert::index(obj) {
                Ok(n) => match n.within(&(min..=max)) {
                    Some(v) => return Ok(v),
                    None => n.to_string(),
                },
                Err(_) => format!("a {}", convert::type_name(obj)),
            };
            Err(SettingError::new_err(format!(
                "{what} must be an integer in {min}..={max}, not {given}"
            )))
        };
        let n = count(num_games, "num_games", (1, 1 << 20), 64)? as usize;
        let threads = count(threads, "threads", (1, 1024), 1)? as usize;
        let seed = count(seed, "seed", (0, u64::MAX), 0)?;
        let cap = match max_plies {
            Some(m) if !m.is_none() => {
                Some(count(Some(m), "max_plies", (1, u64::from(u32::MAX)), 1)? as u32)
            }
            _ => None,
        };
        require_numpy(py)?;
        let pairs = convert::overrides(settings)?;
        // One game first, for the shapes: the arrays (the big part: 13,689
        // mask bytes per game on 9×9) are allocated by numpy before the
        // games, so that a batch too big for memory raises MemoryError.
        let probe = SelfPlay::new(game, &convert::borrowed(&pairs), 1, 1, seed, cap)
            .map_err(selfplay_error)?;
        let shape = probe.shape();
        let actions = probe.actions().size() as usize;
        drop(probe);
        let planes = if observations { shape.planes } else { 0 };
        let observations: Bound<'_, PyArray4<f32>> =
            zeros(py, &[n, planes, shape.ranks, shape.files], "float32")?;
        let masks: Bound<'_, PyArray2<bool>> = zeros(py, &[n, actions], "bool")?;
        let rewards: Bound<'_, PyArray2<f32>> = zeros(py, &[n, 2], "float32")?;
        let terminated: Bound<'_, PyArray1<bool>> = zeros(py, &[n], "bool")?;
        let truncated: Bound<'_, PyArray1<bool>> = zeros(py, &[n], "bool")?;
        let to_play: Bound<'_, PyArray1<u8>> = zeros(py, &[n], "uint8")?;
        let batch = SelfPlay::new(game, &convert::borrowed(&pairs), n, threads, seed, cap)
            .map_err(selfplay_error)?;
        let views = [
            read_only(observations.as_any())?,
            read_only(rewards.as_any())?,
            read_only(terminated.as_any())?,
            read_only(truncated.as_any())?,
            read_only(masks.as_any())?,
            read_only(to_play.as_any())?,
        ];
        let me = PySelfPlay {
            num_games: batch.len(),
            threads: batch.threads(),
            num_actions: batch.actions().size(),
            shape: batch.shape(),
            max_plies: batch.max_plies(),
            batch: InUse::new(batch, "this SelfPlay", "a SelfPlay of its own per thread"),
            game: game.to_owned(),
            observe: observations.len() > 0,
            observations: observations.unbind(),
            masks: masks.unbind(),
            rewards: rewards.unbind(),
            terminated: terminated.unbind(),
            truncated: truncated.unbind(),
            to_play: to_play.unbind(),
            views,
        };
        me.with_outputs(py, "SelfPlay()", |b, out| b.observe(out))?;
        Ok(me)
    }

    /// Restart every game; returns ``(observations, action_masks)``. With a
    /// ``seed``, the games' generators restart from it too, so the batch
    /// replays a fresh ``SelfPlay(..., seed=seed)``; without, they go on.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(
        &self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
        let seed = match seed {
            Some(s) if !s.is_none() => {
                let n = convert::index(s)?;
                Some(n.get::<u64>().ok_or_else(|| {
                    SettingError::new_err(format!(
                        "seed must be an integer in 0..={}, not {n}",
                        u64::MAX
                    ))
                })?)
            }
            _ => None,
        };
        self.with_outputs(py, "reset", |b, out| {
            if let Some(seed) = seed {
                b.reseed(seed);
            }
            b.reset(out)
        })?;
        Ok((self.views[0].clone_ref(py), self.views[4].clone_ref(py)))
    }

    /// Play ``actions[i]`` in game ``i`` (an int array or sequence of length
    /// ``num_games``); returns ``(observations, rewards, terminated,
    /// truncated, action_masks)``. An illegal action raises
    /// ``IllegalMoveError`` naming the game, and nothing is played.
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        let actions = actions_of(actions)?;
        self.with_outputs(py, "step", |b, out| b.step(&actions, out))?;
        self.outputs(py)
    }

    /// Play a uniformly random legal action in every game (each game's own
    /// seeded generator); returns what ``step`` returns.
    fn step_random<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        self.with_outputs(py, "step_random", |b, out| b.step_random(out))?;
        self.outputs(py)
    }

    /// Play ``steps`` random steps without returning between them (a rollout
    /// benchmark or a warm-up); returns the number of games finished meanwhile.
    ///
    /// Ctrl-C is noticed between steps, within about 50 ms (plus one step):
    /// it raises ``KeyboardInterrupt`` and leaves the batch after the last
    /// whole step, as if ``run_random`` had been called for the steps done
    /// (the games, arrays and ``games_finished()`` all agree; nothing is
    /// half played).
    fn run_random(&self, py: Python<'_>, steps: Int<u64, convert::Steps>) -> PyResult<u64> {
        let steps = steps.get();
        let stop = Interrupt::new();
        let finished = self.with_outputs(py, "run_random", |b, out| {
            let before = b.games_finished();
            for _ in 0..steps {
                if stop.poll() {
                    break;
                }
                b.step_random(out)?;
            }
            Ok(b.games_finished() - before)
        })?;
        stop.finish(finished)
    }

    /// ``(num_games, planes, ranks, files)`` observations of the player to move
    /// (``planes`` is 0 with ``observations=False``).
    #[getter]
    fn observations(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let _batch = self.lock("observations")?;
        Ok(self.views[0].clone_ref(py))
    }

    /// ``(num_games, num_actions)`` booleans: the legal actions now.
    #[getter]
    fn action_masks(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let _batch = self.lock("action_masks")?;
        Ok(self.views[4].clone_ref(py))
    }

    /// ``(num_games, 2)`` rewards of the last step, Black's then White's.
    #[getter]
    fn rewards(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let _batch = self.lock("rewards")?;
        Ok(self.views[1].clone_ref(py))
    }

    /// ``(num_games,)``: the last step ended the game by the rules.
    #[getter]
    fn terminated(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let _batch = self.lock("terminated")?;
        Ok(self.views[2].clone_ref(py))
    }

    /// ``(num_games,)``: the last step reached ``max_plies``.
    #[getter]
    fn truncated(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let _batch = self.lock("truncated")?;
        Ok(self.views[3].clone_ref(py))
    }

    /// ``(num_games,)`` uint8: the colour to move now (0 Black, 1 White).
    #[getter]
    fn to_play(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let _batch = self.lock("to_play")?;
        Ok(self.views[5].clone_ref(py))
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &str {
        &self.game
    }

    /// Games in the batch.
    #[getter]
    fn num_games(&self) -> usize {
        self.num_games
    }

    /// Native threads stepping them.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// The size of the action space.
    #[getter]
    fn num_actions(&self) -> u32 {
        self.num_actions
    }

    /// ``(planes, ranks, files)`` of one observation.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        shape_tuple(self.shape)
    }

    /// The cap on actions per game, or ``None``.
    #[getter]
    fn max_plies(&self) -> Option<u32> {
        self.max_plies
    }

    /// Games finished since the batch was made: ``(terminated, truncated)``.
    fn games_finished(&self) -> PyResult<(u64, u64)> {
        let batch = self.lock("games_finished")?;
        Ok((batch.games_terminated(), batch.games_truncated()))
    }

    /// Game ``i``'s legal actions now, ascending. ``i`` counts from the end
    /// when negative, as a list index does; out of range: ``IndexError``.
    fn legal_actions(&self, i: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let i = game_index(self.num_games, i)?;
        self.lock("legal_actions")?
            .legal_actions(i)
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err(format!("no game {i}")))
    }

    /// Actions taken in game ``i`` since it started (``i`` as in ``legal_actions``).
    fn plies(&self, i: &Bound<'_, PyAny>) -> PyResult<u32> {
        let i = game_index(self.num_games, i)?;
        self.lock("plies")?
            .plies(i)
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err(format!("no game {i}")))
    }

    /// A copy of game ``i`` (as in ``legal_actions``) as a ``Board``, ``CardGame`` or ``TsuitateGame``
    /// (the referee's game: it shows hidden pieces).
    fn game_at(&self, py: Python<'_>, i: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        game_copy(py, self.num_games, i, |i| {
            Ok(self.lock("game_at")?.game(i).cloned())
        })
    }

    fn __len__(&self) -> usize {
        self.num_games
    }

    /// A batch cannot be pickled or copied: its games' generators run
    /// natively and its arrays are written in place. Raises ``TypeError``.
    fn __reduce__(&self) -> PyResult<()> {
        Err(pyo3::exceptions::PyTypeError::new_err(
            "a SelfPlay cannot be pickled or copied (its games' random generators and the arrays it writes in place are native state): make a new SelfPlay with the same arguments and seed to replay it, and pickle game_at(i) for a game or a copy of an array (obs.copy()) for data",
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "SelfPlay(game={}, num_games={}, threads={}, max_plies={})",
            convert::py_str(&self.game),
            self.num_games,
            self.threads,
            self.max_plies.map_or("None".to_owned(), |m| m.to_string())
        )
    }
}

/// A copy of game `i` (a Python index into a batch of `n` games, as
/// [`game_index`] reads it) as a Python game object; `copy` takes it from the batch.
pub(crate) fn game_copy(
    py: Python<'_>,
    n: usize,
    i: &Bound<'_, PyAny>,
    copy: impl FnOnce(usize) -> PyResult<Option<shogi_variants::AnyGame>>,
) -> PyResult<Py<PyAny>> {
    let i = game_index(n, i)?;
    let game =
        copy(i)?.ok_or_else(|| pyo3::exceptions::PyIndexError::new_err(format!("no game {i}")))?;
    crate::game::game_object(py, game)
}

/// Game `i` of a batch of `n` games: any integer `operator.index` takes,
/// negative counting from the end as in a list (`-1` is the last game);
/// outside `-n..n` an `IndexError` saying the range.
fn game_index(n: usize, i: &Bound<'_, PyAny>) -> PyResult<usize> {
    let k = convert::index(i)?;
    let found = match k.get::<i128>() {
        Some(k) if k < 0 => usize::try_from(k + n as i128).ok(),
        Some(k) => usize::try_from(k).ok().filter(|&k| k < n),
        None => None,
    };
    found.ok_or_else(|| {
        pyo3::exceptions::PyIndexError::new_err(format!(
            "no game {k}: this batch has {n} games, 0..={} (or -{n}..=-1 from the end)",
            n.saturating_sub(1)
        ))
    })
}
