//! The C stdio / iostream surface the ports need, plus fuel and fault notes.

use std::fmt;

/// Why a port stopped before its `main` returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// The step budget ran out (the native program would loop on).
    OutOfFuel,
    /// The C++ would have undefined behaviour here; the message says where.
    Undefined(String),
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::OutOfFuel => write!(f, "step budget exhausted"),
            Stop::Undefined(m) => write!(f, "undefined behaviour: {m}"),
        }
    }
}

/// Standard input, standard output and a step budget for one port run.
pub struct Io {
    input: Vec<u8>,
    pos: usize,
    /// Set once an iostream extraction fails: later extractions fail too,
    /// as with `std::cin`.
    cin_failed: bool,
    /// Everything the port printed.
    pub out: String,
    fuel: u64,
    /// Events the native program survives but that deserve a tag
    /// (for example `"overflow"` for wrapped signed arithmetic).
    pub notes: Vec<String>,
}

impl Io {
    pub fn new(stdin: &str, fuel: u64) -> Self {
        Io {
            input: stdin.as_bytes().to_vec(),
            pos: 0,
            cin_failed: false,
            out: String::new(),
            fuel,
            notes: Vec::new(),
        }
    }

    /// The fuel not burnt yet.
    pub fn fuel_left(&self) -> u64 {
        self.fuel
    }

    /// Spends one step; every loop of a port that could run long calls this.
    pub fn burn(&mut self) -> Result<(), Stop> {
        if self.fuel == 0 {
            return Err(Stop::OutOfFuel);
        }
        self.fuel -= 1;
        Ok(())
    }

    /// Records a tag once (repeated events are one note).
    pub fn note(&mut self, tag: &str) {
        if !self.notes.iter().any(|n| n == tag) {
            self.notes.push(tag.to_string());
        }
    }

    pub fn print(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// `getchar()`: the next byte, or -1 at end of file.
    pub fn getchar(&mut self) -> i32 {
        match self.input.get(self.pos) {
            Some(&b) => {
                self.pos += 1;
                i32::from(b)
            }
            None => -1,
        }
    }

    fn skip_ws(&mut self) {
        while self.pos < self.input.len() && is_c_space(self.input[self.pos]) {
            self.pos += 1;
        }
    }

    /// Reads an optionally signed decimal integer as `scanf("%lld")` does;
    /// `None` when no conversion happens (end of file or a non-number).
    /// Values beyond i64 saturate, as glibc's strtoll does.
    fn scan_integer(&mut self) -> Option<i64> {
        self.skip_ws();
        let start = self.pos;
        let mut i = self.pos;
        let neg = match self.input.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let digits_start = i;
        let mut v: i128 = 0;
        while let Some(&b) = self.input.get(i) {
            if !b.is_ascii_digit() {
                break;
            }
            v = (v * 10 + i128::from(b - b'0')).min(i128::from(i64::MAX) + 1);
            i += 1;
        }
        if i == digits_start {
            self.pos = start;
            return None;
        }
        self.pos = i;
        let v = if neg { -v } else { v };
        Some(v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64)
    }

    /// `scanf("%d", &x)`: `Some(x)` when it returns 1. Out-of-range text is
    /// undefined behaviour in C; valid judge inputs never contain it, and
    /// glibc truncates, which is what happens here.
    pub fn scanf_int(&mut self) -> Option<i32> {
        self.scan_integer().map(|v| v as i32)
    }

    /// `scanf("%lld", &x)`.
    pub fn scanf_i64(&mut self) -> Option<i64> {
        self.scan_integer()
    }

    /// `scanf("%s", buf)`: the next whitespace-delimited word.
    pub fn scanf_word(&mut self) -> Option<Vec<u8>> {
        self.skip_ws();
        let start = self.pos;
        while self.pos < self.input.len() && !is_c_space(self.input[self.pos]) {
            self.pos += 1;
        }
        (self.pos > start).then(|| self.input[start..self.pos].to_vec())
    }

    /// `cin >> int`: like `%d`, but a failure sticks to the stream, and an
    /// out-of-range value fails (setting the stream's fail state).
    pub fn cin_int(&mut self) -> Option<i32> {
        if self.cin_failed {
            return None;
        }
        match self.scan_integer().and_then(|v| i32::try_from(v).ok()) {
            Some(v) => Some(v),
            None => {
                self.cin_failed = true;
                None
            }
        }
    }

    /// `cin >> char`: skips whitespace, then takes one byte.
    pub fn cin_char(&mut self) -> Option<u8> {
        if self.cin_failed {
            return None;
        }
        self.skip_ws();
        match self.input.get(self.pos) {
            Some(&b) => {
                self.pos += 1;
                Some(b)
            }
            None => {
                self.cin_failed = true;
                None
            }
        }
    }
}

/// C's `isspace` in the "C" locale.
fn is_c_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scanf_and_cin_follow_c_semantics() {
        let mut io = Io::new("  12 -3\nab 7 x", 10);
        assert_eq!(io.scanf_int(), Some(12));
        assert_eq!(io.scanf_int(), Some(-3));
        assert_eq!(io.scanf_word(), Some(b"ab".to_vec()));
        assert_eq!(io.cin_int(), Some(7));
        assert_eq!(io.cin_int(), None);
        assert_eq!(io.cin_char(), None, "a failed cin stays failed");
        assert_eq!(io.scanf_word(), Some(b"x".to_vec()));
        assert_eq!(io.getchar(), -1);
    }

    #[test]
    fn fuel_runs_out() {
        let mut io = Io::new("", 2);
        assert!(io.burn().is_ok());
        assert!(io.burn().is_ok());
        assert_eq!(io.burn(), Err(Stop::OutOfFuel));
    }
}
