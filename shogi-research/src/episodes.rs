//! Whole games played to their end by chosen players, every decision
//! recorded: the rows of a self-play dataset.
//!
//! [`SelfPlay`](crate::selfplay::SelfPlay) steps games that restart in
//! place, for environments; `Episodes` is its counterpart for datasets: a
//! fixed set of games, each from its own seed, each seat played by a
//! [`Seat`] (a built-in player, or [`Seat::Policy`]: actions the caller
//! supplies, such as a network's), and for every decision the observation
//! of the player to move, the legal actions, the action taken and who took
//! it. At the end every decision gets its outcome from the mover's side.
//!
//! - **Reproducible.** A game depends only on its seed, its seats and the
//!   settings: not on the other games of the batch, nor on the number of
//!   threads. Its generator (Card shogi's draws, the random seat's picks)
//!   and its players' seeds come from its seed; each game has its own
//!   players, so a search seat's table holds that game's positions only.
//!   [`episode_seed`] derives game `i`'s seed from a run's seed.
//! - **Budgets.** A search seat counts nodes or depth, never time, so that
//!   its moves replay.
//! - **Tsuitate** records every attempt, fouls included (the same player
//!   then decides again); the observation is the mover's view only.
//! - **Memory.** Every game of a batch has its own players from the start,
//!   so a search seat holds a table of `hash_mb` MiB (default 1, at most
//!   [`MAX_HASH_MB`]) per game of the batch: 128 MiB for 64 games with both
//!   seats searching at the default.
//!
//! ```
//! use shogi_research::episodes::{episode_seed, Episodes, Seat};
//! let seeds: Vec<u64> = (0..4).map(|i| episode_seed(7, i)).collect();
//! let seats = [Seat::Random, "search:depth=1".parse::<Seat>()?];
//! let mut batch = Episodes::new("minishogi", &[], &seeds, seats, Some(60), 1, true)?;
//! batch.advance()?; // no policy seat: every game is played to its end
//! assert!(batch.is_done());
//! let data = batch.decisions();
//! assert_eq!(data.actions.len(), batch.results().iter().map(|r| r.plies as usize).sum::<usize>());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::action::ActionSpace;
use crate::observation::{write_seen_on_clear, ObservationShape};
use crate::selfplay::returns;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use shogi_core::{Color, Outcome};
use shogi_players::{
    BeliefPlayer, Budget, CardExpectimaxPlayer, NaivePlayer, Player, SearchPlayer,
};
use shogi_variants::{AnyGame, GameState, PlayError, Seen, VariantError};
use std::fmt;
use std::str::FromStr;

