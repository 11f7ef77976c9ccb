// zoo: right
#include <cstdio>
#include <cstring>

// board[r][c]: 0 empty, 'B' black general, otherwise red letter
char board[12][11];

bool inBoard(int r, int c) { return r >= 1 && r <= 10 && c >= 1 && c <= 9; }

int between(int r1, int c1, int r2, int c2) {
    int cnt = 0;
    if (r1 == r2) {
        int a = c1 < c2 ? c1 : c2, b = c1 < c2 ? c2 : c1;
        for (int c = a + 1; c < b; c++) if (board[r1][c]) cnt++;
    } else {
        int a = r1 < r2 ? r1 : r2, b = r1 < r2 ? r2 : r1;
        for (int r = a + 1; r < b; r++) if (board[r][c1]) cnt++;
    }
    return cnt;
}

bool attacks(int pr, int pc, int qr, int qc) {
    char t = board[pr][pc];
    if (t == 'G') {
        return pc == qc && between(pr, pc, qr, qc) == 0;
    }
    if (t == 'R') {
        if (pr != qr && pc != qc) return false;
        return between(pr, pc, qr, qc) == 0;
    }
    if (t == 'C') {
        if (pr != qr && pc != qc) return false;
        return between(pr, pc, qr, qc) == 1;
    }
    if (t == 'H') {
        int dr = qr - pr, dc = qc - pc;
        int adr = dr < 0 ? -dr : dr, adc = dc < 0 ? -dc : dc;
        if (adr == 2 && adc == 1) return board[pr + dr / 2][pc] == 0;
        if (adr == 1 && adc == 2) return board[pr][pc + dc / 2] == 0;
        return false;
    }
    return false;
}

bool attacked(int qr, int qc) {
    for (int r = 1; r <= 10; r++)
        for (int c = 1; c <= 9; c++)
            if (board[r][c] && board[r][c] != 'B' && !(r == qr && c == qc))
                if (attacks(r, c, qr, qc)) return true;
    return false;
}

int main() {
    int n, br, bc;
    while (scanf("%d %d %d", &n, &br, &bc) == 3) {
        if (n == 0 && br == 0 && bc == 0) break;
        memset(board, 0, sizeof board);
        int gr = 0, gc = 0;
        for (int i = 0; i < n; i++) {
            char t[4]; int r, c;
            scanf("%s %d %d", t, &r, &c);
            board[r][c] = t[0];
            if (t[0] == 'G') { gr = r; gc = c; }
        }
        board[br][bc] = 'B';
        if (gc == bc && between(br, bc, gr, gc) == 0) { puts("NO"); continue; }
        static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        bool mate = true;
        for (int d = 0; d < 4 && mate; d++) {
            int nr = br + dr[d], nc = bc + dc[d];
            if (nr < 1 || nr > 3 || nc < 4 || nc > 6) continue;
            char saved = board[nr][nc];
            board[br][bc] = 0;
            board[nr][nc] = 'B';
            if (!attacked(nr, nc)) mate = false;
            board[nr][nc] = saved;
            board[br][bc] = 'B';
        }
        puts(mate ? "YES" : "NO");
    }
    return 0;
}
