//! Variants defined from files (issue 17): the shipped definitions compile
//! to the built-in games' data, every field is validated with its name in
//! the error, and the end rules from the menu decide games.

use shogi_core::{Color, EndReason, Game, PieceKind, Variant};
use shogi_variants::{
    Defined, Definition, DefinitionError, Minishogi, Standard, CHECK_GIVEN, KING_REACHED_LAST_RANK,
};

#[test]
fn every_shipped_definition_is_valid() {
    for name in Definition::BUILTIN_NAMES {
        let text = Definition::builtin_text(name).expect("shipped");
        let d = Definition::from_toml(text).unwrap_or_else(|e| panic!("{name}.toml: {e}"));
        assert_eq!(d.name(), name);
        assert_eq!(
            Definition::from_toml(&d.to_toml()),
            Ok(d.clone()),
            "{name} round trip"
        );
    }
}

/// The built-in game and the variant of its shipped file agree on every
/// piece of data the core plays with, and on the end hooks.
fn same_as_builtin<V: Variant>(builtin: &V, defined: &Defined) {
    let (a, b) = (builtin.geometry(), defined.geometry());
    assert_eq!(
        (a.files(), a.ranks(), a.promotion_ranks()),
        (b.files(), b.ranks(), b.promotion_ranks())
    );
    assert_eq!(builtin.piece_set(), defined.piece_set());
    assert_eq!(builtin.start_sfen(), defined.start_sfen());
    assert_eq!(builtin.move_limit(), defined.move_limit());
    assert!(
        defined.move_filter().is_none(),
        "all kinds droppable: no filter, the fast count"
    );
    for first_player in [Color::Black, Color::White] {
        for perpetual_checker in [None, Some(Color::Black), Some(Color::White)] {
            let r = shogi_core::Repetition {
                first_player,
                perpetual_checker,
            };
            assert_eq!(
                builtin.repetition_outcome(r),
                defined.repetition_outcome(r),
                "{r:?}"
            );
        }
    }
    let mut p1 = builtin.start_position();
    let mut p2 = defined.start_position();
    assert_eq!(builtin.no_move_outcome(&p1), defined.no_move_outcome(&p2));
    for depth in 1..=3 {
        assert_eq!(
            builtin.perft(&mut p1, depth, true),
            defined.perft(&mut p2, depth, true)
        );
    }
}

#[test]
fn standard_toml_is_standard_shogi() {
    same_as_builtin(
        &Standard::default(),
        &Defined::builtin("standard").expect("shipped"),
    );
}

#[test]
fn minishogi_toml_is_minishogi() {
    same_as_builtin(
        &Minishogi::default(),
        &Defined::builtin("minishogi").expect("shipped"),
    );
}

#[test]
fn small_boards_start_as_fairy_stockfish_counts() {
    // pyffish 0.0.90: len(legal_moves(v, start_fen(v), [])).
    for (name, moves) in [("judkins", 20), ("gorogoro", 16)] {
        let v = Defined::builtin(name).expect("shipped");
        assert_eq!(v.start_position().legal_moves().len(), moves, "{name}");
    }
    let g = Defined::builtin("gorogoro").expect("shipped");
    assert_eq!((g.geometry().files(), g.geometry().ranks()), (5, 6));
}

const MINI: &str = r#"
name = "mini"
files = 5
ranks = 5
promotion_ranks = 1
start = "rbsgk/4p/5/P4/KGSBR b - 1"
"#;

fn with(extra: &str) -> Result<Definition, DefinitionError> {
    Definition::from_toml(&format!("{MINI}{extra}"))
}

fn field_of(e: DefinitionError) -> String {
    match e {
        DefinitionError::Field { field, .. } => field,
        other => panic!("not a field error: {other}"),
    }
}

