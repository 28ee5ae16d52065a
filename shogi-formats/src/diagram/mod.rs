//! Pictures of positions: [`Diagram`] draws SVG in the classic shogi look
//! (for notebooks and web pages; [`Diagram::of_view`] a Tsuitate player's
//! view), [`text`] writes the plain-text board that Python's `str(board)`
//! prints.

mod family;
mod svg;
pub mod text;
mod view;

pub use family::{Face, Faces};
pub use svg::{
    font_families, result_words, Diagram, FontError, Lang, PieceStyle, MAX_FONTS, MAX_FONT_CHARS,
};
