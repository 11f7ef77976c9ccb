//! The catalogued mistakes: what a wrong solution is, its class, and the
//! observer that plays one or two in an engine run. A part of its own
//! because the trait only holds a game's catalogue: how a mistake is
//! described and played concerns the games' `mistakes.rs` and the
//! harness that runs them, not the rest of the trait.

use super::{Context, Observer};

/// An engine run that plays one or two catalogued mistakes (by index in
/// the game's `MISTAKES`), a partial one only in its scope, and records
/// nothing. Two at once are how a program with two bugs runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mistaken {
    /// `(variant, scope)` of each mistake played.
    picks: [(usize, Context); 2],
    len: usize,
    now: Context,
}

impl Mistaken {
    /// The run that plays `MISTAKES[i]` for each `i` of `picks` (at most
    /// two; more are a harness bug).
    pub fn of(catalogue: &[Mistake], picks: &[usize]) -> Mistaken {
        assert!(picks.len() <= 2, "at most two mistakes are played at once");
        let mut m = Mistaken::none();
        for &i in picks {
            m.picks[m.len] = (catalogue[i].variant, catalogue[i].within);
            m.len += 1;
        }
        m
    }

    /// A bending run that plays nothing: the engine through the mistakes'
    /// code paths.
    pub fn none() -> Mistaken {
        Mistaken {
            picks: [(usize::MAX, 0); 2],
            len: 0,
            now: 0,
        }
    }

    /// Whether variant `variant` is played anywhere in the run: for what a
    /// program does with the judge text and its answers, around the engine.
    pub fn runs(&self, variant: usize) -> bool {
        self.picks[..self.len].iter().any(|&(v, _)| v == variant)
    }
}

impl Observer for Mistaken {
    const LISTENING: bool = false;
    const BENDING: bool = true;

    #[inline(always)]
    fn hit(&mut self, _rule: usize) {}

    fn plays(&self, variant: usize, ctx: Context) -> bool {
        let facts = ctx | self.now;
        self.picks[..self.len]
            .iter()
            .any(|&(v, within)| v == variant && facts & within == within)
    }

    fn enter(&mut self, mask: Context, facts: Context) {
        self.now = (self.now & !mask) | (facts & mask);
    }
}

/// The kind of wrong a catalogued mistake is: the classes a contestant's
/// solution falls into, so that a catalogue can be checked to cover each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MistakeClass {
    /// A rule left out altogether.
    LeftOut,
    /// A boundary off by one (a `<` for a `<=`, a limit one too far).
    OffByOne,
    /// Two rules applied in the wrong order.
    Order,
    /// A rule applied to the wrong piece, player, card or square.
    WrongTarget,
    /// State not reset between cases, games or turns.
    NotReset,
    /// State not read again after it changed (hands, positions, counters,
    /// who is alive).
    Stale,
    /// The input read differently: by lines instead of tokens, into
    /// fixed-size buffers at the stated limits.
    Reading,
    /// Integer arithmetic too narrow for the stated limits.
    Width,
    /// How the program keeps its state rather than which rule it bends:
    /// marks written into the array that holds the pieces or squares, a
    /// table cleared only in part, an index not wrapped, a list read from
    /// one line, one table 1-based and another 0-based, 32-bit reads.
    State,
    /// The output written in another format.
    Output,
}

impl MistakeClass {
    pub const ALL: &'static [MistakeClass] = &[
        MistakeClass::LeftOut,
        MistakeClass::OffByOne,
        MistakeClass::Order,
        MistakeClass::WrongTarget,
        MistakeClass::NotReset,
        MistakeClass::Stale,
        MistakeClass::Reading,
        MistakeClass::Width,
        MistakeClass::State,
        MistakeClass::Output,
    ];

    /// The class as the `mistakes` command and the JSON name it.
    pub fn name(self) -> &'static str {
        match self {
            MistakeClass::LeftOut => "left-out",
            MistakeClass::OffByOne => "off-by-one",
            MistakeClass::Order => "order",
            MistakeClass::WrongTarget => "wrong-target",
            MistakeClass::NotReset => "not-reset",
            MistakeClass::Stale => "stale",
            MistakeClass::Reading => "reading",
            MistakeClass::Width => "width",
            MistakeClass::State => "state",
            MistakeClass::Output => "output",
        }
    }

    /// Whether the mistake is about reading the input or writing the
    /// output rather than about the rules of the game.
    pub fn is_io(self) -> bool {
        matches!(self, MistakeClass::Reading | MistakeClass::Output)
    }
}

/// One plausible wrong solution of a game: the engine with one rule bent,
/// everywhere it applies or (a partial mistake) in one context only.
#[derive(Debug, Clone, Copy)]
pub struct Mistake {
    /// Short and stable, the `NAME` of the solver `mistake:NAME`; a partial
    /// mistake's is `WHOLE@SCOPE`.
    pub name: &'static str,
    /// For a partial mistake, the context it is limited to (`down-left`).
    pub scope: Option<&'static str>,
    /// For a partial mistake, the name of the whole mistake it narrows.
    pub narrows: Option<&'static str>,
    /// The variant of the game's `Mk` that the rule sites ask for.
    pub variant: usize,
    /// The facts of its scope ([`Context`]); 0 for a whole mistake.
    pub within: Context,
    pub class: MistakeClass,
    /// The rule it bends: a name of the game's `RULES`, or `input` /
    /// `output` for a mistake of reading or writing.
    pub rule: &'static str,
    /// The section of the rules it misreads, e.g. `§4.1`.
    pub section: &'static str,
    /// The mistake in one line, as a contestant would make it.
    pub about: &'static str,
    /// A shortest known valid input on which its answer differs from the
    /// engine's: proof that it is no equivalent of the engine, and the
    /// test a package falls back on to kill it.
    pub witness: &'static str,
}
