//! Command lines as words, split the way a POSIX shell splits them but
//! with no shell involved: quotes are honoured, nothing is expanded. `cmd:`
//! solvers use it (`cmd:python3 sol.py`), and the repro commands gamefuzz
//! prints quote words so that a shell, or this parser, reads them back
//! unchanged.

use std::borrow::Cow;

/// Characters a shell would treat as operators: refused unquoted, since no
/// shell is there to honour them (`cmd:./a.out > log` would silently pass
/// `>` and `log` as arguments otherwise).
const OPERATORS: &[char] = &['|', '&', ';', '<', '>', '(', ')'];

/// Splits `s` into words: blanks separate words; `'...'` is literal;
/// `"..."` is literal except that `\"`, `\\`, `\$` and `` \` `` stand for the
/// second character; outside quotes a backslash makes the next character
/// literal (a backslash-newline is removed). No variable, tilde, glob or
/// command expansion takes place.
pub fn words(s: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    // `None` between words; quotes start a word even when empty (`''`).
    let mut word: Option<String> = None;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err("unterminated single quote".into()),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => w.push(c),
                            Some('\n') => {}
                            Some(c) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => return Err("unterminated double quote".into()),
                        },
                        Some(c) => w.push(c),
                        None => return Err("unterminated double quote".into()),
                    }
                }
            }
            '\\' => match chars.next() {
                Some('\n') => {}
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => return Err("a trailing backslash escapes nothing".into()),
            },
            c if OPERATORS.contains(&c) => {
                return Err(format!(
                    "'{c}' is a shell operator, but no shell runs the command; \
                     quote it, or run a shell: cmd:sh -c '...'"
                ))
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

/// Splits a comma-separated list at the commas that are neither quoted nor
/// escaped, so a `cmd:` item may hold commas in quotes. Items keep their
/// quotes (each is parsed on its own afterwards).
pub fn split_list(s: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut start, mut quote, mut escaped) = (0, None, false);
    for (i, c) in s.char_indices() {
        if escaped {
            escaped = false;
            continue;
        }
        match (quote, c) {
            (Some('\''), '\'') | (Some('"'), '"') => quote = None,
            (Some('"'), '\\') | (None, '\\') => escaped = true,
            (None, '\'' | '"') => quote = Some(c),
            (None, ',') => {
                items.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&s[start..]);
    items
}

/// `w` as one word of a `cmd:` command line: unchanged when it needs no
/// quoting, else single-quoted. Commas are quoted too, since a `cmd:` item
/// sits in a comma-separated list.
pub fn quote_word(w: &str) -> Cow<'_, str> {
    quote(w, false)
}

/// `a` as one shell argument (commas need no quoting there).
pub fn quote_arg(a: &str) -> Cow<'_, str> {
    quote(a, true)
}

fn quote(s: &str, comma_ok: bool) -> Cow<'_, str> {
    let plain =
        |c: char| c.is_ascii_alphanumeric() || "_-./+=@%:^".contains(c) || (comma_ok && c == ',');
    if !s.is_empty() && s.chars().all(plain) {
        return Cow::Borrowed(s);
    }
    Cow::Owned(format!("'{}'", s.replace('\'', r"'\''")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<String> {
        words(s).unwrap()
    }

    #[test]
    fn words_split_like_a_shell_without_expansion() {
        assert_eq!(w("python3 sol.py"), ["python3", "sol.py"]);
        assert_eq!(w("  a   b\t"), ["a", "b"]);
        assert_eq!(w("'my dir/a.out' x"), ["my dir/a.out", "x"]);
        assert_eq!(w(r#""a \"b\" \\ \$HOME \` \n""#), [r#"a "b" \ $HOME ` \n"#]);
        assert_eq!(w(r"a\ b c\'d"), ["a b", "c'd"]);
        assert_eq!(w("x'' '' \"\""), ["x", "", ""]);
        assert_eq!(w("$HOME ~ *"), ["$HOME", "~", "*"]);
        assert_eq!(w("a\\\nb"), ["ab"]);
        assert!(words("'open").is_err());
        assert!(words("\"open").is_err());
        assert!(words("a\\").is_err());
        assert!(words("./a.out > log").is_err());
        assert!(words("a;b").is_err());
        assert_eq!(w("'a;b' \">\""), ["a;b", ">"]);
    }

    #[test]
    fn lists_split_only_at_bare_commas() {
        assert_eq!(split_list("engine,reference"), ["engine", "reference"]);
        assert_eq!(
            split_list("engine,cmd:sh -c 'echo a,b',x"),
            ["engine", "cmd:sh -c 'echo a,b'", "x"]
        );
        assert_eq!(split_list(r#"cmd:"a,b"\,c,d"#), [r#"cmd:"a,b"\,c"#, "d"]);
        assert_eq!(split_list(""), [""]);
    }

    #[test]
    fn quoted_words_read_back_unchanged() {
        for word in [
            "plain",
            "./a.out",
            "my dir",
            "it's",
            "a,b",
            "",
            "$x",
            "\"q\"",
            "back\\slash",
            "~",
            "#",
            "a\nb",
        ] {
            let q = quote_word(word);
            assert_eq!(words(&q).unwrap(), [word], "{q}");
            assert_eq!(split_list(&q).len(), 1, "{q}");
            assert_eq!(words(&quote_arg(word)).unwrap(), [word]);
        }
        assert_eq!(quote_word("./a.out"), "./a.out");
        assert_eq!(quote_arg("engine,cmd:./a"), "engine,cmd:./a");
        assert_eq!(quote_word("a,b"), "'a,b'");
    }
}
