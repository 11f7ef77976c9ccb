//! The catalogue of plausible wrong solutions: each is the engine with one
//! rule of spec section 4 bent at the place the engine applies it
//! (`engine.rs`), or the judge file read or the answers written as such a
//! program does (`mistaken.rs`). Each has a witness in `witnesses/`.

mistakes! {
    /// Mistakes a contestant plausibly makes in xiangqi.
    pub enum Mk {
        HorseLegIgnored => "horse-leg-ignored" (LeftOut, "horse-leg-blocked", "§4.1"):
            "a horse attacks every point a jump away, even with a piece on its leg point",
        HorseLegBesideTarget => "horse-leg-beside-target" (WrongTarget, "horse-leg-blocked", "§4.1"):
            "the leg point is taken next to the attacked point instead of next to the horse",
        HorseLegSideways => "horse-leg-sideways" (WrongTarget, "horse-leg-blocked", "§4.1"):
            "the leg point is taken one step along the short side of the jump instead of the long side",
        GeneralNeverDefends => "general-never-defends" (LeftOut, "general-attacks", "§4.1"):
            "the red general attacks no point: the flying general only matters when the generals already face",
        GeneralSeesThroughPieces => "general-sees-through-pieces" (LeftOut, "general-view-blocked", "§4.1"):
            "the red general attacks every point of its column, even with pieces between",
        CannonWithoutScreen => "cannon-without-screen" (OffByOne, "cannon-no-screen", "§4.1"):
            "a cannon attacks with at most one piece between, so also along an open line like a chariot",
        CannonOverManyScreens => "cannon-over-many-screens" (LeftOut, "cannon-two-screens", "§4.1"):
            "a cannon attacks over any number of pieces between, as long as there is one",
        RedGeneralNeverScreens => "red-general-never-screens" (LeftOut, "cannon-screen-is-red-general", "§4.1"):
            "the red general is not counted among the pieces between a cannon and its target",
        FacingGeneralsIgnored => "facing-generals-ignored" (LeftOut, "facing-generals", "§4.2"):
            "no answer NO for generals facing each other: the moves are examined as in any other case",
        FacingCountsWholeColumn => "facing-counts-whole-column" (WrongTarget, "facing-generals", "§4.2"):
            "any other piece on the generals' column, even above the black or below the red general, stops them facing",
        FacingScanStopsShort => "facing-scan-stops-short" (OffByOne, "generals-file-blocked", "§4.2"):
            "the scan for pieces between the generals stops one point early and misses the point just above the red general",
        FacingAfterMoveSafe => "facing-after-move-safe" (Order, "general-attacks", "§4.2"):
            "a move onto the red general's open column is safe, as if black captured the general before red replies",
        MovesLeavePalace => "moves-leave-palace" (LeftOut, "move-off-palace", "§4.2"):
            "the black general may step anywhere on the board, out of its palace",
        PalaceFourRows => "palace-four-rows" (OffByOne, "move-off-palace", "§4.2"):
            "the black palace is taken to reach row 4, so the general may step down to it",
        DiagonalMoves => "diagonal-moves" (WrongTarget, "safe-move", "§4.2"):
            "the black general may also step diagonally inside its palace",
        TestedBeforeLeaving => "tested-before-leaving" (Order, "vacated-point-opens-line", "§4.2"):
            "each move is tested before the general's old point is emptied, so that point still blocks lines and screens cannons",
        VacatedPointStillScreens => "vacated-point-still-screens" (Stale, "vacated-screen-gone", "§4.2"):
            "a cannon still counts the black general at its old point as a screen after the general moved",
        CapturedPieceStillAttacks => "captured-piece-still-attacks" (Stale, "capture-safe", "§4.2"):
            "a captured piece stays among the attackers, and a chariot sees its own point along an empty line",
        CaptureNotUndone => "capture-not-undone" (NotReset, "capture-safe", "§4.2"):
            "a piece captured while one move is tried is not put back on the board for the next moves",
        MovedGeneralNotCleared => "moved-general-not-cleared" (NotReset, "vacated-point-opens-line", "§4.2"):
            "the black general is not taken off the point of a move tried before, which then blocks later moves",
        EscapeFlagNotReset => "escape-flag-not-reset" (NotReset, "safe-move", "§4.2"):
            "the flag saying the general escapes is never cleared, so after the first NO every case answers NO",
        TerminatorSolved => "terminator-solved" (Reading, "input", "§2"):
            "cases are read until end of file, so the terminator 0 0 0 is solved too and answered YES",
        MixedCaseAnswers => "mixed-case-answers" (Output, "output", "§5"):
            "answers are printed as Yes and No instead of YES and NO",
    }
}
