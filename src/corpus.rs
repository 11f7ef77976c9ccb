//! The content-addressed store of findings.
//!
//! `corpus/<game>/<slug>-<hash8>.in` holds the judge input exactly (the
//! source of truth); `<same>.json` beside it holds the metadata. Names
//! depend only on the signature and the content, so corpora from many
//! machines merge by plain union, and every write is atomic (temp file +
//! rename), so an interrupted run never leaves a half-written entry.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

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
}

/// The `.json` beside every corpus input.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Meta {
    pub game: String,
    pub signature: String,
    /// One line naming the rule involved; kept when a smaller exemplar of
    /// the same signature replaces this one.
    pub description: String,
    pub solvers: Vec<SolverRecord>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub profile: Option<String>,
    pub version: String,
}

impl Meta {
    pub fn new<G: Game>(
        signature: &str,
        solvers: &[SolverSpec],
        runs: &[Option<Run<G::Output>>],
        seed: Option<u64>,
        profile: Option<&str>,
    ) -> Self {
        let records = solvers
            .iter()
            .zip(runs)
            .map(|(s, r)| record::<G>(s, r.as_ref()))
            .collect();
        Meta {
            game: G::ID.name().to_string(),
            signature: signature.to_string(),
            description: format!("divergence {signature}"),
            solvers: records,
            seed,
            profile: profile.map(str::to_string),
            version: env!("CARGO_PKG_VERSION").to_string(),
        }
    }
}

/// Records a run: the judge output as text (the port's raw stdout, the
/// engine's rendered output) or the fault.
pub fn record<G: Game>(spec: &SolverSpec, run: Option<&Run<G::Output>>) -> SolverRecord {
    match run {
        None => SolverRecord {
            solver: spec.to_string(),
            class: "n/a".into(),
            output: None,
            fault: None,
        },
        Some(run) => {
            let output = match (&run.result, &run.stdout) {
                (_, Some(raw)) => Some(raw.clone()),
                (Ok(o), None) => Some(G::render_output(o)),
                (Err(_), None) => None,
            };
            SolverRecord {
                solver: spec.to_string(),
                class: run.class(),
                output,
                fault: run.result.as_ref().err().cloned(),
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
    /// An exemplar at least as small was already stored.
    Known(PathBuf),
}

impl Stored {
    pub fn path(&self) -> &Path {
        match self {
            Stored::Added(p) | Stored::Known(p) => p,
            Stored::Replaced { new, .. } => new,
        }
    }
}

/// Appended to a description carried over to a smaller exemplar.
pub const EARLIER: &str = " (described on an earlier, larger exemplar)";

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
/// signature.
pub fn store(root: &Path, game: GameId, input: &str, mut meta: Meta) -> anyhow::Result<Stored> {
    let dir = root.join(game.name());
    fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let existing = load_dir(&dir)?
        .into_iter()
        .find(|e| e.meta.signature == meta.signature);
    if let Some(old) = &existing {
        if !smaller(input, &old.input) {
            return Ok(Stored::Known(old.path.clone()));
        }
        // The description was written for the old exemplar: keep it (it
        // names the rule), but say so, since details may not carry over.
        meta.description = old.meta.description.clone();
        if !meta.description.ends_with(EARLIER) {
            meta.description.push_str(EARLIER);
        }
    }
    let name = entry_name(&meta.signature, input);
    let path_in = dir.join(format!("{name}.in"));
    let json = serde_json::to_string_pretty(&meta)? + "\n";
    write_atomic(&path_in, input.as_bytes())?;
    write_atomic(&path_in.with_extension("json"), json.as_bytes())?;
    match existing {
        Some(old) if old.path != path_in => {
            remove(&old.path.with_extension("json"))?;
            remove(&old.path)?;
            Ok(Stored::Replaced {
                old: old.path,
                new: path_in,
            })
        }
        Some(_) => Ok(Stored::Known(path_in)),
        None => Ok(Stored::Added(path_in)),
    }
}

fn remove(p: &Path) -> anyhow::Result<()> {
    match fs::remove_file(p) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e).with_context(|| format!("removing {}", p.display())),
    }
}

/// Writes via a temporary file in the same directory and a rename.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let tmp = dir.join(format!(
        ".{}.tmp-{}-{:?}",
        path.file_name().and_then(|n| n.to_str()).unwrap_or("entry"),
        std::process::id(),
        std::thread::current().id()
    ));
    let mut f = fs::File::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
    f.write_all(bytes)
        .and_then(|()| f.sync_all())
        .with_context(|| format!("writing {}", tmp.display()))?;
    fs::rename(&tmp, path).with_context(|| format!("renaming into {}", path.display()))?;
    Ok(())
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

