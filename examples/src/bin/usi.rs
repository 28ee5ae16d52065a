//! A USI engine over stdin/stdout: the library's search player
//! ([`SearchPlayer`]) and mate search ([`MateSolver`], [`find_family_mate`](shogi_players::find_family_mate))
//! for standard shogi, minishogi, must-capture shogi and every variant a
//! definition describes: the shipped ones (kyoto shogi, dobutsu, ...) and a
//! definition file given by its path.
//!
//! ```text
//! cargo run --release -p shogi-examples --bin usi
//! ```
//!
//! Commands: `usi`, `isready`, `usinewgame`, `setoption name <id> [value <x>]`,
//! `position (startpos | sfen <sfen>) [moves ...]`, `go ...`, `stop`,
//! `ponderhit`, `gameover ...`, `quit`.
//!
//! - The engine drives the game only through the library's contract
//!   ([`GameState`] on an [`AnyGame`]): `position` moves are applied with
//!   [`GameState::play`], the search is asked through the side to move's
//!   [`GameState::observation`], and game ends are read from
//!   [`GameState::to_move`]. Only the mate search ([`MateSolver`]) reads the
//!   board game inside the [`AnyGame`].
//! - The variant is the option `UCI_Variant`, as Fairy-Stockfish names it
//!   (also accepted as `USI_Variant`): `shogi` (default), `minishogi`,
//!   `must-capture` (every name and alias of [`GameKind`]'s table), a
//!   shipped definition's name or alias (`kyotoshogi`, `dobutsu`, ...), the
//!   variant's name in Fairy-Stockfish or on lishogi (`micro`: the
//!   definitions' `[dialects]`), or the path of a definition file (a value
//!   with a `/` or ending in `.toml`). Changing it resets the position to
//!   the variant's start. USI is a perfect-information protocol without
//!   chance, so Card shogi (a card is drawn each turn) and Tsuitate shogi
//!   (the opponent's pieces are hidden) are refused with an
//!   `info string error: ...`, and the variant stays what it was; so is a
//!   scripted variant (its rules are code in another program).
//! - Positions and moves of a definition's variant are written with its
//!   letters (`C*2b`, kyoto's `+L*3c` and `2b3c-`): Fairy-Stockfish's USI.
//!   `position sfen` takes its SFEN (hands in any order).
//! - `EnteringKingRule` (YaneuraOu's option): `CSARule27` (default: the
//!   CSA's 27-point declaration), `CSARule24` (the 24-point rule: a
//!   declaration with 31 points or more wins) or `NoEnteringKing`. On a 9×9
//!   board of shogi's pieces, a `go` (not `infinite`, `ponder` or `mate`)
//!   in a position where the side to move wins by declaring answers
//!   `bestmove win` at once. YaneuraOu's `CSARule24H`, `CSARule27H`
//!   (points counted for handicap games) and `TryRule` are refused.
//! - `gameover win|lose|draw` stops any search; the engine keeps its
//!   position and waits for the next game.
//! - `USI_Hash` sets the transposition table size in MiB.
//! - `position sfen` takes a mate problem as tsume GUIs send it: a side with
//!   no king (the attacker) is accepted, and the pieces the SFEN leaves off
//!   the board and both hands are the defender's ([`Variant::problem_from_sfen`]).
//! - The GUI owns the game's rules; the engine searches what it is sent (as
//!   YaneuraOu does). A `position` command's moves are played as long as
//!   each is legal in its position, the game's ends notwithstanding: a move
//!   after a fourfold repetition, the move limit or another end by the rules
//!   is played, and `go` searches the position after it.
//! - The engine starts with the variant's start position. A `position`
//!   command it refuses (malformed, or with a move that is not legal in its
//!   position) leaves it with
//!   *no* position: a `go` then answers `info string error: ...` and
//!   `bestmove resign` (a `go mate`: `checkmate timeout`), never a move for
//!   a position the GUI no longer has, until a good `position` comes.
//! - `go` takes `depth N`, `nodes N`, `movetime MS`, the clock
//!   (`btime`/`wtime`/`binc`/`winc`/`byoyomi`/`movestogo`), `infinite` and
//!   `ponder`. One limit drives the search: nodes, else depth, else time; a
//!   time limit given together with nodes or depth stops the search as
//!   well. `go` alone thinks for one second. From the clock the engine
//!   plans the remaining time over 30 moves (or `movestogo`) plus the
//!   increment and the byoyomi, keeping a safety margin of a fifth of what
//!   is left on the clock (byoyomi and increment included), at most 100 ms:
//!   `go byoyomi 1000` thinks 900 ms, `go byoyomi 100` 80 ms. With
//!   `movetime` or a byoyomi the planned time is used in full (unused
//!   byoyomi is lost); otherwise no new iteration starts after half of it.
//!   A parameter with a missing or bad value (not a whole number, or 0 for
//!   `depth`, `nodes`, `movetime`, `movestogo`) is reported with
//!   `info string error: ...` and ignored; the rest of the command is
//!   searched and answered as usual, since the GUI waits for a `bestmove`.
//! - `infinite` searches until `stop`; `ponder` searches until `stop` or
//!   `ponderhit`. After `ponderhit` the search goes on as the same `go`
//!   without `ponder` would (its clock counted from the `ponderhit`), and
//!   answers when that time is up. `stop` answers at once.
//! - `go mate <ms>` and `go mate infinite` search for a forced mate by
//!   checks (df-pn, [`MateSolver`]) and answer `checkmate <moves>` (the
//!   shortest mating line under the game's rules, the defender resisting
//!   longest; `info time .. nodes .. nps ..` each second meanwhile),
//!   `checkmate nomate` when it is proved that no sequence of checks
//!   mates, or `checkmate timeout` when the time
//!   runs out (or `stop` comes) first. Other `go` parameters are ignored
//!   with `mate`; the positions played before the searched one are not
//!   considered.
//! - The search runs in its own thread, so `stop`, `isready` and `quit` are
//!   answered while it thinks; the command loop waits for a search only
//!   after telling it to stop. A `go` while a search runs stops that search
//!   (it answers as after `stop`, with an `info string` saying so) and then
//!   starts the new one: every `go` gets exactly one answer. After each
//!   completed iteration an
//!   `info depth .. score (cp ..|mate ..) nodes .. nps .. time .. pv ..` line
//!   is printed, then `bestmove <move> [ponder <reply>]` (the reply is the
//!   expected one, the principal variation's second move, when it has one;
//!   `bestmove resign` when there is no legal move).
//! - A line that cannot be understood (unknown command, malformed position,
//!   illegal move, bad number) is answered with `info string error: ...`; the
//!   engine carries on.

