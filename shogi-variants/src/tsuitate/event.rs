//! A player's information state grouped by attempt: one [`Event`] per
//! attempt that player learned of, instead of the flat list of
//! [`Announcement`]s to regroup.
//!
//! RULES.md section 4: after each attempt the referee tells the mover whether
//! it was played or a foul, tells the opponent that a move was made (or, with
//! `announce_fouls_to_both`, that a foul was committed), and tells both of a
//! capture (the square and the piece taken), of check and of the end. An
//! [`Event`] holds exactly what one player heard of one attempt.

use super::Announcement;
use crate::state::Verdict;
use serde::{Deserialize, Serialize};
use shogi_core::{Color, Move, Outcome, PieceKind, Square};

/// A capture as both players are told of it: where, and the piece taken
/// (never the capturing piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Capture {
    /// The square of the capture.
    pub square: Square,
    /// The captured piece's kind as it stood (a dragon is announced as a dragon).
    pub piece: PieceKind,
    /// Whose piece was taken: the opponent of the player who moved.
    pub owner: Color,
}

/// What one player learned of one attempt.
///
/// An event exists for every attempt of the player's own (they always hear
/// its verdict) and for every opponent attempt they were told of: a played
/// move, or a foul when fouls are announced to both. An opponent's foul that
/// was not announced gives no event, unless it ended the game (the foul
/// limit): then the event has `verdict: None` and only the end.
///
/// ```
/// use shogi_core::{Color, PieceKind};
/// use shogi_variants::{Referee, TsuitateSettings, Verdict};
/// let mut referee = Referee::new(TsuitateSettings::default());
/// for mv in ["7g7f", "3c3d", "8h2b+"] {
///     referee.attempt(mv.parse()?)?;
/// }
/// let events = referee.view(Color::White).events();
/// assert_eq!(events.len(), 3);
/// let last = events[2];
/// assert_eq!((last.by, last.attempted, last.verdict), (Color::Black, None, Some(Verdict::Played)));
/// let capture = last.capture.unwrap();
/// assert_eq!((capture.square.to_string(), capture.piece, capture.owner), ("2b".to_owned(), PieceKind::Bishop, Color::White));
/// assert_eq!(events[1].attempted, Some("3c3d".parse()?)); // White's own attempt
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Event {
    /// Who attempted.
    pub by: Color,
    /// The move attempted: known for the player's own attempts only.
    pub attempted: Option<Move>,
    /// Played or foul, as told; `None` for an unannounced opponent foul that
    /// ended the game.
    pub verdict: Option<Verdict>,
    /// The capture the move made, if any.
    pub capture: Option<Capture>,
    /// Whether the move gave check.
    pub check: bool,
    /// The end of the game, if this attempt ended it.
    pub game_over: Option<Outcome>,
    /// After a foul: the fouler's count now (own fouls always; the
    /// opponent's as announced).
    pub fouls: Option<u32>,
}

impl Event {
    fn new(by: Color, attempted: Option<Move>, verdict: Option<Verdict>) -> Event {
        Event {
            by,
            attempted,
            verdict,
            capture: None,
            check: false,
            game_over: None,
            fouls: None,
        }
    }
}

/// Groups `color`'s announcements (their information state, or one
/// ruling's part for them) into events, in order.
///
/// An event starts at the player's own `Attempted` or at `OpponentMoved` /
/// `OpponentFoul`; `Played`, `Foul`, `Capture`, `Check` and `GameOver` belong
/// to the event before them, except a foul-limit end after an event that was
/// no foul: that is an opponent's unannounced foul, an event of its own.
pub fn events(color: Color, told: &[Announcement]) -> Vec<Event> {
    let mut out: Vec<Event> = Vec::new();
    let opponent = color.opponent();
    for &a in told {
        match a {
            Announcement::Attempted(mv) => out.push(Event::new(color, Some(mv), None)),
            Announcement::OpponentMoved => {
                out.push(Event::new(opponent, None, Some(Verdict::Played)));
            }
            Announcement::OpponentFoul { count } => {
                let mut e = Event::new(opponent, None, Some(Verdict::Foul));
                e.fouls = Some(count);
                out.push(e);
            }
            Announcement::GameOver(o) => {
                let silent_foul = o.reason == shogi_core::EndReason::Custom(super::FOUL_LIMIT)
                    && out.last().is_none_or(|e| e.verdict != Some(Verdict::Foul));
                match out.last_mut() {
                    Some(e) if !silent_foul && e.game_over.is_none() => e.game_over = Some(o),
                    _ => {
                        let by = if silent_foul { opponent } else { color };
                        let mut e = Event::new(by, None, None);
                        e.game_over = Some(o);
                        out.push(e);
                    }
                }
            }
            other => {
                let Some(e) = out.last_mut() else {
                    continue;
                };
                match other {
                    Announcement::Played => e.verdict = Some(Verdict::Played),
                    Announcement::Foul { count } => {
                        e.verdict = Some(Verdict::Foul);
                        e.fouls = Some(count);
                    }
                    Announcement::Capture { square, kind } => {
                        e.capture = Some(Capture {
                            square,
                            piece: kind,
                            owner: e.by.opponent(),
                        });
                    }
                    Announcement::Check => e.check = true,
                    _ => {}
                }
            }
        }
    }
    out
}

