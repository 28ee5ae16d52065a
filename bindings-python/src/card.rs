//! `CardGame`: Card shogi, where a drawn card names the file to play on.

use crate::board::{game, PyBoard};
use crate::convert;
use crate::errors::{
    game_error, GameOverError, IllegalMoveError, InvalidSfenError, SettingError, ShogiError,
};
use crate::moves::{PyMove, PyOutcome};
use crate::research;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyTuple};
use shogi_core::{GameError, Variant};
use shogi_formats::diagram::Diagram;
use shogi_research::action::ActionSpace;
use shogi_research::observation::{card_observation, ObservationShape};
use shogi_variants::{settings_with, Card, CardError, CardGame, CardSettings, Phase, SavedGame};

/// A card as Python sees it: its rank, 0 for the joker.
fn card_int(card: Card) -> u32 {
    match card {
        Card::Rank(r) => u32::from(r),
        Card::Joker => 0,
    }
}

fn card_of(obj: &Bound<'_, PyAny>) -> PyResult<Card> {
    let i: i64 = obj.extract().unwrap_or(-1);
    match i {
        0 => Ok(Card::Joker),
        1..=9 => Ok(Card::Rank(i as u8)),
        _ => Err(ShogiError::new_err(format!(
            "{i} is not a card (1..9, or JOKER = 0)"
        ))),
    }
}

/// Card shogi: a drawn card names the file to play on.
///
/// ``CardGame(seed=None, sfen=None, **settings)`` (no seed: a fresh one from the OS, kept in ``seed``) with ``copies_per_rank``,
/// ``jokers``, ``file_rule``, ``no_move``, ``check_exempt``, ``move_limit``, ``base``.
#[pyclass(module = "shogi_variants", name = "CardGame")]
#[derive(Clone)]
pub struct PyCardGame {
    pub game: CardGame,
}

impl PyCardGame {
    fn observation_shape_of(&self) -> ObservationShape {
        let g = self.game.position().geometry();
        ObservationShape::card(g.files(), g.ranks())
    }

    fn error(&self, e: CardError) -> PyErr {
        match e {
            CardError::Game(GameError::Position(p)) => InvalidSfenError::new_err(p.to_string()),
            CardError::Game(g) => game_error(g),
            CardError::EmptyDeck => SettingError::new_err(e.to_string()),
            _ => match self.game.outcome() {
                Some(o) => GameOverError::new_err(format!("the game is over: {o}")),
                None => IllegalMoveError::new_err(e.to_string()),
            },
        }
    }
}

#[pymethods]
impl PyCardGame {
    #[new]
    #[pyo3(signature = (seed = None, sfen = None, **settings))]
    fn new(
        seed: Option<&Bound<'_, PyAny>>,
        sfen: Option<&str>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let seed: u64 = match seed {
            None => CardGame::fresh_seed(),
            Some(s) => s.extract().map_err(|_| {
                SettingError::new_err(format!("the seed is an integer 0..2**64, not {s}"))
            })?,
        };
        let pairs = convert::overrides(settings)?;
        let s: CardSettings = settings_with("card", &convert::borrowed(&pairs))
            .map_err(|e| SettingError::new_err(e.to_string()))?;
        // Check the SFEN against the base variant first, for the position's own message.
        game(s.base.variant(), sfen)?;
        CardGame::from_sfen(s, seed, sfen.unwrap_or("startpos"))
            .map(|game| PyCardGame { game })
            .map_err(|e| match e {
                CardError::EmptyDeck => SettingError::new_err(e.to_string()),
                other => InvalidSfenError::new_err(other.to_string()),
            })
    }

    /// The seed of the game's card generator: the one given, or the fresh one
    /// drawn from the OS when none was (pass it back to replay the cards).
    #[getter]
    fn seed(&self) -> u64 {
        self.game.seed()
    }

