//! Training data: positions with the move played and the game's result, in
//! the two binary formats shogi engines learn from.
//!
//! - [`hcpe`]: cshogi's `HuffmanCodedPosAndEval` (38 bytes an entry), what
//!   dlshogi trains on: Apery's Huffman-coded position, an evaluation, the
//!   move as Apery's 16 bits, the game's winner.
//! - [`psv`]: YaneuraOu's `PackedSfenValue` (40 bytes an entry), what NNUE
//!   trainers read: YaneuraOu's packed SFEN, a score, the move as
//!   YaneuraOu's 16 bits, the ply, the result for the side to move.
//!
//! Both formats hold a standard 9×9 position with all forty pieces (on the
//! board or in hand) in exactly 256 bits, so a position with pieces
//! missing (a handicap game) cannot be written ([`TrainingError::Material`]);
//! minishogi and the other variants neither. A [`TrainingEntry`] is one
//! position of a game; [`entries`] gives a game's, [`record_entries`] a
//! record's main line (its result from how the record ends). The score is
//! the side to move's evaluation when one is known; the library's records
//! and games carry none, and write 0.
//!
//! ```
//! use shogi_core::Game;
//! use shogi_formats::training::{self, hcpe, psv};
//! use shogi_variants::Standard;
//! let mut game = Game::new(Standard::default());
//! for usi in ["7g7f", "3c3d", "8h2b+"] {
//!     game.play_usi(usi)?;
//! }
//! let entries = training::entries(game.start_position(), game.moves(), Some(shogi_core::Color::Black));
//! let bytes = hcpe::write(&entries)?;
//! assert_eq!(bytes.len(), 3 * hcpe::ENTRY_BYTES);
//! // HCPE holds no move number (its positions read back numbered 1);
//! // PSV does, and reads back the same entries.
//! let back = hcpe::read(&bytes)?;
//! assert!(back.iter().zip(&entries).all(|(a, b)| a.position.hash() == b.position.hash() && a.best_move == b.best_move));
//! assert_eq!(psv::read(&psv::write(&entries)?)?, entries);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod huffman;

pub mod hcpe;
pub mod psv;

use crate::record::{EndKind, Record};
use shogi_core::{Color, Move, PieceKind, Position, Square};

/// One position of a game as training data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrainingEntry {
    /// The position (standard shogi, 9×9).
    pub position: Position,
    /// The move played (or the best move found) there, if any.
    pub best_move: Option<Move>,
    /// The evaluation for the side to move, in centipawns (0: unknown).
    pub score: i16,
    /// The game's winner; `None` for a draw or a game without a result.
    pub winner: Option<Color>,
}

/// Why training data cannot be written or read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrainingError {
    /// The position is not standard shogi's 9×9 board.
    #[error("{format} holds standard shogi's 9×9 positions, not a {files}×{ranks} board")]
    Board {
        /// The format.
        format: &'static str,
        /// Files of the board.
        files: u8,
        /// Ranks of the board.
        ranks: u8,
    },
    /// Pieces are missing (a handicap game): the format codes exactly the
    /// forty pieces.
    #[error("{format} codes a position with all forty pieces on the board or in hand; position {index} ({sfen}) has {pieces}")]
    Material {
        /// The format.
        format: &'static str,
        /// The entry's index.
        index: usize,
        /// The position's SFEN.
        sfen: String,
        /// How many pieces it has.
        pieces: usize,
    },
    /// The data's length is not a whole number of entries.
    #[error("{format} data is {len} bytes long, not a multiple of its {entry} bytes an entry")]
    Length {
        /// The format.
        format: &'static str,
        /// The length given.
        len: usize,
        /// The bytes of one entry.
        entry: usize,
    },
    /// An entry that is no position, move or result of the format.
    #[error("{format} entry {index}: {reason}")]
    Entry {
        /// The format.
        format: &'static str,
        /// The entry's index.
        index: usize,
        /// Why, in words.
        reason: String,
    },
    /// The record cannot be replayed (or is not standard shogi).
    #[error("the record cannot be written as training data: {0}")]
    Record(String),
}

/// The entries of a game: every position from `start` before each of
/// `moves`, with that move, a score of 0 and the game's `winner`.
pub fn entries(start: &Position, moves: &[Move], winner: Option<Color>) -> Vec<TrainingEntry> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &mv in moves {
        out.push(TrainingEntry {
            position: pos.clone(),
            best_move: Some(mv),
            score: 0,
            winner,
        });
        pos.play_unchecked(mv);
    }
    out
}

