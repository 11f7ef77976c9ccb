//! HydroOJ's import zip, the layout Hydro's own export writes: a folder
//! per problem holding `problem.yaml` (the title), `problem_en.md` (the
//! statement, samples in Hydro's `input1`/`output1` blocks) and
//! `testdata/` (the tests, `config.yaml`, the testlib validator Hydro runs
//! on a hack's input and, for pigs, the testlib checker). Hydro imports it on the problem list's *Import From Hydro*
//! page. The rules below are read from Hydro's source (hydro-dev/Hydro):
//! the importer `packages/hydrooj/src/model/problem.ts` (`import`), the
//! schema of `config.yaml` `packages/ui-default/components/monaco/schema/
//! problemconfig.ts`, the reading of cases `packages/common/subtask.ts`,
//! the judge's limits `packages/hydrojudge/src/cases.ts` and `config.ts`,
//! the units of `time` and `memory` `framework/utils/lib/common.ts`, the
//! file limits `packages/hydrooj/src/model/setting.ts`, and the checker's
//! language by extension (`.cc` for C++) from `packages/hydrooj/
//! setting.yaml` and Hydro's testdata guide (hydro.js.org/docs/Hydro/user/
//! testdata).

use std::fmt::Write as _;

use super::yml::{self, Yaml};
use super::{
    numbered, problem_name, scores, statement_body, Archive, Entry, MEMORY_MIB, TIME_LIMIT_MS,
};
use crate::package::check::TestFile;
use crate::package::layout::Extras;
use crate::package::yaml::{header, yaml_string};
use crate::package::{statement, Package};
use crate::testlib;

/// The checker's and the validator's files in `testdata/`: Hydro builds
/// a program by its extension, and its C++ is `.cc`.
const CHECKER: &str = "checker.cc";
const VALIDATOR: &str = "validator.cc";

/// Whether `path` is a problem's `problem.yaml`: at the top of the zip or
/// one folder down, as Hydro's importer looks for it.
pub(super) fn is_problem_yaml(path: &str) -> bool {
    path == "problem.yaml"
        || path
            .split_once('/')
            .is_some_and(|(d, f)| !d.is_empty() && f == "problem.yaml")
}

pub(super) fn files(p: &Package, extras: &Extras) -> Vec<Entry> {
    let dir = p.game.name();
    let tests = numbered(p);
    let mut out = vec![Entry::new(
        format!("{dir}/problem.yaml"),
        format!(
            "{}\ntitle: {}\n",
            header(p),
            yaml_string(&problem_name(p, extras))
        ),
    )];
    out.push(Entry::new(format!("{dir}/problem_en.md"), statement_md(p)));
    out.push(Entry::new(format!("{dir}/testdata/config.yaml"), config(p)));
    if let Some(checker) = testlib::own_checker(p.game) {
        out.push(Entry::new(format!("{dir}/testdata/{CHECKER}"), checker));
    }
    out.push(Entry::new(
        format!("{dir}/testdata/{VALIDATOR}"),
        testlib::validator_source(p.game),
    ));
    for (i, (_, t)) in tests.iter().enumerate() {
        let stem = format!("{dir}/testdata/{dir}{}", i + 1);
        out.push(Entry::new(format!("{stem}.in"), t.input.clone()));
        out.push(Entry::new(format!("{stem}.out"), t.answer.clone()));
    }
    out
}

/// `testdata/config.yaml`: the limits, the checker (Hydro's default
/// comparison, which ignores trailing spaces and blank lines at the end,
/// where comparing tokens is the judge's rule), the validator Hydro runs
/// on a hack's input, and the tests as one subtask whose points are the
/// sum of its cases'.
fn config(p: &Package) -> String {
    let game = p.game.name();
    let mut c = format!("{}\ntype: default\n", header(p));
    writeln!(c, "time: {TIME_LIMIT_MS}ms\nmemory: {MEMORY_MIB}m").expect("string");
    match testlib::own_checker(p.game) {
        Some(_) => writeln!(c, "checker_type: testlib\nchecker: {CHECKER}").expect("string"),
        None => writeln!(c, "checker_type: default").expect("string"),
    }
    writeln!(c, "validator: {VALIDATOR}").expect("string");
    let n = numbered(p).len();
    c += "subtasks:\n  - score: 100\n    type: sum\n    cases:\n";
    for (i, score) in scores(n).into_iter().enumerate() {
        let stem = format!("{game}{}", i + 1);
        writeln!(
            c,
            "      - input: {stem}.in\n        output: {stem}.out\n        score: {score}"
        )
        .expect("string");
    }
    c
}

