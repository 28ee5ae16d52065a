//! A table saved and restored (`Session::to_json`/`from_json`, issue 37): a
//! game server that stops puts every table back as it was, the house's
//! ends (time, forfeit), rules and counts included, and the CPU stand-in
//! goes on with the same choices. Bad documents are refused with a reason,
//! never a panic.

use shogi_core::{Color, EndReason};
use shogi_players::{HouseRules, HouseVerdict, OverTime, Session, SessionSaveError, TIMEOUT};
use shogi_variants::{AnyGame, GameState, ToMove};
use std::time::Duration;

/// Every kind of game a table may hold: the five, a composition, a
/// definition, a family definition.
const GAMES: [(&str, &[(&str, &str)]); 8] = [
    ("standard", &[]),
    ("minishogi", &[]),
    ("must-capture", &[("base", "minishogi")]),
    ("card", &[]),
    ("tsuitate", &[("base", "minishogi")]),
    ("card", &[("base", "minishogi"), ("capture_duty", "true")]),
    ("judkins", &[]),
    ("dobutsu", &[]),
];

fn rules(over_time: OverTime) -> HouseRules {
    HouseRules {
        turn_time: Some(Duration::from_secs(30)),
        over_time,
    }
}

/// A table of `name` a few actions in, moves submitted in time.
fn table(name: &str, settings: &[(&str, &str)], over_time: OverTime) -> Session<AnyGame> {
    let game = AnyGame::new(name, settings, 11).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut table = Session::new(game, rules(over_time), 5);
    for _ in 0..4 {
        match table.to_move() {
            ToMove::Chance => {
                table.chance_step().expect("a card");
            }
            ToMove::Player(seat) => {
                let mv = table.game().legal_moves()[0];
                table
                    .submit(seat, mv, Duration::from_secs(1))
                    .expect("in time");
            }
            ToMove::Over(_) => break,
        }
    }
    table
}

fn round_trip(table: &Session<AnyGame>) -> Session<AnyGame> {
    let json = table.to_json();
    Session::from_json(&json).unwrap_or_else(|e| panic!("{e}\n{json}"))
}

fn same(a: &Session<AnyGame>, b: &Session<AnyGame>, what: &str) {
    assert_eq!(a.outcome(), b.outcome(), "{what}: outcome");
    assert_eq!(a.game().history(), b.game().history(), "{what}: history");
    assert_eq!(a.rules(), b.rules(), "{what}: rules");
    assert_eq!(
        (a.plies(), a.fouls(), a.stand_ins()),
        (b.plies(), b.fouls(), b.stand_ins()),
        "{what}: counts"
    );
    assert_eq!(a.to_json(), b.to_json(), "{what}: the document");
}

#[test]
fn every_kind_of_table_comes_back_as_it_was() {
    for (name, settings) in GAMES {
        for over_time in [OverTime::Lose, OverTime::CpuMoves] {
            let table = table(name, settings, over_time);
            same(&table, &round_trip(&table), name);
        }
    }
}

#[test]
fn a_loss_on_time_is_kept_though_the_game_alone_does_not_know_it() {
    for (name, settings) in GAMES {
        let mut table = table(name, settings, OverTime::Lose);
        if table.to_move() == ToMove::Chance {
            table.chance_step().expect("a card");
        }
        let ToMove::Player(late) = table.to_move() else {
            continue;
        };
        assert_eq!(table.time_up().expect("a turn"), HouseVerdict::LostOnTime);
        assert_eq!(
            table.game().outcome(),
            None,
            "{name}: the rules did not end it"
        );
        let back = round_trip(&table);
        let end = back.outcome().expect("over by the house");
        assert_eq!(
            (end.winner, end.reason),
            (Some(late.opponent()), EndReason::Custom(TIMEOUT)),
            "{name}"
        );
        assert!(
            back.clone().time_up().is_err(),
            "{name}: an ended table refuses more"
        );
        same(&table, &back, name);
    }
}

