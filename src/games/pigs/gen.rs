//! The profiles and their generators. Every profile draws a random game and
//! keeps it only if the validator (termination included, §3 item 6)
//! accepts it; rejected draws are redrawn, and [`generate_counted`] reports
//! how many were.

use super::model::{Card, Input, Role, Seat};
use super::validate::validate;
use crate::game::Profile;
use crate::source::Source;

pub const PROFILES: &[Profile] = &[
    Profile {
        name: "small",
        about: "2-4 pigs, 1-12 deck cards: games a person can follow by hand",
    },
    Profile {
        name: "typical",
        about: "3-8 pigs, 10-300 deck cards, card frequencies varying per file",
    },
    Profile {
        name: "max",
        about: "10 pigs, 2000 deck cards",
    },
    Profile {
        name: "edge",
        about: "n = 2, usable last cards, early crossbows, peaches first, \
                MP killing ZPs, FPs killing FPs, lopsided sides",
    },
    Profile {
        name: "no-tricks",
        about: "only P, K, D and Z",
    },
    Profile {
        name: "no-j",
        about: "every card but J",
    },
    Profile {
        name: "j-heavy",
        about: "many J: long chains, protection by unrevealed pigs and by a trick's user",
    },
    Profile {
        name: "duel-heavy",
        about: "many F",
    },
    Profile {
        name: "nw-heavy",
        about: "many N and W: suspicion, reveals after suspicion",
    },
    Profile {
        name: "suspicion",
        about: "a quiet ZP beside the MP whose later N/W hurt it: the MP's \
                attacks on suspects, and suspicion lapsing when the ZP reveals",
    },
    Profile {
        name: "own-duel-deaths",
        about: "FPs duelling an MP that holds K, with more FPs to play on: \
                pigs dying in their own turn",
    },
];

/// `Game::generate`: the input alone.
pub fn generate(src: &mut Source, profile: &str) -> Input {
    generate_counted(src, profile).0
}

/// Draws per input before the fixed fallback; with rejection rates well
/// under one half the fallback is practically never reached from a seed.
const TRIES: usize = 64;

/// A valid input of `profile` and the number of draws rejected on the way
/// (games that do not end, §3 item 6).
pub fn generate_counted(src: &mut Source, profile: &str) -> (Input, u32) {
    let mut rejected = 0;
    let input = src.attempt(
        TRIES,
        |s| {
            let cand = draw(s, profile);
            if validate(&cand).is_ok() {
                Some(cand)
            } else {
                rejected += 1;
                None
            }
        },
        |_| fallback(),
    );
    (input, rejected)
}

/// The "deck exhaustion" worked example of §6 (2 pigs, deck `K`), a game
/// known to end, for tapes on which every draw is rejected (the all-zero
/// tape deals only D, which never ends).
pub fn fallback() -> Input {
    let d4 = [Card::D; 4];
    Input {
        seats: vec![
            Seat {
                role: Role::MP,
                hand: d4,
            },
            Seat {
                role: Role::FP,
                hand: d4,
            },
        ],
        deck: vec![Card::K],
    }
}

/// The shape of a random game.
#[derive(Debug, Clone)]
struct Plan {
    pigs: (usize, usize),
    deck: (usize, usize),
    /// Chance that a pig other than pig 1 is an FP.
    fp: f64,
    /// Relative card frequencies, in [`Card::ALL`] order (D K P F N W J Z).
    weights: [u32; 8],
    /// Chance that the last deck card is replaced by one of `last_cards`:
    /// the repeated last card drives the end of the game (§4.3), and a
    /// usable one makes endless games rare.
    last: f64,
    last_cards: &'static [Card],
}

const USABLE: &[Card] = &[Card::K, Card::F, Card::N, Card::W];

impl Plan {
    fn new(pigs: (usize, usize), deck: (usize, usize), weights: [u32; 8]) -> Self {
        Plan {
            pigs,
            deck,
            fp: 0.5,
            weights,
            last: 0.7,
            last_cards: USABLE,
        }
    }
}

