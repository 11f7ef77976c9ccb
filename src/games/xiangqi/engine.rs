//! The engine: spec section 4, one attack test per remaining red piece for
//! each of the black general's moves.

use super::mistakes::{ctx, Mk};
use super::model::{in_black_palace, on_board, Case, Input, Kind, Output, Piece, Point};
use crate::fault::{Budget, Fault};
use crate::game::{Context, Observer, Thing};

rule_events! {
    /// The decisions of spec section 4 that can change an answer.
    pub enum Ev {
        FacingGenerals => "facing-generals":
            "4.2 step 1: the two generals share a column with no piece between them, so black captures the red general: answer NO without looking at any move",
        GeneralsFileBlocked => "generals-file-blocked":
            "4.2 step 1: the two generals share a column but a piece stands between them, so they do not face each other and the moves are examined",
        MoveOffPalace => "move-off-palace":
            "4.2 step 2: a neighbour of the black general outside the black palace (rows 1-3, columns 4-6) is not a move",
        CaptureSafe => "capture-safe":
            "4.2 steps 3-4: the black general captures the red piece on its neighbour and no remaining red piece attacks that point: a safe move",
        CaptureDefended => "capture-defended":
            "4.2 steps 3-4: the black general captures the red piece on its neighbour but a remaining red piece attacks that point",
        GeneralAttacks => "general-attacks":
            "4.1 general: the red general attacks a move's point on its column with no piece between (the flying general defends the palace)",
        GeneralViewBlocked => "general-view-blocked":
            "4.1 general: a move's point is on the red general's column but a piece stands between, so the general does not attack it",
        ChariotAttacks => "chariot-attacks":
            "4.1 chariot: a chariot attacks a move's point on its row or column with no piece between",
        ChariotBlocked => "chariot-blocked":
            "4.1 chariot: a move's point is on a chariot's row or column but a piece stands between, so the chariot does not attack it",
        HorseAttacks => "horse-attacks":
            "4.1 horse: a move's point is a horse's (1,2) or (2,1) jump away and the leg point is empty, so the horse attacks it",
        HorseLegBlocked => "horse-leg-blocked":
            "4.1 horse: a move's point is a horse's jump away but a red piece stands on the leg point, so the horse does not attack it (the black general, now on the move's point, is never on the leg)",
        CannonAttacks => "cannon-attacks":
            "4.1 cannon: exactly one piece other than the red general stands between a cannon and a move's point on its row or column, so the cannon attacks it over that screen",
        CannonScreenIsRedGeneral => "cannon-screen-is-red-general":
            "4.1 cannon: the only piece between a cannon and a move's point is the red general, which serves as the screen like any piece",
        CannonNoScreen => "cannon-no-screen":
            "4.1 cannon: a move's point is on a cannon's row or column with no piece between, so the cannon does not attack it",
        CannonTwoScreens => "cannon-two-screens":
            "4.1 cannon: two or more pieces stand between a cannon and a move's point, so the cannon does not attack it",
        VacatedPointOpensLine => "vacated-point-opens-line":
            "4.2 step 3: a general, chariot or cannon attacks a move's point along a line through the black general's old point, which counts as empty after the move",
        VacatedScreenGone => "vacated-screen-gone":
            "4.2 step 3: a cannon's line to a move's point passes the black general's old point and nothing else, so the general that was its screen has left and the cannon does not attack",
        SafeMove => "safe-move":
            "4.2 steps 4-5: some move of the black general is attacked by no remaining red piece: answer NO",
        Checkmate => "checkmate":
            "4.2 step 5: every move of the black general inside the palace is attacked: answer YES",
    }
}

/// Occupancy only: the attack rule never asks who stands on a point.
#[derive(Clone)]
struct Board {
    occupied: [[bool; 10]; 11],
}

impl Board {
    fn new(points: impl IntoIterator<Item = Point>) -> Self {
        let mut occupied = [[false; 10]; 11];
        for (r, c) in points {
            occupied[r as usize][c as usize] = true;
        }
        Board { occupied }
    }

