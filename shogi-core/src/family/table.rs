//! [`PieceTable`]: a [`FamilySpec`] checked and compiled, once, into the
//! tables the move generator reads (leaps per square, slider rays with their
//! range limits, promotion zones, dead squares, drop squares).

use super::betza::{Leg, Mode};
use super::geometry::{board_step, direction_of, offset, Rays};
use super::spec::{FamilySpec, Promotion, RoyalRule};
use crate::{Bitboard, Color, Move, Square};

/// The most kinds a definition may have: a drop names its kind in the
/// seven-bit origin field of a [`Move`] ([`Move::DROP_INDICES`]).
pub const MAX_KINDS: usize = Move::DROP_INDICES as usize;

/// The most slider and hopper legs one kind may have (a queen that also
/// hops along every line has 16).
pub const MAX_RAYS: usize = 16;

/// A definition that cannot be compiled, naming the kind and field at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FamilyError {
    /// The board is not 1 to 9 files by 1 to 9 ranks.
    #[error("a board must have 1 to 9 files and 1 to 9 ranks, not {files}x{ranks}")]
    BadBoard {
        /// Requested files.
        files: u8,
        /// Requested ranks.
        ranks: u8,
    },
    /// The promotion zone is deeper than the board.
    #[error("promotion_ranks is {depth}, deeper than the board's {ranks} ranks")]
    BadZone {
        /// Requested depth.
        depth: u8,
        /// Ranks of the board.
        ranks: u8,
    },
    /// No kinds at all.
    #[error("the definition has no piece kinds")]
    NoKinds,
    /// More kinds than a move can name.
    #[error("the definition has {count} piece kinds; a move can name at most {max}")]
    TooManyKinds {
        /// Kinds given.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// A kind's SFEN token is not one ASCII letter, optionally after `+`.
    #[error("kind '{kind}': sfen token '{token}' must be one upper-case ASCII letter, optionally after '+' (like P or +P)")]
    BadToken {
        /// The kind's name.
        kind: String,
        /// The token.
        token: String,
    },
    /// Two kinds share one SFEN token.
    #[error("kinds '{first}' and '{second}' both use the sfen token '{token}'")]
    DuplicateToken {
        /// The token.
        token: String,
        /// The first kind using it.
        first: String,
        /// The second.
        second: String,
    },
    /// A kind has no legs.
    #[error("kind '{kind}': legs is empty, so it could never move")]
    NoLegs {
        /// The kind's name.
        kind: String,
    },
    /// A leg the engine cannot play.
    #[error("kind '{kind}': leg {leg} ({dx}, {dy}): {reason}")]
    BadLeg {
        /// The kind's name.
        kind: String,
        /// Index of the leg in the kind's legs.
        leg: usize,
        /// The leg's file step.
        dx: i8,
        /// The leg's rank step.
        dy: i8,
        /// Why it is refused.
        reason: &'static str,
    },
    /// Too many slider legs for one kind.
    #[error("kind '{kind}': {count} slider or hopper legs, more than the {max} a kind may have")]
    TooManyRays {
        /// The kind's name.
        kind: String,
        /// Legs given.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// A field names a kind index that does not exist.
    #[error("kind '{kind}': {field} is {index}, but there are only {count} kinds")]
    KindOutOfRange {
        /// The kind's name (or `"(variant)"` for a variant-wide field).
        kind: String,
        /// The field.
        field: &'static str,
        /// The index given.
        index: usize,
        /// How many kinds there are.
        count: usize,
    },
    /// Following `promotes_to` from a kind comes back to it.
    #[error("kind '{kind}': promotes_to leads back to '{kind}' (a promotion cycle)")]
    PromotionCycle {
        /// The kind's name.
        kind: String,
    },
    /// A promotion rule that cannot be played as given.
    #[error("kind '{kind}': {reason}")]
    BadPromotion {
        /// The kind's name.
        kind: String,
        /// Why.
        reason: &'static str,
    },
    /// A drop limit of zero.
    #[error("kind '{kind}': max_per_file is 0, which forbids every drop (set droppable = false instead)")]
    ZeroPerFile {
        /// The kind's name.
        kind: String,
    },
}

/// One slider or hopper leg compiled for one colour: its board direction,
/// what it may do, and whether it hops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ray {
    /// Board direction, an index into `geometry::DIRECTIONS`.
    pub dir: u8,
    /// Moves, captures or both.
    pub mode: Mode,
    /// Must jump one screen first.
    pub hop: bool,
    /// Without a range limit.
    pub unlimited: bool,
}

/// A kind's whole rook or bishop movement (four unlimited slides that move
/// and capture), played by shogi-core's own attack functions instead of ray
/// by ray.
pub(crate) const FULL_ROOK: u8 = 1;
/// See [`FULL_ROOK`].
pub(crate) const FULL_BISHOP: u8 = 2;

/// What a kind's move does to its face, compiled from its own
/// [`Promotion`] and its unpromoted face's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FaceChange {
    /// Never changes face.
    Never,
    /// May (Optional) promote to `to` in the zone.
    Zone,
    /// Must promote in the zone.
    ZoneForced,
    /// Changes face (promotes or demotes) on every capture.
    Capture,
    /// Changes face (promotes or demotes) on every move.
    Always,
}

/// A kind as the engine reads it.
#[derive(Clone, Debug)]
pub(crate) struct Kind {
    /// The kind its face changes to (promotion, or a flip back).
    pub other_face: Option<u8>,
    pub face_change: FaceChange,
    /// The kind a capture of it puts in hand.
    pub hand_kind: Option<u8>,
    pub max_per_file: Option<u8>,
    pub royal: bool,
    /// The hand slot its drops come from: itself, or for a promoted face
    /// dropped as either face, its unpromoted face.
    pub drop_from: Option<u8>,
    /// Whether it is some kind's promoted face.
    pub promoted: bool,
}

/// What [`FamilyPosition::make`](super::FamilyPosition::make) and `undo`
/// read of one piece code, in one place.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CodeInfo {
    /// Whether the piece is royal.
    pub royal: bool,
    /// The code of the same piece after a change of face.
    pub flip: u8,
    /// The hand slot a capture of it adds to ([`NO_SLOT`]: none).
    pub capture_slot: u8,
    /// The hand slot a drop of it takes from.
    pub drop_slot: u8,
}

/// [`CodeInfo::capture_slot`] of a piece a capture removes from the game.
pub(crate) const NO_SLOT: u8 = u8::MAX;

