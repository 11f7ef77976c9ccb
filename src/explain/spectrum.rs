//! Rules involved, by spectrum-based fault localisation: every input seen
//! with the finding's signature is a failing run, every input where the
//! program agreed a passing one, and each rule event of the engine (with
//! its context) is scored by how much more it occurs on the failing runs
//! than on the passing ones (Ochiai: failing / sqrt(all failing ×
//! (failing + passing)), what Tarantula's successors found to rank best).

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::vary::Varied;
use super::{Finding, Part};
use crate::game::{parse_valid, Game};

/// The engine's rule events on `input`, each named with its context
/// (`cannon-attacks/left/first`), and how often each occurs.
pub fn events<G: Game>(input: &G::Input) -> BTreeMap<String, u64> {
    (crate::game::events::<G>(input).counts.into_iter())
        .map(|(e, n)| (crate::game::event_name::<G>(e), n))
        .collect()
}

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
    /// Its Ochiai score, from 0 to 1.
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

/// The rule events a report shows, best first, and those an explanation
/// keeps (the JSON lists them).
pub const SHOWN: usize = 3;
const KEPT: usize = 10;

/// The event names of each text that is a valid input, once per text.
fn spectra<'a, G: Game>(texts: impl Iterator<Item = &'a str>) -> Vec<BTreeSet<String>> {
    let mut seen = BTreeSet::new();
    texts
        .filter(|t| seen.insert(*t))
        .filter_map(|t| parse_valid::<G>(t).ok())
        .map(|i| events::<G>(&i).into_keys().collect())
        .collect()
}

pub fn involved<G: Game>(f: &Finding<'_, G>, v: &Varied<G::Input>) -> Part<Vec<RuleScore>> {
    let failing = spectra::<G>(
        std::iter::once(f.text)
            .chain(f.samples.iter().map(|s| s.case.as_str()))
            .chain(v.kept_texts()),
    );
    let passing = spectra::<G>(
        (f.agreed.iter())
            .flat_map(|a| match a.parts.is_empty() {
                true => vec![a.text.as_str()],
                false => a.parts[..a.right.min(a.parts.len())]
                    .iter()
                    .map(String::as_str)
                    .collect(),
            })
            .chain(v.right_texts()),
    );
    if failing.is_empty() {
        return Part::cut("no diverging input could be read again");
    }
    let mut names: BTreeSet<&String> = BTreeSet::new();
    for s in &failing {
        names.extend(s);
    }
    let (nf, np) = (failing.len(), passing.len());
    let mut scores: Vec<RuleScore> = names
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
                score: ef as f64 / ((nf * (ef + ep)) as f64).sqrt(),
            }
        })
        .collect();
    scores.sort_by(|a, b| {
        (b.score.total_cmp(&a.score))
            .then(b.failing.cmp(&a.failing))
            .then(a.passing.cmp(&b.passing))
            .then(a.rule.cmp(&b.rule))
    });
    scores.truncate(KEPT);
    Part::Found(scores)
}