use shogi_core::{Color, Game, GameError, Move, PositionCommand, PositionError, Variant};
use shogi_players::{
    find_family_mate_with_progress, Budget, MateLimits, MateProgress, MateReport, MateResult,
    MateSolver, Player, SearchPlayer, SearchResult, MAX_SEARCH_DEPTH,
};
use shogi_variants::{
    impasse, AnyGame, Definition, Dialect, FamilyGame, GameKind, GameState, Impasse, PlayError,
    Seen, ToMove,
};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

const DEFAULT_HASH_MB: usize = 16;
/// The longest safety margin kept off the clock.
const MAX_MARGIN_MS: u64 = 100;
/// What `go` with no limit at all thinks.
const DEFAULT_THINK: Duration = Duration::from_secs(1);

/// Writes one line to stdout and flushes it (a closed pipe is ignored).
fn say(line: &str) {
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn error(message: &str) {
    say(&format!("info string error: {message}"));
}

/// The kind the engine plays when no `UCI_Variant` is set.
const DEFAULT_KIND: GameKind = GameKind::Standard;

/// Why USI cannot play `kind`, in words, if it cannot: the protocol has no
/// chance steps, shows both players the whole position, and names a
/// variant by a word (a definition file does not fit in one).
fn unplayable(kind: GameKind) -> Option<&'static str> {
    if kind.has_chance() {
        Some("it has chance steps, and USI is a perfect-information protocol without chance")
    } else if kind.hidden_information() {
        Some("it hides pieces from the players, and USI is a perfect-information protocol without chance")
    } else if kind == GameKind::Scripted {
        Some("its rules are code registered in a program, which a UCI_Variant value does not carry")
    } else {
        None
    }
}

/// The refusal of a `UCI_Variant` USI cannot play, if it cannot.
fn refusal(kind: GameKind, name: &str) -> Option<String> {
    unplayable(kind).map(|why| {
        format!(
            "{name} cannot be played over USI: {why} (playable: {})",
            usi_variants().join(", ")
        )
    })
}

/// The `UCI_Variant` values USI offers: the kinds it can play (the board
/// games, in table order), then every shipped definition by name.
fn usi_variants() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = GameKind::ALL
        .into_iter()
        .filter(|&k| unplayable(k).is_none() && k != GameKind::Defined)
        .map(GameKind::usi_name)
        .collect();
    for name in Definition::BUILTIN_NAMES
        .iter()
        .chain(FamilyGame::builtin_names())
    {
        let kind_named = GameKind::from_name(name).is_some();
        if !kind_named && !names.contains(name) {
            names.push(name);
        }
    }
    names
}

