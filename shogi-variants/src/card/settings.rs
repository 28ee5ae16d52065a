//! Card shogi's settings: where the published descriptions differ, each
//! difference is a setting with the seed's choice as default.

use super::Card;
use crate::{Base, CaptureDuty};
use serde::{Deserialize, Serialize};
use shogi_core::Move;

/// What the card's file constrains.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FileRule {
    /// The move's destination square is on the file (a board move to, or a drop on, it). Default.
    #[default]
    #[serde(alias = "destination")]
    Destination,
    /// The moved piece stands on the file; a drop counts for the file it lands on.
    #[serde(alias = "origin")]
    Origin,
}

/// What happens when the drawn card allows no legal move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NoMove {
    /// The player loses (the seed's rule). Default.
    #[default]
    #[serde(alias = "lose")]
    Lose,
    /// The player keeps drawing until a playable card comes; after a full
    /// deck's worth of draws in one turn (the first included) without one, the
    /// player loses. (With every rank in the deck some card always fits a
    /// legal move, so the bound is a safeguard that play does not reach.)
    #[serde(alias = "draw_again")]
    DrawAgain,
    /// The card is discarded and any legal move may be played.
    #[serde(alias = "free_move")]
    FreeMove,
}

/// Settings of Card shogi. Published descriptions differ; each difference is
/// a setting with the seed's choice as default.
///
/// ```
/// use shogi_variants::{CardSettings, FileRule, NoMove};
/// let s = CardSettings::default();
/// assert_eq!((s.copies_per_rank, s.jokers, s.check_exempt), (8, false, true));
/// assert_eq!((s.file_rule, s.no_move), (FileRule::Destination, NoMove::Lose));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CardSettings {
    /// Cards of each rank (two packs' worth: 8). Ranks run 1..=files of the board.
    pub copies_per_rank: u8,
    /// Add two jokers (free moves). Default false.
    pub jokers: bool,
    /// What the card's file constrains. Default: the destination.
    pub file_rule: FileRule,
    /// No legal move on the card's file. Default: the player loses.
    pub no_move: NoMove,
    /// In check, draw no card and play any legal move (true, default); false:
    /// a card is drawn and constrains the evasions too.
    pub check_exempt: bool,
    /// Draw once this many moves (plies) have been played since the start
    /// position. Default: none, and then the base's own `move_limit` applies.
    #[serde(deserialize_with = "crate::any::optional_positive_limit")]
    pub move_limit: Option<u32>,
    /// The board and end rules, with the base's settings (repetition,
    /// stalemate, impasse...). Default: standard.
    pub base: Base,
    /// Card shogi with the must-capture duty: of the moves the card allows,
    /// a capture must be played if there is one (the duty ranges over the
    /// moves playable this turn; a capture on another file does not bind).
    /// Default: none. Read as `true`/`false` or as the duty's settings
    /// (`{"king_captures_first": true}`).
    #[serde(deserialize_with = "duty_setting")]
    pub capture_duty: Option<CaptureDuty>,
}

/// Reads `capture_duty`: `null`/`false` (none), `true` (the default duty) or the duty's settings.
fn duty_setting<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<CaptureDuty>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Written {
        Switch(bool),
        Duty(CaptureDuty),
    }
    Ok(match Option::<Written>::deserialize(d)? {
        None | Some(Written::Switch(false)) => None,
        Some(Written::Switch(true)) => Some(CaptureDuty::default()),
        Some(Written::Duty(duty)) => Some(duty),
    })
}

impl CardSettings {
    /// Whether `card` allows `mv` under the file rule (a joker allows any
    /// move). Legality is not checked.
    ///
    /// ```
    /// use shogi_variants::{Card, CardSettings, FileRule};
    /// let mv = "7g7f".parse().unwrap();
    /// assert!(CardSettings::default().card_allows(Card::Rank(7), mv));
    /// assert!(!CardSettings::default().card_allows(Card::Rank(6), mv));
    /// let origin = CardSettings { file_rule: FileRule::Origin, ..CardSettings::default() };
    /// assert!(origin.card_allows(Card::Rank(7), "7g6f".parse().unwrap()));
    /// ```
    pub fn card_allows(&self, card: Card, mv: Move) -> bool {
        let Card::Rank(file) = card else { return true };
        self.file_of(mv) == file
    }

    /// The file the file rule reads off `mv`: its origin's under
    /// [`FileRule::Origin`] (a drop's destination), else its destination's.
    ///
    /// ```
    /// use shogi_variants::{CardSettings, FileRule};
    /// let origin = CardSettings { file_rule: FileRule::Origin, ..CardSettings::default() };
    /// assert_eq!(origin.file_of("7g6f".parse().unwrap()), 7);
    /// assert_eq!(CardSettings::default().file_of("7g6f".parse().unwrap()), 6);
    /// ```
    pub fn file_of(&self, mv: Move) -> u8 {
        let square = match (self.file_rule, mv.from()) {
            (FileRule::Origin, Some(from)) => from,
            _ => mv.to(),
        };
        square.file()
    }
}

impl Default for CardSettings {
    fn default() -> Self {
        CardSettings {
            copies_per_rank: 8,
            jokers: false,
            file_rule: FileRule::Destination,
            no_move: NoMove::Lose,
            check_exempt: true,
            move_limit: None,
            base: Base::STANDARD,
            capture_duty: None,
        }
    }
}
