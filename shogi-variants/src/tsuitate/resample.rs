//! Sampling a whole game that one player cannot tell from the real one
//! ([`Referee::resample`]).
//!
//! The search replays the player's information state attempt by attempt on
//! candidate true games. The player's own attempts are fixed (they are in
//! the information state); the opponent's played moves are chosen among the
//! legal moves whose announcements (capture, check, end) are the ones the
//! player heard, and an announced opponent foul is any candidate of the
//! opponent that is illegal on the true board (which one does not matter:
//! a foul changes nothing the player can ever learn). A candidate game dies
//! as soon as the player would have been told anything else, so the later
//! facts (a refused slide says a hidden piece stood in the way) prune the
//! opponent's earlier choices. The candidates are kept as a beam (equal
//! true positions merged): all the survivors when they are few; when more
//! than `width`, three quarters the best placed for what comes (opponent
//! pieces able to reach the squares of the captures to come in time, of the
//! kind the player's recapture on the same square then names, out of
//! the way of the player's next played moves, in the way of the refused
//! ones), a few at most from each parent, and the rest at random. A beam that dies out is tried again wider. The steering only
//! orders the search; it never admits a game. Every step is judged by the referee's own rules
//! ([`Table::judge`]), and the history found is replayed on a fresh
//! [`Referee`] and compared with the player's information state before it
//! is returned, so a sample is always a real game, consistent with every
//! announcement.

use super::{Announcement, EndReason, Referee, Table, TsuitateError};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shogi_core::{attacks, Bitboard, Color, Move, MoveKind, OwnBoard, PieceKind, Square};
use std::collections::HashSet;
use std::rc::Rc;

/// Beam widths tried, in order, before giving up.
const WIDTHS: [usize; 4] = [16, 64, 256, 1024];

/// A persistent list of attempts, newest first (shared between the
/// candidates that branch from one game).
struct Trail {
    mv: Move,
    prev: Option<Rc<Trail>>,
}

/// One candidate true game: its table, how much of the player's information
/// state it reproduced, and the attempts that led there.
#[derive(Clone)]
struct Candidate {
    table: Table,
    /// How many announcements of the player's information state it matched.
    told: usize,
    trail: Option<Rc<Trail>>,
}

impl Candidate {
    fn moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        let mut at = self.trail.as_deref();
        while let Some(t) = at {
            moves.push(t.mv);
            at = t.prev.as_deref();
        }
        moves.reverse();
        moves
    }
}

/// Where a candidate stands after its forced attempts.
enum Next {
    /// It told the player something else (or could not go on).
    Dead,
    /// It reproduced the whole information state.
    Done(Candidate),
    /// The opponent is to play a move: a choice to branch on.
    Branch(Candidate),
}

struct Search<'a> {
    referee: &'a Referee,
    color: Color,
    expected: &'a [Announcement],
}

