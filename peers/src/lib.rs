//! Thin wrappers around two independent shogi move generators from crates.io,
//! [`rsshogi`] and [`haitaka`], so that tests and benchmarks of this workspace can
//! compare against them.
//!
//! This crate is for tests and benchmarks only (`publish = false`). It generates no
//! moves of its own: every count and every move list comes from the peer library
//! named in the function (the wrapper only validates the SFEN, so that both peers
//! accept the same inputs).
//!
//! Known peer defect: haitaka 0.3.2 gets some pawn-drop mates (uchifuzume) wrong, so
//! its counts can differ from rsshogi's (which follows the rules) in positions where
//! a pawn drop would mate; see the findings at the top of `positions.txt`.
//!
//! All functions take a standard 9×9 USI SFEN (`board side hand [move-number]`),
//! return `Err` with a readable message for a malformed or impossible position, and
//! never panic (a panic inside a peer is caught and reported as an error).

// `unsafe` is denied everywhere except one call: rsshogi's own perft undoes moves with
// `Position::undo_move32_unchecked`, which is measurably faster (~15 %) than the
// checked `undo_move32`; using it keeps the non-bulk benchmark fair to rsshogi.
#![deny(unsafe_code)]
#![warn(missing_docs)]

use std::panic::{catch_unwind, AssertUnwindSafe};

/// Perft depths are limited to this value (both peers count depth in a `u8`).
pub const MAX_DEPTH: u32 = u8::MAX as u32;

// ---------------------------------------------------------------------------
// shared helpers
// ---------------------------------------------------------------------------

/// Normalises whitespace and checks the SFEN's syntax, so that both peers see the
/// same string and accept the same inputs (haitaka splits on single spaces and
/// panics on some malformed boards and hands; rsshogi ignores extra fields).
/// The position's legality (kings, nifu, dead pieces, piece counts, checks) is
/// left to the peers plus the extra checks in each wrapper.
fn normalize_sfen(sfen: &str) -> Result<String, String> {
    let fields: Vec<&str> = sfen.split_whitespace().collect();
    if !(3..=4).contains(&fields.len()) {
        return Err(format!(
            "invalid SFEN {sfen:?}: expected 3 or 4 fields (board side hand [move-number]), found {}",
            fields.len()
        ));
    }
    let bad = |what: String| Err(format!("invalid SFEN {sfen:?}: {what}"));
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 9 {
        return bad(format!("the board has {} ranks, expected 9", rows.len()));
    }
    for (i, row) in rows.iter().enumerate() {
        let (mut squares, mut promoted) = (0u32, false);
        for c in row.chars() {
            match c {
                '1'..='9' if !promoted => squares += c.to_digit(10).unwrap_or(0),
                '+' if !promoted => promoted = true,
                'P' | 'L' | 'N' | 'S' | 'B' | 'R' | 'p' | 'l' | 'n' | 's' | 'b' | 'r' => {
                    squares += 1;
                    promoted = false;
                }
                'G' | 'K' | 'g' | 'k' if !promoted => squares += 1,
                _ => return bad(format!("unexpected {c:?} in rank {}", i + 1)),
            }
        }
        if squares != 9 || promoted {
            return bad(format!("rank {} does not describe 9 squares", i + 1));
        }
    }
    if !matches!(fields[1], "b" | "w") {
        return bad(format!("side to move {:?} is not b or w", fields[1]));
    }
    if fields[2] != "-" {
        let mut count = String::new();
        let mut seen = String::new();
        for c in fields[2].chars() {
            if c.is_ascii_digit() {
                count.push(c);
            } else if "RBGSNLPrbgsnlp".contains(c) {
                if !count.is_empty() && !matches!(count.parse::<u32>(), Ok(1..=18)) {
                    return bad(format!("hand count {count}{c} out of range"));
                }
                // rsshogi adds up "GG" while haitaka keeps only the last one.
                if seen.contains(c) {
                    return bad(format!(
                        "the hand lists {c} twice (write a count, e.g. 2{c})"
                    ));
                }
                seen.push(c);
                count.clear();
            } else {
                return bad(format!("unexpected {c:?} in the hand"));
            }
        }
        if !count.is_empty() {
            return bad(format!("hand count {count} without a piece"));
        }
    }
    if let Some(number) = fields.get(3) {
        if !matches!(number.parse::<u16>(), Ok(1..)) {
            return bad(format!("move number {number:?} is not a positive integer"));
        }
    }
    Ok(fields.join(" "))
}

fn check_depth(depth: u32) -> Result<u8, String> {
    u8::try_from(depth).map_err(|_| format!("perft depth {depth} is too large (max {MAX_DEPTH})"))
}

/// Runs `f`, turning a panic inside a peer library into an `Err`.
fn guarded<T>(what: &str, f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(payload) => {
            let msg = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            Err(format!("{what}: the peer library panicked: {msg}"))
        }
    }
}

fn sorted(mut moves: Vec<String>) -> Vec<String> {
    moves.sort_unstable();
    moves
}

