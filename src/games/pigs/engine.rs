//! The clean-room engine: one explicit game state and one function per rule
//! area of the spec, each citing the section it implements.
//!
//! The same [`simulate`] serves `solve`, the validator's termination rule
//! (§3 item 6) and the trace, so the three can never disagree.

use super::model::{cards_text, Card, Input, Output, Role, Side};
use super::rules::Ev;
use crate::game::Observer;
use crate::solver::{Budget, Fault};

/// Appends one line to the trace, formatting it only when tracing.
macro_rules! note {
    ($t:expr, $($arg:tt)*) => {
        if $t.log.is_some() {
            let line = format!($($arg)*);
            if let Some(log) = $t.log.as_mut() {
                log.push_str(&line);
                log.push('\n');
            }
        }
    };
}

/// Safety net behind the idle-round test of §3 item 6: a game still running
/// after this many turns is treated as endless.
///
/// The idle-round test alone decides termination; the cap only guards
/// against a bug in it. It never rejects a game that ends: after the deck is
/// exhausted, every turn that is not idle uses a non-Z card, and at most
/// about 21,000 such uses are possible (at most 2,040 cards that are not
/// copies of the m-th card, each dealing at most 9 damage that a repeated P
/// could heal), with fewer than 10 idle turns between two of them, plus at
/// most 1,000 turns before exhaustion: about 211,000 turns in all.
pub const MAX_TURNS: u64 = 1_000_000;

/// How a simulation stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// §4.9 item 4: a side won.
    Won(Side),
    /// §3 item 6: every living pig took an idle turn in a row, ending with
    /// this turn; the game never ends.
    Idle { turn: u64 },
    /// [`MAX_TURNS`] turns were played without an end.
    Cap,
}

/// The end of a simulation: how it stopped and the state at that moment.
#[derive(Debug, Clone)]
pub struct Finish {
    pub ending: Ending,
    pub turns: u64,
    /// The §5 lines of the final state; the first line names the winner
    /// only when `ending` is `Won`.
    pub output: Output,
    /// The readable account, when asked for.
    pub log: Option<String>,
}

/// Simulates the game of `input` (which must pass checklist rules 1–5)
/// until a side wins, an idle round proves it endless, or the cap,
/// reporting every rule it applies to `obs`.
pub fn simulate<O: Observer>(
    input: &Input,
    budget: &mut Budget,
    trace: bool,
    obs: &mut O,
) -> Result<Finish, Fault> {
    let mut table = Table::setup(input, budget, trace, obs);
    let (ending, turns) = table.run()?;
    match ending {
        Ending::Won(side) => note!(table, "game over: the {} side wins", side.name()),
        Ending::Idle { turn } => note!(
            table,
            "turns up to {turn} form an idle round: the game never ends"
        ),
        Ending::Cap => note!(table, "no end within {MAX_TURNS} turns"),
    }
    let winner = match ending {
        Ending::Won(side) => side.name(),
        _ => "?",
    };
    Ok(Finish {
        ending,
        turns,
        output: table.output(winner),
        log: table.log,
    })
}

/// One pig's state (§4.2).
#[derive(Debug, Clone)]
struct Pig {
    role: Role,
    /// Leftmost card first; drawn cards are appended on the right (§4.3).
    hand: Vec<Card>,
    hp: i32,
    alive: bool,
    crossbow: bool,
    /// §4.1: set once the pig uses K or F or plays J; never for the MP,
    /// which is always known.
    revealed: bool,
    /// §4.8: the MP's mark.
    suspected: bool,
}

/// Why resolving a card stopped early.
enum Halt {
    /// §4.9 item 4: a side won; everything stops at once.
    Over(Side),
    Fault(Fault),
}

impl From<Fault> for Halt {
    fn from(f: Fault) -> Self {
        Halt::Fault(f)
    }
}

type Flow = Result<(), Halt>;

/// What one play-phase scan found.
struct Scan {
    /// The leftmost usable card's position and what it does.
    pick: Option<(usize, Action)>,
    /// A K was passed over only because of the one-K limit.
    held_k: bool,
    /// The MP passed over a K or an F only because the pig it would hit
    /// is a suspected pig that has revealed as a ZP.
    spared: bool,
}

