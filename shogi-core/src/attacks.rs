//! Attack tables: what each piece attacks from each square.
//!
//! All tables cover the shared 9×9 index space and are computed at compile time.
//! On a smaller board the caller intersects results with the board's squares: a
//! ray that leaves a board embedded in the corner of the 9×9 space never comes
//! back onto it, so sliding attacks stay exact.

use crate::{Bitboard, Color, PieceKind, Square};

/// (file delta, rank delta) of the eight slider directions. Rank delta −1 is
/// toward rank a (Black's forward). Even indices up to 5 grow the square index
/// by the listed step; see `STEP`.
const DIRS: [(i8, i8); 8] = [
    (0, -1),  // 0: toward rank a        (index −1)
    (0, 1),   // 1: toward the last rank (index +1)
    (1, 0),   // 2: toward file 9        (index +9)
    (-1, 0),  // 3: toward file 1        (index −9)
    (1, -1),  // 4: (index +8)
    (1, 1),   // 5: (index +10)
    (-1, -1), // 6: (index −10)
    (-1, 1),  // 7: (index −8)
];

const fn sq_at(file0: i8, rank0: i8) -> Option<usize> {
    if file0 >= 0 && file0 < 9 && rank0 >= 0 && rank0 < 9 {
        Some(file0 as usize * 9 + rank0 as usize)
    } else {
        None
    }
}

const fn ray_from(sq: usize, dir: usize) -> u128 {
    let (df, dr) = DIRS[dir];
    let mut f = (sq / 9) as i8 + df;
    let mut r = (sq % 9) as i8 + dr;
    let mut bb = 0u128;
    while let Some(i) = sq_at(f, r) {
        bb |= 1u128 << i;
        f += df;
        r += dr;
    }
    bb
}

/// `RAYS[dir][sq]`: the empty-board ray; entries 81..128 are empty so that a
/// sentinel bit can index them.
static RAYS: [[u128; 128]; 8] = {
    let mut t = [[0u128; 128]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < 81 {
            t[d][s] = ray_from(s, d);
            s += 1;
        }
        d += 1;
    }
    t
};

/// `RAYS_BEHIND[dir][i + 1] = RAYS[dir][i]`, and entry 0 empty: lets a
/// decreasing ray find its first blocker with a sentinel bit at index 0.
static RAYS_BEHIND: [[u128; 128]; 8] = {
    let mut t = [[0u128; 128]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < 81 {
            t[d][s + 1] = ray_from(s, d);
            s += 1;
        }
        d += 1;
    }
    t
};

/// Attacks along an increasing-index ray, stopping at (and including) the first
/// occupied square. Branch-free: bit 127 is a sentinel whose table entry is empty.
#[inline(always)]
fn ray_up(dir: usize, sq: usize, occ: u128) -> u128 {
    let r = RAYS[dir][sq];
    let first = ((r & occ) | 1u128 << 127).trailing_zeros() as usize;
    r ^ RAYS[dir][first]
}

/// Attacks along a decreasing-index ray, stopping at the first occupied square.
#[inline(always)]
fn ray_down(dir: usize, sq: usize, occ: u128) -> u128 {
    let r = RAYS[dir][sq];
    let last = 127 - (((r & occ) << 1) | 1).leading_zeros() as usize;
    r ^ RAYS_BEHIND[dir][last]
}

/// `FILE_ATTACKS[rank0][inner]`: the attacked ranks (9-bit mask) of a rook on
/// `rank0` in a file whose ranks b–h hold the occupancy `inner` (7 bits).
static FILE_ATTACKS: [[u16; 128]; 9] = {
    let mut t = [[0u16; 128]; 9];
    let mut r = 0;
    while r < 9 {
        let mut occ = 0;
        while occ < 128 {
            let full = (occ as u16) << 1;
            let mut att = 0u16;
            let mut i = r as i32 - 1;
            while i >= 0 {
                att |= 1 << i;
                if full >> i & 1 != 0 {
                    break;
                }
                i -= 1;
            }
            let mut i = r + 1;
            while i < 9 {
                att |= 1 << i;
                if full >> i & 1 != 0 {
                    break;
                }
                i += 1;
            }
            t[r][occ] = att;
            occ += 1;
        }
        r += 1;
    }
    t
};

