# Xiangqi (UVa 1589), wrong solver, Python 3: a horse to the right of the point it attacks jumps over a piece on its leg.
import sys

PALACE_MOVES = ((-1, 0), (1, 0), (0, -1), (0, 1))
HORSE_JUMPS = ((-2, -1), (-2, 1), (2, -1), (2, 1), (-1, -2), (1, -2), (-1, 2), (1, 2))


def between(occupied, r1, c1, r2, c2):
    """Pieces strictly between two points of one row or column."""
    if r1 == r2:
        lo, hi = min(c1, c2), max(c1, c2)
        return sum(1 for c in range(lo + 1, hi) if (r1, c) in occupied)
    lo, hi = min(r1, r2), max(r1, r2)
    return sum(1 for r in range(lo + 1, hi) if (r, c1) in occupied)


def attacks(kind, pr, pc, r, c, occupied):
    if (pr, pc) == (r, c):
        return False
    if kind == "H":
        dr, dc = r - pr, c - pc
        if (abs(dr), abs(dc)) not in ((2, 1), (1, 2)):
            return False
        if dc < 0:
            return True
        if abs(dr) == 2:
            leg = (pr + dr // 2, pc)
        else:
            leg = (pr, pc + dc // 2)
        return leg not in occupied
    if pr != r and pc != c:
        return False
    if kind == "G":
        return pc == c and between(occupied, pr, pc, r, c) == 0
    if kind == "R":
        return between(occupied, pr, pc, r, c) == 0
    if kind == "C":
        return between(occupied, pr, pc, r, c) == 1
    return False


def checkmate(br, bc, red):
    occupied = {(r, c) for _, r, c in red}
    occupied.add((br, bc))
    for kind, r, c in red:
        if kind == "G" and c == bc and between(occupied, r, c, br, bc) == 0:
            return False
    for dr, dc in PALACE_MOVES:
        r, c = br + dr, bc + dc
        if not (1 <= r <= 3 and 4 <= c <= 6):
            continue
        left = [p for p in red if (p[1], p[2]) != (r, c)]
        occ = {(pr, pc) for _, pr, pc in left}
        occ.add((r, c))
        if not any(attacks(k, pr, pc, r, c, occ) for k, pr, pc in left):
            return False
    return True


def main():
    tokens = sys.stdin.read().split()
    at = 0
    out = []
    while at + 2 < len(tokens):
        n, br, bc = int(tokens[at]), int(tokens[at + 1]), int(tokens[at + 2])
        at += 3
        if n == 0:
            break
        red = []
        for _ in range(n):
            red.append((tokens[at], int(tokens[at + 1]), int(tokens[at + 2])))
            at += 3
        out.append("YES" if checkmate(br, bc, red) else "NO")
    sys.stdout.write("".join(line + "\n" for line in out))


main()
