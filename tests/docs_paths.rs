//! Every file the reference docs cite exists: the README and `docs/*.md` (not the dated journal, which
//! records paths as they were) name files as `src/…`, `docs/…`, `scripts/…` and the like, in backticks,
//! links or plain text, and link to pages beside them; a reader who follows one must find it.

use std::path::Path;

/// The folders a cited path starts with.
const ROOTS: [&str; 9] =
    ["src/", "docs/", "scripts/", "tests/", "weights/", "bundler/", "benches/", ".ci/", "data/"];

/// The paths `text` cites: words starting with one of `ROOTS`, cut at the first character no path has.
fn cited(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in text.char_indices() {
        let rest = &text[i..];
        let Some(root) = ROOTS.iter().find(|r| rest.starts_with(*r)) else { continue };
        // A path starts a word: not in the middle of another path or name.
        let before = text[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '/' | '.' | '_' | '-')) {
            continue;
        }
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || matches!(c, '/' | '.' | '_' | '-')))
            .unwrap_or(rest.len());
        let path = rest[..end].trim_end_matches(['.', '/']);
        if path.len() > root.len() {
            out.push(path.to_string());
        }
    }
    out
}

#[test]
fn every_path_the_docs_cite_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    let mut missing = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap();
        // Links, relative to the page.
        for target in text.split("](").skip(1).filter_map(|rest| rest.split(')').next()) {
            let file = target.split('#').next().unwrap_or("");
            if !file.is_empty() && !file.contains("://") && !page.parent().unwrap().join(file).exists() {
                missing.push(format!("{}: link {target}", page.strip_prefix(root).unwrap().display()));
            }
        }
        for path in cited(&text) {
            // Files a command makes (`data/gen22/…`, `dist/…`) are not in the tree; `data/openings.txt` is.
            let made = path.starts_with("data/") && path != "data/openings.txt";
            if !made && !root.join(&path).exists() && !root.join("docs").join(&path).exists() {
                missing.push(format!("{}: {path}", page.strip_prefix(root).unwrap().display()));
            }
        }
    }
    assert!(missing.is_empty(), "cited paths that do not exist:\n{}", missing.join("\n"));
}

#[test]
fn a_cited_path_is_read_whole_and_only_at_a_word_start() {
    let found =
        cited("see `src/mcts/budget.rs`, [x](docs/rules.md#the-clock) and ../src/lib.rs. Not xsrc/a.rs");
    assert_eq!(found, vec!["src/mcts/budget.rs", "docs/rules.md"]);
}
