//! One player's own board: their pieces and hand alone, the opponent's pieces
//! unseen. The basis of hidden-information variants, where a player chooses
//! among the moves their own pieces allow and a referee judges them.

use crate::attacks;
use crate::movegen::{ListSink, Sink};
use crate::rules::{dead_squares, nifu};
use crate::{Bitboard, Color, Geometry, Hand, MoveList, Piece, PieceKind, Position, Square};
use serde::{Deserialize, Serialize};

/// What one player sees of a position on their own board: their own pieces
/// and hand. Nothing in it depends on the opponent's pieces.
///
/// ```
/// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
/// use shogi_core::{Color, Geometry, OwnBoard, PieceSet, Position};
/// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
/// let mine = OwnBoard::of(&pos, Color::Black);
/// // The rook on 1e sees no enemy pawn on 1b: it may go up to 1a.
/// assert!(mine.moves().iter().any(|m| m.to_string() == "1e1a+"));
/// assert_eq!(mine.pieces().count(), 6);
/// ```
///
/// In serde it is written with its board's shape as numbers (`files`,
/// `ranks`, `promotion_ranks`); reading refuses a shape no board has.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "Written", try_from = "Written")]
pub struct OwnBoard {
    color: Color,
    geometry: &'static Geometry,
    kinds: [Option<PieceKind>; 81],
    hand: Hand,
}

/// An [`OwnBoard`] as serde writes it: the geometry by its shape.
#[derive(Serialize, Deserialize)]
struct Written {
    color: Color,
    files: u8,
    ranks: u8,
    promotion_ranks: u8,
    #[serde(with = "kinds_serde")]
    kinds: [Option<PieceKind>; 81],
    hand: Hand,
}

impl From<OwnBoard> for Written {
    fn from(b: OwnBoard) -> Written {
        Written {
            color: b.color,
            files: b.geometry.files(),
            ranks: b.geometry.ranks(),
            promotion_ranks: b.geometry.promotion_ranks(),
            kinds: b.kinds,
            hand: b.hand,
        }
    }
}

impl TryFrom<Written> for OwnBoard {
    type Error = crate::GeometryError;

    fn try_from(w: Written) -> Result<OwnBoard, Self::Error> {
        Ok(OwnBoard {
            color: w.color,
            geometry: Geometry::shared(w.files, w.ranks, w.promotion_ranks)?,
            kinds: w.kinds,
            hand: w.hand,
        })
    }
}

mod kinds_serde {
    use crate::PieceKind;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(b: &[Option<PieceKind>; 81], s: S) -> Result<S::Ok, S::Error> {
        b.as_slice().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<[Option<PieceKind>; 81], D::Error> {
        let v: Vec<Option<PieceKind>> = Vec::deserialize(d)?;
        v.try_into()
            .map_err(|v: Vec<_>| serde::de::Error::invalid_length(v.len(), &"81 squares"))
    }
}

impl OwnBoard {
    /// `color`'s own board in `pos`: its pieces and hand, nothing of the opponent's.
    pub fn of(pos: &Position, color: Color) -> OwnBoard {
        let g = pos.geometry();
        let mut kinds = [None; 81];
        for sq in pos.pieces(color) {
            kinds[sq.index()] = pos.piece_at(sq).map(|p| p.kind);
        }
        OwnBoard {
            color,
            geometry: g,
            kinds,
            hand: pos.hand(color),
        }
    }

    /// Whose board it is.
    pub fn color(&self) -> Color {
        self.color
    }

    /// Files of the board (9 or 5).
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// # use shogi_core::*;
    /// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
    /// assert_eq!((OwnBoard::of(&pos, Color::White).files(), OwnBoard::of(&pos, Color::White).ranks()), (5, 5));
    /// ```
    pub fn files(&self) -> u8 {
        self.geometry.files()
    }

    /// Ranks of the board (9 or 5).
    pub fn ranks(&self) -> u8 {
        self.geometry.ranks()
    }

    /// The own piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.kinds[sq.index()].map(|k| Piece::new(self.color, k))
    }

    /// The squares of the own pieces.
    pub fn pieces(&self) -> Bitboard {
        (0..81)
            .filter(|&i| self.kinds[i].is_some())
            .filter_map(Square::from_index)
            .collect()
    }

    /// The own hand.
    pub fn hand(&self) -> Hand {
        self.hand
    }

