//! Episodes: whole games by chosen seats, every decision recorded.

use shogi_core::{Color, Game};
use shogi_research::action::ActionSpace;
use shogi_research::episodes::{
    episode_seed, Decisions, EpisodeResult, Episodes, EpisodesError, Seat,
};
use shogi_research::observation::{board_observation, ObservationShape};
use shogi_variants::{AnyGame, AnyVariant, GameState};

fn seeds(run: u64, range: std::ops::Range<u64>) -> Vec<u64> {
    range.map(|i| episode_seed(run, i)).collect()
}

fn seat(text: &str) -> Seat {
    text.parse().unwrap()
}

/// Game `g`'s rows of a batch's decisions: (actions, observations, masks).
fn rows_of(d: &Decisions, g: u32, obs: usize, mask: usize) -> (Vec<u32>, Vec<f32>, Vec<u8>) {
    let rows: Vec<usize> = (0..d.actions.len()).filter(|&k| d.games[k] == g).collect();
    let actions = rows.iter().map(|&k| d.actions[k]).collect();
    let observations = rows
        .iter()
        .flat_map(|&k| d.observations[k * obs..(k + 1) * obs].iter().copied())
        .collect();
    let masks = rows
        .iter()
        .flat_map(|&k| d.masks[k * mask..(k + 1) * mask].iter().copied())
        .collect();
    (actions, observations, masks)
}

#[test]
fn a_game_depends_on_its_seed_only_not_on_the_batch_or_threads() {
    for (game, settings, seats) in [
        (
            "minishogi",
            vec![],
            [seat("random"), seat("search:nodes=300")],
        ),
        (
            "card",
            vec![("base", "minishogi")],
            [seat("card"), seat("random")],
        ),
        (
            "tsuitate",
            vec![("base", "minishogi")],
            [seat("belief:particles=8"), seat("naive")],
        ),
    ] {
        let all = seeds(11, 0..6);
        let mut whole =
            Episodes::new(game, &settings, &all, seats.clone(), Some(80), 2, true).unwrap();
        whole.advance().unwrap();
        assert!(whole.is_done());
        let (obs, mask) = (whole.shape().len(), whole.mask_bytes());
        let d_whole = whole.decisions();
        // The same games split in two batches on one thread, in another order.
        for (part, offset) in [(3..6u64, 3u32), (0..3, 0)] {
            let mut batch = Episodes::new(
                game,
                &settings,
                &seeds(11, part),
                seats.clone(),
                Some(80),
                1,
                true,
            )
            .unwrap();
            batch.advance().unwrap();
            let d = batch.decisions();
            for g in 0..3u32 {
                assert_eq!(
                    rows_of(&d, g, obs, mask),
                    rows_of(&d_whole, g + offset, obs, mask),
                    "{game} game {}",
                    g + offset
                );
                assert_eq!(
                    batch.results()[g as usize],
                    whole.results()[(g + offset) as usize]
                );
            }
        }
        assert!(d_whole.actions.len() > 6, "{game}: games were played");
    }
}

#[test]
fn every_decision_is_legal_replays_and_carries_its_mover_s_outcome() {
    let all = seeds(3, 0..8);
    let mut batch = Episodes::new(
        "minishogi",
        &[],
        &all,
        [Seat::Random, Seat::Random],
        Some(120),
        2,
        true,
    )
    .unwrap();
    batch.advance().unwrap();
    let d = batch.decisions();
    let space = batch.actions();
    let shape = ObservationShape::board(5, 5);
    let mut decided = false;
    for (i, result) in batch.results().iter().enumerate() {
        assert!(result.is_over());
        assert_eq!(result.seed, all[i]);
        let mut game = Game::new(AnyVariant::Minishogi(Default::default()));
        let rows: Vec<usize> = (0..d.actions.len())
            .filter(|&k| d.games[k] == i as u32)
            .collect();
        assert_eq!(rows.len(), result.plies as usize);
        for (ply, &k) in rows.iter().enumerate() {
            assert_eq!(d.plies[k], ply as u32);
            let mover = game.position().side_to_move();
            assert_eq!(d.players[k], mover.index() as u8);
            // The observation is the mover's, as board_observation writes it.
            let mut expected = vec![0.0; shape.len()];
            board_observation(&game, mover, &mut expected);
            assert_eq!(
                &d.observations[k * shape.len()..(k + 1) * shape.len()],
                &expected[..]
            );
            // The mask is exactly the legal actions, and the action one of them.
            let legal = space.legal_actions(&game.legal_moves());
            let bytes = &d.masks[k * batch.mask_bytes()..(k + 1) * batch.mask_bytes()];
            let set: Vec<u32> = (0..space.size())
                .filter(|&a| bytes[a as usize / 8] >> (a % 8) & 1 == 1)
                .collect();
            assert_eq!(set, legal);
            assert!(legal.contains(&d.actions[k]));
            assert_eq!(d.outcomes[k], result.value_for(mover));
            decided |= d.outcomes[k] != 0.0;
            game.play(space.decode(d.actions[k]).unwrap()).unwrap();
        }
        let kept = batch.game(i).unwrap();
        assert_eq!(kept.side_to_move(), game.position().side_to_move());
        assert_eq!(kept.legal_moves().to_vec(), game.legal_moves().to_vec());
        assert_eq!(GameState::outcome(kept), game.outcome());
        assert_eq!(result.truncated, game.outcome().is_none());
    }
    assert!(decided, "some game ended by the rules");
}

