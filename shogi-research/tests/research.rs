//! The research layer: actions of every game, observation tensors (colour
//! symmetry, Tsuitate's hidden-information freedom) and batched self-play.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shogi_core::{Color, Game, Move, MoveList, Position};
use shogi_research::action::ActionSpace;
use shogi_research::observation::{
    board_observation, card_observation, family_observation, tsuitate_observation, ObservationShape,
};
use shogi_research::selfplay::{Outputs, SelfPlay, SelfPlayError};
use shogi_variants::{
    Announcement, AnyGame, AnyVariant, Base, CardGame, CardSettings, Minishogi, Phase, Referee,
    Standard, TsuitateSettings,
};

const BOARD_GAMES: [(&str, &[(&str, &str)]); 4] = [
    ("standard", &[]),
    ("minishogi", &[]),
    ("must-capture", &[]),
    ("must-capture", &[("base", "minishogi")]),
];

/// Every move of `moves` has one action, decoding back to it; the mask and
/// the ascending list say the same.
fn check_actions(space: ActionSpace, moves: &MoveList) {
    let actions = space.legal_actions(moves);
    assert_eq!(actions.len(), moves.len(), "one action per move");
    assert!(
        actions.windows(2).all(|w| w[0] < w[1]),
        "ascending, distinct"
    );
    for &mv in moves.iter() {
        let a = space.encode(mv).expect("every legal move has an action");
        assert!(a < space.size());
        assert_eq!(space.decode(a), Some(mv));
    }
    let mask = space.mask(moves);
    assert_eq!(mask.len(), space.size() as usize);
    let set: Vec<u32> = (0..space.size()).filter(|&a| mask[a as usize]).collect();
    assert_eq!(set, actions);
}

#[test]
fn every_legal_move_of_every_game_round_trips_through_its_action() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut checked = 0usize;
    for (name, settings) in BOARD_GAMES {
        let variant = AnyVariant::with_named_settings(name, settings).unwrap();
        for _ in 0..20 {
            let mut game = Game::new(variant.clone());
            for _ in 0..120 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                check_actions(ActionSpace::of(game.position().geometry()), &moves);
                checked += moves.len();
                game.play(moves[rng.random_range(0..moves.len())]).unwrap();
            }
        }
    }
    for base in [Base::STANDARD, Base::MINISHOGI] {
        for seed in 0..10 {
            let settings = CardSettings {
                base,
                jokers: seed % 2 == 0,
                ..CardSettings::default()
            };
            let mut game = CardGame::new(settings, seed).unwrap();
            while !game.is_over() && game.turns().len() < 150 {
                if game.phase() == Phase::Draw {
                    game.draw().unwrap();
                    continue;
                }
                let moves = game.allowed_moves();
                check_actions(ActionSpace::of(game.position().geometry()), &moves);
                checked += moves.len();
                game.play(moves[rng.random_range(0..moves.len())]).unwrap();
            }
        }
        let settings = TsuitateSettings {
            base,
            ..TsuitateSettings::default()
        };
        for _ in 0..10 {
            let mut referee = Referee::new(settings.clone());
            for _ in 0..200 {
                if referee.outcome().is_some() {
                    break;
                }
                let view = referee.view(referee.side_to_move());
                let moves = view.candidate_moves();
                check_actions(ActionSpace::of(referee.start_position().geometry()), &moves);
                checked += moves.len();
                referee
                    .attempt(moves[rng.random_range(0..moves.len())])
                    .unwrap();
            }
        }
    }
    assert!(checked > 100_000, "{checked} moves checked");
}

/// The position with the colours exchanged: the board turned half a circle,
/// each piece given to the other side, hands swapped, the other side to move.
fn flipped(pos: &Position) -> Position {
    let sfen = pos.to_sfen();
    let parts: Vec<&str> = sfen.split(' ').collect();
    let swap_case = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    // Reversing the whole board string turns it half a circle, except that a
    // `+` must stay in front of its piece.
    let board: String = {
        let mut tokens: Vec<String> = Vec::new();
        let mut chars = parts[0].chars();
        while let Some(c) = chars.next() {
            if c == '+' {
                tokens.push(format!("+{}", chars.next().unwrap()));
            } else {
                tokens.push(c.to_string());
            }
        }
        tokens.reverse();
        swap_case(&tokens.concat())
    };
    let side = if parts[1] == "b" { "w" } else { "b" };
    let hand = if parts[2] == "-" {
        "-".to_owned()
    } else {
        swap_case(parts[2])
    };
    Position::from_sfen(
        &format!("{board} {side} {hand} {}", parts[3]),
        pos.geometry(),
        if *pos.geometry() == Standard::GEOMETRY {
            &Standard::PIECES
        } else {
            &Minishogi::PIECES
        },
    )
    .unwrap()
}

