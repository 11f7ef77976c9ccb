//! Shrinking findings as `diff`, `import` and `shrink` do: how small the
//! result is and how many solver runs it takes. Findings are the first ones
//! today's generators draw, so the bounds are on sizes and counts that any
//! draw should meet, with a wide margin, never on a fixed list of seeds.

use std::collections::HashSet;
mod common;
use std::path::{Path, PathBuf};
use std::time::Duration;

use common::COUNT_CASES;
use gamefuzz::corpus;
use gamefuzz::fault::Budget;
use gamefuzz::fuzz::{self, DiffOutcome};
use gamefuzz::game::{generate_case, Game};
use gamefuzz::games::chutes::Chutes;
use gamefuzz::games::generals::Generals;
use gamefuzz::games::pigs::Pigs;
use gamefuzz::games::stones::Stones;
use gamefuzz::games::xiangqi::{Kind, Xiangqi};
use gamefuzz::shrink::{shrink, shrink_finding, Runs, ShrinkLimits, Shrunk};
use gamefuzz::solver::{run_all_unless, Limits, SolverSpec};
use gamefuzz::verdict::{compare, smaller};

const BIN: &str = env!("CARGO_BIN_EXE_gamefuzz");

/// Generous bounds: the assertions are on the result, not on running out.
fn bounds() -> ShrinkLimits {
    ShrinkLimits {
        time: Duration::from_secs(300),
        candidates: 20_000,
        ..ShrinkLimits::default()
    }
}

/// Shrinks a finding as `diff` does: default solver limits, and the
/// generous [`bounds`].
fn shrink_as_diff<G: Game>(
    solvers: &[SolverSpec],
    sig: &str,
    input: G::Input,
    tape: Option<(Vec<u64>, &str)>,
) -> (Shrunk<G::Input>, Option<Runs<G::Output>>) {
    shrink_finding::<G>(solvers, sig, input, tape, &Limits::default(), &bounds())
}

fn script(dir: &Path, name: &str, body: &str) -> SolverSpec {
    SolverSpec::Cmd(vec![common::script(dir, name, body).display().to_string()])
}

/// The engine, and a program that prints the engine's answers through
/// `sed` with `edit`: wrong exactly where the edit applies.
fn engine_and_edited(dir: &Path, game: &str, edit: &str) -> [SolverSpec; 2] {
    let body = format!("{BIN} solve {game} | sed '{edit}'");
    [SolverSpec::Engine, script(dir, "edited", &body)]
}

/// The first generated input of `profile` on which `solvers` diverge, with
/// its tape and signature.
fn first_finding<G: Game>(
    solvers: &[SolverSpec],
    profile: &'static str,
) -> (G::Input, Vec<u64>, String) {
    for seed in 0..2_000 {
        let (input, tape) = generate_case::<G>(seed, profile);
        let text = G::render(&input);
        if let Some(sig) = compare::<G>(solvers, &input, &text, &Limits::default()).signature {
            return (input, tape, sig);
        }
    }
    panic!("no {} {profile} input in 2000 shows a divergence", G::ID);
}

/// A program wrong on every mate, found in a file of many cases: the
/// divergent case alone is the answer, and isolating it takes about one
/// program run per case, where shrinking the file's tape first ran the
/// program thousands of times.
#[test]
fn a_many_case_finding_is_cut_to_its_case_with_few_program_runs() {
    let dir = tempfile::tempdir().unwrap();
    let solvers = engine_and_edited(dir.path(), "xiangqi", "s/YES/NO/");
    let (input, tape, sig) = first_finding::<Xiangqi>(&solvers, "max");
    assert!(input.cases.len() >= 10, "a max file has many cases");
    let (s, runs) = shrink_as_diff::<Xiangqi>(&solvers, &sig, input, Some((tape, "max")));
    assert!(s.complete);
    assert!(runs.is_some(), "a smaller input was kept");
    assert_eq!(s.input.cases.len(), 1, "{:?}", s.input);
    assert!(
        s.cost.program_runs <= 400,
        "{} program runs to shrink a finding of one case",
        s.cost.program_runs
    );
    assert!(
        s.cost.program_runs <= s.cost.decided,
        "at most one run per decided candidate: {:?}",
        s.cost
    );
}

