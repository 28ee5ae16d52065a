//! Rule modifiers: a variant made of a base variant's rules with a few of
//! them changed (RULES.md 3: a modifier keeps its base's board and end
//! rules). A [`Modifier`] says only what it changes, each hook defaulting to
//! the base's rule; [`Over`] plays a modifier over its base and is the one
//! place that forwards the rest to the base. Must-capture shogi
//! ([`MustCapture`](crate::MustCapture)) and the scripted variants
//! ([`Scripted`](crate::Scripted)) are both an `Over`.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use shogi_core::{Color, MoveList, Position, Repetition, Variant};
//! use shogi_variants::modifier::{BaseFilter, Modifier, Over};
//! use shogi_variants::{AnyVariant, Base};
//!
//! /// A modifier: no drops, over a base.
//! #[derive(Clone, Debug)]
//! struct NoDrops(Base);
//!
//! #[derive(Clone, Debug, Default, Serialize, Deserialize)]
//! struct NoDropsSettings {
//!     base: Base,
//! }
//!
//! impl BaseFilter for NoDrops {
//!     fn filter(&self, _base: &AnyVariant, _pos: &Position, moves: &mut MoveList) {
//!         moves.retain(|m| !m.is_drop());
//!     }
//! }
//!
//! impl Modifier for NoDrops {
//!     type Settings = NoDropsSettings;
//!     fn name(&self) -> &'static str { "no-drops" }
//!     fn settings(&self, _base: &AnyVariant) -> NoDropsSettings {
//!         NoDropsSettings { base: self.0 }
//!     }
//!     fn with_settings(settings: NoDropsSettings) -> (NoDrops, AnyVariant) {
//!         (NoDrops(settings.base), settings.base.variant())
//!     }
//!     fn move_filter(&self) -> Option<&dyn BaseFilter> { Some(self) }
//! }
//!
//! let v = Over::<NoDrops>::with_settings(NoDropsSettings { base: Base::MINISHOGI });
//! let pos = v.position_from_sfen("rbsgk/4p/5/5/KGSBR b P 1")?;
//! let board_moves = v.base().legal_moves(&pos).iter().filter(|m| !m.is_drop()).count();
//! assert_eq!(v.count_legal_moves(&pos), board_moves);
//! assert!(v.base().count_legal_moves(&pos) > board_moves);
//! // Every rule the modifier leaves alone is the base's: minishogi's repetition.
//! let rep = Repetition { first_player: Color::Black, perpetual_checker: None };
//! assert_eq!(v.repetition_outcome(rep), v.base().repetition_outcome(rep));
//! # Ok::<(), shogi_core::PositionError>(())
//! ```

use crate::AnyVariant;
use serde::de::DeserializeOwned;
use serde::Serialize;
use shogi_core::{
    Geometry, Illegality, Move, MoveFilter, MoveList, Outcome, PieceSet, Position, Repetition,
    Variant,
};
use std::fmt;

/// A modifier's narrowing of its base's legal moves: the answer of its one
/// filter hook, [`Modifier::move_filter`].
pub trait BaseFilter {
    /// Keeps, of `moves` (legal moves of `pos` under `base`, never empty),
    /// those the modifier allows.
    fn filter(&self, base: &AnyVariant, pos: &Position, moves: &mut MoveList);
}

/// What a modifier changes in its base's rules. Only its name and settings
/// are required; every hook defaults to the base's rule, and [`Over`] plays
/// the modifier over its base.
pub trait Modifier: Clone + fmt::Debug {
    /// The modifier's settings, with its base's ([`crate::Base`]) among them.
    type Settings: Clone + fmt::Debug + Default + Serialize + DeserializeOwned;

    /// The run-time name.
    fn name(&self) -> &'static str;

    /// The settings in force, the modifier played over `base`.
    fn settings(&self, base: &AnyVariant) -> Self::Settings;

    /// The modifier these settings give, and the base it plays over.
    fn with_settings(settings: Self::Settings) -> (Self, AnyVariant);

    /// Hook: the modifier's narrowing of the base's legal moves, or `None`
    /// (the default): the base's moves.
    fn move_filter(&self) -> Option<&dyn BaseFilter> {
        None
    }

    /// Hook: the number of legal moves in `pos` when the modifier knows a
    /// faster way than listing them through its filter; `None` (the
    /// default): list and count. Asked only when the modifier filters and
    /// its base does not (so the base's moves are the position's).
    fn count_legal_moves(&self, _base: &AnyVariant, _pos: &Position) -> Option<usize> {
        None
    }

    /// Hook: why `mv`, which the modifier refuses, is illegal. Default: the
    /// base's reason when the base refuses it, else the modifier's filter
    /// removed it ([`Illegality::NotAllowed`]).
    fn illegality(&self, base: &AnyVariant, pos: &Position, mv: Move) -> Illegality {
        if base.is_legal(pos, mv) {
            Illegality::NotAllowed
        } else {
            base.illegality(pos, mv)
        }
    }