#[test]
fn a_position_seen_by_black_is_its_mirror_seen_by_white() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for name in ["standard", "minishogi"] {
        let variant = AnyVariant::from_name(name).unwrap();
        let mut game = Game::new(variant.clone());
        let g = game.position().geometry();
        let shape = ObservationShape::board(g.files(), g.ranks());
        let (mut a, mut b) = (vec![0.0; shape.len()], vec![0.0; shape.len()]);
        for _ in 0..200 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                game = Game::new(variant.clone());
                continue;
            }
            let pos = game.position().clone();
            let mirror = Game::from_position(variant.clone(), flipped(&pos));
            let fresh = Game::from_position(variant.clone(), pos.clone());
            for viewer in [Color::Black, Color::White] {
                board_observation(&fresh, viewer, &mut a);
                board_observation(&mirror, viewer.opponent(), &mut b);
                // Plane 45 says which colour looks; every other plane agrees.
                let area = shape.ranks * shape.files;
                for (i, (x, y)) in a.iter().zip(&b).enumerate() {
                    if i / area != 45 {
                        assert_eq!(x, y, "{name} {} plane {}", pos.to_sfen(), i / area);
                    }
                }
            }
            // Piece planes hold exactly the pieces on the board.
            board_observation(&fresh, Color::Black, &mut a);
            let ones = a[..28 * shape.ranks * shape.files]
                .iter()
                .filter(|&&v| v == 1.0)
                .count();
            assert_eq!(ones as u32, pos.occupied().count());
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
    }
}

#[test]
fn repetition_planes_count_earlier_occurrences() {
    let mut game = Game::new(AnyVariant::from_name("minishogi").unwrap());
    let shape = ObservationShape::board(5, 5);
    let mut out = vec![0.0; shape.len()];
    let area = 25;
    for round in 0..3 {
        board_observation(&game, Color::Black, &mut out);
        for k in 0..3 {
            let expected = if k < round { 1.0 } else { 0.0 };
            assert_eq!(
                out[(42 + k) * area],
                expected,
                "round {round} plane {}",
                42 + k
            );
        }
        for usi in ["5e4d", "1a2b", "4d5e", "2b1a"] {
            game.play_usi(usi).unwrap();
        }
    }
}

#[test]
fn card_planes_show_the_step_the_card_and_the_deck() {
    let settings = CardSettings {
        base: Base::MINISHOGI,
        jokers: true,
        ..CardSettings::default()
    };
    let mut game = CardGame::new(settings, 5).unwrap();
    let shape = ObservationShape::card(5, 5);
    let mut out = vec![0.0; shape.len()];
    let plane = |out: &[f32], p: usize| out[p * 25..(p + 1) * 25].to_vec();
    card_observation(&game, Color::Black, &mut out);
    assert!(plane(&out, 48).iter().all(|&v| v == 1.0), "a draw is due");
    assert!(plane(&out, 49).iter().all(|&v| v == 0.0), "no card yet");
    // Full deck: every count plane at 1.
    for id in 0..6 {
        assert!(
            plane(&out, 56 + id).iter().all(|&v| v == 1.0),
            "deck id {id}"
        );
    }
    game.apply_draw(shogi_variants::Card::Rank(2)).unwrap();
    card_observation(&game, Color::Black, &mut out);
    assert!(plane(&out, 48).iter().all(|&v| v == 0.0));
    assert!(plane(&out, 52).iter().all(|&v| v == 1.0), "one-hot rank 2");
    // File 2, seen by Black, is the fourth column from the left.
    let column: Vec<f32> = (0..5).map(|row| out[49 * 25 + row * 5 + 3]).collect();
    assert_eq!(column, vec![1.0; 5]);
    assert_eq!(plane(&out, 49).iter().sum::<f32>(), 5.0);
    let copies = f32::from(game.settings().copies_per_rank);
    assert_eq!(out[(56 + 2) * 25], (copies - 1.0) / copies);
    // White sees file 2 as its second column.
    card_observation(&game, Color::White, &mut out);
    let column: Vec<f32> = (0..5).map(|row| out[49 * 25 + row * 5 + 1]).collect();
    assert_eq!(column, vec![1.0; 5]);
}

