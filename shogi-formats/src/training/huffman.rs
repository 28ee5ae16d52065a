//! The 256-bit Huffman codes of a standard position that both training
//! formats use, in their two flavours: Apery's (cshogi's `hcp`) and
//! YaneuraOu's (`PackedSfen`). Bits are written from the lowest bit of the
//! first byte on.
//!
//! Both write: the side to move (1 bit, 1 for White), Black's king square
//! and White's (7 bits each, the square index: file-major from 1a), then
//! every other square in index order (an empty square is `0`; a piece is
//! its kind's code, then its colour and promotion bits), then the pieces
//! in hand, Black's then White's, pawns to golds to rooks (`P L N S G B
//! R`). The codes, as bits in the order written:
//!
//! | kind | board | in hand (YaneuraOu) | in hand (Apery) |
//! |---|---|---|---|
//! | pawn | `10` | `0` | `0` |
//! | lance | `1100` | `100` | `100` |
//! | knight | `1101` (Apery `1110`) | `101` | `110` |
//! | silver | `1110` (Apery `1101`) | `110` | `101` |
//! | gold | `11110` | `1110` | `1110` |
//! | bishop | `111110` | `11110` | `11111` + `0` |
//! | rook | `111111` | `11111` | `11111` + `1` |
//!
//! After a board piece's code YaneuraOu writes the promotion bit then the
//! colour bit, Apery the colour bit then the promotion bit (golds have no
//! promotion bit). A piece in hand is followed by a `0` (no promotion; none
//! for a gold or, in Apery's, a bishop or rook), then its colour. A piece
//! in hand takes one bit less than on the board and leaves an empty square
//! of one bit, so the forty pieces fill exactly 256 bits wherever they are.
//! These were read off cshogi's own output (`to_hcp`, `to_psfen`) and are
//! checked against it in the tests.

use shogi_core::{Color, Hand, Piece, PieceKind, Position, Setup, Square};

/// Which program's codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flavor {
    /// Apery's, as cshogi's `HuffmanCodedPos`.
    Apery,
    /// YaneuraOu's `PackedSfen`.
    YaneuraOu,
}

/// The hand kinds in the order written.
const HAND_ORDER: [PieceKind; 7] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
];

/// A kind's board code, as the bits written.
fn board_code(kind: PieceKind, flavor: Flavor) -> &'static str {
    match (kind, flavor) {
        (PieceKind::Pawn, _) => "10",
        (PieceKind::Lance, _) => "1100",
        (PieceKind::Knight, Flavor::YaneuraOu) | (PieceKind::Silver, Flavor::Apery) => "1101",
        (PieceKind::Silver, Flavor::YaneuraOu) | (PieceKind::Knight, Flavor::Apery) => "1110",
        (PieceKind::Gold, _) => "11110",
        (PieceKind::Bishop, _) => "111110",
        _ => "111111",
    }
}

/// A hand kind's code, with the bits that follow it before the colour.
fn hand_code(kind: PieceKind, flavor: Flavor) -> &'static str {
    match (kind, flavor) {
        (PieceKind::Pawn, _) => "00",
        (PieceKind::Lance, _) => "1000",
        (PieceKind::Knight, Flavor::YaneuraOu) | (PieceKind::Silver, Flavor::Apery) => "1010",
        (PieceKind::Silver, Flavor::YaneuraOu) | (PieceKind::Knight, Flavor::Apery) => "1100",
        (PieceKind::Gold, _) => "1110",
        (PieceKind::Bishop, Flavor::YaneuraOu) => "111100",
        (PieceKind::Rook, Flavor::YaneuraOu) => "111110",
        (PieceKind::Bishop, Flavor::Apery) => "111110",
        _ => "111111",
    }
}

/// Bits written from the lowest bit of the first byte.
struct Writer {
    bytes: [u8; 32],
    at: usize,
}

impl Writer {
    fn bit(&mut self, b: bool) {
        if self.at < 256 && b {
            self.bytes[self.at / 8] |= 1 << (self.at % 8);
        }
        self.at += 1;
    }
    fn bits(&mut self, text: &str) {
        for c in text.bytes() {
            self.bit(c == b'1');
        }
    }
    fn number(&mut self, n: usize, width: usize) {
        for i in 0..width {
            self.bit(n >> i & 1 == 1);
        }
    }
}

