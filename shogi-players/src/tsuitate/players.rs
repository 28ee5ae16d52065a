//! The players: [`BeliefPlayer`] and [`NaivePlayer`].

use super::filter::{
    advance_ours, advance_theirs, check_at, resample, rng_for, Checkpoint, TurnFacts, MAX_PARTICLES,
};
use super::planning::{choose_over, foul_penalty, weigh};
use super::reading::{reconstruct, steps_of, OwnPieces, Step};
use super::worlds::WorldBuilder;
use crate::{Observation, Player, Seen};
use shogi_core::{Move, MoveList, Position};
use shogi_variants::PlayerView;

/// Particles kept by default by a [`BeliefPlayer`].
const DEFAULT_PARTICLES: usize = 32;

/// A Tsuitate player that keeps a belief about the hidden enemy pieces and
/// plans over it.
///
/// **Belief.** A bounded set of particles (32 by default): hypothetical true
/// positions, each agreeing with everything the player was told. The player
/// assumes the game began at the start position of its board (standard or
/// minishogi, from the view's size; the enemy's setup is public then). Its
/// own pieces at every moment are worked out exactly, backwards from its
/// board now. The filter then replays the information state one true
/// position at a time:
///
/// * the player's own step keeps the particles where its refused moves are
///   illegal (a blocked slide, an occupied drop square, a king left in check)
///   and its played move is legal, captures exactly the announced piece (or
///   none) and gives check exactly when "check" was announced;
/// * an enemy move advances each particle by a random legal enemy move that
///   takes the announced piece on the announced square (or nothing), gives
///   check exactly when announced, and leaves a position where the player's
///   next attempts get the verdicts they got;
/// * the survivors are resampled back to the particle count. When no particle
///   survives, the agreement asked of enemy moves is relaxed step by step
///   and the particles are then *repaired*: enemy pieces are moved, one at a
///   time, where they explain what was told (onto the path of a refused
///   slide or the square of a refused drop, the nearest piece first; to
///   attack the square a refused king move went to; to give the announced
///   check, or pin), a change kept only when it leaves fewer facts
///   unexplained; pieces in the way of a played move are moved elsewhere and
///   an announced capture is made to happen. When even that fails, the
///   belief restarts from the assumed start arrangement around the own pieces.
///
/// Each update draws from a generator seeded by the player's seed and the
/// step's number, and a step's particles are kept for reuse only once
/// nothing later can change them, so the belief (and the move) is a function
/// of the view and the seed alone: the same view, the same move, whatever the
/// true position and whatever views the player saw before.
///
/// **Planning.** Each candidate is scored by its average over the particles:
/// where it is legal, one ply and the enemy's best capture, with
/// [`evaluate`](crate::eval::evaluate) (a mate counts a fixed 3000, so that
/// a mate seen in a few particles does not buy fouls in the others); where
/// it is a foul, the score of the best single move over the particles where
/// it is a foul (what the player would do next, knowing it), less the foul's
/// cost: 300, plus 100 per foul made, 600 more for the last foul but one,
/// prohibitive when the next foul would lose (the game's foul limit, read
/// from the view). A move refused since the last played move is not tried again unless
/// nothing else is possible.
///
/// ```
/// use shogi_core::Color;
/// use shogi_players::{BeliefPlayer, Observation, Player};
/// use shogi_variants::{Referee, TsuitateSettings};
///
/// let mut referee = Referee::new(TsuitateSettings::default());
/// referee.attempt("7g7f".parse().unwrap()).unwrap();
/// let view = referee.view(Color::White);
/// let mut player = BeliefPlayer::new(3);
/// let mv = player.choose(Observation::tsuitate(&view)).unwrap();
/// assert!(view.candidate_moves().contains(&mv));
/// // The same view and seed give the same move, from a fresh player too.
/// assert_eq!(BeliefPlayer::new(3).choose(Observation::tsuitate(&view)), Some(mv));
/// ```
#[derive(Clone, Debug)]
pub struct BeliefPlayer {
    seed: u64,
    particles: usize,
    checkpoint: Option<Checkpoint>,
}

