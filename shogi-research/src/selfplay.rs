//! Batched self-play: `N` games of one kind stepped together, on a pool of
//! threads, writing observations, action masks, rewards and end flags into
//! caller-owned buffers (the Python binding hands numpy arrays straight in).
//!
//! Each step takes one action per game, for the player to move, in the
//! game's [`ActionSpace`]; or [`SelfPlay::step_random`] picks a uniformly
//! random legal one with the game's own generator. A game that ends is
//! restarted in the same step (the outputs then describe the new game's
//! first position), so every slot always holds a live game.
//!
//! - **Card shogi** draws its cards inside the step, with the slot's seeded
//!   generator: the caller only ever sees decisions, the drawn card being
//!   part of the observation.
//! - **Tsuitate** takes an attempt: a foul leaves the same player to move.
//!   The observation is the mover's [`PlayerView`](shogi_variants::PlayerView) only.
//! - **Ends.** A rule ending (mate, repetition, a rule's move limit, the
//!   foul limit…) sets `terminated`; the caller's `max_plies` cap (actions
//!   taken, fouls included) sets `truncated` instead, with zero rewards.
//!   Rewards are per colour: `+1` to the winner and `−1` to the loser on the
//!   step that ends a game by the rules, `0` otherwise (draws included).
//! - **Determinism.** Slot `i` draws from a ChaCha8 stream `i` of the seed,
//!   so results do not depend on the number of threads.
//!
//! ```
//! use shogi_research::selfplay::{Outputs, SelfPlay};
//! let mut batch = SelfPlay::new("minishogi", &[], 4, 1, 7, Some(40))?;
//! let (n, obs, actions) = (batch.len(), batch.shape().len(), batch.actions().size() as usize);
//! let mut out = Outputs::buffers(n, obs, actions);
//! batch.reset(&mut out.view())?;
//! for _ in 0..100 {
//!     batch.step_random(&mut out.view())?;
//! }
//! // At most 40 actions per game: at least two games per slot ended in 100 steps.
//! assert_eq!(batch.games_finished(), batch.games_terminated() + batch.games_truncated());
//! assert!(batch.games_finished() >= 8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::observation::{
    family_observation, tsuitate_observation, write_seen_on_clear, ObservationShape, PlaneMemo,
};
use crate::action::ActionSpace;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use shogi_core::{Color, Move, Outcome};
use shogi_variants::{AnyGame, GameState, PlayError, Seen, VariantError};

/// Why a batch could not be made or stepped. Nothing changes on an error.
#[derive(Debug, thiserror::Error)]
pub enum SelfPlayError {
    /// The game's name or a setting was refused.
    #[error(transparent)]
    Game(#[from] VariantError),
    /// A batch needs at least one game and one thread, and a cap of at least one action.
    #[error("{what} must be at least 1")]
    Zero {
        /// `num_games`, `threads` or `max_plies`.
        what: &'static str,
    },
    /// A buffer's length does not fit the batch.
    #[error("{what} holds {got} values; this batch needs {expected}")]
    WrongLength {
        /// Which buffer.
        what: &'static str,
        /// The length needed.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// An action that is not legal for the player to move in that game.
    #[error("action {action} is not legal in game {game} (see its action mask)")]
    IllegalAction {
        /// The game's slot.
        game: usize,
        /// The action.
        action: u32,
    },
    /// A game refused to start (a Card shogi deck that cannot deal, for instance).
    #[error("a game could not start: {0}")]
    Start(String),
    /// The thread pool could not be built.
    #[error("thread pool: {0}")]
    Threads(String),
    /// There is no room in memory for this many games.
    #[error("not enough memory for {games} games (about {bytes} bytes)")]
    Memory {
        /// The games asked for.
        games: usize,
        /// The memory they were estimated to need.
        bytes: usize,
    },
}

/// The heap a game of a batch takes when it is made, beyond its slot
/// (position, history, legal actions; measured at about 2 KB on every
/// kind), for the check that the games fit before they are made.
const HEAP_PER_GAME: usize = 2048;

/// Output buffers of a whole batch, owned (for Rust callers and tests).
#[derive(Clone, Debug)]
pub struct Outputs {
    /// `N × shape.len()` observations.
    pub observations: Vec<f32>,
    /// `N × actions` masks.
    pub masks: Vec<bool>,
    /// `N × 2` rewards, Black's then White's.
    pub rewards: Vec<f32>,
    /// Ended by the rules this step.
    pub terminated: Vec<bool>,
    /// Cut by `max_plies` this step.
    pub truncated: Vec<bool>,
    /// The colour to move now (0 Black, 1 White).
    pub to_play: Vec<u8>,
}

impl Outputs {
    /// Zeroed buffers for `games` games with `observation` numbers per
    /// observation and `actions` actions.
    pub fn buffers(games: usize, observation: usize, actions: usize) -> Outputs {
        Outputs {
            observations: vec![0.0; games * observation],
            masks: vec![false; games * actions],
            rewards: vec![0.0; games * 2],
            terminated: vec![false; games],
            truncated: vec![false; games],
            to_play: vec![0; games],
        }
    }

    /// Borrowed views of the buffers, as [`SelfPlay::step`] takes them.
    pub fn view(&mut self) -> OutputsMut<'_> {
        OutputsMut {
            observations: Some(&mut self.observations),
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            to_play: &mut self.to_play,
        }
    }
}

/// The buffers a step writes, borrowed. `observations` may be `None` to skip
/// encoding them (pure rollouts).
///
/// Pass the same buffers call after call and leave them as written: when
/// the mask buffer is the one the batch wrote last, only the entries it set
/// are cleared (masks are almost all zeros, and 13,689 wide on 9×9). Any
/// other buffer is cleared in full.
#[derive(Debug)]
pub struct OutputsMut<'a> {
    /// `N × shape.len()` observations, or `None`.
    pub observations: Option<&'a mut [f32]>,
    /// `N × actions` masks of the legal actions.
    pub masks: &'a mut [bool],
    /// `N × 2` rewards.
    pub rewards: &'a mut [f32],
    /// `N` rule ends.
    pub terminated: &'a mut [bool],
    /// `N` cap ends.
    pub truncated: &'a mut [bool],
    /// `N` colours to move.
    pub to_play: &'a mut [u8],
}