/// The 256 bits of `pos`; `Err(bits)` with the number of bits the
/// position needs when that is not 256 (pieces missing).
pub(crate) fn encode(pos: &Position, flavor: Flavor) -> Result<[u8; 32], usize> {
    let mut w = Writer {
        bytes: [0; 32],
        at: 0,
    };
    w.bit(pos.side_to_move() == Color::White);
    let kings = [pos.king(Color::Black), pos.king(Color::White)];
    for king in kings {
        // A position without a king is no game position (a mate problem):
        // it cannot fill the bits (the caller reports the count).
        w.number(king.map_or(127, Square::index), 7);
    }
    for index in 0..81u8 {
        let Some(sq) = Square::new(index / 9 + 1, index % 9 + 1) else {
            continue;
        };
        if kings.contains(&Some(sq)) {
            continue;
        }
        match pos.piece_at(sq) {
            None => w.bit(false),
            Some(piece) => {
                let base = piece.kind.unpromote();
                w.bits(board_code(base, flavor));
                let white = piece.color == Color::White;
                let promoted = piece.kind != base;
                match flavor {
                    Flavor::YaneuraOu => {
                        if base != PieceKind::Gold {
                            w.bit(promoted);
                        }
                        w.bit(white);
                    }
                    Flavor::Apery => {
                        w.bit(white);
                        if base != PieceKind::Gold {
                            w.bit(promoted);
                        }
                    }
                }
            }
        }
    }
    for color in [Color::Black, Color::White] {
        let hand = pos.hand(color);
        for kind in HAND_ORDER {
            for _ in 0..hand.count(kind) {
                w.bits(hand_code(kind, flavor));
                w.bit(color == Color::White);
            }
        }
    }
    if w.at == 256 && kings.iter().all(Option::is_some) {
        Ok(w.bytes)
    } else {
        Err(w.at)
    }
}

/// Bits read from the lowest bit of the first byte.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn bit(&mut self) -> Result<bool, String> {
        if self.at >= 256 {
            return Err("the 256 bits end inside a piece's code".to_owned());
        }
        let b = self.bytes[self.at / 8] >> (self.at % 8) & 1 == 1;
        self.at += 1;
        Ok(b)
    }
    fn number(&mut self, width: usize) -> Result<usize, String> {
        let mut n = 0;
        for i in 0..width {
            n |= usize::from(self.bit()?) << i;
        }
        Ok(n)
    }
    /// The kind whose code (`code_of`) the next bits are.
    fn kind(&mut self, code_of: impl Fn(PieceKind) -> &'static str) -> Result<PieceKind, String> {
        let mut read = String::new();
        loop {
            read.push(if self.bit()? { '1' } else { '0' });
            if let Some(&kind) = HAND_ORDER.iter().find(|&&k| code_of(k) == read) {
                return Ok(kind);
            }
            if read.len() >= 6 {
                return Err(format!("'{read}' is no piece's code"));
            }
        }
    }
}

/// The position the 256 bits code, checked as a standard position.
pub(crate) fn decode(bytes: &[u8], flavor: Flavor) -> Result<Position, String> {
    if bytes.len() != 32 {
        return Err(format!("a position is 32 bytes, not {}", bytes.len()));
    }
    let mut r = Reader { bytes, at: 0 };
    let side = if r.bit()? { Color::White } else { Color::Black };
    let mut board = [None; 81];
    let mut kings = [0usize; 2];
    for (i, color) in [Color::Black, Color::White].into_iter().enumerate() {
        let index = r.number(7)?;
        if index >= 81 || (i == 1 && index == kings[0]) {
            return Err(format!("{index} is not a square for the {color:?} king"));
        }
        kings[i] = index;
        board[index] = Some(Piece {
            color,
            kind: PieceKind::King,
        });
    }
    for (index, square) in board.iter_mut().enumerate() {
        if kings.contains(&index) {
            continue;
        }
        if !r.bit()? {
            continue;
        }
        // The code's first bit was the `1` just read.
        r.at -= 1;
        let kind = r.kind(|k| board_code(k, flavor))?;
        let (white, promoted) = match flavor {
            Flavor::YaneuraOu => {
                let promoted = kind != PieceKind::Gold && r.bit()?;
                (r.bit()?, promoted)
            }
            Flavor::Apery => {
                let white = r.bit()?;
                (white, kind != PieceKind::Gold && r.bit()?)
            }
        };
        let kind = if promoted {
            kind.promote()
                .ok_or_else(|| format!("a promoted {kind:?}, which does not promote"))?
        } else {
            kind
        };
        *square = Some(Piece {
            color: if white { Color::White } else { Color::Black },
            kind,
        });
    }
    let mut hands = [Hand::EMPTY; 2];
    while r.at < 256 {
        let kind = r.kind(|k| hand_code(k, flavor))?;
        let color = if r.bit()? { Color::White } else { Color::Black };
        let hand = &mut hands[color.index()];
        if hand.count(kind) >= 18 {
            return Err(format!("more {kind:?}s in hand than there are"));
        }
        hand.add(kind);
    }
    let setup = Setup {
        files: 9,
        ranks: 9,
        board,
        hands,
        side_to_move: side,
        move_number: 1,
    };
    Position::from_setup(
        &setup,
        &shogi_variants::Standard::GEOMETRY,
        &shogi_variants::Standard::PIECES,
    )
    .map_err(|e| e.to_string())
}
