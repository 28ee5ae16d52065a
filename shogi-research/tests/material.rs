//! Observation counts come from each game's own material
//! ([`Variant::piece_set`]), whatever the board's size: a piece in hand
//! shows in the planes of every game and every shipped definition.

use shogi_core::{Color, Game, PieceKind, Variant};
use shogi_research::observation::{board_observation, tsuitate_observation, ObservationShape};
use shogi_variants::{AnyVariant, Base, Defined, Definition, Referee, TsuitateSettings};

/// A position of `files` × `ranks` with the two kings alone (White's on 1a,
/// Black's in the far corner) and `hands` (SFEN hands, `-` for none).
fn kings_only(files: u8, ranks: u8, hands: &str) -> String {
    let empty = |n: u8| if n == 0 { String::new() } else { n.to_string() };
    let mut rows = vec![format!("{}k", empty(files - 1))];
    rows.extend((2..ranks).map(|_| files.to_string()));
    rows.push(format!("K{}", empty(files - 1)));
    format!("{} b {hands} 1", rows.join("/"))
}

fn observe(variant: &AnyVariant, sfen: &str, viewer: Color) -> Vec<f32> {
    let game = Game::from_sfen(variant.clone(), sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let g = variant.geometry();
    let mut out = vec![f32::NAN; ObservationShape::board(g.files(), g.ranks()).len()];
    board_observation(&game, viewer, &mut out);
    out
}

/// The hand kinds a variant's material holds.
fn kinds_held(variant: &AnyVariant) -> Vec<PieceKind> {
    let pieces = variant.piece_set();
    PieceKind::HAND
        .into_iter()
        .filter(|&k| pieces.max(k) > 0)
        .collect()
}

/// Every kind of every game's material, one in Black's hand, changes both
/// players' observations (own hand for Black, the opponent's for White).
fn check_every_kind_in_hand_shows(name: &str, variant: &AnyVariant) {
    let g = variant.geometry();
    let kinds = kinds_held(variant);
    assert!(!kinds.is_empty(), "{name} holds no hand kind");
    let bare = kings_only(g.files(), g.ranks(), "-");
    for kind in kinds {
        let held = kings_only(g.files(), g.ranks(), &kind.base_letter().to_string());
        for viewer in [Color::Black, Color::White] {
            assert_ne!(
                observe(variant, &held, viewer),
                observe(variant, &bare, viewer),
                "{name}: {held} seen by {viewer:?} is the same as with nothing in hand"
            );
        }
    }
}

/// A kind's whole material in one hand reads 1 on its plane (a count over
/// the kind's total: Goro goro's six pawns read 3 over minishogi's two).
fn check_a_whole_kind_in_hand_reads_one(name: &str, variant: &AnyVariant) {
    let g = variant.geometry();
    let shape = ObservationShape::board(g.files(), g.ranks());
    for (k, kind) in PieceKind::HAND.into_iter().enumerate() {
        let n = variant.piece_set().max(kind);
        if n == 0 {
            continue;
        }
        let hand = format!(
            "{}{}",
            if n > 1 { n.to_string() } else { String::new() },
            kind.base_letter()
        );
        let out = observe(
            variant,
            &kings_only(g.files(), g.ranks(), &hand),
            Color::Black,
        );
        assert_eq!(out[shape.index(28 + k, 0, 0)], 1.0, "{name}: {hand}");
        assert!(
            out.iter().all(|&v| (0.0..=1.0).contains(&v)),
            "{name}: {hand}"
        );
    }
}

#[test]
fn a_whole_kind_in_hand_reads_one_in_every_shipped_definition() {
    for name in Definition::BUILTIN_NAMES {
        let defined = Defined::builtin(name).unwrap();
        check_a_whole_kind_in_hand_reads_one(name, &AnyVariant::Defined(defined));
    }
}

#[test]
fn every_kind_a_shipped_definition_holds_shows_in_hand() {
    for name in Definition::BUILTIN_NAMES {
        let defined = Defined::builtin(name).unwrap();
        check_every_kind_in_hand_shows(name, &AnyVariant::Defined(defined));
    }
}

#[test]
fn every_kind_a_built_in_game_holds_shows_in_hand() {
    for (name, settings) in [
        ("standard", &[][..]),
        ("minishogi", &[]),
        ("must-capture", &[]),
        ("must-capture", &[("base", "minishogi")]),
        ("must-capture", &[("base", "judkins")]),
    ] {
        let variant = AnyVariant::with_named_settings(name, settings).unwrap();
        check_every_kind_in_hand_shows(name, &variant);
    }
}

#[test]
fn a_knight_in_hand_in_judkins_is_a_half_of_its_two_knights() {
    let judkins = AnyVariant::Defined(Defined::builtin("judkins").unwrap());
    let out = observe(&judkins, "5k/6/6/6/6/K5 b N 1", Color::Black);
    let shape = ObservationShape::board(6, 6);
    // Own hand planes 28.. in P L N S B R G order: the knight is plane 30.
    assert_eq!(out[shape.index(30, 0, 0)], 0.5);
    let out = observe(&judkins, "5k/6/6/6/6/K5 b N 1", Color::White);
    assert_eq!(out[shape.index(35 + 2, 5, 5)], 0.5);
}

/// Tsuitate over every shipped definition: at the start the opponent holds
/// every piece of each kind that is not the player's, so each kind of the
/// material shows in planes 21.. as that share of the kind's total.
#[test]
fn tsuitate_over_every_shipped_definition_counts_the_opponents_pieces_of_its_material() {
    for name in Definition::BUILTIN_NAMES {
        let defined = Defined::builtin(name).unwrap();
        let pieces = defined.piece_set();
        let settings = TsuitateSettings {
            base: Base::Defined(defined),
            ..TsuitateSettings::default()
        };
        let referee = Referee::new(settings);
        let view = referee.view(Color::Black);
        let g = defined.geometry();
        let shape = ObservationShape::tsuitate(g.files(), g.ranks());
        let mut out = vec![0.0; shape.len()];
        tsuitate_observation(&view, &mut out);
        for (k, kind) in PieceKind::HAND.into_iter().enumerate() {
            let total = pieces.max(kind);
            let own = view
                .board
                .pieces()
                .into_iter()
                .filter(|&sq| {
                    view.board
                        .piece_at(sq)
                        .is_some_and(|p| p.kind.unpromote() == kind)
                })
                .count() as u8;
            let expected = if total == 0 {
                0.0
            } else {
                f32::from(total - own) / f32::from(total)
            };
            assert!(total == 0 || expected > 0.0, "{name}: {kind:?}");
            assert_eq!(out[shape.index(21 + k, 0, 0)], expected, "{name}: {kind:?}");
        }
    }
}
