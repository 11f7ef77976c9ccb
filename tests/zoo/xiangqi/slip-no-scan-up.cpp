// zoo: slip
// bug: I scan only down, left and right from a point, thinking red attacks come from below, so a chariot or cannon above the point in its column is missed
// rule: chariot-attacks, cannon-attacks
// element: chariot, cannon
#include <bits/stdc++.h>
using namespace std;

int cell[11][10];   // 0 empty, 1 black, 'G' 'R' 'H' 'C'

bool onBoard(int r, int c) { return 1 <= r && r <= 10 && 1 <= c && c <= 9; }

bool underAttack(int r, int c) {
    // straight lines: down, left, right
    static const int dirs[3][2] = {{1, 0}, {0, -1}, {0, 1}};
    for (auto& d : dirs) {
        int screens = 0;
        for (int x = r + d[0], y = c + d[1]; onBoard(x, y); x += d[0], y += d[1]) {
            int v = cell[x][y];
            if (!v) continue;
            if (screens == 0 && (v == 'R' || (v == 'G' && d[1] == 0))) return true;
            if (screens == 1 && v == 'C') return true;
            if (++screens == 2) break;
        }
    }
    // horses
    for (int a = -2; a <= 2; a++)
        for (int b = -2; b <= 2; b++) {
            if (abs(a * b) != 2) continue;
            int hr = r + a, hc = c + b;
            if (!onBoard(hr, hc) || cell[hr][hc] != 'H') continue;
            // leg: one step from the horse along its long side
            int lr = hr, lc = hc;
            if (abs(a) == 2) lr -= a / 2; else lc -= b / 2;
            if (!cell[lr][lc]) return true;
        }
    return false;
}

int main() {
    int n, br, bc;
    for (;;) {
        if (scanf("%d%d%d", &n, &br, &bc) != 3 || (n == 0 && br == 0 && bc == 0)) break;
        memset(cell, 0, sizeof cell);
        int gr = 0, gc = 0;
        while (n--) {
            char k;
            int r, c;
            scanf(" %c%d%d", &k, &r, &c);
            cell[r][c] = k;
            if (k == 'G') gr = r, gc = c;
        }
        cell[br][bc] = 1;
        bool faces = (gc == bc);
        for (int x = br + 1; faces && x < gr; x++)
            if (cell[x][bc]) faces = false;
        if (faces) { puts("NO"); continue; }
        bool out = false;
        cell[br][bc] = 0;
        const int mr[4] = {-1, 0, 1, 0}, mc[4] = {0, 1, 0, -1};
        for (int d = 0; d < 4 && !out; d++) {
            int r = br + mr[d], c = bc + mc[d];
            if (r < 1 || r > 3 || c < 4 || c > 6) continue;
            int save = cell[r][c];
            cell[r][c] = 1;
            out = !underAttack(r, c);
            cell[r][c] = save;
        }
        puts(out ? "NO" : "YES");
    }
    return 0;
}
