//! Every committed finding still reproduces: each in-process solver answers
//! exactly as recorded, and the input is still valid.

use std::path::Path;

use gamefuzz::corpus;
use gamefuzz::game::{Game, Visit};
use gamefuzz::id::GameId;
use gamefuzz::solver::Limits;

struct Replay<'a>(&'a corpus::Entry);
impl Visit for Replay<'_> {
    type Out = anyhow::Result<()>;
    fn visit<G: Game>(self) -> anyhow::Result<()> {
        corpus::replay::<G>(self.0, &Limits::default())
    }
}

#[test]
fn every_corpus_entry_replays_as_recorded() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let entries = corpus::load_all(&root).expect("the corpus loads");
    assert!(
        !entries.is_empty(),
        "the committed corpus holds findings to replay"
    );
    let mut failures = Vec::new();
    for e in &entries {
        let game = GameId::from_name(&e.meta.game).expect("known game");
        assert!(
            e.path.starts_with(root.join(game.name())),
            "{} is filed under the wrong game",
            e.path.display()
        );
        let name = e.path.file_stem().unwrap().to_str().unwrap();
        assert_eq!(
            name,
            corpus::entry_name(&e.meta.signature, &e.input),
            "{} is not content-addressed",
            e.path.display()
        );
        if let Err(err) = game.dispatch(Replay(e)) {
            failures.push(format!("{err:#}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} entries fail:\n{}",
        failures.len(),
        entries.len(),
        failures.join("\n")
    );
}

#[test]
fn one_exemplar_per_signature() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let entries = corpus::load_all(&root).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for e in &entries {
        assert!(
            seen.insert((e.meta.game.clone(), e.meta.signature.clone())),
            "duplicate signature {}",
            e.meta.signature
        );
        assert!(!e.meta.description.trim().is_empty());
    }
}
