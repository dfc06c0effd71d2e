//! The local referee: matches between two players, tournaments, game logs and replays.
//!
//! `uttt arena A B --games N --jobs J …` where a player is `builtin:NAME[:opts]` or a shell command
//! spoken to exactly as the CodinGame referee does (docs/rules.md).

pub mod human;
pub mod player;
pub mod referee;
pub mod stats;

use crate::board::{Board, Player, Status};
use crate::cli::Args;
use crate::moves::Move;
use player::PlayerSpec;
use referee::{play_game, GameRecord, TimeControl};
use stats::{percentile, Wdl};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// A finished game of a match, with who played X.
pub struct MatchGame {
    pub index: usize,
    pub a_is_x: bool,
    pub record: GameRecord,
}

/// What the summary is computed from.
#[derive(Default)]
pub struct MatchResult {
    pub games: Vec<MatchGame>,
    pub sprt: Option<String>,
}

#[derive(Clone, Copy, Debug)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl MatchResult {
    /// Player A's wins, draws and losses.
    pub fn wdl(&self) -> Wdl {
        let mut w = Wdl::default();
        for g in &self.games {
            let a = if g.a_is_x { Player::X } else { Player::O };
            match g.record.winner() {
                Some(p) if p == a => w.wins += 1,
                Some(_) => w.losses += 1,
                None => w.draws += 1,
            }
        }
        w
    }

    /// Move times of player A (`true`) or B, in milliseconds, sorted.
    pub fn move_times(&self, of_a: bool) -> Vec<f64> {
        let mut t: Vec<f64> = self
            .games
            .iter()
            .flat_map(|g| {
                let x_parity = if g.a_is_x == of_a { 0 } else { 1 };
                g.record
                    .times
                    .iter()
                    .enumerate()
                    .filter(move |(i, _)| i % 2 == x_parity)
                    .map(|(_, d)| d.as_secs_f64() * 1000.0)
            })
            .collect();
        t.sort_by(|a, b| a.total_cmp(b));
        t
    }

    /// Faults of player A (`true`) or B: (kind, detail).
    pub fn faults(&self, of_a: bool) -> Vec<(&'static str, String)> {
        self.games
            .iter()
            .filter_map(|g| {
                let (side, f) = g.record.fault.as_ref()?;
                let a_side = if g.a_is_x { Player::X } else { Player::O };
                ((*side == a_side) == of_a).then(|| (f.kind(), format!("game {}: {f}", g.index)))
            })
            .collect()
    }
}

/// How a match is run.
#[derive(Clone, Copy, Debug)]
pub struct MatchConfig {
    pub games: usize,
    /// Games played at once, each on its own thread.
    pub jobs: usize,
    pub time_control: TimeControl,
    pub seed: u64,
    /// Stop as soon as this test decides.
    pub sprt: Option<Sprt>,
}

impl MatchConfig {
    pub fn new(games: usize, jobs: usize, time_control: TimeControl, seed: u64) -> MatchConfig {
        MatchConfig { games, jobs, time_control, seed, sprt: None }
    }
}

