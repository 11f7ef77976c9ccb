//! One case: drawn or read, run on every solver, classified.

use std::path::Path;

use super::{
    Agreed, Case, Ctx, Cut, Deferred, DiffOptions, Drawn, Exemplar, Health, Outcome, Sample, Seen,
};
use crate::corpus;
use crate::game::{generate_input, parse_valid, Game};
use crate::verdict::compare;

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
        Ok(d) => run_alone::<G>(ctx, seen, d),
        Err(why) => Outcome::Invalid(why),
    }
}

/// Runs one case alone and classifies it. A run cut at a calibrated time
/// limit counts only once its timeout is real: the case is run again with
/// the full limit, whose result is the case's, unless a full-limit run has
/// confirmed the signature, which the case is then only counted under (it
/// may not become the exemplar: that one is confirmed), or is confirming
/// it, when the case is deferred until the verdict.
pub(super) fn run_alone<G: Game>(ctx: &Ctx, seen: &Seen, d: Drawn<G::Input>) -> Outcome<G::Input> {
    let opts = ctx.opts;
    let Drawn {
        seed,
        profile,
        file,
        text,
        input,
    } = d;
    let text = text.unwrap_or_else(|| G::render(&input));
    let mut c = compare::<G>(&opts.solvers, &input, &text, &ctx.limits);
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
        match ctx.cut(&sig) {
            Cut::Count => return Outcome::Done(counted),
            Cut::Defer => {
                let drawn = Drawn {
                    seed,
                    profile,
                    file,
                    text: Some(text),
                    input,
                };
                return Outcome::Deferred(Box::new(Deferred {
                    drawn,
                    sig,
                    counted,
                }));
            }
            Cut::Confirm => {}
        }
        c = compare::<G>(&opts.solvers, &input, &text, &ctx.limits.full());
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
    let keep = super::keepable(&text);
    let agreed =
        (keep && c.signature.is_none() && c.compared && seen.wants_agreed(opts)).then(|| {
            let agreed = Agreed {
                text: text.clone(),
                parts: Vec::new(),
                right: 1,
            };
            Box::new((seed, agreed))
        });
    let sample = c
        .signature
        .as_ref()
        .filter(|sig| keep && seen.wants_sample(opts, sig))
        .map(|_| {
            Box::new(Sample {
                text: text.clone(),
                records: corpus::records::<G>(&opts.solvers, &c.runs),
                case: text.clone(),
            })
        });
    let finding = c.signature.map(|sig| {
        let news = seen.news(&sig, &text);
        (
            sig,
            news.then(|| Exemplar {
                count: 1,
                seed,
                profile,
                files: file.into_iter().collect(),
                records: corpus::records::<G>(&opts.solvers, &c.runs),
                input,
                text,
                packed: None,
            }),
        )
    });
    Outcome::Done(Case {
        compared: c.compared,
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
