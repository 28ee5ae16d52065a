//! Japanese move notation (`notation::japanese`): every disambiguation word
//! (右 左 上 引 寄 直 and their combinations), 打, 成/不成, 同, for both sides,
//! written and read back, and the spellings the reader accepts.

use shogi_core::notation::japanese::{self, JapaneseError};

mod common;
use common::{minishogi, mv, play_random, standard, XorShift, MINISHOGI_START, STANDARD_START};

/// `(sfen, usi, text)`: the move must be written `text`, and `text` read
/// back as the move.
fn check_notation(cases: &[(&str, &str, &str)]) {
    for &(sfen, usi, text) in cases {
        let pos = standard(sfen);
        let m = mv(usi);
        assert!(pos.is_legal(m), "{sfen}: {usi} is not legal");
        assert_eq!(japanese::write(&pos, m, None), text, "{sfen}: {usi}");
        assert_eq!(japanese::read(&pos, text, None), Ok(m), "{sfen}: {text}");
    }
}

#[test]
fn motion_words_up_sideways_back_come_first() {
    // Golds on 6c, 4b and 5a can all go to 5b: each moves differently.
    let sfen = "k3G4/5G3/3G5/9/9/9/9/9/4K4 b - 1";
    check_notation(&[
        (sfen, "6c5b", "▲５二金上"),
        (sfen, "4b5b", "▲５二金寄"),
        (sfen, "5a5b", "▲５二金引"),
    ]);
    // One gold below and one beside: 上 and 寄, not 直.
    let sfen = "k8/5G3/4G4/9/9/9/9/9/4K4 b - 1";
    check_notation(&[(sfen, "5c5b", "▲５二金上"), (sfen, "4b5b", "▲５二金寄")]);
}

#[test]
fn position_words_right_left_straight_for_golds() {
    // Three golds side by side below 5b: all go up, so 右 左 直 tell them apart.
    let sfen = "k8/9/3GGG3/9/9/9/9/9/4K4 b - 1";
    check_notation(&[
        (sfen, "6c5b", "▲５二金左"),
        (sfen, "5c5b", "▲５二金直"),
        (sfen, "4c5b", "▲５二金右"),
    ]);
}

#[test]
fn combined_words_when_neither_alone_is_enough() {
    let golds = "k8/3G1G3/3G1G3/9/9/9/9/9/4K4 b - 1";
    let silvers = "k2S1S3/9/3S1S3/9/9/9/9/9/4K4 b - 1";
    check_notation(&[
        (golds, "6b5b", "▲５二金左寄"),
        (golds, "6c5b", "▲５二金左上"),
        (golds, "4b5b", "▲５二金右寄"),
        (golds, "4c5b", "▲５二金右上"),
        (silvers, "6a5b", "▲５二銀左引不成"),
        (silvers, "4a5b", "▲５二銀右引不成"),
        (silvers, "6c5b", "▲５二銀左上不成"),
        (silvers, "4c5b", "▲５二銀右上不成"),
        (silvers, "4c5b+", "▲５二銀右上成"),
    ]);
}

#[test]
fn dragons_and_horses_use_right_and_left_between_the_two_never_straight() {
    // The dragon on 4d goes straight back to 4f, yet it is 左: it is the left one of the two.
    let dragons = "ln1g4l/1ks6/1pp2pn1p/p2p1+R3/6+R2/P1s3P1P/1P1P2N2/2K6/LN2S3L b B2G3Pbgs4p 1";
    let horses = "ln1g1R2l/1ks6/1pp1p1n1p/p2p+B+B3/9/P5P1P/1P1P2N2/2K6/LN2S2rL b 2G3Pg2s4p 1";
    check_notation(&[
        (dragons, "4d4f", "▲４六龍左"),
        (dragons, "3e4f", "▲４六龍右"),
        (horses, "5d5c", "▲５三馬左"),
        (horses, "4d5c", "▲５三馬右"),
    ]);
    // Motion still comes first for them.
    check_notation(&[
        ("8k/+R8/9/4+R4/9/9/9/9/4K4 b - 1", "9b5b", "▲５二龍寄"),
        ("8k/+R8/9/4+R4/9/9/9/9/4K4 b - 1", "5d5b", "▲５二龍上"),
        ("4+R4/9/6+R2/9/k8/9/9/9/4K4 b - 1", "5a4b", "▲４二龍引"),
        ("4+R4/9/6+R2/9/k8/9/9/9/4K4 b - 1", "3c4b", "▲４二龍上"),
    ]);
}