/// The variant the engine plays: the `UCI_Variant` value as set, and its
/// game at the start.
#[derive(Clone, Debug)]
struct Played {
    name: String,
    start: AnyGame,
}

/// The variant a `UCI_Variant` value names (see the module docs): a name of
/// the library, a name in Fairy-Stockfish or on lishogi, or a definition
/// file's path; refused when USI cannot play it.
fn variant_named(value: &str) -> Result<Played, String> {
    let game = if value.contains('/') || value.ends_with(".toml") {
        let text = std::fs::read_to_string(value)
            .map_err(|e| format!("cannot read the definition file '{value}': {e}"))?;
        AnyGame::new(GameKind::Defined.name(), &[("definition", &text)], 0)
            .map_err(|e| format!("the definition file '{value}': {e}"))?
    } else if let Some(why) = GameKind::from_name(value).and_then(|k| refusal(k, value)) {
        return Err(why);
    } else if GameKind::from_name(value) == Some(GameKind::Defined) {
        return Err(format!(
            "'{value}' names no rules: give a shipped definition's name or a definition file's path (playable: {})",
            usi_variants().join(", ")
        ));
    } else {
        match AnyGame::new(value, &[], 0) {
            Ok(game) => game,
            Err(_) => dialect_named(value).ok_or_else(|| {
                format!(
                    "unknown variant '{value}' (known: {})",
                    usi_variants().join(", ")
                )
            })?,
        }
    };
    if let Some(why) = refusal(game.kind(), value) {
        return Err(why);
    }
    Ok(Played {
        name: value.to_owned(),
        start: game,
    })
}

/// The shipped variant Fairy-Stockfish or lishogi calls `value` (ASCII case
/// ignored).
fn dialect_named(value: &str) -> Option<AnyGame> {
    usi_variants().into_iter().find_map(|name| {
        let game = AnyGame::new(name, &[], 0).ok()?;
        let named = [Dialect::FairyStockfish, Dialect::Lishogi]
            .into_iter()
            .filter_map(|d| game.variant_name_in(d))
            .any(|n| n.eq_ignore_ascii_case(value));
        named.then_some(game)
    })
}

/// The game a `position` command describes, its moves applied through the
/// contract ([`GameState::play`]), each checked.
fn game_at(played: &Played, command: &PositionCommand) -> Result<AnyGame, String> {
    let mut game = played.start.clone();
    if let Some(sfen) = &command.sfen {
        // A start position other than the variant's: a board game from an
        // SFEN (a definition's variant is set up by `family_game_at`).
        let AnyGame::Board(board) = &game else {
            return Err(format!(
                "{} cannot start from an SFEN over USI",
                played.name
            ));
        };
        let variant = board.variant().clone();
        let start = match Game::from_sfen(variant.clone(), sfen) {
            // A mate problem, as tsume GUIs send them: the attacker has no
            // king; the defender holds the pieces the SFEN leaves out.
            Err(GameError::Position(PositionError::MissingKing(_))) => variant
                .problem_from_sfen(sfen)
                .map(|pos| Game::from_position(variant, pos))
                .map_err(|e| format!("position: move 0: {e}"))?,
            other => other.map_err(|e| format!("position: move 0: {e}"))?,
        };
        game = AnyGame::Board(Box::new(start));
    }
    for (i, &mv) in command.moves.iter().enumerate() {
        play_past_the_end(&mut game, mv).map_err(|e| format!("position: move {}: {e}", i + 1))?;
    }
    Ok(game)
}

/// The game of a definition's variant a `position` line describes:
/// `position (startpos | sfen <board> <side> <hands> [<number>]) [moves ...]`,
/// the SFEN and the moves with the definition's letters, each move checked.
fn family_game_at(start: &FamilyGame, line: &str) -> Result<AnyGame, String> {
    let words: Vec<&str> = line.split_ascii_whitespace().collect();
    let moves_at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let mut game = match words.get(1).copied() {
        Some("startpos") if moves_at == 2 => start.clone(),
        Some("sfen") if moves_at > 2 => start
            .from_sfen(&words[2..moves_at].join(" "))
            .map_err(|e| format!("position: move 0: {e}"))?,
        _ => return Err(
            "position: expected 'position startpos' or 'position sfen <sfen>', then 'moves ...'"
                .to_owned(),
        ),
    };
    for (i, text) in words.iter().skip(moves_at + 1).enumerate() {
        let mv = game
            .parse_usi(text)
            .map_err(|e| format!("position: move {}: {e}", i + 1))?;
        game.play(mv)
            .map_err(|e| format!("position: move {} ({text}): {e}", i + 1))?;
    }
    Ok(AnyGame::Family(Box::new(game)))
}

