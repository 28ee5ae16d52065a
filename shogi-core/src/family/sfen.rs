//! SFEN of family positions, with the definition's piece tokens:
//! `board side hands [move number]`, such as `gle/1c1/1C1/ELG b - 1`.

use super::movegen::FAMILY_MOVE_CAPACITY;
use super::position::{code, color_of, kind_of, FamilyPosition};
use super::table::PieceTable;
use crate::{Color, Excerpt, Square};
use std::fmt::Write;
use std::sync::Arc;

/// A family SFEN that cannot be read, saying which field and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FamilySfenError {
    /// Fewer than the three required fields.
    #[error("SFEN '{}' lacks its {field} field (expected board, side, hands and an optional move number)", Excerpt(.sfen))]
    MissingField {
        /// The SFEN.
        sfen: String,
        /// The field missing.
        field: &'static str,
    },
    /// More than four fields.
    #[error("SFEN has more than four fields; '{}' is extra", Excerpt(.extra))]
    ExtraField {
        /// The first extra field.
        extra: String,
    },
    /// The board has the wrong number of ranks.
    #[error("the board has {found} ranks separated by '/', but this definition has {expected}")]
    RankCount {
        /// Ranks found.
        found: usize,
        /// Ranks of the definition.
        expected: u8,
    },
    /// A rank with the wrong number of squares.
    #[error("rank {rank} of the board covers {found} squares, but the board has {expected} files")]
    RankWidth {
        /// The rank's letter.
        rank: char,
        /// Squares counted.
        found: usize,
        /// Files of the definition.
        expected: u8,
    },
    /// A piece token that no kind of the definition uses.
    #[error("'{token}' in {place} is not a piece of this definition")]
    UnknownPiece {
        /// The token.
        token: String,
        /// Where: `rank c` or `the hands`.
        place: String,
    },
    /// The side field is not `b` or `w`.
    #[error("the side to move must be 'b' or 'w', not '{}'", Excerpt(.0))]
    BadSide(String),
    /// A malformed hands field.
    #[error("the hands field '{}' is malformed: {reason}", Excerpt(.hands))]
    BadHands {
        /// The field.
        hands: String,
        /// Why.
        reason: &'static str,
    },
    /// The move number is not a positive integer.
    #[error("the move number must be a positive integer, not '{}'", Excerpt(.0))]
    BadMoveNumber(String),
    /// So much material that one position's moves might not fit a list.
    #[error("this material could give up to {bound} moves in one position, more than the {capacity} a move list holds")]
    TooMuchMaterial {
        /// The bound computed.
        bound: usize,
        /// The list's capacity.
        capacity: usize,
    },
}