/// With the engine and a program alone (no port to compare with in
/// process), a candidate whose engine answers cannot show the signature's
/// difference costs no program run: a program that answers YES to every
/// case differs from the engine as `NO/YES` only where the engine says NO
/// somewhere. Every input the program is run on is kept, and none of them
/// is one the engine answers YES throughout.
#[test]
fn a_candidate_the_engine_rules_out_costs_no_program_run() {
    let dir = tempfile::tempdir().unwrap();
    let runs = dir.path().join("runs");
    std::fs::create_dir(&runs).unwrap();
    let yes = script(
        dir.path(),
        "yes",
        &format!(
            "f=$(mktemp '{}/run.XXXXXX')\ncat > \"$f\"\nn=$({COUNT_CASES} < \"$f\")\n\
             i=0\nwhile [ $i -lt $n ]; do echo YES; i=$((i+1)); done",
            runs.display()
        ),
    );
    let solvers = [SolverSpec::Engine, yes];
    let (input, tape, sig) = first_finding::<Xiangqi>(&solvers, "max");
    assert!(sig.ends_with(" NO/YES"), "{sig}");
    let before = std::fs::read_dir(&runs).unwrap().count();
    let (s, _) = shrink_as_diff::<Xiangqi>(&solvers, &sig, input, Some((tape, "max")));
    let ran: Vec<PathBuf> = std::fs::read_dir(&runs)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(ran.len() - before, s.cost.program_runs as usize);
    assert!(s.cost.program_runs > 0);
    for path in &ran {
        let text = std::fs::read_to_string(path).unwrap();
        let input = Xiangqi::parse(&text).unwrap();
        let answers = Xiangqi::solve(&input, &mut Budget::default()).unwrap();
        assert!(
            answers.contains(&false),
            "the program ran on a file the engine answers YES throughout:\n{text}"
        );
    }
}

/// Where the format packs, the program decides several candidates per
/// run: a stones program wrong on `lose win` cases of files with a count
/// of five digits or more (so that no small game redrawn shows it, and
/// the file itself is shrunk), shrunk from a file of many cases, runs at
/// most two thirds as often as candidates are decided (once per candidate
/// without packing), and the result and the candidates decided (the small
/// games redrawn apart, which `shrink` does not draw) are those of deciding
/// them one by one.
#[test]
fn packed_candidates_share_program_runs_and_decide_as_one_by_one() {
    let dir = tempfile::tempdir().unwrap();
    let body = format!(
        "f=$(mktemp); cat > \"$f\"; if grep -qE '[0-9]{{5}}' \"$f\"; \
         then {BIN} solve stones < \"$f\" | sed 's/^lose win$/lose lose/'; \
         else {BIN} solve stones < \"$f\"; fi; rm -f \"$f\""
    );
    let solvers = [SolverSpec::Engine, script(dir.path(), "edited", &body)];
    let (input, _, sig) = first_finding::<Stones>(&solvers, "typical");
    assert!(input.cases.len() >= 10, "{} cases", input.cases.len());
    let (s, _) = shrink_as_diff::<Stones>(&solvers, &sig, input.clone(), None);
    assert!(s.complete);
    assert_eq!(s.input.cases.len(), 1);
    assert!(
        3 * s.cost.program_runs <= 2 * s.cost.decided,
        "{:?}: packing saved less than a third of the runs",
        s.cost
    );
    let keeps = |c: &<Stones as Game>::Input, text: &str| {
        compare::<Stones>(&solvers, c, text, &Limits::default())
            .signature
            .as_deref()
            == Some(sig.as_str())
    };
    let one = shrink::<Stones>(input, None, keeps, &bounds());
    assert_eq!(Stones::render(&one.input), Stones::render(&s.input));
    assert_eq!(one.cost.decided, s.cost.decided - s.cost.redrawn);
}

