//! Text diagrams of positions: White's hand, the board, Black's hand.
//!
//! ```text
//! White's hand: -
//!  l n s g k g s n l
//!  . r . . . . . b .
//!  p p p p p p p p p
//!  . . . . . . . . .
//!  . . . . . . . . .
//!  . . . . . . . . .
//!  P P P P P P P P P
//!  . B . . . . . R .
//!  L N S G K G S N L
//! Black's hand: -
//! ```
//!
//! Each square takes two characters, right-aligned: a piece in its SFEN
//! letter (upper case Black, lower case White, `+` before a promoted one:
//! `+P`), an empty square ` .`. File 9 (or the board's highest file) is on
//! the left, rank 1 on top, as a player seated as Black sees the board. A
//! hand lists its kinds in the order rook, bishop, gold, silver, knight,
//! lance, pawn, by their SFEN letter, with the count after it when it is more
//! than one (`R B2 P3`), or `-` when empty. There is no final line break.

use shogi_core::{Color, Position, Square};

/// The text diagram of `pos` (see the [module documentation](self) for its
/// layout). The same for every board size; Python's `str(board)` is this.
///
/// ```
/// use shogi_core::Variant;
/// use shogi_formats::diagram::text;
/// use shogi_variants::Minishogi;
///
/// // Black's pawn is in hand.
/// let pos = Minishogi::default().position_from_sfen("rbsgk/4p/5/5/KGSBR b P 1")?;
/// assert_eq!(
///     text::of_position(&pos),
///     "White's hand: -\n r b s g k\n . . . . p\n . . . . .\n . . . . .\n K G S B R\nBlack's hand: P"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn of_position(pos: &Position) -> String {
    let g = pos.geometry();
    let hand = |c: Color| {
        let h: Vec<String> = pos
            .hand(c)
            .iter()
            .filter(|&(_, n)| n > 0)
            .map(|(k, n)| {
                if n > 1 {
                    format!("{}{n}", k.base_letter())
                } else {
                    k.base_letter().to_string()
                }
            })
            .collect();
        if h.is_empty() {
            "-".to_owned()
        } else {
            h.join(" ")
        }
    };
    let mut out = format!("White's hand: {}\n", hand(Color::White));
    for rank in 1..=g.ranks() {
        let row: Vec<String> = (1..=g.files())
            .rev()
            .map(
                |file| match Square::new(file, rank).and_then(|s| pos.piece_at(s)) {
                    Some(p) => format!("{:>2}", p.to_string()),
                    None => " .".to_owned(),
                },
            )
            .collect();
        out.push_str(&row.join(""));
        out.push('\n');
    }
    out.push_str(&format!("Black's hand: {}", hand(Color::Black)));
    out
}

/// A text diagram for people to read: White's hand, the file numbers above
/// the board (9 to 1, or 5 to 1), each rank with its USI letter on the
/// right (`a` on top), Black's hand, then who is to move and the SFEN move
/// number. Squares are written as in [`of_position`] (SFEN letters, upper
/// case Black, `.` empty), three characters wide and right-aligned so that
/// promoted pieces (`+P`) keep the columns straight; hands name the pieces
/// in English with their counts (`rook, 2 pawns`), or `nothing`. Python's
/// `str(board)` is this. There is no final line break.
///
/// ```
/// use shogi_core::Variant;
/// use shogi_formats::diagram::text;
/// use shogi_variants::Minishogi;
///
/// let pos = Minishogi::default().position_from_sfen("rbgk1/5/5/5/KGSBR b 2PS 4")?;
/// assert_eq!(
///     text::labelled(&pos),
///     "White's hand: nothing\n  5  4  3  2  1\n  r  b  g  k  .  a\n  .  .  .  .  .  b\n  .  .  .  .  .  c\n  .  .  .  .  .  d\n  K  G  S  B  R  e\nBlack's hand: silver, 2 pawns\nBlack to move, move 4"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn labelled(pos: &Position) -> String {
    let g = pos.geometry();
    let hand = |c: Color| {
        let named: Vec<String> = pos
            .hand(c)
            .iter()
            .map(|(k, n)| match n {
                1 => k.name().to_owned(),
                _ => format!("{n} {}s", k.name()),
            })
            .collect();
        if named.is_empty() {
            "nothing".to_owned()
        } else {
            named.join(", ")
        }
    };
    let mut out = format!("White's hand: {}\n", hand(Color::White));
    for file in (1..=g.files()).rev() {
        out.push_str(&format!("{file:>3}"));
    }
    out.push('\n');
    for rank in 1..=g.ranks() {
        for file in (1..=g.files()).rev() {
            match Square::new(file, rank).and_then(|s| pos.piece_at(s)) {
                Some(p) => out.push_str(&format!("{:>3}", p.to_string())),
                None => out.push_str("  ."),
            }
        }
        out.push_str(&format!("  {}\n", char::from(b'a' + rank - 1)));
    }
    let side = match pos.side_to_move() {
        Color::Black => "Black",
        Color::White => "White",
    };
    out.push_str(&format!(
        "Black's hand: {}\n{side} to move, move {}",
        hand(Color::Black),
        pos.move_number()
    ));
    out
}
