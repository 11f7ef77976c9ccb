// zoo: slip
// bug: when a move is safe I break out before putting the general back, so the cleanup at the end of the case misses the point it stepped to and a phantom piece stays there in the next cases
// rule: safe-move
// element: general
#include <bits/stdc++.h>
using namespace std;

char bd[12][11];
int n, br, bc;
char T[8];
int R[8], C[8];

int lineCount(int r1, int c1, int r2, int c2) {
    int k = 0;
    if (r1 == r2) {
        for (int c = min(c1, c2) + 1; c < max(c1, c2); c++) k += bd[r1][c] != 0;
    } else {
        for (int r = min(r1, r2) + 1; r < max(r1, r2); r++) k += bd[r][c1] != 0;
    }
    return k;
}

bool danger(int r, int c) {
    for (int i = 1; i <= 10; i++)
        for (int j = 1; j <= 9; j++) {
            char t = bd[i][j];
            if (t == 0 || t == 'B' || (i == r && j == c)) continue;
            if (t == 'H') {
                int a = abs(i - r), b = abs(j - c);
                if (a == 2 && b == 1 && !bd[(i + r) / 2][j]) return true;
                if (a == 1 && b == 2 && !bd[i][(j + c) / 2]) return true;
            } else if (i == r || j == c) {
                if (t == 'G' && j != c) continue;
                int k = lineCount(i, j, r, c);
                if (t == 'C' ? k == 1 : k == 0) return true;
            }
        }
    return false;
}

int main() {
    while (scanf("%d %d %d", &n, &br, &bc) == 3 && n) {
        int gr = 0, gc = 0;
        for (int i = 0; i < n; i++) {
            scanf(" %c %d %d", &T[i], &R[i], &C[i]);
            bd[R[i]][C[i]] = T[i];
            if (T[i] == 'G') gr = R[i], gc = C[i];
        }
        bd[br][bc] = 'B';
        bool facing = gc == bc && lineCount(br, bc, gr, gc) == 0;
        bool mate = !facing;
        int dx[] = {-1, 1, 0, 0}, dy[] = {0, 0, -1, 1};
        for (int d = 0; d < 4 && mate; d++) {
            int r = br + dx[d], c = bc + dy[d];
            if (r < 1 || r > 3 || c < 4 || c > 6) continue;
            char was = bd[r][c];
            bd[br][bc] = 0;
            bd[r][c] = 'B';
            if (!danger(r, c)) { mate = false; break; }
            bd[r][c] = was;
            bd[br][bc] = 'B';
        }
        puts(mate ? "YES" : "NO");
        // clean up for the next position
        for (int i = 0; i < n; i++) bd[R[i]][C[i]] = 0;
        bd[br][bc] = 0;
    }
    return 0;
}
