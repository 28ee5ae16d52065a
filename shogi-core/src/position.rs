//! A validated position: board, hands, side to move, hash; playing moves.

use crate::attacks;
use crate::movegen;
use crate::rules::{dead_squares, nifu, pawn_drop_mate, promotion};
use crate::zobrist;
use crate::{
    Bitboard, Color, Geometry, Hand, Illegality, Move, MoveKind, MoveList, Piece, PieceKind, Setup,
    SfenError, Square, Waivers,
};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How many pieces of each base kind a variant's material has in all (both
/// colours, board and hands together, promoted pieces counted as their base
/// kind). Used to reject impossible positions.
///
/// ```
/// use shogi_core::{PieceKind, PieceSet};
/// // K G S B R P for each side, as on a 5×5 board.
/// let pieces = PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] };
/// assert_eq!(pieces.max(PieceKind::Pawn), 2);
/// assert_eq!(pieces.max(PieceKind::Dragon), 2); // promoted pieces count as their base kind
/// assert_eq!(pieces.max(PieceKind::Lance), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PieceSet {
    /// Maximum count per base kind, indexed by [`PieceKind::index`] (0..8, king last).
    pub max: [u8; 8],
}

impl PieceSet {
    /// The most pieces of `kind` (its base kind) there can be.
    pub const fn max(&self, kind: PieceKind) -> u8 {
        self.max[kind.unpromote().index()]
    }
}

/// Why a setup is not a possible position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The SFEN could not be read.
    #[error("bad SFEN: {0}")]
    Sfen(#[from] SfenError),
    /// The setup's board is not the variant's size.
    #[error(
        "the board is {files}x{ranks} but this variant plays on {expected_files}x{expected_ranks}"
    )]
    WrongSize {
        /// Files of the setup.
        files: u8,
        /// Ranks of the setup.
        ranks: u8,
        /// Files of the geometry.
        expected_files: u8,
        /// Ranks of the geometry.
        expected_ranks: u8,
    },
    /// A piece stands on a square outside the board.
    #[error("a piece stands on {0}, which is off this board")]
    OffBoard(Square),
    /// A colour has no king (a mate problem's attacker often has none:
    /// [`Position::from_setup_waiving`] with [`Waivers::MISSING_KING`] reads it).
    #[error("{0:?} has no king (a mate problem? read it with problem_from_sfen, or the missing-king waiver)")]
    MissingKing(Color),
    /// A colour has more than one king.
    #[error("{0:?} has more than one king")]
    TooManyKings(Color),
    /// More pieces of a kind than the variant's material has.
    #[error("{count} pieces of kind {kind} (with promoted ones) but this variant has only {max}")]
    TooManyPieces {
        /// The base kind.
        kind: PieceKind,
        /// How many the setup has.
        count: u32,
        /// How many the variant has.
        max: u8,
    },
    /// An unpromoted pawn, lance or knight stands where it could never move.
    #[error("{piece} on {square} could never move (dead square)")]
    DeadPiece {
        /// The piece.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// Two unpromoted pawns of one colour on a file (nifu).
    #[error("{color:?} has two unpromoted pawns on file {file} (nifu)")]
    Nifu {
        /// Whose pawns.
        color: Color,
        /// The file.
        file: u8,
    },
    /// The side that is not to move is in check: the side to move could take the king.
    #[error("{0:?} is in check but it is not its turn")]
    OpponentInCheck(Color),
}

/// An illegal move given to [`Position::play`]: the move, why it is
/// refused, and the position. Its message is the move and the reason in
/// words, e.g. `P*5e: two pawns on file 5 (nifu)`.
///
/// ```
/// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
/// use shogi_core::{Illegality, Position};
/// let mut pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
/// let err = pos.play("5e5d".parse().unwrap()).unwrap_err();
/// assert_eq!(err.reason, Illegality::OwnPieceThere { square: "5d".parse().unwrap() });
/// assert_eq!(err.to_string(), "5e5d: your own piece stands on 5d");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{mv}: {reason}")]
pub struct IllegalMoveError {
    /// The move.
    pub mv: Move,
    /// Why it is refused.
    pub reason: Illegality,
    /// The position it was tried in.
    pub sfen: String,
}

/// One side's pieces grouped by how they attack.
pub(crate) struct AttackerSets {
    by: Color,
    pawns: Bitboard,
    knights: Bitboard,
    silvers: Bitboard,
    golds: Bitboard,
    kings: Bitboard,
    rooks: Bitboard,
    bishops: Bitboard,
    lances: Bitboard,
}