/// Both vertical rays of a rook on `sq`.
#[inline(always)]
fn file_attacks(sq: usize, occ: u128) -> u128 {
    let base = sq / 9 * 9;
    let inner = (occ >> (base + 1)) as usize & 0x7F;
    (FILE_ATTACKS[sq - base][inner] as u128) << base
}

const fn step_set(sq: usize, steps: &[(i8, i8)], forward: i8) -> u128 {
    let f = (sq / 9) as i8;
    let r = (sq % 9) as i8;
    let mut bb = 0u128;
    let mut i = 0;
    while i < steps.len() {
        let (df, dr) = steps[i];
        if let Some(t) = sq_at(f + df, r + dr * forward) {
            bb |= 1u128 << t;
        }
        i += 1;
    }
    bb
}

const PAWN_STEPS: [(i8, i8); 1] = [(0, 1)];
const KNIGHT_STEPS: [(i8, i8); 2] = [(1, 2), (-1, 2)];
const SILVER_STEPS: [(i8, i8); 5] = [(-1, 1), (0, 1), (1, 1), (-1, -1), (1, -1)];
const GOLD_STEPS: [(i8, i8); 6] = [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (0, -1)];
const KING_STEPS: [(i8, i8); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ORTHO_STEPS: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAG_STEPS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// `STEPS[color][kind][sq]`: the non-sliding part of each kind's attacks
/// ("forward" in the step lists is toward the opponent).
static STEPS: [[[u128; 81]; 14]; 2] = step_table();

const fn step_table() -> [[[u128; 81]; 14]; 2] {
    let mut t = [[[0u128; 81]; 14]; 2];
    let mut c = 0;
    while c < 2 {
        let fwd: i8 = if c == 0 { -1 } else { 1 };
        let mut s = 0;
        while s < 81 {
            t[c][0][s] = step_set(s, &PAWN_STEPS, fwd);
            t[c][2][s] = step_set(s, &KNIGHT_STEPS, fwd);
            t[c][3][s] = step_set(s, &SILVER_STEPS, fwd);
            let gold = step_set(s, &GOLD_STEPS, fwd);
            t[c][6][s] = gold;
            t[c][7][s] = step_set(s, &KING_STEPS, fwd);
            t[c][8][s] = gold;
            t[c][9][s] = gold;
            t[c][10][s] = gold;
            t[c][11][s] = gold;
            t[c][12][s] = step_set(s, &ORTHO_STEPS, fwd);
            t[c][13][s] = step_set(s, &DIAG_STEPS, fwd);
            s += 1;
        }
        c += 1;
    }
    t
}

/// `REACH[color][kind][sq]`: the squares a piece could move to in one move
/// on an empty board (its steps and its whole rays).
static REACH: [[[u128; 81]; 14]; 2] = {
    let mut t = step_table();
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 81 {
            let rook = ray_from(s, 0) | ray_from(s, 1) | ray_from(s, 2) | ray_from(s, 3);
            let bishop = ray_from(s, 4) | ray_from(s, 5) | ray_from(s, 6) | ray_from(s, 7);
            // DIRS[0] is Black's forward, DIRS[1] White's.
            t[c][PieceKind::Lance.index()][s] = ray_from(s, c);
            t[c][PieceKind::Bishop.index()][s] = bishop;
            t[c][PieceKind::Rook.index()][s] = rook;
            t[c][PieceKind::Horse.index()][s] |= bishop;
            t[c][PieceKind::Dragon.index()][s] |= rook;
            s += 1;
        }
        c += 1;
    }
    t
};

/// The index of the direction opposite to `d`.
const fn opposite_dir(d: usize) -> usize {
    let (df, dr) = DIRS[d];
    let mut i = 0;
    while i < 8 {
        if DIRS[i].0 == -df && DIRS[i].1 == -dr {
            return i;
        }
        i += 1;
    }
    d
}

