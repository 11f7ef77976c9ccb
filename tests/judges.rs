//! Packages for the judges whose packages are zips: Codeforces Polygon,
//! HydroOJ, Luogu and UOJ, as a setter uses them. For every game and
//! format: the zip holds the package's tests and answers (those the Kattis
//! dialects hold), breaks none of its judge's documented rules (the checks
//! of `package::Archive::problems`, which `check` runs too), reads back as
//! its game, and is the same bytes when written again; the testlib
//! validator accepts every test and refuses broken inputs (its agreement
//! with `validate` on thousands of inputs is `tests/validators.rs`'s); the
//! checkers, built with Luogu's flags exactly, accept every answer and
//! refuse wrong ones. Then `check` and `coverage` on the zips, a broken
//! rule named by `check`, a package the judge would refuse refused, and
//! the zip replaced only as a package folder is. `p2d` and `verifyproblem`
//! on the Polygon zips run in `.ci/run`.

use std::io::Write;
use std::path::{Path, PathBuf};

use gamefuzz::fault::Budget;
use gamefuzz::game::{generate_case, Game, GameId, Visit};
use gamefuzz::package::{self, AnswerFile, Extras, Format, Package, Submission};

mod common;
use common::{gamefuzz, text};

const FORMATS: [Format; 4] = [Format::Polygon, Format::Hydro, Format::Luogu, Format::Uoj];

/// The model solution of xiangqi, as a setter's `--accepted`.
fn model_solution() -> Submission {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/solutions/xiangqi.cpp");
    Submission {
        category: "accepted",
        file: "xiangqi.cpp".into(),
        source: std::fs::read(file).unwrap(),
    }
}

/// A package of `G` as `package::build` makes one, only smaller: the
/// official sample and a test drawn from each profile but `max`, answered
/// by the engine and described by profile and seed. The writers are the
/// same for every test set; choosing the tests is `tests/package.rs`'s.
fn small<G: Game>() -> Package {
    let test = |name: String, input: &G::Input, about: String| package::Test {
        name,
        input: G::render(input),
        answer: G::render_output(&G::solve(input, &mut Budget::default()).unwrap()),
        about,
        hits: Vec::new(),
        kills: Vec::new(),
        edges: Default::default(),
    };
    let sample = G::parse(G::SAMPLE).unwrap();
    let samples = vec![test(
        "01-official".into(),
        &sample,
        "the official sample of the problem statement".into(),
    )];
    let secret = G::PROFILES
        .iter()
        .filter(|p| p.name != "max")
        .enumerate()
        .map(|(i, p)| {
            let seed = 7 + i as u64;
            let input = generate_case::<G>(seed, p.name).0;
            let about = format!("profile {}, seed {seed}: {}", p.name, p.about);
            test(format!("{:02}-{}", i + 1, p.name), &input, about)
        })
        .collect();
    Package {
        game: G::ID,
        seed: 7,
        samples,
        secret,
        unreached: Vec::new(),
        rules: Vec::new(),
        mistakes: Vec::new(),
        reach: Default::default(),
    }
}

/// The (input, answer) pairs of a package, sorted.
fn pairs(p: &Package) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut v: Vec<_> = p
        .tests()
        .map(|t| (t.input.clone().into_bytes(), t.answer.clone().into_bytes()))
        .collect();
    v.sort();
    v
}

/// Inputs every game's validator must refuse: the sample in a layout no
/// generator writes, or with a token that is no number.
fn broken_inputs(sample: &str) -> Vec<(&'static str, Vec<u8>)> {
    let first_line = sample.find('\n').unwrap();
    let mut junk = sample.to_string();
    junk.replace_range(..1, "x");
    vec![
        (
            "a trailing space",
            [&sample[..first_line], " ", &sample[first_line..]]
                .concat()
                .into_bytes(),
        ),
        (
            "no final newline",
            sample.trim_end_matches('\n').as_bytes().to_vec(),
        ),
        (
            "a blank line at the end",
            format!("{sample}\n").into_bytes(),
        ),
        ("CRLF", sample.replace('\n', "\r\n").into_bytes()),
        ("a leading zero", format!("0{sample}").into_bytes()),
        ("a letter for a number", junk.into_bytes()),
        ("nothing", Vec::new()),
    ]
}

