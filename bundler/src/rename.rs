//! Identifier renaming: every name the crate gives (locals, fields, functions, methods, types, constants,
//! modules) becomes a short fresh one, the most frequent names the shortest.
//!
//! The renaming is global and one-to-one: every token of a renamed name changes, in every scope, to the
//! same new name, and no two names share one. Such a renaming keeps what every path, field and pattern
//! resolves to, as long as no renamed name is owned by someone else. So it leaves alone:
//! - keywords, primitive types, and the names of `std`, `core` and the prelude that the code uses
//!   (`std_names.rs`, and every name in a path that starts at `std`, `core` or `alloc`);
//! - macro names (a name followed by `!`), attributes' contents, and the names that format strings
//!   capture (`"{value}"`): nothing inside a literal is ever changed;
//! - `main`, which the binary's entry needs.
//!
//! A std name missed by the list cannot pass silently: its renamed uses no longer resolve, and the bundle
//! fails to compile (the bundler compiles it). New names are never names of the source or of std's short
//! methods, so no renamed use can land on something else.

use super::lexer::{tokenize, Kind, Token};
use super::std_names::{is_reserved, is_std_name, std_names};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Original name → new name.
pub type RenameMap = BTreeMap<String, String>;

/// The names of `text` that are renamed, and their new names: the most frequent first, each by how many
/// bytes it saves.
pub fn plan(text: &str) -> Result<RenameMap, String> {
    let tokens = tokenize(text)?;
    let kept = kept_names(&tokens);
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for t in tokens.iter().filter(|t| t.kind == Kind::Ident) {
        *counts.entry(t.text).or_default() += 1;
    }
    let all: BTreeSet<&str> = counts.keys().copied().collect();
    let mut candidates: Vec<(&str, usize)> =
        counts.into_iter().filter(|(name, _)| !kept.contains(*name)).collect();
    // Most uses first (ties by name, so that the plan is the same on every run).
    candidates.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let mut upper = FreshNames::new(true, &all);
    let mut lower = FreshNames::new(false, &all);
    let mut map = RenameMap::new();
    for (name, _) in candidates {
        let fresh =
            if name.starts_with(|c: char| c.is_ascii_uppercase()) { upper.next() } else { lower.next() };
        // A name no shorter than its original gains nothing.
        if fresh.len() < name.len() {
            map.insert(name.to_string(), fresh);
        }
    }
    Ok(map)
}

/// `text` with the names of `map` replaced, outside literals, comments and attributes.
pub fn apply(text: &str, map: &RenameMap) -> Result<String, String> {
    let tokens = tokenize(text)?;
    let in_attribute = attribute_tokens(&tokens);
    let format_strings = format_strings(&tokens);
    let mut out = String::with_capacity(text.len());
    for (k, t) in tokens.iter().enumerate() {
        match map.get(t.text) {
            Some(new) if t.kind == Kind::Ident && !in_attribute[k] => out.push_str(new),
            _ if format_strings[k] => out.push_str(&rename_captures(t.text, map)),
            _ => out.push_str(t.text),
        }
    }
    Ok(out)
}

/// Names that must keep their spelling (see the module's comment).
fn kept_names<'a>(tokens: &[Token<'a>]) -> BTreeSet<&'a str> {
    let mut kept: BTreeSet<&str> = std_names().collect();
    kept.insert("main");
    let code: Vec<(usize, &Token)> = tokens.iter().enumerate().filter(|(_, t)| !t.is_trivia()).collect();
    let in_attribute = attribute_tokens(tokens);
    let format_strings = format_strings(tokens);
    for (i, &(k, t)) in code.iter().enumerate() {
        match t.kind {
            Kind::Ident if is_reserved(t.text) || in_attribute[k] => {
                kept.insert(t.text);
            }
            // A macro: a name, `!`, and not `=` (`count!=0` compares a variable).
            Kind::Ident
                if code.get(i + 1).is_some_and(|(_, n)| n.is(Kind::Punct, "!"))
                    && !code.get(i + 2).is_some_and(|(_, n)| n.is(Kind::Punct, "=")) =>
            {
                kept.insert(t.text);
            }
            Kind::Ident if matches!(t.text, "std" | "core" | "alloc") => {
                kept.extend(path_names(&code[i..]));
            }
            // A literal that may be a format string the renamer does not recognise (one passed on by
            // a macro of the crate's): its captures keep their names.
            Kind::Literal if !format_strings[k] => kept.extend(format_captures(t.text)),
            _ => {}
        }
    }
    kept
}

