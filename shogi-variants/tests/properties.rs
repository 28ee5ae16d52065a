//! Property tests over random reachable positions of every variant, checked
//! against the simple reference generator in `reference/mod.rs`.
//!
//! A random reachable position is a seed and a number of plies (0..=120) of
//! random legal play from the start position of standard shogi or minishogi.
//! Some playouts prefer captures (always, or on half the plies) so that hands
//! fill up and drops (nifu, dead squares, pawn-drop mate) come into play, and
//! some also prefer checks, for more evasions, mates and pawn-drop mates.
//! Shrinking lowers the ply count, which keeps the same game and cuts it
//! shorter, so a failure shrinks to the first position where it shows.
//!
//! Every property runs with a fixed proptest seed and no failure file: the
//! cases are the same on every run and nothing is written to the tree.

mod reference;

use proptest::prelude::*;
use proptest::test_runner::{RngSeed, TestCaseError};
use shogi_core::rng::SplitMix;
use shogi_core::{Color, Move, MoveList, Piece, PieceKind, Position, Setup, Square, Variant};
use shogi_variants::{
    AnyVariant, Base, Card, CardError, CardGame, CardSettings, FileRule, MustCapture,
    MustCaptureSettings, NoMove, Phase, Probability, Referee, TsuitateError, TsuitateSettings,
    Verdict,
};

/// A fixed-seed configuration: `cases` cases, the same ones on every run.
fn config(cases: u32, seed: u64) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        max_shrink_iters: 512,
        ..ProptestConfig::default()
    }
}

/// How a playout picks its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bias {
    /// Uniformly among the legal moves.
    Uniform,
    /// A capture if there is one on half of the plies.
    SomeCaptures,
    /// A capture whenever there is one.
    Captures,
    /// A capture if there is one on half of the plies, else a check if there
    /// is one on half of the plies: more checks, mates and pawn-drop mates.
    Checks,
}

/// A random reachable position: which board, the playout's seed, its length
/// and its bias.
#[derive(Clone, Copy, Debug)]
struct Walk {
    base: Base,
    seed: u64,
    plies: usize,
    bias: Bias,
}

fn walk() -> impl Strategy<Value = Walk> {
    (
        prop_oneof![Just(Base::STANDARD), Just(Base::MINISHOGI)],
        any::<u64>(),
        0usize..=120,
        prop_oneof![
            Just(Bias::Uniform),
            Just(Bias::SomeCaptures),
            Just(Bias::Captures),
            Just(Bias::Checks)
        ],
    )
        .prop_map(|(base, seed, plies, bias)| Walk {
            base,
            seed,
            plies,
            bias,
        })
}

impl Walk {
    fn variant(&self) -> AnyVariant {
        self.base.variant()
    }

    /// Every position of the playout, the start included; the playout stops
    /// early when the side to move has no legal move. `moves_of` gives the
    /// moves to choose from (a variant's rules may narrow them).
    fn positions_with(&self, moves_of: impl Fn(&Position) -> MoveList) -> Vec<Position> {
        let mut rng = SplitMix(self.seed);
        let mut pos = self.variant().start_position();
        let mut path = vec![pos.clone()];
        for _ in 0..self.plies {
            let moves = moves_of(&pos);
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| reference::is_capture(&pos, m))
                .collect();
            let prefer_capture = match self.bias {
                Bias::Uniform => false,
                Bias::SomeCaptures | Bias::Checks => rng.below(2) == 0,
                Bias::Captures => true,
            };
            let checks: Vec<Move> = if self.bias == Bias::Checks && rng.below(2) == 0 {
                moves
                    .iter()
                    .copied()
                    .filter(|&m| {
                        let mut after = pos.clone();
                        after.play_unchecked(m);
                        after.is_check()
                    })
                    .collect()
            } else {
                Vec::new()
            };
            let choice = if prefer_capture && !captures.is_empty() {
                rng.pick(&captures)
            } else if !checks.is_empty() {
                rng.pick(&checks)
            } else {
                rng.pick(&moves)
            };
            let Some(mv) = choice else { break };
            pos.play(mv).expect("a legal move is accepted");
            path.push(pos.clone());
        }
        path
    }

    fn positions(&self) -> Vec<Position> {
        self.positions_with(|pos| pos.legal_moves())
    }

    fn position(&self) -> Position {
        self.positions().pop().expect("the start at least")
    }
}

