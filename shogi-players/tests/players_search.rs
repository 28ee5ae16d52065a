//! The search player: mates, material, variant rules, determinism, budgets,
//! and strength against the random player.

use shogi_core::{Color, Game, Move, Position, Variant};
use shogi_players::{Budget, Observation, Player, RandomPlayer, SearchPlayer};
use shogi_variants::{
    AnyVariant, Base, Minishogi, MinishogiSettings, MustCapture, MustCaptureSettings, Stalemate,
};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

fn variant(name: &str) -> AnyVariant {
    AnyVariant::from_name(name).unwrap()
}

/// Positions (found by a brute-force scan of random endgames, each checked
/// by [`forced_mate`] below) where Black mates in 3 plies but not in 1.
const MATES_IN_THREE: [&str; 3] = [
    "6G1k/6n2/9/9/9/9/9/9/4K4 b SR 1",
    "6k2/9/9/8R/9/9/9/9/4K4 b GR 1",
    "7k1/5Rsl1/5G3/9/9/9/9/9/4K4 b R 1",
];

/// Whether the side to move in `pos` can force mate within `plies` plies
/// (odd), by brute force over all legal moves of standard shogi.
fn forced_mate(pos: &mut Position, plies: u32) -> bool {
    for mv in pos.legal_moves() {
        let undo = pos.play_unchecked(mv);
        let mated = defender_lost(pos, plies - 1);
        pos.undo(mv, undo);
        if mated {
            return true;
        }
    }
    false
}

/// Whether the side to move (the defender) is mated now or, with `plies`
/// left, every reply leaves a forced mate.
fn defender_lost(pos: &mut Position, plies: u32) -> bool {
    let replies = pos.legal_moves();
    if replies.is_empty() {
        return true;
    }
    if plies == 0 {
        return false;
    }
    replies.iter().all(|&r| {
        let undo = pos.play_unchecked(r);
        let lost = forced_mate(pos, plies - 1);
        pos.undo(r, undo);
        lost
    })
}

