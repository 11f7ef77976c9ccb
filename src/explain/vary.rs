//! The exemplar's elements varied one at a time over other valid values:
//! which can change freely without losing the failure (Hypothesis' explain
//! phase), and the nearest input on which the program is right, with the
//! rule events that differ between the two (Zeller's isolation of
//! failure-inducing differences).

use std::cmp::Reverse;
use std::collections::{BTreeMap, HashSet};
use std::time::Instant;

use serde::Serialize;

use super::oracle::{Oracle, Outcome};
use super::Part;
use crate::game::{ctx, Context, Edit, Element, Event, Game, Observer, Thing, Variant};
use crate::interrupt;

/// The valid variants of an exemplar and what the solvers did on those
/// decided.
pub struct Varied<I> {
    pub elements: Vec<Element>,
    /// Decided variants with their text and outcome, in the order decided.
    pub decided: Vec<(Variant<I>, String, Outcome)>,
    /// Valid variants left undecided when the time was up.
    pub undecided: usize,
    /// Each element's valid variants, decided or not.
    pub valid: Vec<usize>,
    /// The exemplar's size, where it is too large to vary.
    pub too_large: Option<usize>,
    /// Why nothing was varied, where something other than size says so.
    pub not_varied: Option<&'static str>,
    /// Where the elements that are whole cases begin among `elements`.
    pub whole_from: usize,
}

impl<I> Varied<I> {
    /// The texts of the variants on which the program was right.
    pub fn right_texts(&self) -> impl Iterator<Item = &str> {
        (self.decided.iter())
            .filter(|(_, _, o)| *o == Outcome::Right)
            .map(|(_, t, _)| t.as_str())
    }

    /// The texts of the variants that keep the failure.
    pub fn kept_texts(&self) -> impl Iterator<Item = &str> {
        (self.decided.iter())
            .filter(|(_, _, o)| *o == Outcome::Keeps)
            .map(|(_, t, _)| t.as_str())
    }
}

/// How many variants are decided between two looks at the clock: one
/// packed file's worth.
const BATCH: usize = 32;

/// The largest exemplar varied, in bytes: every variant is a whole copy,
/// and a shrunk exemplar is far smaller; one left large by a shrink cut
/// short would make thousands of copies of itself.
const MAX_VARIED: usize = 4096;

/// The valid variants of each of `input`'s `n` elements, each text once
/// (and never `own`, the input's own text), the smallest edits first.
fn valid_variants<G: Game>(
    input: &G::Input,
    n: usize,
    own: String,
) -> Vec<Vec<(Variant<G::Input>, String)>> {
    let mut seen = HashSet::from([own]);
    let mut per: Vec<Vec<(Variant<G::Input>, String)>> = (0..n).map(|_| Vec::new()).collect();
    let mut all = G::variants(input);
    all.sort_by_key(|v| v.edit);
    for v in all {
        if v.element >= per.len() || G::validate(&v.input).is_err() {
            continue;
        }
        let text = G::render(&v.input);
        if seen.insert(text.clone()) {
            per[v.element].push((v, text));
        }
    }
    per
}

/// Decides the valid variants of `input` by `until`: every element's
/// first edit, then every element's second, and so on, so that a time
/// cut short still tries every element.
pub fn vary<G: Game>(
    input: &G::Input,
    diverges: Option<&[bool]>,
    oracle: &mut Oracle,
    until: Instant,
) -> Varied<G::Input> {
    let own = G::render(input);
    if own.len() > MAX_VARIED {
        return Varied {
            elements: Vec::new(),
            decided: Vec::new(),
            undecided: 0,
            valid: Vec::new(),
            too_large: Some(own.len()),
            not_varied: None,
            whole_from: 0,
        };
    }
    let mut elements = G::elements(input);
    let whole_from = elements.len();
    let mut per = valid_variants::<G>(input, elements.len(), own.clone());
    for (e, v) in whole_cases::<G>(input, &elements, diverges, &own) {
        elements.push(e);
        per.push(v.into_iter().collect());
    }
    let valid: Vec<usize> = per.iter().map(Vec::len).collect();
    let mut order = Vec::new();
    let mut each: Vec<_> = per.into_iter().map(Vec::into_iter).collect();
    loop {
        let before = order.len();
        order.extend(each.iter_mut().filter_map(Iterator::next));
        if order.len() == before {
            break;
        }
    }
    let mut decided = Vec::new();
    let mut rest = order.into_iter().peekable();
    while rest.peek().is_some() {
        if Instant::now() >= until || interrupt::stopped() {
            break;
        }
        let batch: Vec<(Variant<G::Input>, String)> = rest.by_ref().take(BATCH).collect();
        let inputs: Vec<(G::Input, String)> = batch
            .iter()
            .map(|(v, t)| (v.input.clone(), t.clone()))
            .collect();
        let outcomes = oracle.decide::<G>(&inputs);
        for ((v, t), o) in batch.into_iter().zip(outcomes) {
            if o != Outcome::Cut {
                decided.push((v, t, o));
            }
        }
    }
    Varied {
        elements,
        decided,
        undecided: rest.count(),
        valid,
        too_large: None,
        not_varied: None,
        whole_from,
    }
}

