//! Generators (spec section 7). Every case is built, never filtered: no
//! draw is thrown away for breaking a rule, and the answer is decided as
//! the case is built rather than asked of a solver afterwards.
//!
//! A case starts with the two generals and at once a red piece giving
//! check; the points that check needs empty (its line to the black
//! general, or its horse leg) are kept empty for good. Every later piece
//! (the family's own, then the rest) goes on a point neither taken nor
//! kept, so it may add attacks but never takes the check away, and the
//! kinds come from a bag holding at most two of each.
//!
//! Steered profiles draw the answer first. For a mate, pieces go where they
//! attack the most moves still free (a spare kind of the bag may join when
//! the planned ones cannot), and every move's attack is kept like the
//! check. For an escape, the pieces are placed freely, which leaves a move
//! open most of the time. The draft knows its answer as it is built (the
//! attacks on each move, on its own bit sets); when a construction falls
//! short (a mate the bag cannot complete, a free draw that mates), the case
//! is drawn again, a few times at most.

mod draft;
mod points;

use super::model::{Case, Input, Kind, Point, MAX_CASES};
use crate::game::Profile;
use crate::source::Source;
use draft::{Bag, Draft};
use points::{
    between, bit, index, jumps_to, leg, moves, nth, rows, Points, BLACK_PALACE, COLUMNS, EDGES,
    NEAR, RAYS, RED_PALACE, STEPS,
};

pub const PROFILES: &[Profile] = &[
    Profile {
        name: "small",
        about: "one case, the red general plus one or two attackers",
    },
    Profile {
        name: "typical",
        about: "a few cases, 1-6 pieces near the black palace, about half checkmate",
    },
    Profile {
        name: "max",
        about: "40 cases with all seven red pieces",
    },
    Profile {
        name: "edge",
        about: "a mix of every special family: palace corners, captures, screens, horse legs, facing generals, board edges",
    },
    Profile {
        name: "facing",
        about: "the red general on the black general's file, open or blocked, with pieces above the black general",
    },
    Profile {
        name: "capture",
        about: "red pieces next to the black general, defended or not",
    },
    Profile {
        name: "screens",
        about: "cannons screened by the red general, another piece or the black general itself",
    },
    Profile {
        name: "horses",
        about: "horses a jump away from the black general's moves or the red general, legs blocked or free",
    },
];

/// Draws of a case per wanted answer; the last draw is kept otherwise (it
/// is valid all the same).
const TRIES: usize = 4;

pub fn generate(dice: &mut Source, profile: &str) -> Input {
    let (count, family): (usize, Family) = match profile {
        "typical" => (dice.small_in(1, 8), |s, aim| scatter(s, (1, 6), 6, aim)),
        "max" => (MAX_CASES, |s, aim| scatter(s, (6, 6), 6, aim)),
        "edge" => (dice.small_in(1, 12), edge),
        "facing" => (dice.small_in(1, 6), facing),
        "capture" => (dice.small_in(1, 6), capture),
        "screens" => (dice.small_in(1, 6), screens),
        "horses" => (dice.small_in(1, 6), horses),
        _ => (1, |s, aim| scatter(s, (1, 2), 2, aim)),
    };
    // Facing generals always answer NO; steering would hide them.
    let steer = profile != "facing";
    let cases = (0..count).map(|_| balanced(dice, family, steer)).collect();
    Input { cases }
}

/// What a case is built for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Aim {
    Mate,
    /// A safe move for the black general.
    Escape,
    /// Either.
    Any,
}

/// Draws one case for an aim.
type Family = fn(&mut Source, Aim) -> Draft;