/// The statement in Markdown, the samples in the blocks Hydro shows as
/// samples.
fn statement_md(p: &Package) -> String {
    let source = format!("docs/rules/{}.md", p.game);
    let mut out = statement::mark_line(&source, false);
    out += "\n";
    out += &statement::markdown(&statement_body(p));
    let samples: Vec<_> = numbered(p).into_iter().filter(|(s, _)| *s).collect();
    out += "\n## Samples\n";
    for (i, (_, t)) in samples.iter().enumerate() {
        let n = i + 1;
        write!(
            out,
            "\n```input{n}\n{}```\n\n```output{n}\n{}```\n",
            t.input, t.answer
        )
        .expect("string");
    }
    out
}

// ---- Reading and the rules ----

/// The one problem folder of the zip (`""` for a problem at the top).
fn problem_dir(a: &Archive) -> Result<String, String> {
    let dirs: Vec<String> = a
        .files
        .iter()
        .filter(|f| is_problem_yaml(&f.path))
        .map(|f| {
            f.path
                .strip_suffix("problem.yaml")
                .unwrap_or("")
                .to_string()
        })
        .collect();
    match dirs.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err("no problem.yaml".into()),
        many => Err(format!(
            "{} problems ({}); check reads a zip of one",
            many.len(),
            many.join(", ")
        )),
    }
}

