//! Western (Hodges) notation: every legal move of many random positions
//! (9x9 and 5x5) is written and read back; the origin square appears exactly
//! when another piece of the same kind could go to the same square; `x`,
//! `+` and `=` exactly when the move captures, promotes or could promote and
//! does not; the numeric `76` coordinates read as well; examples from the
//! English literature and lishogi.

use shogi_core::notation::western::{self, WesternError};
use shogi_core::{Move, Position};

mod common;
use common::{minishogi, mv, standard, XorShift, MINISHOGI_START, STANDARD_START};

/// The text with every `7f`-style square turned into `76` style.
fn numeric(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'a'..='i' => char::from(b'1' + (c as u8 - b'a')),
            _ => c,
        })
        .collect()
}

/// What a written move must look like, computed from the position without
/// the notation module: the origin is needed when another legal move of a
/// piece of the same kind from elsewhere reaches the same square.
fn check_form(pos: &Position, m: Move, text: &str) {
    let context = format!("{m} written {text} in {}", pos.to_sfen());
    let legal = pos.legal_moves();
    match m.from() {
        None => {
            let kind = m.drop_kind().unwrap();
            assert_eq!(
                text,
                format!("{}*{}", kind.base_letter(), m.to()),
                "{context}"
            );
        }
        Some(from) => {
            let piece = pos.piece_at(from).unwrap();
            let letter = piece.kind.to_string();
            assert!(text.starts_with(&letter), "{context}");
            let rest = &text[letter.len()..];
            let needs_origin = legal.iter().any(|o| {
                o.to() == m.to()
                    && o.from().is_some_and(|f| {
                        f != from && pos.piece_at(f).map(|p| p.kind) == Some(piece.kind)
                    })
            });
            let rest = if needs_origin {
                let origin = from.to_string();
                assert!(rest.starts_with(&origin), "{context}: origin needed");
                &rest[origin.len()..]
            } else {
                rest
            };
            let sep = if pos.piece_at(m.to()).is_some() {
                'x'
            } else {
                '-'
            };
            let suffix = if m.is_promotion() {
                "+"
            } else if legal.contains(&Move::normal(from, m.to(), true)) {
                "="
            } else {
                ""
            };
            assert_eq!(rest, format!("{sep}{}{suffix}", m.to()), "{context}");
        }
    }
}

/// Counts of what the random test met, to be sure it covers the cases.
#[derive(Default, Debug)]
struct Coverage {
    moves: usize,
    drops: usize,
    captures: usize,
    promotions: usize,
    declined: usize,
    with_origin: usize,
    promoted_pieces: usize,
}

fn check_all_moves(pos: &Position, cov: &mut Coverage) {
    for &m in pos.legal_moves().iter() {
        let text = western::write(pos, m);
        check_form(pos, m, &text);
        assert_eq!(
            western::read(pos, &text),
            Ok(m),
            "{text} in {}",
            pos.to_sfen()
        );
        assert_eq!(
            western::read(pos, &numeric(&text)),
            Ok(m),
            "{} in {}",
            numeric(&text),
            pos.to_sfen()
        );
        cov.moves += 1;
        cov.drops += m.is_drop() as usize;
        cov.captures += text.contains('x') as usize;
        cov.promotions += m.is_promotion() as usize;
        cov.declined += text.ends_with('=') as usize;
        cov.promoted_pieces += text.starts_with('+') as usize;
        let letters = if text.starts_with('+') { 2 } else { 1 };
        cov.with_origin += text[letters..].starts_with(|c: char| c.is_ascii_digit()) as usize;
    }
}

fn random_playouts(start: Position, seed: u64, games: usize, plies: usize) -> Coverage {
    let mut rng = XorShift(seed);
    let mut cov = Coverage::default();
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..plies {
            if rng.below(4) == 0 {
                check_all_moves(&pos, &mut cov);
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            pos.play_unchecked(m);
        }
    }
    cov
}

#[test]
fn every_legal_move_of_random_standard_positions_reads_back() {
    let cov = random_playouts(standard(STANDARD_START), 0x5eed_0001, 40, 160);
    assert!(cov.moves > 50_000, "{cov:?}");
    assert!(cov.drops > 1000, "{cov:?}");
    assert!(cov.captures > 500, "{cov:?}");
    assert!(cov.promotions > 100, "{cov:?}");
    assert!(cov.declined > 100, "{cov:?}");
    assert!(cov.with_origin > 100, "{cov:?}");
    assert!(cov.promoted_pieces > 100, "{cov:?}");
}