/// Fuzz inputs of `diff_pigs` imported: decoded, then shrunk from their
/// tape. Each reaches at most 1.25 times the smallest stored exemplar of
/// its signature (3 pigs and a few cards: a game of 4 pigs is already
/// 1.28 times the 39 bytes of 3 pigs and one card), with a few thousand
/// runs besides the small games the redraw pass draws.
#[test]
fn imported_pigs_fuzz_inputs_shrink_near_the_stored_exemplars() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/pigs");
    let stored = corpus::smallest_by_signature(corpus::load_dir(&dir).unwrap());
    let solvers = fuzz::solvers::<Pigs>();
    let (mut found, mut decided) = (0, 0);
    let mut report = String::new();
    for seed in 0..5_000 {
        if found == 6 {
            break;
        }
        let data = fuzz::seed_bytes::<Pigs>(seed);
        let DiffOutcome::Known(sig) = fuzz::diff_check::<Pigs>(&data) else {
            continue;
        };
        // A port that runs out of steps costs its whole budget per run.
        let Some(goal) = stored.get(&sig).filter(|_| !sig.contains("budget")) else {
            continue;
        };
        let d = fuzz::decode::<Pigs>(&data);
        let from = Pigs::render(&d.input).len();
        let (s, _) = shrink_as_diff::<Pigs>(&solvers, &sig, d.input, Some((d.tape, d.profile)));
        let to = Pigs::render(&s.input).len();
        report += &format!("[{sig}] {from} -> {to} (stored {}), ", goal.input.len());
        assert!(
            4 * to <= 5 * goal.input.len(),
            "{report}\n{}",
            Pigs::render(&s.input)
        );
        found += 1;
        decided += s.cost.decided - s.cost.redrawn;
    }
    assert_eq!(found, 6, "{report}");
    assert!(decided <= 6 * 5_000, "{decided} decided: {report}");
}

/// The first `profile` game among seeds `0..seeds` of at least `min_len`
/// bytes whose signature between engine and port ends with `ending` and
/// is stored in `corpus/`: its seed, signature, input and tape, and the
/// size of the smallest stored exemplar.
fn first_stored<G: Game>(
    profile: &str,
    seeds: u64,
    ending: &str,
    min_len: usize,
) -> (u64, String, G::Input, Vec<u64>, usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(G::ID.name());
    let stored = corpus::smallest_by_signature(corpus::load_dir(&dir).unwrap());
    let solvers = fuzz::solvers::<G>();
    (0..seeds)
        .find_map(|seed| {
            let (input, tape) = generate_case::<G>(seed, profile);
            let text = G::render(&input);
            let sig = compare::<G>(&solvers, &input, &text, &Limits::default()).signature?;
            let goal = stored.get(&sig).filter(|_| sig.ends_with(ending))?;
            let goal = goal.input.len();
            (text.len() >= min_len).then_some((seed, sig, input, tape, goal))
        })
        .unwrap_or_else(|| {
            panic!(
                "no {profile} game of {min_len} bytes or more shows [{ending}] among {seeds} seeds"
            )
        })
}

/// Shrinks the first `profile` finding of a stored signature ending with
/// `ending` (see [`first_stored`]) as `diff` does, checks that it ends
/// within 1.25 times the stored exemplar, and returns it with a line
/// saying what it did.
fn shrinks_near_stored<G: Game>(
    profile: &str,
    seeds: u64,
    ending: &str,
) -> (Shrunk<G::Input>, String) {
    let (seed, sig, input, tape, goal) = first_stored::<G>(profile, seeds, ending, 0);
    let from = G::render(&input).len();
    let solvers = fuzz::solvers::<G>();
    let tape = Some((tape, profile));
    let (s, _) = shrink_as_diff::<G>(&solvers, &sig, input, tape);
    let to = G::render(&s.input).len();
    let what = format!(
        "seed {seed} [{sig}] {from} -> {to} bytes (stored {goal}), {:?}",
        s.cost
    );
    assert!(s.complete, "{what}");
    assert!(4 * to <= 5 * goal, "{what}\n{}", G::render(&s.input));
    (s, what)
}

/// Without programs, the shrinker asks after the engine's run whether a
/// candidate can still show the signature; the other solvers run only if
/// it can, and only the engine as first solver can stop them.
#[test]
fn runs_stop_after_the_engine_only_when_it_is_first() {
    let input = Xiangqi::parse(Xiangqi::SAMPLE).unwrap();
    let limits = Limits::default();
    let both = [SolverSpec::Engine, SolverSpec::Reference];
    let run = |solvers: &[SolverSpec], stop: bool| {
        run_all_unless::<Xiangqi>(solvers, &input, Xiangqi::SAMPLE, &limits, |r| {
            assert!(r.result.is_ok());
            stop
        })
    };
    assert!(run(&both, true).is_none());
    let all = run(&both, false).unwrap();
    assert!(all
        .iter()
        .all(|r| r.as_ref().is_some_and(|r| r.result.is_ok())));
    let swapped = [SolverSpec::Reference, SolverSpec::Engine];
    assert_eq!(run(&swapped, true).unwrap().iter().flatten().count(), 2);
}

