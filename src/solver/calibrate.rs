//! Time limits calibrated on the programs themselves, as AFL calibrates
//! its timeout: a program that answers in 5 ms and then hangs is cut after
//! a few tens of milliseconds, not after the full limit, while one that is
//! merely slow on large inputs earns a larger limit as it answers. A
//! program that has answered nothing yet is cut after [`PROBE`]: one that
//! never answers then costs the full limit once per signature (the run
//! that confirms it), not once per run.
//!
//! A hang costs the limit it is cut at, so at 5% of runs a limit of 20
//! times a normal run halves the throughput: the limit follows what the
//! program takes on nearly all of its runs ([`QUANTILE`]), not its slowest
//! run, since one run slowed down by a busy machine would otherwise raise
//! every later limit for good.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// A calibrated limit is this many times the time within which the
/// program answered [`QUANTILE`] of its runs: a run cut there is run again
/// with the full limit before its signature counts, so a low multiple
/// costs a slow program a re-run now and then, never a false finding, and
/// a hanging one little time.
pub const MULTIPLE: u32 = 2;
/// The share of a program's answered runs (of a size class) that its
/// calibrated limit is based on: the slowest hundredth, where a busy
/// machine's hiccups are, does not count, while a program slow on a share
/// of its inputs larger than that is not cut on each of them.
pub const QUANTILE: f64 = 0.99;
/// No calibrated limit is below this: the granularity AFL rounds its
/// calibrated timeouts to, and about what starting a small program takes
/// on a loaded machine.
pub const FLOOR: Duration = Duration::from_millis(20);
/// The limit of a program that has answered nothing yet. A run cut there
/// is confirmed with the full limit before it counts, like any calibrated
/// cut, and a program that answers in the confirming run is calibrated by
/// it: a slow starter costs little, one that never answers costs this per
/// run instead of the full limit.
pub const PROBE: Duration = Duration::from_millis(500);

/// Histogram buckets per doubling of a run's time: a run's time is known
/// to within 9%, which the [`MULTIPLE`] covers many times over.
const PER_OCTAVE: f64 = 8.0;

/// The answered runs of one program on one size class: how many, the
/// slowest, and how many fell in each bucket of a logarithmic histogram
/// (bucket `b` holds the times from 2^(b/8) µs up to 2^((b+1)/8) µs).
#[derive(Debug, Default)]
struct Runs {
    count: u64,
    slowest: Duration,
    buckets: Vec<u64>,
}

impl Runs {
    fn add(&mut self, took: Duration) {
        let micros = (took.as_secs_f64() * 1e6).max(1.0);
        let b = (micros.log2() * PER_OCTAVE) as usize;
        if self.buckets.len() <= b {
            self.buckets.resize(b + 1, 0);
        }
        self.buckets[b] += 1;
        self.count += 1;
        self.slowest = self.slowest.max(took);
    }

    /// The time within which [`QUANTILE`] of the runs answered: the upper
    /// edge of the bucket where that share is reached, or the slowest run
    /// where that is sooner (with fewer than a hundred runs, the slowest).
    fn expected(&self) -> Duration {
        let rank = (QUANTILE * self.count as f64).ceil() as u64;
        let mut seen = 0;
        for (b, n) in self.buckets.iter().enumerate() {
            seen += n;
            if seen >= rank.max(1) {
                let edge = 2f64.powf((b + 1) as f64 / PER_OCTAVE) / 1e6;
                return Duration::from_secs_f64(edge).min(self.slowest);
            }
        }
        self.slowest
    }
}

/// The answered runs of each program on inputs of each size class (the
/// bit length of the input's size in bytes: sizes within a factor of two
/// share one), shared by every run of a command.
#[derive(Debug, Default)]
pub struct Calibration {
    runs: Mutex<BTreeMap<(String, u32), Runs>>,
    /// Whether a program has timed out at the full limit: one known to
    /// hang (see `shrink`'s confirming runs).
    hung: AtomicBool,
}

/// The size class of an input of `bytes` bytes.
fn class(bytes: usize) -> u32 {
    usize::BITS - bytes.max(1).leading_zeros()
}

impl Calibration {
    pub fn new() -> Self {
        Calibration::default()
    }

