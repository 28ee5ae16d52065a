//! YaneuraOu's PSV (`PackedSfenValue`, 40 bytes an entry, little endian),
//! what NNUE trainers read:
//!
//! | bytes | field |
//! |---|---|
//! | 0..32 | `sfen`: the position in YaneuraOu's packed SFEN ([`super`]) |
//! | 32..34 | `score`: the side to move's evaluation (`i16`) |
//! | 34..36 | `move`: YaneuraOu's 16 bits: the destination (7 bits), the origin (7 bits; a drop: the kind, `P L N S B R G` from 1, with bit 14 set), promotion (bit 15) |
//! | 36..38 | `gamePly`: the position's move number (`u16`) |
//! | 38 | `game_result`: 1 if the side to move won, -1 if it lost, 0 a draw |
//! | 39 | padding, 0 |
//!
//! ```
//! use shogi_core::{Color, Position};
//! use shogi_formats::training::{psv, TrainingEntry};
//! use shogi_variants::Standard;
//! let position = Position::from_sfen(
//!     "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
//!     &Standard::GEOMETRY, &Standard::PIECES)?;
//! let entry = TrainingEntry { position, best_move: Some("3c3d".parse()?), score: -20, winner: Some(Color::Black) };
//! let bytes = psv::write(std::slice::from_ref(&entry))?;
//! assert_eq!((bytes[36], bytes[38] as i8), (2, -1)); // ply 2; White, to move, lost
//! assert_eq!(psv::read(&bytes)?, [entry]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::huffman::{decode, Flavor};
use super::{TrainingEntry, TrainingError};
use shogi_core::{Move, PieceKind, Position};

/// The bytes of one entry.
pub const ENTRY_BYTES: usize = 40;

const FORMAT: &str = "PSV";

/// A drop's kind number less one: [`PieceKind::HAND`]'s order.
const DROP_KINDS: [PieceKind; 7] = PieceKind::HAND;

/// YaneuraOu's 16 bits of `mv` (0 for none).
fn move16(mv: Option<Move>) -> u16 {
    let Some(mv) = mv else { return 0 };
    let to = mv.to().index() as u16;
    match (mv.from(), mv.drop_kind()) {
        (Some(from), _) => to | (from.index() as u16) << 7 | u16::from(mv.is_promotion()) << 15,
        (None, Some(kind)) => {
            let n = DROP_KINDS.iter().position(|&k| k == kind).unwrap_or(0) as u16;
            to | (n + 1) << 7 | 1 << 14
        }
        (None, None) => 0,
    }
}

/// The move of YaneuraOu's 16 bits, if they name one.
fn move_of(bits: u16) -> Result<Option<Move>, String> {
    if bits == 0 {
        return Ok(None);
    }
    let from = bits >> 7 & 0x7f;
    let promote = bits >> 15 == 1;
    if bits >> 14 & 1 == 1 {
        let kind = usize::from(from)
            .checked_sub(1)
            .and_then(|i| DROP_KINDS.get(i))
            .filter(|_| !promote)
            .ok_or_else(|| format!("move {bits:#06x}: no drop"))?;
        return Ok(Move::drop(*kind, super::destination(bits)?));
    }
    super::board_move(bits, from, promote)
}

/// The entries as PSV bytes.
///
/// # Errors
/// [`TrainingError::Board`] or [`TrainingError::Material`] for a position
/// the format cannot hold.
pub fn write(entries: &[TrainingEntry]) -> Result<Vec<u8>, TrainingError> {
    let mut out = Vec::with_capacity(entries.len() * ENTRY_BYTES);
    for (index, e) in entries.iter().enumerate() {
        out.extend_from_slice(&super::position_bytes(e, index, Flavor::YaneuraOu, FORMAT)?);
        out.extend_from_slice(&e.score.to_le_bytes());
        out.extend_from_slice(&move16(e.best_move).to_le_bytes());
        let ply = u16::try_from(e.position.move_number()).unwrap_or(u16::MAX);
        out.extend_from_slice(&ply.to_le_bytes());
        let result: i8 = match e.winner {
            None => 0,
            Some(w) if w == e.position.side_to_move() => 1,
            Some(_) => -1,
        };
        out.push(result as u8);
        out.push(0);
    }
    Ok(out)
}

/// The entries of PSV bytes; each move is checked legal in its position,
/// which takes the entry's ply as its move number (a ply of 0 reads as 1).
///
/// # Errors
/// [`TrainingError::Length`] for a length that is not a whole number of
/// entries, [`TrainingError::Entry`] for an entry that is no position, move
/// or result.
pub fn read(bytes: &[u8]) -> Result<Vec<TrainingEntry>, TrainingError> {
    super::read_entries(bytes, FORMAT, ENTRY_BYTES, |chunk| {
        let mut setup = decode(&chunk[..32], Flavor::YaneuraOu)?.to_setup();
        setup.move_number = u32::from(u16::from_le_bytes([chunk[36], chunk[37]])).max(1);
        let position = Position::from_setup(
            &setup,
            &shogi_variants::Standard::GEOMETRY,
            &shogi_variants::Standard::PIECES,
        )
        .map_err(|e| e.to_string())?;
        let best_move = move_of(u16::from_le_bytes([chunk[34], chunk[35]]))?;
        super::check_legal(&position, best_move)?;
        let side = position.side_to_move();
        let winner = match chunk[38] as i8 {
            0 => None,
            1 => Some(side),
            -1 => Some(side.opponent()),
            r => return Err(format!("game result {r} (1 won, -1 lost, 0 a draw)")),
        };
        Ok(TrainingEntry {
            position,
            best_move,
            score: i16::from_le_bytes([chunk[32], chunk[33]]),
            winner,
        })
    })
}
