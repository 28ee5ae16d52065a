//! Building hypothetical positions: the enemy pieces arranged around the
//! player's own, and forced to agree with what was told.

use super::filter::{agrees_with_fouls, TurnFacts};
use super::reading::{OwnPieces, Report};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use shogi_core::rules::{dead_squares, nifu, promotion};
use shogi_core::{
    attacks, Bitboard, Color, Geometry, Hand, Move, MoveKind, Piece, PieceKind, PieceSet, Position,
    PositionError, Setup, Square, Variant,
};
use shogi_variants::PlayerView;

/// Moves of single enemy pieces tried by [`WorldBuilder::explain_by_moving_pieces`].
pub(super) const REPAIR_TRIES: usize = 48;

/// Builds hypothetical true positions ("worlds") on the board the player
/// plays on: the view's base says it (the settings are public).
#[derive(Clone, Copy, Debug)]
pub(super) struct WorldBuilder {
    pub(super) us: Color,
    pub(super) geometry: &'static Geometry,
    pub(super) pieces: PieceSet,
    pub(super) start: &'static str,
}

impl WorldBuilder {
    pub(super) fn of(view: &PlayerView) -> WorldBuilder {
        let variant = view.base.variant();
        WorldBuilder {
            us: view.color,
            geometry: variant.geometry(),
            pieces: variant.piece_set(),
            start: variant.start_sfen(),
        }
    }

    pub(super) fn them(&self) -> Color {
        self.us.opponent()
    }

    pub(super) fn build(&self, setup: &Setup) -> Result<Position, PositionError> {
        Position::from_setup(setup, self.geometry, &self.pieces)
    }

    /// A setup with the own pieces `mine` and the given enemy pieces and hand.
    pub(super) fn setup(
        &self,
        mine: &OwnPieces,
        enemy: &[(Square, PieceKind)],
        hand: Hand,
        side: Color,
    ) -> Setup {
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
    pub(super) fn enemy_camp(&self) -> Bitboard {
        self.geometry.promotion_zone(self.us)
    }

    /// A random empty square where an enemy `kind` may stand, outside
    /// `forbidden`, preferably in the enemy's camp.
    pub(super) fn free_square(
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
    pub(super) fn assumed_world(&self, mine: &OwnPieces, side: Color) -> Option<Position> {
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
    pub(super) fn play_own_move_forced(
        &self,
        p: &Position,
        mv: Move,
        report: Report,
        after: &OwnPieces,
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
    pub(super) fn block_refused_moves(
        &self,
        p: &Position,
        fouls: &[Move],
        rng: &mut ChaCha8Rng,
    ) -> Option<Position> {
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
    /// time, until it agrees with `facts`: a local search that keeps a
    /// change only when fewer of the facts facts are violated. The pieces go
    /// where they would explain a refused move (on its path, on its drop
    /// square, attacking the square a refused king move went to, checking or
    /// pinning) or the check that was announced (or away from a check that
    /// was not). `None` if it does not get there within a few tries.
    pub(super) fn explain_by_moving_pieces(
        &self,
        p: &Position,
        facts: &TurnFacts,
        rng: &mut ChaCha8Rng,
    ) -> Option<Position> {
        let (us, them) = (self.us, self.them());
        let mut cur = p.clone();
        let mut bad = facts.violations(&cur);
        for _ in 0..REPAIR_TRIES {
            if bad == 0 {
                return Some(cur);
            }
            let ksq = cur.king(us)?;
            let occ = cur.occupied();
            let enemy: Vec<Square> = (cur.pieces(them) & !cur.pieces_of(them, PieceKind::King))
                .into_iter()
                .collect();
            let wrong_check = facts.check.is_some_and(|c| c != cur.is_check());
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
            for &f in facts.fouls {
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
                let b = facts.violations(&next);
                if b < bad {
                    cur = next;
                    bad = b;
                }
            }
        }
        (bad == 0).then_some(cur)
    }

    /// `p` made to agree with `facts`: first by putting the nearest enemy
    /// pieces in the way of refused moves ([`WorldBuilder::block_refused_moves`]), else by
    /// [`WorldBuilder::explain_by_moving_pieces`].
    pub(super) fn make_agree(
        &self,
        p: &Position,
        facts: &TurnFacts,
        rng: &mut ChaCha8Rng,
    ) -> Option<Position> {
        if facts.violations(p) == 0 {
            return Some(p.clone());
        }
        self.block_refused_moves(p, facts.fouls, rng)
            .filter(|q| facts.violations(q) == 0)
            .or_else(|| self.explain_by_moving_pieces(p, facts, rng))
    }

    /// `p` after an enemy move that took the player's piece on the announced
    /// square, when no legal enemy move does: an enemy piece is moved there.
    pub(super) fn play_enemy_move_forced(
        &self,
        p: &Position,
        report: Report,
        rng: &mut ChaCha8Rng,
    ) -> Option<Position> {
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
