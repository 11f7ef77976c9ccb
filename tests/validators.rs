//! The C++ input validators a package carries give the verdict of
//! `gamefuzz validate <game> --kattis` (`gamefuzz::kattis::verdict`), byte
//! for byte of input, on:
//!
//! * every test of a default package of the game, and the official sample;
//! * `MUTANTS` mutated inputs per game, drawn from fixed seeds out of
//!   generated inputs of every profile whose files are not huge: tokens and
//!   lines deleted, duplicated, swapped or replaced, numbers moved by one or
//!   set to boundary values, stray whitespace, CRLF, no final newline,
//!   truncation, bytes that are not ASCII.
//!
//! The validators are built as a judge builds them, from
//! `kattis::build`: the sources side by side in a fresh directory,
//! with `g++ -std=c++17 -O2 -static` (plus warnings as errors). In CI (`CI`
//! set) a missing g++ fails the test; elsewhere the test says so and skips.
//!
//! The game's testlib validator (`validator_testlib.cpp`, built with
//! Luogu's flags and warnings as errors) is held to the same verdict on the
//! same files and, on a file in canonical layout that `validate` refuses,
//! must name the same rule.
//!
//! Each game prints how its mutants split into valid and invalid ones, and
//! both halves must be substantial, so that agreement is not trivial.
//! `kattis::verdict` is also compared with the command it stands for. (The
//! pigs validator's simulation is held to the engine's game by game, final
//! hands included, by a unit test beside the pigs engine, which sees its
//! internals.)

use std::collections::HashMap;
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use gamefuzz::game::generate_case;
use gamefuzz::game::{Game, GameId, Visit};
use gamefuzz::kattis;
use gamefuzz::package::{self, Format};
use gamefuzz::Source;
use rayon::prelude::*;
use wait_timeout::ChildExt;

mod common;

const MUTANTS: u64 = 2400;
/// Mutants per game on which `kattis::verdict` is compared with the
/// command it stands for.
const COMMAND_MUTANTS: u64 = 60;
/// Generated inputs per profile that mutants are drawn from.
const BASES_PER_PROFILE: u64 = 6;
/// Larger generated files (generals `max`, about 19 MB) only take part
/// through the package; mutating them thousands of times would be slow.
const MAX_BASE_BYTES: usize = 1 << 20;
/// Each side of the split, at least, as a share of the mutants.
const MIN_SHARE: f64 = 0.05;
/// A validator that takes longer has a bug: the largest valid file takes
/// well under a second.
const TIMEOUT: Duration = Duration::from_secs(20);
/// What a refusal may print: one short line, never the input.
const MAX_REASON_BYTES: usize = 400;

/// Builds `game`'s validator (input or answer) in a fresh directory the way
/// a judge would (problemtools links statically, which also makes each of
/// the thousands of runs below start faster); `None` (outside CI only) when
/// g++ cannot be run.
fn build(game: GameId, which: kattis::Which, dir: &Path) -> Option<PathBuf> {
    match kattis::build_one(game, which, dir, &[]) {
        Ok(Ok(bin)) => Some(bin),
        Ok(Err(complaint)) => panic!("g++ failed on the {game} {which:?} validator:\n{complaint}"),
        Err(e) if std::env::var_os("CI").is_some() => {
            panic!("g++ cannot be run ({e}): the validators cannot be checked, and in CI they must")
        }
        Err(e) => {
            eprintln!("skipping the {game} {which:?} validator check: g++ cannot be run ({e})");
            None
        }
    }
}

/// Fails the test on any disagreement (showing the first few), and unless
/// both verdicts hold a substantial share of the `total` mutants.
fn require_agreement(game: GameId, what: &str, bad: &[String], valid: usize, total: u64) {
    assert!(
        bad.is_empty(),
        "{} disagreements; the first ones:\n{}",
        bad.len(),
        bad.iter().take(5).cloned().collect::<Vec<_>>().join("\n\n")
    );
    let share = valid as f64 / total as f64;
    assert!(
        (MIN_SHARE..=1.0 - MIN_SHARE).contains(&share),
        "{game}: {valid} of {total} {what} are valid; both halves need {:.0}%",
        100.0 * MIN_SHARE
    );
}

