//! The end-of-run report of each signature: shrinking, storing, the
//! command that rebuilds it.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::{
    Agreed, DiffOptions, Exemplar, FaultNote, RuleHits, Sample, ShrinkState, SignatureReport,
    PACKED,
};
use crate::corpus::{self, SolverRecord, Stored};
use crate::explain::{self, Finding};
use crate::game::{generate_case, parse_valid, Game};
use crate::interrupt;
use crate::shell::quote_arg;
use crate::shrink::{self, ShrinkLimits};
use crate::solver::SolverSpec;
use crate::verdict::{self, compare, smaller, Comparison};

/// The command that re-runs the campaign prefix holding a packed-only
/// finding; for judge input files, the files of its pack.
fn packed_repro_command(game: &str, opts: &DiffOptions, cases: u64, files: &[PathBuf]) -> String {
    if !files.is_empty() {
        let files: Vec<String> = files
            .iter()
            .map(|f| quote_arg(&f.display().to_string()).into_owned())
            .collect();
        return format!(
            "gamefuzz diff {game} --inputs {} --pack {} --solvers {} --no-store",
            files.join(" "),
            opts.pack,
            solver_list_arg(&opts.solvers)
        );
    }
    let mut cmd = format!(
        "gamefuzz diff {game} --seed {} --cases {cases} --pack {} --solvers {} --no-store",
        opts.seed,
        opts.pack,
        solver_list_arg(&opts.solvers)
    );
    if let Some(p) = &opts.profile {
        cmd += &format!(" --profile {p}");
    }
    if opts.shard.1 > 1 {
        cmd += &format!(" --shard {}/{}", opts.shard.0 + 1, opts.shard.1);
    }
    cmd
}

/// A `--solvers` value as one shell argument.
fn solver_list_arg(solvers: &[SolverSpec]) -> String {
    let list: Vec<String> = solvers.iter().map(|s| s.to_string()).collect();
    quote_arg(&list.join(",")).into_owned()
}

/// The shell command that rebuilds a finding.
pub fn repro_command(game: &str, seed: u64, profile: &str, solvers: &[SolverSpec]) -> String {
    format!(
        "gamefuzz repro {game} --seed {seed} --profile {profile} --solvers {}",
        solver_list_arg(solvers)
    )
}

/// The shell command that shows a finding read from a judge input file:
/// shrinking it shows the divergence, then the smallest input with it.
pub fn file_repro_command(game: &str, file: &str, solvers: &[SolverSpec]) -> String {
    format!(
        "gamefuzz shrink {game} --solvers {} {}",
        solver_list_arg(solvers),
        quote_arg(file)
    )
}

/// Reports every signature found, shrinking and storing its exemplar
/// (into the corpus, if the run has one), in signature order, then
/// explains each.
///
/// The shrink time of the run is shared, cheapest first: a signature
/// whose program times out last (every candidate that keeps it costs the
/// program's time limit), smaller exemplars first. Each gets half of the
/// time left and an equal share of the other half with the ones after it:
/// a cheap one takes little and leaves the rest to the next, an expensive
/// one cannot take it all. The explanation is a stage of its own, after
/// every signature is shrunk, with its own time (`DiffOptions::explain`),
/// so a shrink cut short still gets its explanation.
pub(super) fn report_signatures<G: Game>(
    opts: &DiffOptions,
    found: BTreeMap<String, Exemplar<G::Input>>,
    samples: &BTreeMap<String, Vec<Sample>>,
    agreed: &[Agreed],
    first_stored: &BTreeMap<String, Stored>,
) -> anyhow::Result<Vec<SignatureReport>> {
    let corpus_dir = opts.corpus.as_ref().map(|d| d.join(G::ID.name()));
    let known = match &corpus_dir {
        Some(dir) => corpus::smallest_by_signature(corpus::load_dir(dir)?),
        None => BTreeMap::new(),
    };
    let deadline = Instant::now() + opts.shrink.time;
    let mut order: Vec<(String, Exemplar<G::Input>)> = found.into_iter().collect();
    order.sort_by_key(|(sig, ex)| shrink_cost(&opts.solvers, sig, ex.text.len()));
    let n = order.len();
    let mut reports = Vec::with_capacity(n);
    for (i, (sig, ex)) in order.into_iter().enumerate() {
        let share = share(
            deadline.saturating_duration_since(Instant::now()),
            n - i - 1,
        );
        let stored = known.get(ex.stored_signature(&sig));
        let first = first_stored.get(&sig);
        let mut r = signature_report::<G>(opts, stored, sig, ex, share)?;
        // What the corpus gained is what the run's first store of the
        // signature did, whatever replaced that unshrunk entry since.
        if let (Some(first @ (Stored::Added(_) | Stored::Replaced { .. })), Some(_)) =
            (first, r.corpus_status)
        {
            r.corpus_status = Some(first.describe());
        }
        reports.push(r);
    }
    explain_all::<G>(opts, &mut reports, samples, agreed);
    reports.sort_by(|a, b| a.signature.cmp(&b.signature));
    Ok(reports)
}

