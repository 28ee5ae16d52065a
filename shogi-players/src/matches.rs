//! Matches between players: N games with colours swapped, an optional time
//! limit per move, results with reasons, and the Elo difference with its
//! error bar.

use super::house::{HouseRules, OverTime, Session};
use super::Player;
use shogi_core::{Color, EndReason, Outcome};
use shogi_variants::{AnyGame, GameState, ToMove, VariantError};
use std::collections::BTreeMap;
use std::time::Duration;

/// How a match is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSettings {
    /// Games to play.
    pub games: u32,
    /// Swap colours every game (default true); else player A always has Black.
    pub swap_colors: bool,
    /// A time limit per move, if any.
    pub move_time: Option<Duration>,
    /// What happens over the limit.
    pub over_time: OverTime,
    /// A cap on plies (attempts in Tsuitate) per game, after which the game is
    /// stopped and scored a draw; a safeguard for games that would otherwise
    /// not end. Such a game is reported as truncated ([`GameRecord::truncated`],
    /// `"max_plies"` in [`MatchResult::reasons`]), not as the rules' move limit.
    pub max_plies: u32,
    /// Seeds Card shogi's decks (game `i` uses `seed + i`) and the CPU stand-in.
    pub seed: u64,
}

impl Default for MatchSettings {
    fn default() -> Self {
        MatchSettings {
            games: 100,
            swap_colors: true,
            move_time: None,
            over_time: OverTime::Lose,
            max_plies: 1000,
            seed: 0,
        }
    }
}

/// One game of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Player A's colour in this game.
    pub a_color: Color,
    /// How it ended.
    pub outcome: Outcome,
    /// Moves played (attempts, fouls included, in Tsuitate).
    pub plies: u32,
    /// Fouls committed by A and by B (Tsuitate; 0 elsewhere).
    pub fouls: [u32; 2],
    /// Moves the CPU played for A and for B after a player ran over time.
    pub stand_ins: [u32; 2],
    /// Whether the match's `max_plies` cap stopped the game before the rules
    /// ended it (its outcome is then a draw, and not the rules' verdict).
    pub truncated: bool,
}

impl GameRecord {
    /// Why the game ended, as an identifier: [`EndReason::name`], or
    /// `"max_plies"` when the match's cap stopped it.
    pub fn reason_name(&self) -> &'static str {
        if self.truncated {
            "max_plies"
        } else {
            self.outcome.reason.name()
        }
    }

    /// A's score: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn score_a(&self) -> f64 {
        self.outcome.score(self.a_color)
    }
}

/// The result of a match.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchResult {
    /// Player A's name.
    pub a: String,
    /// Player B's name.
    pub b: String,
    /// Every game, in order.
    pub games: Vec<GameRecord>,
}

impl MatchResult {
    /// A's wins, draws and losses.
    pub fn wins_draws_losses(&self) -> (u32, u32, u32) {
        let mut w = (0, 0, 0);
        for g in &self.games {
            match g.outcome.winner {
                Some(c) if c == g.a_color => w.0 += 1,
                None => w.1 += 1,
                Some(_) => w.2 += 1,
            }
        }
        w
    }

    /// A's score as a fraction of the points (a draw is half a point).
    pub fn score(&self) -> f64 {
        if self.games.is_empty() {
            return 0.5;
        }
        self.games.iter().map(GameRecord::score_a).sum::<f64>() / self.games.len() as f64
    }

    /// How the games ended: reason → count, by [`EndReason::name`]
    /// (`"checkmate"`, `"move_limit"`...), and `"max_plies"` for the games the
    /// match's cap stopped.
    pub fn reasons(&self) -> BTreeMap<String, u32> {
        let mut r = BTreeMap::new();
        for g in &self.games {
            *r.entry(g.reason_name().to_owned()).or_insert(0) += 1;
        }
        r
    }

    /// Average fouls per game of A and of B.
    pub fn fouls_per_game(&self) -> [f64; 2] {
        let n = self.games.len().max(1) as f64;
        let sum = |i: usize| {
            self.games
                .iter()
                .map(|g| f64::from(g.fouls[i]))
                .sum::<f64>()
        };
        [sum(0) / n, sum(1) / n]
    }

