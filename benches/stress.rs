//! Side by side, on the same cases, what a stress test costs per case:
//!
//! * (a) the classic loop a contestant writes: per case the native blog
//!   program (`g++ -O2` of `../shared/reference-cpp/<id>.cpp`), then
//!   `gamefuzz solve <game>`, then `cmp` of the two outputs: three
//!   processes per case, the inputs already generated;
//! * (b) `gamefuzz diff <game> --jobs 1 --cases N --no-store --no-shrink`:
//!   the same cases (seeds 0.., profiles rotating), generated in process;
//! * (c) `gamefuzz diff <game> --inputs DIR --jobs 1 --no-store
//!   --no-shrink` on the files of (a): the solvers alone, no generation;
//! * (d) xiangqi only: `diff --solvers engine,cmd:<native> --jobs 1`
//!   packed (the default) against `--pack 1`, all profiles rotating and
//!   each profile alone.
//!
//! It prints cases per second and the ratios (b)/(a), (b)/(c) and packed /
//! `--pack 1`. Run with `cargo bench --bench stress [-- CASES [GAME...]]`
//! (default 400 cases per game, a tenth of it for generals, whose `max`
//! files are 19 MB). The native program may loop for ever on a valid pigs
//! input, so in (a) each of its runs is stopped after ten seconds, as a
//! contestant's `timeout 10` would (a generals `max` file takes it one or
//! two). Without g++ or the C++ sources the game is skipped.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use gamefuzz::game::{generate_case, Game, Visit};
use gamefuzz::id::GameId;
use wait_timeout::ChildExt;

/// How long (a) lets the native program run on one case.
const NATIVE_LIMIT: Duration = Duration::from_secs(10);

fn gamefuzz() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_gamefuzz"))
}

/// The native blog program, built once into `dir`; `None` without g++ or
/// the source.
fn native(game: GameId, dir: &Path) -> Option<PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/reference-cpp")
        .join(format!("{game}.cpp"));
    let bin = dir.join(format!("native-{game}"));
    let built = src.exists()
        && Command::new("g++")
            .args(["-O2", "-w", "-o"])
            .arg(&bin)
            .arg(&src)
            .status()
            .is_ok_and(|s| s.success());
    built.then_some(bin)
}

/// Writes the cases `diff --cases n --seed 0` draws, one file each, named
/// so that sorted order is case order.
struct WriteCases<'a> {
    dir: &'a Path,
    n: u64,
}

impl Visit for WriteCases<'_> {
    type Out = Vec<PathBuf>;
    fn visit<G: Game>(self) -> Vec<PathBuf> {
        (0..self.n)
            .map(|i| {
                let profile = G::PROFILES[(i % G::PROFILES.len() as u64) as usize].name;
                let (input, _) = generate_case::<G>(i, profile);
                let path = self.dir.join(format!("case-{i:06}.in"));
                fs::write(&path, G::render(&input)).expect("write a case");
                path
            })
            .collect()
    }
}

/// (a): per case, native program, `gamefuzz solve`, `cmp`. Returns cases
/// per second and how many native runs were stopped at the limit.
fn classic_loop(game: GameId, native: &Path, files: &[PathBuf], tmp: &Path) -> (f64, usize) {
    let (want, got) = (tmp.join("native.out"), tmp.join("gamefuzz.out"));
    let mut stopped = 0;
    let start = Instant::now();
    for f in files {
        let mut child = Command::new(native)
            .stdin(File::open(f).unwrap())
            .stdout(File::create(&want).unwrap())
            .spawn()
            .expect("native program starts");
        if child.wait_timeout(NATIVE_LIMIT).unwrap().is_none() {
            let _ = child.kill();
            let _ = child.wait();
            stopped += 1;
        }
        Command::new(gamefuzz())
            .args(["solve", game.name()])
            .stdin(File::open(f).unwrap())
            .stdout(File::create(&got).unwrap())
            .stderr(Stdio::null())
            .status()
            .expect("gamefuzz solve starts");
        Command::new("cmp")
            .arg("-s")
            .args([&want, &got])
            .status()
            .expect("cmp starts");
    }
    (files.len() as f64 / start.elapsed().as_secs_f64(), stopped)
}

/// Runs `gamefuzz diff ARGS --json` and returns its cases per second.
fn diff(args: &[&str]) -> f64 {
    let out = Command::new(gamefuzz())
        .arg("diff")
        .args(args)
        .args(["--jobs", "1", "--no-store", "--no-shrink", "--json"])
        .stderr(Stdio::null())
        .output()
        .expect("gamefuzz diff starts");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|_| panic!("gamefuzz diff {args:?} printed no summary"));
    v["cases_per_s"].as_f64().expect("cases_per_s")
}

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let cases: u64 = args.next().map_or(400, |a| a.parse().expect("CASES"));
    let games: Vec<GameId> = {
        let named: Vec<GameId> = args
            .map(|a| GameId::from_name(&a).expect("a game id"))
            .collect();
        if named.is_empty() {
            GameId::ALL.to_vec()
        } else {
            named
        }
    };
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress");
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).unwrap();
    println!(
        "{:<9} {:>6} {:>12} {:>12} {:>12} {:>8} {:>8}",
        "game", "cases", "(a) loop/s", "(b) diff/s", "(c) files/s", "(b)/(a)", "(b)/(c)"
    );
    let mut xiangqi_native = None;
    for game in games {
        let n = if game == GameId::Generals {
            (cases / 10).max(8)
        } else {
            cases
        };
        let dir = root.join(game.name());
        fs::create_dir_all(&dir).unwrap();
        let Some(bin) = native(game, &root) else {
            println!("{game:<9} skipped: needs g++ and ../shared/reference-cpp/{game}.cpp");
            continue;
        };
        let files = game.dispatch(WriteCases { dir: &dir, n });
        let (a, stopped) = classic_loop(game, &bin, &files, &root);
        let n_arg = n.to_string();
        let b = diff(&[game.name(), "--cases", &n_arg]);
        let c = diff(&[game.name(), "--inputs", dir.to_str().unwrap()]);
        let note = match stopped {
            0 => String::new(),
            k => format!("  ({k} native runs stopped at {NATIVE_LIMIT:?})"),
        };
        println!(
            "{game:<9} {n:>6} {a:>12.0} {b:>12.0} {c:>12.0} {:>8.1} {:>8.2}{note}",
            b / a,
            b / c
        );
        if game == GameId::Xiangqi {
            xiangqi_native = Some(bin);
        }
    }
    let Some(bin) = xiangqi_native else { return };
    println!("\nxiangqi, engine against the native program (cmd:), --jobs 1:");
    println!(
        "{:<10} {:>14} {:>14} {:>8}",
        "profile", "packed/s", "--pack 1 /s", "ratio"
    );
    let solvers = format!("engine,cmd:{}", bin.display());
    let n_arg = cases.to_string();
    let profiles: Vec<Option<&str>> = std::iter::once(None)
        .chain(
            gamefuzz::games::xiangqi::Xiangqi::PROFILES
                .iter()
                .map(|p| Some(p.name)),
        )
        .collect();
    for p in profiles {
        let mut args = vec!["xiangqi", "--cases", &n_arg, "--solvers", &solvers];
        if let Some(p) = p {
            args.extend(["--profile", p]);
        }
        let packed = diff(&args);
        args.extend(["--pack", "1"]);
        let single = diff(&args);
        println!(
            "{:<10} {packed:>14.0} {single:>14.0} {:>8.1}",
            p.unwrap_or("all"),
            packed / single
        );
    }
}
