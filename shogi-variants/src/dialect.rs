//! The notations other programs write for our games: lishogi's (its
//! library shogiops) SFEN and USI, and Fairy-Stockfish's FEN and USI. One
//! [`Dialect`] names each; [`AnyGame::sfen_in`], [`AnyGame::usi_in`],
//! [`AnyGame::sfen_from`] and [`AnyGame::usi_from`] translate a game's
//! position and moves to and from it.
//!
//! What differs, and nothing else does (the findings behind each line are
//! in `shogi-variants/tests/data/fsf-findings.md` and the tests):
//!
//! - **lishogi** writes SFEN and USI as we do, except its letters for
//!   pieces that are not shogi's: kyoto shogi writes one letter per face
//!   (tokin `T`, gold `G`, bishop `B`, rook `R` where we write `+L`, `+N`,
//!   `+S`, `+P`), holds lance and knight in hand as `T` and `G`, and
//!   writes every change of face `+` (we write a flip back `-`); dobutsu
//!   writes shogi's letters (giraffe `R`, lion `K`, elephant `B`, chick
//!   `P`, hen `+P`). A definition gives these letters per piece
//!   (`lishogi_letter`, `lishogi_hand_letter`). Hands are written in
//!   lishogi's order, `R B T G S N L P` (other letters after them).
//! - **Fairy-Stockfish** writes the board with our letters, and then:
//!   the hands in brackets with every piece repeated (`[PPb]`, no brackets
//!   where the game has no drops), `w` for the *first* player (Black) and
//!   `b` for the second, `- -` (chess's castling and en passant), in a game
//!   won by the first check (checkshogi) the checks each side still needs
//!   (`1+1`, `0+1` once Black has checked), the half-move clock and the
//!   full-move number. Its USI moves are ours (kyoto's `-` and `+L*3c`
//!   included). Its hands are written in our order: Fairy-Stockfish reads
//!   any order, and writes its own (by its internal piece types).
//!
//! Where capturing the royal piece ends the game (dobutsu), Fairy-Stockfish
//! holds the captured lion in the captor's hand; so does our FEN of that
//! last position, and reading a FEN drops a royal piece from a hand.
//!
//! The half-move clock counts the plies since the last capture, drop or
//! promotion (a kyoto flip is none), as Fairy-Stockfish counts it, over the
//! moves the game holds; Card and Tsuitate games write 0. A position
//! whose move number does not match its side (Black to move on an even
//! ply) cannot keep that number through Fairy-Stockfish's full moves.

use crate::{AnyGame, AnyVariant, GameState};
use serde::{Deserialize, Serialize};
use shogi_core::{Excerpt, Move};

/// A notation of positions and moves: ours (USI), lishogi's or
/// Fairy-Stockfish's.
///
/// ```
/// use shogi_variants::{AnyGame, Dialect};
/// let kyoto = AnyGame::new("kyotoshogi", &[], 0)?;
/// assert_eq!(kyoto.sfen_in(Dialect::Usi), "p+nks+l/5/5/5/+LSK+NP b - 1");
/// assert_eq!(kyoto.sfen_in(Dialect::Lishogi), "pgkst/5/5/5/TSKGP b - 1");
/// assert_eq!(kyoto.sfen_in(Dialect::FairyStockfish), "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1");
/// assert_eq!(Dialect::from_name("fairy-stockfish")?, Dialect::FairyStockfish);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// Ours: USI's SFEN and moves, with a definition's own letters.
    #[default]
    Usi,
    /// lishogi's, as its library shogiops writes it.
    Lishogi,
    /// Fairy-Stockfish's FEN, and its USI moves (as its engine writes them
    /// after `usi`; pyffish writes chess coordinates instead).
    FairyStockfish,
}

impl Dialect {
    /// Every dialect, in this order.
    pub const ALL: [Dialect; 3] = [Dialect::Usi, Dialect::Lishogi, Dialect::FairyStockfish];