/// The cases of `testdata/config.yaml` as (input, output) file names,
/// subtask by subtask; `None` when it lists none (Hydro then finds the
/// tests by their names).
fn listed_cases(config: &Yaml) -> Option<Vec<(String, String)>> {
    let Some(Yaml::Seq(subtasks)) = config.get("subtasks") else {
        return None;
    };
    let mut out = Vec::new();
    for s in subtasks {
        if let Some(Yaml::Seq(cases)) = s.get("cases") {
            for c in cases {
                let field = |k: &str| c.get(k).and_then(Yaml::as_str).unwrap_or("").to_string();
                out.push((field("input"), field("output")));
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Tests named as Hydro finds them without a list (`subtask.ts`, the
/// first rule of `SubtaskMatcher`): `NAME<digits>.in` with `.out` or
/// `.ans`, in the order of their numbers.
fn found_cases(a: &Archive, testdata: &str) -> Vec<(String, String)> {
    let mut out: Vec<(u64, String, String)> = Vec::new();
    for f in &a.files {
        let Some(name) = f.path.strip_prefix(testdata) else {
            continue;
        };
        let Some(stem) = name.strip_suffix(".in") else {
            continue;
        };
        let digits: String = stem
            .chars()
            .rev()
            .take_while(char::is_ascii_digit)
            .collect();
        let Ok(n) = digits.chars().rev().collect::<String>().parse::<u64>() else {
            continue;
        };
        for ext in ["out", "ans"] {
            let answer = format!("{stem}.{ext}");
            if a.file(&format!("{testdata}{answer}")).is_some() {
                out.push((n, name.to_string(), answer));
                break;
            }
        }
    }
    out.sort();
    out.into_iter().map(|(_, i, o)| (i, o)).collect()
}

pub(super) fn tests(a: &Archive) -> anyhow::Result<Vec<TestFile>> {
    let dir = problem_dir(a).map_err(anyhow::Error::msg)?;
    let testdata = format!("{dir}testdata/");
    let config = match a.text(&format!("{testdata}config.yaml")) {
        Ok(text) => yml::parse(text).map_err(|e| anyhow::anyhow!("{testdata}config.yaml: {e}"))?,
        Err(_) => Yaml::Map(Vec::new()),
    };
    let cases = listed_cases(&config).unwrap_or_else(|| found_cases(a, &testdata));
    cases
        .into_iter()
        .map(|(input, output)| {
            let label = format!("testdata/{}", input.strip_suffix(".in").unwrap_or(&input));
            a.test(
                label,
                &format!("{testdata}{input}"),
                &format!("{testdata}{output}"),
            )
        })
        .collect()
}

/// The keys `config.yaml` may hold (`problemconfig.ts`,
/// `additionalProperties: false`).
const CONFIG_KEYS: &[&str] = &[
    "redirect",
    "key",
    "type",
    "subType",
    "langs",
    "target",
    "checker_type",
    "checker",
    "interactor",
    "manager",
    "num_processes",
    "multi_pass",
    "validator",
    "user_extra_files",
    "judge_extra_files",
    "cases",
    "subtasks",
    "filename",
    "detail",
    "time",
    "memory",
    "score",
    "template",
    "answers",
    "time_limit_rate",
    "memory_limit_rate",
];

/// testlib's standard checkers, which Hydro builds in (`problemconfig.ts`).
const TESTLIB_CHECKERS: &[&str] = &[
    "acmp",
    "caseicmp",
    "casencmp",
    "casewcmp",
    "dcmp",
    "fcmp",
    "hcmp",
    "icmp",
    "lcmp",
    "ncmp",
    "nyesno",
    "pointscmp",
    "pointsinfo",
    "rcmp",
    "rcmp4",
    "rcmp6",
    "rcmp9",
    "rncmp",
    "uncmp",
    "wcmp",
    "yesno",
];

/// Hydro's judge refuses a problem with more cases (`testcases_max`,
/// `packages/hydrojudge/src/config.ts`).
const MAX_CASES: usize = 100;
/// ... or whose cases' time limits add up to more (`total_time_limit`).
const MAX_TOTAL_MS: u64 = 60_000;
/// ... or asking more memory (`memoryMax`, 512m).
const MAX_MEMORY_MB: u64 = 512;
/// A problem holds fewer files than this, and fewer bytes than the next
/// (`limit.problem_files_max`, `limit.problem_files_max_size` in
/// `packages/hydrooj/src/model/setting.ts`).
const MAX_FILES: usize = 100;
const MAX_BYTES: u64 = 256 << 20;

/// A `time` as Hydro reads it (`parseTimeMS`), in milliseconds: a bare
/// whole number is milliseconds, else a number with `s`, `ms` or `us`;
/// `None` for what it refuses.
fn time_ms(s: &str) -> Option<u64> {
    if let Ok(ms) = s.parse::<u64>() {
        return (ms > 0).then_some(ms);
    }
    let (number, unit) = split_unit(s.strip_suffix(['s', 'S']).unwrap_or(s))?;
    let ms = match unit.to_ascii_lowercase().as_str() {
        "" => number * 1000.0,
        "m" => number,
        "u" => number / 1000.0,
        _ => return None,
    };
    (ms > 0.0).then_some(ms.floor() as u64)
}

/// A `memory` as Hydro reads it (`parseMemoryMB`), in MiB: a bare whole
/// number is MiB, else a number with `k`, `m` or `g` (and `b`).
fn memory_mb(s: &str) -> Option<u64> {
    if let Ok(mb) = s.parse::<u64>() {
        return (mb > 0).then_some(mb);
    }
    let (number, unit) = split_unit(s.strip_suffix(['b', 'B']).unwrap_or(s))?;
    let mb = match unit.to_ascii_lowercase().as_str() {
        "k" => number / 1024.0,
        "m" => number,
        "g" => number * 1024.0,
        _ => return None,
    };
    (mb > 0.0).then_some(mb.ceil() as u64)
}

/// A decimal number and the letters after it.
fn split_unit(s: &str) -> Option<(f64, &str)> {
    let end = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(s.len());
    let (number, unit) = s.split_at(end);
    let ok = !number.is_empty() && !number.starts_with('.') && number.matches('.').count() <= 1;
    ok.then(|| number.parse().ok().map(|n| (n, unit))).flatten()
}

pub(super) fn problems(a: &Archive) -> Vec<String> {
    let mut out = Vec::new();
    let dir = match problem_dir(a) {
        Ok(d) => d,
        Err(why) => return vec![format!("{why} (problem.ts: import)")],
    };
    match a.text(&format!("{dir}problem.yaml")).and_then(yml::parse) {
        Err(why) => out.push(format!("{dir}problem.yaml: {why} (problem.ts: import)")),
        Ok(doc) => {
            let title = doc.get("title").or_else(|| doc.get("name"));
            if title.is_none_or(|t| t.as_str().is_none_or(|s| s.trim().is_empty())) {
                out.push(format!(
                    "{dir}problem.yaml: no title as a string (problem.ts: import)"
                ));
            }
        }
    }
    let testdata = format!("{dir}testdata/");
    // A problem's files are its test data and its additional files.
    let held: Vec<&Entry> = a
        .files
        .iter()
        .filter(|f| {
            f.path.starts_with(&testdata) || f.path.starts_with(&format!("{dir}additional_file/"))
        })
        .collect();
    if held.len() >= MAX_FILES {
        out.push(format!(
            "{} files in testdata/ and additional_file/, a problem holds fewer than {MAX_FILES} \
             (setting.ts: limit.problem_files_max)",
            held.len()
        ));
    }
    let bytes: u64 = held.iter().map(|f| f.bytes.len() as u64).sum();
    if bytes >= MAX_BYTES {
        out.push(format!(
            "the problem's files hold {bytes} bytes, a problem fewer than {MAX_BYTES} \
             (setting.ts: limit.problem_files_max_size)"
        ));
    }
    let config = match a.text(&format!("{testdata}config.yaml")) {
        Err(_) => return out,
        Ok(text) => match yml::parse(text) {
            Ok(Yaml::Map(entries)) => Yaml::Map(entries),
            Ok(other) => {
                out.push(format!(
                    "testdata/config.yaml is {}, not a mapping (problemconfig.ts)",
                    other.kind()
                ));
                return out;
            }
            Err(why) => {
                out.push(format!("testdata/config.yaml: {why}"));
                return out;
            }
        },
    };
    config_problems(a, &testdata, &config, &mut out);
    out
}

/// The schema of `config.yaml` and the judge's limits on what it asks.
fn config_problems(a: &Archive, testdata: &str, config: &Yaml, out: &mut Vec<String>) {
    let here = |what: String| format!("testdata/config.yaml: {what} (problemconfig.ts)");
    let Yaml::Map(entries) = config else { return };
    for (key, _) in entries {
        if !CONFIG_KEYS.contains(&key.as_str()) {
            out.push(here(format!("unknown key {key:?}")));
        }
    }
    let kind = config
        .get("type")
        .and_then(Yaml::as_str)
        .unwrap_or("default");
    let kinds = [
        "default",
        "interactive",
        "communication",
        "submit_answer",
        "objective",
        "remote_judge",
    ];
    if !kinds.contains(&kind) {
        out.push(here(format!(
            "type {kind:?} is none of {}",
            kinds.join(", ")
        )));
    }
    let time = config.get("time").map(|t| t.as_str().and_then(time_ms));
    if time == Some(None) {
        out.push(here("time is not a time like 1s or 1000ms".into()));
    }
    let memory = config.get("memory").map(|m| m.as_str().and_then(memory_mb));
    if memory == Some(None) {
        out.push(here("memory is not a size like 256m".into()));
    }
    if memory.flatten().unwrap_or(256) > MAX_MEMORY_MB {
        out.push(format!("testdata/config.yaml: memory above the judge's {MAX_MEMORY_MB}m (hydrojudge config.ts: memoryMax)"));
    }
    let checker_type = config
        .get("checker_type")
        .and_then(Yaml::as_str)
        .unwrap_or("default");
    let types = [
        "default", "lemon", "syzoj", "hustoj", "testlib", "strict", "qduoj", "kattis",
    ];
    if !types.contains(&checker_type) {
        out.push(here(format!(
            "checker_type {checker_type:?} is none of {}",
            types.join(", ")
        )));
    }
    match config.get("checker").and_then(Yaml::as_str) {
        None if !["default", "strict"].contains(&checker_type) => {
            out.push(format!("testdata/config.yaml: checker_type {checker_type} without a checker (hydrojudge cases.ts)"));
        }
        Some(c) if !TESTLIB_CHECKERS.contains(&c) => {
            if a.file(&format!("{testdata}{c}")).is_none() {
                out.push(format!("testdata/config.yaml: the checker {c} is not in testdata/ (hydrojudge cases.ts: ensureFile)"));
            }
            if super::is_cpp_name(c) && !c.ends_with(".cc") {
                out.push(format!("testdata/config.yaml: the checker {c} is C++, which Hydro builds from a .cc file (setting.yaml: cc)"));
            }
        }
        _ => {}
    }
    if let Some(v) = config.get("validator") {
        match v.as_str() {
            Some(f) if a.file(&format!("{testdata}{f}")).is_some() => {}
            _ => out.push(
                "testdata/config.yaml: the validator is not a file of testdata/ \
                 (hydrojudge judge/hack.ts)"
                    .into(),
            ),
        }
    }
    let Some(subtasks) = config.get("subtasks") else {
        return;
    };
    let Yaml::Seq(subtasks) = subtasks else {
        out.push(here("subtasks is not a list".into()));
        return;
    };
    let mut cases = 0usize;
    let mut total_ms = 0u64;
    for (i, s) in subtasks.iter().enumerate() {
        let n = i + 1;
        let Yaml::Map(keys) = s else {
            out.push(here(format!("subtask {n} is not a mapping")));
            continue;
        };
        for (key, _) in keys {
            if !["type", "time", "memory", "score", "cases", "if", "id"].contains(&key.as_str()) {
                out.push(here(format!("subtask {n}: unknown key {key:?}")));
            }
        }
        if !s
            .get("score")
            .and_then(Yaml::as_int)
            .is_some_and(|v| (1..=100).contains(&v))
        {
            out.push(here(format!(
                "subtask {n}: score is not a whole number 1..100"
            )));
        }
        if let Some(t) = s.get("type").and_then(Yaml::as_str) {
            if !["min", "max", "sum"].contains(&t) {
                out.push(here(format!(
                    "subtask {n}: type {t:?} is none of min, max, sum"
                )));
            }
        }
        let subtask_ms = s.get("time").and_then(Yaml::as_str).and_then(time_ms);
        let Some(Yaml::Seq(list)) = s.get("cases") else {
            out.push(here(format!("subtask {n}: no list of cases")));
            continue;
        };
        for (j, c) in list.iter().enumerate() {
            let at = format!("subtask {n}, case {}", j + 1);
            let Yaml::Map(fields) = c else {
                out.push(here(format!("{at} is not a mapping")));
                continue;
            };
            for (key, _) in fields {
                if !["input", "output", "time", "memory", "score"].contains(&key.as_str()) {
                    out.push(here(format!("{at}: unknown key {key:?}")));
                }
            }
            for file in ["input", "output"] {
                match c.get(file).and_then(Yaml::as_str) {
                    Some(f) if a.file(&format!("{testdata}{f}")).is_some() => {}
                    Some(f) => out.push(format!("testdata/config.yaml: {at}: the {file} file {f} is not in testdata/ (subtask.ts: normalizeSubtasks)")),
                    None if file == "input" => out.push(here(format!("{at} has no input"))),
                    None => {}
                }
            }
            if let Some(score) = c.get("score") {
                if !score.as_int().is_some_and(|v| (1..=100).contains(&v)) {
                    out.push(here(format!("{at}: score is not a whole number 1..100")));
                }
            }
            let case_ms = c.get("time").and_then(Yaml::as_str).and_then(time_ms);
            total_ms += case_ms.or(subtask_ms).or(time.flatten()).unwrap_or(1000);
            cases += 1;
        }
    }
    if cases > MAX_CASES {
        out.push(format!("{cases} cases, more than the judge's {MAX_CASES} (hydrojudge config.ts: testcases_max)"));
    }
    if total_ms > MAX_TOTAL_MS {
        out.push(format!(
            "the cases' time limits add up to {} s, more than the judge's {} s (hydrojudge config.ts: total_time_limit)",
            total_ms as f64 / 1000.0,
            MAX_TOTAL_MS / 1000
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_read_as_hydro_reads_them() {
        assert_eq!(time_ms("1s"), Some(1000));
        assert_eq!(time_ms("1000ms"), Some(1000));
        assert_eq!(time_ms("1.5s"), Some(1500));
        assert_eq!(time_ms("2"), Some(2));
        assert_eq!(time_ms("1 s"), None);
        assert_eq!(time_ms("fast"), None);
        assert_eq!(memory_mb("256m"), Some(256));
        assert_eq!(memory_mb("256MB"), Some(256));
        assert_eq!(memory_mb("1g"), Some(1024));
        assert_eq!(memory_mb("512k"), Some(1));
        assert_eq!(memory_mb("256"), Some(256));
        assert_eq!(memory_mb("lots"), None);
    }
}
