//! Strict tokenizing of judge files, with positions for error messages.

use std::fmt;

/// A parse failure at a 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.col, self.message
        )
    }
}

impl std::error::Error for ParseError {}

/// The parse error of bytes that stop being UTF-8 text after
/// `valid_up_to` bytes, placed at that line and column.
pub fn not_utf8(bytes: &[u8], valid_up_to: usize) -> ParseError {
    let good = &bytes[..valid_up_to];
    ParseError {
        line: good.iter().filter(|&&b| b == b'\n').count() + 1,
        col: good.iter().rev().take_while(|&&b| b != b'\n').count() + 1,
        message: "the input is not UTF-8 text".into(),
    }
}

/// One whitespace-separated token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    pub text: &'a str,
    pub line: usize,
    pub col: usize,
}

/// A lazy cursor over the whitespace-separated tokens of a text (judge
/// inputs reach tens of megabytes, so tokens are never collected).
pub struct Tokens<'a> {
    text: &'a str,
    /// Byte offset of the next unread character.
    pos: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(text: &'a str) -> Self {
        Tokens {
            text,
            pos: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// Where the next token starts (or the end), with its line bookkeeping.
    fn scan(&self) -> (usize, usize, usize) {
        let bytes = self.text.as_bytes();
        let (mut i, mut line, mut line_start) = (self.pos, self.line, self.line_start);
        while i < bytes.len() && (bytes[i] as char).is_ascii_whitespace() {
            if bytes[i] == b'\n' {
                line += 1;
                line_start = i + 1;
            }
            i += 1;
        }
        (i, line, line_start)
    }

    /// Columns count bytes: judge inputs are ASCII, and anything else is
    /// reported as an unexpected token anyway.
    fn col(&self, line_start: usize, at: usize) -> usize {
        at - line_start + 1
    }

    pub fn peek(&self) -> Option<Token<'a>> {
        let (i, line, line_start) = self.scan();
        if i >= self.text.len() {
            return None;
        }
        let len = self.text[i..]
            .find(|c: char| c.is_whitespace())
            .unwrap_or(self.text.len() - i);
        Some(Token {
            text: &self.text[i..i + len],
            line,
            col: self.col(line_start, i),
        })
    }

    pub fn is_empty(&self) -> bool {
        self.peek().is_none()
    }

    /// The line (1-based) the next token, or the end of the text, is on.
    pub fn line(&self) -> usize {
        self.scan().1
    }

    /// An error located at the next token (or at the end of the text).
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        let (i, line, line_start) = self.scan();
        ParseError {
            line,
            col: self.col(line_start, i),
            message: message.into(),
        }
    }

    /// The next token, or an error saying what was expected.
    pub fn next(&mut self, what: &str) -> Result<Token<'a>, ParseError> {
        match self.peek() {
            Some(t) => {
                let (i, line, line_start) = self.scan();
                self.pos = i + t.text.len();
                self.line = line;
                self.line_start = line_start;
                Ok(t)
            }
            None => Err(self.error(format!("expected {what}, found end of input"))),
        }
    }

    /// An unsigned decimal integer (digits only, no sign) within `lo..=hi`
    /// of the type's range; the range of the *spec* is the validator's job.
    pub fn uint<T: TryFrom<u128>>(&mut self, what: &str) -> Result<T, ParseError> {
        let t = self.next(what)?;
        parse_uint(t, what)
    }

    /// A decimal integer that may carry a leading `-` (never `+`).
    pub fn int(&mut self, what: &str) -> Result<i64, ParseError> {
        let t = self.next(what)?;
        let (neg, digits) = match t.text.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, t.text),
        };
        let v: i64 = parse_uint(Token { text: digits, ..t }, what).map_err(|_| {
            at(
                t,
                format!(
                    "expected {what} (a decimal integer), found {}",
                    quoted(t.text)
                ),
            )
        })?;
        Ok(if neg { -v } else { v })
    }

    /// Fails unless only whitespace remains.
    pub fn finish(&self) -> Result<(), ParseError> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(at(
                t,
                format!("unexpected {} after the end of the input", quoted(t.text)),
            )),
        }
    }
}

/// An error located at a token.
pub fn at(t: Token<'_>, message: impl Into<String>) -> ParseError {
    ParseError {
        line: t.line,
        col: t.col,
        message: message.into(),
    }
}

fn parse_uint<T: TryFrom<u128>>(t: Token<'_>, what: &str) -> Result<T, ParseError> {
    let bad = || {
        at(
            t,
            format!(
                "expected {what} (an unsigned decimal integer), found {}",
                quoted(t.text)
            ),
        )
    };
    if t.text.is_empty() || !t.text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let v: u128 = t
        .text
        .parse()
        .map_err(|_| at(t, format!("{what} {} is too large", quoted(t.text))))?;
    T::try_from(v).map_err(|_| at(t, format!("{what} {} is too large", quoted(t.text))))
}

