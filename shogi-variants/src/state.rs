//! The game contract: one way to drive every game of the library.
//!
//! [`GameState`] is what a match runner, a self-play loop, an encoder or a
//! game server needs to know about "a game", in OpenSpiel's words: who acts
//! now ([`ToMove`]: a player, chance, or nobody because the game is over),
//! what that actor may do ([`GameState::legal_moves`] or
//! [`GameState::chance_outcomes`], with exact [`Probability`]s), apply one
//! (refused with a typed [`PlayError`] and no change when it is not allowed),
//! undo where the game allows it, the outcome, and what one seat may see
//! ([`Observation`]: built so that it cannot reach what that seat does not
//! know). Every game of the library implements it (standard shogi, minishogi
//! and must-capture as [`Game<AnyVariant>`], [`CardGame`], Tsuitate's
//! [`Referee`](crate::Referee)) and [`AnyGame`](crate::AnyGame) by dispatch; code written
//! against it runs on a game it has never heard of.
//!
//! ```
//! use shogi_variants::{AnyGame, GameState, ToMove};
//!
//! // One loop for every game: chance steps, moves, Tsuitate attempts alike.
//! fn play_out<G: GameState>(game: &mut G) -> shogi_core::Outcome {
//!     loop {
//!         match game.to_move() {
//!             ToMove::Over(outcome) => return outcome,
//!             ToMove::Chance => { game.sample_chance(&mut rand::rng()).unwrap(); }
//!             ToMove::Player(seat) => {
//!                 // A player would choose among the seat's observation's choices.
//!                 let choices = game.observation(seat).choices().clone();
//!                 game.play(choices[choices.len() / 2]).unwrap();
//!             }
//!         }
//!     }
//! }
//! for (name, settings) in [("minishogi", &[][..]), ("card", &[("base", "minishogi")]), ("tsuitate", &[("base", "minishogi")])] {
//!     let mut game = AnyGame::new(name, settings, 1)?;
//!     let outcome = play_out(&mut game);
//!     assert_eq!(game.outcome(), Some(outcome));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{Announcement, AnyVariant, Card, CardGame, PlayerView};
use rand::Rng;
use serde::{Deserialize, Serialize};
use shogi_core::{
    Bitboard, Color, Game, Geometry, Illegality, Move, MoveList, Outcome, PieceKind, Position,
    Square,
};
use std::borrow::Cow;
use std::fmt;

/// Who acts now (OpenSpiel's `CurrentPlayer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToMove {
    /// This player chooses a move.
    Player(Color),
    /// A chance step: an outcome of [`GameState::chance_outcomes`] is due.
    Chance,
    /// Nobody: the game is over.
    Over(Outcome),
}

impl ToMove {
    /// The player to move, if a player acts now.
    ///
    /// ```
    /// use shogi_core::Color;
    /// use shogi_variants::ToMove;
    /// assert_eq!(ToMove::Player(Color::White).player(), Some(Color::White));
    /// assert_eq!(ToMove::Chance.player(), None);
    /// ```
    pub fn player(self) -> Option<Color> {
        match self {
            ToMove::Player(c) => Some(c),
            _ => None,
        }
    }

    /// The outcome, if the game is over.
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            ToMove::Over(o) => Some(o),
            _ => None,
        }
    }
}

/// An exact probability `numerator / denominator` (a chance outcome's odds:
/// cards of that kind over cards left).
///
/// ```
/// use shogi_variants::Probability;
/// let p = Probability::new(8, 72).unwrap();
/// assert_eq!((p.numerator(), p.denominator()), (1, 9)); // kept in lowest terms
/// assert_eq!(p.to_string(), "1/9");
/// assert!((p.to_f64() - 1.0 / 9.0).abs() < 1e-15);
/// assert!(Probability::new(3, 2).is_none() && Probability::new(0, 0).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Probability {
    numerator: u32,
    denominator: u32,
}

