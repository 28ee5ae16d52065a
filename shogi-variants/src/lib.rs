//! # shogi-variants
//!
//! The games of the project, each a [`Variant`](shogi_core::Variant) built on
//! `shogi-core`: [`Standard`] shogi (with the entering-king [`Impasse`]
//! settings), [`Minishogi`] and [`MustCapture`] (over either board), plus [`AnyVariant`] for choosing one at run
//! time by name with settings given by their serde names.
//!
//! ```
//! use shogi_core::{Game, Variant};
//! use shogi_variants::{AnyVariant, Minishogi};
//!
//! let mut game = Game::new(Minishogi::default());
//! game.play_usi("2e3d")?;
//! // "Show legal squares" by the game's rules: White's rook on 5a may go to
//! // 5b, 5c, or take the pawn on 5d.
//! assert_eq!(game.legal_destinations("5a".parse()?).count(), 3);
//!
//! // A `Position` knows only the plain rules; the game knows its variant's.
//! let must = AnyVariant::with_named_settings("must-capture", &[("base", "minishogi")])?;
//! let game = Game::new(must);
//! assert_eq!(game.legal_moves().len(), 1); // the rook on 1e must take on 1b
//! assert_eq!(game.position().legal_moves().len(), 14);
//!
//! let v = AnyVariant::with_named_settings("standard", &[("move_limit", "300")])?;
//! assert_eq!(v.move_limit(), Some(300));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Where to start
//!
//! Five things each kind of user needs first (the crates named beside this
//! one are the workspace's others; the project's `docs/` pages explain the
//! rules and choices):
//!
//! - **A game server** (tables, seats, saved games): [`AnyGame::new`], any
//!   game by name and settings; [`GameState`], the one contract
//!   ([`GameState::to_move`], [`GameState::legal_moves`],
//!   [`GameState::apply_action`], [`GameState::resign`],
//!   [`GameState::outcome`]); [`GameState::observation`], what a seat may
//!   see ([`Told`] is what a move tells each seat); [`SavedGame`], a table
//!   kept and restored; and `shogi_players::Session`, the site's house
//!   rules (turn time, the CPU standing in), whose page has a server's loop.
//! - **An engine author**: `shogi_core::Position` (legal moves, play, undo,
//!   the Zobrist hash) and `shogi_core::perft`; [`Standard`] with its
//!   entering-king [`Impasse`] rules; `shogi_players::SearchPlayer` and
//!   `shogi_players::solve_mate` (df-pn); the USI engine
//!   (`examples/src/bin/usi.rs`), which speaks every variant, with
//!   [`Dialect`] for lishogi's and Fairy-Stockfish's notations.
//! - **A researcher**: `shogi_research::action::ActionSpace` (moves as
//!   integers); `shogi_research::observation` (tensors from one seat's
//!   side); `shogi_research::selfplay` (many games stepped at once);
//!   `shogi_research::episodes::Episodes` (whole games, every decision a
//!   dataset row); `shogi_formats::training` (HCPE and PSV files). From
//!   Python, the same with OpenSpiel, PettingZoo and Ray datasets.
//! - **A variant inventor**: a TOML definition read by
//!   [`AnyDefinition::from_toml`]; pieces of its own in Betza notation
//!   ([`FamilyDefinition`], below); the shipped files as models
//!   ([`FamilyDefinition::BUILTIN_NAMES`], in `definitions/`); rules as
//!   hooks ([`Scripted`], or Python functions); and a check against
//!   Fairy-Stockfish in its own notation ([`Dialect::FairyStockfish`]).
//!
//! The contract over a game with chance and one with hidden pieces, the same
//! calls for both:
//!
//! ```
//! use shogi_core::Color;
//! use shogi_variants::{Action, AnyGame, GameState, SavedGame, ToMove};
//!
//! for name in ["card", "tsuitate"] {
//!     let mut game = AnyGame::new(name, &[("base", "minishogi")], 7)?;
//!     let mut actions = 0;
//!     while game.outcome().is_none() && actions < 40 {
//!         let action = match game.to_move() {
//!             ToMove::Chance => Action::Chance(game.chance_outcomes()[0].0),
//!             ToMove::Player(_) => Action::Move(game.legal_moves()[0]),
//!             ToMove::Over(_) => break,
//!         };
//!         let report = game.apply_action(action)?;
//!         // What each seat was told: Tsuitate's referee never names the move.
//!         let _ = &report.told[Color::White.index()];
//!         actions += 1;
//!     }
//!     // Kept and restored, whatever the game; the history replays it.
//!     let kept = SavedGame::of(&game).to_json();
//!     let again = SavedGame::from_json(&kept)?.restore()?;
//!     assert_eq!(again.history(), game.history());
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Every game through one contract
//!
//! [`AnyGame`] is any game of the library by name (the board games, Card
//! shogi, Tsuitate, definitions, scripts), and [`GameState`] the one
//! contract that drives them all: who acts ([`GameState::to_move`]), the
//! legal moves, [`GameState::apply_action`] (a move or a chance outcome, and
//! what each seat was told by it), [`GameState::resign`] (either seat, at
//! any time), the outcome and each seat's [`Observation`]. [`SavedGame`]
//! saves and restores any of them. A game server adds the site's house
//! rules (turn time, the CPU standing in) with `shogi_players::Session`,
//! whose crate documentation shows a seat-per-connection server loop.
//!
//! The order of a game's end tests after a move: the variant's own end
//! first (a win the move achieved, such as a king reaching its far rank),
//! then no legal move, repetition, the move limit ([`shogi_core::Game::outcome`]).
//!
//! ## Variants with pieces of their own
//!
//! A definition may declare piece kinds of its own, each moving as its
//! Betza notation says, beside shogi's kinds (still there by their letters
//! unless a piece takes one), and use the family's rules: royal capture,
//! the try, pieces that change face on every move or capture, drops as
//! either face, borrowed movement. [`FamilyDefinition`] compiles it to a
//! shared table that [`shogi_core::family::FamilyPosition`]s play with;
//! [`AnyDefinition`] reads any definition and picks the engine it needs.
//! Ten are shipped ([`FamilyDefinition::BUILTIN_NAMES`]: dobutsu, kyoto,
//! tori, EuroShogi, yari, gorogoro plus, cannon, annan, sho and micro
//! shogi), each file saying where its rules come from. Dobutsu, whole:
//!
//! ```
//! use shogi_core::family::notation::{from_usi, to_usi};
//! use shogi_variants::{AnyDefinition, FamilyDefinition};
//!
//! let text = r#"
//! ## Dobutsu shogi (animal shogi), as Fairy-Stockfish plays it.
//! name = "dobutsu"
//! aliases = ["animal"]
//! files = 3
//! ranks = 4
//! promotion_ranks = 1
//! start = "gle/1c1/1C1/ELG b - 1"
//! pawn_drop_mate = "legal"
//!
//! [rules]
//! dead_drops = "legal"        # a chick may be dropped on the far rank
//!
//! [[piece]]
//! name = "chick"
//! letter = "C"
//! betza = "fW"                # one step forward
//! label = "ひ"
//! promotes_to = "hen"
//! promotion = "forced"
//!
//! [[piece]]
//! name = "hen"
//! letter = "+C"
//! betza = "WfF"               # a gold's steps
//! label = "に"
//!
//! [[piece]]
//! name = "elephant"
//! letter = "E"
//! betza = "F"
//! label = "ぞ"
//!
//! [[piece]]
//! name = "giraffe"
//! letter = "G"
//! betza = "W"
//! label = "き"
//!
//! [[piece]]
//! name = "lion"
//! letter = "L"
//! betza = "K"
//! label = "ら"
//! royal = true
//!
//! [end]
//! royal = "capture"           # the lion may be taken: that ends the game
//! try = true                  # so does a lion safe on the far rank
//! perpetual_check = "repetition"
//! "#;
//! let dobutsu = FamilyDefinition::from_toml(text)?;
//! assert!(matches!(AnyDefinition::from_toml(text)?, AnyDefinition::Family(_)));
//! assert_eq!(dobutsu.labels, ["ひ", "に", "ぞ", "き", "ら"]);
//! // The same pieces and rules as the shipped file: one shared table.
//! let shipped = FamilyDefinition::builtin("animal").unwrap();
//! assert!(std::sync::Arc::ptr_eq(&dobutsu.table, &shipped.table));
//!
//! let mut pos = dobutsu.position()?;
//! assert_eq!(pos.perft(4), 976); // Fairy-Stockfish's count
//! // The chick takes the chick, and the lion takes back.
//! for usi in ["2c2b", "2a2b"] {
//!     let mv = from_usi(&pos, usi)?;
//!     assert!(pos.play(mv));
//! }
//! assert_eq!(pos.to_sfen(), "g1e/1l1/3/ELG b Cc 3");
//! let drops = pos.legal_moves().iter().filter(|&&m| to_usi(&pos, m).starts_with("C*")).count();
//! assert_eq!(drops, 6); // anywhere empty
//!
//! // A definition that cannot work is refused, naming the field.
//! let cycle = text.replace(r#"letter = "+C""#, "letter = \"+C\"\npromotes_to = \"chick\"");
//! let e = FamilyDefinition::from_toml(&cycle).unwrap_err();
//! assert!(e.to_string().starts_with("piece.hen.promotes_to:"), "{e}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod any;
mod any_game;
mod base;
mod card;
mod defined;
mod dialect;
mod family_defined;
mod family_game;
mod family_kinds;
mod family_registry;
mod family_text;
pub mod impasse;
mod kind;
mod minishogi;
pub mod modifier;
mod must_capture;
mod saved;
mod scripted;
mod serde_words;
mod standard;
pub mod state;
mod tsuitate;