/// A pigs `max` finding (10 pigs, up to 2,000 cards, every candidate a
/// long game) is not cut down card by card: a small game with the same
/// signature among the redrawn seeds replaces it first, and that one
/// shrinks near the stored exemplar with few edits. `winner FP/MP` is
/// one whose `max` form no cut or edit gets far with (the MP dies last,
/// after a long game).
#[test]
fn a_large_pigs_finding_is_replaced_by_a_small_redrawn_game() {
    let (s, what) = shrinks_near_stored::<Pigs>("max", 2_000, "winner FP/MP");
    // Cutting the `max` game down first takes over 6,000.
    assert!(s.cost.decided - s.cost.redrawn <= 4_000, "{what}");
}

/// A generals score overflow needs a castle past 2^31 soldiers, which its
/// bonuses reach only after many rounds: cutting rounds loses it unless
/// the castle starts with the bonuses cut, and then one round is enough.
/// Structural candidates and tape edits only (no redrawn games, which
/// would find the small form on their own).
#[test]
fn a_generals_overflow_keeps_its_bonuses_when_rounds_are_cut() {
    let solvers = fuzz::solvers::<Generals>();
    let limits = Limits::default();
    let (seed, sig, input, tape, goal) =
        first_stored::<Generals>("wide", 2_000, "overflow score", 1_000);
    let from = Generals::render(&input).len();
    let keeps = |c: &_, text: &str| {
        compare::<Generals>(&solvers, c, text, &limits)
            .signature
            .as_deref()
            == Some(sig.as_str())
    };
    let s = shrink::<Generals>(input, Some((tape, "wide")), keeps, &bounds());
    let to = Generals::render(&s.input).len();
    let what = format!("seed {seed} [{sig}] {from} -> {to} bytes (stored {goal})");
    assert!(s.complete, "{what}");
    assert!(4 * to <= 5 * goal, "{what}\n{}", Generals::render(&s.input));
}

/// A generals verdict overflow (stacks merged past 2^31 meet in battle)
/// from a `wide` game: its small forms are games of the `edge` profile,
/// where small boards meet extreme counts, which the shrinker redraws
/// for generals (`small` counts never overflow).
#[test]
fn a_generals_verdict_overflow_meets_a_small_edge_game() {
    shrinks_near_stored::<Generals>("wide", 5_000, "overflow verdict");
}

/// The blog's chutes program patched to bounce back from 100 instead of
/// ignoring a throw past it; `None` (outside CI only) without g++ or the
/// blog's source.
fn bouncing_chutes(dir: &Path) -> Option<SolverSpec> {
    let shared = std::env::var_os("GAMEFUZZ_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let missing = |why: String| {
        if std::env::var_os("CI").is_some() {
            panic!("{why}: the overshoot program cannot be built, and in CI it must");
        }
        eprintln!("skipping: {why}");
        None
    };
    let src = shared.join("reference-cpp/chutes.cpp");
    let Ok(blog) = std::fs::read_to_string(&src) else {
        return missing(format!("{} is missing", src.display()));
    };
    let ignore = "if(player[players%n]>100)player[players%n]-=die[dies];";
    let bounce = "if(player[players%n]>100)player[players%n]=200-player[players%n];";
    assert!(blog.contains(ignore), "the blog's overshoot line changed");
    let cpp = dir.join("bounce.cpp");
    let bin = dir.join("bounce");
    std::fs::write(&cpp, blog.replace(ignore, bounce)).unwrap();
    match std::process::Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&bin)
        .arg(&cpp)
        .status()
    {
        Ok(s) if s.success() => Some(SolverSpec::Cmd(vec![bin.display().to_string()])),
        Ok(s) => panic!("g++ failed: {s}"),
        Err(e) => missing(format!("g++ cannot be run ({e})")),
    }
}

