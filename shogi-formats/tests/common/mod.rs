//! Helpers shared by the integration tests of shogi-formats: the start
//! positions, a reproducible generator, and position and move builders.
//! The boards come from the variants that own them.

// Each test file uses a different part of this module.
#![allow(dead_code)]

use shogi_core::{Move, Position, Variant};
use shogi_variants::{Minishogi, Standard};

pub const STANDARD_START: &str = shogi_variants::STANDARD_START;
pub const MINISHOGI_START: &str = shogi_variants::MINISHOGI_START;

/// A tiny xorshift64 generator: reproducible, no dependency.
pub struct XorShift(pub u64);

impl XorShift {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Plays up to `plies` uniformly random legal moves on `pos`, stopping where
/// there is none; `each` is told every move played (with the generator, to
/// draw more from it).
pub fn play_random(
    rng: &mut XorShift,
    pos: &mut Position,
    plies: usize,
    mut each: impl FnMut(&mut XorShift, Move),
) {
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        pos.play_unchecked(m);
        each(rng, m);
    }
}

/// A 9×9 position (standard shogi's board and material) from an SFEN.
pub fn standard(sfen: &str) -> Position {
    Standard::default()
        .position_from_sfen(sfen)
        .unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// A 5×5 position (minishogi's board and material) from an SFEN.
pub fn minishogi(sfen: &str) -> Position {
    Minishogi::default()
        .position_from_sfen(sfen)
        .unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// A move from USI.
pub fn mv(usi: &str) -> Move {
    usi.parse().unwrap_or_else(|e| panic!("{usi}: {e}"))
}

/// How many half-width katakana a text has: a Shift_JIS reading of EUC-JP
/// bytes is full of them, a real record has almost none.
fn half_width_kana(s: &str) -> usize {
    s.chars()
        .filter(|c| ('\u{ff61}'..='\u{ff9f}').contains(c))
        .count()
}

/// The text of a record file: UTF-8, else Shift_JIS or EUC-JP, whichever
/// decodes without error (both: the one with fewer half-width katakana).
pub fn corpus_text(path: &std::path::Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if let Ok(s) = String::from_utf8(bytes.clone()) {
        return s;
    }
    let strict = |enc: &'static encoding_rs::Encoding| {
        enc.decode_without_bom_handling_and_without_replacement(&bytes)
            .map(|s| s.into_owned())
    };
    match (strict(encoding_rs::SHIFT_JIS), strict(encoding_rs::EUC_JP)) {
        (Some(sjis), Some(euc)) if half_width_kana(&euc) < half_width_kana(&sjis) => euc,
        (Some(sjis), _) => sjis,
        (None, Some(euc)) => euc,
        (None, None) => panic!("{}: neither UTF-8, Shift_JIS nor EUC-JP", path.display()),
    }
}

/// Every record file of the corpus (`tests/data/corpus/`, each file's
/// source in `SOURCES.md` there), sorted.
pub fn corpus() -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let mut entries: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.map(|e| e.path()).unwrap_or_default())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if format_of(&path).is_some() {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus"),
        &mut out,
    );
    out
}

/// The format a file's extension names.
pub fn format_of(path: &std::path::Path) -> Option<shogi_formats::record::Format> {
    match path.extension()?.to_str()? {
        "kif" | "kifu" => Some(shogi_formats::record::Format::Kif),
        "ki2" | "ki2u" => Some(shogi_formats::record::Format::Ki2),
        "csa" => Some(shogi_formats::record::Format::Csa),
        _ => None,
    }
}

/// A corpus file's path from the crate's folder, for messages.
pub fn name(path: &std::path::Path) -> String {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .display()
        .to_string()
}

/// A corpus file's record, read in the format its extension names.
pub fn read(path: &std::path::Path) -> shogi_formats::record::Record {
    let text = corpus_text(path);
    let format = format_of(path).unwrap_or(shogi_formats::record::Format::Kif);
    format
        .read(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", name(path)))
}
