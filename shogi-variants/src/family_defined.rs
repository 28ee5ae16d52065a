//! [`FamilyDefinition`]: a definition that declares piece kinds of its own
//! (`[[piece]]`, with Betza movement) or uses the family's rule mechanisms
//! (`[rules]`, the try, royal capture...), compiled to a shared
//! [`PieceTable`] that [`FamilyPosition`]s play with.
//!
//! The fields are today's [`Definition`](crate::Definition)'s (`material`
//! is read and written back but not played: the family engine has no
//! material limit; `end.impasse` may only be `"off"` and
//! `end.last_rank_king_wins` only `false`), plus:
//!
//! - `aliases`: other names the registry finds it by;
//! - `promotion_ranks` may be 0 (no zone: kyoto and micro shogi change face
//!   by other rules);
//! - `[[piece]]` entries: `name` (required, unique), `letter` (the SFEN
//!   token as Black writes it, `C` or `+C`), `betza` (required), `label`
//!   (the diagram's text; default the letter), `promotes_to` (a piece's
//!   name, the standard kinds' by their names: `tokin`, `dragon`...),
//!   `promotion` (`optional`, `forced`, `on-capture`, `flip`; default
//!   `optional`), `royal`, `drop` (default: true for a non-royal piece that
//!   is no other piece's promoted face), `max_per_file`,
//!   `lishogi_letter` and `lishogi_hand_letter` (the letters lishogi
//!   writes for the face and for the piece in hand, where they are not
//!   `letter`: [`crate::Dialect::Lishogi`]);
//! - `[dialects]`: `lishogi` and `fairy-stockfish`, the variant's name in
//!   those programs (also in a definition without pieces);
//! - `[rules]`: `pawn` (the piece `nifu` and `pawn_drop_mate` speak of;
//!   default the piece named `pawn`), `drop_either_face` (kyoto),
//!   `borrowed_movement` (annan), `dead_moves` and `dead_drops` (`illegal`,
//!   the default, or `legal`: a move or drop that leaves a piece where it
//!   could never move again);
//! - in `[end]`: `royal` (`checkmate` or `capture`), `try` (a royal piece
//!   on its far rank that no enemy attacks wins), `repetitions` (how many
//!   times a position must occur, default 4), `repetition =
//!   "completer-loses"`, `stalemate = "win"`.
//!
//! The standard kinds stay available by their letters (P L N S G B R K and
//! +P +L +N +S +B +R), with shogi's moves, promotions and labels, unless a
//! piece takes their letter or name. A definition compiles only the ones it
//! uses: those in its start position, those a piece promotes to, the
//! unpromoted face of a promoted one, and those its fields name.
//!
//! `drops = false` means captured pieces leave the game (sho shogi).

use crate::defined::{field_error, DefinitionError, DropRule, PerpetualCheckRule};
use crate::defined::{RepetitionRule, StalemateRule};
use crate::family_kinds::{chosen, declared, find, Draft};
use crate::family_text::{FamilyDrops, FamilyText, PromotionText, RoyalEnd};
use serde::{Deserialize, Serialize};
use shogi_core::family::{
    FamilyError, FamilyPosition, FamilySpec, KindSpec, PieceTable, Promotion, RoyalRule,
};
use shogi_core::Color;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, Weak};

/// How a family game ends besides what the move generator knows (royal
/// capture and the try end a position there: it has no moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FamilyEnds {
    /// No legal move while not in check (or, under royal capture, at all).
    pub stalemate: StalemateRule,
    /// A repetition that is not perpetual check.
    pub repetition: RepetitionRule,
    /// How many times a position must occur to end the game (4; yari 3).
    pub repetitions: u8,
    /// A repetition in which one side checked with every move.
    pub perpetual_check: PerpetualCheckRule,
    /// The first side to give check wins.
    pub check_wins: bool,
    /// A draw after this many plies, if set.
    pub move_limit: Option<u32>,
}

