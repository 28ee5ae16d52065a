//! The match runner: colours, time limits, forfeits, scoring and Elo.

use shogi_core::{Color, EndReason, Move, Outcome};
use shogi_players::{
    play_match, GameRecord, MatchResult, MatchSettings, Observation, OverTime, Player, RandomPlayer,
};
use shogi_variants::GameKind;
use std::time::Duration;

/// A player that thinks too long before moving at random.
struct Slow(RandomPlayer, Duration);

impl Player for Slow {
    fn name(&self) -> String {
        "slow".into()
    }
    fn choose(&mut self, observation: Observation<'_>) -> Option<Move> {
        std::thread::sleep(self.1);
        self.0.choose(observation)
    }
}

/// A player that always offers the same (soon illegal) move.
struct Stubborn;

impl Player for Stubborn {
    fn name(&self) -> String {
        "stubborn".into()
    }
    fn choose(&mut self, _: Observation<'_>) -> Option<Move> {
        Some("7g7f".parse().unwrap())
    }
}

#[test]
fn every_game_runs_with_colours_swapped() {
    /// Minishogi without drops: the scripted kind plays a registered script.
    #[derive(Debug)]
    struct NoDrops;
    impl shogi_variants::modifier::BaseFilter for NoDrops {
        fn filter(
            &self,
            _: &shogi_variants::AnyVariant,
            _: &shogi_core::Position,
            moves: &mut shogi_core::MoveList,
        ) {
            moves.retain(|m| !m.is_drop());
        }
    }
    impl shogi_variants::Hooks for NoDrops {
        fn move_filter(&self) -> Option<&dyn shogi_variants::modifier::BaseFilter> {
            Some(self)
        }
    }
    shogi_variants::Scripted::register(
        "players-no-drops",
        shogi_variants::AnyVariant::from_name("minishogi").unwrap(),
        std::sync::Arc::new(NoDrops),
    )
    .unwrap();
    for name in GameKind::names() {
        let scripted: &[(&str, &str)] = &[("name", "players-no-drops")];
        let game_settings = if name == "scripted" { scripted } else { &[] };
        let settings = MatchSettings {
            games: 6,
            max_plies: 200,
            seed: 3,
            ..MatchSettings::default()
        };
        let r = play_match(
            name,
            game_settings,
            &mut RandomPlayer::new(1),
            &mut RandomPlayer::new(2),
            &settings,
        )
        .unwrap();
        assert_eq!(r.games.len(), 6, "{name}");
        for (i, g) in r.games.iter().enumerate() {
            let expected = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            assert_eq!(g.a_color, expected, "{name} game {i}");
            assert!(g.plies <= 200);
        }
        let (w, d, l) = r.wins_draws_losses();
        assert_eq!(w + d + l, 6);
        assert!((r.score() - (f64::from(w) + 0.5 * f64::from(d)) / 6.0).abs() < 1e-12);
        assert_eq!(r.reasons().values().sum::<u32>(), 6);
        if name != "tsuitate" {
            assert_eq!(r.fouls_per_game(), [0.0, 0.0]);
        }
    }
    // Without swapping, A always has Black.
    let settings = MatchSettings {
        games: 3,
        swap_colors: false,
        max_plies: 20,
        ..MatchSettings::default()
    };
    let r = play_match(
        "minishogi",
        &[],
        &mut RandomPlayer::new(1),
        &mut RandomPlayer::new(2),
        &settings,
    )
    .unwrap();
    assert!(r.games.iter().all(|g| g.a_color == Color::Black));
}

#[test]
fn the_same_seeds_replay_the_same_match() {
    let settings = MatchSettings {
        games: 4,
        max_plies: 300,
        seed: 9,
        ..MatchSettings::default()
    };
    let run = || {
        play_match(
            "card",
            &[],
            &mut RandomPlayer::new(5),
            &mut RandomPlayer::new(6),
            &settings,
        )
        .unwrap()
    };
    assert_eq!(run(), run());
}

#[test]
fn over_the_time_limit_a_player_loses_or_the_cpu_moves() {
    let lose = MatchSettings {
        games: 2,
        move_time: Some(Duration::from_millis(5)),
        max_plies: 10,
        ..MatchSettings::default()
    };
    let r = play_match(
        "minishogi",
        &[],
        &mut Slow(RandomPlayer::new(1), Duration::from_millis(20)),
        &mut RandomPlayer::new(2),
        &lose,
    )
    .unwrap();
    for g in &r.games {
        assert_eq!(
            g.outcome,
            Outcome::loss(g.a_color, EndReason::Custom(shogi_players::TIMEOUT))
        );
    }
    assert_eq!(r.wins_draws_losses(), (0, 0, 2));

    let stand_in = MatchSettings {
        over_time: OverTime::CpuMoves,
        ..lose
    };
    let r = play_match(
        "minishogi",
        &[],
        &mut Slow(RandomPlayer::new(1), Duration::from_millis(20)),
        &mut RandomPlayer::new(2),
        &stand_in,
    )
    .unwrap();
    for g in &r.games {
        assert_ne!(g.outcome.reason, EndReason::Custom(shogi_players::TIMEOUT));
        assert!(g.stand_ins[0] >= 4, "{g:?}"); // every A move of the 10 plies
        assert_eq!(g.stand_ins[1], 0);
    }
}

#[test]
fn an_illegal_move_forfeits() {
    let settings = MatchSettings {
        games: 2,
        max_plies: 50,
        ..MatchSettings::default()
    };
    let r = play_match(
        "standard",
        &[],
        &mut Stubborn,
        &mut RandomPlayer::new(2),
        &settings,
    )
    .unwrap();
    // As Black, 7g7f is legal once and then not; as White it is never legal.
    for g in &r.games {
        assert_eq!(
            g.outcome,
            Outcome::loss(g.a_color, EndReason::Custom(shogi_players::ILLEGAL_MOVE)),
            "{g:?}"
        );
    }
}