/// The entering-king rules of YaneuraOu's `EnteringKingRule` that the
/// engine plays, by their option values.
const ENTERING_KING_RULES: [(&str, Impasse); 3] = [
    ("NoEnteringKing", Impasse::Off),
    ("CSARule24", Impasse::Points24),
    ("CSARule27", Impasse::Points27),
];

/// Whether the side to move of `game` wins by declaring under `rule`: a
/// board of 9×9 with shogi's pieces, the game going on, and the count
/// ([`impasse::declare`]) a win.
fn declaration_wins(game: &AnyGame, rule: Impasse) -> bool {
    let AnyGame::Board(board) = game else {
        return false;
    };
    let pos = board.position();
    let (files, ranks) = (pos.geometry().files(), pos.geometry().ranks());
    files == 9
        && ranks == 9
        && game.to_move().player().is_some()
        && impasse::declare(pos, rule).is_some_and(|o| o.winner == Some(pos.side_to_move()))
}

/// Plays `mv` through the contract ([`GameState::play`]); in a board game
/// the rules have ended (repetition, the move limit, ...), a move that is
/// legal in the position is played all the same: the GUI owns the game's
/// rules, the engine searches what it is sent. A move that is not legal in
/// the position is refused.
fn play_past_the_end(game: &mut AnyGame, mv: Move) -> Result<(), PlayError> {
    match game.play(mv) {
        Err(PlayError::GameOver(outcome)) => match game {
            AnyGame::Board(board) if board.variant().is_legal(board.position(), mv) => {
                board.play_unchecked(mv);
                Ok(())
            }
            AnyGame::Board(board) => {
                let pos = board.position();
                let reason = board.variant().illegality(pos, mv);
                Err(PlayError::Illegal {
                    mv,
                    rule: reason,
                    reason: format!("{reason} (and the game is over: {outcome})"),
                })
            }
            _ => Err(PlayError::GameOver(outcome)),
        },
        other => other.map(|_| ()),
    }
}

/// How long `go mate` may search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MateTime {
    Millis(u64),
    Infinite,
}

/// What `go` asked for.
#[derive(Debug, Default)]
struct GoLimits {
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<u64>,
    btime: Option<u64>,
    wtime: Option<u64>,
    binc: u64,
    winc: u64,
    byoyomi: u64,
    movestogo: Option<u64>,
    infinite: bool,
    ponder: bool,
    mate: Option<MateTime>,
}

/// Parses the words after `go`; problems are reported and the parameter
/// skipped.
fn parse_go(words: &[&str]) -> GoLimits {
    let mut limits = GoLimits::default();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        i += 1;
        match word {
            "infinite" => limits.infinite = true,
            "ponder" => limits.ponder = true,
            "mate" => {
                let time = match words.get(i).copied() {
                    Some("infinite") => Some(MateTime::Infinite),
                    Some(w) => w.parse().ok().map(MateTime::Millis),
                    None => None,
                };
                if time.is_some() {
                    i += 1;
                } else {
                    error("go mate: expected a time in milliseconds or 'infinite'; searching until stop");
                }
                limits.mate = Some(time.unwrap_or(MateTime::Infinite));
            }
            "depth" | "nodes" | "movetime" | "movestogo" | "btime" | "wtime" | "binc" | "winc"
            | "byoyomi" => {
                let Some(&text) = words.get(i) else {
                    error(&format!("go: '{word}' needs a number; ignored"));
                    continue;
                };
                i += 1;
                let positive = matches!(word, "depth" | "nodes" | "movetime" | "movestogo");
                let n = match text.parse::<u64>() {
                    Ok(0) if positive => {
                        error(&format!("go: '{word} 0': must be at least 1; ignored"));
                        continue;
                    }
                    Ok(n) => n,
                    Err(_) => {
                        error(&format!(
                            "go: '{word} {text}': not a whole number from 0 to {}; ignored",
                            u64::MAX
                        ));
                        continue;
                    }
                };
                match word {
                    // Deeper than the search goes is as deep as it goes.
                    "depth" => limits.depth = Some(n.min(u64::from(MAX_SEARCH_DEPTH)) as u32),
                    "nodes" => limits.nodes = Some(n),
                    "movetime" => limits.movetime = Some(n),
                    "movestogo" => limits.movestogo = Some(n),
                    "btime" => limits.btime = Some(n),
                    "wtime" => limits.wtime = Some(n),
                    "binc" => limits.binc = n,
                    "winc" => limits.winc = n,
                    _ => limits.byoyomi = n,
                }
            }
            other => error(&format!("go: unknown parameter '{other}'")),
        }
    }
    limits
}

