//! The catalogue of plausible wrong solutions: each is the engine with one
//! rule of spec section 4 bent at the place the engine applies it
//! (`engine.rs`), or the judge file read or the answers written as such a
//! program does (`mistaken.rs`). Each has a witness in `witnesses/`.
//!
//! A mistake's board drifts from the engine's, so a move that is legal for
//! the engine may take soldiers from a cell the mistaken program does not
//! own or that holds one soldier: such a program trusts the input and
//! moves them all the same (counts kept signed, Alice's positive).

mistakes! {
    /// Mistakes a contestant plausibly makes in Generals Chess.
    pub enum Mk {
        BonusAfterMove => "bonus-after-move" (Order, "bonus-before-move", "§4 step 1"):
            "the castle gains its soldier after the move instead of before it",
        BonusAtRoundStart => "bonus-at-round-start" (Order, "castle-bonus", "§4 step 1"):
            "both castles gain their soldier at the start of each round, before Alice's move",
        BonusAfterGameOver => "bonus-after-game-over" (Order, "lines-ignored-after-end", "§4 Rounds"):
            "the castle bonus is given before the test that the game is over, so the ignored lines still feed the castles",
        EndCheckAfterRound => "end-check-after-round" (Order, "alice-wins", "§4 step 4"):
            "castles are checked only after Bob's move, so Bob still moves in the round Alice takes his castle",
        BonusToSource => "bonus-to-source" (WrongTarget, "castle-bonus", "§4 step 1"):
            "the soldier of the castle bonus is added to the moving stack instead of the castle",
        RepelledCellToAttacker => "repelled-cell-to-attacker" (WrongTarget, "attack-repelled", "§4 step 3"):
            "after a fight the cell goes to the attacker with the difference, even when the defenders were more",
        OwnCellOverwritten => "own-cell-overwritten" (WrongTarget, "join-own-cell", "§4 step 3"):
            "a move onto the mover's own cell is treated like one onto an empty cell: its count is replaced",
        NoSoldierStays => "no-soldier-stays" (LeftOut, "move-to-empty", "§4 step 2"):
            "every soldier of the source moves, leaving it empty, instead of all but one",
        TieNotACastleLoss => "tie-not-a-castle-loss" (LeftOut, "castle-emptied-by-a-tie", "§4 step 4"):
            "a castle is lost only when the mover takes it, not when a tie empties it",
        CaptureKeepsAllAttackers => "capture-keeps-all-attackers" (LeftOut, "attack-captures-cell", "§4 step 3"):
            "a captured cell gets every attacker, the defenders' number not taken off",
        PlayOnAfterEnd => "play-on-after-end" (LeftOut, "lines-ignored-after-end", "§4 Rounds"):
            "the verdict is kept from the first fallen castle, but the remaining lines are still played before the scores are taken",
        OneSoldierTooMany => "one-soldier-too-many" (OffByOne, "move-to-empty", "§4 step 2"):
            "c soldiers move instead of c - 1, while the source still keeps one",
        LastRoundNotPlayed => "last-round-not-played" (OffByOne, "draw-after-all-rounds", "§4 Rounds"):
            "the rounds are played from 1 while below Q, so the last round is left out",
        BobMovesFirst => "bob-moves-first" (OffByOne, "castle-bonus", "§2"):
            "the move lines are counted from 0 but shared out as if from 1, so Bob makes the first move of each round",
        ScoresMissLastRowAndColumn => "scores-miss-last-row-and-column" (OffByOne, "score-beyond-32-bits", "§4 Scores"):
            "the scores are summed over rows below N and columns below M, missing the last row and column",
        BoardNotCleared => "board-not-cleared" (NotReset, "move-to-empty", "§4 Board state"):
            "the board is not cleared between cases: soldiers of the last case stay where the new board has no castle",
        GameOverNotReset => "game-over-not-reset" (NotReset, "lines-ignored-after-end", "§4 Rounds"):
            "the game-over flag is not reset between cases: after a win, every later case ignores its moves and repeats that verdict",
        StaleSourceCount => "stale-source-count" (Stale, "bonus-before-move", "§4 steps 1-2"):
            "the source's count is read before the castle bonus, so a move from the castle loses the soldier just gained",
        TotalsMissDefendersLosses => "totals-miss-defenders-losses" (Stale, "attack-captures-cell", "§4 Scores"):
            "the scores are running totals, in which a fight takes the losses off the attacker only",
        CountsIn32Bits => "counts-in-32-bits" (Width, "stack-beyond-32-bits", "§4 Ranges"):
            "cells hold 32-bit signed counts (Alice's positive, Bob's negative), so a stack past 2^31 - 1 wraps",
        ScoresIn32Bits => "scores-in-32-bits" (Width, "score-beyond-32-bits", "§4 Ranges"):
            "the scores are summed in 32-bit ints and wrap past 2^31 - 1",
        QMoveLines => "q-move-lines" (Reading, "input", "§2"):
            "Q move lines are read per case instead of 2Q, so the next case's header is read from move lines",
        BobWinsThreeMarks => "bob-wins-three-marks" (Output, "output", "§5"):
            "Bob's verdict is written with three exclamation marks, like Alice's",
    }
}
