//! The checks behind the fuzz targets, shared with the corpus replay test.
//!
//! Each fuzz target in `fuzz_targets/` is one line that calls a function of
//! this file, and `shogi-formats/tests/fuzz_corpus.rs` includes the same file
//! (`#[path = "../../fuzz/checks.rs"] mod checks;`) and runs every file of
//! `fuzz/corpus/<target>/`, `fuzz/regressions/<target>/` and
//! `fuzz/artifacts/<target>/` through [`run`]. So an input the fuzzer found
//! replays exactly as it ran under libFuzzer, in a plain `cargo test`.
//!
//! Nothing here depends on libFuzzer or `arbitrary`. The text targets take a
//! `&str`, which the fuzz targets get from `arbitrary` (the longest valid UTF-8
//! prefix of the input, see [`text`]); `play` reads its bytes with the small
//! [`Bytes`] reader.
//!
//! Every check is an `assert!`: a failed check is a panic, which libFuzzer
//! reports as a crash and the replay test as a failure. A check may name a
//! known, not yet fixed library bug with [`known_bug`]; listing the bug's id in
//! the environment variable `SHOGI_FUZZ_TOLERATE` skips such inputs, so that a
//! fuzzing run can go on looking for other bugs.

use shogi_core::{
    Color, EndReason, Game, GameError, Move, MoveList, Outcome, PieceKind, PieceSet, Position,
    PositionCommand, PositionCommandError, Setup, Square, Variant, MAX_LEGAL_MOVES,
};
use shogi_variants::modifier::BaseFilter;
use shogi_variants::{
    Announcement, AnyDefinition, AnyGame, AnyVariant, Base, CaptureDuty, Card, CardGame,
    CardSettings, Defined, Definition, Dialect, FamilyDefinition, FamilyGame, FamilySettings,
    FileRule, GameKind, GameState as _, Hooks, Impasse, Minishogi, MinishogiRepetition,
    MinishogiSettings, MustCapture, MustCaptureSettings, NoMove, Phase, Referee, SavedGame,
    Scripted, Stalemate, Standard, StandardSettings, TsuitateError, TsuitateSettings, VariantError,
    Verdict, KING_REACHED_LAST_RANK,
};
use std::sync::{Arc, OnceLock};

/// The fuzz targets, by the name of their folder under `fuzz/corpus/`.
pub const TARGETS: [&str; 8] = [
    "sfen",
    "usi_move",
    "position_command",
    "settings",
    "play",
    "records",
    "selfplay",
    "definition",
];

/// The most steps (moves, draws, attempts) one `play` input drives.
const MAX_STEPS: usize = 300;

/// The name under which the checks register their scripted variant
/// ([`register_script`]); a scripted game needs hooks registered by the
/// program, and this is the fuzzing program's.
pub const SCRIPT: &str = "fuzz-no-drops";

/// The hooks of [`SCRIPT`]: the base's rules without drops, and a king that
/// reaches its far rank wins (as in a definition with `last_rank_king_wins`).
/// Small, but it exercises both kinds of hook: a filter that can leave a
/// position with no move (every legal move a drop), and an end of its own.
#[derive(Debug)]
struct NoDropsFarRankKing;

impl BaseFilter for NoDropsFarRankKing {
    fn filter(&self, _base: &AnyVariant, _pos: &Position, moves: &mut MoveList) {
        moves.retain(|m| !m.is_drop());
    }
}

impl Hooks for NoDropsFarRankKing {
    fn move_filter(&self) -> Option<&dyn BaseFilter> {
        Some(self)
    }

    fn extra_outcome(&self, _base: &AnyVariant, pos: &Position) -> Option<Outcome> {
        let mover = pos.side_to_move().opponent();
        let far = match mover {
            Color::Black => 1,
            Color::White => pos.geometry().ranks(),
        };
        pos.king(mover)
            .is_some_and(|k| k.rank() == far)
            .then(|| Outcome::win(mover, EndReason::Custom(KING_REACHED_LAST_RANK)))
    }
}

/// Registers [`SCRIPT`] over standard shogi, once per process. Every target
/// that can meet a scripted game calls it first, so that the scripted kind
/// is played rather than refused for want of a registration.
pub fn register_script() {
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        let base = AnyVariant::from_name("standard").expect("standard shogi");
        Scripted::register(SCRIPT, base, Arc::new(NoDropsFarRankKing))
            .expect("the checks' script registers");
    });
}

/// The definitions the checks play a defined game with: the shipped ones
/// ([`Definition::BUILTIN_NAMES`]) and the handicap games
/// ([`Standard::HANDICAPS`]), every one a name [`Definition::builtin`] knows.
pub fn definition_names() -> Vec<&'static str> {
    Definition::BUILTIN_NAMES
        .into_iter()
        .chain(Standard::HANDICAPS.iter().map(|&(name, _)| name))
        .collect()
}

/// The defined variant of a shipped definition (or handicap game) by name.
fn defined(name: &str) -> Defined {
    let definition = Definition::builtin(name)
        .unwrap_or_else(|| panic!("{name:?} is no shipped definition or handicap"));
    Defined::new(definition).unwrap_or_else(|e| panic!("the definition {name:?} is refused: {e}"))
}

/// Runs the checks of `target` on one raw input, as its fuzz target does.
pub fn run(target: &str, data: &[u8]) {
    match target {
        "sfen" => sfen(text(data)),
        "usi_move" => usi_move(text(data)),
        "position_command" => position_command(text(data)),
        "settings" => settings(text(data)),
        "play" => play(data),
        "records" => records(text(data)),
        "selfplay" => selfplay(data),
        "definition" => definition(text(data)),
        other => panic!("no fuzz target is called {other:?}"),
    }
}

/// The string a `fuzz_target!(|s: &str| ...)` sees for the input `data`: the
/// longest valid UTF-8 prefix (what `arbitrary`'s `&str::arbitrary_take_rest` takes).
pub fn text(data: &[u8]) -> &str {
    match std::str::from_utf8(data) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&data[..e.valid_up_to()]).unwrap_or_default(),
    }
}

/// Names a known library bug that a check can hit, so that fuzzing can go on
/// past it until it is fixed. (No check uses it at the moment: every bug the
/// fuzzer found so far is fixed; see README.md.) Use it as
/// `if known_bug(condition, "bug-id", || detail) { return; }` just before the
/// plain assertion, and delete the call once the bug is fixed.
///
/// If `hit` is false, nothing happens. If it is true, this panics with the
/// bug's id and `detail`, unless the id is listed (comma-separated) in the
/// environment variable `SHOGI_FUZZ_TOLERATE`; then it returns true and the
/// caller skips the rest of the input.
#[allow(dead_code)]
pub fn known_bug(hit: bool, id: &str, detail: impl FnOnce() -> String) -> bool {
    static TOLERATED: OnceLock<Vec<String>> = OnceLock::new();
    if !hit {
        return false;
    }
    let tolerated = TOLERATED.get_or_init(|| {
        std::env::var("SHOGI_FUZZ_TOLERATE")
            .unwrap_or_default()
            .split(',')
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
            .collect()
    });
    if tolerated.iter().any(|t| t == id) {
        return true;
    }
    panic!("known bug [{id}]: {}", detail())
}

// ---------------------------------------------------------------------------
// A tiny reader of raw bytes (the `play` target's input).
// ---------------------------------------------------------------------------

/// Reads an input byte by byte; past the end every byte reads as 0.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    /// Whether every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The next byte (0 past the end).
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// An index below `n` (which must be positive): one byte when `n` is at
    /// most 256, two otherwise.
    pub fn index(&mut self, n: usize) -> usize {
        assert!(n > 0, "index into an empty list");
        if n <= 256 {
            self.byte() as usize % n
        } else {
            u16::from_le_bytes([self.byte(), self.byte()]) as usize % n
        }
    }

    /// An optional move limit: none for bytes below 128, else 0..=127.
    pub fn move_limit(&mut self) -> Option<u32> {
        match self.byte() {
            b @ 128.. => Some(u32::from(b - 128)),
            _ => None,
        }
    }

    /// A square of the 9×9 index space.
    pub fn square(&mut self) -> Square {
        let i = self.byte() as usize % Square::COUNT;
        Square::from_index(i).unwrap_or_else(|| unreachable!("{i} < 81"))
    }

    /// Any move at all, legal or not: a board move between two squares of the
    /// 9×9 index space (possibly off a small board, possibly from == to) or a
    /// drop of any hand kind.
    pub fn any_move(&mut self) -> Move {
        let b = self.byte();
        if b & 1 == 0 {
            let (from, to) = (self.square(), self.square());
            Move::normal(from, to, b & 2 != 0)
        } else {
            let kind = PieceKind::HAND[(b as usize >> 1) % PieceKind::HAND.len()];
            let to = self.square();
            Move::drop(kind, to).unwrap_or_else(|| unreachable!("{kind:?} is a hand kind"))
        }
    }

    /// Any card value, including ones no deck has (`Rank(0)`, `Rank(10)`, `Rank(11)`).
    pub fn any_card(&mut self) -> Card {
        match self.byte() % 13 {
            12 => Card::Joker,
            n => Card::Rank(n),
        }
    }
}