const fn line_tables() -> ([[u128; 81]; 81], [[u128; 81]; 81]) {
    let mut between = [[0u128; 81]; 81];
    let mut line = [[0u128; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let ray = ray_from(a, d);
            let opposite = ray_from(a, opposite_dir(d));
            let (df, dr) = DIRS[d];
            let mut f = (a / 9) as i8 + df;
            let mut r = (a % 9) as i8 + dr;
            let mut passed = 0u128;
            while let Some(b) = sq_at(f, r) {
                between[a][b] = passed;
                line[a][b] = ray | opposite | 1u128 << a;
                passed |= 1u128 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

static LINES: ([[u128; 81]; 81], [[u128; 81]; 81]) = line_tables();

/// The squares strictly between `a` and `b` if they share a rank, file or
/// diagonal; otherwise empty.
///
/// ```
/// use shogi_core::{attacks, Square};
/// let a: Square = "5i".parse().unwrap();
/// let b: Square = "5e".parse().unwrap();
/// assert_eq!(attacks::between(a, b).count(), 3);
/// assert!(attacks::between(a, "4f".parse().unwrap()).is_empty());
/// ```
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES.0[a.index()][b.index()])
}

/// The whole line (rank, file or diagonal, edge to edge) through `a` and `b`,
/// or empty if they are not aligned or equal.
///
/// ```
/// use shogi_core::{attacks, Square};
/// let a: Square = "5i".parse().unwrap();
/// assert_eq!(attacks::line(a, "5e".parse().unwrap()).count(), 9);
/// ```
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES.1[a.index()][b.index()])
}

/// The squares a non-sliding move of `kind` (or the one-step part of a horse
/// or dragon) reaches from `sq` for `color`, on the full 9×9 index space.
///
/// ```
/// use shogi_core::{attacks, Color, PieceKind};
/// let sq = "5e".parse().unwrap();
/// assert_eq!(attacks::step_attacks(Color::Black, PieceKind::Gold, sq).count(), 6);
/// assert_eq!(attacks::step_attacks(Color::Black, PieceKind::Knight, sq).count(), 2);
/// assert!(attacks::step_attacks(Color::Black, PieceKind::Rook, sq).is_empty());
/// ```
#[inline(always)]
pub fn step_attacks(color: Color, kind: PieceKind, sq: Square) -> Bitboard {
    Bitboard(STEPS[color.index()][kind.index()][sq.index()])
}

/// Rook attacks from `sq` with the given occupancy.
///
/// ```
/// use shogi_core::{attacks, Bitboard};
/// assert_eq!(attacks::rook_attacks("5e".parse().unwrap(), Bitboard::EMPTY).count(), 16);
/// ```
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sq.index();
    let occ = occupied.0;
    Bitboard(file_attacks(s, occ) | ray_up(2, s, occ) | ray_down(3, s, occ))
}

/// Bishop attacks from `sq` with the given occupancy.
///
/// ```
/// use shogi_core::{attacks, Bitboard};
/// assert_eq!(attacks::bishop_attacks("5e".parse().unwrap(), Bitboard::EMPTY).count(), 16);
/// ```
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sq.index();
    let occ = occupied.0;
    Bitboard(ray_up(4, s, occ) | ray_up(5, s, occ) | ray_down(6, s, occ) | ray_down(7, s, occ))
}

/// Lance attacks of `color` from `sq` with the given occupancy.
///
/// ```
/// use shogi_core::{attacks, Bitboard, Color};
/// assert_eq!(attacks::lance_attacks(Color::Black, "1i".parse().unwrap(), Bitboard::EMPTY).count(), 8);
/// ```
#[inline(always)]
pub fn lance_attacks(color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sq.index();
    Bitboard(file_attacks(s, occupied.0) & RAYS[color.index()][s])
}

