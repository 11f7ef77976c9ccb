//! The problem statement a package carries, written from the game's rules
//! document (`docs/rules/<game>.md`, `Game::RULES_TEXT`): the sections a
//! contestant needs, as Markdown where the dialect takes it (a judge renders
//! it with pandoc, no TeX needed) and as LaTeX where it wants that.
//!
//! The rules documents are written in a small part of Markdown, which is
//! all [`latex`] converts: headings, paragraphs, bullet and numbered lists
//! (nested by indentation), pipe tables, fenced code blocks, and inline
//! `code`, **bold**, *emphasis*, `$math$` and links. Text before the first
//! `## ` heading (the title and what the document is) and every section
//! whose heading is followed by the line [`OMIT`] stay out of a statement.

use std::fmt::Write as _;

use crate::game::{Game, GameId, Visit};

/// `game`'s rules document.
pub fn rules_text(game: GameId) -> &'static str {
    struct Text;
    impl Visit for Text {
        type Out = &'static str;
        fn visit<G: Game>(self) -> &'static str {
            G::RULES_TEXT
        }
    }
    game.dispatch(Text)
}

/// The line that, right under a heading, keeps that section (with its
/// subsections) out of statements: notes for test data, solutions.
pub const OMIT: &str = "<!-- not in the statement -->";

/// The first words of every statement gamefuzz writes, after the comment
/// sign: a rebuild replaces a statement that starts with them and keeps any
/// other as the setter's.
const MARK: &str = "gamefuzz statement";

/// The mark line of a statement written from `source`, commented the way
/// the statement's language comments (`<!-- -->` or `%`).
pub fn mark_line(source: &str, latex: bool) -> String {
    let words = format!(
        "{MARK}, written from {source} (gamefuzz {}); a rebuild replaces this file: delete this line to keep your edits",
        env!("CARGO_PKG_VERSION")
    );
    if latex {
        format!("% {words}\n")
    } else {
        format!("<!-- {words} -->\n")
    }
}

/// Whether a statement's text is one gamefuzz wrote (and may replace).
pub fn is_ours(text: &str) -> bool {
    let first = text.lines().next().unwrap_or("");
    let body = first
        .strip_prefix("% ")
        .or_else(|| first.strip_prefix("<!-- "));
    body.is_some_and(|b| b.starts_with(MARK))
}

