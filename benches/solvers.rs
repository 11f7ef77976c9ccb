//! Cases per second of `diff GAME --solvers engine,PROGRAM` with programs
//! that start slowly: per game, a C++ and a Python 3 solver, each right and
//! wrong, as a contestant runs them (`cmd:`, `--pack 32`, `--no-shrink`,
//! `--timeout auto`, no corpus). The right C++ programs are the model
//! solutions (`tests/solutions/`) and, for chutes and stones, the blog
//! programs of `../shared/reference-cpp/`; the others are
//! `benches/solvers/GAME.py`, `GAME-wrong.py` and `GAME-wrong.cpp`, whose
//! first line names the slip. C++ is built with `g++ -O2`, Python runs under
//! `pypy3` where it is installed, else `python3` (the interpreter itself,
//! not a wrapper in `PATH`), or under the one named by an argument
//! `python3` or `pypy3` (CPython starts faster than PyPy, and is what a
//! machine without `pypy3` runs); a solver that cannot be built or run is
//! skipped with a note.
//!
//! Every program runs behind a shell script that appends a line to a file
//! before it `exec`s the program: the bench prints the program runs per
//! case beside the divergences. A right program runs once per packed file,
//! and again where a run was cut at its calibrated time limit; a wrong
//! one's runs beyond its right sibling's are mostly diverging cases re-run
//! alone. The script costs one `sh` start per run.
//!
//! Run with `cargo bench --bench solvers [-- CASES [JOBS]] [python3|pypy3]
//! [GAME...]`: CASES for every game (default per game, about 10 s for a
//! Python solver on a loaded 2-core machine), JOBS workers (default 2).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use gamefuzz::driver::{diff, Amount, DiffOptions};
use gamefuzz::game::{Game, Visit};
use gamefuzz::id::GameId;
use gamefuzz::shrink::ShrinkLimits;
use gamefuzz::solver::calibrate::Calibration;
use gamefuzz::solver::{Limits, SolverSpec};

/// What `diff` gives a `cmd:` solver when `--pack` is not given.
const PACK: usize = 32;

/// The games, with the default number of cases of each: about 10 s for a
/// Python solver on the 2-core machine under a load of about 12.
const GAMES: [(GameId, u64); 5] = [
    (GameId::Xiangqi, 500),
    (GameId::Chutes, 250),
    (GameId::Stones, 300),
    (GameId::Generals, 30),
    (GameId::Pigs, 100),
];

/// One program to measure: a name for the table and the script that runs
/// it, counting its runs in `count`.
struct Program {
    name: String,
    script: PathBuf,
    count: PathBuf,
}

impl Program {
    /// The program runs so far.
    fn runs(&self) -> u64 {
        std::fs::read_to_string(&self.count).map_or(0, |s| s.lines().count() as u64)
    }
}

struct Bench<'a> {
    program: &'a Program,
    cases: u64,
    jobs: usize,
}

impl Visit for Bench<'_> {
    type Out = ();
    fn visit<G: Game>(self) {
        let opts = DiffOptions {
            solvers: vec![
                SolverSpec::Engine,
                SolverSpec::Cmd(vec![self.program.script.display().to_string()]),
            ],
            amount: Amount::Cases(self.cases),
            seed: 0,
            profile: None,
            jobs: self.jobs,
            corpus: None,
            limits: Limits {
                calibration: Some(std::sync::Arc::new(Calibration::new())),
                ..Limits::default()
            },
            shrink: ShrinkLimits::none(),
            explain: std::time::Duration::ZERO,
            vary: false,
            progress: false,
            pack: PACK,
            shard: (0, 1),
        };
        let before = self.program.runs();
        let t = Instant::now();
        let s = diff::<G>(&opts).expect("diff runs");
        let secs = t.elapsed().as_secs_f64();
        let runs = self.program.runs() - before;
        println!(
            "{:<9} {:<13} {:>6} {:>8.2} {:>9.1} {:>12} {:>7} {:>10.3}",
            G::ID.name(),
            self.program.name,
            s.cases,
            secs,
            s.cases as f64 / secs,
            s.divergences,
            runs,
            runs as f64 / s.cases.max(1) as f64
        );
    }
}

