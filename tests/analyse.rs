//! `uttt analyse` through its command line: a typed move list, a game of a log, the JSON, and clear errors
//! (naming the move and its number) for bad input, never a panic.

use std::process::Command;

fn analyse(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_uttt")).arg("analyse").args(args).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

#[test]
fn a_typed_plain_game_is_judged_and_its_thrown_draw_named() {
    let (code, text, _) = analyse(&["1 1, 0 1, 0 0, 1 0, 2 2"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("plain tic-tac-toe, 5 moves, X won"), "{text}");
    assert!(text.contains("blunder: threw a draw"), "{text}");
    assert!(text.contains("decided at move 2 (0 1)"), "{text}");
}

#[test]
fn an_ultimate_game_gives_json_the_same_for_any_number_of_jobs() {
    let game = "4 4 3 3 0 0 1 1 4 5 4 6";
    let args = |jobs: &'static str| ["--iterations", "300", "--exact", "2000", "--json", "--jobs", jobs];
    let (code, one, _) = analyse(&[&[game][..], &args("1")].concat());
    assert_eq!(code, 0);
    let (_, two, _) = analyse(&[&[game][..], &args("2")].concat());
    assert_eq!(one, two, "the analysis depends on the jobs");
    let json = uttt::json::Json::parse(one.trim()).expect("JSON");
    let game = &json.as_array().unwrap()[0];
    assert_eq!(game.get("game").and_then(|g| g.as_str()), Some("ultimate"));
    assert_eq!(game.get("moves").and_then(|m| m.as_array()).map(|m| m.len()), Some(6));
    assert_eq!(game.get("x_scores").and_then(|m| m.as_array()).map(|m| m.len()), Some(7));
}

#[test]
fn a_logged_game_is_found_by_its_number_and_a_missing_one_named() {
    let dir = std::env::temp_dir().join(format!("uttt-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("m.log");
    let status = Command::new(env!("CARGO_BIN_EXE_uttt"))
        .args([
            "arena",
            "builtin:greedy",
            "builtin:random",
            "--games",
            "2",
            "--seed",
            "3",
            "--quiet",
            "--log",
        ])
        .arg(&log)
        .output()
        .unwrap();
    assert!(status.status.success());
    let log = log.to_str().unwrap();
    let (code, text, _) = analyse(&[&format!("{log}#1"), "--iterations", "200"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.starts_with(&format!("{log}#1: builtin:")), "{text}");
    let (code, _, err) = analyse(&[&format!("{log}#7")]);
    assert_eq!(code, 2);
    assert!(err.contains("the log has no game 7 (2 games)"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_move_lists_are_errors_that_name_the_move() {
    for (list, message) in [
        ("4 4 4 4", "move 2 (4 4) is illegal under Ultimate's rules"),
        ("4 4 3", "the last (3) has no partner"),
        ("4 4 9 0", "move 2 (9 0) is off the board"),
    ] {
        let (code, out, err) = analyse(&[list]);
        assert_eq!((code, out.as_str()), (2, ""), "{list}");
        assert!(err.contains(message), "{list}: {err}");
    }
    let (code, _, err) = analyse(&["--iterations", "100"]);
    assert_eq!(code, 2);
    assert!(err.contains("usage: uttt analyse"), "{err}");
}
