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

/// The files of the module folder `folder` (each `x.rs` together with its
/// own folder `x/`, `mod.rs` left out) and the siblings each one names:
/// `super::y` from `x.rs`, `super::super::y` from `x/z.rs`, and so on, or
/// `crate::<module>::y`. A `tests.rs` is left out: test code may reach
/// every file of its folder, and no code outside tests reaches it.
fn sibling_graph(folder: &Path, module: &str) -> Graph {
    let stem = |p: &Path| p.file_stem().unwrap().to_string_lossy().into_owned();
    let siblings: BTreeSet<String> = fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .filter(|p| stem(p) != "mod" && stem(p) != "tests")
        .map(|p| stem(&p))
        .collect();
    let mut graph = Graph::new();
    for name in &siblings {
        let mut files = vec![folder.join(format!("{name}.rs"))];
        rust_files(&folder.join(name), &mut files);
        let edges = graph.entry(name.clone()).or_default();
        for f in files {
            let depth = f.strip_prefix(folder).unwrap().components().count();
            let up = "super::".repeat(depth);
            let text = fs::read_to_string(&f).unwrap();
            for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
                let mut named = Vec::new();
                for (at, _) in line.match_indices(&up) {
                    let starts_chain = !line[..at].ends_with("super::");
                    let rest = &line[at + up.len()..];
                    if starts_chain && !rest.starts_with("super::") {
                        named.extend(targets(&format!("crate::{rest}")));
                    }
                }
                for (at, _) in line.match_indices(&format!("crate::{module}::")) {
                    named.extend(targets(&line[at + module.len() + 2..]));
                }
                edges.extend(
                    named
                        .into_iter()
                        .filter(|t| siblings.contains(t) && t != name),
                );
            }
        }
    }
    graph
}

/// Inside a folder of `src/`, the files import each other in no circle
/// either, a game's folder included: its engine reads the catalogue's
/// declarations (`mistakes.rs`), and the runner of a mistake
/// (`mistaken.rs`) sits above both.
#[test]
fn the_files_of_a_module_folder_import_each_other_in_no_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let package = sibling_graph(&src.join("package"), "package");
    for (from, to) in [("layout", "yaml"), ("against", "check")] {
        assert!(
            package.get(from).is_some_and(|e| e.contains(to)),
            "the scan misses the edge {from} -> {to}: {package:?}"
        );
    }
    let xiangqi = sibling_graph(&src.join("games/xiangqi"), "games::xiangqi");
    for (from, to) in [("engine", "mistakes"), ("mistaken", "engine")] {
        assert!(
            xiangqi.get(from).is_some_and(|e| e.contains(to)),
            "the scan misses the edge {from} -> {to}: {xiangqi:?}"
        );
    }
    let mut folders = Vec::new();
    let mut todo = vec![src.clone()];
    while let Some(dir) = todo.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            }
        }
        if dir != src && dir.join("mod.rs").exists() {
            folders.push(dir);
        }
    }
    assert!(folders.len() >= 6, "{folders:?}");
    for dir in folders {
        let module = dir
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('/', "::");
        if let Some(c) = circle(&sibling_graph(&dir, &module)) {
            panic!(
                "import circle in src/{}: {}",
                dir.strip_prefix(&src).unwrap().display(),
                c.join(" -> ")
            );
        }
    }
}

/// Everything `m` imports, directly or through the modules it imports.
fn reached(graph: &Graph, m: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![m.to_string()];
    while let Some(n) = todo.pop() {
        for t in graph.get(&n).into_iter().flatten() {
            if seen.insert(t.clone()) {
                todo.push(t.clone());
            }
        }
    }
    seen
}

/// Explaining is a phase after shrinking, as generating and shrinking are
/// phases before it: it is fed a finding and a way to run the program, so
/// it stands below the campaign, the fuzz bodies, the packages and the
/// reports that use it, and reaches none of them. The driver uses it.
#[test]
fn the_explanation_stands_below_what_uses_it() {
    let graph = graph();
    assert!(
        graph.get("driver").is_some_and(|e| e.contains("explain")),
        "the scan misses the edge driver -> explain: {graph:?}"
    );
    let below = reached(&graph, "explain");
    assert!(
        below.contains("solver") && below.contains("game"),
        "{below:?}"
    );
    for above in ["driver", "cli", "package", "report", "fuzz"] {
        assert!(
            !below.contains(above),
            "explain reaches {above}: {:?}",
            graph.get("explain")
        );
    }
}