#[test]
fn finds_mate_in_one() {
    let game = Game::from_sfen(variant("standard"), "4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    let mut player = SearchPlayer::new(Budget::Depth(3));
    let r = player.search(&game);
    assert_eq!(r.best.unwrap().to_string(), "G*5b");
    assert_eq!(r.mate_in(), Some(1));
}

#[test]
fn finds_mate_in_three() {
    let v = variant("standard");
    for sfen in MATES_IN_THREE {
        let mut pos = v.position_from_sfen(sfen).unwrap();
        assert!(!forced_mate(&mut pos, 1), "{sfen}: mate in 1");
        assert!(forced_mate(&mut pos, 3), "{sfen}: no mate in 3");
        let game = Game::from_sfen(v.clone(), sfen).unwrap();
        let r = SearchPlayer::new(Budget::Depth(5)).search(&game);
        assert_eq!(r.mate_in(), Some(3), "{sfen}: {r:?}");
        // The chosen move keeps a forced mate: every reply is mated in 1.
        let best = r.best.unwrap();
        let undo = pos.play_unchecked(best);
        assert!(defender_lost(&mut pos, 2), "{sfen}: {best} does not mate");
        pos.undo(best, undo);
        // The line starts with the move; the defender's reply and the mate follow.
        assert_eq!(r.pv.len(), 3, "{sfen}: {:?}", r.pv);
        let mut line = game.clone();
        for &mv in &r.pv {
            line.play(mv).unwrap();
        }
        assert!(line.position().is_checkmate(), "{sfen}: pv {:?}", r.pv);
    }
}

#[test]
fn finds_mate_in_three_with_a_node_budget() {
    for sfen in MATES_IN_THREE {
        let game = Game::from_sfen(variant("standard"), sfen).unwrap();
        let r = SearchPlayer::new(Budget::Nodes(200_000)).search(&game);
        assert_eq!(r.mate_in(), Some(3), "{sfen}: {r:?}");
    }
}

#[test]
fn sees_its_own_mate() {
    // A checkmated side has no move: the game is over and the score is lost.
    let game = Game::from_sfen(variant("standard"), "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1").unwrap();
    let r = SearchPlayer::new(Budget::Depth(3)).search(&game);
    assert_eq!(r.best, None);
    assert_eq!(r.mate_in(), Some(0));
    assert_eq!(
        SearchPlayer::new(Budget::Depth(3)).choose(Observation::board(&game)),
        None
    );
}

#[test]
fn prefers_winning_material() {
    // The silver on 6g can take the undefended bishop on 7f.
    let game = Game::from_sfen(variant("standard"), "4k4/9/9/9/9/2b6/3S5/9/4K4 b - 1").unwrap();
    let r = SearchPlayer::new(Budget::Depth(3)).search(&game);
    assert_eq!(r.best.unwrap().to_string(), "6g7f", "{r:?}");
    assert!(r.score > 500, "{r:?}");
    // Minishogi: a free rook, taken with promotion.
    let game = Game::from_sfen(variant("minishogi"), "4k/5/2r2/5/K1R2 b - 1").unwrap();
    let r = SearchPlayer::new(Budget::Nodes(20_000)).search(&game);
    assert_eq!(r.best.unwrap().to(), "3c".parse().unwrap(), "{r:?}");
    assert!(r.score > 900, "{r:?}");
}

#[test]
fn search_is_legal_on_5x5() {
    for name in ["minishogi", "must-capture"] {
        let v = if name == "must-capture" {
            AnyVariant::MustCapture(MustCapture::with_settings(MustCaptureSettings {
                base: Base::MINISHOGI,
                ..Default::default()
            }))
        } else {
            variant(name)
        };
        let mut game = Game::new(v);
        let mut player = SearchPlayer::new(Budget::Nodes(3_000));
        let mut random = RandomPlayer::new(5);
        for ply in 0..60 {
            let mover: &mut dyn Player = if ply % 2 == 0 {
                &mut player
            } else {
                &mut random
            };
            let Some(mv) = mover.choose(Observation::board(&game)) else {
                break;
            };
            assert!(game.legal_moves().contains(&mv), "{name} ply {ply}: {mv}");
            let r = player.search(&game);
            if let Some(best) = r.best {
                assert!(game.legal_moves().contains(&best));
                let mut line = game.clone();
                for &m in &r.pv {
                    line.play(m)
                        .unwrap_or_else(|e| panic!("{name}: pv {:?}: {e}", r.pv));
                }
            }
            game.play(mv).unwrap();
        }
    }
}

fn is_capture(pos: &Position, mv: Move) -> bool {
    mv.from().is_some() && pos.piece_at(mv.to()).is_some()
}

#[test]
fn respects_must_capture() {
    let variants = [
        MustCaptureSettings::default(),
        MustCaptureSettings {
            may_flee_from_check: false,
            ..Default::default()
        },
        MustCaptureSettings {
            king_captures_first: true,
            base: Base::MINISHOGI,
            ..Default::default()
        },
    ];
    let mut duty_checked = 0;
    for settings in variants {
        let v = AnyVariant::MustCapture(MustCapture::with_settings(settings.clone()));
        for seed in 0..3 {
            let mut game = Game::new(v.clone());
            let mut player = SearchPlayer::new(Budget::Nodes(2_000));
            let mut random = RandomPlayer::new(seed);
            for ply in 0..80 {
                let legal = game.legal_moves();
                let mover: &mut dyn Player = if (ply + seed) % 2 == 0 {
                    &mut player
                } else {
                    &mut random
                };
                let Some(mv) = mover.choose(Observation::board(&game)) else {
                    break;
                };
                assert!(legal.contains(&mv), "{settings:?} ply {ply}: {mv}");
                let pos = game.position();
                let captures = pos.legal_captures();
                let duty = !pos.is_check() || !settings.may_flee_from_check;
                if duty && !captures.is_empty() {
                    assert!(is_capture(pos, mv), "{settings:?}: {mv} is no capture");
                    duty_checked += 1;
                }
                game.play(mv).unwrap();
            }
        }
    }
    assert!(duty_checked > 20, "{duty_checked}");
}

#[test]
fn must_capture_search_sees_forced_captures() {
    // Must-capture, not in check: Black's rook on 5h must take the pawn on 5c
    // (the only capture), and then White's gold takes the rook.
    let v = AnyVariant::MustCapture(MustCapture::default());
    let game = Game::from_sfen(v, "4k4/4g4/4p4/9/9/9/9/4R4/4K4 b - 1").unwrap();
    let r = SearchPlayer::new(Budget::Depth(3)).search(&game);
    assert_eq!(r.best.unwrap().to(), "5c".parse().unwrap(), "{r:?}");
    assert_eq!(game.legal_moves().len(), 2); // promote or not
                                             // After the capture White must recapture: the pv shows it.
    assert_eq!(r.pv.get(1).map(|m| m.to_string()).as_deref(), Some("5b5c"));
    assert!(r.score < 0, "the rook is lost: {r:?}");
}

#[test]
fn follows_the_stalemate_setting() {
    // Minishogi: 2d2c leaves White's lone king on 1a without a move (no check).
    let sfen = "4k/5/1B3/3G1/K4 b - 1";
    let lose = AnyVariant::Minishogi(Minishogi::default());
    let game = Game::from_sfen(lose, sfen).unwrap();
    let r = SearchPlayer::new(Budget::Depth(3)).search(&game);
    assert_eq!(r.best.unwrap().to_string(), "2d2c", "{r:?}");
    assert_eq!(r.mate_in(), Some(1));
    let draw = AnyVariant::Minishogi(Minishogi::with_settings(MinishogiSettings {
        stalemate: Stalemate::Draw,
        ..Default::default()
    }));
    let game = Game::from_sfen(draw, sfen).unwrap();
    let r = SearchPlayer::new(Budget::Depth(3)).search(&game);
    assert_ne!(r.best.unwrap().to_string(), "2d2c", "{r:?}");
}

#[test]
fn is_deterministic() {
    for (name, sfen) in [
        ("standard", "startpos"),
        (
            "standard",
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
        ),
        ("minishogi", "startpos"),
        ("must-capture", "startpos"),
    ] {
        let game = Game::from_sfen(variant(name), sfen).unwrap();
        for budget in [Budget::Nodes(5_000), Budget::Depth(3)] {
            let a = SearchPlayer::new(budget).search(&game);
            let b = SearchPlayer::new(budget).search(&game);
            assert_eq!(a, b, "{name} {sfen} {budget:?}");
            let a = SearchPlayer::new(budget).with_seed(9).search(&game);
            let b = SearchPlayer::new(budget).with_seed(9).search(&game);
            assert_eq!(a, b, "{name} {sfen} {budget:?} seeded");
        }
    }
}

#[test]
fn respects_the_budget() {
    let game = Game::from_sfen(
        variant("standard"),
        "ln1g3nl/1r3kg2/p2pppsp1/2ps2p1p/1p7/2P1P1P1P/PPSP1P1P1/2G2S1R1/LN2KG1NL b Bb 1",
    )
    .unwrap();
    for n in [1, 10, 100, 1_000, 10_000, 50_000] {
        let r = SearchPlayer::new(Budget::Nodes(n)).search(&game);
        assert!(r.nodes <= n, "{n}: {}", r.nodes);
        assert!(game.legal_moves().contains(&r.best.unwrap()));
    }
    for d in 1..=3 {
        let r = SearchPlayer::new(Budget::Depth(d)).search(&game);
        assert_eq!(r.depth, d);
    }
    let t = Duration::from_millis(100);
    let start = Instant::now();
    let r = SearchPlayer::new(Budget::Time(t)).search(&game);
    let spent = start.elapsed();
    assert!(spent < t + Duration::from_millis(400), "{spent:?}");
    assert!(r.depth >= 1, "{r:?}");
}

/// Search (with `budget`) against random over `games` games, colours
/// alternating, drawn after `max_plies` plies: (wins, draws, losses) of the
/// search player and the end reasons.
fn versus_random(
    v: &AnyVariant,
    games: u32,
    budget: Budget,
    max_plies: usize,
) -> ((u32, u32, u32), BTreeMap<String, u32>, u64, Duration) {
    let (mut w, mut d, mut l) = (0, 0, 0);
    let mut reasons = BTreeMap::new();
    let mut search_nodes = 0;
    let mut search_time = Duration::ZERO;
    for g in 0..games {
        let mut game = Game::new(v.clone());
        let mut search = SearchPlayer::new(budget).with_seed(u64::from(g));
        let mut random = RandomPlayer::new(1_000 + u64::from(g));
        let search_color = if g % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut outcome = None;
        for _ in 0..max_plies {
            if let Some(o) = game.outcome() {
                outcome = Some(o);
                break;
            }
            let mv = if game.position().side_to_move() == search_color {
                let start = Instant::now();
                let r = search.search(&game);
                search_time += start.elapsed();
                search_nodes += r.nodes;
                r.best
            } else {
                random.choose(Observation::board(&game))
            };
            game.play(mv.unwrap()).unwrap();
        }
        let outcome = outcome.or_else(|| game.outcome());
        match outcome {
            Some(o) => {
                *reasons.entry(o.reason.to_string()).or_insert(0) += 1;
                match o.winner {
                    Some(c) if c == search_color => w += 1,
                    Some(_) => l += 1,
                    None => d += 1,
                }
            }
            None => {
                *reasons.entry("ply cap".to_string()).or_insert(0) += 1;
                d += 1;
            }
        }
    }
    ((w, d, l), reasons, search_nodes, search_time)
}

#[test]
fn beats_random_at_minishogi() {
    let v = variant("minishogi");
    let ((w, d, l), reasons, _, _) = versus_random(&v, 20, Budget::Nodes(1_500), 200);
    assert!(w >= 18, "wins {w} draws {d} losses {l}: {reasons:?}");
}

/// The measurement of the report: 200 games per variant against random.
/// `cargo test --release -p shogi-variants --test players_search -- --ignored --nocapture`
#[test]
#[ignore]
fn measure_against_random() {
    let budget = std::env::var("SEARCH_NODES")
        .ok()
        .and_then(|s| s.parse().ok())
        .map_or(Budget::Nodes(30_000), Budget::Nodes);
    let games = std::env::var("SEARCH_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let names: Vec<String> = std::env::var("SEARCH_VARIANTS").map_or_else(
        |_| vec!["standard".into(), "minishogi".into(), "must-capture".into()],
        |s| s.split(',').map(str::to_owned).collect(),
    );
    for name in names {
        let v = variant(&name);
        let start = Instant::now();
        let ((w, d, l), reasons, nodes, time) = versus_random(&v, games, budget, 300);
        let secs = time.as_secs_f64().max(1e-9);
        println!(
            "{name}: {budget:?} games {games} W {w} D {d} L {l} ({:.1}%) reasons {reasons:?} \
             nodes/s {:.0} ({nodes} nodes in {secs:.1} s of search; wall {:.1} s)",
            100.0 * f64::from(w) / f64::from(games),
            nodes as f64 / secs,
            start.elapsed().as_secs_f64()
        );
    }
}

#[test]
fn other_observations() {
    use shogi_variants::{CardGame, CardSettings, Referee, TsuitateSettings};
    // Card shogi: a move the drawn card allows (or none).
    let mut player = SearchPlayer::new(Budget::Nodes(2_000));
    for seed in 0..4 {
        let mut game = CardGame::new(CardSettings::default(), seed).unwrap();
        for _ in 0..6 {
            if game.is_over() {
                break;
            }
            if game.chance_outcomes().is_empty() {
                // Exempt from drawing (in check).
            } else {
                game.draw().unwrap();
            }
            if game.is_over() {
                break;
            }
            let allowed = game.allowed_moves();
            let choice = player.choose(Observation::card(&game));
            match choice {
                Some(mv) => {
                    assert!(allowed.contains(&mv));
                    game.play(mv).unwrap();
                }
                None => assert!(allowed.is_empty()),
            }
        }
    }
    // Tsuitate: the first candidate move.
    let referee = Referee::new(TsuitateSettings::default());
    let view = referee.view(referee.side_to_move());
    let mv = player.choose(Observation::tsuitate(&view));
    assert_eq!(mv, view.candidate_moves().first().copied());
}

/// Public tsume problems (from `tests/data/tsume.tsv`) of 9 to 15 plies:
/// beyond a depth-3 alpha-beta search, within the player's mate search.
const LONG_MATES: [&str; 3] = [
    "9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1",
    "5B1n1/8k/6Rpp/9/9/9/9/9/9 b rb4g4s3n4l16p 1",
    "9/9/5k3/9/4G4/4P4/9/9/9 b 3G2r2b4s4n4l17p 1",
];

#[test]
fn plays_a_mate_by_checks_beyond_its_depth() {
    let v = variant("standard");
    for sfen in LONG_MATES {
        let pos = v.problem_from_sfen(sfen).unwrap();
        let game = Game::from_position(v.clone(), pos.clone());
        let plain = SearchPlayer::new(Budget::Depth(1))
            .with_mate_search(false)
            .search(&game);
        assert!(plain.mate_in().is_none_or(|n| n <= 1), "{sfen}: {plain:?}");
        let r = SearchPlayer::new(Budget::Depth(3)).search(&game);
        let n = r.mate_in().unwrap_or_else(|| panic!("{sfen}: {r:?}"));
        assert!(n >= 3 && n as usize == r.pv.len(), "{sfen}: {r:?}");
        // The line mates: every attacker move checks, the end is mate.
        let mut line = game.clone();
        for (i, &mv) in r.pv.iter().enumerate() {
            line.play(mv).unwrap();
            assert!(
                i % 2 == 1 || line.position().is_check(),
                "{sfen}: {:?}",
                r.pv
            );
        }
        assert!(line.position().is_checkmate(), "{sfen}: {:?}", r.pv);
        // Playing it out move by move mates: each of the player's moves
        // keeps a mate, whatever the defender replies.
        let mut game = game;
        let mut defender = RandomPlayer::new(7);
        for _ in 0..2 * n {
            if game.legal_moves().is_empty() {
                break;
            }
            let mover = game.position().side_to_move();
            let mv = if mover == Color::Black {
                SearchPlayer::new(Budget::Depth(3))
                    .search(&game)
                    .best
                    .unwrap()
            } else {
                defender.choose(Observation::board(&game)).unwrap()
            };
            game.play(mv).unwrap();
        }
        assert!(
            game.position().is_checkmate(),
            "{sfen}: not mated after {:?}",
            game.moves()
        );
    }
}

/// Positions of seeded random games where the plain alpha-beta search
/// (depth 2) plays a move after which the opponent forces mate by checks:
/// the player with its mate search avoids that whenever one of the moves it
/// tries lets no mate through.
#[test]
fn avoids_a_mate_by_checks_the_alpha_beta_search_misses() {
    use shogi_players::{MateLimits, MateSolver};
    let v = variant("standard");
    let mut solver = MateSolver::with_table_bytes(4 << 20);
    let limits = MateLimits {
        nodes: Some(20_000),
        ..MateLimits::default()
    };
    let mut random = RandomPlayer::new(18);
    let (mut found, mut avoided) = (0, 0);
    'games: for _ in 0..60 {
        let mut game = Game::new(v.clone());
        for ply in 0..200 {
            if game.legal_moves().is_empty() {
                continue 'games;
            }
            if ply >= 40 && ply % 3 == 0 {
                let plain = SearchPlayer::new(Budget::Depth(2))
                    .with_mate_search(false)
                    .search(&game);
                let mv = plain.best.unwrap();
                let mut after = game.position().clone();
                after.play_unchecked(mv);
                let lets_mate = solver
                    .solve(&v, &after, &limits)
                    .result
                    .mate()
                    .is_some_and(|l| l.len() >= 3);
                if lets_mate && plain.mate_in().is_none() {
                    found += 1;
                    let r = SearchPlayer::new(Budget::Depth(2)).search(&game);
                    let mut after = game.position().clone();
                    after.play_unchecked(r.best.unwrap());
                    if solver.solve(&v, &after, &limits).result.mate().is_none() {
                        avoided += 1;
                    }
                }
            }
            let mv = random.choose(Observation::board(&game)).unwrap();
            game.play(mv).unwrap();
            if game.outcome().is_some() {
                continue 'games;
            }
        }
    }
    eprintln!("{found} positions where depth 2 lets a mate through, {avoided} avoided");
    // Without the check after the search, none would be avoided; with it,
    // those where every move tried is mated (or the mate is beyond its
    // budget) still let it through.
    assert!(
        found >= 10 && avoided * 3 >= found,
        "{found} found, {avoided} avoided"
    );
}
