//! A client of the CSA server protocol (v1.2.1, as floodgate and the
//! computer shogi championships run it): it logs in, reads the game's
//! summary, agrees, plays the whole game with any [`Player`], declares a
//! win by entering king (`%KACHI`) when the summary's declaration rule
//! allows it, and reports the result.
//!
//! The exchange, line by line (each line ends in LF):
//!
//! 1. `LOGIN <name> <password>`, answered `LOGIN:<name> OK` (or
//!    `LOGIN:incorrect`: [`CsaError::Login`]).
//! 2. The server's `BEGIN Game_Summary` ... `END Game_Summary`: the game's
//!    id, the players, our side (`Your_Turn`), the time control and the
//!    position (a CSA record: the board, the side to move and any moves
//!    already played).
//! 3. `AGREE`, answered `START:<game id>` (or `REJECT:...`:
//!    [`CsaError::Rejected`]).
//! 4. The moves: ours are sent as `+7776FU` and echoed with the time they
//!    took (`+7776FU,T3`); the opponent's arrive the same way. `%TORYO`
//!    resigns, `%KACHI` declares. Empty lines are keep-alives; lines that
//!    begin with `'` are comments.
//! 5. The result: a reason (`#RESIGN`, `#TIME_UP`, `#ILLEGAL_MOVE`,
//!    `#SENNICHITE`, `#OUTE_SENNICHITE`, `#JISHOGI`, `#MAX_MOVES`,
//!    `#CHUDAN`) and then `#WIN`, `#LOSE`, `#DRAW` or `#CENSORED`.
//! 6. `LOGOUT` (shogi-server closes the connection after a result, so its
//!    answer is not waited for).
//!
//! The server judges the game: the client plays the moves it echoes, its
//! own included, and stops at the result it sends. The summary's
//! `Declaration:Jishogi 1.1` is the CSA's 27-point rule; without it the
//! client never declares.

use crate::Player;
use shogi_core::{Color, Game, Move, Position};
use shogi_formats::record::csa::{move_text, parse_move};
use shogi_formats::record::{Format, Record};
use shogi_variants::impasse::{self, Impasse};
use shogi_variants::{AnyGame, AnyVariant, GameState, Standard};
use std::io::{BufRead, BufReader, Read, Write};

/// The summary the server sends before a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// `Game_ID`.
    pub game_id: String,
    /// `Name+`, Black's player.
    pub black: String,
    /// `Name-`, White's player.
    pub white: String,
    /// `Your_Turn`: the side this client plays.
    pub color: Color,
    /// The declaration rule (`Declaration:Jishogi 1.1`: the 27-point rule).
    pub declaration: Impasse,
    /// Every `key:value` line of the summary, in order, the time block's
    /// included (`Total_Time`, `Byoyomi`, `Increment`...).
    pub fields: Vec<(String, String)>,
    /// The start position and the moves already played, as a record.
    pub record: Record,
}

/// How a game ended for this client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CsaResult {
    /// `#WIN`.
    Win,
    /// `#LOSE`.
    Lose,
    /// `#DRAW`.
    Draw,
    /// `#CENSORED`: the game was stopped without a result (the move limit
    /// on floodgate).
    Censored,
    /// `#CHUDAN`: the game was interrupted.
    Interrupted,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsaGame {
    /// The summary it was played under.
    pub summary: GameSummary,
    /// The moves played, the summary's first.
    pub moves: Vec<Move>,
    /// The reason the server gave (`RESIGN`, `TIME_UP`, `JISHOGI`...), if any.
    pub reason: Option<String>,
    /// The result for this client.
    pub result: CsaResult,
}

