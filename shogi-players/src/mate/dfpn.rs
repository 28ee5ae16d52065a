//! Depth-first proof-number search (df-pn, Nagai 2002) over the tree of a
//! mate problem: at the attacker's turns only its checking moves, at the
//! defender's every legal reply.
//!
//! Each node has a proof number (how many more leaves must be proved mates
//! to prove it) and a disproof number (leaves to disprove). The search
//! descends into the most proving child with thresholds that say when to
//! come back, so that it works depth-first with the memory of a
//! best-first search; the numbers live in the [`Table`].
//!
//! Results carry what they are worth: a mate its length in plies (the
//! attacker's shortest known, the defender's longest), a disproof the
//! number of plies it covers (every line fails within the plies left, or
//! for ever) and the repetitions it rests on ([`Reliance`]).

use super::table::{Known, Path, Reliance, Table, FOREVER, INFINITE};
use crate::node_budget::NodeBudget;
use shogi_core::{
    attacks, Bitboard, Color, Hand, Move, MoveList, PieceKind, Position, Square, Variant,
};

/// Entries of the defender's reply counts kept by [`Dfpn::replies`].
const REPLY_CACHE: usize = 1 << 15;

/// How many times a node on a loop searches past its thresholds.
const MAX_EXTENSIONS: u32 = 4;

/// A child of the node being searched, as last seen.
#[derive(Clone, Copy, Debug)]
struct Child {
    mv: Move,
    known: Known,
}

impl Child {
    /// Proof and disproof numbers.
    #[inline]
    fn numbers(&self) -> (u32, u32) {
        match self.known {
            Known::Mate(_) => (0, INFINITE),
            Known::NoMate(..) => (INFINITE, 0),
            Known::Open(pn, dn) => (pn, dn),
        }
    }
}

/// The search of one problem: the variant, the attacker and the path.
pub(crate) struct Dfpn<'a, 'b, V> {
    pub variant: &'a V,
    pub table: &'a mut Table,
    pub budget: &'a mut NodeBudget<'b>,
    pub attacker: Color,
    /// Whether the variant lists more or other moves than the position
    /// (then its legal moves are filtered for checks).
    filters: bool,
    /// Whether disproofs resting on repetitions are taken only on paths
    /// where they hold (else wherever found: faster, and the result's
    /// reliance says whether it must be checked, [`Dfpn::disproof_closes`]).
    pub strict: bool,
    /// The positions on the path.
    path: Path,
    /// The defender's number of replies by full hash, [`Dfpn::replies`].
    replies: Vec<std::cell::Cell<(u64, u32)>>,
    /// Checks known not to be mated in two plies, by full hash,
    /// [`Dfpn::mated_in_two_once`].
    not_mated_in_two: Vec<std::cell::Cell<u64>>,
    /// Children per ply, reused.
    children: Vec<Vec<Child>>,
}

impl<'a, 'b, V: Variant> Dfpn<'a, 'b, V> {
    pub(crate) fn new(
        variant: &'a V,
        table: &'a mut Table,
        budget: &'a mut NodeBudget<'b>,
        attacker: Color,
    ) -> Self {
        Dfpn {
            variant,
            table,
            budget,
            attacker,
            filters: variant.move_filter().is_some(),
            strict: false,
            path: Path::default(),
            replies: vec![std::cell::Cell::new((0, 0)); REPLY_CACHE],
            not_mated_in_two: vec![std::cell::Cell::new(0); REPLY_CACHE],
            children: Vec::new(),
        }
    }

    /// The attacker's hand, the second half of a table key.
    #[inline]
    fn hand(&self, pos: &Position) -> Hand {
        pos.hand(self.attacker)
    }

    /// Searches `root` for a mate within `plies` until it is decided or
    /// the budget runs out.
    pub(crate) fn solve(&mut self, root: &mut Position, plies: u16) -> Known {
        self.path.clear();
        self.path.push(root.hash());
        loop {
            let known = self.mid(root, plies, INFINITE, INFINITE);
            if !matches!(known, Known::Open(..)) || self.budget.stopped {
                return known;
            }
        }
    }

