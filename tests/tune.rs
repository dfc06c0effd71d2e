//! `uttt tune` as a user runs it: in process, stopped and resumed, and as shards merged.

use std::path::Path;

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

const RUN: &str = "bot:iters=60 --param c=0.1:1.5:0.6 --param fpu=0.3:1.3 --games 4 --jobs 2 --seed 3";

fn tune(dir: &Path, run: &str, state: &str, extra: &str) {
    let args = format!("{run} --generations 2 --state {} {extra}", dir.join(state).display());
    assert_eq!(uttt::tune::main(&words(&args)), Ok(0), "uttt tune {args}");
}

/// Runs `run` for two generations in one go, and for one then resumed; returns both state files.
fn whole_and_resumed(dir: &Path, run: &str, name: &str) -> (String, String) {
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let whole = format!("{name}-whole.txt");
    tune(dir, run, &whole, "");
    let resumed = dir.join(format!("{name}-resumed.txt"));
    assert_eq!(
        uttt::tune::main(&words(&format!("{run} --generations 1 --state {}", resumed.display()))),
        Ok(0)
    );
    tune(dir, run, &format!("{name}-resumed.txt"), "");
    (read(&whole), read(&format!("{name}-resumed.txt")))
}

#[test]
fn in_process_resumed_and_sharded_runs_reach_the_same_state() {
    let dir = std::env::temp_dir().join(format!("uttt-tune-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();

    // Stopped after one generation (a run asked for one), then resumed to two.
    let (whole, resumed) = whole_and_resumed(&dir, RUN, "score");
    assert_eq!(whole.lines().filter(|l| l.starts_with("generation ")).count(), 2, "{whole}");
    assert_eq!(resumed, whole);

    // Each generation's games in two shards, then merged.
    let sharded = "sharded.txt";
    for generation in 0..2 {
        let mut files = String::new();
        for k in 0..2 {
            let out = dir.join(format!("results-{generation}-{k}.txt"));
            tune(&dir, RUN, sharded, &format!("--shard {k}/2 --results {}", out.display()));
            files += &format!(" {}", out.display());
        }
        tune(&dir, RUN, sharded, &format!("--merge{files}"));
    }
    assert_eq!(read(sharded), whole);

    // Merging an incomplete generation is refused; a state of another run is not resumed.
    let half = dir.join("results-half.txt");
    std::fs::write(&half, read("results-0-0.txt")).unwrap();
    let fresh = dir.join("fresh.txt");
    let merge = format!("{RUN} --generations 1 --state {} --merge {}", fresh.display(), half.display());
    assert!(uttt::tune::main(&words(&merge)).unwrap_err().contains("games recorded"));
    let other =
        format!("{} --state {}", RUN.replace("--seed 3", "--seed 4"), dir.join("score-whole.txt").display());
    assert!(uttt::tune::main(&words(&other)).unwrap_err().contains("another run"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Seed 002's rewards keep their changing opponent in the state: a resumed run meets the same ones.
#[test]
fn non_stationary_rewards_resume_where_they_stood() {
    let dir = std::env::temp_dir().join(format!("uttt-tune-reward-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Depth-1 weighted players against a weak MCTS: someone wins 4 of 6 at once, so the level rises.
    let growing = "weighted:n=1 --param take_cell=0.0:20.0 --param stop_cell=0.0:20.0 --games 6 --jobs 2 \
                   --seed 2 --reward growing:2 --opponent mcts:iters=2 --population 4";
    let (whole, resumed) = whole_and_resumed(&dir, growing, "growing");
    assert_eq!(resumed, whole);
    assert!(!whole.contains("ladder 0 0 "), "no candidate beat a 2-iteration MCTS 4 times in 6:\n{whole}");
    let selfplay = growing.replace("--reward growing:2 --opponent mcts:iters=2", "--reward selfplay");
    let (whole, resumed) = whole_and_resumed(&dir, &selfplay, "selfplay");
    assert_eq!(resumed, whole);
    std::fs::remove_dir_all(&dir).unwrap();
}
