//! `CardGame`: Card shogi, where a drawn card names the file to play on.

use crate::board::{game, PyBoard};
use crate::contract;
use crate::convert::{self, Shape};
use crate::enums::ColorObj;
use crate::errors::{play_error, InvalidSfenError, SettingError};
use crate::legal::{MoveSource, PyLegalMoves};
use crate::moves::{move_object, PyMove, PyOutcome};
use crate::research;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString, PyTuple};
use shogi_core::{MoveList, Variant};
use shogi_formats::diagram::{Diagram, Lang};
use shogi_research::observation::{card_observation, ObservationShape};
use shogi_variants::{
    settings_with, Card, CardError, CardGame, CardSettings, GameKind, GameState, Phase, SavedGame,
};

/// Card shogi: a drawn card names the file to play on.
///
/// ``CardGame(sfen=None, *, seed=None, **settings)``: the arguments in the
/// order of ``Board`` and ``TsuitateGame`` (the SFEN first), the seed by
/// keyword only (no seed: a fresh one from the OS, kept in ``seed``), with
/// the settings ``copies_per_rank``, ``jokers``, ``file_rule``, ``no_move``,
/// ``check_exempt``, ``capture_duty``, ``move_limit``, ``base``.
#[pyclass(module = "shogi_variants", name = "CardGame")]
#[derive(Clone)]
pub struct PyCardGame {
    pub game: CardGame,
}

impl PyCardGame {
    /// The board's square numbering.
    #[inline]
    pub fn shape(&self) -> Shape {
        Shape::of(self.game.position().geometry())
    }

    fn observation_shape_of(&self) -> ObservationShape {
        let g = self.game.position().geometry();
        ObservationShape::card(g.files(), g.ranks())
    }

    /// Plays `mv` through the contract: refused with its exception, the game unchanged.
    fn push_move(&mut self, mv: shogi_core::Move) -> PyResult<()> {
        GameState::play(&mut self.game, mv)
            .map(|_| ())
            .map_err(play_error)
    }

    /// The card on the table: the one drawn for the move to be played now,
    /// or, once over, the last card of a turn that got no move (the card
    /// that allowed none).
    fn shown_card(&self) -> Option<Card> {
        self.game.current_card().or_else(|| {
            let last = self.game.turns().last()?;
            match (self.game.is_over(), last.mv) {
                (true, None) => last.cards.last().copied(),
                _ => None,
            }
        })
    }

    /// The position with its last move marked, the card drawn as a card with
    /// its file tinted, what to do in the caption, and the result once over.
    fn diagram(&self, lang: Lang) -> Diagram {
        let mut d = Diagram::of_position(self.game.position());
        d.lang = lang;
        d.last_move = self.game.game().moves().last().copied();
        d.outcome = self.game.outcome();
        let card = self.shown_card();
        d.card = card.map(|c| c.to_string());
        d.card_file = match card {
            Some(Card::Rank(file)) => Some(file),
            _ => None,
        };
        let ja = lang == Lang::Japanese;
        d.caption = match (self.game.phase(), self.game.outcome()) {
            (_, Some(_)) => None,
            (Phase::Draw, None) => Some(if ja { "札を引く" } else { "Draw a card" }.to_owned()),
            (
                Phase::Move {
                    card: Some(Card::Joker),
                },
                None,
            ) => Some(
                if ja {
                    "ジョーカー：どの手でもよい"
                } else {
                    "Joker: any move"
                }
                .to_owned(),
            ),
            (Phase::Move { card: Some(c) }, None) => Some(if ja {
                format!("{c}筋に指す")
            } else {
                format!("Play on file {c}")
            }),
            (Phase::Move { card: None }, None) => Some(
                if ja {
                    "札なし：どの合法手でもよい"
                } else {
                    "No card: any legal move"
                }
                .to_owned(),
            ),
            (Phase::Over, None) => None,
        };
        d
    }
}