/// The explanation stage, in two passes. The catalogue first, for every
/// signature, within half of the explain time: a tally runs in process
/// and takes milliseconds, so one signature may use what those before it
/// left, and a name is what a person debugging reads first. Then the
/// variations, which run the programs: each signature, in the order they
/// were shrunk, gets an equal share of the time left, so one that needs
/// little leaves its rest to those after it.
fn explain_all<G: Game>(
    opts: &DiffOptions,
    reports: &mut [SignatureReport],
    samples: &BTreeMap<String, Vec<Sample>>,
    agreed: &[Agreed],
) {
    if opts.explain.is_zero() {
        return;
    }
    let start = Instant::now();
    let deadline = start + opts.explain;
    let parsed: Vec<Option<G::Input>> = (reports.iter())
        .map(|r| parse_valid::<G>(&r.input).ok())
        .collect();
    fn finding<'a, G: Game>(
        opts: &'a DiffOptions,
        samples: &'a BTreeMap<String, Vec<Sample>>,
        agreed: &'a [Agreed],
        r: &'a SignatureReport,
        input: &'a G::Input,
    ) -> Finding<'a, G> {
        let signature = match r.packed {
            true => r.signature.strip_prefix(PACKED).unwrap_or(&r.signature),
            false => &r.signature,
        };
        Finding::<G> {
            signature,
            solvers: &opts.solvers,
            input,
            text: &r.input,
            records: &r.records,
            samples: samples.get(&r.signature).map_or(&[][..], Vec::as_slice),
            agreed,
        }
    }
    let named: Vec<_> = (reports.iter().zip(&parsed))
        .map(|(r, input)| {
            let input = input.as_ref()?;
            let f = finding::<G>(opts, samples, agreed, r, input);
            Some(explain::named::<G>(&f, start + opts.explain / 2))
        })
        .collect();
    let n = reports.len();
    let mut explained = Vec::with_capacity(n);
    for (i, (r, (input, catalogue))) in reports.iter().zip(parsed.iter().zip(named)).enumerate() {
        let left = deadline.saturating_duration_since(Instant::now());
        let until = Instant::now() + left / (n - i) as u32;
        let (Some(input), Some(catalogue)) = (input, catalogue) else {
            explained.push(None);
            continue;
        };
        let f = finding::<G>(opts, samples, agreed, r, input);
        explained.push(Some(explain::explain_named::<G>(
            &f,
            catalogue,
            &opts.limits,
            (opts.vary).then_some(opts.jobs),
            until,
        )));
    }
    for (r, e) in reports.iter_mut().zip(explained) {
        r.explain = e;
    }
}

/// What orders signatures cheapest first for shrinking: whether a program
/// times out in it (every candidate that keeps it costs the program's
/// time limit), then the size of its exemplar.
fn shrink_cost(solvers: &[SolverSpec], sig: &str, bytes: usize) -> (bool, usize) {
    let hangs = solvers.iter().any(|s| verdict::times_out(sig, s));
    (hangs, bytes)
}

/// A signature's part of the shrink time `left` when `later` signatures
/// come after it: half, and an equal share of the other half. Whatever
/// each takes of its part, the parts never pass what is left.
fn share(left: Duration, later: usize) -> Duration {
    left / 2 + left / (2 * (later as u32 + 1))
}

/// The exemplar a signature is reported with, and how it came to be.
struct Reported<I> {
    input: I,
    text: String,
    records: Vec<SolverRecord>,
    seed: Option<u64>,
    profile: Option<String>,
    shrink: ShrinkState,
    note: Option<&'static str>,
}

