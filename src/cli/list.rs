//! `gamefuzz list`: the games, their profiles and solvers.

use super::{emit, Exit};
use crate::game::{Game, Visit};
use crate::id::GameId;

pub(super) fn run() -> anyhow::Result<Exit> {
    for &g in GameId::ALL {
        g.dispatch(ListGame);
    }
    outln!("solvers: engine, reference, brute (where marked), cmd:COMMAND (a program and its arguments, no shell; stdin -> stdout), a source file (.cpp .cc .cxx .c .rs .py), or mistake:NAME (a catalogued mistake: gamefuzz mistakes GAME)");
    Ok(Exit::Clean)
}

struct ListGame;
impl Visit for ListGame {
    type Out = ();
    fn visit<G: Game>(self) {
        let brute = if G::HAS_BRUTE { ", brute" } else { "" };
        outln!("{} (solvers: engine, reference{brute})", G::ID);
        for p in G::PROFILES {
            outln!("  {:<12} {}", p.name, p.about);
        }
    }
}
