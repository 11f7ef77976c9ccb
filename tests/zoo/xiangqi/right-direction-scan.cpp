// zoo: right
#include <bits/stdc++.h>
using namespace std;

// Looks outward from the target point: what could hit it?
static int grid[11][10];     // 0 empty, 1 black general, 2.. red kinds
enum { EMPTY = 0, BLACK = 1, RG = 2, RR = 3, RH = 4, RC = 5 };
static const int DR[4] = {-1, 0, 1, 0};
static const int DC[4] = {0, 1, 0, -1};
// horse: jump offsets and corresponding leg (relative to horse)
static const int HJ[8][2] = {{-2,-1},{-2,1},{2,-1},{2,1},{-1,-2},{1,-2},{-1,2},{1,2}};
static const int HL[8][2] = {{-1,0},{-1,0},{1,0},{1,0},{0,-1},{0,-1},{0,1},{0,1}};

static bool on(int r, int c) { return r >= 1 && r <= 10 && c >= 1 && c <= 9; }

static bool isAttacked(int r, int c) {
    for (int d = 0; d < 4; d++) {
        int seen = 0;
        int x = r + DR[d], y = c + DC[d];
        while (on(x, y)) {
            int v = grid[x][y];
            if (v != EMPTY) {
                if (seen == 0) {
                    if (v == RR) return true;
                    if (v == RG && DC[d] == 0) return true;
                } else if (seen == 1) {
                    if (v == RC) return true;
                    break;
                }
                seen++;
            }
            x += DR[d]; y += DC[d];
        }
    }
    for (int j = 0; j < 8; j++) {
        int hr = r - HJ[j][0], hc = c - HJ[j][1];
        if (!on(hr, hc) || grid[hr][hc] != RH) continue;
        if (grid[hr + HL[j][0]][hc + HL[j][1]] == EMPTY) return true;
    }
    return false;
}

int main() {
    int n, br, bc;
    while (cin >> n >> br >> bc && (n || br || bc)) {
        memset(grid, 0, sizeof grid);
        int gr = -1, gc = -1;
        for (int i = 0; i < n; i++) {
            string t; int r, c;
            cin >> t >> r >> c;
            int v = t == "G" ? RG : t == "R" ? RR : t == "H" ? RH : RC;
            grid[r][c] = v;
            if (v == RG) gr = r, gc = c;
        }
        grid[br][bc] = BLACK;
        bool facing = false;
        if (gc == bc) {
            facing = true;
            for (int x = br + 1; x < gr; x++) if (grid[x][bc]) facing = false;
        }
        if (facing) { cout << "NO\n"; continue; }
        bool mate = true;
        for (int d = 0; d < 4; d++) {
            int x = br + DR[d], y = bc + DC[d];
            if (x < 1 || x > 3 || y < 4 || y > 6) continue;
            int keep = grid[x][y];
            grid[br][bc] = EMPTY;
            grid[x][y] = BLACK;
            bool hit = isAttacked(x, y);
            grid[x][y] = keep;
            grid[br][bc] = BLACK;
            if (!hit) { mate = false; break; }
        }
        cout << (mate ? "YES" : "NO") << "\n";
    }
}
