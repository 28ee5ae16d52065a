//! Variants defined by data: a definition file (TOML) compiled to the data
//! the core plays with: a [`Geometry`], a [`PieceSet`], a start SFEN and a
//! few end rules from a fixed menu.
//!
//! TOML rather than JSON: definitions are written by hand, and TOML has
//! comments (a definition says where its rules come from), needs no quotes
//! around keys and is the format Rust users already write for Cargo.
//!
//! A complete definition, every field spelled out (only `name`, `files`,
//! `ranks`, `promotion_ranks` and `start` are required):
//!
//! ```
//! use shogi_core::Variant;
//! use shogi_variants::Defined;
//!
//! let judkins = Defined::from_toml(r#"
//! ## Judkins shogi (Paul Judkins's 6x6 shogi, 1998), as Fairy-Stockfish plays it.
//! name = "judkins"
//! files = 6
//! ranks = 6
//! promotion_ranks = 2
//! ## Black (sente) moves first: the SFEN's side to move says who does.
//! start = "rbnsgk/5p/6/6/P5/KGSNBR b - 1"
//! ## The most pieces of each kind that may exist, both sides together
//! ## (promoted pieces count as their base kind). Default: what the start holds.
//! material = { pawn = 2, knight = 2, silver = 2, gold = 2, bishop = 2, rook = 2, king = 2 }
//! ## true: every captured kind may be dropped; false: no drops; or a list.
//! drops = true
//! ## The pawn-drop rules: "illegal" (as in shogi, the default) or "legal".
//! nifu = "illegal"                 # a second unpromoted pawn of a side on a file
//! pawn_drop_mate = "illegal"       # a pawn drop that checkmates (uchifuzume)
//!
//! [end]
//! repetition = "draw"              # or "first-player-loses"
//! perpetual_check = "checker-loses" # or "repetition" (judged as any repetition)
//! stalemate = "loss"               # or "draw" or "win"
//! ## move_limit = 256               # plies from the start; then a draw
//! check_wins = false               # true: the first side to give check wins
//! last_rank_king_wins = false      # true: a king reaching the far rank wins
//!
//! ## The variant's names in other programs (Dialect, USI_Variant); optional.
//! [dialects]
//! fairy-stockfish = "judkins"
//! "#)?;
//! let mut pos = judkins.start_position();
//! assert_eq!(judkins.perft(&mut pos, 1, true), 20);
//! assert_eq!(judkins.geometry().files(), 6);
//! # Ok::<(), shogi_variants::DefinitionError>(())
//! ```
//!
//! Nifu (two unpromoted pawns of a side on a file) and pawn-drop mate are
//! forbidden unless the definition says `"legal"`: the core's move generator
//! reads the choice from the board's [`Geometry`] ([`DropRules`]), so
//! turning a rule off costs no hook. A piece that could never move again may
//! not be placed there in any variant (RULES.md 1.5).

use crate::impasse::Impasse;
use serde::{Deserialize, Serialize};
use shogi_core::{
    Color, CustomEnd, DropRules, EndReason, Geometry, MoveFilter, MoveList, Outcome, PieceKind,
    PieceSet, Position, Repetition, Setup, Variant,
};
use std::sync::{Mutex, PoisonError};

/// The end of a game in which the first check was given ([`EndRules::check_wins`]).
pub const CHECK_GIVEN: CustomEnd = CustomEnd::new("check_given", "check given");

/// The end of a game in which a king reached its far rank
/// ([`EndRules::last_rank_king_wins`]).
pub const KING_REACHED_LAST_RANK: CustomEnd =
    CustomEnd::new("king_reached_last_rank", "king reached the last rank");

/// Why a definition is not a variant: the field and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DefinitionError {
    /// The text is not TOML, or a field is unknown, missing or of the wrong type.
    #[error("not a variant definition: {0}")]
    Syntax(String),
    /// A field's value is not allowed; `field` names it as the file spells it.
    #[error("{field}: {message}")]
    Field {
        /// The field, e.g. `"promotion_ranks"`, `"material.pawn"`, or in a
        /// definition with pieces of its own `"piece[2].betza"` or
        /// `"piece.hen.promotes_to"`.
        field: String,
        /// What is wrong, for people.
        message: String,
    },
}

