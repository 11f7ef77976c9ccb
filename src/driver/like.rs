//! Which catalogued mistake a program behaves like: every mistake of the
//! game is run on the inputs of a signature, and those that print exactly
//! what the program printed on all of them name its likely mistake.

use serde::Serialize;

use crate::corpus::SolverRecord;
use crate::fault::FaultKind;
use crate::game::{parse_valid, Game};
use crate::solver::{run_mistakes, Limits, Run, SolverSpec};

/// Diverging inputs of a signature, besides its exemplar, on which a
/// program's mistakes are told apart.
pub const LIKE_SAMPLES: usize = 20;

/// A catalogued mistake that printed what the program printed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Like {
    pub mistake: &'static str,
    /// The section of the rules it misreads.
    pub section: &'static str,
    /// Inputs on which it printed what the program did, out of `of`.
    pub matched: usize,
    pub of: usize,
}

impl Like {
    /// `NAME (spec §x) on k/n inputs`.
    pub fn line(&self) -> String {
        format!(
            "{} (spec {}) on {}/{} inputs",
            self.mistake, self.section, self.matched, self.of
        )
    }
}

/// What the program did on one input, as far as a mistake can match it.
enum Seen<O> {
    /// An answer in the judge's format.
    Answer(O),
    /// Text that is no answer in the judge's format.
    Garbled(String),
    /// No end within its time.
    Endless,
}

/// The program's record on one input, as a mistake can match it; `None`
/// for what no mistake does (a crash, an output cut when it was stored).
fn seen<G: Game>(record: &SolverRecord) -> Option<Seen<G::Output>> {
    match (&record.fault, &record.output) {
        (Some(f), _) if f.kind == FaultKind::Timeout => Some(Seen::Endless),
        (Some(f), Some(text)) if f.kind == FaultKind::BadOutput => {
            Some(Seen::Garbled(normal(text)))
        }
        (None, Some(text)) => G::parse_output(text).ok().map(Seen::Answer),
        _ => None,
    }
}

/// Text as the judge compares it: each line without trailing blanks, no
/// blank lines at the end.
fn normal(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let end = lines
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(0, |i| i + 1);
    lines[..end].join("\n")
}

/// Whether a mistake's run printed what the program did.
fn matches<G: Game>(seen: &Seen<G::Output>, run: &Run<G::Output>) -> bool {
    match (seen, &run.result) {
        (Seen::Answer(o), Ok(m)) => o == m,
        (Seen::Garbled(t), Err(f)) if f.kind == FaultKind::BadOutput => {
            run.stdout.as_deref().map(normal).as_deref() == Some(t.as_str())
        }
        (Seen::Endless, Err(f)) => f.kind == FaultKind::Budget,
        _ => false,
    }
}

/// The first external program among `solvers` that the signature names:
/// the one whose mistake is looked for.
pub fn program_in(solvers: &[SolverSpec], signature: &str) -> Option<usize> {
    solvers
        .iter()
        .position(|s| matches!(s, SolverSpec::Cmd(_)) && signature.contains(&format!("{s}:")))
}

/// What matching a program against the catalogue found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Likeness {
    /// The mistakes that printed what the program did on every input.
    pub like: Vec<Like>,
    /// Where none did: the one that did on most inputs, if any did on one.
    pub nearest: Option<Like>,
    /// The inputs that count: valid ones on which the program's record
    /// can be matched at all.
    pub of: usize,
}

impl Likeness {
    /// What a report says of the program's likely mistake.
    pub fn line(&self) -> String {
        line(&self.like, self.nearest.as_ref(), self.of)
    }
}

/// `behaves like: NAME (spec §x) on k/n inputs`, or that no mistake does.
pub fn line(like: &[Like], nearest: Option<&Like>, of: usize) -> String {
    if !like.is_empty() {
        let all: Vec<String> = like.iter().map(Like::line).collect();
        return format!("behaves like: {}", all.join("; "));
    }
    match nearest {
        Some(near) => format!(
            "behaves like no catalogued mistake on all {of} inputs (nearest: {})",
            near.line()
        ),
        None => format!("behaves like no catalogued mistake on any of {of} inputs"),
    }
}

