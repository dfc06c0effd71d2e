//! Bundles a Rust crate into one source file for the CodinGame arena (std only).
//!
//! The crate's library root is expanded module by module into `mod NAME { … }`, keeping only the
//! top-level modules the entry (the bot's binary) needs, directly or through other modules. The entry
//! follows at the root, where its `NAME::…` paths find that module; inside the library `crate::` becomes
//! `crate::NAME::`. Then, each step optional: the items rustc finds dead are cut (`prune.rs`) and the module
//! unwrapped to the root (`unwrap_library`), every module merged into the root (`flatten.rs`), the crate's
//! names are shortened (`rename.rs`), and comments and whitespace go (`shrink.rs`). The arena counts the
//! file's UTF-8 bytes, so every size here is in bytes.

pub mod expand;
pub mod flatten;
pub mod lexer;
pub mod prune;
pub mod rename;
pub mod shrink;
pub mod std_names;

use expand::{expand_file, expand_root, FileContext, TopModule};
use lexer::{tokenize, Kind};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// What to bundle, and how.
#[derive(Clone, Debug)]
pub struct Options {
    /// The library root, e.g. `src/lib.rs`.
    pub lib: PathBuf,
    /// The binary that is submitted, e.g. `src/bin/bot.rs`.
    pub entry: PathBuf,
    /// The library's crate name, as the entry writes it in paths.
    pub crate_name: String,
    /// Drop comments and collapse whitespace.
    pub shrink: bool,
    /// Rename the crate's identifiers to short names.
    pub rename: bool,
    /// Cut the items rustc finds dead (needs rustc; nothing is cut without it).
    pub prune: bool,
    /// Merge the modules into the root once the dead items are cut (`flatten.rs`).
    pub flatten: bool,
}

impl Options {
    /// Every step on: the file for the arena.
    pub fn minified(lib: PathBuf, entry: PathBuf, crate_name: &str) -> Options {
        Options {
            lib,
            entry,
            crate_name: crate_name.into(),
            shrink: true,
            rename: true,
            prune: true,
            flatten: true,
        }
    }

    /// The readable bundle: whole modules, names and comments as written.
    pub fn readable(lib: PathBuf, entry: PathBuf, crate_name: &str) -> Options {
        Options {
            lib,
            entry,
            crate_name: crate_name.into(),
            shrink: false,
            rename: false,
            prune: false,
            flatten: false,
        }
    }
}

/// Where a part of the bundle's bytes go: a top-level module, the root's own items or the entry.
#[derive(Clone, Debug, PartialEq)]
pub struct PartSize {
    /// The module's name, `(root)` or `(entry)`.
    pub name: String,
    /// Bytes of code (everything but the weight texts).
    pub code: usize,
    /// The weight texts (included files) in the part: file and bytes of its literal.
    pub texts: Vec<(String, usize)>,
}

/// A bundled crate: the one-file text and what went into it.
#[derive(Debug)]
pub struct Bundle {
    /// The one source file.
    pub text: String,
    /// The bytes of each part, in the bundle's order.
    pub parts: Vec<PartSize>,
    /// Top-level modules left out because the entry does not use them.
    pub left_out: Vec<String>,
    /// The items cut as dead, by name.
    pub pruned: Vec<String>,
    /// The renaming applied (original name → new name), for reading the bundle's compiler messages.
    pub renames: rename::RenameMap,
    /// What did not go as asked (pruning without rustc, say).
    pub notes: Vec<String>,
}

/// Characters as an arena that counts UTF-16 code units would count them (the CodinGame arena counts
/// UTF-8 bytes: `str::len`).
pub fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}

/// Identifiers used as a path segment next to `::` in `text`.
fn path_segments(text: &str) -> BTreeSet<String> {
    let tokens = tokenize(text).unwrap_or_default();
    let code: Vec<&lexer::Token> = tokens.iter().filter(|t| !t.is_trivia()).collect();
    let mut used = BTreeSet::new();
    for (k, t) in code.iter().enumerate() {
        if t.kind != Kind::Ident {
            continue;
        }
        let colons = |a: usize, b: usize| {
            code.get(a).is_some_and(|x| x.is(Kind::Punct, ":"))
                && code.get(b).is_some_and(|x| x.is(Kind::Punct, ":"))
        };
        let before = k >= 2 && colons(k - 2, k - 1);
        if before || colons(k + 1, k + 2) {
            used.insert(t.text.to_string());
        }
    }
    used
}

