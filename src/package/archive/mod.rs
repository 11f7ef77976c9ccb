//! Packages as the zip files of the judges where these problems are set
//! and run today, each taken as its judge takes it: Codeforces Polygon
//! (`polygon.rs`), HydroOJ (`hydro.rs`), Luogu (`luogu.rs`) and UOJ and
//! QOJ (`uoj.rs`). Each of those files knows its judge's layout three
//! ways: the files a package holds, how its tests are read back (`check`
//! and `coverage` take such a zip), and the rules the judge's own
//! documentation and source set for an upload, which are checked before a
//! package is written (a package a judge would refuse is never written)
//! and by `check`. The tests, answers and descriptions are those the
//! Kattis dialects carry; only the layout differs.

mod hydro;
mod luogu;
mod polygon;
mod uoj;
mod yml;
mod zip;

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use super::check::TestFile;
use super::layout::{Extras, Format, Submission};
use super::yaml::{header, MARK};
use super::{statement, Package, Test};
use crate::id::GameId;

/// A file of a package: its path inside the zip and its bytes.
#[derive(Debug, Clone)]
pub(super) struct Entry {
    pub path: String,
    pub bytes: Vec<u8>,
}

impl Entry {
    fn new(path: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Self {
        Entry {
            path: path.into(),
            bytes: bytes.into(),
        }
    }
}

/// The time limit every package states: the original pigs problem's
/// (Luogu P2482), several times what the model solutions take on the
/// largest files (0.12 s for a 19 MB generals file), and what HydroOJ's
/// cap of 60 s over all of a problem's tests leaves room for (a default
/// pigs package has 47 tests).
pub const TIME_LIMIT_MS: u64 = 1000;

/// The memory limit every package states, in MiB.
pub const MEMORY_MIB: u64 = 256;

/// The tests of `p` in the order the judges number them: the samples
/// first, as a judge's test 1 is the sample, then the secret tests.
fn numbered(p: &Package) -> Vec<(bool, &Test)> {
    let samples = p.samples.iter().map(|t| (true, t));
    samples.chain(p.secret.iter().map(|t| (false, t))).collect()
}

/// Points of `n` tests that sum to 100, shared out as HydroOJ shares a
/// subtask's points among its cases (the later tests take the odd
/// points); one each past 100 tests.
fn scores(n: usize) -> Vec<u64> {
    if n == 0 || n > 100 {
        return vec![1; n];
    }
    let n64 = n as u64;
    let (base, extra) = (100 / n64, n - (100 % n64) as usize);
    (0..n).map(|i| base + u64::from(i >= extra)).collect()
}

/// The statement's body, written from the game's rules document.
fn statement_body(p: &Package) -> String {
    statement::statement_markdown(statement::rules_text(p.game))
}

/// The problem's name: `--name`, else the game's title.
fn problem_name<'a>(p: &Package, extras: &'a Extras) -> std::borrow::Cow<'a, str> {
    match &extras.name {
        Some(n) => n.as_str().into(),
        None => p.game.title().into(),
    }
}

/// The files of `p` in `format`, in the order they are zipped.
fn files(p: &Package, format: Format, extras: &Extras) -> Vec<Entry> {
    match format {
        Format::Polygon => polygon::files(p, extras),
        Format::Hydro => hydro::files(p, extras),
        Format::Luogu => luogu::files(p),
        Format::Uoj => uoj::files(p, extras),
        other => unreachable!("{other:?} is not a zip format"),
    }
}

/// What `--accepted` and `--against` programs a package of `format`
/// leaves out, one note each: a judge whose format carries no solutions,
/// or none in that language.
pub fn left_out(format: Format, extras: &Extras) -> Vec<String> {
    let carried = |s: &Submission| match format {
        Format::Polygon => true,
        Format::Uoj => s.category == "accepted" && uoj::is_cpp(&s.file),
        _ => false,
    };
    extras
        .submissions
        .iter()
        .filter(|s| !carried(s))
        .map(|s| {
            let why = match format {
                Format::Uoj if s.category == "accepted" => {
                    "UOJ takes the model solution as std.cpp, in C++ only"
                }
                Format::Uoj => "UOJ's data carries no wrong solutions",
                Format::Hydro => "a HydroOJ problem carries no solutions",
                _ => "a Luogu data zip holds the tests and their checker only",
            };
            format!(
                "{} ({}) was run on every test but is not in the package: {why}",
                s.file,
                s.category.replace('_', " ")
            )
        })
        .collect()
}

