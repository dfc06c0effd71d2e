//! Match reports in the browser: one self-contained HTML page per match, tournament or profile, with
//! the summary, the move-time chart, the list of games and a replay (`--html FILE`, `uttt report`).
//!
//! Every match page is built from the run's log text (`model.rs`), whether the run just ended or the log
//! is years old, so `uttt report LOG --html F` rebuilds exactly the page `uttt arena … --html F` wrote.

pub mod model;
pub mod page;
pub mod paired;
pub mod pooled;
pub mod slips;
pub mod throws;

use crate::cli::Args;
pub use model::{read_logs, LoggedFault, LoggedGame, Run, RunKind};

/// The page of a match or tournament whose log text (one or more logs) is `logs`.
pub fn run_page(logs: &[String]) -> Result<String, String> {
    let run = Run::from_logs(logs)?;
    let title = match run.kind {
        RunKind::Match => format!("{} vs {}", run.players[0], run.players[1]),
        RunKind::Tournament => format!("Tournament of {} players", run.players.len()),
    };
    Ok(page::html(&title, &page::run_data(&run)))
}

/// Writes the page of the run whose log text is `log_text` to `path` (`arena --html`, `tournament --html`).
pub fn write_run_page(path: &str, log_text: &str) -> Result<(), String> {
    write_page(path, &run_page(&[log_text.to_string()])?)
}

/// Writes `page` to `path`, saying so on stderr.
pub fn write_page(path: &str, page: &str) -> Result<(), String> {
    std::fs::write(path, page).map_err(|e| format!("cannot write {path}: {e}"))?;
    eprintln!("wrote {path} ({} KB): open it in a browser", page.len() / 1024);
    Ok(())
}

/// `uttt report LOG... --html FILE`: the page of logged matches (one match, or a tournament's games);
/// `uttt report LOG... [--player NAME]...`: one player's figures pooled over the logs, as text (`pooled.rs`;
/// a second `--player` names the same build under another name);
/// `uttt report NEW.log... --paired BASE.log...`: two runs of one seed compared game by game (`paired.rs`).
pub fn main(words: &[String]) -> Result<i32, String> {
    let mut args = Args::new(words);
    let out: Option<String> = args.value("--html")?;
    let players = args.values("--player")?;
    let paired = args.values("--paired")?;
    let paths = args.positionals()?;
    if paths.is_empty() {
        return Err("usage: uttt report LOG... --html FILE | uttt report LOG... [--player NAME]... | \
                    uttt report NEW.log... --paired BASE.log..."
            .into());
    }
    match out {
        _ if !paired.is_empty() && (out.is_some() || !players.is_empty()) => {
            Err("--paired compares the runs' first players, as text".into())
        }
        _ if !paired.is_empty() => paired::main(&paths, &paired),
        Some(_) if !players.is_empty() => Err("--player is for the pooled text, not the page".into()),
        Some(out) => write_page(&out, &run_page(&read_logs(&paths)?)?).map(|()| 0),
        None => pooled::main(&paths, &players),
    }
}
