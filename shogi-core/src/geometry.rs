//! Board geometry as data: size, promotion zone and the far ranks the rules
//! read (what may stand where is decided in [`crate::rules`]).
//!
//! Every board of at most 9×9 squares goes through the same move generator; a
//! variant picks its [`Geometry`] instead of re-implementing move generation.

use crate::{Bitboard, Color, Square};
use std::sync::{Mutex, PoisonError};

/// The shape of a board: how many files and ranks, how deep the promotion zone
/// is, and the squares derived from those.
///
/// A board of `files` × `ranks` occupies files `1..=files` and ranks
/// `a..` of the shared 9×9 index space.
///
/// ```
/// use shogi_core::{Color, Geometry, Square};
/// let g = Geometry::new(5, 5, 1).unwrap();
/// assert_eq!((g.files(), g.ranks()), (5, 5));
/// let far_rank: Square = "3a".parse().unwrap();
/// assert!(g.promotion_zone(Color::Black).contains(far_rank));
/// assert!(!g.board().contains("6a".parse().unwrap()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    files: u8,
    ranks: u8,
    promotion_ranks: u8,
    board: Bitboard,
    zone: [Bitboard; 2],
    last_rank: [Bitboard; 2],
    last_two_ranks: [Bitboard; 2],
    file_masks: [Bitboard; 9],
    drop_rules: DropRules,
}

/// Which of shogi's two pawn-drop rules a board plays by (RULES.md 1.5);
/// both hold in shogi and its built-in variants. A variant defined by a
/// file may turn either off ([`Geometry::with_drop_rules`]).
///
/// ```
/// use shogi_core::{DropRules, Geometry};
/// let g = Geometry::new(5, 5, 1)?.with_drop_rules(DropRules { nifu_illegal: false, ..DropRules::SHOGI });
/// assert!(!g.drop_rules().nifu_illegal && g.drop_rules().pawn_drop_mate_illegal);
/// # Ok::<(), shogi_core::GeometryError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DropRules {
    /// A second unpromoted pawn of a side on a file is illegal (nifu, 二歩).
    pub nifu_illegal: bool,
    /// A pawn drop that checkmates is illegal (uchifuzume, 打ち歩詰め).
    pub pawn_drop_mate_illegal: bool,
}

impl DropRules {
    /// Shogi's rules: both drops illegal.
    pub const SHOGI: DropRules = DropRules {
        nifu_illegal: true,
        pawn_drop_mate_illegal: true,
    };
}

impl Default for DropRules {
    fn default() -> Self {
        DropRules::SHOGI
    }
}

/// A geometry that cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GeometryError {
    /// Files or ranks outside 3..=9.
    #[error("a board must have 3 to 9 files and 3 to 9 ranks, not {files}x{ranks}")]
    BadSize {
        /// Requested number of files.
        files: u8,
        /// Requested number of ranks.
        ranks: u8,
    },
    /// A promotion zone deeper than half the board, or empty.
    #[error(
        "the promotion zone must be 1 to {max} ranks deep on a board of {ranks} ranks, not {depth}"
    )]
    BadZone {
        /// Requested depth.
        depth: u8,
        /// Ranks of the board.
        ranks: u8,
        /// The deepest zone allowed.
        max: u8,
    },
}

const fn rank_band(files: u8, lo: u8, hi: u8) -> Bitboard {
    let mut bb = 0u128;
    let mut f = 1;
    while f <= files {
        let mut r = lo;
        while r <= hi {
            bb |= 1u128 << ((f as usize - 1) * 9 + (r as usize - 1));
            r += 1;
        }
        f += 1;
    }
    Bitboard(bb)
}

impl Geometry {
    /// A board of `files` × `ranks` (each 3..=9) whose promotion zone is the far
    /// `promotion_ranks` ranks (1..=ranks/2) for each side.
    ///
    /// ```
    /// use shogi_core::Geometry;
    /// assert!(Geometry::new(7, 7, 2).is_ok());
    /// assert!(Geometry::new(10, 9, 3).is_err());
    /// assert!(Geometry::new(5, 5, 3).is_err());
    /// ```
    pub const fn new(files: u8, ranks: u8, promotion_ranks: u8) -> Result<Geometry, GeometryError> {
        if files < 3 || files > 9 || ranks < 3 || ranks > 9 {
            return Err(GeometryError::BadSize { files, ranks });
        }
        let max = ranks / 2;
        if promotion_ranks == 0 || promotion_ranks > max {
            return Err(GeometryError::BadZone {
                depth: promotion_ranks,
                ranks,
                max,
            });
        }
        let mut file_masks = [Bitboard::EMPTY; 9];
        let mut f = 0;
        while f < files as usize {
            file_masks[f] = Bitboard::FILES[f].intersect(rank_band(files, 1, ranks));
            f += 1;
        }
        Ok(Geometry {
            files,
            ranks,
            promotion_ranks,
            board: rank_band(files, 1, ranks),
            zone: [
                rank_band(files, 1, promotion_ranks),
                rank_band(files, ranks + 1 - promotion_ranks, ranks),
            ],
            last_rank: [rank_band(files, 1, 1), rank_band(files, ranks, ranks)],
            last_two_ranks: [rank_band(files, 1, 2), rank_band(files, ranks - 1, ranks)],
            file_masks,
            drop_rules: DropRules::SHOGI,
        })
    }

