//! Every game says why it refuses a move: the rule (`Illegality`) and its
//! words, through its own error and through the game contract
//! (`PlayError::Illegal`), one position per rule of the variants.

use shogi_core::{Game, GameError, Illegality, Move};
use shogi_variants::{
    AnyVariant, CaptureDuty, Card, CardError, CardGame, CardSettings, FileRule, GameState,
    MustCapture, PlayError, Referee, TsuitateSettings, MUST_CAPTURE, OFF_CARD_FILE,
};

fn mv(s: &str) -> Move {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// After 7g7f 3c3d the bishop on 8h may take the bishop on 2b.
const BISHOPS_FACE: &str = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";

/// `m` is refused through the contract with `name` and `words`; nothing changed.
fn contract_refuses(game: &mut impl GameState, m: &str, name: &str, words: &str) {
    let before = format!("{game:?}");
    match game.play(mv(m)) {
        Err(e @ PlayError::Illegal { rule, .. }) => {
            assert_eq!(rule.name(), name, "{m}: {e}");
            assert_eq!(e.to_string(), format!("{m}: {words}"));
        }
        other => panic!("{m}: {other:?}"),
    }
    assert_eq!(format!("{game:?}"), before, "{m} changed the game");
}

#[test]
fn must_capture_names_the_duty_and_the_base_rules() {
    let v = AnyVariant::MustCapture(MustCapture::default());
    let mut game = Game::from_sfen(v, BISHOPS_FACE).unwrap();
    let Err(GameError::IllegalMove(e)) = game.play(mv("2g2f")) else {
        panic!("2g2f must be refused")
    };
    assert_eq!(e.reason, Illegality::Variant(MUST_CAPTURE));
    assert_eq!(
        e.to_string(),
        "2g2f: a capture is available and capturing is compulsory"
    );
    contract_refuses(
        &mut game,
        "2g2f",
        "must_capture",
        "a capture is available and capturing is compulsory",
    );
    // Refused by plain shogi's rules: their reason, not the duty.
    contract_refuses(
        &mut game,
        "2g2e",
        "cannot_move_there",
        "the pawn on 2g cannot move to 2e",
    );
    game.play(mv("8h2b+")).unwrap();
}

#[test]
fn card_shogi_names_the_card_the_duty_and_the_base_rules() {
    let mut g = CardGame::new(CardSettings::default(), 1).unwrap();
    g.apply_draw(Card::Rank(3)).unwrap();
    let err = g.play(mv("7g7f")).unwrap_err();
    assert_eq!(
        err,
        CardError::NotOnCardFile {
            mv: mv("7g7f"),
            card: 3,
            file: 7
        }
    );
    assert_eq!(
        err.illegality(),
        Some(Illegality::Variant(OFF_CARD_FILE.with(3, 7)))
    );
    contract_refuses(
        &mut g,
        "7g7f",
        "off_card_file",
        "the card drawn is file 3; this move is on file 7",
    );
    // On the card's file but not a legal move: the base's rule.
    contract_refuses(
        &mut g,
        "3g3e",
        "cannot_move_there",
        "the pawn on 3g cannot move to 3e",
    );
    g.play(mv("3g3f")).unwrap();

    // The origin file rule: the file is read off where the piece stands.
    let origin = CardSettings {
        file_rule: FileRule::Origin,
        ..CardSettings::default()
    };
    let mut g = CardGame::new(origin, 1).unwrap();
    g.apply_draw(Card::Rank(6)).unwrap();
    contract_refuses(
        &mut g,
        "7i6h",
        "off_card_file",
        "the card drawn is file 6; this move is on file 7",
    );

    // The capture duty within the card's file.
    let duty = CardSettings {
        capture_duty: Some(CaptureDuty::default()),
        ..CardSettings::default()
    };
    let mut g = CardGame::from_sfen(duty, 1, BISHOPS_FACE).unwrap();
    g.apply_draw(Card::Rank(2)).unwrap();
    assert_eq!(g.play(mv("2g2f")), Err(CardError::CaptureDuty(mv("2g2f"))));
    contract_refuses(
        &mut g,
        "2g2f",
        "must_capture",
        "a capture is available and capturing is compulsory",
    );
    g.play(mv("8h2b+")).unwrap();
}

#[test]
fn tsuitate_names_the_own_board_rule_of_a_non_candidate() {
    let mut r =
        Referee::from_sfen(TsuitateSettings::default(), "4k4/9/9/9/9/9/P8/9/4K4 b P 1").unwrap();
    let words = |w: &str| format!("{w} (not a candidate move on the player's own board)");
    contract_refuses(&mut r, "P*9c", "nifu", &words("two pawns on file 9 (nifu)"));
    contract_refuses(
        &mut r,
        "P*5a",
        "dead_square",
        &words("a pawn on 5a could never move (dead square)"),
    );
    contract_refuses(
        &mut r,
        "5e5d",
        "no_such_piece",
        &words("there is no piece on 5e"),
    );
}