/// What the move generator reads first for one kind and colour: which of
/// its tables to look at and how its moves change face, in one small
/// record so that a piece costs one look-up before its destinations.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Gen {
    /// Whether it only leaps, each leap moving and capturing (its
    /// destinations are one look-up).
    pub plain_leaper: bool,
    /// Whether it has leaps that only move or only capture (otherwise only
    /// the leaps that do both are read).
    pub leap_modes: bool,
    /// [`FULL_ROOK`] and [`FULL_BISHOP`] flags.
    pub full: u8,
    /// How many rays it has (in `ray_legs`).
    pub rays: u8,
    /// Where its rays start in `flat_rays` (and, times 81, in `ray_masks`).
    pub ray_start: u32,
    /// Whether it is a plain leaper that never changes face and has no
    /// dead squares: its moves from a square are its leaps there onto
    /// squares without a piece of its own, nothing more.
    pub simple: bool,
    /// Whether it is a plain leaper whose change of face depends only on
    /// where it moves from and to (never, in the zone, or always): its
    /// moves from a square are [`PieceTable::faces`] there onto squares
    /// without a piece of its own.
    pub static_faces: bool,
    /// For a plain leaper: where its leaps start in `shifts`.
    pub shift_start: u32,
    /// For a plain leaper: how many leaps it has (0 otherwise).
    pub shifts: u8,
    /// How its moves change face.
    pub face: FaceChange,
    /// Where a move may end keeping its face (not on a dead square when
    /// the definition forbids them).
    pub plain_ok: Bitboard,
    /// Where a move may end changing face (not on a square dead for the
    /// other face when the definition forbids them).
    pub changed_ok: Bitboard,
}

/// One leap of a plain leaper as a shift of the square index, for moving a
/// set of pieces at once.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shift {
    /// How much the square index grows (negative: shrinks).
    pub delta: i16,
    /// The squares the leap may start from (its end is on the board).
    pub from: Bitboard,
}

impl Shift {
    /// Where the pieces on `pieces` (within `from`) land.
    #[inline(always)]
    pub(crate) fn apply(&self, pieces: Bitboard) -> Bitboard {
        let p = (pieces & self.from).0;
        Bitboard(if self.delta >= 0 {
            p << (self.delta as u32 & 127)
        } else {
            p >> ((-self.delta) as u32 & 127)
        })
    }
}

/// A compiled family definition, shared by every position of it (keep it in
/// an `Arc`).
///
/// ```
/// use shogi_core::family::betza::{Leg, Mode};
/// use shogi_core::family::{FamilySpec, KindSpec, PieceTable};
/// let rook: Vec<Leg> = [(0, 1), (0, -1), (1, 0), (-1, 0)].into_iter()
///     .map(|(dx, dy)| Leg { dx, dy, range: 0, mode: Mode::Both, hop: false }).collect();
/// let spec = FamilySpec { kinds: vec![KindSpec::new("rook", "R", rook)], ..FamilySpec::new(5, 5, 1) };
/// let table = PieceTable::new(&spec)?;
/// assert_eq!(table.kind_count(), 1);
/// assert!(table.bytes() > 0);
///
/// let empty = FamilySpec { kinds: vec![KindSpec::new("ghost", "G", vec![])], ..spec };
/// let err = PieceTable::new(&empty).unwrap_err();
/// assert!(err.to_string().contains("'ghost'"));
/// # Ok::<(), shogi_core::family::FamilyError>(())
/// ```
#[derive(Clone, Debug)]
pub struct PieceTable {
    pub(crate) files: u8,
    pub(crate) ranks: u8,
    pub(crate) board: Bitboard,
    pub(crate) zone: [Bitboard; 2],
    /// Each side's far rank.
    pub(crate) last_rank: [Bitboard; 2],
    /// The kinds' rules, small and read at every move.
    pub(crate) kinds: Vec<Kind>,
    /// The kinds' names and SFEN tokens, read only for text.
    pub(crate) names: Vec<(String, String)>,
    pub(crate) rays: Box<Rays>,
    /// Per (kind × 2 + colour) × 81 + square: leap destinations by mode
    /// (both, move only, capture only).
    pub(crate) leaps: Vec<[Bitboard; 3]>,
    /// Per (kind × 2 + colour) × 81 + square, for the kinds-and-colours
    /// with [`Gen::static_faces`]: the destinations keeping and changing
    /// face, before the pieces on them (empty for the others).
    pub(crate) faces: Vec<[Bitboard; 2]>,
    /// Per (kind × 2 + colour): the kind's rays.
    pub(crate) ray_legs: Vec<arrayvec::ArrayVec<Ray, MAX_RAYS>>,
    /// Per (ray_base[kind × 2 + colour] + ray) × 81 + square: the squares
    /// within the ray's range (the full ray when unlimited).
    pub(crate) ray_masks: Vec<Bitboard>,
    /// Every kind-and-colour's rays one after the other, as `ray_masks`
    /// holds their masks.
    pub(crate) flat_rays: Vec<Ray>,
    /// The plain leapers' leaps as shifts, one kind-and-colour after the
    /// other (see [`Gen::shifts`]).
    pub(crate) shifts: Vec<Shift>,
    /// Per kind × 2 + colour: where its rays start in `ray_masks`.
    pub(crate) ray_base: Vec<u32>,
    /// Per kind × 2 + colour: [`FULL_ROOK`] and [`FULL_BISHOP`] flags.
    pub(crate) full_sliders: Vec<u8>,
    /// Per (kind × 2 + colour) × 8 + board direction: how far the kind
    /// captures by sliding that way (0 none, 255 without limit).
    pub(crate) slide_reach: Vec<u8>,
    /// The same for capturing by hopping.
    pub(crate) hop_reach: Vec<u8>,
    /// Per (kind × 2 + colour): where it could never move again.
    pub(crate) dead: Vec<Bitboard>,
    /// Per (kind × 2 + colour): where it may be dropped (ignoring
    /// occupancy and per-file limits).
    pub(crate) drop_squares: Vec<Bitboard>,
    /// Per colour × 81 + square: every square any kind of that colour
    /// captures by leaping from there.
    pub(crate) leap_union: Vec<Bitboard>,
    /// Whether any kind hops.
    pub(crate) has_hoppers: bool,
    pub(crate) royal_rule: RoyalRule,
    pub(crate) pawn_drop_mate: Option<u8>,
    pub(crate) borrowed_movement: bool,
    pub(crate) forbid_dead_moves: bool,
    pub(crate) try_rule: bool,
    /// Whether any kind is royal.
    pub(crate) has_royals: bool,
    /// Per kind × 2 + colour: the most moves one piece of it makes from any
    /// square, doubled when it can change face (bounds a move list).
    pub(crate) max_moves: Vec<u16>,
    /// Per kind × 2 + colour: what the generator reads first.
    pub(crate) gens: Vec<Gen>,
    /// The kinds that may be dropped, with the hand slot each is dropped
    /// from, in kind order.
    pub(crate) drop_kinds: Vec<(u8, u8)>,
    /// The plain kinds whose change of face makes them royal (a second
    /// royal piece: such a move is never refused for the first), as bits.
    pub(crate) crowning: u64,
    /// The royal kinds whose change of face makes them plain, as bits.
    pub(crate) uncrowning: u64,
    /// Whether a royal kind may be dropped.
    pub(crate) royal_drops: bool,
    /// The royal kinds, as bits.
    pub(crate) royal_kinds: u64,
    /// Per piece code (a byte: no index is out of range), what making and
    /// taking back a move reads of it.
    pub(crate) codes: [CodeInfo; 256],
    /// The kinds that capture along a line (by sliding or hopping), in
    /// kind order.
    pub(crate) line_kinds: Vec<u8>,
    /// Per kind × 2 + colour: the board directions it captures along by
    /// sliding (bit d for direction d), then by hopping.
    pub(crate) line_dirs: Vec<[u8; 2]>,
    /// Whether every square has an index below 64 and every kind is a
    /// plain leaper with [`Gen::static_faces`], without borrowed movement:
    /// its moves are then counted from [`PieceTable::faces64`] and
    /// [`PieceTable::drops64`] on one machine word.
    pub(crate) narrow_leapers: bool,
    /// [`PieceTable::faces`] as words, per (kind × 2 + colour) × 64 +
    /// square (empty unless [`PieceTable::narrow_leapers`]).
    pub(crate) faces64: Vec<[u64; 2]>,
    /// [`PieceTable::drop_squares`] as words (empty unless
    /// [`PieceTable::narrow_leapers`]).
    pub(crate) drops64: Vec<u64>,
}

