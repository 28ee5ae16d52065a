//! `Position::is_legal` decides exactly what `Position::legal_moves` lists,
//! for every encodable move, in many positions: both start positions, the
//! positions of seeded random playouts on 9x9 and 5x5 (with hands, checks,
//! double checks and pins), the 593-move position and pawn-drop-mate setups.
//! `Position::illegality` gives a reason exactly for the moves refused, and
//! `OwnBoard::illegality` exactly for those `OwnBoard::moves` leaves out.
//! `Position::gives_check` says of every legal move what playing it shows.
//! Also checks `Move::from_u16` against `Move::to_u16`.

use shogi_core::{Move, OwnBoard, Position, Setup};
use std::collections::HashSet;

mod common;
use common::{minishogi, standard, XorShift, MINISHOGI_START, NINE_PIECES, STANDARD_START};

/// Every move `Move::from_u16` accepts.
fn all_moves() -> Vec<Move> {
    (0..=u16::MAX).filter_map(Move::from_u16).collect()
}

/// Which features the checked positions had, to be sure the sample covers them.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    with_hand: usize,
    in_check: usize,
    double_check: usize,
    with_pin: usize,
    legal_drops_in_check: usize,
    legal_promotions: usize,
}

/// Whether some piece of the side to move is pinned: taking it off the board
/// adds a checker. (Independent of the library's own pin detection.)
fn has_pin(pos: &Position) -> bool {
    let Some(king) = pos.king(pos.side_to_move()) else {
        return false;
    };
    let before = pos.checkers().count();
    for sq in pos.pieces(pos.side_to_move()) {
        if sq == king {
            continue;
        }
        let mut setup: Setup = pos.to_setup();
        setup.board[sq.index()] = None;
        // Removing a piece keeps the position valid (no piece count grows).
        if let Ok(after) = Position::from_setup(&setup, pos.geometry(), &NINE_PIECES) {
            if after.checkers().count() > before {
                return true;
            }
        }
    }
    false
}

/// Checks `is_legal` against the legal move list for every encodable move.
fn check(pos: &Position, universe: &[Move], listed: &mut [bool], cov: &mut Coverage) {
    let legal = pos.legal_moves();
    let reasons = cov.positions < 16 || cov.positions % 8 == 0;
    let own = OwnBoard::of(pos, pos.side_to_move());
    let own_moves: HashSet<u16> = own.moves().iter().map(|m| m.to_u16()).collect();
    for &m in &legal {
        assert_eq!(Move::from_u16(m.to_u16()), Some(m), "{m} in {pos}");
        listed[m.to_u16() as usize] = true;
        // `gives_check` decides, without playing, what playing shows.
        let mut after = pos.clone();
        after.play_unchecked(m);
        assert_eq!(
            pos.gives_check(m),
            after.is_check(),
            "gives_check({m}) in {pos}"
        );
    }
    // `legal_checks_into` (check squares computed once) lists exactly the
    // legal moves `gives_check` (and so playing them) says check.
    let mut checks = shogi_core::MoveList::new();
    pos.legal_checks_into(&mut checks);
    let expected: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| pos.gives_check(m))
        .collect();
    assert_eq!(checks.as_slice(), expected.as_slice(), "{pos}");
    for &m in universe {
        let expected = listed[m.to_u16() as usize];
        assert_eq!(
            pos.is_legal(m),
            expected,
            "is_legal({m}) should be {expected} in {pos}"
        );
        // A reason exactly for the refused moves (in a sample of the
        // positions, which is enough for a rule of the position alone).
        if !reasons {
            continue;
        }
        assert_eq!(
            pos.illegality(m).is_none(),
            expected,
            "illegality({m}) is {:?} in {pos}",
            pos.illegality(m)
        );
        assert_eq!(
            own.illegality(m).is_none(),
            own_moves.contains(&m.to_u16()),
            "OwnBoard illegality({m}) is {:?} in {pos}",
            own.illegality(m)
        );
    }
    for &m in &legal {
        listed[m.to_u16() as usize] = false;
    }
    let us = pos.side_to_move();
    cov.positions += 1;
    cov.with_hand += usize::from(!pos.hand(us).is_empty());
    cov.in_check += usize::from(pos.is_check());
    cov.double_check += usize::from(pos.checkers().has_more_than_one());
    cov.with_pin += usize::from(has_pin(pos));
    cov.legal_promotions += legal.iter().filter(|m| m.is_promotion()).count();
    if pos.is_check() {
        cov.legal_drops_in_check += legal.iter().filter(|m| m.is_drop()).count();
    }
}

