//! Perft: counting the leaves of the legal move tree, the standard test and
//! benchmark of a move generator, written once for every [`Variant`].
//!
//! A variant whose moves are those of the position (it filters none, see
//! [`Variant::move_filter`]) is counted with the position's own generator,
//! the last ply by the count-only generator; a variant that filters moves is
//! asked for its moves and counts at every node.

use crate::{Move, MoveList, Position, Variant};

/// The number of legal move sequences of length `depth` from `pos` under
/// `variant`'s move rules (`pos` is left as it was).
///
/// With `bulk`, the last ply is counted without being played (the number of
/// legal moves); without it every move of the last ply is played and taken
/// back too, which measures making moves as well as generating them. Both
/// give the same count. Depth 0 counts 1. The game's end (repetition, a move
/// limit, a declaration) is not looked at: perft counts the move tree.
///
/// ```
/// use shogi_core::{perft, Geometry, PieceSet, Variant};
/// # #[derive(Clone, Debug)]
/// # struct Mini;
/// # impl Variant for Mini {
/// #     type Settings = ();
/// #     fn name(&self) -> &'static str { "mini" }
/// #     fn settings(&self) {}
/// #     fn with_settings(_: ()) -> Self { Mini }
/// #     fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).expect("5x5 is a board") }
/// #     fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
/// #     fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" }
/// # }
/// // `Mini` is a `Variant` of 5x5 shogi from the minishogi start.
/// let mut pos = Mini.start_position();
/// assert_eq!(perft(&Mini, &mut pos, 3, true), 2512);
/// assert_eq!(perft(&Mini, &mut pos, 3, false), 2512);
/// assert_eq!(Mini.perft(&mut pos, 3, true), 2512); // the same, as a method
/// ```
pub fn perft<V: Variant>(variant: &V, pos: &mut Position, depth: u32, bulk: bool) -> u64 {
    match (variant.move_filter().is_some(), bulk) {
        (false, true) => tree::<_, true>(&Unfiltered, pos, depth),
        (false, false) => tree::<_, false>(&Unfiltered, pos, depth),
        (true, true) => tree::<_, true>(&Filtered(variant), pos, depth),
        (true, false) => tree::<_, false>(&Filtered(variant), pos, depth),
    }
}

/// Perft split by root move: each of `variant`'s legal moves in `pos`, in
/// move order, with the [`perft`] count of depth `depth - 1` below it (so the
/// counts sum to `perft(variant, pos, depth, bulk)`). Depth 0 is taken as 1
/// (every move counts 1). Handy for finding where two generators disagree.
///
/// ```
/// use shogi_core::{divide, Geometry, PieceSet, Variant};
/// # #[derive(Clone, Debug)]
/// # struct Mini;
/// # impl Variant for Mini {
/// #     type Settings = ();
/// #     fn name(&self) -> &'static str { "mini" }
/// #     fn settings(&self) {}
/// #     fn with_settings(_: ()) -> Self { Mini }
/// #     fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).expect("5x5 is a board") }
/// #     fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
/// #     fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" }
/// # }
/// let mut pos = Mini.start_position();
/// let split = divide(&Mini, &mut pos, 2, true);
/// assert_eq!(split.len(), 14);
/// assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 181);
/// assert_eq!(Mini.divide(&mut pos, 2, false), split);
/// ```
pub fn divide<V: Variant>(
    variant: &V,
    pos: &mut Position,
    depth: u32,
    bulk: bool,
) -> Vec<(Move, u64)> {
    // One split for both: a count never stopped is the whole count.
    match divide_until(variant, pos, depth, bulk, &mut || false) {
        Some(split) => split,
        None => unreachable!("a divide that is never stopped counts to its end"),
    }
}

/// [`perft`] that can be stopped: `stop` is asked at every node at least
/// [`STOP_CHECK_DEPTH`] plies above the leaves (so each call covers a
/// subtree of thousands of leaves, and the count costs no measurable time
/// more than [`perft`]); once it answers `true` the count is abandoned and
/// `None` returned. `pos` is left as it was either way. [`perft`] itself
/// asks nothing: it is the benchmark's count.
///
/// ```
/// use shogi_core::{perft, perft_until, Geometry, PieceSet, Variant};
/// # #[derive(Clone, Debug)]
/// # struct Mini;
/// # impl Variant for Mini {
/// #     type Settings = ();
/// #     fn name(&self) -> &'static str { "mini" }
/// #     fn settings(&self) {}
/// #     fn with_settings(_: ()) -> Self { Mini }
/// #     fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).expect("5x5 is a board") }
/// #     fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
/// #     fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" }
/// # }
/// let mut pos = Mini.start_position();
/// assert_eq!(perft_until(&Mini, &mut pos, 4, true, &mut || false), Some(perft(&Mini, &mut pos, 4, true)));
/// // Stopped at the first question: no count, the position unchanged.
/// assert_eq!(perft_until(&Mini, &mut pos, 40, true, &mut || true), None);
/// assert_eq!(pos, Mini.start_position());
/// ```
pub fn perft_until<V: Variant>(
    variant: &V,
    pos: &mut Position,
    depth: u32,
    bulk: bool,
    stop: &mut dyn FnMut() -> bool,
) -> Option<u64> {
    let mut s = Stoppable {
        stop,
        stopped: false,
    };
    let n = match (variant.move_filter().is_some(), bulk) {
        (false, true) => s.tree::<_, true>(&Unfiltered, pos, depth),
        (false, false) => s.tree::<_, false>(&Unfiltered, pos, depth),
        (true, true) => s.tree::<_, true>(&Filtered(variant), pos, depth),
        (true, false) => s.tree::<_, false>(&Filtered(variant), pos, depth),
    };
    (!s.stopped).then_some(n)
}

