//! The generic shrinker. Rounds of two passes, repeated until a whole round
//! keeps nothing: the game's structural candidates (biggest cuts first:
//! whole cases, games or players before single values), then edits of the
//! recorded choice tape, whose candidates are regenerated (valid by
//! construction) and re-draw everything after an edit. A candidate is
//! decided only if it is strictly smaller than the best so far, was never
//! decided before (texts are remembered by hash) and validates (drawn
//! ones are valid by construction); it is kept
//! only if it shows the exact signature, so shrinking always terminates.
//! Small inputs redrawn from the game's `REDRAW_PROFILE` come first and
//! again after every fixed point (few where a program decides). Candidates are decided in
//! batches by a `Judge`, which may run a program once for several of
//! them but keeps the one deciding them one by one would keep.

use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

mod finding;

use crate::game::{generate_case, Game};
use crate::interrupt;
use crate::source::Source;
use crate::verdict::smaller;

pub use finding::{shrink_finding, Runs};

/// Bounds on one shrink. An interrupt ends any shrink too.
#[derive(Debug, Clone)]
pub struct ShrinkLimits {
    /// Wall-clock budget.
    pub time: Duration,
    /// Maximum number of candidates decided by the solvers (the ones
    /// filtered out for free do not count).
    pub candidates: u64,
    /// How many candidates may have a program running at once, where
    /// candidates run one to a program run: the one kept is the same as
    /// with one, the first in order that keeps.
    pub jobs: usize,
}

impl Default for ShrinkLimits {
    fn default() -> Self {
        ShrinkLimits {
            time: Duration::from_secs(20),
            candidates: 20_000,
            jobs: 1,
        }
    }
}

impl ShrinkLimits {
    /// No shrinking at all.
    pub fn none() -> Self {
        ShrinkLimits {
            time: Duration::ZERO,
            candidates: 0,
            jobs: 1,
        }
    }
}

/// What a shrink cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ShrinkCost {
    /// Candidates looked at, the ones filtered out for free included.
    pub candidates: u64,
    /// Candidates handed to the solvers (valid, smaller and new).
    pub decided: u64,
    /// Of `decided`, the inputs the redraw pass drew from seeds: bounded
    /// by [`Game::REDRAWS`], not by [`ShrinkLimits::candidates`].
    pub redrawn: u64,
    /// Runs of external (`cmd:`) programs.
    pub program_runs: u64,
}

/// The result of a shrink.
#[derive(Debug, Clone)]
pub struct Shrunk<I> {
    pub input: I,
    /// Whether the shrinker ran until no candidate was smaller (rather than
    /// out of time, of candidates, or interrupted).
    pub complete: bool,
    pub cost: ShrinkCost,
}

impl<I> Shrunk<I> {
    /// What shrinking did, from `from` bytes to `to`.
    pub fn describe(&self, from: usize, to: usize) -> String {
        match (self.complete, interrupt::stopped()) {
            (true, _) => format!("{from} bytes shrunk to {to}"),
            (false, true) => format!("{from} bytes, partly shrunk to {to} (interrupted)"),
            (false, false) => format!("{from} bytes, partly shrunk to {to} (shrink budget spent)"),
        }
    }
}

/// Shrinks `input` while `keeps(candidate, rendered)` holds; `keeps` is only
/// ever asked about valid candidates that are strictly smaller than the
/// best so far, never twice about the same text, and every candidate it
/// accepts becomes the new best. No small games are redrawn: that is
/// for findings (`shrink_finding`), whose signature they can show.
pub fn shrink<G: Game>(
    input: G::Input,
    tape: Option<(Vec<u64>, &str)>,
    keeps: impl FnMut(&G::Input, &str) -> bool,
    bounds: &ShrinkLimits,
) -> Shrunk<G::Input> {
    shrink_with::<G, _>(input, tape, &mut OneByOne(keeps), bounds)
}

/// Decides whether candidates keep what is being shrunk.
trait Judge<G: Game> {
    /// The first of `cands` that keeps it, exactly as asking about each in
    /// turn and stopping at the first that keeps would find it (only the
    /// candidates up to that one count as decided). `cands` are valid,
    /// strictly smaller than the best and never asked about before.
    fn first_kept(&mut self, cands: &[(G::Input, String)]) -> Option<usize>;

