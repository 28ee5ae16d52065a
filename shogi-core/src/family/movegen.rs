//! Move generation for family positions: pseudo-legal moves from the
//! compiled tables, legality under the definition's royal rule and drop
//! rules, attacks by reverse lookup, and perft.

use super::betza::Mode;
use super::geometry::{distance, first_blocker};
use super::position::{color_of, kind_of, FamilyPosition};
use super::spec::RoyalRule;
use super::table::{kc, FaceChange, FULL_BISHOP, FULL_ROOK};
use crate::attacks;
use crate::{Bitboard, Color, Move, Square};

/// Capacity of a [`FamilyMoveList`]. A position is read only if its
/// material cannot give more moves than this (checked by
/// [`FamilyPosition::from_sfen`]).
pub const FAMILY_MOVE_CAPACITY: usize = 4096;

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

/// Counts the moves the guard lets through untested, and lists the rest
/// to be tested.
struct CountSink<'a> {
    guard: &'a Guard,
    count: usize,
    to_test: &'a mut FamilyMoveList,
}

impl Sink for CountSink<'_> {
    #[inline(always)]
    fn board(&mut self, from: Square, plain: Bitboard, changed: Bitboard) {
        if self.guard.check_from.contains(from) {
            match self.guard.pin_line(from) {
                Some(line) => {
                    self.count += ((plain & line).count() + (changed & line).count()) as usize
                }
                None => ListSink(self.to_test).board(from, plain, changed),
            }
        } else {
            self.count += (plain.count() + changed.count()) as usize;
        }
    }
    #[inline(always)]
    fn drops(&mut self, kind: u8, squares: Bitboard) {
        if self.guard.check_drops || self.guard.drop_mate == Some(kind) {
            ListSink(self.to_test).drops(kind, squares);
        } else {
            self.count += squares.count() as usize;
        }
    }
}

/// What the legality test of one position's moves looks at.
struct Guard {
    /// Board moves from these squares are made and the royal looked at:
    /// the royal itself and pinned pieces; every square when in check, or
    /// with hoppers or borrowed movement; none without a lone royal.
    check_from: Bitboard,
    /// Whether drops are tested that way too (in check).
    check_drops: bool,
    /// The kind whose drop may not mate, if the rule applies.
    drop_mate: Option<u8>,
    /// When only the royal's and pinned pieces' moves can matter (not in
    /// check, no hoppers, no borrowed movement): the lone royal's square,
    /// whose moves are tested without being made.
    royal: Option<Square>,
    /// Pinned pieces and the line each may move along (up to and including
    /// the pinning piece).
    pins: arrayvec::ArrayVec<(Square, Bitboard), 8>,
}

impl Guard {
    /// The line the piece on `from` is pinned along, if it is.
    #[inline(always)]
    fn pin_line(&self, from: Square) -> Option<Bitboard> {
        self.pins
            .iter()
            .find(|(sq, _)| *sq == from)
            .map(|&(_, line)| line)
    }
}

impl FamilyPosition {
    /// The squares a piece of `color` moving as kind `mover` reaches from
    /// `from` (moves to empty squares and captures), before the rules of
    /// promotion and dead squares.
    #[inline(always)]
    fn targets(&self, mover: usize, color: Color, from: Square) -> Bitboard {
        let t = &*self.table;
        let own = self.by_color[color.index()];
        let their = self.by_color[color.opponent().index()];
        let occ = own | their;
        let i = kc(mover, color);
        let l = t.leaps[i * 81 + from.index()];
        let mut targets = (l[0] & !own) | (l[1] & !occ) | (l[2] & their);
        let full = t.full_sliders[i];
        if full != 0 {
            // shogi-core's attack functions work on the whole 9x9 index
            // space; a slide leaving a smaller board never comes back onto
            // it, so the board's squares clip it exactly.
            let mut slides = Bitboard::EMPTY;
            if full & FULL_ROOK != 0 {
                slides |= attacks::rook_attacks(from, occ);
            }
            if full & FULL_BISHOP != 0 {
                slides |= attacks::bishop_attacks(from, occ);
            }
            targets |= slides & t.board & !own;
        }
        for (r, ray) in t.ray_legs[i].iter().enumerate() {
            let mask = t.ray_mask(i, r, from);
            let d = ray.dir as usize;
            let reach = if ray.hop {
                match first_blocker(d, t.rays.ray(d, from) & occ & mask) {
                    Some(screen) => t.rays.slide(d, screen, occ) & mask,
                    None => Bitboard::EMPTY,
                }
            } else {
                t.rays.slide(d, from, occ) & mask
            };
            targets |= match ray.mode {
                Mode::Both => reach & !own,
                Mode::MoveOnly => reach & !occ,
                Mode::CaptureOnly => reach & their,
            };
        }
        targets
    }

