//! Tsuitate shogi (衝立将棋, "screen shogi"): RULES.md section 4. Each player
//! sees only their own pieces; a referee holds the true position, judges each
//! attempted move, and tells each player only what the rules say they learn.
//!
//! The [`Referee`] is the only holder of hidden facts. A [`PlayerView`] is
//! built from the player's own pieces and hand and from what that player was
//! told (their perfect-recall information state), so nothing in it can depend
//! on a hidden piece.

mod event;
mod public;
mod resample;

pub use event::{events, Capture, Event};
pub use public::{Fact, PrivateFact, PublicFact};

pub use crate::state::Verdict;
use crate::state::{Action, ActionReport, PlayError, Seen, ToMove, Told};
use crate::{AnyVariant, Base, GameKind, GameState};
use serde::{Deserialize, Serialize};
use shogi_core::rules::pawn_drop_mate;
use shogi_core::{
    attacks, Color, CustomEnd, EndReason, Illegality, Move, MoveKind, MoveList, Outcome, OwnBoard,
    PieceKind, Position, PositionError, Square, Variant,
};
use std::borrow::Cow;

/// Tsuitate's own end: a player's fouls reached the foul limit (that player loses).
pub const FOUL_LIMIT: CustomEnd = CustomEnd::new("foul_limit", "foul limit");

/// Settings of Tsuitate shogi.
///
/// ```
/// use shogi_variants::TsuitateSettings;
/// let s = TsuitateSettings::default();
/// assert_eq!((s.foul_limit, s.announce_fouls_to_both, s.move_limit), (10, true, Some(150)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TsuitateSettings {
    /// The foul that reaches this count loses; at least 1 (a limit read by
    /// name or from JSON is refused at 0; a struct built with 0 acts as 1)
    /// (default 10: nine are allowed;
    /// sources differ, some use 9, the seed's site allows 20).
    #[serde(deserialize_with = "crate::any::positive_limit")]
    pub foul_limit: u32,
    /// Whether the opponent is told of a foul (the fact and the count, never
    /// the square or reason). Default true.
    pub announce_fouls_to_both: bool,
    /// Draw once this many moves have been played (fouls not counted); at
    /// least 1. Default 150; with none, the base's own `move_limit` applies.
    #[serde(deserialize_with = "crate::any::optional_positive_limit")]
    pub move_limit: Option<u32>,
    /// The board, and the base's settings that apply here (its no-move rule:
    /// minishogi's `stalemate`). Default: standard.
    pub base: Base,
}

impl TsuitateSettings {
    /// The move limit in force: the game's own, else its base's.
    ///
    /// ```
    /// use shogi_variants::{Base, MinishogiSettings, TsuitateSettings};
    /// let base = Base::Minishogi(MinishogiSettings { move_limit: Some(80), ..MinishogiSettings::DEFAULT });
    /// assert_eq!(TsuitateSettings { base, ..Default::default() }.move_limit_in_force(), Some(150));
    /// assert_eq!(TsuitateSettings { base, move_limit: None, ..Default::default() }.move_limit_in_force(), Some(80));
    /// ```
    pub fn move_limit_in_force(&self) -> Option<u32> {
        self.move_limit.or(self.base.move_limit())
    }

    /// The most attempts a game can hold, fouls included
    /// ([`GameState::max_length`]): the played moves of the move limit in
    /// force, each player's fouls short of the foul limit, and one more
    /// for a losing foul. (The bound is one above what play reaches: a
    /// game at its move limit is over before a losing foul. It is kept so,
    /// as the sizes derived from it, OpenSpiel's information-state tensor,
    /// were fixed with it.) `None` without a move limit.
    ///
    /// ```
    /// use shogi_variants::TsuitateSettings;
    /// let s = TsuitateSettings { move_limit: Some(40), foul_limit: 5, ..Default::default() };
    /// assert_eq!(s.max_attempts(), Some(40 + 2 * 5 - 1));
    /// assert_eq!(TsuitateSettings::default().max_attempts(), Some(150 + 2 * 10 - 1));
    /// ```
    pub fn max_attempts(&self) -> Option<u32> {
        // A foul limit of 0 acts as 1: the first foul loses.
        let fouls = self.foul_limit.max(1);
        self.move_limit_in_force()
            .map(|moves| moves.saturating_add(fouls.saturating_mul(2) - 1))
    }
}

impl Default for TsuitateSettings {
    fn default() -> Self {
        TsuitateSettings {
            foul_limit: 10,
            announce_fouls_to_both: true,
            move_limit: Some(150),
            base: Base::STANDARD,
        }
    }
}

