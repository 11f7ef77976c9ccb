//! The deck and the hands (§4.3, §4.6): where a drawn card goes and which
//! copy a used card takes away. Mistaken programs keep hands with holes or
//! stale marks, so a hand is more than a list here. A child of the engine,
//! so that it works on the same private game state.

use super::{card_ctx, cards_text, Card, Ev, Mk, Table};
use crate::game::Observer;

impl<O: Observer> Table<'_, O> {
    /// §3 item 6: the next draw would yield the m-th card.
    pub(super) fn exhausted(&self) -> bool {
        self.drawn + 1 >= self.deck.len() && !self.bent(Mk::DeckWrapsAround)
    }

    /// §4.3: appends the top cards; past the end, copies of the m-th card.
    pub(super) fn draw(&mut self, who: usize, count: usize) {
        let start = self.pigs[who].hand.len();
        for _ in 0..count {
            if self.drawn == self.deck.len() {
                self.ev(Ev::DeckExhausted);
                if self.bent(Mk::DeckRunsDry) {
                    continue;
                }
            }
            if self.bent(Mk::DeckWrapsAround) {
                let card = self.deck[self.drawn % self.deck.len()];
                self.drawn += 1;
                self.put(who, card);
                continue;
            }
            let card = self.deck[self.drawn.min(self.deck.len() - 1)];
            self.drawn = (self.drawn + 1).min(self.deck.len());
            self.put(who, card);
        }
        note!(
            self,
            "  {} draws {} -> {}",
            self.name(who),
            cards_text(&self.pigs[who].hand[start..]),
            self.hand_text(who)
        );
    }

    /// §4.3: a drawn card goes to the right end of the hand, or into its
    /// leftmost hole for a hand kept as an array with holes (a mistake).
    fn put(&mut self, who: usize, card: Card) {
        if O::BENDING && self.bent(Mk::PenaltyLeavesStaleMarks) {
            let slots = &mut self.slots[who];
            let slot = slots.used;
            slots.used += 1;
            if slot < slots.gone.len() {
                if slots.gone[slot] {
                    return; // marked gone before the hand was emptied
                }
            } else {
                slots.gone.push(false);
            }
            slots.live.push(slot);
            self.pigs[who].hand.push(card);
            return;
        }
        if O::BENDING && self.bent(Mk::DrawFillsHoles) {
            let holes = &mut self.holes[who];
            if let Some((k, &at)) = holes.iter().enumerate().min_by_key(|&(_, &g)| g) {
                holes.swap_remove(k);
                // The holes right of the filled one, those beside it
                // included, now have one more card to their left.
                for g in holes.iter_mut().filter(|g| **g >= at) {
                    *g += 1;
                }
                self.pigs[who].hand.insert(at, card);
                return;
            }
        }
        self.pigs[who].hand.push(card);
    }

    /// Takes the card at `i` out of the hand of `who`, leaving a hole
    /// where a mistaken program keeps one.
    pub(super) fn take(&mut self, who: usize, i: usize) -> Card {
        if O::BENDING {
            // Only a hand whose draws fill its holes ever empties the list:
            // kept for any other mistake, it would grow with every card
            // played, and every play would walk it.
            if self.bent(Mk::DrawFillsHoles) {
                let holes = &mut self.holes[who];
                for g in holes.iter_mut().filter(|g| **g > i) {
                    *g -= 1;
                }
                holes.push(i);
            }
            if self.bent(Mk::PenaltyLeavesStaleMarks) {
                let slots = &mut self.slots[who];
                let slot = slots.live.remove(i);
                slots.gone[slot] = true;
            }
        }
        self.pigs[who].hand.remove(i)
    }

    /// Empties a hand: no cards and no holes left.
    pub(super) fn clear_hand(&mut self, who: usize) {
        self.pigs[who].hand.clear();
        if O::BENDING {
            self.holes[who].clear();
            self.slots[who].live.clear();
            self.slots[who].used = 0;
        }
    }

    /// Removes the leftmost copy of `card` (§4.6, last paragraph).
    pub(super) fn discard(&mut self, who: usize, card: Card) -> bool {
        let rightmost = self.bent_in(Mk::DiscardsRightmost, card_ctx(card));
        let hand = &self.pigs[who].hand;
        let at = if rightmost {
            hand.iter().rposition(|&c| c == card)
        } else {
            hand.iter().position(|&c| c == card)
        };
        match at {
            Some(i) => {
                self.take(who, i);
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
        if let Some(u) = &mut self.used_at {
            if u.pig == who && i < u.left {
                u.left -= 1;
            }
        }
    }
}
