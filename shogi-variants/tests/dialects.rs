//! Every game kind and every shipped definition, in every notation dialect
//! (lishogi's, Fairy-Stockfish's, ours): along seeded random games the
//! position written in a dialect reads back to the same position, and every
//! legal move's text to the same move. The programs themselves (pyffish,
//! shogiops) are compared in `bindings-python/tests/test_dialects.py`.

use shogi_core::rng::SplitMix;
use shogi_variants::{
    AnyGame, AnyVariant, Definition, Dialect, DialectError, FamilyDefinition, FamilyGame, GameKind,
    GameState,
};

/// Our SFEN of `text` (a position of `game` in our dialect), read by the
/// game's own reader.
fn read(game: &AnyGame, text: &str) -> String {
    match game {
        AnyGame::Family(g) => g.from_sfen(text).expect("reads back").sfen(),
        AnyGame::Board(g) => shogi_core::Game::from_sfen(g.variant().clone(), text)
            .expect("reads back")
            .position()
            .to_sfen(),
        // Card and Tsuitate positions are standard shogi's boards.
        _ => shogi_core::Game::from_sfen(
            AnyVariant::with_named_settings("standard", &[]).unwrap(),
            text,
        )
        .expect("reads back")
        .position()
        .to_sfen(),
    }
}

fn every_name() -> Vec<&'static str> {
    let mut names: Vec<&str> = GameKind::names().to_vec();
    names.retain(|n| *n != "defined" && *n != "scripted");
    names.extend(Definition::BUILTIN_NAMES);
    names.extend(FamilyGame::builtin_names());
    names
}

#[test]
fn every_game_reads_back_in_every_dialect() {
    let mut positions = 0;
    for name in every_name() {
        for seed in 0..3u64 {
            let mut game = AnyGame::new(name, &[], seed).expect(name);
            let mut rng = SplitMix(seed);
            for _ in 0..40 {
                if game.is_chance_node() {
                    game.chance_step().expect("chance");
                    continue;
                }
                let sfen = game.sfen();
                for dialect in Dialect::ALL {
                    let text = game.sfen_in(dialect);
                    let ours = game.sfen_from(&text, dialect).expect("dialect text reads");
                    assert_eq!(read(&game, &ours), sfen, "{name} {dialect} {text}");
                }
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                if !matches!(game, AnyGame::Tsuitate(_)) {
                    for &mv in moves.iter() {
                        for dialect in Dialect::ALL {
                            let text = game.usi_in(mv, dialect);
                            let ours = game.usi_from(&text, dialect).expect("move text reads");
                            assert_eq!(
                                ours,
                                game.usi_in(mv, Dialect::Usi),
                                "{name} {dialect} {text}"
                            );
                        }
                    }
                }
                let mv = moves[rng.below(moves.len())];
                game.play(mv).expect("a legal move");
                positions += 1;
            }
        }
    }
    assert!(positions > 1000, "{positions}");
}

#[test]
fn variant_names_come_from_the_definitions() {
    let name = |game: &str, d| AnyGame::new(game, &[], 0).unwrap().variant_name_in(d);
    assert_eq!(
        name("standard", Dialect::FairyStockfish).as_deref(),
        Some("shogi")
    );
    assert_eq!(
        name("standard", Dialect::Lishogi).as_deref(),
        Some("standard")
    );
    assert_eq!(
        name("microshogi", Dialect::FairyStockfish).as_deref(),
        Some("micro")
    );
    assert_eq!(
        name("checkshogi", Dialect::Lishogi).as_deref(),
        Some("checkshogi")
    );
    assert_eq!(name("annanshogi", Dialect::FairyStockfish), None);
    assert_eq!(name("tsuitate", Dialect::Lishogi), None);
    assert_eq!(name("kyotoshogi", Dialect::Usi), None);
}

#[test]
fn bad_dialect_text_is_refused_with_its_reason() {
    let game = AnyGame::new("kyotoshogi", &[], 0).unwrap();
    let fsf = Dialect::FairyStockfish;
    for (text, reason) in [
        ("", "empty"),
        ("5/5/5/5/5[PP w - - 0 1", "closing"),
        ("5/5/5/5/5[2P] w - - 0 1", "repeated"),
        ("5/5/5/5/5[] x - - 0 1", "side"),
        ("5/5/5/5/5[] w - - 1+x 0 1", "checks"),
        ("5/5/5/5/5[] w - - a 1", "numbers"),
        ("5/5/5/5/5[] w 0 1 2", "more than two"),
        ("5/5/5/5/5[] w - - 0 0", "at least 1"),
    ] {
        match game.sfen_from(text, fsf) {
            Err(e @ DialectError::Position { .. }) => {
                assert!(e.to_string().contains(reason), "{text}: {e}")
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    assert!(Dialect::from_name("kif")
        .unwrap_err()
        .to_string()
        .contains("'kif'"));
    // the game's reader then judges the board
    let ours = game.sfen_from("5/5/5/5/5[] w - - 0 1", fsf).unwrap();
    assert!(FamilyGame::builtin("kyotoshogi")
        .unwrap()
        .from_sfen(&ours)
        .is_ok());
}

#[test]
fn definitions_check_their_lishogi_letters() {
    let base = r#"
name = "tiny"
files = 3
ranks = 3
promotion_ranks = 1
start = "k2/3/2K b - 1"
[[piece]]
name = "king"
letter = "K"
betza = "K"
royal = true
[[piece]]
name = "wazir"
letter = "W"
betza = "W"
"#;
    let with = |extra: &str| {
        FamilyDefinition::from_toml(
            &base.replace("betza = \"W\"", &format!("betza = \"W\"\n{extra}")),
        )
    };
    let ok = with("lishogi_letter = \"G\"").expect("a letter of its own");
    assert_eq!(ok.lishogi_letters.board, [("W".to_owned(), "G".to_owned())]);
    for bad in [
        "lishogi_letter = \"g\"",
        "lishogi_letter = \"GG\"",
        "lishogi_hand_letter = \"+\"",
        "lishogi_letter = \"K\"",
    ] {
        let err = with(bad).expect_err(bad).to_string();
        assert!(err.contains("lishogi"), "{bad}: {err}");
    }
}
