//! A contestant's view of `diff --solvers engine,cmd:...`: packing many cases
//! per process, isolating and shrinking a wrong answer, sharding a campaign
//! and merging corpora.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_gamefuzz");

mod common;
use common::{script, COUNT_CASES};

fn gamefuzz(args: &[&str]) -> Output {
    common::gamefuzz(args, "")
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not one JSON object ({e}); stderr:\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// A wrong xiangqi solution: YES for every case.
fn always_yes(dir: &Path) -> String {
    format!("engine,cmd:{}", common::always_yes(dir).display())
}

/// A program that answers YES to everything and logs a line per run:
/// the program and its log.
fn counted_yes(dir: &Path) -> (PathBuf, PathBuf) {
    let yes = common::always_yes(dir);
    let log = dir.join("runs.log");
    let p = script(
        dir,
        "counted.sh",
        &format!("echo run >> '{}'\nexec '{}'", log.display(), yes.display()),
    );
    (p, log)
}

fn diff_json(args: &[&str]) -> Value {
    let out = gamefuzz(args);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    json(&out)
}

/// (signature, count, seed, profile) of every signature of a summary.
fn findings(v: &Value) -> Vec<(String, u64, u64, String)> {
    let mut f: Vec<_> = v["signatures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["signature"].as_str().unwrap().to_string(),
                s["count"].as_u64().unwrap(),
                s["seed"].as_u64().unwrap(),
                s["profile"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    f.sort();
    f
}

#[test]
fn a_wrong_program_gets_a_minimal_counterexample_and_a_repro_command() {
    let dir = tempfile::tempdir().unwrap();
    let solvers = always_yes(dir.path());
    let corpus = dir.path().join("corpus");
    let out = gamefuzz(&[
        "diff",
        "xiangqi",
        "--solvers",
        &solvers,
        "--cases",
        "80",
        "--profile",
        "max",
        "--corpus",
        corpus.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "a divergence is exit 1");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(report.contains("NO/YES"), "{report}");
    let field = |name: &str| {
        report
            .lines()
            .find_map(|l| l.trim().strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name} in {report}"))
    };
    // The repro command shows the stored, shrunk input; the seed command
    // rebuilds the file of 40 cases it came from, and says so.
    let repro = field("repro: ");
    assert!(repro.starts_with("gamefuzz repro "), "{repro}");
    let original = field("unshrunk original (");
    assert!(
        original.contains("): gamefuzz repro xiangqi --seed "),
        "{original}"
    );

    // The stored exemplar is one small case (the profile makes 40 per file).
    let stored: Vec<PathBuf> = std::fs::read_dir(corpus.join("xiangqi"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    assert_eq!(stored.len(), 1, "one signature, one exemplar");
    let input = std::fs::read_to_string(&stored[0]).unwrap();
    let count = Command::new("sh")
        .arg("-c")
        .arg(format!("{COUNT_CASES} < '{}'", stored[0].display()))
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&count.stdout).trim(),
        "1",
        "{input}"
    );
    assert!(input.lines().count() <= 6, "{input}");

    assert!(repro.contains(stored[0].to_str().unwrap()), "{repro}");

    // The repro command shows that input and its divergence.
    let args: Vec<&str> = repro.split_whitespace().skip(1).collect();
    let again = gamefuzz(&args);
    assert_eq!(again.status.code(), Some(1));
    let shown = String::from_utf8_lossy(&again.stdout);
    assert!(shown.contains("== divergence:"), "{shown}");
    assert!(shown.contains(&input), "{shown}");
}

#[test]
fn packing_finds_what_one_process_per_case_finds() {
    let dir = tempfile::tempdir().unwrap();
    let solvers = always_yes(dir.path());
    let run = |pack: &str| {
        diff_json(&[
            "diff",
            "xiangqi",
            "--solvers",
            &solvers,
            "--cases",
            "150",
            "--seed",
            "500",
            "--pack",
            pack,
            "--jobs",
            "2",
            "--json",
            "--no-store",
            "--no-shrink",
        ])
    };
    let (one, packed) = (run("1"), run("16"));
    assert_eq!(one["cases"], 150);
    assert_eq!(packed["cases"], 150);
    assert_eq!(one["compared"], packed["compared"]);
    assert_eq!(one["divergences"], packed["divergences"]);
    assert!(one["divergences"].as_u64().unwrap() > 0);
    assert_eq!(findings(&one), findings(&packed));
}

#[test]
fn a_signature_already_confirmed_alone_costs_no_more_processes() {
    let dir = tempfile::tempdir().unwrap();
    let (p, log) = counted_yes(dir.path());
    let v = diff_json(&[
        "diff",
        "xiangqi",
        "--solvers",
        &format!("engine,cmd:{}", p.display()),
        "--cases",
        "256",
        "--profile",
        "small",
        "--pack",
        "32",
        "--jobs",
        "1",
        "--json",
        "--no-store",
        "--no-shrink",
        // Runs are counted: a fixed limit, so that a run slowed by a busy
        // machine is not cut at a calibrated one and run again.
        "--timeout",
        "10",
    ]);
    let divergences = v["divergences"].as_u64().unwrap();
    assert!(divergences >= 32, "{v}");
    let runs = std::fs::read_to_string(&log).unwrap().lines().count() as u64;
    // Eight files of 32 one-case inputs, plus a re-run alone for the first
    // divergence and for each later one that is a smaller exemplar; not
    // one per divergence.
    assert!(runs >= 8, "{runs} runs");
    assert!(runs <= 8 + 24, "{runs} runs for {divergences} divergences");
}

#[test]
fn a_block_whose_cases_get_smaller_re_runs_only_its_smallest_alone() {
    // Judge files run in the order of their names: here from the largest
    // to the smallest, every one answered NO by the engine and YES by the
    // program. Taken in that order, each would be a smaller exemplar than
    // the last and cost a run alone; taken smallest first, one does.
    let dir = tempfile::tempdir().unwrap();
    let mut texts: Vec<String> = Vec::new();
    for seed in 0..200u64 {
        let gen = gamefuzz(&["gen", "xiangqi", "--seed", &seed.to_string()]);
        let text = String::from_utf8(gen.stdout).unwrap();
        let solved = common::gamefuzz(&["solve", "xiangqi"], &text);
        if String::from_utf8_lossy(&solved.stdout).trim() == "NO" && !texts.contains(&text) {
            texts.push(text);
        }
        if texts.len() == 12 {
            break;
        }
    }
    assert_eq!(texts.len(), 12, "12 inputs the engine answers NO");
    texts.sort_by(|a, b| (b.len(), b).cmp(&(a.len(), a)));
    assert!(texts[0].len() > texts[11].len(), "sizes that differ");
    let inputs = dir.path().join("inputs");
    std::fs::create_dir(&inputs).unwrap();
    for (i, t) in texts.iter().enumerate() {
        std::fs::write(inputs.join(format!("{i:02}.in")), t).unwrap();
    }
    let (p, log) = counted_yes(dir.path());
    let solvers = format!("engine,cmd:{}", p.display());
    let run = |pack: &str| {
        let _ = std::fs::remove_file(&log);
        let v = diff_json(&[
            "diff",
            "xiangqi",
            "--solvers",
            &solvers,
            "--inputs",
            inputs.to_str().unwrap(),
            "--pack",
            pack,
            "--jobs",
            "1",
            "--json",
            "--no-store",
            "--no-shrink",
            "--explain-time",
            "0",
            // Runs are counted: see above.
            "--timeout",
            "10",
        ]);
        let runs = std::fs::read_to_string(&log).unwrap().lines().count();
        (v, runs)
    };
    let (one, alone_runs) = run("1");
    let (packed, runs) = run("12");
    assert_eq!(alone_runs, 12);
    assert_eq!(runs, 2, "the file, then its smallest case alone");
    assert_eq!(one["divergences"], 12, "{one}");
    let found = |v: &Value| {
        let s = &v["signatures"][0];
        (
            s["signature"].clone(),
            s["count"].clone(),
            s["file"].clone(),
        )
    };
    assert_eq!(one["signatures"].as_array().map(Vec::len), Some(1));
    assert_eq!(packed["signatures"].as_array().map(Vec::len), Some(1));
    assert_eq!(found(&one), found(&packed));
    assert!(found(&packed).2.as_str().unwrap().ends_with("11.in"));
}

#[test]
fn a_bug_that_needs_several_cases_in_one_file_is_reported_as_packed() {
    let dir = tempfile::tempdir().unwrap();
    // Right on files of at most 3 cases (it asks the engine), YES beyond.
    let p = script(
        dir.path(),
        "leaky.sh",
        &format!(
            "in=$(cat)\nn=$(printf '%s\\n' \"$in\" | {COUNT_CASES})\n\
             if [ \"$n\" -le 3 ]; then printf '%s\\n' \"$in\" | '{BIN}' solve xiangqi; exit; fi\n\
             i=0\nwhile [ $i -lt $n ]; do echo YES; i=$((i+1)); done"
        ),
    );
    let solvers = format!("engine,cmd:{}", p.display());
    let run = |pack: &str| {
        diff_json(&[
            "diff",
            "xiangqi",
            "--solvers",
            &solvers,
            "--cases",
            "24",
            "--profile",
            "small",
            "--pack",
            pack,
            "--json",
            "--no-store",
        ])
    };
    let v = run("8");
    let sigs = v["signatures"].as_array().unwrap();
    assert!(!sigs.is_empty());
    for s in sigs {
        assert_eq!(s["packed"], true, "{s}");
        assert!(s["signature"].as_str().unwrap().starts_with("packed: "));
        // Shrunk to the smallest failing file: four one-case inputs.
        assert!(
            s["shrunk_bytes"].as_u64() < s["found_bytes"].as_u64(),
            "{s}"
        );
        assert!(s["repro"].as_str().unwrap().contains("--pack 8"));
    }
    // One process per case: nothing to find.
    let alone = run("1");
    assert_eq!(alone["divergences"], 0);
}

#[test]
fn shards_split_a_campaign_without_overlap() {
    let dir = tempfile::tempdir().unwrap();
    let solvers = always_yes(dir.path());
    let run = |shard: Option<&str>| {
        let mut args = vec![
            "diff",
            "xiangqi",
            "--solvers",
            &solvers,
            "--cases",
            "100",
            "--json",
            "--no-store",
            "--no-shrink",
        ];
        if let Some(s) = shard {
            args.extend(["--shard", s]);
        }
        diff_json(&args)
    };
    let whole = run(None);
    let shards: Vec<Value> = ["1/3", "2/3", "3/3"].iter().map(|s| run(Some(s))).collect();
    let sum = |k: &str| shards.iter().map(|v| v[k].as_u64().unwrap()).sum::<u64>();
    assert_eq!(sum("cases"), 100);
    assert_eq!(sum("divergences"), whole["divergences"].as_u64().unwrap());
    assert_eq!(shards[0]["cases"], 34);
    assert_eq!(shards[0]["shard"], "1/3");
    // Every shard's exemplar seed is one of its own cases (index I-1 mod N).
    for (i, v) in shards.iter().enumerate() {
        for (_, _, seed, _) in findings(v) {
            assert_eq!(seed % 3, i as u64, "shard {} reported seed {seed}", i + 1);
        }
    }
}

/// A shard of a huge N runs each of its cases once and ends: no index
/// wraps round to case 0 again, with cases or with time.
#[test]
fn a_shard_of_a_huge_campaign_runs_each_case_once_and_ends() {
    for (shard, amount, cases) in [
        ("1/9223372036854775808", ["--cases", "100"], 1),
        ("1/9223372036854775808", ["--time", "600"], 2),
        ("3/18446744073709551615", ["--cases", "100"], 1),
        (
            "18446744073709551615/18446744073709551615",
            ["--time", "600"],
            1,
        ),
    ] {
        let start = std::time::Instant::now();
        let mut args = vec!["diff", "stones", "--shard", shard, "--json", "--no-store"];
        args.extend(amount);
        let v = diff_json(&args);
        assert_eq!(v["cases"], cases, "{shard} {amount:?}: {v}");
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "{shard} {amount:?} ran until its time was up"
        );
    }
}

#[test]
fn bad_pack_and_shard_arguments_exit_2() {
    for args in [
        &["diff", "xiangqi", "--cases", "5", "--pack", "0"][..],
        &["diff", "xiangqi", "--cases", "5", "--shard", "0/3"],
        &["diff", "xiangqi", "--cases", "5", "--shard", "4/3"],
        &["diff", "xiangqi", "--cases", "5", "--shard", "x"],
        &["corpus", "merge", "/nonexistent/gamefuzz-corpus"],
    ] {
        let out = gamefuzz(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.trim().is_empty(), "{args:?}: a message");
    }
}

#[test]
fn corpus_merge_unions_corpora_without_duplicates() {
    let dir = tempfile::tempdir().unwrap();
    let into = dir.path().join("merged");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let count = |d: &Path| {
        std::fs::read_dir(d)
            .map(|rd| {
                rd.filter(|e| {
                    e.as_ref()
                        .unwrap()
                        .path()
                        .extension()
                        .is_some_and(|x| x == "in")
                })
                .count()
            })
            .unwrap_or(0)
    };
    let xq = root.join("xiangqi");
    let pigs = root.join("pigs");
    let out = gamefuzz(&[
        "corpus",
        "merge",
        xq.to_str().unwrap(),
        pigs.to_str().unwrap(),
        "--into",
        into.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(count(&into.join("xiangqi")), count(&xq));
    assert_eq!(count(&into.join("pigs")), count(&pigs));
    assert!(count(&xq) > 0);
    // Merging the whole root brings the other games; again, nothing new.
    for round in 0..2 {
        let out = gamefuzz(&[
            "corpus",
            "merge",
            root.to_str().unwrap(),
            "--into",
            into.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0));
        let msg = String::from_utf8_lossy(&out.stdout);
        if round == 1 {
            assert!(msg.contains(": 0 added"), "{msg}");
        }
    }
    for g in ["xiangqi", "pigs", "generals"] {
        assert_eq!(count(&into.join(g)), count(&root.join(g)), "{g}");
    }
}

/// For every game and profile: a packed input is valid, and the engine's
/// answer on it splits into exactly its answers on the parts.
struct PackRoundTrip;

impl gamefuzz::game::Visit for PackRoundTrip {
    type Out = usize;
    fn visit<G: gamefuzz::game::Game>(self) -> usize {
        use gamefuzz::fault::Budget;
        use gamefuzz::game::generate_case;
        let mut packed_files = 0;
        for (k, p) in G::PROFILES.iter().enumerate() {
            let parts: Vec<G::Input> = (0..6)
                .map(|s| generate_case::<G>(1000 * k as u64 + s, p.name).0)
                .collect();
            let refs: Vec<&G::Input> = parts.iter().collect();
            for (members, packed) in gamefuzz::driver::pack_groups::<G>(&refs) {
                if members.len() < 2 {
                    continue;
                }
                packed_files += 1;
                G::validate(&packed).unwrap_or_else(|e| panic!("{} {}: {e}", G::ID, p.name));
                let whole = G::solve(&packed, &mut Budget::default()).unwrap();
                let members: Vec<&G::Input> = members.iter().map(|&i| &parts[i]).collect();
                let split = G::unpack_output(&members, &whole).expect("splits");
                for (part, out) in members.iter().zip(split) {
                    assert_eq!(G::solve(part, &mut Budget::default()).unwrap(), out);
                }
            }
        }
        packed_files
    }
}

#[test]
fn packed_inputs_are_valid_and_outputs_split_back() {
    use gamefuzz::id::GameId;
    for &g in GameId::ALL {
        let files = g.dispatch(PackRoundTrip);
        match g {
            GameId::Xiangqi | GameId::Stones | GameId::Generals | GameId::Chutes => {
                assert!(files > 0, "{g} packs")
            }
            // One case per file.
            GameId::Pigs => assert_eq!(files, 0, "{g}"),
        }
    }
}

#[test]
fn shard_indices_are_disjoint_and_cover_the_campaign() {
    use gamefuzz::driver::{Amount, DiffOptions};
    let opts = |shard| DiffOptions {
        solvers: vec![],
        amount: Amount::Cases(0),
        seed: 77,
        profile: None,
        jobs: 1,
        corpus: None,
        limits: Default::default(),
        shrink: gamefuzz::shrink::ShrinkLimits::none(),
        explain: std::time::Duration::ZERO,
        vary: false,
        progress: false,
        pack: 1,
        shard,
    };
    let whole: Vec<u64> = (0..60).map(|i| opts((0, 1)).case_seed(i)).collect();
    let mut union = Vec::new();
    for k in 0..4 {
        let o = opts((k, 4));
        union.extend((0..15).map(|i| o.case_seed(o.case_index(i).unwrap())));
    }
    union.sort();
    assert_eq!(union, whole, "disjoint and complete");
    // Past the last index there is, a shard has no more cases: no index
    // wraps round to one run before.
    let huge = opts((0, 1 << 63));
    assert_eq!(huge.case_index(1), Some(1 << 63));
    assert_eq!(huge.case_index(2), None);
    assert_eq!(opts((u64::MAX - 1, u64::MAX)).case_index(1), None);
}

/// A program wrong on one xiangqi rule: the engine playing a mistake.
fn horse_program(dir: &Path) -> String {
    let p = script(
        dir,
        "horse.sh",
        &format!("exec '{BIN}' solve xiangqi --solver mistake:horse-leg-ignored"),
    );
    format!("engine,cmd:{}", p.display())
}

#[test]
fn every_divergence_of_a_packed_run_counts_for_its_signature() {
    // The files of a block need not run its cases in order (a case joins
    // the first file it fits in): a case only counted can be handed in
    // before the exemplar of its signature, and must still count.
    let dir = tempfile::tempdir().unwrap();
    let solvers = horse_program(dir.path());
    let run = |pack: &str| {
        diff_json(&[
            "diff",
            "xiangqi",
            "--solvers",
            &solvers,
            "--cases",
            "400",
            "--pack",
            pack,
            "--jobs",
            "2",
            "--json",
            "--no-store",
            "--no-shrink",
        ])
    };
    let (one, packed) = (run("1"), run("8"));
    for v in [&one, &packed] {
        let total: u64 = findings(v).iter().map(|f| f.1).sum();
        assert_eq!(Some(total), v["divergences"].as_u64(), "{v}");
        assert!(total > 0);
    }
    assert_eq!(one["divergences"], packed["divergences"]);
}
