//! The programs a setter hands to `package` (`--accepted`, `--against`):
//! solvers, or source files built the way a Kattis judge builds them, so
//! that what runs here is what the judge will run, and the source can go
//! into `submissions/`.

use std::fs;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use anyhow::Context;

use crate::solver::build::{build, ensure_tool, known_extensions, language, tool_here};
use crate::solver::SolverSpec;

/// A program as given on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramArg {
    Solver(SolverSpec),
    Source(PathBuf),
}

impl FromStr for ProgramArg {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.parse::<SolverSpec>() {
            // Built here into the package's folder, for submissions/.
            Ok(SolverSpec::Source(path)) => return Ok(ProgramArg::Source(path)),
            Ok(spec) => return Ok(ProgramArg::Solver(spec)),
            Err(_) => {}
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
/// A program `judged` goes to a judge (`--accepted`, `--against`) and is
/// built with the judge's tools only; any other is built with the tools
/// of [`tool_here`].
pub fn prepare(
    arg: &ProgramArg,
    dir: &BuildDir,
    n: usize,
    judged: bool,
) -> anyhow::Result<Program> {
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
            let tool = match judged {
                true => ensure_tool(lang, path)?,
                false => tool_here(lang, path)?,
            };
            let source = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
            let name = file_name(path);
            let work = dir.path().join(format!("{n}"));
            fs::create_dir(&work).with_context(|| format!("creating {}", work.display()))?;
            let copy = work.join(&name);
            fs::write(&copy, &source).with_context(|| format!("writing {}", copy.display()))?;
            let bin = work.join("program");
            let words = build(lang, tool, &copy, path, &bin)
                .with_context(|| format!("building {}", path.display()))?;
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
