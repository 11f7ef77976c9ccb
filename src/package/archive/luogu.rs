//! Luogu's test data zip, uploaded on a problem's *上传测试数据* (upload
//! test data) page: flat, the tests as `NAME<n>.in` / `NAME<n>.out`, a
//! `config.yml` keyed by file name with each test's limits and points and,
//! for pigs, `checker.cpp`, the special judge on testlib. The rules below
//! are Luogu's documentation (luogu-dev/docs): `docs/manual/luogu/problem/
//! index.md` (上传压缩包的要求: a zip, no folders, no other files, at
//! most 50 MB packed and 100 MB unpacked, one run of digits per test
//! file's name), `testcase-config.md` (`config.yml`: `timeLimit` in ms,
//! `memoryLimit` in KB, `score`, `isPretest`, `subtaskId`, no tabs),
//! `special-judge.md` (the checker is `checker.cpp` on testlib, built
//! with `g++ -fno-asm -std=c++14 -O2`) and `testcase-format.md` (exactly
//! one output file per input; inputs of printable ASCII, spaces and
//! newlines, ending with a newline).

use std::fmt::Write as _;

use super::yml::{self, Yaml};
use super::{numbered, plain_text_problem, scores, Archive, Entry, MEMORY_MIB, TIME_LIMIT_MS};
use crate::package::check::TestFile;
use crate::package::yaml::header;
use crate::package::Package;
use crate::testlib;

const CONFIG: &str = "config.yml";
const CHECKER: &str = "checker.cpp";

/// Luogu's limits on the zip, in bytes: "50M" and "100M" read as the
/// smaller, decimal megabytes, so that either reading holds.
const MAX_PACKED: u64 = 50_000_000;
const MAX_UNPACKED: u64 = 100_000_000;

pub(super) fn files(p: &Package) -> Vec<Entry> {
    let game = p.game.name();
    let tests = numbered(p);
    let mut out = Vec::new();
    for (i, (_, t)) in tests.iter().enumerate() {
        out.push(Entry::new(format!("{game}{}.in", i + 1), t.input.clone()));
        out.push(Entry::new(format!("{game}{}.out", i + 1), t.answer.clone()));
    }
    let mut config = format!("{}\n", header(p));
    for (i, score) in scores(tests.len()).into_iter().enumerate() {
        writeln!(
            config,
            "{game}{}.in:\n  timeLimit: {TIME_LIMIT_MS}\n  memoryLimit: {}\n  score: {score}",
            i + 1,
            MEMORY_MIB * 1024
        )
        .expect("string");
    }
    out.push(Entry::new(CONFIG, config));
    if let Some(checker) = testlib::own_checker(p.game) {
        out.push(Entry::new(CHECKER, checker));
    }
    out
}

/// The stem's number: its one run of digits, if it has exactly one.
fn number(stem: &str) -> Option<u64> {
    let runs: Vec<&str> = stem
        .split(|c: char| !c.is_ascii_digit())
        .filter(|r| !r.is_empty())
        .collect();
    match runs.as_slice() {
        [one] => one.parse().ok(),
        _ => None,
    }
}

/// The tests: every `.in` file with the `.out` (or `.ans`) of its stem, in
/// the order of their numbers.
pub(super) fn tests(a: &Archive) -> Vec<TestFile> {
    let mut found: Vec<(u64, String)> = a
        .files
        .iter()
        .filter_map(|f| f.path.strip_suffix(".in"))
        .map(|stem| (number(stem).unwrap_or(u64::MAX), stem.to_string()))
        .collect();
    found.sort();
    found
        .into_iter()
        .filter_map(|(_, stem)| {
            let answer = ["out", "ans"]
                .iter()
                .map(|e| format!("{stem}.{e}"))
                .find(|p| a.file(p).is_some())
                .unwrap_or(format!("{stem}.out"));
            a.test(stem.clone(), &format!("{stem}.in"), &answer).ok()
        })
        .collect()
}

