//! How a program that makes one of the mistakes of `mistakes.rs` runs:
//! the engine bending its rules, plus what such a program does with the
//! judge file and its answers around the engine.

use super::engine;
use super::mistakes::Mk;
use super::model::{self, Board, MAX_PLAYERS};
use crate::fault::{Budget, Fault};
use crate::game::UNDECIDED;
use crate::game::{mistaken_input, Mistaken};

/// The characters of a line that an 80-byte line buffer takes in one read,
/// with room left for the newline and the terminating NUL.
const BUFFERED: usize = 80 - 2;

/// No player's number: a game that ran out of throws.
const UNDECIDED_WINNER: u32 = 0;

/// `Game::mistaken` for chutes.
pub fn mistaken(text: &str, picks: &[usize], budget: &mut Budget) -> Result<String, Fault> {
    let mut run = Mistaken::of(Mk::CATALOGUE, picks);
    let input = mistaken_input::<super::Chutes>(text)?;
    if Mk::ThrowLineBuffer80.is_in(&run) {
        let last = model::throw_section_lines(&input.throw_lines);
        if last.last().is_some_and(|l| l.len() > BUFFERED) {
            // The newline, read alone, is an empty line: a player count of 0.
            return Ok(String::new());
        }
    }
    // A game its bent rules play past the last throw goes on with whatever
    // lies past the program's list: the rules decide nothing there.
    let ran_out = |_| Ok(UNDECIDED_WINNER);
    let out = if Mk::ReadsFirstLineOnly.is_in(&run) {
        let (throws, games) = first_line_only(text);
        engine::play_games(&throws, &games, budget, &mut run, ran_out)?
    } else {
        engine::play_games(&input.throws(), &input.games, budget, &mut run, ran_out)?
    };
    let shift = u32::from(Mk::ZeroBasedWinner.is_in(&run));
    Ok(out
        .iter()
        .map(|&w| match w {
            UNDECIDED_WINNER => format!("{UNDECIDED}\n"),
            w => format!("{}\n", w - shift),
        })
        .collect())
}

/// The throws and games as a program reads them that takes the throws
/// from the first line (`getline`, then values up to a `0` or the line's
/// end) and the games with `cin >>` from the next line on, so that the
/// later throw lines come first in its games. It keeps what fits its
/// tables (`jmp[101]`, `sp[101]`, later entries over earlier ones) and
/// plays a player count outside 1 to 5 as 2; a game cut off by the end of
/// the file is played with what was read of it.
fn first_line_only(text: &str) -> (Vec<u32>, Vec<Board>) {
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let throws = (first.split_whitespace())
        .map_while(|t| t.parse::<u32>().ok())
        .take_while(|&x| x != 0)
        .collect();
    let values: Vec<i64> = (rest.split_whitespace())
        .map_while(|t| t.parse().ok())
        .collect();
    let mut next = values.into_iter();
    let mut games = Vec::new();
    while let Some(players) = next.next().filter(|&p| p != 0) {
        let mut jump = [0u32; 101];
        while let (Some(s), Some(e)) = (next.next(), next.next()) {
            if s == 0 && e == 0 {
                break;
            }
            if (1..=99).contains(&s) && (0..=100).contains(&e) {
                jump[s as usize] = e as u32;
            }
        }
        let mut special = [0i64; 101];
        for v in next.by_ref().take_while(|&v| v != 0) {
            if (-99..=99).contains(&v) {
                special[v.unsigned_abs() as usize] = v.signum();
            }
        }
        let players = match u32::try_from(players) {
            Ok(p) if (1..=MAX_PLAYERS).contains(&p) => p,
            _ => 2,
        };
        games.push(Board {
            players,
            jumps: (1..=99u32)
                .filter(|&s| jump[s as usize] != 0)
                .map(|s| (s, jump[s as usize]))
                .collect(),
            specials: (1..=99i64)
                .filter(|&k| special[k as usize] != 0)
                .map(|k| k * special[k as usize])
                .collect(),
        });
    }
    (throws, games)
}
