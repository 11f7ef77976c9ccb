// zoo: slip
// bug: the scan to the left of a point stops at column 2 (y > 1 instead of y >= 1), so a chariot or cannon standing in column 1 is never seen
// rule: chariot-attacks, cannon-attacks
// element: chariot, cannon
#include <cstdio>
#include <cstring>

char b[11][10];

bool seesLine(int r, int c) {
    // up
    int cnt = 0;
    for (int x = r - 1; x >= 1; x--) {
        if (!b[x][c]) continue;
        if (cnt == 0 && b[x][c] == 'R') return true;
        if (cnt == 1) { if (b[x][c] == 'C') return true; break; }
        cnt++;
    }
    // down
    cnt = 0;
    for (int x = r + 1; x <= 10; x++) {
        if (!b[x][c]) continue;
        if (cnt == 0 && (b[x][c] == 'R' || b[x][c] == 'G')) return true;
        if (cnt == 1) { if (b[x][c] == 'C') return true; break; }
        cnt++;
    }
    // left
    cnt = 0;
    for (int y = c - 1; y > 1; y--) {
        if (!b[r][y]) continue;
        if (cnt == 0 && b[r][y] == 'R') return true;
        if (cnt == 1) { if (b[r][y] == 'C') return true; break; }
        cnt++;
    }
    // right
    cnt = 0;
    for (int y = c + 1; y <= 9; y++) {
        if (!b[r][y]) continue;
        if (cnt == 0 && b[r][y] == 'R') return true;
        if (cnt == 1) { if (b[r][y] == 'C') return true; break; }
        cnt++;
    }
    return false;
}

bool seesHorse(int r, int c) {
    static const int d[8][4] = {
        // horse offset from target, then leg offset from target
        {-2, -1, -1, -1}, {-2, 1, -1, 1}, {2, -1, 1, -1}, {2, 1, 1, 1},
        {-1, -2, -1, -1}, {1, -2, 1, -1}, {-1, 2, -1, 1}, {1, 2, 1, 1},
    };
    for (auto& e : d) {
        int hr = r + e[0], hc = c + e[1];
        if (hr < 1 || hr > 10 || hc < 1 || hc > 9) continue;
        if (b[hr][hc] == 'H' && !b[r + e[2]][c + e[3]]) return true;
    }
    return false;
}

int main() {
    int n, br, bc;
    while (scanf("%d%d%d", &n, &br, &bc) == 3) {
        if (n == 0) break;
        memset(b, 0, sizeof b);
        int gr = 0, gc = 0;
        for (int i = 0; i < n; i++) {
            char t;
            int r, c;
            scanf(" %c%d%d", &t, &r, &c);
            b[r][c] = t;
            if (t == 'G') gr = r, gc = c;
        }
        if (gc == bc) {
            int between = 0;
            for (int x = br + 1; x < gr; x++) between += b[x][bc] != 0;
            if (!between) { puts("NO"); continue; }
        }
        bool dead = true;
        const int mv[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
        for (auto& m : mv) {
            int r = br + m[0], c = bc + m[1];
            if (r < 1 || r > 3 || c < 4 || c > 6) continue;
            char was = b[r][c];
            b[r][c] = 'B';
            if (!seesLine(r, c) && !seesHorse(r, c)) dead = false;
            b[r][c] = was;
            if (!dead) break;
        }
        puts(dead ? "YES" : "NO");
    }
    return 0;
}