/// A card game's allowed moves for `LegalMoves`.
struct CardMoves;

impl MoveSource for CardMoves {
    fn list(&self, owner: &Bound<'_, PyAny>) -> PyResult<MoveList> {
        Ok(GameState::legal_moves(
            &crate::legal::read::<PyCardGame>(owner)?.game,
        ))
    }

    fn shape(&self, owner: &Bound<'_, PyAny>) -> PyResult<Shape> {
        Ok(crate::legal::read::<PyCardGame>(owner)?.shape())
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
    ) -> PyResult<Self> {
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
    fn current_card(&self) -> Option<u16> {
        self.game.current_card().map(Card::id)
    }

    /// The side to move (a ``Color``).
    #[getter]
    fn turn(&self) -> ColorObj {
        ColorObj(self.game.position().side_to_move())
    }

    /// Files of the board (9 or 5).
    #[getter]
    fn files(&self) -> u8 {
        self.shape().files()
    }

    /// Ranks of the board (9 or 5).
    #[getter]
    fn ranks(&self) -> u8 {
        self.shape().ranks()
    }

    /// The square on ``file`` and ``rank`` (1-based) of this board:
    /// ``(file - 1) * ranks + (rank - 1)``. Raises ``InvalidSquareError`` off the board.
    fn square(&self, file: &Bound<'_, PyAny>, rank: &Bound<'_, PyAny>) -> PyResult<usize> {
        self.shape().at(file, rank)
    }

    /// The file (1..) of a square of this board (number or USI name).
    fn square_file(&self, square: &Bound<'_, PyAny>) -> PyResult<u8> {
        convert::square_file(square, self.shape())
    }

    /// The rank (1.., 1 is ``a``) of a square of this board (number or USI name).
    fn square_rank(&self, square: &Bound<'_, PyAny>) -> PyResult<u8> {
        convert::square_rank(square, self.shape())
    }

    /// The USI name of a square of this board (``"5e"``).
    fn square_name(&self, square: &Bound<'_, PyAny>) -> PyResult<String> {
        convert::square_name(square, self.shape())
    }

    /// The number on this board of a square's USI name (a number is checked and returned).
    fn parse_square(&self, name: &Bound<'_, PyAny>) -> PyResult<usize> {
        convert::parse_square(name, self.shape())
    }

    /// Whether the next step is a draw (a chance node).
    fn is_chance_node(&self) -> bool {
        GameState::is_chance_node(&self.game)
    }

    /// Who acts now (the contract's ``to_move``): ``BLACK``/``WHITE`` at a
    /// move, ``"chance"`` when a card is due, ``None`` once over.
    fn to_move<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        contract::to_move(py, &self.game)
    }

    /// Every action so far as text, oldest first: ``"chance:ID"`` for each
    /// card drawn (``ID`` as in ``chance_outcomes``) and each move in USI.
    fn history(&self) -> Vec<String> {
        contract::history(&self.game)
    }

    /// What ``color`` sees: the whole card game (a copy: the public deck,
    /// the drawn card, the board).
    fn seen(&self, color: &Bound<'_, PyAny>) -> PyResult<PyCardGame> {
        let seat = convert::color(color)?;
        match GameState::seen(&self.game, seat) {
            shogi_variants::Seen::Card(g) => Ok(PyCardGame { game: g.clone() }),
            _ => Err(crate::errors::ShogiError::new_err(
                "a card game's seat sees the card game",
            )),
        }
    }

    /// The moves the drawn card allows (none at a draw or after the end),
    /// generated when used; ``allowed_moves()`` is the same as a list.
    #[getter]
    fn legal_moves(slf: Bound<'_, Self>) -> PyLegalMoves {
        PyLegalMoves::new(slf.into_any().unbind(), &CardMoves)
    }

