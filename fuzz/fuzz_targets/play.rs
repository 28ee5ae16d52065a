//! Bytes as a game of any variant: moves, draws and attempts chosen by index,
//! arbitrary moves that must be refused (see `checks::play`).
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::play(data));
