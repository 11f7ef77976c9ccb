//! Codeforces Polygon's package, the preparation format of Codeforces,
//! ICPC regionals and the Universal Cup, which CMS and the converters to
//! DOMjudge read: `problem.xml` (names, the testset with its limits, test
//! count, path patterns and each test's description, the checker, the
//! validator, the tagged solutions), `files/` (testlib.h, the testlib
//! validator and checker), `solutions/`, `statements/english/` and
//! `tests/NN` with `tests/NN.a`. Laid out as a package Polygon itself
//! builds (`cn-xcpc-tools/Polygon2DOMjudge` keeps one,
//! `test/fixtures/little-h-reboot-7$linux.zip`); `p2d`, which converts
//! such a package for DOMjudge and Kattis, checks it in CI.

use std::fmt::Write as _;

use anyhow::{bail, Context};

use super::{numbered, problem_name, statement_body, Archive, Entry, MEMORY_MIB, TIME_LIMIT_MS};
use crate::package::check::TestFile;
use crate::package::layout::{Extras, Submission};
use crate::package::yaml::header;
use crate::package::{statement, Package};
use crate::testlib;

const VALIDATOR: &str = "files/validator.cpp";
const CHECKER: &str = "files/check.cpp";
const STATEMENT: &str = "statements/english/problem.tex";
const INPUT_PATTERN: &str = "tests/%02d";
const ANSWER_PATTERN: &str = "tests/%02d.a";

/// Polygon's name of the language a program is built as.
fn source_type(file: &str) -> &'static str {
    match file.rsplit_once('.').map(|(_, e)| e) {
        Some("c") => "c.gcc",
        Some("py") => "python.3",
        Some("rs") => "rust",
        _ => "cpp.g++17",
    }
}

/// Where a solution goes: a folder per kind, as the Kattis layout has
/// them, so that a model solution and a wrong program of one name (a
/// setter's xiangqi.cpp and the blog's) both fit.
fn solution_path(s: &Submission) -> String {
    format!("solutions/{}/{}", s.category, s.file)
}

/// Text made safe inside an XML attribute (control characters, which XML
/// does not allow, become spaces).
fn attr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if (c as u32) < 0x20 => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// `%02d` of a path pattern filled with `n`.
fn fill(pattern: &str, n: usize) -> String {
    match pattern.split_once('%') {
        Some((head, tail)) => {
            let width_end = tail.find('d').unwrap_or(0);
            let width: usize = tail[..width_end]
                .trim_start_matches('0')
                .parse()
                .unwrap_or(0);
            format!("{head}{n:0width$}{}", &tail[width_end + 1..])
        }
        None => pattern.to_string(),
    }
}

pub(super) fn files(p: &Package, extras: &Extras) -> Vec<Entry> {
    let tests = numbered(p);
    let mut out = vec![Entry::new("problem.xml", problem_xml(p, extras))];
    out.push(Entry::new("files/testlib.h", testlib::HEADER));
    out.push(Entry::new(VALIDATOR, testlib::validator_source(p.game)));
    out.push(Entry::new(CHECKER, testlib::checker_source(p.game)));
    for s in &extras.submissions {
        out.push(Entry::new(solution_path(s), s.source.clone()));
    }
    out.push(Entry::new(STATEMENT, statement_tex(p, extras)));
    for (i, (_, t)) in tests.iter().enumerate().filter(|(_, (sample, _))| *sample) {
        let n = format!("{:02}", i + 1);
        out.push(Entry::new(
            format!("statements/english/example.{n}"),
            t.input.clone(),
        ));
        out.push(Entry::new(
            format!("statements/english/example.{n}.a"),
            t.answer.clone(),
        ));
    }
    for (i, (_, t)) in tests.iter().enumerate() {
        out.push(Entry::new(fill(INPUT_PATTERN, i + 1), t.input.clone()));
        out.push(Entry::new(fill(ANSWER_PATTERN, i + 1), t.answer.clone()));
    }
    out
}

