//! Every game's catalogue of mistakes is large enough, covers the classes
//! of mistake that apply to the game, and holds no mistake that answers
//! like the engine: each has a witness, a valid input on which the two
//! differ, which no shrink candidate improves on.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use gamefuzz::game::{parse_valid, Game, MistakeClass, Visit};
use gamefuzz::id::GameId;
use gamefuzz::shrink::{self, ShrinkLimits};
use gamefuzz::solver::mistake_differs;

mod common;
use common::{gamefuzz, script, text};

/// What each game's catalogue must hold at least, and the classes of
/// mistake that cannot apply to it, each with the reason.
fn expected(game: GameId) -> (usize, &'static [(MistakeClass, &'static str)]) {
    match game {
        GameId::Xiangqi => (
            20,
            &[(
                MistakeClass::Width,
                "coordinates are at most 10 and nothing is summed",
            )],
        ),
        GameId::Chutes => (
            20,
            &[(
                MistakeClass::Width,
                "squares stay below 107 and no count passes the 999 throws",
            )],
        ),
        GameId::Pigs => (
            40,
            &[(
                MistakeClass::Width,
                "HP is at most 4 and every card or turn count stays far below 2^31",
            )],
        ),
        GameId::Generals => (20, &[]),
        GameId::Stones => (
            12,
            &[(
                MistakeClass::Stale,
                "a case is one sum over counts read once: nothing changes while it is decided",
            )],
        ),
    }
}

/// Reading the input and writing the output are not the game: most of a
/// catalogue must bend its rules.
const MAX_IO: usize = 3;

/// Mistakes in how programs keep state, where such state exists: boards
/// that hold marks as well as pieces, tables cleared in part, turn indices,
/// lines read whole, 1-based and 0-based tables side by side.
/// The partial mistakes wanted are as many more than that.
fn least_state(game: GameId) -> usize {
    match game {
        GameId::Xiangqi | GameId::Chutes | GameId::Pigs => 5,
        GameId::Generals | GameId::Stones => 2,
    }
}

/// Shrink candidates tried on each witness: enough for every structural
/// cut and a pass of tape-free edits on the small inputs witnesses are.
const SHRINK_CANDIDATES: u64 = 400;

struct Catalogue;
impl Visit for Catalogue {
    type Out = ();
    fn visit<G: Game>(self) {
        let (least, exempt) = expected(G::ID);
        let all = G::MISTAKES;
        let wholes = all.iter().filter(|m| m.scope.is_none()).count();
        assert!(
            wholes >= least,
            "{}: {wholes} mistakes catalogued, at least {least} wanted",
            G::ID,
        );
        let partials = all.len() - wholes;
        assert!(
            partials >= least_state(G::ID) + 3,
            "{}: {partials} partial mistakes, at least {} wanted",
            G::ID,
            least_state(G::ID) + 3
        );
        let io = all.iter().filter(|m| m.class.is_io()).count();
        assert!(
            io <= MAX_IO,
            "{}: {io} mistakes of reading or writing",
            G::ID
        );
        for &class in MistakeClass::ALL {
            let covered = all.iter().any(|m| m.class == class);
            let excused = exempt.iter().any(|(c, _)| *c == class);
            assert!(
                covered != excused,
                "{}: class {} is {}",
                G::ID,
                class.name(),
                if covered {
                    "covered but listed as not applying"
                } else {
                    "neither covered nor listed as not applying"
                }
            );
        }
        let state = all
            .iter()
            .filter(|m| m.class == MistakeClass::State && m.scope.is_none())
            .count();
        assert!(
            state >= least_state(G::ID),
            "{}: {state} mistakes of state, at least {} wanted",
            G::ID,
            least_state(G::ID)
        );
        for m in all.iter().filter(|m| m.scope.is_some()) {
            let whole = all.iter().find(|w| Some(w.name) == m.narrows);
            assert!(
                whole.is_some_and(|w| w.scope.is_none() && w.variant == m.variant),
                "{}: partial mistake {} narrows no whole mistake of its variant",
                G::ID,
                m.name
            );
            assert_eq!(
                m.name,
                format!("{}@{}", m.narrows.unwrap(), m.scope.unwrap()),
                "{}: a partial mistake is named WHOLE@SCOPE",
                G::ID
            );
        }
        let rules: Vec<&str> = G::RULES.iter().map(|r| r.name).collect();
        for (i, m) in all.iter().enumerate() {
            assert!(
                !all[..i].iter().any(|o| o.name == m.name),
                "{}: mistake {} named twice",
                G::ID,
                m.name
            );
            let io_rule = match m.class {
                MistakeClass::Reading => m.rule == "input",
                MistakeClass::Output => m.rule == "output",
                _ => rules.contains(&m.rule),
            };
            assert!(
                io_rule,
                "{}: mistake {} bends '{}', which is not one of the game's rules",
                G::ID,
                m.name,
                m.rule
            );
            assert!(
                m.section.starts_with('§') && !m.about.is_empty(),
                "{}: mistake {} needs a section and a description",
                G::ID,
                m.name
            );
        }
    }
}

