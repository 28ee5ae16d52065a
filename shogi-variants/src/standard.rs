//! Standard shogi (本将棋, hon shōgi): RULES.md section 1.

use crate::impasse::{self, Impasse};
use serde::{Deserialize, Serialize};
use shogi_core::{Geometry, Outcome, PieceSet, Position, Variant};

/// The SFEN of the standard start position.
pub const STANDARD_START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// Settings of standard shogi.
///
/// ```
/// use shogi_variants::{Impasse, StandardSettings};
/// let s: StandardSettings = serde_json::from_str(r#"{"impasse": "Points27"}"#).unwrap();
/// assert_eq!(s.impasse, Impasse::Points27);
/// assert_eq!(s.move_limit, None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StandardSettings {
    /// Draw once this many moves (plies) have been played in the game since
    /// its start position, whatever move number the start SFEN carries (a
    /// saved game replays from its start, so it keeps its count). Must be at
    /// least 1. Default: none.
    #[serde(deserialize_with = "crate::any::optional_positive_limit")]
    pub move_limit: Option<u32>,
    /// The entering-king declaration rule. Default: off.
    pub impasse: Impasse,
}

impl StandardSettings {
    /// The default settings, as a constant.
    pub const DEFAULT: StandardSettings = StandardSettings {
        move_limit: None,
        impasse: Impasse::Off,
    };
}

/// Standard shogi on 9×9 with the 40 usual pieces.
///
/// ```
/// use shogi_core::{Game, Variant};
/// use shogi_variants::Standard;
/// let mut pos = Standard::default().start_position();
/// assert_eq!(Standard::default().perft(&mut pos, 3, true), 25470);
/// let mut game = Game::new(Standard::default());
/// game.play_usi("7g7f").unwrap();
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Standard {
    settings: StandardSettings,
}

impl Standard {
    /// Standard shogi's board: 9×9 with a three-rank promotion zone.
    ///
    /// ```
    /// use shogi_variants::Standard;
    /// let g = &Standard::GEOMETRY;
    /// assert_eq!((g.files(), g.ranks(), g.promotion_ranks()), (9, 9, 3));
    /// ```
    pub const GEOMETRY: Geometry = match Geometry::new(9, 9, 3) {
        Ok(g) => g,
        Err(_) => panic!("9x9 with a three-rank zone is a valid geometry"),
    };

    /// Standard shogi's 40 pieces: for both sides together 18 pawns, 4
    /// lances, knights, silvers and golds, 2 bishops, rooks and kings.
    ///
    /// ```
    /// use shogi_core::PieceKind;
    /// use shogi_variants::Standard;
    /// assert_eq!(Standard::PIECES.max(PieceKind::Pawn), 18);
    /// assert_eq!(Standard::PIECES.max.iter().map(|&n| u32::from(n)).sum::<u32>(), 40);
    /// ```
    pub const PIECES: PieceSet = PieceSet {
        max: [18, 4, 4, 4, 2, 2, 4, 2],
    };

    /// The named starts of standard shogi, by their 手合割 (handicap
    /// setting) names as records write them: `平手` (the even game, the
    /// standard start) first, then the 15 handicaps (駒落ち) from the
    /// smallest to the largest, each as an SFEN. In a handicap game the
    /// handicapped player, 上手, is White and moves first: every handicap
    /// setup has White to move. Black keeps all 20 pieces; White's removed
    /// pieces are out of the game (not in a hand).
    ///
    /// ```
    /// use shogi_core::Variant;
    /// use shogi_variants::{Standard, STANDARD_START};
    ///
    /// assert_eq!(Standard::HANDICAPS[0], ("平手", STANDARD_START));
    /// let (name, sfen) = Standard::HANDICAPS[6];
    /// assert_eq!(name, "二枚落ち"); // rook and bishop
    /// let pos = Standard::default().position_from_sfen(sfen)?;
    /// assert_eq!(pos.side_to_move(), shogi_core::Color::White);
    /// assert_eq!(pos.occupied().count(), 38);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const HANDICAPS: [(&'static str, &'static str); 16] = [
        ("平手", STANDARD_START),
        (
            "香落ち",
            "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "右香落ち",
            "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "角落ち",
            "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "飛車落ち",
            "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "飛香落ち",
            "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "二枚落ち",
            "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "三枚落ち",
            "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "四枚落ち",
            "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "五枚落ち",
            "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "左五枚落ち",
            "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "六枚落ち",
            "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "左七枚落ち",
            "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "右七枚落ち",
            "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "八枚落ち",
            "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "十枚落ち",
            "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
    ];
}

impl Variant for Standard {
    type Settings = StandardSettings;

    fn name(&self) -> &'static str {
        crate::GameKind::Standard.name()
    }

    fn settings(&self) -> StandardSettings {
        self.settings
    }

    fn with_settings(settings: StandardSettings) -> Standard {
        Standard { settings }
    }

    fn geometry(&self) -> &'static Geometry {
        &Standard::GEOMETRY
    }

    fn piece_set(&self) -> PieceSet {
        Standard::PIECES
    }

    fn start_sfen(&self) -> &'static str {
        STANDARD_START
    }

    fn move_limit(&self) -> Option<u32> {
        self.settings.move_limit
    }

    fn declaration_outcome(&self, pos: &Position) -> Option<Outcome> {
        impasse::declare(pos, self.settings.impasse)
    }
}
