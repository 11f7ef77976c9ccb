//! The YAML the judges' configurations are written in, read: HydroOJ's
//! `problem.yaml` and `testdata/config.yaml`, Luogu's `config.yml`. Block
//! mappings and sequences, plain and quoted scalars, comments, and the
//! empty flow collections `[]` and `{}`, which is all those files hold, as
//! their documentation and gamefuzz write them; anything else (anchors,
//! other flow collections, multi-line scalars) is refused with its line,
//! so that the rule checks never judge a file they misread.

/// A YAML node.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Yaml {
    Map(Vec<(String, Yaml)>),
    Seq(Vec<Yaml>),
    /// A scalar as written (empty for a key without a value); a quoted one
    /// is a string, never a number or a boolean.
    Scalar {
        text: String,
        quoted: bool,
    },
}

impl Yaml {
    /// The value of `key` in a mapping.
    pub fn get(&self, key: &str) -> Option<&Yaml> {
        match self {
            Yaml::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Yaml::Scalar { text, .. } => Some(text),
            _ => None,
        }
    }

    /// A plain scalar that YAML reads as an integer.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Yaml::Scalar {
                text,
                quoted: false,
            } => {
                let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
                let decimal = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
                decimal.then(|| text.parse().ok()).flatten()
            }
            _ => None,
        }
    }

    /// A plain scalar that YAML reads as a boolean.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Yaml::Scalar {
                text,
                quoted: false,
            } => match text.as_str() {
                "true" | "True" | "TRUE" => Some(true),
                "false" | "False" | "FALSE" => Some(false),
                _ => None,
            },
            _ => None,
        }
    }

    /// What kind of node this is, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Yaml::Map(_) => "a mapping",
            Yaml::Seq(_) => "a list",
            Yaml::Scalar { .. } => "a scalar",
        }
    }
}

/// One line that holds something: its number, its indentation and its
/// content without the comment.
#[derive(Debug, Clone)]
struct Line {
    number: usize,
    indent: usize,
    text: String,
}

/// Reads a whole document; an empty one is an empty mapping.
pub(super) fn parse(text: &str) -> Result<Yaml, String> {
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        let body = strip_comment(raw).trim_end();
        let spaces = body.len() - body.trim_start_matches(' ').len();
        let content = &body[spaces..];
        if content.is_empty() {
            continue;
        }
        if content.starts_with('\t') {
            return Err(format!(
                "line {number}: a tab indents it (YAML indents with spaces only)"
            ));
        }
        if number == 1 && content == "---" {
            continue;
        }
        lines.push(Line {
            number,
            indent: spaces,
            text: content.to_string(),
        });
    }
    if lines.is_empty() {
        return Ok(Yaml::Map(Vec::new()));
    }
    let mut at = 0;
    let indent = lines[0].indent;
    let doc = block(&mut lines, &mut at, indent)?;
    match lines.get(at) {
        Some(l) => Err(format!(
            "line {}: indented where nothing can stand",
            l.number
        )),
        None => Ok(doc),
    }
}

/// The line without a comment: `#` at its start or after a blank, outside
/// quotes.
fn strip_comment(line: &str) -> &str {
    let mut quote: Option<char> = None;
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == '#' && (prev == ' ' || prev == '\t') => return &line[..i],
            None => {}
        }
        prev = c;
    }
    line
}

/// The block starting at line `at`, all of whose lines are indented by
/// `indent`: a sequence if it starts with `-`, else a mapping.
fn block(lines: &mut [Line], at: &mut usize, indent: usize) -> Result<Yaml, String> {
    if is_item(&lines[*at].text) {
        sequence(lines, at, indent)
    } else {
        mapping(lines, at, indent)
    }
}

fn is_item(text: &str) -> bool {
    text == "-" || text.starts_with("- ")
}

fn sequence(lines: &mut [Line], at: &mut usize, indent: usize) -> Result<Yaml, String> {
    let mut items = Vec::new();
    while *at < lines.len() && lines[*at].indent == indent && is_item(&lines[*at].text) {
        let line = lines[*at].clone();
        let rest = line.text[1..].trim_start();
        if rest.is_empty() {
            *at += 1;
            items.push(nested(lines, at, indent)?);
        } else if is_item(rest) || split_key(rest).is_some() {
            // `- key: value` opens a mapping whose keys align with `key`.
            let column = indent + (line.text.len() - rest.len());
            lines[*at] = Line {
                number: line.number,
                indent: column,
                text: rest.to_string(),
            };
            items.push(block(lines, at, column)?);
        } else {
            *at += 1;
            items.push(scalar(rest, line.number)?);
        }
    }
    Ok(Yaml::Seq(items))
}

fn mapping(lines: &mut [Line], at: &mut usize, indent: usize) -> Result<Yaml, String> {
    let mut entries: Vec<(String, Yaml)> = Vec::new();
    while *at < lines.len() && lines[*at].indent == indent && !is_item(&lines[*at].text) {
        let line = lines[*at].clone();
        let (key, value) = split_key(&line.text)
            .ok_or_else(|| format!("line {}: expected `key: value`", line.number))?;
        let key = match scalar(key, line.number)? {
            Yaml::Scalar { text, .. } => text,
            _ => return Err(format!("line {}: a key must be a scalar", line.number)),
        };
        if entries.iter().any(|(k, _)| *k == key) {
            return Err(format!(
                "line {}: the key {key:?} appears twice",
                line.number
            ));
        }
        *at += 1;
        let value = if value.is_empty() {
            // A list may stand at the key's own indentation.
            let same_level_list = lines
                .get(*at)
                .is_some_and(|l| l.indent == indent && is_item(&l.text));
            if same_level_list {
                sequence(lines, at, indent)?
            } else {
                nested(lines, at, indent)?
            }
        } else {
            scalar(value, line.number)?
        };
        entries.push((key, value));
    }
    Ok(Yaml::Map(entries))
}

