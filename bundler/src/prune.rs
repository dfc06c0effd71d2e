//! Dead items left out: the functions, methods, constants, statics, type aliases and structs that the
//! bot never reaches, as rustc's `dead_code` lint lists them on the bundle itself, and the imports its
//! `unused_imports` lint finds (removed as rustc's own suggestions remove them).
//!
//! Each round type-checks the bundle (`rustc --emit=metadata`, no code generated), cuts every item the
//! lint names (with its attributes and docs; a struct with its `impl` blocks), and checks again, until
//! the lint names nothing more. A round whose cuts do not compile is undone and ends the pruning, so the
//! result always compiles whenever the input did. Without rustc nothing is cut.

use super::lexer::{tokenize, Kind, Token};
use std::path::Path;
use std::process::Command;

/// At most this many rounds (each cut can make more items dead).
const MAX_ROUNDS: usize = 16;

/// What pruning did.
#[derive(Debug, Default)]
pub struct Pruned {
    /// The bundle without its dead items.
    pub text: String,
    /// The names of the items cut, in the order they were cut.
    pub removed: Vec<String>,
    /// Why pruning stopped early, if it did (no rustc, or a round that did not compile).
    pub note: Option<String>,
}

/// `text` without the items rustc finds dead; `scratch` is a directory for the checks' files.
pub fn prune(text: &str, scratch: &Path) -> Pruned {
    let mut current = text.to_string();
    let mut removed = Vec::new();
    for _ in 0..MAX_ROUNDS {
        let diagnostics = match check(&current, scratch) {
            Ok(d) => d,
            Err(note) => return Pruned { text: current, removed, note: Some(note) },
        };
        // Imports left unused (rustc's own fix: the ranges its suggestions replace by nothing).
        let unused = unused_import_ranges(&diagnostics);
        if !unused.is_empty() {
            let fixed = cut_bytes(&current, &unused);
            if check(&fixed, scratch).is_ok() {
                current = fixed;
                continue;
            }
        }
        let starts = dead_item_names(&diagnostics);
        if starts.is_empty() {
            return Pruned { text: current, removed, note: None };
        }
        // A round with the structs, and if that does not compile, without them. An item still imported
        // where its last user goes in the same round stays for a round (its import is unused then, and
        // goes first), so a round that fails on such imports is tried again without those items.
        let mut last_error = String::new();
        let mut done = false;
        'round: for with_structs in [true, false] {
            let mut kept: Vec<String> = Vec::new();
            loop {
                let (cut, names) = match cut_items(&current, &starts, with_structs, &kept) {
                    Ok(x) => x,
                    Err(e) => return Pruned { text: current, removed, note: Some(e) },
                };
                if names.is_empty() {
                    break;
                }
                match check(&cut, scratch) {
                    Ok(_) => {
                        removed.extend(names);
                        current = cut;
                        done = true;
                        break 'round;
                    }
                    Err(e) => {
                        let unresolved: Vec<String> =
                            unresolved_imports(&e).into_iter().filter(|n| !kept.contains(n)).collect();
                        last_error = e;
                        if unresolved.is_empty() {
                            break;
                        }
                        kept.extend(unresolved);
                    }
                }
            }
        }
        if !done {
            let note = if last_error.is_empty() {
                None
            } else {
                Some(format!(
                    "a pruning round did not compile and was undone: {}",
                    first_message(&last_error)
                ))
            };
            return Pruned { text: current, removed, note };
        }
    }
    Pruned { text: current, removed, note: None }
}

/// The message of the first error among rustc's JSON diagnostics.
fn first_message(json: &str) -> String {
    let line = json.lines().find(|l| l.contains("\"level\":\"error\"")).unwrap_or("");
    let message = line.split_once("\"message\":\"").map_or("", |(_, rest)| rest);
    message.split('"').next().unwrap_or("").to_string()
}

