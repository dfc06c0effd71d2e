//! `uttt help`, or `--help` / `-h` with any subcommand, prints the usage and the built-in agents
//! instead of running anything.

use std::process::Command;

#[test]
fn help_lists_the_commands_and_the_built_in_agents() {
    for args in [&["help"][..], &["--help"], &["arena", "--help"], &["bench", "-h"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_uttt")).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "uttt {args:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        for expected in [
            "uttt arena A B",
            "uttt profile",
            "minimax[:depth=N]",
            "bot[:iters=N]",
            "fpu=X",
            "alphago",
            "weighted",
            "points",
            "--reward",
        ] {
            assert!(text.contains(expected), "uttt {args:?} does not mention {expected:?}:\n{text}");
        }
        assert!(!text.contains("perft8_nodes"), "uttt {args:?} ran the benchmark instead of helping");
    }
}

#[test]
fn every_tunable_is_an_option_in_the_help_and_a_row_of_the_docs_table() {
    use uttt::tunables::{markdown_tables, ALPHABETA_TUNABLES, TUNABLES};
    let out = Command::new(env!("CARGO_BIN_EXE_uttt")).arg("help").output().unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    let table = Command::new(env!("CARGO_BIN_EXE_uttt")).args(["help", "params"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&table.stdout), markdown_tables());
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/tuning.md")).unwrap();
    assert!(docs.contains(&markdown_tables()), "docs/tuning.md's tables differ from `uttt help params`");
    // Each option reaches its player: inside its range it is taken, outside refused.
    let tree = TUNABLES.iter().map(|t| ("bot", t.name, t.range));
    let alphabeta = ALPHABETA_TUNABLES.iter().map(|t| ("alphabeta", t.name, t.range));
    for (player, name, (_, hi)) in tree.chain(alphabeta) {
        assert!(help.contains(&format!("[:{name}=")), "the help lacks {player}'s {name}");
        let inside = format!("{player}:iters=10:{name}={hi}");
        assert!(uttt::agents::parse(&inside, 1).is_ok(), "{inside}");
        let outside = format!("{player}:iters=10:{name}={}", hi + 1.0);
        assert!(uttt::agents::parse(&outside, 1).is_err(), "{outside}");
    }
}

/// A tool's output piped into a reader that stops early (`uttt report LOG | head`) ends the tool quietly,
/// as command-line tools do, not with a panic at its next print.
#[cfg(unix)]
#[test]
fn a_tool_whose_reader_goes_away_ends_without_a_panic() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    // The signature computes for a tenth of a second before it prints: the reader is gone by then.
    let mut child = Command::new(env!("CARGO_BIN_EXE_uttt"))
        .args(["bench", "--signature"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(!errors.contains("panicked"), "the tool panicked:\n{errors}");
    assert_eq!(out.status.signal(), Some(13), "ended by {:?}, not by the closed pipe", out.status);
}

#[test]
fn the_usage_and_the_readme_list_every_league_verb() {
    let verbs = uttt::league::VERBS.join("|");
    let out = Command::new(env!("CARGO_BIN_EXE_uttt")).arg("help").output().unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains(&format!("league {verbs} DIR")), "uttt help lacks league {verbs}:\n{help}");
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(
        readme.contains(&format!("`uttt league {} DIR`", verbs.replace('|', "\\|"))),
        "README lacks {verbs}"
    );
}
