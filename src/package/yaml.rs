//! `problem.yaml` of a package: gamefuzz's keys in the dialect's form, the
//! setter's keys and comments kept as they were written. Only as much YAML
//! as that needs: top-level keys with the lines indented below them, and
//! one-line scalars.

use super::Package;

/// The first line of every package's `problem.yaml` or `tests.txt`:
/// `--force` replaces only a directory that carries it.
pub const MARK: &str = "# gamefuzz package";

/// How an earlier version wrote the name while a package had no statement;
/// a rebuild puts the key in its place.
const OLD_NAME_HINT: &str = "(a key once problem_statement/problem.en.tex exists)";

pub fn header(p: &Package) -> String {
    format!(
        "{MARK}: test data for `{}` (gamefuzz {}, seed {})",
        p.game,
        env!("CARGO_PKG_VERSION"),
        p.seed
    )
}

/// A top-level key with the lines below it, or a line that is no key (a
/// comment, a blank line).
type Block = (Option<String>, String);

/// `problem.yaml`: the mark, then the setter's lines of `old` as they are
/// (keys, comments, order), with `problem_format_version` set to `version`
/// (and left out without one: `legacy`, which is what its absence means to
/// every reader), `name` replaced only when one is given, and `name`,
/// `license` and `uuid` added where `old` lacks them. The dialect comes in
/// as its version alone, so that this file knows nothing of the layouts
/// that use it.
pub fn problem_yaml(
    p: &Package,
    version: Option<&str>,
    name: Option<&str>,
    old: Option<&str>,
) -> String {
    let game = p.game.name();
    let mut blocks = match old {
        Some(old) => yaml_blocks(old),
        None => vec![(
            None,
            "# Set license and rights_owner before publishing.\n".to_string(),
        )],
    };
    // An earlier version's hint gives its place to the name.
    let hint = blocks
        .iter()
        .position(|b| b.0.is_none() && b.1.starts_with("# name: ") && b.1.contains(OLD_NAME_HINT));
    if let Some(at) = hint {
        blocks.remove(at);
    }
    blocks.retain(|b| b.0.as_deref() != Some("problem_format_version"));
    if let Some(version) = version {
        let first_key = blocks.iter().position(|b| b.0.is_some());
        let at = first_key.unwrap_or(blocks.len());
        let line = format!("problem_format_version: {version}\n");
        blocks.insert(at, (Some("problem_format_version".into()), line));
    }
    let ours = [
        (
            "name",
            yaml_string(name.unwrap_or(p.game.title())),
            name.is_some(),
        ),
        ("license", "unknown".to_string(), false),
        ("uuid", uuid_v5(&format!("https://gamefuzz/{game}")), false),
    ];
    for (key, value, replace) in ours {
        let line = format!("{key}: {value}\n");
        match blocks.iter_mut().find(|b| b.0.as_deref() == Some(key)) {
            Some(block) if replace => block.1 = line,
            Some(_) => {}
            None if key == "name" && hint.is_some() => {
                blocks.insert(hint.expect("checked"), (Some(key.into()), line))
            }
            None => blocks.push((Some(key.into()), line)),
        }
    }
    let mut out = format!("{}.\n", header(p));
    for (_, text) in blocks {
        out += &text;
    }
    out
}

/// The problem's name as `problem.yaml` (`text`) gives it on one line: a
/// plain, single-quoted or double-quoted scalar, or the `en` entry of a
/// map of names. `None` when there is none this simple reader can read.
pub fn name_of(text: &str) -> Option<String> {
    let blocks = yaml_blocks(text);
    let block = &blocks.iter().find(|b| b.0.as_deref() == Some("name"))?.1;
    let mut lines = block.lines();
    let value = lines.next()?.split_once(':')?.1.trim();
    if !value.is_empty() {
        return scalar(value);
    }
    lines.find_map(|l| {
        let (k, v) = l.trim().split_once(':')?;
        (k.trim() == "en").then(|| scalar(v.trim())).flatten()
    })
}

/// A one-line YAML scalar's value.
fn scalar(v: &str) -> Option<String> {
    if let Some(inner) = v.strip_prefix('"') {
        let mut out = String::new();
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            match c {
                '"' => return Some(out),
                '\\' => out.push(match chars.next()? {
                    'n' => '\n',
                    't' => '\t',
                    other => other,
                }),
                c => out.push(c),
            }
        }
        None
    } else if let Some(inner) = v.strip_prefix('\'') {
        let mut out = String::new();
        let mut chars = inner.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\'' if chars.peek() == Some(&'\'') => {
                    out.push('\'');
                    chars.next();
                }
                '\'' => return Some(out),
                c => out.push(c),
            }
        }
        None
    } else {
        let plain = v.split(" #").next().unwrap_or(v).trim();
        (!plain.is_empty() && !plain.starts_with(['[', '{', '|', '>', '&', '*']))
            .then(|| plain.into())
    }
}

/// The lines of a `problem.yaml` after its mark, in blocks: a top-level
/// key with the indented lines below it, or a line that is no key
/// (a comment, a blank line). Enough YAML to keep a file as it was
/// written while replacing or adding top-level keys.
fn yaml_blocks(text: &str) -> Vec<Block> {
    let mut blocks: Vec<Block> = Vec::new();
    let mut in_key = false;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if i == 0 && line.starts_with(MARK) {
            continue;
        }
        let line = if line.ends_with('\n') {
            line.to_string()
        } else {
            format!("{line}\n")
        };
        let first = line.chars().next().unwrap_or('\n');
        if first == ' ' || first == '\t' || first == '-' {
            if in_key {
                blocks.last_mut().expect("a key block").1 += &line;
            } else {
                blocks.push((None, line));
            }
            continue;
        }
        let key = (first != '#' && first != '\n')
            .then(|| line.split_once(':'))
            .flatten()
            .map(|(k, _)| k.trim().trim_matches(['"', '\'']).to_string());
        in_key = key.is_some();
        blocks.push((key, line));
    }
    blocks
}

/// A YAML double-quoted string.
pub fn yaml_string(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A name-based (version 5) UUID: the same game always gets the same
/// problem id, so packages of one version are byte-identical.
fn uuid_v5(name: &str) -> String {
    // The RFC 4122 URL namespace.
    const NAMESPACE: [u8; 16] = [
        0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30,
        0xc8,
    ];
    let mut data = NAMESPACE.to_vec();
    data.extend_from_slice(name.as_bytes());
    let hex = crate::fuzz::sha1_hex(&data);
    let mut b: Vec<u8> = (0..16)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).expect("hex digest"))
        .collect();
    b[6] = (b[6] & 0x0f) | 0x50;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuid_v5_agrees_with_an_independent_implementation() {
        // Python: uuid.uuid5(uuid.NAMESPACE_URL, "https://gamefuzz/x").
        assert_eq!(
            uuid_v5("https://gamefuzz/x"),
            "88fb96d5-a9d5-57bd-8358-9e34da113f5c"
        );
    }

    #[test]
    fn the_name_is_read_from_the_usual_spellings() {
        let cases = [
            ("name: \"Say \\\"hi\\\"\"\n", Some("Say \"hi\"")),
            ("name: 'It''s'\n", Some("It's")),
            ("name: Plain words # a comment\n", Some("Plain words")),
            (
                "license: cc0\nname:\n  de: Spiel\n  en: 'Game'\n",
                Some("Game"),
            ),
            ("name:\n  de: Spiel\n", None),
            ("name: [a, b]\n", None),
            ("title: x\n", None),
        ];
        for (text, want) in cases {
            assert_eq!(name_of(text).as_deref(), want, "{text}");
        }
    }
}