/// One slot's share of the outputs.
struct Slot<'a> {
    observation: Option<&'a mut [f32]>,
    mask: &'a mut [bool],
    /// `mask` holds what this game's `shown` says (clear only those).
    masks_incremental: bool,
    /// `observation`'s board planes hold what the game's `planes` memo says.
    observations_incremental: bool,
    rewards: &'a mut [f32],
    terminated: &'a mut bool,
    truncated: &'a mut bool,
    to_play: &'a mut u8,
}

/// One game of the batch and its generator.
#[derive(Clone, Debug)]
struct Env<G> {
    game: G,
    rng: ChaCha8Rng,
    /// Actions taken in this game.
    plies: u32,
    /// Legal actions of the player to move now.
    legal: Vec<u32>,
    /// The actions this slot last set in the mask buffer.
    shown: Vec<u32>,
    /// What this slot last wrote in the observation buffer's board planes.
    planes: PlaneMemo,
}

/// What ended in one step, for the batch's counters.
#[derive(Clone, Copy, Default)]
struct Ended {
    terminated: bool,
    truncated: bool,
}

/// `N` games of one kind, stepped together. See the module documentation.
#[derive(Debug)]
pub struct SelfPlay<G: GameState = AnyGame> {
    template: G,
    envs: Vec<Env<G>>,
    shape: ObservationShape,
    actions: ActionSpace,
    max_plies: Option<u32>,
    pool: rayon::ThreadPool,
    threads: usize,
    terminated: u64,
    truncated: u64,
    /// Address and length of the mask and observation buffers the last call
    /// wrote in full.
    written: Written,
}

/// The buffers a batch wrote last, by address and length.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Written {
    masks: Option<(usize, usize)>,
    observations: Option<(usize, usize)>,
}

impl SelfPlay<AnyGame> {
    /// `games` games of the named kind (one of [`shogi_variants::GameKind::names`]) with
    /// settings overridden by name, on `threads` threads, seeded by `seed`;
    /// `max_plies` caps the actions per game (truncation).
    ///
    /// ```
    /// use shogi_research::selfplay::SelfPlay;
    /// assert!(SelfPlay::new("card", &[("base", "minishogi")], 8, 2, 0, None).is_ok());
    /// assert!(SelfPlay::new("chess", &[], 8, 1, 0, None).is_err());
    /// assert!(SelfPlay::new("standard", &[], 0, 1, 0, None).is_err());
    /// ```
    pub fn new(
        name: &str,
        overrides: &[(&str, &str)],
        games: usize,
        threads: usize,
        seed: u64,
        max_plies: Option<u32>,
    ) -> Result<SelfPlay, SelfPlayError> {
        let template = AnyGame::new(name, overrides, seed)?;
        SelfPlay::of_game(template, games, threads, seed, max_plies)
    }
}

