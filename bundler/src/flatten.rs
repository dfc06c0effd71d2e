//! Flattening: every module of the bundle merged into the file's root, for the bytes that modules cost.
//!
//! Modules are how a crate is read, not how a single file needs to be compiled: in one module every item
//! sees every other, so `pub`, the crate's own `use` items, `mod NAME {` and its `}`, and the `crate::`,
//! `super::`, `self::` and `NAME::` starts of paths can all go (about 4 kB of the bot's bundle). That keeps
//! what each name means only when no two modules define an item of the same name, so the flattener
//! refuses a text where two do, naming them, as it refuses a crate `use` that renames (`as`): both would
//! need name resolution, which this bundler does not do. `std` imports are gathered, one per name, at the
//! end of the file. Everything inside function bodies and impl blocks stays as written, except `pub`
//! and the module starts of paths.

use super::lexer::{tokenize, Kind, Token};
use std::collections::{BTreeMap, BTreeSet};

/// Roots of paths that lie outside the crate.
const EXTERNAL_ROOTS: [&str; 3] = ["std", "core", "alloc"];

/// Starts of paths relative to the crate or the module they are written in.
const RELATIVE_ROOTS: [&str; 3] = ["crate", "super", "self"];

/// Item keywords whose next name is an item of the module they stand in.
const ITEM_KEYWORDS: [&str; 8] = ["fn", "const", "static", "struct", "enum", "type", "trait", "union"];

/// `text` with its modules merged into the root (see the module's comment).
pub fn flatten(text: &str) -> Result<String, String> {
    let tokens = tokenize(text)?;
    let code: Vec<usize> = (0..tokens.len()).filter(|&k| !tokens[k].is_trivia()).collect();
    let mut flat = Flattener { tokens: &tokens, code: &code, dropped: vec![false; tokens.len()] };
    let modules = flat.module_names();
    let std_imports = flat.drop_structure(&modules)?;
    flat.drop_visibility();
    flat.drop_path_starts(&modules);
    let mut out: String =
        tokens.iter().zip(&flat.dropped).filter(|(_, &d)| !d).map(|(t, _)| t.text).collect();
    for (name, path) in &std_imports {
        let last = path.rsplit("::").next().unwrap_or(path);
        out.push_str(&if last == name {
            format!("use {path};\n")
        } else {
            format!("use {path} as {name};\n")
        });
    }
    Ok(out)
}

struct Flattener<'t, 's> {
    tokens: &'t [Token<'s>],
    /// Indices of the tokens that are not whitespace or comments.
    code: &'t [usize],
    dropped: Vec<bool>,
}