/// A wrong answer: the first line of `answer` replaced by another answer.
fn wrong(answer: &str) -> String {
    let (first, rest) = answer.split_once('\n').unwrap();
    let other = match first {
        "YES" => "NO",
        "NO" => "YES",
        "MP" => "FP",
        "FP" => "MP",
        "draw!" => "Bob wins!!",
        w if w.starts_with("Alice") || w.starts_with("Bob") => "draw!",
        "win win" => "lose lose",
        w if w.contains(' ') => "win win",
        "1" => "2",
        _ => "1",
    };
    format!("{other}\n{rest}")
}

/// The checker's verdict: `checker INPUT OUTPUT ANSWER`, exit 0 accepting.
fn accepts(checker: &Path, dir: &Path, input: &str, output: &str, answer: &str) -> bool {
    let write = |name: &str, body: &str| {
        let p = dir.join(name);
        std::fs::write(&p, body).unwrap();
        p
    };
    let (i, o, a) = (
        write("in", input),
        write("out", output),
        write("ans", answer),
    );
    let (code, _, err) = common::testlib::run(checker, &[&i, &o, &a], b"");
    assert!(
        code == 0 || code == 1 || code == 2,
        "the checker exited with {code}: {err}"
    );
    code == 0
}

struct Formats;

impl Visit for Formats {
    type Out = ();

    fn visit<G: Game>(self) {
        let dir = tempfile::tempdir().unwrap();
        // g++ works while the package is built (both are cached or quick
        // the second time).
        let (p, validator, checker) = std::thread::scope(|s| {
            let validator = s.spawn(|| common::testlib::validator(G::ID));
            let checker = s.spawn(|| common::testlib::checker(G::ID));
            let p = small::<G>();
            (p, validator.join().unwrap(), checker.join().unwrap())
        });
        // A wrong program named as the model solution is, as the blog's
        // xiangqi.cpp is beside a setter's.
        let wrong_program = Submission {
            category: "wrong_answer",
            file: "xiangqi.cpp".into(),
            source: b"int main() {}\n".to_vec(),
        };
        let extras = Extras {
            name: None,
            submissions: vec![model_solution(), wrong_program],
        };
        for format in FORMATS {
            let zip = dir.path().join(format!("{}-{}.zip", G::ID, format.name()));
            package::write(&p, format, &zip, false, &[], &extras).expect("write the package");
            let a = package::open_archive(&zip).unwrap();
            assert_eq!(a.format, format);
            assert_eq!(a.game(), Some(G::ID), "{format:?}");
            assert_eq!(a.problems(), Vec::<String>::new(), "{} {format:?}", G::ID);
            let tests = a.tests().unwrap();
            let mut read: Vec<(Vec<u8>, Vec<u8>)> = tests
                .iter()
                .map(|t| match &t.answer {
                    AnswerFile::Present(b) => (t.input.clone(), b.clone()),
                    other => panic!("{}: {other:?}", t.label),
                })
                .collect();
            read.sort();
            assert_eq!(read, pairs(&p), "{} {format:?}: the tests differ", G::ID);
            // The same package gives the same bytes, and --force replaces it.
            let first = std::fs::read(&zip).unwrap();
            package::write(&p, format, &zip, true, &[], &extras).unwrap();
            assert!(
                std::fs::read(&zip).unwrap() == first,
                "{} {format:?}",
                G::ID
            );
        }
        // Polygon names each test's seed and profile, tags the model solution.
        let polygon = dir.path().join(format!("{}-polygon.zip", G::ID));
        let xml = unzip(&polygon, "problem.xml");
        for t in &p.secret {
            let about = t
                .about
                .replace('&', "&amp;")
                .replace('"', "&quot;")
                .replace('<', "&lt;")
                .replace('>', "&gt;");
            assert!(
                xml.contains(&format!("description=\"{about}\"")),
                "{}: {}",
                G::ID,
                t.about
            );
        }
        assert!(
            xml.contains("seed "),
            "{}: no seed in any description",
            G::ID
        );
        assert!(
            xml.contains("<solution tag=\"main\"><source path=\"solutions/accepted/xiangqi.cpp\"")
        );
        assert!(xml.contains(
            "<solution tag=\"wrong-answer\"><source path=\"solutions/wrong_answer/xiangqi.cpp\""
        ));

        let (Some(validator), Some(checker)) = (validator, checker) else {
            return;
        };
        for t in p.tests() {
            assert_eq!(
                common::testlib::verdict(&validator, t.input.as_bytes()),
                Ok(()),
                "{}: the testlib validator refuses {}",
                G::ID,
                t.name
            );
            assert!(
                accepts(&checker, dir.path(), &t.input, &t.answer, &t.answer),
                "{} {}",
                G::ID,
                t.name
            );
            let w = wrong(&t.answer);
            assert!(
                !accepts(&checker, dir.path(), &t.input, &w, &t.answer),
                "{} {}: {w:?}",
                G::ID,
                t.name
            );
        }
        let sample = &p.samples[0].input;
        for (what, input) in broken_inputs(sample) {
            assert!(
                gamefuzz::kattis::verdict::<G>(&input).is_err(),
                "{}: {what}",
                G::ID
            );
            assert!(
                common::testlib::verdict(&validator, &input).is_err(),
                "{}: the testlib validator takes {what}",
                G::ID
            );
        }
    }
}

