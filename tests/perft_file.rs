//! Every line of tests/data/perft.txt, with depths capped so the default test run stays fast.
//! The full file runs under `uttt perft tests/data/perft.txt` in release.

use uttt::perft::{parse_perft_file, run_case, PerftOutcome};

/// Depths whose expected count is above this are skipped here.
const NODE_CAP: u64 = 3_000_000;

fn perft_text() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

#[test]
fn every_perft_line_matches_up_to_the_cap() {
    let cases = parse_perft_file(&perft_text()).expect("perft file parses");
    assert!(cases.len() >= 40, "expected the whole file, got {} lines", cases.len());
    let mut depths_checked = 0;
    for case in &cases {
        match run_case(case, NODE_CAP) {
            PerftOutcome::Counted(counts) => {
                assert!(!counts.is_empty(), "line {}: nothing under the cap", case.line_number);
                assert_eq!(counts[..], case.expected[..counts.len()], "line {}", case.line_number);
                depths_checked += counts.len();
            }
            PerftOutcome::IllegalMove(i) => panic!("line {}: move #{} is illegal", case.line_number, i + 1),
        }
    }
    assert!(depths_checked > 150);
}

#[test]
fn the_perft_command_fails_on_a_wrong_count() {
    let dir = std::env::temp_dir().join(format!("uttt-perft-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "# wrong on purpose\n ; 81 720 6337\n").unwrap();
    let good = dir.join("good.txt");
    std::fs::write(&good, " ; 81 720 6336\n4 4 ; 8\n").unwrap();
    let run = |p: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_uttt")).arg("perft").arg(p).output().unwrap()
    };
    let out = run(&bad);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("MISMATCH"));
    let out = run(&good);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    std::fs::remove_dir_all(&dir).ok();
}
