//! One module per game. Each holds its model (parse/render), validator,
//! engine, generators and structural shrink candidates. `GameId::dispatch`
//! here is the one place that maps a game id to its implementation.

/// Declares a game's rule events from one list: an enum whose variants
/// index the `RULES` it also defines, so an engine names the rule it applies
/// (`Ev::HorseLegBlocked.hit(obs)`) and no index can drift from its name.
macro_rules! rule_events {
    ($(#[$meta:meta])* $vis:vis enum $name:ident {
        $($variant:ident => $rule:literal: $about:literal,)*
    }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        $vis enum $name {
            $($variant,)*
        }

        impl $name {
            pub const RULES: &'static [crate::game::Rule] = &[
                $(crate::game::Rule { name: $rule, about: $about },)*
            ];

            #[inline(always)]
            pub fn hit<O: crate::game::Observer>(self, obs: &mut O) {
                obs.hit(self as usize);
            }

            /// As `hit`, at a site that tells the context it applied in
            /// (`Ev::CannonAttacks.hit_in(obs, ctx::LEFT)`): only the
            /// facts that tell this rule's applications apart, so that the
            /// events with their contexts stay few enough to cover.
            #[inline(always)]
            #[allow(dead_code)] // in a game whose sites tell no context
            pub fn hit_in<O: crate::game::Observer>(
                self,
                obs: &mut O,
                ctx: crate::game::Context,
            ) {
                match O::LISTENING {
                    true => obs.hit_in(self as usize, ctx),
                    false => obs.hit(self as usize),
                }
            }
        }

        #[cfg(test)]
        mod rule_event_names {
            /// Names are written out beside the variants, so a typo would
            /// otherwise go unseen: each must be its variant in kebab-case.
            #[test]
            fn every_rule_is_named_after_its_event() {
                let events = [$(super::$name::$variant,)*];
                assert_eq!(events.len(), super::$name::RULES.len());
                for (e, r) in events.iter().zip(super::$name::RULES) {
                    assert_eq!(crate::games::kebab(&format!("{e:?}")), r.name);
                }
            }
        }
    };
}

