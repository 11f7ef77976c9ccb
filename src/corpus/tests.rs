use super::*;

/// `description` "auto" stands for the one `store` writes itself.
fn meta(sig: &str, description: &str) -> Meta {
    Meta {
        game: "xiangqi".into(),
        signature: sig.into(),
        description: match description {
            "auto" => auto_description(sig),
            d => d.into(),
        },
        earlier: None,
        solvers: Vec::new(),
        seed: Some(1),
        profile: None,
        file: None,
        shrunk: true,
        version: "test".into(),
    }
}

fn files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    v.sort();
    v
}

#[test]
fn one_smallest_exemplar_per_signature_and_descriptions_survive() {
    let root = tempfile::tempdir().unwrap();
    let g = GameId::Xiangqi;
    let dir = root.path().join("xiangqi");
    let first = store(
        root.path(),
        g,
        "a longer input\n",
        meta("s1", "the horse leg rule"),
    )
    .unwrap();
    assert!(matches!(first, Stored::Added(_)));
    // Larger or equal: the stored one stays.
    let again = store(root.path(), g, "an even longer input\n", meta("s1", "auto")).unwrap();
    assert!(matches!(again, Stored::Known(_)));
    let same = store(root.path(), g, "a longer input\n", meta("s1", "auto")).unwrap();
    assert!(matches!(same, Stored::Known(_)));
    assert_eq!(files(&dir).len(), 2);
    // Smaller: replaces. The description written for the larger input
    // stays with that input, under `earlier`.
    let smaller = store(root.path(), g, "short\n", meta("s1", "auto")).unwrap();
    let Stored::Replaced { old, new } = smaller else {
        panic!("expected a replacement")
    };
    assert!(!old.exists() && new.exists());
    let e = load_entry(&new).unwrap();
    assert_eq!(e.input, "short\n");
    assert_eq!(e.meta.description, auto_description("s1"));
    let earlier = Earlier {
        description: "the horse leg rule".into(),
        input: "a longer input\n".into(),
    };
    assert_eq!(e.meta.earlier.as_ref(), Some(&earlier));
    // A second replacement carries the same pair on.
    let Stored::Replaced { new, .. } = store(root.path(), g, "tiny\n", meta("s1", "auto")).unwrap()
    else {
        panic!("expected a replacement")
    };
    let e = load_entry(&new).unwrap();
    assert_eq!(e.meta.description, auto_description("s1"));
    assert_eq!(e.meta.earlier, Some(earlier));
    // Another signature is another entry.
    store(root.path(), g, "short\n", meta("s2", "other")).unwrap();
    assert_eq!(files(&dir).len(), 4);
    assert_eq!(load_dir(&dir).unwrap().len(), 2);
    assert!(
        files(&dir).iter().all(|f| !f.starts_with('.')),
        "no temporary files left"
    );
}

#[test]
fn an_unshrunk_exemplar_is_marked_shrunk_when_shrinking_keeps_it() {
    let root = tempfile::tempdir().unwrap();
    let g = GameId::Xiangqi;
    let unshrunk = Meta {
        shrunk: false,
        ..meta("s", "auto")
    };
    let Stored::Added(p) = store(root.path(), g, "x\n", unshrunk.clone()).unwrap() else {
        panic!("expected an addition")
    };
    assert!(!load_entry(&p).unwrap().meta.shrunk);
    assert!(matches!(
        store(root.path(), g, "x\n", unshrunk).unwrap(),
        Stored::Known(_)
    ));
    assert!(matches!(
        store(root.path(), g, "x\n", meta("s", "auto")).unwrap(),
        Stored::MarkedShrunk(_)
    ));
    assert!(load_entry(&p).unwrap().meta.shrunk);
    // A missing field reads as not shrunk.
    let json = fs::read_to_string(p.with_extension("json")).unwrap();
    let old: Meta = serde_json::from_str(&json.replace("\"shrunk\": true,", "")).unwrap();
    assert!(!old.shrunk);
}

#[test]
fn partial_and_corrupt_entries_are_skipped_and_never_touched() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("xiangqi");
    fs::create_dir_all(&dir).unwrap();
    let put = |name: &str, text: &str| fs::write(dir.join(name), text).unwrap();
    put("corrupt-00000000.in", "1\n");
    put("corrupt-00000000.json", "{ not json");
    put("orphan-00000001.in", "2\n");
    let good = serde_json::to_string(&meta("s", "auto")).unwrap();
    put("lonely-00000002.json", &good);
    put(".a.in.tmp-2147483647-0", "dead writer");
    let live = format!(".b.in.tmp-{}-0", std::process::id());
    put(&live, "live writer");
    assert!(load_dir(&dir).unwrap().is_empty());
    assert!(matches!(
        store(root.path(), GameId::Xiangqi, "3\n", meta("s", "auto")).unwrap(),
        Stored::Added(_)
    ));
    assert_eq!(load_dir(&dir).unwrap().len(), 1);
    let left = files(&dir);
    for kept in [
        "corrupt-00000000.in",
        "corrupt-00000000.json",
        "orphan-00000001.in",
        "lonely-00000002.json",
        live.as_str(),
    ] {
        assert!(left.iter().any(|f| f == kept), "{kept} kept: {left:?}");
    }
    assert_eq!(
        fs::read_to_string(dir.join("corrupt-00000000.json")).unwrap(),
        "{ not json"
    );
    assert!(!left.iter().any(|f| f.contains("2147483647")), "{left:?}");
    // Unreadable metadata under the very name an entry would get.
    let name = entry_name("t", "4\n");
    put(&format!("{name}.json"), "{ broken");
    assert!(matches!(
        store(root.path(), GameId::Xiangqi, "4\n", meta("t", "auto")).unwrap(),
        Stored::Blocked(_)
    ));
    assert!(!dir.join(format!("{name}.in")).exists(), "nothing written");
    assert_eq!(
        fs::read_to_string(dir.join(format!("{name}.json"))).unwrap(),
        "{ broken"
    );
}

