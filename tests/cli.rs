//! The command line as users and scripts see it: exit codes, messages,
//! reproducibility, and a `diff` smoke run that really compares cases.

use std::process::{Command, Stdio};

use gamefuzz::id::GameId;

mod common;
use common::{gamefuzz, text};

#[test]
fn diff_smoke_run_really_compares_cases() {
    for &g in GameId::ALL {
        let out = gamefuzz(
            &[
                "diff",
                g.name(),
                "--cases",
                "120",
                "--jobs",
                "2",
                "--json",
                "--no-store",
                "--no-shrink",
            ],
            "",
        );
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{g}: {}",
            text(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
        assert_eq!(v["game"], g.name());
        assert_eq!(v["cases"], 120);
        assert_eq!(
            v["compared"], 120,
            "every case compared engine and reference"
        );
        let divergences = v["divergences"].as_u64().unwrap();
        assert_eq!(
            out.status.code() == Some(1),
            divergences > 0,
            "exit code 1 iff divergences"
        );
        let sigs = v["signatures"].as_array().unwrap();
        let total: u64 = sigs.iter().map(|s| s["count"].as_u64().unwrap()).sum();
        assert_eq!(total, divergences, "signature counts add up");
    }
}

#[test]
fn diff_all_reports_every_game() {
    let out = gamefuzz(
        &[
            "diff",
            "all",
            "--cases",
            "20",
            "--json",
            "--no-store",
            "--no-shrink",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["game"], "all");
    assert_eq!(v["games"].as_array().unwrap().len(), GameId::ALL.len());
    assert_eq!(v["cases"], 20 * GameId::ALL.len() as u64);
}

#[test]
fn findings_are_stored_shrunk_and_reproducible() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().to_str().unwrap();
    let campaign = |g: GameId| {
        gamefuzz(
            &[
                "diff",
                g.name(),
                "--cases",
                "300",
                "--corpus",
                corpus,
                "--json",
            ],
            "",
        )
    };
    let mut stored = 0;
    for &g in GameId::ALL {
        let out = campaign(g);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        for s in v["signatures"].as_array().unwrap() {
            let path = s["corpus"].as_str().expect("stored in the corpus");
            assert!(s["shrunk_bytes"].as_u64() <= s["found_bytes"].as_u64());
            let input = std::fs::read_to_string(path).unwrap();
            let valid = gamefuzz(&["validate", g.name(), path], "");
            assert_eq!(
                valid.status.code(),
                Some(0),
                "stored input is valid: {}",
                text(&valid.stderr)
            );
            let repro = gamefuzz(&["repro", path], "");
            assert_eq!(
                repro.status.code(),
                Some(1),
                "the stored divergence reproduces"
            );
            assert!(text(&repro.stdout).contains(&input));
            let seed = s["seed"].to_string();
            let by_seed = gamefuzz(
                &[
                    "repro",
                    g.name(),
                    "--seed",
                    &seed,
                    "--profile",
                    s["profile"].as_str().unwrap(),
                ],
                "",
            );
            assert_eq!(
                by_seed.status.code(),
                Some(1),
                "the per-case seed rebuilds the divergence"
            );
            stored += 1;
        }
        // A second identical run stores nothing new.
        let entries = || std::fs::read_dir(dir.path().join(g.name())).map_or(0, |d| d.count());
        let before = entries();
        campaign(g);
        assert_eq!(before, entries());
    }
    assert!(stored > 0, "at least one game diverges in 300 cases");
}

#[test]
fn gen_is_reproducible_and_validates() {
    for &g in GameId::ALL {
        let a = gamefuzz(&["gen", g.name(), "--seed", "42"], "");
        let b = gamefuzz(&["gen", g.name(), "--seed", "42"], "");
        assert_eq!(a.status.code(), Some(0));
        assert_eq!(a.stdout, b.stdout);
        let v = gamefuzz(&["validate", g.name()], text(&a.stdout));
        assert_eq!(v.status.code(), Some(0), "{}", text(&v.stderr));
        let s = gamefuzz(&["solve", g.name()], text(&a.stdout));
        assert_eq!(s.status.code(), Some(0));
        assert!(!s.stdout.is_empty());
    }
}

#[test]
fn bad_input_and_bad_arguments_get_clear_errors_and_exit_codes() {
    for &g in GameId::ALL {
        let v = gamefuzz(&["validate", g.name()], "this is not a judge input\n");
        assert_eq!(v.status.code(), Some(1));
        assert!(text(&v.stderr).contains("line 1"), "{}", text(&v.stderr));
        let s = gamefuzz(&["solve", g.name()], "");
        assert_eq!(s.status.code(), Some(1));
        let bytes = gamefuzz(&["validate", g.name()], "\u{0}\u{1}");
        assert_eq!(bytes.status.code(), Some(1));
    }
    for args in [
        vec!["diff", "nosuchgame"],
        vec!["diff", "xiangqi", "--cases", "0"],
        vec!["diff", "xiangqi", "--jobs", "0", "--cases", "5"],
        vec!["diff", "xiangqi", "--solvers", "engine"],
        vec!["diff", "xiangqi", "--solvers", "engine,oracle"],
        vec!["diff", "xiangqi", "--profile", "nosuch", "--cases", "5"],
        vec!["diff", "all", "--profile", "small", "--cases", "5"],
        vec!["diff", "xiangqi", "--time", "-1"],
        vec!["gen", "xiangqi", "--profile", "nosuch"],
        vec!["gen", "xiangqi", "--seed", "-3"],
        vec!["repro", "xiangqi"],
        vec!["repro", "/no/such/file.in"],
        vec!["validate", "xiangqi", "/no/such/file"],
        vec!["frobnicate"],
    ] {
        let out = gamefuzz(&args, "");
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(!out.stderr.is_empty(), "{args:?} says why");
    }
}

#[test]
fn external_solver_faults_are_classified() {
    let dir = tempfile::tempdir().unwrap();
    let script = |name: &str, body: &str| {
        let p = common::script(dir.path(), name, body);
        // The engine and the port work, so the run is not refused.
        format!("engine,reference,cmd:{}", p.display())
    };
    // Only the slow program meets its timeout: the others get one so wide
    // that a loaded machine cannot turn their fault into a timeout.
    for (solvers, class, timeout) in [
        (script("crash.sh", "exit 3"), "crash", "20"),
        (
            script("garbage.sh", "cat >/dev/null; echo 'not an answer'"),
            "bad-output",
            "20",
        ),
        (script("slow.sh", "sleep 5"), "timeout", "0.5"),
        (
            script("huge.sh", "cat >/dev/null; yes YES | head -c 80000000"),
            "oversized",
            "20",
        ),
    ] {
        let out = gamefuzz(
            &[
                "diff",
                "xiangqi",
                "--cases",
                "2",
                "--jobs",
                "1",
                "--solvers",
                &solvers,
                "--timeout",
                timeout,
                "--json",
                "--no-store",
                "--no-shrink",
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let sig = v["signatures"][0]["signature"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(
            sig.ends_with(&format!(":{class}")),
            "{sig} should end with {class}"
        );
    }
}

/// How a reader closes a pipe of a command: `| head -1` on stdout, on
/// stdout and stderr together (`2>&1 | head -1`), or a stream closed before
/// anything is read.
#[derive(Debug, Clone, Copy)]
enum Closed {
    OutAfterALine,
    BothAfterALine,
    OutAtOnce,
    ErrAtOnce,
}

/// Runs `gamefuzz args` with a pipe closed as `closed` says; returns its
/// exit code and stderr (empty where stderr was closed).
fn with_closed_pipe(args: &[&str], closed: Closed) -> (Option<i32>, String) {
    use std::io::{BufRead, BufReader, Read};
    use std::os::fd::{FromRawFd, OwnedFd};
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gamefuzz"));
    cmd.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null());
    if let Closed::BothAfterALine = closed {
        // One pipe for both streams, as `2>&1 |` makes.
        let mut fds = [0; 2];
        assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
        let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
        cmd.stdout(write.try_clone().unwrap()).stderr(write);
        let mut child = cmd.spawn().unwrap();
        // The parent's copies of the write end are gone with `cmd`.
        drop(cmd);
        BufReader::new(std::fs::File::from(read))
            .read_line(&mut String::new())
            .unwrap();
        return (child.wait().unwrap().code(), String::new());
    }
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (stdout, stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let mut err = String::new();
    match closed {
        Closed::OutAfterALine | Closed::OutAtOnce => {
            if let Closed::OutAfterALine = closed {
                BufReader::new(stdout)
                    .read_line(&mut String::new())
                    .unwrap();
            } else {
                drop(stdout);
            }
            BufReader::new(stderr).read_to_string(&mut err).unwrap();
        }
        Closed::ErrAtOnce => {
            drop(stderr);
            BufReader::new(stdout).read_to_end(&mut Vec::new()).unwrap();
        }
        Closed::BothAfterALine => unreachable!(),
    }
    (child.wait().unwrap().code(), err)
}

/// A reader that goes away (`| head`) never changes a command's exit code
/// and never makes it panic: what it found still decides the code.
#[test]
fn a_closed_pipe_changes_no_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    let pkg = dir.path().join("pkg");
    let pkg = pkg.to_str().unwrap();
    let out = gamefuzz(&["package", "stones", "--out", pkg, "--tests", "3"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let commands: Vec<(Vec<&str>, i32)> = vec![
        // Finds a divergence in its first game, then meets the closed
        // pipe and stops before the other games.
        (
            vec!["diff", "all", "--cases", "60", "--no-store", "--no-shrink"],
            1,
        ),
        (
            vec![
                "diff",
                "xiangqi",
                "--solvers",
                "engine,mistake:horse-leg-ignored",
                "--cases",
                "200",
                "--no-store",
                "--shrink-time",
                "5",
            ],
            1,
        ),
        (vec!["check", pkg], 0),
        (vec!["check", pkg, "--solvers", "mistake:bw-wb-swapped"], 1),
        (vec!["mistakes", "pigs"], 0),
        (vec!["gen", "stones", "--profile", "max"], 0),
        // Still writes its package whole.
        (
            vec!["package", "stones", "--out", pkg, "--tests", "3", "--force"],
            0,
        ),
    ];
    for (args, code) in &commands {
        for closed in [
            Closed::OutAfterALine,
            Closed::BothAfterALine,
            Closed::OutAtOnce,
            Closed::ErrAtOnce,
        ] {
            let (got, err) = with_closed_pipe(args, closed);
            assert!(!err.contains("panicked"), "{args:?} {closed:?}: {err}");
            assert_eq!(got, Some(*code), "{args:?} {closed:?}: {err}");
        }
    }
    let out = gamefuzz(&["check", pkg], "");
    assert!(out.status.success(), "{}", text(&out.stdout));
}

/// `repro` runs any judge input: with its game named first or with
/// `--game`, or alone where a package or corpus folder around it tells the
/// game; every refusal is one sentence that says what to do.
#[test]
fn repro_takes_any_input_file() {
    let dir = tempfile::tempdir().unwrap();
    let at = |p: &str| dir.path().join(p).to_str().unwrap().to_string();
    let gen = gamefuzz(&["gen", "chutes", "--seed", "4"], "");
    std::fs::write(at("some.in"), &gen.stdout).unwrap();
    let some = at("some.in");
    for args in [
        vec!["repro", "chutes", &some],
        vec!["repro", &some, "--game", "chutes"],
    ] {
        let out = gamefuzz(&args, "");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        let shown = text(&out.stdout);
        assert!(shown.starts_with("== input (chutes, "), "{shown}");
        assert!(shown.contains("== all solvers agree =="), "{shown}");
    }
    // A package's test, in a problem package and in plain files.
    for format in ["2023-07-draft", "plain"] {
        let pkg = at(format);
        let out = gamefuzz(
            &[
                "package", "stones", "--out", &pkg, "--format", format, "--tests", "2",
            ],
            "",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        let test = match format {
            "plain" => format!("{pkg}/02.in"),
            _ => format!("{pkg}/data/secret/01-max.in"),
        };
        let out = gamefuzz(&["repro", &test], "");
        assert_eq!(out.status.code(), Some(0), "{test}: {}", text(&out.stderr));
        assert!(text(&out.stdout).starts_with("== input (stones, "));
        let out = gamefuzz(&["repro", &test, "--game", "pigs"], "");
        assert_eq!(
            out.status.code(),
            Some(1),
            "a stones test read as pigs is invalid"
        );
    }
    let refused: &[(&[&str], &str)] = &[
        (&["repro", &some], "nothing tells the game of"),
        (&["repro", "chutes"], "needs --seed N or an input FILE"),
        (
            &["repro", "chutes", &some, "--seed", "3"],
            "give one of them",
        ),
        (&["repro", "chess", &some], "is not a game"),
        (&["repro", "chutes", &some, "--game", "pigs"], "two games"),
        (
            &["repro", "chutes", "missing.in"],
            "missing.in does not exist",
        ),
        (&["repro", "missing.in"], "is neither a game"),
    ];
    for (args, says) in refused {
        let out = gamefuzz(args, "");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        assert!(!err.contains(": and "), "{err}");
    }
}

#[test]
fn repro_takes_fuzz_artifacts() {
    let dir = tempfile::tempdir().unwrap();
    let art = |target: &str, name: &str, bytes: &[u8]| {
        let d = dir.path().join(target);
        std::fs::create_dir_all(&d).unwrap();
        let p = d.join(name);
        std::fs::write(&p, bytes).unwrap();
        p.to_str().unwrap().to_string()
    };
    // Any bytes decode to a valid input for a diff target.
    let out = gamefuzz(&["repro", &art("diff_stones", "crash-a", &[7; 64])], "");
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        text(&out.stderr)
    );
    assert!(text(&out.stdout).contains("fuzz artifact"));
    // A parse artifact is the judge input itself: a known divergence reproduces.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/xiangqi");
    let entries = gamefuzz::corpus::load_dir(&root).unwrap();
    let known = entries
        .first()
        .expect("xiangqi findings in the corpus")
        .input
        .as_bytes();
    let out = gamefuzz(&["repro", &art("parse_xiangqi", "crash-b", known)], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("divergence"));
    // An invalid parse artifact is an invalid input.
    let out = gamefuzz(&["repro", &art("parse_chutes", "crash-c", b"garbage")], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("line 1"));
}

/// A finding against a program shows its small input, the engine's rules
/// on it and a repro command a shell runs as printed, even with a space in
/// the program's path.
#[test]
fn findings_explain_themselves() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("my dir");
    std::fs::create_dir(&sub).unwrap();
    let prog = sub.join("yes.sh");
    std::fs::write(&prog, "#!/bin/sh\ncat >/dev/null\necho YES\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&prog, std::fs::Permissions::from_mode(0o755)).unwrap();
    let bin = env!("CARGO_BIN_EXE_gamefuzz");
    let run = |cmd: &str| {
        Command::new("sh")
            .args(["-c", cmd])
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let out = run(&format!(
        "{bin} diff xiangqi --cases 40 --pack 1 --shrink-time 5 --corpus c \
         --solvers \"engine,cmd:'./my dir/yes.sh'\""
    ));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    let mut inline = 0;
    for block in report.split("\n  [").skip(1) {
        let lines: Vec<&str> = block.lines().collect();
        let field = |name: &str| {
            lines
                .iter()
                .find_map(|l| l.trim_start().strip_prefix(name))
                .unwrap_or_else(|| panic!("no {name} in {block}"))
        };
        let stored = std::fs::read_to_string(
            dir.path()
                .join(field("corpus: ").split(" (").next().unwrap()),
        )
        .unwrap();
        if stored.lines().count() <= 12 && stored.len() <= 800 {
            let shown: String = lines
                .iter()
                .skip_while(|l| l.trim() != "input:")
                .skip(1)
                .take(stored.lines().count())
                .map(|l| {
                    let line = l.strip_prefix("      ").unwrap_or("");
                    // A free line carries its mark after the stored text.
                    let line = line.split("   # ").next().unwrap_or(line);
                    line.to_string() + "\n"
                })
                .collect();
            assert_eq!(shown, stored, "the input is shown as stored in {block}");
            inline += 1;
        }
        let rules = field("engine's rules on it: ");
        assert!(
            rules.split(", ").all(|r| r.contains(" x")),
            "rule events with counts: {rules}"
        );
        let repro = field("repro: ").replacen("gamefuzz", bin, 1);
        let again = run(&repro);
        assert_eq!(
            again.status.code(),
            Some(1),
            "{repro} reproduces: {}",
            text(&again.stderr)
        );
    }
    assert!(inline > 0, "a small finding is shown inline:\n{report}");
}

/// Nothing on a report page is fetched from elsewhere.
fn assert_self_contained(html: &str) {
    for bad in [
        "<script", "src=", "<link", "url(", "@import", "<iframe", "<object",
    ] {
        assert!(!html.contains(bad), "the page holds {bad}");
    }
}

#[test]
fn reports_are_self_contained_pages_of_every_finding() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("r.html");
    let out = gamefuzz(
        &[
            "diff",
            "pigs",
            "--cases",
            "300",
            "--no-store",
            "--shrink-time",
            "3",
            "--json",
            "--report",
            page.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let html = std::fs::read_to_string(&page).unwrap();
    assert_self_contained(&html);
    let sigs = v["signatures"].as_array().unwrap();
    assert!(!sigs.is_empty());
    for s in sigs {
        let sig = s["signature"].as_str().unwrap();
        // Once in the index, once as its section's title.
        assert_eq!(html.matches(&format!(">{sig}<")).count(), 1, "{sig}");
        assert_eq!(html.matches(&format!("[{sig}]")).count(), 1, "{sig}");
    }
    assert!(
        html.contains("class=\"mark\""),
        "a pigs finding marks where the runs part"
    );

    let pkg = dir.path().join("p.html");
    let out = gamefuzz(
        &[
            "package",
            "stones",
            "--out",
            dir.path().join("stones").to_str().unwrap(),
            "--report",
            pkg.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let html = std::fs::read_to_string(&pkg).unwrap();
    assert_self_contained(&html);
    let secret = std::fs::read_dir(dir.path().join("stones/data/secret"))
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            (p.extension()? == "in").then(|| p.file_stem().unwrap().to_string_lossy().into_owned())
        })
        .collect::<Vec<_>>();
    assert!(!secret.is_empty());
    for t in &secret {
        assert!(html.contains(&format!("secret/{t}</b>")), "test {t} listed");
    }
    assert!(html.contains("class=\"bar\""), "coverage drawn as bars");
}

/// `diff --inputs` on a folder: the `.in` files under it, recursively and
/// sorted, are compared; an invalid one is reported with its file and
/// rule, counted and not run; other files are left alone.
#[test]
fn diff_inputs_runs_judge_files_and_reports_invalid_ones() {
    let dir = tempfile::tempdir().unwrap();
    let tests = dir.path().join("data");
    std::fs::create_dir_all(tests.join("secret")).unwrap();
    let gen = |seed: &str, profile: &str| {
        let out = gamefuzz(&["gen", "pigs", "--seed", seed, "--profile", profile], "");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        out.stdout
    };
    // Seed 66731 of `suspicion`: engine and port disagree on the winner.
    let diverging = gen("66731", "suspicion");
    std::fs::copy("src/games/pigs/sample.in", tests.join("01.in")).unwrap();
    std::fs::write(tests.join("secret/02.in"), &diverging).unwrap();
    std::fs::write(
        tests.join("secret/03.in"),
        "3 1\nZP D D D D\nMP D D D D\nFP D D D D\nD\n",
    )
    .unwrap();
    std::fs::write(tests.join("secret/02.ans"), "not an input\n").unwrap();
    let corpus = dir.path().join("corpus");
    let out = gamefuzz(
        &[
            "diff",
            "pigs",
            "--inputs",
            tests.to_str().unwrap(),
            "--corpus",
            corpus.to_str().unwrap(),
            "--no-shrink",
            "--json",
        ],
        "",
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["cases"], 2, "{err}");
    assert_eq!(v["invalid"], 1);
    let bad = tests.join("secret/03.in");
    assert!(
        err.lines()
            .any(|l| l.contains(bad.to_str().unwrap()) && l.contains("rule 3")),
        "the invalid file is named with its rule:\n{err}"
    );
    let sigs = v["signatures"].as_array().unwrap();
    assert_eq!(sigs.len(), 1, "{err}");
    let s = &sigs[0];
    let file = tests.join("secret/02.in");
    assert_eq!(s["file"], file.to_str().unwrap());
    assert!(s.get("seed").is_none() && s.get("profile").is_none());
    let stored = s["corpus"].as_str().expect("stored");
    // The input reported is the file as stored: its repro is the entry's.
    assert_eq!(
        s["repro"],
        format!("gamefuzz repro {stored} --solvers engine,reference"),
        "{s}"
    );
    assert!(s.get("original_repro").is_none(), "{s}");
    let meta: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(std::path::Path::new(stored).with_extension("json")).unwrap(),
    )
    .unwrap();
    assert_eq!(meta["file"], file.to_str().unwrap());
    assert!(meta.get("seed").is_none());
    assert_eq!(std::fs::read(stored).unwrap(), diverging);
    // An invalid file is a finding of its own (exit 1), alone or beside
    // files every solver agrees on; only --fail-on never ignores it.
    let (sample, bad) = (tests.join("01.in"), bad.to_str().unwrap().to_string());
    let sample = sample.to_str().unwrap();
    for (files, fail_on, code) in [
        (vec![bad.as_str()], "any", 1),
        (vec![sample, &bad], "any", 1),
        (vec![sample, &bad], "never", 0),
        (vec![sample], "any", 0),
    ] {
        let mut args = vec![
            "diff",
            "pigs",
            "--no-store",
            "--fail-on",
            fail_on,
            "--inputs",
        ];
        args.extend(&files);
        let out = gamefuzz(&args, "");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{files:?} {fail_on}: {err}");
        if files.len() == 1 && code == 1 {
            assert!(
                err.contains("pigs: none of the 1 input files is valid"),
                "{err}"
            );
        }
    }
}

#[test]
fn diff_inputs_refuses_what_makes_no_sense_with_files() {
    let sample = "src/games/pigs/sample.in";
    for extra in [
        &["--seed", "3"][..],
        &["--profile", "small"],
        &["--shard", "1/2"],
        &["--cases", "4"],
    ] {
        let mut args = vec!["diff", "pigs", "--no-store", "--inputs", sample];
        args.extend(extra);
        let out = gamefuzz(&args, "");
        assert_eq!(
            out.status.code(),
            Some(2),
            "{extra:?}: {}",
            text(&out.stderr)
        );
    }
    let out = gamefuzz(&["diff", "all", "--no-store", "--inputs", sample], "");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("--inputs"));
    let out = gamefuzz(
        &["diff", "pigs", "--no-store", "--inputs", "no/such/dir"],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

/// Probe: a bad number gets one short line that quotes what was typed
/// (never the number as parsed, nor clap's `-- -1` tip), exit 2, and a
/// refused run creates nothing, not even its corpus folder.
#[test]
fn bad_numbers_get_short_messages_and_nothing_is_created() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    let c = corpus.to_str().unwrap();
    for (args, names) in [
        (vec!["diff", "xiangqi", "--time", "1e300"], "'1e300'"),
        (vec!["diff", "xiangqi", "--time", "-1"], "'-1'"),
        (vec!["diff", "xiangqi", "--time", "0"], "'0'"),
        (vec!["diff", "xiangqi", "--time", "nan"], "'nan'"),
        (vec!["diff", "xiangqi", "--timeout", "-2"], "'-2'"),
        (vec!["diff", "xiangqi", "--shrink-time", "1e999"], "'1e999'"),
        (vec!["diff", "xiangqi", "--jobs", "-4"], "'-4'"),
        (vec!["diff", "xiangqi", "--jobs", "100000"], "'100000'"),
        (vec!["diff", "xiangqi", "--profile", "nosuch"], "nosuch"),
        (vec!["diff", "xiangqi", "--shard", "3/2"], "'3/2'"),
        (vec!["diff", "all", "--solvers", "engine,brute"], "brute"),
        (
            vec![
                "shrink",
                "xiangqi",
                "--shrink-time",
                "-1",
                "--solvers",
                "engine,reference",
            ],
            "'-1'",
        ),
        (
            vec!["import", "x/diff_pigs/crash-0", "--shrink-time", "-1"],
            "'-1'",
        ),
    ] {
        let mut args = args.clone();
        if args[0] == "diff" {
            args.extend(["--corpus", c]);
        }
        let out = gamefuzz(&args, "");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(names), "{args:?} quotes what was typed: {err}");
        assert!(err.len() < 400, "{args:?}: {} bytes: {err}", err.len());
        assert!(!err.contains("-- -"), "{args:?}: {err}");
        assert!(!corpus.exists(), "{args:?} created its corpus folder");
    }
    let out = gamefuzz(&["coverage", "xiangqi", "--cases", "0"], "");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
}

/// Probe: `check` names an invalid test's reason once, after a single
/// `invalid input: `.
#[test]
fn check_says_invalid_input_once() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data/secret");
    std::fs::create_dir_all(&data).unwrap();
    // Red's chariot does not give check: valid syntax, broken rule.
    std::fs::write(data.join("1.in"), "2 1 4\nG 10 5\nR 5 1\n\n0 0 0\n").unwrap();
    let out = gamefuzz(
        &["check", dir.path().to_str().unwrap(), "--game", "xiangqi"],
        "",
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    let line = stdout
        .lines()
        .find(|l| l.contains("secret/1"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(line.matches("invalid input").count(), 1, "{line}");
    assert!(line.contains("secret/1: invalid input: "), "{line}");
}

/// A run says what is new: per signature and in its summary, new or
/// already in the corpus (read even with --no-store), and `--fail-on`
/// sets the exit status from that.
#[test]
fn a_run_says_what_is_new_and_fail_on_sets_the_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    let c = corpus.to_str().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec![
            "diff",
            "xiangqi",
            "--cases",
            "300",
            "--corpus",
            c,
            "--no-shrink",
        ];
        args.extend_from_slice(extra);
        let out = gamefuzz(&args, "");
        let json = extra.contains(&"--json");
        let v: serde_json::Value = match json {
            true => serde_json::from_slice(&out.stdout).expect("one JSON object"),
            false => serde_json::Value::Null,
        };
        (out.status.code(), v, text(&out.stdout))
    };
    // Nothing stored yet: new, and `never` exits 0 all the same.
    let (code, v, _) = run(&["--json", "--fail-on", "never", "--no-store"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        (v["new_signatures"].as_u64(), v["known_signatures"].as_u64()),
        (Some(1), Some(0)),
        "{v}"
    );
    assert_eq!(v["signatures"][0]["new"], true);
    assert!(!corpus.exists(), "--no-store stores nothing");
    let (code, _, report) = run(&["--fail-on", "new"]);
    assert_eq!(code, Some(1), "a new signature fails `new`");
    assert!(
        report.contains("1 distinct signatures: 1 new, 0 already in the corpus"),
        "{report}"
    );
    // Now the corpus holds it: known, and only `any` fails.
    let (code, v, _) = run(&["--json", "--fail-on", "new"]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(
        (v["new_signatures"].as_u64(), v["known_signatures"].as_u64()),
        (Some(0), Some(1)),
        "{v}"
    );
    let (code, _, report) = run(&[]);
    assert_eq!(code, Some(1), "`any` is the default");
    assert!(
        report.contains("1 distinct signatures: 0 new, 1 already in the corpus"),
        "{report}"
    );
    assert!(
        report.contains("] x") && report.contains("(already in the corpus)\n"),
        "{report}"
    );
    let out = gamefuzz(
        &["diff", "xiangqi", "--cases", "5", "--fail-on", "some"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
}

/// The repro line under a finding shows the input printed above it: the
/// stored, shrunk entry; the seed command beside it says it rebuilds the
/// unshrunk original, and is marked so when nothing is stored.
#[test]
fn a_finding_repros_as_shown() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    let args = |extra: &[&str]| {
        let mut a = vec![
            "diff",
            "xiangqi",
            "--cases",
            "300",
            "--shrink-time",
            "5",
            "--json",
        ];
        a.extend_from_slice(extra);
        let out = gamefuzz(&a, "");
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["signatures"][0].clone()
    };
    let s = args(&["--corpus", corpus.to_str().unwrap()]);
    let stored = s["corpus"].as_str().expect("stored");
    assert!(
        s["shrunk_bytes"].as_u64() < s["found_bytes"].as_u64(),
        "{s}"
    );
    assert_eq!(s["repro_rebuilds"], "reported");
    let repro = s["repro"].as_str().unwrap();
    assert_eq!(
        repro,
        format!("gamefuzz repro {stored} --solvers engine,reference")
    );
    let shown = gamefuzz(&repro.split(' ').skip(1).collect::<Vec<_>>(), "");
    assert_eq!(shown.status.code(), Some(1));
    let input = std::fs::read_to_string(stored).unwrap();
    assert!(
        text(&shown.stdout).contains(&input),
        "{}",
        text(&shown.stdout)
    );
    let original = s["original_repro"].as_str().expect("the seed command too");
    assert!(
        original.starts_with("gamefuzz repro xiangqi --seed "),
        "{original}"
    );
    // Not stored: the seed command is all there is, marked as the original's.
    let s = args(&["--no-store"]);
    assert_eq!(s["repro_rebuilds"], "unshrunk original", "{s}");
    assert!(s["repro"]
        .as_str()
        .unwrap()
        .starts_with("gamefuzz repro xiangqi --seed "));
    let out = gamefuzz(
        &[
            "diff",
            "xiangqi",
            "--cases",
            "300",
            "--shrink-time",
            "5",
            "--no-store",
        ],
        "",
    );
    let report = text(&out.stdout);
    assert!(
        report.contains("    repro of the unshrunk original (")
            && report.contains("the input above is not stored"),
        "{report}"
    );
}

/// Source files are solvers: built (or, for Python, run) as `package
/// --against` builds them, once per content into the build cache; a
/// word that names a file but no solver gets a hint.
#[test]
fn source_files_are_solvers_built_once_per_content() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    // Wrong on every mate: NO to every case.
    let py = "import sys\nlines = sys.stdin.read().split('\\n')\ni = 0\nwhile True:\n    \
              n = int(lines[i].split()[0])\n    if n == 0:\n        break\n    \
              print('NO')\n    i += n + 2\n";
    let cpp = "#include <cstdio>\nint main() { int n, r, c; while (std::scanf(\"%d %d %d\", &n, &r, &c) == 3 && n) {\n\
               char k[4]; int a, b; for (int i = 0; i < n; i++) std::scanf(\"%3s %d %d\", k, &a, &b);\n\
               std::puts(\"NO\"); } }\n";
    std::fs::write(dir.path().join("no.py"), py).unwrap();
    std::fs::write(dir.path().join("no.cpp"), cpp).unwrap();
    let run_on = |solvers: &str, path: Option<&std::ffi::OsStr>| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_gamefuzz"));
        cmd.args(["diff", "xiangqi", "--solvers", solvers, "--cases", "60"])
            .args(["--no-store", "--no-shrink", "--json"])
            .current_dir(dir.path())
            .env("XDG_CACHE_HOME", &cache);
        if let Some(path) = path {
            cmd.env("PATH", path);
        }
        cmd.output().unwrap()
    };
    let run = |solvers: &str| run_on(solvers, None);
    let builds = || std::fs::read_dir(cache.join("gamefuzz/builds")).map_or(0, |d| d.count());
    let only_no = |out: &std::process::Output, source: &str| {
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let sigs: Vec<&str> = v["signatures"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["signature"].as_str().unwrap())
            .collect();
        assert_eq!(sigs, [format!("engine:ok {source}:ok YES/NO")], "{v}");
    };
    only_no(&run("engine,no.cpp"), "no.cpp");
    assert_eq!(builds(), 1, "one build per source");
    run("engine,no.cpp");
    assert_eq!(builds(), 1, "the same content is not built again");
    std::fs::write(dir.path().join("no.cpp"), format!("{cpp}// edited\n")).unwrap();
    run("engine,no.cpp");
    assert_eq!(builds(), 2, "an edited source is built again");
    // A compile error is refused up front, with the compiler's words about
    // the file as the user named it, not the copy in the build cache.
    std::fs::write(dir.path().join("bad.cpp"), "int main( {\n").unwrap();
    let out = run("engine,bad.cpp");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("g++ failed") && err.contains("\nbad.cpp:1:"),
        "{err}"
    );
    assert!(!err.contains("builds"), "{err}");

    // Python runs with pypy3 where there is one (judges run it so), else
    // with python3; which one is said once. Neither: refused up front.
    let tools = dir.path().join("tools");
    std::fs::create_dir(&tools).unwrap();
    let none = run_on("engine,no.py", Some(tools.as_os_str()));
    assert_eq!(none.status.code(), Some(2));
    let err = text(&none.stderr);
    assert!(
        err.contains("no.py: Python programs run with pypy3") && err.contains("neither"),
        "{err}"
    );
    // The interpreter itself, not a wrapper that needs more of PATH.
    let python3 = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| text(&o.stdout).trim().to_string());
    let Some(python3) = python3 else {
        eprintln!("skipping the runs of no.py: python3 is not installed");
        return;
    };
    std::os::unix::fs::symlink(&python3, tools.join("python3")).unwrap();
    let out = run_on("engine,no.py", Some(tools.as_os_str()));
    only_no(&out, "no.py");
    let notes: Vec<String> = text(&out.stderr)
        .lines()
        .filter(|l| l.starts_with("note: "))
        .map(String::from)
        .collect();
    assert_eq!(
        notes,
        ["note: no.py runs with python3 (pypy3, which judges run Python with, is not installed)"]
    );
    let log = dir.path().join("pypy3.log");
    common::script(
        &tools,
        "pypy3",
        &format!("echo \"$@\" >> {}\nexec python3 \"$@\"", log.display()),
    );
    // A wrapper runs the program as it is: it may set what the program
    // needs.
    let out = run_on("engine,no.py", Some(tools.as_os_str()));
    only_no(&out, "no.py");
    assert!(
        text(&out.stderr).contains("note: no.py runs with pypy3\n"),
        "{}",
        text(&out.stderr)
    );
    let runs = |log: &str| {
        log.lines()
            .filter(|l| l.ends_with("no.py") && !l.contains("py_compile"))
            .count()
    };
    assert!(runs(&std::fs::read_to_string(&log).unwrap()) >= 1);
    // A version manager's shim is asked once for the interpreter it
    // starts, which then runs the program itself, and the note names both.
    let shims = dir.path().join("shims");
    std::fs::create_dir(&shims).unwrap();
    std::fs::rename(tools.join("pypy3"), shims.join("pypy3")).unwrap();
    std::fs::remove_file(&log).unwrap();
    let path = std::env::join_paths([&shims, &tools]).unwrap();
    let out = run_on("engine,no.py", Some(&path));
    only_no(&out, "no.py");
    let shown = format!(
        "note: no.py runs with pypy3 ({})\n",
        tools.join("python3").display()
    );
    assert!(text(&out.stderr).contains(&shown), "{}", text(&out.stderr));
    let asked = std::fs::read_to_string(&log).unwrap();
    let asking = asked.lines().filter(|l| l.contains("sys.executable"));
    assert_eq!(asking.count(), 1, "{asked}");
    assert_eq!(runs(&asked), 0, "{asked}");
    // A file that is no solver word: a hint.
    std::fs::write(dir.path().join("a.out"), "").unwrap();
    let out = run("engine,a.out");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("it names a file") && err.contains("cmd:a.out"),
        "{err}"
    );
}

/// What a program printed without a final newline still ends its own line
/// in `repro`: the next heading starts a line of its own.
#[test]
fn repro_ends_an_output_without_a_final_newline() {
    let out = gamefuzz(
        &[
            "repro",
            "xiangqi",
            "--seed",
            "0",
            "--profile",
            "small",
            "--solvers",
            "engine,cmd:printf 'K D K'",
        ],
        "",
    );
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        text(&out.stderr)
    );
    let shown = text(&out.stdout);
    assert!(
        shown.contains("==\nK D K\n(no newline at the end)\n"),
        "{shown}"
    );
    assert!(
        shown
            .lines()
            .all(|l| l == "K D K" || !l.starts_with("K D K")),
        "{shown}"
    );
}

/// Every path a command is given is checked before any work, and the
/// message says what is wrong with it; a run that runs no case creates no
/// corpus folder.
#[test]
fn paths_and_budgets_are_checked_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let here = dir.path();
    let run = |args: &[&str]| {
        let start = std::time::Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_gamefuzz"))
            .args(args)
            .current_dir(here)
            .output()
            .unwrap();
        let err = text(&out.stderr);
        assert!(!err.contains("panicked"), "{err}");
        (out.status.code(), err, start.elapsed())
    };
    let no_corpus = |what: &str| assert!(!here.join("corpus").exists(), "{what} made ./corpus");

    let (code, err, _) = run(&["repro", here.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("is a folder") && !err.contains("Is a directory"),
        "{err}"
    );

    for args in [
        vec!["check", "no/such/pkg"],
        vec!["check", "no/such/pkg", "--jobs", "2"],
    ] {
        let (code, err, _) = run(&args);
        assert_eq!(code, Some(2), "{args:?}");
        assert_eq!(err.trim(), "error: no/such/pkg does not exist", "{args:?}");
    }

    // The report's folder is missing: refused at once, not after the
    // campaign (whose divergences would exit 1).
    let (code, err, took) = run(&[
        "diff",
        "xiangqi",
        "--time",
        "600",
        "--report",
        "/no/such/dir/r.html",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("no such folder /no/such/dir"), "{err}");
    assert!(
        took < std::time::Duration::from_secs(60),
        "refused after {took:?}"
    );
    no_corpus("a refused --report");

    let (code, err, _) = run(&["diff", "xiangqi", "--shard", "4/4", "--cases", "2"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("shard 4/4 has no case") && !err.contains("budget"),
        "{err}"
    );
    no_corpus("an empty shard");

    let (code, err, _) = run(&["diff", "xiangqi", "--time", "1e-9"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no case was run"), "{err}");
    no_corpus("a run of no case");

    // A script whose interpreter is missing could be started on nothing.
    let script = common::script(here, "lost.sh", "");
    std::fs::write(&script, "#!/nonexistent/sh\necho YES\n").unwrap();
    let (code, err, took) = run(&[
        "diff",
        "xiangqi",
        "--time",
        "600",
        "--solvers",
        &format!("engine,cmd:{}", script.display()),
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("/nonexistent/sh"), "{err}");
    assert!(
        took < std::time::Duration::from_secs(60),
        "refused after {took:?}"
    );
    no_corpus("a refused program");

    // `check` takes --jobs like every command that runs programs.
    let data = here.join("pkg/data/secret");
    std::fs::create_dir_all(&data).unwrap();
    for seed in 0..4 {
        let input = gamefuzz(&["gen", "xiangqi", "--seed", &seed.to_string()], "").stdout;
        let answer = gamefuzz(&["solve", "xiangqi"], &input).stdout;
        std::fs::write(data.join(format!("{seed}.in")), input).unwrap();
        std::fs::write(data.join(format!("{seed}.ans")), answer).unwrap();
    }
    let (code, err, _) = run(&[
        "check",
        "pkg",
        "--game",
        "xiangqi",
        "--jobs",
        "3",
        "--solvers",
        "engine",
    ]);
    assert_eq!(code, Some(0), "{err}");
}

/// Completing `words` (the last one being completed) in bash with the
/// script `gamefuzz completions bash` prints: the words offered.
fn bash_completions(script: &std::path::Path, words: &[&str]) -> Vec<String> {
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let program = format!(
        "source '{}'\nCOMP_WORDS=({})\nCOMP_CWORD={}\nCOMP_LINE='{}'\nCOMP_POINT=${{#COMP_LINE}}\n\
         _gamefuzz gamefuzz '{}' '{}'\nprintf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display(),
        quoted.join(" "),
        words.len() - 1,
        words.join(" "),
        words[words.len() - 1],
        words[words.len() - 2],
    );
    let out = Command::new("bash")
        .args(["--norc", "-c", &program])
        .output()
        .expect("run bash");
    assert!(out.status.success(), "bash: {}", text(&out.stderr));
    text(&out.stdout)
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

#[test]
fn completion_scripts_offer_every_command_and_option() {
    let commands = common::help(&[]).commands;
    assert!(commands.len() >= 15, "{commands:?}");
    let dir = tempfile::tempdir().unwrap();
    let bash = dir.path().join("gamefuzz.bash");
    std::fs::write(&bash, gamefuzz(&["completions", "bash"], "").stdout).unwrap();
    let offered = bash_completions(&bash, &["gamefuzz", ""]);
    for c in &commands {
        assert!(offered.contains(c), "bash offers {offered:?}, not {c}");
    }
    let offered = bash_completions(&bash, &["gamefuzz", "diff", "--sh"]);
    assert_eq!(
        offered,
        ["--shrink-time", "--shard"],
        "bash after diff --sh"
    );
    let offered = bash_completions(&bash, &["gamefuzz", "package", "stones", "--format", ""]);
    assert_eq!(
        offered,
        [
            "legacy",
            "2023-07-draft",
            "2025-09",
            "plain",
            "polygon",
            "hydro",
            "luogu",
            "uoj"
        ]
    );
    // zsh and fish, where they are installed, read their scripts without a
    // syntax error; every script names every command.
    for (shell, check) in [("bash", "bash"), ("zsh", "zsh"), ("fish", "fish")] {
        let out = gamefuzz(&["completions", shell], "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let script = text(&out.stdout);
        for c in &commands {
            assert!(script.contains(c.as_str()), "{shell}: no {c}");
        }
        let file = dir.path().join(format!("script.{shell}"));
        std::fs::write(&file, &script).unwrap();
        match Command::new(check).arg("-n").arg(&file).output() {
            Ok(out) => assert!(out.status.success(), "{shell} -n: {}", text(&out.stderr)),
            Err(_) => eprintln!("note: {check} is not installed: its script is not parsed"),
        }
    }
    let out = gamefuzz(&["completions", "tcsh"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("possible values: bash, zsh, fish"));
}

#[test]
fn man_writes_a_page_per_command_with_every_option() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("man1");
    let out = gamefuzz(&["man", pages.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let paths = common::command_paths();
    assert!(
        text(&out.stdout).starts_with(&format!("{} man pages written to ", paths.len())),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(std::fs::read_dir(&pages).unwrap().count(), paths.len());
    for path in &paths {
        let name = std::iter::once("gamefuzz")
            .chain(path.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join("-");
        let page = std::fs::read_to_string(pages.join(format!("{name}.1")))
            .unwrap_or_else(|e| panic!("{name}.1: {e}"));
        let title = format!(
            ".TH {name} 1 \"\" \"gamefuzz {}\" ",
            env!("CARGO_PKG_VERSION")
        );
        assert!(page.contains(&title), "{name}.1: {page}");
        assert!(page.contains(".SH \"EXIT STATUS\""), "{name}.1");
        let words: Vec<&str> = path.iter().map(String::as_str).collect();
        for entry in common::help(&words).entries {
            // clap_mangen writes `\-\-seed`: a hyphen, not a dash, to troff.
            let long = entry
                .name
                .split([' ', ','])
                .find(|w| w.starts_with("--"))
                .map(|w| w.replace('-', "\\-"));
            if let Some(long) = long {
                assert!(page.contains(&long), "{name}.1 lacks {}", entry.name);
            }
        }
    }
    // A folder that cannot be made: one line, exit 2.
    let file = dir.path().join("file");
    std::fs::write(&file, "").unwrap();
    let out = gamefuzz(&["man", file.join("man1").to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("error: creating ") && err.lines().count() == 1,
        "{err}"
    );
}
