//! USI `position` command strings: `position startpos moves 7g7f 3c3d`,
//! `position sfen <sfen> moves ...`.

use crate::{Game, GameError, Move, ParseMoveError, Variant};
use std::fmt;
use std::str::FromStr;

/// A parsed USI `position` command: a start (the variant's start position or an
/// SFEN) and moves played from it.
///
/// ```
/// use shogi_core::PositionCommand;
/// let cmd: PositionCommand = "position startpos moves 7g7f 3c3d".parse().unwrap();
/// assert_eq!(cmd.sfen, None);
/// assert_eq!(cmd.moves.len(), 2);
/// assert_eq!(cmd.to_string(), "position startpos moves 7g7f 3c3d");
/// let cmd: PositionCommand = "position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 2e3d".parse().unwrap();
/// assert_eq!(cmd.sfen.as_deref(), Some("rbsgk/4p/5/P4/KGSBR b - 1"));
/// assert!("position moves 7g7f".parse::<PositionCommand>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCommand {
    /// The start SFEN; `None` for `startpos`.
    pub sfen: Option<String>,
    /// The moves played from there.
    pub moves: Vec<Move>,
}

/// Why a `position` command could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionCommandError {
    /// It does not have the shape `position (startpos | sfen ...) [moves ...]`.
    #[error("'{}' is not a USI position command (expected 'position startpos [moves ...]' or 'position sfen <sfen> [moves ...]')", crate::Excerpt(.0))]
    Malformed(String),
    /// A move is not USI notation.
    #[error("move {index}: {source}")]
    BadMove {
        /// 1-based index of the move in the list.
        index: usize,
        /// What was wrong.
        source: ParseMoveError,
    },
    /// The SFEN is invalid or a move is illegal when replayed.
    #[error("move {index}: {source}")]
    Replay {
        /// 1-based index of the move (0 for the start position).
        index: usize,
        /// What was wrong.
        source: GameError,
    },
}

impl FromStr for PositionCommand {
    type Err = PositionCommandError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let malformed = || PositionCommandError::Malformed(s.to_owned());
        let mut words = s.split_ascii_whitespace().peekable();
        if words.peek() == Some(&"position") {
            words.next();
        }
        let sfen = match words.next() {
            Some("startpos") => None,
            Some("sfen") => {
                let fields: Vec<&str> =
                    std::iter::from_fn(|| words.next_if(|w| *w != "moves")).collect();
                if fields.is_empty() {
                    return Err(malformed());
                }
                Some(fields.join(" "))
            }
            _ => return Err(malformed()),
        };
        let mut moves = Vec::new();
        match words.next() {
            None => {}
            Some("moves") => {
                for (i, w) in words.enumerate() {
                    let mv = w.parse().map_err(|source| PositionCommandError::BadMove {
                        index: i + 1,
                        source,
                    })?;
                    moves.push(mv);
                }
            }
            Some(_) => return Err(malformed()),
        }
        Ok(PositionCommand { sfen, moves })
    }
}

impl fmt::Display for PositionCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.sfen {
            None => f.write_str("position startpos")?,
            Some(sfen) => write!(f, "position sfen {sfen}")?,
        }
        if !self.moves.is_empty() {
            f.write_str(" moves")?;
            for m in &self.moves {
                write!(f, " {m}")?;
            }
        }
        Ok(())
    }
}

impl PositionCommand {
    /// Replays the command as a game of `variant`, checking every move.
    ///
    /// ```
    /// # use shogi_core::*;
    /// # #[derive(Clone, Debug, Default)] struct Mini;
    /// # impl Variant for Mini { type Settings = (); fn name(&self) -> &'static str { "mini" }
    /// #   fn settings(&self) {} fn with_settings(_: ()) -> Self { Mini }
    /// #   fn geometry(&self) -> &'static Geometry { Geometry::shared(5, 5, 1).expect("5x5 is a board") }
    /// #   fn piece_set(&self) -> PieceSet { PieceSet { max: [2, 0, 0, 2, 2, 2, 2, 2] } }
    /// #   fn start_sfen(&self) -> &'static str { "rbsgk/4p/5/P4/KGSBR b - 1" } }
    /// let cmd: PositionCommand = "position startpos moves 2e3d 4a3b".parse().unwrap();
    /// let game = cmd.to_game(Mini).unwrap();
    /// assert_eq!(game.position().to_sfen(), "r1sgk/2b1p/5/P1B2/KGS1R b - 3");
    /// assert!("position startpos moves 5e5d".parse::<PositionCommand>().unwrap().to_game(Mini).is_err());
    /// ```
    pub fn to_game<V: Variant>(&self, variant: V) -> Result<Game<V>, PositionCommandError> {
        let mut game = match &self.sfen {
            None => Game::new(variant),
            Some(sfen) => Game::from_sfen(variant, sfen)
                .map_err(|source| PositionCommandError::Replay { index: 0, source })?,
        };
        for (i, &mv) in self.moves.iter().enumerate() {
            game.play(mv)
                .map_err(|source| PositionCommandError::Replay {
                    index: i + 1,
                    source,
                })?;
        }
        Ok(game)
    }
}
