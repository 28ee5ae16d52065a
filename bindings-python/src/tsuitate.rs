//! Tsuitate shogi: `TsuitateGame` (the referee's game), `PlayerView`,
//! `Announcement`, `Ruling`.

use crate::board::over;
use crate::busy::{Read, Write};
use crate::contract;
use crate::convert::{self, Selected, Shape};
use crate::enums::ColorObj;
use crate::errors::{IllegalMoveError, InvalidSfenError, SettingError, ShogiError};
use crate::legal::{MoveSource, PyLegalMoves};
use crate::moves::{PyMove, PyOutcome};
use crate::research;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use shogi_core::{Color, MoveList, Piece};
use shogi_formats::diagram::{Diagram, Lang};
use shogi_research::action::ActionSpace;
use shogi_research::observation::{
    tsuitate_information_capacity, tsuitate_information_state, tsuitate_observation,
    tsuitate_private_planes, ObservationShape, ANNOUNCEMENT_WIDTH,
};
use shogi_variants::{
    settings_with, Announcement, Capture, Event, Fact, FoulReason, GameKind, GameState, PlayerView,
    PrivateFact, PublicFact, Referee, SavedGame, TsuitateError, TsuitateSettings, Verdict,
};

/// One thing a Tsuitate player is told, or did.
#[pyclass(module = "shogi_variants", name = "Announcement", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyAnnouncement(pub Announcement, pub Shape);

#[pymethods]
impl PyAnnouncement {
    /// Pickles as its serde form; `copy.copy` and `copy.deepcopy` give an
    /// equal value.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, u8, u8))> {
        crate::moves::reduce_json_on(py.get_type::<PyAnnouncement>(), &self.0, self.1)
    }

    /// Reads back what `__reduce__` wrote.
    #[staticmethod]
    #[pyo3(signature = (json, files = 9, ranks = 9))]
    fn _from_json(json: &str, files: u8, ranks: u8) -> PyResult<Self> {
        let shape = crate::moves::pickled_shape("Announcement", files, ranks)?;
        crate::moves::from_json("Announcement", json).map(|a| PyAnnouncement(a, shape))
    }

    /// What kind of announcement (Rust's ``Announcement::name``).
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.name()
    }

    /// For ``attempted``: the move.
    #[getter]
    fn r#move(&self) -> Option<PyMove> {
        match self.0 {
            Announcement::Attempted(m) => Some(PyMove(m, self.1)),
            _ => None,
        }
    }

    /// For ``foul``/``opponent_foul``: the foul count now.
    #[getter]
    fn count(&self) -> Option<u32> {
        match self.0 {
            Announcement::Foul { count } | Announcement::OpponentFoul { count } => Some(count),
            _ => None,
        }
    }

    /// For ``capture``: the square, numbered on the game's board.
    #[getter]
    fn square(&self) -> Option<usize> {
        match self.0 {
            Announcement::Capture { square, .. } => Some(self.1.index(square)),
            _ => None,
        }
    }

    /// For ``capture``: the captured piece's kind as it stood (uppercase, ``+`` if promoted).
    #[getter]
    fn piece(&self) -> Option<String> {
        match self.0 {
            Announcement::Capture { kind, .. } => Some(kind.to_string()),
            _ => None,
        }
    }

    /// For ``game_over``: the outcome.
    #[getter]
    fn outcome(&self) -> Option<PyOutcome> {
        match self.0 {
            Announcement::GameOver(o) => Some(PyOutcome(o)),
            _ => None,
        }
    }

    /// The one text form (Rust's ``Display``): ``attempted:7g7f``,
    /// ``capture:2b:B``, ``game_over:white:foul_limit``...
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Announcement {}>", self.0)
    }
}

/// A capture as both players are told of it: the square and the piece taken.
#[pyclass(module = "shogi_variants", name = "Capture", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyCapture(pub Capture, pub Shape);

#[pymethods]
impl PyCapture {
    /// Pickles as its serde form; `copy.copy` and `copy.deepcopy` give an
    /// equal value.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, u8, u8))> {
        crate::moves::reduce_json_on(py.get_type::<PyCapture>(), &self.0, self.1)
    }

    /// Reads back what `__reduce__` wrote.
    #[staticmethod]
    #[pyo3(signature = (json, files = 9, ranks = 9))]
    fn _from_json(json: &str, files: u8, ranks: u8) -> PyResult<Self> {
        let shape = crate::moves::pickled_shape("Capture", files, ranks)?;
        crate::moves::from_json("Capture", json).map(|c| PyCapture(c, shape))
    }

    /// The square, numbered on the game's board (``square_name`` gives its
    /// USI name).
    #[getter]
    fn square(&self) -> usize {
        self.1.index(self.0.square)
    }

    /// The square's USI name (``"2b"``).
    #[getter]
    fn square_name(&self) -> String {
        self.0.square.to_string()
    }

    /// The captured piece as ``Board.piece_at`` writes it: its SFEN letter in
    /// its owner's case, ``+`` if it stood promoted (``"b"``, ``"+B"``).
    #[getter]
    fn piece(&self) -> String {
        Piece::new(self.0.owner, self.0.piece).to_string()
    }

    /// The captured piece's kind as it stood, uppercase (``"B"``, ``"+B"``).
    #[getter]
    fn kind(&self) -> String {
        self.0.piece.to_string()
    }

    /// Whose piece was taken (``Color.BLACK``/``Color.WHITE``): the opponent of the mover.
    #[getter]
    fn owner(&self) -> ColorObj {
        ColorObj(self.0.owner)
    }

    fn __repr__(&self) -> String {
        format!("<Capture {} on {}>", self.piece(), self.0.square)
    }
}

