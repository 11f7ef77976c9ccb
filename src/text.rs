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

/// One whitespace-separated token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    pub text: &'a str,
    pub line: usize,
    pub col: usize,
}

/// A cursor over the whitespace-separated tokens of a text.
pub struct Tokens<'a> {
    toks: Vec<Token<'a>>,
    pos: usize,
    end_line: usize,
    end_col: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(text: &'a str) -> Self {
        let mut toks = Vec::new();
        let mut line = 1;
        let mut last_line_len = 0;
        for (li, l) in text.split('\n').enumerate() {
            line = li + 1;
            last_line_len = l.len();
            let mut start = None;
            for (i, ch) in l.char_indices().chain(std::iter::once((l.len(), ' '))) {
                if ch.is_whitespace() {
                    if let Some(s) = start.take() {
                        toks.push(Token {
                            text: &l[s..i],
                            line,
                            col: l[..s].chars().count() + 1,
                        });
                    }
                } else if start.is_none() {
                    start = Some(i);
                }
            }
        }
        Tokens {
            toks,
            pos: 0,
            end_line: line,
            end_col: last_line_len + 1,
        }
    }

    pub fn peek(&self) -> Option<Token<'a>> {
        self.toks.get(self.pos).copied()
    }

    pub fn is_empty(&self) -> bool {
        self.pos >= self.toks.len()
    }

    /// An error located at the next token (or at the end of the text).
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        match self.peek() {
            Some(t) => ParseError {
                line: t.line,
                col: t.col,
                message: message.into(),
            },
            None => ParseError {
                line: self.end_line,
                col: self.end_col,
                message: message.into(),
            },
        }
    }

    /// The next token, or an error saying what was expected.
    pub fn next(&mut self, what: &str) -> Result<Token<'a>, ParseError> {
        match self.peek() {
            Some(t) => {
                self.pos += 1;
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
