//! Module expansion: `mod x;` replaced by the file Rust would load, `cfg(test)` items dropped, and
//! `include_str!`/`include_bytes!` replaced by literals.

use super::lexer::{tokenize, Kind, Token};
use std::path::{Path, PathBuf};

/// Where a file's child modules live, per Rust's rules.
#[derive(Clone, Debug)]
pub struct FileContext {
    /// The file's path.
    pub file: PathBuf,
    /// `lib.rs`, `main.rs`, `mod.rs` and files loaded by `#[path]` own their directory.
    pub is_mod_rs: bool,
}

impl FileContext {
    /// The context of `file`; `is_mod_rs` when it owns its directory.
    pub fn new(file: &Path, is_mod_rs: bool) -> FileContext {
        FileContext { file: file.to_path_buf(), is_mod_rs }
    }

    fn dir(&self) -> PathBuf {
        self.file.parent().unwrap_or(Path::new(".")).to_path_buf()
    }

    /// The directory searched for `mod name;` inside the inline modules `inline`.
    fn child_dir(&self, inline: &[String]) -> PathBuf {
        let mut d = self.dir();
        if !self.is_mod_rs {
            d.push(self.file.file_stem().unwrap_or_default());
        }
        for m in inline {
            d.push(m);
        }
        d
    }
}

/// A top-level `mod x;` of the crate root, kept apart so the bundler can leave out unused modules.
#[derive(Clone, Debug)]
pub struct TopModule {
    /// The module's name.
    pub name: String,
    /// Attributes and visibility before `mod`.
    pub prefix: String,
    /// The module's expanded text, without its `mod name` header.
    pub body: String,
}

/// The expanded crate root: its own text with top-level modules cut out, and those modules.
#[derive(Debug)]
pub struct ExpandedRoot {
    /// The root's own text, with its file modules cut out.
    pub rest: String,
    /// The root's top-level file modules, in order.
    pub modules: Vec<TopModule>,
}

/// Expands a crate root (lib.rs or a binary), keeping its top-level file modules separate.
pub fn expand_root(ctx: &FileContext) -> Result<ExpandedRoot, String> {
    let mut modules = Vec::new();
    let rest = expand_file(ctx, Some(&mut modules))?;
    Ok(ExpandedRoot { rest, modules })
}