fn sorted<T: Ord>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut v: Vec<T> = items.into_iter().collect();
    v.sort();
    v
}

/// The moves in `a` but not in `b`, in USI.
fn missing(a: &[Move], b: &[Move]) -> Vec<String> {
    a.iter()
        .filter(|m| !b.contains(m))
        .map(|m| m.to_string())
        .collect()
}

/// Fails with the SFEN and both differences when the fast moves are not the reference's.
fn same_moves(
    pos: &Position,
    what: &str,
    fast: &[Move],
    reference: &[Move],
) -> Result<(), TestCaseError> {
    prop_assert!(
        fast == reference,
        "{what} in {}: not in the reference {:?}, missing {:?}",
        pos.to_sfen(),
        missing(fast, reference),
        missing(reference, fast)
    );
    Ok(())
}

/// Every square of the shared 9×9 index space.
fn all_squares() -> impl Iterator<Item = Square> {
    (0..Square::COUNT).filter_map(Square::from_index)
}

/// The squares of `pos`'s board.
fn board_squares(pos: &Position) -> Vec<Square> {
    let g = pos.geometry();
    let mut squares = Vec::new();
    for file in 1..=g.files() {
        for rank in 1..=g.ranks() {
            squares.extend(Square::new(file, rank));
        }
    }
    squares
}

/// Every move that can be written: all from/to pairs of the 9×9 index space
/// with and without promotion (off-board squares included for 5×5), and every
/// drop of every hand kind on every square.
fn candidate_universe() -> Vec<Move> {
    let mut all = Vec::new();
    for from in all_squares() {
        for to in all_squares() {
            all.push(Move::normal(from, to, false));
            all.push(Move::normal(from, to, true));
        }
    }
    for kind in PieceKind::HAND {
        for to in all_squares() {
            all.extend(Move::drop(kind, to));
        }
    }
    all
}

proptest! {
    #![proptest_config(config(256, 1))]

    /// The fast generator lists exactly the reference's legal moves, at
    /// every position of the playout.
    #[test]
    fn legal_moves_equal_the_reference(w in walk()) {
        for pos in w.positions() {
            let fast = sorted(pos.legal_moves());
            same_moves(&pos, "legal_moves", &fast, &reference::legal_moves(&pos))?;
        }
    }

    /// The incremental hash equals the hash recomputed from scratch after
    /// every ply, and the incrementally kept check state is the reference's.
    #[test]
    fn incremental_hash_and_check_state(w in walk()) {
        for pos in w.positions() {
            prop_assert_eq!(pos.hash(), pos.compute_hash(), "{}", pos.to_sfen());
            prop_assert_eq!(pos.is_check(), reference::is_in_check(&pos), "{}", pos.to_sfen());
            prop_assert_eq!(
                pos.king(pos.side_to_move()),
                reference::king_square(&pos, pos.side_to_move())
            );
        }
    }

    /// SFEN and `Setup` round trips give back an equal position, at every ply.
    #[test]
    fn sfen_and_setup_round_trips(w in walk()) {
        let v = w.variant();
        for pos in w.positions() {
            let sfen = pos.to_sfen();
            let read = Position::from_sfen(&sfen, v.geometry(), &v.piece_set());
            prop_assert!(read.is_ok(), "{sfen}: {:?}", read.err());
            let read = read.unwrap();
            prop_assert_eq!(&read, &pos);
            prop_assert_eq!(read.hash(), pos.hash());
            prop_assert_eq!(read.to_sfen(), sfen.clone());

            let setup = pos.to_setup();
            prop_assert_eq!(Setup::from_sfen(&sfen), Ok(setup.clone()));
            prop_assert_eq!(setup.to_sfen(), sfen.clone());
            let rebuilt = Position::from_setup(&setup, v.geometry(), &v.piece_set());
            prop_assert_eq!(rebuilt.as_ref(), Ok(&pos));
            let json = serde_json::to_string(&setup).expect("a setup serializes");
            let back: Setup = serde_json::from_str(&json).expect("and deserializes");
            prop_assert_eq!(back, setup);
        }
    }

    /// The counting entry points agree with the lists and with the reference.
    #[test]
    fn counts_and_captures_agree(w in walk()) {
        for pos in w.positions() {
            let legal = pos.legal_moves();
            let reference = reference::legal_moves(&pos);
            let captures = sorted(pos.legal_captures());
            let reference_captures: Vec<Move> = reference
                .iter()
                .copied()
                .filter(|&m| reference::is_capture(&pos, m))
                .collect();
            same_moves(&pos, "legal_captures", &captures, &reference_captures)?;
            prop_assert_eq!(pos.count_legal_moves(), legal.len(), "{}", pos.to_sfen());
            prop_assert_eq!(
                pos.count_legal_moves_and_captures(),
                (legal.len(), captures.len()),
                "{}", pos.to_sfen()
            );
            prop_assert_eq!(pos.count_legal_captures(), captures.len(), "{}", pos.to_sfen());
            prop_assert_eq!(pos.has_legal_moves(), !reference.is_empty());
            prop_assert_eq!(
                pos.is_checkmate(),
                reference.is_empty() && reference::is_in_check(&pos)
            );
        }
    }
}

