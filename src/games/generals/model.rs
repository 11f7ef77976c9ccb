//! The typed judge input and output, their strict parsers and canonical
//! text, and the per-case packing the driver batches inputs with.

use std::fmt::Write as _;

use crate::game::{first_case_difference, one_answer_per_case, pack_cases, split_answers};
use crate::show::quoted;
use crate::text::{output_lines, ParseError, Tokens};

/// Largest T, N, M, Q and initial count the spec allows (section 3): the
/// parser, the engine's board, the validator and the generator all size
/// things by them, so they live with the input they bound.
pub const MAX_T: usize = 10;
pub const MAX_SIDE: u32 = 400;
pub const MAX_Q: usize = 100_000;
pub const MAX_COUNT: u64 = (1 << 31) - 1;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dir {
    U,
    D,
    L,
    R,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::U, Dir::D, Dir::L, Dir::R];

    pub const fn letter(self) -> char {
        match self {
            Dir::U => 'U',
            Dir::D => 'D',
            Dir::L => 'L',
            Dir::R => 'R',
        }
    }

    /// Every move line ends with a direction, so this is a table lookup:
    /// a `match` on the letter jumps to one of four places, and which one
    /// cannot be predicted from line to line.
    fn from_token(s: &str) -> Option<Dir> {
        const BY_LETTER: [Option<Dir>; 128] = {
            let mut t = [None; 128];
            let mut i = 0;
            while i < Dir::ALL.len() {
                t[Dir::ALL[i].letter() as usize] = Some(Dir::ALL[i]);
                i += 1;
            }
            t
        };
        match s.as_bytes() {
            &[b] => *BY_LETTER.get(usize::from(b))?,
            _ => None,
        }
    }
}

/// One move line `x y d`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub x: u32,
    pub y: u32,
    pub d: Dir,
}

/// A castle line `x y cnt`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Castle {
    pub x: u32,
    pub y: u32,
    pub count: u64,
}

/// One test case. Q is implicit: `moves` holds all 2·Q lines, Alice's on
/// even indices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    pub n: u32,
    pub m: u32,
    pub alice: Castle,
    pub bob: Castle,
    pub moves: Vec<Move>,
}

impl Case {
    pub fn rounds(&self) -> usize {
        self.moves.len() / 2
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    pub cases: Vec<Case>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Alice,
    Bob,
    Draw,
}

impl Verdict {
    pub fn line(self) -> &'static str {
        match self {
            Verdict::Alice => "Alice wins!!!",
            Verdict::Bob => "Bob wins!!",
            Verdict::Draw => "draw!",
        }
    }
}

/// One case's two output lines. Scores are signed because a program with
/// 32-bit arithmetic may print wrapped, negative totals, and those must
/// compare as wrong values rather than as unreadable output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub verdict: Verdict,
    pub alice: i64,
    pub bob: i64,
}

/// One outcome per case, in input order.
pub type Output = Vec<Outcome>;

/// Checklist rule 1 only, the token layout: ranges are left to the
/// validator, which names the rule a value breaks.
pub fn parse(text: &str) -> Result<Input, ParseError> {
    let mut t = Tokens::new(text);
    let count: u32 = t.uint("the number of test cases T")?;
    let mut cases = Vec::new();
    for _ in 0..count {
        cases.push(parse_case(&mut t)?);
    }
    t.finish()?;
    Ok(Input { cases })
}

