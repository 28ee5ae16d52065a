//! Card shogi (RULES.md section 5): one test per rule and setting.

use shogi_core::{EndReason, Move, Outcome};
use shogi_variants::{
    Base, Card, CardError, CardGame, CardSettings, Deck, FileRule, NoMove, Phase, Probability,
};

fn usi(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn settings(f: impl FnOnce(&mut CardSettings)) -> CardSettings {
    let mut s = CardSettings::default();
    f(&mut s);
    s
}

#[test]
fn deck_is_eight_of_each_rank_and_jokers_add_two() {
    assert_eq!(Deck::new(9, 8, false).size(), 72);
    assert_eq!(Deck::new(9, 8, true).size(), 74);
    let mini = CardGame::new(settings(|s| s.base = Base::MINISHOGI), 1).unwrap();
    assert_eq!(mini.deck().size(), 40, "a 5x5 base has ranks 1-5");
    assert!(mini
        .deck()
        .outcomes()
        .iter()
        .all(|(c, _)| matches!(c, Card::Rank(1..=5))));
    assert_eq!(
        CardGame::new(settings(|s| s.copies_per_rank = 0), 1).unwrap_err(),
        CardError::EmptyDeck
    );
}

#[test]
fn chance_outcomes_are_remaining_over_left() {
    let mut deck = Deck::new(9, 8, true);
    for _ in 0..3 {
        deck.take(Card::Rank(1)).unwrap();
    }
    let odds = deck.outcomes();
    let p = |c: Card| odds.iter().find(|(k, _)| *k == c).map(|(_, p)| *p);
    // Exact: the cards of that kind left over the cards left.
    assert_eq!(p(Card::Rank(1)), Probability::new(5, 71));
    assert_eq!(p(Card::Joker), Probability::new(2, 71));
    assert_eq!(p(Card::Rank(2)), Probability::new(8, 71));
    assert!(odds.iter().all(|(_, p)| p.denominator() == 71));
    assert_eq!(odds.iter().map(|(_, p)| p.numerator()).sum::<u32>(), 71);
}

#[test]
fn an_empty_deck_is_reshuffled_from_the_discards() {
    let mut deck = Deck::new(9, 8, false);
    for r in 1..=9 {
        for _ in 0..8 {
            deck.take(Card::Rank(r)).unwrap();
        }
    }
    assert_eq!((deck.left_total(), deck.discarded_total()), (0, 72));
    assert_eq!(
        deck.outcomes().len(),
        9,
        "the next draw comes from the reshuffled discards"
    );
    deck.take(Card::Rank(4)).unwrap();
    assert_eq!((deck.left_total(), deck.discarded_total()), (71, 1));
}

/// Chi-square test that seeded draws follow the deck's counts, on a deck
/// with uneven counts (some cards already drawn) and jokers.
#[test]
fn draw_frequencies_match_the_deck() {
    use rand::SeedableRng;
    let mut deck = Deck::new(9, 8, true);
    for (rank, n) in [(1, 6), (2, 4), (9, 2)] {
        for _ in 0..n {
            deck.take(Card::Rank(rank)).unwrap();
        }
    }
    let odds = deck.outcomes();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12345);
    let trials = 200_000;
    let mut seen = std::collections::HashMap::new();
    for _ in 0..trials {
        *seen.entry(deck.pick(&mut rng).unwrap()).or_insert(0u32) += 1;
    }
    let chi2: f64 = odds
        .iter()
        .map(|&(card, p)| {
            let expected = p.to_f64() * trials as f64;
            let got = *seen.get(&card).unwrap_or(&0) as f64;
            (got - expected).powi(2) / expected
        })
        .sum();
    // 9 degrees of freedom (10 kinds); the 0.1% critical value is 27.88.
    assert!(chi2 < 27.88, "chi-square {chi2} for {seen:?}");
    assert_eq!(seen.len(), 10);
}

#[test]
fn the_card_file_constrains_the_destination() {
    let mut g = CardGame::new(CardSettings::default(), 1).unwrap();
    assert_eq!(g.phase(), Phase::Draw);
    g.apply_draw(Card::Rank(7)).unwrap();
    assert_eq!(g.current_card(), Some(Card::Rank(7)));
    assert_eq!(usi(&g.allowed_moves()), ["2h7h", "6i7h", "7g7f", "7i7h"]);
    let before = g.position().clone();
    assert!(matches!(
        g.play("2g2f".parse().unwrap()),
        Err(CardError::NotOnCardFile { .. })
    ));
    assert_eq!(g.position(), &before);
}