    /// Its name: `usi`, `lishogi`, `fairy-stockfish`.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Usi => "usi",
            Dialect::Lishogi => "lishogi",
            Dialect::FairyStockfish => "fairy-stockfish",
        }
    }

    /// The dialect of a name: its own, in any case, `_` for `-`, or
    /// `shogiops`, `fairy`, `fsf`.
    ///
    /// # Errors
    /// [`DialectError::Unknown`] for any other name.
    ///
    /// ```
    /// use shogi_variants::Dialect;
    /// assert_eq!(Dialect::from_name("FSF")?, Dialect::FairyStockfish);
    /// assert!(Dialect::from_name("kif").is_err());
    /// # Ok::<(), shogi_variants::DialectError>(())
    /// ```
    pub fn from_name(name: &str) -> Result<Dialect, DialectError> {
        match name.to_ascii_lowercase().replace('_', "-").as_str() {
            "usi" | "sfen" => Ok(Dialect::Usi),
            "lishogi" | "shogiops" => Ok(Dialect::Lishogi),
            "fairy-stockfish" | "fairystockfish" | "fairy" | "fsf" => Ok(Dialect::FairyStockfish),
            _ => Err(DialectError::Unknown(name.to_owned())),
        }
    }
}

impl std::fmt::Display for Dialect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A definition's `[dialects]` table: the variant's name in the programs
/// that play it (lishogi's `rules`, Fairy-Stockfish's `UCI_Variant`).
///
/// ```
/// use shogi_variants::{AnyGame, Dialect};
/// let kyoto = AnyGame::new("kyotoshogi", &[], 0)?;
/// assert_eq!(kyoto.variant_name_in(Dialect::FairyStockfish).as_deref(), Some("kyotoshogi"));
/// assert_eq!(AnyGame::new("standard", &[], 0)?.variant_name_in(Dialect::FairyStockfish).as_deref(), Some("shogi"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct DialectNames {
    /// lishogi's name of the variant (shogiops' `rules`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lishogi: Option<String>,
    /// Fairy-Stockfish's name of the variant (`UCI_Variant`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fairy_stockfish: Option<String>,
}

impl DialectNames {
    /// Whether no name is given.
    pub fn is_empty(&self) -> bool {
        self.lishogi.is_none() && self.fairy_stockfish.is_none()
    }

    /// The name in `dialect` (USI: none, ours is the game's name).
    pub fn name_in(&self, dialect: Dialect) -> Option<&str> {
        match dialect {
            Dialect::Usi => None,
            Dialect::Lishogi => self.lishogi.as_deref(),
            Dialect::FairyStockfish => self.fairy_stockfish.as_deref(),
        }
    }
}

/// Per piece, the letters lishogi writes where they are not ours (Black's,
/// with `+` where a face has it): `(ours, lishogi's)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LishogiLetters {
    /// On the board and in drops.
    pub board: Vec<(String, String)>,
    /// In hand, where it differs from the board's (kyoto: lance `T`).
    pub hand: Vec<(String, String)>,
}

/// A position or move that cannot be read in a dialect, or a dialect's
/// name that is none.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DialectError {
    /// No dialect has this name.
    #[error("unknown notation dialect '{}' (known: usi, lishogi, fairy-stockfish)", Excerpt(.0))]
    Unknown(String),
    /// The text is not a position of the dialect.
    #[error("'{}' is not a {dialect} position: {reason}", Excerpt(.text))]
    Position {
        /// The dialect.
        dialect: Dialect,
        /// The text.
        text: String,
        /// Why, in words.
        reason: String,
    },
}

/// lishogi's order of the pieces in hand (shogiops' `handRoles`: standard
/// `R B G S N L P`, kyoto `T G S P`, dobutsu `R B P`).
const LISHOGI_HAND_ORDER: [&str; 8] = ["R", "B", "T", "G", "S", "N", "L", "P"];

