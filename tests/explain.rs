//! Every finding is explained, whatever form the program takes and
//! whichever command shows it: the rules involved, what matters in the
//! input, the smallest change that makes the program right and the
//! catalogue, each part found or cut with a reason, never missing.

use serde_json::Value;

use gamefuzz::game::parse_valid;
use gamefuzz::games::xiangqi::Xiangqi;

mod common;
use common::{always_yes, gamefuzz, text};

/// The parts of an explanation, as `--json` names them.
const PARTS: [&str; 4] = ["rules", "matters", "right", "catalogue"];

/// A part cut short: an object holding only a non-empty `cut`.
fn cut(part: &Value) -> Option<&str> {
    let o = part.as_object()?;
    (o.len() == 1)
        .then(|| o.get("cut")?.as_str())
        .flatten()
        .filter(|why| !why.trim().is_empty())
}

/// Holds the `explain` object of one signature to its documented shape;
/// returns the parts found.
fn check_explain(sig: &Value) -> Vec<&'static str> {
    let e = &sig["explain"];
    assert!(e.is_object(), "no explanation: {sig}");
    let mut found = Vec::new();
    for part in PARTS {
        let p = &e[part];
        if cut(p).is_some() {
            continue;
        }
        match part {
            "rules" => {
                let rules = p.as_array().unwrap_or_else(|| panic!("rules: {p}"));
                assert!(!rules.is_empty(), "found, yet no rule: {e}");
                for r in rules {
                    assert!(r["rule"].as_str().is_some_and(|s| !s.is_empty()), "{r}");
                    let (f, of) = (r["failing"].as_u64().unwrap(), r["of"].as_u64().unwrap());
                    let (p, p_of) = (
                        r["passing"].as_u64().unwrap(),
                        r["passing_of"].as_u64().unwrap(),
                    );
                    assert!(f <= of && p <= p_of && of > 0, "{r}");
                }
                let scores: Vec<f64> = rules.iter().map(|r| r["score"].as_f64().unwrap()).collect();
                assert!(
                    scores.windows(2).all(|w| w[0] >= w[1]),
                    "best first: {scores:?}"
                );
            }
            "matters" => {
                let m = p.as_array().unwrap_or_else(|| panic!("matters: {p}"));
                assert!(!m.is_empty(), "an input of no element: {e}");
                for el in m {
                    assert!(el["element"].as_str().is_some(), "{el}");
                    assert!(el["kept"].as_u64() <= el["tried"].as_u64(), "{el}");
                    if el["free"] == Value::Bool(true) {
                        assert_eq!(el["kept"], el["tried"], "free, yet lost: {el}");
                    }
                }
            }
            "right" => {
                assert!(p["change"].as_str().is_some_and(|c| !c.is_empty()), "{p}");
                let input = p["input"].as_str().unwrap_or_else(|| panic!("{p}"));
                assert!(
                    parse_valid::<Xiangqi>(input).is_ok(),
                    "the right input is invalid: {p}"
                );
                assert_ne!(Some(input), sig["input"].as_str(), "no change at all: {p}");
            }
            _ => {
                assert!(p["like"].is_array(), "catalogue: {p}");
            }
        }
        found.push(part);
    }
    found
}

