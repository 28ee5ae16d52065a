//! Move generation for family positions: pseudo-legal moves from the
//! compiled tables, legality under the definition's royal rule and drop
//! rules, attacks by reverse lookup, and perft.

use super::betza::Mode;
use super::geometry::{distance, first_blocker, line_direction, Rays};
use super::position::{color_of, kind_of, FamilyPosition};
use super::spec::RoyalRule;
use super::table::{kc, FaceChange, FULL_BISHOP, FULL_ROOK};
use crate::attacks;
use crate::{Bitboard, Color, Move, Square};

/// Capacity of a [`FamilyMoveList`]. A position is read only if its
/// material cannot give more moves than this (checked by
/// [`FamilyPosition::from_sfen`]).
pub const FAMILY_MOVE_CAPACITY: usize = 4096;

/// The most pieces the other side may have for the royal's steps to be
/// judged from one map of its attacks (beyond, a look at each destination
/// is cheaper).
const ROYAL_MAP_PIECES: u32 = 10;

/// The moves of one family position, on the stack.
pub type FamilyMoveList = arrayvec::ArrayVec<Move, FAMILY_MOVE_CAPACITY>;

/// Where [`FamilyPosition::generate`] hands its moves, a bitboard of
/// destinations at a time.
trait Sink {
    /// The moves of the piece on `from`: to `plain` keeping its face, to
    /// `changed` changing it.
    fn board(&mut self, from: Square, plain: Bitboard, changed: Bitboard);
    /// The drops of kind `kind` on `squares`.
    fn drops(&mut self, kind: u8, squares: Bitboard);
    /// Whether the sink only counts, so that moves may come as sets
    /// ([`Sink::count_set`]).
    const COUNTS: bool = false;
    /// The pieces whose moves must come one piece at a time.
    #[inline(always)]
    fn special(&self) -> Bitboard {
        Bitboard::FULL
    }
    /// Moves given as sets of destinations, one move each (the moves of
    /// several pieces by one leap): keeping and changing face.
    #[inline(always)]
    fn count_set(&mut self, _plain: Bitboard, _changed: Bitboard) {}
}

/// Writes every move into a list.
struct ListSink<'a>(&'a mut FamilyMoveList);

impl Sink for ListSink<'_> {
    #[inline(always)]
    fn board(&mut self, from: Square, plain: Bitboard, changed: Bitboard) {
        for to in plain {
            self.0.push(Move::normal(from, to, false));
        }
        for to in changed {
            self.0.push(Move::normal(from, to, true));
        }
    }
    #[inline(always)]
    fn drops(&mut self, kind: u8, squares: Bitboard) {
        for to in squares {
            if let Some(mv) = Move::drop_index(kind, to) {
                self.0.push(mv);
            }
        }
    }
}

/// Counts every move: no move needs a test (no lone royal under the
/// checkmate rule, no drop-mate rule).
struct FreeCountSink(usize);

impl Sink for FreeCountSink {
    const COUNTS: bool = true;
    #[inline(always)]
    fn special(&self) -> Bitboard {
        Bitboard::EMPTY
    }
    #[inline(always)]
    fn count_set(&mut self, plain: Bitboard, changed: Bitboard) {
        self.0 += (plain.count() + changed.count()) as usize;
    }
    #[inline(always)]
    fn board(&mut self, _: Square, plain: Bitboard, changed: Bitboard) {
        self.0 += (plain.count() + changed.count()) as usize;
    }
    #[inline(always)]
    fn drops(&mut self, _: u8, squares: Bitboard) {
        self.0 += squares.count() as usize;
    }
}

/// Counts the moves the guard decides by its masks, and lists the rest
/// to be made and tested.
struct CountSink<'a> {
    guard: &'a Guard,
    rays: &'a Rays,
    count: usize,
    to_test: &'a mut FamilyMoveList,
}

impl Sink for CountSink<'_> {
    const COUNTS: bool = true;
    #[inline(always)]
    fn special(&self) -> Bitboard {
        self.guard.special
    }
    #[inline(always)]
    fn count_set(&mut self, plain: Bitboard, changed: Bitboard) {
        let mask = self.guard.allowed;
        self.count += ((plain & mask).count() + (changed & mask).count()) as usize;
    }
    #[inline(always)]
    fn board(&mut self, from: Square, plain: Bitboard, changed: Bitboard) {
        let g = self.guard;
        if !g.special.contains(from) {
            let mask = g.allowed;
            self.count += ((plain & mask).count() + (changed & mask).count()) as usize;
        } else if let (Some(safe), true) = (g.royal_safe, g.royal == Some(from)) {
            self.count += ((plain & safe).count() + (changed & safe).count()) as usize;
        } else if g.test_from.contains(from) {
            ListSink(self.to_test).board(from, plain, changed);
        } else {
            let mask = g.board_mask(from, self.rays);
            let changed = if g.crowning.contains(from) {
                changed
            } else {
                changed & mask
            };
            self.count += ((plain & mask).count() + changed.count()) as usize;
        }
    }
    #[inline(always)]
    fn drops(&mut self, kind: u8, squares: Bitboard) {
        let g = self.guard;
        if g.test_drops || (g.royal_drops && (g.royal_kinds >> kind) & 1 != 0) {
            ListSink(self.to_test).drops(kind, squares);
            return;
        }
        let squares = squares & g.drop_allowed;
        if g.drop_mate == Some(kind) {
            let risky = squares & g.mate_squares;
            ListSink(self.to_test).drops(kind, risky);
            self.count += (squares & !risky).count() as usize;
        } else {
            self.count += squares.count() as usize;
        }
    }
}

