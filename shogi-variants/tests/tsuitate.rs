//! Tsuitate shogi (RULES.md section 4): each kind of foul, each announcement,
//! the end conditions, and views that never depend on hidden pieces.

use shogi_core::{Color, EndReason, Illegality, Move, Outcome, PieceKind, Square, Variant};
use shogi_variants::{
    Announcement, Base, FoulReason, Referee, TsuitateError, TsuitateSettings, Verdict,
};

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn referee(sfen: &str) -> Referee {
    Referee::from_sfen(TsuitateSettings::default(), sfen).unwrap()
}

const B: usize = 0;
const W: usize = 1;

#[test]
fn sliding_through_a_hidden_piece_is_a_foul() {
    let mut r = referee("4k4/9/9/9/8p/9/9/9/4K3R b - 1");
    let before = r.true_position().clone();
    let ruling = r.attempt(mv("1i1c+")).unwrap();
    assert_eq!(ruling.verdict, Verdict::Foul);
    assert_eq!(
        r.true_position(),
        &before,
        "a foul changes nothing on the board"
    );
    assert_eq!(r.true_position().hash(), before.hash());
    assert_eq!(
        r.side_to_move(),
        Color::Black,
        "the same player moves again"
    );
    assert_eq!(
        ruling.told[B],
        [
            Announcement::Attempted(mv("1i1c+")),
            Announcement::Foul { count: 1 }
        ]
    );
    assert_eq!(
        ruling.told[W],
        [Announcement::OpponentFoul { count: 1 }],
        "never the square or the reason"
    );
    r.attempt(mv("5i5h")).unwrap();
    assert_eq!(
        r.view(Color::White).information_state,
        [
            Announcement::OpponentFoul { count: 1 },
            Announcement::OpponentMoved
        ]
    );
    assert_eq!(r.view(Color::White).opponent_fouls_known, 1);
}

#[test]
fn moving_onto_a_hidden_piece_captures_it_and_both_are_told() {
    let mut r = referee("4k4/9/9/9/8p/9/9/9/4K3R b - 1");
    let ruling = r.attempt(mv("1i1e")).unwrap();
    assert_eq!(ruling.verdict, Verdict::Played);
    let capture = Announcement::Capture {
        square: sq("1e"),
        kind: PieceKind::Pawn,
    };
    assert_eq!(
        ruling.told[B],
        [
            Announcement::Attempted(mv("1i1e")),
            Announcement::Played,
            capture
        ]
    );
    assert_eq!(ruling.told[W], [Announcement::OpponentMoved, capture]);
    assert_eq!(
        r.true_position().hand(Color::Black).count(PieceKind::Pawn),
        1
    );
}

#[test]
fn a_capture_names_the_piece_as_it_stood() {
    let mut r = referee("4k4/9/9/9/8+r/9/9/9/4K3R b - 1");
    let ruling = r.attempt(mv("1i1e")).unwrap();
    assert!(ruling.told[W].contains(&Announcement::Capture {
        square: sq("1e"),
        kind: PieceKind::Dragon
    }));
}

#[test]
fn dropping_onto_a_hidden_piece_is_a_foul() {
    let mut r = referee("4k4/9/9/9/8p/9/9/9/4K4 b G 1");
    assert_eq!(r.attempt(mv("G*1e")).unwrap().verdict, Verdict::Foul);
    assert_eq!(r.attempt(mv("G*2e")).unwrap().verdict, Verdict::Played);
}

