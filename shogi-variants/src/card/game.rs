//! The turn machine: draw (a chance step), then a move the card allows, and
//! Card shogi on the [`GameState`] contract.

use super::{Card, CardSettings, Deck, NoMove};
use crate::state::{illegal, Action, PlayError, Probability, Seen, ToMove, Told, Verdict};
use crate::{AnyVariant, MUST_CAPTURE};
use crate::{GameKind, GameState};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use shogi_core::{
    CustomEnd, CustomRule, EndReason, Game, GameError, Illegality, Move, MoveList, Outcome,
    Position, Variant,
};

/// Card shogi's refusal of a move that is not on the file of the card
/// drawn: `{0}` is the card's file, `{1}` the move's (its destination's, or
/// its origin's under the origin file rule).
///
/// ```
/// use shogi_core::Illegality;
/// use shogi_variants::OFF_CARD_FILE;
/// let why = Illegality::Variant(OFF_CARD_FILE.with(3, 7));
/// assert_eq!(why.name(), "off_card_file");
/// assert_eq!(why.to_string(), "the card drawn is file 3; this move is on file 7");
/// ```
pub const OFF_CARD_FILE: CustomRule = CustomRule::new(
    "off_card_file",
    "the card drawn is file {0}; this move is on file {1}",
);

/// Card shogi's own end: the drawn card allows no legal move (the side to move loses).
pub const NO_MOVE_ON_CARD_FILE: CustomEnd =
    CustomEnd::new("no_move_on_card_file", "no legal move on the card's file");

/// A card that cannot be drawn now, or a draw out of turn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    /// The deck holds no such card (counting a reshuffle of the discards when it is empty).
    #[error("no card {0} can be drawn now")]
    NotInDeck(Card),
    /// It is not the moment to draw: the player must move, or the game is over.
    #[error("no card is to be drawn now ({0})")]
    NotDrawPhase(&'static str),
    /// It is not the moment to move: a card must be drawn first, or the game is over.
    #[error("no move is to be played now ({0})")]
    NotMovePhase(&'static str),
    /// The move is not on the file of the card drawn (whether or not the
    /// base game allows it: the card is asked first).
    #[error("{mv}: {}", OFF_CARD_FILE.with(*.card, *.file))]
    NotOnCardFile {
        /// The move.
        mv: Move,
        /// The card's file.
        card: u8,
        /// The move's file under the settings' file rule (its destination's,
        /// or its origin's).
        file: u8,
    },
    /// The card allows a capture, so the capture duty forbids this move.
    #[error("{mv}: {duty}", mv = .0, duty = MUST_CAPTURE)]
    CaptureDuty(Move),
    /// The base game refused the move or the position.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The settings leave no card in the deck (`copies_per_rank = 0` without jokers).
    #[error("the deck would be empty: copies_per_rank is 0 and there are no jokers")]
    EmptyDeck,
}

impl CardError {
    /// The rule that refused the move, for the errors that refuse one: the
    /// card's file ([`OFF_CARD_FILE`]), the capture duty
    /// ([`MUST_CAPTURE`](crate::MUST_CAPTURE)),
    /// or the base game's rule; `None` for a draw or move out of turn.
    ///
    /// ```
    /// use shogi_variants::{CardGame, CardSettings, Card};
    /// let mut game = CardGame::new(CardSettings::default(), 1)?;
    /// game.apply_draw(Card::Rank(3))?;
    /// let err = game.play("7g7f".parse()?).unwrap_err();
    /// assert_eq!(err.illegality().map(|r| r.name()), Some("off_card_file"));
    /// assert_eq!(err.to_string(), "7g7f: the card drawn is file 3; this move is on file 7");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn illegality(&self) -> Option<shogi_core::Illegality> {
        match *self {
            CardError::NotOnCardFile { card, file, .. } => {
                Some(Illegality::Variant(OFF_CARD_FILE.with(card, file)))
            }
            CardError::CaptureDuty(_) => Some(Illegality::Variant(MUST_CAPTURE)),
            CardError::Game(GameError::IllegalMove(ref e)) => Some(e.reason),
            _ => None,
        }
    }
}