/// The report of one signature. Its exemplar is shrunk within `share`
/// and stored, unless the corpus holds a shrunk one at least as small; an
/// unshrunk stored one that is smaller is where shrinking starts.
fn signature_report<G: Game>(
    opts: &DiffOptions,
    stored: Option<&corpus::Entry>,
    sig: String,
    ex: Exemplar<G::Input>,
    share: Duration,
) -> anyhow::Result<SignatureReport> {
    // A pack of generated cases reports its first case's seed and profile.
    let (seed, profile) = match ex.files.is_empty() {
        true => (Some(ex.seed), Some(ex.profile.to_string())),
        false => (None, None),
    };
    let file = ex.file();
    let repro = match (ex.packed, &file) {
        (Some(cases), _) => packed_repro_command(G::ID.name(), opts, cases, &ex.files),
        (None, Some(f)) => file_repro_command(G::ID.name(), f, &opts.solvers),
        (None, None) => repro_command(G::ID.name(), ex.seed, ex.profile, &opts.solvers),
    };
    let mut report = SignatureReport {
        signature: sig.clone(),
        count: ex.count,
        seed,
        profile,
        file,
        found_bytes: ex.text.len(),
        shrunk_bytes: ex.text.len(),
        shrink: ShrinkState::NotShrunk,
        shrink_note: None,
        repro,
        repro_rebuilds: REPORTED,
        original_repro: None,
        new: true,
        corpus: None,
        corpus_status: None,
        packed: ex.packed.is_some(),
        faults: FaultNote::of(&ex.records),
        rules: Vec::new(),
        explain: None,
        input: String::new(),
        records: Vec::new(),
    };
    if let Some(entry) = stored.filter(|e| e.meta.shrunk && !smaller(&ex.text, &e.input)) {
        report.shrink = ShrinkState::Known;
        report.shrunk_bytes = entry.input.len();
        report.corpus = Some(entry.path.display().to_string());
        report.corpus_status = Some("known signature: the corpus holds a shrunk exemplar as small");
        report.rules = RuleHits::of::<G>(&entry.input);
        report.input = entry.input.clone();
        report.records = entry.meta.solvers.clone();
        point_repro_at(opts, &mut report, &ex.text);
        return Ok(report);
    }
    let r = shrink_exemplar::<G>(opts, stored, &sig, &ex, share);
    report.shrunk_bytes = r.text.len();
    report.shrink = r.shrink;
    report.shrink_note = r.note;
    report.faults = FaultNote::of(&r.records);
    report.rules = RuleHits::of_input::<G>(&r.input);
    report.input = r.text.clone();
    report.records = r.records.clone();
    if let Some(dir) = &opts.corpus {
        let mut meta = ex.meta::<G>(&sig, r.shrink == ShrinkState::Shrunk);
        meta.solvers = r.records;
        (meta.seed, meta.profile) = (r.seed, r.profile);
        let s = corpus::store(dir, G::ID, &r.text, meta)?;
        report.corpus = Some(s.path().display().to_string());
        report.corpus_status = Some(s.describe());
    }
    point_repro_at(opts, &mut report, &ex.text);
    Ok(report)
}

/// What a repro command rebuilds.
const REPORTED: &str = "reported";
const ORIGINAL: &str = "unshrunk original";

/// Makes the report's repro command show the input it reports: the corpus
/// file that holds it, where it is stored (`--solvers` as in the run); the
/// command that rebuilds the input as found (`found`) stays beside it
/// when that differs, and is the repro command, so marked, when the input
/// reported is not stored.
fn point_repro_at(opts: &DiffOptions, report: &mut SignatureReport, found: &str) {
    let stored = report.corpus.as_deref().and_then(|path| {
        let entry = corpus::load_entry(std::path::Path::new(path)).ok()?;
        (entry.input == report.input).then(|| path.to_string())
    });
    let same = report.input == found;
    match stored {
        Some(path) => {
            let original = std::mem::replace(
                &mut report.repro,
                format!(
                    "gamefuzz repro {} --solvers {}",
                    quote_arg(&path),
                    solver_list_arg(&opts.solvers)
                ),
            );
            report.original_repro = (!same).then_some(original);
        }
        None if !same => report.repro_rebuilds = ORIGINAL,
        None => {}
    }
}