/// Why a batch of episodes could not be made or played. A refused batch or
/// action changes nothing; a game that fails while the built-in seats play
/// (a deck that cannot deal) stops there, the other games' moves kept.
#[derive(Debug, thiserror::Error)]
pub enum EpisodesError {
    /// The game's name or a setting was refused.
    #[error(transparent)]
    Game(#[from] VariantError),
    /// A seat description that names no player, or a bad option.
    #[error("seat {text:?}: {why} (seats: random, search[:nodes=N|depth=N,hash_mb=N], card, belief[:particles=N], naive, policy)")]
    Seat {
        /// The description given.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// A seat whose player cannot play this game.
    #[error("the {seat} seat cannot play {game}: {why}")]
    SeatGame {
        /// The seat's description.
        seat: String,
        /// The game's name.
        game: String,
        /// Which games it plays.
        why: &'static str,
    },
    /// No seeds: a batch needs at least one game; or no thread, or a cap of zero.
    #[error("{what} must be at least 1")]
    Zero {
        /// `seeds`, `threads` or `max_plies`.
        what: &'static str,
    },
    /// The actions given are not one per waiting game.
    #[error("{expected} games wait for an action; {got} actions were given")]
    WrongCount {
        /// Games waiting.
        expected: usize,
        /// Actions given.
        got: usize,
    },
    /// An action that is not legal for the player to move in that game.
    #[error("action {action} is not legal in game {game} (see its action mask)")]
    IllegalAction {
        /// The game's index in the batch.
        game: usize,
        /// The action.
        action: u32,
    },
    /// A built-in player found no move in a game that is on.
    #[error("the {seat} seat found no move in game {game}, which is on")]
    NoMove {
        /// The seat's description.
        seat: String,
        /// The game's index in the batch.
        game: usize,
    },
    /// A chance step or move the game refused (a Card shogi deck that cannot deal).
    #[error("game {game}: {why}")]
    Play {
        /// The game's index in the batch.
        game: usize,
        /// The game's own message.
        why: String,
    },
    /// The thread pool could not be built.
    #[error("thread pool: {0}")]
    Threads(String),
}

/// Who plays a seat.
///
/// Read from text by [`FromStr`]: `random`, `search` (options `nodes=N`,
/// `depth=N`, `hash_mb=N`; default 2,000 nodes), `card` (Card shogi's
/// expectimax), `belief` (Tsuitate; option `particles=N`), `naive`
/// (Tsuitate's baseline) or `policy`; options follow a colon, separated by
/// commas.
///
/// ```
/// use shogi_research::episodes::Seat;
/// let seat: Seat = "search:nodes=500,hash_mb=2".parse()?;
/// assert_eq!(seat, Seat::Search { nodes: Some(500), depth: None, hash_mb: 2 });
/// assert_eq!(seat.to_string(), "search:nodes=500,hash_mb=2");
/// assert!("alphazero".parse::<Seat>().is_err());
/// # Ok::<(), shogi_research::episodes::EpisodesError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// Uniformly random among the legal moves (the game's generator).
    Random,
    /// [`SearchPlayer`] with a node or a depth budget (not both) and a
    /// table of `hash_mb` MiB.
    Search {
        /// Node budget per move.
        nodes: Option<u64>,
        /// Depth budget per move.
        depth: Option<u32>,
        /// Transposition table size in MiB.
        hash_mb: usize,
    },
    /// Card shogi's [`CardExpectimaxPlayer`].
    Card,
    /// Tsuitate's [`BeliefPlayer`], with `particles` sampled positions.
    Belief {
        /// Sampled positions (the player's default when `None`).
        particles: Option<usize>,
    },
    /// Tsuitate's [`NaivePlayer`].
    Naive,
    /// The caller's actions: the games wait for them ([`Episodes::waiting`]).
    Policy,
}

/// The search seat's node budget when none is given.
const DEFAULT_SEARCH_NODES: u64 = 2_000;

/// The largest table a search seat may ask for, in MiB (one per game of a batch).
pub const MAX_HASH_MB: u64 = 1024;

impl FromStr for Seat {
    type Err = EpisodesError;

