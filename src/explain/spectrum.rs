//! Rules involved, by spectrum-based fault localisation: every input seen
//! with the finding's signature is a failing run, every input where the
//! program agreed a passing one, and each rule event of the engine (with
//! its context) is scored by how much more it occurs on the failing runs
//! than on the passing ones. The measure is DStar (D², Wong et al.):
//! failing² / (passing + failing runs it misses + 1). Beside Ochiai it
//! weighs a unit that misses failing runs down harder: a rule the mistake
//! bends fires on every failing run, while an outcome that merely goes
//! with it (who wins, a checkmate) misses some; on the zoo's slips it puts
//! the bent rule first more often (docs/mistakes.md).

use std::collections::BTreeSet;

use serde::Serialize;

use super::vary::Varied;
use super::{Agreed, Finding, Part};
use crate::corpus::SolverRecord;
use crate::game::{event_name, parse_valid, Context, Event, Game, Observer};

/// One rule event's score.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RuleScore {
    pub rule: String,
    /// Failing inputs it occurs on, of all failing inputs.
    pub failing: usize,
    pub of: usize,
    /// Passing inputs it occurs on, of all passing inputs.
    pub passing: usize,
    pub passing_of: usize,
    /// Its DStar score: failing² / (passing + failing runs missed + 1),
    /// from 0 up to the square of the number of failing runs.
    pub score: f64,
}

impl RuleScore {
    /// `cannon-attacks/left on 14/14 diverging inputs, 2% of agreeing ones`.
    pub fn line(&self) -> String {
        let agreeing = match self.passing_of {
            0 => "no agreeing input to compare".to_string(),
            n => format!(
                "{:.0}% of {n} agreeing ones",
                100.0 * self.passing as f64 / n as f64
            ),
        };
        format!(
            "{} on {}/{} diverging inputs, {agreeing}",
            self.rule, self.failing, self.of
        )
    }
}

/// The rule a unit names (`horse-leg-blocked` of
/// `horse-leg-blocked/left`).
pub fn rule_of(unit: &str) -> &str {
    unit.split('/').next().unwrap_or(unit)
}

/// The rule events a report shows, best first, and those an explanation
/// keeps (the JSON lists them).
pub const SHOWN: usize = 3;
const KEPT: usize = 20;

/// The rule events of each case of a run, a set per case entered (one
/// for the whole run where the game enters none): with the case facts of
/// the whole file, so a case late in a file keeps its `later`.
#[derive(Default)]
struct PerCase {
    now: Context,
    cases: Vec<BTreeSet<Event>>,
}

impl Observer for PerCase {
    fn hit(&mut self, rule: usize) {
        self.hit_in(rule, 0);
    }

    fn hit_in(&mut self, rule: usize, ctx: Context) {
        if self.cases.is_empty() {
            self.cases.push(BTreeSet::new());
        }
        let e = Event {
            rule,
            ctx: ctx | self.now,
        };
        self.cases.last_mut().expect("a case").insert(e);
    }

    fn enter(&mut self, mask: Context, facts: Context) {
        if mask & crate::game::ctx::CASE != 0 {
            self.cases.push(BTreeSet::new());
        }
        self.now = (self.now & !mask) | (facts & mask);
    }
}

type Spectrum = BTreeSet<String>;

/// A run's events as the units the spectrum ranks, at three grains: the
/// rule alone (`horse-leg-blocked`), the rule with each one fact of its
/// context (`horse-leg-blocked/left`), and the rule with its whole
/// context. A program wrong for every horse is told by the rule alone, one
/// wrong for cannons on the left by one fact; the whole context alone
/// would spread either over many narrow units.
fn named<G: Game>(events: BTreeSet<Event>) -> Spectrum {
    let mut out = Spectrum::new();
    for e in events {
        let rule = G::RULES[e.rule].name;
        out.insert(rule.to_string());
        for &(fact, bit) in G::CONTEXTS {
            if e.ctx & bit != 0 {
                out.insert(format!("{rule}/{fact}"));
            }
        }
        out.insert(event_name::<G>(e));
    }
    out
}

