//! The engine: spec section 4, one game at a time.

use super::mistakes::{ctx, Mk};
use super::model::{Board, Input, Winners, MAX_PLAYERS};
use crate::fault::{Budget, Fault, FaultKind};
use crate::game::{Context, Observer, Thing};

rule_events! {
    /// The decisions of spec section 4 that can change a winner.
    pub enum Ev {
        MissedTurn => "missed-turn":
            "4 step 1: a player with a pending missed turn is skipped, the pending turn is cleared and no throw is consumed",
        OvershootIgnored => "overshoot-ignored":
            "4 step 3: a throw taking the player past 100 is ignored: no move, and the turn passes",
        IgnoredThrowTriggersNothing => "ignored-throw-triggers-nothing":
            "4 step 3: a throw is ignored while the player stands on a lose-a-turn or extra-turn square, and that square triggers nothing again",
        ExactWin => "exact-win":
            "4 step 4: a throw reaching exactly 100 wins and ends the game at once",
        Ladder => "ladder":
            "4 step 5: a throw lands on a ladder's start square and the player climbs to its end",
        Chute => "chute":
            "4 step 5: a throw lands on a chute's start square and the player slides down to its end",
        NoChainedJump => "no-chained-jump":
            "4 step 5: a chute or ladder ends on another one's start square, and no second jump is made",
        LoseATurn => "lose-a-turn":
            "4 step 6: a throw lands on a lose-a-turn square: the player's next turn will be skipped, and the turn passes",
        ExtraThrow => "extra-throw":
            "4 step 6: a throw lands on an extra-turn square and the same player throws again at once",
        ExtraThrowChained => "extra-throw-chained":
            "4 step 6: an extra throw lands on another extra-turn square and grants yet another throw",
        ExtraThrowOvershoots => "extra-throw-overshoots":
            "4 steps 3 and 6: an extra throw passes 100, is ignored and ends the turn (the extra-turn square stood on grants nothing more)",
        ExtraThrowJumps => "extra-throw-jumps":
            "4 steps 5 and 6: an extra throw lands on a chute's or ladder's start square and takes it like any throw",
        ExtraThrowLosesATurn => "extra-throw-loses-a-turn":
            "4 step 6: an extra throw lands on a lose-a-turn square: the turn ends and the next one will be skipped",
        ExtraThrowWins => "extra-throw-wins":
            "4 steps 4 and 6: an extra throw reaches exactly 100 and wins",
        ListRestarts => "list-restarts":
            "4: every game after the first is played from the first throw of the list again, not from where the previous game stopped",
    }
}

/// The elements the engine's events are about ([`Observer::about`]),
/// named alike by the explanation's elements (`vary.rs`).
pub mod thing {
    use crate::game::Thing;

    /// A throw, by its place in the list (from 0): shared by every game.
    pub fn throw(k: usize) -> Thing {
        Thing {
            kind: 0,
            at: k as u32,
        }
    }

    /// The chute or ladder starting on `square`.
    pub fn jump(square: u32) -> Thing {
        Thing {
            kind: 1,
            at: square,
        }
    }

    /// The lose-a-turn or extra-turn square `square`.
    pub fn special(square: u32) -> Thing {
        Thing {
            kind: 2,
            at: square,
        }
    }

    /// The number of players: what an event of a player's seat (the
    /// first, the last) is about beside the throw.
    pub const PLAYERS: Thing = Thing { kind: 3, at: 0 };
}

