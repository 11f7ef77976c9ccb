//! Generators (spec section 7). Every case is drawn by rejection: a family
//! proposes a position, `validate_case` and the family's own property filter
//! it, and the answer is steered towards a drawn YES/NO so that both verdicts
//! are common. A fixed position ends every rejection loop, so any tape
//! (including the all-zero one) yields a valid file.

use super::engine;
use super::model::{in_black_palace, Case, Input, Kind, Piece, Point, MAX_CASES};
use super::validate::validate_case;
use crate::fault::Budget;
use crate::game::Profile;
use crate::source::Source;

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

/// Rejection tries per case before the fixed fallback.
const TRIES: usize = 200;

pub fn generate(src: &mut Source, profile: &str) -> Input {
    let (count, family): (usize, fn(&mut Source) -> Option<Case>) = match profile {
        "typical" => (src.usize_in(1, 8), |s| {
            let extra = s.usize_in(1, 6);
            scatter(s, extra)
        }),
        "max" => (MAX_CASES, |s| scatter(s, 6)),
        "edge" => (src.usize_in(1, 12), edge),
        "facing" => (src.usize_in(1, 6), facing),
        "capture" => (src.usize_in(1, 6), capture),
        "screens" => (src.usize_in(1, 6), screens),
        "horses" => (src.usize_in(1, 6), horses),
        _ => (1, |s| {
            let extra = s.usize_in(1, 2);
            scatter(s, extra)
        }),
    };
    let pieces = if profile == "max" { 7 } else { 2 };
    // Facing generals always answer NO; steering would hide them.
    let steer = profile != "facing";
    let cases = (0..count)
        .map(|_| balanced(src, family, pieces, steer))
        .collect();
    Input { cases }
}

fn answer(case: &Case) -> bool {
    engine::checkmated(case, &mut Budget::default(), &mut ())
        .expect("tiny positions fit any budget")
}

/// A valid case from `family`, preferably with a drawn answer when `steer`.
fn balanced(
    src: &mut Source,
    family: fn(&mut Source) -> Option<Case>,
    pieces: usize,
    steer: bool,
) -> Case {
    let valid = |s: &mut Source| family(s).filter(|c| validate_case(1, c).is_ok());
    if !steer {
        return src.attempt(TRIES, valid, |_| fallback(pieces));
    }
    let want_mate = src.bool(0.5);
    src.attempt(
        TRIES,
        |s| valid(s).filter(|c| answer(c) == want_mate),
        |s| s.attempt(TRIES, valid, |_| fallback(pieces)),
    )
}

/// A checkmate valid by construction: the official sample's first case plus
/// extra pieces far from every line that matters.
fn fallback(pieces: usize) -> Case {
    let mut red = vec![
        Piece {
            kind: Kind::General,
            at: (10, 5),
        },
        Piece {
            kind: Kind::Chariot,
            at: (6, 4),
        },
    ];
    let extra = [
        (Kind::Horse, (10, 1)),
        (Kind::Horse, (10, 9)),
        (Kind::Cannon, (9, 1)),
        (Kind::Cannon, (9, 9)),
        (Kind::Chariot, (8, 1)),
    ];
    red.extend(
        extra
            .iter()
            .take(pieces.saturating_sub(2))
            .map(|&(kind, at)| Piece { kind, at }),
    );
    Case { black: (1, 4), red }
}

fn all_points() -> impl Iterator<Item = Point> {
    (1..=10).flat_map(|r| (1..=9).map(move |c| (r, c)))
}

fn palace(rows: std::ops::RangeInclusive<u32>) -> Vec<Point> {
    rows.flat_map(|r| (4..=6).map(move |c| (r, c))).collect()
}

/// Up to `n` non-general kinds, at most two of each, in a drawn order.
fn bag(src: &mut Source, n: usize) -> Vec<Kind> {
    let mut kinds = vec![
        Kind::Chariot,
        Kind::Chariot,
        Kind::Horse,
        Kind::Horse,
        Kind::Cannon,
        Kind::Cannon,
    ];
    src.shuffle(&mut kinds);
    kinds.truncate(n);
    kinds
}

/// A position under construction.
struct Draft {
    black: Point,
    red: Vec<Piece>,
}

impl Draft {
    fn new(src: &mut Source) -> Self {
        let black = *src.choose(&palace(1..=3));
        let general = *src.choose(&palace(8..=10));
        Draft {
            black,
            red: vec![Piece {
                kind: Kind::General,
                at: general,
            }],
        }
    }

