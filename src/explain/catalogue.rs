//! Which catalogued mistake a program behaves like: every mistake of the
//! game is run on the inputs of a signature, and those that print exactly
//! what the program printed on all of them, and what the engine printed on
//! a sample of the inputs where the program was right, name its likely
//! mistake. A broad mistake that matches the diverging inputs but would
//! have gone wrong where the program did not is no explanation: its narrow
//! (partial) cousin is. Where no single mistake matches, pairs are tried,
//! as programs go wrong in two places at once.

use std::time::Instant;

use serde::Serialize;

use crate::corpus::SolverRecord;
use crate::fault::FaultKind;
use crate::game::{parse_valid, Game};
use crate::solver::{
    fits_undecided, mistaken_differs, normal, run_engine, run_mistaken_kept, undecided, Limits, Run,
};

/// Diverging inputs of a signature, besides its exemplar, on which a
/// program's mistakes are told apart.
pub const LIKE_SAMPLES: usize = 20;

/// Inputs (or packed files) on which the program agreed with the engine
/// that a named mistake must answer as the engine does too.
pub const LIKE_AGREED: usize = 60;

/// The mistakes that match most diverging inputs, tried in pairs when no
/// single one explains them all.
const PAIR_SEEDS: usize = 12;

/// The seeds tried with every other mistake, not only with each other.
const PAIR_BEST: usize = 3;

/// Names shown in the one-line summary; the JSON lists every one.
const SHOWN: usize = 6;

/// An input on which the program answered as the engine did, as far as
/// it did: a file of several cases (`parts`, each case's text) on whose
/// first `right` cases it was right, or, with no parts, a whole input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Agreed {
    pub text: String,
    pub parts: Vec<String>,
    pub right: usize,
}

/// A catalogued mistake, or two at once, that printed what the program
/// printed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Like {
    /// Its name, `A + B` for two at once.
    pub mistake: String,
    /// The sections of the rules it misreads.
    pub section: String,
    /// Diverging inputs on which it printed what the program did, out of
    /// `of`.
    pub matched: usize,
    pub of: usize,
    /// Of the `matched`, those where it left the lines on which the
    /// program went its own way undecided (a game it plays past the
    /// program's throws).
    pub loose: usize,
    /// Inputs where the program was right on which it was right too, out
    /// of `agreed_of` checked (0 of 0 when it was not checked there).
    pub agreed: usize,
    pub agreed_of: usize,
    /// The way of keeping state it was played in (`Game::KEEPINGS`), where
    /// the game has more than one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keeping: Option<&'static str>,
}

impl Like {
    /// `NAME (spec §x) on k/n inputs`, and on how many of them only on
    /// the lines it decides.
    pub fn line(&self) -> String {
        let loose = match self.loose {
            0 => String::new(),
            n => format!(" ({n} on the lines it decides)"),
        };
        let keeping = self
            .keeping
            .map_or(String::new(), |k| format!(", with {k}"));
        format!(
            "{} (spec {}{keeping}) on {}/{} inputs{loose}",
            self.mistake, self.section, self.matched, self.of
        )
    }
}

/// What the program did on one input, as far as a mistake can match it.
enum Seen<O> {
    /// An answer in the judge's format, and its text as a judge reads it.
    Answer(O, String),
    /// Text that is no answer in the judge's format.
    Garbled(String),
    /// No end within its time.
    Endless,
    /// A crash, which a mistake that reads the input as a crashing
    /// program does (a fault of kind crash) matches.
    Crashed,
}

/// The program's record on one input, as a mistake can match it; `None`
/// for what no mistake does (an output cut when it was stored).
fn seen<G: Game>(record: &SolverRecord) -> Option<Seen<G::Output>> {
    match (&record.fault, &record.output) {
        (Some(f), _) if f.kind == FaultKind::Timeout => Some(Seen::Endless),
        (Some(f), _) if f.kind == FaultKind::Crash => Some(Seen::Crashed),
        (Some(f), Some(text)) if f.kind == FaultKind::BadOutput => {
            Some(Seen::Garbled(normal(text)))
        }
        (None, Some(text)) => (G::parse_output(text).ok()).map(|o| Seen::Answer(o, normal(text))),
        _ => None,
    }
}