impl BeliefPlayer {
    /// A belief player with this seed and 32 particles. It prices fouls
    /// against the game's own foul limit, which every view carries
    /// ([`PlayerView::foul_limit`]).
    ///
    /// ```
    /// use shogi_players::{BeliefPlayer, Player};
    /// let player = BeliefPlayer::new(5);
    /// assert_eq!((player.seed(), player.particles()), (5, 32));
    /// assert_eq!(player.name(), "tsuitate-belief");
    /// ```
    pub fn new(seed: u64) -> BeliefPlayer {
        BeliefPlayer {
            seed,
            particles: DEFAULT_PARTICLES,
            checkpoint: None,
        }
    }

    /// The same player keeping `n` particles (clamped to 1..=1024): more is
    /// a finer belief and slower.
    ///
    /// ```
    /// use shogi_players::BeliefPlayer;
    /// assert_eq!(BeliefPlayer::new(1).with_particles(64).particles(), 64);
    /// assert_eq!(BeliefPlayer::new(1).with_particles(0).particles(), 1);
    /// ```
    pub fn with_particles(mut self, n: usize) -> BeliefPlayer {
        self.particles = n.clamp(1, MAX_PARTICLES);
        self.checkpoint = None;
        self
    }

    /// The seed it was made with.
    ///
    /// ```
    /// assert_eq!(shogi_players::BeliefPlayer::new(9).seed(), 9);
    /// ```
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How many particles it keeps.
    ///
    /// ```
    /// assert_eq!(shogi_players::BeliefPlayer::new(9).particles(), 32);
    /// ```
    pub fn particles(&self) -> usize {
        self.particles
    }

    /// The player's belief for `view`: hypothetical true positions (with
    /// repeats, one per particle), each holding exactly the player's own
    /// pieces and hand and agreeing with what the player was told. For the
    /// player to move; when it is not its turn, or the information state does
    /// not fit a game from the start position, a single position built from
    /// the own pieces and the enemy's start arrangement (or none). A function
    /// of the view and the seed.
    ///
    /// ```
    /// use shogi_core::{Color, OwnBoard};
    /// use shogi_players::BeliefPlayer;
    /// use shogi_variants::{Referee, TsuitateSettings};
    ///
    /// let mut referee = Referee::new(TsuitateSettings::default());
    /// referee.attempt("7g7f".parse().unwrap()).unwrap();
    /// let view = referee.view(Color::White);
    /// let belief = BeliefPlayer::new(1).belief(&view);
    /// assert_eq!(belief.len(), 32);
    /// for world in &belief {
    ///     assert_eq!(OwnBoard::of(world, Color::White), view.board);
    ///     assert_eq!(world.side_to_move(), Color::White);
    /// }
    /// ```
    pub fn belief(&mut self, view: &PlayerView) -> Vec<Position> {
        let worlds = WorldBuilder::of(view);
        let fallback = || {
            worlds
                .assumed_world(&OwnPieces::of(&view.board), view.color)
                .into_iter()
                .collect()
        };
        if !view.to_move {
            return fallback();
        }
        let Some(steps) = steps_of(view) else {
            return fallback();
        };
        let Some(own_at) = reconstruct(&steps, OwnPieces::of(&view.board)) else {
            return fallback();
        };
        let last = steps.len() - 1;
        let first_mover = if steps[0].is_ours() {
            view.color
        } else {
            view.color.opponent()
        };
        let side_at = |j: usize| {
            if j % 2 == 0 {
                first_mover
            } else {
                first_mover.opponent()
            }
        };
        let n = self.particles;
        let reusable = self.checkpoint.as_ref().filter(|c| {
            c.color == view.color
                && c.files == view.board.files()
                && c.step <= last
                && steps.len() >= c.key.len()
                && steps[..c.key.len()] == c.key[..]
                && own_at[c.step] == c.mine
        });
        let (mut j, mut particles) = match reusable {
            Some(c) => (c.step, c.particles.clone()),
            None => match worlds.assumed_world(&own_at[0], first_mover) {
                Some(start) => (0, vec![start; n]),
                None => return fallback(),
            },
        };
        while j < last {
            let mut rng = rng_for(self.seed, j as u64, 0x5EED);
            particles = match &steps[j] {
                Step::Ours {
                    fouls,
                    played: Some(played),
                } => advance_ours(
                    &worlds,
                    &particles,
                    &TurnFacts {
                        fouls,
                        check: check_at(&steps, j),
                    },
                    *played,
                    &own_at[j + 1],
                    n,
                    &mut rng,
                ),
                Step::Theirs {
                    played: Some(report),
                } => advance_theirs(&worlds, &particles, *report, steps.get(j + 1), n, &mut rng),
                _ => return fallback(),
            };
            j += 1;
            if particles.is_empty() {
                match worlds.assumed_world(&own_at[j], side_at(j)) {
                    Some(p) => particles = vec![p; n],
                    None => return fallback(),
                }
            }
            // Final once the steps that decided it are closed: the enemy
            // step's look-ahead is the next own step, closed before `last`.
            let closed = if steps[j - 1].is_ours() { j } else { j + 1 };
            if closed <= last {
                self.checkpoint = Some(Checkpoint {
                    color: view.color,
                    files: view.board.files(),
                    key: steps[..closed].to_vec(),
                    mine: own_at[j].clone(),
                    step: j,
                    particles: particles.clone(),
                });
            }
        }
        if let Some(Step::Ours { fouls, .. }) = steps.last() {
            let mut rng = rng_for(self.seed, last as u64, 0xF0);
            let facts = TurnFacts {
                fouls,
                check: check_at(&steps, last),
            };
            let mut agree: Vec<Position> = particles
                .iter()
                .filter(|p| facts.violations(p) == 0)
                .cloned()
                .collect();
            if agree.is_empty() {
                agree = particles
                    .iter()
                    .filter_map(|p| worlds.make_agree(p, &facts, &mut rng))
                    .collect();
            }
            if !agree.is_empty() {
                particles = resample(agree, n, &mut rng);
            }
        }
        particles
    }
}

