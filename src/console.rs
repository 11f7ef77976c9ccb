//! The command line's two output streams, written so that a reader that
//! goes away (`gamefuzz diff all | head -1`, `2>&1 | head -3`) changes
//! nothing but what is shown: no panic (`eprintln!` panics on a closed
//! stderr), no exit from the middle of a run, and the exit code still says
//! what the run found. Once a stream is closed nothing more is written to
//! it; long commands ask [`out_closed`] and stop early where their output
//! is all they are for.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

static OUT_CLOSED: AtomicBool = AtomicBool::new(false);
static ERR_CLOSED: AtomicBool = AtomicBool::new(false);

/// Whether stdout's reader has gone (a closed pipe): what is left to print
/// would reach nobody.
pub fn out_closed() -> bool {
    OUT_CLOSED.load(Ordering::SeqCst)
}

/// Writes `s` to stdout and flushes it. A closed pipe is remembered and
/// what follows is dropped; any other write error (a full disk) ends the
/// process with exit 2, since a report cut short without notice would be
/// read as whole.
pub fn out(s: &str) {
    if out_closed() {
        return;
    }
    let mut o = io::stdout().lock();
    if let Err(e) = o.write_all(s.as_bytes()).and_then(|()| o.flush()) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            OUT_CLOSED.store(true, Ordering::SeqCst);
            return;
        }
        err(&format!("error: writing to stdout: {e}\n"));
        std::process::exit(2);
    }
}

/// Writes `s` to stderr, which carries progress and warnings: a stream
/// that cannot be written (closed, full) is given up silently, as there is
/// nowhere left to say so.
pub fn err(s: &str) {
    if ERR_CLOSED.load(Ordering::SeqCst) {
        return;
    }
    let mut e = io::stderr().lock();
    if e.write_all(s.as_bytes()).and_then(|()| e.flush()).is_err() {
        ERR_CLOSED.store(true, Ordering::SeqCst);
    }
}

/// `eprintln!` that never panics: a line to stderr through [`err`].
macro_rules! errln {
    () => { $crate::console::err("\n") };
    ($($t:tt)*) => { $crate::console::err(&(format!($($t)*) + "\n")) };
}

/// `eprint!` that never panics.
macro_rules! errs {
    ($($t:tt)*) => { $crate::console::err(&format!($($t)*)) };
}

pub(crate) use {errln, errs};