#[test]
fn errors_name_the_field() {
    let replace = |from: &str, to: &str| Definition::from_toml(&MINI.replace(from, to));
    assert_eq!(
        field_of(replace("\"mini\"", "\"Mini Shogi\"").unwrap_err()),
        "name"
    );
    assert_eq!(
        field_of(replace("files = 5", "files = 10").unwrap_err()),
        "files"
    );
    assert_eq!(
        field_of(replace("ranks = 5", "ranks = 2").unwrap_err()),
        "ranks"
    );
    assert_eq!(
        field_of(replace("promotion_ranks = 1", "promotion_ranks = 3").unwrap_err()),
        "promotion_ranks"
    );
    assert_eq!(
        field_of(replace("promotion_ranks = 1", "promotion_ranks = 0").unwrap_err()),
        "promotion_ranks"
    );
    // The start must be a board of the size given, a readable SFEN and a
    // position of the variant's own rules.
    let e = replace("files = 5", "files = 6").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("start: the board is 5x5, not 6x5"),
        "{e}"
    );
    assert_eq!(
        field_of(replace("KGSBR b", "KGSBR x").unwrap_err()),
        "start"
    );
    let two_pawns = replace("rbsgk/4p/5/P4/KGSBR b - 1", "rbsgk/4p/5/P4/KGSBR b P 1");
    assert!(
        two_pawns.is_ok(),
        "a pawn in hand is within the counted material"
    );
    let e = with("material = { pawn = 1, silver = 2, gold = 2, bishop = 2, rook = 2, king = 2 }")
        .unwrap_err();
    assert_eq!(
        field_of(e.clone()),
        "start",
        "two pawns on the board, material allows one: {e}"
    );
    let e = with("material = { king = 1 }").unwrap_err();
    assert_eq!(field_of(e), "material.king");
    let dead_pawn = replace("rbsgk/4p/5/P4/KGSBR b - 1", "rbsPk/4p/5/5/KGSBR b g 1");
    assert_eq!(
        field_of(dead_pawn.unwrap_err()),
        "start",
        "a black pawn on its last rank"
    );
    let nifu = replace("rbsgk/4p/5/P4/KGSBR b - 1", "rbsgk/4p/P4/P4/KGSBR b - 1");
    let e = nifu.unwrap_err();
    assert_eq!(
        field_of(e.clone()),
        "start",
        "two black pawns on file 5: {e}"
    );
    assert_eq!(
        field_of(with("[end]\nimpasse = \"Points27\"").unwrap_err()),
        "end.impasse"
    );
    assert_eq!(
        field_of(with("[end]\nmove_limit = 0").unwrap_err()),
        "end.move_limit"
    );
    // Unknown fields, kinds and values are reading errors that say what.
    for bad in [
        "colour = \"red\"",
        "drops = [\"king\"]",
        "[end]\nrepetition = \"lose\"",
        "[end]\ncheck = true",
    ] {
        let e = with(bad).unwrap_err();
        assert!(matches!(e, DefinitionError::Syntax(_)), "{bad}: {e}");
    }
    assert!(matches!(
        Definition::from_toml("files = ").unwrap_err(),
        DefinitionError::Syntax(_)
    ));
    let missing = Definition::from_toml("name = \"x\"").unwrap_err();
    assert!(missing.to_string().contains("missing field"), "{missing}");
}

#[test]
fn drops_can_be_none_or_some_kinds() {
    // White to move holds a pawn and a silver; Black a gold.
    let position = "rb1gk/4p/5/5/1KSBR w Gps 1";
    let count_drops = |drops: &str| {
        let text = format!("{MINI}drops = {drops}\n");
        let v = Defined::from_toml(&text).expect("valid");
        let pos = v
            .position_from_sfen(position)
            .expect("a position of the variant");
        let moves = v.legal_moves(&pos);
        let kinds: Vec<PieceKind> = moves.iter().filter_map(|m| m.drop_kind()).collect();
        (moves.len(), kinds)
    };
    let (all, kinds) = count_drops("true");
    assert!(kinds.contains(&PieceKind::Pawn) && kinds.contains(&PieceKind::Silver));
    let (none, kinds) = count_drops("false");
    assert!(kinds.is_empty());
    let (some, kinds) = count_drops("[\"silver\"]");
    assert!(!kinds.is_empty() && kinds.iter().all(|&k| k == PieceKind::Silver));
    assert!(none < some && some < all, "{none} < {some} < {all}");
}

#[test]
fn check_wins_ends_the_game_at_the_first_check() {
    let v = Defined::builtin("checkshogi").expect("shipped");
    let mut game = Game::new(v);
    for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
        game.play_usi(usi).expect("legal");
        assert_eq!(game.outcome(), None, "after {usi}");
    }
    game.play_usi("B*4b").expect("a drop that checks is legal");
    let o = game.outcome().expect("over");
    assert_eq!(o.winner, Some(Color::Black));
    assert_eq!(o.reason, EndReason::Custom(CHECK_GIVEN));
    assert!(game.play_usi("5a4b").is_err(), "no move after the end");
}

#[test]
fn a_king_on_the_far_rank_wins_when_the_definition_says_so() {
    let text = format!("{MINI}[end]\nlast_rank_king_wins = true\n");
    let v = Defined::from_toml(&text).expect("valid");
    // Black's king walks from 2d to 2a (rank a is Black's far rank).
    let mut game = Game::from_sfen(v, "k4/5/5/3K1/5 b - 1").expect("a position");
    for usi in ["2d2c", "5a5b", "2c2b", "5b5c"] {
        game.play_usi(usi).expect("legal");
        assert_eq!(game.outcome(), None, "after {usi}");
    }
    game.play_usi("2b2a").expect("legal");
    let o = game.outcome().expect("over");
    assert_eq!(
        (o.winner, o.reason),
        (
            Some(Color::Black),
            EndReason::Custom(KING_REACHED_LAST_RANK)
        )
    );
    // Without the rule the same game goes on.
    let plain = Defined::from_toml(MINI).expect("valid");
    let mut game = Game::from_sfen(plain, "k4/5/5/3K1/5 b - 1").expect("a position");
    for usi in ["2d2c", "5a5b", "2c2b", "5b5c", "2b2a"] {
        game.play_usi(usi).expect("legal");
    }
    assert_eq!(game.outcome(), None);
}