/// Two Tsuitate games where Black plays the same moves and White different
/// quiet ones: Black is told the same things, so Black's observation is the
/// same although the true boards differ.
#[test]
fn tsuitate_observations_do_not_depend_on_hidden_pieces() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut compared = 0;
    for base in [Base::STANDARD, Base::MINISHOGI] {
        let settings = TsuitateSettings {
            base,
            ..TsuitateSettings::default()
        };
        let g = Referee::new(settings.clone()).start_position().geometry();
        let shape = ObservationShape::tsuitate(g.files(), g.ranks());
        let (mut a, mut b) = (vec![0.0; shape.len()], vec![0.0; shape.len()]);
        for _ in 0..20 {
            let (mut one, mut two) = (
                Referee::new(settings.clone()),
                Referee::new(settings.clone()),
            );
            for _ in 0..40 {
                if one.outcome().is_some() || two.outcome().is_some() {
                    break;
                }
                if one.side_to_move() == Color::Black {
                    let moves = one.view(Color::Black).candidate_moves();
                    let mv = moves[rng.random_range(0..moves.len())];
                    let (r1, r2) = (one.attempt(mv).unwrap(), two.attempt(mv).unwrap());
                    if r1.told[0] != r2.told[0] {
                        break; // Black learnt something different: the games part.
                    }
                } else {
                    // White: a quiet, legal move in each game, chosen separately.
                    let quiet = |r: &Referee| -> Vec<Move> {
                        let pos = r.true_position();
                        pos.legal_moves()
                            .iter()
                            .copied()
                            .filter(|&m| {
                                let mut p = pos.clone();
                                let capture = pos.piece_at(m.to()).is_some();
                                p.play_unchecked(m);
                                !capture && !p.is_check() && p.has_legal_moves()
                            })
                            .collect()
                    };
                    let (q1, q2) = (quiet(&one), quiet(&two));
                    if q1.is_empty() || q2.is_empty() {
                        break;
                    }
                    one.attempt(q1[rng.random_range(0..q1.len())]).unwrap();
                    two.attempt(q2[rng.random_range(0..q2.len())]).unwrap();
                }
                let (v1, v2) = (one.view(Color::Black), two.view(Color::Black));
                assert_eq!(v1, v2, "Black was told the same things");
                tsuitate_observation(&v1, &mut a);
                tsuitate_observation(&v2, &mut b);
                assert_eq!(a, b);
                if !one.true_position().same_position(two.true_position()) {
                    compared += 1;
                }
            }
        }
    }
    assert!(
        compared > 100,
        "{compared} pairs with different hidden boards"
    );
}

#[test]
fn tsuitate_observation_shows_what_the_player_was_told() {
    // Black's bishop takes White's bishop at once (the diagonal is open
    // after 7g7f and 3c3d): both are told of the capture on 2b.
    let mut referee = Referee::new(TsuitateSettings::default());
    for usi in ["7g7f", "3c3d", "8h2b+"] {
        referee.attempt(usi.parse().unwrap()).unwrap();
    }
    let shape = ObservationShape::tsuitate(9, 9);
    let mut out = vec![0.0; shape.len()];
    let white = referee.view(Color::White);
    assert!(white
        .information_state
        .iter()
        .any(|a| matches!(a, Announcement::Capture { .. })));
    tsuitate_observation(&white, &mut out);
    // White lost its bishop: Black holds both (plane 21 + bishop's hand index 4).
    assert_eq!(out[(21 + 4) * 81], 1.0);
    assert_eq!(out[21 * 81], 0.5, "nine pawns of eighteen are Black's");
    // The capture square 2b as White sees it: row 9 - 2 = 7, column 2 - 1 = 1.
    assert_eq!(out[shape.index(28, 7, 1)], 1.0);
    assert_eq!(out.iter().skip(28 * 81).take(81).sum::<f32>(), 1.0);
    // A foul: White's rook slides 8b-1b through Black's horse on 2b, which
    // White's own board does not show.
    let ruling = referee.attempt("8b1b".parse().unwrap()).unwrap();
    assert_eq!(ruling.verdict, shogi_variants::Verdict::Foul);
    tsuitate_observation(&referee.view(Color::White), &mut out);
    assert_eq!(
        out[shape.index(32, 7, 7)],
        1.0,
        "the fouled attempt's origin 8b"
    );
    assert_eq!(out[shape.index(33, 7, 0)], 1.0, "and its destination 1b");
    assert_eq!(out[34 * 81], 0.1, "one foul of ten");
    // Black is told of White's foul: plane 35 of Black's observation.
    tsuitate_observation(&referee.view(Color::Black), &mut out);
    assert_eq!(out[35 * 81], 0.1);
    // Once White plays, the fouled attempts are forgotten.
    referee.attempt("8b7b".parse().unwrap()).unwrap();
    tsuitate_observation(&referee.view(Color::White), &mut out);
    assert_eq!(out[32 * 81..34 * 81].iter().sum::<f32>(), 0.0);
}

