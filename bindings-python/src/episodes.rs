//! `Episodes` for Python: whole games by chosen seats, every decision
//! recorded, the rows handed out as numpy arrays (`shogi_research::episodes`).

use crate::actions::{require_numpy, shape_tuple};
use crate::busy::InUse;
use crate::convert::{self, SettingText, Text};
use crate::errors::{illegal_move, SettingError, ShogiError};
use crate::interrupt::Interrupt;
use crate::moves::PyOutcome;
use crate::research::{game_copy, zeros};
use numpy::{PyArray1, PyArray2, PyArray4, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use shogi_research::episodes::{
    episode_seed as seed_of, EpisodeResult, Episodes, EpisodesError, Seat,
};
use shogi_research::observation::ObservationShape;
use std::sync::MutexGuard;

fn episodes_error(e: EpisodesError) -> PyErr {
    match e {
        EpisodesError::Game(_)
        | EpisodesError::Seat { .. }
        | EpisodesError::SeatGame { .. }
        | EpisodesError::Zero { .. }
        | EpisodesError::Threads(_) => SettingError::new_err(e.to_string()),
        EpisodesError::IllegalAction { .. } => illegal_move(e.to_string(), "not_allowed"),
        EpisodesError::WrongCount { .. }
        | EpisodesError::NoMove { .. }
        | EpisodesError::Play { .. } => ShogiError::new_err(e.to_string()),
    }
}

/// Decisions per game between two looks at Ctrl-C (a search seat's
/// decision takes a few milliseconds at its default budget).
const DECISIONS_PER_LOOK: u32 = 16;

/// Game ``index``'s seed in a run seeded ``run_seed`` (a SplitMix64 mix):
/// the same whatever batches and workers the run is split into.
#[pyfunction]
pub fn episode_seed(run_seed: u64, index: u64) -> u64 {
    seed_of(run_seed, index)
}

/// How a game of an ``Episodes`` batch ended (or stands).
#[pyclass(module = "shogi_variants", name = "EpisodeResult", frozen)]
pub struct PyEpisodeResult(EpisodeResult);

#[pymethods]
impl PyEpisodeResult {
    /// The game's seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.0.seed
    }

    /// The rules' outcome; ``None`` while the game is on or once
    /// ``max_plies`` cut it.
    #[getter]
    fn outcome(&self) -> Option<PyOutcome> {
        self.0.outcome.map(PyOutcome)
    }

    /// Cut by ``max_plies`` before the rules ended it.
    #[getter]
    fn truncated(&self) -> bool {
        self.0.truncated
    }

    /// Decisions taken (moves; Tsuitate attempts, fouls included).
    #[getter]
    fn plies(&self) -> u32 {
        self.0.plies
    }

    /// Whether the game is over (by the rules or the cap).
    fn is_over(&self) -> bool {
        self.0.is_over()
    }

    /// ``color``'s points: +1 won, −1 lost, 0 otherwise (drawn, cut, on).
    fn value_for(&self, color: &Bound<'_, PyAny>) -> PyResult<f32> {
        Ok(self.0.value_for(convert::color(color)?))
    }

    fn __repr__(&self) -> String {
        let end = match (self.0.outcome, self.0.truncated) {
            (Some(o), _) => o.to_string(),
            (None, true) => "truncated".to_owned(),
            (None, false) => "on".to_owned(),
        };
        format!(
            "EpisodeResult(seed={}, plies={}, {end})",
            self.0.seed, self.0.plies
        )
    }
}

