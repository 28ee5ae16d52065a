//! Moves in USI notation, and the stack-allocated move list.

use crate::{PieceKind, Square};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The most legal moves any shogi position has: 593, reached by the position
/// `R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1` (a known result of
/// computer-shogi research). Every position the library accepts respects the
/// standard piece counts on a board of at most 9×9, so its legal moves fit.
pub const MAX_LEGAL_MOVES: usize = 593;

/// Capacity of a [`MoveList`]: [`MAX_LEGAL_MOVES`] plus a margin for the
/// pseudo-legal candidates of one side's own board on 9×9
/// ([`OwnBoard::moves`](crate::OwnBoard::moves): the opponent's pieces
/// unseen, so a square one of them holds looks empty, which frees at most one
/// more square for each of the seven drop kinds), so that those lists fit as
/// well.
pub const MOVE_LIST_CAPACITY: usize = 600;

/// A list of moves on the stack, with room for every legal move of any position.
pub type MoveList = arrayvec::ArrayVec<Move, MOVE_LIST_CAPACITY>;

/// A move: a board move (from, to, promote or not) or a drop (kind, to).
///
/// Small and `Copy` (two bytes). Written in USI: `7g7f`, `8h2b+`, `P*5e`.
///
/// ```
/// use shogi_core::{Move, MoveKind, PieceKind, Square};
/// let m: Move = "8h2b+".parse().unwrap();
/// assert_eq!(m.from(), Some("8h".parse().unwrap()));
/// assert!(m.is_promotion());
/// let d: Move = "P*5e".parse().unwrap();
/// assert_eq!(d.drop_kind(), Some(PieceKind::Pawn));
/// assert!(matches!(d.kind(), MoveKind::Drop { .. }));
/// assert_eq!(d.to_string(), "P*5e");
/// assert!("P*5j".parse::<Move>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Move(u16);

/// A [`Move`] taken apart, for matching.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece moves on the board, possibly promoting.
    Normal {
        /// Where it stands.
        from: Square,
        /// Where it goes (capturing whatever enemy piece is there).
        to: Square,
        /// Whether it promotes on this move.
        promote: bool,
    },
    /// A piece is put from the hand onto an empty square.
    Drop {
        /// The kind dropped (a hand kind).
        kind: PieceKind,
        /// Where it lands.
        to: Square,
    },
}

const FROM_SHIFT: u16 = 7;
const PROMOTE_BIT: u16 = 1 << 14;
const DROP_BASE: u16 = 81;

impl Move {
    /// A board move.
    ///
    /// ```
    /// use shogi_core::Move;
    /// let m = Move::normal("7g".parse().unwrap(), "7f".parse().unwrap(), false);
    /// assert_eq!(m.to_string(), "7g7f");
    /// ```
    #[inline(always)]
    pub const fn normal(from: Square, to: Square, promote: bool) -> Move {
        let p = if promote { PROMOTE_BIT } else { 0 };
        Move(to.index() as u16 | (from.index() as u16) << FROM_SHIFT | p)
    }

    /// A drop of a hand kind. Returns `None` for a kind that cannot be in hand.
    ///
    /// ```
    /// use shogi_core::{Move, PieceKind};
    /// assert!(Move::drop(PieceKind::King, "5e".parse().unwrap()).is_none());
    /// ```
    #[inline(always)]
    pub const fn drop(kind: PieceKind, to: Square) -> Option<Move> {
        if kind.is_hand_kind() {
            Some(Move::drop_unchecked(kind, to))
        } else {
            None
        }
    }

    #[inline(always)]
    pub(crate) const fn drop_unchecked(kind: PieceKind, to: Square) -> Move {
        Move(to.index() as u16 | (DROP_BASE + kind.index() as u16) << FROM_SHIFT)
    }

    /// The most piece kinds a drop can name: the origin field holds 81 plus
    /// the kind's index in seven bits, so indices `0..47` fit.
    pub const DROP_INDICES: u8 = (0x80 - DROP_BASE) as u8;

