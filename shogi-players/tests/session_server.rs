//! What a game server needs of a game (issue 32, item 5): either seat
//! resigns at any time, the resignation is the game's and survives save
//! and restore, and each action reports what each seat was told.

use shogi_core::{Color, EndReason};
use shogi_players::{HouseRules, Session};
use shogi_variants::{
    Action, Announcement, AnyGame, GameState, PlayError, SavedGame, ToMove, Told, Verdict,
};

fn restored(game: &AnyGame) -> AnyGame {
    let json = SavedGame::of(game).to_json();
    SavedGame::from_json(&json)
        .and_then(|s| s.restore())
        .unwrap_or_else(|e| panic!("{e}\n{json}"))
}

fn resigned_by(game: &AnyGame, loser: Color) {
    let o = game.outcome().expect("over");
    assert_eq!(
        (o.winner, o.reason),
        (Some(loser.opponent()), EndReason::Resignation)
    );
    assert!(matches!(game.to_move(), ToMove::Over(_)));
}

/// A game of `name` two actions in (a Card shogi draw is an action).
fn started(name: &str) -> AnyGame {
    let mut game = AnyGame::new(name, &[], 5).expect("a game");
    for _ in 0..2 {
        match game.to_move() {
            ToMove::Chance => {
                game.chance_step().expect("a card");
            }
            ToMove::Player(_) => {
                let mv = game.legal_moves()[0];
                game.play(mv).expect("legal");
            }
            ToMove::Over(o) => panic!("over early: {o}"),
        }
    }
    game
}

#[test]
fn a_resignation_through_a_session_survives_save_and_restore_in_every_game() {
    for name in ["standard", "minishogi", "judkins", "card", "tsuitate"] {
        for loser in Color::ALL {
            let mut session = Session::new(started(name), HouseRules::default(), 1);
            session.resign(loser).expect("a live game");
            resigned_by(session.game(), loser);
            let back = restored(session.game());
            resigned_by(&back, loser);
            assert_eq!(back.history(), session.game().history(), "{name}");
        }
    }
}

#[test]
fn either_seat_resigns_on_either_turn_and_at_a_chance_step() {
    let mut card = AnyGame::new("card", &[], 9).expect("card");
    assert_eq!(card.to_move(), ToMove::Chance);
    card.resign(Color::Black).expect("resign at a chance step");
    resigned_by(&card, Color::Black);
    assert!(matches!(
        card.resign(Color::White),
        Err(PlayError::GameOver(_))
    ));
    assert!(matches!(card.chance_step(), Err(PlayError::GameOver(_))));

    let mut game = AnyGame::new("standard", &[], 0).expect("standard");
    game.resign(Color::White)
        .expect("White resigns on Black's turn");
    resigned_by(&game, Color::White);
    assert!(game.legal_moves().is_empty());
    assert!(matches!(
        game.play("7g7f".parse().expect("a move")),
        Err(PlayError::GameOver(_))
    ));
    assert!(
        matches!(game.undo(), Err(PlayError::NotUndoable(_))),
        "a resignation is final"
    );
}

#[test]
fn a_tsuitate_resignation_is_told_to_both_seats() {
    let mut game = AnyGame::new("tsuitate", &[], 0).expect("tsuitate");
    game.resign(Color::White).expect("live");
    let AnyGame::Tsuitate(referee) = &game else {
        panic!("tsuitate")
    };
    for seat in Color::ALL {
        let view = referee.view(seat);
        assert!(
            matches!(view.information_state.last(), Some(Announcement::GameOver(o)) if o.reason == EndReason::Resignation),
            "{seat:?}: {:?}",
            view.information_state
        );
    }
}

#[test]
fn each_action_reports_what_each_seat_was_told() {
    // Open games: nothing to tell, both seats see the move.
    let mut open = AnyGame::new("minishogi", &[], 0).expect("minishogi");
    let report = open
        .apply_action("2e3d".parse().expect("an action"))
        .expect("legal");
    assert_eq!(report.verdict, Some(Verdict::Played));
    assert!(report.told.iter().all(Vec::is_empty));

    // Card shogi: the card drawn, to both seats; a move tells nothing more.
    let mut card = AnyGame::new("card", &[], 4).expect("card");
    let id = card.chance_outcomes()[0].0;
    let report = card
        .apply_action(Action::Chance(id))
        .expect("a card of the deck");
    assert_eq!(report.verdict, None);
    for told in &report.told {
        assert!(
            matches!(told[..], [Told::Card(c)] if c.id() == id),
            "{told:?}"
        );
    }

    // Tsuitate: the mover is told it played, the opponent only that a move
    // was made; a capture and a check are told to both.
    let mut t = AnyGame::new("tsuitate", &[("base", "minishogi")], 0).expect("tsuitate");
    let report = t
        .apply_action("1e1d".parse().expect("a move"))
        .expect("a candidate");
    let [black, white] = &report.told;
    let attempted = Announcement::Attempted("1e1d".parse().expect("a move"));
    assert_eq!(
        black,
        &[
            Told::Announcement(attempted),
            Told::Announcement(Announcement::Played)
        ]
    );
    assert_eq!(white, &[Told::Announcement(Announcement::OpponentMoved)]);

    // A refused action tells nothing and changes nothing.
    let before = SavedGame::of(&t).to_json();
    assert!(t.apply_action(Action::Chance(0)).is_err());
    assert!(t.apply_action("9a9b".parse().expect("a move")).is_err());
    assert_eq!(SavedGame::of(&t).to_json(), before);
}

#[test]
fn a_session_says_what_each_seat_was_told_by_the_last_move() {
    let game = AnyGame::new("tsuitate", &[("base", "minishogi")], 0).expect("tsuitate");
    let mut table = Session::new(game, HouseRules::default(), 1);
    table
        .submit(
            Color::Black,
            "1e1d".parse().expect("a move"),
            std::time::Duration::ZERO,
        )
        .expect("a candidate");
    assert_eq!(
        table.told(Color::White),
        &[Told::Announcement(Announcement::OpponentMoved)]
    );
    assert_eq!(table.told(Color::Black).len(), 2, "attempted, played");
    table.resign(Color::Black).expect("live");
    assert!(table.told(Color::White).is_empty());
    let mut open = Session::new(
        AnyGame::new("standard", &[], 0).expect("standard"),
        HouseRules::default(),
        1,
    );
    open.submit(
        Color::Black,
        "7g7f".parse().expect("a move"),
        std::time::Duration::ZERO,
    )
    .expect("legal");
    assert!(Color::ALL.iter().all(|&c| open.told(c).is_empty()));
}
