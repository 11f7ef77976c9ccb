//! The catalogue of plausible wrong solutions: each is the engine with one
//! rule of spec section 4 bent at the place the engine applies it
//! (`engine.rs`), or the judge file read or the answers written as such a
//! program does (`mistaken.rs`). Each has a witness in `witnesses/`.

mistakes! {
    /// Mistakes a contestant plausibly makes in the stone game.
    pub enum Mk {
        BwWbSwapped => "bw-wb-swapped" (WrongTarget, "pile-bw", "§4.1"):
            "the two mixed piles are swapped: the one with a white stone on top is taken as worth +1/2 to A",
        MixedPilesWorthZero => "mixed-piles-worth-zero" (LeftOut, "pile-bw", "§4.1"):
            "a mixed pile holds one stone of each colour, so it is left out as worth nothing",
        MixedPilesWorthOne => "mixed-piles-worth-one" (LeftOut, "pile-wb", "§4.1"):
            "the top stone's move is left out of a mixed pile, which is then worth a whole move to the owner of its bottom stone",
        ColoursSwapped => "colours-swapped" (WrongTarget, "pile-w", "§4.1"):
            "A is taken to play the black stones and B the white ones",
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
        TotalNotReset => "total-not-reset" (NotReset, "a-wins-both", "§4.1"):
            "the sum T is not reset between cases, so each case adds to the ones before",
        SumInI32 => "sum-in-i32" (Width, "term-beyond-i32", "§4.2"):
            "T is computed in 32-bit integers, which wrap past 2^31",
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
