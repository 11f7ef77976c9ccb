//! Strict tokenizing of judge files, with positions for error messages.
//! How text is made safe to show is `show.rs`.

use std::cell::Cell;
use std::fmt;

use crate::show::quoted;

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

/// A byte offset whose line and line start are known.
#[derive(Debug, Clone, Copy)]
struct Mark {
    at: usize,
    line: usize,
    line_start: usize,
}

impl Mark {
    const START: Mark = Mark {
        at: 0,
        line: 1,
        line_start: 0,
    };
}

/// A lazy cursor over the whitespace-separated tokens of a text (judge
/// inputs reach tens of megabytes, so tokens are never collected).
///
/// Tokens are separated by ASCII whitespace and end at any Unicode
/// whitespace, so a stray `\x0B` or no-break space reads as an empty token
/// and is reported as such. Lines are counted only when a position is
/// asked for (a [`Token`] or an error): the numbers read on the way there
/// cost a pass over their digits and nothing more.
pub struct Tokens<'a> {
    text: &'a str,
    /// Byte offset of the next unread character.
    pos: usize,
    /// The last position computed, where the next count of lines resumes:
    /// positions are asked for in increasing order, so counting lines costs
    /// one pass over the text in all.
    mark: Cell<Mark>,
}

/// The whitespace that separates tokens.
fn is_separator(b: u8) -> bool {
    b.is_ascii_whitespace()
}

impl<'a> Tokens<'a> {
    pub fn new(text: &'a str) -> Self {
        Tokens {
            text,
            pos: 0,
            mark: Cell::new(Mark::START),
        }
    }

    /// Where the next token starts (or the end of the text).
    #[inline(always)]
    fn start(&self) -> usize {
        let bytes = self.text.as_bytes();
        let mut i = self.pos;
        while i < bytes.len() && is_separator(bytes[i]) {
            i += 1;
        }
        i
    }

    /// Where the token starting at `i` ends: at the first Unicode
    /// whitespace character, which may be at `i` itself.
    #[inline(always)]
    fn end(&self, i: usize) -> usize {
        let bytes = self.text.as_bytes();
        let mut j = i;
        while j < bytes.len() {
            let b = bytes[j];
            if !b.is_ascii() {
                return self.end_beyond_ascii(j);
            }
            if b.is_ascii_whitespace() || b == 0x0B {
                return j;
            }
            j += 1;
        }
        j
    }

    /// [`Tokens::end`] from the first non-ASCII byte `j` of a token (all
    /// bytes before it are ASCII, so `j` starts a character).
    #[cold]
    #[inline(never)]
    fn end_beyond_ascii(&self, j: usize) -> usize {
        self.text[j..]
            .find(char::is_whitespace)
            .map_or(self.text.len(), |k| j + k)
    }

    /// The 1-based line and column of byte offset `at`. Columns count
    /// bytes: judge inputs are ASCII, and anything else is reported as an
    /// unexpected token anyway.
    fn position(&self, at: usize) -> (usize, usize) {
        let mut m = self.mark.get();
        if at < m.at {
            m = Mark::START;
        }
        let seen = &self.text.as_bytes()[m.at..at];
        m.line += seen.iter().filter(|&&b| b == b'\n').count();
        if let Some(k) = seen.iter().rposition(|&b| b == b'\n') {
            m.line_start = m.at + k + 1;
        }
        m.at = at;
        self.mark.set(m);
        (m.line, at - m.line_start + 1)
    }

