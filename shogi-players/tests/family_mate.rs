//! Mate search in the shogi family (`find_family_mate`), checked against a
//! plain exhaustive search over every move, and against dobutsu's
//! published solution (the second player wins: Tanaka 2009).

use shogi_core::Color;
use shogi_players::{find_family_mate, FamilyMateError, MateLimits, MateResult};
use shogi_variants::{FamilyGame, GameState};

/// Whether `winner` wins within `plies` against any defence, every move of
/// both sides tried (no restriction to checks): the independent oracle.
fn forced_win(game: &mut FamilyGame, plies: u32, winner: Color) -> bool {
    if let Some(o) = game.outcome() {
        return o.winner == Some(winner);
    }
    if plies == 0 {
        return false;
    }
    let ours = game.side_to_move() == winner;
    let moves = game.legal_moves();
    let mut each = moves.iter().map(|&mv| {
        game.play_unchecked(mv);
        let won = forced_win(game, plies - 1, winner);
        game.undo().expect("a move just played");
        won
    });
    if ours {
        each.any(|w| w)
    } else {
        each.all(|w| w)
    }
}

/// `line` is a mate for the side to move of `game`: legal moves, every
/// attacker move a check or a win, and the game won by the attacker at its
/// end; and the attacker wins within its length against every defence.
fn assert_mate_line(game: &FamilyGame, line: &[shogi_core::Move]) {
    let attacker = game.side_to_move();
    let mut g = game.clone();
    for (i, &mv) in line.iter().enumerate() {
        assert_eq!(g.outcome(), None, "ended before ply {}", i + 1);
        assert!(g.legal_moves().contains(&mv), "{} illegal", g.usi(mv));
        g.play(mv).expect("legal");
        if i % 2 == 0 && g.outcome().is_none() {
            assert!(g.position().is_check(), "{} gives no check", g.usi(mv));
        }
    }
    assert_eq!(g.outcome().and_then(|o| o.winner), Some(attacker));
    let mut g = game.clone();
    assert!(forced_win(&mut g, line.len() as u32, attacker));
}

fn dobutsu(sfen: &str) -> FamilyGame {
    FamilyGame::builtin("dobutsu")
        .expect("shipped")
        .from_sfen(sfen)
        .expect("legal position")
}

#[test]
fn a_lion_that_cannot_escape_capture_is_mated_with_the_capture_its_last_ply() {
    // Positions met in random games (found by the search, checked by the
    // exhaustive oracle): the capture of a lion left attacked; a chick
    // dropped on 1c checks the lion on 1d, which cannot escape (taking the
    // chick, it is taken by White's lion; else the chick takes it); and a
    // mate in five.
    for (sfen, plies) in [
        ("1l1/1G1/1L1/3 b - 1", 1),
        ("e2/c1l/g2/EGL w c 16", 3),
        ("c1e/Gel/C1G/1L1 w - 42", 5),
    ] {
        let game = dobutsu(sfen);
        let result = find_family_mate(&game, &MateLimits::default())
            .expect("searchable")
            .result;
        let MateResult::Mate(line) = result else {
            panic!("{sfen}: {result:?}");
        };
        assert_eq!(line.len(), plies, "{sfen}");
        assert_mate_line(&game, &line);
        // No shorter win exists, whatever the moves.
        let mut g = game.clone();
        let attacker = game.side_to_move();
        assert!(plies < 3 || !forced_win(&mut g, plies as u32 - 2, attacker));
    }
}

