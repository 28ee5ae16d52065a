//! A deliberately simple reference for the legal moves of standard shogi
//! (RULES.md section 1) on any board the library supports, for tests only.
//!
//! It shares nothing with the fast generator: no bitboards, no attack tables,
//! no `Position::legal_moves`, `is_attacked`, `checkers`, `is_check` or
//! `attackers_to`. It reads a position only through `piece_at`,
//! `side_to_move`, `hand` and the board size and zone depth of `geometry()`,
//! copies it into a plain array, and applies the rules literally:
//!
//! - every piece's movement from a list of directions (sliders stop at the
//!   first piece, which they may capture if it is an enemy);
//! - promotion optional when the move starts or ends in the zone, forced
//!   when the unpromoted piece would have no further move;
//! - drops on empty squares only, unpromoted, no nifu, no dead squares;
//! - no move that leaves the own king attacked (made on a copy of the board,
//!   then every enemy piece's attacks scanned);
//! - no pawn drop that checkmates (the drop gives check and the opponent then
//!   has no legal move by this same generator).
//!
//! It is slow on purpose: obviously correct rather than fast.

use shogi_core::{Color, Move, Piece, PieceKind, Position, Square};

/// Files and ranks are 1-based and at most 9, so a 10×10 array indexed
/// `[file][rank]` holds any board, with row and column 0 unused.
const SIZE: usize = 10;

/// A plain copy of a position: pieces by file and rank, hands as counts by
/// hand kind, the side to move, and the board's shape.
#[derive(Clone)]
struct Board {
    files: i8,
    ranks: i8,
    zone_depth: i8,
    cells: [[Option<Piece>; SIZE]; SIZE],
    /// Hand counts by colour index, then by `PieceKind::index` (0..7).
    hands: [[u8; 7]; 2],
    side: Color,
}

/// Directions as `(file step, rank step)`.
type Directions = &'static [(i8, i8)];

