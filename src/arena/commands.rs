//! The `arena` and `tournament` commands: options, the match, the log and the printed tables.

use super::log::{game_log_line, header_line, match_log};
use super::openings::Openings;
use super::player::PlayerSpec;
use super::referee::time_control;
use super::runner::{progress_line, run_match, MatchConfig, Sprt};
use super::stats;
use super::summary::summary;
use crate::cli::Args;
use std::io::Write;

/// `--first a|b`: the player who moves first in every game (`Some(true)`: A); colours alternate without it.
fn first_mover(args: &mut Args) -> Result<Option<bool>, String> {
    match args.value::<String>("--first")?.as_deref() {
        None => Ok(None),
        Some("a") => Ok(Some(true)),
        Some("b") => Ok(Some(false)),
        Some(other) => Err(format!("--first {other:?}: a or b")),
    }
}

/// Writes a run's page (`--html PATH`) from its log text. The pages sit above the arena (they read its
/// logs and statistics), so the command that runs it hands the arena their writer: `report::write_run_page`.
pub type PageWriter = fn(path: &str, log_text: &str) -> Result<(), String>;

/// Writes the run's log (`--log`) and its page (`--html`, built from that same log text).
fn write_log_and_page(
    log_text: &str,
    log: Option<String>,
    html: Option<String>,
    page: PageWriter,
) -> Result<(), String> {
    if let Some(path) = log {
        std::fs::write(&path, log_text).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    if let Some(path) = html {
        page(&path, log_text)?;
    }
    Ok(())
}

/// `uttt arena A B [--games N] [--jobs J] [--time-ms T] [--first-time-ms T] [--grace-ms G] [--seed S]
/// [--sprt elo0,elo1,alpha,beta] [--json] [--log FILE] [--html FILE] [--quiet]`
pub fn main(words: &[String], page: PageWriter) -> Result<i32, String> {
    if words.windows(2).any(|w| w[0] == "--rules" && w[1] == "plain") {
        let rest: Vec<String> = words.iter().filter(|w| *w != "plain" && *w != "--rules").cloned().collect();
        return super::plain::main(&rest);
    }
    let mut args = Args::new(words);
    let games: usize = args.value_or("--games", 100)?;
    let jobs: usize = args.value_or("--jobs", crate::cli::default_jobs())?;
    let tc = time_control(&mut args)?;
    let seed: u64 = args.value_or("--seed", 1)?;
    let json = args.flag("--json");
    let quiet = args.flag("--quiet");
    let log: Option<String> = args.value("--log")?;
    let html: Option<String> = args.value("--html")?;
    let a_first = first_mover(&mut args)?;
    let rules = crate::board::variants::Rules::parse(&args.value_or("--rules", "codingame".to_string())?)?;
    let lenient = args.flag("--lenient-output");
    let openings = match args.value::<String>("--openings")? {
        Some(spec) => Openings::parse(&spec)?,
        None => Openings::EmptyBoard,
    };
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
    let (a, b) = (PlayerSpec::parse(a).lenient(lenient), PlayerSpec::parse(b).lenient(lenient));
    a.validate()?;
    b.validate()?;
    let (la, lb) = (a.label(), b.label());
    // The log grows game by game, so that a match stopped early keeps the games it played; at the end it is
    // written whole (the same lines, and the SPRT's verdict in its header).
    let mut partial = match &log {
        Some(path) => Some(std::fs::File::create(path).map_err(|e| format!("cannot write {path}: {e}"))?),
        None => None,
    };
    if let Some(f) = partial.as_mut() {
        let _ = writeln!(f, "{}", header_line("match", &[la.clone(), lb.clone()], &tc, seed, None));
    }
    let result = run_match(
        &a,
        &b,
        MatchConfig { sprt, openings, a_first, rules, ..MatchConfig::new(games, jobs, tc, seed) },
        |r| {
            if let (Some(f), Some(g)) = (partial.as_mut(), r.games.last()) {
                let _ = writeln!(f, "{}", game_log_line(g, &la, &lb));
            }
            if !quiet {
                eprint!("\r{}   ", progress_line(r, games));
            }
        },
    );
    drop(partial);
    if !quiet {
        eprintln!();
    }
    write_log_and_page(&match_log(&result, &la, &lb, &tc, seed), log, html, page)?;
    let (text, json_text) = summary(&result, &la, &lb);
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = writeln!(std::io::stdout(), "{}", if json { json_text } else { text });
    Ok(0)
}

/// `uttt tournament P1 P2 P3 … [--games N per pair] [--log FILE] [--html FILE] …`: round robin and a
/// ratings table.
pub fn tournament(words: &[String], page: PageWriter) -> Result<i32, String> {
    let mut args = Args::new(words);
    let games: usize = args.value_or("--games", 20)?;
    let jobs: usize = args.value_or("--jobs", crate::cli::default_jobs())?;
    let tc = time_control(&mut args)?;
    let seed: u64 = args.value_or("--seed", 1)?;
    let log: Option<String> = args.value("--log")?;
    let html: Option<String> = args.value("--html")?;
    let a_first = first_mover(&mut args)?;
    let rules = crate::board::variants::Rules::parse(&args.value_or("--rules", "codingame".to_string())?)?;
    let glicko = match args.value::<String>("--rating")?.as_deref() {
        None | Some("bt") => false,
        Some("glicko2") => true,
        Some(other) => return Err(format!("--rating {other:?}: bt or glicko2")),
    };
    let lenient = args.flag("--lenient-output");
    let specs: Vec<PlayerSpec> =
        args.positionals()?.iter().map(|s| PlayerSpec::parse(s).lenient(lenient)).collect();
    if specs.len() < 2 {
        return Err("a tournament needs at least two players".into());
    }
    for s in &specs {
        s.validate()?;
    }
    let n = specs.len();
    let labels: Vec<String> = specs.iter().map(PlayerSpec::label).collect();
    let mut log_text = header_line("tournament", &labels, &tc, seed, None) + "\n";
    let mut score = vec![vec![0.0; n]; n];
    // Each game as (i, j, score of i), by pairing, in game order: the Glicko-2 rating periods.
    let mut pairings: Vec<Vec<(usize, usize, f64)>> = Vec::new();
    let mut played = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let config = MatchConfig { a_first, rules, ..MatchConfig::new(games, jobs, tc, seed) };
            let r = run_match(&specs[i], &specs[j], config, |_| {});
            for g in &r.games {
                log_text += &(game_log_line(g, &labels[i], &labels[j]) + "\n");
            }
            pairings.push(r.a_scores().iter().map(|&s| (i, j, s)).collect());
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
    let width = name_width(&labels);
    println!("{:<width$} {:>7} {:>7}   score vs each (row player's %)", "player", "elo", "score");
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
            "{:<width$} {:>+7.0} {:>6.1}%   {}",
            specs[i].label(),
            ratings[i],
            100.0 * total,
            cells.join(" ")
        );
    }
    if glicko {
        print_glicko(&labels, &pairings);
    }
    write_log_and_page(&log_text, log, html, page)?;
    Ok(0)
}

