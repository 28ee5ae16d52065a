//! Bounded quotes of user input for error messages: a message quotes what it
//! refuses, but never more than a line of it, so a 10 MB SFEN gives a short
//! message and not a 10 MB one.

use std::fmt;

/// The most characters of the input a message quotes.
pub const EXCERPT_CHARS: usize = 60;

/// A bounded quote of `text` for an error message: the text itself when it is
/// at most [`EXCERPT_CHARS`] characters, otherwise its first characters,
/// an ellipsis and the full length in bytes.
///
/// ```
/// use shogi_core::Excerpt;
///
/// assert_eq!(Excerpt("7g7f").to_string(), "7g7f");
/// let long = "x".repeat(10_000_000);
/// let quoted = Excerpt(&long).to_string();
/// assert!(quoted.len() < 100);
/// assert!(quoted.ends_with("… (10000000 bytes)"));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Excerpt<'a>(pub &'a str);

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(EXCERPT_CHARS) {
            None => f.write_str(self.0),
            Some((cut, _)) => write!(f, "{}… ({} bytes)", &self.0[..cut], self.0.len()),
        }
    }
}

/// The bounded quote of `text` as an owned string (see [`Excerpt`]).
///
/// ```
/// assert_eq!(shogi_core::excerpt("startpos"), "startpos");
/// ```
pub fn excerpt(text: &str) -> String {
    Excerpt(text).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_whole_and_long_text_is_cut_on_a_character() {
        let exact = "あ".repeat(EXCERPT_CHARS);
        assert_eq!(excerpt(&exact), exact);
        let long = "あ".repeat(EXCERPT_CHARS + 1);
        let quoted = excerpt(&long);
        assert!(quoted.starts_with(&exact));
        assert!(quoted.ends_with(&format!("… ({} bytes)", long.len())));
    }
}
