//! Xiangqi (UVa 1589): is the lone black general checkmated?
//!
//! The model keeps every case exactly as the judge file lists it (pieces in
//! input order, coordinates unchecked) so that `validate` can name the rule a
//! hand-written file breaks and `render` can reproduce it faithfully.

mod brute;
mod engine;
mod gen;
#[cfg(test)]
mod tests;

use crate::game::{
    first_case_difference, pack_cases, split_answers, Game, GameId, Invalid, Profile, Rule,
};
use crate::solver::{Budget, Fault};
use crate::source::Source;
use crate::text::{at, output_lines, ParseError, Tokens};

pub struct Xiangqi;

/// A red piece type, written as its judge letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    General,
    Chariot,
    Horse,
    Cannon,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::General, Kind::Chariot, Kind::Horse, Kind::Cannon];

    pub fn letter(self) -> char {
        match self {
            Kind::General => 'G',
            Kind::Chariot => 'R',
            Kind::Horse => 'H',
            Kind::Cannon => 'C',
        }
    }

    pub fn from_letter(s: &str) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| s.len() == 1 && s.starts_with(k.letter()))
    }
}

/// A board point as (row, column), 1-based like the judge file. Kept wide
/// so that out-of-board values from a hand-written file survive to
/// `validate`.
pub type Point = (u32, u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub kind: Kind,
    pub at: Point,
}

/// One position: the black general and the red pieces in input order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    pub black: Point,
    pub red: Vec<Piece>,
}

/// A whole judge input file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    pub cases: Vec<Case>,
}

/// One answer per case: `true` is `YES` (checkmate).
pub type Output = Vec<bool>;

pub const MAX_CASES: usize = 40;
pub const MAX_PIECES: usize = 7;

/// Inside the black palace (rows 1–3, columns 4–6).
pub fn in_black_palace((r, c): Point) -> bool {
    (1..=3).contains(&r) && (4..=6).contains(&c)
}

fn in_red_palace((r, c): Point) -> bool {
    (8..=10).contains(&r) && (4..=6).contains(&c)
}

fn on_board((r, c): Point) -> bool {
    (1..=10).contains(&r) && (1..=9).contains(&c)
}

fn parse_input(text: &str) -> Result<Input, ParseError> {
    let mut t = Tokens::new(text);
    let mut cases = Vec::new();
    loop {
        let head = t.peek();
        let n: u32 = t.uint("the piece count N of a case header 'N r c'")?;
        let r: u32 = t.uint("the black general's row r of a case header 'N r c'")?;
        let c: u32 = t.uint("the black general's column c of a case header 'N r c'")?;
        if n == 0 {
            if (r, c) != (0, 0) {
                let head = head.expect("a header was read");
                return Err(at(
                    head,
                    format!(
                        "a header with N = 0 must be the terminator '0 0 0', found '0 {r} {c}'"
                    ),
                ));
            }
            break;
        }
        let mut red = Vec::new();
        for i in 1..=n {
            let tok = t.next(&format!("the type letter of red piece {i} (G, R, H or C)"))?;
            let kind = Kind::from_letter(tok.text).ok_or_else(|| {
                at(
                    tok,
                    format!(
                        "expected the type letter of red piece {i} (G, R, H or C), found '{}'",
                        tok.text
                    ),
                )
            })?;
            let pr: u32 = t.uint(&format!("the row of red piece {i}"))?;
            let pc: u32 = t.uint(&format!("the column of red piece {i}"))?;
            red.push(Piece { kind, at: (pr, pc) });
        }
        cases.push(Case { black: (r, c), red });
    }
    t.finish()?;
    Ok(Input { cases })
}

fn render_input(input: &Input) -> String {
    let mut s = String::new();
    for case in &input.cases {
        let (r, c) = case.black;
        s.push_str(&format!("{} {r} {c}\n", case.red.len()));
        for p in &case.red {
            s.push_str(&format!("{} {} {}\n", p.kind.letter(), p.at.0, p.at.1));
        }
        s.push('\n');
    }
    s.push_str("0 0 0\n");
    s
}

