//! `uttt bench --midgame-iterations N --positions FILE`: a fixed workload of a file's positions, the
//! same for any build that reads it, and a clear refusal of a file it cannot search.

use std::process::Command;

fn bench(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_uttt")).arg("bench").args(args).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// The figure `name` of the "per iteration" lines.
fn per_iteration(stdout: &str, name: &str) -> f64 {
    let line = stdout.lines().find(|l| l.split_whitespace().next() == Some(name)).expect(name);
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn a_file_of_games_gives_the_positions_searched() {
    let dir = std::env::temp_dir().join(format!("uttt-bench-positions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.txt");
    std::fs::write(&file, "# two games\n4 4 3 3 0 0 1 1\n2 2 6 6 0 0\n").unwrap();
    let file = file.to_str().unwrap();
    let (code, stdout, stderr) = bench(&["--midgame-iterations", "300", "--positions", file]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.starts_with("2 positions, 300 iterations each"), "{stdout}");
    // Every iteration walks below the root and values a leaf: the counts are the search's, not zeros.
    assert!(per_iteration(&stdout, "path_nodes") >= 1.0, "{stdout}");
    assert!(per_iteration(&stdout, "leaf_values") > 0.5, "{stdout}");
    let (code, stdout, _) = bench(&["--midgame-iterations", "300", "--positions", file, "--plies", "0,2,4"]);
    assert_eq!(code, Some(0));
    // The second game has no fourth ply: 3 + 2 positions.
    assert!(stdout.starts_with("5 positions, 300 iterations each"), "{stdout}");

    std::fs::write(dir.join("bad.txt"), "4 4 3 3\n4 4 4 4\n").unwrap();
    let bad = dir.join("bad.txt");
    let (code, stdout, stderr) =
        bench(&["--midgame-iterations", "300", "--positions", bad.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("line 2: move 2 (4 4) is not legal there"), "{stderr}");
    let (code, _, stderr) = bench(&["--midgame-iterations", "300", "--plies", "3"]);
    assert_eq!((code, stderr.trim()), (Some(2), "uttt bench: --plies needs --positions FILE"));
    std::fs::remove_dir_all(&dir).ok();
}