/// What Fairy-Stockfish's FEN of a game needs besides its SFEN.
struct FsfFacts {
    /// Whether the game has drops (Fairy-Stockfish writes no brackets
    /// without them).
    drops: bool,
    /// Checks still needed by Black and White, in a game won by the first.
    checks: Option<[u8; 2]>,
    /// Plies since the last capture, drop or promotion.
    halfmove: u32,
    /// The royal piece the last move captured, as the captor would hold
    /// it (Fairy-Stockfish puts it in the captor's hand: `[l]`).
    royal_captured: Option<String>,
}

/// `(ours, theirs)` looked up by ours, in Black's case; a White token
/// keeps its case.
fn mapped(token: &str, pairs: &[(String, String)], reverse: bool) -> Option<String> {
    let white = token.chars().any(|c| c.is_ascii_lowercase());
    let black = token.to_ascii_uppercase();
    let found = pairs.iter().find_map(|(ours, theirs)| {
        let (from, to) = if reverse {
            (theirs, ours)
        } else {
            (ours, theirs)
        };
        (*from == black).then(|| to.clone())
    })?;
    Some(if white {
        found.to_ascii_lowercase()
    } else {
        found
    })
}

/// A piece in hand in the other notation (`reverse`: lishogi's to ours):
/// its hand letter where it has one (kyoto's lance, `T`), else its board
/// letter.
fn hand_token(token: String, letters: &LishogiLetters, reverse: bool) -> String {
    mapped(&token, &letters.hand, reverse)
        .or_else(|| mapped(&token, &letters.board, reverse))
        .unwrap_or(token)
}

/// A board field with its tokens mapped (digits and `/` kept).
fn map_board(board: &str, pairs: &[(String, String)], reverse: bool) -> String {
    let mut out = String::with_capacity(board.len() + 4);
    let mut chars = board.chars();
    while let Some(c) = chars.next() {
        if c == '+' {
            match chars.next() {
                Some(l) => {
                    let token = format!("+{l}");
                    out.push_str(&mapped(&token, pairs, reverse).unwrap_or(token));
                }
                None => out.push(c),
            }
        } else if c.is_ascii_alphabetic() {
            let token = c.to_string();
            out.push_str(&mapped(&token, pairs, reverse).unwrap_or(token));
        } else {
            out.push(c);
        }
    }
    out
}

/// An SFEN hands field as `(token, count)` in its order; `None` when it
/// is malformed (the reader of the game says why).
fn hand_tokens(hands: &str) -> Option<Vec<(String, u32)>> {
    let mut out = Vec::new();
    if hands == "-" {
        return Some(out);
    }
    let mut count: Option<u32> = None;
    let mut chars = hands.chars();
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            count = Some(count.unwrap_or(0).checked_mul(10)?.checked_add(d)?);
            continue;
        }
        let token = if c == '+' {
            format!("+{}", chars.next()?)
        } else {
            c.to_string()
        };
        out.push((token, count.take().unwrap_or(1)));
    }
    count.is_none().then_some(out)
}

/// `(token, count)` pairs as an SFEN hands field (`-` when empty).
fn write_hands(tokens: &[(String, u32)]) -> String {
    if tokens.is_empty() {
        return "-".to_owned();
    }
    let mut out = String::new();
    for (token, n) in tokens {
        if *n > 1 {
            out.push_str(&n.to_string());
        }
        out.push_str(token);
    }
    out
}

/// Whether a token is Black's (upper case).
fn is_black(token: &str) -> bool {
    token.chars().any(|c| c.is_ascii_uppercase())
}

