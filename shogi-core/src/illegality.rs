//! Why a move is refused: one typed reason, decided by the rule that refuses
//! it ([`crate::rules`]) and worded for a person.
//!
//! The reason is computed only once a move has been refused
//! ([`Position::illegality`](crate::Position::illegality)), never while
//! moves are generated or a legal move is played.

use crate::attacks;
use crate::rules::{dead_squares, nifu, promotion};
use crate::{Bitboard, Color, Geometry, Hand, Move, MoveKind, Piece, PieceKind, Square};
use std::fmt;

/// Why a move is illegal. Its [`Display`](fmt::Display) is the reason in
/// words ("two pawns on file 5 (nifu)"); [`Illegality::name`] a short stable
/// identifier, the same in Rust and Python.
///
/// A variant's own rules (a capture duty, Card shogi's file rule) refuse
/// with [`Illegality::Variant`], a [`CustomRule`] the variant defines, so
/// that every game refuses a move with a reason of one type and the core
/// names no variant.
///
/// ```
/// use shogi_core::{Geometry, Illegality, PieceSet, Position};
/// let g = Geometry::shared(9, 9, 3).unwrap();
/// let pieces = PieceSet { max: [18, 4, 4, 4, 2, 2, 4, 2] };
/// let pos = Position::from_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", g, &pieces).unwrap();
/// let why = pos.illegality("P*5e".parse().unwrap()).unwrap();
/// assert_eq!(why, Illegality::Nifu { file: 5 });
/// assert_eq!(why.name(), "nifu");
/// assert_eq!(why.to_string(), "two pawns on file 5 (nifu)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Illegality {
    /// A square of the move is not on this board (a 9×9 square on 5×5).
    OffBoard {
        /// The square.
        square: Square,
    },
    /// No piece stands on the square the move starts from.
    NoSuchPiece {
        /// The square.
        square: Square,
    },
    /// The piece on the starting square is the opponent's.
    NotYourPiece {
        /// The square.
        square: Square,
    },
    /// The destination holds a piece of the side to move.
    OwnPieceThere {
        /// The square.
        square: Square,
    },
    /// The piece does not move that way (or something stands in its path).
    CannotMoveThere {
        /// The piece's kind.
        kind: PieceKind,
        /// Where it stands.
        from: Square,
        /// Where the move goes.
        to: Square,
    },
    /// A drop of a kind the side to move does not hold in hand.
    NoneInHand {
        /// The kind.
        kind: PieceKind,
    },
    /// A drop onto a square that holds a piece.
    Occupied {
        /// The square.
        square: Square,
    },
    /// A promotion the rules do not allow: the kind does not promote, or the
    /// move neither starts nor ends in the promotion zone.
    PromotionNotAllowed {
        /// The kind that was to promote.
        kind: PieceKind,
    },
    /// An unpromoted piece dropped or moved where it could never move again
    /// (a pawn or lance on the last rank, a knight on the last two):
    /// [`crate::rules::dead_squares`].
    DeadSquare {
        /// The kind.
        kind: PieceKind,
        /// The square.
        square: Square,
    },
    /// A pawn dropped on a file that holds an unpromoted pawn of the same
    /// side: [`crate::rules::nifu`].
    Nifu {
        /// The file (1-based).
        file: u8,
    },
    /// A pawn drop that checkmates: [`crate::rules::pawn_drop_mate`].
    PawnDropMate,
    /// The move leaves (or puts) the mover's own king in check.
    LeavesKingInCheck,
    /// A rule of one variant, defined above the core (a capture duty, Card
    /// shogi's file rule), with its name and words.
    Variant(CustomRule),
    /// A rule of the variant forbids the move (a variant that narrows the
    /// legal moves without a reason of its own).
    NotAllowed,
}

