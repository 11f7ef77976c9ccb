# Chutes and Ladders (POJ 1059): the winner of every game. Right solver, Python 3.
import sys


def play(players, throws, jump, lose, extra):
    square = [0] * players
    owes = [False] * players
    p = 0
    at = 0
    while True:
        if owes[p]:
            owes[p] = False
            p = (p + 1) % players
            continue
        while True:
            t = square[p] + throws[at]
            at += 1
            if t > 100:
                break
            if t == 100:
                return p + 1
            square[p] = jump.get(t, t)
            if t in lose:
                owes[p] = True
                break
            if t not in extra:
                break
        p = (p + 1) % players


def main():
    tokens = sys.stdin.buffer.read().split()
    at = 0
    throws = []
    while int(tokens[at]) != 0:
        throws.append(int(tokens[at]))
        at += 1
    at += 1
    out = []
    while at < len(tokens):
        players = int(tokens[at])
        at += 1
        if players == 0:
            break
        jump = {}
        while True:
            s, e = int(tokens[at]), int(tokens[at + 1])
            at += 2
            if s == 0 and e == 0:
                break
            jump[s] = e
        lose, extra = set(), set()
        while True:
            v = int(tokens[at])
            at += 1
            if v == 0:
                break
            if v < 0:
                lose.add(-v)
            else:
                extra.add(v)
        out.append(str(play(players, throws, jump, lose, extra)))
    sys.stdout.write("".join(line + "\n" for line in out))


main()
