//! The plain data a family definition gives: its board, its piece kinds and
//! its variant-wide rules. [`crate::family::PieceTable::new`] checks it and
//! compiles it into tables; nothing here is validated on its own.

use super::betza::Leg;

/// How a kind changes face (promotes) when it moves.
///
/// Whatever the choice, a kind with no [`KindSpec::promotes_to`] never
/// promotes, and a move that would leave a piece on a square from which it
/// could never move again is refused when [`FamilySpec::forbid_dead_moves`]
/// holds (so a move there must promote).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Promotion {
    /// Never changes face.
    #[default]
    Never,
    /// May promote on a move that starts or ends in the promotion zone
    /// (standard shogi); must where it could not move again.
    Optional,
    /// Must promote on every move that starts or ends in the promotion zone
    /// (dobutsu's chick, EuroShogi).
    Forced,
    /// Changes face on every move that captures, and only then, wherever
    /// it is; its promoted face changes back by the same rule (micro shogi
    /// as Fairy-Stockfish plays it). Set on the unpromoted face.
    OnCapture,
    /// Changes face on every move it makes, and its promoted face changes
    /// back on the next (kyoto shogi). Set on the unpromoted face; the
    /// promoted face (its `promotes_to`) flips back by this same rule.
    FlipEveryMove,
}

/// Whether a move may leave one's own royal piece attacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RoyalRule {
    /// Shogi's rule: a side with exactly one royal piece may not leave it
    /// attacked, and loses when it is checkmated. A side with two royal
    /// pieces (sho shogi's king and prince) may leave either attacked: it
    /// loses only once both are gone or the last one is mated.
    #[default]
    Checkmate,
    /// Every move is allowed, a royal piece may be left attacked, and the
    /// side whose royal pieces are all captured loses (dobutsu).
    Capture,
}

/// One piece kind of a family definition.
///
/// Kinds are referred to by their index in [`FamilySpec::kinds`]; the
/// promoted face of a kind is a kind of its own ([`KindSpec::promotes_to`]).
///
/// ```
/// use shogi_core::family::betza::{Leg, Mode};
/// use shogi_core::family::{KindSpec, Promotion};
/// let step = |dx, dy| Leg { dx, dy, range: 1, mode: Mode::Both, hop: false };
/// // Dobutsu's chick: one step forward, promoting to kind 1 (the hen).
/// let chick = KindSpec {
///     promotes_to: Some(1),
///     promotion: Promotion::Forced,
///     hand_kind: Some(0),
///     droppable: true,
///     ..KindSpec::new("chick", "P", vec![step(0, 1)])
/// };
/// assert_eq!(chick.sfen, "P");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KindSpec {
    /// The kind's name, for messages (`"chick"`).
    pub name: String,
    /// Its SFEN token as Black writes it: one ASCII letter, upper case
    /// (`"P"`), optionally after a `+` (`"+P"`). White's is the same in
    /// lower case.
    pub sfen: String,
    /// Its movement, the legs of its Betza notation.
    pub legs: Vec<Leg>,
    /// The kind (index) it promotes to, if any.
    pub promotes_to: Option<usize>,
    /// When it promotes.
    pub promotion: Promotion,
    /// The kind (index) a capture of it puts in the capturer's hand: itself,
    /// its unpromoted face, or `None` (a royal piece, or one that leaves the
    /// game when taken).
    pub hand_kind: Option<usize>,
    /// Whether it may be dropped from the hand.
    pub droppable: bool,
    /// At most this many of one side's pieces of this kind on a file, counted
    /// for drops (nifu: `Some(1)` for the pawn; tori's swallows `Some(2)`).
    pub max_per_file: Option<u8>,
    /// Whether it is royal: a king, whose loss (by mate or capture, per
    /// [`FamilySpec::royal_rule`]) loses the game.
    pub royal: bool,
}

