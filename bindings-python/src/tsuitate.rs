//! Tsuitate shogi: `TsuitateGame` (the referee's game), `PlayerView`,
//! `Announcement`, `Ruling`.

use crate::board::over;
use crate::convert;
use crate::errors::{IllegalMoveError, InvalidSfenError, SettingError, ShogiError};
use crate::moves::{PyMove, PyOutcome};
use crate::research;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyTuple};
use shogi_core::{Color, Piece};
use shogi_formats::diagram::Diagram;
use shogi_research::action::ActionSpace;
use shogi_research::observation::{
    tsuitate_information_capacity, tsuitate_information_state, tsuitate_observation,
    ObservationShape, ANNOUNCEMENT_WIDTH,
};
use shogi_variants::{
    settings_with, Announcement, FoulReason, PlayerView, Referee, SavedGame, TsuitateError,
    TsuitateSettings, Verdict,
};

/// One thing a Tsuitate player is told, or did.
#[pyclass(module = "shogi_variants", name = "Announcement", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyAnnouncement(pub Announcement);

#[pymethods]
impl PyAnnouncement {
    /// What kind of announcement.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            Announcement::Attempted(_) => "attempted",
            Announcement::Played => "played",
            Announcement::Foul { .. } => "foul",
            Announcement::OpponentMoved => "opponent_moved",
            Announcement::OpponentFoul { .. } => "opponent_foul",
            Announcement::Capture { .. } => "capture",
            Announcement::Check => "check",
            Announcement::GameOver(_) => "game_over",
        }
    }

    /// For ``attempted``: the move.
    #[getter]
    fn r#move(&self) -> Option<PyMove> {
        match self.0 {
            Announcement::Attempted(m) => Some(PyMove(m)),
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

    /// For ``capture``: the square.
    #[getter]
    fn square(&self) -> Option<usize> {
        match self.0 {
            Announcement::Capture { square, .. } => Some(square.index()),
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

    fn __str__(&self) -> String {
        announcement_text(&self.0)
    }

    fn __repr__(&self) -> String {
        format!("<Announcement {}>", announcement_text(&self.0))
    }
}

/// A compact, stable text of an announcement (`attempted:7g7f`, `capture:7f:P`, ...).
fn announcement_text(a: &Announcement) -> String {
    match a {
        Announcement::Attempted(m) => format!("attempted:{m}"),
        Announcement::Played => "played".to_owned(),
        Announcement::Foul { count } => format!("foul:{count}"),
        Announcement::OpponentMoved => "opponent_moved".to_owned(),
        Announcement::OpponentFoul { count } => format!("opponent_foul:{count}"),
        Announcement::Capture { square, kind } => format!("capture:{square}:{kind}"),
        Announcement::Check => "check".to_owned(),
        Announcement::GameOver(o) => format!(
            "game_over:{}:{}",
            match o.winner {
                Some(Color::Black) => "black",
                Some(Color::White) => "white",
                None => "draw",
            },
            crate::moves::reason_name(o.reason)
        ),
    }
}

fn announcements(list: &[Announcement]) -> Vec<PyAnnouncement> {
    list.iter().map(|&a| PyAnnouncement(a)).collect()
}

/// The referee's verdict on an attempt and what each player was told.
#[pyclass(module = "shogi_variants", name = "Ruling", frozen)]
pub struct PyRuling {
    verdict: Verdict,
    told: [Vec<Announcement>; 2],
}

#[pymethods]
impl PyRuling {
    /// ``"played"`` or ``"foul"``.
    #[getter]
    fn verdict(&self) -> &'static str {
        match self.verdict {
            Verdict::Played => "played",
            Verdict::Foul => "foul",
        }
    }

    /// Whether the move was played.
    #[getter]
    fn played(&self) -> bool {
        self.verdict == Verdict::Played
    }

    /// Announcements to Black and to White.
    #[getter]
    fn told(&self) -> (Vec<PyAnnouncement>, Vec<PyAnnouncement>) {
        (announcements(&self.told[0]), announcements(&self.told[1]))
    }

    fn __repr__(&self) -> String {
        let side = |i: usize| {
            self.told[i]
                .iter()
                .map(announcement_text)
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
#[pyclass(module = "shogi_variants", name = "PlayerView", frozen)]
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
}

#[pymethods]
impl PyPlayerView {
    /// Whose view.
    #[getter]
    fn color(&self) -> usize {
        self.view.color.index()
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
        announcements(&self.view.information_state)
    }

    /// The information state as one string (a key for tabular methods).
    fn information_state_string(&self) -> String {
        let color = match self.view.color {
            Color::Black => "black",
            Color::White => "white",
        };
        let items: Vec<String> = self
            .view
            .information_state
            .iter()
            .map(announcement_text)
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

    /// One byte per action, 1 for the candidate moves.
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        research::mask_bytes(py, self.space(), &self.view.candidate_moves())
    }

    /// The action of a move on this board.
    fn action(&self, r#move: &Bound<'_, PyAny>) -> PyResult<u32> {
        research::action_of(self.space(), r#move)
    }

    /// The move of an action.
    fn move_of(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Py<PyMove>> {
        research::move_of_action(py, self.space(), action)
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
    /// announcements do not fit.
    #[pyo3(signature = (capacity = None))]
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        capacity: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let capacity = match capacity {
            Some(c) => c,
            None => tsuitate_information_capacity(self.view.foul_limit, self.view.move_limit)
                .ok_or_else(|| {
                    ShogiError::new_err("no move limit bounds the game: pass a capacity")
                })?,
        };
        let len = self
            .shape()
            .len()
            .checked_add(capacity.saturating_mul(ANNOUNCEMENT_WIDTH))
            .filter(|&n| n < 1 << 31)
            .ok_or_else(|| ShogiError::new_err(format!("capacity {capacity} is too large")))?;
        crate::research::require_numpy(py)?;
        let mut data = vec![0.0f32; len];
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
        self.view
            .candidate_moves()
            .iter()
            .map(|&m| PyMove(m))
            .collect()
    }

    /// Where the own piece on a square (or a piece in hand, ``"P*"``) may be
    /// attempted on the own board; empty when it is not this player's turn.
    fn legal_squares(&self, square_or_drop: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let board = &self.view.board;
        convert::legal_squares(
            &self.view.candidate_moves(),
            square_or_drop,
            board.files(),
            board.ranks(),
        )
    }

    /// The player's own piece on a square (SFEN letter), or ``None`` (empty or unseen).
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let sq = convert::square_on(square, self.view.board.files(), self.view.board.ranks())?;
        Ok(self.view.board.piece_at(sq).map(|p: Piece| p.to_string()))
    }

    /// The player's hand by uppercase letter.
    fn hand<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        convert::hand(py, self.view.board.hand())
    }

    /// The player's own board as SVG (own pieces and hand only).
    fn _repr_svg_(&self) -> String {
        let v = &self.view;
        let mut d = Diagram::of_own_board(&v.board);
        let who = match v.color {
            Color::Black => "Black",
            Color::White => "White",
        };
        let turn = if v.to_move { " · to move" } else { "" };
        d.caption = Some(format!(
            "{who}'s view{turn} · fouls {} · opponent fouls {}",
            v.fouls, v.opponent_fouls_known
        ));
        d.to_svg()
    }

    fn __repr__(&self) -> String {
        format!("<PlayerView {}>", self.information_state_string())
    }
}

/// Tsuitate shogi: the referee's game. ``TsuitateGame(sfen=None, **settings)``
/// with ``foul_limit``, ``announce_fouls_to_both``, ``move_limit``, ``base``.
#[pyclass(module = "shogi_variants", name = "TsuitateGame")]
#[derive(Clone)]
pub struct PyTsuitateGame {
    pub referee: Referee,
}

#[pymethods]
impl PyTsuitateGame {
    #[new]
    #[pyo3(signature = (sfen = None, **settings))]
    fn new(sfen: Option<&str>, settings: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let pairs = convert::overrides(settings)?;
        let s: TsuitateSettings = settings_with("tsuitate", &convert::borrowed(&pairs))
            .map_err(|e| SettingError::new_err(e.to_string()))?;
        Referee::from_sfen(s, sfen.unwrap_or("startpos"))
            .map(|referee| PyTsuitateGame { referee })
            .map_err(|e| InvalidSfenError::new_err(e.to_string()))
    }

    /// The settings, defaults included.
    #[getter]
    fn settings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::settings_dict(py, self.referee.settings())
    }

    /// The side to move.
    #[getter]
    fn turn(&self) -> usize {
        self.referee.side_to_move().index()
    }

    /// Judge the side to move's attempt.
    fn attempt(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<PyRuling> {
        let mv = convert::a_move(r#move)?;
        match self.referee.attempt(mv) {
            Ok(r) => Ok(PyRuling {
                verdict: r.verdict,
                told: r.told,
            }),
            Err(TsuitateError::GameOver(o)) => Err(over(o)),
            Err(e) => Err(IllegalMoveError::new_err(e.to_string())),
        }
    }

    /// What ``color`` sees now.
    fn view(&self, color: &Bound<'_, PyAny>) -> PyResult<PyPlayerView> {
        Ok(PyPlayerView {
            view: self.referee.view(convert::color(color)?),
        })
    }

    /// The size of the action space (13,689 on 9×9, 1,425 on 5×5).
    #[getter]
    fn num_actions(&self) -> u32 {
        ActionSpace::of(self.referee.start_position().geometry()).size()
    }

    /// The foul count of ``color``.
    fn fouls(&self, color: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(self.referee.fouls(convert::color(color)?))
    }

    /// The outcome, or ``None`` while the game goes on.
    fn outcome(&self) -> Option<PyOutcome> {
        self.referee.outcome().map(PyOutcome)
    }

    /// Whether the game is over.
    fn is_game_over(&self) -> bool {
        self.referee.outcome().is_some()
    }

    /// The referee's position (hidden from players during play).
    fn true_sfen(&self) -> String {
        self.referee.true_position().to_sfen()
    }

    /// After the end: start SFEN, final SFEN, and every attempt (by, move, foul reason or None).
    #[allow(clippy::type_complexity)]
    fn reveal(&self) -> Option<(String, String, Vec<(usize, PyMove, Option<&'static str>)>)> {
        let (start, end, attempts) = self.referee.reveal()?;
        let attempts = attempts
            .iter()
            .map(|a| (a.by.index(), PyMove(a.mv), a.foul.map(foul_name)))
            .collect();
        Some((start.to_sfen(), end.to_sfen(), attempts))
    }

    /// Every attempt so far, fouls included: ``(by, move, foul reason or
    /// None)``. The referee's hidden record, like ``true_sfen()``: for
    /// replaying and research tools, not for players.
    #[allow(clippy::type_complexity)]
    fn attempts(&self) -> Vec<(usize, PyMove, Option<&'static str>)> {
        self.referee
            .attempts()
            .iter()
            .map(|a| (a.by.index(), PyMove(a.mv), a.foul.map(foul_name)))
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
    fn resample(&self, color: &Bound<'_, PyAny>, seed: u64) -> PyResult<Self> {
        self.referee
            .resample(convert::color(color)?, seed)
            .map(|referee| PyTsuitateGame { referee })
            .map_err(|e| ShogiError::new_err(e.to_string()))
    }

    /// The game as a saved-game JSON document: the referee's, with every
    /// attempt (``shogi_variants.load`` reads it back).
    fn to_json(&self) -> String {
        SavedGame::of_tsuitate(&self.referee).to_json()
    }

    /// Pickles through the saved-game JSON.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        crate::saved::reduce(py, SavedGame::of_tsuitate(&self.referee))
    }

    /// An independent copy.
    fn copy(&self) -> Self {
        self.clone()
    }

    /// The referee's full board as SVG (what neither player sees).
    fn _repr_svg_(&self) -> String {
        let mut d = Diagram::of_position(self.referee.true_position());
        d.caption = Some(format!(
            "Referee's board · fouls: Black {}, White {}",
            self.referee.fouls(Color::Black),
            self.referee.fouls(Color::White)
        ));
        d.to_svg()
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    fn __repr__(&self) -> String {
        let state = match self.referee.outcome() {
            Some(o) => o.to_string(),
            None => format!(
                "{} to move",
                match self.referee.side_to_move() {
                    Color::Black => "Black",
                    Color::White => "White",
                }
            ),
        };
        format!("<TsuitateGame {state}>")
    }
}

fn foul_name(r: FoulReason) -> &'static str {
    match r {
        FoulReason::SlidThroughHiddenPiece => "slid_through_hidden_piece",
        FoulReason::DroppedOnHiddenPiece => "dropped_on_hidden_piece",
        FoulReason::OwnKingInCheck => "own_king_in_check",
        FoulReason::PawnDropMate => "pawn_drop_mate",
    }
}