impl<G: GameState> SelfPlay<G> {
    /// `games` copies of `template`, any [`GameState`], stepped together on
    /// `threads` threads, seeded by `seed`; `max_plies` caps the actions per
    /// game. The observation planes follow what the game shows a seat
    /// ([`Seen`]): a board game's, Card shogi's or Tsuitate's planes, and a
    /// board game's (without the repetition planes' history) for a game this
    /// module has never heard of.
    pub fn of_game(
        template: G,
        games: usize,
        threads: usize,
        seed: u64,
        max_plies: Option<u32>,
    ) -> Result<SelfPlay<G>, SelfPlayError> {
        if games == 0 {
            return Err(SelfPlayError::Zero { what: "num_games" });
        }
        if threads == 0 {
            return Err(SelfPlayError::Zero { what: "threads" });
        }
        if max_plies == Some(0) {
            return Err(SelfPlayError::Zero { what: "max_plies" });
        }
        let (shape, actions) = shape_of(&template);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| SelfPlayError::Threads(e.to_string()))?;
        // A failed allocation aborts the process: check that the slots and
        // the games' own heap fit before making them (under a memory limit
        // a huge batch is then an error, not an abort). Games grow as they
        // are played (histories), which this cannot foresee.
        let no_room = || SelfPlayError::Memory {
            games,
            bytes: games.saturating_mul(std::mem::size_of::<Env<G>>() + HEAP_PER_GAME),
        };
        let mut envs = Vec::new();
        envs.try_reserve_exact(games).map_err(|_| no_room())?;
        let mut room: Vec<u8> = Vec::new();
        room.try_reserve_exact(games.saturating_mul(HEAP_PER_GAME))
            .map_err(|_| no_room())?;
        drop(room);
        envs.extend((0..games).map(|i| Env {
            game: template.clone(),
            rng: stream(seed, i),
            plies: 0,
            legal: Vec::new(),
            shown: Vec::new(),
            planes: PlaneMemo::new(),
        }));
        let mut batch = SelfPlay {
            template,
            envs,
            shape,
            actions,
            max_plies,
            pool,
            threads,
            terminated: 0,
            truncated: 0,
            written: Written::default(),
        };
        for env in &mut batch.envs {
            env.restart(&batch.template, &batch.actions)?;
        }
        Ok(batch)
    }

    /// Games in the batch.
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.envs.len()
    }

    /// Threads stepping the games.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The shape of one observation.
    pub fn shape(&self) -> ObservationShape {
        self.shape
    }

    /// The action space of the games.
    pub fn actions(&self) -> ActionSpace {
        self.actions
    }

    /// The cap on actions per game, if any.
    pub fn max_plies(&self) -> Option<u32> {
        self.max_plies
    }

    /// Games that ended since the batch was made (by rule or by cap).
    pub fn games_finished(&self) -> u64 {
        self.terminated + self.truncated
    }

    /// Games ended by the rules.
    pub fn games_terminated(&self) -> u64 {
        self.terminated
    }

    /// Games cut by `max_plies`.
    pub fn games_truncated(&self) -> u64 {
        self.truncated
    }

    /// Game `i` as it stands (for inspection; the referee's game for Tsuitate).
    pub fn game(&self, i: usize) -> Option<&G> {
        self.envs.get(i).map(|e| &e.game)
    }

    /// The legal actions of game `i` for the player to move, ascending.
    pub fn legal_actions(&self, i: usize) -> Option<Vec<u32>> {
        self.envs.get(i).map(|e| {
            let mut legal = e.legal.clone();
            legal.sort_unstable();
            legal
        })
    }

    /// Actions taken in game `i` since it started.
    pub fn plies(&self, i: usize) -> Option<u32> {
        self.envs.get(i).map(|e| e.plies)
    }

    /// Writes the observations and masks of the games as they stand, without
    /// playing or restarting anything (rewards 0, no ends): the outputs of a
    /// batch just made.
    pub fn observe(&mut self, out: &mut OutputsMut<'_>) -> Result<(), SelfPlayError> {
        self.check(out, None)?;
        run(
            &self.pool,
            &mut self.envs,
            &mut self.written,
            out,
            |_, env, slot| {
                slot.rewards.fill(0.0);
                *slot.terminated = false;
                *slot.truncated = false;
                env.write(slot);
                Ok(Ended::default())
            },
        )?;
        Ok(())
    }

    /// Restarts the games' generators from `seed`, as [`SelfPlay::new`] seeds
    /// them (the games themselves restart at the next [`SelfPlay::reset`]).
    pub fn reseed(&mut self, seed: u64) {
        for (i, env) in self.envs.iter_mut().enumerate() {
            env.rng = stream(seed, i);
        }
    }

    /// Restarts every game and writes the first observations and masks
    /// (rewards 0, no ends).
    pub fn reset(&mut self, out: &mut OutputsMut<'_>) -> Result<(), SelfPlayError> {
        self.check(out, None)?;
        // Restart into copies first, so that a failure changes nothing.
        let mut envs = self.envs.clone();
        for env in &mut envs {
            env.restart(&self.template, &self.actions)?;
        }
        self.envs = envs;
        self.observe(out)
    }

    /// Plays `actions[i]` in game `i` for every game. If any action is
    /// illegal, nothing is played and the error names the first such game.
    pub fn step(&mut self, actions: &[u32], out: &mut OutputsMut<'_>) -> Result<(), SelfPlayError> {
        self.check(out, Some(actions.len()))?;
        if let Some((game, &action)) = actions
            .iter()
            .enumerate()
            .find(|(i, a)| !self.envs[*i].legal.contains(a))
        {
            return Err(SelfPlayError::IllegalAction { game, action });
        }
        self.play_each(out, |i, _| actions[i])
    }

    /// Plays a uniformly random legal action in every game, drawn from each
    /// game's own seeded generator.
    pub fn step_random(&mut self, out: &mut OutputsMut<'_>) -> Result<(), SelfPlayError> {
        self.check(out, None)?;
        self.play_each(out, |_, env| {
            env.legal[env.rng.random_range(0..env.legal.len())]
        })
    }

    /// Plays in every game the legal action `choose` picks for it (buffers
    /// checked by the caller), and counts the games that ended.
    fn play_each<C>(&mut self, out: &mut OutputsMut<'_>, choose: C) -> Result<(), SelfPlayError>
    where
        C: Fn(usize, &mut Env<G>) -> u32 + Sync,
    {
        let rules = Rules {
            template: &self.template,
            space: self.actions,
            cap: self.max_plies,
        };
        let ended = run(
            &self.pool,
            &mut self.envs,
            &mut self.written,
            out,
            |i, env, slot| {
                let action = choose(i, env);
                env.act(action, &rules, slot)
            },
        )?;
        self.count(&ended);
        Ok(())
    }

    fn count(&mut self, ended: &[Ended]) {
        for e in ended {
            self.terminated += u64::from(e.terminated);
            self.truncated += u64::from(e.truncated);
        }
    }

    /// Checks every buffer's length (and the actions', if given).
    fn check(&self, out: &OutputsMut<'_>, actions: Option<usize>) -> Result<(), SelfPlayError> {
        let n = self.envs.len();
        let lengths = [
            ("actions", n, actions.unwrap_or(n)),
            (
                "observations",
                n * self.shape.len(),
                out.observations
                    .as_ref()
                    .map_or(n * self.shape.len(), |o| o.len()),
            ),
            ("masks", n * self.actions.size() as usize, out.masks.len()),
            ("rewards", n * 2, out.rewards.len()),
            ("terminated", n, out.terminated.len()),
            ("truncated", n, out.truncated.len()),
            ("to_play", n, out.to_play.len()),
        ];
        match lengths.iter().find(|(_, expected, got)| expected != got) {
            Some(&(what, expected, got)) => Err(SelfPlayError::WrongLength {
                what,
                expected,
                got,
            }),
            None => Ok(()),
        }
    }
}

