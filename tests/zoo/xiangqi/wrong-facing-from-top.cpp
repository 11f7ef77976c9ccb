// zoo: wrong
// bug: the facing-generals scan runs from row 1 down to the red general, so a piece above the black general stops the generals facing
// named: facing-counts-whole-column@above-black
#include <cstdio>
#include <cstring>

int occ[11][10];
char kind[11][10];

static int between(int r1, int c1, int r2, int c2) {
    int s = 0;
    if (c1 == c2) { if (r1 > r2) { int t = r1; r1 = r2; r2 = t; } for (int r = r1 + 1; r < r2; r++) s += occ[r][c1]; }
    else { if (c1 > c2) { int t = c1; c1 = c2; c2 = t; } for (int c = c1 + 1; c < c2; c++) s += occ[r1][c]; }
    return s;
}

static bool attack(int r, int c) {
    for (int i = 1; i <= 10; i++) for (int j = 1; j <= 9; j++) {
        if (!occ[i][j] || kind[i][j] == 'k' || (i == r && j == c)) continue;
        char k = kind[i][j];
        bool line = (i == r) || (j == c);
        if (k == 'G' && j == c && !between(i, j, r, c)) return true;
        if (k == 'R' && line && !between(i, j, r, c)) return true;
        if (k == 'C' && line && between(i, j, r, c) == 1) return true;
        if (k == 'H') {
            int a = r - i, b = c - j;
            if ((a == 2 || a == -2) && (b == 1 || b == -1) && !occ[i + a / 2][j]) return true;
            if ((b == 2 || b == -2) && (a == 1 || a == -1) && !occ[i][j + b / 2]) return true;
        }
    }
    return false;
}

int main() {
    int n, kr, kc;
    while (scanf("%d %d %d", &n, &kr, &kc) == 3) {
        if (n == 0 && kr == 0 && kc == 0) break;
        memset(occ, 0, sizeof occ); memset(kind, 0, sizeof kind);
        int gr = 0, gc = 0;
        for (int i = 0; i < n; i++) {
            char t; int r, c;
            scanf(" %c %d %d", &t, &r, &c);
            occ[r][c] = 1; kind[r][c] = t;
            if (t == 'G') gr = r, gc = c;
        }
        occ[kr][kc] = 1; kind[kr][kc] = 'k';
        if (gc == kc) {
            int cnt = 0;
            for (int r = 1; r < gr; r++) if (r != kr && occ[r][kc]) cnt++;
            if (cnt == 0) { puts("NO"); continue; }
        }
        int mv[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
        int safe = 0;
        for (int d = 0; d < 4; d++) {
            int r = kr + mv[d][0], c = kc + mv[d][1];
            if (r < 1 || r > 3 || c < 4 || c > 6) continue;
            int so = occ[r][c]; char sk = kind[r][c];
            occ[kr][kc] = 0; kind[kr][kc] = 0;
            occ[r][c] = 1; kind[r][c] = 'k';
            if (!attack(r, c)) safe++;
            occ[r][c] = so; kind[r][c] = sk;
            occ[kr][kc] = 1; kind[kr][kc] = 'k';
        }
        puts(safe ? "NO" : "YES");
    }
    return 0;
}