impl Probability {
    /// `numerator / denominator` in lowest terms; `None` unless
    /// `numerator <= denominator` and `denominator > 0`.
    pub fn new(numerator: u32, denominator: u32) -> Option<Probability> {
        if denominator == 0 || numerator > denominator {
            return None;
        }
        // A probability of 0/d is kept as 0/1 (gcd(0, d) = d).
        let g = gcd(u64::from(numerator), u64::from(denominator)) as u32;
        Some(Probability {
            numerator: numerator / g,
            denominator: denominator / g,
        })
    }

    /// The numerator, in lowest terms.
    pub fn numerator(self) -> u32 {
        self.numerator
    }

    /// The denominator, in lowest terms.
    pub fn denominator(self) -> u32 {
        self.denominator
    }

    /// The probability as a float (for sampling and for tensors).
    pub fn to_f64(self) -> f64 {
        f64::from(self.numerator) / f64::from(self.denominator)
    }
}

impl fmt::Display for Probability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

/// What playing a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Verdict {
    /// The move was played.
    Played,
    /// The move was a foul (Tsuitate shogi: legal on the player's own board,
    /// illegal on the true one): nothing moved, the same player acts again.
    Foul,
}

impl Verdict {
    /// The verdict as an identifier, the same in Rust and Python:
    /// `"played"` or `"foul"`.
    ///
    /// ```
    /// assert_eq!(shogi_variants::Verdict::Foul.name(), "foul");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Played => "played",
            Verdict::Foul => "foul",
        }
    }
}

/// One step of a game's history: a move (an attempt in Tsuitate, fouls
/// included) or a chance outcome (a card drawn). Replaying a game's
/// [`GameState::history`] on a fresh game of the same kind and settings
/// gives the same game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// A player's move.
    Move(Move),
    /// A chance outcome by id (Card shogi: the card id, [`crate::Card::id`]).
    Chance(u16),
}

impl fmt::Display for Action {
    /// A move in USI; a chance outcome as `chance:ID`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(mv) => write!(f, "{mv}"),
            Action::Chance(id) => write!(f, "chance:{id}"),
        }
    }
}

impl std::str::FromStr for Action {
    type Err = PlayError;

    /// The [`Display`](fmt::Display) form back.
    ///
    /// ```
    /// use shogi_variants::Action;
    /// assert_eq!("chance:3".parse::<Action>()?, Action::Chance(3));
    /// assert_eq!("7g7f".parse::<Action>()?.to_string(), "7g7f");
    /// assert!("7g7z".parse::<Action>().is_err());
    /// # Ok::<(), shogi_variants::PlayError>(())
    /// ```
    fn from_str(s: &str) -> Result<Action, PlayError> {
        let bad = || PlayError::BadAction(s.to_owned());
        match s.strip_prefix("chance:") {
            Some(id) => id.parse().map(Action::Chance).map_err(|_| bad()),
            None => s.parse().map(Action::Move).map_err(|_| bad()),
        }
    }
}

/// One thing a seat was told by an action ([`GameState::apply_action`]):
/// what a server pushes to that seat's connection. The open games tell
/// nothing (both seats see the whole game, the move included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Told {
    /// A Tsuitate referee's announcement to this seat.
    Announcement(Announcement),
    /// The card drawn (Card shogi: draws are public, told to both seats).
    Card(Card),
    /// A chance outcome of another game with chance, by id (told to both seats).
    Chance(u16),
}

impl fmt::Display for Told {
    /// Compact and stable, as [`Announcement`]'s own text: an announcement
    /// as that text (`opponent_moved`, `capture:2b:+B`), a card as
    /// `card:5` (`card:J` for a joker), another chance outcome as
    /// `chance:ID`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Told::Announcement(a) => write!(f, "{a}"),
            Told::Card(c) => write!(f, "card:{c}"),
            Told::Chance(id) => write!(f, "chance:{id}"),
        }
    }
}

/// What one action did ([`GameState::apply_action`]): a move's verdict
/// (`None` for a chance outcome) and what each seat was told by it, indexed
/// by [`Color::index`].
///
/// ```
/// use shogi_core::Color;
/// use shogi_variants::{Action, AnyGame, GameState, Told, Verdict};
/// let mut game = AnyGame::new("tsuitate", &[], 0)?;
/// let report = game.apply_action(Action::Move("7g7f".parse()?))?;
/// assert_eq!(report.verdict, Some(Verdict::Played));
/// let white = &report.told[Color::White.index()];
/// assert_eq!(white.len(), 1); // only that the opponent moved
/// assert!(matches!(white[0], Told::Announcement(shogi_variants::Announcement::OpponentMoved)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ActionReport {
    /// The verdict of a move; `None` for a chance outcome.
    pub verdict: Option<Verdict>,
    /// What each seat was told, by [`Color::index`].
    pub told: [Vec<Told>; 2],
}