#[test]
fn file_rule_origin_constrains_the_moved_piece() {
    let mut g = CardGame::new(settings(|s| s.file_rule = FileRule::Origin), 1).unwrap();
    g.apply_draw(Card::Rank(7)).unwrap();
    assert_eq!(usi(&g.allowed_moves()), ["7g7f", "7i6h", "7i7h"]);
}

#[test]
fn file_rule_origin_counts_a_drop_on_the_file_it_lands_on() {
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 b G 1";
    let mut g = CardGame::from_sfen(settings(|s| s.file_rule = FileRule::Origin), 1, sfen).unwrap();
    g.apply_draw(Card::Rank(2)).unwrap();
    let moves = usi(&g.allowed_moves());
    assert_eq!(
        moves.len(),
        9,
        "a gold drop on each square of file 2: {moves:?}"
    );
    assert!(moves.iter().all(|m| m.starts_with("G*2")));
}

#[test]
fn a_player_in_check_draws_no_card_and_may_play_any_evasion() {
    // Black is in check from the rook on 5a.
    let sfen = "4r3k/9/9/9/9/9/9/9/4K4 b - 1";
    let g = CardGame::from_sfen(CardSettings::default(), 1, sfen).unwrap();
    assert_eq!(g.phase(), Phase::Move { card: None });
    assert!(g.chance_outcomes().is_empty());
    assert_eq!(usi(&g.allowed_moves()), ["5i4h", "5i4i", "5i6h", "5i6i"]);
}

#[test]
fn with_check_exempt_off_the_card_constrains_evasions() {
    let sfen = "4r3k/9/9/9/9/9/9/9/4K4 b - 1";
    let mut g = CardGame::from_sfen(settings(|s| s.check_exempt = false), 1, sfen).unwrap();
    assert_eq!(g.phase(), Phase::Draw);
    g.apply_draw(Card::Rank(4)).unwrap();
    assert_eq!(usi(&g.allowed_moves()), ["5i4h", "5i4i"]);
}

#[test]
fn no_legal_move_on_the_card_file_loses_by_default() {
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 b - 1";
    let mut g = CardGame::from_sfen(CardSettings::default(), 1, sfen).unwrap();
    g.apply_draw(Card::Rank(1)).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::loss(
            shogi_core::Color::Black,
            EndReason::Custom(shogi_variants::NO_MOVE_ON_CARD_FILE)
        ))
    );
    assert_eq!(g.phase(), Phase::Over);
    assert!(matches!(
        g.apply_draw(Card::Rank(5)),
        Err(CardError::NotDrawPhase(_))
    ));
}

#[test]
fn draw_again_keeps_drawing_until_a_playable_card() {
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 b - 1";
    let mut g = CardGame::from_sfen(settings(|s| s.no_move = NoMove::DrawAgain), 1, sfen).unwrap();
    g.apply_draw(Card::Rank(1)).unwrap();
    assert_eq!(g.phase(), Phase::Draw);
    g.apply_draw(Card::Rank(9)).unwrap();
    assert_eq!(g.phase(), Phase::Draw);
    g.apply_draw(Card::Rank(6)).unwrap();
    assert_eq!(usi(&g.allowed_moves()), ["5i6h", "5i6i"]);
    g.play("5i6h".parse().unwrap()).unwrap();
    assert_eq!(
        g.turns()[0].cards,
        [Card::Rank(1), Card::Rank(9), Card::Rank(6)]
    );
}

#[test]
fn free_move_discards_the_card_and_allows_any_move() {
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 b - 1";
    let mut g = CardGame::from_sfen(settings(|s| s.no_move = NoMove::FreeMove), 1, sfen).unwrap();
    g.apply_draw(Card::Rank(1)).unwrap();
    assert_eq!(g.phase(), Phase::Move { card: None });
    assert_eq!(g.allowed_moves().len(), 5);
    assert_eq!(g.deck().discarded_total(), 1);
}

#[test]
fn a_joker_allows_any_move() {
    let mut g = CardGame::new(settings(|s| s.jokers = true), 1).unwrap();
    g.apply_draw(Card::Joker).unwrap();
    assert_eq!(g.current_card(), Some(Card::Joker));
    assert_eq!(g.allowed_moves().len(), 30);
    let mut plain = CardGame::new(CardSettings::default(), 1).unwrap();
    assert!(matches!(
        plain.apply_draw(Card::Joker),
        Err(CardError::NotInDeck(Card::Joker))
    ));
}

#[test]
fn checkmate_ends_the_game() {
    // Black to move plays G*5b mate with a card for file 5.
    let sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
    let mut g = CardGame::from_sfen(CardSettings::default(), 1, sfen).unwrap();
    g.apply_draw(Card::Rank(5)).unwrap();
    g.play("G*5b".parse().unwrap()).unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(shogi_core::Color::Black, EndReason::Checkmate))
    );
}

