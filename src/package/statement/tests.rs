use super::*;

const DOC: &str = "\
# game — rules

What this document is.

## 1. Summary

Two \"players\" move: `N r c` and **bold** and *em*, §4 and a ≤ b.

## 7. Test data
<!-- not in the statement -->

Generators only.

### 7.1 More

Still left out.

## 8. Output

| pile | value |
|---|---|
| `w` | 1 \\| 2 |

1. First:
   1. inner one;
   2. inner two.
2. Second.

```
0 0 0
```
";

#[test]
fn a_statement_leaves_out_the_preface_and_marked_sections() {
    let md = statement_markdown(DOC);
    assert!(md.starts_with("## 1. Summary\n\n"), "{md}");
    assert!(!md.contains("What this document"), "{md}");
    assert!(
        !md.contains("Generators") && !md.contains("Still left out"),
        "{md}"
    );
    assert!(!md.contains(OMIT), "{md}");
    assert!(md.contains("## 8. Output\n"), "{md}");
    assert!(md.ends_with("```\n0 0 0\n```\n"), "{md}");
    assert!(!md.contains("\n\n\n"), "{md}");
}

#[test]
fn latex_keeps_numbers_escapes_text_and_passes_math() {
    let tex = latex(&statement_markdown(DOC));
    assert!(tex.starts_with("\\section*{1. Summary}\n\n"), "{tex}");
    assert!(
        tex.contains(
            "Two ``players'' move: \\texttt{N r c} and \\textbf{bold} and \\emph{em}, \\S{}4 and a $\\le$ b."
        ),
        "{tex}"
    );
    assert!(
        tex.contains("\\begin{tabular}{|l|l|}\n\\hline\npile & value \\\\ \\hline\n"),
        "{tex}"
    );
    assert!(tex.contains("\\texttt{w} & 1 $|$ 2 \\\\ \\hline"), "{tex}");
    assert!(tex.contains("\\item[1.] First:\n\\begin{enumerate}\n\\item[1.] inner one;\n\\item[2.] inner two.\n\\end{enumerate}\n\\item[2.] Second."), "{tex}");
    assert!(
        tex.contains("\\begin{verbatim}\n0 0 0\n\\end{verbatim}"),
        "{tex}"
    );
    assert_eq!(inline("$x_1 \\le 2$ and x_1"), "$x_1 \\le 2$ and x\\_1");
    assert_eq!(inline("$$T = 2$$ so"), "\\[T = 2\\] so");
    assert_eq!(
        code("a_b{}\\%\"<"),
        "a{\\char95}b{\\char123}{\\char125}{\\char92}{\\char37}{\\char34}{\\char60}"
    );
    assert_eq!(
        inline("[see](http://x.y) 50% & #1 ~^"),
        "see 50\\% \\& \\#1 \\textasciitilde{}\\textasciicircum{}"
    );
    assert_eq!(
        latex_text("Doraemon's \"Stone\" Game_2"),
        "Doraemon's ``Stone'' Game\\_2"
    );
}

#[test]
fn markdown_statements_have_unnumbered_headings() {
    let md = markdown("## 1. Summary\n\n```\n# not a heading\n```\n### 4.1 Terms\n");
    assert_eq!(
        md,
        "## 1. Summary {-}\n\n```\n# not a heading\n```\n### 4.1 Terms {-}\n"
    );
}

#[test]
fn bullet_lists_nest_and_continue_across_lines() {
    let tex = latex("* one\n  continued\n* two:\n  * deep\n\n* three\n");
    assert_eq!(
        tex,
        "\\begin{itemize}\n\\item one\ncontinued\n\\item two:\n\\begin{itemize}\n\\item deep\n\\end{itemize}\n\\item three\n\\end{itemize}\n\n"
    );
}

