// zoo: slip
// bug: the horse's leg is taken as the midpoint ((pr + r) / 2, (pc + c) / 2), which rounds the wrong way when the short side of the jump goes up or left
// bug: the index of the eaten piece is set only when a move captures and never reset, so after a capture the piece stops attacking the later moves
// rule: horse-leg-blocked
// element: horse
#include <bits/stdc++.h>
using namespace std;

struct Red { char kind; int r, c; };

static char at[12][11];

static bool threat(const vector<Red>& reds, int skip, int r, int c) {
    for (int i = 0; i < (int)reds.size(); i++) {
        if (i == skip) continue;
        const Red& p = reds[i];
        if (p.kind == 'H') {
            int a = abs(p.r - r), b = abs(p.c - c);
            if (a * b == 2 && !at[(p.r + r) / 2][(p.c + c) / 2]) return true;
            continue;
        }
        if (p.r != r && p.c != c) continue;
        if (p.kind == 'G' && p.c != c) continue;
        int between = 0;
        if (p.r == r) {
            for (int y = min(p.c, c) + 1; y < max(p.c, c); y++) between += at[r][y] != 0;
        } else {
            for (int x = min(p.r, r) + 1; x < max(p.r, r); x++) between += at[x][c] != 0;
        }
        if (p.kind == 'C') {
            if (between == 1) return true;
        } else if (between == 0) {
            return true;
        }
    }
    return false;
}

int main() {
    int n, br, bc;
    while (cin >> n >> br >> bc) {
        if (n == 0 && br == 0 && bc == 0) break;
        vector<Red> reds(n);
        memset(at, 0, sizeof at);
        int g = 0;
        for (int i = 0; i < n; i++) {
            cin >> reds[i].kind >> reds[i].r >> reds[i].c;
            at[reds[i].r][reds[i].c] = reds[i].kind;
            if (reds[i].kind == 'G') g = i;
        }
        at[br][bc] = 'B';
        bool face = reds[g].c == bc;
        for (int x = br + 1; face && x < reds[g].r; x++) face = !at[x][bc];
        if (face) { cout << "NO" << endl; continue; }
        bool mate = true;
        int step[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        int eaten = -1;
        for (auto& s : step) {
            int r = br + s[0], c = bc + s[1];
            if (r < 1 || r > 3 || c < 4 || c > 6) continue;
            for (int i = 0; i < n; i++)
                if (reds[i].r == r && reds[i].c == c) eaten = i;
            char old = at[r][c];
            at[br][bc] = 0;
            at[r][c] = 'B';
            bool t = threat(reds, eaten, r, c);
            at[r][c] = old;
            at[br][bc] = 'B';
            if (!t) { mate = false; break; }
        }
        cout << (mate ? "YES" : "NO") << endl;
    }
}