pub(crate) fn field_error(field: impl Into<String>, message: impl Into<String>) -> DefinitionError {
    DefinitionError::Field {
        field: field.into(),
        message: message.into(),
    }
}

/// Which captured kinds may be dropped: all, none, or those listed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Drops {
    /// `true`: every kind (shogi); `false`: none.
    All(bool),
    /// The kinds that may be dropped, by name (`"pawn"`, `"lance"`, ...).
    Kinds(Vec<KindName>),
}

impl Default for Drops {
    fn default() -> Self {
        Drops::All(true)
    }
}

/// A hand kind by its name in a definition file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum KindName {
    /// 歩
    Pawn,
    /// 香
    Lance,
    /// 桂
    Knight,
    /// 銀
    Silver,
    /// 金
    Gold,
    /// 角
    Bishop,
    /// 飛
    Rook,
}

impl KindName {
    fn kind(self) -> PieceKind {
        match self {
            KindName::Pawn => PieceKind::Pawn,
            KindName::Lance => PieceKind::Lance,
            KindName::Knight => PieceKind::Knight,
            KindName::Silver => PieceKind::Silver,
            KindName::Gold => PieceKind::Gold,
            KindName::Bishop => PieceKind::Bishop,
            KindName::Rook => PieceKind::Rook,
        }
    }
}

/// The most pieces of each base kind, both sides together (the file's
/// `material` table; a kind left out may not exist, the kings must be 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Material {
    /// Pawns.
    pub pawn: u8,
    /// Lances.
    pub lance: u8,
    /// Knights.
    pub knight: u8,
    /// Silvers.
    pub silver: u8,
    /// Golds.
    pub gold: u8,
    /// Bishops.
    pub bishop: u8,
    /// Rooks.
    pub rook: u8,
    /// Kings: always 2.
    pub king: u8,
}

impl Material {
    fn of(set: PieceSet) -> Material {
        let m = set.max;
        Material {
            pawn: m[0],
            lance: m[1],
            knight: m[2],
            silver: m[3],
            bishop: m[4],
            rook: m[5],
            gold: m[6],
            king: m[7],
        }
    }

    fn piece_set(self) -> PieceSet {
        // PieceKind::index order: pawn, lance, knight, silver, bishop, rook, gold, king.
        PieceSet {
            max: [
                self.pawn,
                self.lance,
                self.knight,
                self.silver,
                self.bishop,
                self.rook,
                self.gold,
                self.king,
            ],
        }
    }
}

/// Whether one of the pawn-drop rules holds (the file's `nifu` and
/// `pawn_drop_mate` fields).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DropRule {
    /// The drop is illegal, as in shogi. Default.
    #[default]
    Illegal,
    /// The drop is allowed.
    Legal,
}

impl DropRule {
    fn is_default(&self) -> bool {
        *self == DropRule::Illegal
    }
}

/// What a fourfold repetition (not perpetual check) means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RepetitionRule {
    /// A draw, as in shogi. Default.
    #[default]
    #[serde(alias = "Draw")]
    Draw,
    /// The player who made the game's first move loses (minishogi).
    #[serde(alias = "FirstPlayerLoses", alias = "first_player_loses")]
    FirstPlayerLoses,
    /// The player whose move completes the repetition loses (tori shogi, as
    /// Fairy-Stockfish plays it). Only a definition with pieces of its own
    /// ([`crate::FamilyDefinition`]) plays it: the standard-kind engine's
    /// [`Repetition`] does not say who completed the cycle, so a
    /// [`Definition`] refuses it (`end.repetition`).
    #[serde(alias = "CompleterLoses", alias = "completer_loses")]
    CompleterLoses,
}

/// What a fourfold repetition in which one side checked with every move means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PerpetualCheckRule {
    /// The checking side loses, as in shogi. Default.
    #[default]
    CheckerLoses,
    /// Judged as any other repetition.
    Repetition,
}