    /// How many seeds the redraw pass may draw: none unless the judge
    /// says (a `keeps` closure may be anything).
    fn redraws(&self) -> u64 {
        0
    }

    /// Whether deciding several candidates at once can be cheaper.
    fn batches(&self) -> bool {
        false
    }

    /// The fewest candidates a batch holds (when the judge batches): as
    /// many as it decides side by side.
    fn min_batch(&self) -> usize {
        1
    }

    /// Whether a run was cut short (an interrupt, the shrink's deadline)
    /// while deciding: what it decided then says nothing.
    fn cut_short(&self) -> bool {
        false
    }
}

struct OneByOne<F>(F);

impl<G: Game, F: FnMut(&G::Input, &str) -> bool> Judge<G> for OneByOne<F> {
    fn first_kept(&mut self, cands: &[(G::Input, String)]) -> Option<usize> {
        cands.iter().position(|(c, text)| (self.0)(c, text))
    }
}

/// The most candidates decided at once, when the judge batches: after a
/// keep as few as it can (early cuts are usually kept), doubling while
/// none is.
const MAX_BATCH: usize = 32;

fn shrink_with<G: Game, J: Judge<G>>(
    input: G::Input,
    tape: Option<(Vec<u64>, &str)>,
    judge: &mut J,
    bounds: &ShrinkLimits,
) -> Shrunk<G::Input> {
    let best_text = G::render(&input);
    // The tape must actually regenerate the input it claims to.
    let tape = tape
        .filter(|(t, profile)| {
            G::render(&G::generate(&mut Source::replay(t.clone()), profile)) == best_text
        })
        .map(|(t, profile)| (t, profile, best_text.len()));
    let mut s = Search::<G, _> {
        best: input,
        best_text,
        tape,
        seen: HashSet::new(),
        batch: judge.min_batch(),
        judge,
        next_seed: 0,

        bounds,
        start: Instant::now(),
        cost: ShrinkCost::default(),
    };
    let complete = s.run().is_ok();
    Shrunk {
        input: s.best,
        complete,
        cost: s.cost,
    }
}

/// The shrink budget ran out (time, candidates, or an interrupt).
struct OutOfBudget;

/// Where a pass's candidates come from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Origin {
    /// The game's structural candidates: validated before deciding.
    Edits,
    /// Regenerated from an edited tape: valid for every tape, so the
    /// validator (a whole simulation for pigs) is skipped.
    Tape,
    /// Drawn from seeds by the redraw pass: valid too, and bounded by
    /// [`Game::REDRAWS`] rather than by the candidates of `ShrinkLimits`.
    Seeds,
}

struct Search<'a, G: Game, J> {
    best: G::Input,
    best_text: String,
    /// The tape and profile that regenerate the last input kept from a
    /// tape, and that input's length (the tape is not necessarily `best`'s:
    /// its candidates are still worth regenerating while that input is not
    /// much larger, and only the smaller ones are decided).
    tape: Option<(Vec<u64>, &'a str, usize)>,
    /// Hashes of every text decided so far. A collision could only make a
    /// candidate be skipped, never kept wrongly.
    seen: HashSet<u64>,
    judge: &'a mut J,
    /// How many candidates the next batch decides.
    batch: usize,
    /// The next seed of the redraw pass.
    next_seed: u64,
    bounds: &'a ShrinkLimits,
    start: Instant,
    cost: ShrinkCost,
}

