//! Exact legal move generation (RULES.md section 1), written once for listing
//! and for counting.
//!
//! Moves are generated legal, not filtered afterwards: pinned pieces keep to
//! their pin line, a king never steps onto an attacked square, in check only
//! evasions are made (and in double check only king moves), and drops respect
//! nifu, dead squares and the pawn-drop-mate rule. Those rules, and promotion,
//! are decided in [`crate::rules`].

use crate::attacks::{self, between, line};
use crate::rules::promotion::Choices;
use crate::rules::{dead_squares, nifu, pawn_drop_mate, promotion};
use crate::{Bitboard, Color, DropRules, Geometry, Move, MoveList, PieceKind, Position, Square};

/// Receives generated moves: either lists them or counts them.
pub(crate) trait Sink {
    /// Moves of a piece of `kind` from `from` to each of `dests` (a promotable
    /// piece yields a promoting and/or non-promoting move per destination).
    fn board_moves(
        &mut self,
        from: Square,
        dests: Bitboard,
        kind: PieceKind,
        us: Color,
        g: &Geometry,
    );
    /// One-step pawn moves to each of `dests`, each from the square behind it.
    fn pawn_pushes(&mut self, dests: Bitboard, us: Color, g: &Geometry);
    /// Drops of `kind` onto each of `dests`.
    fn drops(&mut self, kind: PieceKind, dests: Bitboard);
}

/// Appends moves to a [`MoveList`].
pub(crate) struct ListSink<'a>(pub &'a mut MoveList);

/// Counts moves.
pub(crate) struct CountSink(pub usize);

impl Sink for ListSink<'_> {
    #[inline(always)]
    fn board_moves(
        &mut self,
        from: Square,
        dests: Bitboard,
        kind: PieceKind,
        us: Color,
        g: &Geometry,
    ) {
        if !kind.is_promotable() {
            for to in dests {
                self.0.push(Move::normal(from, to, false));
            }
            return;
        }
        for to in dests {
            if promotion::may_promote(g, us, kind, from, to) {
                self.0.push(Move::normal(from, to, true));
            }
            if !promotion::must_promote(g, us, kind, to) {
                self.0.push(Move::normal(from, to, false));
            }
        }
    }

    #[inline(always)]
    fn pawn_pushes(&mut self, dests: Bitboard, us: Color, g: &Geometry) {
        let choices = Choices::pawn_pushes(g, us);
        for to in dests {
            let from = Square::from_index_unchecked(match us {
                Color::Black => to.index() + 1,
                Color::White => to.index() - 1,
            });
            if choices.promoting.contains(to) {
                self.0.push(Move::normal(from, to, true));
            }
            if choices.unpromoted.contains(to) {
                self.0.push(Move::normal(from, to, false));
            }
        }
    }

    #[inline(always)]
    fn drops(&mut self, kind: PieceKind, dests: Bitboard) {
        for to in dests {
            self.0.push(Move::drop_unchecked(kind, to));
        }
    }
}

/// Appends only the moves that give check, told by squares computed once
/// for the position ([`crate::checks`]): where each kind attacks the enemy
/// king from, and the mover's pieces whose leaving uncovers a slider on it.
/// Drops and board moves to other squares are never listed, so a position
/// with a full hand costs the checking drops, not every drop.
pub(crate) struct CheckSink<'a> {
    pub list: &'a mut MoveList,
    /// By [`PieceKind::index`]: where a piece of the mover gives check.
    pub direct: &'a [Bitboard; 14],
    /// The mover's pieces alone between the enemy king and a slider.
    pub blockers: Bitboard,
    pub king: Square,
}

impl CheckSink<'_> {
    /// The destinations of a piece on `from` that uncover a check: off the
    /// line through the king, if it is a blocker.
    #[inline(always)]
    fn uncovering(&self, from: Square, dests: Bitboard) -> Bitboard {
        if self.blockers.contains(from) {
            dests & !line(self.king, from)
        } else {
            Bitboard::EMPTY
        }
    }
}