    /// The board's geometry: the position's it was seen in.
    ///
    /// ```
    /// # use shogi_core::*;
    /// let g = Geometry::new(5, 5, 1)?.leak();
    /// let pieces = PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] };
    /// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", g, &pieces)?;
    /// assert_eq!(OwnBoard::of(&pos, Color::Black).geometry(), g);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The moves the own pieces and hand allow on this board alone: own
    /// pieces block, squares of unseen enemy pieces look empty, drops respect
    /// nifu and dead squares, moves respect forced promotion. Whether a move
    /// leaves the own king in check, or is a pawn-drop mate, is not known here.
    pub fn moves(&self) -> MoveList {
        let g = self.geometry();
        let us = self.color;
        let ours = self.pieces();
        let target = g.board() & !ours;
        let mut list = MoveList::new();
        let mut sink = ListSink(&mut list);
        let mut pawns = Bitboard::EMPTY;
        for from in ours {
            let Some(kind) = self.kinds[from.index()] else {
                continue;
            };
            if kind == PieceKind::Pawn {
                pawns = pawns.with(from);
            }
            let dests = attacks::attacks(us, kind, from, ours) & target;
            sink.board_moves(from, dests, kind, us, g);
        }
        let empty = g.board() & !ours;
        for kind in PieceKind::HAND {
            if !self.hand.has(kind) {
                continue;
            }
            let mut dests = empty & !dead_squares::squares(g, us, kind);
            if kind == PieceKind::Pawn && g.drop_rules().nifu_illegal {
                dests &= !nifu::pawn_files(pawns);
            }
            sink.drops(kind, dests);
        }
        list
    }

    /// Why `mv` is not among [`OwnBoard::moves`], or `None` if it is: the
    /// rules of the own pieces alone (no piece of one's own there, the
    /// piece's movement over one's own pieces, promotion, dead squares, the
    /// hand, nifu), each decided by its rule ([`crate::rules`]).
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// use shogi_core::{Color, Illegality, OwnBoard, Position};
    /// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces).unwrap();
    /// let mine = OwnBoard::of(&pos, Color::Black);
    /// assert_eq!(mine.illegality("1e1a".parse().unwrap()).map(|i| i.name()), None);
    /// assert_eq!(mine.illegality("5a5b".parse().unwrap()), Some(Illegality::NoSuchPiece { square: "5a".parse().unwrap() }));
    /// ```
    pub fn illegality(&self, mv: crate::Move) -> Option<crate::Illegality> {
        let ours = self.pieces();
        let pawns = ours
            .into_iter()
            .filter(|sq| self.kinds[sq.index()] == Some(PieceKind::Pawn))
            .collect();
        crate::illegality::own_rules(
            self.geometry,
            self.color,
            |sq| self.piece_at(sq),
            ours,
            ours,
            self.hand,
            pawns,
            mv,
        )
    }

    /// Where the own piece on `from` may go on this board ("show legal
    /// squares" on one's own board): the destinations of its [`moves`](OwnBoard::moves)
    /// from `from`, under the name every game gives this
    /// (`GameState::legal_destinations`, [`Position::legal_destinations`]).
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// use shogi_core::{Color, OwnBoard, Position};
    /// let pos = Position::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1", five, &five_pieces)?;
    /// let own = OwnBoard::of(&pos, Color::Black);
    /// // The rook on 1e sees none of White's pieces on file 1: 1d up to 1a.
    /// assert_eq!(own.legal_destinations("1e".parse()?).count(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_destinations(&self, from: Square) -> Bitboard {
        crate::legal_squares::destinations(&self.moves(), from)
    }

    /// Where a piece of `kind` in the own hand may be dropped on this board
    /// (the own board's rules: empty squares, nifu and dead squares), as
    /// [`Position::legal_drop_squares`] says for a whole position.
    ///
    /// ```
    /// # let (five, five_pieces) = (shogi_core::Geometry::shared(5, 5, 1).unwrap(), shogi_core::PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] });
    /// use shogi_core::{Color, OwnBoard, PieceKind, Position};
    /// let pos = Position::from_sfen("rbsg1/3k1/5/5/KGSBR b P 1", five, &five_pieces)?;
    /// let own = OwnBoard::of(&pos, Color::Black);
    /// // Not on the far rank, nor where an own piece stands; White's hidden
    /// // king on 2b is no obstacle on Black's own board.
    /// assert_eq!(own.legal_drop_squares(PieceKind::Pawn).count(), 15);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_drop_squares(&self, kind: PieceKind) -> Bitboard {
        crate::legal_squares::drops(&self.moves(), kind)
    }

    /// Where the own piece on `from` may go on this board.
    #[deprecated(note = "use OwnBoard::legal_destinations, the name every game gives it")]
    pub fn destinations(&self, from: Square) -> Bitboard {
        self.legal_destinations(from)
    }
}
