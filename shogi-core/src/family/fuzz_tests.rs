//! Bad input never panics: random SFEN text, and random small definitions
//! (compiled or refused; when compiled, random positions of them generate,
//! make and take back moves consistently).

use super::betza::{Leg, Mode};
use super::spec::{FamilySpec, KindSpec, Promotion, RoyalRule};
use super::testing::minishogi;
use super::{FamilyPosition, PieceTable};
use crate::{Color, Square};
use proptest::prelude::*;
use std::sync::Arc;

fn mode(m: u8) -> Mode {
    [Mode::Both, Mode::MoveOnly, Mode::CaptureOnly][m as usize % 3]
}

/// Mostly legs the engine plays (king-direction slides and steps, short
/// leaps), sometimes anything.
fn any_leg() -> impl Strategy<Value = Leg> {
    let line =
        (-1i8..=1, -1i8..=1, 0u8..=3, 0u8..3, any::<bool>()).prop_map(|(dx, dy, range, m, hop)| {
            Leg {
                dx,
                dy: if dx == 0 && dy == 0 { 1 } else { dy },
                range,
                mode: mode(m),
                hop: hop && range != 1,
            }
        });
    let leap = (-2i8..=2, 1i8..=2, 0u8..3).prop_map(|(dx, dy, m)| Leg {
        dx,
        dy,
        range: 1,
        mode: mode(m),
        hop: false,
    });
    let anything =
        (-9i8..=9, -9i8..=9, 0u8..=3, 0u8..3, any::<bool>()).prop_map(|(dx, dy, range, m, hop)| {
            Leg {
                dx,
                dy,
                range,
                mode: mode(m),
                hop,
            }
        });
    prop_oneof![6 => line, 3 => leap, 1 => anything]
}

/// A kind index, now and then one past the last.
fn index(n: usize) -> impl Strategy<Value = usize> {
    prop_oneof![19 => 0..n, 1 => Just(n)]
}

/// A board side, now and then too long.
fn size() -> impl Strategy<Value = u8> {
    prop_oneof![19 => 1u8..=9, 1 => Just(10u8)]
}

fn any_kind(i: usize, n: usize) -> impl Strategy<Value = KindSpec> {
    (
        prop::collection::vec(any_leg(), 1..6),
        prop::option::of(index(n)),
        0u8..5,
        prop::option::of(index(n)),
        any::<bool>(),
        prop::option::of(1u8..3),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            move |(
                legs,
                promotes_to,
                promotion,
                hand_kind,
                droppable,
                max_per_file,
                royal,
                plus,
            )| {
                let letter = (b'A' + i as u8) as char;
                // Promotion cycles are refused (tested in table.rs); here a
                // kind promotes only to a later one, or out of range.
                let promotes_to = promotes_to.filter(|&p| p > i || p >= n);
                KindSpec {
                    name: format!("kind{i}"),
                    sfen: if plus {
                        format!("+{letter}")
                    } else {
                        letter.to_string()
                    },
                    legs,
                    promotes_to,
                    promotion: if promotes_to.is_none() && promotion != 4 {
                        Promotion::Never
                    } else {
                        [
                            Promotion::Never,
                            Promotion::Optional,
                            Promotion::Forced,
                            Promotion::OnCapture,
                            Promotion::FlipEveryMove,
                        ][promotion as usize]
                    },
                    hand_kind,
                    droppable,
                    max_per_file,
                    royal,
                }
            },
        )
}

fn any_spec() -> impl Strategy<Value = FamilySpec> {
    (1usize..6, size(), size(), 0u8..4, any::<[bool; 6]>()).prop_flat_map(
        |(n, files, ranks, zone, flags)| {
            let kinds: Vec<_> = (0..n).map(|i| any_kind(i, n)).collect();
            (kinds, prop::option::of(index(n))).prop_map(move |(kinds, drop_mate)| FamilySpec {
                files,
                ranks,
                promotion_ranks: zone,
                kinds,
                royal_rule: if flags[0] {
                    RoyalRule::Capture
                } else {
                    RoyalRule::Checkmate
                },
                pawn_drop_mate_illegal_for: drop_mate,
                drop_as_either_face: flags[1],
                borrowed_movement: flags[2],
                forbid_dead_moves: flags[3],
                forbid_dead_drops: flags[4],
                try_rule: flags[5],
            })
        },
    )
}

