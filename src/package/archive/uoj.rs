//! UOJ's problem data zip, which QOJ takes too, uploaded on a problem's
//! data page and then synchronised: flat, with `problem.conf`, the tests
//! `NAME<n>.in` / `NAME<n>.out`, the sample as the extra test
//! `ex_NAME1.in` / `.out`, the testlib validator `val.cpp`, for pigs the
//! checker `chk.cpp` and, when the model solution is C++, `std.cpp`. The
//! rules below are read from UOJ's source (UniversalOJ/UOJ-System): the
//! synchronisation `web/app/libs/uoj-data-lib.php` (`handle`: the keys it
//! reads, the files each names, `n_sample_tests` at most `n_ex_tests`,
//! the checker's name), the reading of `problem.conf` and its file names
//! `web/app/libs/uoj-judger-lib.php` (`getUOJConf`: `key value` lines,
//! each key once), the judge's integer limits in seconds and MB
//! `judger/uoj_judger/include/uoj_judger.h` (`conf_int`), its points
//! per test `judger/uoj_judger/builtin/judger/judger.cpp`
//! (`point_score_N`) and its built-in checkers
//! `judger/uoj_judger/builtin/checker/`.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{scores, Archive, Entry, MEMORY_MIB, TIME_LIMIT_MS};
use crate::package::check::TestFile;
use crate::package::layout::Extras;
use crate::package::Package;
use crate::testlib;

const CONF: &str = "problem.conf";

/// The output limit written, in MB (UOJ's customary 64).
const OUTPUT_LIMIT_MB: u64 = 64;

/// UOJ's built-in checkers (`judger/uoj_judger/builtin/checker/`).
const BUILTIN_CHECKERS: &[&str] = &[
    "acmp", "bcmp", "caseicmp", "casencmp", "casewcmp", "dcmp", "fcmp", "hcmp", "icmp", "lcmp",
    "ncmp", "rcmp", "rcmp4", "rcmp6", "rcmp9", "rncmp", "uncmp", "wcmp", "yesno",
];

/// Whether a source file is C++, the only language `std.cpp` is built as.
pub(super) fn is_cpp(file: &str) -> bool {
    super::is_cpp_name(file)
}

pub(super) fn files(p: &Package, extras: &Extras) -> Vec<Entry> {
    let game = p.game.name();
    let mut conf = String::from("use_builtin_judger on\n");
    if testlib::own_checker(p.game).is_none() {
        // The judge compares tokens: UOJ's built-in testlib wcmp does.
        conf += "use_builtin_checker wcmp\n";
    }
    writeln!(conf, "n_tests {}", p.secret.len()).expect("string");
    writeln!(conf, "n_ex_tests {0}\nn_sample_tests {0}", p.samples.len()).expect("string");
    writeln!(
        conf,
        "input_pre {game}\ninput_suf in\noutput_pre {game}\noutput_suf out"
    )
    .expect("string");
    let seconds = TIME_LIMIT_MS.div_ceil(1000);
    writeln!(
        conf,
        "time_limit {seconds}\nmemory_limit {MEMORY_MIB}\noutput_limit {OUTPUT_LIMIT_MB}"
    )
    .expect("string");
    for (i, score) in scores(p.secret.len()).into_iter().enumerate() {
        writeln!(conf, "point_score_{} {score}", i + 1).expect("string");
    }
    let mut out = vec![Entry::new(CONF, conf)];
    for (i, t) in p.secret.iter().enumerate() {
        out.push(Entry::new(format!("{game}{}.in", i + 1), t.input.clone()));
        out.push(Entry::new(format!("{game}{}.out", i + 1), t.answer.clone()));
    }
    for (i, t) in p.samples.iter().enumerate() {
        out.push(Entry::new(
            format!("ex_{game}{}.in", i + 1),
            t.input.clone(),
        ));
        out.push(Entry::new(
            format!("ex_{game}{}.out", i + 1),
            t.answer.clone(),
        ));
    }
    out.push(Entry::new("val.cpp", testlib::validator_source(p.game)));
    if let Some(checker) = testlib::own_checker(p.game) {
        out.push(Entry::new("chk.cpp", checker));
    }
    if let Some(s) = extras
        .submissions
        .iter()
        .find(|s| s.category == "accepted" && is_cpp(&s.file))
    {
        out.push(Entry::new("std.cpp", s.source.clone()));
    }
    out
}

/// `problem.conf` as `getUOJConf` reads it: whitespace-separated `key
/// value` pairs, each key once.
fn conf(a: &Archive) -> Result<BTreeMap<String, String>, String> {
    let text = a.text(CONF)?;
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.len() % 2 == 1 {
        return Err(format!(
            "{CONF}: the key {} has no value",
            tokens[tokens.len() - 1]
        ));
    }
    let mut out = BTreeMap::new();
    for pair in tokens.chunks(2) {
        if out
            .insert(pair[0].to_string(), pair[1].to_string())
            .is_some()
        {
            return Err(format!(
                "{CONF}: the key {} appears twice (a syntax error to UOJ)",
                pair[0]
            ));
        }
    }
    Ok(out)
}