pub(super) fn problems(a: &Archive) -> Vec<String> {
    let mut out = Vec::new();
    let index = "(luogu-dev/docs docs/manual/luogu/problem/index.md)";
    for d in &a.folders {
        out.push(format!("the folder {d}: the zip holds no folders {index}"));
    }
    let mut stems: Vec<&str> = Vec::new();
    for f in &a.files {
        let name = f.path.as_str();
        if name.contains('/') {
            out.push(format!("{name}: the zip holds no folders {index}"));
            continue;
        }
        if name == CONFIG || name == CHECKER {
            continue;
        }
        let Some((stem, ext)) = name.rsplit_once('.') else {
            out.push(format!(
                "{name}: neither a test file, {CONFIG} nor {CHECKER} {index}"
            ));
            continue;
        };
        if !["in", "out", "ans"].contains(&ext) {
            out.push(format!(
                "{name}: neither a test file, {CONFIG} nor {CHECKER} {index}"
            ));
            continue;
        }
        if number(stem).is_none() {
            out.push(format!(
                "{name}: a test file's name holds exactly one run of digits {index}"
            ));
        }
        if ext == "in" {
            stems.push(stem);
            if let Some(why) = plain_text_problem(&f.bytes) {
                out.push(format!(
                    "{name} {why} (luogu-dev/docs docs/manual/luogu/problem/testcase-format.md)"
                ));
            }
        }
    }
    let format_doc = "(luogu-dev/docs docs/manual/luogu/problem/testcase-format.md)";
    for stem in &stems {
        let outputs = ["out", "ans"]
            .iter()
            .filter(|e| a.file(&format!("{stem}.{e}")).is_some())
            .count();
        if outputs != 1 {
            out.push(format!(
                "{stem}.in has {outputs} output files, exactly one is needed {format_doc}"
            ));
        }
    }
    for f in &a.files {
        if let Some(stem) = f
            .path
            .strip_suffix(".out")
            .or_else(|| f.path.strip_suffix(".ans"))
        {
            if !stems.contains(&stem) {
                out.push(format!("{} has no {stem}.in {format_doc}", f.path));
            }
        }
    }
    let unpacked: u64 = a.files.iter().map(|f| f.bytes.len() as u64).sum();
    if a.packed > MAX_PACKED {
        out.push(format!(
            "the zip is {} bytes, more than {MAX_PACKED} {index}",
            a.packed
        ));
    }
    if unpacked > MAX_UNPACKED {
        out.push(format!(
            "the zip unpacks to {unpacked} bytes, more than {MAX_UNPACKED} {index}"
        ));
    }
    if let Some(source) = a.file(CHECKER) {
        let text = String::from_utf8_lossy(source);
        if !(text.contains("testlib.h") && text.contains("registerTestlibCmd")) {
            out.push(format!(
                "{CHECKER} is not a testlib checker (registerTestlibCmd) \
                 (luogu-dev/docs docs/manual/luogu/problem/special-judge.md)"
            ));
        }
    }
    if a.file(CONFIG).is_some() {
        config_problems(a, &mut out);
    }
    out
}

/// `config.yml`: keys that are test files of the zip, fields among the
/// five Luogu reads, each of its type.
fn config_problems(a: &Archive, out: &mut Vec<String>) {
    let doc = "(luogu-dev/docs docs/manual/luogu/problem/testcase-config.md)";
    let config = match a.text(CONFIG).and_then(yml::parse) {
        Ok(c) => c,
        Err(why) => {
            out.push(format!("{CONFIG}: {why} {doc}"));
            return;
        }
    };
    let Yaml::Map(entries) = config else {
        out.push(format!(
            "{CONFIG} is {}, not a mapping of test files {doc}",
            config.kind()
        ));
        return;
    };
    for (file, fields) in &entries {
        if a.file(file).is_none()
            || !(file.ends_with(".in") || file.ends_with(".out") || file.ends_with(".ans"))
        {
            out.push(format!(
                "{CONFIG}: {file} is not a test file of the zip {doc}"
            ));
        }
        let Yaml::Map(fields) = fields else {
            out.push(format!(
                "{CONFIG}: {file} maps to {}, not to its fields {doc}",
                fields.kind()
            ));
            continue;
        };
        for (key, value) in fields {
            let ok = match key.as_str() {
                "timeLimit" | "memoryLimit" => value.as_int().is_some_and(|v| v > 0),
                "score" | "subtaskId" => value.as_int().is_some_and(|v| v >= 0),
                "isPretest" => value.as_bool().is_some(),
                _ => {
                    out.push(format!(
                        "{CONFIG}: {file}: {key} is none of timeLimit, memoryLimit, score, isPretest, subtaskId {doc}"
                    ));
                    continue;
                }
            };
            if !ok {
                let want = match key.as_str() {
                    "timeLimit" => "a whole number of milliseconds",
                    "memoryLimit" => "a whole number of kilobytes",
                    "isPretest" => "true or false",
                    _ => "a whole number",
                };
                out.push(format!("{CONFIG}: {file}: {key} is not {want} {doc}"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_name_holds_one_run_of_digits() {
        assert_eq!(number("pigs12"), Some(12));
        assert_eq!(number("game001"), Some(1));
        assert_eq!(number("T1-1"), None);
        assert_eq!(number("game"), None);
    }
}
