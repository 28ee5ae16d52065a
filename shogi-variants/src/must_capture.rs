//! Must-capture shogi (Toru-itte, 取る一手): RULES.md section 3. A rule
//! modifier over a base variant: whenever a capture is available, a capture
//! must be played.

use crate::modifier::{BaseFilter, Modifier, Over};
use crate::{AnyVariant, Base};
use serde::{Deserialize, Serialize};
use shogi_core::{CustomRule, Illegality, Move, MoveList, Position, Variant};

/// The capture duty's refusal: a capture is available and capturing is
/// compulsory (must-capture shogi, Card shogi's capture duty).
///
/// ```
/// use shogi_core::{Illegality, Variant};
/// use shogi_variants::{Base, MustCapture, MustCaptureSettings, MUST_CAPTURE};
/// let v = MustCapture::with_settings(MustCaptureSettings { base: Base::MINISHOGI, ..Default::default() });
/// let why = v.illegality(&v.start_position(), "2e1d".parse().unwrap());
/// assert_eq!(why, Illegality::Variant(MUST_CAPTURE));
/// assert_eq!((why.name(), why.to_string()), ("must_capture", "a capture is available and capturing is compulsory".to_owned()));
/// ```
pub const MUST_CAPTURE: CustomRule = CustomRule::new(
    "must_capture",
    "a capture is available and capturing is compulsory",
);

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
pub type MustCapture = Over<MustCaptureRule>;

/// Must-capture shogi's change to its base's rules, the [`Modifier`] of
/// [`MustCapture`]: the capture duty, named as its own rule when it refuses
/// a move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MustCaptureRule {
    settings: MustCaptureSettings,
}

impl Over<MustCaptureRule> {
    /// The capture duty these settings give.
    pub fn duty(&self) -> CaptureDuty {
        self.modifier().duty()
    }
}

impl MustCaptureRule {
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

/// The duty applied to the base's legal moves.
impl BaseFilter for MustCaptureRule {
    fn filter(&self, _base: &AnyVariant, pos: &Position, moves: &mut MoveList) {
        self.duty().restrict(pos, moves);
    }
}

impl Modifier for MustCaptureRule {
    type Settings = MustCaptureSettings;

    /// Counted in one pass of moves and captures (with
    /// `king_captures_first`, by listing them).
    #[inline]
    fn count_legal_moves(&self, _base: &AnyVariant, pos: &Position) -> Option<usize> {
        if !self.duty().applies(pos) {
            return Some(pos.count_legal_moves());
        }
        if self.settings.king_captures_first {
            return None;
        }
        Some(match pos.count_legal_moves_and_captures() {
            (total, 0) => total,
            (_, captures) => captures,
        })
    }

    fn name(&self) -> &'static str {
        crate::GameKind::MustCapture.name()
    }

    fn settings(&self, _base: &AnyVariant) -> MustCaptureSettings {
        self.settings.clone()
    }

    /// The base of the settings, its move limit replaced by the settings'
    /// own when they have one.
    fn with_settings(settings: MustCaptureSettings) -> (MustCaptureRule, AnyVariant) {
        let base = settings.base.with_move_limit(settings.move_limit);
        (MustCaptureRule { settings }, base)
    }

    fn move_filter(&self) -> Option<&dyn BaseFilter> {
        Some(self)
    }

    /// The base's reason if the base refuses the move, else the duty
    /// ([`MUST_CAPTURE`]).
    fn illegality(&self, base: &AnyVariant, pos: &Position, mv: Move) -> Illegality {
        if !base.is_legal(pos, mv) {
            return base.illegality(pos, mv);
        }
        Illegality::Variant(MUST_CAPTURE)
    }
}
