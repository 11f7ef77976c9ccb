//! How a package is laid out on disk, and writing it there without ever
//! leaving half a package behind.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use super::{Package, Test};

/// How the package is laid out on disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Layout {
    /// problem.yaml, data/sample, data/secret (with `.desc` files) and an
    /// input validator, as `verifyproblem` expects.
    Kattis,
    /// NN.in / NN.ans, samples first, and tests.txt with one line per test.
    Plain,
}

/// A name-based (version 5) UUID: the same game always gets the same
/// problem id, so packages of one version are byte-identical.
fn uuid_v5(name: &str) -> String {
    // The RFC 4122 URL namespace.
    const NAMESPACE: [u8; 16] = [
        0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30,
        0xc8,
    ];
    let mut data = NAMESPACE.to_vec();
    data.extend_from_slice(name.as_bytes());
    let hex = crate::fuzz::sha1_hex(&data);
    let mut b: Vec<u8> = (0..16)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).expect("hex digest"))
        .collect();
    b[6] = (b[6] & 0x0f) | 0x50;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

/// A file of the package: path relative to its root, bytes, executable.
type File = (PathBuf, Vec<u8>, bool);

fn files(p: &Package, layout: Layout) -> Vec<File> {
    let mut out: Vec<File> = Vec::new();
    let mut add = |path: String, text: String, exec: bool| {
        out.push((PathBuf::from(path), text.into_bytes(), exec))
    };
    match layout {
        Layout::Kattis => kattis_files(p, &mut add),
        Layout::Plain => plain_files(p, &mut add),
    }
    out
}

/// problem.yaml, data/ and the input validator that calls `gamefuzz validate`.
fn kattis_files(p: &Package, add: &mut impl FnMut(String, String, bool)) {
    let game = p.game.name();
    add(
        "problem.yaml".into(),
        format!(
            "{}.\n\
             # Set license and rights_owner before publishing.\n\
             license: unknown\n\
             uuid: {}\n",
            header(p),
            uuid_v5(&format!("https://gamefuzz/{game}"))
        ),
        false,
    );
    for t in &p.samples {
        add(format!("data/sample/{}.in", t.name), t.input.clone(), false);
        add(
            format!("data/sample/{}.ans", t.name),
            t.answer.clone(),
            false,
        );
    }
    for t in &p.secret {
        add(format!("data/secret/{}.in", t.name), t.input.clone(), false);
        add(
            format!("data/secret/{}.ans", t.name),
            t.answer.clone(),
            false,
        );
        add(
            format!("data/secret/{}.desc", t.name),
            format!("{}\n", t.about),
            false,
        );
    }
    add(
        "input_validators/gamefuzz/build".into(),
        "#!/bin/sh\n\
         # Nothing to compile: `run` calls gamefuzz, which must be on PATH\n\
         # (or named by $GAMEFUZZ) where the package is verified.\n\
         exit 0\n"
            .into(),
        true,
    );
    add(
        "input_validators/gamefuzz/run".into(),
        format!(
            "#!/bin/sh\n\
             # Exit 42 if stdin is a valid `{game}` input in canonical layout, 43 if not.\n\
             exec \"${{GAMEFUZZ:-gamefuzz}}\" validate {game} --kattis\n"
        ),
        true,
    );
}

/// NN.in / NN.ans, samples first, and the index tests.txt.
fn plain_files(p: &Package, add: &mut impl FnMut(String, String, bool)) {
    let all: Vec<&Test> = p.tests().collect();
    let width = all.len().to_string().len().max(2);
    let mut index = format!("{}; one line per test.\n", header(p));
    for (i, t) in all.iter().enumerate() {
        let n = format!("{:0width$}", i + 1);
        add(format!("{n}.in"), t.input.clone(), false);
        add(format!("{n}.ans"), t.answer.clone(), false);
        let kind = if i < p.samples.len() {
            "sample"
        } else {
            "secret"
        };
        writeln!(index, "{n} {kind} {}: {}", t.name, t.about).expect("string");
    }
    add("tests.txt".into(), index, false);
}

/// The first line of every package's `problem.yaml` or `tests.txt`:
/// `--force` replaces only a directory that carries it.
const MARK: &str = "# gamefuzz package";

fn header(p: &Package) -> String {
    format!(
        "{MARK}: test data for `{}` (gamefuzz {}, seed {})",
        p.game,
        env!("CARGO_PKG_VERSION"),
        p.seed
    )
}

/// Whether `dir` holds a package this tool wrote.
fn is_package(dir: &Path) -> bool {
    ["problem.yaml", "tests.txt"]
        .iter()
        .any(|f| fs::read_to_string(dir.join(f)).is_ok_and(|t| t.starts_with(MARK)))
}