    fn from_str(text: &str) -> Result<Seat, EpisodesError> {
        let bad = |why: String| EpisodesError::Seat {
            text: text.to_owned(),
            why,
        };
        let (kind, options) = text.trim().split_once(':').unwrap_or((text.trim(), ""));
        let mut pairs = Vec::new();
        for option in options.split(',').filter(|o| !o.trim().is_empty()) {
            let (key, value) = option
                .split_once('=')
                .ok_or_else(|| bad(format!("option {option:?} is not key=value")))?;
            let value: u64 = value
                .trim()
                .parse()
                .map_err(|_| bad(format!("{key} must be a whole number, not {value:?}")))?;
            pairs.push((key.trim(), value));
        }
        let allowed: &[&str] = match kind {
            "search" => &["nodes", "depth", "hash_mb"],
            "belief" => &["particles"],
            "random" | "card" | "naive" | "policy" => &[],
            _ => return Err(bad(format!("no player is called {kind:?}"))),
        };
        if let Some((key, _)) = pairs.iter().find(|(k, _)| !allowed.contains(k)) {
            return Err(bad(format!("{kind} takes no option {key:?}")));
        }
        let get = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|&(_, v)| v);
        if get("hash_mb").is_some_and(|m| m > MAX_HASH_MB) {
            return Err(bad(format!(
                "hash_mb is at most {MAX_HASH_MB} (every game of a batch has its own table)"
            )));
        }
        if get("nodes").is_some() && get("depth").is_some() {
            return Err(bad("give nodes or depth, not both".to_owned()));
        }
        let at_least_one = |key: &str| match get(key) {
            Some(0) => Err(bad(format!("{key} must be at least 1"))),
            v => Ok(v),
        };
        Ok(match kind {
            "random" => Seat::Random,
            "search" => Seat::Search {
                nodes: at_least_one("nodes")?,
                depth: at_least_one("depth")?.map(|d| u32::try_from(d).unwrap_or(u32::MAX)),
                hash_mb: at_least_one("hash_mb")?
                    .map_or(1, |m| usize::try_from(m).unwrap_or(usize::MAX)),
            },
            "card" => Seat::Card,
            "belief" => Seat::Belief {
                particles: at_least_one("particles")?
                    .map(|p| usize::try_from(p).unwrap_or(usize::MAX)),
            },
            "naive" => Seat::Naive,
            _ => Seat::Policy,
        })
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Random => f.write_str("random"),
            Seat::Search {
                nodes,
                depth,
                hash_mb,
            } => {
                let mut options = Vec::new();
                if let Some(n) = nodes {
                    options.push(format!("nodes={n}"));
                }
                if let Some(d) = depth {
                    options.push(format!("depth={d}"));
                }
                if *hash_mb != 1 {
                    options.push(format!("hash_mb={hash_mb}"));
                }
                match options.is_empty() {
                    true => f.write_str("search"),
                    false => write!(f, "search:{}", options.join(",")),
                }
            }
            Seat::Card => f.write_str("card"),
            Seat::Belief { particles: None } => f.write_str("belief"),
            Seat::Belief { particles: Some(p) } => write!(f, "belief:particles={p}"),
            Seat::Naive => f.write_str("naive"),
            Seat::Policy => f.write_str("policy"),
        }
    }
}

impl Seat {
    /// Whether this seat's player can play a game that shows a seat `seen`
    /// (`None`: it can).
    fn refusal(&self, seen: &Seen<'_>) -> Option<&'static str> {
        let tsuitate = matches!(seen, Seen::Tsuitate(_));
        let card = matches!(seen, Seen::Card(_));
        match self {
            Seat::Random | Seat::Policy => None,
            Seat::Search { .. } if tsuitate => {
                Some("search plays the perfect-information games and Card shogi")
            }
            Seat::Card if !card => Some("card plays Card shogi only"),
            Seat::Belief { .. } | Seat::Naive if !tsuitate => {
                Some("belief and naive play Tsuitate only")
            }
            _ => None,
        }
    }

    /// A fresh player for this seat in a game seeded `seed` (`None` for the
    /// random seat, which draws from the game's generator, and the policy).
    fn player(&self, seed: u64) -> Option<Box<dyn Player + Send>> {
        Some(match self {
            Seat::Random | Seat::Policy => return None,
            Seat::Search {
                nodes,
                depth,
                hash_mb,
            } => {
                let budget = match depth {
                    Some(d) => Budget::Depth(*d),
                    None => Budget::Nodes(nodes.unwrap_or(DEFAULT_SEARCH_NODES)),
                };
                Box::new(
                    SearchPlayer::new(budget)
                        .with_seed(seed)
                        .with_hash_mb(*hash_mb),
                )
            }
            Seat::Card => Box::new(CardExpectimaxPlayer::new()),
            Seat::Belief { particles } => {
                let player = BeliefPlayer::new(seed);
                Box::new(match particles {
                    Some(n) => player.with_particles(*n),
                    None => player,
                })
            }
            Seat::Naive => Box::new(NaivePlayer::new(seed)),
        })
    }
}

/// Game `index`'s seed in a run seeded `run_seed`: the same whatever the
/// batches and workers the run is split into (a SplitMix64 mix of both).
///
/// ```
/// use shogi_research::episodes::episode_seed;
/// assert_eq!(episode_seed(1, 5), episode_seed(1, 5));
/// assert_ne!(episode_seed(1, 5), episode_seed(1, 6));
/// assert_ne!(episode_seed(1, 5), episode_seed(2, 5));
/// ```
pub fn episode_seed(run_seed: u64, index: u64) -> u64 {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    mix(mix(run_seed.wrapping_add(0x9E37_79B9_7F4A_7C15)) ^ index)
}

/// How a game of the batch ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EpisodeResult {
    /// The game's seed.
    pub seed: u64,
    /// The rules' outcome, `None` while the game is on or when `max_plies`
    /// cut it (`truncated`).
    pub outcome: Option<Outcome>,
    /// Cut by `max_plies` before the rules ended it.
    pub truncated: bool,
    /// Decisions taken (moves; Tsuitate attempts, fouls included).
    pub plies: u32,
}