    fn at(&self, (r, c): (i32, i32)) -> bool {
        self.occupied[r as usize][c as usize]
    }

    fn set(&mut self, (r, c): Point, occupied: bool) {
        self.occupied[r as usize][c as usize] = occupied;
    }

    /// Pieces strictly between two points of one row or column.
    fn between(&self, p: (i32, i32), q: (i32, i32)) -> usize {
        let (dr, dc) = ((q.0 - p.0).signum(), (q.1 - p.1).signum());
        let mut n = 0;
        let mut cur = (p.0 + dr, p.1 + dc);
        while cur != q {
            n += usize::from(self.at(cur));
            cur = (cur.0 + dr, cur.1 + dc);
        }
        n
    }
}

fn signed((r, c): Point) -> (i32, i32) {
    (r as i32, c as i32)
}

/// Whether `x` lies strictly inside the segment from `p` to `q` of one row
/// or column.
fn strictly_between(p: (i32, i32), x: (i32, i32), q: (i32, i32)) -> bool {
    let inside = |a: i32, b: i32, v: i32| a.min(b) < v && v < a.max(b);
    (p.0 == q.0 && x.0 == p.0 && inside(p.1, q.1, x.1))
        || (p.1 == q.1 && x.1 == p.1 && inside(p.0, q.0, x.0))
}

/// The elements the engine's events are about ([`Observer::about`]),
/// named alike by the explanation's elements (`vary.rs`).
pub mod thing {
    use crate::game::Thing;

    /// The red piece on `(r, c)`.
    pub fn piece((r, c): (i32, i32)) -> Thing {
        let part = |v: i32| v.clamp(0, 0xffff) as u32;
        Thing {
            kind: 0,
            at: part(r) << 16 | part(c),
        }
    }

    /// The black general, wherever it stands.
    pub const BLACK: Thing = Thing { kind: 1, at: 0 };
}

/// Tells `obs` what the events that follow are about, where it listens
/// (inlined, so that the engine's own runs build nothing).
#[inline(always)]
fn about<O: Observer>(obs: &mut O, things: &[Thing]) {
    if O::LISTENING {
        obs.about(things);
    }
}

/// Points the attack test does not see as occupancy but the rule events
/// name: the red general (a possible cannon screen) and the black general's
/// old point once it has moved.
#[derive(Clone, Copy)]
struct Scene {
    general: (i32, i32),
    vacated: Option<(i32, i32)>,
}

/// Spec 4.1: does `piece` attack `target` on `board`?
fn attacks<O: Observer>(
    board: &Board,
    piece: Piece,
    target: Point,
    scene: Scene,
    obs: &mut O,
) -> bool {
    let p = signed(piece.at);
    let q = signed(target);
    // A piece on the target itself has been captured, unless a mistaken
    // run forgot to take it off its list of attackers.
    if p == q && !Mk::CapturedPieceStillAttacks.on(obs) {
        return false;
    }
    let aligned = p.0 == q.0 || p.1 == q.1;
    let through_vacated = scene.vacated.is_some_and(|v| strictly_between(p, v, q));
    let at = site(piece.kind, p, q);
    if matches!(piece.kind, Kind::Chariot | Kind::Cannon)
        && at & ctx::ROW != 0
        && Mk::RowAttacksMissed.on_in(obs, at)
    {
        return false;
    }
    match piece.kind {
        Kind::General if p.1 != q.1 || Mk::GeneralNeverDefends.on(obs) => false,
        Kind::Chariot if !aligned => false,
        Kind::General | Kind::Chariot => {
            straight_attacks(board, piece.kind, p, q, through_vacated, at, obs)
        }
        Kind::Cannon if !aligned => false,
        Kind::Cannon => cannon_attacks(board, p, q, scene, through_vacated, at, obs),
        Kind::Horse => horse_attacks(board, p, q, at, obs),
    }
}

