//! JKF records (JSON Kifu Format, na2hiro/json-kifu-format): a record as
//! one JSON object, read by Kifu for JS, tsshogi (ShogiHome), rsshogi and
//! shogi-kifu-converter.
//!
//! ```text
//! {"header":{"先手":"Habu","後手":"Moriuchi"},
//!  "initial":{"preset":"HIRATE"},
//!  "moves":[{"comments":["before the first move"]},
//!           {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"},
//!            "time":{"now":{"m":0,"s":3},"total":{"h":0,"m":0,"s":3}},
//!            "forks":[[{"move":{"from":{"x":2,"y":7},"to":{"x":2,"y":6},"color":0,"piece":"FU"}}]]},
//!           {"special":"TORYO"}]}
//! ```
//!
//! - `header`: the headers, keyed by their KIF names (`先手`, `後手`, `棋戦`,
//!   `開始日時`, ...: the canonical keys of [`header`](crate::record::header) are
//!   written and read as KIF writes and reads them), in the record's order.
//! - `initial`: a `preset` naming standard shogi's start (`HIRATE`) or a
//!   handicap (`KY`, `2`, `8`, ...), or `OTHER` with `data`: the side to
//!   move (`color`, 0 for Black), the board as `board[x - 1][y - 1]` (file
//!   x, rank y; `{}` for an empty square, else `{"color":…,"kind":"FU"}`)
//!   and the two hands. Without `initial`, standard shogi's start.
//! - `moves`: the first entry holds the comments before the first move;
//!   each other holds a `move` (its destination, origin, mover, piece, and
//!   as written by Kifu for JS `same`, `capture`, `promote` and the
//!   disambiguation `relative`) or a `special` that ends the line (`TORYO`,
//!   `SENNICHITE`...), with its `time`, `comments` and `forks`: the side lines
//!   played instead of that entry, each a list of entries of its own.
//!
//! A fork that holds only a special (another end for the same position, as
//! tsshogi writes a KIF whose `投了` is followed by `中断`) is not kept: a
//! position has one end. The reader checks every move against the rules (the destination, origin
//! and promotion decide the move; a `piece` or `color` that contradicts the
//! board is refused), as the other readers do. A record ending in a foul
//! (an illegal move, last, alone or followed by `ILLEGAL_MOVE` or the
//! `±ILLEGAL_ACTION` of its player) keeps the move in [`RecordEnd::foul`](crate::record::RecordEnd::foul).
//!
//! JKF has no remarks (KIF `#` lines) and no bookmarks: the writer leaves
//! them out. It holds standard shogi's 9 × 9 board only, and of the ends not
//! [`EndKind::MaxMoves`](crate::record::EndKind::MaxMoves), [`EndKind::WinByDefault`](crate::record::EndKind::WinByDefault) or
//! [`EndKind::LossByDefault`](crate::record::EndKind::LossByDefault): the writer refuses those
//! ([`WriteError::Unsupported`](crate::record::WriteError::Unsupported)).

mod read;
mod write;

pub use read::read;
pub use write::write;

use super::EndKind;
use shogi_core::Color;

/// JKF's names of the ends (`special`), but the illegal actions, which
/// name their player (`+ILLEGAL_ACTION`, `-ILLEGAL_ACTION`).
const SPECIALS: [(&str, EndKind); 10] = [
    ("TORYO", EndKind::Resign),
    ("SENNICHITE", EndKind::Repetition),
    ("TSUMI", EndKind::Checkmate),
    ("KACHI", EndKind::ImpasseDeclaration),
    ("JISHOGI", EndKind::Jishogi),
    ("TIME_UP", EndKind::Timeout),
    ("ILLEGAL_MOVE", EndKind::IllegalMove),
    ("CHUDAN", EndKind::Interrupted),
    ("HIKIWAKE", EndKind::Draw),
    ("FUZUMI", EndKind::NoMate),
];

/// JKF's `preset` names and the `手合割` names of the same starts
/// ([`kif::handicap_setup`](crate::record::kif::handicap_setup)).
const PRESETS: [(&str, &str); 16] = [
    ("HIRATE", "平手"),
    ("KY", "香落ち"),
    ("KY_R", "右香落ち"),
    ("KA", "角落ち"),
    ("HI", "飛車落ち"),
    ("HIKY", "飛香落ち"),
    ("2", "二枚落ち"),
    ("3", "三枚落ち"),
    ("4", "四枚落ち"),
    ("5", "五枚落ち"),
    ("5_L", "左五枚落ち"),
    ("6", "六枚落ち"),
    ("7_L", "左七枚落ち"),
    ("7_R", "右七枚落ち"),
    ("8", "八枚落ち"),
    ("10", "十枚落ち"),
];

/// A colour as JKF writes it: 0 for Black (先手), 1 for White.
fn color_number(color: Color) -> u8 {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// The `±ILLEGAL_ACTION` special naming `offender`, the player of the
/// illegal action (`+` Black, `-` White, as CSA writes it).
fn illegal_action(offender: Color) -> &'static str {
    match offender {
        Color::Black => "+ILLEGAL_ACTION",
        Color::White => "-ILLEGAL_ACTION",
    }
}

/// The two characters Kifu for JS writes in `relative` for the words of
/// Japanese notation that tell moves apart (左 L, 直 C, 右 R, 上 U, 寄 M,
/// 引 D, 打 H).
const RELATIVE: [(char, char); 7] = [
    ('左', 'L'),
    ('直', 'C'),
    ('右', 'R'),
    ('上', 'U'),
    ('寄', 'M'),
    ('引', 'D'),
    ('打', 'H'),
];