impl EpisodeResult {
    /// Whether the game is over (by the rules or the cap).
    pub fn is_over(&self) -> bool {
        self.outcome.is_some() || self.truncated
    }

    /// The points of a colour: +1 for a win, −1 for a loss, 0 otherwise
    /// (a draw, a cut game, a game on).
    pub fn value_for(&self, color: Color) -> f32 {
        self.outcome.map_or(0.0, |o| returns(o)[color.index()])
    }
}

/// Every decision of a batch's games, game after game in decision order,
/// as flat arrays (row `k` of each array is decision `k`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Decisions {
    /// `rows × shape.len()` observations of the player to move (empty when
    /// the batch records none).
    pub observations: Vec<f32>,
    /// `rows × mask_bytes` legal-action masks, packed: action `a` is bit
    /// `a % 8` (least significant first) of byte `a / 8`.
    pub masks: Vec<u8>,
    /// The action taken.
    pub actions: Vec<u32>,
    /// The colour that took it (0 Black, 1 White).
    pub players: Vec<u8>,
    /// The game's result for that colour: +1 won, −1 lost, 0 drawn, cut or on.
    pub outcomes: Vec<f32>,
    /// The game's index in the batch.
    pub games: Vec<u32>,
    /// The decision's number within its game, from 0.
    pub plies: Vec<u32>,
}

/// One game of the batch: its state, generator, players and decisions.
struct Episode<G> {
    game: G,
    seed: u64,
    rng: ChaCha8Rng,
    players: [Option<Box<dyn Player + Send>>; 2],
    /// Legal actions of the player to move.
    legal: Vec<u32>,
    truncated: bool,
    observations: Vec<f32>,
    masks: Vec<u8>,
    actions: Vec<u32>,
    movers: Vec<u8>,
}

impl<G> fmt::Debug for Episode<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Episode")
            .field("seed", &self.seed)
            .field("plies", &self.actions.len())
            .finish_non_exhaustive()
    }
}

/// What every game of the batch shares.
struct Shared {
    seats: [Seat; 2],
    shape: ObservationShape,
    space: ActionSpace,
    mask_bytes: usize,
    cap: Option<u32>,
    observe: bool,
}

/// A batch of whole games with chosen seats. See the module documentation.
#[derive(Debug)]
pub struct Episodes<G: GameState = AnyGame> {
    episodes: Vec<Episode<G>>,
    seats: [Seat; 2],
    shape: ObservationShape,
    space: ActionSpace,
    max_plies: Option<u32>,
    observe: bool,
    pool: rayon::ThreadPool,
    threads: usize,
}

