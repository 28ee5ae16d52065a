//! The shipped family definitions against independent implementations:
//! every row of `data/fsf-perft.tsv` (Fairy-Stockfish's `go perft` and
//! pyffish, lishogi's shogiops for annan and kyoto) played through the
//! shipped definition's compiled table, and the dobutsu perfect line.
//!
//! FSF FENs are converted to our SFEN as `data/fsf-findings.md` says: the
//! same board; the hand `[GEc]` (each piece repeated) as counts; the side
//! letter swapped (FSF `w`, the first player, is our `b`). shogiops writes
//! kyoto with one letter per face (T, G, B, R for FSF's +L, +N, +S, +P): the
//! kyoto file uses FSF's letters, so those rows are converted too.
//!
//! Rows of more than [`QUICK_NODES`] leaves run in the `#[ignore]`d
//! `every_row_agrees` (CI's release step: scripts/test-all.sh).

#[path = "support/shogiops.rs"]
mod shogiops;

use shogi_core::family::notation::{from_usi, to_usi};
use shogi_core::{Color, Variant};
use shogi_variants::{Defined, Definition, FamilyDefinition};
use shogiops::shogiops_kyoto;
use std::collections::BTreeMap;
use std::time::Instant;

/// Rows with at most this many leaves run in the plain test run.
const QUICK_NODES: u64 = 1_000_000;

const TSV: &str = include_str!("data/fsf-perft.tsv");
const PERFECT_LINE: &str = include_str!("data/dobutsu_perfect_line.txt");

/// One reference count.
struct Row {
    variant: &'static str,
    sfen: String,
    depth: u32,
    nodes: u64,
    source: &'static str,
}

/// A row's position as our SFEN: shogiops writes SFEN (kyoto in its own
/// letters), Fairy-Stockfish and pyffish their FEN.
fn to_sfen(variant: &str, fen: &str, source: &str) -> String {
    match (source.starts_with("shogiops"), variant) {
        (true, "kyotoshogi") => shogiops_kyoto(fen),
        (true, _) => fen.to_owned(),
        (false, _) => fsf_to_sfen(fen),
    }
}

/// FSF's FEN as our SFEN (move number 1: perft does not read it).
fn fsf_to_sfen(fen: &str) -> String {
    let mut fields = fen.split_whitespace();
    let first = fields.next().unwrap_or_default();
    let side = fields.next().unwrap_or_default();
    let (board, hand) = match first.split_once('[') {
        Some((b, h)) => (b, h.trim_end_matches(']')),
        None => (first, ""),
    };
    let mut counts: BTreeMap<(bool, String), u32> = BTreeMap::new();
    let mut plus = false;
    for c in hand.chars() {
        match c {
            '+' => plus = true,
            '-' => {}
            c => {
                let token = if plus { format!("+{c}") } else { c.to_string() };
                *counts.entry((c.is_ascii_lowercase(), token)).or_default() += 1;
                plus = false;
            }
        }
    }
    let hands: String = counts
        .iter()
        .map(|((_, t), n)| if *n > 1 { format!("{n}{t}") } else { t.clone() })
        .collect();
    let hands = if hands.is_empty() {
        "-".to_owned()
    } else {
        hands
    };
    let side = if side == "w" { "b" } else { "w" };
    format!("{board} {side} {hands} 1")
}

fn rows() -> Vec<Row> {
    TSV.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&'static str> = line.split('\t').collect();
            Row {
                variant: f[0],
                sfen: to_sfen(f[0], f[1], f[4]),
                depth: f[2].parse().unwrap(),
                nodes: f[3].parse().unwrap(),
                source: f[4],
            }
        })
        .collect()
}

/// The definition a row's variant is played by through the family engine:
/// the shipped family file, or for the standard-kind variants of the table
/// (minishogi, gorogoro, judkins) today's file compiled as a family one.
/// checkshogi's first-check win is a game end, not a move rule: no table.
fn definition(variant: &str) -> Option<FamilyDefinition> {
    if let Some(d) = FamilyDefinition::builtin(variant) {
        return Some(d);
    }
    match variant {
        "minishogi" | "gorogoro" | "judkins" => {
            FamilyDefinition::from_toml(Definition::builtin_text(variant)?).ok()
        }
        _ => None,
    }
}

/// `d` with pawn-drop mate allowed: how Fairy-Stockfish counts perft where
/// it forbids it (it generates the drop, then scores the game as lost by
/// the dropper; fsf-findings.md, item 3).
fn with_drop_mate_counted(d: &FamilyDefinition) -> FamilyDefinition {
    let mut fields = serde_json::to_value(d).unwrap();
    fields["pawn_drop_mate"] = "legal".into();
    serde_json::from_value(fields).unwrap()
}