/// The names of the path (or `use` tree) that starts at `code[0]`: `std::io::{BufRead, Write}` gives
/// `std`, `io`, `BufRead`, `Write`.
fn path_names<'a>(code: &[(usize, &Token<'a>)]) -> Vec<&'a str> {
    let is = |k: usize, text: &str| code.get(k).is_some_and(|(_, t)| t.is(Kind::Punct, text));
    let mut names = vec![code[0].1.text];
    let mut k = 1;
    while is(k, ":") && is(k + 1, ":") {
        k += 2;
        match code.get(k).map(|(_, t)| *t) {
            Some(t) if t.kind == Kind::Ident => {
                names.push(t.text);
                k += 1;
            }
            Some(t) if t.is(Kind::Punct, "{") => {
                // A `use` group: every name in it is std's, but an alias after `as`.
                let mut depth = 0;
                while let Some((_, t)) = code.get(k) {
                    match (t.kind, t.text) {
                        (Kind::Punct, "{") => depth += 1,
                        (Kind::Punct, "}") => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        (Kind::Ident, "as") => k += 1,
                        (Kind::Ident, name) => names.push(name),
                        _ => {}
                    }
                    k += 1;
                }
                break;
            }
            _ => break,
        }
    }
    names
}

/// The names a format string captures: `{name}`, `{name:>8}`, and width or precision `{:w$}`.
fn format_captures(literal: &str) -> Vec<&str> {
    let mut names = Vec::new();
    walk_captures(literal, |part, is_name| {
        if is_name {
            names.push(part);
        }
    });
    names
}

/// `literal` (a format string) with its captured names renamed by `map`.
fn rename_captures(literal: &str, map: &RenameMap) -> String {
    let mut out = String::with_capacity(literal.len());
    walk_captures(literal, |part, is_name| match map.get(part) {
        Some(new) if is_name => out.push_str(new),
        _ => out.push_str(part),
    });
    out
}

/// Cuts a string literal into consecutive pieces, calling `piece(text, is_name)` for each: the names
/// that a format string would capture are pieces of their own (`is_name`), everything else passes through.
/// A literal that is not a plain `"…"` string is one piece.
fn walk_captures<'a>(literal: &'a str, mut piece: impl FnMut(&'a str, bool)) {
    if !literal.starts_with('"') || !literal.ends_with('"') {
        piece(literal, false);
        return;
    }
    let bytes = literal.as_bytes();
    let (mut i, mut done) = (0, 0);
    let mut emit = |from: usize, to: usize, is_name: bool, done: &mut usize| {
        piece(&literal[*done..from], false);
        piece(&literal[from..to], is_name);
        *done = to;
    };
    while i < bytes.len() {
        if bytes[i] == b'{' && bytes.get(i + 1) == Some(&b'{') {
            i += 2;
            continue;
        }
        if bytes[i] == b'{' {
            let end = literal[i..].find('}').map_or(literal.len(), |e| i + e);
            let inside = &literal[i + 1..end];
            let (arg, spec) = inside.split_once(':').unwrap_or((inside, ""));
            if is_ident(arg) {
                emit(i + 1, i + 1 + arg.len(), true, &mut done);
            }
            // Width and precision names: `w$` in the spec.
            let spec_start = end - spec.len();
            let mut k = spec_start;
            for part in spec.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')) {
                if let Some(name) = part.strip_suffix('$').filter(|n| is_ident(n)) {
                    emit(k, k + name.len(), true, &mut done);
                }
                k += part.len() + 1;
            }
            i = end;
        }
        i += 1;
    }
    piece(&literal[done..], false);
}

