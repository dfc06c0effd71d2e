//! The referee loop (docs/rules.md): read a turn from stdin, answer one `row col` line on stdout.
//!
//! Malformed or unexpected input is reported on stderr and never stops the bot: it answers with a legal
//! move whenever one can be known, and ends cleanly at end of input.

use crate::bot::Choice;
use crate::moves::Move;
use crate::options::BotOptions;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// A first line that a read returns sooner than this was already waiting when the read began (or came at
/// once): the referee started the turn's clock before the bot could read it (`TurnClock`).
const LINE_WAITING: Duration = Duration::from_millis(2);

/// `uttt` with no subcommand: the arena bot on stdin/stdout.
pub fn start(args: &[String]) -> i32 {
    start_with(args, BotOptions::build)
}

/// The bot on stdin/stdout, made from its options by `make` (another search: `uttt --search alphabeta`).
pub fn start_with(args: &[String], make: impl FnOnce(&BotOptions) -> crate::bot::Bot) -> i32 {
    // The arena's clock for the first player's first turn may start as the process starts.
    let process_start = Instant::now();
    let mut options = match BotOptions::parse(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("uttt: {e} (try `uttt help`)");
            return 2;
        }
    };
    if let Ok(text) = std::env::var("UTTT_OPENING") {
        match parse_opening(&text) {
            Ok(moves) => options.opening = moves,
            Err(e) => eprintln!("uttt: UTTT_OPENING {text:?}: {e}; starting from the empty board"),
        }
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let bot = make(&options);
    run_since(process_start, stdin.lock(), stdout.lock(), &mut std::io::stderr(), &options, bot);
    if !options.quiet {
        if let Some(kb) = peak_rss_kb() {
            eprintln!("uttt: end of input; peak memory {:.1} MB", kb as f64 / 1024.0);
        }
    }
    0
}

/// Peak resident memory of this process (Linux `VmHWM`), in kB; `None` elsewhere.
pub fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A line split into integers, or why it is not two of them.
fn parse_pair(line: &str) -> Result<(i64, i64), String> {
    let mut it = line.split_whitespace().map(|w| w.parse::<i64>());
    match (it.next(), it.next(), it.next()) {
        (Some(Ok(a)), Some(Ok(b)), None) => Ok((a, b)),
        _ => Err(format!("expected two integers, got {line:?}")),
    }
}

/// Moves as `row col` pairs separated by commas (empty text: no moves): `UTTT_OPENING` and book lines.
pub fn parse_opening(text: &str) -> Result<Vec<Move>, String> {
    text.split(',')
        .filter(|m| !m.trim().is_empty())
        .map(|m| {
            let (r, c) = parse_pair(m.trim())?;
            Move::from_row_col(r, c).ok_or_else(|| format!("{m:?} is off the board"))
        })
        .collect()
}

fn parse_count(line: &str) -> Result<usize, String> {
    match line.trim().parse::<usize>() {
        Ok(n) if n <= 81 => Ok(n),
        _ => Err(format!("expected a move count 0..=81, got {line:?}")),
    }
}

/// Reads one line without its line ending; `None` at end of input (or on a read error).
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> Option<String> {
    buf.clear();
    match input.read_until(b'\n', buf) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(String::from_utf8_lossy(buf).trim_end_matches(['\n', '\r']).to_string()),
    }
}

/// When a turn's clock started, as the arena counts it (docs/rules.md): from when the referee began to send
/// the turn. A later turn's first line is read as it comes (the bot waits for it), so its clock starts as
/// it is read. The first turn's line may have been sent before the bot could read it, while the process
/// was starting and decoding its weights: for the first player the arena's clock can start with the
/// process. So a first line that was already waiting counts from the process's start.
struct TurnClock {
    process_start: Instant,
    /// Start-up: from the process's start to its first read.
    startup: Option<Duration>,
    /// True when the first turn was counted from the process's start.
    from_process_start: bool,
}

impl TurnClock {
    /// The start of the turn whose first line a read begun at `read_began` returned at `line_read`.
    fn turn_start(&mut self, first_turn: bool, read_began: Instant, line_read: Instant) -> Instant {
        if !first_turn {
            return line_read;
        }
        self.startup.get_or_insert(read_began - self.process_start);
        self.from_process_start = line_read - read_began < LINE_WAITING;
        if self.from_process_start {
            self.process_start
        } else {
            line_read
        }
    }

