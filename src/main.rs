//! Thin binary: parse the command line, run, map the outcome to an exit code
//! (0 clean, 1 divergence found or input invalid, 2 usage or I/O error).

use std::process::ExitCode;

use clap::Parser;
use gamefuzz::cli::{self, Cli, Exit};
use gamefuzz::game::InputError;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli::run(cli) {
        Ok(Exit::Clean) => ExitCode::SUCCESS,
        Ok(Exit::Found) => ExitCode::from(1),
        Ok(Exit::Code(c)) => ExitCode::from(c),
        Err(e) => {
            gamefuzz::console::err(&format!("error: {e:#}\n"));
            if e.downcast_ref::<InputError>().is_some() {
                ExitCode::from(1)
            } else {
                ExitCode::from(2)
            }
        }
    }
}
