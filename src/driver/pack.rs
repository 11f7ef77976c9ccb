//! `--pack`: several cases in one file per solver run, split back by case.

use super::case::{draw, run_alone, Confirm};
use super::{
    Agreed, Case, Ctx, DiffOptions, Drawn, Exemplar, Health, Outcome, Sample, Seen, PACKED,
};
use crate::corpus;
use crate::game::Game;
use crate::solver::{Limits, Run};
use crate::verdict::{compare, signature, Comparison};

/// Runs the cases `local` (consecutive local indices) packed into files by
/// [`pack_groups`]: every solver runs once per file, the
/// outputs are split back by case and compared case by case. A case that
/// diverges is re-run alone where [`settle`] says so, so its finding
/// (signature, seed, profile) is exactly what an unpacked run reports. If
/// no case of a diverging file diverges alone, the whole file is the
/// finding (marked `packed`). Files and re-runs wait for [`Ctx::running`];
/// what is left is dropped.
///
/// A re-run alone costs a process, as much as a whole file: a program
/// wrong on one case in six would spend most of a packed run on re-runs.
/// So a diverging case is only counted, without a re-run, when the worker
/// has already confirmed its signature alone and the case could not be a
/// smaller exemplar ([`Seen::news`]): what the run reports and stores is
/// confirmed alone all the same. The other diverging cases wait for the
/// end of the block, where [`settle`] re-runs the fewest of them. The
/// price: a program that also goes wrong from state kept between cases
/// shows that as a `packed: ` finding only in files where no case diverges
/// with a signature confirmed alone.
pub(super) fn run_block<G: Game>(
    ctx: &Ctx,
    seen: &mut Seen,
    local: &[u64],
) -> Vec<Outcome<G::Input>> {
    let opts = ctx.opts;
    let mut results: Vec<Option<Outcome<G::Input>>> = (0..local.len()).map(|_| None).collect();
    // The valid cases, with their place in the block.
    let mut cases: Vec<(usize, Drawn<G::Input>)> = Vec::with_capacity(local.len());
    for (k, &i) in local.iter().enumerate() {
        // Drawing a block of large cases takes time of its own: once the
        // run's time is up, none of its files would run.
        if !ctx.running() {
            return local.iter().map(|_| Outcome::Dropped).collect();
        }
        match draw::<G>(ctx, i) {
            Ok(d) => cases.push((k, d)),
            Err(why) => results[k] = Some(Outcome::Invalid(why)),
        }
    }
    let inputs: Vec<&G::Input> = cases.iter().map(|c| &c.1.input).collect();
    let files = pack_groups::<G>(&inputs);
    let mut ran: Vec<(Vec<usize>, FileRun<'_, G>)> = Vec::new();
    for (members, packed) in files {
        if !ctx.running() {
            break;
        }
        // `G::pack` promises a valid file; one that is not (a bug of the
        // harness) must not reach the solvers, so its cases run alone.
        if members.len() == 1 || G::validate(&packed).is_err() {
            debug_assert!(members.len() == 1, "an invalid packed file");
            for &m in &members {
                let (k, d) = &cases[m];
                let r = run_alone::<G>(ctx, seen, d.clone(), Confirm::Aside);
                seen.note(&r);
                results[*k] = Some(r);
            }
            continue;
        }
        let group: Vec<&Drawn<G::Input>> = members.iter().map(|&i| &cases[i].1).collect();
        let last = cases[*members.last().expect("two or more")].0;
        let last_index = opts
            .case_index(local[last])
            .expect("workers only draw cases that have an index");
        let file = run_packed::<G>(ctx, seen, group, packed, last_index);
        ran.push((members, file));
    }
    let (members_of, mut files): (Vec<_>, Vec<_>) = ran.into_iter().unzip();
    settle::<G>(ctx, seen, &mut files);
    for (members, file) in members_of.into_iter().zip(files) {
        for (i, r) in members.iter().zip(finish::<G>(ctx, seen, file)) {
            results[cases[*i].0] = Some(r);
        }
    }
    results
        .into_iter()
        .map(|r| r.unwrap_or(Outcome::Dropped))
        .collect()
}

/// Splits `inputs` into files for one process run each: every input joins
/// the first file that `G::pack` still takes it into, so
/// inputs that pack together need not be neighbours (chutes inputs pack only
/// when their throw lists agree). Returns each file's member indices, in
/// order, with the packed input. Where input `i` goes depends only on the
/// inputs before it, so cutting `inputs` right after a file's last member
/// rebuilds that file unchanged.
pub fn pack_groups<G: Game>(inputs: &[&G::Input]) -> Vec<(Vec<usize>, G::Input)> {
    let mut files: Vec<(Vec<usize>, G::Input)> = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        // No clone and no validation per try: a file may hold a 19 MB
        // generals case that a dozen later inputs try to join.
        let joined = files.iter_mut().find_map(|(members, packed)| {
            let p = G::pack(&[&*packed, input])?;
            Some((members, packed, p))
        });
        match joined {
            Some((members, packed, p)) => {
                members.push(i);
                *packed = p;
            }
            None => files.push((vec![i], (*input).clone())),
        }
    }
    files
}