/// The part of a rules document that goes into a statement, still Markdown.
pub fn statement_markdown(doc: &str) -> String {
    let lines: Vec<&str> = doc.lines().collect();
    let mut out = String::new();
    // Level of the heading whose section is being left out, if any.
    let mut omitting: Option<usize> = None;
    let mut started = false;
    for (i, line) in lines.iter().enumerate() {
        if let Some(level) = heading_level(line) {
            started |= level >= 2;
            if omitting.is_some_and(|o| level <= o) {
                omitting = None;
            }
            let next = lines[i + 1..].iter().find(|l| !l.trim().is_empty());
            if omitting.is_none() && next.is_some_and(|n| n.trim() == OMIT) {
                omitting = Some(level);
            }
        }
        if !started || omitting.is_some() || line.trim() == OMIT {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    squeeze_blank_lines(&out)
}

/// `#`-count of an ATX heading line (outside code, which the documents
/// never start a line of with `#`).
fn heading_level(line: &str) -> Option<usize> {
    let hashes = line.bytes().take_while(|&b| b == b'#').count();
    (hashes > 0 && line[hashes..].starts_with(' ')).then_some(hashes)
}

/// At most one blank line in a row, none at either end.
fn squeeze_blank_lines(text: &str) -> String {
    let mut out = String::new();
    let mut blank = false;
    for line in text.lines() {
        if line.trim().is_empty() {
            blank = !out.is_empty();
            continue;
        }
        if blank {
            out.push('\n');
            blank = false;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// `markdown` (as [`statement_markdown`] gives it) for a Markdown
/// statement: headings marked unnumbered (`{-}`), so that pandoc's LaTeX for
/// the PDF does not number them again beside the document's own numbers.
pub fn markdown(markdown: &str) -> String {
    let mut out = String::new();
    let mut code = false;
    for line in markdown.lines() {
        code ^= line.trim_start().starts_with("```");
        out.push_str(line);
        if !code && heading_level(line).is_some() {
            out.push_str(" {-}");
        }
        out.push('\n');
    }
    out
}

// ---- Markdown blocks ----

#[derive(Debug, Clone, PartialEq)]
enum Block {
    Heading(usize, String),
    Paragraph(String),
    /// Items with their labels as written (`1.`, `*`), each a list of blocks.
    List {
        ordered: bool,
        items: Vec<(String, Vec<Block>)>,
    },
    Code(String),
    Table(Vec<Vec<String>>),
}

/// A list item's marker at the start of `line` (after its indentation):
/// the marker and the text after it.
fn list_marker(line: &str) -> Option<(String, &str)> {
    let t = line.trim_start();
    if let Some(rest) = t.strip_prefix("* ").or_else(|| t.strip_prefix("- ")) {
        return Some((t[..1].to_string(), rest));
    }
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let rest = t[digits..].strip_prefix(". ")?;
    (digits > 0).then(|| (t[..digits + 1].to_string(), rest))
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// The blocks of `lines` (already free of the enclosing list's indentation).
fn blocks(lines: &[&str]) -> Vec<Block> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let t = line.trim();
        if t.is_empty() {
            i += 1;
        } else if let Some(level) = heading_level(t) {
            out.push(Block::Heading(level, t[level..].trim().to_string()));
            i += 1;
        } else if t.starts_with("```") {
            let end = (i + 1..lines.len())
                .find(|&j| lines[j].trim().starts_with("```"))
                .unwrap_or(lines.len());
            let body: Vec<&str> = lines[i + 1..end]
                .iter()
                .map(|l| l.get(indent(line)..).unwrap_or(l.trim_start()))
                .collect();
            out.push(Block::Code(body.join("\n")));
            i = end + 1;
        } else if t.starts_with('|') {
            let end = (i..lines.len())
                .find(|&j| !lines[j].trim().starts_with('|'))
                .unwrap_or(lines.len());
            out.push(table(&lines[i..end]));
            i = end;
        } else if list_marker(line).is_some() {
            i = list(lines, i, &mut out);
        } else {
            let end = (i..lines.len())
                .find(|&j| {
                    let t = lines[j].trim();
                    t.is_empty()
                        || heading_level(t).is_some()
                        || t.starts_with("```")
                        || (j > i && list_marker(lines[j]).is_some())
                })
                .unwrap_or(lines.len());
            let text: Vec<&str> = lines[i..end].iter().map(|l| l.trim()).collect();
            out.push(Block::Paragraph(text.join("\n")));
            i = end;
        }
    }
    out
}

/// The list starting at `lines[start]`; returns the index after it.
fn list(lines: &[&str], start: usize, out: &mut Vec<Block>) -> usize {
    let base = indent(lines[start]);
    let ordered = list_marker(lines[start]).is_some_and(|(m, _)| m.ends_with('.'));
    let mut items = Vec::new();
    let mut i = start;
    while i < lines.len() {
        let Some((label, first)) = list_marker(lines[i]) else {
            break;
        };
        if indent(lines[i]) != base || label.ends_with('.') != ordered {
            break;
        }
        // The item's text starts here; its other lines are indented deeper
        // than the marker (blank lines inside it allowed).
        let content = base + (lines[i].trim_start().len() - first.len());
        let mut body = vec![first];
        let mut j = i + 1;
        while j < lines.len() {
            let l = lines[j];
            if l.trim().is_empty() {
                let more = lines[j..].iter().find(|l| !l.trim().is_empty());
                if more.is_none_or(|m| indent(m) <= base) {
                    break;
                }
            } else if indent(l) <= base {
                break;
            }
            body.push(l.get(content.min(indent(l))..).unwrap_or(""));
            j += 1;
        }
        items.push((label, blocks(&body)));
        i = j;
        while i < lines.len() && lines[i].trim().is_empty() {
            i += 1;
        }
    }
    out.push(Block::List { ordered, items });
    // Blank lines after the last item belong to no one.
    i
}

/// A pipe table; the `|---|` line under the header is dropped.
fn table(lines: &[&str]) -> Block {
    let rows = lines
        .iter()
        .map(|l| split_cells(l.trim()))
        .filter(|cells| {
            !cells
                .iter()
                .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
        })
        .collect();
    Block::Table(rows)
}

/// The cells of a table row, `\|` kept as a literal bar.
fn split_cells(row: &str) -> Vec<String> {
    let inner = row.strip_prefix('|').unwrap_or(row);
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut cells = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cells.last_mut().expect("a cell").push_str("\\|");
                chars.next();
            }
            '|' => cells.push(String::new()),
            c => cells.last_mut().expect("a cell").push(c),
        }
    }
    cells.iter().map(|c| c.trim().to_string()).collect()
}

// ---- LaTeX ----

/// `markdown` (as [`statement_markdown`] gives it) as LaTeX for a problem
/// statement.
pub fn latex(markdown: &str) -> String {
    let lines: Vec<&str> = markdown.lines().collect();
    let mut out = String::new();
    for b in blocks(&lines) {
        block_latex(&b, &mut out);
    }
    out
}

fn block_latex(b: &Block, out: &mut String) {
    match b {
        Block::Heading(level, text) => {
            let command = match level {
                1 | 2 => "section",
                3 => "subsection",
                4 => "subsubsection",
                _ => "paragraph",
            };
            writeln!(out, "\\{command}*{{{}}}\n", inline(text)).expect("string");
        }
        Block::Paragraph(text) => writeln!(out, "{}\n", inline(text)).expect("string"),
        Block::List { ordered, items } => {
            let env = if *ordered { "enumerate" } else { "itemize" };
            writeln!(out, "\\begin{{{env}}}").expect("string");
            for (label, body) in items {
                // Numbered items keep the number written, which rule names
                // and validator messages cite (`rule 3.7`).
                if *ordered {
                    write!(out, "\\item[{label}] ").expect("string");
                } else {
                    out.push_str("\\item ");
                }
                // A nested list follows its line of text directly; two
                // paragraphs of one item stay two paragraphs.
                for (k, b) in body.iter().enumerate() {
                    let mut inner = String::new();
                    block_latex(b, &mut inner);
                    out.push_str(inner.trim_end());
                    let gap = match body.get(k + 1) {
                        None | Some(Block::List { .. }) => "\n",
                        Some(_) => "\n\n",
                    };
                    out.push_str(gap);
                }
            }
            writeln!(out, "\\end{{{env}}}\n").expect("string");
        }
        Block::Code(text) => {
            writeln!(out, "\\begin{{verbatim}}\n{text}\n\\end{{verbatim}}\n").expect("string")
        }
        Block::Table(rows) => table_latex(rows, out),
    }
}

fn table_latex(rows: &[Vec<String>], out: &mut String) {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(1);
    writeln!(
        out,
        "\\begin{{center}}\n\\begin{{tabular}}{{|{}}}\n\\hline",
        "l|".repeat(columns)
    )
    .expect("string");
    for row in rows {
        let cells: Vec<String> = (0..columns)
            .map(|i| row.get(i).map_or(String::new(), |c| inline(c)))
            .collect();
        writeln!(out, "{} \\\\ \\hline", cells.join(" & ")).expect("string");
    }
    writeln!(out, "\\end{{tabular}}\n\\end{{center}}\n").expect("string");
}

/// Inline Markdown as LaTeX: code spans, math, bold, emphasis, links and
/// escapes; everything else is text, escaped.
fn inline(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut quotes = 0;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let rest = &chars[i..];
        if c == '\\' && i + 1 < chars.len() && chars[i + 1].is_ascii_punctuation() {
            text_char(chars[i + 1], &mut out, &mut quotes);
            i += 2;
        } else if let Some((inner, len)) = span(rest, "`", "`") {
            write!(out, "\\texttt{{{}}}", code(&inner)).expect("string");
            i += len;
        } else if let Some((inner, len)) = span(rest, "$$", "$$") {
            write!(out, "\\[{inner}\\]").expect("string");
            i += len;
        } else if let Some((inner, len)) = span(rest, "$", "$") {
            write!(out, "${inner}$").expect("string");
            i += len;
        } else if let Some((inner, len)) = span(rest, "**", "**") {
            write!(out, "\\textbf{{{}}}", inline(&inner)).expect("string");
            i += len;
        } else if let Some((inner, len)) = span(rest, "*", "*") {
            write!(out, "\\emph{{{}}}", inline(&inner)).expect("string");
            i += len;
        } else if let Some((label, len)) = link(rest) {
            out.push_str(&inline(&label));
            i += len;
        } else {
            text_char(c, &mut out, &mut quotes);
            i += 1;
        }
    }
    out
}