/// The index of (kind, colour) in per-kind-and-colour tables.
#[inline(always)]
pub(crate) const fn kc(kind: usize, color: Color) -> usize {
    kind * 2 + color as usize
}

impl PieceTable {
    /// Checks `spec` and compiles it.
    ///
    /// # Errors
    /// A [`FamilyError`] naming the kind and field at fault: a board over
    /// 9×9, a kind with no legs or a leg the engine cannot play (a rider
    /// along a vector other than the eight king directions, such as the
    /// nightrider), a bad or repeated SFEN token, an index out of range, a
    /// promotion cycle, more kinds than a move can name.
    pub fn new(spec: &FamilySpec) -> Result<PieceTable, FamilyError> {
        check_board(spec)?;
        check_kinds(spec)?;
        let (files, ranks) = (spec.files, spec.ranks);
        let n = spec.kinds.len();
        let rays = Box::new(Rays::new(files, ranks));
        let board: Bitboard = (0..81)
            .filter_map(Square::from_index)
            .filter(|s| s.file() <= files && s.rank() <= ranks)
            .collect();
        let band = |lo: u8, hi: u8| -> Bitboard {
            board
                .into_iter()
                .filter(|s| s.rank() >= lo && s.rank() <= hi)
                .collect()
        };
        let depth = spec.promotion_ranks;
        let zone = if depth == 0 {
            [Bitboard::EMPTY; 2]
        } else {
            [band(1, depth), band(ranks + 1 - depth, ranks)]
        };
        let mut table = PieceTable {
            files,
            ranks,
            board,
            zone,
            last_rank: [band(1, 1), band(ranks, ranks)],
            kinds: compile_kinds(spec),
            names: spec
                .kinds
                .iter()
                .map(|k| (k.name.clone(), k.sfen.clone()))
                .collect(),
            rays,
            leaps: vec![[Bitboard::EMPTY; 3]; n * 2 * 81],
            faces: vec![[Bitboard::EMPTY; 2]; n * 2 * 81],
            ray_legs: vec![arrayvec::ArrayVec::new(); n * 2],
            // Room for every kind's longest list while compiling; compacted
            // to the rays the kinds have at the end.
            ray_masks: vec![Bitboard::EMPTY; n * 2 * MAX_RAYS * 81],
            ray_base: (0..n as u32 * 2).map(|i| i * MAX_RAYS as u32).collect(),
            full_sliders: vec![0; n * 2],
            slide_reach: vec![0; n * 2 * 8],
            hop_reach: vec![0; n * 2 * 8],
            dead: vec![Bitboard::EMPTY; n * 2],
            drop_squares: vec![Bitboard::EMPTY; n * 2],
            leap_union: vec![Bitboard::EMPTY; 2 * 81],
            has_hoppers: false,
            royal_rule: spec.royal_rule,
            pawn_drop_mate: spec.pawn_drop_mate_illegal_for.map(|k| k as u8),
            borrowed_movement: spec.borrowed_movement,
            forbid_dead_moves: spec.forbid_dead_moves,
            try_rule: spec.try_rule,
            has_royals: spec.kinds.iter().any(|k| k.royal),
            max_moves: vec![0; n * 2],
            gens: Vec::new(),
            flat_rays: Vec::new(),
            shifts: Vec::new(),
            drop_kinds: Vec::new(),
            crowning: 0,
            uncrowning: 0,
            royal_drops: false,
            royal_kinds: 0,
            codes: [CodeInfo::default(); 256],
            line_kinds: Vec::new(),
            line_dirs: Vec::new(),
            narrow_leapers: false,
            faces64: Vec::new(),
            drops64: Vec::new(),
        };
        for (k, kind) in spec.kinds.iter().enumerate() {
            for color in Color::ALL {
                table.compile_legs(k, color, &kind.name, &kind.legs)?;
            }
            table.has_hoppers |= kind.legs.iter().any(|l| l.hop);
        }
        for k in 0..n {
            for color in Color::ALL {
                table.derive_squares(k, color, spec.forbid_dead_drops);
            }
        }
        for color in Color::ALL {
            for sq in 0..81 {
                let union = (0..n).fold(Bitboard::EMPTY, |u, k| {
                    let l = table.leaps[kc(k, color) * 81 + sq];
                    u | l[0] | l[2]
                });
                table.leap_union[color.index() * 81 + sq] = union;
            }
        }
        table.compact_rays();
        table.derive_gens();
        Ok(table)
    }

