//! The `Game` trait: what every game provides, and the helpers generic over
//! it. It names no game: `GameId::dispatch` in `games` maps an id to its
//! implementation.

use std::fmt::Debug;

use crate::fault::{Budget, Fault};
pub use crate::id::GameId;
use crate::picture::{Focus, Picture};
use crate::source::Source;
use crate::text::ParseError;

pub mod events;
pub use events::{edge_name, event_name, events, Edge, Event, Events};
mod mistake;
pub use mistake::{Mistake, MistakeClass, Mistaken};

/// A violated rule of the validator checklist (section 3 of the game's
/// rules document, `docs/rules/<id>.md`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    /// The checklist item, e.g. `"3.7"` for xiangqi's "red is giving check".
    pub rule: &'static str,
    pub message: String,
}

impl Invalid {
    pub fn new(rule: &'static str, message: impl Into<String>) -> Self {
        Invalid {
            rule,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "rule {}: {}", self.rule, self.message)
    }
}

impl std::error::Error for Invalid {}

/// A rule of a game whose use the engine reports, so that a test set can be
/// checked to exercise all of them (`gamefuzz coverage`, `gamefuzz package`).
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    /// Short and stable: `horse-leg-blocked`.
    pub name: &'static str,
    /// The rule in words, with the section of the rules document it comes
    /// from.
    pub about: &'static str,
}

/// What an engine run is told and tells: it reports rule events, by index
/// into `Game::RULES`, and it is asked whether to play one of the game's
/// catalogued mistakes (`Game::MISTAKES`). The engine is written once,
/// generic over the observer: `()` ignores every event and plays no
/// mistake, both as constants, so `solve` pays nothing for coverage nor
/// for the wrong branches that sit beside the rules they bend.
pub trait Observer {
    /// Whether anything is recorded. Some events take extra work to tell
    /// apart (a scan of the hands, say); engines guard that work with this
    /// constant so that it compiles away for `()`.
    const LISTENING: bool = true;

    /// Whether this observer can ask for a mistake at all; when it cannot,
    /// every `Mk::X.on(obs)` is the constant `false`.
    const BENDING: bool = false;

    fn hit(&mut self, rule: usize);

    /// [`Observer::hit`] at a site that says in what context the rule
    /// applied (`ctx`: the facts of [`Game::CONTEXTS`] the site tells
    /// apart), for an observer that keeps events apart by context; the
    /// facts [`Observer::enter`] set join them there.
    #[inline(always)]
    fn hit_in(&mut self, rule: usize, _ctx: Context) {
        self.hit(rule);
    }

    /// Whether the run plays the mistake declared as variant `variant` of
    /// the game's `Mk` at a rule site applied in the context `ctx`: a whole
    /// mistake is played in every context, a partial one
    /// (`NAME@CONTEXT`) only where `ctx`, together with what
    /// [`Observer::enter`] set, holds every fact of its scope.
    #[inline(always)]
    fn plays(&self, _variant: usize, _ctx: Context) -> bool {
        false
    }

    /// Says which input elements the events that follow are about, until
    /// said again, the one they are most about first: the square a throw
    /// lands on, then the throw; the piece that attacks, then its target.
    /// An explanation ties a change that makes a program right to the
    /// rule it takes away through these (a chute whose bottom is a
    /// ladder's foot: the chute is what the chained jump is about, the
    /// ladder only where it would lead). Engines say it only when
    /// [`Observer::LISTENING`].
    #[inline(always)]
    fn about(&mut self, _things: &[Thing]) {}

    /// Sets the facts under `mask` that hold for the rest of the run until
    /// set again, such as which case of the file is being solved
    /// ([`ctx::case`]); the rule sites then need not say them.
    #[inline(always)]
    fn enter(&mut self, _mask: Context, _facts: Context) {}
}

impl Observer for () {
    const LISTENING: bool = false;

    #[inline(always)]
    fn hit(&mut self, _rule: usize) {}
}

/// The facts about the place where a rule is applied that a partial
/// mistake can be limited to, one bit each: a direction, a piece kind, a
/// player, the first case of a file or a later one. Each game names its
/// own bits below [`ctx::CASE`] (in `mistakes.rs`); the case bits are
/// common to every game.
pub type Context = u64;