/// `open inner close` at the start of `s`, with `inner` non-empty and not
/// starting or ending with a space: the inner text and the span's length.
fn span(s: &[char], open: &str, close: &str) -> Option<(String, usize)> {
    let open: Vec<char> = open.chars().collect();
    let close: Vec<char> = close.chars().collect();
    if !s.starts_with(&open) {
        return None;
    }
    let from = open.len();
    let end = (from..s.len()).find(|&j| s[j..].starts_with(&close) && j > from)?;
    let inner: String = s[from..end].iter().collect();
    let code = open == ['`'];
    if !code && (inner.starts_with(' ') || inner.ends_with(' ')) {
        return None;
    }
    Some((inner, end + close.len()))
}

/// `[label](target)` at the start of `s`: the label and the link's length.
fn link(s: &[char]) -> Option<(String, usize)> {
    if s.first() != Some(&'[') {
        return None;
    }
    let close = s.iter().position(|&c| c == ']')?;
    if s.get(close + 1) != Some(&'(') {
        return None;
    }
    let end = close + 1 + s[close + 1..].iter().position(|&c| c == ')')?;
    Some((s[1..close].iter().collect(), end + 1))
}

/// One character of running text, escaped; straight double quotes become
/// opening and closing ones in turn.
fn text_char(c: char, out: &mut String, quotes: &mut usize) {
    let s: &str = match c {
        '\\' => "\\textbackslash{}",
        '{' => "\\{",
        '}' => "\\}",
        '$' => "\\$",
        '&' => "\\&",
        '#' => "\\#",
        '%' => "\\%",
        '_' => "\\_",
        '^' => "\\textasciicircum{}",
        '~' => "\\textasciitilde{}",
        '<' => "$<$",
        '>' => "$>$",
        '|' => "$|$",
        '"' => {
            *quotes += 1;
            if *quotes % 2 == 1 {
                "``"
            } else {
                "''"
            }
        }
        other => match symbol(other) {
            Some(s) => s,
            None => {
                out.push(other);
                return;
            }
        },
    };
    out.push_str(s);
}