/// What every game of a batch shares while stepping.
struct Rules<'a, G> {
    template: &'a G,
    space: ActionSpace,
    cap: Option<u32>,
}

/// Runs `f` on every game with its share of the outputs, on the pool.
///
/// A mask buffer is all zeros but for a few legal actions per game, and an
/// observation's piece planes but for the pieces. When the caller hands back
/// the buffers this batch wrote last, only the entries set then are cleared,
/// instead of the whole (13,689 mask bytes and 28 × 81 numbers per game on
/// 9×9): the buffers must not be written by anyone else in between.
fn run<G: GameState, F>(
    pool: &rayon::ThreadPool,
    envs: &mut [Env<G>],
    written: &mut Written,
    out: &mut OutputsMut<'_>,
    f: F,
) -> Result<Vec<Ended>, SelfPlayError>
where
    F: Fn(usize, &mut Env<G>, Slot<'_>) -> Result<Ended, SelfPlayError> + Sync,
{
    let now = Written {
        masks: Some((out.masks.as_ptr() as usize, out.masks.len())),
        observations: out
            .observations
            .as_deref()
            .map(|o| (o.as_ptr() as usize, o.len())),
    };
    let masks_incremental = written.masks == now.masks;
    let observations_incremental =
        now.observations.is_some() && written.observations == now.observations;
    *written = Written::default();
    let n = envs.len();
    let mask_len = out.masks.len() / n;
    let mut observations: Vec<Option<&mut [f32]>> = match out.observations.as_deref_mut() {
        Some(o) => {
            let len = o.len() / n;
            o.chunks_mut(len).map(Some).collect()
        }
        None => (0..n).map(|_| None).collect(),
    };
    let slots: Vec<Slot<'_>> = observations
        .drain(..)
        .zip(out.masks.chunks_mut(mask_len))
        .zip(out.rewards.chunks_mut(2))
        .zip(out.terminated.iter_mut())
        .zip(out.truncated.iter_mut())
        .zip(out.to_play.iter_mut())
        .map(
            |(((((observation, mask), rewards), terminated), truncated), to_play)| Slot {
                observation,
                mask,
                masks_incremental,
                observations_incremental,
                rewards,
                terminated,
                truncated,
                to_play,
            },
        )
        .collect();
    let result = in_pool(pool, envs, slots, f);
    if result.is_ok() {
        *written = now;
    }
    result
}

/// Runs `f` over the games and their slots, on the caller's thread for a
/// pool of one.
fn in_pool<G: GameState, F>(
    pool: &rayon::ThreadPool,
    envs: &mut [Env<G>],
    slots: Vec<Slot<'_>>,
    f: F,
) -> Result<Vec<Ended>, SelfPlayError>
where
    F: Fn(usize, &mut Env<G>, Slot<'_>) -> Result<Ended, SelfPlayError> + Sync,
{
    let n = envs.len();
    let threads = pool.current_num_threads().max(1);
    if threads == 1 {
        // One thread: step on the caller's, without waking a worker.
        return envs
            .iter_mut()
            .zip(slots)
            .enumerate()
            .map(|(i, (env, slot))| f(i, env, slot))
            .collect();
    }
    let chunk = n.div_ceil(threads * 4).max(1);
    pool.install(|| {
        envs.par_iter_mut()
            .zip(slots.into_par_iter())
            .enumerate()
            .with_min_len(chunk)
            .map(|(i, (env, slot))| f(i, env, slot))
            .collect()
    })
}

/// Squares of a game's board.
fn board_area<G: GameState>(game: &G) -> usize {
    let g = game.geometry();
    usize::from(g.files()) * usize::from(g.ranks())
}

/// Slot `i`'s generator: stream `i` of the seed.
fn stream(seed: u64, i: usize) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(i as u64);
    rng
}

/// Returns per colour of an outcome: +1 for the winner, −1 for the loser.
pub(crate) fn returns(outcome: Outcome) -> [f32; 2] {
    match outcome.winner {
        Some(Color::Black) => [1.0, -1.0],
        Some(Color::White) => [-1.0, 1.0],
        None => [0.0, 0.0],
    }
}

/// The observation shape and action space of a game: by what it shows a seat.
pub(crate) fn shape_of<G: GameState>(game: &G) -> (ObservationShape, ActionSpace) {
    let geometry = game.geometry();
    let (files, ranks) = (geometry.files(), geometry.ranks());
    let shape = match game.seen(game.side_to_move()) {
        Seen::Board(_) | Seen::Position(_) => ObservationShape::board(files, ranks),
        Seen::Card(_) => ObservationShape::card(files, ranks),
        Seen::Tsuitate(_) => ObservationShape::tsuitate(files, ranks),
        Seen::Family(g) => {
            ObservationShape::family(files, ranks, g.definition().table.kind_count())
        }
    };
    (shape, ActionSpace::of_game(game))
}

impl<G: GameState> Env<G> {
    /// A fresh game from the template; Card shogi's first card is drawn.
    fn restart(&mut self, template: &G, space: &ActionSpace) -> Result<(), SelfPlayError> {
        // A Card shogi deal can end a game before its first move (no move on
        // the card's file); deal again, a bounded number of times.
        for _ in 0..64 {
            self.game = template.clone();
            self.plies = 0;
            self.settle()
                .map_err(|e| SelfPlayError::Start(e.to_string()))?;
            if self.game.outcome().is_none() {
                self.refresh_legal(space);
                return Ok(());
            }
        }
        Err(SelfPlayError::Start(
            "64 deals in a row ended the game before its first move".to_owned(),
        ))
    }

    /// Resolves chance steps (Card shogi's draws) with the slot's generator
    /// until a move is due or the game is over.
    fn settle(&mut self) -> Result<(), PlayError> {
        while self.game.is_chance_node() {
            self.game.sample_chance(&mut self.rng)?;
        }
        Ok(())
    }

    fn to_move(&self) -> Color {
        self.game.side_to_move()
    }

    fn refresh_legal(&mut self, space: &ActionSpace) {
        let moves = self.game.legal_moves();
        self.legal.clear();
        self.legal
            .extend(moves.iter().filter_map(|&m| space.encode(m)));
    }

    /// Plays a legal action, restarts the game if it ended, and writes the outputs.
    fn act(
        &mut self,
        action: u32,
        rules: &Rules<'_, G>,
        slot: Slot<'_>,
    ) -> Result<Ended, SelfPlayError> {
        let mv = rules
            .space
            .decode(action)
            .ok_or(SelfPlayError::IllegalAction { game: 0, action })?;
        self.play(mv)
            .map_err(|_| SelfPlayError::IllegalAction { game: 0, action })?;
        self.plies += 1;
        let mut ended = Ended::default();
        slot.rewards.fill(0.0);
        // One move generation per step: a game with no legal action left is
        // over (the list is empty exactly when the game has ended).
        self.refresh_legal(&rules.space);
        if self.legal.is_empty() {
            let outcome = self.game.outcome().ok_or_else(|| {
                SelfPlayError::Start("a game has no legal action but no outcome".to_owned())
            })?;
            slot.rewards.copy_from_slice(&returns(outcome));
            ended.terminated = true;
        } else if rules.cap.is_some_and(|cap| self.plies >= cap) {
            ended.truncated = true;
        }
        if ended.terminated || ended.truncated {
            self.restart(rules.template, &rules.space)?;
        }
        *slot.terminated = ended.terminated;
        *slot.truncated = ended.truncated;
        self.write(slot);
        Ok(ended)
    }

    /// Plays one move (an attempt in Tsuitate), then any chance steps. The
    /// action came from the legal list (`step` checks, `step_random` picks
    /// from it).
    fn play(&mut self, mv: Move) -> Result<(), String> {
        self.game.play_unchecked(mv);
        self.settle().map_err(|e| e.to_string())
    }

    /// Writes the mask, the observation (for the player to move) and who moves.
    fn write(&mut self, slot: Slot<'_>) {
        if slot.masks_incremental {
            for &a in &self.shown {
                if let Some(m) = slot.mask.get_mut(a as usize) {
                    *m = false;
                }
            }
        } else {
            slot.mask.fill(false);
        }
        for &a in &self.legal {
            if let Some(m) = slot.mask.get_mut(a as usize) {
                *m = true;
            }
        }
        self.shown.clone_from(&self.legal);
        let mover = self.to_move();
        *slot.to_play = mover.index() as u8;
        if let Some(observation) = slot.observation {
            let Env { game, planes, .. } = self;
            let seen = game.seen(mover);
            // Tsuitate's and a family game's observations are written whole.
            match &seen {
                Seen::Tsuitate(view) => return tsuitate_observation(view, observation),
                Seen::Family(g) => return family_observation(g, mover, observation),
                _ => {}
            }
            // Clear the piece planes: the entries set last time, or all.
            if slot.observations_incremental {
                for &i in planes.pieces.iter() {
                    if let Some(v) = observation.get_mut(i as usize) {
                        *v = 0.0;
                    }
                }
                planes.pieces.clear();
            } else {
                let area = board_area(game);
                observation[..28 * area].fill(0.0);
                *planes = PlaneMemo::new();
            }
            write_seen_on_clear(&seen, mover, observation, Some(planes));
        }
    }
}