/// The C++ validator's verdict on `input`: `Ok` for exit 42, the reason it
/// printed for 43. Anything else (a crash, another code, no end within
/// `TIMEOUT`, a long or chatty message, output on stdout) fails the test.
fn cpp_verdict(bin: &Path, input: &[u8]) -> Result<(), String> {
    let (verdict, out) = run_validator(bin, &[], input);
    assert!(
        out.is_empty(),
        "the validator wrote to stdout on\n{}",
        shown(input)
    );
    verdict
}

/// `cpp_verdict` of `bin args`, and what the program wrote on stdout.
fn run_validator(bin: &Path, args: &[&Path], input: &[u8]) -> (Result<(), String>, String) {
    let mut child = Command::new(bin)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("start the validator");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let data = input.to_vec();
    // Threads feed and drain the pipes, so that the program never blocks on
    // them whatever it reads or writes, and the time limit holds.
    let writer = std::thread::spawn(move || {
        // The program may stop reading before the end.
        let _ = stdin.write_all(&data);
    });
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("piped stdout")));
    let err = drain(Box::new(child.stderr.take().expect("piped stderr")));
    let Some(status) = child.wait_timeout(TIMEOUT).expect("wait for the validator") else {
        let _ = child.kill();
        let _ = child.wait();
        panic!(
            "the validator ran longer than {TIMEOUT:?} on\n{}",
            shown(input)
        );
    };
    writer.join().expect("stdin writer");
    let (out, err) = (out.join().expect("stdout"), err.join().expect("stderr"));
    let verdict = match status.code() {
        Some(42) => {
            assert!(
                err.is_empty(),
                "exit 42 with a message ({err}) on\n{}",
                shown(input)
            );
            Ok(())
        }
        Some(43) => {
            assert!(
                err.len() <= MAX_REASON_BYTES
                    && err.ends_with('\n')
                    && err.matches('\n').count() == 1,
                "exit 43 needs one short line of reason, got {err:?} on\n{}",
                shown(input)
            );
            Err(err.trim_end().to_string())
        }
        _ => panic!("the validator ended with {status} on\n{}", shown(input)),
    };
    (verdict, out)
}

/// An input for a failure message: the start of it, readable.
fn shown(input: &[u8]) -> String {
    const MAX: usize = 1500;
    let text = String::from_utf8_lossy(&input[..input.len().min(MAX)]);
    if input.len() > MAX {
        format!("{text}... ({} bytes in all)", input.len())
    } else {
        text.into_owned()
    }
}

/// The verdicts on `input`: whether it is valid, and the report of a
/// disagreement, of the C++ validator or of the testlib validator (`tl`),
/// which must also name the rule `validate --kattis` names.
fn judge<G: Game>(bin: &Path, tl: &Path, what: &str, input: &[u8]) -> (bool, Option<String>) {
    let rust = kattis::verdict::<G>(input);
    let cpp = cpp_verdict(bin, input);
    let report = (rust.is_ok() != cpp.is_ok()).then(|| {
        format!(
            "{} {what}: validate --kattis says {rust:?}, the C++ validator {cpp:?}, on\n{}",
            G::ID,
            shown(input)
        )
    });
    let report = report.or_else(|| {
        common::testlib::parting::<G>(tl, input)
            .map(|why| format!("{} {what}: {why}, on\n{}", G::ID, shown(input)))
    });
    (rust.is_ok(), report)
}

/// Every `.in` file under `dir`, sorted.
fn inputs_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(inputs_under(&p));
        } else if p.extension().is_some_and(|x| x == "in") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// The tests of a default package (as `gamefuzz package <game>` writes