/// One thing a player is told (or did: a player's own attempts are part of
/// what they know).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Announcement {
    /// This player attempted this move (their own action).
    Attempted(Move),
    /// This player's attempt was played.
    Played,
    /// This player's attempt was a foul (no reason is given); their foul count is now `count`.
    Foul {
        /// This player's fouls so far.
        count: u32,
    },
    /// The opponent made a move (nothing about which).
    OpponentMoved,
    /// The opponent committed a foul; their count is now `count` (only with
    /// `announce_fouls_to_both`).
    OpponentFoul {
        /// The opponent's fouls so far.
        count: u32,
    },
    /// A piece was captured on `square`; `kind` is the captured piece as it
    /// stood (a dragon is announced as a dragon). Never the capturing piece.
    Capture {
        /// Where.
        square: Square,
        /// What was taken.
        kind: PieceKind,
    },
    /// The move gave check (no direction).
    Check,
    /// The game ended.
    GameOver(Outcome),
}

impl Announcement {
    /// The kind of announcement as an identifier, the same in Rust, Python
    /// and OpenSpiel keys: `"attempted"`, `"played"`, `"foul"`,
    /// `"opponent_moved"`, `"opponent_foul"`, `"capture"`, `"check"`,
    /// `"game_over"`.
    ///
    /// ```
    /// use shogi_variants::Announcement;
    /// assert_eq!(Announcement::OpponentFoul { count: 2 }.name(), "opponent_foul");
    /// ```
    pub const fn name(&self) -> &'static str {
        match self {
            Announcement::Attempted(_) => "attempted",
            Announcement::Played => "played",
            Announcement::Foul { .. } => "foul",
            Announcement::OpponentMoved => "opponent_moved",
            Announcement::OpponentFoul { .. } => "opponent_foul",
            Announcement::Capture { .. } => "capture",
            Announcement::Check => "check",
            Announcement::GameOver(_) => "game_over",
        }
    }
}

impl std::fmt::Display for Announcement {
    /// The one text form of an announcement, compact and stable (a key for
    /// tabular methods): its [`name`](Announcement::name), then its details
    /// after colons: `attempted:7g7f`, `foul:2`, `capture:2b:B`,
    /// `game_over:white:foul_limit` (winner or `draw`, then
    /// [`EndReason::name`]).
    ///
    /// ```
    /// use shogi_core::{Color, EndReason, Outcome};
    /// use shogi_variants::{Announcement, FOUL_LIMIT};
    /// let capture = Announcement::Capture { square: "2b".parse()?, kind: shogi_core::PieceKind::Horse };
    /// assert_eq!(capture.to_string(), "capture:2b:+B");
    /// assert_eq!(Announcement::GameOver(Outcome::loss(Color::Black, EndReason::Custom(FOUL_LIMIT))).to_string(), "game_over:white:foul_limit");
    /// assert_eq!(Announcement::Check.to_string(), "check");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())?;
        match self {
            Announcement::Attempted(m) => write!(f, ":{m}"),
            Announcement::Foul { count } | Announcement::OpponentFoul { count } => {
                write!(f, ":{count}")
            }
            Announcement::Capture { square, kind } => write!(f, ":{square}:{kind}"),
            Announcement::GameOver(o) => {
                let winner = o.winner.map_or("draw", Color::name);
                write!(f, ":{winner}:{}", o.reason.name())
            }
            Announcement::Played | Announcement::OpponentMoved | Announcement::Check => Ok(()),
        }
    }
}

/// Why an attempt was a foul. Known to the referee only; revealed at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FoulReason {
    /// A rook, bishop or lance (or dragon, horse along a line) slid through a hidden piece.
    SlidThroughHiddenPiece,
    /// A drop onto a square holding a hidden piece.
    DroppedOnHiddenPiece,
    /// The move left or put the mover's own king in check.
    OwnKingInCheck,
    /// A pawn drop that mates (uchifuzume).
    PawnDropMate,
}

impl FoulReason {
    /// The reason as an identifier, the same in Rust, Python and saved
    /// games: `"slid_through_hidden_piece"`, `"dropped_on_hidden_piece"`,
    /// `"own_king_in_check"`, `"pawn_drop_mate"`.
    ///
    /// ```
    /// assert_eq!(shogi_variants::FoulReason::PawnDropMate.name(), "pawn_drop_mate");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            FoulReason::SlidThroughHiddenPiece => "slid_through_hidden_piece",
            FoulReason::DroppedOnHiddenPiece => "dropped_on_hidden_piece",
            FoulReason::OwnKingInCheck => "own_king_in_check",
            FoulReason::PawnDropMate => "pawn_drop_mate",
        }
    }
}

