//! The catalogue of plausible wrong solutions: each is the engine with one
//! rule of spec section 4 bent at the place the engine applies it
//! (`engine.rs`), or the judge file read or the answers written as such a
//! program does (`mistaken.rs`). Each has a witness in `witnesses/`.

mistakes! {
    /// Mistakes a contestant plausibly makes in Chutes and Ladders.
    pub enum Mk {
        OvershootBounces => "overshoot-bounces" (WrongTarget, "overshoot-ignored", "§4 step 3"):
            "a throw past 100 bounces back from 100 (to 200 - t) instead of being ignored",
        OvershootWins => "overshoot-wins" (OffByOne, "exact-win", "§4 step 4"):
            "a throw reaching 100 or beyond wins: the test is t >= 100 instead of t = 100",
        StandingSquareTriggers => "standing-square-triggers" (Stale, "ignored-throw-triggers-nothing", "§4 step 3"):
            "after an ignored throw the special square is looked up where the player still stands, so it triggers again",
        ChainedJumps => "chained-jumps" (LeftOut, "no-chained-jump", "§4 step 5"):
            "jumps are followed for as long as the square reached starts another chute or ladder",
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
        ExtraThrowIgnoresLoseTurn => "extra-throw-ignores-lose-turn" (LeftOut, "extra-throw-loses-a-turn", "§4 step 6"):
            "an extra throw landing on a lose-a-turn square costs no turn",
        StartOnSquareOne => "start-on-square-one" (OffByOne, "exact-win", "§4"):
            "the counters start on square 1 instead of on square 0, off the board",
        PlayersNotReset => "players-not-reset" (NotReset, "list-restarts", "§4"):
            "the players' squares are not reset between games: each starts where the last game left it, the winner on 100",
        MissedTurnsCarryOver => "missed-turns-carry-over" (NotReset, "missed-turn", "§4"):
            "pending missed turns are not cleared between games",
        BoardNotCleared => "board-not-cleared" (NotReset, "ladder", "§4"):
            "the tables of chutes, ladders and special squares are not cleared between games, so earlier games' entries stay",
        ListContinues => "list-continues" (NotReset, "list-restarts", "§4"):
            "each game goes on with the throws the last game left instead of starting the list again",
        FirstPlayerRotates => "first-player-rotates" (NotReset, "list-restarts", "§4"):
            "the player to act is not reset between games: a game starts with the last game's winner",
        ThrowLineBuffer80 => "throw-line-buffer-80" (Reading, "input", "§2"):
            "lines are read into an 80-byte buffer: a last throw line of 79 characters leaves its newline to the next read, which is taken for the 0 ending the file",
        ZeroBasedWinner => "zero-based-winner" (Output, "output", "§5"):
            "the winning player is printed counted from 0",
    }
}
