//! Every catalogued mistake, played by a program that is exactly that
//! mistake, is named by `diff` on every signature it shows: the catalogue
//! measured against programs that go wrong as it says. It runs every
//! mistake of every game through `diff` (minutes), so it is not part of
//! README's test command: `.ci/run` runs it after that, on the same build
//! (`cargo test --locked --test naming`).

use std::path::Path;

use gamefuzz::game::{Game, Visit};
use gamefuzz::id::GameId;

mod common;
use common::{gamefuzz, script, text};

/// A program that is exactly one catalogued mistake: `solve --solver
/// mistake:NAME`, which never ends where the mistake runs out of steps and
/// crashes where the mistake models a crash, as such a program would.
fn played(dir: &Path, game: GameId, name: &str) -> std::path::PathBuf {
    let file = format!("{}.sh", name.replace('@', "-at-"));
    script(
        dir,
        &file,
        &format!(
            "'{}' solve {game} --solver 'mistake:{name}' 2>\"$0.err\"\n\
             case $? in\n\
             0) exit 0 ;;\n\
             esac\n\
             if grep -q 'crash' \"$0.err\"; then kill -SEGV $$; fi\n\
             exec sleep 60\n",
            env!("CARGO_BIN_EXE_gamefuzz")
        ),
    )
}

/// Generated inputs besides a mistake's witness: two per profile.
const PLAYED_DRAWS: u64 = 2;

struct NamedWhenPlayed;
impl Visit for NamedWhenPlayed {
    type Out = ();
    fn visit<G: Game>(self) {
        let start = std::time::Instant::now();
        let dir = tempfile::tempdir().unwrap();
        let inputs = dir.path().join("inputs");
        std::fs::create_dir(&inputs).unwrap();
        for (p, profile) in G::PROFILES.iter().enumerate() {
            for seed in 0..PLAYED_DRAWS {
                let input = gamefuzz::game::generate_input::<G>(seed, profile.name);
                let file = inputs.join(format!("{p:02}-{seed}.in"));
                std::fs::write(file, G::render(&input)).unwrap();
            }
        }
        let failures = std::sync::Mutex::new(Vec::new());
        let next = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..2 {
                s.spawn(|| loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(m) = G::MISTAKES.get(i) else {
                        break;
                    };
                    if let Err(why) = named_when_played::<G>(dir.path(), &inputs, m.name, m.witness)
                    {
                        failures.lock().unwrap().push(why);
                    }
                });
            }
        });
        let failures = failures.into_inner().unwrap();
        eprintln!(
            "naming {}: {} mistakes played in {:.0} s",
            G::ID,
            G::MISTAKES.len(),
            start.elapsed().as_secs_f64()
        );
        assert!(failures.is_empty(), "{}:\n{}", G::ID, failures.join("\n"));
    }
}

/// The explain time of one mistake's `diff`. Only the catalogue part is
/// asserted here, and `--no-vary` leaves out the variations, which run
/// the program on every input one edit away (a process per variant; a
/// pigs mistake spent about two seconds there with `--explain-time 5`):
/// the catalogue runs for every signature within half of this, and the
/// stage ends as soon as it has. The most any mistake needs is 8 s (a
/// generals `max` input of 18 MB; a pigs mistake needs 0.19 s over all
/// its signatures, a chutes one 0.09 s, measured quiet): 100 s is over ten
/// times that, and costs nothing where it is not needed.
const EXPLAIN_TIME: &str = "200";

/// `diff` of the engine against the program that plays `name`, on its
/// witness and the shared generated inputs: every signature must name it.
fn named_when_played<G: Game>(
    dir: &Path,
    inputs: &Path,
    name: &str,
    witness: &str,
) -> Result<(), String> {
    let own = dir.join(format!("{}-inputs", name.replace('@', "-at-")));
    std::fs::create_dir(&own).unwrap();
    std::fs::write(own.join("witness.in"), witness).unwrap();
    let program = played(dir, G::ID, name);
    let solvers = format!("engine,cmd:{}", program.display());
    let out = gamefuzz(
        &[
            "diff",
            G::ID.name(),
            "--solvers",
            &solvers,
            "--inputs",
            own.to_str().unwrap(),
            inputs.to_str().unwrap(),
            "--no-shrink",
            "--no-vary",
            "--no-store",
            "--timeout",
            "2",
            "--jobs",
            "1",
            "--json",
            "--explain-time",
            EXPLAIN_TIME,
        ],
        "",
    );
    if out.status.code() != Some(1) {
        return Err(format!(
            "{name}: diff exits {:?}: {}",
            out.status.code(),
            text(&out.stderr)
        ));
    }
    let summary: serde_json::Value =
        serde_json::from_slice(&out.stdout).map_err(|e| format!("{name}: {e}"))?;
    for sig in summary["signatures"].as_array().into_iter().flatten() {
        let named = sig["explain"]["catalogue"]["like"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|l| l["mistake"] == name);
        if !named {
            return Err(format!(
                "{name} is not named on {}: like {}, nearest {}",
                sig["signature"],
                sig["explain"]["catalogue"]["like"],
                sig["explain"]["catalogue"]["nearest"]
            ));
        }
    }
    Ok(())
}

macro_rules! named_when_played {
    ($($test:ident => $game:ident,)*) => {$(
        /// A program that is exactly a catalogued mistake is named after it
        /// on every input of every signature, for every mistake.
        #[test]
        fn $test() {
            GameId::$game.dispatch(NamedWhenPlayed);
        }
    )*};
}

named_when_played! {
    xiangqi_mistakes_are_named_when_played => Xiangqi,
    chutes_mistakes_are_named_when_played => Chutes,
    pigs_mistakes_are_named_when_played => Pigs,
    generals_mistakes_are_named_when_played => Generals,
    stones_mistakes_are_named_when_played => Stones,
}
