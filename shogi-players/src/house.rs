//! The site's house rules, on the game contract: a turn time limit with its
//! consequence, resignation, and the CPU that moves for a seat over time.
//!
//! The seeds' game pages play every game under the same house rules: a turn
//! time limit of none, 30 or 60 seconds; over the limit the player loses on
//! time, or ("if you do not return") the computer moves in that seat's place;
//! a player may resign at any time; a draw scores half a point; a series
//! swaps who starts. A [`Session`] holds one game under those rules, so that
//! [`play_match`](super::play_match) and a game server use the same pieces.

use super::{Player, RandomPlayer};
use shogi_core::{Color, CustomEnd, EndReason, Move, Outcome};
use shogi_variants::{Action, GameState, PlayError, ToMove, Told, Verdict};
use std::time::{Duration, Instant};

/// The house's end: a player ran over the turn time limit (and loses).
pub const TIMEOUT: CustomEnd = CustomEnd::new("timeout", "time");

/// The house's end: a program offered no move, or one the rules refuse (and loses).
pub const ILLEGAL_MOVE: CustomEnd = CustomEnd::new("illegal_move", "an illegal move");

/// What happens when a player takes longer than the turn time limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OverTime {
    /// The player loses on time (default).
    #[default]
    Lose,
    /// The move is discarded and the CPU plays in the player's place (a
    /// seeded [`RandomPlayer`], the game pages' "if you do not return").
    CpuMoves,
}

/// The house rules a game is played under.
///
/// ```
/// use shogi_players::{HouseRules, OverTime};
/// use std::time::Duration;
/// let rules = HouseRules { turn_time: HouseRules::TURN_TIMES[1], over_time: OverTime::CpuMoves };
/// assert_eq!(rules.turn_time, Some(Duration::from_secs(30)));
/// assert_eq!(HouseRules::default().turn_time, None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HouseRules {
    /// The time a player has for one turn, if limited.
    pub turn_time: Option<Duration>,
    /// What happens over the limit.
    pub over_time: OverTime,
}

impl HouseRules {
    /// The turn time limits the seeds' sites offer: none, 30 s, 60 s.
    pub const TURN_TIMES: [Option<Duration>; 3] = [
        None,
        Some(Duration::from_secs(30)),
        Some(Duration::from_secs(60)),
    ];
}

/// The house's verdict on a submitted turn: what it came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HouseVerdict {
    /// The move was played (or, in Tsuitate, judged a foul).
    Played(Move, Verdict),
    /// The player was over time and the CPU played this move in their place.
    StoodIn(Move, Verdict),
    /// The player was over time and lost.
    LostOnTime,
    /// The player offered no move, or one the rules refuse, and lost.
    Forfeited,
}

/// One game under [`HouseRules`]: the game, the ends the house adds (time,
/// resignation, forfeit) and the counts a match reports.
///
/// ```
/// use shogi_players::{HouseRules, HouseVerdict, OverTime, RandomPlayer, Session};
/// use shogi_variants::{AnyGame, GameState, ToMove};
/// use shogi_core::{Color, EndReason};
/// use std::time::Duration;
/// let game = AnyGame::new("minishogi", &[], 0)?;
/// let rules = HouseRules { turn_time: Some(Duration::from_secs(30)), over_time: OverTime::CpuMoves };
/// let mut session = Session::new(game, rules, 7);
/// // A reply after 31 s: the CPU moves for Black instead.
/// let turn = session.submit(Color::Black, "2e3d".parse()?, Duration::from_secs(31))?;
/// assert!(matches!(turn, HouseVerdict::StoodIn(..)));
/// assert_eq!(session.stand_ins(), [1, 0]);
/// session.resign(Color::White)?;
/// assert_eq!(session.outcome().unwrap().winner, Some(Color::Black));
/// assert_eq!(session.outcome().unwrap().reason, EndReason::Resignation);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Session<G: GameState> {
    pub(crate) game: G,
    pub(crate) rules: HouseRules,
    pub(crate) stand_in: RandomPlayer,
    pub(crate) ended: Option<Outcome>,
    pub(crate) plies: u32,
    pub(crate) fouls: [u32; 2],
    pub(crate) stand_ins: [u32; 2],
    pub(crate) told: [Vec<Told>; 2],
}