/// The checklist of spec section 3 for one case (numbered from 1 in messages).
fn validate_case(k: usize, case: &Case) -> Result<(), Invalid> {
    let n = case.red.len();
    if !(2..=MAX_PIECES).contains(&n) {
        return Err(Invalid::new(
            "3.1",
            format!("case {k}: N = {n} red pieces, expected 2 to {MAX_PIECES}"),
        ));
    }
    let (br, bc) = case.black;
    if !in_black_palace(case.black) {
        return Err(Invalid::new(
            "3.2",
            format!("case {k}: the black general at ({br},{bc}) is outside the black palace (rows 1-3, columns 4-6)"),
        ));
    }
    let generals: Vec<&Piece> = case
        .red
        .iter()
        .filter(|p| p.kind == Kind::General)
        .collect();
    if generals.len() != 1 {
        return Err(Invalid::new(
            "3.3",
            format!(
                "case {k}: {} red generals, expected exactly one",
                generals.len()
            ),
        ));
    }
    let g = generals[0].at;
    if !in_red_palace(g) {
        return Err(Invalid::new(
            "3.3",
            format!("case {k}: the red general at ({},{}) is outside the red palace (rows 8-10, columns 4-6)", g.0, g.1),
        ));
    }
    for kind in [Kind::Chariot, Kind::Horse, Kind::Cannon] {
        let count = case.red.iter().filter(|p| p.kind == kind).count();
        if count > 2 {
            return Err(Invalid::new(
                "3.4",
                format!(
                    "case {k}: {count} pieces of type {}, at most 2 allowed",
                    kind.letter()
                ),
            ));
        }
    }
    for (i, p) in case.red.iter().enumerate() {
        if !on_board(p.at) {
            return Err(Invalid::new(
                "3.5",
                format!(
                    "case {k}: red piece {} ({} at ({},{})) is off the board",
                    i + 1,
                    p.kind.letter(),
                    p.at.0,
                    p.at.1
                ),
            ));
        }
    }
    for (i, p) in case.red.iter().enumerate() {
        if p.at == case.black {
            return Err(Invalid::new(
                "3.6",
                format!(
                    "case {k}: red piece {} ({}) stands on the black general's point ({br},{bc})",
                    i + 1,
                    p.kind.letter()
                ),
            ));
        }
        if let Some(j) = case.red[..i].iter().position(|q| q.at == p.at) {
            return Err(Invalid::new(
                "3.6",
                format!(
                    "case {k}: red pieces {} and {} share the point ({},{})",
                    j + 1,
                    i + 1,
                    p.at.0,
                    p.at.1
                ),
            ));
        }
    }
    if !engine::in_check(case) {
        return Err(Invalid::new(
            "3.7",
            format!("case {k}: no red piece attacks the black general at ({br},{bc})"),
        ));
    }
    Ok(())
}

fn validate_input(input: &Input) -> Result<(), Invalid> {
    let n = input.cases.len();
    if !(1..=MAX_CASES).contains(&n) {
        return Err(Invalid::new(
            "2",
            format!("{n} cases, expected 1 to {MAX_CASES}"),
        ));
    }
    for (i, case) in input.cases.iter().enumerate() {
        validate_case(i + 1, case)?;
    }
    Ok(())
}

fn parse_answers(text: &str) -> Result<Output, ParseError> {
    output_lines(text)
        .into_iter()
        .enumerate()
        .map(|(i, line)| match line {
            "YES" => Ok(true),
            "NO" => Ok(false),
            other => Err(ParseError {
                line: i + 1,
                col: 1,
                message: format!(
                    "expected exactly 'YES' or 'NO', found '{}'",
                    other.escape_debug()
                ),
            }),
        })
        .collect()
}

fn render_answers(out: &Output) -> String {
    out.iter()
        .map(|&mate| if mate { "YES\n" } else { "NO\n" })
        .collect()
}

fn answer(mate: bool) -> &'static str {
    if mate {
        "YES"
    } else {
        "NO"
    }
}

