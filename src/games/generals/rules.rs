//! The rules of spec section 4 that a test set should exercise, as events
//! the engine reports while it plays (`Generals::rule_hits`).
//!
//! Attacks on the opponent's castle are kept apart from attacks on ordinary
//! cells: the same arithmetic there also decides the game, and programs that
//! get the cell right often get the end check wrong.

rule_events! {
    pub enum Ev {
        CastleBonus => "castle-bonus":
            "Before each executed move the mover's castle gains one soldier \
             (section 4, one move, step 1).",
        BonusBeforeMove => "bonus-before-move":
            "A move from the mover's own castle: the soldier just gained by the \
             castle bonus moves with the others, because the bonus comes first \
             (section 4, one move, steps 1 and 2).",
        MoveToEmpty => "move-to-empty":
            "All but one soldier of the source move onto an empty cell, which \
             becomes the mover's (section 4, step 3, target empty).",
        JoinOwnCell => "join-own-cell":
            "The moving soldiers join a cell the mover already owns and its \
             count grows by them (section 4, step 3, target owned by X).",
        AttackTieEmptiesCell => "attack-tie-empties-cell":
            "As many attackers as defenders on an ordinary cell: both groups \
             are destroyed and the cell becomes empty, owned by nobody \
             (section 4, step 3, a = e).",
        AttackRepelled => "attack-repelled":
            "Fewer attackers than defenders on an ordinary cell: the attackers \
             are destroyed and the defender keeps e - a there (section 4, \
             step 3, e > a).",
        AttackCapturesCell => "attack-captures-cell":
            "More attackers than defenders on an ordinary cell: the cell \
             becomes the mover's with a - e soldiers (section 4, step 3, a > e).",
        CastleAttackRepelled => "castle-attack-repelled":
            "An attack on the opponent's castle with fewer soldiers than it \
             holds: the castle keeps its owner and the game goes on (section 4, \
             steps 3 (e > a) and 4).",
        CastleEmptiedByATie => "castle-emptied-by-a-tie":
            "An attack on the opponent's castle with exactly as many soldiers \
             as it holds: the castle becomes empty, and an empty castle is lost, \
             so the mover wins (section 4, steps 3 (a = e) and 4).",
        CastleCaptured => "castle-captured":
            "An attack on the opponent's castle with more soldiers than it \
             holds: the castle becomes the mover's and the mover wins \
             (section 4, steps 3 (a > e) and 4).",
        StackBeyond32Bits => "stack-beyond-32-bits":
            "A castle bonus or a merge leaves a cell holding more than \
             2^31 - 1 soldiers, more than a 32-bit count holds (section 4, \
             Ranges).",
        ScoreBeyond32Bits => "score-beyond-32-bits":
            "A final score exceeds 2^31 - 1 and must be summed and printed \
             with 64 bits (section 4, Scores and Ranges).",
        LinesIgnoredAfterEnd => "lines-ignored-after-end":
            "The game ends before the last move line; the remaining lines are \
             read and ignored, with no castle bonus and no move (section 4, \
             Rounds).",
        AliceWins => "alice-wins":
            "Alice takes or empties Bob's castle: verdict `Alice wins!!!` \
             (section 4, step 4; section 5).",
        BobWins => "bob-wins":
            "Bob takes or empties Alice's castle: verdict `Bob wins!!` \
             (section 4, step 4; section 5).",
        DrawAfterAllRounds => "draw-after-all-rounds":
            "All Q rounds are played and neither castle fell: verdict `draw!` \
             (section 4, after the steps of a move; section 5).",
    }
}
