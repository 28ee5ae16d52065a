//! Minishogi (5五将棋, go-go shōgi): RULES.md section 2.

use serde::{Deserialize, Serialize};
use shogi_core::{EndReason, Geometry, Outcome, PieceSet, Position, Repetition, Variant};

/// The SFEN of the minishogi start position.
pub const MINISHOGI_START: &str = "rbsgk/4p/5/P4/KGSBR b - 1";

/// What a fourfold repetition that is not perpetual check means in minishogi.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MinishogiRepetition {
    /// The established minishogi rule (lishogi, Fairy-Stockfish): the player
    /// who made the first move of the game loses. Default.
    #[default]
    #[serde(alias = "first_player_loses")]
    FirstPlayerLoses,
    /// The shogi rule: a draw.
    #[serde(alias = "draw")]
    Draw,
}

/// What having no legal move while not in check means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stalemate {
    /// The side with no move loses, as in shogi. Default.
    #[default]
    #[serde(alias = "loss")]
    Loss,
    /// A draw, as in chess.
    #[serde(alias = "draw")]
    Draw,
}

/// Settings of minishogi.
///
/// The seed page lists chess-style draws. With drops, "bare king" and
/// "insufficient material" cannot arise (captured material returns to play),
/// and a 50-move no-progress rule is foreign to shogi; the library offers the
/// generic `move_limit` instead, and `stalemate` for the no-move case.
///
/// ```
/// use shogi_variants::{MinishogiRepetition, MinishogiSettings};
/// let s = MinishogiSettings::default();
/// assert_eq!(s.repetition, MinishogiRepetition::FirstPlayerLoses);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MinishogiSettings {
    /// Draw once this many moves (plies) have been played in the game since
    /// its start position. Must be at least 1. Default: none.
    #[serde(deserialize_with = "crate::any::optional_positive_limit")]
    pub move_limit: Option<u32>,
    /// The repetition rule. Default: the first player loses.
    pub repetition: MinishogiRepetition,
    /// No legal move without being in check. Default: loss.
    pub stalemate: Stalemate,
}

impl MinishogiSettings {
    /// The default settings, as a constant.
    pub const DEFAULT: MinishogiSettings = MinishogiSettings {
        move_limit: None,
        repetition: MinishogiRepetition::FirstPlayerLoses,
        stalemate: Stalemate::Loss,
    };
}

/// Minishogi: 5×5, each side K G S B R P, a one-rank promotion zone.
///
/// ```
/// use shogi_core::Variant;
/// use shogi_variants::Minishogi;
/// let mut pos = Minishogi::default().start_position();
/// assert_eq!(Minishogi::default().perft(&mut pos, 4, true), 35401);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Minishogi {
    settings: MinishogiSettings,
}

impl Minishogi {
    /// Minishogi's board: 5×5 with a one-rank promotion zone.
    ///
    /// ```
    /// use shogi_variants::Minishogi;
    /// let g = &Minishogi::GEOMETRY;
    /// assert_eq!((g.files(), g.ranks(), g.promotion_ranks()), (5, 5, 1));
    /// ```
    pub const GEOMETRY: Geometry = match Geometry::new(5, 5, 1) {
        Ok(g) => g,
        Err(_) => panic!("5x5 with a one-rank zone is a valid geometry"),
    };

    /// Minishogi's 12 pieces: each side a king, gold, silver, bishop, rook
    /// and pawn (no lance, no knight).
    ///
    /// ```
    /// use shogi_core::PieceKind;
    /// use shogi_variants::Minishogi;
    /// assert_eq!(Minishogi::PIECES.max(PieceKind::Lance), 0);
    /// assert_eq!(Minishogi::PIECES.max.iter().map(|&n| u32::from(n)).sum::<u32>(), 12);
    /// ```
    pub const PIECES: PieceSet = PieceSet {
        max: [2, 0, 0, 2, 2, 2, 2, 2],
    };

    /// The name records give minishogi's start: KIF's `手合割：5五将棋`
    /// (go-go shōgi, "5×5 shogi"), as Kifu for Windows and ShogiHome write it.
    ///
    /// ```
    /// assert_eq!(shogi_variants::Minishogi::START_NAME, "5五将棋");
    /// ```
    pub const START_NAME: &'static str = "5五将棋";
}

impl Variant for Minishogi {
    type Settings = MinishogiSettings;

    fn name(&self) -> &'static str {
        crate::GameKind::Minishogi.name()
    }

    fn settings(&self) -> MinishogiSettings {
        self.settings
    }

    fn with_settings(settings: MinishogiSettings) -> Minishogi {
        Minishogi { settings }
    }

    fn geometry(&self) -> &'static Geometry {
        &Minishogi::GEOMETRY
    }

    fn piece_set(&self) -> PieceSet {
        Minishogi::PIECES
    }

    fn start_sfen(&self) -> &'static str {
        MINISHOGI_START
    }

    fn move_limit(&self) -> Option<u32> {
        self.settings.move_limit
    }

    fn no_move_outcome(&self, pos: &Position) -> Outcome {
        if pos.is_check() {
            Outcome::loss(pos.side_to_move(), EndReason::Checkmate)
        } else {
            match self.settings.stalemate {
                Stalemate::Loss => Outcome::loss(pos.side_to_move(), EndReason::NoLegalMove),
                Stalemate::Draw => Outcome::draw(EndReason::NoLegalMove),
            }
        }
    }

    fn repetition_outcome(&self, repetition: Repetition) -> Outcome {
        match (repetition.perpetual_checker, self.settings.repetition) {
            (Some(checker), _) => Outcome::loss(checker, EndReason::PerpetualCheck),
            (None, MinishogiRepetition::FirstPlayerLoses) => {
                Outcome::loss(repetition.first_player, EndReason::Repetition)
            }
            (None, MinishogiRepetition::Draw) => Outcome::draw(EndReason::Repetition),
        }
    }
}
