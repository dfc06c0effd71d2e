//! Match participants: a built-in agent in this process, or an external command spoken to as the arena does.

use super::referee::{CUT_MARK, NOTES_PER_GAME};
use crate::agents::{self, Agent};
use crate::board::Board;
use crate::moves::Move;
use crate::rng::Rng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The environment variable that tells a command player the opening its game starts from.
pub const OPENING_VARIABLE: &str = "UTTT_OPENING";

/// Why a player lost by forfeit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The answer came too late.
    Timeout {
        /// The limit that was missed, in ms.
        ms: u64,
    },
    /// The answer was not a `row col` line.
    Malformed(String),
    /// The answer named a move that is not legal.
    Illegal(String),
    /// The player's process ended or could not be started.
    Crash(String),
}

impl Fault {
    /// A short name of the fault's kind, for tables and logs.
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::Timeout { .. } => "timeout",
            Fault::Malformed(_) => "malformed",
            Fault::Illegal(_) => "illegal",
            Fault::Crash(_) => "crash",
        }
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Timeout { ms } => write!(f, "timeout: no answer within {ms} ms"),
            Fault::Malformed(s) => write!(f, "malformed output {s:?}"),
            Fault::Illegal(s) => write!(f, "illegal move {s:?}"),
            Fault::Crash(s) => write!(f, "crash or early exit: {s}"),
        }
    }
}

/// How to make a player for each game.
#[derive(Clone, Debug)]
pub enum PlayerSpec {
    /// A built-in agent, by its `NAME[:opts]` (see `agents::NAMES`).
    Builtin(String),
    /// A shell command that speaks the arena protocol.
    Command(String),
}

impl PlayerSpec {
    /// `builtin:NAME[:opts]` or a shell command.
    pub fn parse(s: &str) -> PlayerSpec {
        match s.strip_prefix("builtin:") {
            Some(name) => PlayerSpec::Builtin(name.to_string()),
            None => PlayerSpec::Command(s.to_string()),
        }
    }

    /// The name printed in results: the command, or `builtin:NAME`.
    pub fn label(&self) -> String {
        match self {
            PlayerSpec::Builtin(n) => format!("builtin:{n}"),
            PlayerSpec::Command(c) => c.clone(),
        }
    }

    /// Checks a built-in spec now, so a typo fails before any game.
    pub fn validate(&self) -> Result<(), String> {
        match self {
            PlayerSpec::Builtin(n) => agents::parse(n, 0).map(|_| ()),
            PlayerSpec::Command(c) if c.trim().is_empty() => Err("empty command".into()),
            PlayerSpec::Command(_) => Ok(()),
        }
    }

    /// A fresh player for one game.
    /// Starts the player for a game that begins after `opening`. A command player finds the opening in
    /// its environment, as `UTTT_OPENING="r c,r c,…"` (uttt's bot reads it; see `protocol.rs`).
    pub fn start(&self, seed: u64, opening: &[Move]) -> Result<Box<dyn Contestant>, Fault> {
        match self {
            PlayerSpec::Builtin(n) => {
                let mut agent = agents::parse(n, seed).map_err(Fault::Crash)?;
                agent.new_game(opening);
                Ok(Box::new(BuiltinPlayer { agent, notes: Vec::new() }))
            }
            PlayerSpec::Command(c) => {
                ExternalPlayer::spawn(c, seed, opening).map(|p| Box::new(p) as Box<dyn Contestant>)
            }
        }
    }
}

/// One side of one game, as the referee sees it.
pub trait Contestant {
    /// Sends the turn and waits for the answer; the time is measured here. `limit` includes the grace.
    fn turn(&mut self, board: &Board, last: Option<Move>, limit: Duration)
        -> (Result<Move, Fault>, Duration);
    /// What the player said (its stderr lines, each with when it was read) since the last call;
    /// `game_over` lets it finish first.
    fn take_notes(&mut self, game_over: bool) -> Vec<(Instant, String)>;
}

struct BuiltinPlayer {
    agent: Box<dyn Agent>,
    /// The agent's notes, stamped when its move was made.
    notes: Vec<(Instant, String)>,
}

impl Contestant for BuiltinPlayer {
    fn turn(
        &mut self,
        board: &Board,
        last: Option<Move>,
        limit: Duration,
    ) -> (Result<Move, Fault>, Duration) {
        let start = Instant::now();
        let m = self.agent.choose(board, last, start + limit.mul_f64(0.9));
        let took = start.elapsed();
        if let Some(note) = self.agent.take_note() {
            self.notes.push((Instant::now(), note));
        }
        if !board.is_legal(m) {
            return (Err(Fault::Illegal(m.to_string())), took);
        }
        (Ok(m), took)
    }

    fn take_notes(&mut self, _game_over: bool) -> Vec<(Instant, String)> {
        self.notes.drain(..).collect()
    }
}

