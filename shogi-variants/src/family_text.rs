//! The written form of a definition with pieces of its own: the TOML (or
//! JSON, or Python dict) fields exactly as a file gives them, before any
//! check. [`crate::FamilyDefinition`] compiles them.

use crate::defined::{DropRule, PerpetualCheckRule, RepetitionRule, StalemateRule};
use crate::impasse::Impasse;
use serde::{Deserialize, Serialize};

/// A definition as written: today's fields, `aliases`, the `[[piece]]`
/// list and the `[rules]` table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FamilyText {
    pub name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    pub files: u8,
    pub ranks: u8,
    pub promotion_ranks: u8,
    pub start: String,
    /// Read and written back, not played: the family engine has no
    /// material limit (the pieces are what the start holds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub material: Option<crate::defined::Material>,
    #[serde(default)]
    pub drops: FamilyDrops,
    #[serde(default, skip_serializing_if = "is_illegal")]
    pub nifu: DropRule,
    #[serde(default, skip_serializing_if = "is_illegal")]
    pub pawn_drop_mate: DropRule,
    #[serde(default, rename = "piece", skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<PieceText>,
    #[serde(default)]
    pub rules: RulesText,
    #[serde(default)]
    pub end: EndText,
    /// The variant's names in other programs.
    #[serde(default, skip_serializing_if = "crate::DialectNames::is_empty")]
    pub dialects: crate::DialectNames,
}

fn is_illegal(rule: &DropRule) -> bool {
    *rule == DropRule::Illegal
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// `drops`: every captured kind may be dropped (`true`, the default), none
/// (`false`: captured pieces leave the game), or the kinds named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub(crate) enum FamilyDrops {
    All(bool),
    Names(Vec<String>),
}

impl Default for FamilyDrops {
    fn default() -> Self {
        FamilyDrops::All(true)
    }
}

/// One `[[piece]]` entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PieceText {
    pub name: String,
    pub letter: String,
    pub betza: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotes_to: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion: Option<PromotionText>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub royal: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drop: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_per_file: Option<u8>,
    /// lishogi's letter for this face, where it is not `letter`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lishogi_letter: Option<String>,
    /// lishogi's letter for this piece in hand, where it is not its board
    /// letter (kyoto: a lance in hand is `T`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lishogi_hand_letter: Option<String>,
}

/// A piece's `promotion` field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum PromotionText {
    /// May promote on a move into, out of or within the zone.
    Optional,
    /// Must promote on such a move.
    Forced,
    /// Changes face on every capture, both ways (micro shogi).
    OnCapture,
    /// Changes face on every move, both ways (kyoto shogi).
    Flip,
}

/// The `[rules]` table: the family's move rules.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct RulesText {
    /// The kind `nifu` and `pawn_drop_mate` speak of (default: the kind
    /// named `pawn`, if there is one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pawn: Option<String>,
    /// A piece in hand may be dropped as either face (kyoto).
    #[serde(skip_serializing_if = "is_false")]
    pub drop_either_face: bool,
    /// A piece moves as the friendly piece directly behind it (annan).
    #[serde(skip_serializing_if = "is_false")]
    pub borrowed_movement: bool,
    /// A board move that leaves an unpromoted piece where it can never move
    /// again: illegal (default) or legal.
    #[serde(skip_serializing_if = "is_illegal")]
    pub dead_moves: DropRule,
    /// A drop where the piece can never move: illegal (default) or legal.
    #[serde(skip_serializing_if = "is_illegal")]
    pub dead_drops: DropRule,
}

/// How a side loses its royal pieces (the `[end]` table's `royal`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoyalEnd {
    /// A royal piece may not be left attacked; the game ends by checkmate
    /// (with two royal pieces, sho shogi's king and prince, either may be
    /// left attacked until one is gone). Default.
    #[default]
    Checkmate,
    /// Any move is legal; the side whose royal pieces are captured loses
    /// (dobutsu).
    Capture,
}

/// The `[end]` table of a definition with pieces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct EndText {
    pub repetition: RepetitionRule,
    pub repetitions: u8,
    pub perpetual_check: PerpetualCheckRule,
    pub stalemate: StalemateRule,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_limit: Option<u32>,
    #[serde(skip_serializing_if = "is_false")]
    pub check_wins: bool,
    pub royal: RoyalEnd,
    #[serde(rename = "try", skip_serializing_if = "is_false")]
    pub try_rule: bool,
    /// Accepted as `"off"` only (today's files write it).
    #[serde(skip_serializing_if = "is_off")]
    pub impasse: Impasse,
    /// Accepted as `false` only: the try is the family's far-rank win.
    #[serde(skip_serializing_if = "is_false")]
    pub last_rank_king_wins: bool,
}

fn is_off(i: &Impasse) -> bool {
    *i == Impasse::Off
}

impl Default for EndText {
    fn default() -> Self {
        EndText {
            repetition: RepetitionRule::Draw,
            repetitions: 4,
            perpetual_check: PerpetualCheckRule::CheckerLoses,
            stalemate: StalemateRule::Loss,
            move_limit: None,
            check_wins: false,
            royal: RoyalEnd::Checkmate,
            try_rule: false,
            impasse: Impasse::Off,
            last_rank_king_wins: false,
        }
    }
}

/// Whether a definition's top-level table uses a field or value only a
/// definition with pieces of its own has: `[[piece]]`, `[rules]`,
/// `aliases`, `promotion_ranks = 0`, or in `[end]` `royal`, `try`,
/// `repetitions` or `repetition = "completer-loses"`.
pub(crate) fn uses_family_fields(table: &toml::Table) -> bool {
    let top = ["piece", "rules", "aliases"]
        .iter()
        .any(|k| table.contains_key(*k))
        || table
            .get("promotion_ranks")
            .is_some_and(|v| v.as_integer() == Some(0));
    let end = table
        .get("end")
        .and_then(|e| e.as_table())
        .is_some_and(|e| {
            ["royal", "try", "repetitions"]
                .iter()
                .any(|k| e.contains_key(*k))
                || e.get("repetition")
                    .and_then(|r| r.as_str())
                    .is_some_and(|r| {
                        let r = r.to_ascii_lowercase().replace('_', "-");
                        r == "completer-loses" || r == "completerloses"
                    })
        });
    top || end
}