proptest! {
    #![proptest_config(config(160, 2))]

    /// For every legal move, `play_unchecked` keeps the hash and the check
    /// state exact (and the board hash is the one `board_hash_after`
    /// foretold), and `undo` restores the position and its hash.
    #[test]
    fn play_unchecked_then_undo_restores(w in walk()) {
        let path = w.positions();
        // The last position and a few on the way.
        for pos in path.iter().rev().step_by(17) {
            let before = pos.clone();
            let mut work = pos.clone();
            for mv in pos.legal_moves() {
                let foretold = work.board_hash_after(mv);
                let undo = work.play_unchecked(mv);
                prop_assert_eq!(work.hash(), work.compute_hash(), "{} after {}", before, mv);
                prop_assert_eq!(work.board_hash(), foretold, "{} after {}", before, mv);
                prop_assert_eq!(
                    work.is_check(),
                    reference::is_in_check(&work),
                    "{} after {}", before, mv
                );
                work.undo(mv, undo);
                prop_assert_eq!(&work, &before, "undo {}", mv);
                prop_assert_eq!(work.hash(), before.hash(), "undo {}", mv);
                prop_assert_eq!(work.is_check(), before.is_check(), "undo {}", mv);
            }
        }
    }

    /// `play` accepts every reference-legal move (with the same result as
    /// `play_unchecked`) and rejects every other candidate, leaving the
    /// position unchanged. Candidates: all drops of the hand's kinds on every
    /// square, moves of the own pieces to sampled squares, and a uniform
    /// sample of every writable move.
    #[test]
    fn play_accepts_exactly_the_legal_moves(w in walk()) {
        let pos = w.position();
        let legal = reference::legal_moves(&pos);
        let mut rng = SplitMix(w.seed ^ 0xC0FF_EE00);
        let universe = candidate_universe();
        let mut candidates: Vec<Move> = legal.clone();
        for _ in 0..300 {
            candidates.extend(rng.pick(&universe));
        }
        for from in board_squares(&pos) {
            if pos.piece_at(from).is_some_and(|p| p.color == pos.side_to_move()) {
                for _ in 0..12 {
                    let to = Square::from_index(rng.below(Square::COUNT)).expect("below 81");
                    candidates.push(Move::normal(from, to, false));
                    candidates.push(Move::normal(from, to, true));
                }
            }
        }
        for kind in PieceKind::HAND {
            if pos.hand(pos.side_to_move()).has(kind) {
                candidates.extend(all_squares().filter_map(|to| Move::drop(kind, to)));
            }
        }
        for mv in candidates {
            let mut work = pos.clone();
            let is_legal = legal.contains(&mv);
            prop_assert_eq!(pos.is_legal(mv), is_legal, "is_legal({}) in {}", mv, pos);
            let result = work.play(mv);
            if is_legal {
                prop_assert!(result.is_ok(), "{} refused in {}", mv, pos);
                let mut expected = pos.clone();
                expected.play_unchecked(mv);
                prop_assert_eq!(&work, &expected);
            } else {
                prop_assert!(result.is_err(), "{} accepted in {}", mv, pos);
                prop_assert_eq!(&work, &pos, "{} changed the position", mv);
                prop_assert_eq!(work.hash(), pos.hash());
            }
        }
    }

    /// "Show legal squares" agrees with the reference, for every own piece
    /// and every hand kind.
    #[test]
    fn legal_squares_agree(w in walk()) {
        let pos = w.position();
        let legal = reference::legal_moves(&pos);
        for from in board_squares(&pos) {
            let fast = sorted(pos.legal_destinations(from));
            let mut expected: Vec<Square> =
                legal.iter().filter(|m| m.from() == Some(from)).map(|m| m.to()).collect();
            expected.sort();
            expected.dedup();
            prop_assert_eq!(fast, expected, "from {} in {}", from, pos);
        }
        for kind in PieceKind::HAND {
            let fast = sorted(pos.legal_drop_squares(kind));
            let expected = sorted(
                legal.iter().filter(|m| m.drop_kind() == Some(kind)).map(|m| m.to()),
            );
            prop_assert_eq!(fast, expected, "{} drops in {}", kind, pos);
        }
    }
}

