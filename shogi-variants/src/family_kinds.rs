//! The kinds of a definition with pieces of its own, before compiling: the
//! declared `[[piece]]` entries read and checked one by one, shogi's
//! fourteen standard kinds beside them, and which of those the definition
//! uses.

use crate::defined::{field_error, DefinitionError};
use crate::family_text::{FamilyText, PieceText, PromotionText};
use shogi_core::family::betza::{Leg, Movement};

/// Shogi's kinds as a definition with pieces names them: name, SFEN
/// letter, Betza movement, diagram label, the letter of the promoted face.
/// In SFEN hand order (R B G S N L P), then the king and promoted faces.
pub(crate) const STANDARD_KINDS: [(&str, &str, &str, &str, Option<&str>); 14] = [
    ("rook", "R", "R", "飛", Some("+R")),
    ("bishop", "B", "B", "角", Some("+B")),
    ("gold", "G", "WfF", "金", None),
    ("silver", "S", "FfW", "銀", Some("+S")),
    ("knight", "N", "ffN", "桂", Some("+N")),
    ("lance", "L", "fR", "香", Some("+L")),
    ("pawn", "P", "fW", "歩", Some("+P")),
    ("king", "K", "K", "玉", None),
    ("dragon", "+R", "RF", "龍", None),
    ("horse", "+B", "BW", "馬", None),
    ("promoted silver", "+S", "WfF", "全", None),
    ("promoted knight", "+N", "WfF", "圭", None),
    ("promoted lance", "+L", "WfF", "杏", None),
    ("tokin", "+P", "WfF", "と", None),
];

/// One kind before compiling.
#[derive(Clone, Debug)]
pub(crate) struct Draft {
    pub name: String,
    pub letter: String,
    pub legs: Vec<Leg>,
    pub label: String,
    /// The promoted face, by name or letter, as written.
    pub promotes_to: Option<String>,
    pub promotion: Option<PromotionText>,
    pub royal: bool,
    pub drop: Option<bool>,
    pub max_per_file: Option<u8>,
    /// Declared in `[[piece]]` (its index there), or one of shogi's.
    pub declared: Option<usize>,
}

impl Draft {
    /// The field prefix errors about this kind use: `piece.hen`.
    pub fn field(&self, field: &str) -> String {
        format!("piece.{}.{field}", self.name)
    }
}

/// Whether `letter` is one upper-case ASCII letter, optionally after `+`.
fn letter_ok(letter: &str) -> bool {
    let l = letter.strip_prefix('+').unwrap_or(letter).as_bytes();
    l.len() == 1 && l[0].is_ascii_uppercase()
}

/// Reads the `[[piece]]` entries, each checked on its own: a name (unique),
/// a letter (unique), a Betza movement that parses.
pub(crate) fn declared(pieces: &[PieceText]) -> Result<Vec<Draft>, DefinitionError> {
    let mut drafts: Vec<Draft> = Vec::with_capacity(pieces.len());
    for (i, p) in pieces.iter().enumerate() {
        let at = |f: &str| format!("piece[{i}].{f}");
        let name = p.name.trim();
        if name.is_empty() || name.chars().count() > 40 || name.chars().any(char::is_control) {
            return Err(field_error(at("name"), "1 to 40 characters, not blank"));
        }
        if let Some(other) = drafts.iter().find(|d| d.name == name) {
            return Err(field_error(
                at("name"),
                format!("'{name}' names piece[{}] too", other.declared.unwrap_or(0)),
            ));
        }
        if !letter_ok(&p.letter) {
            return Err(field_error(
                at("letter"),
                format!(
                    "'{}' must be one upper-case ASCII letter, optionally after '+' (like C or +C)",
                    shogi_core::excerpt(&p.letter)
                ),
            ));
        }
        if let Some(other) = drafts.iter().find(|d| d.letter == p.letter) {
            return Err(field_error(
                at("letter"),
                format!("'{}' is the letter of '{}' too", p.letter, other.name),
            ));
        }
        let movement =
            Movement::parse(&p.betza).map_err(|e| field_error(at("betza"), e.to_string()))?;
        let label = match &p.label {
            Some(l) if l.trim().is_empty() || l.chars().count() > 8 => {
                return Err(field_error(at("label"), "1 to 8 characters, not blank"))
            }
            Some(l) => l.clone(),
            None => p.letter.clone(),
        };
        if p.promotion.is_some() && p.promotes_to.is_none() {
            return Err(field_error(
                at("promotion"),
                "is set, but promotes_to (the piece it becomes) is not",
            ));
        }
        drafts.push(Draft {
            name: name.to_owned(),
            letter: p.letter.clone(),
            legs: movement.legs().to_vec(),
            label,
            promotes_to: p.promotes_to.clone(),
            promotion: p.promotion,
            royal: p.royal,
            drop: p.drop,
            max_per_file: p.max_per_file,
            declared: Some(i),
        });
    }
    Ok(drafts)
}