impl Illegality {
    /// The reason as a short stable identifier: `"off_board"`,
    /// `"no_such_piece"`, `"not_your_piece"`, `"own_piece_there"`,
    /// `"cannot_move_there"`, `"none_in_hand"`, `"occupied"`,
    /// `"promotion_not_allowed"`, `"dead_square"`, `"nifu"`,
    /// `"pawn_drop_mate"`, `"own_king_in_check"` (the name Tsuitate's foul
    /// of the same rule has), `"not_allowed"`, or a variant's rule's own
    /// ([`CustomRule::name`]: `"must_capture"`, `"off_card_file"`...).
    ///
    /// ```
    /// assert_eq!(shogi_core::Illegality::LeavesKingInCheck.name(), "own_king_in_check");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Illegality::OffBoard { .. } => "off_board",
            Illegality::NoSuchPiece { .. } => "no_such_piece",
            Illegality::NotYourPiece { .. } => "not_your_piece",
            Illegality::OwnPieceThere { .. } => "own_piece_there",
            Illegality::CannotMoveThere { .. } => "cannot_move_there",
            Illegality::NoneInHand { .. } => "none_in_hand",
            Illegality::Occupied { .. } => "occupied",
            Illegality::PromotionNotAllowed { .. } => "promotion_not_allowed",
            Illegality::DeadSquare { .. } => "dead_square",
            Illegality::Nifu { .. } => "nifu",
            Illegality::PawnDropMate => "pawn_drop_mate",
            Illegality::LeavesKingInCheck => "own_king_in_check",
            Illegality::Variant(rule) => rule.name,
            Illegality::NotAllowed => "not_allowed",
        }
    }
}

impl fmt::Display for Illegality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Illegality::OffBoard { square } => write!(f, "{square} is not on this board"),
            Illegality::NoSuchPiece { square } => write!(f, "there is no piece on {square}"),
            Illegality::NotYourPiece { square } => {
                write!(f, "the piece on {square} is your opponent's")
            }
            Illegality::OwnPieceThere { square } => {
                write!(f, "your own piece stands on {square}")
            }
            Illegality::CannotMoveThere { kind, from, to } => {
                write!(f, "the {} on {from} cannot move to {to}", kind.name())
            }
            Illegality::NoneInHand { kind } => write!(f, "you have no {} in hand", kind.name()),
            Illegality::Occupied { square } => {
                write!(f, "{square} is occupied: a drop needs an empty square")
            }
            Illegality::PromotionNotAllowed { kind } if !kind.is_promotable() => {
                write!(f, "a {} cannot promote", kind.name())
            }
            Illegality::PromotionNotAllowed { kind } => write!(
                f,
                "a {} promotes only on a move that starts or ends in the promotion zone",
                kind.name()
            ),
            Illegality::DeadSquare { kind, square } => write!(
                f,
                "a {} on {square} could never move (dead square)",
                kind.name()
            ),
            Illegality::Nifu { file } => write!(f, "two pawns on file {file} (nifu)"),
            Illegality::PawnDropMate => {
                write!(f, "a pawn drop may not give checkmate (pawn-drop mate)")
            }
            Illegality::LeavesKingInCheck => write!(f, "leaves your king in check"),
            Illegality::Variant(rule) => rule.fmt(f),
            Illegality::NotAllowed => write!(f, "the variant's rules do not allow it"),
        }
    }
}

/// A rule of one variant, defined above the core as a constant (the
/// pattern of [`CustomEnd`](crate::CustomEnd)): its identifier, the same in
/// Rust and Python, and its words for people. The words may quote up to two
/// numbers of the refusal, written `{0}` and `{1}` and given by
/// [`CustomRule::with`] (a card's file and the move's).
///
/// Two rules are equal when their names and numbers are.
///
/// ```
/// use shogi_core::{CustomRule, Illegality};
/// const NO_RETREAT: CustomRule = CustomRule::new("no_retreat", "no piece may move back");
/// const OFF_ROW: CustomRule = CustomRule::new("off_row", "the die says rank {0}; this move is on rank {1}");
/// let why = Illegality::Variant(NO_RETREAT);
/// assert_eq!((why.name(), why.to_string()), ("no_retreat", "no piece may move back".to_owned()));
/// let why = Illegality::Variant(OFF_ROW.with(3, 7));
/// assert_eq!(why.to_string(), "the die says rank 3; this move is on rank 7");
/// assert_ne!(why, Illegality::Variant(OFF_ROW.with(3, 6)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct CustomRule {
    name: &'static str,
    words: &'static str,
    numbers: [u8; 2],
}