impl<G: Game, J: Judge<G>> Search<'_, G, J> {
    /// The redraw pass first, then rounds until one keeps nothing: a
    /// fixed point of both other passes, and of the redraw pass (taken up
    /// where it stopped) after them. A large input (a `max` game of
    /// thousands of cards) takes many slow candidates to cut down, while
    /// a small game with the same signature is often among the first
    /// draws and shrinks in no time; a shrink that ends draws the same
    /// seeds whatever the order.
    fn run(&mut self) -> Result<(), OutOfBudget> {
        self.redraw_pass()?;
        loop {
            let structural = self.structural_pass()?;
            let tape = self.tape_pass()?;
            if !structural && !tape && !self.redraw_pass()? {
                return Ok(());
            }
        }
    }

    /// Inputs of the game's [`Game::REDRAW_PROFILE`] (small games), drawn
    /// from the seeds below what the judge allows (`shrink_finding`:
    /// [`Game::REDRAWS`], or [`PROGRAM_REDRAWS`] where deciding runs a
    /// program) as `diff` draws them, each with its tape; they count as
    /// decided but have their own bound, not the candidates'. A
    /// divergence found in a large input is often another form of one
    /// that a small game shows, and edits one at a time cannot get from
    /// the one to the other; the smallest exemplar of a signature is what
    /// the corpus wants. Seeds already drawn are not drawn again.
    fn redraw_pass(&mut self) -> Result<bool, OutOfBudget> {
        let upto = self.judge.redraws();
        if self.next_seed >= upto {
            return Ok(false);
        }
        let profile = G::REDRAW_PROFILE;
        let cands = (self.next_seed..upto).map(|seed| {
            let (input, tape) = generate_case::<G>(seed, profile);
            (seed as usize, input, tape)
        });
        let kept = self.offer_all(cands, Origin::Seeds)?;
        self.next_seed = kept.as_ref().map_or(upto, |(i, _)| *i as u64 + 1);
        let Some((_, tape)) = kept else {
            return Ok(false);
        };
        self.tape = Some((tape, profile, self.best_text.len()));
        Ok(true)
    }

    /// Offers `cands` (numbered) in order, in batches, and keeps the first
    /// that keeps the signature: it becomes the best, and its number and
    /// `extra` are returned. Only candidates that are smaller than the
    /// best, new and valid are decided.
    fn offer_all<T>(
        &mut self,
        mut cands: impl Iterator<Item = (usize, G::Input, T)>,
        origin: Origin,
    ) -> Result<Option<(usize, T)>, OutOfBudget> {
        let seeds = origin == Origin::Seeds;
        loop {
            let left = match seeds {
                true => u64::MAX,
                false => {
                    (self.bounds.candidates + self.cost.redrawn).saturating_sub(self.cost.decided)
                }
            };
            let want = if self.judge.batches() { self.batch } else { 1 };
            let want = want.min(left.max(1) as usize);
            let mut batch: Vec<(G::Input, String)> = Vec::new();
            let mut tags: Vec<(u64, usize, T)> = Vec::new();
            while batch.len() < want {
                let Some((i, cand, extra)) = cands.next() else {
                    break;
                };
                let Some((text, h)) = self.admit(&cand, &tags, origin != Origin::Edits)? else {
                    continue;
                };
                if left == 0 {
                    return Err(OutOfBudget);
                }
                batch.push((cand, text));
                tags.push((h, i, extra));
            }
            if batch.is_empty() {
                return Ok(None);
            }
            let kept = self.judge.first_kept(&batch);
            // A run cut short (the shrink's time is up) decided nothing:
            // the shrink ends there, not complete.
            if self.judge.cut_short() {
                return Err(OutOfBudget);
            }
            let decided = kept.map_or(batch.len(), |k| k + 1);
            self.cost.decided += decided as u64;
            if seeds {
                self.cost.redrawn += decided as u64;
            }
            self.seen.extend(tags[..decided].iter().map(|t| t.0));
            let Some(k) = kept else {
                self.batch = (2 * self.batch).min(MAX_BATCH);
                continue;
            };
            self.batch = self.judge.min_batch();
            let (best, text) = batch.swap_remove(k);
            self.best = best;
            self.best_text = text;
            let (_, i, extra) = tags.swap_remove(k);
            return Ok(Some((i, extra)));
        }
    }

    /// The text and its hash when `cand` is to be decided: smaller than
    /// the best, never decided (nor in the batch being gathered, `tags`)
    /// and valid (taken as such when `drawn`). An invalid text is
    /// remembered as decided.
    fn admit<T>(
        &mut self,
        cand: &G::Input,
        tags: &[(u64, usize, T)],
        drawn: bool,
    ) -> Result<Option<(String, u64)>, OutOfBudget> {
        self.cost.candidates += 1;
        if self.start.elapsed() >= self.bounds.time || interrupt::stopped() {
            return Err(OutOfBudget);
        }
        let text = G::render(cand);
        if !smaller(&text, &self.best_text) {
            return Ok(None);
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        text.hash(&mut h);
        let h = h.finish();
        if self.seen.contains(&h) || tags.iter().any(|t| t.0 == h) {
            return Ok(None);
        }
        if !drawn && G::validate(cand).is_err() {
            self.seen.insert(h);
            return Ok(None);
        }
        Ok(Some((text, h)))
    }

    /// The game's candidates of the best input, in order. After a keep the
    /// candidates of the new best are taken up at the same position: the
    /// ones before it were just refused, and the next round tries them
    /// all again anyway.
    fn structural_pass(&mut self) -> Result<bool, OutOfBudget> {
        let mut improved = false;
        let mut at = 0;
        'pass: loop {
            let cands = G::shrink(&self.best).into_iter().enumerate().skip(at);
            if let Some((i, ())) = self.offer_all(cands.map(|(i, c)| (i, c, ())), Origin::Edits)? {
                improved = true;
                at = i;
                continue 'pass;
            }
            return Ok(improved);
        }
    }

    /// Edits of the tape, taken up at the same position after a keep like
    /// the structural pass. Once the structural pass has brought the best
    /// input well below the tape's, only cuts of the tape are regenerated:
    /// its other edits give inputs about as large as the tape's, and a
    /// large tape has many of them, each costing a generation.
    fn tape_pass(&mut self) -> Result<bool, OutOfBudget> {
        let mut improved = false;
        let mut at = 0;
        'pass: loop {
            let Some((tape, profile, len)) = self.tape.clone() else {
                return Ok(improved);
            };
            let take = if len <= TAPE_RELEVANT * self.best_text.len() {
                usize::MAX
            } else {
                cut_lengths(tape.len()).len()
            };
            let cands = tape_candidates(&tape)
                .enumerate()
                .take(take)
                .skip(at)
                .map(|(i, t)| (i, G::generate(&mut Source::replay(t.clone()), profile), t));
            if let Some((i, cand_tape)) = self.offer_all(cands, Origin::Tape)? {
                self.tape = Some((cand_tape, profile, self.best_text.len()));
                improved = true;
                at = i;
                continue 'pass;
            }
            return Ok(improved);
        }
    }
}

