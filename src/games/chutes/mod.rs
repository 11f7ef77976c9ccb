//! Placeholder until the game module lands.
use crate::game::{Game, GameId, Invalid, Profile};
use crate::solver::{Budget, Fault};
use crate::source::Source;
use crate::text::ParseError;

pub struct Chutes;

impl Game for Chutes {
    const ID: GameId = GameId::Chutes;
    const PROFILES: &'static [Profile] = &[Profile {
        name: "small",
        about: "placeholder",
    }];
    const PORT: gamefuzz_reference::Port = gamefuzz_reference::chutes::main;
    type Input = Vec<u8>;
    type Output = Vec<u8>;
    fn parse(_text: &str) -> Result<Self::Input, ParseError> {
        unimplemented!()
    }
    fn render(_input: &Self::Input) -> String {
        unimplemented!()
    }
    fn validate(_input: &Self::Input) -> Result<(), Invalid> {
        unimplemented!()
    }
    fn parse_output(_text: &str) -> Result<Self::Output, ParseError> {
        unimplemented!()
    }
    fn render_output(_o: &Self::Output) -> String {
        unimplemented!()
    }
    fn solve(_input: &Self::Input, _b: &mut Budget) -> Result<Self::Output, Fault> {
        unimplemented!()
    }
    fn generate(_src: &mut Source, _p: &str) -> Self::Input {
        unimplemented!()
    }
    fn shrink(_input: &Self::Input) -> Vec<Self::Input> {
        unimplemented!()
    }
    fn difference(_a: &Self::Output, _b: &Self::Output) -> String {
        unimplemented!()
    }
}
