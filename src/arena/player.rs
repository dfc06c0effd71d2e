//! Match participants: a built-in agent in this process, or an external command spoken to as the arena does.

use crate::agents::{self, Agent};
use crate::board::Board;
use crate::moves::Move;
use crate::rng::Rng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Most characters of stderr kept per player and game, so a chatty bot cannot bloat the log.
pub const NOTES_PER_GAME: usize = 32 * 1024;
/// Appended where a player's notes were cut.
pub const CUT_MARK: &str = "[stderr cut]";

/// The environment variable that tells a command player the opening its game starts from.
pub const OPENING_VARIABLE: &str = "UTTT_OPENING";

/// The environment variable that holds a command player's seed for its game (a different one each game
/// pair and side), for a command line that seeds its bot by it: `"./bot --seed $UTTT_SEED"`, so that an
/// opponent without a book varies from game to game.
pub const SEED_VARIABLE: &str = "UTTT_SEED";

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
    /// A built-in agent, by its `NAME[:opts]` (see `agents::names`).
    Builtin(String),
    /// A shell command that speaks the arena protocol; its answers are judged as strictly as the arena
    /// judges them (`judge_answer`).
    Command(String),
    /// A command whose answers are read leniently: any whitespace around and between `row col`
    /// (`arena --lenient-output`, for bots that are not yet arena-ready).
    LenientCommand(String),
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
            PlayerSpec::Command(c) | PlayerSpec::LenientCommand(c) => c.clone(),
        }
    }

    /// The same player, its answers judged leniently when `lenient` (a built-in agent is unchanged).
    pub fn lenient(self, lenient: bool) -> PlayerSpec {
        match self {
            PlayerSpec::Command(c) if lenient => PlayerSpec::LenientCommand(c),
            other => other,
        }
    }

    /// Checks a built-in spec now, so a typo fails before any game.
    pub fn validate(&self) -> Result<(), String> {
        match self {
            PlayerSpec::Builtin(n) => agents::parse(n, 0).map(|_| ()),
            PlayerSpec::Command(c) | PlayerSpec::LenientCommand(c) if c.trim().is_empty() => {
                Err("empty command".into())
            }
            PlayerSpec::Command(_) | PlayerSpec::LenientCommand(_) => Ok(()),
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
                ExternalPlayer::spawn(c, seed, opening, true).map(|p| Box::new(p) as Box<dyn Contestant>)
            }
            PlayerSpec::LenientCommand(c) => {
                ExternalPlayer::spawn(c, seed, opening, false).map(|p| Box::new(p) as Box<dyn Contestant>)
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
    /// Judge answers as the arena does (`judge_answer`); leniently otherwise.
    strict: bool,
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
    /// Starts `command` for a game that begins after `opening`; `strict`: judge its answers as the arena.
    pub fn spawn(command: &str, seed: u64, opening: &[Move], strict: bool) -> Result<ExternalPlayer, Fault> {
        let opening_text: Vec<String> = opening.iter().map(|m| m.to_string()).collect();
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .env(OPENING_VARIABLE, opening_text.join(","))
            .env(SEED_VARIABLE, seed.to_string())
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
        Ok(ExternalPlayer { child, stdin, lines, notes, rng: Rng::new(seed), strict })
    }

    /// The turn's input, with the legal moves shuffled as the arena does.
    fn turn_text(&mut self, mut moves: Vec<Move>, last: Option<Move>) -> String {
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

/// Parses an answer line leniently: `row col`, optionally followed by a message, any whitespace around
/// (for logs and the terminal; the referee judges bots with `judge_answer`).
pub fn parse_answer(line: &str) -> Option<Move> {
    let mut words = line.split_whitespace();
    let r = words.next()?.parse().ok()?;
    let c = words.next()?.parse().ok()?;
    Move::from_row_col(r, c)
}

/// The longest message the arena shows beside a move.
pub const MESSAGE_CHARS: usize = 19;

/// Judges an answer line as the arena does: one digit, one space, one digit, and nothing more unless a
/// space and a message follow (`" 4 4"`, `"4 4 "`, `"04 4"`, `"4  4"` are malformed there and lose). The
/// move's cell and the message, cut to the `MESSAGE_CHARS` the arena shows.
pub fn judge_answer(line: &str) -> Result<(Move, Option<String>), String> {
    let b = line.as_bytes();
    let digit = |k: usize| b.get(k).filter(|d| d.is_ascii_digit()).map(|d| (d - b'0') as i64);
    let (Some(row), Some(col)) = (digit(0), digit(2)) else {
        return Err("expected `row col`, one digit each, nothing before".into());
    };
    if b[1] != b' ' {
        return Err("expected one space between row and col".into());
    }
    let message = match &line[3..] {
        "" => None,
        rest => match rest.strip_prefix(' ') {
            Some(m) if !m.is_empty() => Some(m.chars().take(MESSAGE_CHARS).collect()),
            _ => return Err("a space after the move must start a message".into()),
        },
    };
    let m = Move::from_row_col(row, col).ok_or_else(|| format!("{row} {col} is off the board"))?;
    Ok((m, message))
}

impl ExternalPlayer {
    /// Sends a turn (the opponent's `last` move and the `legal` moves, shuffled) and waits up to `limit`
    /// for the answer, which must be one of `legal`; the time is measured here.
    pub fn ask(
        &mut self,
        legal: Vec<Move>,
        last: Option<Move>,
        limit: Duration,
    ) -> (Result<Move, Fault>, Duration) {
        let allowed = legal.clone();
        let text = self.turn_text(legal, last);
        let start = Instant::now();
        let sent = match self.stdin.as_mut() {
            Some(stdin) => stdin.write_all(text.as_bytes()).and_then(|_| stdin.flush()).is_ok(),
            None => false,
        };
        if !sent {
            return (Err(Fault::Crash("its stdin is closed".into())), start.elapsed());
        }
        // One line is the answer; a second line written in the same turn is read as the next turn's.
        let answer = self.lines.recv_timeout(limit);
        let took = start.elapsed();
        let result = match answer {
            Ok(line) => {
                let judged = if self.strict {
                    judge_answer(&line).map(|a| a.0)
                } else {
                    parse_answer(&line).ok_or(String::new())
                };
                match judged {
                    Ok(m) if allowed.contains(&m) => Ok(m),
                    Ok(_) => Err(Fault::Illegal(line)),
                    Err(_) => Err(Fault::Malformed(line)),
                }
            }
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

impl Contestant for ExternalPlayer {
    fn turn(
        &mut self,
        board: &Board,
        last: Option<Move>,
        limit: Duration,
    ) -> (Result<Move, Fault>, Duration) {
        self.ask(board.legal_moves().to_vec(), last, limit)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_judged_as_the_arena_judges_them() {
        let at = |r, c| Move::from_row_col(r, c).unwrap();
        assert_eq!(judge_answer("4 4"), Ok((at(4, 4), None)));
        assert_eq!(judge_answer("0 8 hello"), Ok((at(0, 8), Some("hello".into()))));
        let long = judge_answer("2 3 a message longer than nineteen").unwrap();
        assert_eq!(long.1.as_deref(), Some("a message longer th"));
        for bad in [" 4 4", "4 4 ", "04 4", "4 04", "4  4", "4,4", "44", "4", "", "-1 2", "a b", "4\t4"] {
            assert!(judge_answer(bad).is_err(), "{bad:?} passed");
            assert!(
                bad.trim().is_empty()
                    || bad.contains(['-', 'a', ','])
                    || bad == "44"
                    || bad == "4"
                    || parse_answer(bad).is_some(),
                "the lenient reader differs on {bad:?}"
            );
        }
        assert!(judge_answer("9 0").unwrap_err().contains("off the board"));
        assert_eq!(parse_answer(" 4 4 "), Some(at(4, 4)), "the lenient reader takes what the arena refuses");
    }

    #[test]
    fn a_command_player_is_told_its_seed_and_opening() {
        // Says its seed and opening on stderr, then answers the first legal move it is sent.
        let command =
            r#"echo "seed=$UTTT_SEED opening=$UTTT_OPENING" >&2; read last; read n; read m; echo "$m""#;
        let opening = [Move::new(4, 4)];
        let mut player = ExternalPlayer::spawn(command, 4242, &opening, true).expect("sh starts");
        let mut board = Board::new();
        board.play(opening[0]);
        let (answer, _) = player.turn(&board, Some(opening[0]), Duration::from_secs(10));
        assert!(board.is_legal(answer.expect("a legal move")));
        let notes: Vec<String> = player.take_notes(true).into_iter().map(|(_, line)| line).collect();
        assert!(notes.iter().any(|l| l == "seed=4242 opening=4 4"), "{notes:?}");
    }
}