struct Witnesses;
impl Visit for Witnesses {
    type Out = ();
    fn visit<G: Game>(self) {
        let mut failures = Vec::new();
        for (i, m) in G::MISTAKES.iter().enumerate() {
            let input = match parse_valid::<G>(m.witness) {
                Ok(i) => i,
                Err(e) => {
                    failures.push(format!("{}: witness is not a valid input: {e}", m.name));
                    continue;
                }
            };
            if G::render(&input) != m.witness {
                failures.push(format!("{}: witness is not in canonical layout", m.name));
                continue;
            }
            if !mistake_differs::<G>(i, &input, m.witness) {
                failures.push(format!(
                    "{}: answers like the engine on its witness",
                    m.name
                ));
                continue;
            }
            let limits = ShrinkLimits {
                time: Duration::from_secs(60),
                candidates: SHRINK_CANDIDATES,
                ..ShrinkLimits::default()
            };
            let keeps = |c: &G::Input, text: &str| mistake_differs::<G>(i, c, text);
            let shrunk = shrink::shrink::<G>(input, None, keeps, &limits);
            let text = G::render(&shrunk.input);
            if text != m.witness {
                failures.push(format!(
                    "{}: a smaller witness tells it from the engine ({} bytes, was {}):\n{text}",
                    m.name,
                    text.len(),
                    m.witness.len()
                ));
            }
        }
        assert!(failures.is_empty(), "{}:\n{}", G::ID, failures.join("\n"));
    }
}

#[test]
fn every_catalogue_meets_its_counts_and_classes() {
    for &g in GameId::ALL {
        g.dispatch(Catalogue);
    }
}

macro_rules! witnesses {
    ($($test:ident => $game:ident,)*) => {$(
        /// Every mistake's witness is valid, tells it from the engine and
        /// is as small as shrinking makes it.
        #[test]
        fn $test() {
            GameId::$game.dispatch(Witnesses);
        }
    )*};
}

witnesses! {
    xiangqi_mistakes_differ_from_the_engine_on_their_witnesses => Xiangqi,
    chutes_mistakes_differ_from_the_engine_on_their_witnesses => Chutes,
    pigs_mistakes_differ_from_the_engine_on_their_witnesses => Pigs,
    generals_mistakes_differ_from_the_engine_on_their_witnesses => Generals,
    stones_mistakes_differ_from_the_engine_on_their_witnesses => Stones,
}

/// The mistake the programs below make, and how `diff` names it.
const HORSE: &str = "horse-leg-ignored";

/// `diff xiangqi` of the engine against `program` (packed, nothing
/// stored) with `extra` arguments; it must find a divergence (exit 1).
fn diff_xiangqi(program: &Path, extra: &[&str]) -> std::process::Output {
    let solvers = format!("engine,cmd:{}", program.display());
    let mut args = vec![
        "diff",
        "xiangqi",
        "--solvers",
        &solvers,
        "--pack",
        "40",
        "--no-store",
    ];
    args.extend_from_slice(extra);
    let out = gamefuzz(&args, "");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    out
}