impl Episodes<AnyGame> {
    /// One game of the named kind (one of [`shogi_variants::GameKind::names`],
    /// settings overridden by name) per seed, Black's seat played by
    /// `seats[0]` and White's by `seats[1]`, on `threads` threads;
    /// `max_plies` caps the decisions per game; `observations: false`
    /// records no observations.
    pub fn new(
        name: &str,
        overrides: &[(&str, &str)],
        seeds: &[u64],
        seats: [Seat; 2],
        max_plies: Option<u32>,
        threads: usize,
        observations: bool,
    ) -> Result<Episodes, EpisodesError> {
        let template = AnyGame::new(name, overrides, 0)?;
        Episodes::of_game(template, seeds, seats, max_plies, threads, observations)
    }
}

impl<G: GameState> Episodes<G> {
    /// [`Episodes::new`] for copies of `template`, any [`GameState`].
    pub fn of_game(
        template: G,
        seeds: &[u64],
        seats: [Seat; 2],
        max_plies: Option<u32>,
        threads: usize,
        observations: bool,
    ) -> Result<Episodes<G>, EpisodesError> {
        if seeds.is_empty() {
            return Err(EpisodesError::Zero { what: "seeds" });
        }
        if threads == 0 {
            return Err(EpisodesError::Zero { what: "threads" });
        }
        if max_plies == Some(0) {
            return Err(EpisodesError::Zero { what: "max_plies" });
        }
        let seen = template.seen(template.side_to_move());
        for seat in &seats {
            if let Some(why) = seat.refusal(&seen) {
                return Err(EpisodesError::SeatGame {
                    seat: seat.to_string(),
                    game: template.name().to_owned(),
                    why,
                });
            }
        }
        drop(seen);
        let shape = crate::selfplay::shape_of(&template).0;
        let space = ActionSpace::of_game(&template);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| EpisodesError::Threads(e.to_string()))?;
        let mut episodes = Vec::with_capacity(seeds.len());
        for (i, &seed) in seeds.iter().enumerate() {
            let mut episode = Episode {
                game: template.clone(),
                seed,
                rng: ChaCha8Rng::seed_from_u64(seed),
                players: [
                    seats[0].player(seed ^ 0xB1AC),
                    seats[1].player(seed ^ 0x0417E),
                ],
                legal: Vec::new(),
                truncated: false,
                observations: Vec::new(),
                masks: Vec::new(),
                actions: Vec::new(),
                movers: Vec::new(),
            };
            episode.settle(i)?;
            episode.refresh_legal(&space);
            episodes.push(episode);
        }
        Ok(Episodes {
            episodes,
            seats,
            shape,
            space,
            max_plies,
            observe: observations,
            pool,
            threads,
        })
    }

    fn shared(&self) -> Shared {
        Shared {
            seats: self.seats.clone(),
            shape: self.shape,
            space: self.space,
            mask_bytes: self.mask_bytes(),
            cap: self.max_plies,
            observe: self.observe,
        }
    }

    /// Games in the batch.
    pub fn len(&self) -> usize {
        self.episodes.len()
    }

    /// Never: a batch has at least one game.
    pub fn is_empty(&self) -> bool {
        self.episodes.is_empty()
    }

    /// The seats, Black's then White's.
    pub fn seats(&self) -> &[Seat; 2] {
        &self.seats
    }

    /// The threads the built-in players think on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The shape of one observation.
    pub fn shape(&self) -> ObservationShape {
        self.shape
    }

    /// The action space.
    pub fn actions(&self) -> ActionSpace {
        self.space
    }

    /// Bytes of one packed mask: the action space's size over 8, rounded up.
    pub fn mask_bytes(&self) -> usize {
        (self.space.size() as usize).div_ceil(8)
    }

    /// The cap on decisions per game.
    pub fn max_plies(&self) -> Option<u32> {
        self.max_plies
    }

    /// Game `i` as it stands (at the end, the whole game for its record).
    pub fn game(&self, i: usize) -> Option<&G> {
        self.episodes.get(i).map(|e| &e.game)
    }

    /// Every game's result so far.
    pub fn results(&self) -> Vec<EpisodeResult> {
        self.episodes.iter().map(Episode::result).collect()
    }

    /// Whether every game is over.
    pub fn is_done(&self) -> bool {
        self.episodes.iter().all(Episode::is_over)
    }

    /// Plays the built-in seats' moves in every game (on the pool) until
    /// each game is over or waits for a [`Seat::Policy`] action; returns how
    /// many wait.
    pub fn advance(&mut self) -> Result<usize, EpisodesError> {
        self.advance_by(u32::MAX)
    }

    /// [`Episodes::advance`] in steps: each game takes at most `decisions`
    /// built-in decisions, so that a caller can look up (for an
    /// interruption, a progress report) between calls. Returns how many
    /// games wait for a policy action.
    pub fn advance_by(&mut self, decisions: u32) -> Result<usize, EpisodesError> {
        let shared = self.shared();
        let episodes = &mut self.episodes;
        if self.threads == 1 {
            for (i, e) in episodes.iter_mut().enumerate() {
                e.advance(i, decisions, &shared)?;
            }
        } else {
            self.pool.install(|| {
                episodes
                    .par_iter_mut()
                    .enumerate()
                    .with_max_len(1)
                    .try_for_each(|(i, e)| e.advance(i, decisions, &shared))
            })?;
        }
        Ok(self.waiting().len())
    }

    /// The games that wait for a policy action, ascending.
    pub fn waiting(&self) -> Vec<usize> {
        (0..self.episodes.len())
            .filter(|&i| self.episodes[i].waits(&self.seats))
            .collect()
    }

    /// The observations (`waiting × shape.len()`) and boolean masks
    /// (`waiting × actions`) of the waiting games, in [`Episodes::waiting`] order.
    pub fn observe_waiting(&self, observations: &mut [f32], masks: &mut [bool]) {
        let (len, size) = (self.shape.len(), self.space.size() as usize);
        masks.fill(false);
        for (k, i) in self.waiting().into_iter().enumerate() {
            let e = &self.episodes[i];
            if let Some(out) = observations.get_mut(k * len..(k + 1) * len) {
                out.fill(0.0);
                observe_on_clear(&e.game, e.game.side_to_move(), out);
            }
            if let Some(mask) = masks.get_mut(k * size..(k + 1) * size) {
                for &a in &e.legal {
                    mask[a as usize] = true;
                }
            }
        }
    }

    /// Plays one action in each waiting game, in [`Episodes::waiting`]
    /// order, recording them; [`Episodes::advance`] then carries on with
    /// the built-in seats. If any action is illegal, or the count is not
    /// one per waiting game, nothing is played.
    ///
    /// ```
    /// use shogi_research::episodes::{Episodes, Seat};
    /// let mut batch = Episodes::new("minishogi", &[], &[1, 2, 3], [Seat::Policy, Seat::Random], Some(20), 1, true)?;
    /// while batch.advance()? > 0 {
    ///     let waiting = batch.waiting();
    ///     let (len, size) = (batch.shape().len(), batch.actions().size() as usize);
    ///     let (mut obs, mut masks) = (vec![0.0; waiting.len() * len], vec![false; waiting.len() * size]);
    ///     batch.observe_waiting(&mut obs, &mut masks);
    ///     // A policy: the first legal action of each waiting game.
    ///     let actions: Vec<u32> = masks.chunks(size).map(|m| m.iter().position(|&b| b).unwrap() as u32).collect();
    ///     batch.act(&actions)?;
    /// }
    /// assert!(batch.is_done() && batch.games_on() == 0);
    /// # Ok::<(), shogi_research::episodes::EpisodesError>(())
    /// ```
    pub fn act(&mut self, actions: &[u32]) -> Result<(), EpisodesError> {
        let waiting = self.waiting();
        if waiting.len() != actions.len() {
            return Err(EpisodesError::WrongCount {
                expected: waiting.len(),
                got: actions.len(),
            });
        }
        if let Some((&game, &action)) = waiting
            .iter()
            .zip(actions)
            .find(|(&i, a)| !self.episodes[i].legal.contains(a))
        {
            return Err(EpisodesError::IllegalAction { game, action });
        }
        let shared = self.shared();
        for (&i, &action) in waiting.iter().zip(actions) {
            self.episodes[i].decide(i, action, &shared)?;
        }
        Ok(())
    }

    /// Games not over yet (waiting for the policy or not).
    pub fn games_on(&self) -> usize {
        self.episodes.iter().filter(|e| !e.is_over()).count()
    }

    /// Every decision so far, game after game, with outcomes from each
    /// mover's side (0 for games still on).
    pub fn decisions(&self) -> Decisions {
        let mut d = self.decision_columns();
        d.observations = vec![0.0; self.observation_values()];
        d.masks = vec![0; self.rows() * self.mask_bytes()];
        self.copy_observations(&mut d.observations);
        self.copy_masks(&mut d.masks);
        d
    }

    /// Decisions recorded so far, all games together.
    pub fn rows(&self) -> usize {
        self.episodes.iter().map(|e| e.actions.len()).sum()
    }

    /// Numbers of all the recorded observations together.
    fn observation_values(&self) -> usize {
        self.episodes.iter().map(|e| e.observations.len()).sum()
    }

    /// [`Episodes::decisions`] without the observations and masks (left
    /// empty): the small columns, for a caller that copies the big ones into
    /// buffers of its own with [`Episodes::copy_observations`] and
    /// [`Episodes::copy_masks`].
    ///
    /// ```
    /// use shogi_research::episodes::{Episodes, Seat};
    /// let mut batch = Episodes::new("minishogi", &[], &[4, 5], [Seat::Random, Seat::Random], Some(30), 1, true)?;
    /// batch.advance()?;
    /// let columns = batch.decision_columns();
    /// let mut masks = vec![0u8; batch.rows() * batch.mask_bytes()];
    /// assert_eq!(batch.copy_masks(&mut masks), masks.len());
    /// let whole = batch.decisions();
    /// assert_eq!((whole.actions, whole.masks), (columns.actions, masks));
    /// # Ok::<(), shogi_research::episodes::EpisodesError>(())
    /// ```
    pub fn decision_columns(&self) -> Decisions {
        let rows = self.rows();
        let mut d = Decisions {
            actions: Vec::with_capacity(rows),
            players: Vec::with_capacity(rows),
            outcomes: Vec::with_capacity(rows),
            games: Vec::with_capacity(rows),
            plies: Vec::with_capacity(rows),
            ..Decisions::default()
        };
        for (i, e) in self.episodes.iter().enumerate() {
            let result = e.result();
            d.actions.extend_from_slice(&e.actions);
            d.players.extend_from_slice(&e.movers);
            d.outcomes.extend(
                e.movers
                    .iter()
                    .map(|&m| result.value_for(Color::ALL[usize::from(m)])),
            );
            d.games
                .extend(std::iter::repeat_n(i as u32, e.actions.len()));
            d.plies.extend(0..e.actions.len() as u32);
        }
        d
    }

    /// Copies every recorded observation, in [`Episodes::decisions`] order,
    /// to the front of `out` (`rows × shape.len()` numbers when the batch
    /// records observations; nothing otherwise); returns how many were written.
    pub fn copy_observations(&self, out: &mut [f32]) -> usize {
        copy_rows(self.episodes.iter().map(|e| &e.observations[..]), out)
    }

    /// Copies every packed mask, in [`Episodes::decisions`] order, to the
    /// front of `out` (`rows × mask_bytes`); returns how many bytes were written.
    pub fn copy_masks(&self, out: &mut [u8]) -> usize {
        copy_rows(self.episodes.iter().map(|e| &e.masks[..]), out)
    }
}