/// Type-checks `text`; its diagnostics as rustc's JSON lines, or an error when it does not compile (or
/// there is no rustc).
fn check(text: &str, scratch: &Path) -> Result<String, String> {
    std::fs::create_dir_all(scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let src = scratch.join("prune.rs");
    std::fs::write(&src, text).map_err(|e| format!("{}: {e}", src.display()))?;
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let output = Command::new(rustc)
        .args(["--edition", "2021", "--emit=metadata", "--error-format=json", "--crate-type", "bin", "-o"])
        .arg(scratch.join("prune.rmeta"))
        .arg(&src)
        .output()
        .map_err(|e| format!("rustc could not be run ({e}): nothing pruned"))?;
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    if output.status.success() {
        Ok(stderr)
    } else {
        Err(stderr)
    }
}

/// The byte offsets of the names of the items that the `dead_code` diagnostics of `json` point at.
fn dead_item_names(json: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    for line in json.lines().filter(|l| l.contains("\"code\":{\"code\":\"dead_code\"")) {
        // Only the diagnostic's own spans, not those of its notes.
        let Some(spans) = line.split_once("\"spans\":[").map(|(_, rest)| rest) else { continue };
        let spans = spans.split("],\"children\":[").next().unwrap_or(spans);
        for span in spans.split("{\"file_name\":").skip(1) {
            if !span.contains("\"is_primary\":true") {
                continue;
            }
            let number = span.split_once("\"byte_start\":").map(|(_, r)| r).unwrap_or("");
            let digits: String = number.chars().take_while(|c| c.is_ascii_digit()).collect();
            if let Ok(n) = digits.parse() {
                starts.push(n);
            }
        }
    }
    starts
}

/// The byte ranges that rustc's suggestions for unused imports replace by nothing.
fn unused_import_ranges(json: &str) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    for line in json.lines().filter(|l| l.contains("\"code\":{\"code\":\"unused_imports\"")) {
        let Some((_, children)) = line.split_once("\"children\":[") else { continue };
        for span in children.split("{\"file_name\":").skip(1) {
            if !span.contains("\"suggested_replacement\":\"\"") {
                continue;
            }
            let number = |key: &str| -> Option<usize> {
                let rest = span.split_once(key)?.1;
                rest.chars().take_while(|c| c.is_ascii_digit()).collect::<String>().parse().ok()
            };
            if let (Some(a), Some(b)) = (number("\"byte_start\":"), number("\"byte_end\":")) {
                ranges.push((a, b));
            }
        }
    }
    ranges.sort();
    ranges.dedup();
    ranges
}

