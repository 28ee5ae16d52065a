//! Any text as a game record (KIF, KI2, CSA, JKF, USEN, BOD), as a saved game and as a saved table (see `checks::records`).
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|s: &str| checks::records(s));
