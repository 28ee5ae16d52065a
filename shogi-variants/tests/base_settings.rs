//! A game played over a base keeps every setting of that base (RULES.md 3
//! and 5: "a modifier keeps its base's end rules"), reached by name as the
//! Python keywords and saved games reach them; limits of 0 are refused.

use shogi_core::{Color, EndReason, Game, Outcome, Variant};
use shogi_variants::{
    settings_with, AnyGame, AnyVariant, Base, CardGame, CardSettings, MinishogiRepetition,
    MinishogiSettings, MustCaptureSettings, Referee, SavedGame, TsuitateSettings, VariantError,
};

/// Kings only: they shuffle back and forth, the start recurs every 4 plies,
/// and nothing can ever be captured, so must-capture plays as its base.
const KINGS: &str = "4k/5/5/5/K4 b - 1";
const SHUFFLE: [&str; 4] = ["5e5d", "1a1b", "5d5e", "1b1a"];

fn play_to_fourfold<V: Variant>(game: &mut Game<V>) -> Option<Outcome> {
    for usi in SHUFFLE.iter().cycle().take(12) {
        assert_eq!(game.outcome(), None);
        game.play_usi(usi).unwrap();
    }
    game.outcome()
}

#[test]
fn must_capture_over_minishogi_takes_the_repetition_setting() {
    let named = [("base", "minishogi"), ("repetition", "Draw")];
    let v = AnyVariant::with_named_settings("must-capture", &named).unwrap();
    let mut game = Game::from_sfen(v, KINGS).unwrap();
    assert_eq!(
        play_to_fourfold(&mut game),
        Some(Outcome::draw(EndReason::Repetition))
    );

    // The un-composed base agrees, and the base's default rule still holds.
    let plain = AnyVariant::with_named_settings("minishogi", &[("repetition", "Draw")]).unwrap();
    let mut game = Game::from_sfen(plain, KINGS).unwrap();
    assert_eq!(
        play_to_fourfold(&mut game),
        Some(Outcome::draw(EndReason::Repetition))
    );
    let default =
        AnyVariant::with_named_settings("must-capture", &[("base", "minishogi")]).unwrap();
    let mut game = Game::from_sfen(default, KINGS).unwrap();
    assert_eq!(
        play_to_fourfold(&mut game),
        Some(Outcome::loss(Color::Black, EndReason::Repetition))
    );
}

/// Black's king on 5e is boxed in by White's rooks without being in check.
const STALEMATE: &str = "4k/1r3/5/2r2/K4 b - 1";

#[test]
fn must_capture_over_minishogi_takes_the_stalemate_setting() {
    let named = [("base", "minishogi"), ("stalemate", "Draw")];
    let v = AnyVariant::with_named_settings("must-capture", &named).unwrap();
    let game = Game::from_sfen(v, STALEMATE).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::draw(EndReason::NoLegalMove)));
}

#[test]
fn tsuitate_over_minishogi_takes_the_stalemate_setting() {
    let s: TsuitateSettings =
        settings_with("tsuitate", &[("base", "minishogi"), ("stalemate", "Draw")]).unwrap();
    let referee = Referee::from_sfen(s, STALEMATE).unwrap();
    assert_eq!(
        referee.outcome(),
        Some(Outcome::draw(EndReason::NoLegalMove))
    );
    let s: TsuitateSettings = settings_with("tsuitate", &[("base", "minishogi")]).unwrap();
    let referee = Referee::from_sfen(s, STALEMATE).unwrap();
    assert_eq!(
        referee.outcome(),
        Some(Outcome::loss(Color::Black, EndReason::NoLegalMove))
    );
}

#[test]
fn card_shogi_over_minishogi_takes_the_repetition_setting_and_saves_it() {
    let s: CardSettings =
        settings_with("card", &[("base", "minishogi"), ("repetition", "Draw")]).unwrap();
    let expected = Base::Minishogi(MinishogiSettings {
        repetition: MinishogiRepetition::Draw,
        ..MinishogiSettings::DEFAULT
    });
    assert_eq!(s.base, expected);
    let mut cards = CardGame::new(s.clone(), 7).unwrap();
    assert_eq!(cards.game().variant(), &expected.variant());
    // Play a few turns, save, restore: the base's setting comes back.
    for _ in 0..3 {
        cards.draw().unwrap();
        match cards.allowed_moves().first() {
            Some(&mv) => cards.play(mv).unwrap(),
            None => break,
        }
    }
    let json = SavedGame::of(&AnyGame::Card(Box::new(cards))).to_json();
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["settings"]["base"]["repetition"], "Draw", "{json}");
    let AnyGame::Card(back) = SavedGame::from_json(&json).unwrap().restore().unwrap() else {
        panic!("a card game comes back as a card game")
    };
    assert_eq!(back.settings(), &s);
}

