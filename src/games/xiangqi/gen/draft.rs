//! The constructive check builder: a position under construction that
//! keeps its check (and a mate's attacks) standing as pieces are added,
//! and the bag of kinds still to place.

use super::super::model::{Case, Kind, Piece, Point, MAX_PIECES};
use super::points::{
    attack_line, attackers, attacks, between, bit, moves, neighbours, points, Points, BOARD,
    COLUMNS, RED_PALACE,
};
use super::{pick, Aim, Spots};
use crate::source::Source;

/// A position under construction: `taken` holds every piece's point, the
/// black general's included; `kept` the points that must keep their state
/// (empty, or their piece) for the check, and for the attacks a mate is
/// built on, to stand.
pub(super) struct Draft {
    pub(super) black: Point,
    /// The red general first.
    pub(super) red: [Piece; MAX_PIECES],
    pub(super) pieces: usize,
    pub(super) taken: Points,
    pub(super) kept: Points,
    pub(super) aim: Aim,
    /// Whether every move is attacked by a kept attack and the generals do
    /// not face each other: a mate, whatever is added.
    pub(super) covered: bool,
}

impl Draft {
    pub(super) fn with(black: Point, general: Point, aim: Aim) -> Self {
        Draft {
            black,
            red: [Piece {
                kind: Kind::General,
                at: general,
            }; MAX_PIECES],
            pieces: 1,
            taken: bit(black) | bit(general),
            kept: 0,
            aim,
            covered: false,
        }
    }

    pub(super) fn general(&self) -> Point {
        self.red[0].at
    }

    pub(super) fn red(&self) -> &[Piece] {
        &self.red[..self.pieces]
    }

    /// Points a new piece may take. Never empty: at most 8 pieces and a
    /// few dozen kept points on a board of 90.
    pub(super) fn free(&self) -> Points {
        BOARD & !self.taken & !self.kept
    }

    pub(super) fn place(&mut self, kind: Kind, at: Point) {
        self.red[self.pieces] = Piece { kind, at };
        self.pieces += 1;
        self.taken |= bit(at);
    }

    /// Puts `kind` on one of the free `spots`; `None` when there is none.
    pub(super) fn put_in(&mut self, dice: &mut Source, kind: Kind, spots: Points) -> Option<Point> {
        let free = spots & self.free();
        (free != 0).then(|| {
            let at = pick(dice, free);
            self.place(kind, at);
            at
        })
    }

    /// Puts `kind` on a free point where `spots` says.
    pub(super) fn put(&mut self, dice: &mut Source, kind: Kind, spots: Spots) -> Point {
        let at = spots.pick(dice, self.free());
        self.place(kind, at);
        at
    }

    /// Whether the two generals face each other on an open file.
    pub(super) fn facing(&self) -> bool {
        let g = self.general();
        g.1 == self.black.1 && between(g, self.black) & self.taken == 0
    }

    /// The occupied points once the black general has moved to `t`.
    pub(super) fn after_move(&self, t: Point) -> Points {
        (self.taken & !bit(self.black)) | bit(t)
    }

    /// A piece that attacks the move `t` once made (spec 4.2 steps 3-4).
    pub(super) fn defender(&self, t: Point) -> Option<Piece> {
        let occ = self.after_move(t);
        self.red()
            .iter()
            .copied()
            .find(|p| p.at != t && attacks(p.kind, p.at, t, occ))
    }

    /// Moves no piece attacks yet.
    pub(super) fn uncovered(&self) -> Points {
        self.uncovered_of(moves(self.black))
    }

    /// The moves of `some` that no piece attacks yet.
    fn uncovered_of(&self, some: Points) -> Points {
        let mut open = some;
        for t in points(some) {
            if self.defender(t).is_some() {
                open &= !bit(t);
            }
        }
        open
    }

    /// Spec 4.2 on the draft.
    pub(super) fn mated(&self) -> bool {
        !self.facing() && self.uncovered() == 0
    }

    /// The answer, from the construction when it is sure.
    pub(super) fn answer(&self) -> bool {
        self.covered || self.mated()
    }

    /// The points of `origins` from which a piece of `kind` would attack
    /// the most of the moves `open`, and how many: with few pieces, a mate
    /// needs each to attack several.
    /// `origins` attack the moves of `known` (one at most) already.
    pub(super) fn best(
        &self,
        kind: Kind,
        origins: Points,
        open: Points,
        known: Points,
    ) -> (Points, usize) {
        // levels[k]: the origins that attack at least k + 1 of those moves.
        let mut levels = [0; 4];
        for t in points(open) {
            let from = if known & bit(t) != 0 {
                origins
            } else {
                attackers(kind, t, self.after_move(t)) & origins
            };
            for k in (1..4).rev() {
                levels[k] |= levels[k - 1] & from;
            }
            levels[0] |= from;
        }
        match levels.iter().rposition(|&l| l != 0) {
            Some(k) => (levels[k], k + 1),
            None => (origins, 0),
        }
    }

