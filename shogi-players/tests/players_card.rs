//! The Card shogi expectimax player: legal, deterministic, and stronger than random.

use shogi_players::{
    play_match, CardExpectimaxPlayer, MatchSettings, Observation, Player, RandomPlayer,
};
use shogi_variants::{CardGame, CardSettings, Phase};

#[test]
fn chooses_an_allowed_move_and_is_deterministic() {
    for seed in 0..20 {
        let mut game = CardGame::new(CardSettings::default(), seed).unwrap();
        let mut random = RandomPlayer::new(seed);
        for _ in 0..30 {
            match game.phase() {
                Phase::Over => break,
                Phase::Draw => {
                    game.draw().unwrap();
                }
                Phase::Move { .. } => {
                    let a = CardExpectimaxPlayer::new().choose(Observation::card(&game));
                    let b = CardExpectimaxPlayer::new().choose(Observation::card(&game));
                    assert_eq!(a, b);
                    let mv = a.unwrap();
                    assert!(game.allowed_moves().contains(&mv));
                    // Alternate with random moves to reach varied positions.
                    let mv = random.choose(Observation::card(&game)).unwrap_or(mv);
                    game.play(mv).unwrap();
                }
            }
        }
    }
}

#[test]
fn takes_a_free_piece_its_card_allows() {
    // Black's card 2 allows 2h2c+?: no, only the rook on file 2 can take the
    // undefended bishop on 2c.
    let mut game = CardGame::from_sfen(
        CardSettings::default(),
        0,
        "4k4/9/7b1/9/9/9/9/7R1/4K4 b - 1",
    )
    .unwrap();
    game.apply_draw(shogi_variants::Card::Rank(2)).unwrap();
    let mv = CardExpectimaxPlayer::new()
        .choose(Observation::card(&game))
        .unwrap();
    assert_eq!(mv.to().to_string(), "2c", "{mv}");
}

#[test]
fn beats_random_in_a_short_match() {
    let settings = MatchSettings {
        games: 20,
        max_plies: 400,
        seed: 1,
        ..MatchSettings::default()
    };
    let r = play_match(
        "card",
        &[],
        &mut CardExpectimaxPlayer::new(),
        &mut RandomPlayer::new(4),
        &settings,
    )
    .unwrap();
    assert!(r.score() >= 0.8, "{}", r.summary());
}

/// 200 games for the closing note: `cargo test --release -p shogi-variants --test players_card -- --ignored --nocapture`.
#[test]
#[ignore]
fn strength_table() {
    for (name, overrides) in [("card", vec![]), ("card", vec![("base", "minishogi")])] {
        let settings = MatchSettings {
            games: 200,
            max_plies: 600,
            seed: 11,
            ..MatchSettings::default()
        };
        let t = std::time::Instant::now();
        let r = play_match(
            name,
            &overrides,
            &mut CardExpectimaxPlayer::new(),
            &mut RandomPlayer::new(5),
            &settings,
        )
        .unwrap();
        println!(
            "{name} {overrides:?}: {} ; reasons {:?} ; {:.1} s",
            r.summary(),
            r.reasons(),
            t.elapsed().as_secs_f64()
        );
    }
}