/// Why a game could not be played to its end.
#[derive(Debug, thiserror::Error)]
pub enum CsaError {
    /// Reading or writing the connection failed.
    #[error("the connection failed: {0}")]
    Io(#[from] std::io::Error),
    /// The server closed the connection before the game's result.
    #[error("the server closed the connection {0}")]
    Closed(&'static str),
    /// The login was refused.
    #[error("the server refused the login: {0}")]
    Login(String),
    /// The game was rejected (by the opponent, or the server).
    #[error("the game was rejected: {0}")]
    Rejected(String),
    /// A line the protocol does not allow here.
    #[error("the server sent '{line}': {reason}")]
    Protocol {
        /// The line.
        line: String,
        /// Why it cannot be read.
        reason: String,
    },
}

fn protocol(line: &str, reason: impl Into<String>) -> CsaError {
    CsaError::Protocol {
        line: shogi_core::excerpt(line),
        reason: reason.into(),
    }
}

/// One connection to a CSA server.
pub struct CsaClient<S: Read + Write> {
    stream: BufReader<S>,
    /// Every line sent and received, `C: ` and `S: ` before each.
    pub transcript: Vec<String>,
}

impl<S: Read + Write> CsaClient<S> {
    /// A client over a connected stream (a `TcpStream`, or any pipe).
    pub fn new(stream: S) -> CsaClient<S> {
        CsaClient {
            stream: BufReader::new(stream),
            transcript: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) -> Result<(), CsaError> {
        self.transcript.push(format!("C: {line}"));
        let w = self.stream.get_mut();
        w.write_all(line.as_bytes())?;
        w.write_all(b"\n")?;
        w.flush()?;
        Ok(())
    }

    /// The next line, `None` at the end of the connection.
    fn line(&mut self) -> Result<Option<String>, CsaError> {
        let mut bytes = Vec::new();
        if self.stream.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(None);
        }
        let line = String::from_utf8_lossy(&bytes)
            .trim_end_matches(['\n', '\r'])
            .to_owned();
        self.transcript.push(format!("S: {line}"));
        Ok(Some(line))
    }

    fn expect_line(&mut self, when: &'static str) -> Result<String, CsaError> {
        self.line()?.ok_or(CsaError::Closed(when))
    }

    /// `LOGIN`, answered `LOGIN:<name> OK`.
    ///
    /// # Errors
    /// [`CsaError::Login`] when refused.
    pub fn login(&mut self, name: &str, password: &str) -> Result<(), CsaError> {
        if name.is_empty()
            || password.is_empty()
            || name.contains(char::is_whitespace)
            || password.contains(char::is_whitespace)
        {
            return Err(CsaError::Login(
                "the name and the password must be one word each".to_owned(),
            ));
        }
        self.send(&format!("LOGIN {name} {password}"))?;
        let answer = self.expect_line("before answering the login")?;
        if answer == format!("LOGIN:{name} OK") {
            Ok(())
        } else {
            Err(CsaError::Login(answer))
        }
    }

    /// Waits for the next game's summary.
    ///
    /// # Errors
    /// [`CsaError::Protocol`] for a summary that cannot be read.
    pub fn summary(&mut self) -> Result<GameSummary, CsaError> {
        loop {
            let line = self.expect_line("before a game's summary")?;
            if line == "BEGIN Game_Summary" {
                break;
            }
        }
        let mut fields = Vec::new();
        let mut position = String::new();
        let mut in_position = false;
        loop {
            let line = self.expect_line("inside a game's summary")?;
            match line.as_str() {
                "END Game_Summary" => break,
                "BEGIN Position" => in_position = true,
                "END Position" => in_position = false,
                _ if in_position => {
                    position.push_str(&line);
                    position.push('\n');
                }
                _ if line.starts_with("BEGIN ") || line.starts_with("END ") => {}
                _ => {
                    if let Some((k, v)) = line.split_once(':') {
                        fields.push((k.to_owned(), v.to_owned()));
                    }
                }
            }
        }
        let field = |key: &str| {
            fields
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.clone())
        };
        let color = match field("Your_Turn").as_deref() {
            Some("+") => Color::Black,
            Some("-") => Color::White,
            other => {
                return Err(protocol(
                    &format!("Your_Turn:{}", other.unwrap_or("")),
                    "Your_Turn must be + or -",
                ))
            }
        };
        let record = Format::Csa
            .read(&position)
            .map_err(|e| protocol(position.lines().next().unwrap_or(""), e.to_string()))?;
        let declaration = match field("Declaration").as_deref() {
            Some(d) if d.starts_with("Jishogi") => Impasse::Points27,
            _ => Impasse::Off,
        };
        Ok(GameSummary {
            game_id: field("Game_ID").unwrap_or_default(),
            black: field("Name+").unwrap_or_default(),
            white: field("Name-").unwrap_or_default(),
            color,
            declaration,
            fields,
            record,
        })
    }

    /// `AGREE`, answered `START:<game id>`.
    ///
    /// # Errors
    /// [`CsaError::Rejected`] when the game is rejected.
    pub fn agree(&mut self) -> Result<(), CsaError> {
        self.send("AGREE")?;
        loop {
            let line = self.expect_line("before the game started")?;
            if line.starts_with("START:") {
                return Ok(());
            }
            if line.starts_with("REJECT:") {
                return Err(CsaError::Rejected(line));
            }
        }
    }

    /// Plays the game the summary describes with `player` until the
    /// server's result.
    ///
    /// # Errors
    /// [`CsaError`]: the connection, or a line that cannot be read.
    pub fn play(
        &mut self,
        summary: GameSummary,
        player: &mut dyn Player,
    ) -> Result<CsaGame, CsaError> {
        let start = summary
            .record
            .start_position()
            .map_err(|e| protocol("BEGIN Position", e.to_string()))?;
        let mut game = Game::from_position(AnyVariant::Standard(Standard::default()), start);
        let mut moves = Vec::new();
        // (the record's reader checked each move; the server judges the end)
        for m in &summary.record.moves {
            game.play_unchecked(m.mv);
            moves.push(m.mv);
        }
        player.new_game();
        let mut awaiting = false;
        let mut reason = None;
        // A move sent after the server ended the game may find the
        // connection closed: the result already on its way is still read.
        let mut refused = None;
        loop {
            if !awaiting && game.position().side_to_move() == summary.color {
                let line = self.our_turn(&game, summary.declaration, player);
                if let Err(e) = self.send(&line) {
                    refused.get_or_insert(e);
                }
                awaiting = true;
            }
            let Some(line) = self.line()? else {
                return Err(refused.unwrap_or(CsaError::Closed("before the game's result")));
            };
            let word = line.split(',').next().unwrap_or("");
            if line.is_empty() || line.starts_with('\'') {
                continue;
            } else if word.starts_with('+') || word.starts_with('-') {
                let pos = game.position();
                let mv = parse_move(pos, word).map_err(|e| protocol(&line, e.to_string()))?;
                if !pos.is_legal(mv) {
                    return Err(protocol(
                        &line,
                        format!("not a legal move in {}", pos.to_sfen()),
                    ));
                }
                let ours = pos.side_to_move() == summary.color;
                game.play_unchecked(mv);
                moves.push(mv);
                if ours {
                    awaiting = false;
                }
            } else if word.starts_with('%') {
                // %TORYO, %KACHI: an act the result follows.
                continue;
            } else if let Some(result) = line.strip_prefix('#') {
                let end = match result {
                    "WIN" => CsaResult::Win,
                    "LOSE" => CsaResult::Lose,
                    "DRAW" => CsaResult::Draw,
                    "CENSORED" => CsaResult::Censored,
                    "CHUDAN" => CsaResult::Interrupted,
                    other => {
                        reason = Some(other.to_owned());
                        continue;
                    }
                };
                return Ok(CsaGame {
                    summary,
                    moves,
                    reason,
                    result: end,
                });
            }
        }
    }

    /// What to send on our turn: `%KACHI` when the declaration wins,
    /// `%TORYO` when the player offers no move, else its move.
    fn our_turn(&self, game: &Game<AnyVariant>, rule: Impasse, player: &mut dyn Player) -> String {
        let pos: &Position = game.position();
        if impasse::declare(pos, rule).is_some_and(|o| o.winner == Some(pos.side_to_move())) {
            return "%KACHI".to_owned();
        }
        // The server judges the game: where our rules have ended it (a
        // repetition shogi-server counts one move later) while the position
        // has moves, the player is asked about the position alone.
        let searched = if game.outcome().is_some() {
            Game::from_position(game.variant().clone(), pos.clone())
        } else {
            game.clone()
        };
        let any = AnyGame::Board(Box::new(searched));
        let observation = any.observation(pos.side_to_move());
        match player.choose(observation) {
            Some(mv) if pos.is_legal(mv) => move_text(pos, mv),
            _ => "%TORYO".to_owned(),
        }
    }

    /// `LOGOUT` (the answer, if any, is not waited for).
    ///
    /// # Errors
    /// [`CsaError::Io`] when the line cannot be sent.
    pub fn logout(&mut self) -> Result<(), CsaError> {
        self.send("LOGOUT")
    }
}

/// Logs in, plays one game with `player` and logs out: the whole session
/// on `stream`, with the lines exchanged.
///
/// # Errors
/// [`CsaError`] as each step says.
///
/// ```
/// use shogi_players::csa_client::{play_game, CsaResult};
/// use shogi_players::RandomPlayer;
/// # use std::io::{Read, Write};
/// // A server that sends a summary, starts, and ends the game at once.
/// struct Script { input: std::io::Cursor<Vec<u8>>, sent: Vec<u8> }
/// impl Read for Script { fn read(&mut self, b: &mut [u8]) -> std::io::Result<usize> { self.input.read(b) } }
/// impl Write for Script {
///     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> { self.sent.extend_from_slice(b); Ok(b.len()) }
///     fn flush(&mut self) -> std::io::Result<()> { Ok(()) }
/// }
/// let server = "LOGIN:me OK\nBEGIN Game_Summary\nGame_ID:g1\nName+:me\nName-:you\nYour_Turn:-\nTo_Move:+\n\
///     BEGIN Position\nPI\n+\nEND Position\nEND Game_Summary\nSTART:g1\n%TORYO\n#RESIGN\n#WIN\n";
/// let mut stream = Script { input: std::io::Cursor::new(server.as_bytes().to_vec()), sent: Vec::new() };
/// let (game, _lines) = play_game(&mut stream, "me", "pw", &mut RandomPlayer::new(1))?;
/// assert_eq!((game.result, game.reason.as_deref()), (CsaResult::Win, Some("RESIGN")));
/// assert_eq!(String::from_utf8_lossy(&stream.sent), "LOGIN me pw\nAGREE\nLOGOUT\n");
/// # Ok::<(), shogi_players::csa_client::CsaError>(())
/// ```
pub fn play_game<S: Read + Write>(
    stream: S,
    name: &str,
    password: &str,
    player: &mut dyn Player,
) -> Result<(CsaGame, Vec<String>), CsaError> {
    let mut client = CsaClient::new(stream);
    client.login(name, password)?;
    let summary = client.summary()?;
    client.agree()?;
    let game = client.play(summary, player)?;
    // shogi-server closes the connection after the result: a refused
    // LOGOUT is no failure.
    let _ = client.logout();
    Ok((game, client.transcript))
}
