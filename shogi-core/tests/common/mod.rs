//! Helpers shared by the integration tests of shogi-core: the boards and
//! start positions the tests play on (as data: the core names no variant), a
//! reproducible generator, and position and move builders.

// Each test file uses a different part of this module.
#![allow(dead_code)]

use shogi_core::{Geometry, Move, PieceSet, Position};

pub const STANDARD_START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
pub const MINISHOGI_START: &str = "rbsgk/4p/5/P4/KGSBR b - 1";

/// The 9×9 board with a three-rank promotion zone.
pub const NINE: Geometry = match Geometry::new(9, 9, 3) {
    Ok(g) => g,
    Err(_) => panic!("9x9 is a board"),
};
/// The 40 pieces played on it.
pub const NINE_PIECES: PieceSet = PieceSet {
    max: [18, 4, 4, 4, 2, 2, 4, 2],
};
/// The 5×5 board with a one-rank promotion zone.
pub const FIVE: Geometry = match Geometry::new(5, 5, 1) {
    Ok(g) => g,
    Err(_) => panic!("5x5 is a board"),
};
/// The 12 pieces played on it: K G S B R P for each side.
pub const FIVE_PIECES: PieceSet = PieceSet {
    max: [2, 0, 0, 2, 2, 2, 2, 2],
};

/// A tiny xorshift64 generator: reproducible, no dependency.
pub struct XorShift(pub u64);

impl XorShift {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A 9×9 position from an SFEN.
/// Plays up to `plies` uniformly random legal moves on `pos`, stopping where
/// there is none; `each` is told every move played (with the generator, to
/// draw more from it).
pub fn play_random(
    rng: &mut XorShift,
    pos: &mut Position,
    plies: usize,
    mut each: impl FnMut(&mut XorShift, Move),
) {
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        pos.play_unchecked(m);
        each(rng, m);
    }
}

pub fn standard(sfen: &str) -> Position {
    Position::from_sfen(sfen, &NINE, &NINE_PIECES).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// A 5×5 position from an SFEN.
pub fn minishogi(sfen: &str) -> Position {
    Position::from_sfen(sfen, &FIVE, &FIVE_PIECES).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// A move from USI.
pub fn mv(usi: &str) -> Move {
    usi.parse().unwrap_or_else(|e| panic!("{usi}: {e}"))
}
