//! The fuzz targets' library side: the seed corpora replayed through the
//! functions the cargo-fuzz targets call (`gamefuzz::fuzz`) for every game
//! (generated seeds and whatever `fuzz/corpus/<target>/` holds), and `gamefuzz import`.

use std::path::Path;

use gamefuzz::fuzz::{self, DiffOutcome, Verdict};
use gamefuzz::game::{generate_case, Game, Visit};
use gamefuzz::id::GameId;

const SEEDS: usize = 16;

/// Runs one fuzz input through the target it belongs to; `Err` names a
/// failure the fuzzer would report.
fn run_target<G: Game>(kind: &str, data: &[u8]) -> Result<(), String> {
    match kind {
        "diff" => match fuzz::diff_check::<G>(data) {
            DiffOutcome::New { report, .. } => Err(report),
            DiffOutcome::Agree | DiffOutcome::Known(_) => Ok(()),
        },
        _ => fuzz::parse_check::<G>(data).map(|_| ()),
    }
}

struct Seeds;
impl Visit for Seeds {
    type Out = Vec<String>;
    fn visit<G: Game>(self) -> Vec<String> {
        let mut failures = Vec::new();
        let seeds = fuzz::seeds::<G>(SEEDS, 4096);
        for kind in ["diff", "parse"] {
            let target = format!("{kind}_{}", G::ID);
            let n = seeds.iter().filter(|s| s.0 == target).count();
            assert_eq!(n, SEEDS, "{target}: too few seeds fit in 4096 bytes");
        }
        let ps = fuzz::profiles::<G>();
        for (target, name, bytes) in &seeds {
            let seed: u64 = name.trim_start_matches("seed-").parse().unwrap();
            let profile = ps[(seed % ps.len() as u64) as usize];
            let (want, _) = generate_case::<G>(seed, profile);
            let (kind, _) = target.split_once('_').unwrap();
            if kind == "diff" {
                // The seed bytes decode exactly to the seeded generation.
                let d = fuzz::decode::<G>(bytes);
                assert_eq!(d.profile, profile);
                assert_eq!(G::render(&d.input), G::render(&want), "{target}/{name}");
            } else {
                assert_eq!(
                    fuzz::parse_check::<G>(bytes),
                    Ok(Verdict::Keep),
                    "{target}/{name}: a generated input is rejected"
                );
            }
            if let Err(e) = run_target::<G>(kind, bytes) {
                failures.push(format!("{target}/{name}:\n{e}"));
            }
        }
        // Seed corpora written by `gamefuzz fuzz-seeds` or grown by the fuzzer.
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
        for kind in ["diff", "parse"] {
            let dir = root.join(format!("{kind}_{}", G::ID));
            let Ok(rd) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in rd.flatten() {
                let bytes = std::fs::read(e.path()).unwrap();
                if let Err(err) = run_target::<G>(kind, &bytes) {
                    failures.push(format!("{}:\n{err}", e.path().display()));
                }
            }
        }
        failures
    }
}

