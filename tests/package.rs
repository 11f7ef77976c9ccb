//! `gamefuzz package` and `gamefuzz coverage` as a problem setter uses them:
//! reproducible packages that exercise every rule, keep every corpus finding,
//! validate under the Kattis convention, and fail wrong solutions.

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Output;

use gamefuzz::id::GameId;

mod common;
use common::{gamefuzz, text};

/// Every file under `root`: relative path → (bytes, executable).
fn tree(root: &Path) -> BTreeMap<PathBuf, (Vec<u8>, bool)> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, (Vec<u8>, bool)>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                let exec = std::fs::metadata(&p).unwrap().permissions().mode() & 0o111 != 0;
                out.insert(
                    p.strip_prefix(root).unwrap().to_path_buf(),
                    (std::fs::read(&p).unwrap(), exec),
                );
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, root, &mut out);
    out
}

fn package(game: &str, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "package",
        game,
        "--out",
        out.to_str().unwrap(),
        "--tests",
        "12",
    ];
    args.extend_from_slice(extra);
    gamefuzz(&args, "")
}

/// Per game: the package covers every rule (exit 0), the same seed gives
/// the same bytes, every input passes the Kattis validator, every corpus
/// finding is a test, and `coverage` on the package agrees.
#[test]
fn packages_cover_every_rule_and_are_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    for &g in GameId::ALL {
        let (a, b) = (
            dir.path().join(format!("{g}a")),
            dir.path().join(format!("{g}b")),
        );
        let first = package(g.name(), &a, &[]);
        assert_eq!(
            first.status.code(),
            Some(0),
            "{g}: {}{}",
            text(&first.stdout),
            text(&first.stderr)
        );
        assert!(!text(&first.stdout).contains("not exercised"), "{g}");
        assert_eq!(package(g.name(), &b, &[]).status.code(), Some(0));
        let (ta, tb) = (tree(&a), tree(&b));
        assert!(ta == tb, "{g}: two packages of seed 1 differ");

        let secret: Vec<&PathBuf> = ta
            .keys()
            .filter(|p| p.starts_with("data/secret") && p.extension().is_some_and(|x| x == "in"))
            .collect();
        assert!(secret.len() >= 12, "{g}: {} secret tests", secret.len());
        for p in ta
            .keys()
            .filter(|p| p.extension().is_some_and(|x| x == "in"))
        {
            assert!(
                ta.contains_key(&p.with_extension("ans")),
                "{g}: {} lacks .ans",
                p.display()
            );
            let v = gamefuzz(
                &["validate", g.name(), "--kattis"],
                std::fs::read(a.join(p)).unwrap(),
            );
            assert_eq!(
                v.status.code(),
                Some(42),
                "{g} {}: {}",
                p.display(),
                text(&v.stderr)
            );
        }
        for p in &secret {
            assert!(
                ta.contains_key(&p.with_extension("desc")),
                "{g}: {} lacks .desc",
                p.display()
            );
        }
        assert!(
            ta[Path::new("input_validators/gamefuzz/run")].1,
            "{g}: run is executable"
        );

        // Every corpus finding is in the package, byte for byte.
        let corpus = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus")
            .join(g.name());
        let inputs: Vec<&Vec<u8>> = secret.iter().map(|p| &ta[*p].0).collect();
        if let Ok(rd) = std::fs::read_dir(&corpus) {
            for e in rd {
                let p = e.unwrap().path();
                if p.extension().is_some_and(|x| x == "in") {
                    let bytes = std::fs::read(&p).unwrap();
                    assert!(
                        inputs.contains(&&bytes),
                        "{g}: {} is not a test",
                        p.display()
                    );
                }
            }
        }

        let cov = gamefuzz(&["coverage", g.name(), a.to_str().unwrap()], "");
        assert_eq!(cov.status.code(), Some(0), "{g}: {}", text(&cov.stdout));
    }
}

#[test]
fn a_different_seed_gives_a_different_package() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    assert_eq!(
        package("stones", &a, &["--seed", "1"]).status.code(),
        Some(0)
    );
    assert_eq!(
        package("stones", &b, &["--seed", "2"]).status.code(),
        Some(0)
    );
    assert!(tree(&a) != tree(&b));
}

#[test]
fn plain_layout_numbers_the_tests_samples_first() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("p");
    let r = package("xiangqi", &out, &["--layout", "plain"]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let t = tree(&out);
    let index = text(&t[Path::new("tests.txt")].0);
    let lines: Vec<&str> = index.lines().collect();
    assert!(lines[0].starts_with("# gamefuzz package"), "{index}");
    assert!(lines[1].starts_with("01 sample "), "{index}");
    assert!(lines[2].starts_with("02 secret "), "{index}");
    for n in 1..lines.len() {
        for ext in ["in", "ans"] {
            assert!(
                t.contains_key(Path::new(&format!("{n:02}.{ext}"))),
                "{n:02}.{ext}"
            );
        }
    }
    let sample = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/xiangqi/sample.in"),
    )
    .unwrap();
    assert_eq!(text(&t[Path::new("01.in")].0), sample);
    assert_eq!(text(&t[Path::new("01.ans")].0), "YES\nNO\n");
}

#[test]
fn an_existing_package_is_replaced_only_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pkg");
    assert_eq!(package("chutes", &out, &[]).status.code(), Some(0));
    std::fs::write(out.join("extra.txt"), "left over").unwrap();
    let r = package("chutes", &out, &[]);
    assert_eq!(r.status.code(), Some(2));
    assert!(text(&r.stderr).contains("--force"), "{}", text(&r.stderr));
    assert!(out.join("extra.txt").exists());
    let r = package("chutes", &out, &["--force", "--layout", "plain"]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    assert!(!out.join("extra.txt").exists());
    assert!(out.join("tests.txt").exists() && !out.join("problem.yaml").exists());
    // Nothing is left beside the package.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("pkg")]);
}