/// A program that mishandles overshoot needs a player near 100, and a
/// ladder gets there in a throw or two: the rounds before are replaced by
/// chutes and ladders, so the finding ends with a handful of throws.
#[test]
fn a_chutes_overshoot_finding_shrinks_to_a_handful_of_throws() {
    let dir = tempfile::tempdir().unwrap();
    let Some(prog) = bouncing_chutes(dir.path()) else {
        return;
    };
    let solvers = [SolverSpec::Engine, prog];
    for profile in ["small", "edge"] {
        let (input, tape, sig) = first_finding::<Chutes>(&solvers, profile);
        let (s, _) = shrink_as_diff::<Chutes>(&solvers, &sig, input, Some((tape, profile)));
        let throws = s.input.throws().len();
        assert!(
            throws <= 16,
            "{profile}: {throws} throws left\n{}",
            Chutes::render(&s.input)
        );
        assert!(s.cost.program_runs <= 1500, "{profile}: {:?}", s.cost);
    }
}

/// A predicate standing for a divergence: some case has a cannon.
fn has_cannon(input: &<Xiangqi as Game>::Input) -> bool {
    input
        .cases
        .iter()
        .any(|c| c.red.iter().any(|p| p.kind == Kind::Cannon))
}

#[test]
fn every_decided_candidate_is_new_smaller_and_valid() {
    let mut checked = 0;
    for seed in 0..40 {
        let (input, tape) = generate_case::<Xiangqi>(seed, "max");
        if !has_cannon(&input) {
            continue;
        }
        let mut best = Xiangqi::render(&input);
        let mut decided = HashSet::new();
        let keeps = |c: &<Xiangqi as Game>::Input, text: &str| {
            assert!(decided.insert(text.to_string()), "decided twice: {text}");
            assert!(smaller(text, &best), "not smaller than the best");
            assert!(Xiangqi::validate(c).is_ok(), "invalid: {text}");
            assert_eq!(Xiangqi::render(c), text);
            let keep = has_cannon(c);
            if keep {
                best = text.to_string();
            }
            keep
        };
        let bounds = ShrinkLimits::default();
        let s = shrink::<Xiangqi>(input, Some((tape, "max")), keeps, &bounds);
        assert!(s.complete);
        assert!(has_cannon(&s.input));
        assert_eq!(s.input.cases.len(), 1, "{:?}", s.input);
        assert_eq!(s.cost.decided as usize, decided.len());
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} inputs with a cannon");
}

#[test]
fn the_candidate_bound_counts_decided_candidates() {
    let (input, tape) = generate_case::<Xiangqi>(1, "max");
    let bounds = ShrinkLimits {
        time: Duration::from_secs(600),
        candidates: 3,
        ..ShrinkLimits::default()
    };
    let mut asked = 0;
    let s = shrink::<Xiangqi>(
        input,
        Some((tape, "max")),
        |_, _| {
            asked += 1;
            false
        },
        &bounds,
    );
    assert!(!s.complete);
    assert_eq!(asked, 3);
    assert_eq!(s.cost.decided, 3);
    assert!(s.cost.candidates >= 3);
}

/// A count read or summed in too narrow a type shrinks to the boundary
/// where the type wraps, not to whatever large count was drawn: a program
/// whose sum T (in halves of a move, so twice the count) wraps past 2^31
/// keeps its divergence from 2^30 + 1 on, and the shrinker lands there,
/// within `diff`'s default budget.
#[test]
fn a_width_finding_shrinks_to_the_type_boundary() {
    use gamefuzz::game::parse_valid;
    let solvers = [
        SolverSpec::Engine,
        gamefuzz::solver::parse_solvers("mistake:sum-in-i32", 1).unwrap()[0].clone(),
    ];
    let text = "1\nb 441838515164\n";
    let input = parse_valid::<Stones>(text).unwrap();
    let c = compare::<Stones>(&solvers, &input, text, &Limits::default());
    let sig = c
        .signature
        .expect("the 32-bit sum goes wrong on this count");
    let (shrunk, _) = shrink_finding::<Stones>(
        &solvers,
        &sig,
        input,
        None,
        &Limits::default(),
        &ShrinkLimits::default(),
    );
    assert_eq!(Stones::render(&shrunk.input), "1\nb 1073741825\n");
    assert!(shrunk.complete);
}
