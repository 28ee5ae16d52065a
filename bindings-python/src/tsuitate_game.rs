//! `TsuitateGame`'s own methods: Tsuitate shogi, the referee's game. What
//! every game answers is `Game`'s (`game.rs`); the values a player is told
//! and sees (`Ruling`, `PlayerView`...) are in `tsuitate.rs`.

use crate::convert::{self, Text};
use crate::enums::ColorObj;
use crate::errors::{
    deprecated, over, IllegalMoveError, InvalidSfenError, SettingError, ShogiError,
};
use crate::game::{GameMut, GameRef, PyGame, PyTsuitateGame};
use crate::moves::{a_move_on, PyMove};
use crate::pictures::SvgOptions;
use crate::tsuitate::{color_name, PyPlayerView, PyRuling};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use pyo3::PyClassInitializer;
use shogi_core::Color;
use shogi_variants::{
    settings_with, FoulReason, GameKind, Referee, TsuitateError, TsuitateSettings,
};

/// Judges `mv` for the side to move; refusals map to their exceptions.
fn attempt_move(game: &mut PyGame, mv: shogi_core::Move) -> PyResult<PyRuling> {
    let shape = game.shape();
    match game.referee_mut()?.attempt(mv) {
        Ok(r) => Ok(PyRuling {
            verdict: r.verdict,
            told: r.told,
            shape,
        }),
        Err(TsuitateError::GameOver(o)) => Err(over(o)),
        Err(ref e @ TsuitateError::NotACandidate(_, rule)) => {
            Err(crate::errors::illegal_move(e.to_string(), rule.name()))
        }
        Err(e) => Err(IllegalMoveError::new_err(e.to_string())),
    }
}

/// Every attempt of `referee`'s list as Python values.
#[allow(clippy::type_complexity)]
fn attempt_values(
    attempts: &[shogi_variants::Attempt],
    shape: convert::Shape,
) -> Vec<(ColorObj, PyMove, Option<&'static str>)> {
    attempts
        .iter()
        .map(|a| {
            (
                ColorObj(a.by),
                PyMove(a.mv, shape, None),
                a.foul.map(FoulReason::name),
            )
        })
        .collect()
}

