//! The catalogue of plausible wrong solutions: each is the engine with one
//! rule of spec section 4 bent at the place the engine applies it
//! (`engine.rs`), or the judge file read or the answers written as such a
//! program does (`mistaken.rs`). Each has a witness in `witnesses/`.

/// The facts a rule site of the engine can be applied in, for the partial
/// mistakes: programs often write one direction, one piece kind or one
/// jump of a table apart from the others, and get only that one wrong.
pub mod ctx {
    #[allow(unused_imports)] // the case facts some scopes may name
    pub use crate::game::ctx::{case, CASE, FIRST, LATER};
    use crate::game::Context;

    contexts! {
        /// The attacking piece stands in a row above the attacked point.
        ABOVE = 0 => "above",
        /// The attacking piece stands in a row below the attacked point.
        BELOW = 1 => "below",
        /// The attacking piece stands in a column left of the attacked point.
        LEFT = 2 => "left",
        /// The attacking piece stands in a column right of the attacked point.
        RIGHT = 3 => "right",
        /// A horse's jump of two rows and one column.
        TALL = 4 => "tall",
        /// A horse's jump of one row and two columns.
        WIDE = 5 => "wide",
        /// The attacking piece is the red general.
        GENERAL = 6 => "general",
        /// The attacking piece is a chariot.
        CHARIOT = 7 => "chariot",
        /// The attacking piece is a horse.
        HORSE = 8 => "horse",
        /// The attacking piece is a cannon.
        CANNON = 9 => "cannon",
        /// The black general's move goes up (towards row 1).
        MOVE_UP = 10 => "move-up",
        /// The black general's move goes down (towards row 10).
        MOVE_DOWN = 11 => "move-down",
        /// The black general's move goes left (towards column 1).
        MOVE_LEFT = 12 => "move-left",
        /// The black general's move goes right (towards column 9).
        MOVE_RIGHT = 13 => "move-right",
        /// A piece on the generals' column above the black general.
        ABOVE_BLACK = 14 => "above-black",
        /// A piece on the generals' column below the red general.
        BELOW_RED = 15 => "below-red",
        /// The attacking piece stands on the attacked point's row.
        ROW = 16 => "row",
        /// The attacking piece stands on the attacked point's column.
        COLUMN = 17 => "column",
    }

    /// The side of an attacking piece against the attacked point.
    pub const SIDES: Context = ABOVE | BELOW | LEFT | RIGHT;
    /// The shape of a horse's jump: its sides and its long side.
    pub const JUMP: Context = SIDES | TALL | WIDE;
}

