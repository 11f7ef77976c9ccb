// Wrong on purpose (benches/solvers.rs): a horse to the right of the point it
// attacks jumps over a piece on its leg. tests/solutions/xiangqi.cpp
// otherwise.
#include <cstdio>
#include <cstdlib>

struct Piece {
    char type;
    int r, c;
    bool alive;
};

static Piece red[8];
static int n, br, bc;

static bool occupied(int r, int c) {
    if (r == br && c == bc) return true;
    for (int i = 0; i < n; i++)
        if (red[i].alive && red[i].r == r && red[i].c == c) return true;
    return false;
}

// Pieces strictly between two points of one row or column.
static int between(int r1, int c1, int r2, int c2) {
    int count = 0;
    if (r1 == r2) {
        for (int c = (c1 < c2 ? c1 : c2) + 1; c < (c1 > c2 ? c1 : c2); c++) count += occupied(r1, c);
    } else {
        for (int r = (r1 < r2 ? r1 : r2) + 1; r < (r1 > r2 ? r1 : r2); r++) count += occupied(r, c1);
    }
    return count;
}

static bool attacks(const Piece &p, int r, int c) {
    if (p.r == r && p.c == c) return false;
    bool line = p.r == r || p.c == c;
    switch (p.type) {
    case 'G':
        return p.c == c && between(p.r, p.c, r, c) == 0;
    case 'R':
        return line && between(p.r, p.c, r, c) == 0;
    case 'C':
        return line && between(p.r, p.c, r, c) == 1;
    case 'H': {
        int dr = r - p.r, dc = c - p.c;
        if (!((abs(dr) == 2 && abs(dc) == 1) || (abs(dr) == 1 && abs(dc) == 2))) return false;
        if (dc < 0) return true;
        int lr = abs(dr) == 2 ? p.r + dr / 2 : p.r;
        int lc = abs(dc) == 2 ? p.c + dc / 2 : p.c;
        return !occupied(lr, lc);
    }
    }
    return false;
}

static bool checkmate() {
    for (int i = 0; i < n; i++)
        if (red[i].type == 'G' && red[i].c == bc && between(red[i].r, red[i].c, br, bc) == 0) return false;
    const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
    int r0 = br, c0 = bc;
    for (int k = 0; k < 4; k++) {
        int r = r0 + dr[k], c = c0 + dc[k];
        if (r < 1 || r > 3 || c < 4 || c > 6) continue;
        int taken = -1;
        for (int i = 0; i < n; i++)
            if (red[i].r == r && red[i].c == c) taken = i;
        if (taken >= 0) red[taken].alive = false;
        br = r, bc = c;
        bool safe = true;
        for (int i = 0; i < n && safe; i++)
            if (red[i].alive && attacks(red[i], r, c)) safe = false;
        br = r0, bc = c0;
        if (taken >= 0) red[taken].alive = true;
        if (safe) return false;
    }
    return true;
}

int main() {
    while (scanf("%d %d %d", &n, &br, &bc) == 3 && n > 0) {
        for (int i = 0; i < n; i++) {
            scanf(" %c %d %d", &red[i].type, &red[i].r, &red[i].c);
            red[i].alive = true;
        }
        puts(checkmate() ? "YES" : "NO");
    }
    return 0;
}
