//! Compositions: each modifier over a base with that base's own settings,
//! checked against the un-composed game where the two must agree (perft, or
//! the same random games replayed in both).

use shogi_core::rng::SplitMix;
use shogi_core::{EndReason, Game, MoveList, Variant};
use shogi_variants::{
    settings_with, AnyGame, AnyVariant, CardGame, CardSettings, GameState, Referee, ToMove,
    TsuitateSettings,
};

fn variant(name: &str, settings: &[(&str, &str)]) -> AnyVariant {
    AnyVariant::with_named_settings(name, settings).unwrap()
}

/// Plays `game` with random moves to its end or `plies`, calling `check`
/// before every decision.
fn random_game<G: GameState>(mut game: G, seed: u64, plies: usize, mut check: impl FnMut(&G)) -> G {
    let mut rng = SplitMix(seed);
    for _ in 0..plies {
        match game.to_move() {
            ToMove::Over(_) => break,
            ToMove::Chance => {
                game.chance_step().unwrap();
            }
            ToMove::Player(seat) => {
                check(&game);
                let choices = game.observation(seat).choices().clone();
                let mv = choices[rng.below(choices.len())];
                game.play(mv).unwrap();
            }
        }
    }
    game
}

#[test]
fn must_capture_minishogi_drawn_by_repetition_counts_as_must_capture_minishogi() {
    let plain = variant("must-capture", &[("base", "minishogi")]);
    let drawn = variant(
        "must-capture",
        &[("base", "minishogi"), ("repetition", "Draw")],
    );
    let (mut p, mut d) = (plain.start_position(), drawn.start_position());
    for depth in 1..=4 {
        assert_eq!(
            plain.perft(&mut p, depth, true),
            drawn.perft(&mut d, depth, true)
        );
    }
    // From the start the rook on 1e must take the pawn on 1b: one move.
    assert_eq!(drawn.perft(&mut d, 1, true), 1);
}

#[test]
fn must_capture_minishogi_with_repetition_draw_ends_a_repetition_in_a_draw() {
    // Kings only, with a gold each: the golds shuffle back and forth.
    let sfen = "4k/3g1/5/1G3/K4 b - 1";
    let cycle = ["4d4c", "2b2c", "4c4d", "2c2b"];
    let mut outcomes = Vec::new();
    for repetition in ["FirstPlayerLoses", "Draw"] {
        let v = variant(
            "must-capture",
            &[("base", "minishogi"), ("repetition", repetition)],
        );
        let mut game = Game::from_sfen(v, sfen).unwrap();
        'play: for _ in 0..4 {
            for mv in cycle {
                if game.outcome().is_some() {
                    break 'play;
                }
                game.play_usi(mv).unwrap();
            }
        }
        let o = game.outcome().expect("the fourth occurrence ends the game");
        assert_eq!(o.reason, EndReason::Repetition);
        outcomes.push(o.winner);
    }
    // The base's own rule decides: the first player loses, or a draw.
    assert_eq!(outcomes, [Some(shogi_core::Color::White), None]);
}

#[test]
fn card_shogi_with_only_jokers_plays_exactly_its_base() {
    // Every card a joker: the card allows every legal move, so Card shogi over
    // minishogi is minishogi, with a chance step before each move.
    let settings: CardSettings = settings_with(
        "card",
        &[
            ("base", "minishogi"),
            ("copies_per_rank", "0"),
            ("jokers", "true"),
            ("check_exempt", "false"),
        ],
    )
    .unwrap();
    for seed in 0..20 {
        let card = CardGame::new(settings.clone(), seed).unwrap();
        let end = random_game(card, seed, 400, |g| {
            let base = g.game();
            assert_eq!(GameState::legal_moves(g), Game::legal_moves(base));
        });
        // The same moves in plain minishogi end the same way.
        let mut plain = Game::new(variant("minishogi", &[]));
        for &mv in end.game().moves() {
            plain.play(mv).unwrap();
        }
        assert_eq!(GameState::outcome(&end), plain.outcome(), "seed {seed}");
    }
}