/// The facts every game shares.
pub mod ctx {
    use super::Context;

    /// The first case (or game) of the judge file.
    pub const FIRST: Context = 1 << 62;
    /// Any case (or game) after the first.
    pub const LATER: Context = 1 << 63;
    /// The mask of the case facts, for [`super::Observer::enter`].
    pub const CASE: Context = FIRST | LATER;

    /// The names of the case facts, last in every game's
    /// [`super::Game::CONTEXTS`].
    pub const CASES: &[(&str, Context)] = &[("first", FIRST), ("later", LATER)];

    /// The case fact of the case of index `i` in the file.
    pub fn case(i: usize) -> Context {
        if i == 0 {
            FIRST
        } else {
            LATER
        }
    }
}

/// Counts per rule.
impl Observer for Vec<u64> {
    fn hit(&mut self, rule: usize) {
        self[rule] += 1;
    }
}

/// The step budget of the reference port on an input the engine solved in
/// `e` steps: `per_engine_step · e + base`, never more than the fixed
/// budget (`Limits::port_steps`). A port whose native program would loop
/// for ever is cut off once it has clearly outrun the engine, instead of
/// burning the whole fixed budget.
///
/// Both numbers must hold for every input on which the port ends, or a
/// verdict would change from `ok` to `budget`; `cargo bench --bench
/// port_budget` measures the ratio of port fuel to engine steps per profile
/// and on the corpus, and `tests/fidelity.rs` checks the margin on
/// generated inputs of every profile.
#[derive(Debug, Clone, Copy)]
pub struct PortSteps {
    pub per_engine_step: u64,
    pub base: u64,
}

impl PortSteps {
    /// The budget of ports that do a bounded, small amount of work per unit
    /// of the engine's: xiangqi, chutes, generals and stones never burn more
    /// than 47 fuel per engine step on any profile (chutes `edge`; the
    /// others stay under 8) nor more than 15,000 fuel in all on an input
    /// whose engine work is small. 256 per step and 1,000,000 more leave a
    /// margin of five and sixty times; none of these ports has been seen
    /// not to end, so the budget only matters for a port gone wrong.
    pub const DEFAULT: PortSteps = PortSteps {
        per_engine_step: 256,
        base: 1_000_000,
    };
}

/// One part of an input that a person reads as one thing (a piece, a
/// pile, a card, a player, a throw, a move): what an explanation varies to
/// tell what a failure is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element {
    /// How a person names it: `the chariot at (4,6)`, `pile b 3`.
    pub label: String,
    /// The line of the canonical text (0-based) it stands on, where a
    /// report marks it.
    pub line: usize,
    /// What the engine calls it when it says what a rule event was about
    /// ([`Observer::about`]), and the case (from 0) it belongs to where
    /// the file holds several and it is not shared by all: what ties a
    /// change of it to the events it takes part in. `None` where the
    /// engine names no such thing.
    pub thing: Option<(Option<usize>, Thing)>,
}

/// An input element as an engine names it when it says what a rule event
/// was about: a game's own number for the sort of element (a throw, a
/// square, a piece) and one for where it is (the throw's place in the
/// list, the square, the point). Two runs name the same element alike, so
/// a change can be tied to the events of the element it changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Thing {
    pub kind: u8,
    pub at: u32,
}

/// How a variant differs from its input, simplest first: what a "smallest
/// change" prefers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Edit {
    /// The element taken out.
    Removed,
    /// The element one step elsewhere: a point, a square, a position.
    Moved,
    /// A number of it by one, or across a type boundary.
    Counted,
    /// Another value of its kind: another piece, card, throw, direction.
    Changed,
}

/// An input one edit away from another: one element removed, moved or
/// changed. It need not be valid (the explanation keeps the valid ones).
#[derive(Debug, Clone)]
pub struct Variant<I> {
    /// The element changed, an index into `Game::elements` of the input.
    pub element: usize,
    pub edit: Edit,
    /// What changed, to follow the element's label: `moves to (4,5)`,
    /// `is b 2147483647`, `is removed`.
    pub change: String,
    pub input: I,
    /// Values added beside the edit so that the input stays valid (throws
    /// appended so that every chutes game still ends): a smallest change
    /// prefers none.
    pub added: usize,
}

