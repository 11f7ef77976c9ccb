//! Structural shrink candidates, most aggressive first. Each keeps pig 1
//! the MP, at least one FP, four cards per hand and at least one deck card;
//! whether the game still ends is the validator's call.

use super::model::{Card, Input, Output, Role};

pub fn candidates(input: &Input) -> Vec<Input> {
    let mut out = Vec::new();
    drop_pigs(input, &mut out);
    drop_pigs_with_draws(input, &mut out);
    cut_deck(input, &mut out);
    turn_rebel(input, &mut out);
    simplify_cards(input, &mut out);
    cut_and_edit(input, &mut out);
    out
}

/// Drop two pigs, then one (from the right: later seats are usually less
/// involved). Pairs get past games where every single pig matters to the
/// seat order.
fn drop_pigs(input: &Input, out: &mut Vec<Input>) {
    let n = input.seats.len();
    let keeps_fp = |c: &Input| c.seats.iter().any(|s| s.role == Role::FP);
    for j in (1..n).rev() {
        for i in (1..j).rev() {
            if n - 2 >= 2 {
                let mut c = input.clone();
                c.seats.remove(j);
                c.seats.remove(i);
                if keeps_fp(&c) {
                    out.push(c);
                }
            }
        }
    }
    if n > 2 {
        for i in (1..n).rev() {
            let mut c = input.clone();
            c.seats.remove(i);
            if keeps_fp(&c) {
                out.push(c);
            }
        }
    }
}

/// Each pig (but the MP) dropped together with the cards it would draw:
/// pigs draw two cards a turn in seat order, so until someone dies the
/// others then draw exactly what they drew before.
fn drop_pigs_with_draws(input: &Input, out: &mut Vec<Input>) {
    let n = input.seats.len();
    if n <= 2 {
        return;
    }
    for i in (1..n).rev() {
        let mut c = input.clone();
        c.seats.remove(i);
        c.deck = input
            .deck
            .iter()
            .enumerate()
            .filter(|&(k, _)| (k / 2) % n != i)
            .map(|(_, &card)| card)
            .collect();
        if c.seats.iter().any(|s| s.role == Role::FP) && !c.deck.is_empty() {
            out.push(c);
        }
    }
}

/// Decks longer than this lose halves and single cards only (each
/// candidate is a copy of the deck).
const FINE_DECK: usize = 200;

/// Keep either half of the deck, then drop runs of cards, longest first:
/// a whole round of draws (two cards for each pig) keeps every later card
/// going to the same pig. Then the last card, then any other.
fn cut_deck(input: &Input, out: &mut Vec<Input>) {
    let m = input.deck.len();
    if m < 2 {
        return;
    }
    let mut front = input.clone();
    front.deck.truncate(m / 2);
    out.push(front);
    let mut back = input.clone();
    back.deck.drain(..m / 2);
    out.push(back);
    if m <= FINE_DECK {
        for w in (2..=2 * input.seats.len()).rev() {
            if w < m {
                for at in (0..=m - w).rev() {
                    let mut c = input.clone();
                    c.deck.drain(at..at + w);
                    out.push(c);
                }
            }
        }
    }
    let mut cut = input.clone();
    cut.deck.pop();
    out.push(cut);
    for i in (0..m - 1).rev() {
        let mut c = input.clone();
        c.deck.remove(i);
        out.push(c);
    }
}

/// A loyal pig turns rebel ("FP" < "ZP" in the shrinker's order).
fn turn_rebel(input: &Input, out: &mut Vec<Input>) {
    for i in 1..input.seats.len() {
        if input.seats[i].role == Role::ZP {
            let mut c = input.clone();
            c.seats[i].role = Role::FP;
            out.push(c);
        }
    }
}