impl<'s> Flattener<'_, 's> {
    /// The `i`-th code token.
    fn at(&self, i: usize) -> Option<&Token<'s>> {
        self.code.get(i).map(|&k| &self.tokens[k])
    }

    fn is(&self, i: usize, kind: Kind, text: &str) -> bool {
        self.at(i).is_some_and(|t| t.is(kind, text))
    }

    fn punct(&self, i: usize, text: &str) -> bool {
        self.is(i, Kind::Punct, text)
    }

    /// `::` starts at code token `i`.
    fn colons(&self, i: usize) -> bool {
        self.punct(i, ":") && self.punct(i + 1, ":")
    }

    fn drop_code(&mut self, from: usize, to: usize) {
        (from..to).for_each(|i| self.dropped[self.code[i]] = true);
    }

    /// The names of every `mod NAME {` in the text.
    fn module_names(&self) -> BTreeSet<&'s str> {
        (0..self.code.len())
            .filter(|&i| self.is(i, Kind::Ident, "mod") && self.punct(i + 2, "{"))
            .filter_map(|i| self.at(i + 1).filter(|t| t.kind == Kind::Ident).map(|t| t.text))
            .collect()
    }

    /// The code token just past the first `close` (`;`, `)`) from `i` on that stands outside every bracket
    /// opened after `i`: the end of an item that starts at `i`, or of the group that `(` at `i` opens.
    fn past_closing(&self, i: usize, close: &str) -> usize {
        let mut depth = 0i32;
        let mut j = i;
        while let Some(t) = self.at(j) {
            match t.text {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => depth -= 1,
                _ => {}
            }
            j += 1;
            if depth == 0 && t.text == close {
                break;
            }
        }
        j
    }

    /// Where the item whose first token (after its visibility) is `i` starts: before its `pub` and its
    /// outer attributes, which would otherwise fall on the next item.
    fn item_start(&self, mut i: usize) -> usize {
        while i >= 1 {
            if self.is(i - 1, Kind::Ident, "pub") {
                i -= 1;
                continue;
            }
            let closes = [")", "]"].iter().any(|c| self.punct(i - 1, c));
            let open = if closes { self.open_before(i - 1) } else { 0 };
            let outer_attribute = self.punct(i - 1, "]") && open >= 1 && self.punct(open - 1, "#");
            let scoped_visibility =
                self.punct(i - 1, ")") && open >= 1 && self.is(open - 1, Kind::Ident, "pub");
            if !(outer_attribute || scoped_visibility) {
                break;
            }
            i = open - 1;
        }
        i
    }

    /// The index of the opening bracket matching the closing one at `close`.
    fn open_before(&self, close: usize) -> usize {
        let mut depth = 0i32;
        let mut j = close;
        loop {
            match self.at(j).map(|t| t.text) {
                Some(")" | "]" | "}") => depth += 1,
                Some("(" | "[" | "{") => depth -= 1,
                _ => {}
            }
            if depth == 0 || j == 0 {
                return j;
            }
            j -= 1;
        }
    }

    /// Drops every `mod NAME {` and its `}` and the crate's module-level `use` items; checks that no two
    /// modules define an item of one name; returns the `std` imports, local name → path.
    fn drop_structure(&mut self, modules_named: &BTreeSet<&str>) -> Result<BTreeMap<String, String>, String> {
        // Open braces: true for a module's.
        let mut braces: Vec<bool> = Vec::new();
        // The modules the current token stands in, outermost first.
        let mut within: Vec<&str> = Vec::new();
        let mut defined: BTreeMap<&str, Vec<String>> = BTreeMap::new();
        let mut std_imports = BTreeMap::new();
        let mut i = 0;
        while i < self.code.len() {
            let module_level = braces.iter().all(|&m| m);
            let t = &self.tokens[self.code[i]];
            match t.text {
                "mod" if module_level && t.kind == Kind::Ident && self.punct(i + 2, "{") => {
                    let start = self.item_start(i);
                    self.drop_code(start, i + 3);
                    within.push(self.at(i + 1).map_or("", |t| t.text));
                    braces.push(true);
                    i += 3;
                    continue;
                }
                "mod" if module_level && t.kind == Kind::Ident => {
                    return Err(format!("`mod {};` left unexpanded", self.at(i + 1).map_or("", |t| t.text)));
                }
                "use" if t.kind == Kind::Ident => {
                    let end = self.past_closing(i, ";");
                    let words = (i + 1..end - 1).filter_map(|j| self.at(j)).map(|t| t.text);
                    let path: String = words.map(|w| if w == "as" { " as " } else { w }).collect();
                    let root = path.split("::").next().unwrap_or("");
                    if EXTERNAL_ROOTS.contains(&root) {
                        if module_level {
                            for (name, full) in expand_use(&path)? {
                                match std_imports.insert(name.clone(), full.clone()) {
                                    Some(other) if other != full => {
                                        return Err(format!(
                                            "`{name}` is imported as both {other} and {full}"
                                        ))
                                    }
                                    _ => {}
                                }
                            }
                            let start = self.item_start(i);
                            self.drop_code(start, end);
                        }
                    } else if RELATIVE_ROOTS.contains(&root) || modules_named.contains(root) {
                        if path.contains(" as ") {
                            return Err(format!(
                                "`use {path};` renames an item of the crate: write its own name"
                            ));
                        }
                        let start = self.item_start(i);
                        self.drop_code(start, end);
                    }
                    i = end;
                    continue;
                }
                "{" => braces.push(false),
                "}" => {
                    if braces.pop() == Some(true) {
                        self.dropped[self.code[i]] = true;
                        within.pop();
                    }
                }
                kw if module_level && t.kind == Kind::Ident && ITEM_KEYWORDS.contains(&kw) => {
                    if let Some(name) =
                        self.at(i + 1).filter(|n| n.kind == Kind::Ident && !["fn", "_"].contains(&n.text))
                    {
                        defined.entry(name.text).or_default().push(within.join("::"));
                    }
                }
                _ => {}
            }
            i += 1;
        }
        let clashes: Vec<String> = defined
            .iter()
            .filter(|(name, places)| places.len() > 1 || std_imports.contains_key(**name))
            .map(|(name, places)| format!("{name} (in {})", places.join(", ")))
            .collect();
        if !clashes.is_empty() {
            return Err(format!(
                "one name, several items: {}; the flat bundle needs one name per item",
                clashes.join("; ")
            ));
        }
        Ok(std_imports)
    }

    /// Drops every `pub` and `pub(…)`: in one module every item is visible to every other.
    fn drop_visibility(&mut self) {
        for i in 0..self.code.len() {
            if !self.is(i, Kind::Ident, "pub") {
                continue;
            }
            let scoped = self.punct(i + 1, "(")
                && self.at(i + 2).is_some_and(|t| ["crate", "super", "self", "in"].contains(&t.text));
            let end = if scoped { self.past_closing(i + 1, ")") } else { i + 1 };
            self.drop_code(i, end);
        }
    }

    /// Drops `crate::`, `super::`, `self::` and `NAME::` of a module at the start of a path, chained
    /// (`crate::board::tactics::f` → `f`); never inside a path that starts outside the crate, after a
    /// `.` (a method's turbofish) or after a segment that stays.
    fn drop_path_starts(&mut self, modules: &BTreeSet<&str>) {
        let mut i = 0;
        while i < self.code.len() {
            let t = &self.tokens[self.code[i]];
            let starts_path = !(i >= 1 && (self.punct(i - 1, ".") || (i >= 2 && self.colons(i - 2))));
            if t.kind != Kind::Ident || !starts_path || !self.colons(i + 1) {
                i += 1;
                continue;
            }
            let mut j = i;
            while self.at(j).is_some_and(|t| {
                t.kind == Kind::Ident && (RELATIVE_ROOTS.contains(&t.text) || modules.contains(t.text))
            }) && self.colons(j + 1)
                && self.at(j + 3).is_some_and(|t| t.kind == Kind::Ident)
            {
                j += 3;
            }
            self.drop_code(i, j);
            i = j.max(i + 1);
        }
    }
}