/// One attempt, as the referee records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attempt {
    /// Who attempted.
    pub by: Color,
    /// The move attempted.
    pub mv: Move,
    /// The foul's reason, or `None` if the move was played.
    pub foul: Option<FoulReason>,
}

/// What an attempt produced: the verdict, and what each player was told.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    /// Played or foul.
    pub verdict: Verdict,
    /// What Black and White were told, indexed by [`Color::index`].
    pub told: [Vec<Announcement>; 2],
}

impl Ruling {
    /// What `color` learned of this attempt, as one [`Event`]; `None` when
    /// they were told nothing (an opponent's foul not announced to both).
    ///
    /// ```
    /// use shogi_core::Color;
    /// use shogi_variants::{Referee, TsuitateSettings, Verdict};
    /// let mut referee = Referee::new(TsuitateSettings::default());
    /// let ruling = referee.attempt("7g7f".parse()?)?;
    /// let white = ruling.event(Color::White).unwrap();
    /// assert_eq!((white.by, white.attempted, white.verdict), (Color::Black, None, Some(Verdict::Played)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn event(&self, color: Color) -> Option<Event> {
        events(color, &self.told[color.index()]).pop()
    }
}

/// An attempt the referee refuses to judge (an input error, not a foul).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TsuitateError {
    /// Not a candidate: the move is impossible on the player's own board
    /// alone, for the rule named ([`OwnBoard::illegality`]).
    #[error("{0}: {1} (not a candidate move on the player's own board)")]
    NotACandidate(Move, Illegality),
    /// The game is over.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The start position is invalid.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// [`Referee::resample`] found no game that gives the player their
    /// information state (the search is bounded; a wider one may).
    #[error("no game consistent with the player's information state was found (beam width up to {width})")]
    NoConsistentGame {
        /// The widest beam tried.
        width: usize,
    },
}

/// What one player sees: their own pieces and hand, and everything they were
/// told, in order. Built only from facts that player knows.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerView {
    /// Whose view.
    pub color: Color,
    /// The player's own board: own pieces and hand.
    pub board: OwnBoard,
    /// Whether it is this player's turn.
    pub to_move: bool,
    /// Played moves so far (both sides; fouls not counted).
    pub moves_played: u32,
    /// This player's fouls.
    pub fouls: u32,
    /// The opponent's fouls as far as announced (always 0 without `announce_fouls_to_both`).
    pub opponent_fouls_known: u32,
    /// Everything this player did and was told, in order (perfect recall).
    pub information_state: Vec<Announcement>,
    /// The rules' foul limit (public: both players know the settings).
    pub foul_limit: u32,
    /// The rules' move limit, if any (public).
    pub move_limit: Option<u32>,
    /// The base the game is played over, with its settings (public): what
    /// board, material and start a player reasons about.
    #[serde(default)]
    pub base: Base,
    /// The rules' `announce_fouls_to_both` (public): whether a foul is told
    /// to both players, so whether this player's own fouls are public
    /// ([`PlayerView::facts`]). A view saved without it reads as `true`,
    /// the default.
    #[serde(default = "announced_by_default")]
    pub announce_fouls_to_both: bool,
}

/// The default of [`PlayerView::announce_fouls_to_both`] when reading a
/// view saved before it was written.
fn announced_by_default() -> bool {
    TsuitateSettings::default().announce_fouls_to_both
}

impl PlayerView {
    /// The moves this player may attempt: legal on their own board alone.
    /// Empty when it is not their turn.
    pub fn candidate_moves(&self) -> MoveList {
        if self.to_move {
            self.board.moves()
        } else {
            MoveList::new()
        }
    }

    /// "Show legal squares" for the own piece on `from`: where it may be
    /// attempted on the own board (empty when it is not this player's
    /// turn), under the name every game gives this
    /// ([`GameState::legal_destinations`]).
    ///
    /// ```
    /// use shogi_core::Color;
    /// use shogi_variants::{Referee, TsuitateSettings};
    /// let mut referee = Referee::new(TsuitateSettings::default());
    /// referee.attempt("7g7f".parse()?)?;
    /// // White's bishop on 2b sees only its own pieces: 1a is taken by its lance, 3c by a pawn.
    /// assert!(referee.view(Color::White).legal_destinations("2b".parse()?).is_empty());
    /// assert_eq!(referee.view(Color::White).legal_destinations("3c".parse()?).count(), 1);
    /// assert!(referee.view(Color::Black).legal_destinations("7f".parse()?).is_empty()); // not Black's turn
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_destinations(&self, from: Square) -> shogi_core::Bitboard {
        shogi_core::legal_squares::destinations(&self.candidate_moves(), from)
    }

