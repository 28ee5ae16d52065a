//! Entering-king declaration (nyūgyoku sengen, 入玉宣言): the impasse rules of
//! standard shogi.

use serde::{Deserialize, Serialize};
use shogi_core::{Color, EndReason, Outcome, PieceKind, Position};

/// Which entering-king declaration rule is in force (RULES.md section 1).
///
/// - `Off` (default): no declaration.
/// - `Points27`: the 27-point rule of computer shogi (CSA / WCSC). The declarer
///   wins if, on its turn: its king is in the promotion zone; at least 10 of its
///   other pieces are in the zone; it is not in check; and its pieces in the
///   zone (king excluded) plus its hand score at least 28 points for Black
///   (sente) or 27 for White, a bishop, rook, horse or dragon counting 5 and
///   every other piece 1. Otherwise the declarer loses.
/// - `Points24`: the 24-point declaration rule of amateur play (JSA). The same
///   king, ten-piece and no-check conditions; then 31 points or more wins,
///   24 to 30 is a draw, fewer loses. A declaration that fails a condition loses.
///
/// ```
/// use shogi_variants::Impasse;
/// assert_eq!(Impasse::default(), Impasse::Off);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Impasse {
    /// No declaration rule.
    #[default]
    #[serde(alias = "off", alias = "None", alias = "none")]
    Off,
    /// The 24-point declaration rule.
    #[serde(alias = "points24", alias = "24")]
    Points24,
    /// The 27-point declaration rule.
    #[serde(alias = "points27", alias = "27")]
    Points27,
}

/// The declaration's count: whether its conditions hold, and the points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeclarationCount {
    /// The king stands in the promotion zone.
    pub king_entered: bool,
    /// Pieces other than the king in the zone.
    pub pieces_in_zone: u32,
    /// Whether the declarer is in check.
    pub in_check: bool,
    /// Points of the pieces in the zone (king excluded) and in hand.
    pub points: u32,
}

fn value(kind: PieceKind) -> u32 {
    match kind.unpromote() {
        PieceKind::Bishop | PieceKind::Rook => 5,
        PieceKind::King => 0,
        _ => 1,
    }
}

/// Counts what a declaration by the side to move of `pos` would be judged on.
///
/// ```
/// use shogi_core::Position;
/// use shogi_variants::Standard;
/// let pos = Position::from_sfen(
///     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
///     &Standard::GEOMETRY, &Standard::PIECES).unwrap();
/// let count = shogi_variants::impasse::count(&pos);
/// assert!(!count.king_entered);
/// assert_eq!(count.points, 0);
/// ```
pub fn count(pos: &Position) -> DeclarationCount {
    let us = pos.side_to_move();
    let zone = pos.geometry().promotion_zone(us);
    let mut pieces_in_zone = 0;
    let mut points = 0;
    for sq in pos.pieces(us) & zone {
        if let Some(p) = pos.piece_at(sq) {
            if p.kind != PieceKind::King {
                pieces_in_zone += 1;
                points += value(p.kind);
            }
        }
    }
    let hand = pos.hand(us);
    for kind in PieceKind::HAND {
        points += value(kind) * hand.count(kind) as u32;
    }
    DeclarationCount {
        king_entered: pos.king(us).is_some_and(|k| zone.contains(k)),
        pieces_in_zone,
        in_check: pos.is_check(),
        points,
    }
}

/// The outcome of the side to move declaring under `rule`; `None` when the rule is `Off`.
pub fn declare(pos: &Position, rule: Impasse) -> Option<Outcome> {
    let us = pos.side_to_move();
    let c = count(pos);
    let conditions = c.king_entered && c.pieces_in_zone >= 10 && !c.in_check;
    let win = Outcome::win(us, EndReason::ImpasseDeclaration);
    let loss = Outcome::loss(us, EndReason::ImpasseDeclaration);
    match rule {
        Impasse::Off => None,
        Impasse::Points27 => {
            let needed = if us == Color::Black { 28 } else { 27 };
            Some(if conditions && c.points >= needed {
                win
            } else {
                loss
            })
        }
        Impasse::Points24 => Some(match (conditions, c.points) {
            (false, _) => loss,
            (true, p) if p >= 31 => win,
            (true, p) if p >= 24 => Outcome::draw(EndReason::ImpasseDeclaration),
            _ => loss,
        }),
    }
}
