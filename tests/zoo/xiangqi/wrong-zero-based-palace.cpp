// zoo: wrong
// bug: board is 0-based (r-1, c-1) but the move's palace test is written with the 1-based bounds 1..3 and 4..6
// bug: the scan for pieces between the generals stops one row before the red general (r < gr - 1)
// named: palace-bounds-shifted-one + facing-scan-stops-short
#include <iostream>
#include <string>
#include <cstring>
using namespace std;

struct Game {
    int cell[10][9];  // 0 empty, 1 black general, 2 G, 3 R, 4 H, 5 C
    int kr, kc, gr, gc;

    bool inside(int r, int c) const { return r >= 0 && r < 10 && c >= 0 && c < 9; }

    int piecesBetween(int r1, int c1, int r2, int c2) const {
        int dr = (r2 > r1) - (r2 < r1), dc = (c2 > c1) - (c2 < c1);
        int n = 0;
        for (int r = r1 + dr, c = c1 + dc; r != r2 || c != c2; r += dr, c += dc)
            if (cell[r][c]) n++;
        return n;
    }

    bool hits(int pr, int pc, int r, int c) const {
        int k = cell[pr][pc];
        if (k == 2) return pc == c && piecesBetween(pr, pc, r, c) == 0;
        if (k == 3 || k == 5) {
            if (pr != r && pc != c) return false;
            return piecesBetween(pr, pc, r, c) == (k == 5 ? 1 : 0);
        }
        if (k == 4) {
            int dr = r - pr, dc = c - pc;
            if (dr * dr == 4 && dc * dc == 1) return cell[pr + dr / 2][pc] == 0;
            if (dr * dr == 1 && dc * dc == 4) return cell[pr][pc + dc / 2] == 0;
        }
        return false;
    }

    bool attacked(int r, int c) const {
        for (int i = 0; i < 10; i++)
            for (int j = 0; j < 9; j++)
                if (cell[i][j] >= 2 && (i != r || j != c) && hits(i, j, r, c)) return true;
        return false;
    }

    bool facing() const {
        if (gc != kc) return false;
        for (int r = kr + 1; r < gr - 1; r++) if (cell[r][kc]) return false;
        return true;
    }

    bool mate() {
        if (facing()) return false;
        static const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (auto& m : d) {
            int r = kr + m[0], c = kc + m[1];
            if (r < 1 || r > 3 || c < 4 || c > 6) continue;
            int keep = cell[r][c];
            cell[kr][kc] = 0; cell[r][c] = 1;
            bool a = attacked(r, c);
            cell[r][c] = keep; cell[kr][kc] = 1;
            if (!a) return false;
        }
        return true;
    }
};

int main() {
    ios::sync_with_stdio(false);
    int n, r, c;
    Game g;
    while (cin >> n >> r >> c) {
        if (!n && !r && !c) break;
        memset(g.cell, 0, sizeof g.cell);
        g.kr = r - 1; g.kc = c - 1;
        for (int i = 0; i < n; i++) {
            string t; int pr, pc;
            cin >> t >> pr >> pc;
            pr--; pc--;
            int k = t[0] == 'G' ? 2 : t[0] == 'R' ? 3 : t[0] == 'H' ? 4 : 5;
            g.cell[pr][pc] = k;
            if (k == 2) { g.gr = pr; g.gc = pc; }
        }
        g.cell[g.kr][g.kc] = 1;
        cout << (g.mate() ? "YES" : "NO") << '\n';
    }
}
