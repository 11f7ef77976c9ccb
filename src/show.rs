//! Text made safe to show: tokens quoted in error messages, program output
//! on a terminal, and characters in HTML or SVG. Whatever a judge file or a
//! program holds, what gamefuzz prints stays short and cannot hide or
//! reorder text, or break the markup it is put in.

/// How many characters of an offending token an error message quotes: a
/// 10 MB token must not become a 10 MB message.
const QUOTED_CHARS: usize = 40;

/// A token as an error message quotes it: in single quotes, control
/// characters escaped, cut after 40 characters with `…` and its length.
pub fn quoted(token: &str) -> String {
    let mut out = String::from("'");
    let mut chars = token.chars();
    for c in chars.by_ref().take(QUOTED_CHARS) {
        push_escaped(&mut out, c);
    }
    out.push('\'');
    if chars.next().is_some() {
        out += &format!("… ({} bytes)", token.len());
    }
    out
}

/// The first `max` bytes of `s` at most, cut at a character boundary, and
/// how many bytes were cut.
pub fn head(s: &str, max: usize) -> (&str, usize) {
    if s.len() <= max {
        return (s, 0);
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    (&s[..end], s.len() - end)
}

/// Text a program printed, made safe for a terminal: control characters
/// other than newline and tab are escaped (`\x1b`), and only the first
/// `max` bytes are kept, with a line saying how many were cut.
pub fn printable(s: &str, max: usize) -> String {
    let mut out = String::with_capacity(s.len().min(max) + 64);
    let mut shown = 0;
    for c in s.chars() {
        if shown + c.len_utf8() > max {
            break;
        }
        shown += c.len_utf8();
        push_escaped(&mut out, c);
    }
    if shown < s.len() {
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out += &format!("… ({} more bytes not shown)\n", s.len() - shown);
    }
    out
}

/// Pushes `c`, escaped unless it is printable (newline and tab count as
/// printable): C0/C1 controls and the invisible characters that reorder or
/// hide text on a terminal.
fn push_escaped(out: &mut String, c: char) {
    let hidden =
        matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if c == '\n' || c == '\t' || !(c.is_control() || hidden) {
        out.push(c);
    } else if (c as u32) < 0x100 {
        out.push_str(&format!("\\x{:02x}", c as u32));
    } else {
        out.push_str(&format!("\\u{{{:x}}}", c as u32));
    }
}

/// Appends `c` to HTML or SVG text: the five characters markup gives a
/// meaning to become entities, so one rule serves attribute values and
/// text nodes alike.
pub fn push_markup(out: &mut String, c: char) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&#39;"),
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_tokens_and_printed_text_are_short_and_escaped() {
        assert_eq!(quoted("abc"), "'abc'");
        assert_eq!(quoted("a\x1bb"), "'a\\x1bb'");
        let long = "x".repeat(10_000_000);
        let q = quoted(&long);
        assert!(q.len() < 80 && q.ends_with("… (10000000 bytes)"), "{q}");
        assert_eq!(printable("a\tb\nc\r\u{7}", 100), "a\tb\nc\\x0d\\x07");
        assert_eq!(printable("\u{202e}x", 100), "\\u{202e}x");
        let p = printable(&"y".repeat(5000), 100);
        assert!(p.starts_with(&"y".repeat(100)) && p.ends_with("(4900 more bytes not shown)\n"));
        assert_eq!(printable("éé", 3), "é\n… (2 more bytes not shown)\n");
    }

    #[test]
    fn markup_characters_become_entities() {
        let mut out = String::new();
        "<a href=\"x\">&'</a>"
            .chars()
            .for_each(|c| push_markup(&mut out, c));
        assert_eq!(out, "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
    }
}
