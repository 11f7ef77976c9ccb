//! How far and how cheaply findings shrink. Run with
//! `cargo bench --bench shrink [-- SECONDS_PER_GAME] [SECTION...]` (sections:
//! the game ids, `pigs-import`, `xiangqi-program`, `chutes-overshoot`; all
//! by default); results
//! are recorded in docs/performance.md.
//!
//! * Per game, a campaign of `engine,reference` (as `diff` draws its cases,
//!   profiles in turn) until each signature of `corpus/` has shown up or the
//!   time is spent; each first finding of a signature is shrunk from its
//!   tape as `diff` does, and its size is set against the smallest stored
//!   exemplar of the signature (the goal is at most 1.25 times as large).
//! * pigs fuzz inputs, decoded and shrunk as `gamefuzz import` does.
//! * xiangqi `max` findings of a program that answers NO where the engine
//!   says YES (`engine,cmd:PROG`): files of many cases, where candidates
//!   that pack are decided several to a program run.
//! * chutes findings of a program that mishandles overshoot (the blog's
//!   C++ from ../shared, patched to bounce back from 100 instead of
//!   ignoring the throw), shrunk as `diff` does (from the tape) and as
//!   `gamefuzz shrink` does (from the text), with its program runs.
//!
//! Seeds are whatever today's generators draw first: the figures are
//! sizes and counts, not a fixed list of cases.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use gamefuzz::corpus;
use gamefuzz::fuzz::{self, DiffOutcome};
use gamefuzz::game::{generate_case, Game, Visit};
use gamefuzz::games::chutes::Chutes;
use gamefuzz::games::pigs::Pigs;
use gamefuzz::games::xiangqi::Xiangqi;
use gamefuzz::id::GameId;
use gamefuzz::shrink::{shrink_finding, ShrinkLimits, Shrunk};
use gamefuzz::solver::{Limits, SolverSpec};
use gamefuzz::verdict::compare;

/// Totals over the findings of a section.
#[derive(Default)]
struct Sum {
    findings: u64,
    at_goal: u64,
    with_goal: u64,
    decided: u64,
    redrawn: u64,
    program_runs: u64,
    incomplete: u64,
}

impl Sum {
    fn add<I>(&mut self, s: &Shrunk<I>, reached: usize, goal: Option<usize>) {
        self.findings += 1;
        self.decided += s.cost.decided;
        self.redrawn += s.cost.redrawn;
        self.program_runs += s.cost.program_runs;
        self.incomplete += u64::from(!s.complete);
        if let Some(g) = goal {
            self.with_goal += 1;
            self.at_goal += u64::from(reached as f64 <= 1.25 * g as f64);
        }
    }

    fn print(&self, what: &str) {
        println!(
            "  {what}: {} findings, {}/{} within 1.25x of the stored exemplar, {} decided ({} redrawn), {} program runs, {} partly shrunk",
            self.findings, self.at_goal, self.with_goal, self.decided, self.redrawn, self.program_runs, self.incomplete
        );
    }
}

fn line<I>(
    what: &str,
    sig: &str,
    from: usize,
    s: &Shrunk<I>,
    to: usize,
    goal: Option<usize>,
    t: Duration,
) {
    let goal = match goal {
        Some(g) => format!("stored {g} ({:.2}x)", to as f64 / g as f64),
        None => "not in corpus/".to_string(),
    };
    println!(
        "  {what:<22} [{sig}] {from} -> {to} bytes, {goal}, {} decided ({} redrawn), {} program runs{}, {:.1}s",
        s.cost.decided,
        s.cost.redrawn,
        s.cost.program_runs,
        if s.complete { "" } else { ", partly shrunk" },
        t.as_secs_f64()
    );
}

fn stored<G: Game>() -> BTreeMap<String, usize> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(G::ID.name());
    corpus::smallest_by_signature(corpus::load_dir(&dir).expect("corpus/ loads"))
        .into_iter()
        .map(|(sig, e)| (sig, e.input.len()))
        .collect()
}

struct Campaign(Duration);

