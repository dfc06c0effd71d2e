//! Match participants: a built-in agent in this process, or an external command spoken to as the arena does.

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
                Ok(Box::new(BuiltinPlayer { agent }))
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
}

struct BuiltinPlayer {
    agent: Box<dyn Agent>,
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
        if !board.is_legal(m) {
            return (Err(Fault::Illegal(m.to_string())), took);
        }
        (Ok(m), took)
    }
}

/// A child process per game; a thread forwards its stdout lines so waits can time out.
pub struct ExternalPlayer {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    rng: Rng,
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
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Fault::Crash(format!("cannot start {command:?}: {e}")))?;
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = child.stdout.take().expect("stdout was piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(ExternalPlayer { child, stdin, lines, rng: Rng::new(seed) })
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
        if self.stdin.write_all(text.as_bytes()).and_then(|_| self.stdin.flush()).is_err() {
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
}

impl Drop for ExternalPlayer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