/// Copies the parts one after another to the front of `out`, as far as it
/// holds them; returns the values copied.
fn copy_rows<'a, T: Copy + 'a>(parts: impl Iterator<Item = &'a [T]>, out: &mut [T]) -> usize {
    let mut at = 0;
    for part in parts {
        let n = part.len().min(out.len() - at);
        out[at..at + n].copy_from_slice(&part[..n]);
        at += n;
    }
    at
}

impl<G: GameState> Episode<G> {
    fn result(&self) -> EpisodeResult {
        EpisodeResult {
            seed: self.seed,
            outcome: self.game.outcome(),
            truncated: self.truncated,
            plies: self.actions.len() as u32,
        }
    }

    fn is_over(&self) -> bool {
        self.truncated || self.legal.is_empty()
    }

    /// Whether the game is on and its mover's seat is the policy.
    fn waits(&self, seats: &[Seat; 2]) -> bool {
        !self.is_over() && seats[self.game.side_to_move().index()] == Seat::Policy
    }

    /// Resolves chance steps with the game's generator.
    fn settle(&mut self, i: usize) -> Result<(), EpisodesError> {
        while self.game.is_chance_node() {
            self.game
                .sample_chance(&mut self.rng)
                .map_err(|e: PlayError| EpisodesError::Play {
                    game: i,
                    why: e.to_string(),
                })?;
        }
        Ok(())
    }

