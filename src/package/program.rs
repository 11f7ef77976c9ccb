//! The programs a setter hands to `package` (`--accepted`, `--against`):
//! solvers, or source files built the way a Kattis judge builds them, so
//! that what runs here is what the judge will run, and the source can go
//! into `submissions/`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::str::FromStr;

use anyhow::{bail, Context};

use crate::solver::SolverSpec;

/// A program as given on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramArg {
    Solver(SolverSpec),
    Source(PathBuf),
}

/// How a language is built on a judge (problemtools' defaults).
struct Language {
    kind: Kind,
    extensions: &'static [&'static str],
    name: &'static str,
    /// The program the judge builds or runs the language with, as the
    /// `languages.yaml` of problemtools and of BAPCtools name it; it must be
    /// here too, so that what runs here is what the judge will run.
    tool: &'static str,
}

#[derive(Debug, Clone, Copy)]
enum Kind {
    Cpp,
    C,
    Python,
    Rust,
}

const LANGUAGES: &[Language] = &[
    Language {
        kind: Kind::Cpp,
        extensions: &["cpp", "cc", "cxx"],
        name: "C++",
        tool: "g++",
    },
    Language {
        kind: Kind::C,
        extensions: &["c"],
        name: "C",
        tool: "gcc",
    },
    Language {
        kind: Kind::Python,
        extensions: &["py"],
        name: "Python 3 (PyPy)",
        tool: "pypy3",
    },
    Language {
        kind: Kind::Rust,
        extensions: &["rs"],
        name: "Rust",
        tool: "rustc",
    },
];

fn language(path: &Path) -> Option<&'static Language> {
    let ext = path.extension()?.to_str()?;
    LANGUAGES.iter().find(|l| l.extensions.contains(&ext))
}

fn known_extensions() -> String {
    let all: Vec<String> = LANGUAGES
        .iter()
        .flat_map(|l| l.extensions.iter().map(|e| format!(".{e}")))
        .collect();
    all.join(", ")
}

impl FromStr for ProgramArg {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if let Ok(spec) = s.parse::<SolverSpec>() {
            return Ok(ProgramArg::Solver(spec));
        }
        let path = PathBuf::from(s);
        match language(&path) {
            Some(_) => Ok(ProgramArg::Source(path)),
            None => Err(format!(
                "'{s}' is neither a solver (engine, reference, brute, mistake:NAME, cmd:PROGRAM [ARGS]) nor a source \
                 file a judge builds ({})",
                known_extensions()
            )),
        }
    }
}

/// A program ready to run.
#[derive(Debug, Clone)]
pub struct Program {
    /// As given on the command line.
    pub given: String,
    pub spec: SolverSpec,
    /// A name for it that does not depend on where it lives: the file
    /// name of its source or executable, or the solver's name.
    pub short: String,
    /// The source file's name and bytes, for `submissions/`.
    pub source: Option<(String, Vec<u8>)>,
    /// The bytes that identify the program (its source, or its executable):
    /// a campaign against it is seeded from them, so that the same program
    /// gets the same campaign wherever it is.
    pub identity: Vec<u8>,
}

/// A directory removed when dropped: where sources are built.
#[derive(Debug)]
pub struct BuildDir(PathBuf);

