//! The shipped family definitions against independent implementations.
use shogi_variants::FamilyDefinition;

#[test]
fn every_builtin_compiles() {
    for name in FamilyDefinition::BUILTIN_NAMES {
        let d = FamilyDefinition::builtin_text(name).map(FamilyDefinition::from_toml);
        let d = d.unwrap().unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut pos = d.position().unwrap();
        eprintln!(
            "{name}: {} kinds, {} bytes, perft1 {}",
            d.table.kind_count(),
            d.table.bytes(),
            pos.perft(1)
        );
    }
}