#[test]
fn knights_use_right_and_left() {
    let sfen = "4k4/9/9/9/9/9/9/9/2N1N3K b - 1";
    check_notation(&[(sfen, "7i6g", "▲６七桂左"), (sfen, "5i6g", "▲６七桂右")]);
}

#[test]
fn right_and_left_are_seen_from_the_mover_for_white() {
    // White's right is toward file 9.
    let sfen = "k8/9/9/9/9/9/3ggg3/9/8K w - 1";
    check_notation(&[
        (sfen, "6g5h", "△５八金右"),
        (sfen, "5g5h", "△５八金直"),
        (sfen, "4g5h", "△５八金左"),
    ]);
}

#[test]
fn drop_is_marked_only_when_a_board_piece_could_go_there() {
    let sfen = "k8/9/3G5/9/9/9/9/9/4K4 b G 1";
    check_notation(&[
        (sfen, "G*5b", "▲５二金打"),
        (sfen, "6c5b", "▲５二金"),
        (sfen, "G*1e", "▲１五金"),
    ]);
    let pos = standard(sfen);
    // 打 on a drop nobody else could make is accepted too.
    assert_eq!(japanese::read(&pos, "▲１五金打", None), Ok(mv("G*1e")));
    // Without 打 a board piece moves.
    assert_eq!(japanese::read(&pos, "５二金", None), Ok(mv("6c5b")));
}