    /// A drop of the piece kind with index `kind` of a family definition
    /// ([`crate::family`]), whose kinds are data rather than [`PieceKind`]s;
    /// `None` for an index of 47 or more, which the encoding cannot hold.
    /// For indices below 14 this is the same move as [`Move::drop`] of
    /// that [`PieceKind`] index.
    ///
    /// ```
    /// use shogi_core::Move;
    /// let to = "5e".parse().unwrap();
    /// let drop = Move::drop_index(20, to).unwrap();
    /// assert_eq!(drop.dropped_index(), Some(20));
    /// assert_eq!(drop.drop_kind(), None); // not one of shogi's fourteen kinds
    /// assert_eq!(drop.to_string(), "?*5e");
    /// assert!(Move::drop_index(46, to).is_some());
    /// assert!(Move::drop_index(47, to).is_none());
    /// ```
    #[inline(always)]
    pub const fn drop_index(kind: u8, to: Square) -> Option<Move> {
        if kind < Move::DROP_INDICES {
            Some(Move(
                to.index() as u16 | (DROP_BASE + kind as u16) << FROM_SHIFT,
            ))
        } else {
            None
        }
    }

    /// The index of the kind dropped, for a drop: the [`PieceKind`] index
    /// for a standard drop, the family kind's index for a
    /// [`Move::drop_index`] drop; `None` for a board move.
    ///
    /// ```
    /// use shogi_core::Move;
    /// assert_eq!("R*5e".parse::<Move>().unwrap().dropped_index(), Some(5));
    /// assert_eq!("7g7f".parse::<Move>().unwrap().dropped_index(), None);
    /// ```
    #[inline(always)]
    pub const fn dropped_index(self) -> Option<u8> {
        let f = self.origin_field();
        if f >= DROP_BASE {
            Some((f - DROP_BASE) as u8)
        } else {
            None
        }
    }

