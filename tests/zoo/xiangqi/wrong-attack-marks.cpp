// zoo: wrong
// bug: attacked points are painted as '*' into the same board that holds the pieces, so a later red piece's line scan, screen count and horse-leg test see earlier marks as pieces
// named: attack-marks-block-lines
#include <cstdio>
#include <cstring>

int N, BR, BC;
char T[8]; int PR[8], PC[8];
char b[12][11];
bool hitT;

bool on(int r, int c) { return r >= 1 && r <= 10 && c >= 1 && c <= 9; }

void mark(int r, int c) {
    if (b[r][c] == 'B') hitT = true;
    else if (b[r][c] == 0) b[r][c] = '*';
}

void paintLine(int r, int c, int dr, int dc, int screens) {
    int seen = 0;
    for (int x = r + dr, y = c + dc; on(x, y); x += dr, y += dc) {
        char v = b[x][y];
        if (seen == screens) mark(x, y);
        if (v && ++seen > screens) break;
    }
}

int main() {
    while (scanf("%d %d %d", &N, &BR, &BC) == 3 && (N || BR || BC)) {
        int gr = 0, gc = 0;
        for (int i = 0; i < N; i++) {
            scanf(" %c %d %d", &T[i], &PR[i], &PC[i]);
            if (T[i] == 'G') gr = PR[i], gc = PC[i];
        }
        memset(b, 0, sizeof b);
        for (int i = 0; i < N; i++) b[PR[i]][PC[i]] = T[i];
        b[BR][BC] = 'B';
        bool face = gc == BC;
        for (int r = BR + 1; face && r < gr; r++) if (b[r][BC]) face = false;
        if (face) { puts("NO"); continue; }

        const int mr[4] = {-1, 1, 0, 0}, mc[4] = {0, 0, -1, 1};
        bool mate = true;
        for (int d = 0; d < 4 && mate; d++) {
            int tr = BR + mr[d], tc = BC + mc[d];
            if (tr < 1 || tr > 3 || tc < 4 || tc > 6) continue;
            memset(b, 0, sizeof b);
            for (int i = 0; i < N; i++)
                if (!(PR[i] == tr && PC[i] == tc)) b[PR[i]][PC[i]] = T[i];
            b[tr][tc] = 'B';
            hitT = false;
            for (int i = 0; i < N && !hitT; i++) {
                if (PR[i] == tr && PC[i] == tc) continue;
                int r = PR[i], c = PC[i];
                if (T[i] == 'R') for (int k = 0; k < 4; k++) paintLine(r, c, mr[k], mc[k], 0);
                if (T[i] == 'C') for (int k = 0; k < 4; k++) paintLine(r, c, mr[k], mc[k], 1);
                if (T[i] == 'G') paintLine(r, c, -1, 0, 0);
                if (T[i] == 'H') {
                    for (int k = 0; k < 4; k++) {
                        int lr = r + mr[k], lc = c + mc[k];
                        if (!on(lr, lc) || b[lr][lc]) continue;
                        // two steps along (mr,mc), one step sideways
                        int fr = r + 2 * mr[k], fc = c + 2 * mc[k];
                        int sr = mc[k], sc = mr[k];
                        if (on(fr + sr, fc + sc)) mark(fr + sr, fc + sc);
                        if (on(fr - sr, fc - sc)) mark(fr - sr, fc - sc);
                    }
                }
            }
            if (!hitT) mate = false;
        }
        puts(mate ? "YES" : "NO");
    }
    return 0;
}
