//! The typed judge input and output, their strict parsers and canonical
//! text, the file limits of the spec, and the joins and comparisons of
//! answers that multi-game files need.

use crate::game::{first_case_difference, one_answer_per_case, pack_cases, split_answers};
use crate::show::quoted;
use crate::text::{at, output_lines, ParseError, Token, Tokens};

pub const MAX_THROWS: usize = 999;
pub const MAX_LINE: usize = 80;
/// The spec states no maximum; this project adopts one.
pub const MAX_GAMES: usize = 100;
pub const MAX_PLAYERS: u32 = 5;

/// One judge input file.
///
/// The throw list keeps its line layout because the spec constrains it
/// (rule 2: at most 80 characters per line, single spaces) and because the
/// position of the terminating `0` is itself something a reader may trip on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// The throws, line by line. The terminating `0` is written after the
    /// last line's values; an empty last line puts the `0` alone on a line.
    pub throw_lines: Vec<Vec<u32>>,
    pub games: Vec<Board>,
}

/// One game: its players and board, entries kept in input order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Board {
    pub players: u32,
    /// Chutes and ladders as `(start, end)`.
    pub jumps: Vec<(u32, u32)>,
    /// `-k`: square k loses a turn; `k`: square k grants an extra throw.
    pub specials: Vec<i64>,
}

impl Input {
    /// The whole throw list, without the terminating `0`.
    pub fn throws(&self) -> Vec<u32> {
        self.throw_lines.iter().flatten().copied().collect()
    }
}

/// The winners, one per game, 1-based.
pub type Winners = Vec<u32>;

/// Lines of the throw section exactly as the canonical text writes them.
pub fn throw_section_lines(throw_lines: &[Vec<u32>]) -> Vec<String> {
    let mut lines: Vec<String> = throw_lines
        .iter()
        .map(|l| l.iter().map(u32::to_string).collect::<Vec<_>>().join(" "))
        .collect();
    match lines.last_mut() {
        Some(last) if !last.is_empty() => last.push_str(" 0"),
        Some(last) => last.push('0'),
        None => lines.push("0".to_string()),
    }
    lines
}

/// Splits throws into lines of `per_line` values; the `0` goes on the last
/// line when it still fits in 80 characters, else alone on a new line.
pub fn dense_layout(throws: &[u32], per_line: usize) -> Vec<Vec<u32>> {
    let mut lines: Vec<Vec<u32>> = throws
        .chunks(per_line.max(1))
        .map(<[u32]>::to_vec)
        .collect();
    if lines.is_empty() {
        lines.push(Vec::new());
    }
    let fits = throw_section_lines(&lines)
        .last()
        .is_some_and(|l| l.chars().count() <= MAX_LINE);
    if !fits {
        lines.push(Vec::new());
    }
    lines
}

pub fn parse(text: &str) -> Result<Input, ParseError> {
    let mut toks = Tokens::new(text);
    let throw_lines = parse_throws(text, &mut toks)?;
    let mut games = Vec::new();
    loop {
        let players: u32 = toks.uint("the number of players (or the 0 ending the input)")?;
        if players == 0 {
            break;
        }
        let mut board = Board {
            players,
            ..Board::default()
        };
        loop {
            let s: u32 = toks.uint("a chute/ladder start square (or '0 0' ending the list)")?;
            let e: u32 = toks.uint("a chute/ladder end square")?;
            if s == 0 && e == 0 {
                break;
            }
            board.jumps.push((s, e));
        }
        loop {
            let t = toks.peek();
            let v = toks.int("a special square (or the 0 ending the list)")?;
            if v == 0 {
                if let Some(t) = t.filter(|t| t.text.starts_with('-')) {
                    return Err(at(
                        t,
                        "the 0 ending the special squares must not carry a sign",
                    ));
                }
                break;
            }
            board.specials.push(v);
        }
        games.push(board);
    }
    toks.finish()?;
    Ok(Input { throw_lines, games })
}

/// Reads the throws up to the terminating `0`, keeping their lines, and
/// checks that the raw text of those lines is exactly the canonical text:
/// the 80-character rule is only meaningful if nothing else was on them.
fn parse_throws(text: &str, toks: &mut Tokens<'_>) -> Result<Vec<Vec<u32>>, ParseError> {
    const WHAT: &str = "a throw (1..6) or the 0 ending the throw list";
    let mut lines: Vec<Vec<u32>> = Vec::new();
    let mut prev: Option<Token<'_>> = None;
    let last = loop {
        let t = toks.peek();
        let v: u32 = toks.uint(WHAT)?;
        let t = t.expect("uint succeeded, so a token was there");
        match prev {
            None if t.line != 1 => {
                return Err(ParseError {
                    line: 1,
                    col: 1,
                    message: "the throw list must start on the first line".into(),
                })
            }
            Some(p) if t.line > p.line + 1 => {
                return Err(ParseError {
                    line: p.line + 1,
                    col: 1,
                    message: "blank line inside the throw list".into(),
                })
            }
            Some(p) if t.line == p.line => {}
            _ => lines.push(Vec::new()),
        }
        if v == 0 {
            break t;
        }
        lines.last_mut().expect("a line was opened").push(v);
        prev = Some(t);
    };
    let raw: Vec<&str> = text.split('\n').collect();
    let first = last.line + 1 - lines.len();
    for (i, canon) in throw_section_lines(&lines).iter().enumerate() {
        let line = first + i;
        check_layout(raw[line - 1], canon, line)?;
    }
    Ok(lines)
}

