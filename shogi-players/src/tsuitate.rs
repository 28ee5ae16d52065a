//! Players for Tsuitate shogi (RULES.md section 4), where each side sees only
//! its own pieces and a referee tells it what it may learn.
//!
//! * [`BeliefPlayer`] keeps a *belief* about the hidden enemy pieces: a
//!   bounded set of sampled hypothetical true positions ("particles"), each
//!   consistent with everything it was told, updated by a particle filter, and
//!   plans over them, weighing the chance that a move is a foul.
//! * [`NaivePlayer`] is the baseline that ignores what it was told: it
//!   assumes the enemy pieces still stand where they started and plans on that
//!   single imagined position.
//!
//! Both take only the player's [`PlayerView`] (through
//! [`Observation::tsuitate`](shogi_variants::Observation::tsuitate)) and their seed: the same view, the same move.
//!
//! ```
//! use shogi_core::Color;
//! use shogi_players::{BeliefPlayer, NaivePlayer, Observation, Player};
//! use shogi_variants::{Referee, TsuitateSettings};
//!
//! let mut referee = Referee::new(TsuitateSettings::default());
//! let mut black = BeliefPlayer::new(1);
//! let mut white = NaivePlayer::new(2);
//! for _ in 0..6 {
//!     let view = referee.view(referee.side_to_move());
//!     let player: &mut dyn Player = if view.color == Color::Black { &mut black } else { &mut white };
//!     let mv = player.choose(Observation::tsuitate(&view)).unwrap();
//!     assert!(view.candidate_moves().contains(&mv));
//!     referee.attempt(mv).unwrap();
//! }
//! ```

use super::eval::{evaluate, MATE_SCORE};
use super::{Observation, Player, Seen};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shogi_core::rng::SplitMix;
use shogi_core::rules::{dead_squares, nifu, promotion};
use shogi_core::{
    attacks, Bitboard, Color, Geometry, Hand, Move, MoveKind, MoveList, OwnBoard, Piece, PieceKind,
    PieceSet, Position, PositionError, Setup, Square, Variant,
};
use shogi_variants::{Announcement, PlayerView};

/// Particles kept by default by a [`BeliefPlayer`].
const DEFAULT_PARTICLES: usize = 32;
/// What a foul costs at first, in the evaluation's centipawns.
const FOUL_COST: i32 = 300;
/// How much more each foul already made adds to that.
const FOUL_COST_STEP: i32 = 100;
/// What a mate found in one particle is worth: a lot, but not so much that
/// a mate believed in a few particles outweighs likely fouls in the others.
const WIN_VALUE: i32 = 3_000;
/// Moves of single enemy pieces tried by [`Board::repair`].
const REPAIR_TRIES: usize = 48;
/// The most particles a player may keep.
const MAX_PARTICLES: usize = 1024;

// ---------------------------------------------------------------------------
// What the information state says, step by step.

/// What was announced after one played move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Report {
    /// The capture, if any: the square and the kind as it stood.
    capture: Option<(Square, PieceKind)>,
    /// Whether the move gave check.
    check: bool,
}

/// What the player knows of one true position (one state between played moves).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    /// The player's turn: its refused attempts, then the played one (once known).
    Ours {
        fouls: Vec<Move>,
        played: Option<(Move, Report)>,
    },
    /// The opponent's turn: what its played move revealed (once known).
    Theirs { played: Option<Report> },
}

impl Step {
    fn is_ours(&self) -> bool {
        matches!(self, Step::Ours { .. })
    }

    fn is_closed(&self) -> bool {
        match self {
            Step::Ours { played, .. } => played.is_some(),
            Step::Theirs { played } => played.is_some(),
        }
    }
}

/// Makes sure the last step is an open step of the given side, opening one if
/// the last is a closed step of the other side. `None` if the announcements
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

