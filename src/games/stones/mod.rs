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
    first_case_difference, pack_cases, split_answers, Game, GameId, Invalid, Observer, Profile,
    Rule,
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
            .map(|case| answer(case, &mut ()))
            .collect())
    }

    const RULES: &'static [Rule] = Ev::RULES;

    fn rule_hits(input: &Input) -> Vec<u64> {
        let mut hits = vec![0; Self::RULES.len()];
        for case in &input.cases {
            answer(case, &mut hits);
        }
        hits
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

rule_events! {
    /// The pile values and answer rules of spec section 4.1 and the
    /// arithmetic limits of section 4.2.
    pub enum Ev {
        PileW => "pile-w":
            "4.1: a listed kind w, a single white stone, is worth 1 (adds 2 per pile to T)",
        PileB => "pile-b":
            "4.1: a listed kind b, a single black stone, is worth -1 (adds -2 per pile to T)",
        PileWw => "pile-ww":
            "4.1: a listed kind ww is worth 2 (adds 4 per pile to T)",
        PileBb => "pile-bb":
            "4.1: a listed kind bb is worth -2 (adds -4 per pile to T)",
        PileBw => "pile-bw":
            "4.1: a listed kind bw (black on white) is worth {0 | 1} = +1/2 (adds 1 per pile to T)",
        PileWb => "pile-wb":
            "4.1: a listed kind wb (white on black) is worth {-1 | 0} = -1/2 (adds -1 per pile to T)",
        AWinsBoth => "a-wins-both":
            "4.1: T > 0, A wins whoever starts: answer 'win win'",
        SecondPlayerWins => "second-player-wins":
            "4.1: T = 0, the player moving second wins: answer 'lose win'",
        BWinsBoth => "b-wins-both":
            "4.1: T < 0, B wins whoever starts: answer 'lose lose'",
        HalvesChangeOutcome => "halves-change-outcome":
            "4.1: the half-valued piles (bw, wb) give T a different sign than the whole-valued piles alone, so they decide the answer",
        TermBeyondI32 => "term-beyond-i32":
            "4.2: some term value·count of T exceeds 2^31 - 1 in magnitude, so 32-bit arithmetic overflows",
        SumBeyondHalfI64 => "sum-beyond-half-i64":
            "4.2: the positive or the negative terms of T add up past 2^62, so a 64-bit evaluation that scales a partial sum by two once more overflows",
    }
}

impl Kind {
    fn rule(self) -> Ev {
        match self {
            Kind::W => Ev::PileW,
            Kind::B => Ev::PileB,
            Kind::WW => Ev::PileWw,
            Kind::BB => Ev::PileBb,
            Kind::WB => Ev::PileWb,
            Kind::BW => Ev::PileBw,
        }
    }
}

/// T = 2·G of section 4.1, exact: its terms alone reach 4·10^18.
pub fn double_value(case: &Case) -> i128 {
    double_value_observed(case, &mut ())
}

/// `double_value`, reporting the pile values and arithmetic limits it meets.
fn double_value_observed<O: Observer>(case: &Case, obs: &mut O) -> i128 {
    let (mut whole, mut halves) = (0i128, 0i128);
    let (mut positive, mut negative) = (0i128, 0i128);
    for &(kind, count) in case {
        kind.rule().hit(obs);
        let term = kind.double_value() * i128::from(count);
        if term.unsigned_abs() > i32::MAX as u128 {
            Ev::TermBeyondI32.hit(obs);
        }
        if term > 0 {
            positive += term;
        } else {
            negative -= term;
        }
        match kind {
            Kind::WB | Kind::BW => halves += term,
            _ => whole += term,
        }
    }
    let t = whole + halves;
    if t.signum() != whole.signum() {
        Ev::HalvesChangeOutcome.hit(obs);
    }
    if positive.max(negative) > 1 << 62 {
        Ev::SumBeyondHalfI64.hit(obs);
    }
    t
}

/// Spec 4.1 for one case: the answers follow from the sign of T alone.
fn answer<O: Observer>(case: &Case, obs: &mut O) -> Answer {
    let t = double_value_observed(case, obs);
    match t.signum() {
        1 => Ev::AWinsBoth.hit(obs),
        0 => Ev::SecondPlayerWins.hit(obs),
        _ => Ev::BWinsBoth.hit(obs),
    }
    Answer {
        first: t > 0,
        second: t >= 0,
    }
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