impl AttackerSets {
    /// Whether any of these pieces attacks `sq` with occupancy `occupied`.
    #[inline(always)]
    pub(crate) fn attack(&self, sq: Square, occupied: Bitboard) -> bool {
        let defender = self.by.opponent();
        let step = |kind: PieceKind| attacks::step_attacks(defender, kind, sq);
        let steppers = (step(PieceKind::Pawn) & self.pawns)
            | (step(PieceKind::Knight) & self.knights)
            | (step(PieceKind::Silver) & self.silvers)
            | (step(PieceKind::Gold) & self.golds)
            | (step(PieceKind::King) & self.kings);
        if steppers.is_any() {
            return true;
        }
        if (attacks::rook_pseudo_attacks(sq) & self.rooks).is_any()
            && (attacks::rook_attacks(sq, occupied) & self.rooks).is_any()
        {
            return true;
        }
        if (attacks::bishop_pseudo_attacks(sq) & self.bishops).is_any()
            && (attacks::bishop_attacks(sq, occupied) & self.bishops).is_any()
        {
            return true;
        }
        (attacks::lance_pseudo_attacks(defender, sq) & self.lances).is_any()
            && (attacks::lance_attacks(defender, sq, occupied) & self.lances).is_any()
    }
}

/// What [`Position::play_unchecked`] returns, to hand back to [`Position::undo`].
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: Option<Piece>,
    checkers: Bitboard,
    hash: u64,
}

impl Undo {
    /// The hash of the position the move was played in.
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// The checkers of the position the move was played in.
    pub(crate) fn checkers(&self) -> Bitboard {
        self.checkers
    }
}

/// A position that could arise in a game: the board, both hands, the side to
/// move, the move number, and an incrementally updated Zobrist hash.
///
/// Build one with [`Position::from_sfen`] or [`Position::from_setup`]; both
/// reject impossible positions with a precise [`PositionError`].
///
/// ```
/// use shogi_core::{Geometry, Position, PieceSet};
/// // The board and the material, as a variant gives them: 9×9 with a
/// // three-rank zone, and the 40 pieces of the usual set.
/// let board = Geometry::new(9, 9, 3).unwrap().leak();
/// let pieces = PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] };
/// let mut pos = Position::from_sfen(
///     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
///     board, &pieces).unwrap();
/// assert_eq!(pos.legal_moves().len(), 30);
/// pos.play("7g7f".parse().unwrap()).unwrap();
/// assert!(pos.play("7g7f".parse().unwrap()).is_err()); // that pawn has moved
/// assert_eq!(pos.to_sfen(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
/// ```
#[derive(Clone)]
pub struct Position {
    board: [Option<Piece>; 81],
    by_color: [Bitboard; 2],
    by_kind: [Bitboard; 14],
    hands: [Hand; 2],
    side_to_move: Color,
    move_number: u32,
    hash: u64,
    kings: [Option<Square>; 2],
    checkers: Bitboard,
    geometry: &'static Geometry,
}

impl Position {
    /// Validates `setup` on `geometry` with the material of `pieces`.
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// use shogi_core::{Geometry, PieceSet, Position, PositionError, Setup, Color};
    /// let setup = Setup::from_sfen("k4/5/5/5/K3K b - 1").unwrap();
    /// let err = Position::from_setup(&setup, five, &five_pieces).unwrap_err();
    /// assert_eq!(err, PositionError::TooManyKings(Color::Black));
    /// ```
    pub fn from_setup(
        setup: &Setup,
        geometry: &'static Geometry,
        pieces: &PieceSet,
    ) -> Result<Position, PositionError> {
        Position::from_setup_waiving(setup, geometry, pieces, Waivers::NONE)
    }

