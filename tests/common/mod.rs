//! What every command-line test needs: run the built binary and read its
//! output. A panic is never an acceptable way for a command to fail.
//! (Each test crate uses its own part of this module.)
#![allow(dead_code)]

use std::io::Write;
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
