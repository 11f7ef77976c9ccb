//! The typed judge input and output, their strict parser and canonical
//! text, and the tags that say how two outputs differ.

use std::fmt;

use crate::show::quoted;
use crate::text::{at, ParseError, Tokens};

/// A card (§2). The declaration order puts D first because choice 0 of a
/// generator must be the simplest card, and D never does anything on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    D,
    K,
    P,
    F,
    N,
    W,
    J,
    Z,
}

impl Card {
    pub const ALL: [Card; 8] = [
        Card::D,
        Card::K,
        Card::P,
        Card::F,
        Card::N,
        Card::W,
        Card::J,
        Card::Z,
    ];

    pub fn letter(self) -> char {
        match self {
            Card::D => 'D',
            Card::K => 'K',
            Card::P => 'P',
            Card::F => 'F',
            Card::N => 'N',
            Card::W => 'W',
            Card::J => 'J',
            Card::Z => 'Z',
        }
    }

    pub fn from_token(s: &str) -> Option<Card> {
        let mut chars = s.chars();
        let c = chars.next()?;
        if chars.next().is_some() {
            return None;
        }
        Card::ALL.into_iter().find(|k| k.letter() == c)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A pig's role (§1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    MP,
    ZP,
    FP,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::MP => "MP",
            Role::ZP => "ZP",
            Role::FP => "FP",
        }
    }

    /// §4.1 "Sides".
    pub fn side(self) -> Side {
        match self {
            Role::MP | Role::ZP => Side::Mp,
            Role::FP => Side::Fp,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The two sides of §4.1; the winner of a game is a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Mp,
    Fp,
}

impl Side {
    pub fn opposite(self) -> Side {
        match self {
            Side::Mp => Side::Fp,
            Side::Fp => Side::Mp,
        }
    }

    /// The first output line (§5).
    pub fn name(self) -> &'static str {
        match self {
            Side::Mp => "MP",
            Side::Fp => "FP",
        }
    }
}

/// One line of the input after `n m`: a role and four starting cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    pub role: Role,
    /// Leftmost first.
    pub hand: [Card; 4],
}

/// One whole judge input. The deck's length is `m`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    pub seats: Vec<Seat>,
    /// Top card first.
    pub deck: Vec<Card>,
}

/// Reads the §2 format. Roles and cards are typed here, so checklist rules
/// 1 and 5 and the token part of rule 3 (a role is MP, ZP or FP) are
/// enforced by the parser, with the position of the offending token; the
/// remaining rules are [`super::validate`]'s.
pub fn parse(text: &str) -> Result<Input, ParseError> {
    let mut t = Tokens::new(text);
    let n: usize = t.uint("n (the number of pigs)")?;
    let m: usize = t.uint("m (the number of deck cards)")?;
    let mut seats = Vec::new();
    for i in 1..=n {
        let tok = t.next(&format!("the role of pig {i}"))?;
        let role = match tok.text {
            "MP" => Role::MP,
            "ZP" => Role::ZP,
            "FP" => Role::FP,
            other => {
                return Err(at(
                    tok,
                    format!(
                        "expected the role of pig {i} (MP, ZP or FP; checklist rule 3), found {}",
                        quoted(other)
                    ),
                ))
            }
        };
        let mut hand = [Card::D; 4];
        for (k, slot) in hand.iter_mut().enumerate() {
            *slot = card(&mut t, &format!("card {} of pig {i}", k + 1))?;
        }
        seats.push(Seat { role, hand });
    }
    let mut deck = Vec::new();
    for k in 1..=m {
        deck.push(card(&mut t, &format!("deck card {k} of {m}"))?);
    }
    t.finish()?;
    Ok(Input { seats, deck })
}

fn card(t: &mut Tokens<'_>, what: &str) -> Result<Card, ParseError> {
    let tok = t.next(what)?;
    Card::from_token(tok.text).ok_or_else(|| {
        at(
            tok,
            format!(
                "expected {what} (one of P K D F N W J Z; checklist rule 5), found {}",
                quoted(tok.text)
            ),
        )
    })
}

/// Canonical text: single spaces, the lines of §2, a final newline.
pub fn render(input: &Input) -> String {
    let mut s = format!("{} {}\n", input.seats.len(), input.deck.len());
    for seat in &input.seats {
        s.push_str(seat.role.name());
        for c in seat.hand {
            s.push(' ');
            s.push(c.letter());
        }
        s.push('\n');
    }
    s.push_str(&cards_text(&input.deck));
    s.push('\n');
    s
}

/// Cards separated by single spaces, as hands are printed (§5).
pub fn cards_text(cards: &[Card]) -> String {
    let mut s = String::with_capacity(cards.len() * 2);
    for (i, c) in cards.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push(c.letter());
    }
    s
}

/// A judge output as the §5 comparison sees it: its lines with trailing
/// spaces, tabs and carriage returns removed and trailing empty lines
/// dropped. Equality of this normal form is exactly the judge's comparison
/// (an empty last hand and a missing last line compare equal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    pub lines: Vec<String>,
}

