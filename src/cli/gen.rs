//! `gamefuzz gen`: one generated judge input.

use clap::Args;

use super::{check_profile, emit, Exit, GameCommand};
use crate::game::{generate_case, Game};
use crate::id::GameId;

#[derive(Debug, Clone, Args)]
pub struct GenArgs {
    /// The game: xiangqi, chutes, pigs, generals or stones.
    pub game: GameId,
    /// The seed: the same game, seed and profile always give the same bytes.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Profile (see `gamefuzz list`); default: the game's first profile.
    #[arg(long)]
    pub profile: Option<String>,
}

impl GameCommand for GenArgs {
    fn game(&self) -> GameId {
        self.game
    }

    fn run<G: Game>(&self) -> anyhow::Result<Exit> {
        let profile = check_profile::<G>(self.profile.as_deref())?;
        let (input, _) = generate_case::<G>(self.seed, profile);
        out!("{}", G::render(&input));
        Ok(Exit::Clean)
    }
}
