// zoo: wrong
// bug: horse leg table entry for the jump two rows down and one column right uses (+1,+1), the point beside the target, instead of (+1,0)
// named: horse-leg-beside-target@down-right-jump
#include <bits/stdc++.h>
using namespace std;

static char g[12][11];
static const int DR[4] = {-1, 1, 0, 0};
static const int DC[4] = {0, 0, -1, 1};
// horse jumps (from horse to target) with the leg offset for each
static const int HJ[8][2] = {{-2,-1},{-2,1},{2,-1},{2,1},{-1,-2},{1,-2},{-1,2},{1,2}};
static const int HL[8][2] = {{-1,0},{-1,0},{1,0},{1,1},{0,-1},{0,-1},{0,1},{0,1}};

static bool on(int r, int c) { return r >= 1 && r <= 10 && c >= 1 && c <= 9; }

static bool hit(int r, int c) {
    for (int d = 0; d < 4; d++) {
        int k = 0;
        for (int x = r + DR[d], y = c + DC[d]; on(x, y); x += DR[d], y += DC[d]) {
            if (!g[x][y]) continue;
            if (k == 0 && (g[x][y] == 'R' || (g[x][y] == 'G' && DC[d] == 0))) return true;
            if (k == 1) { if (g[x][y] == 'C') return true; break; }
            k++;
        }
    }
    for (int j = 0; j < 8; j++) {
        int hr = r - HJ[j][0], hc = c - HJ[j][1];
        if (on(hr, hc) && g[hr][hc] == 'H' && !g[hr + HL[j][0]][hc + HL[j][1]]) return true;
    }
    return false;
}

int main() {
    int n, br, bc;
    while (scanf("%d%d%d", &n, &br, &bc) == 3 && n) {
        memset(g, 0, sizeof g);
        int gr = 0, gc = 0;
        for (int i = 0; i < n; i++) {
            char t; int r, c;
            scanf(" %c%d%d", &t, &r, &c);
            g[r][c] = t;
            if (t == 'G') gr = r, gc = c;
        }
        g[br][bc] = 'B';
        if (gc == bc) {
            bool open = true;
            for (int x = br + 1; x < gr; x++) if (g[x][bc]) open = false;
            if (open) { puts("NO"); continue; }
        }
        bool mate = true;
        for (int d = 0; d < 4 && mate; d++) {
            int x = br + DR[d], y = bc + DC[d];
            if (x < 1 || x > 3 || y < 4 || y > 6) continue;
            char was = g[x][y];
            g[br][bc] = 0; g[x][y] = 'B';
            if (!hit(x, y)) mate = false;
            g[x][y] = was; g[br][bc] = 'B';
        }
        puts(mate ? "YES" : "NO");
    }
}
