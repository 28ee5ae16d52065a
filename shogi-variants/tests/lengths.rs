//! Every game's length bounds (`GameState::max_length`,
//! `max_chance_steps`) hold: games played to their end, at random and by a
//! player who stalls as long as the rules let it, never exceed them.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shogi_variants::{Action, AnyGame, GameState, ToMove, Verdict};

/// How a seat picks its move.
#[derive(Clone, Copy, Debug)]
enum Style {
    /// Uniformly among the legal moves.
    Random,
    /// A move that is a foul if there is one and the foul does not lose,
    /// else a random one: the longest Tsuitate games.
    Stall,
}

/// Plays `game` to its end; returns (player actions, chance steps).
fn play_out(game: &mut AnyGame, style: Style, rng: &mut ChaCha8Rng) -> (u32, u32) {
    loop {
        match game.to_move() {
            ToMove::Over(_) => break,
            ToMove::Chance => {
                game.sample_chance(rng).unwrap();
            }
            ToMove::Player(_) => {
                let moves = game.legal_moves();
                let mut chosen = moves[rng.random_range(0..moves.len())];
                if let Style::Stall = style {
                    for &mv in &moves {
                        let mut trial = game.clone();
                        if trial.play(mv) == Ok(Verdict::Foul) && trial.outcome().is_none() {
                            chosen = mv;
                            break;
                        }
                    }
                }
                game.play(chosen).unwrap();
            }
        }
    }
    let history = game.history();
    let chance = history
        .iter()
        .filter(|a| matches!(a, Action::Chance(_)))
        .count() as u32;
    (history.len() as u32 - chance, chance)
}

/// Plays `games` games of `name` with `settings`; checks both bounds and
/// returns the longest game's player actions.
fn longest(name: &str, settings: &[(&str, &str)], style: Style, games: u64) -> u32 {
    let mut longest = 0;
    for seed in 0..games {
        let mut game = AnyGame::new(name, settings, seed).unwrap();
        let (max_length, max_chance) = (game.max_length(), game.max_chance_steps());
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (actions, chance) = play_out(&mut game, style, &mut rng);
        let bound = max_length.expect("a bounded game");
        assert!(
            actions <= bound,
            "{name} {settings:?} seed {seed}: {actions} > {bound}"
        );
        let chance_bound = max_chance.expect("a bounded game");
        assert!(
            chance <= chance_bound,
            "{name} {settings:?} seed {seed}: {chance} chance steps > {chance_bound}"
        );
        longest = longest.max(actions);
    }
    longest
}

#[test]
fn board_games_end_by_their_move_limit() {
    for (name, settings) in [
        ("minishogi", &[("move_limit", "30")][..]),
        ("standard", &[("move_limit", "40")]),
        (
            "must-capture",
            &[("base", "minishogi"), ("move_limit", "25")],
        ),
        ("judkins", &[("move_limit", "30")]),
        (
            "defined",
            &[("definition", "judkins"), ("move_limit", "20")],
        ),
    ] {
        let limit: u32 = settings.last().unwrap().1.parse().unwrap();
        let game = AnyGame::new(name, settings, 0).unwrap();
        assert_eq!(
            (game.max_length(), game.max_chance_steps()),
            (Some(limit), Some(0))
        );
        assert!(longest(name, settings, Style::Random, 20) <= limit);
    }
    // Without a move limit nothing bounds a board game's length.
    for name in ["standard", "minishogi", "must-capture", "judkins"] {
        assert_eq!(
            AnyGame::new(name, &[], 0).unwrap().max_length(),
            None,
            "{name}"
        );
    }
}

#[test]
fn card_shogi_draws_at_most_its_bound() {
    for settings in [
        &[("base", "minishogi"), ("move_limit", "30")][..],
        &[
            ("base", "minishogi"),
            ("jokers", "true"),
            ("no_move", "draw_again"),
            ("move_limit", "30"),
        ],
        &[
            ("base", "minishogi"),
            ("no_move", "free_move"),
            ("check_exempt", "false"),
            ("move_limit", "30"),
        ],
        &[("move_limit", "40")],
    ] {
        let game = AnyGame::new("card", settings, 0).unwrap();
        assert_eq!(
            game.max_length(),
            Some(settings.last().unwrap().1.parse().unwrap())
        );
        longest("card", settings, Style::Random, 40);
    }
    // Drawing again: a whole deck a turn at most (5 ranks of 8, two jokers).
    let again = [
        ("base", "minishogi"),
        ("jokers", "true"),
        ("no_move", "draw_again"),
        ("move_limit", "30"),
    ];
    assert_eq!(
        AnyGame::new("card", &again, 0).unwrap().max_chance_steps(),
        Some(30 * 42)
    );
    // Without a move limit nothing bounds the draws either.
    let open = AnyGame::new("card", &[], 0).unwrap();
    assert_eq!((open.max_length(), open.max_chance_steps()), (None, None));
}

#[test]
fn tsuitate_never_exceeds_its_bound() {
    let settings = [
        ("base", "minishogi"),
        ("move_limit", "20"),
        ("foul_limit", "3"),
    ];
    let game = AnyGame::new("tsuitate", &settings, 0).unwrap();
    assert_eq!(
        (game.max_length(), game.max_chance_steps()),
        (Some(20 + 2 * 3 - 1), Some(0))
    );
    longest("tsuitate", &settings, Style::Random, 60);
    // A player who fouls whenever a foul does not lose reaches the move
    // limit with both players' fouls short of the limit: one below the bound.
    let stalled = longest("tsuitate", &settings, Style::Stall, 60);
    assert_eq!(stalled, 20 + 2 * (3 - 1));
    // A foul limit of 1: the first foul loses.
    let one = [
        ("base", "minishogi"),
        ("move_limit", "12"),
        ("foul_limit", "1"),
    ];
    assert_eq!(
        AnyGame::new("tsuitate", &one, 0).unwrap().max_length(),
        Some(12 + 1)
    );
    longest("tsuitate", &one, Style::Stall, 30);
}