/// A case from `family`, with a drawn answer when `steer`.
fn balanced(dice: &mut Source, family: Family, steer: bool) -> Case {
    let aim = match (steer, dice.small_chance(1, 2)) {
        (false, _) => Aim::Any,
        (true, true) => Aim::Mate,
        (true, false) => Aim::Escape,
    };
    let mut d = family(dice, aim);
    for _ in 1..TRIES {
        if aim == Aim::Any || d.answer() == (aim == Aim::Mate) || dice.is_exhausted() {
            break;
        }
        d = family(dice, aim);
    }
    #[cfg(debug_assertions)]
    let claimed = (d.answer(), d.mated());
    let case = d.finish();
    #[cfg(debug_assertions)]
    check_draft(&case, claimed);
    case
}

/// What the construction promises, checked against the validator and the
/// engine wherever debug assertions are on (the tests).
#[cfg(debug_assertions)]
fn check_draft(case: &Case, (answer, mated): (bool, bool)) {
    use super::{engine, validate::validate_case};
    if let Err(e) = validate_case(1, case) {
        panic!("generated an invalid case ({e}): {case:?}");
    }
    let engine = engine::checkmated(case, &mut crate::fault::Budget::default(), &mut ())
        .expect("tiny positions fit any budget");
    assert_eq!(
        engine, mated,
        "the draft and the engine disagree on {case:?}"
    );
    assert_eq!(
        engine, answer,
        "the construction promised otherwise: {case:?}"
    );
}

/// One point of a non-empty set; choice 0 is the top-left one.
fn pick(dice: &mut Source, set: Points) -> Point {
    nth(set, dice.small(u64::from(set.count_ones())) as u32)
}

/// Independent choices, one per radix.
fn digits<const N: usize>(dice: &mut Source, radices: [u64; N]) -> [u64; N] {
    radices.map(|r| dice.small(r))
}

/// Whether a digit in `0..radix` falls in its top `n` values: 0 is false.
fn top(digit: u64, radix: u64, n: u64) -> bool {
    digit >= radix - n
}

/// Where a piece should go: on the `favoured` points, or when `weight` is
/// not 0 anywhere else too, each favoured point `weight` times as likely.
#[derive(Clone, Copy)]
struct Spots {
    favoured: Points,
    weight: u32,
}

impl Spots {
    const fn only(favoured: Points) -> Spots {
        Spots {
            favoured,
            weight: 0,
        }
    }

    /// One point of the non-empty `room`, in one choice.
    fn pick(self, dice: &mut Source, room: Points) -> Point {
        let favoured = self.favoured & room;
        if self.weight == 0 {
            return pick(dice, if favoured != 0 { favoured } else { room });
        }
        let n = favoured.count_ones();
        let heavy = n * self.weight;
        let k = dice.small(u64::from(heavy + room.count_ones() - n)) as u32;
        if k < heavy {
            nth(favoured, k / self.weight)
        } else {
            nth(room & !favoured, k - heavy)
        }
    }
}

/// Near the black palace about nine times in ten (rows 1-6 hold 42 of
/// the 90 points).
const NEAR_MOSTLY: Spots = Spots {
    favoured: NEAR,
    weight: 9,
};

/// The black general, the red general and a bag of `lo..=hi` kinds (up to
/// `most` for a mate).
fn start(dice: &mut Source, aim: Aim, (lo, hi): (usize, usize), most: usize) -> (Draft, Bag) {
    let black = pick(dice, BLACK_PALACE);
    // For a mate, three times in four on the column of a sideways move,
    // which the general then attacks.
    let palace = if aim == Aim::Mate && dice.small_chance(3, 4) {
        RED_PALACE & (COLUMNS[black.1 as usize - 1] | COLUMNS[black.1 as usize + 1])
    } else {
        RED_PALACE
    };
    let general = pick(dice, palace);
    let n = dice.small_in(lo, hi);
    let kinds = Bag::new(n, most, dice.small(720));
    (Draft::with(black, general, aim), kinds)
}

/// The generals, a checking piece and the rest of `sizes` pieces (up to
/// `most` for a mate).
fn scatter(dice: &mut Source, sizes: (usize, usize), most: usize, aim: Aim) -> Draft {
    let (mut d, mut kinds) = start(dice, aim, sizes, most);
    d.give_check(dice, &mut kinds, NEAR_MOSTLY);
    d.fill(dice, kinds, |_| NEAR_MOSTLY);
    d
}

