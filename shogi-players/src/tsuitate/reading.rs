//! What the information state says, step by step: the true positions so far
//! as the player knows them, and its own pieces at each.

use shogi_core::{Bitboard, Hand, Move, MoveKind, OwnBoard, PieceKind, Square};
use shogi_variants::Announcement;

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

/// Makes sure the last step is an open step of the given side, opening one if
/// the last is a closed step of the other side. `None` if the announcements
/// cannot come from a game.
pub(super) fn open_step(steps: &mut Vec<Step>, ours: bool) -> Option<()> {
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

/// Reads the capture and check announcements that follow a played move.
pub(super) fn read_report(info: &[Announcement], mut i: usize) -> (Report, usize) {
    let mut report = Report::default();
    while let Some(a) = info.get(i) {
        match *a {
            Announcement::Capture { square, kind } => report.capture = Some((square, kind)),
            Announcement::Check => report.check = true,
            _ => break,
        }
        i += 1;
    }
    (report, i)
}

/// Splits an information state into steps: one per true position so far, the
/// last one open when it is the player's turn.
pub(super) fn parse_steps(info: &[Announcement], to_move: bool) -> Option<Vec<Step>> {
    let mut steps: Vec<Step> = Vec::new();
    let mut i = 0;
    while let Some(a) = info.get(i) {
        i += 1;
        match *a {
            Announcement::Attempted(mv) => {
                open_step(&mut steps, true)?;
                let verdict = info.get(i).copied();
                i += 1;
                let (report, next) = read_report(info, i);
                let Some(Step::Ours { fouls, played }) = steps.last_mut() else {
                    return None;
                };
                match verdict {
                    Some(Announcement::Foul { .. }) => fouls.push(mv),
                    Some(Announcement::Played) => {
                        *played = Some((mv, report));
                        i = next;
                    }
                    _ => return None,
                }
            }
            Announcement::OpponentFoul { .. } => open_step(&mut steps, false)?,
            Announcement::OpponentMoved => {
                open_step(&mut steps, false)?;
                let (report, next) = read_report(info, i);
                i = next;
                let Some(Step::Theirs { played }) = steps.last_mut() else {
                    return None;
                };
                *played = Some(report);
            }
            Announcement::GameOver(_) => {}
            _ => return None,
        }
    }
    if to_move {
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

/// The moves the player tried and had refused since the last played move
/// (the true position has not changed since).
pub(super) fn fouls_this_turn(info: &[Announcement]) -> Vec<Move> {
    let mut fouls = Vec::new();
    for pair in info.windows(2) {
        match pair {
            [Announcement::Attempted(mv), Announcement::Foul { .. }] => fouls.push(*mv),
            [_, Announcement::Played | Announcement::OpponentMoved] => fouls.clear(),
            _ => {}
        }
    }
    fouls
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let steps = parse_steps(&info, true).unwrap_or_default();
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
        assert!(parse_steps(&[Announcement::Played], true).is_none());
        assert_eq!(fouls_this_turn(&info), Vec::<Move>::new());
        assert_eq!(fouls_this_turn(&info[..2]), vec![mv]);
    }
}
