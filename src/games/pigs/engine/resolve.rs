//! How a used card resolves (§4.6–§4.9): K, F, N and W, the J chain that
//! may cancel a trick, damage and death. A child of the engine, so that it
//! works on the same private game state.

use super::{card_ctx, ctx, role_ctx, Action, Card, Ev, Flow, Halt, Mk, Role, Side, Table};
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
            Action::Area(card) => {
                if O::BENDING {
                    self.obs.enter(ctx::AREA, ctx::AREA);
                }
                let flow = self.area(me, card);
                if O::BENDING {
                    self.obs.enter(ctx::AREA, 0);
                }
                flow?;
            }
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
            self.ev_in(Ev::KillDodged, role_ctx(self.pigs[target].role));
            note!(self, "    {} dodges with D", self.name(target));
            return Ok(());
        }
        self.ev_in(Ev::KillHits, role_ctx(self.pigs[target].role));
        self.damage(target, me)
    }

    /// §4.6 F.
    fn duel(&mut self, me: usize, target: usize) -> Flow {
        note!(self, "  {} uses F on {}", self.name(me), self.name(target));
        let late = self.bent(Mk::RevealAfterNegation);
        if !late {
            self.reveal(me); // step 1, even if cancelled
        }
        if !self.bent(Mk::DuelNeverNegated) && self.j_chain(me, target)? {
            if O::BENDING {
                self.kept.cancelled = true;
            }
            self.ev(Ev::DuelCancelled);
            note!(self, "    the duel is cancelled");
            return Ok(()); // step 2
        }
        if late {
            self.reveal(me);
        }
        if self.pigs[me].role == Role::MP
            && self.pigs[target].role == Role::ZP
            && !self.bent(Mk::LoyalFightsMpDuel)
        {
            // Step 3: the loyal pig does not fight back.
            self.ev(Ev::MpDuelsLoyal);
            note!(self, "    {} does not fight the MP", self.name(target));
            return self.damage(target, me);
        }
        // Step 4: the target answers first.
        let (mut responder, mut other) = if self.bent(Mk::DuelUserFirst) {
            (me, target)
        } else {
            (target, me)
        };
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
        let seat = match me + 1 == self.pigs.len() {
            true => ctx::LAST_SEAT,
            false => 0,
        };
        let used = match card == Card::N {
            true => Ev::InvasionUsed,
            false => Ev::VolleyUsed,
        };
        self.ev_in(used, seat);
        let answer = if (card == Card::N) != self.bent_in(Mk::AreaAnswersSwapped, card_ctx(card)) {
            Card::K
        } else {
            Card::D
        };
        if self.bent(Mk::AreaReveals) {
            self.reveal(me);
        }
        let n = self.pigs.len();
        // What the mistakes of cancelling and of ending carry over.
        let (mut stuck, mut over) = (false, None);
        for k in 1..n - usize::from(self.bent(Mk::AreaSkipsLast)) {
            let x = if self.bent(Mk::AreaFromPigOne) {
                // The other pigs in seat order from pig 1.
                k - 1 + usize::from(k > me)
            } else {
                (me + k) % n
            };
            if !self.pigs[x].alive {
                continue;
            }
            if self.bent(Mk::DiscardBeforeNegation) && self.discard(x, answer) {
                continue;
            }
            let cancelled =
                !self.bent_in(Mk::AreaNeverNegated, card_ctx(card)) && self.j_chain(me, x)?;
            stuck |= cancelled && self.bent(Mk::CancelNotReset);
            if cancelled || stuck {
                self.ev_in(Ev::AreaCancelled, card_ctx(card));
                note!(self, "    {card} is cancelled for {}", self.name(x));
                continue; // step 1
            }
            if self.discard(x, answer) {
                self.ev_in(Ev::AreaAnswered, card_ctx(card));
                note!(self, "    {} discards {answer}", self.name(x));
                if self.pigs[x].role == Role::MP && self.bent(Mk::SuspectedWhenAnswered) {
                    self.suspect(me);
                }
                continue; // step 2
            }
            self.ev_in(Ev::AreaHurts, card_ctx(card));
            if let Err(halt) = self.damage(x, me) {
                if let Halt::Over(side) = halt {
                    if self.bent(Mk::AreaNotCutShort) {
                        over.get_or_insert(side);
                        continue;
                    }
                }
                // Step 3 ended the game: the pigs after `x` are never reached.
                if O::LISTENING
                    && matches!(halt, Halt::Over(_))
                    && (k + 1..n).any(|j| self.pigs[(me + j) % n].alive)
                {
                    self.ev(Ev::AreaCutShort);
                }
                return Err(halt);
            }
            if self.pigs[x].role == Role::MP
                && !self.bent_in(
                    Mk::NoSuspicion,
                    role_ctx(self.pigs[me].role) | card_ctx(card),
                )
            {
                self.suspect(me);
            }
        }
        match over {
            Some(side) => Err(Halt::Over(side)),
            None => Ok(()),
        }
    }

    /// §4.8: called after an N/W of `user` hurt the MP, who survived.
    fn suspect(&mut self, user: usize) {
        if self.is_known(user) {
            if self.pigs[user].role != Role::MP && self.bent(Mk::SuspicionOverwritesReveal) {
                // The status field now says suspected, not revealed.
                self.pigs[user].revealed = false;
                self.pigs[user].suspected = true;
                return;
            }
            self.ev(Ev::RevealedNotSuspected);
            return;
        }
        self.ev(Ev::SuspectedRebelMarked);
        if O::BENDING && self.bent(Mk::SuspicionInRevealField) {
            self.looks_fp[user] = true;
        }
        if !self.pigs[user].suspected {
            self.pigs[user].suspected = true;
            note!(self, "    the MP now suspects {}", self.name(user));
        }
    }

    /// §4.7: whether the trick aimed at `target` is cancelled.
    fn j_chain(&mut self, user: usize, target: usize) -> Result<bool, Fault> {
        let mut side = self.known_side(target);
        let n = self.pigs.len();
        let unknown = !self.is_known(target);
        let role = role_ctx(self.pigs[target].role);
        let itself = unknown
            && self.bent(Mk::UnknownSelfProtects)
            && self.pigs[target].hand.contains(&Card::J);
        if unknown && !itself && !self.bent_in(Mk::UnknownTargetsProtected, role) {
            if O::LISTENING && self.first_with_j(user, side).is_some() {
                self.ev(Ev::JUnknownTarget);
            }
            return Ok(false); // step 1
        }
        // Step 2: the user has the first chance. A search that is `short`
        // (a mistake) misses the last seat it should look at.
        let (mut from, mut short) = if itself || self.bent(Mk::ProtectionFromTarget) {
            (target, false)
        } else if self.bent(Mk::UserNeverNegates) {
            ((user + 1) % n, true)
        } else {
            (user, false)
        };
        let skips_last = self.bent(Mk::JSearchSkipsLast);
        short |= skips_last;
        let mut played = if self.bent(Mk::JCountNotReset) {
            self.kept.j_played
        } else {
            0
        };
        while let Some(y) = self
            .first_with_j(from, side)
            .filter(|&y| !short || y != (from + n - 1) % n)
        {
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
            let link = if played == 1 {
                ctx::FIRST_LINK
            } else {
                ctx::ANSWER
            };
            if !self.bent_in(Mk::JDoesNotReveal, link) {
                self.reveal(y); // step 3
            }
            if self.bent(Mk::JNeverAnswered) {
                break;
            }
            from = if self.bent(Mk::AnswerSearchFromUser) {
                user
            } else {
                (y + 1) % n
            };
            short = skips_last;
            side = side.opposite();
        }
        if O::BENDING {
            self.kept.j_played = played;
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
        let floor = if self.bent(Mk::DyingBelowZero) { -1 } else { 0 };
        if self.pigs[victim].hp > floor {
            return Ok(());
        }
        let own = if victim == self.kept.active {
            ctx::OWN_TURN
        } else {
            0
        };
        if !self.bent_in(Mk::NoDyingPeach, own) && self.discard(victim, Card::P) {
            self.pigs[victim].hp += 1;
            self.ev_in(Ev::DyingEatsPeach, own);
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
        let keeps_hand = self.bent(Mk::DeadPigPlaysOn);
        self.obs.enter(ctx::AFTER_DEATH, ctx::AFTER_DEATH);
        self.pigs[victim].alive = false;
        if !keeps_hand {
            self.clear_hand(victim);
            self.pigs[victim].crossbow = false;
        }
        let role = self.pigs[victim].role;
        note!(self, "    {} dies", self.name(victim));
        let killer = role_ctx(self.pigs[source].role);
        let rewarded = (role == Role::FP && !self.bent_in(Mk::NoRebelReward, killer))
            || self.bent(Mk::RewardForAnyKill);
        let reward_first = self.bent(Mk::RewardBeforeWin);
        if rewarded && reward_first {
            self.reward(source);
        }
        if role == Role::MP {
            self.ev(Ev::FpSideWins);
            return self.game_over(Side::Fp); // 3.1
        }
        if !self.pigs.iter().any(|p| p.alive && p.role == Role::FP) {
            self.ev(Ev::MpSideWins);
            self.game_over(Side::Mp)?; // 3.2
        }
        if rewarded && !reward_first {
            self.reward(source); // 3.3
        }
        let punished =
            self.pigs[source].role == Role::MP || self.bent_in(Mk::PenaltyForAnyKiller, killer);
        if role == Role::ZP && punished && !self.bent(Mk::NoLoyalKillPenalty) {
            self.ev(Ev::ZpKilledByMp);
            let keeps_crossbow = self.bent(Mk::PenaltyKeepsCrossbow);
            self.clear_hand(source); // 3.4
            if !keeps_crossbow {
                self.pigs[source].crossbow = false;
            }
            // Every card discarded: what it draws later moved nowhere.
            if let Some(u) = &mut self.used_at {
                if u.pig == source {
                    (u.left, u.left_then) = (0, 0);
                }
            }
            note!(
                self,
                "    the MP killed a loyal pig: it discards its hand and crossbow"
            );
        }
        Ok(())
    }

    /// §4.9 item 4: a side has won and everything stops at once.
    fn game_over(&mut self, side: Side) -> Flow {
        if self.bent(Mk::WinCheckedAtTurnEnd) {
            self.kept.won.get_or_insert(side);
            return Ok(());
        }
        Err(Halt::Over(side))
    }

    /// §4.9 item 3.3: the damage source draws 3 cards.
    fn reward(&mut self, source: usize) {
        // About the three cards it draws (the last again where the deck
        // has run out), then the pig that draws them.
        let last = self.deck.len().saturating_sub(1);
        let cards = [0, 1, 2].map(|k| super::thing::deck((self.drawn + k).min(last)));
        let things = [cards[0], cards[1], cards[2], super::thing::pig(source)];
        self.ev_about(Ev::FpKilledReward, &things);
        note!(self, "    reward for killing an FP:");
        let taker = if self.bent(Mk::RewardToActivePig) {
            self.kept.active
        } else {
            source
        };
        if self.bent(Mk::RewardAfterCard) {
            self.kept.owed.get_or_insert((taker, 0)).1 += 3;
            return;
        }
        self.draw(taker, 3);
    }
}
