//! The documents as tests: README.md and every page of `docs/`. Their
//! `console` examples run as written, their links lead somewhere, the
//! command reference matches `--help`, and the guide explains every word a
//! signature can hold.
//!
//! A `console` block is a shell session: `$ COMMAND` (continued on lines
//! starting with `> `), then what the command prints on stdout. In the
//! expected text a line `...` stands for any number of lines and `[..]`
//! for any part of a line. Every command must exit 0 (an example that
//! shows a failure says so with `|| echo "exit $?"`). The blocks of a page
//! run in order, as one session, in a fresh directory of the page's own,
//! with the built `gamefuzz` first on PATH.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use gamefuzz::fault::Budget;
use gamefuzz::game::{generate_case, Game, Visit};
use gamefuzz::id::GameId;

mod common;

/// The most lines the front page may have: past it, a topic belongs in
/// the guide.
const FRONT_PAGE_LINES: usize = 250;

/// README.md, then every page under `docs/`, each as its path from the
/// repository's root and its text.
fn documents() -> Vec<(String, String)> {
    fn pages(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pages(&path, out);
            } else if path.extension().is_some_and(|x| x == "md") {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    pages(&root.join("docs"), &mut paths);
    paths.sort();
    paths.insert(0, root.join("README.md"));
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let name = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            (name, text)
        })
        .collect()
}

/// The text of the document `name` (`docs/commands.md`).
fn document(name: &str) -> String {
    documents()
        .into_iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no document {name}"))
        .1
}

/// One command of a session and what it should print.
struct Example {
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The commands of every `console` block of the document `name`, in order.
fn examples(name: &str, text: &str) -> Vec<Example> {
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
            panic!("{name}:{}: output before any command", i + 1);
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

/// Runs the console examples of the document `name` as one session in a
/// fresh directory; how many there were.
fn run_examples(name: &str, text: &str) -> usize {
    let examples = examples(name, text);
    if examples.is_empty() {
        return 0;
    }
    let dir = tempfile::tempdir().unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_gamefuzz"))
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
            "{name}:{}: `{}` failed ({}):\n{stdout}{stderr}",
            ex.line,
            ex.command,
            out.status
        );
        let lines: Vec<&str> = stdout.lines().collect();
        assert!(
            matches(&ex.expected, &lines),
            "{name}:{}: `{}` printed\n{stdout}\nexpected\n{}\n(stderr: {stderr})",
            ex.line,
            ex.command,
            ex.expected.join("\n")
        );
    }
    examples.len()
}

#[test]
fn console_examples_run_as_written() {
    let mut ran = BTreeMap::new();
    for (name, text) in documents() {
        ran.insert(name.clone(), run_examples(&name, &text));
    }
    for (name, least) in [
        ("README.md", 5),
        ("docs/campaigns.md", 10),
        ("docs/contestant.md", 3),
    ] {
        assert!(
            ran[name] >= least,
            "{name} has its console examples ({ran:?})"
        );
    }
}

/// A console example shows what a command prints on stdout; the matcher
/// and the session catch a wrong line, a failing command and output
/// before any command.
#[test]
fn a_wrong_example_fails() {
    let wrong = "```console\n$ echo a\nb\n```\n";
    let caught = std::panic::catch_unwind(|| run_examples("wrong.md", wrong));
    assert!(caught.is_err(), "a wrong line is caught");
    let failing = "```console\n$ false\n```\n";
    let caught = std::panic::catch_unwind(|| run_examples("failing.md", failing));
    assert!(caught.is_err(), "a failing command is caught");
    assert_eq!(
        run_examples("right.md", "```console\n$ echo a\na\n```\n"),
        1
    );
}

