// zoo: slip
// bug: the column occupancy masks are unsigned char with bit r-1 for row r, so rows 9 and 10 are lost and a piece there never stands between on a column
// rule: general-view-blocked
// element: general
#include <bits/stdc++.h>
using namespace std;

unsigned short rowm[11];     // bit c-1 set: (r, c) occupied
unsigned char colm[10];      // bit r-1 set: (r, c) occupied
bool busy[12][11];

void put(int r, int c) { rowm[r] |= 1 << (c - 1); colm[c] |= 1 << (r - 1); busy[r][c] = true; }
void take(int r, int c) { rowm[r] &= ~(1 << (c - 1)); colm[c] &= ~(1 << (r - 1)); busy[r][c] = false; }
bool at(int r, int c) { return busy[r][c]; }

int cntRow(int r, int a, int b) {
    if (a > b) swap(a, b);
    unsigned m = rowm[r] & ((1u << (b - 1)) - (1u << a));
    return __builtin_popcount(m);
}
int cntCol(int c, int a, int b) {
    if (a > b) swap(a, b);
    unsigned m = colm[c] & ((1u << (b - 1)) - (1u << a));
    return __builtin_popcount(m);
}

struct P { char t; int r, c; };

bool attacks(const P& p, int r, int c) {
    switch (p.t) {
    case 'G':
        return p.c == c && cntCol(c, p.r, r) == 0;
    case 'R':
        if (p.r == r) return cntRow(r, p.c, c) == 0;
        if (p.c == c) return cntCol(c, p.r, r) == 0;
        return false;
    case 'C':
        if (p.r == r) return cntRow(r, p.c, c) == 1;
        if (p.c == c) return cntCol(c, p.r, r) == 1;
        return false;
    case 'H': {
        int dr = r - p.r, dc = c - p.c;
        if (abs(dr) == 2 && abs(dc) == 1) return !at(p.r + dr / 2, p.c);
        if (abs(dr) == 1 && abs(dc) == 2) return !at(p.r, p.c + dc / 2);
        return false;
    }
    }
    return false;
}

int main() {
    int n, br, bc;
    while (cin >> n >> br >> bc && n) {
        memset(rowm, 0, sizeof rowm);
        memset(colm, 0, sizeof colm);
        memset(busy, 0, sizeof busy);
        vector<P> ps(n);
        P gen{};
        for (auto& p : ps) {
            cin >> p.t >> p.r >> p.c;
            put(p.r, p.c);
            if (p.t == 'G') gen = p;
        }
        put(br, bc);
        if (gen.c == bc) {
            bool open = true;
            for (int r = br + 1; r < gen.r; r++) if (busy[r][bc]) open = false;
            if (open) { cout << "NO\n"; continue; }
        }
        bool mate = true;
        int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        for (int d = 0; d < 4 && mate; d++) {
            int r = br + dr[d], c = bc + dc[d];
            if (r < 1 || r > 3 || c < 4 || c > 6) continue;
            take(br, bc);
            bool captured = at(r, c);
            put(r, c);
            bool safe = true;
            for (auto& p : ps) {
                if (p.r == r && p.c == c) continue;   // eaten
                if (attacks(p, r, c)) { safe = false; break; }
            }
            if (safe) mate = false;
            if (!captured) take(r, c);
            put(br, bc);
        }
        cout << (mate ? "YES" : "NO") << "\n";
    }
}
