//! A defined variant is a base like the built-in games (issue 32, item 2):
//! it takes the house rules every game takes (`move_limit`, `repetition`,
//! `stalemate`, `impasse`) by the built-in bases' keys, saved games keep
//! them, and a win the last move achieved outranks the ends the position
//! after it would otherwise get (no move, repetition, move limit).

use shogi_core::{Color, EndReason, Game, Outcome, Position, Variant};
use shogi_variants::{
    AnyGame, AnyVariant, Base, Defined, Definition, GameState, Hooks, SavedGame, Scripted,
    VariantError, KING_REACHED_LAST_RANK,
};
use std::sync::Arc;

#[test]
fn a_shipped_definition_by_its_name_takes_the_house_rules() {
    let v = AnyVariant::with_named_settings("judkins", &[("move_limit", "300")]).unwrap();
    assert_eq!(v.move_limit(), Some(300));
    let v = AnyVariant::with_named_settings(
        "judkins",
        &[("stalemate", "Draw"), ("repetition", "FirstPlayerLoses")],
    )
    .unwrap();
    let AnyVariant::Defined(d) = &v else {
        panic!("judkins is a defined variant")
    };
    let end = d.definition().end_rules();
    assert_eq!(end.stalemate, shogi_variants::StalemateRule::Draw);
    assert_eq!(
        end.repetition,
        shogi_variants::RepetitionRule::FirstPlayerLoses
    );
    // The file's spelling is read too.
    let same = AnyVariant::with_named_settings(
        "judkins",
        &[("stalemate", "draw"), ("repetition", "first-player-loses")],
    )
    .unwrap();
    assert_eq!(same.settings(), v.settings());
}

#[test]
fn the_defined_kind_takes_the_house_rules_beside_its_definition() {
    let game = AnyGame::new(
        "defined",
        &[("definition", "judkins"), ("move_limit", "100")],
        0,
    )
    .unwrap();
    let AnyGame::Board(g) = &game else {
        panic!("a board game")
    };
    assert_eq!(g.variant().move_limit(), Some(100));
    assert_eq!(g.variant().name(), "judkins");
    // Without a definition: the shipped standard one, with 9×9's impasse rule.
    let v = AnyVariant::with_named_settings("defined", &[("impasse", "27")]).unwrap();
    assert_eq!(v.name(), "standard");
    let AnyVariant::Defined(d) = &v else {
        panic!("defined")
    };
    assert_eq!(
        d.definition().end_rules().impasse,
        shogi_variants::Impasse::Points27
    );
}

#[test]
fn a_house_rule_the_board_cannot_have_or_an_unknown_key_is_refused() {
    let e = AnyVariant::with_named_settings("judkins", &[("impasse", "27")]).unwrap_err();
    assert!(
        matches!(&e, VariantError::BadValue { key, .. } if key == "impasse"),
        "{e}"
    );
    assert!(e.to_string().contains("9"), "{e}");
    // The refused rule is named, whatever setting came after it.
    let e = AnyVariant::with_named_settings("judkins", &[("impasse", "27"), ("move_limit", "3")])
        .unwrap_err();
    assert!(
        matches!(&e, VariantError::BadValue { key, .. } if key == "impasse"),
        "{e}"
    );
    let e = AnyVariant::with_named_settings("judkins", &[("move_limit", "0")]).unwrap_err();
    assert!(
        matches!(&e, VariantError::BadValue { key, .. } if key == "move_limit"),
        "{e}"
    );
    let e = AnyVariant::with_named_settings("judkins", &[("stalemate", "tie")]).unwrap_err();
    assert!(e.to_string().contains("stalemate"), "{e}");
    let e = AnyVariant::with_named_settings("judkins", &[("check_wins", "true")]).unwrap_err();
    assert!(matches!(&e, VariantError::UnknownSetting { .. }), "{e}");
    for key in Definition::HOUSE_RULES {
        assert!(e.to_string().contains(key), "{e} names {key}");
    }
}

#[test]
fn a_modifier_over_a_defined_base_passes_the_house_rules_to_it() {
    let v = AnyVariant::with_named_settings(
        "must-capture",
        &[("base", "judkins"), ("stalemate", "Draw")],
    )
    .unwrap();
    let AnyVariant::MustCapture(m) = &v else {
        panic!("must-capture")
    };
    let Base::Defined(d) = m.settings().base else {
        panic!("over judkins")
    };
    assert_eq!(
        d.definition().end_rules().stalemate,
        shogi_variants::StalemateRule::Draw
    );
    assert_eq!(d.definition().name(), "judkins");
}

