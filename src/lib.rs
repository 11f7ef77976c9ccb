//! gamefuzz: differential fuzzing and test generation for five judge
//! problems that simulate games.
//!
//! For every game the crate holds a clean-room engine written from the
//! spec, a faithful port of a blog's C++ solution (crate
//! `gamefuzz-reference`) and generators of valid inputs that draw every
//! decision from a [`source::Source`]. The [`driver`] runs solvers side by
//! side and classifies their runs with [`verdict`]; divergences are shrunk
//! by [`shrink`] and stored by [`corpus`]. [`GameId::dispatch`] (in
//! [`games`]) is the one place that maps a game id to its implementation.
//! See ARCHITECTURE.md for the map.

pub mod cli;
pub mod console;
pub mod corpus;
pub mod driver;
pub mod explain;
pub mod fault;
pub mod fuzz;
pub mod game;
pub mod games;
pub mod id;
pub mod interrupt;
pub mod kattis;
pub mod package;
pub mod picture;
pub mod report;
pub mod shell;
pub mod show;
pub mod shrink;
pub mod solver;
pub mod source;
pub mod testlib;
pub mod text;
pub mod verdict;

pub use fault::{Budget, Fault, FaultKind};
pub use game::{Game, Invalid, Profile};
pub use id::GameId;
pub use solver::SolverSpec;
pub use source::Source;

/// Silences the default panic message while a solver runs under
/// `catch_unwind`: the panic is reported as a fault instead.
pub mod quiet_panics {
    use std::cell::Cell;
    use std::sync::Once;

    thread_local! {
        static DEPTH: Cell<u32> = const { Cell::new(0) };
    }
    static INSTALL: Once = Once::new();

    pub(crate) fn enter() {
        INSTALL.call_once(|| {
            let default = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                if DEPTH.with(|d| d.get()) == 0 {
                    default(info);
                }
            }));
        });
        DEPTH.with(|d| d.set(d.get() + 1));
    }

    pub(crate) fn leave() {
        DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}