/// Random playouts from `start`, checking every position reached. Half the
/// time a capture is preferred, so that hands fill and drops abound, and a
/// quarter of the time a check, so that evasions and double checks arise.
fn playouts(start: &Position, seed: u64, games: usize, plies: usize, cov: &mut Coverage) {
    let universe = all_moves();
    let mut listed = vec![false; 1 << 16];
    let mut rng = XorShift(seed);
    for _ in 0..games {
        let mut pos = start.clone();
        check(&pos, &universe, &mut listed, cov);
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let captures: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| m.from().is_some() && pos.piece_at(m.to()).is_some())
                .collect();
            let checks: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&m| {
                    let mut after = pos.clone();
                    after.play_unchecked(m);
                    after.is_check()
                })
                .collect();
            let mv = match rng.below(4) {
                0 | 1 if !captures.is_empty() => captures[rng.below(captures.len())],
                2 if !checks.is_empty() => checks[rng.below(checks.len())],
                _ => legal[rng.below(legal.len())],
            };
            pos.play(mv).unwrap_or_else(|e| panic!("{e}"));
            check(&pos, &universe, &mut listed, cov);
        }
    }
}

#[test]
fn from_u16_round_trips_every_u16() {
    let mut valid = 0;
    for bits in 0..=u16::MAX {
        if let Some(m) = Move::from_u16(bits) {
            valid += 1;
            assert_eq!(m.to_u16(), bits);
            // A valid move is one of the constructors' outputs.
            let rebuilt = match m.drop_kind() {
                Some(kind) => Move::drop(kind, m.to()),
                None => m
                    .from()
                    .map(|from| Move::normal(from, m.to(), m.is_promotion())),
            };
            assert_eq!(rebuilt, Some(m), "bits {bits:#06x}");
            // It survives USI: it prints and parses back (a board move onto its
            // own square prints but is refused by the parser).
            if m.from() != Some(m.to()) {
                assert_eq!(m.to_string().parse::<Move>(), Ok(m), "bits {bits:#06x}");
            }
        }
    }
    // 81 origins x 81 destinations x promote or not, and 7 hand kinds x 81 squares.
    assert_eq!(valid, 81 * 81 * 2 + 7 * 81);
    assert_eq!(all_moves().len(), valid);
}

#[test]
fn is_legal_matches_the_list_in_random_standard_games() {
    let mut cov = Coverage::default();
    let start = standard(STANDARD_START);
    playouts(&start, 0x9E37_79B9_7F4A_7C15, 40, 300, &mut cov);
    eprintln!("9x9: {cov:?}");
    assert!(cov.positions > 1000, "{cov:?}");
    assert!(cov.with_hand > 500, "{cov:?}");
    assert!(cov.in_check > 50, "{cov:?}");
    assert!(cov.double_check > 0, "{cov:?}");
    assert!(cov.with_pin > 50, "{cov:?}");
    assert!(cov.legal_drops_in_check > 0, "{cov:?}");
    assert!(cov.legal_promotions > 0, "{cov:?}");
}

