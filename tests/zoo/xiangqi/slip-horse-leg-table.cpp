// zoo: slip
// bug: in my table of horse legs one entry has the wrong sign, so for the jump one row up and two columns right the leg is looked for on the horse's other side
// rule: horse-leg-blocked
// element: horse
#include <bits/stdc++.h>
using namespace std;

int board[11][10];   // 0 empty, 'B' black general, else the red letter
int n, br, bc;

// jumps from the horse to the target, and the leg relative to the horse
const int JR[8] = {-2, -2, 2, 2, -1, 1, -1, 1};
const int JC[8] = {-1, 1, -1, 1, -2, -2, 2, 2};
const int LR[8] = {-1, -1, 1, 1, 0, 0, 0, 0};
const int LC[8] = {0, 0, 0, 0, -1, -1, -1, 1};

bool ok(int r, int c) { return r >= 1 && r <= 10 && c >= 1 && c <= 9; }

int countBetween(int r1, int c1, int r2, int c2) {
    int dr = (r2 > r1) - (r2 < r1), dc = (c2 > c1) - (c2 < c1);
    int k = 0;
    for (int r = r1 + dr, c = c1 + dc; r != r2 || c != c2; r += dr, c += dc)
        if (board[r][c]) k++;
    return k;
}

bool threatened(int r, int c) {
    for (int pr = 1; pr <= 10; pr++)
        for (int pc = 1; pc <= 9; pc++) {
            int t = board[pr][pc];
            if (!t || t == 'B') continue;
            if (t == 'H') {
                for (int k = 0; k < 8; k++)
                    if (pr + JR[k] == r && pc + JC[k] == c) {
                        int lr = pr + LR[k], lc = pc + LC[k];
                        if (ok(lr, lc) && board[lr][lc]) continue;
                        return true;
                    }
                continue;
            }
            if (pr != r && pc != c) continue;
            if (t == 'G' && pc != c) continue;
            int k = countBetween(pr, pc, r, c);
            if ((t == 'R' || t == 'G') && k == 0) return true;
            if (t == 'C' && k == 1) return true;
        }
    return false;
}

int main() {
    while (cin >> n >> br >> bc) {
        if (!n && !br && !bc) break;
        memset(board, 0, sizeof(board));
        int gr = 0, gc = 0;
        for (int i = 0; i < n; i++) {
            char t;
            int r, c;
            cin >> t >> r >> c;
            board[r][c] = t;
            if (t == 'G') { gr = r; gc = c; }
        }
        board[br][bc] = 'B';
        if (gc == bc && countBetween(br, bc, gr, gc) == 0) {
            cout << "NO\n";
            continue;
        }
        int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
        bool mate = true;
        for (int d = 0; d < 4; d++) {
            int r = br + dr[d], c = bc + dc[d];
            if (r < 1 || r > 3 || c < 4 || c > 6) continue;
            int keep = board[r][c];
            board[br][bc] = 0;
            board[r][c] = 'B';
            bool bad = threatened(r, c);
            board[r][c] = keep;
            board[br][bc] = 'B';
            if (!bad) { mate = false; break; }
        }
        cout << (mate ? "YES" : "NO") << "\n";
    }
}
