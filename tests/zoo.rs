//! The zoo: whole programs written here as contestants write them, in
//! `tests/zoo/<game>/`, right ones and wrong ones, in different styles.
//! Each wrong one says in its header what it gets wrong (`// bug:`) and the
//! catalogued mistakes it should be named after (`// named: A + B`). The
//! game's default package, built with no corpus, must kill every wrong one
//! and pass every right one, and `diff` must name the expected mistakes
//! for at least 90% of the wrong ones of every game: the catalogue, the
//! packages and the
//! diagnosis measured on programs that go wrong as real ones do (in part
//! of a rule, in how they keep state, in two places at once).
//!
//! The slips (`// zoo: slip`) are wrong programs whose mistakes are
//! deliberately not catalogued: each names the rule it bends (`// rule:`)
//! and the kind of input element its bug is about (`// element:`), for
//! measuring what explains a finding without the catalogue. The checks
//! of right and wrong programs leave them out.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Instant;

use gamefuzz::game::{Game, MistakeClass, Visit};
use gamefuzz::id::GameId;

mod common;
use common::{cpp_program, gamefuzz, text};

/// One program of the zoo, as its header describes it.
struct Animal {
    source: PathBuf,
    right: bool,
    bugs: Vec<String>,
    /// The mistakes it should be named after, one per bug.
    named: Vec<String>,
}

/// The sources of a game's zoo, sorted, each with its text.
fn sources(game: GameId) -> Vec<(PathBuf, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/zoo")
        .join(game.name());
    let mut sources: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "cpp"))
        .collect();
    sources.sort();
    sources
        .into_iter()
        .map(|source| {
            let text = fs::read_to_string(&source).unwrap();
            (source, text)
        })
        .collect()
}

/// The values of the header lines `// KEY: value` of a source.
fn header(text: &str, key: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix(&format!("// {key}:")))
        .map(|v| v.trim().to_string())
        .collect()
}

/// The right and wrong programs of a game's zoo; the slips (`// zoo:
/// slip`), whose mistakes no catalogued one names, are left to the tests
/// that read them.
fn zoo(game: GameId) -> Vec<Animal> {
    sources(game)
        .into_iter()
        .filter_map(|(source, text)| {
            let header = |key: &str| header(&text, key);
            let kind = header("zoo");
            let right = match kind.as_slice() {
                [k] if k == "right" => true,
                [k] if k == "wrong" => false,
                [k] if k == "slip" => return None,
                _ => panic!("{}: no `// zoo: right|wrong|slip` line", source.display()),
            };
            let named = header("named")
                .first()
                .map(|n| n.split(" + ").map(str::to_string).collect())
                .unwrap_or_default();
            Some(Animal {
                source,
                right,
                bugs: header("bug"),
                named,
            })
        })
        .collect()
}

/// Wrong and right programs each game's zoo holds at least.
fn least(game: GameId) -> (usize, usize) {
    match game {
        GameId::Xiangqi | GameId::Chutes | GameId::Pigs => (8, 3),
        GameId::Generals | GameId::Stones => (4, 2),
    }
}

/// How each named mistake of a game bends: whole, partial or state.
struct Kinds(Vec<String>);
impl Visit for Kinds {
    type Out = Vec<(String, bool)>;
    fn visit<G: Game>(self) -> Vec<(String, bool)> {
        self.0
            .into_iter()
            .map(|name| {
                let m = G::MISTAKES
                    .iter()
                    .find(|m| m.name == name)
                    .unwrap_or_else(|| panic!("{}: no catalogued mistake {name}", G::ID));
                (name, m.scope.is_some() || m.class == MistakeClass::State)
            })
            .collect()
    }
}

/// The zoo's own rules, checked without running anything: the counts,
/// the headers, every name catalogued, at least half of the wrong ones
/// wrong in part of a rule or in how they keep state, at least two wrong
/// in two places.
#[test]
fn every_zoo_holds_what_it_should() {
    for &game in GameId::ALL {
        let animals = zoo(game);
        let wrong: Vec<&Animal> = animals.iter().filter(|a| !a.right).collect();
        let right = animals.len() - wrong.len();
        let (least_wrong, least_right) = least(game);
        assert!(
            wrong.len() >= least_wrong && right >= least_right,
            "{game}: {} wrong and {right} right programs",
            wrong.len()
        );
        let mut narrow = 0;
        for a in &wrong {
            assert!(
                !a.bugs.is_empty() && a.bugs.len() == a.named.len(),
                "{}: one `// bug:` line per name of `// named:`",
                a.source.display()
            );
            let kinds = game.dispatch(Kinds(a.named.clone()));
            narrow += usize::from(kinds.iter().any(|(_, n)| *n));
        }
        assert!(
            2 * narrow >= wrong.len(),
            "{game}: {narrow} of {} wrong programs are partial or state-shaped",
            wrong.len()
        );
        let two = wrong.iter().filter(|a| a.named.len() == 2).count();
        assert!(two >= 2, "{game}: {two} wrong programs with two bugs");
        eprintln!(
            "zoo {game}: {right} right, {} wrong, {narrow} of them partial or state, {two} with two bugs",
            wrong.len()
        );
    }
}