pub use any::{settings_with, AnySettings, AnyVariant, VariantError};
pub use any_game::AnyGame;
pub use base::Base;
pub use card::{
    Card, CardError, CardGame, CardSettings, CardTurn, Deck, FileRule, NoMove, Phase,
    NO_MOVE_ON_CARD_FILE, OFF_CARD_FILE,
};
/// The old name of [`CardTurn`], one turn of a Card shogi record.
#[deprecated(note = "renamed CardTurn: shogi_players has a Turn of its own (now HouseVerdict)")]
pub type Turn = CardTurn;
pub use defined::{
    Defined, Definition, DefinitionError, DropRule, Drops, EndRules, KindName, Material,
    PerpetualCheckRule, RepetitionRule, StalemateRule, CHECK_GIVEN, KING_REACHED_LAST_RANK,
};
pub use dialect::{Dialect, DialectError, DialectNames, LishogiLetters};
pub use family_defined::{FamilyDefinition, FamilyEnds};
pub use family_game::{FamilyGame, FamilySettings, ROYAL_CAPTURED, TRY};
pub use family_registry::AnyDefinition;
pub use family_text::RoyalEnd;
pub use impasse::Impasse;
#[allow(deprecated)]
pub use kind::{GameKind, UnknownGame, GAME_NAMES, VARIANT_NAMES};
pub use minishogi::{
    Minishogi, MinishogiRepetition, MinishogiSettings, Stalemate, MINISHOGI_START,
};
pub use must_capture::{
    CaptureDuty, MustCapture, MustCaptureRule, MustCaptureSettings, MUST_CAPTURE,
};
pub use saved::{SaveError, SavedGame, SavedTurn, SAVE_FORMAT, SAVE_VERSION};
pub use scripted::{Hooks, Script, ScriptError, Scripted, ScriptedSettings};
pub use standard::{Standard, StandardSettings, STANDARD_START};
pub use state::{
    Action, ActionReport, GameState, Observation, PlayError, Probability, Seen, ToMove, Told,
    Verdict,
};
pub use tsuitate::{
    events, Announcement, Attempt, Capture, Event, Fact, FoulReason, PlayerView, PrivateFact,
    PublicFact, Referee, Ruling, TsuitateError, TsuitateSettings, FOUL_LIMIT,
};

/// The crate's README (its crates.io page): its example runs as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
