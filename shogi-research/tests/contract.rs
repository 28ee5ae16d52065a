//! The game contract: a game written here, only against `GameState` (a
//! modifier that forbids drops), is played by every player, the match
//! runner, batched self-play and saved games, none of which knows it; and
//! the library's own games answer the contract consistently.

use shogi_core::{Color, Game, Geometry, Move, MoveList, Outcome, Variant};
use shogi_players::{
    play_game_of, BeliefPlayer, Budget, CardExpectimaxPlayer, HouseRules, HouseVerdict,
    MatchSettings, NaivePlayer, OverTime, Player, RandomPlayer, SearchPlayer, Session,
};
use shogi_research::selfplay::{Outputs, SelfPlay};
use shogi_variants::{
    Action, AnyGame, AnyVariant, GameKind, GameState, Minishogi, PlayError, Probability, SavedGame,
    Seen, ToMove, Verdict,
};
use std::time::Duration;

/// Minishogi in which pieces in hand may never be dropped: a game the
/// library has never heard of, written only against the contract.
#[derive(Clone, Debug)]
struct NoDrops(Game<AnyVariant>);

impl NoDrops {
    fn new() -> NoDrops {
        NoDrops(Game::new(AnyVariant::Minishogi(Minishogi::default())))
    }
}

impl GameState for NoDrops {
    fn name(&self) -> &str {
        "no-drops"
    }
    fn settings_value(&self) -> serde_json::Value {
        serde_json::json!({})
    }
    fn geometry(&self) -> &'static Geometry {
        self.0.position().geometry()
    }
    fn start_sfen(&self) -> String {
        self.0.start_position().to_sfen()
    }
    fn to_move(&self) -> ToMove {
        if let Some(o) = self.0.outcome() {
            return ToMove::Over(o);
        }
        let side = self.0.position().side_to_move();
        if self.legal_moves().is_empty() {
            // Only drops were legal: the side to move has no move and loses.
            return ToMove::Over(Outcome::loss(side, shogi_core::EndReason::NoLegalMove));
        }
        ToMove::Player(side)
    }
    fn side_to_move(&self) -> Color {
        self.0.position().side_to_move()
    }
    fn legal_moves(&self) -> MoveList {
        let mut moves = self.0.legal_moves();
        moves.retain(|m| m.from().is_some());
        moves
    }
    fn play(&mut self, mv: Move) -> Result<Verdict, PlayError> {
        if let ToMove::Over(o) = self.to_move() {
            return Err(PlayError::GameOver(o));
        }
        if !self.legal_moves().contains(&mv) {
            return Err(PlayError::Illegal {
                mv,
                rule: shogi_core::Illegality::NotAllowed,
                reason: "no drops in this game".to_owned(),
            });
        }
        self.0.play_unchecked(mv);
        Ok(Verdict::Played)
    }
    fn resign(&mut self, seat: Color) -> Result<Outcome, PlayError> {
        if let ToMove::Over(o) = self.to_move() {
            return Err(PlayError::GameOver(o));
        }
        self.0
            .resign_as(seat)
            .map_err(|e| PlayError::BadAction(e.to_string()))
    }
    fn undo(&mut self) -> Result<Move, PlayError> {
        self.0.undo().ok_or(PlayError::NothingToUndo)
    }
    fn seen(&self, _seat: Color) -> Seen<'_> {
        Seen::Position(self.0.position())
    }
    fn history(&self) -> Vec<Action> {
        self.0.moves().iter().map(|&m| Action::Move(m)).collect()
    }
}

fn players() -> Vec<Box<dyn Player>> {
    vec![
        Box::new(RandomPlayer::new(1)),
        Box::new(SearchPlayer::new(Budget::Depth(2))),
        Box::new(CardExpectimaxPlayer::new()),
        Box::new(BeliefPlayer::new(2)),
        Box::new(NaivePlayer::new(3)),
    ]
}

#[test]
fn every_player_plays_a_game_it_has_never_heard_of_legally() {
    let settings = MatchSettings {
        max_plies: 80,
        ..MatchSettings::default()
    };
    let mut played = 0;
    for mut a in players() {
        for mut b in players() {
            let record = play_game_of(NoDrops::new(), &mut a, &mut b, Color::Black, &settings, 0);
            // Nobody forfeits: every move offered was one of the game's.
            assert_ne!(
                record.outcome.reason,
                shogi_core::EndReason::Custom(shogi_players::ILLEGAL_MOVE),
                "{} vs {}",
                a.name(),
                b.name()
            );
            assert!(record.plies > 0);
            played += 1;
        }
    }
    assert_eq!(played, 25);
}

#[test]
fn the_match_runner_plays_the_new_game_to_its_end_and_never_drops() {
    let mut game = NoDrops::new();
    let mut a = RandomPlayer::new(5);
    let mut b = RandomPlayer::new(6);
    let mut session = Session::new(game.clone(), HouseRules::default(), 0);
    while let ToMove::Player(seat) = session.to_move() {
        let player: &mut dyn Player = if seat == Color::Black { &mut a } else { &mut b };
        let turn = session.ask(seat, player).unwrap();
        let HouseVerdict::Played(mv, Verdict::Played) = turn else {
            panic!("{turn:?}");
        };
        assert!(mv.from().is_some(), "{mv} is a drop");
        game.play(mv).unwrap();
        assert!(session.plies() < 2000);
    }
    assert_eq!(session.outcome(), game.to_move().outcome());
}