/// A card chosen by the play-phase scan, with its target.
#[derive(Debug, Clone, Copy)]
enum Action {
    Peach,
    Crossbow,
    Kill(usize),
    Duel(usize),
    Area(Card),
}

/// The whole game state: the circle, the deck and the draw position.
struct Table<'a, O: Observer> {
    pigs: Vec<Pig>,
    deck: &'a [Card],
    /// Cards taken from the deck so far, at most `deck.len()`.
    drawn: usize,
    budget: &'a mut Budget,
    log: Option<String>,
    obs: &'a mut O,
    /// The active pig and how many cards of its hand lie left of the card
    /// it used last, kept up to date through discards, so that a rescan
    /// picking one of them (§4.5 step 3) can be told from a card further
    /// right that merely moved left. Kept only while an observer listens.
    used_at: Option<(usize, usize)>,
}

impl<'a, O: Observer> Table<'a, O> {
    /// §4.2.
    fn setup(input: &'a Input, budget: &'a mut Budget, trace: bool, obs: &'a mut O) -> Self {
        let pigs: Vec<Pig> = input
            .seats
            .iter()
            .map(|s| Pig {
                role: s.role,
                hand: s.hand.to_vec(),
                hp: 4,
                alive: true,
                crossbow: false,
                revealed: false,
                suspected: false,
            })
            .collect();
        let mut t = Table {
            pigs,
            deck: &input.deck,
            drawn: 0,
            budget,
            log: trace.then(String::new),
            obs,
            used_at: None,
        };
        if t.log.is_some() {
            for i in 0..t.pigs.len() {
                note!(t, "{} starts with {}", t.name(i), t.hand_text(i));
            }
            note!(
                t,
                "deck ({} cards, last {}): {}",
                t.deck.len(),
                t.deck[t.deck.len() - 1],
                cards_text(t.deck)
            );
        }
        t
    }

    #[inline(always)]
    fn ev(&mut self, e: Ev) {
        e.hit(&mut *self.obs);
    }

    fn name(&self, i: usize) -> String {
        format!("pig{}({})", i + 1, self.pigs[i].role)
    }

    fn hand_text(&self, i: usize) -> String {
        let h = &self.pigs[i].hand;
        if h.is_empty() {
            "no cards".into()
        } else {
            format!("[{}]", cards_text(h))
        }
    }

    /// §4.4 and the termination test of §3 item 6: turns in seat order until
    /// a side wins or an idle round shows that none ever will.
    fn run(&mut self) -> Result<(Ending, u64), Fault> {
        let mut me = 0;
        let mut idle = 0;
        for turn in 1..=MAX_TURNS {
            self.budget.step()?;
            let exhausted = self.exhausted();
            note!(
                self,
                "turn {turn}: {} (HP {}){}",
                self.name(me),
                self.pigs[me].hp,
                if exhausted { ", deck exhausted" } else { "" }
            );
            self.draw(me, 2);
            match self.play_phase(me) {
                Ok(used_non_z) => {
                    if exhausted && !used_non_z {
                        idle += 1;
                        note!(self, "  idle turn ({idle} in a row)");
                        if idle >= self.living() {
                            return Ok((Ending::Idle { turn }, turn));
                        }
                    } else {
                        idle = 0;
                    }
                }
                Err(Halt::Over(side)) => return Ok((Ending::Won(side), turn)),
                Err(Halt::Fault(f)) => return Err(f),
            }
            me = self.next_alive(me);
        }
        Ok((Ending::Cap, MAX_TURNS))
    }

    fn living(&self) -> usize {
        self.pigs.iter().filter(|p| p.alive).count()
    }

    /// §4.1 "Seat order": the first living pig after seat `i`, whether or
    /// not `i` itself is alive.
    fn next_alive(&self, i: usize) -> usize {
        let n = self.pigs.len();
        (1..=n)
            .map(|k| (i + k) % n)
            .find(|&j| self.pigs[j].alive)
            .expect("a living pig")
    }

    /// §4.1 "Revealed": the MP is always known.
    fn is_known(&self, i: usize) -> bool {
        self.pigs[i].role == Role::MP || self.pigs[i].revealed
    }