/// How a mistake's run fits what a program did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fit {
    /// It printed what the program did.
    Exact,
    /// It printed what the program did on every line it decides, and left
    /// the others to what lies past the program's tables
    /// ([`UNDECIDED`](crate::game::UNDECIDED)), where the program printed
    /// something else, hung or crashed.
    Loose,
    No,
}

/// How a mistake's run fits what the program did.
fn fit<G: Game>(seen: &Seen<G::Output>, run: &Run<G::Output>) -> Fit {
    if matches::<G>(seen, run) {
        return Fit::Exact;
    }
    if undecided(run) {
        let printed = run.stdout.as_deref().unwrap_or_default();
        return match seen {
            Seen::Answer(_, t) | Seen::Garbled(t) if !fits_undecided(printed, t, false) => Fit::No,
            _ => Fit::Loose,
        };
    }
    Fit::No
}

/// Whether a mistake's run printed what the program did.
fn matches<G: Game>(seen: &Seen<G::Output>, run: &Run<G::Output>) -> bool {
    match (seen, &run.result) {
        (Seen::Answer(o, _), Ok(m)) => o == m,
        (Seen::Garbled(t), Err(f)) if f.kind == FaultKind::BadOutput => {
            run.stdout.as_deref().map(normal).as_deref() == Some(t.as_str())
        }
        (Seen::Endless, Err(f)) => f.kind == FaultKind::Budget,
        (Seen::Crashed, Err(f)) => f.kind == FaultKind::Crash,
        _ => false,
    }
}

/// What matching a program against the catalogue found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Likeness {
    /// The mistakes (or pairs) that printed what the program did on every
    /// diverging input and what the engine did where the program agreed.
    pub like: Vec<Like>,
    /// Where none did: the one that did on most inputs, if any did on one
    /// and it answers as the engine on most inputs where the program did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nearest: Option<Like>,
    /// The diverging inputs that count: valid ones on which the program's
    /// record can be matched at all.
    #[serde(rename = "inputs")]
    pub of: usize,
    /// The inputs where the program agreed that were checked.
    #[serde(rename = "agreed")]
    pub agreed_of: usize,
    /// What the program did that no mistake can match (a crash of no
    /// modelled kind, a cut output), when nothing could be matched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failed: Option<String>,
}

impl Likeness {
    /// What a report says of the program's likely mistake.
    pub fn line(&self) -> String {
        line(
            &self.like,
            self.nearest.as_ref(),
            self.of,
            self.failed.as_deref(),
        )
    }
}

/// `behaves like: NAME (spec §x) on k/n inputs`, or that no mistake does,
/// or what the program did that none does.
pub fn line(like: &[Like], nearest: Option<&Like>, of: usize, failed: Option<&str>) -> String {
    if !like.is_empty() {
        let mut all: Vec<String> = like.iter().take(SHOWN).map(Like::line).collect();
        if like.len() > SHOWN {
            all.push(format!("and {} more", like.len() - SHOWN));
        }
        return format!("behaves like: {}", all.join("; "));
    }
    if let (Some(failed), None) = (failed, nearest) {
        return format!("behaves like no catalogued mistake: it {failed}, which none does");
    }
    match nearest {
        Some(near) if near.matched == near.of => format!(
            "behaves like no catalogued mistake on all {of} inputs (nearest: {}, but wrong on {} of {} inputs where the program was right)",
            near.line(),
            near.agreed_of - near.agreed,
            near.agreed_of
        ),
        Some(near) => format!(
            "behaves like no catalogued mistake on all {of} inputs (nearest: {})",
            near.line()
        ),
        None => format!("behaves like no catalogued mistake on any of {of} inputs"),
    }
}