impl Sink for CheckSink<'_> {
    #[inline(always)]
    fn board_moves(
        &mut self,
        from: Square,
        dests: Bitboard,
        kind: PieceKind,
        us: Color,
        g: &Geometry,
    ) {
        let uncovering = self.uncovering(from, dests);
        let plain = self.direct[kind.index()] | uncovering;
        let Some(promoted) = kind.promote() else {
            for to in dests & plain {
                self.list.push(Move::normal(from, to, false));
            }
            return;
        };
        let promoting = self.direct[promoted.index()] | uncovering;
        for to in dests & (plain | promoting) {
            if promoting.contains(to) && promotion::may_promote(g, us, kind, from, to) {
                self.list.push(Move::normal(from, to, true));
            }
            if plain.contains(to) && !promotion::must_promote(g, us, kind, to) {
                self.list.push(Move::normal(from, to, false));
            }
        }
    }

    #[inline(always)]
    fn pawn_pushes(&mut self, dests: Bitboard, us: Color, g: &Geometry) {
        let choices = Choices::pawn_pushes(g, us);
        let (pawn, tokin) = (
            self.direct[PieceKind::Pawn.index()],
            self.direct[PieceKind::ProPawn.index()],
        );
        for to in dests {
            let from = Square::from_index_unchecked(match us {
                Color::Black => to.index() + 1,
                Color::White => to.index() - 1,
            });
            let uncovers = self.uncovering(from, Bitboard::from_square(to)).is_any();
            if choices.promoting.contains(to) && (uncovers || tokin.contains(to)) {
                self.list.push(Move::normal(from, to, true));
            }
            if choices.unpromoted.contains(to) && (uncovers || pawn.contains(to)) {
                self.list.push(Move::normal(from, to, false));
            }
        }
    }

    #[inline(always)]
    fn drops(&mut self, kind: PieceKind, dests: Bitboard) {
        for to in dests & self.direct[kind.index()] {
            self.list.push(Move::drop_unchecked(kind, to));
        }
    }
}

/// How many moves a piece of `kind` has from `from` to `dests`, counting a
/// promotion choice as two moves.
#[inline(always)]
fn count_board_moves(
    from: Square,
    dests: Bitboard,
    kind: PieceKind,
    us: Color,
    g: &Geometry,
) -> usize {
    if !kind.is_promotable() {
        return dests.count() as usize;
    }
    Choices::new(g, us, kind, from).count(dests) as usize
}

/// How many one-step pawn moves reach `dests`: outside the zone one each; in
/// the zone promote or not; on the last rank promote only.
#[inline(always)]
fn count_pawn_pushes(dests: Bitboard, us: Color, g: &Geometry) -> usize {
    Choices::pawn_pushes(g, us).count(dests) as usize
}

impl Sink for CountSink {
    #[inline(always)]
    fn board_moves(
        &mut self,
        from: Square,
        dests: Bitboard,
        kind: PieceKind,
        us: Color,
        g: &Geometry,
    ) {
        self.0 += count_board_moves(from, dests, kind, us, g);
    }

    #[inline(always)]
    fn pawn_pushes(&mut self, dests: Bitboard, us: Color, g: &Geometry) {
        self.0 += count_pawn_pushes(dests, us, g);
    }

    #[inline(always)]
    fn drops(&mut self, _kind: PieceKind, dests: Bitboard) {
        self.0 += dests.count() as usize;
    }
}

/// Counts all moves and, apart, the captures (moves onto `enemy`), in one pass.
pub(crate) struct CaptureCountSink {
    pub enemy: Bitboard,
    pub total: usize,
    pub captures: usize,
}

impl Sink for CaptureCountSink {
    #[inline(always)]
    fn board_moves(
        &mut self,
        from: Square,
        dests: Bitboard,
        kind: PieceKind,
        us: Color,
        g: &Geometry,
    ) {
        self.total += count_board_moves(from, dests, kind, us, g);
        let captures = dests & self.enemy;
        if captures.is_any() {
            self.captures += count_board_moves(from, captures, kind, us, g);
        }
    }

    #[inline(always)]
    fn pawn_pushes(&mut self, dests: Bitboard, us: Color, g: &Geometry) {
        self.total += count_pawn_pushes(dests, us, g);
        self.captures += count_pawn_pushes(dests & self.enemy, us, g);
    }

    #[inline(always)]
    fn drops(&mut self, _kind: PieceKind, dests: Bitboard) {
        self.total += dests.count() as usize;
    }
}

