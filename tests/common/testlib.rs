//! The games' testlib programs as the tests run them: built with Luogu's
//! flags and warnings as errors (the build is cached, so the test binaries
//! that use one build it once), run with a time limit, and held to the
//! Rust validator's verdict and rule.

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use gamefuzz::game::{Game, GameId};
use gamefuzz::testlib;
use wait_timeout::ChildExt;

/// A program that takes longer has a bug: the largest valid file takes
/// well under a second.
const TIMEOUT: Duration = Duration::from_secs(20);

/// What a refusal may print: one line, never the input.
const MAX_REASON_BYTES: usize = 600;

/// `source` built as `name` with `flags`; `None` (outside CI only) when
/// g++ cannot be run. A source g++ refuses fails the test.
pub fn build(name: &str, source: &str, flags: &[&str]) -> Option<PathBuf> {
    match testlib::build(name, source, flags) {
        Ok(Ok(bin)) => Some(bin),
        Ok(Err(complaint)) => panic!("g++ failed on {name}:\n{complaint}"),
        Err(e) => super::skip(&format!("g++ cannot be run ({e})")),
    }
}

/// `game`'s testlib validator, built strictly.
pub fn validator(game: GameId) -> Option<PathBuf> {
    build(
        &format!("{game}_validator.cpp"),
        testlib::validator_source(game),
        testlib::STRICT_FLAGS,
    )
}

/// The checker a package of `game` carries, built with Luogu's flags
/// exactly (one name for every checker, so that the games sharing one
/// share its build).
pub fn checker(game: GameId) -> Option<PathBuf> {
    build(
        "checker.cpp",
        testlib::checker_source(game),
        testlib::LUOGU_FLAGS,
    )
}

/// `program args < stdin`: its exit code and what it wrote on stdout and
/// stderr. A run past `TIMEOUT` or ended by a signal fails the test.
pub fn run(program: &Path, args: &[&Path], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("start the program");
    let mut pipe = child.stdin.take().expect("piped stdin");
    let data = stdin.to_vec();
    // Fed and drained from threads, so that the program never blocks on a
    // pipe whatever it reads or writes.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&data);
    });
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("piped stdout")));
    let err = drain(Box::new(child.stderr.take().expect("piped stderr")));
    let Some(status) = child.wait_timeout(TIMEOUT).expect("wait for the program") else {
        let _ = child.kill();
        let _ = child.wait();
        panic!("{} ran longer than {TIMEOUT:?}", program.display());
    };
    writer.join().expect("stdin writer");
    let (out, err) = (out.join().expect("stdout"), err.join().expect("stderr"));
    let code = status
        .code()
        .unwrap_or_else(|| panic!("{} ended with {status}", program.display()));
    (code, out, err)
}

/// The testlib validator's verdict on `input`: `Ok` for exit 0, the reason
/// (`FAIL ...`) for testlib's refusal. Anything else, or a refusal that is
/// not one short line, fails the test.
pub fn verdict(validator: &Path, input: &[u8]) -> Result<(), String> {
    let (code, out, err) = run(validator, &[], input);
    assert!(
        out.is_empty(),
        "the testlib validator wrote {out:?} on stdout"
    );
    match code {
        0 => {
            assert!(err.is_empty(), "exit 0 with a message: {err}");
            Ok(())
        }
        testlib::INVALID => {
            assert!(
                err.starts_with("FAIL ")
                    && err.ends_with('\n')
                    && err.matches('\n').count() == 1
                    && err.len() <= MAX_REASON_BYTES,
                "a testlib refusal is one short FAIL line, got {err:?}"
            );
            Err(err.trim_end().to_string())
        }
        other => panic!("the testlib validator exited with {other}: {err}"),
    }
}

/// Where the testlib validator and `kattis::verdict` part on `input`:
/// their verdicts differ, or both refuse a file written in canonical
/// layout whose first broken rule (`Game::validate`) the testlib message
/// does not name. `None` when they agree.
pub fn parting<G: Game>(validator: &Path, input: &[u8]) -> Option<String> {
    let rust = gamefuzz::kattis::verdict::<G>(input);
    let tl = verdict(validator, input);
    if rust.is_ok() != tl.is_ok() {
        return Some(format!(
            "validate --kattis says {rust:?}, the testlib validator {tl:?}"
        ));
    }
    let (Err(_), Err(said)) = (&rust, &tl) else {
        return None;
    };
    let text = std::str::from_utf8(input).ok()?;
    let parsed = G::parse(text).ok()?;
    if G::render(&parsed) != text {
        return None;
    }
    let broken = G::validate(&parsed).err()?;
    let want = format!("FAIL rule {}: ", broken.rule);
    (!said.starts_with(&want)).then(|| {
        format!(
            "validate --kattis refuses by rule {} ({broken}), the testlib validator says {said:?}",
            broken.rule
        )
    })
}
