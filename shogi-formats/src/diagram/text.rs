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