fn problem_xml(p: &Package, extras: &Extras) -> String {
    let tests = numbered(p);
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n");
    // The mark as the zip's comment has it, for a reader of this file.
    let mark = header(p).replace("--", "- -");
    writeln!(x, "<!-- {} -->", mark.trim_start_matches("# ")).expect("string");
    writeln!(
        x,
        "<problem revision=\"1\" short-name=\"{}\">",
        p.game.name()
    )
    .expect("string");
    writeln!(x, "    <names>").expect("string");
    let name = attr(&problem_name(p, extras));
    writeln!(x, "        <name language=\"english\" value=\"{name}\"/>").expect("string");
    writeln!(x, "    </names>").expect("string");
    writeln!(x, "    <statements>").expect("string");
    writeln!(
        x,
        "        <statement charset=\"UTF-8\" language=\"english\" mathjax=\"true\" \
         path=\"{STATEMENT}\" type=\"application/x-tex\"/>"
    )
    .expect("string");
    writeln!(x, "    </statements>").expect("string");
    writeln!(x, "    <judging input-file=\"\" output-file=\"\">").expect("string");
    writeln!(x, "        <testset name=\"tests\">").expect("string");
    writeln!(x, "            <time-limit>{TIME_LIMIT_MS}</time-limit>").expect("string");
    writeln!(
        x,
        "            <memory-limit>{}</memory-limit>",
        MEMORY_MIB << 20
    )
    .expect("string");
    writeln!(x, "            <test-count>{}</test-count>", tests.len()).expect("string");
    writeln!(
        x,
        "            <input-path-pattern>{INPUT_PATTERN}</input-path-pattern>"
    )
    .expect("string");
    writeln!(
        x,
        "            <answer-path-pattern>{ANSWER_PATTERN}</answer-path-pattern>"
    )
    .expect("string");
    writeln!(x, "            <tests>").expect("string");
    for (sample, t) in &tests {
        // Made by gamefuzz, not by a generator of the package: manual.
        let flag = if *sample { " sample=\"true\"" } else { "" };
        writeln!(
            x,
            "                <test description=\"{}\" method=\"manual\"{flag}/>",
            attr(&t.about)
        )
        .expect("string");
    }
    writeln!(x, "            </tests>").expect("string");
    writeln!(x, "        </testset>").expect("string");
    writeln!(x, "    </judging>").expect("string");
    writeln!(x, "    <files>").expect("string");
    writeln!(x, "        <resources>").expect("string");
    writeln!(
        x,
        "            <file path=\"files/testlib.h\" type=\"h.g++\"/>"
    )
    .expect("string");
    writeln!(x, "        </resources>").expect("string");
    writeln!(x, "        <executables>").expect("string");
    for path in [CHECKER, VALIDATOR] {
        writeln!(
            x,
            "            <executable><source path=\"{path}\" type=\"cpp.g++17\"/></executable>"
        )
        .expect("string");
    }
    writeln!(x, "        </executables>").expect("string");
    writeln!(x, "    </files>").expect("string");
    writeln!(x, "    <assets>").expect("string");
    writeln!(
        x,
        "        <checker type=\"testlib\"><source path=\"{CHECKER}\" type=\"cpp.g++17\"/></checker>"
    )
    .expect("string");
    writeln!(
        x,
        "        <validators><validator><source path=\"{VALIDATOR}\" type=\"cpp.g++17\"/></validator></validators>"
    )
    .expect("string");
    writeln!(x, "        <solutions>").expect("string");
    for s in &extras.submissions {
        let tag = match s.category {
            "accepted" => "main",
            _ => "wrong-answer",
        };
        writeln!(
            x,
            "            <solution tag=\"{tag}\"><source path=\"{}\" type=\"{}\"/></solution>",
            attr(&solution_path(s)),
            source_type(&s.file)
        )
        .expect("string");
    }
    writeln!(x, "        </solutions>").expect("string");
    writeln!(x, "    </assets>").expect("string");
    x.push_str("</problem>\n");
    x
}