/// RULES.md section 3 applied to the reference's legal moves.
fn must_capture_rule(pos: &Position, settings: &MustCaptureSettings) -> Vec<Move> {
    let legal = reference::legal_moves(pos);
    let in_check = reference::is_in_check(pos);
    let duty = !(in_check && settings.may_flee_from_check);
    let captures: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| reference::is_capture(pos, m))
        .collect();
    if !duty || captures.is_empty() {
        return legal;
    }
    if settings.king_captures_first {
        let king = reference::king_square(pos, pos.side_to_move());
        let king_captures: Vec<Move> = captures
            .iter()
            .copied()
            .filter(|m| m.from() == king)
            .collect();
        if !king_captures.is_empty() {
            return king_captures;
        }
    }
    captures
}

proptest! {
    #![proptest_config(config(96, 3))]

    /// Must-capture shogi, every combination of its two duties over both
    /// boards: the legal moves are section 3's rule applied to the
    /// reference's moves, at every position of a playout (which follows the
    /// must-capture rules on half of the cases).
    #[test]
    fn must_capture_follows_the_rule(w in walk(), play_must_capture in any::<bool>()) {
        let variants: Vec<MustCapture> = [(true, false), (true, true), (false, false), (false, true)]
            .into_iter()
            .map(|(may_flee_from_check, king_captures_first)| {
                MustCapture::with_settings(MustCaptureSettings {
                    may_flee_from_check,
                    king_captures_first,
                    move_limit: None,
                    base: w.base,
                })
            })
            .collect();
        let driver = variants[(w.seed % 4) as usize].clone();
        let path = if play_must_capture {
            w.positions_with(|pos| driver.legal_moves(pos))
        } else {
            w.positions()
        };
        for pos in path {
            for v in &variants {
                let expected = must_capture_rule(&pos, &v.settings());
                let fast = sorted(v.legal_moves(&pos));
                same_moves(&pos, &format!("{:?}", v.settings()), &fast, &expected)?;
                prop_assert_eq!(v.count_legal_moves(&pos), expected.len(), "{}", pos);
            }
        }
    }
}

/// Whether `mv` suits `card` under `rule` (RULES.md section 5).
fn on_card_file(mv: Move, card: Card, rule: FileRule) -> bool {
    let Card::Rank(file) = card else { return true };
    let square = match (rule, mv.from()) {
        (FileRule::Origin, Some(from)) => from,
        _ => mv.to(),
    };
    square.file() == file
}

