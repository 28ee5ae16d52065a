//! The `Variant` trait: a variant is data (geometry, start position, piece
//! set, settings) plus a few hooks; the provided methods do the rest.

use crate::{
    divide, perft, Color, EndReason, Geometry, Illegality, Move, MoveList, Outcome, PieceSet,
    Position, PositionError, Repetition,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt;

/// A shogi variant: its board, start position and material, its settings, and
/// hooks for what differs from standard shogi's rules.
///
/// Only the data methods are required; the hooks default to the standard rules
/// (every legal move allowed, checkmate and no-move lose, fourfold repetition
/// draws, perpetual check loses), and the provided methods build on them.
///
/// ```
/// use shogi_core::{Geometry, PieceSet, Variant};
///
/// /// Shogi on a 5x5 board with a two-rank zone, drawn by repetition.
/// #[derive(Clone, Debug, Default)]
/// struct Tiny;
///
/// impl Variant for Tiny {
///     type Settings = ();
///     fn name(&self) -> &'static str { "tiny" }
///     fn settings(&self) {}
///     fn with_settings(_: ()) -> Self { Tiny }
///     fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).expect("5x5 is a board") }
///     fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
///     fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" }
/// }
///
/// let mut pos = Tiny.start_position();
/// assert_eq!(Tiny.perft(&mut pos, 2, true), 181);
/// ```
pub trait Variant: Clone + fmt::Debug {
    /// The rule settings, a plain serde struct whose `Default` is the rules' default.
    type Settings: Clone + fmt::Debug + Default + Serialize + DeserializeOwned;

    /// The run-time name, e.g. `"standard"`.
    fn name(&self) -> &'static str;

    /// The settings in force (a copy).
    fn settings(&self) -> Self::Settings;

    /// The variant with these settings.
    fn with_settings(settings: Self::Settings) -> Self;

    /// The board geometry.
    fn geometry(&self) -> &'static Geometry;

    /// The material, to validate positions.
    fn piece_set(&self) -> PieceSet;

    /// The SFEN of the start position.
    fn start_sfen(&self) -> &'static str;

    /// Hook: the variant's narrowing of the legal moves, or `None` (the
    /// default) when every legal move of the position is allowed. `None`
    /// also lets counting use the fast count-only generator, so a variant
    /// answers `Some` only when its filter may remove moves (usually
    /// `Some(self)`, the variant implementing [`MoveFilter`]).
    fn move_filter(&self) -> Option<&dyn MoveFilter> {
        None
    }

    /// Hook: the outcome when the side to move has no legal move. Default: it
    /// loses, by checkmate if in check.
    fn no_move_outcome(&self, pos: &Position) -> Outcome {
        let reason = if pos.is_check() {
            EndReason::Checkmate
        } else {
            EndReason::NoLegalMove
        };
        Outcome::loss(pos.side_to_move(), reason)
    }

    /// Hook: the outcome of a fourfold repetition. Default: the perpetual
    /// checker loses, otherwise a draw.
    fn repetition_outcome(&self, repetition: Repetition) -> Outcome {
        match repetition.perpetual_checker {
            Some(checker) => Outcome::loss(checker, EndReason::PerpetualCheck),
            None => Outcome::draw(EndReason::Repetition),
        }
    }

    /// Hook: the move limit: the game is drawn once this many moves (plies)
    /// have been played since its start position, whatever move number the
    /// start SFEN carries (a game replayed from its start keeps its count).
    /// Default: none.
    fn move_limit(&self) -> Option<u32> {
        None
    }

    /// Hook: the variant's own end, such as a king reaching its far rank.
    /// It is asked before the standard ends (no move, repetition, move
    /// limit): a win the last move achieved outranks whatever the position
    /// after it would otherwise be judged ([`crate::Game::outcome`]).
    /// Default: none.
    fn extra_outcome(&self, _pos: &Position) -> Option<Outcome> {
        None
    }

    /// Hook: the result of the side to move declaring a win (for example by
    /// entering king), or `None` if the variant has no declaration.
    fn declaration_outcome(&self, _pos: &Position) -> Option<Outcome> {
        None
    }

    /// The start position.
    fn start_position(&self) -> Position {
        match Position::from_sfen(self.start_sfen(), self.geometry(), &self.piece_set()) {
            Ok(pos) => pos,
            // A variant's own start SFEN is a constant tested with the variant.
            Err(e) => panic!("{} start position is invalid: {e}", self.name()),
        }
    }

    /// A position of this variant from an SFEN (`startpos` gives the start position).
    fn position_from_sfen(&self, sfen: &str) -> Result<Position, PositionError> {
        if sfen.trim() == "startpos" {
            return Ok(self.start_position());
        }
        Position::from_sfen(sfen, self.geometry(), &self.piece_set())
    }

    /// A mate problem (tsume) of this variant from an SFEN, read by the
    /// problem conventions ([`crate::Waivers`]): the attacker may have no
    /// king, and the defender holds every piece that is on neither the
    /// board nor a hand (a problem may write the defender's hand out or
    /// leave it off; both read the same). The defender is the side with
    /// the only king on the board; with two kings, the side not to move;
    /// with none, the position is refused.
    ///
    /// ```
    /// # use shogi_core::*;
    /// # #[derive(Clone, Debug, Default)] struct Mini;
    /// # impl Variant for Mini { type Settings = (); fn name(&self) -> &'static str { "mini" }
    /// #   fn settings(&self) {} fn with_settings(_: ()) -> Self { Mini }
    /// #   fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).expect("5x5 is a board") }
    /// #   fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
    /// #   fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" } }
    /// let pos = Mini.problem_from_sfen("4k/5/3S1/5/5 b G 1")?;
    /// assert_eq!(pos.king(Color::Black), None);
    /// assert_eq!(pos.to_sfen(), "4k/5/3S1/5/5 b G2r2bgs2p 1");
    /// # Ok::<(), PositionError>(())
    /// ```
    fn problem_from_sfen(&self, sfen: &str) -> Result<Position, PositionError> {
        self.problem_from_setup(&crate::Setup::from_sfen(sfen)?)
    }

    /// [`Variant::problem_from_sfen`] for a setup already read (a record's
    /// start).
    ///
    /// ```
    /// use shogi_core::{Color, Setup, Variant};
    /// # #[derive(Clone, Debug, Default)] struct Mini;
    /// # impl Variant for Mini { type Settings = (); fn name(&self) -> &'static str { "mini" }
    /// #   fn settings(&self) {} fn with_settings(_: ()) -> Self { Mini }
    /// #   fn geometry(&self) -> &'static shogi_core::Geometry { shogi_core::Geometry::shared(5, 5, 1).expect("5x5 is a board") }
    /// #   fn piece_set(&self) -> shogi_core::PieceSet { shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
    /// #   fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" } }
    /// let setup = Setup::from_sfen("4k/5/3S1/5/5 b G 1")?;
    /// assert_eq!(Mini.problem_from_setup(&setup)?.king(Color::Black), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn problem_from_setup(&self, setup: &crate::Setup) -> Result<Position, PositionError> {
        let pieces = self.piece_set();
        let king_of = |c: Color| {
            setup
                .board
                .iter()
                .flatten()
                .any(|p| p.kind == crate::PieceKind::King && p.color == c)
        };
        let defender = match (king_of(Color::Black), king_of(Color::White)) {
            (true, false) => Color::Black,
            (false, true) => Color::White,
            (true, true) => setup.side_to_move.opponent(),
            // A problem without the defender's king has nothing to mate.
            (false, false) => {
                return Err(PositionError::MissingKing(setup.side_to_move.opponent()))
            }
        };
        let setup = setup.give_rest_to(defender, &pieces);
        Position::from_setup_waiving(
            &setup,
            self.geometry(),
            &pieces,
            crate::Waivers::MISSING_KING,
        )
    }

    /// The legal moves under this variant's rules.
    fn legal_moves(&self, pos: &Position) -> MoveList {
        let mut moves = MoveList::new();
        self.legal_moves_into(pos, &mut moves);
        moves
    }

    /// The legal moves under this variant's rules, written into `list`
    /// (whatever it held is replaced): [`Variant::legal_moves`] without
    /// moving a [`MoveList`] by value, for callers that keep one list and
    /// refill it (a board remembering its moves).
    ///
    /// ```
    /// use shogi_core::{MoveList, Variant};
    /// # use shogi_core::{Geometry, PieceSet};
    /// # #[derive(Clone, Debug, Default)] struct Mini;
    /// # impl Variant for Mini { type Settings = (); fn name(&self) -> &'static str { "mini" }
    /// #   fn settings(&self) {} fn with_settings(_: ()) -> Self { Mini }
    /// #   fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).expect("5x5 is a board") }
    /// #   fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
    /// #   fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" } }
    /// let mut list = MoveList::new();
    /// Mini.legal_moves_into(&Mini.start_position(), &mut list);
    /// assert_eq!(list.len(), 14);
    /// Mini.legal_moves_into(&Mini.start_position(), &mut list);
    /// assert_eq!(list.len(), 14); // replaced, not appended
    /// ```
    fn legal_moves_into(&self, pos: &Position, list: &mut MoveList) {
        list.clear();
        pos.legal_moves_into(list);
        if let Some(filter) = self.move_filter() {
            filter.filter(pos, list);
        }
    }

    /// The number of legal moves under this variant's rules.
    fn count_legal_moves(&self, pos: &Position) -> usize {
        if self.move_filter().is_some() {
            self.legal_moves(pos).len()
        } else {
            pos.count_legal_moves()
        }
    }

    /// Whether `mv` is legal under this variant's rules.
    fn is_legal(&self, pos: &Position, mv: Move) -> bool {
        if self.move_filter().is_some() {
            self.legal_moves(pos).contains(&mv)
        } else {
            pos.is_legal(mv)
        }
    }

    /// Why `mv`, which [`Variant::is_legal`] refuses, is illegal under this
    /// variant's rules: [`Position::illegality`] when plain shogi's rules
    /// refuse it, otherwise the variant's own reason. The default for a
    /// variant that narrows the moves is [`Illegality::NotAllowed`]; such a
    /// variant overrides this to name its rule. Asked only on refusal.
    fn illegality(&self, pos: &Position, mv: Move) -> Illegality {
        pos.illegality(mv).unwrap_or(Illegality::NotAllowed)
    }

    /// Perft under this variant's move rules: [`crate::perft`] as a method
    /// (`bulk` counts the last ply without playing it).
    ///
    /// ```
    /// # use shogi_core::{Geometry, PieceSet, Variant};
    /// # #[derive(Clone, Debug)]
    /// # struct Mini;
    /// # impl Variant for Mini {
    /// #     type Settings = ();
    /// #     fn name(&self) -> &'static str { "mini" }
    /// #     fn settings(&self) {}
    /// #     fn with_settings(_: ()) -> Self { Mini }
    /// #     fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).unwrap() }
    /// #     fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
    /// #     fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" }
    /// # }
    /// assert_eq!(Mini.perft(&mut Mini.start_position(), 2, false), 181);
    /// ```
    fn perft(&self, pos: &mut Position, depth: u32, bulk: bool) -> u64 {
        perft(self, pos, depth, bulk)
    }

    /// Perft split by root move: [`crate::divide`] as a method.
    ///
    /// ```
    /// # use shogi_core::{Geometry, PieceSet, Variant};
    /// # #[derive(Clone, Debug)]
    /// # struct Mini;
    /// # impl Variant for Mini {
    /// #     type Settings = ();
    /// #     fn name(&self) -> &'static str { "mini" }
    /// #     fn settings(&self) {}
    /// #     fn with_settings(_: ()) -> Self { Mini }
    /// #     fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).unwrap() }
    /// #     fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
    /// #     fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" }
    /// # }
    /// let split = Mini.divide(&mut Mini.start_position(), 1, true);
    /// assert!(split.iter().all(|&(_, n)| n == 1) && split.len() == 14);
    /// ```
    fn divide(&self, pos: &mut Position, depth: u32, bulk: bool) -> Vec<(Move, u64)> {
        divide(self, pos, depth, bulk)
    }
}

