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
                    // Two marks can merge into one (`/ *`, `. .`, `- >`), but a delimiter never does.
                    let delimiter = |c: char| "(){}[];,".contains(c);
                    let both_punct =
                        pk == Kind::Punct && t.kind == Kind::Punct && !delimiter(pc) && !delimiter(first);
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
    fn literals_are_untouched() {
        let src = "let s = \"a  // b\"; let r = r#\"x  /* y */\"#;";
        assert_eq!(shrink(src).unwrap(), "let s=\"a  // b\";let r=r#\"x  /* y */\"#;\n");
    }
}