/// A named family of generated inputs.
#[derive(Debug, Clone, Copy)]
pub struct Profile {
    pub name: &'static str,
    pub about: &'static str,
}

/// One judge problem: its formats, validator, engine, port and generators.
///
/// Text is parsed once at the boundary; solvers are compared on typed
/// `Output`s, so formatting freedom the judge allows never shows up as a
/// divergence.
pub trait Game: Sized + 'static {
    const ID: GameId;
    /// Profiles accepted by `generate`; the first is the default of `gen`.
    const PROFILES: &'static [Profile];
    /// The port in `gamefuzz-reference`, run on the rendered input text.
    const PORT: gamefuzz_reference::Port;

    /// The port's step budget, derived from the engine's steps.
    const PORT_STEPS: PortSteps = PortSteps::DEFAULT;

    /// The official sample input (section 6 of the rules), the `data/sample`
    /// of a package.
    const SAMPLE: &'static str;

    /// The C++17 source of the game's Kattis input validator
    /// (`validator.cpp` beside the game, built with the shared
    /// `validator.hpp`): the `validate --kattis` verdict on a judge where
    /// gamefuzz is not installed.
    const VALIDATOR: &'static str;

    /// The C++17 source of the game's answer validator (`answer.cpp`
    /// beside the game, built with `validator.hpp`): run as `answer INPUT
    /// < ANSWER`, exit 42 when the answer file is in canonical form and
    /// fits the input (`kattis::answer_verdict`), 43 otherwise.
    const ANSWER_VALIDATOR: &'static str;

    /// The game's input validator on testlib (`validator_testlib.cpp`
    /// beside the game, one self-contained file): the validator of the
    /// judges whose validators are testlib programs (Polygon, UOJ). It
    /// accepts exactly what `VALIDATOR` accepts and names the same rules.
    const TESTLIB_VALIDATOR: &'static str;

    /// The game's checker on testlib (`checker.cpp` beside the game) where
    /// comparing the answer token by token is not the judge's rule;
    /// `None` where it is, and a judge's standard comparison serves.
    const CHECKER: Option<&'static str> = None;

    /// The game's rules document, `docs/rules/<id>.md`: the rules in the
    /// project's own words, whose section numbers rule descriptions and
    /// validator messages cite, and which a package's statement is written
    /// from.
    const RULES_TEXT: &'static str;

    /// One whole judge input file.
    type Input: Clone + Debug + Send + Sync + 'static;
    /// One whole judge output.
    type Output: Clone + Debug + PartialEq + Send + Sync + 'static;

    /// Strict parse of the token structure; errors name line and column.
    fn parse(text: &str) -> Result<Self::Input, ParseError>;
    /// The canonical text of an input: `render(parse(x))` normalises `x`.
    fn render(input: &Self::Input) -> String;
    /// Every item of the rules' checklist (section 3) that parsing does not
    /// already enforce.
    fn validate(input: &Self::Input) -> Result<(), Invalid>;

    /// Parses a judge output with the comparison rules of section 5.
    fn parse_output(text: &str) -> Result<Self::Output, ParseError>;
    fn render_output(output: &Self::Output) -> String;

    /// Whether `output`, read from an answer file, has the shape an answer
    /// to the valid `input` has (one answer per case, a winner among the
    /// players, ...): what the game's answer validator checks besides the
    /// form. It never solves the input.
    fn answer_fits(input: &Self::Input, output: &Self::Output) -> Result<(), String>;

    /// The clean-room engine. Only called on valid inputs.
    fn solve(input: &Self::Input, budget: &mut Budget) -> Result<Self::Output, Fault>;

    /// An independent exhaustive solver, where one is feasible for this
    /// input; `None` means "not applicable", which is never a divergence.
    fn brute(_input: &Self::Input, _budget: &mut Budget) -> Option<Result<Self::Output, Fault>> {
        None
    }
    /// Whether `brute` exists at all for this game.
    const HAS_BRUTE: bool = false;

    /// A valid input drawn only from `src`. Must be valid for every tape,
    /// including the all-zero tape. `profile` is one of `PROFILES`.
    fn generate(src: &mut Source, profile: &str) -> Self::Input;

    /// Structurally smaller variants of `input` (they need not be valid:
    /// the shrinker filters by `validate`).
    fn shrink(input: &Self::Input) -> Vec<Self::Input>;

    /// How many seeds of `REDRAW_PROFILE` the shrinker redraws, where no
    /// program decides, looking for a smaller input with the signature.
    /// A fixed count rather than a time, so that a shrink that ends gives
    /// the same input on every machine; a game whose rare signatures need
    /// more small draws, and whose draws are cheap, raises it.
    const REDRAWS: u64 = 5_000;
    /// What a person calls one case of a file (`case 2`; a chutes file
    /// holds games), as the explanation names a whole case.
    const CASE_NOUN: &'static str = "case";

    /// The profile the shrinker redraws from: small games that can still
    /// show the game's divergences. The first profile (the smallest games)
    /// unless those cannot (generals: small counts never overflow).
    const REDRAW_PROFILE: &'static str = Self::PROFILES[0].name;

    /// A short, stable description of how two outputs differ, used in
    /// divergence signatures (for example `"case YES/NO"`); it must not
    /// contain case indices or other input-specific numbers, so that the same
    /// bug found twice gets the same signature.
    fn difference(a: &Self::Output, b: &Self::Output) -> String;

    /// `difference` with the input at hand, for games whose outputs alone do
    /// not say enough to tell bugs apart (pigs: the role of the first pig
    /// whose line differs). The same rule applies: no indices or counts.
    fn difference_in(_input: &Self::Input, a: &Self::Output, b: &Self::Output) -> String {
        Self::difference(a, b)
    }

    /// Whether a difference worded `detail` (as `difference_in` words it)
    /// can show at all between `a`, the first solver's answer on `input`,
    /// and some other answer. Where it cannot, the shrinker knows without
    /// running a program that the program's answer cannot give the
    /// signature it keeps. `true` where the game cannot tell.
    fn could_differ(_input: &Self::Input, _a: &Self::Output, _detail: &str) -> bool {
        true
    }

    /// Joins whole inputs into one input holding all their cases in order,
    /// for running an external program once on many cases. `None` when the
    /// format has one case per file (pigs) or when the joined input would
    /// break a per-file limit or a shared section (the caller then packs
    /// fewer inputs). The result must be valid whenever every part is.
    fn pack(_inputs: &[&Self::Input]) -> Option<Self::Input> {
        None
    }

    /// The cases of `input`, each as an input of its own, in order: what
    /// `pack` joins, taken apart again. The whole input where the format
    /// has one case per file (pigs).
    fn split(input: &Self::Input) -> Vec<Self::Input> {
        vec![input.clone()]
    }

    /// The test file `input` with the cases of an input drawn from `seed`
    /// and `profile` joined after its own: how a package fills a judge
    /// file up to its bound. `None` when the file takes no more, or not
    /// those cases. By default the drawn input packed after it.
    fn grow(input: &Self::Input, seed: u64, profile: &str) -> Option<Self::Input> {
        let more = generate_input::<Self>(seed, profile);
        Self::pack(&[input, &more])
    }

    /// Splits the output of `pack(inputs)` back into one output per input;
    /// `None` when `output` does not have the shape the parts need (an
    /// external program printed too few or too many answers).
    fn unpack_output(
        _inputs: &[&Self::Input],
        _output: &Self::Output,
    ) -> Option<Vec<Self::Output>> {
        None
    }

    /// The rules the engine reports, in the order of `rule_hits`.
    const RULES: &'static [Rule];

    /// The catalogue of plausible wrong solutions, each the engine with
    /// one rule bent (`mistakes!` in the game's `mistakes.rs`).
    const MISTAKES: &'static [Mistake];

    /// What a program making the mistakes `MISTAKES[i]`, `i` in `picks`
    /// (one, or two at once), prints for the valid judge input `text`: the
    /// engine's answer with the rules bent, or for a mistake of reading or
    /// writing, the input read or the answer written as such a program
    /// does.
    fn mistaken(text: &str, picks: &[usize], budget: &mut Budget) -> Result<String, Fault>;

    /// Ways a program may keep the game's state that play every legal
    /// game alike but part on the states only a mistake leaves (generals:
    /// a signed count per cell, or an owner apart from the count). A
    /// program keeps its state one way, so a diagnosis tries a mistake in
    /// each; `mistaken` plays the first.
    const KEEPINGS: &'static [&'static str] = &["the engine's"];

    /// [`Game::mistaken`] on state kept the way `KEEPINGS[keeping]`.
    fn mistaken_kept(
        text: &str,
        picks: &[usize],
        keeping: usize,
        budget: &mut Budget,
    ) -> Result<String, Fault> {
        debug_assert_eq!(keeping, 0, "one way of keeping state");
        Self::mistaken(text, picks, budget)
    }

    /// [`Game::mistaken_kept`] on the valid judge input `text` already
    /// parsed as `input`: a game whose mistakes all read the file as the
    /// engine does plays them on `input` (a package runs every mistake on
    /// every test, and parsing a test of many megabytes once per mistake
    /// cost more than playing it).
    fn mistaken_parsed(
        _input: &Self::Input,
        text: &str,
        picks: &[usize],
        keeping: usize,
        budget: &mut Budget,
    ) -> Result<String, Fault> {
        Self::mistaken_kept(text, picks, keeping, budget)
    }

    /// The elements of `input`, in text order; empty where the game
    /// names none.
    fn elements(_input: &Self::Input) -> Vec<Element> {
        Vec::new()
    }

    /// Inputs one edit away from `input`, every element's in turn, each
    /// element's nearest edits first: removed, moved a step, a number by
    /// one or across a type boundary, another value of its kind.
    fn variants(_input: &Self::Input) -> Vec<Variant<Self::Input>> {
        Vec::new()
    }

    /// How often the engine applies each of `RULES` while solving `input`
    /// (all cases of the file together). Only called on valid inputs.
    fn rule_hits(input: &Self::Input) -> Vec<u64>;

    /// The engine's run on the valid `input` with its rule events, and
    /// the facts it enters, told to `obs`: what [`events`] records.
    fn observe<O: Observer>(input: &Self::Input, obs: &mut O);

    /// The facts a rule event's context may hold, each a name and its bit,
    /// in the order an event's name lists them ([`event_name`]); the case
    /// facts last. Declared by the game's `contexts!`.
    const CONTEXTS: &'static [(&'static str, Context)] = ctx::CASES;

    /// A readable turn-by-turn account of the engine's run, where the game
    /// has one.
    fn trace(_input: &Self::Input) -> Option<String> {
        None
    }

    /// The line of `trace(input)` (0-based) by which the engine's run has
    /// parted from one that printed `other` where the engine printed
    /// `engine`, where the game can tell, for the report to mark.
    fn trace_parting(
        _input: &Self::Input,
        _engine: &Self::Output,
        _other: &Self::Output,
    ) -> Option<usize> {
        None
    }

    /// The positions worth looking at in `input`: boards of the cases
    /// where the solvers of `focus` part, or of the engine's run when one
    /// solver ran. Empty for games without a board.
    fn pictures(_input: &Self::Input, _focus: &GameFocus<'_, Self>) -> Vec<Picture> {
        Vec::new()
    }
}