/// Attacks of a piece of `kind` and `color` on `sq` with the given occupancy,
/// on the full 9×9 index space.
///
/// ```
/// use shogi_core::{attacks, Bitboard, Color, PieceKind};
/// let sq = "5e".parse().unwrap();
/// assert_eq!(attacks::attacks(Color::White, PieceKind::Dragon, sq, Bitboard::EMPTY).count(), 20);
/// ```
#[inline(always)]
pub fn attacks(color: Color, kind: PieceKind, sq: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Lance => lance_attacks(color, sq, occupied),
        PieceKind::Bishop => bishop_attacks(sq, occupied),
        PieceKind::Rook => rook_attacks(sq, occupied),
        PieceKind::Horse => bishop_attacks(sq, occupied) | step_attacks(color, kind, sq),
        PieceKind::Dragon => rook_attacks(sq, occupied) | step_attacks(color, kind, sq),
        _ => step_attacks(color, kind, sq),
    }
}

/// Whether a `kind` of `color` on `from` attacks `to` with `occupied` the
/// occupied squares: [`attacks`]`(..).contains(to)`, decided for one square
/// by two table lookups (`to` within the piece's empty-board reach and
/// nothing between), with no branch on the kind.
///
/// ```
/// use shogi_core::{attacks, Bitboard, Color, PieceKind, Square};
/// let (a, b): (Square, Square) = ("5i".parse().unwrap(), "5a".parse().unwrap());
/// assert!(attacks::reaches(Color::Black, PieceKind::Rook, a, b, Bitboard::EMPTY));
/// let blocker = Bitboard::from_square("5e".parse().unwrap());
/// assert!(!attacks::reaches(Color::Black, PieceKind::Rook, a, b, blocker));
/// assert!(!attacks::reaches(Color::Black, PieceKind::Gold, a, b, Bitboard::EMPTY));
/// ```
#[inline(always)]
pub fn reaches(
    color: Color,
    kind: PieceKind,
    from: Square,
    to: Square,
    occupied: Bitboard,
) -> bool {
    // A step (a knight's jump included) has nothing between its squares:
    // only a slide asks the large `between` table, which a caller between
    // Python calls finds out of the first-level cache.
    let slides = matches!(
        kind,
        PieceKind::Lance
            | PieceKind::Bishop
            | PieceKind::Rook
            | PieceKind::Horse
            | PieceKind::Dragon
    );
    Bitboard(REACH[color.index()][kind.index()][from.index()]).contains(to)
        && (!slides || (between(from, to) & occupied).is_empty())
}

/// `PSEUDO[0][sq]`: empty-board rook rays; `PSEUDO[1][sq]`: bishop rays.
static PSEUDO: [[u128; 81]; 2] = {
    let mut t = [[0u128; 81]; 2];
    let mut s = 0;
    while s < 81 {
        t[0][s] = ray_from(s, 0) | ray_from(s, 1) | ray_from(s, 2) | ray_from(s, 3);
        t[1][s] = ray_from(s, 4) | ray_from(s, 5) | ray_from(s, 6) | ray_from(s, 7);
        s += 1;
    }
    t
};

/// Empty-board rook rays from `sq` (the squares it could ever attack).
///
/// ```
/// assert_eq!(shogi_core::attacks::rook_pseudo_attacks("1a".parse().unwrap()).count(), 16);
/// ```
#[inline(always)]
pub fn rook_pseudo_attacks(sq: Square) -> Bitboard {
    Bitboard(PSEUDO[0][sq.index()])
}

/// Empty-board bishop rays from `sq`.
///
/// ```
/// assert_eq!(shogi_core::attacks::bishop_pseudo_attacks("1a".parse().unwrap()).count(), 8);
/// ```
#[inline(always)]
pub fn bishop_pseudo_attacks(sq: Square) -> Bitboard {
    Bitboard(PSEUDO[1][sq.index()])
}