/// A definition with pieces of its own, compiled: everything a family game
/// plays with. Read one with [`FamilyDefinition::from_toml`] or
/// [`FamilyDefinition::builtin`]; serde reads and writes it as the file's
/// fields (validating on reading), so JSON and Python dicts work too.
///
/// ```
/// use shogi_variants::FamilyDefinition;
/// let d = FamilyDefinition::from_toml(r#"
/// name = "tiny"
/// files = 3
/// ranks = 3
/// promotion_ranks = 1
/// start = "1k1/3/1K1 b C 1"
/// [[piece]]
/// name = "chick"
/// letter = "C"
/// betza = "fW"
/// promotes_to = "gold"
/// promotion = "forced"
/// "#)?;
/// // The chick, then the standard kinds it uses: gold (its promotion) and king.
/// assert_eq!(d.labels, ["C", "金", "玉"]);
/// // Two king steps (2b, 3b and 1b are attacked), five chick drops (rank a
/// // is dead for a chick).
/// assert_eq!(d.position()?.perft(1), 2 + 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Serialize, Deserialize)]
#[serde(try_from = "FamilyText", into = "FamilyText")]
pub struct FamilyDefinition {
    /// Its name.
    pub name: String,
    /// Other names the registry knows it by.
    pub aliases: Vec<String>,
    /// The compiled kinds and rules, shared by every definition that
    /// compiles to the same [`FamilySpec`].
    pub table: Arc<PieceTable>,
    /// The start position, in SFEN with the kinds' letters.
    pub start: String,
    /// The end rules.
    pub ends: FamilyEnds,
    /// Per kind index of [`FamilyDefinition::table`]: the diagram label.
    pub labels: Vec<String>,
    /// The definition as read (TOML), for saved games.
    pub text: String,
    /// The variant's names in other programs (`[dialects]`).
    pub dialects: crate::DialectNames,
    /// lishogi's letters where they are not the pieces' own
    /// (`lishogi_letter`, `lishogi_hand_letter`).
    pub lishogi_letters: crate::LishogiLetters,
    /// The fields as read (what serde writes back).
    source: FamilyText,
}

impl std::fmt::Debug for FamilyDefinition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FamilyDefinition")
            .field("name", &self.name)
            .field("start", &self.start)
            .field("labels", &self.labels)
            .field("ends", &self.ends)
            .finish_non_exhaustive()
    }
}

impl PartialEq for FamilyDefinition {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
    }
}

impl Eq for FamilyDefinition {}

impl From<FamilyDefinition> for FamilyText {
    fn from(d: FamilyDefinition) -> FamilyText {
        d.source
    }
}

impl TryFrom<FamilyText> for FamilyDefinition {
    type Error = DefinitionError;

    fn try_from(t: FamilyText) -> Result<FamilyDefinition, DefinitionError> {
        // Written back as TOML: a definition read from JSON keeps a text.
        let text = toml::to_string(&t).unwrap_or_default();
        FamilyDefinition::compile(t, text)
    }
}

impl FamilyDefinition {
    /// Reads and compiles a definition (with or without `[[piece]]`: one
    /// without plays shogi's kinds through the family engine).
    ///
    /// # Errors
    /// [`DefinitionError::Syntax`] for text that is not such a definition
    /// (unknown fields included), [`DefinitionError::Field`] naming the
    /// field and the reason otherwise.
    ///
    /// ```
    /// use shogi_variants::FamilyDefinition;
    /// let bad = FamilyDefinition::from_toml(r#"
    /// name = "bad"
    /// files = 3
    /// ranks = 3
    /// promotion_ranks = 1
    /// start = "1k1/3/1K1 b - 1"
    /// [[piece]]
    /// name = "ghost"
    /// letter = "X"
    /// betza = "fQ3x"
    /// "#).unwrap_err();
    /// assert!(bad.to_string().starts_with("piece[0].betza: "), "{bad}");
    /// ```
    pub fn from_toml(text: &str) -> Result<FamilyDefinition, DefinitionError> {
        let t: FamilyText =
            toml::from_str(text).map_err(|e| DefinitionError::Syntax(e.message().to_string()))?;
        FamilyDefinition::compile(t, text.to_owned())
    }

    /// The definition as TOML (the text it was read from).
    pub fn to_toml(&self) -> &str {
        &self.text
    }

    /// The start position.
    ///
    /// # Errors
    /// None for a compiled definition (its start was read when it was
    /// compiled); the type is the SFEN reader's.
    pub fn position(&self) -> Result<FamilyPosition, shogi_core::family::FamilySfenError> {
        FamilyPosition::from_sfen(&self.start, self.table.clone())
    }

    /// The position of `sfen`, with this definition's kinds.
    ///
    /// # Errors
    /// The SFEN reader's, naming the field and the reason.
    pub fn position_from_sfen(
        &self,
        sfen: &str,
    ) -> Result<FamilyPosition, shogi_core::family::FamilySfenError> {
        FamilyPosition::from_sfen(sfen, self.table.clone())
    }