#[test]
fn is_legal_matches_the_list_in_random_minishogi_games() {
    let mut cov = Coverage::default();
    let start = minishogi(MINISHOGI_START);
    playouts(&start, 0x2545_F491_4F6C_DD1D, 100, 200, &mut cov);
    eprintln!("5x5: {cov:?}");
    assert!(cov.positions > 1000, "{cov:?}");
    assert!(cov.with_hand > 500, "{cov:?}");
    assert!(cov.in_check > 50, "{cov:?}");
    assert!(cov.double_check > 0, "{cov:?}");
    assert!(cov.with_pin > 50, "{cov:?}");
    assert!(cov.legal_drops_in_check > 0, "{cov:?}");
    assert!(cov.legal_promotions > 0, "{cov:?}");
}

#[test]
fn is_legal_matches_the_list_in_set_positions() {
    let universe = all_moves();
    let mut listed = vec![false; 1 << 16];
    let mut cov = Coverage::default();
    let set_positions = [
        standard(STANDARD_START),
        standard("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        standard("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"),
        // Double check by a rook and a knight.
        standard("4k4/9/9/9/4r4/9/4Sn3/3G1G3/3bKr3 b P 1"),
        // Double check by a distant rook and a knight: no drop may block.
        standard("4k4/9/9/9/4r4/9/3n5/3G1G3/4K4 b GP 1"),
        // Check by the rook on 4i with a silver pinned on the file.
        standard("4k4/9/9/9/4r4/9/4S4/3G1G3/3bKr3 b P 1"),
        // Lance pin along the file and a pawn that may take the checker.
        standard("4k4/9/9/9/4l4/9/4G4/9/4K4 b NL 1"),
        minishogi(MINISHOGI_START),
        minishogi("rbsgk/4p/5/P4/KGSBR w - 1"),
        minishogi("4k/5/4P/5/4K b GP 1"),
        minishogi("4k/2S2/3G1/5/K4 b GP 1"),
        minishogi("4k/2S2/3G1/5/K4 w GP 1"),
    ];
    for pos in &set_positions {
        check(pos, &universe, &mut listed, &mut cov);
    }
    assert_eq!(set_positions[2].legal_moves().len(), 593);
}

/// The pawn-drop-mate rule, through `is_legal` (the list comparison above
/// covers the rest): a mating pawn drop is refused, other drops and checks are not.
#[test]
fn pawn_drop_mate_is_illegal() {
    let mv = |s: &str| s.parse::<Move>().unwrap_or_else(|e| panic!("{e}"));
    let agree = |pos: &Position, m: Move| {
        assert_eq!(
            pos.is_legal(m),
            pos.legal_moves().contains(&m),
            "{m} in {pos}"
        );
        pos.is_legal(m)
    };
    // The pawn on 1b would be guarded by the gold on 2c, 2a by the silver on
    // 3b, 2b by the gold: mate, illegal. A gold may mate; a pawn on 1c is no check.
    let pos = minishogi("4k/2S2/3G1/5/K4 b GP 1");
    assert!(!agree(&pos, mv("P*1b")));
    assert!(agree(&pos, mv("G*1b")));
    assert!(agree(&pos, mv("P*1c")));
    // Nothing guards 1b: the king takes the pawn, no mate.
    assert!(agree(&minishogi("4k/5/5/5/4K b P 1"), mv("P*1b")));
    // An own pawn on the file: nifu, whatever else.
    assert!(!agree(&minishogi("4k/5/4P/5/4K b GP 1"), mv("P*1b")));
    // A white gold on 2a may take the pawn: no mate.
    assert!(agree(&minishogi("3gk/2S2/3G1/5/K4 b P 1"), mv("P*1b")));
    // ...unless the rook on 5a pins it to its king: mate.
    assert!(!agree(&minishogi("R2gk/5/3G1/5/K4 b P 1"), mv("P*1b")));
    // 9x9: the knight on 2d guards 1b, the gold on 3b covers 2a and 2b: mate.
    let pos = standard("8k/6G2/9/7N1/9/9/9/9/K8 b P 1");
    assert!(!agree(&pos, mv("P*1b")));
    assert!(agree(&pos, mv("P*1c")));
    // White drops too: mirror image on 5x5.
    assert!(!agree(&minishogi("4k/5/1g3/2s2/K4 w p 1"), mv("P*5d")));
}

/// A side with no king (a mate problem's attacker, read with
/// `Waivers::MISSING_KING`): `is_legal` and `illegality` still decide
/// exactly what the list holds, and the list is what the same side lists
/// with its king, less the king's moves, plus the moves the king forbade
/// (pinned pieces leaving their line, moves ignoring a check).
#[test]
fn a_side_without_a_king_moves_by_the_piece_rules_alone() {
    use shogi_core::{Geometry, Waivers};
    let universe = all_moves();
    let mut listed = vec![false; 1 << 16];
    let mut cov = Coverage::default();
    let nine = Geometry::shared(9, 9, 3).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = XorShift(0x51_7CC1_B727_220A);
    let (mut freed, mut kingless) = (0, 0);
    for _ in 0..30 {
        let mut pos = standard(STANDARD_START);
        for _ in 0..160 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let captures: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| pos.piece_at(m.to()).is_some())
                .collect();
            let mv = if !captures.is_empty() && rng.chance(50) {
                *rng.pick(&captures)
            } else {
                *rng.pick(&legal)
            };
            pos.play(mv).unwrap_or_else(|e| panic!("{e}"));
            let us = pos.side_to_move();
            let Some(king) = pos.king(us) else { continue };
            let mut setup = pos.to_setup();
            setup.board[king.index()] = None;
            let Ok(without) =
                Position::from_setup_waiving(&setup, nine, &NINE_PIECES, Waivers::MISSING_KING)
            else {
                continue;
            };
            assert_eq!(without.king(us), None);
            assert!(!without.is_check());
            check(&without, &universe, &mut listed, &mut cov);
            kingless += 1;
            let with: HashSet<Move> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| m.from() != Some(king))
                .collect();
            let free: HashSet<Move> = without.legal_moves().iter().copied().collect();
            assert!(with.is_subset(&free), "{pos}");
            freed += usize::from(free.len() > with.len());
        }
    }
    assert!(kingless > 1000, "{kingless}");
    assert!(
        freed > 100,
        "{freed} positions where the king forbade moves"
    );
    assert!(cov.with_hand > 500, "{cov:?}");
}

