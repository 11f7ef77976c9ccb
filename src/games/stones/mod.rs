//! Doraemon's Stone Game (ZOJ 3452): a sum of one- and two-stone piles in
//! which each player takes only stones of their own colour. Every pile is a
//! number in the sense of combinatorial game theory, so the whole position
//! is decided by the sign of one integer.

mod brute;
mod gen;
#[cfg(test)]
mod tests;

use std::fmt::Write as _;

use crate::game::{
    first_case_difference, pack_cases, split_answers, Game, GameId, Invalid, Profile,
};
use crate::solver::{Budget, Fault};
use crate::source::Source;
use crate::text::{at, output_lines, ParseError, Tokens};

pub struct Stones;

pub const MAX_KINDS: usize = 6;
pub const MAX_COUNT: u64 = 1_000_000_000_000_000_000;
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

    /// Twice the pile's game value (section 4.1), so that the half-valued
    /// mixed piles stay integers.
    pub fn double_value(self) -> i128 {
        match self {
            Kind::W => 2,
            Kind::B => -2,
            Kind::WW => 4,
            Kind::BB => -4,
            Kind::BW => 1,
            Kind::WB => -1,
        }
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

const PROFILES: &[Profile] = &[
    Profile {
        name: "small",
        about: "counts 1..7, at most 12 piles per case: fit for exhaustive search",
    },
    Profile {
        name: "typical",
        about: "1-6 kinds, counts up to 1e9, many cases, answers balanced",
    },
    Profile {
        name: "edge",
        about: "T = 0 and +-1, mixed piles only, single kinds, counts 1 and 1e18 together",
    },
    Profile {
        name: "max",
        about: "all six kinds near 1e18, near-balanced and extreme totals, 1000 cases",
    },
];

impl Game for Stones {
    // Rule events are being added to this engine.
    const RULES: &'static [crate::game::Rule] = &[];
    fn rule_hits(_input: &Self::Input) -> Vec<u64> {
        Vec::new()
    }

    const ID: GameId = GameId::Stones;
    const PROFILES: &'static [Profile] = PROFILES;
    const PORT: gamefuzz_reference::Port = gamefuzz_reference::stones::main;
    const HAS_BRUTE: bool = true;
    type Input = Input;
    type Output = Vec<Answer>;

    fn parse(text: &str) -> Result<Input, ParseError> {
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
                            "expected a pile kind (w, b, ww, bb, wb or bw; rule 3), found '{}'",
                            tok.text
                        ),
                    )
                })?;
                case.push((kind, t.uint("a pile count")?));
            }
            cases.push(case);
        }
        Ok(Input { cases })
    }

    fn render(input: &Input) -> String {
        let mut s = String::new();
        for case in &input.cases {
            let _ = writeln!(s, "{}", case.len());
            for (k, c) in case {
                let _ = writeln!(s, "{} {c}", k.token());
            }
        }
        s
    }

    fn validate(input: &Input) -> Result<(), Invalid> {
        let mut line = 1;
        for (i, case) in input.cases.iter().enumerate() {
            let c = i + 1;
            if !(1..=MAX_KINDS).contains(&case.len()) {
                return Err(Invalid::new(
                    "2",
                    format!(
                        "case {c} (line {line}): N = {} is not in 1..={MAX_KINDS}",
                        case.len()
                    ),
                ));
            }
            for (j, &(kind, count)) in case.iter().enumerate() {
                let l = line + 1 + j;
                if case[..j].iter().any(|&(k, _)| k == kind) {
                    return Err(Invalid::new(
                        "4",
                        format!(
                            "case {c} (line {l}): pile kind {} is listed twice",
                            kind.token()
                        ),
                    ));
                }
                if !(1..=MAX_COUNT).contains(&count) {
                    return Err(Invalid::new(
                        "5",
                        format!("case {c} (line {l}): count {count} is not in 1..={MAX_COUNT}"),
                    ));
                }
            }
            line += 1 + case.len();
        }
        let n = input.cases.len();
        if !(1..=MAX_CASES).contains(&n) {
            return Err(Invalid::new(
                "6",
                format!("{n} cases, but there must be 1..={MAX_CASES}"),
            ));
        }
        Ok(())
    }

    const SAMPLE: &'static str = include_str!("sample.in");

    fn parse_output(text: &str) -> Result<Vec<Answer>, ParseError> {
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
                            "expected two words 'win' or 'lose' separated by one space, found '{l}'"
                        ),
                    }),
                }
            })
            .collect()
    }

    fn render_output(out: &Vec<Answer>) -> String {
        let word = |w: bool| if w { "win" } else { "lose" };
        let mut s = String::new();
        for a in out {
            let _ = writeln!(s, "{} {}", word(a.first), word(a.second));
        }
        s
    }

    fn solve(input: &Input, budget: &mut Budget) -> Result<Vec<Answer>, Fault> {
        budget.steps(input.cases.len() as u64)?;
        Ok(input
            .cases
            .iter()
            .map(|case| {
                let t = double_value(case);
                Answer {
                    first: t > 0,
                    second: t >= 0,
                }
            })
            .collect())
    }

    fn brute(input: &Input, budget: &mut Budget) -> Option<Result<Vec<Answer>, Fault>> {
        brute::solve(input, budget)
    }

    fn generate(src: &mut Source, profile: &str) -> Input {
        gen::generate(src, profile)
    }

    fn shrink(input: &Input) -> Vec<Input> {
        shrink(input)
    }

    fn pack(inputs: &[Input]) -> Option<Input> {
        let parts: Vec<&[_]> = inputs.iter().map(|i| &i.cases[..]).collect();
        pack_cases(&parts, MAX_CASES).map(|cases| Input { cases })
    }

    fn unpack_output(inputs: &[Input], output: &Vec<Answer>) -> Option<Vec<Vec<Answer>>> {
        let lens: Vec<usize> = inputs.iter().map(|i| i.cases.len()).collect();
        split_answers(&lens, output)
    }

    fn difference(a: &Vec<Answer>, b: &Vec<Answer>) -> String {
        first_case_difference(a, b, |x, y| {
            match (x.first != y.first, x.second != y.second) {
                (true, true) => "both",
                (true, false) => "first",
                _ => "second",
            }
            .into()
        })
    }
}

