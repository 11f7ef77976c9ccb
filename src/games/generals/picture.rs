//! The board of a case: owner and count per cell, castles marked, before
//! and after the round where the solvers part, or when the game ends.
//! Boards are played with the engine's [`Board`], so a picture shows the
//! engine's view of every move.

use super::engine::{Board, Player};
use super::model::{Case, Input, Outcome};
use super::trace::describe;
use super::Generals;
use crate::game::GameFocus;
use crate::picture::{answers_line, Arrow, ArrowKind, Mark, Parts, Picture};

/// Boards with more rows or columns than this are summed up, not drawn.
pub const MAX_SIDE: u32 = 30;

/// The cases where the solvers part (or the first ones when none do).
pub fn pictures(input: &Input, focus: &GameFocus<'_, Generals>) -> Vec<Picture> {
    let n = input.cases.len();
    let pick = focus.pick_cases::<Outcome>(n);
    let mut pictures = Vec::new();
    for &i in &pick.shown {
        let answers = answers_line(&focus.case_answers::<Outcome>(i), |o| {
            format!("{} {} {}", o.verdict.line(), o.alice, o.bob)
        });
        let case = &input.cases[i];
        let round = focus.parts.and_then(|parts| parting_round(case, parts));
        let caption = |when: &str| format!("case {} of {n}, {when}: {answers}", i + 1);
        pictures.extend(case_pictures(case, caption, round));
    }
    if let (Some(last), Some(note)) = (pictures.last_mut(), pick.left_note("case")) {
        last.notes.push(note);
    }
    pictures
}

/// The case cut to its first `rounds` rounds: a valid input, since every
/// move it keeps was legal where it stood.
fn prefix(case: &Case, rounds: usize) -> Input {
    let mut c = case.clone();
    c.moves.truncate(2 * rounds);
    Input { cases: vec![c] }
}