/// Our SFEN (`board side hands ply`) in `dialect`.
/// `letters`: lishogi's where they are not ours; `facts`: asked only for
/// Fairy-Stockfish's FEN (its half-move clock replays the game).
fn write_position(
    sfen: &str,
    dialect: Dialect,
    letters: Option<&LishogiLetters>,
    facts: impl FnOnce() -> FsfFacts,
) -> String {
    let f: Vec<&str> = sfen.split_ascii_whitespace().collect();
    let (board, side, hands, ply) = match f.as_slice() {
        [b, s, h, p] => (*b, *s, *h, p.parse::<u32>().unwrap_or(1)),
        [b, s, h] => (*b, *s, *h, 1),
        _ => return sfen.to_owned(),
    };
    let tokens = hand_tokens(hands).unwrap_or_default();
    match dialect {
        Dialect::Usi => sfen.to_owned(),
        Dialect::Lishogi => {
            let Some(letters) = letters else {
                return sfen.to_owned();
            };
            let mut hand: Vec<(String, u32)> = tokens
                .into_iter()
                .map(|(t, n)| (hand_token(t, letters, false), n))
                .collect();
            let rank = |t: &str| {
                let order = LISHOGI_HAND_ORDER
                    .iter()
                    .position(|l| l.eq_ignore_ascii_case(t))
                    .unwrap_or(LISHOGI_HAND_ORDER.len());
                (!is_black(t), order)
            };
            hand.sort_by_key(|(t, _)| rank(t));
            format!(
                "{} {side} {} {ply}",
                map_board(board, &letters.board, false),
                write_hands(&hand)
            )
        }
        Dialect::FairyStockfish => {
            let ctx = facts();
            let mut out = board.to_owned();
            if ctx.drops {
                out.push('[');
                for color_black in [true, false] {
                    for (t, n) in tokens.iter().filter(|(t, _)| is_black(t) == color_black) {
                        for _ in 0..*n {
                            out.push_str(t);
                        }
                    }
                    if let Some(royal) = ctx.royal_captured.as_ref() {
                        if is_black(royal) == color_black {
                            out.push_str(royal);
                        }
                    }
                }
                out.push(']');
            }
            out.push_str(if side == "w" { " b - - " } else { " w - - " });
            if let Some([b, w]) = ctx.checks {
                out.push_str(&format!("{b}+{w} "));
            }
            out.push_str(&format!("{} {}", ctx.halfmove, ply.div_ceil(2)));
            out
        }
    }
}

/// A position in `dialect` as our SFEN (not yet checked against the game:
/// its reader does that).
fn read_position(
    text: &str,
    dialect: Dialect,
    letters: Option<&LishogiLetters>,
    royal: &[String],
) -> Result<String, DialectError> {
    let bad = |reason: &str| DialectError::Position {
        dialect,
        text: text.to_owned(),
        reason: reason.to_owned(),
    };
    let f: Vec<&str> = text.split_ascii_whitespace().collect();
    match dialect {
        Dialect::Usi => Ok(text.to_owned()),
        Dialect::Lishogi => {
            let Some(letters) = letters else {
                return Ok(text.to_owned());
            };
            let (board, rest) = f.split_first().ok_or_else(|| bad("it is empty"))?;
            let mut out = vec![map_board(board, &letters.board, true)];
            for (i, field) in rest.iter().enumerate() {
                if i == 1 {
                    let tokens =
                        hand_tokens(field).ok_or_else(|| bad("the hands field is malformed"))?;
                    let ours: Vec<(String, u32)> = tokens
                        .into_iter()
                        .map(|(t, n)| (hand_token(t, letters, true), n))
                        .collect();
                    out.push(write_hands(&ours));
                } else {
                    out.push((*field).to_owned());
                }
            }
            Ok(out.join(" "))
        }
        Dialect::FairyStockfish => {
            let (head, rest) = f.split_first().ok_or_else(|| bad("it is empty"))?;
            let (board, hand) = match head.split_once('[') {
                Some((b, h)) => (
                    b,
                    h.strip_suffix(']')
                        .ok_or_else(|| bad("the hands' '[' has no closing ']'"))?,
                ),
                None => (*head, ""),
            };
            let mut black: Vec<(String, u32)> = Vec::new();
            let mut white: Vec<(String, u32)> = Vec::new();
            let mut chars = hand.chars();
            while let Some(c) = chars.next() {
                let token =
                    match c {
                        '-' if hand == "-" => break,
                        '+' => format!(
                            "+{}",
                            chars.next().ok_or_else(|| bad("the hands end with '+'"))?
                        ),
                        c if c.is_ascii_alphabetic() => c.to_string(),
                        _ => return Err(bad(
                            "the hands hold letters, each piece repeated (like [PPb]), not counts",
                        )),
                    };
                if royal.contains(&token.to_ascii_uppercase()) {
                    // the royal piece a capture ended the game with
                    continue;
                }
                let list = if is_black(&token) {
                    &mut black
                } else {
                    &mut white
                };
                match list.iter_mut().find(|(t, _)| *t == token) {
                    Some((_, n)) => *n += 1,
                    None => list.push((token, 1)),
                }
            }
            let (side, rest) = rest
                .split_first()
                .ok_or_else(|| bad("the side to move is missing"))?;
            let black_to_move = match *side {
                "w" => true,
                "b" => false,
                _ => {
                    return Err(bad(
                        "the side to move must be 'w' (the first player) or 'b'",
                    ))
                }
            };
            let mut numbers = Vec::new();
            for field in rest {
                if *field == "-" {
                    continue;
                }
                if let Some((b, w)) = field.split_once('+') {
                    if b.parse::<u8>().is_err() || w.parse::<u8>().is_err() {
                        return Err(bad("the checks field must be like 1+1"));
                    }
                    continue;
                }
                numbers.push(
                    field
                        .parse::<u32>()
                        .map_err(|_| bad("the move counters must be numbers"))?,
                );
            }
            let full = match numbers.as_slice() {
                [] => 1,
                [full] | [_, full] => *full,
                _ => return Err(bad("more than two move counters")),
            };
            if full == 0 {
                return Err(bad("the full-move number must be at least 1"));
            }
            let ply = if black_to_move {
                full * 2 - 1
            } else {
                full * 2
            };
            black.extend(white);
            Ok(format!(
                "{board} {} {} {ply}",
                if black_to_move { "b" } else { "w" },
                write_hands(&black)
            ))
        }
    }
}

