//! A league's folder, all text a person can read and every file appended to, never rewritten:
//!
//! - `settings.txt`: `key = value` lines written by `league new` (the limits, the openings, the seed);
//! - `players.txt`: one event a line, `add<TAB>NAME<TAB>COMMAND` or `remove<TAB>NAME`, read again before
//!   every pairing, so that players join and leave while the league runs;
//! - `games.log`: a log as `uttt arena --log` writes it (a header line, then one JSON line per game, each
//!   move's stderr line included), appended as each game ends: `uttt report`, `uttt show`, `uttt analyse
//!   DIR/games.log#N` and `uttt slips` read it as they read a match's;
//! - `openings.txt`: the balanced openings, copied in when the league plays from them;
//! - `run.lock`: the process id and start time of the run under way, so that a second run on the league is
//!   refused while it lives (`lock.rs`).
//!
//! A damaged line is named by file and line and skipped; the rest is read. A run that is killed loses at
//! most the games under way and may leave a last line cut off, which the next run removes.

use super::lock::Lock;
use crate::arena::referee::TimeControl;
use crate::board::variants::Rules;
use crate::report::model::{parse_game_line, LoggedGame};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What `league new` fixes for every game of the league.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The first turn's limit, in ms.
    pub first_ms: u64,
    /// Every later turn's limit, in ms.
    pub later_ms: u64,
    /// Grace before a late answer is a fault, in ms.
    pub grace_ms: u64,
    /// Game pairs from the balanced openings (`openings.txt`) instead of the empty board.
    pub openings: bool,
    /// The seed of game pair `k` is `seed + k`.
    pub seed: u64,
    /// Games played at once by `league run` unless it says otherwise.
    pub jobs: usize,
    /// The game's rules (`codingame`, the arena's, unless `league new --rules` said another).
    pub rules: String,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            first_ms: 1000,
            later_ms: 100,
            grace_ms: 0,
            openings: false,
            seed: 1,
            jobs: 1,
            rules: "codingame".into(),
        }
    }
}

impl Settings {
    /// The rules of every game.
    pub fn game_rules(&self) -> Rules {
        Rules::parse(&self.rules).unwrap_or_default()
    }

    /// The time control of every game.
    pub fn time_control(&self) -> TimeControl {
        TimeControl {
            first_turn: Duration::from_millis(self.first_ms),
            later_turns: Duration::from_millis(self.later_ms),
            grace: Duration::from_millis(self.grace_ms),
        }
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        format!(
            "# uttt league settings (uttt league new)\nfirst_ms = {}\nlater_ms = {}\ngrace_ms = {}\nopenings = {}\nseed = {}\njobs = {}\nrules = {}\n",
            self.first_ms,
            self.later_ms,
            self.grace_ms,
            if self.openings { "openings.txt" } else { "empty" },
            self.seed,
            self.jobs,
            self.rules
        )
    }

    /// Reads the file's text; an error names the line.
    pub fn from_text(text: &str) -> Result<Settings, String> {
        let mut s = Settings::default();
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let bad = |what: &str| format!("settings.txt line {}: {what}", i + 1);
            let (key, value) = line.split_once('=').ok_or_else(|| bad("expected key = value"))?;
            let (key, value) = (key.trim(), value.trim());
            let number = || value.parse::<u64>().map_err(|_| bad(&format!("{key}: a whole number")));
            match key {
                "first_ms" => s.first_ms = number()?,
                "later_ms" => s.later_ms = number()?,
                "grace_ms" => s.grace_ms = number()?,
                "seed" => s.seed = number()?,
                "jobs" => s.jobs = number()? as usize,
                "openings" => s.openings = value != "empty",
                "rules" => {
                    Rules::parse(value).map_err(|e| bad(&e))?;
                    s.rules = value.to_string();
                }
                _ => return Err(bad(&format!("unknown setting {key:?}"))),
            }
        }
        Ok(s)
    }
}

/// A player of the league.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// Its name in the table and the logs.
    pub name: String,
    /// A shell command speaking the arena protocol, or `builtin:NAME[:opts]`.
    pub command: String,
    /// False once removed: its games stay, it plays no more.
    pub active: bool,
}

/// A league's folder.
#[derive(Clone, Debug)]
pub struct League {
    dir: PathBuf,
}

/// A name a table and a log can carry: letters, digits and `-_.:+@`, at most 40.
pub fn check_name(name: &str) -> Result<(), String> {
    let ok = |c: char| c.is_ascii_alphanumeric() || "-_.:+@".contains(c);
    if name.is_empty() || name.len() > 40 || !name.chars().all(ok) {
        return Err(format!("{name:?}: a name is 1 to 40 letters, digits or -_.:+@"));
    }
    Ok(())
}

impl League {
    /// The league in `dir`; an error when it is not one (no `settings.txt`).
    pub fn open(dir: &str) -> Result<League, String> {
        let league = League { dir: PathBuf::from(dir) };
        if !league.path("settings.txt").exists() {
            return Err(format!("{dir}: not a league (no settings.txt): uttt league new {dir}"));
        }
        Ok(league)
    }