/// Cards drawn with relative frequencies, one choice of the tape per card
/// (so that shrinking edits cards one by one), read without a division: a
/// choice in `0..2^16`, times the total weight, over 2^16, indexes a table
/// holding each card as many times as its weight. Each card's chance is its
/// share of the weight to within 2^-16, and a fuzzer spends two bytes a
/// card. Choice 0 is the first card of nonzero weight.
struct Dealer {
    table: [Card; Dealer::MAX_TOTAL],
    total: u64,
}

impl Dealer {
    /// More than any profile's weights add up to (at most 128).
    const MAX_TOTAL: usize = 256;
    /// The width of a card's choice.
    const BITS: u32 = 16;

    fn new(weights: &[u32; 8]) -> Dealer {
        let mut table = [Card::D; Dealer::MAX_TOTAL];
        let mut total = 0;
        for (&card, &w) in Card::ALL.iter().zip(weights) {
            let end = total + w as usize;
            table[total..end].fill(card);
            total = end;
        }
        assert!(total > 0, "a deal with zero total weight");
        Dealer {
            table,
            total: total as u64,
        }
    }

    fn card(&self, src: &mut Source) -> Card {
        let v = src.below(1 << Self::BITS);
        self.table[((v * self.total) >> Self::BITS) as usize]
    }
}

fn build(src: &mut Source, plan: &Plan) -> Input {
    let n = src.usize_in(plan.pigs.0, plan.pigs.1);
    let mut roles = vec![Role::MP];
    for _ in 1..n {
        roles.push(if src.bool(plan.fp) {
            Role::FP
        } else {
            Role::ZP
        });
    }
    if !roles.contains(&Role::FP) {
        let i = src.usize_in(1, n - 1);
        roles[i] = Role::FP;
    }
    let dealer = Dealer::new(&plan.weights);
    let seats = roles
        .into_iter()
        .map(|role| {
            let mut hand = [Card::D; 4];
            for c in &mut hand {
                *c = dealer.card(src);
            }
            Seat { role, hand }
        })
        .collect();
    let m = src.usize_in(plan.deck.0, plan.deck.1);
    let mut deck: Vec<Card> = (0..m).map(|_| dealer.card(src)).collect();
    if src.bool(plan.last) {
        deck[m - 1] = *src.choose(plan.last_cards);
    }
    Input { seats, deck }
}

/// Per-file frequencies: every card 1–6, then maybe one theme boosted, and
/// a varying share of D: without it, attacks are so dense that games end
/// within a few turns and long decks are never reached.
fn themed(src: &mut Source) -> [u32; 8] {
    let mut w = [0u32; 8];
    for x in &mut w {
        *x = src.int_in(1, 6) as u32;
    }
    w[Card::D as usize] += src.int_in(0, 60) as u32;
    let boost = |w: &mut [u32; 8], c: Card, by: u32| w[c as usize] += by;
    match src.below(6) {
        1 => boost(&mut w, Card::K, 20),
        2 => boost(&mut w, Card::F, 20),
        3 => {
            boost(&mut w, Card::N, 10);
            boost(&mut w, Card::W, 10);
        }
        4 => boost(&mut w, Card::J, 20),
        5 => boost(&mut w, Card::P, 15),
        _ => {}
    }
    w
}

/// Random frequencies 1–`hi` for every card, then the given overrides.
fn weights(src: &mut Source, hi: i64, set: &[(Card, u32)]) -> [u32; 8] {
    let mut w = [0u32; 8];
    for x in &mut w {
        *x = src.int_in(1, hi) as u32;
    }
    for &(c, v) in set {
        w[c as usize] = v;
    }
    w
}

/// As [`weights`], plus a varying share of D that makes games last longer.
fn quiet_weights(src: &mut Source, hi: i64, set: &[(Card, u32)]) -> [u32; 8] {
    let mut w = weights(src, hi, set);
    w[Card::D as usize] += src.int_in(0, 20) as u32;
    w
}