/// A Tsuitate seat's view and its candidate attempts; otherwise (`Err`) what
/// to play instead: any choice the game allows outside Tsuitate, and no move
/// when the view has no candidate.
fn seat_of<'o, 'a>(
    observation: &'o Observation<'a>,
) -> Result<(&'o PlayerView, MoveList), Option<Move>> {
    let Seen::Tsuitate(view) = observation.seen() else {
        return Err(observation.choices().first().copied());
    };
    let candidates = view.candidate_moves();
    if candidates.is_empty() {
        return Err(None);
    }
    Ok((view, candidates))
}

impl Player for BeliefPlayer {
    fn name(&self) -> String {
        "tsuitate-belief".to_owned()
    }

    fn choose(&mut self, observation: Observation<'_>) -> Option<Move> {
        let (view, candidates) = match seat_of(&observation) {
            Ok(seat) => seat,
            Err(fallback) => return fallback,
        };
        let worlds = weigh(&self.belief(view));
        let avoid = view.fouls_this_turn();
        let penalty = foul_penalty(view.fouls, view.foul_limit);
        let mut rng = rng_for(
            self.seed,
            u64::from(view.moves_played),
            0xC0DE ^ (u64::from(view.fouls) << 16),
        );
        choose_over(&worlds, &candidates, &avoid, penalty, &mut rng)
    }

    fn new_game(&mut self) {
        self.checkpoint = None;
    }
}

/// The baseline Tsuitate player that ignores what it was told: it assumes
/// the enemy pieces still stand where they started (less any it holds in
/// hand, the rest of the enemy's material in the enemy's hand), imagines that
/// single position around its own pieces, and plays the move that scores best
/// there, like [`BeliefPlayer`] with one fixed particle (one ply and the
/// enemy's best capture; a move illegal in the imagined position counts as a
/// foul). It never uses announcements of captures, checks or enemy moves.
/// The one thing it reads from its information state is which of its moves
/// were refused since the last played move, so that it does not repeat a
/// refused move forever (without that it would lose every game by fouls,
/// which makes no useful baseline). Ties are broken with its seed; the same
/// view, the same move.
///
/// ```
/// use shogi_core::Color;
/// use shogi_players::{NaivePlayer, Observation, Player};
/// use shogi_variants::{Referee, TsuitateSettings};
///
/// let referee = Referee::new(TsuitateSettings::default());
/// let view = referee.view(Color::Black);
/// let mut player = NaivePlayer::new(1);
/// let mv = player.choose(Observation::tsuitate(&view)).unwrap();
/// assert!(view.candidate_moves().contains(&mv));
/// assert_eq!(player.name(), "tsuitate-naive");
/// ```
#[derive(Clone, Debug)]
pub struct NaivePlayer {
    seed: u64,
}

