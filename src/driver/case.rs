//! One case: drawn or read, run on every solver, classified.

use std::path::Path;

use super::{
    Agreed, Case, Ctx, Cut, Deferred, DiffOptions, Drawn, Exemplar, Health, Outcome, Sample, Seen,
};
use crate::corpus::{self, SolverRecord};
use crate::game::{generate_input, parse_valid, Game};
use crate::solver::SolverSpec;
use crate::verdict::{compare, Comparison};

/// Case `i` of a run: drawn from its seed and profile, or read from file
/// `i` and validated (`Err`: the line reporting why it is refused).
pub(super) fn draw<G: Game>(ctx: &Ctx, i: u64) -> Result<Drawn<G::Input>, String> {
    let opts = ctx.opts;
    let Some(path) = ctx.files.get(i as usize) else {
        let index = opts
            .case_index(i)
            .expect("workers only draw cases that have an index");
        let seed = opts.case_seed(index);
        let profile = case_profile::<G>(opts, index);
        let input = generate_input::<G>(seed, profile);
        return Ok(Drawn {
            seed,
            profile,
            file: None,
            text: None,
            input,
        });
    };
    let (text, input) =
        read_valid::<G>(path).map_err(|why| format!("{}: {why}", path.display()))?;
    Ok(Drawn {
        seed: i,
        profile: "",
        file: Some(path.clone()),
        text: Some(text),
        input,
    })
}

/// A judge input file's text and input, if it is valid.
fn read_valid<G: Game>(path: &Path) -> Result<(String, G::Input), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read it: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        crate::game::InputError::Parse(crate::text::not_utf8(
            e.as_bytes(),
            e.utf8_error().valid_up_to(),
        ))
        .to_string()
    })?;
    let input = parse_valid::<G>(&text).map_err(|e| e.to_string())?;
    Ok((text, input))
}

/// Generates (or reads), runs and classifies case `i` of a campaign.
pub(super) fn run_case<G: Game>(ctx: &Ctx, seen: &Seen, i: u64) -> Outcome<G::Input> {
    match draw::<G>(ctx, i) {
        Ok(d) => run_alone::<G>(ctx, seen, d, Confirm::Aside),
        Err(why) => Outcome::Invalid(why),
    }
}

/// Where the full-limit run that confirms a timeout runs.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Confirm {
    /// On a thread of its own, the case deferred until it ends: a program
    /// that hangs is mostly waited for, and the worker goes on with its
    /// cases meanwhile (AFL keeps most of a fuzzer's speed where a target
    /// hangs now and then the same way: a hang costs its calibrated limit,
    /// not the full one).
    Aside,
    /// On the worker: where the case's outcome decides what runs next (a
    /// case of a packed file run alone, a case run again).
    Here,
}

/// What the confirming run of a case showed, as its thread hands it back:
/// only what classifying the case reads (no game types cross threads).
pub(super) struct Confirmed {
    signature: Option<String>,
    compared: bool,
    interrupted: bool,
    health: Health,
    /// The solvers' records, where it diverged.
    records: Vec<SolverRecord>,
}

impl Confirmed {
    fn of<G: Game>(solvers: &[SolverSpec], c: &Comparison<G::Output>) -> Self {
        Confirmed {
            signature: c.signature.clone(),
            compared: c.compared,
            interrupted: c.interrupted(),
            health: Health::of(solvers, &c.runs),
            records: match c.signature {
                Some(_) => corpus::records::<G>(solvers, &c.runs),
                None => Vec::new(),
            },
        }
    }
}

/// A confirming run on a thread of its own: the case it confirms waits as
/// a [`Deferred`] case of the worker that cut it, which takes it up once
/// the thread has ended ([`settle_confirmed`]).
pub(super) type Confirming = std::thread::JoinHandle<Confirmed>;

/// Starts the full-limit run of a case cut at a calibrated limit on a
/// thread of its own; `None` where no thread can start.
fn confirm_aside<G: Game>(ctx: &Ctx, input: &G::Input, text: &str) -> Option<Confirming> {
    let solvers = ctx.opts.solvers.clone();
    let limits = ctx.limits.full();
    let (input, text) = (input.clone(), text.to_string());
    std::thread::Builder::new()
        .name("confirm".into())
        .spawn(move || {
            let c = compare::<G>(&solvers, &input, &text, &limits);
            Confirmed::of::<G>(&solvers, &c)
        })
        .ok()
}

/// The case of a deferred confirming run, once its thread has ended: the
/// verdict on its signature given, and the case classified from the run.
pub(super) fn settle_confirmed<G: Game>(
    ctx: &Ctx,
    seen: &Seen,
    d: Deferred<G::Input>,
    run: Confirming,
) -> Outcome<G::Input> {
    let c = match run.join() {
        Ok(c) => c,
        Err(panic) => std::panic::resume_unwind(panic),
    };
    let sig = c.signature.as_deref().filter(|_| !c.interrupted);
    ctx.confirmed(Some(&d.sig), sig);
    if c.interrupted {
        return Outcome::Dropped;
    }
    let mut drawn = d.drawn;
    let text = match drawn.text.take() {
        Some(t) => t,
        None => G::render(&drawn.input),
    };
    let records = c.records;
    classify::<G>(
        ctx,
        seen,
        drawn,
        text,
        c.signature,
        c.compared,
        c.health,
        || records.clone(),
    )
}

