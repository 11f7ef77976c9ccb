//! The content-addressed store of findings.
//!
//! `corpus/<game>/<slug>-<hash8>.in` holds the judge input exactly (the
//! source of truth); `<same>.json` beside it holds the metadata. Names
//! depend only on the signature and the content, so corpora from many
//! machines merge by plain union, and every write is atomic (temp file +
//! rename), so an interrupted run never leaves a half-written file.
//!
//! A run may still be killed between the two writes of an entry, and
//! several processes may store into one corpus at once, so readers take
//! the directory as they find it: an `.in` without its `.json`, a `.json`
//! without its `.in`, unreadable metadata and temporary files are reported
//! once on stderr and skipped, never deleted or overwritten. `store` holds
//! an exclusive lock on the game directory while it reads and writes, keeps
//! the smallest exemplar of a signature and removes larger ones.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Write;
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use anyhow::{bail, Context};
use serde::{Deserialize, Serialize};

use crate::fault::Fault;
use crate::game::Game;
use crate::id::GameId;
use crate::solver::{Run, SolverSpec};
use crate::source::fnv1a64;
use crate::verdict::smaller;

/// What one solver answered when the finding was recorded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SolverRecord {
    pub solver: String,
    /// `ok`, `ok+overflow`, a fault kind, or `n/a` (brute not applicable).
    pub class: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub output: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub fault: Option<Fault>,
    /// The end of an external program's stderr (a traceback, a message).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub stderr: Option<String>,
}

/// The `.json` beside every corpus input.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Meta {
    pub game: String,
    pub signature: String,
    /// One line naming the rule involved. It describes this input alone:
    /// a smaller exemplar that replaces it gets the automatic description,
    /// and this one moves to the new entry's `earlier`, with its input.
    pub description: String,
    /// The hand-written description of an exemplar this one replaced,
    /// with the input it describes: to be checked against the new input
    /// (and moved into `description` by hand if it still holds).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub earlier: Option<Earlier>,
    pub solvers: Vec<SolverRecord>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub profile: Option<String>,
    /// The judge input file the finding was read from (`diff --inputs`),
    /// where it has no seed and profile.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub file: Option<String>,
    /// Whether the exemplar was shrunk until no candidate was smaller. An
    /// unshrunk one (`--no-shrink`, a run interrupted or out of shrink
    /// time, an entry stored as soon as it was found) is shrunk by the next
    /// run that meets its signature. Missing means `false`: shrinking again
    /// costs time, never correctness.
    #[serde(default)]
    pub shrunk: bool,
    pub version: String,
}

impl Meta {
    pub fn new<G: Game>(
        signature: &str,
        solvers: Vec<SolverRecord>,
        seed: Option<u64>,
        profile: Option<&str>,
        shrunk: bool,
    ) -> Self {
        Meta {
            game: G::ID.name().to_string(),
            signature: signature.to_string(),
            description: auto_description(signature),
            earlier: None,
            solvers,
            seed,
            profile: profile.map(str::to_string),
            file: None,
            shrunk,
            version: env!("CARGO_PKG_VERSION").to_string(),
        }
    }
}

/// A hand-written description together with the input it was written
/// for, kept when a smaller exemplar replaced that input.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Earlier {
    pub description: String,
    pub input: String,
}

/// The description of an entry nobody has described yet.
fn auto_description(signature: &str) -> String {
    format!("divergence {signature}")
}

/// What of `entry` an exemplar replacing it keeps: its hand-written
/// description with its input, or what it kept itself.
fn earlier_of(entry: &Entry) -> Option<Earlier> {
    if entry.meta.description != auto_description(&entry.meta.signature) {
        return Some(Earlier {
            description: entry.meta.description.clone(),
            input: entry.input.clone(),
        });
    }
    entry.meta.earlier.clone()
}

/// Records every solver's run, in solver order.
pub fn records<G: Game>(
    solvers: &[SolverSpec],
    runs: &[Option<Run<G::Output>>],
) -> Vec<SolverRecord> {
    solvers
        .iter()
        .zip(runs)
        .map(|(s, r)| record::<G>(s, r.as_ref()))
        .collect()
}

/// How much of an external program's stdout a record keeps. A program may
/// print up to `Limits::max_output` (64 MB) on a small input; the corpus
/// only needs enough to show how it went wrong, and `verify` never re-reads
/// what a `cmd:` program printed.
pub const STORED_OUTPUT: usize = 64 << 10;