/// The strict constructor refuses a kingless side and says how to read it.
#[test]
fn a_missing_king_is_refused_unless_waived() {
    use shogi_core::{Color, Geometry, PositionError, Waivers};
    let nine = Geometry::shared(9, 9, 3).unwrap_or_else(|e| panic!("{e}"));
    let setup = Setup::from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap_or_else(|e| panic!("{e}"));
    let err = Position::from_setup(&setup, nine, &NINE_PIECES).unwrap_err();
    assert_eq!(err, PositionError::MissingKing(Color::Black));
    assert!(err.to_string().contains("waiver"), "{err}");
    let pos = Position::from_setup_waiving(&setup, nine, &NINE_PIECES, Waivers::MISSING_KING)
        .unwrap_or_else(|e| panic!("{e}"));
    // The gold may go anywhere empty; the pawn may push (5c5b, 5c5b+).
    assert_eq!(pos.legal_moves().len(), 81 - 2 + 2);
    // Waived or not, the side not to move must not be in check.
    let setup = Setup::from_sfen("4k4/4P4/9/9/9/9/9/9/9 b G 1").unwrap_or_else(|e| panic!("{e}"));
    let err = Position::from_setup_waiving(&setup, nine, &NINE_PIECES, Waivers::MISSING_KING);
    assert_eq!(
        err.unwrap_err(),
        PositionError::OpponentInCheck(Color::White)
    );
}
