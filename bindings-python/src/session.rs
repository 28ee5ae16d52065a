//! `Session`: one game under a site's house rules (`shogi_players::Session`):
//! a turn time limit and what happens over it, resignation on either turn,
//! and the table saved with the house's ends. The rules are the game's and
//! the house rules are Rust's; a server in Python only keeps the time.

use crate::busy::read;
use crate::convert::{self, Float, Int, SavedText, Seed, SettingText, Text};
use crate::errors::{play_error, InvalidSfenError};
use crate::game::{game_object, PyGame};
use crate::moves::{a_move_on, family_move, PyOutcome};
use pyo3::prelude::*;
use shogi_core::Move;
use shogi_players::{HouseRules, HouseVerdict, OverTime, Session};
use shogi_variants::{AnyGame, FamilyGame, GameState};

/// A game at a site's table, under its house rules.
///
/// ``Session(game, *, turn_time=None, over_time="lose", seed=0)``: a copy
/// of ``game`` (any game of the module), a turn time limit in seconds
/// (``None``, or the sites' 30 or 60), and what happens to a player over
/// it: ``"lose"`` (on time) or ``"cpu"`` (a seeded random player moves in
/// that seat's place: "if you do not return, the CPU plays in your place").
/// A server keeps the clock: it passes each move's thinking time to
/// ``submit``, and calls ``time_up()`` when a turn's time runs out.
/// ``to_json()`` keeps the table, the house's ends included (a loss on
/// time, which the game's own saved form cannot hold), and
/// ``Session.from_json`` restores it after a restart.
///
/// >>> import shogi_variants as sv
/// >>> table = sv.Session(sv.Board(variant="minishogi"), turn_time=30)
/// >>> table.submit(sv.BLACK, "2e3d", 4.2)
/// ('played', '2e3d')
/// >>> table.time_up()
/// ('lost_on_time', None)
/// >>> table.outcome()
/// <Outcome winner=BLACK reason='timeout'>
/// >>> sv.Session.from_json(table.to_json()).outcome() == table.outcome()
/// True
#[pyclass(module = "shogi_variants", name = "Session")]
pub struct PySession {
    session: Session<AnyGame>,
}