fn run_batch(
    name: &str,
    settings: &[(&str, &str)],
    threads: usize,
    seed: u64,
    steps: usize,
) -> Outputs {
    let mut batch = SelfPlay::new(name, settings, 6, threads, seed, Some(60)).unwrap();
    let mut out = Outputs::buffers(6, batch.shape().len(), batch.actions().size() as usize);
    batch.reset(&mut out.view()).unwrap();
    for _ in 0..steps {
        batch.step_random(&mut out.view()).unwrap();
    }
    out
}

#[test]
fn self_play_does_not_depend_on_the_number_of_threads() {
    for name in ["standard", "card", "tsuitate"] {
        let one = run_batch(
            name,
            &[("base", "minishogi")][..usize::from(name != "standard")],
            1,
            9,
            150,
        );
        let two = run_batch(
            name,
            &[("base", "minishogi")][..usize::from(name != "standard")],
            2,
            9,
            150,
        );
        assert_eq!(one.observations, two.observations, "{name}");
        assert_eq!(one.masks, two.masks);
        assert_eq!(one.to_play, two.to_play);
        let other = run_batch(
            name,
            &[("base", "minishogi")][..usize::from(name != "standard")],
            1,
            10,
            150,
        );
        assert_ne!(
            one.observations, other.observations,
            "{name}: another seed plays otherwise"
        );
    }
}

#[test]
#[allow(clippy::needless_range_loop)] // rows of several parallel arrays
fn self_play_outputs_describe_each_game() {
    for (name, settings) in [
        ("minishogi", &[][..]),
        ("must-capture", &[][..]),
        ("card", &[("base", "minishogi")][..]),
        ("tsuitate", &[("base", "minishogi")][..]),
        // Games of the shogi family: planes and drop slots by their kinds.
        ("dobutsu", &[][..]),
        ("kyotoshogi", &[][..]),
    ] {
        let n = 5;
        let mut batch = SelfPlay::new(name, settings, n, 2, 1, Some(30)).unwrap();
        let (len, size) = (batch.shape().len(), batch.actions().size() as usize);
        let mut out = Outputs::buffers(n, len, size);
        batch.reset(&mut out.view()).unwrap();
        let (mut terminated, mut truncated) = (0, 0);
        for step in 0..200 {
            let plies_before: Vec<u32> = (0..n).map(|i| batch.plies(i).unwrap()).collect();
            batch.step_random(&mut out.view()).unwrap();
            let mut expected = vec![0.0; len];
            for i in 0..n {
                let game = batch.game(i).unwrap();
                let mover = if out.to_play[i] == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                match game {
                    AnyGame::Board(g) => board_observation(g, mover, &mut expected),
                    AnyGame::Card(g) => card_observation(g, mover, &mut expected),
                    AnyGame::Tsuitate(r) => tsuitate_observation(&r.view(mover), &mut expected),
                    AnyGame::Family(g) => family_observation(g, mover, &mut expected),
                }
                assert_eq!(
                    &out.observations[i * len..(i + 1) * len],
                    &expected[..],
                    "{name} step {step} game {i}"
                );
                let mask: Vec<u32> = (0..size as u32)
                    .filter(|&a| out.masks[i * size + a as usize])
                    .collect();
                assert_eq!(mask, batch.legal_actions(i).unwrap());
                assert!(!mask.is_empty());
                let (rb, rw) = (out.rewards[2 * i], out.rewards[2 * i + 1]);
                assert!(!(out.terminated[i] && out.truncated[i]));
                if out.truncated[i] {
                    assert_eq!(plies_before[i] + 1, 30, "truncated at the cap");
                    assert_eq!((rb, rw), (0.0, 0.0));
                    truncated += 1;
                } else if out.terminated[i] {
                    assert_eq!(rb + rw, 0.0);
                    terminated += 1;
                } else {
                    assert_eq!((rb, rw), (0.0, 0.0));
                    assert_eq!(batch.plies(i).unwrap(), plies_before[i] + 1);
                }
                if out.terminated[i] || out.truncated[i] {
                    assert_eq!(batch.plies(i).unwrap(), 0, "restarted");
                }
            }
        }
        assert!(truncated > 0, "{name}");
        assert_eq!(batch.games_terminated(), terminated);
        assert_eq!(batch.games_truncated(), truncated);
    }
}

