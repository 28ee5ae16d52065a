//! A game over a position: history, repetition (sennichite), outcome.

use crate::{
    Bitboard, Color, EndReason, IllegalMoveError, Move, MoveList, Outcome, PieceKind, Position,
    PositionError, Repetition, Square, Undo, Variant,
};

/// Why a game action was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The move is not legal under the variant's rules.
    #[error(transparent)]
    IllegalMove(#[from] IllegalMoveError),
    /// The game has already ended.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The variant has no declaration rule, or it is switched off.
    #[error("this variant (with these settings) has no declaration rule")]
    NoDeclaration,
    /// The starting position is invalid.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A game of a variant: the start position, the moves played, every position
/// reached, and the outcome once the rules end it.
///
/// The end tests run in the order of the rules: the side to move has no legal
/// move (it loses); the position occurs for the fourth time (repetition,
/// perpetual check); the move limit; the variant's extra end conditions. They
/// run when asked ([`Game::outcome`]) or when a move is offered, not after
/// every move, so that playing and taking back moves in a search loop costs
/// only the legality test and the move itself.
///
/// ```
/// use shogi_core::{Game, Variant};
/// # use shogi_core::{Geometry, PieceSet};
/// # #[derive(Clone, Debug, Default)] struct Mini;
/// # impl Variant for Mini { type Settings = (); fn name(&self) -> &'static str { "mini" }
/// #   fn settings(&self) {} fn with_settings(_: ()) -> Self { Mini }
/// #   fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).expect("5x5 is a board") }
/// #   fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
/// #   fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" } }
/// let mut game = Game::new(Mini);
/// game.play_usi("2e3d").unwrap();
/// assert_eq!(game.moves().len(), 1);
/// assert!(game.play_usi("2e3d").is_err()); // White to move now; nothing on 2e
/// game.undo();
/// assert_eq!(game.position(), &Mini.start_position());
/// ```
#[derive(Clone, Debug)]
pub struct Game<V: Variant> {
    variant: V,
    start: Position,
    /// The current position, updated in place (moves are made and unmade,
    /// never copied).
    position: Position,
    moves: Vec<Move>,
    /// What each move needs to be taken back, which is also what the end
    /// tests read of the position it was played in: its hash (repetition,
    /// sennichite, compares these) and whether its side to move was in
    /// check (perpetual check).
    undos: Vec<Undo>,
    /// The positions of the history by bucket of their hash: the end tests
    /// find a position's earlier occurrences among the positions of its
    /// bucket instead of scanning the history.
    seen: Buckets,
    /// An end by an action rather than a rule: resignation or declaration.
    ended: Option<Outcome>,
}

impl<V: Variant> Game<V> {
    /// A game from the variant's start position.
    pub fn new(variant: V) -> Game<V> {
        let start = variant.start_position();
        Game::from_position(variant, start)
    }

    /// A game from a given position (already over if it has no legal move).
    pub fn from_position(variant: V, start: Position) -> Game<V> {
        Game {
            variant,
            seen: Buckets::of_start(start.hash()),
            position: start.clone(),
            start,
            moves: Vec::new(),
            undos: Vec::new(),
            ended: None,
        }
    }

    /// A game from an SFEN (or `startpos`).
    pub fn from_sfen(variant: V, sfen: &str) -> Result<Game<V>, GameError> {
        let start = variant.position_from_sfen(sfen)?;
        Ok(Game::from_position(variant, start))
    }

    /// The variant and its settings.
    pub fn variant(&self) -> &V {
        &self.variant
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position of the game, the start first and the current last
    /// (rebuilt by replaying the moves).
    pub fn positions(&self) -> Vec<Position> {
        let mut pos = self.start.clone();
        let mut all = Vec::with_capacity(self.moves.len() + 1);
        all.push(pos.clone());
        for &mv in &self.moves {
            pos.play_unchecked(mv);
            all.push(pos.clone());
        }
        all
    }

    /// The outcome, once the game is over (computed on each call: it counts
    /// the legal moves and scans the history for repetition).
    ///
    /// The order of the end tests after a move: first the variant's own end
    /// ([`Variant::extra_outcome`]: a win the last move achieved, such as a
    /// king reaching its far rank, outranks whatever the position after it
    /// would otherwise be judged), then no legal move for the side to move,
    /// then repetition, then the move limit (RULES.md 1: "Order of end tests
    /// after a move: no legal move for the side to move, then repetition,
    /// then the move limit (so a mate on the last allowed ply wins)").
    ///
    /// ```
    /// use shogi_core::{Color, Game};
    /// # use shogi_core::{CustomEnd, EndReason, Geometry, Outcome, PieceSet, Position, Variant};
    /// # #[derive(Clone, Debug, Default)] struct Race;
    /// # impl Variant for Race { type Settings = (); fn name(&self) -> &'static str { "race" }
    /// #   fn settings(&self) {} fn with_settings(_: ()) -> Self { Race }
    /// #   fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).expect("5x5 is a board") }
    /// #   fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
    /// #   fn start_sfen(&self) -> &'static str { "4k/K4/5/5/5 b - 1" }
    /// #   fn move_limit(&self) -> Option<u32> { Some(1) }
    /// #   fn extra_outcome(&self, pos: &Position) -> Option<Outcome> {
    /// #       let far = EndReason::Custom(CustomEnd::new("far_rank", "king reached the far rank"));
    /// #       (pos.king(Color::Black)?.rank() == 1).then(|| Outcome::win(Color::Black, far)) } }
    /// // Race: a king on its far rank wins; the game is drawn after one ply.
    /// let mut game = Game::new(Race);
    /// game.play_usi("5b5a").unwrap(); // the limit's last ply reaches the far rank
    /// assert_eq!(game.outcome().unwrap().winner, Some(Color::Black)); // a win, not the limit's draw
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        if self.ended.is_some() {
            return self.ended;
        }
        let pos = self.position();
        if let Some(won) = self.variant.extra_outcome(pos) {
            return Some(won);
        }
        if self.variant.count_legal_moves(pos) == 0 {
            return Some(self.variant.no_move_outcome(pos));
        }
        self.repetition_or_limit()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// The legal moves now written into `list`, replacing what it held
    /// (none once the game is over): [`Game::legal_moves`] for a caller that
    /// keeps one list. The list is empty exactly when [`Game::is_over`].
    ///
    /// ```
    /// use shogi_core::{Game, MoveList};
    /// # use shogi_core::{Geometry, PieceSet, Variant};
    /// # #[derive(Clone, Debug, Default)] struct Mini;
    /// # impl Variant for Mini { type Settings = (); fn name(&self) -> &'static str { "mini" }
    /// #   fn settings(&self) {} fn with_settings(_: ()) -> Self { Mini }
    /// #   fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).expect("5x5 is a board") }
    /// #   fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
    /// #   fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" } }
    /// let mut game = Game::new(Mini);
    /// let mut list = MoveList::new();
    /// game.legal_moves_into(&mut list);
    /// assert_eq!(list.len(), 14);
    /// game.resign().unwrap();
    /// game.legal_moves_into(&mut list);
    /// assert!(list.is_empty() && game.is_over());
    /// ```
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        if self.ended.is_some() {
            return;
        }
        self.variant.legal_moves_into(self.position(), list);
        if !list.is_empty() && self.outcome_with_legal_moves().is_some() {
            list.clear();
        }
    }

    /// How many legal moves there are now (0 once the game is over).
    pub fn count_legal_moves(&self) -> usize {
        if self.ended.is_some() {
            return 0;
        }
        let n = self.variant.count_legal_moves(self.position());
        if n == 0 || self.outcome_with_legal_moves().is_some() {
            return 0;
        }
        n
    }

    /// "Show legal squares" under this game's rules: where the piece on `from`
    /// may go now (empty once the game is over). Unlike
    /// [`Position::legal_destinations`], which knows only the plain rules, this
    /// honours the variant's move filter (must-capture's duty, say).
    ///
    /// ```
    /// use shogi_core::{Game, Variant};
    /// # use shogi_core::{Geometry, MoveFilter, MoveList, PieceSet, Position};
    /// # #[derive(Clone, Debug, Default)] struct OnlyKing;
    /// # impl Variant for OnlyKing { type Settings = (); fn name(&self) -> &'static str { "only-king" }
    /// #   fn settings(&self) {} fn with_settings(_: ()) -> Self { OnlyKing }
    /// #   fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).expect("5x5 is a board") }
    /// #   fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
    /// #   fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" }
    /// #   fn move_filter(&self) -> Option<&dyn MoveFilter> { Some(self) } }
    /// # impl MoveFilter for OnlyKing { fn filter(&self, pos: &Position, moves: &mut MoveList) {
    /// #       let king = pos.king(pos.side_to_move()); moves.retain(|m| m.from() == king) } }
    /// // A variant in which only the king may move:
    /// let game = Game::new(OnlyKing);
    /// assert_eq!(game.legal_destinations("2e".parse()?).count(), 0);        // the bishop may not
    /// assert_eq!(game.position().legal_destinations("2e".parse()?).count(), 4); // plain shogi
    /// assert_eq!(game.legal_destinations("5e".parse()?).count(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_destinations(&self, from: Square) -> Bitboard {
        crate::legal_squares::destinations(&self.legal_moves(), from)
    }

    /// "Show legal squares" for a piece in hand under this game's rules:
    /// where `kind` may be dropped now (empty once the game is over, or if the
    /// side to move holds none, or the variant forbids it).
    pub fn legal_drop_squares(&self, kind: PieceKind) -> Bitboard {
        crate::legal_squares::drops(&self.legal_moves(), kind)
    }

    /// Whether [`Game::play`] would accept `mv`: the game is on and the move is legal.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.ended.is_none()
            && self.variant.is_legal(self.position(), mv)
            && self.outcome_with_legal_moves().is_none()
    }

    /// Plays `mv` if the game is on and the move is legal; otherwise returns an
    /// error and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        if let Some(o) = self.ended {
            return Err(GameError::GameOver(o));
        }
        let pos = self.position();
        if !self.variant.is_legal(pos, mv) {
            // An ended game refuses every move; say why.
            if let Some(o) = self.outcome() {
                return Err(GameError::GameOver(o));
            }
            return Err(GameError::IllegalMove(IllegalMoveError {
                mv,
                reason: self.variant.illegality(pos, mv),
                sfen: pos.to_sfen(),
            }));
        }
        // A legal move exists, so only the other end tests can apply.
        if let Some(o) = self.outcome_with_legal_moves() {
            return Err(GameError::GameOver(o));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv` without asking whether it is legal or the game is on, for
    /// loops that took it from [`Game::legal_moves`] of the current position
    /// (which is empty once the game is over). Any other move corrupts the
    /// game, as with [`Position::play_unchecked`].
    pub fn play_unchecked(&mut self, mv: Move) {
        let undo = self.position.play_unchecked(mv);
        let hash = self.position.hash();
        self.undos.push(undo);
        self.moves.push(mv);
        self.seen.add(hash, self.undos.len());
    }

    /// Parses a USI move and plays it.
    pub fn play_usi(&mut self, usi: &str) -> Result<(), GameUsiError> {
        let mv: Move = usi.parse()?;
        Ok(self.play(mv)?)
    }

    /// Takes back the last move (and any outcome the rules gave it); `None`
    /// at the start.
    ///
    /// A game ended by a player's act, a resignation or a declaration, is
    /// final: `undo` then returns `None` and changes nothing, so a resigned
    /// game stays resigned (a record or a server never loses the result by
    /// taking back a move). To explore from an earlier position, replay its
    /// moves into a new game.
    ///
    /// ```
    /// use shogi_core::{EndReason, Game};
    /// # use shogi_core::{Geometry, PieceSet, Variant};
    /// # #[derive(Clone, Debug, Default)] struct Mini;
    /// # impl Variant for Mini { type Settings = (); fn name(&self) -> &'static str { "mini" }
    /// #   fn settings(&self) {} fn with_settings(_: ()) -> Self { Mini }
    /// #   fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).expect("5x5 is a board") }
    /// #   fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
    /// #   fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" } }
    /// let mut game = Game::new(Mini);
    /// game.play_usi("2e3d").unwrap();
    /// game.resign().unwrap();
    /// assert_eq!(game.undo(), None);
    /// assert_eq!(game.outcome().unwrap().reason, EndReason::Resignation);
    /// assert_eq!(game.moves().len(), 1);
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        if self.ended.is_some() {
            return None;
        }
        let mv = self.moves.pop()?;
        let undo = self.undos.pop()?;
        self.seen.remove_last(self.position.hash());
        self.position.undo(mv, undo);
        Some(mv)
    }

    /// Whether the game was ended by a player's act (resignation or
    /// declaration) rather than by a rule: such an end is final.
    pub fn ended_by_act(&self) -> bool {
        self.ended.is_some()
    }

    /// The side to move resigns.
    pub fn resign(&mut self) -> Result<Outcome, GameError> {
        self.resign_as(self.position().side_to_move())
    }

    /// `color` resigns, on either side's turn: a player may resign at any
    /// time (on a site, also by leaving on the opponent's turn). The game
    /// ends as a loss for `color`; refused once the game is over.
    ///
    /// ```
    /// use shogi_core::{Color, EndReason, Game};
    /// # use shogi_core::{Geometry, PieceSet, Variant};
    /// # #[derive(Clone, Debug, Default)] struct Mini;
    /// # impl Variant for Mini { type Settings = (); fn name(&self) -> &'static str { "mini" }
    /// #   fn settings(&self) {} fn with_settings(_: ()) -> Self { Mini }
    /// #   fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).expect("5x5 is a board") }
    /// #   fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
    /// #   fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" } }
    /// let mut game = Game::new(Mini);
    /// let o = game.resign_as(Color::White).unwrap(); // Black is to move
    /// assert_eq!((o.winner, o.reason), (Some(Color::Black), EndReason::Resignation));
    /// assert!(game.resign_as(Color::Black).is_err()); // over
    /// ```
    pub fn resign_as(&mut self, color: Color) -> Result<Outcome, GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::GameOver(o));
        }
        let o = Outcome::loss(color, EndReason::Resignation);
        self.ended = Some(o);
        Ok(o)
    }

    /// The side to move declares a win under the variant's declaration rule
    /// (e.g. entering king); the game ends with the rule's verdict, which may
    /// be a loss for a declaration that does not meet the conditions.
    pub fn declare(&mut self) -> Result<Outcome, GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::GameOver(o));
        }
        let o = self
            .variant
            .declaration_outcome(self.position())
            .ok_or(GameError::NoDeclaration)?;
        self.ended = Some(o);
        Ok(o)
    }

    /// How many times the current position has occurred in this game (1 the first time).
    pub fn repetition_count(&self) -> usize {
        self.occurrences().count()
    }

    /// Indices of the earlier and current occurrences of the current position,
    /// latest first: the positions of its hash bucket with its hash.
    /// Positions are compared by their 64-bit Zobrist hash (board, both
    /// hands with counts, side to move).
    fn occurrences(&self) -> impl Iterator<Item = usize> + '_ {
        let hash = self.position.hash();
        self.seen
            .down_from(self.undos.len())
            .filter(move |&i| self.hash_at(i) == hash)
    }

    /// The hash of position `i` of the history (the start is 0, the current
    /// position is the last): read from the `Undo` of the move played there.
    fn hash_at(&self, i: usize) -> u64 {
        self.undos.get(i).map_or(self.position.hash(), Undo::hash)
    }

    /// The outcome of a position with legal moves: the end tests of
    /// [`Game::outcome`] but the no-move test, in the same order.
    fn outcome_with_legal_moves(&self) -> Option<Outcome> {
        self.variant
            .extra_outcome(self.position())
            .or_else(|| self.repetition_or_limit())
    }

    /// The end by repetition, else by the move limit.
    fn repetition_or_limit(&self) -> Option<Outcome> {
        if let Some(rep) = self.fourfold_repetition() {
            return Some(self.variant.repetition_outcome(rep));
        }
        if let Some(limit) = self.variant.move_limit() {
            if self.moves.len() >= limit as usize {
                return Some(Outcome::draw(EndReason::MoveLimit));
            }
        }
        None
    }

    /// If the current position has now occurred for the fourth time: who made
    /// the first move, and whether one side checked with every move between the
    /// first and fourth occurrence.
    fn fourfold_repetition(&self) -> Option<Repetition> {
        // Most positions are alone in their bucket so far: nothing to search.
        if self.seen.is_alone(self.undos.len()) {
            return None;
        }
        crate::rules::sennichite::repetition(self.start.side_to_move(), self.occurrences(), |i| {
            self.undos
                .get(i)
                .map_or(self.position.is_check(), |u| u.checkers().is_any())
        })
    }
}