    /// The Elo difference of A over B from the score, and the half-width of
    /// its 95% confidence interval (from the games' score variance, at least
    /// that of a score of the same mean without draws). A clean sweep (a
    /// score of 0 or 1) is scored as if one more game had been drawn, so the
    /// figures stay finite and a single won game still counts as a win.
    ///
    /// ```
    /// use shogi_players::{GameRecord, MatchResult};
    /// use shogi_core::{Color, EndReason, Outcome};
    /// let game = |winner| GameRecord { a_color: Color::Black, outcome: Outcome { winner, reason: EndReason::Checkmate }, plies: 1, fouls: [0, 0], stand_ins: [0, 0], truncated: false };
    /// let even = MatchResult { a: "x".into(), b: "y".into(), games: vec![game(Some(Color::Black)), game(Some(Color::White))] };
    /// assert!(even.elo().0.abs() < 1e-9);
    /// let one = MatchResult { a: "x".into(), b: "y".into(), games: vec![game(Some(Color::Black))] };
    /// assert_eq!(one.summary(), "x vs y: +1 =0 -0, score 1.000, Elo +191 ± 191");
    /// ```
    pub fn elo(&self) -> (f64, f64) {
        let n = self.games.len() as f64;
        if n == 0.0 {
            return (0.0, f64::INFINITY);
        }
        // Half a game out of n + 1: only a clean sweep is ever this close to
        // an edge (any other score is at least half a game out of n from it).
        let edge = 0.5 / (n + 1.0);
        let clamp = |s: f64| s.clamp(edge, 1.0 - edge);
        let to_elo = |s: f64| -400.0 * (1.0 / clamp(s) - 1.0).log10();
        let s = self.score();
        let observed = self
            .games
            .iter()
            .map(|g| (g.score_a() - s).powi(2))
            .sum::<f64>()
            / n;
        // A clean sweep has no observed spread; take at least the spread of
        // the clamped score, so the interval never shrinks to nothing.
        let var = observed.max(clamp(s) * (1.0 - clamp(s)));
        let margin = 1.96 * (var / n).sqrt();
        // `+ 0.0` turns a negative zero into zero, so an even match prints "+0".
        let diff = to_elo(s) + 0.0;
        let half = (to_elo(s + margin) - to_elo(s - margin)) / 2.0 + 0.0;
        (diff, half)
    }

    /// A one-line summary: `A vs B: +W =D -L, score S, Elo E ± M`.
    pub fn summary(&self) -> String {
        let (w, d, l) = self.wins_draws_losses();
        let (elo, margin) = self.elo();
        format!(
            "{} vs {}: +{w} ={d} -{l}, score {:.3}, Elo {:+.0} ± {:.0}",
            self.a,
            self.b,
            self.score(),
            elo,
            margin
        )
    }
}

impl MatchSettings {
    /// The house rules the match's games are played under.
    pub fn house_rules(&self) -> HouseRules {
        HouseRules {
            turn_time: self.move_time,
            over_time: self.over_time,
        }
    }
}

/// Plays one game of `name` (settings `overrides`) between `a` and `b`, A
/// with `a_color`; `index` seeds the deck and the CPU stand-in.
pub fn play_game(
    name: &str,
    overrides: &[(&str, &str)],
    a: &mut dyn Player,
    b: &mut dyn Player,
    a_color: Color,
    settings: &MatchSettings,
    index: u32,
) -> Result<GameRecord, VariantError> {
    let game = match_game(name, overrides, settings, index)?;
    Ok(play_game_of(game, a, b, a_color, settings, index))
}

/// Game `index` of a match: its deck is seeded by `settings.seed + index`.
fn match_game(
    name: &str,
    overrides: &[(&str, &str)],
    settings: &MatchSettings,
    index: u32,
) -> Result<AnyGame, VariantError> {
    AnyGame::new(
        name,
        overrides,
        settings.seed.wrapping_add(u64::from(index)),
    )
}

/// Plays `game`, any [`GameState`], to its end between `a` and `b` under
/// the match's house rules, A with `a_color`; `index` seeds the CPU
/// stand-in. The one loop of every match: chance steps are the game's own,
/// each seat is asked through its observation.
///
/// ```
/// use shogi_core::Color;
/// use shogi_players::{play_game_of, MatchSettings, RandomPlayer};
/// use shogi_variants::AnyGame;
/// let game = AnyGame::new("tsuitate", &[("base", "minishogi")], 0).unwrap();
/// let settings = MatchSettings { max_plies: 40, ..MatchSettings::default() };
/// let record = play_game_of(game, &mut RandomPlayer::new(1), &mut RandomPlayer::new(2), Color::Black, &settings, 0);
/// assert!(record.plies <= 40);
/// ```
pub fn play_game_of<G: GameState>(
    game: G,
    a: &mut dyn Player,
    b: &mut dyn Player,
    a_color: Color,
    settings: &MatchSettings,
    index: u32,
) -> GameRecord {
    match play_game_until(game, a, b, a_color, settings, index, &mut || false) {
        Some(record) => record,
        None => unreachable!("a game that is never stopped plays to its end"),
    }
}

