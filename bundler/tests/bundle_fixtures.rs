//! Fixture crates bundled and compared with golden outputs; each bundle must compile and run.

use bundler::{bundle, compile_check, Options};
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

/// The readable bundle, or the shrunk one (comments and whitespace only: its text is golden, so it must
/// not depend on the compiler that pruning asks).
fn options(root: &Path, shrink: bool) -> Options {
    let readable = Options::readable(root.join("src/lib.rs"), root.join("src/bin/main.rs"), "fixture");
    Options { shrink, ..readable }
}

/// Compiles and runs a bundle, returning its stdout (or `None` without rustc).
fn compile_and_run(text: &str, tag: &str) -> Option<String> {
    let dir = std::env::temp_dir().join(format!("bundler-fixture-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("bundle.rs");
    std::fs::write(&src, text).unwrap();
    let bin = dir.join("bundle");
    match compile_check(&src, &bin) {
        Ok(None) => return None,
        Ok(Some(_)) => {}
        Err(e) => panic!("bundle does not compile:\n{e}"),
    }
    let out = std::process::Command::new(&bin).output().unwrap();
    std::fs::remove_dir_all(&dir).ok();
    Some(String::from_utf8(out.stdout).unwrap())
}

const EXPECTED_RUN: &str = "13 e mod fake3; mod fake4; \"# still raw a note with \"# and \"## inside 7 1\n";

#[test]
fn basic_fixture_matches_golden_output_and_runs() {
    let root = fixture("basic");
    for (shrink, golden) in [(false, "expected.rs"), (true, "expected-shrunk.rs")] {
        let b = bundle(&options(&root, shrink)).unwrap();
        let expected = std::fs::read_to_string(root.join(golden)).unwrap();
        assert_eq!(b.text, expected, "{golden} differs: regenerate it only if the change is intended");
        assert_eq!(b.left_out, vec!["unused".to_string()]);
        assert!(!b.text.contains("fn t()") && !b.text.contains("fn gone") && !b.text.contains("mod tests"));
        assert!(b.text.contains("fn not_test") && b.text.contains("fn kept_unknown"));
        assert!(
            !b.text.contains("cfg(bundle)") && !b.text.contains("cfg(not(test))"),
            "true in the bundle: dropped"
        );
        if let Some(stdout) = compile_and_run(&b.text, golden) {
            // 6 bytes of data: c() = 6, b() = 12, a() = 13.
            assert_eq!(stdout, EXPECTED_RUN);
        }
    }
}

#[test]
fn shrinking_removes_comments_but_not_literals() {
    let b = bundle(&options(&fixture("basic"), true)).unwrap();
    assert!(!b.text.contains("mod fake2") && !b.text.contains("nested */"));
    assert!(b.text.contains("\"mod fake3;\"") && b.text.contains("r##\"mod fake4; \"# still raw\"##"));
}

#[test]
fn the_minified_fixture_runs_as_the_readable_one() {
    let root = fixture("basic");
    let opts = Options::minified(root.join("src/lib.rs"), root.join("src/bin/main.rs"), "fixture");
    let b = bundle(&opts).unwrap();
    let readable = bundle(&options(&root, false)).unwrap();
    assert!(b.text.len() * 10 < readable.text.len() * 7, "{} bytes", b.text.len());
    assert!(b.renames.contains_key("not_test") && !b.renames.contains_key("trim"));
    if let Some(stdout) = compile_and_run(&b.text, "minified") {
        assert_eq!(stdout, EXPECTED_RUN);
        assert!(b.pruned.is_empty() || !b.text.contains("kept_unknown"), "pruning cut the unused function");
    }
}

#[test]
fn a_missing_module_file_is_reported() {
    let dir = std::env::temp_dir().join(format!("bundler-missing-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("src/bin")).unwrap();
    std::fs::write(dir.join("src/lib.rs"), "pub mod nowhere;\n").unwrap();
    std::fs::write(dir.join("src/bin/main.rs"), "fn main() {}\n").unwrap();
    let err = bundle(&options(&dir, false)).unwrap_err();
    assert!(err.contains("nowhere"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