/// Whole games played to their end by chosen seats, every decision
/// recorded: the rows of a self-play dataset.
///
/// ``Episodes(game="standard", seeds=range(8), black="random",
/// white="random", max_plies=None, threads=1, observations=True, **settings)``
///
/// One game per seed. A seat is ``"random"``, ``"search"`` (options
/// ``nodes=N`` (default 2,000) or ``depth=N``, and ``hash_mb=N``, default
/// 1, at most 1,024: a table per game of the batch), ``"card"`` (Card shogi), ``"belief"`` (Tsuitate; ``particles=N``),
/// ``"naive"`` (Tsuitate) or ``"policy"``: the caller's actions, given by
/// ``run(policy)`` or ``waiting()``/``observe_waiting()``/``act()``. Options
/// follow a colon, comma-separated: ``"search:nodes=500"``.
///
/// A game depends only on its seed, its seats and the settings (not on the
/// other games, nor on ``threads``); ``episode_seed(run_seed, i)`` gives game
/// ``i`` of a run its seed. Budgets are nodes or depth, never time, so that
/// games replay. Long calls release the GIL and stop on Ctrl-C
/// (``KeyboardInterrupt``) between decisions, the games left whole.
/// One call at a time: ``BusyError`` from another thread meanwhile.
#[pyclass(module = "shogi_variants", name = "Episodes", frozen)]
pub struct PyEpisodes {
    batch: InUse<Episodes>,
    game: String,
    seats: (String, String),
    num_games: usize,
    threads: usize,
    num_actions: u32,
    mask_bytes: usize,
    shape: ObservationShape,
    max_plies: Option<u32>,
    observe: bool,
}

impl PyEpisodes {
    fn lock(&self, doing: &'static str) -> PyResult<MutexGuard<'_, Episodes>> {
        self.batch.lock(doing)
    }

    /// Advances the built-in seats with the GIL released, looking at Ctrl-C
    /// between steps; returns the games waiting for the policy.
    fn advance_locked(py: Python<'_>, batch: &mut Episodes) -> PyResult<usize> {
        let stop = Interrupt::new();
        loop {
            let step = py.detach(|| {
                let waiting = batch.advance_by(DECISIONS_PER_LOOK)?;
                Ok::<_, EpisodesError>((waiting, batch.games_on()))
            });
            let (waiting, on) = step.map_err(episodes_error)?;
            // Every game on waits for the policy (or none is on): done.
            if on == waiting || stop.poll() {
                return stop.finish(waiting);
            }
        }
    }

    /// The waiting games' observations and masks as numpy arrays.
    fn observed<'py>(
        &self,
        py: Python<'py>,
        batch: &Episodes,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        require_numpy(py)?;
        let k = batch.waiting().len();
        let (p, r, f) = shape_tuple(self.shape);
        let size = self.num_actions as usize;
        let mut obs = vec![0.0f32; k * self.shape.len()];
        let mut masks = vec![false; k * size];
        batch.observe_waiting(&mut obs, &mut masks);
        Ok((
            PyArray1::from_vec(py, obs)
                .reshape([k, p, r, f])?
                .into_any(),
            PyArray1::from_vec(py, masks).reshape([k, size])?.into_any(),
        ))
    }
}