    /// The leaps of kind-and-colour `i` as index shifts: for each step
    /// (files, ranks) it leaps by, the shift of the square index and the
    /// squares it may leap from (those whose step stays on the board).
    fn leap_shifts(&self, i: usize) -> Vec<Shift> {
        let mut steps: Vec<(i8, i8)> = Vec::new();
        for sq in self.board {
            for to in self.leaps[i * 81 + sq.index()][0] {
                let step = (
                    to.file() as i8 - sq.file() as i8,
                    to.rank() as i8 - sq.rank() as i8,
                );
                if !steps.contains(&step) {
                    steps.push(step);
                }
            }
        }
        steps
            .into_iter()
            .map(|(df, dr)| Shift {
                delta: df as i16 * 9 + dr as i16,
                from: self
                    .board
                    .into_iter()
                    .filter(|&sq| offset(sq, df, dr, self.files, self.ranks).is_some())
                    .collect(),
            })
            .collect()
    }

    /// Fills the generator's per-kind records and the drop and royal
    /// summaries from the compiled tables.
    fn derive_gens(&mut self) {
        let n = self.kinds.len();
        let mut gens = Vec::with_capacity(n * 2);
        let mut shifts = Vec::new();
        for k in 0..n {
            for color in Color::ALL {
                let i = kc(k, color);
                let info = &self.kinds[k];
                let forbid = self.forbid_dead_moves;
                let leap_modes = (0..81).any(|sq| {
                    let l = self.leaps[i * 81 + sq];
                    l[1].is_any() || l[2].is_any()
                });
                let other_dead = match info.other_face {
                    Some(o) if forbid => self.dead[kc(o as usize, color)],
                    _ => Bitboard::EMPTY,
                };
                let dead = if forbid {
                    self.dead[i]
                } else {
                    Bitboard::EMPTY
                };
                let plain_leaper =
                    !leap_modes && self.full_sliders[i] == 0 && self.ray_legs[i].is_empty();
                let shift_start = shifts.len() as u32;
                if plain_leaper {
                    shifts.extend(self.leap_shifts(i));
                }
                let plain_ok = Bitboard::FULL & !dead;
                let changed_ok = Bitboard::FULL & !other_dead;
                let static_faces = plain_leaper && info.face_change != FaceChange::Capture;
                if static_faces {
                    let zone = self.zone[color.index()];
                    for sq in self.board {
                        let to = self.leaps[i * 81 + sq.index()][0];
                        let in_zone = if zone.contains(sq) { to } else { to & zone };
                        let (plain, changed) = match info.face_change {
                            FaceChange::Zone => (to, in_zone),
                            FaceChange::ZoneForced => (to & !in_zone, in_zone),
                            FaceChange::Always => (Bitboard::EMPTY, to),
                            FaceChange::Never | FaceChange::Capture => (to, Bitboard::EMPTY),
                        };
                        self.faces[i * 81 + sq.index()] = [plain & plain_ok, changed & changed_ok];
                    }
                }
                gens.push(Gen {
                    static_faces,
                    simple: plain_leaper
                        && info.face_change == FaceChange::Never
                        && dead.is_empty(),
                    plain_leaper,
                    shift_start,
                    shifts: (shifts.len() - shift_start as usize) as u8,
                    leap_modes,
                    full: self.full_sliders[i],
                    rays: self.ray_legs[i].len() as u8,
                    ray_start: self.ray_base[i],
                    face: info.face_change,
                    plain_ok,
                    changed_ok,
                });
            }
        }
        self.narrow_leapers = self.board.0 >> 64 == 0
            && !self.borrowed_movement
            && gens.iter().all(|g| g.static_faces);
        if self.narrow_leapers {
            // The board lies in the low word, so the casts keep every square.
            self.faces64 = (0..n * 2 * 64)
                .map(|j| {
                    let f = self.faces[(j / 64) * 81 + j % 64];
                    [f[0].0 as u64, f[1].0 as u64]
                })
                .collect();
            self.drops64 = self.drop_squares.iter().map(|b| b.0 as u64).collect();
        }
        self.gens = gens;
        self.shifts = shifts;
        self.flat_rays = self.ray_legs.iter().flatten().copied().collect();
        self.line_kinds = (0..n)
            .filter(|&k| {
                Color::ALL.iter().any(|&c| {
                    let i = kc(k, c) * 8;
                    self.slide_reach[i..i + 8]
                        .iter()
                        .chain(&self.hop_reach[i..i + 8])
                        .any(|&r| r > 0)
                })
            })
            .map(|k| k as u8)
            .collect();
        self.line_dirs = (0..n * 2)
            .map(|i| {
                let dirs = |reach: &[u8]| {
                    (0..8).fold(
                        0u8,
                        |m, d| if reach[i * 8 + d] > 0 { m | 1 << d } else { m },
                    )
                };
                [dirs(&self.slide_reach), dirs(&self.hop_reach)]
            })
            .collect();
        self.drop_kinds = self
            .kinds
            .iter()
            .enumerate()
            .filter_map(|(k, info)| info.drop_from.map(|slot| (k as u8, slot)))
            .collect();
        for (k, info) in self.kinds.iter().enumerate() {
            let other_royal = info.other_face.map(|o| self.kinds[o as usize].royal);
            if other_royal.is_some_and(|r| r != info.royal) {
                if info.royal {
                    self.uncrowning |= 1 << k;
                } else {
                    self.crowning |= 1 << k;
                }
            }
            self.royal_drops |= info.royal && info.drop_from.is_some();
            if info.royal {
                self.royal_kinds |= 1 << k;
            }
            for color in Color::ALL {
                let code = super::position::code(k, color) as usize;
                self.codes[code] = CodeInfo {
                    royal: info.royal,
                    flip: super::position::code(info.other_face.map_or(k, usize::from), color),
                    capture_slot: info.hand_kind.unwrap_or(NO_SLOT),
                    drop_slot: info.drop_from.unwrap_or(k as u8),
                };
            }
        }
    }