    /// The first turn's log note: where its clock started, and the start-up time.
    fn note(&self) -> String {
        let from =
            if self.from_process_start { "the process's start (input waiting)" } else { "the first line" };
        let startup = self.startup.unwrap_or_default().as_secs_f64() * 1000.0;
        format!("clock from {from}; start-up {startup:.1}ms")
    }
}

/// The loop itself, over any reader and writers (tests and the fuzzer drive it in memory); a first line
/// already waiting counts from the call.
pub fn run(input: impl BufRead, output: impl Write, log: &mut impl Write, options: &BotOptions) {
    run_since(Instant::now(), input, output, log, options, options.build())
}

/// The loop of `bot`, made from `options`, with the process started at `process_start` (see `TurnClock`).
pub fn run_since(
    process_start: Instant,
    mut input: impl BufRead,
    mut output: impl Write,
    log: &mut impl Write,
    options: &BotOptions,
    mut bot: crate::bot::Bot,
) {
    // Fingerprinting the weights takes a millisecond in a build without `-O`: done here, inside start-up.
    let what_runs = if options.quiet { String::new() } else { options.what_runs() };
    let mut clock = TurnClock { process_start, startup: None, from_process_start: false };
    let mut buf = Vec::with_capacity(64);
    loop {
        let read_began = Instant::now();
        let Some(first) = read_line(&mut input, &mut buf) else { return };
        let start = clock.turn_start(bot.turn() == 0, read_began, Instant::now());
        if first.trim().is_empty() {
            warn(log, "blank line ignored");
            continue;
        }
        // A lone number where the opponent's move belongs: that line was lost, this is the count.
        let pair = parse_pair(&first);
        let count_first = pair.is_err() && parse_count(&first).is_ok();
        let opponent = match pair {
            Ok((-1, -1)) => None,
            Ok((r, c)) => match Move::from_row_col(r, c) {
                Some(m) => Some(m),
                None => {
                    warn(log, &format!("opponent move {r} {c} is off the board: ignored"));
                    None
                }
            },
            Err(_) if count_first => {
                warn(
                    log,
                    &format!("{first:?} is not a move but a count: the opponent's move line is missing"),
                );
                None
            }
            Err(e) => {
                warn(log, &format!("opponent line: {e}: ignored"));
                None
            }
        };
        if let Some(w) = bot.opponent_moved(opponent) {
            warn(log, &w);
        }
        let count_line = if count_first {
            first.clone()
        } else {
            let Some(line) = read_line(&mut input, &mut buf) else { return };
            line
        };
        // A usable list of actions, when the count and every line of it could be read.
        let actions = match parse_count(&count_line) {
            Ok(n) => {
                let mut actions = Vec::with_capacity(n);
                for _ in 0..n {
                    let Some(line) = read_line(&mut input, &mut buf) else { return };
                    match parse_pair(&line).ok().and_then(|(r, c)| Move::from_row_col(r, c)) {
                        Some(m) => actions.push(m),
                        None => warn(log, &format!("action line {line:?} is not a cell: skipped")),
                    }
                }
                Some(actions)
            }
            Err(e) => {
                // Without a count we cannot tell where the turn ends; answer now from our own state.
                warn(log, &format!("{e}: answering from our own state"));
                None
            }
        };
        let limits = bot.limits(start, options.first_time_ms, options.time_ms, options.iterations);
        let mut notes = Vec::new();
        let choice = match actions.as_deref() {
            Some([]) => {
                warn(log, "the referee lists no legal move: nothing to answer");
                continue;
            }
            other => bot.choose(other, limits, &mut notes),
        };
        for n in &notes {
            warn(log, n);
        }
        let Some(choice) = choice else {
            warn(log, "no legal move is known: nothing to answer");
            continue;
        };
        let m = choice.mv();
        // Read before the writes: once the answer is out, the referee may run first on a busy machine.
        let answer_ms = start.elapsed().as_secs_f64() * 1000.0;
        // The line goes first (a few microseconds), so a referee that reads stderr files it under this move.
        if !options.quiet {
            // The first turn's line also says what runs: an author reading the arena's stderr learns how the
            // arena built the bot, whether its processor gives the AVX2 copy's speed, which weights it has
            // and where the turn's clock started.
            let what = match bot.turn() {
                1 => {
                    let copy = if bot.is_wide() { "AVX2" } else { "portable" };
                    format!(" (search: {copy} copy; {what_runs}; {})", clock.note())
                }
                _ => String::new(),
            };
            let _ = writeln!(log, "{}{what}", describe(bot.turn(), answer_ms, &choice));
        }
        if writeln!(output, "{m}").and_then(|_| output.flush()).is_err() {
            return; // The referee has gone.
        }
    }
}

