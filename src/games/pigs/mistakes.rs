//! The catalogue of plausible wrong solutions: each is the engine with one
//! rule of spec section 4 bent at the place the engine applies it
//! (`engine.rs` and its children in `engine/`), or the judge file read or
//! the answers written as such a program does (`mistaken.rs`). Each has a witness
//! in `witnesses/`.
//!
//! Most of them sit where two rules meet or where state must be read again
//! after it changed: a hand after cards were used, drawn or discarded, who
//! is alive after a death, a pig's reveal after it acted, the deck once it
//! ran out, the end of the game in the middle of a card.
//!
//! A partial mistake (`NAME@SCOPE`) is played only where the rule site's
//! context (the bits of [`ctx`]) holds its scope: which card is at stake,
//! the role of the pig the rule looks at, which link of a J chain, whether
//! the pig is hurt in its own turn, whether an N or W is being resolved.

/// The facts a rule site of the engine may state, so that a partial
/// mistake is played only there. Which pig a role bit names depends on the
/// site, and each partial mistake says it in its description.
pub mod ctx {
    // A judge file holds one game, so the case facts of
    // `crate::game::ctx` never tell anything apart here.

    contexts! {
        /// The role of the pig the site looks at.
        MASTER = 0 => "master",
        LOYAL = 1 => "loyal",
        REBEL = 2 => "rebel",
        /// The card at stake: used, answered with or discarded.
        KILL = 3 => "kill",
        DODGE = 4 => "dodge",
        DUEL = 5 => "duel",
        INVASION = 6 => "invasion",
        VOLLEY = 7 => "volley",
        NEGATION = 8 => "negation",
        CROSSBOW = 9 => "crossbow",
        PEACH = 10 => "peach",
        /// A J chain's first J, which protects the target, or a later one,
        /// which answers a J.
        FIRST_LINK = 11 => "first-link",
        ANSWER = 12 => "answer",
        /// The pig hurt is the one whose turn it is.
        OWN_TURN = 13 => "own-turn",
        /// An N or a W is being resolved: held for the whole card, its J
        /// chains and the deaths it causes included.
        AREA = 14 => "area",
        /// Some pig has died: the seats, the next pig and the enemies
        /// are no longer those of the deal. Entered at the first death,
        /// so that every rule event after it says so.
        AFTER_DEATH = 15 => "after-death",
        /// The pig using the card sits last in the deal: the seat after it
        /// is pig 1's again, where a sweep of the seats wraps round.
        LAST_SEAT = 16 => "last-seat",
        /// The card a rescan uses lay right of the card used before, and a
        /// card of the same hand discarded while that one was resolved (a
        /// J of its chain, a D or K answering) moved it left of that
        /// card's place: a program going on from the place it remembers
        /// steps over it.
        MOVED_BY_DISCARD = 17 => "moved-by-discard",
    }
}