    /// Where the own piece on `from` may go on the own board, whoever's
    /// turn it is.
    #[deprecated(
        note = "use PlayerView::legal_destinations (empty when it is not this player's turn) or board.legal_destinations"
    )]
    pub fn legal_squares(&self, from: Square) -> shogi_core::Bitboard {
        self.board.legal_destinations(from)
    }

    /// The information state grouped by attempt: one [`Event`] per attempt
    /// this player learned of (see [`events`]).
    pub fn events(&self) -> Vec<Event> {
        events(self.color, &self.information_state)
    }

    /// The tail of [`PlayerView::events`] from the last played move of the
    /// side that played longer ago: it holds the last played move of each
    /// side and every attempt since. What an observation reads each step,
    /// without regrouping the whole game.
    ///
    /// ```
    /// use shogi_core::Color;
    /// use shogi_variants::{Referee, TsuitateSettings};
    /// let mut referee = Referee::new(TsuitateSettings::default());
    /// for mv in ["7g7f", "3c3d", "2g2f", "4a3b", "8h1a"] {
    ///     referee.attempt(mv.parse()?)?; // 8h1a runs into White's hidden bishop: a foul
    /// }
    /// let view = referee.view(Color::Black);
    /// assert_eq!(view.events().len(), 5);
    /// assert_eq!(view.recent_events(), view.events()[2..]); // from Black's 2g2f on
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn recent_events(&self) -> Vec<Event> {
        let told = &self.information_state;
        events(self.color, &told[event::recent_start(told)..])
    }

    /// The player's own attempts refused as fouls since the last played
    /// move (either side's), in order: the moves a foul tells it a hidden
    /// piece stands in the way of, on the true position it still faces.
    ///
    /// ```
    /// use shogi_core::Color;
    /// use shogi_variants::{Referee, TsuitateSettings};
    /// let mut referee = Referee::new(TsuitateSettings::default());
    /// for mv in ["7g7f", "3c3d", "8h1a"] {
    ///     referee.attempt(mv.parse()?)?; // 8h1a slides through White's bishop: a foul
    /// }
    /// assert_eq!(referee.view(Color::Black).fouls_this_turn(), ["8h1a".parse()?]);
    /// referee.attempt("2g2f".parse()?)?;
    /// assert!(referee.view(Color::Black).fouls_this_turn().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fouls_this_turn(&self) -> Vec<Move> {
        let mut fouls = Vec::new();
        for e in self.recent_events() {
            match (e.verdict, e.attempted) {
                (Some(Verdict::Played), _) => fouls.clear(),
                (Some(Verdict::Foul), Some(mv)) if e.by == self.color => fouls.push(mv),
                _ => {}
            }
        }
        fouls
    }

    /// The player's side of the board as SFEN: their own pieces and their
    /// own hand only; the opponent's pieces and hand are absent (not
    /// guessed). The side to move is this player while it is their turn,
    /// else the opponent (also once the game is over with the opponent to
    /// move); the move number counts played moves (fouls not counted), as
    /// the true position's does. Not a legal position in general (the
    /// opponent's king is missing): a diagram of what this player sees.
    ///
    /// ```
    /// use shogi_core::Color;
    /// use shogi_variants::{Referee, TsuitateSettings};
    /// let mut referee = Referee::new(TsuitateSettings::default());
    /// referee.attempt("7g7f".parse()?)?;
    /// assert_eq!(referee.view(Color::White).sfen(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/9/9 w - 2");
    /// assert_eq!(referee.view(Color::Black).sfen(), "9/9/9/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sfen(&self) -> String {
        let mut board = [None; 81];
        for sq in self.board.pieces() {
            board[sq.index()] = self.board.piece_at(sq);
        }
        let mut hands = [shogi_core::Hand::EMPTY; 2];
        hands[self.color.index()] = self.board.hand();
        let side_to_move = self.side_to_move();
        shogi_core::Setup {
            files: self.board.files(),
            ranks: self.board.ranks(),
            board,
            hands,
            side_to_move,
            move_number: self.moves_played.saturating_add(1),
        }
        .to_sfen()
    }

    /// The side to move as this player knows it: themselves while it is
    /// their turn, else the opponent (also once the game is over).
    pub fn side_to_move(&self) -> Color {
        if self.to_move {
            self.color
        } else {
            self.color.opponent()
        }
    }

    /// Whether this player is in check, as far as they were told: the last
    /// played move (either side's; fouls change nothing) was the opponent's
    /// and was announced as check. A check already standing in the start
    /// position is not announced, so it is not known here.
    ///
    /// ```
    /// use shogi_core::Color;
    /// use shogi_variants::{Referee, TsuitateSettings};
    /// let mut referee = Referee::from_sfen(TsuitateSettings::default(), "4k4/9/9/9/9/9/9/5R3/4K4 b - 1")?;
    /// referee.attempt("4h5h".parse()?)?;
    /// assert!(referee.view(Color::White).is_check());
    /// assert!(!referee.view(Color::Black).is_check());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_check(&self) -> bool {
        self.recent_events()
            .iter()
            .rev()
            .find(|e| e.verdict == Some(Verdict::Played))
            .is_some_and(|e| e.by != self.color && e.check)
    }

    /// "Show legal squares" for a piece in hand: where it may be attempted
    /// on the own board (empty when it is not this player's turn).
    pub fn legal_drop_squares(&self, kind: PieceKind) -> shogi_core::Bitboard {
        shogi_core::legal_squares::drops(&self.candidate_moves(), kind)
    }
}