/// Where a piece of `kind` on `p` stands against the point `q` it may
/// attack: its side, its kind and, for a horse, the shape of the jump.
fn site(kind: Kind, p: (i32, i32), q: (i32, i32)) -> Context {
    let side = |yes: bool, fact: Context| if yes { fact } else { 0 };
    let (dr, dc) = ((q.0 - p.0).abs(), (q.1 - p.1).abs());
    side(p.0 < q.0, ctx::ABOVE)
        | side(p.0 > q.0, ctx::BELOW)
        | side(p.1 < q.1, ctx::LEFT)
        | side(p.1 > q.1, ctx::RIGHT)
        | side((dr, dc) == (2, 1), ctx::TALL)
        | side((dr, dc) == (1, 2), ctx::WIDE)
        | side(dr == 0 && dc != 0, ctx::ROW)
        | side(dc == 0 && dr != 0, ctx::COLUMN)
        | kind_fact(kind)
}

fn kind_fact(kind: Kind) -> Context {
    match kind {
        Kind::General => ctx::GENERAL,
        Kind::Chariot => ctx::CHARIOT,
        Kind::Horse => ctx::HORSE,
        Kind::Cannon => ctx::CANNON,
    }
}

/// A general or chariot on the line of `q`: it attacks when nothing stands
/// between.
fn straight_attacks<O: Observer>(
    board: &Board,
    kind: Kind,
    p: (i32, i32),
    q: (i32, i32),
    through_vacated: bool,
    at: Context,
    obs: &mut O,
) -> bool {
    let side = at & ctx::SIDES;
    let open =
        board.between(p, q) == 0 || (kind == Kind::General && Mk::GeneralSeesThroughPieces.on(obs));
    match (kind, open) {
        (Kind::General, true) => Ev::GeneralAttacks.hit(obs),
        (Kind::General, false) => Ev::GeneralViewBlocked.hit(obs),
        (_, true) => Ev::ChariotAttacks.hit_in(obs, side),
        (_, false) => Ev::ChariotBlocked.hit_in(obs, side),
    }
    if open && through_vacated {
        Ev::VacatedPointOpensLine.hit_in(obs, side);
    }
    open
}

/// A cannon on the line of `q`: it attacks over exactly one screen.
fn cannon_attacks<O: Observer>(
    board: &Board,
    p: (i32, i32),
    q: (i32, i32),
    scene: Scene,
    through_vacated: bool,
    at: Context,
    obs: &mut O,
) -> bool {
    let screens = board.between(p, q)
        + usize::from(Mk::VacatedPointStillScreens.on(obs) && through_vacated)
        - usize::from(Mk::RedGeneralNeverScreens.on(obs) && strictly_between(p, scene.general, q));
    let side = at & ctx::SIDES;
    match screens {
        0 => {
            Ev::CannonNoScreen.hit_in(obs, side);
            if through_vacated {
                Ev::VacatedScreenGone.hit_in(obs, side);
            }
            Mk::CannonWithoutScreen.on_in(obs, at)
        }
        1 => {
            // With one piece between, the general is the screen
            // exactly when it lies between.
            if strictly_between(p, scene.general, q) {
                Ev::CannonScreenIsRedGeneral.hit_in(obs, side);
            } else {
                Ev::CannonAttacks.hit_in(obs, side);
            }
            if through_vacated {
                Ev::VacatedPointOpensLine.hit_in(obs, side);
            }
            true
        }
        _ => {
            Ev::CannonTwoScreens.hit_in(obs, side);
            Mk::CannonOverManyScreens.on_in(obs, at)
        }
    }
}