fn parse_case(t: &mut Tokens) -> Result<Case, ParseError> {
    let n = t.uint("the number of rows N")?;
    let m = t.uint("the number of columns M")?;
    let mut castle = |who: &str| -> Result<Castle, ParseError> {
        Ok(Castle {
            x: t.uint(&format!("the row of {who}'s castle"))?,
            y: t.uint(&format!("the column of {who}'s castle"))?,
            count: t.uint(&format!("{who}'s initial soldier count"))?,
        })
    };
    let alice = castle("Alice")?;
    let bob = castle("Bob")?;
    let q: u32 = t.uint("the number of rounds Q")?;
    let lines = 2 * u64::from(q);
    // Q is untrusted here: reserve no more than a valid case can need.
    let mut moves = Vec::with_capacity(lines.min(2 * MAX_Q as u64) as usize);
    for _ in 0..lines {
        let x = t.uint("the row x of a move")?;
        let y = t.uint("the column y of a move")?;
        let d = t.word("a direction (U, D, L or R)", Dir::from_token)?;
        moves.push(Move { x, y, d });
    }
    Ok(Case {
        n,
        m,
        alice,
        bob,
        moves,
    })
}

/// The canonical text: the validator's line numbers and the stored corpus
/// bytes refer to this layout. Move lines, the bulk of a file (two million
/// in a max input), are copied from a table of coordinates a few bytes at
/// a time: the formatting machinery would cost more than drawing them.
pub fn render(input: &Input) -> String {
    // At most 10 bytes per move line on a valid board, 80 for the others.
    let bytes: usize = input.cases.iter().map(|c| 80 + 10 * c.moves.len()).sum();
    let mut s = Vec::with_capacity(bytes + 8);
    push_line(&mut s, &[input.cases.len() as u64]);
    for c in &input.cases {
        push_line(&mut s, &[c.n.into(), c.m.into()]);
        for k in [c.alice, c.bob] {
            push_line(&mut s, &[k.x.into(), k.y.into(), k.count]);
        }
        push_line(&mut s, &[c.rounds() as u64]);
        push_moves(&mut s, &c.moves);
    }
    String::from_utf8(s).expect("digits, spaces and letters")
}

/// One line of numbers separated by spaces.
fn push_line(s: &mut Vec<u8>, numbers: &[u64]) {
    let words: Vec<String> = numbers.iter().map(u64::to_string).collect();
    s.extend_from_slice(words.join(" ").as_bytes());
    s.push(b'\n');
}

/// The lines `x y d`, assembled in a small buffer and appended a few
/// kilobytes at a time; coordinates a valid board cannot have (an input
/// read from elsewhere) fall back to formatting.
fn push_moves(s: &mut Vec<u8>, moves: &[Move]) {
    const CHUNK: usize = 4096;
    // Room for one more line of at most 10 bytes past the flush mark.
    let mut buf = [0u8; CHUNK + 16];
    let mut at = 0;
    for mv in moves {
        match (
            COORDINATES.get(mv.x as usize),
            COORDINATES.get(mv.y as usize),
        ) {
            (Some(&(x, xl)), Some(&(y, yl))) => {
                buf[at..at + 4].copy_from_slice(&x);
                at += usize::from(xl);
                buf[at..at + 4].copy_from_slice(&y);
                at += usize::from(yl);
                buf[at..at + 2].copy_from_slice(&[mv.d.letter() as u8, b'\n']);
                at += 2;
            }
            _ => {
                s.extend_from_slice(&buf[..at]);
                at = 0;
                let line = format!("{} {} {}\n", mv.x, mv.y, mv.d.letter());
                s.extend_from_slice(line.as_bytes());
            }
        }
        if at >= CHUNK {
            s.extend_from_slice(&buf[..at]);
            at = 0;
        }
    }
    s.extend_from_slice(&buf[..at]);
}

/// `v` followed by a space, in the first `len` bytes, for `v < 1000`.
const COORDINATES: [([u8; 4], u8); 1000] = {
    let mut table = [([b' '; 4], 0u8); 1000];
    let mut v = 0;
    while v < 1000 {
        let (d2, d1, d0) = (
            b'0' + (v / 100) as u8,
            b'0' + (v / 10 % 10) as u8,
            b'0' + (v % 10) as u8,
        );
        table[v] = if v < 10 {
            ([d0, b' ', b' ', b' '], 2)
        } else if v < 100 {
            ([d1, d0, b' ', b' '], 3)
        } else {
            ([d2, d1, d0, b' '], 4)
        };
        v += 1;
    }
    table
};