/// Every entry of one game directory, sorted by path. A missing directory
/// is an empty corpus.
pub fn load_dir(dir: &Path) -> anyhow::Result<Vec<Entry>> {
    let mut out = Vec::new();
    let rd = match fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(e).with_context(|| format!("listing {}", dir.display())),
    };
    let mut paths: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    paths.sort();
    for p in paths {
        out.push(load_entry(&p)?);
    }
    Ok(out)
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

/// Re-runs an entry's in-process solvers and checks each still answers as
/// recorded (same class, same typed output). External programs are not
/// re-run: they may not exist on this machine.
pub fn replay<G: Game>(entry: &Entry, limits: &crate::solver::Limits) -> anyhow::Result<()> {
    let input = crate::game::parse_valid::<G>(&entry.input)
        .with_context(|| format!("{} is no longer a valid input", entry.path.display()))?;
    for rec in &entry.meta.solvers {
        let spec: SolverSpec = rec.solver.parse().map_err(anyhow::Error::msg)?;
        if matches!(spec, SolverSpec::Cmd(_)) {
            continue;
        }
        let run = crate::solver::run::<G>(&spec, &input, &entry.input, limits);
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
mod tests {
    use super::*;

    fn meta(sig: &str, description: &str) -> Meta {
        Meta {
            game: "xiangqi".into(),
            signature: sig.into(),
            description: description.into(),
            solvers: Vec::new(),
            seed: Some(1),
            profile: None,
            version: "test".into(),
        }
    }

    fn files(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn one_smallest_exemplar_per_signature_and_descriptions_survive() {
        let root = tempfile::tempdir().unwrap();
        let g = GameId::Xiangqi;
        let dir = root.path().join("xiangqi");
        let first = store(
            root.path(),
            g,
            "a longer input\n",
            meta("s1", "the horse leg rule"),
        )
        .unwrap();
        assert!(matches!(first, Stored::Added(_)));
        // Larger or equal: the stored one stays.
        let again = store(root.path(), g, "an even longer input\n", meta("s1", "auto")).unwrap();
        assert!(matches!(again, Stored::Known(_)));
        let same = store(root.path(), g, "a longer input\n", meta("s1", "auto")).unwrap();
        assert!(matches!(same, Stored::Known(_)));
        assert_eq!(files(&dir).len(), 2);
        // Smaller: replaces, and keeps the description written for the rule.
        let smaller = store(root.path(), g, "short\n", meta("s1", "auto")).unwrap();
        let Stored::Replaced { old, new } = smaller else {
            panic!("expected a replacement")
        };
        assert!(!old.exists() && new.exists());
        let e = load_entry(&new).unwrap();
        assert_eq!(e.input, "short\n");
        assert_eq!(e.meta.description, format!("the horse leg rule{EARLIER}"));
        // A second replacement does not stack the note.
        let Stored::Replaced { new, .. } =
            store(root.path(), g, "tiny\n", meta("s1", "auto")).unwrap()
        else {
            panic!("expected a replacement")
        };
        assert_eq!(
            load_entry(&new).unwrap().meta.description,
            format!("the horse leg rule{EARLIER}")
        );
        // Another signature is another entry.
        store(root.path(), g, "short\n", meta("s2", "other")).unwrap();
        assert_eq!(files(&dir).len(), 4);
        assert_eq!(load_dir(&dir).unwrap().len(), 2);
        assert!(
            files(&dir).iter().all(|f| !f.starts_with('.')),
            "no temporary files left"
        );
    }

    #[test]
    fn a_corrupt_entry_is_an_error_not_a_silent_skip() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("xiangqi");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("x-00000000.in"), "1\n").unwrap();
        fs::write(dir.join("x-00000000.json"), "{ not json").unwrap();
        assert!(load_dir(&dir).is_err());
        assert!(store(root.path(), GameId::Xiangqi, "2\n", meta("s", "d")).is_err());
        assert_eq!(
            fs::read_to_string(dir.join("x-00000000.in")).unwrap(),
            "1\n",
            "nothing saved is touched"
        );
    }

    #[test]
    fn slugs_are_file_name_safe_and_stable() {
        assert_eq!(
            slug("engine:ok reference:ok YES/NO"),
            "engine-ok-reference-ok-yes-no"
        );
        assert_eq!(slug("::"), "finding");
        assert!(slug(&"x".repeat(200)).len() <= 60);
        assert_eq!(entry_name("a", "text"), entry_name("a", "text"));
        assert_ne!(entry_name("a", "text"), entry_name("a", "text2"));
    }
}