/// it), each with its name: its input and its answer file. Built once per
/// game for both tests that read them (a generals package, with its `max`
/// files, takes 15 s); the second waits for the first.
fn package_tests<G: Game>() -> Vec<(String, Vec<u8>, Vec<u8>)> {
    type Tests = Vec<(String, Vec<u8>, Vec<u8>)>;
    type Built = Mutex<HashMap<GameId, Arc<OnceLock<Tests>>>>;
    static BUILT: OnceLock<Built> = OnceLock::new();
    let once = Arc::clone(
        (BUILT.get_or_init(Built::default).lock().unwrap())
            .entry(G::ID)
            .or_default(),
    );
    once.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        built_package_tests::<G>(dir.path())
    })
    .clone()
}

/// [`package_tests`], built and written under `dir`.
fn built_package_tests<G: Game>(dir: &Path) -> Vec<(String, Vec<u8>, Vec<u8>)> {
    let opts = package::Options {
        tests: 30,
        seed: 1,
        corpus: Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus"),
        most_files: package::Format::Legacy.most_tests(),
    };
    let p = package::build::<G>(&opts).expect("build the package");
    let out = dir.join("package");
    package::write(
        &p,
        Format::Legacy,
        &out,
        false,
        &[],
        &package::Extras::default(),
    )
    .expect("write the package");
    inputs_under(&out.join("data"))
        .into_iter()
        .map(|f| {
            let name = f.strip_prefix(&out).unwrap().display().to_string();
            let answer = std::fs::read(f.with_extension("ans")).unwrap();
            (name, std::fs::read(&f).unwrap(), answer)
        })
        .collect()
}

// ---- Mutants ----

/// Ways of changing a judge file. Some nearly always break it (layout,
/// truncation), others often keep it valid (a number moved by one, a token
/// replaced by another token of the same file, two lines swapped), so that
/// both verdicts are exercised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    StepNumber,
    ReplaceToken,
    SwapLines,
    SwapTokens,
    BoundaryNumber,
    DeleteToken,
    DuplicateToken,
    DeleteLine,
    DuplicateLine,
    StrayWhitespace,
    Crlf,
    FinalNewline,
    Truncate,
    NotAscii,
}

/// Every kind with its relative weight: mostly the kinds that can keep a
/// file valid, since breaking one is easy.
const KINDS: &[(Kind, u32)] = &[
    (Kind::StepNumber, 24),
    (Kind::ReplaceToken, 16),
    (Kind::SwapLines, 8),
    (Kind::SwapTokens, 6),
    (Kind::BoundaryNumber, 10),
    (Kind::DeleteToken, 5),
    (Kind::DuplicateToken, 4),
    (Kind::DeleteLine, 4),
    (Kind::DuplicateLine, 4),
    (Kind::StrayWhitespace, 6),
    (Kind::Crlf, 3),
    (Kind::FinalNewline, 3),
    (Kind::Truncate, 4),
    (Kind::NotAscii, 3),
];

/// Values every number may be replaced by: the ends of the integer types a
/// reader might use, huge values, and spellings that are not canonical.
const BOUNDARIES: &[&str] = &[
    "0",
    "1",
    "-1",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "99999999999999999999999999999999999999999999",
    "-0",
    "+1",
    "00",
];

/// The limits of each game's spec, each tried as itself and one beyond.
fn spec_limits(game: GameId) -> &'static [u64] {
    match game {
        GameId::Xiangqi => &[2, 3, 4, 6, 7, 8, 9, 10, 40],
        GameId::Chutes => &[2, 5, 6, 80, 99, 100, 999],
        GameId::Pigs => &[2, 4, 10, 2000],
        GameId::Generals => &[2, 10, 400, 100_000, (1 << 31) - 1],
        GameId::Stones => &[6, 1000, 1_000_000_000_000_000_000],
    }
}

/// Byte ranges of the whitespace-separated tokens.
fn tokens(b: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && !b[i].is_ascii_whitespace() {
            i += 1;
        }
        out.push((start, i));
    }
    out
}