#[test]
fn a_restored_stand_in_makes_the_same_choices_as_the_table_that_never_stopped() {
    for (name, settings) in GAMES {
        let mut table = table(name, settings, OverTime::CpuMoves);
        let mut back = round_trip(&table);
        for _ in 0..6 {
            if table.outcome().is_some() {
                break;
            }
            if table.to_move() == ToMove::Chance {
                assert_eq!(
                    table.chance_step().ok(),
                    back.chance_step().ok(),
                    "{name}: the deck"
                );
                continue;
            }
            let (a, b) = (
                table.time_up().expect("a turn"),
                back.time_up().expect("a turn"),
            );
            assert!(
                matches!(a, HouseVerdict::StoodIn(..) | HouseVerdict::Forfeited),
                "{name}: {a:?}"
            );
            assert_eq!(a, b, "{name}");
            back = round_trip(&back);
        }
        same(&table, &back, name);
    }
}

#[test]
fn a_resignation_and_a_stop_survive_too() {
    let mut resigned = table("minishogi", &[], OverTime::Lose);
    resigned.resign(Color::White).expect("live");
    same(&resigned, &round_trip(&resigned), "resigned");
    let mut stopped = table("standard", &[], OverTime::Lose);
    stopped.stop().expect("live");
    let back = round_trip(&stopped);
    assert_eq!(back.outcome().map(|o| o.reason), Some(EndReason::MoveLimit));
    same(&stopped, &back, "stopped");
}

#[test]
fn bad_documents_are_refused_with_the_reason() {
    let good = table("minishogi", &[], OverTime::Lose).to_json();
    let edit = |from: &str, to: &str| {
        assert!(good.contains(from), "{from} in {good}");
        good.replacen(from, to, 1)
    };
    let refused = |text: &str| {
        Session::from_json(text)
            .err()
            .unwrap_or_else(|| panic!("accepted: {text}"))
    };
    assert!(matches!(refused("not json"), SessionSaveError::Json(_)));
    assert!(matches!(refused("[]"), SessionSaveError::Json(_)));
    assert!(matches!(
        refused(&edit("shogi-variants/session", "shogi-variants/game")),
        SessionSaveError::Format { .. }
    ));
    assert!(matches!(
        refused(&edit("\"version\":1,\"game\"", "\"version\":2,\"game\"")),
        SessionSaveError::Format { .. }
    ));
    let e = refused(&edit("\"over_time\":\"lose\"", "\"over_time\":\"never\""));
    assert_eq!(
        e.to_string(),
        "the saved table's 'over_time' is 'never': one of 'lose', 'cpu'"
    );
    let e = refused(&edit(
        "\"house_end\":null",
        "\"house_end\":\"timeout:grey\"",
    ));
    assert!(
        e.to_string()
            .starts_with("the saved table's 'house_end' is 'timeout:grey'"),
        "{e}"
    );
    assert!(matches!(
        refused(&edit(
            "\"stand_in_position\":\"",
            "\"stand_in_position\":\"x"
        )),
        SessionSaveError::Field { .. }
    ));
    assert!(matches!(
        refused(&edit("\"moves\":[", "\"moves\":[\"9a9b\",")),
        SessionSaveError::Game(_)
    ));

    // A house end on a game already over by itself (a resignation, kept
    // by the game) cannot be.
    let mut resigned = table("minishogi", &[], OverTime::Lose);
    resigned.resign(Color::Black).expect("live");
    let json =
        resigned
            .to_json()
            .replacen("\"house_end\":null", "\"house_end\":\"timeout:white\"", 1);
    assert!(json.contains("timeout:white"));
    assert!(matches!(
        Session::from_json(&json),
        Err(SessionSaveError::Field {
            field: "house_end",
            ..
        })
    ));

    // Arbitrary bytes and truncations: refused, never a panic.
    for cut in 0..good.len() {
        if good.is_char_boundary(cut) {
            assert!(Session::from_json(&good[..cut]).is_err());
        }
    }
}
