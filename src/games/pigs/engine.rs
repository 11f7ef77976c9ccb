//! The clean-room engine: one explicit game state and one function per rule
//! area of the spec, each citing the section it implements. The play-phase
//! scan lives in the child module `scan`, the effects of the cards in
//! `resolve`, the deck and the hands in `cards`.
//!
//! The same [`simulate`] serves `solve`, `rule_hits`, the validator's
//! termination rule (§3 item 6) and the trace, so they can never disagree.

use super::mistakes::{ctx, Mk};
use super::model::{cards_text, Card, Input, Output, Role, Side};
use crate::fault::{Budget, Fault, FaultKind};
use crate::game::{Context, Observer, Thing};

rule_events! {
    /// The rules of spec section 4 that a test set should exercise. Besides
    /// one event per way a card can resolve, the list names the judgements
    /// where programs usually go wrong: whom a pig may attack or protect
    /// (reveals, suspicion and its lapse), the rescan after every card, and
    /// what happens around a death.
    pub enum Ev {
        DeckExhausted => "deck-exhausted":
            "A draw after the m-th card has been drawn yields another copy of \
             the m-th card: the deck never runs out (section 4.3).",
        PeachEaten => "peach-eaten":
            "A P used in the own play phase while HP is below 4: HP + 1 \
             (section 4.5 table, section 4.6 P).",
        CrossbowEquipped => "crossbow-equipped":
            "A Z used: from now on the pig may use any number of K per play \
             phase (section 4.5 table, section 4.6 Z).",
        CrossbowExtraKill => "crossbow-extra-kill":
            "A K used in a play phase that already used one, allowed only by \
             the crossbow, also one equipped after the first K (section 4.5 \
             K row, section 4.6 Z).",
        OneKillLimit => "one-kill-limit":
            "A K whose target, the next living pig, is an enemy stays in hand \
             because this play phase already used a K and the pig has no \
             crossbow (section 4.5 K row).",
        KillDodged => "kill-dodged":
            "A K on the next living pig, which discards its leftmost D: nothing \
             else happens (section 4.6 K, step 2).",
        KillHits => "kill-hits":
            "A K on the next living pig, which holds no D: it takes 1 damage \
             from the user (section 4.6 K, step 2).",
        FpDuelsMp => "fp-duels-mp":
            "An FP uses F: its duel target is always the MP, wherever it sits \
             (section 4.5 F row).",
        DuelBeyondNext => "duel-beyond-next":
            "The MP or a ZP uses F on its first enemy going forward, which is \
             not the next living pig and so out of reach of a K (section 4.5 \
             F row, section 4.1 Distance).",
        MpDuelsLoyal => "mp-duels-loyal":
            "The MP duels an unrevealed suspected ZP: the ZP discards no K and \
             takes 1 damage from the MP (section 4.6 F, step 3).",
        DuelAnsweredWithK => "duel-answered-with-k":
            "In a duel the responder discards its leftmost K and the other \
             party becomes the responder (section 4.6 F, step 4).",
        DuelUserHurt => "duel-user-hurt":
            "A duel lost by its user: the user runs out of K first and takes 1 \
             damage whose source is the target (section 4.6 F, step 4).",
        DuelCancelled => "duel-cancelled":
            "A J chain cancels a duel: nothing else happens, yet the F is spent \
             and the user stays revealed (section 4.6 F, steps 1-2; section \
             4.7).",
        InvasionUsed => "invasion-used":
            "An N used: every other living pig in seat order from the next \
             must discard a K or take damage (section 4.6 N / W).",
        VolleyUsed => "volley-used":
            "A W used: every other living pig in seat order from the next must \
             discard a D or take damage (section 4.6 N / W).",
        AreaAnswered => "area-answered":
            "A pig reached by an N discards its leftmost K, or by a W its \
             leftmost D, and takes no damage (section 4.6 N / W, step 2).",
        AreaHurts => "area-hurts":
            "A pig reached by an N or W holds no K (N) or no D (W) and takes 1 \
             damage from the user (section 4.6 N / W, step 3).",
        AreaCancelled => "area-cancelled":
            "A J chain cancels an N or W for one pig, which discards nothing and \
             takes no damage, while the others are still processed (section \
             4.6 N / W, step 1; section 4.7).",
        AreaCutShort => "area-cut-short":
            "The game ends while an N or W is processed: the living pigs not \
             yet reached are not processed (section 4.6 N / W; section 4.9 \
             item 4).",
        JChain2 => "j-chain-2":
            "A J is answered by a J: a chain of two or more J, which cancels \
             the trick only if their number is odd (section 4.7, steps 3-4).",
        JByUser => "j-by-user":
            "The user of a trick plays the chain's first J, protecting the \
             target of its own card (section 4.7, step 2).",
        JUnknownTarget => "j-unknown-target":
            "A trick on an unrevealed ZP or FP: a pig of its side holds a J, \
             but nobody may protect an unknown pig (section 4.7, step 1).",
        Revealed => "revealed":
            "A ZP or FP reveals its true role for good by using a K or an F or \
             playing a J (section 4.1 Revealed).",
        SuspectedRebelMarked => "suspected-rebel-marked":
            "An unrevealed pig, ZP or FP, whose N or W dealt damage to the MP, \
             which survived it, is marked suspected (类反贼) and becomes the \
             MP's enemy (section 4.8; section 4.6 N / W, step 3).",
        RevealedNotSuspected => "revealed-not-suspected":
            "An N or W of an already revealed pig hurts the MP, which survives: \
             the user is not marked (section 4.8).",
        MpAttacksSuspected => "mp-attacks-suspected":
            "The MP uses a K or an F on an unrevealed suspected pig (section \
             4.1 Enemies, section 4.8).",
        SuspicionVoidAfterReveal => "suspicion-void-after-reveal":
            "A suspected pig has since revealed as a ZP and is no longer the \
             MP's enemy: the MP's K stays in hand, or its F looks past that pig \
             (section 4.1 Enemies, section 4.8).",
        RescanLeft => "rescan-left":
            "After a card is resolved the scan restarts from the left and uses \
             a card left of the one just used that was not usable before (an HP \
             loss, a reveal, a death changing the next pig, a crossbow), or \
             one from its right that a card discarded while it was resolved \
             moved left of its place (section 4.5, step 3).",
        DyingEatsPeach => "dying-eats-peach":
            "A pig at 0 HP discards its leftmost P and is back at 1 HP, in \
             anyone's turn (section 4.9 item 2).",
        FpKilledReward => "fp-killed-reward":
            "An FP dies and the game goes on: the damage source, whatever its \
             role, draws 3 cards (section 4.9 item 3.3).",
        ZpKilledByMp => "zp-killed-by-mp":
            "The MP kills a ZP and the game goes on: the MP discards its whole \
             hand and loses its crossbow (section 4.9 item 3.4).",
        DiedInOwnTurn => "died-in-own-turn":
            "The active pig dies in its own play phase (it lost its own duel) \
             and the game goes on: its turn ends at once (section 4.4; section \
             4.9, last paragraph).",
        MpSideWins => "mp-side-wins":
            "The last living FP dies: the MP side wins and everything stops at \
             once (section 4.9 items 3.2 and 4; section 5).",
        FpSideWins => "fp-side-wins":
            "The MP dies: the FP side wins and everything stops at once \
             (section 4.9 items 3.1 and 4; section 5).",
    }
}

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