/// The pieces of `us` pinned to their king on `ksq`: each may move only along
/// the line through the king and itself.
#[inline]
pub(crate) fn pinned(pos: &Position, us: Color, ksq: Square) -> Bitboard {
    let them = us.opponent();
    let occ = pos.occupied();
    let snipers = ((attacks::rook_pseudo_attacks(ksq) & pos.rooks())
        | (attacks::bishop_pseudo_attacks(ksq) & pos.bishops())
        | (attacks::lance_pseudo_attacks(us, ksq) & pos.pieces_of_kind(PieceKind::Lance)))
        & pos.pieces(them);
    let ours = pos.pieces(us);
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = between(ksq, sniper) & occ;
        if !blockers.has_more_than_one() && (blockers & ours).is_any() {
            pinned |= blockers;
        }
    }
    pinned
}

/// Whether the piece of `us` on `sq` is pinned to its king on `ksq`, i.e.
/// whether `pinned(pos, us, ksq)` contains `sq`, looking only at the line
/// through the king and `sq` (a pin runs along it).
#[inline]
pub(crate) fn is_pinned(pos: &Position, us: Color, ksq: Square, sq: Square) -> bool {
    let ray = line(ksq, sq);
    if ray.is_empty() {
        return false;
    }
    let snipers = ((attacks::rook_pseudo_attacks(ksq) & pos.rooks())
        | (attacks::bishop_pseudo_attacks(ksq) & pos.bishops())
        | (attacks::lance_pseudo_attacks(us, ksq) & pos.pieces_of_kind(PieceKind::Lance)))
        & pos.pieces(us.opponent())
        & ray;
    let occ = pos.occupied();
    let alone = Bitboard::from_square(sq);
    // As in `pinned`: the only piece between king and sniper is `sq` (our piece).
    for sniper in snipers {
        if between(ksq, sniper) & occ == alone {
            return pos.pieces(us).contains(sq);
        }
    }
    false
}

/// Whether the move of `us`'s piece from `from` to `to` keeps its king on
/// `ksq` covered: the piece is pinned to no line, or moves along the line
/// it is pinned on. Most pieces are on no line through the king, which the
/// small pseudo-attack tables say before the large line table is read (a
/// caller between Python calls finds that table out of the first-level
/// cache).
#[inline]
pub(crate) fn keeps_pin(pos: &Position, us: Color, ksq: Square, from: Square, to: Square) -> bool {
    let aligned =
        (attacks::rook_pseudo_attacks(ksq) | attacks::bishop_pseudo_attacks(ksq)).contains(from);
    !aligned || line(ksq, from).contains(to) || !is_pinned(pos, us, ksq, from)
}

/// Generates every legal move of the side to move into `sink`; with
/// `CAPTURES_ONLY`, only the board moves that capture an enemy piece.
#[inline(always)]
pub(crate) fn generate<S: Sink, const CAPTURES_ONLY: bool>(pos: &Position, sink: &mut S) {
    let us = pos.side_to_move();
    let them = us.opponent();
    let g = pos.geometry();
    let Some(ksq) = pos.king(us) else {
        return generate_without_king::<S, CAPTURES_ONLY>(pos, sink);
    };
    let ours = pos.pieces(us);
    let occ = pos.occupied();
    let checkers = pos.checkers();

    // The king: any step onto a square the enemy does not attack once the
    // king has left its square (so it cannot hide behind itself from a slider).
    let mut king_dests = attacks::step_attacks(us, PieceKind::King, ksq) & g.board() & !ours;
    if CAPTURES_ONLY {
        king_dests &= pos.pieces(them);
    }
    let without_king = occ.without(ksq);
    let enemy = pos.attacker_sets(them);
    let mut safe = Bitboard::EMPTY;
    for to in king_dests {
        if !enemy.attack(to, without_king) {
            safe = safe.with(to);
        }
    }
    sink.board_moves(ksq, safe, PieceKind::King, us, g);
    if checkers.has_more_than_one() {
        return;
    }

    // In check, other pieces must take the checker or step between; drops can only block.
    let (mut target, drop_target) = match checkers.first() {
        Some(checker) => {
            let block = between(ksq, checker);
            (block.with(checker), block)
        }
        None => (g.board() & !ours, g.board() & !occ),
    };
    if CAPTURES_ONLY {
        target &= pos.pieces(them);
    }
    let pinned = pinned(pos, us, ksq);
    other_moves::<S, CAPTURES_ONLY>(pos, sink, target, drop_target, pinned, ksq);
}