    /// §4.1 "Enemies", judged by the target's revealed role once it has one.
    fn is_enemy(&self, me: usize, other: usize) -> bool {
        let o = &self.pigs[other];
        match self.pigs[me].role {
            Role::MP => {
                if o.revealed {
                    o.role == Role::FP
                } else {
                    o.suspected
                }
            }
            Role::ZP => o.revealed && o.role == Role::FP,
            Role::FP => o.role == Role::MP || (o.revealed && o.role == Role::ZP),
        }
    }

    /// §4.1: a ZP or FP becomes known for good.
    fn reveal(&mut self, i: usize) {
        if self.pigs[i].role != Role::MP && !self.pigs[i].revealed {
            self.pigs[i].revealed = true;
            self.ev(Ev::Revealed);
            note!(self, "    {} is revealed", self.name(i));
        }
    }

    /// §3 item 6: the next draw would yield the m-th card.
    fn exhausted(&self) -> bool {
        self.drawn + 1 >= self.deck.len()
    }

    /// §4.3: appends the top cards; past the end, copies of the m-th card.
    fn draw(&mut self, who: usize, count: usize) {
        let start = self.pigs[who].hand.len();
        for _ in 0..count {
            if self.drawn == self.deck.len() {
                self.ev(Ev::DeckExhausted);
            }
            let card = self.deck[self.drawn.min(self.deck.len() - 1)];
            self.drawn = (self.drawn + 1).min(self.deck.len());
            self.pigs[who].hand.push(card);
        }
        note!(
            self,
            "  {} draws {} -> {}",
            self.name(who),
            cards_text(&self.pigs[who].hand[start..]),
            self.hand_text(who)
        );
    }

    /// Removes the leftmost copy of `card` (§4.6, last paragraph).
    fn discard(&mut self, who: usize, card: Card) -> bool {
        let hand = &mut self.pigs[who].hand;
        match hand.iter().position(|&c| c == card) {
            Some(i) => {
                hand.remove(i);
                if O::LISTENING {
                    self.used_at_discard(who, i);
                }
                true
            }
            None => false,
        }
    }

    /// Keeps `used_at` counting the cards left of the last used one.
    fn used_at_discard(&mut self, who: usize, i: usize) {
        if let Some((active, left)) = &mut self.used_at {
            if *active == who && i < *left {
                *left -= 1;
            }
        }
    }

    /// §4.5: use the leftmost usable card, rescanning from the left after
    /// every card, until none is usable, the pig dies or the game ends.
    /// Returns whether a card other than Z was used (for §3 item 6).
    fn play_phase(&mut self, me: usize) -> Result<bool, Halt> {
        let mut k_used = false;
        let mut used_non_z = false;
        self.used_at = None;
        while self.pigs[me].alive {
            self.budget.step()?;
            let scan = self.choose(me, k_used);
            if scan.held_k {
                self.ev(Ev::OneKillLimit);
            }
            if scan.spared {
                self.ev(Ev::SuspicionVoidAfterReveal);
            }
            let Some((pos, action)) = scan.pick else {
                break;
            };
            if O::LISTENING {
                if self.used_at.is_some_and(|(_, left)| pos < left) {
                    self.ev(Ev::RescanLeft);
                }
                self.used_at = Some((me, pos));
            }
            let card = self.pigs[me].hand.remove(pos);
            used_non_z |= card != Card::Z;
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
                    k_used = true;
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
        }
        if !self.pigs[me].alive {
            self.ev(Ev::DiedInOwnTurn);
            note!(
                self,
                "  {} died in its own turn: the turn ends",
                self.name(me)
            );
        }
        Ok(used_non_z)
    }

    /// §4.5 table: the leftmost card usable now, with its target, and
    /// which rules kept cards to its left in hand.
    fn choose(&self, me: usize, k_used: bool) -> Scan {
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

    /// §5: the winner line, then DEAD or the hand of every pig.
    fn output(&self, winner: &str) -> Output {
        let pigs = self.pigs.iter().map(|p| {
            if p.alive {
                cards_text(&p.hand)
            } else {
                "DEAD".to_string()
            }
        });
        Output::from_lines(std::iter::once(winner.to_string()).chain(pigs))
    }
}