/// `diff` of the engine against `program` on generated xiangqi cases, as
/// JSON: the signature that names the program must name `HORSE` as what
/// it behaves like, on every one of its inputs, and the text report too.
fn names_the_horse_mistake(program: &Path) {
    let out = diff_xiangqi(
        program,
        &[
            "--cases",
            "800",
            "--profile",
            "horses",
            "--shrink-time",
            "5",
            "--json",
        ],
    );
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON summary");
    let sigs = summary["signatures"].as_array().expect("signatures");
    assert!(!sigs.is_empty(), "no divergence found");
    for sig in sigs {
        let like = sig["explain"]["catalogue"]["like"]
            .as_array()
            .expect("a like list where a program diverges");
        let horse = like
            .iter()
            .find(|l| l["mistake"] == HORSE)
            .unwrap_or_else(|| panic!("{HORSE} not named: {sig}"));
        let (k, n) = (horse["matched"].as_u64(), horse["of"].as_u64());
        assert!(n > Some(1) && k == n, "{sig}");
    }
    assert!(
        text(&out.stderr).contains(&format!("behaves like: {HORSE} (spec §4.1) on ")),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn diff_names_the_mistake_of_a_program_that_plays_it() {
    let dir = tempfile::tempdir().unwrap();
    let wrapper = script(
        dir.path(),
        "horse.sh",
        &format!(
            "exec '{}' solve xiangqi --solver mistake:{HORSE}",
            env!("CARGO_BIN_EXE_gamefuzz")
        ),
    );
    names_the_horse_mistake(&wrapper);
}

#[test]
fn diff_names_the_mistake_of_a_cpp_program_with_the_same_error() {
    let dir = tempfile::tempdir().unwrap();
    let model = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/solutions/xiangqi.cpp");
    let right = std::fs::read_to_string(model).unwrap();
    let leg = "return !occupied(lr, lc);";
    assert!(
        right.contains(leg),
        "the model solution's horse leg test moved"
    );
    let wrong = right.replace(leg, "(void)lr, (void)lc; return true;");
    let src = dir.path().join("horse.cpp");
    std::fs::write(&src, wrong).unwrap();
    let bin = dir.path().join("horse");
    let built = Command::new("g++")
        .args(["-std=c++17", "-O2", "-o"])
        .arg(&bin)
        .arg(&src)
        .status();
    match built {
        Ok(s) if s.success() => names_the_horse_mistake(&bin),
        Ok(s) => panic!("g++ failed: {s}"),
        Err(e) => {
            common::skip::<()>(&format!("g++ cannot be run ({e})"));
        }
    }
}

#[test]
fn a_program_that_is_no_catalogued_mistake_is_said_to_be_none() {
    let dir = tempfile::tempdir().unwrap();
    let yes = common::always_yes(dir.path());
    let out = diff_xiangqi(&yes, &["--cases", "200", "--no-shrink"]);
    let report = text(&out.stdout);
    assert!(
        report.contains("behaves like no catalogued mistake on "),
        "{report}"
    );
}

#[test]
fn every_command_that_takes_solvers_takes_a_mistake() {
    let m = &gamefuzz::games::xiangqi::Xiangqi::MISTAKES[0];
    let solver = format!("mistake:{}", m.name);
    let solved = gamefuzz(&["solve", "xiangqi", "--solver", &solver], m.witness);
    assert_eq!(solved.status.code(), Some(0), "{}", text(&solved.stderr));
    let engine = gamefuzz(&["solve", "xiangqi"], m.witness);
    assert_ne!(
        solved.stdout, engine.stdout,
        "the mistake answers its witness otherwise"
    );

    let dir = tempfile::tempdir().unwrap();
    let witness = dir.path().join("w.in");
    std::fs::write(&witness, m.witness).unwrap();
    let w = witness.display().to_string();
    let pair = format!("engine,{solver}");
    for args in [
        vec!["repro", "xiangqi", "--seed", "0", "--solvers", &pair],
        vec![
            "shrink",
            "xiangqi",
            "--solvers",
            &pair,
            "--shrink-time",
            "2",
            &w,
        ],
        vec![
            "diff",
            "xiangqi",
            "--solvers",
            &pair,
            "--inputs",
            &w,
            "--no-store",
        ],
    ] {
        let out = gamefuzz(&args, "");
        let code = out.status.code();
        assert!(
            code == Some(0) || code == Some(1),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    let shrunk = gamefuzz(&["shrink", "xiangqi", "--solvers", &pair, &w], "");
    assert_eq!(shrunk.status.code(), Some(1), "the divergence is kept");

    let unknown = gamefuzz(
        &["solve", "xiangqi", "--solver", "mistake:no-such"],
        m.witness,
    );
    assert_eq!(unknown.status.code(), Some(2));
    let err = text(&unknown.stderr);
    assert!(
        err.contains("no mistake 'no-such'") && err.contains("gamefuzz mistakes xiangqi"),
        "{err}"
    );

    let listed = gamefuzz(&["mistakes", "xiangqi", "--json"], "");
    let list: serde_json::Value = serde_json::from_slice(&listed.stdout).expect("a JSON list");
    let names: Vec<&str> = list
        .as_array()
        .expect("a list")
        .iter()
        .map(|o| o["name"].as_str().expect("a name"))
        .collect();
    assert_eq!(
        names.len(),
        gamefuzz::games::xiangqi::Xiangqi::MISTAKES.len()
    );
    assert!(names.contains(&m.name));
}
