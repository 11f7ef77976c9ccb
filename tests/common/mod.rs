//! What every command-line test needs: run the built binary and read its
//! output. A panic is never an acceptable way for a command to fail.
//! (Each test crate uses its own part of this module.)
#![allow(dead_code)]

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs `gamefuzz args` with `stdin` on its standard input, in the crate
/// root, and fails the test if the command panicked.
pub fn gamefuzz(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamefuzz"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run gamefuzz");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let data = stdin.as_ref().to_vec();
    // Written from a thread: a command may print before it reads everything.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait for gamefuzz");
    writer.join().expect("stdin writer");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains("panicked"),
        "gamefuzz {args:?} panicked:\n{err}"
    );
    out
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Writes an executable shell script `dir/name` running `body`.
pub fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

/// Counts the xiangqi cases on stdin (headers `N r c`, then N piece lines,
/// `0 0 0` at the end).
pub const COUNT_CASES: &str = r#"awk 'NF == 0 { next } { if (left > 0) { left--; next } if ($1 == 0) exit; c++; left = $1 } END { print c + 0 }'"#;

/// A wrong xiangqi solution: YES for every case.
pub fn always_yes(dir: &Path) -> PathBuf {
    script(
        dir,
        "yes.sh",
        &format!("n=$({COUNT_CASES})\ni=0\nwhile [ $i -lt $n ]; do echo YES; i=$((i+1)); done"),
    )
}