#[test]
fn kyoto_checkmate_rule_mates_and_proofs_of_no_mate() {
    let kyoto = FamilyGame::builtin("kyotoshogi").expect("shipped");
    // A lone king: no check at all, a proof of no mate.
    let bare = kyoto.from_sfen("2k2/5/5/5/2K2 b - 1").expect("legal");
    assert_eq!(
        find_family_mate(&bare, &MateLimits::default()).map(|r| r.result),
        Ok(MateResult::NoMate)
    );
    // Mates found in random positions of kyoto shogi are checked against
    // the exhaustive oracle (no mate of the search may be false).
    let mut found = 0;
    let mut game = kyoto.clone();
    let mut seed = 7u64;
    for _ in 0..400 {
        if game.outcome().is_some() {
            game = kyoto.clone();
        }
        let moves = game.legal_moves();
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = moves[(seed >> 33) as usize % moves.len()];
        game.play(mv).expect("legal");
        if game.outcome().is_some() {
            continue;
        }
        let limits = MateLimits {
            max_plies: 3,
            nodes: Some(20_000),
            ..MateLimits::default()
        };
        if let Ok(MateResult::Mate(line)) = find_family_mate(&game, &limits).map(|r| r.result) {
            assert_mate_line(&game, &line);
            found += 1;
        }
    }
    assert!(found > 0, "no mate met in 400 random positions");
}

#[test]
fn a_game_over_is_refused() {
    let mut over = dobutsu("1l1/1G1/1L1/3 b - 1");
    over.play_usi("2b2a").expect("the capture");
    let e = find_family_mate(&over, &MateLimits::default()).unwrap_err();
    assert!(matches!(e, FamilyMateError::GameOver(_)));
    assert!(e.to_string().contains("the game is over"), "{e}");
}

/// The endgames on Tanaka's line (tests/data/dobutsu_perfect_line.txt in
/// shogi-variants): the side to move loses in exactly N plies.
fn perfect_line_endgames() -> Vec<(u32, String)> {
    include_str!("../../shogi-variants/tests/data/dobutsu_perfect_line.txt")
        .lines()
        .filter_map(|l| l.strip_prefix("#E\t"))
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            (cols[1].parse().expect("N"), cols[3].to_owned())
        })
        .collect()
}

#[test]
fn dobutsu_endgames_agree_with_the_published_solution() {
    // (The exhaustive search of these endgames, position by position, is
    // shogi-variants' family_agreement test; here the mate search.)
    let endgames = perfect_line_endgames();
    assert_eq!(endgames.len(), 6);
    for (n, sfen) in endgames {
        let game = dobutsu(&sfen);
        // The mate search never finds a win for the side that loses.
        let limits = MateLimits {
            nodes: Some(50_000),
            ..MateLimits::default()
        };
        let result = find_family_mate(&game, &limits).expect("searchable").result;
        assert!(
            result.mate().is_none(),
            "{sfen}: a mate for the loser: {result:?}"
        );
        // Lost in 2: whatever the loser plays, the winner ends the game at
        // once (the lion taken or a try), a mate in one for the search.
        if n == 2 {
            for &mv in game.legal_moves().iter() {
                let mut after = game.clone();
                after.play(mv).expect("legal");
                let result = find_family_mate(&after, &MateLimits::default())
                    .expect("searchable")
                    .result;
                assert_eq!(
                    result.mate().map(<[_]>::len),
                    Some(1),
                    "{sfen} {}",
                    game.usi(mv)
                );
            }
        }
    }
}

#[test]
fn dobutsu_perfect_line_no_mate_contradicts_it() {
    // Along the 78-ply line (distance-optimal for both sides), the first
    // player never has a forced win by checks, and the second player has
    // none shorter than the line's remaining plies.
    let text = include_str!("../../shogi-variants/tests/data/dobutsu_perfect_line.txt");
    let moves: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').nth(3))
        .collect();
    assert_eq!(moves.len(), 78);
    let mut game = FamilyGame::builtin("dobutsu").expect("shipped");
    let limits = MateLimits {
        max_plies: 9,
        nodes: Some(20_000),
        ..MateLimits::default()
    };
    let mut mates = 0;
    for (ply, usi) in moves.iter().enumerate() {
        let left = 78 - ply;
        if let MateResult::Mate(line) = find_family_mate(&game, &limits).expect("searchable").result
        {
            assert_eq!(
                game.side_to_move(),
                Color::White,
                "ply {ply}: the first player mates"
            );
            assert!(
                line.len() >= left,
                "ply {ply}: mate in {} < {left}",
                line.len()
            );
            mates += 1;
        }
        game.play_usi(usi).expect("the line is legal");
    }
    assert!(game.outcome().is_some());
    // The end of the line is within reach of the search.
    assert!(mates > 0, "the search found none of the line's last wins");
}