/// The thinking time a `go` allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TimePlan {
    think: Duration,
    /// Think for all of it (movetime, byoyomi), rather than stopping
    /// before an iteration that would likely not finish.
    use_all: bool,
}

impl GoLimits {
    /// The time to think for `side`, if the command gives one.
    fn time_plan(&self, side: Color) -> Option<TimePlan> {
        if let Some(ms) = self.movetime {
            return Some(TimePlan {
                think: Duration::from_millis(ms),
                use_all: true,
            });
        }
        let (left, inc) = match side {
            Color::Black => (self.btime, self.binc),
            Color::White => (self.wtime, self.winc),
        };
        if left.is_none() && self.byoyomi == 0 && inc == 0 {
            return None;
        }
        let left = left.unwrap_or(0);
        let share = (left / self.movestogo.unwrap_or(30).min(30))
            .saturating_add(inc)
            .saturating_add(self.byoyomi);
        // Never plan past what is on the clock, less a margin for the
        // reply to reach the GUI: a fifth of it, at most 100 ms.
        let available = left.saturating_add(self.byoyomi).saturating_add(inc);
        let margin = (available / 5).min(MAX_MARGIN_MS);
        Some(TimePlan {
            think: Duration::from_millis(share.min(available - margin).max(1)),
            use_all: self.byoyomi > 0,
        })
    }
}

/// Sets `flag` after `after`, from a thread of its own.
fn stop_after(flag: &Arc<AtomicBool>, after: Duration) {
    let flag = flag.clone();
    std::thread::spawn(move || {
        std::thread::sleep(after);
        flag.store(true, Ordering::Relaxed);
    });
}

/// A search running in its own thread; it prints its own answer.
struct Running {
    /// The player back (none for a mate search).
    handle: JoinHandle<Option<SearchPlayer>>,
    /// Ends the search (it then answers).
    stop: Arc<AtomicBool>,
    /// While set, a finished search holds its answer (infinite, ponder).
    hold: Arc<AtomicBool>,
    /// For a ponder search until `ponderhit`: the time it may think from
    /// then on (`None`: its nodes or depth decide).
    ponder: Option<Option<Duration>>,
}

struct Engine {
    played: Played,
    /// `EnteringKingRule`.
    entering_king: Impasse,
    /// The position to search: `None` after a refused `position`.
    game: Option<AnyGame>,
    hash_mb: usize,
    /// The player, when no search has it.
    player: Option<SearchPlayer>,
    running: Option<Running>,
}

impl Engine {
    fn new() -> Engine {
        let played = variant_named(DEFAULT_KIND.usi_name())
            .unwrap_or_else(|e| panic!("the default variant is playable: {e}"));
        Engine {
            game: Some(played.start.clone()),
            played,
            entering_king: Impasse::Points27,
            hash_mb: DEFAULT_HASH_MB,
            player: None,
            running: None,
        }
    }

    /// The player, after stopping any running search.
    fn take_player(&mut self) -> SearchPlayer {
        self.stop();
        self.player.take().unwrap_or_else(|| self.new_player())
    }

    fn new_player(&self) -> SearchPlayer {
        SearchPlayer::new(Budget::Depth(1)).with_hash_mb(self.hash_mb)
    }

    /// Stops a running search and waits for it (it answers first). The
    /// only place the command loop waits, and always after the stop flag
    /// is set: the search reads it every 1024 nodes.
    fn stop(&mut self) {
        if let Some(run) = self.running.take() {
            run.stop.store(true, Ordering::Relaxed);
            match run.handle.join() {
                Ok(Some(player)) => self.player = Some(player),
                Ok(None) => {}
                Err(_) => error("the search failed; starting afresh"),
            }
        }
    }