/// Per catalogued mistake, on how many of `inputs` (text and every solver's
/// record) it printed exactly what solver `program` printed.
pub fn tally<G: Game>(program: usize, inputs: &[(&str, &[SolverRecord])]) -> Likeness {
    let mut matched = vec![0; G::MISTAKES.len()];
    let mut of = 0;
    for (text, records) in inputs {
        let Some(seen) = records.get(program).and_then(seen::<G>) else {
            continue;
        };
        let Ok(input) = parse_valid::<G>(text) else {
            continue;
        };
        of += 1;
        let (_, runs) = run_mistakes::<G>(&input, text, &Limits::default());
        for (m, run) in matched.iter_mut().zip(&runs) {
            *m += usize::from(matches::<G>(&seen, run));
        }
    }
    let mut likes: Vec<Like> = G::MISTAKES
        .iter()
        .zip(matched)
        .filter(|(_, k)| *k > 0)
        .map(|(m, k)| Like {
            mistake: m.name,
            section: m.section,
            matched: k,
            of,
        })
        .collect();
    // Most matches first; the catalogue's order among equals.
    likes.sort_by_key(|l| std::cmp::Reverse(l.matched));
    let (like, rest): (Vec<Like>, Vec<Like>) = likes.into_iter().partition(|l| l.matched == of);
    Likeness {
        nearest: if like.is_empty() {
            rest.into_iter().next()
        } else {
            None
        },
        like,
        of,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fault::Fault;
    use crate::games::xiangqi::Xiangqi;

    fn record(output: Option<&str>, fault: Option<Fault>) -> SolverRecord {
        SolverRecord {
            solver: "cmd:./p".into(),
            class: "ok".into(),
            output: output.map(str::to_string),
            fault,
            stderr: None,
        }
    }

    #[test]
    fn a_program_printing_a_mistakes_answers_behaves_like_it() {
        let m = &Xiangqi::MISTAKES[0];
        let (_, runs) = run_mistakes::<Xiangqi>(
            &parse_valid::<Xiangqi>(m.witness).unwrap(),
            m.witness,
            &Limits::default(),
        );
        let printed = runs[0].stdout.clone().unwrap();
        let records = [record(Some(&printed), None)];
        let likes = tally::<Xiangqi>(0, &[(m.witness, &records[..])]);
        assert_eq!(likes.of, 1);
        assert!(
            likes
                .like
                .iter()
                .any(|l| l.mistake == m.name && l.matched == 1),
            "{likes:?}"
        );
        assert!(
            likes.line().starts_with("behaves like: "),
            "{}",
            likes.line()
        );
    }

    #[test]
    fn garbled_text_matches_only_the_same_garbled_text() {
        let seen = Seen::<Vec<bool>>::Garbled(normal("Yes  \nNo\n\n"));
        let run = |out: &str| Run {
            result: Err(Fault::new(FaultKind::BadOutput, "x")),
            stdout: Some(out.into()),
            stderr: None,
            notes: Vec::new(),
            cut_early: false,
        };
        assert!(matches::<Xiangqi>(&seen, &run("Yes\nNo")));
        assert!(!matches::<Xiangqi>(&seen, &run("Yes\nYes")));
    }

    #[test]
    fn a_crash_is_matched_by_no_mistake() {
        let r = record(None, Some(Fault::new(FaultKind::Crash, "signal 11")));
        assert!(seen::<Xiangqi>(&r).is_none());
        let likes = tally::<Xiangqi>(0, &[("2 1 4\nG 8 4\nR 2 4\n\n0 0 0\n", &[r][..])]);
        assert_eq!(likes.of, 0);
        assert!(
            likes.line().contains("no catalogued mistake"),
            "{}",
            likes.line()
        );
    }
}