    /// The destination square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 & 0x7F) as usize)
    }

    #[inline(always)]
    const fn origin_field(self) -> u16 {
        (self.0 >> FROM_SHIFT) & 0x7F
    }

    /// The origin square of a board move; `None` for a drop.
    #[inline(always)]
    pub const fn from(self) -> Option<Square> {
        let f = self.origin_field();
        if f < DROP_BASE {
            Some(Square::from_index_unchecked(f as usize))
        } else {
            None
        }
    }

    /// Whether this is a drop.
    #[inline(always)]
    pub const fn is_drop(self) -> bool {
        self.origin_field() >= DROP_BASE
    }

    /// The kind dropped, for a drop.
    #[inline(always)]
    pub const fn drop_kind(self) -> Option<PieceKind> {
        let f = self.origin_field();
        if f >= DROP_BASE {
            PieceKind::from_index((f - DROP_BASE) as usize)
        } else {
            None
        }
    }

    /// Whether the moving piece promotes.
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 & PROMOTE_BIT != 0
    }

    /// The move taken apart.
    ///
    /// A family drop of a kind index of 14 or more ([`Move::drop_index`])
    /// names no [`PieceKind`]; the family engine's moves are taken apart
    /// with [`Move::from`], [`Move::dropped_index`] and
    /// [`Move::is_promotion`] instead (this method, on such a move, panics).
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        let f = self.origin_field();
        if f < DROP_BASE {
            MoveKind::Normal {
                from: Square::from_index_unchecked(f as usize),
                to: self.to(),
                promote: self.is_promotion(),
            }
        } else {
            MoveKind::Drop {
                kind: PieceKind::ALL[(f - DROP_BASE) as usize],
                to: self.to(),
            }
        }
    }

    /// The raw 16-bit encoding (stable within a version; for hashing and tables).
    #[inline(always)]
    pub const fn to_u16(self) -> u16 {
        self.0
    }

    /// The move whose [`Move::to_u16`] is `bits`, or `None` if no move
    /// encodes to `bits`: a board move needs both squares below 81 (any
    /// promotion flag), a drop a hand kind, a square below 81 and no
    /// promotion flag; the top bit is never set.
    ///
    /// ```
    /// use shogi_core::Move;
    /// for usi in ["7g7f", "8h2b+", "P*5e", "G*1a"] {
    ///     let m: Move = usi.parse().unwrap();
    ///     assert_eq!(Move::from_u16(m.to_u16()), Some(m));
    /// }
    /// assert_eq!(Move::from_u16(u16::MAX), None);
    /// assert_eq!(Move::from_u16(81), None); // destination square 81 is off the 9x9 space
    /// let drop = "P*5e".parse::<Move>().unwrap().to_u16();
    /// assert_eq!(Move::from_u16(drop | 1 << 14), None); // a drop never promotes
    /// let total = (0..=u16::MAX).filter(|&b| Move::from_u16(b).is_some()).count();
    /// assert_eq!(total, 81 * 81 * 2 + 7 * 81);
    /// ```
    #[inline]
    pub const fn from_u16(bits: u16) -> Option<Move> {
        if bits >> 15 != 0 || (bits & 0x7F) >= Square::COUNT as u16 {
            return None;
        }
        let origin = (bits >> FROM_SHIFT) & 0x7F;
        if origin < DROP_BASE {
            return Some(Move(bits));
        }
        let is_hand_kind = match PieceKind::from_index((origin - DROP_BASE) as usize) {
            Some(kind) => kind.is_hand_kind(),
            None => false,
        };
        if is_hand_kind && bits & PROMOTE_BIT == 0 {
            Some(Move(bits))
        } else {
            None
        }
    }

    /// Parses USI notation: `7g7f`, `8h2b+`, `P*5e`.
    ///
    /// ```
    /// use shogi_core::Move;
    /// assert!(Move::from_usi("7g7f").is_ok());
    /// assert!(Move::from_usi("7g7f*").is_err());
    /// ```
    pub fn from_usi(s: &str) -> Result<Move, ParseMoveError> {
        s.parse()
    }
}

/// Malformed USI move notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a USI move (expected like 7g7f, 8h2b+ or P*5e)", crate::Excerpt(.0))]
pub struct ParseMoveError(pub String);

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError(s.to_owned());
        if !s.is_ascii() {
            return Err(err());
        }
        match s.len() {
            4 if s.as_bytes()[1] == b'*' => {
                let kind = PieceKind::from_letter(s.as_bytes()[0] as char)
                    .filter(|k| k.is_hand_kind() && s.as_bytes()[0].is_ascii_uppercase())
                    .ok_or_else(err)?;
                let to: Square = s[2..].parse().map_err(|_| err())?;
                Ok(Move::drop_unchecked(kind, to))
            }
            4 | 5 => {
                let from: Square = s[0..2].parse().map_err(|_| err())?;
                let to: Square = s[2..4].parse().map_err(|_| err())?;
                let promote = match &s[4..] {
                    "" => false,
                    "+" => true,
                    _ => return Err(err()),
                };
                if from == to {
                    return Err(err());
                }
                Ok(Move::normal(from, to, promote))
            }
            _ => Err(err()),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let to = self.to();
        match (self.from(), self.drop_kind()) {
            (Some(from), _) => {
                let promote = if self.is_promotion() { "+" } else { "" };
                write!(f, "{from}{to}{promote}")
            }
            (None, Some(kind)) => write!(f, "{}*{to}", kind.base_letter()),
            // A family kind (`Move::drop_index`) has no standard letter: its
            // own text is family::notation's.
            (None, None) => write!(f, "?*{to}"),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

impl TryFrom<String> for Move {
    type Error = ParseMoveError;
    fn try_from(s: String) -> Result<Move, ParseMoveError> {
        s.parse()
    }
}

impl From<Move> for String {
    fn from(m: Move) -> String {
        m.to_string()
    }
}