/// What one player learned of one attempt (Rust's ``Event``): the
/// announcements of that attempt, grouped.
#[pyclass(module = "shogi_variants", name = "Event", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyEvent(pub Event, pub Shape);

#[pymethods]
impl PyEvent {
    /// Pickles as its serde form; `copy.copy` and `copy.deepcopy` give an
    /// equal value.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, u8, u8))> {
        crate::moves::reduce_json_on(py.get_type::<PyEvent>(), &self.0, self.1)
    }

    /// Reads back what `__reduce__` wrote.
    #[staticmethod]
    #[pyo3(signature = (json, files = 9, ranks = 9))]
    fn _from_json(json: &str, files: u8, ranks: u8) -> PyResult<Self> {
        let shape = crate::moves::pickled_shape("Event", files, ranks)?;
        crate::moves::from_json("Event", json).map(|e| PyEvent(e, shape))
    }

    /// Who attempted (``Color.BLACK``/``Color.WHITE``).
    #[getter]
    fn by(&self) -> ColorObj {
        ColorObj(self.0.by)
    }

    /// The move attempted: known for the player's own attempts only, else ``None``.
    #[getter]
    fn attempted(&self) -> Option<PyMove> {
        self.0.attempted.map(|m| PyMove(m, self.1))
    }

    /// ``"played"`` or ``"foul"`` as told; ``None`` for an opponent's foul
    /// not announced to both that ended the game (only the end was told).
    #[getter]
    fn verdict(&self) -> Option<&'static str> {
        self.0.verdict.map(Verdict::name)
    }

    /// The capture the move made, or ``None``.
    #[getter]
    fn capture(&self) -> Option<PyCapture> {
        self.0.capture.map(|c| PyCapture(c, self.1))
    }

    /// Whether the move gave check.
    #[getter]
    fn check(&self) -> bool {
        self.0.check
    }

    /// The outcome, if this attempt ended the game.
    #[getter]
    fn game_over(&self) -> Option<PyOutcome> {
        self.0.game_over.map(PyOutcome)
    }

    /// After a foul: the fouler's count now (the opponent's only as announced).
    #[getter]
    fn fouls(&self) -> Option<u32> {
        self.0.fouls
    }

    fn __repr__(&self) -> String {
        let e = &self.0;
        let mut parts = vec![format!(
            "by={}",
            if e.by == Color::Black {
                "BLACK"
            } else {
                "WHITE"
            }
        )];
        if let Some(m) = e.attempted {
            parts.push(format!("attempted={m}"));
        }
        if let Some(v) = e.verdict {
            parts.push(v.name().to_owned());
        }
        if let Some(c) = e.capture {
            parts.push(format!(
                "capture={}@{}",
                Piece::new(c.owner, c.piece),
                c.square
            ));
        }
        if e.check {
            parts.push("check".to_owned());
        }
        if let Some(n) = e.fouls {
            parts.push(format!("fouls={n}"));
        }
        if let Some(o) = e.game_over {
            parts.push(format!("game_over='{o}'"));
        }
        format!("<Event {}>", parts.join(" "))
    }
}

fn announcements(list: &[Announcement], shape: Shape) -> Vec<PyAnnouncement> {
    list.iter().map(|&a| PyAnnouncement(a, shape)).collect()
}

/// The referee's verdict on an attempt and what each player was told.
///
/// Rulings compare equal when the verdict and everything told are; they
/// pickle and copy.
#[pyclass(module = "shogi_variants", name = "Ruling", frozen, eq)]
#[derive(PartialEq)]
pub struct PyRuling {
    verdict: Verdict,
    told: [Vec<Announcement>; 2],
    /// The game's square numbering.
    shape: Shape,
}

impl PyRuling {
    fn event_of(&self, color: Color) -> Option<PyEvent> {
        shogi_variants::events(color, &self.told[color.index()])
            .pop()
            .map(|e| PyEvent(e, self.shape))
    }
}

#[pymethods]
impl PyRuling {
    /// Pickles as its serde form; `copy.copy` and `copy.deepcopy` give an
    /// equal value.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, u8, u8))> {
        crate::moves::reduce_json_on(
            py.get_type::<PyRuling>(),
            &(self.verdict, &self.told),
            self.shape,
        )
    }

    /// Reads back what `__reduce__` wrote.
    #[staticmethod]
    #[pyo3(signature = (json, files = 9, ranks = 9))]
    fn _from_json(json: &str, files: u8, ranks: u8) -> PyResult<Self> {
        let shape = crate::moves::pickled_shape("Ruling", files, ranks)?;
        crate::moves::from_json("Ruling", json).map(|(verdict, told)| PyRuling {
            verdict,
            told,
            shape,
        })
    }

    /// ``"played"`` or ``"foul"``.
    #[getter]
    fn verdict(&self) -> &'static str {
        self.verdict.name()
    }

    /// Whether the move was played.
    #[getter]
    fn played(&self) -> bool {
        self.verdict == Verdict::Played
    }

    /// Announcements to Black and to White.
    #[getter]
    fn told(&self) -> (Vec<PyAnnouncement>, Vec<PyAnnouncement>) {
        (
            announcements(&self.told[0], self.shape),
            announcements(&self.told[1], self.shape),
        )
    }

    /// What Black and what White learned of this attempt, one ``Event``
    /// each, or ``None`` for a player told nothing (an opponent's foul not
    /// announced to both).
    #[getter]
    fn events(&self) -> (Option<PyEvent>, Option<PyEvent>) {
        (self.event_of(Color::Black), self.event_of(Color::White))
    }

    /// What ``color`` learned of this attempt (``None``: nothing).
    fn event(&self, color: &Bound<'_, PyAny>) -> PyResult<Option<PyEvent>> {
        Ok(self.event_of(convert::color(color)?))
    }

    fn __repr__(&self) -> String {
        let side = |i: usize| {
            self.told[i]
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!(
            "<Ruling {} black=[{}] white=[{}]>",
            self.verdict(),
            side(0),
            side(1)
        )
    }
}