/// `--force` replaces a package, never a directory that is something else.
#[test]
fn force_never_replaces_a_directory_that_is_not_a_package() {
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mine");
    std::fs::create_dir(&mine).unwrap();
    std::fs::write(mine.join("thesis.tex"), "mine").unwrap();
    for args in [&[][..], &["--force"][..]] {
        let r = package("chutes", &mine, args);
        assert_eq!(r.status.code(), Some(2), "{args:?}");
        assert_eq!(
            std::fs::read_to_string(mine.join("thesis.tex")).unwrap(),
            "mine"
        );
    }
    for bad in [".", "..", "/"] {
        let r = package("chutes", Path::new(bad), &["--force"]);
        assert_eq!(r.status.code(), Some(2), "{bad}");
    }
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("mine")]);
}

/// The blog program fails its corpus findings, so it fails the package;
/// a program that echoes its input fails every test; the engine fails none.
#[test]
fn check_reports_the_tests_each_solver_fails() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pkg");
    let r = package("pigs", &out, &["--check", "reference,engine,cmd:/bin/cat"]);
    let stdout = text(&r.stdout);
    assert_eq!(r.status.code(), Some(0), "{stdout}{}", text(&r.stderr));
    let line = |who: &str| {
        stdout
            .lines()
            .find(|l| l.starts_with(&format!("check {who}: fails ")))
            .unwrap_or_else(|| panic!("no check line for {who}:\n{stdout}"))
            .to_string()
    };
    assert!(
        line("engine").starts_with("check engine: fails 0 of "),
        "{stdout}"
    );
    let reference = line("reference");
    assert!(reference.contains("finding-"), "{reference}");
    assert!(
        !reference.starts_with("check reference: fails 0 "),
        "{reference}"
    );
    let cat = line("cmd:/bin/cat");
    let n: Vec<&str> = cat.split_whitespace().collect();
    assert_eq!(n[3], n[5], "cat fails every test: {cat}");
}

#[test]
fn kattis_validation_rejects_junk_and_stray_whitespace() {
    let dir = tempfile::tempdir().unwrap();
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/stones/sample.in");
    let good = std::fs::read_to_string(&sample).unwrap();
    let cases = [
        ("empty", String::new()),
        ("trailing space", good.replacen('\n', " \n", 1)),
        ("doubled newline", good.replacen('\n', "\n\n", 1)),
        ("junk after", format!("{good}x\n")),
        ("no final newline", good.trim_end().to_string()),
        ("leading zero", good.replacen("w 1\n", "w 01\n", 1)),
    ];
    for (what, t) in cases {
        let p = dir.path().join("in");
        std::fs::write(&p, &t).unwrap();
        let v = gamefuzz(
            &["validate", "stones", "--kattis"],
            std::fs::read(&p).unwrap(),
        );
        assert_eq!(v.status.code(), Some(43), "{what}");
        assert!(!text(&v.stderr).is_empty(), "{what}: says why");
    }
    let v = gamefuzz(
        &["validate", "stones", "--kattis"],
        std::fs::read(&sample).unwrap(),
    );
    assert_eq!(v.status.code(), Some(42));
    // A file that cannot be read is the validator's own failure, not a verdict.
    let v = gamefuzz(
        &["validate", "stones", "--kattis", "/nonexistent/input"],
        "",
    );
    assert_eq!(v.status.code(), Some(2));
    // Not UTF-8: refused with the place where the text stops being text.
    let p = dir.path().join("bin");
    std::fs::write(&p, b"1\nw \xff\n").unwrap();
    let v = gamefuzz(
        &["validate", "stones", "--kattis"],
        std::fs::read(&p).unwrap(),
    );
    assert_eq!(v.status.code(), Some(43));
    assert!(
        text(&v.stderr).contains("line 2, column 3"),
        "{}",
        text(&v.stderr)
    );
}

#[test]
fn coverage_without_a_directory_tabulates_every_profile() {
    let r = gamefuzz(&["coverage", "xiangqi", "--cases", "20"], "");
    let stdout = text(&r.stdout);
    assert_eq!(r.status.code(), Some(0), "{stdout}");
    let header = stdout.lines().nth(1).unwrap();
    for p in ["small", "typical", "max", "edge"] {
        assert!(header.contains(p), "{header}");
    }
    assert!(stdout.contains("horse-leg-blocked"), "{stdout}");
    let r = gamefuzz(&["coverage", "xiangqi", "/nonexistent/dir"], "");
    assert_eq!(r.status.code(), Some(2));
}

#[test]
fn check_with_a_missing_program_fails_before_writing_anything() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pkg");
    let r = package("xiangqi", &out, &["--check", "cmd:/nonexistent/solution"]);
    assert_eq!(r.status.code(), Some(2));
    assert!(
        text(&r.stderr).contains("no executable program"),
        "{}",
        text(&r.stderr)
    );
    assert!(!out.exists());
    let r = package("xiangqi", &out, &["--check", "engine,engine"]);
    assert_eq!(r.status.code(), Some(2));
    let r = package("chutes", &out, &["--check", "brute"]);
    assert_eq!(r.status.code(), Some(2));
    assert!(text(&r.stderr).contains("no brute"), "{}", text(&r.stderr));
    let script = dir.path().join("not-executable");
    std::fs::write(&script, "#!/bin/sh\n").unwrap();
    let r = package(
        "xiangqi",
        &out,
        &["--check", &format!("cmd:{}", script.display())],
    );
    assert_eq!(r.status.code(), Some(2));
    assert!(!out.exists());
}