/// A variant and its text.
type Texted<I> = (Variant<I>, String);

/// Each case of a file of several as an element of its own, taken out
/// whole (as delta debugging cuts an input in chunks first): a case on
/// which the program agrees, yet without which it is right, is a case
/// whose reading or whose state carried over makes a later one wrong.
fn whole_cases<G: Game>(
    input: &G::Input,
    elements: &[Element],
    diverges: Option<&[bool]>,
    own: &str,
) -> Vec<(Element, Option<Texted<G::Input>>)> {
    let parts = G::split(input);
    if parts.len() < 2 {
        return Vec::new();
    }
    (0..parts.len())
        .map(|k| {
            let label = match diverges.and_then(|d| d.get(k)) {
                Some(false) => format!("the agreeing {} {}", G::CASE_NOUN, k + 1),
                _ => format!("{} {}", G::CASE_NOUN, k + 1),
            };
            let line = (elements.iter())
                .filter(|e| e.thing.is_some_and(|(c, _)| c == Some(k)))
                .map(|e| e.line)
                .min()
                .unwrap_or(0);
            let rest: Vec<&G::Input> = (parts.iter().enumerate())
                .filter(|&(i, _)| i != k)
                .map(|(_, p)| p)
                .collect();
            let variant = G::pack(&rest)
                .filter(|i| G::validate(i).is_ok())
                .map(|i| (G::render(&i), i))
                .filter(|(text, _)| text != own)
                .map(|(text, i)| {
                    let v = Variant {
                        element: elements.len() + k,
                        edit: Edit::Removed,
                        change: "is taken out".into(),
                        input: i,
                        added: 0,
                    };
                    (v, text)
                });
            let e = Element {
                label,
                line,
                thing: None,
            };
            (e, variant)
        })
        .collect()
}

/// What varying one element showed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Matter {
    pub element: String,
    /// The line of the exemplar's text it stands on (0-based).
    pub line: usize,
    /// `true`: every other value tried keeps the failure, so the failure is
    /// not about it; `false`: some change loses it; absent: no other valid
    /// value was decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub free: Option<bool>,
    /// Other values decided, and those that kept the failure.
    pub tried: usize,
    pub kept: usize,
    /// A change that loses the failure, where one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lost_when: Option<String>,
    /// No other value one edit away is valid (a xiangqi cannon that is
    /// the only piece checking the general): held by validity, not left
    /// undecided.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub fixed: bool,
}

/// Nothing varied, for the reason given.
pub fn none<I>(why: &'static str) -> Varied<I> {
    Varied {
        elements: Vec::new(),
        decided: Vec::new(),
        undecided: 0,
        valid: Vec::new(),
        too_large: None,
        not_varied: Some(why),
        whole_from: 0,
    }
}

/// Why nothing was varied, where nothing was.
fn too_large<I>(v: &Varied<I>) -> Option<String> {
    if let Some(why) = v.not_varied {
        return Some(why.to_string());
    }
    v.too_large.map(|n| {
        format!("the exemplar is too large to vary ({n} bytes, more than {MAX_VARIED}): it was not shrunk far enough")
    })
}