/// A horse attacks a point one jump away whose leg point is empty.
fn horse_attacks<O: Observer>(
    board: &Board,
    p: (i32, i32),
    q: (i32, i32),
    at: Context,
    obs: &mut O,
) -> bool {
    let (dr, dc) = (q.0 - p.0, q.1 - p.1);
    // One step from the horse along the long side of its jump.
    let step = match (dr.abs(), dc.abs()) {
        (2, 1) => (dr / 2, 0),
        (1, 2) => (0, dc / 2),
        _ => return false,
    };
    let leg = if Mk::HorseLegBesideTarget.on_in(obs, at) {
        (q.0 - step.0, q.1 - step.1)
    } else if Mk::HorseLegSideways.on_in(obs, at) {
        // Beside the horse along the short side of the jump.
        (q.0 - 2 * step.0, q.1 - 2 * step.1)
    } else {
        (p.0 + step.0, p.1 + step.1)
    };
    let free = Mk::HorseLegIgnored.on_in(obs, at) || !board.at(leg);
    about(obs, &[thing::piece(p), thing::piece(leg), thing::BLACK]);
    if free {
        Ev::HorseAttacks.hit_in(obs, at & ctx::JUMP);
    } else {
        Ev::HorseLegBlocked.hit_in(obs, at & ctx::JUMP);
    }
    free
}

fn red_general(case: &Case) -> Option<&Piece> {
    case.red.iter().find(|p| p.kind == Kind::General)
}

/// Spec 3.7: some red piece attacks the black general where it stands.
pub fn in_check(case: &Case) -> bool {
    let board = Board::new(case.red.iter().map(|p| p.at).chain([case.black]));
    let scene = Scene {
        // Off the board when the file has no red general, which the
        // validator reports before asking.
        general: red_general(case).map_or((0, 0), |g| signed(g.at)),
        vacated: None,
    };
    case.red
        .iter()
        .any(|&p| attacks(&board, p, case.black, scene, &mut ()))
}

/// Spec 4.2 for every case of a valid file.
pub fn solve<O: Observer>(
    input: &Input,
    budget: &mut Budget,
    obs: &mut O,
) -> Result<Output, Fault> {
    // A mistaken run's flag that some case escaped, never cleared.
    let mut escaped = false;
    // A mistaken run's pieces of earlier cases: those its board kept on
    // row 10, and those its list of pieces kept.
    let mut row_ten: Vec<Piece> = Vec::new();
    let mut listed: Vec<Piece> = Vec::new();
    input
        .cases
        .iter()
        .enumerate()
        .map(|(i, c)| {
            obs.enter(ctx::CASE, ctx::case(i));
            let mate = if O::BENDING {
                let mut case = c.clone();
                if Mk::LastRowNotCleared.on(obs) {
                    row_ten.retain(|old| c.red.iter().all(|p| p.at != old.at));
                    case.red.extend(row_ten.iter().copied());
                    row_ten.extend(c.red.iter().filter(|p| p.at.0 == 10).copied());
                }
                let ghosts = if Mk::PieceCountNotReset.on(obs) {
                    &listed[..]
                } else {
                    &[]
                };
                let mate = checkmated_among(&case, ghosts, budget, obs)?;
                listed.extend(c.red.iter().copied());
                mate
            } else {
                checkmated(c, budget, obs)?
            };
            escaped |= Mk::EscapeFlagNotReset.on(obs) && !mate;
            Ok(mate && !escaped)
        })
        .collect()
}

/// How often each rule decides something over the whole file.
pub fn rule_hits(input: &Input) -> Vec<u64> {
    let mut hits = vec![0; Ev::RULES.len()];
    observe(input, &mut hits);
    hits
}

/// The engine's run over the whole file, its events told to `obs`.
pub fn observe<O: Observer>(input: &Input, obs: &mut O) {
    solve(input, &mut Budget::new(u64::MAX), obs).expect("an unlimited budget never runs out");
}

/// Spec 4.2 for one valid case.
pub fn checkmated<O: Observer>(
    case: &Case,
    budget: &mut Budget,
    obs: &mut O,
) -> Result<bool, Fault> {
    checkmated_among(case, &[], budget, obs)
}