/// What having no legal move while not in check means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StalemateRule {
    /// The side with no move loses, as in shogi. Default.
    #[default]
    #[serde(alias = "Loss")]
    Loss,
    /// A draw.
    #[serde(alias = "Draw")]
    Draw,
    /// The side with no move wins.
    #[serde(alias = "Win")]
    Win,
}

/// The end rules of a definition (its `[end]` table).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EndRules {
    /// Fourfold repetition. Default: a draw.
    pub repetition: RepetitionRule,
    /// Perpetual check. Default: the checker loses.
    pub perpetual_check: PerpetualCheckRule,
    /// No legal move, not in check. Default: a loss.
    pub stalemate: StalemateRule,
    /// Entering-king declaration (9×9 boards only). Default: off.
    pub impasse: Impasse,
    /// Draw once this many plies have been played since the start. Default: none.
    pub move_limit: Option<u32>,
    /// The side that gives check wins at once (Fairy-Stockfish's checkshogi):
    /// a position in check has no legal move, and its outcome is a loss for
    /// the checked side (`check_given`). A pawn drop that would mate is
    /// illegal unless the definition says `pawn_drop_mate = "legal"`, as
    /// the shipped `checkshogi` does (Fairy-Stockfish lets it win).
    pub check_wins: bool,
    /// A side whose king stands on the far rank wins.
    pub last_rank_king_wins: bool,
}

/// The house rules a defined variant takes as settings, by the keys the
/// built-in bases use (`move_limit`, `repetition`, `stalemate`, `impasse`):
/// the table-level choices the seeds name for every game. Each replaces the
/// field of the same name in the definition's `[end]` table; the rest of the
/// definition (board, pieces, `check_wins`, ...) is the file's. Values are
/// spelled as for the built-in bases or as in the file (`Draw` or `draw`,
/// `FirstPlayerLoses` or `first-player-loses`, `Points27` or `27`), and a
/// rule the board cannot have is refused as the file's field would be
/// (`impasse` on a board other than 9×9).
///
/// ```
/// use shogi_core::Variant;
/// use shogi_variants::{AnyVariant, Definition};
/// let judkins = AnyVariant::with_named_settings("judkins", &[("move_limit", "300"), ("stalemate", "Draw")]).unwrap();
/// assert_eq!(judkins.move_limit(), Some(300));
/// assert_eq!(Definition::HOUSE_RULES, ["move_limit", "repetition", "stalemate", "impasse"]);
/// assert!(AnyVariant::with_named_settings("judkins", &[("impasse", "27")]).is_err()); // 6×6
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct HouseRules {
    #[serde(deserialize_with = "crate::any::optional_positive_limit")]
    move_limit: Option<u32>,
    repetition: RepetitionRule,
    stalemate: StalemateRule,
    impasse: Impasse,
}

impl Default for HouseRules {
    fn default() -> Self {
        HouseRules::of(&EndRules::default())
    }
}

impl HouseRules {
    /// The house rules a definition's `[end]` table sets.
    pub(crate) fn of(end: &EndRules) -> HouseRules {
        HouseRules {
            move_limit: end.move_limit,
            repetition: end.repetition,
            stalemate: end.stalemate,
            impasse: end.impasse,
        }
    }

    /// `definition` with these house rules in its `[end]` table, validated
    /// again as a file would be (an impasse rule needs a 9×9 board).
    pub(crate) fn over(self, mut definition: Definition) -> Result<Definition, DefinitionError> {
        let end = &mut definition.end;
        end.move_limit = self.move_limit;
        end.repetition = self.repetition;
        end.stalemate = self.stalemate;
        end.impasse = self.impasse;
        Definition::validate(DefinitionText::from(definition))
    }
}

/// A definition file as written: every field before validation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DefinitionText {
    name: String,
    files: u8,
    ranks: u8,
    promotion_ranks: u8,
    start: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    material: Option<Material>,
    #[serde(default)]
    drops: Drops,
    #[serde(default, skip_serializing_if = "DropRule::is_default")]
    nifu: DropRule,
    #[serde(default, skip_serializing_if = "DropRule::is_default")]
    pawn_drop_mate: DropRule,
    #[serde(default)]
    end: EndRules,
    #[serde(default, skip_serializing_if = "crate::DialectNames::is_empty")]
    dialects: crate::DialectNames,
}