pub fn matters<G: Game>(v: &Varied<G::Input>) -> Part<Vec<Matter>> {
    if let Some(why) = too_large(v) {
        return Part::cut(why);
    }
    if v.elements.is_empty() {
        return Part::cut("the game names no elements of its inputs");
    }
    let mut out: Vec<Matter> = (v.elements.iter().enumerate())
        .map(|(i, e)| Matter {
            element: e.label.clone(),
            line: e.line,
            free: None,
            tried: 0,
            kept: 0,
            lost_when: None,
            fixed: v.valid.get(i) == Some(&0),
        })
        .collect();
    // The change shown is the first that loses it among those that
    // needed nothing added, where one does.
    let mut shown_added = vec![usize::MAX; out.len()];
    for (var, _, o) in &v.decided {
        let m = &mut out[var.element];
        m.tried += 1;
        if *o == Outcome::Keeps {
            m.kept += 1;
        } else if var.added < shown_added[var.element] {
            shown_added[var.element] = var.added;
            m.lost_when = Some(var.change.clone());
        }
    }
    for m in &mut out {
        m.free = match (m.tried, m.lost_when.is_some()) {
            (0, _) => None,
            (_, true) => Some(false),
            // Every value tried kept it; with variants left undecided it is
            // not known whether some would lose it.
            (_, false) if v.undecided > 0 => None,
            (_, false) => Some(true),
        };
    }
    if out.iter().all(|m| m.tried == 0) {
        return Part::cut(match v.undecided {
            0 => "no element has another valid value one edit away",
            _ => "explain time spent before any variation was decided",
        });
    }
    Part::Found(out)
}

/// The nearest input on which every solver agrees.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Right {
    /// The edit, as a person says it: `the chariot at (4,6) moves to (4,5)`.
    pub change: String,
    /// The input, whole.
    pub input: String,
    /// Rule events (with their contexts) of the engine's run on the
    /// exemplar that the run on `input` does not have, and those it has
    /// that the exemplar's does not, with their counts.
    pub gone: Vec<String>,
    pub new: Vec<String>,
}

impl Right {
    /// `right when CHANGE: then A no longer fires, B fires instead`.
    pub fn line(&self) -> String {
        let mut then = Vec::new();
        if !self.gone.is_empty() {
            then.push(format!("{} no longer fires", self.gone.join(", ")));
        }
        if !self.new.is_empty() {
            then.push(format!("{} fires instead", self.new.join(", ")));
        }
        match then.is_empty() {
            true => format!("right when {}: the same rule events fire", self.change),
            false => format!("right when {}: then {}", self.change, then.join("; ")),
        }
    }
}

