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
