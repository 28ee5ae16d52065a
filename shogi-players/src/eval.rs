//! A static evaluation of shogi positions: material on the board and in hand,
//! pseudo-mobility and a simple king-safety term, in centipawn-like units from
//! the side to move's point of view.
//!
//! It knows nothing of variants (the board size comes from the position's
//! geometry), so it serves standard shogi, minishogi and must-capture alike.
//!
//! ```
//! use shogi_core::Variant;
//! use shogi_players::eval::evaluate;
//! use shogi_variants::Standard;
//! let start = Standard::default().start_position();
//! // The start position is symmetric: close to zero for the side to move.
//! assert!(evaluate(&start).abs() < 50);
//! ```

use shogi_core::{attacks, Bitboard, Color, PieceKind, Position};

/// The score of a position where the side to move is checkmated right now
/// (negated: `-MATE_SCORE`). A mate in `n` plies scores `MATE_SCORE - n`.
///
/// ```
/// use shogi_players::eval::{MATE_SCORE, MATE_BOUND};
/// assert!(MATE_SCORE > MATE_BOUND);
/// ```
pub const MATE_SCORE: i32 = 30_000;

/// Scores whose absolute value is at least this are mate scores (a forced
/// win or loss within `MATE_SCORE - MATE_BOUND` plies).
///
/// ```
/// use shogi_players::eval::{is_mate_score, MATE_SCORE};
/// assert!(is_mate_score(MATE_SCORE - 3));
/// assert!(!is_mate_score(1_500));
/// ```
pub const MATE_BOUND: i32 = MATE_SCORE - 1_000;

/// The score of a draw.
///
/// ```
/// assert_eq!(shogi_players::eval::DRAW_SCORE, 0);
/// ```
pub const DRAW_SCORE: i32 = 0;

