//! Any string as a USI `position` command, replayed in every variant (see `checks::position_command`).
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

// `arbitrary` turns the input into the string (its longest valid UTF-8
// prefix); `checks::text` does the same for the corpus replay test.
fuzz_target!(|s: &str| checks::position_command(s));
