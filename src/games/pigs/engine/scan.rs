//! The play-phase scan (§4.5 table): which card of the hand is usable
//! now, and on whom. A child of the engine, so that it reads the same
//! private game state.

use super::{Action, Card, Role, Scan, Table};
use crate::game::Observer;

impl<O: Observer> Table<'_, O> {
    /// §4.5 table: the leftmost card usable now, with its target, and
    /// which rules kept cards to its left in hand.
    pub(super) fn choose(&self, me: usize, k_used: bool) -> Scan {
        let pig = &self.pigs[me];
        let next = self.next_alive(me);
        let may_kill = !k_used || pig.crossbow;
        let enemy_next = self.is_enemy(me, next);
        let kill = may_kill && enemy_next;
        let spares_next = O::LISTENING && may_kill && self.spares(me, next);
        let (duel, spares_in_duel) = self.duel_target(me);
        let (mut held_k, mut spared) = (false, false);
        let pick = pig.hand.iter().enumerate().find_map(|(i, &c)| {
            let action = match c {
                Card::P if pig.hp < 4 => Action::Peach,
                Card::K if kill => Action::Kill(next),
                Card::K => {
                    held_k |= enemy_next;
                    spared |= spares_next;
                    return None;
                }
                Card::F => {
                    spared |= spares_in_duel;
                    Action::Duel(duel?)
                }
                Card::N | Card::W => Action::Area(c),
                Card::Z => Action::Crossbow,
                _ => return None,
            };
            Some((i, action))
        });
        Scan {
            pick,
            held_k,
            spared,
        }
    }

    /// §4.5 table, row F: an FP always duels the MP; the MP and ZPs duel the
    /// first enemy going forward from the next living pig. Also tells
    /// whether the MP looked past a pig only because its suspicion lapsed.
    fn duel_target(&self, me: usize) -> (Option<usize>, bool) {
        if self.pigs[me].role == Role::FP {
            return (Some(0), false);
        }
        let n = self.pigs.len();
        let mut spared = false;
        let target = (1..n).map(|k| (me + k) % n).find(|&j| {
            let p = &self.pigs[j];
            spared |= O::LISTENING && p.alive && self.spares(me, j);
            p.alive && self.is_enemy(me, j)
        });
        (target, spared)
    }

    /// §4.1 "Enemies", last paragraph: the MP's suspicion of `other` no
    /// longer counts because `other` has revealed as a ZP.
    fn spares(&self, me: usize, other: usize) -> bool {
        let o = &self.pigs[other];
        self.pigs[me].role == Role::MP && o.suspected && o.revealed && o.role == Role::ZP
    }
}
