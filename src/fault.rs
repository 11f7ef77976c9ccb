//! How a run can fail: a classified [`Fault`], including running out of the
//! step [`Budget`] that keeps every in-process solver finite.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Fuel for an in-process solver: running out is a verdict, never a hang.
#[derive(Debug, Clone)]
pub struct Budget {
    left: u64,
}

impl Budget {
    /// Enough for every valid input of every game; generous because the
    /// budget is a safety net, not a limit the rules need.
    pub const DEFAULT_STEPS: u64 = 200_000_000;

    pub fn new(steps: u64) -> Self {
        Budget { left: steps }
    }

    /// The steps not spent yet.
    pub fn left(&self) -> u64 {
        self.left
    }

    /// Spends one step.
    pub fn step(&mut self) -> Result<(), Fault> {
        self.steps(1)
    }

    /// Spends `n` steps at once (for loops whose length is known).
    pub fn steps(&mut self, n: u64) -> Result<(), Fault> {
        if self.left < n {
            self.left = 0;
            return Err(Fault::new(FaultKind::Budget, "step budget exhausted"));
        }
        self.left -= n;
        Ok(())
    }
}

impl Default for Budget {
    fn default() -> Self {
        Budget::new(Self::DEFAULT_STEPS)
    }
}

/// What went wrong in a solver run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FaultKind {
    /// The step budget ran out.
    Budget,
    /// The solver panicked.
    Panic,
    /// The port reached undefined behaviour of the C++.
    Undefined,
    /// An external program exceeded its time limit.
    Timeout,
    /// An external program exited non-zero or was killed by a signal.
    Crash,
    /// The output does not parse as a judge output.
    BadOutput,
    /// An external program printed more than the output limit.
    Oversized,
    /// The program could not be started or talked to.
    Io,
    /// The run was cut short by an interrupt (or not started after one);
    /// it says nothing about the solver, so no finding ever contains it.
    Interrupted,
}

impl FaultKind {
    pub fn name(self) -> &'static str {
        match self {
            FaultKind::Budget => "budget",
            FaultKind::Panic => "panic",
            FaultKind::Undefined => "undefined",
            FaultKind::Timeout => "timeout",
            FaultKind::Crash => "crash",
            FaultKind::BadOutput => "bad-output",
            FaultKind::Oversized => "oversized",
            FaultKind::Io => "io",
            FaultKind::Interrupted => "interrupted",
        }
    }
}

/// A classified failure with a human-readable detail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fault {
    pub kind: FaultKind,
    pub detail: String,
}

impl Fault {
    pub fn new(kind: FaultKind, detail: impl Into<String>) -> Self {
        Fault {
            kind,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.detail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_runs_out() {
        let mut b = Budget::new(3);
        assert!(b.steps(2).is_ok());
        assert!(b.step().is_ok());
        assert_eq!(b.step().unwrap_err().kind, FaultKind::Budget);
    }
}
