//! A fixed action space for learning code: every move of a board as an
//! integer in `0..size`, the same layout for every board size (read from
//! the board's geometry alone, whatever the game).
//!
//! With `n = files × ranks` squares numbered `s = (file − 1) × ranks + (rank − 1)`
//! (file 1 on Black's right, rank 1 at White's side, as in SFEN):
//!
//! | actions | move |
//! |---|---|
//! | `0 .. 2n²` | a board move: `(from × n + to) × 2 + promote` |
//! | `2n² .. 2n² + 7n` | a drop: `2n² + kind × n + to`, kinds in hand order `P L N S B R G` ([`PieceKind::HAND`]) |
//!
//! A game of the shogi family (pieces given as data: dobutsu, kyoto shogi...)
//! has one drop slot per kind of its definition instead
//! ([`ActionSpace::family`]): `2n² + kind × n + to`, `kind` the index of the
//! definition's kind ([`Move::dropped_index`]).
//!
//! So 9×9 has 13,689 actions, Judkins' 6×6 2,844 and 5×5 1,425. Every legal move has an
//! action; many actions are never legal (a mask says which are, now).
//! Legal actions listed in ascending order are what OpenSpiel-style code
//! expects.
//!
//! ```
//! # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
//! use shogi_research::action::ActionSpace;
//! use shogi_core::{Geometry, Move, PieceSet, Position};
//! let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces)?;
//! let space = ActionSpace::of(pos.geometry());
//! assert_eq!(space.size(), 1425);
//! let actions = space.legal_actions(&pos.legal_moves());
//! assert_eq!(actions.len(), 14);
//! for &a in &actions {
//!     assert_eq!(space.encode(space.decode(a).unwrap()), Some(a));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use shogi_core::{Geometry, Move, PieceKind, Square};

/// The action space of one board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ActionSpace {
    files: u8,
    ranks: u8,
    /// `None`: shogi's seven hand kinds; `Some(k)`: a family definition's
    /// `k` kinds, by index.
    family_kinds: Option<u8>,
}

impl ActionSpace {
    /// The action space of a board of `files` × `ranks` (1..=9 each).
    pub fn new(files: u8, ranks: u8) -> Option<ActionSpace> {
        ((1..=9).contains(&files) && (1..=9).contains(&ranks)).then_some(ActionSpace {
            files,
            ranks,
            family_kinds: None,
        })
    }

    /// The action space of a geometry's board.
    pub fn of(geometry: &Geometry) -> ActionSpace {
        ActionSpace {
            files: geometry.files(),
            ranks: geometry.ranks(),
            family_kinds: None,
        }
    }

    /// The action space of a game of the shogi family on a `files` ×
    /// `ranks` board whose definition has `kinds` kinds (at most
    /// [`Move::DROP_INDICES`]): a drop slot per kind.
    ///
    /// ```
    /// use shogi_research::action::ActionSpace;
    /// use shogi_core::Move;
    /// let dobutsu = ActionSpace::family(3, 4, 5).unwrap();
    /// assert_eq!(dobutsu.size(), 2 * 12 * 12 + 5 * 12);
    /// let drop = Move::drop_index(4, "2b".parse().unwrap()).unwrap();
    /// assert_eq!(dobutsu.decode(dobutsu.encode(drop).unwrap()), Some(drop));
    /// assert!(ActionSpace::family(3, 4, 60).is_none());
    /// ```
    pub fn family(files: u8, ranks: u8, kinds: u8) -> Option<ActionSpace> {
        let mut space = ActionSpace::new(files, ranks)?;
        (kinds <= Move::DROP_INDICES).then_some(())?;
        space.family_kinds = Some(kinds);
        Some(space)
    }