/// A child process per game; a thread forwards its stdout lines so waits can time out.
pub struct ExternalPlayer {
    child: Child,
    /// `None` once the game is over: closing it tells the bot to finish.
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Its stderr lines, stamped as read by a thread (at most `NOTES_PER_GAME` characters, then a cut mark).
    notes: Receiver<(Instant, String)>,
    rng: Rng,
}

/// How long a finished game waits for a bot's last stderr lines after closing its input.
const LAST_WORDS: Duration = Duration::from_millis(150);

/// Forwards the lines of `from` to a channel on a thread of its own, so reads never block the referee;
/// `stamp` makes what is sent from the line and the moment it was read. Lines beyond `cap` characters in
/// all are read and dropped (a bot blocked on a full pipe would stall), the first of them sent as `CUT_MARK`.
fn forward_lines<T: Send + 'static>(
    from: impl std::io::Read + Send + 'static,
    cap: usize,
    stamp: fn(String, Instant) -> T,
) -> Receiver<T> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut sent = 0;
        for line in BufReader::new(from).lines() {
            let Ok(line) = line else { break };
            if sent > cap {
                continue;
            }
            sent += line.len();
            let line = if sent > cap { CUT_MARK.to_string() } else { line };
            if tx.send(stamp(line, Instant::now())).is_err() {
                break;
            }
        }
    });
    rx
}

impl ExternalPlayer {
    fn spawn(command: &str, seed: u64, opening: &[Move]) -> Result<ExternalPlayer, Fault> {
        let opening_text: Vec<String> = opening.iter().map(|m| m.to_string()).collect();
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .env(OPENING_VARIABLE, opening_text.join(","))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| Fault::Crash(format!("cannot start {command:?}: {e}")))?;
        let stdin = child.stdin.take();
        let lines = forward_lines(child.stdout.take().expect("stdout was piped"), usize::MAX, |line, _| line);
        let notes =
            forward_lines(child.stderr.take().expect("stderr was piped"), NOTES_PER_GAME, |line, at| {
                (at, line)
            });
        Ok(ExternalPlayer { child, stdin, lines, notes, rng: Rng::new(seed) })
    }

    /// The turn's input, with the legal moves shuffled as the arena does.
    fn turn_text(&mut self, board: &Board, last: Option<Move>) -> String {
        let mut moves: Vec<Move> = board.legal_moves().to_vec();
        for i in (1..moves.len()).rev() {
            moves.swap(i, self.rng.below(i as u32 + 1) as usize);
        }
        let mut text = match last {
            Some(m) => format!("{m}\n"),
            None => "-1 -1\n".to_string(),
        };
        text.push_str(&format!("{}\n", moves.len()));
        for m in moves {
            text.push_str(&format!("{m}\n"));
        }
        text
    }
}

/// Parses an answer line: `row col`, optionally followed by a message.
pub fn parse_answer(line: &str) -> Option<Move> {
    let mut words = line.split_whitespace();
    let r = words.next()?.parse().ok()?;
    let c = words.next()?.parse().ok()?;
    Move::from_row_col(r, c)
}

impl Contestant for ExternalPlayer {
    fn turn(
        &mut self,
        board: &Board,
        last: Option<Move>,
        limit: Duration,
    ) -> (Result<Move, Fault>, Duration) {
        let text = self.turn_text(board, last);
        let start = Instant::now();
        let sent = match self.stdin.as_mut() {
            Some(stdin) => stdin.write_all(text.as_bytes()).and_then(|_| stdin.flush()).is_ok(),
            None => false,
        };
        if !sent {
            return (Err(Fault::Crash("its stdin is closed".into())), start.elapsed());
        }
        let answer = self.lines.recv_timeout(limit);
        let took = start.elapsed();
        let result = match answer {
            Ok(line) => match parse_answer(&line) {
                Some(m) if board.is_legal(m) => Ok(m),
                Some(_) => Err(Fault::Illegal(line)),
                None => Err(Fault::Malformed(line)),
            },
            Err(RecvTimeoutError::Timeout) => Err(Fault::Timeout { ms: limit.as_millis() as u64 }),
            Err(RecvTimeoutError::Disconnected) => {
                let status = self
                    .child
                    .try_wait()
                    .ok()
                    .flatten()
                    .map(|s| s.to_string())
                    .unwrap_or_else(|| "stdout closed".into());
                Err(Fault::Crash(status))
            }
        };
        (result, took)
    }

    fn take_notes(&mut self, game_over: bool) -> Vec<(Instant, String)> {
        let mut said: Vec<(Instant, String)> = self.notes.try_iter().collect();
        if game_over {
            self.stdin = None;
            let until = Instant::now() + LAST_WORDS;
            while let Some(left) = until.checked_duration_since(Instant::now()) {
                match self.notes.recv_timeout(left) {
                    Ok(line) => said.push(line),
                    Err(_) => break,
                }
            }
        }
        said
    }
}

impl Drop for ExternalPlayer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