    /// Puts a kind of `kinds` where it attacks `t`, removes it from
    /// `kinds` and keeps its line; `occ` is the position the attack is made
    /// in. Without a mate in view, the first kind that can, on a point of
    /// `spots` when it can be; for a mate, the kind and points that attack
    /// the most open moves as well. Giving `check`, a cannon may take a new
    /// screen, the next kind of the bag, if nothing is kept yet (so the
    /// screen's points are free). For a mate, a spare kind may join, and
    /// `open` holds the moves no piece attacks yet (`t` among them unless
    /// giving `check`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn attack(
        &mut self,
        dice: &mut Source,
        kinds: &mut Bag,
        t: Point,
        occ: Points,
        spots: Spots,
        check: bool,
        open: Points,
    ) -> bool {
        let mate = self.aim == Aim::Mate;
        let open = if mate { open } else { 0 };
        // Without check, `occ` is the position after the move to `t`, in
        // which `best` would find the same attackers of `t` again.
        let known = if check { 0 } else { bit(t) };
        let reach = if mate { kinds.reach() } else { kinds.len() };
        let all_open = open.count_ones() as usize;
        // The bag index, its points, and how many open moves they attack.
        let mut choice: Option<(usize, Points, usize)> = None;
        for i in 0..reach {
            let kind = kinds.kinds[i];
            if kinds.kinds[..i].contains(&kind) {
                continue;
            }
            let mut origins = attackers(kind, t, occ);
            let others = kinds.len() - usize::from(i < kinds.len());
            if kind == Kind::Cannon && check && others > 0 && self.kept == 0 {
                // Over a new screen: a chariot's points, two steps away
                // or more.
                origins |= attackers(Kind::Chariot, t, occ) & !neighbours(t);
            }
            let origins = origins & self.free();
            if origins == 0 {
                continue;
            }
            if !mate {
                choice = Some((i, origins, 0));
                break;
            }
            let (best, most) = self.best(kind, origins, open, known);
            if choice.is_none_or(|c| most > c.2) {
                choice = Some((i, best, most));
            }
            // No kind can do better than attack every open move.
            if most == all_open {
                break;
            }
        }
        let Some((i, origins, _)) = choice else {
            return false;
        };
        let kind = kinds.take(i);
        let at = spots.pick(dice, origins);
        let line = attack_line(kind, at, t);
        self.place(kind, at);
        if kind == Kind::Cannon && line & occ == 0 {
            let screen = kinds.take(0);
            self.place(screen, pick(dice, line));
        }
        self.kept |= line;
        true
    }

    /// Puts a kind of `kinds` where it gives check (see [`Draft::attack`]).
    /// If none can (a lone cannon with nothing to screen it), the red
    /// general moves onto the black general's file and checks itself.
    pub(super) fn give_check(&mut self, dice: &mut Source, kinds: &mut Bag, spots: Spots) {
        let b = self.black;
        let open = if self.aim == Aim::Mate {
            self.uncovered()
        } else {
            0
        };
        if self.attack(dice, kinds, b, self.taken, spots, true, open) {
            return;
        }
        let g = self.general();
        if g.1 != b.1 {
            self.taken &= !bit(g);
            let general = pick(dice, RED_PALACE & COLUMNS[b.1 as usize]);
            self.red[0].at = general;
            self.taken |= bit(general);
        }
        self.kept |= between(self.general(), b);
    }

    /// Places the rest of the pieces, each on a point drawn from `spots`
    /// when it can be; for a mate, first what the moves still need.
    pub(super) fn fill(
        &mut self,
        dice: &mut Source,
        mut kinds: Bag,
        spots: impl Fn(Kind) -> Spots,
    ) {
        if self.aim == Aim::Mate {
            self.cover(dice, &mut kinds, &spots);
        }
        for &kind in kinds.iter() {
            self.put(dice, kind, spots(kind));
        }
    }

    /// Attacks every move of the black general while the bag lasts, and
    /// blocks facing generals first; every attack a move gets is kept.
    pub(super) fn cover(
        &mut self,
        dice: &mut Source,
        kinds: &mut Bag,
        spots: impl Fn(Kind) -> Spots,
    ) {
        let b = self.black;
        if self.facing() {
            let file = between(self.general(), b);
            match kinds.first() {
                Some(&kind) if self.put_in(dice, kind, file).is_some() => {
                    kinds.take(0);
                }
                _ => return,
            }
        }
        let all = moves(b);
        for t in points(all) {
            if let Some(p) = self.defender(t) {
                self.kept |= attack_line(p.kind, p.at, t);
                continue;
            }
            if kinds.reach() == 0 {
                return;
            }
            let spots = spots(kinds.kinds[0]);
            // The moves before `t` are attacked along kept lines: they stay
            // attacked, and only `t` and the later ones can be open.
            let later = all & !(bit(t) | (bit(t) - 1));
            let open = bit(t) | self.uncovered_of(later);
            if !self.attack(dice, kinds, t, self.after_move(t), spots, false, open) {
                return;
            }
        }
        self.covered = true;
    }

    pub(super) fn finish(self) -> Case {
        Case {
            black: self.black,
            red: self.red().to_vec(),
        }
    }
}

