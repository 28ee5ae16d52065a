//! What the information state says, step by step: the true positions so far
//! as the player knows them, and its own pieces at each.

use shogi_core::{Bitboard, Hand, Move, MoveKind, OwnBoard, PieceKind, Square};
use shogi_variants::{Event, PlayerView, Verdict};

/// What was announced after one played move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Report {
    /// The capture, if any: the square and the kind as it stood.
    pub(super) capture: Option<(Square, PieceKind)>,
    /// Whether the move gave check.
    pub(super) check: bool,
}

/// What the player knows of one true position (one state between played moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// The player's turn: its refused attempts, then the played one (once known).
    Ours {
        fouls: Vec<Move>,
        played: Option<(Move, Report)>,
    },
    /// The opponent's turn: what its played move revealed (once known).
    Theirs { played: Option<Report> },
}

impl Step {
    pub(super) fn is_ours(&self) -> bool {
        matches!(self, Step::Ours { .. })
    }

    pub(super) fn is_closed(&self) -> bool {
        match self {
            Step::Ours { played, .. } => played.is_some(),
            Step::Theirs { played } => played.is_some(),
        }
    }
}

impl Report {
    /// What was announced of the move `event` tells of.
    fn of(event: &Event) -> Report {
        Report {
            capture: event.capture.map(|c| (c.square, c.piece)),
            check: event.check,
        }
    }
}

/// Makes sure the last step is an open step of the given side, opening one if
/// the last is a closed step of the other side. `None` if the events
/// cannot come from a game.
fn open_step(steps: &mut Vec<Step>, ours: bool) -> Option<()> {
    match steps.last() {
        Some(s) if !s.is_closed() => (s.is_ours() == ours).then_some(()),
        Some(s) if s.is_ours() == ours => None,
        _ => {
            steps.push(if ours {
                Step::Ours {
                    fouls: Vec::new(),
                    played: None,
                }
            } else {
                Step::Theirs { played: None }
            });
            Some(())
        }
    }
}

/// Groups `view`'s events ([`PlayerView::events`], the one reader of the
/// information state) into steps: one per true position so far, the last
/// one open when it is the player's turn. An event that tells of no
/// attempt (the end alone) starts no step. `None` if the events cannot come
/// from a game (an own attempt with no verdict, turns out of order).
pub(super) fn steps_of(view: &PlayerView) -> Option<Vec<Step>> {
    let mut steps: Vec<Step> = Vec::new();
    for event in view.events() {
        let ours = event.by == view.color;
        match (ours, event.attempted, event.verdict) {
            (true, Some(mv), Some(verdict)) => {
                open_step(&mut steps, true)?;
                let Some(Step::Ours { fouls, played }) = steps.last_mut() else {
                    return None;
                };
                match verdict {
                    Verdict::Foul => fouls.push(mv),
                    Verdict::Played => *played = Some((mv, Report::of(&event))),
                }
            }
            (false, None, Some(Verdict::Foul)) => open_step(&mut steps, false)?,
            (false, None, Some(Verdict::Played)) => {
                open_step(&mut steps, false)?;
                let Some(Step::Theirs { played }) = steps.last_mut() else {
                    return None;
                };
                *played = Some(Report::of(&event));
            }
            (_, None, None) => {}
            _ => return None,
        }
    }
    if view.to_move {
        open_step(&mut steps, true)?;
    }
    Some(steps)
}

/// The player's own pieces and hand at one moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct OwnPieces {
    pub(super) kinds: [Option<PieceKind>; 81],
    pub(super) hand: Hand,
}

impl OwnPieces {
    pub(super) fn of(board: &OwnBoard) -> OwnPieces {
        let mut kinds = [None; 81];
        for sq in board.pieces() {
            kinds[sq.index()] = board.piece_at(sq).map(|p| p.kind);
        }
        OwnPieces {
            kinds,
            hand: board.hand(),
        }
    }

    pub(super) fn squares(&self) -> Bitboard {
        self.kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| k.is_some())
            .filter_map(|(i, _)| Square::from_index(i))
            .collect()
    }

    pub(super) fn king(&self) -> Option<Square> {
        self.kinds
            .iter()
            .position(|k| *k == Some(PieceKind::King))
            .and_then(Square::from_index)
    }
}

/// The own pieces at every step, worked out backwards from the board now:
/// undoing the own played moves and putting back the pieces the opponent took.
pub(super) fn reconstruct(steps: &[Step], now: OwnPieces) -> Option<Vec<OwnPieces>> {
    let mut own_at = vec![now; steps.len()];
    for j in (0..steps.len().saturating_sub(1)).rev() {
        let mut x = own_at[j + 1].clone();
        match &steps[j] {
            Step::Ours {
                played: Some((mv, report)),
                ..
            } => match mv.kind() {
                MoveKind::Normal { from, to, promote } => {
                    let kind = x.kinds[to.index()].take()?;
                    if x.kinds[from.index()].is_some() {
                        return None;
                    }
                    x.kinds[from.index()] = Some(if promote { kind.unpromote() } else { kind });
                    if let Some((_, taken)) = report.capture {
                        if !x.hand.remove(taken.unpromote()) {
                            return None;
                        }
                    }
                }
                MoveKind::Drop { kind, to } => {
                    x.kinds[to.index()].take().filter(|&k| k == kind)?;
                    x.hand.add(kind);
                }
            },
            Step::Theirs {
                played: Some(report),
            } => {
                if let Some((sq, kind)) = report.capture {
                    if x.kinds[sq.index()].is_some() {
                        return None;
                    }
                    x.kinds[sq.index()] = Some(kind);
                }
            }
            _ => return None,
        }
        own_at[j] = x;
    }
    Some(own_at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_core::Color;
    use shogi_variants::{Announcement, Referee, TsuitateSettings};

    /// Black's view at the start, told `info` instead, to move.
    fn told(info: &[Announcement]) -> PlayerView {
        let mut view = Referee::new(TsuitateSettings::default()).view(Color::Black);
        view.information_state = info.to_vec();
        view.to_move = true;
        view
    }

    #[test]
    fn steps_of_an_information_state() {
        let mv: Move = "7g7f".parse().expect("a move");
        let info = [
            Announcement::Attempted(mv),
            Announcement::Foul { count: 1 },
            Announcement::Attempted(mv),
            Announcement::Played,
            Announcement::Check,
            Announcement::OpponentFoul { count: 1 },
            Announcement::OpponentMoved,
        ];
        let steps = steps_of(&told(&info)).unwrap_or_default();
        assert_eq!(steps.len(), 3);
        assert_eq!(
            steps[0],
            Step::Ours {
                fouls: vec![mv],
                played: Some((
                    mv,
                    Report {
                        capture: None,
                        check: true
                    }
                ))
            }
        );
        assert_eq!(
            steps[1],
            Step::Theirs {
                played: Some(Report::default())
            }
        );
        assert!(steps[2].is_ours() && !steps[2].is_closed());
        // An attempt with no verdict, and two opponent moves in a row, come
        // from no game.
        assert!(steps_of(&told(&[Announcement::Attempted(mv)])).is_none());
        let twice = [Announcement::OpponentMoved, Announcement::OpponentMoved];
        assert!(steps_of(&told(&twice)).is_none());
        assert_eq!(told(&info).fouls_this_turn(), Vec::<Move>::new());
        assert_eq!(told(&info[..2]).fouls_this_turn(), vec![mv]);
    }
}