    /// Fills the leap, ray and reach tables of kind `k` for `color`.
    fn compile_legs(
        &mut self,
        k: usize,
        color: Color,
        name: &str,
        legs: &[Leg],
    ) -> Result<(), FamilyError> {
        let (files, ranks) = (self.files, self.ranks);
        let i = kc(k, color);
        for (leg_index, leg) in legs.iter().enumerate() {
            let bad = |reason| FamilyError::BadLeg {
                kind: name.to_owned(),
                leg: leg_index,
                dx: leg.dx,
                dy: leg.dy,
                reason,
            };
            if leg.dx == 0 && leg.dy == 0 {
                return Err(bad("a leg must go somewhere (dx and dy are both 0)"));
            }
            if leg.dx.unsigned_abs() > 8 || leg.dy.unsigned_abs() > 8 {
                return Err(bad("a step of more than 8 squares leaves every 9x9 board"));
            }
            let (df, dr) = board_step(color, leg.dx, leg.dy);
            if leg.range == 1 {
                if leg.hop {
                    return Err(bad("a hopper must slide (a range other than 1)"));
                }
                let slot = mode_slot(leg.mode);
                for sq in self.board {
                    if let Some(to) = offset(sq, df, dr, files, ranks) {
                        let cell = &mut self.leaps[i * 81 + sq.index()][slot];
                        *cell = cell.with(to);
                    }
                }
                continue;
            }
            let Some(dir) = direction_of(df, dr) else {
                return Err(bad(
                    "only the eight king directions may slide (riders such as the nightrider are not supported)",
                ));
            };
            let r = self.ray_legs[i].len();
            if r == MAX_RAYS {
                return Err(FamilyError::TooManyRays {
                    kind: name.to_owned(),
                    count: legs.iter().filter(|l| l.range != 1).count(),
                    max: MAX_RAYS,
                });
            }
            self.ray_legs[i].push(Ray {
                dir: dir as u8,
                mode: leg.mode,
                hop: leg.hop,
                unlimited: leg.range == 0,
            });
            let limit = if leg.range == 0 { u8::MAX } else { leg.range };
            for sq in self.board {
                let mut mask = Bitboard::EMPTY;
                let mut at = sq;
                let mut steps = 0;
                while steps < limit {
                    let Some(next) = offset(at, df, dr, files, ranks) else {
                        break;
                    };
                    mask = mask.with(next);
                    at = next;
                    steps += 1;
                }
                self.ray_masks[(self.ray_base[i] as usize + r) * 81 + sq.index()] = mask;
            }
            if leg.mode != Mode::MoveOnly {
                let reach = if leg.hop {
                    &mut self.hop_reach
                } else {
                    &mut self.slide_reach
                };
                let cell = &mut reach[i * 8 + dir];
                *cell = (*cell).max(limit);
            }
        }
        Ok(())
    }