/// The file names of test `n` (extra tests carry `ex_`), as
/// `getUOJProblemInputFileName` builds them.
fn names(conf: &BTreeMap<String, String>, n: u64, extra: bool) -> (String, String) {
    let get = |k: &str, d: &'static str| conf.get(k).map_or(d, String::as_str).to_string();
    let ex = if extra { "ex_" } else { "" };
    (
        format!(
            "{ex}{}{n}.{}",
            get("input_pre", "input"),
            get("input_suf", "txt")
        ),
        format!(
            "{ex}{}{n}.{}",
            get("output_pre", "output"),
            get("output_suf", "txt")
        ),
    )
}

fn count(conf: &BTreeMap<String, String>, key: &str, default: u64) -> Option<u64> {
    conf.get(key).map_or(Some(default), |v| v.parse().ok())
}

pub(super) fn tests(a: &Archive) -> anyhow::Result<Vec<TestFile>> {
    let conf = conf(a).map_err(anyhow::Error::msg)?;
    let n = count(&conf, "n_tests", 10)
        .ok_or_else(|| anyhow::anyhow!("{CONF}: n_tests is not a number"))?;
    let ex = count(&conf, "n_ex_tests", 0)
        .ok_or_else(|| anyhow::anyhow!("{CONF}: n_ex_tests is not a number"))?;
    let mut out = Vec::new();
    for (extra, last) in [(true, ex), (false, n)] {
        for i in 1..=last {
            let (input, answer) = names(&conf, i, extra);
            let label = input
                .rsplit_once('.')
                .map_or(input.as_str(), |(s, _)| s)
                .to_string();
            out.push(a.test(label, &input, &answer)?);
        }
    }
    Ok(out)
}

pub(super) fn problems(a: &Archive) -> Vec<String> {
    let sync = "(UniversalOJ/UOJ-System web/app/libs/uoj-data-lib.php)";
    let conf = match conf(a) {
        Ok(c) => c,
        Err(why) => {
            return vec![format!(
                "{why} (web/app/libs/uoj-judger-lib.php: getUOJConf)"
            )]
        }
    };
    let mut out = Vec::new();
    for d in &a.folders {
        out.push(format!(
            "the folder {d}: the data is flat, problem.conf at the top {sync}"
        ));
    }
    if conf.get("use_builtin_judger").map(String::as_str) != Some("on") {
        out.push(format!("{CONF}: use_builtin_judger is not on {sync}"));
    }
    for key in ["input_pre", "input_suf", "output_pre", "output_suf"] {
        if conf.get(key).is_none_or(|v| v.is_empty()) {
            out.push(format!("{CONF}: no {key} {sync}"));
        }
    }
    let n = count(&conf, "n_tests", 10);
    let ex = count(&conf, "n_ex_tests", 0);
    match n {
        Some(n) if n > 0 => {}
        _ => out.push(format!(
            "{CONF}: n_tests is not a positive whole number {sync}"
        )),
    }
    if ex.is_none() {
        out.push(format!("{CONF}: n_ex_tests is not a whole number {sync}"));
    }
    match count(&conf, "n_sample_tests", n.unwrap_or(0)) {
        None => out.push(format!(
            "{CONF}: n_sample_tests is not a whole number {sync}"
        )),
        Some(s) if s > ex.unwrap_or(0) => {
            out.push(format!(
                "{CONF}: n_sample_tests is more than n_ex_tests {sync}"
            ));
        }
        Some(_) => {}
    }
    for (extra, last) in [(false, n.unwrap_or(0)), (true, ex.unwrap_or(0))] {
        for i in 1..=last {
            let (input, answer) = names(&conf, i, extra);
            for f in [input, answer] {
                if a.file(&f).is_none() {
                    out.push(format!("{f}, named by {CONF}, is missing {sync}"));
                }
            }
        }
    }
    match conf.get("use_builtin_checker") {
        Some(c) if !BUILTIN_CHECKERS.contains(&c.as_str()) => out.push(format!(
            "{CONF}: use_builtin_checker {c} is none of UOJ's built-in checkers \
             (judger/uoj_judger/builtin/checker/)"
        )),
        Some(_) => {}
        None if a.file("chk.cpp").is_none() => {
            out.push(format!("no use_builtin_checker and no chk.cpp {sync}"));
        }
        None => {}
    }
    let judger = "(judger/uoj_judger/include/uoj_judger.h: conf_int)";
    for (key, unit) in [
        ("time_limit", "seconds"),
        ("memory_limit", "MB"),
        ("output_limit", "MB"),
    ] {
        if conf
            .get(key)
            .is_some_and(|v| !v.parse::<u64>().is_ok_and(|v| v > 0))
        {
            out.push(format!(
                "{CONF}: {key} is not a whole number of {unit} {judger}"
            ));
        }
    }
    for (key, value) in &conf {
        if let Some(i) = key.strip_prefix("point_score_") {
            let on_a_test = i
                .parse::<u64>()
                .is_ok_and(|i| i >= 1 && i <= n.unwrap_or(0));
            if !on_a_test || value.parse::<u64>().is_err() {
                out.push(format!(
                    "{CONF}: {key} {value} is not the whole points of a test \
                     (judger/uoj_judger/builtin/judger/judger.cpp)"
                ));
            }
        }
    }
    for (file, call) in [
        ("val.cpp", "registerValidation"),
        ("chk.cpp", "registerTestlibCmd"),
    ] {
        if let Some(source) = a.file(file) {
            let text = String::from_utf8_lossy(source);
            if !(text.contains("testlib.h") && text.contains(call)) {
                out.push(format!("{file} is not a testlib program ({call}) {sync}"));
            }
        }
    }
    out
}