impl KindSpec {
    /// A kind with a name, an SFEN token and legs, that never promotes, is
    /// not royal, cannot be dropped and leaves nothing in hand when taken;
    /// change the rest with struct update syntax.
    ///
    /// ```
    /// use shogi_core::family::KindSpec;
    /// let k = KindSpec::new("wall", "W", vec![]);
    /// assert!(!k.royal && !k.droppable && k.promotes_to.is_none());
    /// ```
    pub fn new(name: &str, sfen: &str, legs: Vec<Leg>) -> KindSpec {
        KindSpec {
            name: name.to_owned(),
            sfen: sfen.to_owned(),
            legs,
            promotes_to: None,
            promotion: Promotion::Never,
            hand_kind: None,
            droppable: false,
            max_per_file: None,
            royal: false,
        }
    }
}

/// A whole family definition: the board, the kinds and the rules of moving.
///
/// Ends other than the royal rule (try, stalemate, repetition) are the
/// game's business, not the move generator's, and are not held here.
///
/// ```
/// use shogi_core::family::betza::{Leg, Mode};
/// use shogi_core::family::{FamilySpec, KindSpec, PieceTable};
/// let step = |dx, dy| Leg { dx, dy, range: 1, mode: Mode::Both, hop: false };
/// let king: Vec<Leg> = [(1, 1), (1, 0), (1, -1), (0, 1), (0, -1), (-1, 1), (-1, 0), (-1, -1)]
///     .into_iter().map(|(dx, dy)| step(dx, dy)).collect();
/// let spec = FamilySpec {
///     kinds: vec![KindSpec { royal: true, ..KindSpec::new("king", "K", king) }],
///     ..FamilySpec::new(3, 3, 1)
/// };
/// assert!(PieceTable::new(&spec).is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FamilySpec {
    /// Number of files, 1..=9.
    pub files: u8,
    /// Number of ranks, 1..=9.
    pub ranks: u8,
    /// Depth of each side's promotion zone, in ranks.
    pub promotion_ranks: u8,
    /// The piece kinds; a kind's index here names it everywhere else.
    pub kinds: Vec<KindSpec>,
    /// Whether a move may leave a royal piece attacked.
    pub royal_rule: RoyalRule,
    /// The kind (index) whose drop may not checkmate (uchifuzume: the pawn).
    pub pawn_drop_mate_illegal_for: Option<usize>,
    /// Whether a piece in hand may be dropped as its promoted face too
    /// (kyoto shogi).
    pub drop_as_either_face: bool,
    /// Whether a piece moves as the friendly piece directly behind it, if
    /// there is one (annan shogi), instead of as itself.
    pub borrowed_movement: bool,
    /// Whether a board move may not leave an unpromoted piece where it could
    /// never move again (standard shogi's rule; it is what forces a pawn on
    /// the last rank to promote).
    pub forbid_dead_moves: bool,
    /// Whether a drop may not put a piece where it could never move (a pawn
    /// on the last rank, a knight on the last two).
    pub forbid_dead_drops: bool,
    /// The try (dobutsu, as Fairy-Stockfish plays it): a royal piece on its
    /// far rank that no enemy piece attacks ends the game, whichever side is
    /// to move; the position then has no moves.
    pub try_rule: bool,
}

impl FamilySpec {
    /// An empty definition of a board of `files` × `ranks` with a zone of
    /// `promotion_ranks`, played by shogi's rules (checkmate, no dead moves
    /// or drops, no borrowing); add the kinds.
    ///
    /// ```
    /// let spec = shogi_core::family::FamilySpec::new(3, 4, 1);
    /// assert!(spec.kinds.is_empty() && spec.forbid_dead_drops);
    /// ```
    pub fn new(files: u8, ranks: u8, promotion_ranks: u8) -> FamilySpec {
        FamilySpec {
            files,
            ranks,
            promotion_ranks,
            kinds: Vec::new(),
            royal_rule: RoyalRule::Checkmate,
            pawn_drop_mate_illegal_for: None,
            drop_as_either_face: false,
            borrowed_movement: false,
            forbid_dead_moves: true,
            forbid_dead_drops: true,
            try_rule: false,
        }
    }
}
