//! Source files as programs: built the way a Kattis judge builds them
//! (problemtools' flags), so that what runs here is what the judge runs.
//! `diff`, `solve`, `shrink` and `repro` take them as solvers (built
//! once per content into a cache); `package` builds them into its own
//! folder, for `submissions/`.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use anyhow::{bail, Context};

use crate::source::fnv1a64;

/// How a language is built on a judge (problemtools' defaults).
pub struct Language {
    kind: Kind,
    extensions: &'static [&'static str],
    pub name: &'static str,
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

/// The language of a source file, by its extension.
pub fn language(path: &Path) -> Option<&'static Language> {
    let ext = path.extension()?.to_str()?;
    LANGUAGES.iter().find(|l| l.extensions.contains(&ext))
}

/// `.cpp, .cc, .cxx, .c, .py, .rs`: the extensions of source files.
pub fn known_extensions() -> String {
    let all: Vec<String> = LANGUAGES
        .iter()
        .flat_map(|l| l.extensions.iter().map(|e| format!(".{e}")))
        .collect();
    all.join(", ")
}

/// Refuses, before any work, a source file whose language this machine
/// cannot build or run the way a judge does: what goes to a judge
/// (`package --accepted`, `--against`) must run here as it will run there.
pub fn ensure_tool(lang: &Language, path: &Path) -> anyhow::Result<&'static str> {
    if super::find_program(lang.tool).is_ok() {
        return Ok(lang.tool);
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

/// The tool that builds or runs a source file for the user's own runs
/// (`diff`, `solve`, `shrink`, `repro`, `check`, `package --check`): the
/// judge's, except that Python runs with `python3` where `pypy3` is
/// missing (the answers are the same, only slower), which is said once
/// per file. None of this goes to a judge.
pub fn tool_here(lang: &Language, path: &Path) -> anyhow::Result<&'static str> {
    let Kind::Python = lang.kind else {
        return ensure_tool(lang, path);
    };
    let (tool, note) = if super::find_program(lang.tool).is_ok() {
        (lang.tool, String::new())
    } else if super::find_program(PYTHON_HERE).is_ok() {
        (
            PYTHON_HERE,
            format!(
                " ({}, which judges run Python with, is not installed)",
                lang.tool
            ),
        )
    } else {
        bail!(
            "{}: Python programs run with {} (as judges run them) or else {PYTHON_HERE}, \
             and neither is installed here (Debian: apt-get install pypy3)",
            path.display(),
            lang.tool
        )
    };
    // The interpreter named where a shim would have started it.
    let shown = match interpreter(tool) {
        Some(real) => format!("{tool} ({real})"),
        None => tool.to_string(),
    };
    crate::console::errln!("note: {} runs with {shown}{note}", path.display());
    Ok(tool)
}

/// The executable that Python `tool` really is (`sys.executable`) where
/// `PATH` finds a version manager's shim for it (a file in a directory
/// named `shims`: pyenv, asdf, mise), asked once per process. A shim is a
/// script that starts more processes, and reads files, before the
/// interpreter: a pyenv shim costs every run of a program about three
/// times what the interpreter takes to start. Other wrappers are kept, as
/// they may set what the program needs (a stack limit, an environment);
/// so is a virtualenv's interpreter, which is no shim. `None` when the
/// tool is no shim, or its answer is not an executable file, or takes
/// longer than [`ASK_FOR`]: the tool then runs by its name.
fn interpreter(tool: &str) -> Option<String> {
    static ASKED: Mutex<BTreeMap<String, Option<String>>> = Mutex::new(BTreeMap::new());
    let mut asked = ASKED.lock().unwrap_or_else(|p| p.into_inner());
    asked
        .entry(tool.to_string())
        .or_insert_with(|| {
            let found = super::find_program(tool).ok()?;
            if found.parent()?.file_name()? != "shims" {
                return None;
            }
            let real = ask_executable(tool)?;
            // Only an absolute path: a relative one would be taken from
            // wherever the program runs.
            super::find_program(&real)
                .ok()
                .filter(|p| p.is_absolute())
                .map(|_| real)
        })
        .clone()
}

/// How long a Python interpreter may take to name itself: a start takes
/// tens of milliseconds, so this bounds only one that hangs.
const ASK_FOR: std::time::Duration = std::time::Duration::from_secs(10);

/// What `tool -c 'print(sys.executable)'` prints, if it exits in time
/// with success. The output is read by a thread of its own, so a child
/// that keeps the pipe open after the interpreter exits holds no one up.
fn ask_executable(tool: &str) -> Option<String> {
    use std::process::Stdio;
    use std::time::Instant;
    let mut cmd = Command::new(tool);
    cmd.args(["-c", "import sys; print(sys.executable)"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    // In a process group of its own, like every program run: a shim's
    // processes all end with it.
    let mut child = crate::interrupt::spawn(&mut cmd).ok()??;
    let mut stdout = child.stdout.take()?;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut text = String::new();
        let read = std::io::Read::read_to_string(&mut stdout, &mut text);
        let _ = tx.send(read.map(|_| text));
    });
    let end = Instant::now() + ASK_FOR;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < end => {
                std::thread::sleep(std::time::Duration::from_millis(5))
            }
            _ => {
                crate::interrupt::kill_group(child.id() as i32);
                let _ = crate::interrupt::reap(&mut child);
                return None;
            }
        }
    };
    crate::interrupt::kill_group(child.id() as i32);
    let _ = crate::interrupt::reap(&mut child);
    let text = rx
        .recv_timeout(end.saturating_duration_since(Instant::now()))
        .ok()?
        .ok()?;
    status.success().then(|| text.trim().to_string())
}

