//! KIF records (柿木形式), the format of Kifu for Windows and most Japanese
//! shogi software:
//!
//! ```text
//! 開始日時：2024/01/01 10:00
//! 手合割：平手
//! 先手：Sente
//! 後手：Gote
//! 手数----指手---------消費時間--
//!    1 ７六歩(77)   ( 0:01/00:00:01)
//!    2 ３四歩(33)   ( 0:02/00:00:02)
//! *a comment on move 2
//!    3 ２二角成(88) ( 0:03/00:00:04)
//!    4 同　銀(31)   ( 0:04/00:00:06)
//!    5 投了         ( 0:05/00:00:09)
//! まで4手で後手の勝ち
//! ```
//!
//! Reading:
//!
//! - headers `key：value` (or `key:value`) before the moves. `先手`/`下手`,
//!   `後手`/`上手`, `棋戦`, `場所`, `開始日時` (or `対局日`), `終了日時`,
//!   `持ち時間`, `手合割` and `戦型` get the keys of [`header`](crate::record::header);
//!   other headers keep their name;
//! - the start position: a BOD diagram ([`bod`](crate::record::bod)) if there is
//!   one, else the `手合割` ([`handicap_setup`](crate::record::kif::handicap_setup): 平手, the handicaps, in which
//!   上手 (White) moves first, and `5五将棋` for minishogi), else 平手;
//! - move lines `number move(origin) (m:ss/h:mm:ss)`: the destination
//!   (`７六`, `同　`), the piece, `成`, `不成` or neither (a declined
//!   promotion is written plainly by Kifu for Windows, Shogidokoro and
//!   ShogiHome, `２二角(88)`; `２二角不成(88)` is read as well), `打` for
//!   drops and the origin square in parentheses. Each move is checked
//!   against the rules. A move without its origin is resolved like
//!   Japanese notation. The move numbers are not checked. The time is the
//!   time of the move and the player's total so far;
//! - special moves ending the game: 投了 千日手 詰み 持将棋 切れ負け 反則勝ち
//!   反則負け 中断 入玉勝ち 不詰 不戦勝 不戦敗, and as others write them
//!   `封じ手` (read as 中断), `Time-up` (81Dojo; read as 切れ負け) and `入玉宣言`
//!   (read as 入玉勝ち) ([`EndKind`](crate::record::EndKind)). A second special
//!   move right after the first (`投了` then `中断`) is ignored: the first
//!   one ended the game;
//! - a foul: an illegal move directly followed by `反則勝ち` or `反則負け`,
//!   or that is the last move of the record (as 81Dojo writes it, with a
//!   comment `反則手にて終局`), is kept as the
//!   [`foul`](crate::record::RecordEnd::foul) of an
//!   [`EndKind::IllegalMove`](crate::record::EndKind::IllegalMove) end (the
//!   player of the illegal move loses, whichever of the two words follows).
//!   The move must name a piece its player has; any other illegal move is
//!   an error;
//! - `*comment` lines: before the first move they go to
//!   [`Record::comments`](crate::record::Record::comments), then to the move (or end) they follow;
//! - `#` lines are [`Record::remarks`](crate::record::Record::remarks)
//!   (but `#KIF version=…`);
//! - `&name` lines are the bookmark of the move they follow
//!   ([`RecordMove::bookmark`](crate::record::RecordMove::bookmark); one per
//!   move); one before the first move is the start position's
//!   ([`Record::bookmark`](crate::record::Record::bookmark)), one before
//!   the first move of a side line that of the position it branches from
//!   (the move before it, or the start); one after a line's end is
//!   skipped;
//! - blank lines and `まで…` summary lines are skipped; a leading
//!   byte-order mark too;
//! - variations, as Kifu for Windows and ShogiHome write them: after a line,
//!   blocks `変化：N手` (also read: `変化：N手目`, as ShogiBoardQ writes
//!   it) whose moves replace move N of the line read just
//!   before (the path from the start to the end of the last block read, and
//!   on along the main continuation of what is there), so that a block
//!   branches from the main line or from a variation read before it. Each
//!   block is a [`Line`](crate::record::Line) hung on the move it replaces
//!   ([`RecordMove::variations`](crate::record::RecordMove::variations)),
//!   with its comments, bookmarks, times and its own end. Every move is
//!   checked in its position. A block may also replace the end of the line
//!   before (`変化：5手` where move 5 is `投了`, as commentaries show how the
//!   game could have gone on after the resignation): it hangs on that end
//!   ([`RecordEnd::variations`](crate::record::RecordEnd::variations)). The
//!   `+` a move or end line may end with (a variation branches there) is not
//!   needed. A block that names a move the line before does not have, a
//!   block without a move or a comment before its first move is an error at
//!   its line. A block that
//!   starts with moves already played there (some files repeat the move
//!   replaced) is merged into them, as ShogiHome does.
//!
//! Anything else is an error, with its line number.
//!
//! Writing gives the layout above, then the variations: a move that has
//! a variation after it (a later sibling) ends with `+`, as does an end
//! with side lines played instead of it (the foul move, for a foul end), and
//! after each line come the `変化：N手` blocks of its variations, from its
//! end and last move back to its first, each block followed by its own
//! variations, the order Kifu for Windows writes. Every line's end gets its `まで` line.
//! [`read`](crate::record::kif::read) reads the result back to an equal
//! record (headers are written as they are, so a record with no `handicap`
//! header gets no `手合割` line; a BOD diagram is written whenever the start
//! position is not the one the `手合割`, or its absence, implies), except
//! that header values are read back trimmed and with line breaks as spaces,
//! and that a draw by agreement ([`EndKind::Draw`](crate::record::EndKind::Draw),
//! CSA `%HIKIWAKE`), for which KIF has no word, is written `持将棋` (with
//! `まで…手で持将棋`), as ShogiHome and cshogi write it, and read back as
//! [`EndKind::Jishogi`](crate::record::EndKind::Jishogi).

mod family;
mod read;
mod tree;
mod write;

pub(crate) use family::{
    canonical_key, classify, display_width, handicap_named, is_handicap, is_numbered_move,
    is_table_head, kif_name, notation_error, parse_summary, summary, write_comments,
    write_preamble, Line, Preamble, Replay,
};
pub use family::{handicap_name, handicap_setup};
pub use read::read;
pub(crate) use tree::{finish_record, open_variation, place_comment, TreeReader};
pub use write::write;
