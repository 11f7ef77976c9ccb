//! The typed judge input and output, their strict parser and canonical
//! text, the tags that say how two outputs differ, and the packing of many
//! inputs into one file.

use std::fmt::Write as _;

use crate::game::{first_case_difference, pack_cases, split_answers};
use crate::text::{at, output_lines, quoted, ParseError, Tokens};

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

    pub fn token(self) -> &'static str {
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
pub fn render(input: &Input) -> String {
    let mut s = String::new();
    for case in &input.cases {
        let _ = writeln!(s, "{}", case.len());
        for (k, c) in case {
            let _ = writeln!(s, "{} {c}", k.token());
        }
    }
    s
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
pub fn pack(inputs: &[Input]) -> Option<Input> {
    let parts: Vec<&[_]> = inputs.iter().map(|i| &i.cases[..]).collect();
    pack_cases(&parts, MAX_CASES).map(|cases| Input { cases })
}

/// `Game::unpack_output`: one answer per case, split by input.
pub fn unpack_output(inputs: &[Input], output: &[Answer]) -> Option<Vec<Vec<Answer>>> {
    let lens: Vec<usize> = inputs.iter().map(|i| i.cases.len()).collect();
    split_answers(&lens, output)
}