impl CustomRule {
    /// A rule named `name` (an identifier: lowercase ASCII and `_`), said
    /// as `words` (in which `{0}` and `{1}` stand for the numbers).
    pub const fn new(name: &'static str, words: &'static str) -> CustomRule {
        CustomRule {
            name,
            words,
            numbers: [0, 0],
        }
    }

    /// The rule with the numbers its words quote, `{0}` and `{1}`.
    pub const fn with(self, first: u8, second: u8) -> CustomRule {
        CustomRule {
            numbers: [first, second],
            ..self
        }
    }

    /// The identifier.
    pub const fn name(self) -> &'static str {
        self.name
    }

    /// The numbers the words quote (`[0, 0]` unless given).
    pub const fn numbers(self) -> [u8; 2] {
        self.numbers
    }
}

impl PartialEq for CustomRule {
    fn eq(&self, other: &CustomRule) -> bool {
        (self.name, self.numbers) == (other.name, other.numbers)
    }
}

impl Eq for CustomRule {}

impl std::hash::Hash for CustomRule {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.name, self.numbers).hash(state);
    }
}

impl fmt::Display for CustomRule {
    /// The words, `{0}` and `{1}` replaced by the numbers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.words;
        while let Some(at) = rest.find('{') {
            f.write_str(&rest[..at])?;
            let number = match rest.get(at..at + 3) {
                Some("{0}") => Some(self.numbers[0]),
                Some("{1}") => Some(self.numbers[1]),
                _ => None,
            };
            match number {
                Some(n) => {
                    write!(f, "{n}")?;
                    rest = &rest[at + 3..];
                }
                None => {
                    f.write_str("{")?;
                    rest = &rest[at + 1..];
                }
            }
        }
        f.write_str(rest)
    }
}

/// What the rules of the mover's own pieces say of `mv`, before the king's
/// safety is looked at: the board, the piece, its movement, promotion, dead
/// squares, the hand and nifu. `piece_at` and `occupied` are what the mover
/// sees (the whole position, or only their own pieces on an
/// [`OwnBoard`](crate::OwnBoard)); `ours` their pieces.
#[allow(clippy::too_many_arguments)] // what the mover sees, given apart: a position or an own board
pub(crate) fn own_rules(
    g: &Geometry,
    us: Color,
    piece_at: impl Fn(Square) -> Option<Piece>,
    ours: Bitboard,
    occupied: Bitboard,
    hand: Hand,
    own_pawns: Bitboard,
    mv: Move,
) -> Option<Illegality> {
    let to = mv.to();
    match mv.kind() {
        MoveKind::Drop { kind, to } => {
            if !g.contains(to) {
                return Some(Illegality::OffBoard { square: to });
            }
            if !kind.is_hand_kind() || !hand.has(kind) {
                return Some(Illegality::NoneInHand { kind });
            }
            if occupied.contains(to) {
                return Some(Illegality::Occupied { square: to });
            }
            if !dead_squares::may_stand(g, us, kind, to) {
                return Some(Illegality::DeadSquare { kind, square: to });
            }
            if kind == PieceKind::Pawn
                && g.drop_rules().nifu_illegal
                && !nifu::may_drop_pawn(own_pawns, to)
            {
                return Some(Illegality::Nifu { file: to.file() });
            }
            None
        }
        MoveKind::Normal { from, promote, .. } => {
            for square in [from, to] {
                if !g.contains(square) {
                    return Some(Illegality::OffBoard { square });
                }
            }
            let Some(piece) = piece_at(from) else {
                return Some(Illegality::NoSuchPiece { square: from });
            };
            if piece.color != us {
                return Some(Illegality::NotYourPiece { square: from });
            }
            if ours.contains(to) {
                return Some(Illegality::OwnPieceThere { square: to });
            }
            let kind = piece.kind;
            if !attacks::attacks(us, kind, from, occupied).contains(to) {
                return Some(Illegality::CannotMoveThere { kind, from, to });
            }
            if promote {
                if !promotion::may_promote(g, us, kind, from, to) {
                    return Some(Illegality::PromotionNotAllowed { kind });
                }
            } else if promotion::must_promote(g, us, kind, to) {
                return Some(Illegality::DeadSquare { kind, square: to });
            }
            None
        }
    }
}
