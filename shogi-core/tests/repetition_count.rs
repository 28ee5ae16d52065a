//! The repetition count of a game agrees with a plain count of equal
//! positions over the whole history, through long random games with moves
//! taken back: the bucket filter that spares the history scan when a move
//! is made (`Game::play_unchecked`) never hides an earlier occurrence.

mod common;

use common::{XorShift, FIVE, FIVE_PIECES, MINISHOGI_START};
use shogi_core::{Game, Geometry, PieceSet, Variant};

#[derive(Clone, Debug, Default)]
struct Mini;

impl Variant for Mini {
    type Settings = ();
    fn name(&self) -> &'static str {
        "mini"
    }
    fn settings(&self) {}
    fn with_settings(_: ()) -> Self {
        Mini
    }
    fn geometry(&self) -> &'static Geometry {
        &FIVE
    }
    fn piece_set(&self) -> PieceSet {
        FIVE_PIECES
    }
    fn start_sfen(&self) -> &'static str {
        MINISHOGI_START
    }
}

#[test]
fn repetition_count_matches_a_plain_count_of_the_history() {
    let mut rng = XorShift(0x5eed_1234_abcd_0001);
    let mut game = Game::new(Mini);
    // The hash of every position of the game, kept by the test.
    let mut history = vec![game.position().hash()];
    let mut repeats_seen = 0;
    for _ in 0..40_000 {
        let moves = game.legal_moves();
        // Take back one to three moves now and then, and whenever the game
        // ended (mate, or the fourth occurrence of a position).
        let back = moves.is_empty() || rng.chance(20);
        if back && !game.moves().is_empty() {
            for _ in 0..=rng.below(3) {
                if game.undo().is_none() {
                    break;
                }
                history.pop();
            }
        } else if !moves.is_empty() {
            // Prefer king moves, which come back to earlier positions.
            let kings: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| {
                    m.from()
                        .and_then(|s| game.position().piece_at(s))
                        .is_some_and(|p| p.kind == shogi_core::PieceKind::King)
                })
                .collect();
            let pool = if !kings.is_empty() && !rng.chance(25) {
                &kings[..]
            } else {
                &moves[..]
            };
            let mv = *rng.pick(pool);
            game.play_unchecked(mv);
            history.push(game.position().hash());
        }
        let now = game.position().hash();
        let plain = history.iter().filter(|&&h| h == now).count();
        assert_eq!(game.repetition_count(), plain, "after {:?}", game.moves());
        if plain > 1 {
            repeats_seen += 1;
        }
    }
    // The walk did meet repeated positions, or it tested nothing.
    assert!(
        repeats_seen > 1000,
        "only {repeats_seen} repeated positions met"
    );
}
