//! Saved games (versioned JSON): every game saves and resumes exactly, and a
//! bad document is refused with a message that says what and where.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shogi_core::Color;
use shogi_variants::{AnyGame, GameKind, GameState, Phase, SaveError, SavedGame};

/// One random step of any game; false once it is over.
fn step(game: &mut AnyGame, rng: &mut ChaCha8Rng) -> bool {
    match game {
        AnyGame::Board(g) => {
            let moves = g.legal_moves();
            if moves.is_empty() {
                return false;
            }
            // Now and then a game ends by resignation.
            if rng.random_range(0..200) == 0 {
                g.resign().unwrap();
                return false;
            }
            g.play(moves[rng.random_range(0..moves.len())]).unwrap();
            true
        }
        AnyGame::Card(g) => match g.phase() {
            Phase::Over => false,
            Phase::Draw => {
                // Half the draws by the seeded generator, half chosen.
                if rng.random_bool(0.5) {
                    g.draw().unwrap();
                } else {
                    let odds = g.chance_outcomes();
                    g.apply_draw(odds[rng.random_range(0..odds.len())].0)
                        .unwrap();
                }
                true
            }
            Phase::Move { .. } => {
                let moves = g.allowed_moves();
                g.play(moves[rng.random_range(0..moves.len())]).unwrap();
                true
            }
        },
        AnyGame::Tsuitate(r) => {
            if r.outcome().is_some() {
                return false;
            }
            let candidates = r.view(r.side_to_move()).candidate_moves();
            r.attempt(candidates[rng.random_range(0..candidates.len())])
                .unwrap();
            true
        }
        AnyGame::Family(g) => {
            let moves = g.legal_moves();
            if moves.is_empty() {
                return false;
            }
            if rng.random_range(0..200) == 0 {
                g.resign(g.side_to_move()).unwrap();
                return false;
            }
            g.play(moves[rng.random_range(0..moves.len())]).unwrap();
            true
        }
    }
}

/// Everything observable about a game, for comparing an original with its restoration.
fn state(game: &AnyGame) -> String {
    match game {
        AnyGame::Board(g) => format!(
            "{} {:?} {:?} {} {:?}",
            g.position().to_sfen(),
            g.moves(),
            g.outcome(),
            g.repetition_count(),
            g.legal_moves()
        ),
        AnyGame::Card(g) => format!(
            "{} {:?} {:?} {:?} {:?} {} {:?}",
            g.position().to_sfen(),
            g.turns(),
            g.phase(),
            g.outcome(),
            g.chance_outcomes(),
            g.generator_position(),
            g.allowed_moves()
        ),
        AnyGame::Tsuitate(r) => format!(
            "{} {:?} {:?} {:?} {:?} {:?}",
            r.true_position().to_sfen(),
            r.outcome(),
            r.view(Color::Black),
            r.view(Color::White),
            r.attempts(),
            r.side_to_move()
        ),
        AnyGame::Family(g) => format!(
            "{} {:?} {:?} {:?}",
            g.sfen(),
            g.moves(),
            g.outcome(),
            g.legal_moves()
        ),
    }
}

/// Minishogi without drops, first check wins: the script every test here
/// plays as the scripted kind (registered once: a registration made again
/// would be other hooks, and a saved game resumes with the current ones).
fn register_script() {
    #[derive(Debug)]
    struct NoDropsFirstCheck;
    impl shogi_variants::modifier::BaseFilter for NoDropsFirstCheck {
        fn filter(
            &self,
            _: &shogi_variants::AnyVariant,
            _: &shogi_core::Position,
            moves: &mut shogi_core::MoveList,
        ) {
            moves.retain(|m| !m.is_drop());
        }
    }
    impl shogi_variants::Hooks for NoDropsFirstCheck {
        fn move_filter(&self) -> Option<&dyn shogi_variants::modifier::BaseFilter> {
            Some(self)
        }
        fn extra_outcome(
            &self,
            _: &shogi_variants::AnyVariant,
            pos: &shogi_core::Position,
        ) -> Option<shogi_core::Outcome> {
            pos.is_check().then(|| {
                shogi_core::Outcome::loss(pos.side_to_move(), shogi_core::EndReason::Checkmate)
            })
        }
    }
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        shogi_variants::Scripted::register(
            "saved-no-drops",
            shogi_variants::AnyVariant::from_name("minishogi").unwrap(),
            std::sync::Arc::new(NoDropsFirstCheck),
        )
        .unwrap()
    });
}