/// `text` without the byte ranges `ranges` (sorted; overlaps merged).
fn cut_bytes(text: &str, ranges: &[(usize, usize)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for &(from, to) in ranges {
        if to > text.len() || !text.is_char_boundary(from) || !text.is_char_boundary(to) {
            continue;
        }
        if from >= at {
            out.push_str(&text[at..from]);
        }
        at = at.max(to);
    }
    out.push_str(&text[at.min(text.len())..]);
    out
}

/// The names that rustc's errors call unresolved imports (`unresolved import `a::b::NAME``) or cannot
/// find (`cannot find value `NAME` in this scope`): items cut while something still names them. The
/// second happens when two items share a name and one of them was kept for an import (`kept` is by
/// name): the kept one's users stay, and so must the items they use.
fn unresolved_imports(json: &str) -> Vec<String> {
    let mut names: Vec<String> = json
        .lines()
        .filter(|l| l.contains("\"level\":\"error\""))
        .filter_map(|l| l.split_once("\"message\":\"").map(|(_, message)| message))
        .filter(|m| m.starts_with("unresolved import `") || m.starts_with("cannot find "))
        .filter_map(|m| m.split_once('`').and_then(|(_, rest)| rest.split_once('`')))
        .map(|(path, _)| path.rsplit("::").next().unwrap_or(path).to_string())
        .collect();
    names.sort();
    names.dedup();
    names
}

/// `text` with the items whose names start at `starts` cut out, but those named in `kept`, and the
/// names cut. With `with_structs`, a struct goes with its `impl` blocks and its imports; without, structs
/// stay.
fn cut_items(
    text: &str,
    starts: &[usize],
    with_structs: bool,
    kept: &[String],
) -> Result<(String, Vec<String>), String> {
    let tokens = tokenize(text)?;
    let offsets: Vec<usize> = tokens
        .iter()
        .scan(0, |at, t| {
            let here = *at;
            *at += t.text.len();
            Some(here)
        })
        .collect();
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    let mut names = Vec::new();
    for &start in starts {
        let Ok(k) = offsets.binary_search(&start) else { continue };
        if tokens[k].kind != Kind::Ident || kept.iter().any(|n| n == tokens[k].text) {
            continue;
        }
        let Some(keyword) = prev_code(&tokens, k) else { continue };
        let cut = match tokens[keyword].text {
            "fn" => item_range(&tokens, keyword, k, true),
            "const" | "static" | "type" => item_range(&tokens, keyword, k, false),
            "mut" if prev_code(&tokens, keyword).is_some_and(|s| tokens[s].text == "static") => {
                item_range(&tokens, keyword, k, false)
            }
            "struct" if with_structs => {
                let mut all = vec![item_range(&tokens, keyword, k, true)];
                all.extend(impl_blocks(&tokens, tokens[k].text));
                all.extend(imports_of(&tokens, tokens[k].text).into_iter().map(Some));
                names.push(tokens[k].text.to_string());
                ranges.extend(all.into_iter().flatten());
                continue;
            }
            _ => None,
        };
        if let Some(r) = cut {
            ranges.push(r);
            names.push(tokens[k].text.to_string());
        }
    }
    ranges.sort();
    let mut out = String::with_capacity(text.len());
    let mut at = 0; // the next token to copy
    for (from, to) in ranges {
        if from < at {
            at = at.max(to); // overlaps a range already cut (a method of a cut struct's impl, say)
            continue;
        }
        out.extend(tokens[at..from].iter().map(|t| t.text));
        at = to;
    }
    out.extend(tokens[at..].iter().map(|t| t.text));
    Ok((out, names))
}

fn prev_code(tokens: &[Token], k: usize) -> Option<usize> {
    (0..k).rev().find(|&j| !tokens[j].is_trivia())
}

/// The token range of the item whose keyword is at `keyword` and name at `name`: from just after the
/// previous `;`, `{` or `}` (so its docs, attributes and visibility go too) to its end, its body's `}`
/// (`braced`: a function or struct, which may also end at a `;`) or its `;`.
fn item_range(tokens: &[Token], keyword: usize, name: usize, braced: bool) -> Option<(usize, usize)> {
    let mut from = keyword;
    while let Some(j) = prev_code(tokens, from) {
        if matches!(tokens[j].text, ";" | "{" | "}") && tokens[j].kind == Kind::Punct {
            from = j + 1; // the docs and comments after the previous item belong to this one
            break;
        }
        from = j;
    }
    if prev_code(tokens, from).is_none() {
        from = 0;
    }
    let mut depth = 0i32;
    let mut k = name + 1;
    while k < tokens.len() {
        let t = &tokens[k];
        if t.kind == Kind::Punct {
            match t.text {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" => depth -= 1,
                "}" => {
                    depth -= 1;
                    if depth == 0 && braced {
                        return Some((from, k + 1));
                    }
                }
                ";" if depth == 0 => return Some((from, k + 1)),
                _ => {}
            }
        }
        k += 1;
    }
    None
}

/// The token ranges that import `name`: a whole `use …::name;`, or `name` and a comma in a `use` group.
fn imports_of(tokens: &[Token], name: &str) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    for (k, t) in tokens.iter().enumerate() {
        if !t.is(Kind::Ident, "use") {
            continue;
        }
        let Some(end) = (k..tokens.len()).find(|&j| tokens[j].is(Kind::Punct, ";")) else { continue };
        let code: Vec<usize> = (k + 1..end).filter(|&j| !tokens[j].is_trivia()).collect();
        let grouped = code.iter().any(|&j| tokens[j].is(Kind::Punct, "{"));
        for (i, &j) in code.iter().enumerate() {
            if !tokens[j].is(Kind::Ident, name) {
                continue;
            }
            let next = code.get(i + 1).map(|&n| tokens[n].text);
            if !grouped && next.is_none() {
                ranges.push(item_range(tokens, k, k, false).unwrap_or((k, end + 1)));
            } else if grouped && next == Some(",") {
                ranges.push((j, code[i + 1] + 1));
            } else if grouped && next == Some("}") && i > 0 && tokens[code[i - 1]].text == "," {
                ranges.push((code[i - 1], j + 1));
            } else if grouped && next == Some("}") {
                ranges.push((j, j + 1));
            }
        }
    }
    ranges
}