fn draw(src: &mut Source, profile: &str) -> Input {
    match profile {
        "small" => {
            let w = weights(src, 4, &[]);
            build(src, &Plan::new((2, 4), (1, 12), w))
        }
        "typical" => {
            let w = themed(src);
            build(src, &Plan::new((3, 8), (10, 300), w))
        }
        "max" => {
            let w = themed(src);
            build(src, &Plan::new((10, 10), (2000, 2000), w))
        }
        "edge" => edge(src),
        "no-tricks" => no_tricks(src),
        "no-j" => {
            let w = quiet_weights(src, 6, &[(Card::J, 0)]);
            build(src, &Plan::new((2, 8), (1, 200), w))
        }
        "j-heavy" => {
            let w = quiet_weights(src, 4, &[(Card::J, 16), (Card::N, 6), (Card::W, 6)]);
            build(src, &Plan::new((3, 8), (5, 120), w))
        }
        "duel-heavy" => {
            let w = quiet_weights(src, 4, &[(Card::F, 20)]);
            build(src, &Plan::new((2, 8), (5, 150), w))
        }
        "nw-heavy" => {
            let w = quiet_weights(src, 4, &[(Card::N, 10), (Card::W, 10)]);
            build(src, &Plan::new((3, 8), (5, 150), w))
        }
        "suspicion" => suspicion(src),
        "own-duel-deaths" => own_duel_deaths(src),
        other => panic!("pigs has no profile '{other}'"),
    }
}

/// Only P, K, D, Z: only K reveals, so the game moves only if the pig just
/// before the MP is an FP; steer that way and toward a repeated K.
fn no_tricks(src: &mut Source) -> Input {
    let w = weights(
        src,
        6,
        &[(Card::F, 0), (Card::N, 0), (Card::W, 0), (Card::J, 0)],
    );
    let plan = Plan {
        last_cards: &[Card::K],
        ..Plan::new((2, 8), (1, 200), w)
    };
    let mut input = build(src, &plan);
    if src.bool(0.8) {
        input.seats.last_mut().expect("n >= 2").role = Role::FP;
    }
    input
}

/// The edge families of spec §7, one per draw.
fn edge(src: &mut Source) -> Input {
    match src.below(7) {
        0 => mp_against_one_fp(src),
        1 => usable_last_card(src),
        2 => crossbows_first(src),
        3 => peaches_first(src),
        4 => mp_kills_loyal(src),
        5 => fps_kill_fps(src),
        _ => lopsided_sides(src),
    }
}

fn mp_against_one_fp(src: &mut Source) -> Input {
    let w = weights(src, 4, &[]);
    build(src, &Plan::new((2, 2), (1, 10), w))
}

/// The repeated last card is always usable.
fn usable_last_card(src: &mut Source) -> Input {
    let w = weights(src, 4, &[]);
    let plan = Plan {
        last: 1.0,
        ..Plan::new((2, 6), (1, 40), w)
    };
    build(src, &plan)
}

/// Several K per turn.
fn crossbows_first(src: &mut Source) -> Input {
    let w = weights(src, 3, &[(Card::K, 12), (Card::Z, 4)]);
    let mut input = build(src, &Plan::new((2, 6), (1, 60), w));
    for seat in &mut input.seats {
        if src.bool(0.7) {
            seat.hand[0] = Card::Z;
            seat.hand[1] = Card::K;
        }
    }
    input
}

/// Peaches left of usable cards.
fn peaches_first(src: &mut Source) -> Input {
    let w = weights(src, 3, &[(Card::P, 8), (Card::K, 6), (Card::F, 6)]);
    let mut input = build(src, &Plan::new((2, 6), (1, 60), w));
    for seat in &mut input.seats {
        seat.hand[0] = Card::P;
        if src.bool(0.5) {
            seat.hand[1] = Card::P;
        }
    }
    input
}

/// The MP kills loyal pigs: its N/W hit ZPs without K or D, and ZPs that
/// hurt it with N/W become suspected.
fn mp_kills_loyal(src: &mut Source) -> Input {
    let w = weights(src, 3, &[(Card::N, 6), (Card::W, 6), (Card::F, 6)]);
    let plan = Plan {
        fp: 0.3,
        ..Plan::new((3, 6), (1, 60), w)
    };
    let mut input = build(src, &plan);
    input.seats[0].hand = [Card::N, Card::W, Card::F, Card::F];
    for seat in &mut input.seats[1..] {
        if seat.role == Role::ZP && src.bool(0.6) {
            seat.hand = [Card::N, Card::P, Card::D, Card::D];
        }
    }
    input
}

