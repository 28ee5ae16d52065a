//! The action space: every legal move has one action and back, on every
//! board (the built-in games' and each shipped definition's).

use shogi_core::rng::SplitMix;
use shogi_core::{Geometry, PieceSet, Position, Variant};
use shogi_research::action::ActionSpace;

use shogi_variants::{Defined, Definition, Minishogi, Standard, MINISHOGI_START, STANDARD_START};

fn positions(
    sfen: &str,
    geometry: &'static Geometry,
    pieces: &PieceSet,
    games: u64,
) -> Vec<Position> {
    let mut all = Vec::new();
    for g in 0..games {
        let mut rng = SplitMix(0x9E37_79B9_7F4A_7C15 ^ (g + 1));
        let mut pos = Position::from_sfen(sfen, geometry, pieces).unwrap();
        for _ in 0..120 {
            let moves = pos.legal_moves();
            all.push(pos.clone());
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    all
}

#[test]
fn sizes_follow_the_documented_layout() {
    assert_eq!(
        ActionSpace::of(&Standard::GEOMETRY).size(),
        2 * 81 * 81 + 7 * 81
    );
    assert_eq!(
        ActionSpace::of(&Minishogi::GEOMETRY).size(),
        2 * 25 * 25 + 7 * 25
    );
    assert_eq!(ActionSpace::new(0, 9), None);
    assert_eq!(
        ActionSpace::new(5, 5),
        Some(ActionSpace::of(&Minishogi::GEOMETRY))
    );
    let space = ActionSpace::of(&Standard::GEOMETRY);
    // 7g7f: from (7-1)*9+6 = 60 to 59, no promotion.
    assert_eq!(
        space.encode("7g7f".parse().unwrap()),
        Some((60 * 81 + 59) * 2)
    );
    assert_eq!(
        space.encode("P*5e".parse().unwrap()),
        Some(2 * 81 * 81 + 40)
    );
    assert_eq!(space.decode(space.size()), None);
}

#[test]
fn every_legal_move_round_trips_and_masks_match() {
    let mut boards: Vec<(&str, &'static Geometry, PieceSet)> = vec![
        (STANDARD_START, &Standard::GEOMETRY, Standard::PIECES),
        (MINISHOGI_START, &Minishogi::GEOMETRY, Minishogi::PIECES),
    ];
    for name in Definition::BUILTIN_NAMES {
        let defined = Defined::builtin(name).unwrap();
        boards.push((
            defined.start_sfen(),
            defined.geometry(),
            defined.piece_set(),
        ));
    }
    let mut checked = 0;
    for (sfen, geometry, pieces) in boards {
        let space = ActionSpace::of(geometry);
        for pos in positions(sfen, geometry, &pieces, 30) {
            let moves = pos.legal_moves();
            for &m in &moves {
                let a = space.encode(m).expect("every legal move has an action");
                assert!(a < space.size());
                assert_eq!(space.decode(a), Some(m), "{m} in {}", pos.to_sfen());
                checked += 1;
            }
            let actions = space.legal_actions(&moves);
            assert!(
                actions.windows(2).all(|w| w[0] < w[1]),
                "ascending and distinct"
            );
            assert_eq!(actions.len(), moves.len());
            let mask = space.mask(&moves);
            assert_eq!(mask.len(), space.size() as usize);
            assert_eq!(mask.iter().filter(|&&b| b).count(), moves.len());
            assert!(actions.iter().all(|&a| mask[a as usize]));
        }
        // Decoding is one to one: every decodable action encodes back to itself.
        for a in 0..space.size() {
            if let Some(m) = space.decode(a) {
                assert_eq!(space.encode(m), Some(a));
            }
        }
    }
    assert!(checked > 50_000, "{checked}");
}