/// A variant's narrowing of the legal moves, the answer of its one filter
/// hook, [`Variant::move_filter`].
///
/// ```
/// use shogi_core::{Geometry, MoveFilter, MoveList, PieceSet, Position, Variant};
///
/// /// 5x5 shogi in which only the king may move.
/// #[derive(Clone, Debug)]
/// struct OnlyKing;
///
/// impl MoveFilter for OnlyKing {
///     fn filter(&self, pos: &Position, moves: &mut MoveList) {
///         let king = pos.king(pos.side_to_move());
///         moves.retain(|m| m.from() == king);
///     }
/// }
///
/// impl Variant for OnlyKing {
///     type Settings = ();
///     fn name(&self) -> &'static str { "only-king" }
///     fn settings(&self) {}
///     fn with_settings(_: ()) -> Self { OnlyKing }
///     fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).expect("5x5 is a board") }
///     fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
///     fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" }
///     fn move_filter(&self) -> Option<&dyn MoveFilter> { Some(self) }
/// }
///
/// let pos = OnlyKing.start_position();
/// assert_eq!(OnlyKing.count_legal_moves(&pos), 1); // the king's one step
/// assert_eq!(OnlyKing.perft(&mut pos.clone(), 2, true), 1);
/// ```
pub trait MoveFilter {
    /// Keeps, of `moves` (legal moves of `pos` under the plain rules; the
    /// full list, or a part of it such as the captures), those the variant
    /// allows.
    fn filter(&self, pos: &Position, moves: &mut MoveList);
}