    /// [`Position::from_setup`] with some validation rules waived, e.g. a
    /// mate problem whose attacker has no king ([`Waivers::MISSING_KING`]).
    ///
    /// ```
    /// # let (nine, pieces) = (shogi_core::Geometry::shared(9, 9, 3).unwrap(), shogi_core::PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] });
    /// use shogi_core::{Color, Position, PositionError, Setup, Waivers};
    /// let setup = Setup::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
    /// let strict = Position::from_setup(&setup, nine, &pieces);
    /// assert_eq!(strict.unwrap_err(), PositionError::MissingKing(Color::Black));
    /// let pos = Position::from_setup_waiving(&setup, nine, &pieces, Waivers::MISSING_KING).unwrap();
    /// assert_eq!(pos.king(Color::Black), None);
    /// ```
    pub fn from_setup_waiving(
        setup: &Setup,
        geometry: &'static Geometry,
        pieces: &PieceSet,
        waivers: Waivers,
    ) -> Result<Position, PositionError> {
        if setup.files != geometry.files() || setup.ranks != geometry.ranks() {
            return Err(PositionError::WrongSize {
                files: setup.files,
                ranks: setup.ranks,
                expected_files: geometry.files(),
                expected_ranks: geometry.ranks(),
            });
        }
        let mut pos = Position {
            board: [None; 81],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 14],
            hands: setup.hands,
            side_to_move: setup.side_to_move,
            move_number: setup.move_number.max(1),
            hash: 0,
            kings: [None; 2],
            checkers: Bitboard::EMPTY,
            geometry,
        };
        let mut counts = [0u32; 8];
        for (i, cell) in setup.board.iter().enumerate() {
            let Some(piece) = *cell else { continue };
            let sq = Square::from_index_unchecked(i);
            if !geometry.contains(sq) {
                return Err(PositionError::OffBoard(sq));
            }
            if !dead_squares::may_stand(geometry, piece.color, piece.kind, sq) {
                return Err(PositionError::DeadPiece { piece, square: sq });
            }
            if piece.kind == PieceKind::King {
                if pos.kings[piece.color.index()].is_some() {
                    return Err(PositionError::TooManyKings(piece.color));
                }
                pos.kings[piece.color.index()] = Some(sq);
            }
            counts[piece.kind.unpromote().index()] += 1;
            pos.put(sq, piece);
        }
        for color in Color::ALL {
            if pos.kings[color.index()].is_none() && !waivers.missing_king {
                return Err(PositionError::MissingKing(color));
            }
            let hand = setup.hands[color.index()];
            for kind in PieceKind::HAND {
                counts[kind.index()] += hand.count(kind) as u32;
            }
            if let Some(file) = nifu::doubled_file(pos.pieces_of(color, PieceKind::Pawn), geometry)
                .filter(|_| geometry.drop_rules().nifu_illegal)
            {
                return Err(PositionError::Nifu { color, file });
            }
        }
        for kind in PieceKind::ALL.into_iter().take(8) {
            let max = pieces.max(kind);
            if counts[kind.index()] > max as u32 {
                return Err(PositionError::TooManyPieces {
                    kind,
                    count: counts[kind.index()],
                    max,
                });
            }
        }
        pos.hash = pos.compute_hash();
        let them = pos.side_to_move.opponent();
        if let Some(k) = pos.kings[them.index()] {
            if pos
                .attackers_to(k, pos.side_to_move, pos.occupied())
                .is_any()
            {
                return Err(PositionError::OpponentInCheck(them));
            }
        }
        pos.checkers = pos.compute_checkers();
        Ok(pos)
    }

    /// Reads and validates an SFEN for a board of `geometry` with the material of `pieces`.
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// # let (nine, nine_pieces) = (shogi_core::Geometry::shared(9, 9, 3).unwrap(), shogi_core::PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] });
    /// use shogi_core::{Geometry, PieceSet, Position};
    /// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
    /// assert_eq!(pos.legal_moves().len(), 14);
    /// assert!(Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", nine, &nine_pieces).is_err());
    /// ```
    pub fn from_sfen(
        sfen: &str,
        geometry: &'static Geometry,
        pieces: &PieceSet,
    ) -> Result<Position, PositionError> {
        Position::from_setup(&Setup::from_sfen(sfen)?, geometry, pieces)
    }

    /// The unvalidated description of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            files: self.geometry.files(),
            ranks: self.geometry.ranks(),
            board: self.board,
            hands: self.hands,
            side_to_move: self.side_to_move,
            move_number: self.move_number(),
        }
    }

    /// The SFEN of this position.
    pub fn to_sfen(&self) -> String {
        self.to_setup().to_sfen()
    }

    #[inline(always)]
    fn put(&mut self, sq: Square, piece: Piece) {
        let bb = Bitboard::from_square(sq);
        self.board[sq.index()] = Some(piece);
        self.by_color[piece.color.index()] ^= bb;
        self.by_kind[piece.kind.index()] ^= bb;
        self.hash ^= zobrist::board(piece.index(), sq.index());
    }

    #[inline(always)]
    fn remove(&mut self, sq: Square, piece: Piece) {
        let bb = Bitboard::from_square(sq);
        self.board[sq.index()] = None;
        self.by_color[piece.color.index()] ^= bb;
        self.by_kind[piece.kind.index()] ^= bb;
        self.hash ^= zobrist::board(piece.index(), sq.index());
    }

    /// Like `put`/`remove` but leaving the hash alone (undo restores it whole).
    #[inline(always)]
    fn toggle_quiet(&mut self, sq: Square, piece: Piece, present: bool) {
        let bb = Bitboard::from_square(sq);
        self.board[sq.index()] = if present { Some(piece) } else { None };
        self.by_color[piece.color.index()] ^= bb;
        self.by_kind[piece.kind.index()] ^= bb;
    }

    /// The XOR of the hand keys before and after `color`'s count of `kind`
    /// changes by `delta`: XOR-ing it into the hash moves the hash across.
    #[inline(always)]
    fn hand_keys_around(&self, color: Color, kind: PieceKind, delta: i8) -> u64 {
        let n = self.hands[color.index()].count(kind);
        let m = n.saturating_add_signed(delta);
        zobrist::hand(color.index(), kind.index(), n)
            ^ zobrist::hand(color.index(), kind.index(), m)
    }

    /// The board's geometry.
    #[inline(always)]
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The piece on `sq`, if any.
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// # use shogi_core::*;
    /// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
    /// assert_eq!(pos.piece_at("5e".parse().unwrap()), Some(Piece::new(Color::Black, PieceKind::King)));
    /// ```
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Whose turn it is.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// The move number as SFEN counts it: 1 before the first move, +1 per
    /// move, saturating at [`MAX_MOVE_NUMBER`](crate::MAX_MOVE_NUMBER) (the
    /// largest an SFEN carries; the position still counts past it inside,
    /// so that taking moves back returns to the numbers played).
    #[inline(always)]
    pub fn move_number(&self) -> u32 {
        self.move_number.min(crate::MAX_MOVE_NUMBER)
    }

    /// The pieces in `color`'s hand.
    #[inline(always)]
    pub fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }

    /// The Zobrist hash of board, hands and side to move (not the move number).
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash recomputed from scratch; always equal to [`Position::hash`].
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// # use shogi_core::*;
    /// let mut pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
    /// pos.play("2e3d".parse().unwrap()).unwrap();
    /// assert_eq!(pos.hash(), pos.compute_hash());
    /// ```
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0u64;
        for (i, cell) in self.board.iter().enumerate() {
            if let Some(p) = cell {
                h ^= zobrist::board(p.index(), i);
            }
        }
        for color in Color::ALL {
            h ^= hand_key(color, self.hands[color.index()]);
        }
        if self.side_to_move == Color::White {
            h ^= zobrist::side();
        }
        h
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline(always)]
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of `color`'s pieces of exactly `kind`.
    #[inline(always)]
    pub fn pieces_of(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// The squares of pieces of exactly `kind`, both colours.
    #[inline(always)]
    pub fn pieces_of_kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// The square of `color`'s king.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    /// The enemy pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the side to move is in check.
    #[inline(always)]
    pub fn is_check(&self) -> bool {
        self.checkers.is_any()
    }

    /// Pieces that move like a gold: gold, tokin and the promoted lance, knight and silver.
    #[inline(always)]
    pub(crate) fn golds(&self) -> Bitboard {
        self.by_kind[PieceKind::Gold.index()]
            | self.by_kind[PieceKind::ProPawn.index()]
            | self.by_kind[PieceKind::ProLance.index()]
            | self.by_kind[PieceKind::ProKnight.index()]
            | self.by_kind[PieceKind::ProSilver.index()]
    }

    /// Rooks and dragons.
    #[inline(always)]
    pub(crate) fn rooks(&self) -> Bitboard {
        self.by_kind[PieceKind::Rook.index()] | self.by_kind[PieceKind::Dragon.index()]
    }

    /// Bishops and horses.
    #[inline(always)]
    pub(crate) fn bishops(&self) -> Bitboard {
        self.by_kind[PieceKind::Bishop.index()] | self.by_kind[PieceKind::Horse.index()]
    }

    /// Kings, horses and dragons: the pieces with a one-step move in every direction.
    #[inline(always)]
    fn king_steppers(&self) -> Bitboard {
        self.by_kind[PieceKind::King.index()]
            | self.by_kind[PieceKind::Horse.index()]
            | self.by_kind[PieceKind::Dragon.index()]
    }

    /// The pieces of `by` that attack `sq`, with the board occupancy `occupied`
    /// (which may differ from the real one, to look through or behind pieces).
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// # use shogi_core::*;
    /// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
    /// let attackers = pos.attackers_to("4d".parse().unwrap(), Color::Black, pos.occupied());
    /// assert_eq!(attackers.count(), 3); // the king on 5e, the gold on 4e and the silver on 3e
    /// ```
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let defender = by.opponent();
        let theirs = self.by_color[by.index()];
        let step = |kind: PieceKind| attacks::step_attacks(defender, kind, sq);
        let steppers = (step(PieceKind::Pawn) & self.by_kind[PieceKind::Pawn.index()])
            | (step(PieceKind::Knight) & self.by_kind[PieceKind::Knight.index()])
            | (step(PieceKind::Silver) & self.by_kind[PieceKind::Silver.index()])
            | (step(PieceKind::Gold) & self.golds())
            | (step(PieceKind::King) & self.king_steppers());
        let sliders = (attacks::rook_attacks(sq, occupied) & self.rooks())
            | (attacks::bishop_attacks(sq, occupied) & self.bishops())
            | (attacks::lance_attacks(defender, sq, occupied)
                & self.by_kind[PieceKind::Lance.index()]);
        (steppers | sliders) & theirs
    }

    /// Whether any piece of `by` attacks `sq` with occupancy `occupied`.
    /// Cheaper than [`Position::attackers_to`]: sliders are looked at only when one
    /// stands on a line with `sq`.
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// # use shogi_core::*;
    /// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
    /// assert!(pos.is_attacked("1d".parse().unwrap(), Color::Black, pos.occupied())); // the rook on 1e
    /// assert!(!pos.is_attacked("4b".parse().unwrap(), Color::Black, pos.occupied()));
    /// ```
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        self.attacker_sets(by).attack(sq, occupied)
    }

    /// `by`'s pieces grouped by how they attack, for repeated attack tests.
    #[inline(always)]
    pub(crate) fn attacker_sets(&self, by: Color) -> AttackerSets {
        let theirs = self.by_color[by.index()];
        AttackerSets {
            by,
            pawns: self.by_kind[PieceKind::Pawn.index()] & theirs,
            knights: self.by_kind[PieceKind::Knight.index()] & theirs,
            silvers: self.by_kind[PieceKind::Silver.index()] & theirs,
            golds: self.golds() & theirs,
            kings: self.king_steppers() & theirs,
            rooks: self.rooks() & theirs,
            bishops: self.bishops() & theirs,
            lances: self.by_kind[PieceKind::Lance.index()] & theirs,
        }
    }

    /// Sliding pieces of `by` attacking `sq` with occupancy `occupied`.
    #[inline]
    pub(crate) fn slider_attackers_to(
        &self,
        sq: Square,
        by: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        let defender = by.opponent();
        ((attacks::rook_attacks(sq, occupied) & self.rooks())
            | (attacks::bishop_attacks(sq, occupied) & self.bishops())
            | (attacks::lance_attacks(defender, sq, occupied)
                & self.by_kind[PieceKind::Lance.index()]))
            & self.by_color[by.index()]
    }

    fn compute_checkers(&self) -> Bitboard {
        match self.kings[self.side_to_move.index()] {
            Some(k) => self.attackers_to(k, self.side_to_move.opponent(), self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Plays `mv`, which the caller knows to be legal (from [`Position::legal_moves`]),
    /// and returns what [`Position::undo`] needs to take it back. An illegal move
    /// leaves the position in an unspecified (but memory-safe) state: use
    /// [`Position::play`] for moves from outside.
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// # use shogi_core::*;
    /// let mut pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
    /// let before = pos.clone();
    /// for mv in before.legal_moves() {
    ///     let undo = pos.play_unchecked(mv);
    ///     pos.undo(mv, undo);
    ///     assert_eq!(pos, before);
    /// }
    /// ```
    #[inline(always)]
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        let us = self.side_to_move;
        let mut undo = Undo {
            captured: None,
            checkers: self.checkers,
            hash: self.hash,
        };
        let moved = match mv.kind() {
            MoveKind::Normal { from, to, promote } => {
                let Some(piece) = self.board[from.index()] else {
                    return undo;
                };
                if let Some(captured) = self.board[to.index()] {
                    self.remove(to, captured);
                    let base = captured.kind.unpromote();
                    self.hash ^= self.hand_keys_around(us, base, 1);
                    self.hands[us.index()].add(base);
                    undo.captured = Some(captured);
                }
                self.remove(from, piece);
                let kind = if promote {
                    piece.kind.promote().unwrap_or(piece.kind)
                } else {
                    piece.kind
                };
                self.put(to, Piece::new(us, kind));
                if kind == PieceKind::King {
                    self.kings[us.index()] = Some(to);
                }
                kind
            }
            MoveKind::Drop { kind, to } => {
                self.hash ^= self.hand_keys_around(us, kind, -1);
                self.hands[us.index()].remove(kind);
                self.put(to, Piece::new(us, kind));
                kind
            }
        };
        self.side_to_move = us.opponent();
        self.hash ^= zobrist::side();
        self.move_number = self.move_number.wrapping_add(1);
        self.checkers = self.checkers_after(mv, moved);
        undo
    }

    /// The checkers of the side to move right after `mv` was played, which
    /// left a piece of kind `moved` on its square: the moved piece itself,
    /// and a slider of the mover uncovered on the line through the vacated
    /// square and the king. (No other piece of the mover can give check: the
    /// side not to move is never in check.)
    #[inline(always)]
    fn checkers_after(&self, mv: Move, moved: PieceKind) -> Bitboard {
        let mover = self.side_to_move.opponent();
        let Some(king) = self.kings[self.side_to_move.index()] else {
            return Bitboard::EMPTY;
        };
        let to = mv.to();
        let mut checkers = Bitboard::EMPTY;
        // The colour sets are read only where a slide needs them: `put` and
        // `remove` have just written one 64-bit half of each, and reading a
        // whole set back so soon waits for those stores (store forwarding
        // fails for the wider load), a stall a step or a jump never needs.
        if gives_direct_check(mover, moved, to, king, || self.occupied()) {
            checkers = Bitboard::from_square(to);
        }
        if let Some(from) = mv.from() {
            // Only a slider of the mover on the line through the king and the
            // vacated square can have been uncovered. Most squares are on no
            // line through the king: the small pseudo-attack tables say so
            // before the large line table is read.
            let on_file_or_rank = attacks::rook_pseudo_attacks(king).contains(from);
            if on_file_or_rank || attacks::bishop_pseudo_attacks(king).contains(from) {
                let lances = self.by_kind[PieceKind::Lance.index()]
                    & attacks::lance_pseudo_attacks(self.side_to_move, king);
                let sliders = if on_file_or_rank {
                    self.rooks() | lances
                } else {
                    self.bishops()
                };
                let snipers = attacks::line(king, from) & sliders;
                if snipers.is_empty() {
                    return checkers;
                }
                let occ = self.occupied();
                for sniper in snipers & self.by_color[mover.index()] {
                    if (attacks::between(king, sniper) & occ).is_empty() {
                        checkers |= Bitboard::from_square(sniper);
                    }
                }
            }
        }
        checkers
    }

    /// Takes back `mv`, which must be the last move played with
    /// [`Position::play_unchecked`], using what that call returned.
    #[inline(always)]
    pub fn undo(&mut self, mv: Move, undo: Undo) {
        let us = self.side_to_move.opponent();
        self.side_to_move = us;
        self.move_number = self.move_number.wrapping_sub(1);
        match mv.kind() {
            MoveKind::Normal { from, to, promote } => {
                if let Some(moved) = self.board[to.index()] {
                    self.toggle_quiet(to, moved, false);
                    let kind = if promote {
                        moved.kind.unpromote()
                    } else {
                        moved.kind
                    };
                    self.toggle_quiet(from, Piece::new(us, kind), true);
                    if kind == PieceKind::King {
                        self.kings[us.index()] = Some(from);
                    }
                }
                if let Some(captured) = undo.captured {
                    self.toggle_quiet(to, captured, true);
                    self.hands[us.index()].remove(captured.kind.unpromote());
                }
            }
            MoveKind::Drop { kind, to } => {
                if let Some(p) = self.board[to.index()] {
                    self.toggle_quiet(to, p, false);
                }
                self.hands[us.index()].add(kind);
            }
        }
        self.checkers = undo.checkers;
        self.hash = undo.hash;
    }

    /// Plays `mv` if it is legal; otherwise returns an error and leaves the
    /// position exactly as it was.
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// # use shogi_core::*;
    /// let mut pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
    /// let before = pos.clone();
    /// assert!(pos.play("5e5d".parse().unwrap()).is_err()); // onto its own pawn
    /// assert_eq!(pos, before);
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(self.illegal_move_error(mv))
        }
    }

    /// The error refusing `mv`, which is not legal here: the move, its
    /// [`Position::illegality`] and the SFEN. Built only on refusal.
    #[cold]
    pub fn illegal_move_error(&self, mv: Move) -> IllegalMoveError {
        IllegalMoveError {
            mv,
            reason: self.illegality(mv).unwrap_or(Illegality::NotAllowed),
            sfen: self.to_sfen(),
        }
    }

    /// Why `mv` is not legal here, or `None` if it is (exactly when
    /// [`Position::is_legal`] is true). Each reason is decided by the rule
    /// that refuses the move ([`crate::rules`]); the rules of the piece
    /// itself (the board, the piece, its movement, promotion, dead squares,
    /// the hand, nifu) are asked before the king's safety and pawn-drop mate.
    /// Slower than `is_legal`: for the refusal path, not for search.
    ///
    /// ```
    /// use shogi_core::{Geometry, Illegality, PieceSet, Position};
    /// let g = Geometry::shared(9, 9, 3).unwrap();
    /// let pieces = PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] };
    /// let pos = Position::from_sfen("4k4/9/9/9/4r4/9/9/4B4/4K4 b P 1", g, &pieces).unwrap();
    /// // The bishop on 5h shields the king from the rook on 5e.
    /// assert_eq!(pos.illegality("5h4g".parse().unwrap()), Some(Illegality::LeavesKingInCheck));
    /// assert_eq!(pos.illegality("P*1a".parse().unwrap()).map(|i| i.name()), Some("dead_square"));
    /// assert_eq!(pos.illegality("P*5f".parse().unwrap()), None);
    /// ```
    pub fn illegality(&self, mv: Move) -> Option<Illegality> {
        let us = self.side_to_move;
        let g = self.geometry;
        let ours = self.pieces(us);
        let occ = self.occupied();
        if let Some(why) = crate::illegality::own_rules(
            g,
            us,
            |sq| self.piece_at(sq),
            ours,
            occ,
            self.hands[us.index()],
            self.pieces_of(us, PieceKind::Pawn),
            mv,
        ) {
            return Some(why);
        }
        let to = mv.to();
        let Some(ksq) = self.kings[us.index()] else {
            // No king to protect (a mate problem's attacker): only the drop rules remain.
            return (mv.drop_kind() == Some(PieceKind::Pawn)
                && self.geometry.drop_rules().pawn_drop_mate_illegal
                && pawn_drop_mate::is_pawn_drop_mate(self, to))
            .then_some(Illegality::PawnDropMate);
        };
        let in_check = |ok: bool| (!ok).then_some(Illegality::LeavesKingInCheck);
        let Some(from) = mv.from() else {
            // A drop: in check only between the (single) checker and the king.
            let covers = match self.checkers.first() {
                _ if self.checkers.has_more_than_one() => false,
                Some(checker) => attacks::between(ksq, checker).contains(to),
                None => true,
            };
            if !covers {
                return Some(Illegality::LeavesKingInCheck);
            }
            return (mv.drop_kind() == Some(PieceKind::Pawn)
                && self.geometry.drop_rules().pawn_drop_mate_illegal
                && pawn_drop_mate::is_pawn_drop_mate(self, to))
            .then_some(Illegality::PawnDropMate);
        };
        if from == ksq {
            return in_check(!self.is_attacked(to, us.opponent(), occ.without(ksq)));
        }
        if self.piece_at(from).map(|p| p.kind) == Some(PieceKind::King) {
            // A second king: impossible in a valid position.
            return Some(Illegality::NotAllowed);
        }
        if self.checkers.has_more_than_one() {
            return Some(Illegality::LeavesKingInCheck);
        }
        if let Some(checker) = self.checkers.first() {
            if to != checker && !attacks::between(ksq, checker).contains(to) {
                return Some(Illegality::LeavesKingInCheck);
            }
        }
        in_check(movegen::keeps_pin(self, us, ksq, from, to))
    }

    /// Whether `mv` is legal here: exactly whether [`Position::legal_moves`]
    /// lists it, decided directly for that one move (no list is generated).
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// # use shogi_core::*;
    /// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
    /// assert!(pos.is_legal("5d5c".parse().unwrap()));
    /// assert!(!pos.is_legal("5d5c+".parse().unwrap())); // rank c is not the 5x5 zone
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        // Mirrors `movegen::generate` (and `ListSink`) test by test.
        let us = self.side_to_move;
        let g = self.geometry;
        let to = mv.to();
        if !g.contains(to) {
            return false;
        }
        let Some(ksq) = self.kings[us.index()] else {
            return self.is_legal_without_king(mv);
        };
        let Some(from) = mv.from() else {
            return match mv.drop_kind() {
                Some(kind) => self.is_legal_drop(kind, to, ksq),
                None => false,
            };
        };
        if !g.contains(from) {
            return false;
        }
        let Some(piece) = self.board[from.index()] else {
            return false;
        };
        let ours = self.pieces(us);
        if piece.color != us || ours.contains(to) {
            return false;
        }
        let occ = self.occupied();
        if from == ksq {
            // A king step onto a square not attacked once the king has left its own.
            return !mv.is_promotion()
                && attacks::step_attacks(us, PieceKind::King, ksq).contains(to)
                && !self.is_attacked(to, us.opponent(), occ.without(ksq));
        }
        if piece.kind == PieceKind::King {
            // A second king: impossible in a valid position.
            return false;
        }
        // In check, take the (single) checker or step between it and the king.
        if self.checkers.has_more_than_one() {
            return false;
        }
        if let Some(checker) = self.checkers.first() {
            if to != checker && !attacks::between(ksq, checker).contains(to) {
                return false;
            }
        }
        // The generator pushes free pawns by shifting the bitboard and lets
        // them promote when they arrive in the zone: the same as the step
        // table and the zone test below, a pawn never standing on its last rank.
        let kind = piece.kind;
        if !attacks::reaches(us, kind, from, to, occ) {
            return false;
        }
        if mv.is_promotion() {
            if !promotion::may_promote(g, us, kind, from, to) {
                return false;
            }
        } else if promotion::must_promote(g, us, kind, to) {
            return false;
        }
        // A pinned piece keeps to the line through its king.
        movegen::keeps_pin(self, us, ksq, from, to)
    }

    /// [`Position::is_legal`] for a side with no king (a mate problem's
    /// attacker): the move follows the rules of its piece and the drop rules.
    #[cold]
    #[inline(never)]
    fn is_legal_without_king(&self, mv: Move) -> bool {
        self.illegality(mv).is_none()
    }

    /// [`Position::is_legal`] for the drop of `kind` on `to` (on the board),
    /// the side to move's king standing on `ksq`.
    #[inline]
    fn is_legal_drop(&self, kind: PieceKind, to: Square, ksq: Square) -> bool {
        let us = self.side_to_move;
        if !kind.is_hand_kind() || !self.hands[us.index()].has(kind) {
            return false;
        }
        // Not in double check; in check only between the checker and the king.
        if self.checkers.has_more_than_one() {
            return false;
        }
        let target = match self.checkers.first() {
            Some(checker) => attacks::between(ksq, checker),
            None => !self.occupied(),
        };
        if !target.contains(to) || !dead_squares::may_stand(self.geometry, us, kind, to) {
            return false;
        }
        let rules = self.geometry.drop_rules();
        kind != PieceKind::Pawn
            || ((!rules.nifu_illegal
                || nifu::may_drop_pawn(self.pieces_of(us, PieceKind::Pawn), to))
                && !(rules.pawn_drop_mate_illegal && pawn_drop_mate::is_pawn_drop_mate(self, to)))
    }

    /// All legal moves, on the stack.
    ///
    /// ```
    /// # let (nine, nine_pieces) = (shogi_core::Geometry::shared(9, 9, 3).unwrap(), shogi_core::PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] });
    /// # use shogi_core::*;
    /// let pos = Position::from_sfen("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", nine, &nine_pieces).unwrap();
    /// assert_eq!(pos.legal_moves().len(), 593);
    /// ```
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Appends all legal moves to `list` (which must have room: an empty
    /// [`MoveList`] always does). Saves copying the list in hot loops.
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// # use shogi_core::*;
    /// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
    /// let mut list = MoveList::new();
    /// pos.legal_moves_into(&mut list);
    /// assert_eq!(list.len(), 14);
    /// ```
    #[inline]
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        movegen::generate::<_, false>(self, &mut movegen::ListSink(list));
    }

    /// The number of legal moves, without listing them (the perft fast path).
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// # use shogi_core::*;
    /// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
    /// assert_eq!(pos.count_legal_moves(), 14);
    /// ```
    #[inline]
    pub fn count_legal_moves(&self) -> usize {
        let mut sink = movegen::CountSink(0);
        movegen::generate::<_, false>(self, &mut sink);
        sink.0
    }

    /// The legal moves that capture an enemy piece (board moves onto an enemy
    /// piece; a drop never captures), each promotion choice counted apart.
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// # use shogi_core::*;
    /// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
    /// assert_eq!(pos.legal_captures().iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["1e1b"]);
    /// // In check from the pawn on 5d, which the rook on 5a defends: only the gold may take it.
    /// let pos = Position::from_sfen("rbsgk/4p/5/p4/KGSBR b - 1", five, &five_pieces).unwrap();
    /// assert_eq!(pos.legal_captures().iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["4e5d"]);
    /// assert_eq!(pos.count_legal_captures(), 1);
    /// ```
    #[inline]
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        movegen::generate::<_, true>(self, &mut movegen::ListSink(&mut list));
        list
    }

    /// The number of legal moves and, apart, of legal captures, counted in one
    /// pass (for rules that depend on whether a capture exists).
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// # use shogi_core::*;
    /// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
    /// assert_eq!(pos.count_legal_moves_and_captures(), (14, 1));
    /// ```
    #[inline]
    pub fn count_legal_moves_and_captures(&self) -> (usize, usize) {
        let mut sink = movegen::CaptureCountSink {
            enemy: self.pieces(self.side_to_move.opponent()),
            total: 0,
            captures: 0,
        };
        movegen::generate::<_, false>(self, &mut sink);
        (sink.total, sink.captures)
    }

    /// The number of [`Position::legal_captures`], without listing them.
    #[inline]
    pub fn count_legal_captures(&self) -> usize {
        let mut sink = movegen::CountSink(0);
        movegen::generate::<_, true>(self, &mut sink);
        sink.0
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Whether the side to move is checkmated: in check with no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// "Show legal squares" under the plain rules of shogi: where the piece on
    /// `from` may legally go (empty if the square is empty or holds an enemy
    /// piece). Like every method of `Position`, this knows no variant: a game
    /// whose rules narrow the moves (must-capture, a drawn card) answers with
    /// [`Game::legal_destinations`](crate::Game::legal_destinations) instead.
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// # use shogi_core::*;
    /// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
    /// let king = pos.legal_destinations("5e".parse().unwrap());
    /// assert_eq!(king, Bitboard::from_square("4d".parse().unwrap()));
    /// assert_eq!(pos.legal_destinations("2e".parse().unwrap()).count(), 4); // the bishop
    /// assert!(pos.legal_destinations("5a".parse().unwrap()).is_empty()); // not our piece
    /// ```
    pub fn legal_destinations(&self, from: Square) -> Bitboard {
        crate::legal_squares::destinations(&self.legal_moves(), from)
    }

    /// "Show legal squares" for a piece in hand under the plain rules of
    /// shogi: where `kind` may legally be dropped by the side to move (empty
    /// if it holds none). A variant's answer is
    /// [`Game::legal_drop_squares`](crate::Game::legal_drop_squares).
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// # use shogi_core::*;
    /// let pos = Position::from_sfen("4k/5/5/5/4K b P 1", five, &five_pieces).unwrap();
    /// // 23 empty squares, less the four on the far rank (a pawn there could never move)
    /// assert_eq!(pos.legal_drop_squares(PieceKind::Pawn).count(), 19);
    /// ```
    pub fn legal_drop_squares(&self, kind: PieceKind) -> Bitboard {
        crate::legal_squares::drops(&self.legal_moves(), kind)
    }

    /// Whether the last move played (by the other side) gave check. Same as
    /// [`Position::is_check`]; named for readability in repetition rules.
    pub fn gives_check_to_side_to_move(&self) -> bool {
        self.is_check()
    }

    /// Whether two positions are the same for repetition (sennichite): same
    /// board, hands and side to move. The move number is ignored.
    pub fn same_position(&self, other: &Position) -> bool {
        self.hash == other.hash
            && self.side_to_move == other.side_to_move
            && self.hands == other.hands
            && self.board == other.board
    }
}