fn warn(log: &mut impl Write, msg: &str) {
    let _ = writeln!(log, "uttt: {msg}");
}

/// What the search of the position after a known move found, from the mover's side (its value is the
/// opponent's expected score there).
fn beyond_note(report: &Option<crate::mcts::SearchReport>) -> String {
    report.as_ref().map_or(String::new(), |r| {
        format!(
            " iters {} nodes {}{} value {:.3} next {}",
            r.iterations,
            r.nodes_used,
            phases(r),
            1.0 - r.best_value,
            r.best
        )
    })
}

/// The nodes kept from the last turn's tree, the time their re-rooting took and the search loop's time: the
/// turn's time less these two is spent outside the search (reading, the book, the answer).
fn phases(r: &crate::mcts::SearchReport) -> String {
    format!(
        " reused {} ({:.1}ms) loop {:.1}ms margin {:.1}ms",
        r.nodes_reused,
        r.root_time.as_secs_f64() * 1000.0,
        r.loop_time.as_secs_f64() * 1000.0,
        r.margin.as_secs_f64() * 1000.0
    )
}

/// An alpha-beta search's depth for the log line (`uttt --search alphabeta`); nothing for the tree search,
/// the arena file's only one.
#[cfg(not(bundle))]
fn depth_note(r: &crate::mcts::SearchReport) -> String {
    if r.depth > 0 {
        format!(" depth {}", r.depth)
    } else {
        String::new()
    }
}

#[cfg(bundle)]
fn depth_note(_: &crate::mcts::SearchReport) -> &'static str {
    ""
}

/// One stderr line per move: what a bot author needs to tune the time budget. `ms`: from the turn's first
/// line read to the answer.
pub fn describe(turn: u32, ms: f64, choice: &Choice) -> String {
    match choice {
        Choice::Searched(r) => {
            let pv: Vec<String> =
                r.principal_variation.iter().map(|m| m.to_string().replace(' ', ",")).collect();
            format!(
                "turn {turn} move {} time {ms:.1}ms iters {} ({:.0}/ms) nodes {}{} visits {}{} value {:.3}{} pv {}",
                r.best,
                r.iterations,
                r.iterations as f64 / ms.max(1e-3),
                r.nodes_used,
                phases(r),
                r.best_visits,
                depth_note(r),
                r.best_value,
                match r.proof {
                    crate::mcts::Proof::Unknown => "",
                    crate::mcts::Proof::Win => " (proven win)",
                    crate::mcts::Proof::Loss => " (proven loss)",
                    crate::mcts::Proof::Draw => " (proven draw)",
                },
                pv.join(" ")
            )
        }
        Choice::Fallback(m) => {
            format!("turn {turn} move {m} time {ms:.1}ms (fallback: random move from the referee's list)")
        }
        Choice::Opening(m, beyond) => {
            format!("turn {turn} move {m} time {ms:.1}ms (opening){}", beyond_note(beyond))
        }
        Choice::Book(m, beyond) => {
            format!("turn {turn} move {m} time {ms:.1}ms (book){}", beyond_note(beyond))
        }
        Choice::Plain(m, value) => {
            let outcome = match value.signum() {
                1 => "a win",
                0 => "a draw",
                _ => "a loss",
            };
            format!("turn {turn} move {m} time {ms:.1}ms (plain tic-tac-toe: {outcome} with perfect play)")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_waiting_first_line_counts_from_the_process_start_and_a_late_one_from_itself() {
        let ms = Duration::from_millis;
        let process_start = Instant::now();
        let read_began = process_start + ms(12);
        // The first player: the line was there when the bot first read (it came back at once).
        let mut first = TurnClock { process_start, startup: None, from_process_start: false };
        assert_eq!(first.turn_start(true, read_began, read_began + Duration::from_micros(30)), process_start);
        assert!(first.note().starts_with("clock from the process's start (input waiting); start-up 12.0ms"));
        // The second player: the bot waited for the line, which the referee sent as it came.
        let mut second = TurnClock { process_start, startup: None, from_process_start: false };
        assert_eq!(second.turn_start(true, read_began, read_began + ms(900)), read_began + ms(900));
        assert!(second.note().starts_with("clock from the first line"));
        // Later turns count from their first line, waiting or not.
        assert_eq!(
            first.turn_start(false, read_began + ms(2000), read_began + ms(2000)),
            read_began + ms(2000)
        );
    }
}
