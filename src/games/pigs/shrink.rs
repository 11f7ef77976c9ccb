//! Structural shrink candidates, most aggressive first. Each keeps pig 1
//! the MP, at least one FP, four cards per hand and at least one deck card;
//! whether the game still ends is the validator's call.

use super::model::{Card, Input, Role};

pub fn candidates(input: &Input) -> Vec<Input> {
    let mut out = Vec::new();
    drop_pigs(input, &mut out);
    cut_deck(input, &mut out);
    turn_rebel(input, &mut out);
    simplify_cards(input, &mut out);
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

/// Keep either half of the deck, then drop the last card, then any other.
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

/// Replace a card by D, the card that never acts on its own.
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
}