/// Why an action was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// A chance outcome is due, not a move.
    #[error("a chance outcome is due, not a move")]
    ChanceToMove,
    /// A player is to move, not chance.
    #[error("no chance step is due: {0} is to move")]
    NotChance(Color),
    /// The move is not allowed now. The message is the move and the reason
    /// in words: `P*5e: two pawns on file 5 (nifu)`.
    #[error("{mv}: {reason}")]
    Illegal {
        /// The move.
        mv: Move,
        /// The rule that refuses it ([`Illegality::NotAllowed`] for a rule
        /// of a game's own that has no name there; `reason` then says it).
        rule: Illegality,
        /// Why, in words (the rule's words for a named rule).
        reason: String,
    },
    /// The chance outcome cannot happen now.
    #[error("chance outcome {0} cannot happen here")]
    BadChanceOutcome(u16),
    /// Nothing to undo: no move was played.
    #[error("nothing to undo")]
    NothingToUndo,
    /// The game does not allow undoing (what was drawn or told stays).
    #[error("cannot undo in this game: {0}")]
    NotUndoable(&'static str),
    /// Text that is not an action (`7g7f`, `P*5e`, `chance:3`).
    #[error("'{}' is not an action (a USI move, or chance:ID)", shogi_core::Excerpt(.0))]
    BadAction(String),
}

/// What one seat knows, given to a player (`shogi_players::Player`).
///
/// The [`Seen`] part is built only from facts this seat knows: the whole game
/// for perfect-information games, the card game (public deck, drawn card)
/// for Card shogi, and only the [`PlayerView`] in Tsuitate, so a player
/// cannot read the referee's board: the type does not hold it. The choices
/// are what the game's contract allows the seat now, so any player plays any
/// game legally, including games it has no model for.
///
/// ```
/// use shogi_core::Game;
/// use shogi_variants::{AnyVariant, Minishogi, Observation, Seen};
/// let game = Game::new(AnyVariant::Minishogi(Minishogi::default()));
/// let seen = Observation::board(&game);
/// assert_eq!(seen.choices().len(), 14);
/// assert!(matches!(seen.seen(), Seen::Board(_)));
/// ```
#[derive(Clone, Debug)]
pub struct Observation<'a> {
    seat: Color,
    choices: MoveList,
    seen: Seen<'a>,
}

