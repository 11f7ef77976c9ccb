# Doraemon's Stone Game (ZOJ 3452), wrong solver, Python 3: the piles' values are summed as they are, halves as floats, so a total near zero over counts near 10^18 is rounded.
import sys

# The value of each pile kind as a number (A is Left).
VALUE = {"w": 1, "ww": 2, "b": -1, "bb": -2, "bw": 0.5, "wb": -0.5}


def main():
    tokens = sys.stdin.read().split()
    at = 0
    out = []
    while at < len(tokens):
        n = int(tokens[at])
        at += 1
        total = 0
        for _ in range(n):
            total += VALUE[tokens[at]] * int(tokens[at + 1])
            at += 2
        first = "win" if total > 0 else "lose"
        second = "win" if total >= 0 else "lose"
        out.append(first + " " + second)
    sys.stdout.write("".join(line + "\n" for line in out))


main()