    /// What the table knows of `pos` with `plies` left, on the current path.
    #[inline]
    pub(crate) fn look(&self, pos: &Position, plies: u16) -> Known {
        self.look_fresh(pos, plies).0
    }

    /// [`Dfpn::look`], and whether the table knew nothing of `pos`.
    fn look_fresh(&self, pos: &Position, plies: u16) -> (Known, bool) {
        let path = self.strict.then_some(&self.path);
        let known = self
            .table
            .look(pos.board_hash(), self.hand(pos), plies, path);
        let fresh = known == Known::Open(0, 0);
        let known = match known {
            // Never searched: the defender's numbers start at its number
            // of replies (a check with many answers is hard to prove; a
            // plain 1 would send the search down long lines of checks that
            // leave one reply each), and a check with none is a mate seen
            // from the attacker's node; the attacker's numbers start at 1.
            Known::Open(0, 0) if pos.side_to_move() != self.attacker => {
                match self.replies(pos) {
                    // No reply: mated (or, by a rule of the variant, not),
                    // known without a node of its own.
                    0 => self.no_moves(pos),
                    // A reply and no ply left to mate it.
                    _ if plies == 0 => Known::NoMate(Reliance::NONE, 0),
                    n => Known::Open(n as u32, 1),
                }
            }
            // The attacker with no ply left for a check.
            Known::Open(..) if plies == 0 => Known::NoMate(Reliance::NONE, 0),
            Known::Open(0, 0) => Known::Open(1, 1),
            known => known,
        };
        (known, fresh)
    }

    /// [`Dfpn::mated_in_two`], asked once per position: a node's children
    /// are looked at again each time the search comes back to it, and a
    /// check not mated in two stays fresh in the table until searched.
    fn mated_in_two_once(&self, pos: &mut Position, reply_count: u32) -> bool {
        let hash = pos.hash();
        let slot = &self.not_mated_in_two[(hash as usize) & (REPLY_CACHE - 1)];
        if slot.get() == hash {
            return false;
        }
        let mated = self.mated_in_two(pos, reply_count);
        if !mated {
            slot.set(hash);
        }
        mated
    }

    /// Whether every reply of the defender at `pos` (to move, in check,
    /// with `reply_count` replies) is mated by the attacker's next check: a mate in 2
    /// plies found without spending nodes, as a new check is first looked
    /// at (the search would otherwise spend a node on it and one on each
    /// reply). The table keeps only this position's mate: the line's
    /// reader finds the rest again with [`Dfpn::mated_in_one`].
    fn mated_in_two(&self, pos: &mut Position, reply_count: u32) -> bool {
        // A variant that lists other moves than the position (must-capture)
        // generates every move to list a few: there the test costs more
        // than the nodes it saves (must-capture's random problems took
        // minutes instead of seconds).
        if self.filters {
            return false;
        }
        // A king with three free squares is seldom mated after each of
        // its steps, nor one with two when it has other replies besides:
        // not worth the test (measured on the public problems: of the
        // checks leaving two free squares and more than two replies, about
        // one in a hundred is mated in two; skipping them cut the time a
        // node by a tenth and kept the problems solved).
        let exits = self.king_exits(pos, 3);
        if exits.count() == 3 || (exits.count() == 2 && reply_count > 2) {
            return false;
        }
        let king = pos.king(pos.side_to_move());
        let mut checks = MoveList::new();
        let mut mated_after = |pos: &mut Position, reply: Move| {
            let undo = pos.play_unchecked(reply);
            let mated = self.mated_in_one(pos, &mut checks);
            pos.undo(reply, undo);
            mated
        };
        // The king's steps first (`exits` holds every one): the likeliest
        // escapes, which end the test before the other replies are
        // generated.
        if let Some(king) = king {
            if !exits
                .into_iter()
                .all(|to| mated_after(pos, Move::normal(king, to, false)))
            {
                return false;
            }
        }
        let mut replies = MoveList::new();
        self.moves(pos, &mut replies);
        !replies.is_empty()
            && replies
                .iter()
                .filter(|m| m.is_drop() || m.from() != king)
                .all(|&reply| mated_after(pos, reply))
    }