/// A move's USI text (ours) in `dialect`.
fn write_move(usi: &str, dialect: Dialect, letters: Option<&LishogiLetters>) -> String {
    match (dialect, letters) {
        (Dialect::Lishogi, Some(letters)) => match usi.split_once('*') {
            Some((token, to)) => format!(
                "{}*{to}",
                mapped(token, &letters.board, false).unwrap_or_else(|| token.to_owned())
            ),
            None => match usi.strip_suffix('-') {
                Some(head) => format!("{head}+"),
                None => usi.to_owned(),
            },
        },
        _ => usi.to_owned(),
    }
}

impl AnyGame {
    /// The position now in our SFEN (Tsuitate: the referee's true position).
    pub fn sfen(&self) -> String {
        match self {
            AnyGame::Board(g) => g.position().to_sfen(),
            AnyGame::Card(g) => g.position().to_sfen(),
            AnyGame::Tsuitate(r) => r.true_position().to_sfen(),
            AnyGame::Family(g) => g.sfen(),
        }
    }

    /// The variant's name in `dialect`'s program, where it plays it: what
    /// its definition's `[dialects]` says (standard shogi: `standard` on
    /// lishogi, `shogi` in Fairy-Stockfish; minishogi: `minishogi`). `None`
    /// for ours (the game's name is [`GameState::name`]).
    pub fn variant_name_in(&self, dialect: Dialect) -> Option<String> {
        let names = match self {
            AnyGame::Family(g) => g.definition().dialects.clone(),
            AnyGame::Board(g) => match g.variant() {
                AnyVariant::Standard(_) => DialectNames {
                    lishogi: Some("standard".into()),
                    fairy_stockfish: Some("shogi".into()),
                },
                AnyVariant::Minishogi(_) => DialectNames {
                    lishogi: Some("minishogi".into()),
                    fairy_stockfish: Some("minishogi".into()),
                },
                AnyVariant::Defined(d) => d.definition().dialects().clone(),
                _ => DialectNames::default(),
            },
            AnyGame::Card(_) | AnyGame::Tsuitate(_) => DialectNames::default(),
        };
        names.name_in(dialect).map(str::to_owned)
    }