/// What runs Python here where the judges' `pypy3` is missing.
const PYTHON_HERE: &str = "python3";

/// Builds `src` into the executable `bin` with `tool` and a judge's usual
/// flags (those of problemtools; Python is checked and run with PyPy on
/// judges, as both problemtools and BAPCtools run Python 3), and gives
/// the command line that runs it. `src` is a copy of the user's file
/// `shown`, which the compiler's complaint names instead.
pub fn build(
    lang: &Language,
    tool: &str,
    src: &Path,
    shown: &Path,
    bin: &Path,
) -> anyhow::Result<Vec<String>> {
    let mut run = vec![bin.display().to_string()];
    let mut cmd;
    match lang.kind {
        Kind::Cpp => {
            cmd = Command::new(tool);
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
            cmd = Command::new(tool);
            cmd.args(["-O2", "-std=gnu17", "-static", "-o"])
                .arg(bin)
                .arg(src)
                .arg("-lm");
        }
        Kind::Rust => {
            cmd = Command::new(tool);
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
            cmd = Command::new(tool);
            cmd.args(["-m", "py_compile"]).arg(src);
            let real = interpreter(tool).unwrap_or_else(|| tool.into());
            run = vec![real, src.display().to_string()];
        }
    }
    let out = cmd
        .output()
        .with_context(|| format!("running {tool} (needed to build {} programs)", lang.name))?;
    if !out.status.success() {
        let complaint = String::from_utf8_lossy(&out.stderr)
            .replace(&src.display().to_string(), &shown.display().to_string());
        let lines: Vec<&str> = complaint.lines().take(20).collect();
        bail!("{tool} failed:\n{}", lines.join("\n"));
    }
    Ok(run)
}

/// The command line that runs source file `path`, built on first use and
/// kept in the build cache under the hash of its language and bytes: the
/// same source is built once, however many runs and commands use it, and
/// an edited one is built again. Within a process the answer for a path is
/// remembered, so the file is read once per run.
pub fn built(path: &Path) -> Result<Vec<String>, String> {
    static BUILT: Mutex<Built> = Mutex::new(BTreeMap::new());
    let mut memo = BUILT.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(r) = memo.get(path) {
        return r.clone();
    }
    let r = build_cached(path).map_err(|e| format!("{e:#}"));
    memo.insert(path.to_path_buf(), r.clone());
    r
}

/// What [`built`] answered per path.
type Built = BTreeMap<PathBuf, Result<Vec<String>, String>>;

fn build_cached(path: &Path) -> anyhow::Result<Vec<String>> {
    let lang = language(path).with_context(|| {
        format!(
            "{}: not a source file a judge builds ({})",
            path.display(),
            known_extensions()
        )
    })?;
    let tool = tool_here(lang, path)?;
    let source = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let name = path
        .file_name()
        .map_or_else(|| "source".into(), |n| n.to_string_lossy().into_owned());
    let mut key = format!("{}\0{tool}\0", lang.name).into_bytes();
    key.extend_from_slice(&source);
    let dir = cache_dir().join(format!("{:016x}", fnv1a64(&key)));
    let ready = dir.join("ready");
    if !ready.exists() {
        // Built aside and renamed into place: a concurrent build of the
        // same source, or a killed one, never leaves half a program.
        let work = dir.with_extension(format!("tmp-{}", std::process::id()));
        let _ = fs::remove_dir_all(&work);
        fs::create_dir_all(&work).with_context(|| format!("creating {}", work.display()))?;
        fs::write(work.join(&name), &source)
            .with_context(|| format!("writing {}", work.display()))?;
        let built = build(lang, tool, &work.join(&name), path, &work.join("program"));
        if let Err(e) = built {
            let _ = fs::remove_dir_all(&work);
            return Err(e.context(format!("building {}", path.display())));
        }
        fs::write(work.join("ready"), b"")?;
        if fs::rename(&work, &dir).is_err() {
            // Another process got there first with the same build.
            let _ = fs::remove_dir_all(&work);
        }
    }
    Ok(match lang.kind {
        Kind::Python => vec![
            interpreter(tool).unwrap_or_else(|| tool.into()),
            dir.join(&name).display().to_string(),
        ],
        _ => vec![dir.join("program").display().to_string()],
    })
}

/// Where built sources are kept: `$XDG_CACHE_HOME/gamefuzz/builds`, else
/// `~/.cache/gamefuzz/builds`, else under the temporary directory.
pub(crate) fn cache_dir() -> PathBuf {
    let home = |v: &str| {
        std::env::var_os(v)
            .filter(|p| !p.is_empty())
            .map(PathBuf::from)
    };
    home("XDG_CACHE_HOME")
        .or_else(|| home("HOME").map(|h| h.join(".cache")))
        .unwrap_or_else(std::env::temp_dir)
        .join("gamefuzz")
        .join("builds")
}
