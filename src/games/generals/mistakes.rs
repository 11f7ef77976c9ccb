//! The catalogue of plausible wrong solutions: each is the engine with one
//! rule of spec section 4 bent at the place the engine applies it
//! (`engine.rs`), or the judge file read or the answers written as such a
//! program does (`mistaken.rs`). Each has a witness in `witnesses/`.
//!
//! A mistake's board drifts from the engine's, so a move that is legal for
//! the engine may take soldiers from a cell the mistaken program does not
//! own or that holds one soldier: such a program trusts the input and
//! moves them all the same. What it then does depends on how it keeps a
//! cell, as a signed count (Alice's positive) or as an owner apart from
//! the count, so a mistake is played both ways (`Game::KEEPINGS`); its
//! witness and `mistake:NAME` use signed counts.

/// The facts a partial mistake of Generals Chess can be limited to: who
/// moves and in which direction, held by the engine for the length of each
/// move line ([`MOVE`]), and the case of the file.
pub mod ctx {
    #[allow(unused_imports)] // for partials scoped to the first or a later case
    pub use crate::game::ctx::{case, CASE, FIRST, LATER};
    use crate::game::Context;

    contexts! {
        ALICE = 0 => "alice",
        BOB = 1 => "bob",
        UP = 2 => "up",
        DOWN = 3 => "down",
        LEFT = 4 => "left",
        RIGHT = 5 => "right",
        /// The move's target is the opponent's: a fight.
        FIGHT = 6 => "fight",
        /// A fight of equal forces.
        TIE = 7 => "tie",
        /// The count of the soldiers that leave the source, apart from the
        /// counts the cells hold.
        GROUP = 8 => "group",
        /// A cell in a column beyond the board's number of rows N.
        BEYOND_N = 9 => "beyond-n",
    }

    /// The mask of the facts of one move line: its mover and direction.
    pub const MOVE: Context = ALICE | BOB | UP | DOWN | LEFT | RIGHT;
}