/// Locates the first character where a throw-section line departs from its
/// canonical spelling and says what is wrong there.
fn check_layout(raw: &str, canon: &str, line: usize) -> Result<(), ParseError> {
    let mut r = raw.chars();
    let mut c = canon.chars();
    let mut col = 1;
    loop {
        let (rc, cc) = (r.next(), c.next());
        let message = match (rc, cc) {
            (None, None) => return Ok(()),
            (a, b) if a == b => {
                col += 1;
                continue;
            }
            (Some(ch), None) if r.clone().all(char::is_whitespace) && ch.is_whitespace() => {
                format!("trailing whitespace {ch:?} on a throw-list line")
            }
            (Some(ch), None) => {
                let gap = std::iter::once(ch)
                    .chain(r)
                    .take_while(|c| c.is_whitespace())
                    .count();
                return Err(ParseError {
                    line,
                    col: col + gap,
                    message: "nothing may follow the 0 ending the throw list on its line: \
                              the first game starts on the next line"
                        .into(),
                });
            }
            (Some(ch), Some(_)) if ch.is_whitespace() && col == 1 => {
                format!("a throw-list line must start with a value, found {ch:?}")
            }
            (Some(ch), Some(_)) if ch.is_whitespace() => format!(
                "values of the throw list must be separated by exactly one space, found {ch:?}"
            ),
            (Some(ch), Some(_)) if ch.is_ascii_digit() => {
                "a throw-list value is written with a leading zero".to_string()
            }
            _ => "the throw list departs from its canonical spelling here".to_string(),
        };
        return Err(ParseError { line, col, message });
    }
}

pub fn render(input: &Input) -> String {
    // Written byte by byte: the differential loop renders every file it
    // generates, and formatting machinery would cost more than solving.
    let lines: usize = input
        .games
        .iter()
        .map(|g| g.jumps.len() + g.specials.len() + 3)
        .sum();
    let mut s: Vec<u8> = Vec::with_capacity(2 * MAX_THROWS + 8 * lines + 8);
    for (i, line) in input.throw_lines.iter().enumerate() {
        // Each value with a space after it, in one write when it is a digit.
        for &v in line {
            match u8::try_from(v) {
                Ok(d @ 0..=9) => s.extend_from_slice(&[b'0' + d, b' ']),
                _ => {
                    push_number(&mut s, i64::from(v));
                    s.push(b' ');
                }
            }
        }
        if i + 1 == input.throw_lines.len() {
            s.push(b'0');
        } else if !line.is_empty() {
            s.pop();
        }
        s.push(b'\n');
    }
    if input.throw_lines.is_empty() {
        s.extend_from_slice(b"0\n");
    }
    for g in &input.games {
        push_number(&mut s, i64::from(g.players));
        s.push(b'\n');
        for &(a, b) in &g.jumps {
            push_number(&mut s, i64::from(a));
            s.push(b' ');
            push_number(&mut s, i64::from(b));
            s.push(b'\n');
        }
        s.extend_from_slice(b"0 0\n");
        for &v in &g.specials {
            push_number(&mut s, v);
            s.push(b'\n');
        }
        s.extend_from_slice(b"0\n");
    }
    s.extend_from_slice(b"0\n");
    String::from_utf8(s).expect("digits, signs, spaces and newlines are ASCII")
}

/// `v` in decimal, as `format!` writes it.
#[inline(always)]
fn push_number(s: &mut Vec<u8>, v: i64) {
    if v < 0 {
        s.push(b'-');
    }
    let digit = |d: u64| b'0' + d as u8;
    match v.unsigned_abs() {
        n @ 0..=9 => s.push(digit(n)),
        n @ 10..=99 => s.extend_from_slice(&[digit(n / 10), digit(n % 10)]),
        n => s.extend_from_slice(n.to_string().as_bytes()),
    }
}

pub fn parse_output(text: &str) -> Result<Winners, ParseError> {
    output_lines(text)
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let bad = |m: &str| ParseError {
                line: i + 1,
                col: 1,
                message: format!("{m}, found {}", quoted(l)),
            };
            if l.is_empty() || !l.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad("expected a winner number (digits only)"));
            }
            if l.len() > 1 && l.starts_with('0') {
                return Err(bad("a winner number has no leading zeros"));
            }
            l.parse().map_err(|_| bad("winner number too large"))
        })
        .collect()
}

pub fn render_output(out: &Winners) -> String {
    out.iter().map(|w| format!("{w}\n")).collect()
}

/// Games share the file's one throw list. A game that ends on a list ends
/// the same way on any longer list starting with it, so inputs pack when
/// every list is a prefix of the longest, which the packed file uses.
pub fn pack(inputs: &[&Input]) -> Option<Input> {
    let longest = inputs.iter().max_by_key(|i| i.throws().len())?;
    let all = longest.throws();
    if !inputs.iter().all(|i| all.starts_with(&i.throws())) {
        return None;
    }
    let parts: Vec<&[_]> = inputs.iter().map(|i| &i.games[..]).collect();
    pack_cases(&parts, MAX_GAMES).map(|games| Input {
        throw_lines: longest.throw_lines.clone(),
        games,
    })
}

pub fn unpack_output(inputs: &[&Input], output: &Winners) -> Option<Vec<Winners>> {
    let lens: Vec<usize> = inputs.iter().map(|i| i.games.len()).collect();
    split_answers(&lens, output)
}

/// The tag leaves the winners out: which player wins differs from input to
/// input, and the same bug found twice must get the same signature.
pub fn difference(a: &Winners, b: &Winners) -> String {
    first_case_difference(a, b, |_, _| "winner".into())
}

/// `Game::answer_fits`: one winner per game, one of its players.
pub fn answer_fits(input: &Input, output: &Winners) -> Result<(), String> {
    one_answer_per_case(&input.games, output, |game, &w| {
        if w < 1 || w > game.players {
            return Err(format!(
                "winner {w}, but the players are 1..={}",
                game.players
            ));
        }
        Ok(())
    })
}
