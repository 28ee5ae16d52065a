//! Family games through the contract: the ends the game adds to the move
//! generator's (royal capture, try, repetition with the definition's count,
//! the stalemate rule, resignation), saved games, and refusals that change
//! nothing.

use shogi_core::{Color, EndReason};
use shogi_variants::{
    AnyGame, FamilyGame, FamilySettings, GameKind, GameState, PlayError, SavedGame, StalemateRule,
    ROYAL_CAPTURED, TRY,
};

fn play(game: &mut FamilyGame, moves: &[&str]) {
    for usi in moves {
        game.play_usi(usi)
            .unwrap_or_else(|e| panic!("{usi} in {}: {e}", game.sfen()));
    }
}

/// Tanaka's 78-ply perfect line (tests/data/dobutsu_perfect_line.txt):
/// every move legal, no end before the last ply, and the last captures
/// Black's lion: the second player wins.
#[test]
fn dobutsu_perfect_line_ends_with_the_lion_captured() {
    let text = include_str!("data/dobutsu_perfect_line.txt");
    let moves: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').nth(3))
        .collect();
    assert_eq!(moves.len(), 78);
    let mut game = FamilyGame::builtin("dobutsu").unwrap();
    for (i, usi) in moves.iter().enumerate() {
        assert_eq!(game.outcome(), None, "ended before ply {}", i + 1);
        game.play_usi(usi)
            .unwrap_or_else(|e| panic!("ply {} {usi}: {e}", i + 1));
    }
    let end = game.outcome().expect("the line ends the game");
    assert_eq!(end.winner, Some(Color::White));
    assert_eq!(end.reason, EndReason::Custom(ROYAL_CAPTURED));
    assert!(game.legal_moves().is_empty());
    assert!(matches!(
        game.play_usi("1a1b"),
        Err(PlayError::GameOver(_)) | Err(PlayError::BadAction(_))
    ));
}

#[test]
fn dobutsu_try_wins_when_the_lion_arrives_unattacked() {
    // Black's lion on 2b steps to the far rank; nothing of White's can reach 3a.
    let game = FamilyGame::builtin("dobutsu").unwrap();
    let mut game = game.from_sfen("2l/L2/3/3 b - 1").unwrap();
    // 3b3a: the White lion on 1a does not attack 3a.
    play(&mut game, &["3b3a"]);
    let end = game.outcome().expect("a try");
    assert_eq!(
        (end.winner, end.reason),
        (Some(Color::Black), EndReason::Custom(TRY))
    );
    // Arriving attacked is no try (yet): 2a is next to White's lion on 1b.
    let mut attacked = FamilyGame::builtin("dobutsu")
        .unwrap()
        .from_sfen("3/L1l/3/3 b - 1")
        .unwrap();
    play(&mut attacked, &["3b2a"]);
    assert_eq!(attacked.outcome(), None);
    // White takes the lion: a royal capture.
    play(&mut attacked, &["1b2a"]);
    let end = attacked.outcome().unwrap();
    assert_eq!(
        (end.winner, end.reason),
        (Some(Color::White), EndReason::Custom(ROYAL_CAPTURED))
    );
}

#[test]
fn yari_repetition_is_counted_three_times() {
    // Yari shogi (Fairy-Stockfish's nFoldRule 3): the third occurrence ends
    // the game in a draw; with a count of four it would go on.
    let mut game = FamilyGame::builtin("yarishogi").unwrap();
    let start = game.sfen();
    let shuffle = ["4i4h", "4a4b", "4h4i", "4b4a"];
    for round in 1..=2 {
        for (i, usi) in shuffle.iter().enumerate() {
            assert_eq!(game.outcome(), None, "round {round}, move {i}");
            play(&mut game, &[usi]);
        }
    }
    assert_eq!(game.sfen().split(' ').next(), start.split(' ').next());
    let end = game.outcome().expect("the third occurrence of the start");
    assert_eq!((end.winner, end.reason), (None, EndReason::Repetition));
    // Taking a move back reopens the game.
    game.undo().unwrap();
    assert_eq!(game.outcome(), None);
}