#[test]
fn self_play_refuses_bad_input_and_changes_nothing() {
    let mut batch = SelfPlay::new("minishogi", &[], 3, 1, 0, None).unwrap();
    let mut out = Outputs::buffers(3, batch.shape().len(), batch.actions().size() as usize);
    batch.reset(&mut out.view()).unwrap();
    let snapshot = out.clone();
    let legal: Vec<u32> = (0..3).map(|i| batch.legal_actions(i).unwrap()[0]).collect();
    let illegal = [legal[0], legal[1], 0];
    assert!(matches!(
        batch.step(&illegal, &mut out.view()),
        Err(SelfPlayError::IllegalAction { game: 2, action: 0 })
    ));
    assert!(matches!(
        batch.step(&legal[..2], &mut out.view()),
        Err(SelfPlayError::WrongLength {
            what: "actions",
            ..
        })
    ));
    let mut short = Outputs::buffers(2, batch.shape().len(), batch.actions().size() as usize);
    assert!(matches!(
        batch.step(&legal, &mut short.view()),
        Err(SelfPlayError::WrongLength { .. })
    ));
    assert_eq!(out.observations, snapshot.observations);
    assert_eq!(
        (0..3).map(|i| batch.plies(i).unwrap()).collect::<Vec<_>>(),
        vec![0, 0, 0]
    );
    batch.step(&legal, &mut out.view()).unwrap();
    assert_eq!(batch.plies(0), Some(1));
    assert!(SelfPlay::new("minishogi", &[("nope", "1")], 3, 1, 0, None).is_err());
    assert!(matches!(
        SelfPlay::new("minishogi", &[], 3, 0, 0, None),
        Err(SelfPlayError::Zero { what: "threads" })
    ));
}

/// Masks and piece planes are cleared entry by entry only in the buffers
/// written last; a step into other buffers (or ones holding anything else)
/// clears them in full.
#[test]
fn outputs_are_right_whichever_buffers_a_step_writes() {
    for (name, settings) in [
        ("standard", &[][..]),
        ("card", &[("base", "minishogi")][..]),
    ] {
        let mut batch = SelfPlay::new(name, settings, 4, 1, 3, Some(50)).unwrap();
        let (len, size) = (batch.shape().len(), batch.actions().size() as usize);
        let mut a = Outputs::buffers(4, len, size);
        let mut b = Outputs::buffers(4, len, size);
        b.masks.fill(true); // garbage: must be cleared in full
        b.observations.fill(0.5);
        batch.reset(&mut a.view()).unwrap();
        let mut expected = vec![0.0; len];
        for step in 0..300 {
            let out = match step % 5 {
                0 | 1 => &mut b,
                _ => &mut a,
            };
            batch.step_random(&mut out.view()).unwrap();
            for i in 0..4 {
                let mask: Vec<u32> = (0..size as u32)
                    .filter(|&x| out.masks[i * size + x as usize])
                    .collect();
                assert_eq!(
                    mask,
                    batch.legal_actions(i).unwrap(),
                    "{name} step {step} game {i}"
                );
                let mover = if out.to_play[i] == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                match batch.game(i).unwrap() {
                    AnyGame::Board(g) => board_observation(g, mover, &mut expected),
                    AnyGame::Card(g) => card_observation(g, mover, &mut expected),
                    AnyGame::Tsuitate(_) | AnyGame::Family(_) => unreachable!(),
                }
                assert!(
                    out.observations[i * len..(i + 1) * len] == expected[..],
                    "{name} step {step} game {i}"
                );
            }
        }
    }
}

