//! How a package is laid out on disk, in each dialect of the problem
//! package format that judges read today, and writing it there without
//! ever leaving half a package behind. A package is the setter's folder: a
//! rebuild replaces what gamefuzz writes (the tests, its validators, its
//! statement, its keys of `problem.yaml`) and keeps everything else.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use super::yaml::{self, MARK};
use super::{statement, Package, Test};
use crate::kattis;

/// How the package is laid out on disk: a dialect of the problem package
/// format (each as the tool that reads it takes it), or numbered files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The format Kattis problemtools and DOMjudge import: a LaTeX
    /// statement in problem_statement/, `.desc` files.
    Legacy,
    /// problemtools' reading of the 2023-07 draft: a Markdown statement in
    /// statement/.
    #[value(name = "2023-07-draft")]
    Draft2023,
    /// The 2025-09 format BAPCtools reads: a LaTeX statement in statement/,
    /// test descriptions in `.yaml` files, an answer validator.
    #[value(name = "2025-09")]
    V2025,
    /// NN.in / NN.ans, samples first, and tests.txt with one line per test.
    Plain,
    /// Codeforces Polygon's package, a zip: problem.xml, files/ (testlib.h,
    /// the testlib validator and checker), solutions/, statements/, tests/.
    Polygon,
    /// HydroOJ's import zip: problem.yaml, problem_en.md, testdata/ with
    /// config.yaml.
    Hydro,
    /// Luogu's test data zip: numbered tests, config.yml and, where the
    /// game needs one, checker.cpp.
    Luogu,
    /// UOJ's (and QOJ's) data zip: problem.conf, the tests, val.cpp.
    Uoj,
}

impl Format {
    /// Secret tests a package of this format may hold for the edge goal.
    /// HydroOJ keeps fewer than 100 files of a problem's test data
    /// (`limit.problem_files_max`): the tests, their answers, the sample's,
    /// `config.yaml`, the validator and a checker. The other judges take a
    /// hundred tests.
    pub fn most_tests(self) -> usize {
        match self {
            Format::Hydro => 46,
            _ => super::edges::MAX_FILES,
        }
    }

    /// The `problem_format_version` written; `None` for legacy (the key's
    /// absence means legacy to every reader) and plain (no problem.yaml).
    pub fn version(self) -> Option<&'static str> {
        match self {
            Format::Draft2023 => Some("2023-07-draft"),
            Format::V2025 => Some("2025-09"),
            _ => None,
        }
    }

    /// The name `--format` gives it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Legacy => "legacy",
            Format::Draft2023 => "2023-07-draft",
            Format::V2025 => "2025-09",
            Format::Plain => "plain",
            Format::Polygon => "polygon",
            Format::Hydro => "hydro",
            Format::Luogu => "luogu",
            Format::Uoj => "uoj",
        }
    }

    /// Whether the package is one zip file, as these judges take it.
    pub fn is_archive(self) -> bool {
        matches!(
            self,
            Format::Polygon | Format::Hydro | Format::Luogu | Format::Uoj
        )
    }

    /// Whether the package carries the problem's name (`--name`).
    pub fn carries_name(self) -> bool {
        !matches!(self, Format::Plain | Format::Luogu | Format::Uoj)
    }

    /// Whether the package is a problem package (problem.yaml and data/).
    pub fn is_problem_package(self) -> bool {
        !(self == Format::Plain || self.is_archive())
    }

    /// Where the English statement goes, and whether it is LaTeX.
    fn statement(self) -> Option<(&'static str, bool)> {
        match self {
            Format::Legacy => Some(("problem_statement/problem.en.tex", true)),
            Format::Draft2023 => Some(("statement/problem.en.md", false)),
            Format::V2025 => Some(("statement/problem.en.tex", true)),
            _ => None,
        }
    }
}

/// A file of the package: path relative to its root, bytes, executable.
type File = (PathBuf, Vec<u8>, bool);