    /// Makes a new league in `dir` (an error when one is there already); `openings`: a file of balanced
    /// openings to copy in.
    pub fn create(dir: &str, settings: &Settings, openings: Option<&str>) -> Result<League, String> {
        let league = League { dir: PathBuf::from(dir) };
        if league.path("settings.txt").exists() {
            return Err(format!("{dir}: a league is there already"));
        }
        std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
        if let Some(file) = openings {
            let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
            crate::arena::openings::parse_book(&text).map_err(|e| format!("{file}: {e}"))?;
            league.write("openings.txt", &text)?;
        }
        let header =
            crate::arena::header_line("tournament", &[], &settings.time_control(), settings.seed, None);
        league.write("games.log", &format!("{header}\n"))?;
        league
            .write("players.txt", "# uttt league players: add<TAB>NAME<TAB>COMMAND or remove<TAB>NAME\n")?;
        league.write("settings.txt", &settings.to_text())?;
        Ok(league)
    }

    /// A file of the league.
    pub fn path(&self, file: &str) -> PathBuf {
        self.dir.join(file)
    }

    /// The folder, as given.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn write(&self, file: &str, text: &str) -> Result<(), String> {
        let path = self.path(file);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Appends `line` (and its line end) to `file`, flushed.
    pub fn append(&self, file: &str, line: &str) -> Result<(), String> {
        let path = self.path(file);
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        f.write_all(format!("{line}\n").as_bytes())
            .and_then(|_| f.flush())
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The settings.
    pub fn settings(&self) -> Result<Settings, String> {
        let path = self.path("settings.txt");
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        Settings::from_text(&text).map_err(|e| format!("{}: {e}", self.dir.display()))
    }

    /// The players, in the order they joined, and a warning for each damaged line.
    pub fn players(&self) -> (Vec<Entrant>, Vec<String>) {
        let (lines, mut warnings) = self.lines("players.txt");
        let mut players: Vec<Entrant> = Vec::new();
        for (n, line) in lines {
            let fields: Vec<&str> = line.splitn(3, '\t').collect();
            match fields[..] {
                ["add", name, command] if check_name(name).is_ok() && !command.trim().is_empty() => {
                    match players.iter_mut().find(|p| p.name == name) {
                        Some(p) => *p = Entrant { name: name.into(), command: command.into(), active: true },
                        None => {
                            players.push(Entrant { name: name.into(), command: command.into(), active: true })
                        }
                    }
                }
                ["remove", name] if players.iter().any(|p| p.name == name) => {
                    players.iter_mut().filter(|p| p.name == name).for_each(|p| p.active = false);
                }
                _ => warnings.push(self.damaged(
                    "players.txt",
                    n,
                    "expected add<TAB>NAME<TAB>COMMAND or remove<TAB>NAME of a player",
                )),
            }
        }
        (players, warnings)
    }

    /// The games, in the order they ended, and a warning for each damaged line.
    pub fn games(&self) -> (Vec<LoggedGame>, Vec<String>) {
        let (lines, mut warnings) = self.lines("games.log");
        let mut games = Vec::new();
        for (n, line) in lines {
            if line.starts_with("{\"tournament\"") {
                continue;
            }
            match parse_game_line(&line) {
                Ok(g) => games.push(g),
                Err(e) => warnings.push(self.damaged("games.log", n, &e)),
            }
        }
        (games, warnings)
    }

    fn damaged(&self, file: &str, line: usize, what: &str) -> String {
        format!("{} line {line}: {what}; the line is skipped", self.path(file).display())
    }

    /// The file's lines that are not blank or comments, numbered from 1; a last line without its line
    /// end (a run killed while writing it) is left out with a warning.
    fn lines(&self, file: &str) -> (Vec<(usize, String)>, Vec<String>) {
        let path = self.path(file);
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let mut warnings = Vec::new();
        let complete = match text.is_empty() || text.ends_with('\n') {
            true => &text[..],
            false => {
                let n = text.lines().count();
                warnings.push(self.damaged(file, n, "cut off (a run was stopped while writing it)"));
                &text[..text.rfind('\n').map_or(0, |i| i + 1)]
            }
        };
        let lines = complete
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|(i, l)| (i + 1, l.to_string()))
            .collect();
        (lines, warnings)
    }

    /// Removes a cut-off last line from `file` (only the run that holds the lock does this).
    pub fn repair(&self, file: &str) -> Result<(), String> {
        let path = self.path(file);
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        if !text.is_empty() && !text.ends_with('\n') {
            let kept = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
            std::fs::write(&path, kept).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    }

    /// Takes the league for a run: an error while another live process holds it (`lock.rs`).
    pub fn lock(&self) -> Result<Lock, String> {
        super::lock::take(self.path("run.lock"), &self.dir)
    }
}