fn card_settings() -> impl Strategy<Value = CardSettings> {
    (
        prop_oneof![Just(FileRule::Destination), Just(FileRule::Origin)],
        prop_oneof![
            Just(NoMove::Lose),
            Just(NoMove::DrawAgain),
            Just(NoMove::FreeMove)
        ],
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(file_rule, no_move, jokers, check_exempt)| CardSettings {
            file_rule,
            no_move,
            jokers,
            check_exempt,
            ..CardSettings::default()
        })
}

proptest! {
    #![proptest_config(config(384, 4))]

    /// Card shogi from a random reachable position, for a number of turns:
    /// the chance outcomes are a distribution over the deck, and after a
    /// random outcome is applied, the allowed moves are the reference's legal
    /// moves on the card's file (or what the no-move setting says).
    #[test]
    fn card_allowed_moves_follow_the_card(
        w in walk(),
        mut settings in card_settings(),
        turns in 1usize..40,
    ) {
        settings.base = w.base;
        let start = w.position();
        let mut game = CardGame::from_sfen(settings.clone(), w.seed, &start.to_sfen())
            .expect("a reachable position");
        let mut rng = SplitMix(w.seed ^ 0xCA4D);
        let files = start.geometry().files();
        for _ in 0..turns {
            let pos = game.position().clone();
            let legal = reference::legal_moves(&pos);
            let mut drawn = None;
            while game.phase() == Phase::Draw {
                let odds = game.chance_outcomes();
                let total: f64 = odds.iter().map(|&(_, p)| p.to_f64()).sum();
                prop_assert!((total - 1.0).abs() < 1e-9, "probabilities sum to {total}");
                let deck = game.deck();
                for (i, &(card, p)) in odds.iter().enumerate() {
                    prop_assert!(p.numerator() > 0);
                    prop_assert!(odds[..i].iter().all(|&(c, _)| c != card), "{card} twice");
                    match card {
                        Card::Rank(r) => prop_assert!((1..=files).contains(&r)),
                        Card::Joker => prop_assert!(settings.jokers),
                    }
                    if deck.left_total() > 0 {
                        // Exact: this kind's cards left over all cards left.
                        let exact = Probability::new(deck.left(card).into(), deck.left_total());
                        prop_assert_eq!(Some(p), exact);
                    }
                }
                let (card, _) = rng.pick(&odds).expect("some card can be drawn");
                game.apply_draw(card).expect("a card of the outcomes can be drawn");
                drawn = Some(card);
                let on_file: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|&m| on_card_file(m, card, settings.file_rule))
                    .collect();
                let allowed = sorted(game.allowed_moves());
                match game.phase() {
                    Phase::Move { card: Some(c) } => {
                        prop_assert_eq!(c, card);
                        same_moves(&pos, &format!("card {card}"), &allowed, &on_file)?;
                    }
                    Phase::Move { card: None } => {
                        prop_assert!(
                            card == Card::Joker
                                || (settings.no_move == NoMove::FreeMove && on_file.is_empty())
                        );
                        same_moves(&pos, &format!("card {card}"), &allowed, &legal)?;
                    }
                    Phase::Draw => {
                        prop_assert_eq!(settings.no_move, NoMove::DrawAgain);
                        prop_assert!(on_file.is_empty());
                    }
                    Phase::Over => {
                        prop_assert!(on_file.is_empty());
                        prop_assert_ne!(settings.no_move, NoMove::FreeMove);
                        let outcome = game.outcome().expect("over");
                        prop_assert_eq!(outcome.winner, Some(pos.side_to_move().opponent()));
                    }
                }
            }
            match game.phase() {
                Phase::Over => break,
                Phase::Draw => unreachable!("the loop above draws"),
                Phase::Move { card } => {
                    if drawn.is_none() {
                        // No card: exempt in check.
                        prop_assert!(settings.check_exempt && reference::is_in_check(&pos));
                        prop_assert_eq!(card, None);
                        same_moves(&pos, "in check", &sorted(game.allowed_moves()), &legal)?;
                    }
                    let allowed = game.allowed_moves();
                    // A legal move off the card's file is refused, and nothing changes.
                    if let Some(c) = card {
                        if let Some(&off) = legal
                            .iter()
                            .find(|&&m| !on_card_file(m, c, settings.file_rule))
                        {
                            let before = game.position().clone();
                            let refused = game.play(off);
                            prop_assert!(
                                matches!(refused, Err(CardError::NotOnCardFile { .. })),
                                "{off} with card {c}: {refused:?}"
                            );
                            prop_assert_eq!(game.position(), &before);
                            prop_assert_eq!(game.phase(), Phase::Move { card });
                        }
                    }
                    let mv = rng.pick(&allowed).expect("a move phase has moves");
                    game.play(mv).expect("an allowed move is played");
                }
            }
        }
    }
}