/// Byte ranges of the lines, each with its newline.
fn lines(b: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        if c == b'\n' {
            out.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < b.len() {
        out.push((start, b.len()));
    }
    out
}

fn is_number(t: &[u8]) -> bool {
    let digits = t.strip_prefix(b"-").unwrap_or(t);
    !digits.is_empty() && digits.iter().all(u8::is_ascii_digit)
}

fn splice(b: &[u8], (start, end): (usize, usize), with: &[u8]) -> Vec<u8> {
    [&b[..start], with, &b[end..]].concat()
}

/// Exchanges two non-overlapping ranges.
fn swap(b: &[u8], x: (usize, usize), y: (usize, usize)) -> Vec<u8> {
    let (x, y) = if x.0 < y.0 { (x, y) } else { (y, x) };
    [
        &b[..x.0],
        &b[y.0..y.1],
        &b[x.1..y.0],
        &b[x.0..x.1],
        &b[y.1..],
    ]
    .concat()
}

fn pick<T: Copy>(src: &mut Source, items: &[T]) -> Option<T> {
    (!items.is_empty()).then(|| *src.choose(items))
}

/// One mutation of `b` of the given kind; `None` when the file offers
/// nothing to apply it to.
fn apply(kind: Kind, b: &[u8], game: GameId, src: &mut Source) -> Option<Vec<u8>> {
    let toks = tokens(b);
    let numbers: Vec<(usize, usize)> = toks
        .iter()
        .copied()
        .filter(|&(s, e)| is_number(&b[s..e]))
        .collect();
    let lns = lines(b);
    Some(match kind {
        Kind::StepNumber => {
            let t = pick(src, &numbers)?;
            let v: i128 = std::str::from_utf8(&b[t.0..t.1]).ok()?.parse().ok()?;
            let v = if src.bool(0.5) { v + 1 } else { v - 1 };
            splice(b, t, v.to_string().as_bytes())
        }
        Kind::ReplaceToken => {
            let t = pick(src, &toks)?;
            let (s, e) = pick(src, &toks)?;
            splice(b, t, &b[s..e])
        }
        Kind::SwapLines => {
            let (x, y) = (pick(src, &lns)?, pick(src, &lns)?);
            if x == y {
                return None;
            }
            swap(b, x, y)
        }
        Kind::SwapTokens => {
            let (x, y) = (pick(src, &toks)?, pick(src, &toks)?);
            if x == y {
                return None;
            }
            swap(b, x, y)
        }
        Kind::BoundaryNumber => {
            let t = pick(src, &numbers)?;
            let limits = spec_limits(game);
            let value = if src.bool(0.5) {
                let l = *src.choose(limits);
                (if src.bool(0.5) { l } else { l + 1 }).to_string()
            } else {
                let v = *src.choose(BOUNDARIES);
                if v == "00" {
                    // A leading zero on the number itself.
                    format!("0{}", String::from_utf8_lossy(&b[t.0..t.1]))
                } else {
                    v.to_string()
                }
            };
            splice(b, t, value.as_bytes())
        }
        Kind::DeleteToken => {
            // With one neighbouring space, so the line keeps single spaces.
            let (s, e) = pick(src, &toks)?;
            let span = if s > 0 && b[s - 1] == b' ' {
                (s - 1, e)
            } else if e < b.len() && b[e] == b' ' {
                (s, e + 1)
            } else {
                (s, e)
            };
            splice(b, span, b"")
        }
        Kind::DuplicateToken => {
            let (s, e) = pick(src, &toks)?;
            splice(b, (e, e), &[b" ", &b[s..e]].concat())
        }
        Kind::DeleteLine => splice(b, pick(src, &lns)?, b""),
        Kind::DuplicateLine => {
            let (s, e) = pick(src, &lns)?;
            splice(b, (s, s), &b[s..e])
        }
        Kind::StrayWhitespace => {
            let ws: &[&[u8]] = &[b" ", b"\t", b"\n", b"\r", b"  ", b"\n\n", b"\x0b", b"\x0c"];
            let at = src.usize_in(0, b.len());
            let w = pick(src, ws)?;
            splice(b, (at, at), w)
        }
        Kind::Crlf => {
            if src.bool(0.5) {
                b.iter()
                    .flat_map(|&c| {
                        if c == b'\n' {
                            vec![b'\r', b'\n']
                        } else {
                            vec![c]
                        }
                    })
                    .collect()
            } else {
                let (_, e) = pick(src, &lns)?;
                if b[e - 1] != b'\n' {
                    return None;
                }
                splice(b, (e - 1, e - 1), b"\r")
            }
        }
        Kind::FinalNewline => match b.last() {
            Some(b'\n') if src.bool(0.5) => b[..b.len() - 1].to_vec(),
            _ => [b, &b"\n"[..]].concat(),
        },
        Kind::Truncate => b[..src.usize_in(0, b.len().saturating_sub(1))].to_vec(),
        Kind::NotAscii => {
            // Not UTF-8; UTF-8 that Rust counts as whitespace (U+2003,
            // U+00A0); a letter; a NUL byte.
            let junk: &[&[u8]] = &[b"\xff", b"\xe2\x80\x83", b"\xc2\xa0", "é".as_bytes(), b"\0"];
            let at = src.usize_in(0, b.len());
            let j = pick(src, junk)?;
            splice(b, (at, at), j)
        }
    })
}

/// Mutant `i` of a game: a base file and one or two mutations, all drawn
/// from the seed `i`; never the base itself. The kind is the first
/// mutation's.
fn mutant(game: GameId, i: u64, bases: &[Vec<u8>]) -> (Kind, Vec<u8>) {
    let (kind, _, out) = mutant_of(game, i, bases);
    (kind, out)
}

/// `mutant`, and the index of the base it was made from.
fn mutant_of(game: GameId, i: u64, bases: &[Vec<u8>]) -> (Kind, usize, Vec<u8>) {
    let mut src = Source::seeded(game, i);
    let weights: Vec<u32> = KINDS.iter().map(|k| k.1).collect();
    // Draws that change nothing are redrawn; a handful of tries suffices,
    // the bound only keeps the loop finite.
    for _ in 0..1000 {
        let at = src.below(bases.len() as u64) as usize;
        let base = &bases[at];
        let kind = KINDS[src.weighted(&weights)].0;
        let Some(mut out) = apply(kind, base, game, &mut src) else {
            continue;
        };
        if src.bool(0.2) {
            let second = KINDS[src.weighted(&weights)].0;
            if let Some(again) = apply(second, &out, game, &mut src) {
                out = again;
            }
        }
        if out != *base {
            return (kind, at, out);
        }
    }
    panic!("{game}: mutant {i} changed nothing in 1000 draws");
}

/// The files mutants are drawn from: `BASES_PER_PROFILE` generated inputs
/// of every profile, and the profiles left out for their size.
fn bases<G: Game>() -> (Vec<Vec<u8>>, Vec<&'static str>) {
    let mut skipped = Vec::new();
    let mut bases = Vec::new();
    for p in G::PROFILES {
        for seed in 1..=BASES_PER_PROFILE {
            let text = G::render(&generate_case::<G>(seed, p.name).0);
            if text.len() > MAX_BASE_BYTES {
                skipped.push(p.name);
                break;
            }
            bases.push(text.into_bytes());
        }
    }
    (bases, skipped)
}

// ---- The checks ----

struct Check;

impl Visit for Check {
    type Out = ();

    fn visit<G: Game>(self) {
        let start = Instant::now();
        let dir = tempfile::tempdir().unwrap();
        // g++ works while the package is built.
        let (bin, tl, mut tests) = std::thread::scope(|s| {
            let bin = s.spawn(|| build(G::ID, kattis::Which::Input, dir.path()));
            let tl = s.spawn(|| common::testlib::validator(G::ID));
            let tests = package_tests::<G>();
            let tests: Vec<(String, Vec<u8>)> = tests.into_iter().map(|t| (t.0, t.1)).collect();
            let bin = bin.join().expect("build the validator");
            (bin, tl.join().expect("build the testlib validator"), tests)
        });
        let (Some(bin), Some(tl)) = (bin, tl) else {
            return;
        };
        let mut bad = Vec::new();

        // The package's tests must not only agree: they must be accepted.
        tests.push(("the official sample".into(), G::SAMPLE.as_bytes().to_vec()));
        for (name, input) in &tests {
            let (valid, report) = judge::<G>(&bin, &tl, name, input);
            bad.extend(report);
            assert!(
                valid || !name.starts_with("data/"),
                "{}: the package test {name} is refused",
                G::ID
            );
        }

        let (bases, skipped) = bases::<G>();
        let results: Vec<(Kind, bool, Option<String>)> = (0..MUTANTS)
            .into_par_iter()
            .map(|i| {
                let (kind, input) = mutant(G::ID, i, &bases);
                let (valid, report) =
                    judge::<G>(&bin, &tl, &format!("mutant {i} ({kind:?})"), &input);
                (kind, valid, report)
            })
            .collect();
        let valid = results.iter().filter(|r| r.1).count();
        let mut by_kind = Vec::new();
        for &(kind, _) in KINDS {
            let of_kind: Vec<_> = results.iter().filter(|r| r.0 == kind).collect();
            let v = of_kind.iter().filter(|r| r.1).count();
            by_kind.push(format!("{kind:?} {v}/{}", of_kind.len()));
        }
        bad.extend(results.into_iter().filter_map(|r| r.2));

        let share = valid as f64 / MUTANTS as f64;
        println!(
            "{}: {} package tests and the sample; {MUTANTS} mutants of {} files ({}): \
             {valid} valid ({:.1}%), {} invalid; {:.1} s\n  valid per kind: {}",
            G::ID,
            tests.len() - 1,
            bases.len(),
            if skipped.is_empty() {
                "every profile".to_string()
            } else {
                format!("every profile but {}", skipped.join(", "))
            },
            100.0 * share,
            MUTANTS as usize - valid,
            start.elapsed().as_secs_f64(),
            by_kind.join(", ")
        );
        require_agreement(G::ID, "mutants", &bad, valid, MUTANTS);
    }
}

#[test]
fn xiangqi_validator_agrees() {
    GameId::Xiangqi.dispatch(Check);
}

#[test]
fn chutes_validator_agrees() {
    GameId::Chutes.dispatch(Check);
}

#[test]
fn pigs_validator_agrees() {
    GameId::Pigs.dispatch(Check);
}

#[test]
fn generals_validator_agrees() {
    GameId::Generals.dispatch(Check);
}

#[test]
fn stones_validator_agrees() {
    GameId::Stones.dispatch(Check);
}

// ---- Answer validators ----

/// Mutated answer files per game.
const ANSWER_MUTANTS: u64 = 1200;

/// The answer validator's verdict, run as a judge runs it: `answer INPUT <
/// ANSWER`; the same demands on its exit code and message as `cpp_verdict`.
fn cpp_answer_verdict(bin: &Path, input: &Path, answer: &[u8]) -> Result<(), String> {
    let (verdict, out) = run_validator(bin, &[input], answer);
    assert!(
        out.is_empty(),
        "the answer validator wrote to stdout on\n{}",
        shown(answer)
    );
    verdict
}

/// The answer validator of every game gives `kattis::answer_verdict`:
/// every answer of a default package is accepted by both, and so is each
/// engine answer of the generated inputs mutants are drawn from; on
/// `ANSWER_MUTANTS` mutations of those answers (the input kept) both agree,
/// and both verdicts are substantial.
struct AnswerCheck;

impl Visit for AnswerCheck {
    type Out = ();

    fn visit<G: Game>(self) {
        let start = Instant::now();
        let dir = tempfile::tempdir().unwrap();
        let Some(bin) = build(G::ID, kattis::Which::Answer, dir.path()) else {
            return;
        };
        let mut cases: Vec<(String, Vec<u8>, Vec<u8>)> = package_tests::<G>();
        let (inputs, _) = bases::<G>();
        for (i, input) in inputs.iter().enumerate() {
            let parsed = G::parse(std::str::from_utf8(input).unwrap()).unwrap();
            let out = G::solve(&parsed, &mut gamefuzz::fault::Budget::default()).unwrap();
            cases.push((
                format!("base {i}"),
                input.clone(),
                G::render_output(&out).into_bytes(),
            ));
        }
        let paths: Vec<PathBuf> = cases
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let p = dir.path().join(format!("{i}.in"));
                std::fs::write(&p, &c.1).unwrap();
                p
            })
            .collect();
        let judge = |what: &str, k: usize, answer: &[u8]| -> (bool, Option<String>) {
            let input = std::str::from_utf8(&cases[k].1).unwrap();
            let rust = kattis::answer_verdict::<G>(input, answer);
            let cpp = cpp_answer_verdict(&bin, &paths[k], answer);
            let report = (rust.is_ok() != cpp.is_ok()).then(|| {
                format!(
                    "{} {what}: answer_verdict says {rust:?}, the C++ answer validator {cpp:?}, on\n{}\nfor the input {}",
                    G::ID,
                    shown(answer),
                    cases[k].0
                )
            });
            (rust.is_ok(), report)
        };
        let mut bad = Vec::new();
        for (k, (name, _, answer)) in cases.iter().enumerate() {
            let (valid, report) = judge(name, k, answer);
            bad.extend(report);
            assert!(valid, "{}: the answer of {name} is refused", G::ID);
        }
        // Mutants are drawn from the answers of inputs up to
        // `MAX_BASE_BYTES`: each verdict reads its input whole, the `max`
        // files of a generals package (18 MB each) made three quarters of
        // this test's time, and their answers take the same form as any.
        let small: Vec<usize> = (0..cases.len())
            .filter(|&k| cases[k].1.len() <= MAX_BASE_BYTES)
            .collect();
        let answers: Vec<Vec<u8>> = small.iter().map(|&k| cases[k].2.clone()).collect();
        let results: Vec<(bool, Option<String>)> = (0..ANSWER_MUTANTS)
            .into_par_iter()
            .map(|i| {
                let (kind, j, answer) = mutant_of(G::ID, i, &answers);
                judge(&format!("answer mutant {i} ({kind:?})"), small[j], &answer)
            })
            .collect();
        let valid = results.iter().filter(|r| r.0).count();
        bad.extend(results.into_iter().filter_map(|r| r.1));
        let share = valid as f64 / ANSWER_MUTANTS as f64;
        println!(
            "{}: {} answers accepted; {ANSWER_MUTANTS} answer mutants: {valid} valid ({:.1}%); {:.1} s",
            G::ID,
            cases.len(),
            100.0 * share,
            start.elapsed().as_secs_f64()
        );
        require_agreement(G::ID, "answer mutants", &bad, valid, ANSWER_MUTANTS);
    }
}