/// LaTeX for the non-ASCII signs the rules documents use, so that no font
/// needs to have them.
fn symbol(c: char) -> Option<&'static str> {
    Some(match c {
        '≤' => "$\\le$",
        '≥' => "$\\ge$",
        '≠' => "$\\ne$",
        '·' => "$\\cdot$",
        '×' => "$\\times$",
        '−' => "$-$",
        '±' => "$\\pm$",
        '→' => "$\\to$",
        '←' => "$\\leftarrow$",
        '↑' => "$\\uparrow$",
        '↓' => "$\\downarrow$",
        '≈' => "$\\approx$",
        '∞' => "$\\infty$",
        '½' => "$\\frac12$",
        '–' => "--",
        '—' => "---",
        '…' => "\\ldots{}",
        '‘' => "`",
        '’' => "'",
        '“' => "``",
        '”' => "''",
        '§' => "\\S{}",
        '\u{a0}' => "~",
        _ => return None,
    })
}

/// A code span's text for `\texttt`: every sign that LaTeX would read as
/// markup is given by its character code, which typewriter fonts print as
/// itself.
fn code(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\\' | '{' | '}' | '$' | '&' | '#' | '%' | '_' | '^' | '~' | '<' | '>' | '"' | '|' => {
                write!(out, "{{\\char{}}}", c as u32).expect("string")
            }
            c => match symbol(c) {
                Some(s) => out.push_str(s),
                None => out.push(c),
            },
        }
    }
    out
}

/// Escapes `text` (a problem name, say) for LaTeX running text.
pub fn latex_text(text: &str) -> String {
    let mut out = String::new();
    let mut quotes = 0;
    for c in text.chars() {
        text_char(c, &mut out, &mut quotes);
    }
    out
}

#[cfg(test)]
mod tests;