impl Visit for Campaign {
    type Out = ();
    fn visit<G: Game>(self) {
        let goals = stored::<G>();
        let solvers = fuzz::solvers::<G>();
        let limits = Limits::default();
        println!("{} ({} stored signatures):", G::ID, goals.len());
        let mut sum = Sum::default();
        let mut seen = BTreeMap::new();
        // The campaign's time is the drawing and comparing; shrinking
        // has its own bound.
        let mut drawing = Duration::ZERO;
        let mut seed = 0u64;
        while drawing < self.0 && goals.keys().any(|k| !seen.contains_key(k)) {
            let t = Instant::now();
            let profile = G::PROFILES[(seed % G::PROFILES.len() as u64) as usize].name;
            let (input, tape) = generate_case::<G>(seed, profile);
            seed += 1;
            let text = G::render(&input);
            let sig = compare::<G>(&solvers, &input, &text, &limits).signature;
            drawing += t.elapsed();
            let Some(sig) = sig else {
                continue;
            };
            if seen.insert(sig.clone(), ()).is_some() {
                continue;
            }
            let t = Instant::now();
            let bounds = ShrinkLimits::default();
            let (s, _) = shrink_finding::<G>(
                &solvers,
                &sig,
                input,
                Some((tape, profile)),
                &limits,
                &bounds,
            );
            let to = G::render(&s.input).len();
            let goal = goals.get(&sig).copied();
            line(
                &format!("seed {} {profile}", seed - 1),
                &sig,
                text.len(),
                &s,
                to,
                goal,
                t.elapsed(),
            );
            sum.add(&s, to, goal);
        }
        let missing = goals.keys().filter(|k| !seen.contains_key(*k)).count();
        sum.print(&format!(
            "{} cases drawn, {missing} stored signatures not met",
            seed
        ));
    }
}

/// Fuzz inputs of `diff_pigs`, imported: decoded, then shrunk from their tape.
fn pigs_import(count: usize) {
    println!("pigs fuzz inputs, as import shrinks them:");
    let goals = stored::<Pigs>();
    let solvers = fuzz::solvers::<Pigs>();
    let mut sum = Sum::default();
    for seed in 0.. {
        if sum.findings as usize >= count {
            break;
        }
        let data = fuzz::seed_bytes::<Pigs>(seed);
        let DiffOutcome::Known(sig) = fuzz::diff_check::<Pigs>(&data) else {
            continue;
        };
        let d = fuzz::decode::<Pigs>(&data);
        let from = Pigs::render(&d.input).len();
        let t = Instant::now();
        let (s, _) = shrink_finding::<Pigs>(
            &solvers,
            &sig,
            d.input,
            Some((d.tape, d.profile)),
            &Limits::default(),
            &ShrinkLimits::default(),
        );
        let to = Pigs::render(&s.input).len();
        let goal = goals.get(&sig).copied();
        let what = format!("input {seed}, {} pigs", s.input.seats.len());
        line(&what, &sig, from, &s, to, goal, t.elapsed());
        sum.add(&s, to, goal);
    }
    sum.print("pigs import");
}

/// The blog's chutes program, patched so that a throw past 100 bounces
/// back from 100 instead of being ignored.
fn bouncing_chutes() -> Option<PathBuf> {
    let shared = std::env::var_os("GAMEFUZZ_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let src = std::fs::read_to_string(shared.join("reference-cpp/chutes.cpp")).ok()?;
    let ignore = "if(player[players%n]>100)player[players%n]-=die[dies];";
    let bounce = "if(player[players%n]>100)player[players%n]=200-player[players%n];";
    assert!(src.contains(ignore), "the blog's chutes program changed");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let cpp = dir.join("chutes-bounce.cpp");
    let bin = dir.join("chutes-bounce");
    std::fs::write(&cpp, src.replace(ignore, bounce)).ok()?;
    let ok = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&bin)
        .arg(&cpp)
        .status()
        .ok()?;
    ok.success().then_some(bin)
}

fn chutes_overshoot(count: usize) {
    let Some(prog) = bouncing_chutes() else {
        println!("chutes overshoot: skipped (needs g++ and ../shared/reference-cpp/chutes.cpp)");
        return;
    };
    let cmd = SolverSpec::Cmd(vec![prog.display().to_string()]);
    let limits = Limits::default();
    for solvers in [
        vec![SolverSpec::Engine, cmd.clone()],
        vec![SolverSpec::Engine, SolverSpec::Reference, cmd.clone()],
    ] {
        let names: Vec<String> = solvers
            .iter()
            .map(|s| s.to_string().replace(&prog.display().to_string(), "PROG"))
            .collect();
        println!(
            "chutes, a program that bounces back from 100, --solvers {}:",
            names.join(",")
        );
        let (mut from_tape, mut from_text) = (Sum::default(), Sum::default());
        let mut found = 0;
        for seed in 0.. {
            if found >= count {
                break;
            }
            let profile = Chutes::PROFILES[(seed % Chutes::PROFILES.len() as u64) as usize].name;
            let (input, tape) = generate_case::<Chutes>(seed, profile);
            let text = Chutes::render(&input);
            let Some(sig) = compare::<Chutes>(&solvers, &input, &text, &limits).signature else {
                continue;
            };
            let sig_shown = sig.replace(&prog.display().to_string(), "PROG");
            found += 1;
            let finding: Finding<Chutes> = Finding {
                solvers: &solvers,
                sig: &sig,
                shown: &sig_shown,
                input: &input,
                tape,
                profile,
            };
            finding.shrink_both_ways(
                |how, s: &<Chutes as Game>::Input| {
                    format!("seed {seed} {how}, {} throws", s.throws().len())
                },
                [&mut from_tape, &mut from_text],
            );
        }
        from_tape.print("as diff shrinks (with the tape)");
        from_text.print("as shrink shrinks (from the text)");
    }
}

