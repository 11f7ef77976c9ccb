//! The clean-room engine: every pile is a number in the sense of
//! combinatorial game theory (§4.1), so a case is decided by the sign of
//! one exact integer, twice the sum of the pile values.

use super::mistakes::{ctx, Mk};
use super::model::{Answer, Case, Input, Kind};
use crate::fault::{Budget, Fault};
use crate::game::{Context, Observer};

rule_events! {
    /// The pile values and answer rules of spec section 4.1 and the
    /// arithmetic limits of section 4.2.
    pub enum Ev {
        PileW => "pile-w":
            "4.1: a listed kind w, a single white stone, is worth 1 (adds 2 per pile to T)",
        PileB => "pile-b":
            "4.1: a listed kind b, a single black stone, is worth -1 (adds -2 per pile to T)",
        PileWw => "pile-ww":
            "4.1: a listed kind ww is worth 2 (adds 4 per pile to T)",
        PileBb => "pile-bb":
            "4.1: a listed kind bb is worth -2 (adds -4 per pile to T)",
        PileBw => "pile-bw":
            "4.1: a listed kind bw (black on white) is worth {0 | 1} = +1/2 (adds 1 per pile to T)",
        PileWb => "pile-wb":
            "4.1: a listed kind wb (white on black) is worth {-1 | 0} = -1/2 (adds -1 per pile to T)",
        AWinsBoth => "a-wins-both":
            "4.1: T > 0, A wins whoever starts: answer 'win win'",
        SecondPlayerWins => "second-player-wins":
            "4.1: T = 0, the player moving second wins: answer 'lose win'",
        BWinsBoth => "b-wins-both":
            "4.1: T < 0, B wins whoever starts: answer 'lose lose'",
        HalvesChangeOutcome => "halves-change-outcome":
            "4.1: the half-valued piles (bw, wb) give T a different sign than the whole-valued piles alone, so they decide the answer",
        TermBeyondI32 => "term-beyond-i32":
            "4.2: some term value·count of T exceeds 2^31 - 1 in magnitude, so 32-bit arithmetic overflows",
        SumBeyondHalfI64 => "sum-beyond-half-i64":
            "4.2: the positive or the negative terms of T add up past 2^62, so a 64-bit evaluation that scales a partial sum by two once more overflows",
    }
}

impl Kind {
    /// Twice the pile's game value (section 4.1), so that the half-valued
    /// mixed piles stay integers.
    pub const fn double_value(self) -> i128 {
        match self {
            Kind::W => 2,
            Kind::B => -2,
            Kind::WW => 4,
            Kind::BB => -4,
            Kind::BW => 1,
            Kind::WB => -1,
        }
    }

    /// `double_value` as a run plays it: a mistaken run may misvalue a
    /// pile.
    fn played_value<O: Observer>(self, obs: &O) -> i128 {
        let at = self.context();
        let value = match self {
            Kind::BW | Kind::WB if Mk::MixedPilesWorthZero.on_in(obs, at) => 0,
            Kind::BW | Kind::WB if Mk::MixedPilesWorthOne.on_in(obs, at) => 2 * self.double_value(),
            Kind::BW | Kind::WB if Mk::BwWbSwapped.on(obs) => -self.double_value(),
            _ => self.double_value(),
        };
        if Mk::ColoursSwapped.on_in(obs, at) {
            -value
        } else {
            value
        }
    }

    /// The facts of a rule site that reads this kind: the kind and its
    /// group.
    fn context(self) -> Context {
        match self {
            Kind::W => ctx::W | ctx::SINGLE,
            Kind::B => ctx::B | ctx::SINGLE,
            Kind::WW => ctx::WW | ctx::DOUBLE,
            Kind::BB => ctx::BB | ctx::DOUBLE,
            Kind::WB => ctx::WB | ctx::MIXED,
            Kind::BW => ctx::BW | ctx::MIXED,
        }
    }

    fn rule(self) -> Ev {
        match self {
            Kind::W => Ev::PileW,
            Kind::B => Ev::PileB,
            Kind::WW => Ev::PileWw,
            Kind::BB => Ev::PileBb,
            Kind::WB => Ev::PileWb,
            Kind::BW => Ev::PileBw,
        }
    }
}

/// One step per case: each is a formula, never a search.
pub fn solve<O: Observer>(
    input: &Input,
    budget: &mut Budget,
    obs: &mut O,
) -> Result<Vec<Answer>, Fault> {
    budget.steps(input.cases.len() as u64)?;
    if O::BENDING {
        return Ok(solve_carrying(input, obs));
    }
    Ok(input
        .cases
        .iter()
        .enumerate()
        .map(|(i, case)| {
            obs.enter(ctx::CASE, ctx::case(i));
            let t = double_value_observed(case, obs);
            answer(t, obs)
        })
        .collect())
}