    fn free(&self, p: Point) -> bool {
        p != self.black && self.red.iter().all(|q| q.at != p)
    }

    fn general(&self) -> Point {
        self.red[0].at
    }

    /// Puts `kind` on one of the free `spots`; `None` when all are taken.
    fn put(&mut self, src: &mut Source, kind: Kind, spots: &[Point]) -> Option<Point> {
        let free: Vec<Point> = spots.iter().copied().filter(|&p| self.free(p)).collect();
        if free.is_empty() {
            return None;
        }
        let at = *src.choose(&free);
        self.red.push(Piece { kind, at });
        Some(at)
    }

    /// Places each kind near the black palace most of the time.
    fn scatter(&mut self, src: &mut Source, kinds: &[Kind]) -> Option<()> {
        for &kind in kinds {
            let spots = if src.bool(0.2) { anywhere() } else { near() };
            self.put(src, kind, &spots)?;
        }
        Some(())
    }

    fn finish(self) -> Case {
        Case {
            black: self.black,
            red: self.red,
        }
    }
}

fn anywhere() -> Vec<Point> {
    all_points().collect()
}

/// Rows 1-6, columns 2-8: where pieces usually matter.
fn near() -> Vec<Point> {
    all_points()
        .filter(|&(r, c)| r <= 6 && (2..=8).contains(&c))
        .collect()
}

fn edges() -> Vec<Point> {
    all_points()
        .filter(|&(r, c)| r == 1 || r == 10 || c == 1 || c == 9)
        .collect()
}

