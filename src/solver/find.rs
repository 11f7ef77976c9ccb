//! Finding the program a command names, as a shell and the kernel find
//! it: a bare name through `PATH`, a script through its `#!` line. Kept
//! apart from running solvers because it asks the system what exists, and
//! the commands ask it up front, before any run.

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// The file a program name starts: a name with a slash is a path, a bare
/// name is searched in `PATH` (an empty entry is the working directory).
pub fn find_program(name: &str) -> Result<PathBuf, String> {
    if name.contains('/') {
        let p = Path::new(name);
        let why = match std::fs::metadata(p) {
            Err(_) => "no such file",
            Ok(m) if !m.is_file() => "not a file",
            Ok(_) if !executable(p) => "not executable",
            Ok(_) => return Ok(p.to_path_buf()),
        };
        return Err(format!("no executable program at {name} ({why})"));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| match dir.as_os_str().is_empty() {
            true => Path::new(".").join(name),
            false => dir.join(name),
        })
        .find(|p| p.is_file() && executable(p))
        .ok_or_else(|| format!("no executable program {name} in PATH"))
}

/// Refuses a script whose `#!` line names an interpreter that is not
/// there: the system could start it on no input, and every run would be a
/// fault of the same cause. With `/usr/bin/env`, the program it looks up
/// in `PATH` is checked too.
pub(super) fn interpreter_found(script: &Path) -> Result<(), String> {
    let mut head = [0u8; 256];
    let n = std::fs::File::open(script)
        .and_then(|mut f| std::io::Read::read(&mut f, &mut head))
        .unwrap_or(0);
    let Some(line) = head[..n].strip_prefix(b"#!") else {
        return Ok(());
    };
    let line = line.split(|&b| b == b'\n').next().unwrap_or_default();
    let line = String::from_utf8_lossy(line);
    let mut words = line.split_whitespace();
    let Some(interpreter) = words.next() else {
        return Err("its #! line names no interpreter".into());
    };
    let p = Path::new(interpreter);
    if !p.is_file() || !executable(p) {
        return Err(format!(
            "its interpreter {interpreter} (from its #! line) is not an executable file"
        ));
    }
    if p.file_name().is_some_and(|n| n == "env") {
        // `env` options (-S, -i, NAME=VALUE) are left to it.
        if let Some(program) = words
            .next()
            .filter(|w| !w.starts_with('-') && !w.contains('='))
        {
            find_program(program).map_err(|why| format!("its #! line runs {program}: {why}"))?;
        }
    }
    Ok(())
}

/// Whether this process may execute `p`.
fn executable(p: &Path) -> bool {
    let Ok(c) = CString::new(p.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: `c` is a valid NUL-terminated string for the call.
    unsafe { libc::access(c.as_ptr(), libc::X_OK) == 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_are_found_like_a_shell_finds_them() {
        assert!(find_program("sh").unwrap().is_absolute());
        assert!(find_program("no-such-program-anywhere").is_err());
        assert!(find_program("./no/such/file").is_err());
        assert!(find_program("/").is_err());
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("plain");
        std::fs::write(&p, "#!/bin/sh\n").unwrap();
        let e = find_program(p.to_str().unwrap()).unwrap_err();
        assert!(e.ends_with("(not executable)"), "{e}");
    }
}