// Children of this module, so that they share the private game state;
// `note!` must be defined above them.
mod cards;
mod resolve;
mod scan;

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

/// The context bit of a pig's role, for the partial mistakes of a site.
fn role_ctx(role: Role) -> Context {
    match role {
        Role::MP => ctx::MASTER,
        Role::ZP => ctx::LOYAL,
        Role::FP => ctx::REBEL,
    }
}

/// The context bit of a card, for the partial mistakes of a site.
fn card_ctx(card: Card) -> Context {
    match card {
        Card::P => ctx::PEACH,
        Card::K => ctx::KILL,
        Card::D => ctx::DODGE,
        Card::F => ctx::DUEL,
        Card::N => ctx::INVASION,
        Card::W => ctx::VOLLEY,
        Card::J => ctx::NEGATION,
        Card::Z => ctx::CROSSBOW,
    }
}

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
    /// Only the tests read it, to see that an observer changes nothing.
    #[cfg_attr(not(test), allow(dead_code))]
    pub turns: u64,
    /// The §5 lines of the final state; the first line names the winner
    /// only when `ending` is `Won`.
    pub output: Output,
    /// The readable account, when asked for.
    pub log: Option<String>,
}

/// `Game::solve` (with `()`) and `Game::mistaken`: a game that does not
/// end is the engine's own budget fault, since a valid input always ends.
pub fn solve<O: Observer>(
    input: &Input,
    budget: &mut Budget,
    obs: &mut O,
) -> Result<Output, Fault> {
    let finish = simulate(input, budget, false, obs)?;
    match finish.ending {
        Ending::Won(_) => Ok(finish.output),
        Ending::Idle { turn } => Err(Fault::new(
            FaultKind::Budget,
            format!("the game never ends (idle round ending with turn {turn})"),
        )),
        Ending::Cap => Err(Fault::new(
            FaultKind::Budget,
            format!("no end within {MAX_TURNS} turns"),
        )),
    }
}