/// Reads the capture and check announcements that follow a played move.
fn read_report(info: &[Announcement], mut i: usize) -> (Report, usize) {
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
fn parse_steps(info: &[Announcement], to_move: bool) -> Option<Vec<Step>> {
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
struct Mine {
    kinds: [Option<PieceKind>; 81],
    hand: Hand,
}

impl Mine {
    fn of(board: &OwnBoard) -> Mine {
        let mut kinds = [None; 81];
        for sq in board.pieces() {
            kinds[sq.index()] = board.piece_at(sq).map(|p| p.kind);
        }
        Mine {
            kinds,
            hand: board.hand(),
        }
    }

    fn squares(&self) -> Bitboard {
        self.kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| k.is_some())
            .filter_map(|(i, _)| Square::from_index(i))
            .collect()
    }

    fn king(&self) -> Option<Square> {
        self.kinds
            .iter()
            .position(|k| *k == Some(PieceKind::King))
            .and_then(Square::from_index)
    }
}

/// The own pieces at every step, worked out backwards from the board now:
/// undoing the own played moves and putting back the pieces the opponent took.
fn reconstruct(steps: &[Step], now: Mine) -> Option<Vec<Mine>> {
    let mut mines = vec![now; steps.len()];
    for j in (0..steps.len().saturating_sub(1)).rev() {
        let mut x = mines[j + 1].clone();
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
        mines[j] = x;
    }
    Some(mines)
}

/// The moves the player tried and had refused since the last played move
/// (the true position has not changed since).
fn fouls_this_turn(info: &[Announcement]) -> Vec<Move> {
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

// ---------------------------------------------------------------------------
// Building hypothetical positions.

/// The board the player plays on: the view's base says it (the settings are public).
#[derive(Clone, Copy, Debug)]
struct Board {
    us: Color,
    geometry: &'static Geometry,
    pieces: PieceSet,
    start: &'static str,
}

impl Board {
    fn of(view: &PlayerView) -> Board {
        let variant = view.base.variant();
        Board {
            us: view.color,
            geometry: variant.geometry(),
            pieces: variant.piece_set(),
            start: variant.start_sfen(),
        }
    }

    fn them(&self) -> Color {
        self.us.opponent()
    }

    fn build(&self, setup: &Setup) -> Result<Position, PositionError> {
        Position::from_setup(setup, self.geometry, &self.pieces)
    }

    /// A setup with the own pieces `mine` and the given enemy pieces and hand.
    fn setup(&self, mine: &Mine, enemy: &[(Square, PieceKind)], hand: Hand, side: Color) -> Setup {
        let mut setup = Setup::empty(self.geometry.files(), self.geometry.ranks());
        for (i, kind) in mine.kinds.iter().enumerate() {
            if let (Some(kind), Some(sq)) = (kind, Square::from_index(i)) {
                setup.set_piece(sq, Some(Piece::new(self.us, *kind)));
            }
        }
        for &(sq, kind) in enemy {
            setup.set_piece(sq, Some(Piece::new(self.them(), kind)));
        }
        setup.hands[self.us.index()] = mine.hand;
        setup.hands[self.them().index()] = hand;
        setup.side_to_move = side;
        setup
    }

    /// The enemy's camp: where its pieces stand at the start.
    fn enemy_camp(&self) -> Bitboard {
        self.geometry.promotion_zone(self.us)
    }

    /// A random empty square where an enemy `kind` may stand, outside
    /// `forbidden`, preferably in the enemy's camp.
    fn free_square(
        &self,
        kind: PieceKind,
        occupied: Bitboard,
        forbidden: Bitboard,
        enemy: &[(Square, PieceKind)],
        rng: &mut ChaCha8Rng,
    ) -> Option<Square> {
        let g = self.geometry;
        let mut ok =
            g.board() & !occupied & !forbidden & !dead_squares::squares(g, self.them(), kind);
        if kind == PieceKind::Pawn && g.drop_rules().nifu_illegal {
            let pawns: Bitboard = enemy
                .iter()
                .filter(|&&(_, k)| k == PieceKind::Pawn)
                .map(|&(sq, _)| sq)
                .collect();
            ok &= !nifu::pawn_files(pawns);
        }
        let camp = ok & self.enemy_camp();
        let pool = if camp.is_any() { camp } else { ok };
        let n = pool.count() as usize;
        if n == 0 {
            return None;
        }
        pool.into_iter().nth(rng.random_range(0..n))
    }

    /// The enemy pieces as they started, around the own pieces `mine`, with
    /// the enemy's material made to agree with the own: pieces the player
    /// holds are taken off the enemy, pieces the player lacks go to the
    /// enemy's hand. The start when `mine` is the own start. Uses nothing of
    /// what was announced.
    fn assumed_world(&self, mine: &Mine, side: Color) -> Option<Position> {
        let start = Setup::from_sfen(self.start).ok()?;
        let them = self.them();
        let own = mine.squares();
        let mut enemy: Vec<(Square, PieceKind)> = Vec::new();
        let mut start_count = [0u32; 8];
        let mut king = None;
        for (i, piece) in start.board.iter().enumerate() {
            let (Some(piece), Some(sq)) = (piece, Square::from_index(i)) else {
                continue;
            };
            start_count[piece.kind.unpromote().index()] += 1;
            if piece.color != them {
                continue;
            }
            if piece.kind == PieceKind::King {
                king = Some(sq);
            } else if !own.contains(sq) {
                enemy.push((sq, piece.kind));
            }
        }
        let mut ours = [0u32; 8];
        for kind in mine.kinds.iter().flatten() {
            ours[kind.unpromote().index()] += 1;
        }
        let mut hand = Hand::EMPTY;
        for kind in PieceKind::HAND {
            let b = kind.index();
            let target = start_count[b].saturating_sub(ours[b] + u32::from(mine.hand.count(kind)));
            let mut have = enemy.iter().filter(|e| e.1.unpromote() == kind).count() as u32;
            while have > target {
                if let Some(i) = enemy.iter().rposition(|e| e.1.unpromote() == kind) {
                    enemy.remove(i);
                }
                have -= 1;
            }
            hand.set(kind, (target - have).min(u32::from(u8::MAX)) as u8);
        }
        // The king where it started, or else the first square of its camp
        // where the position is possible.
        let occupied = own | enemy.iter().map(|e| e.0).collect::<Bitboard>();
        let free = self.geometry.board() & !occupied;
        let squares = king
            .filter(|k| free.contains(*k))
            .into_iter()
            .chain(free & self.enemy_camp())
            .chain(free & !self.enemy_camp());
        for k in squares {
            let mut with_king = enemy.clone();
            with_king.push((k, PieceKind::King));
            if let Ok(pos) = self.build(&self.setup(mine, &with_king, hand, side)) {
                return Some(pos);
            }
        }
        None
    }

    /// `p` after the player's played `mv` (with what was announced), forced
    /// to agree with it when it does not: enemy pieces in the way are moved
    /// elsewhere, an announced capture is made to take a piece of that kind,
    /// and the player's pieces are set to `after` (known exactly).
    fn force_own(
        &self,
        p: &Position,
        mv: Move,
        report: Report,
        after: &Mine,
        rng: &mut ChaCha8Rng,
    ) -> Option<Position> {
        let them = self.them();
        let mut enemy: Vec<(Square, PieceKind)> = p
            .pieces(them)
            .into_iter()
            .filter_map(|sq| p.piece_at(sq).map(|pc| (sq, pc.kind)))
            .collect();
        let mut hand = p.hand(them);
        let own = after.squares();
        let to = mv.to();
        let path = match mv.kind() {
            MoveKind::Normal { from, to, .. } => attacks::between(from, to),
            MoveKind::Drop { .. } => Bitboard::EMPTY,
        };
        let mut homeless: Vec<PieceKind> = Vec::new();
        if let Some((_, taken)) = report.capture {
            let base = taken.unpromote();
            let mut need = true;
            if let Some(i) = enemy.iter().position(|e| e.0 == to) {
                let (_, x) = enemy.remove(i);
                if x.unpromote() == base {
                    need = false;
                } else {
                    homeless.push(x);
                }
            }
            if need && !hand.remove(base) {
                let i = enemy
                    .iter()
                    .position(|e| e.1.unpromote() == base && e.1 != PieceKind::King)?;
                enemy.remove(i);
            }
        }
        let in_the_way = own | path | Bitboard::from_square(to);
        let (keep, moved): (Vec<_>, Vec<_>) =
            enemy.into_iter().partition(|e| !in_the_way.contains(e.0));
        enemy = keep;
        homeless.extend(moved.into_iter().map(|e| e.1));
        for kind in homeless {
            let occupied = own | enemy.iter().map(|e| e.0).collect::<Bitboard>();
            let sq = self.free_square(kind, occupied, in_the_way, &enemy, rng)?;
            enemy.push((sq, kind));
        }
        // The own king must not stand in check once the player has moved.
        for _ in 0..4 {
            match self.build(&self.setup(after, &enemy, hand, them)) {
                Ok(pos) => return Some(pos),
                Err(PositionError::OpponentInCheck(c)) if c == self.us => {
                    let king = after.king()?;
                    let occupied = own | enemy.iter().map(|e| e.0).collect::<Bitboard>();
                    let checkers: Vec<usize> = (0..enemy.len())
                        .filter(|&i| {
                            let (sq, kind) = enemy[i];
                            attacks::attacks(them, kind, sq, occupied).contains(king)
                        })
                        .collect();
                    for i in checkers.into_iter().rev() {
                        let (_, kind) = enemy.remove(i);
                        if kind == PieceKind::King {
                            return None;
                        }
                        let occupied = own | enemy.iter().map(|e| e.0).collect::<Bitboard>();
                        let sq = self.free_square(kind, occupied, in_the_way, &enemy, rng)?;
                        enemy.push((sq, kind));
                    }
                }
                Err(_) => return None,
            }
        }
        None
    }

    /// `p` changed so that each of the player's refused `fouls` is illegal
    /// there, when that can be done simply: a hidden piece is put on the path
    /// of a refused slide, or on the square of a refused drop, the enemy
    /// piece nearest to it moved there. `None` if some foul stays legal.
    fn force_fouls(&self, p: &Position, fouls: &[Move], rng: &mut ChaCha8Rng) -> Option<Position> {
        let them = self.them();
        let mut pos = p.clone();
        for &f in fouls {
            if !pos.is_legal(f) {
                continue;
            }
            let squares = match f.kind() {
                MoveKind::Normal { from, to, .. } => attacks::between(from, to),
                MoveKind::Drop { to, .. } => Bitboard::from_square(to),
            } & !pos.occupied();
            let n = squares.count() as usize;
            if n == 0 {
                return None;
            }
            let target = squares.into_iter().nth(rng.random_range(0..n))?;
            let pawns = pos.pieces_of(them, PieceKind::Pawn);
            let mut movers: Vec<(u32, Square, PieceKind)> = pos
                .pieces(them)
                .into_iter()
                .filter_map(|s| pos.piece_at(s).map(|pc| (s, pc.kind)))
                .filter(|&(s, k)| {
                    k != PieceKind::King
                        && dead_squares::may_stand(self.geometry, them, k, target)
                        && (k != PieceKind::Pawn
                            || !self.geometry.drop_rules().nifu_illegal
                            || nifu::may_drop_pawn(pawns.without(s), target))
                })
                .map(|(s, k)| {
                    let d = s
                        .file()
                        .abs_diff(target.file())
                        .max(s.rank().abs_diff(target.rank()));
                    (u32::from(d), s, k)
                })
                .collect();
            movers.sort_by_key(|m| (m.0, m.1.index()));
            let mut fixed = None;
            for &(_, from, kind) in movers.iter().take(4) {
                let mut setup = pos.to_setup();
                setup.set_piece(from, None);
                setup.set_piece(target, Some(Piece::new(them, kind)));
                if let Ok(q) = self.build(&setup) {
                    fixed = Some(q);
                    break;
                }
            }
            pos = fixed?;
        }
        agrees_with_fouls(&pos, fouls).then_some(pos)
    }

    /// `p` (the player to move) changed by moving enemy pieces, one at a
    /// time, until it agrees with `wanted`: a local search that keeps a
    /// change only when fewer of the wanted facts are violated. The pieces go
    /// where they would explain a refused move (on its path, on its drop
    /// square, attacking the square a refused king move went to, checking or
    /// pinning) or the check that was announced (or away from a check that
    /// was not). `None` if it does not get there within a few tries.
    fn repair(&self, p: &Position, wanted: &Wanted, rng: &mut ChaCha8Rng) -> Option<Position> {
        let (us, them) = (self.us, self.them());
        let mut cur = p.clone();
        let mut bad = wanted.violations(&cur);
        for _ in 0..REPAIR_TRIES {
            if bad == 0 {
                return Some(cur);
            }
            let ksq = cur.king(us)?;
            let occ = cur.occupied();
            let enemy: Vec<Square> = (cur.pieces(them) & !cur.pieces_of(them, PieceKind::King))
                .into_iter()
                .collect();
            let wrong_check = wanted.check.is_some_and(|c| c != cur.is_check());
            let movers: Vec<Square> = if wrong_check && cur.is_check() {
                cur.checkers().into_iter().collect()
            } else {
                enemy
            };
            if movers.is_empty() {
                return None;
            }
            let from = movers[rng.random_range(0..movers.len())];
            let piece = cur.piece_at(from)?;
            let kind = piece.kind;
            let mut targets = Bitboard::EMPTY;
            if wrong_check {
                targets |= if cur.is_check() {
                    self.geometry.board()
                } else {
                    attacks::attacks(us, kind, ksq, occ)
                };
            }
            for &f in wanted.fouls {
                if !cur.is_legal(f) {
                    continue;
                }
                match f.kind() {
                    MoveKind::Drop { to, .. } => targets |= Bitboard::from_square(to),
                    MoveKind::Normal {
                        from: f_from, to, ..
                    } => {
                        targets |= attacks::between(f_from, to);
                        if f_from == ksq {
                            targets |= attacks::attacks(us, kind, to, occ.without(ksq));
                        } else {
                            targets |= attacks::attacks(us, kind, ksq, occ)
                                | (attacks::line(ksq, f_from) & !attacks::between(ksq, f_from));
                        }
                    }
                }
            }
            targets &= !occ & !dead_squares::squares(self.geometry, them, kind);
            let n = targets.count() as usize;
            if n == 0 {
                continue;
            }
            let Some(to) = targets.into_iter().nth(rng.random_range(0..n)) else {
                continue;
            };
            let mut setup = cur.to_setup();
            setup.set_piece(from, None);
            setup.set_piece(to, Some(piece));
            if let Ok(next) = self.build(&setup) {
                let b = wanted.violations(&next);
                if b < bad {
                    cur = next;
                    bad = b;
                }
            }
        }
        (bad == 0).then_some(cur)
    }

    /// `p` made to agree with `wanted`: first by putting the nearest enemy
    /// pieces in the way of refused moves ([`Board::force_fouls`]), else by
    /// [`Board::repair`].
    fn fix(&self, p: &Position, wanted: &Wanted, rng: &mut ChaCha8Rng) -> Option<Position> {
        if wanted.violations(p) == 0 {
            return Some(p.clone());
        }
        self.force_fouls(p, wanted.fouls, rng)
            .filter(|q| wanted.violations(q) == 0)
            .or_else(|| self.repair(p, wanted, rng))
    }

    /// `p` after an enemy move that took the player's piece on the announced
    /// square, when no legal enemy move does: an enemy piece is moved there.
    fn force_theirs(&self, p: &Position, report: Report, rng: &mut ChaCha8Rng) -> Option<Position> {
        let Some((sq, taken)) = report.capture else {
            let moves = p.legal_moves();
            if moves.is_empty() {
                return None;
            }
            let mut child = p.clone();
            child.play_unchecked(moves[rng.random_range(0..moves.len())]);
            return Some(child);
        };
        let them = self.them();
        let mut movers: Vec<(Square, PieceKind)> = p
            .pieces(them)
            .into_iter()
            .filter_map(|s| p.piece_at(s).map(|pc| (s, pc.kind)))
            .filter(|e| e.1 != PieceKind::King)
            .collect();
        for _ in 0..8 {
            if movers.is_empty() {
                return None;
            }
            let (from, kind) = movers.swap_remove(rng.random_range(0..movers.len()));
            let kind = if promotion::must_promote(self.geometry, them, kind, sq) {
                match kind.promote() {
                    Some(k) => k,
                    None => continue,
                }
            } else {
                kind
            };
            let mut setup = p.to_setup();
            setup.set_piece(from, None);
            setup.set_piece(sq, Some(Piece::new(them, kind)));
            setup.hands[them.index()].add(taken);
            setup.side_to_move = self.us;
            if let Ok(pos) = self.build(&setup) {
                return Some(pos);
            }
        }
        None
    }
}

// ---------------------------------------------------------------------------
// The particle filter.

/// Whether the player's `mv` in `p` is legal and announces what `report` says.
fn agrees_with_own(p: &Position, mv: Move, report: Report) -> bool {
    if !p.is_legal(mv) {
        return false;
    }
    let taken = match mv.kind() {
        MoveKind::Normal { to, .. } => p.piece_at(to).map(|pc| (to, pc.kind)),
        MoveKind::Drop { .. } => None,
    };
    if taken != report.capture {
        return false;
    }
    let mut after = p.clone();
    after.play_unchecked(mv);
    after.is_check() == report.check
}

/// Whether every refused move is illegal in `p`.
fn agrees_with_fouls(p: &Position, fouls: &[Move]) -> bool {
    fouls.iter().all(|&f| !p.is_legal(f))
}

/// What the player knows of the position it is to move in: the moves refused
/// there, and whether it is in check (when it was told: after an enemy move).
struct Wanted<'a> {
    fouls: &'a [Move],
    check: Option<bool>,
}

impl Wanted<'_> {
    /// How many of the known facts `p` contradicts.
    fn violations(&self, p: &Position) -> usize {
        let wrong_check = self.check.is_some_and(|c| c != p.is_check());
        usize::from(wrong_check) + self.fouls.iter().filter(|&&f| p.is_legal(f)).count()
    }
}

