//! What every command-line test needs: run the built binary and read its
//! output. A panic is never an acceptable way for a command to fail.
//! (Each test crate uses its own part of this module.)
#![allow(dead_code)]

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub mod testlib;

/// Runs `gamefuzz args` with `stdin` on its standard input, in the crate
/// root, and fails the test if the command panicked.
pub fn gamefuzz(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    gamefuzz_env(args, stdin, &[])
}

/// `gamefuzz` with these environment variables set (a `PATH` that lacks a
/// tool or puts a stand-in first, say).
pub fn gamefuzz_env(
    args: &[&str],
    stdin: impl AsRef<[u8]>,
    envs: &[(&str, &std::ffi::OsStr)],
) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamefuzz"))
        .args(args)
        .envs(envs.iter().copied())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run gamefuzz");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let data = stdin.as_ref().to_vec();
    // Written from a thread: a command may print before it reads everything.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait for gamefuzz");
    writer.join().expect("stdin writer");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains("panicked"),
        "gamefuzz {args:?} panicked:\n{err}"
    );
    out
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Writes an executable shell script `dir/name` running `body`.
pub fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

/// Counts the xiangqi cases on stdin (headers `N r c`, then N piece lines,
/// `0 0 0` at the end).
pub const COUNT_CASES: &str = r#"awk 'NF == 0 { next } { if (left > 0) { left--; next } if ($1 == 0) exit; c++; left = $1 } END { print c + 0 }'"#;

/// A wrong xiangqi solution: YES for every case.
pub fn always_yes(dir: &Path) -> PathBuf {
    script(
        dir,
        "yes.sh",
        &format!("n=$({COUNT_CASES})\ni=0\nwhile [ $i -lt $n ]; do echo YES; i=$((i+1)); done"),
    )
}

/// `../shared` (or `$GAMEFUZZ_SHARED`): the specs and the blog programs.
pub fn shared_dir() -> PathBuf {
    std::env::var_os("GAMEFUZZ_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"))
}

/// The blog's C++ source of `game`; `None` (outside CI only) when missing.
pub fn blog_source(game: &str) -> Option<PathBuf> {
    let src = shared_dir()
        .join("reference-cpp")
        .join(format!("{game}.cpp"));
    if src.exists() {
        Some(src)
    } else {
        skip(&format!("{} is missing", src.display()))
    }
}

/// The blog's `game` program built with `g++ -O2` into `dir`; `None`
/// (outside CI only) when g++ or the source is missing.
pub fn blog_program(game: &str, dir: &Path) -> Option<PathBuf> {
    let src = blog_source(game)?;
    cpp_program(&src, &dir.join(format!("blog-{game}")), &["-O2"])
}

/// `src` built with `g++ flags` into `bin`; `None` (outside CI only) when
/// g++ cannot be run. A source g++ refuses fails the test.
pub fn cpp_program(src: &Path, bin: &Path, flags: &[&str]) -> Option<PathBuf> {
    let status = Command::new("g++")
        .args(flags)
        .arg("-o")
        .arg(bin)
        .arg(src)
        .status();
    match status {
        Ok(s) if s.success() => Some(bin.to_path_buf()),
        Ok(s) => panic!("g++ failed on {}: {s}", src.display()),
        Err(e) => skip(&format!("g++ cannot be run ({e})")),
    }
}

/// Whether the tests run in CI (`CI` set), where every check must run and
/// the long ones run at full length.
pub fn in_ci() -> bool {
    std::env::var_os("CI").is_some()
}

/// Outside CI a test that lacks g++ or ../shared says so and passes; in CI
/// it fails, since the check must run there.
pub fn skip<T>(why: &str) -> Option<T> {
    if in_ci() {
        panic!("{why}: it is needed, and in CI it must be there");
    }
    eprintln!("skipping: {why}");
    None
}

/// What `gamefuzz PATH... -h` says of a command: its usage line, its
/// subcommands and its arguments and options.
#[derive(Debug)]
pub struct Help {
    /// The usage line without `Usage: `, e.g. `gamefuzz gen [OPTIONS] <GAME>`.
    pub usage: String,
    /// The names of its subcommands, `help` left out.
    pub commands: Vec<String>,
    /// Its arguments and options, `-h, --help` left out.
    pub entries: Vec<HelpEntry>,
}

/// One argument or option as the short help lists it.
#[derive(Debug)]
pub struct HelpEntry {
    /// As help writes it: `<GAME>`, `[FILE]`, `--seed <SEED>`, `-V, --version`.
    pub name: String,
    /// What `[default: ...]` says, if anything.
    pub default: Option<String>,
    /// What `[possible values: ...]` lists.
    pub values: Vec<String>,
}

/// The short help (`-h`: one line per entry) of the command `path`.
pub fn help(path: &[&str]) -> Help {
    let mut args: Vec<&str> = path.to_vec();
    args.push("-h");
    let out = gamefuzz(&args, "");
    assert!(out.status.success(), "gamefuzz {args:?} fails");
    parse_help(&text(&out.stdout))
}

/// Reads clap's short help: a `Usage:` line, then sections (`Commands:`,
/// `Arguments:`, `Options:`) of lines indented by at most six spaces, each
/// a name and its text apart by two spaces or more.
pub fn parse_help(help: &str) -> Help {
    let mut usage = None;
    let mut commands = Vec::new();
    let mut entries = Vec::new();
    let mut section = "";
    for line in help.lines() {
        if let Some(u) = line.strip_prefix("Usage: ") {
            usage = Some(u.to_string());
        } else if !line.starts_with(' ') {
            section = line.trim_end();
        } else if line.len() - line.trim_start().len() <= 6 {
            let line = line.trim();
            let (name, about) = line.split_once("  ").unwrap_or((line, ""));
            let bracket = |key: &str| {
                let at = about.find(key)? + key.len();
                Some(about[at..at + about[at..].find(']')?].to_string())
            };
            match section {
                "Commands:" if name != "help" => commands.push(name.to_string()),
                "Arguments:" | "Options:" if name != "-h, --help" => entries.push(HelpEntry {
                    name: name.to_string(),
                    default: bracket("[default: "),
                    values: bracket("[possible values: ")
                        .map(|v| v.split(", ").map(str::to_string).collect())
                        .unwrap_or_default(),
                }),
                _ => {}
            }
        }
    }
    Help {
        usage: usage.expect("help has a usage line"),
        commands,
        entries,
    }
}

/// Every command of gamefuzz as the words that name it (`[]` for gamefuzz
/// itself, `["corpus", "merge"]`), each before its subcommands.
pub fn command_paths() -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut todo = vec![Vec::new()];
    while let Some(path) = todo.pop() {
        let words: Vec<&str> = path.iter().map(String::as_str).collect();
        for c in help(&words).commands.into_iter().rev() {
            let mut sub = path.clone();
            sub.push(c);
            todo.push(sub);
        }
        out.push(path);
    }
    out
}