#[pymethods]
impl PyTsuitateGame {
    #[new]
    #[pyo3(signature = (sfen = None, **settings))]
    fn new(
        sfen: Option<Text<convert::SfenText>>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyClassInitializer<Self>> {
        let sfen = sfen.as_deref();
        let pairs = convert::overrides(settings)?;
        let s: TsuitateSettings =
            settings_with(GameKind::Tsuitate.name(), &convert::borrowed(&pairs))
                .map_err(|e| SettingError::new_err(e.to_string()))?;
        Referee::from_sfen(s, sfen.unwrap_or("startpos"))
            .map(PyTsuitateGame::init)
            .map_err(|e| InvalidSfenError::new_err(e.to_string()))
    }

    /// The side to move attempts a move; returns the referee's ``Ruling``
    /// (a foul is a ruling, not an error). Raises ``IllegalMoveError`` for a
    /// move that is no candidate on the mover's own board, ``GameOverError``
    /// once over; nothing changes then.
    fn push(mut this: GameMut<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<PyRuling> {
        let mv = a_move_on(r#move, this.referee()?.true_position().geometry())?;
        attempt_move(&mut this, mv)
    }

    /// Parses a USI move (in ``dialect``: Tsuitate's moves read alike in
    /// each) and attempts it, as ``push``; returns the ``Ruling`` (the news
    /// of the attempt, where a board returns the move).
    #[pyo3(signature = (usi, dialect = None))]
    fn push_usi(
        mut this: GameMut<'_>,
        usi: &Bound<'_, PyString>,
        dialect: Option<&str>,
    ) -> PyResult<PyRuling> {
        let usi = &crate::dialect::usi_from(&this.game, usi, crate::dialect::dialect(dialect)?)?;
        let mv = a_move_on(usi.as_any(), this.referee()?.true_position().geometry())?;
        attempt_move(&mut this, mv)
    }

    /// Deprecated: ``push(move)``, python-chess's word (and every game's).
    fn attempt(this: GameMut<'_>, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<PyRuling> {
        deprecated(py, "TsuitateGame.attempt(move)", "push(move)")?;
        Self::push(this, r#move)
    }

    /// Deprecated: ``sfen()``, which is the referee's true position.
    fn true_sfen(this: GameRef<'_>, py: Python<'_>) -> PyResult<String> {
        deprecated(py, "TsuitateGame.true_sfen()", "sfen()")?;
        Ok(this.referee()?.true_position().to_sfen())
    }

    /// Deprecated: ``seen(color)``, the contract's name for what a seat sees.
    fn view(this: GameRef<'_>, py: Python<'_>, color: &Bound<'_, PyAny>) -> PyResult<PyPlayerView> {
        deprecated(py, "TsuitateGame.view(color)", "seen(color)")?;
        Ok(PyPlayerView {
            view: this.referee()?.view(convert::color(color)?),
        })
    }

    /// The foul count of ``color``.
    fn fouls(this: GameRef<'_>, color: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(this.referee()?.fouls(convert::color(color)?))
    }

    /// After the end: start SFEN, final SFEN, and every attempt (by, move, foul reason or None).
    #[allow(clippy::type_complexity)]
    fn reveal(
        this: GameRef<'_>,
    ) -> PyResult<
        Option<(
            String,
            String,
            Vec<(ColorObj, PyMove, Option<&'static str>)>,
        )>,
    > {
        let shape = this.shape();
        Ok(this.referee()?.reveal().map(|(start, end, attempts)| {
            (
                start.to_sfen(),
                end.to_sfen(),
                attempt_values(attempts, shape),
            )
        }))
    }

    /// Every attempt so far, fouls included: ``(by, move, foul reason or
    /// None)``. The referee's hidden record, like ``sfen()``: for
    /// replaying and research tools, not for players.
    #[allow(clippy::type_complexity)]
    fn attempts(this: GameRef<'_>) -> PyResult<Vec<(ColorObj, PyMove, Option<&'static str>)>> {
        Ok(attempt_values(this.referee()?.attempts(), this.shape()))
    }

    /// A game ``color`` cannot tell from this one: another true history from
    /// the same start and settings after which ``seen(color)`` (their
    /// information state, pieces, counts) is exactly this game's. The
    /// opponent's moves and fouls are sampled, seeded by ``seed`` (the same
    /// game and seed, the same sample), by a bounded search that reads only
    /// what ``color`` knows; every sample is replayed and checked. Samples
    /// are consistent, not weighted by a model of the opponent. Raises
    /// ``ShogiError`` if the search finds none (long 9x9 games can outrun
    /// it; 5x5 games practically never do).
    fn resample(
        this: GameRef<'_>,
        color: &Bound<'_, PyAny>,
        seed: convert::Int<u64, convert::Seed>,
    ) -> PyResult<Py<Self>> {
        let seed = seed.get();
        let referee = this
            .referee()?
            .resample(convert::color(color)?, seed)
            .map_err(|e| ShogiError::new_err(e.to_string()))?;
        Py::new(this.py(), PyTsuitateGame::init(referee))
    }

    /// The referee's full board as SVG (what neither player sees), with the
    /// foul counts. Once the game is over (or with ``opened=True``, any
    /// time, for study) both players' own boards side by side instead, each
    /// from its owner's side with what its owner was told and the result, as
    /// the boards are opened at the end of a game; ``opened=False`` keeps the
    /// referee's board (with the result). The other options are those of
    /// ``Game.svg`` and apply to both boards, ``flipped`` aside.
    #[pyo3(signature = (flipped = None, highlight = Vec::new(), *, size = None, selected = None, arrows = Vec::new(), marks = Vec::new(), lang = None, pieces = None, font = None, opened = None))]
    #[allow(clippy::too_many_arguments)]
    fn svg<'py>(
        this: GameRef<'_>,
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
        let opts = SvgOptions {
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

    /// The side to move, the attempts made, the foul counts and the
    /// outcome once over; not the position (the referee's repr says no
    /// more than both players know: print ``sfen()`` to see it).
    fn __repr__(this: GameRef<'_>) -> PyResult<String> {
        let r = this.referee()?;
        let state = match r.outcome() {
            Some(o) => format!("over: {o}"),
            None => format!("{} to move", color_name(r.side_to_move())),
        };
        Ok(format!(
            "<TsuitateGame {state}, attempts={}, fouls black={} white={}>",
            r.attempts().len(),
            r.fouls(Color::Black),
            r.fouls(Color::White)
        ))
    }
}
