//! A scripted USI session with the `usi` engine binary.

use shogi_core::{Game, Move, PositionCommand};
use shogi_variants::{
    AnyGame, AnyVariant, Definition, Dialect, FamilyGame, GameKind, GameState, Minishogi, Standard,
    ToMove,
};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(60);

struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_usi"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the usi binary starts");
        let stdout = child.stdout.take().unwrap();
        let stdin = child.stdin.take();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + TIMEOUT;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(e) => panic!("no '{prefix}' line ({e}); got {seen:?}"),
            }
        }
    }

    /// Sends `go ...` and returns the info lines and the best move's word.
    fn go(&mut self, command: &str) -> (Vec<String>, String) {
        self.send(command);
        let mut lines = self.until("bestmove");
        let best = lines.pop().unwrap();
        let word = best.split_whitespace().nth(1).unwrap_or("").to_owned();
        (lines, word)
    }

    /// Sends `go mate ...` and returns the lines before and the words
    /// after `checkmate`.
    fn go_mate(&mut self, command: &str) -> (Vec<String>, Vec<String>) {
        self.send(command);
        let mut lines = self.until("checkmate");
        let answer = lines.pop().unwrap();
        let words = answer
            .split_whitespace()
            .skip(1)
            .map(str::to_owned)
            .collect();
        (lines, words)
    }

    /// `isready` is answered within a second.
    fn assert_ready(&mut self) {
        self.send("isready");
        let start = Instant::now();
        self.until("readyok");
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "{:?}",
            start.elapsed()
        );
    }

    /// Sends `quit` and waits for the engine to end by itself.
    fn quit(mut self) {
        self.send("quit");
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "{status}");
                return;
            }
            assert!(Instant::now() < deadline, "the engine did not quit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Nothing but `info` lines arrives within `wait`.
    fn assert_silent_but_info(&mut self, wait: Duration) {
        let deadline = Instant::now() + wait;
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            assert!(line.starts_with("info "), "unexpected line {line:?}");
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn game_of(variant: AnyVariant, position: &str) -> Game<AnyVariant> {
    position
        .parse::<PositionCommand>()
        .unwrap()
        .to_game(variant)
        .unwrap()
}

fn assert_legal(game: &Game<AnyVariant>, word: &str) {
    let mv: Move = word
        .parse()
        .unwrap_or_else(|e| panic!("bestmove '{word}': {e}"));
    assert!(
        game.legal_moves().contains(&mv),
        "bestmove {word} is illegal"
    );
}

#[test]
fn scripted_session() {
    let standard = AnyVariant::Standard(Standard::default());
    let mini = AnyVariant::Minishogi(Minishogi::default());
    let mut s = Session::start();

    s.send("usi");
    let lines = s.until("usiok");
    assert!(lines.iter().any(|l| l.starts_with("id name ")), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("id author ")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(
            |l| l.starts_with("option name UCI_Variant type combo default shogi")
                && l.contains("var minishogi")
        ),
        "{lines:?}"
    );
    s.send("isready");
    s.until("readyok");
    s.send("usinewgame");

    let position = "position startpos moves 7g7f 3c3d";
    s.send(position);
    let game = game_of(standard.clone(), position);
    let (info, best) = s.go("go nodes 2000");
    assert_legal(&game, &best);
    assert!(
        info.iter().any(|l| l.starts_with("info depth ")
            && l.contains(" score ")
            && l.contains(" nodes ")
            && l.contains(" pv ")),
        "{info:?}"
    );
    for line in &info {
        if let Some(n) = line.split(" nodes ").nth(1) {
            let n: u64 = n.split_whitespace().next().unwrap().parse().unwrap();
            assert!(n <= 2000, "{line}");
        }
    }

    let (info, best) = s.go("go depth 2");
    assert_legal(&game, &best);
    assert!(
        info.iter().any(|l| l.starts_with("info depth 2 ")),
        "{info:?}"
    );

    let start = Instant::now();
    let (_, best) = s.go("go movetime 100");
    assert_legal(&game, &best);
    assert!(start.elapsed() < Duration::from_secs(10));

    let (_, best) = s.go("go btime 1000 wtime 1000 byoyomi 100");
    assert_legal(&game, &best);

    // A mate in one: the score says so.
    s.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    let (info, best) = s.go("go depth 3");
    assert_eq!(best, "G*5b");
    assert!(info.iter().any(|l| l.contains("score mate 1 ")), "{info:?}");

    // Checkmated: nothing to play.
    s.send("position sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
    let (_, best) = s.go("go depth 2");
    assert_eq!(best, "resign");

    // Minishogi.
    s.send("setoption name UCI_Variant value minishogi");
    s.send("position startpos");
    let (_, best) = s.go("go depth 3");
    assert_legal(&Game::new(mini.clone()), &best);
    let position = "position startpos moves 2e3d 4a3b";
    s.send(position);
    let (_, best) = s.go("go nodes 3000");
    assert_legal(&game_of(mini.clone(), position), &best);

    // Bad lines: an error each, and the engine lives on.
    for bad in [
        "garbage",
        "setoption name UCI_Variant value chess",
        "setoption value 3",
        "setoption name USI_Hash value lots",
        "go depth 1 movetime 99999999999999999999999",
        "position",
        "position sfen not-a-board",
        "position startpos moves 9z9z",
        "position startpos moves 5e5d",
    ] {
        s.send(bad);
        let mut lines = Vec::new();
        if bad.starts_with("go") {
            lines = s.until("bestmove");
        }
        s.send("isready");
        lines.extend(s.until("readyok"));
        assert!(
            lines.iter().any(|l| l.starts_with("info string error: ")),
            "{bad}: {lines:?}"
        );
    }
    // After a refused position there is none to answer for.
    let (info, best) = s.go("go depth 2");
    assert_eq!(best, "resign");
    assert!(
        info.iter()
            .any(|l| l.starts_with("info string error: go: no position")),
        "{info:?}"
    );
    s.send(position);
    // Bad numbers are reported; huge numbers are no trouble.
    let (info, best) = s.go("go depth 2 nodes x");
    assert_legal(&game_of(mini.clone(), position), &best);
    assert!(info.iter().any(|l| l.contains("'nodes x'")), "{info:?}");
    let (_, best) = s.go("go depth 2 btime 9223372036854775807 binc 9223372036854775807");
    assert_legal(&game_of(mini.clone(), position), &best);

    // Infinite until stop.
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    s.send("isready");
    s.until("readyok");
    s.send("stop");
    let lines = s.until("bestmove");
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert_legal(&game_of(mini, position), best);

    // Back to shogi.
    s.send("setoption name UCI_Variant value shogi");
    s.send("position startpos");
    let (_, best) = s.go("go depth 1");
    assert_legal(&Game::new(standard), &best);

    s.send("quit");
    drop(s.stdin.take());
    let deadline = Instant::now() + TIMEOUT;
    loop {
        if let Some(status) = s.child.try_wait().unwrap() {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(Instant::now() < deadline, "the engine did not quit");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn end_of_input_ends_the_engine() {
    let mut s = Session::start();
    s.send("isready");
    s.until("readyok");
    s.send("go depth 2");
    drop(s.stdin.take());
    s.until("bestmove");
    let deadline = Instant::now() + TIMEOUT;
    while s.child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "the engine did not end");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The `bestmove` line's move and ponder move.
fn split_bestmove(line: &str) -> (String, Option<String>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[0], "bestmove", "{line}");
    match words[..] {
        [_, best] => (best.to_owned(), None),
        [_, best, "ponder", reply] => (best.to_owned(), Some(reply.to_owned())),
        _ => panic!("malformed {line:?}"),
    }
}

/// `line` is a forced mate from `position` in `plies`: every attacker move
/// checks, and the defender ends in check without a legal move.
fn assert_mates(variant: AnyVariant, position: &str, line: &[String], plies: usize) {
    let mut game = game_of(variant, position);
    assert_eq!(line.len(), plies, "{line:?}");
    for (i, usi) in line.iter().enumerate() {
        game.play_usi(usi)
            .unwrap_or_else(|e| panic!("{usi} in {line:?}: {e}"));
        if i % 2 == 0 {
            assert!(game.position().is_check(), "{usi} is no check");
        }
    }
    assert!(
        game.position().is_check() && game.legal_moves().is_empty(),
        "{line:?}"
    );
}

#[test]
fn go_mate_answers_checkmate() {
    let standard = AnyVariant::Standard(Standard::default());
    let mini = AnyVariant::Minishogi(Minishogi::default());
    let mut s = Session::start();
    for (sfen, plies) in [
        ("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 1),
        ("9/8k/6S2/9/9/9/9/9/K8 b 2G 1", 3),
        ("8k/9/9/6S2/9/9/9/9/K8 b 2R 1", 5),
        ("6B1k/9/9/6G2/9/9/9/9/K8 b S 1", 5),
    ] {
        let position = format!("position sfen {sfen}");
        s.send(&position);
        let (_, line) = s.go_mate("go mate 20000");
        assert_mates(standard.clone(), &position, &line, plies);
    }
    // White mates too, in the position after the moves.
    let position = "position sfen 4k4/9/9/9/9/9/4p4/9/3K5 b g 1 moves 6i5i";
    s.send(position);
    let (_, line) = s.go_mate("go mate infinite");
    assert_eq!(line, ["G*5h"]);
    assert_mates(standard.clone(), position, &line, 1);
    s.send("setoption name UCI_Variant value minishogi");
    let position = "position sfen 4k/5/1+B3/5/K4 b R 1";
    s.send(position);
    let (_, line) = s.go_mate("go mate infinite");
    assert_mates(mini.clone(), position, &line, 3);

    // Nothing gives check: proved, no mate. A lone rook's checks repeat.
    s.send("position startpos");
    let (_, line) = s.go_mate("go mate 20000");
    assert_eq!(line, ["nomate"]);
    s.send("position sfen 2R2/4k/5/5/K4 b - 1");
    let (_, line) = s.go_mate("go mate 20000");
    assert_eq!(line, ["nomate"]);

    // Checks for a long time: the time runs out, or `stop` comes.
    s.send("setoption name UCI_Variant value shogi");
    s.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b RB 1");
    let start = Instant::now();
    let (_, line) = s.go_mate("go mate 300");
    assert_eq!(line, ["timeout"]);
    assert!(start.elapsed() >= Duration::from_millis(300));
    assert!(start.elapsed() < Duration::from_secs(5));
    s.send("go mate infinite");
    std::thread::sleep(Duration::from_millis(200));
    s.assert_ready();
    let start = Instant::now();
    let (_, line) = s.go_mate("stop");
    assert_eq!(line, ["timeout"]);
    assert!(start.elapsed() < Duration::from_secs(1));
    // Never a `bestmove` for `go mate`.
    s.assert_ready();
    s.quit();
}

#[test]
fn go_while_searching_never_hangs() {
    let standard = AnyVariant::Standard(Standard::default());
    let mut s = Session::start();
    for (position, running) in [
        ("position startpos", "go infinite"),
        (
            "position startpos",
            "go ponder btime 0 wtime 0 byoyomi 1000",
        ),
        // Checks for a long time.
        (
            "position sfen 4k4/9/9/9/9/9/9/9/4K4 b RB 1",
            "go mate infinite",
        ),
    ] {
        let start = game_of(standard.clone(), position);
        s.send(position);
        s.send(running);
        std::thread::sleep(Duration::from_millis(100));
        // The running search is stopped, answers, then the new one does.
        s.send("go depth 1");
        let lines = s.until(if running.contains("mate") {
            "checkmate"
        } else {
            "bestmove"
        });
        assert!(
            lines
                .iter()
                .any(|l| l == "info string error: go: a search was running; stopped it first"),
            "{lines:?}"
        );
        let lines = s.until("bestmove");
        let (best, _) = split_bestmove(lines.last().unwrap());
        assert_legal(&start, &best);
        s.assert_ready();
    }
    // And after all that, `stop` and `quit` are still heard.
    s.send("go infinite");
    s.assert_ready();
    s.send("go infinite");
    s.until("bestmove");
    s.send("stop");
    s.until("bestmove");
    s.send("go infinite");
    s.quit();
}

#[test]
fn a_refused_position_is_not_searched() {
    let mut s = Session::start();
    s.send("position startpos moves 7g7f");
    s.send("position startpos moves 7g7f 7g7f");
    let (info, best) = s.go("go btime 1000 wtime 1000 byoyomi 100");
    assert_eq!(best, "resign");
    assert!(
        info.iter()
            .any(|l| l.starts_with("info string error: go: no position")),
        "{info:?}"
    );
    let (info, line) = s.go_mate("go mate 1000");
    assert_eq!(line, ["timeout"]);
    assert!(
        info.iter()
            .any(|l| l.starts_with("info string error: go: no position")),
        "{info:?}"
    );
    s.send("go ponder");
    s.until("bestmove resign");
    // A good position again is searched.
    s.send("position startpos moves 7g7f");
    let (_, best) = s.go("go depth 1");
    let game = game_of(
        AnyVariant::Standard(Standard::default()),
        "position startpos moves 7g7f",
    );
    assert_legal(&game, &best);
    s.quit();
}

#[test]
fn bestmove_names_the_expected_reply() {
    let standard = AnyVariant::Standard(Standard::default());
    let mut s = Session::start();
    let position = "position startpos moves 7g7f";
    s.send(position);
    s.send("go depth 3");
    let line = s.until("bestmove").pop().unwrap();
    let (best, reply) = split_bestmove(&line);
    let mut game = game_of(standard, position);
    assert_legal(&game, &best);
    game.play_usi(&best).unwrap();
    let reply = reply.unwrap_or_else(|| panic!("no ponder move: {line}"));
    assert_legal(&game, &reply);
    // Checkmated: no move, no reply.
    s.send("position sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
    s.send("go depth 2");
    assert_eq!(s.until("bestmove").pop().unwrap(), "bestmove resign");
    s.quit();
}

#[test]
fn ponderhit_thinks_on_the_clock_from_then() {
    let standard = AnyVariant::Standard(Standard::default());
    let mut s = Session::start();
    let position = "position startpos moves 7g7f 3c3d";
    s.send(position);
    s.send("go ponder btime 0 wtime 0 byoyomi 1000");
    // Pondering: no answer until told.
    s.assert_silent_but_info(Duration::from_millis(300));
    s.send("ponderhit");
    let hit = Instant::now();
    let line = s.until("bestmove").pop().unwrap();
    let thought = hit.elapsed();
    // 1000 ms of byoyomi less the 100 ms margin.
    assert!(thought >= Duration::from_millis(700), "{thought:?}");
    assert!(thought < Duration::from_millis(5000), "{thought:?}");
    let (best, _) = split_bestmove(&line);
    assert_legal(&game_of(standard.clone(), position), &best);

    // `stop` while pondering answers at once.
    s.send("go ponder btime 0 wtime 0 byoyomi 1000");
    std::thread::sleep(Duration::from_millis(100));
    s.send("stop");
    let stopped = Instant::now();
    s.until("bestmove");
    assert!(stopped.elapsed() < Duration::from_millis(500));
    // `ponderhit` with nothing to hit is an error, and no answer.
    s.send("ponderhit");
    s.send("isready");
    let lines = s.until("readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error: ponderhit")),
        "{lines:?}"
    );
    s.quit();
}

#[test]
fn byoyomi_is_used_but_not_overrun() {
    let standard = AnyVariant::Standard(Standard::default());
    let mut s = Session::start();
    s.send("position startpos");
    s.assert_ready();
    // On a busy machine one late answer is forgiven, not three.
    let mut times = Vec::new();
    for _ in 0..3 {
        let start = Instant::now();
        let (_, best) = s.go("go btime 0 wtime 0 byoyomi 100");
        let took = start.elapsed();
        assert_legal(&Game::new(standard.clone()), &best);
        // 100 ms less a 20 ms margin: well over half of it is used.
        assert!(took >= Duration::from_millis(60), "{took:?}");
        times.push(took);
        if took <= Duration::from_millis(100) {
            break;
        }
    }
    assert!(
        times.iter().any(|&t| t <= Duration::from_millis(100)),
        "{times:?}"
    );
    s.quit();
}

#[test]
fn bad_numbers_in_go_are_reported_and_ignored() {
    let standard = AnyVariant::Standard(Standard::default());
    let mut s = Session::start();
    s.send("position startpos");
    for (command, named) in [
        ("go nodes -5 depth 2", "'nodes -5'"),
        ("go depth 0 nodes 300", "'depth 0'"),
        ("go depth 2 movetime -1", "'movetime -1'"),
        ("go depth 2 btime 1.5", "'btime 1.5'"),
        ("go depth 2 byoyomi", "'byoyomi' needs a number"),
    ] {
        let (info, best) = s.go(command);
        assert_legal(&Game::new(standard.clone()), &best);
        assert!(
            info.iter()
                .any(|l| l.starts_with("info string error: go: ") && l.contains(named)),
            "{command}: {info:?}"
        );
        // The rest of the command was searched: not one node.
        let last = info
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .unwrap();
        let nodes: u64 = last
            .split(" nodes ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(nodes > 1, "{command}: {last}");
    }
    s.quit();
}

/// The `info string error:` lines among `lines`.
fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .collect()
}

/// The lines a command gives before the `readyok` of an `isready` after it.
fn answer_to(s: &mut Session, line: &str) -> Vec<String> {
    s.send(line);
    s.send("isready");
    s.until("readyok")
}

#[test]
fn games_with_chance_or_hidden_pieces_are_refused() {
    let mut s = Session::start();
    s.send("usi");
    let lines = s.until("usiok");
    let combo = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant "))
        .unwrap_or_else(|| panic!("{lines:?}"));
    // The combo offers the board games the table says USI can play, then
    // every shipped definition, and nothing else.
    let mut playable: Vec<String> = GameKind::ALL
        .into_iter()
        .filter(|&k| {
            !k.has_chance()
                && !k.hidden_information()
                && !matches!(k, GameKind::Defined | GameKind::Scripted)
        })
        .map(|k| format!("var {}", k.usi_name()))
        .collect();
    for name in Definition::BUILTIN_NAMES
        .iter()
        .chain(FamilyGame::builtin_names())
    {
        if GameKind::from_name(name).is_none() && !playable.contains(&format!("var {name}")) {
            playable.push(format!("var {name}"));
        }
    }
    assert!(combo.ends_with(&playable.join(" ")), "{combo}");
    for kind in [
        GameKind::Card,
        GameKind::Tsuitate,
        GameKind::Defined,
        GameKind::Scripted,
    ] {
        assert!(!combo.contains(&format!("var {kind} ")), "{combo}");
    }

    s.send("setoption name UCI_Variant value minishogi");
    for (value, why) in [
        ("card", "chance"),
        ("Card-Shogi", "chance"),
        ("tsuitate", "hides pieces"),
        ("defined", "definition file's path"),
        ("scripted", "code registered"),
    ] {
        let lines = answer_to(&mut s, &format!("setoption name UCI_Variant value {value}"));
        let errors = errors(&lines);
        assert_eq!(errors.len(), 1, "{value}: {lines:?}");
        assert!(
            (errors[0].contains("perfect-information")
                || value == "defined"
                || value == "scripted")
                && errors[0].contains(why),
            "{value}: {errors:?}"
        );
        assert!(
            errors[0].contains("the variant stays minishogi"),
            "{errors:?}"
        );
    }
    // The variant is still minishogi, its position untouched.
    let (_, best) = s.go("go depth 2");
    assert_legal(
        &Game::new(AnyVariant::Minishogi(Minishogi::default())),
        &best,
    );
    let position = "position startpos moves 2e3d 4a3b";
    s.send(position);
    let (_, best) = s.go("go depth 2");
    assert_legal(
        &game_of(AnyVariant::Minishogi(Minishogi::default()), position),
        &best,
    );
    s.quit();
}

#[test]
fn variant_names_come_from_the_table() {
    let mut s = Session::start();
    // Every name and alias of the table is understood, ASCII case ignored.
    for kind in GameKind::VARIANTS
        .into_iter()
        .filter(|&k| !matches!(k, GameKind::Defined | GameKind::Scripted))
    {
        for name in std::iter::once(kind.name()).chain(kind.aliases().iter().copied()) {
            for value in [name.to_owned(), name.to_ascii_uppercase()] {
                let lines = answer_to(&mut s, &format!("setoption name UCI_Variant value {value}"));
                assert!(errors(&lines).is_empty(), "{value}: {lines:?}");
            }
        }
    }
    let lines = answer_to(&mut s, "setoption name UCI_Variant value chess");
    let errors = errors(&lines);
    assert!(
        errors.len() == 1
            && errors[0].contains(
                "unknown variant 'chess' (known: shogi, minishogi, must-capture, judkins"
            ),
        "{lines:?}"
    );
    s.quit();
}

/// The game `position` sets up in a variant the engine plays by name.
fn named_game(name: &str, moves: &[String]) -> AnyGame {
    let mut game = AnyGame::new(name, &[], 0).unwrap();
    for text in moves {
        let mv = match &game {
            AnyGame::Family(g) => g.parse_usi(text).unwrap(),
            _ => text.parse().unwrap(),
        };
        game.play(mv).unwrap();
    }
    game
}

#[test]
fn every_shipped_variant_is_played_by_its_names_and_its_letters() {
    let mut s = Session::start();
    for name in Definition::BUILTIN_NAMES
        .iter()
        .chain(FamilyGame::builtin_names())
    {
        let game = AnyGame::new(name, &[], 0).unwrap();
        // Its own name, and Fairy-Stockfish's and lishogi's where they have one.
        let values: Vec<String> = std::iter::once(name.to_string())
            .chain(
                [Dialect::FairyStockfish, Dialect::Lishogi]
                    .into_iter()
                    .filter_map(|d| game.variant_name_in(d)),
            )
            .collect();
        for value in values {
            let lines = answer_to(&mut s, &format!("setoption name USI_Variant value {value}"));
            assert!(errors(&lines).is_empty(), "{value}: {lines:?}");
            // Six plies of the engine against itself, each move legal.
            let mut moves: Vec<String> = Vec::new();
            for _ in 0..6 {
                s.send(&format!("position startpos moves {}", moves.join(" ")));
                let (_, best) = s.go("go depth 1");
                if best == "resign" {
                    assert!(named_game(name, &moves).legal_moves().is_empty(), "{value}");
                    break;
                }
                moves.push(best);
                let game = named_game(name, &moves);
                let sfen = game.sfen();
                s.send(&format!("position sfen {sfen}"));
                if game.legal_moves().is_empty() {
                    break;
                }
                let (_, from_sfen) = s.go("go depth 1");
                let mut after = game.clone();
                let mv = match &after {
                    AnyGame::Family(g) => g.parse_usi(&from_sfen).unwrap(),
                    _ => from_sfen.parse().unwrap(),
                };
                after
                    .play(mv)
                    .unwrap_or_else(|e| panic!("{value}: {from_sfen} in {sfen}: {e}"));
            }
        }
    }
    s.quit();
}

#[test]
fn a_definition_file_is_played_by_its_path() {
    let dir = std::env::temp_dir().join(format!("usi-definition-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tiny.toml");
    std::fs::write(
        &path,
        r#"
name = "tiny"
files = 3
ranks = 3
promotion_ranks = 1
start = "1k1/3/1K1 b - 1"
[[piece]]
name = "king"
letter = "K"
betza = "K"
royal = true
[[piece]]
name = "wazir"
letter = "W"
betza = "W"
"#,
    )
    .unwrap();
    let mut s = Session::start();
    let lines = answer_to(
        &mut s,
        &format!("setoption name USI_Variant value {}", path.display()),
    );
    assert!(errors(&lines).is_empty(), "{lines:?}");
    s.send("position sfen 1k1/3/1K1 b W 1");
    let (_, best) = s.go("go depth 2");
    let text = std::fs::read_to_string(&path).unwrap();
    let AnyGame::Family(tiny) = AnyGame::new("defined", &[("definition", &text)], 0).unwrap()
    else {
        panic!("a definition with pieces of its own is a family game");
    };
    let mut game = tiny.from_sfen("1k1/3/1K1 b W 1").unwrap();
    let mv = game.parse_usi(&best).unwrap();
    game.play(mv).unwrap_or_else(|e| panic!("{best}: {e}"));
    s.send("position sfen 1k1/3/1K1 b W 1 moves W*2b");
    s.send("go mate 1000");
    let mate = s.until("checkmate");
    assert!(mate.last().unwrap().starts_with("checkmate"), "{mate:?}");
    let missing = dir.join("missing.toml");
    let lines = answer_to(
        &mut s,
        &format!("setoption name USI_Variant value {}", missing.display()),
    );
    assert!(
        errors(&lines).len() == 1 && errors(&lines)[0].contains("cannot read the definition file"),
        "{lines:?}"
    );
    s.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bestmove_win_declares_by_the_entering_king_rule() {
    // Black: king on 5b, ten tokins in the zone (10 points) and two rooks
    // and two bishops in hand (20): 30 points, enough under the 27-point
    // rule (28 for Black), a draw under the 24-point rule (31 to win).
    let declares = "position sfen 9/4K+P3/+P+P+P+P+P+P+P+P+P/9/9/9/9/9/4k4 b 2R2B 1";
    let mut s = Session::start();
    s.send("usi");
    let lines = s.until("usiok");
    assert!(
        lines.iter().any(|l| l
            == "option name EnteringKingRule type combo default CSARule27 var NoEnteringKing var CSARule24 var CSARule27"),
        "{lines:?}"
    );
    s.send(declares);
    assert_eq!(s.go("go btime 1000 wtime 1000").1, "win");
    for (rule, answer) in [
        ("NoEnteringKing", false),
        ("CSARule24", false),
        ("CSARule27", true),
    ] {
        let lines = answer_to(
            &mut s,
            &format!("setoption name EnteringKingRule value {rule}"),
        );
        assert!(errors(&lines).is_empty(), "{lines:?}");
        let (_, best) = s.go("go depth 1");
        assert_eq!(best == "win", answer, "{rule}: {best}");
    }
    // One gold more: 31 points, a win under the 24-point rule too.
    answer_to(&mut s, "setoption name EnteringKingRule value CSARule24");
    s.send("position sfen 9/4K+P3/+P+P+P+P+P+P+P+P+P/9/9/9/9/9/4k4 b 2R2BG 1");
    assert_eq!(s.go("go depth 1").1, "win");
    // In check, no declaration: the engine searches.
    s.send("position sfen 9/4K+P3/+P+P+P+P+P+P+P+P+P/9/9/9/9/4r4/4k4 b 2B 1");
    assert_ne!(s.go("go depth 1").1, "win");
    for rule in ["TryRule", "CSARule27H", "CSARule24H", "nonsense"] {
        let lines = answer_to(
            &mut s,
            &format!("setoption name EnteringKingRule value {rule}"),
        );
        assert!(
            errors(&lines).len() == 1 && errors(&lines)[0].contains(rule),
            "{lines:?}"
        );
    }
    // gameover stops and keeps the engine ready for the next game.
    s.send(declares);
    s.send("go infinite");
    s.send("gameover win");
    s.until("bestmove");
    for bad in ["gameover", "gameover maybe"] {
        let lines = answer_to(&mut s, bad);
        assert_eq!(errors(&lines).len(), 1, "{lines:?}");
    }
    s.send("usinewgame");
    s.send("position startpos");
    assert_ne!(s.go("go depth 1").1, "resign");
    s.quit();
}

#[test]
fn must_capture_is_played_through_the_contract() {
    let mut s = Session::start();
    s.send("setoption name UCI_Variant value toru-itte");
    // Black's bishop can take White's: it must.
    let position = "position startpos moves 7g7f 3c3d";
    s.send(position);
    let mut game = AnyGame::new(GameKind::MustCapture.name(), &[], 0).unwrap();
    for mv in ["7g7f", "3c3d"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let captures = GameState::legal_moves(&game);
    assert_eq!(captures.len(), 2, "{captures:?}");
    for go in ["go depth 2", "go nodes 500"] {
        let (_, best) = s.go(go);
        let mv: Move = best.parse().unwrap();
        assert!(captures.contains(&mv), "{go}: {best}");
    }
    // A quiet move when a capture is due is refused by the game.
    let lines = answer_to(&mut s, "position startpos moves 7g7f 3c3d 2g2f");
    let errors = errors(&lines);
    assert!(
        errors.len() == 1 && errors[0].contains("move 3: 2g2f"),
        "{lines:?}"
    );
    let (_, best) = s.go("go depth 1");
    assert_eq!(best, "resign");
    s.quit();
}

#[test]
fn a_game_over_by_repetition_still_gets_a_move() {
    let mut s = Session::start();
    // The start position a fourth time: sennichite, the game is over.
    let shuffle = " 2h3h 8b7b 3h2h 7b8b".repeat(3);
    let position = format!("position startpos moves{shuffle}");
    let mut game = AnyGame::new(GameKind::Standard.name(), &[], 0).unwrap();
    for mv in shuffle.split_whitespace() {
        game.play(mv.parse().unwrap()).unwrap();
    }
    assert!(matches!(game.to_move(), ToMove::Over(_)));
    let lines = answer_to(&mut s, &position);
    assert!(errors(&lines).is_empty(), "{lines:?}");
    // The GUI still gets a move for the position on the board.
    let (_, best) = s.go("go depth 2");
    assert_legal(&Game::new(AnyVariant::Standard(Standard::default())), &best);
    s.quit();
}

/// The GUI owns the game's rules: a move legal in its position is played
/// after the game's end by repetition, and `go` answers for the position
/// after it, never for an earlier one; a move that is not legal is refused,
/// and `go` then answers for nothing.
#[test]
fn moves_past_a_fourfold_repetition_are_played_and_searched() {
    let mut s = Session::start();
    let shuffle = " 2h3h 8b7b 3h2h 7b8b".repeat(3);
    let past_the_end = format!("position startpos moves{shuffle} 7g7f");
    let lines = answer_to(&mut s, &past_the_end);
    assert!(errors(&lines).is_empty(), "{lines:?}");
    // White is to move after 7g7f: the answer is one of White's moves there.
    let after = game_of(
        AnyVariant::Standard(Standard::default()),
        "position startpos moves 7g7f",
    );
    for _ in 0..3 {
        let (_, best) = s.go("go depth 1");
        assert_legal(&after, &best);
    }
    // And on: two more moves past the end, searched from the last.
    let further = format!("{past_the_end} 3c3d 8h2b+");
    let lines = answer_to(&mut s, &further);
    assert!(errors(&lines).is_empty(), "{lines:?}");
    let (_, best) = s.go("go depth 1");
    assert_legal(
        &game_of(
            AnyVariant::Standard(Standard::default()),
            "position startpos moves 7g7f 3c3d 8h2b+",
        ),
        &best,
    );
    // A move that is not legal in its position is refused, even past the end.
    let lines = answer_to(&mut s, &format!("{past_the_end} 7g7f"));
    let errors = errors(&lines);
    assert!(
        errors.len() == 1 && errors[0].contains("move 14: 7g7f: "),
        "{lines:?}"
    );
    let (info, best) = s.go("go depth 1");
    assert_eq!(best, "resign", "{info:?}");
    assert!(
        info.iter()
            .any(|l| l.starts_with("info string error: go: no position")),
        "{info:?}"
    );
    s.quit();
}