    /// Plays a USI move the card allows; returns it.
    fn push_usi(&mut self, py: Python<'_>, usi: &Bound<'_, PyString>) -> PyResult<Py<PyMove>> {
        let mv = convert::a_move_on(usi.as_any(), self.game.position().geometry())?;
        self.push_move(mv)?;
        move_object(py, mv, self.shape())
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.game.position().is_check()
    }

    /// Cards left in the draw pile by card (``JOKER`` = 0), only those left.
    fn deck(&self) -> std::collections::BTreeMap<u16, u16> {
        let deck = self.game.deck();
        std::iter::once(Card::Joker)
            .chain((1..=9).map(Card::Rank))
            .map(|c| (c.id(), deck.left(c)))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// How many cards are left to draw before a reshuffle.
    fn cards_left(&self) -> u32 {
        self.game.deck().left_total()
    }

    /// At a draw: each card id that can come (``JOKER`` = 0, ranks 1..9)
    /// and its exact probability, a ``fractions.Fraction``; empty otherwise.
    fn chance_outcomes<'py>(&self, py: Python<'py>) -> PyResult<Vec<(u16, Bound<'py, PyAny>)>> {
        contract::chance_outcomes(py, &self.game)
    }

    /// Draws with the game's seeded generator; returns the card. The card
    /// game's word for ``chance_step()``.
    fn draw(&mut self) -> PyResult<u16> {
        contract::chance_step(&mut self.game)
    }

    /// Resolves the draw with the game's seeded generator (so a game replays,
    /// and a saved game resumes, with the same cards); returns the card id.
    fn chance_step(&mut self) -> PyResult<u16> {
        contract::chance_step(&mut self.game)
    }

    /// Chooses the drawn card by its id (search over chance nodes): the
    /// contract's name; ``apply_draw`` is the card game's word for it.
    /// Raises ``ChanceError`` for a card that cannot come now.
    fn apply_chance(&mut self, id: &Bound<'_, PyAny>) -> PyResult<()> {
        contract::apply_chance(&mut self.game, id)
    }

    /// The card game's word for ``apply_chance(card)``.
    fn apply_draw(&mut self, card: &Bound<'_, PyAny>) -> PyResult<()> {
        contract::apply_chance(&mut self.game, card)
    }

    /// The size of the action space (13,689 on 9×9, 1,425 on 5×5).
    #[getter]
    fn num_actions(&self) -> u32 {
        contract::space(&self.game).size()
    }

    /// Distinct card ids of the chance steps: the joker (0) and ranks 1..files.
    #[getter]
    fn num_cards(&self) -> u32 {
        u32::from(self.game.position().geometry().files()) + 1
    }

    /// The allowed moves as actions, ascending (none at a draw or after the end).
    fn legal_actions(&self) -> Vec<u32> {
        contract::legal_actions(&self.game)
    }