/// Shrinks a finding within `share`, from the smaller of the run's
/// exemplar and an unshrunk stored one that still shows the divergence.
fn shrink_exemplar<G: Game>(
    opts: &DiffOptions,
    stored: Option<&corpus::Entry>,
    sig: &str,
    ex: &Exemplar<G::Input>,
    share: Duration,
) -> Reported<G::Input> {
    let sig = ex.stored_signature(sig);
    let (seed, profile) = ex.origin();
    let profile = profile.map(str::to_string);
    let mut start = Reported {
        input: ex.input.clone(),
        text: ex.text.clone(),
        records: ex.records.clone(),
        seed,
        profile,
        shrink: ShrinkState::NotShrunk,
        note: None,
    };
    let why_not = if opts.shrink.candidates == 0 {
        Some("--no-shrink")
    } else if interrupt::stopped() {
        Some("interrupted")
    } else if share.is_zero() {
        Some("no shrink time left")
    } else {
        None
    };
    if let Some(why) = why_not {
        start.note = Some(why);
        return start;
    }
    // Every run of the shrink, a program's included, ends with its share.
    let opts = &DiffOptions {
        limits: opts.limits.until(Instant::now() + share),
        ..opts.clone()
    };
    // A packed-only finding or a file is shrunk structurally (its cases
    // come from several tapes, or from none); a generated one from its tape
    // first.
    let mut tape = seed.map(|seed| (generate_case::<G>(seed, ex.profile).1, ex.profile));
    if let Some(entry) = stored.filter(|e| smaller(&e.input, &ex.text)) {
        if let Some(c) = reproduces::<G>(opts, &entry.input, sig) {
            start.input = c.0;
            start.text = entry.input.clone();
            start.records = corpus::records::<G>(&opts.solvers, &c.1.runs);
            start.seed = entry.meta.seed;
            start.profile = entry.meta.profile.clone();
            tape = None;
        }
    }
    if opts.progress && std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        crate::console::errln!("{}: shrinking [{sig}] ({} bytes)", G::ID, start.text.len());
    }
    let bounds = ShrinkLimits {
        time: share,
        ..opts.shrink.clone()
    };
    let (shrunk, runs) = shrink::shrink_finding::<G>(
        &opts.solvers,
        sig,
        start.input.clone(),
        tape,
        &opts.limits,
        &bounds,
    );
    if let Some(runs) = runs {
        start.records = corpus::records::<G>(&opts.solvers, &runs);
    }
    start.text = G::render(&shrunk.input);
    start.input = shrunk.input;
    (start.shrink, start.note) = match (shrunk.complete, interrupt::stopped()) {
        (true, _) => (ShrinkState::Shrunk, None),
        (false, true) => (ShrinkState::Partly, Some("interrupted")),
        (false, false) => (ShrinkState::Partly, Some("shrink budget spent")),
    };
    start
}

/// The input of a stored entry, with the comparison on it, if it still
/// shows the divergence `sig` with these solvers.
fn reproduces<G: Game>(
    opts: &DiffOptions,
    text: &str,
    sig: &str,
) -> Option<(G::Input, Comparison<G::Output>)> {
    let input = parse_valid::<G>(text).ok()?;
    let c = compare::<G>(&opts.solvers, &input, text, &opts.limits);
    (c.signature.as_deref() == Some(sig)).then_some((input, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrink_time_goes_to_the_cheapest_first_and_never_runs_over() {
        let p = SolverSpec::Cmd(vec!["./p".into()]);
        let solvers = [SolverSpec::Engine, p];
        let mut sigs = [
            ("engine:ok cmd:./p:timeout", 30),
            ("engine:ok cmd:./p:ok NO/YES", 900),
            ("engine:ok cmd:./p:crash", 40),
        ];
        sigs.sort_by_key(|(sig, bytes)| shrink_cost(&solvers, sig, *bytes));
        let order: Vec<&str> = sigs.iter().map(|s| s.0).collect();
        assert_eq!(
            order,
            [
                "engine:ok cmd:./p:crash",
                "engine:ok cmd:./p:ok NO/YES",
                "engine:ok cmd:./p:timeout"
            ]
        );
        let s = Duration::from_secs;
        assert_eq!(share(s(20), 0), s(20), "the last takes all that is left");
        assert_eq!(share(s(20), 9), s(11));
        // Each taking all of its part, ten signatures stay within 20 s.
        let mut left = s(20);
        for later in (0..10).rev() {
            let part = share(left, later);
            assert!(part <= left);
            left -= part;
        }
        assert_eq!(left, Duration::ZERO);
    }
}
