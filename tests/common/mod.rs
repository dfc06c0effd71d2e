//! What several integration tests do alike: run a binary on a whole referee input at once.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `bin` with `args`, writes `input` to its stdin and closes it (the end of input ends the game), and
/// returns its exit status, stdout and stderr.
pub fn run_with_input(bin: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(bin)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}