/// Removes a staging directory unless the package was moved into place.
struct Staging(Option<PathBuf>);

impl Drop for Staging {
    fn drop(&mut self) {
        if let Some(dir) = self.0.take() {
            let _ = fs::remove_dir_all(dir);
        }
    }
}

/// Writes the package to `out`. The package is built in a fresh hidden
/// directory beside `out` and moved into place, so an interrupted run never
/// leaves half a package in `out`. An existing non-empty `out` is replaced
/// only with `force`, only if it is a package this tool wrote, and never if
/// it holds one of `keep` (the working directory, the corpus).
pub fn write(
    p: &Package,
    layout: Layout,
    out: &Path,
    force: bool,
    keep: &[&Path],
) -> anyhow::Result<()> {
    // `q/.` names `q`; `.`, `..` and `/` name no package directory.
    let out: PathBuf = out.components().collect();
    let name = match out.components().next_back() {
        Some(std::path::Component::Normal(n)) => n.to_string_lossy().into_owned(),
        _ => bail!("--out {}: name the package directory itself", out.display()),
    };
    check_replaceable(&out, force, keep)?;
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&parent).with_context(|| format!("creating {}", parent.display()))?;
    let staging = stage(&parent, &name, files(p, layout))?;
    move_into_place(staging, &parent, &name, &out)
}

/// Refuses to write into a non-empty `out` unless `force` is given, `out`
/// is a package this tool wrote and it holds none of `keep`.
fn check_replaceable(out: &Path, force: bool, keep: &[&Path]) -> anyhow::Result<()> {
    let occupied = match fs::read_dir(out) {
        Ok(mut rd) => rd.next().is_some(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
        Err(e) => return Err(e).with_context(|| format!("reading {}", out.display())),
    };
    if !occupied {
        return Ok(());
    }
    if !force {
        bail!(
            "{} exists and is not empty; pass --force to replace it",
            out.display()
        );
    }
    if !is_package(out) {
        bail!(
            "{} is not a package written by gamefuzz; refusing to replace it",
            out.display()
        );
    }
    let whole = out
        .canonicalize()
        .with_context(|| format!("reading {}", out.display()))?;
    for k in keep {
        if k.canonicalize().is_ok_and(|k| k.starts_with(&whole)) {
            bail!(
                "replacing {} would delete {}; refusing",
                out.display(),
                k.display()
            );
        }
    }
    Ok(())
}

/// Writes `files` into a fresh hidden directory in `parent`.
fn stage(parent: &Path, name: &str, files: Vec<File>) -> anyhow::Result<Staging> {
    let mut staging = Staging(None);
    for n in 0u32.. {
        let dir = parent.join(format!(".{name}.partial-{}-{n}", std::process::id()));
        match fs::create_dir(&dir) {
            Ok(()) => {
                staging.0 = Some(dir);
                break;
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e).with_context(|| format!("creating {}", dir.display())),
        }
    }
    let dir = staging.0.clone().expect("a staging directory");
    for (rel, bytes, exec) in files {
        let path = dir.join(rel);
        let sub = path.parent().expect("inside the package");
        fs::create_dir_all(sub).with_context(|| format!("creating {}", sub.display()))?;
        fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))?;
        if exec {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&path, fs::Permissions::from_mode(0o755))
                .with_context(|| format!("making {} executable", path.display()))?;
        }
    }
    Ok(staging)
}

/// Renames the staged package to `out`; an existing `out` is moved aside
/// first and put back if the rename fails.
fn move_into_place(
    mut staging: Staging,
    parent: &Path,
    name: &str,
    out: &Path,
) -> anyhow::Result<()> {
    let dir = staging.0.clone().expect("a staging directory");
    let old = parent.join(format!(".{name}.old-{}", std::process::id()));
    let _ = fs::remove_dir_all(&old);
    let replacing = out.exists();
    if replacing {
        fs::rename(out, &old).with_context(|| format!("moving {} aside", out.display()))?;
    }
    if let Err(e) = fs::rename(&dir, out) {
        if replacing {
            let _ = fs::rename(&old, out);
        }
        return Err(e).with_context(|| format!("moving the package to {}", out.display()));
    }
    staging.0 = None;
    if replacing {
        fs::remove_dir_all(&old).with_context(|| format!("removing {}", old.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuid_v5_agrees_with_an_independent_implementation() {
        // Python: uuid.uuid5(uuid.NAMESPACE_URL, "https://gamefuzz/x").
        assert_eq!(
            uuid_v5("https://gamefuzz/x"),
            "88fb96d5-a9d5-57bd-8358-9e34da113f5c"
        );
    }
}