// ---------------------------------------------------------------------------
// rsshogi
// ---------------------------------------------------------------------------

mod rs {
    use rsshogi::board::{generate_legal_all_move32, perft, Move32List, Position};
    use rsshogi::types::{Color, PieceType};

    /// Parses and validates a position; the returned position has its state stack
    /// initialised, ready for `apply_move32` / `undo_move32_unchecked`.
    pub(crate) fn position(sfen: &str) -> Result<Position, String> {
        let sfen = super::normalize_sfen(sfen)?;
        let mut pos =
            Position::from_sfen(&sfen).map_err(|e| format!("invalid SFEN {sfen:?}: {e}"))?;
        pos.validate()
            .map_err(|e| format!("invalid position {sfen:?}: {e:?}"))?;
        for color in [Color::BLACK, Color::WHITE] {
            let kings = pos.pieces_for(PieceType::KING, color).count();
            if kings != 1 {
                return Err(format!(
                    "invalid position {sfen:?}: {color:?} has {kings} kings (exactly 1 required)"
                ));
            }
        }
        let us = pos.turn();
        let them = us.flip();
        if pos.is_attacked_by(pos.square(them, PieceType::KING), us) {
            return Err(format!(
                "invalid position {sfen:?}: the side not to move is in check"
            ));
        }
        let checkers = pos.attackers_to_color_current(them, pos.square(us, PieceType::KING));
        if checkers.count() > 2 {
            return Err(format!(
                "invalid position {sfen:?}: more than two pieces give check"
            ));
        }
        pos.init_stack();
        Ok(pos)
    }

    pub(crate) fn legal_moves(pos: &Position) -> Vec<String> {
        let mut list = Move32List::new();
        generate_legal_all_move32(pos, &mut list);
        list.iter().map(|mv| mv.to_usi()).collect()
    }

    /// rsshogi's own perft (bulk-counts the last ply, and the last two plies
    /// with its default fast-depth-2 path).
    pub(crate) fn perft_bulk(pos: &mut Position, depth: u8) -> u64 {
        perft::compute_perft(pos, depth)
    }

    /// Perft that applies and undoes every move, leaves included.
    pub(crate) fn perft_full(pos: &mut Position, depth: u8) -> u64 {
        let mut buffers: Vec<Move32List> = (0..depth).map(|_| Move32List::new()).collect();
        full(pos, &mut buffers)
    }

    #[allow(unsafe_code)]
    fn full(pos: &mut Position, buffers: &mut [Move32List]) -> u64 {
        let Some((list, rest)) = buffers.split_last_mut() else {
            return 1;
        };
        list.clear();
        generate_legal_all_move32(pos, list);
        let mut nodes = 0;
        for &mv in list.iter() {
            pos.apply_move32(mv);
            nodes += if rest.is_empty() { 1 } else { full(pos, rest) };
            // SAFETY: the state stack was initialised by `position()` and `mv` is the
            // move applied just above (every deeper apply was undone by the call).
            // This is exactly how rsshogi's own `perft` uses it.
            unsafe { pos.undo_move32_unchecked(mv) };
        }
        nodes
    }

    pub(crate) fn divide(pos: &Position, depth: u8) -> Result<Vec<(String, u64)>, String> {
        let branches = perft::perft_div(pos, depth).map_err(|e| format!("rsshogi: {e}"))?;
        Ok(branches
            .into_iter()
            .map(|b| (b.mv.to_usi(), b.nodes))
            .collect())
    }
}

/// Perft of `sfen` to `depth` plies computed by **rsshogi**.
///
/// `bulk = true` calls rsshogi's own perft (`board::perft::compute_perft`), which
/// counts the legal moves of the depth-1 nodes instead of playing them.
/// `bulk = false` applies and undoes every move including the leaves
/// (`apply_move32` / `undo_move32_unchecked`, as rsshogi's own perft does). Depth 0 is 1.
pub fn rsshogi_perft(sfen: &str, depth: u32, bulk: bool) -> Result<u64, String> {
    guarded("rsshogi_perft", || {
        let depth = check_depth(depth)?;
        let mut pos = rs::position(sfen)?;
        Ok(if bulk {
            rs::perft_bulk(&mut pos, depth)
        } else {
            rs::perft_full(&mut pos, depth)
        })
    })
}

/// All legal moves of `sfen` according to **rsshogi**, in USI notation
/// (`7g7f`, `8h2b+`, `P*5e`), sorted; non-promotions are included.
pub fn rsshogi_legal_moves(sfen: &str) -> Result<Vec<String>, String> {
    guarded("rsshogi_legal_moves", || {
        let pos = rs::position(sfen)?;
        Ok(sorted(rs::legal_moves(&pos)))
    })
}

