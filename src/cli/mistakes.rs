//! `gamefuzz mistakes`: the game's catalogue of plausible wrong solutions,
//! each a solver `mistake:NAME`.

use clap::Args;

use super::{emit, Exit, GameCommand};
use crate::game::Game;
use crate::id::GameId;

#[derive(Debug, Clone, Args)]
pub struct MistakesArgs {
    /// The game: xiangqi, chutes, pigs, generals or stones.
    pub game: GameId,
    /// Print one JSON list of objects (name, scope: null for a whole
    /// mistake, narrows: the whole mistake a partial one narrows, class,
    /// rule, section, about, witness: the shortest known input that tells
    /// it from the engine).
    #[arg(long)]
    pub json: bool,
}

impl GameCommand for MistakesArgs {
    fn game(&self) -> GameId {
        self.game
    }

    fn run<G: Game>(&self) -> anyhow::Result<Exit> {
        if self.json {
            let list: Vec<_> = G::MISTAKES
                .iter()
                .map(|m| {
                    serde_json::json!({
                        "name": m.name,
                        "scope": m.scope,
                        "narrows": m.narrows,
                        "class": m.class.name(),
                        "rule": m.rule,
                        "section": m.section,
                        "about": m.about,
                        "witness": m.witness,
                    })
                })
                .collect();
            outln!("{}", serde_json::to_string_pretty(&list)?);
            return Ok(Exit::Clean);
        }
        let partial = G::MISTAKES.iter().filter(|m| m.scope.is_some()).count();
        outln!(
            "{}: {} catalogued mistakes, {partial} of them partial (solver mistake:NAME, or mistake:A+B for two at once)",
            G::ID,
            G::MISTAKES.len()
        );
        for m in G::MISTAKES {
            if m.scope.is_some() {
                outln!("  {}", m.name);
                outln!("    {}", m.about);
                continue;
            }
            outln!(
                "{} ({}; {}, rule {})",
                m.name,
                m.class.name(),
                m.section,
                m.rule
            );
            outln!("  {}", m.about);
        }
        Ok(Exit::Clean)
    }
}
