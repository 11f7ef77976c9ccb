// zoo: wrong
// bug: palace test for a move uses c <= 7 on the right side, so a general on column 6 may step right to column 7
// named: moves-leave-palace@right
#include <iostream>
#include <vector>
#include <cstdlib>
using namespace std;

struct P { char t; int r, c; };

int br, bc;
vector<P> red;

bool occ(int r, int c, int skip) {
    if (r == br && c == bc) return true;
    for (int i = 0; i < (int)red.size(); i++)
        if (i != skip && red[i].r == r && red[i].c == c) return true;
    return false;
}

int cnt(int r1, int c1, int r2, int c2, int skip) {
    int n = 0;
    if (r1 == r2) {
        for (int c = min(c1, c2) + 1; c < max(c1, c2); c++) n += occ(r1, c, skip);
    } else {
        for (int r = min(r1, r2) + 1; r < max(r1, r2); r++) n += occ(r, c1, skip);
    }
    return n;
}

bool attacked(int r, int c, int skip) {
    for (int i = 0; i < (int)red.size(); i++) {
        if (i == skip) continue;
        const P& p = red[i];
        bool same = (p.r == r || p.c == c);
        if (p.t == 'G' && p.c == c && cnt(p.r, p.c, r, c, skip) == 0) return true;
        if (p.t == 'R' && same && cnt(p.r, p.c, r, c, skip) == 0) return true;
        if (p.t == 'C' && same && cnt(p.r, p.c, r, c, skip) == 1) return true;
        if (p.t == 'H') {
            int dr = r - p.r, dc = c - p.c;
            if (abs(dr) == 2 && abs(dc) == 1 && !occ(p.r + dr / 2, p.c, skip)) return true;
            if (abs(dr) == 1 && abs(dc) == 2 && !occ(p.r, p.c + dc / 2, skip)) return true;
        }
    }
    return false;
}

int main() {
    int n;
    while (cin >> n >> br >> bc) {
        if (n == 0) break;
        red.assign(n, P());
        int gi = 0;
        for (int i = 0; i < n; i++) {
            cin >> red[i].t >> red[i].r >> red[i].c;
            if (red[i].t == 'G') gi = i;
        }
        if (red[gi].c == bc && cnt(br, bc, red[gi].r, bc, -1) == 0) { cout << "NO\n"; continue; }
        int ans = 1;
        int mr[4] = {-1, 1, 0, 0}, mc[4] = {0, 0, -1, 1};
        int obr = br, obc = bc;
        for (int d = 0; d < 4; d++) {
            int r = obr + mr[d], c = obc + mc[d];
            if (r < 1 || r > 3 || c < 4 || c > 7) continue;
            int skip = -1;
            for (int i = 0; i < n; i++) if (red[i].r == r && red[i].c == c) skip = i;
            br = r; bc = c;
            bool a = attacked(r, c, skip);
            br = obr; bc = obc;
            if (!a) { ans = 0; break; }
        }
        cout << (ans ? "YES" : "NO") << '\n';
    }
}
