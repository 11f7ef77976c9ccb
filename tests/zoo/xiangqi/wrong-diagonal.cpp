// zoo: wrong
// bug: the general's moves are taken from an 8-neighbour table, so diagonal steps inside the palace are tried too
// named: diagonal-moves
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, br, bc;
    while (scanf("%d %d %d", &n, &br, &bc) == 3 && (n | br | bc)) {
        vector<char> t(n); vector<int> r(n), c(n);
        int g = 0;
        for (int i = 0; i < n; i++) {
            scanf(" %c %d %d", &t[i], &r[i], &c[i]);
            if (t[i] == 'G') g = i;
        }
        // occupancy as a set of points
        auto solve = [&](int kr, int kc, int gone) {
            set<pair<int,int>> occ;
            for (int i = 0; i < n; i++) if (i != gone) occ.insert({r[i], c[i]});
            occ.insert({kr, kc});
            auto between = [&](int r1, int c1, int r2, int c2) {
                int dr = (r2 > r1) - (r2 < r1), dc = (c2 > c1) - (c2 < c1), k = 0;
                for (int x = r1 + dr, y = c1 + dc; x != r2 || y != c2; x += dr, y += dc) k += occ.count({x, y});
                return k;
            };
            for (int i = 0; i < n; i++) {
                if (i == gone) continue;
                bool line = (r[i] == kr) || (c[i] == kc);
                if (t[i] == 'G' && c[i] == kc && between(r[i], c[i], kr, kc) == 0) return true;
                if (t[i] == 'R' && line && between(r[i], c[i], kr, kc) == 0) return true;
                if (t[i] == 'C' && line && between(r[i], c[i], kr, kc) == 1) return true;
                if (t[i] == 'H') {
                    int dr = kr - r[i], dc = kc - c[i];
                    if (abs(dr) == 2 && abs(dc) == 1 && !occ.count({r[i] + dr / 2, c[i]})) return true;
                    if (abs(dr) == 1 && abs(dc) == 2 && !occ.count({r[i], c[i] + dc / 2})) return true;
                }
            }
            return false;
        };
        bool facing = c[g] == bc;
        for (int i = 0; i < n && facing; i++)
            if (c[i] == bc && r[i] > br && r[i] < r[g]) facing = false;
        if (facing) { puts("NO"); continue; }
        bool mate = true;
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++) {
                if (!dr && !dc) continue;
                int kr = br + dr, kc = bc + dc;
                if (kr < 1 || kr > 3 || kc < 4 || kc > 6) continue;
                int gone = -1;
                for (int i = 0; i < n; i++) if (r[i] == kr && c[i] == kc) gone = i;
                if (!solve(kr, kc, gone)) mate = false;
            }
        puts(mate ? "YES" : "NO");
    }
}