/// The names a module's body reaches at the crate's top level: `crate::NAME` and `super::NAME`, and the
/// first name of each entry of a `crate::{…}` group. A bare `NAME::` inside a module means a name in
/// that module's scope (its own `mod report`, say), never the crate's top-level module of that name.
fn crate_paths(text: &str) -> BTreeSet<String> {
    let tokens = tokenize(text).unwrap_or_default();
    let code: Vec<&lexer::Token> = tokens.iter().filter(|t| !t.is_trivia()).collect();
    let colon = |k: usize| code.get(k).is_some_and(|x| x.is(Kind::Punct, ":"));
    let mut used = BTreeSet::new();
    for k in 0..code.len() {
        let root = code[k].is(Kind::Ident, "crate") || code[k].is(Kind::Ident, "super");
        if !root || !colon(k + 1) || !colon(k + 2) {
            continue;
        }
        match code.get(k + 3) {
            Some(t) if t.kind == Kind::Ident => {
                used.insert(t.text.to_string());
            }
            Some(t) if t.is(Kind::Punct, "{") => {
                let (mut depth, mut starts_entry) = (0, true);
                for t in &code[k + 3..] {
                    match t.text {
                        "{" => depth += 1,
                        "}" => depth -= 1,
                        "," if depth == 1 => starts_entry = true,
                        _ if depth == 1 && starts_entry && t.kind == Kind::Ident => {
                            used.insert(t.text.to_string());
                            starts_entry = false;
                        }
                        _ => {}
                    }
                    if depth == 0 {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    used
}

/// The top-level modules reachable from `roots` (texts), following references between modules.
fn reachable(modules: &[TopModule], roots: &[&str]) -> BTreeSet<String> {
    let names: BTreeSet<&str> = modules.iter().map(|m| m.name.as_str()).collect();
    let mut keep = BTreeSet::new();
    // In a root, a path's first name is a top-level module; inside a module only `crate::` paths are.
    let mut queue: Vec<String> = roots.iter().flat_map(|r| path_segments(r)).collect();
    while let Some(name) = queue.pop() {
        if !names.contains(name.as_str()) || !keep.insert(name.clone()) {
            continue;
        }
        let body = &modules.iter().find(|m| m.name == name).expect("a known module").body;
        queue.extend(crate_paths(body));
    }
    keep
}

/// Moves inner attributes and inner doc comments (`#![…]`, `//!`) out of a root's text: they are
/// only allowed at the top of the bundle.
fn split_inner(text: &str) -> (String, String) {
    let tokens = tokenize(text).unwrap_or_default();
    let (mut inner, mut rest) = (String::new(), String::new());
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        if t.kind == Kind::DocComment && (t.text.starts_with("//!") || t.text.starts_with("/*!")) {
            i += 1;
            continue;
        }
        if t.is(Kind::Punct, "#") && tokens.get(i + 1).is_some_and(|n| n.is(Kind::Punct, "!")) {
            let mut depth = 0;
            let mut j = i + 2;
            while j < tokens.len() {
                match tokens[j].text {
                    "[" => depth += 1,
                    "]" => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            inner.extend(tokens[i..=j.min(tokens.len() - 1)].iter().map(|t| t.text));
            inner.push('\n');
            i = j + 1;
            continue;
        }
        rest.push_str(t.text);
        i += 1;
    }
    (inner, rest)
}

/// Rewrites `crate::` paths to `crate::NAME::` (not `pub(crate)`, not inside literals or comments).
pub fn reroot_crate_paths(text: &str, name: &str) -> Result<String, String> {
    let tokens = tokenize(text)?;
    let mut out = String::with_capacity(text.len() + 256);
    for (k, t) in tokens.iter().enumerate() {
        out.push_str(t.text);
        let next = |d: usize| tokens.get(k + d).is_some_and(|n| n.is(Kind::Punct, ":"));
        let after_dollar = k > 0 && tokens[k - 1].is(Kind::Punct, "$");
        if t.is(Kind::Ident, "crate") && next(1) && next(2) && !after_dollar {
            out.push_str("::");
            out.push_str(name);
        }
    }
    Ok(out)
}

/// The library's items moved to the root once the dead ones are cut (the module was there for rustc to
/// find them): `mod NAME {` and its `}` go, `crate::NAME::` becomes `crate::`, and the entry's `NAME::`
/// paths lose their first name, 4 bytes a path or more. An entry that imports from the library (`use
/// NAME::…`) keeps it wrapped: its imports could clash with the library's own names at the root.
pub fn unwrap_library(text: &str, name: &str) -> Result<String, String> {
    let (open, close) = (format!("mod {name} {{\n"), format!("{PART_MARK}(entry)*/\n}}\n"));
    let Some(entry) = text.split_once(&close).map(|(_, entry)| entry).filter(|_| text.contains(&open)) else {
        return Err(format!("the library's module `{name}` is not where the bundler put it"));
    };
    let entry_code: Vec<_> = tokenize(entry)?.into_iter().filter(|t| !t.is_trivia()).collect();
    if entry_code.windows(2).any(|w| w[0].is(Kind::Ident, "use") && w[1].is(Kind::Ident, name)) {
        return Ok(text.to_string());
    }
    let text = text.replacen(&open, "", 1).replacen(&close, &format!("{PART_MARK}(entry)*/\n"), 1);
    let tokens = tokenize(&text)?;
    let code: Vec<usize> = (0..tokens.len()).filter(|&k| !tokens[k].is_trivia()).collect();
    let colons =
        |i: usize| [i, i + 1].iter().all(|&j| code.get(j).is_some_and(|&k| tokens[k].is(Kind::Punct, ":")));
    let mut dropped = vec![false; tokens.len()];
    for (i, &k) in code.iter().enumerate() {
        // `NAME::` at a path's start, or after `crate::`; never after another name's `::`.
        let after_other =
            i >= 2 && colons(i - 2) && !(i >= 3 && tokens[code[i - 3]].is(Kind::Ident, "crate"));
        if tokens[k].is(Kind::Ident, name) && colons(i + 1) && !after_other {
            [k, code[i + 1], code[i + 2]].iter().for_each(|&j| dropped[j] = true);
        }
    }
    Ok(tokens.iter().zip(dropped).filter(|(_, d)| !d).map(|(t, _)| t.text).collect())
}

/// Marks where a part of the bundle starts, until the parts are measured (a comment: no step changes it).
const PART_MARK: &str = "/*@bundle-part:";

/// Builds the bundle.
pub fn bundle(opts: &Options) -> Result<Bundle, String> {
    let lib = expand_root(&FileContext::new(&opts.lib, true))?;
    let entry = expand_file(&FileContext::new(&opts.entry, true), None)?;
    let (lib_inner, lib_rest) = split_inner(&lib.rest);
    let (entry_inner, entry_rest) = split_inner(&entry);
    // The library root's own items (re-exports) are kept, so the modules they name are too.
    let keep = reachable(&lib.modules, &[&entry_rest, &lib_rest]);
    let name = &opts.crate_name;
    // The library is a private module of the binary: rustc then finds its unused items dead.
    let mut text = format!(
        "{PART_MARK}(root)*/\n{entry_inner}mod {name} {{\n{lib_inner}{}\n",
        reroot_crate_paths(lib_rest.trim(), name)?
    );
    let mut left_out = Vec::new();
    for m in &lib.modules {
        if !keep.contains(&m.name) {
            left_out.push(m.name.clone());
            continue;
        }
        let body = reroot_crate_paths(m.body.trim_end(), name)?;
        text.push_str(&format!("{PART_MARK}{}*/\n{}mod {} {{\n{body}\n}}\n", m.name, m.prefix, m.name));
    }
    text.push_str(&format!("{PART_MARK}(entry)*/\n}}\n{}\n", entry_rest.trim()));
    let mut notes = Vec::new();
    let mut pruned = Vec::new();
    if opts.prune {
        // A folder of this call's own: tests bundle in parallel within one process.
        static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let scratch = std::env::temp_dir().join(format!("bundler-prune-{}-{call}", std::process::id()));
        let p = prune::prune(&text, &scratch);
        std::fs::remove_dir_all(&scratch).ok();
        notes.extend(p.note);
        pruned = p.removed;
        text = unwrap_library(&p.text, name)?;
        if opts.flatten {
            text = flatten::flatten(&text)?;
        }
    }
    let renames = if opts.rename { rename::plan(&text)? } else { rename::RenameMap::new() };
    if opts.rename {
        text = rename::apply(&text, &renames)?;
    }
    let mut parts = Vec::new();
    let mut out = String::with_capacity(text.len());
    if !opts.shrink {
        out.push_str(&format!(
            "// {name} bundled for the CodinGame arena by bundler: do not edit, regenerate.\n"
        ));
    }
    for chunk in text.split(PART_MARK).skip(1) {
        let (part_name, body) = chunk.split_once("*/\n").ok_or("a part mark lost its end")?;
        let texts = included_texts(body);
        let body = if opts.shrink {
            let code = shrink::drop_compiled_out_assertions(&shrink::drop_inert_attributes(body)?)?;
            shrink::shrink_joined(&shrink::expect_to_unwrap(&code)?)?
        } else {
            body.to_string()
        };
        let literal_bytes: usize = texts.iter().map(|t| t.1).sum();
        parts.push(PartSize { name: part_name.to_string(), code: body.len() - literal_bytes, texts });
        out.push_str(&body);
    }
    Ok(Bundle { text: out, parts, left_out, pruned, renames, notes })
}

/// The files that `include_str!` put into `text` (each literal follows its `/*include:FILE*/` mark, which
/// `expand.rs` writes) and the bytes of their literals.
fn included_texts(text: &str) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    for piece in text.split(expand::INCLUDE_MARK).skip(1) {
        let Some((file, rest)) = piece.split_once("*/") else { continue };
        let literal =
            tokenize(rest).ok().and_then(|t| t.into_iter().find(|t| !t.is_trivia()).map(|t| t.text.len()));
        found.push((file.to_string(), literal.unwrap_or(0)));
    }
    found
}

/// Compiles `file` with `rustc --edition 2021 -O`; `Ok(None)` when there is no rustc, `Err` with the
/// compiler's messages (which name the bundle's own lines) when it fails.
pub fn compile_check(file: &Path, out_binary: &Path) -> Result<Option<std::time::Duration>, String> {
    let start = std::time::Instant::now();
    let output = match std::process::Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
        .args(["--edition", "2021", "-O", "-o"])
        .arg(out_binary)
        .arg(file)
        .output()
    {
        Ok(o) => o,
        Err(_) => return Ok(None),
    };
    if output.status.success() {
        Ok(Some(start.elapsed()))
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_crate_paths_reach_top_level_modules_from_inside_a_module() {
        let body = "mod report; use crate::{board::Board, rng, moves::{Move, MoveList}}; \
                    fn f() { report::line(); crate::policy::load(); super::value::x(); std::mem::swap(); }";
        let reached: Vec<String> = crate_paths(body).into_iter().collect();
        assert_eq!(reached, ["board", "moves", "policy", "rng", "value"]);
    }

    #[test]
    fn the_library_module_unwraps_to_the_root() {
        let text = format!(
            "{PART_MARK}(root)*/\nmod lib {{\npub use a::A;\n{PART_MARK}a*/\npub mod a {{ pub struct A; \
             pub fn f() -> crate::lib::a::A {{ crate::lib::a::A }} pub mod lib {{}} fn g() {{ self::lib::x(); }} }}\n\
             {PART_MARK}(entry)*/\n}}\nfn main() {{ lib::a::f(); }}\n"
        );
        let out = unwrap_library(&text, "lib").unwrap();
        assert!(!out.contains("mod lib {\n") && !out.contains("crate::lib"), "{out}");
        assert!(
            out.contains("-> crate::a::A { crate::a::A }") && out.contains("fn main() { a::f(); }"),
            "{out}"
        );
        assert!(out.contains("self::lib::x()"), "another path's `lib::` stays: {out}");
        assert!(unwrap_library("fn main() {}", "lib").is_err());
        let importing = text.replace("fn main()", "use lib::a::f; fn main()");
        assert_eq!(
            unwrap_library(&importing, "lib").unwrap(),
            importing,
            "an importing entry stays as it is"
        );
    }
}
