// zoo: slip
// bug: the palace test of a move checks r < 0 instead of r < 1, so from row 1 the general may step up off the board to row 0
// rule: move-off-palace
// element: general
#include <bits/stdc++.h>
using namespace std;

struct Piece { char k; int r, c; bool alive; };

int N, BR, BC;
vector<Piece> red;
int kr, kc;   // where the black general is while a move is tried

bool occupied(int r, int c) {
    if (r == kr && c == kc) return true;
    for (auto& p : red) if (p.alive && p.r == r && p.c == c) return true;
    return false;
}

int piecesBetween(int r1, int c1, int r2, int c2) {
    int s = 0;
    if (r1 == r2) {
        for (int c = min(c1, c2) + 1; c < max(c1, c2); c++) s += occupied(r1, c);
    } else {
        for (int r = min(r1, r2) + 1; r < max(r1, r2); r++) s += occupied(r, c1);
    }
    return s;
}

bool canTake(const Piece& p, int r, int c) {
    if (p.k == 'H') {
        int dr = r - p.r, dc = c - p.c;
        if (abs(dr) * abs(dc) != 2) return false;
        if (abs(dr) == 2) return !occupied(p.r + dr / 2, p.c);
        return !occupied(p.r, p.c + dc / 2);
    }
    if (p.r != r && p.c != c) return false;
    if (p.k == 'G' && p.c != c) return false;
    int m = piecesBetween(p.r, p.c, r, c);
    return p.k == 'C' ? m == 1 : m == 0;
}

int main() {
    ios::sync_with_stdio(false);
    while (cin >> N >> BR >> BC && (N || BR || BC)) {
        red.assign(N, Piece{});
        int gi = 0;
        for (int i = 0; i < N; i++) {
            cin >> red[i].k >> red[i].r >> red[i].c;
            red[i].alive = true;
            if (red[i].k == 'G') gi = i;
        }
        kr = BR, kc = BC;
        if (red[gi].c == BC && piecesBetween(BR, BC, red[gi].r, BC) == 0) {
            cout << "NO\n";
            continue;
        }
        bool escape = false;
        const int D[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        for (int d = 0; d < 4 && !escape; d++) {
            int r = BR + D[d][0], c = BC + D[d][1];
            if (r < 0 || r > 3 || c < 4 || c > 6) continue;
            kr = r, kc = c;
            for (auto& p : red) p.alive = !(p.r == r && p.c == c);
            bool hit = false;
            for (auto& p : red)
                if (p.alive && canTake(p, r, c)) { hit = true; break; }
            if (!hit) escape = true;
        }
        cout << (escape ? "NO" : "YES") << '\n';
    }
}
