//! Any text as a game name and `KEY=VALUE` settings (see `checks::settings`).
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

// `arbitrary` turns the input into the string (its longest valid UTF-8
// prefix); `checks::text` does the same for the corpus replay test.
fuzz_target!(|s: &str| checks::settings(s));