/// The information-state tensor has perfect recall: the same moves in
/// another order give another tensor, although the observation (what the
/// player knows now) is the same; and the capacity bound holds in play.
#[test]
fn tsuitate_information_state_tensors_have_perfect_recall() {
    use shogi_research::observation::{
        tsuitate_information_capacity, tsuitate_information_state, ANNOUNCEMENT_WIDTH,
    };
    let settings = TsuitateSettings::default();
    let play = |moves: &[&str]| {
        let mut referee = Referee::new(settings.clone());
        for usi in moves {
            referee.attempt(usi.parse().unwrap()).unwrap();
        }
        referee.view(Color::Black)
    };
    let one = play(&["7g7f", "3c3d", "2g2f", "4c4d"]);
    let two = play(&["2g2f", "3c3d", "7g7f", "4c4d"]);
    let shape = ObservationShape::tsuitate(9, 9);
    let capacity = tsuitate_information_capacity(settings.foul_limit, settings.move_limit).unwrap();
    let len = shape.len() + capacity * ANNOUNCEMENT_WIDTH;
    let (mut a, mut b) = (vec![0.0; len], vec![0.0; len]);
    assert!(tsuitate_information_state(&one, capacity, &mut a));
    assert!(tsuitate_information_state(&two, capacity, &mut b));
    assert_eq!(a[..shape.len()], b[..shape.len()], "the same knowledge now");
    assert_ne!(a, b, "but not the same history");

    // Random games to their end never exceed the capacity.
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut longest = 0;
    for base in [Base::STANDARD, Base::MINISHOGI] {
        let settings = TsuitateSettings {
            base,
            foul_limit: 3,
            move_limit: Some(40),
            ..TsuitateSettings::default()
        };
        let capacity =
            tsuitate_information_capacity(settings.foul_limit, settings.move_limit).unwrap();
        for _ in 0..40 {
            let mut referee = Referee::new(settings.clone());
            while referee.outcome().is_none() {
                let moves = referee.view(referee.side_to_move()).candidate_moves();
                referee
                    .attempt(moves[rng.random_range(0..moves.len())])
                    .unwrap();
            }
            for color in [Color::Black, Color::White] {
                let view = referee.view(color);
                longest = longest.max(view.information_state.len());
                let len = ObservationShape::tsuitate(view.board.files(), view.board.ranks()).len()
                    + capacity * ANNOUNCEMENT_WIDTH;
                let mut out = vec![0.0; len];
                assert!(tsuitate_information_state(&view, capacity, &mut out));
            }
        }
    }
    assert!(
        longest > 40,
        "games long enough to test the bound: {longest}"
    );
}

/// The deck planes show what the next draw can give, read from the deck's
/// own rule ([`shogi_variants::Deck::drawable`]): the pile, or the
/// discards once the pile is empty (the next draw reshuffles them in).
#[test]
fn card_deck_planes_follow_the_reshuffle() {
    use shogi_variants::{Card, GameState, ToMove};
    let settings = CardSettings {
        base: Base::MINISHOGI,
        copies_per_rank: 1,
        jokers: false,
        ..CardSettings::default()
    };
    let mut game = CardGame::new(settings, 11).unwrap();
    let shape = ObservationShape::card(5, 5);
    let mut out = vec![0.0; shape.len()];
    let deck_plane = |id: usize| 50 + 6 + id;
    let mut saw_reshuffle_due = false;
    for _ in 0..60 {
        card_observation(&game, Color::Black, &mut out);
        let deck = game.deck();
        for rank in 1..=5u8 {
            let expected = f32::from(deck.drawable(Card::Rank(rank)));
            assert_eq!(
                out[shape.index(deck_plane(usize::from(rank)), 0, 0)],
                expected,
                "rank {rank}: {deck:?}"
            );
        }
        if deck.left_total() == 0 && deck.discarded_total() > 0 {
            saw_reshuffle_due = true;
            // Every discard is drawable again: all five planes are lit.
            assert!((1..=5).all(|r| out[shape.index(deck_plane(r), 0, 0)] == 1.0));
        }
        match game.to_move() {
            ToMove::Chance => {
                game.chance_step().unwrap();
            }
            ToMove::Player(_) => {
                let mv = GameState::legal_moves(&game)[0];
                GameState::play(&mut game, mv).unwrap();
            }
            ToMove::Over(_) => break,
        }
    }
    assert!(saw_reshuffle_due, "the deck never ran out");
}

/// A batch too big for memory is an error, not an abort (or a panic).
#[test]
fn a_batch_too_big_for_memory_is_refused() {
    for games in [usize::MAX, usize::MAX / 2048] {
        match SelfPlay::new("minishogi", &[], games, 1, 0, None) {
            Err(SelfPlayError::Memory { games: g, .. }) => assert_eq!(g, games),
            other => panic!("expected a memory error, got {:?}", other.map(|b| b.len())),
        }
    }
}
