//! The base variant a modifier or a game of chance plays over.

use crate::{AnyVariant, Minishogi, MinishogiSettings, Standard, StandardSettings};
use serde::{Deserialize, Serialize};
use shogi_core::Variant;

/// The board and end rules a modifier plays over.
///
/// ```
/// use shogi_core::Variant;
/// use shogi_variants::Base;
/// assert_eq!(Base::Minishogi.variant().geometry().files(), 5);
/// assert_eq!(Base::Standard.with_move_limit(Some(99)).move_limit(), Some(99));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Base {
    /// Standard shogi (9×9).
    #[default]
    Standard,
    /// Minishogi (5×5), with its own repetition rule.
    Minishogi,
}

impl Base {
    /// The base variant with its default settings.
    pub fn variant(self) -> AnyVariant {
        self.with_move_limit(None)
    }

    /// The base variant with default settings but the given move limit.
    pub fn with_move_limit(self, move_limit: Option<u32>) -> AnyVariant {
        match self {
            Base::Standard => AnyVariant::Standard(Standard::with_settings(StandardSettings {
                move_limit,
                ..Default::default()
            })),
            Base::Minishogi => AnyVariant::Minishogi(Minishogi::with_settings(MinishogiSettings {
                move_limit,
                ..Default::default()
            })),
        }
    }
}