/// Seeds `shrink_finding` redraws where a program decides: a program wrong on a rule that
/// small games use often shows it in one of the first few (the blog's
/// chutes program patched to bounce back from 100 does in five of nine),
/// and small draws of the packing formats share a program run.
pub(crate) const PROGRAM_REDRAWS: u64 = 64;

/// How many times larger than the best input the tape's input may be for
/// all the tape's edits to be tried.
const TAPE_RELEVANT: usize = 2;

/// The lengths a tape of `n` choices is cut to, shortest first: half, then
/// half of what is left, and so on. Choices past the end replay as 0, so
/// a cut re-draws the rest of the input in its simplest form.
fn cut_lengths(n: usize) -> Vec<usize> {
    let mut keeps = Vec::new();
    let mut keep = n / 2;
    while keep < n {
        keeps.push(keep);
        keep += (n - keep).div_ceil(2).max(1);
    }
    keeps
}

/// Tape edits, most aggressive first: cut the tail, delete spans, zero and
/// lower single choices.
fn tape_candidates(tape: &[u64]) -> impl Iterator<Item = Vec<u64>> + '_ {
    let n = tape.len();
    let cuts = cut_lengths(n).into_iter().map(move |k| tape[..k].to_vec());
    let spans = [8usize, 4, 2, 1]
        .into_iter()
        .filter(move |&w| w <= n)
        .flat_map(move |w| (0..=n - w).rev().map(move |at| (w, at)))
        .map(move |(w, at)| {
            let mut t = tape.to_vec();
            t.drain(at..at + w);
            t
        });
    let lowers = (0..n).filter(move |&i| tape[i] > 0).flat_map(move |i| {
        let mut v = vec![0];
        if tape[i] > 1 {
            v.push(tape[i] / 2);
            v.push(tape[i] - 1);
        }
        v.into_iter().map(move |x| {
            let mut t = tape.to_vec();
            t[i] = x;
            t
        })
    });
    cuts.chain(spans).chain(lowers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tape_candidates_are_all_different_from_the_tape_and_not_longer() {
        let tape = vec![3, 0, 7, 1, 9];
        let c: Vec<_> = tape_candidates(&tape).collect();
        assert!(!c.is_empty());
        for t in &c {
            assert!(t.len() <= tape.len());
            assert_ne!(t, &tape);
        }
        assert!(c.contains(&vec![3, 0, 0, 1, 9]));
        assert!(c.contains(&vec![3, 0, 7, 1]));
    }
}