/// One-step moves and sliding directions of a piece, as `(file step, rank
/// step)` for Black, who moves towards rank a (rank number decreasing):
/// "forward" is a rank step of -1. White's are the same turned around.
fn movement(kind: PieceKind) -> (Directions, Directions) {
    const FORWARD: &[(i8, i8)] = &[(0, -1)];
    const KNIGHT: &[(i8, i8)] = &[(-1, -2), (1, -2)];
    const SILVER: &[(i8, i8)] = &[(0, -1), (-1, -1), (1, -1), (-1, 1), (1, 1)];
    const GOLD: &[(i8, i8)] = &[(0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
    const ORTHOGONAL: &[(i8, i8)] = &[(0, -1), (0, 1), (-1, 0), (1, 0)];
    const DIAGONAL: &[(i8, i8)] = &[(-1, -1), (1, -1), (-1, 1), (1, 1)];
    const KING: &[(i8, i8)] = &[
        (0, -1),
        (0, 1),
        (-1, 0),
        (1, 0),
        (-1, -1),
        (1, -1),
        (-1, 1),
        (1, 1),
    ];
    const NONE: &[(i8, i8)] = &[];
    match kind {
        PieceKind::Pawn => (FORWARD, NONE),
        PieceKind::Lance => (NONE, FORWARD),
        PieceKind::Knight => (KNIGHT, NONE),
        PieceKind::Silver => (SILVER, NONE),
        PieceKind::Gold
        | PieceKind::ProPawn
        | PieceKind::ProLance
        | PieceKind::ProKnight
        | PieceKind::ProSilver => (GOLD, NONE),
        PieceKind::King => (KING, NONE),
        PieceKind::Bishop => (NONE, DIAGONAL),
        PieceKind::Rook => (NONE, ORTHOGONAL),
        PieceKind::Horse => (ORTHOGONAL, DIAGONAL),
        PieceKind::Dragon => (DIAGONAL, ORTHOGONAL),
    }
}

fn square(file: i8, rank: i8) -> Square {
    Square::new(file as u8, rank as u8).expect("a square of the board")
}

impl Board {
    fn of(pos: &Position) -> Board {
        let g = pos.geometry();
        let mut board = Board {
            files: g.files() as i8,
            ranks: g.ranks() as i8,
            zone_depth: g.promotion_ranks() as i8,
            cells: [[None; SIZE]; SIZE],
            hands: [[0; 7]; 2],
            side: pos.side_to_move(),
        };
        for file in 1..=board.files {
            for rank in 1..=board.ranks {
                board.cells[file as usize][rank as usize] = pos.piece_at(square(file, rank));
            }
        }
        for color in [Color::Black, Color::White] {
            for kind in PieceKind::HAND {
                board.hands[color.index()][kind.index()] = pos.hand(color).count(kind);
            }
        }
        board
    }

    fn on_board(&self, file: i8, rank: i8) -> bool {
        (1..=self.files).contains(&file) && (1..=self.ranks).contains(&rank)
    }

    fn at(&self, file: i8, rank: i8) -> Option<Piece> {
        self.cells[file as usize][rank as usize]
    }

    fn set(&mut self, file: i8, rank: i8, piece: Option<Piece>) {
        self.cells[file as usize][rank as usize] = piece;
    }

    /// Whether `rank` is in `color`'s promotion zone (its far ranks).
    fn in_zone(&self, color: Color, rank: i8) -> bool {
        match color {
            Color::Black => rank <= self.zone_depth,
            Color::White => rank > self.ranks - self.zone_depth,
        }
    }

    /// How many ranks are left in front of `rank` for `color`.
    fn ranks_ahead(&self, color: Color, rank: i8) -> i8 {
        match color {
            Color::Black => rank - 1,
            Color::White => self.ranks - rank,
        }
    }

    /// Whether an unpromoted piece of `kind` and `color` on `rank` would
    /// never move again: a pawn or lance on the last rank, a knight on the
    /// last two.
    fn is_dead(&self, color: Color, kind: PieceKind, rank: i8) -> bool {
        let ahead = self.ranks_ahead(color, rank);
        match kind {
            PieceKind::Pawn | PieceKind::Lance => ahead < 1,
            PieceKind::Knight => ahead < 2,
            _ => false,
        }
    }

    /// The squares the piece on (`file`, `rank`) attacks: every one-step
    /// target on the board, and along each sliding direction every square up
    /// to and including the first piece. Squares of own pieces are included
    /// (they are defended, not reachable).
    fn attacks_from(&self, file: i8, rank: i8) -> Vec<(i8, i8)> {
        let Some(piece) = self.at(file, rank) else {
            return Vec::new();
        };
        let turn = match piece.color {
            Color::Black => 1,
            Color::White => -1,
        };
        let (steps, slides) = movement(piece.kind);
        let mut out = Vec::new();
        for &(df, dr) in steps {
            let (f, r) = (file + df * turn, rank + dr * turn);
            if self.on_board(f, r) {
                out.push((f, r));
            }
        }
        for &(df, dr) in slides {
            let (mut f, mut r) = (file + df * turn, rank + dr * turn);
            while self.on_board(f, r) {
                out.push((f, r));
                if self.at(f, r).is_some() {
                    break;
                }
                f += df * turn;
                r += dr * turn;
            }
        }
        out
    }

    fn king_of(&self, color: Color) -> Option<(i8, i8)> {
        for file in 1..=self.files {
            for rank in 1..=self.ranks {
                if self.at(file, rank) == Some(Piece::new(color, PieceKind::King)) {
                    return Some((file, rank));
                }
            }
        }
        None
    }

    /// Whether any piece of `by` attacks (`file`, `rank`).
    fn is_attacked(&self, file: i8, rank: i8, by: Color) -> bool {
        for f in 1..=self.files {
            for r in 1..=self.ranks {
                if self.at(f, r).is_some_and(|p| p.color == by)
                    && self.attacks_from(f, r).contains(&(file, rank))
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `color`'s king stands attacked.
    fn in_check(&self, color: Color) -> bool {
        match self.king_of(color) {
            Some((file, rank)) => self.is_attacked(file, rank, color.opponent()),
            None => false,
        }
    }

    /// The board after `mv` by the side to move (which the caller builds
    /// from this board, so it is at least pseudo-legal).
    fn after(&self, mv: Move) -> Board {
        let us = self.side;
        let mut next = self.clone();
        let to = mv.to();
        let (tf, tr) = (to.file() as i8, to.rank() as i8);
        match mv.from() {
            Some(from) => {
                let (ff, fr) = (from.file() as i8, from.rank() as i8);
                let piece = self.at(ff, fr).expect("a piece moves");
                if let Some(captured) = self.at(tf, tr) {
                    let base = captured.kind.unpromote();
                    if base.is_hand_kind() {
                        next.hands[us.index()][base.index()] += 1;
                    }
                }
                let kind = if mv.is_promotion() {
                    piece.kind.promote().expect("a promotable piece")
                } else {
                    piece.kind
                };
                next.set(ff, fr, None);
                next.set(tf, tr, Some(Piece::new(us, kind)));
            }
            None => {
                let kind = mv.drop_kind().expect("a drop");
                next.hands[us.index()][kind.index()] -= 1;
                next.set(tf, tr, Some(Piece::new(us, kind)));
            }
        }
        next.side = us.opponent();
        next
    }

    /// Every legal move of the side to move, sorted.
    fn legal_moves(&self) -> Vec<Move> {
        let us = self.side;
        let them = us.opponent();
        let mut moves = Vec::new();
        // Board moves.
        for file in 1..=self.files {
            for rank in 1..=self.ranks {
                let Some(piece) = self.at(file, rank).filter(|p| p.color == us) else {
                    continue;
                };
                for (tf, tr) in self.attacks_from(file, rank) {
                    if self.at(tf, tr).is_some_and(|p| p.color == us) {
                        continue;
                    }
                    let may_promote = piece.kind.is_promotable()
                        && (self.in_zone(us, rank) || self.in_zone(us, tr));
                    let must_promote = self.is_dead(us, piece.kind, tr);
                    let mut choices = Vec::new();
                    if !must_promote {
                        choices.push(false);
                    }
                    if may_promote {
                        choices.push(true);
                    }
                    for promote in choices {
                        let mv = Move::normal(square(file, rank), square(tf, tr), promote);
                        if !self.after(mv).in_check(us) {
                            moves.push(mv);
                        }
                    }
                }
            }
        }
        // Drops.
        for kind in PieceKind::HAND {
            if self.hands[us.index()][kind.index()] == 0 {
                continue;
            }
            for file in 1..=self.files {
                let own_pawn_on_file = (1..=self.ranks)
                    .any(|r| self.at(file, r) == Some(Piece::new(us, PieceKind::Pawn)));
                if kind == PieceKind::Pawn && own_pawn_on_file {
                    continue;
                }
                for rank in 1..=self.ranks {
                    if self.at(file, rank).is_some() || self.is_dead(us, kind, rank) {
                        continue;
                    }
                    let mv = Move::drop(kind, square(file, rank)).expect("a hand kind");
                    let next = self.after(mv);
                    if next.in_check(us) {
                        continue;
                    }
                    if kind == PieceKind::Pawn
                        && next.in_check(them)
                        && next.legal_moves().is_empty()
                    {
                        continue; // uchifuzume
                    }
                    moves.push(mv);
                }
            }
        }
        moves.sort();
        moves
    }
}

/// The legal moves of `pos` by RULES.md section 1, sorted.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    Board::of(pos).legal_moves()
}

/// Whether the side to move's king is attacked.
pub fn is_in_check(pos: &Position) -> bool {
    let board = Board::of(pos);
    board.in_check(board.side)
}

/// The square of `color`'s king, found by looking at every square.
pub fn king_square(pos: &Position, color: Color) -> Option<Square> {
    Board::of(pos)
        .king_of(color)
        .map(|(file, rank)| square(file, rank))
}

/// Whether `mv` is a capture in `pos`: a board move onto an enemy piece.
pub fn is_capture(pos: &Position, mv: Move) -> bool {
    mv.from().is_some()
        && pos
            .piece_at(mv.to())
            .is_some_and(|p| p.color != pos.side_to_move())
}
