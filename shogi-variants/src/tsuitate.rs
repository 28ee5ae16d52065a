//! Tsuitate shogi (衝立将棋, "screen shogi"): RULES.md section 4. Each player
//! sees only their own pieces; a referee holds the true position, judges each
//! attempted move, and tells each player only what the rules say they learn.
//!
//! The [`Referee`] is the only holder of hidden facts. A [`PlayerView`] is
//! built from the player's own pieces and hand and from what that player was
//! told (their perfect-recall information state), so nothing in it can depend
//! on a hidden piece.

use crate::{AnyVariant, Base};
use serde::{Deserialize, Serialize};
use shogi_core::{
    attacks, Color, EndReason, Move, MoveKind, MoveList, Outcome, OwnBoard, PieceKind, Position,
    PositionError, Square, Variant,
};

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
    /// name or from JSON is refused at 0; a struct built with 0 acts as 1) (default 10: nine are allowed;
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

/// The referee's verdict on an attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Verdict {
    /// The move was legal on the true board and was played.
    Played,
    /// The move was a foul: nothing changed, the same player moves again.
    Foul,
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

/// An attempt the referee refuses to judge (an input error, not a foul).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TsuitateError {
    /// Not a candidate: the move is impossible on the player's own board alone.
    #[error("{0} is not a candidate move on the player's own board")]
    NotACandidate(Move),
    /// The game is over.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The start position is invalid.
    #[error(transparent)]
    Position(#[from] PositionError),
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

    /// Where the own piece on `from` may go on the own board.
    pub fn legal_squares(&self, from: Square) -> shogi_core::Bitboard {
        self.board.destinations(from)
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
    position: Position,
    fouls: [u32; 2],
    moves_played: u32,
    told: [Vec<Announcement>; 2],
    attempts: Vec<Attempt>,
    outcome: Option<Outcome>,
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

    fn from_position(settings: TsuitateSettings, variant: AnyVariant, start: Position) -> Referee {
        let mut referee = Referee {
            settings,
            variant,
            position: start.clone(),
            start,
            fouls: [0; 2],
            moves_played: 0,
            told: [Vec::new(), Vec::new()],
            attempts: Vec::new(),
            outcome: None,
        };
        if !referee.position.has_legal_moves() {
            let o = referee.variant.no_move_outcome(&referee.position);
            referee.end(o, &mut [Vec::new(), Vec::new()]);
        } else if referee.move_limit() == Some(0) {
            // Zero moves have been played: a limit of 0 (refused when read by
            // name) is reached at the start, as in every other game.
            referee.end(
                Outcome::draw(EndReason::MoveLimit),
                &mut [Vec::new(), Vec::new()],
            );
        }
        referee
    }

    /// The move limit in force: the game's own, else its base's.
    fn move_limit(&self) -> Option<u32> {
        self.settings.move_limit.or(self.settings.base.move_limit())
    }

    /// The settings.
    pub fn settings(&self) -> &TsuitateSettings {
        &self.settings
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Color {
        self.position.side_to_move()
    }

    /// The outcome, once the game is over (told to both players).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The foul count of `color`.
    pub fn fouls(&self, color: Color) -> u32 {
        self.fouls[color.index()]
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
        PlayerView {
            color,
            board: OwnBoard::of(&self.position, color),
            to_move: self.outcome.is_none() && self.position.side_to_move() == color,
            moves_played: self.moves_played,
            fouls: self.fouls[color.index()],
            opponent_fouls_known,
            information_state: self.told[color.index()].clone(),
            foul_limit: self.settings.foul_limit,
            move_limit: self.move_limit(),
        }
    }

    /// The true position. This is the referee's hidden state: give players
    /// their [`Referee::view`] instead. (Research tools may read it, e.g. to score.)
    pub fn true_position(&self) -> &Position {
        &self.position
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
        self.outcome
            .map(|_| (&self.start, &self.position, self.attempts.as_slice()))
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
            MoveKind::Drop {
                kind: PieceKind::Pawn,
                ..
            } => {
                let mut after = pos.clone();
                after.play_unchecked(mv);
                let mover = pos.side_to_move();
                let own_king_safe = after
                    .king(mover)
                    .is_none_or(|k| !after.is_attacked(k, mover.opponent(), after.occupied()));
                if own_king_safe && after.is_checkmate() {
                    FoulReason::PawnDropMate
                } else {
                    FoulReason::OwnKingInCheck
                }
            }
            _ => FoulReason::OwnKingInCheck,
        })
    }

    /// The side to move attempts `mv`. A move that is not a candidate on the
    /// player's own board is refused as an input error (nothing changes). A
    /// candidate illegal on the true board is a foul: nothing changes on the
    /// board, the foul count rises, the same player moves again. Otherwise the
    /// move is played.
    pub fn attempt(&mut self, mv: Move) -> Result<Ruling, TsuitateError> {
        if let Some(o) = self.outcome {
            return Err(TsuitateError::GameOver(o));
        }
        let mover = self.position.side_to_move();
        if !OwnBoard::of(&self.position, mover).moves().contains(&mv) {
            return Err(TsuitateError::NotACandidate(mv));
        }
        let (m, o) = (mover.index(), mover.opponent().index());
        let mut told: [Vec<Announcement>; 2] = [Vec::new(), Vec::new()];
        told[m].push(Announcement::Attempted(mv));
        let foul = self.foul_reason(mv);
        self.attempts.push(Attempt {
            by: mover,
            mv,
            foul,
        });
        let verdict = if foul.is_some() {
            self.fouls[m] += 1;
            let count = self.fouls[m];
            told[m].push(Announcement::Foul { count });
            if self.settings.announce_fouls_to_both {
                told[o].push(Announcement::OpponentFoul { count });
            }
            if count >= self.settings.foul_limit {
                self.end(Outcome::loss(mover, EndReason::FoulLimit), &mut told);
            }
            Verdict::Foul
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
            if !self.position.has_legal_moves() {
                let outcome = self.variant.no_move_outcome(&self.position);
                self.end(outcome, &mut told);
            } else if self
                .move_limit()
                .is_some_and(|limit| self.moves_played >= limit)
            {
                self.end(Outcome::draw(EndReason::MoveLimit), &mut told);
            }
            Verdict::Played
        };
        for (log, new) in self.told.iter_mut().zip(&told) {
            log.extend_from_slice(new);
        }
        Ok(Ruling { verdict, told })
    }
}