/// Tells `obs` what the events that follow are about, where it listens
/// (inlined, so that the engine's own runs build nothing).
#[inline(always)]
fn about<O: Observer>(obs: &mut O, things: &[Thing]) {
    if O::LISTENING {
        obs.about(things);
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Finish {
    /// 1-based player number.
    pub winner: u32,
    /// Throws consumed, the winning throw included.
    pub used: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Special {
    None,
    LoseTurn,
    ExtraTurn,
}

/// Plays one game on `throws`; `Ok(None)` when the list runs out first.
pub fn play(throws: &[u32], board: &Board, budget: &mut Budget) -> Result<Option<Finish>, Fault> {
    play_game(throws, board, budget, &mut (), &mut Leftover::default())
}

/// What a program that resets nothing between games carries into the next
/// one. Only runs that play a mistake fill it in.
#[derive(Default)]
struct Leftover {
    /// Each player's square (the winner's is 100) and pending missed turn.
    players: [Player; MAX_PLAYERS as usize],
    /// The chutes, ladders and special squares of every game so far.
    board: Board,
    /// Throws consumed by the games so far.
    used: usize,
    /// The last game's winner, from 0.
    winner: usize,
    /// A game before ended undecided (see [`TurnEnd::Unfinished`]): where
    /// it left the list and who won are not the rules' to say.
    lost: bool,
}

/// One game from the state section 4 starts it in, reporting to `obs`
/// each rule it applies.
fn play_game<O: Observer>(
    throws: &[u32],
    board: &Board,
    budget: &mut Budget,
    obs: &mut O,
    left: &mut Leftover,
) -> Result<Option<Finish>, Fault> {
    let n = board.players.max(1) as usize;
    let square = if Mk::StartOnSquareOne.on(obs) { 1 } else { 0 };
    let mut players = vec![
        Player {
            square,
            missing: false
        };
        n
    ];
    for (i, (p, kept)) in players.iter_mut().zip(&left.players).enumerate() {
        let seat = ctx::seat(i, n);
        if Mk::PlayersNotReset.on_in(obs, seat) {
            p.square = kept.square;
        }
        if Mk::MissedTurnsCarryOver.on_in(obs, seat) {
            p.missing = kept.missing;
        }
    }
    let merged;
    let board = if O::BENDING {
        merged = left.board_under(board, obs);
        &merged
    } else {
        board
    };
    let continues = Mk::ListContinues.on(obs);
    let rotates = Mk::FirstPlayerRotates.on(obs);
    if (left.lost && (continues || rotates)) || (rotates && left.winner >= n) {
        // Where it starts depends on an undecided game, or on a seat this
        // game lacks (a program may wrap, reset or read past its table).
        left.lost = true;
        return Ok(None);
    }
    let throws = if continues {
        &throws[left.used..]
    } else {
        throws
    };
    let first = if rotates { left.winner } else { 0 };
    let finish = play_players(throws, board, budget, obs, &mut players, first)?;
    if O::BENDING {
        left.keep(board, &players, finish);
    }
    Ok(finish)
}

impl Leftover {
    /// `board` laid over the entries of the games before it that the run
    /// does not clear: its own entries win where both have one.
    fn board_under<O: Observer>(&self, board: &Board, obs: &O) -> Board {
        let stays = |table, square: u64| Mk::BoardNotCleared.on_in(obs, ctx::entry(table, square));
        let mut jumps = board.jumps.clone();
        jumps.extend((self.board.jumps.iter()).filter(|&&(s, _)| stays(ctx::JUMPS, u64::from(s))));
        let mut specials: Vec<i64> = (self.board.specials.iter().copied())
            .filter(|v| stays(ctx::SPECIALS, v.unsigned_abs()))
            .collect();
        specials.extend_from_slice(&board.specials);
        Board {
            players: board.players,
            jumps,
            specials,
        }
    }

    fn keep(&mut self, board: &Board, players: &[Player], finish: Option<Finish>) {
        self.board = board.clone();
        for (kept, p) in self.players.iter_mut().zip(players) {
            *kept = *p;
        }
        self.lost |= finish.is_none();
        if let Some(f) = finish {
            let w = f.winner as usize - 1;
            if let Some(p) = self.players.get_mut(w) {
                p.square = 100;
            }
            self.used += f.used;
            self.winner = w;
        }
    }
}

/// The squares the players stand on when a game ends (the winner's is
/// 100), or `None` when the list runs out first.
pub fn end_squares(throws: &[u32], board: &Board) -> Option<(Finish, Vec<u32>)> {
    let mut players = vec![Player::default(); board.players.max(1) as usize];
    let mut budget = Budget::new(u64::MAX);
    let finish = play_players(throws, board, &mut budget, &mut (), &mut players, 0)
        .expect("an unlimited budget never runs out")?;
    let mut squares: Vec<u32> = players.iter().map(|p| p.square).collect();
    squares[finish.winner as usize - 1] = 100;
    Some((finish, squares))
}

/// The game played by `players`, who end where the game leaves them,
/// player `first` (from 0) to act first. A run whose turn index leaves
/// the players adds a player with a fresh counter wherever it points.
fn play_players<O: Observer>(
    throws: &[u32],
    board: &Board,
    budget: &mut Budget,
    obs: &mut O,
    players: &mut Vec<Player>,
    first: usize,
) -> Result<Option<Finish>, Fault> {
    let squares = Squares::new(board, obs);
    let mut dice = Dice { throws, used: 0 };
    let n = players.len();
    let mut p = first;
    loop {
        budget.step()?;
        if O::BENDING && p >= players.len() {
            players.resize(p + 1, Player::default());
        }
        let seat = ctx::seat(p, n);
        if players[p].missing {
            about(obs, &[thing::PLAYERS]);
            Ev::MissedTurn.hit_in(obs, seat);
            if !Mk::MissedTurnNeverCleared.on(obs) {
                players[p].missing = false;
            }
            if Mk::MissedTurnConsumesThrow.on(obs) && dice.throw().is_none() {
                return Ok(None);
            }
            p = if Mk::TurnIndexNotWrapped.on_in(obs, ctx::MISSED) {
                p + 1
            } else {
                (p + 1) % n
            };
            if Mk::SkipPassesTwoTurns.on(obs) {
                p = (p + 1) % n;
            }
            continue;
        }
        let mut ignored = false;
        match turn(&squares, &mut dice, &mut players[p], seat, budget, obs)? {
            TurnEnd::Passed => {}
            TurnEnd::Ignored => ignored = true,
            TurnEnd::Won => {
                return Ok(Some(Finish {
                    winner: p as u32 + 1,
                    used: dice.used,
                }))
            }
            TurnEnd::Unfinished => return Ok(None),
        }
        if Mk::OnePendingMiss.on(obs) && players[p].missing {
            // One variable for the whole game: the newest penalty replaces any other.
            for (i, q) in players.iter_mut().enumerate() {
                q.missing = i == p;
            }
        }
        if Mk::PenaltyRecordedAfterPassing.on(obs) && std::mem::take(&mut players[p].missing) {
            players[(p + 1) % n].missing = true;
        }
        if Mk::PenaltyIndexOffByOne.on(obs) && std::mem::take(&mut players[p].missing) {
            // owe[p + 1] of a table read from 0: past the last player nobody reads it.
            if p + 1 < n {
                players[p + 1].missing = true;
            }
        }
        p = if ignored && Mk::TurnIndexNotWrapped.on_in(obs, ctx::OVERSHOOT) {
            p + 1
        } else {
            (p + 1) % n
        };
    }
}

/// The board as lookup tables by square.
///
/// Squares outside 1..=99 are ignored rather than trusted, so that the
/// validator can play any board that passed rules 4.1–4.4 and never index
/// out of bounds.
struct Squares<'a> {
    /// The end of the chute or ladder starting on a square, 0 for none.
    jump_to: [u32; 101],
    special: [Special; 101],
    /// The chutes and ladders as listed.
    jumps: &'a [(u32, u32)],
}

impl<'a> Squares<'a> {
    fn new<O: Observer>(board: &'a Board, obs: &O) -> Self {
        // A run storing a table from 0 and reading it from 1 puts each entry one square lower.
        let shift = |table| usize::from(Mk::SquaresOneOff.on_in(obs, table));
        let (jumps_at, specials_at) = (shift(ctx::JUMPS), shift(ctx::SPECIALS));
        let mut jump_to = [0u32; 101];
        for &(s, e) in board.jumps.iter().rev() {
            if let Some(slot) = (s as usize)
                .checked_sub(jumps_at)
                .and_then(|i| jump_to.get_mut(i))
            {
                *slot = e;
            }
        }
        let mut special = [Special::None; 101];
        for &v in &board.specials {
            let kind = if v < 0 {
                Special::LoseTurn
            } else {
                Special::ExtraTurn
            };
            if let Some(slot) = usize::try_from(v.unsigned_abs())
                .ok()
                .and_then(|k| k.checked_sub(specials_at))
                .and_then(|k| special.get_mut(k))
            {
                *slot = kind;
            }
        }
        Squares {
            jump_to,
            special,
            jumps: &board.jumps,
        }
    }

    /// Where a throw landing on `t` leaves the player: one chute or ladder
    /// is taken, never a second from its end.
    fn land<O: Observer>(&self, t: usize, extra: bool, by: [Thing; 2], obs: &mut O) -> u32 {
        if extra && Mk::ExtraThrowSkipsJumps.on_in(obs, ctx::jump(t as u32, self.jump_to[t])) {
            return t as u32;
        }
        if Mk::JumpsScannedInOrder.on(obs) {
            // Each listed jump in turn, from wherever the ones before it left the player.
            return self
                .jumps
                .iter()
                .fold(t as u32, |at, &(s, e)| if at == s { e } else { at });
        }
        match self.jump_to[t] {
            0 => t as u32,
            e => {
                let throw = if extra { ctx::EXTRA } else { 0 };
                about(obs, &[thing::jump(t as u32), by[0], by[1]]);
                let (jump, kind) = match e > t as u32 {
                    true => (Ev::Ladder, ctx::LADDER),
                    false => (Ev::Chute, ctx::CHUTE),
                };
                jump.hit_in(obs, throw);
                if self.jump_to.get(e as usize).is_some_and(|&f| f != 0) {
                    Ev::NoChainedJump.hit_in(obs, ctx::jump(t as u32, e));
                }
                // An extra throw's own rule keeps the facts of the event
                // it goes with: alone it would rank below `ladder/extra`,
                // which says less.
                if extra {
                    Ev::ExtraThrowJumps.hit_in(obs, kind);
                }
                e
            }
        }
    }
}

impl Squares<'_> {
    /// The jump a run that chains jumps takes next from `at`, reached by a
    /// jump from `from` (or by the throw, when they are equal).
    fn chained<O: Observer>(&self, from: u32, at: u32, obs: &O) -> Option<u32> {
        if !O::BENDING {
            return None;
        }
        let next = self.jump_to.get(at as usize).copied().unwrap_or(0);
        let chain = ctx::after(from, at) | ctx::jump(at, next);
        (next != 0 && Mk::ChainedJumps.on_in(obs, chain)).then_some(next)
    }
}

/// The shared throw list and how much of it the game has consumed.
struct Dice<'a> {
    throws: &'a [u32],
    used: usize,
}

