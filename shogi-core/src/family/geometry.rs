//! Board directions for the family engine: the eight king directions in the
//! shared 81-square index space, the full ray from each square along each of
//! them on one board, and the first-blocker bit trick.

use crate::{Bitboard, Color, Square};

/// The eight king directions as (files, ranks) steps on the board, file
/// toward higher numbers and rank toward the last letter being positive.
/// The first four increase the square index (`file * 9 + rank`), the last
/// four decrease it, and direction `d ^ 4` is the reverse of `d`.
pub(crate) const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, -1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// The direction index of a unit step, if it is one of the eight.
pub(crate) fn direction_of(df: i8, dr: i8) -> Option<usize> {
    DIRECTIONS.iter().position(|&d| d == (df, dr))
}

/// A step `(dx, dy)` of the mover's frame (right, forward) as a board step
/// (files, ranks): Black faces rank a and has file 1 on its right, White the
/// opposite.
pub(crate) const fn board_step(color: Color, dx: i8, dy: i8) -> (i8, i8) {
    match color {
        Color::Black => (-dx, -dy),
        Color::White => (dx, dy),
    }
}

/// The square `(df, dr)` away from `sq` on a board of `files` × `ranks`.
pub(crate) fn offset(sq: Square, df: i8, dr: i8, files: u8, ranks: u8) -> Option<Square> {
    let f = sq.file() as i16 + df as i16;
    let r = sq.rank() as i16 + dr as i16;
    if f < 1 || r < 1 || f > files as i16 || r > ranks as i16 {
        None
    } else {
        Square::new(f as u8, r as u8)
    }
}

/// The direction index from `a` toward `b` when they share a file, rank or
/// diagonal (`None` otherwise, and for `a == b`).
#[inline(always)]
pub(crate) fn line_direction(a: Square, b: Square) -> Option<usize> {
    match LINE_DIRECTION[a.index()][b.index()] {
        8 => None,
        d => Some(d as usize),
    }
}

/// [`line_direction`] for every pair of square indices, 8 for none.
static LINE_DIRECTION: [[u8; 81]; 81] = {
    let mut table = [[8u8; 81]; 81];
    let mut a: usize = 0;
    while a < 81 {
        let mut b: usize = 0;
        while b < 81 {
            let df = (b / 9) as i32 - (a / 9) as i32;
            let dr = (b % 9) as i32 - (a % 9) as i32;
            if (df != 0 || dr != 0) && (df == 0 || dr == 0 || df == dr || df == -dr) {
                let step = (df.signum() as i8, dr.signum() as i8);
                let mut d = 0;
                while d < 8 {
                    if DIRECTIONS[d].0 == step.0 && DIRECTIONS[d].1 == step.1 {
                        table[a][b] = d as u8;
                    }
                    d += 1;
                }
            }
            b += 1;
        }
        a += 1;
    }
    table
};

/// The distance in king steps between two squares on one line.
#[inline(always)]
pub(crate) fn distance(a: Square, b: Square) -> u8 {
    DISTANCE[a.index()][b.index()]
}

/// [`distance`] for every pair of square indices (a table: the file and
/// rank of an index take divisions).
static DISTANCE: [[u8; 81]; 81] = {
    let mut table = [[0u8; 81]; 81];
    let mut a: usize = 0;
    while a < 81 {
        let mut b: usize = 0;
        while b < 81 {
            let df = (a / 9).abs_diff(b / 9);
            let dr = (a % 9).abs_diff(b % 9);
            table[a][b] = if df > dr { df as u8 } else { dr as u8 };
            b += 1;
        }
        a += 1;
    }
    table
};

/// Full rays on one board: `rays[d][sq]` holds the squares from `sq` (not
/// included) to the edge along direction `d`.
#[derive(Clone, Debug)]
pub(crate) struct Rays {
    rays: [[Bitboard; 81]; 8],
    /// Per direction, the ray beyond a first blocker, by a position the
    /// blocker's index gives without a test for "no blocker": for the
    /// directions that increase the index, at the index itself (127, past
    /// the board, when there is none: empty); for the others at the index
    /// plus one (0 when there is none: empty).
    beyond: [[Bitboard; 128]; 8],
    /// Per square, its eight rays together.
    all: [Bitboard; 81],
}

