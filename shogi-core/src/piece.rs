//! Piece kinds and coloured pieces.

use crate::Color;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The 14 kinds of shogi piece: the 8 base kinds and the 6 promoted ones.
///
/// The promotable kinds come first, so that `kind as usize + 8` is the promoted
/// kind, and the seven kinds that can be held in hand are the first seven.
///
/// ```
/// use shogi_core::PieceKind;
/// assert_eq!(PieceKind::Rook.promote(), Some(PieceKind::Dragon));
/// assert_eq!(PieceKind::Dragon.unpromote(), PieceKind::Rook);
/// assert_eq!(PieceKind::Gold.promote(), None);
/// assert_eq!("+B".parse::<PieceKind>().unwrap(), PieceKind::Horse);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PieceKind {
    /// Pawn, 歩 (fuhyō): one step forward.
    Pawn = 0,
    /// Lance, 香 (kyōsha): any distance forward.
    Lance = 1,
    /// Knight, 桂 (keima): two forward and one sideways, jumping.
    Knight = 2,
    /// Silver general, 銀 (ginshō): diagonals and straight forward.
    Silver = 3,
    /// Bishop, 角 (kakugyō): any distance diagonally.
    Bishop = 4,
    /// Rook, 飛 (hisha): any distance orthogonally.
    Rook = 5,
    /// Gold general, 金 (kinshō): orthogonals and the forward diagonals. Never promotes.
    Gold = 6,
    /// King, 玉/王 (gyokushō/ōshō). Never promotes, never captured into hand.
    King = 7,
    /// Promoted pawn, と (tokin): moves as a gold.
    ProPawn = 8,
    /// Promoted lance, 成香 (narikyō): moves as a gold.
    ProLance = 9,
    /// Promoted knight, 成桂 (narikei): moves as a gold.
    ProKnight = 10,
    /// Promoted silver, 成銀 (narigin): moves as a gold.
    ProSilver = 11,
    /// Promoted bishop, 馬 (ryūma, "horse"): bishop plus one step orthogonally.
    Horse = 12,
    /// Promoted rook, 龍 (ryūō, "dragon"): rook plus one step diagonally.
    Dragon = 13,
}

impl PieceKind {
    /// All 14 kinds in index order.
    pub const ALL: [PieceKind; 14] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Gold,
        PieceKind::King,
        PieceKind::ProPawn,
        PieceKind::ProLance,
        PieceKind::ProKnight,
        PieceKind::ProSilver,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];

    /// The seven kinds that can be held in hand and dropped, in SFEN hand order
    /// reversed (cheapest first): P L N S B R G.
    pub const HAND: [PieceKind; 7] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Gold,
    ];

    /// The index of this kind, 0..14.
    ///
    /// ```
    /// assert_eq!(shogi_core::PieceKind::King.index(), 7);
    /// ```
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with the given index, if it is below 14.
    ///
    /// ```
    /// use shogi_core::PieceKind;
    /// assert_eq!(PieceKind::from_index(13), Some(PieceKind::Dragon));
    /// assert_eq!(PieceKind::from_index(14), None);
    /// ```
    #[inline]
    pub const fn from_index(i: usize) -> Option<PieceKind> {
        if i < 14 {
            Some(PieceKind::ALL[i])
        } else {
            None
        }
    }

    /// Whether this kind can promote (pawn, lance, knight, silver, bishop, rook).
    ///
    /// ```
    /// assert!(shogi_core::PieceKind::Silver.is_promotable());
    /// assert!(!shogi_core::PieceKind::Gold.is_promotable());
    /// ```
    #[inline(always)]
    pub const fn is_promotable(self) -> bool {
        (self as u8) < 6
    }

    /// Whether this is one of the six promoted kinds.
    ///
    /// ```
    /// assert!(shogi_core::PieceKind::ProPawn.is_promoted());
    /// ```
    #[inline(always)]
    pub const fn is_promoted(self) -> bool {
        (self as u8) >= 8
    }

    /// The promoted kind, for a promotable kind.
    ///
    /// ```
    /// use shogi_core::PieceKind;
    /// assert_eq!(PieceKind::Pawn.promote(), Some(PieceKind::ProPawn));
    /// ```
    #[inline]
    pub const fn promote(self) -> Option<PieceKind> {
        if self.is_promotable() {
            PieceKind::from_index(self as usize + 8)
        } else {
            None
        }
    }

    /// The base kind: a promoted kind turned back over; others unchanged. This is
    /// what a captured piece becomes in hand.
    ///
    /// ```
    /// use shogi_core::PieceKind;
    /// assert_eq!(PieceKind::Horse.unpromote(), PieceKind::Bishop);
    /// assert_eq!(PieceKind::Gold.unpromote(), PieceKind::Gold);
    /// ```
    #[inline(always)]
    pub const fn unpromote(self) -> PieceKind {
        if self.is_promoted() {
            PieceKind::ALL[self as usize - 8]
        } else {
            self
        }
    }

    /// Whether a piece of this kind can be held in hand (every base kind but the king).
    ///
    /// ```
    /// assert!(shogi_core::PieceKind::Gold.is_hand_kind());
    /// assert!(!shogi_core::PieceKind::King.is_hand_kind());
    /// ```
    #[inline(always)]
    pub const fn is_hand_kind(self) -> bool {
        (self as u8) < 7
    }

    /// The SFEN letter of the base kind (upper case), e.g. `'P'` for a pawn or tokin.
    ///
    /// ```
    /// assert_eq!(shogi_core::PieceKind::ProKnight.base_letter(), 'N');
    /// ```
    pub const fn base_letter(self) -> char {
        match self.unpromote() {
            PieceKind::Pawn => 'P',
            PieceKind::Lance => 'L',
            PieceKind::Knight => 'N',
            PieceKind::Silver => 'S',
            PieceKind::Gold => 'G',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            _ => 'K',
        }
    }

    /// The base kind for an SFEN/USI letter of either case.
    ///
    /// ```
    /// use shogi_core::PieceKind;
    /// assert_eq!(PieceKind::from_letter('n'), Some(PieceKind::Knight));
    /// assert_eq!(PieceKind::from_letter('x'), None);
    /// ```
    pub const fn from_letter(c: char) -> Option<PieceKind> {
        match c.to_ascii_uppercase() {
            'P' => Some(PieceKind::Pawn),
            'L' => Some(PieceKind::Lance),
            'N' => Some(PieceKind::Knight),
            'S' => Some(PieceKind::Silver),
            'G' => Some(PieceKind::Gold),
            'B' => Some(PieceKind::Bishop),
            'R' => Some(PieceKind::Rook),
            'K' => Some(PieceKind::King),
            _ => None,
        }
    }

    /// The English name, e.g. `"dragon"`.
    ///
    /// ```
    /// assert_eq!(shogi_core::PieceKind::ProPawn.name(), "tokin");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "pawn",
            PieceKind::Lance => "lance",
            PieceKind::Knight => "knight",
            PieceKind::Silver => "silver",
            PieceKind::Gold => "gold",
            PieceKind::Bishop => "bishop",
            PieceKind::Rook => "rook",
            PieceKind::King => "king",
            PieceKind::ProPawn => "tokin",
            PieceKind::ProLance => "promoted lance",
            PieceKind::ProKnight => "promoted knight",
            PieceKind::ProSilver => "promoted silver",
            PieceKind::Horse => "horse",
            PieceKind::Dragon => "dragon",
        }
    }
}

