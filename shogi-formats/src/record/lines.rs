//! The one line splitter of the record readers.

/// The lines of a text, each ended by `\n`, `\r\n` or a lone `\r` (old Mac
/// files), counted as `str::lines` counts them otherwise (a last line
/// without an end is a line; an empty text has none): line numbers in
/// errors match what an editor shows, and no line keeps a carriage return.
/// KIF, KI2, BOD and CSA read through it, and so does [`Format::detect`].
///
/// [`Format::detect`]: super::Format::detect
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let s = rest?;
        match s.find(['\n', '\r']) {
            None => {
                rest = None;
                (!s.is_empty()).then_some(s)
            }
            Some(i) => {
                let skip = if s[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&s[i + skip..]);
                Some(&s[..i])
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::lines;

    fn split(text: &str) -> Vec<&str> {
        lines(text).collect()
    }

    #[test]
    fn every_line_end_ends_a_line_and_none_is_kept() {
        assert_eq!(split("a\r\nb\rc\n\nd"), ["a", "b", "c", "", "d"]);
        assert_eq!(split("a\r\r\nb"), ["a", "", "b"]);
        assert_eq!(split("\n"), [""]);
    }

    #[test]
    fn counts_as_str_lines_does_without_lone_carriage_returns() {
        for text in ["", "a", "a\n", "a\n\n", "\n\na", "a\r\nb\r\n", " x \n y"] {
            assert_eq!(split(text), text.lines().collect::<Vec<_>>(), "{text:?}");
        }
    }
}
