//! Rule events with their context, and the edges between them: what a run
//! of the engine did, finer than the count per rule. Two programs that
//! both apply `cannon-attacks` may still part on a cannon left of the
//! point and one right of it, or on a duel cancelled and then the hand
//! scanned again, so a test set that holds every reachable event with its
//! context, and every pair of consecutive ones (as AFL counts edges
//! between basic blocks), reaches faults that a count per rule misses.

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

use super::{ctx, Context, Game, Observer};

/// One rule applied in one context: the index of the rule in
/// `Game::RULES` and the facts of the site and of the run that held
/// there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Event {
    pub rule: usize,
    pub ctx: Context,
}

/// Two events of one case, the second right after the first.
pub type Edge = (Event, Event);

/// What one run of the engine applied: counts per event and per edge.
/// Bounded by the number of distinct events and edges, never by the
/// length of the run (a pigs game runs to 10^5 events).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Events {
    pub counts: BTreeMap<Event, u64>,
    pub edges: BTreeMap<Edge, u64>,
}

impl Events {
    /// Per rule of `G::RULES`, how often it was applied in any context:
    /// the same numbers as `Game::rule_hits`.
    pub fn rule_hits<G: Game>(&self) -> Vec<u64> {
        let mut hits = vec![0; G::RULES.len()];
        for (e, &n) in &self.counts {
            hits[e.rule] += n;
        }
        hits
    }

    /// The names of the events, each once ([`event_name`]), in the order
    /// of the events.
    pub fn names<G: Game>(&self) -> Vec<String> {
        self.counts.keys().map(|&e| event_name::<G>(e)).collect()
    }

    /// The names of the edges ([`edge_name`]).
    pub fn edge_names<G: Game>(&self) -> Vec<String> {
        self.edges.keys().map(|&e| edge_name::<G>(e)).collect()
    }
}

/// The engine's run on the valid `input`, recorded: every rule event with
/// its context, and every pair of consecutive events within one case.
pub fn events<G: Game>(input: &G::Input) -> Events {
    let mut rec = Recorder::default();
    G::observe(input, &mut rec);
    rec.finish()
}

/// `rule` with the facts of `ctx` that `G` names, in the order of
/// `G::CONTEXTS`: `cannon-attacks/left/first`. Stable, so that a report or
/// a stored list can name an event.
pub fn event_name<G: Game>(e: Event) -> String {
    let mut s = G::RULES[e.rule].name.to_string();
    for &(name, bit) in G::CONTEXTS {
        if e.ctx & bit != 0 {
            s.push('/');
            s.push_str(name);
        }
    }
    s
}

/// An edge as `first -> second`.
pub fn edge_name<G: Game>((a, b): Edge) -> String {
    format!("{} -> {}", event_name::<G>(a), event_name::<G>(b))
}

/// A multiplicative hash for the small integer keys of the recorder,
/// which the default hasher would make the cost of a run.
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

type Fast<K, V> = HashMap<K, V, BuildHasherDefault<Mix>>;

/// The observer behind [`events`]: events are numbered as first seen, so
/// an edge is a pair of numbers, and the facts `enter` sets are kept to be
/// joined to each event. Entering a case ends the chain of edges.
#[derive(Default)]
struct Recorder {
    now: Context,
    last: Option<u32>,
    ids: Fast<Event, u32>,
    seen: Vec<(Event, u64)>,
    edges: Fast<u64, u64>,
}

impl Recorder {
    fn record(&mut self, e: Event) {
        let next = self.seen.len() as u32;
        let id = *self.ids.entry(e).or_insert(next);
        if id == next {
            self.seen.push((e, 0));
        }
        self.seen[id as usize].1 += 1;
        if let Some(last) = self.last {
            *self
                .edges
                .entry(u64::from(last) << 32 | u64::from(id))
                .or_insert(0) += 1;
        }
        self.last = Some(id);
    }

    fn finish(self) -> Events {
        let key = |id: u64| self.seen[id as usize].0;
        Events {
            counts: self.seen.iter().copied().collect(),
            edges: self
                .edges
                .iter()
                .map(|(&k, &n)| ((key(k >> 32), key(k & 0xffff_ffff)), n))
                .collect(),
        }
    }
}

impl Observer for Recorder {
    fn hit(&mut self, rule: usize) {
        self.record(Event {
            rule,
            ctx: self.now,
        });
    }

    fn hit_in(&mut self, rule: usize, ctx: Context) {
        self.record(Event {
            rule,
            ctx: ctx | self.now,
        });
    }

    fn enter(&mut self, mask: Context, facts: Context) {
        if mask & ctx::CASE != 0 {
            self.last = None;
        }
        self.now = (self.now & !mask) | (facts & mask);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_join_consecutive_events_of_one_case_only() {
        let mut r = Recorder::default();
        r.enter(ctx::CASE, ctx::case(0));
        r.hit(0);
        r.hit_in(1, 1);
        r.hit(0);
        r.enter(ctx::CASE, ctx::case(1));
        r.hit(0);
        r.hit(0);
        let ev = r.finish();
        let e = |rule, ctx| Event { rule, ctx };
        let (a, b) = (e(0, ctx::FIRST), e(1, 1 | ctx::FIRST));
        let later = e(0, ctx::LATER);
        assert_eq!(ev.counts, BTreeMap::from([(a, 2), (b, 1), (later, 2)]));
        assert_eq!(
            ev.edges,
            BTreeMap::from([((a, b), 1), ((b, a), 1), ((later, later), 1)])
        );
    }

    #[test]
    fn entered_facts_hold_until_set_again() {
        let mut r = Recorder::default();
        r.enter(0b110, 0b010);
        r.hit_in(0, 0b1);
        r.enter(0b010, 0);
        r.hit(0);
        let ev = r.finish();
        let keys: Vec<Context> = ev.counts.keys().map(|e| e.ctx).collect();
        assert_eq!(keys, vec![0, 0b011]);
    }
}