#[test]
fn a_saved_game_keeps_a_definitions_house_rules() {
    let mut game =
        AnyGame::new("judkins", &[("move_limit", "2"), ("stalemate", "Draw")], 0).unwrap();
    let first = game.legal_moves()[0];
    game.play(first).unwrap();
    let saved = SavedGame::of(&game).to_json();
    let back = SavedGame::from_json(&saved).unwrap().restore().unwrap();
    let AnyGame::Board(g) = &back else {
        panic!("a board game")
    };
    assert_eq!(g.variant().move_limit(), Some(2));
    assert_eq!(
        g.variant().settings(),
        AnyVariant::with_named_settings("judkins", &[("move_limit", "2"), ("stalemate", "Draw")])
            .unwrap()
            .settings()
    );
    assert_eq!(back.history().len(), 1);
}

/// Minishogi's board and pieces, a king on its far rank winning, no drops
/// needed: the definition of the end-order tests.
const RACE: &str = r#"
name = "race"
files = 5
ranks = 5
promotion_ranks = 1
start = "rbsgk/4p/5/P4/KGSBR b - 1"
[end]
stalemate = "draw"
last_rank_king_wins = true
"#;

/// Black's king steps 3b3a onto its far rank; White's king on 1a then has
/// no move (2a and 2b are the king's, 1b the pawn's) and is not in check.
const STALEMATING_RACE: &str = "4k/2K2/4P/5/5 b - 1";

fn race_won_by_black(outcome: Option<Outcome>) {
    let o = outcome.expect("over");
    assert_eq!(o.winner, Some(Color::Black), "{o:?}");
}

#[test]
fn a_king_reaching_its_far_rank_outranks_the_stalemate_it_gives() {
    let race = Defined::from_toml(RACE).unwrap();
    let mut game = Game::from_sfen(race, STALEMATING_RACE).unwrap();
    game.play_usi("3b3a").unwrap();
    assert_eq!(game.count_legal_moves(), 0);
    race_won_by_black(game.outcome());
    assert_eq!(
        game.outcome().unwrap().reason,
        EndReason::Custom(KING_REACHED_LAST_RANK)
    );
}

#[test]
fn a_king_reaching_its_far_rank_on_the_last_ply_of_the_limit_wins() {
    let race = AnyVariant::Defined(Defined::from_toml(RACE).unwrap());
    let limited = AnyVariant::with_settings(race.settings());
    let AnyVariant::Defined(d) = limited else {
        panic!("defined")
    };
    let mut game = Game::from_sfen(d.with_move_limit(Some(1)), "4k/2K2/5/5/5 b - 1").unwrap();
    game.play_usi("3b3a").unwrap();
    race_won_by_black(game.outcome());
}

/// The far-rank win as a script's hook, over minishogi whose stalemate is a draw.
#[derive(Debug)]
struct FarRankWins;

impl Hooks for FarRankWins {
    fn extra_outcome(&self, _base: &AnyVariant, pos: &Position) -> Option<Outcome> {
        let king = pos.king(Color::Black)?;
        (king.rank() == 1)
            .then(|| Outcome::win(Color::Black, EndReason::Custom(KING_REACHED_LAST_RANK)))
    }
}

#[test]
fn a_scripted_end_outranks_the_stalemate_and_the_limit_too() {
    let base =
        AnyVariant::with_named_settings("minishogi", &[("stalemate", "Draw"), ("move_limit", "1")])
            .unwrap();
    Scripted::register("far-rank-race", base, Arc::new(FarRankWins)).unwrap();
    let script = AnyVariant::from_name("far-rank-race").unwrap();
    let mut game = Game::from_sfen(script.clone(), STALEMATING_RACE).unwrap();
    game.play_usi("3b3a").unwrap();
    race_won_by_black(game.outcome());
    let mut game = Game::from_sfen(script, "4k/2K2/5/5/5 b - 1").unwrap();
    game.play_usi("3b3a").unwrap();
    race_won_by_black(game.outcome());
}
