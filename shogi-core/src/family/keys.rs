//! Zobrist keys of family positions: one per (piece code, square), one per
//! (colour, kind, count in hand) with a count of 0 keyed as zero, and one
//! for the side to move. Everything is XOR-ed in, so updates commute.

use super::table::MAX_KINDS;
use crate::rng::SplitMix;

/// Hand counts above this share the last key.
const HAND_COUNTS: usize = 32;

/// Piece codes: 0 is an empty square, `kind * 2 + colour + 1` a piece.
pub(crate) const CODES: usize = MAX_KINDS * 2 + 1;

/// Rows and columns of the board keys: powers of two, so that a code and
/// a square index masked to them are always in range (no bounds check in
/// `make`); the keys beyond `CODES` × 81 are never read and stay zero.
const KEY_ROWS: usize = 128;

struct Keys {
    board: [[u64; KEY_ROWS]; KEY_ROWS],
    hand: [[[u64; HAND_COUNTS]; MAX_KINDS]; 2],
    side: u64,
}

static KEYS: Keys = {
    let mut state = 0x4641_4D49_4C59_4B45; // "FAMILYKE"
    let mut board = [[0u64; KEY_ROWS]; KEY_ROWS];
    let mut p = 1; // the empty square keeps 0
    while p < CODES {
        let mut s = 0;
        while s < 81 {
            let (st, k) = SplitMix::step(state);
            state = st;
            board[p][s] = k;
            s += 1;
        }
        p += 1;
    }
    let mut hand = [[[0u64; HAND_COUNTS]; MAX_KINDS]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < MAX_KINDS {
            let mut n = 1;
            while n < HAND_COUNTS {
                let (st, key) = SplitMix::step(state);
                state = st;
                hand[c][k][n] = key;
                n += 1;
            }
            k += 1;
        }
        c += 1;
    }
    let (_, side) = SplitMix::step(state);
    Keys { board, hand, side }
};

/// The key of piece code `code` (non-zero) on square index `sq`.
#[inline(always)]
pub(crate) fn board(code: u8, sq: usize) -> u64 {
    KEYS.board[code as usize & (KEY_ROWS - 1)][sq & (KEY_ROWS - 1)]
}

/// The key of holding `count` pieces of kind `kind` (0 for none).
#[inline(always)]
pub(crate) fn hand(color: usize, kind: usize, count: u8) -> u64 {
    KEYS.hand[color][kind][(count as usize).min(HAND_COUNTS - 1)]
}

/// The key of White to move.
#[inline(always)]
pub(crate) fn side() -> u64 {
    KEYS.side
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_empty_is_zero() {
        assert_eq!(board(0, 5), 0);
        assert_eq!(hand(0, 3, 0), 0);
        let mut all: Vec<u64> = (1..CODES as u8).map(|c| board(c, 40)).collect();
        all.extend((1..5).map(|n| hand(1, 45, n)));
        all.push(side());
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