#[test]
fn card_shogi_with_the_capture_duty_and_only_jokers_is_must_capture() {
    let settings: CardSettings = settings_with(
        "card",
        &[
            ("base", "minishogi"),
            ("copies_per_rank", "0"),
            ("jokers", "true"),
            ("capture_duty", "true"),
        ],
    )
    .unwrap();
    let must = variant("must-capture", &[("base", "minishogi")]);
    let mut compared = 0;
    for seed in 0..20 {
        let card = CardGame::new(settings.clone(), seed).unwrap();
        random_game(card, seed, 300, |g| {
            let expected: MoveList = must.legal_moves(g.position());
            assert_eq!(
                GameState::legal_moves(g),
                expected,
                "{}",
                g.position().to_sfen()
            );
            compared += 1;
        });
    }
    assert!(compared > 500);
}

#[test]
fn the_capture_duty_in_card_shogi_binds_only_the_moves_the_card_allows() {
    // Black's rook on 1e can take the pawn on 1b (file 1); the other moves
    // of the start are on other files.
    let settings: CardSettings =
        settings_with("card", &[("base", "minishogi"), ("capture_duty", "true")]).unwrap();
    let mut game = CardGame::new(settings.clone(), 0).unwrap();
    game.apply_draw(shogi_variants::Card::Rank(1)).unwrap();
    let allowed: Vec<String> = game.allowed_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(
        allowed,
        ["1e1b"],
        "on the card's file the capture is a duty"
    );
    // A quiet move on file 1 is refused, saying why, and nothing changes.
    let err = game.play("1e1d".parse().unwrap()).unwrap_err();
    assert_eq!(
        err.illegality(),
        Some(shogi_core::Illegality::Variant(
            shogi_variants::MUST_CAPTURE
        )),
        "{err}"
    );
    assert!(err.to_string().contains("capturing is compulsory"), "{err}");
    assert_eq!(game.turns().len(), 1);
    // On file 2 no capture is allowed by the card: the duty does not bind.
    let mut game = CardGame::new(settings, 0).unwrap();
    game.apply_draw(shogi_variants::Card::Rank(2)).unwrap();
    let allowed: Vec<String> = game.allowed_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(allowed, ["3e2d"]);
    // By name and in JSON, the duty is a switch or its own settings.
    let s: CardSettings = settings_with(
        "card",
        &[("capture_duty", r#"{"king_captures_first":true}"#)],
    )
    .unwrap();
    assert!(s.capture_duty.unwrap().king_captures_first);
    let none: CardSettings = settings_with("card", &[("capture_duty", "false")]).unwrap();
    assert_eq!(none.capture_duty, None);
}

#[test]
fn tsuitate_over_minishogi_plays_the_moves_minishogi_allows() {
    // Every played attempt is a legal minishogi move, and the true game,
    // replayed in minishogi, ends the same way (fouls aside).
    for seed in 0..10 {
        let settings: TsuitateSettings =
            settings_with("tsuitate", &[("base", "minishogi"), ("move_limit", "200")]).unwrap();
        let referee = Referee::new(settings);
        let end = random_game(referee, seed, 600, |_| {});
        let mut plain = Game::new(variant("minishogi", &[("move_limit", "200")]));
        for a in end.attempts().iter().filter(|a| a.foul.is_none()) {
            plain.play(a.mv).unwrap();
        }
        assert_eq!(end.true_position(), plain.position());
        if let Some(o) = GameState::outcome(&end) {
            if o.reason != EndReason::Custom(shogi_variants::FOUL_LIMIT) {
                assert_eq!(Some(o), plain.outcome(), "seed {seed}");
            }
        }
    }
}

#[test]
fn tsuitate_with_the_capture_duty_is_refused_with_the_reason() {
    // A duty the player cannot see would make fouls of honest moves: refused.
    let err =
        settings_with::<TsuitateSettings>("tsuitate", &[("capture_duty", "true")]).unwrap_err();
    assert!(err.to_string().contains("capture_duty"), "{err}");
    assert!(
        err.to_string().contains("cannot see which captures exist"),
        "{err}"
    );
    let err = AnyGame::new("tsuitate", &[("base", "must-capture")], 0).unwrap_err();
    assert!(err.to_string().contains("standard, minishogi"), "{err}");
}