/// What one Tsuitate player knows: their own pieces and hand and what they were told.
///
/// A view pickles and copies as the view itself, what its seat knows (its
/// own board, counts and information state), never the referee's hidden
/// position; two views are equal when everything they know is.
#[pyclass(module = "shogi_variants", name = "PlayerView", frozen, eq)]
#[derive(PartialEq)]
pub struct PyPlayerView {
    pub view: PlayerView,
}

impl PyPlayerView {
    fn space(&self) -> ActionSpace {
        ActionSpace::new(self.view.board.files(), self.view.board.ranks())
            .unwrap_or(ActionSpace::of(&shogi_variants::Standard::GEOMETRY))
    }

    fn shape(&self) -> ObservationShape {
        ObservationShape::tsuitate(self.view.board.files(), self.view.board.ranks())
    }

    /// The own board's square numbering.
    #[inline]
    pub fn squares(&self) -> Shape {
        Shape::of(self.view.board.geometry())
    }

    /// The own board with what the player was told marked.
    fn diagram(&self, lang: Lang) -> Diagram {
        Diagram::of_view(&self.view, lang)
    }
}

/// A view's candidate attempts for `LegalMoves`.
struct ViewMoves;

impl MoveSource for ViewMoves {
    fn list(&self, owner: &Bound<'_, PyAny>) -> PyResult<MoveList> {
        Ok(owner.cast::<PyPlayerView>()?.get().view.candidate_moves())
    }

    fn shape(&self, owner: &Bound<'_, PyAny>) -> PyResult<Shape> {
        Ok(owner.cast::<PyPlayerView>()?.get().squares())
    }
}

/// The most numbers an information state tensor holds (2**28 ``float32``,
/// 1 GiB): far beyond any game, small enough to allocate.
const MAX_TENSOR_LEN: usize = 1 << 28;