/// Records a run: the judge output as text (the port's raw stdout, the
/// engine's rendered output; an external program's first
/// [`STORED_OUTPUT`] bytes) or the fault.
pub fn record<G: Game>(spec: &SolverSpec, run: Option<&Run<G::Output>>) -> SolverRecord {
    match run {
        None => SolverRecord {
            solver: spec.to_string(),
            class: "n/a".into(),
            output: None,
            fault: None,
            stderr: None,
        },
        Some(run) => {
            let output = match (&run.result, &run.stdout) {
                (_, Some(raw)) if spec.is_program() => {
                    Some(match crate::show::head(raw, STORED_OUTPUT) {
                        (all, 0) => all.to_string(),
                        (kept, cut) => format!("{kept}\n… ({cut} more bytes not stored)\n"),
                    })
                }
                (_, Some(raw)) => Some(raw.clone()),
                (Ok(o), None) => Some(G::render_output(o)),
                (Err(_), None) => None,
            };
            SolverRecord {
                solver: spec.to_string(),
                class: run.class(),
                output,
                fault: run.result.as_ref().err().cloned(),
                stderr: run.stderr.clone(),
            }
        }
    }
}

/// One stored finding.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Path of the `.in` file.
    pub path: PathBuf,
    pub input: String,
    pub meta: Meta,
}

/// What `store` did.
#[derive(Debug, Clone)]
pub enum Stored {
    Added(PathBuf),
    /// A larger exemplar of the same signature was replaced.
    Replaced {
        old: PathBuf,
        new: PathBuf,
    },
    /// The same exemplar was stored unshrunk; it is now marked shrunk.
    MarkedShrunk(PathBuf),
    /// An exemplar at least as small was already stored.
    Known(PathBuf),
    /// Not stored: the entry of its name has unreadable metadata (a hand
    /// edit gone wrong, a damaged disk), which is left alone for the user
    /// to fix, with its input; said once on stderr.
    Blocked(PathBuf),
}

impl Stored {
    pub fn path(&self) -> &Path {
        match self {
            Stored::Added(p) | Stored::Known(p) | Stored::MarkedShrunk(p) | Stored::Blocked(p) => p,
            Stored::Replaced { new, .. } => new,
        }
    }

    /// What happened, as reports say it.
    pub fn describe(&self) -> &'static str {
        match self {
            Stored::Added(_) => "added",
            Stored::Replaced { .. } => "replaced a larger exemplar",
            Stored::MarkedShrunk(_) => "the same exemplar, now marked shrunk",
            Stored::Known(_) => "an exemplar as small is already stored",
            Stored::Blocked(_) => {
                "not stored: the entry of this name has unreadable metadata, left alone to fix or remove"
            }
        }
    }
}

/// A file-name-safe prefix derived from the signature.
pub fn slug(signature: &str) -> String {
    let mut s = String::new();
    for ch in signature.chars() {
        if ch.is_ascii_alphanumeric() {
            s.push(ch.to_ascii_lowercase());
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
        if s.len() >= 60 {
            break;
        }
    }
    let s = s.trim_end_matches('-').to_string();
    if s.is_empty() {
        "finding".into()
    } else {
        s
    }
}

/// The entry's base name (without extension) for this input text.
pub fn entry_name(signature: &str, input: &str) -> String {
    format!(
        "{}-{}",
        slug(signature),
        &format!("{:016x}", fnv1a64(input.as_bytes()))[..8]
    )
}

/// Stores a finding under `root/<game>/`, keeping one smallest exemplar per
/// signature in the order of [`smaller`] (shorter text first, then the
/// bytes): a smaller one replaces the stored ones, an equal one marks the
/// stored one shrunk if it now is, any other changes nothing. Larger
/// entries of the signature left by concurrent runs are removed. A
/// description stays with the input it describes: the exemplar kept
/// carries a removed one's hand-written description in `earlier`, beside
/// that input, unless it has one there already.
pub fn store(root: &Path, game: GameId, input: &str, mut meta: Meta) -> anyhow::Result<Stored> {
    let dir = root.join(game.name());
    fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let _lock = DirLock::new(&dir)?;
    remove_stale_temporaries(&dir);
    let mut same: Vec<Entry> = load_dir(&dir)?
        .into_iter()
        .filter(|e| e.meta.signature == meta.signature)
        .collect();
    same.sort_by(|a, b| (a.input.len(), &a.input).cmp(&(b.input.len(), &b.input)));
    let Some(old) = same.first() else {
        return Ok(match write_entry(&dir, input, &meta)? {
            Written::Entry(p) => Stored::Added(p),
            Written::Blocked(p) => Stored::Blocked(p),
        });
    };
    let stored = if smaller(input, &old.input) {
        if meta.earlier.is_none() {
            meta.earlier = same.iter().find_map(earlier_of);
        }
        match write_entry(&dir, input, &meta)? {
            Written::Entry(new) => Stored::Replaced {
                old: old.path.clone(),
                new,
            },
            // Nothing written: the stored exemplars stay as they are.
            Written::Blocked(p) => return Ok(Stored::Blocked(p)),
        }
    } else {
        let mut kept = old.meta.clone();
        let mark = input == old.input && meta.shrunk && !kept.shrunk;
        if mark {
            kept.shrunk = true;
            kept.solvers = meta.solvers;
        }
        let inherit = kept.earlier.is_none() && earlier_of(old).is_none();
        let inherited = match inherit {
            true => same[1..].iter().find_map(earlier_of),
            false => None,
        };
        if inherited.is_some() {
            kept.earlier = inherited;
        }
        if mark || kept.earlier != old.meta.earlier {
            // Its metadata was just read: nothing can block it.
            write_entry(&dir, &old.input, &kept)?;
        }
        match mark {
            true => Stored::MarkedShrunk(old.path.clone()),
            false => Stored::Known(old.path.clone()),
        }
    };
    for e in &same {
        if e.path != stored.path() {
            remove(&e.path.with_extension("json"))?;
            remove(&e.path)?;
        }
    }
    Ok(stored)
}

/// What [`write_entry`] did, naming the `.in` path.
enum Written {
    Entry(PathBuf),
    Blocked(PathBuf),
}

/// Writes an entry's input, then its metadata. Unreadable metadata under
/// the same name is not overwritten, nor its input: it may be a hand edit
/// gone wrong, which the user wants back; that is said once per file (the
/// readers already skip the entry with a warning) and nothing is written.
fn write_entry(dir: &Path, input: &str, meta: &Meta) -> anyhow::Result<Written> {
    let path_in = dir.join(format!("{}.in", entry_name(&meta.signature, input)));
    let path_json = path_in.with_extension("json");
    if let Ok(text) = fs::read_to_string(&path_json) {
        if let Err(e) = serde_json::from_str::<Meta>(&text) {
            let why = format!("skipped: parsing {}: {e}", path_json.display());
            warn_once(&path_in, &why);
            return Ok(Written::Blocked(path_in));
        }
    }
    let json = serde_json::to_string_pretty(meta)? + "\n";
    write_atomic(&path_in, input.as_bytes())?;
    write_atomic(&path_json, json.as_bytes())?;
    Ok(Written::Entry(path_in))
}

fn remove(p: &Path) -> anyhow::Result<()> {
    match fs::remove_file(p) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e).with_context(|| format!("removing {}", p.display())),
    }
}

