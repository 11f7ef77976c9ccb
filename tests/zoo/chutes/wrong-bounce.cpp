// zoo: wrong
// bug: a throw past 100 bounces back from 100 (square 200 - t, then jumps/specials apply) instead of being lost
// named: overshoot-bounces
#include <cstdio>
#include <cstring>

int dice[1000], nd;
int to[101];
int kind[101]; // 1 lose a turn, 2 extra throw

int main() {
    int x;
    while (scanf("%d", &x) == 1 && x != 0) dice[nd++] = x;
    int P;
    while (scanf("%d", &P) == 1 && P != 0) {
        for (int i = 0; i <= 100; i++) to[i] = i;
        memset(kind, 0, sizeof kind);
        int a, b;
        while (scanf("%d%d", &a, &b) == 2 && !(a == 0 && b == 0)) to[a] = b;
        int v;
        while (scanf("%d", &v) == 1 && v != 0) kind[v < 0 ? -v : v] = v < 0 ? 1 : 2;
        int sq[5] = {0, 0, 0, 0, 0};
        bool lose[5] = {false, false, false, false, false};
        int at = 0, p = 0, winner = 0;
        while (!winner && at < nd) {
            if (lose[p]) { lose[p] = false; p = (p + 1) % P; continue; }
            for (;;) {
                if (at >= nd) break;
                int t = sq[p] + dice[at++];
                if (t == 100) { winner = p + 1; break; }
                if (t > 100) t = 200 - t; // bounce back
                sq[p] = to[t];
                if (kind[t] == 1) lose[p] = true;
                if (kind[t] != 2) break;
            }
            p = (p + 1) % P;
        }
        printf("%d\n", winner ? winner : 1);
    }
    return 0;
}
