//! Card shogi (Trump shogi, トランプ将棋): RULES.md section 5. A drawn card
//! decides the file the player must play on.
//!
//! A turn is a small state machine: a chance step (draw a card) unless the
//! side to move is in check and exempt, then a move restricted by the card.
//! The chance step can be taken with the game's own seeded generator
//! ([`CardGame::draw`]), with a caller's generator ([`CardGame::draw_with`]),
//! or by choosing the outcome ([`CardGame::apply_draw`]) from the exact
//! distribution ([`CardGame::chance_outcomes`]), as search and research tools
//! that handle chance nodes themselves need.

mod deck;
mod game;
mod settings;

pub use deck::{Card, Deck};
pub use game::{CardError, CardGame, CardTurn, Phase, NO_MOVE_ON_CARD_FILE, OFF_CARD_FILE};
pub use settings::{CardSettings, FileRule, NoMove};