/// Where the events that hold the last played move of each side begin in
/// `told` (0 if a side has played none): [`events`] of `told[start..]` are
/// exactly the last events of [`events`] of `told`, since `start` opens an
/// event. What an observation or "fouls this turn" reads lies there, so they
/// need not regroup a whole game's announcements at every step.
pub(crate) fn recent_start(told: &[Announcement]) -> usize {
    let (mut own, mut theirs, mut own_played) = (None, None, false);
    for (i, a) in told.iter().enumerate().rev() {
        match a {
            Announcement::Played if own.is_none() => own_played = true,
            Announcement::Attempted(_) if own_played && own.is_none() => own = Some(i),
            Announcement::OpponentMoved if theirs.is_none() => theirs = Some(i),
            _ => {}
        }
        if let (Some(o), Some(t)) = (own, theirs) {
            return o.min(t);
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Referee, TsuitateSettings};

    fn play(referee: &mut Referee, moves: &[&str]) {
        for mv in moves {
            referee.attempt(mv.parse().unwrap()).unwrap();
        }
    }

    #[test]
    fn one_event_per_attempt_and_player() {
        let mut referee = Referee::new(TsuitateSettings::default());
        // 7g7f, 3c3d, then Black's bishop takes on 2b; White's 8b2b is a
        // candidate on its own board now (the bishop left), and legal.
        play(&mut referee, &["7g7f", "3c3d", "8h2b+"]);
        for c in [Color::Black, Color::White] {
            let view = referee.view(c);
            let ev = view.events();
            assert_eq!(ev.len(), 3, "{c:?}");
            assert_eq!(
                ev.iter().map(|e| e.by).collect::<Vec<_>>(),
                [Color::Black, Color::White, Color::Black]
            );
            for e in &ev {
                assert_eq!(e.attempted.is_some(), e.by == c, "own attempts only");
                assert_eq!(e.verdict, Some(Verdict::Played));
            }
            let cap = ev[2].capture.expect("capture");
            assert_eq!(cap.square, "2b".parse().unwrap());
            assert_eq!(cap.piece, PieceKind::Bishop);
            assert_eq!(cap.owner, Color::White);
            assert!(ev[0].capture.is_none() && !ev[2].check);
        }
    }

    #[test]
    fn fouls_and_the_foul_limit() {
        let settings = TsuitateSettings {
            foul_limit: 2,
            ..Default::default()
        };
        let mut referee = Referee::new(settings.clone());
        // 7g7f 3c3d; Black's bishop 8h1a slides through White's hidden 2b
        // bishop: a foul, twice: the second reaches the limit.
        play(&mut referee, &["7g7f", "3c3d", "8h1a", "8h1a"]);
        let black = referee.view(Color::Black).events();
        assert_eq!(black.len(), 4);
        assert_eq!(black[2].verdict, Some(Verdict::Foul));
        assert_eq!(black[2].fouls, Some(1));
        assert_eq!(black[3].fouls, Some(2));
        let end = black[3].game_over.expect("the limit ends the game");
        assert_eq!(end.winner, Some(Color::White));
        let white = referee.view(Color::White).events();
        assert_eq!(white.len(), 4);
        assert_eq!(
            (white[3].by, white[3].verdict, white[3].fouls),
            (Color::Black, Some(Verdict::Foul), Some(2))
        );
        assert_eq!(white[3].game_over, Some(end));

        // Unannounced: White hears of neither foul, but of the end, as an
        // event with no verdict.
        let mut silent = Referee::new(TsuitateSettings {
            announce_fouls_to_both: false,
            ..settings
        });
        play(&mut silent, &["7g7f", "3c3d", "8h1a", "8h1a"]);
        let white = silent.view(Color::White).events();
        assert_eq!(white.len(), 3);
        assert_eq!(
            (white[2].by, white[2].verdict, white[2].game_over),
            (Color::Black, None, Some(end))
        );
        assert_eq!(
            white[1].game_over, None,
            "the end is not White's own move's"
        );
    }

    #[test]
    fn a_ruling_is_one_event_per_player() {
        let mut referee = Referee::new(TsuitateSettings::default());
        let ruling = referee.attempt("7g7f".parse().unwrap()).unwrap();
        let black = ruling.event(Color::Black).unwrap();
        assert_eq!(black.attempted, Some("7g7f".parse().unwrap()));
        let white = ruling.event(Color::White).unwrap();
        assert_eq!((white.by, white.attempted), (Color::Black, None));
    }

    #[test]
    fn recent_events_are_the_tail_of_all_events() {
        for seed in 0..40u64 {
            let settings = TsuitateSettings {
                announce_fouls_to_both: seed % 2 == 0,
                ..Default::default()
            };
            let mut referee = Referee::new(settings);
            let mut rng = shogi_core::rng::SplitMix(seed);
            for _ in 0..120 {
                if referee.outcome().is_some() {
                    break;
                }
                let mover = referee.side_to_move();
                let candidates = referee.view(mover).candidate_moves();
                if candidates.is_empty() {
                    break;
                }
                let mv = candidates[(rng.next_u64() % candidates.len() as u64) as usize];
                referee.attempt(mv).unwrap();
                for c in [Color::Black, Color::White] {
                    let view = referee.view(c);
                    let (all, recent) = (view.events(), view.recent_events());
                    assert!(recent.len() <= all.len());
                    assert_eq!(recent[..], all[all.len() - recent.len()..], "seed {seed}");
                    let played =
                        |e: &&Event, by: Color| e.by == by && e.verdict == Some(Verdict::Played);
                    for by in [Color::Black, Color::White] {
                        assert_eq!(
                            recent.iter().rev().find(|e| played(e, by)),
                            all.iter().rev().find(|e| played(e, by)),
                            "seed {seed}: the last played move of {by:?} is among the recent events"
                        );
                    }
                }
            }
        }
    }
}