/// The text of `file` in the zip `path`.
fn unzip(path: &Path, file: &str) -> String {
    let mut z = zip::ZipArchive::new(std::fs::File::open(path).unwrap()).unwrap();
    let mut f = z.by_name(file).unwrap();
    let mut s = String::new();
    std::io::Read::read_to_string(&mut f, &mut s).unwrap();
    s
}

#[test]
fn xiangqi_in_every_judges_format() {
    GameId::Xiangqi.dispatch(Formats);
}

#[test]
fn chutes_in_every_judges_format() {
    GameId::Chutes.dispatch(Formats);
}

#[test]
fn pigs_in_every_judges_format() {
    GameId::Pigs.dispatch(Formats);
}

#[test]
fn generals_in_every_judges_format() {
    GameId::Generals.dispatch(Formats);
}

#[test]
fn stones_in_every_judges_format() {
    GameId::Stones.dispatch(Formats);
}

/// Pigs' checker compares lines as its judge does: trailing spaces, tabs
/// and carriage returns and empty lines at the end do not count; spaces
/// inside a line and a missing line do.
#[test]
fn the_pigs_checker_is_the_judges_line_comparison() {
    let Some(checker) = common::testlib::checker(GameId::Pigs) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let answer = "FP\nDEAD\n\nJ J D\n";
    for (output, right) in [
        ("FP\nDEAD\n\nJ J D\n", true),
        ("FP  \nDEAD\t\n\r\nJ J D\r\n\n\n", true),
        ("FP\nDEAD\n\nJ J D", true),
        ("FP\nDEAD\nJ J D\n", false),
        ("FP\nDEAD\n\nJ  J D\n", false),
        ("FP\nDEAD\n\n J J D\n", false),
        ("FP\nDEAD\n\nJ J D\nK\n", false),
        ("FP\nDEAD\n", false),
        ("", false),
    ] {
        assert_eq!(
            accepts(&checker, dir.path(), "", output, answer),
            right,
            "{output:?}"
        );
    }
}