    fn compile(t: FamilyText, text: String) -> Result<FamilyDefinition, DefinitionError> {
        check_name("name", &t.name)?;
        for (i, a) in t.aliases.iter().enumerate() {
            check_name(&format!("aliases[{i}]"), a)?;
        }
        for (field, n) in [("files", t.files), ("ranks", t.ranks)] {
            if !(3..=9).contains(&n) {
                return Err(field_error(field, format!("{n} is not 3..=9")));
            }
        }
        if t.promotion_ranks > t.ranks {
            return Err(field_error(
                "promotion_ranks",
                format!(
                    "{} is deeper than the board's {} ranks",
                    t.promotion_ranks, t.ranks
                ),
            ));
        }
        let ends = ends(&t)?;
        let kinds = chosen(&t, declared(&t.pieces)?);
        let (spec, labels) = spec_of(&t, &kinds)?;
        let table = shared_table(&spec).map_err(|e| table_error(&e, &kinds))?;
        check_start(&t.start, &table, &spec)?;
        let lishogi_letters = lishogi_letters(&t)?;
        Ok(FamilyDefinition {
            dialects: t.dialects.clone(),
            lishogi_letters,
            name: t.name.clone(),
            aliases: t.aliases.clone(),
            table,
            start: t.start.clone(),
            ends,
            labels,
            text,
            source: t,
        })
    }
}

/// The pieces' `lishogi_letter` and `lishogi_hand_letter`: each one
/// upper-case letter, with `+` before it for a second face; no two faces
/// on the board written alike.
fn lishogi_letters(t: &FamilyText) -> Result<crate::LishogiLetters, DefinitionError> {
    let mut letters = crate::LishogiLetters::default();
    for (i, piece) in t.pieces.iter().enumerate() {
        for (field, value, list) in [
            ("lishogi_letter", &piece.lishogi_letter, &mut letters.board),
            (
                "lishogi_hand_letter",
                &piece.lishogi_hand_letter,
                &mut letters.hand,
            ),
        ] {
            let Some(value) = value else { continue };
            let letter = value.strip_prefix('+').unwrap_or(value);
            if letter.len() != 1 || !letter.chars().all(|c| c.is_ascii_uppercase()) {
                return Err(field_error(
                    format!("piece[{i}].{field}"),
                    format!(
                        "'{}' is not one upper-case letter, with '+' before it for a second face",
                        shogi_core::excerpt(value)
                    ),
                ));
            }
            list.push((piece.letter.clone(), value.clone()));
        }
    }
    let mut board: Vec<String> = t
        .pieces
        .iter()
        .map(|p| p.lishogi_letter.clone().unwrap_or_else(|| p.letter.clone()))
        .collect();
    board.sort();
    if let Some(w) = board.windows(2).find(|w| w[0] == w[1]) {
        return Err(field_error(
            "piece.lishogi_letter",
            format!(
                "two pieces would both be written '{}' in lishogi's notation",
                w[0]
            ),
        ));
    }
    Ok(letters)
}

/// Names go into saved games and reprs: letters, digits, '-' and '_'.
fn check_name(field: &str, name: &str) -> Result<(), DefinitionError> {
    let ok = (1..=40).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
        && !name.chars().any(char::is_uppercase);
    if ok {
        Ok(())
    } else {
        Err(field_error(
            field,
            "1 to 40 lowercase letters, digits, '-' and '_'",
        ))
    }
}

fn ends(t: &FamilyText) -> Result<FamilyEnds, DefinitionError> {
    let e = &t.end;
    if !(2..=9).contains(&e.repetitions) {
        return Err(field_error(
            "end.repetitions",
            format!("{} is not 2..=9", e.repetitions),
        ));
    }
    if e.move_limit == Some(0) {
        return Err(field_error("end.move_limit", "must be at least 1"));
    }
    if e.impasse != crate::Impasse::Off {
        return Err(field_error(
            "end.impasse",
            "the family engine does not play the entering-king declaration",
        ));
    }
    if e.last_rank_king_wins {
        return Err(field_error(
            "end.last_rank_king_wins",
            "the family engine's far-rank win is the try: write try = true and make the king royal",
        ));
    }
    Ok(FamilyEnds {
        stalemate: e.stalemate,
        repetition: e.repetition,
        repetitions: e.repetitions,
        perpetual_check: e.perpetual_check,
        check_wins: e.check_wins,
        move_limit: e.move_limit,
    })
}