/// The [`Focus`] of a game's pictures: its input and output types.
pub type GameFocus<'a, G> = Focus<'a, <G as Game>::Input, <G as Game>::Output>;

/// A computation generic over the game, run by [`GameId::dispatch`].
pub trait Visit {
    type Out;
    fn visit<G: Game>(self) -> Self::Out;
}

/// The `difference` of outputs made of one answer per case: `"case count"`
/// when the lengths differ, otherwise `tag` of the first differing pair.
pub fn first_case_difference<T: PartialEq>(
    a: &[T],
    b: &[T],
    tag: impl Fn(&T, &T) -> String,
) -> String {
    if a.len() != b.len() {
        return "case count".into();
    }
    match a.iter().zip(b).find(|(x, y)| x != y) {
        Some((x, y)) => tag(x, y),
        None => "equal".into(),
    }
}

/// `pack` for formats whose input is a list of cases: all cases in order,
/// `None` beyond `max` cases.
pub fn pack_cases<C: Clone>(parts: &[&[C]], max: usize) -> Option<Vec<C>> {
    let total: usize = parts.iter().map(|p| p.len()).sum();
    (total <= max).then(|| parts.iter().flat_map(|p| p.iter().cloned()).collect())
}

/// `Game::split` for inputs that are a list of cases and nothing else:
/// each case as an input of its own, made by `make`.
pub fn split_cases<C: Clone, I>(cases: &[C], make: impl Fn(Vec<C>) -> I) -> Vec<I> {
    cases.iter().map(|c| make(vec![c.clone()])).collect()
}