#[pymethods]
impl PyPlayerView {
    /// Pickles as its serde form; `copy.copy` and `copy.deepcopy` give an
    /// equal value.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        crate::moves::reduce_json(py.get_type::<PyPlayerView>(), &self.view)
    }

    /// Reads back what `__reduce__` wrote.
    #[staticmethod]
    fn _from_json(json: &str) -> PyResult<Self> {
        crate::moves::from_json("PlayerView", json).map(|view| PyPlayerView { view })
    }

    /// Whose view (a ``Color``).
    #[getter]
    fn color(&self) -> ColorObj {
        ColorObj(self.view.color)
    }

    /// Whether it is this player's turn.
    #[getter]
    fn to_move(&self) -> bool {
        self.view.to_move
    }

    /// Played moves so far (both sides; fouls not counted).
    #[getter]
    fn moves_played(&self) -> u32 {
        self.view.moves_played
    }

    /// This player's fouls.
    #[getter]
    fn fouls(&self) -> u32 {
        self.view.fouls
    }

    /// The opponent's fouls as far as announced.
    #[getter]
    fn opponent_fouls_known(&self) -> u32 {
        self.view.opponent_fouls_known
    }

    /// Everything this player did and was told, in order (perfect recall).
    #[getter]
    fn information_state(&self) -> Vec<PyAnnouncement> {
        announcements(&self.view.information_state, self.squares())
    }

    /// The information state grouped by attempt: one ``Event`` per attempt
    /// this player learned of, in order.
    #[getter]
    fn events(&self) -> Vec<PyEvent> {
        let shape = self.squares();
        self.view
            .events()
            .into_iter()
            .map(|e| PyEvent(e, shape))
            .collect()
    }

    /// For the OpenSpiel observer: the information state as Rust's
    /// ``PlayerView::facts`` splits it, one ``(public, private)`` pair per
    /// fact, the other ``None``. A public fact is ``(kind, side, a, b)``:
    /// ``("played", by, None, None)``, ``("foul", by, count, None)``,
    /// ``("capture", None, square, kind)``, ``("check", None, None, None)``,
    /// ``("game_over", winner, reason, None)``; a private one is
    /// ``("attempted", move)`` or ``("foul", count)``.
    fn _facts<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let shape = self.squares();
        let none = || py.None().into_bound(py);
        let mut out = Vec::new();
        for fact in self.view.facts() {
            let (public, private) = match fact {
                Fact::Public(p) => {
                    let four = match p {
                        PublicFact::Played { by } => (
                            "played",
                            ColorObj(by).into_pyobject(py)?.into_any(),
                            none(),
                            none(),
                        ),
                        PublicFact::Foul { by, count } => (
                            "foul",
                            ColorObj(by).into_pyobject(py)?.into_any(),
                            count.into_pyobject(py)?.into_any(),
                            none(),
                        ),
                        PublicFact::Capture(c) => (
                            "capture",
                            none(),
                            shape.index(c.square).into_pyobject(py)?.into_any(),
                            c.piece.to_string().into_pyobject(py)?.into_any(),
                        ),
                        PublicFact::Check => ("check", none(), none(), none()),
                        PublicFact::GameOver(o) => {
                            let o = Bound::new(py, PyOutcome(o))?;
                            (
                                "game_over",
                                o.getattr("winner")?,
                                o.getattr("reason")?,
                                none(),
                            )
                        }
                    };
                    (four.into_pyobject(py)?.into_any(), none())
                }
                Fact::Private(PrivateFact::Attempted(mv)) => {
                    let item = ("attempted", PyMove(mv, shape)).into_pyobject(py)?;
                    (none(), item.into_any())
                }
                Fact::Private(PrivateFact::Foul { count }) => {
                    (none(), ("foul", count).into_pyobject(py)?.into_any())
                }
            };
            out.push(PyTuple::new(py, [public, private])?);
        }
        Ok(out)
    }

    /// For the OpenSpiel observer: the planes of ``observation()`` only this
    /// player knows (Rust's ``tsuitate_private_planes``, named there).
    fn _private_planes(&self) -> Vec<usize> {
        tsuitate_private_planes(&self.view)
    }

    /// This player's side of the board as SFEN: their own pieces and hand
    /// only; the opponent's pieces and hand are absent (so it is no legal
    /// position: a diagram of what this player sees). The side to move is
    /// ``turn``; the move number counts played moves.
    fn sfen(&self) -> String {
        self.view.sfen()
    }

    /// Files of the board (9 or 5).
    #[getter]
    fn files(&self) -> u8 {
        self.view.board.files()
    }

    /// Ranks of the board (9 or 5).
    #[getter]
    fn ranks(&self) -> u8 {
        self.view.board.ranks()
    }

    /// The square on ``file`` and ``rank`` (1-based) of this board:
    /// ``(file - 1) * ranks + (rank - 1)``. Raises ``InvalidSquareError`` off the board.
    fn square(&self, file: &Bound<'_, PyAny>, rank: &Bound<'_, PyAny>) -> PyResult<usize> {
        self.squares().at(file, rank)
    }

    /// The file (1..) of a square of this board (number or USI name).
    fn square_file(&self, square: &Bound<'_, PyAny>) -> PyResult<u8> {
        convert::square_file(square, self.squares())
    }

    /// The rank (1.., 1 is ``a``) of a square of this board (number or USI name).
    fn square_rank(&self, square: &Bound<'_, PyAny>) -> PyResult<u8> {
        convert::square_rank(square, self.squares())
    }

    /// The USI name of a square of this board (``"5e"``).
    fn square_name(&self, square: &Bound<'_, PyAny>) -> PyResult<String> {
        convert::square_name(square, self.squares())
    }

    /// The number on this board of a square's USI name (a number is checked and returned).
    fn parse_square(&self, name: &Bound<'_, PyAny>) -> PyResult<usize> {
        convert::parse_square(name, self.squares())
    }

    /// The side to move as this player knows it: their own colour while
    /// ``to_move``, else the opponent's (also once the game is over).
    #[getter]
    fn turn(&self) -> ColorObj {
        ColorObj(self.view.side_to_move())
    }

    /// Whether this player is in check as far as they were told: the last
    /// played move was the opponent's and was announced as check (a check
    /// standing in the start position is not announced, so not known).
    fn is_check(&self) -> bool {
        self.view.is_check()
    }

    /// The candidate attempts (moves the own pieces allow, the hidden enemy
    /// ignored), generated when used; empty when it is not this player's turn.
    #[getter]
    fn legal_moves(slf: Bound<'_, Self>) -> PyLegalMoves {
        PyLegalMoves::new(slf.into_any().unbind(), &ViewMoves)
    }

    /// The information state as one string (a key for tabular methods).
    fn information_state_string(&self) -> String {
        let color = self.view.color.name();
        let items: Vec<String> = self
            .view
            .information_state
            .iter()
            .map(ToString::to_string)
            .collect();
        format!("{color}|{}", items.join(";"))
    }

    /// The size of the action space (13,689 on 9×9, 1,425 on 5×5).
    #[getter]
    fn num_actions(&self) -> u32 {
        self.space().size()
    }

    /// The candidate moves as actions, ascending (none when not to move).
    fn legal_actions(&self) -> Vec<u32> {
        research::legal_actions(self.space(), &self.view.candidate_moves())
    }

    /// A numpy ``bool`` array, one entry per action, true for the
    /// candidate moves (``MissingExtraError`` without numpy).
    fn action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        research::mask_array(py, self.space(), &self.view.candidate_moves())
    }

    /// The action of a move on this board.
    fn action(&self, r#move: &Bound<'_, PyAny>) -> PyResult<u32> {
        research::action_of(self.space(), r#move)
    }

    /// The move of an action.
    fn move_of(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Py<PyMove>> {
        research::move_of_action(py, self.space(), self.squares(), action)
    }

    /// What this player knows as a ``float32`` array ``(planes, ranks,
    /// files)``, the board turned for White: own pieces and hand, the
    /// pieces the opponent took, the last announcements, this turn's fouled
    /// attempts, foul and move counts. Nothing hidden: it is computed from
    /// this view alone.
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        research::observation_array(py, self.shape(), |out| {
            tsuitate_observation(&self.view, out)
        })
    }

    /// ``(planes, ranks, files)`` of ``observation()``.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        research::shape_tuple(self.shape())
    }

    /// The information state with perfect recall, as a flat ``float32``
    /// array: ``observation()`` flattened, then ``capacity`` rows of 10
    /// numbers, one per announcement in order (zeros after). ``capacity``
    /// defaults to the most a game under these limits can need; it is
    /// required without a move limit. Raises ``ShogiError`` if the
    /// announcements do not fit, if ``capacity`` is more than any game under
    /// these limits needs (the message says how many rows that is), or if
    /// the tensor would pass 2**28 numbers (1 GiB); ``MemoryError`` if the
    /// memory cannot be had. A huge capacity never aborts the interpreter.
    #[pyo3(signature = (capacity = None))]
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        capacity: Option<convert::Int<usize, convert::Capacity>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let capacity = capacity.map(convert::Int::get);
        let natural = tsuitate_information_capacity(self.view.foul_limit, self.view.move_limit);
        let capacity = match (capacity, natural) {
            (Some(c), Some(most)) if c > most => {
                return Err(ShogiError::new_err(format!(
                    "capacity {c} is more than any game under these limits needs: \
                     {most} announcement rows (the default) hold every information state"
                )))
            }
            (Some(c), _) => c,
            (None, Some(most)) => most,
            (None, None) => {
                return Err(ShogiError::new_err(
                    "no move limit bounds the game: pass a capacity",
                ))
            }
        };
        let len = self
            .shape()
            .len()
            .checked_add(capacity.saturating_mul(ANNOUNCEMENT_WIDTH))
            .filter(|&n| n <= MAX_TENSOR_LEN)
            .ok_or_else(|| {
                ShogiError::new_err(format!(
                    "capacity {capacity} is too large: the tensor would pass {MAX_TENSOR_LEN} \
                     numbers (1 GiB); at most {} rows fit",
                    (MAX_TENSOR_LEN - self.shape().len()) / ANNOUNCEMENT_WIDTH
                ))
            })?;
        crate::research::require_numpy(py)?;
        // Allocated fallibly: a tensor that does not fit in memory (a
        // memory limit, a small machine) is a MemoryError, not an abort.
        let mut data: Vec<f32> = Vec::new();
        data.try_reserve_exact(len).map_err(|_| {
            pyo3::exceptions::PyMemoryError::new_err(format!(
                "an information state tensor of {len} numbers ({} bytes) does not fit in memory",
                len.saturating_mul(4)
            ))
        })?;
        data.resize(len, 0.0);
        if !tsuitate_information_state(&self.view, capacity, &mut data) {
            return Err(ShogiError::new_err(format!(
                "{} announcements do not fit in a capacity of {capacity}",
                self.view.information_state.len()
            )));
        }
        Ok(numpy::PyArray1::from_vec(py, data).into_any())
    }

    /// Moves the player's own pieces allow, ignoring the hidden enemy (the referee judges them).
    fn candidate_moves(&self) -> Vec<PyMove> {
        let shape = self.squares();
        self.view
            .candidate_moves()
            .iter()
            .map(|&m| PyMove(m, shape))
            .collect()
    }

    /// Where the own piece on a square (or a piece in hand, ``"P*"``) may be
    /// attempted on the own board; empty when it is not this player's turn.
    fn legal_squares(&self, square_or_drop: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let shape = self.squares();
        Ok(convert::squares(
            match Selected::read(square_or_drop, shape)? {
                Selected::Square(from) => self.view.legal_destinations(from),
                Selected::Hand(kind) => self.view.legal_drop_squares(kind),
            },
            shape,
        ))
    }

    /// The player's own piece on a square (SFEN letter), or ``None`` (empty or unseen).
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let sq = convert::square(square, self.squares())?;
        Ok(self.view.board.piece_at(sq).map(|p: Piece| p.to_string()))
    }

    /// The player's hand by uppercase letter.
    fn hand<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        convert::hand(py, self.view.board.hand())
    }

    /// The player's own board as SVG (own pieces and hand only): ``svg()``,
    /// with the module's defaults (``set_diagram_defaults``).
    fn _repr_svg_(&self) -> PyResult<String> {
        self.picture(crate::pictures::SvgOptions::default())
    }

    /// The player's own board as SVG, seen from the player's side, with
    /// what they were told about the last move: the square where a piece
    /// was captured (tinted, crossed), check (their king tinted, or "check"
    /// in the caption for their own move), a foul and the foul counts; the
    /// result once over. Takes the options of ``Board.svg``; ``marks`` suit
    /// the guesses of where enemy pieces stand (``marks=[("5c", "?")]``),
    /// ``selected`` rings the squares the piece may be tried on.
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
        self.picture(opts)
    }

    /// Whose view, whether that side is to move, the moves played and the
    /// foul counts: what the view knows of the game's progress (never the
    /// hidden pieces).
    fn __repr__(&self) -> String {
        let v = &self.view;
        format!(
            "<PlayerView of {}{}, moves_played={}, fouls={}, opponent_fouls_known={}>",
            color_name(v.color),
            if v.to_move { " (to move)" } else { "" },
            v.moves_played,
            v.fouls,
            v.opponent_fouls_known
        )
    }
}

