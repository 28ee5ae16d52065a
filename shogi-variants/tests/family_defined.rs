//! Definitions with pieces of their own: the fields, the standard kinds
//! beside the declared ones, the refusals naming their field, and the
//! end rules the standard engine takes too.

use shogi_core::family::notation::to_usi;
use shogi_core::{Color, EndReason, Game, Outcome};
use shogi_variants::{
    AnyDefinition, Defined, Definition, DefinitionError, FamilyDefinition, StalemateRule,
};
use std::sync::Arc;

/// A 3×3 game: kings, and a chick of our own in Black's hand.
const TINY: &str = r#"
name = "tiny"
files = 3
ranks = 3
promotion_ranks = 1
start = "1k1/3/1K1 b C 1"
[[piece]]
name = "chick"
letter = "C"
betza = "fW"
label = "ひ"
promotes_to = "hen"
promotion = "forced"
[[piece]]
name = "hen"
letter = "+C"
betza = "WfF"
"#;

fn field_of(e: DefinitionError) -> String {
    match e {
        DefinitionError::Field { field, .. } => field,
        other => panic!("not a field error: {other}"),
    }
}

fn moves(d: &FamilyDefinition, sfen: &str) -> Vec<String> {
    let pos = d.position_from_sfen(sfen).unwrap();
    let mut v: Vec<String> = pos.legal_moves().iter().map(|&m| to_usi(&pos, m)).collect();
    v.sort();
    v
}

#[test]
fn declared_pieces_move_by_their_betza_and_promote_as_told() {
    let d = FamilyDefinition::from_toml(TINY).unwrap();
    assert_eq!(d.labels, ["ひ", "+C", "玉"]);
    assert_eq!(d.table.name(0), Some("chick"));
    // A chick on 2b must promote on reaching rank a (forced), to the hen.
    let m = moves(&d, "k2/1C1/2K b - 1");
    assert!(
        m.contains(&"2b2a+".to_string()) && !m.contains(&"2b2a".to_string()),
        "{m:?}"
    );
    // The hen steps like a gold: six directions, minus what is off the board.
    let m = moves(&d, "k2/1+C1/2K b - 1");
    let hen: Vec<&String> = m.iter().filter(|u| u.starts_with("2b")).collect();
    assert_eq!(hen.len(), 6, "{m:?}");
    // A captured hen goes to hand as a chick.
    let mut pos = d.position_from_sfen("1+c1/1K1/3 b - 1").unwrap();
    let take = shogi_core::family::notation::from_usi(&pos, "2b2a").unwrap();
    assert!(pos.play(take));
    assert_eq!(pos.hand_count(Color::Black, 0), 1);
}

#[test]
fn standard_kinds_keep_their_letters_moves_and_labels_unless_redefined() {
    let text = TINY.replace("1k1/3/1K1 b C 1", "lk1/3/1KR b C 1");
    let d = FamilyDefinition::from_toml(&text).unwrap();
    // The chick, the hen, then the standard kinds the start uses and their
    // promoted faces: rook, lance, king, dragon, promoted lance.
    assert_eq!(d.labels, ["ひ", "+C", "飛", "香", "玉", "龍", "杏"]);
    let m = moves(&d, "lk1/3/1KR b - 1");
    // The rook on 1c slides up the file and promotes in the zone (rank a).
    assert!(
        m.contains(&"1c1a+".to_string()) && m.contains(&"1c1a".to_string()),
        "{m:?}"
    );
    // A piece named "rook" with the letter R replaces shogi's rook.
    let wazir = format!("{text}[[piece]]\nname = \"rook\"\nletter = \"R\"\nbetza = \"W\"\n");
    let d = FamilyDefinition::from_toml(&wazir).unwrap();
    assert!(!d.labels.contains(&"龍".to_string()), "{:?}", d.labels);
    let m = moves(&d, "lk1/3/1KR b - 1");
    assert!(
        m.contains(&"1c1b".to_string()) && !m.contains(&"1c1a".to_string()),
        "{m:?}"
    );
}