/// `unpack_output` for outputs made of one answer per case: consecutive
/// slices of the given lengths, `None` if the lengths do not add up.
pub fn split_answers<T: Clone>(lens: &[usize], answers: &[T]) -> Option<Vec<Vec<T>>> {
    if lens.iter().sum::<usize>() != answers.len() {
        return None;
    }
    let mut rest = answers;
    Some(
        lens.iter()
            .map(|&n| {
                let (head, tail) = rest.split_at(n);
                rest = tail;
                head.to_vec()
            })
            .collect(),
    )
}

/// `answer_fits` for outputs made of one answer per case: as many answers
/// as the input has cases, each of which `fits` (given its 0-based case).
pub fn one_answer_per_case<C, A>(
    cases: &[C],
    answers: &[A],
    fits: impl Fn(&C, &A) -> Result<(), String>,
) -> Result<(), String> {
    if cases.len() != answers.len() {
        return Err(format!(
            "{} answers for {} cases",
            answers.len(),
            cases.len()
        ));
    }
    for (i, (c, a)) in cases.iter().zip(answers).enumerate() {
        fits(c, a).map_err(|why| format!("case {}: {why}", i + 1))?;
    }
    Ok(())
}

/// The powers of two where a program's integers wrap or change sign
/// (16, 32 and 64 bits, signed and unsigned, and the halves whose sums
/// reach them), each with its neighbours: where a count or a coordinate
/// that a program reads into too narrow a type starts to go wrong.
const TYPE_EDGES: [u32; 8] = [15, 16, 30, 31, 32, 62, 63, 64];