/// A validated variant definition: what a [`Defined`] variant plays by.
/// Read one with [`Definition::from_toml`]; it writes back as the same TOML
/// fields ([`Definition::to_toml`]), and serde reads and writes it as those
/// fields too (validating on reading).
///
/// ```
/// use shogi_variants::Definition;
/// let d = Definition::from_toml(r#"
/// name = "mini"
/// files = 5
/// ranks = 5
/// promotion_ranks = 1
/// start = "rbsgk/4p/5/P4/KGSBR b - 1"
/// "#)?;
/// assert_eq!(d.name(), "mini");
/// assert_eq!(Definition::from_toml(&d.to_toml())?, d);
/// # Ok::<(), shogi_variants::DefinitionError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "DefinitionText", into = "DefinitionText")]
pub struct Definition {
    name: String,
    files: u8,
    ranks: u8,
    promotion_ranks: u8,
    start: String,
    material: Material,
    /// Whether `material` was written (kept so the file writes back as read).
    material_written: bool,
    drops: Drops,
    /// The hand kinds that may be dropped, by [`PieceKind::index`].
    droppable: [bool; 7],
    nifu: DropRule,
    pawn_drop_mate: DropRule,
    end: EndRules,
    dialects: crate::DialectNames,
}

impl Default for Definition {
    /// Standard shogi's definition (the file shipped as `standard.toml`).
    fn default() -> Self {
        Definition::builtin("standard").unwrap_or_else(|| unreachable!("standard.toml is shipped"))
    }
}

impl From<Definition> for DefinitionText {
    fn from(d: Definition) -> DefinitionText {
        DefinitionText {
            name: d.name,
            files: d.files,
            ranks: d.ranks,
            promotion_ranks: d.promotion_ranks,
            start: d.start,
            material: d.material_written.then_some(d.material),
            drops: d.drops,
            nifu: d.nifu,
            pawn_drop_mate: d.pawn_drop_mate,
            end: d.end,
            dialects: d.dialects,
        }
    }
}

impl TryFrom<DefinitionText> for Definition {
    type Error = DefinitionError;

    fn try_from(t: DefinitionText) -> Result<Definition, DefinitionError> {
        Definition::validate(t)
    }
}

/// The definitions shipped with the library, by name: the file of each is
/// in `shogi-variants/definitions/`.
const BUILTIN: [(&str, &str); 5] = [
    ("standard", include_str!("../definitions/standard.toml")),
    ("minishogi", include_str!("../definitions/minishogi.toml")),
    ("judkins", include_str!("../definitions/judkins.toml")),
    ("gorogoro", include_str!("../definitions/gorogoro.toml")),
    ("checkshogi", include_str!("../definitions/checkshogi.toml")),
];