/// Writes `p` to the zip file `out` in `format`. A package that breaks a
/// rule of the judge is refused before anything is written; an existing
/// `out` is replaced only with `force` and only if gamefuzz wrote it, by
/// a rename, so an interrupted run leaves the old file or the new one.
pub fn write(
    p: &Package,
    format: Format,
    out: &Path,
    force: bool,
    extras: &Extras,
) -> anyhow::Result<()> {
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".zip") && n.len() > ".zip".len());
    let Some(name) = name else {
        bail!(
            "--out {}: a {} package is one zip file; name it NAME.zip",
            out.display(),
            format.name()
        );
    };
    check_replaceable(out, format, force)?;
    let entries = files(p, format, extras);
    let bytes = zip::write(&entries, &header(p))?;
    let archive = Archive {
        format,
        packed: bytes.len() as u64,
        files: entries,
        folders: Vec::new(),
        comment: header(p),
    };
    if let Some(broken) = archive.problems().first() {
        bail!(
            "the {} package would break a rule of the judge, so it is not written: {broken}",
            format.name()
        );
    }
    let parent = match out.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&parent).with_context(|| format!("creating {}", parent.display()))?;
    let staged = Staged(parent.join(format!(".{name}.partial-{}", std::process::id())));
    fs::write(&staged.0, &bytes).with_context(|| format!("writing {}", staged.0.display()))?;
    fs::rename(&staged.0, out)
        .with_context(|| format!("moving the package to {}", out.display()))?;
    std::mem::forget(staged);
    Ok(())
}

/// Removes a staged zip unless it was moved into place.
struct Staged(PathBuf);

impl Drop for Staged {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

/// Refuses a folder at `out`, and a file there unless `force` is given and
/// gamefuzz wrote it.
fn check_replaceable(out: &Path, format: Format, force: bool) -> anyhow::Result<()> {
    let meta = match fs::metadata(out) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e).with_context(|| format!("reading {}", out.display())),
    };
    if meta.is_dir() {
        bail!(
            "{} is a folder; a {} package is one zip file",
            out.display(),
            format.name()
        );
    }
    if !force {
        bail!("{} exists; pass --force to replace it", out.display());
    }
    let ours = fs::read(out)
        .ok()
        .and_then(|b| zip::read(&b).ok())
        .is_some_and(|z| z.comment.starts_with(MARK));
    if !ours {
        bail!(
            "{} is not a package written by gamefuzz; refusing to replace it",
            out.display()
        );
    }
    Ok(())
}

/// Whether `path` is a zip file (a package of one of these judges, or
/// some other zip), rather than a folder or a test file.
pub fn is_archive(path: &Path) -> bool {
    let mut head = [0u8; 4];
    let read = fs::File::open(path).and_then(|mut f| {
        use std::io::Read;
        f.read_exact(&mut head)
    });
    read.is_ok() && zip::looks_like_zip(&head)
}

/// A zip package read back, its judge recognised by the files it holds.
#[derive(Debug)]
pub struct Archive {
    pub format: Format,
    files: Vec<Entry>,
    /// Folders the zip lists as entries of their own.
    folders: Vec<String>,
    comment: String,
    /// The zip's own size in bytes.
    packed: u64,
}

/// Reads the zip at `path` whole and tells whose package it is.
pub fn open(path: &Path) -> anyhow::Result<Archive> {
    let bytes = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let z = zip::read(&bytes).with_context(|| format!("reading {}", path.display()))?;
    let has = |name: &str| z.files.iter().any(|f| f.path == name);
    let format = if has("problem.xml") {
        Format::Polygon
    } else if has("problem.conf") {
        Format::Uoj
    } else if z.files.iter().any(|f| hydro::is_problem_yaml(&f.path)) {
        Format::Hydro
    } else if has("problem.yaml") {
        bail!(
            "{} is a zipped problem package in the Kattis layout: unzip it and give its folder",
            path.display()
        );
    } else if z.files.iter().any(|f| f.path.ends_with(".in")) {
        Format::Luogu
    } else {
        bail!(
            "{} is a zip of no judge's package gamefuzz reads: it holds no problem.xml \
             (Polygon), problem.yaml with testdata/ (HydroOJ), problem.conf (UOJ) or .in \
             files (Luogu)",
            path.display()
        );
    };
    Ok(Archive {
        format,
        files: z.files,
        folders: z.folders,
        comment: z.comment,
        packed: bytes.len() as u64,
    })
}