impl fmt::Display for PieceKind {
    /// The upper-case SFEN spelling: `P`, `+R`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_promoted() {
            write!(f, "+{}", self.base_letter())
        } else {
            write!(f, "{}", self.base_letter())
        }
    }
}

/// A malformed piece or piece-kind letter.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a shogi piece (expected one of P L N S G B R K, optionally with '+' before a promotable one)", crate::Excerpt(.0))]
pub struct ParsePieceError(pub String);

impl FromStr for PieceKind {
    type Err = ParsePieceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse::<Piece>().map(|p| p.kind)
    }
}

/// A piece of a given colour and kind, as it stands on the board.
///
/// ```
/// use shogi_core::{Color, Piece, PieceKind};
/// let p: Piece = "+r".parse().unwrap();
/// assert_eq!(p, Piece::new(Color::White, PieceKind::Dragon));
/// assert_eq!(p.to_string(), "+r");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    ///
    /// ```
    /// use shogi_core::{Color, Piece, PieceKind};
    /// assert_eq!(Piece::new(Color::Black, PieceKind::Pawn).to_string(), "P");
    /// ```
    #[inline(always)]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// A dense index 0..28 (colour × 14 + kind), for tables.
    ///
    /// ```
    /// use shogi_core::{Color, Piece, PieceKind};
    /// assert_eq!(Piece::new(Color::White, PieceKind::Pawn).index(), 14);
    /// ```
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.color as usize * 14 + self.kind as usize
    }
}

impl fmt::Display for Piece {
    /// SFEN spelling: upper case for Black, lower case for White, `+` for promoted.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.color {
            Color::Black => self.kind.base_letter(),
            Color::White => self.kind.base_letter().to_ascii_lowercase(),
        };
        if self.kind.is_promoted() {
            write!(f, "+{letter}")
        } else {
            write!(f, "{letter}")
        }
    }
}

impl FromStr for Piece {
    type Err = ParsePieceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParsePieceError(s.to_owned());
        let (promoted, rest) = match s.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let mut chars = rest.chars();
        let c = chars.next().ok_or_else(err)?;
        if chars.next().is_some() {
            return Err(err());
        }
        let kind = PieceKind::from_letter(c).ok_or_else(err)?;
        let kind = if promoted {
            kind.promote().ok_or_else(err)?
        } else {
            kind
        };
        let color = if c.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        Ok(Piece::new(color, kind))
    }
}
