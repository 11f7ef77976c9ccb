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
                format!("expected {what} (a decimal integer), found '{}'", t.text),
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
                format!("unexpected '{}' after the end of the input", t.text),
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
                "expected {what} (an unsigned decimal integer), found '{}'",
                t.text
            ),
        )
    };
    if t.text.is_empty() || !t.text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let v: u128 = t
        .text
        .parse()
        .map_err(|_| at(t, format!("{what} '{}' is too large", t.text)))?;
    T::try_from(v).map_err(|_| at(t, format!("{what} '{}' is too large", t.text)))
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
    fn output_lines_ignore_only_the_final_newline() {
        assert_eq!(output_lines("YES\nNO\n"), vec!["YES", "NO"]);
        assert_eq!(output_lines("YES\nNO"), vec!["YES", "NO"]);
        assert_eq!(output_lines("YES\n\n"), vec!["YES", ""]);
    }
}