/// Runs a match between `a` and `b`, colours alternating game by game.
/// `progress` is called after each game with the results so far.
pub fn run_match(
    a: &PlayerSpec,
    b: &PlayerSpec,
    config: MatchConfig,
    mut progress: impl FnMut(&MatchResult),
) -> MatchResult {
    let MatchConfig { games, jobs, time_control: tc, seed, sprt } = config;
    let next = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let mut workers = Vec::new();
    for _ in 0..jobs.max(1) {
        let (a, b, next, stop, tx) = (a.clone(), b.clone(), next.clone(), stop.clone(), tx.clone());
        workers.push(std::thread::spawn(move || loop {
            let index = next.fetch_add(1, Ordering::SeqCst);
            if index >= games || stop.load(Ordering::SeqCst) {
                break;
            }
            let a_is_x = index % 2 == 0;
            let (x, o) = if a_is_x { (&a, &b) } else { (&b, &a) };
            // Both colours of a pair share a seed, so openings are compared fairly.
            let record = play_game(x, o, &tc, seed.wrapping_add((index / 2) as u64));
            if tx.send(MatchGame { index, a_is_x, record }).is_err() {
                break;
            }
        }));
    }
    drop(tx);
    let mut result = MatchResult::default();
    for game in rx {
        result.games.push(game);
        progress(&result);
        if let Some(s) = sprt {
            let llr = result.wdl().sprt_llr(s.elo0, s.elo1);
            let (lower, upper) = stats::sprt_bounds(s.alpha, s.beta);
            if result.sprt.is_none() && (llr <= lower || llr >= upper) {
                let verdict = if llr >= upper { "H1 accepted" } else { "H0 accepted" };
                result.sprt = Some(format!(
                    "{verdict}: LLR {llr:.2} outside [{lower:.2}, {upper:.2}] after {} games",
                    result.games.len()
                ));
                stop.store(true, Ordering::SeqCst);
            }
        }
    }
    for w in workers {
        let _ = w.join();
    }
    result.games.sort_by_key(|g| g.index);
    result
}

/// A one-line progress report.
pub fn progress_line(r: &MatchResult, total: usize) -> String {
    format!("games {}/{}  {}", r.games.len(), total, r.wdl().headline())
}

/// The end-of-match summary, as text and as JSON.
pub fn summary(r: &MatchResult, a: &str, b: &str) -> (String, String) {
    let w = r.wdl();
    let (elo, lo, hi) = w.elo_interval();
    let n = r.games.len().max(1) as f64;
    let avg_len = r.games.iter().map(|g| g.record.moves.len()).sum::<usize>() as f64 / n;
    let x_wins = r.games.iter().filter(|g| g.record.winner() == Some(Player::X)).count() as f64 / n;
    let mut text = format!("{a} vs {b}\n");
    text += &format!("games {}  {}\n", r.games.len(), w.headline());
    text +=
        &format!("average game length {avg_len:.1} moves, first player (X) wins {:.1}%\n", 100.0 * x_wins);
    let mut json_players = Vec::new();
    for (name, of_a) in [(a, true), (b, false)] {
        let t = r.move_times(of_a);
        let faults = r.faults(of_a);
        let count = |k: &str| faults.iter().filter(|(kind, _)| *kind == k).count();
        let (p50, p99, max) = (percentile(&t, 0.5), percentile(&t, 0.99), t.last().copied().unwrap_or(0.0));
        text += &format!(
            "{name}: move time p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms; faults: timeout {}, malformed {}, illegal {}, crash {}\n",
            count("timeout"),
            count("malformed"),
            count("illegal"),
            count("crash")
        );
        for (_, detail) in faults.iter().take(5) {
            text += &format!("  {detail}\n");
        }
        json_players.push(format!(
            "{{\"name\": {}, \"p50_ms\": {p50:.3}, \"p99_ms\": {p99:.3}, \"max_ms\": {max:.3}, \"timeouts\": {}, \"malformed\": {}, \"illegal\": {}, \"crashes\": {}}}",
            json_string(name),
            count("timeout"),
            count("malformed"),
            count("illegal"),
            count("crash")
        ));
    }
    if let Some(s) = &r.sprt {
        text += &format!("SPRT: {s}\n");
    }
    let json = format!(
        "{{\"games\": {}, \"wins\": {}, \"draws\": {}, \"losses\": {}, \"score\": {:.4}, \"elo\": {elo:.2}, \"elo_low\": {lo:.2}, \"elo_high\": {hi:.2}, \"avg_length\": {avg_len:.2}, \"first_player_win_rate\": {x_wins:.4}, \"sprt\": {}, \"players\": [{}]}}",
        r.games.len(),
        w.wins,
        w.draws,
        w.losses,
        w.score(),
        r.sprt.as_deref().map(json_string).unwrap_or_else(|| "null".into()),
        json_players.join(", ")
    );
    (text, json)
}

