//! Golden text of the terminal boards: the board `repro` draws for every
//! committed corpus finding, and the boards `solve --trace` draws for each
//! game's official sample. A change to a board must be looked at: after
//! checking the new text, rewrite the files with
//! `GAMEFUZZ_BLESS=1 cargo test --test boards`.

mod common;

use std::path::{Path, PathBuf};

use common::{gamefuzz, text};
use gamefuzz::game::{Game, Visit};
use gamefuzz::id::GameId;
use gamefuzz::picture::{Focus, Picture};

/// The games that draw boards.
const BOARD_GAMES: &[GameId] = &[GameId::Xiangqi, GameId::Generals, GameId::Chutes];

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/boards")
}

/// Compares `actual` with the golden file, or writes it when blessing.
fn check(name: &str, actual: &str, failures: &mut Vec<String>) {
    let path = golden_dir().join(name);
    if std::env::var_os("GAMEFUZZ_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    match std::fs::read_to_string(&path) {
        Ok(expected) if expected == actual => {}
        Ok(expected) => failures.push(format!(
            "{name} differs; expected:\n{expected}\nactual:\n{actual}"
        )),
        Err(e) => failures.push(format!("{}: {e}", path.display())),
    }
}

/// The lines of `repro`'s output between `== board ==` and the next
/// `== ` heading.
fn board_section(out: &str) -> Option<String> {
    let start = out.find("== board ==\n")? + "== board ==\n".len();
    let rest = &out[start..];
    let end = rest.find("\n== ").map_or(rest.len(), |i| i + 1);
    Some(rest[..end].to_string())
}

fn corpus_entries() -> Vec<(GameId, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut entries = Vec::new();
    for &g in GameId::ALL {
        let Ok(dir) = std::fs::read_dir(root.join(g.name())) else {
            continue;
        };
        for f in dir {
            let path = f.unwrap().path();
            if path.extension().is_some_and(|e| e == "in") {
                entries.push((g, path));
            }
        }
    }
    entries.sort();
    entries
}

#[test]
fn every_corpus_finding_of_a_board_game_draws_its_pinned_board() {
    let mut failures = Vec::new();
    let mut drawn = 0;
    for (game, path) in corpus_entries() {
        let rel = path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap();
        let out = gamefuzz(&["repro", rel.to_str().unwrap()], "");
        let stdout = text(&out.stdout);
        let board = board_section(&stdout);
        if !BOARD_GAMES.contains(&game) {
            assert!(board.is_none(), "{} drew a board:\n{stdout}", rel.display());
            continue;
        }
        let board = board.unwrap_or_else(|| panic!("no board for {}:\n{stdout}", rel.display()));
        assert!(board.is_ascii() && !board.contains('\x1b'), "{board}");
        assert!(board.lines().all(|l| l.len() <= 80), "{board}");
        let stem = path.file_stem().unwrap().to_str().unwrap();
        check(&format!("{game}/{stem}.txt"), &board, &mut failures);
        drawn += 1;
    }
    assert!(drawn > 0, "the corpus holds findings of a board game");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A game's sample and the engine's trace of it, which `solve --trace`
/// prints before the boards.
struct Sample;
impl Visit for Sample {
    type Out = (&'static str, Option<String>);
    fn visit<G: Game>(self) -> Self::Out {
        let input = gamefuzz::game::parse_valid::<G>(G::SAMPLE).unwrap();
        (G::SAMPLE, G::trace(&input))
    }
}

#[test]
fn the_official_sample_of_each_board_game_draws_its_pinned_boards() {
    let mut failures = Vec::new();
    for &game in BOARD_GAMES {
        let (sample, trace) = game.dispatch(Sample);
        let out = gamefuzz(&["solve", game.name(), "--trace"], sample);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stderr = text(&out.stderr);
        let boards = match trace {
            Some(t) => stderr
                .strip_prefix(&format!("{t}\n"))
                .unwrap_or_else(|| panic!("{game}: no trace, then boards:\n{stderr}")),
            None => &stderr,
        };
        check(&format!("{game}/sample.txt"), boards, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A golden file without its finding would pin nothing.
#[test]
fn every_golden_board_belongs_to_a_finding_or_a_sample() {
    let entries = corpus_entries();
    for &game in GameId::ALL {
        let Ok(dir) = std::fs::read_dir(golden_dir().join(game.name())) else {
            continue;
        };
        for f in dir {
            let path = f.unwrap().path();
            let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
            let known = stem == "sample"
                || entries
                    .iter()
                    .any(|(g, p)| *g == game && p.file_stem().unwrap().to_str() == Some(&stem));
            assert!(known, "{} pins no finding", path.display());
        }
    }
}

/// The pictures of a game's sample as the engine plays it.
struct SamplePictures;
impl Visit for SamplePictures {
    type Out = Vec<Picture>;
    fn visit<G: Game>(self) -> Vec<Picture> {
        let input = gamefuzz::game::parse_valid::<G>(G::SAMPLE).unwrap();
        let out = G::solve(&input, &mut gamefuzz::Budget::new(u64::MAX)).ok();
        G::pictures(&input, &Focus::single("engine", out.as_ref()))
    }
}

/// The boards the HTML report inlines: one `<svg>` each, holding every
/// label and a head per arrow, with nothing from outside.
#[test]
fn every_board_game_draws_its_sample_as_svg() {
    for &g in GameId::ALL {
        let pictures = g.dispatch(SamplePictures);
        assert_eq!(pictures.is_empty(), !BOARD_GAMES.contains(&g), "{g}");
        for p in pictures {
            let svg = p.svg();
            assert!(
                svg.starts_with("<svg ") && svg.ends_with("</svg>\n"),
                "{svg}"
            );
            assert_eq!(svg.matches("<svg").count(), 1);
            for outside in ["href", "<style", "<script", "url(", " id="] {
                assert!(!svg.contains(outside), "{outside} in {svg}");
            }
            for cell in p.cells.iter().filter(|c| !c.label.is_empty()) {
                assert!(
                    svg.contains(&format!(">{}</text>", cell.label)),
                    "{}",
                    cell.label
                );
            }
            assert_eq!(
                svg.matches("<polygon").count(),
                p.arrows.len(),
                "{}",
                p.caption
            );
        }
    }
}

/// The board the guide shows is the one `repro` draws for its finding.
#[test]
fn the_guide_board_is_a_pinned_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/campaigns.md")).unwrap();
    let start = page
        .find("```text\n== board ==\n")
        .expect("docs/campaigns.md shows a board")
        + "```text\n== board ==\n".len();
    let shown = &page[start..start + page[start..].find("```").unwrap()];
    let (_, entry) = page[..start]
        .rsplit_once("gamefuzz repro corpus/")
        .expect("docs/campaigns.md names the finding it draws");
    let entry = entry
        .split_whitespace()
        .next()
        .unwrap()
        .trim_end_matches('`');
    let (game, file) = entry.split_once('/').unwrap();
    let stem = file.strip_suffix(".in").unwrap();
    let pinned = std::fs::read_to_string(golden_dir().join(game).join(format!("{stem}.txt")));
    assert_eq!(shown, pinned.unwrap());
}
