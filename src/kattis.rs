//! The Kattis input-validator verdict, in process and as self-contained C++.
//!
//! A judge runs a package's input validator on every test file: exit 42
//! accepts the file, 43 refuses it. A file is accepted when it is valid and
//! already in canonical layout (`render(parse(x)) == x`), so that every test
//! a judge holds is spelled the one way `render` spells it. [`verdict`] is
//! that decision in process; the C++ programs of [`validator_source`] make
//! it on a judge where gamefuzz is not installed, and `tests/validators.rs`
//! holds the two to the same verdict.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::game::{parse_valid, Game, GameId, Visit};
use crate::text::not_utf8;

/// File names of a validator's two sources, which must sit side by side:
/// `validator.cpp` includes `"validator.hpp"`.
pub const CPP_FILE: &str = "validator.cpp";
pub const HPP_FILE: &str = "validator.hpp";

/// How problemtools builds C++17 (`g++ -std=c++17 -O2 -static`), with
/// warnings as errors: the validators, and the model solutions the tests
/// hold to the engine, are built so.
pub const CPP17_FLAGS: &[&str] = &[
    "-std=c++17",
    "-O2",
    "-static",
    "-Wall",
    "-Wextra",
    "-Werror",
];

/// What every game's validator shares: stdin, tokens, integers that
/// saturate, the canonical comparison and the exit codes.
const HEADER: &str = include_str!("games/validator.hpp");

/// The C++17 sources of `game`'s input validator, `(validator.cpp,
/// validator.hpp)`. Built with `g++ -std=c++17 -O2 validator.cpp` and the
/// standard library alone.
pub fn validator_source(game: GameId) -> (&'static str, &'static str) {
    struct Source;
    impl Visit for Source {
        type Out = &'static str;
        fn visit<G: Game>(self) -> &'static str {
            G::VALIDATOR
        }
    }
    (game.dispatch(Source), HEADER)
}

/// File name of an answer validator's source, beside `validator.hpp`.
pub const ANSWER_FILE: &str = "answer.cpp";

/// The C++17 source of `game`'s answer validator (`answer.cpp`, built with
/// the shared `validator.hpp`): run as `answer INPUT < ANSWER`, it gives
/// the verdict of [`answer_verdict`].
pub fn answer_validator_source(game: GameId) -> &'static str {
    struct Source;
    impl Visit for Source {
        type Out = &'static str;
        fn visit<G: Game>(self) -> &'static str {
            G::ANSWER_VALIDATOR
        }
    }
    game.dispatch(Source)
}

/// Which of a game's validators to build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    Input,
    Answer,
}

/// Writes `game`'s validator sources side by side into `dir` and builds
/// them the way problemtools does ([`CPP17_FLAGS`], and `extra` flags). The outer `Err` means g++ could
/// not be started; the inner one carries g++'s complaint.
pub fn build(game: GameId, dir: &Path, extra: &[&str]) -> std::io::Result<Result<PathBuf, String>> {
    build_one(game, Which::Input, dir, extra)
}

/// [`build`] for either validator; the program is `dir/validator` or
/// `dir/answer`.
pub fn build_one(
    game: GameId,
    which: Which,
    dir: &Path,
    extra: &[&str],
) -> std::io::Result<Result<PathBuf, String>> {
    let (cpp, hpp) = validator_source(game);
    let (file, text, bin) = match which {
        Which::Input => (CPP_FILE, cpp, "validator"),
        Which::Answer => (ANSWER_FILE, answer_validator_source(game), "answer"),
    };
    std::fs::write(dir.join(file), text)?;
    std::fs::write(dir.join(HPP_FILE), hpp)?;
    let out = Command::new("g++")
        .args(CPP17_FLAGS)
        .args(extra)
        .args(["-o", bin, file])
        .current_dir(dir)
        .output()?;
    Ok(if out.status.success() {
        Ok(dir.join(bin))
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    })
}

/// The verdict of `gamefuzz validate <game> --kattis` on `bytes`: `Ok` for
/// exit 42, otherwise the reason for exit 43. Bytes that are not UTF-8 are
/// an invalid input like any other.
pub fn verdict<G: Game>(bytes: &[u8]) -> Result<(), String> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| format!("parse error: {}", not_utf8(bytes, e.valid_up_to())))?;
    let input = parse_valid::<G>(text).map_err(|e| e.to_string())?;
    canonical_layout(text, &G::render(&input))
}

