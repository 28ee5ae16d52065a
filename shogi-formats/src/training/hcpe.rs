//! cshogi's HCPE (`HuffmanCodedPosAndEval`, 38 bytes an entry, little
//! endian), what dlshogi trains on:
//!
//! | bytes | field |
//! |---|---|
//! | 0..32 | `hcp`: the position in Apery's Huffman code ([`super`]) |
//! | 32..34 | `eval`: the side to move's evaluation (`i16`) |
//! | 34..36 | `bestMove16`: the move, Apery's 16 bits: the destination square (7 bits), the origin (7 bits; a drop: 81 + the hand kind, `P L N S B R G` from 0), promotion (bit 14) |
//! | 36 | `gameResult`: 1 Black won, 2 White won, 0 a draw |
//! | 37 | padding, 0 |
//!
//! ```
//! use shogi_core::{Color, Position};
//! use shogi_formats::training::{hcpe, TrainingEntry};
//! use shogi_variants::Standard;
//! let position = Position::from_sfen(shogi_variants::STANDARD_START, &Standard::GEOMETRY, &Standard::PIECES)?;
//! let entry = TrainingEntry { position, best_move: Some("7g7f".parse()?), score: 35, winner: Some(Color::White) };
//! let bytes = hcpe::write(std::slice::from_ref(&entry))?;
//! assert_eq!((bytes[36], &bytes[32..34]), (2, &35i16.to_le_bytes()[..]));
//! // HCPE has no move number: the position reads back numbered 1
//! assert_eq!(hcpe::read(&bytes)?, [entry]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::huffman::{decode, Flavor};
use super::{TrainingEntry, TrainingError};
use shogi_core::{Color, Move, PieceKind};

/// The bytes of one entry.
pub const ENTRY_BYTES: usize = 38;

const FORMAT: &str = "HCPE";

/// The hand kinds by their number in a drop's origin (81 + it): `P L N S
/// B R G`, [`PieceKind::HAND`]'s order.
const DROP_KINDS: [PieceKind; 7] = PieceKind::HAND;

/// Apery's 16 bits of `mv` (0 for none).
pub(crate) fn move16(mv: Option<Move>) -> u16 {
    let Some(mv) = mv else { return 0 };
    let to = mv.to().index() as u16;
    match (mv.from(), mv.drop_kind()) {
        (Some(from), _) => to | (from.index() as u16) << 7 | u16::from(mv.is_promotion()) << 14,
        (None, Some(kind)) => {
            let n = DROP_KINDS.iter().position(|&k| k == kind).unwrap_or(0) as u16;
            to | (81 + n) << 7
        }
        (None, None) => 0,
    }
}

/// The move of Apery's 16 bits, if they name one.
fn move_of(bits: u16) -> Result<Option<Move>, String> {
    if bits == 0 {
        return Ok(None);
    }
    let from = bits >> 7 & 0x7f;
    let promote = bits >> 14 & 1 == 1;
    if bits >> 15 != 0 {
        return Err(format!("move {bits:#06x}: bit 15 is set"));
    }
    if from >= 81 {
        let kind = DROP_KINDS
            .get(usize::from(from - 81))
            .filter(|_| !promote)
            .ok_or_else(|| format!("move {bits:#06x}: no drop"))?;
        return Ok(Move::drop(*kind, super::destination(bits)?));
    }
    super::board_move(bits, from, promote)
}

/// The entries as HCPE bytes.
///
/// # Errors
/// [`TrainingError::Board`] or [`TrainingError::Material`] for a position
/// the format cannot hold.
pub fn write(entries: &[TrainingEntry]) -> Result<Vec<u8>, TrainingError> {
    let mut out = Vec::with_capacity(entries.len() * ENTRY_BYTES);
    for (index, e) in entries.iter().enumerate() {
        out.extend_from_slice(&super::position_bytes(e, index, Flavor::Apery, FORMAT)?);
        out.extend_from_slice(&e.score.to_le_bytes());
        out.extend_from_slice(&move16(e.best_move).to_le_bytes());
        out.push(match e.winner {
            None => 0,
            Some(Color::Black) => 1,
            Some(Color::White) => 2,
        });
        out.push(0);
    }
    Ok(out)
}

/// The entries of HCPE bytes; each move is checked legal in its position.
///
/// # Errors
/// [`TrainingError::Length`] for a length that is not a whole number of
/// entries, [`TrainingError::Entry`] for an entry that is no position, move
/// or result.
pub fn read(bytes: &[u8]) -> Result<Vec<TrainingEntry>, TrainingError> {
    super::read_entries(bytes, FORMAT, ENTRY_BYTES, |chunk| {
        let position = decode(&chunk[..32], Flavor::Apery)?;
        let best_move = move_of(u16::from_le_bytes([chunk[34], chunk[35]]))?;
        super::check_legal(&position, best_move)?;
        let winner = match chunk[36] {
            0 => None,
            1 => Some(Color::Black),
            2 => Some(Color::White),
            r => {
                return Err(format!(
                    "game result {r} (0 draw, 1 Black won, 2 White won)"
                ))
            }
        };
        Ok(TrainingEntry {
            position,
            best_move,
            score: i16::from_le_bytes([chunk[32], chunk[33]]),
            winner,
        })
    })
}