#[test]
fn only_statements_with_the_mark_are_ours() {
    assert!(is_ours(&mark_line("docs/rules/x.md", true)));
    assert!(is_ours(
        &(mark_line("docs/rules/x.md", false) + "\n## 1. Summary\n")
    ));
    assert!(!is_ours("\\problemname{Mine}\n% gamefuzz statement\n"));
    assert!(!is_ours(""));
}

// ---- The rules documents against the code that cites them ----

use crate::id::GameId;
use std::collections::BTreeSet;

/// The Rust validators' sources, for the item numbers they cite.
fn rust_validator(game: GameId) -> &'static str {
    match game {
        GameId::Xiangqi => include_str!("../../games/xiangqi/validate.rs"),
        GameId::Chutes => include_str!("../../games/chutes/validate.rs"),
        GameId::Pigs => include_str!("../../games/pigs/validate.rs"),
        GameId::Generals => include_str!("../../games/generals/validate.rs"),
        GameId::Stones => include_str!("../../games/stones/validate.rs"),
    }
}

/// The text of section `number` (`4.6`, `3`) of a rules document: from its
/// heading to the next heading of the same or a higher level.
fn section(doc: &str, number: &str) -> Option<String> {
    let lines: Vec<&str> = doc.lines().collect();
    let start = lines.iter().position(|l| {
        heading_level(l).is_some_and(|n| {
            let title = l[n..].trim_start();
            title.starts_with(&format!("{number}. ")) || title.starts_with(&format!("{number} "))
        })
    })?;
    let level = heading_level(lines[start]).expect("a heading");
    let end = (start + 1..lines.len())
        .find(|&i| heading_level(lines[i]).is_some_and(|n| n <= level))
        .unwrap_or(lines.len());
    Some(lines[start..end].join("\n"))
}

/// The numbers of a section's numbered items, nested ones as `3.7` (a
/// numbered item under a bullet counts by its own number).
fn item_ids(text: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    let mut stack: Vec<(usize, Option<String>)> = Vec::new();
    for line in text.lines() {
        let Some((marker, _)) = list_marker(line) else {
            continue;
        };
        let at = indent(line);
        while stack.last().is_some_and(|(i, _)| *i >= at) {
            stack.pop();
        }
        let id = marker.strip_suffix('.').map(|n| match stack.last() {
            Some((_, Some(parent))) => format!("{parent}.{n}"),
            _ => n.to_string(),
        });
        if let Some(id) = &id {
            ids.insert(id.clone());
        }
        stack.push((at, id));
    }
    ids
}

/// The sections a rule's description cites, each with the steps or items
/// it names: `4.2 steps 3-4: ...` and `(section 4.9 items 3.1 and 4)`.
fn citations(about: &str) -> Vec<(String, Vec<String>)> {
    let mut starts: Vec<usize> = about
        .match_indices("section ")
        .map(|(i, _)| i + 8)
        .collect();
    if about.starts_with(|c: char| c.is_ascii_digit()) {
        starts.push(0);
    }
    let mut out = Vec::new();
    for s in starts {
        let rest = &about[s..];
        let len = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let number = rest[..len].trim_end_matches('.');
        if number.is_empty() {
            continue;
        }
        let clause = &rest[len..];
        let clause = &clause[..clause.find([';', ')', ':']).unwrap_or(clause.len())];
        let mut ids = Vec::new();
        if let Some(k) = clause.find("step").or_else(|| clause.find("item")) {
            let words = clause[k..].trim_start_matches(char::is_alphabetic);
            for piece in words.replace(" and ", ",").split([',', ' ']) {
                match piece.split_once('-') {
                    Some((a, b)) => {
                        let (a, b): (u32, u32) = (a.parse().unwrap(), b.parse().unwrap());
                        ids.extend((a..=b).map(|n| n.to_string()));
                    }
                    // Words after the numbers (`step 3, target empty`) are no ids.
                    None if !piece.is_empty()
                        && piece.chars().all(|c| c.is_ascii_digit() || c == '.') =>
                    {
                        ids.push(piece.trim_end_matches('.').to_string())
                    }
                    None => {}
                }
            }
        }
        out.push((number.to_string(), ids));
    }
    out
}