/// [`solve`] for a run that may play a mistake, which may carry from case
/// to case what the rules start afresh: the count of each kind and the
/// running T. A loop of its own, so that the engine's stays as it was.
fn solve_carrying<O: Observer>(input: &Input, obs: &mut O) -> Vec<Answer> {
    let mut counts = [0; Kind::ALL.len()];
    let mut total = 0;
    input
        .cases
        .iter()
        .enumerate()
        .map(|(i, case)| {
            obs.enter(ctx::CASE, ctx::case(i));
            let kept: Case;
            // A kind whose count survives the clearing between cases.
            let survives = |kind: Kind| {
                Mk::CountsNotCleared.on_in(obs, kind.context())
                    || Mk::CountsClearedInPart.on(obs)
                        && matches!(kind, Kind::BB | Kind::WB | Kind::BW)
            };
            let case = if Kind::ALL.into_iter().any(survives) {
                for kind in Kind::ALL {
                    if !survives(kind) {
                        counts[kind.index()] = 0;
                    }
                }
                for &(kind, count) in case {
                    counts[kind.index()] = count;
                }
                kept = Kind::ALL
                    .into_iter()
                    .zip(counts)
                    .filter(|&(_, c)| c > 0)
                    .collect();
                &kept
            } else {
                case
            };
            let mut t = double_value_observed(case, obs);
            if Mk::TotalNotReset.on(obs) {
                total += t;
                t = total;
            }
            answer(t, obs)
        })
        .collect()
}

/// The same evaluation as [`solve`], counting instead of ignoring events.
pub fn rule_hits(input: &Input) -> Vec<u64> {
    let mut hits = vec![0; Ev::RULES.len()];
    observe(input, &mut hits);
    hits
}

/// The engine's run over the whole file, its events told to `obs`.
pub fn observe<O: Observer>(input: &Input, obs: &mut O) {
    solve(input, &mut Budget::new(u64::MAX), obs).expect("an unlimited budget never runs out");
}

/// T = 2·G of section 4.1, exact: its terms alone reach 4·10^18.
pub fn double_value(case: &Case) -> i128 {
    double_value_observed(case, &mut ())
}

/// What a case's piles share: one kind (`alone`) or, of several kinds,
/// one group (`one-group`).
fn composition(case: &Case) -> Context {
    let groups = ctx::SINGLE | ctx::DOUBLE | ctx::MIXED;
    let same = |mask: Context| {
        (case.windows(2)).all(|w| w[0].0.context() & mask == w[1].0.context() & mask)
    };
    match (same(ctx::KINDS), same(groups)) {
        (true, _) => ctx::ALONE,
        (false, true) => ctx::ONE_GROUP,
        _ => 0,
    }
}

/// `double_value`, reporting the pile values and arithmetic limits it meets.
fn double_value_observed<O: Observer>(case: &Case, obs: &mut O) -> i128 {
    let (mut whole, mut halves) = (0i128, 0i128);
    let (mut positive, mut negative) = (0i128, 0i128);
    // G itself, as a mistaken run sums it in floating point.
    let mut g = 0f64;
    let alone = match O::LISTENING {
        true => composition(case),
        false => 0,
    };
    for &(kind, count) in case {
        kind.rule().hit_in(obs, alone);
        let count = if Mk::CountsInI32.on_in(obs, kind.context()) {
            i128::from(count as i32)
        } else {
            i128::from(count)
        };
        let term = kind.played_value(obs) * count;
        if Mk::ValueInDouble.on(obs) {
            g += kind.double_value() as f64 / 2.0 * count as f64;
        }
        if term.unsigned_abs() > i32::MAX as u128 {
            Ev::TermBeyondI32.hit_in(obs, kind.context() & ctx::KINDS);
        }
        if term > 0 {
            positive += term;
        } else {
            negative -= term;
        }
        match kind {
            Kind::WB | Kind::BW => halves += term,
            _ => whole += term,
        }
    }
    if Mk::SumInI32.on_in(obs, ctx::MIXED) {
        halves = i128::from(halves as i32);
    }
    if Mk::HalvesTruncated.on(obs) {
        halves = halves / 2 * 2;
    }
    let t = if Mk::HalvesTiebreak.on(obs) && whole != 0 {
        whole
    } else {
        whole + halves
    };
    if t.signum() != whole.signum() {
        Ev::HalvesChangeOutcome.hit(obs);
    }
    if positive.max(negative) > 1 << 62 {
        Ev::SumBeyondHalfI64.hit(obs);
    }
    if Mk::ValueInDouble.on(obs) {
        return i128::from(g > 0.0) - i128::from(g < 0.0);
    }
    if Mk::SumInI32.on(obs) {
        return i128::from(t as i32);
    }
    if Mk::SumUnsigned.on(obs) {
        return i128::from(t as u64);
    }
    t
}

/// Spec 4.1 for one case: the answers follow from the sign of T alone.
fn answer<O: Observer>(t: i128, obs: &mut O) -> Answer {
    match t.signum() {
        1 => Ev::AWinsBoth.hit(obs),
        0 => Ev::SecondPlayerWins.hit(obs),
        _ => Ev::BWinsBoth.hit(obs),
    }
    Answer {
        first: if Mk::FirstWinsAtZero.on(obs) {
            t >= 0
        } else {
            t > 0
        },
        second: if Mk::SecondLosesAtZero.on(obs) {
            t > 0
        } else if Mk::SecondAnswerForB.on(obs) {
            t < 0
        } else {
            t >= 0
        },
    }
}