    /// Keeps only the ray masks of the rays the kinds have.
    /// A whole rook or bishop movement is taken out of the ray lists and
    /// marked in `full_sliders`.
    fn compact_rays(&mut self) {
        let mut masks = Vec::new();
        for i in 0..self.ray_legs.len() {
            let start = self.ray_base[i] as usize * 81;
            self.ray_base[i] = (masks.len() / 81) as u32;
            let legs = std::mem::take(&mut self.ray_legs[i]);
            let full = |dirs: [(i8, i8); 4]| -> Vec<usize> {
                let found: Vec<usize> = dirs
                    .iter()
                    .filter_map(|&(df, dr)| {
                        let d = direction_of(df, dr)? as u8;
                        legs.iter().position(|r| {
                            r.dir == d && r.mode == Mode::Both && !r.hop && r.unlimited
                        })
                    })
                    .collect();
                if found.len() == 4 {
                    found
                } else {
                    Vec::new()
                }
            };
            let rook = full([(0, 1), (0, -1), (1, 0), (-1, 0)]);
            let bishop = full([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
            if !rook.is_empty() {
                self.full_sliders[i] |= FULL_ROOK;
            }
            if !bishop.is_empty() {
                self.full_sliders[i] |= FULL_BISHOP;
            }
            for (r, ray) in legs.iter().enumerate() {
                if rook.contains(&r) || bishop.contains(&r) {
                    continue;
                }
                self.ray_legs[i].push(*ray);
                let from = start + r * 81;
                masks.extend_from_slice(&self.ray_masks[from..from + 81]);
            }
        }
        masks.shrink_to_fit();
        self.ray_masks = masks;
    }

    /// The range mask of ray `r` of kind-and-colour `i` from `sq`.
    #[cfg(test)]
    pub(crate) fn ray_mask(&self, i: usize, r: usize, sq: Square) -> Bitboard {
        self.ray_masks[(self.ray_base[i] as usize + r) * 81 + sq.index()]
    }

    /// Dead squares, drop squares and the move bound of kind `k` for `color`.
    fn derive_squares(&mut self, k: usize, color: Color, forbid_dead_drops: bool) {
        let i = kc(k, color);
        let mut dead = Bitboard::EMPTY;
        let mut most = 0u32;
        for sq in self.board {
            let l = self.leaps[i * 81 + sq.index()];
            let mut reach = l[0] | l[1] | l[2];
            let mut can_move = reach.is_any();
            for (r, ray) in self.ray_legs[i].iter().enumerate() {
                let mask = self.ray_masks[(self.ray_base[i] as usize + r) * 81 + sq.index()];
                reach |= mask;
                // A hopper needs a screen and a square beyond it.
                can_move |= if ray.hop {
                    mask.count() >= 2
                } else {
                    mask.is_any()
                };
            }
            if !can_move {
                dead = dead.with(sq);
            }
            most = most.max(reach.count());
        }
        self.dead[i] = dead;
        self.drop_squares[i] = if forbid_dead_drops {
            self.board & !dead
        } else {
            self.board
        };
        let faces = if self.kinds[k].other_face.is_some() {
            2
        } else {
            1
        };
        self.max_moves[i] = (most * faces) as u16;
    }

    /// Number of kinds.
    pub fn kind_count(&self) -> usize {
        self.kinds.len()
    }

    /// The SFEN token of kind `k` as Black writes it (`"+P"`), if it exists.
    ///
    /// ```
    /// # use shogi_core::family::betza::{Leg, Mode};
    /// # use shogi_core::family::{FamilySpec, KindSpec, PieceTable};
    /// # let wazir = vec![Leg { dx: 0, dy: 1, range: 1, mode: Mode::Both, hop: false }];
    /// let spec = FamilySpec { kinds: vec![KindSpec::new("chick", "C", wazir)], ..FamilySpec::new(3, 4, 1) };
    /// let table = PieceTable::new(&spec).unwrap();
    /// assert_eq!(table.token(0), Some("C"));
    /// assert_eq!(table.name(0), Some("chick"));
    /// assert_eq!(table.token(1), None);
    /// ```
    pub fn token(&self, k: usize) -> Option<&str> {
        self.names.get(k).map(|(_, sfen)| sfen.as_str())
    }

    /// Whether kind `k` is some kind's promoted face (kyoto's `+L`, a
    /// tokin); `false` for a kind that does not exist.
    pub fn is_promoted_face(&self, k: usize) -> bool {
        self.kinds.get(k).is_some_and(|kind| kind.promoted)
    }

    /// Whether kind `k` changes face on every move (kyoto's flips).
    pub fn flips_every_move(&self, k: usize) -> bool {
        self.kinds
            .get(k)
            .is_some_and(|kind| kind.face_change == FaceChange::Always)
    }

    /// Whether any kind may be dropped.
    ///
    /// ```
    /// # use shogi_core::family::betza::{Leg, Mode};
    /// # use shogi_core::family::{FamilySpec, KindSpec, PieceTable};
    /// # let wazir = vec![Leg { dx: 0, dy: 1, range: 1, mode: Mode::Both, hop: false }];
    /// let spec = FamilySpec { kinds: vec![KindSpec::new("chick", "C", wazir)], ..FamilySpec::new(3, 4, 1) };
    /// let table = PieceTable::new(&spec).unwrap();
    /// assert!(!table.has_drops());
    /// assert!(!table.is_promoted_face(0) && !table.flips_every_move(0));
    /// ```
    pub fn has_drops(&self) -> bool {
        self.kinds.iter().any(|kind| kind.drop_from.is_some())
    }

    /// The name of kind `k`, if it exists.
    pub fn name(&self, k: usize) -> Option<&str> {
        self.names.get(k).map(|(name, _)| name.as_str())
    }

    /// The kind whose Black SFEN token is `token`.
    pub fn kind_of_token(&self, token: &str) -> Option<usize> {
        self.names.iter().position(|(_, sfen)| sfen == token)
    }

    /// Files and ranks of the board.
    pub fn size(&self) -> (u8, u8) {
        (self.files, self.ranks)
    }

    /// The squares of the board.
    pub fn board(&self) -> Bitboard {
        self.board
    }

    /// The promotion zone of `color`.
    pub fn promotion_zone(&self, color: Color) -> Bitboard {
        self.zone[color.index()]
    }

    /// The squares where a piece of kind `k` and `color` could never move
    /// again (empty for a kind that does not exist).
    ///
    /// ```
    /// # use shogi_core::family::betza::{Leg, Mode};
    /// # use shogi_core::family::{FamilySpec, KindSpec, PieceTable};
    /// # use shogi_core::Color;
    /// let pawn = vec![Leg { dx: 0, dy: 1, range: 1, mode: Mode::Both, hop: false }];
    /// let spec = FamilySpec { kinds: vec![KindSpec::new("pawn", "P", pawn)], ..FamilySpec::new(5, 5, 1) };
    /// let table = PieceTable::new(&spec).unwrap();
    /// assert_eq!(table.dead_squares(0, Color::Black).count(), 5); // rank a
    /// assert!(table.dead_squares(0, Color::White).contains("3e".parse().unwrap()));
    /// ```
    pub fn dead_squares(&self, k: usize, color: Color) -> Bitboard {
        self.dead.get(kc(k, color)).copied().unwrap_or_default()
    }

    /// The squares a piece of kind `k` and `color` may be dropped on, by its
    /// movement alone (occupancy and per-file limits aside).
    pub fn drop_squares(&self, k: usize, color: Color) -> Bitboard {
        self.drop_squares
            .get(kc(k, color))
            .copied()
            .unwrap_or_default()
    }

    /// Whether kind `k` is royal.
    pub fn is_royal(&self, k: usize) -> bool {
        self.kinds.get(k).is_some_and(|kind| kind.royal)
    }

    /// The rule on leaving a royal piece attacked.
    pub fn royal_rule(&self) -> RoyalRule {
        self.royal_rule
    }

    /// How far kind `k` reaches on an empty board: the squares its legs
    /// (leaps, and slides to their range) cover, averaged over the board's
    /// squares, for Black. A measure of a kind's strength where the
    /// definition gives none (a player's piece values derive from it).
    ///
    /// ```
    /// use shogi_core::family::betza::Movement;
    /// use shogi_core::family::{FamilySpec, KindSpec, PieceTable};
    /// let kind = |name: &str, t: &str, b: &str| KindSpec::new(name, t, Movement::parse(b).unwrap().legs().to_vec());
    /// let spec = FamilySpec { kinds: vec![kind("pawn", "P", "fW"), kind("rook", "R", "R")], ..FamilySpec::new(5, 5, 1) };
    /// let table = PieceTable::new(&spec)?;
    /// assert!(table.mobility(1) > 4.0 * table.mobility(0));
    /// assert_eq!(table.mobility(2), 0.0); // no such kind
    /// # Ok::<(), shogi_core::family::FamilyError>(())
    /// ```
    pub fn mobility(&self, k: usize) -> f32 {
        if k >= self.kinds.len() {
            return 0.0;
        }
        let i = kc(k, Color::Black);
        let mut total = 0u32;
        for sq in self.board {
            let leaps = self.leaps[i * 81 + sq.index()];
            total += (leaps[0] | leaps[1] | leaps[2]).count();
            let base = self.ray_base[i] as usize;
            for r in 0..self.ray_legs[i].len() {
                total += (self.ray_masks[(base + r) * 81 + sq.index()] & self.board).count();
            }
            // Whole rook and bishop movements are played apart from the rays.
            for (flag, orthogonal) in [(FULL_ROOK, true), (FULL_BISHOP, false)] {
                if self.full_sliders[i] & flag != 0 {
                    for d in (0..8).filter(|&d| {
                        (super::geometry::DIRECTIONS[d].0 == 0
                            || super::geometry::DIRECTIONS[d].1 == 0)
                            == orthogonal
                    }) {
                        total += (self.rays.ray(d, sq) & self.board).count();
                    }
                }
            }
        }
        total as f32 / self.board.count().max(1) as f32
    }

    /// The memory the table holds, in bytes (the struct and its heap parts).
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        let kinds = self.kinds.capacity() * size_of::<Kind>()
            + self.names.capacity() * size_of::<(String, String)>()
            + self
                .names
                .iter()
                .map(|(n, s)| n.capacity() + s.capacity())
                .sum::<usize>();
        size_of::<PieceTable>()
            + Rays::bytes()
            + kinds
            + self.leaps.capacity() * size_of::<[Bitboard; 3]>()
            + self.faces.capacity() * size_of::<[Bitboard; 2]>()
            + self.faces64.capacity() * size_of::<[u64; 2]>()
            + self.drops64.capacity() * size_of::<u64>()
            + self.ray_legs.capacity() * size_of::<arrayvec::ArrayVec<Ray, MAX_RAYS>>()
            + self.ray_masks.capacity() * size_of::<Bitboard>()
            + self.ray_base.capacity() * size_of::<u32>()
            + self.full_sliders.capacity()
            + self.slide_reach.capacity()
            + self.hop_reach.capacity()
            + (self.dead.capacity() + self.drop_squares.capacity()) * size_of::<Bitboard>()
            + self.leap_union.capacity() * size_of::<Bitboard>()
            + self.max_moves.capacity() * size_of::<u16>()
            + self.gens.capacity() * size_of::<Gen>()
            + self.flat_rays.capacity() * size_of::<Ray>()
            + self.shifts.capacity() * size_of::<Shift>()
            + self.drop_kinds.capacity() * 2
            + self.line_kinds.capacity()
            + self.line_dirs.capacity() * 2
    }
}

/// The slot of a mode in a leap entry.
const fn mode_slot(mode: Mode) -> usize {
    match mode {
        Mode::Both => 0,
        Mode::MoveOnly => 1,
        Mode::CaptureOnly => 2,
    }
}

fn check_board(spec: &FamilySpec) -> Result<(), FamilyError> {
    if !(1..=9).contains(&spec.files) || !(1..=9).contains(&spec.ranks) {
        return Err(FamilyError::BadBoard {
            files: spec.files,
            ranks: spec.ranks,
        });
    }
    if spec.promotion_ranks > spec.ranks {
        return Err(FamilyError::BadZone {
            depth: spec.promotion_ranks,
            ranks: spec.ranks,
        });
    }
    Ok(())
}

fn check_kinds(spec: &FamilySpec) -> Result<(), FamilyError> {
    let n = spec.kinds.len();
    if n == 0 {
        return Err(FamilyError::NoKinds);
    }
    if n > MAX_KINDS {
        return Err(FamilyError::TooManyKinds {
            count: n,
            max: MAX_KINDS,
        });
    }
    let range = |kind: &str, field, index: usize| {
        if index < n {
            Ok(())
        } else {
            Err(FamilyError::KindOutOfRange {
                kind: kind.to_owned(),
                field,
                index,
                count: n,
            })
        }
    };
    for (k, kind) in spec.kinds.iter().enumerate() {
        let name = kind.name.as_str();
        if !token_ok(&kind.sfen) {
            return Err(FamilyError::BadToken {
                kind: name.to_owned(),
                token: kind.sfen.clone(),
            });
        }
        if let Some(other) = spec.kinds[..k].iter().find(|o| o.sfen == kind.sfen) {
            return Err(FamilyError::DuplicateToken {
                token: kind.sfen.clone(),
                first: other.name.clone(),
                second: name.to_owned(),
            });
        }
        if kind.legs.is_empty() {
            return Err(FamilyError::NoLegs {
                kind: name.to_owned(),
            });
        }
        if let Some(p) = kind.promotes_to {
            range(name, "promotes_to", p)?;
        }
        if let Some(h) = kind.hand_kind {
            range(name, "hand_kind", h)?;
        }
        if kind.max_per_file == Some(0) {
            return Err(FamilyError::ZeroPerFile {
                kind: name.to_owned(),
            });
        }
    }
    if let Some(p) = spec.pawn_drop_mate_illegal_for {
        range("(variant)", "pawn_drop_mate_illegal_for", p)?;
    }
    for (k, kind) in spec.kinds.iter().enumerate() {
        let mut at = k;
        for _ in 0..n {
            match spec.kinds[at].promotes_to {
                Some(next) if next == k => {
                    return Err(FamilyError::PromotionCycle {
                        kind: kind.name.clone(),
                    })
                }
                Some(next) => at = next,
                None => break,
            }
        }
        if kind.promotion != Promotion::Never && kind.promotes_to.is_none() {
            return Err(FamilyError::BadPromotion {
                kind: kind.name.clone(),
                reason: "promotion is set but promotes_to is not",
            });
        }
        let flips = matches!(
            kind.promotion,
            Promotion::FlipEveryMove | Promotion::OnCapture
        );
        if let (true, Some(p)) = (flips, kind.promotes_to) {
            if spec.kinds[p].promotes_to.is_some() {
                return Err(FamilyError::BadPromotion {
                    kind: kind.name.clone(),
                    reason: "its promoted face flips back, so it must not promote further",
                });
            }
            let sharers = spec
                .kinds
                .iter()
                .filter(|o| o.promotes_to == Some(p))
                .count();
            if sharers > 1 {
                return Err(FamilyError::BadPromotion {
                    kind: kind.name.clone(),
                    reason: "its promoted face flips back, so no other kind may promote to it",
                });
            }
        }
    }
    Ok(())
}

/// Whether `token` is one upper-case ASCII letter, optionally after `+`.
fn token_ok(token: &str) -> bool {
    let letter = token.strip_prefix('+').unwrap_or(token).as_bytes();
    letter.len() == 1 && letter[0].is_ascii_uppercase()
}

fn compile_kinds(spec: &FamilySpec) -> Vec<Kind> {
    let mut kinds: Vec<Kind> = spec
        .kinds
        .iter()
        .enumerate()
        .map(|(k, kind)| Kind {
            other_face: kind.promotes_to.map(|p| p as u8),
            face_change: match kind.promotion {
                Promotion::Never => FaceChange::Never,
                Promotion::Optional => FaceChange::Zone,
                Promotion::Forced => FaceChange::ZoneForced,
                Promotion::OnCapture => FaceChange::Capture,
                Promotion::FlipEveryMove => FaceChange::Always,
            },
            hand_kind: kind.hand_kind.map(|h| h as u8),
            max_per_file: kind.max_per_file,
            royal: kind.royal,
            drop_from: kind.droppable.then_some(k as u8),
            promoted: false,
        })
        .collect();
    for (k, kind) in spec.kinds.iter().enumerate() {
        let Some(p) = kind.promotes_to else {
            continue;
        };
        kinds[p].promoted = true;
        if matches!(
            kind.promotion,
            Promotion::FlipEveryMove | Promotion::OnCapture
        ) {
            kinds[p].other_face = Some(k as u8);
            kinds[p].face_change = kinds[k].face_change;
        }
        if spec.drop_as_either_face && kind.droppable {
            kinds[p].drop_from = Some(k as u8);
        }
    }
    kinds
}

#[cfg(test)]
mod tests {
    use super::super::spec::KindSpec;
    use super::*;