/// A deterministic generator for one use, from the seed and labels.
fn rng_for(seed: u64, a: u64, b: u64) -> ChaCha8Rng {
    let splitmix = |z: u64| SplitMix::step(z).1;
    ChaCha8Rng::seed_from_u64(splitmix(seed ^ splitmix(a ^ splitmix(b))))
}

/// Fills `chosen` up to `n` particles by drawing among them at random.
fn resample(mut chosen: Vec<Position>, n: usize, rng: &mut ChaCha8Rng) -> Vec<Position> {
    let len = chosen.len();
    while len > 0 && chosen.len() < n {
        let p = chosen[rng.random_range(0..len)].clone();
        chosen.push(p);
    }
    chosen
}

/// The particles after the player's own step: those where its refused moves
/// are illegal and its played move is legal and announces what was announced
/// (or, if none is, those that agree on the played move alone, or else all
/// of them forced to agree), each advanced by the played move.
fn advance_ours(
    board: &Board,
    parents: &[Position],
    wanted: &Wanted,
    played: (Move, Report),
    after: &Mine,
    n: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<Position> {
    let (mv, report) = played;
    let agree: Vec<&Position> = parents
        .iter()
        .filter(|p| agrees_with_own(p, mv, report))
        .collect();
    let full: Vec<&Position> = agree
        .iter()
        .copied()
        .filter(|p| wanted.violations(p) == 0)
        .collect();
    let forced: Vec<Position>;
    let chosen = if !full.is_empty() || agree.is_empty() {
        if full.is_empty() {
            agree
        } else {
            full
        }
    } else {
        forced = agree
            .iter()
            .filter_map(|p| board.fix(p, wanted, rng))
            .filter(|p| agrees_with_own(p, mv, report))
            .collect();
        if forced.is_empty() {
            agree
        } else {
            forced.iter().collect()
        }
    };
    let children: Vec<Position> = if chosen.is_empty() {
        parents
            .iter()
            .filter_map(|p| board.force_own(p, mv, report, after, rng))
            .collect()
    } else {
        chosen
            .into_iter()
            .map(|p| {
                let mut c = p.clone();
                c.play_unchecked(mv);
                c
            })
            .collect()
    };
    resample(children, n, rng)
}

/// How strictly an enemy move must agree with what is known.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Tier {
    /// The capture and check announced, and the player's next step (its
    /// refused and played moves) as seen from the position after.
    All,
    /// As `All`, without the player's refused moves.
    NoFouls,
    /// The capture and check announced only.
    Announced,
    /// The capture only.
    Capture,
}