fn edge(dice: &mut Source, aim: Aim) -> Draft {
    match dice.small(6) {
        0 => capture(dice, aim),
        1 => screens(dice, aim),
        2 => horses(dice, aim),
        3 => facing(dice, aim),
        4 => general_file(dice, aim),
        _ => board_edges(dice, aim),
    }
}

/// The start of the special families: 1-6 kinds.
fn family_start(dice: &mut Source, aim: Aim) -> (Draft, Bag) {
    start(dice, aim, (1, 6), 6)
}

/// One or two red pieces on the black general's moves, plus defenders.
fn capture(dice: &mut Source, aim: Aim) -> Draft {
    let (mut d, mut kinds) = family_start(dice, aim);
    let [on_move, adjacent] = digits(dice, [2, 6]);
    let moves = moves(d.black);
    // Half the time the checking piece itself stands on a move.
    let spots = if on_move == 1 { moves } else { NEAR };
    d.give_check(dice, &mut kinds, Spots::only(spots));
    // 6 is a multiple of every count of choices (1, 2, 3).
    let adjacent = adjacent as usize % (2.min(kinds.len()) + 1);
    for _ in 0..adjacent {
        let kind = kinds.take(0);
        d.put(dice, kind, Spots::only(moves));
    }
    d.fill(dice, kinds, |_| NEAR_MOSTLY);
    d
}

/// A cannon whose screen is the red general, another piece, or the black
/// general itself.
fn screens(dice: &mut Source, aim: Aim) -> Draft {
    let (mut d, mut kinds) = family_start(dice, aim);
    let [cannons, way, over, to] = digits(dice, [2, 3, 10, 12]);
    kinds.retain(|k| k != Kind::Cannon);
    let spots = NEAR_MOSTLY;
    match way {
        0 => {
            // Behind the red general, on a palace column.
            d.give_check(dice, &mut kinds, spots);
            let (gr, gc) = d.general();
            let file = COLUMNS[gc as usize];
            let below = file & rows(gr + 1, 10);
            let above = file & rows(1, gr - 1);
            let behind = if below & d.free() == 0 || top(over, 10, 3) {
                above
            } else {
                below
            };
            d.put(dice, Kind::Cannon, Spots::only(behind));
        }
        1 => {
            // Checking over a screen: another piece, or the red general.
            kinds.insert_first(Kind::Cannon);
            d.give_check(dice, &mut kinds, spots);
            // Placed with the rest when it could not check.
            kinds.retain(|k| k != Kind::Cannon);
            if d.red().iter().all(|p| p.kind != Kind::Cannon) {
                kinds.push(Kind::Cannon);
            }
        }
        _ => {
            // On a line through a move and the black general itself.
            d.give_check(dice, &mut kinds, spots);
            let b = d.black;
            // 12 is a multiple of every count of moves (2, 3, 4).
            let to = nth(moves(b), (to % u64::from(moves(b).count_ones())) as u32);
            let away = (b.0 as i32 - to.0 as i32, b.1 as i32 - to.1 as i32);
            let dir = STEPS
                .iter()
                .position(|&s| s == away)
                .expect("a move is a step");
            d.put(
                dice,
                Kind::Cannon,
                Spots::only(RAYS[dir][index(b) as usize]),
            );
        }
    }
    if cannons == 1 {
        kinds.push(Kind::Cannon);
    }
    d.fill(dice, kinds, |_| NEAR_MOSTLY);
    d
}

