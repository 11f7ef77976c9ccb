//! An explanation as lines of text: the same parts in `diff`'s report,
//! `repro` and `shrink`.

use super::spectrum::{rule_of, SHOWN};
use super::{Explanation, Matter, Part};

/// Inputs at most this many lines and bytes are printed whole.
pub const INLINE_LINES: usize = 12;
pub const INLINE_BYTES: usize = 800;

/// Whether `text` is small enough to print in a report.
pub fn inline(text: &str) -> bool {
    !text.is_empty() && text.len() <= INLINE_BYTES && text.lines().count() <= INLINE_LINES
}

/// The mark of a line whose every element can take any other value
/// without losing the failure.
pub const FREE: &str = "# any other value keeps it";

/// The lines of `text` whose every element is free, by what varying them
/// showed.
fn free_lines(matters: &[Matter]) -> Vec<usize> {
    let mut lines: Vec<usize> = matters.iter().map(|m| m.line).collect();
    lines.sort_unstable();
    lines.dedup();
    lines.retain(|&l| {
        (matters.iter())
            .filter(|m| m.line == l)
            .all(|m| m.free == Some(true))
    });
    lines
}

/// `text` indented by `indent`, each line whose elements are all free
/// marked so; empty where it is too large to print.
pub fn annotated(text: &str, e: Option<&Explanation>, indent: &str) -> String {
    if !inline(text) {
        return String::new();
    }
    let free = e
        .and_then(|e| e.matters.found())
        .map_or(Vec::new(), |m| free_lines(m));
    let width = text.lines().map(str::len).max().unwrap_or(0);
    let mut out = String::new();
    for (i, l) in text.lines().enumerate() {
        let l = crate::show::printable(l, INLINE_BYTES);
        let l = l.trim_end();
        let line = match free.contains(&i) {
            true => format!("{indent}{l:width$}   {FREE}"),
            false => format!("{indent}{l}"),
        };
        out += line.trim_end();
        out.push('\n');
    }
    out
}

/// The most items a list of a report line names.
const LISTED: usize = 6;

/// A list of labels as a sentence's part: `a, b and c`, or the first
/// few and how many more.
fn listed(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        _ if items.len() > LISTED => format!(
            "{} and {} more",
            items[..LISTED].join(", "),
            items.len() - LISTED
        ),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The parts of `e`, a line each (the right input's text follows its
/// line, indented by two more spaces, where it is small).
pub fn lines(e: &Explanation) -> Vec<String> {
    let mut out = Vec::new();
    out.push(match &e.rules {
        Part::Found(r) if r.is_empty() => "rules involved: none of the engine's rules fired".into(),
        Part::Found(r) => {
            // Each rule once, at the grain that scored best.
            let mut rules = Vec::new();
            let mut shown = Vec::new();
            for s in r {
                let rule = rule_of(&s.rule);
                if !rules.contains(&rule) && shown.len() < SHOWN {
                    rules.push(rule);
                    shown.push(s.line());
                }
            }
            format!("rules involved: {}", shown.join("; "))
        }
        Part::Cut { cut } => format!("rules involved: not established ({cut})"),
    });
    out.push(match &e.matters {
        Part::Found(m) => {
            let of = |f: &dyn Fn(&Matter) -> bool| -> Vec<String> {
                m.iter()
                    .filter(|m| f(m))
                    .map(|m| match &m.lost_when {
                        Some(c) => format!("{} (lost when it {c})", m.element),
                        None => m.element.clone(),
                    })
                    .collect()
            };
            let matter = of(&|m| m.free == Some(false));
            let free: Vec<String> = (m.iter())
                .filter(|m| m.free == Some(true))
                .map(|m| m.element.clone())
                .collect();
            let unknown: Vec<String> = (m.iter())
                .filter(|m| m.free.is_none() && !m.fixed)
                .map(|m| m.element.clone())
                .collect();
            let fixed: Vec<String> = (m.iter())
                .filter(|m| m.fixed)
                .map(|m| m.element.clone())
                .collect();
            let mut parts = Vec::new();
            if !matter.is_empty() {
                parts.push(format!("what matters: {}", listed(&matter)));
            }
            if !free.is_empty() {
                parts.push(format!(
                    "free (any other value keeps it): {}",
                    listed(&free)
                ));
            }
            if !fixed.is_empty() {
                parts.push(format!(
                    "fixed (no other value one edit away is valid): {}",
                    listed(&fixed)
                ));
            }
            if !unknown.is_empty() {
                parts.push(format!("not varied: {}", listed(&unknown)));
            }
            parts.join("; ")
        }
        Part::Cut { cut } => format!("what matters: not established ({cut})"),
    });
    match &e.right {
        Part::Found(r) => {
            out.push(r.line());
            if inline(&r.input) {
                out.push("right input:".into());
                out.extend(
                    r.input
                        .lines()
                        .map(|l| format!("  {l}").trim_end().to_string()),
                );
            }
        }
        Part::Cut { cut } => out.push(format!("right when: not established ({cut})")),
    }
    out.push(match &e.catalogue {
        Part::Found(l) => l.line(),
        Part::Cut { cut } => format!("catalogue: not matched ({cut})"),
    });
    out
}