/// A set of moves, for subset tests in linear time (a bit per 15-bit encoding).
struct MoveSet(Vec<u64>);

impl MoveSet {
    fn of(moves: &[Move]) -> MoveSet {
        let mut bits = vec![0u64; 1 << 9];
        for m in moves {
            let i = m.to_u16() as usize & 0x7FFF;
            bits[i / 64] |= 1 << (i % 64);
        }
        MoveSet(bits)
    }

    fn contains(&self, m: Move) -> bool {
        let i = m.to_u16() as usize & 0x7FFF;
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
}

// ---------------------------------------------------------------------------
// Positions and games.
// ---------------------------------------------------------------------------

/// The invariants of any position the library accepted or reached: the
/// incremental hash and checkers, the side not to move not in check, the SFEN
/// round trip, and the move counters agreeing with the move lists.
pub fn check_position(pos: &Position, pieces: &PieceSet) {
    assert_eq!(pos.hash(), pos.compute_hash(), "incremental hash of {pos}");
    let us = pos.side_to_move();
    let (Some(our_king), Some(their_king)) = (pos.king(us), pos.king(us.opponent())) else {
        panic!("a king is missing in {pos}");
    };
    let occupied = pos.occupied();
    assert_eq!(
        pos.checkers(),
        pos.attackers_to(our_king, us.opponent(), occupied),
        "checkers of {pos}"
    );
    assert!(
        !pos.is_attacked(their_king, us, occupied),
        "the side not to move is in check in {pos}"
    );

    let sfen = pos.to_sfen();
    match Position::from_sfen(&sfen, pos.geometry(), pieces) {
        Ok(again) => {
            assert_eq!(&again, pos, "SFEN round trip of {sfen}");
            assert_eq!(
                again.hash(),
                pos.hash(),
                "hash after the SFEN round trip of {sfen}"
            );
        }
        Err(e) => panic!("the SFEN {sfen} of a reached position is refused: {e}"),
    }

    let moves = pos.legal_moves();
    let set = MoveSet::of(&moves);
    assert_eq!(set.len(), moves.len(), "duplicate legal moves in {pos}");
    assert!(
        moves.len() <= MAX_LEGAL_MOVES,
        "{} legal moves in {pos}",
        moves.len()
    );
    assert_eq!(
        moves.len(),
        pos.count_legal_moves(),
        "count_legal_moves of {pos}"
    );
    assert_eq!(
        pos.has_legal_moves(),
        !moves.is_empty(),
        "has_legal_moves of {pos}"
    );
    assert_eq!(
        pos.is_checkmate(),
        pos.is_check() && moves.is_empty(),
        "is_checkmate of {pos}"
    );
    let captures = pos.legal_captures();
    let is_capture = |m: &Move| m.from().is_some() && pos.piece_at(m.to()).is_some();
    assert_eq!(
        captures.len(),
        moves.iter().filter(|m| is_capture(m)).count(),
        "legal_captures of {pos}"
    );
    assert!(
        captures.iter().all(|m| set.contains(*m) && is_capture(m)),
        "a legal capture of {pos} is no legal capture"
    );
    assert_eq!(
        captures.len(),
        pos.count_legal_captures(),
        "count_legal_captures of {pos}"
    );
    assert_eq!(
        pos.count_legal_moves_and_captures(),
        (moves.len(), captures.len()),
        "count_legal_moves_and_captures of {pos}"
    );
}

/// Plays `mv` (a legal move of `pos`) with `play_unchecked` and checks the
/// result: hash, checkers, the mover's king safe, a valid SFEN, and `undo`
/// restoring `pos` exactly. Returns the position after the move.
pub fn check_move(pos: &Position, pieces: &PieceSet, mv: Move) -> Position {
    let mut after = pos.clone();
    let undo = after.play_unchecked(mv);
    assert_eq!(
        after.hash(),
        after.compute_hash(),
        "hash after {mv} in {pos}"
    );
    let mover = pos.side_to_move();
    let occupied = after.occupied();
    if let Some(k) = after.king(mover) {
        assert!(
            !after.is_attacked(k, mover.opponent(), occupied),
            "legal move {mv} leaves the king in check in {pos}"
        );
    } else {
        panic!("legal move {mv} loses the king in {pos}");
    }
    if let Some(k) = after.king(mover.opponent()) {
        assert_eq!(
            after.checkers(),
            after.attackers_to(k, mover, occupied),
            "checkers after {mv} in {pos}"
        );
    }
    let sfen = after.to_sfen();
    if let Err(e) = Position::from_sfen(&sfen, pos.geometry(), pieces) {
        panic!("after {mv} in {pos}, the SFEN {sfen} is refused: {e}");
    }
    let mut back = after.clone();
    back.undo(mv, undo);
    assert_eq!(&back, pos, "undo of {mv}");
    assert_eq!(back.hash(), pos.hash(), "hash after undo of {mv} in {pos}");
    assert_eq!(
        back.checkers(),
        pos.checkers(),
        "checkers after undo of {mv} in {pos}"
    );
    after
}

/// The invariants of a game: its position's, and the game's moves agreeing
/// with the variant's rules and the outcome.
pub fn check_game(game: &Game<AnyVariant>) {
    let variant = game.variant();
    let pos = game.position();
    check_position(pos, &variant.piece_set());
    check_dialects(&AnyGame::Board(Box::new(game.clone())), |text| {
        Game::from_sfen(variant.clone(), text)
            .map(|g| g.position().to_sfen())
            .map_err(|e| e.to_string())
    });
    assert_eq!(game.positions().len(), game.moves().len() + 1);
    assert_eq!(game.is_over(), game.outcome().is_some());
    assert!(game.repetition_count() >= 1);
    let moves = game.legal_moves();
    if game.is_over() {
        assert!(moves.is_empty(), "a game that is over has moves");
        return;
    }
    assert!(!moves.is_empty(), "a game that is on has no move: {pos}");
    assert_eq!(
        moves.len(),
        variant.count_legal_moves(pos),
        "count_legal_moves of {pos}"
    );
    let all = MoveSet::of(&pos.legal_moves());
    assert!(
        moves.iter().all(|m| all.contains(*m)),
        "a variant move is illegal in {pos}"
    );
    if variant.move_filter().is_none() {
        assert_eq!(
            moves.len(),
            all.len(),
            "an unfiltered variant drops moves in {pos}"
        );
    }
}

/// In every dialect the position now reads back (by `read`, the game's SFEN
/// reader) to the same SFEN, and every legal move's text to the same move.
/// Fairy-Stockfish counts full moves, so a move number whose parity is not
/// its side's (a handicap game: White to move at 1) is not kept.
fn check_dialects(game: &AnyGame, read: impl Fn(&str) -> Result<String, String>) {
    let sfen = game.sfen();
    let moves = game.legal_moves();
    for dialect in Dialect::ALL {
        let text = game.sfen_in(dialect);
        let ours = game
            .sfen_from(&text, dialect)
            .unwrap_or_else(|e| panic!("{dialect} {text:?} of {sfen} is not read back: {e}"));
        let back = read(&ours).unwrap_or_else(|e| panic!("{dialect} {text:?} of {sfen}: {e}"));
        let kept = dialect != Dialect::FairyStockfish || number_matches_side(&sfen);
        let field = |s: &str| -> String {
            let fields: Vec<&str> = s.split(' ').collect();
            fields[..if kept {
                fields.len()
            } else {
                3.min(fields.len())
            }]
                .join(" ")
        };
        assert_eq!(field(&back), field(&sfen), "{dialect} {text:?} of {sfen}");
        for &mv in moves.iter() {
            let written = game.usi_in(mv, dialect);
            let usi = game
                .usi_from(&written, dialect)
                .unwrap_or_else(|e| panic!("{dialect} move {written:?} in {sfen}: {e}"));
            assert_eq!(
                usi,
                game.usi_in(mv, Dialect::Usi),
                "{dialect} move {written:?} in {sfen}"
            );
        }
    }
}

/// Whether an SFEN's move number is odd exactly when Black is to move
/// (what Fairy-Stockfish's full moves can hold).
fn number_matches_side(sfen: &str) -> bool {
    let fields: Vec<&str> = sfen.split(' ').collect();
    match fields.as_slice() {
        [_, side, _, number] => number.parse::<u32>().is_ok_and(|n| n % 2 == 1) == (*side == "b"),
        _ => true,
    }
}

// ---------------------------------------------------------------------------
// Target `sfen`.
// ---------------------------------------------------------------------------

/// Any string as an SFEN: `Setup::from_sfen`, then `Position::from_sfen` on
/// both built-in boards; whatever is accepted must round-trip and be consistent.
pub fn sfen(s: &str) {
    let setup = Setup::from_sfen(s);
    if let Ok(setup) = &setup {
        let written = setup.to_sfen();
        match Setup::from_sfen(&written) {
            Ok(again) => assert_eq!(&again, setup, "Setup SFEN round trip of {s:?}"),
            Err(e) => {
                panic!("Setup::to_sfen of {s:?} writes {written:?}, which from_sfen refuses: {e}")
            }
        }
    }
    for (geometry, pieces) in [
        (&Standard::GEOMETRY, &Standard::PIECES),
        (&Minishogi::GEOMETRY, &Minishogi::PIECES),
    ] {
        let Ok(pos) = Position::from_sfen(s, geometry, pieces) else {
            continue;
        };
        let Ok(setup) = &setup else {
            panic!("Position::from_sfen accepts {s:?}, which Setup::from_sfen refuses");
        };
        assert_eq!(
            &pos.to_setup(),
            setup,
            "the position of {s:?} differs from its setup"
        );
        assert_eq!(
            Position::from_setup(setup, geometry, pieces).as_ref(),
            Ok(&pos),
            "from_setup and from_sfen differ on {s:?}"
        );
        check_position(&pos, pieces);
        let moves = pos.legal_moves();
        for (i, &mv) in moves.iter().enumerate() {
            if i < 3 || i + 1 == moves.len() {
                assert!(pos.is_legal(mv), "legal move {mv} is not is_legal in {pos}");
            }
            check_move(&pos, pieces, mv);
        }
    }
}

// ---------------------------------------------------------------------------
// Target `usi_move`.
// ---------------------------------------------------------------------------

/// Any string as a USI move; an accepted move prints as the same string.
pub fn usi_move(s: &str) {
    let Ok(mv) = s.parse::<Move>() else {
        return;
    };
    let shown = mv.to_string();
    assert_eq!(shown, s, "Display of the move parsed from {s:?}");
    assert_eq!(shown.parse::<Move>(), Ok(mv), "reparse of {shown:?}");
    assert_eq!(Move::from_usi(s), Ok(mv));
    match mv.from() {
        Some(from) => {
            assert!(!mv.is_drop() && mv.drop_kind().is_none());
            assert_ne!(from, mv.to(), "a move from {from} to itself parsed");
            assert_eq!(Move::normal(from, mv.to(), mv.is_promotion()), mv);
        }
        None => {
            let kind = mv.drop_kind().expect("a move without origin is a drop");
            assert!(mv.is_drop() && !mv.is_promotion() && kind.is_hand_kind());
            assert_eq!(Move::drop(kind, mv.to()), Some(mv));
        }
    }
}

// ---------------------------------------------------------------------------
// Target `position_command`.
// ---------------------------------------------------------------------------

/// Any string as a USI `position` command, replayed in every `AnyVariant`.
pub fn position_command(s: &str) {
    let Ok(cmd) = s.parse::<PositionCommand>() else {
        return;
    };
    let shown = cmd.to_string();
    assert_eq!(
        shown.parse::<PositionCommand>().as_ref(),
        Ok(&cmd),
        "Display round trip of the command parsed from {s:?}"
    );
    register_script();
    let mut games = Vec::new();
    // Every variant kind with its default settings; a scripted variant needs
    // a registered name, the checks' own (`SCRIPT`).
    for name in GameKind::VARIANTS.map(GameKind::name) {
        let variant = if name == GameKind::Scripted.name() {
            AnyVariant::with_named_settings(name, &[("name", SCRIPT)])
        } else {
            AnyVariant::from_name(name)
        }
        .unwrap_or_else(|e| panic!("the listed variant {name:?} is refused: {e}"));
        let game = match cmd.to_game(variant) {
            Ok(game) => game,
            Err(PositionCommandError::Replay { index, .. }) => {
                assert!(index <= cmd.moves.len(), "replay error at move {index}");
                games.push(None);
                continue;
            }
            Err(e) => panic!("to_game gives a parse error for a parsed command {s:?}: {e}"),
        };
        assert_eq!(game.moves(), cmd.moves.as_slice(), "the moves of {s:?}");
        let pieces = game.variant().piece_set();
        let positions = game.positions();
        for (i, &mv) in cmd.moves.iter().enumerate() {
            let before = &positions[i];
            assert!(
                game.variant().is_legal(before, mv),
                "{mv} of {s:?} is illegal"
            );
            let after = check_move(before, &pieces, mv);
            assert_eq!(&after, &positions[i + 1], "position after {mv} of {s:?}");
        }
        check_game(&game);
        games.push(Some(game));
    }
    // Must-capture (over standard, the default) allows a subset of standard's
    // moves with the same end rules, so its games are standard games too.
    if let (Some(mc), Some(standard)) = (&games[2], &games[0]) {
        assert_eq!(mc.position(), standard.position());
    }
    if games[2].is_some() {
        assert!(
            games[0].is_some(),
            "a must-capture game of {s:?} is no standard game"
        );
    }
    // The checks' script narrows standard shogi's moves and ends games
    // only after the base's ends: its games are standard games too.
    if let Some(scripted) = &games[4] {
        let standard = games[0].as_ref();
        assert_eq!(
            standard.map(Game::position),
            Some(scripted.position()),
            "a scripted game of {s:?} is no standard game"
        );
    }
}

// ---------------------------------------------------------------------------
// Target `definition`.
// ---------------------------------------------------------------------------

/// The most plies `definition` plays from a definition's start.
const DEFINITION_PLIES: usize = 40;

/// Any text as a variant definition (TOML), with or without pieces of its
/// own ([`AnyDefinition::from_toml`]). Errors are fine; a panic is not. A
/// standard definition must make a [`Defined`] variant; a family one must
/// read back from its text as the same definition, and its start must play: a line of legal moves chosen by the
/// ply, each checked (the SFEN reads back, the hash is the hash, undo
/// restores the position).
pub fn definition(s: &str) {
    let family = match AnyDefinition::from_toml(s) {
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
        Ok(AnyDefinition::Standard(d)) => {
            let v = Defined::new(d).expect("a validated definition makes a variant");
            let pos = v.start_position();
            let _ = v.legal_moves(&pos);
            return;
        }
        Ok(AnyDefinition::Family(d)) => d,
    };
    let again = FamilyDefinition::from_toml(&family.text).expect("a definition's text reads back");
    assert_eq!(
        again, family,
        "the text of {:?} reads back as itself",
        family.name
    );
    assert_eq!(family.labels.len(), family.table.kind_count());
    let mut pos = family
        .position()
        .expect("a compiled definition's start reads");
    for ply in 0..DEFINITION_PLIES {
        let sfen = pos.to_sfen();
        let again = family
            .position_from_sfen(&sfen)
            .unwrap_or_else(|e| panic!("{sfen} does not read back: {e}"));
        assert_eq!(again.to_sfen(), sfen);
        assert_eq!(pos.hash(), pos.compute_hash(), "hash of {sfen}");
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        for &mv in moves.iter() {
            let usi = shogi_core::family::notation::to_usi(&pos, mv);
            let read = shogi_core::family::notation::from_usi(&pos, &usi)
                .unwrap_or_else(|e| panic!("{usi} in {sfen}: {e}"));
            assert_eq!(read, mv, "{usi} in {sfen}");
            let undo = pos.make(mv);
            pos.undo(mv, undo);
            assert_eq!(pos.to_sfen(), sfen, "undo of {usi}");
        }
        let mv = moves[(ply * 7 + 3) % moves.len()];
        assert!(pos.play(mv), "a legal move plays");
    }
}

// ---------------------------------------------------------------------------
// Target `settings`.
// ---------------------------------------------------------------------------

/// Any text as a game name and settings: the first line is `NAME` or
/// `NAME SEED`; every further line is `KEY=VALUE` (split at the first `=`; a
/// line without one is a key with an empty value). Errors are fine; panics and
/// inconsistencies are not.
pub fn settings(s: &str) {
    let mut lines = s.split('\n');
    let first = lines.next().unwrap_or_default();
    let (name, seed) = match first.rsplit_once(' ') {
        Some((name, seed)) => match seed.parse::<u64>() {
            Ok(seed) => (name, seed),
            Err(_) => (first, 0),
        },
        None => (first, 0),
    };
    let items: Vec<&str> = lines.collect();
    let pairs: Vec<(&str, &str)> = items
        .iter()
        .map(|line| line.split_once('=').unwrap_or((line, "")))
        .collect();
    settings_pairs(name, &pairs, seed);

    let owned: Vec<String> = items.iter().map(|s| (*s).to_owned()).collect();
    if let Ok(kv) = AnyVariant::parse_key_values(&owned) {
        assert_eq!(kv.len(), owned.len());
        for (k, v) in &kv {
            assert!(
                !k.is_empty() && k.trim() == k && v.trim() == v,
                "{k:?}={v:?}"
            );
        }
        let kv: Vec<(&str, &str)> = kv.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        if kv != pairs {
            settings_pairs(name, &kv, seed);
        }
    }
}

/// `AnyGame::new` and `AnyVariant::with_named_settings` with these settings,
/// and a few moves of whatever game they make.
///
/// The names the library knows: a game kind's name or alias with ASCII case
/// ignored (`"minisHogi"` is minishogi; nothing else is folded: no spaces
/// trimmed, no other case), a shipped definition's or handicap's name, and
/// a registered script's (both exactly as written). Any other name is
/// refused as unknown; a known name is never called unknown.
fn settings_pairs(name: &str, pairs: &[(&str, &str)], seed: u64) {
    register_script();
    let game = AnyGame::new(name, pairs, seed);
    let variant = AnyVariant::with_named_settings(name, pairs);

    let lower = name.to_ascii_lowercase();
    let kind = GameKind::ALL
        .into_iter()
        .find(|k| k.name() == lower || k.aliases().contains(&lower.as_str()));
    assert_eq!(
        GameKind::from_name(name),
        kind,
        "a name is read with ASCII case ignored and nothing else: {name:?}"
    );
    // A shipped family definition's name or alias (pieces of its own): a
    // defined game that no plain variant plays.
    let family = kind.is_none() && FamilyDefinition::builtin_text(name).is_some();
    // The kind of game the name makes, if the library knows it.
    let known = kind.or_else(|| {
        if Definition::builtin(name).is_some() || family {
            Some(GameKind::Defined)
        } else if Scripted::registered_names().contains(&name) {
            Some(GameKind::Scripted)
        } else {
            None
        }
    });
    let unknown_name =
        |e: &VariantError| matches!(e, VariantError::UnknownVariant { name: n, .. } if n == name);
    let Some(known) = known else {
        assert!(
            matches!(&game, Err(e) if unknown_name(e)),
            "AnyGame::new accepts the unknown name {name:?}: {game:?}"
        );
        assert!(
            matches!(&variant, Err(e) if unknown_name(e)),
            "AnyVariant accepts the unknown name {name:?}: {variant:?}"
        );
        return;
    };
    // (Unless a setting names it too: a base, say, of a game that has none.)
    if let Err(e) = &game {
        let named = pairs.iter().any(|(_, v)| v.eq_ignore_ascii_case(name));
        assert!(
            named || !unknown_name(e),
            "AnyGame::new calls {name:?} unknown: {e}"
        );
    }
    if let Ok(g) = &game {
        assert_eq!(g.kind(), known, "the kind of game {name:?} makes");
    }
    if family {
        assert!(
            matches!(&variant, Err(VariantError::UnknownVariant { .. })),
            "AnyVariant plays the family game {name:?}, which is no plain variant"
        );
    }
    // The kind `defined` with a family definition as its setting makes a
    // family game, which no plain variant plays either.
    let family = family || matches!(&game, Ok(AnyGame::Family(_)));
    if family {
        assert!(
            variant.is_err(),
            "AnyVariant plays the family game {name:?} {pairs:?}"
        );
        if let Ok(g) = &game {
            assert!(
                matches!(g, AnyGame::Family(_)),
                "{name:?} makes a family game"
            );
        }
    } else if GameKind::VARIANTS.contains(&known) {
        assert_eq!(
            game.is_ok(),
            variant.is_ok(),
            "AnyGame::new and AnyVariant::with_named_settings disagree on {name:?} {pairs:?}"
        );
    } else {
        assert!(
            matches!(&variant, Err(VariantError::UnknownVariant { .. })),
            "AnyVariant accepts the game {name:?}, which is no plain variant"
        );
    }
    if let Ok(v) = &variant {
        assert_eq!(v.kind(), known, "the kind of variant {name:?} makes");
        if kind.is_some_and(|k| !matches!(k, GameKind::Defined | GameKind::Scripted)) {
            assert_eq!(
                Some(v.name()),
                kind.map(GameKind::name),
                "the name of {name:?}"
            );
        } else if kind.is_none() {
            // A definition or a script by its own name keeps that name.
            assert_eq!(v.name(), name, "the name of the variant {name:?}");
        }
        assert_eq!(
            &AnyVariant::with_settings(v.settings()),
            v,
            "settings round trip"
        );
    }
    // A few moves of the game, chosen by the seed.
    let bytes: Vec<u8> = seed
        .to_le_bytes()
        .iter()
        .cycle()
        .take(24)
        .copied()
        .collect();
    let mut r = Bytes::new(&bytes);
    match game {
        Ok(AnyGame::Board(game)) => drive_board(*game, &mut r),
        Ok(AnyGame::Card(game)) => drive_card(*game, &mut r),
        Ok(AnyGame::Tsuitate(referee)) => drive_referee(*referee, &mut r),
        Ok(AnyGame::Family(game)) => drive_family(*game, &mut r),
        Err(_) => {}
    }
}

// ---------------------------------------------------------------------------
// Target `play`.
// ---------------------------------------------------------------------------

/// Bytes as a game: the first byte picks the game, the next ones its
/// settings, and every further byte a step: mostly a legal move (or draw, or
/// candidate) chosen by index, sometimes an arbitrary move or card that must
/// be refused unless it happens to be allowed, an undo, a declaration or a
/// resignation.
///
/// The first byte modulo 16: 0 to 9 pick standard, minishogi, must-capture,
/// Card shogi and Tsuitate (modulo 5, as before the other kinds were added),
/// 10 and 11 a defined variant (a shipped definition or handicap game, by
/// the next byte), 12 and 13 the checks' scripted variant ([`SCRIPT`]) over
/// standard shogi or minishogi, 14 and 15 a shipped family definition
/// (pieces of its own: dobutsu, kyoto shogi...), by the next byte, with an
/// optional move limit.
pub fn play(data: &[u8]) {
    let mut r = Bytes::new(data);
    match r.byte() % 16 {
        14 | 15 => {
            let names = FamilyGame::builtin_names();
            let name = names[r.index(names.len())];
            let settings = FamilySettings {
                move_limit: r.move_limit().filter(|&l| l > 0),
                ..FamilySettings::of(name)
            };
            let game = FamilyGame::with_settings(settings)
                .unwrap_or_else(|e| panic!("the shipped family definition {name} fails: {e}"));
            drive_family(game, &mut r);
        }
        10 | 11 => {
            let names = definition_names();
            let v = AnyVariant::Defined(defined(names[r.index(names.len())]));
            drive_board(Game::new(v), &mut r);
        }
        12 | 13 => {
            register_script();
            let base = base(r.byte() % 2 == 1).variant();
            let script = Scripted::over(SCRIPT, base).expect("the checks' script is registered");
            drive_board(Game::new(AnyVariant::Scripted(script)), &mut r);
        }
        k => match k % 5 {
            0 => {
                let impasse = [Impasse::Off, Impasse::Points24, Impasse::Points27][r.index(3)];
                let settings = StandardSettings {
                    move_limit: r.move_limit(),
                    impasse,
                };
                let v = AnyVariant::Standard(Standard::with_settings(settings));
                drive_board(Game::new(v), &mut r);
            }
            1 => {
                let flags = r.byte();
                let settings = MinishogiSettings {
                    move_limit: r.move_limit(),
                    repetition: if flags & 1 == 0 {
                        MinishogiRepetition::FirstPlayerLoses
                    } else {
                        MinishogiRepetition::Draw
                    },
                    stalemate: if flags & 2 == 0 {
                        Stalemate::Loss
                    } else {
                        Stalemate::Draw
                    },
                };
                let v = AnyVariant::Minishogi(Minishogi::with_settings(settings));
                drive_board(Game::new(v), &mut r);
            }
            2 => {
                let flags = r.byte();
                let settings = MustCaptureSettings {
                    may_flee_from_check: flags & 1 != 0,
                    king_captures_first: flags & 2 != 0,
                    base: base(flags & 4 != 0),
                    move_limit: r.move_limit(),
                };
                let v = AnyVariant::MustCapture(MustCapture::with_settings(settings));
                drive_board(Game::new(v), &mut r);
            }
            3 => {
                let flags = r.byte();
                let settings = CardSettings {
                    copies_per_rank: r.byte() % 10,
                    jokers: flags & 1 != 0,
                    file_rule: if flags & 2 == 0 {
                        FileRule::Destination
                    } else {
                        FileRule::Origin
                    },
                    no_move: [NoMove::Lose, NoMove::DrawAgain, NoMove::FreeMove]
                        [(flags as usize >> 2) % 3],
                    check_exempt: flags & 16 != 0,
                    move_limit: r.move_limit(),
                    base: base(flags & 32 != 0),
                    capture_duty: (flags & 64 != 0).then(CaptureDuty::default),
                };
                let seed = u64::from(r.byte());
                match CardGame::new(settings.clone(), seed) {
                    Ok(game) => drive_card(game, &mut r),
                    Err(e) => assert!(
                        settings.copies_per_rank == 0 && !settings.jokers,
                        "CardGame::new({settings:?}) fails: {e}"
                    ),
                }
            }
            _ => {
                let flags = r.byte();
                let settings = TsuitateSettings {
                    foul_limit: u32::from(r.byte() % 12),
                    announce_fouls_to_both: flags & 1 != 0,
                    move_limit: r.move_limit(),
                    base: base(flags & 2 != 0),
                };
                drive_referee(Referee::new(settings), &mut r);
            }
        },
    }
}

/// A family game's invariants: its SFEN reads back to the same position,
/// its hash is the position's, it is over exactly when it has no legal
/// moves, and every legal move is legal.
fn check_family(game: &FamilyGame) {
    let pos = game.position();
    let sfen = game.sfen();
    check_dialects(&AnyGame::Family(Box::new(game.clone())), |text| {
        game.from_sfen(text)
            .map(|g| g.sfen())
            .map_err(|e| e.to_string())
    });
    let back = game
        .definition()
        .position_from_sfen(&sfen)
        .unwrap_or_else(|e| panic!("{sfen} does not read back: {e}"));
    assert_eq!(back.to_sfen(), sfen, "SFEN round trip");
    assert_eq!(pos.hash(), pos.compute_hash(), "hash of {sfen}");
    let moves = game.legal_moves();
    assert_eq!(
        game.outcome().is_some(),
        moves.is_empty(),
        "over exactly when no move is legal: {sfen} {:?}",
        game.outcome()
    );
    for &mv in moves.iter() {
        assert!(
            pos.is_legal(mv),
            "{} listed but not legal in {sfen}",
            game.usi(mv)
        );
        let text = game.usi(mv);
        assert_eq!(
            game.parse_usi(&text).ok(),
            Some(mv),
            "USI round trip of {text}"
        );
    }
}

/// A short mate search in a family game: the game is left as it was, a
/// game over is refused, and a mate found is legal, gives check (or wins)
/// at every attacker move and ends the game in the attacker's favour.
fn check_family_mate(game: &FamilyGame) {
    let before = (game.sfen(), game.history(), game.outcome());
    let limits = shogi_players::MateLimits {
        max_plies: 3,
        nodes: Some(2_000),
        ..shogi_players::MateLimits::default()
    };
    let found = shogi_players::find_family_mate(game, &limits);
    assert_eq!(
        (game.sfen(), game.history(), game.outcome()),
        before,
        "mate search changed the game"
    );
    let line = match (found, game.outcome()) {
        (Err(_), Some(_)) => return,
        (Err(e), None) => panic!("mate search refused a game in play: {e}"),
        (Ok(_), Some(o)) => panic!("mate search in a game over ({o})"),
        (Ok(report), None) => match report.result.mate() {
            Some(line) => line.to_vec(),
            None => return,
        },
    };
    let attacker = game.side_to_move();
    let mut g = game.clone();
    for (i, &mv) in line.iter().enumerate() {
        g.play(mv)
            .unwrap_or_else(|e| panic!("mate line move {} refused: {e}", i + 1));
        if i % 2 == 0 && g.outcome().is_none() {
            assert!(
                g.position().is_check(),
                "mate line move {} gives no check",
                i + 1
            );
        }
    }
    assert_eq!(
        g.outcome().and_then(|o| o.winner),
        Some(attacker),
        "the mate line does not win"
    );
}

/// Plays a family game by the bytes: mostly a legal move by index,
/// sometimes any move (refused, and nothing changes, unless legal), an
/// undo, a resignation.
fn drive_family(mut game: FamilyGame, r: &mut Bytes) {
    check_family(&game);
    for _ in 0..MAX_STEPS {
        if r.is_empty() {
            break;
        }
        let op = r.byte();
        let before = (game.sfen(), game.history(), game.outcome());
        if op >= 0xF0 {
            let mv = r.any_move();
            let legal = game.legal_moves().contains(&mv);
            match game.play(mv) {
                Ok(_) => assert!(legal, "play accepts {mv:?}, not a legal move"),
                Err(e) => {
                    assert!(!legal, "play refuses legal {mv:?}: {e}");
                    let after = (game.sfen(), game.history(), game.outcome());
                    assert_eq!(after, before, "a refused move changed the game");
                }
            }
        } else if op >= 0xE8 {
            match game.undo() {
                Ok(_) => assert_eq!(game.history().len() + 1, before.1.len()),
                Err(_) => assert_eq!((game.sfen(), game.history()), (before.0, before.1)),
            }
        } else if op == 0xE6 {
            check_family_mate(&game);
        } else if op == 0xE7 {
            let seat = if r.byte() % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let resigned = game.resign(seat);
            assert_eq!(resigned.is_ok(), before.2.is_none(), "resign while over");
        } else {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[r.index(moves.len())];
            if let Err(e) = game.play(mv) {
                panic!("a legal move {} is refused: {e}", game.usi(mv));
            }
        }
        check_family(&game);
    }
    let saved = SavedGame::of(&AnyGame::Family(Box::new(game.clone())));
    let back = SavedGame::from_json(&saved.to_json())
        .and_then(|s| s.restore())
        .unwrap_or_else(|e| panic!("a family game does not restore: {e}"));
    assert_eq!(back.history(), game.history(), "saved family game");
    assert_eq!(back.outcome(), game.outcome(), "saved family game's end");
}

fn base(minishogi: bool) -> Base {
    if minishogi {
        Base::MINISHOGI
    } else {
        Base::STANDARD
    }
}

/// What a refused action must leave as it was in a perfect-information game.
#[derive(Debug, PartialEq)]
struct GameState {
    position: Position,
    hash: u64,
    moves: Vec<Move>,
    outcome: Option<shogi_core::Outcome>,
}

impl GameState {
    fn of(game: &Game<AnyVariant>) -> GameState {
        GameState {
            position: game.position().clone(),
            hash: game.position().hash(),
            moves: game.moves().to_vec(),
            outcome: game.outcome(),
        }
    }
}

/// Steps through a perfect-information game, checking it after every step.
fn drive_board(mut game: Game<AnyVariant>, r: &mut Bytes) {
    check_game(&game);
    let pieces = game.variant().piece_set();
    for _ in 0..MAX_STEPS {
        if r.is_empty() {
            break;
        }
        let op = r.byte();
        let before = GameState::of(&game);
        let pos = &before.position;
        let legal = game.legal_moves();
        match op {
            // An arbitrary move: played if the rules allow it, else refused
            // with nothing changed.
            0xF0.. => {
                let mv = r.any_move();
                let allowed = legal.contains(&mv);
                match game.play(mv) {
                    Ok(()) => {
                        assert!(allowed, "{mv} was played in {pos} but is not a legal move");
                        assert_eq!(game.position(), &check_move(pos, &pieces, mv));
                    }
                    Err(e) => {
                        assert!(!allowed, "legal move {mv} refused in {pos}: {e}");
                        match (before.outcome, &e) {
                            (Some(_), GameError::GameOver(_))
                            | (None, GameError::IllegalMove(_)) => {}
                            _ => panic!("wrong error for {mv} in {pos}: {e}"),
                        }
                        assert_eq!(
                            GameState::of(&game),
                            before,
                            "a refused move changed the game"
                        );
                    }
                }
            }
            // Take back the last move. There is none at the start, and a
            // game a player's act ended (a resignation, a declaration) is
            // final: `undo` refuses it and changes nothing.
            0xE8..=0xEF => {
                let positions = game.positions();
                let previous = positions.len().checked_sub(2).map(|i| positions[i].clone());
                let final_end = game.ended_by_act();
                match game.undo() {
                    Some(mv) => {
                        assert!(!final_end, "undo took back {mv} after {:?}", before.outcome);
                        assert_eq!(before.moves.last(), Some(&mv));
                        assert_eq!(game.moves(), &before.moves[..before.moves.len() - 1]);
                        assert_eq!(Some(game.position()), previous.as_ref());
                        assert!(!game.ended_by_act());
                    }
                    None => {
                        assert!(
                            before.moves.is_empty() || final_end,
                            "undo refused with {} moves played and no final end ({:?})",
                            before.moves.len(),
                            before.outcome
                        );
                        assert_eq!(
                            GameState::of(&game),
                            before,
                            "a refused undo changed the game"
                        );
                    }
                }
            }
            // The side to move resigns: a loss for it, final, on a game
            // that was on; refused with nothing changed once it is over.
            0xE6 => match game.resign() {
                Ok(outcome) => {
                    assert!(before.outcome.is_none(), "a resignation after the end");
                    let loser = pos.side_to_move();
                    assert_eq!(outcome, Outcome::loss(loser, EndReason::Resignation));
                    assert_eq!(game.outcome(), Some(outcome));
                    assert!(game.ended_by_act());
                    assert_eq!(game.position(), pos);
                    assert_eq!(game.moves(), before.moves.as_slice());
                }
                Err(e) => {
                    assert!(
                        matches!((before.outcome, &e), (Some(_), GameError::GameOver(_))),
                        "resignation refused in a game that is on: {e}"
                    );
                    assert_eq!(GameState::of(&game), before, "a refused resignation");
                }
            },
            // Declare (entering king).
            0xE7 => match game.declare() {
                Ok(outcome) => {
                    assert!(before.outcome.is_none());
                    assert_eq!(game.outcome(), Some(outcome));
                    assert!(game.ended_by_act());
                    assert_eq!(game.position(), pos);
                    assert_eq!(game.moves(), before.moves.as_slice());
                }
                Err(_) => assert_eq!(GameState::of(&game), before, "a refused declaration"),
            },
            // A legal move, by index.
            _ => {
                if legal.is_empty() {
                    assert!(game.is_over(), "no legal move but the game is on: {pos}");
                    if let Some(&mv) = pos.legal_moves().first() {
                        assert!(matches!(game.play(mv), Err(GameError::GameOver(_))));
                        assert_eq!(GameState::of(&game), before, "a move after the end");
                    }
                } else {
                    let mv = legal[r.index(legal.len())];
                    let expected = check_move(pos, &pieces, mv);
                    if let Err(e) = game.play(mv) {
                        panic!("legal move {mv} refused in {pos}: {e}");
                    }
                    assert_eq!(game.position(), &expected);
                    assert_eq!(game.moves().last(), Some(&mv));
                }
            }
        }
        check_game(&game);
    }
}

/// What a refused Card shogi action must leave as it was.
#[derive(Debug, PartialEq)]
struct CardState {
    position: Position,
    phase: Phase,
    deck: shogi_variants::Deck,
    turns: Vec<shogi_variants::CardTurn>,
    outcome: Option<shogi_core::Outcome>,
    moves: usize,
}

impl CardState {
    fn of(game: &CardGame) -> CardState {
        CardState {
            position: game.position().clone(),
            phase: game.phase(),
            deck: game.deck().clone(),
            turns: game.turns().to_vec(),
            outcome: game.outcome(),
            moves: game.game().moves().len(),
        }
    }
}

/// The invariants of a Card shogi game in any phase.
fn check_card(game: &CardGame, deck_size: u32) {
    check_game(game.game());
    let deck = game.deck();
    assert_eq!(deck.size(), deck_size, "the deck changed size");
    assert_eq!(deck.left_total() + deck.discarded_total(), deck_size);
    assert!(!game.turns().is_empty());
    assert_eq!(game.is_over(), game.phase() == Phase::Over);
    if game.game().is_over() {
        assert!(
            game.is_over(),
            "the board game is over but the card game is on"
        );
    }
    let outcomes = game.chance_outcomes();
    let allowed = game.allowed_moves();
    match game.phase() {
        Phase::Draw => {
            assert!(!outcomes.is_empty(), "nothing to draw");
            assert!(outcomes.iter().all(|&(_, p)| p.numerator() > 0));
            // Exactly one: add the fractions in lowest terms.
            let gcd = |mut a: u64, mut b: u64| {
                while b != 0 {
                    (a, b) = (b, a % b);
                }
                a
            };
            let (n, d) = outcomes.iter().fold((0u64, 1u64), |(n, d), &(_, p)| {
                let (pn, pd) = (u64::from(p.numerator()), u64::from(p.denominator()));
                let (n, d) = (n * pd + pn * d, d * pd);
                let g = gcd(n, d);
                (n / g, d / g)
            });
            assert_eq!((n, d), (1, 1), "chance outcomes sum to {n}/{d}");
            assert!(allowed.is_empty(), "moves allowed in the draw phase");
            assert_eq!(game.current_card(), None);
        }
        Phase::Move { card } => {
            assert!(outcomes.is_empty(), "chance outcomes in the move phase");
            assert!(!allowed.is_empty(), "a move phase without an allowed move");
            assert_eq!(game.current_card(), card);
            let legal = game.game().legal_moves();
            let legal_set = MoveSet::of(&legal);
            assert!(allowed.iter().all(|m| legal_set.contains(*m)));
            match card {
                Some(Card::Rank(file)) => {
                    for m in &allowed {
                        let sq = match (game.settings().file_rule, m.from()) {
                            (FileRule::Origin, Some(from)) => from,
                            _ => m.to(),
                        };
                        assert_eq!(sq.file(), file, "{m} is not on the card's file {file}");
                    }
                }
                _ if game.settings().capture_duty.is_none() => {
                    assert_eq!(allowed.len(), legal.len(), "an unconstrained move phase")
                }
                _ => {}
            }
            // With the capture duty: if a capture is allowed, only captures are.
            if let Some(duty) = game.settings().capture_duty {
                let pos = game.position();
                let is_capture = |m: &Move| m.from().is_some() && pos.piece_at(m.to()).is_some();
                if duty.applies(pos) && allowed.iter().any(is_capture) {
                    assert!(
                        allowed.iter().all(is_capture),
                        "a quiet move allowed beside a capture"
                    );
                }
            }
        }
        Phase::Over => {
            assert!(outcomes.is_empty() && allowed.is_empty());
        }
    }
}

/// Steps through a Card shogi game: draws chosen from the chance outcomes,
/// moves from the allowed moves, and refused actions in between.
fn drive_card(mut game: CardGame, r: &mut Bytes) {
    let size = game.deck().size();
    check_card(&game, size);
    for _ in 0..MAX_STEPS {
        if r.is_empty() {
            break;
        }
        let op = r.byte();
        let before = CardState::of(&game);
        match game.phase() {
            Phase::Draw => {
                let outcomes = game.chance_outcomes();
                if op >= 0xF0 {
                    let card = r.any_card();
                    let drawable = outcomes.iter().any(|&(c, _)| c == card);
                    match game.apply_draw(card) {
                        Ok(()) => assert!(
                            drawable,
                            "apply_draw accepts {card:?}, not among {outcomes:?}"
                        ),
                        Err(e) => {
                            assert!(!drawable, "apply_draw refuses drawable {card:?}: {e}");
                            let after = CardState::of(&game);
                            assert_eq!(after, before, "a refused draw changed the game");
                        }
                    }
                } else if op >= 0xE8 {
                    let mv = r.any_move();
                    assert!(game.play(mv).is_err(), "a move in the draw phase");
                    assert_eq!(
                        CardState::of(&game),
                        before,
                        "a refused move changed the game"
                    );
                } else if op == 0xE7 {
                    let card = game.draw().expect("a draw in the draw phase");
                    assert!(outcomes.iter().any(|&(c, _)| c == card), "drew {card:?}");
                } else {
                    let (card, _) = outcomes[r.index(outcomes.len())];
                    if let Err(e) = game.apply_draw(card) {
                        panic!("apply_draw({card:?}) of the chance outcomes fails: {e}");
                    }
                }
            }
            Phase::Move { .. } => {
                let allowed = game.allowed_moves();
                if op >= 0xF0 {
                    let mv = r.any_move();
                    let ok = allowed.contains(&mv);
                    match game.play(mv) {
                        Ok(()) => assert!(ok, "{mv} played but not allowed"),
                        Err(e) => {
                            assert!(!ok, "allowed move {mv} refused: {e}");
                            assert_eq!(
                                CardState::of(&game),
                                before,
                                "a refused move changed the game"
                            );
                        }
                    }
                } else if op >= 0xE8 {
                    let card = r.any_card();
                    assert!(game.apply_draw(card).is_err(), "a draw in the move phase");
                    assert_eq!(
                        CardState::of(&game),
                        before,
                        "a refused draw changed the game"
                    );
                } else {
                    let mv = allowed[r.index(allowed.len())];
                    let pieces = game.game().variant().piece_set();
                    let expected = check_move(game.position(), &pieces, mv);
                    if let Err(e) = game.play(mv) {
                        panic!("allowed move {mv} refused: {e}");
                    }
                    assert_eq!(game.position(), &expected);
                }
            }
            Phase::Over => {
                let mv = r.any_move();
                let card = r.any_card();
                assert!(game.play(mv).is_err(), "a move after the end");
                assert!(game.apply_draw(card).is_err(), "a draw after the end");
                assert!(game.draw().is_err(), "a draw after the end");
                assert_eq!(
                    CardState::of(&game),
                    before,
                    "a refused action changed the game"
                );
                break;
            }
        }
        check_card(&game, size);
    }
}

/// What the referee's state must keep through a refused attempt.
#[derive(Debug, PartialEq)]
struct RefereeState {
    position: Position,
    fouls: [u32; 2],
    told: [Vec<Announcement>; 2],
    moves_played: u32,
    outcome: Option<shogi_core::Outcome>,
}

impl RefereeState {
    fn of(referee: &Referee) -> RefereeState {
        let black = referee.view(Color::Black);
        let white = referee.view(Color::White);
        RefereeState {
            position: referee.true_position().clone(),
            fouls: [referee.fouls(Color::Black), referee.fouls(Color::White)],
            moves_played: black.moves_played,
            told: [black.information_state, white.information_state],
            outcome: referee.outcome(),
        }
    }
}

/// The invariants of a Tsuitate game.
fn check_referee(referee: &Referee) {
    let pos = referee.true_position();
    check_position(pos, &referee.settings().base.variant().piece_set());
    let over = referee.outcome().is_some();
    assert_eq!(referee.reveal().is_some(), over);
    for color in Color::ALL {
        let view = referee.view(color);
        assert_eq!(view.color, color);
        assert_eq!(view.to_move, !over && pos.side_to_move() == color);
        assert_eq!(view.fouls, referee.fouls(color));
        let opponent_fouls = if referee.settings().announce_fouls_to_both {
            referee.fouls(color.opponent())
        } else {
            0
        };
        assert_eq!(view.opponent_fouls_known, opponent_fouls);
        if !view.to_move {
            assert!(view.candidate_moves().is_empty(), "candidates out of turn");
        }
    }
    if let Some((_, end, attempts)) = referee.reveal() {
        assert_eq!(end, pos);
        for color in Color::ALL {
            let fouls = attempts
                .iter()
                .filter(|a| a.by == color && a.foul.is_some());
            assert_eq!(fouls.count() as u32, referee.fouls(color));
        }
    } else {
        // Every legal move of the true position is a candidate on the own board.
        let candidates = referee.view(pos.side_to_move()).candidate_moves();
        let set = MoveSet::of(&candidates);
        let legal = pos.legal_moves();
        assert!(
            !legal.is_empty(),
            "the game is on without a legal move: {pos}"
        );
        for m in &legal {
            assert!(set.contains(*m), "legal move {m} is no candidate in {pos}");
        }
    }
}

/// Steps through a Tsuitate game: attempts chosen from the mover's candidate
/// moves, and arbitrary moves that must be refused unless they are candidates.
fn drive_referee(mut referee: Referee, r: &mut Bytes) {
    check_referee(&referee);
    let pieces = referee.settings().base.variant().piece_set();
    for _ in 0..MAX_STEPS {
        if r.is_empty() {
            break;
        }
        let op = r.byte();
        let before = RefereeState::of(&referee);
        let mover = referee.side_to_move();
        let candidates = referee.view(mover).candidate_moves();
        if referee.outcome().is_some() {
            let mv = r.any_move();
            assert!(matches!(
                referee.attempt(mv),
                Err(TsuitateError::GameOver(_))
            ));
            assert_eq!(
                RefereeState::of(&referee),
                before,
                "an attempt after the end"
            );
            break;
        }
        let (mv, candidate) = if op >= 0xF0 {
            let mv = r.any_move();
            (mv, candidates.contains(&mv))
        } else {
            (candidates[r.index(candidates.len())], true)
        };
        let result = referee.attempt(mv);
        if !candidate {
            assert!(
                matches!(result, Err(TsuitateError::NotACandidate(m, _)) if m == mv),
                "non-candidate {mv}: {result:?}"
            );
            assert_eq!(
                RefereeState::of(&referee),
                before,
                "a refused attempt changed the game"
            );
            continue;
        }
        let ruling = match result {
            Ok(ruling) => ruling,
            Err(e) => panic!("candidate {mv} refused: {e}"),
        };
        let (m, o) = (mover.index(), mover.opponent().index());
        assert_eq!(ruling.told[m].first(), Some(&Announcement::Attempted(mv)));
        assert!(
            !ruling.told[o]
                .iter()
                .any(|a| matches!(a, Announcement::Attempted(_) | Announcement::Played)),
            "the opponent was told of the move"
        );
        let legal = before.position.is_legal(mv);
        let pos = referee.true_position();
        match ruling.verdict {
            Verdict::Foul => {
                assert!(
                    !legal,
                    "legal move {mv} judged a foul in {}",
                    before.position
                );
                assert_eq!(pos, &before.position, "a foul changed the true position");
                assert_eq!(pos.hash(), before.position.hash());
                assert_eq!(referee.fouls(mover), before.fouls[m] + 1);
                assert_eq!(referee.fouls(mover.opponent()), before.fouls[o]);
                assert_eq!(referee.view(mover).moves_played, before.moves_played);
                if referee.outcome().is_none() {
                    assert_eq!(referee.side_to_move(), mover, "a foul passed the turn");
                }
            }
            Verdict::Played => {
                assert!(legal, "illegal move {mv} played in {}", before.position);
                let expected = check_move(&before.position, &pieces, mv);
                assert_eq!(pos, &expected, "the position after {mv}");
                assert_eq!(referee.fouls(mover), before.fouls[m]);
                assert_eq!(referee.view(mover).moves_played, before.moves_played + 1);
            }
        }
        for (c, color) in Color::ALL.into_iter().enumerate() {
            let mut expected = before.told[c].clone();
            expected.extend_from_slice(&ruling.told[c]);
            assert_eq!(
                referee.view(color).information_state,
                expected,
                "what {color:?} knows"
            );
        }
        check_referee(&referee);
    }
}

/// Any text as a game record in every format (KIF, KI2, CSA, BOD) and as a
/// saved game. Whatever a reader accepts must replay under the rules, and
/// write back to text that reads as the same record (KIF exactly; KI2 and
/// CSA keep the moves and the start; BOD the position). A saved game that
/// restores must save to a document that restores to the same document.
pub fn records(s: &str) {
    use shogi_formats::record::{bod, jkf, kif, Format, Record};
    let same_game = |a: &Record, b: &Record, what: &str| {
        let moves = |r: &Record| r.moves.iter().map(|m| m.mv).collect::<Vec<_>>();
        assert_eq!(moves(a), moves(b), "{what}: moves of {s:?}");
        assert_eq!(a.start.board, b.start.board, "{what}: start of {s:?}");
        assert_eq!(a.start.hands, b.start.hands, "{what}: start hands of {s:?}");
        assert_eq!(
            a.start.side_to_move, b.start.side_to_move,
            "{what}: start side of {s:?}"
        );
    };
    if let Ok(record) = kif::read(s) {
        assert!(
            record.positions().is_ok(),
            "kif read a record that does not replay: {s:?}"
        );
        let text = kif::write(&record)
            .unwrap_or_else(|e| panic!("kif cannot write what it read ({e}): {s:?}"));
        let again = kif::read(&text)
            .unwrap_or_else(|e| panic!("kif cannot read what it wrote ({e}): {text:?}"));
        assert_eq!(again, record, "kif round trip of {s:?}");
    }
    // KI2, CSA, JKF and USEN: what a reader read replays, and what the
    // writer writes of it reads back to the same game. USEN must write every
    // record it read (it holds nothing the others may not).
    for (format, must_write) in [
        (Format::Ki2, false),
        (Format::Csa, false),
        (Format::Jkf, false),
        (Format::Usen, true),
    ] {
        let name = format.name();
        let Ok(record) = format.read(s) else { continue };
        assert!(
            record.positions().is_ok(),
            "{name} read a record that does not replay: {s:?}"
        );
        match format.write(&record) {
            Ok(text) => {
                let again = format
                    .read(&text)
                    .unwrap_or_else(|e| panic!("{name} cannot read what it wrote ({e}): {text:?}"));
                same_game(&again, &record, name);
            }
            Err(e) if must_write => panic!("{name} cannot write what it read ({e}): {s:?}"),
            Err(_) => {}
        }
    }
    if let Ok(record) = kif::read(s) {
        // Every KIF record on a 9 x 9 board converts to JKF and back with
        // its moves.
        if let Ok(text) = jkf::write(&record) {
            let again = jkf::read(&text)
                .unwrap_or_else(|e| panic!("jkf cannot read the KIF it wrote ({e}): {text:?}"));
            same_game(&again, &record, "kif -> jkf");
        }
    }
    if let Ok(setup) = bod::read(s) {
        let text = bod::write(&setup);
        let again = bod::read(&text)
            .unwrap_or_else(|e| panic!("bod cannot read what it wrote ({e}): {text:?}"));
        assert_eq!(again.board, setup.board, "bod round trip of {s:?}");
        assert_eq!(again.hands, setup.hands, "bod hands round trip of {s:?}");
    }
    if let Ok(game) = SavedGame::from_json(s).and_then(|saved| saved.restore()) {
        let json = SavedGame::of(&game).to_json();
        let again = SavedGame::from_json(&json)
            .and_then(|saved| saved.restore())
            .unwrap_or_else(|e| panic!("a saved game does not restore ({e}): {json}"));
        assert_eq!(
            SavedGame::of(&again).to_json(),
            json,
            "saved game round trip of {s:?}"
        );
    }
    // A saved table (a game under house rules): what is accepted comes back
    // the same when written again.
    if let Ok(table) = shogi_players::Session::from_json(s) {
        let json = table.to_json();
        let again = shogi_players::Session::from_json(&json)
            .unwrap_or_else(|e| panic!("a saved table does not restore ({e}): {json}"));
        assert_eq!(again.to_json(), json, "saved table round trip of {s:?}");
        assert_eq!(
            again.outcome(),
            table.outcome(),
            "saved table's end of {s:?}"
        );
    }
}

/// Bytes as a batch of self-play: the game, its size and threads, then
/// steps of every kind, arbitrary actions included. A refused call changes
/// nothing; after every accepted one the outputs describe the games.
///
/// Byte 0 picks the game kind (every one of [`GameKind::names`]), byte 1 its
/// settings: over minishogi or not for the kinds with a base; a defined
/// game plays a shipped definition or handicap game ([`definition_names`]),
/// a scripted one the checks' own script ([`SCRIPT`]), over its registered
/// base (standard shogi) or minishogi.
pub fn selfplay(data: &[u8]) {
    use shogi_research::selfplay::{Outputs, SelfPlay, SelfPlayError};
    register_script();
    let mut r = Bytes::new(data);
    let names = GameKind::names();
    let name = names[r.index(names.len())];
    let choice = r.byte();
    let mut settings: Vec<(&str, &str)> = Vec::new();
    match GameKind::from_name(name) {
        Some(GameKind::Standard | GameKind::Minishogi) => {}
        Some(GameKind::Defined) => {
            let names = definition_names();
            settings.push(("definition", names[choice as usize % names.len()]));
        }
        kind => {
            if kind == Some(GameKind::Scripted) {
                settings.push(("name", SCRIPT));
            }
            if choice % 2 == 1 {
                settings.push(("base", "minishogi"));
            }
        }
    }
    let games = 1 + r.index(3);
    let threads = 1 + r.index(2);
    let cap = r.move_limit().map(|c| c + 1);
    let mut batch = SelfPlay::new(name, &settings, games, threads, u64::from(r.byte()), cap)
        .unwrap_or_else(|e| panic!("every game kind makes a batch: {name} {settings:?}: {e}"));
    let (len, size) = (batch.shape().len(), batch.actions().size() as usize);
    let mut out = Outputs::buffers(games, len, size);
    batch.reset(&mut out.view()).expect("reset");
    let plies = |b: &SelfPlay| (0..games).map(|i| b.plies(i).unwrap()).collect::<Vec<_>>();
    for _ in 0..MAX_STEPS / 2 {
        if r.is_empty() {
            break;
        }
        match r.byte() % 6 {
            0 | 1 => batch.step_random(&mut out.view()).expect("a random step"),
            2 => {
                let actions: Vec<u32> = (0..games)
                    .map(|i| {
                        let legal = batch.legal_actions(i).unwrap();
                        legal[r.index(legal.len())]
                    })
                    .collect();
                batch
                    .step(&actions, &mut out.view())
                    .expect("legal actions");
            }
            3 => {
                // Arbitrary numbers: played if all legal, else refused unchanged.
                let actions: Vec<u32> = (0..games)
                    .map(|_| u32::from(u16::from_le_bytes([r.byte(), r.byte()])))
                    .collect();
                let all_legal = actions
                    .iter()
                    .enumerate()
                    .all(|(i, a)| batch.legal_actions(i).unwrap().contains(a));
                let (before, snapshot) = (plies(&batch), out.clone());
                match batch.step(&actions, &mut out.view()) {
                    Ok(()) => assert!(all_legal, "an illegal action was played"),
                    Err(SelfPlayError::IllegalAction { .. }) => {
                        assert!(!all_legal, "legal actions refused");
                        assert_eq!(plies(&batch), before);
                        assert!(
                            out.masks == snapshot.masks
                                && out.observations == snapshot.observations
                        );
                    }
                    Err(e) => panic!("unexpected error {e}"),
                }
            }
            4 => {
                let mut short = Outputs::buffers(games + 1, len, size);
                let before = plies(&batch);
                assert!(batch.step_random(&mut short.view()).is_err());
                assert_eq!(plies(&batch), before);
            }
            _ => {
                if r.byte() % 2 == 0 {
                    batch.reseed(u64::from(r.byte()));
                }
                batch.reset(&mut out.view()).expect("reset");
                assert_eq!(plies(&batch), vec![0; games]);
            }
        }
        for i in 0..games {
            let legal = batch.legal_actions(i).unwrap();
            assert!(!legal.is_empty(), "a live game has a legal action");
            let mask: Vec<u32> = (0..size as u32)
                .filter(|&a| out.masks[i * size + a as usize])
                .collect();
            assert_eq!(mask, legal, "the mask is the legal set");
            let (t, u) = (out.terminated[i], out.truncated[i]);
            assert!(!(t && u));
            let rewards = [out.rewards[2 * i], out.rewards[2 * i + 1]];
            assert_eq!(rewards[0] + rewards[1], 0.0);
            assert!(t || rewards == [0.0, 0.0]);
            assert!(cap.is_none_or(|c| batch.plies(i).unwrap() < c));
            let observation = &out.observations[i * len..(i + 1) * len];
            if let Some(at) = observation.iter().position(|v| !(0.0..=1.0).contains(v)) {
                let shape = batch.shape();
                let area = shape.ranks * shape.files;
                panic!(
                    "{name} {settings:?}: game {i}'s observation is {} at plane {}, square {} \
                     (values lie in 0..=1)",
                    observation[at],
                    at / area.max(1),
                    at % area.max(1)
                );
            }
        }
    }
}
