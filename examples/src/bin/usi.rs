//! A USI engine over stdin/stdout: the library's search player
//! ([`SearchPlayer`]) for standard shogi, minishogi and must-capture shogi.
//!
//! ```text
//! cargo run --release -p shogi-examples --bin usi
//! ```
//!
//! Commands: `usi`, `isready`, `usinewgame`, `setoption name <id> [value <x>]`,
//! `position (startpos | sfen <sfen>) [moves ...]`, `go ...`, `stop`,
//! `ponderhit`, `gameover ...`, `quit`.
//!
//! - The variant is the option `UCI_Variant` (also accepted as `USI_Variant`):
//!   `shogi` (default; `standard` is accepted too), `minishogi`, or
//!   `must-capture`. Changing it resets the position to the variant's start.
//! - `USI_Hash` sets the transposition table size in MiB.
//! - `go` takes `depth N`, `nodes N`, `movetime MS`, the clock
//!   (`btime`/`wtime`/`binc`/`winc`/`byoyomi`/`movestogo`), `infinite`,
//!   `ponder` and `mate N` (searched as depth 2N+1). One limit drives the
//!   search: nodes, else depth, else time (movetime or the clock's share);
//!   a time limit given together with nodes or depth stops the search as
//!   well. `go` alone thinks for one second. `infinite` and `ponder` search
//!   until `stop` (or `ponderhit`) and only then answer `bestmove`.
//! - The search runs in its own thread, so `stop`, `isready` and `quit` are
//!   answered while it thinks. After each completed iteration an
//!   `info depth .. score (cp ..|mate ..) nodes .. nps .. time .. pv ..` line
//!   is printed, then `bestmove <move>` (`bestmove resign` when there is no
//!   legal move).
//! - A line that cannot be understood (unknown command, malformed position,
//!   illegal move, bad number) is answered with `info string error: ...`; the
//!   engine carries on.

use shogi_core::{Color, Game, Move, PositionCommand};
use shogi_variants::players::{Budget, SearchPlayer, SearchResult, MAX_SEARCH_DEPTH};
use shogi_variants::{AnyVariant, Minishogi, MustCapture, Standard};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

const DEFAULT_HASH_MB: usize = 16;
const VARIANTS: [&str; 3] = ["shogi", "minishogi", "must-capture"];

/// Writes one line to stdout and flushes it (a closed pipe is ignored).
fn say(line: &str) {
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn error(message: &str) {
    say(&format!("info string error: {message}"));
}

/// The variant for a `UCI_Variant` value.
fn variant_named(name: &str) -> Option<AnyVariant> {
    match name.to_ascii_lowercase().as_str() {
        "shogi" | "standard" => Some(AnyVariant::Standard(Standard::default())),
        "minishogi" => Some(AnyVariant::Minishogi(Minishogi::default())),
        "must-capture" | "mustcapture" | "toruitte" => {
            Some(AnyVariant::MustCapture(MustCapture::default()))
        }
        _ => None,
    }
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
}

/// Parses the words after `go`; problems are reported and skipped.
fn parse_go(words: &[&str]) -> GoLimits {
    let mut limits = GoLimits::default();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let number = |i: usize| -> Option<u64> {
            match words.get(i + 1).map(|w| w.parse::<i64>()) {
                Some(Ok(n)) => Some(n.max(0) as u64),
                _ => {
                    error(&format!("go: '{word}' needs a number"));
                    None
                }
            }
        };
        let takes_value = matches!(
            word,
            "depth"
                | "nodes"
                | "movetime"
                | "btime"
                | "wtime"
                | "binc"
                | "winc"
                | "byoyomi"
                | "movestogo"
                | "mate"
        );
        if takes_value {
            let value = number(i);
            if let Some(n) = value {
                match word {
                    "depth" => limits.depth = Some(n.clamp(1, u64::from(MAX_SEARCH_DEPTH)) as u32),
                    "nodes" => limits.nodes = Some(n.max(1)),
                    "movetime" => limits.movetime = Some(n),
                    "btime" => limits.btime = Some(n),
                    "wtime" => limits.wtime = Some(n),
                    "binc" => limits.binc = n,
                    "winc" => limits.winc = n,
                    "byoyomi" => limits.byoyomi = n,
                    "movestogo" => limits.movestogo = Some(n.max(1)),
                    _ => {
                        // mate N: a mate in N moves is 2N − 1 plies.
                        limits.depth =
                            Some((n.saturating_mul(2) + 1).min(u64::from(MAX_SEARCH_DEPTH)) as u32)
                    }
                }
                i += 2;
            } else {
                i += 1;
            }
            continue;
        }
        match word {
            "infinite" | "ponder" => limits.infinite = true,
            other => error(&format!("go: unknown parameter '{other}'")),
        }
        i += 1;
    }
    limits
}