/// For each token, whether it is the format string of a std formatting macro: the first argument of
/// `format!`, `println!`, `eprintln!`, `panic!` …, the second of `write!` / `writeln!` and of `assert!`,
/// the third of `assert_eq!` / `assert_ne!`. Only string literals in that place count.
fn format_strings(tokens: &[Token]) -> Vec<bool> {
    let mut marked = vec![false; tokens.len()];
    let code: Vec<usize> = (0..tokens.len()).filter(|&k| !tokens[k].is_trivia()).collect();
    for (i, &k) in code.iter().enumerate() {
        let argument = match tokens[k].text {
            "format" | "print" | "println" | "eprint" | "eprintln" | "panic" | "unreachable" | "todo"
            | "unimplemented" | "format_args" => 0,
            "write" | "writeln" | "assert" | "debug_assert" => 1,
            "assert_eq" | "assert_ne" | "debug_assert_eq" | "debug_assert_ne" => 2,
            _ => continue,
        };
        let at = |j: usize, text: &str| code.get(j).is_some_and(|&c| tokens[c].is(Kind::Punct, text));
        if tokens[k].kind != Kind::Ident || !at(i + 1, "!") || !at(i + 2, "(") {
            continue;
        }
        // The first token of the wanted argument: after `argument` commas at the top level.
        let (mut j, mut depth, mut commas) = (i + 3, 0, 0);
        while commas < argument {
            let Some(&c) = code.get(j) else { break };
            match (tokens[c].kind, tokens[c].text) {
                (Kind::Punct, "(" | "[" | "{") => depth += 1,
                (Kind::Punct, ")" | "]" | "}") if depth == 0 => break,
                (Kind::Punct, ")" | "]" | "}") => depth -= 1,
                (Kind::Punct, ",") if depth == 0 => commas += 1,
                _ => {}
            }
            j += 1;
        }
        let ends_argument = |j: usize| at(j, ",") || at(j, ")");
        if commas == argument {
            if let Some(&c) = code.get(j) {
                if tokens[c].kind == Kind::Literal && tokens[c].text.starts_with('"') && ends_argument(j + 1)
                {
                    marked[c] = true;
                }
            }
        }
    }
    marked
}