fn signatures(stdout: &[u8]) -> Vec<Value> {
    let v: Value = serde_json::from_slice(stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", text(stdout)));
    let sigs = v["games"][0]["signatures"]
        .as_array()
        .or_else(|| v["signatures"].as_array())
        .unwrap_or_else(|| panic!("no signatures: {v}"));
    sigs.clone()
}

/// A catalogued mistake, a shell script and a C++ source file built by
/// gamefuzz: each signature of each has every part of its explanation,
/// found or cut with a reason. The mistake is found out in full: it is
/// named, and the smallest change that makes it right names an element.
#[test]
fn every_solver_form_gets_an_explanation_of_every_signature() {
    let dir = tempfile::tempdir().unwrap();
    let yes = always_yes(dir.path());
    let slip = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/zoo/xiangqi/slip-horse-leg-table.cpp"
    );
    let forms = [
        "engine,mistake:horse-leg-ignored".to_string(),
        format!("engine,cmd:{}", yes.display()),
        format!("engine,{slip}"),
    ];
    for solvers in &forms {
        let out = gamefuzz(
            &[
                "diff",
                "xiangqi",
                "--solvers",
                solvers,
                "--cases",
                "300",
                "--no-store",
                "--json",
                "--shrink-time",
                "3",
                "--explain-time",
                "6",
            ],
            "",
        );
        assert_eq!(
            out.status.code(),
            Some(1),
            "{solvers}: {}",
            text(&out.stderr)
        );
        let sigs = signatures(&out.stdout);
        assert!(!sigs.is_empty(), "{solvers}: no signature");
        for sig in &sigs {
            let found = check_explain(sig);
            if solvers.contains("mistake:") {
                assert_eq!(found, PARTS, "{solvers}: {sig}");
                let like = &sig["explain"]["catalogue"]["like"];
                assert!(
                    like.as_array()
                        .unwrap()
                        .iter()
                        .any(|l| l["mistake"] == "horse-leg-ignored"),
                    "{like}"
                );
                assert!(
                    sig["explain"]["rules"][0]["rule"]
                        .as_str()
                        .unwrap()
                        .starts_with("horse-leg"),
                    "{sig}"
                );
            }
        }
    }
}

/// Explaining has its own time: with none, the explanation is absent and
/// the run says nothing of it; a run whose shrinking had no time at all
/// is still explained.
#[test]
fn explaining_runs_on_its_own_time() {
    let run = |shrink: &str, explain: &str| {
        let out = gamefuzz(
            &[
                "diff",
                "xiangqi",
                "--solvers",
                "engine,mistake:horse-leg-ignored",
                "--cases",
                "200",
                "--no-store",
                "--json",
                "--shrink-time",
                shrink,
                "--explain-time",
                explain,
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        signatures(&out.stdout)
    };
    for sig in run("0", "4") {
        check_explain(&sig);
    }
    for sig in run("1", "0") {
        assert!(sig.get("explain").is_none_or(Value::is_null), "{sig}");
    }
}

/// `repro` of a stored finding and `shrink` of a judge input print the
/// explanation's lines beside what they printed before.
#[test]
fn repro_and_shrink_explain_too() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("case.in");
    // The horse at (3,4) stands on the leg of the one at (3,5): the
    // engine's general escapes, the mistake's is checkmated.
    std::fs::write(&input, "3 1 6\nG 8 5\nH 3 5\nH 3 4\n\n0 0 0\n").unwrap();
    let solvers = "engine,mistake:horse-leg-ignored";
    let path = input.to_str().unwrap();
    let repro = gamefuzz(
        &[
            "repro",
            "xiangqi",
            path,
            "--solvers",
            solvers,
            "--explain-time",
            "4",
        ],
        "",
    );
    let shown = text(&repro.stdout);
    if repro.status.code() == Some(0) {
        panic!("the mistake agrees with the engine on this input: {shown}");
    }
    assert_eq!(repro.status.code(), Some(1), "{}", text(&repro.stderr));
    assert!(shown.contains("== explanation =="), "{shown}");
    assert!(shown.contains("rules involved: "), "{shown}");
    let shrink = gamefuzz(
        &[
            "shrink",
            "xiangqi",
            path,
            "--solvers",
            solvers,
            "--shrink-time",
            "3",
            "--explain-time",
            "4",
        ],
        "",
    );
    assert_eq!(shrink.status.code(), Some(1), "{}", text(&shrink.stderr));
    let err = text(&shrink.stderr);
    assert!(
        err.contains("explanation:") && err.contains("rules involved: "),
        "{err}"
    );
    let small = text(&shrink.stdout);
    assert!(parse_valid::<Xiangqi>(&small).is_ok(), "{small}");
    assert!(small.len() <= std::fs::read_to_string(&input).unwrap().len());
    assert!(
        !small.contains('#'),
        "the shrunk input is bare on stdout: {small}"
    );
}

/// `--no-vary` leaves out the two parts that run the program on inputs
/// one edit away, saying why, and keeps the rules involved and the
/// catalogue: the program runs exactly as often as with no explanation.
#[test]
fn no_vary_runs_the_program_no_more_than_the_campaign() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("runs");
    let yes = always_yes(dir.path());
    let counted = common::script(
        dir.path(),
        "counted.sh",
        &format!("echo run >> '{}'\nexec '{}'", log.display(), yes.display()),
    );
    let run = |extra: &[&str]| {
        let _ = std::fs::remove_file(&log);
        let solvers = format!("engine,cmd:{}", counted.display());
        let mut args = vec![
            "diff",
            "xiangqi",
            "--solvers",
            &solvers,
            "--cases",
            "100",
            "--no-store",
            "--no-shrink",
            "--timeout",
            "10",
            "--json",
        ];
        args.extend_from_slice(extra);
        let out = gamefuzz(&args, "");
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        let runs = std::fs::read_to_string(&log).unwrap().lines().count();
        (signatures(&out.stdout), runs)
    };
    let (_, campaign) = run(&["--explain-time", "0"]);
    let (sigs, runs) = run(&["--explain-time", "20", "--no-vary"]);
    assert_eq!(runs, campaign, "variants were run");
    assert!(!sigs.is_empty());
    for sig in &sigs {
        let found = check_explain(sig);
        assert!(found.contains(&"rules"), "{sig}");
        for part in ["matters", "right"] {
            let why = cut(&sig["explain"][part]).unwrap_or_else(|| panic!("{part}: {sig}"));
            assert!(why.contains("--no-vary"), "{why}");
        }
    }
    // Without it the same run varies the exemplar: more runs.
    let (_, varied) = run(&["--explain-time", "20"]);
    assert!(
        varied > campaign,
        "{varied} runs, {campaign} without variations"
    );
}

