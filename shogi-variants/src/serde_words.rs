//! Serde's refusals in the library's words (issue 15: "unknown variant
//! `bogus`", "expected u32" must not reach a user): one translation used by
//! settings read by name (`any.rs`) and by saved games (`saved.rs`).

/// The words serde quotes in backticks (`` unknown variant `x`, expected
/// one of `A`, `B` `` gives `x`, `A`, `B`), each an excerpt.
pub(crate) fn ticked(s: &str) -> Vec<String> {
    s.split('`')
        .skip(1)
        .step_by(2)
        .map(shogi_core::excerpt)
        .collect()
}

/// Serde's name of an expected type (`u32`, `a boolean`, `struct X`) as
/// words: "a whole number 0..=4294967295", "true or false", "an object of
/// settings". A description the library wrote itself (a visitor's
/// `expecting`) passes through, bounded.
pub(crate) fn expected_words(e: &str) -> String {
    let e = e.trim();
    let whole = |bits: &str| match bits {
        "8" => "a whole number 0..=255".to_owned(),
        "16" => "a whole number 0..=65535".to_owned(),
        "32" => "a whole number 0..=4294967295".to_owned(),
        "64" => "a whole number 0..=18446744073709551615".to_owned(),
        _ => "a whole number".to_owned(),
    };
    if let Some(bits) = e
        .strip_prefix('u')
        .filter(|b| b.chars().all(|c| c.is_ascii_digit()))
    {
        return whole(bits);
    }
    if let Some(bits) = e
        .strip_prefix('i')
        .filter(|b| b.chars().all(|c| c.is_ascii_digit()))
    {
        return format!("a whole number ({bits}-bit, signed)");
    }
    match e {
        "a boolean" | "bool" => "true or false".to_owned(),
        "a sequence" => "a list".to_owned(),
        "a map" => "an object".to_owned(),
        "a string" | "string" | "a borrowed string" => "a string".to_owned(),
        "f32" | "f64" => "a number".to_owned(),
        _ if e.starts_with("struct ") || e.starts_with("tuple struct ") => {
            "an object of settings".to_owned()
        }
        _ if e.starts_with("enum ") || e.starts_with("internally tagged enum") => {
            "one of the setting's names".to_owned()
        }
        _ if e.starts_with("variant identifier") || e.starts_with("field identifier") => {
            "a name".to_owned()
        }
        _ => shogi_core::excerpt(e),
    }
}

/// Serde's wording of a settings or field error rewritten in the library's
/// words: `unknown variant `x`, expected one of `A`, `B`` becomes `'x' is not
/// one of: A, B`; `invalid type: string "300", expected u32` becomes `a
/// whole number 0..=4294967295 is needed, not the string '300'`;
/// `missing field`, `unknown field`, `invalid value` and `invalid length`
/// likewise. Messages the library wrote itself pass through; any quoted input
/// is bounded.
pub(crate) fn plain_words(message: &str) -> String {
    // serde_json adds a position to errors read from text.
    let message = match message.rfind(" at line ") {
        Some(i) if message[i..].contains(" column ") => &message[..i],
        _ => message,
    };
    let unexpected_words = |u: &str| -> String {
        let u = u.trim();
        if let Some(rest) = u.strip_prefix("string ") {
            let inner = rest.trim_matches('"');
            return format!("the string '{}'", shogi_core::Excerpt(inner));
        }
        for (serde, ours) in [
            ("integer ", "the number "),
            ("floating point ", "the number "),
        ] {
            if let Some(rest) = u.strip_prefix(serde) {
                return format!("{ours}{}", shogi_core::Excerpt(rest.trim_matches('`')));
            }
        }
        match u {
            "sequence" => "a list".to_owned(),
            "map" => "an object".to_owned(),
            "null" | "unit value" | "unit" => "null".to_owned(),
            _ => match u.strip_prefix("boolean ") {
                Some(b) => b.trim_matches('`').to_owned(),
                None => shogi_core::excerpt(u),
            },
        }
    };
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let names = ticked(rest);
        let (given, known) = names
            .split_first()
            .map_or((String::new(), &[][..]), |(g, k)| (g.clone(), k));
        return if known.is_empty() {
            format!("'{given}' is not a name this setting takes")
        } else {
            format!("'{given}' is not one of: {}", known.join(", "))
        };
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        let names = ticked(rest);
        let (given, known) = names
            .split_first()
            .map_or((String::new(), &[][..]), |(g, k)| (g.clone(), k));
        return if known.is_empty() {
            format!("there is no setting '{given}'")
        } else {
            format!(
                "there is no setting '{given}' (the settings: {})",
                known.join(", ")
            )
        };
    }
    if let Some(rest) = message.strip_prefix("missing field ") {
        return format!("the setting '{}' is missing", ticked(rest).join(""));
    }
    for (serde, ours) in [
        ("invalid type: ", "is needed, not"),
        ("invalid value: ", "is needed, not"),
    ] {
        if let Some(rest) = message.strip_prefix(serde) {
            if let Some((unexpected, expected)) = rest.rsplit_once(", expected ") {
                return format!(
                    "{} {ours} {}",
                    expected_words(expected),
                    unexpected_words(unexpected)
                );
            }
        }
    }
    if let Some(rest) = message.strip_prefix("invalid length ") {
        if let Some((n, expected)) = rest.split_once(", expected ") {
            return format!("{} is needed, not {n} items", expected_words(expected));
        }
    }
    // The library's own words; cut all the same should one ever quote a
    // whole input.
    match message.char_indices().nth(MESSAGE_CHARS) {
        None => message.to_owned(),
        Some((cut, _)) => format!("{}…", &message[..cut]),
    }
}

/// The most characters of a settings message a saved-game error repeats.
const MESSAGE_CHARS: usize = 400;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_words_become_the_librarys_and_its_own_words_stay_whole() {
        assert_eq!(
            plain_words("invalid type: string \"300\", expected u32 at line 1 column 5"),
            "a whole number 0..=4294967295 is needed, not the string '300'"
        );
        let own =
            "a limit must be at least 1 (a count >= 1; leave it out, or null where allowed, for no limit)";
        assert_eq!(plain_words(own), own);
        let long = format!("unknown variant `{}`, expected `Off`", "x".repeat(100_000));
        assert!(plain_words(&long).len() < 200);
    }

    #[test]
    fn the_limit_refusal_by_name_is_not_cut_short() {
        let e = crate::AnyVariant::with_named_settings("standard", &[("move_limit", "0")])
            .unwrap_err()
            .to_string();
        assert!(e.ends_with("or null where allowed, for no limit)"), "{e}");
    }
}
