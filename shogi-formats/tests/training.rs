//! HCPE and PSV written from every record of the corpus and read back to
//! the same positions, moves and results (issue 35, item 6). cshogi, which
//! reads both, checks our bytes in bindings-python/tests/test_training.py.

mod common;

use common::{corpus, name, read};
use shogi_formats::training::{self, hcpe, psv, TrainingEntry, TrainingError};

/// Positions (by hash: HCPE holds no move number), moves and winners.
fn same(a: &[TrainingEntry], b: &[TrainingEntry]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            x.position.hash() == y.position.hash()
                && x.best_move == y.best_move
                && x.winner == y.winner
                && x.score == y.score
        })
}

#[test]
fn every_corpus_record_round_trips_through_hcpe_and_psv() {
    let (mut records, mut entries, mut handicaps, mut others) = (0, 0, 0, 0);
    for path in corpus() {
        let record = read(&path);
        let list = match training::record_entries(&record) {
            Ok(list) => list,
            // a minishogi record, or one whose moves our rules refuse
            Err(TrainingError::Record(_)) => {
                others += 1;
                continue;
            }
            Err(e) => panic!("{}: {e}", name(&path)),
        };
        match hcpe::write(&list) {
            Err(TrainingError::Material { .. }) => {
                handicaps += 1;
                assert!(psv::write(&list).is_err());
                continue;
            }
            Err(TrainingError::Board { .. }) => {
                others += 1;
                continue;
            }
            Err(e) => panic!("{}: {e}", name(&path)),
            Ok(bytes) => {
                assert_eq!(bytes.len(), list.len() * hcpe::ENTRY_BYTES);
                let back = hcpe::read(&bytes).unwrap_or_else(|e| panic!("{}: {e}", name(&path)));
                assert!(same(&back, &list), "{}: HCPE", name(&path));
            }
        }
        let bytes = psv::write(&list).unwrap_or_else(|e| panic!("{}: {e}", name(&path)));
        let back = psv::read(&bytes).unwrap_or_else(|e| panic!("{}: {e}", name(&path)));
        assert_eq!(back, list, "{}: PSV", name(&path));
        records += 1;
        entries += list.len();
    }
    println!("{records} records, {entries} positions; {handicaps} handicap records refused; {others} not standard shogi");
    assert!(records >= 40 && entries >= 3000, "{records} {entries}");
    assert!(handicaps >= 1);
}

#[test]
fn bad_bytes_are_refused_with_a_reason_and_never_panic() {
    assert!(matches!(
        hcpe::read(&[0; 37]),
        Err(TrainingError::Length { len: 37, .. })
    ));
    assert!(matches!(
        psv::read(&[0; 41]),
        Err(TrainingError::Length { len: 41, .. })
    ));
    let mut rng = common::XorShift(0x5eed);
    let mut refused = 0;
    for _ in 0..20_000 {
        let mut bytes = [0u8; 40];
        for b in bytes.iter_mut() {
            *b = rng.next() as u8;
        }
        for result in [
            hcpe::read(&bytes[..38]).map(|_| ()),
            psv::read(&bytes).map(|_| ()),
        ] {
            match result {
                Ok(()) => {}
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    refused += 1;
                }
            }
        }
    }
    assert!(refused > 30_000, "{refused}");
    // A good entry with its move changed to one that is no move there.
    let start = shogi_core::Position::from_sfen(
        shogi_variants::STANDARD_START,
        &shogi_variants::Standard::GEOMETRY,
        &shogi_variants::Standard::PIECES,
    )
    .unwrap();
    let entry = TrainingEntry {
        position: start,
        best_move: Some("7g7f".parse().unwrap()),
        score: 0,
        winner: None,
    };
    let mut bytes = hcpe::write(std::slice::from_ref(&entry)).unwrap();
    bytes[34] ^= 1;
    let err = hcpe::read(&bytes).unwrap_err().to_string();
    assert!(
        err.contains("entry 0") && err.contains("not legal"),
        "{err}"
    );
    let mut bytes = psv::write(std::slice::from_ref(&entry)).unwrap();
    bytes[38] = 5;
    assert!(psv::read(&bytes)
        .unwrap_err()
        .to_string()
        .contains("game result 5"));
}