#[test]
fn each_refusal_names_its_field() {
    let cases: Vec<(String, &str, &str)> = vec![
        (TINY.replace("betza = \"fW\"", "betza = \"fX\""), "piece[0].betza", "unknown atom"),
        (TINY.replace("betza = \"fW\"", "betza = \"\""), "piece[0].betza", ""),
        (TINY.replace("betza = \"fW\"", "betza = \"NN\""), "piece.chick.betza", "nightrider"),
        (TINY.replace("letter = \"+C\"", "letter = \"C\""), "piece[1].letter", "letter of 'chick'"),
        (TINY.replace("letter = \"+C\"", "letter = \"c\""), "piece[1].letter", "upper-case"),
        (TINY.replace("name = \"hen\"", "name = \"chick\""), "piece[1].name", "piece[0]"),
        (TINY.replace("promotes_to = \"hen\"", "promotes_to = \"rooster\""), "piece.chick.promotes_to", "'rooster'"),
        (format!("{TINY}promotes_to = \"chick\"\n"), "piece.hen.promotes_to", "cycle"),
        (TINY.replace("promotes_to = \"hen\"\n", ""), "piece[0].promotion", "promotes_to"),
        (TINY.replace("1k1/3/1K1 b C 1", "1k1/3/1K1/3 b C 1"), "start", "ranks"),
        (TINY.replace("1k1/3/1K1 b C 1", "1k1/3/1KX b C 1"), "start", "'X'"),
        (TINY.replace("1k1/3/1K1 b C 1", "1k1/3/3 b C 1"), "start", "black has no royal"),
        (TINY.replace("1k1/3/1K1 b C 1", "1kC/3/1K1 b - 1"), "start", "could never move"),
        (TINY.replace("1k1/3/1K1 b C 1", "1k1/1R1/1K1 b - 1"), "start", "white, not to move, is in check"),
        (TINY.replace("files = 3", "files = 10"), "files", "3..=9"),
        (TINY.replace("promotion_ranks = 1", "promotion_ranks = 4"), "promotion_ranks", "deeper"),
        (format!("{TINY}[end]\nrepetitions = 1\n"), "end.repetitions", "2..=9"),
        (format!("{TINY}[end]\nimpasse = \"27\"\n"), "end.impasse", "entering-king"),
        (format!("{TINY}[end]\nlast_rank_king_wins = true\n"), "end.last_rank_king_wins", "try"),
        (format!("{TINY}[rules]\npawn = \"duck\"\n"), "rules.pawn", "'duck'"),
        (format!("{TINY}max_per_file = 0\n"), "piece.hen.max_per_file", "0"),
        (format!("{TINY}drop = true\n"), "piece.hen.drop", "drop_either_face"),
        (TINY.replace("name = \"tiny\"", "name = \"Tiny\""), "name", "lowercase"),
        (
            format!("{TINY}[[piece]]\nname = \"egg\"\nletter = \"E\"\nbetza = \"W\"\npromotes_to = \"hen\"\n"),
            "piece.egg.promotes_to",
            "already the promoted face of 'chick'",
        ),
    ];
    for (text, field, words) in cases {
        let e = FamilyDefinition::from_toml(&text).expect_err(field);
        let message = e.to_string();
        assert!(message.contains(words), "{message:?} should say {words:?}");
        assert_eq!(field_of(e), field, "{message}");
    }
    // More kinds than a move can name.
    let mut many = TINY.to_string();
    for i in 0..52u8 {
        let letter = (b'A' + i % 26) as char;
        if letter == 'C' || letter == 'K' {
            continue;
        }
        let plus = if i >= 26 { "+" } else { "" };
        many +=
            &format!("[[piece]]\nname = \"p{i}\"\nletter = \"{plus}{letter}\"\nbetza = \"W\"\n");
    }
    let e = FamilyDefinition::from_toml(&many).unwrap_err();
    assert!(e.to_string().contains("at most"), "{e}");
    assert_eq!(field_of(e), "piece");
    // Not TOML, or an unknown field: a syntax error.
    assert!(matches!(
        FamilyDefinition::from_toml(&format!("{TINY}colour = 1\n")),
        Err(DefinitionError::Syntax(_))
    ));
}

