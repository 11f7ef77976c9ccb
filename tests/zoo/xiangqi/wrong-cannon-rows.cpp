// zoo: wrong
// bug: along a row the cannon test accepts 0 or 1 pieces between (cnt <= 1), so on rows a cannon also attacks like a chariot; columns are right
// named: cannon-without-screen@rows
#include <bits/stdc++.h>
using namespace std;

int n, br, bc;
vector<array<int, 3>> pcs;   // kind letter, row, col
int cap;                     // index of the captured piece or -1
int kr, kc;                  // black general now

bool busy(int r, int c) {
    if (r == kr && c == kc) return true;
    for (int i = 0; i < (int)pcs.size(); i++)
        if (i != cap && pcs[i][1] == r && pcs[i][2] == c) return true;
    return false;
}
int rowBetween(int r, int c1, int c2) {
    if (c1 > c2) swap(c1, c2);
    int k = 0;
    for (int c = c1 + 1; c < c2; c++) k += busy(r, c);
    return k;
}
int colBetween(int c, int r1, int r2) {
    if (r1 > r2) swap(r1, r2);
    int k = 0;
    for (int r = r1 + 1; r < r2; r++) k += busy(r, c);
    return k;
}

bool attacked(int r, int c) {
    for (int i = 0; i < (int)pcs.size(); i++) {
        if (i == cap) continue;
        int t = pcs[i][0], pr = pcs[i][1], pc = pcs[i][2];
        switch (t) {
        case 'G':
            if (pc == c && colBetween(c, pr, r) == 0) return true;
            break;
        case 'R':
            if (pr == r && rowBetween(r, pc, c) == 0) return true;
            if (pc == c && colBetween(c, pr, r) == 0) return true;
            break;
        case 'C':
            if (pr == r && rowBetween(r, pc, c) <= 1) return true;
            if (pc == c && colBetween(c, pr, r) == 1) return true;
            break;
        case 'H': {
            int dr = r - pr, dc = c - pc;
            if (abs(dr) == 2 && abs(dc) == 1 && !busy(pr + dr / 2, pc)) return true;
            if (abs(dr) == 1 && abs(dc) == 2 && !busy(pr, pc + dc / 2)) return true;
            break;
        }
        }
    }
    return false;
}

int main() {
    while (cin >> n >> br >> bc && n) {
        pcs.clear();
        int gr = 0, gc = 0;
        for (int i = 0; i < n; i++) {
            char t; int r, c; cin >> t >> r >> c;
            pcs.push_back({t, r, c});
            if (t == 'G') gr = r, gc = c;
        }
        cap = -1; kr = br; kc = bc;
        if (gc == bc && colBetween(bc, br, gr) == 0) { puts("NO"); continue; }
        bool mate = true;
        int d[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        for (auto& m : d) {
            int r = br + m[0], c = bc + m[1];
            if (r < 1 || r > 3 || c < 4 || c > 6) continue;
            kr = r; kc = c; cap = -1;
            for (int i = 0; i < n; i++) if (pcs[i][1] == r && pcs[i][2] == c) cap = i;
            if (!attacked(r, c)) { mate = false; break; }
        }
        puts(mate ? "YES" : "NO");
    }
}
