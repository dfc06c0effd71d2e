//! The bot faults its tree memory in during its first turn, so that later turns' searches pay no
//! first-touch page faults (Linux: read from the peak memory the bot reports at end of input).

mod common;

use std::path::Path;

/// Peak memory in MB that the bot reports after answering one first turn with `args`.
fn peak_mb_after_one_turn(args: &[&str]) -> Option<f64> {
    let mut turn = String::from("4 4\n8\n");
    for (r, c) in [(3, 3), (3, 4), (3, 5), (4, 3), (4, 5), (5, 3), (5, 4), (5, 5)] {
        turn += &format!("{r} {c}\n");
    }
    let out = common::run_with_input(Path::new(env!("CARGO_BIN_EXE_uttt")), args, &turn);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1, "one answer");
    let log = String::from_utf8_lossy(&out.stderr);
    let peak = log.split("peak memory ").nth(1)?;
    Some(peak.split_whitespace().next()?.parse().unwrap())
}

#[test]
fn the_first_turn_touches_both_tree_buffers() {
    // Two buffers of 2 M nodes of 20 bytes: 80 MB; half the first turn (500 ms) is time enough to touch them.
    let turn = ["--first-time-ms", "1000", "--nodes"];
    let Some(big) = peak_mb_after_one_turn(&[&turn[..], &["2000000"]].concat()) else {
        return; // No peak memory figure on this system.
    };
    let small = peak_mb_after_one_turn(&[&turn[..], &["1000"]].concat()).unwrap();
    assert!(big - small > 75.0, "peak {big} MB with 2 M nodes, {small} MB with 1,000");
    // Held to an iteration count there is no clock to save: only the pages used are touched.
    let counted = peak_mb_after_one_turn(&["--iterations", "10", "--nodes", "2000000"]).unwrap();
    assert!(counted - small < 20.0, "peak {counted} MB with 2 M nodes and 10 iterations");
}