/// Declares the facts of a game's contexts once, inside its `ctx` module:
/// each a constant bit (`ABOVE = 0 => "above",` is `1 << 0`) and its name,
/// and `NAMED`, the game's `Game::CONTEXTS`, which lists them in
/// declaration order and the case facts last: the order in which an
/// event's name states them.
macro_rules! contexts {
    ($($(#[$meta:meta])* $fact:ident = $bit:literal => $label:literal,)*) => {
        $($(#[$meta])* pub const $fact: crate::game::Context = 1 << $bit;)*

        /// Every fact named, the case facts last.
        pub const NAMED: &[(&str, crate::game::Context)] = &[
            $(($label, $fact),)*
            ("first", crate::game::ctx::FIRST),
            ("later", crate::game::ctx::LATER),
        ];
    };
}

/// Declares a game's catalogue of mistakes from one list: an enum whose
/// variants the rule sites ask for (`if Mk::CannonWithoutScreen.on(obs) {
/// wrong } else { right }`), and the `CATALOGUE` it also defines (the
/// game's `Game::MISTAKES`), so no index can drift from its name. A
/// mistake may be followed by partial ones, `@ "scope" (FACTS): "about",`:
/// the same bend played only where the site's context holds `FACTS`
/// (`Mk::HorseLegIgnored.on_in(obs, ctx::DOWN_LEFT)`), named
/// `NAME@scope`. Each entry's witness, a shortest known input on which it
/// answers otherwise than the engine, is the file `witnesses/<name>.in`
/// beside the invoking module: an entry without one does not compile.
macro_rules! mistakes {
    ($(#[$meta:meta])* $vis:vis enum $name:ident {
        $($variant:ident => $mistake:literal ($class:ident, $rule:literal, $section:literal):
            $about:literal,
            $(@ $scope:literal ($within:expr): $part:literal,)*)*
    }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        $vis enum $name {
            $($variant,)*
        }

        impl $name {
            /// Every variant, in declaration order.
            #[cfg(test)]
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            pub const CATALOGUE: &'static [crate::game::Mistake] = &[
                $(crate::game::Mistake {
                    name: $mistake,
                    scope: None,
                    narrows: None,
                    variant: $name::$variant as usize,
                    within: 0,
                    class: crate::game::MistakeClass::$class,
                    rule: $rule,
                    section: $section,
                    about: $about,
                    witness: include_str!(concat!("witnesses/", $mistake, ".in")),
                },
                $(crate::game::Mistake {
                    name: concat!($mistake, "@", $scope),
                    scope: Some($scope),
                    narrows: Some($mistake),
                    variant: $name::$variant as usize,
                    within: $within,
                    class: crate::game::MistakeClass::$class,
                    rule: $rule,
                    section: $section,
                    about: $part,
                    witness: include_str!(concat!("witnesses/", $mistake, "@", $scope, ".in")),
                },)*)*
            ];

            /// Whether this run plays the mistake at a site that says
            /// nothing of its context: a constant `false` for an observer
            /// that cannot bend (the engine's own runs).
            #[inline(always)]
            pub fn on<O: crate::game::Observer>(self, obs: &O) -> bool {
                O::BENDING && obs.plays(self as usize, 0)
            }

            /// As `on`, at a site applied in the context `ctx`, so that a
            /// partial mistake of that context is played there only.
            #[inline(always)]
            #[allow(dead_code)] // in a game whose sites need no context
            pub fn on_in<O: crate::game::Observer>(
                self,
                obs: &O,
                ctx: crate::game::Context,
            ) -> bool {
                O::BENDING && obs.plays(self as usize, ctx)
            }

            /// Whether the run plays this mistake at all: for what the
            /// program does around the engine (reading, writing).
            pub fn is_in(self, run: &crate::game::Mistaken) -> bool {
                run.runs(self as usize)
            }
        }

        #[cfg(test)]
        mod mistake_names {
            /// As rule names: each is its variant in kebab-case, and a
            /// partial one's scope is kebab-case too.
            #[test]
            fn every_mistake_is_named_after_its_variant() {
                let all = super::$name::ALL;
                let wholes: Vec<_> = super::$name::CATALOGUE
                    .iter()
                    .filter(|m| m.scope.is_none())
                    .collect();
                assert_eq!(all.len(), wholes.len());
                for (v, m) in all.iter().zip(wholes) {
                    assert_eq!(crate::games::kebab(&format!("{v:?}")), m.name);
                    assert_eq!(*v as usize, m.variant);
                }
                for m in super::$name::CATALOGUE {
                    if let Some(scope) = m.scope {
                        assert_eq!(crate::games::kebab(scope), scope, "{}", m.name);
                        assert_ne!(m.within, 0, "{} has an empty scope", m.name);
                    }
                }
            }
        }
    };
}

pub mod chutes;
pub mod generals;
pub mod pigs;
pub mod stones;
pub mod xiangqi;

use crate::game::Visit;
use crate::id::GameId;

impl GameId {
    /// The single dispatch from a game id to its implementation: a new id
    /// without an arm here does not compile.
    pub fn dispatch<V: Visit>(self, v: V) -> V::Out {
        match self {
            GameId::Xiangqi => v.visit::<xiangqi::Xiangqi>(),
            GameId::Chutes => v.visit::<chutes::Chutes>(),
            GameId::Pigs => v.visit::<pigs::Pigs>(),
            GameId::Generals => v.visit::<generals::Generals>(),
            GameId::Stones => v.visit::<stones::Stones>(),
        }
    }
}

/// The rule name a variant of a `rule_events!` enum is expected to carry:
/// `HorseLegBlocked` is `horse-leg-blocked`, `JChain2` is `j-chain-2` and
/// `TermBeyondI32` is `term-beyond-i32`, so names read like the code.
#[cfg(test)]
pub(crate) fn kebab(variant: &str) -> String {
    let mut s = String::new();
    let mut prev: Option<char> = None;
    for ch in variant.chars() {
        let starts_word = ch.is_ascii_uppercase()
            || (ch.is_ascii_digit() && prev.is_some_and(|p| p.is_ascii_lowercase()));
        if starts_word && prev.is_some() {
            s.push('-');
        }
        s.push(ch.to_ascii_lowercase());
        prev = Some(ch);
    }
    s
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, Visit};
    use crate::id::GameId;

    struct Id;
    impl Visit for Id {
        type Out = GameId;
        fn visit<G: Game>(self) -> GameId {
            G::ID
        }
    }

    struct Sums;
    impl Visit for Sums {
        type Out = ();
        fn visit<G: Game>(self) {
            let sample = crate::game::parse_valid::<G>(G::SAMPLE).unwrap();
            let mut inputs = vec![sample];
            for p in G::PROFILES.iter().filter(|p| p.name != "max") {
                inputs.extend((0..3).map(|s| crate::game::generate_input::<G>(s, p.name)));
            }
            for input in &inputs {
                let ev = crate::game::events::<G>(input);
                assert_eq!(ev.rule_hits::<G>(), G::rule_hits(input), "{}", G::ID);
                let follows: u64 = ev.edges.values().sum();
                let all: u64 = ev.counts.values().sum();
                assert!(
                    follows < all.max(1),
                    "{}: an edge per event but the first",
                    G::ID
                );
            }
        }
    }

    /// A rule's count is the sum over its contexts, so coverage by rule
    /// reads the same from the events as from `rule_hits`.
    #[test]
    fn events_sum_to_the_rule_hits_in_every_game() {
        for &g in GameId::ALL {
            g.dispatch(Sums);
        }
    }

    struct Contexts;
    impl Visit for Contexts {
        type Out = ();
        fn visit<G: Game>(self) {
            let mut all = 0;
            for &(name, bit) in G::CONTEXTS {
                assert_eq!(bit.count_ones(), 1, "{}: {name} is one bit", G::ID);
                assert_eq!(all & bit, 0, "{}: {name} is a bit of its own", G::ID);
                assert_eq!(super::kebab(name), name, "{}: {name}", G::ID);
                all |= bit;
            }
            let n = G::CONTEXTS.len();
            assert_eq!(&G::CONTEXTS[n - 2..], crate::game::ctx::CASES, "{}", G::ID);
        }
    }

    /// Event names are joined with `/`, so a fact's name is one plain word
    /// in kebab-case, and each names a bit no other does.
    #[test]
    fn every_game_names_its_context_facts_once() {
        for &g in GameId::ALL {
            g.dispatch(Contexts);
        }
    }

    #[test]
    fn every_id_dispatches_to_the_game_of_that_id() {
        for &g in GameId::ALL {
            assert_eq!(g.dispatch(Id), g);
        }
    }
}