/// One diverging input: the program's record as a mistake can match it,
/// with the limits a mistake runs under beside the engine there.
struct Diverging<'a, O> {
    text: &'a str,
    seen: Seen<O>,
    limits: Limits,
    engine: Option<O>,
}

/// One input where the program agreed: the engine's answer there, and
/// for a file where it was right on its first cases only, those cases.
struct Agreeing<'a, I, O> {
    text: &'a str,
    engine: O,
    limits: Limits,
    parts: Option<(Vec<I>, usize)>,
}

/// On how many of `diverging` the mistakes `picks` printed what the
/// program did, and on how many of those only on the lines they decide.
fn matched<G: Game>(
    picks: &[usize],
    keeping: usize,
    diverging: &[Diverging<G::Output>],
) -> (usize, usize) {
    diverging.iter().fold((0, 0), |(k, loose), d| {
        match fit::<G>(
            &d.seen,
            &run_mistaken_kept::<G>(picks, keeping, d.text, &d.limits),
        ) {
            Fit::Exact => (k + 1, loose),
            Fit::Loose => (k + 1, loose + 1),
            Fit::No => (k, loose),
        }
    })
}

/// On how many of `diverging` mistake `m` printed what the program did,
/// on how many of those only on the lines it decides, and on how many it
/// went wrong at all; with `first_miss`, only up to the first input where
/// it did not print what the program did.
fn counted<G: Game>(
    m: usize,
    keeping: usize,
    diverging: &[Diverging<G::Output>],
    first_miss: bool,
) -> (usize, usize, usize) {
    let (mut k, mut loose, mut wrong) = (0, 0, 0);
    for d in diverging {
        let run = run_mistaken_kept::<G>(&[m], keeping, d.text, &d.limits);
        wrong += usize::from(match &d.engine {
            Some(e) => mistaken_differs::<G>(&run, e),
            None => run.result.is_ok(),
        });
        match fit::<G>(&d.seen, &run) {
            Fit::Exact => k += 1,
            Fit::Loose => (k, loose) = (k + 1, loose + 1),
            Fit::No if first_miss => break,
            Fit::No => {}
        }
    }
    (k, loose, wrong)
}

/// Whether a match explains the signature: on every input, and on one at
/// least by what the mistake decides (a mistake that leaves every answer
/// undecided explains nothing).
fn explains(matched: usize, loose: usize, of: usize) -> bool {
    of > 0 && matched == of && loose < of
}

/// On how many of `agreeing` the mistakes `picks` printed the engine's
/// answer (to the cases the program got right): all of them counted, or
/// (`all` false) stopping at the first where they did not.
fn agreed<G: Game>(
    picks: &[usize],
    keeping: usize,
    agreeing: &[Agreeing<G::Input, G::Output>],
    all: bool,
) -> usize {
    let agrees = |a: &Agreeing<G::Input, G::Output>| {
        let run = run_mistaken_kept::<G>(picks, keeping, a.text, &a.limits);
        if let (true, Some(printed)) = (undecided(&run), &run.stdout) {
            return agrees_undecided::<G>(printed, a);
        }
        let Ok(o) = run.result else {
            return false;
        };
        let Some((parts, right)) = &a.parts else {
            return o == a.engine;
        };
        let parts: Vec<&G::Input> = parts.iter().collect();
        match (
            G::unpack_output(&parts, &o),
            G::unpack_output(&parts, &a.engine),
        ) {
            (Some(m), Some(e)) => m[..*right] == e[..*right],
            _ => false,
        }
    };
    match all {
        true => agreeing.iter().filter(|a| agrees(a)).count(),
        false => agreeing.iter().take_while(|a| agrees(a)).count(),
    }
}

/// Whether a mistake's text with undecided lines answers as the engine
/// did on the lines it decides, as far as the program was right.
fn agrees_undecided<G: Game>(printed: &str, a: &Agreeing<G::Input, G::Output>) -> bool {
    let Some((parts, right)) = &a.parts else {
        return fits_undecided(printed, &G::render_output(&a.engine), false);
    };
    let parts: Vec<&G::Input> = parts.iter().collect();
    G::unpack_output(&parts, &a.engine).is_some_and(|e| {
        let want: String = e[..*right].iter().map(G::render_output).collect();
        fits_undecided(printed, &want, true)
    })
}