mistakes! {
    /// Mistakes a contestant plausibly makes in Generals Chess.
    pub enum Mk {
        BonusAfterMove => "bonus-after-move" (Order, "bonus-before-move", "§4 step 1"):
            "the castle gains its soldier after the move instead of before it",
            @ "bob" (ctx::BOB): "Bob's castle gains its soldier after his move, Alice's before hers as it should",
        BonusAtRoundStart => "bonus-at-round-start" (Order, "castle-bonus", "§4 step 1"):
            "both castles gain their soldier at the start of each round, before Alice's move",
        BonusAfterGameOver => "bonus-after-game-over" (Order, "lines-ignored-after-end", "§4 Rounds"):
            "the castle bonus is given before the test that the game is over, so the ignored lines still feed the castles",
        IgnoredLinesFeedCastleCells => "ignored-lines-feed-castle-cells" (Order, "lines-ignored-after-end", "§4 Rounds"):
            "the castle bonus is given before the test that the game is over, to a count kept apart from the owner: each ignored line adds a soldier to whoever holds the mover's castle cell, and to nobody when a tie emptied it",
        EndCheckAfterRound => "end-check-after-round" (Order, "alice-wins", "§4 step 4"):
            "castles are checked only after Bob's move, so Bob still moves in the round Alice takes his castle",
        BonusToSource => "bonus-to-source" (WrongTarget, "castle-bonus", "§4 step 1"):
            "the soldier of the castle bonus is added to the moving stack instead of the castle",
        RepelledCellToAttacker => "repelled-cell-to-attacker" (WrongTarget, "attack-repelled", "§4 step 3"):
            "after a fight the cell goes to the attacker with the difference, even when the defenders were more",
            @ "alice" (ctx::ALICE): "when Alice's attack is repelled the cell goes to her with the difference; Bob's repelled attacks are right",
        OwnCellOverwritten => "own-cell-overwritten" (WrongTarget, "join-own-cell", "§4 step 3"):
            "a move onto the mover's own cell is treated like one onto an empty cell: its count is replaced",
            @ "up" (ctx::UP): "in the branch of direction U only, a move onto the mover's own cell replaces its count",
        NoSoldierStays => "no-soldier-stays" (LeftOut, "move-to-empty", "§4 step 2"):
            "every soldier of the source moves, leaving it empty, instead of all but one",
        TieNotACastleLoss => "tie-not-a-castle-loss" (LeftOut, "castle-emptied-by-a-tie", "§4 step 4"):
            "a castle is lost only when the mover takes it, not when a tie empties it",
            @ "bob-castle" (ctx::ALICE): "Bob's castle is lost only when Alice takes it (her test asks whether it holds her soldiers), while Alice's is lost when a tie empties it too",
            @ "alice-castle" (ctx::BOB): "Alice's castle is lost only when Bob takes it (his test asks whether it holds his soldiers), while Bob's is lost when a tie empties it too",
        CaptureKeepsAllAttackers => "capture-keeps-all-attackers" (LeftOut, "attack-captures-cell", "§4 step 3"):
            "a captured cell gets every attacker, the defenders' number not taken off",
            @ "bob" (ctx::BOB): "a cell Bob captures gets every attacker of his; Alice's captures take the defenders off",
        PlayOnAfterEnd => "play-on-after-end" (LeftOut, "lines-ignored-after-end", "§4 Rounds"):
            "the verdict is kept from the first fallen castle, but the remaining lines are still played before the scores are taken",
        OneSoldierTooMany => "one-soldier-too-many" (OffByOne, "move-to-empty", "§4 step 2"):
            "c soldiers move instead of c - 1, while the source still keeps one",
            @ "down" (ctx::DOWN): "in the branch of direction D only, c soldiers move instead of c - 1",
            @ "fight" (ctx::FIGHT): "all c soldiers attack a cell of the opponent, while the source still keeps one; moves onto an empty or own cell carry c - 1",
        LastRoundNotPlayed => "last-round-not-played" (OffByOne, "draw-after-all-rounds", "§4 Rounds"):
            "the rounds are played from 1 while below Q, so the last round is left out",
        BobMovesFirst => "bob-moves-first" (OffByOne, "castle-bonus", "§2"):
            "the move lines are counted from 0 but shared out as if from 1, so Bob makes the first move of each round",
        ScoresMissLastRowAndColumn => "scores-miss-last-row-and-column" (OffByOne, "score-beyond-32-bits", "§4 Scores"):
            "the scores are summed over rows below N and columns below M, missing the last row and column",
        BoardNotCleared => "board-not-cleared" (NotReset, "move-to-empty", "§4 Board state"):
            "the board is not cleared between cases: soldiers of the last case stay where the new board has no castle",
            @ "columns-beyond-n" (ctx::BEYOND_N): "the board is cleared with both loops bounded by N, so when M > N the columns beyond N keep the soldiers of earlier cases (where N > M, it clears columns beyond the board too)",
        GameOverNotReset => "game-over-not-reset" (NotReset, "lines-ignored-after-end", "§4 Rounds"):
            "the game-over flag is not reset between cases: after a win, every later case ignores its moves and repeats that verdict",
        GridCleared0Based => "grid-cleared-0-based" (State, "move-to-empty", "§4 Board state"):
            "the grid is 1-based but cleared between cases over rows 0..N-1 and columns 0..M-1, so the new board's last row and last column keep the soldiers of earlier cases",
        TurnFlipsOnPlayedLines => "turn-flips-on-played-lines" (State, "lines-ignored-after-end", "§4 Rounds"):
            "the mover is one index for the whole file, flipped after each played line and never reset: the ignored lines after a win do not flip it, so after a game won on Alice's move the next case starts with Bob",
        StaleSourceCount => "stale-source-count" (Stale, "bonus-before-move", "§4 steps 1-2"):
            "the source's count is read before the castle bonus, so a move from the castle loses the soldier just gained",
        TotalsMissDefendersLosses => "totals-miss-defenders-losses" (Stale, "attack-captures-cell", "§4 Scores"):
            "the scores are running totals, in which a fight takes the losses off the attacker only",
            @ "tie" (ctx::TIE): "the scores are running totals, in which a tie takes the dead off the attacker only; repelled attacks and captures take them off both",
        CountsIn32Bits => "counts-in-32-bits" (Width, "stack-beyond-32-bits", "§4 Ranges"):
            "cells hold 32-bit signed counts (Alice's positive, Bob's negative), so a stack past 2^31 - 1 wraps",
            @ "moving-group" (ctx::GROUP): "cells hold 64-bit counts but the moving group c - 1 is a 32-bit int, which wraps when a stack past 2^31 moves",
        ScoresIn32Bits => "scores-in-32-bits" (Width, "score-beyond-32-bits", "§4 Ranges"):
            "the scores are summed in 32-bit ints and wrap past 2^31 - 1",
        QMoveLines => "q-move-lines" (Reading, "input", "§2"):
            "Q move lines are read per case instead of 2Q, so the next case's header is read from move lines",
        BobWinsThreeMarks => "bob-wins-three-marks" (Output, "output", "§5"):
            "Bob's verdict is written with three exclamation marks, like Alice's",
    }
}
