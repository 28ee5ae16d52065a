//! The df-pn mate solver against the exhaustive mate-in-N search (two
//! searches written differently must agree on every position where the
//! exhaustive one decides), and on public tsume problems
//! (`tests/data/tsume.tsv`, sources in the file) against their stated
//! answers and cshogi's exhaustive `mate_move`.

use shogi_core::{Color, Move, Position, Setup, Variant};
use shogi_players::{find_mate, verify_defence, verify_mate, MateLimits, MateResult, MateSolver};
use shogi_variants::{Minishogi, MustCapture, Standard};

/// A tiny deterministic generator (the tests need no `rand`).
struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Random tsume-like positions: the defender's king near its edge, a few
/// attacker pieces and some defenders around it, pieces in the attacker's
/// hand, no attacker king, the rest in the defender's hand.
fn random_problems<V: Variant>(v: &V, seed: u64, count: usize) -> Vec<Position> {
    let mut rng = XorShift(seed);
    let g = v.geometry();
    let (files, ranks) = (g.files() as usize, g.ranks() as usize);
    let kinds = ["P", "L", "N", "S", "G", "B", "R", "+B", "+R", "+P", "+S"];
    let hand_kinds = ["P", "L", "N", "S", "G", "B", "R"];
    let mut out = Vec::new();
    while out.len() < count {
        let mut cells = vec![vec![String::new(); files]; ranks];
        let kr = rng.below(3.min(ranks));
        let kf = rng.below(files);
        cells[kr][kf] = "k".into();
        for i in 0..(2 + rng.below(4)) {
            let r = (kr + rng.below(4)).min(ranks - 1);
            let f = (kf + files + rng.below(5) - 2) % files;
            if cells[r][f].is_empty() {
                let k = kinds[rng.below(kinds.len())];
                // Every third piece is the defender's.
                cells[r][f] = if i % 3 == 2 {
                    k.to_lowercase()
                } else {
                    k.to_string()
                };
            }
        }
        let board: Vec<String> = cells
            .iter()
            .map(|row| {
                let mut s = String::new();
                let mut empty = 0;
                for c in row {
                    if c.is_empty() {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s += c;
                    }
                }
                if empty > 0 {
                    s += &empty.to_string();
                }
                s
            })
            .collect();
        let mut hand = String::new();
        for _ in 0..(1 + rng.below(3)) {
            hand += hand_kinds[rng.below(hand_kinds.len())];
        }
        let sfen = format!("{} b {hand} 1", board.join("/"));
        if let Ok(pos) = v.problem_from_sfen(&sfen) {
            if !pos.is_check() {
                out.push(pos);
            }
        }
    }
    out
}

/// On each position, the solver's answer agrees with the exhaustive
/// search's (mates up to `plies`): the same shortest length, and "no mate"
/// exactly where the exhaustive search proves it. Returns how many mates
/// and proved no-mates were compared.
fn agree<V: Variant>(v: &V, positions: &[Position], plies: u32) -> (usize, usize) {
    let mut solver = MateSolver::with_table_bytes(4 << 20);
    let (mut mates, mut none, mut undecided) = (0, 0, 0);
    for pos in positions {
        let exhaustive = find_mate(
            v,
            pos,
            &MateLimits {
                max_plies: plies,
                nodes: Some(50_000),
                ..MateLimits::default()
            },
        );
        let report = solver.solve(
            v,
            pos,
            &MateLimits {
                nodes: Some(500_000),
                ..MateLimits::default()
            },
        );
        let sfen = pos.to_sfen();
        match (&exhaustive, &report.result) {
            (MateResult::Mate(a), MateResult::Mate(b)) => {
                assert_eq!(a.len(), b.len(), "{sfen}: {a:?} vs {b:?}");
                assert!(report.shortest, "{sfen}");
                let verdict =
                    verify_mate(v, pos, b, 20_000).unwrap_or_else(|e| panic!("{sfen}: {e}"));
                assert!(verdict.complete(), "{sfen}: {verdict:?}");
                mates += 1;
            }
            (MateResult::NoMate, MateResult::NoMate) => none += 1,
            (MateResult::Mate(a), other) => {
                panic!("{sfen}: exhaustive mate {a:?}, solver {other:?}")
            }
            (MateResult::NoMate, MateResult::Mate(b)) => {
                panic!("{sfen}: exhaustive no mate, solver {b:?}")
            }
            // A disproof through loops of checks may outlast the budget
            // (never a wrong answer; counted, and must stay rare).
            (MateResult::NoMate, MateResult::Timeout) => undecided += 1,
            (MateResult::Timeout, MateResult::Mate(b)) => {
                // The exhaustive search ran out of nodes or plies; the
                // solver's mate must still be one.
                verify_mate(v, pos, b, 1_000).unwrap_or_else(|e| panic!("{sfen}: {e}"));
            }
            (MateResult::Timeout, MateResult::NoMate) => {
                // The exhaustive search only found none within `plies`.
            }
            (MateResult::Timeout, MateResult::Timeout) => {}
        }
    }
    assert!(
        undecided * 20 <= none,
        "{undecided} no-mates undecided, {none} proved"
    );
    (mates, none)
}

