//! Must-capture shogi (RULES.md section 3): one test per rule and setting,
//! each with its position as an SFEN.

use shogi_core::{EndReason, Outcome, Position, Repetition, Variant};
use shogi_variants::{AnyVariant, Base, MustCapture, MustCaptureSettings};

fn variant(may_flee: bool, king_first: bool, base: Base) -> MustCapture {
    MustCapture::with_settings(MustCaptureSettings {
        may_flee_from_check: may_flee,
        king_captures_first: king_first,
        base,
        ..Default::default()
    })
}

fn moves(v: &MustCapture, sfen: &str) -> Vec<String> {
    let pos = v.position_from_sfen(sfen).expect("valid SFEN");
    let mut m: Vec<String> = v.legal_moves(&pos).iter().map(|m| m.to_string()).collect();
    m.sort();
    assert_eq!(
        m.len(),
        v.count_legal_moves(&pos),
        "count path agrees with list path in {sfen}"
    );
    m
}

fn base_moves(sfen: &str) -> Vec<String> {
    let pos = AnyVariant::from_name("standard")
        .unwrap()
        .position_from_sfen(sfen)
        .unwrap();
    let mut m: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    m.sort();
    m
}

#[test]
fn capture_is_compulsory_when_one_is_available() {
    let sfen = "4k4/9/9/9/4p4/9/4R4/9/4K4 b P 1";
    assert_eq!(moves(&MustCapture::default(), sfen), ["5g5e"]);
    let v = MustCapture::default();
    let mut pos = v.position_from_sfen(sfen).unwrap();
    let before = pos.clone();
    assert!(!v.is_legal(&pos, "5i4h".parse().unwrap()));
    assert!(v.is_legal(&pos, "5g5e".parse().unwrap()));
    assert_eq!(pos, before);
    pos.play_unchecked("5g5e".parse().unwrap());
}

#[test]
fn without_a_capture_every_legal_move_is_allowed() {
    let sfen = "4k4/9/9/9/9/9/3R5/9/4K4 b P 1";
    assert_eq!(moves(&MustCapture::default(), sfen), base_moves(sfen));
    assert!(base_moves(sfen).len() > 50);
}

#[test]
fn drops_are_never_captures() {
    // A pawn in hand does not excuse the duty, and drops are not captures.
    let sfen = "4k4/9/9/9/4p4/9/4R4/9/4K4 b GP 1";
    assert!(moves(&MustCapture::default(), sfen)
        .iter()
        .all(|m| !m.contains('*')));
}

#[test]
fn in_check_the_player_may_flee_by_default() {
    // The rook on 5c checks; the king may take the pawn on 4h or step aside.
    let sfen = "8k/9/4r4/9/9/9/9/5p3/4K4 b - 1";
    assert_eq!(
        moves(&variant(true, false, Base::STANDARD), sfen),
        ["5i4h", "5i6h", "5i6i"]
    );
}

#[test]
fn in_check_captures_come_first_when_fleeing_is_off() {
    let sfen = "8k/9/4r4/9/9/9/9/5p3/4K4 b - 1";
    assert_eq!(
        moves(&variant(false, false, Base::STANDARD), sfen),
        ["5i4h"]
    );
}

#[test]
fn in_check_without_a_capture_any_evasion_is_allowed_when_fleeing_is_off() {
    let sfen = "8k/9/4r4/9/9/9/9/9/4K4 b - 1";
    assert_eq!(
        moves(&variant(false, false, Base::STANDARD), sfen),
        base_moves(sfen)
    );
    assert_eq!(base_moves(sfen), ["5i4h", "5i4i", "5i6h", "5i6i"]);
}

#[test]
fn the_player_chooses_among_captures_including_promotion() {
    let sfen = "8k/9/p8/9/R8/9/9/5l3/4K4 b - 1";
    assert_eq!(
        moves(&MustCapture::default(), sfen),
        ["5i4h", "9e9c", "9e9c+"]
    );
}

#[test]
fn king_captures_first_leaves_only_king_captures() {
    let sfen = "8k/9/p8/9/R8/9/9/5l3/4K4 b - 1";
    assert_eq!(moves(&variant(true, true, Base::STANDARD), sfen), ["5i4h"]);
    // Without a king capture the other captures stay.
    let sfen = "8k/9/p8/9/R8/9/9/9/4K4 b - 1";
    assert_eq!(
        moves(&variant(true, true, Base::STANDARD), sfen),
        ["9e9c", "9e9c+"]
    );
}

#[test]
fn king_captures_first_does_not_bind_a_player_in_check_who_may_flee() {
    let sfen = "8k/9/4r4/9/9/9/9/5p3/4K4 b - 1";
    assert_eq!(
        moves(&variant(true, true, Base::STANDARD), sfen),
        ["5i4h", "5i6h", "5i6i"]
    );
    assert_eq!(moves(&variant(false, true, Base::STANDARD), sfen), ["5i4h"]);
}

#[test]
fn must_capture_minishogi_start() {
    let v = variant(true, false, Base::MINISHOGI);
    assert_eq!(moves(&v, "startpos"), ["1e1b"]);
    let mut pos = v.start_position();
    assert_eq!(pos.geometry().files(), 5);
    assert_eq!(v.perft(&mut pos, 2, true), v.perft(&mut pos, 2, false));
}