/// The statement in the LaTeX of Polygon's `olymp.sty`: the problem
/// environment with its name and limits, the body written from the rules
/// document, and the sample as Polygon shows it.
fn statement_tex(p: &Package, extras: &Extras) -> String {
    let source = format!("docs/rules/{}.md", p.game);
    let mut out = statement::mark_line(&source, true);
    let name = statement::latex_text(&problem_name(p, extras));
    let seconds = TIME_LIMIT_MS as f64 / 1000.0;
    let unit = if TIME_LIMIT_MS == 1000 {
        "second"
    } else {
        "seconds"
    };
    writeln!(
        out,
        "\\begin{{problem}}{{{name}}}{{standard input}}{{standard output}}{{{seconds} {unit}}}{{{MEMORY_MIB} megabytes}}\n"
    )
    .expect("string");
    out += &statement::latex(&statement_body(p));
    out += "\n\\Examples\n\n";
    for (i, _) in numbered(p).iter().enumerate().filter(|(_, (s, _))| *s) {
        writeln!(
            out,
            "\\exmpfile{{example.{0:02}}}{{example.{0:02}.a}}%",
            i + 1
        )
        .expect("string");
    }
    out + "\n\\end{problem}\n"
}

// ---- Reading ----

/// The attributes and text of each element `name` of `xml`, in order, as
/// Polygon writes `problem.xml`: no element nested in one of its own name.
fn elements<'a>(xml: &'a str, name: &str) -> Vec<(Vec<(&'a str, String)>, &'a str)> {
    let open = format!("<{name}");
    let close = format!("</{name}>");
    let mut out = Vec::new();
    let mut rest = xml;
    while let Some(at) = rest.find(&open) {
        let tail = &rest[at + open.len()..];
        if !tail.starts_with([' ', '>', '/', '\n', '\t', '\r']) {
            rest = tail;
            continue;
        }
        let Some(end) = tail.find('>') else { break };
        let tag = &tail[..end];
        let attrs = attributes(tag.trim_end_matches('/'));
        if tag.ends_with('/') {
            out.push((attrs, ""));
            rest = &tail[end + 1..];
        } else {
            let body = &tail[end + 1..];
            let stop = body.find(&close).unwrap_or(body.len());
            out.push((attrs, &body[..stop]));
            rest = &body[stop..];
        }
    }
    out
}

/// `key="value"` pairs, entities decoded.
fn attributes(tag: &str) -> Vec<(&str, String)> {
    let mut out = Vec::new();
    let mut rest = tag;
    while let Some(eq) = rest.find("=\"") {
        let key = rest[..eq].trim();
        let body = &rest[eq + 2..];
        let Some(end) = body.find('"') else { break };
        out.push((key, unescape(&body[..end])));
        rest = &body[end + 1..];
    }
    out
}

fn unescape(s: &str) -> String {
    s.replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

fn get<'a>(attrs: &'a [(&str, String)], key: &str) -> Option<&'a str> {
    attrs
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v.as_str())
}

/// The testset's test count and path patterns.
fn testset(xml: &str) -> anyhow::Result<(usize, String, String)> {
    let one = |name: &str| -> anyhow::Result<String> {
        let found = elements(xml, name);
        match found.first() {
            Some((_, text)) => Ok(text.trim().to_string()),
            None => bail!("problem.xml has no <{name}>"),
        }
    };
    let count: usize = one("test-count")?
        .parse()
        .context("problem.xml: <test-count> is not a number")?;
    Ok((
        count,
        one("input-path-pattern")?,
        one("answer-path-pattern")?,
    ))
}

