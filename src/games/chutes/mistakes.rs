//! The catalogue of plausible wrong solutions: each is the engine with one
//! rule of spec section 4 bent at the place the engine applies it
//! (`engine.rs`), or the judge file read or the answers written as such a
//! program does (`mistaken.rs`). Each has a witness in `witnesses/`.

/// The facts of a rule site that a partial mistake can be limited to.
pub mod ctx {
    pub use crate::game::ctx::{case, CASE, LATER};
    use crate::game::Context;

    contexts! {
        /// The jump at the site is a ladder (it climbs).
        LADDER = 0 => "ladder",
        /// The jump at the site is a chute (it slides down).
        CHUTE = 1 => "chute",
        /// The square the jump starts from was reached by climbing a ladder.
        AFTER_LADDER = 2 => "after-ladder",
        /// The square the jump starts from was reached by sliding down a chute.
        AFTER_CHUTE = 3 => "after-chute",
        /// The throw is an extra throw.
        EXTRA = 4 => "extra",
        /// The turn passes after a missed turn was served.
        MISSED = 5 => "missed",
        /// The turn passes after a throw past 100 was ignored.
        OVERSHOOT = 6 => "overshoot",
        /// The player stands on an extra-throw square.
        ON_EXTRA = 7 => "on-extra",
        /// The player stands on a lose-a-turn square.
        ON_LOSE = 8 => "on-lose",
        /// An entry of the table of chutes and ladders.
        JUMPS = 9 => "jumps",
        /// An entry of the table of special squares.
        SPECIALS = 10 => "specials",
        /// The entry's square is 25 or above: beyond the first 100 bytes of a
        /// table of 4-byte integers.
        ABOVE_24 = 11 => "above-24",
        /// The player is player 1.
        FIRST_PLAYER = 12 => "first-player",
        /// The player is the game's last player.
        LAST_PLAYER = 13 => "last-player",
    }

    /// The facts of the seat of player `i` (from 0) of `n`.
    pub fn seat(i: usize, n: usize) -> Context {
        let first = if i == 0 { FIRST_PLAYER } else { 0 };
        let last = if i + 1 == n { LAST_PLAYER } else { 0 };
        first | last
    }

    /// The kind of the jump from `from` to `to`; 0 for none.
    pub fn jump(from: u32, to: u32) -> Context {
        match to.cmp(&from) {
            std::cmp::Ordering::Greater => LADDER,
            std::cmp::Ordering::Less => CHUTE,
            std::cmp::Ordering::Equal => 0,
        }
    }

    /// The facts of a square reached by a jump from `from` to `to`.
    pub fn after(from: u32, to: u32) -> Context {
        match jump(from, to) {
            LADDER => AFTER_LADDER,
            CHUTE => AFTER_CHUTE,
            _ => 0,
        }
    }

    /// The facts of a table entry on square `square`.
    pub fn entry(table: Context, square: u64) -> Context {
        table | if square >= 25 { ABOVE_24 } else { 0 }
    }
}

