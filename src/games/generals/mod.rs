//! 将军棋 (Generals Chess): two castles, stacks of soldiers moved between
//! adjacent cells, a castle bonus before every move, and a game that ends
//! the moment a castle is taken or emptied (spec: `shared/specs/generals.md`).
//!
//! * `model`: the typed input and output, strict parsers, canonical text.
//! * `validate`: the checklist of section 3, replaying every case.
//! * `engine`: the board and the rules of section 4, with their rule events;
//!   the validator, the generators, the shrinker and the trace move pieces
//!   with the same board, so none of them can disagree about a move.
//! * `gen`: the profiles; generators that draw only legal moves.
//! * `shrink`: structural candidates.
//! * `trace`: the engine's run told move by move.
//! * `picture`: the board where the solvers part, or when the game ends.
//! * `mistakes`: the catalogue of plausible wrong solutions.

mod engine;
mod gen;
mod mistaken;
mod mistakes;
mod model;
mod picture;
mod shrink;
#[cfg(test)]
mod tests;
mod trace;
mod validate;
mod vary;

use crate::fault::{Budget, Fault};
use crate::game::{
    Context, Element, Game, GameFocus, GameId, Invalid, Mistake, Observer, Profile, Rule, Variant,
};
use crate::picture::Picture;
use crate::source::Source;
use crate::text::ParseError;

use engine::Ev;
pub use model::{Input, Output};

pub struct Generals;

impl Game for Generals {
    const ID: GameId = GameId::Generals;
    const PROFILES: &'static [Profile] = gen::PROFILES;
    const PORT: gamefuzz_reference::Port = gamefuzz_reference::generals::main;
    type Input = Input;
    type Output = Output;

    fn parse(text: &str) -> Result<Input, ParseError> {
        model::parse(text)
    }

    fn render(input: &Input) -> String {
        model::render(input)
    }

    fn validate(input: &Input) -> Result<(), Invalid> {
        validate::validate(input)
    }

    /// `small` counts never pass 2^31, so none of the port's overflows
    /// shows there; `edge` mixes small boards with extreme counts.
    const REDRAW_PROFILE: &'static str = "edge";
    const SAMPLE: &'static str = include_str!("sample.in");
    const VALIDATOR: &'static str = include_str!("validator.cpp");
    const ANSWER_VALIDATOR: &'static str = include_str!("answer.cpp");
    const TESTLIB_VALIDATOR: &'static str = include_str!("validator_testlib.cpp");
    const RULES_TEXT: &'static str = include_str!("../../../docs/rules/generals.md");

    fn parse_output(text: &str) -> Result<Output, ParseError> {
        model::parse_output(text)
    }

    fn render_output(out: &Output) -> String {
        model::render_output(out)
    }

    fn answer_fits(input: &Input, output: &Output) -> Result<(), String> {
        model::answer_fits(input, output)
    }

    fn solve(input: &Input, budget: &mut Budget) -> Result<Output, Fault> {
        engine::solve(&input.cases, budget, &mut ())
    }

    const RULES: &'static [Rule] = Ev::RULES;

    fn rule_hits(input: &Input) -> Vec<u64> {
        engine::rule_hits(&input.cases)
    }

    fn observe<O: Observer>(input: &Input, obs: &mut O) {
        engine::observe(&input.cases, obs)
    }

    const CONTEXTS: &'static [(&'static str, Context)] = mistakes::ctx::NAMED;

    const MISTAKES: &'static [Mistake] = mistakes::Mk::CATALOGUE;

    fn mistaken(text: &str, picks: &[usize], budget: &mut Budget) -> Result<String, Fault> {
        mistaken::mistaken(text, picks, false, budget)
    }

    const KEEPINGS: &'static [&'static str] = &["signed counts", "owners apart from counts"];

    fn mistaken_kept(
        text: &str,
        picks: &[usize],
        keeping: usize,
        budget: &mut Budget,
    ) -> Result<String, Fault> {
        mistaken::mistaken(text, picks, keeping == 1, budget)
    }

    fn mistaken_parsed(
        input: &Input,
        _text: &str,
        picks: &[usize],
        keeping: usize,
        budget: &mut Budget,
    ) -> Result<String, Fault> {
        mistaken::mistaken_on(input, picks, keeping == 1, budget)
    }

    fn generate(src: &mut Source, profile: &str) -> Input {
        gen::generate(src, profile)
    }

    fn shrink(input: &Input) -> Vec<Input> {
        shrink::candidates(input)
    }

    fn split(input: &Input) -> Vec<Input> {
        crate::game::split_cases(&input.cases, |cases| Input { cases })
    }

    fn pack(inputs: &[&Input]) -> Option<Input> {
        model::pack(inputs)
    }

    fn unpack_output(inputs: &[&Input], output: &Output) -> Option<Vec<Output>> {
        model::unpack_output(inputs, output)
    }

    fn difference(a: &Output, b: &Output) -> String {
        model::difference(a, b)
    }

    fn trace(input: &Input) -> Option<String> {
        Some(trace::trace(input))
    }

    fn pictures(input: &Input, focus: &GameFocus<'_, Self>) -> Vec<Picture> {
        picture::pictures(input, focus)
    }

    fn elements(input: &Input) -> Vec<Element> {
        vary::elements(input)
    }

    fn variants(input: &Input) -> Vec<Variant<Input>> {
        vary::variants(input)
    }
}