/// What the files depend on besides the package itself.
struct Inputs<'a> {
    /// The name given on the command line.
    name: Option<&'a str>,
    /// `problem.yaml` of the package being replaced.
    old_yaml: Option<&'a str>,
    /// Whether to write gamefuzz's statement (not when the setter has one).
    statement: bool,
}

fn files(p: &Package, format: Format, inputs: &Inputs) -> Vec<File> {
    let mut out: Vec<File> = Vec::new();
    let mut add = |path: String, text: String, exec: bool| {
        out.push((PathBuf::from(path), text.into_bytes(), exec))
    };
    match format {
        Format::Plain => plain_files(p, &mut add),
        _ => kattis_files(p, format, inputs, &mut add),
    }
    out
}

/// What a package holds besides gamefuzz's own files.
#[derive(Debug, Clone, Default)]
pub struct Extras {
    /// The `name` of `problem.yaml`; `None` keeps the name of the package
    /// being replaced, else takes the game's title.
    pub name: Option<String>,
    /// Files written to `submissions/`, replacing any of the same path.
    pub submissions: Vec<Submission>,
}

/// A setter's program, as a judge runs it on the tests.
#[derive(Debug, Clone)]
pub struct Submission {
    /// `accepted`, `wrong_answer`, ...
    pub category: &'static str,
    /// The source file's name.
    pub file: String,
    pub source: Vec<u8>,
}

/// Where a package keeps gamefuzz's input validator, and (2025-09) its
/// answer validator.
const VALIDATOR_DIR: &str = "input_validators/gamefuzz";
const ANSWER_VALIDATOR_DIR: &str = "answer_validators/gamefuzz";

/// Every place a statement of gamefuzz's may be, in any dialect.
const STATEMENT_PATHS: &[&str] = &[
    "problem_statement/problem.en.tex",
    "statement/problem.en.md",
    "statement/problem.en.tex",
];

/// Whether `rel`, a path inside the package directory `dir`, is something
/// gamefuzz writes, so that a rebuild replaces it: the test data of every
/// format, gamefuzz's validators, `problem.yaml` (rewritten with the
/// setter's keys kept, unless the new package is plain) and a statement
/// that still carries gamefuzz's mark.
fn owned(dir: &Path, rel: &Path, format: Format) -> bool {
    let name = rel.to_string_lossy();
    let numbered = name.split_once('.').is_some_and(|(n, ext)| {
        !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && (ext == "in" || ext == "ans")
    });
    let our_statement = STATEMENT_PATHS.contains(&name.as_ref())
        && fs::read_to_string(dir.join(rel)).is_ok_and(|t| statement::is_ours(&t));
    name == "data"
        || name == "tests.txt"
        || name == VALIDATOR_DIR
        || name == ANSWER_VALIDATOR_DIR
        || (name == "problem.yaml" && format.is_problem_package())
        || numbered
        || our_statement
}

/// Whether the package in `dir` holds an English statement of the setter's
/// (one gamefuzz did not write) where `format` looks for one; gamefuzz then
/// writes none.
fn setter_statement(dir: &Path, format: Format) -> bool {
    let Some((path, _)) = format.statement() else {
        return false;
    };
    let folder = Path::new(path).parent().expect("a statement folder");
    let Ok(entries) = fs::read_dir(dir.join(folder)) else {
        return false;
    };
    entries.flatten().any(|e| {
        let name = e.file_name().to_string_lossy().into_owned();
        let english =
            name.starts_with("problem.en.") || (format == Format::Legacy && name == "problem.tex");
        english && !owned(dir, &folder.join(&name), format)
    })
}

