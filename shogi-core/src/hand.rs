//! Pieces in hand (mochigoma).

use crate::PieceKind;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The pieces one player holds in hand, ready to drop: a count for each of the
/// seven hand kinds (P L N S B R G). Captured pieces arrive here unpromoted.
///
/// ```
/// use shogi_core::{Hand, PieceKind};
/// let mut hand = Hand::EMPTY;
/// hand.add(PieceKind::Pawn);
/// hand.add(PieceKind::Dragon); // arrives as a rook
/// assert_eq!(hand.count(PieceKind::Pawn), 1);
/// assert_eq!(hand.count(PieceKind::Rook), 1);
/// assert!(hand.remove(PieceKind::Rook));
/// assert!(!hand.remove(PieceKind::Rook));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(into = "[u8; 7]", from = "[u8; 7]")]
pub struct Hand(u64);

impl Hand {
    /// No pieces in hand.
    pub const EMPTY: Hand = Hand(0);

    /// How many pieces of `kind` (its base kind) are in hand.
    #[inline(always)]
    pub const fn count(self, kind: PieceKind) -> u8 {
        (self.0 >> (8 * kind.unpromote().index())) as u8
    }

    /// Whether at least one piece of `kind` is in hand.
    #[inline(always)]
    pub const fn has(self, kind: PieceKind) -> bool {
        self.count(kind) != 0
    }

    /// Whether the hand is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds one piece of `kind`, turned back to its base kind. A king is ignored
    /// (it never goes to hand). Counts saturate at 255.
    #[inline(always)]
    pub fn add(&mut self, kind: PieceKind) {
        let base = kind.unpromote();
        if base.is_hand_kind() && self.count(base) < u8::MAX {
            self.0 += 1 << (8 * base.index());
        }
    }

    /// Removes one piece of `kind`; returns false (and changes nothing) if there is none.
    #[inline(always)]
    pub fn remove(&mut self, kind: PieceKind) -> bool {
        if kind.is_hand_kind() && self.has(kind) {
            self.0 -= 1 << (8 * kind.index());
            true
        } else {
            false
        }
    }

    /// Sets the count of `kind` (a hand kind; others are ignored).
    ///
    /// ```
    /// use shogi_core::{Hand, PieceKind};
    /// let mut hand = Hand::EMPTY;
    /// hand.set(PieceKind::Gold, 3);
    /// assert_eq!(hand.to_string(), "3G");
    /// ```
    pub fn set(&mut self, kind: PieceKind, count: u8) {
        if kind.is_hand_kind() {
            let shift = 8 * kind.index();
            self.0 = self.0 & !(0xFF << shift) | (count as u64) << shift;
        }
    }

    /// Total number of pieces in hand.
    pub fn total(self) -> u32 {
        PieceKind::HAND.iter().map(|&k| self.count(k) as u32).sum()
    }

    /// The kinds with a non-zero count, with their counts, in SFEN order
    /// (R B G S N L P).
    pub fn iter(self) -> impl Iterator<Item = (PieceKind, u8)> {
        SFEN_ORDER
            .into_iter()
            .map(move |k| (k, self.count(k)))
            .filter(|&(_, n)| n > 0)
    }
}

/// The order in which SFEN lists hand pieces.
pub(crate) const SFEN_ORDER: [PieceKind; 7] = [
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Gold,
    PieceKind::Silver,
    PieceKind::Knight,
    PieceKind::Lance,
    PieceKind::Pawn,
];

impl From<Hand> for [u8; 7] {
    fn from(h: Hand) -> [u8; 7] {
        PieceKind::HAND.map(|k| h.count(k))
    }
}

impl From<[u8; 7]> for Hand {
    fn from(counts: [u8; 7]) -> Hand {
        let mut h = Hand::EMPTY;
        for (k, n) in PieceKind::HAND.into_iter().zip(counts) {
            h.set(k, n);
        }
        h
    }
}

impl fmt::Display for Hand {
    /// The upper-case SFEN hand fragment, e.g. `R2P`; empty for an empty hand.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, n) in self.iter() {
            if n > 1 {
                write!(f, "{n}")?;
            }
            write!(f, "{}", k.base_letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand({self})")
    }
}