#[test]
fn must_capture_keeps_the_base_end_rules() {
    let rep = Repetition {
        first_player: shogi_core::Color::Black,
        perpetual_checker: None,
    };
    assert_eq!(
        variant(true, false, Base::STANDARD).repetition_outcome(rep),
        Outcome::draw(EndReason::Repetition)
    );
    assert_eq!(
        variant(true, false, Base::MINISHOGI).repetition_outcome(rep),
        Outcome::loss(shogi_core::Color::Black, EndReason::Repetition)
    );
}

#[test]
fn settings_by_name() {
    let v = AnyVariant::with_named_settings(
        "must-capture",
        &[("base", "minishogi"), ("may_flee_from_check", "false")],
    )
    .unwrap();
    assert_eq!(v.geometry().files(), 5);
    assert!(AnyVariant::with_named_settings("must-capture", &[("base", "chess")]).is_err());
}

/// The fast path (captures generated first) equals the reference filter over
/// the full legal list, on positions of random playouts, for every setting.
#[test]
fn fast_path_equals_the_filter_over_all_legal_moves() {
    let mut seed = 99u64;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % n
    };
    for base in [Base::STANDARD, Base::MINISHOGI] {
        for (flee, king) in [(true, false), (false, false), (true, true), (false, true)] {
            let v = variant(flee, king, base);
            for _game in 0..20 {
                let mut pos: Position = v.start_position();
                for _ply in 0..80 {
                    let mut reference = pos.legal_moves();
                    v.move_filter().unwrap().filter(&pos, &mut reference);
                    let mut fast = v.legal_moves(&pos);
                    reference.sort();
                    fast.sort();
                    assert_eq!(fast, reference, "{}", pos.to_sfen());
                    assert_eq!(v.count_legal_moves(&pos), reference.len());
                    if fast.is_empty() {
                        break;
                    }
                    pos.play_unchecked(fast[next(fast.len())]);
                }
            }
        }
    }
}

/// Perft against independent oracle data (`tests/data/must_capture_oracle.txt`,
/// see its header): a Python filter applying RULES.md section 3 over cshogi's
/// and minishogilib's move lists, cross-checked with Fairy-Stockfish's own
/// `mustCapture` (which is `may_flee_from_check = false`) through pyffish.
#[test]
fn perft_matches_the_independent_filter_and_fairy_stockfish() {
    let mut lines = 0;
    for line in include_str!("data/must_capture_oracle.txt").lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let base = match f[0] {
            "standard" => Base::STANDARD,
            "minishogi" => Base::MINISHOGI,
            other => panic!("unknown base {other}"),
        };
        let flee = match f[1] {
            "flee" => true,
            "noflee" => false,
            other => panic!("unknown setting {other}"),
        };
        let v = variant(flee, false, base);
        let mut pos = v
            .position_from_sfen(f[2])
            .unwrap_or_else(|e| panic!("{}: {e}", f[2]));
        for (depth, expected) in (1..).zip(f[3].split_whitespace()) {
            let expected: u64 = expected.parse().unwrap();
            assert_eq!(
                v.perft(&mut pos, depth, true),
                expected,
                "{line} depth {depth}"
            );
        }
        lines += 1;
    }
    assert!(lines >= 60, "only {lines} lines");
}

#[test]
fn show_legal_squares_follows_the_capture_duty() {
    // Minishogi's start: the rook on 1e can take the pawn on 1b, so it must;
    // plain shogi would let the bishop on 2e go to four squares.
    let v = AnyVariant::MustCapture(variant(true, false, Base::MINISHOGI));
    let game = shogi_core::Game::new(v);
    let sq = |s: &str| s.parse::<shogi_core::Square>().unwrap();
    assert!(game.legal_destinations(sq("2e")).is_empty());
    assert_eq!(game.position().legal_destinations(sq("2e")).count(), 4);
    let rook: Vec<String> = game
        .legal_destinations(sq("1e"))
        .into_iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(rook, ["1b"]);
    // A drop is never a capture: with a capture on, no drop square is legal.
    let v = AnyVariant::MustCapture(variant(true, false, Base::MINISHOGI));
    let game = shogi_core::Game::from_sfen(v, "4k/4p/5/4R/K4 b P 1").unwrap();
    assert!(game
        .legal_drop_squares(shogi_core::PieceKind::Pawn)
        .is_empty());
    assert!(
        game.position()
            .legal_drop_squares(shogi_core::PieceKind::Pawn)
            .count()
            > 0
    );
}

/// RULES.md 3: the duty narrows the base's own moves. Over a definition
/// whose first check wins (its filter leaves a side in check no move), a
/// side in check has no move either, though capturing the checker is legal
/// on the board.
#[test]
fn the_duty_keeps_the_move_rules_of_a_defined_base() {
    let v = AnyVariant::with_named_settings("must-capture", &[("base", "checkshogi")]).unwrap();
    let pos = v
        .position_from_sfen("4k4/4G4/9/9/9/9/9/9/4K4 w - 1")
        .unwrap();
    assert!(pos.legal_moves().iter().any(|m| m.to_string() == "5a5b"));
    assert!(v.legal_moves(&pos).is_empty());
    assert_eq!(v.count_legal_moves(&pos), 0);
    let mut p = pos.clone();
    assert_eq!(v.perft(&mut p, 1, true), 0);
}