/// [`checkmated`] with `ghosts`, pieces a mistaken run still lists from
/// earlier cases: they attack, but stand on no point of its board.
fn checkmated_among<O: Observer>(
    case: &Case,
    ghosts: &[Piece],
    budget: &mut Budget,
    obs: &mut O,
) -> Result<bool, Fault> {
    let Some(scene) = scene_after_facing(case, obs) else {
        return Ok(false);
    };
    // The moves a mistaken run tried before, which it may not have undone.
    let mut tried = Vec::new();
    let moves = Moves {
        case,
        ghosts,
        scene,
    };
    for to in neighbours(case.black) {
        if escapes(moves, to, &mut tried, budget, obs)? {
            return Ok(false);
        }
        if Mk::FirstAttackedMoveEndsScan.on(obs) && in_black_palace(to) {
            break;
        }
    }
    if Mk::DiagonalMoves.on(obs) {
        for to in diagonal_neighbours(case.black) {
            if escapes(moves, to, &mut tried, budget, obs)? {
                return Ok(false);
            }
        }
    }
    about(obs, &[thing::BLACK]);
    Ev::Checkmate.hit(obs);
    Ok(true)
}

/// What every move of one case is tested against.
#[derive(Clone, Copy)]
struct Moves<'a> {
    case: &'a Case,
    ghosts: &'a [Piece],
    scene: Scene,
}

/// Spec 4.2 steps 2-4 for the move to `to`: whether it is safe.
fn escapes<O: Observer>(
    moves: Moves<'_>,
    to: Point,
    tried: &mut Vec<Point>,
    budget: &mut Budget,
    obs: &mut O,
) -> Result<bool, Fault> {
    budget.step()?;
    if !attacked(moves, to, tried, budget, obs, |_, _, _| {})? {
        about(obs, &[thing::BLACK]);
        Ev::SafeMove.hit_in(obs, heading(moves.case.black, to));
        return Ok(true);
    }
    if O::BENDING && in_black_palace(to) {
        tried.push(to);
    }
    Ok(false)
}

/// Spec 4.2 step 1: `None` when the generals face each other (black
/// captures), else what the attack tests of the moves need to know.
fn scene_after_facing<O: Observer>(case: &Case, obs: &mut O) -> Option<Scene> {
    let general = red_general(case).expect("a valid case has a red general");
    if general.at.1 == case.black.1 {
        let board = Board::new(case.red.iter().map(|p| p.at).chain([case.black]));
        let (g, b) = (signed(general.at), signed(case.black));
        about(obs, &[thing::piece(g), thing::BLACK]);
        let between = if Mk::FacingCountsWholeColumn.on(obs) {
            (1..=10)
                .filter(|&r| r != g.0 && r != b.0 && board.at((r, g.1)))
                .count()
        } else {
            let beyond = |rows: std::ops::RangeInclusive<i32>, fact: Context, obs: &O| {
                if Mk::FacingCountsWholeColumn.on_in(obs, fact) {
                    rows.filter(|&r| board.at((r, g.1))).count()
                } else {
                    0
                }
            };
            board.between(g, b)
                - usize::from(Mk::FacingScanStopsShort.on(obs) && board.at((g.0 - 1, g.1)))
                + beyond(1..=b.0 - 1, ctx::ABOVE_BLACK, obs)
                + beyond(g.0 + 1..=10, ctx::BELOW_RED, obs)
        };
        if between == 0 && !Mk::FacingGeneralsIgnored.on(obs) {
            Ev::FacingGenerals.hit(obs);
            return None;
        }
        Ev::GeneralsFileBlocked.hit(obs);
    }
    Some(Scene {
        general: signed(general.at),
        vacated: Some(signed(case.black)),
    })
}

/// The direction of the black general's move from `from` to `to`.
fn heading(from: Point, to: Point) -> Context {
    let side = |yes: bool, fact: Context| if yes { fact } else { 0 };
    side(to.0 < from.0, ctx::MOVE_UP)
        | side(to.0 > from.0, ctx::MOVE_DOWN)
        | side(to.1 < from.1, ctx::MOVE_LEFT)
        | side(to.1 > from.1, ctx::MOVE_RIGHT)
}

