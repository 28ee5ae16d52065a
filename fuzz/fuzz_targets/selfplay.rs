//! Bytes as a batch of self-play: steps of every kind, arbitrary actions
//! included, must be played or refused unchanged (see `checks::selfplay`).
#![no_main]

#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::selfplay(data));