/// Horses a jump away from the black general's moves (or from the red
/// general), with a piece on the leg point now and then.
fn horses(dice: &mut Source, aim: Aim) -> Draft {
    let (mut d, mut kinds) = family_start(dice, aim);
    let [second, g0, t0, l0, g1, t1, l1] = digits(dice, [2, 10, 60, 5, 10, 60, 5]);
    kinds.retain(|k| k != Kind::Horse);
    let mut count = 1 + second as usize;
    if kinds.is_empty() {
        // The first horse gives the check.
        kinds.push(Kind::Horse);
        count -= 1;
    }
    d.give_check(dice, &mut kinds, NEAR_MOSTLY);
    for [general, target, leg_piece] in [[g0, t0, l0], [g1, t1, l1]].into_iter().take(count) {
        // Now and then a horse a jump away from the red general instead,
        // which the rules ignore but a board-marking solver may not.
        let target = if top(general, 10, 3) {
            d.general()
        } else {
            // 60 is a multiple of every count (3, 4, 5).
            let near = moves(d.black) | bit(d.black);
            nth(near, (target % u64::from(near.count_ones())) as u32)
        };
        let Some(at) = d.put_in(dice, Kind::Horse, jumps_to(target)) else {
            d.put(dice, Kind::Horse, NEAR_MOSTLY);
            continue;
        };
        if top(leg_piece, 5, 2) {
            if let Some(&kind) = kinds.last() {
                if d.put_in(dice, kind, bit(leg(at, target))).is_some() {
                    kinds.pop();
                }
            }
        }
    }
    d.fill(dice, kinds, |_| NEAR_MOSTLY);
    d
}

/// The red general on the black general's file, usually with an open file
/// (answer NO), sometimes with pieces above the black general or a blocker.
fn facing(dice: &mut Source, aim: Aim) -> Draft {
    let [b, row, n, order, blocked, above] = digits(dice, [9, 3, 6, 720, 4, 2]);
    let black = nth(BLACK_PALACE, b as u32);
    let general = (8 + row as u32, black.1);
    let mut d = Draft::with(black, general, aim);
    let mut kinds = Bag::new(1 + n as usize, 6, order);
    let file = between(black, general);
    if aim == Aim::Mate || top(blocked, 4, 1) {
        // A piece checks (a chariot on the file blocks it by itself); then
        // a blocker when the file is still open.
        d.give_check(dice, &mut kinds, Spots::only(NEAR));
        if let Some(&kind) = kinds.last() {
            if d.facing() && d.put_in(dice, kind, file).is_some() {
                kinds.pop();
            }
        }
    } else {
        d.kept |= file;
    }
    if black.0 > 1 && above == 1 {
        if let Some(&kind) = kinds.last() {
            let above = rows(1, black.0 - 1) & COLUMNS[black.1 as usize];
            if d.put_in(dice, kind, above).is_some() {
                kinds.pop();
            }
        }
    }
    d.fill(dice, kinds, |_| Spots::only(NEAR & !file));
    d
}

/// The red general on each palace column, with pieces on its file.
fn general_file(dice: &mut Source, aim: Aim) -> Draft {
    let (mut d, mut kinds) = family_start(dice, aim);
    let on_file = dice.small(6) as usize;
    d.give_check(dice, &mut kinds, NEAR_MOSTLY);
    // 6 is a multiple of every count of choices (1, 2, 3).
    let on_file = on_file % (2.min(kinds.len()) + 1);
    let (gr, gc) = d.general();
    let file = rows(1, gr - 1) & COLUMNS[gc as usize];
    for _ in 0..on_file {
        let kind = kinds.take(0);
        d.put(dice, kind, Spots::only(file));
    }
    d.fill(dice, kinds, |_| NEAR_MOSTLY);
    d
}

/// Horses and cannons on rows 1 and 10 and columns 1 and 9.
fn board_edges(dice: &mut Source, aim: Aim) -> Draft {
    fn spots(kind: Kind) -> Spots {
        match kind {
            Kind::Horse | Kind::Cannon => Spots::only(EDGES),
            _ => Spots::only(NEAR),
        }
    }
    let (mut d, mut kinds) = family_start(dice, aim);
    let first = spots(kinds[0]);
    d.give_check(dice, &mut kinds, first);
    d.fill(dice, kinds, spots);
    d
}