#[test]
fn self_play_steps_the_new_game_with_board_planes_and_drop_free_masks() {
    let mut batch = SelfPlay::of_game(NoDrops::new(), 4, 1, 9, Some(60)).unwrap();
    let (n, obs, actions) = (
        batch.len(),
        batch.shape().len(),
        batch.actions().size() as usize,
    );
    assert_eq!(batch.shape().planes, 48);
    let mut out = Outputs::buffers(n, obs, actions);
    batch.reset(&mut out.view()).unwrap();
    for _ in 0..150 {
        batch.step_random(&mut out.view()).unwrap();
        for i in 0..n {
            let game = batch.game(i).unwrap();
            let legal = batch.legal_actions(i).unwrap();
            let expected: Vec<u32> = game
                .legal_moves()
                .iter()
                .filter_map(|&m| batch.actions().encode(m))
                .collect();
            assert_eq!(legal.len(), expected.len());
            assert!(game
                .history()
                .iter()
                .all(|a| matches!(a, Action::Move(m) if m.from().is_some())));
        }
    }
    assert!(batch.games_finished() > 0);
}

#[test]
fn a_saved_new_game_replays_onto_a_fresh_one() {
    let mut game = NoDrops::new();
    let mut player = RandomPlayer::new(11);
    for _ in 0..30 {
        let ToMove::Player(seat) = game.to_move() else {
            break;
        };
        let mv = player.choose(game.observation(seat)).unwrap();
        game.play(mv).unwrap();
    }
    let json = SavedGame::of_state(&game).to_json();
    let back = SavedGame::from_json(&json)
        .unwrap()
        .replay_onto(NoDrops::new())
        .unwrap();
    assert_eq!(back.history(), game.history());
    assert_eq!(back.0.position(), game.0.position());
    // A document of another game is refused, saying so.
    let other = SavedGame::of_state(&AnyGame::new("minishogi", &[], 0).unwrap());
    assert!(other.replay_onto(NoDrops::new()).is_err());
}

#[test]
fn every_library_game_answers_the_contract_consistently() {
    let games: Vec<(&str, Vec<(&str, &str)>)> = vec![
        ("standard", vec![]),
        ("minishogi", vec![]),
        ("must-capture", vec![("base", "minishogi")]),
        ("card", vec![("base", "minishogi"), ("jokers", "true")]),
        ("tsuitate", vec![("base", "minishogi")]),
    ];
    for (name, settings) in games {
        let mut game = AnyGame::new(name, &settings, 3).unwrap();
        assert_eq!(game.kind(), GameKind::from_name(name).unwrap());
        assert_eq!(game.name(), name);
        let mut player = RandomPlayer::new(4);
        for _ in 0..200 {
            match game.to_move() {
                ToMove::Over(o) => {
                    assert_eq!(game.outcome(), Some(o));
                    assert!(game.legal_moves().is_empty());
                    let mv = "1a1b".parse().unwrap();
                    assert!(matches!(game.play(mv), Err(PlayError::GameOver(_))));
                    break;
                }
                ToMove::Chance => {
                    assert!(game.is_chance_node());
                    assert!(game.legal_moves().is_empty());
                    let outcomes = game.chance_outcomes();
                    // They sum to exactly one: over the common denominator.
                    let gcd = |mut a: u64, mut b: u64| {
                        while b != 0 {
                            (a, b) = (b, a % b);
                        }
                        a
                    };
                    let common = outcomes.iter().fold(1u64, |l, (_, p)| {
                        let d = u64::from(p.denominator());
                        l / gcd(l, d) * d
                    });
                    let total: u64 = outcomes
                        .iter()
                        .map(|(_, p)| {
                            u64::from(p.numerator()) * (common / u64::from(p.denominator()))
                        })
                        .sum();
                    assert_eq!(total, common, "{name}: {outcomes:?}");
                    // A move at a chance step is refused, and nothing changes.
                    let before = game.history();
                    assert_eq!(
                        game.play("1e1d".parse().unwrap()),
                        Err(PlayError::ChanceToMove)
                    );
                    assert_eq!(game.history(), before);
                    game.chance_step().unwrap();
                }
                ToMove::Player(seat) => {
                    assert!(!game.is_chance_node());
                    assert_eq!(game.side_to_move(), seat);
                    let observation = game.observation(seat);
                    assert_eq!(observation.choices(), &game.legal_moves());
                    // The other seat may look, but has nothing to play.
                    assert!(game.observation(seat.opponent()).choices().is_empty());
                    if name == "tsuitate" {
                        assert!(matches!(observation.seen(), Seen::Tsuitate(v) if v.color == seat));
                    }
                    // Legal squares agree with the moves.
                    for &mv in game.legal_moves().iter() {
                        if let Some(from) = mv.from() {
                            assert!(game.legal_destinations(from).contains(mv.to()));
                        }
                    }
                    let mv = player.choose(observation).unwrap();
                    let before = game.history();
                    let bogus = "9a9i".parse().unwrap();
                    assert!(game.play(bogus).is_err());
                    assert_eq!(
                        game.history(),
                        before,
                        "{name}: a refused move changed the game"
                    );
                    game.play(mv).unwrap();
                }
            }
        }
        // The history replays into the same game.
        let saved = SavedGame::of_state(&game);
        let fresh = AnyGame::new(name, &settings, 3).unwrap();
        let replayed = saved.replay_onto(fresh).unwrap();
        assert_eq!(replayed.history(), game.history(), "{name}");
        assert_eq!(replayed.outcome(), game.outcome(), "{name}");
    }
}