/// Where a Card shogi turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// A chance step: a card must be drawn.
    Draw,
    /// The side to move plays a move allowed by `card`: on its file, any
    /// legal move for a joker; `None`: no card constrains the move (in check
    /// and exempt, or a `FreeMove` after an unplayable card).
    Move {
        /// The card that constrains the move, if any.
        card: Option<Card>,
    },
    /// The game is over.
    Over,
}

/// One turn of a Card shogi record ([`CardGame::turns`]): the cards drawn,
/// then the move played.
///
/// ```
/// use shogi_variants::{Card, CardGame, CardSettings, CardTurn};
/// let mut game = CardGame::new(CardSettings::default(), 1).unwrap();
/// game.apply_draw(Card::Rank(7)).unwrap();
/// game.play("7g7f".parse().unwrap()).unwrap();
/// assert_eq!(game.turns()[0], CardTurn { cards: vec![Card::Rank(7)], mv: Some("7g7f".parse().unwrap()) });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardTurn {
    /// Cards drawn this turn, in order (empty when exempt in check).
    pub cards: Vec<Card>,
    /// The move played, if the turn got that far.
    pub mv: Option<Move>,
}

/// A game of Card shogi.
///
/// ```
/// use shogi_variants::{CardGame, CardSettings, Phase};
/// let mut game = CardGame::new(CardSettings::default(), 7).unwrap();
/// assert_eq!(game.phase(), Phase::Draw);
/// let card = game.draw().unwrap();
/// if let Some(&mv) = game.allowed_moves().first() {
///     game.play(mv).unwrap();
/// }
/// // The same seed and moves replay the same cards.
/// let again = CardGame::replay(CardSettings::default(), 7, game.turns().iter().filter_map(|t| t.mv)).unwrap();
/// assert_eq!(again.turns()[0].cards[0], card);
/// ```
#[derive(Clone, Debug)]
pub struct CardGame {
    settings: CardSettings,
    seed: u64,
    game: Game<AnyVariant>,
    deck: Deck,
    rng: ChaCha8Rng,
    phase: Phase,
    turns: Vec<CardTurn>,
    outcome: Option<Outcome>,
}

impl CardGame {
    /// A new game from the base's start position, its randomness seeded by `seed`.
    pub fn new(settings: CardSettings, seed: u64) -> Result<CardGame, CardError> {
        CardGame::from_sfen(settings, seed, "startpos")
    }

    /// A new game from an SFEN of the base variant (or `startpos`).
    pub fn from_sfen(settings: CardSettings, seed: u64, sfen: &str) -> Result<CardGame, CardError> {
        let base = settings.base.with_move_limit(settings.move_limit);
        let deck = Deck::new(
            base.geometry().files(),
            settings.copies_per_rank,
            settings.jokers,
        );
        if deck.size() == 0 {
            return Err(CardError::EmptyDeck);
        }
        let mut game = CardGame {
            game: Game::from_sfen(base, sfen)?,
            settings,
            seed,
            deck,
            rng: ChaCha8Rng::seed_from_u64(seed),
            phase: Phase::Over,
            turns: Vec::new(),
            outcome: None,
        };
        game.begin_turn();
        Ok(game)
    }

    /// Replays a game from its seed and moves, drawing with the seeded
    /// generator. Drawing is no one's choice, so the replay also completes the
    /// chance steps after the last move: a game that ended on a card ends the same way.
    pub fn replay(
        settings: CardSettings,
        seed: u64,
        moves: impl IntoIterator<Item = Move>,
    ) -> Result<CardGame, CardError> {
        let mut game = CardGame::new(settings, seed)?;
        for mv in moves {
            while game.phase == Phase::Draw {
                game.draw()?;
            }
            game.play(mv)?;
        }
        while game.phase == Phase::Draw {
            game.draw()?;
        }
        Ok(game)
    }

    /// A seed drawn from the operating system's randomness, for a game that
    /// should not repeat another's cards (a casual game started without a
    /// seed). The game still records it ([`CardGame::seed`]), so it can be
    /// saved and replayed.
    ///
    /// ```
    /// use shogi_variants::CardGame;
    /// let seeds: std::collections::HashSet<u64> = (0..8).map(|_| CardGame::fresh_seed()).collect();
    /// assert!(seeds.len() > 1);
    /// ```
    pub fn fresh_seed() -> u64 {
        rand::random()
    }