impl FamilyPosition {
    /// Reads a position of `table`'s definition from SFEN: the board from
    /// rank a down, each rank from the highest file to file 1, Black's
    /// pieces by their tokens (`P`, `+P`), White's in lower case, digits for
    /// empty squares; `b` or `w`; the hands (`-`, or counts and tokens, like
    /// `2Pg`); an optional move number (1 if absent).
    ///
    /// # Errors
    /// A [`FamilySfenError`] naming the field and the reason; also when the
    /// material is so large that the moves of one position could overflow a
    /// [`super::FamilyMoveList`].
    ///
    /// ```
    /// # use shogi_core::family::betza::{Leg, Mode};
    /// # use shogi_core::family::{FamilyPosition, FamilySpec, KindSpec, PieceTable};
    /// # use std::sync::Arc;
    /// # let step = vec![Leg { dx: 0, dy: 1, range: 1, mode: Mode::Both, hop: false }];
    /// # let spec = FamilySpec { kinds: vec![
    /// #     KindSpec { droppable: true, promotes_to: Some(1), hand_kind: Some(0),
    /// #         promotion: shogi_core::family::Promotion::Forced, ..KindSpec::new("chick", "P", step.clone()) },
    /// #     KindSpec { hand_kind: Some(0), ..KindSpec::new("hen", "+P", step) },
    /// # ], ..FamilySpec::new(3, 4, 1) };
    /// let table = Arc::new(PieceTable::new(&spec)?);
    /// let pos = FamilyPosition::from_sfen("+p2/3/1P1/3 w 2Pp 7", table.clone())?;
    /// assert_eq!(pos.hand_count(shogi_core::Color::Black, 0), 2);
    /// assert_eq!(pos.to_sfen(), "+p2/3/1P1/3 w 2Pp 7");
    /// let err = FamilyPosition::from_sfen("x2/3/3/3 b -", table).unwrap_err();
    /// assert!(err.to_string().contains("'x'"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_sfen(
        sfen: &str,
        table: Arc<PieceTable>,
    ) -> Result<FamilyPosition, FamilySfenError> {
        let mut fields = sfen.split_ascii_whitespace();
        let missing = |field| FamilySfenError::MissingField {
            sfen: sfen.to_owned(),
            field,
        };
        let board = fields.next().ok_or_else(|| missing("board"))?;
        let side = fields.next().ok_or_else(|| missing("side"))?;
        let hands = fields.next().ok_or_else(|| missing("hands"))?;
        let number = fields.next();
        if let Some(extra) = fields.next() {
            return Err(FamilySfenError::ExtraField {
                extra: extra.to_owned(),
            });
        }
        let mut pos = FamilyPosition::empty(table);
        pos.read_board(board)?;
        pos.side = match side {
            "b" => Color::Black,
            "w" => Color::White,
            _ => return Err(FamilySfenError::BadSide(side.to_owned())),
        };
        pos.read_hands(hands)?;
        pos.move_number = match number {
            None => 1,
            Some(n) => match n.parse::<u32>() {
                Ok(n) if n > 0 => n,
                _ => return Err(FamilySfenError::BadMoveNumber(n.to_owned())),
            },
        };
        pos.check_material()?;
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn read_board(&mut self, board: &str) -> Result<(), FamilySfenError> {
        let (files, ranks) = self.table.size();
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != ranks as usize {
            return Err(FamilySfenError::RankCount {
                found: rows.len(),
                expected: ranks,
            });
        }
        for (r, row) in rows.iter().enumerate() {
            let rank = r as u8 + 1;
            let letter = (b'a' + r as u8) as char;
            let mut file = files as usize; // the next square's file
            let mut covered = 0usize;
            let mut chars = row.chars();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    covered += d as usize;
                    file = file.saturating_sub(d as usize);
                    continue;
                }
                let (token, promoted) = if c == '+' {
                    match chars.next() {
                        Some(l) => (l, true),
                        None => (c, false),
                    }
                } else {
                    (c, false)
                };
                let text = if promoted {
                    format!("+{token}")
                } else {
                    token.to_string()
                };
                let unknown = || FamilySfenError::UnknownPiece {
                    token: text.clone(),
                    place: format!("rank {letter}"),
                };
                let (kind, color) = self.token_kind(&text).ok_or_else(unknown)?;
                covered += 1;
                if covered <= files as usize && file >= 1 {
                    let sq = Square::new(file as u8, rank).ok_or_else(unknown)?;
                    self.put(sq, code(kind, color));
                }
                file = file.saturating_sub(1);
            }
            if covered != files as usize {
                return Err(FamilySfenError::RankWidth {
                    rank: letter,
                    found: covered,
                    expected: files,
                });
            }
        }
        Ok(())
    }

    /// The kind and colour a board or hand token names.
    fn token_kind(&self, text: &str) -> Option<(usize, Color)> {
        let upper = text.to_ascii_uppercase();
        let kind = self.table.kind_of_token(&upper)?;
        let letter = text.chars().last()?;
        let color = if letter.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        Some((kind, color))
    }

    fn read_hands(&mut self, hands: &str) -> Result<(), FamilySfenError> {
        if hands == "-" {
            return Ok(());
        }
        let bad = |reason| FamilySfenError::BadHands {
            hands: hands.to_owned(),
            reason,
        };
        let mut count: Option<u32> = None;
        let mut chars = hands.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let n = count.unwrap_or(0) * 10 + d;
                if n > u8::MAX as u32 {
                    return Err(bad("a count is above 255"));
                }
                count = Some(n);
                continue;
            }
            let text = if c == '+' {
                match chars.next() {
                    Some(l) => format!("+{l}"),
                    None => return Err(bad("it ends with '+'")),
                }
            } else {
                c.to_string()
            };
            let (kind, color) =
                self.token_kind(&text)
                    .ok_or_else(|| FamilySfenError::UnknownPiece {
                        token: text.clone(),
                        place: "the hands".to_owned(),
                    })?;
            let n = count.take().unwrap_or(1);
            if n < 1 {
                return Err(bad("a count of 0"));
            }
            let total = self.hands[color.index()][kind] as u32 + n;
            if total > u8::MAX as u32 {
                return Err(bad("a count is above 255"));
            }
            self.hands[color.index()][kind] = total as u8;
        }
        if count.is_some() {
            return Err(bad("it ends with a count and no piece"));
        }
        Ok(())
    }

    /// Refuses material whose moves could overflow a move list: every piece
    /// (on the board or in hand) makes at most the most moves any kind makes,
    /// and each kind in hand drops on at most every square.
    fn check_material(&self) -> Result<(), FamilySfenError> {
        let t = &self.table;
        let most = t.max_moves.iter().copied().max().unwrap_or(0) as usize;
        let in_hand: usize = self.hands.iter().flatten().map(|&n| n as usize).sum();
        let pieces = self.occupied().count() as usize + in_hand;
        let droppable = t.kinds.iter().filter(|k| k.drop_from.is_some()).count();
        let bound = pieces * most + droppable * t.board().count() as usize;
        if bound > FAMILY_MOVE_CAPACITY {
            return Err(FamilySfenError::TooMuchMaterial {
                bound,
                capacity: FAMILY_MOVE_CAPACITY,
            });
        }
        Ok(())
    }

    /// The position as SFEN: hands in the order of the definition's kinds,
    /// Black's first.
    pub fn to_sfen(&self) -> String {
        let (files, ranks) = self.table.size();
        let mut out = String::new();
        for rank in 1..=ranks {
            if rank > 1 {
                out.push('/');
            }
            let mut empty = 0;
            for file in (1..=files).rev() {
                let c = Square::new(file, rank).map_or(0, |sq| self.board[sq.index()]);
                if c == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    let _ = write!(out, "{empty}");
                    empty = 0;
                }
                out.push_str(&token_text(&self.table, kind_of(c), color_of(c)));
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
        }
        out.push_str(if self.side == Color::Black {
            " b "
        } else {
            " w "
        });
        let mut any = false;
        for color in Color::ALL {
            for k in 0..self.table.kind_count() {
                let n = self.hands[color.index()][k];
                if n == 0 {
                    continue;
                }
                any = true;
                if n > 1 {
                    let _ = write!(out, "{n}");
                }
                out.push_str(&token_text(&self.table, k, color));
            }
        }
        if !any {
            out.push('-');
        }
        let _ = write!(out, " {}", self.move_number);
        out
    }
}

