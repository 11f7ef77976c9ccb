//! How a package is laid out on disk, and writing it there without ever
//! leaving half a package behind. A package is the setter's folder: a
//! rebuild replaces what gamefuzz writes (the tests, its validator, its keys
//! of `problem.yaml`) and keeps everything else.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use super::{Package, Test};
use crate::kattis;

/// How the package is laid out on disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Layout {
    /// problem.yaml, data/sample, data/secret (with `.desc` files) and an
    /// input validator, as `verifyproblem` expects.
    Kattis,
    /// NN.in / NN.ans, samples first, and tests.txt with one line per test.
    Plain,
}

/// A name-based (version 5) UUID: the same game always gets the same
/// problem id, so packages of one version are byte-identical.
fn uuid_v5(name: &str) -> String {
    // The RFC 4122 URL namespace.
    const NAMESPACE: [u8; 16] = [
        0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30,
        0xc8,
    ];
    let mut data = NAMESPACE.to_vec();
    data.extend_from_slice(name.as_bytes());
    let hex = crate::fuzz::sha1_hex(&data);
    let mut b: Vec<u8> = (0..16)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).expect("hex digest"))
        .collect();
    b[6] = (b[6] & 0x0f) | 0x50;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

/// A file of the package: path relative to its root, bytes, executable.
type File = (PathBuf, Vec<u8>, bool);