/// [`verdict`] for a game chosen at run time.
pub fn verdict_of(game: GameId, bytes: &[u8]) -> Result<(), String> {
    struct Verdict<'a>(&'a [u8]);
    impl Visit for Verdict<'_> {
        type Out = Result<(), String>;
        fn visit<G: Game>(self) -> Self::Out {
            verdict::<G>(self.0)
        }
    }
    game.dispatch(Verdict(bytes))
}

/// The verdict of `game`'s answer validator on the answer file `bytes` of
/// the input `input`: `Ok` when the answer is the canonical text of an
/// output (`render_output(parse_output(x)) == x`) that fits the input
/// (`Game::answer_fits`: one answer per case, a winner among the players,
/// ...). It checks the answer's form, not whether it is right.
pub fn answer_verdict<G: Game>(input: &str, bytes: &[u8]) -> Result<(), String> {
    let input = parse_valid::<G>(input).map_err(|e| format!("the input is not valid: {e}"))?;
    let text = std::str::from_utf8(bytes)
        .map_err(|e| format!("parse error: {}", not_utf8(bytes, e.valid_up_to())))?;
    let output = G::parse_output(text).map_err(|e| e.to_string())?;
    canonical_layout(text, &G::render_output(&output))?;
    G::answer_fits(&input, &output)
}

/// `Ok` when `text` is exactly `canonical`, else the first line that differs.
fn canonical_layout(text: &str, canonical: &str) -> Result<(), String> {
    if text == canonical {
        return Ok(());
    }
    let mut got = text.split_inclusive('\n');
    let mut want = canonical.split_inclusive('\n');
    let mut line = 1;
    loop {
        match (got.next(), want.next()) {
            (Some(g), Some(w)) if g == w => line += 1,
            (g, w) => {
                return Err(format!(
                    "not in canonical layout: line {line} is {:?}, expected {:?}",
                    g.unwrap_or("end of input"),
                    w.unwrap_or("end of input")
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdict_needs_validity_canonical_layout_and_utf8() {
        let sample = "2 1 4\nG 10 5\nR 6 4\n\n0 0 0\n";
        assert_eq!(verdict_of(GameId::Xiangqi, sample.as_bytes()), Ok(()));
        let loose = sample.replacen('\n', "  \n", 1);
        let e = verdict_of(GameId::Xiangqi, loose.as_bytes()).unwrap_err();
        assert!(e.starts_with("not in canonical layout: line 1"), "{e}");
        let e = verdict_of(GameId::Xiangqi, b"2 1 4\nG 10 5\nR 6 4\n\n0 0 0\n\xff").unwrap_err();
        assert!(e.contains("line 6, column 1") && e.contains("UTF-8"), "{e}");
        // Canonical but not valid: no red piece gives check.
        let e = verdict_of(GameId::Xiangqi, b"2 1 4\nG 10 6\nR 6 5\n\n0 0 0\n").unwrap_err();
        assert!(e.contains("rule 3.7"), "{e}");
    }

    #[test]
    fn every_game_has_its_own_validators() {
        for &g in GameId::ALL {
            let (cpp, hpp) = validator_source(g);
            assert!(cpp.contains("#include \"validator.hpp\""), "{g}");
            assert!(cpp.contains(&format!("validator for {g} ")), "{g}");
            assert!(hpp.contains("int run("), "{g}");
            let answer = answer_validator_source(g);
            assert!(answer.contains("#include \"validator.hpp\""), "{g}");
            assert!(
                answer.contains(&format!("Answer validator for {g} ")),
                "{g}"
            );
            assert!(answer.contains("gf::run_answer("), "{g}");
        }
    }

    #[test]
    fn answer_verdict_needs_the_canonical_form_and_a_fit() {
        struct Verdict<'a>(&'a str, &'a [u8]);
        impl Visit for Verdict<'_> {
            type Out = Result<(), String>;
            fn visit<G: Game>(self) -> Self::Out {
                answer_verdict::<G>(self.0, self.1)
            }
        }
        let xiangqi = |input, answer| GameId::Xiangqi.dispatch(Verdict(input, answer));
        let sample = "2 1 4\nG 10 5\nR 6 4\n\n0 0 0\n";
        assert_eq!(xiangqi(sample, b"YES\n"), Ok(()));
        for bad in [
            &b"YES"[..],
            b"yes\n",
            b"YES\nNO\n",
            b"",
            b"YES \n",
            b"\xff\n",
        ] {
            assert!(xiangqi(sample, bad).is_err(), "{bad:?}");
        }
        let e = xiangqi("0 0 0\n", b"").unwrap_err();
        assert!(e.starts_with("the input is not valid"), "{e}");
    }
}
