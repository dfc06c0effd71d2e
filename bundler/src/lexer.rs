//! A lossless Rust lexer: just enough to never mistake the inside of a literal or comment for code.
//!
//! Concatenating the tokens' texts gives back the input exactly.

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Spaces, tabs and newlines.
    Whitespace,
    /// `// …` up to the end of the line.
    LineComment,
    /// `/* … */`, nested as Rust nests them.
    BlockComment,
    /// `///`, `//!`, `/** */`, `/*! */`.
    DocComment,
    /// A name or keyword, raw identifiers included.
    Ident,
    /// `'a`.
    Lifetime,
    /// String, raw string, byte string, char, byte and number literals.
    Literal,
    /// Any other character, one at a time.
    Punct,
}

/// One token: its kind and its exact text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// What the token is.
    pub kind: Kind,
    /// The token's text, a slice of the input.
    pub text: &'a str,
}

impl Token<'_> {
    /// True when the token is of `kind` with exactly `text`.
    pub fn is(&self, kind: Kind, text: &str) -> bool {
        self.kind == kind && self.text == text
    }

    /// True for whitespace and comments, which carry no meaning.
    pub fn is_trivia(&self) -> bool {
        matches!(self.kind, Kind::Whitespace | Kind::LineComment | Kind::BlockComment | Kind::DocComment)
    }
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

fn is_ident_continue(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Splits `src` into tokens; an unterminated literal or comment is an error with its byte offset.
pub fn tokenize(src: &str) -> Result<Vec<Token<'_>>, String> {
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < src.len() {
        let rest = &src[i..];
        let c = rest.chars().next().expect("not at the end");
        let (kind, len) = if c.is_whitespace() {
            (Kind::Whitespace, rest.find(|ch: char| !ch.is_whitespace()).unwrap_or(rest.len()))
        } else if rest.starts_with("//") {
            let len = rest.find('\n').unwrap_or(rest.len());
            let doc = (rest.starts_with("///") && !rest.starts_with("////")) || rest.starts_with("//!");
            (if doc { Kind::DocComment } else { Kind::LineComment }, len)
        } else if rest.starts_with("/*") {
            let len =
                block_comment_len(rest).ok_or_else(|| format!("unterminated block comment at byte {i}"))?;
            let doc = (rest.starts_with("/**") && !rest.starts_with("/**/") && !rest.starts_with("/***"))
                || rest.starts_with("/*!");
            (if doc { Kind::DocComment } else { Kind::BlockComment }, len)
        } else if let Some(len) = raw_string_len(rest) {
            (Kind::Literal, len.ok_or_else(|| format!("unterminated raw string at byte {i}"))?)
        } else if rest.starts_with("b\"") || rest.starts_with("c\"") || c == '"' {
            let open = if c == '"' { 0 } else { 1 };
            let len =
                quoted_len(&rest[open..], '"').ok_or_else(|| format!("unterminated string at byte {i}"))?;
            (Kind::Literal, open + len)
        } else if rest.starts_with("b'") {
            (
                Kind::Literal,
                1 + quoted_len(&rest[1..], '\'').ok_or_else(|| format!("bad byte literal at byte {i}"))?,
            )
        } else if c == '\'' {
            char_or_lifetime(rest).ok_or_else(|| format!("bad char literal at byte {i}"))?
        } else if is_ident_start(c) {
            (Kind::Ident, rest.find(|ch: char| !is_ident_continue(ch)).unwrap_or(rest.len()))
        } else if c.is_ascii_digit() {
            (Kind::Literal, number_len(rest))
        } else {
            (Kind::Punct, c.len_utf8())
        };
        tokens.push(Token { kind, text: &src[i..i + len] });
        i += len;
    }
    Ok(tokens)
}

/// Block comments nest in Rust.
fn block_comment_len(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let (mut depth, mut i) = (0, 0);
    while i + 1 < b.len() {
        if b[i] == b'/' && b[i + 1] == b'*' {
            depth += 1;
            i += 2;
        } else if b[i] == b'*' && b[i + 1] == b'/' {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return Some(i);
            }
        } else {
            i += 1;
        }
    }
    None
}