/// No position: an empty bucket, or none below a position in its bucket.
const NONE: u32 = u32::MAX;

/// The positions of a game's history by bucket of their hash (its top 9
/// bits): for each bucket the latest position in it, and for each position
/// the one before it in its bucket. A position's earlier occurrences are
/// among the positions of its bucket (none for most positions, a few in a
/// long game), so the end tests never scan the history, which grows with
/// the game's length.
#[derive(Clone)]
struct Buckets {
    /// Per bucket, the index of the latest position in it ([`NONE`]: empty).
    latest: Box<[u32; 512]>,
    /// Per position, the index of the one before it in its bucket.
    below: Vec<u32>,
}

impl Buckets {
    /// The buckets of a history holding only the start position.
    fn of_start(hash: u64) -> Buckets {
        let mut b = Buckets {
            latest: Box::new([NONE; 512]),
            below: Vec::new(),
        };
        b.add(hash, 0);
        b
    }

    fn bucket(hash: u64) -> usize {
        (hash >> 55) as usize
    }

    /// Adds position `index` of the history (the next one), of hash `hash`.
    fn add(&mut self, hash: u64, index: usize) {
        let latest = &mut self.latest[Self::bucket(hash)];
        self.below.push(*latest);
        *latest = index as u32;
    }

    /// Takes out the last position added (a move taken back), whose hash is
    /// `hash`.
    fn remove_last(&mut self, hash: u64) {
        if let Some(below) = self.below.pop() {
            self.latest[Self::bucket(hash)] = below;
        }
    }

    /// Whether no earlier position shares position `index`'s bucket.
    fn is_alone(&self, index: usize) -> bool {
        self.below.get(index) == Some(&NONE)
    }

    /// Position `index` and the earlier positions of its bucket, latest first.
    fn down_from(&self, index: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(Some(index), move |&i| {
            let below = self.below.get(i).copied().unwrap_or(NONE);
            (below != NONE).then_some(below as usize)
        })
    }
}

impl std::fmt::Debug for Buckets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used = self.latest.iter().filter(|&&n| n != NONE).count();
        write!(f, "Buckets({used} of 512 used)")
    }
}

/// A USI move that could not be played: malformed or refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameUsiError {
    /// The string is not a USI move.
    #[error(transparent)]
    Parse(#[from] crate::ParseMoveError),
    /// The move was refused.
    #[error(transparent)]
    Game(#[from] GameError),
}
