# Doraemon's Stone Game (ZOJ 3452): who wins moving first and second. Right solver, Python 3.
import sys

# Twice the value of each pile kind as a number (A is Left).
TWICE = {"w": 2, "ww": 4, "b": -2, "bb": -4, "bw": 1, "wb": -1}


def main():
    tokens = sys.stdin.read().split()
    at = 0
    out = []
    while at < len(tokens):
        n = int(tokens[at])
        at += 1
        total = 0
        for _ in range(n):
            total += TWICE[tokens[at]] * int(tokens[at + 1])
            at += 2
        first = "win" if total > 0 else "lose"
        second = "win" if total >= 0 else "lose"
        out.append(first + " " + second)
    sys.stdout.write("".join(line + "\n" for line in out))


main()