/// Kind `k`'s token as `color` writes it.
pub(crate) fn token_text(table: &PieceTable, k: usize, color: Color) -> String {
    let token = table.token(k).unwrap_or("?");
    match color {
        Color::Black => token.to_owned(),
        Color::White => token.to_ascii_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{minishogi, standard};
    use super::*;

    #[test]
    fn round_trips_with_promoted_pieces_and_hands() {
        let table = Arc::new(standard());
        for sfen in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "ln1g3nl/1r3kg2/p2pppsp1/2ps2p1p/1p7/2PP1PP2/PPS1P1N1P/2G1K2R1/LN3G2L w BPb 24",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        ] {
            let pos = FamilyPosition::from_sfen(sfen, table.clone()).unwrap();
            assert_eq!(pos.to_sfen(), sfen);
            assert_eq!(pos.hash(), pos.compute_hash());
        }
    }

    #[test]
    fn refuses_bad_sfen_with_the_field_named() {
        let table = Arc::new(minishogi());
        let cases = [
            ("", "board field"),
            ("rbsgk/4p/5/P4/KGSBR", "side field"),
            ("rbsgk/4p/5/P4/KGSBR b", "hands field"),
            ("rbsgk/4p/5/P4/KGSBR b - 1 x", "'x' is extra"),
            ("rbsgk/4p/5/P4 b -", "4 ranks"),
            ("rbsgk/4p/6/P4/KGSBR b -", "rank c"),
            ("rbsgk/4p/4/P4/KGSBR b -", "covers 4 squares"),
            ("rbsgk/4p/5/P3+/KGSBR b -", "'+' in rank d"),
            ("rbsgk/4p/5/P3X/KGSBR b -", "'X' in rank d"),
            ("rbsgk/4p/5/P4/KGSBR x -", "'b' or 'w'"),
            ("rbsgk/4p/5/P4/KGSBR b 2 1", "ends with a count"),
            ("rbsgk/4p/5/P4/KGSBR b 0P 1", "count of 0"),
            ("rbsgk/4p/5/P4/KGSBR b 300P 1", "above 255"),
            ("rbsgk/4p/5/P4/KGSBR b Q 1", "'Q' in the hands"),
            ("rbsgk/4p/5/P4/KGSBR b - 0", "move number"),
            ("rbsgk/4p/5/P4/KGSBR b 255R 1", "more than the"),
        ];
        for (sfen, needle) in cases {
            let err = FamilyPosition::from_sfen(sfen, table.clone())
                .expect_err(sfen)
                .to_string();
            assert!(
                err.contains(needle),
                "{sfen}: {err:?} should contain {needle:?}"
            );
        }
    }
}
