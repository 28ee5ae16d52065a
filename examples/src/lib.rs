//! The workspace's runnable programs live in `src/bin/`. This library holds
//! no code: it compiles and runs the README's Rust examples as doctests (it
//! depends on every crate they use), so that the README stays true.
#![forbid(unsafe_code)]

/// The README's code, compiled and run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
