//! Moves that give check, and the keys mate search compares positions by.
//!
//! A mate problem's attacker checks with every move (tsume shogi's rule), so
//! a mate search lists only the checking moves at the attacker's turns.

use crate::{attacks, movegen, zobrist};
use crate::{Bitboard, Hand, Move, MoveKind, MoveList, Piece, PieceKind, Position, Square};

impl Position {
    /// Whether the legal move `mv` gives check: the piece moved (promoted if
    /// the move promotes) attacks the enemy king, or it uncovers a slider of
    /// the mover that does. Decided without playing the move. A side with no
    /// king is never in check.
    ///
    /// ```
    /// # let (nine, pieces) = (shogi_core::Geometry::shared(9, 9, 3).unwrap(), shogi_core::PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] });
    /// use shogi_core::{Position, Move};
    /// let pos = Position::from_sfen("4k4/9/4S4/4L4/9/9/9/9/4K4 b G 1", nine, &pieces).unwrap();
    /// let m = |s: &str| s.parse::<Move>().unwrap();
    /// assert!(pos.gives_check(m("G*5b")));  // a direct check
    /// assert!(pos.gives_check(m("5c4b")));  // the silver checks and uncovers the lance
    /// assert!(pos.gives_check(m("5c6d")));  // the lance's check uncovered
    /// assert!(!pos.gives_check(m("G*1a")));
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let them = us.opponent();
        let Some(king) = self.king(them) else {
            return false;
        };
        let to = mv.to();
        let Some(kind) = self.piece_after(mv).map(|p| p.kind) else {
            return false;
        };
        let after = self.occupied_after(mv);
        if crate::position::gives_direct_check(us, kind, to, king, || after) {
            return true;
        }
        let Some(from) = mv.from() else {
            return false;
        };
        // Uncovered: a slider of ours on the line through the king and the
        // vacated square, which the moved piece no longer blocks.
        let ray = attacks::line(king, from);
        if ray.is_empty() || ray.contains(to) {
            return false;
        }
        let sliders = if attacks::rook_pseudo_attacks(king).contains(from) {
            self.rooks()
                | (self.pieces_of_kind(PieceKind::Lance)
                    & attacks::lance_pseudo_attacks(them, king))
        } else {
            self.bishops()
        };
        (ray & sliders & self.pieces(us))
            .into_iter()
            .any(|sniper| (attacks::between(king, sniper) & after).is_empty())
    }

    /// Appends the legal moves that give check to `list` (which must have
    /// room: an empty [`MoveList`] always does).
    ///
    /// ```
    /// # let (nine, pieces) = (shogi_core::Geometry::shared(9, 9, 3).unwrap(), shogi_core::PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] });
    /// use shogi_core::{MoveList, Position};
    /// let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", nine, &pieces).unwrap();
    /// let mut checks = MoveList::new();
    /// pos.legal_checks_into(&mut checks);
    /// let mut usi: Vec<String> = checks.iter().map(|m| m.to_string()).collect();
    /// usi.sort();
    /// assert_eq!(usi, ["5c5b", "5c5b+", "G*4a", "G*4b", "G*5b", "G*6a", "G*6b"]);
    /// ```
    pub fn legal_checks_into(&self, list: &mut MoveList) {
        let us = self.side_to_move();
        let Some(king) = self.king(us.opponent()) else {
            return;
        };
        let checks = CheckSquares::new(self, king);
        let mut sink = movegen::CheckSink {
            list,
            direct: &checks.direct,
            blockers: checks.blockers,
            king,
        };
        movegen::generate::<_, false>(self, &mut sink);
    }

    /// The Zobrist hash of the board and the side to move, without the hands:
    /// positions that differ only in what is in hand share it (a mate search
    /// compares those by hand, [`Hand::covers`]).
    ///
    /// ```
    /// # let (five, pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// use shogi_core::Position;
    /// let a = Position::from_sfen("4k/5/5/5/K4 b G 1", five, &pieces).unwrap();
    /// let b = Position::from_sfen("4k/5/5/5/K4 b GS 1", five, &pieces).unwrap();
    /// assert_eq!(a.board_hash(), b.board_hash());
    /// assert_ne!(a.hash(), b.hash());
    /// ```
    pub fn board_hash(&self) -> u64 {
        let mut h = self.hash();
        for color in crate::Color::ALL {
            h ^= crate::position::hand_key(color, self.hand(color));
        }
        h
    }

    /// The [`Position::board_hash`] of the position `mv` leads to, computed
    /// without playing it: a search asks its table for a child's entry
    /// ahead of visiting the child. `mv` must be a move of the side to move
    /// (a legal move, or one that at least moves its own piece); for any
    /// other the value means nothing (and nothing panics).
    ///
    /// ```
    /// # let (nine, pieces) = (shogi_core::Geometry::shared(9, 9, 3).unwrap(), shogi_core::PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] });
    /// use shogi_core::{Move, Position};
    /// let mut pos = Position::from_sfen("4k4/9/4p4/9/4R4/9/9/9/4K4 b G 1", nine, &pieces).unwrap();
    /// for usi in ["5e5c+", "G*5b", "5e4e"] {
    ///     let mv: Move = usi.parse().unwrap();
    ///     let expected = pos.board_hash_after(mv);
    ///     let undo = pos.play_unchecked(mv);
    ///     assert_eq!(pos.board_hash(), expected);
    ///     pos.undo(mv, undo);
    /// }
    /// ```
    pub fn board_hash_after(&self, mv: Move) -> u64 {
        let mut h = self.board_hash() ^ zobrist::side();
        let key = |piece: Piece, sq: Square| zobrist::board(piece.index(), sq.index());
        let to = mv.to();
        let Some(placed) = self.piece_after(mv) else {
            return h;
        };
        h ^= key(placed, to);
        if let Some(from) = mv.from() {
            if let Some(moved) = self.piece_at(from) {
                h ^= key(moved, from);
            }
            if let Some(captured) = self.piece_at(to) {
                h ^= key(captured, to);
            }
        }
        h
    }

    /// The piece `mv` leaves on its destination: the side to move's piece
    /// moved (promoted if the move promotes) or dropped; `None` for a board
    /// move from an empty square.
    ///
    /// ```
    /// # let (nine, pieces) = (shogi_core::Geometry::shared(9, 9, 3).unwrap(), shogi_core::PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] });
    /// use shogi_core::{Color, Move, Piece, PieceKind, Position};
    /// let pos = Position::from_sfen("4k4/9/4p4/9/4R4/9/9/9/4K4 b G 1", nine, &pieces).unwrap();
    /// let m = |s: &str| s.parse::<Move>().unwrap();
    /// assert_eq!(pos.piece_after(m("5e5c+")), Some(Piece::new(Color::Black, PieceKind::Dragon)));
    /// assert_eq!(pos.piece_after(m("G*5b")), Some(Piece::new(Color::Black, PieceKind::Gold)));
    /// assert_eq!(pos.piece_after(m("1e1d")), None);
    /// ```
    #[inline]
    pub fn piece_after(&self, mv: Move) -> Option<Piece> {
        let us = self.side_to_move();
        match mv.kind() {
            MoveKind::Normal { from, promote, .. } => {
                let piece = self.piece_at(from)?;
                let kind = match piece.kind.promote() {
                    Some(promoted) if promote => promoted,
                    _ => piece.kind,
                };
                Some(Piece::new(us, kind))
            }
            MoveKind::Drop { kind, .. } => Some(Piece::new(us, kind)),
        }
    }

    /// The occupied squares once `mv` is played: its origin left (for a
    /// board move), its destination taken.
    ///
    /// ```
    /// # let (nine, pieces) = (shogi_core::Geometry::shared(9, 9, 3).unwrap(), shogi_core::PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] });
    /// use shogi_core::{Move, Position, Square};
    /// let pos = Position::from_sfen("4k4/9/4p4/9/4R4/9/9/9/4K4 b G 1", nine, &pieces).unwrap();
    /// let after = pos.occupied_after("5e5d".parse::<Move>().unwrap());
    /// assert!(after.contains("5d".parse::<Square>().unwrap()));
    /// assert!(!after.contains("5e".parse::<Square>().unwrap()));
    /// ```
    #[inline]
    pub fn occupied_after(&self, mv: Move) -> Bitboard {
        let occ = self.occupied().with(mv.to());
        match mv.from() {
            Some(from) => occ.without(from),
            None => occ,
        }
    }
}