    /// Whether the attacker, to move at `pos`, has a check that leaves the
    /// defender no reply (`checks` is scratch space).
    pub(crate) fn mated_in_one(&self, pos: &mut Position, checks: &mut MoveList) -> bool {
        self.moves(pos, checks);
        let escapes = self.escapes_now(pos);
        checks.iter().any(|&check| {
            if let Some((king, free)) = escapes {
                if !covers_all(pos, check, king, free) {
                    return false;
                }
            }
            let undo = pos.play_unchecked(check);
            let mate = !self.king_steps_out(pos)
                && self.replies(pos) == 0
                && self.no_moves(pos) == Known::Mate(0);
            pos.undo(check, undo);
            mate
        })
    }

    /// The defender's king and the squares it could step to now (with the
    /// attacker to move at `pos`), for [`covers_all`]'s test of each check;
    /// `None` where that test does not apply: the variant lists other moves
    /// than the position (a king step may then not be a reply), or the
    /// defender has no king.
    fn escapes_now(&self, pos: &Position) -> Option<(Square, Bitboard)> {
        if self.filters {
            return None;
        }
        let them = pos.side_to_move().opponent();
        let king = pos.king(them)?;
        Some((king, free_steps(pos, them, king, 8)))
    }

    /// Whether the side to move's king has a legal step (onto a square
    /// none of the enemy attacks once the king has left its own): a reply,
    /// found without generating every reply, which is how most checks
    /// fail to mate. False when the variant lists other moves than the
    /// position (its replies are then counted).
    fn king_steps_out(&self, pos: &Position) -> bool {
        self.king_exits(pos, 1).is_any()
    }

    /// The squares of the side to move's legal king steps, the first
    /// `most` found; none when the variant lists other moves than the
    /// position.
    fn king_exits(&self, pos: &Position, most: usize) -> Bitboard {
        if self.filters {
            return Bitboard::EMPTY;
        }
        let us = pos.side_to_move();
        match pos.king(us) {
            Some(king) => free_steps(pos, us, king, most),
            None => Bitboard::EMPTY,
        }
    }

    /// How many legal replies the defender has at `pos`, remembered: a
    /// node searched again (df-pn comes back to a node each time its
    /// thresholds are raised) looks its unsearched children up again.
    #[inline]
    fn replies(&self, pos: &Position) -> usize {
        let hash = pos.hash();
        let slot = &self.replies[(hash as usize) & (REPLY_CACHE - 1)];
        let (key, count) = slot.get();
        if key == hash {
            return count as usize;
        }
        let count = self.variant.count_legal_moves(pos);
        slot.set((hash, count as u32));
        count
    }

    /// The moves searched at `pos`: the attacker's checks, or every reply.
    pub(crate) fn moves(&self, pos: &Position, list: &mut MoveList) {
        list.clear();
        let attacking = pos.side_to_move() == self.attacker;
        if attacking && !self.filters {
            pos.legal_checks_into(list);
            return;
        }
        self.variant.legal_moves_into(pos, list);
        if attacking {
            list.retain(|m| pos.gives_check(*m));
        }
    }

    /// The value of a leaf with no moves to search: mated, or escaped.
    fn no_moves(&self, pos: &Position) -> Known {
        let attacking = pos.side_to_move() == self.attacker;
        if !attacking && self.variant.no_move_outcome(pos).winner == Some(self.attacker) {
            Known::Mate(0)
        } else {
            Known::NoMate(Reliance::NONE, FOREVER)
        }
    }