/// Perft split by root move according to **rsshogi** (`perft_div`): for each legal
/// move (USI), the bulk perft count of the position after it at `depth - 1`.
/// Sorted by move. `depth` must be at least 1.
pub fn rsshogi_divide(sfen: &str, depth: u32) -> Result<Vec<(String, u64)>, String> {
    guarded("rsshogi_divide", || {
        let depth = check_depth(depth)?;
        if depth == 0 {
            return Err("divide depth must be at least 1".to_string());
        }
        let pos = rs::position(sfen)?;
        let mut branches = rs::divide(&pos, depth)?;
        branches.sort_unstable();
        Ok(branches)
    })
}

// ---------------------------------------------------------------------------
// haitaka
// ---------------------------------------------------------------------------

mod hk {
    use haitaka::{Board, Color, File, Piece};
    use std::hint::black_box;

    pub(crate) fn board(sfen: &str) -> Result<Board, String> {
        let sfen = super::normalize_sfen(sfen)?;
        let board = Board::from_sfen(&sfen).map_err(|e| format!("invalid SFEN {sfen:?}: {e}"))?;
        // haitaka does not reject two unpromoted pawns of one side on a file.
        for color in Color::ALL {
            let pawns = board.colored_pieces(color, Piece::Pawn);
            for file in File::ALL {
                if (pawns & file.bitboard()).len() > 1 {
                    return Err(format!(
                        "invalid position {sfen:?}: {color:?} has two pawns on file {file:?}"
                    ));
                }
            }
        }
        Ok(board)
    }

    pub(crate) fn legal_moves(board: &Board) -> Vec<String> {
        let mut moves = Vec::new();
        board.generate_moves(|piece_moves| {
            moves.extend(piece_moves.into_iter().map(|mv| mv.to_string()));
            false
        });
        moves
    }

    /// Copy-make perft that counts the last ply in bulk (`ExactSizeIterator::len`
    /// of haitaka's `PieceMoves`); haitaka has no perft in its library API.
    pub(crate) fn perft_bulk(board: &Board, depth: u8) -> u64 {
        let mut nodes = 0;
        match depth {
            0 => return 1,
            1 => {
                board.generate_moves(|piece_moves| {
                    nodes += piece_moves.into_iter().len() as u64;
                    false
                });
            }
            _ => {
                board.generate_moves(|piece_moves| {
                    for mv in piece_moves {
                        let mut child = board.clone();
                        child.play_unchecked(mv);
                        nodes += perft_bulk(&child, depth - 1);
                    }
                    false
                });
            }
        }
        nodes
    }

    /// Copy-make perft that plays every move, leaves included.
    pub(crate) fn perft_full(board: &Board, depth: u8) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        board.generate_moves(|piece_moves| {
            for mv in piece_moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += if depth == 1 {
                    // Keep the leaf move from being optimised away.
                    black_box(&child);
                    1
                } else {
                    perft_full(&child, depth - 1)
                };
            }
            false
        });
        nodes
    }

    pub(crate) fn divide(board: &Board, depth: u8) -> Vec<(String, u64)> {
        let mut branches = Vec::new();
        board.generate_moves(|piece_moves| {
            for mv in piece_moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                branches.push((mv.to_string(), perft_bulk(&child, depth - 1)));
            }
            false
        });
        branches
    }
}

/// Perft of `sfen` to `depth` plies computed by **haitaka** (copy-make).
///
/// haitaka ships no perft function in its library, so this is the usual
/// copy-make loop over `Board::generate_moves` / `Board::play_unchecked`.
/// `bulk = true` counts the moves of the depth-1 nodes with `PieceMoves`'
/// exact length instead of playing them; `bulk = false` clones the board and
/// plays every move including the leaves. Depth 0 is 1.
pub fn haitaka_perft(sfen: &str, depth: u32, bulk: bool) -> Result<u64, String> {
    guarded("haitaka_perft", || {
        let depth = check_depth(depth)?;
        let board = hk::board(sfen)?;
        Ok(if bulk {
            hk::perft_bulk(&board, depth)
        } else {
            hk::perft_full(&board, depth)
        })
    })
}

/// All legal moves of `sfen` according to **haitaka**, in USI notation
/// (`7g7f`, `8h2b+`, `P*5e`), sorted; non-promotions are included.
pub fn haitaka_legal_moves(sfen: &str) -> Result<Vec<String>, String> {
    guarded("haitaka_legal_moves", || {
        let board = hk::board(sfen)?;
        Ok(sorted(hk::legal_moves(&board)))
    })
}

/// Perft split by root move according to **haitaka**: for each legal move (USI),
/// the bulk perft count of the position after it at `depth - 1`. Sorted by move.
/// `depth` must be at least 1.
pub fn haitaka_divide(sfen: &str, depth: u32) -> Result<Vec<(String, u64)>, String> {
    guarded("haitaka_divide", || {
        let depth = check_depth(depth)?;
        if depth == 0 {
            return Err("divide depth must be at least 1".to_string());
        }
        let board = hk::board(sfen)?;
        let mut branches = hk::divide(&board, depth);
        branches.sort_unstable();
        Ok(branches)
    })
}
