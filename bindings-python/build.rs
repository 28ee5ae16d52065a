//! Records, in the Python package, the CPU features this build's machine
//! code assumes (`python/shogi_variants/_build_target.txt`: the target's
//! architecture, then its enabled features), so that `import shogi_variants`
//! can refuse a CPU that lacks one with a message (`_cpu.py`) instead of
//! dying of an illegal instruction. `.cargo/config.toml` builds for
//! x86-64-v3 (AVX2, BMI2, LZCNT, ...); a source build without that file
//! targets plain x86-64. The file is rewritten only when its text changes.

use std::{env, fs, path::PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let mut features: Vec<String> = env::var("CARGO_CFG_TARGET_FEATURE")
        .unwrap_or_default()
        .split(',')
        .filter(|f| !f.is_empty())
        .map(str::to_owned)
        .collect();
    features.sort();
    let text = format!("{arch}\n{}\n", features.join(","));
    let Ok(dir) = env::var("CARGO_MANIFEST_DIR") else {
        return;
    };
    let path = PathBuf::from(dir).join("python/shogi_variants/_build_target.txt");
    if fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
        if let Err(e) = fs::write(&path, text) {
            println!("cargo:warning=could not write {}: {e}", path.display());
        }
    }
}
