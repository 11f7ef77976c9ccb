//! The bodies of the cargo-fuzz targets in `fuzz/`, generic over the game,
//! and the tooling around them (seed corpora, `gamefuzz import`).
//!
//! Each target file in `fuzz/fuzz_targets/` is one call:
//!
//! - `diff_<id>` → [`diff_target`]: bytes → [`Source::from_bytes`] → a
//!   profile and a generated input → every in-process solver (engine,
//!   reference, and brute where the game has one). A divergence whose
//!   signature is not in `corpus/<id>/` panics with the rendered input and
//!   the `gamefuzz import` command; known signatures are counted and the
//!   fuzzer goes on.
//! - `parse_<id>` → [`parse_target`]: the bytes are a judge input; parse,
//!   validate, then engine and port must not panic and rendering must be
//!   canonical. Inputs that fail parsing or validation are rejected from the
//!   fuzz corpus.
//!
//! Nothing here depends on libFuzzer, so `cargo test` replays the seed
//! corpora through the same functions.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use anyhow::{bail, Context};

use crate::corpus;
use crate::fault::FaultKind;
use crate::game::{generate_case, parse_valid, Game, InputError, Visit};
use crate::id::GameId;
use crate::shrink::{self, ShrinkLimits};
use crate::solver::{self, Limits, SolverSpec};
use crate::source::Source;
use crate::verdict::compare;

/// The profiles fuzz inputs are drawn from: every profile but `max`, whose
/// sizes are fixed at the spec's limits (a generals `max` file is 19 MB and
/// takes 0.3 s to generate), so the fuzzer's bytes could not steer it.
pub fn profiles<G: Game>() -> Vec<&'static str> {
    let all: Vec<&'static str> = G::PROFILES.iter().map(|p| p.name).collect();
    let some: Vec<&'static str> = all.iter().copied().filter(|&p| p != "max").collect();
    if some.is_empty() {
        all
    } else {
        some
    }
}

/// The in-process solvers a diff target compares: engine first, then the
/// port, then brute where the game has one.
pub fn solvers<G: Game>() -> Vec<SolverSpec> {
    let mut s = vec![SolverSpec::Engine, SolverSpec::Reference];
    if G::HAS_BRUTE {
        s.push(SolverSpec::Brute);
    }
    s
}

/// A fuzz input decoded by the generator.
pub struct Decoded<I> {
    pub input: I,
    pub profile: &'static str,
    /// The choices of the generator (without the profile choice), for tape
    /// shrinking with `profile`.
    pub tape: Vec<u64>,
}

/// Bytes → valid input: the first choice picks one of [`profiles`], the
/// rest feed the generator. Every byte string decodes.
pub fn decode<G: Game>(data: &[u8]) -> Decoded<G::Input> {
    let ps = profiles::<G>();
    let mut src = Source::from_bytes(data);
    let profile = ps[src.below(ps.len() as u64) as usize];
    let input = G::generate(&mut src, profile);
    let mut tape = src.into_tape();
    tape.remove(0);
    Decoded {
        input,
        profile,
        tape,
    }
}

/// The bytes that [`decode`] turns into the input `gamefuzz gen <id> --seed
/// SEED --profile P` prints, where `P` is `profiles()[seed % len]`: the
/// exact conversion of the seeded ChaCha tape (see [`Source::to_bytes`]).
pub fn seed_bytes<G: Game>(seed: u64) -> Vec<u8> {
    let ps = profiles::<G>();
    let pick = (seed % ps.len() as u64) as usize;
    let mut head = Source::replay(vec![pick as u64]);
    head.below(ps.len() as u64);
    let mut src = Source::seeded(G::ID, seed);
    G::generate(&mut src, ps[pick]);
    let mut bytes = head.to_bytes();
    bytes.extend(src.to_bytes());
    bytes
}

/// What one diff execution found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiffOutcome {
    /// The solvers agree (or fewer than two produced a result).
    Agree,
    /// A divergence whose signature is in the corpus.
    Known(String),
    /// A divergence not in the corpus yet; the text is the report.
    New { signature: String, report: String },
}