/// Whether the enemy move `mv` in `p` agrees with what is known, at `tier`;
/// the position after it if so.
fn enemy_move_agrees(
    p: &mut Position,
    mv: Move,
    report: Report,
    next: Option<&Step>,
    tier: Tier,
) -> Option<Position> {
    let us = p.side_to_move().opponent();
    let target = match mv.kind() {
        MoveKind::Normal { to, .. } => p.piece_at(to),
        MoveKind::Drop { .. } => None,
    };
    match report.capture {
        Some((sq, kind)) => {
            if mv.to() != sq || target != Some(Piece::new(us, kind)) {
                return None;
            }
        }
        None => {
            if target.is_some() {
                return None;
            }
        }
    }
    let undo = p.play_unchecked(mv);
    let mut ok = tier > Tier::Announced || p.is_check() == report.check;
    if ok && tier <= Tier::NoFouls {
        if let Some(Step::Ours { fouls, played }) = next {
            if let Some((own, own_report)) = played {
                ok = agrees_with_own(p, *own, *own_report);
            }
            if ok && tier == Tier::All {
                ok = agrees_with_fouls(p, fouls);
            }
        }
    }
    let child = ok.then(|| p.clone());
    p.undo(mv, undo);
    child
}

/// The particles after an enemy move: each child is a parent (taken in turn)
/// advanced by a random legal enemy move that agrees with what was announced
/// and with the player's next step. The agreement asked for is relaxed when
/// no parent has such a move, and at the last resort the capture is forced.
fn advance_theirs(
    board: &Board,
    parents: &[Position],
    report: Report,
    next: Option<&Step>,
    n: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<Position> {
    let legal: Vec<MoveList> = parents.iter().map(|p| p.legal_moves()).collect();
    for tier in [Tier::All, Tier::NoFouls, Tier::Announced, Tier::Capture] {
        let mut dead = vec![false; parents.len()];
        let mut alive = parents.len();
        let mut children = Vec::with_capacity(n);
        let mut i = 0;
        while children.len() < n && alive > 0 && i < MAX_PARTICLES * 4 {
            let pi = i % parents.len();
            i += 1;
            if dead[pi] {
                continue;
            }
            let mut p = parents[pi].clone();
            let mut pool: MoveList = legal[pi].clone();
            let mut child = None;
            while !pool.is_empty() {
                let mv = pool.swap_remove(rng.random_range(0..pool.len()));
                child = enemy_move_agrees(&mut p, mv, report, next, tier);
                if child.is_some() {
                    break;
                }
            }
            match child {
                Some(c) => children.push(c),
                None => {
                    dead[pi] = true;
                    alive -= 1;
                }
            }
        }
        if !children.is_empty() {
            if tier >= Tier::Announced {
                // What the relaxed children got wrong, mended where possible.
                let fouls: &[Move] = match next {
                    Some(Step::Ours { fouls, .. }) => fouls,
                    _ => &[],
                };
                let wanted = Wanted {
                    fouls,
                    check: Some(report.check),
                };
                for c in children.iter_mut() {
                    if let Some(fixed) = board.fix(c, &wanted, rng) {
                        *c = fixed;
                    }
                }
            }
            return children;
        }
    }
    let forced: Vec<Position> = parents
        .iter()
        .filter_map(|p| board.force_theirs(p, report, rng))
        .collect();
    resample(forced, n, rng)
}

/// Whether the player is in check at step `j`, when it was told: after an
/// enemy move (`None` at the start of the game).
fn check_at(steps: &[Step], j: usize) -> Option<bool> {
    match j.checked_sub(1).and_then(|i| steps.get(i)) {
        Some(Step::Theirs {
            played: Some(report),
        }) => Some(report.check),
        _ => None,
    }
}

/// Particles worked out up to a step whose particles will not change.
#[derive(Clone, Debug)]
struct Checkpoint {
    color: Color,
    files: u8,
    /// The steps that decided the particles (a prefix of every later state).
    key: Vec<Step>,
    /// The own pieces at the checkpoint's step.
    mine: Mine,
    /// The step the particles are for.
    step: usize,
    particles: Vec<Position>,
}

// ---------------------------------------------------------------------------
// Planning.

/// The player's move `mv` in `p` (legal there), scored for the player: one
/// ply, then the enemy's best capture or nothing; a mate scores
/// [`WIN_VALUE`] (a believed mate may be a foul: no lottery tickets).
fn shallow_value(p: &Position, mv: Move) -> i32 {
    let mut after = p.clone();
    after.play_unchecked(mv);
    if after.is_check() && !after.has_legal_moves() {
        return WIN_VALUE;
    }
    let mut best = evaluate(&after);
    for reply in after.legal_captures() {
        let undo = after.play_unchecked(reply);
        best = best.max(-evaluate(&after));
        after.undo(reply, undo);
    }
    -best
}

/// What a foul costs, in the evaluation's units, when the player has
/// `fouls` already and loses at `limit`.
fn foul_penalty(fouls: u32, limit: u32) -> i32 {
    if fouls.saturating_add(1) >= limit {
        MATE_SCORE
    } else {
        // Below the limit, so a small number.
        let f = i32::try_from(fouls.min(1_000)).unwrap_or(1_000);
        let last_but_one = if fouls.saturating_add(2) >= limit {
            600
        } else {
            0
        };
        FOUL_COST + FOUL_COST_STEP * f + last_but_one
    }
}

/// The candidate with the best expected score over `worlds` (each with a
/// weight). Where a candidate is legal it scores its [`shallow_value`].
/// Where it is a foul, nothing happens and the player learns it: it scores
/// the best average a single other move gets over the worlds where the
/// candidate is a foul (a foul there scoring that world's worst legal move),
/// less the foul's cost. Moves in `avoid` are left out unless nothing else
/// remains.
fn choose_over(
    worlds: &[(Position, u32)],
    candidates: &MoveList,
    avoid: &[Move],
    penalty: i32,
    rng: &mut ChaCha8Rng,
) -> Option<Move> {
    let mut allowed: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(|m| !avoid.contains(m))
        .collect();
    if allowed.is_empty() {
        allowed = candidates.to_vec();
    }
    if allowed.is_empty() {
        return None;
    }
    // values[w][m]: the move's value in world w, `None` for a foul.
    let mut values: Vec<Vec<Option<i32>>> = Vec::new();
    let mut weights: Vec<i64> = Vec::new();
    let mut floors: Vec<i64> = Vec::new();
    for (world, weight) in worlds {
        let row: Vec<Option<i32>> = allowed
            .iter()
            .map(|&m| world.is_legal(m).then(|| shallow_value(world, m)))
            .collect();
        // A world where the player has no legal move at all is no true one.
        let Some(worst) = row.iter().flatten().copied().min() else {
            continue;
        };
        values.push(row);
        weights.push(i64::from(*weight));
        floors.push(i64::from(worst) - i64::from(penalty));
    }
    if values.is_empty() {
        return Some(allowed[rng.random_range(0..allowed.len())]);
    }
    let penalty = i64::from(penalty);
    let mut totals = vec![0i64; allowed.len()];
    for (m, total) in totals.iter_mut().enumerate() {
        let mut fouled_weight = 0;
        for (w, row) in values.iter().enumerate() {
            match row[m] {
                Some(v) => *total += i64::from(v) * weights[w],
                None => fouled_weight += weights[w],
            }
        }
        if fouled_weight == 0 {
            continue;
        }
        // The best move once the player knows `m` is a foul.
        let after = (0..allowed.len())
            .filter(|&k| k != m)
            .map(|k| {
                values
                    .iter()
                    .enumerate()
                    .filter(|(_, row)| row[m].is_none())
                    .map(|(w, row)| row[k].map_or(floors[w], i64::from) * weights[w])
                    .sum::<i64>()
            })
            .max()
            .unwrap_or(fouled_weight * (floors.iter().copied().min().unwrap_or(0)));
        *total += after - penalty * fouled_weight;
    }
    let top = totals.iter().copied().max().unwrap_or(0);
    let best: Vec<Move> = allowed
        .iter()
        .zip(&totals)
        .filter(|(_, t)| **t == top)
        .map(|(m, _)| *m)
        .collect();
    Some(best[rng.random_range(0..best.len())])
}

/// Groups equal positions, with how many times each occurs.
fn weigh(particles: &[Position]) -> Vec<(Position, u32)> {
    let mut worlds: Vec<(Position, u32)> = Vec::new();
    for p in particles {
        match worlds.iter_mut().find(|(w, _)| w.same_position(p)) {
            Some((_, n)) => *n += 1,
            None => worlds.push((p.clone(), 1)),
        }
    }
    worlds
}

// ---------------------------------------------------------------------------
// The players.

/// A Tsuitate player that keeps a belief about the hidden enemy pieces and
/// plans over it.
///
/// **Belief.** A bounded set of particles (32 by default): hypothetical true
/// positions, each agreeing with everything the player was told. The player
/// assumes the game began at the start position of its board (standard or
/// minishogi, from the view's size; the enemy's setup is public then). Its
/// own pieces at every moment are worked out exactly, backwards from its
/// board now. The filter then replays the information state one true
/// position at a time:
///
/// * the player's own step keeps the particles where its refused moves are
///   illegal (a blocked slide, an occupied drop square, a king left in check)
///   and its played move is legal, captures exactly the announced piece (or
///   none) and gives check exactly when "check" was announced;
/// * an enemy move advances each particle by a random legal enemy move that
///   takes the announced piece on the announced square (or nothing), gives
///   check exactly when announced, and leaves a position where the player's
///   next attempts get the verdicts they got;
/// * the survivors are resampled back to the particle count. When no particle
///   survives, the agreement asked of enemy moves is relaxed step by step
///   and the particles are then *repaired*: enemy pieces are moved, one at a
///   time, where they explain what was told (onto the path of a refused
///   slide or the square of a refused drop, the nearest piece first; to
///   attack the square a refused king move went to; to give the announced
///   check, or pin), a change kept only when it leaves fewer facts
///   unexplained; pieces in the way of a played move are moved elsewhere and
///   an announced capture is made to happen. When even that fails, the
///   belief restarts from the assumed start arrangement around the own pieces.
///
/// Each update draws from a generator seeded by the player's seed and the
/// step's number, and a step's particles are kept for reuse only once
/// nothing later can change them, so the belief (and the move) is a function
/// of the view and the seed alone: the same view, the same move, whatever the
/// true position and whatever views the player saw before.
///
/// **Planning.** Each candidate is scored by its average over the particles:
/// where it is legal, one ply and the enemy's best capture, with
/// [`evaluate`](super::eval::evaluate) (a mate counts a fixed 3000, so that
/// a mate seen in a few particles does not buy fouls in the others); where
/// it is a foul, the score of the best single move over the particles where
/// it is a foul (what the player would do next, knowing it), less the foul's
/// cost: 300, plus 100 per foul made, 600 more for the last foul but one,
/// prohibitive when the next foul would lose (the game's foul limit, read
/// from the view). A move refused since the last played move is not tried again unless
/// nothing else is possible.
///
/// ```
/// use shogi_core::Color;
/// use shogi_players::{BeliefPlayer, Observation, Player};
/// use shogi_variants::{Referee, TsuitateSettings};
///
/// let mut referee = Referee::new(TsuitateSettings::default());
/// referee.attempt("7g7f".parse().unwrap()).unwrap();
/// let view = referee.view(Color::White);
/// let mut player = BeliefPlayer::new(3);
/// let mv = player.choose(Observation::tsuitate(&view)).unwrap();
/// assert!(view.candidate_moves().contains(&mv));
/// // The same view and seed give the same move, from a fresh player too.
/// assert_eq!(BeliefPlayer::new(3).choose(Observation::tsuitate(&view)), Some(mv));
/// ```
#[derive(Clone, Debug)]
pub struct BeliefPlayer {
    seed: u64,
    particles: usize,
    checkpoint: Option<Checkpoint>,
}

impl BeliefPlayer {
    /// A belief player with this seed and 32 particles. It prices fouls
    /// against the game's own foul limit, which every view carries
    /// ([`PlayerView::foul_limit`]).
    ///
    /// ```
    /// use shogi_players::{BeliefPlayer, Player};
    /// let player = BeliefPlayer::new(5);
    /// assert_eq!((player.seed(), player.particles()), (5, 32));
    /// assert_eq!(player.name(), "tsuitate-belief");
    /// ```
    pub fn new(seed: u64) -> BeliefPlayer {
        BeliefPlayer {
            seed,
            particles: DEFAULT_PARTICLES,
            checkpoint: None,
        }
    }

    /// The same player keeping `n` particles (clamped to 1..=1024): more is
    /// a finer belief and slower.
    ///
    /// ```
    /// use shogi_players::BeliefPlayer;
    /// assert_eq!(BeliefPlayer::new(1).with_particles(64).particles(), 64);
    /// assert_eq!(BeliefPlayer::new(1).with_particles(0).particles(), 1);
    /// ```
    pub fn with_particles(mut self, n: usize) -> BeliefPlayer {
        self.particles = n.clamp(1, MAX_PARTICLES);
        self.checkpoint = None;
        self
    }

    /// The seed it was made with.
    ///
    /// ```
    /// assert_eq!(shogi_players::BeliefPlayer::new(9).seed(), 9);
    /// ```
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How many particles it keeps.
    ///
    /// ```
    /// assert_eq!(shogi_players::BeliefPlayer::new(9).particles(), 32);
    /// ```
    pub fn particles(&self) -> usize {
        self.particles
    }

    /// The player's belief for `view`: hypothetical true positions (with
    /// repeats, one per particle), each holding exactly the player's own
    /// pieces and hand and agreeing with what the player was told. For the
    /// player to move; when it is not its turn, or the information state does
    /// not fit a game from the start position, a single position built from
    /// the own pieces and the enemy's start arrangement (or none). A function
    /// of the view and the seed.
    ///
    /// ```
    /// use shogi_core::{Color, OwnBoard};
    /// use shogi_players::BeliefPlayer;
    /// use shogi_variants::{Referee, TsuitateSettings};
    ///
    /// let mut referee = Referee::new(TsuitateSettings::default());
    /// referee.attempt("7g7f".parse().unwrap()).unwrap();
    /// let view = referee.view(Color::White);
    /// let belief = BeliefPlayer::new(1).belief(&view);
    /// assert_eq!(belief.len(), 32);
    /// for world in &belief {
    ///     assert_eq!(OwnBoard::of(world, Color::White), view.board);
    ///     assert_eq!(world.side_to_move(), Color::White);
    /// }
    /// ```
    pub fn belief(&mut self, view: &PlayerView) -> Vec<Position> {
        let board = Board::of(view);
        let fallback = || {
            board
                .assumed_world(&Mine::of(&view.board), view.color)
                .into_iter()
                .collect()
        };
        if !view.to_move {
            return fallback();
        }
        let Some(steps) = parse_steps(&view.information_state, true) else {
            return fallback();
        };
        let Some(mines) = reconstruct(&steps, Mine::of(&view.board)) else {
            return fallback();
        };
        let last = steps.len() - 1;
        let first_mover = if steps[0].is_ours() {
            view.color
        } else {
            view.color.opponent()
        };
        let side_at = |j: usize| {
            if j % 2 == 0 {
                first_mover
            } else {
                first_mover.opponent()
            }
        };
        let n = self.particles;
        let reusable = self.checkpoint.as_ref().filter(|c| {
            c.color == view.color
                && c.files == view.board.files()
                && c.step <= last
                && steps.len() >= c.key.len()
                && steps[..c.key.len()] == c.key[..]
                && mines[c.step] == c.mine
        });
        let (mut j, mut particles) = match reusable {
            Some(c) => (c.step, c.particles.clone()),
            None => match board.assumed_world(&mines[0], first_mover) {
                Some(start) => (0, vec![start; n]),
                None => return fallback(),
            },
        };
        while j < last {
            let mut rng = rng_for(self.seed, j as u64, 0x5EED);
            particles = match &steps[j] {
                Step::Ours {
                    fouls,
                    played: Some(played),
                } => advance_ours(
                    &board,
                    &particles,
                    &Wanted {
                        fouls,
                        check: check_at(&steps, j),
                    },
                    *played,
                    &mines[j + 1],
                    n,
                    &mut rng,
                ),
                Step::Theirs {
                    played: Some(report),
                } => advance_theirs(&board, &particles, *report, steps.get(j + 1), n, &mut rng),
                _ => return fallback(),
            };
            j += 1;
            if particles.is_empty() {
                match board.assumed_world(&mines[j], side_at(j)) {
                    Some(p) => particles = vec![p; n],
                    None => return fallback(),
                }
            }
            // Final once the steps that decided it are closed: the enemy
            // step's look-ahead is the next own step, closed before `last`.
            let closed = if steps[j - 1].is_ours() { j } else { j + 1 };
            if closed <= last {
                self.checkpoint = Some(Checkpoint {
                    color: view.color,
                    files: view.board.files(),
                    key: steps[..closed].to_vec(),
                    mine: mines[j].clone(),
                    step: j,
                    particles: particles.clone(),
                });
            }
        }
        if let Some(Step::Ours { fouls, .. }) = steps.last() {
            let mut rng = rng_for(self.seed, last as u64, 0xF0);
            let wanted = Wanted {
                fouls,
                check: check_at(&steps, last),
            };
            let mut agree: Vec<Position> = particles
                .iter()
                .filter(|p| wanted.violations(p) == 0)
                .cloned()
                .collect();
            if agree.is_empty() {
                agree = particles
                    .iter()
                    .filter_map(|p| board.fix(p, &wanted, &mut rng))
                    .collect();
            }
            if !agree.is_empty() {
                particles = resample(agree, n, &mut rng);
            }
        }
        particles
    }
}

/// A Tsuitate seat's view and its candidate attempts; otherwise (`Err`) what
/// to play instead: any choice the game allows outside Tsuitate, and no move
/// when the view has no candidate.
fn seat_of<'o, 'a>(
    observation: &'o Observation<'a>,
) -> Result<(&'o PlayerView, MoveList), Option<Move>> {
    let Seen::Tsuitate(view) = observation.seen() else {
        return Err(observation.choices().first().copied());
    };
    let candidates = view.candidate_moves();
    if candidates.is_empty() {
        return Err(None);
    }
    Ok((view, candidates))
}

impl Player for BeliefPlayer {
    fn name(&self) -> String {
        "tsuitate-belief".to_owned()
    }

    fn choose(&mut self, observation: Observation<'_>) -> Option<Move> {
        let (view, candidates) = match seat_of(&observation) {
            Ok(seat) => seat,
            Err(fallback) => return fallback,
        };
        let worlds = weigh(&self.belief(view));
        let avoid = fouls_this_turn(&view.information_state);
        let penalty = foul_penalty(view.fouls, view.foul_limit);
        let mut rng = rng_for(
            self.seed,
            u64::from(view.moves_played),
            0xC0DE ^ (u64::from(view.fouls) << 16),
        );
        choose_over(&worlds, &candidates, &avoid, penalty, &mut rng)
    }

    fn new_game(&mut self) {
        self.checkpoint = None;
    }
}

/// The baseline Tsuitate player that ignores what it was told: it assumes
/// the enemy pieces still stand where they started (less any it holds in
/// hand, the rest of the enemy's material in the enemy's hand), imagines that
/// single position around its own pieces, and plays the move that scores best
/// there, like [`BeliefPlayer`] with one fixed particle (one ply and the
/// enemy's best capture; a move illegal in the imagined position counts as a
/// foul). It never uses announcements of captures, checks or enemy moves.
/// The one thing it reads from its information state is which of its moves
/// were refused since the last played move, so that it does not repeat a
/// refused move forever (without that it would lose every game by fouls,
/// which makes no useful baseline). Ties are broken with its seed; the same
/// view, the same move.
///
/// ```
/// use shogi_core::Color;
/// use shogi_players::{NaivePlayer, Observation, Player};
/// use shogi_variants::{Referee, TsuitateSettings};
///
/// let referee = Referee::new(TsuitateSettings::default());
/// let view = referee.view(Color::Black);
/// let mut player = NaivePlayer::new(1);
/// let mv = player.choose(Observation::tsuitate(&view)).unwrap();
/// assert!(view.candidate_moves().contains(&mv));
/// assert_eq!(player.name(), "tsuitate-naive");
/// ```
#[derive(Clone, Debug)]
pub struct NaivePlayer {
    seed: u64,
}

impl NaivePlayer {
    /// A naive player with this seed.
    ///
    /// ```
    /// assert_eq!(shogi_players::NaivePlayer::new(4).seed(), 4);
    /// ```
    pub fn new(seed: u64) -> NaivePlayer {
        NaivePlayer { seed }
    }

    /// The seed it was made with.
    ///
    /// ```
    /// assert_eq!(shogi_players::NaivePlayer::new(8).seed(), 8);
    /// ```
    pub fn seed(&self) -> u64 {
        self.seed
    }
}

impl Player for NaivePlayer {
    fn name(&self) -> String {
        "tsuitate-naive".to_owned()
    }

    fn choose(&mut self, observation: Observation<'_>) -> Option<Move> {
        let (view, candidates) = match seat_of(&observation) {
            Ok(seat) => seat,
            Err(fallback) => return fallback,
        };
        let board = Board::of(view);
        let worlds: Vec<(Position, u32)> = board
            .assumed_world(&Mine::of(&view.board), view.color)
            .map(|p| (p, 1))
            .into_iter()
            .collect();
        let avoid = fouls_this_turn(&view.information_state);
        let penalty = foul_penalty(view.fouls, view.foul_limit);
        let mut rng = rng_for(
            self.seed,
            u64::from(view.moves_played),
            0xAA ^ (u64::from(view.fouls) << 16),
        );
        choose_over(&worlds, &candidates, &avoid, penalty, &mut rng)
    }
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

    /// Replays `attempts` on a fresh minishogi referee with this foul limit.
    fn replay(attempts: &[shogi_variants::Attempt], foul_limit: u32) -> shogi_variants::Referee {
        let settings = shogi_variants::TsuitateSettings {
            base: shogi_variants::Base::MINISHOGI,
            foul_limit,
            ..shogi_variants::TsuitateSettings::default()
        };
        let mut referee = shogi_variants::Referee::new(settings);
        for a in attempts {
            referee.attempt(a.mv).expect("a candidate");
        }
        referee
    }

    #[test]
    fn fouls_are_priced_against_the_games_foul_limit() {
        // Random minishogi games; at each turn where the player has fouled,
        // the same game under a foul limit one above its fouls (the next foul
        // loses) against a loose one. Somewhere the player must change its
        // choice, and then the tight choice is a foul in fewer particles than
        // the loose one. With a fixed limit both would agree.
        let mut found = false;
        'games: for seed in 0..40u64 {
            let mut rng = rng_for(seed, 1, 2);
            let mut referee = replay(&[], 50);
            while referee.outcome().is_none() && referee.attempts().len() < 120 {
                let view = referee.view(referee.side_to_move());
                if view.fouls > 0 && referee.fouls(view.color.opponent()) <= view.fouls {
                    let tight = replay(referee.attempts(), view.fouls + 1).view(view.color);
                    assert_eq!(tight.foul_limit, view.fouls + 1);
                    let pick =
                        |v: &PlayerView| BeliefPlayer::new(seed).choose(Observation::tsuitate(v));
                    let (loose_mv, tight_mv) = (pick(&view), pick(&tight));
                    if loose_mv != tight_mv {
                        let belief = BeliefPlayer::new(seed).belief(&tight);
                        let tight_mv = tight_mv.expect("a move");
                        let loose_mv = loose_mv.expect("a move");
                        let risk = |m: Move| belief.iter().filter(|p| !p.is_legal(m)).count();
                        assert!(
                            risk(tight_mv) < risk(loose_mv),
                            "{} {}",
                            risk(tight_mv),
                            risk(loose_mv)
                        );
                        found = true;
                        break 'games;
                    }
                }
                let moves = view.candidate_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                referee.attempt(mv).expect("a candidate");
            }
        }
        assert!(found, "no position where the foul limit changes the choice");
    }
}