#[test]
fn the_stalemate_rule_is_a_house_rule() {
    // White's king on 1a, boxed in by Black's golds on 3b and 2c; White to
    // move has no move and is not in check.
    let sfen = "7k/5G2/6G1/8/8/8/8/K7 w - 2";
    for (rule, winner) in [
        (StalemateRule::Loss, Some(Color::Black)),
        (StalemateRule::Draw, None),
        (StalemateRule::Win, Some(Color::White)),
    ] {
        let settings = FamilySettings {
            stalemate: Some(rule),
            ..FamilySettings::of("euroshogi")
        };
        let game = FamilyGame::with_settings(settings).unwrap();
        let game = game.from_sfen(sfen).unwrap();
        assert!(!game.position().is_check(), "{sfen} is no check");
        let end = game.outcome().expect("no move");
        assert_eq!(
            (end.winner, end.reason),
            (winner, EndReason::NoLegalMove),
            "{rule:?}"
        );
    }
}

#[test]
fn a_refused_move_changes_nothing() {
    let mut game = FamilyGame::builtin("torishogi").unwrap();
    let before = (game.sfen(), game.history());
    for bad in ["4g4a", "S*4d", "9a9b", "zz", "4e4d+"] {
        assert!(game.play_usi(bad).is_err(), "{bad}");
        assert_eq!((game.sfen(), game.history()), before, "{bad}");
    }
}

#[test]
fn family_games_are_any_games_by_name() {
    for name in FamilyGame::builtin_names() {
        let game = AnyGame::new(name, &[], 0).unwrap();
        assert_eq!(game.kind(), GameKind::Defined, "{name}");
        assert_eq!(game.name(), *name);
        assert!(matches!(game, AnyGame::Family(_)));
        let defaults = AnyGame::default_settings(name).unwrap();
        assert_eq!(defaults["definition"], serde_json::json!(name));
    }
    let by_kind = AnyGame::new("defined", &[("definition", "animal")], 0).unwrap();
    assert_eq!(by_kind.name(), "dobutsu");
    let limited = AnyGame::new("dobutsu", &[("move_limit", "30")], 0).unwrap();
    assert_eq!(limited.max_length(), Some(30));
    let e = AnyGame::new("dobutsu", &[("colour", "red")], 0).unwrap_err();
    assert!(e.to_string().contains("colour"), "{e}");
    let e = AnyGame::new("dobutsu", &[("move_limit", "0")], 0).unwrap_err();
    assert!(e.to_string().contains("move_limit"), "{e}");
}

#[test]
fn saved_family_games_come_back() {
    let mut game = AnyGame::new("kyotoshogi", &[("move_limit", "40")], 0).unwrap();
    let mut rng = 7u64;
    for _ in 0..25 {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        game.play(moves[(rng >> 33) as usize % moves.len()])
            .unwrap();
    }
    let json = SavedGame::of(&game).to_json();
    let back = SavedGame::from_json(&json).unwrap().restore().unwrap();
    assert_eq!(back.history(), game.history());
    assert_eq!(back.outcome(), game.outcome());
    let AnyGame::Family(back) = back else {
        panic!("a family game comes back as one")
    };
    let AnyGame::Family(orig) = &game else {
        unreachable!()
    };
    assert_eq!(back.sfen(), orig.sfen());
    // A resignation is saved and final.
    let mut resigned = AnyGame::new("dobutsu", &[], 0).unwrap();
    resigned.resign(Color::Black).unwrap();
    let back = SavedGame::from_json(&SavedGame::of(&resigned).to_json())
        .unwrap()
        .restore()
        .unwrap();
    assert_eq!(
        back.outcome().map(|o| o.reason),
        Some(EndReason::Resignation)
    );
}