/// Of the decided variants on which the program is right (all one edit
/// away), the one whose engine run differs from the exemplar's in the
/// rule ranked highest among `involved` (the spectrum's ranking, best
/// first): the change that makes the program right by taking away what
/// the failure is about, which is the difference that isolates it. Among
/// those, a change of an element the engine names as what that rule's
/// events were about ([`Observer::about`]), the one they are most about
/// first: of a chute and the ladder its bottom leads to, both needed, the
/// chained jump is about the chute, then the throw that landed on it.
/// Then one that needed nothing added to stay valid (a chutes edit that
/// leaves a game unfinished gets throws appended, a larger change), and
/// a change of one element before a whole case taken out; then
/// the change of the element whose variants most often make the program
/// right: several elements take part in the rule that fires (a
/// chariot and the general it attacks, a ladder and the throw that lands
/// on it), and the one the failure is about is the one almost every
/// change of which loses it, where a throw loses it for one value in five.
/// Then, and where no difference touches a ranked rule, the one that
/// differs least: the fewest rule events, with their contexts, that fire a
/// different number of times (taking a throw out replays a whole game
/// differently; taking out the chute the program mishandles changes that
/// chute's event alone). A change after which the same events fire says
/// nothing of the rules, so it comes last. On a tie, a removal before a
/// move, before a count, before another value; the element first in the
/// text.
pub fn right<G: Game>(input: &G::Input, v: &Varied<G::Input>, involved: &[String]) -> Part<Right> {
    if let Some(why) = too_large(v) {
        return Part::cut(why);
    }
    let before = events::<G>(input);
    let about = attributed::<G>(input);
    // Where the element stands among what the events of the rule unit at
    // `rank` were about (0: what they are most about); past them all where
    // it is not among them.
    let touches = |element: usize, rank: usize| -> usize {
        let (Some(unit), Some((case, thing))) = (involved.get(rank), v.elements[element].thing)
        else {
            return usize::MAX;
        };
        (about.iter())
            .filter(|(name, _)| units(name).contains(unit))
            .flat_map(|(_, things)| things)
            .filter(|&(&(c, t), _)| t == thing && case.is_none_or(|k| k == c))
            .map(|(_, &at)| at)
            .min()
            .unwrap_or(usize::MAX)
    };
    // Per element, its decided variants and those that make it right.
    let mut tried = vec![(0usize, 0usize); v.elements.len()];
    for (var, _, o) in &v.decided {
        tried[var.element].0 += 1;
        tried[var.element].1 += usize::from(*o == Outcome::Right);
    }
    // Fewer variants kept, more right, as one key: right / tried, compared
    // without division (a larger share sorts first).
    let share = |e: usize| Reverse(Share(tried[e].1, tried[e].0));
    let best = (v.decided.iter())
        .filter(|(_, _, o)| *o == Outcome::Right)
        .map(|d| {
            let after = events::<G>(&d.0.input);
            let far = distance(&before, &after);
            let rank = ranked(&before, &after, involved);
            let key = (
                rank,
                touches(d.0.element, rank),
                d.0.added,
                // A whole case taken out is the coarsest change: after
                // every change of one of its elements.
                d.0.element >= v.whole_from,
                share(d.0.element),
                far == 0,
                far,
                d.0.edit,
                d.0.element,
            );
            (key, d, after)
        })
        .min_by_key(|(key, _, _)| *key);
    let Some((_, (var, text, _), after)) = best else {
        return Part::cut(match (v.decided.is_empty(), v.undecided) {
            (true, 0) => "no valid input one edit away",
            (_, 0) => "the program is wrong on every valid input one edit away",
            _ => "explain time spent before an input one edit away was found right",
        });
    };
    let (gone, new) = difference(&before, &after);
    Part::Found(Right {
        change: format!("{} {}", v.elements[var.element].label, var.change),
        input: text.clone(),
        gone,
        new,
    })
}

/// A share `right / tried` (tried > 0), compared by its value.
#[derive(Clone, Copy)]
struct Share(usize, usize);

impl PartialEq for Share {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for Share {}

impl Ord for Share {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.0 * other.1).cmp(&(other.0 * self.1))
    }
}