    /// One byte per action, 1 where the card allows a legal move.
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        contract::action_mask(py, &self.game)
    }

    /// The action of a move on this board.
    fn action(&self, r#move: &Bound<'_, PyAny>) -> PyResult<u32> {
        research::action_of(contract::space(&self.game), r#move)
    }

    /// The move of an action.
    fn move_of(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Py<PyMove>> {
        research::move_of_action(py, contract::space(&self.game), self.shape(), action)
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
        let shape = self.shape();
        self.game
            .allowed_moves()
            .iter()
            .map(|&m| PyMove(m, shape))
            .collect()
    }

    /// "Show legal squares" under the card: destination indices of the piece
    /// on a square, or of a piece in hand (``"P*"``); empty unless a move is due.
    fn legal_squares(&self, square_or_drop: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        contract::legal_squares(&self.game, square_or_drop)
    }

    /// Play a move the card allows. Raises ``IllegalMoveError`` (also at a
    /// draw) or ``GameOverError``; the game is then unchanged.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = convert::a_move_on(r#move, self.game.position().geometry())?;
        self.push_move(mv)
    }

    /// Each turn's drawn cards and move.
    fn turns(&self) -> Vec<(Vec<u16>, Option<PyMove>)> {
        let shape = self.shape();
        self.game
            .turns()
            .iter()
            .map(|t| {
                (
                    t.cards.iter().map(|&c| c.id()).collect(),
                    t.mv.map(|m| PyMove(m, shape)),
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

    /// Every piece on the position: ``{square index: piece}`` (``"P"``,
    /// ``"+r"``), as ``Board.piece_map``.
    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        crate::inspect::piece_map(py, self.game.position())
    }

    /// The squares of ``color``'s pieces of exactly ``kind`` (an SFEN
    /// letter, case ignored), as ``Board.pieces``. Raises ``ArgumentError``.
    fn pieces(
        &self,
        kind: convert::Text<convert::MoveText>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<usize>> {
        crate::inspect::pieces(self.game.position(), &kind, color)
    }

    /// The squares of ``color``'s pieces attacking ``square`` on the
    /// position, pinned ones included, as ``Board.attackers``.
    fn attackers(
        &self,
        color: &Bound<'_, PyAny>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<usize>> {
        crate::inspect::attackers(self.game.position(), color, square)
    }

    /// Whether any of ``color``'s pieces attacks ``square`` on the position.
    fn is_attacked_by(
        &self,
        color: &Bound<'_, PyAny>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        crate::inspect::is_attacked_by(self.game.position(), color, square)
    }

    /// The squares of the pieces giving check to the side to move on the position.
    fn checkers(&self) -> Vec<usize> {
        crate::inspect::checkers(self.game.position())
    }

    /// The square of ``color``'s king on the position (``None`` without one).
    fn king(&self, color: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        crate::inspect::king(self.game.position(), color)
    }

    /// The 64-bit Zobrist hash of the position (board, hands, side to move).
    fn zobrist_hash(&self) -> u64 {
        self.game.position().hash()
    }

    /// The position as a kanji BOD diagram (局面図), as ``Board.bod``.
    fn bod(&self) -> String {
        crate::inspect::bod(self.game.position())
    }

    /// A text diagram of the position for people, as ``str(board)``.
    fn __str__(&self) -> String {
        shogi_formats::diagram::text::labelled(self.game.position())
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
        self.diagram(Lang::Japanese).to_svg()
    }

    /// The board as SVG with the drawn card under it, drawn as a card, and
    /// its file tinted on the board (also when the card allowed no move and
    /// the game ended so); the result once over. Takes the options of
    /// ``Board.svg``.
    #[pyo3(signature = (flipped = None, highlight = Vec::new(), *, size = None, selected = None, arrows = Vec::new(), marks = Vec::new(), lang = None, pieces = None, font = None))]
    #[allow(clippy::too_many_arguments)]
    fn svg<'py>(
        &self,
        flipped: Option<bool>,
        highlight: Vec<Bound<'py, PyAny>>,
        size: Option<Bound<'py, PyAny>>,
        selected: Option<Bound<'py, PyAny>>,
        arrows: Vec<Bound<'py, PyAny>>,
        marks: Vec<Bound<'py, PyAny>>,
        lang: Option<Bound<'py, PyAny>>,
        pieces: Option<Bound<'py, PyAny>>,
        font: Option<Bound<'py, PyAny>>,
    ) -> PyResult<String> {
        let opts = crate::pictures::SvgOptions {
            flipped,
            highlight,
            size,
            selected,
            arrows,
            marks,
            lang,
            pieces,
            font,
        };
        let mut d = self.diagram(crate::pictures::lang(opts.lang.as_ref())?);
        opts.apply(&mut d, self.game.position().geometry(), |sel| {
            crate::pictures::legal(&self.game, sel)
        })?;
        Ok(d.to_svg())
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
            "<CardGame {} seed={} phase={}{card} sfen='{}'>",
            self.game.game().variant().name(),
            self.game.seed(),
            self.phase(),
            self.sfen()
        )
    }
}