/// Tsuitate shogi: the referee's game. ``TsuitateGame(sfen=None, **settings)``
/// with ``foul_limit``, ``announce_fouls_to_both``, ``move_limit``, ``base``.
#[pyclass(module = "shogi_variants", name = "TsuitateGame")]
#[derive(Clone)]
pub struct PyTsuitateGame {
    pub referee: Referee,
}

impl PyTsuitateGame {
    /// The board's square numbering.
    #[inline]
    pub fn shape(&self) -> Shape {
        Shape::of(GameState::geometry(&self.referee))
    }

    /// Judges `mv` for the side to move; refusals map to their exceptions.
    fn attempt_move(&mut self, mv: shogi_core::Move) -> PyResult<PyRuling> {
        match self.referee.attempt(mv) {
            Ok(r) => Ok(PyRuling {
                verdict: r.verdict,
                told: r.told,
                shape: self.shape(),
            }),
            Err(TsuitateError::GameOver(o)) => Err(over(o)),
            Err(ref e @ TsuitateError::NotACandidate(_, rule)) => {
                Err(crate::errors::illegal_move(e.to_string(), rule.name()))
            }
            Err(e) => Err(IllegalMoveError::new_err(e.to_string())),
        }
    }

    /// The true board with the foul counts in the caption and the result
    /// once over.
    fn diagram(&self, lang: Lang) -> Diagram {
        let mut d = Diagram::of_position(self.referee.true_position());
        d.lang = lang;
        d.outcome = self.referee.outcome();
        let (b, w) = (
            self.referee.fouls(Color::Black),
            self.referee.fouls(Color::White),
        );
        d.caption = Some(match lang {
            Lang::Japanese => format!("審判の盤 · 反則：先手 {b}、後手 {w}"),
            Lang::English => format!("Referee's board · fouls: Black {b}, White {w}"),
        });
        d
    }
}

