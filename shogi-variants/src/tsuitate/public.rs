//! What of a player's information state is public (told to both players
//! alike) and what is private (known to that player only).
//!
//! RULES.md section 4: the referee tells both players that a move was
//! played, of a capture (the square and the piece taken) and of check, and
//! of the end; of a foul it tells the fouler, and the opponent only with
//! `announce_fouls_to_both` (the count, never the move). The move attempted
//! is known to its player alone. So a public fact reads the same in both
//! players' views, in absolute terms (who played, whose foul), and a
//! private one is in one view only.

use super::{Capture, Event, PlayerView, Verdict};
use serde::{Deserialize, Serialize};
use shogi_core::{Color, Move, Outcome};

/// A fact both players were told alike, in absolute terms: the same in
/// both players' views, in the same order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PublicFact {
    /// `by` made a move (which one is private).
    Played {
        /// Who moved.
        by: Color,
    },
    /// `by` committed a foul, their `count`th (public only when fouls are
    /// announced to both).
    Foul {
        /// Who fouled.
        by: Color,
        /// Their fouls so far.
        count: u32,
    },
    /// The move just played captured.
    Capture(Capture),
    /// The move just played gave check.
    Check,
    /// The game ended.
    GameOver(Outcome),
}

/// A fact only the player whose view it is knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PrivateFact {
    /// The player attempted this move.
    Attempted(Move),
    /// The player's attempt was a foul, their `count`th, and the opponent
    /// was not told (fouls not announced to both).
    Foul {
        /// The player's fouls so far.
        count: u32,
    },
}

/// One fact of a player's information state, public or private.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Fact {
    /// Told to both players alike.
    Public(PublicFact),
    /// Known to this player only.
    Private(PrivateFact),
}

impl PlayerView {
    /// The information state as facts, public or private, in order: per
    /// [`Event`], the own attempt (private), then the verdict (played:
    /// public; a foul: public when fouls are announced to both or it is the
    /// opponent's, else private), the capture, the check and the end
    /// (public). The public facts are the same list in both players' views.
    ///
    /// ```
    /// use shogi_core::Color;
    /// use shogi_variants::{Fact, PrivateFact, PublicFact, Referee, TsuitateSettings};
    /// let settings = TsuitateSettings { announce_fouls_to_both: false, ..Default::default() };
    /// let mut referee = Referee::new(settings);
    /// for mv in ["7g7f", "3c3d", "8h1a"] {
    ///     referee.attempt(mv.parse()?)?; // 8h1a slides through White's bishop: a foul
    /// }
    /// let black = referee.view(Color::Black).facts();
    /// assert_eq!(black[0], Fact::Private(PrivateFact::Attempted("7g7f".parse()?)));
    /// assert_eq!(black[1], Fact::Public(PublicFact::Played { by: Color::Black }));
    /// assert_eq!(black[4], Fact::Private(PrivateFact::Foul { count: 1 }));
    /// // White heard of neither Black's attempts nor its foul.
    /// let public = |c| referee.view(c).public_facts();
    /// assert_eq!(public(Color::Black), public(Color::White));
    /// assert_eq!(public(Color::White).len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn facts(&self) -> Vec<Fact> {
        let mut out = Vec::new();
        for e in self.events() {
            self.facts_of(&e, &mut out);
        }
        out
    }

    /// The public facts of [`PlayerView::facts`] alone: what both players
    /// were told alike, the same in both views.
    pub fn public_facts(&self) -> Vec<PublicFact> {
        self.facts()
            .into_iter()
            .filter_map(|f| match f {
                Fact::Public(p) => Some(p),
                Fact::Private(_) => None,
            })
            .collect()
    }

    /// Whether a foul by `by` is told to both players: always the
    /// opponent's (this player heard of it), their own only when fouls are
    /// announced to both.
    fn foul_is_public(&self, by: Color) -> bool {
        self.announce_fouls_to_both || by != self.color
    }

    fn facts_of(&self, e: &Event, out: &mut Vec<Fact>) {
        if let Some(mv) = e.attempted {
            out.push(Fact::Private(PrivateFact::Attempted(mv)));
        }
        match e.verdict {
            Some(Verdict::Played) => out.push(Fact::Public(PublicFact::Played { by: e.by })),
            Some(Verdict::Foul) => {
                let count = e.fouls.unwrap_or(0);
                out.push(if self.foul_is_public(e.by) {
                    Fact::Public(PublicFact::Foul { by: e.by, count })
                } else {
                    Fact::Private(PrivateFact::Foul { count })
                });
            }
            None => {}
        }
        if let Some(c) = e.capture {
            out.push(Fact::Public(PublicFact::Capture(c)));
        }
        if e.check {
            out.push(Fact::Public(PublicFact::Check));
        }
        if let Some(o) = e.game_over {
            out.push(Fact::Public(PublicFact::GameOver(o)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Referee, TsuitateSettings};

    /// Plays `moves` (attempts, fouls included) under these settings.
    fn game(settings: TsuitateSettings, moves: &[&str]) -> Referee {
        let mut referee = Referee::new(settings);
        for mv in moves {
            referee.attempt(mv.parse().unwrap()).unwrap();
        }
        referee
    }

    #[test]
    fn public_facts_are_the_same_in_both_views() {
        let fouls = ["7g7f", "3c3d", "8h1a", "8h2b+", "3a2b", "B*3d"];
        for announce_fouls_to_both in [true, false] {
            let settings = TsuitateSettings {
                announce_fouls_to_both,
                foul_limit: 2,
                ..Default::default()
            };
            // The last is Black's second foul: the limit ends the game.
            let referee = game(settings, &fouls);
            assert!(referee.outcome().is_some());
            let [black, white] = Color::ALL.map(|c| referee.view(c).public_facts());
            assert_eq!(black, white, "announced: {announce_fouls_to_both}");
            let fouls = black
                .iter()
                .filter(|f| matches!(f, PublicFact::Foul { .. }))
                .count();
            assert_eq!(fouls, if announce_fouls_to_both { 2 } else { 0 });
            assert!(matches!(black.last(), Some(PublicFact::GameOver(_))));
        }
    }

    #[test]
    fn a_players_attempts_and_unannounced_fouls_are_private() {
        let settings = TsuitateSettings {
            announce_fouls_to_both: false,
            ..Default::default()
        };
        let referee = game(settings, &["7g7f", "3c3d", "8h1a"]);
        let private = |c: Color| -> Vec<PrivateFact> {
            referee
                .view(c)
                .facts()
                .into_iter()
                .filter_map(|f| match f {
                    Fact::Private(p) => Some(p),
                    Fact::Public(_) => None,
                })
                .collect()
        };
        let mv = |s: &str| s.parse::<Move>().unwrap();
        assert_eq!(
            private(Color::Black),
            [
                PrivateFact::Attempted(mv("7g7f")),
                PrivateFact::Attempted(mv("8h1a")),
                PrivateFact::Foul { count: 1 }
            ]
        );
        assert_eq!(private(Color::White), [PrivateFact::Attempted(mv("3c3d"))]);
    }
}