    /// Multiple-iterative deepening at `pos` (the last position of the
    /// path, `plies` left) until its proof number reaches `th_pn` or its
    /// disproof number `th_dn`; returns what is known of it then (and
    /// records it).
    fn mid(&mut self, pos: &mut Position, plies: u16, th_pn: u32, th_dn: u32) -> Known {
        if !self.budget.enter() {
            return self.look(pos, plies);
        }
        let board = pos.board_hash();
        let hand = self.hand(pos);
        let attacking = pos.side_to_move() == self.attacker;
        let start_nodes = self.budget.nodes;
        if attacking && plies == 0 {
            // No ply left for a check.
            self.table
                .store_no_mate(board, hand, plies, 0, Reliance::NONE, 1);
            return Known::NoMate(Reliance::NONE, 0);
        }
        let mut list = MoveList::new();
        self.moves(pos, &mut list);
        if list.is_empty() {
            let known = self.no_moves(pos);
            match known {
                Known::Mate(_) => self.table.store_mate(board, hand, plies, 0, 1),
                _ => self
                    .table
                    .store_no_mate(board, hand, plies, FOREVER, Reliance::NONE, 1),
            }
            return known;
        }
        if !attacking && plies == 0 {
            // The defender has a move and no ply is left to mate it.
            self.table
                .store_no_mate(board, hand, plies, 0, Reliance::NONE, 1);
            return Known::NoMate(Reliance::NONE, 0);
        }
        let mut children = self.children.pop().unwrap_or_default();
        children.clear();
        // A child back on the path: the numbers here may feed on
        // themselves round the loop; see below.
        let mut looped = false;
        let (mut th_pn, mut th_dn) = (th_pn, th_dn);
        // The children's table entries, asked for ahead (the first 16: the
        // tags of their clusters, then the entries whose tags match), so
        // that their cache misses overlap instead of following each other.
        let mut boards = [0u64; 16];
        for (&mv, board) in list.iter().zip(&mut boards) {
            *board = pos.board_hash_after(mv);
            self.table.prefetch(*board);
        }
        for &board in boards.iter().take(list.len()) {
            self.table.prefetch_entries(board);
        }
        for &mv in &list {
            let undo = pos.play_unchecked(mv);
            let hash = pos.hash();
            let known = if self.path.contains(&hash) {
                // Back on the path: this line does not mate.
                looped = true;
                Known::NoMate(Reliance::on(hash), FOREVER)
            } else {
                let (known, fresh) = self.look_fresh(pos, plies - 1);
                if attacking
                    && plies > 2
                    && fresh
                    && matches!(known, Known::Open(n, _) if self.mated_in_two_once(pos, n))
                {
                    self.table
                        .store_mate(pos.board_hash(), self.hand(pos), plies - 1, 2, 0);
                    Known::Mate(2)
                } else {
                    known
                }
            };
            pos.undo(mv, undo);
            children.push(Child { mv, known });
        }
        let here = pos.hash();
        let mut extensions = 0;
        let result = loop {
            if let Some(done) = self.decided(&children, attacking, here) {
                break done;
            }
            let (pn, dn, best, second) = summarize(&children, attacking);
            if looped
                && !self.budget.stopped
                && (pn >= th_pn || dn >= th_dn)
                && extensions < MAX_EXTENSIONS
            {
                // On a loop, numbers can grow round it for ever without the
                // search going deep enough to see the repetition: search on
                // past the thresholds (after Kishimoto's threshold
                // controlling algorithm).
                extensions += 1;
                th_pn = th_pn.max(pn.saturating_add(1)).min(INFINITE);
                th_dn = th_dn.max(dn.saturating_add(1)).min(INFINITE);
            }
            if pn >= th_pn || dn >= th_dn || self.budget.stopped {
                let work = (self.budget.nodes - start_nodes) as u32;
                self.table.store_open(board, hand, plies, pn, dn, work);
                break Known::Open(pn, dn);
            }
            let (cpn, cdn) = children[best].numbers();
            let (child_pn, child_dn) = if attacking {
                (th_pn.min(epsilon_above(second)), sub_others(th_dn, dn, cdn))
            } else {
                (sub_others(th_pn, pn, cpn), th_dn.min(epsilon_above(second)))
            };
            let mv = children[best].mv;
            let undo = pos.play_unchecked(mv);
            self.path.push(pos.hash());
            let known = self.mid(pos, plies - 1, child_pn, child_dn);
            self.path.pop();
            pos.undo(mv, undo);
            children[best].known = known;
        };
        let work = (self.budget.nodes - start_nodes) as u32;
        match result {
            Known::Mate(n) => self.table.store_mate(board, hand, plies, n, work),
            Known::NoMate(reliance, depth) => {
                self.table
                    .store_no_mate(board, hand, plies, depth, reliance, work);
            }
            Known::Open(..) => {}
        }
        self.children.push(children);
        result
    }

