//! An unknown name is reported as the name that is unknown: a script's
//! unknown base is not the script's own name (found by the `settings` fuzz
//! target: `AnyGame::new` rewrote every unknown-variant error into "unknown
//! game" for the name it was given).

use shogi_variants::{AnyGame, AnyVariant, Hooks, Scripted, VariantError};
use std::sync::Arc;

/// The base's rules, unchanged.
#[derive(Debug)]
struct AsTheBase;

impl Hooks for AsTheBase {}

#[test]
fn a_scripts_unknown_base_is_named_not_the_script() {
    let base = AnyVariant::from_name("minishogi").expect("minishogi");
    Scripted::register("as-the-base", base, Arc::new(AsTheBase)).expect("registers");
    let e = AnyGame::new("as-the-base", &[("base", "nonesuch")], 0).unwrap_err();
    assert!(
        matches!(&e, VariantError::UnknownVariant { name, .. } if name == "nonesuch"),
        "{e}"
    );
    // The game's own unknown name still lists the games.
    let e = AnyGame::new("nonesuch", &[], 0).unwrap_err();
    assert!(
        matches!(&e, VariantError::UnknownVariant { name, known } if name == "nonesuch" && known.contains("tsuitate")),
        "{e}"
    );
}
