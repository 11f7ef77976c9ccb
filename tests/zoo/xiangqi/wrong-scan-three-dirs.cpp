// zoo: wrong
// bug: the outward line scan from the target loops d < 3 over {up, right, down, left}, so chariots and cannons to the left of the target on its row are never seen
// named: row-attacks-missed@left
#include <bits/stdc++.h>
using namespace std;

enum { E, K, G, R, H, C };
int a[11][10];
const int dx[4] = {-1, 0, 1, 0}, dy[4] = {0, 1, 0, -1};
const int jx[8] = {-2, -2, 2, 2, -1, 1, -1, 1}, jy[8] = {-1, 1, -1, 1, -2, -2, 2, 2};

bool ok(int x, int y) { return x >= 1 && x <= 10 && y >= 1 && y <= 9; }

bool danger(int x, int y) {
    for (int d = 0; d < 3; d++) {
        int met = 0;
        for (int u = x + dx[d], v = y + dy[d]; ok(u, v); u += dx[d], v += dy[d]) {
            if (a[u][v] == E) continue;
            if (met == 0 && (a[u][v] == R || (a[u][v] == G && dy[d] == 0))) return true;
            if (met == 1) { if (a[u][v] == C) return true; break; }
            met++;
        }
    }
    for (int j = 0; j < 8; j++) {
        int hx = x - jx[j], hy = y - jy[j];
        if (!ok(hx, hy) || a[hx][hy] != H) continue;
        int lx = hx + (abs(jx[j]) == 2 ? jx[j] / 2 : 0);
        int ly = hy + (abs(jy[j]) == 2 ? jy[j] / 2 : 0);
        if (a[lx][ly] == E) return true;
    }
    return false;
}

int main() {
    int n, x, y;
    while (cin >> n >> x >> y && (n || x || y)) {
        memset(a, 0, sizeof a);
        int gx = 0, gy = 0;
        for (int i = 0; i < n; i++) {
            char t; int u, v; cin >> t >> u >> v;
            a[u][v] = t == 'G' ? G : t == 'R' ? R : t == 'H' ? H : C;
            if (t == 'G') gx = u, gy = v;
        }
        a[x][y] = K;
        bool face = (gy == y);
        for (int u = x + 1; face && u < gx; u++) if (a[u][y] != E) face = false;
        if (face) { cout << "NO\n"; continue; }
        bool mate = true;
        for (int d = 0; d < 4 && mate; d++) {
            int u = x + dx[d], v = y + dy[d];
            if (u < 1 || u > 3 || v < 4 || v > 6) continue;
            int old = a[u][v];
            a[x][y] = E; a[u][v] = K;
            if (!danger(u, v)) mate = false;
            a[u][v] = old; a[x][y] = K;
        }
        cout << (mate ? "YES" : "NO") << "\n";
    }
}
