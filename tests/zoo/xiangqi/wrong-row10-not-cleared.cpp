// zoo: wrong
// bug: the board is cleared with memset over 10 rows of a 1-based [11][10] array, so row 10 keeps the red pieces of earlier cases
// named: last-row-not-cleared
#include <cstdio>
#include <cstring>

char bd[11][10];   // rows 1..10, cols 1..9

int gap(int r1, int c1, int r2, int c2) {
    int n = 0;
    if (r1 == r2) {
        if (c1 > c2) { int t = c1; c1 = c2; c2 = t; }
        for (int c = c1 + 1; c < c2; c++) n += bd[r1][c] != 0;
    } else {
        if (r1 > r2) { int t = r1; r1 = r2; r2 = t; }
        for (int r = r1 + 1; r < r2; r++) n += bd[r][c1] != 0;
    }
    return n;
}

bool threatened(int r, int c) {
    for (int i = 1; i <= 10; i++)
        for (int j = 1; j <= 9; j++) {
            char p = bd[i][j];
            if (!p || p == 'K' || (i == r && j == c)) continue;
            if ((p == 'R' || p == 'G') && j == c && gap(i, j, r, c) == 0) return true;
            if (p == 'R' && i == r && gap(i, j, r, c) == 0) return true;
            if (p == 'C' && (i == r || j == c) && gap(i, j, r, c) == 1) return true;
            if (p == 'H') {
                int dr = r - i, dc = c - j;
                if ((dr == 2 || dr == -2) && (dc == 1 || dc == -1) && !bd[i + dr / 2][j]) return true;
                if ((dc == 2 || dc == -2) && (dr == 1 || dr == -1) && !bd[i][j + dc / 2]) return true;
            }
        }
    return false;
}

int main() {
    int n, kr, kc;
    while (scanf("%d%d%d", &n, &kr, &kc) == 3 && n) {
        memset(bd, 0, sizeof(bd[0]) * 10);
        int gr = 0, gc = 0;
        while (n--) {
            char t[3]; int r, c;
            scanf("%s%d%d", t, &r, &c);
            bd[r][c] = t[0];
            if (t[0] == 'G') { gr = r; gc = c; }
        }
        bd[kr][kc] = 'K';
        if (gc == kc && gap(kr, kc, gr, gc) == 0) { puts("NO"); continue; }
        int dr[] = {0, 0, 1, -1}, dc[] = {1, -1, 0, 0};
        bool safe = false;
        for (int d = 0; d < 4 && !safe; d++) {
            int r = kr + dr[d], c = kc + dc[d];
            if (r < 1 || r > 3 || c < 4 || c > 6) continue;
            char old = bd[r][c];
            bd[kr][kc] = 0; bd[r][c] = 'K';
            safe = !threatened(r, c);
            bd[r][c] = old; bd[kr][kc] = 'K';
        }
        puts(safe ? "NO" : "YES");
    }
}