#[test]
fn loading_a_definition_twice_shares_its_data() {
    let a = Defined::from_toml(MINI).expect("valid");
    let b = Defined::from_toml(MINI).expect("valid");
    assert_eq!(a, b);
    assert!(std::ptr::eq(a.definition(), b.definition()));
    assert!(std::ptr::eq(a.name(), b.name()));
}

#[test]
fn any_variant_plays_shipped_and_written_definitions() {
    use shogi_variants::{AnyGame, AnyVariant, GameKind, SavedGame};
    let judkins = AnyVariant::from_name("judkins").expect("a shipped definition by name");
    assert_eq!(judkins.name(), "judkins");
    assert_eq!(judkins.geometry().files(), 6);
    let written =
        AnyVariant::with_named_settings("defined", &[("definition", MINI)]).expect("valid");
    assert_eq!(written.name(), "mini");
    let quoted = serde_json::to_string(MINI).expect("json");
    let as_json =
        AnyVariant::with_named_settings("defined", &[("definition", &quoted)]).expect("valid");
    assert_eq!(as_json, written, "a JSON string is read as its text");
    let by_name =
        AnyVariant::with_named_settings("defined", &[("definition", "gorogoro")]).expect("shipped");
    assert_eq!(by_name.geometry().ranks(), 6);
    // Errors say what is wrong and where.
    let default = AnyVariant::with_named_settings("defined", &[]).expect("the default");
    assert_eq!(
        default.name(),
        "standard",
        "shipped standard.toml, the default settings"
    );
    let e = AnyVariant::with_named_settings("defined", &[("rules", "x")]).unwrap_err();
    assert!(e.to_string().contains("no setting 'rules'"), "{e}");
    // The settings a defined variant gives back are its fields: accepted
    // back as settings, one by one (values as JSON).
    let settings = serde_json::to_value(written.settings()).expect("json");
    let pairs: Vec<(String, String)> = settings
        .as_object()
        .expect("an object")
        .iter()
        .filter(|(k, _)| *k != "variant")
        .map(|(k, v)| (k.clone(), v.to_string()))
        .collect();
    let borrowed: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        AnyVariant::with_named_settings("defined", &borrowed).expect("its own fields"),
        written
    );
    let mut both = borrowed.clone();
    both.push(("definition", "judkins"));
    assert!(AnyVariant::with_named_settings("defined", &both).is_err());
    let deep: Vec<(&str, &str)> = borrowed
        .iter()
        .map(|&(k, v)| {
            if k == "promotion_ranks" {
                (k, "4")
            } else {
                (k, v)
            }
        })
        .collect();
    let e = AnyVariant::with_named_settings("defined", &deep).unwrap_err();
    assert!(e.to_string().contains("promotion_ranks: 4 must be"), "{e}");
    let e = AnyVariant::with_named_settings("defined", &[("definition", "name = 3")]).unwrap_err();
    assert!(e.to_string().contains("not a variant definition"), "{e}");
    let e =
        AnyVariant::with_named_settings("defined", &[("definition", &MINI.replace("= 1", "= 4"))])
            .unwrap_err();
    assert!(e.to_string().contains("promotion_ranks"), "{e}");
    // The house rules are settings (issue 32); the rest of the rules are the file's.
    let limited =
        AnyVariant::with_named_settings("judkins", &[("move_limit", "9")]).expect("a house rule");
    assert_eq!(limited.move_limit(), Some(9));
    let e = AnyVariant::with_named_settings("judkins", &[("drops", "false")]).unwrap_err();
    assert!(e.to_string().contains("file's fields"), "{e}");
    let e = AnyVariant::from_name("chess").unwrap_err();
    assert!(
        e.to_string().contains("judkins"),
        "the shipped definitions are listed: {e}"
    );

    // A saved game names the definition it was played under: all of it.
    let mut game = AnyGame::new("defined", &[("definition", MINI)], 0).expect("valid");
    assert_eq!(game.kind(), GameKind::Defined);
    for usi in ["2e3d", "4a3b"] {
        shogi_variants::GameState::play(&mut game, usi.parse().expect("an action")).expect("legal");
    }
    let saved = SavedGame::of(&game);
    assert_eq!(saved.game, "defined");
    let text = serde_json::to_string(&saved).expect("json");
    assert!(text.contains("\"name\":\"mini\""), "{text}");
    let back: SavedGame = serde_json::from_str(&text).expect("json");
    let restored = back.restore().expect("restores");
    assert_eq!(
        shogi_variants::GameState::history(&restored),
        shogi_variants::GameState::history(&game)
    );
    // A tampered definition is refused with the field named.
    let bad = text.replace("\"promotion_ranks\":1", "\"promotion_ranks\":7");
    let e = serde_json::from_str::<SavedGame>(&bad)
        .expect("json")
        .restore()
        .unwrap_err();
    assert!(e.to_string().contains("promotion_ranks"), "{e}");
}

