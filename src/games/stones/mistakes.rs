//! The catalogue of plausible wrong solutions: each is the engine with one
//! rule of spec section 4 bent at the place the engine applies it
//! (`engine.rs`), or the judge file read or the answers written as such a
//! program does (`mistaken.rs`). Each has a witness in `witnesses/`.

/// The facts a partial mistake of the stone game can be limited to: the
/// kind of pile whose value or count a rule site reads, and the group of
/// kinds it belongs to.
pub mod ctx {
    #[allow(unused_imports)] // for partials scoped to the first or a later case
    pub use crate::game::ctx::{case, CASE, FIRST, LATER};
    use crate::game::Context;

    contexts! {
        W = 0 => "w",
        B = 1 => "b",
        WW = 2 => "ww",
        BB = 3 => "bb",
        WB = 4 => "wb",
        BW = 5 => "bw",
        /// The one-stone piles, `w` and `b`.
        SINGLE = 6 => "single",
        /// The two-stone piles of one colour, `ww` and `bb`.
        DOUBLE = 7 => "double",
        /// The two-stone piles of both colours, `wb` and `bw`.
        MIXED = 8 => "mixed",
        /// A pile of a case that lists piles of its kind only: a program
        /// that answers such a case by a shortcut, not by the sum, is
        /// told apart here.
        ALONE = 9 => "alone",
        /// A pile of a case that lists piles of its group only (one-stone,
        /// two of one colour, or mixed), of more than one kind: the same
        /// shortcut taken for a group, such as a case of `bw` and `wb`
        /// piles only, whose `T` is its halves alone.
        ONE_GROUP = 10 => "one-group",
    }

    /// The kind of a pile, one fact of six.
    pub const KINDS: Context = W | B | WW | BB | WB | BW;
}

mistakes! {
    /// Mistakes a contestant plausibly makes in the stone game.
    pub enum Mk {
        BwWbSwapped => "bw-wb-swapped" (WrongTarget, "pile-bw", "§4.1"):
            "the two mixed piles are swapped: the one with a white stone on top is taken as worth +1/2 to A",
        MixedPilesWorthZero => "mixed-piles-worth-zero" (LeftOut, "pile-bw", "§4.1"):
            "a mixed pile holds one stone of each colour, so it is left out as worth nothing",
            @ "bw" (ctx::BW): "the bw pile (black on white) is left out of the values as worth nothing; wb keeps its -1/2",
            @ "wb" (ctx::WB): "the wb pile (white on black) is left out of the values as worth nothing; bw keeps its +1/2",
        MixedPilesWorthOne => "mixed-piles-worth-one" (LeftOut, "pile-wb", "§4.1"):
            "the top stone's move is left out of a mixed pile, which is then worth a whole move to the owner of its bottom stone",
            @ "bw" (ctx::BW): "only the bw pile loses its top stone's move and is worth a whole +1 to A; wb keeps its -1/2",
            @ "wb" (ctx::WB): "only the wb pile loses its top stone's move and is worth a whole -1 to A; bw keeps its +1/2",
        ColoursSwapped => "colours-swapped" (WrongTarget, "pile-w", "§4.1"):
            "A is taken to play the black stones and B the white ones",
            @ "single" (ctx::SINGLE): "the one-stone piles have their signs swapped: w is worth -1 and b +1, the other piles keep theirs",
            @ "double" (ctx::DOUBLE): "the two-stone piles of one colour have their signs swapped: ww is worth -2 and bb +2, the other piles keep theirs",
        HalvesTruncated => "halves-truncated" (OffByOne, "halves-change-outcome", "§4.1"):
            "the value is summed in whole units and the mixed piles' (bw - wb) / 2 truncated, losing an odd half",
        HalvesTiebreak => "halves-tiebreak" (Order, "halves-change-outcome", "§4.1"):
            "the whole-valued piles decide first, and the mixed piles only break a tie between them",
        FirstWinsAtZero => "first-wins-at-zero" (OffByOne, "second-player-wins", "§4.1"):
            "A moving first is taken to win when the value is zero as well (T >= 0)",
        SecondLosesAtZero => "second-loses-at-zero" (OffByOne, "second-player-wins", "§4.1"):
            "A moving second is taken to win only when the value is positive (T > 0)",
        SecondAnswerForB => "second-answer-for-b" (WrongTarget, "a-wins-both", "§4.1"):
            "the second word says whether B, the player then moving first, wins, instead of A",
        CountsNotCleared => "counts-not-cleared" (NotReset, "b-wins-both", "§4.1"):
            "the counts per kind are not cleared between cases, so a kind not listed keeps its count from an earlier case",
            @ "mixed-piles" (ctx::MIXED): "the mixed kinds' counts, kept in variables apart from the array of the others, are not cleared between cases; the array is",
            @ "bw" (ctx::BW): "the clearing loop between cases stops one kind short and leaves the count of bw, the last kind, from an earlier case",
        CountsClearedInPart => "counts-cleared-in-part" (State, "pile-bb", "§4.1"):
            "the 64-bit counts per kind (in the order w b ww bb wb bw) are cleared with memset(cnt, 0, 6 * sizeof(int)), which clears w, b and ww only: bb, wb and bw not listed keep their counts from an earlier case",
        CountsInI32 => "counts-in-i32" (State, "term-beyond-i32", "§4.2"):
            "each count is read with %d into an int, which keeps its low 32 bits as a signed number; T is then summed in 64 bits",
        TotalNotReset => "total-not-reset" (NotReset, "a-wins-both", "§4.1"):
            "the sum T is not reset between cases, so each case adds to the ones before",
        SumInI32 => "sum-in-i32" (Width, "term-beyond-i32", "§4.2"):
            "T is computed in 32-bit integers, which wrap past 2^31",
            @ "mixed-piles" (ctx::MIXED): "the mixed piles' part c(bw) - c(wb) is kept in a 32-bit int, which wraps past 2^31, while the rest of T is exact",
        SumUnsigned => "sum-unsigned" (Width, "b-wins-both", "§4.2"):
            "T is computed in unsigned 64-bit integers like the counts, so a negative T wraps to a huge positive one",
        ValueInDouble => "value-in-double" (Width, "second-player-wins", "§4.2"):
            "the value is summed in double precision, which cannot tell counts apart beyond 2^53",
        LastCaseTwice => "last-case-twice" (Reading, "input", "§2"):
            "the loop tests for end of file before reading, so after the last case it runs once more on the last pile line read",
        AnswersSwapped => "answers-swapped" (Output, "output", "§5"):
            "the answer for A moving second is printed before the one for A moving first",
    }
}