    /// Whether a search is still thinking or holding its answer.
    fn searching(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| !r.handle.is_finished())
    }

    /// Handles one line; false to quit.
    fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_ascii_whitespace().collect();
        let Some(&command) = words.first() else {
            return true;
        };
        match command {
            "usi" => {
                say(&format!(
                    "id name shogi-variants search {}",
                    env!("CARGO_PKG_VERSION")
                ));
                say("id author the shogi-variants authors");
                say(&format!(
                    "option name USI_Hash type spin default {DEFAULT_HASH_MB} min 1 max 1024"
                ));
                let vars: String = usi_variants().iter().map(|v| format!(" var {v}")).collect();
                say(&format!(
                    "option name UCI_Variant type combo default {}{vars}",
                    DEFAULT_KIND.usi_name()
                ));
                let rules: String = ENTERING_KING_RULES
                    .iter()
                    .map(|(v, _)| format!(" var {v}"))
                    .collect();
                say(&format!(
                    "option name EnteringKingRule type combo default CSARule27{rules}"
                ));
                say("usiok");
            }
            "isready" => {
                // The table is allocated now rather than in the first `go`.
                if self.player.is_none() && self.running.is_none() {
                    self.player = Some(self.new_player());
                }
                say("readyok");
            }
            "usinewgame" => {
                let mut player = self.take_player();
                player.clear();
                self.player = Some(player);
            }
            "setoption" => self.setoption(&words[1..]),
            "position" => self.position(line),
            "go" => self.go(&words[1..]),
            "ponderhit" => self.ponderhit(),
            "stop" => self.stop(),
            "gameover" => {
                self.stop();
                if !matches!(words.get(1..), Some(["win" | "lose" | "draw"])) {
                    error("gameover: expected 'gameover win', 'gameover lose' or 'gameover draw'");
                }
            }
            "quit" => {
                self.stop();
                return false;
            }
            other => error(&format!("unknown command '{other}'")),
        }
        true
    }

    fn setoption(&mut self, words: &[&str]) {
        // setoption name <id...> [value <x...>]
        if words.first() != Some(&"name") {
            return error("setoption: expected 'setoption name <id> [value <x>]'");
        }
        let rest = &words[1..];
        let split = rest.iter().position(|w| *w == "value");
        let (name, value) = match split {
            Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
            None => (rest.join(" "), String::new()),
        };
        match name.as_str() {
            "UCI_Variant" | "USI_Variant" => match variant_named(&value) {
                Ok(played) => {
                    self.stop();
                    self.game = Some(played.start.clone());
                    self.played = played;
                }
                Err(why) => error(&format!(
                    "{name}: {why}; the variant stays {}",
                    self.played.name
                )),
            },
            "EnteringKingRule" => match ENTERING_KING_RULES.iter().find(|(v, _)| *v == value) {
                Some(&(_, rule)) => self.entering_king = rule,
                None => error(&format!(
                    "EnteringKingRule: '{value}' is not played here (known: {}; the handicap counts CSARule24H and CSARule27H and the TryRule are not)",
                    ENTERING_KING_RULES.map(|(v, _)| v).join(", ")
                )),
            },
            "USI_Hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=1024).contains(&mb) => {
                    self.stop();
                    self.hash_mb = mb;
                    self.player = None;
                }
                _ => error(&format!("USI_Hash: '{value}' is not a size from 1 to 1024")),
            },
            "USI_Ponder" | "USI_OwnBook" => {}
            _ => error(&format!("unknown option '{name}'")),
        }
    }

    /// A refused command leaves no position, so that no `go` answers for
    /// one the GUI does not have.
    fn position(&mut self, line: &str) {
        let refused = |e: &dyn std::fmt::Display| {
            error(&format!(
                "{e}; no position until the next good 'position' command"
            ))
        };
        if let AnyGame::Family(start) = &self.played.start {
            match family_game_at(start, line) {
                Ok(game) => self.game = Some(game),
                Err(e) => {
                    refused(&e);
                    self.game = None;
                }
            }
            return;
        }
        match line.parse::<PositionCommand>() {
            Err(e) => {
                refused(&e);
                self.game = None;
            }
            Ok(command) => match game_at(&self.played, &command) {
                Ok(game) => self.game = Some(game),
                Err(e) => {
                    refused(&e);
                    self.game = None;
                }
            },
        }
    }

    fn ponderhit(&mut self) {
        let Some(run) = self.running.as_mut() else {
            return error("ponderhit: no search is running");
        };
        let Some(think) = run.ponder.take() else {
            return error("ponderhit: the running search is not pondering");
        };
        if let Some(t) = think {
            stop_after(&run.stop, t);
        }
        run.hold.store(false, Ordering::Relaxed);
    }

    fn go(&mut self, words: &[&str]) {
        let limits = parse_go(words);
        if self.searching() {
            error("go: a search was running; stopped it first");
        }
        let mut player = self.take_player();
        let Some(game) = self.game.as_ref() else {
            self.player = Some(player);
            error("go: no position (the last 'position' command was refused)");
            return say(if limits.mate.is_some() {
                "checkmate timeout"
            } else {
                "bestmove resign"
            });
        };
        if limits.mate.is_none()
            && !limits.infinite
            && !limits.ponder
            && declaration_wins(game, self.entering_king)
        {
            self.player = Some(player);
            return say("bestmove win");
        }
        let stop = Arc::new(AtomicBool::new(false));
        let hold = Arc::new(AtomicBool::new(limits.infinite || limits.ponder));
        if let Some(mate) = limits.mate {
            self.player = Some(player);
            let time = match mate {
                MateTime::Millis(ms) => Some(Duration::from_millis(ms)),
                MateTime::Infinite => None,
            };
            let handle = spawn_mate(game, time, stop.clone());
            return self.started(handle, stop, hold, None, "checkmate timeout");
        }

        let side = game.side_to_move();
        let plan = limits.time_plan(side);
        let budget = if let Some(n) = limits.nodes {
            Budget::Nodes(n)
        } else if let Some(d) = limits.depth {
            Budget::Depth(d)
        } else if limits.infinite || limits.ponder || plan.is_some_and(|p| p.use_all) {
            Budget::Depth(MAX_SEARCH_DEPTH)
        } else {
            Budget::Time(plan.map_or(DEFAULT_THINK, |p| p.think))
        };
        let timed_budget = matches!(budget, Budget::Time(_));
        // The hard stop on the clock, when the budget is not the clock.
        let hard_stop = if limits.infinite || timed_budget {
            None
        } else if limits.ponder && limits.nodes.is_none() && limits.depth.is_none() {
            Some(plan.map_or(DEFAULT_THINK, |p| p.think))
        } else {
            plan.map(|p| p.think)
        };
        let ponder = if limits.ponder && !limits.infinite {
            Some(hard_stop)
        } else {
            if let Some(t) = hard_stop {
                stop_after(&stop, t);
            }
            None
        };
        player.set_budget(budget);
        player.set_stop_flag(Some(stop.clone()));
        let handle = spawn_search(player, game, stop.clone(), hold.clone());
        self.started(handle, stop, hold, ponder, "bestmove resign");
    }

    /// Keeps a started search, or answers for one that could not start.
    fn started(
        &mut self,
        handle: io::Result<JoinHandle<Option<SearchPlayer>>>,
        stop: Arc<AtomicBool>,
        hold: Arc<AtomicBool>,
        ponder: Option<Option<Duration>>,
        answer: &str,
    ) {
        match handle {
            Ok(handle) => {
                self.running = Some(Running {
                    handle,
                    stop,
                    hold,
                    ponder,
                })
            }
            Err(e) => {
                error(&format!("cannot start the search: {e}"));
                say(answer);
            }
        }
    }
}