    /// The limit of a run of `program` on `bytes` bytes of input, within
    /// `full`: [`MULTIPLE`] times the time expected there, at least
    /// [`FLOOR`]; [`PROBE`] while the program has answered nothing. A size
    /// class expects the time within which [`QUANTILE`] of its answered
    /// runs ended, and a run expects the largest of its class and the
    /// smaller ones; with none of its class yet, that largest is doubled
    /// per class between (bounded by the next larger class, where there is
    /// one), or with none smaller either, the next larger class's.
    pub fn limit(&self, program: &str, bytes: usize, full: Duration) -> Duration {
        let runs = self.runs.lock().unwrap_or_else(|p| p.into_inner());
        let c = class(bytes);
        let mine = runs.range((program.to_string(), 0)..=(program.to_string(), u32::MAX));
        let (mut below, mut top_below, mut above) =
            (None::<Duration>, None::<u32>, None::<Duration>);
        for ((_, k), r) in mine {
            let d = r.expected();
            if *k <= c {
                below = Some(below.map_or(d, |b| b.max(d)));
                top_below = Some(*k);
            } else if above.is_none() {
                above = Some(d);
            }
        }
        let expected = match (below, top_below, above) {
            // Answered in this class: what it took is the evidence.
            (Some(d), Some(k), _) if k == c => d,
            (Some(d), Some(k), above) => {
                let grown = d.saturating_mul(1u32 << (c - k).min(20));
                above.map_or(grown, |a| grown.min(a))
            }
            (_, _, Some(a)) => a,
            _ => return PROBE.min(full),
        };
        expected.saturating_mul(MULTIPLE).max(FLOOR).min(full)
    }

    /// Whether `program` has answered any run yet.
    pub fn answered(&self, program: &str) -> bool {
        let runs = self.runs.lock().unwrap_or_else(|p| p.into_inner());
        runs.range((program.to_string(), 0)..=(program.to_string(), u32::MAX))
            .next()
            .is_some()
    }

    /// Records that a program ran out of the full limit.
    pub fn record_hang(&self) {
        self.hung.store(true, Ordering::Relaxed);
    }

    /// Whether a program of the command has run out of the full limit.
    pub fn hung(&self) -> bool {
        self.hung.load(Ordering::Relaxed)
    }

    /// Records an answered run (the program exited on its own, whatever it
    /// printed) of `program` on `bytes` bytes that took `took`.
    pub fn record(&self, program: &str, bytes: usize, took: Duration) {
        let mut runs = self.runs.lock().unwrap_or_else(|p| p.into_inner());
        runs.entry((program.to_string(), class(bytes)))
            .or_default()
            .add(took);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hang_at_the_full_limit_is_remembered() {
        let c = Calibration::new();
        assert!(!c.hung());
        c.record("p", 10, Duration::from_millis(5));
        assert!(!c.hung());
        c.record_hang();
        assert!(c.hung());
    }

    const FULL: Duration = Duration::from_secs(10);

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn limits_follow_the_answered_runs_of_each_size() {
        let c = Calibration::new();
        assert_eq!(c.limit("p", 100, FULL), PROBE, "nothing answered yet");
        assert_eq!(c.limit("p", 100, ms(300)), ms(300), "within the full limit");
        assert!(!c.answered("p"));
        c.record("p", 100, ms(5));
        assert!(c.answered("p"));
        assert_eq!(c.limit("p", 100, FULL), FLOOR, "2 x 5 ms, floored");
        c.record("p", 120, ms(70));
        assert_eq!(c.limit("p", 100, FULL), ms(140), "few runs: the slowest");
        assert_eq!(c.limit("q", 100, FULL), PROBE, "per program");
        assert!(!c.answered("q"));
        // Two classes larger, none answered there yet: doubled per class.
        assert_eq!(c.limit("p", 400, FULL), ms(560));
        // A larger class answered faster bounds it from above.
        c.record("p", 2000, ms(80));
        assert_eq!(c.limit("p", 400, FULL), ms(160));
        // A smaller class than any answered: the next larger one bounds it.
        assert_eq!(c.limit("p", 10, FULL), ms(140));
        c.record("p", 100, ms(5000));
        assert_eq!(c.limit("p", 100, FULL), FULL, "within the full limit");
    }

    /// One run in a hundred or fewer, slowed down by a busy machine, does
    /// not raise the limit; a larger share of slow runs does.
    #[test]
    fn the_slowest_hundredth_does_not_count() {
        let c = Calibration::new();
        for _ in 0..199 {
            c.record("p", 100, ms(10));
        }
        c.record("p", 100, ms(900));
        c.record("p", 100, ms(700));
        let limit = c.limit("p", 100, FULL);
        assert!(limit >= ms(20) && limit <= ms(22), "{limit:?}");
        for _ in 0..3 {
            c.record("p", 100, ms(600));
        }
        let limit = c.limit("p", 100, FULL);
        assert!(limit >= ms(1200) && limit <= ms(1320), "{limit:?}");
    }
}
