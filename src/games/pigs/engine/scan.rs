//! The play-phase scan (§4.5 table): which card of the hand is usable
//! now, and on whom. A child of the engine, so that it reads the same
//! private game state.

use super::{role_ctx, Action, Card, Mk, Role, Scan, Table};
use crate::game::Observer;

impl<O: Observer> Table<'_, O> {
    /// What the stale mistakes of `choose` read instead of the state now.
    pub(super) fn keep_phase_start(&mut self, me: usize) {
        self.kept.hp = self.pigs[me].hp;
        self.kept.crossbow = self.pigs[me].crossbow;
        self.kept.next = self.next_alive(me);
        self.kept.duel = self.duel_target(me).0;
        self.kept.from = 0;
        self.kept.resume = false;
    }

    /// §4.5 table: the leftmost card usable now, with its target, and
    /// which rules kept cards to its left in hand. Always inlined into the
    /// play phase, its one caller: the mistakes' branches, constant `false`
    /// for the engine, make it look too large to inline otherwise, which
    /// costs the engine about 2% more instructions.
    #[inline(always)]
    pub(super) fn choose(&self, me: usize, k_used: bool) -> Scan {
        let pig = &self.pigs[me];
        let (next, enemy_next) = self.kill_target(me);
        let crossbow = if self.bent(Mk::CrossbowCheckedOnce) {
            self.kept.crossbow
        } else {
            pig.crossbow
        };
        let may_kill = !k_used || crossbow || self.bent(Mk::KillLimitIgnored);
        let kill = may_kill && enemy_next;
        let spares_next = O::LISTENING && may_kill && self.spares(me, next);
        let (duel, spares_in_duel) = if self.bent(Mk::DuelTargetOnce) {
            (self.kept.duel.filter(|&t| self.pigs[t].alive), false)
        } else {
            self.duel_target(me)
        };
        let hp = if self.bent(Mk::PeachNeedCheckedOnce) {
            self.kept.hp
        } else {
            pig.hp
        };
        let full = if self.bent(Mk::PeachAtFullHp) { 5 } else { 4 };
        let hurt = hp < full;
        if self.bent(Mk::PeachFirst) && hurt {
            if let Some(i) = pig.hand.iter().position(|&c| c == Card::P) {
                let pick = Some((i, Action::Peach));
                return Scan {
                    pick,
                    held_k: false,
                    spared: false,
                };
            }
        }
        let from = if self.bent(Mk::ScanGoesOn) || (O::BENDING && self.kept.resume) {
            self.kept.from
        } else {
            0
        };
        let second_z = pig.crossbow && self.bent(Mk::SecondCrossbowKept);
        let (mut held_k, mut spared) = (false, false);
        let pick = pig.hand.iter().enumerate().skip(from).find_map(|(i, &c)| {
            let action = match c {
                Card::P if hurt => Action::Peach,
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
                Card::Z if !second_z => Action::Crossbow,
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
        if self.pigs[me].role == Role::FP && !self.bent(Mk::FpDuelsFirstEnemy) {
            return (Some(0), false);
        }
        if self.bent_in(Mk::DuelNextOnly, role_ctx(self.pigs[me].role)) {
            let next = self.next_alive(me);
            return (self.is_enemy(me, next).then_some(next), false);
        }
        self.first_enemy(me)
    }

    /// The first enemy going forward from the next living pig, and whether
    /// the MP looked past a pig only because its suspicion lapsed.
    fn first_enemy(&self, me: usize) -> (Option<usize>, bool) {
        let n = self.pigs.len();
        let mut spared = false;
        let target = (1..n).map(|k| (me + k) % n).find(|&j| {
            let p = &self.pigs[j];
            spared |= O::LISTENING && p.alive && self.spares(me, j);
            p.alive && self.is_enemy(me, j)
        });
        (target, spared)
    }

    /// §4.5 table, row K: the next living pig, and whether it is an enemy.
    fn kill_target(&self, me: usize) -> (usize, bool) {
        if self.bent(Mk::KillReachesAnyEnemy) {
            if let (Some(far), _) = self.first_enemy(me) {
                return (far, true);
            }
        }
        let next = if self.bent(Mk::KillTargetOnce) {
            self.kept.next
        } else if self.bent(Mk::DeadSeatBlocksKill) {
            (me + 1) % self.pigs.len()
        } else {
            self.next_alive(me)
        };
        if O::BENDING && !self.pigs[next].alive {
            return (next, false);
        }
        (next, self.is_enemy(me, next))
    }

    /// §4.1 "Enemies", last paragraph: the MP's suspicion of `other` no
    /// longer counts because `other` has revealed as a ZP.
    fn spares(&self, me: usize, other: usize) -> bool {
        let o = &self.pigs[other];
        self.pigs[me].role == Role::MP && o.suspected && o.revealed && o.role == Role::ZP
    }
}