/// A generated finding of a program, to shrink both ways.
struct Finding<'a, G: Game> {
    solvers: &'a [SolverSpec],
    sig: &'a str,
    /// The signature as printed, the program's path left out.
    shown: &'a str,
    input: &'a G::Input,
    tape: Vec<u64>,
    profile: &'static str,
}

impl<G: Game> Finding<'_, G> {
    /// Shrinks the finding as `diff` does (from its tape) and as `shrink`
    /// does (from its text), printing a line and adding to a sum for each;
    /// `label` names a line from how and what it reached.
    fn shrink_both_ways(self, label: impl Fn(&str, &G::Input) -> String, sums: [&mut Sum; 2]) {
        let from = G::render(self.input).len();
        let tape = Some((self.tape, self.profile));
        for ((how, tape), sum) in [("diff", tape), ("shrink", None)].into_iter().zip(sums) {
            let t = Instant::now();
            let (s, _) = shrink_finding::<G>(
                self.solvers,
                self.sig,
                self.input.clone(),
                tape,
                &Limits::default(),
                &ShrinkLimits::default(),
            );
            let to = G::render(&s.input).len();
            line(
                &label(how, &s.input),
                self.shown,
                from,
                &s,
                to,
                None,
                t.elapsed(),
            );
            sum.add(&s, to, None);
        }
    }
}

/// A program wrong on every mate: the engine's answers with YES turned NO.
fn mate_blind_program() -> SolverSpec {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("mate-blind.sh");
    let body = format!(
        "#!/bin/sh\n'{}' solve xiangqi | sed s/YES/NO/\n",
        env!("CARGO_BIN_EXE_gamefuzz")
    );
    std::fs::write(&path, body).expect("write the program");
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(&path, mode).expect("make it executable");
    SolverSpec::Cmd(vec![path.display().to_string()])
}

fn xiangqi_program(count: usize) {
    let prog = mate_blind_program();
    let solvers = [SolverSpec::Engine, prog];
    let limits = Limits::default();
    println!("xiangqi max, a program that answers NO to every mate, --solvers engine,cmd:PROG:");
    let (mut from_tape, mut from_text) = (Sum::default(), Sum::default());
    let mut found = 0;
    for seed in 0.. {
        if found >= count {
            break;
        }
        let (input, tape) = generate_case::<Xiangqi>(seed, "max");
        let text = Xiangqi::render(&input);
        let Some(sig) = compare::<Xiangqi>(&solvers, &input, &text, &limits).signature else {
            continue;
        };
        found += 1;
        let cases = input.cases.len();
        let finding: Finding<Xiangqi> = Finding {
            solvers: &solvers,
            sig: &sig,
            shown: "NO/YES",
            input: &input,
            tape,
            profile: "max",
        };
        finding.shrink_both_ways(
            |how, _: &_| format!("seed {seed} {how}, {cases} cases"),
            [&mut from_tape, &mut from_text],
        );
    }
    from_tape.print("as diff shrinks (with the tape)");
    from_text.print("as shrink shrinks (from the text)");
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let secs: f64 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(60.0);
    let only: Vec<&str> = args
        .iter()
        .filter(|a| a.parse::<f64>().is_err())
        .map(|a| a.as_str())
        .collect();
    let wanted = |name: &str| only.is_empty() || only.contains(&name);
    for &g in GameId::ALL {
        if wanted(g.name()) {
            g.dispatch(Campaign(Duration::from_secs_f64(secs)));
        }
    }
    if wanted("pigs-import") {
        pigs_import(12);
    }
    if wanted("xiangqi-program") {
        xiangqi_program(5);
    }
    if wanted("chutes-overshoot") {
        chutes_overshoot(5);
    }
}