/// What decides, for every legal move of a position, whether it checks
/// the enemy king, computed once per position (as chess engines keep
/// "check squares"): for each kind, the squares from which a piece of that
/// kind attacks the king, and the mover's pieces whose leaving uncovers a
/// slider of the mover on the king. A board move's own line to the king is
/// the one of the position before it: its origin, vacated, could only open
/// a line the piece already checked along, and the enemy is not in check
/// at our turn.
struct CheckSquares {
    /// By [`PieceKind::index`]: where a piece of the mover of that kind
    /// gives check (a slider, along a line now empty up to the king).
    direct: [Bitboard; 14],
    /// The mover's pieces alone between the king and one of its sliders.
    blockers: Bitboard,
}

impl CheckSquares {
    fn new(pos: &Position, king: crate::Square) -> CheckSquares {
        let us = pos.side_to_move();
        let them = us.opponent();
        let occ = pos.occupied();
        // A piece of ours on `sq` attacks the king exactly where a piece of
        // theirs of the same kind on the king's square attacks `sq` (every
        // shogi piece moves the same way as its mirror for the other side).
        let direct = PieceKind::ALL.map(|kind| attacks::attacks(them, kind, king, occ));
        let snipers = ((attacks::rook_pseudo_attacks(king) & pos.rooks())
            | (attacks::bishop_pseudo_attacks(king) & pos.bishops())
            | (attacks::lance_pseudo_attacks(them, king) & pos.pieces_of_kind(PieceKind::Lance)))
            & pos.pieces(us);
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = attacks::between(king, sniper) & occ;
            if between.count() == 1 {
                blockers |= between & pos.pieces(us);
            }
        }
        CheckSquares { direct, blockers }
    }
}

impl Hand {
    /// Whether this hand holds at least as many pieces of every kind as
    /// `other` (hand superiority: an attacker with more in hand mates at
    /// least where it mated with less).
    ///
    /// ```
    /// use shogi_core::{Hand, PieceKind};
    /// let mut big = Hand::EMPTY;
    /// big.add(PieceKind::Gold);
    /// big.add(PieceKind::Pawn);
    /// let mut small = Hand::EMPTY;
    /// small.add(PieceKind::Pawn);
    /// assert!(big.covers(small) && big.covers(big) && !small.covers(big));
    /// ```
    pub fn covers(self, other: Hand) -> bool {
        PieceKind::HAND
            .iter()
            .all(|&k| self.count(k) >= other.count(k))
    }
}