/// What marks a unit of the case before a run's own (`pile-bw/alone/before`).
pub const BEFORE: &str = "/before";

/// Each case's runs as units: its own events, and the events of the case
/// before it, named apart (`pile-bw/before`, `pile-bw/alone/before`). A
/// case is often wrong for what the case before it left behind (a count
/// not reset, a piece not put back): its own events cannot tell that, the
/// pair of the two cases can, as AFL's edges tell what single blocks do
/// not.
fn spectra<G: Game>(cases: Vec<BTreeSet<Event>>) -> Vec<Spectrum> {
    let own: Vec<Spectrum> = cases.into_iter().map(named::<G>).collect();
    let mut out = Vec::with_capacity(own.len());
    for (i, s) in own.iter().enumerate() {
        let mut s = s.clone();
        if let Some(before) = i.checked_sub(1).map(|b| &own[b]) {
            // The rule alone is said with its facts; the bare rule of the
            // case before would be every case's.
            s.extend(before.iter().map(|u| format!("{u}{BEFORE}")));
        }
        out.push(s);
    }
    out
}

/// The events of each case of `input`, where they can be told apart
/// along `G::split`; `None` where they cannot.
fn per_case<G: Game>(input: &G::Input) -> (Vec<Spectrum>, Vec<G::Input>) {
    let mut obs = PerCase::default();
    G::observe(input, &mut obs);
    (spectra::<G>(obs.cases), G::split(input))
}

/// A file the solvers ran on, as failing and passing runs: each case on
/// which the program's answer differs from the first solver's fails, each
/// other one passes; the whole file fails where the answers cannot be
/// split by case (a crash, a timeout, a file the game does not split).
fn judged<G: Game>(
    text: &str,
    records: &[SolverRecord],
    program: Option<usize>,
    failing: &mut Vec<Spectrum>,
    passing: &mut Vec<Spectrum>,
) {
    let Ok(input) = parse_valid::<G>(text) else {
        return;
    };
    let (cases, parts) = per_case::<G>(&input);
    match diverging::<G>(&parts, records, program).filter(|d| d.len() == cases.len()) {
        Some(diverges) => {
            for (events, d) in cases.into_iter().zip(diverges) {
                match d {
                    false => passing.push(events),
                    true => failing.push(events),
                }
            }
        }
        None => failing.push(cases.into_iter().flatten().collect()),
    }
}

/// Of a file cut into its cases `parts`, which cases the program's answer
/// differs on from the first solver's; `None` where the answers cannot be
/// split by case (a crash, a timeout, a file of one case).
pub fn diverging<G: Game>(
    parts: &[G::Input],
    records: &[SolverRecord],
    program: Option<usize>,
) -> Option<Vec<bool>> {
    let answer = |i: usize| -> Option<G::Output> {
        let r = records.get(i)?;
        match r.fault {
            None => G::parse_output(r.output.as_deref()?).ok(),
            Some(_) => None,
        }
    };
    let refs: Vec<&G::Input> = parts.iter().collect();
    let split = |o: Option<G::Output>| o.and_then(|o| G::unpack_output(&refs, &o));
    let (first, theirs) = match (program, parts.len() > 1) {
        (Some(p), true) => split(answer(0)).zip(split(answer(p)))?,
        _ => return None,
    };
    Some(first.into_iter().zip(theirs).map(|(a, b)| a != b).collect())
}

/// The events of the first `right` cases of an input where the program
/// agreed, each a passing run (the whole input where it has no parts).
fn agreeing<G: Game>(a: &Agreed, passing: &mut Vec<Spectrum>) {
    let Ok(input) = parse_valid::<G>(&a.text) else {
        return;
    };
    let (cases, _) = per_case::<G>(&input);
    match a.parts.is_empty() {
        true => passing.push(cases.into_iter().flatten().collect()),
        false => passing.extend(cases.into_iter().take(a.right)),
    }
}