#[test]
fn standard_base_settings_reach_must_capture() {
    let s: MustCaptureSettings = settings_with("must-capture", &[("impasse", "Points27")]).unwrap();
    let v = AnyVariant::MustCapture(shogi_variants::MustCapture::with_settings(s));
    // The declaration rule of the base is in force: an opening declaration fails, and loses.
    let mut game = Game::new(v);
    let o = game.declare().unwrap();
    assert_eq!(
        o,
        Outcome::loss(Color::Black, EndReason::ImpasseDeclaration)
    );
}

#[test]
fn a_setting_of_the_other_base_is_refused_by_name() {
    // Minishogi has no impasse rule; standard shogi has no repetition setting.
    let e = AnyVariant::with_named_settings(
        "must-capture",
        &[("base", "minishogi"), ("impasse", "Points27")],
    )
    .unwrap_err();
    let VariantError::UnknownSetting { key, known, .. } = &e else {
        panic!("{e}")
    };
    assert_eq!(key, "impasse");
    assert!(
        known.contains("repetition") && known.contains("may_flee_from_check"),
        "{e}"
    );
    assert!(settings_with::<CardSettings>("card", &[("stalemate", "Draw")]).is_err());
    assert!(settings_with::<TsuitateSettings>("tsuitate", &[("colour", "red")]).is_err());
}

#[test]
fn the_games_move_limit_comes_before_the_bases() {
    let base = Base::Standard(shogi_variants::StandardSettings {
        move_limit: Some(9),
        ..Default::default()
    });
    let s = MustCaptureSettings {
        base,
        ..Default::default()
    };
    assert_eq!(
        shogi_variants::MustCapture::with_settings(s.clone()).move_limit(),
        Some(9)
    );
    let s = MustCaptureSettings {
        move_limit: Some(4),
        ..s
    };
    assert_eq!(
        shogi_variants::MustCapture::with_settings(s).move_limit(),
        Some(4)
    );
}

#[test]
fn limits_of_zero_are_refused_wherever_settings_are_read() {
    for (game, key) in [
        ("standard", "move_limit"),
        ("minishogi", "move_limit"),
        ("must-capture", "move_limit"),
    ] {
        let e = AnyVariant::with_named_settings(game, &[(key, "0")]).unwrap_err();
        assert!(e.to_string().contains("at least 1"), "{game}: {e}");
        assert!(AnyVariant::with_named_settings(game, &[(key, "1")]).is_ok());
    }
    assert!(settings_with::<CardSettings>("card", &[("move_limit", "0")]).is_err());
    assert!(settings_with::<TsuitateSettings>("tsuitate", &[("move_limit", "0")]).is_err());
    assert!(settings_with::<TsuitateSettings>("tsuitate", &[("foul_limit", "0")]).is_err());
    assert!(settings_with::<TsuitateSettings>("tsuitate", &[("foul_limit", "1")]).is_ok());
    assert!(serde_json::from_str::<TsuitateSettings>(r#"{"foul_limit": 0}"#).is_err());
    assert!(serde_json::from_str::<MinishogiSettings>(r#"{"move_limit": 0}"#).is_err());
    assert!(serde_json::from_str::<MinishogiSettings>(r#"{"move_limit": null}"#).is_ok());
    // A base read by name with a zero limit is refused too.
    assert!(settings_with::<CardSettings>(
        "card",
        &[("base", r#"{"variant":"minishogi","move_limit":0}"#)]
    )
    .is_err());
}

#[test]
fn a_zero_move_limit_built_in_rust_draws_at_the_start_in_every_game() {
    // Zero moves have been played: the limit is reached before any move.
    let v = AnyVariant::Minishogi(shogi_variants::Minishogi::with_settings(
        MinishogiSettings {
            move_limit: Some(0),
            ..Default::default()
        },
    ));
    assert_eq!(
        Game::new(v).outcome(),
        Some(Outcome::draw(EndReason::MoveLimit))
    );
    let s = TsuitateSettings {
        move_limit: Some(0),
        base: Base::MINISHOGI,
        ..Default::default()
    };
    assert_eq!(
        Referee::new(s).outcome(),
        Some(Outcome::draw(EndReason::MoveLimit))
    );
}

#[test]
fn a_base_given_with_settings_keeps_them_under_more_base_keys() {
    let s: MustCaptureSettings = settings_with(
        "must-capture",
        &[
            ("base", r#"{"variant": "minishogi", "stalemate": "Draw"}"#),
            ("repetition", "Draw"),
        ],
    )
    .unwrap();
    let Base::Minishogi(m) = s.base else {
        panic!("{s:?}")
    };
    assert_eq!(m.repetition, MinishogiRepetition::Draw);
    assert_eq!(m.stalemate, shogi_variants::Stalemate::Draw);
}
