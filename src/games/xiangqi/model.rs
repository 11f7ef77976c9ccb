//! The typed judge input and output, their strict parsers and canonical
//! text, and the joins and comparisons of answers that multi-case files need.
//!
//! The model keeps every case exactly as the judge file lists it (pieces in
//! input order, coordinates unchecked) so that the validator can name the
//! rule a hand-written file breaks and `render` can reproduce it faithfully.

use crate::game::{first_case_difference, one_answer_per_case, pack_cases, split_answers};
use crate::show::quoted;
use crate::text::{at, output_lines, ParseError, Tokens};

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

pub fn in_red_palace((r, c): Point) -> bool {
    (8..=10).contains(&r) && (4..=6).contains(&c)
}

pub fn on_board((r, c): Point) -> bool {
    (1..=10).contains(&r) && (1..=9).contains(&c)
}

pub fn parse(text: &str) -> Result<Input, ParseError> {
    let mut t = Tokens::new(text);
    let mut cases = Vec::new();
    while let Some(case) = parse_case(&mut t)? {
        cases.push(case);
    }
    t.finish()?;
    Ok(Input { cases })
}

/// One case from its header on; `None` at the terminator `0 0 0`.
fn parse_case(t: &mut Tokens<'_>) -> Result<Option<Case>, ParseError> {
    let head = t.peek();
    let n: u32 = t.uint("the piece count N of a case header 'N r c'")?;
    let r: u32 = t.uint("the black general's row r of a case header 'N r c'")?;
    let c: u32 = t.uint("the black general's column c of a case header 'N r c'")?;
    if n == 0 {
        if (r, c) != (0, 0) {
            let head = head.expect("a header was read");
            return Err(at(
                head,
                format!("a header with N = 0 must be the terminator '0 0 0', found '0 {r} {c}'"),
            ));
        }
        return Ok(None);
    }
    let mut red = Vec::new();
    for i in 1..=n {
        red.push(parse_piece(t, i)?);
    }
    Ok(Some(Case { black: (r, c), red }))
}

/// Red piece `i` (1-based, for the messages) as `letter row column`.
fn parse_piece(t: &mut Tokens<'_>, i: u32) -> Result<Piece, ParseError> {
    let tok = t.next(&format!("the type letter of red piece {i} (G, R, H or C)"))?;
    let kind = Kind::from_letter(tok.text).ok_or_else(|| {
        at(
            tok,
            format!(
                "expected the type letter of red piece {i} (G, R, H or C), found {}",
                quoted(tok.text)
            ),
        )
    })?;
    let pr: u32 = t.uint(&format!("the row of red piece {i}"))?;
    let pc: u32 = t.uint(&format!("the column of red piece {i}"))?;
    Ok(Piece { kind, at: (pr, pc) })
}

pub fn render(input: &Input) -> String {
    // Written digit by digit: the differential loop renders every case it
    // generates, and formatting machinery would cost more than solving.
    let mut s = String::with_capacity(input.cases.len() * 64 + 8);
    for case in &input.cases {
        let (r, c) = case.black;
        push_line(&mut s, None, [case.red.len() as u32, r, c]);
        for p in &case.red {
            let (r, c) = p.at;
            push_line(&mut s, Some(p.kind.letter()), [r, c]);
        }
        s.push('\n');
    }
    s.push_str("0 0 0\n");
    s
}

/// `numbers` separated by single spaces, after `letter` and a space when
/// there is one, then a newline.
fn push_line<const N: usize>(s: &mut String, letter: Option<char>, numbers: [u32; N]) {
    if let Some(l) = letter {
        s.push(l);
        s.push(' ');
    }
    for (i, n) in numbers.into_iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        match n {
            0..=9 => s.push(char::from(b'0' + n as u8)),
            10 => s.push_str("10"),
            _ => s.push_str(&n.to_string()),
        }
    }
    s.push('\n');
}

pub fn parse_output(text: &str) -> Result<Output, ParseError> {
    output_lines(text)
        .into_iter()
        .enumerate()
        .map(|(i, line)| match line {
            "YES" => Ok(true),
            "NO" => Ok(false),
            other => Err(ParseError {
                line: i + 1,
                col: 1,
                message: format!("expected exactly 'YES' or 'NO', found {}", quoted(other)),
            }),
        })
        .collect()
}

pub fn render_output(out: &Output) -> String {
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

pub fn pack(inputs: &[&Input]) -> Option<Input> {
    let parts: Vec<&[_]> = inputs.iter().map(|i| &i.cases[..]).collect();
    pack_cases(&parts, MAX_CASES).map(|cases| Input { cases })
}

pub fn unpack_output(inputs: &[&Input], output: &Output) -> Option<Vec<Output>> {
    let lens: Vec<usize> = inputs.iter().map(|i| i.cases.len()).collect();
    split_answers(&lens, output)
}

pub fn difference(a: &Output, b: &Output) -> String {
    first_case_difference(a, b, |&x, &y| format!("{}/{}", answer(x), answer(y)))
}

/// `Game::answer_fits`: one answer per case.
pub fn answer_fits(input: &Input, output: &Output) -> Result<(), String> {
    one_answer_per_case(&input.cases, output, |_, _| Ok(()))
}
