//! The board of a game: squares 1 to 100 in rows of ten, chutes, ladders
//! and special squares marked, and each player's square when the game
//! ends, as the engine plays it ([`engine::end_squares`]).

use super::engine;
use super::model::{Board, Input};
use super::Chutes;
use crate::game::GameFocus;
use crate::picture::{answers_line, Arrow, ArrowKind, Mark, Picture, Token};

/// The games where the solvers part (or the first ones when none do).
pub fn pictures(input: &Input, focus: &GameFocus<'_, Chutes>) -> Vec<Picture> {
    let n = input.games.len();
    let throws = input.throws();
    let pick = focus.pick_cases::<u32>(n);
    let mut pictures: Vec<Picture> = pick
        .shown
        .iter()
        .map(|&i| {
            let answers = answers_line(&focus.case_answers::<u32>(i), u32::to_string);
            let caption = format!("game {} of {n}: {answers}", i + 1);
            board(&input.games[i], &throws, caption)
        })
        .collect();
    if let (Some(last), Some(note)) = (pictures.last_mut(), pick.left_note("game")) {
        last.notes.push(note);
    }
    pictures
}

/// A square's row and column: ten squares a row, square 1 top left.
fn grid(square: u32) -> (usize, usize) {
    let i = square as usize - 1;
    (i / 10, i % 10)
}

/// One game of a valid file played on `throws`.
pub fn board(game: &Board, throws: &[u32], caption: String) -> Picture {
    let mut p = Picture::new(caption, 10, 10);
    p.sides = (1..=game.players).map(|i| format!("player {i}")).collect();
    for square in 1..=100 {
        let (r, c) = grid(square);
        p.cell_mut(r, c).label = square.to_string();
    }
    let (mut ladders, mut chutes) = (Vec::new(), Vec::new());
    for &(s, e) in &game.jumps {
        let (mark, kind, list) = if s < e {
            (Mark::LadderFoot, ArrowKind::Ladder, &mut ladders)
        } else {
            (Mark::ChuteTop, ArrowKind::Chute, &mut chutes)
        };
        let (r, c) = grid(s);
        p.cell_mut(r, c).marks.push(mark);
        p.arrows.push(Arrow {
            from: grid(s),
            to: grid(e),
            kind,
        });
        list.push(format!("{s}->{e}"));
    }
    let (mut lose, mut extra) = (Vec::new(), Vec::new());
    for &v in &game.specials {
        let k = v.unsigned_abs() as u32;
        let (mark, list) = if v < 0 {
            (Mark::LoseTurn, &mut lose)
        } else {
            (Mark::ExtraThrow, &mut extra)
        };
        let (r, c) = grid(k);
        p.cell_mut(r, c).marks.push(mark);
        list.push(k.to_string());
    }
    let none = || "none".to_string();
    let list = |l: &[String]| if l.is_empty() { none() } else { l.join(" ") };
    p.notes.push(format!(
        "ladders {}; chutes {}; lose a turn {}; extra throw {}",
        list(&ladders),
        list(&chutes),
        list(&lose),
        list(&extra)
    ));
    match engine::end_squares(throws, game) {
        Some((finish, squares)) => place(&mut p, finish, &squares),
        None => p
            .notes
            .push("the throw list ends before anybody wins".into()),
    }
    p
}

/// Puts each player's counter on its square and says where they stand.
fn place(p: &mut Picture, finish: engine::Finish, squares: &[u32]) {
    let mut at = Vec::new();
    for (i, &square) in squares.iter().enumerate() {
        let player = i + 1;
        if square == 0 {
            at.push(format!("{player} has not moved"));
            continue;
        }
        at.push(format!("{player} on {square}"));
        let (r, c) = grid(square);
        p.cell_mut(r, c).tokens.push(Token {
            label: player.to_string(),
            owner: i,
        });
    }
    p.notes.push(format!(
        "@N: player N; player {} wins with throw {} of the list; {}",
        finish.winner,
        finish.used,
        at.join(", ")
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{parse_valid, Game};
    use crate::picture::Focus;

    fn sample() -> Input {
        parse_valid::<Chutes>(Chutes::SAMPLE).unwrap()
    }

    #[test]
    fn the_sample_shows_jumps_specials_and_where_each_player_ends() {
        let input = sample();
        let p = board(&input.games[0], &input.throws(), "test".into());
        // Player 1 lost a turn on 3; player 2 climbed 6->95, took the
        // extra throw on 98 and won with throw 4.
        assert_eq!(p.cell(0, 2).text(), "3-@1");
        assert_eq!(p.cell(0, 2).tokens[0].owner, 0);
        assert_eq!(p.cell(0, 5).text(), "6^");
        assert_eq!(p.cell(9, 7).text(), "98+");
        assert_eq!(p.cell(9, 8).text(), "99v");
        assert_eq!(p.cell(9, 9).text(), "100@2");
        assert_eq!(p.cell(9, 9).tokens[0].owner, 1);
        assert_eq!(p.cell(4, 4).text(), "45");
        let arrows: Vec<_> = p.arrows.iter().map(|a| (a.from, a.to, a.kind)).collect();
        assert_eq!(
            arrows,
            vec![
                ((0, 5), (9, 4), ArrowKind::Ladder),
                ((9, 8), (0, 0), ArrowKind::Chute)
            ]
        );
        assert_eq!(
            p.notes,
            vec![
                "ladders 6->95; chutes 99->1; lose a turn 3; extra throw 98",
                "@N: player N; player 2 wins with throw 4 of the list; 1 on 3, 2 on 100",
            ]
        );
        assert!(p.text().lines().all(|l| l.len() <= 80));
    }

    #[test]
    fn only_the_games_where_the_solvers_part_are_drawn() {
        let input = sample();
        let (a, b) = (vec![2, 2], vec![2, 1]);
        let focus = Focus {
            answers: vec![("engine".into(), Some(&a)), ("reference".into(), Some(&b))],
            parts: None,
        };
        let pictures = pictures(&input, &focus);
        assert_eq!(pictures.len(), 1);
        assert_eq!(pictures[0].caption, "game 2 of 2: engine 2, reference 1");
        assert_eq!(pictures[0].cell(9, 8).text(), "99@1");
    }

    #[test]
    fn a_player_who_never_moved_has_no_counter() {
        // Extra throws on 6, 12, ..., 96 carry player 1 to 100 in one
        // turn; players 2 and 3 never throw.
        let specials: String = (1..=16).map(|k| format!("{}\n", 6 * k)).collect();
        let text = format!("{}4 1 0\n3\n0 0\n{specials}0\n0\n", "6 ".repeat(16));
        let input = parse_valid::<Chutes>(&text).unwrap();
        let p = board(&input.games[0], &input.throws(), "test".into());
        assert!(p.notes[1].ends_with("1 on 100, 2 has not moved, 3 has not moved"));
        let tokens: usize = p.cells.iter().map(|c| c.tokens.len()).sum();
        assert_eq!(tokens, 1);
    }
}