/// [`any_spec`] with every leg made a plain leap that moves and captures,
/// so that most definitions on boards of up to seven files take the engine's
/// paths on machine words (`PieceTable::narrow_leapers`).
fn leaper_spec() -> impl Strategy<Value = FamilySpec> {
    any_spec().prop_map(|mut spec| {
        for kind in &mut spec.kinds {
            for leg in &mut kind.legs {
                leg.range = 1;
                leg.mode = Mode::Both;
                leg.hop = false;
            }
        }
        spec.borrowed_movement = false;
        spec
    })
}

/// A position of `table` with pieces on `cells` and in `hands`, read back
/// from its SFEN (`None` if refused).
fn random_position(
    table: &Arc<PieceTable>,
    cells: Vec<(usize, usize, bool)>,
    hands: Vec<(usize, bool)>,
    white: bool,
) -> Option<FamilyPosition> {
    let mut pos = FamilyPosition::empty(table.clone());
    let n = table.kind_count();
    for (i, kind, black) in cells {
        let Some(sq) = Square::from_index(i) else {
            continue;
        };
        if !table.board().contains(sq) || pos.piece_at(sq).is_some() || kind >= n {
            continue;
        }
        let color = if black { Color::Black } else { Color::White };
        pos.put(sq, super::position::code(kind, color));
    }
    for (kind, black) in hands {
        if kind < n {
            let color = if black { Color::Black } else { Color::White };
            pos.add_to_hand(color, kind, 1);
        }
    }
    if white {
        pos.side = Color::White;
    }
    pos.hash = pos.compute_hash();
    FamilyPosition::from_sfen(&pos.to_sfen(), table.clone()).ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn leapers_on_words_list_and_count_as_the_general_generator(
        spec in leaper_spec(),
        cells in prop::collection::vec((0usize..81, 0usize..6, any::<bool>()), 0..12),
        hands in prop::collection::vec((0usize..6, any::<bool>()), 0..4),
        white in any::<bool>(),
    ) {
        let Ok(table) = PieceTable::new(&spec) else { return Ok(()) };
        let table = Arc::new(table);
        // Square indices run file by file, nine to a file.
        let last_index = (spec.files as usize - 1) * 9 + spec.ranks as usize - 1;
        let narrow = last_index < 64 && spec.kinds.iter().all(|k| k.promotion != Promotion::OnCapture);
        prop_assert_eq!(table.narrow_leapers, narrow);
        let Some(pos) = random_position(&table, cells, hands, white) else { return Ok(()) };
        let (general, count) = pos.generated_moves();
        let mut list = super::FamilyMoveList::new();
        pos.pseudo_legal_moves_into(&mut list);
        prop_assert_eq!(list.as_slice(), general.as_slice());
        if narrow {
            prop_assert_eq!(pos.narrow_count(), if pos.is_over() { 0 } else { count });
        }
    }

    #[test]
    fn random_sfen_text_is_read_or_refused(text in "[0-9a-zA-Z+/ -]{0,40}") {
        let table = Arc::new(minishogi());
        if let Ok(pos) = FamilyPosition::from_sfen(&text, table.clone()) {
            let again = FamilyPosition::from_sfen(&pos.to_sfen(), table).unwrap();
            prop_assert_eq!(again.to_sfen(), pos.to_sfen());
        }
    }

    #[test]
    fn random_definitions_compile_or_are_refused_and_play_consistently(
        spec in any_spec(),
        cells in prop::collection::vec((0usize..81, 0usize..6, any::<bool>()), 0..12),
        hands in prop::collection::vec((0usize..6, any::<bool>()), 0..4),
        white in any::<bool>(),
    ) {
        let Ok(table) = PieceTable::new(&spec) else { return Ok(()) };
        let table = Arc::new(table);
        prop_assert!(table.bytes() > 0);
        let Some(read) = random_position(&table, cells, hands, white) else { return Ok(()) };
        let again = FamilyPosition::from_sfen(&read.to_sfen(), table).unwrap();
        prop_assert_eq!(again.to_sfen(), read.to_sfen());
        let mut work = read.clone();
        prop_assert_eq!(work.count_legal_moves(), read.legal_moves().len());
        for mv in read.legal_moves() {
            let undo = work.make(mv);
            prop_assert_eq!(work.hash(), work.compute_hash());
            let _ = work.perft(1);
            work.undo(mv, undo);
            prop_assert!(work == read);
        }
    }
}
