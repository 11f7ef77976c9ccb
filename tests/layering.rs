//! The top-level modules of `src/` import each other in no circle, so each
//! can be read, and changed, on top of the ones below it. A module's edges
//! are the `crate::X` paths written anywhere in it, tests included.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeSet<String>>;

fn rust_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        for entry in fs::read_dir(path).unwrap() {
            rust_files(&entry.unwrap().path(), out);
        }
    } else if path.extension().is_some_and(|x| x == "rs") {
        out.push(path.to_path_buf());
    }
}

/// The modules named after `crate::` in one line: `crate::a::b` gives `a`,
/// `crate::{a, b::c}` gives `a` and `b`.
fn targets(line: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for (at, _) in line.match_indices("crate::") {
        let rest = &line[at + "crate::".len()..];
        match rest.strip_prefix('{') {
            Some(group) => {
                let group = &group[..group.find('}').unwrap_or(group.len())];
                out.extend(group.split(',').map(|p| ident(p.trim())));
            }
            None => out.push(ident(rest)),
        }
    }
    out.retain(|t| !t.is_empty());
    out
}

fn graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph = Graph::new();
    for entry in fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if name == "lib" || name == "main" {
            continue;
        }
        let mut files = Vec::new();
        rust_files(&path, &mut files);
        if files.is_empty() {
            continue;
        }
        let edges = graph.entry(name.clone()).or_default();
        for f in files {
            let text = fs::read_to_string(&f).unwrap();
            for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
                edges.extend(targets(line).into_iter().filter(|t| *t != name));
            }
        }
    }
    graph
}

/// A circle of `graph`, if there is one, as the path that closes it.
fn circle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        graph: &Graph,
        node: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut c = path[at..].to_vec();
            c.push(node.to_string());
            return Some(c);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(graph, next, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(graph, n, &mut Vec::new(), &mut done))
}

#[test]
fn top_level_modules_import_each_other_in_no_circle() {
    let graph = graph();
    for (from, to) in [
        ("driver", "verdict"),
        ("shrink", "verdict"),
        ("cli", "driver"),
    ] {
        assert!(
            graph.get(from).is_some_and(|e| e.contains(to)),
            "the scan misses the edge {from} -> {to}: {graph:?}"
        );
    }
    if let Some(c) = circle(&graph) {
        panic!("import circle: {}", c.join(" -> "));
    }
}

#[test]
fn the_circle_finder_finds_circles() {
    assert_eq!(
        targets("use crate::{game::Game, id};  crate::verdict::compare"),
        ["game", "id", "verdict"]
    );
    let mut g = Graph::new();
    g.entry("a".into()).or_default().insert("b".into());
    g.entry("b".into()).or_default().insert("c".into());
    assert_eq!(circle(&g), None);
    g.entry("c".into()).or_default().insert("a".into());
    assert_eq!(circle(&g).unwrap(), ["a", "b", "c", "a"]);
}