#[test]
fn the_front_page_is_short() {
    let lines = document("README.md").lines().count();
    assert!(
        lines <= FRONT_PAGE_LINES,
        "README.md has {lines} lines, more than {FRONT_PAGE_LINES}: move a topic into docs/"
    );
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
fn the_guide_explains_every_signature_word() {
    let docs = documents();
    let section = docs
        .iter()
        .find_map(|(_, text)| text.split("\n## Reading a signature\n").nth(1))
        .and_then(|s| s.split("\n#").next())
        .expect("a page of the guide has a section `Reading a signature`");
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
                "{g}: `Reading a signature` does not explain `{w}` (words seen: {words:?})"
            );
        }
    }
}

/// A fuzz target runs until it finds something: every `cargo fuzz run`
/// the documents show is bounded in time.
#[test]
fn every_fuzz_run_shown_is_bounded_in_time() {
    let mut docs = documents();
    docs.push((
        "ARCHITECTURE.md".into(),
        include_str!("../ARCHITECTURE.md").into(),
    ));
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
    assert!(runs > 0, "the guide shows how to run a fuzz target");
}

/// The anchor GitHub gives a heading: lower case, punctuation but `-` and
/// `_` dropped, spaces turned into hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown text's headings (outside code blocks), a
/// repeated one numbered as GitHub numbers it (`x`, `x-1`, ...).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeMap::<String, usize>::new();
    let mut out = BTreeSet::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        let heading = line.trim_start_matches('#');
        if in_code || heading.len() == line.len() || !heading.starts_with(' ') {
            continue;
        }
        let s = slug(heading);
        let n = seen.entry(s.clone()).or_default();
        out.insert(if *n == 0 {
            s.clone()
        } else {
            format!("{s}-{n}")
        });
        *n += 1;
    }
    out
}

/// The targets of the inline links `[text](target)` of a Markdown text,
/// outside code blocks and code spans, with their line numbers.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut in_code = false;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        // Code spans hold no links: keep the text between them.
        let prose: String = line
            .split('`')
            .enumerate()
            .map(|(k, part)| if k % 2 == 0 { part } else { "" })
            .collect();
        for (at, _) in prose.match_indices("](") {
            let rest = &prose[at + 2..];
            if let Some(end) = rest.find(')') {
                out.push((i + 1, rest[..end].to_string()));
            }
        }
    }
    out
}

#[test]
fn every_link_leads_to_a_file_and_heading() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for (name, text) in documents() {
        let here = root.join(&name);
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let file = if path.is_empty() {
                here.clone()
            } else {
                here.parent().unwrap().join(path)
            };
            assert!(
                file.exists(),
                "{name}:{line}: the link {target} leads to no file"
            );
            if !fragment.is_empty() {
                let target_text = std::fs::read_to_string(&file)
                    .unwrap_or_else(|_| panic!("{name}:{line}: {target} is no text file"));
                let known = anchors(&target_text);
                assert!(
                    known.contains(fragment),
                    "{name}:{line}: {target}: no heading #{fragment} (headings: {known:?})"
                );
            }
            checked += 1;
        }
    }
    assert!(
        checked > 100,
        "the documents link to each other ({checked} links)"
    );
}

#[test]
fn every_page_is_one_or_two_links_from_the_front_page() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let linked = |name: &str| -> BTreeSet<PathBuf> {
        let here = root.join(name);
        links(&document(name))
            .into_iter()
            .filter(|(_, t)| !t.contains("://"))
            .map(|(_, t)| {
                let path = t.split('#').next().unwrap().to_string();
                let p = here.parent().unwrap().join(path);
                p.canonicalize().unwrap_or(p)
            })
            .collect()
    };
    let front = linked("README.md");
    let contents = root.join("docs/README.md").canonicalize().unwrap();
    assert!(
        front.contains(&contents),
        "README.md links the guide's contents"
    );
    let reached: BTreeSet<PathBuf> = front.union(&linked("docs/README.md")).cloned().collect();
    for (name, _) in documents() {
        let page = root.join(&name).canonicalize().unwrap();
        assert!(
            name == "README.md" || reached.contains(&page),
            "{name} is linked neither from README.md nor from docs/README.md"
        );
    }
}