    fn leg(dx: i8, dy: i8, range: u8) -> Leg {
        Leg {
            dx,
            dy,
            range,
            mode: Mode::Both,
            hop: false,
        }
    }

    fn one(kind: KindSpec) -> FamilySpec {
        FamilySpec {
            kinds: vec![kind],
            ..FamilySpec::new(5, 5, 1)
        }
    }

    #[test]
    fn refuses_each_bad_field_by_name() {
        let ok = KindSpec::new("pawn", "P", vec![leg(0, 1, 1)]);
        let cases: Vec<(FamilySpec, &str)> = vec![
            (
                FamilySpec {
                    files: 10,
                    ..one(ok.clone())
                },
                "10x5",
            ),
            (
                FamilySpec {
                    promotion_ranks: 6,
                    ..one(ok.clone())
                },
                "promotion_ranks",
            ),
            (FamilySpec::new(5, 5, 1), "no piece kinds"),
            (
                one(KindSpec::new("ghost", "G", vec![])),
                "'ghost': legs is empty",
            ),
            (
                one(KindSpec {
                    sfen: "p".into(),
                    ..ok.clone()
                }),
                "sfen token 'p'",
            ),
            (
                one(KindSpec {
                    sfen: "++P".into(),
                    ..ok.clone()
                }),
                "sfen token '++P'",
            ),
            (
                one(KindSpec::new("nightrider", "N", vec![leg(1, 2, 0)])),
                "nightrider",
            ),
            (
                one(KindSpec::new("still", "S", vec![leg(0, 0, 1)])),
                "both 0",
            ),
            (
                one(KindSpec {
                    promotes_to: Some(3),
                    ..ok.clone()
                }),
                "promotes_to is 3",
            ),
            (
                one(KindSpec {
                    hand_kind: Some(1),
                    ..ok.clone()
                }),
                "hand_kind is 1",
            ),
            (
                one(KindSpec {
                    max_per_file: Some(0),
                    ..ok.clone()
                }),
                "max_per_file is 0",
            ),
            (
                one(KindSpec {
                    promotion: Promotion::Optional,
                    ..ok.clone()
                }),
                "promotes_to is not",
            ),
            (
                FamilySpec {
                    kinds: vec![ok.clone(), ok.clone()],
                    ..FamilySpec::new(5, 5, 1)
                },
                "both use the sfen token 'P'",
            ),
            (
                FamilySpec {
                    kinds: vec![
                        KindSpec {
                            promotes_to: Some(1),
                            ..ok.clone()
                        },
                        KindSpec {
                            promotes_to: Some(0),
                            sfen: "+P".into(),
                            ..ok.clone()
                        },
                    ],
                    ..FamilySpec::new(5, 5, 1)
                },
                "promotion cycle",
            ),
            (
                FamilySpec {
                    pawn_drop_mate_illegal_for: Some(4),
                    ..one(ok.clone())
                },
                "pawn_drop_mate_illegal_for is 4",
            ),
        ];
        for (spec, needle) in cases {
            let err = PieceTable::new(&spec).expect_err(needle).to_string();
            assert!(err.contains(needle), "{err:?} should contain {needle:?}");
        }
        let many = FamilySpec {
            kinds: (0..48)
                .map(|i| {
                    KindSpec::new(
                        "k",
                        &format!("{}", (b'A' + i % 26) as char),
                        vec![leg(0, 1, 1)],
                    )
                })
                .collect(),
            ..FamilySpec::new(5, 5, 1)
        };
        assert!(matches!(
            PieceTable::new(&many),
            Err(FamilyError::TooManyKinds { count: 48, .. })
        ));
    }