#[pymethods]
impl PyEpisodes {
    #[new]
    #[allow(clippy::too_many_arguments)] // Python's keyword arguments
    #[pyo3(
        signature = (game = None, seeds = None, black = None, white = None, max_plies = None, threads = 1, observations = true, **settings),
        text_signature = "(game='standard', seeds=range(8), black='random', white='random', max_plies=None, threads=1, observations=True, **settings)"
    )]
    fn new(
        game: Option<Text<SettingText>>,
        seeds: Option<&Bound<'_, PyAny>>,
        black: Option<String>,
        white: Option<String>,
        max_plies: Option<i64>,
        threads: i64,
        observations: bool,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let threads = usize::try_from(threads).map_err(|_| {
            SettingError::new_err(format!("threads must be at least 1, not {threads}"))
        })?;
        let max_plies = max_plies
            .map(|m| {
                u32::try_from(m).map_err(|_| {
                    SettingError::new_err(format!(
                        "max_plies must be an integer in 1..={}, not {m}",
                        u32::MAX
                    ))
                })
            })
            .transpose()?;
        let game: &str = game
            .as_deref()
            .unwrap_or(shogi_variants::GameKind::Standard.name());
        let seeds: Vec<u64> = match seeds.filter(|s| !s.is_none()) {
            None => (0..8).collect(),
            Some(obj) => obj
                .try_iter()
                .map_err(|_| SettingError::new_err("seeds must be an iterable of integers"))?
                .map(|item| {
                    let n = convert::index(&item?)?;
                    n.get::<u64>().ok_or_else(|| {
                        SettingError::new_err(format!(
                            "a seed is an integer in 0..={}, not {n}",
                            u64::MAX
                        ))
                    })
                })
                .collect::<PyResult<_>>()?,
        };
        let seat = |text: Option<String>| -> PyResult<Seat> {
            text.as_deref()
                .unwrap_or("random")
                .parse()
                .map_err(episodes_error)
        };
        let seats = [seat(black)?, seat(white)?];
        let pairs = convert::overrides(settings)?;
        let batch = Episodes::new(
            game,
            &convert::borrowed(&pairs),
            &seeds,
            seats.clone(),
            max_plies,
            threads,
            observations,
        )
        .map_err(episodes_error)?;
        Ok(PyEpisodes {
            game: game.to_owned(),
            seats: (seats[0].to_string(), seats[1].to_string()),
            num_games: batch.len(),
            threads: batch.threads(),
            num_actions: batch.actions().size(),
            mask_bytes: batch.mask_bytes(),
            shape: batch.shape(),
            max_plies: batch.max_plies(),
            observe: observations,
            batch: InUse::new(batch, "this Episodes", "an Episodes of its own per thread"),
        })
    }

    /// Play the built-in seats until every game is over or waits for a
    /// policy action; returns how many wait.
    fn advance(&self, py: Python<'_>) -> PyResult<usize> {
        let mut batch = self.lock("advance")?;
        PyEpisodes::advance_locked(py, &mut batch)
    }

    /// Play every game to its end: ``policy(observations, masks)`` (numpy
    /// arrays of the waiting games, as ``observe_waiting()`` gives them)
    /// returns one action per waiting game, whenever games wait for the
    /// policy seat. Without a policy seat, ``policy`` may be ``None``.
    #[pyo3(signature = (policy = None))]
    fn run(&self, py: Python<'_>, policy: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let mut batch = self.lock("run")?;
        loop {
            let waiting = PyEpisodes::advance_locked(py, &mut batch)?;
            if waiting == 0 {
                return Ok(());
            }
            let Some(policy) = policy.filter(|p| !p.is_none()) else {
                return Err(SettingError::new_err(
                    "a policy seat waits for actions: pass run(policy), a callable taking (observations, masks) and returning one action per waiting game",
                ));
            };
            let (obs, masks) = self.observed(py, &batch)?;
            let answer = policy.call1((obs, masks))?;
            let actions = crate::research::actions_of(&answer)?;
            batch.act(&actions).map_err(episodes_error)?;
        }
    }

    /// The games that wait for a policy action, ascending.
    fn waiting(&self) -> PyResult<Vec<usize>> {
        Ok(self.lock("waiting")?.waiting())
    }

    /// ``(observations, masks)`` of the waiting games, in ``waiting()`` order:
    /// float32 ``(k, planes, ranks, files)`` and bool ``(k, num_actions)``.
    fn observe_waiting<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let batch = self.lock("observe_waiting")?;
        let (obs, masks) = self.observed(py, &batch)?;
        PyTuple::new(py, [obs, masks])
    }

    /// Play one action per waiting game (``waiting()`` order), then the
    /// built-in seats; returns how many games wait again. An illegal action
    /// raises ``IllegalMoveError`` naming the game, and nothing is played.
    fn act(&self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<usize> {
        let actions = crate::research::actions_of(actions)?;
        let mut batch = self.lock("act")?;
        batch.act(&actions).map_err(episodes_error)?;
        PyEpisodes::advance_locked(py, &mut batch)
    }

    /// Whether every game is over.
    fn is_done(&self) -> PyResult<bool> {
        Ok(self.lock("is_done")?.is_done())
    }

    /// Every game's result so far, in seed order.
    fn results(&self) -> PyResult<Vec<PyEpisodeResult>> {
        Ok(self
            .lock("results")?
            .results()
            .into_iter()
            .map(PyEpisodeResult)
            .collect())
    }

    /// Every decision so far, game after game, as numpy arrays in a dict:
    /// ``observations`` float32 ``(rows, planes, ranks, files)`` (absent with
    /// ``observations=False``), ``masks`` uint8 ``(rows, mask_bytes)`` packed
    /// little-endian (``np.unpackbits(masks, axis=1, count=num_actions,
    /// bitorder="little")``), ``actions`` int32, ``players`` uint8 (0 Black,
    /// 1 White: who decided), ``outcomes`` float32 (the game's result for
    /// that player: +1, −1, or 0 for a draw, a cut game or one still on),
    /// ``games`` int32 (index in the batch) and ``plies`` int32 (decision
    /// number in its game).
    fn decisions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        require_numpy(py)?;
        let batch = self.lock("decisions")?;
        let d = batch.decision_columns();
        let rows = d.actions.len();
        let out = PyDict::new(py);
        // The big arrays are numpy's own (numpy asks the system for huge
        // pages for them), filled with one copy each.
        if self.observe {
            let (p, r, f) = shape_tuple(self.shape);
            let obs: Bound<'_, PyArray4<f32>> = zeros(py, &[rows, p, r, f], "float32")?;
            {
                let mut view = obs.readwrite();
                let slice = view.as_slice_mut()?;
                batch.copy_observations(slice);
            }
            out.set_item("observations", obs)?;
        }
        let masks: Bound<'_, PyArray2<u8>> = zeros(py, &[rows, self.mask_bytes], "uint8")?;
        {
            let mut view = masks.readwrite();
            let slice = view.as_slice_mut()?;
            batch.copy_masks(slice);
        }
        out.set_item("masks", masks)?;
        // Indices fit in i32: actions < 2^14, games and plies far below 2^31.
        let int32 = |v: Vec<u32>| -> Vec<i32> {
            v.into_iter()
                .map(|x| i32::try_from(x).unwrap_or(i32::MAX))
                .collect()
        };
        out.set_item("actions", PyArray1::from_vec(py, int32(d.actions)))?;
        out.set_item("players", PyArray1::from_vec(py, d.players))?;
        out.set_item("outcomes", PyArray1::from_vec(py, d.outcomes))?;
        out.set_item("games", PyArray1::from_vec(py, int32(d.games)))?;
        out.set_item("plies", PyArray1::from_vec(py, int32(d.plies)))?;
        Ok(out)
    }

    /// A copy of game ``i`` as it stands (``Board``, ``CardGame`` or
    /// ``TsuitateGame``): at the end, the whole game, for its record
    /// (``to_json()``, a board's ``kif()``).
    fn game_at(&self, py: Python<'_>, i: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        game_copy(py, self.num_games, i, |i| {
            Ok(self.lock("game_at")?.game(i).cloned())
        })
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &str {
        &self.game
    }

    /// The seats as text, Black's then White's.
    #[getter]
    fn seats(&self) -> (String, String) {
        self.seats.clone()
    }

    /// Games in the batch.
    #[getter]
    fn num_games(&self) -> usize {
        self.num_games
    }

    /// Threads the built-in seats think on.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// Size of the action space.
    #[getter]
    fn num_actions(&self) -> u32 {
        self.num_actions
    }

    /// Bytes of one packed mask row.
    #[getter]
    fn mask_bytes(&self) -> usize {
        self.mask_bytes
    }

    /// ``(planes, ranks, files)`` of one observation.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        shape_tuple(self.shape)
    }

    /// The cap on decisions per game.
    #[getter]
    fn max_plies(&self) -> Option<u32> {
        self.max_plies
    }

    fn __len__(&self) -> usize {
        self.num_games
    }

    /// A batch cannot be pickled: its players think natively. Raises ``TypeError``.
    fn __reduce__(&self) -> PyResult<()> {
        Err(pyo3::exceptions::PyTypeError::new_err(
            "an Episodes cannot be pickled (its players and generators are native state): make a new Episodes with the same seeds and seats to replay it, and pickle decisions() or game_at(i) for data",
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "Episodes(game={}, num_games={}, black={}, white={}, max_plies={})",
            convert::py_str(&self.game),
            self.num_games,
            convert::py_str(&self.seats.0),
            convert::py_str(&self.seats.1),
            self.max_plies.map_or("None".to_owned(), |m| m.to_string())
        )
    }
}