/// The game to search for `game`: itself, except that a game over by a
/// rule of the game's history (repetition) while its position still has
/// moves is searched from that position, so the GUI gets a move.
fn searchable(game: &AnyGame) -> AnyGame {
    if let (ToMove::Over(_), AnyGame::Board(board)) = (game.to_move(), game) {
        let fresh = Game::from_position(board.variant().clone(), board.position().clone());
        if !fresh.legal_moves().is_empty() {
            return AnyGame::Board(Box::new(fresh));
        }
    }
    game.clone()
}

/// Asks `player` for the move of the side to move through its observation
/// ([`GameState::observation`]) and returns the `bestmove` line. A board
/// game whose choices are all its legal moves is searched with an `info`
/// line after each iteration; any other observation is answered by
/// [`Player::choose`] alone.
fn answer(player: &mut SearchPlayer, game: &AnyGame) -> String {
    let seat = game.to_move().player().unwrap_or(game.side_to_move());
    let observation = game.observation(seat);
    let board = match observation.seen() {
        Seen::Board(board) if board.legal_moves().len() == observation.choices().len() => {
            Some(*board)
        }
        _ => None,
    };
    let Some(board) = board else {
        return match player.choose(observation) {
            Some(mv) => format!("bestmove {}", game.usi_in(mv, Dialect::Usi)),
            None => "bestmove resign".to_owned(),
        };
    };
    let start = Instant::now();
    let mut printed = None;
    let result = player.search_with_info(board, |r| {
        say(&info_line(r, start));
        printed = Some(r.nodes);
    });
    // The final line when the last iteration was cut short.
    if printed != Some(result.nodes) {
        say(&info_line(&result, start));
    }
    bestmove_line(&result)
}

/// Starts the search of `game`; the thread prints `info` lines and
/// `bestmove`, and gives the player back.
fn spawn_search(
    mut player: SearchPlayer,
    game: &AnyGame,
    stop: Arc<AtomicBool>,
    hold: Arc<AtomicBool>,
) -> io::Result<JoinHandle<Option<SearchPlayer>>> {
    let game = searchable(game);
    std::thread::Builder::new()
        .name("search".into())
        .stack_size(64 << 20)
        .spawn(move || {
            let line = answer(&mut player, &game);
            wait_while_held(&hold, &stop);
            say(&line);
            Some(player)
        })
}