/// What a turn came to: the verdict's name and the move played, in the
/// game's own letters (``None`` when none was).
type Turn = (&'static str, Option<String>);

/// A family game's copy before a turn, to write the move it plays in the
/// definition's letters (which depend on the position before the move).
fn before(session: &Session<AnyGame>) -> Option<FamilyGame> {
    match session.game() {
        AnyGame::Family(f) => Some((**f).clone()),
        _ => None,
    }
}

fn turn(before: Option<&FamilyGame>, verdict: HouseVerdict) -> Turn {
    let text = |mv: Move| before.map_or_else(|| mv.to_string(), |f| f.usi(mv));
    match verdict {
        HouseVerdict::Played(mv, v) => (v.name(), Some(text(mv))),
        HouseVerdict::StoodIn(mv, _) => ("stood_in", Some(text(mv))),
        HouseVerdict::LostOnTime => ("lost_on_time", None),
        HouseVerdict::Forfeited => ("forfeited", None),
    }
}

#[pymethods]
impl PySession {
    #[new]
    #[pyo3(
        signature = (game, *, turn_time = None, over_time = None, seed = Int::of(0)),
        text_signature = "(game, *, turn_time=None, over_time='lose', seed=0)"
    )]
    fn new(
        game: &Bound<'_, PyGame>,
        turn_time: Option<Float<convert::TurnTime>>,
        over_time: Option<Text<SettingText>>,
        seed: Int<u64, Seed>,
    ) -> PyResult<PySession> {
        let rules = HouseRules {
            turn_time: convert::positive_seconds("turn_time", turn_time.map(Float::get))?,
            over_time: convert::over_time_of(over_time.as_deref().unwrap_or("lose"))?,
        };
        let game = read(game)?.game.clone();
        Ok(PySession {
            session: Session::new(game, rules, seed.get()),
        })
    }

    /// A copy of the game now (the table's own stays at the table).
    fn game(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        game_object(py, self.session.game().clone())
    }

    /// Who acts: a ``Color``, ``"chance"`` at a chance step, or ``None``
    /// once the game is over, by its rules or by the house.
    fn to_move<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::contract::to_move_object(py, self.session.to_move())
    }

    /// How the game ended, by its rules or by the house (``None`` while it
    /// goes on).
    fn outcome(&self) -> Option<PyOutcome> {
        self.session.outcome().map(PyOutcome)
    }

    /// The turn time limit in seconds, or ``None``.
    #[getter]
    fn turn_time(&self) -> Option<f64> {
        self.session.rules().turn_time.map(|d| d.as_secs_f64())
    }

    /// ``"lose"`` or ``"cpu"``: what happens to a player over time.
    #[getter]
    fn over_time(&self) -> &'static str {
        match self.session.rules().over_time {
            OverTime::Lose => "lose",
            OverTime::CpuMoves => "cpu",
        }
    }

    /// Moves submitted so far (attempts, fouls included, in Tsuitate).
    #[getter]
    fn plies(&self) -> u32 {
        self.session.plies()
    }

    /// Fouls of Black and of White (Tsuitate; 0 elsewhere).
    #[getter]
    fn fouls(&self) -> (u32, u32) {
        let [b, w] = self.session.fouls();
        (b, w)
    }

    /// Moves the CPU played for Black and for White over time.
    #[getter]
    fn stand_ins(&self) -> (u32, u32) {
        let [b, w] = self.session.stand_ins();
        (b, w)
    }

    /// What ``color`` was told by the last move, as text (as
    /// ``apply_action`` reports it): what a server sends that seat. Empty
    /// in the open games, the referee's announcements in Tsuitate.
    fn told(&self, color: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let seat = convert::color(color)?;
        Ok(self
            .session
            .told(seat)
            .iter()
            .map(ToString::to_string)
            .collect())
    }

    /// ``color`` offers ``move`` (a ``Move`` or USI text, in the game's
    /// letters) after thinking ``elapsed`` seconds. Within the time limit
    /// the move is played; over it, the house rule applies. Returns
    /// ``(verdict, move)``: ``("played", usi)``, ``("foul", usi)``
    /// (Tsuitate), ``("stood_in", usi)`` (the CPU's move), or
    /// ``("lost_on_time", None)``. A move the rules refuse, or a seat not
    /// to move, raises (``IllegalMoveError``, ``GameOverError``) and
    /// nothing changes.
    #[pyo3(signature = (color, r#move, elapsed = None))]
    fn submit(
        &mut self,
        color: &Bound<'_, PyAny>,
        r#move: &Bound<'_, PyAny>,
        elapsed: Option<Float<convert::Elapsed>>,
    ) -> PyResult<Turn> {
        let seat = convert::color(color)?;
        let elapsed = match elapsed.map(Float::get) {
            None => std::time::Duration::ZERO,
            Some(t) if t.is_finite() && t >= 0.0 => {
                std::time::Duration::try_from_secs_f64(t).unwrap_or(std::time::Duration::MAX)
            }
            Some(t) => {
                return Err(crate::errors::ArgumentError::new_err(format!(
                    "elapsed must be seconds, 0 or more, not {t}"
                )))
            }
        };
        let mv = match self.session.game() {
            AnyGame::Family(f) => family_move(f, r#move)?,
            game => a_move_on(r#move, GameState::geometry(game))?,
        };
        let before = before(&self.session);
        let verdict = self.session.submit(seat, mv, elapsed).map_err(play_error)?;
        Ok(turn(before.as_ref(), verdict))
    }

    /// The player to move ran out of time (the server's turn timer fired,
    /// or the seat stayed away): the house rule applies at once, a loss on
    /// time or the CPU's move in that seat's place. Returns ``(verdict,
    /// move)`` as ``submit`` does. Raises ``GameOverError`` once the game
    /// is over, ``IllegalMoveError`` at a chance step; nothing changes.
    fn time_up(&mut self) -> PyResult<Turn> {
        let before = before(&self.session);
        let verdict = self.session.time_up().map_err(play_error)?;
        Ok(turn(before.as_ref(), verdict))
    }

    /// ``color`` resigns, on either side's turn (the game's own
    /// resignation, which its saved form keeps).
    fn resign(&mut self, color: &Bound<'_, PyAny>) -> PyResult<PyOutcome> {
        let seat = convert::color(color)?;
        self.session.resign(seat).map(PyOutcome).map_err(play_error)
    }

    /// Resolves a chance step (Card shogi's draw) with the game's own
    /// generator; returns the outcome's id (the card).
    fn chance_step(&mut self) -> PyResult<u16> {
        self.session.chance_step().map_err(play_error)
    }

    /// The table as a JSON document: the game's saved form, the house
    /// rules, the house's end (a loss on time, a forfeit) and the counts.
    fn to_json(&self) -> String {
        self.session.to_json()
    }

    /// Restores a table saved by ``to_json()``, ready to go on. Raises
    /// ``InvalidSfenError`` (a ``ShogiError``) for a bad document, naming
    /// the field or the move that is wrong.
    #[staticmethod]
    fn from_json(json: Text<SavedText>) -> PyResult<PySession> {
        Session::from_json(&json)
            .map(|session| PySession { session })
            .map_err(|e| InvalidSfenError::new_err(e.to_string()))
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let me = read(slf)?;
        let game = me.session.game();
        let state = match me.session.outcome() {
            Some(o) => format!("over: {o}"),
            None => format!("{} plies", me.session.plies()),
        };
        let turn_time = me
            .turn_time()
            .map_or_else(|| "None".to_owned(), |s| format!("{s}"));
        Ok(format!(
            "<Session {} turn_time={turn_time} over_time='{}', {state}>",
            GameState::name(game),
            me.over_time()
        ))
    }
}