impl PartialEq for Position {
    /// Same board, hands, side to move, move number and geometry.
    fn eq(&self, other: &Position) -> bool {
        self.same_position(other)
            && self.move_number() == other.move_number()
            && self.geometry == other.geometry
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_sfen())
    }
}

impl fmt::Display for Position {
    /// The SFEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sfen())
    }
}

/// The XOR of the hash keys of `color` holding `hand`.
pub(crate) fn hand_key(color: Color, hand: Hand) -> u64 {
    PieceKind::HAND.iter().fold(0, |h, &kind| {
        h ^ zobrist::hand(color.index(), kind.index(), hand.count(kind))
    })
}

/// Whether a piece of `kind` and `color` standing on `from` attacks `king`
/// with the occupied squares `occ()` (a slider needs an empty line between;
/// a step asks nothing of the board).
pub(crate) fn gives_direct_check(
    color: Color,
    kind: PieceKind,
    from: Square,
    king: Square,
    occ: impl FnOnce() -> Bitboard,
) -> bool {
    if attacks::step_attacks(color, kind, from).contains(king) {
        return true;
    }
    let on_line = match kind {
        PieceKind::Lance => attacks::lance_pseudo_attacks(color, from).contains(king),
        PieceKind::Rook | PieceKind::Dragon => attacks::rook_pseudo_attacks(from).contains(king),
        PieceKind::Bishop | PieceKind::Horse => attacks::bishop_pseudo_attacks(from).contains(king),
        _ => false,
    };
    on_line && (attacks::between(from, king) & occ()).is_empty()
}