    /// "Show legal squares" under the card: where the piece on `from` may go
    /// now (empty unless a move is due; only squares the card allows).
    pub fn legal_destinations(&self, from: shogi_core::Square) -> shogi_core::Bitboard {
        shogi_core::legal_squares::destinations(&self.allowed_moves(), from)
    }

    /// "Show legal squares" under the card for a piece in hand.
    pub fn legal_drop_squares(&self, kind: shogi_core::PieceKind) -> shogi_core::Bitboard {
        shogi_core::legal_squares::drops(&self.allowed_moves(), kind)
    }

    /// The seed of the game's generator.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How far the game's seeded generator has run (ChaCha8 words used): with
    /// the seed, its whole state. Saved games keep it so that a resumed game
    /// draws the same cards next.
    ///
    /// ```
    /// use shogi_variants::{CardGame, CardSettings};
    /// let mut a = CardGame::new(CardSettings::default(), 3).unwrap();
    /// a.draw().unwrap();
    /// let mut b = CardGame::new(CardSettings::default(), 3).unwrap();
    /// b.set_generator_position(a.generator_position());
    /// // b's generator is where a's is: the next seeded draw is the same.
    /// assert_eq!(a.generator_position(), b.generator_position());
    /// ```
    pub fn generator_position(&self) -> u128 {
        self.rng.get_word_pos()
    }

    /// Moves the seeded generator to `position` (see [`CardGame::generator_position`]).
    pub fn set_generator_position(&mut self, position: u128) {
        self.rng.set_word_pos(position);
    }