/// The `impl` blocks of the type `name`: `impl name {`, `impl Trait for name {` (generics aside).
fn impl_blocks(tokens: &[Token], name: &str) -> Vec<Option<(usize, usize)>> {
    let mut blocks = Vec::new();
    for (k, t) in tokens.iter().enumerate() {
        if !t.is(Kind::Ident, "impl") {
            continue;
        }
        // The header runs to the block's `{`; its last name before that is the type's.
        let Some(open) = (k..tokens.len()).find(|&j| tokens[j].is(Kind::Punct, "{")) else { continue };
        let header: Vec<&Token> = tokens[k + 1..open].iter().filter(|t| !t.is_trivia()).collect();
        let self_type = match header.iter().position(|t| t.is(Kind::Ident, "for")) {
            Some(f) => header.get(f + 1),
            None => header.iter().find(|t| t.kind == Kind::Ident),
        };
        if self_type.is_some_and(|t| t.text == name) {
            blocks.push(item_range(tokens, k, k, true));
        }
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `prune` in a scratch folder of the test's own, or `None` where there is no rustc.
    fn pruned(src: &str, tag: &str) -> Option<Pruned> {
        let dir = std::env::temp_dir().join(format!("bundler-prune-{tag}-{}", std::process::id()));
        let p = prune(src, &dir);
        std::fs::remove_dir_all(&dir).ok();
        let no_rustc = p.note.as_deref().is_some_and(|n| n.contains("could not be run"));
        (!no_rustc).then_some(p)
    }

    #[test]
    fn dead_functions_constants_and_structs_are_cut_with_their_attributes() {
        let src = "use std::collections::HashMap;\nfn main() { println!(\"{}\", used()); }\n\
                   /// Docs.\n#[inline]\nfn used() -> u8 { LIVE }\nconst LIVE: u8 = 3;\n\
                   #[inline]\nfn dead() -> u8 { DEAD[0] }\nconst DEAD: [u8; 2] = [1, 2];\n\
                   #[derive(Clone)]\nstruct Gone { x: u8 }\nimpl Gone { fn new() -> Gone { Gone { x: 1 } } }\n\
                   impl Default for Gone { fn default() -> Self { Gone::new() } }\n";
        let Some(p) = pruned(src, "items") else { return };
        assert_eq!(p.note, None);
        assert!(p.text.contains("fn used") && p.text.contains("const LIVE") && p.text.contains("/// Docs."));
        for gone in ["dead", "DEAD", "Gone", "derive"] {
            assert!(!p.text.contains(gone), "{gone} left in:\n{}", p.text);
        }
        assert_eq!(p.text.matches("#[inline]").count(), 1);
        assert!(!p.text.contains("HashMap"), "the unused import stays:\n{}", p.text);
    }

    /// `SCALE`'s one user goes in the round that finds `SCALE` dead too: cut at once, its import would be
    /// unresolved, so it waits a round, until that import is unused.
    #[test]
    fn an_item_imported_where_its_last_user_goes_is_cut_a_round_later() {
        let src = "mod shape { pub const SCALE: u8 = 3; pub const LIVE: u8 = 1; }\n\
                   mod layer { use super::shape::SCALE; pub fn dead() -> u8 { SCALE } }\n\
                   fn main() { println!(\"{}\", shape::LIVE); }\n";
        let Some(p) = pruned(src, "imports") else { return };
        assert_eq!(p.note, None);
        assert!(!p.text.contains("SCALE") && !p.text.contains("fn dead"), "left in:\n{}", p.text);
        assert!(p.text.contains("LIVE"));
    }

    #[test]
    fn unresolved_imports_are_named_from_the_errors_only() {
        let json = "{\"message\":\"unresolved import `super::shape::QM`\",\"level\":\"error\"}\n\
                    {\"message\":\"unresolved import `a::B`\",\"level\":\"warning\"}\n\
                    {\"message\":\"unresolved import `QA`\",\"level\":\"error\"}\n\
                    {\"message\":\"cannot find value `MAX` in this scope\",\"level\":\"error\"}\n\
                    {\"message\":\"mismatched types `u8`\",\"level\":\"error\"}\n";
        assert_eq!(unresolved_imports(json), ["MAX", "QA", "QM"].map(String::from));
    }
}