    /// The destinations among `targets` of the piece of kind `kind` on
    /// `from` without and with a change of face, as its rule says.
    #[inline(always)]
    fn split_by_face(&self, kind: usize, from: Square, targets: Bitboard) -> (Bitboard, Bitboard) {
        let t = &*self.table;
        let us = self.side;
        let info = &t.kinds[kind];
        let forbid = t.forbid_dead_moves;
        let dead = if forbid {
            t.dead[kc(kind, us)]
        } else {
            Bitboard::EMPTY
        };
        let other_dead = match info.other_face {
            Some(o) if forbid => t.dead[kc(o as usize, us)],
            _ => Bitboard::EMPTY,
        };
        let zone = t.zone[us.index()];
        let in_zone = || {
            if zone.contains(from) {
                targets
            } else {
                targets & zone
            }
        };
        let (plain, changed) = match info.face_change {
            FaceChange::Never => (targets & !dead, Bitboard::EMPTY),
            FaceChange::Zone => (targets & !dead, in_zone()),
            FaceChange::ZoneForced => {
                let can = in_zone();
                (targets & !can & !dead, can)
            }
            FaceChange::Capture => {
                let their = self.by_color[us.opponent().index()];
                (targets & !their & !dead, targets & their)
            }
            FaceChange::Always => (Bitboard::EMPTY, targets),
        };
        (plain, changed & !other_dead)
    }

