//! How a used card resolves (§4.6–§4.9): K, F, N and W, the J chain that
//! may cancel a trick, damage and death. A child of the engine, so that it
//! works on the same private game state.

use super::{Action, Card, Ev, Flow, Halt, Role, Side, Table};
use crate::fault::Fault;
use crate::game::Observer;

impl<O: Observer> Table<'_, O> {
    /// §4.5 table: the effect of the card the scan picked; `k_used` tells
    /// whether this play phase already used a K.
    pub(super) fn resolve(&mut self, me: usize, action: Action, k_used: bool) -> Flow {
        match action {
            Action::Peach => {
                self.pigs[me].hp += 1;
                self.ev(Ev::PeachEaten);
                note!(self, "  {} eats P (HP {})", self.name(me), self.pigs[me].hp);
            }
            Action::Crossbow => {
                self.pigs[me].crossbow = true;
                self.ev(Ev::CrossbowEquipped);
                note!(self, "  {} equips Z (crossbow)", self.name(me));
            }
            Action::Kill(target) => {
                if k_used {
                    self.ev(Ev::CrossbowExtraKill);
                }
                self.mp_attack(me, target);
                self.kill(me, target)?;
            }
            Action::Duel(target) => {
                if self.pigs[me].role == Role::FP {
                    self.ev(Ev::FpDuelsMp);
                } else if O::LISTENING && target != self.next_alive(me) {
                    self.ev(Ev::DuelBeyondNext);
                }
                self.mp_attack(me, target);
                self.duel(me, target)?;
            }
            Action::Area(card) => self.area(me, card)?,
        }
        Ok(())
    }

    /// §4.1 "Enemies": the MP attacking a pig it only suspects.
    fn mp_attack(&mut self, me: usize, target: usize) {
        let t = &self.pigs[target];
        if self.pigs[me].role == Role::MP && t.suspected && !t.revealed {
            self.ev(Ev::MpAttacksSuspected);
        }
    }

    /// §4.6 K.
    fn kill(&mut self, me: usize, target: usize) -> Flow {
        note!(self, "  {} uses K on {}", self.name(me), self.name(target));
        self.reveal(me);
        if self.discard(target, Card::D) {
            self.ev(Ev::KillDodged);
            note!(self, "    {} dodges with D", self.name(target));
            return Ok(());
        }
        self.ev(Ev::KillHits);
        self.damage(target, me)
    }

    /// §4.6 F.
    fn duel(&mut self, me: usize, target: usize) -> Flow {
        note!(self, "  {} uses F on {}", self.name(me), self.name(target));
        self.reveal(me); // step 1, even if cancelled
        if self.j_chain(me, target)? {
            self.ev(Ev::DuelCancelled);
            note!(self, "    the duel is cancelled");
            return Ok(()); // step 2
        }
        if self.pigs[me].role == Role::MP && self.pigs[target].role == Role::ZP {
            // Step 3: the loyal pig does not fight back.
            self.ev(Ev::MpDuelsLoyal);
            note!(self, "    {} does not fight the MP", self.name(target));
            return self.damage(target, me);
        }
        // Step 4: the target answers first.
        let (mut responder, mut other) = (target, me);
        loop {
            self.budget.step()?;
            if self.discard(responder, Card::K) {
                self.ev(Ev::DuelAnsweredWithK);
                note!(self, "    {} discards K", self.name(responder));
                std::mem::swap(&mut responder, &mut other);
            } else {
                if responder == me {
                    self.ev(Ev::DuelUserHurt);
                }
                return self.damage(responder, other);
            }
        }
    }

    /// §4.6 N / W: every other pig once, in seat order from the user's next;
    /// stops at once if the game ends (the `?`).
    fn area(&mut self, me: usize, card: Card) -> Flow {
        note!(self, "  {} uses {card}", self.name(me));
        self.ev(if card == Card::N {
            Ev::InvasionUsed
        } else {
            Ev::VolleyUsed
        });
        let answer = if card == Card::N { Card::K } else { Card::D };
        let n = self.pigs.len();
        for k in 1..n {
            let x = (me + k) % n;
            if !self.pigs[x].alive {
                continue;
            }
            if self.j_chain(me, x)? {
                self.ev(Ev::AreaCancelled);
                note!(self, "    {card} is cancelled for {}", self.name(x));
                continue; // step 1
            }
            if self.discard(x, answer) {
                self.ev(Ev::AreaAnswered);
                note!(self, "    {} discards {answer}", self.name(x));
                continue; // step 2
            }
            self.ev(Ev::AreaHurts);
            if let Err(halt) = self.damage(x, me) {
                // Step 3 ended the game: the pigs after `x` are never reached.
                if O::LISTENING
                    && matches!(halt, Halt::Over(_))
                    && (k + 1..n).any(|j| self.pigs[(me + j) % n].alive)
                {
                    self.ev(Ev::AreaCutShort);
                }
                return Err(halt);
            }
            if self.pigs[x].role == Role::MP {
                self.suspect(me);
            }
        }
        Ok(())
    }

    /// §4.8: called after an N/W of `user` hurt the MP, who survived.
    fn suspect(&mut self, user: usize) {
        if self.is_known(user) {
            self.ev(Ev::RevealedNotSuspected);
            return;
        }
        self.ev(Ev::SuspectedRebelMarked);
        if !self.pigs[user].suspected {
            self.pigs[user].suspected = true;
            note!(self, "    the MP now suspects {}", self.name(user));
        }
    }

    /// §4.7: whether the trick aimed at `target` is cancelled.
    fn j_chain(&mut self, user: usize, target: usize) -> Result<bool, Fault> {
        let mut side = self.pigs[target].role.side();
        if !self.is_known(target) {
            if O::LISTENING && self.first_with_j(user, side).is_some() {
                self.ev(Ev::JUnknownTarget);
            }
            return Ok(false); // step 1
        }
        let n = self.pigs.len();
        let mut from = user; // step 2: the user has the first chance
        let mut played = 0;
        while let Some(y) = self.first_with_j(from, side) {
            self.budget.step()?;
            self.discard(y, Card::J);
            if played == 0 && y == user {
                self.ev(Ev::JByUser);
            }
            played += 1;
            if played % 2 == 1 {
                note!(
                    self,
                    "    {} plays J to protect {}",
                    self.name(y),
                    self.name(target)
                );
            } else {
                note!(self, "    {} answers with J", self.name(y));
            }
            self.reveal(y); // step 3
            from = (y + 1) % n;
            side = side.opposite();
        }
        if played >= 2 {
            self.ev(Ev::JChain2);
        }
        Ok(played % 2 == 1) // step 4
    }

    /// §4.7: the first living pig of `side` holding a J, in seat order from
    /// `from` (inclusive), each living pig once.
    fn first_with_j(&self, from: usize, side: Side) -> Option<usize> {
        let n = self.pigs.len();
        (0..n).map(|k| (from + k) % n).find(|&j| {
            let p = &self.pigs[j];
            p.alive && p.role.side() == side && p.hand.contains(&Card::J)
        })
    }

    /// §4.9 items 1 and 2: one damage, then a peach if the pig is dying.
    fn damage(&mut self, victim: usize, source: usize) -> Flow {
        self.pigs[victim].hp -= 1;
        note!(
            self,
            "    {} takes 1 damage from {} (HP {})",
            self.name(victim),
            self.name(source),
            self.pigs[victim].hp
        );
        if self.pigs[victim].hp > 0 {
            return Ok(());
        }
        if self.discard(victim, Card::P) {
            self.pigs[victim].hp += 1;
            self.ev(Ev::DyingEatsPeach);
            note!(
                self,
                "    {} is dying and eats P (HP {})",
                self.name(victim),
                self.pigs[victim].hp
            );
            return Ok(());
        }
        self.die(victim, source)
    }

    /// §4.9 item 3, sub-items in their order.
    fn die(&mut self, victim: usize, source: usize) -> Flow {
        let pig = &mut self.pigs[victim];
        pig.alive = false;
        pig.hand.clear();
        pig.crossbow = false;
        let role = pig.role;
        note!(self, "    {} dies", self.name(victim));
        if role == Role::MP {
            self.ev(Ev::FpSideWins);
            return Err(Halt::Over(Side::Fp)); // 3.1
        }
        if !self.pigs.iter().any(|p| p.alive && p.role == Role::FP) {
            self.ev(Ev::MpSideWins);
            return Err(Halt::Over(Side::Mp)); // 3.2
        }
        if role == Role::FP {
            self.ev(Ev::FpKilledReward);
            note!(self, "    reward for killing an FP:");
            self.draw(source, 3); // 3.3
        }
        if role == Role::ZP && self.pigs[source].role == Role::MP {
            self.ev(Ev::ZpKilledByMp);
            let mp = &mut self.pigs[source];
            mp.hand.clear(); // 3.4
            mp.crossbow = false;
            if let Some((active, left)) = &mut self.used_at {
                if *active == source {
                    *left = 0;
                }
            }
            note!(
                self,
                "    the MP killed a loyal pig: it discards its hand and crossbow"
            );
        }
        Ok(())
    }
}