/// The block indented deeper than `indent` that follows, or an empty
/// scalar (YAML's null) when none does.
fn nested(lines: &mut [Line], at: &mut usize, indent: usize) -> Result<Yaml, String> {
    match lines.get(*at) {
        Some(l) if l.indent > indent => {
            let deeper = l.indent;
            block(lines, at, deeper)
        }
        _ => Ok(Yaml::Scalar {
            text: String::new(),
            quoted: false,
        }),
    }
}

/// `key: value` (the value possibly empty), the colon outside quotes and
/// followed by a blank or the end of the line.
fn split_key(text: &str) -> Option<(&str, &str)> {
    let mut quote: Option<char> = None;
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    for (n, &(i, c)) in bytes.iter().enumerate() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if (c == '"' || c == '\'') && n == 0 => quote = Some(c),
            None if c == ':' => {
                let after = bytes.get(n + 1).map(|&(_, c)| c);
                if after.is_none() || after == Some(' ') {
                    return Some((text[..i].trim_end(), text[i + 1..].trim()));
                }
            }
            None => {}
        }
    }
    None
}

/// A scalar written on one line, or an empty flow collection.
fn scalar(text: &str, number: usize) -> Result<Yaml, String> {
    let unsupported = |what: &str| Err(format!("line {number}: {what} are not read here"));
    match text {
        "[]" => return Ok(Yaml::Seq(Vec::new())),
        "{}" => return Ok(Yaml::Map(Vec::new())),
        _ => {}
    }
    if let Some(body) = text.strip_prefix('"') {
        let Some(body) = body.strip_suffix('"') else {
            return Err(format!(
                "line {number}: a double-quoted scalar that does not end"
            ));
        };
        let mut out = String::new();
        let mut chars = body.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            match chars.next() {
                Some('"') => out.push('"'),
                Some('\\') => out.push('\\'),
                Some('/') => out.push('/'),
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                other => {
                    return Err(format!(
                        "line {number}: the escape \\{} is not read here",
                        other.map_or(String::new(), String::from)
                    ))
                }
            }
        }
        return Ok(Yaml::Scalar {
            text: out,
            quoted: true,
        });
    }
    if let Some(body) = text.strip_prefix('\'') {
        let Some(body) = body.strip_suffix('\'') else {
            return Err(format!(
                "line {number}: a single-quoted scalar that does not end"
            ));
        };
        return Ok(Yaml::Scalar {
            text: body.replace("''", "'"),
            quoted: true,
        });
    }
    match text.chars().next() {
        Some('[' | '{') => unsupported("flow collections"),
        Some('&' | '*') => unsupported("anchors and aliases"),
        Some('|' | '>') => unsupported("block scalars"),
        Some('!') => unsupported("tags"),
        _ => Ok(Yaml::Scalar {
            text: text.to_string(),
            quoted: false,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> Yaml {
        Yaml::Scalar {
            text: text.into(),
            quoted: false,
        }
    }

    #[test]
    fn reads_the_shapes_judges_configs_take() {
        let doc = parse(
            "# a comment\ntype: default\ntime: 1s  # one second\nsubtasks:\n  - score: 100\n    cases:\n    - input: a1.in\n      output: \"a1.out\"\n    - input: a2.in\nempty: []\n",
        )
        .unwrap();
        assert_eq!(doc.get("type"), Some(&s("default")));
        assert_eq!(doc.get("time"), Some(&s("1s")));
        let subtasks = match doc.get("subtasks") {
            Some(Yaml::Seq(v)) => v,
            other => panic!("{other:?}"),
        };
        assert_eq!(subtasks[0].get("score").and_then(Yaml::as_int), Some(100));
        let cases = match subtasks[0].get("cases") {
            Some(Yaml::Seq(v)) => v,
            other => panic!("{other:?}"),
        };
        assert_eq!(cases.len(), 2);
        assert_eq!(
            cases[0].get("output"),
            Some(&Yaml::Scalar {
                text: "a1.out".into(),
                quoted: true
            })
        );
        assert_eq!(doc.get("empty"), Some(&Yaml::Seq(Vec::new())));
    }

    #[test]
    fn a_list_may_stand_at_its_keys_indentation() {
        let doc = parse("a1.in:\n  timeLimit: 1000\ncases:\n- x\n- y\n").unwrap();
        assert_eq!(
            doc.get("a1.in")
                .and_then(|m| m.get("timeLimit"))
                .and_then(Yaml::as_int),
            Some(1000)
        );
        assert_eq!(doc.get("cases"), Some(&Yaml::Seq(vec![s("x"), s("y")])));
    }

    #[test]
    fn refuses_what_it_would_misread() {
        for bad in [
            "a: 1\na: 2\n",
            "a:\n\tb: 1\n",
            "a: [1, 2]\n",
            "a: &x 1\n",
            "a: |\n  text\n",
            "a: \"open\n",
            "just text\n",
            "a: 1\n    b: 2\n",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn types_follow_yaml() {
        assert_eq!(s("12").as_int(), Some(12));
        assert_eq!(s("-3").as_int(), Some(-3));
        assert_eq!(s("1.5").as_int(), None);
        assert_eq!(
            Yaml::Scalar {
                text: "12".into(),
                quoted: true
            }
            .as_int(),
            None
        );
        assert_eq!(s("true").as_bool(), Some(true));
        assert_eq!(s("yes").as_bool(), None);
    }
}
