//! One module per game. Each holds its model (parse/render), validator,
//! engine, generators and structural shrink candidates.

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
            #[cfg(test)]
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            #[inline(always)]
            pub fn hit<O: crate::game::Observer>(self, obs: &mut O) {
                obs.hit(self as usize);
            }
        }
    };
}

pub mod chutes;
pub mod generals;
pub mod pigs;
pub mod stones;
pub mod xiangqi;
