//! The transposition table of the proof-number search: what is known of
//! each position searched, shared by every path that reaches it.
//!
//! An entry is keyed by the board (with the side to move) and the
//! attacker's hand. Positions with the same board but different hands are
//! compared by hand superiority: a mate proved with hand `h` is a mate with
//! any hand that covers `h` (the defender, holding the rest, has less), and
//! a disproof with hand `h` disproves any hand that `h` covers.
//!
//! A disproof may rest on a repetition: a line was refused because it came
//! back to a position on the path searched. Such a disproof holds only
//! where the same positions are on the path (the graph-history
//! interaction): the entry keeps those positions ([`Reliance`]) and is used
//! only on a path that holds them.

use shogi_core::Hand;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// Proof and disproof numbers count to this, which stands for infinity.
pub(crate) const INFINITE: u32 = u32::MAX / 4;

/// No mate within any number of plies.
pub(crate) const FOREVER: u16 = u16::MAX;

/// Entries one board key may sit in (searched linearly from its slot).
const CLUSTER: usize = 8;

/// The most repeated positions a kept disproof may rest on.
const RELIED: usize = 2;

/// What a disproof rests on: positions that were on the path searched, to
/// which a line came back (a repetition, which fails for the attacker). It
/// holds wherever those positions are again on the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reliance {
    /// Full hashes of the positions; the first `count` are used.
    hashes: [u64; RELIED],
    count: u8,
    /// It rested on more positions than are kept: it never holds on
    /// another path, and is never discharged.
    overflow: bool,
}

impl Reliance {
    pub(crate) const NONE: Reliance = Reliance {
        hashes: [0; RELIED],
        count: 0,
        overflow: false,
    };

    /// Resting on the position of hash `hash`.
    pub(crate) fn on(hash: u64) -> Reliance {
        let mut r = Reliance::NONE;
        r.hashes[0] = hash;
        r.count = 1;
        r
    }

    /// Whether it rests on nothing.
    #[inline]
    pub(crate) fn is_none(&self) -> bool {
        self.count == 0 && !self.overflow
    }

    /// How much it rests on, for choosing the disproof that rests on least.
    #[inline]
    pub(crate) fn weight(&self) -> usize {
        if self.overflow {
            RELIED + 1
        } else {
            usize::from(self.count)
        }
    }

    /// Whether it holds on the path `path`.
    #[inline]
    pub(crate) fn holds(&self, path: &Path) -> bool {
        !self.overflow
            && self.hashes[..usize::from(self.count)]
                .iter()
                .all(|h| path.contains(h))
    }

    /// Resting on both.
    pub(crate) fn and(self, other: Reliance) -> Reliance {
        let mut r = self;
        r.overflow |= other.overflow;
        for &h in &other.hashes[..usize::from(other.count)] {
            if r.hashes[..usize::from(r.count)].contains(&h) {
                continue;
            }
            if usize::from(r.count) == RELIED {
                r.overflow = true;
            } else {
                r.hashes[usize::from(r.count)] = h;
                r.count += 1;
            }
        }
        r
    }

    /// This reliance at the position of hash `hash`: a line that comes
    /// back to the position itself is discharged there, since checks that
    /// only return to where they started do not mate (the defender repeats
    /// its defence; the repetition is a perpetual check, which loses).
    pub(crate) fn at(self, hash: u64) -> Reliance {
        let n = usize::from(self.count);
        match self.hashes[..n].iter().position(|&h| h == hash) {
            None => self,
            Some(i) => {
                let mut r = self;
                r.hashes[i] = r.hashes[n - 1];
                r.count -= 1;
                r
            }
        }
    }
}

/// The positions on the path searched, by full hash: a set, so that a
/// child's "back on the path?" costs the same at ply 5 as at ply 500.
#[derive(Default)]
pub(crate) struct Path {
    order: Vec<u64>,
    set: HashSet<u64, BuildHasherDefault<HashBits>>,
}

impl Path {
    pub(crate) fn clear(&mut self) {
        self.order.clear();
        self.set.clear();
    }

    pub(crate) fn push(&mut self, hash: u64) {
        self.order.push(hash);
        self.set.insert(hash);
    }

    pub(crate) fn pop(&mut self) {
        if let Some(hash) = self.order.pop() {
            self.set.remove(&hash);
        }
    }

    #[inline]
    pub(crate) fn contains(&self, hash: &u64) -> bool {
        self.set.contains(hash)
    }
}

/// A hasher for Zobrist hashes, which are random already: the value itself.
#[derive(Default)]
struct HashBits(u64);