mistakes! {
    /// Mistakes a contestant plausibly makes in Chutes and Ladders.
    pub enum Mk {
        OvershootBounces => "overshoot-bounces" (WrongTarget, "overshoot-ignored", "§4 step 3"):
            "a throw past 100 bounces back from 100 (to 200 - t) instead of being ignored",
        OvershootWins => "overshoot-wins" (OffByOne, "exact-win", "§4 step 4"):
            "a throw reaching 100 or beyond wins: the test is t >= 100 instead of t = 100",
            @ "extra-throw" (ctx::EXTRA): "an extra throw reaching 100 or beyond wins; a first throw past 100 is ignored",
        StandingSquareTriggers => "standing-square-triggers" (Stale, "ignored-throw-triggers-nothing", "§4 step 3"):
            "after an ignored throw the special square is looked up where the player still stands, so it triggers again",
            @ "extra-throw-square" (ctx::ON_EXTRA): "the extra throws go on while the player stands on an extra-throw square, so an ignored throw there gives another throw",
            @ "lose-turn-square" (ctx::ON_LOSE): "an ignored throw while standing on a lose-a-turn square costs the next turn again",
        ChainedJumps => "chained-jumps" (LeftOut, "no-chained-jump", "§4 step 5"):
            "jumps are followed for as long as the square reached starts another chute or ladder (round a cycle of them, the game is undecided: the program loops or its own guard stops it)",
            @ "ladder-then-chute" (ctx::AFTER_LADDER | ctx::CHUTE): "ladders and chutes are two tables looked up one after the other, so a ladder whose top starts a chute is followed down that chute",
        JumpsScannedInOrder => "jumps-scanned-in-order" (Order, "no-chained-jump", "§4 step 5"):
            "the chutes and ladders are tried in input order without stopping at the one taken, so a later one starting where it ends is taken too",
        MissedTurnConsumesThrow => "missed-turn-consumes-throw" (LeftOut, "missed-turn", "§4 step 1"):
            "a player serving a missed turn still uses up the next throw of the list",
        MissedTurnNeverCleared => "missed-turn-never-cleared" (NotReset, "missed-turn", "§4 step 1"):
            "the pending missed turn is not cleared once served, so the player misses every turn after it",
        SkipPassesTwoTurns => "skip-passes-two-turns" (OffByOne, "missed-turn", "§4 step 1"):
            "serving a missed turn passes the turn one player too far, skipping the next player as well",
        PenaltyRecordedAfterPassing => "penalty-recorded-after-passing" (Order, "lose-a-turn", "§4 step 6"):
            "the turn is passed before the lose-a-turn penalty is recorded, so the next player misses a turn instead",
        OnePendingMiss => "one-pending-miss" (WrongTarget, "lose-a-turn", "§4 step 6"):
            "one variable holds the pending missed turn of the game: a second player's penalty erases the first's",
        ExtraThrowNotChained => "extra-throw-not-chained" (LeftOut, "extra-throw-chained", "§4 step 6"):
            "an extra throw landing on another extra-turn square grants no further throw",
        ExtraThrowSkipsJumps => "extra-throw-skips-jumps" (LeftOut, "extra-throw-jumps", "§4 step 6"):
            "an extra throw moves the counter but takes no chute or ladder",
            @ "chutes" (ctx::CHUTE): "an extra throw climbs ladders but slides down no chute",
        ExtraThrowIgnoresLoseTurn => "extra-throw-ignores-lose-turn" (LeftOut, "extra-throw-loses-a-turn", "§4 step 6"):
            "an extra throw landing on a lose-a-turn square costs no turn",
        StartOnSquareOne => "start-on-square-one" (OffByOne, "exact-win", "§4"):
            "the counters start on square 1 instead of on square 0, off the board",
            @ "later" (ctx::LATER): "the squares are reset to 1 between games, while the first game starts from the zeroed arrays",
        PlayersNotReset => "players-not-reset" (NotReset, "list-restarts", "§4"):
            "the players' squares are not reset between games: each starts where the last game left it, the winner on 100",
            @ "first-player" (ctx::FIRST_PLAYER): "the reset loop starts from 1 over a table from 0: player 1 keeps its square from the last game",
            @ "last-player" (ctx::LAST_PLAYER): "the reset loop stops before P over a table from 1: the last player keeps its square from the last game",
        MissedTurnsCarryOver => "missed-turns-carry-over" (NotReset, "missed-turn", "§4"):
            "pending missed turns are not cleared between games",
            @ "last-player" (ctx::LAST_PLAYER): "the reset loop stops before P over a table from 1: the last player keeps a pending missed turn from the last game",
        BoardNotCleared => "board-not-cleared" (NotReset, "ladder", "§4"):
            "the tables of chutes, ladders and special squares are not cleared between games, so earlier games' entries stay",
            @ "jumps" (ctx::JUMPS): "the table of chutes and ladders is not cleared between games; the special squares are",
            @ "specials" (ctx::SPECIALS): "the table of special squares is not cleared between games; the chutes and ladders are",
            @ "specials-above-24" (ctx::SPECIALS | ctx::ABOVE_24): "memset(special, 0, 100) on a table of ints clears squares 0 to 24 only, so earlier games' special squares from 25 up stay",
        ListContinues => "list-continues" (NotReset, "list-restarts", "§4"):
            "each game goes on with the throws the last game left instead of starting the list again (after a game that ran out, the rest are undecided)",
        FirstPlayerRotates => "first-player-rotates" (NotReset, "list-restarts", "§4"):
            "the player to act is not reset between games: a game starts with the last game's winner (undecided when that seat is not in the game, or the last game was)",
        TurnIndexNotWrapped => "turn-index-not-wrapped" (State, "missed-turn", "§4 step 1"):
            "the turn index is incremented without wrapping after a served missed turn or an ignored throw: after player P a player P + 1 with a fresh counter acts, and the next pass wraps to player 2",
            @ "missed-turn" (ctx::MISSED): "only a served missed turn passes the turn without wrapping the index",
            @ "overshoot" (ctx::OVERSHOOT): "only a turn ended by an ignored throw passes the turn without wrapping the index",
        PenaltyIndexOffByOne => "penalty-index-off-by-one" (State, "lose-a-turn", "§4 step 6"):
            "the pending missed turn is stored as owe[p + 1] (from 1) but read as owe[p] (from 0): the next player misses a turn, and the last player's penalty is lost",
        SquaresOneOff => "squares-one-off" (State, "ladder", "§4 steps 5 and 6"):
            "chutes, ladders and special squares are stored at index square - 1 of tables looked up by square, so each acts one square lower",
            @ "jumps" (ctx::JUMPS): "the table of chutes and ladders is stored from 0 and looked up from 1; the special squares are right",
            @ "specials" (ctx::SPECIALS): "the table of special squares is stored from 0 and looked up from 1; the chutes and ladders are right",
        ExtraThrowMovesPast100 => "extra-throw-moves-past-100" (State, "extra-throw-overshoots", "§4 steps 3 and 6"):
            "an extra throw is added to the player's square before any test, so one past 100 leaves the counter beyond the board for good",
        ThrowsStoredFromOne => "throws-stored-from-one" (State, "list-restarts", "§2"):
            "the throws are stored from index 1 but each game reads them from index 0: player 1 opens every game with a throw of 0 and every later throw comes one turn late",
        ReadsFirstLineOnly => "reads-first-line-only" (State, "list-restarts", "§2"):
            "the throw list is read from the first line only (getline): its later lines are read as games, a player count outside 1..5 taken as 2, and a game the short list cannot finish is answered 1",
        ThrowLineBuffer80 => "throw-line-buffer-80" (Reading, "input", "§2"):
            "lines are read into an 80-byte buffer: a last throw line of 79 characters leaves its newline to the next read, which is taken for the 0 ending the file",
        ZeroBasedWinner => "zero-based-winner" (Output, "output", "§5"):
            "the winning player is printed counted from 0",
    }
}