fn like_of<G: Game>(
    picks: &[usize],
    keeping: usize,
    (matched, loose): (usize, usize),
    of: usize,
) -> Like {
    let names: Vec<&str> = picks.iter().map(|&i| G::MISTAKES[i].name).collect();
    let mut sections: Vec<&str> = picks.iter().map(|&i| G::MISTAKES[i].section).collect();
    sections.dedup();
    Like {
        mistake: names.join(" + "),
        section: sections.join(", "),
        matched,
        loose,
        of,
        agreed: 0,
        agreed_of: 0,
        keeping: (keeping > 0).then(|| G::KEEPINGS[keeping]),
    }
}

/// Matches solver `program` of `inputs` (each a text and every solver's
/// record on it, all diverging) against the catalogue, and each candidate
/// that matches them all against `agreeing`, texts on which the program
/// answered as the engine did. `None` when `until` passes before every
/// mistake (and pair) was tried: the mistakes run in process, and the
/// clock is read between them.
pub fn tally<G: Game>(
    program: usize,
    inputs: &[(&str, &[SolverRecord])],
    agreeing: &[Agreed],
    until: Option<Instant>,
) -> Option<Likeness> {
    let late = || until.is_some_and(|u| Instant::now() >= u);
    let base = Limits::default();
    let mut failed = None;
    let mut diverging = Vec::new();
    for (text, records) in inputs {
        let Some(record) = records.get(program) else {
            continue;
        };
        let Some(seen) = seen::<G>(record) else {
            if let Some(f) = &record.fault {
                failed.get_or_insert_with(|| format!("fails with {f}"));
            }
            continue;
        };
        let Ok(input) = parse_valid::<G>(text) else {
            continue;
        };
        let (engine, steps) = run_engine::<G>(&input, &base);
        let limits = base.beside_engine_mistaken(&engine, steps);
        diverging.push(Diverging {
            text,
            seen,
            limits,
            engine: engine.result.ok(),
        });
    }
    let of = diverging.len();
    let crashes = diverging
        .iter()
        .filter(|d| matches!(d.seen, Seen::Crashed))
        .count();
    if of > 0 && crashes == of {
        failed = Some(format!("crashes on all {of} inputs"));
    }
    let agreeing: Vec<Agreeing<G::Input, G::Output>> = agreeing
        .iter()
        .filter_map(|a| {
            let input = parse_valid::<G>(&a.text).ok()?;
            let (engine, steps) = run_engine::<G>(&input, &base);
            let limits = base.beside_engine_mistaken(&engine, steps);
            let parts = match a.right < a.parts.len() {
                true => Some((
                    a.parts
                        .iter()
                        .map(|p| parse_valid::<G>(p).ok())
                        .collect::<Option<Vec<_>>>()?,
                    a.right,
                )),
                false => None,
            };
            Some(Agreeing {
                text: &a.text,
                engine: engine.result.ok()?,
                limits,
                parts,
            })
        })
        .collect();
    let mut named: Vec<Like> = Vec::new();
    let mut refuted = Vec::new();
    let mut check = |picks: &[usize], keeping: usize, mut like: Like, named: &mut Vec<Like>| {
        if named.iter().any(|n| n.mistake == like.mistake) {
            return;
        }
        like.agreed_of = agreeing.len();
        like.agreed = agreed::<G>(picks, keeping, &agreeing, false);
        if like.agreed == like.agreed_of {
            named.push(like);
        } else {
            // Refuted: how far it is from right where the program was.
            like.agreed = agreed::<G>(picks, keeping, &agreeing, true);
            refuted.push(like);
        }
    };
    // Each single mistake, stopping at the first input it does not print
    // what the program did: one that explains must match them all, and
    // most mistakes miss the first, so a catalogued program is named at
    // about one run per mistake.
    for keeping in 0..G::KEEPINGS.len() {
        for m in 0..G::MISTAKES.len() {
            if late() {
                return None;
            }
            let (k, loose, _) = counted::<G>(m, keeping, &diverging, true);
            if explains(k, loose, of) {
                let like = like_of::<G>(&[m], keeping, (k, loose), of);
                check(&[m], keeping, like, &mut named);
            }
        }
    }
    // Where none is named: per way of keeping state, per mistake, on how
    // many inputs it printed what the program did, and on how many it went
    // wrong at all, which pick the pairs tried and the nearest.
    let mut tallies: Vec<Vec<(usize, usize, usize)>> = Vec::new();
    if named.is_empty() {
        for keeping in 0..G::KEEPINGS.len() {
            let mut per = Vec::with_capacity(G::MISTAKES.len());
            for m in 0..G::MISTAKES.len() {
                if late() {
                    return None;
                }
                per.push(counted::<G>(m, keeping, &diverging, false));
            }
            tallies.push(per);
        }
    }
    let singles: Vec<Vec<Like>> = tallies
        .iter()
        .enumerate()
        .map(|(keeping, t)| {
            t.iter()
                .enumerate()
                .map(|(m, &(k, loose, _))| like_of::<G>(&[m], keeping, (k, loose), of))
                .collect()
        })
        .collect();
    for (keeping, tallies) in tallies.iter().enumerate() {
        if !named.is_empty() || of == 0 {
            break;
        }
        // Those that explain some inputs first, then those that go wrong
        // on most: two bugs that both show on every input leave no single
        // mistake explaining any.
        let mut seeds: Vec<usize> = (0..tallies.len()).filter(|&m| tallies[m].2 > 0).collect();
        seeds.sort_by_key(|&m| std::cmp::Reverse((tallies[m].0, tallies[m].2)));
        seeds.truncate(PAIR_SEEDS);
        // Every pair among the seeds, and the best few against every
        // mistake that goes wrong somewhere.
        let wrong: Vec<usize> = (0..tallies.len()).filter(|&m| tallies[m].2 > 0).collect();
        let mut pairs: Vec<[usize; 2]> = Vec::new();
        for (i, &a) in seeds.iter().enumerate() {
            let partners = if i < PAIR_BEST {
                &wrong[..]
            } else {
                &seeds[i + 1..]
            };
            for &b in partners {
                let pair = [a.min(b), a.max(b)];
                if a != b && !pairs.contains(&pair) {
                    pairs.push(pair);
                }
            }
        }
        for picks in pairs {
            if late() {
                return None;
            }
            let (k, loose) = matched::<G>(&picks, keeping, &diverging);
            if explains(k, loose, of) {
                let like = like_of::<G>(&picks, keeping, (k, loose), of);
                check(&picks, keeping, like, &mut named);
            }
        }
    }
    // The nearest, where nothing is named: a refuted candidate (it
    // explains every diverging input but not every input where the program
    // was right), else the single mistake that matches most diverging
    // inputs; either only if it answers as the engine on most inputs where
    // the program did: one wrong there too is no likeness at all.
    refuted.sort_by_key(|l| std::cmp::Reverse(l.agreed));
    let most = |l: &Like| 2 * l.agreed > l.agreed_of;
    let nearest = match refuted.into_iter().next() {
        _ if !named.is_empty() => None,
        Some(r) => Some(r).filter(most),
        None => {
            let best = (singles.iter().enumerate())
                .flat_map(|(keeping, s)| s.iter().enumerate().map(move |(m, l)| (keeping, m, l)))
                .filter(|(_, _, l)| l.matched > l.loose)
                .min_by_key(|(_, _, l)| std::cmp::Reverse((l.matched - l.loose, l.matched)));
            best.and_then(|(keeping, m, l)| {
                let mut l = l.clone();
                l.agreed_of = agreeing.len();
                l.agreed = agreed::<G>(&[m], keeping, &agreeing, true);
                Some(l).filter(most)
            })
        }
    };
    Some(Likeness {
        like: named,
        nearest,
        of,
        agreed_of: agreeing.len(),
        failed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fault::Fault;
    use crate::games::xiangqi::Xiangqi;
    use crate::solver::run_mistakes;

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
        let likes = tally::<Xiangqi>(0, &[(m.witness, &records[..])], &[], None).unwrap();
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
            probed: false,
        };
        assert!(matches::<Xiangqi>(&seen, &run("Yes\nNo")));
        assert!(!matches::<Xiangqi>(&seen, &run("Yes\nYes")));
    }

    #[test]
    fn an_undecided_line_fits_any_line_a_hang_or_a_crash_but_no_other_difference() {
        let run = Run {
            result: Err(Fault::new(FaultKind::BadOutput, "x")),
            stdout: Some("YES\n?\n".into()),
            stderr: None,
            notes: Vec::new(),
            cut_early: false,
            probed: false,
        };
        let answer = |t: &str| Seen::<Vec<bool>>::Answer(Vec::new(), normal(t));
        assert_eq!(fit::<Xiangqi>(&answer("YES\nNO\n"), &run), Fit::Loose);
        assert_eq!(fit::<Xiangqi>(&answer("NO\nNO\n"), &run), Fit::No);
        assert_eq!(fit::<Xiangqi>(&Seen::Endless, &run), Fit::Loose);
        assert_eq!(fit::<Xiangqi>(&Seen::Crashed, &run), Fit::Loose);
        // A program printing the very text is that mistake.
        assert_eq!(
            fit::<Xiangqi>(&Seen::Garbled(normal("YES\n?")), &run),
            Fit::Exact
        );
        // Matched loosely everywhere, it explains nothing.
        assert!(!explains(3, 3, 3));
        assert!(explains(3, 2, 3));
    }

    #[test]
    fn a_crash_that_no_mistake_models_is_said_to_be_a_crash() {
        let r = record(None, Some(Fault::new(FaultKind::Crash, "signal 11")));
        assert!(matches!(seen::<Xiangqi>(&r), Some(Seen::Crashed)));
        let likes = tally::<Xiangqi>(
            0,
            &[("2 1 4\nG 8 4\nR 2 4\n\n0 0 0\n", &[r][..])],
            &[],
            None,
        )
        .unwrap();
        assert_eq!(likes.of, 1);
        assert!(likes.like.is_empty(), "{likes:?}");
        assert_eq!(
            likes.line(),
            "behaves like no catalogued mistake: it crashes on all 1 inputs, which none does"
        );
    }

    /// A program that is exactly a narrow mistake is not said to make a
    /// broad one that answers as it does where it went wrong, once the
    /// broad one is seen to go wrong where the program was right.
    #[test]
    fn a_mistake_wrong_where_the_program_was_right_is_not_named() {
        let m = &Xiangqi::MISTAKES[0];
        let input = parse_valid::<Xiangqi>(m.witness).unwrap();
        let (_, runs) = run_mistakes::<Xiangqi>(&input, m.witness, &Limits::default());
        let printed = runs[0].stdout.clone().unwrap();
        let records = [record(Some(&printed), None)];
        let named = tally::<Xiangqi>(0, &[(m.witness, &records[..])], &[], None).unwrap();
        assert!(named.like.iter().any(|l| l.mistake == m.name), "{named:?}");
        // Where the program was right on the witness itself, the mistake
        // that goes wrong there is refuted.
        let agreeing = [Agreed {
            text: m.witness.to_string(),
            parts: Vec::new(),
            right: 1,
        }];
        let refuted = tally::<Xiangqi>(0, &[(m.witness, &records[..])], &agreeing, None).unwrap();
        assert!(
            !refuted.like.iter().any(|l| l.mistake == m.name),
            "{refuted:?}"
        );
        assert_eq!(refuted.agreed_of, 1);
    }
}
