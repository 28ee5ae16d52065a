//! Zobrist keys for the position hash.
//!
//! Everything is XOR-ed in, so updates commute: one key per (piece, square),
//! one per (colour, hand kind, count) with count 0 keyed as zero, and the side
//! to move. (An earlier version added hand keys, which does not commute with
//! the XOR of board keys, so the running hash drifted after captures.)

use crate::rng::SplitMix;

/// Hand counts above this share the last key (validated positions hold at most 18).
pub(crate) const HAND_KEY_COUNTS: usize = 32;

/// Keys for (piece index 0..28, square 0..81), then the hand keys, then the side key.
struct Keys {
    board: [[u64; 81]; 28],
    hand: [[[u64; HAND_KEY_COUNTS]; 7]; 2],
    side: u64,
}

static KEYS: Keys = {
    let mut state = 0x5348_4F47_4956_4152; // "SHOGIVAR"
    let mut board = [[0u64; 81]; 28];
    let mut p = 0;
    while p < 28 {
        let mut s = 0;
        while s < 81 {
            let (st, k) = SplitMix::step(state);
            state = st;
            board[p][s] = k;
            s += 1;
        }
        p += 1;
    }
    let mut hand = [[[0u64; HAND_KEY_COUNTS]; 7]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 7 {
            let mut n = 1;
            while n < HAND_KEY_COUNTS {
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

#[inline(always)]
pub(crate) fn board(piece_index: usize, sq: usize) -> u64 {
    KEYS.board[piece_index][sq]
}

/// The key of holding `count` pieces of hand kind `kind` (0 for none).
#[inline(always)]
pub(crate) fn hand(color: usize, kind: usize, count: u8) -> u64 {
    KEYS.hand[color][kind][(count as usize).min(HAND_KEY_COUNTS - 1)]
}

#[inline(always)]
pub(crate) fn side() -> u64 {
    KEYS.side
}