/// The same simulation as [`solve`], counting instead of ignoring events.
pub fn rule_hits(input: &Input) -> Vec<u64> {
    let mut hits = vec![0; Ev::RULES.len()];
    observe(input, &mut hits);
    hits
}

/// The engine's game, its events told to `obs`.
pub fn observe<O: Observer>(input: &Input, obs: &mut O) {
    // A valid game ends within the default budget (checklist rule 6).
    let _ = simulate(input, &mut Budget::default(), false, obs);
}

/// The account of a game up to its end, its idle round or the budget. It
/// needs only checklist rules 1–5, so a game that never ends reads too.
pub fn trace(input: &Input) -> String {
    match simulate(input, &mut Budget::default(), true, &mut ()) {
        Ok(f) => f.log.unwrap_or_default(),
        Err(fault) => format!("engine fault: {fault}\n"),
    }
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

/// What a mistaken program keeps that the engine does not (`mistakes.rs`):
/// state carried where the engine starts afresh, and what a play phase saw
/// when it started. Filled in only when an observer can bend a rule.
#[derive(Debug, Clone, Copy, Default)]
struct Kept {
    /// The pig whose turn it is.
    active: usize,
    /// A K was used in some earlier play phase.
    k_spent: bool,
    /// The J played in all chains so far.
    j_played: usize,
    /// The side that has won, while the turn plays on.
    won: Option<Side>,
    /// Reward cards owed until the card being resolved is done: who draws
    /// them and how many.
    owed: Option<(usize, usize)>,
    /// At the start of the play phase: the active pig's HP and crossbow,
    /// its next living pig and its duel target.
    hp: i32,
    crossbow: bool,
    next: usize,
    duel: Option<usize>,
    /// Where the scan goes on: the position of the card used last.
    from: usize,
    /// The duel just resolved was cancelled by a J chain, and the next
    /// scan goes on from `from`.
    cancelled: bool,
    resume: bool,
}

/// A hand kept as slots in the order its cards came, each marked once its
/// card is gone, with a count of the slots in use (a mistake emptying a
/// hand resets the count and keeps the marks).
#[derive(Debug, Clone, Default)]
struct Slots {
    /// The slot of each card in hand, leftmost first.
    live: Vec<usize>,
    gone: Vec<bool>,
    used: usize,
}

/// The whole game state: the circle, the deck and the draw position.
/// The elements the engine's events are about ([`Observer::about`]),
/// named alike by the explanation's elements (`vary.rs`). Few events say
/// it yet: a reward, about the cards it draws.
pub mod thing {
    use crate::game::Thing;

    /// Pig `i` (from 0).
    pub fn pig(i: usize) -> Thing {
        Thing {
            kind: 0,
            at: i as u32,
        }
    }

    /// Card `k` (from 0) of the deck.
    pub fn deck(k: usize) -> Thing {
        Thing {
            kind: 1,
            at: k as u32,
        }
    }
}

/// Where the active pig used its last card: see `Table::used_at`.
#[derive(Clone, Copy)]
struct UsedAt {
    pig: usize,
    left: usize,
    left_then: usize,
}

struct Table<'a, O: Observer> {
    pigs: Vec<Pig>,
    deck: &'a [Card],
    /// Cards taken from the deck so far, at most `deck.len()`.
    drawn: usize,
    budget: &'a mut Budget,
    log: Option<String>,
    obs: &'a mut O,
    /// The active pig, how many cards of its hand lie left of the card it
    /// used last, kept up to date through discards, and how many did when
    /// it used it: a rescan picking one of the former (§4.5 step 3) is told
    /// from a card further right that merely moved left, and a card that a
    /// discard moved left of that card's place, which a program going on
    /// from a remembered place steps over, from one that took its place.
    /// Kept only while an observer listens.
    used_at: Option<UsedAt>,
    kept: Kept,
    /// Per pig, the holes that used cards left in a hand kept as an array
    /// (a mistake), each as the number of cards left of it.
    holes: Vec<Vec<usize>>,
    /// Per pig, suspicion kept as a reveal as an FP (a mistake), until the
    /// pig reveals its own role.
    looks_fp: Vec<bool>,
    /// Per pig, its hand's slots (a mistake).
    slots: Vec<Slots>,
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
            kept: Kept::default(),
            holes: Vec::new(),
            looks_fp: Vec::new(),
            slots: Vec::new(),
        };
        if O::BENDING {
            t.holes = vec![Vec::new(); t.pigs.len()];
            t.looks_fp = vec![false; t.pigs.len()];
            t.slots = t
                .pigs
                .iter()
                .map(|p| Slots {
                    live: (0..p.hand.len()).collect(),
                    gone: vec![false; p.hand.len()],
                    used: p.hand.len(),
                })
                .collect();
        }
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

    /// [`Table::ev`] about `things` ([`Observer::about`]), the events
    /// after it about nothing said.
    #[inline(always)]
    fn ev_about(&mut self, e: Ev, things: &[Thing]) {
        if O::LISTENING {
            self.obs.about(things);
        }
        e.hit(&mut *self.obs);
        if O::LISTENING {
            self.obs.about(&[]);
        }
    }

    /// As [`Table::ev`], at a site that tells its context `c`.
    #[inline(always)]
    fn ev_in(&mut self, e: Ev, c: Context) {
        e.hit_in(&mut *self.obs, c);
    }

    /// Whether this run plays mistake `m`: the constant `false` for the
    /// engine's own runs.
    #[inline(always)]
    fn bent(&self, m: Mk) -> bool {
        m.on(&*self.obs)
    }

    /// As [`Table::bent`], at a site whose context is `c`.
    #[inline(always)]
    fn bent_in(&self, m: Mk, c: Context) -> bool {
        m.on_in(&*self.obs, c)
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
        // The active pig's index in the list of living pigs, for a
        // program that erases dead pigs from that list (a mistake).
        let mut listed = 0;
        for turn in 1..=MAX_TURNS {
            self.budget.step()?;
            if O::BENDING {
                self.kept.active = me;
                if !self.pigs[me].alive {
                    // A turn chosen before its pig died, or a dead seat's
                    // turn (mistakes): the dead pig draws and plays nothing.
                    self.draw(me, 2);
                    me = if self.bent(Mk::DeadSeatDraws) {
                        (me + 1) % self.pigs.len()
                    } else {
                        self.next_alive(me)
                    };
                    continue;
                }
                listed = self.pigs[..me].iter().filter(|p| p.alive).count();
            }
            let early = self
                .bent(Mk::NextTurnChosenEarly)
                .then(|| self.next_alive(me));
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
            if let (true, Some(side)) = (O::BENDING, self.kept.won) {
                return Ok((Ending::Won(side), turn));
            }
            me = if self.bent(Mk::DeadSeatDraws) {
                (me + 1) % self.pigs.len()
            } else if self.bent(Mk::TurnIndexNotShifted) {
                // The index stays where it was: one past it in the list
                // that the deaths of this turn have shortened.
                let living: Vec<usize> = (0..self.pigs.len())
                    .filter(|&i| self.pigs[i].alive)
                    .collect();
                living[(listed + 1) % living.len()]
            } else {
                early.unwrap_or_else(|| self.next_alive(me))
            };
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
        if self.pigs[i].role == Role::MP {
            return self.pigs[i].revealed || !self.bent(Mk::MpUnknownUntilItActs);
        }
        self.pigs[i].revealed || (O::BENDING && self.looks_fp[i])
    }

    /// The side a pig is known to be on: its own once known, the FP side
    /// for a suspicion kept as a reveal (a mistake).
    fn known_side(&self, i: usize) -> Side {
        if O::BENDING && self.looks_fp[i] {
            Side::Fp
        } else {
            self.pigs[i].role.side()
        }
    }

    /// §4.1 "Enemies", judged by the target's revealed role once it has one.
    fn is_enemy(&self, me: usize, other: usize) -> bool {
        let o = &self.pigs[other];
        // The MP's view: a suspected pig counts until it reveals.
        let mp_view = || {
            if o.revealed {
                o.role == Role::FP
            } else {
                o.suspected
            }
        };
        match self.pigs[me].role {
            Role::MP if o.suspected && self.bent(Mk::SuspicionOutlivesReveal) => true,
            Role::MP => mp_view(),
            Role::ZP if self.bent(Mk::LoyalAttacksSuspected) => mp_view(),
            Role::ZP => (o.revealed && o.role == Role::FP) || (O::BENDING && self.looks_fp[other]),
            Role::FP => o.role == Role::MP || (o.revealed && o.role == Role::ZP),
        }
    }

    /// §4.1: a ZP or FP becomes known for good.
    fn reveal(&mut self, i: usize) {
        let mp_flagged = self.bent(Mk::MpUnknownUntilItActs);
        if (self.pigs[i].role != Role::MP || mp_flagged) && !self.pigs[i].revealed {
            self.pigs[i].revealed = true;
            if O::BENDING {
                self.looks_fp[i] = false;
            }
            self.ev_in(Ev::Revealed, role_ctx(self.pigs[i].role));
            note!(self, "    {} is revealed", self.name(i));
        }
    }

    /// §4.5: use the leftmost usable card, rescanning from the left after
    /// every card, until none is usable, the pig dies or the game ends.
    /// Returns whether a card other than Z was used (for §3 item 6).
    fn play_phase(&mut self, me: usize) -> Result<bool, Halt> {
        let mut k_used = self.bent(Mk::KillLimitNeverReset) && self.kept.k_spent;
        let mut used_non_z = false;
        let mut previous = None;
        self.used_at = None;
        if O::BENDING {
            self.keep_phase_start(me);
        }
        while self.pigs[me].alive || self.bent(Mk::DeadPigPlaysOn) {
            self.budget.step()?;
            if O::BENDING {
                // A mistaken game may never end while hands grow without
                // bound: its budget pays for each card scanned, so that
                // running out stays cheap.
                self.budget.steps(self.pigs[me].hand.len() as u64)?;
            }
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
                // With the card used before: a program that rescans
                // after some cards only is told by it.
                let before = previous.map_or(0, card_ctx);
                match self.used_at {
                    Some(u) if pos < u.left => self.ev_in(Ev::RescanLeft, before),
                    Some(u) if pos < u.left_then => {
                        self.ev_in(Ev::RescanLeft, before | ctx::MOVED_BY_DISCARD)
                    }
                    _ => {}
                }
                self.used_at = Some(UsedAt {
                    pig: me,
                    left: pos,
                    left_then: pos,
                });
            }
            if O::BENDING {
                self.kept.from = pos;
            }
            let card = self.take(me, pos);
            previous = Some(card);
            used_non_z |= card != Card::Z;
            let kill = matches!(action, Action::Kill(_));
            self.resolve(me, action, k_used)?;
            if O::BENDING {
                let cancelled = std::mem::take(&mut self.kept.cancelled);
                self.kept.resume = cancelled && self.bent(Mk::CancelledDuelNoRescan);
            }
            if let (true, Some((taker, cards))) = (O::BENDING, self.kept.owed.take()) {
                self.draw(taker, cards);
            }
            k_used |= kill;
        }
        if O::BENDING {
            self.kept.k_spent |= k_used;
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

    /// §5: the winner line, then DEAD or the hand of every pig.
    fn output(&self, winner: &str) -> Output {
        let pigs = self.pigs.iter().map(|p| {
            if p.alive && p.crossbow && self.bent(Mk::CrossbowPrinted) {
                cards_text(&p.hand) + if p.hand.is_empty() { "Z" } else { " Z" }
            } else if p.alive {
                cards_text(&p.hand)
            } else {
                "DEAD".to_string()
            }
        });
        Output::from_lines(std::iter::once(winner.to_string()).chain(pigs))
    }
}
