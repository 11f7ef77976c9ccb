# Pig Kill ([SDOI2010] 猪国杀): the winning side and every pig's hand. Right solver, Python 3.
import sys

MP, ZP, FP = 0, 1, 2


class Over(Exception):
    """A side has won: everything stops at once."""


class Game:
    def __init__(self, roles, hands, deck):
        self.n = len(roles)
        self.role = roles
        self.hand = hands
        self.deck = deck
        self.drawn = 0
        self.hp = [4] * self.n
        self.alive = [True] * self.n
        self.revealed = [False] * self.n
        self.suspected = [False] * self.n
        self.crossbow = [False] * self.n
        self.winner = None

    # Terms (section 4.1).

    def side(self, i):
        return FP if self.role[i] == FP else MP

    def known(self, i):
        return self.role[i] == MP or self.revealed[i]

    def reveal(self, i):
        if self.role[i] != MP:
            self.revealed[i] = True

    def next_alive(self, i):
        i = (i + 1) % self.n
        while not self.alive[i]:
            i = (i + 1) % self.n
        return i

    def enemy(self, a, b):
        """Whether pig a may attack pig b with K or F."""
        role = self.role[a]
        if role == MP:
            return self.role[b] == FP if self.revealed[b] else self.suspected[b]
        if role == ZP:
            return self.revealed[b] and self.role[b] == FP
        return self.role[b] == MP or (self.revealed[b] and self.role[b] == ZP)

    # Cards (sections 4.3 and 4.6).

    def draw(self, i, k):
        last = len(self.deck) - 1
        for _ in range(k):
            self.hand[i].append(self.deck[min(self.drawn, last)])
            self.drawn += 1

    def discard(self, i, card):
        """Throws away pig i's leftmost `card`; False when it holds none."""
        hand = self.hand[i]
        try:
            del hand[hand.index(card)]
        except ValueError:
            return False
        return True

    # Damage and death (section 4.9).

    def damage(self, target, source):
        self.hp[target] -= 1
        if self.hp[target] > 0:
            return
        if self.discard(target, "P"):
            self.hp[target] += 1
            return
        self.alive[target] = False
        self.hand[target] = []
        self.crossbow[target] = False
        if self.role[target] == MP:
            self.winner = "FP"
            raise Over
        if not any(self.alive[i] and self.role[i] == FP for i in range(self.n)):
            self.winner = "MP"
            raise Over
        if self.role[target] == FP:
            self.draw(source, 3)
        elif self.role[source] == MP:
            self.hand[source] = []
            self.crossbow[source] = False

    # J chains (section 4.7).

    def first_with_j(self, start, side):
        i = start
        for _ in range(self.n):
            if self.alive[i] and self.side(i) == side and "J" in self.hand[i]:
                return i
            i = (i + 1) % self.n
        return None

    def negated(self, user, target):
        """Runs the J chain of a trick of `user` on `target`; True if cancelled."""
        if not self.known(target):
            return False
        played = 0
        y = self.first_with_j(user, self.side(target))
        while y is not None:
            self.discard(y, "J")
            self.reveal(y)
            played += 1
            y = self.first_with_j((y + 1) % self.n, MP if self.side(y) == FP else FP)
        return played % 2 == 1

    # Tricks.

    def duel_target(self, a):
        if self.role[a] == FP:
            return 0
        i = self.next_alive(a)
        while i != a:
            if self.enemy(a, i):
                return i
            i = self.next_alive(i)
        return None

    def duel(self, user, target):
        self.reveal(user)
        if self.negated(user, target):
            return
        if self.role[user] == MP and self.role[target] == ZP:
            self.damage(target, user)
            return
        answers, other = target, user
        while self.discard(answers, "K"):
            answers, other = other, answers
        self.damage(answers, other)

    def area(self, user, answer):
        """N (answered with K) or W (answered with D)."""
        for k in range(1, self.n):
            x = (user + k) % self.n
            if not self.alive[x] or self.negated(user, x) or self.discard(x, answer):
                continue
            self.damage(x, user)
            if self.role[x] == MP and not self.known(user):
                self.suspected[user] = True

    # Turns (sections 4.4 and 4.5).

    def play_phase(self, a):
        used_kill = False
        while self.alive[a]:
            hand = self.hand[a]
            usable = ["N", "W", "Z"]
            if self.hp[a] < 4:
                usable.append("P")
            nxt = self.next_alive(a)
            if (not used_kill or self.crossbow[a]) and self.enemy(a, nxt):
                usable.append("K")
            target = self.duel_target(a) if "F" in hand else None
            if target is not None:
                usable.append("F")
            at = len(hand)
            for card in usable:
                try:
                    at = hand.index(card, 0, at)
                except ValueError:
                    pass
            if at == len(hand):
                return
            card = hand.pop(at)
            if card == "P":
                self.hp[a] += 1
            elif card == "Z":
                self.crossbow[a] = True
            elif card == "K":
                self.reveal(a)
                used_kill = True
                if not self.discard(nxt, "D"):
                    self.damage(nxt, a)
            elif card == "F":
                self.duel(a, target)
            elif card == "N":
                self.area(a, "K")
            else:
                self.area(a, "D")

    def play(self):
        a = 0
        try:
            while True:
                self.draw(a, 2)
                self.play_phase(a)
                a = self.next_alive(a)
        except Over:
            pass


def main():
    tokens = sys.stdin.read().split()
    n, m = int(tokens[0]), int(tokens[1])
    roles, hands = [], []
    at = 2
    for _ in range(n):
        roles.append({"MP": MP, "ZP": ZP, "FP": FP}[tokens[at]])
        hands.append(list(tokens[at + 1:at + 5]))
        at += 5
    game = Game(roles, hands, tokens[at:at + m])
    game.play()
    out = [game.winner]
    for i in range(n):
        out.append(" ".join(game.hand[i]) if game.alive[i] else "DEAD")
    sys.stdout.write("".join(line + "\n" for line in out))


main()
