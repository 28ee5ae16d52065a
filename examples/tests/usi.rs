//! A scripted USI session with the `usi` engine binary.

use shogi_core::{Game, Move, PositionCommand};
use shogi_variants::{AnyVariant, Minishogi, Standard};
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
        "position",
        "position sfen not-a-board",
        "position startpos moves 9z9z",
        "position startpos moves 5e5d",
        "setoption name UCI_Variant value chess",
        "setoption value 3",
        "setoption name USI_Hash value lots",
        "go depth 1 movetime 99999999999999999999999",
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
    // The last good position is kept; huge numbers are no trouble.
    let (_, best) = s.go("go depth 2 nodes x");
    assert_legal(&game_of(mini.clone(), position), &best);
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