pub(super) fn tests(a: &Archive) -> anyhow::Result<Vec<TestFile>> {
    let xml = a.text("problem.xml").map_err(anyhow::Error::msg)?;
    let (count, input, answer) = testset(xml)?;
    (1..=count)
        .map(|n| {
            let path = fill(&input, n);
            a.test(path.clone(), &path, &fill(&answer, n))
        })
        .collect()
}

/// What Polygon and p2d need of a package (p2d's `Problem` reads these;
/// CI runs p2d itself on every game's package): `problem.xml` with a
/// short name, a name, one testset with its limits, count and patterns,
/// every test and answer file it names, and the checker, validator and
/// solutions it names.
pub(super) fn problems(a: &Archive) -> Vec<String> {
    const SOURCE: &str =
        "(Polygon's problem.xml, as cn-xcpc-tools/Polygon2DOMjudge p2d/p2d.py reads it)";
    let xml = match a.text("problem.xml") {
        Ok(x) => x,
        Err(why) => return vec![format!("{why} {SOURCE}")],
    };
    let mut out = Vec::new();
    let problem = elements(xml, "problem");
    let short = problem
        .first()
        .and_then(|(attrs, _)| get(attrs, "short-name"));
    if !short.is_some_and(|s| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    }) {
        out.push(format!(
            "problem.xml: the problem has no valid short-name {SOURCE}"
        ));
    }
    if !elements(xml, "name")
        .iter()
        .any(|(attrs, _)| get(attrs, "value").is_some() && get(attrs, "language").is_some())
    {
        out.push(format!(
            "problem.xml: no <name language=... value=...> {SOURCE}"
        ));
    }
    if elements(xml, "testset").len() != 1 {
        out.push(format!("problem.xml: not exactly one testset {SOURCE}"));
    }
    for limit in ["time-limit", "memory-limit"] {
        let ok = elements(xml, limit).first().is_some_and(|(_, t)| {
            !t.trim().is_empty() && t.trim().bytes().all(|b| b.is_ascii_digit())
        });
        if !ok {
            out.push(format!(
                "problem.xml: <{limit}> is not a whole number {SOURCE}"
            ));
        }
    }
    match testset(xml) {
        Err(e) => out.push(format!("{e} {SOURCE}")),
        Ok((count, input, answer)) => {
            let listed = elements(xml, "test").len();
            if listed != count {
                out.push(format!(
                    "problem.xml: <test-count> is {count} but {listed} tests are listed {SOURCE}"
                ));
            }
            for n in 1..=count {
                for path in [fill(&input, n), fill(&answer, n)] {
                    if a.file(&path).is_none() {
                        out.push(format!("{path} is missing {SOURCE}"));
                    }
                }
            }
        }
    }
    for (attrs, _) in elements(xml, "source") {
        if let Some(path) = get(&attrs, "path") {
            if a.file(path).is_none() {
                out.push(format!("{path}, named in problem.xml, is missing {SOURCE}"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_fill_as_printf_does() {
        assert_eq!(fill("tests/%02d", 3), "tests/03");
        assert_eq!(fill("tests/%02d.a", 123), "tests/123.a");
        assert_eq!(fill("t/%d", 7), "t/7");
    }

    #[test]
    fn elements_and_attributes_read_back_what_is_written() {
        let xml = "<tests><test description=\"a &quot;b&quot; &amp; c\" method=\"manual\" sample=\"true\"/>\n<test method=\"manual\"/></tests><test-count>2</test-count>";
        let tests = elements(xml, "test");
        assert_eq!(tests.len(), 2);
        assert_eq!(get(&tests[0].0, "description"), Some("a \"b\" & c"));
        assert_eq!(get(&tests[1].0, "sample"), None);
        assert_eq!(elements(xml, "test-count")[0].1, "2");
        assert_eq!(attr("a<\"b\">&\u{1}"), "a&lt;&quot;b&quot;&gt;&amp; ");
    }
}