fn new_game(name: &str, seed: u64) -> AnyGame {
    register_script();
    let overrides: &[(&str, &str)] = match name {
        "card" => &[("jokers", "true")],
        "must-capture" => &[("base", "minishogi")],
        "scripted" => &[("name", "saved-no-drops"), ("repetition", "Draw")],
        _ => &[],
    };
    AnyGame::new(name, overrides, seed).unwrap()
}

#[test]
fn every_game_saves_and_resumes_exactly() {
    let mut checked = 0;
    // Every kind, and two games of the shogi family (pieces of their own).
    let family = ["dobutsu", "kyotoshogi"];
    for name in GameKind::names().iter().chain(&family) {
        for seed in 0..12u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = new_game(name, seed);
            let stop = rng.random_range(0..120);
            let mut plies = 0;
            while plies < stop && step(&mut game, &mut rng) {
                plies += 1;
            }
            let json = SavedGame::of(&game).to_json();
            let mut restored = SavedGame::from_json(&json).unwrap().restore().unwrap();
            assert_eq!(
                state(&restored),
                state(&game),
                "{name} seed {seed} after {plies}"
            );
            // Saving the restored game writes the same document.
            assert_eq!(SavedGame::of(&restored).to_json(), json);
            // Both continue alike, seeded draws included.
            let mut rng_a = ChaCha8Rng::seed_from_u64(seed + 1000);
            let mut rng_b = rng_a.clone();
            for _ in 0..40 {
                let a = step(&mut game, &mut rng_a);
                let b = step(&mut restored, &mut rng_b);
                assert_eq!(a, b);
                assert_eq!(
                    state(&restored),
                    state(&game),
                    "{name} seed {seed} continued"
                );
                if !a {
                    break;
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 12 * (GameKind::names().len() + family.len()));
}

#[test]
fn the_document_says_what_it_is() {
    let game = AnyGame::new("card", &[], 5).unwrap();
    let json = SavedGame::of(&game).to_json();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["format"], "shogi-variants/game");
    assert_eq!(value["version"], 1);
    assert_eq!(value["game"], "card");
    assert_eq!(value["seed"], 5);
    assert_eq!(value["settings"]["copies_per_rank"], 8);
    assert!(value.get("moves").is_none() && value.get("attempts").is_none());
}

fn restore_error(json: &str) -> SaveError {
    match SavedGame::from_json(json) {
        Err(e) => e,
        Ok(saved) => saved.restore().expect_err("refused"),
    }
}

#[test]
fn bad_documents_are_refused_with_a_reason() {
    let standard = r#"{"format":"shogi-variants/game","version":1,"game":"standard","settings":{"move_limit":null,"impasse":"Off"},"start":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","moves":["7g7f","3c3d"]}"#;
    assert!(SavedGame::from_json(standard).unwrap().restore().is_ok());

    assert!(matches!(restore_error("not json"), SaveError::Json(_)));
    assert!(matches!(
        restore_error(&standard.replace("shogi-variants/game", "other")),
        SaveError::Format(f) if f == "other"
    ));
    assert_eq!(
        restore_error(&standard.replace(r#""version":1"#, r#""version":2"#)),
        SaveError::Version(2)
    );
    assert!(matches!(
        restore_error(&standard.replace(r#""game":"standard""#, r#""game":"chess""#)),
        SaveError::UnknownGame(_)
    ));
    assert!(matches!(
        restore_error(&standard.replace(r#""impasse":"Off""#, r#""impasse":"Sometimes""#)),
        SaveError::Settings(_)
    ));
    assert!(matches!(
        restore_error(&standard.replace("b - 1", "x - 1")),
        SaveError::Start(_)
    ));
    // The second move is illegal after the first: index 1 is named.
    let e = restore_error(&standard.replace("3c3d", "7f7e"));
    assert!(
        matches!(
            &e,
            SaveError::Replay {
                what: "move",
                index: 1,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("7f7e"));
    assert!(matches!(
        restore_error(&standard.replace(r#","moves":["7g7f","3c3d"]"#, "")),
        SaveError::Missing { field: "moves", .. }
    ));

    let card = SavedGame::of(&AnyGame::new("card", &[], 1).unwrap()).to_json();
    let bad_card = card.replace(r#""cards": []"#, r#""cards": ["Q"]"#);
    assert_ne!(bad_card, card);
    assert!(matches!(
        restore_error(&bad_card),
        SaveError::Replay {
            what: "card",
            index: 0,
            ..
        }
    ));
    let bad_position = card.replace(
        r#""generator_position": "0""#,
        r#""generator_position": "-3""#,
    );
    assert_ne!(bad_position, card);
    assert!(matches!(restore_error(&bad_position), SaveError::Json(_)));

    let tsuitate = SavedGame::of(&AnyGame::new("tsuitate", &[], 0).unwrap()).to_json();
    let bad = tsuitate.replace(r#""attempts": []"#, r#""attempts": ["7g7f", "7g7f"]"#);
    assert_ne!(bad, tsuitate);
    // White's own board has nothing on 7g: the second attempt is not a candidate.
    assert!(matches!(
        restore_error(&bad),
        SaveError::Replay {
            what: "attempt",
            index: 1,
            ..
        }
    ));
}

#[test]
fn resignation_and_declaration_are_kept() {
    let mut game = AnyGame::new("standard", &[], 0).unwrap();
    if let AnyGame::Board(g) = &mut game {
        g.play_usi("7g7f").unwrap();
        g.resign().unwrap();
    }
    let restored = SavedGame::from_json(&SavedGame::of(&game).to_json())
        .unwrap()
        .restore()
        .unwrap();
    assert_eq!(state(&restored), state(&game));
    assert!(SavedGame::of(&game)
        .to_json()
        .contains(r#""ended": "resign""#));
}

/// The `game` field is read through the table of names: its aliases and
/// any case restore the same game (the names it writes are the table's).
#[test]
fn the_game_name_is_read_through_the_table() {
    use shogi_variants::GameKind;
    let standard = r#"{"format":"shogi-variants/game","version":1,"game":"standard","settings":{"move_limit":null,"impasse":"Off"},"start":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","moves":["7g7f","3c3d"]}"#;
    let expected = SavedGame::from_json(standard).unwrap().restore().unwrap();
    for name in ["Standard", "shogi", "HON-SHOGI"] {
        let json = standard.replace(r#""game":"standard""#, &format!(r#""game":"{name}""#));
        let game = SavedGame::from_json(&json).unwrap().restore().unwrap();
        assert_eq!(game.kind(), GameKind::Standard, "{name}");
        assert_eq!(
            SavedGame::of(&game).to_json(),
            SavedGame::of(&expected).to_json(),
            "{name}"
        );
    }
    for kind in GameKind::ALL {
        let game = new_game(kind.name(), 3);
        assert_eq!(SavedGame::of(&game).game, kind.name());
    }
}

const STANDARD: &str = r#"{"format":"shogi-variants/game","version":1,"game":"standard","settings":{"move_limit":null,"impasse":"Off"},"start":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","moves":["7g7f","3c3d"]}"#;

#[test]
fn one_leading_byte_order_mark_is_skipped() {
    let with_bom = format!("\u{feff}{STANDARD}");
    let restored = SavedGame::from_json(&with_bom).unwrap().restore().unwrap();
    assert_eq!(
        SavedGame::of(&restored),
        SavedGame::from_json(STANDARD)
            .unwrap()
            .restore()
            .map(|g| SavedGame::of(&g))
            .unwrap()
    );
    // Only one: two marks are not JSON.
    assert!(matches!(
        SavedGame::from_json(&format!("\u{feff}{with_bom}")),
        Err(SaveError::Json(_))
    ));
}

#[test]
fn a_bad_version_says_what_is_wrong_with_it() {
    for (version, shown) in [
        ("1000000000000000000000000000000", "1e+30"),
        ("1.0", "1.0"),
        ("-1", "-1"),
        ("\"1\"", "\"1\""),
        ("18446744073709551615", "18446744073709551615"),
    ] {
        let doc = STANDARD.replace(r#""version":1"#, &format!(r#""version":{version}"#));
        let e = restore_error(&doc);
        assert_eq!(
            e.to_string(),
            format!("the saved game's version must be 1, not {shown}"),
            "{version}"
        );
    }
    let doc = STANDARD.replace(r#""version":1,"#, "");
    assert_eq!(
        restore_error(&doc).to_string(),
        "not a saved game: no 'version' field"
    );
}

/// Serde's own words, which a user of saved games must never see.
const SERDE_WORDS: [&str; 8] = [
    "expected u",
    "invalid type",
    "invalid value",
    "unknown variant",
    "unknown field",
    "missing field",
    "`",
    "at line",
];

#[test]
fn refusals_are_in_the_library_words_and_name_the_field() {
    let cases = [
        (
            STANDARD.replace(r#""impasse":"Off""#, r#""impasse":"bogus""#),
            "'bogus' is not one of",
        ),
        (
            STANDARD.replace(r#""move_limit":null"#, r#""move_limit":"300""#),
            "the string '300'",
        ),
        (
            STANDARD.replace(r#""move_limit":null"#, r#""move_limit":-1"#),
            "the number -1",
        ),
        (
            STANDARD.replace(r#""move_limit":null"#, r#""move_limit":0"#),
            "at least 1",
        ),
        (
            STANDARD.replace(r#""impasse":"Off""#, r#""colour":"red""#),
            "no setting 'colour'",
        ),
        (
            STANDARD.replace(r#""moves":["7g7f","3c3d"]"#, r#""moves":"7g7f""#),
            "'moves' must be a list of strings, not the string '7g7f'",
        ),
        (
            STANDARD.replace(r#""moves":["7g7f","3c3d"]"#, r#""moves":["7g7f",3]"#),
            "'moves' must be a list of strings: item 1 is the number 3",
        ),
        (
            STANDARD.replace(r#""game":"standard""#, r#""game":5"#),
            "'game' must be a string, not the number 5",
        ),
        (
            STANDARD.replace(r#"{"format""#, r#"{"seed":-4,"format""#),
            "'seed' must be a whole number",
        ),
        (
            STANDARD
                .replace("shogi-variants/game", "x")
                .replace(r#""format":"x""#, r#""format":[1]"#),
            "'format' must be the string",
        ),
        ("[1, 2]".to_owned(), "must be a JSON object, not a list"),
        (
            "{\"format\": ".to_owned(),
            "ends too early (line 1, column 11)",
        ),
        ("not json".to_owned(), "not valid JSON (line 1, column 2)"),
    ];
    for (doc, says) in cases {
        let message = restore_error(&doc).to_string();
        assert!(message.contains(says), "{message:?} should say {says:?}");
        for word in SERDE_WORDS {
            assert!(!message.contains(word), "{message:?} has serde's {word:?}");
        }
    }
}

#[test]
fn a_generator_position_past_the_generator_is_refused() {
    let mut game = AnyGame::new("card", &[], 1).unwrap();
    if let AnyGame::Card(card) = &mut game {
        card.draw().unwrap();
    }
    let json = SavedGame::of(&game).to_json();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let at = value["generator_position"].as_str().unwrap().to_owned();
    let with = |p: &str| {
        json.replace(
            &format!(r#""generator_position": "{at}""#),
            &format!(r#""generator_position": "{p}""#),
        )
    };
    // The last position the generator has is kept exactly.
    let last = ((1u128 << 68) - 1).to_string();
    match SavedGame::from_json(&with(&last))
        .unwrap()
        .restore()
        .unwrap()
    {
        AnyGame::Card(card) => assert_eq!(card.generator_position(), (1u128 << 68) - 1),
        _ => unreachable!(),
    }
    // One more used to wrap to 0 silently.
    for past in [
        (1u128 << 68).to_string(),
        u128::MAX.to_string(),
        "1".repeat(50),
    ] {
        let e = restore_error(&with(&past));
        assert!(matches!(e, SaveError::Json(_)), "{e}");
        assert!(e.to_string().contains("295147905179352825855"), "{e}");
    }
}
