//! The rules of spec section 4 that a test set should exercise, as events
//! the engine reports while it simulates (`Pigs::rule_hits`).
//!
//! Besides one event per way a card can resolve, the list names the
//! judgements where programs usually go wrong: whom a pig may attack or
//! protect (reveals, suspicion and its lapse), the rescan after every card,
//! and what happens around a death.

rule_events! {
    pub enum Ev {
        DeckExhausted => "deck-exhausted":
            "A draw after the m-th card has been drawn yields another copy of \
             the m-th card: the deck never runs out (section 4.3).",
        PeachEaten => "peach-eaten":
            "A P used in the own play phase while HP is below 4: HP + 1 \
             (section 4.5 table, section 4.6 P).",
        CrossbowEquipped => "crossbow-equipped":
            "A Z used: from now on the pig may use any number of K per play \
             phase (section 4.5 table, section 4.6 Z).",
        CrossbowExtraKill => "crossbow-extra-kill":
            "A K used in a play phase that already used one, allowed only by \
             the crossbow, also one equipped after the first K (section 4.5 \
             K row, section 4.6 Z).",
        OneKillLimit => "one-kill-limit":
            "A K whose target, the next living pig, is an enemy stays in hand \
             because this play phase already used a K and the pig has no \
             crossbow (section 4.5 K row).",
        KillDodged => "kill-dodged":
            "A K on the next living pig, which discards its leftmost D: nothing \
             else happens (section 4.6 K, step 2).",
        KillHits => "kill-hits":
            "A K on the next living pig, which holds no D: it takes 1 damage \
             from the user (section 4.6 K, step 2).",
        FpDuelsMp => "fp-duels-mp":
            "An FP uses F: its duel target is always the MP, wherever it sits \
             (section 4.5 F row).",
        DuelBeyondNext => "duel-beyond-next":
            "The MP or a ZP uses F on its first enemy going forward, which is \
             not the next living pig and so out of reach of a K (section 4.5 \
             F row, section 4.1 Distance).",
        MpDuelsLoyal => "mp-duels-loyal":
            "The MP duels an unrevealed suspected ZP: the ZP discards no K and \
             takes 1 damage from the MP (section 4.6 F, step 3).",
        DuelAnsweredWithK => "duel-answered-with-k":
            "In a duel the responder discards its leftmost K and the other \
             party becomes the responder (section 4.6 F, step 4).",
        DuelUserHurt => "duel-user-hurt":
            "A duel lost by its user: the user runs out of K first and takes 1 \
             damage whose source is the target (section 4.6 F, step 4).",
        DuelCancelled => "duel-cancelled":
            "A J chain cancels a duel: nothing else happens, yet the F is spent \
             and the user stays revealed (section 4.6 F, steps 1-2; section \
             4.7).",
        InvasionUsed => "invasion-used":
            "An N used: every other living pig in seat order from the next \
             must discard a K or take damage (section 4.6 N / W).",
        VolleyUsed => "volley-used":
            "A W used: every other living pig in seat order from the next must \
             discard a D or take damage (section 4.6 N / W).",
        AreaAnswered => "area-answered":
            "A pig reached by an N discards its leftmost K, or by a W its \
             leftmost D, and takes no damage (section 4.6 N / W, step 2).",
        AreaHurts => "area-hurts":
            "A pig reached by an N or W holds no K (N) or no D (W) and takes 1 \
             damage from the user (section 4.6 N / W, step 3).",
        AreaCancelled => "area-cancelled":
            "A J chain cancels an N or W for one pig, which discards nothing and \
             takes no damage, while the others are still processed (section \
             4.6 N / W, step 1; section 4.7).",
        AreaCutShort => "area-cut-short":
            "The game ends while an N or W is processed: the living pigs not \
             yet reached are not processed (section 4.6 N / W; section 4.9 \
             item 4).",
        JChain2 => "j-chain-2":
            "A J is answered by a J: a chain of two or more J, which cancels \
             the trick only if their number is odd (section 4.7, steps 3-4).",
        JByUser => "j-by-user":
            "The user of a trick plays the chain's first J, protecting the \
             target of its own card (section 4.7, step 2).",
        JUnknownTarget => "j-unknown-target":
            "A trick on an unrevealed ZP or FP: a pig of its side holds a J, \
             but nobody may protect an unknown pig (section 4.7, step 1).",
        Revealed => "revealed":
            "A ZP or FP reveals its true role for good by using a K or an F or \
             playing a J (section 4.1 Revealed).",
        SuspectedRebelMarked => "suspected-rebel-marked":
            "An unrevealed pig, ZP or FP, whose N or W dealt damage to the MP, \
             which survived it, is marked suspected (类反贼) and becomes the \
             MP's enemy (section 4.8; section 4.6 N / W, step 3).",
        RevealedNotSuspected => "revealed-not-suspected":
            "An N or W of an already revealed pig hurts the MP, which survives: \
             the user is not marked (section 4.8).",
        MpAttacksSuspected => "mp-attacks-suspected":
            "The MP uses a K or an F on an unrevealed suspected pig (section \
             4.1 Enemies, section 4.8).",
        SuspicionVoidAfterReveal => "suspicion-void-after-reveal":
            "A suspected pig has since revealed as a ZP and is no longer the \
             MP's enemy: the MP's K stays in hand, or its F looks past that pig \
             (section 4.1 Enemies, section 4.8).",
        RescanLeft => "rescan-left":
            "After a card is resolved the scan restarts from the left and uses \
             a card left of the one just used that was not usable before (an HP \
             loss, a reveal, a death changing the next pig, a crossbow) \
             (section 4.5, step 3).",
        DyingEatsPeach => "dying-eats-peach":
            "A pig at 0 HP discards its leftmost P and is back at 1 HP, in \
             anyone's turn (section 4.9 item 2).",
        FpKilledReward => "fp-killed-reward":
            "An FP dies and the game goes on: the damage source, whatever its \
             role, draws 3 cards (section 4.9 item 3.3).",
        ZpKilledByMp => "zp-killed-by-mp":
            "The MP kills a ZP and the game goes on: the MP discards its whole \
             hand and loses its crossbow (section 4.9 item 3.4).",
        DiedInOwnTurn => "died-in-own-turn":
            "The active pig dies in its own play phase (it lost its own duel) \
             and the game goes on: its turn ends at once (section 4.4; section \
             4.9, last paragraph).",
        MpSideWins => "mp-side-wins":
            "The last living FP dies: the MP side wins and everything stops at \
             once (section 4.9 items 3.2 and 4; section 5).",
        FpSideWins => "fp-side-wins":
            "The MP dies: the FP side wins and everything stops at once \
             (section 4.9 items 3.1 and 4; section 5).",
    }
}
