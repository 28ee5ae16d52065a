//! What a Tsuitate player is told and sees: `Announcement`, `Capture`,
//! `Event`, `Ruling` and `PlayerView` (the referee's game, `TsuitateGame`,
//! is in `tsuitate_game.rs`).

use crate::actions;
use crate::convert::{self, Selected, Shape};
use crate::enums::ColorObj;
use crate::errors::ShogiError;
use crate::legal::{MoveSource, PyLegalMoves};
use crate::moves::{PyMove, PyOutcome};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use shogi_core::{Color, MoveList, Piece};
use shogi_formats::diagram::{Diagram, Lang};
use shogi_research::action::ActionSpace;
use shogi_research::observation::{
    tsuitate_information_capacity, tsuitate_information_state, tsuitate_observation,
    tsuitate_private_planes, ObservationShape, ANNOUNCEMENT_WIDTH,
};
use shogi_variants::{
    Announcement, Capture, Event, Fact, PlayerView, PrivateFact, PublicFact, Verdict,
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
            Announcement::Attempted(m) => Some(PyMove(m, self.1, None)),
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
        self.0.attempted.map(|m| PyMove(m, self.1, None))
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
    pub(crate) verdict: Verdict,
    pub(crate) told: [Vec<Announcement>; 2],
    /// The game's square numbering.
    pub(crate) shape: Shape,
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
                    let item = ("attempted", PyMove(mv, shape, None)).into_pyobject(py)?;
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
        actions::legal_actions(self.space(), &self.view.candidate_moves())
    }

    /// A numpy ``bool`` array, one entry per action, true for the
    /// candidate moves (``MissingExtraError`` without numpy).
    fn action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        actions::mask_array(py, self.space(), &self.view.candidate_moves())
    }

    /// The action of a move on this board.
    fn action(&self, r#move: &Bound<'_, PyAny>) -> PyResult<u32> {
        actions::action_of(self.space(), r#move)
    }

    /// The move of an action.
    fn move_of(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Py<PyMove>> {
        actions::move_of_action(py, self.space(), self.squares(), action)
    }

    /// What this player knows as a ``float32`` array ``(planes, ranks,
    /// files)``, the board turned for White: own pieces and hand, the
    /// pieces the opponent took, the last announcements, this turn's fouled
    /// attempts, foul and move counts. Nothing hidden: it is computed from
    /// this view alone.
    fn observation_tensor<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        actions::observation_array(py, self.shape(), |out| {
            tsuitate_observation(&self.view, out)
        })
    }

    /// Deprecated: ``observation_tensor()`` (``observation`` is a seat's
    /// view in Rust; the tensor is OpenSpiel's ``observation_tensor``).
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::errors::deprecated(py, "PlayerView.observation()", "observation_tensor()")?;
        self.observation_tensor(py)
    }

    /// ``(planes, ranks, files)`` of ``observation_tensor()``.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        actions::shape_tuple(self.shape())
    }

    /// The information state with perfect recall, as a flat ``float32``
    /// array: ``observation_tensor()`` flattened, then ``capacity`` rows of 10
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
        crate::actions::require_numpy(py)?;
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

    /// Deprecated: ``legal_moves``, the lazy collection every game and view
    /// has (``list(view.legal_moves)`` is this list).
    fn candidate_moves(&self, py: Python<'_>) -> PyResult<Vec<PyMove>> {
        crate::errors::deprecated(py, "PlayerView.candidate_moves()", "list(legal_moves)")?;
        let shape = self.squares();
        Ok(self
            .view
            .candidate_moves()
            .iter()
            .map(|&m| PyMove(m, shape, None))
            .collect())
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

/// `BLACK` or `WHITE`, as the module's constants are named.
pub fn color_name(c: Color) -> &'static str {
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