#[test]
fn undo_where_the_game_allows_it() {
    let mut board = AnyGame::new("minishogi", &[], 0).unwrap();
    assert_eq!(board.undo(), Err(PlayError::NothingToUndo));
    board.play("2e3d".parse().unwrap()).unwrap();
    assert_eq!(board.undo(), Ok("2e3d".parse().unwrap()));
    let mut card = AnyGame::new("card", &[("base", "minishogi")], 0).unwrap();
    card.chance_step().unwrap();
    assert!(matches!(card.undo(), Err(PlayError::NotUndoable(_))));
    let mut tsuitate = AnyGame::new("tsuitate", &[("base", "minishogi")], 0).unwrap();
    assert!(matches!(tsuitate.undo(), Err(PlayError::NotUndoable(_))));
}

#[test]
fn chance_outcomes_are_exact_and_ids_are_card_ids() {
    let mut card = AnyGame::new("card", &[("base", "minishogi"), ("jokers", "true")], 0).unwrap();
    // 5 ranks × 8 copies + 2 jokers.
    let outcomes = card.chance_outcomes();
    assert_eq!(outcomes[0], (0, Probability::new(2, 42).unwrap()));
    assert_eq!(outcomes[3], (3, Probability::new(8, 42).unwrap()));
    assert_eq!(card.apply_chance(9), Err(PlayError::BadChanceOutcome(9)));
    card.apply_chance(3).unwrap();
    assert_eq!(card.history(), [Action::Chance(3)]);
    assert!(matches!(
        card.apply_chance(3),
        Err(PlayError::NotChance(Color::Black))
    ));
}

#[test]
fn house_rules_lose_on_time_or_let_the_cpu_move() {
    let game = AnyGame::new("minishogi", &[], 0).unwrap();
    let rules = HouseRules {
        turn_time: Some(Duration::from_secs(30)),
        over_time: OverTime::Lose,
    };
    let mut session = Session::new(game.clone(), rules, 0);
    let mv = "2e3d".parse().unwrap();
    assert_eq!(
        session.submit(Color::Black, mv, Duration::from_secs(31)),
        Ok(HouseVerdict::LostOnTime)
    );
    let o = session.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (
            Some(Color::White),
            shogi_core::EndReason::Custom(shogi_players::TIMEOUT)
        )
    );
    // In time, the move is played; the wrong seat is refused and nothing changes.
    let mut session = Session::new(game, rules, 0);
    assert!(session.submit(Color::White, mv, Duration::ZERO).is_err());
    assert_eq!(session.plies(), 0);
    assert_eq!(
        session.submit(Color::Black, mv, Duration::from_secs(29)),
        Ok(HouseVerdict::Played(mv, Verdict::Played))
    );
    assert!(session.resign(Color::Black).is_ok());
    assert!(session.resign(Color::White).is_err(), "a game ends once");
    assert_eq!(session.outcome().unwrap().score(Color::White), 1.0);
}

#[test]
fn the_kind_table_names_every_game_once() {
    let names = GameKind::names();
    assert_eq!(
        names,
        [
            "standard",
            "minishogi",
            "must-capture",
            "card",
            "tsuitate",
            "defined",
            "scripted"
        ]
    );
    /// A script with no hooks of its own: the scripted kind needs a name.
    #[derive(Debug)]
    struct Plain;
    impl shogi_variants::Hooks for Plain {}
    shogi_variants::Scripted::register(
        "contract-plain",
        AnyVariant::from_name("minishogi").unwrap(),
        std::sync::Arc::new(Plain),
    )
    .unwrap();
    for kind in GameKind::ALL {
        assert_eq!(kind.name().parse::<GameKind>(), Ok(kind));
        assert_eq!(
            kind.to_string().to_uppercase().parse::<GameKind>(),
            Ok(kind)
        );
        let settings: &[(&str, &str)] = if kind == GameKind::Scripted {
            &[("name", "contract-plain")]
        } else {
            &[]
        };
        let game = AnyGame::of_kind(kind, settings, 0).unwrap();
        assert_eq!(game.kind(), kind);
        assert_eq!(game.is_chance_node(), kind.has_chance());
    }
    let v = AnyVariant::with_named_settings("minishogi", &[]).unwrap();
    assert_eq!(v.name(), GameKind::Minishogi.name());
}