#[test]
fn larger_duplicates_of_a_signature_are_removed_by_the_next_store() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("xiangqi");
    fs::create_dir_all(&dir).unwrap();
    // As two runs storing at once without a lock could leave them.
    for (input, d) in [("longer\n", "the rule"), ("short\n", "auto")] {
        let m = meta("s", d);
        write_entry(&dir, input, &m).unwrap();
    }
    assert_eq!(load_dir(&dir).unwrap().len(), 2);
    let s = store(
        root.path(),
        GameId::Xiangqi,
        "much longer\n",
        meta("s", "auto"),
    )
    .unwrap();
    let Stored::Known(kept) = s else {
        panic!("expected the stored one to stay")
    };
    let all = load_dir(&dir).unwrap();
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].path, kept);
    assert_eq!(all[0].input, "short\n");
    assert_eq!(all[0].meta.description, auto_description("s"));
    let earlier = all[0].meta.earlier.as_ref().expect("the description kept");
    assert_eq!(
        (earlier.description.as_str(), earlier.input.as_str()),
        ("the rule", "longer\n")
    );
}

/// Probe: the order is length, then bytes. An exemplar of the same length
/// replaces a described one only if its bytes come first, and then does
/// not take over a description written for other bytes.
#[test]
fn only_a_smaller_exemplar_replaces_and_descriptions_stay_with_their_input() {
    let root = tempfile::tempdir().unwrap();
    let g = GameId::Xiangqi;
    let described = "1 2 3 4 5\n";
    store(
        root.path(),
        g,
        described,
        meta("s", "the cannon screen rule"),
    )
    .unwrap();
    for later in ["1 2 3 4 6\n", "9 9 9 9 9\n", "1 2 3 4 5 6 7\n"] {
        let s = store(root.path(), g, later, meta("s", "auto")).unwrap();
        assert!(matches!(s, Stored::Known(_)), "{later:?} replaced it");
    }
    let kept = load_dir(&root.path().join("xiangqi")).unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].input, described);
    assert_eq!(kept[0].meta.description, "the cannon screen rule");
    assert_eq!(kept[0].meta.earlier, None);
    // Same length, bytes first: smaller.
    let s = store(root.path(), g, "1 2 3 4 0\n", meta("s", "auto")).unwrap();
    let Stored::Replaced { new, .. } = s else {
        panic!("expected a replacement")
    };
    let e = load_entry(&new).unwrap();
    assert_ne!(e.meta.description, "the cannon screen rule");
    let earlier = e.meta.earlier.expect("kept with its input");
    assert_eq!(earlier.input, described);
    assert_eq!(earlier.description, "the cannon screen rule");
}

#[test]
fn slugs_are_file_name_safe_and_stable() {
    assert_eq!(
        slug("engine:ok reference:ok YES/NO"),
        "engine-ok-reference-ok-yes-no"
    );
    assert_eq!(slug("::"), "finding");
    assert!(slug(&"x".repeat(200)).len() <= 60);
    assert_eq!(entry_name("a", "text"), entry_name("a", "text"));
    assert_ne!(entry_name("a", "text"), entry_name("a", "text2"));
}

#[test]
fn a_programs_huge_output_is_stored_cut_and_the_ports_whole() {
    use crate::games::xiangqi::Xiangqi;
    use crate::solver::Run;
    let huge = "NO\n".repeat(100_000);
    let run = |stdout: &str| Run::<<Xiangqi as Game>::Output> {
        stdout: Some(stdout.to_string()),
        ..Run::plain(Err(crate::fault::Fault::new(
            crate::fault::FaultKind::BadOutput,
            "too many answers",
        )))
    };
    let cmd = SolverSpec::Cmd(vec!["./sol".into()]);
    let stored = record::<Xiangqi>(&cmd, Some(&run(&huge))).output.unwrap();
    assert!(stored.len() < STORED_OUTPUT + 100, "{}", stored.len());
    assert!(stored.starts_with("NO\nNO\n"));
    let cut = huge.len() - STORED_OUTPUT;
    assert!(
        stored.ends_with(&format!("… ({cut} more bytes not stored)\n")),
        "{}",
        &stored[stored.len() - 60..]
    );
    // What verify re-reads is kept whole.
    let port = record::<Xiangqi>(&SolverSpec::Reference, Some(&run(&huge)));
    assert_eq!(port.output.unwrap(), huge);
    // A short output is kept as printed.
    let short = record::<Xiangqi>(&cmd, Some(&run("YES\n")));
    assert_eq!(short.output.unwrap(), "YES\n");
}