pub fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One game as a JSON line for the log file.
pub fn game_log_line(g: &MatchGame, a: &str, b: &str) -> String {
    let (x, o) = if g.a_is_x { (a, b) } else { (b, a) };
    let moves: Vec<String> = g.record.moves.iter().map(|m| json_string(&m.to_string())).collect();
    let times: Vec<String> =
        g.record.times.iter().map(|t| format!("{:.3}", t.as_secs_f64() * 1000.0)).collect();
    let result = match g.record.winner() {
        Some(Player::X) => "X",
        Some(Player::O) => "O",
        None => "draw",
    };
    let fault = match &g.record.fault {
        Some((p, f)) => format!(
            "{{\"player\": \"{p:?}\", \"kind\": \"{}\", \"detail\": {}}}",
            f.kind(),
            json_string(&f.to_string())
        ),
        None => "null".into(),
    };
    format!(
        "{{\"game\": {}, \"x\": {}, \"o\": {}, \"result\": \"{result}\", \"fault\": {fault}, \"moves\": [{}], \"times_ms\": [{}]}}",
        g.index,
        json_string(x),
        json_string(o),
        moves.join(", "),
        times.join(", ")
    )
}

/// The moves of a game log line (the `"moves": ["r c", …]` field).
pub fn moves_from_log_line(line: &str) -> Option<Vec<Move>> {
    let start = line.find("\"moves\": [")? + "\"moves\": [".len();
    let end = start + line[start..].find(']')?;
    line[start..end]
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| player::parse_answer(s.trim().trim_matches('"')))
        .collect()
}

fn time_control(a: &mut Args) -> Result<TimeControl, String> {
    Ok(TimeControl {
        first_turn: Duration::from_millis(a.value_or("--first-time-ms", 1000)?),
        later_turns: Duration::from_millis(a.value_or("--time-ms", 100)?),
        grace: Duration::from_millis(a.value_or("--grace-ms", 0)?),
    })
}

/// `uttt arena A B [--games N] [--jobs J] [--time-ms T] [--first-time-ms T] [--grace-ms G] [--seed S]
/// [--sprt elo0,elo1,alpha,beta] [--json] [--log FILE] [--quiet]`
pub fn main(words: &[String]) -> Result<i32, String> {
    let mut args = Args::new(words);
    let games: usize = args.value_or("--games", 100)?;
    let jobs: usize = args.value_or("--jobs", crate::cli::default_jobs())?;
    let tc = time_control(&mut args)?;
    let seed: u64 = args.value_or("--seed", 1)?;
    let json = args.flag("--json");
    let quiet = args.flag("--quiet");
    let log: Option<String> = args.value("--log")?;
    let sprt = match args.value::<String>("--sprt")? {
        Some(s) => {
            let v: Vec<f64> = s
                .split(',')
                .map(|x| x.trim().parse::<f64>())
                .collect::<Result<_, _>>()
                .map_err(|_| format!("--sprt: cannot read {s:?}"))?;
            let [elo0, elo1, alpha, beta] = v[..] else {
                return Err("--sprt needs elo0,elo1,alpha,beta".into());
            };
            Some(Sprt { elo0, elo1, alpha, beta })
        }
        None => None,
    };
    let players = args.positionals()?;
    let [a, b] = &players[..] else { return Err("arena needs exactly two players".into()) };
    let (a, b) = (PlayerSpec::parse(a), PlayerSpec::parse(b));
    a.validate()?;
    b.validate()?;
    let (la, lb) = (a.label(), b.label());
    let result = run_match(&a, &b, MatchConfig { sprt, ..MatchConfig::new(games, jobs, tc, seed) }, |r| {
        if !quiet {
            eprint!("\r{}   ", progress_line(r, games));
        }
    });
    if !quiet {
        eprintln!();
    }
    if let Some(path) = log {
        let mut f = std::fs::File::create(&path).map_err(|e| format!("cannot write {path}: {e}"))?;
        for g in &result.games {
            writeln!(f, "{}", game_log_line(g, &la, &lb)).map_err(|e| e.to_string())?;
        }
    }
    let (text, json_text) = summary(&result, &la, &lb);
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = writeln!(std::io::stdout(), "{}", if json { json_text } else { text });
    Ok(0)
}

