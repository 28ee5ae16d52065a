//! `CardGame`'s own methods: Card shogi, where a drawn card names the file
//! to play on. What every game answers is `Game`'s (`game.rs`).

use crate::actions;
use crate::convert;
use crate::errors::{deprecated, InvalidSfenError, SettingError};
use crate::game::{board_game, board_object, GameMut, GameRef, PyBoard, PyCardGame};
use crate::moves::PyMove;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use pyo3::PyClassInitializer;
use shogi_core::Variant;
use shogi_research::observation::{card_observation, ObservationShape};
use shogi_variants::{settings_with, Card, CardError, CardGame, CardSettings, GameKind, Phase};

/// The observation's shape of `game`.
fn observation_shape(game: &CardGame) -> ObservationShape {
    let g = game.position().geometry();
    ObservationShape::card(g.files(), g.ranks())
}

/// `phase`'s word: ``"draw"``, ``"move"`` or ``"over"``.
fn phase_name(game: &CardGame) -> &'static str {
    match game.phase() {
        Phase::Draw => "draw",
        Phase::Move { .. } => "move",
        Phase::Over => "over",
    }
}

#[pymethods]
impl PyCardGame {
    #[new]
    #[pyo3(signature = (sfen = None, *, seed = None, **settings))]
    fn new(
        sfen: Option<convert::Text<convert::SfenText>>,
        seed: Option<&Bound<'_, PyAny>>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyClassInitializer<Self>> {
        let sfen = sfen.as_deref();
        let seed: u64 = match seed {
            None => CardGame::fresh_seed(),
            Some(s) => {
                let given = match convert::index(s) {
                    Ok(n) => n.to_string(),
                    Err(_) => format!("a {}", convert::type_name(s)),
                };
                convert::index(s)
                    .ok()
                    .and_then(|n| n.get())
                    .ok_or_else(|| {
                        SettingError::new_err(format!(
                            "seed must be an integer 0..={}, not {given}",
                            u64::MAX
                        ))
                    })?
            }
        };
        let pairs = convert::overrides(settings)?;
        let s: CardSettings = settings_with(GameKind::Card.name(), &convert::borrowed(&pairs))
            .map_err(|e| SettingError::new_err(e.to_string()))?;
        // Check the SFEN against the base variant first, for the position's own message.
        board_game(s.base.variant(), sfen)?;
        CardGame::from_sfen(s, seed, sfen.unwrap_or("startpos"))
            .map(PyCardGame::init)
            .map_err(|e| match e {
                CardError::EmptyDeck => SettingError::new_err(e.to_string()),
                other => InvalidSfenError::new_err(other.to_string()),
            })
    }

    /// The seed of the game's card generator: the one given, or the fresh one
    /// drawn from the OS when none was (pass it back to replay the cards).
    #[getter]
    fn seed(this: GameRef<'_>) -> PyResult<u64> {
        Ok(this.card()?.seed())
    }