/// problem.yaml, data/, the validators' sources and the statement.
fn kattis_files(
    p: &Package,
    format: Format,
    inputs: &Inputs,
    add: &mut impl FnMut(String, String, bool),
) {
    add(
        "problem.yaml".into(),
        yaml::problem_yaml(p, format.version(), inputs.name, inputs.old_yaml),
        false,
    );
    for (group, tests) in [("sample", &p.samples), ("secret", &p.secret)] {
        for t in tests.iter() {
            let stem = format!("data/{group}/{}", t.name);
            add(format!("{stem}.in"), t.input.clone(), false);
            add(format!("{stem}.ans"), t.answer.clone(), false);
            if group == "secret" {
                let (path, text) = description(&stem, t, format);
                add(path, text, false);
            }
        }
    }
    // The game's own C++17 validators, built by the judge's toolchain: a
    // judge needs nothing of gamefuzz to check the tests.
    let (cpp, hpp) = kattis::validator_source(p.game);
    for (file, text) in [(kattis::CPP_FILE, cpp), (kattis::HPP_FILE, hpp)] {
        add(format!("{VALIDATOR_DIR}/{file}"), text.into(), false);
    }
    if format == Format::V2025 {
        // BAPCtools asks for an answer validator: without one it warns,
        // and `bt validate` fails on any warning.
        let answer = kattis::answer_validator_source(p.game);
        for (file, text) in [(kattis::ANSWER_FILE, answer), (kattis::HPP_FILE, hpp)] {
            add(format!("{ANSWER_VALIDATOR_DIR}/{file}"), text.into(), false);
        }
    }
    if let (Some((path, latex)), true) = (format.statement(), inputs.statement) {
        add(path.into(), statement_text(p, format, inputs, latex), false);
    }
}

/// A secret test's description: `NN-kind.desc` (legacy, 2023-07), or
/// `NN-kind.yaml` with a `description` (2025-09, where BAPCtools reads
/// descriptions from there).
fn description(stem: &str, t: &Test, format: Format) -> (String, String) {
    match format {
        Format::V2025 => (
            format!("{stem}.yaml"),
            format!("description: {}\n", yaml::yaml_string(&t.about)),
        ),
        _ => (format!("{stem}.desc"), format!("{}\n", t.about)),
    }
}

/// The statement written from the game's rules document: Markdown, or
/// LaTeX opening with `\problemname` (legacy problemtools reads the name
/// from it; BAPCtools wants it empty, to take the name of problem.yaml).
fn statement_text(p: &Package, format: Format, inputs: &Inputs, latex: bool) -> String {
    let source = format!("docs/rules/{}.md", p.game);
    let body = statement::statement_markdown(statement::rules_text(p.game));
    let mut out = statement::mark_line(&source, latex);
    if !latex {
        return out + "\n" + &statement::markdown(&body);
    }
    let name = match format {
        Format::V2025 => String::new(),
        _ => {
            let from_yaml = inputs.old_yaml.and_then(yaml::name_of);
            let name = inputs.name.map(str::to_string).or(from_yaml);
            statement::latex_text(name.as_deref().unwrap_or(p.game.title()))
        }
    };
    writeln!(out, "\\problemname{{{name}}}\n").expect("string");
    out + &statement::latex(&body)
}

/// NN.in / NN.ans, samples first, and the index tests.txt.
fn plain_files(p: &Package, add: &mut impl FnMut(String, String, bool)) {
    let all: Vec<&Test> = p.tests().collect();
    let width = all.len().to_string().len().max(2);
    let mut index = format!("{}; one line per test.\n", yaml::header(p));
    for (i, t) in all.iter().enumerate() {
        let n = format!("{:0width$}", i + 1);
        add(format!("{n}.in"), t.input.clone(), false);
        add(format!("{n}.ans"), t.answer.clone(), false);
        let kind = if i < p.samples.len() {
            "sample"
        } else {
            "secret"
        };
        writeln!(index, "{n} {kind} {}: {}", t.name, t.about).expect("string");
    }
    add("tests.txt".into(), index, false);
}

/// The game of a package this tool wrote, read from the mark in its
/// `problem.yaml` (or, in plain files, `tests.txt`).
pub fn package_game(dir: &Path) -> Option<crate::id::GameId> {
    ["problem.yaml", "tests.txt"].iter().find_map(|f| {
        let text = fs::read_to_string(dir.join(f)).ok()?;
        let rest = text.strip_prefix(MARK)?.strip_prefix(": test data for `")?;
        crate::id::GameId::from_name(rest.split('`').next()?)
    })
}