/// The side to move's candidate attempts for `LegalMoves`.
struct RefereeMoves;

impl MoveSource for RefereeMoves {
    fn list(&self, owner: &Bound<'_, PyAny>) -> PyResult<MoveList> {
        Ok(GameState::legal_moves(
            &crate::legal::read::<PyTsuitateGame>(owner)?.referee,
        ))
    }

    fn shape(&self, owner: &Bound<'_, PyAny>) -> PyResult<Shape> {
        Ok(crate::legal::read::<PyTsuitateGame>(owner)?.shape())
    }
}

#[pymethods]
impl PyTsuitateGame {
    #[new]
    #[pyo3(signature = (sfen = None, **settings))]
    fn new(
        sfen: Option<convert::Text<convert::SfenText>>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let sfen = sfen.as_deref();
        let pairs = convert::overrides(settings)?;
        let s: TsuitateSettings =
            settings_with(GameKind::Tsuitate.name(), &convert::borrowed(&pairs))
                .map_err(|e| SettingError::new_err(e.to_string()))?;
        Referee::from_sfen(s, sfen.unwrap_or("startpos"))
            .map(|referee| PyTsuitateGame { referee })
            .map_err(|e| InvalidSfenError::new_err(e.to_string()))
    }

    /// The settings, defaults included.
    #[getter]
    fn settings<'py>(this: Read<'_, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::settings_dict(py, this.referee.settings())
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

    /// The side to move (a ``Color``).
    #[getter]
    fn turn(this: Read<'_, Self>) -> ColorObj {
        ColorObj(this.referee.side_to_move())
    }