/// The referee of a Tsuitate game: holds the true position and the foul
/// counts, judges attempts, and tells each player what they learn.
///
/// ```
/// use shogi_variants::{Referee, TsuitateSettings, Verdict, Announcement};
/// use shogi_core::Color;
/// let mut referee = Referee::new(TsuitateSettings::default());
/// let ruling = referee.attempt("7g7f".parse().unwrap()).unwrap();
/// assert_eq!(ruling.verdict, Verdict::Played);
/// assert_eq!(ruling.told[Color::White.index()], [Announcement::OpponentMoved]);
/// // White's own board shows its bishop on 2b, so its rook cannot go there:
/// // that is an input error, not a foul.
/// assert!(referee.attempt("8b2b".parse().unwrap()).is_err());
/// assert_eq!(referee.fouls(Color::White), 0);
/// ```
#[derive(Clone, Debug)]
pub struct Referee {
    settings: TsuitateSettings,
    variant: AnyVariant,
    start: Position,
    table: Table,
    told: [Vec<Announcement>; 2],
    attempts: Vec<Attempt>,
}

/// What judging an attempt depends on and changes: the true position, the
/// counts and the outcome (the referee's logs aside).
#[derive(Clone, Debug)]
pub(crate) struct Table {
    pub(crate) position: Position,
    pub(crate) fouls: [u32; 2],
    pub(crate) moves_played: u32,
    pub(crate) outcome: Option<Outcome>,
}

impl Table {
    /// The table at `start`; `told` gets the game-over announcements if the
    /// side to move has no move there, or a move limit of 0 (refused when
    /// read by name; zero moves have been played) ends the game at once.
    fn new(
        settings: &TsuitateSettings,
        variant: &AnyVariant,
        start: Position,
        told: &mut [Vec<Announcement>; 2],
    ) -> Table {
        let mut table = Table {
            position: start,
            fouls: [0; 2],
            moves_played: 0,
            outcome: None,
        };
        if !table.position.has_legal_moves() {
            let o = variant.no_move_outcome(&table.position);
            table.end(o, told);
        } else if settings.move_limit_in_force() == Some(0) {
            table.end(Outcome::draw(EndReason::MoveLimit), told);
        }
        table
    }

    fn end(&mut self, outcome: Outcome, told: &mut [Vec<Announcement>; 2]) {
        self.outcome = Some(outcome);
        for t in told.iter_mut() {
            t.push(Announcement::GameOver(outcome));
        }
    }

    /// Why `mv` (a candidate) is illegal on the true board, or `None` if it is legal.
    fn foul_reason(&self, mv: Move) -> Option<FoulReason> {
        let pos = &self.position;
        if pos.is_legal(mv) {
            return None;
        }
        let occupied = pos.occupied();
        Some(match mv.kind() {
            MoveKind::Drop { .. } if occupied.contains(mv.to()) => FoulReason::DroppedOnHiddenPiece,
            MoveKind::Normal { from, to, .. }
                if (attacks::between(from, to) & occupied).is_any() =>
            {
                FoulReason::SlidThroughHiddenPiece
            }
            // A candidate pawn drop on an empty square breaks no rule its
            // player can see (nifu and dead squares are on the own board):
            // it is illegal because it leaves the own king in check or,
            // failing that, because it mates (the core's rule, decided on
            // the true position the referee holds).
            MoveKind::Drop {
                kind: PieceKind::Pawn,
                to,
            } if own_king_safe_after(pos, mv) && pawn_drop_mate::is_pawn_drop_mate(pos, to) => {
                FoulReason::PawnDropMate
            }
            _ => FoulReason::OwnKingInCheck,
        })
    }

