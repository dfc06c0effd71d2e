//! `uttt arena --log FILE` writes each game as it ends, so that a match stopped early (a time limit, a
//! killed job) keeps the games it played; the finished log is the whole match, header first.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use uttt::json::Json;

#[test]
fn a_match_stopped_early_leaves_a_log_of_the_games_it_played() {
    let log = std::env::temp_dir().join(format!("uttt-partial-log-{}.txt", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_uttt"))
        .args(["arena", "builtin:random", "builtin:reflex", "--games", "1000000", "--jobs", "1", "--quiet"])
        .arg("--log")
        .arg(&log)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let start = Instant::now();
    let lines = |path: &std::path::Path| std::fs::read_to_string(path).unwrap_or_default().lines().count();
    while lines(&log) < 20 && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().expect("the match is still running");
    let _ = child.wait();
    let text = std::fs::read_to_string(&log).expect("the log exists while the match runs");
    let _ = std::fs::remove_file(&log);
    let mut complete = text.lines().collect::<Vec<_>>();
    if !text.ends_with('\n') {
        complete.pop(); // the line being written when the match was stopped
    }
    assert!(complete.len() >= 20, "{} lines after {:?}", complete.len(), start.elapsed());
    let header = Json::parse(complete[0]).expect("the header is JSON");
    assert!(header.get("match").is_some(), "{}", complete[0]);
    for line in &complete[1..] {
        let game = Json::parse(line).expect("each game line is JSON");
        assert!(game.get("game").is_some() && game.get("moves").is_some(), "{line}");
    }
}