/// An exclusive `flock` on a directory, held until dropped (or the
/// process dies, however it dies).
struct DirLock {
    _held: fs::File,
}

impl DirLock {
    fn new(dir: &Path) -> anyhow::Result<Self> {
        let f = fs::File::open(dir).with_context(|| format!("opening {}", dir.display()))?;
        loop {
            // SAFETY: flock on a descriptor we own.
            if unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX) } == 0 {
                return Ok(DirLock { _held: f });
            }
            let e = std::io::Error::last_os_error();
            if e.kind() != std::io::ErrorKind::Interrupted {
                return Err(e).with_context(|| format!("locking {}", dir.display()));
            }
        }
    }
}

/// Marks the temporary files of [`write_atomic`]: `.<name>.tmp-<pid>-<n>`.
const TMP: &str = ".tmp-";

/// Writes via a temporary file in the same directory and a rename.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let dir = path.parent().unwrap_or(Path::new("."));
    let tmp = dir.join(format!(
        ".{}{TMP}{}-{}",
        path.file_name().and_then(|n| n.to_str()).unwrap_or("entry"),
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let mut f = fs::File::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
    f.write_all(bytes)
        .and_then(|()| f.sync_all())
        .with_context(|| format!("writing {}", tmp.display()))?;
    fs::rename(&tmp, path).with_context(|| format!("renaming into {}", path.display()))?;
    Ok(())
}

/// The process that wrote a temporary file, if `name` is one.
fn temporary_owner(name: &str) -> Option<i32> {
    let rest = &name[name.rfind(TMP)? + TMP.len()..];
    rest.split('-').next()?.parse().ok()
}

fn process_alive(pid: i32) -> bool {
    // SAFETY: signal 0 only checks that the process exists.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

/// Removes the temporary files of processes that no longer run (killed
/// between creating and renaming one); those of live ones are being written.
fn remove_stale_temporaries(dir: &Path) {
    let Ok(rd) = fs::read_dir(dir) else { return };
    for e in rd.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if temporary_owner(&name).is_some_and(|p| !process_alive(p))
            && fs::remove_file(e.path()).is_ok()
        {
            warn_once(&e.path(), "a temporary file left by a killed run: removed");
        }
    }
}

/// Says something about a file on stderr, once per process and file.
fn warn_once(path: &Path, what: &str) {
    static WARNED: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());
    let mut warned = WARNED.lock().unwrap_or_else(|p| p.into_inner());
    if warned.insert(path.to_path_buf()) {
        crate::console::errln!("warning: corpus: {}: {what}", path.display());
    }
}