/// The round k such that the solvers agree on the first k - 1 rounds of
/// the case and part on the first k, by bisection; `None` when they do not
/// part on the case alone.
fn parting_round(case: &Case, parts: Parts<'_, Input>) -> Option<usize> {
    let q = case.rounds();
    if !parts(&prefix(case, q)) {
        return None;
    }
    if parts(&prefix(case, 1)) {
        return Some(1);
    }
    // Agreement on `lo` rounds, disagreement on `hi`.
    let (mut lo, mut hi) = (1, q);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if parts(&prefix(case, mid)) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

/// One executed move line: where soldiers left and arrived, and the
/// trace's account of it.
struct Step {
    source: usize,
    target: usize,
    text: String,
}

/// The board after the first `lines` move lines, or after the move that
/// ends the game if one comes first, with the steps of lines `from..`, and
/// how many lines were executed when the game ended.
fn replay(case: &Case, lines: usize, from: usize) -> (Board, Vec<Step>, Option<usize>) {
    let mut board = Board::new(case);
    let mut steps = Vec::new();
    for (i, mv) in case.moves.iter().enumerate().take(lines) {
        let (source, _) = board.locate(mv).expect("a valid move is on the board");
        let shift = board
            .play(Player::of_line(i), mv, &mut ())
            .expect("a valid input has only legal moves");
        if i >= from {
            steps.push(Step {
                source,
                target: shift.target,
                text: describe(case, i, &board, &shift),
            });
        }
        if shift.won {
            return (board, steps, Some(i + 1));
        }
    }
    (board, steps, None)
}

/// The pictures of one case: before and after the parting round, or the
/// end of the game when there is none.
fn case_pictures(
    case: &Case,
    caption: impl Fn(&str) -> String,
    round: Option<usize>,
) -> Vec<Picture> {
    let Some(k) = round else {
        let (board, _, ended) = replay(case, case.moves.len(), usize::MAX);
        let when = match ended {
            Some(j) => format!("game over after move line {j}"),
            None => format!("after all {} rounds", case.rounds()),
        };
        return vec![draw(case, &board, &[], caption(&when))];
    };
    let first = 2 * (k - 1);
    let (before, _, ended) = replay(case, first, usize::MAX);
    let parting = match k {
        1 => "the solvers part on round 1 already".to_string(),
        _ => format!(
            "the solvers agree on the first {} round(s) and part once round {k} is played",
            k - 1
        ),
    };
    if let Some(j) = ended {
        let mut p = draw(
            case,
            &before,
            &[],
            caption(&format!("game over after move line {j}")),
        );
        p.notes.push(parting);
        p.notes.push(format!(
            "the game ended at move line {j}: by the rules round {k} is read and ignored"
        ));
        return vec![p];
    }
    let (after, steps, _) = replay(case, first + 2, first);
    let mut p = draw(case, &before, &[], caption(&format!("before round {k}")));
    p.notes.push(parting);
    let mut q = draw(case, &after, &steps, caption(&format!("after round {k}")));
    q.notes
        .extend(steps.iter().map(|s| s.text.trim().to_string()));
    vec![p, q]
}

/// A count in at most five characters: exact below 10000.
fn compact(c: i64) -> String {
    if c < 10_000 {
        c.to_string()
    } else if c < 10_000_000 {
        format!("{}k", c / 1_000)
    } else {
        format!("{}M", c / 1_000_000)
    }
}

/// The board as a grid, or summed up in notes when it is too large; the
/// cells of `steps` marked as moved, with an arrow each.
fn draw(case: &Case, board: &Board, steps: &[Step], caption: String) -> Picture {
    let players = [Player::Alice, Player::Bob];
    let mut totals = [(0usize, 0i64); 2];
    for cell in 0..board.n * board.m {
        for p in players {
            let c = board.own(p, cell);
            if c > 0 {
                totals[p.index()].0 += 1;
                totals[p.index()].1 += c;
            }
        }
    }
    let summary: Vec<String> = players
        .iter()
        .map(|&p| {
            let (x, y) = board.coords(board.castles[p.index()]);
            let (cells, soldiers) = totals[p.index()];
            let castle = match board.own(p, board.castles[p.index()]) {
                0 => "lost".to_string(),
                c => format!("holds {c}"),
            };
            format!(
                "{}: castle ({x}, {y}) {castle}, {cells} cell(s), {soldiers} soldier(s)",
                p.name(),
            )
        })
        .collect();
    let mut pic = if case.n > MAX_SIDE || case.m > MAX_SIDE {
        let mut pic = Picture::new(caption, 0, 0);
        pic.notes.push(format!(
            "{}x{} board, too large to draw (more than {MAX_SIDE} rows or columns)",
            case.n, case.m
        ));
        pic
    } else {
        grid(board, steps, caption)
    };
    pic.notes.push(summary.join("; "));
    pic
}

fn grid(board: &Board, steps: &[Step], caption: String) -> Picture {
    let mut pic = Picture::new(caption, board.n, board.m);
    pic.row_labels = (1..=board.n).map(|r| r.to_string()).collect();
    pic.col_labels = (1..=board.m).map(|c| c.to_string()).collect();
    pic.sides = vec!["Alice (A)".into(), "Bob (B)".into()];
    let at = |cell: usize| (cell / board.m, cell % board.m);
    for cell in 0..board.n * board.m {
        let (r, c) = at(cell);
        let out = pic.cell_mut(r, c);
        for p in [Player::Alice, Player::Bob] {
            let count = board.own(p, cell);
            if count > 0 {
                out.label = format!("{}{}", &p.name()[..1], compact(count));
                out.owner = Some(p.index());
            }
        }
        if board.castles.contains(&cell) {
            out.marks.push(Mark::Castle);
        }
    }
    for s in steps {
        for cell in [s.source, s.target] {
            let (r, c) = at(cell);
            let marks = &mut pic.cell_mut(r, c).marks;
            if !marks.contains(&Mark::Moved) {
                marks.push(Mark::Moved);
            }
        }
        pic.arrows.push(Arrow {
            from: at(s.source),
            to: at(s.target),
            kind: ArrowKind::Move,
        });
    }
    pic.notes
        .push("A, B: Alice's and Bob's soldiers (k thousands, M millions)".into());
    pic
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{parse_valid, Game};
    use crate::picture::Focus;

    fn sample() -> Input {
        parse_valid::<Generals>(Generals::SAMPLE).unwrap()
    }

    #[test]
    fn the_end_of_the_sample_shows_owner_count_and_castle_per_cell() {
        let input = sample();
        let out = Generals::solve(&input, &mut crate::fault::Budget::new(u64::MAX)).unwrap();
        let pictures = pictures(&input, &Focus::single("engine", Some(&out)));
        assert_eq!(pictures.len(), 1);
        let p = &pictures[0];
        assert_eq!(
            p.caption,
            "case 1 of 1, game over after move line 8: engine Bob wins!! 1 8"
        );
        assert_eq!(p.grid_rows(), vec!["B1# B1 .", "A1 B1 .", ". B1 B4#"]);
        assert_eq!(p.cell(0, 0).owner, Some(Player::Bob.index()));
        assert_eq!(p.cell(1, 0).owner, Some(Player::Alice.index()));
        assert_eq!(p.cell(2, 0).owner, None);
        assert!(p
            .notes
            .iter()
            .any(|n| n.starts_with("Alice: castle (1, 1) lost")));
    }

    #[test]
    fn the_parting_round_is_found_and_drawn_before_and_after() {
        let input = sample();
        let parts = |i: &Input| i.cases[0].rounds() >= 3;
        let focus = Focus {
            answers: vec![("engine".into(), None), ("cmd:x".into(), None)],
            parts: Some(&parts),
        };
        let pictures = pictures(&input, &focus);
        assert_eq!(pictures.len(), 2);
        assert_eq!(
            pictures[0].caption,
            "case 1 of 1, before round 3: engine -, cmd:x -"
        );
        // Moves 5 (Alice `1 1 R`) and 6 (Bob `2 2 U`) are round 3.
        let after = &pictures[1];
        assert_eq!(after.grid_rows(), vec!["A1#* B3* .", ". B1* .", ". B1 B3#"]);
        let moved: Vec<(usize, usize)> = (0..3)
            .flat_map(|r| (0..3).map(move |c| (r, c)))
            .filter(|&(r, c)| after.cell(r, c).marks.contains(&Mark::Moved))
            .collect();
        assert_eq!(moved, vec![(0, 0), (0, 1), (1, 1)]);
        let arrows: Vec<_> = after.arrows.iter().map(|a| (a.from, a.to)).collect();
        assert_eq!(arrows, vec![((0, 0), (0, 1)), ((1, 1), (0, 1))]);
        assert!(pictures[0]
            .notes
            .iter()
            .any(|n| n.contains("first 2 round(s)")));
        assert!(pictures[0]
            .cells
            .iter()
            .all(|c| !c.marks.contains(&Mark::Moved)));
    }

    #[test]
    fn bisection_finds_a_round_where_agreement_turns_into_parting() {
        let case = &sample().cases[0];
        for k in 1..=4 {
            let parts = move |i: &Input| i.cases[0].rounds() >= k;
            assert_eq!(parting_round(case, &parts), Some(k));
        }
        assert_eq!(parting_round(case, &|_: &Input| false), None);
    }

    #[test]
    fn a_board_beyond_thirty_rows_is_summed_up() {
        let text = "1\n31 2\n1 1 5\n31 2 5\n1\n1 1 D\n31 2 U\n";
        let input = parse_valid::<Generals>(text).unwrap();
        let p = &pictures(&input, &Focus::single("engine", None))[0];
        assert_eq!((p.rows, p.cols), (0, 0));
        assert!(p.notes[0].starts_with("31x2 board, too large to draw"));
        assert!(p.notes[1].contains("Alice: castle (1, 1) holds 1, 2 cell(s), 6 soldier(s)"));
        assert_eq!(compact(2_147_483_647), "2147M");
        assert_eq!(
            (compact(9_999), compact(10_000)),
            ("9999".into(), "10k".into())
        );
    }
}