#[test]
fn solver_agrees_with_the_exhaustive_search_in_standard_shogi() {
    let v = Standard::default();
    let positions = random_problems(&v, 0x2545_F491_4F6C_DD1D, 300);
    let (mates, none) = agree(&v, &positions, 7);
    eprintln!("standard: {mates} mates, {none} no-mates compared");
    assert!(mates >= 40 && none >= 40, "{mates} mates, {none} no-mates");
}

#[test]
fn solver_agrees_with_the_exhaustive_search_in_minishogi() {
    let v = Minishogi::default();
    let positions = random_problems(&v, 0x9E37_79B9_7F4A_7C15, 300);
    let (mates, none) = agree(&v, &positions, 9);
    eprintln!("minishogi: {mates} mates, {none} no-mates compared");
    assert!(mates >= 40 && none >= 40, "{mates} mates, {none} no-mates");
}

#[test]
fn solver_agrees_with_the_exhaustive_search_in_must_capture() {
    let v = MustCapture::default();
    let positions = random_problems(&v, 0x51_7CC1_B727_220A, 300);
    let (mates, none) = agree(&v, &positions, 7);
    eprintln!("must-capture: {mates} mates, {none} no-mates compared");
    assert!(mates >= 40 && none >= 20, "{mates} mates, {none} no-mates");
}

#[test]
fn solver_agrees_with_the_exhaustive_search_in_defined_variants() {
    // Shipped TOML definitions with the standard pieces: Judkins (6x6) and
    // gorogoro (5x6), played through AnyVariant as any consumer would.
    for (name, seed) in [
        ("judkins", 0x1234_5678_9ABC_DEF1_u64),
        ("gorogoro", 0x0F0E_0D0C_0B0A_0908),
    ] {
        let v = shogi_variants::AnyVariant::from_name(name).unwrap();
        let positions = random_problems(&v, seed, 150);
        let (mates, none) = agree(&v, &positions, 7);
        eprintln!("{name}: {mates} mates, {none} no-mates compared");
        assert!(
            mates >= 10 && none >= 20,
            "{name}: {mates} mates, {none} no-mates"
        );
    }
}

/// One problem of the fixture file.
struct Problem {
    sfen: String,
    length: String,
    source: String,
    cshogi_mate_move: String,
}

fn problems() -> Vec<Problem> {
    let text = include_str!("data/tsume.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("sfen\t"))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Problem {
                sfen: f[0].to_owned(),
                length: f[1].to_owned(),
                source: f[2].to_owned(),
                cshogi_mate_move: f.get(4).copied().unwrap_or("").to_owned(),
            }
        })
        .collect()
}

