//! `uttt league` end to end, through the binary: players join and leave, games are kept as they end, a
//! killed run loses only the games under way, a second run on one league is refused, and bad input gets a
//! clear error while the league goes on.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};
use uttt::json::Json;

const UTTT: &str = env!("CARGO_BIN_EXE_uttt");

/// A fresh folder for a league (not made: `league new` makes it).
fn folder(name: &str) -> String {
    let dir: PathBuf = std::env::temp_dir().join(format!("uttt-league-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir.to_string_lossy().into_owned()
}

fn league(args: &[&str]) -> Output {
    Command::new(UTTT).arg("league").args(args).output().expect("the binary runs")
}

fn ok(args: &[&str]) -> String {
    let out = league(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn refused(args: &[&str]) -> String {
    let out = league(args);
    assert!(!out.status.success(), "{args:?} was accepted");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The table as JSON: each player's name, games, faults, and whether it is active.
fn table(dir: &str) -> (usize, Vec<(String, usize, usize, bool)>) {
    let json = Json::parse(ok(&["table", dir, "--json"]).trim()).expect("JSON");
    let games = json.get("games").and_then(Json::as_f64).unwrap() as usize;
    let players = json.get("players").and_then(Json::as_array).unwrap();
    let rows = players
        .iter()
        .map(|p| {
            let number = |k: &str| p.get(k).and_then(Json::as_f64).unwrap() as usize;
            let name = p.get("name").and_then(Json::as_str).unwrap().to_string();
            (name, number("games"), number("faults"), p.get("active") == Some(&Json::Bool(true)))
        })
        .collect();
    (games, rows)
}

/// The game lines of the league's log: (game number, X, O).
fn logged(dir: &str) -> Vec<(usize, String, String)> {
    let text = std::fs::read_to_string(format!("{dir}/games.log")).unwrap();
    text.lines()
        .filter_map(|l| Json::parse(l).ok())
        .filter(|j| j.get("game").is_some())
        .map(|j| {
            let s = |k: &str| j.get(k).and_then(Json::as_str).unwrap().to_string();
            (j.get("game").and_then(Json::as_f64).unwrap() as usize, s("x"), s("o"))
        })
        .collect()
}

#[test]
fn players_join_and_leave_games_are_kept_and_bad_input_is_named() {
    let dir = folder("commands");
    ok(&["new", &dir, "--seed", "7"]);
    assert!(refused(&["new", &dir]).contains("already"));
    ok(&["add", &dir, "random", "builtin:random"]);
    ok(&["add", &dir, "minimax", "builtin:minimax:depth=1"]);
    // A bot that ends at once: every game it plays is a crash, counted, and the league goes on.
    ok(&["add", &dir, "quitter", "true"]);
    assert!(refused(&["add", &dir, "random", "builtin:mcts"]).contains("already"));
    assert!(refused(&["add", &dir, "ghost", "/no/such/bot --quiet"]).contains("no such program"));
    assert!(refused(&["add", &dir, "nobody", "builtin:no-such-agent"]).len() > 10);
    assert!(refused(&["add", &dir, "bad name", "builtin:random"]).contains("name"));
    ok(&["run", &dir, "--games", "12", "--jobs", "2"]);
    let (games, rows) = table(&dir);
    assert_eq!(games, 12);
    let quitter = rows.iter().find(|r| r.0 == "quitter").unwrap();
    assert!(quitter.1 > 0 && quitter.2 == quitter.1, "every game of the quitter is a fault: {rows:?}");
    // Every pair met (a newcomer's pairs go first), colours in turn.
    let games_of = |name: &str| rows.iter().find(|r| r.0 == name).unwrap().1;
    assert!(games_of("random") > 0 && games_of("minimax") > 0);
    // A game pair: games 2k and 2k+1, the same two players, colours swapped.
    let log = logged(&dir);
    for (k, x, o) in &log {
        if let Some(other) = log.iter().find(|g| g.0 == (k ^ 1)) {
            assert_eq!((&other.1, &other.2), (o, x), "game {k}: {log:?}");
        }
    }
    // Removed, a player keeps its games and plays no more.
    ok(&["remove", &dir, "quitter"]);
    assert!(refused(&["remove", &dir, "quitter"]).contains("removed already"));
    assert!(refused(&["remove", &dir, "stranger"]).contains("no player"));
    ok(&["run", &dir, "--games", "4"]);
    let log = logged(&dir);
    assert_eq!(log.len(), 16);
    assert!(log[12..].iter().all(|(_, x, o)| x != "quitter" && o != "quitter"), "{log:?}");
    let numbers: std::collections::HashSet<usize> = log.iter().map(|g| g.0).collect();
    assert_eq!(numbers.len(), 16, "a second run numbers its games after the first's");
    // The log is a log: `uttt report` reads it.
    let path = format!("{dir}/games.log");
    let report = Command::new(UTTT).args(["report", &path, "--player", "minimax"]).output().unwrap();
    assert!(report.status.success(), "{}", String::from_utf8_lossy(&report.stderr));
    assert!(String::from_utf8_lossy(&report.stdout).contains("minimax against"));
    // A damaged line is named by file and line; the rest is read.
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("{text}{{\"game\": 99, not json\n")).unwrap();
    let out = league(&["table", &dir]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && err.contains("games.log line 18"), "{err}");
    assert_eq!(table(&dir).0, 16);
    assert!(refused(&["table", "/no/such/league"]).contains("not a league"));
    // The page: every game's replay, the damaged line left out.
    let html = format!("{dir}/page.html");
    ok(&["page", &dir, "--html", &html]);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("minimax") && page.contains("quitter") && page.contains("<html"));
    // The league's own data: its table and the ratings over time, each game with the moment it ended;
    // the title names the folder, not where it lies on this machine.
    let data = &page[page.find("application/json\">").unwrap() + 18..];
    let data = Json::parse(&data[..data.find("</script>").unwrap()]).expect("the page's data is JSON");
    assert_eq!(data.get("kind").and_then(Json::as_str), Some("league"));
    let points = data.get("history").and_then(|h| h.get("points")).and_then(Json::as_array).unwrap();
    let last = points.last().unwrap();
    assert_eq!(last.get("games").and_then(Json::as_f64), Some(16.0));
    assert!(last.get("ended").and_then(Json::as_f64).is_some_and(|t| t > 1.7e9), "{last:?}");
    assert!(data.get("standings").and_then(|s| s.get("players")).is_some());
    let title = &page[page.find("<title>").unwrap()..page.find("</title>").unwrap()];
    assert!(title.contains("uttt-league-commands-") && !title.contains('/'), "{title}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_league_plays_the_rules_it_was_made_with() {
    let dir = folder("rules");
    assert!(refused(&["new", &dir, "--rules", "chess"]).contains("lite"));
    ok(&["new", &dir, "--rules", "lite"]);
    assert!(std::fs::read_to_string(format!("{dir}/settings.txt")).unwrap().contains("rules = lite"));
    ok(&["add", &dir, "random", "builtin:random"]);
    ok(&["add", &dir, "greedy", "builtin:greedy"]);
    ok(&["run", &dir, "--games", "8"]);
    // The lite game ends at the first small board won: a handful of moves, never a full game's fifty.
    let text = std::fs::read_to_string(format!("{dir}/games.log")).unwrap();
    let lengths: Vec<usize> = text
        .lines()
        .filter_map(|l| Json::parse(l).ok())
        .filter_map(|j| j.get("moves").and_then(Json::as_array).map(<[Json]>::len))
        .collect();
    assert!(lengths.len() == 8 && lengths.iter().all(|&n| (5..=25).contains(&n)), "{lengths:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_killed_run_loses_only_the_games_under_way_and_a_second_run_is_refused() {
    let dir = folder("kill");
    ok(&["new", &dir, "--first-time-ms", "3000", "--time-ms", "2000"]);
    // A slow shell bot: the first legal move, a twentieth of a second after each turn.
    let slow = "while read l; do read n; read m; i=1; while [ $i -lt $n ]; do read x; i=$((i+1)); done; sleep 0.05; echo \"$m\"; done";
    ok(&["add", &dir, "slow-a", &format!("sh -c '{slow}'")]);
    ok(&["add", &dir, "slow-b", &format!("sh -c '{slow}'")]);
    let mut first = Command::new(UTTT)
        .args(["league", "run", &dir, "--jobs", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while logged(&dir).is_empty() && started.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(!logged(&dir).is_empty(), "no game in two minutes");
    assert!(refused(&["run", &dir, "--games", "2"]).contains("another run"));
    first.kill().unwrap();
    first.wait().unwrap();
    let before = logged(&dir);
    // A half-written last line, as a kill during a write leaves it.
    let path = format!("{dir}/games.log");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("{text}{{\"game\": 5, \"x\"")).unwrap();
    ok(&["run", &dir, "--games", "2"]);
    let after = logged(&dir);
    assert_eq!(after.len(), before.len() + 2, "{before:?} then {after:?}");
    assert_eq!(after[..before.len()], before[..]);
    assert!(std::fs::read_to_string(&path).unwrap().ends_with("}\n"), "the cut line was removed");
    assert!(!std::path::Path::new(&format!("{dir}/run.lock")).exists());
    let _ = std::fs::remove_dir_all(&dir);
}
