//! The board of a case: every piece, both palaces, and each move of the
//! black general with the red pieces that attack it, as the engine's
//! attack test ([`engine::examine`]) judges them.

use super::engine::{self, MoveCheck};
use super::model::{in_black_palace, in_red_palace, on_board, Case, Input, Kind, Piece, Point};
use super::Xiangqi;
use crate::game::GameFocus;
use crate::picture::{answers_line, Arrow, ArrowKind, Mark, Picture};

const RED: usize = 0;
const BLACK: usize = 1;

/// The cases where the solvers part (or the first ones when none do).
pub fn pictures(input: &Input, focus: &GameFocus<'_, Xiangqi>) -> Vec<Picture> {
    let n = input.cases.len();
    let pick = focus.pick_cases::<bool>(n);
    let mut pictures: Vec<Picture> = pick
        .shown
        .iter()
        .map(|&i| {
            let answers = answers_line(&focus.case_answers::<bool>(i), |&yes| {
                if yes { "YES" } else { "NO" }.to_string()
            });
            board(&input.cases[i], format!("case {} of {n}: {answers}", i + 1))
        })
        .collect();
    if let (Some(last), Some(note)) = (pictures.last_mut(), pick.left_note("case")) {
        last.notes.push(note);
    }
    pictures
}

/// A picture's row and column of a board point.
fn grid((r, c): Point) -> (usize, usize) {
    (r as usize - 1, c as usize - 1)
}

fn name(p: &Piece) -> String {
    format!("{}({},{})", p.kind.letter(), p.at.0, p.at.1)
}

/// One valid case.
pub fn board(case: &Case, caption: String) -> Picture {
    let mut p = Picture::new(caption, 10, 9);
    p.row_labels = (1..=10).map(|r| r.to_string()).collect();
    p.col_labels = (1..=9).map(|c| c.to_string()).collect();
    p.sides = vec!["red".into(), "black".into()];
    for r in 1..=10 {
        for c in 1..=9 {
            if in_black_palace((r, c)) || in_red_palace((r, c)) {
                p.cell_mut(r as usize - 1, c as usize - 1)
                    .marks
                    .push(Mark::Palace);
            }
        }
    }
    for piece in &case.red {
        let (r, c) = grid(piece.at);
        let cell = p.cell_mut(r, c);
        cell.label = piece.kind.letter().to_string();
        cell.owner = Some(RED);
    }
    let (r, c) = grid(case.black);
    p.cell_mut(r, c).label = "g".into();
    p.cell_mut(r, c).owner = Some(BLACK);
    p.notes
        .push("G R H C: red general, chariot, horse, cannon; g: the black general".into());
    match engine::examine(case) {
        None => {
            let general = case.red.iter().find(|p| p.kind == Kind::General);
            let col = general.map_or(case.black.1, |g| g.at.1);
            p.notes.push(format!(
                "the generals face each other on column {col} with nothing between: \
                 black captures the red general, so no checkmate"
            ));
        }
        Some(moves) => draw_moves(&mut p, case, &moves),
    }
    p
}