/// Public problems up to 39 plies and the stated no-mates: every one whose
/// answer is stated is solved and checked, and never "no mate" where the
/// source states a mate. Where the problem writes all of the material out
/// (so the position is the same for cshogi), the length is the one
/// cshogi's exhaustive search found.
#[test]
fn public_problems_are_solved() {
    let v = Standard::default();
    let mut solver = MateSolver::with_table_bytes(16 << 20);
    let limits = MateLimits {
        nodes: Some(1_000_000),
        ..MateLimits::default()
    };
    let (mut solved, mut refuted, mut same_as_cshogi, mut undecided) = (0, 0, 0, 0);
    let mut stated_mates = 0;
    for p in problems() {
        let stated: Option<u32> = p.length.parse().ok();
        let wanted = match (stated, p.length.as_str()) {
            (Some(n), _) if n <= 39 => true,
            (_, "nomate") => true,
            _ => false,
        };
        if !wanted {
            continue;
        }
        stated_mates += usize::from(stated.is_some());
        let Ok(pos) = v.problem_from_sfen(&p.sfen) else {
            panic!("{} ({}) is refused", p.sfen, p.source);
        };
        let defence = pos.is_check();
        let report = if defence {
            solver.solve_defence(&v, &pos, &limits)
        } else {
            solver.solve(&v, &pos, &limits)
        };
        let what = format!("{} ({}, stated {})", p.sfen, p.source, p.length);
        match (&report.result, stated) {
            (MateResult::Mate(line), _) => {
                let verdict = if defence {
                    verify_defence(&v, &pos, line, 20_000)
                } else {
                    verify_mate(&v, &pos, line, 20_000)
                };
                verdict.unwrap_or_else(|e| panic!("{what}: {e}"));
                assert!(
                    stated.is_some(),
                    "{what}: a mate where the source says none"
                );
                let written_out = Setup::from_sfen(&p.sfen).ok().is_some_and(|s| {
                    s.give_rest_to(Color::White, &v.piece_set()) == s
                        && s.give_rest_to(Color::Black, &v.piece_set()) == s
                });
                if let (true, Ok(n)) = (
                    written_out && report.shortest,
                    p.cshogi_mate_move.parse::<usize>(),
                ) {
                    assert_eq!(line.len(), n, "{what}: {line:?}");
                    same_as_cshogi += 1;
                }
                solved += 1;
            }
            (MateResult::NoMate, None) => refuted += 1,
            (MateResult::NoMate, Some(_)) => panic!("{what}: no mate claimed"),
            // Undecided is never wrong, but every stated mate up to 39
            // plies is solved within the budget (asserted below).
            (MateResult::Timeout, Some(_)) => {
                eprintln!("{what}: undecided in {} nodes", report.nodes);
                undecided += 1;
            }
            // A stated no-mate may outlast the budget (the bare king of
            // KomoringHeights#6 took it 30 GB of table).
            (MateResult::Timeout, None) => {}
        }
    }
    eprintln!("{solved} mates, {refuted} no-mates, {same_as_cshogi} lengths as cshogi's, {undecided} undecided");
    assert!(
        solved == stated_mates && undecided == 0 && refuted >= 4 && same_as_cshogi >= 100,
        "{solved} of {stated_mates} solved, {refuted} refuted, {same_as_cshogi} as cshogi, {undecided} undecided"
    );
}

#[test]
fn a_mate_at_the_defenders_turn() {
    let v = Standard::default();
    let mut solver = MateSolver::with_table_bytes(1 << 20);
    // Mated already: the line is empty.
    let mated = v.problem_from_sfen("8k/8G/8P/9/9/9/9/9/9 w - 1").unwrap();
    assert!(mated.legal_moves().is_empty());
    let report = solver.solve_defence(&v, &mated, &MateLimits::default());
    assert_eq!(report.result, MateResult::Mate(Vec::new()));
    // An escape: the king takes the gold and the attacker has nothing left.
    let free = v.problem_from_sfen("8k/8G/9/9/9/9/9/9/9 w - 1").unwrap();
    let report = solver.solve_defence(&v, &free, &MateLimits::default());
    assert_eq!(report.result, MateResult::NoMate);
}

#[test]
fn a_mate_in_three_is_seen_from_the_root_without_searching_below_it() {
    // 1f5b+ 4a5b S*4b: every reply to the bishop's check is mated at
    // once, which the root's first look at its checks finds; the nodes
    // left are the line's replay. Without that test the search went down
    // the checks and their replies: 48 nodes.
    let v = Standard::default();
    let pos = v
        .problem_from_sfen("3sks3/9/4S4/9/9/8B/9/9/9 b S 1")
        .unwrap();
    let mut solver = MateSolver::with_table_bytes(1 << 20);
    let first = MateLimits {
        shortest: false,
        ..MateLimits::default()
    };
    let report = solver.solve(&v, &pos, &first);
    let MateResult::Mate(line) = &report.result else {
        panic!("{report:?}")
    };
    assert_eq!(line.len(), 3, "{report:?}");
    assert!(report.nodes <= 4, "{report:?}");
    verify_mate(&v, &pos, line, 10_000).unwrap();
}

