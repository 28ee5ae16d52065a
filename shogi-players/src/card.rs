//! A Card shogi player that averages over the cards the opponent may draw
//! (expectimax over the chance step).

use super::eval::{evaluate, MATE_SCORE};
use super::{Observation, Player, Seen};
use shogi_core::{Move, Position, Variant};
use shogi_variants::{Card, CardGame, CardSettings, NoMove};

/// Chooses, among the moves its card allows, the one with the best expected
/// value: for every card the opponent may draw next (with its exact
/// probability from the deck), the opponent's best reply on that card's file
/// is assumed, and the position after it is evaluated. A card that leaves
/// the opponent no move counts as their loss (with the default `NoMove::Lose`)
/// and a mate as a win. Deterministic: ties go to the first move listed.
///
/// ```
/// use shogi_players::{CardExpectimaxPlayer, Observation, Player};
/// use shogi_variants::{CardGame, CardSettings};
/// let mut game = CardGame::new(CardSettings::default(), 1).unwrap();
/// game.draw().unwrap();
/// let mv = CardExpectimaxPlayer::new().choose(Observation::card(&game)).unwrap();
/// assert!(game.allowed_moves().contains(&mv));
/// ```
#[derive(Clone, Debug, Default)]
pub struct CardExpectimaxPlayer;

impl CardExpectimaxPlayer {
    /// The player.
    pub fn new() -> CardExpectimaxPlayer {
        CardExpectimaxPlayer
    }

    /// The expected value, for the side that just moved, of `after` (the
    /// opponent to move), averaged over the opponent's card.
    fn expected(game: &CardGame, after: &mut Position, odds: &[(Card, f64)]) -> f64 {
        let variant = game.game().variant();
        let replies = variant.legal_moves(after);
        if replies.is_empty() {
            // Mate, or no move at all: the base rules decide (a loss for the
            // side to move in standard shogi).
            let o = variant.no_move_outcome(after);
            let us = after.side_to_move().opponent();
            return f64::from(MATE_SCORE) * (2.0 * o.score(us) - 1.0);
        }
        let settings: &CardSettings = game.settings();
        // In check and exempt, the opponent draws nothing: any legal reply.
        if settings.check_exempt && after.is_check() {
            return f64::from(Self::best_reply(after, &replies, |_| true));
        }
        let mut total = 0.0;
        for &(card, p) in odds {
            let allowed = |m: Move| settings.card_allows(card, m);
            let value = if replies.iter().any(|&m| allowed(m)) {
                f64::from(Self::best_reply(after, &replies, allowed))
            } else if settings.no_move == NoMove::Lose {
                f64::from(MATE_SCORE)
            } else {
                // Drawing again or a free move: about the same as any reply.
                f64::from(Self::best_reply(after, &replies, |_| true))
            };
            total += p * value;
        }
        total
    }

    /// Our evaluation after the opponent's best reply among those `allowed`.
    fn best_reply(after: &mut Position, replies: &[Move], allowed: impl Fn(Move) -> bool) -> i32 {
        let mut worst = i32::MAX;
        for &reply in replies.iter().filter(|&&m| allowed(m)) {
            let undo = after.play_unchecked(reply);
            // Our side is to move again: evaluate from our point of view.
            worst = worst.min(evaluate(after));
            after.undo(reply, undo);
        }
        worst
    }
}

impl Player for CardExpectimaxPlayer {
    fn name(&self) -> String {
        "card-expectimax".to_owned()
    }

    fn choose(&mut self, observation: Observation<'_>) -> Option<Move> {
        let Seen::Card(game) = observation.seen() else {
            return observation.choices().first().copied();
        };
        let moves = game.allowed_moves();
        // The opponent's next draw comes from the deck as it stands.
        let odds: Vec<(Card, f64)> = game
            .deck()
            .outcomes()
            .into_iter()
            .map(|(card, p)| (card, p.to_f64()))
            .collect();
        let mut pos = game.position().clone();
        let mut best: Option<(f64, Move)> = None;
        for &mv in &moves {
            let undo = pos.play_unchecked(mv);
            let value = Self::expected(game, &mut pos, &odds);
            pos.undo(mv, undo);
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, mv));
            }
        }
        best.map(|(_, mv)| mv)
    }
}