/// Candidates from the most aggressive (a single case) to the least (one
/// step of one piece), so the shrinker takes big bites first.
fn shrink_input(input: &Input) -> Vec<Input> {
    let mut out = Vec::new();
    let cases = &input.cases;
    if cases.len() > 1 {
        for c in cases {
            out.push(Input {
                cases: vec![c.clone()],
            });
        }
        for i in 0..cases.len() {
            let mut v = cases.clone();
            v.remove(i);
            out.push(Input { cases: v });
        }
    }
    let mut with_case = |i: usize, case: Case| {
        let mut v = cases.clone();
        v[i] = case;
        out.push(Input { cases: v });
    };
    for (i, case) in cases.iter().enumerate() {
        for j in 0..case.red.len() {
            if case.red[j].kind != Kind::General {
                let mut c = case.clone();
                c.red.remove(j);
                with_case(i, c);
            }
        }
    }
    for (i, case) in cases.iter().enumerate() {
        for j in 0..case.red.len() {
            let (r, c) = case.red[j].at;
            let (br, bc) = case.black;
            let step = |a: u32, b: u32| match a.cmp(&b) {
                std::cmp::Ordering::Less => a + 1,
                std::cmp::Ordering::Greater => a - 1,
                std::cmp::Ordering::Equal => a,
            };
            for to in [(step(r, br), c), (r, step(c, bc))] {
                if to != (r, c) {
                    let mut cc = case.clone();
                    cc.red[j].at = to;
                    with_case(i, cc);
                }
            }
        }
        let (br, bc) = case.black;
        for to in [
            (br.wrapping_sub(1), bc),
            (br + 1, bc),
            (br, bc.wrapping_sub(1)),
            (br, bc + 1),
        ] {
            if in_black_palace(to) {
                let mut cc = case.clone();
                cc.black = to;
                with_case(i, cc);
            }
        }
        for j in 0..case.red.len() {
            if case.red[j].kind != Kind::Chariot && case.red[j].kind != Kind::General {
                let mut cc = case.clone();
                cc.red[j].kind = Kind::Chariot;
                with_case(i, cc);
            }
        }
    }
    out
}

impl Game for Xiangqi {
    const ID: GameId = GameId::Xiangqi;
    const PROFILES: &'static [Profile] = gen::PROFILES;
    const PORT: gamefuzz_reference::Port = gamefuzz_reference::xiangqi::main;
    type Input = Input;
    type Output = Output;

    fn parse(text: &str) -> Result<Input, ParseError> {
        parse_input(text)
    }

    fn render(input: &Input) -> String {
        render_input(input)
    }

    fn validate(input: &Input) -> Result<(), Invalid> {
        validate_input(input)
    }

    const SAMPLE: &'static str = include_str!("sample.in");

    fn parse_output(text: &str) -> Result<Output, ParseError> {
        parse_answers(text)
    }

    fn render_output(out: &Output) -> String {
        render_answers(out)
    }

    fn solve(input: &Input, budget: &mut Budget) -> Result<Output, Fault> {
        input
            .cases
            .iter()
            .map(|c| engine::checkmated(c, budget, &mut ()))
            .collect()
    }

    const RULES: &'static [Rule] = engine::Ev::RULES;

    fn rule_hits(input: &Input) -> Vec<u64> {
        let mut hits = vec![0; Self::RULES.len()];
        for case in &input.cases {
            engine::checkmated(case, &mut Budget::new(u64::MAX), &mut hits)
                .expect("an unlimited budget never runs out");
        }
        hits
    }

    const HAS_BRUTE: bool = true;

    fn brute(input: &Input, budget: &mut Budget) -> Option<Result<Output, Fault>> {
        Some(
            input
                .cases
                .iter()
                .map(|c| brute::checkmated(c, budget))
                .collect(),
        )
    }

    fn generate(src: &mut Source, profile: &str) -> Input {
        gen::generate(src, profile)
    }

    fn shrink(input: &Input) -> Vec<Input> {
        shrink_input(input)
    }

    fn pack(inputs: &[Input]) -> Option<Input> {
        let parts: Vec<&[_]> = inputs.iter().map(|i| &i.cases[..]).collect();
        pack_cases(&parts, MAX_CASES).map(|cases| Input { cases })
    }

    fn unpack_output(inputs: &[Input], output: &Output) -> Option<Vec<Output>> {
        let lens: Vec<usize> = inputs.iter().map(|i| i.cases.len()).collect();
        split_answers(&lens, output)
    }

    fn difference(a: &Output, b: &Output) -> String {
        first_case_difference(a, b, |&x, &y| format!("{}/{}", answer(x), answer(y)))
    }
}