#[test]
fn a_repetition_does_not_mate_and_is_no_false_disproof() {
    // Minishogi: the rook can check for ever, but only by repeating.
    let v = Minishogi::default();
    let pos = v.position_from_sfen("2R2/4k/5/5/K4 b - 1").unwrap();
    let mut solver = MateSolver::with_table_bytes(1 << 20);
    assert_eq!(
        solver.solve(&v, &pos, &MateLimits::default()).result,
        MateResult::NoMate
    );
}

#[test]
fn limits_end_the_search_undecided() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    let v = Standard::default();
    let pos = v.problem_from_sfen("4k4/9/9/9/9/9/9/9/9 b 2R2B 1").unwrap();
    let mut solver = MateSolver::with_table_bytes(1 << 20);
    let by_nodes = MateLimits {
        nodes: Some(5_000),
        ..MateLimits::default()
    };
    let report = solver.solve(&v, &pos, &by_nodes);
    assert!(report.nodes <= 5_000, "{report:?}");
    let t = Instant::now();
    let by_time = MateLimits {
        time: Some(Duration::from_millis(50)),
        ..MateLimits::default()
    };
    solver.solve(&v, &pos, &by_time);
    assert!(t.elapsed() < Duration::from_secs(5));
    let by_flag = MateLimits {
        stop: Some(Arc::new(AtomicBool::new(true))),
        ..MateLimits::default()
    };
    let report = solver.solve(&v, &pos, &by_flag);
    assert!(report.nodes <= 1_024, "{report:?}");
    // A mate longer than allowed is not found.
    let five = v
        .position_from_sfen("8k/9/9/6S2/9/9/9/9/K8 b 2R 1")
        .unwrap();
    let short = MateLimits {
        max_plies: 3,
        ..MateLimits::default()
    };
    assert_eq!(solver.solve(&v, &five, &short).result, MateResult::Timeout);
    let line = solver.solve(&v, &five, &MateLimits::default());
    assert_eq!(line.result.mate().map(<[Move]>::len), Some(5));
}

/// The real tsume records of `shogi-formats/tests/data/tsume/` (KIF, KI2,
/// CSA; sources in `SOURCES.md` there), read as problems: each is solved,
/// and the line checked by the independent search.
#[test]
fn real_tsume_records_are_solved() {
    use shogi_formats::record::Format;
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shogi-formats/tests/data/tsume");
    let v = Standard::default();
    let mut solver = MateSolver::with_table_bytes(64 << 20);
    let mut solved = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for path in entries {
        let format = match path.extension().and_then(|e| e.to_str()) {
            Some("kif" | "kifu") => Format::Kif,
            Some("ki2") => Format::Ki2,
            Some("csa") => Format::Csa,
            _ => continue,
        };
        let bytes = std::fs::read(&path).unwrap();
        let text = String::from_utf8(bytes.clone())
            .unwrap_or_else(|_| encoding_rs::SHIFT_JIS.decode(&bytes).0.into_owned());
        let record = format
            .read(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let start = record.start_position().unwrap();
        let report = solver.solve(
            &v,
            &start,
            &MateLimits {
                nodes: Some(3_000_000),
                ..MateLimits::default()
            },
        );
        let MateResult::Mate(line) = &report.result else {
            panic!("{}: {report:?}", path.display());
        };
        verify_mate(&v, &start, line, 20_000).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Lengths under the game's rules: every legal interposition is a
        // defence, so they may exceed the composer's (the CSA mate in 3
        // is 9 plies here: the defender can put pieces between).
        assert!(
            line.len() % 2 == 1 && line.len() >= 3,
            "{}: {line:?}",
            path.display()
        );
        eprintln!(
            "{}: mate in {} ({} in the record), {} nodes",
            path.display(),
            line.len(),
            record.moves.len(),
            report.nodes
        );
        solved += 1;
    }
    assert!(solved >= 7, "{solved}");
}