/// What the legality test of one position's moves looks at, computed once
/// per position from its lone royal piece (under the checkmate rule): the
/// pieces giving check, the pinned pieces, and for hoppers the pieces and
/// squares that may open or make a screen.
struct Guard {
    /// Board moves from these squares are made and the royal looked at
    /// (the royal's own moves by a look at its destination when `royal` is
    /// set): the royal, pieces that may uncover a hopper, pieces that may
    /// change the count of royals; every square in check with hoppers or
    /// under borrowed movement.
    test_from: Bitboard,
    /// Where the other pieces' moves may end: the checker and the squares
    /// between it and the royal when in check (none in double check),
    /// everywhere else; never a square where the piece would become a
    /// hopper's screen onto the royal.
    allowed: Bitboard,
    /// Where drops may land (as `allowed`).
    drop_allowed: Bitboard,
    /// Whether every drop is made and tested.
    test_drops: bool,
    /// The kind whose drop may not mate, if the rule applies.
    drop_mate: Option<u8>,
    /// Where a drop of that kind might give check (tested by making it).
    mate_squares: Bitboard,
    /// Whether royal kinds may be dropped (such drops are made and tested).
    royal_drops: bool,
    /// The royal kinds, as bits.
    royal_kinds: u64,
    /// Pieces whose change of face makes them a second royal piece (such
    /// a move is legal whatever it leaves attacked).
    crowning: Bitboard,
    /// The lone royal whose moves are tested without being made.
    royal: Option<Square>,
    /// Where the royal may step, when the other side has few pieces: the
    /// squares none of them attacks once the royal has left its square
    /// (computed once instead of a look at each destination).
    royal_safe: Option<Bitboard>,
    /// Whether the mover has one royal piece that must not be left attacked.
    lone: bool,
    /// Pinned pieces (moved only along their line).
    pinned: Bitboard,
    /// The pieces in `test_from`, `crowning` or `pinned`, whose moves are
    /// not decided by `allowed` alone.
    special: Bitboard,
    /// Per board direction d: the other side's pieces that capture by
    /// sliding along d (toward a square in direction d ^ 4 of them).
    slide_from: [Bitboard; 8],
    /// The same for hopping.
    hop_from: [Bitboard; 8],
    /// Per board direction d: the other side's pieces that may capture
    /// along d ^ 4, toward a square in direction d of them (sliding or
    /// hopping).
    line_toward: [Bitboard; 8],
    /// All of them.
    any_line: Bitboard,
    /// Pinned pieces: each with the pinning piece and the direction from
    /// the royal to both.
    pins: arrayvec::ArrayVec<(Square, Square, u8), 8>,
}

impl Guard {
    /// A guard that lets every move through untested.
    #[inline(always)]
    fn new() -> Guard {
        Guard {
            test_from: Bitboard::EMPTY,
            allowed: Bitboard::FULL,
            drop_allowed: Bitboard::FULL,
            test_drops: false,
            drop_mate: None,
            mate_squares: Bitboard::EMPTY,
            royal_drops: false,
            royal_kinds: 0,
            crowning: Bitboard::EMPTY,
            royal: None,
            royal_safe: None,
            lone: false,
            pinned: Bitboard::EMPTY,
            special: Bitboard::EMPTY,
            slide_from: [Bitboard::EMPTY; 8],
            hop_from: [Bitboard::EMPTY; 8],
            line_toward: [Bitboard::EMPTY; 8],
            any_line: Bitboard::EMPTY,
            pins: arrayvec::ArrayVec::new(),
        }
    }
    /// Where a move of the piece on `from` (not in `test_from`) may end.
    #[inline(always)]
    fn board_mask(&self, from: Square, rays: &Rays) -> Bitboard {
        if self.pinned.contains(from) {
            self.allowed & self.pin_line(from, rays)
        } else {
            self.allowed
        }
    }

    /// The line the pinned piece on `from` may move along: from the royal
    /// up to and including the pinning piece (every square for a piece
    /// that is not pinned).
    #[cold]
    fn pin_line(&self, from: Square, rays: &Rays) -> Bitboard {
        match (self.royal, self.pins.iter().find(|p| p.0 == from)) {
            (Some(royal), Some(&(_, pinner, d))) => {
                rays.ray(d as usize, royal) & !rays.ray(d as usize, pinner)
            }
            _ => Bitboard::FULL,
        }
    }
}

impl FamilyPosition {
    /// The squares a piece of `color` moving as kind `mover` reaches from
    /// `from` (moves to empty squares and captures), before the rules of
    /// promotion and dead squares.
    #[inline(always)]
    fn targets(&self, mover: usize, color: Color, from: Square) -> Bitboard {
        let own = self.by_color[color.index()];
        let their = self.by_color[color.opponent().index()];
        self.targets_in(kc(mover, color), from, own, their)
    }

    /// [`FamilyPosition::targets`] of kind-and-colour `i` with the mover's
    /// pieces on `own` and the other side's on `their`.
    #[inline(always)]
    fn targets_in(&self, i: usize, from: Square, own: Bitboard, their: Bitboard) -> Bitboard {
        let t = &*self.table;
        let g = &t.gens[i];
        let occ = own | their;
        let l = &t.leaps[i * 81 + from.index()];
        let mut targets = l[0] & !own;
        if g.plain_leaper {
            return targets;
        }
        if g.leap_modes {
            targets |= (l[1] & !occ) | (l[2] & their);
        }
        if g.full != 0 {
            // shogi-core's attack functions work on the whole 9x9 index
            // space; a slide leaving a smaller board never comes back onto
            // it, so the board's squares clip it exactly.
            let mut slides = Bitboard::EMPTY;
            if g.full & FULL_ROOK != 0 {
                slides |= attacks::rook_attacks(from, occ);
            }
            if g.full & FULL_BISHOP != 0 {
                slides |= attacks::bishop_attacks(from, occ);
            }
            targets |= slides & t.board & !own;
        }
        if g.rays != 0 {
            let start = g.ray_start as usize;
            let rays = &t.flat_rays[start..start + g.rays as usize];
            for (r, ray) in rays.iter().enumerate() {
                let d = ray.dir as usize;
                let reach = if ray.hop {
                    let mask = t.ray_masks[(start + r) * 81 + from.index()];
                    match first_blocker(d, t.rays.ray(d, from) & occ & mask) {
                        Some(screen) => t.rays.slide(d, screen, occ) & mask,
                        None => Bitboard::EMPTY,
                    }
                } else if ray.unlimited {
                    t.rays.slide(d, from, occ)
                } else {
                    t.rays.slide(d, from, occ) & t.ray_masks[(start + r) * 81 + from.index()]
                };
                targets |= match ray.mode {
                    Mode::Both => reach & !own,
                    Mode::MoveOnly => reach & !occ,
                    Mode::CaptureOnly => reach & their,
                };
            }
        }
        targets
    }