impl Definition {
    /// The settings every defined variant takes beside its definition: the
    /// house rules of its `[end]` table, by the built-in bases' keys (see
    /// [`Defined`]'s documentation and `AnyVariant::with_named_settings`).
    pub const HOUSE_RULES: [&'static str; 4] = ["move_limit", "repetition", "stalemate", "impasse"];

    /// The names of the definitions shipped with the library.
    ///
    /// ```
    /// assert!(shogi_variants::Definition::BUILTIN_NAMES.contains(&"judkins"));
    /// ```
    pub const BUILTIN_NAMES: [&'static str; 5] = {
        let mut names = [""; 5];
        let mut i = 0;
        while i < 5 {
            names[i] = BUILTIN[i].0;
            i += 1;
        }
        names
    };

    /// A shipped definition by name (see [`Definition::BUILTIN_NAMES`]).
    ///
    /// ```
    /// use shogi_variants::Definition;
    /// assert_eq!(Definition::builtin("gorogoro").unwrap().files(), 5);
    /// assert!(Definition::builtin("chess").is_none());
    /// ```
    pub fn builtin(name: &str) -> Option<Definition> {
        match BUILTIN.iter().find(|(n, _)| *n == name) {
            Some((_, text)) => Definition::from_toml(text).ok(),
            None => Definition::handicap(name),
        }
    }

    /// A handicap game (駒落ち) as a definition, by the name KIF files give
    /// it in `手合割` ([`Standard::HANDICAPS`](crate::Standard::HANDICAPS)):
    /// standard shogi's rules from the handicap's start, White (上手, the
    /// handicapped player) moving first, and the removed pieces out of the
    /// game (the material is what the start holds). [`Definition::builtin`]
    /// knows these names too.
    ///
    /// ```
    /// use shogi_core::{Color, PieceKind, Variant};
    /// use shogi_variants::{Defined, Definition};
    /// let two = Definition::handicap("二枚落ち").unwrap();
    /// assert_eq!(two.name(), "二枚落ち");
    /// let v = Defined::new(two)?;
    /// assert_eq!(v.start_position().side_to_move(), Color::White);
    /// assert_eq!(v.piece_set().max(PieceKind::Rook), 1); // White's rook is out of the game
    /// assert!(Definition::handicap("三段落ち").is_none());
    /// # Ok::<(), shogi_variants::DefinitionError>(())
    /// ```
    pub fn handicap(name: &str) -> Option<Definition> {
        let &(_, start) = crate::Standard::HANDICAPS
            .iter()
            .find(|(n, _)| *n == name)?;
        let standard = Definition::from_toml(BUILTIN[0].1).ok()?;
        let mut text = DefinitionText::from(standard);
        text.name = name.to_owned();
        text.start = start.to_owned();
        text.material = None;
        Definition::validate(text).ok()
    }

    /// The TOML text of a shipped definition.
    ///
    /// ```
    /// assert!(shogi_variants::Definition::builtin_text("checkshogi").unwrap().contains("check_wins = true"));
    /// ```
    pub fn builtin_text(name: &str) -> Option<&'static str> {
        BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    }

    /// Reads and validates a definition.
    ///
    /// ```
    /// use shogi_variants::{Definition, DefinitionError};
    /// let deep = Definition::from_toml(r#"
    /// name = "deep"
    /// files = 5
    /// ranks = 5
    /// promotion_ranks = 3
    /// start = "rbsgk/4p/5/P4/KGSBR b - 1"
    /// "#).unwrap_err();
    /// assert!(deep.to_string().starts_with("promotion_ranks:"), "{deep}");
    /// ```
    pub fn from_toml(text: &str) -> Result<Definition, DefinitionError> {
        let t: DefinitionText =
            toml::from_str(text).map_err(|e| DefinitionError::Syntax(e.message().to_string()))?;
        Definition::validate(t)
    }

    /// The definition as TOML (the fields it was read from).
    pub fn to_toml(&self) -> String {
        // Serializing plain data (strings, integers, booleans, tables) cannot fail.
        toml::to_string(&DefinitionText::from(self.clone())).unwrap_or_default()
    }