/// Starts a mate search of `game`'s position (df-pn, [`MateSolver`], for
/// a definition's variant [`shogi_players::find_family_mate`]); the thread prints `info`
/// lines while it searches and then `checkmate ...`.
fn spawn_mate(
    game: &AnyGame,
    time: Option<Duration>,
    stop: Arc<AtomicBool>,
) -> io::Result<JoinHandle<Option<SearchPlayer>>> {
    let game = game.clone();
    std::thread::Builder::new()
        .name("mate".into())
        .stack_size(64 << 20)
        .spawn(move || {
            let limits = MateLimits {
                time,
                stop: Some(stop),
                ..MateLimits::default()
            };
            let mut next_info = Duration::from_secs(1);
            let mut progress = |p: MateProgress| {
                if p.elapsed >= next_info {
                    next_info = p.elapsed + Duration::from_secs(1);
                    let ms = p.elapsed.as_millis().max(1);
                    say(&format!(
                        "info time {ms} nodes {} nps {}",
                        p.nodes,
                        u128::from(p.nodes) * 1000 / ms
                    ));
                }
            };
            let report: Result<MateReport, String> = match &game {
                AnyGame::Board(board) => Ok(MateSolver::new().solve_with_progress(
                    board.variant(),
                    board.position(),
                    &limits,
                    &mut progress,
                )),
                AnyGame::Family(family) => {
                    find_family_mate_with_progress(family, &limits, &mut progress)
                        .map_err(|e| e.to_string())
                }
                other => Err(format!("no mate search for {}", other.kind())),
            };
            let report = match report {
                Ok(report) => report,
                Err(why) => {
                    error(&format!("go mate: {why}"));
                    say("checkmate notimplemented");
                    return None;
                }
            };
            let ms = report.elapsed.as_millis();
            say(&match report.result {
                MateResult::Mate(line) => {
                    let moves = line_usi(&game, &line);
                    say(&format!(
                        "info time {ms} nodes {} score mate {} pv {}",
                        report.nodes,
                        line.len(),
                        moves.join(" ")
                    ));
                    format!("checkmate {}", moves.join(" "))
                }
                MateResult::NoMate => "checkmate nomate".to_owned(),
                MateResult::Timeout => "checkmate timeout".to_owned(),
            });
            None
        })
}

/// The moves of a line from `game`'s position, each written as played in
/// its own position (a definition's letters, kyoto's `+` and `-`).
fn line_usi(game: &AnyGame, line: &[Move]) -> Vec<String> {
    let mut game = game.clone();
    line.iter()
        .map(|&mv| {
            let text = game.usi_in(mv, Dialect::Usi);
            // The solver's line is legal move by move from its start; were a
            // move refused, the texts that follow (a board's are the moves'
            // own, whatever the position) would still be right for a board.
            let _ = game.play(mv);
            text
        })
        .collect()
}

/// Waits (an infinite or ponder search that finished early) until the
/// answer may be given.
fn wait_while_held(hold: &AtomicBool, stop: &AtomicBool) {
    while hold.load(Ordering::Relaxed) && !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// `bestmove <move> [ponder <reply>]`, or `bestmove resign`.
fn bestmove_line(r: &SearchResult) -> String {
    match (r.best, r.pv.get(1)) {
        (Some(mv), Some(reply)) if r.pv.first() == Some(&mv) => {
            format!("bestmove {mv} ponder {reply}")
        }
        (Some(mv), _) => format!("bestmove {mv}"),
        (None, _) => "bestmove resign".to_owned(),
    }
}

/// `info depth .. score .. nodes .. nps .. time .. pv ..`.
fn info_line(r: &SearchResult, start: Instant) -> String {
    let ms = start.elapsed().as_millis();
    let nps = (r.nodes as u128 * 1000) / ms.max(1);
    let score = match r.mate_in() {
        Some(n) => format!("mate {n}"),
        None => format!("cp {}", r.score),
    };
    let pv: Vec<String> = r.pv.iter().map(Move::to_string).collect();
    let mut line = format!(
        "info depth {} score {score} nodes {} nps {nps} time {ms}",
        r.depth, r.nodes
    );
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

fn main() {
    let mut engine = Engine::new();
    let mut input = io::stdin().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // Bytes that are not UTF-8 become U+FFFD and fail as unknown words.
        let line = String::from_utf8_lossy(&bytes);
        if !engine.handle(line.trim()) {
            return;
        }
    }
    // End of input: finish like `quit`.
    engine.stop();
}