#[test]
fn the_link_checker_reads_headings_as_github_does() {
    assert_eq!(
        slug(" Judge packages: `package`, `check` and `coverage`"),
        "judge-packages-package-check-and-coverage"
    );
    assert_eq!(
        slug(" Wrong programs: `--against`"),
        "wrong-programs---against"
    );
    assert_eq!(
        slug(" The package is the setter's folder"),
        "the-package-is-the-setters-folder"
    );
    let a = anchors("# A\n## B b\n```sh\n# not a heading\n```\n## B b\n#hashtag\n");
    assert_eq!(a, ["a", "b-b", "b-b-1"].map(String::from).into());
    assert_eq!(
        links("[x](a.md#b) `[y](c.md)` [z](d.md)\n```\n[w](e.md)\n```\n"),
        [(1, "a.md#b".to_string()), (1, "d.md".to_string())]
    );
}

/// A row of the command reference: the argument or option as help writes
/// it, its default, and the whole row (for the possible values).
struct Row {
    name: String,
    default: Option<String>,
    text: String,
}

/// The sections of `docs/commands.md`: per command (`[]`, `["diff"]`,
/// `["corpus", "merge"]`), its usage line and its rows.
fn reference() -> BTreeMap<Vec<String>, (Option<String>, Vec<Row>)> {
    let text = document("docs/commands.md");
    let mut out: BTreeMap<Vec<String>, (Option<String>, Vec<Row>)> = BTreeMap::new();
    let mut current: Option<Vec<String>> = None;
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(h) = line.strip_prefix("## ") {
            current = h
                .strip_prefix("`gamefuzz")
                .and_then(|h| h.strip_suffix('`'))
                .map(|h| h.split_whitespace().map(str::to_string).collect());
            if let Some(c) = &current {
                assert!(!out.contains_key(c), "docs/commands.md: {h} twice");
                out.insert(c.clone(), (None, Vec::new()));
            }
            continue;
        }
        let Some(entry) = current.as_ref().and_then(|c| out.get_mut(c)) else {
            continue;
        };
        if line == "```text" && entry.0.is_none() {
            entry.0 = lines.next().map(str::to_string);
        } else if line.starts_with("| `") {
            let row = line.replace("\\|", "\u{1}");
            let cells: Vec<String> = row
                .split('|')
                .map(|c| c.trim().replace('\u{1}', "|"))
                .collect();
            let default = cells[2].replace('`', "");
            entry.1.push(Row {
                name: cells[1].trim_matches('`').to_string(),
                default: (!default.is_empty()).then_some(default),
                text: line.replace("\\|", "|"),
            });
        }
    }
    out
}

#[test]
fn the_command_reference_matches_help() {
    let reference = reference();
    let paths = common::command_paths();
    let documented: BTreeSet<&Vec<String>> = reference.keys().collect();
    let commands: BTreeSet<&Vec<String>> = paths.iter().collect();
    assert_eq!(
        documented, commands,
        "docs/commands.md has a section per command, no more"
    );
    for path in &paths {
        let words: Vec<&str> = path.iter().map(String::as_str).collect();
        let help = common::help(&words);
        let (usage, rows) = &reference[path];
        let title = format!("`gamefuzz {}`", words.join(" "));
        assert_eq!(
            usage.as_deref(),
            Some(help.usage.as_str()),
            "docs/commands.md, {title}: the usage line"
        );
        let shown: BTreeSet<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        let helped: BTreeSet<&str> = help.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(
            shown, helped,
            "docs/commands.md, {title}: the arguments and options of --help"
        );
        for entry in &help.entries {
            let row = rows.iter().find(|r| r.name == entry.name).unwrap();
            assert_eq!(
                row.default, entry.default,
                "docs/commands.md, {title}: the default of {}",
                entry.name
            );
            for v in &entry.values {
                assert!(
                    row.text.contains(&format!("`{v}`")),
                    "docs/commands.md, {title}: {} does not name `{v}`",
                    entry.name
                );
            }
        }
    }
}