/// One packed file run, its cases decided or open (`None`) until
/// [`settle`], then finished by [`finish`].
struct FileRun<'a, G: Game> {
    group: Vec<&'a Drawn<G::Input>>,
    packed: G::Input,
    text: String,
    whole: Comparison<G::Output>,
    results: Vec<Option<Outcome<G::Input>>>,
    /// The cases whose part of the output shows a divergence that only a
    /// run alone can confirm.
    open: Vec<Open<G::Output>>,
    /// The campaign index of the file's last case (a `packed: ` finding's
    /// `--cases`).
    last_index: u64,
}

/// A case of a packed file left open for [`settle`].
struct Open<O> {
    /// Its place in the file.
    place: usize,
    /// The signature its part of the output shows.
    sig: String,
    text: String,
    /// Every solver's run on its part of the output.
    runs: Vec<Option<Run<O>>>,
}

/// Runs one packed file (see [`run_block`]): its cases as far as its
/// output decides them.
fn run_packed<'a, G: Game>(
    ctx: &Ctx,
    seen: &mut Seen,
    group: Vec<&'a Drawn<G::Input>>,
    packed: G::Input,
    last_index: u64,
) -> FileRun<'a, G> {
    let text = G::render(&packed);
    let parts: Vec<&G::Input> = group.iter().map(|c| &c.input).collect();
    let whole = compare::<G>(&ctx.opts.solvers, &packed, &text, &ctx.limits);
    let mut open = Vec::new();
    let results = if whole.interrupted() {
        group.iter().map(|_| Some(Outcome::Dropped)).collect()
    } else {
        match split_runs::<G>(&parts, &whole.runs) {
            Some(per_solver) => {
                let file = (&text[..], &whole.runs[..]);
                let mut results = Vec::with_capacity(group.len());
                for (j, d) in group.iter().enumerate() {
                    let runs: Vec<_> = per_solver.iter().map(|r| r[j].clone()).collect();
                    match decided::<G>(ctx.opts, seen, d, &runs, file) {
                        Ok(o) => results.push(Some(o)),
                        Err((sig, text)) => {
                            open.push(Open {
                                place: j,
                                sig,
                                text,
                                runs,
                            });
                            results.push(None);
                        }
                    }
                }
                results
            }
            // A run that cannot be split back (a timeout, a crash): halves
            // of the file run again, down to cases alone, so that a program
            // that hangs on one case costs a few runs of smaller files, not
            // one run per case.
            None if whole.signature.is_some() => halves::<G>(ctx, seen, &group)
                .into_iter()
                .map(Some)
                .collect(),
            None => group
                .iter()
                .map(|_| Some(counted(whole.compared, None)))
                .collect(),
        }
    };
    FileRun {
        group,
        packed,
        text,
        whole,
        results,
        open,
        last_index,
    }
}