/// What a seat's [`Observation`] shows of the game.
#[derive(Clone, Debug)]
pub enum Seen<'a> {
    /// Standard, minishogi or must-capture: the whole game, history included.
    Board(&'a Game<AnyVariant>),
    /// Card shogi at a move step (the drawn card, the public deck).
    Card(&'a CardGame),
    /// Tsuitate shogi: the player's own view, nothing of the referee's.
    Tsuitate(Cow<'a, PlayerView>),
    /// Another perfect-information game: its position (its rules are the
    /// game's own; the choices say what they allow).
    Position(&'a Position),
    /// A game of the shogi family (pieces given as data): the whole game.
    Family(&'a crate::FamilyGame),
}

impl<'a> Observation<'a> {
    /// An observation from its parts: the seat, what it may play now, what it sees.
    pub fn new(seat: Color, choices: MoveList, seen: Seen<'a>) -> Observation<'a> {
        Observation {
            seat,
            choices,
            seen,
        }
    }

    /// The side to move's observation of a perfect-information game.
    pub fn board(game: &'a Game<AnyVariant>) -> Observation<'a> {
        let choices = if game.is_over() {
            MoveList::new()
        } else {
            game.legal_moves()
        };
        Observation::new(game.position().side_to_move(), choices, Seen::Board(game))
    }

    /// The side to move's observation of a Card game (choices: the moves the
    /// drawn card allows; none at a chance step).
    pub fn card(game: &'a CardGame) -> Observation<'a> {
        Observation::new(
            game.position().side_to_move(),
            game.allowed_moves(),
            Seen::Card(game),
        )
    }

    /// A Tsuitate player's observation: their view (choices: their candidate
    /// attempts, none when it is not their turn).
    pub fn tsuitate(view: &'a PlayerView) -> Observation<'a> {
        Observation::new(
            view.color,
            view.candidate_moves(),
            Seen::Tsuitate(Cow::Borrowed(view)),
        )
    }

    /// Whose observation.
    pub fn seat(&self) -> Color {
        self.seat
    }

    /// The moves the seat may offer now (empty when it is not its turn).
    pub fn choices(&self) -> &MoveList {
        &self.choices
    }

    /// What the seat sees.
    pub fn seen(&self) -> &Seen<'a> {
        &self.seen
    }
}

/// One game, driven through one contract (see the [module](self) docs).
///
/// A state is a value: [`Clone`] it to search or to branch. Moves come from
/// [`GameState::legal_moves`] and are applied by [`GameState::play`]; chance
/// outcomes from [`GameState::chance_outcomes`] by
/// [`GameState::apply_chance`] (or [`GameState::sample_chance`]).
pub trait GameState: Clone + fmt::Debug + Send + Sync {
    /// The game's name, as [`GameKind::name`](crate::GameKind::name) gives it
    /// for the library's games.
    fn name(&self) -> &str;

    /// The settings by their serde names (what a saved game records).
    fn settings_value(&self) -> serde_json::Value;

    /// The board's shape.
    fn geometry(&self) -> &'static Geometry;

    /// The start position as SFEN.
    fn start_sfen(&self) -> String;

    /// The most player actions a whole game can hold under its rules,
    /// counted from its start: moves, and in Tsuitate attempts, fouls
    /// included (OpenSpiel's `MaxGameLength`; chance steps are counted by
    /// [`GameState::max_chance_steps`]). `None` when the rules set no
    /// bound, as in a board game without a move limit (repetition ends a
    /// game, but no count of plies bounds it). The default is `None`: a
    /// game that has a bound says so.
    ///
    /// ```
    /// use shogi_variants::{AnyGame, GameState};
    /// assert_eq!(AnyGame::new("minishogi", &[], 0)?.max_length(), None);
    /// assert_eq!(AnyGame::new("judkins", &[("move_limit", "60")], 0)?.max_length(), Some(60));
    /// // 40 played moves and each player's fouls short of the limit, plus one.
    /// let tsuitate = AnyGame::new("tsuitate", &[("move_limit", "40"), ("foul_limit", "5")], 0)?;
    /// assert_eq!(tsuitate.max_length(), Some(40 + 2 * 5 - 1));
    /// # Ok::<(), shogi_variants::VariantError>(())
    /// ```
    fn max_length(&self) -> Option<u32> {
        None
    }

    /// The most chance steps a whole game can hold under its rules, counted
    /// from its start (OpenSpiel's `MaxChanceNodesInHistory`): `Some(0)` for
    /// a game without chance, `None` when nothing bounds them (a game with
    /// chance and no bound on its length). The default is `None`, as for
    /// [`GameState::max_length`]: a game that knows says so.
    ///
    /// ```
    /// use shogi_variants::{AnyGame, GameState};
    /// assert_eq!(AnyGame::new("standard", &[], 0)?.max_chance_steps(), Some(0));
    /// // Card shogi: one draw per turn, one turn per ply of the move limit.
    /// let card = AnyGame::new("card", &[("move_limit", "30")], 0)?;
    /// assert_eq!((card.max_length(), card.max_chance_steps()), (Some(30), Some(30)));
    /// // Drawing again after an unplayable card: up to a deck (72 cards) a turn.
    /// let again = AnyGame::new("card", &[("move_limit", "30"), ("no_move", "draw_again")], 0)?;
    /// assert_eq!(again.max_chance_steps(), Some(30 * 72));
    /// assert_eq!(AnyGame::new("card", &[], 0)?.max_chance_steps(), None);
    /// # Ok::<(), shogi_variants::VariantError>(())
    /// ```
    fn max_chance_steps(&self) -> Option<u32> {
        None
    }

    /// Who acts now.
    fn to_move(&self) -> ToMove;

    /// The side whose turn it is on the board, whether or not the game is
    /// over or a chance step is due: cheap, without the end tests that
    /// [`GameState::to_move`] runs.
    fn side_to_move(&self) -> Color;

    /// What the player to move may do now: legal moves (candidate attempts
    /// in Tsuitate, the card's moves in Card shogi); empty at a chance step
    /// or when the game is over.
    fn legal_moves(&self) -> MoveList;

    /// Plays `mv` for the player to move. A move not in
    /// [`GameState::legal_moves`] is refused and nothing changes; a Tsuitate
    /// candidate that is illegal on the true board is a [`Verdict::Foul`].
    fn play(&mut self, mv: Move) -> Result<Verdict, PlayError>;

    /// Plays a move taken from [`GameState::legal_moves`] of this state,
    /// without checking it again (self-play's fast path). The default checks
    /// anyway; a move not from that list leaves the state unspecified but
    /// safe (no panic, no memory error).
    fn play_unchecked(&mut self, mv: Move) {
        let _ = self.play(mv);
    }

    /// Whether a chance step is due (OpenSpiel's `IsChanceNode`); cheaper
    /// than [`GameState::to_move`] where a game overrides it.
    fn is_chance_node(&self) -> bool {
        self.to_move() == ToMove::Chance
    }

    /// The chance step's outcomes by id, with exact probabilities summing to
    /// one; empty unless [`ToMove::Chance`].
    fn chance_outcomes(&self) -> Vec<(u16, Probability)> {
        Vec::new()
    }

    /// Applies the chance outcome `id`.
    fn apply_chance(&mut self, id: u16) -> Result<(), PlayError> {
        match self.to_move() {
            ToMove::Over(o) => Err(PlayError::GameOver(o)),
            ToMove::Player(c) => Err(PlayError::NotChance(c)),
            ToMove::Chance => Err(PlayError::BadChanceOutcome(id)),
        }
    }

    /// Samples a chance outcome with `rng` by its probability and applies it;
    /// returns its id.
    fn sample_chance(&mut self, rng: &mut dyn Rng) -> Result<u16, PlayError> {
        let outcomes = self.chance_outcomes();
        let Some(&(last, _)) = outcomes.last() else {
            return Err(match self.to_move() {
                ToMove::Over(o) => PlayError::GameOver(o),
                ToMove::Player(c) => PlayError::NotChance(c),
                ToMove::Chance => PlayError::BadChanceOutcome(0),
            });
        };
        // Exact: a common denominator, then one uniform integer.
        let common = outcomes
            .iter()
            .fold(1u64, |d, (_, p)| lcm(d, u64::from(p.denominator())));
        let mut k = rand::RngExt::random_range(rng, 0..common);
        let mut chosen = last;
        for &(id, p) in &outcomes {
            let weight = u64::from(p.numerator()) * (common / u64::from(p.denominator()));
            if k < weight {
                chosen = id;
                break;
            }
            k -= weight;
        }
        self.apply_chance(chosen)?;
        Ok(chosen)
    }

    /// Resolves a chance step with the game's own generator (Card shogi: its
    /// seeded deck, so a game replays and a saved game resumes with the same
    /// cards); returns the outcome's id. The default, for a game without a
    /// generator of its own, samples with one seeded by the history's length.
    fn chance_step(&mut self) -> Result<u16, PlayError> {
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(
            self.history().len() as u64,
        );
        self.sample_chance(&mut rng)
    }

    /// Applies one action, a move or a chance outcome, and reports what it
    /// did and what each seat was told by it: what a game server pushes to
    /// each seat's connection, in every game (nothing in the open games, the
    /// card drawn in Card shogi, the referee's announcements in Tsuitate).
    /// Refused as [`GameState::play`] or [`GameState::apply_chance`] would
    /// refuse it, with nothing changed.
    ///
    /// ```
    /// use shogi_core::Color;
    /// use shogi_variants::{Action, AnyGame, GameState, Told};
    /// let mut game = AnyGame::new("card", &[], 3)?;
    /// let id = game.chance_outcomes()[0].0;
    /// let report = game.apply_action(Action::Chance(id))?;
    /// assert!(matches!(report.told[Color::White.index()][..], [Told::Card(_)]));
    /// let mut open = AnyGame::new("minishogi", &[], 0)?;
    /// let report = open.apply_action("2e3d".parse()?)?;
    /// assert!(report.told.iter().all(Vec::is_empty)); // both seats see the move
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn apply_action(&mut self, action: Action) -> Result<ActionReport, PlayError> {
        match action {
            Action::Move(mv) => Ok(ActionReport {
                verdict: Some(self.play(mv)?),
                told: [Vec::new(), Vec::new()],
            }),
            Action::Chance(id) => {
                self.apply_chance(id)?;
                let told = self.chance_told(id);
                Ok(ActionReport {
                    verdict: None,
                    told: [vec![told], vec![told]],
                })
            }
        }
    }

    /// What both seats are told of the chance outcome `id` (chance is
    /// public in the library's games): [`Told::Chance`] by default, the
    /// card drawn in Card shogi.
    fn chance_told(&self, id: u16) -> Told {
        Told::Chance(id)
    }

    /// `seat` resigns, on either seat's turn and at a chance step alike (a
    /// player may resign at any time; a site also ends so the game of a
    /// player who left). The game ends as a loss for `seat` by
    /// [`EndReason::Resignation`](shogi_core::EndReason::Resignation), kept
    /// by the game itself, so a [`SavedGame`](crate::SavedGame) keeps it;
    /// refused with [`PlayError::GameOver`] once the game is over.
    ///
    /// ```
    /// use shogi_core::{Color, EndReason};
    /// use shogi_variants::{AnyGame, GameState, SavedGame};
    /// let mut game = AnyGame::new("standard", &[], 0)?;
    /// game.resign(Color::White)?; // on Black's turn
    /// let back = SavedGame::from_json(&SavedGame::of(&game).to_json())?.restore()?;
    /// assert_eq!(back.outcome().map(|o| (o.winner, o.reason)), Some((Some(Color::Black), EndReason::Resignation)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn resign(&mut self, seat: Color) -> Result<Outcome, PlayError>;

    /// Takes back the last move. Games that told or drew something that
    /// cannot be taken back refuse with [`PlayError::NotUndoable`].
    fn undo(&mut self) -> Result<Move, PlayError>;

    /// The outcome, once the game is over.
    fn outcome(&self) -> Option<Outcome> {
        self.to_move().outcome()
    }

    /// What `seat` sees of the game now (cheap: without the choices).
    fn seen(&self, seat: Color) -> Seen<'_>;

    /// What `seat` may see now and may play: its choices are
    /// [`GameState::legal_moves`] when it is to move, and empty otherwise.
    fn observation(&self, seat: Color) -> Observation<'_> {
        let choices = if self.to_move() == ToMove::Player(seat) {
            self.legal_moves()
        } else {
            MoveList::new()
        };
        Observation::new(seat, choices, self.seen(seat))
    }

    /// Every action so far, in order; replaying them on a fresh game of the
    /// same name, settings and start gives this game (see
    /// [`SavedGame::replay_onto`](crate::SavedGame::replay_onto)).
    fn history(&self) -> Vec<Action>;

    /// "Show legal squares": where the piece on `from` may go now under the
    /// game's rules (empty unless a player is to move).
    fn legal_destinations(&self, from: Square) -> Bitboard {
        shogi_core::legal_squares::destinations(&self.legal_moves(), from)
    }

    /// "Show legal squares" for a piece in hand of the player to move.
    fn legal_drop_squares(&self, kind: PieceKind) -> Bitboard {
        shogi_core::legal_squares::drops(&self.legal_moves(), kind)
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn lcm(a: u64, b: u64) -> u64 {
    a / gcd(a, b) * b
}

/// A move refused by a game: [`PlayError::Illegal`] with the rule that refuses it.
#[cold]
pub(crate) fn illegal(mv: Move, rule: Illegality) -> PlayError {
    PlayError::Illegal {
        mv,
        rule,
        reason: rule.to_string(),
    }
}