    /// Judges the side to move's attempt `mv` (see [`Referee::attempt`]):
    /// the foul's reason (`None`: played) and what each player is told.
    #[allow(clippy::type_complexity)]
    pub(crate) fn judge(
        &mut self,
        settings: &TsuitateSettings,
        variant: &AnyVariant,
        mv: Move,
    ) -> Result<(Option<FoulReason>, [Vec<Announcement>; 2]), TsuitateError> {
        if let Some(o) = self.outcome {
            return Err(TsuitateError::GameOver(o));
        }
        let mover = self.position.side_to_move();
        let own = OwnBoard::of(&self.position, mover);
        if !own.moves().contains(&mv) {
            let rule = own.illegality(mv).unwrap_or(Illegality::NotAllowed);
            return Err(TsuitateError::NotACandidate(mv, rule));
        }
        let (m, o) = (mover.index(), mover.opponent().index());
        let mut told: [Vec<Announcement>; 2] = [Vec::new(), Vec::new()];
        told[m].push(Announcement::Attempted(mv));
        let foul = self.foul_reason(mv);
        if foul.is_some() {
            self.fouls[m] += 1;
            let count = self.fouls[m];
            told[m].push(Announcement::Foul { count });
            if settings.announce_fouls_to_both {
                told[o].push(Announcement::OpponentFoul { count });
            }
            if count >= settings.foul_limit {
                self.end(
                    Outcome::loss(mover, EndReason::Custom(FOUL_LIMIT)),
                    &mut told,
                );
            }
        } else {
            let captured = match mv.kind() {
                MoveKind::Normal { to, .. } => self.position.piece_at(to),
                MoveKind::Drop { .. } => None,
            };
            self.position.play_unchecked(mv);
            self.moves_played += 1;
            told[m].push(Announcement::Played);
            told[o].push(Announcement::OpponentMoved);
            for t in told.iter_mut() {
                if let Some(piece) = captured {
                    t.push(Announcement::Capture {
                        square: mv.to(),
                        kind: piece.kind,
                    });
                }
                if self.position.is_check() {
                    t.push(Announcement::Check);
                }
            }
            // A win the move achieved (the base's own end) outranks the
            // rest, as in every game (`Game::outcome`).
            if let Some(won) = variant.extra_outcome(&self.position) {
                self.end(won, &mut told);
            } else if !self.position.has_legal_moves() {
                let outcome = variant.no_move_outcome(&self.position);
                self.end(outcome, &mut told);
            } else if settings
                .move_limit_in_force()
                .is_some_and(|limit| self.moves_played >= limit)
            {
                self.end(Outcome::draw(EndReason::MoveLimit), &mut told);
            }
        }
        Ok((foul, told))
    }
}

/// Whether the mover's king is not attacked once `mv` is played on `pos`.
fn own_king_safe_after(pos: &Position, mv: Move) -> bool {
    let mover = pos.side_to_move();
    let mut after = pos.clone();
    after.play_unchecked(mv);
    after
        .king(mover)
        .is_none_or(|k| !after.is_attacked(k, mover.opponent(), after.occupied()))
}

impl Referee {
    /// A game from the base's start position.
    pub fn new(settings: TsuitateSettings) -> Referee {
        let variant = settings.base.variant();
        let start = variant.start_position();
        Referee::from_position(settings, variant, start)
    }

    /// A game from an SFEN of the base variant (or `startpos`).
    pub fn from_sfen(settings: TsuitateSettings, sfen: &str) -> Result<Referee, TsuitateError> {
        let variant = settings.base.variant();
        let start = variant.position_from_sfen(sfen)?;
        Ok(Referee::from_position(settings, variant, start))
    }

    pub(crate) fn from_position(
        settings: TsuitateSettings,
        variant: AnyVariant,
        start: Position,
    ) -> Referee {
        // A game over at the start (the side to move has no move, or a
        // move limit of 0 in a struct built by hand) is announced to both
        // players like every other end: their information states begin
        // with the `GameOver`.
        let mut told = [Vec::new(), Vec::new()];
        let table = Table::new(&settings, &variant, start.clone(), &mut told);
        Referee {
            settings,
            variant,
            start,
            table,
            told,
            attempts: Vec::new(),
        }
    }