/// Whether `dir` holds a package this tool wrote.
fn is_package(dir: &Path) -> bool {
    ["problem.yaml", "tests.txt"]
        .iter()
        .any(|f| fs::read_to_string(dir.join(f)).is_ok_and(|t| t.starts_with(MARK)))
}

/// Removes a staging directory unless the package was moved into place.
struct Staging(Option<PathBuf>);

impl Drop for Staging {
    fn drop(&mut self) {
        if let Some(dir) = self.0.take() {
            let _ = fs::remove_dir_all(dir);
        }
    }
}

/// Writes the package to `out`. The package is built in a fresh hidden
/// directory beside `out` and moved into place, so an interrupted run never
/// leaves half a package in `out`. An existing non-empty `out` is replaced
/// only with `force`, only if it is a package this tool wrote, and never if
/// it holds one of `keep` (the working directory, the corpus); what the
/// setter put there (anything gamefuzz does not write, see [`owned`]) is
/// copied into the new package.
pub fn write(
    p: &Package,
    format: Format,
    out: &Path,
    force: bool,
    keep: &[&Path],
    extras: &Extras,
) -> anyhow::Result<()> {
    // `q/.` names `q`; `.`, `..` and `/` name no package directory.
    let out: PathBuf = out.components().collect();
    let name = match out.components().next_back() {
        Some(std::path::Component::Normal(n)) => n.to_string_lossy().into_owned(),
        _ => bail!("--out {}: name the package directory itself", out.display()),
    };
    let replacing = check_replaceable(&out, force, keep)?;
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&parent).with_context(|| format!("creating {}", parent.display()))?;
    let old_yaml = match replacing && format.is_problem_package() {
        true => fs::read_to_string(out.join("problem.yaml")).ok(),
        false => None,
    };
    let inputs = Inputs {
        name: extras.name.as_deref(),
        old_yaml: old_yaml.as_deref(),
        statement: !(replacing && setter_statement(&out, format)),
    };
    let staging = stage(&parent, &name, files(p, format, &inputs))?;
    let dir = staging.0.clone().expect("a staging directory");
    if replacing {
        copy_kept(&out, &dir, Path::new(""), format)?;
    }
    let submissions = extras
        .submissions
        .iter()
        .map(|s| {
            let path = PathBuf::from(format!("submissions/{}/{}", s.category, s.file));
            (path, s.source.clone(), false)
        })
        .collect();
    write_files(&dir, submissions)?;
    move_into_place(staging, &parent, &name, &out)
}

/// Copies what the setter keeps in the package `old` (everything not
/// [`owned`]) below `rel` into the same place in `new`. A directory that
/// held only what gamefuzz wrote is not copied. Returns whether anything
/// below `rel` was.
fn copy_kept(old: &Path, new: &Path, rel: &Path, format: Format) -> anyhow::Result<bool> {
    let from = old.join(rel);
    let mut entries: Vec<_> = fs::read_dir(&from)
        .with_context(|| format!("reading {}", from.display()))?
        .collect::<Result<_, _>>()
        .with_context(|| format!("reading {}", from.display()))?;
    entries.sort_by_key(|e| e.file_name());
    let mut kept = entries.is_empty();
    for e in entries {
        let rel = rel.join(e.file_name());
        if owned(old, &rel, format) {
            continue;
        }
        kept = true;
        let kind = e
            .file_type()
            .with_context(|| format!("reading {}", e.path().display()))?;
        if kind.is_dir() {
            let to = new.join(&rel);
            let created = !to.is_dir();
            if created {
                fs::create_dir(&to).with_context(|| format!("creating {}", to.display()))?;
            }
            if !copy_kept(old, new, &rel, format)? {
                if created {
                    fs::remove_dir(&to).with_context(|| format!("removing {}", to.display()))?;
                }
                continue;
            }
            let mode = fs::metadata(e.path())
                .with_context(|| format!("reading {}", e.path().display()))?
                .permissions();
            fs::set_permissions(&to, mode).with_context(|| format!("copying {}", rel.display()))?;
        } else if kind.is_symlink() {
            let target = fs::read_link(e.path())
                .with_context(|| format!("reading {}", e.path().display()))?;
            std::os::unix::fs::symlink(target, new.join(&rel))
                .with_context(|| format!("copying {}", rel.display()))?;
        } else {
            fs::copy(e.path(), new.join(&rel))
                .with_context(|| format!("copying {}", e.path().display()))?;
        }
    }
    Ok(kept)
}