#[test]
fn definitions_of_the_same_pieces_share_one_table() {
    let a = FamilyDefinition::from_toml(TINY).unwrap();
    let b = FamilyDefinition::from_toml(&TINY.replace("\"tiny\"", "\"tiny-two\"")).unwrap();
    assert!(Arc::ptr_eq(&a.table, &b.table));
    let c = FamilyDefinition::from_toml(&TINY.replace("WfF", "K")).unwrap();
    assert!(!Arc::ptr_eq(&a.table, &c.table));
}

#[test]
fn serde_writes_the_fields_and_reads_them_back() {
    let d = FamilyDefinition::builtin("kyoto").unwrap();
    let json = serde_json::to_string(&d).unwrap();
    let back: FamilyDefinition = serde_json::from_str(&json).unwrap();
    assert_eq!(back, d);
    assert_eq!(back.position().unwrap().perft(2), 137);
    let any = AnyDefinition::from_json(&json).unwrap();
    assert_eq!(any, AnyDefinition::Family(d));
    let bad = json.replace("\"fR\"", "\"fR?\"");
    assert!(serde_json::from_str::<FamilyDefinition>(&bad)
        .unwrap_err()
        .to_string()
        .contains("piece[0].betza"));
}

#[test]
fn any_definition_tells_the_engines_apart() {
    let mini = Definition::builtin_text("minishogi").unwrap();
    assert!(matches!(
        AnyDefinition::from_toml(mini),
        Ok(AnyDefinition::Standard(_))
    ));
    // The same text through the family engine plays the same moves.
    let family = FamilyDefinition::from_toml(mini).unwrap();
    assert_eq!(family.position().unwrap().perft(3), 2512);
    for name in FamilyDefinition::BUILTIN_NAMES {
        let any = AnyDefinition::builtin(name).unwrap();
        let standard = name == "gorogoroplus";
        assert_eq!(
            matches!(any, AnyDefinition::Standard(_)),
            standard,
            "{name}"
        );
        assert_eq!(any.name(), name);
    }
    assert_eq!(AnyDefinition::builtin("tori").unwrap().name(), "torishogi");
    assert!(AnyDefinition::builtin("chess").is_none());
    // A value only the family plays makes a definition a family one.
    let completer = format!("{mini}repetition = \"completer-loses\"\n")
        .replace("repetition = \"first-player-loses\"\n", "");
    assert!(matches!(
        AnyDefinition::from_toml(&completer),
        Ok(AnyDefinition::Family(_))
    ));
    let e = Definition::from_toml(&completer).unwrap_err();
    assert_eq!(field_of(e), "end.repetition");
}

#[test]
fn the_standard_engine_plays_stalemate_as_a_win() {
    let mini = Definition::builtin_text("minishogi").unwrap();
    let win = mini.replace("stalemate = \"loss\"", "stalemate = \"win\"");
    let d = Defined::from_toml(&win).unwrap();
    assert_eq!(d.definition().end_rules().stalemate, StalemateRule::Win);
    // After 4c3b White's king on 1a has no move and is not in check.
    let mut game = Game::from_sfen(d, "4k/5/1S1G1/5/K4 b - 1").unwrap();
    game.play_usi("4c3b").unwrap();
    assert!(!game.position().is_check());
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::White, EndReason::NoLegalMove))
    );
}

#[test]
fn drops_false_sends_captures_out_of_the_game() {
    let sho = FamilyDefinition::builtin("sho").unwrap();
    let mut pos = sho
        .position_from_sfen("4k4/9/9/9/4p4/4R4/9/9/4K4 b - 1")
        .unwrap();
    let take = shogi_core::family::notation::from_usi(&pos, "5f5e").unwrap();
    assert!(pos.play(take));
    assert!(pos.to_sfen().contains(" w - "), "{}", pos.to_sfen());
}

#[test]
fn every_standard_kind_betza_parses() {
    // A definition using all fourteen standard kinds through the family
    // engine plays standard shogi: perft 30, 900 from the start.
    let standard = Definition::builtin_text("standard").unwrap();
    let d = FamilyDefinition::from_toml(standard).unwrap();
    assert_eq!(d.table.kind_count(), 14);
    let mut pos = d.position().unwrap();
    assert_eq!((pos.perft(1), pos.perft(2)), (30, 900));
}