    /// The side to move attempts a move; returns the referee's ``Ruling``
    /// (a foul is a ruling, not an error). Raises ``IllegalMoveError`` for a
    /// move that is no candidate on the mover's own board, ``GameOverError``
    /// once over; nothing changes then.
    fn push(mut this: Write<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<PyRuling> {
        let mv = convert::a_move_on(r#move, this.referee.true_position().geometry())?;
        this.attempt_move(mv)
    }

    /// Parses a USI move and attempts it, as ``push``; returns the ``Ruling``
    /// (the news of the attempt, where a board returns the move).
    fn push_usi(mut this: Write<'_, Self>, usi: &Bound<'_, PyString>) -> PyResult<PyRuling> {
        let mv = convert::a_move_on(usi.as_any(), this.referee.true_position().geometry())?;
        this.attempt_move(mv)
    }

    /// Tsuitate's word for ``push``: judge the side to move's attempt.
    fn attempt(this: Write<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<PyRuling> {
        Self::push(this, r#move)
    }

    /// The side to move's candidate attempts (legal on their own board; the
    /// referee judges them), generated when used; none once over.
    #[getter]
    fn legal_moves(slf: Bound<'_, Self>) -> PyLegalMoves {
        PyLegalMoves::new(slf.into_any().unbind(), &RefereeMoves)
    }

    /// Whether the side to move is in check on the referee's true board.
    fn is_check(this: Read<'_, Self>) -> bool {
        this.referee.true_position().is_check()
    }

    /// Every piece on the referee's true position: ``{square index: piece}`` (``"P"``,
    /// ``"+r"``), as ``Board.piece_map``.
    fn piece_map<'py>(this: Read<'_, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        crate::inspect::piece_map(py, this.referee.true_position())
    }

    /// The squares of ``color``'s pieces of exactly ``kind`` (an SFEN
    /// letter, case ignored), as ``Board.pieces``. Raises ``ArgumentError``.
    fn pieces(
        this: Read<'_, Self>,
        kind: convert::Text<convert::MoveText>,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<usize>> {
        crate::inspect::pieces(this.referee.true_position(), &kind, color)
    }

    /// The squares of ``color``'s pieces attacking ``square`` on the
    /// referee's true position, pinned ones included, as ``Board.attackers``.
    fn attackers(
        this: Read<'_, Self>,
        color: &Bound<'_, PyAny>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<usize>> {
        crate::inspect::attackers(this.referee.true_position(), color, square)
    }

    /// Whether any of ``color``'s pieces attacks ``square`` on the referee's true position.
    fn is_attacked_by(
        this: Read<'_, Self>,
        color: &Bound<'_, PyAny>,
        square: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        crate::inspect::is_attacked_by(this.referee.true_position(), color, square)
    }

    /// The squares of the pieces giving check to the side to move on the referee's true position.
    fn checkers(this: Read<'_, Self>) -> Vec<usize> {
        crate::inspect::checkers(this.referee.true_position())
    }

    /// The square of ``color``'s king on the referee's true position (``None`` without one).
    fn king(this: Read<'_, Self>, color: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        crate::inspect::king(this.referee.true_position(), color)
    }

    /// The 64-bit Zobrist hash of the referee's true position (board, hands, side to move).
    fn zobrist_hash(this: Read<'_, Self>) -> u64 {
        this.referee.true_position().hash()
    }

    /// The referee's true position as a kanji BOD diagram (局面図), as ``Board.bod``.
    fn bod(this: Read<'_, Self>) -> String {
        crate::inspect::bod(this.referee.true_position())
    }

    /// A text diagram of the referee's true position for people, as ``str(board)``.
    fn __str__(this: Read<'_, Self>) -> String {
        shogi_formats::diagram::text::labelled(this.referee.true_position())
    }

    /// The referee's true position as SFEN (hidden from players during
    /// play; ``view(color).sfen()`` is what a player sees).
    fn sfen(this: Read<'_, Self>) -> String {
        this.referee.true_position().to_sfen()
    }

    /// The same as ``sfen()``: the name that says it is the referee's
    /// position, kept for the adapters and older code.
    fn true_sfen(this: Read<'_, Self>) -> String {
        Self::sfen(this)
    }

    /// Who acts now (the contract's ``to_move``): ``BLACK``/``WHITE``, or
    /// ``None`` once over (no chance steps in Tsuitate).
    fn to_move<'py>(this: Read<'_, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        contract::to_move(py, &this.referee)
    }

    /// Whether a chance step is due: never in Tsuitate.
    fn is_chance_node(this: Read<'_, Self>) -> bool {
        GameState::is_chance_node(&this.referee)
    }

    /// The chance step's outcomes ``(id, Fraction)``: none in Tsuitate.
    fn chance_outcomes<'py>(
        this: Read<'_, Self>,
        py: Python<'py>,
    ) -> PyResult<Vec<(u16, Bound<'py, PyAny>)>> {
        contract::chance_outcomes(py, &this.referee)
    }

    /// ``color`` resigns (the side to move if ``None``), on either side's
    /// turn: a player may resign at any time. ``GameOverError``
    /// once over; ``to_json()`` keeps the resignation.
    #[pyo3(signature = (color = None))]
    fn resign(
        mut this: Write<'_, Self>,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<crate::moves::PyOutcome> {
        contract::resign(&mut this.referee, color)
    }

    /// Applies a chance outcome: Tsuitate has none, so this raises
    /// ``ChanceError`` (``GameOverError`` once over).
    fn apply_chance(mut this: Write<'_, Self>, id: &Bound<'_, PyAny>) -> PyResult<()> {
        contract::apply_chance(&mut this.referee, id)
    }

    /// Resolves a chance step: Tsuitate has none, so this raises
    /// ``ChanceError`` (``GameOverError`` once over).
    fn chance_step(mut this: Write<'_, Self>) -> PyResult<u16> {
        contract::chance_step(&mut this.referee)
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
        contract::apply_action(&mut this.referee, &action)
    }

    /// Every attempt so far in USI, fouls included (the referee's record,
    /// like ``attempts()``).
    fn history(this: Read<'_, Self>) -> Vec<String> {
        contract::history(&this.referee)
    }

    /// What ``color`` sees: their ``PlayerView`` (the same as ``view``).
    fn seen(this: Read<'_, Self>, color: &Bound<'_, PyAny>) -> PyResult<PyPlayerView> {
        let seat = convert::color(color)?;
        match GameState::seen(&this.referee, seat) {
            shogi_variants::Seen::Tsuitate(v) => Ok(PyPlayerView {
                view: v.into_owned(),
            }),
            _ => Err(ShogiError::new_err(
                "a Tsuitate seat sees its player's view",
            )),
        }
    }

    /// The side to move's candidate attempts as actions, ascending.
    fn legal_actions(this: Read<'_, Self>) -> Vec<u32> {
        contract::legal_actions(&this.referee)
    }

    /// A numpy ``bool`` array, one entry per action, true for the side to
    /// move's candidate attempts (``MissingExtraError`` without numpy).
    fn action_mask<'py>(this: Read<'_, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        contract::action_mask(py, &this.referee)
    }

    /// Where the side to move's piece on a square (or in hand, ``"P*"``) may
    /// be attempted: its candidate destinations on its own board.
    fn legal_squares(
        this: Read<'_, Self>,
        square_or_drop: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<usize>> {
        contract::legal_squares(&this.referee, square_or_drop)
    }

    /// What ``color`` sees now.
    fn view(this: Read<'_, Self>, color: &Bound<'_, PyAny>) -> PyResult<PyPlayerView> {
        Ok(PyPlayerView {
            view: this.referee.view(convert::color(color)?),
        })
    }

    /// The size of the action space (13,689 on 9×9, 1,425 on 5×5).
    #[getter]
    fn num_actions(this: Read<'_, Self>) -> u32 {
        contract::space(&this.referee).size()
    }

    /// The foul count of ``color``.
    fn fouls(this: Read<'_, Self>, color: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(this.referee.fouls(convert::color(color)?))
    }

    /// The outcome, or ``None`` while the game goes on.
    fn outcome(this: Read<'_, Self>) -> Option<PyOutcome> {
        this.referee.outcome().map(PyOutcome)
    }

    /// Whether the game is over.
    fn is_game_over(this: Read<'_, Self>) -> bool {
        this.referee.outcome().is_some()
    }

    /// After the end: start SFEN, final SFEN, and every attempt (by, move, foul reason or None).
    #[allow(clippy::type_complexity)]
    fn reveal(
        this: Read<'_, Self>,
    ) -> Option<(
        String,
        String,
        Vec<(ColorObj, PyMove, Option<&'static str>)>,
    )> {
        let (start, end, attempts) = this.referee.reveal()?;
        let shape = this.shape();
        let attempts = attempts
            .iter()
            .map(|a| {
                (
                    ColorObj(a.by),
                    PyMove(a.mv, shape),
                    a.foul.map(FoulReason::name),
                )
            })
            .collect();
        Some((start.to_sfen(), end.to_sfen(), attempts))
    }

    /// Every attempt so far, fouls included: ``(by, move, foul reason or
    /// None)``. The referee's hidden record, like ``true_sfen()``: for
    /// replaying and research tools, not for players.
    #[allow(clippy::type_complexity)]
    fn attempts(this: Read<'_, Self>) -> Vec<(ColorObj, PyMove, Option<&'static str>)> {
        let shape = this.shape();
        this.referee
            .attempts()
            .iter()
            .map(|a| {
                (
                    ColorObj(a.by),
                    PyMove(a.mv, shape),
                    a.foul.map(FoulReason::name),
                )
            })
            .collect()
    }

    /// A game ``color`` cannot tell from this one: another true history from
    /// the same start and settings after which ``view(color)`` (their
    /// information state, pieces, counts) is exactly this game's. The
    /// opponent's moves and fouls are sampled, seeded by ``seed`` (the same
    /// game and seed, the same sample), by a bounded search that reads only
    /// what ``color`` knows; every sample is replayed and checked. Samples
    /// are consistent, not weighted by a model of the opponent. Raises
    /// ``ShogiError`` if the search finds none (long 9x9 games can outrun
    /// it; 5x5 games practically never do).
    fn resample(
        this: Read<'_, Self>,
        color: &Bound<'_, PyAny>,
        seed: convert::Int<u64, convert::Seed>,
    ) -> PyResult<Self> {
        let seed = seed.get();
        this.referee
            .resample(convert::color(color)?, seed)
            .map(|referee| PyTsuitateGame { referee })
            .map_err(|e| ShogiError::new_err(e.to_string()))
    }

    /// The game as a saved-game JSON document: the referee's, with every
    /// attempt (``shogi_variants.load`` reads it back).
    fn to_json(this: Read<'_, Self>) -> String {
        SavedGame::of_tsuitate(&this.referee).to_json()
    }

    /// Pickles through the saved-game JSON.
    fn __reduce__<'py>(
        this: Read<'_, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        crate::saved::reduce(py, SavedGame::of_tsuitate(&this.referee))
    }

    /// An independent copy.
    fn copy(this: Read<'_, Self>) -> Self {
        this.clone()
    }

    /// What Jupyter shows: ``svg()``, so the referee's full board (what
    /// neither player sees) while the game is on, both players' boards side
    /// by side once it is over; with the module's defaults
    /// (``set_diagram_defaults``).
    fn _repr_svg_(this: Read<'_, Self>) -> PyResult<String> {
        this.picture(crate::pictures::SvgOptions::default(), None)
    }

    /// The referee's full board as SVG (what neither player sees), with the
    /// foul counts. Once the game is over (or with ``opened=True``, any
    /// time, for study) both players' own boards side by side instead, each
    /// from its owner's side with what its owner was told and the result, as
    /// the boards are opened at the end of a game; ``opened=False`` keeps the
    /// referee's board (with the result). The other options are those of
    /// ``Board.svg`` and apply to both boards, ``flipped`` aside.
    #[pyo3(signature = (flipped = None, highlight = Vec::new(), *, size = None, selected = None, arrows = Vec::new(), marks = Vec::new(), lang = None, pieces = None, font = None, opened = None))]
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
        opened: Option<bool>,
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
        this.picture(opts, opened)
    }

    fn __copy__(this: Read<'_, Self>) -> Self {
        this.clone()
    }

    fn __deepcopy__(this: Read<'_, Self>, _memo: &Bound<'_, PyAny>) -> Self {
        this.clone()
    }

    /// The side to move, the attempts made, the foul counts and the
    /// outcome once over; not the position (the referee's repr says no
    /// more than both players know: print ``sfen()`` to see it).
    fn __repr__(this: Read<'_, Self>) -> String {
        let r = &this.referee;
        let state = match r.outcome() {
            Some(o) => format!("over: {o}"),
            None => format!("{} to move", color_name(r.side_to_move())),
        };
        format!(
            "<TsuitateGame {state}, attempts={}, fouls black={} white={}>",
            r.attempts().len(),
            r.fouls(Color::Black),
            r.fouls(Color::White)
        )
    }
}

/// `BLACK` or `WHITE`, as the module's constants are named.
fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "BLACK",
        Color::White => "WHITE",
    }
}