    /// ``"draw"`` (a chance step), ``"move"`` or ``"over"``.
    #[getter]
    fn phase(this: GameRef<'_>) -> PyResult<&'static str> {
        Ok(phase_name(this.card()?))
    }

    /// The card constraining the move to play, if any.
    #[getter]
    fn current_card(this: GameRef<'_>) -> PyResult<Option<u16>> {
        Ok(this.card()?.current_card().map(Card::id))
    }

    /// Cards left in the draw pile by card (``JOKER`` = 0), only those left.
    fn deck(this: GameRef<'_>) -> PyResult<std::collections::BTreeMap<u16, u16>> {
        let deck = this.card()?.deck();
        Ok(std::iter::once(Card::Joker)
            .chain((1..=9).map(Card::Rank))
            .map(|c| (c.id(), deck.left(c)))
            .filter(|&(_, n)| n > 0)
            .collect())
    }

    /// How many cards are left to draw before a reshuffle.
    fn cards_left(this: GameRef<'_>) -> PyResult<u32> {
        Ok(this.card()?.deck().left_total())
    }

    /// Deprecated: ``chance_step()``, the contract's name (and OpenSpiel's
    /// idea of a chance node's step), draws the card.
    fn draw(mut this: GameMut<'_>, py: Python<'_>) -> PyResult<u16> {
        deprecated(py, "CardGame.draw()", "chance_step()")?;
        crate::contract::chance_step(&mut this.game)
    }

    /// Deprecated: ``apply_chance(card)``, the contract's name, chooses the card.
    fn apply_draw(mut this: GameMut<'_>, py: Python<'_>, card: &Bound<'_, PyAny>) -> PyResult<()> {
        deprecated(py, "CardGame.apply_draw(card)", "apply_chance(card)")?;
        crate::contract::apply_chance(&mut this.game, card)
    }

    /// Distinct card ids of the chance steps: the joker (0) and ranks 1..files.
    #[getter]
    fn num_cards(this: GameRef<'_>) -> PyResult<u32> {
        Ok(u32::from(this.card()?.position().geometry().files()) + 1)
    }

    /// The state as a ``float32`` array ``(planes, ranks, files)`` seen by
    /// ``color`` (default: the side to move): the board planes, then the
    /// chance step, the card's squares, the card one-hot and the deck counts
    /// (OpenSpiel's name).
    #[pyo3(signature = (color = None))]
    fn observation_tensor<'py>(
        this: GameRef<'_>,
        py: Python<'py>,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let game = this.card()?;
        let viewer = actions::viewer(color, game.position().side_to_move())?;
        actions::observation_array(py, observation_shape(game), |out| {
            card_observation(game, viewer, out)
        })
    }

    /// Deprecated: ``observation_tensor(color)`` (``observation`` is a
    /// seat's view in Rust; the tensor is OpenSpiel's ``observation_tensor``).
    #[pyo3(signature = (color = None))]
    fn observation<'py>(
        this: GameRef<'_>,
        py: Python<'py>,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        deprecated(py, "CardGame.observation()", "observation_tensor()")?;
        Self::observation_tensor(this, py, color)
    }

    /// ``(planes, ranks, files)`` of ``observation_tensor()``.
    #[getter]
    fn observation_shape(this: GameRef<'_>) -> PyResult<(usize, usize, usize)> {
        Ok(actions::shape_tuple(observation_shape(this.card()?)))
    }

    /// Deprecated: ``legal_moves``, the lazy collection every game has
    /// (``list(game.legal_moves)`` is this list).
    fn allowed_moves(this: GameRef<'_>, py: Python<'_>) -> PyResult<Vec<PyMove>> {
        deprecated(py, "CardGame.allowed_moves()", "list(legal_moves)")?;
        let shape = this.shape();
        Ok(this
            .card()?
            .allowed_moves()
            .iter()
            .map(|&m| PyMove(m, shape, None))
            .collect())
    }

    /// Each turn's drawn cards and move.
    fn turns(this: GameRef<'_>) -> PyResult<Vec<(Vec<u16>, Option<PyMove>)>> {
        let shape = this.shape();
        Ok(this
            .card()?
            .turns()
            .iter()
            .map(|t| {
                (
                    t.cards.iter().map(|&c| c.id()).collect(),
                    t.mv.map(|m| PyMove(m, shape, None)),
                )
            })
            .collect())
    }

    /// A ``Board`` at the current position (the card rule aside).
    fn board<'py>(this: GameRef<'_>, py: Python<'py>) -> PyResult<Bound<'py, PyBoard>> {
        board_object(py, this.card()?.game().clone())
    }

    fn __repr__(this: GameRef<'_>) -> PyResult<String> {
        let game = this.card()?;
        let card = match game.current_card() {
            Some(c) => format!(" card={c}"),
            None => String::new(),
        };
        Ok(format!(
            "<CardGame {} seed={} phase={}{card} sfen='{}'>",
            game.game().variant().name(),
            game.seed(),
            phase_name(game),
            game.position().to_sfen()
        ))
    }
}
