//! [`FamilyPosition`]: a position of a family definition (board, hands, side
//! to move, hash), with moves made and taken back in place.

use super::keys;
use super::table::{PieceTable, MAX_KINDS, NO_SLOT};
use crate::{Bitboard, Color, Move, Square};
use std::sync::Arc;

/// A position of a family definition: the board as piece codes and
/// bitboards, each side's hand, the side to move, the move number and the
/// Zobrist hash. Read and written as SFEN with the definition's tokens
/// ([`FamilyPosition::from_sfen`], in `family::sfen`).
///
/// A piece's code is `kind * 2 + colour + 1`; 0 is an empty square.
#[derive(Clone, Debug)]
pub struct FamilyPosition {
    pub(crate) table: Arc<PieceTable>,
    pub(crate) board: [u8; 81],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_kind: [Bitboard; MAX_KINDS],
    pub(crate) royals: [Bitboard; 2],
    pub(crate) hands: [[u8; MAX_KINDS]; 2],
    pub(crate) side: Color,
    pub(crate) move_number: u32,
    pub(crate) hash: u64,
}

/// What [`FamilyPosition::undo`] needs to take a move back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FamilyUndo {
    /// The piece captured (0 for none).
    captured: u8,
    /// The piece that moved or was dropped, as it was before the move (0
    /// when `make` refused the move and changed nothing).
    moved: u8,
    hash: u64,
}

impl PartialEq for FamilyPosition {
    /// The same table (the same `Arc`), pieces, hands, side to move, move
    /// number and hash.
    fn eq(&self, other: &FamilyPosition) -> bool {
        Arc::ptr_eq(&self.table, &other.table)
            && self.board == other.board
            && self.hands == other.hands
            && self.side == other.side
            && self.move_number == other.move_number
            && self.hash == other.hash
    }
}

/// The piece code of `kind` and `color`.
#[inline(always)]
pub(crate) const fn code(kind: usize, color: Color) -> u8 {
    (kind * 2 + color as usize + 1) as u8
}

/// The kind of a non-zero piece code.
#[inline(always)]
pub(crate) const fn kind_of(code: u8) -> usize {
    (code as usize - 1) >> 1
}

/// The colour of a non-zero piece code.
#[inline(always)]
pub(crate) const fn color_of(code: u8) -> Color {
    if (code - 1) & 1 == 0 {
        Color::Black
    } else {
        Color::White
    }
}

impl FamilyPosition {
    /// An empty board of `table`'s definition, Black to move, move 1.
    ///
    /// ```
    /// # use shogi_core::family::betza::{Leg, Mode};
    /// # use shogi_core::family::{FamilyPosition, FamilySpec, KindSpec, PieceTable};
    /// # use std::sync::Arc;
    /// # let wazir = vec![Leg { dx: 0, dy: 1, range: 1, mode: Mode::Both, hop: false }];
    /// # let spec = FamilySpec { kinds: vec![KindSpec::new("chick", "C", wazir)], ..FamilySpec::new(3, 4, 1) };
    /// let table = Arc::new(PieceTable::new(&spec)?);
    /// let pos = shogi_core::family::FamilyPosition::empty(table);
    /// assert_eq!(pos.to_sfen(), "3/3/3/3 b - 1");
    /// # Ok::<(), shogi_core::family::FamilyError>(())
    /// ```
    pub fn empty(table: Arc<PieceTable>) -> FamilyPosition {
        FamilyPosition {
            table,
            board: [0; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; MAX_KINDS],
            royals: [Bitboard::EMPTY; 2],
            hands: [[0; MAX_KINDS]; 2],
            side: Color::Black,
            move_number: 1,
            hash: 0,
        }
    }

    /// The compiled definition.
    pub fn table(&self) -> &Arc<PieceTable> {
        &self.table
    }

    /// The piece on `sq`: its kind index and colour.
    pub fn piece_at(&self, sq: Square) -> Option<(usize, Color)> {
        match self.board[sq.index()] {
            0 => None,
            c => Some((kind_of(c), color_of(c))),
        }
    }