mistakes! {
    /// Mistakes a contestant plausibly makes in pigs.
    pub enum Mk {
        DeckRunsDry => "deck-runs-dry" (LeftOut, "deck-exhausted", "§4.3"):
            "once the deck is used up a draw gives no card, instead of a copy of the last card",
        NoDyingPeach => "no-dying-peach" (LeftOut, "dying-eats-peach", "§4.9"):
            "a pig brought to 0 HP dies at once, without eating a peach it holds",
            @ "own-turn" (ctx::OWN_TURN): "a pig brought to 0 HP in its own turn (losing its own duel) dies without eating its peach; in others' turns it eats one",
        NoRebelReward => "no-rebel-reward" (LeftOut, "fp-killed-reward", "§4.9"):
            "killing an FP earns no cards",
            @ "rebel" (ctx::REBEL): "an FP that kills an FP earns no cards; the MP or a ZP killing one draws 3",
            @ "area" (ctx::AREA): "an FP killed by the damage of an N or W earns its user no cards; killed by a K or in a duel it earns the 3 cards",
        NoLoyalKillPenalty => "no-loyal-kill-penalty" (LeftOut, "zp-killed-by-mp", "§4.9"):
            "the MP keeps its hand and crossbow after killing a ZP",
        PenaltyKeepsCrossbow => "penalty-keeps-crossbow" (LeftOut, "zp-killed-by-mp", "§4.9"):
            "the MP that kills a ZP discards its hand but keeps its crossbow",
        NoSuspicion => "no-suspicion" (LeftOut, "suspected-rebel-marked", "§4.8"):
            "the MP never suspects anybody: only revealed FPs are its enemies",
            @ "loyal" (ctx::LOYAL): "the MP never suspects a ZP, only an FP whose N or W hurt it",
            @ "volley" (ctx::VOLLEY): "a W that hurts the MP does not make its unrevealed user suspected; an N does",
        SuspectedWhenAnswered => "suspected-when-answered" (LeftOut, "suspected-rebel-marked", "§4.8"):
            "the MP suspects the unrevealed user of an N or W that reached it even when it answered with K or D",
        DuelNeverNegated => "duel-never-negated" (LeftOut, "duel-cancelled", "§4.6"):
            "no J chain is run for a duel: only N and W can be negated",
        AreaNeverNegated => "area-never-negated" (LeftOut, "area-cancelled", "§4.6"):
            "no J chain is run for N and W: only a duel can be negated",
            @ "invasion" (ctx::INVASION): "no J chain is run for an N; a W is negated as it should be",
            @ "volley" (ctx::VOLLEY): "no J chain is run for a W; an N is negated as it should be",
        JNeverAnswered => "j-never-answered" (LeftOut, "j-chain-2", "§4.7"):
            "a J always cancels the trick: nobody plays a J against a J",
        UnknownTargetsProtected => "unknown-targets-protected" (LeftOut, "j-unknown-target", "§4.7"):
            "pigs protect unrevealed pigs of their own side too: step 1 of the J chain is left out",
            @ "loyal" (ctx::LOYAL): "the MP's side protects unrevealed ZPs too; unrevealed FPs stay unprotected",
            @ "rebel" (ctx::REBEL): "FPs protect unrevealed FPs too; unrevealed ZPs stay unprotected",
        JDoesNotReveal => "j-does-not-reveal" (LeftOut, "revealed", "§4.1"):
            "playing a J does not reveal the pig: only K and F do",
            @ "answer" (ctx::ANSWER): "a J that answers a J does not reveal its pig; the chain's first J does",
        LoyalFightsMpDuel => "loyal-fights-mp-duel" (LeftOut, "mp-duels-loyal", "§4.6"):
            "a ZP dueled by the MP answers with K like anyone else",
        AreaNotCutShort => "area-not-cut-short" (LeftOut, "area-cut-short", "§4.9"):
            "an N or W goes on round the circle after a death in it ended the game",
        WinCheckedAtTurnEnd => "win-checked-at-turn-end" (LeftOut, "mp-side-wins", "§4.9"):
            "whether a side has won is checked only when a turn ends, so the turn plays on",
        KillLimitIgnored => "kill-limit-ignored" (LeftOut, "one-kill-limit", "§4.5"):
            "any number of K may be used in a play phase, with or without a crossbow",
        SecondCrossbowKept => "second-crossbow-kept" (LeftOut, "crossbow-equipped", "§4.6"):
            "a pig that already has a crossbow keeps further Z in hand instead of using them",
        ScanGoesOn => "scan-goes-on" (LeftOut, "rescan-left", "§4.5"):
            "after a card is used the scan goes on to its right instead of restarting from the left",
        DeadSeatBlocksKill => "dead-seat-blocks-kill" (LeftOut, "kill-hits", "§4.1"):
            "dead pigs stay in the circle for a K: it reaches only the seat after the user, dead or alive",
        DeadPigPlaysOn => "dead-pig-plays-on" (LeftOut, "died-in-own-turn", "§4.4"):
            "a pig that dies in its own turn is not stopped: it plays on with the hand it held",
        PeachAtFullHp => "peach-at-full-hp" (OffByOne, "peach-eaten", "§4.5"):
            "P is usable while HP is at most 4, so a pig at full HP eats one and reaches 5",
        DyingBelowZero => "dying-below-zero" (OffByOne, "dying-eats-peach", "§4.9"):
            "a pig is dying only below 0 HP, so it lives on at 0",
        UserNeverNegates => "user-never-negates" (OffByOne, "j-by-user", "§4.7"):
            "the search for a protecting J runs from the pig after the trick's user round to the pig before it",
            @ "area" (ctx::AREA): "for an N or W the search for a protecting J runs from the pig after the user; for an F it starts at the user",
        AreaSkipsLast => "area-skips-last" (OffByOne, "invasion-used", "§4.6"):
            "an N or W stops one seat short: the pig sitting just before its user is never reached",
        JSearchSkipsLast => "j-search-skips-last" (OffByOne, "duel-cancelled", "§4.7"):
            "a search for a J looks at n - 1 seats, missing the seat just before the one it starts at",
        DuelUserFirst => "duel-user-first" (Order, "duel-answered-with-k", "§4.6"):
            "in a duel the user discards the first K, not the target",
        AreaFromPigOne => "area-from-pig-one" (Order, "invasion-used", "§4.6"):
            "an N or W goes through the other pigs from pig 1 on, not from the user's next",
        RewardBeforeWin => "reward-before-win" (Order, "mp-side-wins", "§4.9"):
            "the killer of an FP draws its 3 cards before the game is checked for a win",
        RevealAfterNegation => "reveal-after-negation" (Order, "duel-cancelled", "§4.6"):
            "a duel's user is revealed after its J chain, so not at all when the duel is cancelled",
        AnswerSearchFromUser => "answer-search-from-user" (Order, "j-chain-2", "§4.7"):
            "every J search of a chain starts at the trick's user, not after the pig that played the last J",
        RewardAfterCard => "reward-after-card" (Order, "fp-killed-reward", "§4.9"):
            "the 3 cards for killing an FP are drawn once the killing card is resolved, too late for the J chains of its N or W",
        PeachFirst => "peach-first" (Order, "rescan-left", "§4.5"):
            "a pig below 4 HP eats its peaches before any other card, wherever they lie in its hand",
        DiscardBeforeNegation => "discard-before-negation" (Order, "area-cancelled", "§4.6"):
            "a pig reached by an N or W answers with K or D first; J chains run only for pigs without one",
        DiscardsRightmost => "discards-rightmost" (WrongTarget, "kill-dodged", "§4.6"):
            "a pig that must discard a card discards its rightmost copy, not its leftmost",
            @ "dodge" (ctx::DODGE): "a pig throwing away a D (for a K or a W) throws its rightmost one; other cards go from the left",
            @ "peach" (ctx::PEACH): "a dying pig eats its rightmost P; other cards go from the left",
        RewardToActivePig => "reward-to-active-pig" (WrongTarget, "fp-killed-reward", "§4.9"):
            "the 3 cards for an FP's death go to the pig whose turn it is, not to the damage source",
        RewardForAnyKill => "reward-for-any-kill" (WrongTarget, "fp-killed-reward", "§4.9"):
            "killing any pig, not only an FP, earns 3 cards",
        PenaltyForAnyKiller => "penalty-for-any-killer" (WrongTarget, "zp-killed-by-mp", "§4.9"):
            "any pig that kills a ZP, not only the MP, discards its hand and crossbow",
            @ "loyal" (ctx::LOYAL): "a ZP that kills a ZP discards its hand and crossbow as the MP does",
        FpDuelsFirstEnemy => "fp-duels-first-enemy" (WrongTarget, "fp-duels-mp", "§4.5"):
            "an FP duels its first enemy going forward, as the other pigs do, instead of the MP",
        DuelNextOnly => "duel-next-only" (WrongTarget, "duel-beyond-next", "§4.5"):
            "the MP and the ZPs duel only the next living pig, when it is an enemy",
            @ "loyal" (ctx::LOYAL): "a ZP duels only the next living pig, when it is an enemy; the MP looks further",
        KillReachesAnyEnemy => "kill-reaches-any-enemy" (WrongTarget, "kill-hits", "§4.1"):
            "a K reaches the first enemy going forward, however far it sits",
        LoyalAttacksSuspected => "loyal-attacks-suspected" (WrongTarget, "mp-attacks-suspected", "§4.1"):
            "the ZPs too treat unrevealed suspected pigs as enemies",
        UnknownSelfProtects => "unknown-self-protects" (WrongTarget, "j-unknown-target", "§4.7"):
            "an unrevealed target protects itself with its own J",
        ProtectionFromTarget => "protection-from-target" (WrongTarget, "j-by-user", "§4.7"):
            "the search for a protecting J starts at the target, not at the trick's user",
        AreaReveals => "area-reveals" (WrongTarget, "revealed", "§4.1"):
            "using an N or W reveals the user, as K and F do",
        AreaAnswersSwapped => "area-answers-swapped" (WrongTarget, "area-answered", "§4.6"):
            "an N is answered with D and a W with K",
            @ "invasion" (ctx::INVASION): "an N is answered with D, as a W is",
        KillLimitNeverReset => "kill-limit-never-reset" (NotReset, "one-kill-limit", "§4.5"):
            "the flag of a used K is never cleared between turns: without a crossbow, only the game's first K is used",
        JCountNotReset => "j-count-not-reset" (NotReset, "j-chain-2", "§4.7"):
            "the count of J played is not reset between chains: a trick is cancelled when the running total is odd",
        CancelNotReset => "cancel-not-reset" (NotReset, "area-cancelled", "§4.6"):
            "once an N or W is cancelled for one pig, it stays cancelled for every pig after it",
        KillTargetOnce => "kill-target-once" (Stale, "kill-hits", "§4.5"):
            "the K target, the next living pig, is found once per play phase, not again after deaths",
        DuelTargetOnce => "duel-target-once" (Stale, "duel-beyond-next", "§4.5"):
            "the duel target is found once per play phase, not again after reveals or deaths",
        CrossbowCheckedOnce => "crossbow-checked-once" (Stale, "crossbow-extra-kill", "§4.6"):
            "the crossbow is looked at when the play phase starts: one equipped after a K allows more only next turn",
        PeachNeedCheckedOnce => "peach-need-checked-once" (Stale, "peach-eaten", "§4.5"):
            "whether HP is below 4 is read when the play phase starts, not again after peaches or damage",
        NextTurnChosenEarly => "next-turn-chosen-early" (Stale, "died-in-own-turn", "§4.4"):
            "the next pig to play is chosen before the turn, so a pig killed in it still takes a turn and draws",
        SuspicionOutlivesReveal => "suspicion-outlives-reveal" (Stale, "suspicion-void-after-reveal", "§4.1"):
            "the MP goes on attacking a suspected pig after it revealed as a ZP",
        DrawFillsHoles => "draw-fills-holes" (State, "rescan-left", "§4.3"):
            "the hand is an array where used and thrown cards leave holes, and a drawn card fills the leftmost hole instead of going to the right end",
        DeadSeatDraws => "dead-seat-draws" (State, "died-in-own-turn", "§4.4"):
            "the turn loop goes through every seat: a dead pig's turn still draws its 2 cards before the seat is found dead",
        TurnIndexNotShifted => "turn-index-not-shifted" (State, "died-in-own-turn", "§4.4"):
            "the living pigs are a list that a death erases from, and the turn's index is not moved back when the dead pig sat at or before it: the next turn skips a pig",
        SuspicionInRevealField => "suspicion-in-reveal-field" (State, "suspected-rebel-marked", "§4.8"):
            "suspicion is stored in the field that holds what a pig revealed, as 'shown FP': every pig, not only the MP, takes a suspected pig for a revealed FP",
        DeckWrapsAround => "deck-wraps-around" (State, "deck-exhausted", "§4.3"):
            "the deck index is taken modulo m: after the m-th card the draws start again from the top card",
        CancelledDuelNoRescan => "cancelled-duel-no-rescan" (State, "duel-cancelled", "§4.5"):
            "after a duel cancelled by J the scan of the hand goes on from the card after the F instead of restarting from the left",
        SuspicionOverwritesReveal => "suspicion-overwrites-reveal" (State, "revealed-not-suspected", "§4.8"):
            "reveal and suspicion share one status field: an N or W of a revealed pig that hurts the MP makes it an unrevealed suspected pig again, until it reveals anew",
        MpUnknownUntilItActs => "mp-unknown-until-it-acts" (State, "j-unknown-target", "§4.1"):
            "the MP has a reveal flag like the others, false at the start: nobody protects the MP with a J until it has used a K or an F or played a J",
        PenaltyLeavesStaleMarks => "penalty-leaves-stale-marks" (State, "zp-killed-by-mp", "§4.9"):
            "a hand is kept as slots in the order cards came, each with a mark once the card is gone; the MP's penalty empties the slots but not the marks, so a card arriving in a slot marked before is gone at once",
        DeckReadAsStack => "deck-read-as-stack" (Reading, "input", "§2"):
            "the deck is pushed onto a stack as it is read, so the last card listed is drawn first",
        EmptyHandNoLine => "empty-hand-no-line" (Output, "output", "§5"):
            "a living pig without cards prints nothing, not even its line break",
        CrossbowPrinted => "crossbow-printed" (Output, "output", "§5"):
            "an equipped crossbow is printed as a Z at the end of its owner's hand",
    }
}