impl Hasher for HashBits {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// What is known of one position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    /// The board hash (`Position::board_hash`); 0 marks an empty slot.
    pub board: u64,
    /// The attacker's hand.
    pub hand: Hand,
    /// The plies left that the working numbers were found with. Numbers
    /// are kept per depth: a position reached at two depths (a king that
    /// walks round while the attacker's pieces close in) otherwise feeds
    /// the numbers of one depth into the other's, and two such lines can
    /// raise each other's disproof numbers for ever without either being
    /// searched deeper. Results (mate, no mate) hold at every depth.
    pub left: u16,
    /// Working proof and disproof numbers (never 0: results are below).
    pub pn: u32,
    pub dn: u32,
    /// The shortest mate found from here, in plies, or `FOREVER` if none.
    pub mate: u16,
    /// No mate within this many plies (`FOREVER`: none at all), if `Some`.
    pub no_mate: Option<u16>,
    /// What the disproof rests on.
    pub reliance: Reliance,
    /// Nodes spent here, for replacement.
    pub work: u32,
    /// The search this entry belongs to.
    pub generation: u32,
}

impl Entry {
    const EMPTY: Entry = Entry {
        board: 0,
        hand: Hand::EMPTY,
        left: 0,
        pn: 1,
        dn: 1,
        mate: FOREVER,
        no_mate: None,
        reliance: Reliance::NONE,
        work: 0,
        generation: 0,
    };
}

/// What a lookup says of a position searched with `plies` left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Known {
    /// A mate in this many plies (at most the plies left).
    Mate(u16),
    /// No mate within the plies left, resting on `Reliance`.
    NoMate(Reliance, u16),
    /// Working numbers (pn, dn); `Open(0, 0)` from [`Table::look`] means
    /// nothing is known.
    Open(u32, u32),
}

/// The first size of a table, in entries: a short problem touches a few
/// thousand positions, and a table that starts at its full size would spend
/// longer writing its memory than solving (tens of milliseconds for 64 MiB).
const FIRST_LEN: usize = 1 << 14;

/// The table: a power-of-two number of slots, doubled (up to its most)
/// whenever three quarters are in use.
pub(crate) struct Table {
    slots: Vec<Entry>,
    /// Each slot's board hash, side by side: a lookup reads the cluster's
    /// eight tags (one cache line) and only the entries whose tag matches
    /// (an entry is 64 bytes: the whole cluster is eight lines).
    tags: Vec<u64>,
    mask: usize,
    generation: u32,
    /// Slots holding an entry of this generation.
    used: usize,
    /// The most slots it may grow to.
    max_len: usize,
}

impl Table {
    /// A table of at most about `bytes` bytes (at least two clusters).
    pub(crate) fn with_bytes(bytes: usize) -> Table {
        let want = (bytes / std::mem::size_of::<Entry>()).max(CLUSTER * 2);
        let max_len = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        let len = max_len.min(FIRST_LEN);
        Table {
            slots: vec![Entry::EMPTY; len],
            tags: vec![0; len],
            mask: len - 1,
            generation: 1,
            used: 0,
            max_len,
        }
    }