impl PyPlayerView {
    /// The picture of `svg(...)` with these options (`_repr_svg_`: none).
    fn picture(&self, opts: crate::pictures::SvgOptions<'_>) -> PyResult<String> {
        let mut d = self.diagram(crate::pictures::lang(opts.lang.as_ref())?);
        let board = &self.view.board;
        opts.apply(&mut d, board.geometry(), |sel| match sel {
            Selected::Square(from) => self.view.legal_destinations(from),
            Selected::Hand(kind) => self.view.legal_drop_squares(kind),
        })?;
        Ok(d.to_svg())
    }
}

impl PyTsuitateGame {
    /// The picture of `svg(...)` with these options and `opened`
    /// (`_repr_svg_`: none, so both boards once the game is over).
    fn picture(
        &self,
        opts: crate::pictures::SvgOptions<'_>,
        opened: Option<bool>,
    ) -> PyResult<String> {
        let lang = crate::pictures::lang(opts.lang.as_ref())?;
        let g = GameState::geometry(&self.referee);
        let legal = |sel| crate::pictures::legal(&self.referee, sel);
        if opened.unwrap_or(self.referee.outcome().is_some()) {
            let mut boards = Vec::with_capacity(2);
            for color in Color::ALL {
                let mut d = Diagram::of_view(&self.referee.view(color), lang);
                let own_side = d.flipped;
                opts.apply(&mut d, g, legal)?;
                d.flipped = own_side;
                boards.push(d);
            }
            return Ok(Diagram::side_by_side(&boards));
        }
        let mut d = self.diagram(lang);
        opts.apply(&mut d, g, legal)?;
        Ok(d.to_svg())
    }
}