/// Expands one file. With `top` given, top-level `mod x;` bodies are returned there instead of inlined.
pub fn expand_file(ctx: &FileContext, mut top: Option<&mut Vec<TopModule>>) -> Result<String, String> {
    let src = std::fs::read_to_string(&ctx.file).map_err(|e| format!("{}: {e}", ctx.file.display()))?;
    let tokens = tokenize(&src).map_err(|e| format!("{}: {e}", ctx.file.display()))?;
    let mut out = String::with_capacity(src.len());
    let mut inline: Vec<(String, usize)> = Vec::new(); // inline modules and the brace depth inside them
    let mut depth = 0usize;
    let mut path_attr: Option<String> = None;
    // Output offset after the last `;`, `{` or `}`: where the current item's docs and attributes begin.
    let mut item_start = 0;
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        // Attributes: `#[…]` and `#![…]`.
        if t.is(Kind::Punct, "#") {
            if let Some(end) = attribute_end(&tokens, i) {
                let text: String = tokens[i..end].iter().map(|t| t.text).collect();
                let inner = tokens.get(next_code(&tokens, i + 1)).is_some_and(|t| t.is(Kind::Punct, "!"));
                if !inner && cfg_is_false(&text) {
                    i = item_end(&tokens, end);
                    out.truncate(item_start.min(out.len()));
                    out.push_str(trailing_ws(&out));
                    continue;
                }
                // The bundle is compiled without `--cfg bundle`, so an attribute true in the bundle is
                // dropped and its item kept: left in, rustc would cut what `#[cfg(bundle)]` marks.
                if !inner && cfg_is_true(&text) {
                    i = end;
                    continue;
                }
                match path_attribute(&text) {
                    Some(p) => path_attr = Some(p),
                    None => out.push_str(&text),
                }
                if inner {
                    item_start = out.len(); // an inner attribute belongs to no following item
                }
                i = end;
                continue;
            }
        }
        match (t.kind, t.text) {
            (Kind::Punct, "{") => depth += 1,
            (Kind::Punct, "}") => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d == depth + 1) {
                    inline.pop();
                }
            }
            (Kind::Ident, "mod") => {
                let n = next_code(&tokens, i + 1);
                let after = next_code(&tokens, n + 1);
                if let (Some(name), Some(next)) = (tokens.get(n), tokens.get(after)) {
                    if name.kind == Kind::Ident && next.is(Kind::Punct, ";") {
                        let names: Vec<String> = inline.iter().map(|(n, _)| n.clone()).collect();
                        let (file, is_mod_rs) = match path_attr.take() {
                            Some(p) => (ctx.file.parent().unwrap_or(Path::new(".")).join(p), true),
                            None => find_module_file(&ctx.child_dir(&names), name.text)?,
                        };
                        let body = expand_file(&FileContext::new(&file, is_mod_rs), None)?;
                        match top.as_deref_mut() {
                            Some(list) if inline.is_empty() && depth == 0 => {
                                let prefix = out[item_start.min(out.len())..].trim_start().to_string();
                                out.truncate(item_start.min(out.len()));
                                list.push(TopModule { name: name.text.to_string(), prefix, body });
                            }
                            _ => {
                                out.push_str(&format!("mod {} {{\n{}\n}}", name.text, body.trim_end()));
                            }
                        }
                        i = after + 1;
                        item_start = out.len();
                        continue;
                    }
                    if name.kind == Kind::Ident && next.is(Kind::Punct, "{") {
                        inline.push((name.text.to_string(), depth + 1));
                    }
                }
            }
            (Kind::Ident, "include_str" | "include_bytes") => {
                if let Some((literal, end)) = inline_include(&tokens, i, ctx)? {
                    out.push_str(&literal);
                    i = end;
                    continue;
                }
            }
            _ => {}
        }
        out.push_str(t.text);
        let inner_doc =
            t.kind == Kind::DocComment && (t.text.starts_with("//!") || t.text.starts_with("/*!"));
        if inner_doc || t.is(Kind::Punct, ";") || t.is(Kind::Punct, "}") || t.is(Kind::Punct, "{") {
            item_start = out.len();
        }
        i += 1;
    }
    Ok(out)
}

/// Whitespace at the end of `s`, to keep the layout after a removed item.
fn trailing_ws(s: &str) -> &'static str {
    if s.ends_with('\n') || s.is_empty() {
        ""
    } else {
        "\n"
    }
}

/// The index of the next non-trivia token at or after `i`.
fn next_code(tokens: &[Token], mut i: usize) -> usize {
    while i < tokens.len() && tokens[i].is_trivia() {
        i += 1;
    }
    i
}

/// The index after an attribute starting at `#` (`#[…]` or `#![…]`), if one starts there.
fn attribute_end(tokens: &[Token], i: usize) -> Option<usize> {
    let mut j = next_code(tokens, i + 1);
    if tokens.get(j)?.is(Kind::Punct, "!") {
        j = next_code(tokens, j + 1);
    }
    if !tokens.get(j)?.is(Kind::Punct, "[") {
        return None;
    }
    matching_close(tokens, j).map(|k| k + 1)
}