/// [`divide`] that can be stopped, as [`perft_until`]: `stop` is asked
/// before each root move and inside the counts below it; `None` once it
/// answers `true` (`pos` is left as it was).
///
/// ```
/// use shogi_core::{divide, divide_until, Geometry, PieceSet, Variant};
/// # #[derive(Clone, Debug)]
/// # struct Mini;
/// # impl Variant for Mini {
/// #     type Settings = ();
/// #     fn name(&self) -> &'static str { "mini" }
/// #     fn settings(&self) {}
/// #     fn with_settings(_: ()) -> Self { Mini }
/// #     fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).expect("5x5 is a board") }
/// #     fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
/// #     fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" }
/// # }
/// let mut pos = Mini.start_position();
/// assert_eq!(divide_until(&Mini, &mut pos, 3, true, &mut || false), Some(divide(&Mini, &mut pos, 3, true)));
/// assert_eq!(divide_until(&Mini, &mut pos, 30, true, &mut || true), None);
/// ```
pub fn divide_until<V: Variant>(
    variant: &V,
    pos: &mut Position,
    depth: u32,
    bulk: bool,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Vec<(Move, u64)>> {
    let below = depth.max(1) - 1;
    let mut split = Vec::new();
    for mv in variant.legal_moves(pos) {
        if stop() {
            return None;
        }
        let undo = pos.play_unchecked(mv);
        let n = perft_until(variant, pos, below, bulk, stop);
        pos.undo(mv, undo);
        split.push((mv, n?));
    }
    Some(split)
}

/// The depth (plies above the leaves) from which [`perft_until`] asks its
/// `stop` callback at every node.
pub const STOP_CHECK_DEPTH: u32 = 3;

/// The stoppable perft recursion's state.
struct Stoppable<'a> {
    stop: &'a mut dyn FnMut() -> bool,
    stopped: bool,
}

impl Stoppable<'_> {
    /// [`tree`], asking `stop` at nodes of depth `STOP_CHECK_DEPTH` and more
    /// (below that, plain [`tree`]).
    fn tree<S: MoveSource, const BULK: bool>(
        &mut self,
        source: &S,
        pos: &mut Position,
        depth: u32,
    ) -> u64 {
        if depth < STOP_CHECK_DEPTH {
            return tree::<S, BULK>(source, pos, depth);
        }
        if (self.stop)() {
            self.stopped = true;
            return 0;
        }
        let mut moves = MoveList::new();
        source.moves_into(pos, &mut moves);
        let mut n = 0;
        for &mv in moves.iter() {
            let undo = pos.play_unchecked(mv);
            n += self.tree::<S, BULK>(source, pos, depth - 1);
            pos.undo(mv, undo);
            if self.stopped {
                return 0;
            }
        }
        n
    }
}

/// Where a perft tree's moves come from.
trait MoveSource {
    fn moves_into(&self, pos: &Position, moves: &mut MoveList);
    fn count(&self, pos: &Position) -> usize;
}

/// The position's own legal moves (the fast path).
struct Unfiltered;

impl MoveSource for Unfiltered {
    #[inline(always)]
    fn moves_into(&self, pos: &Position, moves: &mut MoveList) {
        pos.legal_moves_into(moves);
    }

    #[inline(always)]
    fn count(&self, pos: &Position) -> usize {
        pos.count_legal_moves()
    }
}

/// A variant's legal moves.
struct Filtered<'a, V>(&'a V);

impl<V: Variant> MoveSource for Filtered<'_, V> {
    #[inline(always)]
    fn moves_into(&self, pos: &Position, moves: &mut MoveList) {
        *moves = self.0.legal_moves(pos);
    }

    #[inline(always)]
    fn count(&self, pos: &Position) -> usize {
        self.0.count_legal_moves(pos)
    }
}

/// The perft recursion; `BULK` counts the last ply instead of playing it.
fn tree<S: MoveSource, const BULK: bool>(source: &S, pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if BULK && depth == 1 {
        return source.count(pos) as u64;
    }
    let mut moves = MoveList::new();
    source.moves_into(pos, &mut moves);
    let mut n = 0;
    for &mv in moves.iter() {
        let undo = pos.play_unchecked(mv);
        n += tree::<S, BULK>(source, pos, depth - 1);
        pos.undo(mv, undo);
    }
    n
}