/// The kinds still to place, at most two of each non-general kind in
/// all: `kinds[..len]` to place, then `avail` spare kinds, then the kinds
/// used up. A mate may take up to `spare` of the spare kinds.
#[derive(Clone, Copy)]
pub(super) struct Bag {
    pub(super) kinds: [Kind; 6],
    pub(super) len: usize,
    pub(super) avail: usize,
    pub(super) spare: usize,
}

impl std::ops::Deref for Bag {
    type Target = [Kind];
    fn deref(&self) -> &[Kind] {
        &self.kinds[..self.len]
    }
}

impl Bag {
    /// `n` kinds, ordered by the digits of `order` (in `0..720`), and up to
    /// `most` in all for a mate.
    pub(super) fn new(n: usize, most: usize, mut order: u64) -> Bag {
        let mut kinds = [
            Kind::Chariot,
            Kind::Chariot,
            Kind::Horse,
            Kind::Horse,
            Kind::Cannon,
            Kind::Cannon,
        ];
        // Fisher-Yates: order 0 keeps the kinds as listed.
        for i in 0..kinds.len() {
            let places = (kinds.len() - i) as u64;
            kinds.swap(i, i + (order % places) as usize);
            order /= places;
        }
        let len = n.min(kinds.len());
        Bag {
            kinds,
            len,
            avail: kinds.len() - len,
            spare: most.min(kinds.len()).saturating_sub(len),
        }
    }

    /// How many kinds a mate may choose from: those to place, then spares.
    pub(super) fn reach(&self) -> usize {
        self.len + self.spare.min(self.avail)
    }

    /// Takes kind `i`, a spare one when `i >= len`.
    pub(super) fn take(&mut self, mut i: usize) -> Kind {
        if i >= self.len {
            self.kinds.swap(i, self.len);
            self.len += 1;
            self.avail -= 1;
            self.spare -= 1;
            i = self.len - 1;
        }
        let kind = self.kinds[i];
        // To the used-up end, the spares following.
        self.shift_left(i);
        self.len -= 1;
        kind
    }

    /// Adds a kind to place (one that was used up, so the counts hold).
    pub(super) fn push(&mut self, kind: Kind) {
        if self.len + self.avail == self.kinds.len() {
            self.avail -= 1;
        }
        for j in (self.len + 1..self.kinds.len()).rev() {
            self.kinds[j] = self.kinds[j - 1];
        }
        self.kinds[self.len] = kind;
        self.len += 1;
    }

    /// Moves kind `i` to the end, the kinds after it one place up.
    pub(super) fn shift_left(&mut self, i: usize) {
        let kind = self.kinds[i];
        for j in i..self.kinds.len() - 1 {
            self.kinds[j] = self.kinds[j + 1];
        }
        self.kinds[self.kinds.len() - 1] = kind;
    }

    pub(super) fn pop(&mut self) -> Option<Kind> {
        (self.len > 0).then(|| self.take(self.len - 1))
    }

    pub(super) fn insert_first(&mut self, kind: Kind) {
        self.push(kind);
        for j in (1..self.len).rev() {
            self.kinds[j] = self.kinds[j - 1];
        }
        self.kinds[0] = kind;
    }

    /// Keeps the kinds (spares included) for which `keep` holds.
    pub(super) fn retain(&mut self, keep: impl Fn(Kind) -> bool) {
        let mut i = 0;
        while i < self.len + self.avail {
            if keep(self.kinds[i]) {
                i += 1;
            } else if i < self.len {
                self.take(i);
            } else {
                self.shift_left(i);
                self.avail -= 1;
            }
        }
    }
}