/// The index of the bracket closing the one at `open`.
fn matching_close(tokens: &[Token], open: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (k, t) in tokens.iter().enumerate().skip(open) {
        if t.kind != Kind::Punct {
            continue;
        }
        match t.text {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// The index after the item starting at or after `i` (its further attributes included): the first `;` at
/// depth 0, or the `}` closing a brace opened at depth 0.
fn item_end(tokens: &[Token], mut i: usize) -> usize {
    loop {
        i = next_code(tokens, i);
        match tokens.get(i) {
            Some(t) if t.is(Kind::Punct, "#") => match attribute_end(tokens, i) {
                Some(end) => i = end,
                None => break,
            },
            _ => break,
        }
    }
    let mut depth = 0i32;
    while i < tokens.len() {
        let t = &tokens[i];
        if t.kind == Kind::Punct {
            match t.text {
                "(" | "[" => depth += 1,
                ")" | "]" => depth -= 1,
                "{" => depth += 1,
                "}" => {
                    depth -= 1;
                    // A braced item ends at its `}`, but a `use a::{b, c};` or a `struct S {..}` does
                    // not: a `;` right after the group belongs to the item.
                    if depth == 0 {
                        let next = next_code(tokens, i + 1);
                        let semicolon = tokens.get(next).is_some_and(|t| t.is(Kind::Punct, ";"));
                        return if semicolon { next + 1 } else { i + 1 };
                    }
                }
                ";" if depth == 0 => return i + 1,
                _ => {}
            }
        }
        i += 1;
    }
    i
}

/// `#[path = "x.rs"]` → `x.rs`.
fn path_attribute(attr: &str) -> Option<String> {
    let inner = attr.trim_start_matches('#').trim().strip_prefix('[')?.strip_suffix(']')?.trim();
    let value = inner.strip_prefix("path")?.trim_start().strip_prefix('=')?.trim();
    Some(value.strip_prefix('"')?.strip_suffix('"')?.to_string())
}

/// True when the attribute is `#[cfg(P)]` and P is false in the bundle: `test` is false, `bundle` true
/// (the crate marks what the arena file never needs `#[cfg(not(bundle))]`); other predicates are
/// unknown, so kept.
pub fn cfg_is_false(attr: &str) -> bool {
    cfg_in_bundle(attr) == Some(false)
}

/// True when the attribute is `#[cfg(P)]` and P is true in the bundle (`bundle`, `not(test)`).
pub fn cfg_is_true(attr: &str) -> bool {
    cfg_in_bundle(attr) == Some(true)
}

/// The value in the bundle of the attribute's predicate when it is a known `#[cfg(P)]`.
fn cfg_in_bundle(attr: &str) -> Option<bool> {
    let compact: String = attr.chars().filter(|c| !c.is_whitespace()).collect();
    eval_cfg(compact.strip_prefix("#[cfg(")?.strip_suffix(")]")?)
}

/// Three-valued evaluation of a cfg predicate: `Some(b)` when known.
fn eval_cfg(p: &str) -> Option<bool> {
    match p {
        "test" => return Some(false),
        "bundle" => return Some(true),
        _ => {}
    }
    let (op, args) = match p.find('(') {
        Some(k) if p.ends_with(')') => (&p[..k], &p[k + 1..p.len() - 1]),
        _ => return None,
    };
    let parts = split_top_level(args);
    match op {
        "not" => eval_cfg(args).map(|b| !b),
        "all" | "any" => {
            // `all` is false as soon as one part is false, `any` true as soon as one is true.
            let decisive = op == "any";
            let vals: Vec<Option<bool>> = parts.iter().map(|a| eval_cfg(a)).collect();
            if vals.contains(&Some(decisive)) {
                Some(decisive)
            } else if vals.iter().all(|v| *v == Some(!decisive)) {
                Some(!decisive)
            } else {
                None
            }
        }
        _ => None,
    }
}

fn split_top_level(s: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (k, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&s[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    if start < s.len() {
        parts.push(&s[start..]);
    }
    parts
}

/// `dir/name.rs` or `dir/name/mod.rs`, and whether it owns its directory.
fn find_module_file(dir: &Path, name: &str) -> Result<(PathBuf, bool), String> {
    let flat = dir.join(format!("{name}.rs"));
    let nested = dir.join(name).join("mod.rs");
    match (flat.exists(), nested.exists()) {
        (true, false) => Ok((flat, false)),
        (false, true) => Ok((nested, true)),
        (true, true) => Err(format!("module {name}: both {} and {} exist", flat.display(), nested.display())),
        (false, false) => {
            Err(format!("module {name}: neither {} nor {} exists", flat.display(), nested.display()))
        }
    }
}

/// Written before an included file's literal, naming the file: `/*include:weights/value.txt*/`.
pub const INCLUDE_MARK: &str = "/*include:";

/// `include_str!("p")` / `include_bytes!("p")` at `i`: the literal and the index after the call.
fn inline_include(tokens: &[Token], i: usize, ctx: &FileContext) -> Result<Option<(String, usize)>, String> {
    let bang = next_code(tokens, i + 1);
    let open = next_code(tokens, bang + 1);
    let arg = next_code(tokens, open + 1);
    let close = next_code(tokens, arg + 1);
    let ok = tokens.get(bang).is_some_and(|t| t.is(Kind::Punct, "!"))
        && tokens.get(open).is_some_and(|t| t.is(Kind::Punct, "("))
        && tokens.get(arg).is_some_and(|t| t.kind == Kind::Literal && t.text.starts_with('"'))
        && tokens.get(close).is_some_and(|t| t.is(Kind::Punct, ")"));
    if !ok {
        return Ok(None);
    }
    let rel = &tokens[arg].text[1..tokens[arg].text.len() - 1];
    let path = ctx.file.parent().unwrap_or(Path::new(".")).join(rel);
    let data = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let literal = if tokens[i].text == "include_str" {
        let text = String::from_utf8(data).map_err(|_| format!("{}: not UTF-8", path.display()))?;
        raw_string_literal(&text)
    } else {
        byte_string_literal(&data)
    };
    Ok(Some((format!("{INCLUDE_MARK}{}*/{literal}", display_path(rel)), close + 1)))
}

/// An included file's path as its mark shows it: from the crate's top folder down (`../../weights/x.txt`
/// gives `weights/x.txt`).
fn display_path(rel: &str) -> String {
    rel.split('/').filter(|p| *p != ".." && *p != ".").collect::<Vec<_>>().join("/")
}

/// A raw string literal holding `text` exactly, with enough `#`s.
pub fn raw_string_literal(text: &str) -> String {
    let mut hashes = 0;
    while text.contains(&format!("\"{}", "#".repeat(hashes))) {
        hashes += 1;
    }
    let h = "#".repeat(hashes);
    format!("r{h}\"{text}\"{h}")
}

/// A byte string literal holding `data` exactly (typed `&[u8; N]` as `include_bytes!` is).
pub fn byte_string_literal(data: &[u8]) -> String {
    let mut s = String::from("b\"");
    for &b in data {
        match b {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            0x20..=0x7e => s.push(b as char),
            _ => s.push_str(&format!("\\x{b:02x}")),
        }
    }
    s.push('"');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cfg_predicates() {
        assert!(cfg_is_false("#[cfg(test)]"));
        assert!(cfg_is_false("#[cfg( all( test , unix ) )]"));
        assert!(!cfg_is_false("#[cfg(not(test))]"));
        assert!(cfg_is_false("#[cfg(not(bundle))]") && !cfg_is_false("#[cfg(bundle)]"));
        assert!(!cfg_is_false("#[cfg(any(test, unix))]"));
        assert!(cfg_is_false("#[cfg(any(test, not(not(test))))]"));
        assert!(!cfg_is_false("#[cfg(feature = \"x\")]"));
        assert!(!cfg_is_false("#[derive(Debug)]"));
        assert!(cfg_is_true("#[cfg(bundle)]") && cfg_is_true("#[cfg( not( test ) )]"));
        assert!(cfg_is_true("#[cfg(all(bundle, not(test)))]") && !cfg_is_true("#[cfg(not(bundle))]"));
        assert!(!cfg_is_true("#[cfg(any(unix, windows))]") && !cfg_is_true("#[derive(Debug)]"));
    }

    #[test]
    fn a_cut_item_ends_at_its_semicolon_or_its_braces() {
        let rest_after = |src: &str| {
            let tokens = tokenize(src).unwrap();
            let attr = attribute_end(&tokens, 0).unwrap();
            tokens[item_end(&tokens, attr)..].iter().map(|t| t.text).collect::<String>()
        };
        assert_eq!(rest_after("#[cfg(test)] pub use a::{b, c};\nfn f() {}"), "\nfn f() {}");
        assert_eq!(rest_after("#[cfg(test)] use a::b;\nfn f() {}"), "\nfn f() {}");
        assert_eq!(rest_after("#[cfg(test)] mod t { fn g() {} }\nfn f() {}"), "\nfn f() {}");
    }

    #[test]
    fn literals_hold_their_data() {
        assert_eq!(raw_string_literal("a\"#b"), "r##\"a\"#b\"##");
        assert_eq!(raw_string_literal("plain"), "r\"plain\"");
        assert_eq!(byte_string_literal(&[0, b'a', b'"', 255]), "b\"\\x00a\\\"\\xff\"");
    }
}