/// Runs one case alone and classifies it. A run cut at a calibrated time
/// limit counts only once its timeout is real: the case is run again with
/// the full limit, whose result is the case's, unless a full-limit run has
/// confirmed the signature, which the case is then only counted under (it
/// may not become the exemplar: that one is confirmed), or is confirming
/// it, when the case is deferred until the verdict.
pub(super) fn run_alone<G: Game>(
    ctx: &Ctx,
    seen: &Seen,
    d: Drawn<G::Input>,
    confirm: Confirm,
) -> Outcome<G::Input> {
    let opts = ctx.opts;
    let mut d = d;
    let text = match d.text.take() {
        Some(t) => t,
        None => G::render(&d.input),
    };
    let mut c = compare::<G>(&opts.solvers, &d.input, &text, &ctx.limits);
    if c.interrupted() {
        return Outcome::Dropped;
    }
    let mut cut = None;
    if let Some(sig) = c.signature.clone().filter(|_| c.cut_early()) {
        let counted = Case {
            compared: c.compared,
            health: Health::of(&opts.solvers, &c.runs),
            finding: Some((sig.clone(), None)),
            sample: None,
            agreed: None,
        };
        let cut_now = ctx.cut(&sig);
        if let Cut::Count = cut_now {
            return Outcome::Done(counted);
        }
        // Held until the verdict on `sig`, with its own confirming run
        // where it has one.
        let defer = |mut drawn: Drawn<G::Input>, text, confirming| {
            drawn.text = Some(text);
            Outcome::Deferred(Box::new(Deferred {
                drawn,
                sig: sig.clone(),
                counted,
                confirming,
            }))
        };
        if let Cut::Defer = cut_now {
            return defer(d, text, None);
        }
        if confirm == Confirm::Aside {
            if let Some(run) = confirm_aside::<G>(ctx, &d.input, &text) {
                return defer(d, text, Some(run));
            }
        }
        c = compare::<G>(&opts.solvers, &d.input, &text, &ctx.limits.full());
        cut = Some(sig);
    }
    ctx.confirmed(
        cut.as_deref(),
        c.signature.as_deref().filter(|_| !c.interrupted()),
    );
    if c.interrupted() {
        return Outcome::Dropped;
    }
    let health = Health::of(&opts.solvers, &c.runs);
    let runs = &c.runs;
    classify::<G>(ctx, seen, d, text, c.signature, c.compared, health, || {
        corpus::records::<G>(&opts.solvers, runs)
    })
}

/// The case of `drawn` (its text `text`) as its comparison showed it:
/// diverging under `signature` or agreeing, with `records` the solvers'
/// records where a sample or an exemplar keeps them.
#[allow(clippy::too_many_arguments)]
fn classify<G: Game>(
    ctx: &Ctx,
    seen: &Seen,
    drawn: Drawn<G::Input>,
    text: String,
    signature: Option<String>,
    compared: bool,
    health: Health,
    records: impl Fn() -> Vec<SolverRecord>,
) -> Outcome<G::Input> {
    let opts = ctx.opts;
    let Drawn {
        seed,
        profile,
        file,
        input,
        ..
    } = drawn;
    let keep = super::keepable(&text);
    let agreed = (keep && signature.is_none() && compared && seen.wants_agreed(opts)).then(|| {
        let agreed = Agreed {
            text: text.clone(),
            parts: Vec::new(),
            right: 1,
        };
        Box::new((seed, agreed))
    });
    let sample = signature
        .as_ref()
        .filter(|sig| keep && seen.wants_sample(opts, sig))
        .map(|_| {
            Box::new(Sample {
                text: text.clone(),
                records: records(),
                case: text.clone(),
            })
        });
    let finding = signature.map(|sig| {
        let news = seen.news(&sig, &text);
        (
            sig,
            news.then(|| Exemplar {
                count: 1,
                seed,
                profile,
                files: file.into_iter().collect(),
                records: records(),
                input,
                text,
                packed: None,
            }),
        )
    });
    Outcome::Done(Case {
        compared,
        health,
        finding,
        sample,
        agreed,
    })
}

/// Case index → (seed, profile) of a run.
fn case_profile<G: Game>(opts: &DiffOptions, index: u64) -> &'static str {
    match &opts.profile {
        Some(p) => G::PROFILES
            .iter()
            .find(|q| q.name == p)
            .map(|q| q.name)
            .unwrap_or(G::PROFILES[0].name),
        None => G::PROFILES[(index % G::PROFILES.len() as u64) as usize].name,
    }
}