    /// The settings.
    pub fn settings(&self) -> &TsuitateSettings {
        &self.settings
    }

    pub(crate) fn variant(&self) -> &AnyVariant {
        &self.variant
    }

    pub(crate) fn told(&self, color: Color) -> &[Announcement] {
        &self.told[color.index()]
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Color {
        self.table.position.side_to_move()
    }

    /// The outcome, once the game is over (told to both players).
    pub fn outcome(&self) -> Option<Outcome> {
        self.table.outcome
    }

    /// The foul count of `color`.
    pub fn fouls(&self, color: Color) -> u32 {
        self.table.fouls[color.index()]
    }

    /// What `color` sees now.
    pub fn view(&self, color: Color) -> PlayerView {
        let opponent_fouls_known = self.told[color.index()]
            .iter()
            .filter_map(|a| match a {
                Announcement::OpponentFoul { count } => Some(*count),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        let t = &self.table;
        PlayerView {
            color,
            board: OwnBoard::of(&t.position, color),
            to_move: t.outcome.is_none() && t.position.side_to_move() == color,
            moves_played: t.moves_played,
            fouls: t.fouls[color.index()],
            opponent_fouls_known,
            information_state: self.told[color.index()].clone(),
            foul_limit: self.settings.foul_limit,
            move_limit: self.settings.move_limit_in_force(),
            base: self.settings.base,
            announce_fouls_to_both: self.settings.announce_fouls_to_both,
        }
    }

    /// The true position. This is the referee's hidden state: give players
    /// their [`Referee::view`] instead. (Research tools may read it, e.g. to score.)
    pub fn true_position(&self) -> &Position {
        &self.table.position
    }

    /// Every attempt so far, fouls included, with the referee's verdicts.
    /// Hidden state like [`Referee::true_position`]: for saving the game, not
    /// for players.
    pub fn attempts(&self) -> &[Attempt] {
        &self.attempts
    }

    /// The start position.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// At the end of the game, both boards are opened: the start, the full
    /// true position and every attempt with its verdict. `None` while the game is on.
    pub fn reveal(&self) -> Option<(&Position, &Position, &[Attempt])> {
        self.table
            .outcome
            .map(|_| (&self.start, &self.table.position, self.attempts.as_slice()))
    }

    /// A game that `color` cannot tell from this one: another true history
    /// from the same start, under the same settings, after which `color`'s
    /// information state, and so their whole [`Referee::view`], is exactly
    /// what it is here. The opponent's played moves and fouls are sampled
    /// (seeded by `seed`: the same game and seed, the same sample); only what
    /// `color` knows is read (their information state, the settings and the
    /// start, which are public). What an information-set search (ISMCTS)
    /// needs: a "determinization" of the hidden pieces that is a real game
    /// state, playable on.
    ///
    /// The sample is found by a beam search over the opponent's moves that
    /// keeps the games announcing what `color` heard (see the module
    /// `resample`), then checked by replaying it. Every returned game is
    /// consistent; the choice among consistent games is random but not
    /// weighted by any model of the opponent (it is not an exact posterior).
    /// Silent opponent fouls (without `announce_fouls_to_both`) are not
    /// invented unless needed to end the game as `color` was told.
    ///
    /// # Errors
    /// [`TsuitateError::NoConsistentGame`] when the bounded search finds no
    /// such game (the real one always exists, so only for very long or very
    /// constrained histories).
    ///
    /// ```
    /// use shogi_core::Color;
    /// use shogi_variants::{Referee, TsuitateSettings};
    /// let mut referee = Referee::new(TsuitateSettings::default());
    /// for mv in ["7g7f", "3c3d", "8h2b+"] {
    ///     referee.attempt(mv.parse()?)?;
    /// }
    /// // Black's bishop captured on 2b: Black knows a bishop stood there,
    /// // not that White opened the diagonal with 3c3d.
    /// let sample = referee.resample(Color::Black, 7)?;
    /// assert_eq!(sample.view(Color::Black), referee.view(Color::Black));
    /// assert_eq!(sample.attempts().len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resample(&self, color: Color, seed: u64) -> Result<Referee, TsuitateError> {
        resample::resample(self, color, seed)
    }

    /// The side to move attempts `mv`. A move that is not a candidate on the
    /// player's own board is refused as an input error (nothing changes). A
    /// candidate illegal on the true board is a foul: nothing changes on the
    /// board, the foul count rises, the same player moves again. Otherwise the
    /// move is played.
    pub fn attempt(&mut self, mv: Move) -> Result<Ruling, TsuitateError> {
        let by = self.table.position.side_to_move();
        let (foul, told) = self.table.judge(&self.settings, &self.variant, mv)?;
        self.attempts.push(Attempt { by, mv, foul });
        for (log, new) in self.told.iter_mut().zip(&told) {
            log.extend_from_slice(new);
        }
        let verdict = if foul.is_some() {
            Verdict::Foul
        } else {
            Verdict::Played
        };
        Ok(Ruling { verdict, told })
    }
}

impl Referee {
    /// [`Referee::attempt`] with its refusals in the contract's words
    /// ([`PlayError`]), for [`GameState::play`] and
    /// [`GameState::apply_action`].
    fn attempt_on_contract(&mut self, mv: Move) -> Result<Ruling, PlayError> {
        self.attempt(mv).map_err(|e| match e {
            TsuitateError::GameOver(o) => PlayError::GameOver(o),
            TsuitateError::NotACandidate(_, rule) => PlayError::Illegal {
                mv,
                rule,
                reason: format!("{rule} (not a candidate move on the player's own board)"),
            },
            e => PlayError::Illegal {
                mv,
                rule: Illegality::NotAllowed,
                reason: e.to_string(),
            },
        })
    }
}

/// Tsuitate shogi on the contract: the player to move offers candidate
/// attempts (legal on their own board); a foul is [`Verdict::Foul`] and the
/// same player acts again. A player's observation is their [`PlayerView`]
/// only.
impl GameState for Referee {
    #[inline]
    fn name(&self) -> &str {
        GameKind::Tsuitate.name()
    }
    #[inline]
    fn settings_value(&self) -> serde_json::Value {
        crate::saved::settings_value(&self.settings)
    }
    #[inline]
    fn geometry(&self) -> &'static shogi_core::Geometry {
        self.start.geometry()
    }
    #[inline]
    fn start_sfen(&self) -> String {
        self.start.to_sfen()
    }
    /// [`TsuitateSettings::max_attempts`].
    #[inline]
    fn max_length(&self) -> Option<u32> {
        self.settings.max_attempts()
    }
    #[inline]
    fn max_chance_steps(&self) -> Option<u32> {
        Some(0)
    }
    #[inline]
    fn to_move(&self) -> ToMove {
        match self.table.outcome {
            Some(o) => ToMove::Over(o),
            None => ToMove::Player(self.side_to_move()),
        }
    }
    /// The mover's candidates: they depend on the mover's own pieces only.
    #[inline]
    fn legal_moves(&self) -> MoveList {
        if self.table.outcome.is_some() {
            return MoveList::new();
        }
        OwnBoard::of(&self.table.position, self.side_to_move()).moves()
    }
    #[inline]
    fn play(&mut self, mv: Move) -> Result<crate::Verdict, PlayError> {
        self.attempt_on_contract(mv).map(|ruling| ruling.verdict)
    }
    #[inline]
    fn is_chance_node(&self) -> bool {
        false
    }
    /// What the referee announced to each seat, as [`Told::Announcement`]s.
    fn apply_action(&mut self, action: Action) -> Result<ActionReport, PlayError> {
        let Action::Move(mv) = action else {
            return Err(match self.table.outcome {
                Some(o) => PlayError::GameOver(o),
                None => PlayError::NotChance(self.side_to_move()),
            });
        };
        let ruling = self.attempt_on_contract(mv)?;
        Ok(ActionReport {
            verdict: Some(ruling.verdict),
            told: ruling
                .told
                .map(|told| told.into_iter().map(Told::Announcement).collect()),
        })
    }
    /// Both seats are told the end ([`Announcement::GameOver`]).
    #[inline]
    fn resign(&mut self, seat: Color) -> Result<Outcome, PlayError> {
        if let Some(o) = self.table.outcome {
            return Err(PlayError::GameOver(o));
        }
        let o = Outcome::loss(seat, EndReason::Resignation);
        self.table.end(o, &mut self.told);
        Ok(o)
    }
    #[inline]
    fn undo(&mut self) -> Result<Move, PlayError> {
        Err(PlayError::NotUndoable(
            "what the referee announced cannot be taken back",
        ))
    }
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.table.outcome
    }
    #[inline]
    fn side_to_move(&self) -> Color {
        Referee::side_to_move(self)
    }
    #[inline]
    fn seen(&self, seat: Color) -> Seen<'_> {
        Seen::Tsuitate(Cow::Owned(self.view(seat)))
    }
    #[inline]
    fn history(&self) -> Vec<Action> {
        self.attempts.iter().map(|a| Action::Move(a.mv)).collect()
    }
}