/// One diff execution, without panicking: see [`diff_target`].
pub fn diff_check<G: Game>(data: &[u8]) -> DiffOutcome {
    let d = decode::<G>(data);
    if let Err(e) = G::validate(&d.input) {
        let report = format!(
            "{}: the generator produced an invalid input ({e}); this is a harness bug\n{}",
            G::ID,
            G::render(&d.input)
        );
        return DiffOutcome::New {
            signature: "invalid generated input".into(),
            report,
        };
    }
    let text = G::render(&d.input);
    let specs = solvers::<G>();
    let c = compare::<G>(&specs, &d.input, &text, &Limits::default());
    let Some(sig) = c.signature else {
        return DiffOutcome::Agree;
    };
    if known_signatures(G::ID).contains(&sig) {
        return DiffOutcome::Known(sig);
    }
    let mut report = format!(
        "{}: new divergence [{sig}] (not in {})\n== input ({} profile, {} bytes) ==\n{}",
        G::ID,
        corpus_root().join(G::ID.name()).display(),
        d.profile,
        text.len(),
        clip(&text)
    );
    for (spec, run) in specs.iter().zip(&c.runs) {
        let rec = corpus::record::<G>(spec, run.as_ref());
        report += &format!("== {spec}: {} ==\n", rec.class);
        if let Some(out) = &rec.output {
            report += &clip(out);
        }
        if let Some(f) = &rec.fault {
            report += &format!("(fault: {f})\n");
        }
    }
    report += &format!(
        "To see it again, run:\n  gamefuzz repro {artifact}\n\
         To shrink it and store it in the corpus, run:\n  gamefuzz import {artifact}\n",
        artifact = format!("fuzz/artifacts/diff_{}/crash-{}", G::ID, sha1_hex(data)),
    );
    DiffOutcome::New {
        signature: sig,
        report,
    }
}

/// The body of `diff_<id>`: panics on a new divergence (libFuzzer then saves
/// the input as `fuzz/artifacts/diff_<id>/crash-<sha1>`), counts known ones.
pub fn diff_target<G: Game>(data: &[u8]) {
    match diff_check::<G>(data) {
        DiffOutcome::Agree => {}
        DiffOutcome::Known(sig) => count_known(G::ID, &sig),
        DiffOutcome::New { report, .. } => panic!("{report}"),
    }
}

/// Whether a parse-target input belongs in the fuzz corpus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Keep,
    /// Not UTF-8, does not parse, or breaks a validator rule.
    Reject,
}

impl Verdict {
    pub fn keep(self) -> bool {
        self == Verdict::Keep
    }
}

/// Why a valid judge input failed the robustness checks.
pub fn parse_check<G: Game>(data: &[u8]) -> Result<Verdict, String> {
    let Ok(text) = std::str::from_utf8(data) else {
        return Ok(Verdict::Reject);
    };
    let Ok(input) = parse_valid::<G>(text) else {
        return Ok(Verdict::Reject);
    };
    let canon = G::render(&input);
    match parse_valid::<G>(&canon) {
        Ok(again) if G::render(&again) == canon => {}
        Ok(_) => return Err(format!("{}: rendering is not canonical", G::ID)),
        Err(e) => return Err(format!("{}: the rendered input is refused ({e})", G::ID)),
    }
    let specs = [SolverSpec::Engine, SolverSpec::Reference];
    let runs = solver::run_all::<G>(&specs, &input, text, &Limits::default());
    for (spec, run) in specs.iter().zip(runs) {
        if let Some(run) = run {
            if let Err(f) = &run.result {
                if f.kind == FaultKind::Panic {
                    return Err(format!("{}: {spec} panicked: {}", G::ID, f.detail));
                }
            }
        }
    }
    Ok(Verdict::Keep)
}

/// The body of `parse_<id>`: panics (with the input and the `gamefuzz
/// import` command) when a valid input makes the engine or the port panic
/// or does not render canonically.
pub fn parse_target<G: Game>(data: &[u8]) -> Verdict {
    match parse_check::<G>(data) {
        Ok(v) => v,
        Err(why) => panic!(
            "{why}\n== input ==\n{}To shrink it and store it in the corpus, run:\n  \
             gamefuzz import fuzz/artifacts/parse_{}/crash-{}\n",
            clip(&String::from_utf8_lossy(data)),
            G::ID,
            sha1_hex(data)
        ),
    }
}

fn clip(s: &str) -> String {
    const MAX: usize = 8000;
    let mut out = match crate::show::head(s, MAX) {
        (all, 0) => all.to_string(),
        (kept, cut) => format!("{kept}\n... ({cut} more bytes)"),
    };
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// The corpus the diff targets consult: `$GAMEFUZZ_CORPUS`, else the
/// `corpus/` of this crate's source tree.
pub fn corpus_root() -> PathBuf {
    std::env::var_os("GAMEFUZZ_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus"))
}