impl Rays {
    /// The rays of a board of `files` × `ranks`.
    pub(crate) fn new(files: u8, ranks: u8) -> Rays {
        let mut rays = [[Bitboard::EMPTY; 81]; 8];
        for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
            for (i, cell) in rays[d].iter_mut().enumerate() {
                let Some(sq) = Square::from_index(i) else {
                    continue;
                };
                if sq.file() > files || sq.rank() > ranks {
                    continue;
                }
                let mut at = sq;
                while let Some(next) = offset(at, df, dr, files, ranks) {
                    *cell = cell.with(next);
                    at = next;
                }
            }
        }
        let mut beyond = [[Bitboard::EMPTY; 128]; 8];
        for (d, row) in beyond.iter_mut().enumerate() {
            for b in 0..81 {
                row[if d < 4 { b } else { b + 1 }] = rays[d][b];
            }
        }
        let mut all = [Bitboard::EMPTY; 81];
        for (sq, cell) in all.iter_mut().enumerate() {
            *cell = rays.iter().fold(Bitboard::EMPTY, |u, r| u | r[sq]);
        }
        Rays { rays, beyond, all }
    }

    /// The eight rays from `sq` together.
    #[inline(always)]
    pub(crate) fn all(&self, sq: Square) -> Bitboard {
        self.all[sq.index()]
    }

    /// The full ray from `sq` along `d`.
    #[inline(always)]
    pub(crate) fn ray(&self, d: usize, sq: Square) -> Bitboard {
        self.rays[d][sq.index()]
    }

    /// The squares a slide from `sq` along `d` reaches over `occupied`: the
    /// empty squares up to and including the first occupied one.
    #[inline(always)]
    pub(crate) fn slide(&self, d: usize, sq: Square, occupied: Bitboard) -> Bitboard {
        let ray = self.rays[d][sq.index()];
        let blockers = (ray & occupied).0;
        // Without a branch: a sentinel bit stands for "no blocker" and
        // selects an empty entry of `beyond`.
        let at = if d < 4 {
            (blockers | 1 << 127).trailing_zeros()
        } else {
            127 - ((blockers << 1) | 1).leading_zeros()
        };
        ray ^ self.beyond[d & 7][at as usize & 127]
    }

    /// Bytes held.
    pub(crate) const fn bytes() -> usize {
        std::mem::size_of::<Rays>()
    }
}

/// The first square of `blockers` met along direction `d`: the lowest index
/// for the directions that increase it, the highest for the others.
#[inline(always)]
pub(crate) fn first_blocker(d: usize, blockers: Bitboard) -> Option<Square> {
    if blockers.is_empty() {
        None
    } else if d < 4 {
        Some(Square::from_index_unchecked(
            blockers.0.trailing_zeros() as usize
        ))
    } else {
        Some(Square::from_index_unchecked(
            127 - blockers.0.leading_zeros() as usize,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn directions_reverse_with_xor_4_and_split_by_index_order() {
        for d in 0..8 {
            let (df, dr) = DIRECTIONS[d];
            assert_eq!(DIRECTIONS[d ^ 4], (-df, -dr));
            let delta = df as i32 * 9 + dr as i32;
            assert_eq!(delta > 0, d < 4, "direction {d}");
        }
    }

    #[test]
    fn slide_stops_on_the_first_piece_in_both_index_orders() {
        let rays = Rays::new(9, 9);
        let occ = Bitboard::from_square(sq("5b")) | Bitboard::from_square(sq("5h"));
        let up = direction_of(0, -1).unwrap();
        let down = direction_of(0, 1).unwrap();
        let north: Vec<_> = rays.slide(up, sq("5e"), occ).into_iter().collect();
        assert_eq!(north, [sq("5b"), sq("5c"), sq("5d")]);
        let south: Vec<_> = rays.slide(down, sq("5e"), occ).into_iter().collect();
        assert_eq!(south, [sq("5f"), sq("5g"), sq("5h")]);
    }

    #[test]
    fn line_direction_finds_the_ray_holding_the_other_square() {
        let rays = Rays::new(9, 9);
        for a in 0..81 {
            for b in 0..81 {
                let (a, b) = (
                    Square::from_index(a).unwrap(),
                    Square::from_index(b).unwrap(),
                );
                let on = (0..8).find(|&d| rays.ray(d, a).contains(b));
                assert_eq!(line_direction(a, b), on, "{a} {b}");
            }
        }
    }

    #[test]
    fn rays_stay_on_a_small_board() {
        let rays = Rays::new(3, 4);
        let right = direction_of(1, 0).unwrap();
        assert_eq!(rays.ray(right, sq("1a")).count(), 2);
        let down = direction_of(0, 1).unwrap();
        assert_eq!(rays.ray(down, sq("1a")).count(), 3);
        assert_eq!(distance(sq("1a"), sq("3c")), 2);
    }
}