    /// The settings, defaults included.
    #[getter]
    fn settings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::settings_dict(py, self.game.settings())
    }

    /// ``"draw"`` (a chance step), ``"move"`` or ``"over"``.
    #[getter]
    fn phase(&self) -> &'static str {
        match self.game.phase() {
            Phase::Draw => "draw",
            Phase::Move { .. } => "move",
            Phase::Over => "over",
        }
    }

    /// The card constraining the move to play, if any.
    #[getter]
    fn current_card(&self) -> Option<u32> {
        self.game.current_card().map(card_int)
    }

    /// The side to move.
    #[getter]
    fn turn(&self) -> usize {
        self.game.position().side_to_move().index()
    }

    /// Whether the next step is a draw (a chance node).
    fn is_chance_node(&self) -> bool {
        self.game.phase() == Phase::Draw
    }

    /// Cards left in the draw pile by card (``JOKER`` = 0), only those left.
    fn deck(&self) -> std::collections::BTreeMap<u32, u16> {
        let deck = self.game.deck();
        std::iter::once(Card::Joker)
            .chain((1..=9).map(Card::Rank))
            .map(|c| (card_int(c), deck.left(c)))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// How many cards are left to draw before a reshuffle.
    fn cards_left(&self) -> u32 {
        self.game.deck().left_total()
    }

    /// At a draw: each card that can come and its exact probability, a
    /// ``fractions.Fraction``.
    fn chance_outcomes<'py>(&self, py: Python<'py>) -> PyResult<Vec<(u32, Bound<'py, PyAny>)>> {
        let fraction = py.import("fractions")?.getattr("Fraction")?;
        self.game
            .chance_outcomes()
            .into_iter()
            .map(|(c, p)| {
                Ok((
                    card_int(c),
                    fraction.call1((p.numerator(), p.denominator()))?,
                ))
            })
            .collect()
    }

    /// Draw with the game's seeded generator; returns the card.
    fn draw(&mut self) -> PyResult<u32> {
        self.game.draw().map(card_int).map_err(|e| self.error(e))
    }

    /// Choose the drawn card (search over chance nodes).
    fn apply_draw(&mut self, card: &Bound<'_, PyAny>) -> PyResult<()> {
        let card = card_of(card)?;
        self.game.apply_draw(card).map_err(|e| self.error(e))
    }

    /// The size of the action space (13,689 on 9×9, 1,425 on 5×5).
    #[getter]
    fn num_actions(&self) -> u32 {
        ActionSpace::of(self.game.position().geometry()).size()
    }

    /// Distinct card ids of the chance steps: the joker (0) and ranks 1..files.
    #[getter]
    fn num_cards(&self) -> u32 {
        u32::from(self.game.position().geometry().files()) + 1
    }

    /// The allowed moves as actions, ascending (none at a draw or after the end).
    fn legal_actions(&self) -> Vec<u32> {
        research::legal_actions(
            ActionSpace::of(self.game.position().geometry()),
            &self.game.allowed_moves(),
        )
    }

    /// One byte per action, 1 where the card allows a legal move.
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        research::mask_bytes(
            py,
            ActionSpace::of(self.game.position().geometry()),
            &self.game.allowed_moves(),
        )
    }

    /// The action of a move on this board.
    fn action(&self, r#move: &Bound<'_, PyAny>) -> PyResult<u32> {
        research::action_of(ActionSpace::of(self.game.position().geometry()), r#move)
    }

    /// The move of an action.
    fn move_of(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Py<PyMove>> {
        research::move_of_action(py, ActionSpace::of(self.game.position().geometry()), action)
    }

    /// The state as a ``float32`` array ``(planes, ranks, files)`` seen by
    /// ``color`` (default: the side to move): the board planes, then the
    /// chance step, the card's squares, the card one-hot and the deck counts.
    #[pyo3(signature = (color = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let viewer = research::viewer(color, self.game.position().side_to_move())?;
        research::observation_array(py, self.observation_shape_of(), |out| {
            card_observation(&self.game, viewer, out)
        })
    }

    /// ``(planes, ranks, files)`` of ``observation()``.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        research::shape_tuple(self.observation_shape_of())
    }

    /// The legal moves the current card allows.
    fn allowed_moves(&self) -> Vec<PyMove> {
        self.game
            .allowed_moves()
            .iter()
            .map(|&m| PyMove(m))
            .collect()
    }

    /// "Show legal squares" under the card: destination indices of the piece
    /// on a square, or of a piece in hand (``"P*"``); empty unless a move is due.
    fn legal_squares(&self, square_or_drop: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let g = self.game.position().geometry();
        convert::legal_squares(
            &self.game.allowed_moves(),
            square_or_drop,
            g.files(),
            g.ranks(),
        )
    }

    /// Play a move the card allows.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = convert::a_move(r#move)?;
        self.game.play(mv).map_err(|e| self.error(e))
    }

    /// Each turn's drawn cards and move.
    fn turns(&self) -> Vec<(Vec<u32>, Option<PyMove>)> {
        self.game
            .turns()
            .iter()
            .map(|t| {
                (
                    t.cards.iter().map(|&c| card_int(c)).collect(),
                    t.mv.map(PyMove),
                )
            })
            .collect()
    }

    /// The outcome, or ``None`` while the game goes on.
    fn outcome(&self) -> Option<PyOutcome> {
        self.game.outcome().map(PyOutcome)
    }

    /// Whether the game is over.
    fn is_game_over(&self) -> bool {
        self.game.is_over()
    }

    /// A ``Board`` at the current position (the card rule aside).
    fn board(&self) -> PyBoard {
        PyBoard::from_game(self.game.game().clone())
    }

    /// The current position as SFEN.
    fn sfen(&self) -> String {
        self.game.position().to_sfen()
    }

    /// The game as a saved-game JSON document: seed, cards, moves and the
    /// generator's position (``shogi_variants.load`` reads it back).
    fn to_json(&self) -> String {
        SavedGame::of_card(&self.game).to_json()
    }

    /// Pickles through the saved-game JSON.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        crate::saved::reduce(py, SavedGame::of_card(&self.game))
    }

    /// An independent copy (the generator's state included).
    fn copy(&self) -> Self {
        self.clone()
    }

    /// The board as SVG for Jupyter, with the current card under it.
    fn _repr_svg_(&self) -> String {
        let mut d = Diagram::of_position(self.game.position());
        d.last_move = self.game.game().moves().last().copied();
        d.caption = Some(match (self.game.phase(), self.game.outcome()) {
            (_, Some(o)) => o.to_string(),
            (Phase::Draw, None) => "Draw a card".to_owned(),
            (
                Phase::Move {
                    card: Some(Card::Joker),
                },
                None,
            ) => "Card: joker (any move)".to_owned(),
            (Phase::Move { card: Some(c) }, None) => format!("Card: {c} (file {c})"),
            (Phase::Move { card: None }, None) => "No card: any legal move".to_owned(),
            (Phase::Over, None) => "Over".to_owned(),
        });
        d.to_svg()
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    fn __repr__(&self) -> String {
        let card = match self.game.current_card() {
            Some(c) => format!(" card={c}"),
            None => String::new(),
        };
        format!(
            "<CardGame {} phase={}{card} sfen='{}'>",
            self.game.game().variant().name(),
            self.phase(),
            self.sfen()
        )
    }
}
