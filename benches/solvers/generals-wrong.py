# Generals Chess (将军棋), wrong solver, Python 3: a tie leaves the cell to owner 0, Alice, so Alice's castle emptied by a tie is not lost.
import sys

STEP = {b"U": (-1, 0), b"D": (1, 0), b"L": (0, -1), b"R": (0, 1)}
VERDICT = {0: "Alice wins!!!", 1: "Bob wins!!", None: "draw!"}


def main():
    tokens = sys.stdin.buffer.read().split()
    cases = int(tokens[0])
    at = 1
    out = []
    for _ in range(cases):
        rows, cols = int(tokens[at]), int(tokens[at + 1])
        at += 2
        # Cells are (x - 1) * cols + (y - 1); a step is a row of cols or one column.
        delta = {d: dx * cols + dy for d, (dx, dy) in STEP.items()}
        count = [0] * (rows * cols)
        owner = [-1] * (rows * cols)
        castle = [0, 0]
        score = [0, 0]
        for p in (0, 1):
            x, y, c = int(tokens[at]), int(tokens[at + 1]), int(tokens[at + 2])
            at += 3
            castle[p] = (x - 1) * cols + (y - 1)
            count[castle[p]] = c
            owner[castle[p]] = p
            score[p] = c
        rounds = int(tokens[at])
        at += 1
        winner = None
        for i in range(2 * rounds):
            if winner is not None:
                at = at + 3 * (2 * rounds - i)
                break
            x, y, d = int(tokens[at]), int(tokens[at + 1]), tokens[at + 2]
            at += 3
            me = i & 1
            them = 1 - me
            count[castle[me]] += 1
            score[me] += 1
            src = (x - 1) * cols + (y - 1)
            a = count[src] - 1
            count[src] = 1
            dst = src + delta[d]
            who = owner[dst]
            if who < 0:
                owner[dst] = me
                count[dst] = a
            elif who == me:
                count[dst] += a
            else:
                e = count[dst]
                lost = a if a < e else e
                score[me] -= lost
                score[them] -= lost
                if a == e:
                    owner[dst] = 0
                    count[dst] = 0
                elif a < e:
                    count[dst] = e - a
                else:
                    owner[dst] = me
                    count[dst] = a - e
            if owner[castle[them]] != them:
                winner = me
        out.append(VERDICT[winner])
        out.append("%d %d" % (score[0], score[1]))
    sys.stdout.write("".join(line + "\n" for line in out))


main()
