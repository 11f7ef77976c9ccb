//! Time limits calibrated on the programs themselves, as AFL calibrates
//! its timeout: a program that answers in 5 ms and then hangs is cut after
//! a fraction of a second, not after the full limit, while one that is
//! merely slow on large inputs earns a larger limit as it answers. A
//! program that has answered nothing yet is cut after [`PROBE`]: one that
//! never answers then costs the full limit once per signature (the run
//! that confirms it), not once per run.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

/// A calibrated limit is this many times the slowest answered run: a run
/// cut there is run again with the full limit before it counts, so a low
/// multiple costs a slow program a re-run now and then, never a false
/// finding, and a hanging one little time.
pub const MULTIPLE: u32 = 2;
/// No calibrated limit is below this: starting a process on a loaded
/// machine can take tens of milliseconds.
pub const FLOOR: Duration = Duration::from_millis(100);
/// The limit of a program that has answered nothing yet. A run cut there
/// is confirmed with the full limit before it counts, like any calibrated
/// cut, and a program that answers in the confirming run is calibrated by
/// it: a slow starter costs little, one that never answers costs this per
/// run instead of the full limit.
pub const PROBE: Duration = Duration::from_millis(500);

/// The slowest answered run of each program on inputs of each size class
/// (the bit length of the input's size in bytes: sizes within a factor of
/// two share one), shared by every run of a command.
#[derive(Debug, Default)]
pub struct Calibration {
    slowest: Mutex<BTreeMap<(String, u32), Duration>>,
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
    /// `full`: [`MULTIPLE`] times the slowest answered run expected there,
    /// at least [`FLOOR`]; [`PROBE`] while the program has answered
    /// nothing. The slowest expected is the slowest on inputs of this size
    /// class or smaller; with none of this class yet, the slowest of the
    /// smaller classes doubled per class between (bounded by the next
    /// larger class, where there is one), or with none smaller either, the
    /// next larger class's.
    pub fn limit(&self, program: &str, bytes: usize, full: Duration) -> Duration {
        let slowest = self.slowest.lock().unwrap_or_else(|p| p.into_inner());
        let c = class(bytes);
        let mine = slowest.range((program.to_string(), 0)..=(program.to_string(), u32::MAX));
        let (mut below, mut top_below, mut above) =
            (None::<Duration>, None::<u32>, None::<Duration>);
        for ((_, k), &d) in mine {
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
        let slowest = self.slowest.lock().unwrap_or_else(|p| p.into_inner());
        slowest
            .range((program.to_string(), 0)..=(program.to_string(), u32::MAX))
            .next()
            .is_some()
    }

    /// Records an answered run (the program exited on its own, whatever it
    /// printed) of `program` on `bytes` bytes that took `took`.
    pub fn record(&self, program: &str, bytes: usize, took: Duration) {
        let mut slowest = self.slowest.lock().unwrap_or_else(|p| p.into_inner());
        let d = slowest
            .entry((program.to_string(), class(bytes)))
            .or_default();
        *d = (*d).max(took);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FULL: Duration = Duration::from_secs(10);

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn limits_follow_the_slowest_answered_run_of_each_size() {
        let c = Calibration::new();
        assert_eq!(c.limit("p", 100, FULL), PROBE, "nothing answered yet");
        assert_eq!(c.limit("p", 100, ms(300)), ms(300), "within the full limit");
        assert!(!c.answered("p"));
        c.record("p", 100, ms(10));
        assert!(c.answered("p"));
        assert_eq!(c.limit("p", 100, FULL), FLOOR, "2 x 10 ms, floored");
        c.record("p", 120, ms(70));
        assert_eq!(c.limit("p", 100, FULL), ms(140), "the slowest of the class");
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
}