/// A shell script at `dir/file` that counts its runs in `dir/file.count`
/// and then becomes `words`; `name` is the program's in the table.
fn counted(dir: &Path, file: &str, name: &str, words: &[&Path]) -> Program {
    use std::os::unix::fs::PermissionsExt;
    let quote = |p: &Path| {
        let s = p.display().to_string();
        assert!(!s.contains('\''), "a path with a quote: {s}");
        format!("'{s}'")
    };
    let script = dir.join(file);
    let count = dir.join(format!("{file}.count"));
    let line: Vec<String> = words.iter().map(|w| quote(w)).collect();
    let body = format!(
        "#!/bin/sh\necho >> {}\nexec {}\n",
        quote(&count),
        line.join(" ")
    );
    std::fs::write(&script, body).expect("write the script");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755))
        .expect("make the script executable");
    Program {
        name: name.to_string(),
        script,
        count,
    }
}

/// `g++ -O2` of `src` into `out`; false (with a note) when it fails.
fn build(src: &Path, out: &Path) -> bool {
    if !src.exists() {
        println!("note: {} is missing", src.display());
        return false;
    }
    let ok = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(out)
        .arg(src)
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        println!("note: g++ -O2 {} failed", src.display());
    }
    ok
}

/// `names[0]`, else the next name, as found in `PATH`, and the
/// interpreter it names (`sys.executable`): a wrapper such as a pyenv shim
/// costs a process or more per start, which is no part of what is
/// measured.
fn python(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    let found = names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    })?;
    let out = Command::new(&found)
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .ok()?;
    let real = String::from_utf8_lossy(&out.stdout).trim().to_string();
    Some(if out.status.success() && !real.is_empty() {
        PathBuf::from(real)
    } else {
        found
    })
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut numbers = args.iter().filter_map(|a| a.parse::<u64>().ok());
    let cases = numbers.next();
    let jobs = numbers.next().map_or(2, |j| j.max(1) as usize);
    const PYTHONS: [&str; 2] = ["pypy3", "python3"];
    let chosen = args.iter().find(|a| PYTHONS.contains(&a.as_str()));
    let only: Vec<&String> = args
        .iter()
        .filter(|a| a.parse::<u64>().is_err() && !PYTHONS.contains(&a.as_str()))
        .collect();

    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared/reference-cpp");
    let mine = root.join("benches/solvers");
    let dir = tempfile::tempdir().expect("temporary directory");
    let python = match chosen {
        Some(name) => python(&[name]),
        None => python(&PYTHONS),
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "load average {} on {cores} cores; Python: {}; {jobs} jobs, --pack {PACK}, no shrinking",
        load(),
        python
            .as_ref()
            .map_or("none found".into(), |p| p.display().to_string())
    );
    println!(
        "{:<9} {:<13} {:>6} {:>8} {:>9} {:>12} {:>7} {:>10}",
        "game", "solver", "cases", "seconds", "cases/s", "divergences", "runs", "runs/case"
    );
    for (game, default_cases) in GAMES {
        let name = game.name();
        if !only.is_empty() && !only.iter().any(|g| *g == name) {
            continue;
        }
        let right_cpp = match game {
            GameId::Chutes | GameId::Stones => shared.join(format!("{name}.cpp")),
            _ => root.join(format!("tests/solutions/{name}.cpp")),
        };
        let mut programs = Vec::new();
        for (label, src) in [
            ("C++ right", right_cpp),
            ("C++ wrong", mine.join(format!("{name}-wrong.cpp"))),
        ] {
            let file = format!("{name}-{}", label.replace(' ', "-"));
            let exe = dir.path().join(&file);
            if build(&src, &exe) {
                programs.push(counted(dir.path(), &format!("{file}.sh"), label, &[&exe]));
            }
        }
        if let Some(py) = &python {
            for (label, src) in [
                ("Python right", mine.join(format!("{name}.py"))),
                ("Python wrong", mine.join(format!("{name}-wrong.py"))),
            ] {
                if !src.exists() {
                    println!("note: {} is missing", src.display());
                    continue;
                }
                let file = format!("{name}-{}.sh", label.replace(' ', "-"));
                programs.push(counted(dir.path(), &file, label, &[py, &src]));
            }
        }
        for program in &programs {
            game.dispatch(Bench {
                program,
                cases: cases.unwrap_or(default_cases),
                jobs,
            });
        }
    }
    println!("load average {} at the end", load());
}