/// Refuses to write into a non-empty `out` unless `force` is given, `out`
/// is a package this tool wrote and it holds none of `keep`.
/// Returns whether there is a package to replace.
fn check_replaceable(out: &Path, force: bool, keep: &[&Path]) -> anyhow::Result<bool> {
    let occupied = match fs::read_dir(out) {
        Ok(mut rd) => rd.next().is_some(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
        Err(e) => return Err(e).with_context(|| format!("reading {}", out.display())),
    };
    if !occupied {
        return Ok(false);
    }
    if !force {
        bail!(
            "{} exists and is not empty; pass --force to replace it",
            out.display()
        );
    }
    if !is_package(out) {
        bail!(
            "{} is not a package written by gamefuzz; refusing to replace it",
            out.display()
        );
    }
    let whole = out
        .canonicalize()
        .with_context(|| format!("reading {}", out.display()))?;
    for k in keep {
        if k.canonicalize().is_ok_and(|k| k.starts_with(&whole)) {
            bail!(
                "replacing {} would delete {}; refusing",
                out.display(),
                k.display()
            );
        }
    }
    Ok(true)
}

/// Writes `files` into a fresh hidden directory in `parent`.
fn stage(parent: &Path, name: &str, files: Vec<File>) -> anyhow::Result<Staging> {
    let mut staging = Staging(None);
    for n in 0u32.. {
        let dir = parent.join(format!(".{name}.partial-{}-{n}", std::process::id()));
        match fs::create_dir(&dir) {
            Ok(()) => {
                staging.0 = Some(dir);
                break;
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e).with_context(|| format!("creating {}", dir.display())),
        }
    }
    write_files(&staging.0.clone().expect("a staging directory"), files)?;
    Ok(staging)
}

/// Writes `files` below `dir`, replacing any of the same path.
fn write_files(dir: &Path, files: Vec<File>) -> anyhow::Result<()> {
    for (rel, bytes, exec) in files {
        let path = dir.join(rel);
        let sub = path.parent().expect("inside the package");
        fs::create_dir_all(sub).with_context(|| format!("creating {}", sub.display()))?;
        fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))?;
        if exec {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&path, fs::Permissions::from_mode(0o755))
                .with_context(|| format!("making {} executable", path.display()))?;
        }
    }
    Ok(())
}

/// Renames the staged package to `out`; an existing `out` is moved aside
/// first and put back if the rename fails.
fn move_into_place(
    mut staging: Staging,
    parent: &Path,
    name: &str,
    out: &Path,
) -> anyhow::Result<()> {
    let dir = staging.0.clone().expect("a staging directory");
    let old = parent.join(format!(".{name}.old-{}", std::process::id()));
    let _ = fs::remove_dir_all(&old);
    let replacing = out.exists();
    if replacing {
        fs::rename(out, &old).with_context(|| format!("moving {} aside", out.display()))?;
    }
    if let Err(e) = fs::rename(&dir, out) {
        if replacing {
            let _ = fs::rename(&old, out);
        }
        return Err(e).with_context(|| format!("moving the package to {}", out.display()));
    }
    staging.0 = None;
    if replacing {
        fs::remove_dir_all(&old).with_context(|| format!("removing {}", old.display()))?;
    }
    Ok(())
}