#[test]
fn stepping_into_check_is_a_foul() {
    let mut r = referee("3r4k/9/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(r.attempt(mv("5i6h")).unwrap().verdict, Verdict::Foul);
    assert_eq!(r.attempt(mv("5i4h")).unwrap().verdict, Verdict::Played);
}

#[test]
fn leaving_the_king_in_check_is_a_foul_and_check_is_announced_to_both() {
    let mut r = referee("4k4/9/9/9/9/9/9/9/3K4R b - 1");
    // The rook runs up the open file 1 and promotes: the dragon on 1a checks along rank a.
    let ruling = r.attempt(mv("1i1a+")).unwrap();
    assert_eq!(ruling.verdict, Verdict::Played);
    assert!(ruling.told[B].contains(&Announcement::Check));
    assert!(ruling.told[W].contains(&Announcement::Check));
    // White, in check, tries to ignore it: a foul.
    assert_eq!(r.attempt(mv("5a4a")).unwrap().verdict, Verdict::Foul);
    assert_eq!(r.attempt(mv("5a4b")).unwrap().verdict, Verdict::Played);
}

#[test]
fn a_pawn_drop_that_mates_is_a_foul() {
    let mut r = referee("7nk/7l1/8G/9/9/9/9/9/4K4 b P 1");
    assert_eq!(r.attempt(mv("P*1b")).unwrap().verdict, Verdict::Foul);
    // A pawn drop that checks without mating is fine.
    let mut r = referee("8k/9/8G/9/9/9/9/9/4K4 b P 1");
    assert_eq!(r.attempt(mv("P*1b")).unwrap().verdict, Verdict::Played);
}

#[test]
fn foul_reasons_are_kept_for_the_reveal() {
    let settings = TsuitateSettings {
        foul_limit: 3,
        ..Default::default()
    };
    let mut r = Referee::from_sfen(settings, "7nk/7l1/8G/9/9/9/9/8p/4K3R b GP 1").unwrap();
    for m in ["1i1d", "G*1h"] {
        assert_eq!(r.attempt(mv(m)).unwrap().verdict, Verdict::Foul, "{m}");
        assert!(
            r.reveal().is_none(),
            "nothing is revealed while the game is on"
        );
    }
    assert_eq!(r.attempt(mv("P*1b")).unwrap().verdict, Verdict::Foul);
    let (_, _, attempts) = r.reveal().expect("the third foul ends the game");
    let reasons: Vec<_> = attempts.iter().map(|a| a.foul).collect();
    assert_eq!(
        reasons,
        [
            Some(FoulReason::SlidThroughHiddenPiece),
            Some(FoulReason::DroppedOnHiddenPiece),
            Some(FoulReason::PawnDropMate)
        ]
    );
}

#[test]
fn an_impossible_move_on_the_own_board_is_an_input_error_not_a_foul() {
    let mut r = referee("4k4/9/9/9/9/9/9/9/4K3R b - 1");
    let err = r.attempt(mv("5i5g")).unwrap_err();
    assert_eq!(
        err,
        TsuitateError::NotACandidate(
            mv("5i5g"),
            Illegality::CannotMoveThere {
                kind: PieceKind::King,
                from: "5i".parse().unwrap(),
                to: "5g".parse().unwrap()
            }
        )
    );
    assert_eq!(r.fouls(Color::Black), 0);
    assert!(r.view(Color::Black).information_state.is_empty());
    // Nifu and dead squares are visible on the own board: not candidates either.
    let mut r = referee("4k4/9/9/9/9/9/P8/9/4K4 b P 1");
    assert!(matches!(
        r.attempt(mv("P*9c")),
        Err(TsuitateError::NotACandidate(
            _,
            Illegality::Nifu { file: 9 }
        ))
    ));
    assert!(matches!(
        r.attempt(mv("P*5a")),
        Err(TsuitateError::NotACandidate(
            _,
            Illegality::DeadSquare { .. }
        ))
    ));
    let err = r.attempt(mv("P*9c")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "P*9c: two pawns on file 9 (nifu) (not a candidate move on the player's own board)"
    );
}

#[test]
fn fouls_are_not_told_to_the_opponent_when_the_setting_is_off() {
    let settings = TsuitateSettings {
        announce_fouls_to_both: false,
        ..Default::default()
    };
    let mut r = Referee::from_sfen(settings, "3r4k/9/9/9/9/9/9/9/4K4 b - 1").unwrap();
    let ruling = r.attempt(mv("5i6h")).unwrap();
    assert_eq!(ruling.told[W], []);
    assert_eq!(r.view(Color::White).opponent_fouls_known, 0);
}

#[test]
fn the_foul_that_reaches_the_limit_loses_and_repeated_fouls_count_again() {
    let settings = TsuitateSettings {
        foul_limit: 3,
        ..Default::default()
    };
    let mut r = Referee::from_sfen(settings, "3r4k/9/9/9/9/9/9/9/4K4 b - 1").unwrap();
    for _ in 0..2 {
        assert_eq!(r.attempt(mv("5i6h")).unwrap().verdict, Verdict::Foul);
    }
    assert_eq!(r.outcome(), None);
    let ruling = r.attempt(mv("5i6h")).unwrap();
    let over = Announcement::GameOver(Outcome::loss(
        Color::Black,
        EndReason::Custom(shogi_variants::FOUL_LIMIT),
    ));
    assert_eq!(ruling.told[B].last(), Some(&over));
    assert_eq!(ruling.told[W].last(), Some(&over));
    assert_eq!(r.fouls(Color::Black), 3);
    assert!(matches!(
        r.attempt(mv("5i4h")),
        Err(TsuitateError::GameOver(_))
    ));
    let (start, end, attempts) = r.reveal().expect("revealed at the end");
    assert_eq!(start, end);
    assert_eq!(attempts.len(), 3);
    assert!(attempts
        .iter()
        .all(|a| a.foul == Some(FoulReason::OwnKingInCheck)));
}

#[test]
fn checkmate_on_the_true_board_wins_at_once() {
    let mut r = referee("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    let ruling = r.attempt(mv("G*5b")).unwrap();
    let over = Announcement::GameOver(Outcome::win(Color::Black, EndReason::Checkmate));
    assert_eq!(ruling.told[W].last(), Some(&over));
    assert_eq!(
        r.outcome(),
        Some(Outcome::win(Color::Black, EndReason::Checkmate))
    );
}

#[test]
fn the_move_limit_counts_played_moves_only() {
    let settings = TsuitateSettings {
        move_limit: Some(2),
        ..Default::default()
    };
    let mut r = Referee::from_sfen(settings, "3r4k/9/9/9/9/9/9/9/4K4 b - 1").unwrap();
    r.attempt(mv("5i6h")).unwrap(); // foul: not counted
    r.attempt(mv("5i4h")).unwrap();
    assert_eq!(
        r.true_position().move_number(),
        2,
        "the move number counts played moves only"
    );
    assert_eq!(r.outcome(), None);
    r.attempt(mv("1a1b")).unwrap();
    assert_eq!(r.outcome(), Some(Outcome::draw(EndReason::MoveLimit)));
}

/// Two true positions that differ only in pieces hidden from Black give Black
/// identical views, before and after the same attempts, while White's differ.
#[test]
fn views_do_not_depend_on_hidden_pieces() {
    let a = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let b = "lnsgk1snl/1r3g1b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let (mut ra, mut rb) = (referee(a), referee(b));
    assert_eq!(ra.view(Color::Black), rb.view(Color::Black));
    assert_ne!(ra.view(Color::White), rb.view(Color::White));
    for (black, white_a, white_b) in [("7g7f", "3c3d", "4b5b"), ("2g2f", "8c8d", "8c8d")] {
        ra.attempt(mv(black)).unwrap();
        rb.attempt(mv(black)).unwrap();
        ra.attempt(mv(white_a)).unwrap();
        rb.attempt(mv(white_b)).unwrap();
        let (va, vb) = (ra.view(Color::Black), rb.view(Color::Black));
        assert_eq!(va, vb);
        assert_eq!(va.candidate_moves(), vb.candidate_moves());
        assert_eq!(
            va.legal_destinations(sq("8h")),
            vb.legal_destinations(sq("8h"))
        );
    }
    assert!(ra.view(Color::Black).to_move);
}

#[test]
fn candidate_moves_ignore_enemy_pieces() {
    let mut r = Referee::new(TsuitateSettings::default());
    r.attempt(mv("7g7f")).unwrap();
    r.attempt(mv("8c8d")).unwrap();
    let view = r.view(Color::Black);
    // The bishop on 8h sees no enemy pawn on 3c: on its own board it may reach 1a.
    assert!(view.candidate_moves().contains(&mv("8h1a+")));
    assert!(
        view.candidate_moves().contains(&mv("8h1a")),
        "a bishop need not promote"
    );
    assert!(
        !view.candidate_moves().contains(&mv("8h4d+")),
        "no promotion outside the zone"
    );
    assert!(!r.true_position().legal_moves().contains(&mv("8h1a+")));
    assert!(
        r.view(Color::White).candidate_moves().is_empty(),
        "not White's turn"
    );
}

#[test]
fn tsuitate_on_the_minishogi_board() {
    let settings = TsuitateSettings {
        base: Base::MINISHOGI,
        ..Default::default()
    };
    let mut r = Referee::new(settings);
    // The rook on 1e slides through White's pawn on 1b: a foul.
    assert_eq!(r.attempt(mv("1e1a+")).unwrap().verdict, Verdict::Foul);
    assert_eq!(r.attempt(mv("1e1b")).unwrap().verdict, Verdict::Played);
}

#[test]
fn a_view_carries_the_public_base_with_its_settings() {
    let base = Base::with_named_settings("minishogi", &[("stalemate", "Draw")]).unwrap();
    let referee = Referee::new(TsuitateSettings {
        base,
        ..TsuitateSettings::default()
    });
    for color in [Color::Black, Color::White] {
        let view = referee.view(color);
        assert_eq!(view.base, base);
        assert_eq!(view.board.geometry(), base.variant().geometry());
    }
}

/// Black to move is mated at once: a game over at the start.
const MATED_AT_START: &str = "8k/9/9/9/9/9/9/7g1/7gK b - 1";

#[test]
fn a_game_over_at_the_start_is_announced_to_both_players() {
    let r = referee(MATED_AT_START);
    let outcome = Outcome::loss(Color::Black, EndReason::Checkmate);
    assert_eq!(r.outcome(), Some(outcome));
    for color in [Color::Black, Color::White] {
        let view = r.view(color);
        assert_eq!(view.information_state, [Announcement::GameOver(outcome)]);
        assert!(!view.to_move);
        let events = view.events();
        assert_eq!(events.len(), 1, "{events:?}");
        assert_eq!(events[0].game_over, Some(outcome));
        // What a player was told, a resampled game tells them too.
        let sample = r.resample(color, 3).unwrap();
        assert_eq!(sample.view(color), view);
    }
}

#[test]
fn a_zero_move_limit_built_in_rust_draws_at_the_start_and_says_so() {
    // As every game does with `move_limit: Some(0)` (base_settings.rs), and
    // told to both players like every other end.
    let draw = Outcome::draw(EndReason::MoveLimit);
    for (settings, first) in [
        (
            TsuitateSettings {
                move_limit: Some(0),
                ..Default::default()
            },
            "7g7f",
        ),
        (
            TsuitateSettings {
                move_limit: None,
                base: Base::Minishogi(shogi_variants::MinishogiSettings {
                    move_limit: Some(0),
                    ..shogi_variants::MinishogiSettings::DEFAULT
                }),
                ..Default::default()
            },
            "2e3d",
        ),
    ] {
        let mut r = Referee::new(settings);
        assert_eq!(r.outcome(), Some(draw));
        for color in [Color::Black, Color::White] {
            assert_eq!(
                r.view(color).information_state,
                [Announcement::GameOver(draw)]
            );
        }
        // No move is attempted any more, and none is a candidate.
        assert!(r.view(Color::Black).candidate_moves().is_empty());
        assert!(matches!(r.attempt(mv(first)), Err(TsuitateError::GameOver(o)) if o == draw));
    }
}

#[test]
fn a_zero_foul_limit_built_in_rust_acts_as_one() {
    // A foul: the rook slides through White's hidden pawn on 1e.
    let sfen = "4k4/9/9/9/8p/9/9/9/4K3R b - 1";
    let play = |foul_limit: u32| {
        let settings = TsuitateSettings {
            foul_limit,
            ..Default::default()
        };
        let mut r = Referee::from_sfen(settings, sfen).unwrap();
        let ruling = r.attempt(mv("1i1c+")).unwrap();
        assert_eq!(ruling.verdict, Verdict::Foul);
        (
            r.outcome(),
            r.view(Color::Black).information_state,
            r.view(Color::White).information_state,
        )
    };
    let (outcome, black, white) = play(0);
    assert_eq!(
        outcome,
        Some(Outcome::loss(
            Color::Black,
            EndReason::Custom(shogi_variants::FOUL_LIMIT)
        ))
    );
    assert_eq!((outcome, black, white), play(1));
}
