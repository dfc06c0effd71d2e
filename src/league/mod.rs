//! `uttt league`: a league that remembers every version. Players (protocol commands or built-ins) join
//! and leave at any time, even while it runs; games go where the ratings are least sure
//! (`schedule.rs`); every game is kept as text in the league's folder as it ends (`store.rs`), so a
//! stopped run loses at most the games under way; the table is one fit over all of them
//! (`standings.rs`). It sits above the arena (it plays the arena's games) and the reports (it reads
//! their logs).
//!
//! ```sh
//! uttt league new my-league --openings data/openings.txt
//! uttt league add my-league v1 "./bots/uttt-v1 --quiet"
//! uttt league add my-league mcts builtin:mcts
//! uttt league run my-league --jobs 2 --until 30
//! uttt league table my-league
//! ```

pub mod history;
pub mod lock;
pub mod run;
pub mod schedule;
pub mod standings;
pub mod store;

use crate::arena::player::PlayerSpec;
use crate::cli::Args;
use store::{check_name, League, Settings};

/// Every `uttt league` verb, as the usage, the README and `uttt help` list them (tests/help.rs).
pub const VERBS: [&str; 6] = ["new", "add", "remove", "run", "table", "page"];

const USAGE: &str = "usage: uttt league new DIR [--time-ms T] [--first-time-ms T] [--grace-ms G] [--openings FILE] [--seed S] [--jobs J]
                       [--rules codingame|lines-only|lite|points]
       uttt league add DIR NAME \"COMMAND\"      (a shell command speaking the arena protocol, or builtin:NAME[:opts])
       uttt league remove DIR NAME
       uttt league run DIR [--jobs J] [--games N | --until ELO]
       uttt league table DIR [--json]
       uttt league page DIR --html FILE        (the log's page: ratings, the pairwise matrix, every game's replay)";

/// `uttt league SUBCOMMAND …`.
pub fn main(words: &[String]) -> Result<i32, String> {
    let (sub, rest) = words.split_first().ok_or(USAGE)?;
    let mut a = Args::new(rest);
    let result = match sub.as_str() {
        "new" => new(&mut a),
        "add" => add(&mut a),
        "remove" => remove(&mut a),
        "run" => run(&mut a),
        "table" => table(&mut a),
        "page" => page(&mut a),
        other => Err(format!("unknown league command {other:?}")),
    };
    result.map_err(|e| format!("{e}\n{USAGE}"))
}

/// The positional words `names` asks for, exactly that many.
fn positionals<const N: usize>(a: &Args, names: [&str; N]) -> Result<[String; N], String> {
    let words = a.positionals()?;
    <[String; N]>::try_from(words).map_err(|w| format!("expected {}, got {:?}", names.join(" "), w))
}

fn new(a: &mut Args) -> Result<i32, String> {
    let tc = crate::arena::time_control(a)?;
    let openings: Option<String> = a.value("--openings")?;
    let settings = Settings {
        first_ms: tc.first_turn.as_millis() as u64,
        later_ms: tc.later_turns.as_millis() as u64,
        grace_ms: tc.grace.as_millis() as u64,
        openings: openings.is_some(),
        seed: a.value_or("--seed", 1)?,
        jobs: a.value_or("--jobs", 1)?,
        rules: a.value_or("--rules", "codingame".to_string())?,
    };
    crate::board::variants::Rules::parse(&settings.rules)?;
    let [dir] = positionals(a, ["DIR"])?;
    League::create(&dir, &settings, openings.as_deref())?;
    eprintln!("league: {dir} made; add players with `uttt league add {dir} NAME \"COMMAND\"`");
    Ok(0)
}

/// Refuses a player that cannot start: an unknown built-in, or a command whose program is not found.
fn check_command(command: &str) -> Result<(), String> {
    match PlayerSpec::parse(command) {
        PlayerSpec::Builtin(_) => {
            PlayerSpec::parse(command).start(1, &[]).map(drop).map_err(|f| f.to_string())
        }
        _ => {
            let program = command.split_whitespace().next().ok_or("an empty command")?;
            let found = std::process::Command::new("sh")
                .arg("-c")
                .arg(format!("command -v '{}' >/dev/null", program.replace('\'', "")))
                .status()
                .is_ok_and(|s| s.success());
            if found {
                Ok(())
            } else {
                Err(format!("{program:?}: no such program (the command would not start)"))
            }
        }
    }
}