/// Marks each move safe or attacked, with an arrow from each attacker, and
/// a note per move naming the rules that decided it.
fn draw_moves(p: &mut Picture, case: &Case, moves: &[MoveCheck]) {
    let mut off = Vec::new();
    for m in moves {
        let at = format!("({},{})", m.to.0, m.to.1);
        if !m.in_palace {
            if on_board(m.to) {
                off.push(at);
            }
            continue;
        }
        let captured = case.red.iter().find(|r| r.at == m.to);
        let to = grid(m.to);
        let mark = if m.attacked() {
            Mark::Attacked
        } else {
            Mark::Safe
        };
        p.cell_mut(to.0, to.1).marks.push(mark);
        let mut by = Vec::new();
        let mut spared = Vec::new();
        for (piece, hit, rules) in &m.tests {
            let line = format!("{} {}", name(piece), rules.join(" "));
            if *hit {
                by.push(line);
                p.arrows.push(Arrow {
                    from: grid(piece.at),
                    to,
                    kind: ArrowKind::Attack,
                });
            } else {
                spared.push(line);
            }
        }
        let mut note = format!("move to {at}");
        if let Some(r) = captured {
            note += &format!(" capturing {}", r.kind.letter());
        }
        if by.is_empty() {
            note += ": safe";
        } else {
            note += &format!(": attacked by {}", by.join(", "));
        }
        if !spared.is_empty() {
            note += &format!("; not by {}", spared.join(", "));
        }
        p.notes.push(note);
    }
    if !off.is_empty() {
        p.notes
            .push(format!("off the palace, not moves: {}", off.join(" ")));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fault::Budget;
    use crate::game::{generate_case, parse_valid, Game};
    use crate::picture::Focus;

    fn case(text: &str) -> Case {
        parse_valid::<Xiangqi>(text).unwrap().cases.remove(0)
    }

    fn labels(p: &Picture, row: usize) -> String {
        p.grid_rows()[row].clone()
    }

    #[test]
    fn a_blocked_horse_leg_spares_its_point_and_the_board_shows_every_piece() {
        // The cannon on (3,4) blocks the leg of the horse's jump to (2,5);
        // the chariot gives check.
        let c = case("4 1 5\nG 10 6\nC 3 4\nH 4 4\nR 5 5\n\n0 0 0\n");
        let p = board(&c, "test".into());
        assert_eq!(labels(&p, 0), ". . . o g x . . .");
        assert_eq!(labels(&p, 1), ". . . : x : . . .");
        assert_eq!(labels(&p, 2), ". . . C : : . . .");
        assert_eq!(labels(&p, 3), ". . . H . . . . .");
        assert_eq!(labels(&p, 4), ". . . . R . . . .");
        assert_eq!(labels(&p, 9), ". . . : : G . . .");
        assert_eq!(p.cell(3, 3).owner, Some(RED));
        assert_eq!(p.cell(0, 4).owner, Some(BLACK));
        assert!(p.cell(1, 4).marks.contains(&Mark::Palace));
        assert!(p.cell(1, 4).marks.contains(&Mark::Attacked));
        assert!(p.cell(0, 3).marks.contains(&Mark::Safe));
        let attack = |from, to| Arrow {
            from,
            to,
            kind: ArrowKind::Attack,
        };
        assert_eq!(
            p.arrows,
            vec![attack((4, 4), (1, 4)), attack((9, 5), (0, 5))]
        );
        let notes = p.notes.join("\n");
        assert!(
            notes.contains(
                "move to (2,5): attacked by R(5,5) chariot-attacks; not by H(4,4) horse-leg-blocked"
            ),
            "{notes}"
        );
        assert!(notes.contains("move to (1,6): attacked by G(10,6) general-attacks"));
        assert!(notes.contains("move to (1,4): safe; not by C(3,4) cannon-no-screen"));
        // (0,5) is off the board, not a point worth naming.
        assert!(!notes.contains("(0,5)"), "{notes}");
    }

    #[test]
    fn a_capture_is_named_and_facing_generals_draw_no_moves() {
        let c = case("3 1 5\nR 2 5\nR 1 9\nG 10 5\n\n0 0 0\n");
        let p = board(&c, "test".into());
        assert_eq!(p.cell(1, 4).text(), "Rx");
        let notes = p.notes.join("\n");
        assert!(
            notes.contains("move to (2,5) capturing R: attacked by G(10,5)"),
            "{notes}"
        );
        let c = case("2 1 5\nG 10 5\nR 3 1\n\n0 0 0\n");
        let p = board(&c, "test".into());
        assert!(
            p.cells
                .iter()
                .all(|cell| !cell.marks.contains(&Mark::Safe)
                    && !cell.marks.contains(&Mark::Attacked))
        );
        assert!(p
            .notes
            .iter()
            .any(|n| n.contains("face each other on column 5")));
    }

    #[test]
    fn only_the_cases_where_the_solvers_part_are_drawn() {
        let input = parse_valid::<Xiangqi>(Xiangqi::SAMPLE).unwrap();
        let (engine, other) = (vec![true, false], vec![true, true]);
        let focus = Focus {
            answers: vec![
                ("engine".into(), Some(&engine)),
                ("cmd:x".into(), Some(&other)),
            ],
            parts: None,
        };
        let pictures = pictures(&input, &focus);
        assert_eq!(pictures.len(), 1);
        assert_eq!(pictures[0].caption, "case 2 of 2: engine NO, cmd:x YES");
        assert_eq!(pictures[0].cell(3, 4).text(), "H");
    }

    /// The watched attack test is the engine's: a case is checkmate exactly
    /// when every move inside the palace is drawn attacked.
    #[test]
    fn examined_moves_agree_with_the_engine_on_generated_cases() {
        for profile in Xiangqi::PROFILES {
            for seed in 0..40 {
                let (input, _) = generate_case::<Xiangqi>(seed, profile.name);
                for c in &input.cases {
                    let mate = engine::checkmated(c, &mut Budget::new(u64::MAX), &mut ()).unwrap();
                    let drawn = engine::examine(c)
                        .is_some_and(|ms| ms.iter().all(|m| !m.in_palace || m.attacked()));
                    assert_eq!(drawn, mate, "{c:?}");
                }
            }
        }
    }
}