/// `pos` with some of `hidden`'s non-king pieces changed: moved to another
/// empty square, promoted or turned back, put into `hidden`'s hand, or
/// dropped from it. The result is a valid position (piece counts, nifu, dead
/// pieces, the side not to move not in check) different from `pos` where the
/// side to move has a legal move, or `None` if no attempt gave one.
fn change_hidden_pieces(
    pos: &Position,
    hidden: Color,
    v: &AnyVariant,
    rng: &mut SplitMix,
) -> Option<Position> {
    let squares = board_squares(pos);
    for _ in 0..30 {
        let mut setup = pos.to_setup();
        for _ in 0..1 + rng.below(3) {
            let theirs: Vec<Square> = squares
                .iter()
                .copied()
                .filter(|&sq| {
                    setup
                        .piece_at(sq)
                        .is_some_and(|p| p.color == hidden && p.kind != PieceKind::King)
                })
                .collect();
            let empty: Vec<Square> = squares
                .iter()
                .copied()
                .filter(|&sq| setup.piece_at(sq).is_none())
                .collect();
            let hand = setup.hands[hidden.index()];
            let in_hand: Vec<PieceKind> = PieceKind::HAND
                .into_iter()
                .filter(|&k| hand.has(k))
                .collect();
            match rng.below(4) {
                0 => {
                    if let (Some(from), Some(to)) = (rng.pick(&theirs), rng.pick(&empty)) {
                        let piece = setup.piece_at(from);
                        setup.set_piece(from, None);
                        setup.set_piece(to, piece);
                    }
                }
                1 => {
                    if let Some(sq) = rng.pick(&theirs) {
                        let p = setup.piece_at(sq).expect("a piece");
                        let kind = if p.kind.is_promoted() {
                            p.kind.unpromote()
                        } else {
                            p.kind.promote().unwrap_or(p.kind)
                        };
                        setup.set_piece(sq, Some(Piece::new(hidden, kind)));
                    }
                }
                2 => {
                    if let Some(sq) = rng.pick(&theirs) {
                        let p = setup.piece_at(sq).expect("a piece");
                        setup.set_piece(sq, None);
                        setup.hands[hidden.index()].add(p.kind.unpromote());
                    }
                }
                _ => {
                    if let (Some(kind), Some(to)) = (rng.pick(&in_hand), rng.pick(&empty)) {
                        setup.hands[hidden.index()].remove(kind);
                        let kind = match kind.promote() {
                            Some(promoted) if rng.below(2) == 0 => promoted,
                            _ => kind,
                        };
                        setup.set_piece(to, Some(Piece::new(hidden, kind)));
                    }
                }
            }
        }
        if let Ok(changed) = Position::from_setup(&setup, v.geometry(), &v.piece_set()) {
            // A side to move with no legal move ends the game at once, which
            // both players are told: keep only positions where play goes on.
            if changed != *pos && !reference::legal_moves(&changed).is_empty() {
                return Some(changed);
            }
        }
    }
    None
}