    /// The same board played by other pawn-drop rules.
    pub const fn with_drop_rules(mut self, drop_rules: DropRules) -> Geometry {
        self.drop_rules = drop_rules;
        self
    }

    /// The pawn-drop rules the board plays by.
    #[inline(always)]
    pub const fn drop_rules(&self) -> DropRules {
        self.drop_rules
    }

    /// Moves this geometry to the heap for the life of the program, so that
    /// positions can refer to it. A geometry kept in a `const` is already
    /// `'static` (`&BOARD`, as each variant keeps its own); [`Geometry::shared`]
    /// gives one per shape.
    ///
    /// ```
    /// let g = shogi_core::Geometry::new(7, 7, 2).unwrap().leak();
    /// assert_eq!(g.files(), 7);
    /// ```
    pub fn leak(self) -> &'static Geometry {
        Box::leak(Box::new(self))
    }

    /// The one `'static` geometry of this shape that every caller shares:
    /// built and kept the first time a shape is asked for, the same
    /// reference after that. Fewer than 200 shapes exist (files and ranks
    /// 3..=9, zones up to half the ranks), so unlike [`Geometry::leak`] in a
    /// loop this never grows without bound: readers of saved boards use it.
    ///
    /// ```
    /// use shogi_core::Geometry;
    /// let a = Geometry::shared(7, 7, 2)?;
    /// let b = Geometry::shared(7, 7, 2)?;
    /// assert!(std::ptr::eq(a, b));
    /// assert!(Geometry::shared(10, 9, 3).is_err());
    /// # Ok::<(), shogi_core::GeometryError>(())
    /// ```
    pub fn shared(
        files: u8,
        ranks: u8,
        promotion_ranks: u8,
    ) -> Result<&'static Geometry, GeometryError> {
        Geometry::shared_with(files, ranks, promotion_ranks, DropRules::SHOGI)
    }

    /// [`Geometry::shared`] for a board played by `drop_rules`.
    ///
    /// ```
    /// use shogi_core::{DropRules, Geometry};
    /// let free = DropRules { nifu_illegal: false, pawn_drop_mate_illegal: false };
    /// let g = Geometry::shared_with(6, 6, 2, free)?;
    /// assert!(std::ptr::eq(g, Geometry::shared_with(6, 6, 2, free)?));
    /// assert!(!std::ptr::eq(g, Geometry::shared(6, 6, 2)?));
    /// # Ok::<(), shogi_core::GeometryError>(())
    /// ```
    pub fn shared_with(
        files: u8,
        ranks: u8,
        promotion_ranks: u8,
        drop_rules: DropRules,
    ) -> Result<&'static Geometry, GeometryError> {
        static SHARED: Mutex<Vec<&'static Geometry>> = Mutex::new(Vec::new());
        let geometry = Geometry::new(files, ranks, promotion_ranks)?.with_drop_rules(drop_rules);
        // A panic elsewhere while the lock was held leaves the list whole:
        // it is only ever pushed to.
        let mut shared = SHARED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&known) = shared.iter().find(|&&g| *g == geometry) {
            return Ok(known);
        }
        let leaked = geometry.leak();
        shared.push(leaked);
        Ok(leaked)
    }

    /// Number of files.
    #[inline(always)]
    pub const fn files(&self) -> u8 {
        self.files
    }

    /// Number of ranks.
    #[inline(always)]
    pub const fn ranks(&self) -> u8 {
        self.ranks
    }

    /// Depth of each side's promotion zone in ranks.
    #[inline(always)]
    pub const fn promotion_ranks(&self) -> u8 {
        self.promotion_ranks
    }

    /// The squares of the board.
    #[inline(always)]
    pub const fn board(&self) -> Bitboard {
        self.board
    }

    /// Whether `sq` is on the board.
    #[inline(always)]
    pub const fn contains(&self, sq: Square) -> bool {
        self.board.contains(sq)
    }

    /// The promotion zone of `color`: the far ranks from its side.
    #[inline(always)]
    pub const fn promotion_zone(&self, color: Color) -> Bitboard {
        self.zone[color as usize]
    }

    /// The squares of file `file` (1-based); empty for a file off the board.
    #[inline(always)]
    pub const fn file_mask(&self, file: u8) -> Bitboard {
        if file >= 1 && file <= 9 {
            self.file_masks[file as usize - 1]
        } else {
            Bitboard::EMPTY
        }
    }

    /// The last rank of `color`: the far rank from its side.
    ///
    /// ```
    /// use shogi_core::{Color, Geometry};
    /// let g = Geometry::shared(5, 5, 1).unwrap();
    /// assert!(g.last_rank(Color::Black).contains("1a".parse().unwrap()));
    /// assert!(g.last_rank(Color::White).contains("1e".parse().unwrap()));
    /// assert_eq!(g.last_rank(Color::White).count(), 5);
    /// ```
    #[inline(always)]
    pub const fn last_rank(&self, color: Color) -> Bitboard {
        self.last_rank[color as usize]
    }

    /// The last two ranks of `color`.
    ///
    /// ```
    /// use shogi_core::{Color, Geometry};
    /// let g = Geometry::shared(9, 9, 3).unwrap();
    /// assert!(g.last_two_ranks(Color::Black).contains("9b".parse().unwrap()));
    /// assert_eq!(g.last_two_ranks(Color::White).count(), 18);
    /// ```
    #[inline(always)]
    pub const fn last_two_ranks(&self, color: Color) -> Bitboard {
        self.last_two_ranks[color as usize]
    }
}