/// Smaller values for a number of a shrink candidate, from `least` up to
/// `value` (neither included unless `least` < `value`), in the order worth
/// trying: `least`, then the type boundaries below `value` and their
/// neighbours (2^31 - 1, 2^31, 2^31 + 1, ...), ascending, then the midway
/// point, 3/4 of the way, 7/8, ... up to value - 1. A shrinker that keeps the first candidate that
/// keeps a divergence, and tries again from there, so bisects toward the
/// smallest value that keeps it, and lands on a boundary where a width
/// mistake is what keeps it: `2147483648` rather than whatever large
/// count the generator drew.
pub fn smaller_numbers(value: u64, least: u64) -> Vec<u64> {
    let mut out = Vec::new();
    if value <= least {
        return out;
    }
    out.push(least);
    for bits in TYPE_EDGES {
        let edge = 1u128 << bits;
        for v in [edge - 1, edge, edge + 1] {
            if let Ok(v) = u64::try_from(v) {
                if v > least && v < value {
                    out.push(v);
                }
            }
        }
    }
    let span = value - least;
    out.push(least + span / 2);
    let mut gap = span / 4;
    while gap > 0 {
        out.push(value - gap);
        gap /= 2;
    }
    out.push(value - 1);
    let mut seen = std::collections::HashSet::new();
    out.retain(|v| seen.insert(*v));
    out
}

/// Numbers one edit from `value` within `least..=most`: by one down and
/// up, then across the nearest type boundary below it (the edge minus one,
/// where `value` is at or past a power of two of [`TYPE_EDGES`]) and above
/// it (the edge itself). What an explanation tries to tell a count that
/// is wrong for its width from one that is wrong for its size.
pub fn nearby_numbers(value: u64, least: u64, most: u64) -> Vec<u64> {
    let edges = TYPE_EDGES
        .iter()
        .filter_map(|&b| u64::try_from(1u128 << b).ok());
    let below = edges.clone().filter(|&e| e <= value).max().map(|e| e - 1);
    let above = edges.filter(|&e| e > value).min();
    let mut out: Vec<u64> = [value.checked_sub(1), value.checked_add(1), below, above]
        .into_iter()
        .flatten()
        .filter(|&v| v != value && (least..=most).contains(&v))
        .collect();
    let mut seen = std::collections::HashSet::new();
    out.retain(|v| seen.insert(*v));
    out
}

