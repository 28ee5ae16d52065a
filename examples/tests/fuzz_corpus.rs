//! Replays the fuzzing inputs kept in the repository through the same checks
//! as the fuzz targets, without libFuzzer: every file of
//! `fuzz/corpus/<target>/` (the seeds), `fuzz/regressions/<target>/` (inputs
//! that once found a bug) and, if present, `fuzz/artifacts/<target>/` (what a
//! local fuzzing run just found). The checks live in `fuzz/checks.rs`, which
//! the fuzz targets include too, so an input fails here exactly when it
//! crashed the fuzzer. See `fuzz/README.md`.

#[path = "../../fuzz/checks.rs"]
mod checks;

use std::path::{Path, PathBuf};

/// The folders whose files are replayed, under `fuzz/`.
const SOURCES: [&str; 3] = ["corpus", "regressions", "artifacts"];

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

/// The files of `fuzz/<source>/<target>/`, sorted; none if it does not exist.
fn files(source: &str, target: &str) -> Vec<PathBuf> {
    let dir = fuzz_dir().join(source).join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| {
            e.unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
                .path()
        })
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".to_owned()
    }
}

/// Runs every kept input of `target`; fails listing each input that panicked.
fn replay(target: &str) {
    assert!(checks::TARGETS.contains(&target));
    let seeds = files("corpus", target);
    assert!(
        !seeds.is_empty(),
        "no seed inputs in {}",
        fuzz_dir().join("corpus").join(target).display()
    );
    let mut failures = Vec::new();
    let mut count = 0;
    for source in SOURCES {
        for path in files(source, target) {
            let data =
                std::fs::read(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
            count += 1;
            if let Err(payload) = std::panic::catch_unwind(|| checks::run(target, &data)) {
                failures.push(format!(
                    "{}: {}",
                    path.display(),
                    panic_message(payload.as_ref())
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} inputs of fuzz target {target} fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn sfen_inputs() {
    replay("sfen");
}

#[test]
fn usi_move_inputs() {
    replay("usi_move");
}

#[test]
fn position_command_inputs() {
    replay("position_command");
}

#[test]
fn settings_inputs() {
    replay("settings");
}

#[test]
fn play_inputs() {
    replay("play");
}

#[test]
fn selfplay_inputs() {
    replay("selfplay");
}

#[test]
fn records_inputs() {
    replay("records");
}

#[test]
fn definition_inputs() {
    replay("definition");
}

/// The replay decodes text inputs as `arbitrary` does for `&str`: the longest
/// valid UTF-8 prefix.
#[test]
fn text_inputs_are_their_longest_utf8_prefix() {
    assert_eq!(checks::text(b"7g7f"), "7g7f");
    assert_eq!(checks::text(b"7g\xff7f"), "7g");
    assert_eq!(checks::text(b"\xe3\x81"), "");
    assert_eq!(checks::text("歩\u{0}".as_bytes()), "歩\u{0}");
}