    /// Hook: the outcome when the side to move has no legal move. Default: the base's.
    fn no_move_outcome(&self, base: &AnyVariant, pos: &Position) -> Outcome {
        base.no_move_outcome(pos)
    }

    /// Hook: the outcome of a fourfold repetition. Default: the base's.
    fn repetition_outcome(&self, base: &AnyVariant, repetition: Repetition) -> Outcome {
        base.repetition_outcome(repetition)
    }

    /// Hook: the move limit. Default: the base's.
    fn move_limit(&self, base: &AnyVariant) -> Option<u32> {
        base.move_limit()
    }

    /// Hook: the variant's own end ([`Variant::extra_outcome`]). Default: the base's.
    fn extra_outcome(&self, base: &AnyVariant, pos: &Position) -> Option<Outcome> {
        base.extra_outcome(pos)
    }

    /// Hook: the result of declaring a win. Default: the base's.
    fn declaration_outcome(&self, base: &AnyVariant, pos: &Position) -> Option<Outcome> {
        base.declaration_outcome(pos)
    }
}

/// A modifier `M` played over its base variant: the base's board, material
/// and start position, the base's legal moves narrowed by the base's filter
/// and then the modifier's, and each rule the modifier's hook gives.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Over<M> {
    modifier: M,
    base: Box<AnyVariant>,
    /// Whether the base filters its moves: asked of the base once, here,
    /// not through [`AnyVariant`]'s dispatch at every node of a search.
    base_filters: bool,
}

impl<M> Over<M> {
    /// `modifier` over `base`.
    pub(crate) fn of(modifier: M, base: AnyVariant) -> Over<M> {
        Over {
            modifier,
            base_filters: base.move_filter().is_some(),
            base: Box::new(base),
        }
    }

    /// The base variant whose rules the modifier changes.
    pub fn base(&self) -> &AnyVariant {
        &self.base
    }

    /// The modifier.
    pub fn modifier(&self) -> &M {
        &self.modifier
    }
}

impl<M: Modifier> Default for Over<M> {
    fn default() -> Self {
        Over::with_settings(M::Settings::default())
    }
}

/// The base's filter, then the modifier's on what is left.
impl<M: Modifier> MoveFilter for Over<M> {
    #[inline]
    fn filter(&self, pos: &Position, moves: &mut MoveList) {
        if self.base_filters {
            if let Some(base) = self.base.move_filter() {
                base.filter(pos, moves);
            }
        }
        if let Some(filter) = self.modifier.move_filter() {
            if !moves.is_empty() {
                filter.filter(&self.base, pos, moves);
            }
        }
    }
}

impl<M: Modifier> Variant for Over<M> {
    type Settings = M::Settings;

    fn name(&self) -> &'static str {
        self.modifier.name()
    }

    fn settings(&self) -> M::Settings {
        self.modifier.settings(&self.base)
    }

    fn with_settings(settings: M::Settings) -> Over<M> {
        let (modifier, base) = M::with_settings(settings);
        Over::of(modifier, base)
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

    #[inline]
    fn move_filter(&self) -> Option<&dyn MoveFilter> {
        if self.base_filters || self.modifier.move_filter().is_some() {
            Some(self)
        } else {
            None
        }
    }

    /// The position's moves, then [`Over`]'s filter (called directly:
    /// this is the hot path of perft and search).
    #[inline]
    fn legal_moves_into(&self, pos: &Position, list: &mut MoveList) {
        list.clear();
        pos.legal_moves_into(list);
        MoveFilter::filter(self, pos, list);
    }

    /// The modifier's count when it has one (over a base that filters
    /// nothing), else the base's count or the listed moves'.
    #[inline(always)]
    fn count_legal_moves(&self, pos: &Position) -> usize {
        if self.modifier.move_filter().is_none() {
            return self.base.count_legal_moves(pos);
        }
        let fast = match self.base_filters {
            false => self.modifier.count_legal_moves(&self.base, pos),
            true => None,
        };
        fast.unwrap_or_else(|| self.legal_moves(pos).len())
    }

    fn illegality(&self, pos: &Position, mv: Move) -> Illegality {
        self.modifier.illegality(&self.base, pos, mv)
    }

    fn no_move_outcome(&self, pos: &Position) -> Outcome {
        self.modifier.no_move_outcome(&self.base, pos)
    }

    fn repetition_outcome(&self, repetition: Repetition) -> Outcome {
        self.modifier.repetition_outcome(&self.base, repetition)
    }

    fn move_limit(&self) -> Option<u32> {
        self.modifier.move_limit(&self.base)
    }

    fn extra_outcome(&self, pos: &Position) -> Option<Outcome> {
        self.modifier.extra_outcome(&self.base, pos)
    }

    fn declaration_outcome(&self, pos: &Position) -> Option<Outcome> {
        self.modifier.declaration_outcome(&self.base, pos)
    }
}