impl Dice<'_> {
    fn throw(&mut self) -> Option<u32> {
        let d = *self.throws.get(self.used)?;
        self.used += 1;
        Some(d)
    }
}

#[derive(Clone, Copy, Default)]
struct Player {
    square: u32,
    /// The next turn is skipped (a lose-a-turn square was hit).
    missing: bool,
}

/// How a turn ended.
enum TurnEnd {
    Passed,
    /// The turn passes after a throw past 100 was ignored.
    Ignored,
    Won,
    /// The list ended, or a run chaining jumps went round a cycle of them:
    /// no winner the rules decide.
    Unfinished,
}

/// One turn of `player`, whose seat is `seat` (`ctx::seat`, for the rule
/// events): a throw, and more throws while extra-turn squares are hit.
fn turn<O: Observer>(
    squares: &Squares,
    dice: &mut Dice<'_>,
    player: &mut Player,
    seat: Context,
    budget: &mut Budget,
    obs: &mut O,
) -> Result<TurnEnd, Fault> {
    let mut extra = false;
    // The extra-turn square that granted the throw being made, if any:
    // what an extra throw's events are about beside the throw.
    let mut granted = None;
    loop {
        budget.step()?;
        let Some(d) = dice.throw() else {
            return Ok(TurnEnd::Unfinished);
        };
        let made = thing::throw(dice.used - 1);
        // What the throw's events are about beside the squares they
        // name, first what matters most: the square that granted an extra
        // throw, then the throw itself.
        let by = [granted.unwrap_or(made), made];
        let mut t = player.square.saturating_add(d);
        if t > 100 && Mk::OvershootBounces.on(obs) {
            t = 200 - t;
        }
        if t > 100 && extra && Mk::ExtraThrowMovesPast100.on(obs) {
            player.square = t;
            return Ok(TurnEnd::Passed);
        }
        let throw = if extra { ctx::EXTRA } else { 0 };
        if t > 100 && !Mk::OvershootWins.on_in(obs, throw) {
            about(obs, &[by[0], thing::PLAYERS, by[1]]);
            Ev::OvershootIgnored.hit_in(obs, throw | seat);
            if extra {
                Ev::ExtraThrowOvershoots.hit_in(obs, seat);
            }
            let stands = match squares.special.get(player.square as usize) {
                Some(Special::LoseTurn) => ctx::ON_LOSE,
                Some(Special::ExtraTurn) => ctx::ON_EXTRA,
                _ => 0,
            };
            if squares.special.get(player.square as usize) != Some(&Special::None) {
                about(obs, &[thing::special(player.square), by[1]]);
                Ev::IgnoredThrowTriggersNothing.hit_in(obs, stands);
            }
            if !Mk::StandingSquareTriggers.on_in(obs, stands) {
                return Ok(TurnEnd::Ignored);
            }
            // Such a program goes on to look up the square stood on.
            t = player.square;
        } else if t >= 100 {
            about(obs, &[by[0], thing::PLAYERS, by[1]]);
            Ev::ExactWin.hit_in(obs, throw | seat);
            if extra {
                Ev::ExtraThrowWins.hit_in(obs, seat);
            }
            return Ok(TurnEnd::Won);
        } else {
            player.square = squares.land(t as usize, extra, by, obs);
            let mut from = t;
            let mut chained = 0;
            while let Some(next) = squares.chained(from, player.square, obs) {
                budget.step()?;
                chained += 1;
                if chained > 100 {
                    // Round a cycle: such a program loops, or its own guard
                    // decides where the player ends.
                    return Ok(TurnEnd::Unfinished);
                }
                from = player.square;
                player.square = next;
            }
        }
        let here = squares.special.get(t as usize).copied();
        match here.unwrap_or(Special::None) {
            Special::LoseTurn if !(extra && Mk::ExtraThrowIgnoresLoseTurn.on(obs)) => {
                about(obs, &[thing::special(t), by[0], thing::PLAYERS, by[1]]);
                Ev::LoseATurn.hit_in(obs, throw | seat);
                if extra {
                    Ev::ExtraThrowLosesATurn.hit_in(obs, seat);
                }
                player.missing = true;
                return Ok(TurnEnd::Passed);
            }
            Special::ExtraTurn if !(extra && Mk::ExtraThrowNotChained.on(obs)) => {
                about(obs, &[thing::special(t), by[0], by[1]]);
                Ev::ExtraThrow.hit_in(obs, throw);
                if extra {
                    Ev::ExtraThrowChained.hit(obs);
                }
                extra = true;
                granted = Some(thing::special(t));
            }
            _ => return Ok(TurnEnd::Passed),
        }
    }
}

