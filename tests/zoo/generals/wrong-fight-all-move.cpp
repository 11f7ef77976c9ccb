// zoo: wrong
// bug: in a fight the attackers are all c soldiers of the source (c - 1 only when joining or moving to an empty cell), while the source still keeps 1
// named: one-soldier-too-many@fight
#include <cstdio>
#include <cstring>

static long long cell[402 * 402];
static char side[402 * 402]; // 'A', 'B' or 0

int main() {
    int T;
    scanf("%d", &T);
    while (T--) {
        int N, M;
        scanf("%d%d", &N, &M);
        memset(cell, 0, sizeof(long long) * (N + 2) * (M + 2));
        memset(side, 0, (N + 2) * (M + 2));
        int W = M + 2;
        int pos[2];
        for (int k = 0; k < 2; k++) {
            int x, y;
            long long c;
            scanf("%d%d%lld", &x, &y, &c);
            pos[k] = x * W + y;
            cell[pos[k]] = c;
            side[pos[k]] = k ? 'B' : 'A';
        }
        int Q;
        scanf("%d", &Q);
        int winner = -1;
        for (int i = 0; i < 2 * Q; i++) {
            int x, y;
            char d[2];
            scanf("%d%d%1s", &x, &y, d);
            if (winner >= 0) continue;
            int k = i & 1;
            char me = k ? 'B' : 'A';
            cell[pos[k]] += 1;
            int s = x * W + y;
            int t = s;
            if (*d == 'U') t -= W; else if (*d == 'D') t += W;
            else if (*d == 'L') t -= 1; else t += 1;
            long long c = cell[s];
            cell[s] = 1;
            if (side[t] == 0) { side[t] = me; cell[t] = c - 1; }
            else if (side[t] == me) cell[t] += c - 1;
            else {
                if (c == cell[t]) { side[t] = 0; cell[t] = 0; }
                else if (c < cell[t]) cell[t] -= c;
                else { side[t] = me; cell[t] = c - cell[t]; }
            }
            if (side[pos[1 - k]] != (k ? 'A' : 'B')) winner = k;
        }
        long long sa = 0, sb = 0;
        for (int x = 1; x <= N; x++)
            for (int y = 1; y <= M; y++) {
                int id = x * W + y;
                if (side[id] == 'A') sa += cell[id];
                if (side[id] == 'B') sb += cell[id];
            }
        puts(winner == 0 ? "Alice wins!!!" : winner == 1 ? "Bob wins!!" : "draw!");
        printf("%lld %lld\n", sa, sb);
    }
    return 0;
}