/// Slips each game's zoo holds at least.
fn least_slips(game: GameId) -> usize {
    match game {
        GameId::Xiangqi | GameId::Chutes | GameId::Pigs => 5,
        GameId::Generals | GameId::Stones => 3,
    }
}

/// The kinds of input element a slip's bug may be about.
fn elements(game: GameId) -> &'static [&'static str] {
    match game {
        GameId::Xiangqi => &["general", "chariot", "horse", "cannon"],
        GameId::Chutes => &[
            "throw",
            "ladder",
            "chute",
            "player",
            "extra-throw square",
            "lose-a-turn square",
        ],
        GameId::Pigs => &["card", "pig", "deck"],
        GameId::Generals => &["line", "move", "castle", "soldiers"],
        GameId::Stones => &["pile"],
    }
}

/// The names of a game's rules.
struct RuleNames;
impl Visit for RuleNames {
    type Out = Vec<&'static str>;
    fn visit<G: Game>(self) -> Vec<&'static str> {
        G::RULES.iter().map(|r| r.name).collect()
    }
}

/// Every slip opens with its header and nothing else: `// zoo: slip`, one
/// `// bug:` line per bug (two at most), the rule it bends (one of the
/// game's rules) and the kind of element its bug is about; no slip is
/// `// named:` after a catalogued mistake, and every game has its slips.
/// Where the bug is in code that two rules share (`an N or W`, `a chariot
/// or cannon`), `// rule:` names both, and `// element:` both kinds, each
/// list joined by `, `: either is the answer.
#[test]
fn every_zoo_slip_names_a_rule_and_an_element() {
    for &game in GameId::ALL {
        let rules = game.dispatch(RuleNames);
        let mut slips = 0;
        for (source, text) in sources(game) {
            if header(&text, "zoo") != ["slip"] {
                continue;
            }
            slips += 1;
            let at = source.display();
            let lines: Vec<&str> = text.lines().collect();
            let bugs = lines[1..]
                .iter()
                .take_while(|l| l.starts_with("// bug: "))
                .count();
            assert!(
                (1..=2).contains(&bugs),
                "{at}: one or two `// bug:` lines after `// zoo: slip`"
            );
            let value = |line: usize, key: &str| -> String {
                let l = lines.get(line).copied().unwrap_or_default();
                let v = l
                    .strip_prefix(&format!("// {key}: "))
                    .unwrap_or_else(|| panic!("{at}: line {} should be `// {key}: ...`", line + 1));
                assert!(!v.trim().is_empty(), "{at}: an empty `// {key}:`");
                v.trim().to_string()
            };
            assert_eq!(lines[0], "// zoo: slip", "{at}: the first line");
            for line in 1..=bugs {
                value(line, "bug");
            }
            for rule in alternatives(&value(bugs + 1, "rule")) {
                assert!(
                    rules.contains(&rule.as_str()),
                    "{at}: `{rule}` is no rule of {game} ({})",
                    rules.join(", ")
                );
            }
            for element in alternatives(&value(bugs + 2, "element")) {
                assert!(
                    elements(game).contains(&element.as_str()),
                    "{at}: `{element}` is not among {game}'s elements {:?}",
                    elements(game)
                );
            }
            for key in ["zoo", "bug", "named", "rule", "element"] {
                let want = match key {
                    "bug" => bugs,
                    "named" => 0,
                    _ => 1,
                };
                assert_eq!(
                    header(&text, key).len(),
                    want,
                    "{at}: `// {key}:` lines outside the header"
                );
            }
        }
        assert!(
            slips >= least_slips(game),
            "{game}: {slips} slips, {} wanted",
            least_slips(game)
        );
        eprintln!("zoo {game}: {slips} slips");
    }
}