/// The width of the tables' name column.
fn name_width(labels: &[String]) -> usize {
    labels.iter().map(|l| l.chars().count()).max().unwrap_or(0).max("player".len())
}

/// The Glicko-2 table. Rating period k holds the k-th game of every pairing, so every player plays in
/// every period, as in a round-robin ladder.
fn print_glicko(labels: &[String], pairings: &[Vec<(usize, usize, f64)>]) {
    let rounds = pairings.iter().map(Vec::len).max().unwrap_or(0);
    let periods: Vec<Vec<(usize, usize, f64)>> =
        (0..rounds).map(|k| pairings.iter().filter_map(|p| p.get(k).copied()).collect()).collect();
    let rated = super::glicko::rate(labels.len(), &periods, super::glicko::TAU);
    let mut order: Vec<usize> = (0..labels.len()).collect();
    order.sort_by(|&a, &b| rated[b].rating.total_cmp(&rated[a].rating));
    println!(
        "\nGlicko-2 (τ {}; {rounds} rating periods, period k = the k-th game of every pairing)",
        super::glicko::TAU
    );
    let width = name_width(labels);
    println!("{:<width$} {:>7} {:>6} {:>10}", "player", "rating", "RD", "volatility");
    for i in order {
        let g = rated[i];
        println!("{:<width$} {:>7.0} {:>6.0} {:>10.4}", labels[i], g.rating, g.deviation, g.volatility);
    }
}