fn add(a: &mut Args) -> Result<i32, String> {
    let [dir, name, command] = positionals(a, ["DIR", "NAME", "COMMAND"])?;
    let league = League::open(&dir)?;
    check_name(&name)?;
    if league.players().0.iter().any(|p| p.name == name) {
        return Err(format!("{name:?} is in the league already (a new version takes a new name)"));
    }
    if command.contains(['\t', '\n']) {
        return Err("the command may not hold a tab or a line end".into());
    }
    check_command(&command)?;
    league.append("players.txt", &format!("add\t{name}\t{command}"))?;
    eprintln!("league: {name} joins {dir}");
    Ok(0)
}

fn remove(a: &mut Args) -> Result<i32, String> {
    let [dir, name] = positionals(a, ["DIR", "NAME"])?;
    let league = League::open(&dir)?;
    match league.players().0.iter().find(|p| p.name == name) {
        None => Err(format!("no player {name:?} in {dir}")),
        Some(p) if !p.active => Err(format!("{name:?} was removed already")),
        Some(_) => {
            league.append("players.txt", &format!("remove\t{name}"))?;
            eprintln!("league: {name} plays no more in {dir} (its games stay)");
            Ok(0)
        }
    }
}

fn run(a: &mut Args) -> Result<i32, String> {
    let games: Option<usize> = a.value("--games")?;
    let until: Option<f64> = a.value("--until")?;
    let jobs: Option<usize> = a.value("--jobs")?;
    let [dir] = positionals(a, ["DIR"])?;
    let league = League::open(&dir)?;
    let stop = match (games, until) {
        (Some(_), Some(_)) => return Err("--games or --until, not both".into()),
        (Some(n), None) => run::Stop::Games(n),
        (None, Some(w)) => run::Stop::Interval(w),
        (None, None) => run::Stop::Never,
    };
    let jobs = jobs.unwrap_or(league.settings()?.jobs);
    let played = run::run(&league, jobs, stop)?;
    eprintln!("league: {played} games played");
    print_table(&league, false);
    Ok(0)
}

fn table(a: &mut Args) -> Result<i32, String> {
    let json = a.flag("--json");
    let [dir] = positionals(a, ["DIR"])?;
    print_table(&League::open(&dir)?, json);
    Ok(0)
}

/// The league's page: the page `uttt report --html` makes of its log (the pairwise matrix, every game's
/// replay; damaged lines left out) with the league's table and each player's rating over time.
fn page(a: &mut Args) -> Result<i32, String> {
    let out: String = a.value("--html")?.ok_or("league page needs --html FILE")?;
    let [dir] = positionals(a, ["DIR"])?;
    let league = League::open(&dir)?;
    let text =
        std::fs::read_to_string(league.path("games.log")).map_err(|e| format!("{dir}/games.log: {e}"))?;
    let good: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("{\"tournament\"") || crate::report::model::parse_game_line(l).is_ok())
        .collect();
    let run = crate::report::Run::from_logs(&[good.join("\n")])?;
    let (players, _) = league.players();
    // The log's games as the page has them (read once, in the order they ended).
    let games = &run.games;
    let rows = standings::standings(&players, games);
    let mut fields = crate::report::page::run_fields(&run);
    fields.retain(|(k, _)| *k != "kind");
    fields.push(("kind", crate::json::string("league")));
    fields.push(("standings", standings::table_json(&rows, games.len())));
    fields.push(("history", history::history_json(&players, &history::history(&players, games, 60))));
    // The folder's own name only: a page shows no path of the machine that made it.
    let name = league.dir().file_name().map_or(dir.clone(), |n| n.to_string_lossy().into_owned());
    let title = format!("{name}: a league of {} players, {} games", players.len(), games.len());
    crate::report::write_page(&out, &crate::report::page::html(&title, &crate::json::object(&fields)))?;
    Ok(0)
}

fn print_table(league: &League, json: bool) {
    let (players, player_warnings) = league.players();
    let (games, warnings) = league.games();
    for w in player_warnings.iter().chain(&warnings) {
        eprintln!("league: {w}");
    }
    let rows = standings::standings(&players, &games);
    if json {
        println!("{}", standings::table_json(&rows, games.len()));
    } else {
        print!("{}", standings::table_text(&rows, games.len()));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_verb_is_dispatched_and_in_the_usage() {
        for verb in super::VERBS {
            let error = super::main(&[verb.to_string()]).unwrap_err();
            assert!(!error.contains("unknown league command"), "{verb}: {error}");
            assert!(super::USAGE.contains(&format!("uttt league {verb} ")), "{verb} not in the usage");
        }
        assert!(super::main(&["nonsense".to_string()]).unwrap_err().contains("unknown league command"));
    }
}
