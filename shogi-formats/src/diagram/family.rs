//! Diagrams of the shogi family: pieces of a variant's own kinds, drawn by
//! the labels their definition gives ([`Diagram::of_family`]).

use crate::diagram::{Diagram, PieceStyle};
use shogi_core::family::FamilyPosition;
use shogi_core::{Color, Square};

/// One piece of a variant's own kind as a diagram draws it.
///
/// ```
/// use shogi_core::Color;
/// use shogi_formats::diagram::{Face, PieceStyle};
/// let lion = Face { color: Color::White, label: "ら".into(), letters: "L".into(), promoted: false, royal: true };
/// assert_eq!(lion.text(PieceStyle::Latin), "L");
/// assert_eq!(lion.text(PieceStyle::Kanji), "ら");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Face {
    /// Whose piece it is.
    pub color: Color,
    /// The text on the tile in the default style: the definition's label
    /// (a kanji, a kana, or any short text).
    pub label: String,
    /// The text in [`PieceStyle::Latin`]: the kind's SFEN letters (`C`, `+C`).
    pub letters: String,
    /// Whether it is a promoted face, written in red ink.
    pub promoted: bool,
    /// Whether it is a royal piece, drawn a little larger.
    pub royal: bool,
}

impl Face {
    /// The face's text in `style`: its label, or its letters in Latin.
    ///
    /// ```
    /// use shogi_core::Color;
    /// use shogi_formats::diagram::{Face, PieceStyle};
    /// let hen = Face { color: Color::Black, label: "に".into(), letters: "+C".into(), promoted: true, royal: false };
    /// assert_eq!(hen.text(PieceStyle::Latin), "+C");
    /// ```
    pub fn text(&self, style: PieceStyle) -> &str {
        match style {
            PieceStyle::Kanji => &self.label,
            PieceStyle::Latin => &self.letters,
        }
    }
}

/// The pieces of a position of the shogi family, on the board and in hand.
///
/// ```
/// use shogi_formats::diagram::Diagram;
/// let game = shogi_variants::FamilyGame::builtin("kyotoshogi")?;
/// let faces = Diagram::of_family(game.position(), &game.definition().labels).faces.unwrap();
/// assert_eq!(faces.cells.iter().flatten().count(), 10);
/// assert_eq!(faces.hands[0].as_ref().map(Vec::len), Some(0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Faces {
    /// The piece on each square, indexed by [`Square::index`] (81 entries).
    pub cells: Vec<Option<Face>>,
    /// Each player's hand as (piece, count), indexed by [`Color::index`];
    /// `None` hides it.
    pub hands: [Option<Vec<(Face, u8)>>; 2],
}

impl Diagram {
    /// A diagram of a position of the shogi family, its pieces written with
    /// `labels` (one per kind, in the definition's order: a
    /// `FamilyDefinition`'s `labels`; a kind without one is written with
    /// its SFEN letters). The side in check has its attacked royal piece
    /// tinted, as a king in check.
    ///
    /// ```
    /// use shogi_formats::diagram::{Diagram, Lang, PieceStyle};
    /// let game = shogi_variants::FamilyGame::builtin("dobutsu")?;
    /// let mut d = Diagram::of_family(game.position(), &game.definition().labels);
    /// assert_eq!((d.files, d.ranks), (3, 4));
    /// let svg = d.to_svg();
    /// assert_eq!(svg.matches("class=\"piece black\"").count(), 4);
    /// assert!(svg.contains(">ひ</text>") && svg.contains(">ら</text>"));
    /// d.pieces = PieceStyle::Latin;
    /// d.lang = Lang::English;
    /// assert!(d.to_svg().contains(">L</text>"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of_family(pos: &FamilyPosition, labels: &[String]) -> Diagram {
        let table = pos.table();
        let face = |color: Color, kind: usize| {
            let letters = table.token(kind).unwrap_or("?").to_owned();
            Face {
                color,
                label: labels.get(kind).cloned().unwrap_or_else(|| letters.clone()),
                promoted: letters.starts_with('+'),
                letters,
                royal: table.is_royal(kind),
            }
        };
        let mut cells = vec![None; 81];
        for sq in pos.occupied() {
            cells[sq.index()] = pos.piece_at(sq).map(|(kind, color)| face(color, kind));
        }
        let hand = |color: Color| {
            (0..table.kind_count())
                .filter_map(|kind| match pos.hand_count(color, kind) {
                    0 => None,
                    n => Some((face(color, kind), n)),
                })
                .collect::<Vec<_>>()
        };
        let us = pos.side_to_move();
        let check = pos
            .royals(us)
            .into_iter()
            .find(|&sq: &Square| pos.is_attacked(sq, us.opponent()));
        let (files, ranks) = table.size();
        let mut d = Diagram::blank(files, ranks);
        d.faces = Some(Faces {
            cells,
            hands: [Some(hand(Color::Black)), Some(hand(Color::White))],
        });
        d.side_to_move = Some(us);
        d.check = check;
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_variants::FamilyGame;

    #[test]
    fn hands_check_and_promoted_faces_are_drawn_from_the_definition() {
        let game = FamilyGame::builtin("dobutsu").expect("shipped");
        // White's lion on 2b, attacked by Black's chick on 2c; White holds a
        // chick, Black a hen on 3a.
        let game = game.from_sfen("+c1e/1l1/1C1/E1G w c 2").expect("legal");
        let d = Diagram::of_family(game.position(), &game.definition().labels);
        assert_eq!(d.check, Some("2b".parse().expect("square")));
        let svg = d.to_svg();
        assert!(svg.contains("class=\"check\""));
        assert!(svg.contains(">ひ×1</text>"), "White's chick in hand");
        // The hen is a promoted face, in red ink.
        assert!(svg.contains("fill=\"#c3161c\">に</text>"), "the hen in red");
        assert!(
            svg.contains("fill=\"#1b1209\">ぞ</text>"),
            "the elephant in black"
        );
        assert_eq!(
            svg.matches("class=\"hand-empty\"").count(),
            1,
            "Black's hand is empty"
        );
        // Hidden hands are not drawn at all.
        let mut hidden = d.clone();
        if let Some(f) = hidden.faces.as_mut() {
            f.hands[Color::White.index()] = None;
        }
        assert!(!hidden.to_svg().contains("class=\"hand white\""));
    }
}