/// Loads one `.in` entry and its metadata.
pub fn load_entry(path_in: &Path) -> anyhow::Result<Entry> {
    let input =
        fs::read_to_string(path_in).with_context(|| format!("reading {}", path_in.display()))?;
    let json_path = path_in.with_extension("json");
    let json = fs::read_to_string(&json_path)
        .with_context(|| format!("reading the metadata {}", json_path.display()))?;
    let meta: Meta =
        serde_json::from_str(&json).with_context(|| format!("parsing {}", json_path.display()))?;
    Ok(Entry {
        path: path_in.to_path_buf(),
        input,
        meta,
    })
}

/// Every complete entry of one game directory, sorted by path; what is not
/// one (see the module comment) is reported once and skipped. A missing
/// directory is an empty corpus.
pub fn load_dir(dir: &Path) -> anyhow::Result<Vec<Entry>> {
    let mut out = Vec::new();
    let rd = match fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(e).with_context(|| format!("listing {}", dir.display())),
    };
    let mut paths: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        let name = p
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        if let Some(pid) = temporary_owner(&name) {
            if !process_alive(pid) {
                warn_once(&p, "a temporary file left by a killed run: skipped");
            }
            continue;
        }
        if name.starts_with('.') {
            continue;
        }
        match p.extension().and_then(|x| x.to_str()) {
            Some("in") => match load_entry(&p) {
                Ok(e) => out.push(e),
                Err(_) if !p.with_extension("json").exists() => {
                    warn_once(&p, "no metadata (.json) beside it: skipped")
                }
                Err(e) => warn_once(&p, &format!("skipped: {:#}", e)),
            },
            Some("json") if !p.with_extension("in").exists() => {
                warn_once(&p, "no input (.in) beside it: skipped")
            }
            _ => {}
        }
    }
    Ok(out)
}

/// The smallest entry of each signature (several can exist while
/// concurrent runs store the same finding).
pub fn smallest_by_signature(entries: Vec<Entry>) -> BTreeMap<String, Entry> {
    let mut out: BTreeMap<String, Entry> = BTreeMap::new();
    for e in entries {
        match out.get(&e.meta.signature) {
            Some(old) if !smaller(&e.input, &old.input) => {}
            _ => {
                out.insert(e.meta.signature.clone(), e);
            }
        }
    }
    out
}

/// Every entry under a corpus root, game by game.
pub fn load_all(root: &Path) -> anyhow::Result<Vec<Entry>> {
    let mut out = Vec::new();
    for g in GameId::ALL {
        out.extend(load_dir(&root.join(g.name()))?);
    }
    Ok(out)
}

/// The solvers an entry records, parsed.
pub fn entry_solvers(meta: &Meta) -> anyhow::Result<Vec<SolverSpec>> {
    meta.solvers
        .iter()
        .map(|r| r.solver.parse::<SolverSpec>().map_err(anyhow::Error::msg))
        .collect()
}

/// Re-runs an entry's in-process solvers side by side, as a comparison
/// runs them (the port's budget follows the engine's work), and checks
/// each still answers as recorded (same class, same typed output).
/// External programs are not re-run: they may not exist on this machine.
pub fn replay<G: Game>(entry: &Entry, limits: &crate::solver::Limits) -> anyhow::Result<()> {
    let input = crate::game::parse_valid::<G>(&entry.input)
        .with_context(|| format!("{} is no longer a valid input", entry.path.display()))?;
    let mut recorded = Vec::new();
    for rec in &entry.meta.solvers {
        let spec: SolverSpec = rec.solver.parse().map_err(anyhow::Error::msg)?;
        if !spec.is_program() {
            recorded.push((spec, rec));
        }
    }
    let specs: Vec<SolverSpec> = recorded.iter().map(|(s, _)| s.clone()).collect();
    let runs = crate::solver::run_all::<G>(&specs, &input, &entry.input, limits);
    for ((spec, rec), run) in recorded.into_iter().zip(runs) {
        let now = record::<G>(&spec, run.as_ref());
        if now.class != rec.class {
            bail!(
                "{}: {} now gives {} (recorded {})",
                entry.path.display(),
                rec.solver,
                now.class,
                rec.class
            );
        }
        if let (Some(Ok(out)), Some(recorded)) = (run.as_ref().map(|r| &r.result), &rec.output) {
            let recorded = G::parse_output(recorded).map_err(|e| {
                anyhow::anyhow!("recorded output of {} does not parse: {e}", rec.solver)
            })?;
            if &recorded != out {
                bail!(
                    "{}: {} now answers\n{}\nbut recorded\n{}",
                    entry.path.display(),
                    rec.solver,
                    G::render_output(out),
                    G::render_output(&recorded)
                );
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