    /// The legal actions now; none once the game is over (a game's legal
    /// moves are empty exactly when it is over: one generation tells both).
    fn refresh_legal(&mut self, space: &ActionSpace) {
        self.legal.clear();
        let moves = self.game.legal_moves();
        self.legal
            .extend(moves.iter().filter_map(|&m| space.encode(m)));
    }

    /// Built-in seats play until the game is over, waits for the policy or
    /// took `decisions` decisions.
    fn advance(&mut self, i: usize, decisions: u32, shared: &Shared) -> Result<(), EpisodesError> {
        use rand::RngExt;
        for _ in 0..decisions {
            if self.is_over() {
                break;
            }
            let mover = self.game.side_to_move();
            let seat = &shared.seats[mover.index()];
            let action = match (seat, &mut self.players[mover.index()]) {
                (Seat::Policy, _) => return Ok(()),
                (_, Some(player)) => {
                    let chosen = player
                        .choose(self.game.observation(mover))
                        .and_then(|mv| shared.space.encode(mv))
                        .filter(|a| self.legal.contains(a));
                    chosen.ok_or_else(|| EpisodesError::NoMove {
                        seat: seat.to_string(),
                        game: i,
                    })?
                }
                (_, None) => self.legal[self.rng.random_range(0..self.legal.len())],
            };
            self.decide(i, action, shared)?;
        }
        Ok(())
    }