    /// Hands every pseudo-legal move to `sink`: each piece's destinations
    /// (without and with a change of face), then each kind's drop squares.
    #[inline(always)]
    fn generate<S: Sink>(&self, sink: &mut S) {
        let t = &*self.table;
        let us = self.side;
        for from in self.by_color[us.index()] {
            let kind = kind_of(self.board[from.index()]);
            let mover = self.mover_kind(from, us, kind);
            let targets = self.targets(mover, us, from);
            let (plain, changed) = self.split_by_face(kind, from, targets);
            sink.board(from, plain, changed);
        }
        let empty = t.board & !self.occupied();
        for (k, info) in t.kinds.iter().enumerate() {
            let Some(slot) = info.drop_from else {
                continue;
            };
            if self.hands[us.index()][slot as usize] == 0 {
                continue;
            }
            let mut squares = t.drop_squares[kc(k, us)] & empty;
            if let Some(max) = info.max_per_file {
                let mine = self.by_kind[k] & self.by_color[us.index()];
                for file in 1..=t.files {
                    let column = Bitboard::FILES[file as usize - 1];
                    if (mine & column).count() >= max as u32 {
                        squares &= !column;
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
        self.generate(&mut ListSink(list));
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
        // Most squares have no enemy piece a leap away: one look rules out
        // every leaper.
        let near = t.leap_union[other.index() * 81 + sq.index()] & theirs;
        let leapers: &[u8] = if near.is_empty() { &[] } else { &t.leapers };
        for &k in leapers {
            let k = k as usize;
            let l = t.leaps[kc(k, other) * 81 + sq.index()];
            let from = (l[0] | l[2]) & theirs;
            if from.is_empty() {
                continue;
            }
            if !t.borrowed_movement {
                if (from & self.by_kind[k]).is_any() {
                    return true;
                }
            } else if from
                .into_iter()
                .any(|s| self.mover_kind(s, by, kind_of(self.board[s.index()])) == k)
            {
                return true;
            }
        }
        for d in 0..8 {
            let ray = t.rays.ray(d, sq);
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
    fn guard(&self) -> Guard {
        let t = &*self.table;
        let us = self.side;
        let checkmate = t.royal_rule == RoyalRule::Checkmate;
        let mut guard = Guard {
            check_from: Bitboard::EMPTY,
            check_drops: false,
            drop_mate: if checkmate { t.pawn_drop_mate } else { None },
            royal: None,
            pins: arrayvec::ArrayVec::new(),
        };
        let royals = self.royals[us.index()];
        let Some(royal) = royals.first() else {
            return guard;
        };
        if !checkmate || royals.count() != 1 {
            return guard;
        }
        if t.has_hoppers || t.borrowed_movement || self.is_attacked(royal, us.opponent()) {
            // A hopper's screen, a borrowed move or a check: any move may
            // matter, and each is made and looked at.
            guard.check_from = Bitboard::FULL;
            guard.check_drops = true;
            return guard;
        }
        self.pins_into(royal, us, &mut guard.pins);
        guard.check_from = guard
            .pins
            .iter()
            .fold(Bitboard::from_square(royal), |b, &(sq, _)| b.with(sq));
        guard.royal = Some(royal);
        guard
    }

    /// `color`'s pieces that alone stand between its royal piece on `royal`
    /// and an enemy slider that would attack it (without hoppers or borrowed
    /// movement, the only pieces whose move may uncover the royal), each
    /// with the line it may move along.
    fn pins_into(
        &self,
        royal: Square,
        color: Color,
        pins: &mut arrayvec::ArrayVec<(Square, Bitboard), 8>,
    ) {
        let t = &*self.table;
        let occ = self.occupied();
        let own = self.by_color[color.index()];
        for d in 0..8 {
            let blockers = t.rays.ray(d, royal) & occ;
            let Some(first) = first_blocker(d, blockers) else {
                continue;
            };
            if !own.contains(first) {
                continue;
            }
            let beyond = blockers & t.rays.ray(d, first);
            if let Some(second) = first_blocker(d, beyond) {
                let enemy = color.opponent();
                if self.attacks_along(second, enemy, d ^ 4, distance(royal, second), false) {
                    let line = t.rays.ray(d, royal) & !t.rays.ray(d, second);
                    pins.push((first, line));
                }
            }
        }
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
        let us = self.side;
        let royal_test = match mv.from() {
            Some(from) => guard.check_from.contains(from),
            None => guard.check_drops,
        };
        let mate_test = match (guard.drop_mate, mv.dropped_index()) {
            (Some(p), Some(k)) => p == k && self.drop_may_check(k as usize, mv.to()),
            _ => false,
        };
        if !royal_test && !mate_test {
            return true;
        }
        if let (Some(royal), Some(from)) = (guard.royal, mv.from()) {
            let to = mv.to();
            if from != royal {
                return guard.pin_line(from).is_none_or(|line| line.contains(to));
            }
            // The royal steps: is its new square attacked once it has left
            // the old one (and taken whatever stood on the new one)?
            let occ = (self.occupied() ^ Bitboard::from_square(from)) | Bitboard::from_square(to);
            let them = us.opponent();
            let theirs = self.by_color[them.index()] & !Bitboard::from_square(to);
            return !self.is_attacked_in(to, them, occ, theirs);
        }
        let undo = self.make(mv);
        let mut legal = !(royal_test && self.royal_attacked(us));
        if legal && mate_test && self.is_check() && !self.has_legal_move() {
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
        let guard = self.guard();
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
        let guard = self.guard();
        // Borrowed, not owned: a list is a large array, and moving it out
        // of the sink would copy it at every node.
        let mut to_test = FamilyMoveList::new();
        let mut sink = CountSink {
            guard: &guard,
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

    /// Fills `list` with the legal moves (cleared first). The position is
    /// used to try moves and is left as it was.
    pub fn legal_moves_into(&mut self, list: &mut FamilyMoveList) {
        list.clear();
        if self.is_over() {
            return;
        }
        let guard = self.guard();
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
        self.legal_moves().contains(&mv)
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