/// How many characters of an offending token an error message quotes: a
/// 10 MB token must not become a 10 MB message.
const QUOTED_CHARS: usize = 40;

/// A token as an error message quotes it: in single quotes, control
/// characters escaped, cut after 40 characters with `…` and its length.
pub fn quoted(token: &str) -> String {
    let mut out = String::from("'");
    let mut chars = token.chars();
    for c in chars.by_ref().take(QUOTED_CHARS) {
        push_escaped(&mut out, c);
    }
    out.push('\'');
    if chars.next().is_some() {
        out += &format!("… ({} bytes)", token.len());
    }
    out
}

/// Text a program printed, made safe for a terminal: control characters
/// other than newline and tab are escaped (`\x1b`), and only the first
/// `max` bytes are kept, with a line saying how many were cut.
pub fn printable(s: &str, max: usize) -> String {
    let mut out = String::with_capacity(s.len().min(max) + 64);
    let mut shown = 0;
    for c in s.chars() {
        if shown + c.len_utf8() > max {
            break;
        }
        shown += c.len_utf8();
        push_escaped(&mut out, c);
    }
    if shown < s.len() {
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out += &format!("… ({} more bytes not shown)\n", s.len() - shown);
    }
    out
}

/// Pushes `c`, escaped unless it is printable (newline and tab count as
/// printable): C0/C1 controls and the invisible characters that reorder or
/// hide text on a terminal.
fn push_escaped(out: &mut String, c: char) {
    let hidden =
        matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if c == '\n' || c == '\t' || !(c.is_control() || hidden) {
        out.push(c);
    } else if (c as u32) < 0x100 {
        out.push_str(&format!("\\x{:02x}", c as u32));
    } else {
        out.push_str(&format!("\\u{{{:x}}}", c as u32));
    }
}

/// Splits a judge output into lines, treating a missing final newline as
/// present (the comparison rule shared by the line-based games).
pub fn output_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.split('\n').collect();
    if lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_carry_positions_and_errors_name_them() {
        let mut t = Tokens::new("3 1 5\n  H 4 x\n");
        assert_eq!(t.uint::<u32>("N").unwrap(), 3);
        t.uint::<u32>("row").unwrap();
        t.uint::<u32>("col").unwrap();
        let h = t.next("piece").unwrap();
        assert_eq!((h.text, h.line, h.col), ("H", 2, 3));
        t.uint::<u32>("row").unwrap();
        let e = t.uint::<u32>("column").unwrap_err();
        assert_eq!((e.line, e.col), (2, 7));
        assert!(e.message.contains("column"), "{e}");
        let e = t.next("more").unwrap_err();
        assert!(e.message.contains("end of input"));
    }

    #[test]
    fn signs_are_strict() {
        assert!(Tokens::new("+3").uint::<u32>("n").is_err());
        assert!(Tokens::new("-3").uint::<u32>("n").is_err());
        assert_eq!(Tokens::new("-3").int("v").unwrap(), -3);
        assert!(Tokens::new("+3").int("v").is_err());
        assert!(Tokens::new("--3").int("v").is_err());
        assert!(Tokens::new("99999999999999999999999")
            .uint::<u64>("n")
            .is_err());
    }

    #[test]
    fn quoted_tokens_and_printed_text_are_short_and_escaped() {
        assert_eq!(quoted("abc"), "'abc'");
        assert_eq!(quoted("a\x1bb"), "'a\\x1bb'");
        let long = "x".repeat(10_000_000);
        let q = quoted(&long);
        assert!(q.len() < 80 && q.ends_with("… (10000000 bytes)"), "{q}");
        let e = Tokens::new(&long).uint::<u32>("n").unwrap_err();
        assert!(e.to_string().len() < 200, "{e}");
        assert_eq!(printable("a\tb\nc\r\u{7}", 100), "a\tb\nc\\x0d\\x07");
        assert_eq!(printable("\u{202e}x", 100), "\\u{202e}x");
        let p = printable(&"y".repeat(5000), 100);
        assert!(p.starts_with(&"y".repeat(100)) && p.ends_with("(4900 more bytes not shown)\n"));
        assert_eq!(printable("éé", 3), "é\n… (2 more bytes not shown)\n");
    }

    #[test]
    fn output_lines_ignore_only_the_final_newline() {
        assert_eq!(output_lines("YES\nNO\n"), vec!["YES", "NO"]);
        assert_eq!(output_lines("YES\nNO"), vec!["YES", "NO"]);
        assert_eq!(output_lines("YES\n\n"), vec!["YES", ""]);
    }
}