/// Many FPs throwing N/W at each other.
fn fps_kill_fps(src: &mut Source) -> Input {
    let w = weights(src, 3, &[(Card::N, 8), (Card::W, 8)]);
    let plan = Plan {
        fp: 0.8,
        ..Plan::new((4, 8), (1, 80), w)
    };
    let mut input = build(src, &plan);
    for seat in &mut input.seats[1..] {
        if seat.role == Role::FP && src.bool(0.5) {
            seat.hand[0] = Card::N;
        }
    }
    input
}

/// One FP among ZPs, or one ZP among FPs.
fn lopsided_sides(src: &mut Source) -> Input {
    let w = weights(src, 5, &[]);
    let mut input = build(src, &Plan::new((4, 10), (1, 100), w));
    let n = input.seats.len();
    let lone = src.usize_in(1, n - 1);
    let (crowd, single) = if src.bool(0.5) {
        (Role::FP, Role::ZP)
    } else {
        (Role::ZP, Role::FP)
    };
    for (i, seat) in input.seats.iter_mut().enumerate().skip(1) {
        seat.role = if i == lone { single } else { crowd };
    }
    input
}

/// Suspicion needs an unrevealed pig whose N or W hurts the MP; the MP's
/// attacks on it need the MP to draw K or F while it is still unrevealed,
/// and the lapse needs it to reveal as a ZP first. The spec's example of a
/// suspected pig revealing as loyal, varied: the MP, a ZP after it and the
/// pigs after that start quiet (D and P; the first FP one F, to reveal on
/// the MP), the deck is mostly D, and the cards the ZP draws in its second
/// turn and the MP in its third (if nobody drew extra cards meanwhile) are
/// an N (or W) with an F, K or D, and a K, F or D.
fn suspicion(src: &mut Source) -> Input {
    let n = src.usize_in(3, 6);
    let quiet = |src: &mut Source| {
        let mut hand = [Card::D; 4];
        for c in &mut hand {
            *c = *src.choose(&[Card::D, Card::D, Card::P]);
        }
        hand
    };
    let mut seats: Vec<Seat> = (0..n)
        .map(|i| Seat {
            role: match i {
                0 => Role::MP,
                1 => Role::ZP,
                2 => Role::FP,
                _ if src.bool(0.5) => Role::FP,
                _ => Role::ZP,
            },
            hand: quiet(src),
        })
        .collect();
    seats[2].hand[0] = Card::F;
    let w = weights(
        src,
        2,
        &[(Card::D, 20), (Card::N, 2), (Card::F, 3), (Card::K, 3)],
    );
    let m = src.usize_in(4 * n + 2, 4 * n + 80);
    let dealer = Dealer::new(&w);
    let mut deck: Vec<Card> = (0..m).map(|_| dealer.card(src)).collect();
    // Turns draw two cards each in seat order: the ZP's second turn draws
    // cards 2n+2 and 2n+3 (0-based), the MP's third cards 4n and 4n+1.
    deck[2 * n + 2] = *src.choose(&[Card::N, Card::N, Card::N, Card::W]);
    deck[2 * n + 3] = *src.choose(&[Card::F, Card::K, Card::D]);
    deck[4 * n] = *src.choose(&[Card::K, Card::F, Card::D]);
    if src.bool(0.7) {
        deck[m - 1] = *src.choose(USABLE);
    }
    Input { seats, deck }
}

/// A pig dies in its own turn only by losing a duel it started, and the
/// game goes on only if an FP is left: at least two FPs holding F and D
/// but no P or K duel an MP holding four K, losing 1 HP per duel.
fn own_duel_deaths(src: &mut Source) -> Input {
    let w = weights(src, 2, &[(Card::D, 12), (Card::F, 5), (Card::K, 3)]);
    let plan = Plan {
        fp: 0.7,
        ..Plan::new((3, 7), (5, 100), w)
    };
    let mut input = build(src, &plan);
    input.seats[0].hand = [Card::K; 4];
    for seat in &mut input.seats[1..] {
        if seat.role == Role::FP {
            for c in &mut seat.hand {
                *c = *src.choose(&[Card::F, Card::F, Card::F, Card::D]);
            }
        }
    }
    if input.seats.iter().filter(|s| s.role == Role::FP).count() < 2 {
        for seat in &mut input.seats[1..] {
            seat.role = Role::FP;
        }
    }
    input
}