fn record(a_wins: Option<bool>) -> GameRecord {
    GameRecord {
        a_color: Color::Black,
        outcome: match a_wins {
            Some(true) => Outcome::win(Color::Black, EndReason::Checkmate),
            Some(false) => Outcome::win(Color::White, EndReason::Checkmate),
            None => Outcome::draw(EndReason::Repetition),
        },
        plies: 10,
        fouls: [0, 0],
        stand_ins: [0, 0],
        truncated: false,
    }
}

#[test]
fn score_and_elo() {
    let result = |games: Vec<GameRecord>| MatchResult {
        a: "a".into(),
        b: "b".into(),
        games,
    };
    // 75% is +191 Elo.
    let r = result([vec![record(Some(true)); 3], vec![record(Some(false))]].concat());
    assert!((r.score() - 0.75).abs() < 1e-12);
    assert!((r.elo().0 - 190.85).abs() < 0.1, "{:?}", r.elo());
    // Draws are half a point.
    let r = result(vec![record(None), record(None)]);
    assert_eq!(r.score(), 0.5);
    assert_eq!(r.wins_draws_losses(), (0, 2, 0));
    // A clean sweep stays finite, and more games narrow the error bar.
    let few = result(vec![record(Some(true)); 10]).elo();
    let many =
        result([vec![record(Some(true)); 150], vec![record(Some(false)); 50]].concat()).elo();
    assert!(few.0.is_finite() && few.0 > 300.0);
    assert!(
        few.1 > 0.0 && few.1.is_finite(),
        "a sweep still has an error bar: {few:?}"
    );
    assert!(many.1 < 60.0 && many.1 > 30.0, "{many:?}");
    assert!(result(vec![record(Some(true)); 4])
        .summary()
        .contains("+4 =0 -0"));
}

#[test]
fn a_single_won_game_counts_as_a_win_in_the_elo() {
    let one = MatchResult {
        a: "a".into(),
        b: "b".into(),
        games: vec![record(Some(true))],
    };
    let (elo, margin) = one.elo();
    assert!(elo > 100.0 && margin > 100.0, "{elo} ± {margin}");
    assert_eq!(
        one.summary(),
        "a vs b: +1 =0 -0, score 1.000, Elo +191 ± 191"
    );
    let lost = MatchResult {
        games: vec![record(Some(false))],
        ..one.clone()
    };
    assert!(
        lost.summary().ends_with("Elo -191 ± 191"),
        "{}",
        lost.summary()
    );
    let even = MatchResult {
        games: vec![record(Some(true)), record(Some(false))],
        ..one
    };
    assert!(even.summary().contains("Elo +0 ±"), "{}", even.summary());
}

#[test]
fn the_match_ply_cap_is_not_the_rules_move_limit() {
    // A cap of 4 plies stops every game; the rules' own move limit (here 2
    // plies) ends every game first when it is set.
    let capped = MatchSettings {
        games: 2,
        max_plies: 4,
        ..MatchSettings::default()
    };
    let random_match = |overrides: &[(&str, &str)]| {
        play_match(
            "minishogi",
            overrides,
            &mut RandomPlayer::new(1),
            &mut RandomPlayer::new(2),
            &capped,
        )
        .unwrap()
    };
    let r = random_match(&[]);
    assert!(r.games.iter().all(|g| g.truncated));
    assert_eq!(
        r.reasons().into_iter().collect::<Vec<_>>(),
        [("max_plies".to_string(), 2)]
    );
    let r = random_match(&[("move_limit", "2")]);
    assert!(r.games.iter().all(|g| !g.truncated));
    assert_eq!(
        r.reasons().into_iter().collect::<Vec<_>>(),
        [("move_limit".to_string(), 2)]
    );
}

/// A stopped match returns at once, and a search seated in it is stopped
/// through its stop check (a depth-60 search would never end by itself).
#[test]
fn a_match_stops_when_asked_and_so_does_a_seated_search() {
    use shogi_players::{play_match_until, Budget, SearchPlayer};
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;
    let settings = MatchSettings {
        games: u32::MAX,
        max_plies: 50,
        ..MatchSettings::default()
    };
    let asked = Arc::new(AtomicU32::new(0));
    let mut deep = SearchPlayer::new(Budget::Depth(60));
    let counter = Arc::clone(&asked);
    deep.set_stop_check(Some(Arc::new(move || {
        counter.fetch_add(1, Ordering::Relaxed) >= 3
    })));
    let mut moves = 0;
    let r = play_match_until(
        "minishogi",
        &[],
        &mut deep,
        &mut RandomPlayer::new(2),
        &settings,
        &mut || {
            moves += 1;
            moves > 4
        },
    )
    .unwrap();
    assert_eq!(r, None);
    assert_eq!(moves, 5);
    assert!(asked.load(Ordering::Relaxed) >= 4);
}

/// Without a stop, `play_match_until` is `play_match`.
#[test]
fn an_unstopped_match_is_the_plain_match() {
    use shogi_players::play_match_until;
    let settings = MatchSettings {
        games: 6,
        max_plies: 80,
        seed: 4,
        ..MatchSettings::default()
    };
    let plain = play_match(
        "card",
        &[],
        &mut RandomPlayer::new(1),
        &mut RandomPlayer::new(2),
        &settings,
    )
    .unwrap();
    let until = play_match_until(
        "card",
        &[],
        &mut RandomPlayer::new(1),
        &mut RandomPlayer::new(2),
        &settings,
        &mut || false,
    )
    .unwrap();
    assert_eq!(until, Some(plain));
}