/// A text's events as one run, once per distinct text.
fn whole<'a, G: Game>(texts: impl Iterator<Item = &'a str>, out: &mut Vec<Spectrum>) {
    let mut seen = BTreeSet::new();
    for t in texts.filter(|t| seen.insert(*t)) {
        if let Ok(i) = parse_valid::<G>(t) {
            let (cases, _) = per_case::<G>(&i);
            out.push(cases.into_iter().flatten().collect());
        }
    }
}

pub fn involved<G: Game>(f: &Finding<'_, G>, v: &Varied<G::Input>) -> Part<Vec<RuleScore>> {
    let program = super::program_in(f.solvers, f.signature);
    let (mut failing, mut passing) = (Vec::new(), Vec::new());
    judged::<G>(f.text, f.records, program, &mut failing, &mut passing);
    let mut seen = BTreeSet::from([f.text]);
    for s in f.samples.iter().filter(|s| seen.insert(s.text.as_str())) {
        judged::<G>(&s.text, &s.records, program, &mut failing, &mut passing);
    }
    for a in f.agreed {
        agreeing::<G>(a, &mut passing);
    }
    whole::<G>(v.kept_texts(), &mut failing);
    whole::<G>(v.right_texts(), &mut passing);
    if failing.is_empty() {
        return Part::cut("no diverging input could be read again");
    }
    let mut names: BTreeSet<&String> = BTreeSet::new();
    for s in &failing {
        names.extend(s);
    }
    let (nf, np) = (failing.len(), passing.len());
    let scores: Vec<RuleScore> = names
        .into_iter()
        .map(|name| {
            let ef = failing.iter().filter(|s| s.contains(name)).count();
            let ep = passing.iter().filter(|s| s.contains(name)).count();
            RuleScore {
                rule: name.clone(),
                failing: ef,
                of: nf,
                passing: ep,
                passing_of: np,
                score: (ef * ef) as f64 / (ep + (nf - ef) + 1) as f64,
            }
        })
        .collect();
    // Units the runs cannot tell apart (the same failing and passing
    // runs) go by their rule's own frequency over all runs: of an extra
    // throw's ladder, `extra-throw-jumps/ladder` before `ladder/extra`,
    // the rule that fires on few runs saying more than the one that fires
    // on most.
    let base = |unit: &str| -> usize {
        let rule = rule_of(unit);
        (failing.iter().chain(&passing))
            .filter(|s| s.contains(rule))
            .count()
    };
    let mut scores: Vec<(usize, RuleScore)> =
        scores.into_iter().map(|s| (base(&s.rule), s)).collect();
    scores.sort_by(|(ra, a), (rb, b)| {
        (b.score.total_cmp(&a.score))
            .then(b.failing.cmp(&a.failing))
            .then(a.passing.cmp(&b.passing))
            .then(ra.cmp(rb))
            .then(a.rule.cmp(&b.rule))
    });
    let mut scores: Vec<RuleScore> = scores.into_iter().map(|(_, s)| s).collect();
    scores.truncate(KEPT);
    Part::Found(scores)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stones::Stones;

    #[test]
    fn a_case_is_seen_with_the_case_before_it_named_apart() {
        // A case of mixed piles only, then one of a single b pile.
        let input = Stones::parse("2\nbw 1\nwb 2\n1\nb 1\n").unwrap();
        let (cases, parts) = per_case::<Stones>(&input);
        assert_eq!((cases.len(), parts.len()), (2, 2));
        assert!(
            !cases[0].iter().any(|u| u.ends_with(BEFORE)),
            "{:?}",
            cases[0]
        );
        for want in [
            "pile-b/alone/later",
            "pile-bw/before",
            "pile-bw/one-group/before",
            "pile-bw/one-group/first/before",
            "pile-wb/one-group/first/before",
        ] {
            assert!(cases[1].contains(want), "{want} in {:?}", cases[1]);
        }
        // The case before is not the case itself: its own rules are not
        // said of the later case without the mark.
        assert!(!cases[1].contains("pile-bw"), "{:?}", cases[1]);
    }
}