/// The empty points a program that paints attacked points into its board
/// marks for `piece` (the occupied ones keep their piece): a chariot's
/// lines up to the first piece, a cannon's past its screen up to the next,
/// the general's column upwards, a horse's jumps over free legs.
fn marked(board: &Board, piece: Piece) -> Vec<Point> {
    let p = signed(piece.at);
    let on = |(r, c): (i32, i32)| (1..=10).contains(&r) && (1..=9).contains(&c);
    let mut points = Vec::new();
    let ray = |(dr, dc): (i32, i32), screens: usize, points: &mut Vec<(i32, i32)>| {
        let mut seen = 0;
        let mut cur = (p.0 + dr, p.1 + dc);
        while on(cur) {
            let full = board.at(cur);
            if full {
                seen += 1;
                if seen > screens {
                    break;
                }
            } else if seen == screens {
                points.push(cur);
            }
            cur = (cur.0 + dr, cur.1 + dc);
        }
    };
    const LINES: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
    match piece.kind {
        Kind::Chariot => LINES.iter().for_each(|&d| ray(d, 0, &mut points)),
        Kind::Cannon => LINES.iter().for_each(|&d| ray(d, 1, &mut points)),
        Kind::General => ray((-1, 0), 0, &mut points),
        Kind::Horse => {
            for (dr, dc) in LINES {
                let leg = (p.0 + dr, p.1 + dc);
                if !on(leg) || board.at(leg) {
                    continue;
                }
                let far = (p.0 + 2 * dr, p.1 + 2 * dc);
                for side in [1, -1] {
                    let jump = (far.0 + side * dc, far.1 + side * dr);
                    if on(jump) && !board.at(jump) {
                        points.push(jump);
                    }
                }
            }
        }
    }
    points
        .into_iter()
        .map(|(r, c)| (r as u32, c as u32))
        .collect()
}

/// The four points next to the black general, in the order they are tried.
fn neighbours((br, bc): Point) -> [Point; 4] {
    [(br - 1, bc), (br + 1, bc), (br, bc - 1), (br, bc + 1)]
}

/// The four diagonal points, which are no moves of a general.
fn diagonal_neighbours((br, bc): Point) -> [Point; 4] {
    [
        (br - 1, bc - 1),
        (br - 1, bc + 1),
        (br + 1, bc - 1),
        (br + 1, bc + 1),
    ]
}