#[test]
fn fourfold_repetition_draws_regardless_of_cards() {
    let mut g = CardGame::new(CardSettings::default(), 1).unwrap();
    let cycle = [("3h", 3), ("7b", 7), ("2h", 2), ("8b", 8)];
    let moves = ["2h3h", "8b7b", "3h2h", "7b8b"];
    for _ in 0..3 {
        for (mv, (_, file)) in moves.iter().zip(cycle) {
            g.apply_draw(Card::Rank(file)).unwrap();
            g.play(mv.parse().unwrap()).unwrap();
        }
    }
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::Repetition)));
}

#[test]
fn the_move_limit_draws() {
    let mut g = CardGame::new(settings(|s| s.move_limit = Some(2)), 1).unwrap();
    g.apply_draw(Card::Rank(7)).unwrap();
    g.play("7g7f".parse().unwrap()).unwrap();
    g.apply_draw(Card::Rank(3)).unwrap();
    g.play("3c3d".parse().unwrap()).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::MoveLimit)));
}

#[test]
fn moving_before_drawing_is_refused() {
    let mut g = CardGame::new(CardSettings::default(), 1).unwrap();
    assert!(matches!(
        g.play("7g7f".parse().unwrap()),
        Err(CardError::NotMovePhase(_))
    ));
    assert_eq!(g.game().moves().len(), 0);
}

/// A whole seeded random game replays exactly from (seed, moves): the same
/// cards, positions and outcome.
#[test]
fn a_game_replays_exactly_from_its_seed_and_moves() {
    use rand::{RngExt, SeedableRng};
    for base in [Base::STANDARD, Base::MINISHOGI] {
        let s = settings(|s| {
            s.base = base;
            s.move_limit = Some(200);
        });
        let mut g = CardGame::new(s.clone(), 42).unwrap();
        let mut chooser = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        while !g.is_over() {
            if g.phase() == Phase::Draw {
                g.draw().unwrap();
            } else {
                let moves = g.allowed_moves();
                g.play(moves[chooser.random_range(0..moves.len())]).unwrap();
            }
        }
        let moves: Vec<Move> = g.turns().iter().filter_map(|t| t.mv).collect();
        let again = CardGame::replay(s, 42, moves).unwrap();
        assert_eq!(again.turns(), g.turns());
        assert_eq!(again.position(), g.position());
        assert_eq!(again.outcome(), g.outcome());
        assert!(g.outcome().is_some());
    }
}

/// Found by fuzzing: `Card::Rank(0)` shared the joker's slot and drew a joker;
/// ranks outside 1..=9 are no card of any deck.
#[test]
fn cards_outside_the_ranks_are_refused() {
    let mut deck = Deck::new(9, 8, true);
    for bad in [Card::Rank(0), Card::Rank(10), Card::Rank(255)] {
        assert_eq!(deck.take(bad), Err(CardError::NotInDeck(bad)));
        assert_eq!(deck.left(bad), 0);
    }
    assert_eq!(deck.left(Card::Joker), 2);
}

/// Found by fuzzing: a refused draw from an empty deck still reshuffled the
/// discards. A refused draw now changes nothing.
#[test]
fn a_refused_draw_changes_nothing() {
    let mut deck = Deck::new(9, 8, false);
    for r in 1..=9 {
        for _ in 0..8 {
            deck.take(Card::Rank(r)).unwrap();
        }
    }
    let before = deck.clone();
    assert_eq!(
        deck.take(Card::Joker),
        Err(CardError::NotInDeck(Card::Joker))
    );
    assert_eq!(deck, before);
}

#[test]
fn show_legal_squares_follows_the_card() {
    let mut game = CardGame::new(CardSettings::default(), 3).unwrap();
    let sq = |s: &str| s.parse::<shogi_core::Square>().unwrap();
    // Before the draw nothing may move.
    assert!(game.legal_destinations(sq("7g")).is_empty());
    game.apply_draw(Card::Rank(2)).unwrap();
    // The card names file 2: the rook on 2h may not go sideways, the pawn on 2g may advance.
    assert!(game.legal_destinations(sq("7g")).is_empty());
    assert_eq!(game.position().legal_destinations(sq("7g")).count(), 1);
    let names =
        |bb: shogi_core::Bitboard| bb.into_iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(names(game.legal_destinations(sq("2g"))), ["2f"]);
    assert!(game.legal_destinations(sq("2h")).is_empty());
    assert_eq!(game.position().legal_destinations(sq("2h")).count(), 6);
}
