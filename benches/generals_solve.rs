//! The largest generals input, solved from the command line against the
//! native blog program: `gamefuzz solve generals < max.in` (read, parse,
//! validate, solve, print) and the blog program built with `g++ -O2` from
//! `../shared/reference-cpp/generals.cpp`, each run as its own process on the
//! same file. The two alternate (which goes first alternates too), so that
//! load from other work on the machine falls on both; each pair gives the
//! ratio of the two wall-clock times and the median ratio is the figure
//! recorded in docs/performance.md. The in-process phases of one solve are
//! printed first, to show where the time goes.
//!
//! Run with `cargo bench --bench generals_solve [-- SEEDS [PAIRS]]`
//! (default 3 seeds of the `max` profile, 5 pairs each). Without g++ or the
//! C++ source the comparison is skipped.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use gamefuzz::fault::Budget;
use gamefuzz::game::{generate_case, Game};
use gamefuzz::games::generals::Generals;

/// Wall-clock seconds of one run of `program args < input`, which must
/// succeed.
fn time_run(program: &Path, args: &[&str], input: &Path) -> f64 {
    let t = Instant::now();
    let status = Command::new(program)
        .args(args)
        .stdin(File::open(input).expect("input file"))
        .stdout(Stdio::null())
        .status()
        .expect("program starts");
    let secs = t.elapsed().as_secs_f64();
    assert!(
        status.success(),
        "{} failed on {}",
        program.display(),
        input.display()
    );
    secs
}

fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Where one in-process solve of `text` spends its time: the fastest of
/// five runs of each phase, in milliseconds.
fn phases(text: &str) {
    let mut best = [f64::INFINITY; 4];
    for _ in 0..5 {
        let t0 = Instant::now();
        let input = Generals::parse(text).expect("generated input parses");
        let t1 = Instant::now();
        Generals::validate(&input).expect("generated input is valid");
        let t2 = Instant::now();
        let out = Generals::solve(&input, &mut Budget::default()).expect("engine solves it");
        let t3 = Instant::now();
        std::hint::black_box(Generals::render_output(&out));
        let t4 = Instant::now();
        for (b, (x, y)) in best
            .iter_mut()
            .zip([(t0, t1), (t1, t2), (t2, t3), (t3, t4)])
        {
            *b = b.min((y - x).as_secs_f64() * 1e3);
        }
    }
    println!(
        "  in process: parse {:.1} ms, validate {:.1} ms, solve {:.1} ms, print {:.2} ms",
        best[0], best[1], best[2], best[3]
    );
}

fn main() {
    let mut nums = std::env::args().skip(1).filter_map(|a| a.parse().ok());
    let seeds: u64 = nums.next().unwrap_or(3);
    let pairs = nums.next().unwrap_or(5);
    let gamefuzz = PathBuf::from(env!("CARGO_BIN_EXE_gamefuzz"));
    let src =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/reference-cpp/generals.cpp");
    let dir = tempfile::tempdir().expect("temporary directory");
    let native = dir.path().join("generals");
    let built = src.exists()
        && Command::new("g++")
            .args(["-O2", "-o"])
            .arg(&native)
            .arg(&src)
            .status()
            .is_ok_and(|s| s.success());
    let mut ratios = Vec::new();
    for seed in 1..=seeds {
        let text = Generals::render(&generate_case::<Generals>(seed, "max").0);
        let file = dir.path().join(format!("max-{seed}.in"));
        std::fs::write(&file, &text).expect("write the input");
        println!("seed {seed}: {:.1} MB", text.len() as f64 / 1e6);
        phases(&text);
        if !built {
            println!(
                "  native comparison skipped (needs g++ and {})",
                src.display()
            );
            continue;
        }
        for k in 0..pairs {
            let ours = || time_run(&gamefuzz, &["solve", "generals"], &file);
            let theirs = || time_run(&native, &[], &file);
            let (a, b) = if k % 2 == 0 {
                let a = ours();
                (a, theirs())
            } else {
                let b = theirs();
                (ours(), b)
            };
            println!(
                "  pair {}: gamefuzz {:.3} s, native {:.3} s, ratio {:.3}",
                k + 1,
                a,
                b,
                a / b
            );
            ratios.push(a / b);
        }
    }
    if !ratios.is_empty() {
        let list: Vec<String> = ratios.iter().map(|r| format!("{r:.2}")).collect();
        println!(
            "ratios gamefuzz/native over {} pairs: {}; median {:.3}",
            ratios.len(),
            list.join(" "),
            median(&ratios)
        );
    }
}
