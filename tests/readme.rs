//! README.md as a test: its `console` examples run as written, and it
//! explains every word a signature can hold.
//!
//! A `console` block is a shell session: `$ COMMAND` (continued on lines
//! starting with `> `), then what the command prints on stdout. In the
//! expected text a line `...` stands for any number of lines and `[..]`
//! for any part of a line. Every command must exit 0 (an example that
//! shows a failure says so with `|| echo "exit $?"`). The blocks run in
//! order, as one session, in a fresh directory, with the built
//! `gamefuzz` first on PATH.

use std::collections::BTreeSet;
use std::process::Command;

use gamefuzz::fault::Budget;
use gamefuzz::game::{generate_case, Game, Visit};
use gamefuzz::id::GameId;

const README: &str = include_str!("../README.md");

/// One command of a session and what it should print.
struct Example {
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The commands of every `console` block, in order.
fn examples(text: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_block = false;
    for (i, line) in text.lines().enumerate() {
        if !in_block {
            in_block = line.trim_end() == "```console";
            continue;
        }
        if line.starts_with("```") {
            in_block = false;
        } else if let Some(cmd) = line.strip_prefix("$ ") {
            out.push(Example {
                line: i + 1,
                command: cmd.to_string(),
                expected: Vec::new(),
            });
        } else if let (Some(more), Some(ex)) = (line.strip_prefix("> "), out.last_mut()) {
            if ex.expected.is_empty() {
                ex.command = format!("{}\n{more}", ex.command);
            } else {
                ex.expected.push(line.to_string());
            }
        } else if let Some(ex) = out.last_mut() {
            ex.expected.push(line.to_string());
        } else {
            panic!("README.md:{}: output before any command", i + 1);
        }
    }
    out
}

/// Whether `line` matches `pattern`, where `[..]` matches any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let mut parts = pattern.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether `lines` match `pattern`, where a `...` line matches any number
/// of lines.
fn matches(pattern: &[String], lines: &[&str]) -> bool {
    match pattern.split_first() {
        None => lines.is_empty(),
        Some((p, rest)) if p == "..." => (0..=lines.len()).any(|k| matches(rest, &lines[k..])),
        Some((p, rest)) => {
            lines.first().is_some_and(|l| line_matches(p, l)) && matches(rest, &lines[1..])
        }
    }
}

#[test]
fn the_matcher_takes_wildcards_and_nothing_else() {
    let p = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&p(&["a [..] c", "..."]), &["a b c", "x", "y"]));
    assert!(matches(&p(&["...", "end"]), &["end"]));
    assert!(!matches(&p(&["a [..] c"]), &["a b d"]));
    assert!(!matches(&p(&["a"]), &["a", "b"]));
    assert!(!matches(&p(&["[..]x[..]y"]), &["y x"]));
    assert!(line_matches("[..]", "anything"));
}

#[test]
fn readme_console_examples_run_as_written() {
    let examples = examples(README);
    assert!(examples.len() >= 10, "README.md has its console examples");
    let dir = tempfile::tempdir().unwrap();
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_gamefuzz"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = std::env::join_paths(
        std::iter::once(bin).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    for ex in &examples {
        let out = Command::new("sh")
            .args(["-c", &ex.command])
            .current_dir(dir.path())
            .env("PATH", &path)
            .env_remove("GAMEFUZZ")
            .env_remove("GAMEFUZZ_CORPUS")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "README.md:{}: `{}` failed ({}):\n{stdout}{stderr}",
            ex.line,
            ex.command,
            out.status
        );
        let lines: Vec<&str> = stdout.lines().collect();
        assert!(
            matches(&ex.expected, &lines),
            "README.md:{}: `{}` printed\n{stdout}\nexpected\n{}\n(stderr: {stderr})",
            ex.line,
            ex.command,
            ex.expected.join("\n")
        );
    }
}

/// The words of the signatures a game gives on pairs of its engine's
/// answers to generated inputs of every profile.
struct SignatureWords;

impl Visit for SignatureWords {
    type Out = BTreeSet<String>;
    fn visit<G: Game>(self) -> BTreeSet<String> {
        let mut runs = Vec::new();
        for p in G::PROFILES.iter().filter(|p| p.name != "max") {
            for seed in 0..12 {
                let (input, _) = generate_case::<G>(seed, p.name);
                if let Ok(out) = G::solve(&input, &mut Budget::default()) {
                    runs.push((input, out));
                }
            }
        }
        let mut words = BTreeSet::new();
        for (input, a) in &runs {
            for (_, b) in &runs {
                if a != b {
                    let d = G::difference_in(input, a, b);
                    words.extend(d.split([' ', '/']).map(str::to_string));
                }
            }
        }
        words
    }
}

#[test]
fn readme_explains_every_signature_word() {
    let section = README
        .split("### Reading a signature")
        .nth(1)
        .and_then(|s| s.split("\n#").next())
        .expect("README.md has a section `Reading a signature`");
    // The words in backticks there, e.g. `ROLE alive/dead` gives ROLE,
    // alive and dead.
    let explained: BTreeSet<&str> = section
        .split('`')
        .skip(1)
        .step_by(2)
        .flat_map(|code| code.split([' ', '/']))
        .collect();
    for &g in GameId::ALL {
        let words = g.dispatch(SignatureWords);
        assert!(words.len() >= 2, "{g}: pairs of answers differ in some way");
        for w in &words {
            assert!(
                explained.contains(w.as_str()),
                "{g}: README.md's `Reading a signature` does not explain `{w}` (words seen: {words:?})"
            );
        }
    }
}

/// A fuzz target runs until it finds something: every `cargo fuzz run`
/// the documents show is bounded in time.
#[test]
fn every_fuzz_run_shown_is_bounded_in_time() {
    let docs = [
        ("README.md", README),
        ("ARCHITECTURE.md", include_str!("../ARCHITECTURE.md")),
    ];
    let mut runs = 0;
    for (name, text) in docs {
        for (i, line) in text.lines().enumerate() {
            if let Some(at) = line.find("cargo fuzz run") {
                runs += 1;
                let args = &line[at..];
                assert!(
                    args.contains(" -- ") && args.contains("-max_total_time="),
                    "{name}:{}: `{}` runs for ever",
                    i + 1,
                    line.trim()
                );
            }
        }
    }
    assert!(runs > 0, "README shows how to run a fuzz target");
}