    /// The settings.
    pub fn settings(&self) -> &CardSettings {
        &self.settings
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The underlying game (history and positions) of the base variant.
    pub fn game(&self) -> &Game<AnyVariant> {
        &self.game
    }

    /// The deck.
    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    /// Where the turn stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The card drawn for the move to be played now, if any.
    pub fn current_card(&self) -> Option<Card> {
        match self.phase {
            Phase::Move { card } => card,
            _ => None,
        }
    }

    /// Every turn so far with its cards and move.
    pub fn turns(&self) -> &[CardTurn] {
        &self.turns
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    fn begin_turn(&mut self) {
        self.turns.push(CardTurn {
            cards: Vec::new(),
            mv: None,
        });
        if let Some(o) = self.game.outcome() {
            self.finish(o);
        } else if self.position().is_check() && self.settings.check_exempt {
            self.phase = Phase::Move { card: None };
        } else {
            self.phase = Phase::Draw;
        }
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.phase = Phase::Over;
    }

    /// The chance step's outcomes with their exact probabilities (empty when
    /// no card is to be drawn).
    pub fn chance_outcomes(&self) -> Vec<(Card, Probability)> {
        if self.phase == Phase::Draw {
            self.deck.outcomes()
        } else {
            Vec::new()
        }
    }

    /// Draws a card with the game's seeded generator.
    pub fn draw(&mut self) -> Result<Card, CardError> {
        let mut rng = self.rng.clone();
        let card = self.draw_with(&mut rng);
        self.rng = rng;
        card
    }

    /// Draws a card with the caller's generator.
    pub fn draw_with<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<Card, CardError> {
        if self.phase != Phase::Draw {
            return Err(CardError::NotDrawPhase(self.phase_name()));
        }
        let card = self
            .deck
            .pick(rng)
            .ok_or(CardError::NotDrawPhase("the deck is empty"))?;
        self.apply_draw(card)?;
        Ok(card)
    }

    /// Applies a chosen outcome of the chance step: `card` is drawn.
    pub fn apply_draw(&mut self, card: Card) -> Result<(), CardError> {
        if self.phase != Phase::Draw {
            return Err(CardError::NotDrawPhase(self.phase_name()));
        }
        self.deck.take(card)?;
        let mut draws = 1;
        if let Some(turn) = self.turns.last_mut() {
            turn.cards.push(card);
            draws = turn.cards.len() as u32;
        }
        // A joker stays the turn's card (it allows every legal move).
        if !self.moves_for(Some(card)).is_empty() {
            self.phase = Phase::Move { card: Some(card) };
            return Ok(());
        }
        let side = self.position().side_to_move();
        match self.settings.no_move {
            NoMove::Lose => {
                self.finish(Outcome::loss(side, EndReason::Custom(NO_MOVE_ON_CARD_FILE)))
            }
            NoMove::DrawAgain if draws >= self.deck.size() => {
                self.finish(Outcome::loss(side, EndReason::Custom(NO_MOVE_ON_CARD_FILE)))
            }
            NoMove::DrawAgain => {}
            NoMove::FreeMove => self.phase = Phase::Move { card: None },
        }
        Ok(())
    }

    fn phase_name(&self) -> &'static str {
        match self.phase {
            Phase::Draw => "a card must be drawn",
            Phase::Move { .. } => "a move must be played",
            Phase::Over => "the game is over",
        }
    }

    /// Whether `mv` suits `card` under the file rule.
    fn on_card_file(&self, mv: Move, card: Card) -> bool {
        self.settings.card_allows(card, mv)
    }

    /// The moves `card` allows (the card's file, then the capture duty if
    /// the settings have one).
    fn moves_for(&self, card: Option<Card>) -> MoveList {
        let mut moves = self.game.legal_moves();
        if let Some(card) = card {
            moves.retain(|m| self.on_card_file(*m, card));
        }
        if let Some(duty) = self.settings.capture_duty {
            duty.restrict(self.position(), &mut moves);
        }
        moves
    }

    /// The moves allowed now (empty unless a move is to be played).
    pub fn allowed_moves(&self) -> MoveList {
        match self.phase {
            Phase::Move { card } => self.moves_for(card),
            _ => MoveList::new(),
        }
    }

    /// Plays `mv` if a move is due and the card allows it; otherwise an error
    /// and nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<(), CardError> {
        let Phase::Move { card } = self.phase else {
            return Err(CardError::NotMovePhase(self.phase_name()));
        };
        if let Some(card) = card {
            if !self.on_card_file(mv, card) {
                let file = self.settings.file_of(mv);
                let card = match card {
                    Card::Rank(r) => r,
                    // A joker allows every file.
                    Card::Joker => file,
                };
                return Err(CardError::NotOnCardFile { mv, card, file });
            }
        }
        if self.settings.capture_duty.is_some()
            && self.game.is_legal(mv)
            && !self.moves_for(card).contains(&mv)
        {
            return Err(CardError::CaptureDuty(mv));
        }
        self.game.play(mv)?;
        if let Some(turn) = self.turns.last_mut() {
            turn.mv = Some(mv);
        }
        self.begin_turn();
        Ok(())
    }
}