/// A program that carries something from one case to the next (a piece
/// left on its board where a general escaped) is wrong on a case for
/// what an agreeing case before it did. Its variants are not decided in
/// shared files, where each would inherit the one before it: the
/// agreeing case matters, taken out whole, and so do its pieces.
#[test]
fn a_case_whose_state_carries_over_is_what_matters() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("two.in");
    // Case 1 the program gets right, leaving a piece at (2,4), where its
    // general escaped; that piece shields the general of case 2.
    std::fs::write(
        &input,
        "2 3 4\nG 8 4\nR 4 4\n\n3 2 5\nG 8 4\nR 4 5\nH 1 8\n\n0 0 0\n",
    )
    .unwrap();
    let slip = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/zoo/xiangqi/slip-escape-not-undone.cpp"
    );
    let out = gamefuzz(
        &[
            "diff",
            "xiangqi",
            "--inputs",
            input.to_str().unwrap(),
            "--solvers",
            &format!("engine,{slip}"),
            "--no-store",
            "--json",
            "--explain-time",
            "60",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let sigs = signatures(&out.stdout);
    let matters = sigs[0]["explain"]["matters"].as_array().expect("matters");
    let of = |label: &str| {
        (matters.iter())
            .find(|m| m["element"] == label)
            .unwrap_or_else(|| panic!("no {label} in {matters:?}"))
    };
    let case = of("the agreeing case 1");
    assert_eq!(case["free"], false, "{case}");
    assert_eq!(case["lost_when"], "is taken out", "{case}");
    let chariot = of("case 1: the chariot at (4,4)");
    assert_eq!(chariot["free"], false, "{chariot}");
}
