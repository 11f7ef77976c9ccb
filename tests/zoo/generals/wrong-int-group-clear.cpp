// zoo: wrong
// bug: the moving group a = c - 1 is kept in an int, so a stack of more than 2^31 soldiers that moves wraps (cells and scores are 64-bit)
// bug: the board is cleared between cases with for(i<=N) for(j<=N) (N twice), so cells in columns beyond N keep the last case's soldiers
// named: counts-in-32-bits@moving-group + board-not-cleared@columns-beyond-n
#include <bits/stdc++.h>
using namespace std;

const int MX = 402;
long long cnt[MX][MX];
int own[MX][MX]; // 0 empty, 1 Alice, 2 Bob

int main() {
    int T;
    scanf("%d", &T);
    while (T--) {
        int N, M;
        scanf("%d %d", &N, &M);
        for (int i = 0; i <= N; i++)
            for (int j = 0; j <= N; j++) { cnt[i][j] = 0; own[i][j] = 0; }
        int px[3], py[3];
        long long c0;
        for (int p = 1; p <= 2; p++) {
            scanf("%d %d %lld", &px[p], &py[p], &c0);
            own[px[p]][py[p]] = p;
            cnt[px[p]][py[p]] = c0;
        }
        int Q;
        scanf("%d", &Q);
        int win = 0;
        for (int r = 0; r < Q; r++) {
            for (int p = 1; p <= 2; p++) {
                int x, y;
                char d;
                scanf("%d %d %c", &x, &y, &d);
                if (win) continue;
                cnt[px[p]][py[p]]++;
                int tx = x + (d == 'D') - (d == 'U');
                int ty = y + (d == 'R') - (d == 'L');
                int a = cnt[x][y] - 1;
                cnt[x][y] = 1;
                if (own[tx][ty] == 0) { own[tx][ty] = p; cnt[tx][ty] = a; }
                else if (own[tx][ty] == p) cnt[tx][ty] += a;
                else if (cnt[tx][ty] == a) { own[tx][ty] = 0; cnt[tx][ty] = 0; }
                else if (cnt[tx][ty] > a) cnt[tx][ty] -= a;
                else { own[tx][ty] = p; cnt[tx][ty] = a - cnt[tx][ty]; }
                int o = 3 - p;
                if (own[px[o]][py[o]] != o) win = p;
            }
        }
        long long s[3] = {0, 0, 0};
        for (int i = 1; i <= N; i++)
            for (int j = 1; j <= M; j++) s[own[i][j]] += cnt[i][j];
        puts(win == 1 ? "Alice wins!!!" : win == 2 ? "Bob wins!!" : "draw!");
        printf("%lld %lld\n", s[1], s[2]);
    }
    return 0;
}