proptest! {
    #![proptest_config(config(384, 5))]

    /// Tsuitate: a player's view (and candidate moves) is the same for two
    /// true positions that differ only in the opponent's pieces, which the
    /// player cannot see; and after the same attempt in both games, if the
    /// player was told the same things, their views are still the same.
    #[test]
    fn tsuitate_view_ignores_hidden_pieces(w in walk()) {
        let pos = w.position();
        let v = w.variant();
        let settings = TsuitateSettings { base: w.base, ..TsuitateSettings::default() };
        let mut rng = SplitMix(w.seed ^ 0x7507);
        for player in [Color::Black, Color::White] {
            let Some(other) = change_hidden_pieces(&pos, player.opponent(), &v, &mut rng) else {
                continue;
            };
            let a = Referee::from_sfen(settings.clone(), &pos.to_sfen()).expect("valid");
            let b = Referee::from_sfen(settings.clone(), &other.to_sfen()).expect("valid");
            if a.outcome().is_some() {
                // The end of the game is told to both players: not hidden.
                continue;
            }
            prop_assert_eq!(b.outcome(), None);
            let (va, vb) = (a.view(player), b.view(player));
            prop_assert_eq!(&va, &vb, "{} / {}", pos, other);
            let candidates = va.candidate_moves();
            prop_assert_eq!(&candidates, &vb.candidate_moves());
            for _ in 0..20 {
                let Some(mv) = rng.pick(&candidates) else { break };
                let (mut a, mut b) = (a.clone(), b.clone());
                let told_a = a.attempt(mv).expect("a candidate").told[player.index()].clone();
                let told_b = b.attempt(mv).expect("a candidate").told[player.index()].clone();
                if told_a == told_b {
                    prop_assert_eq!(a.view(player), b.view(player), "{} in {} / {}", mv, pos, other);
                }
            }
        }
    }

    /// Tsuitate: every candidate of the side to move is played exactly when
    /// it is legal on the true board (by the reference), and a foul changes
    /// neither the true position nor its hash, only the foul count; an input
    /// that is not a candidate changes nothing at all.
    #[test]
    fn tsuitate_fouls_change_nothing(w in walk()) {
        let pos = w.position();
        let settings = TsuitateSettings { base: w.base, ..TsuitateSettings::default() };
        let referee = Referee::from_sfen(settings, &pos.to_sfen()).expect("valid");
        prop_assume!(referee.outcome().is_none());
        let mover = pos.side_to_move();
        let legal = reference::legal_moves(&pos);
        let candidates = referee.view(mover).candidate_moves();
        for mv in &legal {
            prop_assert!(candidates.contains(mv), "legal {} is no candidate in {}", mv, pos);
        }
        for &mv in &candidates {
            let mut r = referee.clone();
            let ruling = r.attempt(mv).expect("a candidate is judged");
            if legal.contains(&mv) {
                prop_assert_eq!(ruling.verdict, Verdict::Played, "{} in {}", mv, pos);
                let mut expected = pos.clone();
                expected.play_unchecked(mv);
                prop_assert_eq!(r.true_position(), &expected);
            } else {
                prop_assert_eq!(ruling.verdict, Verdict::Foul, "{} in {}", mv, pos);
                prop_assert_eq!(r.true_position(), &pos, "foul {}", mv);
                prop_assert_eq!(r.true_position().hash(), pos.hash(), "foul {}", mv);
                prop_assert_eq!(r.fouls(mover), 1);
                prop_assert_eq!(r.fouls(mover.opponent()), 0);
                prop_assert_eq!(r.side_to_move(), mover);
            }
        }
        let mut rng = SplitMix(w.seed ^ 0xF0);
        let universe = candidate_universe();
        for _ in 0..100 {
            let mv = rng.pick(&universe).expect("non-empty");
            if candidates.contains(&mv) {
                continue;
            }
            let mut r = referee.clone();
            prop_assert_eq!(r.attempt(mv), Err(TsuitateError::NotACandidate(mv, shogi_core::OwnBoard::of(&pos, mover).illegality(mv).expect("not a candidate: a reason"))));
            prop_assert_eq!(r.true_position(), &pos);
            prop_assert_eq!(r.fouls(mover), 0);
            prop_assert_eq!(r.view(mover), referee.view(mover));
        }
    }
}