impl Search<'_> {
    /// Judges `mv` on the candidate and keeps it if the player is told
    /// exactly what comes next in the information state.
    fn try_attempt(&self, c: &mut Candidate, mv: Move) -> bool {
        let r = self.referee;
        let Ok((_, told)) = c.table.judge(r.settings(), r.variant(), mv) else {
            return false;
        };
        let mine = &told[self.color.index()];
        let end = c.told + mine.len();
        if self.expected.get(c.told..end) != Some(mine.as_slice()) {
            return false;
        }
        c.told = end;
        c.trail = Some(Rc::new(Trail {
            mv,
            prev: c.trail.take(),
        }));
        true
    }

    /// A candidate of the opponent illegal on the true board, at random.
    fn some_foul(&self, c: &Candidate, rng: &mut ChaCha8Rng) -> Option<Move> {
        let pos = &c.table.position;
        let fouls: Vec<Move> = OwnBoard::of(pos, pos.side_to_move())
            .moves()
            .iter()
            .copied()
            .filter(|&m| !pos.is_legal(m))
            .collect();
        (!fouls.is_empty()).then(|| fouls[rng.random_range(0..fouls.len())])
    }

    /// Plays the candidate's forced attempts: the player's own, and the
    /// opponent's announced fouls, until the opponent must choose a move.
    fn advance(&self, mut c: Candidate, rng: &mut ChaCha8Rng) -> Next {
        loop {
            if c.table.outcome.is_some() || c.told == self.expected.len() {
                return if c.told == self.expected.len() {
                    Next::Done(c)
                } else {
                    Next::Dead
                };
            }
            let ok = if c.table.position.side_to_move() == self.color {
                match self.expected[c.told] {
                    Announcement::Attempted(mv) => self.try_attempt(&mut c, mv),
                    _ => false,
                }
            } else {
                match self.expected[c.told] {
                    Announcement::OpponentMoved => return Next::Branch(c),
                    Announcement::OpponentFoul { .. } => self
                        .some_foul(&c, rng)
                        .is_some_and(|f| self.try_attempt(&mut c, f)),
                    // Fouls kept from the player: the opponent fouls out
                    // silently, the player hearing only the end.
                    Announcement::GameOver(o)
                        if o.reason == EndReason::Custom(crate::FOUL_LIMIT)
                            && o.winner == Some(self.color)
                            && !self.referee.settings().announce_fouls_to_both =>
                    {
                        loop {
                            let Some(f) = self.some_foul(&c, rng) else {
                                break false;
                            };
                            let before = c.told;
                            if !self.try_attempt(&mut c, f) {
                                break false;
                            }
                            if c.table.outcome.is_some() {
                                break true;
                            }
                            debug_assert_eq!(before, c.told);
                        }
                    }
                    _ => false,
                }
            };
            if !ok {
                return Next::Dead;
            }
        }
    }

    /// The candidate's opponent moves that announce what the player heard,
    /// each followed by its forced attempts.
    fn branch(&self, c: &Candidate, rng: &mut ChaCha8Rng, out: &mut Vec<Next>) {
        // What the player heard of the move: a capture (square, kind) or none.
        let capture = match self.expected.get(c.told + 1) {
            Some(&Announcement::Capture { square, kind }) => Some((square, kind)),
            _ => None,
        };
        let pos = &c.table.position;
        for mv in pos.legal_moves() {
            let taken = match mv.kind() {
                MoveKind::Normal { to, .. } => pos.piece_at(to).map(|p| (to, p.kind)),
                MoveKind::Drop { .. } => None,
            };
            if taken != capture {
                continue;
            }
            let mut child = c.clone();
            if self.try_attempt(&mut child, mv) {
                out.push(self.advance(child, rng));
            }
        }
    }

    /// How far the candidate's opponent pieces are from the next captures the
    /// player was told of (a rough count of opponent moves, smaller is
    /// better): a capture by the opponent needs one of its pieces able to
    /// reach the square; a capture by the player needs an opponent piece of
    /// the announced kind standing there. Only steers the search.
    fn distance(&self, c: &Candidate) -> u32 {
        let pos = &c.table.position;
        let them = self.color.opponent();
        let mut total = 0;
        let mut by_them = false;
        let mut events = 0;
        // Opponent moves until the event (the capturing one included).
        let mut moves = 0u32;
        let rest = &self.expected[c.told..];
        for (i, a) in rest.iter().enumerate() {
            let (square, kind) = match *a {
                Announcement::OpponentMoved => {
                    by_them = true;
                    moves += 1;
                    continue;
                }
                Announcement::Played => {
                    by_them = false;
                    continue;
                }
                Announcement::Capture { square, kind } => (square, kind),
                _ => continue,
            };
            let occupied = pos.occupied();
            let steps = |from: Square, k: PieceKind| -> u32 {
                let d = u32::from(
                    from.file()
                        .abs_diff(square.file())
                        .max(from.rank().abs_diff(square.rank())),
                );
                match k {
                    _ if d == 0 => 0,
                    _ if attacks::attacks(them, k, from, occupied).contains(square) => 1,
                    _ if d == 1 => 2,
                    PieceKind::Rook
                    | PieceKind::Bishop
                    | PieceKind::Dragon
                    | PieceKind::Horse
                    | PieceKind::Lance => {
                        2 + u32::from(
                            from.file() != square.file()
                                && from.rank() != square.rank()
                                && matches!(k, PieceKind::Rook | PieceKind::Lance),
                        )
                    }
                    _ => d,
                }
            };
            // A capture by the opponent that the player takes back on the
            // same square names the capturing piece: it needs a piece of
            // that kind (or one promoting to it).
            let retaken = if by_them {
                rest[i + 1..]
                    .iter()
                    .take_while(|a| !matches!(a, Announcement::OpponentMoved))
                    .find_map(|a| match *a {
                        Announcement::Capture { square: s, kind: k } if s == square => Some(k),
                        _ => None,
                    })
            } else {
                None
            };
            let best = pos
                .pieces(them)
                .into_iter()
                .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p.kind)))
                .filter(|&(_, k)| match retaken {
                    Some(r) => k == r || k.promote() == Some(r),
                    None => by_them || k == kind || k.promote() == Some(kind),
                })
                .map(|(sq, k)| steps(sq, k) + u32::from(!by_them && k != kind))
                .chain((!by_them && pos.hand(them).count(kind) > 0).then_some(1))
                .min()
                .unwrap_or(9);
            // Behind schedule only: a piece in time need not hurry (and
            // one that hurries may stand in the way).
            let late = (3 * best).saturating_sub(moves);
            total += late * 4 / (1 + events);
            events += 1;
            if events == 5 {
                break;
            }
        }
        total + self.obstruction(c)
    }

    /// How badly the candidate's opponent pieces stand for the player's next
    /// few attempts: a piece on the path (or the empty destination) of a
    /// move that was played has to get out of the way; a refused slide or
    /// drop with nothing on its path or square needs a piece to get there.
    fn obstruction(&self, c: &Candidate) -> u32 {
        let pos = &c.table.position;
        let theirs = pos.pieces(self.color.opponent());
        let mut total = 0;
        let mut seen = 0u32;
        let rest = &self.expected[c.told..];
        for (i, a) in rest.iter().enumerate() {
            let Announcement::Attempted(mv) = *a else {
                continue;
            };
            let (path, drop) = match mv.kind() {
                MoveKind::Normal { from, to, .. } => (attacks::between(from, to), false),
                MoveKind::Drop { .. } => (Bitboard::EMPTY, true),
            };
            let to = Bitboard::from_square(mv.to());
            let weight = 4u32.saturating_sub(seen);
            match rest.get(i + 1) {
                Some(Announcement::Played) => {
                    let captured = matches!(rest.get(i + 2), Some(Announcement::Capture { .. }));
                    let need_empty = if captured { path } else { path | to };
                    total += weight * (need_empty & theirs).count();
                }
                Some(Announcement::Foul { .. }) => {
                    // A refused drop: something on its square; a refused
                    // slide: something on its path (or a king in check,
                    // which this does not try to guess).
                    let blockers = if drop { to } else { path };
                    if blockers.is_any() && (blockers & theirs).is_empty() {
                        total += weight;
                    }
                }
                _ => {}
            }
            seen += 1;
            if seen == 4 {
                break;
            }
        }
        total
    }

    /// One beam search of `width`; the moves of a game found.
    fn run(&self, width: usize, rng: &mut ChaCha8Rng) -> Option<Vec<Move>> {
        let r = self.referee;
        // A game over at the start told both players so: that announcement
        // is already heard.
        let mut told_at_start: [Vec<Announcement>; 2] = Default::default();
        let table = Table::new(
            r.settings(),
            r.variant(),
            r.start_position().clone(),
            &mut told_at_start,
        );
        let start = Candidate {
            table,
            told: told_at_start[self.color.index()].len(),
            trail: None,
        };
        let mut beam = match self.advance(start, rng) {
            Next::Dead => return None,
            Next::Done(c) => return Some(c.moves()),
            Next::Branch(c) => vec![c],
        };
        loop {
            // The children, each with its parent's index.
            let mut next = Vec::new();
            let mut parents = Vec::new();
            for (i, c) in beam.iter().enumerate() {
                self.branch(c, rng, &mut next);
                parents.resize(next.len(), i);
            }
            let mut done = Vec::new();
            let mut open = Vec::new();
            let mut seen = HashSet::new();
            for (n, parent) in next.into_iter().zip(parents) {
                match n {
                    Next::Dead => {}
                    Next::Done(c) => done.push(c),
                    Next::Branch(c) => {
                        let t = &c.table;
                        if seen.insert((t.position.hash(), t.fouls)) {
                            open.push((parent, c));
                        }
                    }
                }
            }
            if !done.is_empty() {
                return Some(done.swap_remove(rng.random_range(0..done.len())).moves());
            }
            if open.is_empty() {
                return None;
            }
            beam = if open.len() > width {
                self.select(open, beam.len(), width, rng)
            } else {
                open.into_iter().map(|(_, c)| c).collect()
            };
        }
    }

    /// `width` of the candidates: three quarters the best placed for what
    /// comes ([`Search::distance`]), a few at most from each parent (so that
    /// one good-looking parent does not take the whole beam), the rest at
    /// random.
    fn select(
        &self,
        open: Vec<(usize, Candidate)>,
        parents: usize,
        width: usize,
        rng: &mut ChaCha8Rng,
    ) -> Vec<Candidate> {
        let mut scored: Vec<(u32, u32, usize, Candidate)> = open
            .into_iter()
            .map(|(p, c)| (self.distance(&c), rng.random::<u32>(), p, c))
            .collect();
        scored.sort_by_key(|s| (s.0, s.1));
        let greedy = width * 3 / 4;
        let per_parent = (2 * width).div_ceil(parents.max(1)).max(2);
        let mut taken = vec![0usize; parents];
        let mut chosen = Vec::with_capacity(width);
        let mut rest = Vec::new();
        for (_, _, p, c) in scored {
            if chosen.len() < greedy && taken[p] < per_parent {
                taken[p] += 1;
                chosen.push(c);
            } else {
                rest.push(c);
            }
        }
        while chosen.len() < width && !rest.is_empty() {
            chosen.push(rest.swap_remove(rng.random_range(0..rest.len())));
        }
        chosen
    }
}