    /// Records the decision (observation, mask, action, mover), then plays it.
    fn decide(&mut self, i: usize, action: u32, shared: &Shared) -> Result<(), EpisodesError> {
        let mover = self.game.side_to_move();
        let mv = shared
            .space
            .decode(action)
            .ok_or(EpisodesError::IllegalAction { game: i, action })?;
        if shared.observe {
            let start = self.observations.len();
            if start == 0 {
                // Room for a typical game at once, not a doubling per few moves.
                self.observations.reserve(64 * shared.shape.len());
            }
            self.observations.resize(start + shared.shape.len(), 0.0);
            observe_on_clear(&self.game, mover, &mut self.observations[start..]);
        }
        let start = self.masks.len();
        self.masks.resize(start + shared.mask_bytes, 0);
        for &a in &self.legal {
            self.masks[start + a as usize / 8] |= 1 << (a % 8);
        }
        self.actions.push(action);
        self.movers.push(mover.index() as u8);
        self.game.play_unchecked(mv);
        self.settle(i)?;
        self.refresh_legal(&shared.space);
        if !self.legal.is_empty() && shared.cap.is_some_and(|c| self.actions.len() >= c as usize) {
            self.truncated = true;
        }
        Ok(())
    }
}

/// Writes what `viewer` sees of `game`, which is on, into `out`, all zeros
/// (one observation, any game of the contract), as batched self-play writes it.
fn observe_on_clear<G: GameState>(game: &G, viewer: Color, out: &mut [f32]) {
    write_seen_on_clear(&game.seen(viewer), viewer, out, None);
}
