//! The elements of a pigs game (each pig, each card of a hand, each card
//! of the deck) and the games one edit away: a pig or a deck card taken
//! out, a pig of the other loyal or rebel role, a card another card. What
//! an explanation varies to tell which cards a failure is about.

use super::engine::thing;
use super::model::{Card, Input, Role};
use crate::game::{Edit, Element, Variant};

#[derive(Clone, Copy)]
enum Place {
    Pig(usize),
    Hand(usize, usize),
    Deck(usize),
}

fn places(input: &Input) -> Vec<(Place, Element)> {
    let element = |label, line, thing| Element { label, line, thing };
    let mut out = Vec::new();
    for (i, seat) in input.seats.iter().enumerate() {
        let line = 1 + i;
        let label = format!("pig {} ({})", i + 1, seat.role);
        let pig = Some((None, thing::pig(i)));
        out.push((Place::Pig(i), element(label, line, pig)));
        for (k, c) in seat.hand.iter().enumerate() {
            let label = format!("pig {}'s card {} (a {c})", i + 1, k + 1);
            out.push((Place::Hand(i, k), element(label, line, None)));
        }
    }
    let line = 1 + input.seats.len();
    for (k, c) in input.deck.iter().enumerate() {
        let label = format!("deck card {} (a {c})", k + 1);
        let card = Some((None, thing::deck(k)));
        out.push((Place::Deck(k), element(label, line, card)));
    }
    out
}

pub fn elements(input: &Input) -> Vec<Element> {
    places(input).into_iter().map(|(_, e)| e).collect()
}

pub fn variants(input: &Input) -> Vec<Variant<Input>> {
    let mut out = Vec::new();
    for (element, (place, _)) in places(input).into_iter().enumerate() {
        let mut push = |edit, change: String, f: &dyn Fn(&mut Input)| {
            let mut v = input.clone();
            f(&mut v);
            out.push(Variant {
                element,
                edit,
                change,
                input: v,
                added: 0,
            });
        };
        match place {
            Place::Pig(i) => {
                let role = input.seats[i].role;
                if role != Role::MP {
                    push(Edit::Removed, "is taken out".into(), &|v| {
                        v.seats.remove(i);
                    });
                    let other = match role {
                        Role::ZP => Role::FP,
                        _ => Role::ZP,
                    };
                    push(Edit::Changed, format!("is a {other}"), &|v| {
                        v.seats[i].role = other
                    });
                }
            }
            Place::Hand(i, k) => {
                let c = input.seats[i].hand[k];
                for d in Card::ALL.into_iter().filter(|&d| d != c) {
                    push(Edit::Changed, format!("is a {d}"), &|v| {
                        v.seats[i].hand[k] = d
                    });
                }
            }
            Place::Deck(k) => {
                push(Edit::Removed, "is taken out".into(), &|v| {
                    v.deck.remove(k);
                });
                let c = input.deck[k];
                for d in Card::ALL.into_iter().filter(|&d| d != c) {
                    push(Edit::Changed, format!("is a {d}"), &|v| v.deck[k] = d);
                }
            }
        }
    }
    out
}