    fn validate(t: DefinitionText) -> Result<Definition, DefinitionError> {
        // Names go into saved games, records and reprs: letters (a KIF
        // handicap name such as 香落ち too), digits, '-' and '_'.
        let name_ok = (1..=40).contains(&t.name.chars().count())
            && t.name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
            && !t.name.chars().any(char::is_uppercase);
        if !name_ok {
            return Err(field_error(
                "name",
                "1 to 40 lowercase letters, digits, '-' and '_'",
            ));
        }
        for (field, n) in [("files", t.files), ("ranks", t.ranks)] {
            if !(3..=9).contains(&n) {
                return Err(field_error(field, format!("{n} is not 3..=9")));
            }
        }
        if t.promotion_ranks == 0 || t.promotion_ranks > t.ranks / 2 {
            return Err(field_error(
                "promotion_ranks",
                format!(
                    "{} must be 1..={} on a board of {} ranks (each side's zone within its half)",
                    t.promotion_ranks,
                    t.ranks / 2,
                    t.ranks
                ),
            ));
        }
        let setup = Setup::from_sfen(&t.start).map_err(|e| field_error("start", e.to_string()))?;
        if (setup.files, setup.ranks) != (t.files, t.ranks) {
            return Err(field_error(
                "start",
                format!(
                    "the board is {}x{}, not {}x{} as files and ranks say",
                    setup.files, setup.ranks, t.files, t.ranks
                ),
            ));
        }
        let counted = Material::of(material_of(&setup));
        let material = t.material.unwrap_or(counted);
        if material.king != 2 {
            return Err(field_error(
                "material.king",
                format!("{} kings: there are always 2", material.king),
            ));
        }
        let droppable = match &t.drops {
            Drops::All(all) => [*all; 7],
            Drops::Kinds(kinds) => {
                let mut d = [false; 7];
                for k in kinds {
                    d[k.kind().index()] = true;
                }
                d
            }
        };
        if t.end.impasse != Impasse::Off && (t.files, t.ranks) != (9, 9) {
            return Err(field_error(
                "end.impasse",
                "the entering-king declaration counts a 9x9 board's zone and pieces",
            ));
        }
        if t.end.move_limit == Some(0) {
            return Err(field_error("end.move_limit", "must be at least 1"));
        }
        if t.end.repetition == RepetitionRule::CompleterLoses {
            return Err(field_error(
                "end.repetition",
                "completer-loses is played only by definitions with pieces of their own \
                 ([[piece]] or [rules]): the standard engine does not record who completed a repetition",
            ));
        }
        let d = Definition {
            name: t.name,
            files: t.files,
            ranks: t.ranks,
            promotion_ranks: t.promotion_ranks,
            start: t.start,
            material,
            material_written: t.material.is_some(),
            drops: t.drops,
            droppable,
            nifu: t.nifu,
            pawn_drop_mate: t.pawn_drop_mate,
            end: t.end,
            dialects: t.dialects,
        };
        // The start position must be a position of the variant (material,
        // dead pieces, nifu, the side not to move not in check).
        let geometry = d.geometry_checked()?;
        Position::from_setup(&setup, geometry, &d.material.piece_set())
            .map_err(|e| field_error("start", e.to_string()))?;
        Ok(d)
    }

    fn geometry_checked(&self) -> Result<&'static Geometry, DefinitionError> {
        let rules = DropRules {
            nifu_illegal: self.nifu == DropRule::Illegal,
            pawn_drop_mate_illegal: self.pawn_drop_mate == DropRule::Illegal,
        };
        Geometry::shared_with(self.files, self.ranks, self.promotion_ranks, rules)
            .map_err(|e| field_error("promotion_ranks", e.to_string()))
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The variant's names in other programs (`[dialects]`).
    pub fn dialects(&self) -> &crate::DialectNames {
        &self.dialects
    }

    /// Files of the board.
    pub fn files(&self) -> u8 {
        self.files
    }

    /// Ranks of the board.
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// The start position's SFEN.
    ///
    /// ```
    /// let d = shogi_variants::Definition::handicap("角落ち").unwrap();
    /// assert!(d.start().ends_with(" w - 1"));
    /// ```
    pub fn start(&self) -> &str {
        &self.start
    }

    /// The end rules.
    pub fn end_rules(&self) -> EndRules {
        self.end
    }

    /// Whether captured pieces of `kind` (a hand kind) may be dropped.
    ///
    /// ```
    /// use shogi_core::PieceKind;
    /// let d = shogi_variants::Definition::builtin("standard").unwrap();
    /// assert!(d.may_drop(PieceKind::Rook));
    /// ```
    pub fn may_drop(&self, kind: PieceKind) -> bool {
        kind.is_hand_kind() && self.droppable[kind.index()]
    }
}

/// The most pieces of each base kind a setup holds: on the board (either
/// side, promoted or not) and in both hands.
fn material_of(setup: &Setup) -> PieceSet {
    let mut max = [0u8; 8];
    for piece in setup.board.iter().flatten() {
        let i = piece.kind.unpromote().index();
        max[i] = max[i].saturating_add(1);
    }
    for hand in setup.hands {
        for (kind, n) in hand.iter() {
            let i = kind.index();
            max[i] = max[i].saturating_add(n);
        }
    }
    PieceSet { max }
}