    #[test]
    fn a_knight_is_dead_on_the_last_two_ranks_and_a_king_nowhere() {
        let spec = FamilySpec {
            kinds: vec![
                KindSpec::new("knight", "N", vec![leg(1, 2, 1), leg(-1, 2, 1)]),
                KindSpec::new("king", "K", vec![leg(0, 1, 1), leg(0, -1, 1)]),
            ],
            ..FamilySpec::new(9, 9, 3)
        };
        let t = PieceTable::new(&spec).unwrap();
        assert_eq!(t.dead_squares(0, Color::Black).count(), 18);
        assert!(t
            .dead_squares(0, Color::Black)
            .contains("5b".parse().unwrap()));
        assert!(t
            .dead_squares(0, Color::White)
            .contains("5h".parse().unwrap()));
        assert_eq!(t.drop_squares(0, Color::White).count(), 63);
        assert!(t.dead_squares(1, Color::Black).is_empty());
        let free = PieceTable::new(&FamilySpec {
            forbid_dead_drops: false,
            ..spec
        })
        .unwrap();
        assert_eq!(free.drop_squares(0, Color::Black).count(), 81);
    }

    #[test]
    fn ranged_slides_stop_at_their_range_and_mirror_for_white() {
        let lance2 = KindSpec::new("short lance", "L", vec![leg(0, 1, 2)]);
        let t = PieceTable::new(&one(lance2)).unwrap();
        let sq: Square = "3c".parse().unwrap();
        let black: Vec<_> = t
            .ray_mask(kc(0, Color::Black), 0, sq)
            .into_iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(black, ["3a", "3b"]);
        let white: Vec<_> = t
            .ray_mask(kc(0, Color::White), 0, sq)
            .into_iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(white, ["3d", "3e"]);
        assert_eq!(
            t.slide_reach[kc(0, Color::Black) * 8 + direction_of(0, -1).unwrap()],
            2
        );
    }

    #[test]
    fn a_hopper_needs_two_squares_to_be_alive() {
        let cannon = KindSpec::new(
            "cannon",
            "C",
            vec![Leg {
                hop: true,
                ..leg(0, 1, 0)
            }],
        );
        let t = PieceTable::new(&one(cannon)).unwrap();
        assert_eq!(t.dead_squares(0, Color::Black).count(), 10);
        assert!(t.has_hoppers);
    }
}
