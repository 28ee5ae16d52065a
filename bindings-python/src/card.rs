//! `CardGame`: Card shogi, where a drawn card names the file to play on.

use crate::board::{game, PyBoard};
use crate::busy::{Read, Write};
use crate::contract;
use crate::convert::{self, Shape};
use crate::enums::ColorObj;
use crate::errors::{play_error, InvalidSfenError, SettingError};
use crate::legal::{MoveSource, PyLegalMoves};
use crate::moves::{move_object, PyMove, PyOutcome};
use crate::research;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
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
    fn seed(this: Read<'_, Self>) -> u64 {
        this.game.seed()
    }

    /// The settings, defaults included.
    #[getter]
    fn settings<'py>(this: Read<'_, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::settings_dict(py, this.game.settings())
    }

    /// ``"draw"`` (a chance step), ``"move"`` or ``"over"``.
    #[getter]
    fn phase(this: Read<'_, Self>) -> &'static str {
        this.phase_name()
    }

    /// The card constraining the move to play, if any.
    #[getter]
    fn current_card(this: Read<'_, Self>) -> Option<u16> {
        this.game.current_card().map(Card::id)
    }

    /// The side to move (a ``Color``).
    #[getter]
    fn turn(this: Read<'_, Self>) -> ColorObj {
        ColorObj(this.game.position().side_to_move())
    }

    /// Files of the board (9 or 5).
    #[getter]
    fn files(this: Read<'_, Self>) -> u8 {
        this.shape().files()
    }

    /// Ranks of the board (9 or 5).
    #[getter]
    fn ranks(this: Read<'_, Self>) -> u8 {
        this.shape().ranks()
    }

    /// The square on ``file`` and ``rank`` (1-based) of this board:
    /// ``(file - 1) * ranks + (rank - 1)``. Raises ``InvalidSquareError`` off the board.
    fn square(
        this: Read<'_, Self>,
        file: &Bound<'_, PyAny>,
        rank: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        this.shape().at(file, rank)
    }

    /// The file (1..) of a square of this board (number or USI name).
    fn square_file(this: Read<'_, Self>, square: &Bound<'_, PyAny>) -> PyResult<u8> {
        convert::square_file(square, this.shape())
    }

    /// The rank (1.., 1 is ``a``) of a square of this board (number or USI name).
    fn square_rank(this: Read<'_, Self>, square: &Bound<'_, PyAny>) -> PyResult<u8> {
        convert::square_rank(square, this.shape())
    }

    /// The USI name of a square of this board (``"5e"``).
    fn square_name(this: Read<'_, Self>, square: &Bound<'_, PyAny>) -> PyResult<String> {
        convert::square_name(square, this.shape())
    }

    /// The number on this board of a square's USI name (a number is checked and returned).
    fn parse_square(this: Read<'_, Self>, name: &Bound<'_, PyAny>) -> PyResult<usize> {
        convert::parse_square(name, this.shape())
    }

    /// Whether the next step is a draw (a chance node).
    fn is_chance_node(this: Read<'_, Self>) -> bool {
        GameState::is_chance_node(&this.game)
    }

    /// Who acts now (the contract's ``to_move``): ``BLACK``/``WHITE`` at a
    /// move, ``"chance"`` when a card is due, ``None`` once over.
    fn to_move<'py>(this: Read<'_, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        contract::to_move(py, &this.game)
    }

    /// Plays one action written as ``history()`` writes it (a USI move, or
    /// ``"chance:ID"``) and returns ``(verdict, (told_black, told_white))``:
    /// the verdict (``"played"``, ``"foul"``; ``None`` for a chance outcome)
    /// and what each seat was told by it, as text (the referee's
    /// announcements in Tsuitate, ``"card:5"`` for a card drawn, nothing in
    /// the open games): what a server sends each seat's connection.
    fn apply_action(
        mut this: Write<'_, Self>,
        action: convert::Text<convert::MoveText>,
    ) -> PyResult<contract::Report> {
        contract::apply_action(&mut this.game, &action)
    }

    /// Every action so far as text, oldest first: ``"chance:ID"`` for each
    /// card drawn (``ID`` as in ``chance_outcomes``) and each move in USI.
    fn history(this: Read<'_, Self>) -> Vec<String> {
        contract::history(&this.game)
    }

    /// What ``color`` sees: the whole card game (a copy: the public deck,
    /// the drawn card, the board).
    fn seen(this: Read<'_, Self>, color: &Bound<'_, PyAny>) -> PyResult<PyCardGame> {
        let seat = convert::color(color)?;
        match GameState::seen(&this.game, seat) {
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
    fn push_usi(
        mut this: Write<'_, Self>,
        py: Python<'_>,
        usi: &Bound<'_, PyString>,
    ) -> PyResult<Py<PyMove>> {
        let mv = convert::a_move_on(usi.as_any(), this.game.position().geometry())?;
        this.push_move(mv)?;
        move_object(py, mv, this.shape())
    }

    /// Whether the side to move is in check.
    fn is_check(this: Read<'_, Self>) -> bool {
        this.game.position().is_check()
    }

    /// Cards left in the draw pile by card (``JOKER`` = 0), only those left.
    fn deck(this: Read<'_, Self>) -> std::collections::BTreeMap<u16, u16> {
        let deck = this.game.deck();
        std::iter::once(Card::Joker)
            .chain((1..=9).map(Card::Rank))
            .map(|c| (c.id(), deck.left(c)))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// How many cards are left to draw before a reshuffle.
    fn cards_left(this: Read<'_, Self>) -> u32 {
        this.game.deck().left_total()
    }

    /// At a draw: each card id that can come (``JOKER`` = 0, ranks 1..9)
    /// and its exact probability, a ``fractions.Fraction``; empty otherwise.
    fn chance_outcomes<'py>(
        this: Read<'_, Self>,
        py: Python<'py>,
    ) -> PyResult<Vec<(u16, Bound<'py, PyAny>)>> {
        contract::chance_outcomes(py, &this.game)
    }

    /// ``color`` resigns (the side to move if ``None``), on either side's
    /// turn or at a draw: a player may resign at any time. ``GameOverError``
    /// once over; ``to_json()`` keeps the resignation.
    #[pyo3(signature = (color = None))]
    fn resign(
        mut this: Write<'_, Self>,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<crate::moves::PyOutcome> {
        contract::resign(&mut this.game, color)
    }

    /// Draws with the game's seeded generator; returns the card. The card
    /// game's word for ``chance_step()``.
    fn draw(mut this: Write<'_, Self>) -> PyResult<u16> {
        contract::chance_step(&mut this.game)
    }

    /// Resolves the draw with the game's seeded generator (so a game replays,
    /// and a saved game resumes, with the same cards); returns the card id.
    fn chance_step(mut this: Write<'_, Self>) -> PyResult<u16> {
        contract::chance_step(&mut this.game)
    }

    /// Chooses the drawn card by its id (search over chance nodes): the
    /// contract's name; ``apply_draw`` is the card game's word for it.
    /// Raises ``ChanceError`` for a card that cannot come now.
    fn apply_chance(mut this: Write<'_, Self>, id: &Bound<'_, PyAny>) -> PyResult<()> {
        contract::apply_chance(&mut this.game, id)
    }

    /// The card game's word for ``apply_chance(card)``.
    fn apply_draw(mut this: Write<'_, Self>, card: &Bound<'_, PyAny>) -> PyResult<()> {
        contract::apply_chance(&mut this.game, card)
    }

    /// The size of the action space (13,689 on 9×9, 1,425 on 5×5).
    #[getter]
    fn num_actions(this: Read<'_, Self>) -> u32 {
        contract::space(&this.game).size()
    }

    /// Distinct card ids of the chance steps: the joker (0) and ranks 1..files.
    #[getter]
    fn num_cards(this: Read<'_, Self>) -> u32 {
        u32::from(this.game.position().geometry().files()) + 1
    }

    /// The allowed moves as actions, ascending (none at a draw or after the end).
    fn legal_actions(this: Read<'_, Self>) -> Vec<u32> {
        contract::legal_actions(&this.game)
    }

    /// A numpy ``bool`` array, one entry per action, true where the card
    /// allows a legal move (``MissingExtraError`` without numpy).
    fn action_mask<'py>(this: Read<'_, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        contract::action_mask(py, &this.game)
    }

    /// The action of a move on this board.
    fn action(this: Read<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<u32> {
        research::action_of(contract::space(&this.game), r#move)
    }

    /// The move of an action.
    fn move_of(
        this: Read<'_, Self>,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyMove>> {
        research::move_of_action(py, contract::space(&this.game), this.shape(), action)
    }

    /// The state as a ``float32`` array ``(planes, ranks, files)`` seen by
    /// ``color`` (default: the side to move): the board planes, then the
    /// chance step, the card's squares, the card one-hot and the deck counts.
    #[pyo3(signature = (color = None))]
    fn observation<'py>(
        this: Read<'_, Self>,
        py: Python<'py>,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let viewer = research::viewer(color, this.game.position().side_to_move())?;
        research::observation_array(py, this.observation_shape_of(), |out| {
            card_observation(&this.game, viewer, out)
        })
    }

    /// ``(planes, ranks, files)`` of ``observation()``.
    #[getter]
    fn observation_shape(this: Read<'_, Self>) -> (usize, usize, usize) {
        research::shape_tuple(this.observation_shape_of())
    }

    /// The legal moves the current card allows.
    fn allowed_moves(this: Read<'_, Self>) -> Vec<PyMove> {
        let shape = this.shape();
        this.game
            .allowed_moves()
            .iter()
            .map(|&m| PyMove(m, shape))
            .collect()
    }

    /// "Show legal squares" under the card: destination indices of the piece
    /// on a square, or of a piece in hand (``"P*"``); empty unless a move is due.
    fn legal_squares(
        this: Read<'_, Self>,
        square_or_drop: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<usize>> {
        contract::legal_squares(&this.game, square_or_drop)
    }

    /// Play a move the card allows. Raises ``IllegalMoveError`` (also at a
    /// draw) or ``GameOverError``; the game is then unchanged.
    fn push(mut this: Write<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = convert::a_move_on(r#move, this.game.position().geometry())?;
        this.push_move(mv)
    }

    /// Each turn's drawn cards and move.
    fn turns(this: Read<'_, Self>) -> Vec<(Vec<u16>, Option<PyMove>)> {
        let shape = this.shape();
        this.game
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
    fn outcome(this: Read<'_, Self>) -> Option<PyOutcome> {
        this.game.outcome().map(PyOutcome)
    }

    /// Whether the game is over.
    fn is_game_over(this: Read<'_, Self>) -> bool {
        this.game.is_over()
    }

    /// A ``Board`` at the current position (the card rule aside).
    fn board(this: Read<'_, Self>) -> PyBoard {
        PyBoard::from_game(this.game.game().clone())
    }

    /// Every piece on the position: ``{square index: piece}`` (``"P"``,
    /// ``"+r"``), as ``Board.piece_map``.
    fn piece_map<'py>(this: Read<'_, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        crate::inspect::piece_map(py, this.game.position())
    }

    /// The squares of ``color``'s pieces of exactly ``kind`` (an SFEN
    /// letter, case ignored), as ``Board.pieces``. Raises ``ArgumentError``.
    fn pieces(
        this: Read<'_, Self>,
        kind: convert::Text<convert::MoveText>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<usize>> {
        crate::inspect::pieces(this.game.position(), &kind, color)
    }

    /// The squares of ``color``'s pieces attacking ``square`` on the
    /// position, pinned ones included, as ``Board.attackers``.
    fn attackers(
        this: Read<'_, Self>,
        color: &Bound<'_, PyAny>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<usize>> {
        crate::inspect::attackers(this.game.position(), color, square)
    }

    /// Whether any of ``color``'s pieces attacks ``square`` on the position.
    fn is_attacked_by(
        this: Read<'_, Self>,
        color: &Bound<'_, PyAny>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        crate::inspect::is_attacked_by(this.game.position(), color, square)
    }

    /// The squares of the pieces giving check to the side to move on the position.
    fn checkers(this: Read<'_, Self>) -> Vec<usize> {
        crate::inspect::checkers(this.game.position())
    }

    /// The square of ``color``'s king on the position (``None`` without one).
    fn king(this: Read<'_, Self>, color: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        crate::inspect::king(this.game.position(), color)
    }

    /// The 64-bit Zobrist hash of the position (board, hands, side to move).
    fn zobrist_hash(this: Read<'_, Self>) -> u64 {
        this.game.position().hash()
    }

    /// The position as a kanji BOD diagram (局面図), as ``Board.bod``.
    fn bod(this: Read<'_, Self>) -> String {
        crate::inspect::bod(this.game.position())
    }

    /// A text diagram of the position for people, as ``str(board)``.
    fn __str__(this: Read<'_, Self>) -> String {
        shogi_formats::diagram::text::labelled(this.game.position())
    }

    /// The current position as SFEN.
    fn sfen(this: Read<'_, Self>) -> String {
        this.game.position().to_sfen()
    }

    /// The game as a saved-game JSON document: seed, cards, moves and the
    /// generator's position (``shogi_variants.load`` reads it back).
    fn to_json(this: Read<'_, Self>) -> String {
        SavedGame::of_card(&this.game).to_json()
    }

    /// Pickles through the saved-game JSON.
    fn __reduce__<'py>(
        this: Read<'_, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        crate::saved::reduce(py, SavedGame::of_card(&this.game))
    }

    /// An independent copy (the generator's state included).
    fn copy(this: Read<'_, Self>) -> Self {
        this.clone()
    }

    /// The board as SVG for Jupyter, with the current card under it:
    /// ``svg()``, with the module's defaults (``set_diagram_defaults``).
    fn _repr_svg_(this: Read<'_, Self>) -> PyResult<String> {
        this.picture(crate::pictures::SvgOptions::default())
    }

    /// The board as SVG with the drawn card under it, drawn as a card, and
    /// its file tinted on the board (also when the card allowed no move and
    /// the game ended so); the result once over. Takes the options of
    /// ``Board.svg``.
    #[pyo3(signature = (flipped = None, highlight = Vec::new(), *, size = None, selected = None, arrows = Vec::new(), marks = Vec::new(), lang = None, pieces = None, font = None))]
    #[allow(clippy::too_many_arguments)]
    fn svg<'py>(
        this: Read<'_, Self>,
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
        this.picture(opts)
    }

    fn __copy__(this: Read<'_, Self>) -> Self {
        this.clone()
    }

    fn __deepcopy__(this: Read<'_, Self>, _memo: &Bound<'_, PyAny>) -> Self {
        this.clone()
    }

    fn __repr__(this: Read<'_, Self>) -> String {
        let card = match this.game.current_card() {
            Some(c) => format!(" card={c}"),
            None => String::new(),
        };
        format!(
            "<CardGame {} seed={} phase={}{card} sfen='{}'>",
            this.game.game().variant().name(),
            this.game.seed(),
            this.phase_name(),
            this.game.position().to_sfen()
        )
    }
}

impl PyCardGame {
    /// The picture of `svg(...)` with these options (`_repr_svg_`: none).
    fn picture(&self, opts: crate::pictures::SvgOptions<'_>) -> PyResult<String> {
        let mut d = self.diagram(crate::pictures::lang(opts.lang.as_ref())?);
        opts.apply(&mut d, self.game.position().geometry(), |sel| {
            crate::pictures::legal(&self.game, sel)
        })?;
        Ok(d.to_svg())
    }
}

impl PyCardGame {
    /// `phase`'s word: ``"draw"``, ``"move"`` or ``"over"``.
    fn phase_name(&self) -> &'static str {
        match self.game.phase() {
            Phase::Draw => "draw",
            Phase::Move { .. } => "move",
            Phase::Over => "over",
        }
    }
}