/// The data a [`Defined`] variant plays with, computed once per definition
/// and shared (the [`Variant`] trait hands out `'static` names, boards and
/// start positions, as the built-in games do).
#[derive(Debug, PartialEq, Eq, Hash)]
struct Compiled {
    definition: Definition,
    geometry: &'static Geometry,
    pieces: PieceSet,
    /// Whether some hand kind may not be dropped (the moves are filtered).
    restricts_drops: bool,
}

impl Compiled {
    /// The one shared compilation of `definition`: loading the same
    /// definition again finds it (a program holds a few definitions, so
    /// the list stays short).
    fn of(definition: Definition) -> Result<&'static Compiled, DefinitionError> {
        static SHARED: Mutex<Vec<&'static Compiled>> = Mutex::new(Vec::new());
        let geometry = definition.geometry_checked()?;
        // A panic elsewhere while the lock was held leaves the list whole:
        // it is only ever pushed to.
        let mut shared = SHARED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&known) = shared.iter().find(|c| c.definition == definition) {
            return Ok(known);
        }
        let compiled = Compiled {
            geometry,
            pieces: definition.material.piece_set(),
            restricts_drops: definition.droppable.contains(&false),
            definition,
        };
        let leaked: &'static Compiled = Box::leak(Box::new(compiled));
        shared.push(leaked);
        Ok(leaked)
    }
}

/// A variant played by a [`Definition`]: the core's move generator with the
/// definition's board, material and start, and its end rules.
///
/// ```
/// use shogi_core::{Game, Variant};
/// use shogi_variants::Defined;
/// let check = Defined::builtin("checkshogi").unwrap();
/// let mut game = Game::new(check);
/// for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
///     game.play_usi(usi).unwrap();
///     assert!(game.outcome().is_none());
/// }
/// game.play_usi("B*4b").unwrap(); // check: Black wins
/// assert_eq!(game.outcome().unwrap().winner, Some(shogi_core::Color::Black));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Defined(&'static Compiled);

impl Default for Defined {
    fn default() -> Self {
        Defined::with_settings(Definition::default())
    }
}

impl Defined {
    /// The variant of a definition.
    pub fn new(definition: Definition) -> Result<Defined, DefinitionError> {
        Compiled::of(definition).map(Defined)
    }

    /// The variant of a TOML definition ([`Definition::from_toml`]).
    pub fn from_toml(text: &str) -> Result<Defined, DefinitionError> {
        Defined::new(Definition::from_toml(text)?)
    }

    /// A shipped definition's variant, by name.
    ///
    /// ```
    /// use shogi_core::Variant;
    /// assert_eq!(shogi_variants::Defined::builtin("judkins").unwrap().geometry().files(), 6);
    /// ```
    pub fn builtin(name: &str) -> Option<Defined> {
        Defined::new(Definition::builtin(name)?).ok()
    }

    /// The definition it plays by.
    pub fn definition(&self) -> &'static Definition {
        &self.0.definition
    }

    /// The same definition with the move limit `limit` (a modifier's own
    /// limit over a defined base).
    ///
    /// ```
    /// use shogi_core::Variant;
    /// let j = shogi_variants::Defined::builtin("judkins").unwrap();
    /// assert_eq!(j.with_move_limit(Some(80)).move_limit(), Some(80));
    /// assert_eq!(j.with_move_limit(None), j);
    /// ```
    pub fn with_move_limit(self, limit: Option<u32>) -> Defined {
        if self.end().move_limit == limit || limit == Some(0) {
            return self;
        }
        let mut definition = self.0.definition.clone();
        definition.end.move_limit = limit;
        // Only the limit changed, and a limit of at least 1 is valid.
        Defined::with_settings(definition)
    }

    fn end(&self) -> &EndRules {
        &self.0.definition.end
    }
}