    /// The most the table takes, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.max_len * std::mem::size_of::<Entry>()
    }

    /// Forgets every entry (a new problem: its material differs). The
    /// table keeps its size.
    pub(crate) fn new_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
        self.used = 0;
        if self.generation == 1 {
            // Wrapped round: entries of an old generation numbered 1 would
            // come back to life.
            self.slots.fill(Entry::EMPTY);
            self.tags.fill(0);
        }
    }

    /// Doubles the table, moving this generation's entries over (an entry
    /// whose new cluster is full is dropped, as a replacement would).
    fn grow(&mut self) {
        let len = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![Entry::EMPTY; len]);
        self.tags = vec![0; len];
        self.mask = len - 1;
        self.used = 0;
        for e in old {
            if e.generation != self.generation || e.board == 0 {
                continue;
            }
            let free = self
                .cluster(e.board)
                .find(|&i| self.slots[i].generation != self.generation);
            if let Some(i) = free {
                self.tags[i] = e.board;
                self.slots[i] = e;
                self.used += 1;
            }
        }
    }

    /// The slots `board` may sit in: an aligned run of [`CLUSTER`].
    #[inline]
    fn cluster(&self, board: u64) -> std::ops::Range<usize> {
        let start = (board as usize) & self.mask & !(CLUSTER - 1);
        start..start + CLUSTER
    }

    #[inline]
    fn live(&self, e: &Entry, board: u64) -> bool {
        e.board == board && e.generation == self.generation
    }

    /// Asks the memory for the tags of `board`'s cluster ahead of a
    /// [`Table::look`] (a node's children, looked up one after another,
    /// would otherwise each wait for their own cache miss).
    #[inline]
    pub(crate) fn prefetch(&self, board: u64) {
        if let Some(tag) = self.tags.get(self.cluster(board).start) {
            crate::prefetch::prefetch(tag);
        }
    }

    /// Asks the memory for the entries of `board`'s cluster that may be
    /// its own (their tags match), ahead of a [`Table::look`]: the second
    /// miss of a lookup, after [`Table::prefetch`] brought the tags.
    #[inline]
    pub(crate) fn prefetch_entries(&self, board: u64) {
        for i in self.cluster(board) {
            if self.tags[i] == board {
                crate::prefetch::prefetch(&self.slots[i]);
            }
        }
    }

    /// What is known of the position (`board`, attacker's `hand`) searched
    /// with `plies` left, on the path `path`: disproofs resting on
    /// repetitions are taken only where they hold on it, or, with no path
    /// given, wherever they are found (the caller then keeps track of what
    /// the result rests on, which stays in its [`Reliance`]).
    #[inline]
    pub(crate) fn look(&self, board: u64, hand: Hand, plies: u16, path: Option<&Path>) -> Known {
        // `Open(0, 0)`: nothing known (the caller estimates the numbers).
        let mut open = (0, 0);
        for i in self.cluster(board) {
            if self.tags[i] != board {
                continue;
            }
            let e = &self.slots[i];
            if !self.live(e, board) {
                continue;
            }
            if e.mate <= plies && hand.covers(e.hand) {
                return Known::Mate(e.mate);
            }
            if let Some(depth) = e.no_mate {
                if depth >= plies && e.hand.covers(hand) && path.is_none_or(|p| e.reliance.holds(p))
                {
                    return Known::NoMate(e.reliance, depth);
                }
            }
            if e.hand == hand && e.left == plies {
                open = (e.pn, e.dn);
            }
        }
        Known::Open(open.0, open.1)
    }

    /// The entry of (`board`, `hand`) searched with `left` plies left to
    /// update: the existing one, else a free slot, else the least
    /// worked-on entry that proves nothing.
    fn slot(&mut self, board: u64, hand: Hand, left: u16) -> &mut Entry {
        if self.used >= self.slots.len() / 4 * 3 && self.slots.len() < self.max_len {
            self.grow();
        }
        let cluster = self.cluster(board);
        let mut pick = cluster.start;
        let mut pick_score = u64::MAX;
        for i in cluster {
            let e = &self.slots[i];
            if self.live(e, board) && e.hand == hand && e.left == left {
                pick = i;
                break;
            }
            let score = if e.generation != self.generation || e.board == 0 {
                0
            } else {
                // Results are kept over numbers: they save whole searches.
                let kept = u64::from(e.mate != FOREVER || e.no_mate == Some(FOREVER));
                (kept << 40) | (u64::from(e.work) + 1)
            };
            if score < pick_score {
                pick_score = score;
                pick = i;
            }
        }
        let i = pick;
        let generation = self.generation;
        if self.slots[i].generation != generation {
            self.used += 1;
        }
        self.tags[i] = board;
        let e = &mut self.slots[i];
        if !(e.board == board && e.hand == hand && e.left == left && e.generation == generation) {
            *e = Entry {
                board,
                hand,
                left,
                generation,
                ..Entry::EMPTY
            };
        }
        e
    }

    /// Records working numbers found with `left` plies left.
    pub(crate) fn store_open(
        &mut self,
        board: u64,
        hand: Hand,
        left: u16,
        pn: u32,
        dn: u32,
        work: u32,
    ) {
        let e = self.slot(board, hand, left);
        e.pn = pn.max(1);
        e.dn = dn.max(1);
        e.work = e.work.saturating_add(work);
    }

    /// Records a mate in `plies`, found with `left` plies left (kept if
    /// shorter than the one known).
    pub(crate) fn store_mate(&mut self, board: u64, hand: Hand, left: u16, plies: u16, work: u32) {
        let e = self.slot(board, hand, left);
        e.work = e.work.saturating_add(work);
        e.mate = e.mate.min(plies);
    }

    /// Records that there is no mate within `plies`, resting on
    /// `reliance`, found with `left` plies left.
    pub(crate) fn store_no_mate(
        &mut self,
        board: u64,
        hand: Hand,
        left: u16,
        plies: u16,
        reliance: Reliance,
        work: u32,
    ) {
        let e = self.slot(board, hand, left);
        e.work = e.work.saturating_add(work);
        let better = match e.no_mate {
            None => true,
            Some(d) => plies > d || (plies == d && reliance.weight() < e.reliance.weight()),
        };
        if better {
            e.no_mate = Some(plies);
            e.reliance = reliance;
        }
    }
}