fn run_package(game: &str, out: &Path, extra: &[&str]) -> std::process::Output {
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

/// As a setter runs them: `package --format F` twice gives the same zip,
/// `check` and `coverage` read it (and `check` plain files), `check` names
/// a broken rule of the judge with where the judge sets it.
#[test]
fn check_and_coverage_read_every_judges_zip() {
    let dir = tempfile::tempdir().unwrap();
    for format in FORMATS {
        let name = format.name();
        let (a, b) = (
            dir.path().join(format!("a-{name}.zip")),
            dir.path().join(format!("b-{name}.zip")),
        );
        for out in [&a, &b] {
            let r = run_package("xiangqi", out, &["--format", name]);
            assert_eq!(r.status.code(), Some(0), "{name}: {}", text(&r.stderr));
        }
        assert!(
            std::fs::read(&a).unwrap() == std::fs::read(&b).unwrap(),
            "{name}"
        );
        let c = gamefuzz(&["check", a.to_str().unwrap()], "");
        assert_eq!(
            c.status.code(),
            Some(0),
            "{name}: {}{}",
            text(&c.stdout),
            text(&c.stderr)
        );
        assert!(
            text(&c.stdout).contains(&format!("({name} package), 0 failing")),
            "{}",
            text(&c.stdout)
        );
        let v = gamefuzz(&["coverage", "xiangqi", a.to_str().unwrap()], "");
        assert_eq!(v.status.code(), Some(0), "{name}: {}", text(&v.stdout));
        assert!(text(&v.stdout).contains("every rule of xiangqi is exercised"));
    }
    // check reads the one other format it writes that has no data/ folder.
    let plain = dir.path().join("plain");
    let r = run_package("xiangqi", &plain, &["--format", "plain"]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let c = gamefuzz(&["check", plain.to_str().unwrap()], "");
    assert_eq!(
        c.status.code(),
        Some(0),
        "{}{}",
        text(&c.stdout),
        text(&c.stderr)
    );
    // A rule broken after the fact: a folder in Luogu's flat zip, and a
    // key of config.yml Luogu does not read.
    let luogu = dir.path().join("a-luogu.zip");
    let broken = dir.path().join("broken.zip");
    rezip(
        &luogu,
        &broken,
        |name, body| match name {
            "config.yml" => Some(body.replace("score:", "points:")),
            _ => None,
        },
        &[("extra/notes.txt", "hi\n")],
    );
    let c = gamefuzz(
        &["check", broken.to_str().unwrap(), "--game", "xiangqi"],
        "",
    );
    let out = text(&c.stdout);
    assert_eq!(c.status.code(), Some(1), "{out}");
    assert!(out.contains("package: extra/notes.txt: the zip holds no folders (luogu-dev/docs docs/manual/luogu/problem/index.md)"), "{out}");
    let entries = out.matches("points is none of timeLimit").count();
    assert!(entries >= 5, "a key in each test's entry: {out}");
    assert!(
        out.contains(&format!(
            "the luogu package breaks {} of its judge's rules",
            1 + entries
        )),
        "a folder, and a key in each of {entries} tests' entries: {out}"
    );
    // UOJ's data claiming more samples than it has extra tests.
    let uoj = dir.path().join("a-uoj.zip");
    rezip(
        &uoj,
        &broken,
        |name, body| match name {
            "problem.conf" => Some(body.replace("n_sample_tests 1", "n_sample_tests 2")),
            _ => None,
        },
        &[],
    );
    let c = gamefuzz(
        &["check", broken.to_str().unwrap(), "--game", "xiangqi"],
        "",
    );
    assert_eq!(c.status.code(), Some(1));
    assert!(
        text(&c.stdout).contains("n_sample_tests is more than n_ex_tests"),
        "{}",
        text(&c.stdout)
    );
}

/// Copies the zip `from` to `to`, each text file through `edit` (which
/// may give new contents), then adds `added`.
fn rezip(
    from: &Path,
    to: &Path,
    edit: impl Fn(&str, &str) -> Option<String>,
    added: &[(&str, &str)],
) {
    let mut z = zip::ZipArchive::new(std::fs::File::open(from).unwrap()).unwrap();
    let mut w = zip::ZipWriter::new(std::fs::File::create(to).unwrap());
    let options = zip::write::SimpleFileOptions::default();
    for i in 0..z.len() {
        let mut f = z.by_index(i).unwrap();
        let name = f.name().unwrap().to_string();
        let mut body = Vec::new();
        std::io::Read::read_to_end(&mut f, &mut body).unwrap();
        let body = match std::str::from_utf8(&body).ok().and_then(|t| edit(&name, t)) {
            Some(t) => t.into_bytes(),
            None => body,
        };
        w.start_file(name, options).unwrap();
        w.write_all(&body).unwrap();
    }
    for (name, body) in added {
        w.start_file(*name, options).unwrap();
        w.write_all(body.as_bytes()).unwrap();
    }
    w.finish().unwrap();
}

/// A package HydroOJ would refuse (100 files or more in a problem) is not
/// written, and says which rule and where it comes from.
#[test]
fn a_package_the_judge_would_refuse_is_not_written() {
    struct Small;
    impl Visit for Small {
        type Out = Package;
        fn visit<G: Game>(self) -> Package {
            small::<G>()
        }
    }
    let mut p = GameId::Stones.dispatch(Small);
    let t = p.secret[0].clone();
    while p.secret.len() < 55 {
        p.secret.push(t.clone());
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("stones.zip");
    let err = package::write(&p, Format::Hydro, &out, false, &[], &Extras::default()).unwrap_err();
    let msg = format!("{err:#}");
    assert!(
        msg.contains("the hydro package would break a rule of the judge"),
        "{msg}"
    );
    assert!(msg.contains("limit.problem_files_max"), "{msg}");
    assert!(!out.exists());
    // Luogu takes them.
    package::write(&p, Format::Luogu, &out, false, &[], &Extras::default()).unwrap();
}

/// A zip is replaced only with --force and only if gamefuzz wrote it; a
/// folder or a name without .zip is refused; --name where the judge takes
/// no name is refused.
#[test]
fn a_zip_is_replaced_only_with_force_and_only_if_gamefuzz_wrote_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("xq.zip");
    let r = run_package("xiangqi", &out, &["--format", "uoj"]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let r = run_package("xiangqi", &out, &["--format", "uoj"]);
    assert_eq!(r.status.code(), Some(2));
    assert!(
        text(&r.stderr).contains("pass --force"),
        "{}",
        text(&r.stderr)
    );
    let r = run_package("xiangqi", &out, &["--format", "luogu", "--force"]);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    assert_eq!(package::open_archive(&out).unwrap().format, Format::Luogu);

    let other = dir.path().join("mine.zip");
    std::fs::copy(&out, &other).unwrap();
    // Someone's own zip: its comment does not carry gamefuzz's mark.
    rezip(&out, &other, |_, _| None, &[]);
    let before = std::fs::read(&other).unwrap();
    let r = run_package("xiangqi", &other, &["--format", "luogu", "--force"]);
    assert_eq!(r.status.code(), Some(2));
    assert!(
        text(&r.stderr).contains("not a package written by gamefuzz"),
        "{}",
        text(&r.stderr)
    );
    assert_eq!(std::fs::read(&other).unwrap(), before);

    let folder = dir.path().join("folder.zip");
    std::fs::create_dir(&folder).unwrap();
    let r = run_package("xiangqi", &folder, &["--format", "hydro", "--force"]);
    assert_eq!(r.status.code(), Some(2));
    assert!(
        text(&r.stderr).contains("is a folder"),
        "{}",
        text(&r.stderr)
    );
    let r = run_package("xiangqi", &dir.path().join("pkg"), &["--format", "polygon"]);
    assert_eq!(r.status.code(), Some(2));
    assert!(
        text(&r.stderr).contains("name it NAME.zip"),
        "{}",
        text(&r.stderr)
    );
    let r = run_package(
        "xiangqi",
        &dir.path().join("n.zip"),
        &["--format", "luogu", "--name", "Check"],
    );
    assert_eq!(r.status.code(), Some(2));
    assert!(
        text(&r.stderr).contains("holds no problem name"),
        "{}",
        text(&r.stderr)
    );
    // Nothing is left beside the packages.
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    assert_eq!(names, vec![folder, other, out]);
}