/// The imports of one `use` path, `std::time::{Duration, Instant}` say: local name → full path.
fn expand_use(path: &str) -> Result<Vec<(String, String)>, String> {
    let Some(open) = path.find('{') else {
        let (full, name) = match path.split_once(" as ") {
            Some((full, name)) => (full.trim(), name.trim()),
            None => (path.trim(), path.rsplit("::").next().unwrap_or(path).trim()),
        };
        return Ok(vec![(name.to_string(), full.to_string())]);
    };
    let (prefix, group) = (&path[..open], path[open + 1..].trim_end().trim_end_matches('}'));
    if group.contains('{') {
        return Err(format!("`use {path};`: nested groups are not supported"));
    }
    let mut imports = Vec::new();
    for entry in group.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        if entry == "self" {
            let module = prefix.trim_end_matches("::");
            imports.push((module.rsplit("::").next().unwrap_or(module).to_string(), module.to_string()));
        } else {
            imports.extend(expand_use(&format!("{prefix}{entry}"))?);
        }
    }
    Ok(imports)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modules_imports_visibility_and_path_starts_go() {
        let text = "#![allow(x)]\nuse std::time::Instant;\npub mod a { use std::time::{Duration, Instant};\n\
                    use crate::b::{g, B}; #[derive(Clone)] pub struct A { pub x: u8 }\n\
                    pub(crate) fn f() -> B { let v = std::time::Instant::now(); super::b::g(); g(); \
                    crate::b::c::h(); v.parse::<u8>(); B::new() } }\n\
                    mod b { pub mod c { pub fn h() {} } pub fn g() {} pub struct B; impl B { pub fn new() -> B { B } }\n\
                    pub enum K { P } fn k(x: K) { use K::*; match x { P => {} } } }\n\
                    fn main() { a::f(); }\n";
        let flat = flatten(text).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
        for gone in ["pub", "mod ", "crate::", "super::", "b::", "a::f", "use crate"] {
            assert!(!flat.contains(gone), "{gone:?} left in {flat}");
        }
        assert!(flat.contains("#[derive(Clone)] struct A { x: u8 }"), "{flat}");
        assert!(flat.contains("use K::*;"), "an import of no module stays: {flat}");
        assert!(flat.contains("std::time::Instant::now()") && flat.contains("v.parse::<u8>()"), "{flat}");
        assert!(flat.contains("fn main() { f(); }") && flat.contains("g(); g(); h();"), "{flat}");
        assert!(flat.starts_with("#![allow(x)]"), "inner attributes stay first: {flat}");
        assert!(flat.ends_with("use std::time::Duration; use std::time::Instant;"), "{flat}");
        assert_eq!(flat.matches("use std").count(), 2, "one import a name: {flat}");
    }

    #[test]
    fn a_name_that_two_modules_define_is_refused() {
        let err = flatten("mod a { pub fn f() {} } mod b { fn f() {} const X: u8 = 0; }").unwrap_err();
        assert!(err.contains("f (in a, b)") && !err.contains("X"), "{err}");
        let err = flatten("mod a { use crate::b::f as g; } mod b { pub fn f() {} }").unwrap_err();
        assert!(err.contains("renames"), "{err}");
        let err = flatten("use std::fmt::Write; mod a { use std::io::Write; }").unwrap_err();
        assert!(err.contains("Write"), "{err}");
    }

    #[test]
    fn a_module_attribute_goes_with_its_module() {
        let flat = flatten("#[allow(dead_code)]\nmod a { fn f() {} }\n").unwrap();
        assert!(!flat.contains("allow") && flat.contains("fn f() {}"), "{flat}");
    }
}