/// The kind `name` (a field's value) among `kinds`, or an error on `field`.
fn resolve(kinds: &[Draft], field: String, name: &str) -> Result<usize, DefinitionError> {
    find(kinds, name).ok_or_else(|| {
        field_error(
            field,
            format!(
                "no piece is called '{}' (the pieces: {})",
                shogi_core::excerpt(name),
                kinds
                    .iter()
                    .map(|k| k.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    })
}

/// The [`FamilySpec`] of the chosen kinds and the rules, with the labels.
fn spec_of(t: &FamilyText, kinds: &[Draft]) -> Result<(FamilySpec, Vec<String>), DefinitionError> {
    let n = kinds.len();
    let mut promotes = vec![None; n];
    for (i, k) in kinds.iter().enumerate() {
        if let Some(p) = &k.promotes_to {
            let j = resolve(kinds, k.field("promotes_to"), p)?;
            if j == i {
                return Err(field_error(
                    k.field("promotes_to"),
                    "a piece cannot promote to itself",
                ));
            }
            if let Some(other) = (0..i).find(|&o| promotes[o] == Some(j)) {
                return Err(field_error(
                    k.field("promotes_to"),
                    format!(
                        "'{}' is already the promoted face of '{}': a captured '{}' could not tell which piece to go back to",
                        kinds[j].name, kinds[other].name, kinds[j].name
                    ),
                ));
            }
            promotes[i] = Some(j);
        }
    }
    for i in 0..n {
        let mut at = i;
        for _ in 0..n {
            match promotes[at] {
                // `at` closes the cycle: name its field.
                Some(next) if next == i => {
                    return Err(field_error(
                        kinds[at].field("promotes_to"),
                        format!(
                            "'{}' promotes to '{}', whose promotions lead back to '{}' (a promotion cycle)",
                            kinds[at].name, kinds[i].name, kinds[at].name
                        ),
                    ))
                }
                Some(next) => at = next,
                None => break,
            }
        }
    }
    if !kinds.iter().any(|k| k.royal) {
        return Err(field_error(
            "piece",
            "no piece is royal: give one royal = true, or use the king (K)",
        ));
    }
    // What a capture puts in hand: the unpromoted face, unless royal (or
    // captures leave the game).
    let no_drops = t.drops == FamilyDrops::All(false);
    let base_of = |j: usize| promotes.iter().position(|p| *p == Some(j)).unwrap_or(j);
    let hand: Vec<Option<usize>> = (0..n)
        .map(|j| {
            let b = base_of(j);
            (!no_drops && !kinds[j].royal && !kinds[b].royal).then_some(b)
        })
        .collect();
    let listed: Option<Vec<usize>> = match &t.drops {
        FamilyDrops::Names(names) => Some(
            names
                .iter()
                .enumerate()
                .map(|(i, name)| resolve(kinds, format!("drops[{i}]"), name))
                .collect::<Result<_, _>>()?,
        ),
        FamilyDrops::All(_) => None,
    };
    let pawn = match &t.rules.pawn {
        Some(p) => Some(resolve(kinds, "rules.pawn".into(), p)?),
        None => kinds.iter().position(|k| k.name == "pawn"),
    };
    let mut specs = Vec::with_capacity(n);
    for (i, k) in kinds.iter().enumerate() {
        let is_hand_kind = hand.contains(&Some(i));
        let default_drop = is_hand_kind && listed.as_ref().is_none_or(|l| l.contains(&i));
        let droppable = match k.drop {
            Some(true) if !is_hand_kind => {
                let why = if no_drops {
                    "drops = false: captured pieces leave the game".to_owned()
                } else if k.royal {
                    "a royal piece never goes to hand".to_owned()
                } else {
                    format!(
                        "'{}' goes to hand as '{}' (to drop it as itself, set [rules] drop_either_face)",
                        k.name,
                        kinds[base_of(i)].name
                    )
                };
                return Err(field_error(k.field("drop"), why));
            }
            Some(d) => d,
            None => default_drop,
        };
        let max_per_file = match (k.max_per_file, Some(i) == pawn, t.nifu) {
            (Some(0), ..) => {
                return Err(field_error(
                    k.field("max_per_file"),
                    "0 forbids every drop (set drop = false instead)",
                ))
            }
            (Some(m), ..) => Some(m),
            (None, true, DropRule::Illegal) => Some(1),
            (None, ..) => None,
        };
        let promotion = match (promotes[i], k.promotion) {
            (None, _) => Promotion::Never,
            (Some(_), None | Some(PromotionText::Optional)) => Promotion::Optional,
            (Some(_), Some(PromotionText::Forced)) => Promotion::Forced,
            (Some(_), Some(PromotionText::OnCapture)) => Promotion::OnCapture,
            (Some(_), Some(PromotionText::Flip)) => Promotion::FlipEveryMove,
        };
        specs.push(KindSpec {
            name: k.name.clone(),
            sfen: k.letter.clone(),
            legs: k.legs.clone(),
            promotes_to: promotes[i],
            promotion,
            hand_kind: hand[i],
            droppable,
            max_per_file,
            royal: k.royal,
        });
    }
    let r = &t.rules;
    let spec = FamilySpec {
        kinds: specs,
        royal_rule: match t.end.royal {
            RoyalEnd::Checkmate => RoyalRule::Checkmate,
            RoyalEnd::Capture => RoyalRule::Capture,
        },
        pawn_drop_mate_illegal_for: pawn.filter(|_| t.pawn_drop_mate == DropRule::Illegal),
        drop_as_either_face: r.drop_either_face,
        borrowed_movement: r.borrowed_movement,
        forbid_dead_moves: r.dead_moves == DropRule::Illegal,
        forbid_dead_drops: r.dead_drops == DropRule::Illegal,
        try_rule: t.end.try_rule,
        ..FamilySpec::new(t.files, t.ranks, t.promotion_ranks)
    };
    Ok((spec, kinds.iter().map(|k| k.label.clone()).collect()))
}

/// The one compiled table of `spec`: definitions that compile to the same
/// spec share it while any of them lives.
fn shared_table(spec: &FamilySpec) -> Result<Arc<PieceTable>, FamilyError> {
    static CACHE: Mutex<Option<HashMap<FamilySpec, Weak<PieceTable>>>> = Mutex::new(None);
    let mut guard = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    let cache = guard.get_or_insert_with(HashMap::new);
    if let Some(table) = cache.get(spec).and_then(Weak::upgrade) {
        return Ok(table);
    }
    let table = Arc::new(PieceTable::new(spec)?);
    cache.retain(|_, t| t.strong_count() > 0);
    cache.insert(spec.clone(), Arc::downgrade(&table));
    Ok(table)
}

/// The engine's refusal of the spec, as the field of the file at fault.
fn table_error(e: &FamilyError, kinds: &[Draft]) -> DefinitionError {
    let field_of = |kind: &str, f: &str| match kinds.iter().find(|k| k.name == kind) {
        Some(k) => k.field(f),
        None => format!("piece.{kind}.{f}"),
    };
    let field = match e {
        FamilyError::BadBoard { .. } => "files".to_owned(),
        FamilyError::BadZone { .. } => "promotion_ranks".to_owned(),
        FamilyError::NoKinds | FamilyError::TooManyKinds { .. } => "piece".to_owned(),
        FamilyError::BadToken { kind, .. } | FamilyError::DuplicateToken { second: kind, .. } => {
            field_of(kind, "letter")
        }
        FamilyError::NoLegs { kind }
        | FamilyError::BadLeg { kind, .. }
        | FamilyError::TooManyRays { kind, .. } => field_of(kind, "betza"),
        FamilyError::PromotionCycle { kind } => field_of(kind, "promotes_to"),
        FamilyError::BadPromotion { kind, .. } => field_of(kind, "promotion"),
        FamilyError::ZeroPerFile { kind } => field_of(kind, "max_per_file"),
        FamilyError::KindOutOfRange { kind, field, .. } => field_of(kind, field),
    };
    field_error(field, e.to_string())
}

/// The start must be a position of the definition: it reads, each side has
/// a royal piece, no piece stands where it could never move, and under
/// checkmate the side not to move is not in check.
fn check_start(
    start: &str,
    table: &Arc<PieceTable>,
    spec: &FamilySpec,
) -> Result<(), DefinitionError> {
    let pos = FamilyPosition::from_sfen(start, table.clone())
        .map_err(|e| field_error("start", e.to_string()))?;
    for color in Color::ALL {
        if pos.royals(color).is_empty() {
            return Err(field_error(
                "start",
                format!("{} has no royal piece", color.name()),
            ));
        }
        if spec.forbid_dead_moves {
            for k in 0..spec.kinds.len() {
                let dead = pos.pieces_of(color, k) & table.dead_squares(k, color);
                if let Some(sq) = dead.into_iter().next() {
                    return Err(field_error(
                        "start",
                        format!(
                            "{}'s {} on {sq} could never move (set [rules] dead_moves = \"legal\" to allow it)",
                            color.name(),
                            spec.kinds[k].name
                        ),
                    ));
                }
            }
        }
    }
    let waiting = pos.side_to_move().opponent();
    if spec.royal_rule == RoyalRule::Checkmate
        && pos.royals(waiting).count() == 1
        && pos.royal_attacked(waiting)
    {
        return Err(field_error(
            "start",
            format!("{}, not to move, is in check", waiting.name()),
        ));
    }
    Ok(())
}
