// zoo: wrong
// bug: the escape flag is a global set to false once before the loop, never reset per case, so after the first NO every case answers NO
// bug: cases are read until end of input, so the terminator 0 0 0 is solved as a case too and gets an answer line
// named: escape-flag-not-reset + terminator-solved
#include <cstdio>
#include <cstring>

int B[11][10];          // 0 empty, 'k' black general, piece letter otherwise
bool escaped = false;

int line_count(int r1, int c1, int r2, int c2) {
    int k = 0;
    int dr = r2 > r1 ? 1 : r2 < r1 ? -1 : 0;
    int dc = c2 > c1 ? 1 : c2 < c1 ? -1 : 0;
    for (int r = r1 + dr, c = c1 + dc; r != r2 || c != c2; r += dr, c += dc) if (B[r][c]) k++;
    return k;
}

bool under_fire(int r, int c) {
    for (int i = 1; i <= 10; i++) for (int j = 1; j <= 9; j++) {
        int p = B[i][j];
        if (!p || p == 'k') continue;
        bool ln = (i == r) != (j == c);
        if (p == 'G' && j == c && i != r && !line_count(i, j, r, c)) return true;
        if (p == 'R' && ln && !line_count(i, j, r, c)) return true;
        if (p == 'C' && ln && line_count(i, j, r, c) == 1) return true;
        if (p == 'H') {
            int a = r - i, b = c - j;
            if (a * a == 4 && b * b == 1 && !B[i + a / 2][j]) return true;
            if (a * a == 1 && b * b == 4 && !B[i][j + b / 2]) return true;
        }
    }
    return false;
}

int main() {
    int n, kr, kc;
    while (scanf("%d %d %d", &n, &kr, &kc) == 3) {
        memset(B, 0, sizeof B);
        int gr = -1, gc = -1;
        for (int i = 0; i < n; i++) {
            char s[2]; int r, c;
            scanf("%1s %d %d", s, &r, &c);
            B[r][c] = s[0];
            if (s[0] == 'G') gr = r, gc = c;
        }
        if (kr >= 1) B[kr][kc] = 'k';
        if (gr > 0 && gc == kc && !line_count(kr, kc, gr, gc)) {
            escaped = true;
        } else {
            int d[4][2] = {{-1, 0}, {0, -1}, {1, 0}, {0, 1}};
            for (int m = 0; m < 4 && !escaped; m++) {
                int r = kr + d[m][0], c = kc + d[m][1];
                if (r < 1 || r > 3 || c < 4 || c > 6) continue;
                int save = B[r][c];
                B[kr][kc] = 0; B[r][c] = 'k';
                if (!under_fire(r, c)) escaped = true;
                B[r][c] = save; B[kr][kc] = 'k';
            }
        }
        puts(escaped ? "NO" : "YES");
    }
    return 0;
}