/// Shogi's kinds that no declared piece hides (by letter or by name).
pub(crate) fn standard(declared: &[Draft]) -> Vec<Draft> {
    STANDARD_KINDS
        .iter()
        .filter(|(name, letter, ..)| {
            !declared
                .iter()
                .any(|d| d.letter == *letter || d.name == *name)
        })
        .map(|&(name, letter, betza, label, promotes_to)| Draft {
            name: name.to_owned(),
            letter: letter.to_owned(),
            // The fourteen strings above are fixed and parse (a test checks).
            legs: Movement::parse(betza)
                .map(|m| m.legs().to_vec())
                .unwrap_or_default(),
            label: label.to_owned(),
            promotes_to: promotes_to.map(str::to_owned),
            promotion: promotes_to.map(|_| PromotionText::Optional),
            royal: name == "king",
            drop: None,
            max_per_file: None,
            declared: None,
        })
        .collect()
}

/// The index in `kinds` of the kind called `name` (or lettered `name`).
pub(crate) fn find(kinds: &[Draft], name: &str) -> Option<usize> {
    kinds
        .iter()
        .position(|k| k.name == name)
        .or_else(|| kinds.iter().position(|k| k.letter == name))
}

/// The letters (as Black writes them) the start SFEN's board and hands use.
pub(crate) fn start_letters(start: &str) -> Vec<String> {
    let mut fields = start.split_ascii_whitespace();
    let board = fields.next().unwrap_or("");
    let hands = fields.nth(1).unwrap_or("");
    let mut letters = Vec::new();
    for part in [board, hands] {
        let mut plus = false;
        for c in part.chars() {
            if c == '+' {
                plus = true;
            } else if c.is_ascii_alphabetic() {
                let l = c.to_ascii_uppercase();
                letters.push(if plus { format!("+{l}") } else { l.to_string() });
                plus = false;
            } else {
                plus = false;
            }
        }
    }
    letters
}

/// The kinds the definition plays with, in order: every declared piece,
/// then the standard kinds it uses (those in the start position, those a
/// kind promotes to, the unpromoted face of a promoted one, and those the
/// `[rules]` and `drops` fields name), closed under these links.
pub(crate) fn chosen(text: &FamilyText, declared: Vec<Draft>) -> Vec<Draft> {
    let standard = standard(&declared);
    let mut all = declared;
    let first_standard = all.len();
    all.extend(standard);
    let mut used = vec![false; all.len()];
    used[..first_standard].fill(true);
    let mut wanted: Vec<String> = start_letters(&text.start);
    wanted.extend(text.rules.pawn.iter().cloned());
    if let crate::family_text::FamilyDrops::Names(names) = &text.drops {
        wanted.extend(names.iter().cloned());
    }
    for w in &wanted {
        if let Some(i) = find(&all, w) {
            used[i] = true;
        }
    }
    loop {
        let mut changed = false;
        for i in 0..all.len() {
            if !used[i] {
                continue;
            }
            let mut link = |j: Option<usize>| {
                if let Some(j) = j {
                    if !used[j] {
                        used[j] = true;
                        changed = true;
                    }
                }
            };
            link(all[i].promotes_to.as_deref().and_then(|p| find(&all, p)));
            let letter = all[i].letter.clone();
            link(
                (first_standard..all.len())
                    .find(|&j| all[j].promotes_to.as_deref() == Some(letter.as_str())),
            );
        }
        if !changed {
            break;
        }
    }
    all.into_iter()
        .zip(used)
        .filter_map(|(d, u)| u.then_some(d))
        .collect()
}
