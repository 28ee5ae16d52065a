//! The workspace's runnable programs live in `src/bin/`. This library holds
//! no code: it compiles and runs the Rust examples of the README and of the
//! pages of `docs/` as doctests (it depends on every crate they use), so that
//! they stay true. Each page with a Rust block has its struct below
//! (`bindings-python/tests/test_readme_blocks.py` checks that none is missing).
#![forbid(unsafe_code)]

/// The README's code, compiled and run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

/// docs/rules-and-settings.md's code, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/rules-and-settings.md")]
pub struct DocsRulesAndSettingsDoctests;

/// docs/variants.md's code, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/variants.md")]
pub struct DocsVariantsDoctests;

/// docs/records.md's code, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/records.md")]
pub struct DocsRecordsDoctests;

/// docs/players-and-usi.md's code, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/players-and-usi.md")]
pub struct DocsPlayersAndUsiDoctests;

/// docs/mate-search.md's code, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/mate-search.md")]
pub struct DocsMateSearchDoctests;