#[test]
fn every_legal_move_of_random_minishogi_positions_reads_back() {
    let cov = random_playouts(minishogi(MINISHOGI_START), 0x5eed_0002, 200, 80);
    assert!(cov.moves > 20_000, "{cov:?}");
    assert!(cov.drops > 1000, "{cov:?}");
    assert!(cov.captures > 500, "{cov:?}");
    assert!(cov.promotions > 100, "{cov:?}");
    assert!(cov.declined > 100, "{cov:?}");
    assert!(cov.with_origin > 50, "{cov:?}");
    assert!(cov.promoted_pieces > 50, "{cov:?}");
}

#[test]
fn two_golds_reaching_one_square_need_the_origin() {
    let pos = standard(STANDARD_START);
    assert_eq!(western::write(&pos, mv("6i5h")), "G6i-5h");
    assert_eq!(western::write(&pos, mv("4i5h")), "G4i-5h");
    // 6h and 4h are reached by one gold each (the silvers are another kind).
    assert_eq!(western::write(&pos, mv("6i6h")), "G-6h");
    assert_eq!(western::write(&pos, mv("7i6h")), "S-6h");
    match western::read(&pos, "G-5h") {
        Err(WesternError::Ambiguous { candidates, .. }) => {
            let mut c = candidates;
            c.sort();
            let mut want = vec![mv("6i5h"), mv("4i5h")];
            want.sort();
            assert_eq!(c, want);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(western::read(&pos, "G6i-5h"), Ok(mv("6i5h")));
    assert_eq!(western::read(&pos, "G49-58"), Ok(mv("4i5h")));
    // An origin that is not needed is accepted.
    assert_eq!(western::read(&pos, "G6i-6h"), Ok(mv("6i6h")));
}

#[test]
fn a_pinned_gold_does_not_make_the_move_ambiguous() {
    // The gold on 4i is pinned to the king by the rook on 1i: only 6i can go to 5h.
    let pos = standard("4k4/9/9/9/9/9/9/9/3GKG2r b - 1");
    assert!(!pos.is_legal(mv("4i5h")));
    assert_eq!(western::write(&pos, mv("6i5h")), "G-5h");
    assert_eq!(western::read(&pos, "G-5h"), Ok(mv("6i5h")));
}

#[test]
fn two_knights_and_promotion_choices() {
    let pos = standard("4k4/9/9/9/2N1N4/9/9/9/4K4 b - 1");
    assert_eq!(western::write(&pos, mv("7e6c+")), "N7e-6c+");
    assert_eq!(western::write(&pos, mv("7e6c")), "N7e-6c=");
    assert_eq!(western::write(&pos, mv("5e6c")), "N5e-6c=");
    // 8c is reached by the 7e knight only.
    assert_eq!(western::write(&pos, mv("7e8c")), "N-8c=");
    assert!(matches!(
        western::read(&pos, "N-6c+"),
        Err(WesternError::Ambiguous { .. })
    ));
    assert_eq!(western::read(&pos, "N5e-6c+"), Ok(mv("5e6c+")));
    assert_eq!(western::read(&pos, "N5e-6c"), Ok(mv("5e6c")));
    assert_eq!(western::read(&pos, "N5e-6c="), Ok(mv("5e6c")));
}

#[test]
fn a_drop_and_a_board_move_to_one_square_are_told_apart_by_the_sign() {
    let pos = standard("4k4/9/9/9/9/9/9/9/3GK4 b G 1");
    assert_eq!(western::write(&pos, mv("6i5h")), "G-5h");
    assert_eq!(western::write(&pos, mv("G*5h")), "G*5h");
    assert_eq!(western::read(&pos, "G-5h"), Ok(mv("6i5h")));
    assert_eq!(western::read(&pos, "G*5h"), Ok(mv("G*5h")));
    assert_eq!(western::read(&pos, "G*58"), Ok(mv("G*5h")));
}

#[test]
fn promoted_pieces_and_gold_movers_are_different_letters() {
    // A tokin on 6b and a gold on 4b can both go to 5a, without ambiguity.
    let pos = standard("k8/3+P1G3/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(western::write(&pos, mv("6b5a")), "+P-5a");
    assert_eq!(western::write(&pos, mv("4b5a")), "G-5a");
    assert_eq!(western::read(&pos, "+P-5a"), Ok(mv("6b5a")));
    assert_eq!(western::read(&pos, "T-5a"), Ok(mv("6b5a")));
    assert_eq!(western::read(&pos, "G-5a"), Ok(mv("4b5a")));
    // Two dragons reaching one square.
    let pos = standard("8k/9/9/9/4+R4/9/9/9/+R3K4 b - 1");
    assert_eq!(western::write(&pos, mv("5e9e")), "+R5e-9e");
    assert_eq!(western::write(&pos, mv("9i9e")), "+R9i-9e");
    assert_eq!(western::read(&pos, "D9i-9e"), Ok(mv("9i9e")));
    assert_eq!(western::write(&pos, mv("5e4d")), "+R-4d");
}

/// The opening moves of a Hodges-style game score (as English books print
/// it) replayed from the start, with a bishop exchange.
#[test]
fn a_game_score_from_the_literature() {
    let score = [
        ("P-7f", "7g7f"),
        ("P-3d", "3c3d"),
        ("P-2f", "2g2f"),
        ("P-4d", "4c4d"),
        ("S-4h", "3i4h"),
        ("R-4b", "8b4b"),
        ("K-6h", "5i6h"),
        ("K-6b", "5a6b"),
        ("K-7h", "6h7h"),
        ("K-7b", "6b7b"),
        ("P-5f", "5g5f"),
        ("S-3b", "3a3b"),
        ("L-9h", "9i9h"),
        ("K-8b", "7b8b"),
        ("B-7g", "8h7g"),
        ("S-7b", "7a7b"),
        ("K-8h", "7h8h"),
        ("G6a-5b", "6a5b"),
        ("K-9i", "8h9i"),
    ];
    let mut pos = standard(STANDARD_START);
    for (text, usi) in score {
        let m = western::read(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(m, mv(usi), "{text}");
        assert_eq!(western::write(&pos, m), text);
        pos.play(m).unwrap();
    }
    // A bishop exchange: 1.P-7f P-3d 2.Bx2b+ Sx2b 3.B*4e.
    let mut pos = standard(STANDARD_START);
    for (text, usi) in [
        ("P-7f", "7g7f"),
        ("P-3d", "3c3d"),
        ("Bx2b+", "8h2b+"),
        ("Sx2b", "3a2b"),
        ("B*4e", "B*4e"),
    ] {
        let m = western::read(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(m, mv(usi), "{text}");
        assert_eq!(western::write(&pos, m), text);
        pos.play(m).unwrap();
    }
    // Hodges' original numeric coordinates.
    let pos = standard(STANDARD_START);
    assert_eq!(western::read(&pos, "P-76"), Ok(mv("7g7f")));
    assert_eq!(western::read(&pos, "G69-58"), Ok(mv("6i5h")));
}

#[test]
fn the_examples_of_the_brief() {
    // Bx2b+ and declining it.
    let pos = standard("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
    assert_eq!(western::write(&pos, mv("8h2b+")), "Bx2b+");
    assert_eq!(western::write(&pos, mv("8h2b")), "Bx2b=");
    // S*5e.
    let pos = standard("4k4/9/9/9/9/9/9/9/4K4 b S 1");
    assert_eq!(western::write(&pos, mv("S*5e")), "S*5e");
    // +Rx2b: a dragon capturing.
    let pos = standard("4k4/7p1/9/9/9/9/9/7+R1/4K4 b - 1");
    assert_eq!(western::write(&pos, mv("2h2b")), "+Rx2b");
    // N-2c=: a knight entering the zone without promoting.
    let pos = standard("4k4/9/9/9/3N5/9/9/9/4K4 b - 1");
    let pos2 = standard("4k4/9/9/9/1N7/9/9/9/4K4 b - 1");
    assert_eq!(western::write(&pos, mv("6e5c")), "N-5c=");
    assert_eq!(western::write(&pos2, mv("8e7c")), "N-7c=");
    let pos = standard("4k4/9/9/9/3N5/9/9/9/4K4 b - 1");
    assert_eq!(western::write(&pos, mv("6e7c+")), "N-7c+");
}

#[test]
fn forced_promotions_have_no_choice_sign() {
    // A pawn reaching the last rank must promote: written `+`, never `=`.
    let pos = standard("4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(western::write(&pos, mv("9b9a+")), "P-9a+");
    // Without the sign it can only mean the promotion.
    assert_eq!(western::read(&pos, "P-9a"), Ok(mv("9b9a+")));
    assert!(matches!(
        western::read(&pos, "P-9a="),
        Err(WesternError::NoMatch { .. })
    ));
    // A silver leaving the zone may promote.
    let pos = standard("4k4/9/4S4/9/9/9/9/9/4K4 b - 1");
    assert_eq!(western::write(&pos, mv("5c4d")), "S-4d=");
    assert_eq!(western::write(&pos, mv("5c4d+")), "S-4d+");
    assert_eq!(western::write(&pos, mv("5c5b")), "S-5b=");
    // A move outside the zone cannot promote: no sign.
    let pos = standard("4k4/9/9/9/4S4/9/9/9/4K4 b - 1");
    assert_eq!(western::write(&pos, mv("5e5d")), "S-5d");
}

#[test]
fn minishogi_moves() {
    let pos = minishogi(MINISHOGI_START);
    assert_eq!(western::write(&pos, mv("5d5c")), "P-5c");
    assert_eq!(western::read(&pos, "P-5c"), Ok(mv("5d5c")));
    assert_eq!(western::read(&pos, "P-53"), Ok(mv("5d5c")));
    assert_eq!(western::write(&pos, mv("2e3d")), "B-3d");
    // The gold and the king both reach 4d: different letters, no origin.
    assert_eq!(western::write(&pos, mv("4e4d")), "G-4d");
    assert_eq!(western::write(&pos, mv("5e4d")), "K-4d");
    // A square off the 5x5 board matches nothing.
    assert!(matches!(
        western::read(&pos, "P-6c"),
        Err(WesternError::NoMatch { .. })
    ));
}

#[test]
fn reading_is_forgiving_where_it_can_be() {
    let pos = standard("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
    // Spaces and annotations.
    assert_eq!(western::read(&pos, "  Bx2b+!? "), Ok(mv("8h2b+")));
    // `-` for a capture.
    assert_eq!(western::read(&pos, "B-2b+"), Ok(mv("8h2b+")));
    // `x` for a move that captures nothing is refused.
    assert!(matches!(
        western::read(&pos, "Px2f"),
        Err(WesternError::NoMatch { .. })
    ));
    // The horse letter.
    let pos = standard("4k4/9/9/9/4+B4/9/9/9/4K4 b - 1");
    assert_eq!(western::read(&pos, "H-4d"), Ok(mv("5e4d")));
    assert_eq!(western::read(&pos, "+B-4d"), Ok(mv("5e4d")));
}

#[test]
fn malformed_text_is_a_syntax_error() {
    let pos = standard(STANDARD_START);
    for bad in [
        "", "P", "P-", "P-7", "P-7j", "P-0f", "Q-7f", "p-7f", "P7f", "P*7f+", "P7g*7f", "+G-5h",
        "+K-5h", "P-7f++", "P-7f=+", "P_7f", "P-7f7e", "歩-7f", "P-７f", "+P*5e", "K*5e", "T*5e",
    ] {
        assert!(
            matches!(western::read(&pos, bad), Err(WesternError::Syntax(_))),
            "{bad:?}: {:?}",
            western::read(&pos, bad)
        );
    }
    // Well formed, but no such legal move.
    for none in ["P-7e", "R-2b", "B*5e", "K-5g", "P7f-7e", "N-8g"] {
        assert!(
            matches!(western::read(&pos, none), Err(WesternError::NoMatch { .. })),
            "{none:?}"
        );
    }
    // The error explains itself.
    let err = western::read(&pos, "G-5h").unwrap_err();
    assert!(err.to_string().contains("6i5h"), "{err}");
    assert!(err.to_string().contains("4i5h"), "{err}");
}

#[test]
fn random_text_never_panics() {
    let pos = standard("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
    let alphabet: Vec<char> = "PLNSGBRKTHDx-*+=!?0123456789abcdefghijz ９歩"
        .chars()
        .collect();
    let mut rng = XorShift(99);
    for _ in 0..50_000 {
        let len = rng.below(8);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        if let Ok(m) = western::read(&pos, &text) {
            assert!(pos.is_legal(m), "{text}");
        }
    }
}

#[test]
fn writing_an_illegal_move_does_not_panic() {
    let pos = standard(STANDARD_START);
    for bits in (0..=u16::MAX).step_by(7) {
        if let Some(m) = Move::from_u16(bits) {
            let _ = western::write(&pos, m);
        }
    }
}