    /// The destinations among `targets` of a piece of kind-and-colour `i`
    /// (its face) on `from` without and with a change of face, as its rule
    /// says.
    #[inline(always)]
    fn split_by_face(&self, i: usize, from: Square, targets: Bitboard) -> (Bitboard, Bitboard) {
        let t = &*self.table;
        let us = self.side;
        let g = &t.gens[i];
        let in_zone = || {
            let zone = t.zone[us.index()];
            if zone.contains(from) {
                targets
            } else {
                targets & zone
            }
        };
        let (plain, changed) = match g.face {
            FaceChange::Never => (targets, Bitboard::EMPTY),
            FaceChange::Zone => (targets, in_zone()),
            FaceChange::ZoneForced => {
                let can = in_zone();
                (targets & !can, can)
            }
            FaceChange::Capture => {
                let their = self.by_color[us.opponent().index()];
                (targets & !their, targets & their)
            }
            FaceChange::Always => (Bitboard::EMPTY, targets),
        };
        (plain & g.plain_ok, changed & g.changed_ok)
    }

    /// Counts into `sink` the moves of the plain leapers of kind-and-colour
    /// `i` (of the side to move) on `set`, leap by leap: a leap moves the
    /// whole set at once, and its destinations are one move each.
    #[inline(always)]
    fn count_leaps<S: Sink>(
        &self,
        i: usize,
        set: Bitboard,
        own: Bitboard,
        their: Bitboard,
        sink: &mut S,
    ) {
        let t = &*self.table;
        let g = &t.gens[i];
        let zone = t.zone[self.side.index()];
        let (inside, outside) = (set & zone, set & !zone);
        let start = g.shift_start as usize;
        for shift in &t.shifts[start..start + g.shifts as usize] {
            let all = shift.apply(set) & !own;
            let promotable = || (shift.apply(inside) | (shift.apply(outside) & zone)) & !own;
            let (plain, changed) = match g.face {
                FaceChange::Never => (all, Bitboard::EMPTY),
                FaceChange::Zone => (all, promotable()),
                FaceChange::ZoneForced => {
                    let can = promotable();
                    (all & !can, can)
                }
                FaceChange::Capture => (all & !their, all & their),
                FaceChange::Always => (Bitboard::EMPTY, all),
            };
            sink.count_set(plain & g.plain_ok, changed & g.changed_ok);
        }
    }

    /// Hands every pseudo-legal move to `sink`: each piece's destinations
    /// (without and with a change of face), kind by kind, then each kind's
    /// drop squares.
    #[inline(always)]
    fn generate<S: Sink>(&self, sink: &mut S) {
        let t = &*self.table;
        let us = self.side;
        let own = self.by_color[us.index()];
        let their = self.by_color[us.opponent().index()];
        if t.borrowed_movement {
            for from in own {
                let kind = kind_of(self.board[from.index()]);
                let mover = self.mover_kind(from, us, kind);
                let targets = self.targets_in(kc(mover, us), from, own, their);
                let (plain, changed) = self.split_by_face(kc(kind, us), from, targets);
                sink.board(from, plain, changed);
            }
        } else {
            for (k, &bb) in self.by_kind[..t.kinds.len()].iter().enumerate() {
                let mut pieces = bb & own;
                if pieces.is_empty() {
                    continue;
                }
                let i = kc(k, us);
                let g = &t.gens[i];
                if S::COUNTS && g.simple {
                    let set = pieces & !sink.special();
                    let leaps = &t.leaps[i * 81..i * 81 + 81];
                    for from in set {
                        sink.count_set(leaps[from.index()][0] & !own, Bitboard::EMPTY);
                    }
                    pieces ^= set;
                } else if S::COUNTS && g.shifts != 0 && pieces.has_more_than_one() {
                    let set = pieces & !sink.special();
                    // A leap of a whole set costs about what a third of
                    // one piece's moves does; counted that way when there
                    // are at least as many pieces as leaps (and two).
                    if g.shifts as u32 <= set.count() {
                        self.count_leaps(i, set, own, their, sink);
                        pieces ^= set;
                    }
                }
                if g.static_faces {
                    let faces = &t.faces[i * 81..i * 81 + 81];
                    for from in pieces {
                        let [plain, changed] = faces[from.index()];
                        sink.board(from, plain & !own, changed & !own);
                    }
                    continue;
                }
                for from in pieces {
                    let targets = self.targets_in(i, from, own, their);
                    let (plain, changed) = self.split_by_face(i, from, targets);
                    sink.board(from, plain, changed);
                }
            }
        }
        let hand = &self.hands[us.index()];
        let empty = t.board & !(own | their);
        for &(k, slot) in &t.drop_kinds {
            if hand[slot as usize] == 0 {
                continue;
            }
            let k = k as usize;
            let mut squares = t.drop_squares[kc(k, us)] & empty;
            if let Some(max) = t.kinds[k].max_per_file {
                let mine = self.by_kind[k] & own;
                if max == 1 {
                    for sq in mine {
                        squares &= !Bitboard::file_of(sq);
                    }
                } else {
                    for column in Bitboard::FILES {
                        if (mine & column).count() >= max as u32 {
                            squares &= !column;
                        }
                    }
                }
            }
            sink.drops(k as u8, squares);
        }
    }