#[test]
fn promotion_is_written_only_when_it_was_possible() {
    let mut pos = standard(STANDARD_START);
    assert_eq!(japanese::write(&pos, mv("7g7f"), None), "▲７六歩");
    pos.play(mv("7g7f")).unwrap();
    pos.play(mv("3c3d")).unwrap();
    check_notation(&[
        (&pos.to_sfen(), "8h2b+", "▲２二角成"),
        (&pos.to_sfen(), "8h2b", "▲２二角不成"),
    ]);
    assert_eq!(japanese::read(&pos, "▲２二角生", None), Ok(mv("8h2b")));
    // Without 成 or 不成 the move does not promote.
    assert_eq!(japanese::read(&pos, "２二角", None), Ok(mv("8h2b")));
    // A forced promotion says 成.
    let pos = standard("4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(japanese::write(&pos, mv("9b9a+"), None), "▲９一歩成");
    assert!(matches!(
        japanese::read(&pos, "▲９一歩", None),
        Err(JapaneseError::NoMatch(_))
    ));
}

#[test]
fn same_square_is_written_with_dou_and_a_full_width_space() {
    let mut pos = standard(STANDARD_START);
    for m in ["7g7f", "3c3d", "8h2b+"] {
        pos.play(mv(m)).unwrap();
    }
    let last = Some(mv("8h2b+").to());
    assert_eq!(japanese::write(&pos, mv("3a2b"), last), "△同　銀");
    for text in [
        "△同　銀",
        "△同銀",
        "同 銀",
        "☖同　銀",
        "△２二同銀",
        "２二銀",
    ] {
        assert_eq!(japanese::read(&pos, text, last), Ok(mv("3a2b")), "{text}");
    }
    assert!(matches!(
        japanese::read(&pos, "同　銀", None),
        Err(JapaneseError::NoPreviousMove(_))
    ));
    assert!(matches!(
        japanese::read(&pos, "３三同銀", last),
        Err(JapaneseError::NoPreviousMove(_))
    ));
}

#[test]
fn reader_accepts_the_usual_spellings() {
    let pos = standard("k8/9/9/9/4+R4/9/9/9/4K4 b - 1");
    for text in [
        "▲５四龍",
        "５四竜",
        "☗54龍",
        "5四竜",
        "五四龍",
        "▲５四龍上",
        "▲５四龍行",
    ] {
        assert_eq!(japanese::read(&pos, text, None), Ok(mv("5e5d")), "{text}");
    }
    for text in ["５八玉", "５八王", "▲5八王"] {
        assert_eq!(japanese::read(&pos, text, None), Ok(mv("5i5h")), "{text}");
    }
    let pos = standard("4k4/9/9/9/4+S4/9/9/9/4K4 b - 1");
    for text in ["５四成銀", "５四全"] {
        assert_eq!(japanese::read(&pos, text, None), Ok(mv("5e5d")), "{text}");
    }
    let pos = standard("4k4/9/9/9/4+L+N3/9/9/9/4K4 b - 1");
    assert_eq!(japanese::read(&pos, "５四成桂", None), Ok(mv("4e5d")));
    assert_eq!(japanese::read(&pos, "５四圭", None), Ok(mv("4e5d")));
    assert_eq!(japanese::read(&pos, "６四杏", None), Ok(mv("5e6d")));
    assert_eq!(japanese::read(&pos, "６四成香", None), Ok(mv("5e6d")));
    assert_eq!(japanese::write(&pos, mv("5e6d"), None), "▲６四成香");
    assert_eq!(japanese::write(&pos, mv("4e5d"), None), "▲５四成桂");
}

#[test]
fn reader_errors_are_typed() {
    let pos = standard("k8/9/3GGG3/9/9/9/9/9/4K4 b - 1");
    let err = |text: &str| japanese::read(&pos, text, None).unwrap_err();
    assert!(matches!(err("５二金"), JapaneseError::Ambiguous(_)));
    assert!(matches!(err("５二金上"), JapaneseError::Ambiguous(_)));
    assert!(matches!(err("５二金引"), JapaneseError::NoMatch(_)));
    assert!(matches!(err("５二銀"), JapaneseError::NoMatch(_)));
    assert!(matches!(err("△５二金直"), JapaneseError::WrongSide(_)));
    for bad in [
        "",
        "▲",
        "５",
        "５二",
        "０二金",
        "５二象",
        "５二金右右",
        "５二金 x",
        "５二金成不成",
    ] {
        assert!(matches!(err(bad), JapaneseError::Syntax(_)), "{bad}");
    }
}

#[test]
fn minishogi_moves_use_files_one_to_five() {
    let pos = minishogi(MINISHOGI_START);
    assert_eq!(japanese::write(&pos, mv("5d5c"), None), "▲５三歩");
    assert_eq!(japanese::write(&pos, mv("1e1b"), None), "▲１二飛");
    assert_eq!(japanese::read(&pos, "▲１二飛", None), Ok(mv("1e1b")));
    assert!(matches!(
        japanese::read(&pos, "▲６三歩", None),
        Err(JapaneseError::NoMatch(_))
    ));
    // 5x5 promotion zone is the last rank only.
    let pos = minishogi("4k/P4/5/5/4K b - 1");
    assert_eq!(japanese::write(&pos, mv("5b5a+"), None), "▲５一歩成");
}

#[test]
fn every_legal_move_of_many_positions_writes_and_reads_back() {
    let mut rng = XorShift(0x5eed_1234_abcd_0001);
    let mut checked = 0;
    for (start, is_mini) in [(STANDARD_START, false), (MINISHOGI_START, true)] {
        for _ in 0..100 {
            let mut pos = if is_mini {
                minishogi(start)
            } else {
                standard(start)
            };
            let mut last = None;
            let plies = rng.below(120);
            play_random(&mut rng, &mut pos, plies, |_, m| last = Some(m.to()));
            for m in pos.legal_moves() {
                let text = japanese::write(&pos, m, last);
                assert_eq!(japanese::read(&pos, &text, last), Ok(m), "{pos:?} {text}");
                checked += 1;
            }
        }
    }
    assert!(checked > 4000, "{checked}");
}