/// Whether `score` announces a forced mate (for either side).
///
/// ```
/// use shogi_players::eval::{is_mate_score, MATE_SCORE};
/// assert!(is_mate_score(-(MATE_SCORE - 1)));
/// assert!(!is_mate_score(0));
/// ```
pub fn is_mate_score(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// The value of a piece on the board, by [`PieceKind::index`]: pawn, lance,
/// knight, silver, bishop, rook, gold, king (0: never captured), then the
/// promoted pawn, lance, knight, silver, the horse and the dragon.
///
/// ```
/// use shogi_core::PieceKind;
/// use shogi_players::eval::PIECE_VALUES;
/// assert_eq!(PIECE_VALUES[PieceKind::Pawn.index()], 100);
/// assert!(PIECE_VALUES[PieceKind::Dragon.index()] > PIECE_VALUES[PieceKind::Rook.index()]);
/// ```
pub const PIECE_VALUES: [i32; 14] = [
    100,   // pawn
    300,   // lance
    400,   // knight
    520,   // silver
    820,   // bishop
    960,   // rook
    580,   // gold
    0,     // king
    560,   // promoted pawn (tokin)
    560,   // promoted lance
    560,   // promoted knight
    560,   // promoted silver
    1_020, // horse
    1_200, // dragon
];

/// The value of a piece in hand, by [`PieceKind::index`] of the seven hand
/// kinds: a little more than on the board, since it can be dropped anywhere.
///
/// ```
/// use shogi_core::PieceKind;
/// use shogi_players::eval::{HAND_VALUES, PIECE_VALUES};
/// for kind in PieceKind::HAND {
///     assert!(HAND_VALUES[kind.index()] > PIECE_VALUES[kind.index()]);
/// }
/// ```
pub const HAND_VALUES: [i32; 7] = [
    115,   // pawn
    340,   // lance
    450,   // knight
    590,   // silver
    930,   // bishop
    1_090, // rook
    650,   // gold
];

/// Centipawns per square a piece attacks that is not occupied by its own side
/// (pseudo-mobility: attacks, not legal moves).
///
/// ```
/// assert!(shogi_players::eval::MOBILITY_WEIGHT > 0);
/// ```
pub const MOBILITY_WEIGHT: i32 = 3;

/// Centipawns lost per attack of an enemy piece on a square next to (or
/// under) one's king.
///
/// ```
/// assert!(shogi_players::eval::KING_ATTACK_WEIGHT > 0);
/// ```
pub const KING_ATTACK_WEIGHT: i32 = 12;

/// Centipawns gained per own piece (other than the king) standing next to
/// one's king.
///
/// ```
/// assert!(shogi_players::eval::KING_SHELTER_WEIGHT > 0);
/// ```
pub const KING_SHELTER_WEIGHT: i32 = 10;

/// The material of `color`: pieces on the board (their promoted values if
/// promoted) plus pieces in hand ([`HAND_VALUES`]).
///
/// ```
/// use shogi_core::{Color, Variant};
/// use shogi_players::eval::material;
/// use shogi_variants::Minishogi;
/// let pos = Minishogi::default().start_position();
/// assert_eq!(material(&pos, Color::Black), material(&pos, Color::White));
/// ```
pub fn material(pos: &Position, color: Color) -> i32 {
    let mut total = 0;
    for kind in PieceKind::ALL {
        total += PIECE_VALUES[kind.index()] * pos.pieces_of(color, kind).count() as i32;
    }
    for (kind, count) in pos.hand(color).iter() {
        total += HAND_VALUES[kind.index()] * i32::from(count);
    }
    total
}

/// The static evaluation of `pos` for the side to move: positive when the
/// side to move stands better. Material (board and hand), pseudo-mobility
/// ([`MOBILITY_WEIGHT`]) and king safety (enemy attacks next to the king,
/// own pieces next to it). It never looks at legal moves, so it neither
/// detects mate nor knows the variant's rules.
///
/// ```
/// use shogi_core::Position;
/// use shogi_players::eval::evaluate;
/// use shogi_variants::Minishogi;
/// // Black has an extra rook in hand.
/// let pos = Position::from_sfen("4k/5/5/5/K4 b R 1", &Minishogi::GEOMETRY, &Minishogi::PIECES).unwrap();
/// assert!(evaluate(&pos) > 900);
/// let pos = Position::from_sfen("4k/5/5/5/K4 w R 1", &Minishogi::GEOMETRY, &Minishogi::PIECES).unwrap();
/// assert!(evaluate(&pos) < -900);
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    let black = side_score(pos, Color::Black);
    let white = side_score(pos, Color::White);
    let score = black - white;
    match pos.side_to_move() {
        Color::Black => score,
        Color::White => -score,
    }
}

/// Material, mobility and king safety of one side (absolute, not relative).
fn side_score(pos: &Position, us: Color) -> i32 {
    let them = us.opponent();
    let board = pos.geometry().board();
    let occupied = pos.occupied();
    let own = pos.pieces(us);
    let their_zone = king_zone(pos, them);
    let our_zone = king_zone(pos, us);

    let mut score = 0;
    let mut mobility = 0;
    let mut king_hits = 0;
    let mut shelter = 0;
    for sq in own {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        score += PIECE_VALUES[piece.kind.index()];
        if piece.kind == PieceKind::King {
            continue;
        }
        let reach = attacks::attacks(us, piece.kind, sq, occupied) & board;
        mobility += (reach & !own).count() as i32;
        king_hits += (reach & their_zone).count() as i32;
        if our_zone.contains(sq) {
            shelter += 1;
        }
    }
    for (kind, count) in pos.hand(us).iter() {
        score += HAND_VALUES[kind.index()] * i32::from(count);
    }
    // Pieces in hand make attacks on the king more dangerous.
    let hand_pressure = 4 + (pos.hand(us).total() as i32).min(6);
    score += mobility * MOBILITY_WEIGHT
        + king_hits * KING_ATTACK_WEIGHT * hand_pressure / 4
        + shelter * KING_SHELTER_WEIGHT;
    score
}

/// The king of `color` and the squares around it (on the board).
fn king_zone(pos: &Position, color: Color) -> Bitboard {
    match pos.king(color) {
        Some(k) => {
            (attacks::step_attacks(color, PieceKind::King, k) | Bitboard::from_square(k))
                & pos.geometry().board()
        }
        None => Bitboard::EMPTY,
    }
}