/// `variant | SFEN | ...` lines of a data file, comments and blanks skipped.
fn data_lines(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split('|').map(str::trim).collect())
}

/// Perft of the shipped definitions against Fairy-Stockfish (pyffish 0.0.90,
/// `data/defined_oracle.txt`, made by `data/make_defined_oracle.py`; pawn-drop
/// mates, which pyffish generates and shogi forbids, removed in its search).
#[test]
fn perft_matches_fairy_stockfish() {
    let mut lines = 0;
    for fields in data_lines(include_str!("data/defined_oracle.txt")) {
        let (name, sfen) = (fields[0], fields[1]);
        let v = Defined::builtin(name).unwrap_or_else(|| panic!("{name} is shipped"));
        let mut pos = v
            .position_from_sfen(sfen)
            .unwrap_or_else(|e| panic!("{name} {sfen}: {e}"));
        for (depth, expected) in (1..).zip(fields[2].split_whitespace()) {
            let expected: u64 = expected.parse().expect("a count");
            if name == "standard" && depth == 4 {
                continue; // 719,731 leaves: the cshogi oracle covers it
            }
            assert_eq!(
                v.perft(&mut pos, depth, true),
                expected,
                "{name} {sfen} depth {depth}"
            );
        }
        lines += 1;
    }
    assert!(lines >= 50, "only {lines} lines");
}

/// Legal move lists of the shipped definitions against Fairy-Stockfish
/// (`data/defined_moves.txt`, pawn-drop mates removed).
#[test]
fn legal_moves_match_fairy_stockfish() {
    let mut lines = 0;
    for fields in data_lines(include_str!("data/defined_moves.txt")) {
        let (name, sfen) = (fields[0], fields[1]);
        let v = Defined::builtin(name).unwrap_or_else(|| panic!("{name} is shipped"));
        let pos = v
            .position_from_sfen(sfen)
            .unwrap_or_else(|e| panic!("{name} {sfen}: {e}"));
        let mut ours: Vec<String> = v.legal_moves(&pos).iter().map(|m| m.to_string()).collect();
        ours.sort();
        let mut theirs: Vec<&str> = fields
            .get(2)
            .map(|m| m.split_whitespace().collect())
            .unwrap_or_default();
        // The file removed pyffish's pawn-drop mates (the note names each);
        // a definition where they are legal (checkshogi) plays them.
        if !v.geometry().drop_rules().pawn_drop_mate_illegal {
            let note = fields.get(3).copied().unwrap_or_default();
            for part in note.split("removed pawn-drop mate ").skip(1) {
                theirs.extend(part.split_whitespace().next());
            }
        }
        theirs.sort();
        assert_eq!(ours, theirs, "{name} {sfen}");
        lines += 1;
    }
    assert!(lines >= 200, "only {lines} lines");
}

/// The 16 handicap starts of standard shogi, each a definition named as KIF
/// names it: standard shogi's moves from that start, the removed pieces out
/// of the game.
#[test]
fn handicaps_are_definitions_named_as_kif_names_them() {
    for (name, sfen) in Standard::HANDICAPS {
        let v = Defined::builtin(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(v.name(), name);
        assert_eq!(v.start_sfen(), sfen);
        let standard = Standard::default();
        let mut ours = v.start_position();
        let mut theirs = standard
            .position_from_sfen(sfen)
            .expect("a standard position");
        for depth in 1..=2 {
            assert_eq!(
                v.perft(&mut ours, depth, true),
                standard.perft(&mut theirs, depth, true),
                "{name}"
            );
        }
        let on_board = ours.occupied().count() as u8;
        assert_eq!(
            v.piece_set().max.iter().sum::<u8>(),
            on_board,
            "{name}: material is the start's"
        );
        if name != "平手" {
            assert_eq!(
                ours.side_to_move(),
                Color::White,
                "{name}: the handicapped side moves first"
            );
        }
    }
    let by_name =
        shogi_variants::AnyVariant::from_name("香落ち").expect("a handicap by its KIF name");
    assert_eq!(by_name.name(), "香落ち");
    let e = Definition::from_toml(&MINI.replace("\"mini\"", "\"Mini\"")).unwrap_err();
    assert!(e.to_string().starts_with("name:"), "{e}");
}