    fn token(&self, i: usize, end: usize) -> Token<'a> {
        let (line, col) = self.position(i);
        Token {
            text: &self.text[i..end],
            line,
            col,
        }
    }

    pub fn peek(&self) -> Option<Token<'a>> {
        let i = self.start();
        (i < self.text.len()).then(|| self.token(i, self.end(i)))
    }

    pub fn is_empty(&self) -> bool {
        self.start() >= self.text.len()
    }

    /// The line (1-based) the next token, or the end of the text, is on.
    pub fn line(&self) -> usize {
        self.position(self.start()).0
    }

    /// An error located at the next token (or at the end of the text).
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        let (line, col) = self.position(self.start());
        ParseError {
            line,
            col,
            message: message.into(),
        }
    }

    /// The next token, or an error saying what was expected.
    pub fn next(&mut self, what: &str) -> Result<Token<'a>, ParseError> {
        match self.peek() {
            Some(t) => {
                self.pos = self.start() + t.text.len();
                Ok(t)
            }
            None => Err(self.error(format!("expected {what}, found end of input"))),
        }
    }

    /// The next token read by `read`, or the error `next` gives at the end
    /// of the text and `expected {what}, found '...'` when `read` refuses
    /// it. Only a refused token costs its position.
    #[inline(always)]
    pub fn word<T>(
        &mut self,
        what: &str,
        read: impl FnOnce(&'a str) -> Option<T>,
    ) -> Result<T, ParseError> {
        let i = self.start();
        let end = self.end(i);
        if i < self.text.len() {
            if let Some(v) = read(&self.text[i..end]) {
                self.pos = end;
                return Ok(v);
            }
        }
        Err(self.refused(i, end, what))
    }

    /// The error of [`Tokens::word`] when it reads nothing at `i..end`.
    #[cold]
    #[inline(never)]
    fn refused(&self, i: usize, end: usize, what: &str) -> ParseError {
        if i >= self.text.len() {
            return self.error(format!("expected {what}, found end of input"));
        }
        let t = self.token(i, end);
        at(t, format!("expected {what}, found {}", quoted(t.text)))
    }

    /// An unsigned decimal integer (digits only, no sign) within `lo..=hi`
    /// of the type's range; the range of the *spec* is the validator's job.
    #[inline(always)]
    pub fn uint<T: TryFrom<u128>>(&mut self, what: &str) -> Result<T, ParseError> {
        // The common case: at most 19 digits (they fit a u64) ended by a
        // separator or the end of the text, and a value the type holds.
        // Everything else takes the general path and its messages.
        let i = self.start();
        let rest = &self.text.as_bytes()[i..];
        let mut j = 0;
        let mut v: u64 = 0;
        while j < rest.len().min(19) {
            let digit = rest[j].wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            v = v * 10 + u64::from(digit);
            j += 1;
        }
        if j > 0 && rest.get(j).is_none_or(|&b| is_separator(b)) {
            if let Ok(v) = T::try_from(u128::from(v)) {
                self.pos = i + j;
                return Ok(v);
            }
        }
        self.uint_in_full(what)
    }

    /// [`Tokens::uint`] for any token: signs, other characters, long or
    /// out-of-range numbers, and their messages.
    #[cold]
    #[inline(never)]
    fn uint_in_full<T: TryFrom<u128>>(&mut self, what: &str) -> Result<T, ParseError> {
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

    /// The tokenizer as plainly as it can be written: every position
    /// counted from the start of the text. [`Tokens`] must agree with it
    /// on tokens, values, positions and messages.
    struct Plain<'a> {
        text: &'a str,
        pos: usize,
    }

    impl<'a> Plain<'a> {
        fn start(&self) -> usize {
            let b = self.text.as_bytes();
            let mut i = self.pos;
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            i
        }

        fn at(&self, i: usize) -> (usize, usize) {
            let before = &self.text[..i];
            let line_start = before.rfind('\n').map_or(0, |k| k + 1);
            (before.matches('\n').count() + 1, i - line_start + 1)
        }

        fn peek(&self) -> Option<Token<'a>> {
            let i = self.start();
            let rest = self.text.get(i..).filter(|r| !r.is_empty())?;
            let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let (line, col) = self.at(i);
            Some(Token {
                text: &rest[..len],
                line,
                col,
            })
        }

        fn error(&self, message: String) -> ParseError {
            let (line, col) = self.at(self.start());
            ParseError { line, col, message }
        }

        fn next(&mut self, what: &str) -> Result<Token<'a>, ParseError> {
            let t = self
                .peek()
                .ok_or_else(|| self.error(format!("expected {what}, found end of input")))?;
            self.pos = self.start() + t.text.len();
            Ok(t)
        }

        fn uint<T: TryFrom<u128>>(&mut self, what: &str) -> Result<T, ParseError> {
            self.next(what).and_then(|t| parse_uint(t, what))
        }
    }

    /// One call on both tokenizers, with the results in a comparable form.
    fn step(op: u8, t: &mut Tokens, p: &mut Plain) -> (String, String) {
        fn show<T: fmt::Debug>(r: T) -> String {
            format!("{r:?}")
        }
        let word = |s: &str| (s == "R" || s == "ab").then_some(s.len());
        match op % 10 {
            0 => (show(t.uint::<u8>("n")), show(p.uint::<u8>("n"))),
            1 => (show(t.uint::<u32>("n")), show(p.uint::<u32>("n"))),
            2 => (show(t.uint::<u64>("n")), show(p.uint::<u64>("n"))),
            3 => (
                show(t.int("v")),
                show(p.next("v").and_then(|k| {
                    let digits = k.text.strip_prefix('-');
                    let text = digits.unwrap_or(k.text);
                    let v = parse_uint::<i64>(Token { text, ..k }, "v");
                    v.map(|v| if digits.is_some() { -v } else { v })
                        .map_err(|_| {
                            at(
                                k,
                                format!("expected v (a decimal integer), found {}", quoted(k.text)),
                            )
                        })
                })),
            ),
            4 => (show(t.next("x")), show(p.next("x"))),
            5 => (show(t.peek()), show(p.peek())),
            6 => (
                show((t.line(), t.is_empty())),
                show((p.at(p.start()).0, p.peek().is_none())),
            ),
            7 => (
                show(t.word("a word", word)),
                show(p.next("a word").and_then(|k| {
                    word(k.text)
                        .ok_or_else(|| at(k, format!("expected a word, found {}", quoted(k.text))))
                })),
            ),
            8 => (
                show(t.finish()),
                show(match p.peek() {
                    None => Ok(()),
                    Some(k) => Err(at(
                        k,
                        format!("unexpected {} after the end of the input", quoted(k.text)),
                    )),
                }),
            ),
            _ => (show(t.error("here")), show(p.error("here".into()))),
        }
    }

    /// Pieces of judge text and of what breaks it: every kind of
    /// whitespace, signs, letters, non-ASCII text and long numbers.
    const PIECES: &[&str] = &[
        "0",
        "7",
        "42",
        "255",
        "256",
        "007",
        "4294967295",
        "4294967296",
        "1234567890123456789",
        "18446744073709551615",
        "18446744073709551616",
        "99999999999999999999999999999999999999999",
        "-",
        "-3",
        "+3",
        "R",
        "ab",
        "x",
        " ",
        "  ",
        "\n",
        "\r\n",
        "\t",
        "\x0B",
        "\x0C",
        "\u{A0}",
        "\u{3000}",
        "\u{85}",
        "é",
    ];

    proptest::proptest! {
        #[test]
        fn tokens_agree_with_the_plain_tokenizer(
            pieces in proptest::collection::vec(0..PIECES.len(), 0..40),
            ops in proptest::collection::vec(proptest::prelude::any::<u8>(), 1..40),
        ) {
            let text: String = pieces.iter().map(|&i| PIECES[i]).collect();
            let mut t = Tokens::new(&text);
            let mut p = Plain { text: &text, pos: 0 };
            for op in ops {
                let (fast, plain) = step(op, &mut t, &mut p);
                proptest::prop_assert_eq!(&fast, &plain, "op {} on {:?}", op % 10, text);
                if fast.starts_with("Err") {
                    // Parsers stop at their first error.
                    break;
                }
                proptest::prop_assert_eq!(t.pos, p.pos);
            }
        }
    }

    #[test]
    fn an_error_quotes_a_long_token_short() {
        let long = "x".repeat(10_000_000);
        let e = Tokens::new(&long).uint::<u32>("n").unwrap_err();
        assert!(e.to_string().len() < 200, "{e}");
    }

    #[test]
    fn output_lines_ignore_only_the_final_newline() {
        assert_eq!(output_lines("YES\nNO\n"), vec!["YES", "NO"]);
        assert_eq!(output_lines("YES\nNO"), vec!["YES", "NO"]);
        assert_eq!(output_lines("YES\n\n"), vec!["YES", ""]);
    }
}