/// The signatures stored in the corpus, loaded once per process.
pub fn known_signatures(game: GameId) -> &'static BTreeSet<String> {
    static KNOWN: OnceLock<BTreeMap<GameId, BTreeSet<String>>> = OnceLock::new();
    static EMPTY: BTreeSet<String> = BTreeSet::new();
    let all = KNOWN.get_or_init(|| {
        let root = corpus_root();
        let entries = corpus::load_all(&root)
            .unwrap_or_else(|e| panic!("cannot load the corpus {}: {e:#}", root.display()));
        let mut m: BTreeMap<GameId, BTreeSet<String>> = BTreeMap::new();
        for e in entries {
            if let Some(g) = GameId::from_name(&e.meta.game) {
                m.entry(g).or_default().insert(e.meta.signature);
            }
        }
        m
    });
    all.get(&game).unwrap_or(&EMPTY)
}

/// Counts a known divergence; prints the count at every power of two.
fn count_known(game: GameId, sig: &str) {
    static COUNTS: Mutex<BTreeMap<String, u64>> = Mutex::new(BTreeMap::new());
    let mut counts = COUNTS.lock().unwrap_or_else(|p| p.into_inner());
    let n = counts.entry(sig.to_string()).or_insert(0);
    *n += 1;
    if n.is_power_of_two() {
        crate::console::errln!(
            "{game}: known divergence [{sig}] seen {n} times (in the corpus; going on)"
        );
    }
}

/// Which target an artifact came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Diff,
    Parse,
}

/// Reads `diff_<id>` / `parse_<id>` from an artifact's directory name.
pub fn target_of(path: &Path) -> Option<(Kind, GameId)> {
    let dir = path.parent()?.file_name()?.to_str()?;
    let (kind, id) = dir.split_once('_')?;
    let kind = match kind {
        "diff" => Kind::Diff,
        "parse" => Kind::Parse,
        _ => return None,
    };
    Some((kind, GameId::from_name(id)?))
}

/// `gamefuzz import`: decodes a fuzz artifact, shrinks its divergence and
/// stores it in `corpus_root`. Returns whether a divergence was found.
pub fn import(
    artifact: &Path,
    target: Option<(Kind, GameId)>,
    corpus_root: &Path,
    bounds: &ShrinkLimits,
) -> anyhow::Result<bool> {
    let data =
        std::fs::read(artifact).with_context(|| format!("reading {}", artifact.display()))?;
    let Some((kind, game)) = target.or_else(|| target_of(artifact)) else {
        bail!(
            "cannot tell the target of {}: its directory is not diff_<game> or parse_<game>; \
             give --game and --kind",
            artifact.display()
        );
    };
    game.dispatch(Import {
        data: &data,
        kind,
        root: corpus_root,
        bounds,
    })
}

struct Import<'a> {
    data: &'a [u8],
    kind: Kind,
    root: &'a Path,
    bounds: &'a ShrinkLimits,
}

impl Visit for Import<'_> {
    type Out = anyhow::Result<bool>;
    fn visit<G: Game>(self) -> anyhow::Result<bool> {
        let limits = Limits::default();
        let specs = solvers::<G>();
        let (input, tape) = match self.kind {
            Kind::Diff => {
                let d = decode::<G>(self.data);
                (d.input, Some((d.tape, d.profile)))
            }
            Kind::Parse => {
                let text = String::from_utf8(self.data.to_vec()).map_err(|_| {
                    InputError::Parse(crate::text::ParseError {
                        line: 1,
                        col: 1,
                        message: "the artifact is not UTF-8 text".into(),
                    })
                })?;
                (parse_valid::<G>(&text)?, None)
            }
        };
        let text = G::render(&input);
        let c = compare::<G>(&specs, &input, &text, &limits);
        let Some(sig) = c.signature else {
            crate::console::errln!(
                "{}: the solvers agree on this input ({} bytes): nothing to store",
                G::ID,
                text.len()
            );
            return Ok(false);
        };
        let (small, runs) = shrink::shrink_finding::<G>(
            &specs,
            &sig,
            input,
            tape.as_ref().map(|(t, p)| (t.clone(), *p)),
            &limits,
            self.bounds,
        );
        let out = G::render(&small.input);
        let records = corpus::records::<G>(&specs, runs.as_ref().unwrap_or(&c.runs));
        let profile = tape.as_ref().map(|(_, p)| *p);
        let meta = corpus::Meta::new::<G>(&sig, records, None, profile, small.complete);
        let stored = corpus::store(self.root, G::ID, &out, meta)?;
        crate::console::out(&format!(
            "{}: divergence [{sig}]: {}\ncorpus: {} ({})\nrepro: gamefuzz repro {}\n",
            G::ID,
            small.describe(text.len(), out.len()),
            stored.path().display(),
            stored.describe(),
            crate::shell::quote_arg(&stored.path().display().to_string())
        ));
        Ok(true)
    }
}