mistakes! {
    /// Mistakes a contestant plausibly makes in xiangqi.
    pub enum Mk {
        HorseLegIgnored => "horse-leg-ignored" (LeftOut, "horse-leg-blocked", "§4.1"):
            "a horse attacks every point a jump away, even with a piece on its leg point",
            @ "above" (ctx::ABOVE): "a horse above the attacked point jumps over a piece on its leg point",
            @ "below" (ctx::BELOW): "a horse below the attacked point jumps over a piece on its leg point",
            @ "left" (ctx::LEFT): "a horse left of the attacked point jumps over a piece on its leg point",
            @ "right" (ctx::RIGHT): "a horse right of the attacked point jumps over a piece on its leg point",
        HorseLegBesideTarget => "horse-leg-beside-target" (WrongTarget, "horse-leg-blocked", "§4.1"):
            "the leg point is taken next to the attacked point instead of next to the horse",
            @ "down-right-jump" (ctx::ABOVE | ctx::LEFT | ctx::TALL): "only for the jump two rows down and one column right is the leg point taken next to the attacked point, one row above it",
        HorseLegSideways => "horse-leg-sideways" (WrongTarget, "horse-leg-blocked", "§4.1"):
            "the leg point is taken one step along the short side of the jump instead of the long side",
            @ "tall" (ctx::TALL): "for jumps of two rows only, the leg point is taken beside the horse in the column of the attacked point",
            @ "wide" (ctx::WIDE): "for jumps of two columns only, the leg point is taken beside the horse in the row of the attacked point",
        GeneralNeverDefends => "general-never-defends" (LeftOut, "general-attacks", "§4.1"):
            "the red general attacks no point: the flying general only matters when the generals already face",
        GeneralSeesThroughPieces => "general-sees-through-pieces" (LeftOut, "general-view-blocked", "§4.1"):
            "the red general attacks every point of its column, even with pieces between",
        CannonWithoutScreen => "cannon-without-screen" (OffByOne, "cannon-no-screen", "§4.1"):
            "a cannon attacks with at most one piece between, so also along an open line like a chariot",
            @ "rows" (ctx::ROW): "a cannon on the attacked point's row attacks it along an open row; along columns it needs its screen",
            @ "above" (ctx::ABOVE): "a cannon above the attacked point attacks it along an open column",
            @ "below" (ctx::BELOW): "a cannon below the attacked point attacks it along an open column",
            @ "left" (ctx::LEFT): "a cannon left of the attacked point attacks it along an open row",
            @ "right" (ctx::RIGHT): "a cannon right of the attacked point attacks it along an open row",
        CannonOverManyScreens => "cannon-over-many-screens" (LeftOut, "cannon-two-screens", "§4.1"):
            "a cannon attacks over any number of pieces between, as long as there is one",
            @ "below" (ctx::BELOW): "a cannon below the attacked point attacks it over two or more pieces of its column",
            @ "left" (ctx::LEFT): "a cannon left of the attacked point attacks it over two or more pieces of its row",
            @ "right" (ctx::RIGHT): "a cannon right of the attacked point attacks it over two or more pieces of its row",
        RowAttacksMissed => "row-attacks-missed" (LeftOut, "chariot-attacks", "§4.1"):
            "chariots and cannons attack only along the attacked point's column: the scan along its row is left out",
            @ "left" (ctx::LEFT): "a chariot or cannon left of the attacked point on its row never attacks it: the scan towards the left is left out",
            @ "right" (ctx::RIGHT): "a chariot or cannon right of the attacked point on its row never attacks it: the scan towards the right is left out",
        RedGeneralNeverScreens => "red-general-never-screens" (LeftOut, "cannon-screen-is-red-general", "§4.1"):
            "the red general is not counted among the pieces between a cannon and its target",
        FacingGeneralsIgnored => "facing-generals-ignored" (LeftOut, "facing-generals", "§4.2"):
            "no answer NO for generals facing each other: the moves are examined as in any other case",
        FacingCountsWholeColumn => "facing-counts-whole-column" (WrongTarget, "facing-generals", "§4.2"):
            "any other piece on the generals' column, even above the black or below the red general, stops them facing",
            @ "above-black" (ctx::ABOVE_BLACK): "a piece above the black general on the generals' column stops them facing; one below the red general does not",
            @ "below-red" (ctx::BELOW_RED): "a piece below the red general on the generals' column stops them facing; one above the black general does not",
        FacingScanStopsShort => "facing-scan-stops-short" (OffByOne, "generals-file-blocked", "§4.2"):
            "the scan for pieces between the generals stops one point early and misses the point just above the red general",
        FacingAfterMoveSafe => "facing-after-move-safe" (Order, "general-attacks", "§4.2"):
            "a move onto the red general's open column is safe, as if black captured the general before red replies",
        MovesLeavePalace => "moves-leave-palace" (LeftOut, "move-off-palace", "§4.2"):
            "the black general may step anywhere on the board, out of its palace",
            @ "left" (ctx::MOVE_LEFT): "the black general may step left out of its palace, from column 4 to column 3",
            @ "right" (ctx::MOVE_RIGHT): "the black general may step right out of its palace, from column 6 to column 7",
        PalaceFourRows => "palace-four-rows" (OffByOne, "move-off-palace", "§4.2"):
            "the black palace is taken to reach row 4, so the general may step down to it",
        DiagonalMoves => "diagonal-moves" (WrongTarget, "safe-move", "§4.2"):
            "the black general may also step diagonally inside its palace",
        TestedBeforeLeaving => "tested-before-leaving" (Order, "vacated-point-opens-line", "§4.2"):
            "each move is tested before the general's old point is emptied, so that point still blocks lines and screens cannons",
            @ "chariot" (ctx::CHARIOT): "a chariot's line to a move's point is tested before the black general's old point is emptied, so that point still blocks it",
            @ "cannon" (ctx::CANNON): "a cannon's line to a move's point is tested before the black general's old point is emptied, so that point still counts as a screen",
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
        AttackMarksBlockLines => "attack-marks-block-lines" (State, "chariot-blocked", "§4.1"):
            "the points each red piece attacks are marked in the array that holds the pieces, so for the pieces tested after it (in input order, until one attacks the move) a marked empty point blocks lines, screens cannons and blocks horse legs",
        LastRowNotCleared => "last-row-not-cleared" (State, "safe-move", "§4.2"):
            "the board is cleared over rows 1 to 9 only between cases, so red pieces of earlier cases on row 10 stay and attack in later cases, until a later piece stands on their point",
        PalaceBoundsShiftedOne => "palace-bounds-shifted-one" (State, "move-off-palace", "§4.2"):
            "the board is 0-based but the palace test of a move keeps the 1-based bounds, so moves go to rows 2 to 4 and columns 5 to 7",
        FirstAttackedMoveEndsScan => "first-attacked-move-ends-scan" (State, "checkmate", "§4.2"):
            "the scan over the moves (up, down, left, right) stops at the first move inside the palace that is attacked and answers YES, so later moves are never tried",
        PieceCountNotReset => "piece-count-not-reset" (State, "safe-move", "§4.2"):
            "the count of the list the red pieces are read into is not reset between cases, so the pieces of earlier cases still attack in later cases, though the board (rebuilt each case) does not hold them",
        TerminatorSolved => "terminator-solved" (Reading, "input", "§2"):
            "cases are read until end of file, so the terminator 0 0 0 is solved too and answered YES",
        MixedCaseAnswers => "mixed-case-answers" (Output, "output", "§5"):
            "answers are printed as Yes and No instead of YES and NO",
    }
}