impl Archive {
    /// The game of a package gamefuzz wrote, read from the zip's comment.
    pub fn game(&self) -> Option<GameId> {
        let rest = self
            .comment
            .strip_prefix(MARK)?
            .strip_prefix(": test data for `")?;
        GameId::from_name(rest.split('`').next()?)
    }

    /// Every test with its answer file, labelled by its path in the zip
    /// without the extension.
    pub fn tests(&self) -> anyhow::Result<Vec<TestFile>> {
        let tests = match self.format {
            Format::Polygon => polygon::tests(self)?,
            Format::Hydro => hydro::tests(self)?,
            Format::Luogu => luogu::tests(self),
            Format::Uoj => uoj::tests(self)?,
            other => unreachable!("{other:?} is not a zip format"),
        };
        if tests.is_empty() {
            bail!("the {} package holds no test", self.format.name());
        }
        Ok(tests)
    }

    /// The rules of the judge the package breaks, each with the place of
    /// the judge's documentation or source that sets it.
    pub fn problems(&self) -> Vec<String> {
        match self.format {
            Format::Polygon => polygon::problems(self),
            Format::Hydro => hydro::problems(self),
            Format::Luogu => luogu::problems(self),
            Format::Uoj => uoj::problems(self),
            other => unreachable!("{other:?} is not a zip format"),
        }
    }

    fn file(&self, path: &str) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|f| f.path == path)
            .map(|f| f.bytes.as_slice())
    }

    /// A text file of the package; `Err` says why it cannot be read.
    fn text(&self, path: &str) -> Result<&str, String> {
        let bytes = self
            .file(path)
            .ok_or_else(|| format!("{path} is missing"))?;
        std::str::from_utf8(bytes).map_err(|_| format!("{path} is not UTF-8 text"))
    }

    /// A test as `check` reads it: `input`, and `answer` when present.
    fn test(&self, label: String, input: &str, answer: &str) -> anyhow::Result<TestFile> {
        use super::check::AnswerFile;
        let input = self
            .file(input)
            .with_context(|| format!("the {} package lacks {input}", self.format.name()))?;
        Ok(TestFile {
            label,
            input: input.to_vec(),
            answer: match self.file(answer) {
                Some(b) => AnswerFile::Present(b.to_vec()),
                None => AnswerFile::Missing,
            },
        })
    }
}

/// The limits of the judges' tests on input files, from Luogu's data
/// guide (`docs/manual/luogu/problem/testcase-format.md`): printable ASCII,
/// spaces and newlines only, not empty, a newline at the end. Every
/// canonical input of every game meets them; `None` when `bytes` do.
fn plain_text_problem(bytes: &[u8]) -> Option<&'static str> {
    if bytes.is_empty() {
        return Some("is empty");
    }
    if bytes
        .iter()
        .any(|&b| !(b == b'\n' || (b' '..=b'~').contains(&b)))
    {
        return Some("holds a byte that is neither printable ASCII, a space nor a newline");
    }
    if !bytes.ends_with(b"\n") {
        return Some("does not end with a newline");
    }
    None
}

/// A source file of a checker or validator: its language by extension.
fn is_cpp_name(file: &str) -> bool {
    [".cpp", ".cc", ".cxx"].iter().any(|e| file.ends_with(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_sum_to_100_the_later_tests_taking_the_odd_points() {
        for n in 1..=100 {
            let s = scores(n);
            assert_eq!(s.iter().sum::<u64>(), 100, "{n}");
            assert!(s.windows(2).all(|w| w[0] <= w[1]), "{n}: {s:?}");
        }
        assert_eq!(scores(3), vec![33, 33, 34]);
        assert_eq!(scores(101), vec![1; 101]);
    }

    #[test]
    fn plain_text_is_what_luogu_asks_of_an_input() {
        assert_eq!(plain_text_problem(b"1 2\n"), None);
        assert!(plain_text_problem(b"").is_some());
        assert!(plain_text_problem(b"1 2").is_some());
        assert!(plain_text_problem(b"1\t2\n").is_some());
        assert!(plain_text_problem(b"1 2\r\n").is_some());
    }
}
