//! The games' programs on testlib, the library the validators and checkers
//! of Polygon, Luogu, HydroOJ and UOJ are written against: each game's
//! input validator (`Game::TESTLIB_VALIDATOR`), the checkers
//! (`Game::CHECKER`, else [`TOKENS_CHECKER`]), the vendored `testlib.h`
//! (`vendor/testlib/`, pinned and unmodified) and building them with a
//! judge's flags, once per content into the build cache.
//!
//! A testlib validator reads its input on stdin and exits 0 when it is
//! valid, [`INVALID`] with `FAIL <reason>` on stderr otherwise; a checker
//! runs as `checker INPUT OUTPUT ANSWER` and exits 0 to accept.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::game::{Game, GameId, Visit};
use crate::source::fnv1a64;

/// The name every source includes testlib by.
pub const HEADER_FILE: &str = "testlib.h";

/// testlib.h itself, as vendored.
pub const HEADER: &str = include_str!("../vendor/testlib/testlib.h");

/// The checker of the games whose judges compare answers token by token:
/// the behaviour of testlib's standard `wcmp`, written here.
pub const TOKENS_CHECKER: &str = include_str!("games/checker_tokens.cpp");

/// What a testlib validator exits with on an invalid input (testlib's
/// `FAIL_EXIT_CODE`: validators report every refusal as `_fail`).
pub const INVALID: i32 = 3;

/// How Luogu builds a special judge, exactly (`g++ -fno-asm -std=c++14
/// -O2`, luogu-dev/docs `docs/manual/luogu/problem/special-judge.md`): the
/// strictest standard any of the judges builds these programs with.
pub const LUOGU_FLAGS: &[&str] = &["-fno-asm", "-std=c++14", "-O2"];

/// Luogu's flags with warnings as errors: how the tests hold the sources
/// to C++14 and to clean code (testlib.h itself builds clean with them).
pub const STRICT_FLAGS: &[&str] = &[
    "-fno-asm",
    "-std=c++14",
    "-O2",
    "-Wall",
    "-Wextra",
    "-Werror",
];

/// `game`'s testlib input validator.
pub fn validator_source(game: GameId) -> &'static str {
    struct Source;
    impl Visit for Source {
        type Out = &'static str;
        fn visit<G: Game>(self) -> &'static str {
            G::TESTLIB_VALIDATOR
        }
    }
    game.dispatch(Source)
}

/// `game`'s own checker, where comparing tokens is not its judge's rule.
pub fn own_checker(game: GameId) -> Option<&'static str> {
    struct Source;
    impl Visit for Source {
        type Out = Option<&'static str>;
        fn visit<G: Game>(self) -> Option<&'static str> {
            G::CHECKER
        }
    }
    game.dispatch(Source)
}

/// The checker a package carries where it carries one: the game's own,
/// else the token comparison.
pub fn checker_source(game: GameId) -> &'static str {
    own_checker(game).unwrap_or(TOKENS_CHECKER)
}

/// Builds `source`, saved as `name` beside [`HEADER`], with `g++` and
/// exactly `flags`, into the build cache (under the hash of the source,
/// the header and the flags, so each is built once however many tests
/// use it). The outer `Err` means the cache or g++ could not be used; the
/// inner one carries g++'s complaint.
pub fn build(name: &str, source: &str, flags: &[&str]) -> std::io::Result<Result<PathBuf, String>> {
    let mut key = format!("{name}\0{}\0", flags.join(" ")).into_bytes();
    key.extend_from_slice(source.as_bytes());
    key.extend_from_slice(HEADER.as_bytes());
    let dir = crate::solver::build::cache_dir().join(format!("testlib-{:016x}", fnv1a64(&key)));
    let program = dir.join("program");
    if dir.join("ready").exists() {
        return Ok(Ok(program));
    }
    // Built aside and renamed into place, as every cached build is: a
    // concurrent or killed build never leaves half a program. Threads of
    // one process build aside from each other too.
    static BUILDS: AtomicU64 = AtomicU64::new(0);
    let n = BUILDS.fetch_add(1, Ordering::Relaxed);
    let work = dir.with_extension(format!("tmp-{}-{n}", std::process::id()));
    let _ = fs::remove_dir_all(&work);
    fs::create_dir_all(&work)?;
    let built = compile(&work, name, source, flags);
    match built {
        Ok(Ok(_)) => {
            fs::write(work.join("ready"), b"")?;
            if fs::rename(&work, &dir).is_err() {
                // Another process got there first with the same build.
                let _ = fs::remove_dir_all(&work);
            }
            Ok(Ok(program))
        }
        other => {
            let _ = fs::remove_dir_all(&work);
            other
        }
    }
}

/// Writes `source` as `name` and [`HEADER`] into `dir` and builds
/// `dir/program` there.
pub fn compile(
    dir: &Path,
    name: &str,
    source: &str,
    flags: &[&str],
) -> std::io::Result<Result<PathBuf, String>> {
    fs::write(dir.join(name), source)?;
    fs::write(dir.join(HEADER_FILE), HEADER)?;
    let out = Command::new("g++")
        .args(flags)
        .args(["-o", "program", name])
        .current_dir(dir)
        .output()?;
    Ok(if out.status.success() {
        Ok(dir.join("program"))
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    })
}
