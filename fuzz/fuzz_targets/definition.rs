//! Any text as a variant definition, with or without pieces of its own (see `checks::definition`).
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

// `arbitrary` turns the input into the string (its longest valid UTF-8
// prefix); `checks::text` does the same for the corpus replay test.
fuzz_target!(|s: &str| checks::definition(s));