fn is_ident(s: &str) -> bool {
    s.starts_with(|c: char| c.is_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// For each token, whether it lies inside an attribute `#[…]` or `#![…]`.
fn attribute_tokens(tokens: &[Token]) -> Vec<bool> {
    let mut inside = vec![false; tokens.len()];
    let mut k = 0;
    while k < tokens.len() {
        if tokens[k].is(Kind::Punct, "#") {
            let mut j = k + 1;
            if tokens.get(j).is_some_and(|t| t.is(Kind::Punct, "!")) {
                j += 1;
            }
            if tokens.get(j).is_some_and(|t| t.is(Kind::Punct, "[")) {
                let mut depth = 0;
                let start = k;
                while j < tokens.len() {
                    match tokens[j].text {
                        "[" if tokens[j].kind == Kind::Punct => depth += 1,
                        "]" if tokens[j].kind == Kind::Punct => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                inside[start..=j.min(tokens.len() - 1)].iter_mut().for_each(|x| *x = true);
                k = j + 1;
                continue;
            }
        }
        k += 1;
    }
    inside
}

/// Short names in order of length: `a`…`z`, then `a0`…`zz` (or the capitals), skipping every name of
/// the source and every reserved or std name.
struct FreshNames<'a> {
    upper: bool,
    taken: &'a BTreeSet<&'a str>,
    index: usize,
}

impl<'a> FreshNames<'a> {
    fn new(upper: bool, taken: &'a BTreeSet<&'a str>) -> FreshNames<'a> {
        FreshNames { upper, taken, index: 0 }
    }

    fn next(&mut self) -> String {
        loop {
            let name = self.nth(self.index);
            self.index += 1;
            if !self.taken.contains(name.as_str()) && !is_reserved(&name) && !is_std_name(&name) {
                return name;
            }
        }
    }

    /// The `n`-th name: a first letter, then digits and letters of the same case (base 36).
    fn nth(&self, mut n: usize) -> String {
        let (first, rest): (&[u8], &[u8]) = if self.upper {
            (b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        } else {
            (b"abcdefghijklmnopqrstuvwxyz", b"abcdefghijklmnopqrstuvwxyz0123456789")
        };
        let mut tail = Vec::new();
        let mut width = 0;
        let mut block = first.len();
        while n >= block {
            n -= block;
            width += 1;
            block *= rest.len();
        }
        for _ in 0..width {
            tail.push(rest[n % rest.len()]);
            n /= rest.len();
        }
        let mut name = String::from(first[n] as char);
        name.extend(tail.iter().rev().map(|&b| b as char));
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frequent_crate_names_get_the_shortest_names_and_std_keeps_its_own() {
        let src = "use std::collections::HashMap; struct Board { cells: u8 } \
                   fn count_cells(board: &Board) -> usize { let cells = board.cells; println!(\"{cells}\"); \
                   board.cells as usize + cells.count_ones() as usize + HashMap::<u8, u8>::new().len() }";
        let map = plan(src).unwrap();
        for kept in ["HashMap", "collections", "std", "u8", "usize", "len", "new", "count_ones", "println"] {
            assert!(!map.contains_key(kept), "{kept} renamed");
        }
        assert_eq!(map["cells"], "a", "four uses");
        assert_eq!(map["board"], "b", "three uses");
        assert_eq!(map["Board"], "A");
        assert_eq!(map["count_cells"], "c");
        let out = apply(src, &map).unwrap();
        assert!(out.contains("fn c(b: &A)") && out.contains("println!(\"{a}\")"), "{out}");
    }

    #[test]
    fn literals_attributes_and_fresh_names_are_respected() {
        let src =
            "#[derive(Debug)] struct Thing; fn a_long_name() -> &'static str { \"a_long_name\" } fn a() {}";
        let map = plan(src).unwrap();
        let out = apply(src, &map).unwrap();
        assert!(out.contains("#[derive(Debug)]") && out.contains("\"a_long_name\""));
        assert_ne!(map["a_long_name"], "a", "a name of the source is never handed out");
        assert!(!map.contains_key("a"), "a one-letter name gains nothing");
    }

    #[test]
    fn fresh_names_run_through_every_length() {
        let taken = BTreeSet::new();
        let f = FreshNames::new(false, &taken);
        assert_eq!(
            (f.nth(0), f.nth(25), f.nth(26), f.nth(26 + 36)),
            ("a".into(), "z".into(), "aa".into(), "ba".into())
        );
        assert_eq!(f.nth(26 + 26 * 36), "aaa");
    }

    #[test]
    fn a_name_compared_with_not_equals_is_not_a_macro() {
        let src =
            "fn f(boards: u32) -> bool { let seen = boards; boards!=0 && seen != 0 && !matches!(seen, 1) }";
        let map = plan(src).unwrap();
        assert!(map.contains_key("boards") && map.contains_key("seen"), "{map:?}");
        assert!(!map.contains_key("matches"), "a macro keeps its name");
        let out = apply(src, &map).unwrap();
        assert!(out.contains(&format!("{}!=0", map["boards"])), "{out}");
    }

    #[test]
    fn format_strings_capture_the_new_names_and_other_literals_keep_theirs() {
        let src = "fn show(width: usize, total: u32, label: u8) -> String { let text = \"{label}\"; \
                   assert!(width > 0, \"{width}\"); format!(\"{total:>width$} {{total}} {} {label}\", text) }";
        let map = plan(src).unwrap();
        let (w, t) = (&map["width"], &map["total"]);
        let out = apply(src, &map).unwrap();
        assert!(out.contains(&format!("\"{{{t}:>{w}$}} {{{{total}}}} {{}} {{label}}\"")), "{out}");
        assert!(out.contains(&format!("\"{{{w}}}\"")), "{out}");
        assert!(!map.contains_key("label"), "a name a plain literal may capture is kept: {out}");
    }

    #[test]
    fn format_captures_are_found() {
        assert_eq!(format_captures("\"{a} {{b}} {c:>8} {:w$.p$} {0}\""), ["a", "c", "w", "p"]);
    }
}