/// Empty-board forward ray of a lance of `color` on `sq`.
#[inline(always)]
pub fn lance_pseudo_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(RAYS[color.index()][sq.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// `reaches` is `attacks(..).contains(to)` for every piece, square pair
    /// and colour, over boards from empty to crowded (a fixed LCG's squares).
    #[test]
    fn reaches_agrees_with_attacks() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut boards = vec![Bitboard::EMPTY];
        for density in [4u64, 12, 30, 60] {
            for _ in 0..6 {
                let mut occ = Bitboard::EMPTY;
                for i in 0..81 {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    if (seed >> 33) % 81 < density {
                        occ = occ.with(Square::from_index(i).unwrap());
                    }
                }
                boards.push(occ);
            }
        }
        for color in [Color::Black, Color::White] {
            for kind in PieceKind::ALL {
                for from in (0..81).filter_map(Square::from_index) {
                    for &occ in &boards {
                        let att = attacks(color, kind, from, occ);
                        for to in (0..81).filter_map(Square::from_index) {
                            assert_eq!(
                                reaches(color, kind, from, to, occ),
                                att.contains(to),
                                "{color:?} {kind:?} {from} -> {to}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn sliders_stop_at_the_first_blocker() {
        let occ = Bitboard::from_square(sq("5c")) | Bitboard::from_square(sq("3e"));
        let rook = rook_attacks(sq("5e"), occ);
        assert!(rook.contains(sq("5c")));
        assert!(!rook.contains(sq("5b")));
        assert!(rook.contains(sq("3e")));
        assert!(!rook.contains(sq("2e")));
        assert!(rook.contains(sq("9e")));
        assert!(rook.contains(sq("5i")));
        let occ = Bitboard::from_square(sq("3c")) | Bitboard::from_square(sq("7g"));
        let bishop = bishop_attacks(sq("5e"), occ);
        assert!(bishop.contains(sq("3c")) && !bishop.contains(sq("2b")));
        assert!(bishop.contains(sq("7g")) && !bishop.contains(sq("8h")));
        assert!(bishop.contains(sq("1i")) && bishop.contains(sq("9a")));
    }

    #[test]
    fn line_runs_through_both_squares_edge_to_edge() {
        let l = line(sq("8f"), sq("6h"));
        let expect: Bitboard = ["9e", "8f", "7g", "6h", "5i"]
            .iter()
            .map(|s| sq(s))
            .collect();
        assert_eq!(l, expect);
        let l = line(sq("5e"), sq("3c"));
        assert_eq!(l.count(), 9);
        assert!(l.contains(sq("9i")) && l.contains(sq("1a")));
        let l = line(sq("5e"), sq("7c"));
        assert!(l.contains(sq("9a")) && l.contains(sq("1i")) && !l.contains(sq("1a")));
        assert_eq!(line(sq("5e"), sq("5a")).count(), 9);
        assert_eq!(line(sq("5e"), sq("4c")), Bitboard::EMPTY);
        for a in 0..81 {
            for b in 0..81 {
                let (a, b) = (
                    Square::from_index(a).unwrap(),
                    Square::from_index(b).unwrap(),
                );
                let l = line(a, b);
                if l.is_any() {
                    assert!(l.contains(a) && l.contains(b), "{a} {b}");
                    assert_eq!(l, line(b, a));
                    assert_eq!(between(a, b) & !l, Bitboard::EMPTY);
                }
            }
        }
    }

    #[test]
    fn slider_attacks_match_a_naive_walk() {
        // A fixed pseudo-random occupancy sweep against a square-by-square walk.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = Bitboard((x as u128 | (x.rotate_left(23) as u128) << 64) & Bitboard::FULL.0);
            for s in 0..81 {
                let from = Square::from_index(s).unwrap();
                for (kind, dirs) in [(0, [0usize, 1, 2, 3]), (1, [4, 5, 6, 7])] {
                    let mut expect = 0u128;
                    for d in dirs {
                        let (df, dr) = DIRS[d];
                        let (mut f, mut r) = ((s / 9) as i8 + df, (s % 9) as i8 + dr);
                        while let Some(t) = sq_at(f, r) {
                            expect |= 1 << t;
                            if occ.0 >> t & 1 != 0 {
                                break;
                            }
                            f += df;
                            r += dr;
                        }
                    }
                    let got = if kind == 0 {
                        rook_attacks(from, occ)
                    } else {
                        bishop_attacks(from, occ)
                    };
                    assert_eq!(got.0, expect, "square {from} kind {kind}");
                }
            }
        }
    }
}