fn files(
    p: &Package,
    layout: Layout,
    name: Option<&str>,
    old: Option<&str>,
    has_statement: bool,
) -> Vec<File> {
    let mut out: Vec<File> = Vec::new();
    let mut add = |path: String, text: String, exec: bool| {
        out.push((PathBuf::from(path), text.into_bytes(), exec))
    };
    match layout {
        Layout::Kattis => kattis_files(p, name, old, has_statement, &mut add),
        Layout::Plain => plain_files(p, &mut add),
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

/// Whether `rel`, a path inside a package directory, is something
/// gamefuzz writes, so that a rebuild replaces it: the test data of either
/// layout, gamefuzz's validator and, in the Kattis layout, `problem.yaml`
/// (rewritten with the setter's keys kept).
fn owned(rel: &Path, layout: Layout) -> bool {
    let name = rel.to_string_lossy();
    let numbered = name.split_once('.').is_some_and(|(n, ext)| {
        !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && (ext == "in" || ext == "ans")
    });
    name == "data"
        || name == "tests.txt"
        || name == VALIDATOR_DIR
        || numbered
        || (name == "problem.yaml" && layout == Layout::Kattis)
}

/// Where a Kattis package keeps gamefuzz's input validator.
const VALIDATOR_DIR: &str = "input_validators/gamefuzz";

/// problem.yaml, data/ and the input validator's sources. `old` is the
/// `problem.yaml` of the package being replaced, whose keys are kept.
fn kattis_files(
    p: &Package,
    name: Option<&str>,
    old: Option<&str>,
    has_statement: bool,
    add: &mut impl FnMut(String, String, bool),
) {
    add(
        "problem.yaml".into(),
        problem_yaml(p, name, old, has_statement),
        false,
    );
    for t in &p.samples {
        add(format!("data/sample/{}.in", t.name), t.input.clone(), false);
        add(
            format!("data/sample/{}.ans", t.name),
            t.answer.clone(),
            false,
        );
    }
    for t in &p.secret {
        add(format!("data/secret/{}.in", t.name), t.input.clone(), false);
        add(
            format!("data/secret/{}.ans", t.name),
            t.answer.clone(),
            false,
        );
        add(
            format!("data/secret/{}.desc", t.name),
            format!("{}\n", t.about),
            false,
        );
    }
    // The game's own C++17 validator, built by the judge's toolchain: a
    // judge needs nothing of gamefuzz to check the tests.
    let (cpp, hpp) = kattis::validator_source(p.game);
    for (file, text) in [(kattis::CPP_FILE, cpp), (kattis::HPP_FILE, hpp)] {
        add(format!("{VALIDATOR_DIR}/{file}"), text.into(), false);
    }
}

/// How `problem.yaml` carries the name while the package has no statement:
/// problemtools takes a name only for a language that has a statement, and
/// refuses a package whose names lack one.
const NAME_HINT: &str = "(a key once problem_statement/problem.en.tex exists)";

/// `problem.yaml`: the mark, then the setter's lines of `old` as they are
/// (keys, comments, order), with `name` replaced only when one is given,
/// and `name`, `license` and `uuid` added where `old` lacks them. Without a
/// statement the name is a comment (see [`NAME_HINT`]).
fn problem_yaml(p: &Package, name: Option<&str>, old: Option<&str>, has_statement: bool) -> String {
    let game = p.game.name();
    let name_value = yaml_string(name.unwrap_or(p.game.title()));
    let ours = [
        ("name", name_value.clone(), name.is_some()),
        ("license", "unknown".to_string(), false),
        ("uuid", uuid_v5(&format!("https://gamefuzz/{game}")), false),
    ];
    let mut blocks = match old {
        Some(old) => yaml_blocks(old),
        None => vec![(
            None,
            "# Set license and rights_owner before publishing.\n".to_string(),
        )],
    };
    // An earlier hint gives its place to the name or to a new hint.
    let hint = blocks
        .iter()
        .position(|b| b.0.is_none() && b.1.starts_with("# name: ") && b.1.contains(NAME_HINT));
    if let Some(at) = hint {
        blocks.remove(at);
    }
    for (key, value, replace) in ours {
        let line = format!("{key}: {value}\n");
        let new = match blocks.iter_mut().find(|b| b.0.as_deref() == Some(key)) {
            Some(block) if replace => {
                block.1 = line;
                continue;
            }
            Some(_) => continue,
            None if key == "name" && !has_statement => {
                (None, format!("# name: {value} {NAME_HINT}\n"))
            }
            None => (Some(key.to_string()), line),
        };
        match (key, hint) {
            ("name", Some(at)) => blocks.insert(at, new),
            _ => blocks.push(new),
        }
    }
    let mut out = format!("{}.\n", header(p));
    for (_, text) in blocks {
        out += &text;
    }
    out
}

/// The lines of a `problem.yaml` after its mark, in blocks: a top-level
/// key with the indented lines below it, or a line that is no key
/// (a comment, a blank line). Enough YAML to keep a file as it was
/// written while replacing or adding top-level keys.
fn yaml_blocks(text: &str) -> Vec<(Option<String>, String)> {
    let mut blocks: Vec<(Option<String>, String)> = Vec::new();
    let mut in_key = false;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if i == 0 && line.starts_with(MARK) {
            continue;
        }
        let line = if line.ends_with('\n') {
            line.to_string()
        } else {
            format!("{line}\n")
        };
        let first = line.chars().next().unwrap_or('\n');
        if first == ' ' || first == '\t' || first == '-' {
            if in_key {
                blocks.last_mut().expect("a key block").1 += &line;
            } else {
                blocks.push((None, line));
            }
            continue;
        }
        let key = (first != '#' && first != '\n')
            .then(|| line.split_once(':'))
            .flatten()
            .map(|(k, _)| k.trim().trim_matches(['"', '\'']).to_string());
        in_key = key.is_some();
        blocks.push((key, line));
    }
    blocks
}

/// A YAML double-quoted string.
fn yaml_string(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// NN.in / NN.ans, samples first, and the index tests.txt.
fn plain_files(p: &Package, add: &mut impl FnMut(String, String, bool)) {
    let all: Vec<&Test> = p.tests().collect();
    let width = all.len().to_string().len().max(2);
    let mut index = format!("{}; one line per test.\n", header(p));
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

/// The first line of every package's `problem.yaml` or `tests.txt`:
/// `--force` replaces only a directory that carries it.
const MARK: &str = "# gamefuzz package";

fn header(p: &Package) -> String {
    format!(
        "{MARK}: test data for `{}` (gamefuzz {}, seed {})",
        p.game,
        env!("CARGO_PKG_VERSION"),
        p.seed
    )
}

/// The game of a package this tool wrote in the Kattis layout, read from
/// the mark in its `problem.yaml`.
pub fn package_game(dir: &Path) -> Option<crate::id::GameId> {
    let yaml = fs::read_to_string(dir.join("problem.yaml")).ok()?;
    let rest = yaml.strip_prefix(MARK)?.strip_prefix(": test data for `")?;
    crate::id::GameId::from_name(rest.split('`').next()?)
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
    layout: Layout,
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
    let old_yaml = match (replacing, layout) {
        (true, Layout::Kattis) => fs::read_to_string(out.join("problem.yaml")).ok(),
        _ => None,
    };
    let staging = stage(
        &parent,
        &name,
        files(
            p,
            layout,
            extras.name.as_deref(),
            old_yaml.as_deref(),
            replacing && has_statement(&out),
        ),
    )?;
    let dir = staging.0.clone().expect("a staging directory");
    if replacing {
        copy_kept(&out, &dir, Path::new(""), layout)?;
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

/// Whether the package in `dir` has an English statement, the language a
/// plain `name` is taken to be in (problemtools reads the legacy format's
/// statements from LaTeX files only).
fn has_statement(dir: &Path) -> bool {
    ["problem.tex", "problem.en.tex"]
        .iter()
        .any(|f| dir.join("problem_statement").join(f).is_file())
}

/// Copies what the setter keeps in the package `old` (everything not
/// [`owned`]) below `rel` into the same place in `new`. A directory that
/// held only what gamefuzz wrote is not copied. Returns whether anything
/// below `rel` was.
fn copy_kept(old: &Path, new: &Path, rel: &Path, layout: Layout) -> anyhow::Result<bool> {
    let from = old.join(rel);
    let mut entries: Vec<_> = fs::read_dir(&from)
        .with_context(|| format!("reading {}", from.display()))?
        .collect::<Result<_, _>>()
        .with_context(|| format!("reading {}", from.display()))?;
    entries.sort_by_key(|e| e.file_name());
    let mut kept = entries.is_empty();
    for e in entries {
        let rel = rel.join(e.file_name());
        if owned(&rel, layout) {
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
            if !copy_kept(old, new, &rel, layout)? {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuid_v5_agrees_with_an_independent_implementation() {
        // Python: uuid.uuid5(uuid.NAMESPACE_URL, "https://gamefuzz/x").
        assert_eq!(
            uuid_v5("https://gamefuzz/x"),
            "88fb96d5-a9d5-57bd-8358-9e34da113f5c"
        );
    }
}