/// Card shogi on the contract: each draw is a chance step whose outcome ids
/// are card ids ([`Card::id`]); a move must suit the drawn card.
impl GameState for CardGame {
    #[inline]
    fn name(&self) -> &str {
        GameKind::Card.name()
    }
    #[inline]
    fn settings_value(&self) -> serde_json::Value {
        crate::saved::settings_value(&self.settings)
    }
    #[inline]
    fn geometry(&self) -> &'static shogi_core::Geometry {
        self.position().geometry()
    }
    #[inline]
    fn start_sfen(&self) -> String {
        self.game.start_position().to_sfen()
    }
    /// The move limit in force (the game's own, else its base's): each ply
    /// is a move, the chance steps are counted apart.
    #[inline]
    fn max_length(&self) -> Option<u32> {
        self.game.variant().move_limit()
    }
    /// A turn per ply of the move limit (the game is over once the limit
    /// is reached, before another draw), and one draw per turn at most
    /// (none in check, when exempt), or under [`NoMove::DrawAgain`] up to
    /// a whole deck's worth, after which the player loses.
    #[inline]
    fn max_chance_steps(&self) -> Option<u32> {
        let draws_per_turn = match self.settings.no_move {
            NoMove::DrawAgain => self.deck.size(),
            NoMove::Lose | NoMove::FreeMove => 1,
        };
        self.max_length()
            .map(|turns| turns.saturating_mul(draws_per_turn))
    }
    #[inline]
    fn to_move(&self) -> ToMove {
        match (self.phase, self.outcome) {
            (_, Some(o)) => ToMove::Over(o),
            (Phase::Draw, None) => ToMove::Chance,
            _ => ToMove::Player(self.position().side_to_move()),
        }
    }
    #[inline]
    fn legal_moves(&self) -> MoveList {
        self.allowed_moves()
    }
    #[inline]
    fn play(&mut self, mv: Move) -> Result<Verdict, PlayError> {
        match (self.to_move(), CardGame::play(self, mv)) {
            (_, Ok(())) => Ok(Verdict::Played),
            (ToMove::Over(o), Err(_)) => Err(PlayError::GameOver(o)),
            (ToMove::Chance, Err(_)) => Err(PlayError::ChanceToMove),
            (ToMove::Player(_), Err(e)) => Err(match e.illegality() {
                Some(rule) => illegal(mv, rule),
                None => PlayError::Illegal {
                    mv,
                    rule: shogi_core::Illegality::NotAllowed,
                    reason: e.to_string(),
                },
            }),
        }
    }
    #[inline]
    fn is_chance_node(&self) -> bool {
        self.phase == Phase::Draw
    }
    #[inline]
    fn chance_outcomes(&self) -> Vec<(u16, Probability)> {
        CardGame::chance_outcomes(self)
            .into_iter()
            .map(|(card, p)| (card.id(), p))
            .collect()
    }
    #[inline]
    fn apply_chance(&mut self, id: u16) -> Result<(), PlayError> {
        match self.to_move() {
            ToMove::Over(o) => return Err(PlayError::GameOver(o)),
            ToMove::Player(c) => return Err(PlayError::NotChance(c)),
            ToMove::Chance => {}
        }
        let card = Card::from_id(id).ok_or(PlayError::BadChanceOutcome(id))?;
        self.apply_draw(card)
            .map_err(|_| PlayError::BadChanceOutcome(id))
    }
    #[inline]
    fn sample_chance(&mut self, rng: &mut dyn Rng) -> Result<u16, PlayError> {
        match self.to_move() {
            ToMove::Over(o) => Err(PlayError::GameOver(o)),
            ToMove::Player(c) => Err(PlayError::NotChance(c)),
            ToMove::Chance => self
                .draw_with(rng)
                .map(Card::id)
                .map_err(|_| PlayError::BadChanceOutcome(0)),
        }
    }
    #[inline]
    fn chance_step(&mut self) -> Result<u16, PlayError> {
        match self.to_move() {
            ToMove::Over(o) => Err(PlayError::GameOver(o)),
            ToMove::Player(c) => Err(PlayError::NotChance(c)),
            ToMove::Chance => self
                .draw()
                .map(Card::id)
                .map_err(|_| PlayError::BadChanceOutcome(0)),
        }
    }
    /// A card drawn is told to both seats as [`Told::Card`].
    #[inline]
    fn chance_told(&self, id: u16) -> Told {
        Card::from_id(id).map_or(Told::Chance(id), Told::Card)
    }
    #[inline]
    fn resign(&mut self, seat: shogi_core::Color) -> Result<Outcome, PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::GameOver(o));
        }
        let o = Outcome::loss(seat, shogi_core::EndReason::Resignation);
        self.finish(o);
        Ok(o)
    }
    #[inline]
    fn undo(&mut self) -> Result<Move, PlayError> {
        Err(PlayError::NotUndoable(
            "a card drawn from the deck is not put back",
        ))
    }
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    #[inline]
    fn side_to_move(&self) -> shogi_core::Color {
        self.position().side_to_move()
    }
    #[inline]
    fn seen(&self, _seat: shogi_core::Color) -> Seen<'_> {
        Seen::Card(self)
    }
    #[inline]
    fn history(&self) -> Vec<Action> {
        self.turns
            .iter()
            .flat_map(|t| {
                t.cards
                    .iter()
                    .map(|c| Action::Chance(c.id()))
                    .chain(t.mv.map(Action::Move))
            })
            .collect()
    }
}