#[test]
fn fuzz_seed_corpora_replay_through_the_targets() {
    let mut failures = Vec::new();
    for &g in GameId::ALL {
        failures.extend(g.dispatch(Seeds));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

struct Robust;
impl Visit for Robust {
    type Out = ();
    fn visit<G: Game>(self) {
        for junk in [&b""[..], b"\xff\xfe", b"-1\n", b"99999999999999999999 x\n"] {
            assert_eq!(
                fuzz::parse_check::<G>(junk),
                Ok(Verdict::Reject),
                "{}: {junk:?} should be rejected",
                G::ID
            );
        }
        // Every byte string decodes to a valid input, including none at all.
        for data in [&b""[..], &[0xff; 64], b"gamefuzz"] {
            let d = fuzz::decode::<G>(data);
            assert!(G::validate(&d.input).is_ok(), "{}: {data:?}", G::ID);
        }
    }
}

#[test]
fn parse_targets_reject_junk_and_diff_targets_decode_anything() {
    for &g in GameId::ALL {
        g.dispatch(Robust);
    }
}

#[test]
fn known_corpus_signatures_do_not_stop_the_fuzzer() {
    // pigs has stored divergences: some seed among the first few hundred
    // shows one, and the diff target must count it, not report it.
    let known = (0..400u64)
        .map(fuzz::seed_bytes::<gamefuzz::games::pigs::Pigs>)
        .find_map(
            |b| match fuzz::diff_check::<gamefuzz::games::pigs::Pigs>(&b) {
                DiffOutcome::Known(sig) => Some(sig),
                _ => None,
            },
        );
    let sig = known.expect("a known pigs divergence among 400 seeds");
    assert!(fuzz::known_signatures(GameId::Pigs).contains(&sig));
}

mod common;

fn gamefuzz(args: &[&str]) -> std::process::Output {
    common::gamefuzz(args, "")
}

fn code(o: &std::process::Output) -> i32 {
    o.status.code().expect("exited normally")
}

#[test]
fn import_turns_artifacts_into_corpus_entries_and_refuses_bad_paths() {
    let tmp = tempfile::tempdir().unwrap();
    let corpus = tmp.path().join("corpus");
    let corpus_s = corpus.to_str().unwrap();

    // A missing artifact and an artifact whose directory names no target: exit 2.
    let missing = tmp.path().join("diff_pigs/crash-none");
    let o = gamefuzz(&["import", missing.to_str().unwrap(), "--corpus", corpus_s]);
    assert_eq!(code(&o), 2, "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("reading"));
    let stray = tmp.path().join("crash-stray");
    std::fs::write(&stray, b"abc").unwrap();
    let o = gamefuzz(&["import", stray.to_str().unwrap(), "--corpus", corpus_s]);
    assert_eq!(code(&o), 2);
    assert!(String::from_utf8_lossy(&o.stderr).contains("--game"));

    // A diff artifact showing a pigs divergence: shrunk, stored, replayable.
    type Pigs = gamefuzz::games::pigs::Pigs;
    let bytes = known_pigs_divergence();
    let dir = tmp.path().join("diff_pigs");
    std::fs::create_dir_all(&dir).unwrap();
    let art = dir.join(format!("crash-{}", fuzz::sha1_hex(&bytes)));
    std::fs::write(&art, &bytes).unwrap();
    let o = gamefuzz(&[
        "import",
        art.to_str().unwrap(),
        "--corpus",
        corpus_s,
        "--shrink-time",
        "3",
    ]);
    assert_eq!(code(&o), 1, "{}", String::from_utf8_lossy(&o.stderr));
    let entries = gamefuzz::corpus::load_dir(&corpus.join("pigs")).unwrap();
    assert_eq!(entries.len(), 1);
    let DiffOutcome::Known(sig) = fuzz::diff_check::<Pigs>(&bytes) else {
        unreachable!()
    };
    assert_eq!(entries[0].meta.signature, sig);
    let o = gamefuzz(&["repro", entries[0].path.to_str().unwrap()]);
    assert_eq!(code(&o), 1, "the stored entry still diverges");

    // A parse artifact: the bytes are the judge input; given with --game/--kind.
    let (input, _) = gamefuzz::game::generate_case::<gamefuzz::games::chutes::Chutes>(1, "small");
    let agree = tmp.path().join("some-input");
    std::fs::write(
        &agree,
        <gamefuzz::games::chutes::Chutes as Game>::render(&input),
    )
    .unwrap();
    let args = ["--game", "chutes", "--kind", "parse", "--corpus", corpus_s];
    let o = gamefuzz(&[&["import", agree.to_str().unwrap()][..], &args].concat());
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::write(&agree, "not a chutes input\n").unwrap();
    let o = gamefuzz(&[&["import", agree.to_str().unwrap()][..], &args].concat());
    assert_eq!(code(&o), 1, "an invalid judge input is an invalid input");
}

/// `import` stores where the diff fuzz targets look: `$GAMEFUZZ_CORPUS`
/// when no `--corpus` is given.
#[test]
fn import_honours_gamefuzz_corpus() {
    let tmp = tempfile::tempdir().unwrap();
    let bytes = known_pigs_divergence();
    let dir = tmp.path().join("diff_pigs");
    std::fs::create_dir_all(&dir).unwrap();
    let art = dir.join("crash-0");
    std::fs::write(&art, &bytes).unwrap();
    let env_corpus = tmp.path().join("env-corpus");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_gamefuzz"))
        .args(["import", art.to_str().unwrap(), "--shrink-time", "1"])
        .current_dir(tmp.path())
        .env("GAMEFUZZ_CORPUS", &env_corpus)
        .output()
        .unwrap();
    assert_eq!(code(&o), 1, "{}", String::from_utf8_lossy(&o.stderr));
    let stored = gamefuzz::corpus::load_dir(&env_corpus.join("pigs")).unwrap();
    assert_eq!(stored.len(), 1);
    assert!(!tmp.path().join("corpus").exists(), "nothing in ./corpus");
}

/// The fuzz bytes of the first seed whose pigs game shows a divergence
/// the corpus knows.
fn known_pigs_divergence() -> Vec<u8> {
    type Pigs = gamefuzz::games::pigs::Pigs;
    (0..400u64)
        .map(fuzz::seed_bytes::<Pigs>)
        .find(|b| matches!(fuzz::diff_check::<Pigs>(b), DiffOutcome::Known(_)))
        .expect("a pigs divergence among 400 seeds")
}