/// Agreement per variant: rows agreed as counted, rows agreed once
/// Fairy-Stockfish's pawn-drop-mate convention is applied, rows.
type Tally = BTreeMap<&'static str, (usize, usize, usize)>;

/// Checks every row with at most `max_nodes` leaves; returns the rows run
/// per variant, and prints each row's time.
///
/// A Fairy-Stockfish row may count pawn-drop mates our rules (and
/// shogiops') refuse: such a row agrees when the count with them allowed
/// is Fairy-Stockfish's and ours is lower.
fn check_rows(max_nodes: u64) -> Tally {
    let mut table = Tally::new();
    let mut definitions: BTreeMap<&str, Option<FamilyDefinition>> = BTreeMap::new();
    let mut failures = Vec::new();
    for row in rows() {
        let entry = table.entry(row.variant).or_insert((0, 0, 0));
        entry.2 += 1;
        let d = definitions
            .entry(row.variant)
            .or_insert_with(|| definition(row.variant));
        let Some(d) = d else { continue };
        if row.nodes > max_nodes {
            continue;
        }
        let mut pos = d
            .position_from_sfen(&row.sfen)
            .unwrap_or_else(|e| panic!("{}: {}: {e}", row.variant, row.sfen));
        let t = Instant::now();
        let got = pos.perft(row.depth);
        eprintln!(
            "{:13} d{} {:>10} {:>7.2}s {}",
            row.variant,
            row.depth,
            got,
            t.elapsed().as_secs_f64(),
            row.sfen
        );
        let fsf = !row.source.starts_with("shogiops");
        if got == row.nodes {
            entry.0 += 1;
        } else if fsf
            && got < row.nodes
            && with_drop_mate_counted(d)
                .position_from_sfen(&row.sfen)
                .unwrap()
                .perft(row.depth)
                == row.nodes
        {
            eprintln!("  (FSF counts {} pawn-drop mates)", row.nodes - got);
            entry.1 += 1;
        } else {
            failures.push(format!(
                "{} {} depth {}: {} says {}, we count {got}",
                row.variant, row.sfen, row.depth, row.source, row.nodes
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    table
}

#[test]
fn quick_rows_agree() {
    let table = check_rows(QUICK_NODES);
    // Every shipped variant has rows here (annan: shogiops's).
    for name in FamilyDefinition::BUILTIN_NAMES {
        assert!(
            table.get(name).is_some_and(|&(agreed, ..)| agreed > 0),
            "{name} has no quick row: {table:?}"
        );
    }
}

/// Every row, the deep ones included (release: scripts/test-all.sh).
#[test]
#[ignore]
fn every_row_agrees() {
    let table = check_rows(u64::MAX);
    eprintln!("variant        agreed  agreed-with-FSF's-drop-mate-count  rows");
    for (variant, (agreed, drop_mate, total)) in table {
        eprintln!("{variant:14} {agreed:6}  {drop_mate:33}  {total:4}");
    }
}

#[test]
fn gorogoroplus_agrees_through_the_standard_engine_too() {
    // Its file has no family field: AnyDefinition plays it by the fast
    // engine, which must agree with the family engine and with FSF.
    let text = FamilyDefinition::builtin_text("gorogoroplus").unwrap();
    let defined = Defined::from_toml(text).unwrap();
    for row in rows().iter().filter(|r| r.variant == "gorogoroplus") {
        if row.nodes > QUICK_NODES {
            continue;
        }
        let mut pos = defined.position_from_sfen(&row.sfen).unwrap();
        assert_eq!(
            defined.perft(&mut pos, row.depth, true),
            row.nodes,
            "{}",
            row.sfen
        );
    }
}

/// The moves of the perfect line (USI, the last column), in order.
fn perfect_line() -> Vec<&'static str> {
    PERFECT_LINE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').nth(3).unwrap().trim())
        .collect()
}

#[test]
fn dobutsu_perfect_line_is_legal_and_ends_with_the_lion_taken() {
    let d = FamilyDefinition::builtin("dobutsu").unwrap();
    let mut pos = d.position().unwrap();
    let line = perfect_line();
    assert_eq!(line.len(), 78);
    for (ply, usi) in line.iter().enumerate() {
        assert!(!pos.is_over(), "the game ended before ply {}", ply + 1);
        let mv = from_usi(&pos, usi).unwrap_or_else(|e| panic!("ply {}: {usi}: {e}", ply + 1));
        let legal: Vec<String> = pos.legal_moves().iter().map(|&m| to_usi(&pos, m)).collect();
        assert!(
            legal.contains(&usi.to_string()),
            "ply {}: {usi} not in {legal:?}",
            ply + 1
        );
        assert!(pos.play(mv), "ply {}: {usi}", ply + 1);
    }
    // Ply 78 was White's (the second player's): Black has no lion left.
    assert_eq!(pos.side_to_move(), Color::Black);
    assert!(pos.royal_lost() && pos.is_over());
    assert!(pos.legal_moves().is_empty());
    assert!(pos.royals(Color::Black).is_empty());
}

/// Whether the side that just moved has won `pos` (a game end the move
/// generator knows: the other side's lion taken, or a try).
fn mover_won(pos: &shogi_core::family::FamilyPosition) -> bool {
    let mover = pos.side_to_move().opponent();
    pos.royal_lost() || (pos.try_reached(mover) && !pos.try_reached(mover.opponent()))
}

/// Whether the side to move can force a win within `plies` of its own and
/// its opponent's moves.
fn wins_within(pos: &mut shogi_core::family::FamilyPosition, plies: u32) -> bool {
    if plies == 0 || pos.is_over() {
        return false;
    }
    pos.legal_moves().iter().any(|&mv| {
        let undo = pos.make(mv);
        let won = mover_won(pos) || loses_within(pos, plies - 1);
        pos.undo(mv, undo);
        won
    })
}

/// Whether every move of the side to move lets the opponent win within
/// `plies` (the side to move included); a position already lost counts.
fn loses_within(pos: &mut shogi_core::family::FamilyPosition, plies: u32) -> bool {
    let mover = pos.side_to_move().opponent();
    if pos.is_over() {
        return pos.royal_lost() || pos.try_reached(mover);
    }
    if plies == 0 {
        return false;
    }
    // Dobutsu's stalemate is a loss.
    pos.legal_moves().iter().all(|&mv| {
        let undo = pos.make(mv);
        let lost = !mover_won(pos) && wins_within(pos, plies - 1);
        pos.undo(mv, undo);
        lost
    })
}

#[test]
fn dobutsu_endgames_on_the_perfect_line_are_lost_in_exactly_their_plies() {
    // The `#E` lines: positions of the line in which the side to move loses
    // in exactly N plies against best play (Tanaka's solved game). An
    // exhaustive search must find the loss within N and not within N - 2.
    let d = FamilyDefinition::builtin("dobutsu").unwrap();
    let mut checked = 0;
    for line in PERFECT_LINE.lines().filter(|l| l.starts_with("#E")) {
        let f: Vec<&str> = line.split('\t').collect();
        let n: u32 = f[2].parse().unwrap();
        if n > 8 {
            continue;
        }
        let mut pos = d.position_from_sfen(f[4]).unwrap();
        assert!(loses_within(&mut pos, n), "{}: not lost within {n}", f[4]);
        assert!(
            !loses_within(&mut pos, n - 2),
            "{}: lost within {}",
            f[4],
            n - 2
        );
        checked += 1;
    }
    assert!(checked >= 4, "{checked}");
}

#[test]
fn a_pawn_drop_mate_is_refused_where_fairy_stockfish_counts_it() {
    // fsf-findings.md, item 3: Fairy-Stockfish generates a pawn drop that
    // mates where its rules forbid it (shogiPawnDropMateIllegal) and scores
    // the game as lost by the dropper, so its perft counts the drop;
    // shogiops and our rules (RULES.md 1.6) remove it from the moves. In
    // this gorogoro position (FSF row `sg3/p+P1ks/2pp1/2Pg1/3S1/SGGK1[P] w`,
    // depth 4: FSF 163120, we 163117), after 2f1f 3c3d P*2f White's P*1e
    // would mate Black's king on 1f.
    let text = Definition::builtin_text("gorogoro").unwrap();
    let ours = FamilyDefinition::from_toml(text).unwrap();
    let sfen = "sg3/p+P1ks/3p1/2pg1/3S1/SGGPK w p 4";
    let pos = ours.position_from_sfen(sfen).unwrap();
    let moves: Vec<String> = pos.legal_moves().iter().map(|&m| to_usi(&pos, m)).collect();
    assert!(!moves.contains(&"P*1e".to_string()), "{moves:?}");
    assert!(
        moves.contains(&"P*1d".to_string()),
        "other pawn drops stay: {moves:?}"
    );
    let counted = with_drop_mate_counted(&ours);
    let mut pos = counted.position_from_sfen(sfen).unwrap();
    let drop = from_usi(&pos, "P*1e").unwrap();
    assert!(pos.play(drop));
    assert!(pos.is_check() && pos.legal_moves().is_empty(), "P*1e mates");
}