/// Cases a wrong program's `diff` runs, enough for every bug of the zoo to
/// show in several signatures' samples. Fewer for generals, whose `max`
/// files of megabytes cost 20 s per program at 600 cases: at 200 (and at
/// 100) its wrong programs are all named and its slips explained as at 600
/// (measured in release).
fn cases(game: GameId) -> &'static str {
    match game {
        GameId::Pigs => "800",
        GameId::Generals => "200",
        _ => "1500",
    }
}

/// The mistakes `diff --json` named in any signature of a summary, and the
/// nearest ones where none was named (for the failure message).
fn named_in(summary: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let v: serde_json::Value = serde_json::from_str(summary).expect("a JSON summary");
    let mut names = BTreeSet::new();
    let mut nearest = BTreeSet::new();
    for s in v["signatures"].as_array().into_iter().flatten() {
        let catalogue = &s["explain"]["catalogue"];
        for like in catalogue["like"].as_array().into_iter().flatten() {
            let m = like["mistake"].as_str().unwrap_or_default();
            names.extend(m.split(" + ").map(str::to_string));
        }
        if let Some(n) = catalogue["nearest"].as_object() {
            nearest.insert(format!(
                "{} {}/{} agreed {}/{}",
                n["mistake"], n["matched"], n["of"], n["agreed"], n["agreed_of"]
            ));
        }
    }
    (names, nearest)
}

/// A game's zoo built: every program (right, wrong and slip) compiled,
/// the default package built with no corpus, and one `check` of them
/// all against it.
struct Kit {
    /// Under the target directory, one per game, emptied when the kit is
    /// built: a kit lives in a static, which is never dropped.
    dir: PathBuf,
    /// Each source's `cmd:` solver.
    solvers: BTreeMap<PathBuf, String>,
    /// What `check` printed.
    report: String,
}