/// `uttt make-openings --realistic`: the realistic suite, and how it was made as the file's header.
fn make_realistic_openings(mut args: Args) -> Result<i32, String> {
    let d = super::realistic::RealisticSuite::DEFAULT;
    let suite = super::realistic::RealisticSuite {
        plies: args.value_or("--plies", d.plies)?,
        iterations: args.value_or("--iterations", d.iterations)?,
        margin: args.value_or("--margin", d.margin)?,
        share: args.value_or("--share", d.share)?,
        seed: args.value_or("--seed", d.seed)?,
    };
    let out: String = args.value("--out")?.ok_or("--out FILE is required")?;
    args.positionals()?;
    let lines = suite.lines();
    let super::realistic::RealisticSuite { plies, iterations, margin, share, seed } = suite;
    let header = format!(
        "Realistic start positions for `uttt arena --openings`: one opening per line, moves as `row col`.\n\
         Made by: uttt make-openings --realistic --plies {plies} --iterations {iterations} --margin {margin} --share {share} --seed {seed}\n\
         From X's centre (4 4), every move the bot's search ({iterations} iterations, no book) rates within {margin} of\n\
         its best for the side to move, with at least {share} of the most visited move's visits, to {plies} plies;\n\
         one line for each class of positions the board's symmetries make equal. The value after each line is\n\
         the side to move's by that search."
    );
    std::fs::write(&out, super::openings::format_book(&lines, &header)).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("wrote {} realistic openings to {out}", lines.len());
    Ok(0)
}

/// `uttt make-openings [--count N] [--plies K] [--iterations I] [--margin M] [--seed S] --out FILE`:
/// a balanced opening book (see `openings::balanced_book`); with `--realistic [--share S]`, the realistic
/// suite (`realistic.rs`).
pub fn make_openings(words: &[String]) -> Result<i32, String> {
    let mut args = Args::new(words);
    if args.flag("--realistic") {
        return make_realistic_openings(args);
    }
    let count: usize = args.value_or("--count", 100)?;
    let plies: usize = args.value_or("--plies", 6)?;
    let iterations: u64 = args.value_or("--iterations", 20_000)?;
    let margin: f32 = args.value_or("--margin", 0.08)?;
    let seed: u64 = args.value_or("--seed", 1)?;
    let out: String = args.value("--out")?.ok_or("--out FILE is required")?;
    args.positionals()?;
    let book = super::openings::balanced_book(count, plies, iterations, margin, seed);
    let header = format!(
        "A balanced opening book for `uttt arena --openings`: one opening per line, moves as `row col`.\n\
         Made by: uttt make-openings --count {count} --plies {plies} --iterations {iterations} --margin {margin} --seed {seed}\n\
         Each line is {plies} uniformly random moves, kept when a search of {iterations} iterations with rollouts\n\
         (no learned prior, no value net) scores the side to move within {margin} of one half: balanced by that\n\
         search's reckoning. The value after each line is that score."
    );
    std::fs::write(&out, super::openings::format_book(&book, &header)).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("wrote {} openings to {out}", book.len());
    Ok(0)
}