impl NaivePlayer {
    /// A naive player with this seed.
    ///
    /// ```
    /// assert_eq!(shogi_players::NaivePlayer::new(4).seed(), 4);
    /// ```
    pub fn new(seed: u64) -> NaivePlayer {
        NaivePlayer { seed }
    }

    /// The seed it was made with.
    ///
    /// ```
    /// assert_eq!(shogi_players::NaivePlayer::new(8).seed(), 8);
    /// ```
    pub fn seed(&self) -> u64 {
        self.seed
    }
}

impl Player for NaivePlayer {
    fn name(&self) -> String {
        "tsuitate-naive".to_owned()
    }

    fn choose(&mut self, observation: Observation<'_>) -> Option<Move> {
        let (view, candidates) = match seat_of(&observation) {
            Ok(seat) => seat,
            Err(fallback) => return fallback,
        };
        let worlds = WorldBuilder::of(view);
        let worlds: Vec<(Position, u32)> = worlds
            .assumed_world(&OwnPieces::of(&view.board), view.color)
            .map(|p| (p, 1))
            .into_iter()
            .collect();
        let avoid = view.fouls_this_turn();
        let penalty = foul_penalty(view.fouls, view.foul_limit);
        let mut rng = rng_for(
            self.seed,
            u64::from(view.moves_played),
            0xAA ^ (u64::from(view.fouls) << 16),
        );
        choose_over(&worlds, &candidates, &avoid, penalty, &mut rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    /// Replays `attempts` on a fresh minishogi referee with this foul limit.
    fn replay(attempts: &[shogi_variants::Attempt], foul_limit: u32) -> shogi_variants::Referee {
        let settings = shogi_variants::TsuitateSettings {
            base: shogi_variants::Base::MINISHOGI,
            foul_limit,
            ..shogi_variants::TsuitateSettings::default()
        };
        let mut referee = shogi_variants::Referee::new(settings);
        for a in attempts {
            referee.attempt(a.mv).expect("a candidate");
        }
        referee
    }

    #[test]
    fn fouls_are_priced_against_the_games_foul_limit() {
        // Random minishogi games; at each turn where the player has fouled,
        // the same game under a foul limit one above its fouls (the next foul
        // loses) against a loose one. Somewhere the player must change its
        // choice, and then the tight choice is a foul in fewer particles than
        // the loose one. With a fixed limit both would agree.
        let mut found = false;
        'games: for seed in 0..40u64 {
            let mut rng = rng_for(seed, 1, 2);
            let mut referee = replay(&[], 50);
            while referee.outcome().is_none() && referee.attempts().len() < 120 {
                let view = referee.view(referee.side_to_move());
                if view.fouls > 0 && referee.fouls(view.color.opponent()) <= view.fouls {
                    let tight = replay(referee.attempts(), view.fouls + 1).view(view.color);
                    assert_eq!(tight.foul_limit, view.fouls + 1);
                    let pick =
                        |v: &PlayerView| BeliefPlayer::new(seed).choose(Observation::tsuitate(v));
                    let (loose_mv, tight_mv) = (pick(&view), pick(&tight));
                    if loose_mv != tight_mv {
                        let belief = BeliefPlayer::new(seed).belief(&tight);
                        let tight_mv = tight_mv.expect("a move");
                        let loose_mv = loose_mv.expect("a move");
                        let risk = |m: Move| belief.iter().filter(|p| !p.is_legal(m)).count();
                        assert!(
                            risk(tight_mv) < risk(loose_mv),
                            "{} {}",
                            risk(tight_mv),
                            risk(loose_mv)
                        );
                        found = true;
                        break 'games;
                    }
                }
                let moves = view.candidate_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                referee.attempt(mv).expect("a candidate");
            }
        }
        assert!(found, "no position where the foul limit changes the choice");
    }
}