/// The winner a record's end names, if it names one: the side that made
/// the end loses by resignation, checkmate, time or an illegal move, and
/// wins by a declaration (entering king), the opponent's foul or default;
/// a repetition, jishogi, the move limit, a draw, an interruption or no
/// end at all names none.
///
/// ```
/// use shogi_core::{Color, Game};
/// use shogi_formats::record::{EndKind, Record, RecordEnd};
/// use shogi_formats::training::winner;
/// let mut game = Game::new(shogi_variants::Standard::default());
/// game.play_usi("7g7f")?;
/// game.play_usi("3c3d")?;
/// let mut record = Record::from_game(&game);
/// assert_eq!(winner(&record), None);
/// record.end = Some(RecordEnd::new(EndKind::Resign));
/// assert_eq!(winner(&record), Some(Color::White)); // Black resigned after two moves
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn winner(record: &Record) -> Option<Color> {
    let side = record.end_side();
    match record.end.as_ref()?.kind {
        EndKind::Resign
        | EndKind::Checkmate
        | EndKind::Timeout
        | EndKind::IllegalMove
        | EndKind::LossByDefault => Some(side.opponent()),
        EndKind::ImpasseDeclaration | EndKind::IllegalMoveWin | EndKind::WinByDefault => Some(side),
        EndKind::Repetition
        | EndKind::Jishogi
        | EndKind::Interrupted
        | EndKind::MaxMoves
        | EndKind::Draw
        | EndKind::NoMate => None,
    }
}

/// The entries of a record's main line, with its [`winner`].
///
/// # Errors
/// [`TrainingError::Record`] when the record is not standard shogi's or a
/// move cannot be replayed.
pub fn record_entries(record: &Record) -> Result<Vec<TrainingEntry>, TrainingError> {
    let positions = record
        .positions()
        .map_err(|e| TrainingError::Record(e.to_string()))?;
    let winner = winner(record);
    Ok(positions
        .into_iter()
        .zip(&record.moves)
        .map(|(position, m)| TrainingEntry {
            position,
            best_move: Some(m.mv),
            score: 0,
            winner,
        })
        .collect())
}

/// The entries of `bytes`, `entry` bytes each, each read by `read_one`
/// (which says why it cannot).
fn read_entries(
    bytes: &[u8],
    format: &'static str,
    entry: usize,
    read_one: impl Fn(&[u8]) -> Result<TrainingEntry, String>,
) -> Result<Vec<TrainingEntry>, TrainingError> {
    if bytes.len() % entry != 0 {
        return Err(TrainingError::Length {
            format,
            len: bytes.len(),
            entry,
        });
    }
    bytes
        .chunks_exact(entry)
        .enumerate()
        .map(|(index, chunk)| {
            read_one(chunk).map_err(|reason| TrainingError::Entry {
                format,
                index,
                reason,
            })
        })
        .collect()
}

/// The square of index `i` (file-major from 1a, as both formats number
/// them), if it is one.
fn square_at(i: u16) -> Option<Square> {
    (i < 81).then(|| Square::new((i / 9 + 1) as u8, (i % 9 + 1) as u8))?
}

/// A board move of 16 bits: `from` and the destination in the low 7 bits.
fn board_move(bits: u16, from: u16, promote: bool) -> Result<Option<Move>, String> {
    let to = destination(bits)?;
    let from = square_at(from).ok_or_else(|| format!("move {bits:#06x}: no origin square"))?;
    if from == to {
        return Err(format!("move {bits:#06x}: from a square to itself"));
    }
    Ok(Some(Move::normal(from, to, promote)))
}

/// The destination square in the low 7 bits of a move.
fn destination(bits: u16) -> Result<Square, String> {
    square_at(bits & 0x7f).ok_or_else(|| format!("move {bits:#06x}: no destination square"))
}

/// Whether `mv` (if any) is a legal move of `position`.
fn check_legal(position: &Position, mv: Option<Move>) -> Result<(), String> {
    match mv {
        Some(mv) if !position.is_legal(mv) => Err(format!(
            "the move {mv} is not legal in {}",
            position.to_sfen()
        )),
        _ => Ok(()),
    }
}

/// The 32 bytes of an entry's position.
fn position_bytes(
    e: &TrainingEntry,
    index: usize,
    flavor: huffman::Flavor,
    format: &'static str,
) -> Result<[u8; 32], TrainingError> {
    let g = e.position.geometry();
    if (g.files(), g.ranks()) != (9, 9) {
        return Err(TrainingError::Board {
            format,
            files: g.files(),
            ranks: g.ranks(),
        });
    }
    huffman::encode(&e.position, flavor).map_err(|_| {
        let on_board = (e.position.pieces(Color::Black).count()
            + e.position.pieces(Color::White).count()) as usize;
        let in_hand: usize = Color::ALL
            .iter()
            .map(|&c| {
                PieceKind::HAND
                    .iter()
                    .map(|&k| usize::from(e.position.hand(c).count(k)))
                    .sum::<usize>()
            })
            .sum();
        TrainingError::Material {
            format,
            index,
            sfen: e.position.to_sfen(),
            pieces: on_board + in_hand,
        }
    })
}
