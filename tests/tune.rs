//! `uttt tune` as a user runs it: in process, stopped and resumed, and as shards merged.

use std::path::Path;

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

fn tune(dir: &Path, state: &str, extra: &str) {
    let args = format!(
        "bot:iters=60 --param c=0.1:1.5:0.6 --param fpu=0.3:1.3 --games 4 --generations 2 --jobs 2 --seed 3 \
         --state {} {extra}",
        dir.join(state).display()
    );
    assert_eq!(uttt::tune::main(&words(&args)), Ok(0), "uttt tune {args}");
}

#[test]
fn in_process_resumed_and_sharded_runs_reach_the_same_state() {
    let dir = std::env::temp_dir().join(format!("uttt-tune-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();

    tune(&dir, "whole.txt", "");
    let whole = read("whole.txt");
    assert_eq!(whole.lines().filter(|l| l.starts_with("generation ")).count(), 2, "{whole}");

    // Stopped after one generation (a run asked for one), then resumed to two.
    let one =
        "bot:iters=60 --param c=0.1:1.5:0.6 --param fpu=0.3:1.3 --games 4 --generations 1 --jobs 2 --seed 3";
    let resumed = dir.join("resumed.txt");
    assert_eq!(uttt::tune::main(&words(&format!("{one} --state {}", resumed.display()))), Ok(0));
    tune(&dir, "resumed.txt", "");
    assert_eq!(read("resumed.txt"), whole);

    // Each generation's games in two shards, then merged.
    let sharded = "sharded.txt";
    for generation in 0..2 {
        let mut files = String::new();
        for k in 0..2 {
            let out = dir.join(format!("results-{generation}-{k}.txt"));
            tune(&dir, sharded, &format!("--shard {k}/2 --results {}", out.display()));
            files += &format!(" {}", out.display());
        }
        tune(&dir, sharded, &format!("--merge{files}"));
    }
    assert_eq!(read(sharded), whole);

    // Merging an incomplete generation is refused; a state of another run is not resumed.
    let half = dir.join("results-half.txt");
    std::fs::write(&half, read("results-0-0.txt")).unwrap();
    let fresh = dir.join("fresh.txt");
    let merge = format!("{one} --state {} --merge {}", fresh.display(), half.display());
    assert!(uttt::tune::main(&words(&merge)).unwrap_err().contains("games recorded"));
    let other =
        format!("{} --state {}", one.replace("--seed 3", "--seed 4"), dir.join("whole.txt").display());
    assert!(uttt::tune::main(&words(&other)).unwrap_err().contains("another run"));
    std::fs::remove_dir_all(&dir).unwrap();
}