impl GoLimits {
    /// The time to think for `side`, if the command gives one.
    fn time_for(&self, side: Color) -> Option<Duration> {
        if let Some(ms) = self.movetime {
            return Some(Duration::from_millis(ms.max(1)));
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
        // Never plan past what is on the clock, with a margin for the reply.
        let cap = left
            .saturating_add(self.byoyomi)
            .saturating_add(inc)
            .saturating_sub(100);
        Some(Duration::from_millis(share.min(cap).max(10)))
    }
}

/// A search running in its own thread.
struct Running {
    handle: JoinHandle<SearchPlayer>,
    stop: Arc<AtomicBool>,
}

struct Engine {
    variant: AnyVariant,
    game: Game<AnyVariant>,
    hash_mb: usize,
    /// The player, when no search has it.
    player: Option<SearchPlayer>,
    running: Option<Running>,
}

impl Engine {
    fn new() -> Engine {
        let variant = AnyVariant::Standard(Standard::default());
        Engine {
            game: Game::new(variant.clone()),
            variant,
            hash_mb: DEFAULT_HASH_MB,
            player: None,
            running: None,
        }
    }

    /// The player, waiting for (after stopping, if `stop`) a running search.
    fn take_player(&mut self, stop: bool) -> SearchPlayer {
        self.wait(stop);
        self.player
            .take()
            .unwrap_or_else(|| SearchPlayer::new(Budget::Depth(1)).with_hash_mb(self.hash_mb))
    }

    /// Waits for a running search (stopping it first if `stop`).
    fn wait(&mut self, stop: bool) {
        if let Some(run) = self.running.take() {
            if stop {
                run.stop.store(true, Ordering::Relaxed);
            }
            match run.handle.join() {
                Ok(player) => self.player = Some(player),
                Err(_) => error("the search failed; starting afresh"),
            }
        }
    }

    fn stop(&mut self) {
        if let Some(run) = &self.running {
            run.stop.store(true, Ordering::Relaxed);
        }
        self.wait(true);
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
                let vars: String = VARIANTS.iter().map(|v| format!(" var {v}")).collect();
                say(&format!(
                    "option name UCI_Variant type combo default shogi{vars}"
                ));
                say("usiok");
            }
            "isready" => say("readyok"),
            "usinewgame" => {
                let mut player = self.take_player(true);
                player.clear();
                self.player = Some(player);
            }
            "setoption" => self.setoption(&words[1..]),
            "position" => self.position(line),
            "go" => self.go(&words[1..]),
            "stop" | "ponderhit" => self.stop(),
            "gameover" => self.stop(),
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
                Some(v) => {
                    self.wait(true);
                    self.game = Game::new(v.clone());
                    self.variant = v;
                }
                None => error(&format!(
                    "unknown variant '{value}' (known: {})",
                    VARIANTS.join(", ")
                )),
            },
            "USI_Hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=1024).contains(&mb) => {
                    self.wait(true);
                    self.hash_mb = mb;
                    self.player = None;
                }
                _ => error(&format!("USI_Hash: '{value}' is not a size from 1 to 1024")),
            },
            "USI_Ponder" | "USI_OwnBook" => {}
            _ => error(&format!("unknown option '{name}'")),
        }
    }

    fn position(&mut self, line: &str) {
        let command: PositionCommand = match line.parse() {
            Ok(c) => c,
            Err(e) => return error(&e.to_string()),
        };
        match command.to_game(self.variant.clone()) {
            Ok(game) => self.game = game,
            Err(e) => error(&format!("position: {e}")),
        }
    }

    fn go(&mut self, words: &[&str]) {
        let limits = parse_go(words);
        let mut player = self.take_player(false);
        let side = self.game.position().side_to_move();
        let time = limits.time_for(side);
        let budget = if let Some(n) = limits.nodes {
            Budget::Nodes(n)
        } else if let Some(d) = limits.depth {
            Budget::Depth(d)
        } else if limits.infinite {
            Budget::Depth(MAX_SEARCH_DEPTH)
        } else if let Some(t) = time {
            Budget::Time(t)
        } else {
            Budget::Time(Duration::from_secs(1))
        };
        player.set_budget(budget);
        let stop = Arc::new(AtomicBool::new(false));
        player.set_stop_flag(Some(stop.clone()));
        if let (Some(t), false) = (time, matches!(budget, Budget::Time(_))) {
            if !limits.infinite {
                let flag = stop.clone();
                std::thread::spawn(move || {
                    std::thread::sleep(t);
                    flag.store(true, Ordering::Relaxed);
                });
            }
        }
        // A game ended by repetition still has moves to offer the GUI.
        let game = if self.game.outcome().is_some() && self.game.legal_moves().is_empty() {
            let pos = self.game.position().clone();
            let fresh = Game::from_position(self.variant.clone(), pos);
            if fresh.legal_moves().is_empty() {
                self.game.clone()
            } else {
                fresh
            }
        } else {
            self.game.clone()
        };
        let infinite = limits.infinite;
        let flag = stop.clone();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20)
            .spawn(move || {
                let start = Instant::now();
                let mut printed = None;
                let result = player.search_with_info(&game, |r| {
                    say(&info_line(r, start));
                    printed = Some(r.nodes);
                });
                // The final line when the last iteration was cut short.
                if printed != Some(result.nodes) {
                    say(&info_line(&result, start));
                }
                if infinite {
                    while !flag.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                }
                match result.best {
                    Some(mv) => say(&format!("bestmove {mv}")),
                    None => say("bestmove resign"),
                }
                player
            });
        match spawned {
            Ok(handle) => self.running = Some(Running { handle, stop }),
            Err(e) => {
                error(&format!("cannot start the search: {e}"));
                say("bestmove resign");
            }
        }
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