/// The start of each round of one game (every player's turn once, from
/// player 1) while the game lasts: the throws used before it and the
/// players' squares. Rounds that begin with a turn still to be skipped
/// are left out: squares alone do not say where such a game stands.
pub fn round_starts(throws: &[u32], board: &Board) -> Vec<(usize, Vec<u32>)> {
    let squares = Squares::new(board, &());
    let mut dice = Dice { throws, used: 0 };
    let n = board.players.max(1) as usize;
    let mut players = vec![Player::default(); n];
    let mut budget = Budget::default();
    let mut out = Vec::new();
    loop {
        if players.iter().all(|q| !q.missing) {
            out.push((dice.used, players.iter().map(|q| q.square).collect()));
        }
        for player in &mut players {
            if player.missing {
                player.missing = false;
                continue;
            }
            match turn(&squares, &mut dice, player, 0, &mut budget, &mut ()) {
                Ok(TurnEnd::Passed | TurnEnd::Ignored) => {}
                _ => return out,
            }
        }
    }
}

/// The throws of each turn of one game, as (player from 0, first throw,
/// end), played on past a win until the list ends (a player on 100
/// overshoots with every throw): players never meet, so a player's way
/// depends only on its own throws, and a solver whose game lasts longer
/// than the engine's still gives each later throw to the same player.
pub fn turn_throws(throws: &[u32], board: &Board) -> Vec<(usize, usize, usize)> {
    let squares = Squares::new(board, &());
    let mut dice = Dice { throws, used: 0 };
    let n = board.players.max(1) as usize;
    let mut players = vec![Player::default(); n];
    let mut budget = Budget::default();
    let mut out = Vec::new();
    for p in (0..n).cycle() {
        if players[p].missing {
            players[p].missing = false;
            continue;
        }
        let start = dice.used;
        let end = turn(
            &squares,
            &mut dice,
            &mut players[p],
            0,
            &mut budget,
            &mut (),
        );
        if dice.used > start {
            out.push((p, start, dice.used));
        }
        match end {
            Ok(TurnEnd::Passed | TurnEnd::Ignored) => {}
            Ok(TurnEnd::Won) => players[p].square = 100,
            _ => break,
        }
    }
    out
}