/// Decides the open cases of a block's files, smallest first (the order
/// of [`smaller`](crate::verdict::smaller)): a case is re-run alone while
/// it could still be the smallest exemplar of its signature
/// ([`Seen::news`]), and counted under the signature its packed answer
/// shows once a smaller case has confirmed that signature alone. Taken in
/// the order of the files, a block whose later cases are smaller would
/// re-run one case per smaller exemplar; taken smallest first, a program
/// that answers a case alone as it does packed costs a block at most one
/// re-run per signature (none once the worker's exemplar is smaller than
/// the block's cases), and the exemplars are the ones a run of one case
/// per process finds. A program wrong only from state kept between cases
/// (its re-runs alone agree) gets every open case re-run alone, as one by
/// one it would.
fn settle<G: Game>(ctx: &Ctx, seen: &mut Seen, files: &mut [FileRun<'_, G>]) {
    let mut open: Vec<(usize, usize)> = files
        .iter()
        .enumerate()
        .flat_map(|(fi, f)| (0..f.open.len()).map(move |oi| (fi, oi)))
        .collect();
    open.sort_by(|&(fa, oa), &(fb, ob)| {
        let (a, b) = (&files[fa].open[oa].text, &files[fb].open[ob].text);
        (a.len(), a).cmp(&(b.len(), b))
    });
    for (fi, oi) in open {
        let f = &mut files[fi];
        let case = &f.open[oi];
        let outcome = match seen.news(&case.sig, &case.text) {
            true => alone::<G>(ctx, seen, f.group[case.place]),
            false => {
                let file = (&f.text[..], &f.whole.runs[..]);
                let (sig, text) = (case.sig.clone(), case.text.clone());
                count_diverging::<G>(ctx.opts, seen, &case.runs, sig, text, file)
            }
        };
        f.results[case.place] = Some(outcome);
    }
}

/// A file's cases once settled: with the file kept as an input where the
/// program was right, its `packed: ` finding if it has one, and the
/// health of its runs.
fn finish<G: Game>(ctx: &Ctx, seen: &mut Seen, file: FileRun<'_, G>) -> Vec<Outcome<G::Input>> {
    let FileRun {
        group,
        packed,
        text,
        whole,
        results,
        last_index,
        ..
    } = file;
    let mut results: Vec<Outcome<G::Input>> = results
        .into_iter()
        .map(|r| r.unwrap_or(Outcome::Dropped))
        .collect();
    if whole.interrupted() {
        return results;
    }
    if super::keepable(&text) && seen.wants_agreed(ctx.opts) {
        agreed_in::<G>(ctx.opts, seen, &group, &text, &whole, &mut results);
    }
    let finding = match (&whole.signature, unexplained(&results)) {
        (Some(_), true) => packed_finding::<G>(ctx, &group, packed, text, &whole, last_index),
        _ => None,
    };
    with_health(&mut results, Health::of(&ctx.opts.solvers, &whole.runs));
    if let Some(Outcome::Done(first)) = results.iter_mut().find(|r| matches!(r, Outcome::Done(_))) {
        if let Some((sig, ex)) = finding {
            first.finding = Some((sig, Some(ex)));
        }
    }
    results
}

/// Keeps the file as an input where the program was right, on the cases
/// before the first where any solver diverged in this very run (not in a
/// case's run alone, where a program's state from the cases before it is
/// gone).
fn agreed_in<G: Game>(
    opts: &DiffOptions,
    seen: &mut Seen,
    group: &[&Drawn<G::Input>],
    text: &str,
    whole: &crate::verdict::Comparison<G::Output>,
    results: &mut [Outcome<G::Input>],
) {
    let parts: Vec<&G::Input> = group.iter().map(|c| &c.input).collect();
    let Some(per_solver) = split_runs::<G>(&parts, &whole.runs) else {
        return;
    };
    let right = (0..group.len())
        .take_while(|&j| {
            let runs: Vec<_> = per_solver.iter().map(|r| r[j].clone()).collect();
            let (sig, compared) = signature::<G>(&opts.solvers, &group[j].input, &runs);
            sig.is_none() && compared
        })
        .count();
    let Some(Outcome::Done(first)) = results.first_mut() else {
        return;
    };
    if right == 0 || first.agreed.is_some() {
        return;
    }
    let agreed = Agreed {
        text: text.to_string(),
        parts: group
            .iter()
            .map(|d| d.text.clone().unwrap_or_else(|| G::render(&d.input)))
            .collect(),
        right,
    };
    first.agreed = Some(Box::new((group[0].seed, agreed)));
    seen.agreed += 1;
}

/// Hands a file run's health (which solvers answered, and their faults)
/// in with the first case counted.
fn with_health<I>(results: &mut [Outcome<I>], health: Health) {
    if let Some(Outcome::Done(first)) = results.iter_mut().find(|r| matches!(r, Outcome::Done(_))) {
        first.health.merge(health);
    }
}

/// A packed file's text and every solver's run on it.
type PackedRun<'a, O> = (&'a str, &'a [Option<Run<O>>]);

/// A case re-run alone, or dropped when that would overrun the run's time.
fn alone<G: Game>(ctx: &Ctx, seen: &mut Seen, d: &Drawn<G::Input>) -> Outcome<G::Input> {
    if !ctx.running() {
        return Outcome::Dropped;
    }
    let r = run_alone::<G>(ctx, seen, d.clone(), Confirm::Here);
    seen.note(&r);
    r
}

/// The cases of a file whose run could not be split, run again as two
/// packed halves, and a half whose run cannot be split either halved
/// again, down to single cases alone: one hanging case in 32 costs about
/// 11 runs. Where both halves fail, failing is no exception among these
/// cases, and halving further would only add runs: their cases run alone.
/// Before that, a half cut at a limit calibrated on the program's answers
/// runs once more with the full limit: on a busy machine the half without
/// the hang may merely have been slow, and taking it for a second failure
/// would run every case of both alone. (A program that has answered
/// nothing yet, cut at the probe limit, is not given the full limit here:
/// one that never answers would cost it at every file.)
fn halves<G: Game>(
    ctx: &Ctx,
    seen: &mut Seen,
    group: &[&Drawn<G::Input>],
) -> Vec<Outcome<G::Input>> {
    if let [one] = group {
        return vec![alone::<G>(ctx, seen, one)];
    }
    let (a, b) = group.split_at(group.len() / 2);
    let parts_of = [a, b];
    let mut ran: Vec<Option<Outcomes<G::Input>>> = Vec::new();
    let mut cut = Vec::new();
    for half in parts_of {
        let parts: Vec<&G::Input> = half.iter().map(|d| &d.input).collect();
        let packed = match half.len() {
            1 => None,
            _ => G::pack(&parts).filter(|p| G::validate(p).is_ok()),
        };
        let outcomes = match packed {
            None => Some(half.iter().map(|d| alone::<G>(ctx, seen, d)).collect()),
            Some(_) if !ctx.running() => Some(half.iter().map(|_| Outcome::Dropped).collect()),
            Some(p) => {
                let (outcomes, early) = run_half::<G>(ctx, seen, half, &p, &ctx.limits);
                if early {
                    cut.push((ran.len(), p));
                }
                outcomes
            }
        };
        ran.push(outcomes);
    }
    if ran.iter().all(Option::is_none) {
        if let Some((i, p)) = cut.into_iter().next().filter(|_| ctx.running()) {
            ran[i] = run_half::<G>(ctx, seen, parts_of[i], &p, &ctx.limits.full()).0;
        }
    }
    let both = ran.iter().all(Option::is_none);
    let mut out = Vec::with_capacity(group.len());
    for (half, outcomes) in parts_of.into_iter().zip(ran) {
        match outcomes {
            Some(o) => out.extend(o),
            None if both => out.extend(
                half.iter()
                    .map(|d| alone::<G>(ctx, seen, d))
                    .collect::<Vec<_>>(),
            ),
            None => out.extend(halves::<G>(ctx, seen, half)),
        }
    }
    out
}

/// Runs every solver once on a packed half of a file (see [`halves`])
/// within `limits`: the cases' outcomes when the runs split back by case,
/// re-run alone where their part of the output does not decide them
/// (`None` when a run cannot be split; all dropped when a run was cut
/// short), and whether a run was cut at a limit calibrated on the
/// program's answers.
fn run_half<G: Game>(
    ctx: &Ctx,
    seen: &mut Seen,
    half: &[&Drawn<G::Input>],
    packed: &G::Input,
    limits: &Limits,
) -> (Option<Outcomes<G::Input>>, bool) {
    let text: &str = &G::render(packed);
    let parts: Vec<&G::Input> = half.iter().map(|c| &c.input).collect();
    let whole = compare::<G>(&ctx.opts.solvers, packed, text, limits);
    let file = (text, &whole.runs[..]);
    let mut split = match whole.interrupted() {
        true => Some(half.iter().map(|_| Outcome::Dropped).collect()),
        false => split_runs::<G>(&parts, &whole.runs).map(|per_solver| {
            let mut results = Vec::with_capacity(half.len());
            for (j, d) in half.iter().enumerate() {
                let runs: Vec<_> = per_solver.iter().map(|r| r[j].clone()).collect();
                match decided::<G>(ctx.opts, seen, d, &runs, file) {
                    Ok(o) => results.push(o),
                    Err(_) => results.push(alone::<G>(ctx, seen, d)),
                }
            }
            results
        }),
    };
    if split.is_none() && whole.signature.is_none() {
        split = Some(half.iter().map(|_| counted(whole.compared, None)).collect());
    }
    if let Some(s) = split.as_mut() {
        with_health(s, Health::of(&ctx.opts.solvers, &whole.runs));
    }
    (split, whole.cut_calibrated())
}

/// The finding of a file that diverges while none of its cases does
/// alone. A timeout at a calibrated limit is confirmed first with the full
/// limit (whose signature is the finding's); none if it does not hold.
fn packed_finding<G: Game>(
    ctx: &Ctx,
    group: &[&Drawn<G::Input>],
    packed: G::Input,
    text: String,
    whole: &Comparison<G::Output>,
    last_index: u64,
) -> Option<(String, Exemplar<G::Input>)> {
    let opts = ctx.opts;
    let full;
    let whole = match whole.cut_early() {
        false => whole,
        true if !ctx.running() => return None,
        true => {
            full = compare::<G>(&opts.solvers, &packed, &text, &ctx.limits.full());
            &full
        }
    };
    let sig = whole.signature.as_ref().filter(|_| !whole.interrupted())?;
    let first = &group[0];
    Some((
        format!("{PACKED}{sig}"),
        Exemplar {
            count: 1,
            seed: first.seed,
            profile: first.profile,
            files: group.iter().filter_map(|d| d.file.clone()).collect(),
            records: corpus::records::<G>(&opts.solvers, &whole.runs),
            input: packed,
            text,
            packed: Some(last_index + 1),
        },
    ))
}

/// What a case's part of a packed run decides on its own: no divergence,
/// or one whose signature the worker has confirmed alone and of which
/// the case could not be a smaller exemplar (see [`run_block`]); else the
/// signature it shows, which only a run alone can confirm.
fn decided<G: Game>(
    opts: &DiffOptions,
    seen: &Seen,
    d: &Drawn<G::Input>,
    runs: &[Option<Run<G::Output>>],
    file: PackedRun<'_, G::Output>,
) -> Result<Outcome<G::Input>, (String, String)> {
    let (sig, compared) = signature::<G>(&opts.solvers, &d.input, runs);
    let Some(sig) = sig else {
        return Ok(counted(compared, None));
    };
    let text = d.text.clone().unwrap_or_else(|| G::render(&d.input));
    if seen.news(&sig, &text) {
        return Err((sig, text));
    }
    Ok(count_diverging::<G>(opts, seen, runs, sig, text, file))
}

/// A case counted under signature `sig` that its part of a packed run
/// shows, with that file as a sample. The sample is the whole file and
/// every solver's run on it: a program carries its state from case to
/// case, so what it printed for this case is what a mistake must print in
/// this file, not alone.
fn count_diverging<G: Game>(
    opts: &DiffOptions,
    seen: &Seen,
    runs: &[Option<Run<G::Output>>],
    sig: String,
    text: String,
    file: PackedRun<'_, G::Output>,
) -> Outcome<G::Input> {
    // As `signature` says: at least two solvers ran.
    let compared = runs.iter().flatten().count() >= 2;
    let sample = (super::keepable(file.0) && seen.wants_sample(opts, &sig)).then(|| {
        Box::new(Sample {
            records: corpus::records::<G>(&opts.solvers, file.1),
            text: file.0.to_string(),
            case: text,
        })
    });
    let mut outcome = counted(compared, Some(sig));
    if let Outcome::Done(case) = &mut outcome {
        case.sample = sample;
    }
    outcome
}

/// A case only counted: compared or not, and the signature it diverges
/// with, if any, without an exemplar.
fn counted<I>(compared: bool, sig: Option<String>) -> Outcome<I> {
    Outcome::Done(Case {
        compared,
        health: Health::default(),
        finding: sig.map(|s| (s, None)),
        sample: None,
        agreed: None,
    })
}

/// Each solver's run on a packed file, split back into one run per case of
/// `parts` (`None` for every case where the solver did not run); `None`
/// when a run cannot be split.
fn split_runs<G: Game>(
    parts: &[&G::Input],
    runs: &[Option<Run<G::Output>>],
) -> Option<Vec<CaseRuns<G::Output>>> {
    runs.iter()
        .map(|run| match run {
            None => Some(vec![None; parts.len()]),
            Some(Run { result: Ok(o), .. }) => G::unpack_output(parts, o)
                .map(|outs| outs.into_iter().map(|o| Some(Run::answer(o))).collect()),
            Some(_) => None,
        })
        .collect()
}

/// Whether a diverging file's divergence is its own: every case of it was
/// confirmed (none dropped) and none diverges alone.
fn unexplained<I>(results: &[Outcome<I>]) -> bool {
    let mut confirmed = true;
    let mut alone_found = false;
    for r in results {
        match r {
            Outcome::Dropped | Outcome::Deferred(_) => confirmed = false,
            Outcome::Done(c) => alone_found |= c.finding.is_some(),
            Outcome::Invalid(_) => {}
        }
    }
    confirmed && !alone_found
}

/// The outcomes of the cases of a file, in order.
type Outcomes<I> = Vec<Outcome<I>>;

/// One solver's runs split by case (`None` where it does not apply).
type CaseRuns<O> = Vec<Option<Run<O>>>;