    /// How many pieces of kind `kind` `color` holds (0 for a kind that does
    /// not exist).
    pub fn hand_count(&self, color: Color, kind: usize) -> u8 {
        self.hands[color.index()].get(kind).copied().unwrap_or(0)
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The move number (1 for the first move of a game).
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The Zobrist hash of pieces, hands and side to move, kept up to date
    /// by [`FamilyPosition::make`].
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (equal to [`FamilyPosition::hash`]).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, &c) in self.board.iter().enumerate() {
            if c != 0 {
                h ^= keys::board(c, sq);
            }
        }
        for color in Color::ALL {
            for (k, &n) in self.hands[color.index()].iter().enumerate() {
                h ^= keys::hand(color.index(), k, n);
            }
        }
        if self.side == Color::White {
            h ^= keys::side();
        }
        h
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline(always)]
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of `color`'s pieces of kind `kind`.
    #[inline(always)]
    pub fn pieces_of(&self, color: Color, kind: usize) -> Bitboard {
        self.by_kind.get(kind).copied().unwrap_or_default() & self.by_color[color.index()]
    }

    /// The squares of `color`'s royal pieces.
    #[inline(always)]
    pub fn royals(&self, color: Color) -> Bitboard {
        self.royals[color.index()]
    }

    /// Puts piece `code` on the empty square `sq`.
    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, code: u8) {
        self.toggle(sq, code);
        self.board[sq.index()] = code;
        self.hash ^= keys::board(code, sq.index());
    }

    /// Removes piece `code` from `sq`.
    #[inline(always)]
    pub(crate) fn remove(&mut self, sq: Square, code: u8) {
        self.toggle(sq, code);
        self.board[sq.index()] = 0;
        self.hash ^= keys::board(code, sq.index());
    }

    #[inline(always)]
    fn toggle(&mut self, sq: Square, code: u8) {
        let bit = Bitboard::from_square(sq);
        let kind = kind_of(code);
        let color = color_of(code).index();
        self.by_color[color] ^= bit;
        self.by_kind[kind] ^= bit;
        if self.table.codes[code as usize].royal {
            self.royals[color] ^= bit;
        }
    }

    /// Moves piece `code` from `from` to the empty square `to`, where it
    /// stands as `placed` (the same piece, or its other face), without
    /// keying the hash: each bitboard is written once.
    #[inline(always)]
    fn shift(&mut self, from: Square, code: u8, to: Square, placed: u8) {
        let (a, b) = (Bitboard::from_square(from), Bitboard::from_square(to));
        let color = color_of(code).index();
        self.by_color[color] ^= a | b;
        let (kind, new_kind) = (kind_of(code), kind_of(placed));
        let codes = &self.table.codes;
        if code == placed {
            self.by_kind[kind] ^= a | b;
            if codes[code as usize].royal {
                self.royals[color] ^= a | b;
            }
        } else {
            self.by_kind[kind] ^= a;
            self.by_kind[new_kind] ^= b;
            if codes[code as usize].royal {
                self.royals[color] ^= a;
            }
            if codes[placed as usize].royal {
                self.royals[color] ^= b;
            }
        }
        self.board[from.index()] = 0;
        self.board[to.index()] = placed;
    }

    /// Adds `delta` (±1) to `color`'s count of `kind`, keeping the hash.
    #[inline(always)]
    pub(crate) fn add_to_hand(&mut self, color: Color, kind: usize, delta: i8) {
        let c = color.index();
        let before = self.hands[c][kind];
        let after = before.wrapping_add_signed(delta);
        self.hash ^= keys::hand(c, kind, before) ^ keys::hand(c, kind, after);
        self.hands[c][kind] = after;
    }

    /// Plays `mv`, which the caller knows to be a legal move of this
    /// position (from [`FamilyPosition::legal_moves`]), and returns what
    /// [`FamilyPosition::undo`] needs. Another move leaves the position in
    /// an unspecified but memory-safe state; [`FamilyPosition::play`] checks.
    #[inline]
    pub fn make(&mut self, mv: Move) -> FamilyUndo {
        let us = self.side;
        let mut undo = FamilyUndo {
            captured: 0,
            moved: 0,
            hash: self.hash,
        };
        let to = mv.to();
        match mv.from() {
            Some(from) => {
                let moving = self.board[from.index()];
                if moving == 0 {
                    return undo;
                }
                let captured = self.board[to.index()];
                if captured != 0 {
                    self.remove(to, captured);
                    let slot = self.table.codes[captured as usize].capture_slot;
                    if slot != NO_SLOT {
                        self.add_to_hand(us, slot as usize, 1);
                    }
                    undo.captured = captured;
                }
                undo.moved = moving;
                let placed = if mv.is_promotion() {
                    self.table.codes[moving as usize].flip
                } else {
                    moving
                };
                self.shift(from, moving, to, placed);
                self.hash ^= keys::board(moving, from.index()) ^ keys::board(placed, to.index());
            }
            None => {
                let kind = mv.dropped_index().map_or(0, usize::from);
                if kind >= self.table.kinds.len() || self.board[to.index()] != 0 {
                    return undo;
                }
                let slot = self.table.kinds[kind].drop_from.map_or(kind, usize::from);
                self.add_to_hand(us, slot, -1);
                self.put(to, code(kind, us));
                undo.moved = code(kind, us);
            }
        }
        self.side = us.opponent();
        self.hash ^= keys::side();
        self.move_number = self.move_number.wrapping_add(1);
        undo
    }

    /// Takes back `mv`, the last move [`FamilyPosition::make`] played, with
    /// what that call returned.
    #[inline]
    pub fn undo(&mut self, mv: Move, undo: FamilyUndo) {
        if undo.moved == 0 {
            return;
        }
        let us = self.side.opponent();
        self.side = us;
        self.move_number = self.move_number.wrapping_sub(1);
        // The hash comes back whole from `undo`: the pieces and hands are
        // put back without keying them.
        let to = mv.to();
        let moved = self.board[to.index()];
        match mv.from() {
            Some(from) => {
                self.shift(to, moved, from, undo.moved);
                self.board[to.index()] = undo.captured;
                if undo.captured != 0 {
                    self.toggle(to, undo.captured);
                    let slot = self.table.codes[undo.captured as usize].capture_slot;
                    if slot != NO_SLOT {
                        let n = &mut self.hands[us.index()][slot as usize];
                        *n = n.wrapping_sub(1);
                    }
                }
            }
            None => {
                self.toggle(to, moved);
                self.board[to.index()] = 0;
                let slot = self.table.codes[moved as usize].drop_slot as usize;
                let n = &mut self.hands[us.index()][slot];
                *n = n.wrapping_add(1);
            }
        }
        self.hash = undo.hash;
    }

    /// The square directly behind `sq` for a piece of `color` (toward its
    /// own side), on the board.
    #[inline(always)]
    pub(crate) fn behind(&self, sq: Square, color: Color) -> Option<Square> {
        match color {
            Color::Black if sq.rank() < self.table.ranks => Square::from_index(sq.index() + 1),
            Color::White if sq.rank() > 1 => Square::from_index(sq.index() - 1),
            _ => None,
        }
    }

    /// The kind whose movement the piece on `sq` (of `color`, kind `kind`)
    /// uses: its own, or under borrowed movement (annan) that of the
    /// friendly piece directly behind it.
    #[inline(always)]
    pub(crate) fn mover_kind(&self, sq: Square, color: Color, kind: usize) -> usize {
        if !self.table.borrowed_movement {
            return kind;
        }
        match self.behind(sq, color).map(|b| self.board[b.index()]) {
            Some(c) if c != 0 && color_of(c) == color => kind_of(c),
            _ => kind,
        }
    }
}