#[test]
fn a_policy_seat_waits_for_the_caller_and_illegal_actions_change_nothing() {
    let all = seeds(5, 0..4);
    let mut batch = Episodes::new(
        "minishogi",
        &[],
        &all,
        [Seat::Policy, seat("search:depth=1")],
        Some(30),
        1,
        true,
    )
    .unwrap();
    // Black moves first: every game waits before anything is played.
    assert_eq!(batch.advance().unwrap(), 4);
    assert_eq!(batch.waiting(), vec![0, 1, 2, 3]);
    let (len, size) = (batch.shape().len(), batch.actions().size() as usize);
    let mut obs = vec![0.0; 4 * len];
    let mut masks = vec![false; 4 * size];
    batch.observe_waiting(&mut obs, &mut masks);
    let firsts: Vec<u32> = (0..4)
        .map(|k| {
            masks[k * size..(k + 1) * size]
                .iter()
                .position(|&m| m)
                .unwrap() as u32
        })
        .collect();
    // A wrong count or an illegal action: an error, nothing played.
    assert!(matches!(
        batch.act(&firsts[..3]),
        Err(EpisodesError::WrongCount {
            expected: 4,
            got: 3
        })
    ));
    let mut bad = firsts.clone();
    bad[2] = 0;
    assert!(!masks[2 * size]);
    assert!(matches!(
        batch.act(&bad),
        Err(EpisodesError::IllegalAction { game: 2, action: 0 })
    ));
    assert!(batch.decisions().actions.is_empty());
    // Legal actions: played, then the search seat answers, and Black waits again.
    let mut rounds = 0;
    while !batch.is_done() {
        let waiting = batch.waiting();
        let mut obs = vec![0.0; waiting.len() * len];
        let mut masks = vec![false; waiting.len() * size];
        batch.observe_waiting(&mut obs, &mut masks);
        let actions: Vec<u32> = (0..waiting.len())
            .map(|k| {
                masks[k * size..(k + 1) * size]
                    .iter()
                    .position(|&m| m)
                    .unwrap() as u32
            })
            .collect();
        batch.act(&actions).unwrap();
        batch.advance().unwrap();
        rounds += 1;
        assert!(rounds <= 30);
    }
    let d = batch.decisions();
    for k in 0..d.actions.len() {
        assert_eq!(
            d.plies[k] % 2,
            u32::from(d.players[k]),
            "Black (policy) and White alternate"
        );
    }
    assert!(batch.results().iter().all(EpisodeResult::is_over));
    assert!(matches!(batch.act(&[]), Ok(())));
    assert_eq!(batch.games_on(), 0);
}

#[test]
fn seats_read_from_text_and_refuse_what_they_cannot_play() {
    assert_eq!(
        seat("search"),
        Seat::Search {
            nodes: None,
            depth: None,
            hash_mb: 1
        }
    );
    assert_eq!(
        seat("belief:particles=16").to_string(),
        "belief:particles=16"
    );
    for bad in [
        "alphazero",
        "search:nodes",
        "search:nodes=x",
        "search:nodes=0",
        "random:nodes=3",
        "search:nodes=5,depth=2",
    ] {
        let err = bad.parse::<Seat>().unwrap_err();
        assert!(
            err.to_string().contains(bad.split(':').next().unwrap()),
            "{err}"
        );
    }
    let s = seeds(0, 0..1);
    for (game, settings, seats) in [
        ("standard", vec![], [seat("belief"), Seat::Random]),
        ("minishogi", vec![], [Seat::Random, seat("card")]),
        ("tsuitate", vec![], [seat("search"), Seat::Random]),
    ] {
        let err = Episodes::new(game, &settings, &s, seats, None, 1, false).unwrap_err();
        assert!(matches!(err, EpisodesError::SeatGame { .. }), "{err}");
    }
    assert!(matches!(
        Episodes::new(
            "standard",
            &[],
            &[],
            [Seat::Random, Seat::Random],
            None,
            1,
            false
        ),
        Err(EpisodesError::Zero { what: "seeds" })
    ));
    assert!(matches!(
        Episodes::new(
            "chess",
            &[],
            &s,
            [Seat::Random, Seat::Random],
            None,
            1,
            false
        ),
        Err(EpisodesError::Game(_))
    ));
}

#[test]
fn without_observations_the_rest_is_recorded_and_standard_games_run() {
    let mut batch = Episodes::new(
        "standard",
        &[],
        &seeds(9, 0..3),
        [Seat::Random, Seat::Random],
        Some(50),
        1,
        false,
    )
    .unwrap();
    batch.advance().unwrap();
    let d = batch.decisions();
    assert!(d.observations.is_empty());
    assert_eq!(d.masks.len(), d.actions.len() * 13_689usize.div_ceil(8));
    assert_eq!(
        batch.mask_bytes(),
        ActionSpace::new(9, 9).unwrap().size().div_ceil(8) as usize
    );
    // A standard game from a seed starts at the start position.
    let g: &AnyGame = batch.game(0).unwrap();
    assert_eq!(
        g.side_to_move(),
        if batch.results()[0].plies % 2 == 0 {
            Color::Black
        } else {
            Color::White
        }
    );
}