/// Replace a card by D, the card that never acts on its own, then by
/// each card whose letter comes first (the same length, and smaller in
/// the shrinker's order).
fn simplify_cards(input: &Input, out: &mut Vec<Input>) {
    for i in 0..input.seats.len() {
        for k in 0..4 {
            if input.seats[i].hand[k] != Card::D {
                let mut c = input.clone();
                c.seats[i].hand[k] = Card::D;
                out.push(c);
            }
        }
    }
    for i in 0..input.deck.len() {
        if input.deck[i] != Card::D {
            let mut c = input.clone();
            c.deck[i] = Card::D;
            out.push(c);
        }
    }
    let earlier = |card: Card| {
        Card::ALL
            .into_iter()
            .filter(move |&k| k != Card::D && k.letter() < card.letter())
    };
    for i in 0..input.seats.len() {
        for k in 0..4 {
            for e in earlier(input.seats[i].hand[k]) {
                let mut c = input.clone();
                c.seats[i].hand[k] = e;
                out.push(c);
            }
        }
    }
    if input.deck.len() <= FINE_DECK {
        for i in 0..input.deck.len() {
            for e in earlier(input.deck[i]) {
                let mut c = input.clone();
                c.deck[i] = e;
                out.push(c);
            }
        }
    }
}

/// The most cards (in hands and deck together) of a game whose cuts are
/// paired with edits: at most about 16,000 candidates.
const PAIRED_CARDS: usize = 48;

/// A pig or a deck card dropped together with one edit elsewhere: any
/// card changed to any other, a pig's side switched, two pigs (not the
/// MP) trading seats. A single cut often leaves a game that no longer
/// shows the divergence only because a draw, a target or a response
/// moved by one; one edit puts it back, and the pair is still smaller.
/// Only for small games (the pairs grow with the square of the cards).
fn cut_and_edit(input: &Input, out: &mut Vec<Input>) {
    let n = input.seats.len();
    if 4 * n + input.deck.len() > PAIRED_CARDS {
        return;
    }
    let mut cuts = Vec::new();
    if n > 2 {
        for i in (1..n).rev() {
            let mut c = input.clone();
            c.seats.remove(i);
            cuts.push(c);
        }
    }
    if input.deck.len() > 1 {
        for i in (0..input.deck.len()).rev() {
            let mut c = input.clone();
            c.deck.remove(i);
            cuts.push(c);
        }
    }
    let mut paired = Vec::new();
    for c in &cuts {
        edits(c, &mut paired);
    }
    out.extend(
        paired
            .into_iter()
            .filter(|c| c.seats.iter().any(|s| s.role == Role::FP)),
    );
}

/// Every single edit of `input` that keeps its size.
fn edits(input: &Input, out: &mut Vec<Input>) {
    let n = input.seats.len();
    for i in 0..n {
        for k in 0..4 {
            for card in Card::ALL {
                if card != input.seats[i].hand[k] {
                    let mut c = input.clone();
                    c.seats[i].hand[k] = card;
                    out.push(c);
                }
            }
        }
    }
    for i in 0..input.deck.len() {
        for card in Card::ALL {
            if card != input.deck[i] {
                let mut c = input.clone();
                c.deck[i] = card;
                out.push(c);
            }
        }
    }
    for i in 1..n {
        let mut c = input.clone();
        c.seats[i].role = match c.seats[i].role {
            Role::ZP => Role::FP,
            _ => Role::ZP,
        };
        out.push(c);
        for j in i + 1..n {
            let mut c = input.clone();
            c.seats.swap(i, j);
            out.push(c);
        }
    }
}

/// `Game::could_differ`: a winner difference `X/Y` needs the first solver
/// to name `X`; a difference on a pig's line (`ZP hand`, `FP alive/dead`,
/// ...) needs a pig of that role that the first solver sees alive (dead
/// for `dead/alive`).
pub fn could_differ(input: &Input, a: &Output, detail: &str) -> bool {
    if let Some(w) = detail.strip_prefix("winner ") {
        let first = w.split('/').next().unwrap_or_default();
        return a.lines.first().is_some_and(|l| l == first);
    }
    let Some((role, how)) = detail.split_once(' ') else {
        return true;
    };
    let dead = match how {
        "hand" | "alive/dead" => false,
        "dead/alive" => true,
        _ => return true,
    };
    input.seats.iter().enumerate().any(|(i, s)| {
        s.role.name() == role
            && a.lines
                .get(i + 1)
                .is_none_or(|line| (line == "DEAD") == dead)
    })
}