/// T = 2·G of section 4.1, exact: its terms alone reach 4·10^18.
pub fn double_value(case: &Case) -> i128 {
    case.iter()
        .map(|&(k, c)| k.double_value() * i128::from(c))
        .sum()
}

/// Each candidate is a whole copy of the input: files of a thousand cases
/// first lose chunks of cases, and single piles are edited only in files
/// of at most this many cases.
const FINE_CASES: usize = 64;

/// Structural candidates, most aggressive first.
fn shrink(input: &Input) -> Vec<Input> {
    let mut out = Vec::new();
    let n = input.cases.len();
    // Chunks of n/2, n/4, ..., 1 cases removed, while copies stay few.
    let mut k = n / 2;
    while k >= 1 && out.len() < 2 * FINE_CASES {
        for start in (0..n).step_by(k) {
            let mut cases = input.cases[..start].to_vec();
            cases.extend_from_slice(&input.cases[(start + k).min(n)..]);
            out.push(Input { cases });
        }
        k /= 2;
    }
    if n > FINE_CASES {
        return out;
    }
    for (i, case) in input.cases.iter().enumerate() {
        if case.len() > 1 {
            for j in 0..case.len() {
                let mut inp = input.clone();
                inp.cases[i].remove(j);
                out.push(inp);
            }
        }
    }
    for (i, case) in input.cases.iter().enumerate() {
        for (j, &(_, count)) in case.iter().enumerate() {
            let mut lower = vec![1, count / 2, count.saturating_sub(1)];
            lower.dedup();
            for c in lower.into_iter().filter(|&c| c >= 1 && c < count) {
                let mut inp = input.clone();
                inp.cases[i][j].1 = c;
                out.push(inp);
            }
        }
    }
    out
}
