//! The HTML report of a `diff` run or a package: one self-contained page
//! (no script, and no style sheet, font or image from elsewhere), so that
//! it can be mailed, archived by CI and opened offline. Everything a
//! program printed is escaped and its control bytes shown as `\x1b`.
//! The page is a function of the run: only the timings differ between two
//! runs of the same campaign.
//!
//! It stays readable with hundreds of signatures: an index first, then one
//! collapsible section per signature (open when there are few), long
//! inputs, outputs and traces folded and cut.

use std::fmt::Write;

use crate::corpus::SolverRecord;
use crate::driver::{ShrinkState, SignatureReport, Summary};
use crate::explain::show as explained;
use crate::game::{parse_valid, Game};
use crate::package::Package;
use crate::picture::Focus;
use crate::show::{printable, push_markup};
use crate::solver::{Limits, SolverSpec};

/// Text shown from one input, output or trace, in bytes.
const SHOWN_BYTES: usize = 64 * 1024;
/// Lines of the side-by-side outputs.
const SHOWN_LINES: usize = 400;
/// Longer texts are folded.
const FOLDED_LINES: usize = 30;
/// Signatures open at first when a page has at most this many.
const OPEN_SIGNATURES: usize = 12;

const STYLE: &str = "
body{font-family:sans-serif;margin:1.5em;color:#222;background:#fff;max-width:90em}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.5em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}
th{background:#f3f3f3}pre{margin:0;font-size:.85em;white-space:pre-wrap;word-break:break-all}
details{margin:.4em 0}details.sig{border:1px solid #bbb;border-radius:4px;padding:.3em .8em;margin:.6em 0}
summary{cursor:pointer}code{background:#f3f3f3;padding:0 .2em}
.d{background:#ffd7d7}.n{color:#888;text-align:right}.mark{background:#fff2a8;font-weight:bold}
.bar{background:#4a7fd4;height:.9em;display:inline-block}.bar0{color:#b00}
.boards svg{max-width:36em;height:auto;margin:.3em;border:1px solid #ddd}
.note{color:#555}.explain li{margin:.15em 0}
.pair{display:flex;flex-wrap:wrap;gap:1em}.pair>div{flex:1 1 20em}
";

/// Text made safe for HTML: printable (control bytes escaped, cut after
/// `max` bytes) and entity-escaped.
pub fn escape(s: &str, max: usize) -> String {
    let mut out = String::with_capacity(s.len().min(max) + 16);
    for c in printable(s, max).chars() {
        push_markup(&mut out, c);
    }
    out
}

fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        escape(title, 200)
    )
}

/// A block of text, in a `<pre>`, folded when long.
fn block(label: &str, text: &str) -> String {
    let pre = format!("<pre>{}</pre>", escape(text, SHOWN_BYTES));
    let lines = text.lines().count();
    if lines > FOLDED_LINES {
        format!(
            "<details><summary>{} ({lines} lines, {} bytes)</summary>{pre}</details>\n",
            escape(label, 200),
            text.len()
        )
    } else {
        format!("<p>{}</p>{pre}\n", escape(label, 200))
    }
}

/// The whole page of a `diff` run: the summary of every game, an index of
/// the signatures, then one section per signature (`sections`, in the
/// order of the summaries, from [`diff_sections`]).
pub fn diff_page(summaries: &[Summary], sections: &[String]) -> String {
    let mut b = String::from("<h1>gamefuzz diff</h1>\n<table>\n<tr><th>game</th><th>solvers</th><th>cases</th><th>compared</th><th>divergences</th><th>signatures</th><th>seed</th><th>time</th><th>cases/s</th></tr>\n");
    for s in summaries {
        let _ = writeln!(
            b,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}{}{}</td><td>{:.1} s</td><td>{:.0}</td></tr>",
            s.game,
            escape(&s.solvers.join(", "), 1000),
            s.cases,
            s.compared,
            s.divergences,
            s.signatures.len(),
            s.seed,
            s.profile.as_deref().map(|p| format!(", profile {}", escape(p, 100))).unwrap_or_default(),
            s.shard.as_deref().map(|p| format!(", shard {p}")).unwrap_or_default(),
            s.elapsed_s,
            s.cases_per_s
        );
    }
    b += "</table>\n";
    if summaries.iter().any(|s| s.interrupted) {
        b += "<p class=\"note\">The run was interrupted: it reports what it had found.</p>\n";
    }
    let total: usize = summaries.iter().map(|s| s.signatures.len()).sum();
    if total == 0 {
        b += "<p>No divergence.</p>\n";
    } else {
        b += "<h2>Signatures</h2>\n<table>\n<tr><th>game</th><th>signature</th><th>count</th><th>exemplar</th></tr>\n";
        for s in summaries {
            for (i, r) in s.signatures.iter().enumerate() {
                let _ = writeln!(
                    b,
                    "<tr><td>{}</td><td><a href=\"#{}\">{}</a></td><td>{}</td><td>{} bytes</td></tr>",
                    s.game,
                    anchor(s.game, i),
                    escape(&r.signature, 1000),
                    r.count,
                    r.shrunk_bytes
                );
            }
        }
        b += "</table>\n";
    }
    for s in sections {
        b += s;
    }
    page("gamefuzz diff", &b)
}

fn anchor(game: &str, i: usize) -> String {
    format!("{game}-{}", i + 1)
}

/// The boards of a finding as inline SVG elements, for the games that
/// draw them; to find where inside a case the solvers part, the game may
/// run them again on smaller inputs.
fn boards<G: Game>(
    input: &G::Input,
    answers: &[(String, Option<G::Output>)],
    run: &Rerun<'_>,
) -> Vec<String> {
    let parts = |smaller: &G::Input| {
        let c = crate::verdict::compare::<G>(run.solvers, smaller, &G::render(smaller), run.limits);
        c.signature.is_some() && !c.interrupted()
    };
    let focus = Focus::<G::Input, G::Output> {
        answers: answers
            .iter()
            .map(|(n, o)| (n.clone(), o.as_ref()))
            .collect(),
        parts: Some(&parts),
    };
    G::pictures(input, &focus).iter().map(|p| p.svg()).collect()
}

/// The solvers of a run and their limits, for running them again.
pub struct Rerun<'a> {
    pub solvers: &'a [SolverSpec],
    pub limits: &'a Limits,
}

/// One section per signature of `s`, whose game is `G`.
pub fn diff_sections<G: Game>(s: &Summary, run: &Rerun<'_>) -> Vec<String> {
    let open = if s.signatures.len() <= OPEN_SIGNATURES {
        " open"
    } else {
        ""
    };
    s.signatures
        .iter()
        .enumerate()
        .map(|(i, r)| {
            format!(
                "<details class=\"sig\" id=\"{}\"{open}><summary><b>{}</b> [{}] &times;{}</summary>\n{}</details>\n",
                anchor(s.game, i),
                s.game,
                escape(&r.signature, 1000),
                r.count,
                finding::<G>(r, run)
            )
        })
        .collect()
}

/// How many cases, the smallest one's origin and size, and how far it shrank.
fn summary(r: &SignatureReport) -> String {
    let shrunk = match r.shrink {
        ShrinkState::Shrunk => format!("shrunk to {} bytes", r.shrunk_bytes),
        ShrinkState::Partly => format!("partly shrunk to {} bytes", r.shrunk_bytes),
        ShrinkState::NotShrunk => "not shrunk".to_string(),
        ShrinkState::Known => format!(
            "the corpus holds a shrunk exemplar of {} bytes",
            r.shrunk_bytes
        ),
    };
    let origin = match (&r.file, r.seed, &r.profile) {
        (Some(file), _, _) => format!("file {}", escape(file, 400)),
        (None, Some(seed), Some(profile)) => {
            format!("seed {seed}, profile {}", escape(profile, 100))
        }
        _ => "no origin recorded".to_string(),
    };
    format!(
        "<p>{} cases; smallest found: {origin} ({} bytes), {}{}.</p>\n",
        r.count,
        r.found_bytes,
        shrunk,
        r.shrink_note.map(|n| format!(": {n}")).unwrap_or_default()
    )
}

fn finding<G: Game>(r: &SignatureReport, run: &Rerun<'_>) -> String {
    let mut b = summary(r);
    if r.packed {
        b += "<p class=\"note\">Only when cases share one file: no case diverges alone.</p>\n";
    }
    let label = match r.repro_rebuilds {
        "reported" => "repro",
        _ => "repro of the unshrunk original (the input shown is not stored)",
    };
    let _ = writeln!(b, "<p>{label}: <code>{}</code></p>", escape(&r.repro, 4096));
    if let Some(o) = &r.original_repro {
        let _ = writeln!(
            b,
            "<p>unshrunk original ({} bytes): <code>{}</code></p>",
            r.found_bytes,
            escape(o, 4096)
        );
    }
    if let Some(p) = &r.corpus {
        let _ = writeln!(
            b,
            "<p>corpus: <code>{}</code>{}</p>",
            escape(p, 4096),
            r.corpus_status
                .map(|s| format!(" ({})", escape(s, 200)))
                .unwrap_or_default()
        );
    }
    if !r.rules.is_empty() {
        let rules: Vec<String> = r
            .rules
            .iter()
            .map(|h| format!("{} &times;{}", h.rule, h.hits))
            .collect();
        let _ = writeln!(b, "<p>engine's rules on it: {}</p>", rules.join(", "));
    }
    if let Some(e) = &r.explain {
        b += "<ul class=\"explain\">\n";
        for l in explained::lines(e).iter().filter(|l| !l.starts_with(' ')) {
            if l != "right input:" {
                let _ = writeln!(b, "<li>{}</li>", escape(l, 2000));
            }
        }
        b += "</ul>\n";
    }
    let annotated = explained::annotated(&r.input, r.explain.as_ref(), "");
    match annotated.is_empty() {
        true => b += &block("input", &r.input),
        false => b += &block("input", &annotated),
    }
    let right = (r.explain.as_ref())
        .and_then(|e| e.right.found())
        .and_then(|right| Some((right, parse_valid::<G>(&right.input).ok()?)));
    b += &outputs(&r.records);
    for rec in &r.records {
        if let Some(e) = &rec.stderr {
            b += &block(&format!("{} stderr", rec.solver), e);
        }
    }
    let Ok(input) = parse_valid::<G>(&r.input) else {
        return b;
    };
    let answers: Vec<(String, Option<G::Output>)> = r
        .records
        .iter()
        .map(|rec| {
            let out = rec.output.as_deref().filter(|_| rec.fault.is_none());
            (
                rec.solver.clone(),
                out.and_then(|o| G::parse_output(o).ok()),
            )
        })
        .collect();
    let svgs = boards::<G>(&input, &answers, run);
    if !svgs.is_empty() {
        let _ = writeln!(b, "<div class=\"boards\">{}</div>", svgs.join("\n"));
    }
    // The nearest input on which the program is right, its boards beside
    // the exemplar's.
    if let Some((right, near)) = right {
        let _ = writeln!(b, "<p>right when {}:</p>", escape(&right.change, 2000));
        b += &block("right input", &right.input);
        let engine = crate::solver::run_engine::<G>(&near, run.limits).0;
        let agreed = vec![("every solver".to_string(), engine.result.ok())];
        let theirs = boards::<G>(&near, &agreed, run);
        if !svgs.is_empty() && !theirs.is_empty() {
            let _ = writeln!(
                b,
                "<div class=\"pair\"><div class=\"boards\">{}</div><div class=\"boards\">{}</div></div>",
                svgs.join("\n"),
                theirs.join("\n")
            );
        }
    }
    if let Some(trace) = G::trace(&input) {
        let mark = match (answers.first(), answers.get(1)) {
            (Some((_, Some(a))), Some((_, Some(o)))) => G::trace_parting(&input, a, o),
            _ => None,
        };
        b += &trace_block(&trace, mark);
    }
    b
}

/// Every solver's output side by side, line by line; lines that differ
/// from the first solver's are marked.
fn outputs(records: &[SolverRecord]) -> String {
    if records.is_empty() {
        return String::new();
    }
    let texts: Vec<Vec<&str>> = records
        .iter()
        .map(|r| {
            r.output
                .as_deref()
                .map_or_else(Vec::new, |o| o.lines().collect())
        })
        .collect();
    let rows = texts.iter().map(Vec::len).max().unwrap_or(0);
    let mut t = String::from("<table class=\"out\">\n<tr><th></th>");
    for r in records {
        let fault = r
            .fault
            .as_ref()
            .map(|f| format!("<br>{}", escape(&f.to_string(), 500)))
            .unwrap_or_default();
        let _ = write!(
            t,
            "<th>{} ({}){fault}</th>",
            escape(&r.solver, 500),
            escape(&r.class, 100)
        );
    }
    t += "</tr>\n";
    let mut differing = 0;
    for i in 0..rows.min(SHOWN_LINES) {
        let _ = write!(t, "<tr><td class=\"n\">{}</td>", i + 1);
        let base = texts[0].get(i);
        for (j, lines) in texts.iter().enumerate() {
            let line = lines.get(i);
            let answered = records[0].output.is_some() && records[j].output.is_some();
            let d = j > 0 && answered && line != base;
            differing += usize::from(d);
            let _ = write!(
                t,
                "<td{}><pre>{}</pre></td>",
                if d { " class=\"d\"" } else { "" },
                line.map_or(String::new(), |l| escape(l, 2000))
            );
        }
        t += "</tr>\n";
    }
    t += "</table>\n";
    if rows > SHOWN_LINES {
        let _ = writeln!(
            t,
            "<p class=\"note\">{} more lines not shown.</p>",
            rows - SHOWN_LINES
        );
    }
    let label =
        format!("outputs ({rows} lines, {differing} marked as differing from the first solver's)");
    if rows > FOLDED_LINES {
        format!("<details><summary>{label}</summary>{t}</details>\n")
    } else {
        format!("<p>{label}</p>{t}")
    }
}

/// The engine's trace, folded, with the line `mark` (0-based) highlighted
/// and its turn opened.
fn trace_block(trace: &str, mark: Option<usize>) -> String {
    let mut pre = String::new();
    let mut shown = 0;
    let lines: Vec<&str> = trace.lines().collect();
    for (i, l) in lines.iter().enumerate() {
        if shown > SHOWN_BYTES {
            let _ = writeln!(pre, "… ({} more lines)", lines.len() - i);
            break;
        }
        shown += l.len() + 1;
        if Some(i) == mark {
            let _ = writeln!(
                pre,
                "<span class=\"mark\" id=\"parting\">{}</span>",
                escape(l, 2000)
            );
        } else {
            let _ = writeln!(pre, "{}", escape(l, 2000));
        }
    }
    let note = match mark {
        Some(m) => format!(
            ", line {} marked: the last event of the engine's run that changed the first output line on which the solvers differ",
            m + 1
        ),
        None => String::new(),
    };
    format!(
        "<details><summary>engine's trace ({} lines{note})</summary><pre>{pre}</pre></details>\n",
        lines.len()
    )
}

/// The page of a package: its tests, the rule coverage as bars, and each
/// test with its description.
pub fn package_page<G: Game>(p: &Package, out: &str) -> String {
    let mut b = format!("<h1>gamefuzz package: {}</h1>\n", G::ID);
    let _ = writeln!(
        b,
        "<p>{} sample and {} secret tests ({} bytes), seed {}, written to <code>{}</code>.</p>",
        p.samples.len(),
        p.secret.len(),
        p.bytes(),
        p.seed,
        escape(out, 4096)
    );
    let tests = (p.samples.len() + p.secret.len()).max(1) as u64;
    b += "<h2>Rule coverage</h2>\n<table>\n<tr><th>rule</th><th>tests</th><th>hits</th><th></th><th>about</th></tr>\n";
    for ((name, about), (t, h)) in p.rules.iter().zip(p.coverage()) {
        let width = 100 * t / tests;
        let bar = if t == 0 {
            "<span class=\"bar0\">never</span>".to_string()
        } else {
            format!(
                "<span class=\"bar\" style=\"width:{}em\"></span>",
                (width as f64 / 10.0).max(0.2)
            )
        };
        let _ = writeln!(
            b,
            "<tr><td>{name}</td><td>{t}</td><td>{h}</td><td style=\"width:11em\">{bar}</td><td>{}</td></tr>",
            escape(about, 2000)
        );
    }
    b += "</table>\n";
    for (rule, why) in &p.unreached {
        let _ = writeln!(
            b,
            "<p class=\"bar0\">not exercised: {rule}: {}</p>",
            escape(why, 2000)
        );
    }
    b += &kill_matrix(p);
    b += "<h2>Tests</h2>\n";
    for (kind, list) in [("sample", &p.samples), ("secret", &p.secret)] {
        for t in list.iter() {
            let rules: Vec<&str> = p
                .rules
                .iter()
                .zip(&t.hits)
                .filter(|(_, &n)| n > 0)
                .map(|(r, _)| r.0)
                .collect();
            let _ = writeln!(
                b,
                "<details class=\"sig\"><summary><b>{kind}/{}</b>: {}</summary>\n<p>rules: {}</p>\n{}{}</details>",
                escape(&t.name, 500),
                escape(&t.about, 2000),
                rules.join(", "),
                block("input", &t.input),
                block("answer", &t.answer)
            );
        }
    }
    page(&format!("gamefuzz package {}", G::ID), &b)
}

/// The package's kill matrix: a row per catalogued mistake, a column per
/// test (by its number), a mark where the test kills the mistake.
fn kill_matrix(p: &Package) -> String {
    let tests: Vec<(String, &crate::package::Test)> = p
        .samples
        .iter()
        .map(|t| (format!("s{}", t.name.split('-').next().unwrap_or("")), t))
        .chain(
            p.secret
                .iter()
                .map(|t| (t.name.split('-').next().unwrap_or("").to_string(), t)),
        )
        .collect();
    let mut b = format!(
        "<h2>Catalogued mistakes</h2>\n<p>kills {}/{} catalogued mistakes (secret tests; \
         columns: s = sample, then the secret tests by number)</p>\n<table class=\"kills\">\n<tr><th>mistake</th><th>tests</th>",
        p.mistakes.len() - p.survivors().len(),
        p.mistakes.len()
    );
    for (label, t) in &tests {
        let _ = write!(
            b,
            "<th title=\"{}\">{}</th>",
            escape(&t.name, 200),
            escape(label, 20)
        );
    }
    b += "<th>about</th></tr>\n";
    for (m, (name, about)) in p.mistakes.iter().enumerate() {
        let count = tests.iter().filter(|(_, t)| t.kills[m]).count();
        let class = if p.secret.iter().any(|t| t.kills[m]) {
            ""
        } else {
            " class=\"bar0\""
        };
        let _ = write!(b, "<tr><td{class}>{name}</td><td>{count}</td>");
        for (_, t) in &tests {
            b += if t.kills[m] {
                "<td>&#x25cf;</td>"
            } else {
                "<td></td>"
            };
        }
        let _ = writeln!(b, "<td>{}</td></tr>", escape(about, 2000));
    }
    b += "</table>\n";
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_leaves_no_markup_and_shows_control_bytes() {
        let e = escape("<script>alert('x')</script> & \u{1b}[31m\"", 1000);
        assert!(
            !e.contains('<') && !e.contains('>') && !e.contains('\u{1b}'),
            "{e}"
        );
        assert!(
            e.contains("\\x1b") && e.contains("&amp;") && e.contains("&#39;"),
            "{e}"
        );
    }

    #[test]
    fn outputs_mark_the_lines_that_differ() {
        let rec = |solver: &str, out: &str| SolverRecord {
            solver: solver.into(),
            class: "ok".into(),
            output: Some(out.into()),
            fault: None,
            stderr: None,
        };
        let t = outputs(&[rec("engine", "YES\nNO\n"), rec("reference", "YES\nYES\n")]);
        assert_eq!(t.matches("class=\"d\"").count(), 1, "{t}");
        assert!(t.contains("1 marked"), "{t}");
    }
}
