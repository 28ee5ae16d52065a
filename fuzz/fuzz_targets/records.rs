//! Any text as a game record (KIF, KI2, CSA, JKF, USEN, BOD) and as a saved game (see `checks::records`).
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|s: &str| checks::records(s));
