//! Must-capture shogi (Toru-itte, 取る一手): RULES.md section 3. A rule
//! modifier over a base variant: whenever a capture is available, a capture
//! must be played.

use crate::{AnyVariant, Base};
use serde::{Deserialize, Serialize};
use shogi_core::{Geometry, MoveList, Outcome, PieceSet, Position, Repetition, Variant};

/// Settings of must-capture shogi.
///
/// ```
/// use shogi_variants::{Base, MustCaptureSettings};
/// let s = MustCaptureSettings::default();
/// assert!(s.may_flee_from_check && !s.king_captures_first);
/// assert_eq!((s.base, s.move_limit), (Base::STANDARD, None));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MustCaptureSettings {
    /// In check, may the player answer without capturing? `true` (default, the
    /// seed's rule): in check every legal move is allowed. `false` (as
    /// Fairy-Stockfish's `mustCapture` plays): captures first even in check.
    pub may_flee_from_check: bool,
    /// When the capture duty applies and the king can capture, only king
    /// captures are allowed. Default false.
    pub king_captures_first: bool,
    /// Draw once this many moves (plies) have been played since the start
    /// position. Default: none, and then the base's own `move_limit` applies.
    #[serde(deserialize_with = "crate::any::optional_positive_limit")]
    pub move_limit: Option<u32>,
    /// The base variant whose board and end rules apply, with its settings
    /// (repetition, stalemate, impasse...). Default: standard.
    pub base: Base,
}

impl Default for MustCaptureSettings {
    fn default() -> Self {
        MustCaptureSettings {
            may_flee_from_check: true,
            king_captures_first: false,
            move_limit: None,
            base: Base::STANDARD,
        }
    }
}

/// Must-capture shogi over a base variant (standard or minishogi).
///
/// Let L be the base's legal moves and C the captures among them. Not in
/// check: C if non-empty, else L. In check: L if `may_flee_from_check`, else C
/// if non-empty, else L. With `king_captures_first`, when the duty applies and
/// the king has a capture in C, only king captures remain. Ends and repetition
/// are the base's.
///
/// ```
/// use shogi_core::Variant;
/// use shogi_variants::{Base, MustCapture, MustCaptureSettings};
/// let v = MustCapture::with_settings(MustCaptureSettings { base: Base::MINISHOGI, ..Default::default() });
/// let pos = v.start_position();
/// // The rook on 1e can take the pawn on 1b, so it must.
/// assert_eq!(v.legal_moves(&pos).iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["1e1b"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MustCapture {
    settings: MustCaptureSettings,
    base: Box<AnyVariant>,
}

impl Default for MustCapture {
    fn default() -> Self {
        MustCapture::with_settings(MustCaptureSettings::default())
    }
}

impl MustCapture {
    /// The capture duty these settings give.
    pub fn duty(&self) -> CaptureDuty {
        CaptureDuty {
            may_flee_from_check: self.settings.may_flee_from_check,
            king_captures_first: self.settings.king_captures_first,
        }
    }
}

/// The capture duty (RULES.md 3: "whenever a capture is available, a capture
/// must be played"), the one implementation of the rule: must-capture shogi
/// applies it to the base's legal moves, Card shogi with `capture_duty` to
/// the moves the drawn card allows.
///
/// ```
/// use shogi_core::Position;
/// use shogi_variants::{CaptureDuty, Minishogi};
/// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", &Minishogi::GEOMETRY, &Minishogi::PIECES)?;
/// let mut moves = pos.legal_moves();
/// CaptureDuty::default().restrict(&pos, &mut moves);
/// assert_eq!(moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["1e1b"]);
/// # Ok::<(), shogi_core::PositionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CaptureDuty {
    /// In check, may the player answer without capturing? (default true)
    pub may_flee_from_check: bool,
    /// When the duty applies and the king can capture, only king captures
    /// are allowed (default false).
    pub king_captures_first: bool,
}

impl Default for CaptureDuty {
    fn default() -> Self {
        CaptureDuty {
            may_flee_from_check: true,
            king_captures_first: false,
        }
    }
}

impl CaptureDuty {
    /// Whether the duty applies in `pos` (not excused by a check).
    pub fn applies(&self, pos: &Position) -> bool {
        !(pos.is_check() && self.may_flee_from_check)
    }

    /// Keeps, of `moves` (the moves the player may otherwise play in `pos`),
    /// only what the duty allows: the captures if there are any (only the
    /// king's, with `king_captures_first`, if it has one), else all.
    pub fn restrict(&self, pos: &Position, moves: &mut MoveList) {
        if !self.applies(pos) {
            return;
        }
        let is_capture =
            |m: &shogi_core::Move| m.from().is_some() && pos.piece_at(m.to()).is_some();
        if !moves.iter().any(is_capture) {
            return;
        }
        moves.retain(|m| is_capture(m));
        if self.king_captures_first {
            let king = pos.king(pos.side_to_move());
            if moves.iter().any(|m| m.from() == king) {
                moves.retain(|m| m.from() == king);
            }
        }
    }
}

impl Variant for MustCapture {
    type Settings = MustCaptureSettings;

    fn name(&self) -> &'static str {
        crate::GameKind::MustCapture.name()
    }

    fn settings(&self) -> MustCaptureSettings {
        self.settings.clone()
    }

    fn with_settings(settings: MustCaptureSettings) -> MustCapture {
        let base = Box::new(settings.base.variant());
        MustCapture { settings, base }
    }

    fn geometry(&self) -> &'static Geometry {
        self.base.geometry()
    }

    fn piece_set(&self) -> PieceSet {
        self.base.piece_set()
    }

    fn start_sfen(&self) -> &'static str {
        self.base.start_sfen()
    }

    fn filters_moves(&self) -> bool {
        true
    }

    /// The rule applied to a full list of legal moves. Counting is overridden
    /// with a one-pass count of moves and captures.
    fn filter_moves(&self, pos: &Position, moves: &mut MoveList) {
        self.duty().restrict(pos, moves);
    }

    /// The base's reason if the base refuses the move, else the duty
    /// ([`Illegality::MustCapture`](shogi_core::Illegality::MustCapture)).
    fn illegality(&self, pos: &Position, mv: shogi_core::Move) -> shogi_core::Illegality {
        if !self.base.is_legal(pos, mv) {
            return self.base.illegality(pos, mv);
        }
        shogi_core::Illegality::MustCapture
    }

    fn count_legal_moves(&self, pos: &Position) -> usize {
        if !self.duty().applies(pos) {
            return pos.count_legal_moves();
        }
        if self.settings.king_captures_first {
            return self.legal_moves(pos).len();
        }
        match pos.count_legal_moves_and_captures() {
            (total, 0) => total,
            (_, captures) => captures,
        }
    }

    fn no_move_outcome(&self, pos: &Position) -> Outcome {
        self.base.no_move_outcome(pos)
    }

    fn repetition_outcome(&self, repetition: Repetition) -> Outcome {
        self.base.repetition_outcome(repetition)
    }

    fn move_limit(&self) -> Option<u32> {
        self.settings.move_limit.or(self.settings.base.move_limit())
    }

    fn extra_outcome(&self, pos: &Position) -> Option<Outcome> {
        self.base.extra_outcome(pos)
    }

    fn declaration_outcome(&self, pos: &Position) -> Option<Outcome> {
        self.base.declaration_outcome(pos)
    }
}