/// `r"…"`, `r#"…"#`, `br##"…"##`, `cr"…"`: `None` if this is not a raw string, `Some(None)` if unterminated.
fn raw_string_len(s: &str) -> Option<Option<usize>> {
    let prefix = if s.starts_with("br") || s.starts_with("cr") {
        2
    } else if s.starts_with('r') {
        1
    } else {
        return None;
    };
    let hashes = s[prefix..].bytes().take_while(|&b| b == b'#').count();
    if s.as_bytes().get(prefix + hashes) != Some(&b'"') {
        return None; // an identifier such as `r` or `raw`, or a raw identifier `r#name`
    }
    let body = prefix + hashes + 1;
    let close = format!("\"{}", "#".repeat(hashes));
    Some(s[body..].find(&close).map(|k| body + k + close.len()))
}

/// Length of a literal quoted by `q` starting at `s[0] == q`, honouring backslash escapes.
fn quoted_len(s: &str, q: char) -> Option<usize> {
    let mut escaped = false;
    for (k, ch) in s.char_indices().skip(1) {
        if escaped {
            escaped = false;
        } else if ch == '\\' {
            escaped = true;
        } else if ch == q {
            return Some(k + 1);
        }
    }
    None
}

/// `'a'`, `'\n'`, `'\u{1F600}'` are chars; `'a` and `'static` are lifetimes (or labels).
fn char_or_lifetime(s: &str) -> Option<(Kind, usize)> {
    let mut it = s.char_indices().skip(1);
    let (_, first) = it.next()?;
    if first == '\\' {
        return quoted_len(s, '\'').map(|n| (Kind::Literal, n));
    }
    let (k2, second) = it.next()?;
    if second == '\'' {
        return Some((Kind::Literal, k2 + 1));
    }
    if is_ident_start(first) {
        let len = 1 + s[1..].find(|ch: char| !is_ident_continue(ch)).unwrap_or(s.len() - 1);
        return Some((Kind::Lifetime, len));
    }
    None
}

/// Numbers: digits, `_`, letters of suffixes and hex digits, one `.` followed by a digit, exponents.
fn number_len(s: &str) -> usize {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphanumeric() || c == b'_' {
            // `1e-3`: a sign right after an exponent letter of a decimal number.
            if (c == b'e' || c == b'E') && !s.starts_with("0x") && matches!(b.get(i + 1), Some(b'+' | b'-')) {
                i += 2;
                continue;
            }
            i += 1;
        } else if c == b'.' && b.get(i + 1).is_some_and(|d| d.is_ascii_digit()) && !s[..i].contains('.') {
            i += 1;
        } else {
            break;
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(Kind, &str)> {
        tokenize(src)
            .unwrap()
            .into_iter()
            .filter(|t| t.kind != Kind::Whitespace)
            .map(|t| (t.kind, t.text))
            .collect()
    }

    #[test]
    fn round_trips_and_sees_literals_and_comments() {
        let src = r####"let s = r##"mod x; "# still"##; /* a /* nested */ mod y; */ let c = '"'; 'a: loop {} // mod z;
/// doc
fn f<'b>(x: &'b str) -> u8 { b'\'' + 1_000u8 + 1.5e-3 as u8 }"####;
        let tokens = tokenize(src).unwrap();
        assert_eq!(tokens.iter().map(|t| t.text).collect::<String>(), src);
        let k = kinds(src);
        assert!(k.contains(&(Kind::Literal, r###"r##"mod x; "# still"##"###)));
        assert!(k.contains(&(Kind::BlockComment, "/* a /* nested */ mod y; */")));
        assert!(k.contains(&(Kind::Literal, "'\"'")));
        assert!(k.contains(&(Kind::Lifetime, "'a")));
        assert!(k.contains(&(Kind::LineComment, "// mod z;")));
        assert!(k.contains(&(Kind::DocComment, "/// doc")));
        assert!(k.contains(&(Kind::Lifetime, "'b")));
        assert!(k.contains(&(Kind::Literal, "b'\\''")));
        assert!(k.contains(&(Kind::Literal, "1_000u8")));
        assert!(k.contains(&(Kind::Literal, "1.5e-3")));
    }

    #[test]
    fn ranges_and_method_calls_on_numbers_split() {
        assert_eq!(
            kinds("0..9"),
            vec![(Kind::Literal, "0"), (Kind::Punct, "."), (Kind::Punct, "."), (Kind::Literal, "9")]
        );
        assert_eq!(kinds("1.max(2)")[0], (Kind::Literal, "1"));
        assert_eq!(kinds("r#type")[0], (Kind::Ident, "r"));
    }

    #[test]
    fn unterminated_input_is_an_error() {
        assert!(tokenize("let s = \"abc").is_err());
        assert!(tokenize("/* /* */").is_err());
        assert!(tokenize("r#\"abc\"").is_err());
    }
}