#[test]
fn answer_validators_agree() {
    for &g in GameId::ALL {
        g.dispatch(AnswerCheck);
    }
}

/// `kattis::verdict`, which the checks above hold the C++ programs to, is
/// `gamefuzz validate <game> --kattis` itself: the same exit code and the
/// same reason, on the sample and on mutants of every kind.
#[test]
fn kattis_verdict_is_the_commands() {
    struct SameAsCommand;
    impl Visit for SameAsCommand {
        type Out = ();
        fn visit<G: Game>(self) {
            let (bases, _) = bases::<G>();
            let mut inputs: Vec<Vec<u8>> = (0..COMMAND_MUTANTS)
                .map(|i| mutant(G::ID, i, &bases).1)
                .collect();
            inputs.push(G::SAMPLE.as_bytes().to_vec());
            inputs.par_iter().for_each(|input| {
                let out = common::gamefuzz(&["validate", G::ID.name(), "--kattis"], input);
                let (code, stderr) = (out.status.code(), common::text(&out.stderr));
                match kattis::verdict::<G>(input) {
                    Ok(()) => {
                        assert_eq!((code, stderr.as_str()), (Some(42), ""), "{}", shown(input))
                    }
                    Err(why) => assert_eq!(
                        (code, stderr),
                        (Some(43), format!("invalid {} input: {why}\n", G::ID)),
                        "{}",
                        shown(input)
                    ),
                }
            });
        }
    }
    for &g in GameId::ALL {
        g.dispatch(SameAsCommand);
    }
}