impl BuildDir {
    pub fn new() -> anyhow::Result<Self> {
        let base = std::env::temp_dir();
        for n in 0u32.. {
            let dir = base.join(format!("gamefuzz-build-{}-{n}", std::process::id()));
            match fs::create_dir(&dir) {
                Ok(()) => return Ok(BuildDir(dir)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e).with_context(|| format!("creating {}", dir.display())),
            }
        }
        unreachable!("some directory name is free")
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for BuildDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Makes `arg` runnable: a solver as it is, a source file built in `dir`
/// (the `n`-th program of the run). Fails with the compiler's complaint.
pub fn prepare(arg: &ProgramArg, dir: &BuildDir, n: usize) -> anyhow::Result<Program> {
    match arg {
        ProgramArg::Solver(spec) => {
            let (short, identity) = match spec {
                SolverSpec::Cmd(words) => {
                    // The program's bytes and its arguments: the same
                    // command reaches the same counterexample anywhere.
                    let path = crate::solver::find_program(&words[0])
                        .map_err(|why| anyhow::anyhow!("{spec}: {why}"))?;
                    let mut identity = fs::read(&path)
                        .with_context(|| format!("{spec}: reading {}", path.display()))?;
                    for arg in &words[1..] {
                        identity.push(0);
                        identity.extend_from_slice(arg.as_bytes());
                    }
                    (file_name(Path::new(&words[0])), identity)
                }
                other => (other.to_string(), other.to_string().into_bytes()),
            };
            Ok(Program {
                given: spec.to_string(),
                spec: spec.clone(),
                short,
                source: None,
                identity,
            })
        }
        ProgramArg::Source(path) => {
            let lang = language(path).expect("parsed as a source file");
            ensure_tool(lang, path)?;
            let source = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
            let name = file_name(path);
            let work = dir.path().join(format!("{n}"));
            fs::create_dir(&work).with_context(|| format!("creating {}", work.display()))?;
            let copy = work.join(&name);
            fs::write(&copy, &source).with_context(|| format!("writing {}", copy.display()))?;
            let bin = work.join("program");
            let words =
                build(lang, &copy, &bin).with_context(|| format!("building {}", path.display()))?;
            Ok(Program {
                given: path.display().to_string(),
                spec: SolverSpec::Cmd(words),
                short: name.clone(),
                source: Some((name, source.clone())),
                identity: source,
            })
        }
    }
}

/// Refuses, before any work, a source file whose language this machine
/// cannot build or run the way a judge does.
fn ensure_tool(lang: &Language, path: &Path) -> anyhow::Result<()> {
    if crate::solver::find_program(lang.tool).is_ok() {
        return Ok(());
    }
    let hint = match lang.kind {
        Kind::Python => {
            " (Debian: apt-get install pypy3; or give the program as \
             `cmd:python3 FILE`, which runs it here but puts no source in submissions/)"
        }
        _ => "",
    };
    bail!(
        "{}: a judge runs {} programs with {} (the languages.yaml of problemtools and BAPCtools), \
         which is not installed here{hint}",
        path.display(),
        lang.name,
        lang.tool
    )
}

/// Builds `src` into the executable `bin` with a judge's usual flags (those
/// of problemtools; Python is checked and run with PyPy, as both
/// problemtools and BAPCtools run Python 3), and gives the command line
/// that runs it.
fn build(lang: &Language, src: &Path, bin: &Path) -> anyhow::Result<Vec<String>> {
    let mut run = vec![bin.display().to_string()];
    let mut cmd;
    match lang.kind {
        Kind::Cpp => {
            cmd = Command::new(lang.tool);
            cmd.args(["-O2", "-std=gnu++23", "-static", "-o"])
                .arg(bin)
                .arg(src)
                .args([
                    "-lrt",
                    "-Wl,--whole-archive",
                    "-lpthread",
                    "-Wl,--no-whole-archive",
                ]);
        }
        Kind::C => {
            cmd = Command::new(lang.tool);
            cmd.args(["-O2", "-std=gnu17", "-static", "-o"])
                .arg(bin)
                .arg(src)
                .arg("-lm");
        }
        Kind::Rust => {
            cmd = Command::new(lang.tool);
            cmd.args([
                "-C",
                "opt-level=3",
                "--crate-type",
                "bin",
                "--edition",
                "2021",
            ])
            .arg(src)
            .arg("-o")
            .arg(bin);
        }
        Kind::Python => {
            // Refuses a program that does not even compile, as the judge's
            // compile step (`pypy3 -m py_compile`) does; it then runs under
            // the interpreter. (`src` is the copy in the build directory.)
            cmd = Command::new(lang.tool);
            cmd.args(["-m", "py_compile"]).arg(src);
            run = vec![lang.tool.into(), src.display().to_string()];
        }
    }
    let program = lang.tool;
    let out = cmd
        .output()
        .with_context(|| format!("running {program} (needed to build {} programs)", lang.name))?;
    if !out.status.success() {
        let complaint = String::from_utf8_lossy(&out.stderr);
        let lines: Vec<&str> = complaint.lines().take(20).collect();
        bail!("{program} failed:\n{}", lines.join("\n"));
    }
    Ok(run)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_are_solvers_or_sources_of_known_languages() {
        assert_eq!(
            "cmd:./a".parse::<ProgramArg>(),
            Ok(ProgramArg::Solver(SolverSpec::Cmd(vec!["./a".into()])))
        );
        assert_eq!(
            "reference".parse::<ProgramArg>(),
            Ok(ProgramArg::Solver(SolverSpec::Reference))
        );
        assert_eq!(
            "dir/sol.cpp".parse::<ProgramArg>(),
            Ok(ProgramArg::Source("dir/sol.cpp".into()))
        );
        let e = "sol.java".parse::<ProgramArg>().unwrap_err();
        assert!(e.contains(".cpp, .cc, .cxx, .c, .py, .rs"), "{e}");
        assert!("a.out".parse::<ProgramArg>().is_err());
    }
}
