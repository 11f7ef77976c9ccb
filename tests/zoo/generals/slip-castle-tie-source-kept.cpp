// zoo: slip
// bug: attacks on the enemy castle have their own branch, and in its tie case I forgot to leave one soldier on the source, so the winner keeps all its soldiers there
// rule: castle-emptied-by-a-tie
// element: castle
#include <cstdio>
#include <vector>
using namespace std;

int main() {
    int T;
    if (scanf("%d", &T) != 1) return 0;
    while (T--) {
        int n, m;
        scanf("%d %d", &n, &m);
        vector<vector<long long>> b(n + 2, vector<long long>(m + 2, 0));   // + Alice, - Bob
        int X[2], Y[2];
        long long c0, c1;
        scanf("%d %d %lld", &X[0], &Y[0], &c0);
        scanf("%d %d %lld", &X[1], &Y[1], &c1);
        b[X[0]][Y[0]] = c0;
        b[X[1]][Y[1]] = -c1;
        int q;
        scanf("%d", &q);
        int winner = -1;
        for (int i = 0; i < 2 * q; i++) {
            int x, y;
            char dir[4];
            scanf("%d %d %3s", &x, &y, dir);
            if (winner >= 0) continue;
            int p = i % 2;
            long long s = p == 0 ? 1 : -1;
            b[X[p]][Y[p]] += s;
            int tx = x, ty = y;
            switch (dir[0]) {
                case 'U': tx--; break;
                case 'D': tx++; break;
                case 'L': ty--; break;
                default: ty++;
            }
            long long a = b[x][y] * s - 1;
            if (tx == X[1 - p] && ty == Y[1 - p]) {
                // attacking the enemy castle
                long long e = -b[tx][ty] * s;
                if (a > e) {
                    b[x][y] = s;
                    b[tx][ty] = (a - e) * s;
                    winner = p;
                } else if (a == e) {
                    b[tx][ty] = 0;
                    winner = p;
                } else {
                    b[x][y] = s;
                    b[tx][ty] += a * s;
                }
                continue;
            }
            b[x][y] = s;
            b[tx][ty] += a * s;
        }
        long long sa = 0, sb = 0;
        for (int x = 1; x <= n; x++)
            for (int y = 1; y <= m; y++) {
                if (b[x][y] > 0) sa += b[x][y];
                if (b[x][y] < 0) sb -= b[x][y];
            }
        puts(winner == 0 ? "Alice wins!!!" : winner == 1 ? "Bob wins!!" : "draw!");
        printf("%lld %lld\n", sa, sb);
    }
    return 0;
}