/// Every section, step and item the engines' rule descriptions cite, and
/// every checklist item the validators (Rust and C++) name, is in the
/// game's rules document under that number.
#[test]
fn every_number_the_code_cites_is_in_the_rules_document() {
    struct Check;
    impl Visit for Check {
        type Out = ();
        fn visit<G: Game>(self) {
            let doc = G::RULES_TEXT;
            let mut cited = 0;
            for rule in G::RULES {
                for (number, ids) in citations(rule.about) {
                    let text = section(doc, &number).unwrap_or_else(|| {
                        panic!(
                            "{}: {} cites section {number}, which docs/rules has not",
                            G::ID,
                            rule.name
                        )
                    });
                    let items = item_ids(&text);
                    for id in ids {
                        assert!(
                            items.contains(&id),
                            "{}: {} cites {number} step or item {id}, not in {items:?}",
                            G::ID,
                            rule.name
                        );
                    }
                    cited += 1;
                }
            }
            let checklist = item_ids(&section(doc, "3").expect("a section 3"));
            let mut named = Vec::new();
            for (source, open) in [
                (G::VALIDATOR, "rule(\""),
                (rust_validator(G::ID), "Invalid::new("),
            ] {
                for (i, _) in source.match_indices(open) {
                    let after = source[i + open.len()..]
                        .trim_start()
                        .trim_start_matches('"');
                    named.push(after[..after.find('"').expect("a closing quote")].to_string());
                }
            }
            assert!(!named.is_empty(), "{}", G::ID);
            for id in named {
                assert!(
                    checklist.contains(&id),
                    "{}: the validator names item {id} of section 3, not in {checklist:?}",
                    G::ID
                );
            }
            assert!(
                cited >= G::RULES.len(),
                "{}: rules that cite no section",
                G::ID
            );
        }
    }
    for &g in GameId::ALL {
        g.dispatch(Check);
    }
}

/// Every rules document becomes a statement whose LaTeX is balanced: braces
/// (unescaped), environments, and `$` signs; no Markdown marks are left.
#[test]
fn every_statement_converts_to_balanced_latex() {
    for &g in GameId::ALL {
        let md = statement_markdown(rules_text(g));
        assert!(md.starts_with("## 1. Summary\n"), "{g}");
        assert!(!md.contains("7. Test data") && !md.contains(OMIT), "{g}");
        // pandoc gives a pipe table with a line over 72 characters relative
        // column widths, whose LaTeX problemtools' PDF template cannot build.
        for line in md.lines().filter(|l| l.starts_with('|')) {
            assert!(
                line.chars().count() <= 72,
                "{g}: table line too wide: {line}"
            );
        }
        let tex = latex(&md);
        let mut depth = 0i64;
        let mut dollars = 0;
        let mut verbatim = false;
        for line in tex.lines() {
            verbatim = match line {
                "\\begin{verbatim}" => true,
                "\\end{verbatim}" => false,
                _ => verbatim,
            };
            if verbatim {
                continue;
            }
            let mut chars = line.chars();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => {
                        chars.next();
                    }
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    '$' => dollars += 1,
                    _ => {}
                }
                assert!(depth >= 0, "{g}: {line}");
            }
            assert!(
                !line.contains("**") && !line.contains('`') || line.contains("``"),
                "{g}: {line}"
            );
        }
        assert_eq!(depth, 0, "{g}");
        assert_eq!(dollars % 2, 0, "{g}");
        for env in ["itemize", "enumerate", "tabular", "verbatim", "center"] {
            assert_eq!(
                tex.matches(&format!("\\begin{{{env}}}")).count(),
                tex.matches(&format!("\\end{{{env}}}")).count(),
                "{g}: {env}"
            );
        }
        assert!(
            tex.is_ascii() || g == GameId::Generals || g == GameId::Pigs,
            "{g}"
        );
    }
}