/// [`generate`] for a side with no king (a mate problem's attacker): no
/// king to protect, so no pins and no check to answer. Out of line, so that
/// the usual path stays as it was.
#[cold]
#[inline(never)]
fn generate_without_king<S: Sink, const CAPTURES_ONLY: bool>(pos: &Position, sink: &mut S) {
    let us = pos.side_to_move();
    let g = pos.geometry();
    let mut target = g.board() & !pos.pieces(us);
    if CAPTURES_ONLY {
        target &= pos.pieces(us.opponent());
    }
    let drop_target = g.board() & !pos.occupied();
    // With nothing pinned, the king's square is never looked at.
    let anywhere = Square::from_index_unchecked(0);
    other_moves::<S, CAPTURES_ONLY>(pos, sink, target, drop_target, Bitboard::EMPTY, anywhere);
}

/// The moves of every piece but the king onto `target`, drops onto
/// `drop_target`; the `pinned` pieces keep to the line through the king on `ksq`.
#[inline(always)]
fn other_moves<S: Sink, const CAPTURES_ONLY: bool>(
    pos: &Position,
    sink: &mut S,
    target: Bitboard,
    drop_target: Bitboard,
    pinned: Bitboard,
    ksq: Square,
) {
    let us = pos.side_to_move();
    let g = pos.geometry();
    let ours = pos.pieces(us);
    let occ = pos.occupied();
    let pawns = pos.pieces_of(us, PieceKind::Pawn);
    let free_pawns = pawns & !pinned;
    let pushed = match us {
        Color::Black => Bitboard(free_pawns.0 >> 1),
        Color::White => Bitboard(free_pawns.0 << 1),
    };
    sink.pawn_pushes(pushed & target, us, g);
    for from in pawns & pinned {
        let dests = attacks::step_attacks(us, PieceKind::Pawn, from) & target & line(ksq, from);
        sink.board_moves(from, dests, PieceKind::Pawn, us, g);
    }

    // Unpinned pieces, one kind at a time so that each loop knows its kind.
    let free = ours & !pinned;
    for from in pos.golds() & free {
        sink.board_moves(
            from,
            attacks::step_attacks(us, PieceKind::Gold, from) & target,
            PieceKind::Gold,
            us,
            g,
        );
    }
    // Written out per kind (by a macro) so that each loop's attack lookup is
    // resolved at compile time: a loop over an array of kinds costs ~7% more.
    macro_rules! moves_of {
        ($($kind:ident),*) => {$(
            for from in pos.pieces_of_kind(PieceKind::$kind) & free {
                let dests = attacks::attacks(us, PieceKind::$kind, from, occ) & target;
                sink.board_moves(from, dests, PieceKind::$kind, us, g);
            }
        )*};
    }
    moves_of!(Silver, Knight, Lance, Bishop, Rook, Horse, Dragon);
    // Pinned pieces keep to the line through their king.
    for from in pinned & !pawns {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        let dests = attacks::attacks(us, piece.kind, from, occ) & target & line(ksq, from);
        sink.board_moves(from, dests, piece.kind, us, g);
    }

    let hand = pos.hand(us);
    if CAPTURES_ONLY || hand.is_empty() || drop_target.is_empty() {
        return;
    }
    for kind in PieceKind::HAND {
        if !hand.has(kind) {
            continue;
        }
        let mut dests = drop_target & !dead_squares::squares(g, us, kind);
        if kind == PieceKind::Pawn {
            dests = if g.drop_rules() == DropRules::SHOGI {
                pawn_drop_mate::without_mating_drop(pos, dests & !nifu::pawn_files(pawns))
            } else {
                pawn_drops_by_other_rules(pos, g, dests, pawns)
            };
        }
        sink.drops(kind, dests);
    }
}

/// The pawn drops of a board whose drop rules are not shogi's (a defined
/// variant may allow nifu or pawn-drop mate): kept out of line, so that
/// shogi's own path through the generator stays as it was.
#[cold]
#[inline(never)]
fn pawn_drops_by_other_rules(
    pos: &Position,
    g: &Geometry,
    mut dests: Bitboard,
    pawns: Bitboard,
) -> Bitboard {
    let rules = g.drop_rules();
    if rules.nifu_illegal {
        dests &= !nifu::pawn_files(pawns);
    }
    if rules.pawn_drop_mate_illegal {
        dests = pawn_drop_mate::without_mating_drop(pos, dests);
    }
    dests
}