fn neighbours((r, c): Point) -> Vec<Point> {
    [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        .into_iter()
        .filter(|&p| in_black_palace(p))
        .collect()
}

/// Points of `p`'s row and column, `p` excluded.
fn lines((r, c): Point) -> Vec<Point> {
    all_points()
        .filter(|&q| (q.0 == r || q.1 == c) && q != (r, c))
        .collect()
}

/// Points strictly between two points of a line.
fn between(p: Point, q: Point) -> Vec<Point> {
    lines(p)
        .into_iter()
        .filter(|&x| {
            let inside = |a: u32, b: u32, v: u32| a.min(b) < v && v < a.max(b);
            (p.0 == q.0 && x.0 == p.0 && inside(p.1, q.1, x.1))
                || (p.1 == q.1 && x.1 == p.1 && inside(p.0, q.0, x.0))
        })
        .collect()
}

/// Horse origins from which `target` is one jump away.
fn jumps_to((r, c): Point) -> Vec<Point> {
    let (r, c) = (r as i32, c as i32);
    [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ]
    .into_iter()
    .map(|(dr, dc)| (r + dr, c + dc))
    .filter(|&(a, b)| (1..=10).contains(&a) && (1..=9).contains(&b))
    .map(|(a, b)| (a as u32, b as u32))
    .collect()
}

fn scatter(src: &mut Source, extra: usize) -> Option<Case> {
    let mut d = Draft::new(src);
    let kinds = bag(src, extra);
    d.scatter(src, &kinds)?;
    Some(d.finish())
}

fn edge(src: &mut Source) -> Option<Case> {
    match src.below(6) {
        0 => capture(src),
        1 => screens(src),
        2 => horses(src),
        3 => facing(src),
        4 => general_file(src),
        _ => board_edges(src),
    }
}

/// One or two red pieces on the black general's moves, plus defenders.
fn capture(src: &mut Source) -> Option<Case> {
    let mut d = Draft::new(src);
    let total = src.usize_in(1, 6);
    let kinds = bag(src, total);
    let adjacent = src.usize_in(1, 2.min(kinds.len()));
    for &kind in &kinds[..adjacent] {
        d.put(src, kind, &neighbours(d.black))?;
    }
    d.scatter(src, &kinds[adjacent..])?;
    Some(d.finish())
}

/// A cannon whose screen is the red general, another piece, or the black
/// general itself.
fn screens(src: &mut Source) -> Option<Case> {
    let mut d = Draft::new(src);
    let total = src.usize_in(1, 6);
    let mut kinds = bag(src, total);
    kinds.retain(|&k| k != Kind::Cannon);
    let cannons = src.usize_in(1, 2);
    match src.below(3) {
        0 => {
            // Behind the red general, on a palace column.
            let (gr, gc) = d.general();
            let below: Vec<Point> = (gr + 1..=10).map(|r| (r, gc)).collect();
            let above: Vec<Point> = (1..gr).map(|r| (r, gc)).collect();
            let spots = if below.is_empty() || src.bool(0.3) {
                above
            } else {
                below
            };
            d.put(src, Kind::Cannon, &spots)?;
        }
        1 => {
            // On the black general's lines, with a screen between.
            let at = d.put(src, Kind::Cannon, &lines(d.black))?;
            let gap = between(at, d.black);
            if let Some(&kind) = kinds.first() {
                if !gap.is_empty() {
                    d.put(src, kind, &gap)?;
                    kinds.remove(0);
                }
            }
        }
        _ => {
            // On a line through a neighbour and the black general itself.
            let to = *src.choose(&neighbours(d.black));
            let behind: Vec<Point> = lines(d.black)
                .into_iter()
                .filter(|&p| between(p, to).contains(&d.black))
                .collect();
            d.put(src, Kind::Cannon, &behind)?;
        }
    }
    if cannons == 2 {
        kinds.push(Kind::Cannon);
    }
    d.scatter(src, &kinds)?;
    Some(d.finish())
}

/// Horses a jump away from the black general's moves (or from the red
/// general), with a piece on the leg point now and then.
fn horses(src: &mut Source) -> Option<Case> {
    let mut d = Draft::new(src);
    let total = src.usize_in(1, 6);
    let mut kinds = bag(src, total);
    kinds.retain(|&k| k != Kind::Horse);
    let count = src.usize_in(1, 2);
    for _ in 0..count {
        let mut targets = neighbours(d.black);
        targets.push(d.black);
        // Now and then a horse a jump away from the red general instead,
        // which the rules ignore but a board-marking solver may not.
        let target = if src.bool(0.3) {
            d.general()
        } else {
            *src.choose(&targets)
        };
        let at = d.put(src, Kind::Horse, &jumps_to(target))?;
        if src.bool(0.4) {
            let (dr, dc) = (target.0 as i32 - at.0 as i32, target.1 as i32 - at.1 as i32);
            let leg = if dr.abs() == 2 {
                ((at.0 as i32 + dr / 2) as u32, at.1)
            } else {
                (at.0, (at.1 as i32 + dc / 2) as u32)
            };
            if let Some(kind) = kinds.pop() {
                d.put(src, kind, &[leg]);
            }
        }
    }
    d.scatter(src, &kinds)?;
    Some(d.finish())
}

/// The red general on the black general's file, usually with an open file
/// (answer NO), sometimes with pieces above the black general or a blocker.
fn facing(src: &mut Source) -> Option<Case> {
    let black = *src.choose(&palace(1..=3));
    let general = (src.usize_in(8, 10) as u32, black.1);
    let mut d = Draft {
        black,
        red: vec![Piece {
            kind: Kind::General,
            at: general,
        }],
    };
    let total = src.usize_in(1, 6);
    let mut kinds = bag(src, total);
    if black.0 > 1 && src.bool(0.5) {
        if let Some(kind) = kinds.pop() {
            let above: Vec<Point> = (1..black.0).map(|r| (r, black.1)).collect();
            d.put(src, kind, &above)?;
        }
    }
    if src.bool(0.25) {
        if let Some(kind) = kinds.pop() {
            d.put(src, kind, &between(black, general))?;
        }
    }
    let open = between(black, general);
    for kind in kinds {
        let spots: Vec<Point> = near().into_iter().filter(|p| !open.contains(p)).collect();
        d.put(src, kind, &spots)?;
    }
    Some(d.finish())
}

/// The red general on each palace column, with pieces on its file.
fn general_file(src: &mut Source) -> Option<Case> {
    let mut d = Draft::new(src);
    let total = src.usize_in(1, 6);
    let kinds = bag(src, total);
    let on_file = src.usize_in(0, 2.min(kinds.len()));
    let file: Vec<Point> = (1..d.general().0).map(|r| (r, d.general().1)).collect();
    for &kind in &kinds[..on_file] {
        d.put(src, kind, &file)?;
    }
    d.scatter(src, &kinds[on_file..])?;
    Some(d.finish())
}

/// Horses and cannons on rows 1 and 10 and columns 1 and 9.
fn board_edges(src: &mut Source) -> Option<Case> {
    let mut d = Draft::new(src);
    let total = src.usize_in(1, 6);
    let kinds = bag(src, total);
    for kind in kinds {
        let spots = match kind {
            Kind::Horse | Kind::Cannon => edges(),
            _ => near(),
        };
        d.put(src, kind, &spots)?;
    }
    Some(d.finish())
}