/// Every game of a valid file, each from the first throw of the list.
pub fn solve<O: Observer>(
    input: &Input,
    budget: &mut Budget,
    obs: &mut O,
) -> Result<Winners, Fault> {
    play_games(&input.throws(), &input.games, budget, obs, |i| {
        // Valid inputs exclude this (rule 4.5); reaching it is an engine bug.
        let lost = format!("game {} has no winner before the throw list ends", i + 1);
        Err(Fault::new(FaultKind::Panic, lost))
    })
}

/// The winner of each of `games` played on `throws`, in turn; `ran_out`
/// answers for a game (by index) that the list cannot finish.
pub fn play_games<O: Observer>(
    throws: &[u32],
    games: &[Board],
    budget: &mut Budget,
    obs: &mut O,
    mut ran_out: impl FnMut(usize) -> Result<u32, Fault>,
) -> Result<Winners, Fault> {
    let from_one;
    let throws = if Mk::ThrowsStoredFromOne.on(obs) {
        from_one = [&[0], throws].concat();
        &from_one[..]
    } else {
        throws
    };
    let mut left = Leftover::default();
    (games.iter().enumerate())
        .map(|(i, g)| {
            obs.enter(ctx::CASE, ctx::case(i));
            about(obs, &[]);
            if i > 0 {
                Ev::ListRestarts.hit(obs);
            }
            match play_game(throws, g, budget, obs, &mut left)? {
                Some(f) => Ok(f.winner),
                None => ran_out(i),
            }
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
    solve(input, &mut Budget::new(u64::MAX), obs)
        .expect("a valid input has a winner in every game");
}
