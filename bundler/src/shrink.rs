//! Optional shrinking: comments dropped, whitespace collapsed where no two tokens can merge.

use super::lexer::{tokenize, Kind};

fn wordish(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '\'' || c == '"' || c == '#'
}

/// Keeps line breaks (so compiler messages stay readable) but drops indentation and comments. A space
/// stays between two word-like tokens and between two punctuation marks (`/ *`, `. .`, `< -` must not merge).
pub fn shrink(src: &str) -> Result<String, String> {
    shrink_lines(src, None)
}

/// As `shrink`, but lines are joined: a line break of the source is kept only once the line is at least
/// `JOINED_LINE` bytes long (a line break costs a byte; a line of some length keeps an editor usable).
pub fn shrink_joined(src: &str) -> Result<String, String> {
    shrink_lines(src, Some(JOINED_LINE))
}

/// Attributes that change no code: lint levels, docs, `must_use`, formatter and diagnostic hints.
const INERT_ATTRIBUTES: &[&str] =
    &["allow", "warn", "deny", "forbid", "expect", "doc", "must_use", "rustfmt", "diagnostic", "clippy"];

/// `src` without the attributes that change no code (`INERT_ATTRIBUTES`), outer or inner.
pub fn drop_inert_attributes(src: &str) -> Result<String, String> {
    let tokens = tokenize(src)?;
    let mut out = String::with_capacity(src.len());
    let mut k = 0;
    while k < tokens.len() {
        if tokens[k].is(Kind::Punct, "#") {
            let code: Vec<usize> =
                (k + 1..tokens.len()).filter(|&j| !tokens[j].is_trivia()).take(3).collect();
            let inner = code.first().is_some_and(|&j| tokens[j].is(Kind::Punct, "!"));
            let (open, name) = if inner { (code.get(1), code.get(2)) } else { (code.first(), code.get(1)) };
            let is_inert = open.is_some_and(|&j| tokens[j].is(Kind::Punct, "["))
                && name.is_some_and(|&j| {
                    tokens[j].kind == Kind::Ident && INERT_ATTRIBUTES.contains(&tokens[j].text)
                });
            if let (true, Some(&open)) = (is_inert, open) {
                let mut depth = 0;
                let mut j = open;
                while j < tokens.len() {
                    match (tokens[j].kind, tokens[j].text) {
                        (Kind::Punct, "[") => depth += 1,
                        (Kind::Punct, "]") => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                k = j + 1;
                continue;
            }
        }
        out.push_str(tokens[k].text);
        k += 1;
    }
    Ok(out)
}

/// `src` without its `debug_assert!`, `debug_assert_eq!` and `debug_assert_ne!` statements: the arena
/// compiles with `-O`, where they are compiled out (the crate's tests and debug builds still check them);
/// and without its compile-time assertions (`const _: () = assert!(…);`), which the crate's build checks
/// on the same code and which make no code.
pub fn drop_compiled_out_assertions(src: &str) -> Result<String, String> {
    let tokens = tokenize(src)?;
    let code: Vec<usize> = (0..tokens.len()).filter(|&k| !tokens[k].is_trivia()).collect();
    let is = |i: usize, kind: Kind, text: &str| code.get(i).is_some_and(|&k| tokens[k].is(kind, text));
    let mut dropped = vec![false; tokens.len()];
    for (i, &k) in code.iter().enumerate() {
        let name = matches!(tokens[k].text, "debug_assert" | "debug_assert_eq" | "debug_assert_ne");
        let debug = tokens[k].kind == Kind::Ident && name && is(i + 1, Kind::Punct, "!");
        let constant = tokens[k].is(Kind::Ident, "const")
            && is(i + 1, Kind::Ident, "_")
            && [":", "(", ")", "="].iter().enumerate().all(|(j, p)| is(i + 2 + j, Kind::Punct, p))
            && is(i + 6, Kind::Ident, "assert")
            && is(i + 7, Kind::Punct, "!");
        let open = match (debug, constant) {
            (true, _) => i + 2,
            (_, true) => i + 8,
            _ => continue,
        };
        if !is(open, Kind::Punct, "(") {
            continue;
        }
        // The closing parenthesis, then the statement's `;`.
        let (mut j, mut depth) = (open, 0);
        while let Some(&c) = code.get(j) {
            match (tokens[c].kind, tokens[c].text) {
                (Kind::Punct, "(" | "[" | "{") => depth += 1,
                (Kind::Punct, ")" | "]" | "}") => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                break;
            }
            j += 1;
        }
        if is(j + 1, Kind::Punct, ";") {
            dropped[k..=code[j + 1]].iter_mut().for_each(|d| *d = true);
        }
    }
    Ok(tokens.iter().zip(dropped).filter(|(_, d)| !d).map(|(t, _)| t.text).collect())
}

/// `src` with each `.expect("message")` made `.unwrap()`: the same check (both need the same `Debug`),
/// without a message no arena game shows anyone; the crate keeps its messages for the tools and tests.
pub fn expect_to_unwrap(src: &str) -> Result<String, String> {
    let tokens = tokenize(src)?;
    let code: Vec<usize> = (0..tokens.len()).filter(|&k| !tokens[k].is_trivia()).collect();
    let at = |i: usize| code.get(i).map(|&k| &tokens[k]);
    let mut out = String::with_capacity(src.len());
    let mut next = 0; // the next token to copy
    for (i, &k) in code.iter().enumerate() {
        let message = at(i + 2).is_some_and(|t| t.kind == Kind::Literal && t.text.starts_with('"'));
        if k >= next
            && tokens[k].is(Kind::Ident, "expect")
            && i > 0
            && at(i - 1).is_some_and(|t| t.is(Kind::Punct, "."))
            && at(i + 1).is_some_and(|t| t.is(Kind::Punct, "("))
            && message
            && at(i + 3).is_some_and(|t| t.is(Kind::Punct, ")"))
        {
            tokens[next..k].iter().for_each(|t| out.push_str(t.text));
            out.push_str("unwrap()");
            next = code[i + 3] + 1;
        }
    }
    tokens[next..].iter().for_each(|t| out.push_str(t.text));
    Ok(out)
}

/// Whether punctuation ending in `a` followed by punctuation starting with `b` would lex as another token:
/// a two-character operator, `..=`, a comment's opening or closing, or rustc's `<-`.
fn would_merge(a: char, b: char) -> bool {
    const JOINED: &[&str] = &[
        "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=",
        "<<", ">>", "..", ".=", "//", "/*", "*/", "<-",
    ];
    JOINED.iter().any(|j| j.starts_with(a) && j.ends_with(b))
}

/// The shortest line `shrink_joined` ends at a line break of the source.
const JOINED_LINE: usize = 160;

fn shrink_lines(src: &str, min_line: Option<usize>) -> Result<String, String> {
    let tokens = tokenize(src)?;
    let mut out = String::with_capacity(src.len());
    let mut pending_space = false;
    let mut pending_newline = false;
    let mut prev: Option<(Kind, char)> = None;
    let mut line_start = 0;
    for t in &tokens {
        match t.kind {
            Kind::Whitespace => {
                if t.text.contains('\n') {
                    pending_newline = true;
                } else {
                    pending_space = true;
                }
            }
            Kind::LineComment | Kind::BlockComment | Kind::DocComment => {
                pending_space = true;
                if t.text.starts_with("//") {
                    pending_newline = true;
                }
            }
            _ => {
                let first = t.text.chars().next().expect("tokens are not empty");
                if let Some((pk, pc)) = prev {
                    let both_words = wordish(pc) && wordish(first);
                    // Two marks that were apart stay apart where they would merge into one (`/ *`, `. .`,
                    // `- >`, `> =`); `: &` or `= !` can join.
                    let both_punct = pk == Kind::Punct && t.kind == Kind::Punct && would_merge(pc, first);
                    if pending_newline && min_line.is_none_or(|m| out.len() - line_start >= m) {
                        out.push('\n');
                        line_start = out.len();
                    } else if both_words || ((pending_space || pending_newline) && both_punct) {
                        out.push(' '); // never glue two words, nor two marks that were apart
                    }
                }
                out.push_str(t.text);
                prev = Some((t.kind, t.text.chars().last().expect("not empty")));
                pending_space = false;
                pending_newline = false;
            }
        }
    }
    out.push('\n');
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drops_comments_and_indentation_but_keeps_tokens_apart() {
        let src = "fn  f(x: u8) -> u8 {\n    // note\n    let y = x / *&x; /* c */ y  .. =  1\n}";
        let s = shrink(src).unwrap();
        assert_eq!(s, "fn f(x:u8)->u8{\nlet y=x/ *&x;y.. =1\n}\n");
        assert!(!s.contains("note"));
        assert_eq!(shrink_joined(src).unwrap(), "fn f(x:u8)->u8{let y=x/ *&x;y.. =1}\n");
    }

    #[test]
    fn marks_that_cannot_merge_are_joined() {
        let src =
            "fn f(x: &u8, v: Vec<u8> ) -> bool { let y: Vec<u8> = vec![]; let z = !true; *x < -1 && z }";
        let s = shrink(src).unwrap();
        assert!(s.contains("f(x:&u8,v:Vec<u8>)") && s.contains("z=!true") && s.contains("<u8> =vec"), "{s}");
        assert!(s.contains("*x< -1&&z"), "{s}");
    }

    #[test]
    fn attributes_that_change_no_code_go_and_the_others_stay() {
        let src = "#![allow(dead_code)]\n#[inline]\n#[must_use]\n/// doc\n#[doc = \"x\"]\nfn f() {}\n\
                   #[derive(Clone)] #[allow(unused)] struct S; const T: &str = \"#[allow(x)]\";";
        let out = drop_inert_attributes(src).unwrap();
        assert!(!out.contains("dead_code") && !out.contains("must_use") && !out.contains("#[doc"), "{out}");
        assert!(
            out.contains("#[inline]") && out.contains("#[derive(Clone)]") && out.contains("\"#[allow(x)]\"")
        );
        assert!(!out.contains("#[allow(unused)]"));
    }

    #[test]
    fn debug_and_compile_time_assertions_go_and_assertions_stay() {
        let src = "fn f(x: u8) { debug_assert!(x < 9, \"{x})\"); debug_assert_eq!(g((x, 1)), [2]); assert!(x > 0); }";
        assert_eq!(drop_compiled_out_assertions(src).unwrap(), "fn f(x: u8) {   assert!(x > 0); }");
        let src = "const _: () = assert!(size_of::<N>() == 20, \"(\"); const A: () = assert!(true); const _: u8 = 1;";
        assert_eq!(
            drop_compiled_out_assertions(src).unwrap(),
            " const A: () = assert!(true); const _: u8 = 1;"
        );
    }

    #[test]
    fn an_expect_with_a_message_becomes_an_unwrap() {
        let src = "let a = x.expect(\"a (message)\"); let b = y.expect(MESSAGE); fn expect(s: &str) {} expect(\"z\");";
        assert_eq!(
            expect_to_unwrap(src).unwrap(),
            "let a = x.unwrap(); let b = y.expect(MESSAGE); fn expect(s: &str) {} expect(\"z\");"
        );
    }

    #[test]
    fn literals_are_untouched() {
        let src = "let s = \"a  // b\"; let r = r#\"x  /* y */\"#;";
        assert_eq!(shrink(src).unwrap(), "let s=\"a  // b\";let r=r#\"x  /* y */\"#;\n");
    }
}