/// The definition's narrowing of the legal moves: the drops it forbids, and
/// no move at all in check when the first check wins.
impl MoveFilter for Defined {
    fn filter(&self, pos: &Position, moves: &mut MoveList) {
        // With "the first check wins", a position in check is over: the
        // checked side has no move (Fairy-Stockfish's checkshogi counts
        // its perft the same way).
        if self.end().check_wins && pos.is_check() {
            moves.clear();
            return;
        }
        if self.0.restricts_drops {
            let d = &self.0.definition;
            moves.retain(|m| m.drop_kind().is_none_or(|k| d.may_drop(k)));
        }
    }
}

impl Variant for Defined {
    type Settings = Definition;

    fn name(&self) -> &'static str {
        // The compiled definition lives as long as the program (it is
        // shared, never freed), so its strings do too.
        let compiled: &'static Compiled = self.0;
        &compiled.definition.name
    }

    fn settings(&self) -> Definition {
        self.0.definition.clone()
    }

    fn with_settings(settings: Definition) -> Defined {
        // A `Definition` is valid by construction, so its board is a board.
        match Compiled::of(settings) {
            Ok(c) => Defined(c),
            Err(_) => unreachable!("a validated definition compiles"),
        }
    }

    fn geometry(&self) -> &'static Geometry {
        self.0.geometry
    }

    fn piece_set(&self) -> PieceSet {
        self.0.pieces
    }

    fn start_sfen(&self) -> &'static str {
        let compiled: &'static Compiled = self.0;
        &compiled.definition.start
    }

    fn move_filter(&self) -> Option<&dyn MoveFilter> {
        if self.0.restricts_drops || self.end().check_wins {
            Some(self)
        } else {
            None
        }
    }

    fn no_move_outcome(&self, pos: &Position) -> Outcome {
        let us = pos.side_to_move();
        if pos.is_check() && self.end().check_wins {
            Outcome::loss(us, EndReason::Custom(CHECK_GIVEN))
        } else if pos.is_check() {
            Outcome::loss(us, EndReason::Checkmate)
        } else {
            match self.end().stalemate {
                StalemateRule::Loss => Outcome::loss(us, EndReason::NoLegalMove),
                StalemateRule::Draw => Outcome::draw(EndReason::NoLegalMove),
                StalemateRule::Win => Outcome::win(us, EndReason::NoLegalMove),
            }
        }
    }

    fn repetition_outcome(&self, repetition: Repetition) -> Outcome {
        if let (Some(checker), PerpetualCheckRule::CheckerLoses) =
            (repetition.perpetual_checker, self.end().perpetual_check)
        {
            return Outcome::loss(checker, EndReason::PerpetualCheck);
        }
        match self.end().repetition {
            RepetitionRule::Draw => Outcome::draw(EndReason::Repetition),
            RepetitionRule::FirstPlayerLoses => {
                Outcome::loss(repetition.first_player, EndReason::Repetition)
            }
            // Refused when the definition is read (`Definition::validate`).
            RepetitionRule::CompleterLoses => Outcome::draw(EndReason::Repetition),
        }
    }

    fn move_limit(&self) -> Option<u32> {
        self.end().move_limit
    }

    fn extra_outcome(&self, pos: &Position) -> Option<Outcome> {
        let end = self.end();
        let mover = pos.side_to_move().opponent();
        if end.check_wins && pos.is_check() {
            return Some(Outcome::win(mover, EndReason::Custom(CHECK_GIVEN)));
        }
        if end.last_rank_king_wins {
            let far = |c: Color| {
                if c == Color::Black {
                    1
                } else {
                    self.0.geometry.ranks()
                }
            };
            for c in [mover, mover.opponent()] {
                if pos.king(c).is_some_and(|k| k.rank() == far(c)) {
                    return Some(Outcome::win(c, EndReason::Custom(KING_REACHED_LAST_RANK)));
                }
            }
        }
        None
    }

    fn declaration_outcome(&self, pos: &Position) -> Option<Outcome> {
        crate::impasse::declare(pos, self.end().impasse)
    }
}