    /// The action space of a game: by its board, and for a family game by
    /// its definition's kinds.
    pub fn of_game<G: shogi_variants::GameState>(game: &G) -> ActionSpace {
        let geometry = game.geometry();
        match game.seen(game.side_to_move()) {
            shogi_variants::Seen::Family(f) => {
                let kinds = f.definition().table.kind_count() as u8;
                ActionSpace::family(geometry.files(), geometry.ranks(), kinds)
                    .unwrap_or_else(|| ActionSpace::of(geometry))
            }
            _ => ActionSpace::of(geometry),
        }
    }

    /// Drop slots: one per hand kind, or per family kind.
    fn drop_slots(&self) -> u32 {
        self.family_kinds.map_or(7, u32::from)
    }

    fn squares(&self) -> u32 {
        u32::from(self.files) * u32::from(self.ranks)
    }

    /// How many actions there are.
    pub fn size(&self) -> u32 {
        let n = self.squares();
        2 * n * n + self.drop_slots() * n
    }

    /// The board-local number of a square, if it is on this board.
    #[inline]
    fn local(&self, sq: Square) -> Option<u32> {
        if self.files == 9 && self.ranks == 9 {
            // The 9×9 numbering is the square index itself.
            return Some(sq.index() as u32);
        }
        (sq.file() <= self.files && sq.rank() <= self.ranks)
            .then(|| u32::from(sq.file() - 1) * u32::from(self.ranks) + u32::from(sq.rank() - 1))
    }

    /// The square of a board-local number.
    fn square(&self, local: u32) -> Option<Square> {
        let ranks = u32::from(self.ranks);
        let file = u8::try_from(local / ranks + 1).ok()?;
        let rank = u8::try_from(local % ranks + 1).ok()?;
        (file <= self.files).then_some(())?;
        Square::new(file, rank)
    }

    /// The action of a move, if the move fits this board.
    pub fn encode(&self, mv: Move) -> Option<u32> {
        let n = self.squares();
        let to = self.local(mv.to())?;
        if let (None, Some(_)) = (mv.from(), self.family_kinds) {
            let k = u32::from(mv.dropped_index()?);
            return (k < self.drop_slots()).then_some(2 * n * n + k * n + to);
        }
        match (mv.from(), mv.drop_kind()) {
            (Some(from), _) => {
                let from = self.local(from)?;
                Some((from * n + to) * 2 + u32::from(mv.is_promotion()))
            }
            (None, Some(kind)) => {
                let k = PieceKind::HAND.iter().position(|&h| h == kind)?;
                Some(2 * n * n + u32::try_from(k).ok()? * n + to)
            }
            (None, None) => None,
        }
    }

    /// The move of an action (`None` past the end, or for a board move that
    /// stays on its square).
    pub fn decode(&self, action: u32) -> Option<Move> {
        let n = self.squares();
        if action < 2 * n * n {
            let promote = action % 2 == 1;
            let pair = action / 2;
            let (from, to) = (self.square(pair / n)?, self.square(pair % n)?);
            (from != to).then(|| Move::normal(from, to, promote))
        } else {
            let rest = action - 2 * n * n;
            if self.family_kinds.is_some() {
                let k = u8::try_from(rest / n).ok()?;
                return (u32::from(k) < self.drop_slots())
                    .then(|| Move::drop_index(k, self.square(rest % n)?))
                    .flatten();
            }
            let kind = *PieceKind::HAND.get(usize::try_from(rest / n).ok()?)?;
            Move::drop(kind, self.square(rest % n)?)
        }
    }

    /// The actions of `moves`, ascending.
    pub fn legal_actions(&self, moves: &[Move]) -> Vec<u32> {
        let mut actions: Vec<u32> = moves.iter().filter_map(|&m| self.encode(m)).collect();
        actions.sort_unstable();
        actions
    }

    /// A mask of [`ActionSpace::size`] entries, true where an action is one of `moves`.
    pub fn mask(&self, moves: &[Move]) -> Vec<bool> {
        let mut mask = vec![false; self.size() as usize];
        for a in moves.iter().filter_map(|&m| self.encode(m)) {
            if let Some(slot) = mask.get_mut(a as usize) {
                *slot = true;
            }
        }
        mask
    }
}
