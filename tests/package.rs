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
        // Cases are packed into files filled to their bound: few files.
        assert!(secret.len() >= 5, "{g}: {} secret tests", secret.len());
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
        // A statement written from the rules document, and the name a key.
        let statement = text(&ta[Path::new("problem_statement/problem.en.tex")].0);
        assert!(
            statement.starts_with("% gamefuzz statement, written from docs/rules/"),
            "{g}: {statement}"
        );
        assert!(
            statement.contains(&format!("\n\\problemname{{{}}}\n", g.title())),
            "{g}: {statement}"
        );
        let yaml = text(&ta[Path::new("problem.yaml")].0);
        assert!(
            yaml.contains(&format!("\nname: \"{}\"\n", g.title())),
            "{g}: {yaml}"
        );
        assert!(!yaml.contains("problem_format_version"), "{g}: {yaml}");
        // The validator is the game's own C++ source, nothing that needs gamefuzz.
        let (cpp, hpp) = gamefuzz::kattis::validator_source(g);
        let validators: Vec<&PathBuf> = ta
            .keys()
            .filter(|p| p.starts_with("input_validators"))
            .collect();
        assert_eq!(validators.len(), 2, "{g}: {validators:?}");
        assert_eq!(
            ta[Path::new("input_validators/gamefuzz/validator.cpp")].0,
            cpp.as_bytes()
        );
        assert_eq!(
            ta[Path::new("input_validators/gamefuzz/validator.hpp")].0,
            hpp.as_bytes()
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
    let r = package("xiangqi", &out, &["--format", "plain"]);
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
    let r = package("chutes", &out, &["--force"]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    assert!(out.join("extra.txt").exists() && out.join("input_validators/gamefuzz").is_dir());
    let r = package("chutes", &out, &["--force", "--format", "plain"]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    // The Kattis tests and validator go; what gamefuzz did not write stays.
    assert!(out.join("tests.txt").exists() && out.join("01.in").exists());
    assert!(!out.join("data").exists() && !out.join("input_validators").exists());
    assert_eq!(
        std::fs::read_to_string(out.join("extra.txt")).unwrap(),
        "left over"
    );
    // Nothing is left beside the package.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("pkg")]);
}

/// A rebuild replaces the tests, the validator and gamefuzz's keys of
/// problem.yaml, and keeps the statement, the submissions, other
/// validators and the keys and comments the setter wrote.
#[test]
fn force_keeps_what_the_setter_added() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pkg");
    assert_eq!(package("chutes", &out, &[]).status.code(), Some(0));
    let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
    assert!(yaml.contains("\nname: \"Chutes and Ladders\"\n"), "{yaml}");
    // The setter's own statement replaces gamefuzz's, and wins from then on.
    let setter_files = [
        (
            "problem_statement/problem.en.tex",
            "\\problemname{Snakes}\nRoll.\n",
        ),
        ("submissions/accepted/model.py", "print(1)\n"),
        ("input_validators/mine/check.py", "exit(42)\n"),
    ];
    for (path, body) in setter_files {
        std::fs::create_dir_all(out.join(path).parent().unwrap()).unwrap();
        std::fs::write(out.join(path), body).unwrap();
    }
    let r = package("chutes", &out, &["--force"]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
    assert_eq!(
        yaml.matches("\nname: \"Chutes and Ladders\"\n").count(),
        1,
        "{yaml}"
    );

    let setter_yaml = yaml
        .replace("license: unknown", "license: cc by-sa")
        .replace("Chutes and Ladders", "Snakes")
        + "# our own comment\nrights_owner: The Setters\nlimits:\n  time_multiplier: 3\n";
    std::fs::write(out.join("problem.yaml"), &setter_yaml).unwrap();
    // What an earlier version of gamefuzz wrote goes.
    std::fs::write(out.join("input_validators/gamefuzz/run"), "old").unwrap();
    std::fs::write(out.join("data/secret/99-old.in"), "old").unwrap();
    let before = tree(&out);

    let r = package("chutes", &out, &["--force", "--seed", "2"]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let after = tree(&out);
    for (path, body) in setter_files {
        assert_eq!(after[Path::new(path)].0, body.as_bytes(), "{path}");
    }
    assert!(!after.contains_key(Path::new("input_validators/gamefuzz/run")));
    assert!(!after.contains_key(Path::new("data/secret/99-old.in")));
    let secret = |t: &BTreeMap<PathBuf, (Vec<u8>, bool)>| -> Vec<Vec<u8>> {
        t.iter()
            .filter(|(p, _)| p.starts_with("data/secret"))
            .map(|(_, v)| v.0.clone())
            .collect()
    };
    assert!(secret(&before) != secret(&after), "seed 2 has other tests");
    let yaml = text(&after[Path::new("problem.yaml")].0);
    let mut lines = yaml.lines();
    assert!(lines.next().unwrap().contains("seed 2)"), "{yaml}");
    assert_eq!(
        lines.collect::<Vec<_>>().join("\n") + "\n",
        setter_yaml.split_once('\n').unwrap().1,
        "the setter's lines are kept as they were"
    );

    // A name given on the command line replaces the setter's.
    let r = package("chutes", &out, &["--force", "--name", "Say \"Snakes\""]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
    assert!(yaml.contains("\nname: \"Say \\\"Snakes\\\"\"\n"), "{yaml}");
    assert!(yaml.contains("rights_owner: The Setters") && yaml.contains("license: cc by-sa"));
    assert_eq!(yaml.matches("\nname:").count(), 1, "{yaml}");
}

/// Each format as the tool that reads it takes it (see `.ci/run`, which
/// runs problemtools and BAPCtools on them): the version key, the
/// statement's place and language, test descriptions, the answer validator
/// of 2025-09. A rebuild in another format replaces gamefuzz's statement
/// and keeps the setter's.
#[test]
fn every_format_is_laid_out_as_its_tool_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("stones");
    let formats = [
        ("legacy", None, "problem_statement/problem.en.tex", "desc"),
        (
            "2023-07-draft",
            Some("2023-07-draft"),
            "statement/problem.en.md",
            "desc",
        ),
        (
            "2025-09",
            Some("2025-09"),
            "statement/problem.en.tex",
            "yaml",
        ),
    ];
    for (format, version, statement, desc) in formats {
        let r = package("stones", &out, &["--force", "--format", format]);
        assert_eq!(r.status.code(), Some(0), "{format}: {}", text(&r.stderr));
        let t = tree(&out);
        let yaml = text(&t[Path::new("problem.yaml")].0);
        let key = version.map(|v| format!("\nproblem_format_version: {v}\n"));
        assert_eq!(
            yaml.matches("problem_format_version").count(),
            usize::from(key.is_some()),
            "{yaml}"
        );
        if let Some(key) = key {
            assert!(yaml.contains(&key), "{yaml}");
        }
        assert!(
            yaml.contains("\nname: \"Doraemon's Stone Game\"\n"),
            "{yaml}"
        );
        // Exactly one statement, gamefuzz's, where the format wants it.
        let statements: Vec<&PathBuf> = t
            .keys()
            .filter(|p| p.starts_with("statement") || p.starts_with("problem_statement"))
            .collect();
        assert_eq!(statements, vec![&PathBuf::from(statement)], "{format}");
        let body = text(&t[Path::new(statement)].0);
        assert!(
            body.contains("gamefuzz statement, written from docs/rules/stones.md"),
            "{body}"
        );
        assert!(
            body.contains("1. Summary") && body.contains("5. Output"),
            "{body}"
        );
        // The solution and the notes on test data stay out.
        assert!(
            !body.contains("4.1 Solution") && !body.contains("7. Test data"),
            "{body}"
        );
        match format {
            "legacy" => assert!(
                body.contains("\n\\problemname{Doraemon's Stone Game}\n"),
                "{body}"
            ),
            "2025-09" => assert!(body.contains("\n\\problemname{}\n"), "{body}"),
            _ => assert!(
                body.starts_with("<!-- ") && body.contains("\n## 1. Summary {-}\n"),
                "{body}"
            ),
        }
        let about = text(&t[Path::new(&format!("data/secret/01-max.{desc}"))].0);
        assert!(about.contains("profile max, seed 1"), "{about}");
        let other = if desc == "yaml" { "desc" } else { "yaml" };
        assert!(
            !t.keys()
                .any(|p| p.starts_with("data") && p.extension().is_some_and(|x| x == other)),
            "{format}"
        );
        // BAPCtools asks for an answer validator; only 2025-09 has one.
        let answer = t.get(Path::new("answer_validators/gamefuzz/answer.cpp"));
        assert_eq!(answer.is_some(), format == "2025-09", "{format}");
        if let Some(a) = answer {
            assert_eq!(
                a.0,
                gamefuzz::kattis::answer_validator_source(GameId::Stones).as_bytes()
            );
            assert!(t.contains_key(Path::new("answer_validators/gamefuzz/validator.hpp")));
        }
    }

    // The setter's Markdown statement, and a name changed in problem.yaml:
    // the statement is kept as it is in its format and ours is not written
    // beside it; in legacy, gamefuzz's LaTeX statement takes the new name.
    let mine = "## Pebbles\n\nMy own words.\n";
    std::fs::write(out.join("statement/problem.en.md"), mine).unwrap();
    let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
    std::fs::write(
        out.join("problem.yaml"),
        yaml.replace("Doraemon's Stone Game", "Pebbles"),
    )
    .unwrap();
    let r = package("stones", &out, &["--force", "--format", "2023-07-draft"]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    assert_eq!(
        std::fs::read_to_string(out.join("statement/problem.en.md")).unwrap(),
        mine
    );
    assert!(!out.join("statement/problem.en.tex").exists());
    let r = package("stones", &out, &["--force", "--format", "legacy"]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    assert_eq!(
        std::fs::read_to_string(out.join("statement/problem.en.md")).unwrap(),
        mine
    );
    let tex = std::fs::read_to_string(out.join("problem_statement/problem.en.tex")).unwrap();
    assert!(tex.contains("\n\\problemname{Pebbles}\n"), "{tex}");
    let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
    assert!(
        yaml.contains("\nname: \"Pebbles\"\n") && !yaml.contains("problem_format_version"),
        "{yaml}"
    );
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
    assert!(
        !reference.starts_with("check reference: fails 0 "),
        "{reference}"
    );
    let cat = line("cmd:/bin/cat");
    let n: Vec<&str> = cat.split_whitespace().collect();
    assert_eq!(n[3], n[5], "cat fails every test: {cat}");
    // One line per failing test: every test (cat), naming the reference on
    // the corpus findings with the game's difference tag.
    let failing: Vec<&str> = stdout.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(failing.len().to_string(), n[5], "{stdout}");
    assert!(
        failing
            .iter()
            .any(|l| l.contains("-finding-") && l.contains("reference wrong answer (")),
        "{stdout}"
    );
    assert!(!stdout.contains("engine wrong answer"), "{stdout}");
}

/// `check` on a folder made by hand: every input validated, every answer
/// file held to the engine's answer, every program run, one line per
/// failing test; the game comes from --game, or from a gamefuzz package.
#[test]
fn check_reads_a_hand_made_package() {
    let dir = tempfile::tempdir().unwrap();
    let pkg = dir.path().join("hand");
    let sample = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/stones/sample.in"),
    )
    .unwrap();
    let answer = text(&gamefuzz(&["solve", "stones"], &sample).stdout);
    let files = [
        ("data/sample/1.in", sample.clone()),
        ("data/sample/1.ans", answer.clone()),
        ("data/secret/group/a.in", sample.clone()),
        ("data/secret/group/a.ans", answer.clone()),
        ("data/secret/b.in", sample.clone()),
        (
            "data/secret/b.ans",
            answer.replacen("Case", "case", 1) + "junk\n",
        ),
        ("data/secret/c.in", sample.replacen('\n', " \n", 1)),
        ("data/secret/c.ans", answer.clone()),
        ("data/secret/d.in", sample.clone()),
    ];
    for (path, body) in &files {
        std::fs::create_dir_all(pkg.join(path).parent().unwrap()).unwrap();
        std::fs::write(pkg.join(path), body).unwrap();
    }
    let p = pkg.to_str().unwrap();
    let r = gamefuzz(&["check", p], "");
    assert_eq!(r.status.code(), Some(2));
    assert!(text(&r.stderr).contains("--game"), "{}", text(&r.stderr));

    let r = gamefuzz(
        &[
            "check",
            p,
            "--game",
            "stones",
            "--solvers",
            "engine,cmd:/bin/cat",
        ],
        "",
    );
    let stdout = text(&r.stdout);
    assert_eq!(r.status.code(), Some(1), "{stdout}{}", text(&r.stderr));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[0],
        format!("stones: 5 tests in {p}, 5 failing"),
        "{stdout}"
    );
    let line = |label: &str| {
        *lines
            .iter()
            .find(|l| l.starts_with(&format!("  {label}: ")))
            .unwrap_or_else(|| panic!("no line for {label}:\n{stdout}"))
    };
    assert!(line("secret/b").contains("answer file: "), "{stdout}");
    assert!(
        line("secret/c").contains("invalid input: not in canonical layout"),
        "{stdout}"
    );
    assert!(!line("secret/c").contains("cmd:/bin/cat"), "{stdout}");
    assert!(
        line("secret/d").contains("answer file: missing"),
        "{stdout}"
    );
    assert!(line("secret/group/a").contains("cmd:/bin/cat "), "{stdout}");
    assert!(!line("sample/1").contains("answer file"), "{stdout}");
    assert!(
        !stdout.contains("engine wrong") && !stdout.contains("engine crash"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\ncheck engine: fails 0 of 4 tests\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\ncheck cmd:/bin/cat: fails 4 of 4 tests\n"),
        "{stdout}"
    );

    // A package gamefuzz wrote names its game, and passes.
    let made = dir.path().join("made");
    assert_eq!(package("stones", &made, &[]).status.code(), Some(0));
    let m = made.to_str().unwrap();
    let r = gamefuzz(&["check", m, "--solvers", "reference"], "");
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stdout));
    let tests = tree(&made)
        .keys()
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .count();
    assert!(
        text(&r.stdout).starts_with(&format!("stones: {tests} tests in ")),
        "{}",
        text(&r.stdout)
    );
    let r = gamefuzz(&["check", m, "--game", "chutes"], "");
    assert_eq!(r.status.code(), Some(2));
    assert!(
        text(&r.stderr).contains("a package of stones"),
        "{}",
        text(&r.stderr)
    );
}

/// The engine's xiangqi answers, flipped for a case of three red pieces
/// with the black general at (2, 4) and a cannon at (6, 6): wrong where no
/// generated test of the default package looks, but a campaign finds it.
const RARE: &str = r#"in=$(cat)
ans=$(printf '%s\n' "$in" | "$GAMEFUZZ" solve xiangqi)
printf '%s\n' "$in" | awk -v ans="$ans" '
BEGIN { split(ans, a, "\n"); k = 0; left = 0 }
left == 0 && NF == 3 && $1 ~ /^[0-9]+$/ {
  if ($1 == 0) { exit }
  k++; left = $1; rare[k] = ($1 == 3 && $2 == 2 && $3 == 4); cannon[k] = 0; next
}
left > 0 && NF == 3 { if ($1 == "C" && $2 == 6 && $3 == 6) cannon[k] = 1; left--; next }
END {
  for (i = 1; i <= k; i++) {
    x = a[i]
    if (rare[i] && cannon[i]) x = (x == "YES") ? "NO" : "YES"
    print x
  }
}'"#;

/// The generated tests alone do not catch a program wrong only in a rare
/// position; with `--against`, a campaign finds a counterexample and the
/// package kills it with a test that says so. Twice, byte for byte the
/// same package.
#[test]
fn against_kills_a_rarely_wrong_xiangqi_program_with_a_new_test() {
    let dir = tempfile::tempdir().unwrap();
    let blog = common::script(
        dir.path(),
        "rare.sh",
        &format!("GAMEFUZZ='{}'\n{RARE}", env!("CARGO_BIN_EXE_gamefuzz")),
    );
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let cmd = format!("cmd:{}", blog.display());
    let base = ["--corpus", empty.to_str().unwrap()];
    let r = package(
        "xiangqi",
        &dir.path().join("plain"),
        &[&base[..], &["--check", &cmd]].concat(),
    );
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    assert!(
        text(&r.stdout).contains(&format!("check {cmd}: fails 0 of ")),
        "{}",
        text(&r.stdout)
    );

    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let mut against = String::new();
    for (out, jobs) in [(&a, "2"), (&b, "1")] {
        let args = [
            &base[..],
            &["--against", &cmd, "--jobs", jobs, "--check", &cmd],
        ]
        .concat();
        let r = package("xiangqi", out, &args);
        let stdout = text(&r.stdout);
        assert_eq!(r.status.code(), Some(0), "{stdout}{}", text(&r.stderr));
        let killed = format!("against {cmd}: killed by a new test (");
        let at = stdout.find(&killed).unwrap_or_else(|| panic!("{stdout}"));
        let name = stdout[at + killed.len()..]
            .split(')')
            .next()
            .unwrap()
            .to_string();
        assert!(name.ends_with("-against.in"), "{stdout}");
        against = name.trim_end_matches(".in").to_string();
        assert!(
            stdout.contains(&format!("check {cmd}: fails 1 of ")),
            "{stdout}"
        );
    }
    let (ta, tb) = (tree(&a), tree(&b));
    assert!(ta == tb, "two packages of the same seed and program differ");
    let desc = text(&ta[&PathBuf::from(format!("data/secret/{against}.desc"))].0);
    assert!(
        desc.starts_with("kills rare.sh: it answers wrongly: `"),
        "{desc}"
    );
    assert!(desc.contains("YES/NO") || desc.contains("NO/YES"), "{desc}");

    // Killed by a test that is there now, in `check` as in `package`.
    let r = gamefuzz(&["check", a.to_str().unwrap(), "--solvers", &cmd], "");
    assert_eq!(r.status.code(), Some(1));
    assert!(text(&r.stdout).contains(&format!("  secret/{against}: {cmd} wrong answer (")));
}

/// `--accepted` takes a source file whose answers are the engine's on every
/// test, and refuses (writing nothing) one that fails some; `--against`
/// takes sources too, and refuses kinds a judge does not build.
#[test]
fn accepted_and_against_take_source_files() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pkg");
    // The blog's xiangqi program fails the corpus findings: not accepted.
    let Some(wrong) = common::blog_source("xiangqi") else {
        return;
    };
    let r = package("xiangqi", &out, &["--accepted", wrong.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(2));
    let err = text(&r.stderr);
    assert!(err.contains("so the package is not written"), "{err}");
    assert!(
        err.contains("-finding-") && err.contains("wrong answer ("),
        "{err}"
    );
    assert!(!out.exists());
    // The model solution CI verifies the xiangqi package with is accepted.
    let model = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/solutions/xiangqi.cpp");
    let r = package("xiangqi", &out, &["--accepted", model.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    assert!(out.join("submissions/accepted/xiangqi.cpp").is_file());
    std::fs::remove_dir_all(&out).unwrap();

    // The blog's chutes program is right on valid inputs; a Python program
    // that always answers "YES" is wrong.
    let Some(right) = common::blog_source("chutes") else {
        return;
    };
    // Judges run Python 3 with PyPy: `pypy3` builds and runs a .py file, and
    // a machine without it is told so before any work. (A stand-in records
    // that it is the one used.)
    let py = dir.path().join("always_yes.py");
    std::fs::write(&py, "import sys\nfor _ in range(3):\n    print('YES')\n").unwrap();
    let r = common::gamefuzz_env(
        &[
            "package",
            "chutes",
            "--out",
            dir.path().join("no").to_str().unwrap(),
            "--against",
            py.to_str().unwrap(),
        ],
        "",
        &[("PATH", std::ffi::OsStr::new("/nonexistent"))],
    );
    assert_eq!(r.status.code(), Some(2));
    let err = text(&r.stderr);
    assert!(
        err.contains("always_yes.py: a judge runs Python 3 (PyPy) programs with pypy3")
            && err.contains("not installed here")
            && err.contains("cmd:python3"),
        "{err}"
    );
    assert!(!dir.path().join("no").exists());
    let tools = dir.path().join("tools");
    std::fs::create_dir(&tools).unwrap();
    let log = dir.path().join("pypy3.log");
    common::script(
        &tools,
        "pypy3",
        &format!("echo \"$@\" >> {}\nexec python3 \"$@\"", log.display()),
    );
    let path = std::env::join_paths(
        std::iter::once(tools.clone())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let r = common::gamefuzz_env(
        &[
            "package",
            "chutes",
            "--out",
            out.to_str().unwrap(),
            "--tests",
            "12",
            "--accepted",
            right.to_str().unwrap(),
            "--against",
            py.to_str().unwrap(),
        ],
        "",
        &[("PATH", path.as_os_str())],
    );
    let stdout = text(&r.stdout);
    assert_eq!(r.status.code(), Some(0), "{stdout}{}", text(&r.stderr));
    assert!(
        stdout.contains(&format!(
            "against {}: killed by existing test sample/01-official (",
            py.display()
        )),
        "{stdout}"
    );
    let calls = std::fs::read_to_string(&log).unwrap();
    assert!(
        calls.starts_with("-m py_compile ") && calls.lines().count() >= 2,
        "{calls}"
    );
    let t = tree(&out);
    assert_eq!(
        t[Path::new("submissions/accepted/chutes.cpp")].0,
        std::fs::read(&right).unwrap()
    );
    assert!(t.contains_key(Path::new("submissions/wrong_answer/always_yes.py")));

    for bad in ["sol.java", "cmd:"] {
        let r = package("chutes", &dir.path().join("no"), &["--against", bad]);
        assert_eq!(r.status.code(), Some(2), "{bad}");
    }
    let r = package("chutes", &dir.path().join("no"), &["--against", "sol.java"]);
    assert!(
        text(&r.stderr).contains(".cpp, .cc, .cxx, .c, .py, .rs"),
        "{}",
        text(&r.stderr)
    );
    let r = package(
        "chutes",
        &dir.path().join("no"),
        &["--accepted", "cmd:/bin/cat"],
    );
    assert_eq!(r.status.code(), Some(2));
    let r = package(
        "chutes",
        &dir.path().join("no"),
        &["--format", "plain", "--name", "X"],
    );
    assert_eq!(r.status.code(), Some(2));
    assert!(!dir.path().join("no").exists());
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

#[test]
fn coverage_takes_files_and_folders_and_names_the_tests_of_each_rule() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("set");
    std::fs::create_dir(&sub).unwrap();
    let write = |path: &std::path::Path, seed: &str, profile: &str| {
        let g = gamefuzz(
            &["gen", "xiangqi", "--seed", seed, "--profile", profile],
            "",
        );
        std::fs::write(path, &g.stdout).unwrap();
        path.to_str().unwrap().to_string()
    };
    let lone = write(&dir.path().join("lone.txt"), "3", "facing");
    write(&sub.join("a.in"), "1", "small");
    write(&sub.join("b.in"), "2", "edge");
    let r = gamefuzz(&["coverage", "xiangqi", &lone, sub.to_str().unwrap()], "");
    let stdout = text(&r.stdout);
    assert!(matches!(r.status.code(), Some(0 | 1)), "{stdout}");
    assert!(stdout.contains("3 tests in"), "{stdout}");
    let per_rule: Vec<&str> = stdout
        .lines()
        .skip_while(|l| !l.starts_with("tests exercising each rule"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    let table_rows = stdout
        .lines()
        .skip(2)
        .take_while(|l| !l.starts_with("tests exercising"))
        .count();
    assert_eq!(per_rule.len(), table_rows, "one line per rule: {stdout}");
    let facing = per_rule
        .iter()
        .find(|l| l.trim_start().starts_with("facing-generals:"))
        .unwrap();
    assert!(facing.contains(&lone), "{facing}");
    for name in ["a.in", "b.in"] {
        assert!(
            per_rule.iter().any(|l| l.split(' ').any(|w| w == name)),
            "{stdout}"
        );
    }
}

/// With no corpus, the generated tests alone kill every catalogued mistake
/// of every game, in at most 60 secret tests, and each test's description
/// names the mistakes it kills.
#[test]
fn a_package_kills_every_catalogued_mistake_by_construction() {
    let dir = tempfile::tempdir().unwrap();
    let none = dir.path().join("no-corpus");
    for &g in GameId::ALL {
        let out = dir.path().join(g.name());
        let made = gamefuzz(
            &[
                "package",
                g.name(),
                "--out",
                out.to_str().unwrap(),
                "--corpus",
                none.to_str().unwrap(),
            ],
            "",
        );
        let said = text(&made.stdout);
        assert_eq!(
            made.status.code(),
            Some(0),
            "{g}: {said}{}",
            text(&made.stderr)
        );
        let listed = gamefuzz(&["mistakes", g.name(), "--json"], "");
        let names: Vec<String> = serde_json::from_slice::<serde_json::Value>(&listed.stdout)
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["name"].as_str().unwrap().to_string())
            .collect();
        let n = names.len();
        assert!(
            said.contains(&format!("kills {n}/{n} catalogued mistakes")),
            "{g}: {said}"
        );
        let secret = tree(&out);
        let descs: Vec<String> = secret
            .iter()
            .filter(|(p, _)| {
                p.starts_with("data/secret") && p.extension().is_some_and(|x| x == "desc")
            })
            .map(|(_, (b, _))| text(b))
            .collect();
        // The edge goal adds files up to what a judge takes, no further.
        let most = gamefuzz::package::Format::Legacy.most_tests();
        assert!(descs.len() <= most, "{g}: {} secret tests", descs.len());
        for name in &names {
            let named = descs.iter().any(|d| {
                d.rsplit_once("; kills ")
                    .is_some_and(|(_, list)| list.trim().split(", ").any(|k| k == name))
            });
            assert!(named, "{g}: no test description says it kills {name}");
        }
    }
}
