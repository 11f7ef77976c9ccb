//! How a program that makes one of the mistakes of `mistakes.rs` runs:
//! the engine bending its rules, plus what such a program does with the
//! judge file and its answers around the engine, on a board of signed
//! counts or, with `apart`, one that keeps owners apart from counts: a
//! mistake can leave cells a legal game never has (a source of one
//! soldier, a wrapped count), and there the two ways part.

use std::fmt::Write as _;

use super::mistakes::Mk;
use super::{engine, model};
use crate::fault::{Budget, Fault, FaultKind};
use crate::game::{mistaken_input, Mistaken, UNDECIDED};

/// `Game::mistaken` for generals.
pub fn mistaken(
    text: &str,
    picks: &[usize],
    apart: bool,
    budget: &mut Budget,
) -> Result<String, Fault> {
    mistaken_on(
        &mistaken_input::<super::Generals>(text)?,
        picks,
        apart,
        budget,
    )
}

/// [`mistaken`] on the file already parsed: every mistake reads it as the
/// engine does, and the one that reads fewer move lines plays a copy.
pub fn mistaken_on(
    input: &model::Input,
    picks: &[usize],
    apart: bool,
    budget: &mut Budget,
) -> Result<String, Fault> {
    let mut run = Mistaken::of(Mk::CATALOGUE, picks);
    let truncated;
    let mut cases = &input.cases;
    if Mk::QMoveLines.is_in(&run) {
        if input.cases.len() > 1 {
            // Q unread move lines remain, and the third token of a header
            // read from them is a direction where a number must stand.
            return Err(Fault::new(
                FaultKind::Crash,
                "case 2's header is read from case 1's move lines and stops at a direction",
            ));
        }
        let mut copy = input.cases.clone();
        for case in &mut copy {
            let q = case.rounds();
            case.moves.truncate(q);
        }
        truncated = copy;
        cases = &truncated;
    }
    let out = engine::play_cases(cases, budget, &mut run, apart)?;
    let three = Mk::BobWinsThreeMarks.is_in(&run);
    let mut s = String::new();
    for o in &out {
        let Some(o) = o else {
            let _ = writeln!(s, "{UNDECIDED}\n{UNDECIDED}");
            continue;
        };
        let verdict = match o.verdict {
            model::Verdict::Bob if three => "Bob wins!!!",
            v => v.line(),
        };
        let _ = writeln!(s, "{verdict}\n{} {}", o.alice, o.bob);
    }
    Ok(s)
}
