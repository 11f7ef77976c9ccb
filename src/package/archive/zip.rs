//! Zip files as the judges take them: written the same way every time (the
//! same entries in the same order, every time stamp the zip format's
//! earliest, deflated by the same library), so that a package is a
//! function of its tests, and read back whole into memory, within a bound,
//! for `check` and `coverage`.

use std::io::{Cursor, Read, Write};

use anyhow::{bail, Context};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipArchive, ZipWriter};

use super::Entry;

/// What reading a zip holds in memory at most: far above any package
/// (a generals package holds about 40 MB of tests), far below what a
/// crafted archive could claim.
const MAX_UNPACKED: u64 = 1 << 30;

/// `entries` in their order, deflated, with `comment` as the archive's.
pub(super) fn write(entries: &[Entry], comment: &str) -> anyhow::Result<Vec<u8>> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .last_modified_time(DateTime::default())
        .unix_permissions(0o644)
        .large_file(false);
    for e in entries {
        zip.start_file(e.path.as_str(), options)
            .with_context(|| format!("zipping {}", e.path))?;
        zip.write_all(&e.bytes)
            .with_context(|| format!("zipping {}", e.path))?;
    }
    zip.set_comment(comment)?;
    Ok(zip.finish().context("finishing the zip")?.into_inner())
}

/// A zip read back: its files in archive order, the folders it lists as
/// entries of their own, and its comment.
pub(super) struct Unzipped {
    pub files: Vec<Entry>,
    pub folders: Vec<String>,
    pub comment: String,
}

/// Reads every file of the zip `bytes` into memory.
pub(super) fn read(bytes: &[u8]) -> anyhow::Result<Unzipped> {
    let mut zip = ZipArchive::new(Cursor::new(bytes)).context("not a zip file")?;
    let comment = String::from_utf8_lossy(zip.comment()).into_owned();
    let mut files = Vec::new();
    let mut folders = Vec::new();
    let mut total = 0u64;
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).context("reading the zip")?;
        let path = f.name().context("reading the zip")?.into_owned();
        if f.is_dir() {
            folders.push(path);
            continue;
        }
        // What an entry says of its size is not trusted: the bytes are.
        let left = MAX_UNPACKED - total;
        let mut data = Vec::with_capacity(f.size().min(left) as usize);
        (&mut f)
            .take(left + 1)
            .read_to_end(&mut data)
            .with_context(|| format!("unzipping {path}"))?;
        total += data.len() as u64;
        if total > MAX_UNPACKED {
            bail!("the zip unpacks to more than {MAX_UNPACKED} bytes, more than any package holds");
        }
        files.push(Entry { path, bytes: data });
    }
    Ok(Unzipped {
        files,
        folders,
        comment,
    })
}

/// Whether `bytes` start as a zip file does (a local file header, or the
/// end record of an empty archive); no judge input starts so.
pub(super) fn looks_like_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06")
}