/// See [`Referee::resample`].
pub(super) fn resample(
    referee: &Referee,
    color: Color,
    seed: u64,
) -> Result<Referee, TsuitateError> {
    let search = Search {
        referee,
        color,
        expected: referee.told(color),
    };
    for (round, &width) in WIDTHS.iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ ((round as u64) << 56));
        let Some(moves) = search.run(width, &mut rng) else {
            continue;
        };
        let mut game = Referee::from_position(
            referee.settings().clone(),
            referee.variant().clone(),
            referee.start_position().clone(),
        );
        if moves.iter().all(|&mv| game.attempt(mv).is_ok())
            && game.told(color) == referee.told(color)
            && game.view(color) == referee.view(color)
        {
            return Ok(game);
        }
    }
    Err(TsuitateError::NoConsistentGame {
        width: WIDTHS[WIDTHS.len() - 1],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Base, TsuitateSettings};

    /// A game of uniformly random candidates (many fouls), stopped after
    /// `attempts` attempts or at the end.
    fn random_game(settings: TsuitateSettings, seed: u64, attempts: usize) -> Referee {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut referee = Referee::new(settings);
        for _ in 0..attempts {
            if referee.outcome().is_some() {
                break;
            }
            let moves = referee.view(referee.side_to_move()).candidate_moves();
            let mv = moves[rng.random_range(0..moves.len())];
            referee.attempt(mv).expect("a candidate");
        }
        referee
    }

    fn check_samples(referee: &Referee, samples: u64) -> usize {
        let mut distinct = HashSet::new();
        for color in [Color::Black, Color::White] {
            for seed in 0..samples {
                let sample = match referee.resample(color, seed) {
                    Ok(s) => s,
                    Err(e) => panic!(
                        "{e}: {:?} {:?} after {} attempts, {} told {:?} {:?}",
                        referee.settings(),
                        color,
                        referee.attempts().len(),
                        referee.told(color).len(),
                        referee.told(color),
                        referee.attempts()
                    ),
                };
                assert_eq!(sample.view(color), referee.view(color));
                assert_eq!(sample.outcome(), referee.outcome());
                assert_eq!(sample.side_to_move(), referee.side_to_move());
                assert_eq!(sample.told(color), referee.told(color));
                distinct.insert(sample.true_position().to_sfen());
            }
        }
        distinct.len()
    }

    #[test]
    fn samples_tell_the_player_the_same_things() {
        // Whole games on 5x5; the opening of 9x9 games (long 9x9 games of
        // random moves can outrun the bounded search).
        for (base, announce, lengths) in [
            (Base::MINISHOGI, true, &[0, 1, 5, 17, 40, 200][..]),
            (Base::MINISHOGI, false, &[0, 1, 5, 17, 40, 200][..]),
            (Base::STANDARD, true, &[0, 1, 5, 17, 30][..]),
        ] {
            let settings = TsuitateSettings {
                base,
                announce_fouls_to_both: announce,
                foul_limit: 6,
                move_limit: Some(60),
            };
            for seed in 0..6 {
                for &attempts in lengths {
                    let referee = random_game(settings.clone(), seed, attempts);
                    check_samples(&referee, 3);
                }
            }
        }
    }

    #[test]
    fn a_retaken_capture_asks_for_the_kind_the_player_took() {
        // The opponent captures a gold on 5e and the player takes back a
        // promoted lance there: the opponent's lance must get to 5e, so the
        // lance on 5a (its file) stands better than the one on 1a, even
        // though a pawn next to 5e could make the first capture alone.
        let settings = TsuitateSettings::default();
        let told = [
            Announcement::OpponentMoved,
            Announcement::Capture {
                square: "5e".parse().unwrap(),
                kind: PieceKind::Gold,
            },
            Announcement::Attempted("5i4h".parse().unwrap()),
            Announcement::Played,
            Announcement::Capture {
                square: "5e".parse().unwrap(),
                kind: PieceKind::ProLance,
            },
        ];
        let referee = Referee::new(settings.clone());
        let search = Search {
            referee: &referee,
            color: Color::Black,
            expected: &told,
        };
        let distance = |sfen: &str| {
            let start = Referee::from_sfen(settings.clone(), sfen).unwrap();
            let table = Table::new(
                &settings,
                referee.variant(),
                start.start_position().clone(),
                &mut Default::default(),
            );
            search.distance(&Candidate {
                table,
                told: 0,
                trail: None,
            })
        };
        let on_file = distance("k3l4/9/9/4p4/9/9/9/9/4K4 w - 1");
        let off_file = distance("k7l/9/9/4p4/9/9/9/9/4K4 w - 1");
        assert!(on_file < off_file, "{on_file} vs {off_file}");
        // With the lance on 1a (three moves from 5e), both captures wait
        // for it: the first 4 * (3 * 3 - 1), the retake 4 * (3 * 4 - 1) / 2
        // (one move more to promote). Were the pawn on 5d counted for the
        // first, it would weigh only 4 * (3 * 1 - 1).
        assert_eq!(off_file, 32 + 22);
    }

    #[test]
    fn samples_vary_the_hidden_moves() {
        let settings = TsuitateSettings {
            base: Base::MINISHOGI,
            ..TsuitateSettings::default()
        };
        let referee = random_game(settings, 3, 12);
        assert!(check_samples(&referee, 12) > 2);
    }

    #[test]
    fn a_sample_is_reproducible_from_its_seed() {
        let referee = random_game(TsuitateSettings::default(), 1, 30);
        let a = referee.resample(Color::White, 9).expect("a sample");
        let b = referee.resample(Color::White, 9).expect("a sample");
        assert_eq!(a.attempts(), b.attempts());
    }

    #[test]
    fn the_sample_plays_on() {
        let referee = random_game(TsuitateSettings::default(), 4, 25);
        let mut sample = referee
            .resample(referee.side_to_move(), 2)
            .expect("a sample");
        let view = sample.view(sample.side_to_move());
        let mv = view.candidate_moves()[0];
        assert!(sample.attempt(mv).is_ok());
    }
}