    /// The node's result if its children decide it: a mate (the attacker's
    /// shortest proved check, or the defender's longest mated reply) or a
    /// disproof (every check fails, or one reply escapes).
    fn decided(&self, children: &[Child], attacking: bool, here: u64) -> Option<Known> {
        let mut mate_plies: Option<u16> = None;
        let mut all_mated = true;
        let mut all_fail = true;
        let mut fail_depth = FOREVER;
        let mut fail_reliance = Reliance::NONE;
        let mut escape: Option<(u16, Reliance)> = None;
        for c in children {
            match c.known {
                Known::Mate(n) => {
                    all_fail = false;
                    mate_plies = Some(match mate_plies {
                        None => n,
                        Some(m) if attacking => m.min(n),
                        Some(m) => m.max(n),
                    });
                }
                Known::NoMate(reliance, depth) => {
                    all_mated = false;
                    fail_depth = fail_depth.min(depth);
                    fail_reliance = fail_reliance.and(reliance);
                    // The defender's escape worth the most: the longest,
                    // then the one resting on no repetition.
                    let better = match escape {
                        None => true,
                        Some((d, r)) => depth > d || (depth == d && reliance.weight() < r.weight()),
                    };
                    if better {
                        escape = Some((depth, reliance));
                    }
                }
                Known::Open(..) => {
                    all_mated = false;
                    all_fail = false;
                }
            }
        }
        let plus_one = |d: u16| {
            if d == FOREVER {
                FOREVER
            } else {
                d.saturating_add(1).min(FOREVER - 1)
            }
        };
        if attacking {
            if let Some(n) = mate_plies {
                return Some(Known::Mate(n + 1));
            }
            if all_fail {
                return Some(Known::NoMate(fail_reliance.at(here), plus_one(fail_depth)));
            }
        } else {
            if let Some((depth, reliance)) = escape {
                return Some(Known::NoMate(reliance.at(here), plus_one(depth)));
            }
            if all_mated {
                return mate_plies.map(|n| Known::Mate(n + 1));
            }
        }
        None
    }
}

impl<V: Variant> Dfpn<'_, '_, V> {
    /// Whether the table's disproof of `root` closes into a defence: from
    /// `root`, against every check a reply is kept that is disproved by
    /// the table with no repetition relied on, or leads back into the
    /// defence (the attacker, checking for ever, repeats: a perpetual
    /// check, which loses). Such a defence is a proof of no mate whatever
    /// paths the table's entries were found on. False if the defence does
    /// not close (an entry relied on a repetition that is not in it) or
    /// the budget runs out first.
    pub(crate) fn disproof_closes(&mut self, root: &Position) -> bool {
        use std::collections::HashSet;
        let mut defence: HashSet<u64> = HashSet::new();
        defence.insert(root.hash());
        let mut stack = vec![root.clone()];
        let mut list = MoveList::new();
        // What a child is worth to the defence.
        enum Worth {
            Sound,
            ToExpand,
            Useless,
        }
        while let Some(pos) = stack.pop() {
            if !self.budget.enter() {
                return false;
            }
            self.moves(&pos, &mut list);
            let attacking = pos.side_to_move() == self.attacker;
            if list.is_empty() {
                if matches!(self.no_moves(&pos), Known::Mate(_)) {
                    return false;
                }
                continue;
            }
            let mut tainted: Option<Position> = None;
            let mut escaped = false;
            for &mv in &list {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let worth = if defence.contains(&child.hash()) {
                    Worth::Sound
                } else {
                    match self
                        .table
                        .look(child.board_hash(), self.hand(&child), FOREVER, None)
                    {
                        Known::NoMate(r, FOREVER) if r.is_none() => Worth::Sound,
                        Known::NoMate(_, FOREVER) => Worth::ToExpand,
                        _ => Worth::Useless,
                    }
                };
                match (worth, attacking) {
                    (Worth::Useless, true) => return false,
                    (Worth::Sound, true) => {}
                    (Worth::ToExpand, true) => {
                        defence.insert(child.hash());
                        stack.push(child);
                    }
                    (Worth::Sound, false) => {
                        escaped = true;
                        break;
                    }
                    (Worth::ToExpand, false) => {
                        tainted.get_or_insert(child);
                    }
                    (Worth::Useless, false) => {}
                }
            }
            if !attacking && !escaped {
                let Some(child) = tainted else {
                    return false;
                };
                defence.insert(child.hash());
                stack.push(child);
            }
        }
        true
    }
}