pub fn parse_output(text: &str) -> Result<Output, ParseError> {
    let lines = output_lines(text);
    if !lines.len().is_multiple_of(2) {
        return Err(ParseError {
            line: lines.len(),
            col: 1,
            message: format!(
                "expected two lines per case, found {} lines in all",
                lines.len()
            ),
        });
    }
    lines
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| parse_outcome(pair[0], pair[1], 2 * i + 1))
        .collect()
}

fn parse_outcome(verdict: &str, scores: &str, line: usize) -> Result<Outcome, ParseError> {
    let err = |line, col, message: String| ParseError { line, col, message };
    let verdict = match verdict {
        "Alice wins!!!" => Verdict::Alice,
        "Bob wins!!" => Verdict::Bob,
        "draw!" => Verdict::Draw,
        other => {
            return Err(err(
                line,
                1,
                format!(
                    "expected 'Alice wins!!!', 'Bob wins!!' or 'draw!', found {}",
                    quoted(other)
                ),
            ))
        }
    };
    let parts: Vec<&str> = scores.split(' ').collect();
    let [a, b] = parts[..] else {
        return Err(err(
            line + 1,
            1,
            format!(
                "expected two scores separated by one space, found {}",
                quoted(scores)
            ),
        ));
    };
    let alice = canonical_int(a).ok_or_else(|| {
        err(
            line + 1,
            1,
            format!(
                "expected Alice's score as a decimal integer, found {}",
                quoted(a)
            ),
        )
    })?;
    let bob = canonical_int(b).ok_or_else(|| {
        err(
            line + 1,
            a.len() + 2,
            format!(
                "expected Bob's score as a decimal integer, found {}",
                quoted(b)
            ),
        )
    })?;
    Ok(Outcome {
        verdict,
        alice,
        bob,
    })
}

/// An integer written exactly as `printf` writes it: comparison is
/// character for character, so `07` or `+7` is not the number 7.
fn canonical_int(s: &str) -> Option<i64> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    let ok = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && s != "-0";
    if ok {
        s.parse().ok()
    } else {
        None
    }
}

pub fn render_output(out: &Output) -> String {
    let mut s = String::new();
    for o in out {
        let _ = writeln!(s, "{}\n{} {}", o.verdict.line(), o.alice, o.bob);
    }
    s
}

/// Cases are independent, so inputs join while T stays within its limit.
pub fn pack(inputs: &[&Input]) -> Option<Input> {
    let parts: Vec<&[_]> = inputs.iter().map(|i| &i.cases[..]).collect();
    pack_cases(&parts, MAX_T).map(|cases| Input { cases })
}

pub fn unpack_output(inputs: &[&Input], output: &Output) -> Option<Vec<Output>> {
    let lens: Vec<usize> = inputs.iter().map(|i| i.cases.len()).collect();
    split_answers(&lens, output)
}

/// Only the kind of the first difference: a signature must not depend on
/// which case or which score differs.
pub fn difference(a: &Output, b: &Output) -> String {
    first_case_difference(a, b, |x, y| {
        if x.verdict != y.verdict {
            "verdict"
        } else {
            "score"
        }
        .into()
    })
}

/// `Game::answer_fits`: one outcome per case, each score between 0 and
/// what the player can have at most: its initial count plus one soldier per
/// move it makes (§4, ranges).
pub fn answer_fits(input: &Input, output: &Output) -> Result<(), String> {
    one_answer_per_case(&input.cases, output, |case, o| {
        let rounds = case.moves.len() as u64 / 2;
        for (who, score, castle) in [("Alice", o.alice, case.alice), ("Bob", o.bob, case.bob)] {
            let most = castle.count + rounds;
            if score < 0 || score as u64 > most {
                return Err(format!("{who}'s score {score} is not in 0..={most}"));
            }
        }
        Ok(())
    })
}