    /// Every pseudo-legal move of the side to move: the moves of its
    /// pieces and its drops, by the definition's rules of promotion, dead
    /// squares and per-file limits, whatever they leave attacked.
    ///
    /// ```
    /// # use shogi_core::family::betza::{Leg, Mode};
    /// # use shogi_core::family::{FamilyMoveList, FamilyPosition, FamilySpec, KindSpec, PieceTable};
    /// # use std::sync::Arc;
    /// let wazir: Vec<Leg> = [(0, 1), (0, -1), (1, 0), (-1, 0)].into_iter()
    ///     .map(|(dx, dy)| Leg { dx, dy, range: 1, mode: Mode::Both, hop: false }).collect();
    /// let spec = FamilySpec { kinds: vec![KindSpec::new("wazir", "W", wazir)], ..FamilySpec::new(3, 3, 1) };
    /// let table = Arc::new(PieceTable::new(&spec)?);
    /// let pos = FamilyPosition::from_sfen("3/1W1/3 b -", table)?;
    /// let mut list = FamilyMoveList::new();
    /// pos.pseudo_legal_moves_into(&mut list);
    /// assert_eq!(list.len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pseudo_legal_moves_into(&self, list: &mut FamilyMoveList) {
        if self.table.narrow_leapers {
            self.list_narrow_leapers(list);
        } else {
            self.generate(&mut ListSink(list));
        }
    }

    /// [`FamilyPosition::pseudo_legal_moves_into`] for a
    /// [`PieceTable::narrow_leapers`] definition, on machine words: the
    /// same moves in the same order as [`FamilyPosition::generate`] (kind
    /// by kind, square by square, each piece's moves keeping face before
    /// those changing it, then the drops).
    fn list_narrow_leapers(&self, list: &mut FamilyMoveList) {
        let t = &*self.table;
        let us = self.side;
        // Every square lies in the low word (`narrow_leapers`).
        let own = self.by_color[us.index()].0 as u64;
        let empty = t.board.0 as u64 & !(own | self.by_color[us.opponent().index()].0 as u64);
        // The material bounds the moves (checked when the position was
        // read), so the list has room: a failed push is never taken.
        for (k, &bb) in self.by_kind[..t.kinds.len()].iter().enumerate() {
            let mut pieces = bb.0 as u64 & own;
            let faces = &t.faces64[kc(k, us) * 64..kc(k, us) * 64 + 64];
            while pieces != 0 {
                let sq = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                let from = Square::from_index_unchecked(sq);
                let [plain, changed] = faces[sq];
                for (mut to, promote) in [(plain & !own, false), (changed & !own, true)] {
                    while to != 0 {
                        let dest = Square::from_index_unchecked(to.trailing_zeros() as usize);
                        to &= to - 1;
                        let _ = list.try_push(Move::normal(from, dest, promote));
                    }
                }
            }
        }
        for &(k, slot) in &t.drop_kinds {
            if self.hands[us.index()][slot as usize] != 0 {
                let mut to = self.narrow_drops(k as usize, own, empty);
                while to != 0 {
                    let dest = Square::from_index_unchecked(to.trailing_zeros() as usize);
                    to &= to - 1;
                    if let Some(mv) = Move::drop_index(k, dest) {
                        let _ = list.try_push(mv);
                    }
                }
            }
        }
    }

    /// The squares a [`PieceTable::narrow_leapers`] definition's kind `k`
    /// may be dropped on by the side to move, whose pieces are on `own`,
    /// with `empty` the empty squares (words).
    #[inline(always)]
    fn narrow_drops(&self, k: usize, own: u64, empty: u64) -> u64 {
        let t = &*self.table;
        let mut squares = t.drops64[kc(k, self.side)] & empty;
        if let Some(max) = t.kinds[k].max_per_file {
            for column in Bitboard::FILES {
                let column = column.0 as u64;
                if (self.by_kind[k].0 as u64 & own & column).count_ones() >= max as u32 {
                    squares &= !column;
                }
            }
        }
        squares
    }

    /// Whether `sq` is attacked by a piece of `by`: some piece of `by` could
    /// capture there (a leap, a slide or a hop of a capturing leg), whatever
    /// that capture would leave behind.
    ///
    /// Found by reverse lookup: a piece of `by` of kind k attacks `sq` from
    /// exactly the squares a piece of the other colour of kind k reaches
    /// from `sq`. Under borrowed movement each piece attacks as the kind it
    /// moves as.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.is_attacked_in(sq, by, self.occupied(), self.by_color[by.index()])
    }

    /// [`FamilyPosition::is_attacked`] on the board `occ` with `by`'s pieces
    /// on `theirs` (a subset of where they stand now), the pieces keeping
    /// their kinds.
    #[inline(always)]
    fn is_attacked_in(&self, sq: Square, by: Color, occ: Bitboard, theirs: Bitboard) -> bool {
        let t = &*self.table;
        let other = by.opponent();
        // Most squares have few enemy pieces a leap away: only they are
        // looked at.
        let near = t.leap_union[other.index() * 81 + sq.index()] & theirs;
        for s in near {
            let k = self.mover_kind(s, by, kind_of(self.board[s.index()]));
            let l = &t.leaps[kc(k, by) * 81 + s.index()];
            if (l[0] | l[2]).contains(sq) {
                return true;
            }
        }
        let liners = self.liners(by) & theirs;
        if liners.is_empty() {
            return false;
        }
        for d in 0..8 {
            let ray = t.rays.ray(d, sq);
            if (ray & liners).is_empty() {
                continue;
            }
            let blockers = ray & occ;
            let Some(first) = first_blocker(d, blockers) else {
                continue;
            };
            if self.attacks_along(first, by, d ^ 4, distance(sq, first), false) {
                return true;
            }
            if t.has_hoppers {
                let beyond = blockers & t.rays.ray(d, first);
                if let Some(second) = first_blocker(d, beyond) {
                    if self.attacks_along(second, by, d ^ 4, distance(sq, second), true) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether the piece on `at`, if it is `by`'s, captures `steps` squares
    /// away along board direction `d` by sliding (or hopping).
    #[inline(always)]
    fn attacks_along(&self, at: Square, by: Color, d: usize, steps: u8, hop: bool) -> bool {
        let c = self.board[at.index()];
        if color_of(c) != by {
            return false;
        }
        let kind = self.mover_kind(at, by, kind_of(c));
        let reach = if hop {
            &self.table.hop_reach
        } else {
            &self.table.slide_reach
        };
        reach[kc(kind, by) * 8 + d] >= steps
    }

    /// The pieces of `color` that may capture along a line (all of them
    /// under borrowed movement, where a piece may move as the one behind).
    #[inline(always)]
    fn liners(&self, color: Color) -> Bitboard {
        let t = &*self.table;
        let own = self.by_color[color.index()];
        if t.borrowed_movement {
            return own;
        }
        t.line_kinds
            .iter()
            .fold(Bitboard::EMPTY, |b, &k| b | self.by_kind[k as usize])
            & own
    }

    /// Whether `color` has a royal piece attacked by the other side.
    pub fn royal_attacked(&self, color: Color) -> bool {
        self.royals[color.index()]
            .into_iter()
            .any(|sq| self.is_attacked(sq, color.opponent()))
    }

    /// Whether the side to move is in check: its royal piece is attacked.
    pub fn is_check(&self) -> bool {
        self.royal_attacked(self.side)
    }

    /// Whether the game is over before any move: under
    /// [`RoyalRule::Capture`], when the side to move has lost its royal
    /// pieces (a definition without royal kinds never ends this way).
    pub fn royal_lost(&self) -> bool {
        self.table.royal_rule == RoyalRule::Capture
            && self.table.has_royals
            && self.royals[self.side.index()].is_empty()
    }

    /// Whether a royal piece of `color` stands on its far rank unattacked
    /// (the try, when the definition plays it).
    pub fn try_reached(&self, color: Color) -> bool {
        let t = &*self.table;
        t.try_rule
            && (self.royals[color.index()] & t.last_rank[color.index()])
                .into_iter()
                .any(|sq| !self.is_attacked(sq, color.opponent()))
    }

    /// Whether the game has ended by a rule the move generator knows: a
    /// lost royal ([`FamilyPosition::royal_lost`]) or a try
    /// ([`FamilyPosition::try_reached`], for either side). Such a position
    /// has no legal moves (as in Fairy-Stockfish, whose perft counts it as
    /// a leaf).
    pub fn is_over(&self) -> bool {
        self.royal_lost()
            || (self.table.try_rule
                && (self.try_reached(Color::Black) || self.try_reached(Color::White)))
    }

    /// What the legality test of this position's moves needs to look at.
    /// Filled in place: the guard is large, and returning it would copy it.
    fn fill_guard(&self, guard: &mut Guard) {
        let t = &*self.table;
        let us = self.side;
        let checkmate = t.royal_rule == RoyalRule::Checkmate;
        guard.drop_mate = if checkmate { t.pawn_drop_mate } else { None };
        if let Some(k) = guard.drop_mate {
            guard.mate_squares = self.mate_squares(k as usize);
        }
        let royals = self.royals[us.index()];
        let Some(royal) = royals.first() else {
            return;
        };
        if !checkmate || royals.count() != 1 {
            return;
        }
        guard.lone = true;
        if t.royal_drops {
            guard.royal_drops = true;
            guard.royal_kinds = t.royal_kinds;
        }
        if t.borrowed_movement {
            // A borrowed move changes how the pieces around it move: every
            // move is made and looked at.
            guard.test_from = Bitboard::FULL;
            guard.test_drops = true;
            guard.special = Bitboard::FULL;
            return;
        }
        guard.test_from = Bitboard::from_square(royal);
        if (t.uncrowning >> kind_of(self.board[royal.index()])) & 1 == 0 {
            guard.royal = Some(royal);
        }
        let mut crowning = t.crowning;
        while crowning != 0 {
            let k = crowning.trailing_zeros() as usize;
            crowning &= crowning - 1;
            guard.crowning |= self.by_kind[k] & self.by_color[us.index()];
        }
        let theirs = self.by_color[us.opponent().index()];
        let royal_map = guard.royal.is_some() && theirs.count() <= ROYAL_MAP_PIECES;
        if t.has_hoppers || (guard.royal.is_some() && !royal_map) {
            // Hoppers are looked for line by line, and a royal's step
            // without the map is judged by attacked_with: both read the
            // line pieces by direction.
            self.line_pieces(us.opponent(), guard);
        } else {
            guard.any_line = t
                .line_kinds
                .iter()
                .fold(Bitboard::EMPTY, |b, &k| b | self.by_kind[k as usize])
                & theirs;
        }
        let in_check = self.scan_lines(royal, guard);
        if in_check && t.has_hoppers {
            // A hopper's check may be answered by moving its screen, or
            // made by another: every move is made and looked at.
            guard.test_from = Bitboard::FULL;
            guard.test_drops = true;
        }
        guard.special = guard.test_from | guard.crowning | guard.pinned;
        if royal_map {
            guard.royal_safe = Some(!self.attacked_squares(us.opponent(), royal));
        }
    }

    /// Every square `color`'s pieces attack (could capture on), looking
    /// through the square `through` (the royal about to step away).
    fn attacked_squares(&self, color: Color, through: Square) -> Bitboard {
        let t = &*self.table;
        let occ = self.occupied() ^ Bitboard::from_square(through);
        let own = self.by_color[color.index()];
        let mut attacked = Bitboard::EMPTY;
        for s in own {
            let i = kc(kind_of(self.board[s.index()]), color);
            let g = &t.gens[i];
            let l = &t.leaps[i * 81 + s.index()];
            attacked |= l[0] | l[2];
            if g.plain_leaper {
                continue;
            }
            if g.full & FULL_ROOK != 0 {
                attacked |= attacks::rook_attacks(s, occ) & t.board;
            }
            if g.full & FULL_BISHOP != 0 {
                attacked |= attacks::bishop_attacks(s, occ) & t.board;
            }
            let start = g.ray_start as usize;
            for (r, ray) in t.flat_rays[start..start + g.rays as usize]
                .iter()
                .enumerate()
            {
                if ray.mode == Mode::MoveOnly {
                    continue;
                }
                let d = ray.dir as usize;
                let mask = t.ray_masks[(start + r) * 81 + s.index()];
                attacked |= if ray.hop {
                    match first_blocker(d, t.rays.ray(d, s) & occ & mask) {
                        Some(screen) => t.rays.slide(d, screen, occ) & mask,
                        None => Bitboard::EMPTY,
                    }
                } else {
                    t.rays.slide(d, s, occ) & mask
                };
            }
        }
        attacked
    }

    /// Fills the guard's `slide_from` and `hop_from` with `color`'s pieces.
    fn line_pieces(&self, color: Color, guard: &mut Guard) {
        let t = &*self.table;
        let own = self.by_color[color.index()];
        for &k in &t.line_kinds {
            let pieces = self.by_kind[k as usize] & own;
            if pieces.is_empty() {
                continue;
            }
            let [mut slide, mut hop] = t.line_dirs[kc(k as usize, color)];
            while slide != 0 {
                let d = slide.trailing_zeros() as usize;
                slide &= slide - 1;
                guard.slide_from[d & 7] |= pieces;
            }
            while hop != 0 {
                let d = hop.trailing_zeros() as usize;
                hop &= hop - 1;
                guard.hop_from[d & 7] |= pieces;
            }
            guard.any_line |= pieces;
        }
        for d in 0..8 {
            guard.line_toward[d] = guard.slide_from[d ^ 4] | guard.hop_from[d ^ 4];
        }
    }

    /// Whether `sq` is attacked by the other side with the board `occ`
    /// and their pieces on `theirs` (a subset of the guard's), the lines
    /// read from the guard (no borrowed movement).
    #[inline(always)]
    fn attacked_with(&self, sq: Square, occ: Bitboard, theirs: Bitboard, guard: &Guard) -> bool {
        let t = &*self.table;
        let us = self.side;
        let them = us.opponent();
        let near = t.leap_union[us.index() * 81 + sq.index()] & theirs;
        for s in near {
            let k = kind_of(self.board[s.index()]);
            let l = &t.leaps[kc(k, them) * 81 + s.index()];
            if (l[0] | l[2]).contains(sq) {
                return true;
            }
        }
        // The lines from `sq` never hold `sq`, the one square `theirs`
        // may leave out: the guard's sets serve as they are.
        if (guard.any_line & t.rays.all(sq)).is_empty() {
            return false;
        }
        for d in 0..8 {
            let ray = t.rays.ray(d, sq);
            if (guard.line_toward[d] & ray).is_empty() {
                continue;
            }
            let blockers = ray & occ;
            let Some(first) = first_blocker(d, blockers) else {
                continue;
            };
            if guard.slide_from[d ^ 4].contains(first)
                && self.attacks_along(first, them, d ^ 4, distance(sq, first), false)
            {
                return true;
            }
            let hoppers = guard.hop_from[d ^ 4] & ray;
            if t.has_hoppers && hoppers.is_any() {
                let beyond = blockers & t.rays.ray(d, first);
                if let Some(second) = first_blocker(d, beyond) {
                    if hoppers.contains(second)
                        && self.attacks_along(second, them, d ^ 4, distance(sq, second), true)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Looks along the lines and leaps to the lone royal on `royal` of the
    /// side to move: fills the guard's checks (`allowed`, `drop_allowed`),
    /// pins and hopper screens, and returns whether the royal is attacked.
    fn scan_lines(&self, royal: Square, guard: &mut Guard) -> bool {
        let t = &*self.table;
        let us = self.side;
        let them = us.opponent();
        let occ = self.occupied();
        let own = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let mut checkers = Bitboard::EMPTY;
        let mut block = Bitboard::EMPTY;
        let mut unsafe_to = Bitboard::EMPTY;
        let near = t.leap_union[us.index() * 81 + royal.index()] & theirs;
        for s in near {
            let k = kind_of(self.board[s.index()]);
            let l = &t.leaps[kc(k, them) * 81 + s.index()];
            if (l[0] | l[2]).contains(royal) {
                checkers = checkers.with(s);
            }
        }
        let hoppers = t.has_hoppers;
        if !hoppers {
            // Without hoppers only their line pieces on the royal's lines
            // matter: each checks with nothing between, and pins one piece
            // of ours alone between (a look per such piece, not per line).
            for s in guard.any_line & t.rays.all(royal) {
                let Some(d) = line_direction(royal, s) else {
                    continue;
                };
                let between = t.rays.ray(d, royal) & !t.rays.ray(d, s) & !Bitboard::from_square(s);
                let blockers = between & occ;
                if blockers.has_more_than_one()
                    || (blockers & !own).is_any()
                    || !self.attacks_along(s, them, d ^ 4, distance(royal, s), false)
                {
                    continue;
                }
                match blockers.first() {
                    None => {
                        checkers = checkers.with(s);
                        block |= between;
                    }
                    Some(b1) => {
                        guard.pinned = guard.pinned.with(b1);
                        guard.pins.push((b1, s, d as u8));
                    }
                }
            }
        }
        for d in 0..8 {
            if !hoppers {
                break;
            }
            let ray = t.rays.ray(d, royal);
            if (ray & guard.line_toward[d]).is_empty() {
                // No piece of theirs along it can check, pin or hop.
                continue;
            }
            let blockers = ray & occ;
            let Some(b1) = first_blocker(d, blockers) else {
                continue;
            };
            let beyond1 = t.rays.ray(d, b1);
            let b2 = first_blocker(d, blockers & beyond1);
            let back = d ^ 4;
            if !own.contains(b1) {
                if self.attacks_along(b1, them, back, distance(royal, b1), false) {
                    checkers = checkers.with(b1);
                    block |= ray & !beyond1 & !Bitboard::from_square(b1);
                } else if hoppers && self.attacks_along(b1, them, back, distance(royal, b1), true) {
                    // A piece put between would be its screen.
                    unsafe_to |= ray & !beyond1 & !Bitboard::from_square(b1);
                }
                if let (true, Some(b2)) = (hoppers, b2) {
                    if self.attacks_along(b2, them, back, distance(royal, b2), true) {
                        checkers = checkers.with(b2);
                    } else if own.contains(b2) {
                        // Moving b2 may make b1 the screen of a hopper on b3.
                        let b3 = first_blocker(d, blockers & t.rays.ray(d, b2));
                        if b3.is_some_and(|b3| {
                            self.attacks_along(b3, them, back, distance(royal, b3), true)
                        }) {
                            guard.test_from = guard.test_from.with(b2);
                        }
                    }
                }
                continue;
            }
            let Some(b2) = b2 else {
                continue;
            };
            let pinned = self.attacks_along(b2, them, back, distance(royal, b2), false);
            if !hoppers {
                if pinned {
                    guard.pinned = guard.pinned.with(b1);
                    guard.pins.push((b1, b2, d as u8));
                }
                continue;
            }
            if self.attacks_along(b2, them, back, distance(royal, b2), true) {
                // b1 is a hopper's screen: check.
                checkers = checkers.with(b2);
                continue;
            }
            let b3 = first_blocker(d, blockers & t.rays.ray(d, b2));
            let hopper_behind =
                b3.is_some_and(|b3| self.attacks_along(b3, them, back, distance(royal, b3), true));
            // Moving b1 may uncover the slider on b2 or make b2 the screen
            // of the hopper on b3; moving b2 (ours) may make b1 the screen.
            if pinned || hopper_behind {
                guard.test_from = guard.test_from.with(b1);
            }
            if hopper_behind && own.contains(b2) {
                guard.test_from = guard.test_from.with(b2);
            }
        }
        let in_check = checkers.is_any();
        let evasion = if !in_check {
            Bitboard::FULL
        } else if checkers.has_more_than_one() {
            Bitboard::EMPTY
        } else {
            checkers | block
        };
        guard.allowed = evasion & !unsafe_to;
        guard.drop_allowed = guard.allowed;
        in_check
    }

    /// The squares where a drop of kind `kind` by the side to move might
    /// give check (never missing one; every square when that is not cheap
    /// to tell).
    fn mate_squares(&self, kind: usize) -> Bitboard {
        let t = &*self.table;
        let i = kc(kind, self.side);
        let g = &t.gens[i];
        if t.has_hoppers || t.borrowed_movement || g.full != 0 || g.rays != 0 {
            return Bitboard::FULL;
        }
        // A leap from s reaches the royal exactly when the same kind of the
        // other colour leaps from the royal to s.
        let j = kc(kind, self.side.opponent());
        self.royals[self.side.opponent().index()]
            .into_iter()
            .fold(Bitboard::EMPTY, |m, r| {
                let l = &t.leaps[j * 81 + r.index()];
                m | l[0] | l[1] | l[2]
            })
    }

    /// Whether a piece of kind `kind` dropped on `to` might give check (a
    /// cheap test that never misses one).
    fn drop_may_check(&self, kind: usize, to: Square) -> bool {
        let t = &*self.table;
        let them = self.royals[self.side.opponent().index()];
        t.has_hoppers || t.borrowed_movement || (self.targets(kind, self.side, to) & them).is_any()
    }

    /// Whether `mv` (pseudo-legal) is legal under `guard`: it leaves no
    /// lone royal piece of the mover attacked (under
    /// [`RoyalRule::Checkmate`]) and is not a forbidden drop mate.
    #[inline(always)]
    fn is_legal_with(&mut self, mv: Move, guard: &Guard) -> bool {
        let to = mv.to();
        match mv.from() {
            Some(from) => {
                if !guard.special.contains(from) {
                    return guard.allowed.contains(to);
                }
                if !guard.test_from.contains(from) {
                    return (mv.is_promotion() && guard.crowning.contains(from))
                        || guard.board_mask(from, &self.table.rays).contains(to);
                }
                if let (Some(safe), true) = (guard.royal_safe, guard.royal == Some(from)) {
                    return safe.contains(to);
                }
                if guard.royal == Some(from) {
                    // The royal steps: is its new square attacked once it
                    // has left the old one (and taken whatever stood on the
                    // new one)?
                    let us = self.side;
                    let occ =
                        (self.occupied() ^ Bitboard::from_square(from)) | Bitboard::from_square(to);
                    let them = us.opponent();
                    let theirs = self.by_color[them.index()] & !Bitboard::from_square(to);
                    return !self.attacked_with(to, occ, theirs, guard);
                }
                self.made_legal(mv, guard)
            }
            None => {
                let kind = mv.dropped_index().unwrap_or(0);
                let royal_drop = guard.royal_drops && (guard.royal_kinds >> kind) & 1 != 0;
                if guard.test_drops || royal_drop {
                    return self.made_legal(mv, guard);
                }
                if !guard.drop_allowed.contains(to) {
                    return false;
                }
                if guard.drop_mate == Some(kind)
                    && guard.mate_squares.contains(to)
                    && self.drop_may_check(kind as usize, to)
                {
                    return self.made_legal(mv, guard);
                }
                true
            }
        }
    }

    /// Whether `mv` is legal, found by making it: afterwards the mover has
    /// no lone royal piece attacked (when the guard asks), and a drop of the
    /// drop-mate kind does not mate.
    fn made_legal(&mut self, mv: Move, guard: &Guard) -> bool {
        let us = self.side;
        let undo = self.make(mv);
        let mut legal =
            !(guard.lone && self.royals[us.index()].count() == 1 && self.royal_attacked(us));
        if legal
            && guard.drop_mate.is_some()
            && guard.drop_mate == mv.dropped_index()
            && self.is_check()
            && !self.has_legal_move()
        {
            legal = false;
        }
        self.undo(mv, undo);
        legal
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&mut self) -> bool {
        if self.is_over() {
            return false;
        }
        let mut guard = Guard::new();
        self.fill_guard(&mut guard);
        let mut list = FamilyMoveList::new();
        self.pseudo_legal_moves_into(&mut list);
        list.iter().any(|&mv| self.is_legal_with(mv, &guard))
    }

    /// The number of legal moves, counted without listing the moves that
    /// need no test.
    pub fn count_legal_moves(&mut self) -> usize {
        if self.is_over() {
            return 0;
        }
        if self.all_pseudo_legal() {
            if self.table.narrow_leapers {
                return self.count_narrow_leapers();
            }
            let mut sink = FreeCountSink(0);
            self.generate(&mut sink);
            return sink.0;
        }
        let mut guard = Guard::new();
        self.fill_guard(&mut guard);
        // Borrowed, not owned: a list is a large array, and moving it out
        // of the sink would copy it at every node.
        let mut to_test = FamilyMoveList::new();
        let mut sink = CountSink {
            guard: &guard,
            rays: &self.table.rays,
            count: 0,
            to_test: &mut to_test,
        };
        self.generate(&mut sink);
        let count = sink.count;
        count
            + to_test
                .iter()
                .filter(|&&mv| self.is_legal_with(mv, &guard))
                .count()
    }

    /// The number of legal moves of a [`PieceTable::narrow_leapers`]
    /// definition where every pseudo-legal move is legal (0 when the game
    /// is over): each piece's destinations keeping and changing face off
    /// its own pieces, and the drops, on machine words (the same count as
    /// [`FamilyPosition::generate`] gives). Not inlined: its callers'
    /// frames are large.
    #[inline(never)]
    fn count_narrow_leapers(&self) -> usize {
        if self.is_over() {
            return 0;
        }
        let t = &*self.table;
        let us = self.side;
        // Every square lies in the low word (`narrow_leapers`).
        let own = self.by_color[us.index()].0 as u64;
        let empty = t.board.0 as u64 & !(own | self.by_color[us.opponent().index()].0 as u64);
        let mut count = 0;
        let mut pieces = own;
        while pieces != 0 {
            let sq = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            // An own piece's code is kind × 2 + colour + 1.
            let i = self.board[sq] as usize - 1;
            let [plain, changed] = t.faces64[i * 64 + sq];
            count += (plain & !own).count_ones() + (changed & !own).count_ones();
        }
        let hand = &self.hands[us.index()];
        for &(k, slot) in &t.drop_kinds {
            if hand[slot as usize] != 0 {
                count += self.narrow_drops(k as usize, own, empty).count_ones();
            }
        }
        count as usize
    }

    /// The pseudo-legal moves from the general generator, and their count
    /// by the counting sink, whatever faster path the table takes (to test
    /// those paths against it).
    #[cfg(test)]
    pub(crate) fn generated_moves(&self) -> (FamilyMoveList, usize) {
        let mut list = FamilyMoveList::new();
        self.generate(&mut ListSink(&mut list));
        let mut sink = FreeCountSink(0);
        self.generate(&mut sink);
        (list, sink.0)
    }

    /// The count of [`FamilyPosition::count_narrow_leapers`] (for tests;
    /// the table must be [`PieceTable::narrow_leapers`]).
    #[cfg(test)]
    pub(crate) fn narrow_count(&self) -> usize {
        assert!(self.table.narrow_leapers);
        self.count_narrow_leapers()
    }

    /// Whether every pseudo-legal move is legal here: where the royal piece
    /// is captured (a move may leave it attacked), or under checkmate with
    /// no single royal to guard (none, or two: sho shogi's king and prince)
    /// and no pawn-drop-mate rule.
    #[inline]
    fn all_pseudo_legal(&self) -> bool {
        let t = &*self.table;
        t.royal_rule != RoyalRule::Checkmate
            || (t.pawn_drop_mate.is_none() && self.royals[self.side.index()].count() != 1)
    }

    /// Fills `list` with the legal moves (cleared first). The position is
    /// used to try moves and is left as it was.
    pub fn legal_moves_into(&mut self, list: &mut FamilyMoveList) {
        list.clear();
        if self.is_over() {
            return;
        }
        if self.all_pseudo_legal() {
            // As the count: nothing to test (and no guard to fill).
            self.pseudo_legal_moves_into(list);
            return;
        }
        let mut guard = Guard::new();
        self.fill_guard(&mut guard);
        self.pseudo_legal_moves_into(list);
        let mut kept = 0;
        for i in 0..list.len() {
            let mv = list[i];
            if self.is_legal_with(mv, &guard) {
                list[kept] = mv;
                kept += 1;
            }
        }
        list.truncate(kept);
    }

    /// The legal moves.
    ///
    /// ```
    /// # use shogi_core::family::betza::{Leg, Mode};
    /// # use shogi_core::family::{FamilyPosition, FamilySpec, KindSpec, PieceTable};
    /// # use std::sync::Arc;
    /// let king: Vec<Leg> = [(1, 1), (1, 0), (1, -1), (0, 1), (0, -1), (-1, 1), (-1, 0), (-1, -1)]
    ///     .into_iter().map(|(dx, dy)| Leg { dx, dy, range: 1, mode: Mode::Both, hop: false }).collect();
    /// let spec = FamilySpec {
    ///     kinds: vec![KindSpec { royal: true, ..KindSpec::new("king", "K", king) }],
    ///     ..FamilySpec::new(3, 3, 1)
    /// };
    /// let table = Arc::new(PieceTable::new(&spec)?);
    /// // The two kings face each other across one rank: neither may step next to the other.
    /// let pos = FamilyPosition::from_sfen("1k1/3/1K1 b -", table)?;
    /// assert_eq!(pos.legal_moves().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self) -> FamilyMoveList {
        let mut scratch = self.clone();
        let mut list = FamilyMoveList::new();
        scratch.legal_moves_into(&mut list);
        list
    }

    /// Whether `mv` is a legal move here.
    pub fn is_legal(&self, mv: Move) -> bool {
        // Listed here rather than through `legal_moves`, whose list (a
        // large array) would be copied on the way out.
        let mut scratch = self.clone();
        let mut list = FamilyMoveList::new();
        scratch.legal_moves_into(&mut list);
        list.contains(&mv)
    }

    /// Plays `mv` if it is legal; otherwise returns `false` and leaves the
    /// position as it was.
    pub fn play(&mut self, mv: Move) -> bool {
        if self.is_legal(mv) {
            self.make(mv);
            true
        } else {
            false
        }
    }

    /// The number of legal move sequences of `depth` moves, the last ply
    /// counted without being played (bulk counting). Depth 0 counts 1.
    /// Positions where the game is over ([`FamilyPosition::is_over`]: a
    /// lost royal, a try) have no moves and count as leaves; other ends
    /// (repetition, stalemate) are the game's, not perft's.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            // The count on words called from here: through count_legal_moves
            // it would pay that function's large stack frame (a move list).
            if self.table.narrow_leapers && self.all_pseudo_legal() {
                return self.count_narrow_leapers() as u64;
            }
            return self.count_legal_moves() as u64;
        }
        let mut list = FamilyMoveList::new();
        self.legal_moves_into(&mut list);
        let mut total = 0;
        for &mv in &list {
            let undo = self.make(mv);
            total += self.perft(depth - 1);
            self.undo(mv, undo);
        }
        total
    }

    /// Perft split by root move, in move order, each with the count of
    /// `depth - 1` below it.
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        let mut list = FamilyMoveList::new();
        self.legal_moves_into(&mut list);
        let mut out = Vec::with_capacity(list.len());
        for &mv in &list {
            let undo = self.make(mv);
            out.push((mv, self.perft(depth.saturating_sub(1))));
            self.undo(mv, undo);
        }
        out
    }
}