/// Seed corpora for `fuzz/corpus/<target>/`: for `diff_<id>`, the exact
/// bytes of seeded generations ([`seed_bytes`]); for `parse_<id>`, rendered
/// generated inputs. Seeds `0, 1, ...` are taken while their files are at
/// most `max_len` bytes (libFuzzer's default `-max_len` is 4096), up to
/// `count` per target. Returns `(target name, file name, bytes)`.
pub fn seeds<G: Game>(count: usize, max_len: usize) -> Vec<(String, String, Vec<u8>)> {
    let mut out = Vec::new();
    let (mut diff, mut parse) = (0, 0);
    let ps = profiles::<G>();
    for seed in 0..(count as u64 * 20) {
        if diff >= count && parse >= count {
            break;
        }
        if diff < count {
            let b = seed_bytes::<G>(seed);
            if b.len() <= max_len {
                out.push((format!("diff_{}", G::ID), format!("seed-{seed}"), b));
                diff += 1;
            }
        }
        if parse < count {
            let profile = ps[(seed % ps.len() as u64) as usize];
            let (input, _) = generate_case::<G>(seed, profile);
            let t = G::render(&input).into_bytes();
            if t.len() <= max_len {
                out.push((format!("parse_{}", G::ID), format!("seed-{seed}"), t));
                parse += 1;
            }
        }
    }
    out
}

/// Writes [`seeds`] of every game under `dir/<target>/`; returns the number
/// of files written.
pub fn write_seeds(dir: &Path, count: usize, max_len: usize) -> anyhow::Result<usize> {
    struct Seeds(usize, usize);
    impl Visit for Seeds {
        type Out = Vec<(String, String, Vec<u8>)>;
        fn visit<G: Game>(self) -> Self::Out {
            seeds::<G>(self.0, self.1)
        }
    }
    let mut n = 0;
    for &g in GameId::ALL {
        for (target, name, bytes) in g.dispatch(Seeds(count, max_len)) {
            let d = dir.join(&target);
            std::fs::create_dir_all(&d).with_context(|| format!("creating {}", d.display()))?;
            corpus::write_atomic(&d.join(name), &bytes)?;
            n += 1;
        }
    }
    Ok(n)
}

/// SHA-1 in hex: libFuzzer names an artifact `crash-<sha1 of the input>`.
pub fn sha1_hex(data: &[u8]) -> String {
    let mut h: [u32; 5] = [
        0x6745_2301,
        0xEFCD_AB89,
        0x98BA_DCFE,
        0x1032_5476,
        0xC3D2_E1F0,
    ];
    let mut msg = data.to_vec();
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&((data.len() as u64).wrapping_mul(8)).to_be_bytes());
    for block in msg.chunks(64) {
        let mut w = [0u32; 80];
        for (i, c) in block.chunks(4).enumerate() {
            w[i] = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
        }
        for i in 16..80 {
            w[i] = (w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]).rotate_left(1);
        }
        let [mut a, mut b, mut c, mut d, mut e] = h;
        for (i, &wi) in w.iter().enumerate() {
            let (f, k) = match i {
                0..=19 => ((b & c) | (!b & d), 0x5A82_7999),
                20..=39 => (b ^ c ^ d, 0x6ED9_EBA1),
                40..=59 => ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC),
                _ => (b ^ c ^ d, 0xCA62_C1D6),
            };
            let t = a
                .rotate_left(5)
                .wrapping_add(f)
                .wrapping_add(e)
                .wrapping_add(k)
                .wrapping_add(wi);
            e = d;
            d = c;
            c = b.rotate_left(30);
            b = a;
            a = t;
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e]) {
            *x = x.wrapping_add(y);
        }
    }
    h.iter().map(|x| format!("{x:08x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha1_matches_known_vectors() {
        assert_eq!(sha1_hex(b""), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
        assert_eq!(sha1_hex(b"abc"), "a9993e364706816aba3e25717850c26c9cd0d89d");
        assert_eq!(
            sha1_hex(&[b'a'; 1000]),
            "291e9a6c66994949b57ba5e650361e98fc36b1ba"
        );
    }

    #[test]
    fn artifact_directories_name_the_target() {
        let p = Path::new("fuzz/artifacts/diff_pigs/crash-00");
        assert_eq!(target_of(p), Some((Kind::Diff, GameId::Pigs)));
        let p = Path::new("x/parse_stones/crash-00");
        assert_eq!(target_of(p), Some((Kind::Parse, GameId::Stones)));
        assert_eq!(target_of(Path::new("x/diff_nope/crash")), None);
        assert_eq!(target_of(Path::new("crash")), None);
    }
}