    fn lishogi_letters(&self) -> Option<&LishogiLetters> {
        match self {
            AnyGame::Family(g) => Some(&g.definition().lishogi_letters),
            _ => None,
        }
    }

    /// What Fairy-Stockfish's FEN needs besides the SFEN.
    fn fsf_facts(&self) -> FsfFacts {
        let check_wins = match self {
            AnyGame::Family(g) => g.definition().ends.check_wins,
            AnyGame::Board(g) => match g.variant() {
                AnyVariant::Defined(d) => d.definition().end_rules().check_wins,
                _ => false,
            },
            _ => false,
        };
        let checks = check_wins.then(|| {
            let in_check = match self {
                AnyGame::Family(g) => g.position().is_check(),
                AnyGame::Board(g) => g.position().is_check(),
                _ => false,
            };
            let mut left = [1, 1];
            if in_check {
                left[self.side_to_move().opponent().index()] = 0;
            }
            left
        });
        let drops = match self {
            AnyGame::Family(g) => g.definition().table.has_drops(),
            _ => true,
        };
        let (halfmove, royal_captured) = self.replay_facts();
        FsfFacts {
            drops,
            checks,
            halfmove,
            royal_captured,
        }
    }

    /// What the moves the game holds tell: the plies since the last
    /// capture, drop or promotion (a face that flips on every move, as
    /// kyoto's, is no promotion here), Fairy-Stockfish's half-move clock;
    /// and the royal piece the last move captured, written as its captor
    /// would hold it.
    fn replay_facts(&self) -> (u32, Option<String>) {
        let mut clock = 0;
        let mut royal = None;
        match self {
            AnyGame::Family(g) => {
                let mut pos = g.start_position().clone();
                for &mv in g.moves() {
                    let flips = mv
                        .from()
                        .and_then(|from| pos.piece_at(from))
                        .is_some_and(|(k, _)| pos.table().flips_every_move(k));
                    let captured = pos.piece_at(mv.to());
                    royal = captured.filter(|&(k, _)| pos.table().is_royal(k)).and_then(
                        |(k, color)| {
                            let token = pos.table().token(k)?;
                            Some(if color == shogi_core::Color::Black {
                                token.to_ascii_lowercase()
                            } else {
                                token.to_owned()
                            })
                        },
                    );
                    let resets =
                        mv.from().is_none() || captured.is_some() || (mv.is_promotion() && !flips);
                    clock = if resets { 0 } else { clock + 1 };
                    pos.play(mv);
                }
            }
            AnyGame::Board(g) => {
                for (pos, mv) in g.positions().iter().zip(g.moves()) {
                    let resets =
                        mv.from().is_none() || pos.piece_at(mv.to()).is_some() || mv.is_promotion();
                    clock = if resets { 0 } else { clock + 1 };
                }
            }
            AnyGame::Card(_) | AnyGame::Tsuitate(_) => {}
        }
        (clock, royal)
    }