impl Kit {
    /// `None` where a program cannot be built (no g++ outside CI).
    fn new(game: GameId) -> Option<Kit> {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("zoo-{game}"));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let sources: Vec<PathBuf> = sources(game).into_iter().map(|(s, _)| s).collect();
        // Two compilers at a time: a game's programs take most of a
        // minute one after another, while the other tests of the binary
        // leave part of the cores idle.
        let built: Vec<Option<PathBuf>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..2)
                .map(|w| {
                    let (sources, dir) = (&sources, &dir);
                    scope.spawn(move || {
                        (sources.iter().enumerate().skip(w).step_by(2))
                            .map(|(i, source)| {
                                let bin = dir.join(format!("zoo-{i}"));
                                (i, cpp_program(source, &bin, &["-O2", "-std=c++17"]))
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            let mut built: Vec<(usize, Option<PathBuf>)> = workers
                .into_iter()
                .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect();
            built.sort_by_key(|&(i, _)| i);
            built.into_iter().map(|(_, b)| b).collect()
        });
        let mut solvers = BTreeMap::new();
        for (source, bin) in sources.into_iter().zip(built) {
            solvers.insert(source, format!("cmd:{}", bin?.display()));
        }
        let empty = dir.join("empty");
        fs::create_dir(&empty).unwrap();
        let package = dir.join("package");
        let out = gamefuzz(
            &[
                "package",
                game.name(),
                "--out",
                package.to_str().unwrap(),
                "--corpus",
                empty.to_str().unwrap(),
            ],
            "",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        let all: Vec<&str> = solvers.values().map(String::as_str).collect();
        let out = gamefuzz(
            &[
                "check",
                package.to_str().unwrap(),
                "--solvers",
                &all.join(","),
            ],
            "",
        );
        let report = text(&out.stdout);
        Some(Kit {
            dir,
            solvers,
            report,
        })
    }

    /// The `cmd:` solver of `source`.
    fn solver(&self, source: &Path) -> &str {
        &self.solvers[source]
    }

    /// `check`'s line on `solver`.
    fn line(&self, solver: &str) -> &str {
        (self.report.lines())
            .find(|l| l.starts_with(&format!("check {solver}: ")))
            .unwrap_or_else(|| panic!("no line for {solver}:\n{}", self.report))
    }
}

fn check_zoo(game: GameId, kit: &Kit) {
    let animals = zoo(game);
    let solvers: Vec<String> = (animals.iter())
        .map(|a| kit.solver(&a.source).to_string())
        .collect();
    let mut failures = Vec::new();
    for (a, s) in animals.iter().zip(&solvers) {
        let line = kit.line(s);
        let passes = line.contains(": fails 0 of ");
        if passes != a.right {
            failures.push(format!("{}: {line}", a.source.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "{game}: the default package misjudges:\n{}",
        failures.join("\n")
    );
    let mut named = 0;
    let mut missed = Vec::new();
    let wrong: Vec<(&Animal, &String)> = animals
        .iter()
        .zip(&solvers)
        .filter(|(a, _)| !a.right)
        .collect();
    for (a, s) in &wrong {
        let corpus = kit.dir.join("corpus");
        let out = gamefuzz(
            &[
                "diff",
                game.name(),
                "--solvers",
                &format!("engine,{s}"),
                "--cases",
                cases(game),
                "--no-shrink",
                "--no-vary",
                // The catalogue, the part asserted, needs a few seconds
                // quiet (a pair of chutes mistakes: 3 to 6 s) and ends as
                // soon as it has: a wide budget costs nothing, and the
                // default (30 s for it) was spent under CI's load once.
                "--explain-time",
                "600",
                "--json",
                "--corpus",
                corpus.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        let (found, nearest) = named_in(&text(&out.stdout));
        if a.named.iter().all(|n| found.contains(n)) {
            named += 1;
        } else {
            missed.push(format!(
                "{}: expected {}, named {found:?}, nearest {nearest:?}",
                a.source.display(),
                a.named.join(" + ")
            ));
        }
    }
    eprintln!(
        "zoo {game}: the default package kills {n}/{n} wrong programs and passes {r}/{r} right ones; diff names {named}/{n}{}",
        if missed.is_empty() { String::new() } else { format!("; missed:\n{}", missed.join("\n")) },
        n = wrong.len(),
        r = animals.len() - wrong.len(),
    );
    assert!(
        10 * named >= 9 * wrong.len(),
        "{game}: diff names {named} of {} wrong programs:\n{}",
        wrong.len(),
        missed.join("\n")
    );
}

/// Of a slip's explanation, on its most frequent signature: whether the
/// top rule involved is the rule the slip bends, and whether the smallest
/// change that makes it right touches the kind of element its bug is
/// about; and, looser, whether that rule is among the top three and the
/// element among what the change or what matters names.
#[derive(Default, Debug)]
struct Pointed {
    rule: bool,
    element: bool,
    rule_in_three: bool,
    element_named: bool,
}

/// The rules or element kinds a header line names, where it names several.
fn alternatives(line: &str) -> Vec<String> {
    line.split(", ").map(str::to_string).collect()
}

fn pointed(summary: &serde_json::Value, rule: &str, element: &str) -> (Pointed, String) {
    let (rule, element) = (alternatives(rule), alternatives(element));
    let sigs = summary["signatures"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let Some(main) = sigs.iter().max_by_key(|s| s["count"].as_u64()) else {
        return (Pointed::default(), "no signature".into());
    };
    let e = &main["explain"];
    let base = |r: &serde_json::Value| -> String {
        let r = r["rule"].as_str().unwrap_or_default();
        r.split('/').next().unwrap_or_default().to_string()
    };
    // Each rule once, at its best grain, as the report shows them.
    let mut rules: Vec<String> = Vec::new();
    for r in e["rules"].as_array().into_iter().flatten().map(base) {
        if !rules.contains(&r) {
            rules.push(r);
        }
    }
    let change = e["right"]["change"].as_str().unwrap_or_default();
    let lost: Vec<&str> = (e["matters"].as_array().into_iter().flatten())
        .filter(|m| m["free"] == false)
        .filter_map(|m| m["element"].as_str())
        .collect();
    let names = |text: &str| element.iter().any(|e| text.contains(e.as_str()));
    let p = Pointed {
        rule: rules.first().is_some_and(|r| rule.contains(r)),
        element: names(change),
        rule_in_three: rules.iter().take(3).any(|r| rule.contains(r)),
        element_named: names(change) || lost.iter().any(|l| names(l)),
    };
    let shown = format!(
        "rules {:?}, change {change:?}",
        &rules[..rules.len().min(3)]
    );
    (p, shown)
}

/// The slips of a game: each is killed by the default package, none is
/// named after a catalogued mistake or pair (their mistakes are not in the
/// catalogue, and a likeness would be false), and each is explained from
/// the rules and its input: the rule it bends among the top rules
/// involved, the element its bug is about among what the smallest change
/// or what matters names.
fn check_slips(game: GameId, kit: &Kit) {
    let slips: Vec<(PathBuf, String)> = sources(game)
        .into_iter()
        .filter(|(_, text)| header(text, "zoo") == ["slip"])
        .collect();
    let solvers: Vec<String> = (slips.iter())
        .map(|(source, _)| kit.solver(source).to_string())
        .collect();
    let mut lines = Vec::new();
    let (mut strict, mut loose, mut ruled) = (0, 0, 0);
    for ((source, src), s) in slips.iter().zip(&solvers) {
        let at = source.display();
        let line = kit.line(s);
        assert!(
            !line.contains(": fails 0 of "),
            "{at}: the default package lets it through: {line}"
        );
        let out = gamefuzz(
            &[
                "diff",
                game.name(),
                "--solvers",
                &format!("engine,{s}"),
                "--cases",
                cases(game),
                "--no-store",
                "--json",
                "--shrink-time",
                "5",
                "--explain-time",
                "10",
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(1), "{at}: {}", text(&out.stderr));
        let summary: serde_json::Value =
            serde_json::from_slice(&out.stdout).expect("a JSON summary");
        let (named, _) = named_in(&text(&out.stdout));
        assert!(
            named.is_empty(),
            "{at}: named after catalogued mistakes {named:?}"
        );
        let (rule, element) = (&header(src, "rule")[0], &header(src, "element")[0]);
        let (p, shown) = pointed(&summary, rule, element);
        strict += usize::from(p.rule && p.element);
        loose += usize::from(p.rule_in_three && p.element_named);
        ruled += usize::from(p.rule_in_three);
        lines.push(format!(
            "{at}: rule {rule}, element {element}: {p:?}; {shown}"
        ));
    }
    let n = slips.len();
    eprintln!(
        "zoo {game}: {n} slips killed, none named; explained: top rule and change {strict}/{n}, rule in the top three {ruled}/{n}, and element named too {loose}/{n}\n{}",
        lines.join("\n")
    );
    // What is held: the bent rule among the top three rules involved, and
    // the bent rule on top with the smallest change naming the slip's
    // element, each for a quarter of a game's slips at least (measured:
    // more than half of every game's). The goal is more (the top rule and
    // the smallest change for nine in ten); docs/mistakes.md gives what is
    // measured.
    assert!(
        4 * ruled >= n,
        "{game}: the rule a slip bends is among the top three rules involved for {ruled} of {n} slips:\n{}",
        lines.join("\n")
    );
    assert!(
        4 * strict >= n,
        "{game}: the top rule and the smallest change point at a slip's rule and element for {strict} of {n} slips:\n{}",
        lines.join("\n")
    );
}

/// Each game's kit, built by whichever of its two tests comes first (the
/// other waits): the slips and the rest of the zoo are two tests, so that
/// the longest game's halves run side by side.
fn kit(game: GameId) -> Option<&'static Kit> {
    static KITS: [OnceLock<Option<Kit>>; GameId::ALL.len()] =
        [const { OnceLock::new() }; GameId::ALL.len()];
    let at = GameId::ALL.iter().position(|&g| g == game).expect("a game");
    KITS[at]
        .get_or_init(|| {
            let t = Instant::now();
            let kit = Kit::new(game);
            eprintln!(
                "zoo {game}: programs built, packaged and checked in {:.0} s",
                t.elapsed().as_secs_f64()
            );
            kit
        })
        .as_ref()
}

macro_rules! zoo_tests {
    ($($zoo:ident, $slips:ident => $game:ident,)*) => {$(
        /// The default package kills every wrong program of the zoo and
        /// passes every right one; `diff` names the wrong ones.
        #[test]
        fn $zoo() {
            let game = GameId::$game;
            let Some(kit) = kit(game) else {
                return;
            };
            let t = Instant::now();
            check_zoo(game, kit);
            eprintln!(
                "zoo {game}: the wrong ones named in {:.0} s",
                t.elapsed().as_secs_f64()
            );
        }

        /// The default package kills every slip, and `diff` explains each.
        #[test]
        fn $slips() {
            let game = GameId::$game;
            let Some(kit) = kit(game) else {
                return;
            };
            let t = Instant::now();
            check_slips(game, kit);
            eprintln!(
                "zoo {game}: the slips explained in {:.0} s",
                t.elapsed().as_secs_f64()
            );
        }
    )*};
}

zoo_tests! {
    xiangqi_zoo_is_killed_and_named, xiangqi_slips_are_killed_and_explained => Xiangqi,
    chutes_zoo_is_killed_and_named, chutes_slips_are_killed_and_explained => Chutes,
    pigs_zoo_is_killed_and_named, pigs_slips_are_killed_and_explained => Pigs,
    generals_zoo_is_killed_and_named, generals_slips_are_killed_and_explained => Generals,
    stones_zoo_is_killed_and_named, stones_slips_are_killed_and_explained => Stones,
}
