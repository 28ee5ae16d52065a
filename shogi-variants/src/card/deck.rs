//! The cards and the deck: what can be drawn, with its exact odds (RULES.md §5).

use super::CardError;
use crate::state::Probability;
use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A playing card: a rank naming a file, or a joker (any move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Card {
    /// Rank 1..=9 (ace = 1): play on that file (file 1 on Black's right).
    Rank(u8),
    /// A joker: any legal move.
    Joker,
}

impl Card {
    /// The card's id, its chance outcome in [`GameState`](crate::GameState)
    /// and in OpenSpiel: 0 for the joker, the rank otherwise.
    ///
    /// ```
    /// use shogi_variants::Card;
    /// assert_eq!((Card::Joker.id(), Card::Rank(7).id()), (0, 7));
    /// assert_eq!((Card::from_id(7), Card::from_id(0), Card::from_id(10)), (Some(Card::Rank(7)), Some(Card::Joker), None));
    /// ```
    pub fn id(self) -> u16 {
        match self {
            Card::Joker => 0,
            Card::Rank(r) => u16::from(r),
        }
    }

    /// The card of this id (0..=9).
    pub fn from_id(id: u16) -> Option<Card> {
        match id {
            0 => Some(Card::Joker),
            1..=9 => Some(Card::Rank(id as u8)),
            _ => None,
        }
    }

    /// Index in a deck's count table: 0 for the joker, the rank otherwise;
    /// `None` for a rank outside 1..=9, which no deck holds.
    fn index(self) -> Option<usize> {
        match self {
            Card::Joker => Some(0),
            Card::Rank(r @ 1..=9) => Some(r as usize),
            Card::Rank(_) => None,
        }
    }

    fn from_index(i: usize) -> Card {
        if i == 0 {
            Card::Joker
        } else {
            Card::Rank(i as u8)
        }
    }
}

impl fmt::Display for Card {
    /// `1`..`9`, or `J` for a joker.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Rank(r) => write!(f, "{r}"),
            Card::Joker => f.write_str("J"),
        }
    }
}

/// The deck: cards left to draw and the discards. Draws are public.
///
/// ```
/// use shogi_variants::{Card, Deck};
/// let mut deck = Deck::new(9, 8, false);
/// assert_eq!(deck.size(), 72);
/// let odds = deck.outcomes();
/// assert_eq!(odds.len(), 9);
/// assert_eq!(odds[0].1.to_string(), "1/9");
/// deck.take(Card::Rank(3)).unwrap();
/// assert_eq!((deck.left(Card::Rank(3)), deck.left_total(), deck.discarded_total()), (7, 71, 1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deck {
    left: [u16; 10],
    discards: [u16; 10],
}

impl Deck {
    /// A full deck of ranks `1..=ranks`, `copies` of each, plus two jokers if asked.
    pub fn new(ranks: u8, copies: u8, jokers: bool) -> Deck {
        let mut left = [0u16; 10];
        for count in left.iter_mut().skip(1).take(ranks.min(9) as usize) {
            *count = copies as u16;
        }
        left[0] = if jokers { 2 } else { 0 };
        Deck {
            left,
            discards: [0; 10],
        }
    }

    /// Cards in a full deck.
    pub fn size(&self) -> u32 {
        self.left_total() + self.discarded_total()
    }

    /// Cards of this kind left to draw.
    pub fn left(&self, card: Card) -> u16 {
        card.index().map_or(0, |i| self.left[i])
    }

    /// Cards of this kind in the discards.
    ///
    /// ```
    /// use shogi_variants::{Card, Deck};
    /// let mut deck = Deck::new(5, 2, false);
    /// deck.take(Card::Rank(4)).unwrap();
    /// assert_eq!(deck.discarded(Card::Rank(4)), 1);
    /// ```
    pub fn discarded(&self, card: Card) -> u16 {
        card.index().map_or(0, |i| self.discards[i])
    }

    /// Cards left to draw.
    pub fn left_total(&self) -> u32 {
        self.left.iter().map(|&n| n as u32).sum()
    }

    /// Cards in the discards.
    pub fn discarded_total(&self) -> u32 {
        self.discards.iter().map(|&n| n as u32).sum()
    }

    /// Cards of this kind the next draw can give: those left in the deck,
    /// or, when the deck is empty, those in the discards, which that draw
    /// reshuffles into it. The one implementation of RULES.md §5's
    /// reshuffle: "A drawn card goes to the discards; a draw that finds the
    /// deck empty first reshuffles all discards into it." [`Deck::take`],
    /// [`Deck::outcomes`], [`Deck::pick`] and the observation encoders all
    /// read it.
    ///
    /// ```
    /// use shogi_variants::{Card, Deck};
    /// let mut deck = Deck::new(1, 2, false);
    /// deck.take(Card::Rank(1)).unwrap();
    /// assert_eq!(deck.drawable(Card::Rank(1)), 1);
    /// deck.take(Card::Rank(1)).unwrap();
    /// // The deck is empty: the next draw comes from the reshuffled discards.
    /// assert_eq!((deck.left(Card::Rank(1)), deck.drawable(Card::Rank(1))), (0, 2));
    /// assert_eq!(deck.drawable(Card::Joker), 0);
    /// ```
    pub fn drawable(&self, card: Card) -> u16 {
        card.index().map_or(0, |i| self.next_draw_counts()[i])
    }

    /// The counts the next draw is made from, by card index (see
    /// [`Deck::drawable`], which is the rule).
    fn next_draw_counts(&self) -> [u16; 10] {
        if self.left_total() == 0 {
            self.discards
        } else {
            self.left
        }
    }

    /// Every card the next draw can give, with its exact probability
    /// (remaining cards of that kind / cards left), jokers first, then ranks.
    pub fn outcomes(&self) -> Vec<(Card, Probability)> {
        let counts = self.next_draw_counts();
        let total: u32 = counts.iter().map(|&n| n as u32).sum();
        (0..10)
            .filter(|&i| counts[i] > 0)
            .filter_map(|i| {
                Some((
                    Card::from_index(i),
                    Probability::new(counts[i].into(), total)?,
                ))
            })
            .collect()
    }

    /// Draws `card` (reshuffling the discards into the deck first if it is
    /// empty) and puts it on the discards.
    /// A card that cannot be drawn is refused and nothing changes (not even the reshuffle).
    pub fn take(&mut self, card: Card) -> Result<(), CardError> {
        let i = card.index().ok_or(CardError::NotInDeck(card))?;
        if self.drawable(card) == 0 {
            return Err(CardError::NotInDeck(card));
        }
        if self.left_total() == 0 {
            self.left = self.discards;
            self.discards = [0; 10];
        }
        self.left[i] -= 1;
        self.discards[i] += 1;
        Ok(())
    }

    /// Picks a card uniformly among those the next draw can give.
    pub fn pick<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Card> {
        let counts = self.next_draw_counts();
        let total: u32 = counts.iter().map(|&n| n as u32).sum();
        if total == 0 {
            return None;
        }
        let mut k = rng.random_range(0..total);
        for (i, &n) in counts.iter().enumerate() {
            if k < n as u32 {
                return Some(Card::from_index(i));
            }
            k -= n as u32;
        }
        None
    }
}
