//! The typed judge input and output, their strict parser and canonical
//! text, the tags that say how two outputs differ, and the packing of many
//! inputs into one file.

use std::fmt::Write as _;

use crate::game::{first_case_difference, one_answer_per_case, pack_cases, split_answers};
use crate::show::quoted;
use crate::text::{at, output_lines, ParseError, Tokens};

/// Pile kinds per case (checklist rule 2).
pub const MAX_KINDS: usize = 6;
/// Piles of one kind (checklist rule 5).
pub const MAX_COUNT: u64 = 1_000_000_000_000_000_000;
/// Cases per file (checklist rule 6).
pub const MAX_CASES: usize = 1000;

/// A pile, read from top to bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    W,
    B,
    WW,
    BB,
    WB,
    BW,
}

impl Kind {
    pub const ALL: [Kind; 6] = [Kind::W, Kind::B, Kind::WW, Kind::BB, Kind::WB, Kind::BW];

    pub const fn token(self) -> &'static str {
        match self {
            Kind::W => "w",
            Kind::B => "b",
            Kind::WW => "ww",
            Kind::BB => "bb",
            Kind::WB => "wb",
            Kind::BW => "bw",
        }
    }

    fn from_token(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.token() == s)
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// One case: `(kind, count)` lines in input order.
pub type Case = Vec<(Kind, u64)>;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    pub cases: Vec<Case>,
}

/// Whether A wins moving first and moving second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answer {
    pub first: bool,
    pub second: bool,
}

/// Reads the cases up to the end of the text. Kinds are typed here, so
/// checklist rule 3 is the parser's; the remaining rules are the
/// validator's.
pub fn parse(text: &str) -> Result<Input, ParseError> {
    let mut t = Tokens::new(text);
    let mut cases = Vec::new();
    while !t.is_empty() {
        let n: u64 = t.uint("the number of pile kinds N")?;
        let mut case = Vec::new();
        for _ in 0..n {
            let tok = t.next("a pile kind")?;
            let kind = Kind::from_token(tok.text).ok_or_else(|| {
                at(
                    tok,
                    format!(
                        "expected a pile kind (w, b, ww, bb, wb or bw; rule 3), found {}",
                        quoted(tok.text)
                    ),
                )
            })?;
            case.push((kind, t.uint("a pile count")?));
        }
        cases.push(case);
    }
    Ok(Input { cases })
}

/// Canonical text: one line per count and per pile, a final newline.
/// Written digit pair by digit pair: a max file has 6,000 counts of 19
/// digits, and the formatting machinery would cost more than drawing them.
pub fn render(input: &Input) -> String {
    let lines: usize = input.cases.iter().map(|c| 1 + c.len()).sum();
    let mut s = Vec::with_capacity(24 * lines);
    for case in &input.cases {
        push_number(&mut s, case.len() as u64);
        s.push(b'\n');
        for (k, c) in case {
            // The token and a space, from a table: kinds come in random
            // order, and a branch on them would mostly be mispredicted.
            let (text, len) = TOKENS[k.index()];
            let end = s.len() + len;
            s.extend_from_slice(&text);
            s.truncate(end);
            push_number(&mut s, *c);
            s.push(b'\n');
        }
    }
    String::from_utf8(s).expect("tokens and digits")
}

/// Each kind's token and a space, in its first `len` bytes.
const TOKENS: [([u8; 3], usize); 6] = {
    let mut table = [([b' '; 3], 0); 6];
    let mut i = 0;
    while i < 6 {
        let token = Kind::ALL[i].token().as_bytes();
        let mut j = 0;
        while j < token.len() {
            table[i].0[j] = token[j];
            j += 1;
        }
        table[i].1 = token.len() + 1;
        i += 1;
    }
    table
};

/// `v` in decimal, written in place: room for the longest number is
/// appended and cut back to the digits.
fn push_number(s: &mut Vec<u8>, v: u64) {
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
        2021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859\
        6061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899";
    let pair = |p: u32| {
        let p = 2 * p as usize;
        [PAIRS[p], PAIRS[p + 1]]
    };
    let start = s.len();
    let len = v.checked_ilog10().unwrap_or(0) as usize + 1;
    s.extend_from_slice(&[0; 20]);
    let digits = &mut s[start..start + len];
    let (mut at, mut v) = (len, v);
    // Four digits per division of the wide number, two per table lookup.
    while v >= 10_000 {
        let four = (v % 10_000) as u32;
        v /= 10_000;
        at -= 4;
        digits[at..at + 2].copy_from_slice(&pair(four / 100));
        digits[at + 2..at + 4].copy_from_slice(&pair(four % 100));
    }
    let mut v = v as u32;
    if v >= 100 {
        at -= 2;
        digits[at..at + 2].copy_from_slice(&pair(v % 100));
        v /= 100;
    }
    if v >= 10 {
        digits[at - 2..at].copy_from_slice(&pair(v));
    } else {
        digits[at - 1] = b'0' + v as u8;
    }
    s.truncate(start + len);
}

/// One line `win|lose win|lose` per case, compared exactly.
pub fn parse_output(text: &str) -> Result<Vec<Answer>, ParseError> {
    output_lines(text)
        .into_iter()
        .enumerate()
        .map(|(i, l)| {
            let word = |w: &str| match w {
                "win" => Some(true),
                "lose" => Some(false),
                _ => None,
            };
            let parsed = l
                .split_once(' ')
                .and_then(|(a, b)| Some((word(a)?, word(b)?)));
            match parsed {
                Some((first, second)) => Ok(Answer { first, second }),
                None => Err(ParseError {
                    line: i + 1,
                    col: 1,
                    message: format!(
                        "expected two words 'win' or 'lose' separated by one space, found {}",
                        quoted(l)
                    ),
                }),
            }
        })
        .collect()
}

pub fn render_output(out: &[Answer]) -> String {
    let word = |w: bool| if w { "win" } else { "lose" };
    let mut s = String::new();
    for a in out {
        let _ = writeln!(s, "{} {}", word(a.first), word(a.second));
    }
    s
}

/// `Game::difference`: which of the two answers of the first differing
/// case differ.
pub fn difference(a: &[Answer], b: &[Answer]) -> String {
    first_case_difference(a, b, |x, y| {
        match (x.first != y.first, x.second != y.second) {
            (true, true) => "both",
            (true, false) => "first",
            _ => "second",
        }
        .into()
    })
}

/// `Game::pack`: the cases of every input in order, within rule 6.
pub fn pack(inputs: &[&Input]) -> Option<Input> {
    let parts: Vec<&[_]> = inputs.iter().map(|i| &i.cases[..]).collect();
    pack_cases(&parts, MAX_CASES).map(|cases| Input { cases })
}

/// `Game::unpack_output`: one answer per case, split by input.
pub fn unpack_output(inputs: &[&Input], output: &[Answer]) -> Option<Vec<Vec<Answer>>> {
    let lens: Vec<usize> = inputs.iter().map(|i| i.cases.len()).collect();
    split_answers(&lens, output)
}

/// `Game::answer_fits`: one answer per case, never `win lose` (§4.1: T > 0
/// is the only way A wins moving first, and then A wins moving second too).
pub fn answer_fits(input: &Input, output: &[Answer]) -> Result<(), String> {
    one_answer_per_case(&input.cases, output, |_, a| {
        if a.first && !a.second {
            return Err("'win lose' cannot be the answer (section 4.1)".into());
        }
        Ok(())
    })
}