impl Output {
    pub fn from_lines<S: AsRef<str>>(lines: impl IntoIterator<Item = S>) -> Self {
        let mut lines: Vec<String> = lines
            .into_iter()
            .map(|l| l.as_ref().trim_end_matches([' ', '\t', '\r']).to_string())
            .collect();
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        Output { lines }
    }

    pub fn parse(text: &str) -> Self {
        Output::from_lines(text.split('\n'))
    }

    pub fn render(&self) -> String {
        let mut s = String::new();
        for l in &self.lines {
            s.push_str(l);
            s.push('\n');
        }
        s
    }
}

/// `Game::parse_output`: the §5 normal form of an output whose lines are
/// all lines §5 can print: the winner (`MP` or `FP`) first, then `DEAD` or
/// card letters separated by spaces. Anything else is a bad output, never
/// compared line by line, so no bytes a program printed reach a signature.
/// Spacing within a hand is kept for the comparison, as §5 wants.
pub fn parse_output(text: &str) -> Result<Output, ParseError> {
    let out = Output::parse(text);
    let bad = |i: usize, what: &str| ParseError {
        line: i + 1,
        col: 1,
        message: format!("expected {what}, found {}", quoted(&out.lines[i])),
    };
    if out.lines.is_empty() {
        return Err(ParseError {
            line: 1,
            col: 1,
            message: "expected the winner (MP or FP), found an empty output".into(),
        });
    }
    if !matches!(out.lines[0].as_str(), "MP" | "FP") {
        return Err(bad(0, "the winner (MP or FP)"));
    }
    for (i, line) in out.lines.iter().enumerate().skip(1) {
        let hand = line
            .split(' ')
            .all(|t| t.is_empty() || Card::from_token(t).is_some());
        if line != "DEAD" && !hand {
            return Err(bad(i, "DEAD or a hand (card letters separated by spaces)"));
        }
    }
    Ok(out)
}

/// `Game::difference`: the class of the first differing line: `winner`
/// (line 1), `dead` (one side prints DEAD, the other a hand), `hand` (two
/// different hands); `lines` when one output is a prefix of the other.
pub fn difference(a: &Output, b: &Output) -> String {
    let first = a.lines.iter().zip(&b.lines).position(|(x, y)| x != y);
    match first {
        None => "lines",
        Some(0) => "winner",
        Some(i) if (a.lines[i] == "DEAD") != (b.lines[i] == "DEAD") => "dead",
        Some(_) => "hand",
    }
    .to_string()
}

/// `Game::difference_in`: adds what tells pig bugs apart without naming a
/// seat: the direction of a winner difference, and the role of the first
/// pig whose line differs with which side sees it dead.
pub fn difference_in(input: &Input, a: &Output, b: &Output) -> String {
    let Some(i) = a.lines.iter().zip(&b.lines).position(|(x, y)| x != y) else {
        return "lines".into();
    };
    if i == 0 {
        return format!("winner {}/{}", a.lines[0], b.lines[0]);
    }
    let role = input.seats.get(i - 1).map_or("?", |s| s.role.name());
    match (a.lines[i] == "DEAD", b.lines[i] == "DEAD") {
        (false, true) => format!("{role} alive/dead"),
        (true, false) => format!("{role} dead/alive"),
        _ => format!("{role} hand"),
    }
}

/// `Game::answer_fits`: at most one line per pig after the winner (the
/// lines of living pigs with empty hands at the end are left out), each
/// `DEAD` or cards separated by single spaces, and the winner borne out by
/// who is dead (§4.9): the MP side wins with the MP alive and every FP
/// dead, the FP side with the MP dead and some FP alive.
pub fn answer_fits(input: &Input, output: &Output) -> Result<(), String> {
    let n = input.seats.len();
    let hands = &output.lines[1..];
    if hands.len() > n {
        return Err(format!(
            "{} lines after the winner for {n} pigs",
            hands.len()
        ));
    }
    for (i, line) in hands.iter().enumerate() {
        let cards = line.is_empty() || line.split(' ').all(|t| Card::from_token(t).is_some());
        if line != "DEAD" && !cards {
            return Err(format!(
                "line {}: not DEAD nor cards separated by single spaces",
                i + 2
            ));
        }
    }
    let dead = |i: usize| hands.get(i).is_some_and(|l| l == "DEAD");
    let fps: Vec<usize> = (0..n)
        .filter(|&i| input.seats[i].role == Role::FP)
        .collect();
    let fits = match output.lines[0].as_str() {
        "MP" => !dead(0) && fps.iter().all(|&i| dead(i)),
        _ => dead(0) && fps.iter().any(|&i| !dead(i)),
    };
    if !fits {
        return Err(format!(
            "the winner {} does not match who is dead (section 4.9)",
            output.lines[0]
        ));
    }
    Ok(())
}