/// [`play_game_of`] that can be stopped: `stop` is asked before every move
/// and chance step; once it answers `true` the game is abandoned and `None`
/// returned (a player thinking long is stopped through its own
/// [`Player::set_stop_check`], which the caller installs).
///
/// ```
/// use shogi_core::Color;
/// use shogi_players::{play_game_until, MatchSettings, RandomPlayer};
/// use shogi_variants::AnyGame;
/// let game = || AnyGame::new("minishogi", &[], 0).unwrap();
/// let settings = MatchSettings::default();
/// let (mut a, mut b) = (RandomPlayer::new(1), RandomPlayer::new(2));
/// let mut asked = 0;
/// let stopped = play_game_until(game(), &mut a, &mut b, Color::Black, &settings, 0, &mut || { asked += 1; asked > 3 });
/// assert!(stopped.is_none());
/// assert_eq!(asked, 4);
/// ```
pub fn play_game_until<G: GameState>(
    game: G,
    a: &mut dyn Player,
    b: &mut dyn Player,
    a_color: Color,
    settings: &MatchSettings,
    index: u32,
    stop: &mut dyn FnMut() -> bool,
) -> Option<GameRecord> {
    let seed = settings.seed ^ 0x5EED ^ u64::from(index);
    let mut session = Session::new(game, settings.house_rules(), seed);
    a.new_game();
    b.new_game();
    // Seat 0 is A, 1 is B.
    let by_seat = |counts: [u32; 2]| {
        let a_index = a_color.index();
        [counts[a_index], counts[1 - a_index]]
    };
    let mut truncated = false;
    let outcome = loop {
        if stop() {
            return None;
        }
        let seat = match session.to_move() {
            ToMove::Over(outcome) => break outcome,
            ToMove::Player(seat) => seat,
            // A chance step is no one's choice.
            ToMove::Chance => {
                if session.chance_step().is_err() {
                    // No outcome can come (a deck with no card): a draw.
                    break Outcome::draw(EndReason::MoveLimit);
                }
                continue;
            }
        };
        if session.plies() >= settings.max_plies {
            truncated = true;
            break Outcome::draw(EndReason::MoveLimit);
        }
        let player: &mut dyn Player = if seat == a_color { &mut *a } else { &mut *b };
        // Any refusal ends the game inside the session (a forfeit).
        let _ = session.ask(seat, player);
    };
    Some(GameRecord {
        a_color,
        outcome,
        plies: session.plies(),
        fouls: by_seat(session.fouls()),
        stand_ins: by_seat(session.stand_ins()),
        truncated,
    })
}

/// Plays a match of `settings.games` games of `name` between `a` and `b`.
///
/// ```
/// use shogi_players::{play_match, MatchSettings, RandomPlayer};
/// let settings = MatchSettings { games: 4, max_plies: 60, ..MatchSettings::default() };
/// let result = play_match("minishogi", &[], &mut RandomPlayer::new(1), &mut RandomPlayer::new(2), &settings).unwrap();
/// assert_eq!(result.games.len(), 4);
/// // Colours alternate: A is Black in games 0 and 2.
/// assert_eq!(result.games[1].a_color, shogi_core::Color::White);
/// ```
pub fn play_match(
    name: &str,
    overrides: &[(&str, &str)],
    a: &mut dyn Player,
    b: &mut dyn Player,
    settings: &MatchSettings,
) -> Result<MatchResult, VariantError> {
    match play_match_until(name, overrides, a, b, settings, &mut || false)? {
        Some(result) => Ok(result),
        None => unreachable!("a match that is never stopped plays to its end"),
    }
}

/// [`play_match`] that can be stopped: `stop` is asked before every move
/// of every game ([`play_game_until`]); once it answers `true` the match is
/// abandoned and `Ok(None)` returned. The games' table grows as they are
/// played (nothing is reserved for `settings.games` up front, so a huge
/// count costs memory only as games are played).
///
/// ```
/// use shogi_players::{play_match_until, MatchSettings, RandomPlayer};
/// let settings = MatchSettings { games: u32::MAX, max_plies: 20, ..MatchSettings::default() };
/// let mut moves = 0;
/// let r = play_match_until("minishogi", &[], &mut RandomPlayer::new(1), &mut RandomPlayer::new(2), &settings, &mut || { moves += 1; moves > 100 });
/// assert_eq!(r.unwrap(), None);
/// ```
pub fn play_match_until(
    name: &str,
    overrides: &[(&str, &str)],
    a: &mut dyn Player,
    b: &mut dyn Player,
    settings: &MatchSettings,
    stop: &mut dyn FnMut() -> bool,
) -> Result<Option<MatchResult>, VariantError> {
    let mut games = Vec::new();
    for i in 0..settings.games {
        let a_color = if settings.swap_colors && i % 2 == 1 {
            Color::White
        } else {
            Color::Black
        };
        let game = match_game(name, overrides, settings, i)?;
        match play_game_until(game, a, b, a_color, settings, i, stop) {
            Some(record) => games.push(record),
            None => return Ok(None),
        }
    }
    Ok(Some(MatchResult {
        a: a.name(),
        b: b.name(),
        games,
    }))
}