impl PartialOrd for Share {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The place in `involved` of the best ranked rule unit (a rule, a rule
/// with one fact of its context, or with its whole context, as the
/// spectrum names them) among the events that fire a different number of
/// times in two runs; past the end where none is.
fn ranked(a: &BTreeMap<String, u64>, b: &BTreeMap<String, u64>, involved: &[String]) -> usize {
    let fewer = a.iter().filter(|(k, n)| b.get(*k) != Some(n));
    let changed = fewer
        .map(|(k, _)| k)
        .chain(b.keys().filter(|k| !a.contains_key(*k)));
    let units: HashSet<String> = changed.flat_map(|name| units(name)).collect();
    (involved.iter())
        .position(|r| units.contains(r))
        .unwrap_or(involved.len())
}

/// The rule units an event named with its context stands for, as the
/// spectrum ranks them: the rule, the rule with each one fact, the whole.
fn units(name: &str) -> Vec<String> {
    let mut parts = name.split('/');
    let rule = parts.next().unwrap_or_default();
    let mut out = vec![rule.to_string()];
    out.extend(parts.map(|fact| format!("{rule}/{fact}")));
    out.push(name.to_string());
    out
}

/// Per event of the engine's run on `input` (named as [`events`] names
/// them), the elements it was about, each with the case (from 0) it was
/// in and its best place among what an occurrence was about (0: what it
/// was most about).
fn attributed<G: Game>(input: &G::Input) -> BTreeMap<String, BTreeMap<(usize, Thing), usize>> {
    let mut rec = Abouts::default();
    G::observe(input, &mut rec);
    (rec.out.into_iter())
        .map(|(e, things)| (crate::game::event_name::<G>(e), things))
        .collect()
}

/// The observer behind [`attributed`]: what the engine last said its
/// events are about, joined to each event; entering a case starts the
/// next case with nothing said.
#[derive(Default)]
struct Abouts {
    now: Context,
    cases: usize,
    things: Vec<Thing>,
    out: BTreeMap<Event, BTreeMap<(usize, Thing), usize>>,
}

impl Observer for Abouts {
    fn hit(&mut self, rule: usize) {
        self.hit_in(rule, 0);
    }

    fn hit_in(&mut self, rule: usize, at: Context) {
        let e = Event {
            rule,
            ctx: at | self.now,
        };
        let case = self.cases.saturating_sub(1);
        let seen = self.out.entry(e).or_default();
        for (place, &t) in self.things.iter().enumerate() {
            let best = seen.entry((case, t)).or_insert(place);
            *best = (*best).min(place);
        }
    }

    fn about(&mut self, things: &[Thing]) {
        self.things = things.to_vec();
    }

    fn enter(&mut self, mask: Context, facts: Context) {
        if mask & ctx::CASE != 0 {
            self.cases += 1;
            self.things.clear();
        }
        self.now = (self.now & !mask) | (facts & mask);
    }
}

/// The engine's rule events on `input`, each named with its context
/// (`cannon-attacks/left/first`), and how often each occurs.
pub fn events<G: Game>(input: &G::Input) -> BTreeMap<String, u64> {
    (crate::game::events::<G>(input).counts.into_iter())
        .map(|(e, n)| (crate::game::event_name::<G>(e), n))
        .collect()
}

/// How many events fire a different number of times in two runs.
fn distance(a: &BTreeMap<String, u64>, b: &BTreeMap<String, u64>) -> usize {
    let differs = |x: &BTreeMap<String, u64>, y: &BTreeMap<String, u64>| {
        x.iter().filter(|(k, n)| y.get(*k) != Some(n)).count()
    };
    differs(a, b) + b.keys().filter(|k| !a.contains_key(*k)).count()
}

/// The most events a side of a difference names.
const DIFFERING: usize = 4;

/// The events of `a` that `b` lacks, then those `b` has fewer of (with
/// both counts), and the other way round: those that stop or start
/// firing altogether say the most, so they come first.
fn difference(a: &BTreeMap<String, u64>, b: &BTreeMap<String, u64>) -> (Vec<String>, Vec<String>) {
    let side = |x: &BTreeMap<String, u64>, y: &BTreeMap<String, u64>| -> Vec<String> {
        let gone = x.keys().filter(|k| !y.contains_key(*k)).cloned();
        let fewer = x.iter().filter_map(|(k, &n)| match y.get(k).copied() {
            Some(m) if m < n => Some(format!("{k} ({n} times, not {m})")),
            _ => None,
        });
        gone.chain(fewer).take(DIFFERING).collect()
    };
    (side(a, b), side(b, a))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(events: &[(&str, u64)]) -> BTreeMap<String, u64> {
        events.iter().map(|&(e, n)| (e.to_string(), n)).collect()
    }

    #[test]
    fn the_only_piece_giving_check_is_fixed_by_validity() {
        use crate::games::xiangqi::Xiangqi;
        // The cannon at (2,1), screened by the horse, is the only red
        // piece that checks the black general: every edit of it ends the
        // check, which a valid input must have.
        let text = "3 2 4\nG 8 6\nC 2 1\nH 2 2\n\n0 0 0\n";
        let input = crate::game::parse_valid::<Xiangqi>(text).expect("a valid file");
        let elements = Xiangqi::elements(&input);
        let per = valid_variants::<Xiangqi>(&input, elements.len(), Xiangqi::render(&input));
        let valid: Vec<(&str, usize)> = (elements.iter().zip(&per))
            .map(|(e, v)| (e.label.as_str(), v.len()))
            .collect();
        let of = |name: &str| {
            valid
                .iter()
                .find(|(l, _)| l.contains(name))
                .map(|&(_, n)| n)
        };
        assert_eq!(of("cannon"), Some(0), "{valid:?}");
        assert!(of("horse").is_some_and(|n| n > 0), "{valid:?}");
        assert!(of("black general").is_some_and(|n| n > 0), "{valid:?}");
        let v = Varied::<<Xiangqi as Game>::Input> {
            elements: elements.clone(),
            decided: (per.into_iter().flatten())
                .map(|(v, t)| (v, t, Outcome::Keeps))
                .collect(),
            undecided: 0,
            valid: valid.iter().map(|&(_, n)| n).collect(),
            too_large: None,
            not_varied: None,
            whole_from: elements.len(),
        };
        let Part::Found(m) = matters::<Xiangqi>(&v) else {
            panic!("what matters is established");
        };
        let fixed: Vec<&str> = (m.iter().filter(|m| m.fixed))
            .map(|m| m.element.as_str())
            .collect();
        assert_eq!(fixed, ["the cannon at (2,1)"], "{m:?}");
    }

    #[test]
    fn a_chained_jump_is_about_the_jump_taken_and_the_throw() {
        use crate::games::chutes::Chutes;
        // Player 1 throws a 5 onto the chute 5->3, whose bottom is the
        // ladder 3->90's foot; player 2 climbs that ladder with a 3.
        let text = "5 3 6 4 1 6 2 0\n2\n3 90\n5 3\n0 0\n0\n0\n";
        let input = crate::game::parse_valid::<Chutes>(text).expect("a valid file");
        let about = attributed::<Chutes>(&input);
        let chained: Vec<&BTreeMap<(usize, Thing), usize>> = (about.iter())
            .filter(|(name, _)| name.starts_with("no-chained-jump/"))
            .map(|(_, things)| things)
            .collect();
        assert_eq!(chained.len(), 1, "{about:?}");
        let (chute, ladder, first) = (
            Thing { kind: 1, at: 5 },
            Thing { kind: 1, at: 3 },
            Thing { kind: 0, at: 0 },
        );
        // Most about the chute, then the throw; not about the ladder.
        assert_eq!(chained[0].get(&(0, chute)), Some(&0), "{about:?}");
        assert_eq!(chained[0].get(&(0, first)), Some(&1), "{about:?}");
        assert_eq!(chained[0].get(&(0, ladder)), None, "{about:?}");
        // The ladder's own climb, by the second throw, is about the ladder.
        let climbs: BTreeMap<(usize, Thing), usize> = (about.iter())
            .filter(|(name, _)| name.starts_with("ladder"))
            .flat_map(|(_, things)| things.clone())
            .collect();
        assert_eq!(climbs.get(&(0, ladder)), Some(&0), "{about:?}");
        assert_eq!(
            climbs.get(&(0, Thing { kind: 0, at: 1 })),
            Some(&1),
            "{about:?}"
        );
        // The elements name the same things.
        let elements = Chutes::elements(&input);
        let named: Vec<_> = elements.iter().filter_map(|e| e.thing).collect();
        assert!(
            named.contains(&(Some(0), chute)) && named.contains(&(None, first)),
            "{elements:?}"
        );
    }

    #[test]
    fn an_element_more_often_right_sorts_first() {
        // Every change of one element makes the program right, one change
        // in five of the other: the first sorts before.
        assert!(Reverse(Share(3, 3)) < Reverse(Share(1, 5)));
        assert!(Share(1, 2) == Share(2, 4));
        assert!(Reverse(Share(0, 1)) > Reverse(Share(1, 9)));
    }

    #[test]
    fn a_change_is_ranked_by_the_best_rule_it_touches() {
        let involved: Vec<String> = ["chute/first", "no-chained-jump/chute", "ladder"]
            .map(String::from)
            .to_vec();
        let before = runs(&[("ladder/first", 1), ("no-chained-jump/chute/first", 1)]);
        // The chained jump no longer fires: its rule with one fact ranks 1.
        let jump = runs(&[("ladder/first", 1)]);
        assert_eq!(ranked(&before, &jump, &involved), 1);
        // A second chute fires: the whole context ranks 0.
        let chute = runs(&[
            ("ladder/first", 1),
            ("no-chained-jump/chute/first", 1),
            ("chute/first", 1),
        ]);
        assert_eq!(ranked(&before, &chute, &involved), 0);
        // The ladder fires twice: the rule alone ranks 2.
        let twice = runs(&[("ladder/first", 2), ("no-chained-jump/chute/first", 1)]);
        assert_eq!(ranked(&before, &twice, &involved), 2);
        // The same events: no ranked rule is touched.
        assert_eq!(ranked(&before, &before, &involved), involved.len());
    }
}