    /// The position now written in `dialect` (module docs: what each
    /// writes).
    ///
    /// ```
    /// use shogi_variants::{AnyGame, Dialect, GameState};
    /// let mut g = AnyGame::new("checkshogi", &[], 0)?;
    /// assert_eq!(g.sfen_in(Dialect::FairyStockfish),
    ///     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 1+1 0 1");
    /// let dobutsu = AnyGame::new("dobutsu", &[], 0)?;
    /// assert_eq!(dobutsu.sfen_in(Dialect::Lishogi), "rkb/1p1/1P1/BKR b - 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sfen_in(&self, dialect: Dialect) -> String {
        if dialect == Dialect::Usi {
            return self.sfen();
        }
        write_position(&self.sfen(), dialect, self.lishogi_letters(), || {
            self.fsf_facts()
        })
    }

    /// A position of this game written in `dialect`, as our SFEN, for the
    /// game's own reader ([`crate::FamilyGame::from_sfen`], a board's
    /// [`shogi_core::Game::from_sfen`]), which checks it.
    ///
    /// # Errors
    /// [`DialectError::Position`] when the text is not the dialect's shape
    /// (a Fairy-Stockfish FEN needs its side letter, hands in brackets
    /// with letters repeated).
    ///
    /// ```
    /// use shogi_variants::{AnyGame, Dialect};
    /// let kyoto = AnyGame::new("kyotoshogi", &[], 0)?;
    /// assert_eq!(kyoto.sfen_from("pgkst/5/5/LB1NR/TSKGP b P2GTSpgts 1", Dialect::Lishogi)?,
    ///     "p+nks+l/5/5/L+S1N+P/+LSK+NP b P2NLSpnls 1");
    /// assert_eq!(kyoto.sfen_from("p+nks+l/5/5/5/+LSK+NP[Pp] b - - 3 7", Dialect::FairyStockfish)?,
    ///     "p+nks+l/5/5/5/+LSK+NP w Pp 14");
    /// assert!(kyoto.sfen_from("p+nks+l/5/5/5/+LSK+NP[2P] w - - 0 1", Dialect::FairyStockfish).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sfen_from(&self, text: &str, dialect: Dialect) -> Result<String, DialectError> {
        let royal: Vec<String> = match self {
            AnyGame::Family(g) => {
                let table = &g.definition().table;
                (0..table.kind_count())
                    .filter(|&k| table.is_royal(k))
                    .filter_map(|k| table.token(k).map(str::to_owned))
                    .collect()
            }
            _ => Vec::new(),
        };
        read_position(text, dialect, self.lishogi_letters(), &royal)
    }

    /// `mv`, a move of the position now, written in `dialect`.
    ///
    /// ```
    /// use shogi_variants::{AnyGame, Dialect, GameState};
    /// let mut kyoto = AnyGame::new("kyotoshogi", &[], 0)?;
    /// for usi in ["1e1d+", "5a5b+"] {
    ///     let mv = kyoto.usi_from(usi, Dialect::Usi)?.parse()?;
    ///     kyoto.play(mv)?;
    /// }
    /// let back = kyoto.legal_moves().iter().copied().find(|m| kyoto.usi_in(*m, Dialect::Usi) == "1d1c-").unwrap();
    /// assert_eq!(kyoto.usi_in(back, Dialect::Lishogi), "1d1c+");
    /// assert_eq!(kyoto.usi_from("1d1c+", Dialect::Lishogi)?, "1d1c-");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn usi_in(&self, mv: Move, dialect: Dialect) -> String {
        let usi = match self {
            AnyGame::Family(g) => g.usi(mv),
            _ => mv.to_string(),
        };
        write_move(&usi, dialect, self.lishogi_letters())
    }

    /// A move of the position now written in `dialect`, as our USI text
    /// (the game's parser then reads and checks it). lishogi's `+` on a
    /// piece showing a face that flips back becomes our `-`.
    ///
    /// # Errors
    /// None today; the result's text may still name no move.
    pub fn usi_from(&self, text: &str, dialect: Dialect) -> Result<String, DialectError> {
        let (Dialect::Lishogi, AnyGame::Family(g)) = (dialect, self) else {
            return Ok(text.to_owned());
        };
        let letters = &g.definition().lishogi_letters;
        if let Some((token, to)) = text.split_once('*') {
            let ours = mapped(token, &letters.board, true).unwrap_or_else(|| token.to_owned());
            return Ok(format!("{ours}*{to}"));
        }
        if let Some(head) = text.strip_suffix('+') {
            let pos = g.position();
            let from = head
                .get(0..2)
                .and_then(|s| s.parse::<shogi_core::Square>().ok());
            let demotes = from
                .and_then(|sq| pos.piece_at(sq))
                .is_some_and(|(k, _)| pos.table().is_promoted_face(k));
            if demotes {
                return Ok(format!("{head}-"));
            }
        }
        Ok(text.to_owned())
    }
}