/// `uttt tournament P1 P2 P3 … [--games N per pair] …`: round robin and a ratings table.
pub fn tournament(words: &[String]) -> Result<i32, String> {
    let mut args = Args::new(words);
    let games: usize = args.value_or("--games", 20)?;
    let jobs: usize = args.value_or("--jobs", crate::cli::default_jobs())?;
    let tc = time_control(&mut args)?;
    let seed: u64 = args.value_or("--seed", 1)?;
    let specs: Vec<PlayerSpec> = args.positionals()?.iter().map(|s| PlayerSpec::parse(s)).collect();
    if specs.len() < 2 {
        return Err("a tournament needs at least two players".into());
    }
    for s in &specs {
        s.validate()?;
    }
    let n = specs.len();
    let mut score = vec![vec![0.0; n]; n];
    let mut played = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let r = run_match(&specs[i], &specs[j], MatchConfig::new(games, jobs, tc, seed), |_| {});
            let w = r.wdl();
            score[i][j] = w.wins as f64 + 0.5 * w.draws as f64;
            score[j][i] = w.losses as f64 + 0.5 * w.draws as f64;
            played[i][j] = w.games() as f64;
            played[j][i] = w.games() as f64;
            let faults = r.faults(true).len() + r.faults(false).len();
            eprintln!(
                "{} vs {}: {}  faults {faults}",
                specs[i].label(),
                specs[j].label(),
                progress_line(&r, games)
            );
        }
    }
    let ratings = stats::ratings(&score, &played);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| ratings[b].total_cmp(&ratings[a]));
    println!("{:<28} {:>7} {:>7}   score vs each (row player's %)", "player", "elo", "score");
    for &i in &order {
        let total: f64 = score[i].iter().sum::<f64>() / played[i].iter().sum::<f64>().max(1.0);
        let cells: Vec<String> = order
            .iter()
            .map(|&j| {
                if i == j {
                    "   -  ".into()
                } else {
                    format!("{:5.1}%", 100.0 * score[i][j] / played[i][j].max(1.0))
                }
            })
            .collect();
        println!(
            "{:<28} {:>+7.0} {:>6.1}%   {}",
            specs[i].label(),
            ratings[i],
            100.0 * total,
            cells.join(" ")
        );
    }
    Ok(0)
}

/// `uttt show LOG GAME`: prints a logged game move by move.
pub fn show(words: &[String]) -> Result<i32, String> {
    let args = Args::new(words);
    let pos = args.positionals()?;
    let [path, game] = &pos[..] else { return Err("usage: uttt show LOG GAME_NUMBER".into()) };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let wanted = format!("{{\"game\": {game},");
    let line =
        text.lines().find(|l| l.starts_with(&wanted)).ok_or_else(|| format!("no game {game} in {path}"))?;
    let moves = moves_from_log_line(line).ok_or("the log line has no readable moves")?;
    let mut board = Board::new();
    for (i, m) in moves.iter().enumerate() {
        if !board.is_legal(*m) {
            return Err(format!("move {} ({m}) is illegal", i + 1));
        }
        let who = board.side_to_move();
        board.play(*m);
        println!("move {} by {who:?}: {m}\n{}", i + 1, human::render(&board, Some(*m)));
    }
    println!(
        "result: {}",
        match board.status() {
            Status::Won(p) => format!("{p:?} wins"),
            Status::Draw => "draw".into(),
            Status::Ongoing => "unfinished (a player forfeited; see the log's fault)".into(),
        }
    );
    Ok(0)
}