impl<G: GameState> Session<G> {
    /// `game` under `rules`; `seed` seeds the CPU stand-in.
    pub fn new(game: G, rules: HouseRules, seed: u64) -> Session<G> {
        Session {
            game,
            rules,
            stand_in: RandomPlayer::new(seed),
            ended: None,
            plies: 0,
            fouls: [0, 0],
            stand_ins: [0, 0],
            told: [Vec::new(), Vec::new()],
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The house rules.
    pub fn rules(&self) -> HouseRules {
        self.rules
    }

    /// Who acts now: the game's answer, unless the house ended the game.
    pub fn to_move(&self) -> ToMove {
        match self.ended {
            Some(o) => ToMove::Over(o),
            None => self.game.to_move(),
        }
    }

    /// The outcome, by the rules or by the house.
    pub fn outcome(&self) -> Option<Outcome> {
        self.to_move().outcome()
    }

    /// Moves submitted so far (attempts, fouls included, in Tsuitate).
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Fouls of Black and of White (Tsuitate; 0 elsewhere).
    pub fn fouls(&self) -> [u32; 2] {
        self.fouls
    }

    /// Moves the CPU played for Black and for White over time.
    pub fn stand_ins(&self) -> [u32; 2] {
        self.stand_ins
    }

    /// What `seat` was told by the last move played (submitted, or the
    /// CPU's in a seat's place): what a server sends that seat's
    /// connection ([`GameState::apply_action`]: nothing in the open games,
    /// the referee's announcements in Tsuitate). Empty after anything else
    /// (a chance step, whose outcome is public, or an end).
    pub fn told(&self, seat: Color) -> &[Told] {
        &self.told[seat.index()]
    }

    /// Ends the game by the house (time, forfeit, the match's stop).
    fn end(&mut self, outcome: Outcome) {
        self.ended = Some(outcome);
        self.told = [Vec::new(), Vec::new()];
    }

    fn on(&self) -> Result<ToMove, PlayError> {
        match self.to_move() {
            ToMove::Over(o) => Err(PlayError::GameOver(o)),
            to_move => Ok(to_move),
        }
    }

    /// Resolves a chance step with the game's own generator.
    pub fn chance_step(&mut self) -> Result<u16, PlayError> {
        self.on()?;
        let id = self.game.chance_step()?;
        self.told = [Vec::new(), Vec::new()];
        Ok(id)
    }

    /// `seat` resigns (at any moment of the game, on its turn or not). The
    /// resignation is the game's own ([`GameState::resign`]), so a game
    /// saved from [`Session::game`] keeps it.
    pub fn resign(&mut self, seat: Color) -> Result<Outcome, PlayError> {
        self.on()?;
        let o = self.game.resign(seat)?;
        self.told = [Vec::new(), Vec::new()];
        Ok(o)
    }

    /// `seat` forfeits: it offered no move or one the rules refuse, where a
    /// program cannot be asked again (a match between programs).
    pub fn forfeit(&mut self, seat: Color) -> Result<Outcome, PlayError> {
        self.on()?;
        let o = Outcome::loss(seat, EndReason::Custom(ILLEGAL_MOVE));
        self.end(o);
        Ok(o)
    }

    /// Stops the game as a draw by the move limit (a match's safeguard
    /// against games that would not end).
    pub fn stop(&mut self) -> Result<Outcome, PlayError> {
        self.on()?;
        let o = Outcome::draw(EndReason::MoveLimit);
        self.end(o);
        Ok(o)
    }

    /// `seat` offers `mv` after thinking for `elapsed`. Over the turn time
    /// the house rule applies (a loss on time, or the CPU's move); otherwise
    /// the move is played. A move the rules refuse, or a seat not to move,
    /// is an error and nothing changes (a server asks again).
    pub fn submit(
        &mut self,
        seat: Color,
        mv: Move,
        elapsed: Duration,
    ) -> Result<HouseVerdict, PlayError> {
        match self.on()? {
            ToMove::Player(c) if c == seat => {}
            ToMove::Player(c) => {
                return Err(PlayError::Illegal {
                    mv,
                    rule: shogi_core::Illegality::NotAllowed,
                    reason: format!("it is {c}'s turn"),
                })
            }
            _ => return Err(PlayError::ChanceToMove),
        }
        if self.over_limit(elapsed) {
            return self.over_time(seat);
        }
        let verdict = self.play(seat, mv)?;
        Ok(HouseVerdict::Played(mv, verdict))
    }

    fn play(&mut self, seat: Color, mv: Move) -> Result<Verdict, PlayError> {
        let report = self.game.apply_action(Action::Move(mv))?;
        // A move always has a verdict.
        let verdict = report.verdict.unwrap_or(Verdict::Played);
        self.told = report.told;
        self.plies += 1;
        if verdict == Verdict::Foul {
            self.fouls[seat.index()] += 1;
        }
        Ok(verdict)
    }

    fn over_limit(&self, elapsed: Duration) -> bool {
        self.rules.turn_time.is_some_and(|limit| elapsed > limit)
    }

    /// The house rule for a turn over the time limit.
    fn over_time(&mut self, seat: Color) -> Result<HouseVerdict, PlayError> {
        match self.rules.over_time {
            OverTime::Lose => {
                self.end(Outcome::loss(seat, EndReason::Custom(TIMEOUT)));
                Ok(HouseVerdict::LostOnTime)
            }
            OverTime::CpuMoves => match self.stand_in.choose(self.game.observation(seat)) {
                Some(mv) => {
                    let verdict = self.play(seat, mv)?;
                    self.stand_ins[seat.index()] += 1;
                    Ok(HouseVerdict::StoodIn(mv, verdict))
                }
                None => {
                    self.forfeit(seat)?;
                    Ok(HouseVerdict::Forfeited)
                }
            },
        }
    }

    /// The player to move ran out of time (a server's turn timer fired, or
    /// the seat's connection stayed away past the server's patience): the
    /// house rule for a turn over time applies at once, as for a move
    /// submitted too late: a loss on time, or the CPU moves in that seat's
    /// place. Refused, with nothing changed, when the game is over or a
    /// chance step is due. (A timer that fires just as a move arrives
    /// belongs to the turn it was set for: a server compares
    /// [`Session::plies`] before calling.)
    ///
    /// ```
    /// use shogi_core::{Color, EndReason};
    /// use shogi_players::{HouseRules, HouseVerdict, OverTime, Session, TIMEOUT};
    /// use shogi_variants::AnyGame;
    /// use std::time::Duration;
    /// let rules = HouseRules { turn_time: Some(Duration::from_secs(30)), over_time: OverTime::Lose };
    /// let mut table = Session::new(AnyGame::new("minishogi", &[], 0)?, rules, 7);
    /// assert_eq!(table.time_up()?, HouseVerdict::LostOnTime);
    /// let end = table.outcome().unwrap();
    /// assert_eq!((end.winner, end.reason), (Some(Color::White), EndReason::Custom(TIMEOUT)));
    /// assert!(table.time_up().is_err()); // over: nothing more happens
    ///
    /// let cpu = HouseRules { over_time: OverTime::CpuMoves, ..rules };
    /// let mut table = Session::new(AnyGame::new("minishogi", &[], 0)?, cpu, 7);
    /// assert!(matches!(table.time_up()?, HouseVerdict::StoodIn(..)));
    /// assert_eq!((table.plies(), table.stand_ins()), (1, [1, 0]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn time_up(&mut self) -> Result<HouseVerdict, PlayError> {
        match self.on()? {
            ToMove::Player(seat) => self.over_time(seat),
            _ => Err(PlayError::ChanceToMove),
        }
    }

    /// Asks `player` for `seat`'s move, showing it only the seat's
    /// observation, times it and submits it. A player over time meets the
    /// house rule; one with no move, or a move the rules refuse, forfeits
    /// (a program is not asked twice).
    pub fn ask(&mut self, seat: Color, player: &mut dyn Player) -> Result<HouseVerdict, PlayError> {
        self.on()?;
        let start = Instant::now();
        let choice = player.choose(self.game.observation(seat));
        let elapsed = start.elapsed();
        if self.over_limit(elapsed) {
            return self.over_time(seat);
        }
        match choice.map(|mv| self.submit(seat, mv, elapsed)) {
            Some(Ok(turn)) => Ok(turn),
            Some(Err(_)) | None => {
                self.forfeit(seat)?;
                Ok(HouseVerdict::Forfeited)
            }
        }
    }
}