/// Generates the input of one case: the same (game, seed, profile) always
/// gives the same input. Also returns the tape, for shrinking.
pub fn generate_case<G: Game>(seed: u64, profile: &str) -> (G::Input, Vec<u64>) {
    let mut src = Source::seeded(G::ID, seed);
    let input = G::generate(&mut src, profile);
    (input, src.into_tape())
}

/// The input [`generate_case`] draws, without its tape.
pub fn generate_input<G: Game>(seed: u64, profile: &str) -> G::Input {
    G::generate(&mut Source::seeded_untaped(G::ID, seed), profile)
}

/// The line a catalogued mistake prints for a case its bent rules play
/// past the end of what the program holds (a game still going when the
/// throw list ends): what lies there decides, so a program with the mistake
/// may print any line, or hang, or crash, and neither a match nor a kill
/// rests on that line.
pub const UNDECIDED: &str = "?";

/// The input a catalogued mistake reads, as the engine reads it: mistakes
/// only run on valid judge text, so a parse error is the harness's own,
/// reported as a fault rather than a panic.
pub fn mistaken_input<G: Game>(text: &str) -> Result<G::Input, Fault> {
    G::parse(text).map_err(|e| Fault::new(crate::fault::FaultKind::Io, e.to_string()))
}

/// Parses and validates judge input text in one step.
pub fn parse_valid<G: Game>(text: &str) -> Result<G::Input, InputError> {
    let input = G::parse(text).map_err(InputError::Parse)?;
    G::validate(&input).map_err(InputError::Invalid)?;
    Ok(input)
}

/// Why an input text was refused.
#[derive(Debug, Clone, thiserror::Error)]
pub enum InputError {
    #[error("parse error: {0}")]
    Parse(ParseError),
    #[error("invalid input: {0}")]
    Invalid(Invalid),
    /// Every one of so many input files was refused (`diff --inputs`).
    #[error("none of the {0} input files is valid")]
    NoneValid(u64),
}

#[cfg(test)]
mod tests {
    use super::smaller_numbers;

    #[test]
    fn smaller_numbers_try_the_least_the_type_edges_then_bisect() {
        assert_eq!(smaller_numbers(10, 1), [1, 5, 8, 9]);
        assert!(smaller_numbers(1, 1).is_empty());
        let big = smaller_numbers(441_838_515_164, 1);
        // The type edges below the value, in order, before any halving.
        let edges = [
            32_767,
            32_768,
            32_769,
            65_535,
            65_536,
            65_537,
            (1 << 30) - 1,
            1 << 30,
            (1 << 30) + 1,
            (1 << 31) - 1,
            1 << 31,
            (1 << 31) + 1,
            (1 << 32) - 1,
            1 << 32,
            (1 << 32) + 1,
        ];
        assert_eq!(big[0], 1);
        assert_eq!(big[1..16], edges);
        assert_eq!(big[16], 1 + (441_838_515_164 - 1) / 2);
        assert_eq!(*big.last().unwrap(), 441_838_515_163);
        assert!(big.iter().all(|&v| (1..441_838_515_164).contains(&v)));
        let near_top = smaller_numbers(u64::MAX, 0);
        assert!(near_top.contains(&(1 << 63)) && near_top.contains(&((1 << 63) + 1)));
        assert!(!near_top.contains(&u64::MAX));
    }

    #[test]
    fn nearby_numbers_step_by_one_and_across_the_nearest_edges() {
        use super::nearby_numbers;
        assert_eq!(
            nearby_numbers(2_147_483_649, 1, u64::MAX),
            [2_147_483_648, 2_147_483_650, 2_147_483_647, 4_294_967_296]
        );
        assert_eq!(nearby_numbers(1, 1, 5), [2]);
        assert_eq!(nearby_numbers(5, 1, 5), [4]);
    }
}