/// The squares `color`'s king on `king` may step to (none of its own
/// pieces there, none of the enemy's attacking it once the king has left
/// its square), the first `most` found.
fn free_steps(pos: &Position, color: Color, king: Square, most: usize) -> Bitboard {
    let occupied = pos.occupied().without(king);
    let targets = attacks::step_attacks(color, PieceKind::King, king) & !pos.pieces(color);
    targets
        .into_iter()
        .filter(|&sq| pos.geometry().contains(sq))
        .filter(|&sq| !pos.is_attacked(sq, color.opponent(), occupied))
        .take(most)
        .fold(Bitboard::EMPTY, |set, sq| set | Bitboard::from_square(sq))
}

/// Whether the attacker's `check` (to move at `pos`) may leave the king on
/// `king` none of its `free` steps: each must be the checker's square (the
/// king may take the checker only if it is undefended), attacked by the
/// moved piece from there, or on a line through the vacated square (along
/// which a slider may be uncovered). False proves the check does not mate
/// (the king steps out), without playing it; true asks for the full test.
fn covers_all(pos: &Position, check: Move, king: Square, free: Bitboard) -> bool {
    if free.is_empty() {
        return true;
    }
    let Some(checker) = pos.piece_after(check) else {
        return true;
    };
    let to = check.to();
    let vacated = check.from().map_or(Bitboard::EMPTY, |from| {
        attacks::rook_pseudo_attacks(from) | attacks::bishop_pseudo_attacks(from)
    });
    let occupied = pos.occupied_after(check).without(king);
    let covered = Bitboard::from_square(to)
        | attacks::attacks(checker.color, checker.kind, to, occupied)
        | vacated;
    (free & !covered).is_empty()
}

/// The node's numbers from its children's, the child to search next (the
/// most proving at the attacker's turn, the most disproving at the
/// defender's) and the runner-up's number.
///
/// The defender's proof number is the sum of its replies'. The attacker's
/// disproof number is the largest check's plus one for each other open
/// check, as in weak proof-number search (Ueda et al. 2008): a plain sum
/// counts a position reached by two checks twice, and round a loop of
/// positions that differ only in hand the sums feed on themselves for ever
/// (measured on the public problems at 100,000 nodes each: 174 solved
/// against 168 with sums on both sides, 167 with the weak form on both).
#[inline]
fn summarize(children: &[Child], attacking: bool) -> (u32, u32, usize, u32) {
    let mut min = INFINITE;
    let mut second = INFINITE;
    let mut most = 0u32;
    let mut open = 0u32;
    let mut sum = 0u32;
    let mut best = 0;
    for (i, c) in children.iter().enumerate() {
        let (pn, dn) = c.numbers();
        let (phi, delta) = if attacking { (pn, dn) } else { (dn, pn) };
        sum = sum.saturating_add(delta).min(INFINITE);
        if delta > 0 {
            most = most.max(delta);
            open += 1;
        }
        if phi < min {
            second = min;
            min = phi;
            best = i;
        } else if phi < second {
            second = phi;
        }
    }
    let weak = if open == 0 {
        0
    } else {
        most.saturating_add(open - 1).min(INFINITE)
    };
    let added = if attacking { weak } else { sum };
    if attacking {
        (min, added, best, second)
    } else {
        (added, min, best, second)
    }
}

/// The threshold a child is searched to when the runner-up's number is
/// `second`: a little above it (the 1 + ε trick of Pawlewicz and Lew
/// 2007), so that two close children are not switched between at every
/// node, each switch re-expanding the other from the table.
#[inline]
fn epsilon_above(second: u32) -> u32 {
    second
        .saturating_add(second / 4)
        .saturating_add(1)
        .min(INFINITE)
}

/// The threshold left for one child when the others already add up to
/// `total - child` of it.
#[inline]
fn sub_others(threshold: u32, total: u32, child: u32) -> u32 {
    if threshold >= INFINITE {
        return INFINITE;
    }
    threshold.saturating_sub(total.saturating_sub(child))
}