/// Spec 4.2 steps 2-4 for the move to `to`: whether it is no move (off
/// the palace) or attacked by a remaining red piece. `each` sees every
/// remaining piece's verdict with the observer its events went to.
fn attacked<O: Observer>(
    moves: Moves<'_>,
    to: Point,
    tried: &[Point],
    budget: &mut Budget,
    obs: &mut O,
    mut each: impl FnMut(Piece, bool, &mut O),
) -> Result<bool, Fault> {
    let Moves {
        case,
        ghosts,
        scene,
    } = moves;
    let palace = if Mk::PalaceBoundsShiftedOne.on(obs) {
        (2..=4).contains(&to.0) && (5..=7).contains(&to.1)
    } else {
        in_black_palace(to)
            || (Mk::MovesLeavePalace.on_in(obs, heading(case.black, to)) && on_board(to))
            || (Mk::PalaceFourRows.on(obs) && to.0 == 4)
    };
    let towards = heading(case.black, to);
    if !palace {
        about(obs, &[thing::BLACK]);
        Ev::MoveOffPalace.hit_in(obs, towards);
        return Ok(true);
    }
    let remaining: Vec<Piece> = case
        .red
        .iter()
        .copied()
        .filter(|p| p.at != to || Mk::CapturedPieceStillAttacks.on(obs))
        .collect();
    let captures = remaining.len() < case.red.len();
    let mut after = Board::new(remaining.iter().map(|p| p.at).chain([to]));
    for &t in tried {
        if Mk::MovedGeneralNotCleared.on(obs) {
            after.set(t, true);
        }
        if Mk::CaptureNotUndone.on(obs) && case.red.iter().any(|p| p.at == t) {
            after.set(t, false);
        }
    }
    // The board before the black general left its old point, which a
    // mistaken run may test some pieces on.
    let mut before = None;
    if O::BENDING {
        let mut board = after.clone();
        board.set(case.black, true);
        if Mk::TestedBeforeLeaving.on(obs) {
            after = board.clone();
        }
        before = Some(board);
    }
    if Mk::FacingAfterMoveSafe.on(obs)
        && scene.general.1 == to.1 as i32
        && after.between(scene.general, signed(to)) == 0
    {
        // Taken for black capturing first, as in step 1.
        return Ok(false);
    }
    let marking = Mk::AttackMarksBlockLines.on(obs);
    let mut attacked = false;
    let ghosts = ghosts.iter().filter(|p| p.at != to);
    for &p in remaining.iter().chain(ghosts) {
        budget.step()?;
        let board = match &before {
            Some(b) if Mk::TestedBeforeLeaving.on_in(obs, kind_fact(p.kind)) => b,
            _ => &after,
        };
        about(obs, &[thing::piece(signed(p.at)), thing::BLACK]);
        let hit = attacks(board, p, to, scene, obs);
        each(p, hit, obs);
        attacked |= hit;
        if marking {
            if hit {
                break;
            }
            for point in marked(&after, p) {
                after.set(point, true);
                if let Some(b) = before.as_mut() {
                    b.set(point, true);
                }
            }
        }
    }
    about(obs, &[thing::piece(signed(to)), thing::BLACK]);
    match (captures, attacked) {
        (true, true) => Ev::CaptureDefended.hit_in(obs, towards),
        (true, false) => Ev::CaptureSafe.hit_in(obs, towards),
        _ => {}
    }
    Ok(attacked)
}

/// One move of the black general as the engine judges it, for a picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveCheck {
    pub to: Point,
    /// Inside the palace, so a move at all.
    pub in_palace: bool,
    /// Each remaining red piece whose attack test applied a rule, whether
    /// it attacks `to`, and the names of the rules (`horse-leg-blocked`).
    pub tests: Vec<(Piece, bool, Vec<&'static str>)>,
}

impl MoveCheck {
    pub fn attacked(&self) -> bool {
        self.tests.iter().any(|t| t.1)
    }
}

/// Every move of the black general with every red piece's verdict on it,
/// all four tried even after a safe one; `None` when the generals face
/// each other. The same attack test as [`checkmated`], only watched.
pub fn examine(case: &Case) -> Option<Vec<MoveCheck>> {
    let mut events = Events::default();
    let scene = scene_after_facing(case, &mut events)?;
    let mut budget = Budget::new(u64::MAX);
    let moves = neighbours(case.black)
        .into_iter()
        .map(|to| {
            let mut tests = Vec::new();
            events.0.clear();
            attacked(
                Moves {
                    case,
                    ghosts: &[],
                    scene,
                },
                to,
                &[],
                &mut budget,
                &mut events,
                |p, hit, ev| {
                    if !ev.0.is_empty() {
                        tests.push((p, hit, ev.0.iter().map(|&i| Ev::RULES[i].name).collect()));
                    }
                    ev.0.clear();
                },
            )
            .expect("an unlimited budget never runs out");
            MoveCheck {
                to,
                in_palace: in_black_palace(to),
                tests,
            }
        })
        .collect();
    Some(moves)
}

/// The rule events of one attack test, in order.
#[derive(Default)]
struct Events(Vec<usize>);

impl Observer for Events {
    fn hit(&mut self, rule: usize) {
        self.0.push(rule);
    }
}
